"""Sliding puzzles: tiles and blocks on any grid board, solved optimally.

The family's record for the rest of pzl is `FAMILY` (a `pzl.family.Family`), built from its job modules:
the catalog, the option tables, the service's answers, the text for the CLI, the lab's comparison and replay,
and the shelf of pattern tables.
"""

from pzl.family import Family, Shelf
from pzl.sliding.catalog import CATALOG
from pzl.sliding.engines import tables
from pzl.sliding.lab import compare_plan, replay
from pzl.sliding.options import OPTIONS
from pzl.sliding.plan import tables_needed
from pzl.sliding.service import COMMANDS
from pzl.sliding.text import describe

__all__ = ["FAMILY"]

FAMILY = Family(
    name="sliding", words="sliding puzzles", kind="a sliding puzzle",
    catalog=tuple(CATALOG), entry_fields=("rows", "cols", "cells", "start", "goal"),
    options=OPTIONS, answers=COMMANDS, drawn=("board", "layout"),
    describe=describe, compare_plan=compare_plan, replay=replay,
    shelf=Shelf(status=tables.status, build=tables.build_files, needed=tables_needed),
)
