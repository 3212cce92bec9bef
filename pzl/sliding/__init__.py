"""Sliding puzzles: tiles and blocks on any grid board, solved optimally.

The family interface for `pzl.catalog`: `CATALOG`, `run(command, request)`, `describe(command, result)`.
"""

from pzl.sliding.catalog import CATALOG
from pzl.sliding.service import describe, run

__all__ = ["CATALOG", "describe", "run"]
