"""Peg `auto`, an answer that gets better while you watch: a quick solution at once, then the fewest moves.

The minimal search (`pzl.peg.engines.solve`) starts first and gets a head start of HEAD_START_NODES
(small boards are proved within it and answered at once, as before); if it has not finished by
then, it pauses while the beam search finds a quick solution, which is answered at once as an
`improved` event, and then goes on for the fewest moves within the device's budget:

* memory: the state cap of the device (`pzl.search.limits`: 2 GB in the page, the available
  memory on the command line), or the request's own `max_states`;
* work: AUTO_NODES steps of the minimal search (its `nodes`), never the wall clock, so a request
  run in slices, paused or interleaved with another gets the same answer. AUTO_NODES is about
  four times what the English board's 18-move proof takes (15.6 million: 9-12 s of CPU in
  CPython, 25-37 s in the page), so that proof fits with room to spare on any device that can
  hold it, while a proof far out of reach (the French board, the 41-hole diamond, the triangles
  of side 7 and 8: `docs/peg.md`) stops after 24-38 s of CPU in CPython (`bench/peg_boards.py`;
  about twice that in the page) instead of running on for hours or filling the memory; Cancel and
  Ctrl+C keep the quick answer at any time.
  A request with its own `max_states` gets no work budget (as `minimal` has none).

A proof replaces the quick answer ("auto: minimal"). Where the budget runs out first, the quick
answer stays, with the fewest moves proved so far (`lower_bound`) and the limit that stopped the
search for fewer (`stopped`: "nodes", "memory" or "max_states"). Where the beam finds nothing and
the minimal search cannot decide, the fast solver's depth-first search answers as before
("auto: minimal, then depth-first").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from pzl import events
from pzl.events import Event
from pzl.peg.engines.peg_outcome import PegOutcome
from pzl.search.problem import Search
from pzl.search.progress import beating, head_start, relay

#: Steps of the minimal search before the quick answer is sought (~0.1 s of CPython; Hoppers and the
#: 21-hole triangles are proved within it).
HEAD_START_NODES = 200_000
#: The minimal search's work budget under `auto` (see the module's docstring).
AUTO_NODES = 60_000_000
#: How the answers of `auto` are found (`path`, `auto` and `algorithm` of a result): the proof, the quick answer.
MINIMAL_ANSWER, BEAM_ANSWER = events.answered_by("minimal", auto=True), events.answered_by("beam", auto=True)

#: A peg answer from an outcome, how it was found (`events.answered_by`) and fields to add: the service's builder.
Answer = Callable[[PegOutcome, dict[str, Any], dict[str, Any]], dict[str, Any]]


def solve(minimal: Search, quick: Callable[[], Search], fallback: Callable[[], Search], answer: Answer,
          clock: float) -> Iterator[Event]:
    """`auto` for one task: `minimal` (the minimal search within its budget, not started yet), `quick()` (the beam
    search) and `fallback()` (the fast solver), generators returning PegOutcomes. Yields progress and the quick
    answer (`improved`); returns (the final outcome, how it was found, fields its answer adds or overrides)."""
    ended, reached = yield from head_start(minimal, HEAD_START_NODES)   # its outcome, or the progress it paused at
    outcome, found = reached, None
    if not ended:   # counting on from the minimal search's nodes
        paused = reached
        found = yield from relay(quick(), nodes=paused["nodes"], clock=clock)
        quick_nodes = found.nodes
        if found.path is None:
            found = None
        else:
            lower = paused.get("depth") or 0   # the minimal search's depth is the fewest moves it has proved
            yield events.improved(answer(found, BEAM_ANSWER, {
                "lower_bound": lower, "stats": events.stats(paused["nodes"] + quick_nodes, found.states,
                                                            time.perf_counter() - clock)}))
            minimal = beating(minimal, found.moves, lower, depth_is_bound=True)
        outcome = yield from relay(minimal, nodes=quick_nodes, clock=clock)
        outcome.nodes += quick_nodes
    return (yield from _settled(outcome, found, fallback, clock))


def _settled(outcome: PegOutcome, quick: PegOutcome | None, fallback: Callable[[], Search], clock: float) -> Search:
    """The final answer once the minimal search has ended (`outcome`, its nodes the request's so far):
    (outcome, how it was found, fields)."""
    if outcome.solvable is not None:
        return outcome, MINIMAL_ANSWER, {}
    if quick is not None:
        quick.nodes = outcome.nodes
        quick.states = max(quick.states, outcome.states)
        return quick, BEAM_ANSWER, {"lower_bound": outcome.lower_bound, "stopped": outcome.stopped,
                                     "note": _note(outcome)}
    found = yield from relay(fallback(), nodes=outcome.nodes, clock=clock)
    found.lower_bound = max(found.lower_bound, outcome.lower_bound)
    found.nodes += outcome.nodes
    return found, events.answered_by("minimal", found.method, auto=True), {}


def _note(outcome: PegOutcome) -> str:
    """Why the quick answer stays: what stopped the search for fewer moves, and what it proved."""
    why = {"nodes": "its work budget", "memory": "the memory this device gives it",
           "max_states": "the state budget"}.get(outcome.stopped or "", "its limits")
    return (f"the search for fewer moves stopped at {why} ({outcome.reason}); no solution has fewer than "
            f"{outcome.lower_bound} moves")
