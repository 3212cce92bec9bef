"""The progress relay (pzl.search.progress): a search's outcome taken in one place, its progress labelled and
counted on across the phases of a request, and the request's progress never going back."""

from __future__ import annotations

from pathlib import Path

from pzl import events
from pzl.search.progress import Steps, cumulative, relay, run_to_end

ROOT = Path(__file__).resolve().parent.parent


def search(nodes: list[int], outcome: str = "done", closed: list[bool] | None = None):
    """A search that reports `nodes` and returns `outcome` (noting in `closed` when it is closed)."""
    try:
        for count in nodes:
            yield events.progress(count, 1, count / 1000, depth=count // 10)
        return outcome
    except GeneratorExit:
        if closed is not None:
            closed.append(True)
        raise


def test_steps_hand_over_the_outcome_and_a_loop_that_breaks_leaves_the_search_paused() -> None:
    work = search([10, 20, 30])
    steps = Steps(work)
    seen = []
    for event in steps:
        seen.append(event["nodes"])
        if event["nodes"] == 20:
            break
    assert seen == [10, 20] and not steps.ended and steps.outcome is None
    assert [event["nodes"] for event in steps] == [30]   # goes on where it stopped
    assert steps.ended and steps.outcome == "done"


def test_relay_labels_and_counts_on_from_an_earlier_phase() -> None:
    outcome, seen = run_to_end(relay(search([10, 20]), nodes=100, seconds=1.0, phase="reachability check"))
    assert outcome == "done"
    assert [(event["nodes"], event["seconds"], event["phase"]) for event in seen] == \
        [(110, 1.01, "reachability check"), (120, 1.02, "reachability check")]
    own = {**events.progress(5, 1, 0.0), "phase": "its own"}

    def labelled():
        yield own
        return None

    _, seen = run_to_end(relay(labelled(), phase="given"))
    assert seen[0]["phase"] == "its own", "an event's own fields win over the labels"


def test_relay_maps_ticks_to_events_and_stops_and_closes_a_search_when_told() -> None:
    def ticks():
        yield None
        yield None
        return 7

    outcome, seen = run_to_end(relay(ticks(), lambda _: events.progress(1, 0, 0.0)))
    assert outcome == 7 and len(seen) == 2
    closed: list[bool] = []
    outcome, seen = run_to_end(relay(search([10, 20, 30], closed=closed),
                                     lambda event: None if event["nodes"] > 15 else event))
    assert outcome is None and [event["nodes"] for event in seen] == [10] and closed == [True]


def test_the_request_progress_never_goes_back_across_phases() -> None:
    phases = [*search([10, 20]), *search([5, 15]), events.result({})]
    counted = [event["nodes"] for event in cumulative(phases) if event["event"] == "progress"]
    assert counted == [10, 20, 25, 35]
    assert counted == sorted(counted)


def test_only_the_relay_takes_an_outcome_from_a_finished_generator() -> None:
    found = [path.relative_to(ROOT).as_posix() for path in sorted((ROOT / "pzl").rglob("*.py"))
             if "StopIteration" in path.read_text(encoding="utf-8")]
    assert found == ["pzl/search/progress.py"]
