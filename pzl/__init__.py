"""pzl: optimal solvers for sliding-tile puzzles and peg solitaire.

Use `pzl.api.run(request)` (events) or `pzl.api.answer(request)` (final
event); `python -m pzl --help` is the command line.
"""

from pzl.errors import PuzzleError

__version__ = "0.1.0"
__all__ = ["PuzzleError", "__version__"]
