"""Which request keys each sliding command reads: `pzl.api` refuses any other key by name, before anything runs.

One line per key (the commands that read it); `OPTIONS` is the same table by command. Every key
listed is honoured by the command (or its value refused by name), so an answer never silently
leaves out part of the question.
"""

from __future__ import annotations

#: Request key → the commands that read it (besides `command`, `family` and `puzzle`, read by all).
READ_BY: dict[str, tuple[str, ...]] = {
    "board": ("solve", "longest", "compare"),          # a custom board's size
    "layout": ("solve", "longest", "compare"),         # any sliding-block puzzle drawn row by row
    "rules": ("solve", "longest", "compare"),          # free, or rush-hour (cars slide along their length)
    "start": ("solve", "longest", "compare"),          # longest: only with a partial goal (what is reachable)
    "goal": ("solve", "longest", "compare"),
    "metric": ("solve", "longest", "compare"),
    "algorithm": ("solve", "compare"),
    "bound": ("solve", "compare"),
    "all": ("solve",),
    "max_solutions": ("solve",),
    "max_states": ("solve", "longest", "compare"),
    "seconds": ("compare",),                           # each row's time budget
    "measure_memory": ("compare",),
}

#: Command → the request keys it reads.
OPTIONS: dict[str, tuple[str, ...]] = {
    command: tuple(key for key, commands in READ_BY.items() if command in commands)
    for command in ("solve", "longest", "compare")
}
