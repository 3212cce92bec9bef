// The sliding family as the app sees it: a catalog entry turned into a game
// (positions, hand moves, shuffle, words for moves, the solver's request fields).

import { drawSlidingBoard } from "./board-sliding.js";
import {
  ANY, EMPTY, formatPosition, isTileRectangle, legalSlides, parsePosition, positionProblem, randomSolvable, randomWalk,
  reaches, sameLabels, slideAt, slideToward, slidingRules,
} from "./sliding.js";

const DIRECTION_WORDS = { "-1,0": "up", "1,0": "down", "0,-1": "left", "0,1": "right" };

/** Boards of more than this many cells are shuffled uniformly at random (random walks mix too slowly there). */
const WALK_CELLS = 16;

/** A game for one sliding catalog entry. */
export function slidingGame(entry) {
  const rules = slidingRules(entry);
  const goal = parsePosition(entry.goal);
  const start = parsePosition(entry.start ?? entry.goal);
  const tileRectangle = isTileRectangle(entry);

  let picked = null; // edit mode: the first cell of a swap

  return {
    family: "sliding",
    entry,
    start,
    goal,
    unit: ["move", "moves"],
    algorithms: entry.algorithms ?? ["auto", "bfs", "bidirectional", "iddfs", "ida", ...(tileRectangle ? ["fast"] : [])],
    allowsAll: true,
    canShuffle: true,
    same: (a, b) => Array.isArray(a) && Array.isArray(b) && sameLabels(a, b),
    solved: reaches,
    /** The start and goal a link names; throws Error with a readable message. */
    fromLink(link) {
      for (const key of ["empty", "finish"]) {
        if (link[key] !== undefined) throw new Error(`sliding puzzles take start= and goal=, not ${key}=`);
      }
      const linkGoal = link.goal ?? goal;
      const goalProblem = positionProblem(rules, linkGoal, start, { goal: true });
      if (goalProblem) throw new Error(`the goal does not fit the ${entry.name}: ${goalProblem}`);
      const linkStart = link.start ?? start;
      const startProblem = positionProblem(rules, linkStart, start);
      if (startProblem) throw new Error(`the start does not fit the ${entry.name}: ${startProblem}`);
      return { start: linkStart, goal: linkGoal };
    },
    linkFields: (position, target) => ({ start: position, goal: sameLabels(target, goal) ? undefined : target }),
    /** Why a start and goal cannot be solved as they are, in words; or null. */
    problem(position, target) {
      const startProblem = positionProblem(rules, position, start);
      if (startProblem) return `the start is not a position of the ${entry.name}: ${startProblem}`;
      const goalProblem = positionProblem(rules, target, start, { goal: true });
      if (goalProblem) return `the goal is not a position of the ${entry.name}: ${goalProblem}`;
      return null;
    },
    draw: (svg, handlers) => {
      picked = null;
      const board = drawSlidingBoard(svg, entry, rules, handlers);
      return { show: (position, options = {}) => board.show(position, { ...options, picked }) };
    },
    /** The result of a click on `cell`: {position} after a slide, or null when nothing can slide. */
    click(position, cell, onSlot) {
      if (onSlot && position[cell] === EMPTY) {
        // A click on the empty cell pulls in a neighbouring piece, if one can slide into it.
        const [row, col] = rules.cells[cell];
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          const from = rules.cellAt(row + dr, col + dc);
          if (from === undefined || position[from] === EMPTY) continue;
          const move = legalSlides(rules, position).find((slide) => slide.piece.cells.includes(from)
            && slide.direction[0] === -dr && slide.direction[1] === -dc);
          if (move) return { position: move.position };
        }
        return null;
      }
      const move = slideAt(rules, position, cell);
      return move ? { position: move.position } : null;
    },
    /** Arrow keys slide a piece that way into the empty cell; other keys are not ours (undefined). */
    key(position, key) {
      if (!key.startsWith("Arrow")) return undefined;
      const move = slideToward(rules, position, key);
      return move ? { position: move.position } : null;
    },
    /** Edit: click two cells to swap what they hold, in the start or (target "goal") the goal. */
    edit(position, target, cell, which) {
      if (picked === null) {
        picked = cell;
        return { position, goal: target };
      }
      const swap = (labels) => {
        const next = labels.slice();
        [next[picked], next[cell]] = [next[cell], next[picked]];
        return next;
      };
      const result = which === "goal" ? { position, goal: swap(target) } : { position: swap(position), goal: target };
      picked = null;
      return result;
    },
    /**
     * A random position from which the goal can be reached: uniformly random on a big board of
     * numbered tiles, else a random walk from the goal (or from the start for a partial goal).
     */
    shuffle(random = Math.random) {
      if (tileRectangle && rules.size > WALK_CELLS) return randomSolvable(rules, goal, random);
      const from = goal.includes(ANY) ? start : goal;
      return randomWalk(rules, from, Math.max(200, rules.size * 40), random);
    },
    movesIn: (positions) => positions.length - 1,
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
    /** The solver request's task fields. */
    request: (position, target) => ({ start: formatPosition(position), goal: formatPosition(target) }),
    /** A solve result's positions (and each move in words), or null (`index`: of result.solutions). */
    solutionOf(result, from, index = null) {
      const path = index === null ? result.solution : result.solutions?.[index];
      if (!Array.isArray(path)) return null;
      const positions = path.map(parsePosition);
      const words = positions.slice(1).map((position, i) => this.describeMove(positions[i], position));
      return { positions, paths: null, words };
    },
  };
}
