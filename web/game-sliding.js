// The sliding family as the app sees it: a catalog entry turned into a game
// (positions, hand moves — a click, a drag or swipe, the keys —, shuffle, words for moves, moves
// counted in the chosen metric, the solver's request fields).

import { drawSlidingBoard } from "./board-sliding.js";
import { packPath, unpackPath } from "./link.js";
import {
  ANY, DIRECTIONS, dragTo, EMPTY, formatPosition, isTileRectangle, legalSlides, lineSlideAt, lineSlideBetween, manhattan,
  moveCounts, movedPiece,
  otherGoals, parityAllows, parsePosition, piecePaths, piecesOf, positionProblem, randomSolvable, randomWalk, reaches,
  sameLabels, slide, slideAt, slideToward, slidingRules,
} from "./sliding.js";

const DIRECTION_WORDS = { "-1,0": "up", "1,0": "down", "0,-1": "left", "0,1": "right" };
/** A move in a link: the cell of the piece (numbered from 0, row by row) and the way it slides. */
const DIRECTION_LETTERS = { "-1,0": "u", "1,0": "d", "0,-1": "l", "0,1": "r" };
const TOKEN = /^(\d{1,3})([udlr])$/;

/** Boards of more than this many cells are shuffled uniformly at random (random walks mix too slowly there). */
const WALK_CELLS = 16;
/** Draws a shuffle may make before it gives up finding a position off the goal. */
const SHUFFLE_TRIES = 20;

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
  // A board of your own opens shuffled: solved already, it would have nothing to do (a layout opens as drawn).
  const start = entry.custom && !entry.asLayout ? shuffled(Math.random, Math.max(200, rules.size * 40))
    : parsePosition(entry.start ?? entry.goal);

  /**
   * A random position from which the goal can be reached: uniformly random on a big board of
   * numbered tiles (random walks mix too slowly there), else a random walk of `steps` slides
   * from the goal (or from the start for a partial goal).
   */
  function shuffled(random, steps, from = goal) {
    const draw = () => (tileRectangle && rules.size > WALK_CELLS ? randomSolvable(rules, goal, random)
      : randomWalk(rules, from, steps, random));
    // A walk can end where it began (about one time in 360 on a 2 x 3 board): a shuffle that
    // hands back a solved puzzle is no shuffle, so draw again (a puzzle of one position keeps it).
    let position = draw();
    for (let tries = 1; tries < SHUFFLE_TRIES && reaches(position, goal); tries += 1) position = draw();
    return position;
  }

  let picked = null; // edit mode: the first cell of a swap
  // The keyboard on a board of blocks with two empty cells or more, where an arrow alone could mean
  // several slides: the arrows move a cursor, Enter takes the piece under it in hand, the arrows then
  // slide that piece (one move in the piece count, however far it goes), Enter or Escape put it down.
  const cursorKeys = start.filter((label) => label === EMPTY).length >= 2;
  let cursor = null;
  let inHand = null; // a cell of the piece in hand

  const pieceAt = (position, cell) => piecesOf(rules, position).find((piece) => piece.cells.includes(cell));
  const cellWords = (position, cell) => {
    const [row, col] = rules.cells[cell];
    return `row ${row + 1}, column ${col + 1}: ${position[cell] === EMPTY ? "empty" : position[cell]}`;
  };

  /** An arrow key in the cursor's way of play: the cursor moves, or the piece in hand slides. */
  function cursorKey(position, key) {
    const [dr, dc] = DIRECTIONS[key];
    if (inHand !== null) {
      const piece = pieceAt(position, inHand);
      const next = piece && slide(rules, position, piece, [dr, dc]);
      if (!next) return { say: `${position[inHand]} cannot slide ${DIRECTION_WORDS[`${dr},${dc}`]}.` };
      const [row, col] = rules.cells[inHand];
      inHand = rules.cellAt(row + dr, col + dc);
      cursor = inHand;
      return { position: next };
    }
    if (cursor === null) {
      cursor = position.findIndex((label) => label !== EMPTY); // the first arrow shows the cursor
      return { say: `Cursor on ${cellWords(position, cursor)}.` };
    }
    let [row, col] = rules.cells[cursor];
    for (let tries = 0; tries < 10; tries += 1) { // over walls, to the next cell of the board that way
      [row, col] = [row + dr, col + dc];
      const cell = rules.cellAt(row, col);
      if (cell !== undefined) {
        cursor = cell;
        break;
      }
    }
    return { say: `Cursor on ${cellWords(position, cursor)}.` };
  }

  /**
   * The one-cell slides, as link tokens ("16r"), that turn `before` into `after` where one piece moved
   * (a whole slide, as books count moves): along a shortest way, fewest turns first; null if none.
   */
  function slidesBetween(before, after) {
    const move = movedPiece(rules, before, after);
    if (!move) { // a line slide: each piece's one-cell slide, nearest the empty cell first
      return lineSlideBetween(rules, before, after)?.slides
        .map(({ piece, direction }) => `${piece.cells[0]}${DIRECTION_LETTERS[direction.join(",")]}`) ?? null;
    }
    const path = move && piecePaths(rules, before, move.piece).get(move.shift.join(","));
    if (!path?.length) return null;
    let cells = move.piece.cells;
    return path.map((direction) => {
      const token = `${Math.min(...cells)}${DIRECTION_LETTERS[direction.join(",")]}`;
      cells = cells.map((cell) => {
        const [row, col] = rules.cells[cell];
        return rules.cellAt(row + direction[0], col + direction[1]);
      });
      return token;
    });
  }

  return {
    family: "sliding",
    entry,
    start,
    goal,
    unit: ["move", "moves"],
    /** What one move is unless the person chooses: a piece's whole move for sliding blocks (as books count). */
    defaultMetric: rules.blocks ? "piece" : "step",
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
      inHand = null;
      const board = drawSlidingBoard(svg, entry, rules, handlers);
      return { show: (position, options = {}) => board.show(position, { ...options, picked: picked ?? inHand, cursor }) };
    },
    /** Put the piece in hand down (after Undo or Redo). */
    drop() {
      inHand = null;
    },
    /**
     * A drag or swipe: the piece pressed on (`from`) goes along any free path to where the pointer let go
     * of it (grid point [row, col]) — one move; {position} after it, or {say} why nothing moved.
     */
    drag(position, from, to) {
      inHand = null;
      const move = dragTo(rules, position, from, to);
      if (move) return { position: move.position };
      const label = position[from];
      return label === EMPTY || label === undefined ? null : { say: `${label} cannot go there.` };
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
      if (move) return { position: move.position };
      // Tiles in line with an empty cell, several cells away: the whole line slides (Tatham's Fifteen).
      // Not on a board of blocks, whose books count each piece's move (a piece is clicked, dragged or keyed).
      const line = rules.blocks ? null : lineSlideAt(rules, position, cell);
      return line ? { position: line.slides[line.slides.length - 1].position } : null;
    },
    /**
     * Arrow keys slide a piece that way into the empty cell; on a board of blocks with two empty cells or
     * more they move a cursor, and Enter or Space takes the piece under it in hand (see cursorKey).
     * Other keys are not ours (undefined).
     */
    key(position, key) {
      if (cursorKeys && (key === "Enter" || key === " " || key === "Escape")) {
        if (inHand !== null) {
          const label = position[inHand];
          inHand = null;
          return { say: `${label} put down.` };
        }
        if (key === "Escape" || cursor === null) return key === "Escape" ? undefined : null;
        if (position[cursor] === EMPTY) return { say: `${cellWords(position, cursor)}: nothing to take.` };
        inHand = cursor;
        return { say: `${position[cursor]} in hand: the arrow keys slide it, Enter puts it down.` };
      }
      if (!key.startsWith("Arrow") || !DIRECTIONS[key]) return undefined;
      if (cursorKeys) return cursorKey(position, key);
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
      return slidesBetween(before, after)?.join("-") ?? null;
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
    /** The cells of the piece a hint moves, and the way it goes first: {cells, direction}. */
    hintMarks(before, after) {
      const move = movedPiece(rules, before, after);
      if (!move) return null;
      const path = piecePaths(rules, before, move.piece).get(move.shift.join(","));
      return { cells: move.piece.cells, direction: path?.[0] ?? move.shift.map(Math.sign) };
    },
    /** The moves from the first of `positions` to the last, counted in `metric` (a drag is one piece move). */
    movesIn(positions, metric = "step") {
      if (metric === "step" && !rules.blocks) { // tiles: one cell a move (a line slide of n tiles: n cells changed, +1)
        let moves = 0;
        for (let i = 1; i < positions.length; i += 1) {
          moves += positions[i].reduce((changed, label, cell) => changed + (label !== positions[i - 1][cell]), 0) - 1;
        }
        return moves;
      }
      return moveCounts(rules, positions)[metric] ?? positions.length - 1;
    },
    /** One move in words: "8 left" (one cell), "S 2 right", "V 1 down, 1 left" (a whole slide), "7 and 8 left" (a line). */
    describeMove(before, after) {
      const move = movedPiece(rules, before, after);
      if (move) return this.describeStep({ piece: move.piece.label, from: move.piece.cells, to: move.after });
      const line = lineSlideBetween(rules, before, after);
      if (!line) return "?";
      const labels = line.slides.map(({ piece }) => piece.label);
      return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]} ${DIRECTION_WORDS[line.direction.join(",")]}`;
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
    /** A position of the solver's answers (labels in cell order), as a position. */
    readAnswer: parsePosition,
    /** A solver step {piece, from, to} with its cells as board cells (they are already). */
    stepOnBoard: (step) => step,
    /** A solve result's positions (and each move in words), or null (`index`: of result.solutions). */
    solutionOf(result, from, index = null) {
      const path = index === null ? result.solution : result.solutions?.[index];
      if (!Array.isArray(path)) return null;
      const positions = path.map((text) => this.readAnswer(text));
      const steps = index === null ? result.steps : result.solutions_steps?.[index];
      const words = Array.isArray(steps) && steps.length === positions.length - 1
        ? steps.map((step) => this.describeStep(this.stepOnBoard(step))) // the solver names each move: no diffing
        : positions.slice(1).map((position, i) => this.describeMove(positions[i], position));
      return { positions, paths: null, words };
    },
  };
}
