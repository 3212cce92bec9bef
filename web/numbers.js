// The Numbers view of a peg board: the census of the start shown (classes of positions and
// those that can still finish, per jump: a log-scale chart with the table under it) and the
// atlas of the board (every single-vacancy start against every single-peg finish: a grid
// coloured by fewest moves; a cell opens its problem). Both run in the worker through the
// search panel (progress, Cancel); what is beyond a tab's budget gets the exact CLI command, and
// a budget stop offers its next steps.

import { drawCensusChart } from "./census-chart.js";
import { $, clear, htmlElement } from "./dom.js";
import { commandLine, commandLineRequest, createNextStep, nextSteps } from "./next-step.js";
import { formatCount, plural } from "./words.js";

/** Classes a census may store in a tab (about 100 bytes each): the census stops there, with the levels done. */
export const CENSUS_LIMIT = 1_000_000;
/** The page draws atlases of boards with at most this many holes (seconds to a minute; bigger: the CLI). */
export const ATLAS_HOLES = 21;


/** A colour for `moves` between the fewest and the most of an atlas: blue (few) to orange (many). */
export function movesColour(moves, fewest, most) {
  const share = most > fewest ? (moves - fewest) / (most - fewest) : 0;
  return `hsl(${Math.round(210 - 185 * share)} 70% 62%)`;
}

/**
 * The Numbers panel for the page's store (web/state.js). `startSearch(request, onResult, options)` runs a
 * request in the worker with the search panel's progress and Cancel; `announce(text)` speaks;
 * `openPuzzle(game, start, goal, options)` opens an atlas cell's problem on the board;
 * `updateSolveButtons()` enables the panel's buttons as the solver allows.
 */
export function createNumbersPanel(store, {
  startSearch, finishFigures, puzzleFields, announce, openPuzzle, updateSolveButtons,
}) {
  const app = store.state;
  const offer = createNextStep(store, $("numbers-next-steps"), "numbers", { announce });
  $("numbers").addEventListener("click", () => {
    open();
    updateSolveButtons();
    $("numbers-panel").scrollIntoView({ block: "nearest" });
    $("census").focus();
  });
  $("census").addEventListener("click", () => census());
  $("atlas").addEventListener("click", () => atlas());

  function task() {
    return app.game.request(app.tree.root.position, app.goal);
  }

  function open() {
    $("numbers-panel").hidden = false;
    clearViews();
    const entry = app.game.entry;
    $("numbers-summary").textContent = entry.holes.length > ATLAS_HOLES
      ? `The census runs here up to ${formatCount(CENSUS_LIMIT)} classes of positions; the atlas of a board `
        + `of more than ${ATLAS_HOLES} holes is for the command line.`
      : "Census: every position reachable from the start, jump by jump. Atlas: every single-hole start "
        + "against every single-peg finish.";
    showCommand(entry.holes.length > ATLAS_HOLES ? "atlas" : null);
  }

  function clearViews() {
    if (app.offer?.place === "numbers") store.withdrawOffer();
    clear($("census-chart"));
    clear($("census-table"));
    clear($("atlas-grid"));
    $("census-view").hidden = true;
    $("atlas-view").hidden = true;
    $("numbers-command").hidden = true;
  }

  function showCommand(command, before = "The full table on the command line:") {
    const box = $("numbers-command");
    box.hidden = command === null;
    if (command === null) return;
    $("numbers-command-intro").textContent = before;
    $("numbers-command-text").textContent = commandLine({ command, ...(command === "census" ? task() : {}) },
      app.game.entry);
  }

  /**
   * Run `command` ("census" or "atlas") with `fields` in the worker; `show(result, request, seconds)` draws its
   * answer. `redo(changes)` runs it again with some fields changed (a next step's).
   */
  function compute(command, fields, { waiting, about, show, redo }) {
    open();
    const request = { command, ...puzzleFields(), max_states: CENSUS_LIMIT, ...fields };
    $("numbers-summary").textContent = waiting;
    const started = performance.now();
    startSearch(request, (result) => {
      finishFigures(result);
      show(result, request, (performance.now() - started) / 1000, redo);
    }, { about, onStopped: (event, asked, seconds) => stopped(event, asked, seconds, redo) });
  }

  /**
   * The census of the start shown. On boards beyond the atlas's size (where the tab's budget stops it) it
   * leaves out the classes by fewest moves: they are the slow part, and a partial census does not show them.
   */
  function census(changes = {}) {
    const { empty, finish } = task();
    const fields = { empty, finish, ...(app.game.entry.holes.length > ATLAS_HOLES ? { by_moves: false } : {}) };
    compute("census", { ...fields, ...changes }, {
      waiting: "Counting every position reachable from the start…",
      about: "Counting the positions of the start shown, jump by jump.", show: showCensus, redo: census,
    });
  }

  /** A census or an atlas a limit stopped before it began (the memory estimate) or on its way. */
  function stopped(event, request, seconds, redo) {
    $("numbers-summary").textContent = `Not in this tab: ${event.message}`;
    offerNextSteps(event.stopped ?? "max_states", request, seconds, redo);
  }

  /** Under the summary of a census or atlas a budget stopped: its next steps and its command line; announced. */
  function offerNextSteps(stopped, request, seconds, redo, estimate = null) {
    $("numbers-command").hidden = true;
    const said = offer.show({
      node: null, steps: nextSteps(stopped, "peg", request, { seconds, estimate }), run: (step) => redo(step.changes),
      command: commandLine(commandLineRequest(request, stopped), app.game.entry),
      intro: "The whole table on the command line:",
    });
    announce(`${$("numbers-summary").textContent} ${said}`);
  }

  function showCensus(result, request, seconds, redo) {
    const rows = result.by_jumps ?? [];
    $("census-view").hidden = false;
    drawCensusChart($("census-chart"), rows);
    fillCensusTable(rows);
    const lines = [];
    if (result.complete) {
      const total = rows.reduce((sum, row) => sum + row.positions, 0);
      lines.push(`${formatCount(total)} positions (${formatCount(rows.reduce((sum, row) => sum + row.classes, 0))} `
        + `classes under ${plural(result.symmetries, "symmetry", "symmetries")}).`);
      if (result.solutions_text !== undefined && result.solutions_text !== null) {
        lines.push(`${bigCount(result.solutions_text)} jump sequences reach the finish`
          + (Number.isInteger(result.minimal_moves)
            ? `; the fewest moves are ${result.minimal_moves}, by ${formatCount(result.minimal_solutions)} of them.`
            : "."));
      }
      if (Array.isArray(result.by_moves)) {
        lines.push(`Classes by fewest moves from the start: ${result.by_moves.map((row) => `${row.moves}: `
          + `${formatCount(row.classes)}`).join(", ")}.`);
      }
      showCommand(null);
    } else {
      lines.push(`Partial: ${result.reason ?? "the census stopped at a limit"}. The table shows the levels counted.`);
    }
    $("numbers-summary").textContent = lines.join(" ");
    if (result.complete) announce(lines[0]);
    else offerNextSteps(result.stopped ?? "max_states", request, seconds, redo, result.estimate);
  }

  function fillCensusTable(rows) {
    const table = $("census-table");
    clear(table);
    table.append(htmlElement("caption", {}, "Census by jumps (classes: up to the symmetries that keep the start "
      + "and the finish)"));
    const head = htmlElement("tr");
    for (const title of ["jumps", "pegs", "positions", "classes", "can finish"]) {
      head.append(htmlElement("th", { scope: "col" }, title));
    }
    const top = htmlElement("thead");
    top.append(head);
    table.append(top);
    const body = htmlElement("tbody");
    for (const row of rows) {
      const line = htmlElement("tr", { "data-testid": "census-row" });
      line.append(htmlElement("th", { scope: "row" }, String(row.jumps)));
      for (const value of [row.pegs, row.positions, row.classes, row.can_finish]) {
        line.append(htmlElement("td", {}, Number.isInteger(value) ? formatCount(value) : "–"));
      }
      body.append(line);
    }
    table.append(body);
  }

  function atlas(changes = {}) {
    compute("atlas", changes, {
      waiting: "Settling every start against every finish…",
      about: "Drawing the atlas of the board: one census per start, up to symmetry.", show: showAtlas, redo: atlas,
    });
  }

  /** Every ordered (start, finish) pair of the board, from the classes and their copies. */
  function cellsOf(result) {
    const cells = new Map();
    for (const pair of result.pairs) {
      for (const [start, finish] of [[pair.start, pair.finish], ...pair.copies]) cells.set(`${start},${finish}`, pair);
    }
    return cells;
  }

  function showAtlas(result, request, seconds, redo) {
    const size = app.game.entry.holes.length;
    const cells = cellsOf(result);
    const moves = result.pairs.filter((pair) => pair.solvable).map((pair) => pair.moves);
    const fewest = Math.min(...moves);
    const most = Math.max(...moves);
    const grid = $("atlas-grid");
    clear(grid);
    grid.append(htmlElement("caption", {}, "Atlas: rows are the empty hole at the start, columns the hole of the "
      + "last peg; a number is the fewest moves (colour too), a blank cell an impossible pair."));
    const head = htmlElement("tr");
    head.append(htmlElement("th", { scope: "col" }, "start \\ finish"));
    for (let finish = 0; finish < size; finish += 1) head.append(htmlElement("th", { scope: "col" }, String(finish)));
    const top = htmlElement("thead");
    top.append(head);
    grid.append(top);
    const body = htmlElement("tbody");
    for (let start = 0; start < size; start += 1) {
      const line = htmlElement("tr");
      line.append(htmlElement("th", { scope: "row" }, String(start)));
      for (let finish = 0; finish < size; finish += 1) line.append(atlasCell(cells.get(`${start},${finish}`),
        start, finish, fewest, most));
      body.append(line);
    }
    grid.append(body);
    const first = grid.querySelector("button");
    if (first) first.tabIndex = 0;
    $("atlas-view").hidden = false;
    fillLegend(fewest, most, moves.length > 0);
    const solvable = result.pairs.filter((pair) => pair.solvable === true).length;
    const impossible = result.pairs.filter((pair) => pair.solvable === false).length;
    const summary = `${plural(result.pairs.length, "class", "classes")} of start and finish pairs under `
      + `${plural(result.symmetries, "symmetry", "symmetries")}: ${solvable} solvable, ${impossible} impossible`
      + `${result.unsettled ? `, ${result.unsettled} not settled within this tab's budget` : ""}. `
      + (moves.length ? `Fewest moves from ${fewest} to ${most}. ` : "")
      + "Choose a cell to open its problem.";
    $("numbers-summary").textContent = summary;
    if (result.unsettled) offerNextSteps(result.stopped ?? "max_states", request, seconds, redo);
    else announce(summary);
  }

  function atlasCell(pair, start, finish, fewest, most) {
    const cell = htmlElement("td");
    if (!pair || pair.solvable === false) {
      cell.className = "impossible";
      cell.title = `${start} → ${finish}: impossible${pair?.reason ? ` (${pair.reason})` : ""}`;
      return cell;
    }
    const settled = pair.solvable === true;
    const words = settled
      ? `hole ${start} empty, last peg in hole ${finish}: ${plural(pair.moves, "move")}, `
        + `${plural(pair.minimal_solutions, "minimal solution")}`
      : `hole ${start} empty, last peg in hole ${finish}: not settled here`;
    const button = htmlElement("button", {
      type: "button", tabindex: "-1", "data-testid": "atlas-cell", "data-start": start, "data-finish": finish,
      "data-moves": settled ? pair.moves : "", title: words, "aria-label": `Open ${words}`,
    }, settled ? String(pair.moves) : "?");
    if (settled) button.style.backgroundColor = movesColour(pair.moves, fewest, most);
    button.addEventListener("click", () => {
      openProblem(start, finish);
      announce(`Opened ${words}. Solve is ready.`);
    });
    button.addEventListener("keydown", (event) => moveFocus(event, start, finish));
    cell.append(button);
    return cell;
  }

  /** Arrow keys move between the grid's cells (one tab stop for the whole grid). */
  function moveFocus(event, start, finish) {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const size = app.game.entry.holes.length;
    let [row, column] = [start + step[0], finish + step[1]];
    while (row >= 0 && row < size && column >= 0 && column < size) {
      const next = $("atlas-grid").querySelector(`button[data-start="${row}"][data-finish="${column}"]`);
      if (next) {
        event.currentTarget.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
        return;
      }
      [row, column] = [row + step[0], column + step[1]];
    }
  }

  function fillLegend(fewest, most, any) {
    const legend = $("atlas-legend");
    clear(legend);
    if (any) {
      for (const moves of [...new Set([fewest, Math.round((fewest + most) / 2), most])]) {
        const item = htmlElement("li");
        const swatch = htmlElement("span", { class: "swatch", "aria-hidden": "true" });
        swatch.style.backgroundColor = movesColour(moves, fewest, most);
        item.append(swatch, ` ${plural(moves, "move")}`);
        legend.append(item);
      }
    }
    const blank = htmlElement("li");
    blank.append(htmlElement("span", { class: "swatch impossible", "aria-hidden": "true" }), " impossible");
    legend.append(blank);
    legend.append(htmlElement("li", {}, "? not settled; hover or focus a cell for its count of minimal solutions"));
  }

  /** Open the atlas cell's problem on the board shown: hole `start` empty, the last peg in `finish`. */
  function openProblem(start, finish) {
    const position = app.game.entry.holes.map((_, hole) => (hole === start ? "0" : "1"));
    openPuzzle(app.game, position, finish, { algorithm: $("algorithm").value });
    $("numbers-panel").hidden = false; // the atlas stays in view for the next cell
    $("atlas-view").hidden = false;
    $("solve").focus();
  }
}

/** A count that may exceed what a JavaScript number holds exactly, given as text: with thousands separators. */
function bigCount(text) {
  return String(text).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
