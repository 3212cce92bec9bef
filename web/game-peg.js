// The peg-solitaire family as the app sees it: select a peg, then a hole to jump to;
// a chain of jumps by the same peg is one move. Positions are arrays of "1"/"0" per hole.

import { drawPegBoard } from "./board-peg.js";
import { holeNamed, holeNames, moveText } from "./peg-notation.js";

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
export const ANYWHERE = "any";

/** A game for one peg catalog entry. */
export function pegGame(entry) {
  const size = entry.holes.length;
  const jumps = entry.jumps.map(([from, over, to]) => [Number(from), Number(over), Number(to)]);
  const finish = entry.finish === undefined || entry.finish === null ? ANYWHERE : normalFinish(entry.finish);
  const start = positionWithout(size, entry.empty ?? []);
  let selected = null; // the peg chosen to jump
  let cursor = null; // the keyboard's hole
  let board = null;
  const names = holeNames(entry); // "d4" on the English and French boards, else "16"
  const words = (holes) => moveText(entry, holes, names);
  const named = (text) => holeNamed(entry, text, names);

  const legalFrom = (position, hole) => jumps.filter(([from, over, to]) =>
    from === hole && position[from] === "1" && position[over] === "1" && position[to] === "0");

  function jump(position, [from, over, to]) {
    const next = position.slice();
    next[from] = "0";
    next[over] = "0";
    next[to] = "1";
    return next;
  }

  function decorations(position, goal) {
    const targets = selected === null ? [] : legalFrom(position, selected).map(([, , to]) => to);
    return { selected, targets, cursor, finish: goal === ANYWHERE ? null : goal };
  }

  function press(position, hole) {
    if (selected !== null && selected !== hole) {
      const move = legalFrom(position, selected).find(([, , to]) => to === hole);
      if (move) {
        const next = jump(position, move);
        selected = legalFrom(next, move[2]).length ? move[2] : null; // keep the peg for a chain
        return { position: next, path: [move[0], move[2]], words: words([move[0], move[2]]) };
      }
    }
    if (position[hole] === "1" && hole !== selected) {
      selected = hole;
      return {
        redraw: true,
        say: legalFrom(position, hole).length ? `Peg ${names[hole]} selected.` : `Peg ${names[hole]} cannot jump now.`,
      };
    }
    selected = null;
    return { redraw: true };
  }

  function moveCursor(key) {
    if (cursor === null) {
      cursor = selected ?? 0; // the first arrow shows the cursor where play is
      return;
    }
    const [dx, dy] = ARROWS[key];
    const points = entry.holes.map(([x, y]) => [Number(x), Number(y)]);
    const from = cursor;
    const [x0, y0] = points[from];
    let best = null;
    let bestScore = Infinity;
    points.forEach(([x, y], hole) => {
      const along = (x - x0) * dx + (y - y0) * dy;
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (along <= 1e-6 || across > along * 1.8) return;
      const score = along + 2 * across;
      if (score < bestScore) [best, bestScore] = [hole, score];
    });
    if (best !== null) cursor = best;
  }

  return {
    family: "peg",
    entry,
    start,
    goal: finish,
    unit: ["move", "moves"],
    algorithms: ["auto", "minimal", "beam", "fast"],
    allowsAll: true,
    canShuffle: false,
    /** The catalog's start, which the page shows `entry.start_note` for (with the catalog's finish). */
    isDefaultStart: (position, goal) => !entry.custom && String(position) === String(start) && goal === finish,
    same: (a, b) => String(a) === String(b),
    /** Finished: one peg left, in the finish hole unless the finish is anywhere. */
    solved(position, goal) {
      const pegs = holesWith(position, "1");
      return pegs.length === 1 && (goal === ANYWHERE || pegs[0] === goal);
    },
    /** The start and goal a link names ({empty, finish}); throws Error with a readable message. */
    fromLink(link) {
      if (link.start || link.goal) throw new Error("peg boards take empty= and finish=, not start= or goal=");
      const empty = link.empty === undefined ? entry.empty ?? [] : readHoles(link.empty, named, size, "empty=");
      const goal = link.finish === undefined ? finish : readFinish(link.finish, named, size);
      const position = positionWithout(size, empty);
      if (!position.includes("1")) throw new Error("the start has no peg");
      return { start: position, goal };
    },
    linkFields: (position, goal) => ({ empty: holesWith(position, "0").join(","), finish: String(goal) }),
    draw(svg, handlers) {
      selected = null;
      cursor = null;
      board = drawPegBoard(svg, entry, handlers);
      return {
        show: (position, options = {}) => board.show(position, { ...options, ...decorations(position, options.goal) }),
      };
    },
    click: (position, hole) => press(position, hole),
    /** Arrow keys move the cursor; Enter or Space presses the hole under it; Escape drops the selection. */
    key(position, key) {
      if (ARROWS[key]) {
        moveCursor(key);
        return { redraw: true, say: `Hole ${names[cursor]}: ${position[cursor] === "1" ? "peg" : "empty"}.` };
      }
      if ((key === "Enter" || key === " ") && cursor !== null) return press(position, cursor);
      if (key === "Escape") {
        selected = null;
        return { redraw: true };
      }
      return undefined;
    },
    /** Edit: a click toggles a peg (start) or makes a hole the finish (goal). */
    edit(position, goal, hole, target) {
      if (target === "goal") return { position, goal: goal === hole ? ANYWHERE : hole };
      const next = position.slice();
      next[hole] = next[hole] === "1" ? "0" : "1";
      return { position: next, goal };
    },
    problem(position, goal) {
      const pegs = holesWith(position, "1").length;
      if (pegs === 0) return "the start has no peg";
      if (pegs === size) return "the start needs at least one empty hole to jump into";
      const onBoard = Number.isInteger(goal) && goal >= 0 && goal < size;
      if (goal !== ANYWHERE && !onBoard) return "the finish hole is not on the board";
      return null;
    },
    shuffle: () => start,
    stuck: (position) => !jumps.some((move) => legalFrom(position, move[0]).length),
    /** The moves between consecutive positions of a hand-played game (a chain counts once). */
    movesIn(positions) {
      let moves = 0;
      let landing = null;
      for (let i = 1; i < positions.length; i += 1) {
        const move = jumpBetween(jumps, positions[i - 1], positions[i]);
        if (!move || move[0] !== landing) moves += 1;
        landing = move ? move[2] : null;
      }
      return moves;
    },
    /** The hole where the last jump of a hand-played game landed (its peg may go on jumping), or null. */
    lastLanding(positions) {
      if (positions.length < 2) return null;
      const move = jumpBetween(jumps, positions[positions.length - 2], positions[positions.length - 1]);
      return move ? move[2] : null;
    },
    describeMove(before, after) {
      const move = jumpBetween(jumps, before, after);
      return move ? words([move[0], move[2]]) : "jump";
    },
    request: (position, goal) => ({ empty: holesWith(position, "0"), finish: goal === ANYWHERE ? ANYWHERE : goal }),
    /** A solve result's positions, move by move, with each move's path and words (`index`: of result.solutions). */
    solutionOf(result, from, index = null) {
      const moves = index === null ? result.solution : result.solutions?.[index];
      if (!Array.isArray(moves)) return null;
      const positions = [from];
      const paths = [];
      const said = [];
      let position = from;
      for (const path of moves) {
        for (let i = 1; i < path.length; i += 1) {
          const move = jumps.find(([a, , c]) => a === path[i - 1] && c === path[i]);
          if (!move) return null;
          position = jump(position, move);
        }
        positions.push(position);
        paths.push(path);
        said.push(words(path));
      }
      return { positions, paths, words: said };
    },
    cursorHole: () => cursor,
    /** A move (the holes its peg visits) in words: "d2-d4-f4" on the English and French boards, else "12 → 6". */
    pathWords: (holes) => words(holes),
    /** A hole as players write it: "d4" on the English and French boards, else "16". */
    holeName: (hole) => names[hole],
    /** Holes as players write them: "d4, c3" on the English and French boards, else "16, 9". */
    holesText: (holes) => holes.map((hole) => names[hole]).join(", "),
    /** Put the peg in hand down (the board moved to another position of the game). */
    drop() {
      selected = null;
    },
    /** A position typed by a person: the empty holes ("6" or "0, 3") or one 1/0 per hole; {position} or {problem}. */
    readPosition(text) {
      const typed = String(text).trim();
      if (/^[01]+$/.test(typed) && typed.length === size) return checked([...typed]);
      if (/^[01]+$/.test(typed) && typed.length > 3) {
        return { problem: `a pattern of pegs has one 1 or 0 per hole: this board has ${size} holes, not ${typed.length}` };
      }
      try {
        return checked(positionWithout(size, readHoles(typed, named, size, "the empty holes")));
      } catch (error) {
        return { problem: error.message };
      }
      function checked(position) {
        if (!position.includes("1")) return { problem: "the position has no peg" };
        if (!position.includes("0")) return { problem: "the position needs at least one empty hole to jump into" };
        return { position };
      }
    },
    /** The link token of one move: the holes its peg visits ("12-6", "10-12-6"). */
    moveToken(before, after, path = null) {
      if (Array.isArray(path) && path.length > 1) return path.join("-");
      const move = jumpBetween(jumps, before, after);
      return move ? `${move[0]}-${move[2]}` : null;
    },
    /** Play a link token on `position`: {position, path, words}, or null when a jump in it is not legal there. */
    playToken(position, token) {
      const holes = String(token).split("-").map(named); // hole numbers, or "d2" on a lettered board
      if (holes.length < 2 || holes.some((hole) => hole === null)) return null;
      let now = position;
      for (let i = 1; i < holes.length; i += 1) {
        const move = legalFrom(now, holes[i - 1]).find(([, , to]) => to === holes[i]);
        if (!move) return null;
        now = jump(now, move);
      }
      selected = null;
      return { position: now, path: holes, words: words(holes) };
    },
    /** The holes a hinted move visits, for the board to mark. */
    hintMarks: (before, after, path = null) => (Array.isArray(path) ? { holes: path } : null),
  };
}

function positionWithout(size, empty) {
  const position = Array.from({ length: size }, () => "1");
  for (const hole of empty) position[hole] = "0";
  return position;
}

function holesWith(position, value) {
  const holes = [];
  position.forEach((peg, hole) => {
    if (peg === value) holes.push(hole);
  });
  return holes;
}

function jumpBetween(jumps, before, after) {
  return jumps.find(([a, b, c]) => before[a] === "1" && before[b] === "1" && before[c] === "0"
    && after[a] === "0" && after[b] === "0" && after[c] === "1") ?? null;
}

/** Holes written as a comma-separated list (numbers, or names such as "d4": `named`); Error naming what is wrong. */
function readHoles(text, named, size, what) {
  const items = String(text).split(",").map((item) => item.trim()).filter(Boolean);
  const holes = [];
  for (const item of items) {
    const hole = item.length <= 3 ? named(item) : null;
    if (hole === null) throw new Error(`“${item.slice(0, 12)}” in ${what} is not a hole of this board (0–${size - 1})`);
    if (holes.includes(hole)) throw new Error(`hole ${item} is named twice in ${what}`);
    holes.push(hole);
  }
  return holes;
}

function readFinish(text, named, size) {
  if (String(text).toLowerCase() === ANYWHERE) return ANYWHERE;
  const [hole] = readHoles(text, named, size, "finish=");
  if (hole === undefined) throw new Error("finish= must be a hole number or “any”");
  return hole;
}

function normalFinish(value) {
  if (typeof value === "number") return value;
  if (String(value).toLowerCase() === ANYWHERE) return ANYWHERE;
  const number = Number(value);
  return Number.isInteger(number) ? number : ANYWHERE;
}
