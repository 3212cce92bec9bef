"""A set of millions of positions kept as shards of at most SHARD each, only the newest one growing.

A Python set grows by rebuilding its whole table in one C call, and frees all its entries at once when
cleared: at millions of entries either takes a tenth of a second or more, with no chance to report
progress or hear Cancel in between (the page runs searches in 50 ms slices). Kept in shards, no rebuild
or free is bigger than one shard, whatever the total. Bulk operations go shard by shard in C, each
costing what the smaller operand costs, so a search that works a chunk at a time pays little for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

#: Entries a shard takes before a new one starts (a rebuild of this many: ~20-30 ms in CPython).
SHARD = 1 << 19
#: Entries a table (a dict: position → cost or parent) takes before A* starts a new one: its last rebuild, at
#: 699,051 entries, takes ~30 ms of CPython (one table of 2.8 million took 0.13 s; A*'s two in one step 0.26 s,
#: five slices' worth).
TABLE_SHARD = 1 << 20


class Shards:
    """A set of positions as shards: add what is new (`add`, `update`), drop members from a batch
    (`drop_known`), the members of a batch (`common`), `in`, `len`; `sets` are the shards themselves."""

    __slots__ = ("sets", "shard")

    def __init__(self, items: Iterable[int] = (), shard: int = SHARD) -> None:
        self.sets: list[set[int]] = [set()]
        self.shard = shard
        self.update(set(items))

    def __len__(self) -> int:
        return sum(map(len, self.sets))

    def __contains__(self, item: object) -> bool:
        return any(item in members for members in self.sets)

    def _newest(self) -> set[int]:
        newest = self.sets[-1]
        if len(newest) >= self.shard:
            newest = set()
            self.sets.append(newest)
        return newest

    def add(self, item: int) -> None:
        """Add one position (not a member yet)."""
        self._newest().add(item)

    def update(self, items: set[int]) -> None:
        """Add positions that are not members yet (`drop_known` first): they go to the newest shard."""
        self._newest().update(items)

    def merge(self, items: Iterable[int]) -> None:
        """Add `items`, members or not (a plain union while there is one shard, the common case)."""
        newest = self._newest()
        if len(self.sets) > 1:
            batch = set(items)
            for members in self.sets[:-1]:
                batch -= members
            items = batch
        newest.update(items)

    def drop_known(self, items: set[int]) -> None:
        """Remove from `items` (in place) every position that is a member."""
        for _ in self.dropping_known(items):
            pass

    def dropping_known(self, items: set[int]) -> Iterator[None]:
        """`drop_known` a shard at a time, pausing after each (a caller reports progress between).

        `items -= members` walks the whole of `members` unless it is 8 times the larger (CPython): a batch of
        100,000 against a full shard took 42 ms that way. Whichever is smaller is walked: the batch's
        members found first (`&` walks the smaller set), then removed."""
        for members in self.sets:
            items -= items & members if len(items) < len(members) else members
            yield

    def common(self, items: set[int]) -> set[int]:
        """The positions of `items` that are members."""
        found: set[int] = set()
        for members in self.sets:
            found |= items & members
        return found

    def clear(self) -> None:
        self.sets = [set()]
