"""Progress passed on: a search's events relayed into a request's, and the rule that keeps them cumulative.

A search is a generator that yields progress events (or bare ticks of work) and *returns* its outcome
(`pzl.search.problem`). Everything that drives one by hand — to label its progress, to count it on from
an earlier phase of the same request, to stop it at a budget, to pause it and go on later — goes
through `Steps` or `relay`, so the outcome is taken from a finished generator in one place only.

An anytime answer (`auto` in both families: `pzl.peg.anytime`, `pzl.sliding.anytime`) drives its
searches with `head_start` (a search run until it ends or passes a budget of nodes, then paused) and
`beating` (its progress naming the length to beat and the fewest moves proved). The budget is work —
nodes, never the wall clock — so a request run in slices, paused or interleaved with another
(`pzl.api.Job`) gets the same answer as one run straight through.

The rule every request keeps (`cumulative`, applied by `pzl.api.run` to all it yields): progress's
`nodes` and `seconds` count the whole request and never go back, however many searches run one after
another, so a reader (the CLI, the page) shows them as they come.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, Generic, TypeVar

from pzl.events import Event

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


class Steps(Generic[Item, Outcome]):
    """A search's yields to iterate with `for`, and once it has ended what it returned (`outcome`).

    A loop that breaks leaves the search paused where it was: go on with `yield from steps.search`,
    or close it. Nothing here closes it.
    """

    __slots__ = ("ended", "outcome", "search")

    def __init__(self, search: Generator[Item, None, Outcome]) -> None:
        self.search = search
        self.outcome: Outcome | None = None
        self.ended = False

    def __iter__(self) -> Iterator[Item]:
        return self

    def __next__(self) -> Item:
        try:
            return next(self.search)
        except StopIteration as stop:   # the one place a search's outcome is taken from its end
            self.outcome, self.ended = stop.value, True
            raise StopIteration from None


def relay(search: Generator[Any, None, Outcome], mapped: Callable[[Any], Event | None] | None = None, /, *,
          nodes: int = 0, seconds: float = 0.0, clock: float | None = None,
          **labels: Any) -> Generator[Event, None, Outcome | None]:
    """`search`'s events passed on, and its outcome returned; the search is closed when the relay ends or is closed.

    `mapped`, when given, turns what the search yields (an event, or a tick of work) into the event to pass on,
    or None: the search stops there and the relay returns None. Then progress gets `labels` (a `phase`, say;
    the event's own fields win), counts `nodes` more, and `seconds` more — or, given `clock` (when the request
    began), the seconds since then — so a later phase of a request counts on from the earlier ones.
    """
    recount = bool(nodes or seconds or clock is not None or labels)
    steps = Steps(search)
    try:
        for item in steps:
            event = mapped(item) if mapped is not None else item
            if event is None:
                return None
            if recount and event.get("event") == "progress":
                elapsed = time.perf_counter() - clock if clock is not None else event["seconds"] + seconds
                event = {**labels, **event, "nodes": event["nodes"] + nodes, "seconds": round(elapsed, 3)}
            yield event
        return steps.outcome
    finally:
        search.close()


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


def run_to_end(search: Generator[Item, None, Outcome]) -> tuple[Outcome, list[Item]]:
    """Drive a search to its end: its outcome and everything it yielded."""
    steps = Steps(search)
    yielded = list(steps)
    return steps.outcome, yielded   # type: ignore[return-value]   # ended: the outcome is set


def cumulative(events: Iterable[Event]) -> Iterator[Event]:
    """Progress for a whole request: seconds since it began, nodes summed over its phases (never going back).

    A request may run several searches one after another (a reachability check, then the search; a
    minimal search, then the fast one), and one that did not count on from the phase before (`relay`)
    counts from 0 again: a count that drops starts a new phase, added to the ones before.
    """
    clock = time.perf_counter()
    base = last = 0
    for event in events:
        if event["event"] == "progress":
            nodes = event["nodes"]
            if nodes < last:
                base += last
            last = nodes
            event = {**event, "nodes": base + nodes, "seconds": round(time.perf_counter() - clock, 3)}
        yield event
