"""Sliding puzzles: tiles and blocks on any grid board, solved optimally.

The family interface for `pzl.catalog`: `CATALOG`, `OPTIONS` (its request keys), `run(command, request)`,
`describe(command, result)`.
"""

from pzl.sliding.catalog import CATALOG
from pzl.sliding.service import OPTIONS, describe, run

__all__ = ["CATALOG", "OPTIONS", "describe", "run"]
