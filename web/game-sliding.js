// The sliding family as the app sees it: a catalog entry turned into a game
// (positions, hand moves, shuffle, words for moves, the solver's request fields).

import { drawSlidingBoard } from "./board-sliding.js";
import { packPath, unpackPath } from "./link.js";
import {
  ANY, EMPTY, formatPosition, isTileRectangle, legalSlides, manhattan, otherGoals, parityAllows, parsePosition,
  piecesOf, positionProblem, randomSolvable, randomWalk, reaches, sameLabels, slideAt, slideToward, slidingRules,
} from "./sliding.js";

const DIRECTION_WORDS = { "-1,0": "up", "1,0": "down", "0,-1": "left", "0,1": "right" };
/** A move in a link: the cell of the piece (numbered from 0, row by row) and the way it slides. */
const DIRECTION_LETTERS = { "-1,0": "u", "1,0": "d", "0,-1": "l", "0,1": "r" };
const TOKEN = /^(\d{1,3})([udlr])$/;

/** Boards of more than this many cells are shuffled uniformly at random (random walks mix too slowly there). */
const WALK_CELLS = 16;

/** A game for one sliding catalog entry. */
export function slidingGame(entry) {
  const rules = slidingRules(entry);

  /** The index in `slides` (the legal one-cell slides of `position`) of a token's part ("7u"), or null. */
  function slideIndex(position, part, slides = legalSlides(rules, position)) {
    const match = TOKEN.exec(part);
    if (!match) return null;
    const cell = Number(match[1]);
    const direction = Object.keys(DIRECTION_LETTERS).find((key) => DIRECTION_LETTERS[key] === match[2]);
    const index = slides.findIndex((slide) => slide.piece.cells.includes(cell) && slide.direction.join(",") === direction);
    return index < 0 ? null : index;
  }
  const goal = parsePosition(entry.goal);
  const tileRectangle = isTileRectangle(entry);
  // A board of your own opens shuffled: solved already, it would have nothing to do.
  const start = entry.custom ? shuffled(Math.random, Math.max(200, rules.size * 40))
    : parsePosition(entry.start ?? entry.goal);

  /**
   * A random position from which the goal can be reached: uniformly random on a big board of
   * numbered tiles (random walks mix too slowly there), else a random walk of `steps` slides
   * from the goal (or from the start for a partial goal).
   */
  function shuffled(random, steps, from = goal) {
    if (tileRectangle && rules.size > WALK_CELLS) return randomSolvable(rules, goal, random);
    return randomWalk(rules, from, steps, random);
  }

  let picked = null; // edit mode: the first cell of a swap

  /**
   * The one-cell slides that turn `before` into `after` when only pieces of one label move (a whole
   * slide of one piece, as books count moves): breadth-first over those slides; null if none do.
   */
  function slidesBetween(before, after) {
    const label = after.find((now, cell) => now !== EMPTY && before[cell] === EMPTY);
    const key = (position) => position.join(" ");
    const others = (position) => position.every((now, cell) => now === label || now === EMPTY
      || now === before[cell]);
    const back = new Map([[key(before), null]]);
    let layer = [before];
    while (layer.length && !back.has(key(after))) {
      const next = [];
      for (const position of layer) {
        for (const move of legalSlides(rules, position)) {
          if (move.piece.label !== label || back.has(key(move.position)) || !others(move.position)) continue;
          back.set(key(move.position), [position, move]);
          next.push(move.position);
        }
      }
      layer = next;
    }
    if (!back.has(key(after))) return null;
    const steps = [];
    for (let at = after; back.get(key(at)); at = back.get(key(at))[0]) steps.unshift(back.get(key(at))[1]);
    return steps.length ? steps : null;
  }

  return {
    family: "sliding",
    entry,
    start,
    goal,
    unit: ["move", "moves"],
    algorithms: entry.algorithms ?? ["auto", "bfs", "bidirectional", "iddfs", "ida", "astar", ...(tileRectangle ? ["fast"] : [])],
    allowsAll: true,
    canShuffle: true,
    rules,
    /** A catalog start the page shows `entry.start_note` for. */
    isDefaultStart: (position) => !entry.custom && sameLabels(position, parsePosition(entry.start)),
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
    /** A random position from which the goal can be reached (see `shuffled`). */
    shuffle(random = Math.random, steps = Math.max(200, rules.size * 40)) {
      return shuffled(random, steps, goal.includes(ANY) ? start : goal);
    },
    /** A lower bound on the moves from `position` to `target` (Manhattan distance), or null. */
    lowerBound: (position, target) => manhattan(rules, position, target),
    /** False when parity proves `position` cannot reach `target`; then `offers` lists goals it can reach. */
    parity(position, target) {
      const allows = parityAllows(rules, position, target);
      if (allows !== false) return { allows, offers: [] };
      const offers = otherGoals(target).filter((option) => parityAllows(rules, position, option.goal));
      return { allows, offers };
    },
    /** A position typed or pasted by a person: {position} or {problem} in words. */
    readPosition(text) {
      const labels = String(text).trim().split(/[\s,;/|]+/).filter(Boolean)
        .map((label) => (["_", "□", "."].includes(label) ? EMPTY : label));
      const cells = labels.length === 1 && labels[0].length === rules.size ? [...labels[0]] : labels;
      if (!cells.length) return { problem: "type the labels in cell order, row by row, 0 for an empty cell" };
      const problem = positionProblem(rules, cells, start);
      return problem ? { problem } : { position: cells };
    },
    /** The link token of one slide ("7u": the piece on cell 7 slides up), or null. */
    moveToken(before, after) {
      const steps = slidesBetween(before, after);
      return steps && steps.map((move) => `${Math.min(...move.piece.cells)}${DIRECTION_LETTERS[move.direction.join(",")]}`)
        .join("-");
    },
    /** Play a link token on `position`: {position, words}, or null when it is not a legal move there. */
    playToken(position, token) {
      let now = position;
      for (const part of String(token).split("-")) {
        const index = slideIndex(now, part);
        if (index === null) return null;
        now = legalSlides(rules, now)[index].position;
      }
      return { position: now, words: this.describeMove(position, now) };
    },
    /**
     * The link's compact code (`packPath`) of the moves `tokens` played from `position`: each one-cell
     * slide as its index among the legal slides there. Null when a token is not legal.
     */
    packMoves(position, tokens) {
      const digits = [];
      const radices = [];
      const lengths = [];
      let now = position;
      for (const token of tokens) {
        const parts = String(token).split("-");
        lengths.push(parts.length);
        for (const part of parts) {
          const slides = legalSlides(rules, now);
          const index = slideIndex(now, part, slides);
          if (index === null) return null;
          digits.push(index);
          radices.push(slides.length);
          now = slides[index].position;
        }
      }
      return packPath(digits, radices, lengths);
    },
    /** The link tokens of a compact code (`packMoves`) played from `position`; LinkError when it does not fit. */
    unpackMoves(position, code) {
      let now = position;
      let slides = null;
      const parts = [];
      const lengths = unpackPath(code, () => {
        slides = legalSlides(rules, now);
        return slides.length;
      }, (index) => {
        const slide = slides[index];
        parts.push(`${Math.min(...slide.piece.cells)}${DIRECTION_LETTERS[slide.direction.join(",")]}`);
        now = slide.position;
      });
      let next = 0;
      return lengths.map((length) => parts.slice(next, next += length).join("-"));
    },
    /** The cells of the piece a hint moves, and where it goes: {cells, to}. */
    hintMarks(before, after) {
      const move = legalSlides(rules, before).find((slide) => sameLabels(slide.position, after));
      return move ? { cells: move.piece.cells, direction: move.direction } : null;
    },
    movesIn: (positions) => positions.length - 1,
    /** One move in words: "8 left" (one cell), "S 2 right", "V 1 down, 1 left" (a whole slide). */
    describeMove(before, after) {
      const label = after.find((now, cell) => now !== EMPTY && before[cell] === EMPTY);
      if (label === undefined) return "?";
      const moved = (position) => piecesOf(rules, position)
        .find((piece) => piece.label === label && piece.cells.some((cell) => before[cell] !== after[cell]));
      const [was, now] = [moved(before), moved(after)];
      if (!was || !now) return "?";
      return this.describeStep({ piece: label, from: was.cells, to: now.cells });
    },
    /** A solver's step {piece, from, to} (the piece's cells before and after) in words. */
    describeStep({ piece: label, from, to }) {
      const [r0, c0] = rules.cells[Math.min(...from)];
      const [r1, c1] = rules.cells[Math.min(...to)];
      const [dr, dc] = [r1 - r0, c1 - c0];
      if (Math.abs(dr) + Math.abs(dc) === 1) return `${label} ${DIRECTION_WORDS[`${dr},${dc}`]}`;
      const parts = [];
      if (dr) parts.push(`${Math.abs(dr)} ${dr > 0 ? "down" : "up"}`);
      if (dc) parts.push(`${Math.abs(dc)} ${dc > 0 ? "right" : "left"}`);
      return `${label} ${parts.join(", ") || "moves"}`;
    },
    /** The solver request's task fields. */
    request: (position, target) => ({ start: formatPosition(position), goal: formatPosition(target) }),
    /** A solve result's positions (and each move in words), or null (`index`: of result.solutions). */
    solutionOf(result, from, index = null) {
      const path = index === null ? result.solution : result.solutions?.[index];
      if (!Array.isArray(path)) return null;
      const positions = path.map(parsePosition);
      const steps = index === null ? result.steps : result.solutions_steps?.[index];
      const words = Array.isArray(steps) && steps.length === positions.length - 1
        ? steps.map((step) => this.describeStep(step)) // the solver names each move: no diffing
        : positions.slice(1).map((position, i) => this.describeMove(positions[i], position));
      return { positions, paths: null, words };
    },
  };
}
