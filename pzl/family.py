"""What a puzzle family is to the rest of pzl: one frozen record (`Family`) each family package builds.

`pzl.api`, `pzl.compare` and the CLI know no family by name: they look the record up (`pzl.catalog.family`)
and ask it — which commands it answers and with which options, which request keys draw one of its boards,
its words in a sentence, its answers in words, the rows of a comparison, the table files a request needs.
Each family package (`pzl.sliding`, `pzl.peg`) builds its record as `FAMILY` from its job modules
(catalog, options, service, text, lab).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pzl.events import Event

#: A command's answer: progress events, then one result (or a raised PuzzleError).
Answer = Callable[[dict[str, Any]], Iterator[Event]]
#: The fields every catalog entry has, whatever its family.
ENTRY_FIELDS = ("id", "family", "group", "name", "description")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a family knows of a task before any search (each family's `verdict.instant_verdict`): `reachable`
    False (proved impossible, `reason` says why), True (proved possible) or None (a search must tell)."""

    reachable: bool | None
    reason: str = ""


@dataclass(frozen=True)
class Shelf:
    """Files of precomputed tables a family's searches read, stored beside the package or in the user's cache."""

    #: Every known table set: name, partition, board, path, bytes (0 when absent) and state.
    status: Callable[[], list[dict[str, Any]]]
    #: Build one set (by name) or "all" with so many processes: a line for each step, as it goes; a
    #: PuzzleError naming the known sets for an unknown name.
    build: Callable[[str, int], Iterator[str]]
    #: The files a request will read that this process lacks: [{"name", "path"}] (the page fetches them first).
    needed: Callable[[dict[str, Any]], list[dict[str, str]]]


@dataclass(frozen=True)
class Family:
    """One puzzle family, as the api, the comparison and the CLI see it."""

    #: The family's name: a request's and a catalog entry's `family`.
    name: str
    #: The family in a sentence and as the CLI's heading: "sliding puzzles".
    words: str
    #: One puzzle of it, in a sentence: "a sliding puzzle".
    kind: str
    #: Its named puzzles (the catalog's entries, each with ENTRY_FIELDS and `entry_fields`).
    catalog: tuple[dict[str, Any], ...]
    #: The geometry and default task every entry of this family has besides ENTRY_FIELDS.
    entry_fields: tuple[str, ...]
    #: Command → the request keys it reads (`compare` included); the api refuses any other key.
    options: Mapping[str, tuple[str, ...]]
    #: Command → its answer, for every command but `compare` (which `pzl.compare` runs from `compare_plan`).
    answers: Mapping[str, Answer]
    #: The request keys that draw a board of this family without a catalog id ("board", "layout"; "mask").
    drawn: tuple[str, ...]
    #: A result in words for the CLI: describe(command, result).
    describe: Callable[[str, dict[str, Any]], str]
    #: A comparison's head fields and its rows ({"algorithm", "bound", "request"}, ...) for a request.
    compare_plan: Callable[[dict[str, Any]], tuple[dict[str, Any], list[dict[str, Any]]]]
    #: Check a solution by playing it on the request's puzzle (raises on an illegal move or a wrong end).
    replay: Callable[[dict[str, Any], Any], Any]
    #: Its table files, when its searches read any.
    shelf: Shelf | None = None

    @property
    def commands(self) -> tuple[str, ...]:
        """Every command it answers, `compare` last."""
        return (*self.answers, "compare")

    def tables_needed(self, request: dict[str, Any]) -> list[dict[str, str]]:
        """The table files `request` will read that this process lacks (none without a shelf)."""
        return self.shelf.needed(request) if self.shelf else []
