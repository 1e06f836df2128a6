"""No module of the package imports itself back through others: every import goes one way.

import-linter (run by ``python3 dev.py test``, its contracts in pyproject.toml) keeps the layers, the games beside
them and the page away from the computer players; it has no contract for cycles between modules (its
``acyclic_siblings`` judges whole sibling packages), so this test reads the import graph itself.
"""

from collections import deque
from collections.abc import Mapping

import grimp
import pytest

PACKAGE = "etoile"


@pytest.fixture(scope="module")
def imports() -> dict[str, set[str]]:
    """Each module of the package, with the package's modules it imports (at the top, in a function, or for the
    type checker alone: a cycle is one whichever way it is written)."""
    graph = grimp.build_graph(PACKAGE, cache_dir=None)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def _path(imports: Mapping[str, set[str]], start: str, end: str) -> list[str] | None:
    """The shortest chain of imports from ``start`` to ``end`` (one import at least), or ``None``."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for imported in sorted(imports.get(module, ())):
            if imported not in came_from:
                came_from[imported] = module
                if imported == end:
                    chain = [end]
                    while chain[-1] != start or len(chain) == 1:
                        chain.append(came_from[chain[-1]])
                    return chain[::-1]
                queue.append(imported)
    return None


def cycles(imports: Mapping[str, set[str]]) -> list[list[str]]:
    """One shortest cycle for each group of modules that import each other, as the chain of modules around it."""
    found: list[list[str]] = []
    seen: set[str] = set()
    for module in sorted(imports):
        cycle = _path(imports, module, module) if module not in seen else None
        if cycle is not None:
            group = {m for m in imports if _path(imports, module, m) and _path(imports, m, module)}
            seen |= group
            found.append(cycle)
    return found


def test_no_module_imports_itself_back(imports: dict[str, set[str]]) -> None:
    assert [" -> ".join(cycle) for cycle in cycles(imports)] == []


def test_a_cycle_is_named_once_by_the_chain_around_it() -> None:
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [["a", "b", "a"], ["e", "e"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
