"""Progress passed on: a search's events relayed into a request's, and the rule that keeps them cumulative.

A search is a generator that yields progress events (or bare ticks of work) and *returns* its outcome
(`pzl.search.problem`). Everything that drives one by hand — to label its progress, to count it on from
an earlier phase of the same request, to stop it at a budget, to pause it and go on later — goes
through `Steps` or `relay`, so the outcome is taken from a finished generator in one place only.

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
