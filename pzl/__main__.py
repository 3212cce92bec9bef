"""The command line: `python -m pzl list | solve | compare | longest | analyse | census | atlas | tables`.

Every command builds a `pzl.api` request, so the CLI answers exactly what the
page answers; `--json` prints the result object of the api's JSON contract,
`--events` every event as it comes (JSON Lines). An answer that improves while
the search goes on (`auto`) shows each better answer on a terminal, and Ctrl+C
prints the best one found so far (exit status 130).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import textwrap
import threading
import time
from typing import Any

from pzl import api, catalog, compare, explain
from pzl.errors import PuzzleError

PROGRESS_EVERY = 0.5  # seconds between progress lines on a terminal
PROGRESS_LOG_EVERY = 10.0  # seconds between progress lines written to a file or pipe (with --progress)
#: Exit statuses: answered, a request pzl cannot take, and the shells' 128 + signal for SIGINT / SIGPIPE.
OK, REFUSED, INTERRUPTED, BROKEN_PIPE = 0, 2, 130, 141

#: What the CLI adds to a message whose search a limit stopped (`stopped` in the api's error or result).
LIMIT_HINTS = {
    "max_states": "--max-states N sets the state budget; --max-states 0 leaves only the memory as a limit",
    "memory": "the memory available is the limit here",
    "seconds": "the fast solver's time limit stopped it; --algorithm minimal searches without one",
}
#: The same for a row of `compare` (its budget is per row).
ROW_HINTS = {
    "max_states": "--max-states N",
    "memory": "the memory available",
    "seconds": "--seconds S",
    "max_depth": "ida's depth limit",
    "nodes": "the estimate",
}


class _Interrupts:
    """Ctrl+C noted as well as raised: a KeyboardInterrupt that lands in a finaliser (where Python only
    prints it) would be lost, so the event loop also stops at the next event once the flag is set."""

    heard = False

    @classmethod
    def handle(cls, signum: int, frame: Any) -> None:
        cls.heard = True
        raise KeyboardInterrupt

    @classmethod
    def check(cls) -> None:
        if cls.heard:
            raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit status (0 answered, 2 refused, 130 interrupted, 141 closed pipe)."""
    previous = None
    if threading.current_thread() is threading.main_thread():
        _Interrupts.heard = False
        previous = signal.signal(signal.SIGINT, _Interrupts.handle)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`| head`): say nothing, and keep Python's exit flush from complaining
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _main(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "list":
        return _list(args)
    if args.command == "tables":
        return _tables(args)
    try:
        request = _request(args)
    except PuzzleError as problem:
        parser.exit(REFUSED, f"pzl: {problem}\n")
    if args.command == "compare" and args.explain:
        return _explain(request)
    terminal = sys.stderr.isatty()
    machine = args.json or args.events
    final, interrupted = _run(request, show_progress=(terminal and not machine) or args.progress, terminal=terminal,
                              stream=args.events)
    if final["event"] == "error":
        print(f"pzl: {final['message']}", file=sys.stderr)
        hint = _hint(final)
        if hint:
            print(f"pzl: hint: {hint}", file=sys.stderr)
        return REFUSED
    result = final["result"]
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif not args.events:
        print(_text(request, args.command, result))
        hint = _hint(result)
        if hint:
            print(f"hint: {hint}")
    sys.stdout.flush()   # a closed pipe shows here, inside main's guard
    return INTERRUPTED if interrupted else OK


def _hint(answer: dict[str, Any]) -> str | None:
    """The flags to try when a limit stopped a search: from `stopped` and `alternatives` (None otherwise)."""
    stopped = answer.get("stopped")
    if stopped is None or answer.get("solvable") is True:   # a solution kept when the search for fewer stopped
        return None
    hints = []
    if answer.get("alternatives"):
        hints.append("try " + " or ".join(f"--algorithm {name}" for name in answer["alternatives"]))
    if stopped in LIMIT_HINTS:
        hints.append(LIMIT_HINTS[stopped])
    return "; ".join(hints) or None


#: The flag of each request key (`--` + its name with dashes, unless given here) and its help; which commands
#: offer it comes from the families' option tables (`OPTIONS`), so the CLI offers exactly what the api reads.
#: A help given per (key, command) overrides the key's own.
FLAGS: dict[str, dict[str, Any]] = {
    "layout": {"metavar": "ROWS",
               "help": "any sliding-block puzzle drawn as rows separated by /, one character per cell: . empty, # a "
                       "wall or outside the box, a letter or digit a piece (pieces of one shape are interchangeable "
                       "unless the goal names them); or a 36-character Rush Hour card"},
    "rules": {"help": "free (default) or rush-hour: every piece slides only along its length"},
    "board": {"help": "a custom rectangular board, e.g. 3x4"},
    "start": {"help": "start position: labels in cell order, 0 = empty"},
    "goal": {"help": "goal position (default: the puzzle's); with --layout, the box drawn again with the pieces "
                     "that must end somewhere, . or * elsewhere"},
    "metric": {"help": "what one move is: a piece moved any distance along any path (piece: the books' count, the "
                       "default for sliding blocks), one straight slide (straight), or one cell (step: the default "
                       "for tiles)"},
    "bound": {"help": "the lower bound of ida and astar: none, misplaced, manhattan, linear-conflict, pdb"},
    "mask": {"help": "a custom board: rows of o (hole) and . (no hole), separated by / or newlines"},
    "lattice": {"help": "lattice of a custom board: square, square-diagonal, triangular"},
    "empty": {"help": "holes empty at the start, e.g. 6 or 3,7; on the English and French boards also d4 "
                      "(default: the board's)"},
    "finish": {"help": "where the last peg must end: a hole, 'any', or a final pattern (default: the board's)"},
    "first": {"help": "fix the first jump, e.g. 0-6 (d2-d4 on the English and French boards)"},
    "pegs": {"help": "the current pattern of pegs: holes with a peg, e.g. 0,1,5 (default: the start)"},
    "last": {"help": "the hole where the previous move ended: that peg may go on jumping for free"},
    "algorithm": {"help": "sliding: auto (default), bfs, bidirectional, iddfs, ida, astar, fast; "
                          "peg solitaire: auto (default), minimal, beam, fast"},
    "all": {"action": "store_true", "help": "count every shortest solution"},
    "max_solutions": {"metavar": "N", "help": "with --all: how many solutions to list (the count is exact; "
                                              "0: count only)"},
    "max_states": {"metavar": "N", "help": "cap on the positions a search stores (default: the search's own; 0: no "
                                           "cap of pzl's own, only the memory available)"},
    "seconds_limit": {"flag": "--seconds", "metavar": "S", "help": "stop after this many seconds"},
    "by_moves": {"action": argparse.BooleanOptionalAction,
                 "help": "also count the classes by fewest moves from the start (the default); --no-by-moves skips "
                         "that table, the slow part (English 33: about 40%% of the time without it)"},
    "seconds": {"metavar": "S", "help": "each row's time budget (default 1)"},
    "measure_memory": {"action": "store_true", "help": "run each row a second time under tracemalloc to measure "
                                                       "its peak memory (default: an estimate from the positions "
                                                       "stored)"},
}
FLAG_HELP_FOR: dict[tuple[str, str], str] = {
    ("algorithm", "compare"): "only the rows of this algorithm",
    ("bound", "compare"): "only the rows with this lower bound: none, misplaced, manhattan, linear-conflict, pdb",
    ("max_states", "compare"): "cap on the positions each row stores (default 1,000,000; 0: no cap of pzl's own)",
    ("max_states", "census"): "cap on the classes stored (default and 0: no cap of pzl's own, only the memory)",
    ("max_states", "atlas"): "cap on the classes stored (default and 0: no cap of pzl's own, only the memory)",
    ("seconds_limit", "analyse"): "time for the judgement (default 2)",
}
#: The commands besides list and tables, and their help.
COMMAND_HELP = {
    "solve": "solve a puzzle optimally",
    "compare": "run every algorithm and bound on one position, one row each, each with its own budget",
    "longest": "breadth-first from the goal: the hardest positions and the depth histogram",
    "analyse": "is a position still solvable, and in how many moves (peg solitaire)",
    "census": "peg solitaire: positions, finishable positions and solutions, jump by jump",
    "atlas": "peg solitaire: every single-vacancy start against every single-peg finish",
}


def command_options(command: str) -> dict[str, list[str]]:
    """The request keys `command` reads, each with the families that read it (from the families' `options`)."""
    keys: dict[str, list[str]] = {}
    for family in catalog.families():
        for key in family.options.get(command, ()):
            keys.setdefault(key, []).append(family.name)
    return keys


def answered_by(command: str) -> list[str]:
    """The families that answer `command`."""
    return [family.name for family in catalog.families() if command in family.options]


def flag_of(key: str) -> str:
    """The command-line flag of a request key: `max_states` is --max-states (`seconds_limit` is --seconds)."""
    return FLAGS[key].get("flag", "--" + key.replace("_", "-"))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pzl",
                                     description="Optimal solver for sliding puzzles and peg solitaire.")
    commands = parser.add_subparsers(dest="command", required=True)

    listing = commands.add_parser("list", help="list the puzzles in the catalog")
    listing.add_argument("--json", action="store_true", help="print the catalog as JSON")

    tables = commands.add_parser("tables", help="the stored pattern tables (15-puzzle): where they are, or --build")
    tables.add_argument("--build", nargs="?", const="all", metavar="NAME",
                        help="build them into the user cache now (all, or one name from the list)")

    for name, help_text in COMMAND_HELP.items():
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("puzzle", nargs="?", help="a catalog id (see `list`)")
        sub.add_argument("--json", action="store_true", help="print the result as JSON")
        _progress_flag(sub)
        if name == "compare":
            sub.add_argument("--explain", action="store_true",
                             help="explain each algorithm and bound of the comparison instead of running it")
        keys = command_options(name)
        answering = answered_by(name)
        groups = ({family: sub.add_argument_group(catalog.family(family).words) for family in answering}
                  if len(answering) > 1 else {})
        for key, families in keys.items():
            settings = {option: value for option, value in FLAGS[key].items() if option != "flag"}
            settings["help"] = FLAG_HELP_FOR.get((key, name), settings["help"])
            settings.setdefault("default", None)   # only the flags given go into the request
            where = groups.get(families[0], sub) if len(families) == 1 else sub   # one family's: in its group
            where.add_argument(flag_of(key), dest=key, **settings)
    return parser


def _progress_flag(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--progress", action="store_true",
                     help="show progress on stderr even with --json or when stderr is not a terminal "
                          f"(there: a line every {PROGRESS_LOG_EVERY:g} s)")
    sub.add_argument("--events", action="store_true",
                     help="print every event as it comes, one JSON object a line: progress, each better answer "
                          "(improved), then the result or error")


def _request(args: argparse.Namespace) -> dict[str, Any]:
    """The api request for parsed arguments; only options given are included.

    Refuses (PuzzleError) what the api would have to guess: flags of the other family, two
    boards, an empty option, --max-solutions without --all.
    """
    keys = command_options(args.command)
    texts = {key: getattr(args, key) for key in keys if isinstance(getattr(args, key), str)}
    for key, value in texts.items():
        if not value.strip():
            raise PuzzleError(f"{flag_of(key)} has no value; give one, or leave it out for the puzzle's default")
    family, drawn = _family(args)
    what = args.puzzle or f"{flag_of(drawn)} {getattr(args, drawn)}"
    kind = catalog.family(family).kind
    if family not in answered_by(args.command):
        families = " or ".join(catalog.family(name).words for name in answered_by(args.command))
        raise PuzzleError(f"{args.command} is a command of {families}, and {what} is {kind}")
    misplaced = [key for key, families in keys.items() if family not in families and getattr(args, key) is not None]
    if misplaced:
        other = " or ".join(catalog.family(name).words for name in keys[misplaced[0]])
        raise PuzzleError(f"{flag_of(misplaced[0])} is an option of {other}, and {what} is {kind}")
    if getattr(args, "max_solutions", None) is not None and not args.all:
        raise PuzzleError("--max-solutions caps the list of the solutions --all counts; add --all, "
                          "or leave --max-solutions out")
    request: dict[str, Any] = {"command": args.command}
    if args.puzzle:
        request["puzzle"] = args.puzzle
    else:
        request["family"] = family
    request.update({key: getattr(args, key) for key in keys if getattr(args, key) is not None})
    return request


def _family(args: argparse.Namespace) -> tuple[str, str | None]:
    """The family a command line is about, its puzzle's or the drawn board's (--board, --layout, --mask), and the
    request key that drew it (None for a catalog puzzle)."""
    drawing = {key: family.name for family in catalog.families() for key in family.drawn}
    drawn = [key for key in drawing if getattr(args, key, None) is not None]
    if len(drawn) > 1:
        raise PuzzleError(f"{flag_of(drawn[0])} and {flag_of(drawn[1])} each draw a puzzle: give one of them")
    custom = drawn[0] if drawn else None
    if args.puzzle and custom == "board":   # a --layout or --mask beside a puzzle redraws that puzzle's board
        raise PuzzleError(f"give a puzzle or --board, not both ({args.puzzle} and --board)")
    if custom and not args.puzzle:
        return drawing[custom], custom
    if not args.puzzle:
        flags = [flag_of(key) for key in drawing]
        raise PuzzleError(f"name a puzzle (see `python -m pzl list`), or draw one with {', '.join(flags[:-1])} "
                          f"or {flags[-1]}")
    return catalog.find(args.puzzle)["family"], None


def _run(request: dict[str, Any], show_progress: bool, terminal: bool = True,
         stream: bool = False) -> tuple[dict[str, Any], bool]:
    """Run the request to its end: (its final event, whether Ctrl+C ended it).

    Shows progress on stderr if asked: on a terminal one line rewritten every PROGRESS_EVERY seconds,
    elsewhere a line every PROGRESS_LOG_EVERY seconds; and each better answer (`improved`) as it comes.
    `stream` prints every event on stdout as a JSON line. Ctrl+C after a better answer ends the request
    with that answer (`pzl.api.kept_answer`); before one, it raises KeyboardInterrupt.
    """
    final: dict[str, Any] = {"event": "error", "message": "no answer"}
    shown = time.monotonic()
    every = PROGRESS_EVERY if terminal else PROGRESS_LOG_EVERY
    clear = "\r\033[K" if show_progress and terminal else ""
    told = None
    best: dict[str, Any] | None = None
    latest: dict[str, Any] | None = None
    try:
        for event in api.run(request):
            _Interrupts.check()
            if stream:
                print(json.dumps(event, ensure_ascii=False), flush=True)
            if event["event"] == "improved":
                best = event["result"]
                if show_progress:
                    print(f"{clear}pzl: {improvement_line(best)}", file=sys.stderr, flush=True)
            elif event["event"] != "progress":
                final = event
            elif event.get("warning"):
                print(f"{clear}pzl: warning: {event['warning']}", file=sys.stderr, flush=True)
            elif event.get("message") and event["message"] != told:   # a notice (building tables, a damaged file)
                told = event["message"]
                print(f"{clear}pzl: {told}", file=sys.stderr, flush=True)
            elif show_progress and time.monotonic() - shown >= every:
                shown = time.monotonic()
                if terminal:
                    print(f"\r\033[K{progress_line(event)} ", end="", file=sys.stderr, flush=True)
                else:
                    print(f"pzl: {progress_line(event)}", file=sys.stderr, flush=True)
            if event["event"] == "progress":
                latest = event
    except KeyboardInterrupt:
        kept = api.kept_answer(best, latest)
        if kept is None:
            raise
        print(f"{clear}pzl: interrupted: the best answer so far follows", file=sys.stderr, flush=True)
        if stream:
            print(json.dumps(kept, ensure_ascii=False), flush=True)
        return kept, True
    if clear:
        print(clear, end="", file=sys.stderr, flush=True)
    return final, False


def improvement_line(result: dict[str, Any]) -> str:
    """A better answer in one line: "27 moves (auto: beam; at least 11); searching for fewer…"."""
    known = f"; at least {result['lower_bound']:,}" if result.get("lower_bound") else ""
    return f"{result['moves']:,} moves ({result['algorithm']}{known}); searching for fewer…"


def progress_line(event: dict[str, Any]) -> str:
    """A progress event in one line: "census, positions: level 12 of 31, 1,234 classes stored, ..., 2 min 05 s"."""
    seconds = event["seconds"]
    elapsed = f"{seconds:.1f} s" if seconds < 60 else f"{int(seconds // 60)} min {int(seconds % 60):02d} s"
    if event.get("most_jumps") is not None:   # a census: its levels are jumps, its states classes
        return (f"census, {event['phase']}: level {event['depth']} of {event['most_jumps']}, "
                f"{event['states']:,} classes stored, {event['nodes']:,} nodes, {elapsed}")
    phase = f"{event['phase']}: " if event.get("phase") else ""
    if event.get("best") is not None:   # after a better answer: what there is to beat, and what is proved
        phase = f"searching for fewer than {event['best']:,} moves (at least {event.get('lower_bound', 0):,}): {phase}"
    depth = "" if event.get("depth") is None else f"depth {event['depth']}, "
    return f"{phase}{depth}{event['nodes']:,} nodes, {event['states']:,} states, {elapsed}"


def _text(request: dict[str, Any], command: str, result: dict[str, Any]) -> str:
    """A result in words; each family formats its own results, `compare` is one table for both."""
    if command == "compare":
        return compare.describe(result, ROW_HINTS)
    name = request.get("family") or catalog.find(request["puzzle"])["family"]
    return catalog.family(name).describe(command, result)


def _explain(request: dict[str, Any]) -> int:
    """`compare --explain`: the explanation of each algorithm and bound the comparison would run."""
    name = request.get("family") or catalog.find(request["puzzle"])["family"]
    try:
        _, runs = catalog.family(name).compare_plan(request)
    except PuzzleError as problem:
        print(f"pzl: {problem}", file=sys.stderr)
        return REFUSED
    paragraphs = explain.lines(name, [run["algorithm"] for run in runs], [run["bound"] for run in runs if run["bound"]])
    print("\n\n".join(textwrap.fill(paragraph, 100, subsequent_indent="  ") for paragraph in paragraphs))
    return OK


def _tables(args: argparse.Namespace) -> int:
    """`tables`: list the known pattern tables and their state; `--build [NAME]` makes them in the user cache."""
    shelves = [family.shelf for family in catalog.families() if family.shelf is not None]
    if args.build is None:
        for row in (row for shelf in shelves for row in shelf.status()):
            size = f"{row['bytes']:,} bytes" if row["bytes"] else "-"
            print(f"{row['name']}  ({row['partition']} on {row['board']})  {row['path']}  {size}  {row['state']}")
        return OK
    try:
        for shelf in shelves:
            for line in shelf.build(args.build, os.cpu_count() or 1):
                print(line, flush=True)
    except PuzzleError as problem:
        print(f"pzl: {problem}", file=sys.stderr)
        return REFUSED
    return OK


def _list(args: argparse.Namespace) -> int:
    entries = catalog.entries()
    if args.json:
        print(json.dumps(entries, ensure_ascii=False, indent=1))
        return 0
    width = max(len(entry["id"]) for entry in entries)
    group = None
    for entry in entries:
        if entry["group"] != group:
            group = entry["group"]
            print(f"\n{group}:" if group != entries[0]["group"] else f"{group}:")
        print(f"  {entry['id']:<{width}}  {entry['name']} - {entry['description']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
