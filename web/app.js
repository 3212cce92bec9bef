// The page's boot and wiring: draws the board from catalog.json at once, boots the solver worker
// meanwhile, keeps the game as a tree of moves, and wires the panels together (the link in the URL
// hash is link-panel.js's).

import { createBlockEditor } from "./block-editor.js";
import { drawPegBoard } from "./board-peg.js";
import { customPegEntry, MASK_SIDE, maskGridEntry, maskProblem, toggleGridPoint } from "./custom.js";
import { blocksGame, isLayoutEntry } from "./game-blocks.js";
import { pegGame } from "./game-peg.js";
import { slidingGame } from "./game-sliding.js";
import { createGoalView } from "./goal-view.js";
import { createComparePanel } from "./compare.js";
import { wireKeys } from "./keys.js";
import { createLinkPanel } from "./link-panel.js";
import { LONGEST_LIMIT, openLongestPanel, redrawHistogram, showLongest } from "./longest.js";
import { lettered } from "./peg-notation.js";
import { createPlayerPanel } from "./player-panel.js";
import { createPuzzlePicker } from "./puzzle-picker.js";
import { createNewStarts } from "./new-start.js";
import { createNumbersPanel } from "./numbers.js";
import { createSearchPanel } from "./search-panel.js";
import { solver } from "./start.js";
import { createSolverStatus } from "./solver-status.js";
import { createStore } from "./state.js";
import { $, clear, htmlElement } from "./dom.js";
import { capitalise, publishedLines } from "./words.js";

const GAMES = { sliding: slidingGame, peg: pegGame };
/** The game of a catalog (or custom) entry: a sliding puzzle drawn as a layout is played as blocks. */
const gameOf = (entry) => (entry.family === "sliding" && isLayoutEntry(entry)
  ? blocksGame(entry) : GAMES[entry.family](entry));
/** Smallest comfortable touch target, in CSS pixels (one cell or hole spacing on the board). */
const TOUCH_TARGET = 40;

/** "Tap" on a touch screen, "Click" with a mouse. */
const touch = () => window.matchMedia("(pointer: coarse)").matches;
const press = () => (touch() ? "Tap" : "Click");

const store = createStore();
const app = store.state; // read-only: changes go through the store's transitions

// The panels read `store.state` and change it through the store's transitions; they reach the board through callbacks.
const { clearSolution, showSolution, stopPlayer, stepTo, syncLine, togglePlay } = createPlayerPanel(store, {
  show: render, announce,
});
const { finishFigures, hideGrowth, hint, puzzleFields, solve, startSearch, watchPosition } = createSearchPanel(store, {
  announce, stopPlayer, showSolution, where, redraw: () => render({ animate: false }),
});
const numbers = createNumbersPanel(store, {
  startSearch, finishFigures, puzzleFields, announce, openProblem: openAtlasProblem,
});
const { fillShuffleDistances, openPositionForm, shuffle, usePosition } = createNewStarts(store, {
  newGame, stopSearch, puzzleFields, announce,
});
const { showGoal, showParity } = createGoalView(store, { useGoal });
const { compare, closeCompare, explanation } = createComparePanel(store, {
  puzzleFields, showSolution, where, announce, stopPlayer,
});
const { hideLinkError, openLink, watchHash, writeHash } = createLinkPanel(store, {
  gameOf, openPuzzle, setEditing, render, watchPosition, compare, solve, announce,
});
const blockEditor = createBlockEditor(store, { reshape: reshapeBlocks, announce, fitBoard, showBoardHelp });
const { onSolverState, showStatus, updateSolveButtons } = createSolverStatus(store, {
  compare, solve, watchPosition, announce,
});
const picker = createPuzzlePicker(store, { gameOf, openPuzzle, hideLinkError, setEditing, render, blockEditor });
// The hole editor's grid while it is open: the board's mask with the blank rows a person made kept
// (see toggleGridPoint), so the drawing never shifts under the pointer.
let holeGrid = null;


main();

async function main() {
  wireControls();
  store.setSolver(solver); // started by start.js, the page's first module
  solver.subscribe(onSolverState);
  try {
    store.loadCatalog((await fetchJSON("catalog.json")).filter((entry) => GAMES[entry.family]));
  } catch (error) {
    showStatus("error", `The puzzle catalog could not be loaded (${error.message}).`);
    return;
  }
  picker.fill();
  fetchJSON("explain.json").then((texts) => {
    store.loadExplanations(texts);
    showExplanation();
  }, () => {}); // without it the page works; only the (i) explanations are missing
  openLink(location.hash);
  performance.mark("pzl-first-board");
  watchHash();
}

async function fetchJSON(name) {
  // beside the page's modules, in the build's own folder (versioned: a cache never serves another build's)
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.json();
}


// ---- puzzles and links -----------------------------------------------------


/** Open `game` with a new game tree rooted at `start`. */
function openPuzzle(game, start, goal, { algorithm = "auto", all = false, metric = null, bound = "" } = {}) {
  if (app.search) app.search.cancel();
  clearSolution();
  closeCompare();
  hideGrowth();
  store.openGame(game, goal, start);
  forgetNodeViews();
  setEditing(null);
  picker.showChosen(game.entry);
  $("description").textContent = game.entry.description ?? "";
  $("notes").textContent = game.entry.notes ?? "";
  showPublished(game.entry);
  fillAlgorithms(game, algorithm);
  $("bound").value = ["none", "misplaced", "manhattan", "linear-conflict", "pdb"].includes(bound) ? bound : "";
  showBoundChoice();
  $("all").checked = Boolean(all);
  $("all").disabled = !game.allowsAll;
  showMetricChoice(game, metric);
  $("shuffle").hidden = !game.canShuffle;
  $("shuffle-distance").hidden = !game.canShuffle;
  $("numbers-choice").hidden = game.family !== "peg";
  $("numbers-word").textContent = game.family === "peg" && lettered(game.entry) ? "hole names (d4)" : "hole numbers";
  $("longest").hidden = game.family !== "sliding"; // peg positions do not all lie on paths from one goal
  $("numbers").hidden = game.family !== "peg";
  $("legend-sliding").hidden = game.family !== "sliding";
  $("legend-blocks").hidden = game.family !== "sliding" || !game.rules.blocks;
  $("legend-peg").hidden = game.family !== "peg";
  $("result").hidden = true;
  $("progress").hidden = true;
  $("progress-about").hidden = true;
  $("progress-phase").hidden = true;
  $("longest-panel").hidden = true;
  $("numbers-panel").hidden = true;
  $("position-form").hidden = true;
  $("type-position").setAttribute("aria-expanded", "false");
  store.setBoard(game.draw($("board"), boardHandlers));
  fitBoard();
  render({ animate: false });
  watchPosition();
}

/** A classic's source and published counts (pzl's tests reproduce each), folded under the description. */
function showPublished(entry) {
  const lines = publishedLines(entry);
  $("published").hidden = !lines.length && !entry.source;
  $("published-source").textContent = entry.source ? `${capitalise(entry.source)}.` : "";
  clear($("published-list"));
  for (const line of lines) $("published-list").append(htmlElement("li", {}, line));
}

/** The choice of what counts as one move, where it matters, set to `metric` (null: the game's default). */
function showMetricChoice(game, metric = null) {
  // Whole slides differ from one-cell moves only where a piece can move twice in a row: two empty cells or more.
  $("metric-choice").hidden = game.family !== "sliding" || game.start.filter((label) => label === "0").length < 2;
  $("metric").value = $("metric-choice").hidden ? "step" : metric ?? game.defaultMetric;
}

/** The block editor changed the puzzle: a new game (its own goal) from its start, the editor still open. */
function reshapeBlocks(game) {
  if (app.search) app.search.cancel();
  clearSolution();
  closeCompare();
  hideGrowth();
  store.reshapeBoard(game);
  forgetNodeViews();
  clearStaleNotices();
  $("picker").value = game.entry.id;
  $("description").textContent = game.entry.description;
  $("notes").textContent = "";
  showPublished(game.entry);
  $("result").hidden = true;
  $("longest-panel").hidden = true;
  showMetricChoice(game, $("metric-choice").hidden ? null : $("metric").value);
  $("legend-blocks").hidden = !game.rules.blocks;
  render({ animate: false });
}

/** A new game from `start`: the tree, and everything that described the old one, forgotten. */
function newTree(start) {
  store.restart(start);
  forgetNodeViews();
  clearStaleNotices();
}

/** The person changed the puzzle (an edit, a typed or shuffled start): what was said about the old one goes. */
function clearStaleNotices() {
  hideLinkError();
  $("result").hidden = true;
  $("position-problem").hidden = true;
}

/** Hide what the panels said about the old tree's nodes. */
function forgetNodeViews() {
  $("marks-choice").hidden = true;
  $("warning").hidden = true;
  $("distance").textContent = "";
}

function fillAlgorithms(game, chosen) {
  const select = $("algorithm");
  clear(select);
  for (const name of game.algorithms) select.append(htmlElement("option", { value: name }, name));
  select.value = game.algorithms.includes(chosen) ? chosen : game.algorithms[0];
}

/** The lower bound's choice shows where the algorithm takes one (ida and astar); the (i) explanation follows the choice. */
function showBoundChoice() {
  const takes = app.game?.family === "sliding" && ["ida", "astar"].includes($("algorithm").value);
  $("bound-choice").hidden = !takes;
  showExplanation();
}

function showExplanation() {
  const algorithm = $("algorithm").value;
  const bound = $("bound-choice").hidden ? null : $("bound").value || null;
  const [text, boundText] = app.game ? explanation(algorithm, bound) : [];
  $("algorithm-explain").hidden = !text;
  $("algorithm-explain-text").textContent = text ?? "";
  $("bound-explain-text").hidden = !boundText;
  $("bound-explain-text").textContent = boundText ?? "";
}

/** Name a node of the game for the panels: "the start", "the position after move 5". */
function where(node) {
  if (node === app.tree.root) return "the start";
  const moves = app.game.movesIn(app.tree.lineTo(node).map((each) => each.position), $("metric").value);
  return `the position after move ${moves}`;
}

// ---- play by hand and edit -------------------------------------------------

/** What the sliding board reports: clicks, and drags or swipes of a piece. */
const boardHandlers = { onCell: boardClicked, onDrag: boardDragged };

/** A piece dragged or swiped on the board from `cell` towards grid point `to`: a move, if it can get there. */
function boardDragged(cell, to) {
  if (app.editing || !app.game.drag) return;
  const outcome = app.game.drag(app.position, cell, to);
  if (outcome) handleOutcome(outcome);
  else render({ animate: true }); // nothing moved: the piece goes back
}

function boardClicked(cell, onSlot) {
  if (app.editing === "blocks") return; // the block editor reads the board's pointer itself
  if (app.editing === "holes") {
    const entry = app.game.entry;
    // the editor's own grid, blank rows kept: emptying the top row moves no hole (the board's mask is tidied)
    const mask = toggleGridPoint(holeGrid ?? entry.mask, cell % MASK_SIDE, Math.floor(cell / MASK_SIDE));
    const problem = maskProblem(mask, entry.lattice);
    if (problem && !mask.includes("o")) return; // keep at least one hole to draw
    holeGrid = mask;
    const game = pegGame(customPegEntry(mask, entry.lattice));
    store.reshapeBoard(game);
    forgetNodeViews();
    clearStaleNotices();
    $("description").textContent = game.entry.description;
    render({ animate: false });
    $("edit-problem").textContent = problem ? `Cannot use this board: ${problem}.` : "";
    $("edit-problem").hidden = !problem;
    return;
  }
  if (app.editing) {
    const edited = app.game.edit(app.position, app.goal, cell, app.editing);
    store.setGoal(edited.goal);
    newTree(edited.position);
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
  render({ animate: true }); // a piece let go where it cannot go slides back
}

/** A move played on the board: a child of the current node (a branch off a solution's line, if it leaves it). */
function moveByHand(next, path, words) {
  if (app.search) app.search.cancel();
  store.newShuffle();
  stopPlayer();
  const before = app.position;
  const said = words ?? app.game.describeMove(before, next);
  app.tree.play(next, { words: said, path });
  render({ animate: true, path });
  watchPosition();
  if (solved()) announce(`${said}. Solved!`);
  else if (app.game.stuck?.(next)) announce(`${said}. No jump is left.`);
  else announce(`${said}.`);
}

/** Show `node` of the game tree (a jump: no animation); false when the board is there already. */
function goToNode(node) {
  if (node === app.tree.current()) return false;
  stopPlayer();
  app.game.drop?.();
  app.tree.goTo(node);
  render({ animate: false });
  watchPosition();
  announce(node === app.tree.root ? "The start." : `${capitalise(where(node))}.`);
  return true;
}

/** Undo or redo: walk the tree one move (the board animates the move back or forth). */
function travel(forward) {
  const from = app.tree.current();
  if (!(forward ? app.tree.redo() : app.tree.undo())) return false;
  stopPlayer();
  app.game.drop?.();
  const to = app.tree.current();
  const path = forward ? to.path : from.path?.slice().reverse() ?? null;
  render({ animate: true, path });
  watchPosition();
  announce(forward ? `Redo: ${to.words ?? "a move"}.` : `Undo: back to ${where(to)}.`);
  return true;
}

function solved() {
  return app.game.solved(app.position, app.goal);
}

function setEditing(target) {
  if (target !== "holes") holeGrid = null; // the hole editor starts from the board's own mask each time
  store.setEditing(target);
  $("edit").setAttribute("aria-pressed", String(Boolean(target)));
  $("edit").textContent = target ? "Done editing" : "Edit";
  $("edit-panel").hidden = !target || target === "blocks";
  $("block-editor").hidden = target !== "blocks";
  if (target === "holes" || target === "blocks") {
    $("board").classList.add(target === "holes" ? "mask-editing" : "block-editing");
    store.setBoard(null);
    if (target === "blocks") blockEditor.open();
  } else if (app.game && (!app.board || /mask-editing|block-editing/.test($("board").getAttribute("class")))) {
    $("board").classList.remove("mask-editing", "block-editing");
    store.setBoard(app.game.draw($("board"), boardHandlers));
    fitBoard();
  }
  if (target && target !== "blocks") {
    $("edit-start").checked = target === "start";
    $("edit-goal").checked = target === "goal";
    $("edit-holes").checked = target === "holes";
    const help = {
      start: `${press()} holes to add or remove pegs.`,
      goal: `${press()} the hole the last peg must end in (${press().toLowerCase()} it again: anywhere).`,
      holes: `${press()} grid points to add or remove holes.`,
    };
    $("edit-help").textContent = app.game.family === "peg"
      ? help[target] : `${press()} two cells to swap what they hold.`;
  }
  document.body.classList.toggle("editing", Boolean(target));
  showBoardHelp();
}

/** The line under the board: how to play it, or what a click does while editing. */
function showBoardHelp() {
  if (!app.game) return;
  let text;
  if (app.editing === "holes") text = `Hole editor: ${press().toLowerCase()} grid points to add or remove holes.`;
  else if (app.editing === "blocks") text = blockEditor.help();
  else if (app.editing) text = $("edit-help").textContent;
  else if (app.game.family === "peg") {
    text = `${press()} a peg, then the hole to jump to; or focus the board, move with the arrow keys and press Enter.`;
  } else if (app.game.rules.blocks) {
    const keys = app.game.start.filter((label) => label === "0").length >= 2
      ? "focus the board: the arrow keys move a cursor, Enter takes a piece, the arrows slide it"
      : "focus the board and use the arrow keys";
    text = `Drag a piece where it should go (it takes any free way there), ${press().toLowerCase()} it to slide `
      + `it, or ${keys}.`;
  } else {
    // short enough for the lines .board-help keeps (two beside the goal, three on a phone)
    text = `${press()} or drag a piece next to an empty cell, or focus the board and use the arrow keys.`;
  }
  $("board-help").textContent = `${text} ${touch() ? "Help has the rules." : "Press ? for keys and rules."}`;
}

/** Redraw the board and everything that depends on the position; update the link. */
function render({ animate, path = null }) {
  const node = app.tree.current();
  $("warning").hidden = node !== app.warnedFor || app.verdictShownFor === node;
  if (node !== app.distanceFor) $("distance").textContent = "";
  store.leaveHint(node);
  store.leaveOffer(node);
  if (app.editing === "holes") {
    showMaskEditor();
  } else if (app.editing === "blocks") {
    blockEditor.show();
  } else {
    const showGoal = app.editing === "goal" && app.game.family === "sliding";
    const marks = app.marks && $("show-marks").checked ? app.marks.holes : null;
    app.board.show(showGoal ? app.goal : app.position, {
      animate, goal: app.goal, path, hint: app.hint?.marks ?? null, marks,
    });
  }
  $("board").classList.toggle("hide-numbers", !$("show-numbers").checked);
  const positions = app.tree.lineTo(node).map((each) => each.position);
  $("move-count").textContent = String(app.game.movesIn(positions, $("metric").value));
  $("where").textContent = node === app.tree.root ? "(the start)" : "";
  $("solved").hidden = !solved() || Boolean(app.editing);
  $("board").classList.toggle("is-solved", solved() && !app.editing);
  $("undo").disabled = !app.tree.canUndo();
  $("redo").disabled = !app.tree.canRedo();
  $("reset").disabled = node === app.tree.root;
  const problem = app.game.problem(app.position, app.goal);
  $("edit-problem").textContent = problem ? `Cannot solve this set-up: ${problem}.` : "";
  $("edit-problem").hidden = !problem || app.editing === "blocks"; // the block editor says it beside its texts
  const root = app.tree.root.position;
  const note = app.game.entry.start_note;
  $("start-note").textContent = note ?? "";
  $("start-note").hidden = !note || !app.game.isDefaultStart(root, app.goal);
  showParity();
  showGoal();
  syncLine();
  updateSolveButtons();
  writeHash();
}

/** The hole editor: every grid point, with a "peg" where the board has a hole. */
function showMaskEditor() {
  const entry = app.game.entry;
  const grid = maskGridEntry(entry.lattice);
  const rows = (holeGrid ?? entry.mask).split("/");
  const board = drawPegBoard($("board"), grid, { onCell: boardClicked });
  board.show(grid.holes.map((_, i) => (rows[Math.floor(i / MASK_SIDE)]?.[i % MASK_SIDE] === "o" ? "1" : "0")));
  $("board").setAttribute("aria-label", "Hole editor: a peg marks a hole of your board");
  fitBoard();
}

/**
 * Size the board so a cell or hole is at least TOUCH_TARGET pixels where the screen allows; when it
 * does not, offer "larger board", which widens it beyond the screen (the board then scrolls sideways).
 */
function fitBoard() {
  const svg = $("board");
  const box = svg.viewBox.baseVal;
  if (!box || !box.width) return;
  const spacings = box.width / 100; // board units: 100 per cell or hole spacing
  svg.style.setProperty("--board-spacings", String(spacings));
  svg.style.setProperty("--board-aspect", String(box.width / box.height));
  const fits = $("board-wrap").clientWidth / spacings >= TOUCH_TARGET;
  $("zoom-choice").hidden = fits && !$("zoom").checked;
  $("board-wrap").classList.toggle("zoomed", $("zoom").checked);
}

function announce(text) {
  $("announce").textContent = text;
}

// ---- new starts ----------------------------------------------------------

/** Stop what the solver does for this game: a search, a shuffle waiting for its answer, the player. */
function stopSearch() {
  if (app.search) app.search.cancel();
  clearSolution();
  store.newShuffle();
}

/** A new game from `position` (shuffled or typed). */
function newGame(position, said) {
  newTree(position);
  render({ animate: false });
  announce(said);
  $("result").hidden = false;
  $("result").classList.remove("error");
  $("result").classList.add("message");
  $("result-text").textContent = said;
  $("result-summary").hidden = true;
  $("result-classic").hidden = true;
  watchPosition();
}

/** Make `goal` the puzzle's goal (a goal parity allows the start to reach). */
function useGoal(goal) {
  store.setGoal(goal);
  clearSolution();
  clearStaleNotices();
  render({ animate: false });
  watchPosition();
  announce(`The goal is now ${goal.join(" ")}.`);
}

// ---- longest positions -----------------------------------------------------

/** Every position and the hardest ones; `changes` (a next step's) may lift the state cap. */
function longest(changes = {}) {
  const game = app.game;
  if (!openLongestPanel(game.entry, game.family)) return;
  const request = {
    command: "longest", ...puzzleFields(),
    ...(game.longestRequest?.(app.position) ?? { goal: game.request(app.position, app.goal).goal }),
    max_states: LONGEST_LIMIT, ...changes,
  };
  if (!$("metric-choice").hidden) request.metric = $("metric").value; // the distances in the moves the page counts
  startSearch(request, (result) => {
    finishFigures(result);
    const summary = showLongest(result, game, app.goal, (labels) => {
      openPuzzle(game, labels, app.goal, { algorithm: $("algorithm").value, metric: $("metric").value });
      announce(`Loaded a longest position: ${game.positionText?.(labels) ?? labels.join(" ")}.`);
    });
    announce(summary);
  }, { about: "Searching every position, breadth-first from the goal.", redo: longest });
}

// ---- numbers ---------------------------------------------------------------

/** Open the atlas cell's problem on the board shown: hole `start` empty, the last peg in `finish`. */
function openAtlasProblem(start, finish) {
  const position = app.game.entry.holes.map((_, hole) => (hole === start ? "0" : "1"));
  openPuzzle(app.game, position, finish, { algorithm: $("algorithm").value });
  $("numbers-panel").hidden = false; // the atlas stays in view for the next cell
  $("atlas-view").hidden = false;
  $("solve").focus();
}

// ---- controls --------------------------------------------------------------

function wireControls() {
  fillShuffleDistances();
  $("board").addEventListener("keydown", (event) => {
    if (!app.game || event.altKey || event.ctrlKey || event.metaKey || app.editing) return;
    const outcome = app.game.key(app.position, event.key);
    if (outcome === undefined) return;
    event.preventDefault();
    handleOutcome(outcome);
  });
  $("undo").addEventListener("click", () => travel(false));
  $("redo").addEventListener("click", () => travel(true));
  $("shuffle").addEventListener("click", shuffle);
  $("reset").addEventListener("click", () => {
    stopPlayer();
    app.tree.goTo(app.tree.root);
    render({ animate: false });
    announce("Back to the start; Redo replays your moves.");
    watchPosition();
  });
  $("edit").addEventListener("click", () => {
    clearSolution();
    if (!app.editing && app.game.asLayout) { // a layout is edited in the block editor, as a puzzle of your own
      const game = blocksGame(blockEditor.entryFrom(app.game, app.position));
      openPuzzle(game, game.start, game.goal, { algorithm: $("algorithm").value, metric: $("metric").value });
      setEditing("blocks");
      render({ animate: false });
      return;
    }
    if (!app.editing) newTree(app.position); // edit the position on the board, as a new start
    setEditing(app.editing ? null : "start");
    render({ animate: false });
    if (!app.editing) watchPosition();
  });
  for (const radio of [$("edit-start"), $("edit-goal"), $("edit-holes")]) {
    radio.addEventListener("change", () => {
      setEditing(["start", "goal", "holes"].find((target) => $(`edit-${target}`).checked));
      render({ animate: false });
    });
  }
  $("type-position").addEventListener("click", openPositionForm);
  $("position-form").addEventListener("submit", usePosition);
  $("hint").addEventListener("click", hint);
  $("longest").addEventListener("click", () => longest());
  $("numbers").addEventListener("click", () => {
    numbers.open();
    updateSolveButtons();
    $("numbers-panel").scrollIntoView({ block: "nearest" });
    $("census").focus();
  });
  $("census").addEventListener("click", () => numbers.census());
  $("atlas").addEventListener("click", () => numbers.atlas());
  $("algorithm").addEventListener("change", () => {
    showBoundChoice();
    if (app.game) writeHash();
  });
  $("bound").addEventListener("change", () => {
    showExplanation();
    if (app.game) writeHash();
  });
  $("compare").addEventListener("click", compare);
  $("all").addEventListener("change", () => app.game && writeHash());
  $("metric").addEventListener("change", () => app.game && render({ animate: false })); // the count follows
  $("step-next").addEventListener("click", () => stepTo("next"));
  $("step-prev").addEventListener("click", () => stepTo("previous"));
  $("step-first").addEventListener("click", () => stepTo("first"));
  $("step-last").addEventListener("click", () => stepTo("last"));
  $("play").addEventListener("click", togglePlay);
  $("scrubber").addEventListener("input", () => stepTo(Number($("scrubber").value)));
  $("speed").addEventListener("change", () => {
    const delay = Number($("speed").value);
    document.documentElement.style.setProperty("--slide-ms", `${Math.round(delay * 0.6)}ms`);
    app.player?.setDelay(delay);
  });
  remembered($("show-numbers"), "pzl-hole-numbers");
  for (const toggle of [$("show-numbers"), $("show-marks")]) {
    toggle.addEventListener("change", () => app.game && render({ animate: false }));
  }
  $("zoom").addEventListener("change", fitBoard);
  window.addEventListener("resize", () => app.game && fitBoard());
  $("log-scale").addEventListener("change", () => redrawHistogram($("log-scale").checked));
  $("help-open").addEventListener("click", openHelp);
  $("help-close").addEventListener("click", () => $("help").close());
  wireKeys({
    undo: () => travel(false),
    redo: () => travel(true),
    // the solution's line when one is shown, else the game's: back to the start, on along Redo's way
    previous: () => stepTo("previous") || travel(false),
    next: () => stepTo("next") || travel(true),
    first: () => stepTo("first") || goToNode(app.tree.root),
    last: () => stepTo("last") || goToNode(app.tree.lineFrom(app.tree.current()).at(-1)),
    help: openHelp,
  });
}

function openHelp() {
  if (!$("help").open) $("help").showModal();
  return true;
}

/** A checkbox whose state is remembered across visits (localStorage, when the browser allows it). */
function remembered(box, key) {
  try {
    const stored = localStorage.getItem(key);
    if (stored !== null) box.checked = stored === "1";
    box.addEventListener("change", () => localStorage.setItem(key, box.checked ? "1" : "0"));
  } catch {
    // storage blocked: the box keeps its state for this page only
  }
}
