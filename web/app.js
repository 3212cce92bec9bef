// The page: app state and wiring. Draws the board from catalog.json at once,
// boots the solver worker meanwhile, and keeps the position in the URL hash.

import { drawPegBoard } from "./board-peg.js";
import {
  customPegEntry, customSlidingEntry, DEFAULT_MASK, MASK_SIDE, maskGridEntry, maskProblem, MAX_SIDE, toggleMask,
} from "./custom.js";
import { pegGame } from "./game-peg.js";
import { slidingGame } from "./game-sliding.js";
import { LinkError, readLink, writeLink } from "./link.js";
import { LONGEST_LIMIT, openLongestPanel, showLongest } from "./longest.js";
import { createPlayerPanel } from "./player-panel.js";
import { createSearchPanel } from "./search-panel.js";
import { solver } from "./start.js";
import { clear, htmlElement } from "./svg.js";

const GAMES = { sliding: slidingGame, peg: pegGame };
const DEFAULT_PUZZLE = "8-puzzle";
const CUSTOM_SLIDING = "custom-sliding";
const CUSTOM_PEG = "custom-peg";

const $ = (id) => document.getElementById(id);

const app = {
  catalog: [],
  game: null, // the family's game for the chosen entry
  board: null,
  origin: null, // the position the puzzle was opened or shuffled to (Reset goes back here)
  position: null,
  goal: null,
  history: [], // earlier positions, for Undo
  future: [], // undone positions, for Redo
  solution: null, // {positions, paths, words, result}
  player: null,
  solver: null,
  search: null, // the running search's handle
  watch: null, // the background check of a hand-played peg position
  warnedFor: null, // the position the warning is about
  distanceFor: null, // the position the distance line is about
  pendingStep: null, // a link's step, applied once its solution is found
  pendingSolve: false, // a link with a step solves as soon as the solver is ready
  editing: null, // null, or what a click edits: "start", "goal" or "holes" (a custom peg board)
  lastHash: "",
};

// The solution player and the search panel share `app`; they reach the board through callbacks.
const { clearSolution, showSolution, stopPlayer } = createPlayerPanel(app, { render, announce });
const { hint, puzzleFields, solve, startSearch, watchPosition } = createSearchPanel(
  app, { announce, stopPlayer, showSolution },
);

main();

async function main() {
  wireControls();
  app.solver = solver; // started by start.js, the page's first module
  solver.subscribe(onSolverState);
  try {
    app.catalog = (await fetchJSON("catalog.json")).filter((entry) => GAMES[entry.family]);
  } catch (error) {
    showStatus("error", `The puzzle catalog could not be loaded (${error.message}).`);
    return;
  }
  fillPicker();
  openLink(location.hash);
  performance.mark("pzl-first-board");
  window.addEventListener("hashchange", () => {
    if (location.hash !== app.lastHash) openLink(location.hash);
  });
}

async function fetchJSON(name) {
  const response = await fetch(new URL(name, document.baseURI), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.json();
}

// ---- the solver ------------------------------------------------------------

function onSolverState({ state, message }) {
  showStatus(state, message);
  if (state === "ready") {
    if (!performance.getEntriesByName("pzl-solver-ready").length) performance.mark("pzl-solver-ready");
    if (app.pendingSolve) {
      app.pendingSolve = false;
      solve();
    } else if (app.game && !app.watch && app.position !== app.distanceFor) {
      watchPosition();
    }
  }
}

function showStatus(state, message) {
  const status = $("status");
  status.dataset.state = state;
  status.textContent = message;
  $("retry").hidden = state !== "error" || !app.solver;
  updateSolveButtons();
}

function updateSolveButtons() {
  const state = $("status").dataset.state;
  const blocked = Boolean(app.game && app.game.problem(app.position, app.goal));
  $("solve").disabled = state !== "ready" || blocked;
  $("hint").disabled = state !== "ready" || blocked;
  $("longest").disabled = state !== "ready";
  $("cancel").disabled = state !== "solving";
}

/** The link fields that name the puzzle. */
function puzzleLink(entry) {
  if (!entry.custom) return { puzzle: entry.id };
  if (entry.family === "peg") return { mask: entry.mask, lattice: entry.lattice };
  return { board: { rows: entry.rows, cols: entry.cols } };
}

// ---- puzzles and links -----------------------------------------------------

function fillPicker() {
  const picker = $("picker");
  clear(picker);
  const groups = new Map();
  for (const entry of app.catalog) {
    if (!groups.has(entry.group)) groups.set(entry.group, htmlElement("optgroup", { label: entry.group }));
    groups.get(entry.group).append(htmlElement("option", { value: entry.id }, entry.name));
  }
  const custom = htmlElement("optgroup", { label: "your own" });
  custom.append(htmlElement("option", { value: CUSTOM_SLIDING }, "Custom sliding board"));
  custom.append(htmlElement("option", { value: CUSTOM_PEG }, "Custom peg board"));
  groups.set("your own", custom);
  for (const group of groups.values()) picker.append(group);
  fillCatalogList();
  for (const select of [$("custom-rows"), $("custom-cols")]) {
    clear(select);
    for (let side = 2; side <= MAX_SIDE; side += 1) select.append(htmlElement("option", { value: side }, String(side)));
  }
}

/** The browsable catalog: each group's puzzles with their one-line descriptions. */
function fillCatalogList() {
  const list = $("catalog-list");
  clear(list);
  const groups = new Map();
  for (const entry of app.catalog) {
    if (!groups.has(entry.group)) {
      const section = htmlElement("section", { class: "catalog-group" });
      section.append(htmlElement("h3", {}, entry.group));
      section.append(htmlElement("ul"));
      groups.set(entry.group, section);
      list.append(section);
    }
    const button = htmlElement("button", { type: "button", "data-testid": "catalog-item", "data-puzzle": entry.id });
    button.append(htmlElement("strong", {}, entry.name));
    button.append(htmlElement("span", {}, entry.description ?? ""));
    button.addEventListener("click", () => {
      hideLinkError();
      const game = GAMES[entry.family](entry);
      openPuzzle(game, game.start, game.goal);
      $("catalog").open = false;
      $("board").focus();
    });
    const item = htmlElement("li");
    item.append(button);
    groups.get(entry.group).querySelector("ul").append(item);
  }
}

function defaultGame() {
  const entry = app.catalog.find((item) => item.id === DEFAULT_PUZZLE) ?? app.catalog[0];
  return GAMES[entry.family](entry);
}

function openLink(hash) {
  try {
    const link = readLink(hash);
    hideLinkError();
    if (link) {
      openPuzzleFromLink(link);
      return;
    }
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    showLinkError(error.message);
  }
  const game = defaultGame();
  openPuzzle(game, game.start, game.goal);
}

function openPuzzleFromLink(link) {
  let entry;
  if (link.board) {
    entry = customSlidingEntry(link.board.rows, link.board.cols);
  } else if (link.mask) {
    const problem = maskProblem(link.mask, link.lattice ?? "square");
    if (problem) throw new LinkError(`The link's peg board cannot be used: ${problem}.`);
    entry = customPegEntry(link.mask, link.lattice ?? "square");
  } else {
    entry = app.catalog.find((item) => item.id === link.puzzle);
    if (!entry) throw new LinkError(`There is no puzzle called “${shorten(link.puzzle)}”.`);
  }
  const game = GAMES[entry.family](entry);
  let task;
  try {
    task = game.fromLink(link);
  } catch (error) {
    throw new LinkError(`${capitalise(error.message)}.`);
  }
  if (link.algorithm && !game.algorithms.includes(link.algorithm)) {
    throw new LinkError(`The ${entry.name} has no algorithm “${shorten(link.algorithm)}”.`);
  }
  openPuzzle(game, task.start, task.goal, { algorithm: link.algorithm, all: link.all });
  app.pendingStep = link.step ?? null;
  app.pendingSolve = app.pendingStep !== null;
  if (app.pendingSolve && app.solver?.state() === "ready") {
    app.pendingSolve = false;
    solve();
  }
}

function openPuzzle(game, start, goal, { algorithm = "auto", all = false } = {}) {
  if (app.search) app.search.cancel();
  clearSolution();
  app.game = game;
  app.goal = goal;
  app.origin = start;
  app.position = start;
  app.history = [];
  app.future = [];
  app.pendingStep = null;
  app.pendingSolve = false;
  setEditing(null);
  $("picker").value = game.entry.id;
  $("custom-size").hidden = game.entry.id !== CUSTOM_SLIDING;
  $("edit-holes-choice").hidden = game.entry.id !== CUSTOM_PEG;
  $("custom-lattice-row").hidden = game.entry.id !== CUSTOM_PEG;
  if (game.entry.id === CUSTOM_PEG) $("custom-lattice").value = game.entry.lattice;
  if (game.entry.id === CUSTOM_SLIDING) {
    $("custom-rows").value = String(game.entry.rows);
    $("custom-cols").value = String(game.entry.cols);
  }
  $("description").textContent = game.entry.description ?? "";
  $("notes").textContent = game.entry.notes ?? "";
  $("board-help").textContent = game.family === "peg"
    ? "Click a peg, then the hole to jump to; or focus the board, move with the arrow keys and press Enter."
    : "Click a piece next to an empty cell, or focus the board and use the arrow keys.";
  fillAlgorithms(game, algorithm);
  $("all").checked = Boolean(all);
  $("all").disabled = !game.allowsAll;
  $("shuffle").hidden = !game.canShuffle;
  $("longest").hidden = game.family !== "sliding"; // peg positions do not all lie on paths from one goal
  $("result").hidden = true;
  $("progress").hidden = true;
  $("longest-panel").hidden = true;
  app.board = game.draw($("board"), { onCell: boardClicked });
  render({ animate: false });
  watchPosition();
}

function fillAlgorithms(game, chosen) {
  const select = $("algorithm");
  clear(select);
  for (const name of game.algorithms) select.append(htmlElement("option", { value: name }, name));
  select.value = game.algorithms.includes(chosen) ? chosen : game.algorithms[0];
}

// ---- play by hand and edit -------------------------------------------------

function boardClicked(cell, onSlot) {
  if (app.editing === "holes") {
    const entry = app.game.entry;
    const mask = toggleMask(entry.mask, cell % MASK_SIDE, Math.floor(cell / MASK_SIDE));
    const problem = maskProblem(mask, entry.lattice);
    if (problem && !mask.includes("o")) return; // keep at least one hole to draw
    const game = pegGame(customPegEntry(mask, entry.lattice));
    app.game = game;
    app.position = game.start;
    app.origin = game.start;
    app.goal = game.goal;
    app.history = [];
    app.future = [];
    $("description").textContent = game.entry.description;
    render({ animate: false });
    $("edit-problem").textContent = problem ? `Cannot use this board: ${problem}.` : "";
    $("edit-problem").hidden = !problem;
    return;
  }
  if (app.editing) {
    const edited = app.game.edit(app.position, app.goal, cell, app.editing);
    app.position = edited.position;
    app.goal = edited.goal;
    app.origin = app.position;
    app.history = [];
    app.future = [];
    render({ animate: false });
    return;
  }
  handleOutcome(app.game.click(app.position, cell, onSlot));
}

/** Apply what a click or key produced: a new position (a move), a redraw, or nothing. */
function handleOutcome(outcome) {
  if (!outcome) return;
  if (outcome.position) {
    moveByHand(outcome.position, outcome.path ?? null, outcome.words);
    return;
  }
  if (outcome.say) announce(outcome.say);
  render({ animate: false });
}

function moveByHand(next, path, words) {
  if (app.search) app.search.cancel();
  const before = app.position;
  clearSolution();
  app.history.push(before);
  app.future = [];
  app.position = next;
  render({ animate: true, path });
  const said = words ?? app.game.describeMove(before, next);
  watchPosition();
  if (solved()) announce(`${said}. Solved!`);
  else if (app.game.stuck?.(next)) announce(`${said}. No jump is left.`);
  else announce(`${said}.`);
}

function solved() {
  return app.game.solved(app.position, app.goal);
}

function setEditing(target) {
  app.editing = target;
  $("edit").setAttribute("aria-pressed", String(Boolean(target)));
  $("edit").textContent = target ? "Done editing" : "Edit";
  $("edit-panel").hidden = !target;
  if (target === "holes") {
    $("board").classList.add("mask-editing");
    app.board = null;
  } else if (app.game && (!app.board || $("board").classList.contains("mask-editing"))) {
    $("board").classList.remove("mask-editing");
    app.board = app.game.draw($("board"), { onCell: boardClicked });
  }
  if (target) {
    $("edit-start").checked = target === "start";
    $("edit-goal").checked = target === "goal";
    $("edit-holes").checked = target === "holes";
    const help = {
      start: "Click holes to add or remove pegs.",
      goal: "Click the hole the last peg must end in (click it again: anywhere).",
      holes: "Click grid points to add or remove holes.",
    };
    $("edit-help").textContent = app.game.family === "peg" ? help[target] : "Click two cells to swap what they hold.";
  }
  document.body.classList.toggle("editing", Boolean(target));
}

/** Redraw the board and everything that depends on the position; update the link. */
function render({ animate, path = null }) {
  $("warning").hidden = app.position !== app.warnedFor;
  if (app.position !== app.distanceFor) $("distance").textContent = "";
  if (app.editing === "holes") {
    showMaskEditor();
  } else {
    const showGoal = app.editing === "goal" && app.game.family === "sliding";
    app.board.show(showGoal ? app.goal : app.position, { animate, goal: app.goal, path });
  }
  $("move-count").textContent = String(app.game.movesIn([...app.history, app.position]));
  $("solved").hidden = !solved() || Boolean(app.editing);
  $("board").classList.toggle("is-solved", solved() && !app.editing);
  $("undo").disabled = app.history.length === 0;
  $("redo").disabled = app.future.length === 0;
  const problem = app.game.problem(app.position, app.goal);
  $("edit-problem").textContent = problem ? `Cannot solve this set-up: ${problem}.` : "";
  $("edit-problem").hidden = !problem;
  updateSolveButtons();
  writeHash();
}

/** The hole editor: every grid point, with a "peg" where the board has a hole. */
function showMaskEditor() {
  const entry = app.game.entry;
  const grid = maskGridEntry(entry.lattice);
  const holes = new Set(entry.cells.map(([x, y]) => `${x},${y}`));
  const board = drawPegBoard($("board"), grid, { onCell: boardClicked });
  board.show(grid.holes.map((_, i) => (holes.has(`${i % MASK_SIDE},${Math.floor(i / MASK_SIDE)}`) ? "1" : "0")));
  $("board").setAttribute("aria-label", "Hole editor: a peg marks a hole of your board");
}

function writeHash() {
  const game = app.game;
  const solution = app.solution;
  const entry = game.entry;
  const hash = `#${writeLink({
    ...puzzleLink(entry),
    ...game.linkFields(solution ? solution.positions[0] : app.position, app.goal),
    algorithm: $("algorithm").value,
    all: $("all").checked,
    step: solution && app.player ? app.player.step() : 0,
  })}`;
  if (hash !== location.hash) history.replaceState(null, "", hash);
  app.lastHash = location.hash;
}

function showLinkError(message) {
  const notice = $("link-error");
  notice.textContent = `This link could not be opened: ${message} Showing the default puzzle instead.`;
  notice.hidden = false;
}

function hideLinkError() {
  $("link-error").hidden = true;
}

function announce(text) {
  $("announce").textContent = text;
}

// ---- longest positions -----------------------------------------------------

function longest() {
  const game = app.game;
  if (!openLongestPanel(game.entry, game.family)) return;
  const request = {
    command: "longest", ...puzzleFields(), goal: game.request(app.position, app.goal).goal, max_states: LONGEST_LIMIT,
  };
  startSearch(request, (result) => {
    const summary = showLongest(result, game.entry, app.goal, (labels) => {
      openPuzzle(game, labels, app.goal, { algorithm: $("algorithm").value });
      announce(`Loaded a longest position: ${labels.join(" ")}.`);
    });
    announce(summary);
  });
}

// ---- controls --------------------------------------------------------------

function wireControls() {
  $("picker").addEventListener("change", () => {
    const id = $("picker").value;
    let entry = app.catalog.find((item) => item.id === id);
    if (id === CUSTOM_SLIDING) {
      entry = customSlidingEntry(Number($("custom-rows").value) || 3, Number($("custom-cols").value) || 4);
    }
    if (id === CUSTOM_PEG) entry = customPegEntry(DEFAULT_MASK);
    const game = GAMES[entry.family](entry);
    hideLinkError();
    openPuzzle(game, game.start, game.goal);
  });
  $("custom-lattice").addEventListener("change", () => {
    const lattice = $("custom-lattice").value;
    const mask = maskProblem(app.game.entry.mask, lattice) ? DEFAULT_MASK : app.game.entry.mask;
    const game = pegGame(customPegEntry(mask, lattice));
    openPuzzle(game, game.start, game.goal);
  });
  for (const select of [$("custom-rows"), $("custom-cols")]) {
    select.addEventListener("change", () => {
      const game = slidingGame(customSlidingEntry(Number($("custom-rows").value), Number($("custom-cols").value)));
      openPuzzle(game, game.start, game.goal);
    });
  }
  $("board").addEventListener("keydown", (event) => {
    if (!app.game || event.altKey || event.ctrlKey || event.metaKey || app.editing) return;
    const outcome = app.game.key(app.position, event.key);
    if (outcome === undefined) return;
    event.preventDefault();
    handleOutcome(outcome);
  });
  /** Undo or redo: the position moves from the top of one stack onto the other. */
  const travel = (from, to) => {
    if (!from.length) return;
    clearSolution();
    to.push(app.position);
    app.position = from.pop();
    render({ animate: false });
    watchPosition();
  };
  $("undo").addEventListener("click", () => travel(app.history, app.future));
  $("redo").addEventListener("click", () => travel(app.future, app.history));
  $("shuffle").addEventListener("click", () => {
    if (app.search) app.search.cancel();
    clearSolution();
    app.position = app.game.shuffle();
    app.origin = app.position;
    app.history = [];
    app.future = [];
    $("result").hidden = true;
    render({ animate: false });
    announce("Shuffled.");
    watchPosition();
  });
  $("reset").addEventListener("click", () => {
    clearSolution();
    app.position = app.origin;
    app.history = [];
    app.future = [];
    render({ animate: false });
    announce("Back to the start.");
    watchPosition();
  });
  $("edit").addEventListener("click", () => {
    clearSolution();
    setEditing(app.editing ? null : "start");
    render({ animate: false });
  });
  for (const radio of [$("edit-start"), $("edit-goal"), $("edit-holes")]) {
    radio.addEventListener("change", () => {
      setEditing(["start", "goal", "holes"].find((target) => $(`edit-${target}`).checked));
      render({ animate: false });
    });
  }
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      announce("Link copied.");
    } catch {
      announce(`Copy this link: ${location.href}`);
    }
  });
  $("solve").addEventListener("click", solve);
  $("hint").addEventListener("click", hint);
  $("longest").addEventListener("click", longest);
  $("cancel").addEventListener("click", () => app.search?.cancel());
  $("retry").addEventListener("click", () => app.solver?.retry());
  $("algorithm").addEventListener("change", () => app.game && writeHash());
  $("all").addEventListener("change", () => app.game && writeHash());
  $("step-next").addEventListener("click", () => app.player?.next());
  $("step-prev").addEventListener("click", () => app.player?.previous());
  $("step-first").addEventListener("click", () => app.player?.go(0, { animate: false }));
  $("step-last").addEventListener("click", () => app.player?.go(Infinity, { animate: false }));
  $("play").addEventListener("click", () => {
    if (!app.player) return;
    if (app.player.playing()) app.player.pause();
    else app.player.play();
  });
  $("scrubber").addEventListener("input", () => app.player?.go(Number($("scrubber").value), { animate: false }));
  $("speed").addEventListener("change", () => {
    const delay = Number($("speed").value);
    document.documentElement.style.setProperty("--slide-ms", `${Math.round(delay * 0.6)}ms`);
    app.player?.setDelay(delay);
  });
  $("move-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (button && app.player) app.player.go(Number(button.dataset.step), { animate: false });
  });
}

function shorten(text) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
