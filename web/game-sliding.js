// The sliding family as the app sees it: a catalog entry turned into a game
// (positions, hand moves, shuffle, words for moves, the solver's request fields).

import { drawSlidingBoard } from "./board-sliding.js";
import {
  ANY, EMPTY, formatPosition, legalSlides, parsePosition, positionProblem, randomWalk, reaches, sameLabels, slideAt,
  slideToward, slidingRules,
} from "./sliding.js";

const DIRECTION_WORDS = { "-1,0": "up", "1,0": "down", "0,-1": "left", "0,1": "right" };

/** A game for one sliding catalog entry. */
export function slidingGame(entry) {
  const rules = slidingRules(entry);
  const goal = parsePosition(entry.goal);
  const start = parsePosition(entry.start ?? entry.goal);

  return {
    family: "sliding",
    entry,
    start,
    goal,
    unit: ["move", "moves"],
    algorithms: entry.algorithms ?? ["auto", "bfs", "bidirectional", "iddfs", "ida"],
    allowsAll: true,
    same: sameLabels,
    solved: reaches,
    /** Why a start (or, with {goal: true}, a goal) from a link or an edit cannot be used, in words; or null. */
    problem: (position, { goal: isGoal = false } = {}) => positionProblem(rules, position, start, { goal: isGoal }),
    draw: (svg, handlers) => {
      const board = drawSlidingBoard(svg, entry, rules, handlers);
      return { show: (position, options = {}) => board.show(position, options) };
    },
    /** The position after a click on `cell`, or null when nothing can slide. */
    moveAt(position, cell, onSlot) {
      if (onSlot && position[cell] === EMPTY) {
        // A click on the empty cell pulls in a neighbouring piece, if exactly one side offers one.
        const [row, col] = rules.cells[cell];
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          const from = rules.cellAt(row + dr, col + dc);
          if (from === undefined || position[from] === EMPTY) continue;
          const move = legalSlides(rules, position).find((slide) => slide.piece.cells.includes(from)
            && slide.direction[0] === -dr && slide.direction[1] === -dc);
          if (move) return move.position;
        }
        return null;
      }
      return slideAt(rules, position, cell)?.position ?? null;
    },
    /** The position after an arrow key (a piece slides that way into the empty cell), or null. */
    moveByKey: (position, key) => slideToward(rules, position, key)?.position ?? null,
    /** A random position from which the goal can be reached (a random walk from it, or from the start). */
    shuffle(random = Math.random) {
      const from = goal.includes(ANY) ? start : goal;
      return randomWalk(rules, from, Math.max(200, rules.size * 40), random);
    },
    /** One move in words, e.g. "8 left". */
    describeMove(before, after) {
      const from = [];
      const to = [];
      let label = "";
      before.forEach((was, cell) => {
        const now = after[cell];
        if (was === now) return;
        if (now === EMPTY) from.push(cell);
        if (was === EMPTY) {
          to.push(cell);
          label = now;
        }
      });
      if (!from.length || !to.length) return "?";
      const [r0, c0] = rules.cells[Math.min(...from)];
      const [r1, c1] = rules.cells[Math.min(...to)];
      const key = `${Math.sign(r1 - r0)},${Math.sign(c1 - c0)}`;
      return `${label} ${DIRECTION_WORDS[key] ?? "moves"}`;
    },
    parse: parsePosition,
    format: formatPosition,
    /** The solver request's task fields. */
    request: (position, target) => ({ start: formatPosition(position), goal: formatPosition(target) }),
    /** The positions of a solve result's solution, or null. */
    solutionOf: (result) => (Array.isArray(result.solution) ? result.solution.map(parsePosition) : null),
  };
}
