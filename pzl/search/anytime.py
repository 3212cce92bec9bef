"""Anytime answers: a solution at once, shorter ones while a search goes on, the best one at the end.

`auto` answers this way in both families (`pzl.peg.anytime`, `pzl.sliding.anytime`): each better
solution comes as an `improved` event carrying a whole result (`pzl.events.improved`), progress
after it names the length to beat (`best`), and the final result is the best solution found,
proved minimal or with what was proved (`lower_bound`) and why the search for fewer moves stopped
(`stopped`). That search spends a budget of work — nodes, never the wall clock — so a request run
in slices, paused or interleaved with another (`pzl.api.Job`) gets the same answer as one run
straight through.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pzl.events import Event
from pzl.search.progress import Steps, relay


def head_start(search: Generator[Event, None, Any], nodes: int) -> Generator[Event, None, tuple[bool, Any]]:
    """Run `search` until it ends, (True, its outcome), or reports more than `nodes` nodes, (False, that progress
    event): it is paused after that event then, and `yield from search` goes on with it."""
    steps = Steps(search)
    for event in steps:
        yield event
        if event.get("event") == "progress" and event.get("nodes", 0) > nodes:
            return False, event
    return True, steps.outcome


def beating(search: Generator[Event, None, Any], best: int, lower_bound: int = 0,
            depth_is_bound: bool = False) -> Generator[Event, None, Any]:
    """`search`, its progress saying `best` (the moves of the best solution so far, the length to beat) and
    `lower_bound` (the fewest moves proved so far: `lower_bound`, or the event's depth when `depth_is_bound`
    and it is higher)."""
    proved = lower_bound

    def told(event: Event) -> Event:
        nonlocal proved
        if event.get("event") != "progress":
            return event
        if depth_is_bound and not event.get("phase"):
            proved = max(proved, event.get("depth") or 0)
        return {**event, "best": best, "lower_bound": proved}
    return (yield from relay(search, told))
