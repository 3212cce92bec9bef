"""Sliding results in words for the terminal (the CLI's output without --json)."""

from __future__ import annotations

from typing import Any

from pzl.wording import counted, searching_words


def describe(command: str, result: dict[str, Any]) -> str:
    """A result in words for the terminal."""
    if command == "longest":
        lines = [f"{result['puzzle']}: {result['states']:,} positions reachable from the goal {result['goal']}"
                 + (" (every position that meets it, counted at distance 0)" if "*" in result["goal"] else ""),
                 f"longest distance: {counted(result['longest'], 'move')}, reached by {len(result['positions'])} "
                 f"position{'s' if len(result['positions']) != 1 else ''}:"]
        lines += [f"  {position}" for position in result["positions"][:50]]
        if len(result["positions"]) > 50:
            lines.append(f"  ... and {len(result['positions']) - 50:,} more")
        lines.append("positions per distance (distance: count):")
        pairs = [f"{d:3d}: {n:<9,}" for d, n in enumerate(result["histogram"])]
        lines += ["  " + " ".join(pairs[i:i + 6]).rstrip() for i in range(0, len(pairs), 6)]
        lines.append(_stats(result["stats"]))
        return "\n".join(lines)
    if not result["solvable"]:
        return (f"{result['puzzle']}: {result['start']} cannot reach {result['goal']}:\n"
                f"{result['reason']}\n{_stats(result['stats'])}")
    metrics = {"piece": ", a piece's whole slide as one move", "straight": ", one straight slide as one move"}
    how = result["algorithm"] + (f", {result['bound']}" if result.get("bound") else "")   # ida: its lower bound
    how += metrics.get(result.get("metric", "step"), "")
    if result.get("minimal", True):
        head = f"{counted(result['moves'], 'move')}, proved minimal ({how})"
    else:
        lower = result["lower_bound"]
        head = (f"{counted(result['moves'], 'move')} (not proved minimal; at least {lower:,}, "
                f"×{result['moves'] / lower:.2f}; {how})")
    lines = [f"{result['puzzle']}: {head}"]
    lines += [f"note: {line}" for line in (result.get("note"), searching_words(result)) if line]
    lines += _other_counts(result)
    lines += [f"{i:3d}  {position}" for i, position in enumerate(result["solution"])]
    if "count" in result:
        lines.append(f"{counted(result['count'], 'distinct shortest solution')}"
                     + (f" ({len(result['solutions'])} listed with --json)" if result["solutions"] else ""))
    lines.append(_stats(result["stats"]))
    return "\n".join(lines)


#: How each metric's count of a solution reads in words.
COUNT_WORDS = {"piece": ("piece move", "a piece moved any distance is one move"),
               "straight": ("straight slide", "one straight slide is one move"),
               "step": ("one-cell slide", "one piece moved by one cell is one move")}


def _other_counts(result: dict[str, Any]) -> list[str]:
    """The line giving the solution's count in the other metrics, when one differs from `moves`."""
    metric = result.get("metric", "step")
    counts = {name: result.get(f"{name}_moves") for name in COUNT_WORDS if name != metric}
    if all(count in (None, result["moves"]) for count in counts.values()):
        return []
    words = ", ".join(f"{counted(count, COUNT_WORDS[name][0])} ({COUNT_WORDS[name][1]})"
                      for name, count in counts.items() if count is not None)
    return [f"the same solution counted otherwise: {words}"]


def _stats(stats: dict[str, Any]) -> str:
    return (f"{counted(stats['nodes'], 'node')} expanded, {counted(stats['states'], 'state')} stored, "
            f"{stats['seconds']:.3f} s")
