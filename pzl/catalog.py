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
from typing import Any

from pzl.errors import CatalogError, shown
from pzl.family import Family

#: The family packages, each of which builds its record as `FAMILY` (a `pzl.family.Family`), by family name.
FAMILY_MODULES = {"sliding": "pzl.sliding", "peg": "pzl.peg"}

Entry = dict[str, Any]


def family(name: str) -> Family:
    """The record of the family called `name` ("sliding", "peg"); a CatalogError naming the known ones otherwise."""
    try:
        module = FAMILY_MODULES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FAMILY_MODULES))
        raise CatalogError(f"unknown puzzle family {shown(name)} (known: {known})") from None
    return importlib.import_module(module).FAMILY


def families() -> list[Family]:
    """Every family's record, in catalog order."""
    return [family(name) for name in FAMILY_MODULES]


def entries() -> list[Entry]:
    """Every catalog entry, family by family, in catalog order."""
    return [entry for each in families() for entry in each.catalog]


def find(puzzle_id: str) -> Entry:
    """The entry with this id; a `CatalogError` listing the known ids otherwise."""
    for entry in entries():
        if entry["id"] == puzzle_id:
            return entry
    known = ", ".join(entry["id"] for entry in entries())
    raise CatalogError(f"unknown puzzle {shown(puzzle_id)}; known puzzles: {known}")
