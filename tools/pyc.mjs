// Replace each module of the app's package zip by its bytecode, compiled by the very interpreter the page runs
// (the vendored Pyodide, here in Node), so the browser imports the package without compiling it first.
//
//   node tools/pyc.mjs <pyodide folder> <package zip> <zip to write>
//
// `etoile/app.py` becomes `etoile/app.pyc`, beside it (a module without its source), its docstrings left out (they
// document the code for its readers and its doctests, and nothing reads them in the page). Tracebacks keep their
// files, lines and functions, without the lines' text.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, source, target] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + path.sep });
pyodide.FS.writeFile("/tmp/package.zip", fs.readFileSync(source));
pyodide.runPython(`
import ast, importlib.util, marshal, zipfile

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass(lineno=first.lineno, col_offset=first.col_offset)]
    return tree

with zipfile.ZipFile("/tmp/package.zip") as package, zipfile.ZipFile("/tmp/compiled.zip", "w") as compiled:
    for info in package.infolist():
        data = package.read(info)
        if not info.filename.endswith(".py"):
            compiled.writestr(info, data)
            continue
        code = compile(without_docstrings(ast.parse(data, info.filename)), info.filename, "exec", dont_inherit=True)
        header = importlib.util.MAGIC_NUMBER + (0).to_bytes(4, "little") + (0).to_bytes(8, "little")
        pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
        compiled.writestr(pyc, header + marshal.dumps(code), zipfile.ZIP_DEFLATED)
`);
fs.writeFileSync(target, pyodide.FS.readFile("/tmp/compiled.zip"));
