"""Words shared by messages and CLI text: counted nouns ("1 move", "2 moves", never "1 moves"), the search's fate."""

from __future__ import annotations

from typing import Any

from pzl.events import CANCELLED


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` (with thousands separators) and `noun`, in the plural unless the count is exactly one."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def searching_words(result: dict[str, Any]) -> str | None:
    """What became of the search for a better answer behind a result, when the person should hear it (cancelled)."""
    if result.get("stopped") == CANCELLED:
        return "the search for fewer moves was cancelled; this is the best answer it had found"
    return None
