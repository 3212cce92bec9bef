// The block editor: a sliding-block puzzle of your own drawn on the board — the box (up to 10×10),
// walls, pieces painted by dragging (a new piece each time; erased or recoloured), the goal piece and
// where it must end, Rush Hour rules — or typed as layout text (or a Rush Hour card) with pzl's own
// messages beside it. Every change makes a new game (web/game-blocks.js) from the layout drawn.

import { UNIT } from "./board-blocks.js";
import { blocksGame } from "./game-blocks.js";
import {
  boxOf, cellsWhere, checkRushHour, EMPTY_CELL, goalText, isCard, LayoutError, layoutEntry, MAX_SIDE, PIECE_CHARACTERS,
  readGoal, readLayout, regions, rushHourGoal, WALL,
} from "./layout.js";
import { $, htmlElement, svgElement } from "./dom.js";
import { plural } from "./words.js";

/** The box a new puzzle of your own starts with: Klotski's 5 rows of 4. */
const NEW_BOX = [5, 4];
const TOOLS = {
  paint: "drag over empty cells to paint a new piece",
  wall: "press or drag over cells to make them walls (or cells again)",
  erase: "press a piece or a wall to remove it",
  recolour: "press a piece to give it another letter and shade",
  goal: "press a piece to make it the goal's piece (again: not), drag it to where it must end",
};
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * The block editor for the page's store (web/state.js). `reshape(game)` makes `game` the puzzle on the
 * board (the editor stays open), `announce(text)` speaks to screen readers, `fitBoard()` sizes the board,
 * `showBoardHelp()` rewrites the help line under the board (the editor's `help()` while it is open).
 */
export function createBlockEditor(store, { reshape, announce, fitBoard, showBoardHelp }) {
  const app = store.state;
  /** The puzzle being drawn: grid[row][col] is ".", "#" or a piece's character; goal a Map (null: Rush Hour's own). */
  let drawn = null;
  let cursor = [0, 0]; // the keyboard's cell [row, col]
  let stroke = null; // a press or drag in progress (or, from the keyboard, a piece being painted or a target in hand)
  let showCursor = false; // the cursor shows once a key is used
  const drafts = new Set(); // the text fields holding a text that does not read (kept as typed, with pzl's message)

  wireControls();

  /** An entry for a new, empty box. */
  function emptyEntry() {
    const [rows, cols] = NEW_BOX;
    return layoutEntry(Array.from({ length: rows }, () => EMPTY_CELL.repeat(cols)).join("/"), null, "free");
  }

  /** An entry of your own for the layout game `game` at `position` (a catalog classic becomes yours to change). */
  function entryFrom(game, position) {
    const edited = drawingOf(game.entry, position);
    return layoutEntry(layoutText(edited), goalOf(edited), edited.rules);
  }

  /** The puzzle drawn, for a layout entry and a position of it. */
  function drawingOf(entry, position) {
    const { box } = entry;
    const grid = Array.from({ length: box.rows }, (_, r) => Array.from({ length: box.cols },
      (__, c) => (box.walls.has(`${r},${c}`) ? WALL : EMPTY_CELL)));
    entry.cells.forEach(([r, c], cell) => {
      if (position[cell] !== "0") grid[r][c] = position[cell];
    });
    const goal = new Map();
    const goalCells = entry.goal.split(" ");
    entry.cells.forEach(([r, c], cell) => {
      const char = goalCells[cell];
      if (entry.goal_pieces.includes(char)) goal.set(char, [...(goal.get(char) ?? []), [r, c]]);
    });
    const edited = { grid, goal, rules: entry.rules };
    if (entry.rules === "rush-hour") { // the default goal stays implicit: it follows car A
      try {
        const own = rushHourGoal(boxOf(grid));
        if (goalText(boxOf(grid), own) === goalText(boxOf(grid), goal)) edited.goal = null;
      } catch (error) {
        if (!(error instanceof LayoutError)) throw error;
      }
    }
    return edited;
  }

  const layoutText = (edited) => edited.grid.map((row) => row.join("")).join("/");
  /** The goal drawn as text (null: none drawn, Rush Hour's own). */
  const goalOf = (edited) => (edited.goal?.size ? goalText(boxOf(edited.grid), edited.goal) : null);

  /** Open the editor on the puzzle shown. */
  function open() {
    drawn = drawingOf(app.game.entry, app.position);
    stroke = null;
    drafts.clear();
    document.querySelector("input[name=block-tool][value=paint]").checked = true;
    cursor = [0, 0];
    syncControls();
  }

  /** The puzzle drawn becomes the game (a new start); the form follows, except the field being typed in. */
  function commit(said = null) {
    const entry = layoutEntry(layoutText(drawn), goalOf(drawn), drawn.rules);
    reshape(blocksGame(entry));
    syncControls();
    if (said) announce(said);
  }

  // ---- the form beside the board ---------------------------------------------------------------

  function wireControls() {
    for (const select of [$("block-rows"), $("block-cols")]) {
      for (let side = 1; side <= MAX_SIDE; side += 1) {
        select.append(htmlElement("option", { value: side }, String(side)));
      }
      select.addEventListener("change", () => resize(Number($("block-rows").value), Number($("block-cols").value)));
    }
    for (const radio of document.querySelectorAll("input[name=block-tool]")) {
      radio.addEventListener("change", () => {
        stroke = null;
        if (app.editing === "blocks") showBoardHelp();
      });
    }
    $("block-rush-hour").addEventListener("change", () => {
      drawn.rules = $("block-rush-hour").checked ? "rush-hour" : "free";
      commit(drawn.rules === "rush-hour" ? "Rush Hour rules: every piece is a car that moves only along its length."
        : "Free rules: every piece slides any way.");
    });
    $("block-clear").addEventListener("click", () => {
      drawn.grid = drawn.grid.map((row) => row.map(() => EMPTY_CELL));
      drawn.goal = null;
      commit("The box is empty.");
    });
    $("block-layout").addEventListener("input", typedLayout);
    $("block-goal").addEventListener("input", typedGoal);
    for (const field of [$("block-layout"), $("block-goal")]) field.addEventListener("change", () => syncControls());
  }

  const tool = () => document.querySelector("input[name=block-tool]:checked")?.value ?? "paint";

  /** The form shows the puzzle drawn: size, rules, its texts (not the one being typed in) and pzl's messages. */
  function syncControls() {
    $("block-rows").value = String(drawn.grid.length);
    $("block-cols").value = String(drawn.grid[0].length);
    $("block-rush-hour").checked = drawn.rules === "rush-hour";
    const kept = (field) => document.activeElement === field || drafts.has(field);
    if (!kept($("block-layout"))) $("block-layout").value = drawn.grid.map((row) => row.join("")).join("\n");
    if (!kept($("block-goal"))) $("block-goal").value = (goalOf(drawn) ?? "").replaceAll("/", "\n");
    $("block-layout").rows = drawn.grid.length;
    $("block-goal").rows = drawn.grid.length;
    showProblems();
    for (const field of drafts) say($(`${field.id}-problem`), field.dataset.problem);
  }

  /** pzl's messages about the layout and about the goal, each beside its text. */
  function showProblems() {
    const text = layoutText(drawn);
    let layoutProblem = null;
    let goalProblem = null;
    try {
      const layout = readLayout(text);
      if (drawn.rules === "rush-hour") checkRushHour(layout);
      if (drawn.goal && drawn.goal.size) readGoal(goalOf(drawn), layout);
      else if (drawn.rules === "rush-hour") rushHourGoal(layout);
      else goalProblem = "no goal yet: choose the goal tool, press the piece that must move and drag it where it "
        + "must end";
    } catch (error) {
      if (!(error instanceof LayoutError)) throw error;
      if (/^(the goal|a Rush Hour layout without|car A)/.test(error.message)) goalProblem = error.message;
      else layoutProblem = error.message;
    }
    say($("block-layout-problem"), layoutProblem);
    say($("block-goal-problem"), goalProblem);
  }

  function say(element, problem) {
    element.hidden = !problem;
    element.textContent = problem ? `${problem[0].toUpperCase()}${problem.slice(1)}.` : "";
  }

  /** The board's help line while the editor is open. */
  function help() {
    return `Block editor: ${TOOLS[tool()]}. Keys: the arrows move the cursor, Enter uses the tool there, Shift+arrows `
      + "paint (or lay walls) as they go, Delete erases. Done editing plays the puzzle.";
  }

  /** A field's text does not read: keep it as typed, with pzl's message (`problem` null: it reads). */
  function draft(field, problem) {
    if (problem) {
      drafts.add(field);
      field.dataset.problem = problem;
      say($(`${field.id}-problem`), problem);
    } else {
      drafts.delete(field);
    }
  }

  /** The layout typed or pasted (rows, or a Rush Hour card): drawn at once if it draws a box; pzl's message if not. */
  function typedLayout() {
    const text = $("block-layout").value;
    let entry;
    try {
      entry = layoutEntry(text, null, "free");
    } catch (error) {
      if (!(error instanceof LayoutError)) throw error;
      draft($("block-layout"), error.message);
      return;
    }
    draft($("block-layout"), null);
    const card = isCard(text.trim());
    drawn.grid = Array.from({ length: entry.box.rows }, (_, r) => Array.from({ length: entry.box.cols },
      (__, c) => (entry.box.walls.has(`${r},${c}`) ? WALL : EMPTY_CELL)));
    for (const piece of entry.box.pieces) for (const [r, c] of piece.cells) drawn.grid[r][c] = piece.char;
    if (card) { // a Rush Hour card: its rules, and its goal (car A out at the right)
      drawn.rules = "rush-hour";
      drawn.goal = null;
    } else if (drawn.goal) {
      drawn.goal = new Map([...drawn.goal].filter(([, cells]) => cells.every(([r, c]) => r < entry.box.rows
        && c < entry.box.cols)));
    }
    commit();
  }

  /** The goal typed: used when it reads (pzl's message beside it when not). */
  function typedGoal() {
    const text = $("block-goal").value.trim();
    draft($("block-goal"), null);
    if (!text) {
      drawn.goal = null;
      commit();
      return;
    }
    try {
      drawn.goal = readGoal(text, boxOf(drawn.grid));
    } catch (error) {
      if (!(error instanceof LayoutError)) throw error;
      draft($("block-goal"), error.message);
      return;
    }
    commit();
  }

  // ---- changes to the puzzle ---------------------------------------------------------------------

  /** A character no piece uses (A first, so a first car is Rush Hour's A), after `after` when given. */
  function freshChar(after = null) {
    const used = new Set(drawn.grid.flat());
    const order = [...PIECE_CHARACTERS].filter((ch) => ch !== "0");
    const from = after === null ? 0 : order.indexOf(after) + 1;
    for (let i = 0; i < order.length; i += 1) {
      const ch = order[(from + i) % order.length];
      if (!used.has(ch)) return ch;
    }
    return null;
  }

  const inBox = ([r, c]) => r >= 0 && c >= 0 && r < drawn.grid.length && c < drawn.grid[0].length;
  const at = ([r, c]) => (inBox([r, c]) ? drawn.grid[r][c] : undefined);
  const isPiece = (ch) => ch !== undefined && ch !== EMPTY_CELL && ch !== WALL;

  /** The piece (4-connected region of one character) covering [r, c], or null. */
  function pieceAt([r, c]) {
    if (!isPiece(at([r, c]))) return null;
    return regions(drawn.grid.length, drawn.grid[0].length, (row, col) => drawn.grid[row][col])
      .find((piece) => piece.cells.some(([pr, pc]) => pr === r && pc === c)) ?? null;
  }

  /** Pieces of `char` that came apart: the first keeps it, each other part takes a character of its own. */
  function splitApart(char) {
    const parts = regions(drawn.grid.length, drawn.grid[0].length, (r, c) => drawn.grid[r][c])
      .filter((piece) => piece.char === char);
    for (const part of parts.slice(1)) {
      const fresh = freshChar();
      for (const [r, c] of part.cells) drawn.grid[r][c] = fresh;
    }
  }

  /** Paint the empty ones of `cells` as one new piece (parts that do not touch become pieces of their own). */
  function paint(cells) {
    const empty = cells.filter((cell) => at(cell) === EMPTY_CELL);
    const char = freshChar();
    if (!empty.length || !char) return false;
    for (const [r, c] of empty) drawn.grid[r][c] = char;
    splitApart(char);
    return `Painted piece ${char} (${plural(empty.length, "cell")}).`;
  }

  function toggleWalls(cells, add) {
    let changed = 0;
    for (const [r, c] of cells) {
      if (add && at([r, c]) === EMPTY_CELL) drawn.grid[r][c] = WALL;
      else if (!add && at([r, c]) === WALL) drawn.grid[r][c] = EMPTY_CELL;
      else continue;
      changed += 1;
    }
    return changed && `${plural(changed, "wall")} ${add ? "added" : "removed"}.`;
  }

  function erase(cells) {
    const gone = [];
    for (const cell of cells) {
      const piece = pieceAt(cell);
      if (piece) {
        for (const [r, c] of piece.cells) drawn.grid[r][c] = EMPTY_CELL;
        if (drawn.goal?.has(piece.char) && !pieceOfChar(piece.char)) drawn.goal.delete(piece.char);
        gone.push(`piece ${piece.char}`);
      } else if (at(cell) === WALL) {
        drawn.grid[cell[0]][cell[1]] = EMPTY_CELL;
        gone.push("a wall");
      }
    }
    return gone.length ? `Erased ${gone.join(", ")}.` : false;
  }

  const pieceOfChar = (char) => drawn.grid.flat().includes(char);

  function recolour(cell) {
    const piece = pieceAt(cell);
    const fresh = piece && freshChar(piece.char);
    if (!fresh) return false;
    for (const [r, c] of piece.cells) drawn.grid[r][c] = fresh;
    if (drawn.goal?.has(piece.char)) {
      drawn.goal.set(fresh, drawn.goal.get(piece.char));
      drawn.goal.delete(piece.char);
    }
    return `Piece ${piece.char} is now ${fresh}.`;
  }

  /** Make the piece at `cell` a goal piece (its target where it stands), or with `off` a piece like the others. */
  function setGoalPiece(cell, off = false) {
    let piece = pieceAt(cell);
    if (!piece) return false;
    if (off) {
      drawn.goal?.delete(piece.char);
      return `Piece ${piece.char} is no longer the goal's.`;
    }
    const named = drawn.grid.flat().filter((ch) => ch === piece.char).length;
    if (named !== piece.cells.length) { // its letter names two pieces: it takes one of its own
      const fresh = freshChar();
      for (const [r, c] of piece.cells) drawn.grid[r][c] = fresh;
      piece = { ...piece, char: fresh };
    }
    if (!drawn.goal) drawn.goal = new Map();
    if (!drawn.goal.has(piece.char)) drawn.goal.set(piece.char, piece.cells);
    return piece;
  }

  /** Move goal piece `char`'s target by [dr, dc] if it stays on cells of the board; the words, or false. */
  function moveTarget(char, [dr, dc]) {
    const cells = drawn.goal.get(char).map(([r, c]) => [r + dr, c + dc]);
    if (!cells.every((cell) => inBox(cell) && at(cell) !== WALL)) return false;
    drawn.goal.set(char, cells);
    return `The goal: ${char} ends at ${cellsWhere(cells)}.`;
  }

  function resize(rows, cols) {
    const old = drawn.grid;
    drawn.grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols },
      (__, c) => old[r]?.[c] ?? EMPTY_CELL));
    for (const char of new Set(drawn.grid.flat())) if (isPiece(char)) splitApart(char);
    if (drawn.goal) {
      for (const [char, cells] of [...drawn.goal]) {
        const own = regions(rows, cols, (r, c) => drawn.grid[r][c]).find((piece) => piece.char === char);
        if (!own || own.cells.length !== cells.length || !cells.every(inBox)) drawn.goal.delete(char);
      }
    }
    commit(`The box is ${rows} by ${cols}.`);
  }

  // ---- the board while editing -------------------------------------------------------------------

  /** Draw the puzzle being edited on the board, with the cursor and what a press or drag is doing. */
  function show() {
    const svg = $("board");
    const board = app.game.draw(svg, { onCell: () => {} });
    board.show(app.position, { goal: app.goal });
    const [rows, cols] = [drawn.grid.length, drawn.grid[0].length];
    svg.setAttribute("aria-label", `Block editor: the box, ${rows} rows by ${cols} columns`);
    const marks = svgElement("g", { class: "editor-marks", "aria-hidden": "true" });
    svg.append(marks);
    if (stroke?.cells) {
      for (const [r, c] of stroke.cells) {
        marks.append(svgElement("rect", {
          class: `stroke ${stroke.tool}`, x: c * UNIT + 8, y: r * UNIT + 8, width: UNIT - 16, height: UNIT - 16, rx: 10,
        }));
      }
    }
    if (stroke?.target) {
      for (const [r, c] of stroke.target) {
        marks.append(svgElement("rect", {
          class: "stroke target-move", x: c * UNIT + 10, y: r * UNIT + 10, width: UNIT - 20, height: UNIT - 20, rx: 10,
        }));
      }
    }
    const [cr, cc] = cursor;
    if (showCursor) {
      marks.append(svgElement("rect", {
        class: "cursor", x: cc * UNIT + 2, y: cr * UNIT + 2, width: UNIT - 4, height: UNIT - 4, rx: 12,
        "data-testid": "editor-cursor",
      }));
    }
    svg.onclick = null;
    svg.onpointerdown = pressed;
    svg.onpointermove = moved;
    svg.onpointerup = (event) => letGo(event);
    svg.onpointercancel = () => {
      stroke = null;
      show();
    };
    fitBoard();
  }

  const gridPoint = (event) => {
    const matrix = $("board").getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [Math.floor(point.y / UNIT), Math.floor(point.x / UNIT)];
  };

  function pressed(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const cell = gridPoint(event);
    if (!cell || !inBox(cell)) return;
    $("board").setPointerCapture?.(event.pointerId);
    const kind = tool();
    stroke = { tool: kind, cells: [cell], from: cell, moved: false };
    if (kind === "wall") stroke.add = at(cell) !== WALL;
    if (kind === "paint" && at(cell) !== EMPTY_CELL) stroke = null; // a new piece starts on an empty cell
    if (kind === "goal") {
      const piece = pieceAt(cell);
      const target = piece && drawn.goal?.get(piece.char);
      const onTarget = drawn.goal && [...drawn.goal]
        .find(([, cells]) => cells.some(([r, c]) => r === cell[0] && c === cell[1]));
      if (piece) {
        stroke = { tool: kind, piece, from: cell, base: target ?? piece.cells, wasGoal: Boolean(target), target: null };
      }
      else if (onTarget) {
        stroke = { tool: kind, char: onTarget[0], from: cell, base: onTarget[1], wasGoal: true, target: null };
      }
      else stroke = null;
    }
    show();
  }

  function moved(event) {
    if (!stroke) return;
    const cell = gridPoint(event);
    if (!cell) return;
    const last = stroke.last ?? stroke.from;
    if (cell[0] === last[0] && cell[1] === last[1]) return;
    stroke.moved = true;
    stroke.last = cell;
    if (stroke.tool === "goal") {
      const [dr, dc] = [cell[0] - stroke.from[0], cell[1] - stroke.from[1]];
      stroke.target = stroke.base.map(([r, c]) => [r + dr, c + dc]);
    } else {
      for (const step of between(last, cell)) {
        if (inBox(step) && !stroke.cells.some(([r, c]) => r === step[0] && c === step[1])) {
          if (stroke.tool !== "paint" || at(step) === EMPTY_CELL) stroke.cells.push(step);
        }
      }
    }
    show();
  }

  function letGo() {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    cursor = done.last ?? done.from;
    let said = false;
    if (done.tool === "paint") said = paint(done.cells);
    else if (done.tool === "wall") said = toggleWalls(done.cells, done.add);
    else if (done.tool === "erase") said = erase(done.cells);
    else if (done.tool === "recolour") said = recolour(done.from);
    else if (done.tool === "goal") said = goalDrop(done);
    if (said) commit(said);
    else show();
  }

  /** A press or drag with the goal tool: a click toggles the piece's part in the goal, a drag moves its target. */
  function goalDrop(done) {
    if (!done.moved) {
      if (!done.piece) return false;
      if (done.wasGoal) return setGoalPiece(done.from, true);
      const piece = setGoalPiece(done.from);
      return piece && `Piece ${piece.char} is the goal's: drag it to where it must end.`;
    }
    const char = done.piece ? setGoalPiece(done.from).char : done.char;
    const [dr, dc] = [done.last[0] - done.from[0], done.last[1] - done.from[1]];
    const base = drawn.goal.get(char);
    const shift = [done.base[0][0] + dr - base[0][0], done.base[0][1] + dc - base[0][1]];
    return moveTarget(char, shift) || `${char} cannot end there: its target must lie on cells of the board.`;
  }

  /** The editor's keys (board focused): the arrows move the cursor, Enter uses the tool, Shift+arrows paint along. */
  $("board").addEventListener("keydown", (event) => {
    if (app.editing !== "blocks" || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = STEPS[event.key];
    if (step) {
      event.preventDefault();
      showCursor = true;
      if (stroke?.keyTarget) { // a goal's target in hand
        const said = moveTarget(stroke.keyTarget, step);
        if (said) commit(said);
        else announce(`${stroke.keyTarget} cannot end there.`);
        return;
      }
      const next = [cursor[0] + step[0], cursor[1] + step[1]];
      if (!inBox(next)) return;
      const from = cursor;
      cursor = next;
      if (event.shiftKey && ["paint", "wall"].includes(tool())) {
        keyStroke(from, next);
        return;
      }
      stroke = null;
      show();
      announce(`Row ${next[0] + 1}, column ${next[1] + 1}: ${cellWords(next)}.`);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      showCursor = true;
      keyPress();
    } else if (event.key === "Escape" && stroke) {
      event.preventDefault();
      stroke = null;
      show();
      announce("Done.");
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      const piece = pieceAt(cursor);
      const said = tool() === "goal" && piece && drawn.goal?.has(piece.char) ? setGoalPiece(cursor, true) : erase([cursor]);
      if (said) commit(said);
    }
  });

  const cellWords = (cell) => {
    const ch = at(cell);
    if (ch === WALL) return "wall";
    if (ch === EMPTY_CELL) return "empty";
    return `piece ${ch}${drawn.goal?.has(ch) ? " (the goal's)" : ""}`;
  };

  /** Enter or Space: the tool, used at the cursor. */
  function keyPress() {
    const kind = tool();
    let said = false;
    if (kind === "paint") {
      said = paint([cursor]);
      if (said) stroke = { keyPiece: at(cursor) };
    } else if (kind === "wall") said = toggleWalls([cursor], at(cursor) !== WALL);
    else if (kind === "erase") said = erase([cursor]);
    else if (kind === "recolour") said = recolour(cursor);
    else if (kind === "goal") {
      if (stroke?.keyTarget) {
        said = `The goal: ${stroke.keyTarget} put down.`;
        stroke = null;
      } else {
        const piece = setGoalPiece(cursor);
        if (piece) {
          stroke = { keyTarget: piece.char };
          said = `Piece ${piece.char}'s target in hand: the arrows move it, Enter puts it down.`;
        }
      }
    }
    if (said) commit(said);
    else announce(`Nothing to ${kind} at row ${cursor[0] + 1}, column ${cursor[1] + 1}.`);
  }

  /** Shift+arrow: paint on (the piece being painted grows into the cell) or lay walls along. */
  function keyStroke(from, to) {
    let said;
    if (tool() === "wall") said = toggleWalls([to], at(from) === WALL);
    else if (stroke?.keyPiece && at(to) === EMPTY_CELL && drawn.grid.flat().includes(stroke.keyPiece)) {
      drawn.grid[to[0]][to[1]] = stroke.keyPiece;
      said = `Piece ${stroke.keyPiece} grows to row ${to[0] + 1}, column ${to[1] + 1}.`;
    } else {
      said = paint([from, to].filter((cell) => at(cell) === EMPTY_CELL));
      if (said) stroke = { keyPiece: at(to) === EMPTY_CELL ? at(from) : at(to) };
    }
    if (said) commit(said);
    else show();
  }

  return { emptyEntry, entryFrom, open, show, help };
}

/** The cells from `a` to `b` (both included) a pointer crossed, one step at a time along rows then columns. */
function between([r0, c0], [r1, c1]) {
  const cells = [];
  let [r, c] = [r0, c0];
  while (r !== r1 || c !== c1) {
    const [dr, dc] = [r1 - r, c1 - c];
    if (Math.abs(dr) >= Math.abs(dc)) r += Math.sign(dr);
    else c += Math.sign(dc);
    cells.push([r, c]);
  }
  return cells;
}
