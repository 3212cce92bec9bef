"""Counted nouns in messages and CLI text: "1 move", "2 moves", "1,024 positions" — never "1 moves"."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` (with thousands separators) and `noun`, in the plural unless the count is exactly one."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
