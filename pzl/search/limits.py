"""How much a search may store: the memory budget, bytes per stored state, and the state cap they give.

`max_states` (see README) is a positive cap on stored positions, or 0 for "no cap of pzl's own";
either way the memory budget also caps a search: 2 GB in the page (Pyodide's heap tops out at
2-4 GB), the memory available to the machine on the command line. A search gets the smaller of
the two as one number of states (`StateCap.limit`); a stop at it says which one stopped the search and
what to try instead (`StateCap.stop`, `StateCap.capped`), and a search known to need more is refused
up front (`StateCap.check`).

Bytes per state are peaks of Python allocations per state counted, measured for each kernel by
`bench/state_bytes.py` in CPython (64-bit) and in Pyodide (32-bit WebAssembly), rounded up.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from pzl.errors import SearchLimitError

#: The page's budget: Pyodide's WebAssembly heap breaks between 2 and 4 GB.
PAGE_BUDGET = 2 * 10**9
#: When the available memory cannot be read (no /proc/meminfo, no sysconf).
FALLBACK_BUDGET = 2 * 10**9
#: Share of the budget stored states may take; the rest is the interpreter, tables and transient lists.
USABLE_SHARE = 0.8

#: Bytes per counted state, (CPython 64-bit, Pyodide): bench/state_bytes.py's tracemalloc peaks on the 8- and
#: 9-puzzle (the larger), plus 15 % in CPython (its peak RSS, measured with /usr/bin/time, runs that much above)
#: and 50 % in Pyodide (the wasm heap's allocator overhead is not traced). "sweep"/"longest-*" count every state
#: reached but hold three layers; the others hold all they count. A "-blocks" state (an int of anchor bit boards
#: since the block engine: CPython re-measured on the 2×5 board with two blanks, 74/82/27/82 bytes; Pyodide keeps
#: the larger figures of the tuple states before it, and "longest-blocks" the 8-puzzle's) is measured on 10 cells
#: and adds a pointer per cell beyond (more than an int grows: a safe side).
BYTES_PER_STATE = {
    "sweep": (55, 40),
    "shortest": (110, 75),
    "bfs-packed": (95, 65),
    "bidirectional-packed": (125, 100),
    "longest-packed": (70, 50),
    "bfs-blocks": (85, 125),
    "bidirectional-blocks": (95, 135),
    "longest-blocks": (120, 80),
    "reachable-blocks": (95, 125),
    "peg-minimal": (175, 125),
    "peg-fast": (85, 60),
    "astar-packed": (400, 300),
    "astar-blocks": (500, 350),
}
MEASURED_CELLS = 10


def in_browser() -> bool:
    """True inside Pyodide (the page's worker)."""
    return sys.platform == "emscripten"


def memory_budget() -> int:
    """Bytes a request may use: 2 GB in the page, the machine's available memory on the command line."""
    if in_browser():
        return PAGE_BUDGET
    return _available_memory() or FALLBACK_BUDGET


def _available_memory() -> int | None:
    """MemAvailable from /proc/meminfo (Linux), else free physical pages (sysconf), else None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def bytes_per_state(kernel: str, cells: int = MEASURED_CELLS) -> int:
    """Peak bytes per state the kernel counts, for this interpreter; "-blocks" states grow a pointer per cell."""
    native, wasm = BYTES_PER_STATE[kernel]
    per_state = wasm if in_browser() else native
    if kernel.endswith("-blocks"):
        per_state += struct.calcsize("P") * max(cells - MEASURED_CELLS, 0)
    return per_state


def size_words(size: float) -> str:
    """Bytes for people: '640 MB', '4.4 GB', '10.5 TB'."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            value = size / scale
            return f"{value:,.1f} {unit}" if value < 100 else f"{value:,.0f} {unit}"
    return f"{size:.0f} bytes"


@dataclass(frozen=True, slots=True)
class StateCap:
    """The cap a search gets: the request's `max_states` or what the memory budget holds, whichever is smaller.

    `by` is the limit that sets it ("max_states" or "memory"); `requested` is the request's cap (None: none). A stop
    at the cap (`stop`, `capped`) names `what` it stopped and ends with the `advice` (what to try instead, the
    `alternatives` it names), which the caller words once when it makes the cap.
    """

    limit: int
    by: str
    requested: int | None
    per_state: int
    budget: int
    what: str = "the search"
    advice: str = ""
    alternatives: tuple[str, ...] = ()

    def named_stop(self, outcome: Any) -> Any:
        """`outcome`, when undecided (`solvable` None), with `stopped` naming the limit that stopped it: this cap's
        (`by`) when the search stopped at its state limit or holds more than the cap, else the limit the search
        named, else the time limit ("seconds")."""
        if outcome.solvable is None:
            if outcome.stopped == "max_states" or outcome.states > self.limit:
                outcome.stopped = self.by
            else:
                outcome.stopped = outcome.stopped or "seconds"
        return outcome

    def memory_words(self, states: int) -> str:
        """'about 4.4 GB' for this many states of this kernel."""
        return f"about {size_words(states * self.per_state)}"

    def budget_words(self) -> str:
        """The memory budget as a sentence ends it."""
        where = "a browser tab's budget" if in_browser() else "the memory available"
        return f"{size_words(self.budget)}, {where}"

    def check(self, needed: int, what: str, advice: str, **more: Any) -> None:
        """Refuse up front (SearchLimitError with `estimate`) a search that must store `needed` states beyond the cap.

        `what` says why it needs them ("the 15-puzzle has ... positions, and ... needs every one of them");
        `more` adds fields to the error event (e.g. `alternatives`).
        """
        if needed <= self.limit:
            return
        estimate = {"states": needed, "bytes": needed * self.per_state}
        if self.by == "memory":
            message = f"{what}: {self.memory_words(needed)}, more than {self.budget_words()}. {advice}"
        else:
            message = f"{what}: more than the state budget of {self.requested:,}. {advice}"
        raise SearchLimitError(message.strip(), self.by, estimate=estimate, **more)

    def stop(self, stop: SearchLimitError) -> SearchLimitError:
        """The error to give when a search raised `stop` at this cap: which limit, what it reached, what to try."""
        states = stop.reached.get("states", self.limit)
        if self.by == "memory":
            message = (f"{self.what} stopped after storing {states:,} positions, {self.memory_words(states)}: "
                       f"the most that fits in {self.budget_words()}.")
        else:
            message = (f"{self.what} stopped after storing {states:,} positions: the state budget is "
                       f"{self.requested:,}.")
        return SearchLimitError(f"{message} {self.advice}".strip(), self.by, **stop.reached,
                                alternatives=list(self.alternatives))

    def capped(self, search: Generator[Any, Any, Any]) -> Generator[Any, Any, Any]:
        """Run `search` (a search's generator) under this cap: its stop at the cap becomes the error `stop` gives."""
        try:
            return (yield from search)
        except SearchLimitError as stop:
            raise self.stop(stop) from None


def state_cap(requested: int | None, kernel: str, cells: int = MEASURED_CELLS) -> StateCap:
    """The StateCap of a kernel (on a board of `cells` cells) for a request's cap (None: no cap, only memory)."""
    per_state = bytes_per_state(kernel, cells)
    budget = memory_budget()
    fits = max(int(budget * USABLE_SHARE) // per_state, 1)
    if requested is not None and requested <= fits:
        return StateCap(requested, "max_states", requested, per_state, budget)
    return StateCap(fits, "memory", requested, per_state, budget)
