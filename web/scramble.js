// Shuffle to a chosen distance from the goal. A long random walk gives a random position; one
// optimal solve gives its exact distance D; if D is at least the distance d asked for, the
// position d moves before the end of that shortest solution is exactly d moves from the goal
// (the end of a shortest path is a shortest path). Positions that far are rare on small
// boards, so a few walks are tried; when none is far enough the farthest is used, with its
// exact distance. When the solver cannot answer in time (big boards), a walk of d moves is used
// with what is known: at most d moves, at least its Manhattan distance.

/** The distances offered next to Shuffle ("random" is a plain long walk). */
export const SHUFFLE_DISTANCES = [5, 10, 15, 20, 25, 30, 40, 50];

/**
 * A position `distance` moves from the goal of `game`. `solve(position)` resolves to a shortest
 * solution {moves, positions} or null (no answer in time). Resolves to {position, distance, exact,
 * lowerBound}: `exact` says whether `distance` is the exact distance (else it is an upper bound).
 */
export async function scrambleTo(game, goal, distance, solve, { random = Math.random, tries = 12 } = {}) {
  let best = null;
  for (let i = 0; i < tries; i += 1) {
    const candidate = game.shuffle(random, Math.max(3 * distance, 40));
    const solution = await solve(candidate);
    if (!solution) break;
    if (solution.moves >= distance) {
      return { position: solution.positions[solution.moves - distance], distance, exact: true };
    }
    if (!best || solution.moves > best.distance) best = { position: candidate, distance: solution.moves, exact: true };
  }
  if (best) return best;
  const position = game.shuffle(random, distance);
  return { position, distance, exact: false, lowerBound: game.lowerBound?.(position, goal) ?? null };
}
