"""Which request keys each peg command reads: `pzl.api` refuses any other key by name, before anything runs.

One line per key (the commands that read it); `OPTIONS` is the same table by command. Every key
listed is honoured by the command (or its value refused by name), so an answer never silently
leaves out part of the question.
"""

from __future__ import annotations

#: Request key → the commands that read it (besides `command`, `family` and `puzzle`, read by all).
READ_BY: dict[str, tuple[str, ...]] = {
    "mask": ("solve", "analyse", "census", "atlas", "compare"),           # a drawn board
    "lattice": ("solve", "analyse", "census", "atlas", "compare"),        # a drawn board's lattice
    "empty": ("solve", "analyse", "census", "compare"),                   # holes empty at the start
    "finish": ("solve", "analyse", "census", "compare"),                  # a hole, any, or a final pattern
    "first": ("solve", "census", "compare"),                              # a fixed first jump
    "pegs": ("analyse",),                                                 # the position judged
    "last": ("analyse",),                                                 # where the previous move ended
    "algorithm": ("solve", "compare"),
    "all": ("solve",),
    "max_solutions": ("solve",),
    "max_states": ("solve", "analyse", "census", "atlas", "compare"),
    "seconds_limit": ("analyse", "census", "atlas"),
    "by_moves": ("census",),
    "seconds": ("compare",),                                              # each row's time budget
    "measure_memory": ("compare",),
}

#: Command → the request keys it reads.
OPTIONS: dict[str, tuple[str, ...]] = {
    command: tuple(key for key, commands in READ_BY.items() if command in commands)
    for command in ("solve", "analyse", "census", "atlas", "compare")
}
