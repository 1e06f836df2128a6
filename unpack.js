// The app's Python package, put into the interpreter's file system while the interpreter starts, not after it.
//
// PyScript can unpack an archive named in pyscript.toml's [files], but only once the interpreter is up, and in
// Python: 122 files read and written one by one, 80-100 ms on the page's thread before main.py can run. Here the
// package (py/etoile.tar.gz, preloaded by index.html) is downloaded and inflated by the browser while Pyodide
// starts; PyScript awaits its onReady hooks before it runs main.py, and this one writes the files where [files]
// would have put them (the interpreter's working folder): under 10 ms. The build writes the package
// (tools/build.py: a gzipped ustar tar of regular files); the computer players' worker, whose start nobody waits
// for, has PyScript unpack the same file (worker.toml).
import { hooks } from "./vendor/pyscript/core.js";

const PACKAGE = "py/etoile.tar.gz";

async function download() {
  const response = await fetch(PACKAGE);
  if (!response.ok) throw new Error(PACKAGE + ": HTTP " + response.status);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a server that already took the gzip off
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Each regular file of the tar in `bytes`, as [path, contents].
function* files(bytes) {
  const text = new TextDecoder();
  const field = (at, length) => text.decode(bytes.subarray(at, at + length)).split("\0")[0];
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0; ) {
    if (field(at + 257, 5) !== "ustar") throw new Error(PACKAGE + " is not a tar of the build's");
    const name = field(at, 100), prefix = field(at + 345, 155), size = parseInt(field(at + 124, 12), 8);
    const start = at + 512;
    if (field(at + 156, 1) === "0") yield [prefix ? prefix + "/" + name : name, bytes.subarray(start, start + size)];
    at = start + Math.ceil(size / 512) * 512;
  }
}

const downloaded = download();
downloaded.catch(() => {}); // reported once, when the interpreter asks for the package

hooks.main.onReady.add(async (wrap) => {
  const FS = wrap.interpreter.FS;
  const root = FS.cwd() + "/";
  for (const [path, contents] of files(await downloaded)) {
    FS.mkdirTree(root + path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(root + path, contents);
  }
});
