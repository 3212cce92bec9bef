"""Peg solitaire: boards from geometry, tasks, impossibility proofs and the solve/analyse service.

The search engine lives in `pzl.peg.solve`, `pzl.peg.search_fast` (with `pzl.peg.beam`) and `pzl.peg.pagoda`.
"""

from pzl.peg.entries import CATALOG
from pzl.peg.lab import compare_plan, replay
from pzl.peg.service import OPTIONS, describe, run

__all__ = ["CATALOG", "OPTIONS", "compare_plan", "describe", "replay", "run"]
