"""Pagoda functions found for a task by linear programming: more dead positions recognised at a glance.

A position x can reach the target t only if no pagoda function weighs x below t. The Fibonacci
weights of `pzl.peg.bounds` are one such function; a board has many more, and which ones matter
depends on the task. By Farkas' lemma a pagoda w with w(x) < w(t) exists exactly when x - t is not
a non-negative combination of the jumps' effects (a jump from a over b to c adds e_a + e_b - e_c
to "what must still go"), so one linear program per position either finds such a w or shows that
none exists. `find_pagodas` solves it for sample positions of a search layer, keeps the weights it
finds with their images under the task's symmetries, and picks the few that recognise the most
samples as dead. Every weight vector is checked exactly (integers) before it is used, so a
rounding error can cost a function, never a wrong answer.

On the English board's central game the functions found this way (4 forwards, 8 backwards) rule
out 42 % of forward layer 10 and 67 % of backward layer 6 beyond the Fibonacci weights; the 18-move
proof stores 1.53 million positions instead of 3.37 million.
"""

from __future__ import annotations

import heapq
from collections.abc import Generator, Iterator, Sequence
from fractions import Fraction
from math import gcd, lcm

from pzl.peg.board import holes_of
from pzl.peg.bounds import PagodaTest, is_pagoda
from pzl.peg.engines.search_tables import Jump, permute

#: Linear programs solved for one search side at most, and the tableau entries their pivots may
#: update together (about 0.4 s of CPython at most).
MAX_PROGRAMS, WORK = 64, 8_000_000
#: Functions kept at most (8 keep a position's weights in one 64-bit word on the English board); a
#: function is kept only if it recognises at least this share of the samples as dead beyond the others.
MAX_KEPT, LEAST_GAIN = 8, 0.005
#: Samples scored, at most; fewer live samples than MIN_SAMPLES are not worth a program.
SAMPLES, MIN_SAMPLES = 4096, 8
#: Samples scored by the known tests between two ticks (~5 µs each).
SCORED_PER_TICK = 1024
#: Simplex pivots a program may take, per row of its tableau (a hole); a program that needs more
#: finds nothing (they typically take 1–3).
MAX_PIVOTS_PER_ROW = 4
#: Passes over the holes when lowering a found pagoda (`_lowered`).
LOWERING_PASSES = 4
_EPS = 1e-9


def find_pagodas(size: int, jumps: Sequence[Jump], symmetries: Sequence[Sequence[int]], target: int,
                 samples: Sequence[int], known: Sequence[PagodaTest] = ()) -> Generator[None, None, list[PagodaTest]]:
    """Pagoda tests towards `target` (a position; a test kills x when weight(x) < weight(target))
    that recognise many of `samples` as dead beyond what the `known` tests recognise.

    A generator: yields None between linear programs (the caller reports progress), returns the
    tests chosen (possibly none). Deterministic for given arguments.
    """
    spread = _picked(samples, SAMPLES)
    yield None
    alive: list[int] = []
    for low in range(0, len(spread), SCORED_PER_TICK):   # scored by the known tests a slice at a time
        alive.extend(x for x in spread[low:low + SCORED_PER_TICK]
                     if not any(_kills(test, holes_of(x)) for test in known))
        yield None
    if len(alive) < MIN_SAMPLES:
        return []
    effects = _effects(size, jumps)
    found: list[PagodaTest] = []
    seen: set[tuple[int, ...]] = set()
    programs = work = 0
    for x in alive:
        if programs >= MAX_PROGRAMS or work >= WORK:
            break
        if any(_kills(test, holes_of(x)) for test in found):
            continue
        programs += 1
        weights, spent = _separating_weights(effects, _need(size, x, target))
        work += spent
        yield None
        if weights is None or not is_pagoda(weights, jumps):
            continue
        weights = _lowered(weights, jumps, target)
        for perm in (tuple(range(size)), *symmetries):  # the weights themselves, then their images
            image = [0] * size
            for hole, value in enumerate(weights):
                image[perm[hole]] = value
            key = tuple(image)
            if key not in seen and permute(target, perm) == target:
                seen.add(key)
                found.append(PagodaTest(key, sum(key[h] for h in range(size) if target >> h & 1)))
    return (yield from _chosen(found, alive))


def separating_pagoda(size: int, jumps: Sequence[Jump], position: int, target: int) -> tuple[int, ...] | None:
    """Integer pagoda weights (per hole) that weigh `position` below `target`, proving that jumps cannot
    turn one into the other; None when no pagoda function can (the position may still be dead)."""
    weights, _ = _separating_weights(_effects(size, jumps), _need(size, position, target))
    return weights if weights is not None and is_pagoda(weights, jumps) else None


def _effects(size: int, jumps: Sequence[Jump]) -> list[list[int]]:
    """Hole × jump: what the jump takes from the hole (+1 from and over, -1 to)."""
    effects = [[0] * len(jumps) for _ in range(size)]
    for column, (a, b, c) in enumerate(jumps):
        effects[a][column] += 1
        effects[b][column] += 1
        effects[c][column] -= 1
    return effects


def _need(size: int, position: int, target: int) -> list[int]:
    """Per hole, what must still go from `position` to reach `target`."""
    return [(position >> h & 1) - (target >> h & 1) for h in range(size)]


def _lowered(weights: tuple[int, ...], jumps: Sequence[Jump], target: int) -> tuple[int, ...]:
    """The pagoda with each hole outside `target` lowered as far as the jumps from and over it allow.

    It weighs the target the same and every position as much or less, so it rules out every
    position the given one does, and more: which of the many separating weights a linear program
    returns matters much less after this.
    """
    lowered = list(weights)
    bounds: list[list[tuple[int, int]]] = [[] for _ in lowered]  # hole: (other hole, landing) per jump from/over it
    for a, b, c in jumps:
        bounds[a].append((b, c))
        bounds[b].append((a, c))
    for _ in range(LOWERING_PASSES):
        changed = False
        for hole, limits in enumerate(bounds):
            if target >> hole & 1 or not limits:
                continue
            least = max(lowered[c] - lowered[other] for other, c in limits)
            if least < lowered[hole]:
                lowered[hole], changed = least, True
        if not changed:
            break
    return tuple(lowered)


def _kills(test: PagodaTest, pegs: list[int]) -> bool:
    """True when the test rules out the position with these pegs."""
    return sum(map(test.weights.__getitem__, pegs)) < test.least


def _picked(values: Sequence[int], count: int) -> list[int]:
    """At most `count` of `values`, picked by a fixed scrambling of the positions themselves: the same
    picks whatever order the values come in (a layer's order follows set order, which differs between
    CPython and Pyodide), spread over the whole layer."""
    return heapq.nsmallest(count, values, key=_scrambled)


def _scrambled(position: int) -> int:
    return (position * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF


def _chosen(candidates: list[PagodaTest], samples: list[int]) -> Iterator[None]:
    """Greedily, the candidates that kill the most samples not yet killed (at most MAX_KEPT); a generator
    (a None tick after each candidate is scored) returning them."""
    pegs = [holes_of(x) for x in samples]
    kills = []
    for test in candidates:
        kills.append({k for k, held in enumerate(pegs) if _kills(test, held)})
        yield None
    chosen: list[PagodaTest] = []
    killed: set[int] = set()
    while len(chosen) < MAX_KEPT and candidates:
        best = max(range(len(candidates)), key=lambda k: (len(kills[k] - killed), -k))
        gain = len(kills[best] - killed)
        if gain < max(1, LEAST_GAIN * len(samples)):
            break
        chosen.append(candidates[best])
        killed |= kills[best]
    return chosen


def _separating_weights(effects: list[list[int]], need: list[int]) -> tuple[tuple[int, ...] | None, int]:
    """Integer weights w with w·column >= 0 for every column of `effects` and w·need < 0, or None when
    `need` is a non-negative combination of the columns (no such w exists) or none was recovered
    exactly (or within MAX_PIVOTS_PER_ROW pivots a row); and the work done (tableau entries updated).

    Phase one of the simplex method on `effects · y = need` (rows flipped so that need >= 0), y >= 0,
    from the basis of one artificial variable per row, which never re-enters: when the least total
    of the artificial variables stays positive with every jump's reduced cost >= 0, the simplex
    multipliers π have π·column <= 0 for every column and π·need > 0, so w = -π (Farkas).
    """
    rows, columns = len(effects), len(effects[0]) if effects else 0
    if not columns:  # no jumps: nothing to separate by
        return None, 0
    sign = [-1 if value < 0 else 1 for value in need]
    flipped = [[sign[i] * v for v in effects[i]] for i in range(rows)]
    table = [[float(v) for v in flipped[i]] + [float(abs(need[i]))] for i in range(rows)]  # jumps | right-hand side
    cost = [-float(sum(flipped[i][j] for i in range(rows))) for j in range(columns)]
    cost.append(-sum(row[-1] for row in table))
    basis = [columns + i for i in range(rows)]  # artificial variable i: columns + i
    stalled = work = 0
    for _ in range(MAX_PIVOTS_PER_ROW * rows):
        if stalled > 2 * rows:  # degenerate steps in a row: Bland's rule (the first improving column) cannot cycle
            entering = next((j for j in range(columns) if cost[j] < -_EPS), -1)
        else:
            entering = min(range(columns), key=cost.__getitem__)
            entering = entering if cost[entering] < -_EPS else -1
        if entering < 0:
            break
        leaving, ratio = -1, 0.0
        for i in range(rows):
            pivot = table[i][entering]
            if pivot > _EPS:
                value = table[i][-1] / pivot
                if leaving < 0 or value < ratio - _EPS or (value <= ratio + _EPS and basis[i] < basis[leaving]):
                    leaving, ratio = i, value
        if leaving < 0:  # unbounded cannot happen in phase one (the objective is bounded below by 0)
            return None, work
        stalled = stalled + 1 if ratio <= _EPS else 0
        prow = table[leaving]
        scale = prow[entering]
        prow[:] = [v / scale for v in prow]
        for i in range(rows):
            if i != leaving:
                factor = table[i][entering]
                if factor:
                    table[i][:] = [v - factor * p for v, p in zip(table[i], prow, strict=True)]
        factor = cost[entering]
        cost[:] = [v - factor * p for v, p in zip(cost, prow, strict=True)]
        basis[leaving] = entering
        work += rows * (columns + 1)
    else:
        return None, work
    if -cost[-1] <= 1e-7:  # the least total is 0: `need` is a combination of the jumps
        return None, work
    # the multipliers: B^T π = c_B (an artificial basic variable costs 1, a jump 0)
    system = [[float(flipped[i][k]) if k < columns else float(i == k - columns) for i in range(rows)]
              + [0.0 if k < columns else 1.0] for k in basis]
    multipliers = _solved(system)
    if multipliers is None:
        return None, work
    weights = [-Fraction(sign[i] * multipliers[i]).limit_denominator(64) for i in range(rows)]
    scale = lcm(*(w.denominator for w in weights))
    whole = [int(w * scale) for w in weights]
    common = gcd(*whole)
    if common == 0:
        return None, work
    whole = [w // common for w in whole]
    if sum(w * n for w, n in zip(whole, need, strict=True)) >= 0:
        return None, work
    if any(sum(whole[i] * effects[i][j] for i in range(rows)) < 0 for j in range(columns)):
        return None, work
    return tuple(whole), work


def _solved(system: list[list[float]]) -> list[float] | None:
    """The solution of a square linear system given as rows [coefficients..., right-hand side]
    (Gaussian elimination with partial pivoting), or None when it is singular."""
    size = len(system)
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(system[row][column]))
        if abs(system[pivot][column]) < _EPS:
            return None
        system[column], system[pivot] = system[pivot], system[column]
        top = system[column]
        for row in range(column + 1, size):
            factor = system[row][column] / top[column]
            if factor:
                system[row] = [v - factor * t for v, t in zip(system[row], top, strict=True)]
    solution = [0.0] * size
    for row in range(size - 1, -1, -1):
        total = system[row][-1] - sum(system[row][k] * solution[k] for k in range(row + 1, size))
        solution[row] = total / system[row][row]
    return solution
