"""pzl's import graph: no cycles, and every import points down the layers (or stays within its layer).

The graph is read from the source with `ast`: module-level and function-level imports alike, plus the
family packages `pzl.catalog` imports by name (`importlib.import_module`).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from functools import cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pzl"

#: Bottom to top. A module belongs to the layer of the longest name it starts with; an import may
#: point to its own layer or a lower one, never up.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation: errors, events, wording, the family record",
     ("pzl", "pzl.errors", "pzl.events", "pzl.wording", "pzl.explain", "pzl.family")),
    ("shared by the families: generic searches, request reading", ("pzl.search", "pzl.request")),
    ("families", ("pzl.sliding", "pzl.peg")),
    ("dispatch: catalog, api, compare", ("pzl.catalog", "pzl.api", "pzl.compare")),
    ("command line", ("pzl.__main__",)),
)
#: Sibling families: neither imports the other.
FAMILIES = ("pzl.sliding", "pzl.peg")
#: Each family's search engines (`pzl.<family>.engines`) reach, of their family, only each other and this ground
#: (geometry; peg's lower bounds): never a job module (task, plan, service, outcome ...), so an engine is read,
#: tested and timed on plain values, without a request.
ENGINE_GROUND = {"pzl.sliding": ("pzl.sliding.board", "pzl.sliding.position"),
                 "pzl.peg": ("pzl.peg.board", "pzl.peg.lattice", "pzl.peg.bounds")}
#: Modules that ask a family's record (`pzl.family.Family`, found by `pzl.catalog.family`) and import no family.
FAMILY_BLIND = ("pzl.api", "pzl.__main__", "pzl.compare")


def module_names() -> dict[str, Path]:
    """Every pzl module's dotted name → its file (a package is named by its __init__.py)."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """`name` or the closest package above it that is a pzl module; None outside pzl."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imported_by(module: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The pzl modules `module` imports, anywhere in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    dynamic = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                dynamic = True
            continue
        for name in names:
            if name.split(".")[0] == "pzl":
                yield _known(name, modules) or name
    if dynamic:  # importlib.import_module("pzl.x") and tables of such names
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in modules:
                yield node.value


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """Module → the other pzl modules it imports."""
    modules = module_names()
    return {module: frozenset(set(imported_by(module, path, modules)) - {module})
            for module, path in modules.items()}


def layer_of(module: str) -> int:
    """The index in LAYERS of the layer `module` belongs to (-1 when none claims it)."""
    best, found = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or (prefix != "pzl" and module.startswith(prefix + "."))
            if matches and len(prefix) > best:
                best, found = len(prefix), index
    return found


def cycle(graph: dict[str, frozenset[str]]) -> list[str]:
    """One cycle of imports (its modules, the first again at the end), or [] when there is none."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as found:
        return found.args[1]
    return []


def test_the_graph_sees_module_and_function_level_imports() -> None:
    graph = import_graph()
    assert "pzl.errors" in graph["pzl.api"]                  # module level
    assert "pzl.sliding.engines.pattern_db" in graph["pzl.sliding.engines.tiles"]   # inside ida_star_tiles()
    assert {"pzl.sliding", "pzl.peg"} <= graph["pzl.catalog"]  # by name, through importlib


def test_every_module_belongs_to_a_layer() -> None:
    assert [module for module in import_graph() if layer_of(module) < 0] == []


def test_imports_point_down_the_layers() -> None:
    upward = [f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
              for module, targets in sorted(import_graph().items()) for target in sorted(targets)
              if layer_of(target) > layer_of(module)]
    assert upward == []


def test_families_do_not_import_each_other() -> None:
    def family(module: str) -> str | None:
        return next((name for name in FAMILIES if module == name or module.startswith(name + ".")), None)

    crossing = [f"{module} imports {target}" for module, targets in sorted(import_graph().items())
                for target in sorted(targets) if family(module) and family(target) not in (None, family(module))]
    assert crossing == []


def test_the_api_the_comparison_and_the_cli_import_no_family() -> None:
    """They ask the family's record (catalog.family(name)): no `pzl.sliding...` or `pzl.peg...` import, even lazily."""
    graph = import_graph()
    reaching = [f"{module} imports {target}" for module in FAMILY_BLIND for target in sorted(graph[module])
                if any(target == name or target.startswith(name + ".") for name in FAMILIES)]
    assert reaching == []


def test_engines_reach_no_job_module() -> None:
    graph = import_graph()
    leaking = []
    for family, ground in ENGINE_GROUND.items():
        engines = [module for module in graph if module.startswith(family + ".engines.")]
        assert engines, f"{family} has no engines to check"
        for engine in sorted(engines):
            reached, todo = set(), [engine]
            while todo:
                for target in graph[todo.pop()] - reached:
                    reached.add(target)
                    todo.append(target)
            leaking += [f"{engine} reaches {target}" for target in sorted(reached)
                        if target.startswith(family + ".") and not target.startswith(family + ".engines")
                        and target not in ground]
    assert leaking == []


def test_no_import_cycles() -> None:
    assert cycle(dict(import_graph())) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    found = cycle(graph)
    assert set(found) == {"a", "b", "c"} and found[0] == found[-1]
    assert cycle({"a": frozenset({"b"}), "b": frozenset()}) == []


def backslash_continuations(source: str) -> list[int]:
    """The lines of `source` that end in a backslash continuation (a backslash inside a string does not count)."""
    in_string = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            in_string.update(range(token.start[0], token.end[0]))   # lines a string goes on from
    return [number for number, line in enumerate(source.splitlines(), 1)
            if line.rstrip().endswith("\\") and number not in in_string]


def test_no_backslash_continuations() -> None:
    """Parentheses, not backslashes, carry a statement over lines (PEP 8): the tools that follow a request through
    the code (and readers) lose the calls after a backslash."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in module_names().values()
             for line in backslash_continuations(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_continuation_finder_tells_code_from_strings() -> None:
    assert backslash_continuations("x = 1 + \\\n    2\n") == [1]
    assert backslash_continuations('x = """a \\\nb"""\ny = (1 +\n     2)\n') == []
