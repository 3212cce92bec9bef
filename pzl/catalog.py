"""The puzzle catalog: every puzzle pzl knows, as JSON-able data.

Each family package (`pzl.sliding`, `pzl.peg`) owns its entries; this module
joins them, finds an entry by id and exports the whole list for the page
(`build.py` writes it to `catalog.json`).

An entry always has `id`, `family`, `group` (how the page groups puzzles:
"sliding tiles", "sliding blocks", "peg solitaire"), `name` and `description`;
the rest is the family's own geometry (cells, pieces, holes, lattice) and
default task (start/goal, empty/finish).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pzl.errors import CatalogError, shown

#: Family packages. Each exposes `CATALOG: list[dict]`, `OPTIONS: dict[str, tuple[str, ...]]` (command →
#: the request keys it reads, `compare` included; `pzl.api` refuses any other), `COMMANDS: dict[str,
#: (request: dict) -> Iterator[Event]]` (the commands it answers besides `compare`), `describe(command,
#: result)`, `compare_plan` and `replay`.
FAMILY_MODULES = {"sliding": "pzl.sliding"}
FAMILY_MODULES["peg"] = "pzl.peg"

Entry = dict[str, Any]


def family(name: str) -> ModuleType:
    """The family package called `name` ("sliding", "peg")."""
    try:
        return importlib.import_module(FAMILY_MODULES[name])
    except KeyError:
        known = ", ".join(sorted(FAMILY_MODULES))
        raise CatalogError(f"unknown puzzle family {shown(name)} (known: {known})") from None


def entries() -> list[Entry]:
    """Every catalog entry, family by family, in catalog order."""
    return [entry for name in FAMILY_MODULES for entry in family(name).CATALOG]


def find(puzzle_id: str) -> Entry:
    """The entry with this id; a `CatalogError` listing the known ids otherwise."""
    for entry in entries():
        if entry["id"] == puzzle_id:
            return entry
    known = ", ".join(entry["id"] for entry in entries())
    raise CatalogError(f"unknown puzzle {shown(puzzle_id)}; known puzzles: {known}")
