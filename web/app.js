// The page's boot and wiring: draws the board from catalog.json at once, boots the solver worker
// meanwhile, and wires the panels together. Each panel is a controller of its own (its listeners,
// its part of the page) made by a `create…(store, deps)` factory; this module opens a puzzle, starts
// a new game tree, and redraws what follows the position. The link in the URL hash is link-panel.js's.

import { createBlockEditor } from "./block-editor.js";
import { createBoardPanel } from "./board-panel.js";
import { createComparePanel } from "./compare.js";
import { createEditPanel } from "./edit-panel.js";
import { blocksGame, isLayoutEntry } from "./game-blocks.js";
import { pegGame } from "./game-peg.js";
import { slidingGame } from "./game-sliding.js";
import { createGoalView } from "./goal-view.js";
import { createHelp } from "./help.js";
import { wireKeys } from "./keys.js";
import { createLinkPanel } from "./link-panel.js";
import { createLongestPanel } from "./longest.js";
import { createNewStarts } from "./new-start.js";
import { createNumbersPanel } from "./numbers.js";
import { lettered } from "./peg-notation.js";
import { createPlayerPanel } from "./player-panel.js";
import { createPuzzlePicker } from "./puzzle-picker.js";
import { followScreenOrder } from "./reading-order.js";
import { createSearchPanel } from "./search-panel.js";
import { createSolveOptions } from "./solve-options.js";
import { solver } from "./start.js";
import { createSolverStatus } from "./solver-status.js";
import { createStore } from "./state.js";
import { $ } from "./dom.js";

const GAMES = { sliding: slidingGame, peg: pegGame };
/** The game of a catalog (or custom) entry: a sliding puzzle drawn as a layout is played as blocks. */
const gameOf = (entry) => (entry.family === "sliding" && isLayoutEntry(entry)
  ? blocksGame(entry) : GAMES[entry.family](entry));

const store = createStore();
const app = store.state; // read-only: changes go through the store's transitions

// The panels read `store.state` and change it through the store's transitions; they reach each other
// through the callbacks given here (an arrow where the panel called is made further down).
const { clearSolution, showSolution, stopPlayer, stepTo, syncLine } = createPlayerPanel(store, {
  show: render, announce,
});
const { finishFigures, hideGrowth, puzzleFields, solve, startSearch, watchPosition } = createSearchPanel(store, {
  announce, stopPlayer, showSolution, where, redraw: () => render({ animate: false }),
});
const { compare, closeCompare, explanation } = createComparePanel(store, {
  puzzleFields, showSolution, where, announce, stopPlayer,
});
const { hideLinkError, openLink, watchHash, writeHash } = createLinkPanel(store, {
  gameOf, openPuzzle, setEditing: (target) => editor.setEditing(target), render, watchPosition, compare, solve, announce,
});
const options = createSolveOptions(store, { explanation, writeHash, render });
const { onSolverState, showStatus, updateSolveButtons } = createSolverStatus(store, {
  compare, solve, watchPosition, announce,
});
createNumbersPanel(store, { startSearch, finishFigures, puzzleFields, announce, openPuzzle, updateSolveButtons });
createLongestPanel(store, { startSearch, finishFigures, puzzleFields, openPuzzle, announce });
createNewStarts(store, { newGame, stopSearch, puzzleFields, announce });
const { showGoal, showParity } = createGoalView(store, { useGoal });
const fitBoard = () => board.fit();
const showBoardHelp = () => board.showHelp();
const blockEditor = createBlockEditor(store, { reshape: reshapeBlocks, announce, fitBoard, showBoardHelp });
const editor = createEditPanel(store, {
  blockEditor, drawBoard: () => board.draw(), fitBoard, showBoardHelp, render, openPuzzle, newTree, forgetViews,
  clearSolution, watchPosition,
});
const board = createBoardPanel(store, { editor, render, stopPlayer, watchPosition, where, announce });
const picker = createPuzzlePicker(store, {
  gameOf, openPuzzle, hideLinkError, setEditing: editor.setEditing, render, blockEditor,
});
const { openHelp } = createHelp();
wireKeys({
  undo: () => board.travel(false),
  redo: () => board.travel(true),
  // the solution's line when one is shown, else the game's: back to the start, on along Redo's way
  previous: () => stepTo("previous") || board.travel(false),
  next: () => stepTo("next") || board.travel(true),
  first: () => stepTo("first") || board.goToNode(app.tree.root),
  last: () => stepTo("last") || board.goToNode(app.tree.lineFrom(app.tree.current()).at(-1)),
  help: openHelp,
});


main();

async function main() {
  followScreenOrder();
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
    options.showExplanation();
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


// ---- a puzzle opened, a new game tree ----------------------------------------

/** Open `game` with a new game tree rooted at `start`; `chosen` are the solve options (a link's). */
function openPuzzle(game, start, goal, chosen = {}) {
  if (app.search) app.search.cancel();
  clearSolution();
  closeCompare();
  hideGrowth();
  store.openGame(game, goal, start);
  forgetNodeViews();
  editor.setEditing(null);
  picker.showChosen(game.entry);
  options.showOptions(game, chosen);
  // what applies to the family
  $("shuffle").hidden = !game.canShuffle;
  $("shuffle-distance").hidden = !game.canShuffle;
  $("numbers-choice").hidden = game.family !== "peg";
  $("numbers-word").textContent = game.family === "peg" && lettered(game.entry) ? "hole names (d4)" : "hole numbers";
  $("longest").hidden = game.family !== "sliding"; // peg positions do not all lie on paths from one goal
  $("numbers").hidden = game.family !== "peg";
  $("legend-sliding").hidden = game.family !== "sliding";
  $("legend-blocks").hidden = game.family !== "sliding" || !game.rules.blocks;
  $("legend-peg").hidden = game.family !== "peg";
  // what was said about the puzzle before
  const said = ["result", "progress", "progress-about", "progress-phase", "longest-panel", "numbers-panel", "position-form"];
  for (const id of said) $(id).hidden = true;
  $("type-position").setAttribute("aria-expanded", "false");
  board.draw();
  render({ animate: false });
  watchPosition();
}

/** The block editor changed the puzzle: a new game (its own goal) from its start, the editor still open. */
function reshapeBlocks(game) {
  if (app.search) app.search.cancel();
  clearSolution();
  closeCompare();
  hideGrowth();
  store.reshapeBoard(game);
  forgetViews();
  picker.showChosen(game.entry);
  $("result").hidden = true;
  $("longest-panel").hidden = true;
  options.showMetricChoice(game, $("metric-choice").hidden ? null : $("metric").value);
  $("legend-blocks").hidden = !game.rules.blocks;
  render({ animate: false });
}

/** A new game from `start`: the tree, and everything that described the old one, forgotten. */
function newTree(start) {
  store.restart(start);
  forgetViews();
}

/** The person changed the puzzle (an edit, a typed or shuffled start): what was said about the old one goes. */
function forgetViews() {
  forgetNodeViews();
  clearStaleNotices();
}

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

/** Name a node of the game for the panels: "the start", "the position after move 5". */
function where(node) {
  if (node === app.tree.root) return "the start";
  const moves = app.game.movesIn(app.tree.lineTo(node).map((each) => each.position), $("metric").value);
  return `the position after move ${moves}`;
}

/** Redraw the board and everything that depends on the position; update the link. */
function render({ animate, path = null }) {
  const node = app.tree.current();
  $("warning").hidden = node !== app.warnedFor || app.verdictShownFor === node;
  if (node !== app.distanceFor) $("distance").textContent = "";
  store.leaveHint(node);
  store.leaveOffer(node);
  board.show({ animate, path });
  showParity();
  showGoal();
  syncLine();
  updateSolveButtons();
  writeHash();
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
