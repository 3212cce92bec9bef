// The board as the player uses it: drawn for the game and fitted to the screen, a move by click,
// drag, swipe or key as a child of the game tree, Undo / Redo / Start through the tree, the line of
// help under it, and the board's own options (zoom, hole numbers, marked holes).

import { $, press, touch } from "./dom.js";
import { capitalise } from "./words.js";

/** Smallest comfortable touch target, in CSS pixels (one cell or hole spacing on the board). */
const TOUCH_TARGET = 40;

/**
 * The board panel for the page's store (web/state.js). `editor` is the edit panel (a click while
 * editing is its: `click(cell)`, `show()`, `help()`); `render({animate, path})` redraws the board
 * and everything that follows the position; `stopPlayer()`, `watchPosition()` and `where(node)` are
 * the player's and the search panel's; `announce(text)` speaks to screen readers.
 */
export function createBoardPanel(store, { editor, render, stopPlayer, watchPosition, where, announce }) {
  const app = store.state;
  /** What the board reports: clicks, and drags or swipes of a piece. */
  const handlers = { onCell: clicked, onDrag: dragged };

  $("board").addEventListener("keydown", (event) => {
    if (!app.game || event.altKey || event.ctrlKey || event.metaKey || app.editing) return;
    const outcome = app.game.key(app.position, event.key);
    if (outcome === undefined) return;
    event.preventDefault();
    handleOutcome(outcome);
  });
  $("undo").addEventListener("click", () => travel(false));
  $("redo").addEventListener("click", () => travel(true));
  $("reset").addEventListener("click", () => {
    stopPlayer();
    app.tree.goTo(app.tree.root);
    render({ animate: false });
    announce("Back to the start; Redo replays your moves.");
    watchPosition();
  });
  remembered($("show-numbers"), "pzl-hole-numbers");
  for (const toggle of [$("show-numbers"), $("show-marks")]) {
    toggle.addEventListener("change", () => app.game && render({ animate: false }));
  }
  $("zoom").addEventListener("change", fit);
  window.addEventListener("resize", () => app.game && fit());

  return { draw, show, fit, showHelp, travel, goToNode };

  /** Draw the game's board afresh (a new puzzle, or back from an editor that drew its own). */
  function draw() {
    store.setBoard(app.game.draw($("board"), handlers));
    fit();
  }

  /** The board and its counters for the tree's current node (an editor open: the editor's view). */
  function show({ animate, path = null }) {
    const node = app.tree.current();
    if (!editor.show()) {
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
    const note = app.game.entry.start_note;
    $("start-note").textContent = note ?? "";
    $("start-note").hidden = !note || !app.game.isDefaultStart(app.tree.root.position, app.goal);
  }

  /**
   * Size the board so a cell or hole is at least TOUCH_TARGET pixels where the screen allows; when it
   * does not, offer "larger board", which widens it beyond the screen (the board then scrolls sideways).
   */
  function fit() {
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

  /** The line under the board: how to play it, or (an editor open) what a click does there. */
  function showHelp() {
    if (!app.game) return;
    const text = editor.help() ?? playHelp();
    $("board-help").textContent = `${text} ${touch() ? "Help has the rules." : "Press ? for keys and rules."}`;
  }

  function playHelp() {
    if (app.game.family === "peg") {
      return `${press()} a peg, then the hole to jump to; or focus the board, move with the arrow keys and press Enter.`;
    }
    if (app.game.rules.blocks) {
      const keys = app.game.start.filter((label) => label === "0").length >= 2
        ? "focus the board: the arrow keys move a cursor, Enter takes a piece, the arrows slide it"
        : "focus the board and use the arrow keys";
      return `Drag a piece where it should go (it takes any free way there), ${press().toLowerCase()} it to slide `
        + `it, or ${keys}.`;
    }
    // short enough for the lines .board-help keeps (two beside the goal, three on a phone)
    return `${press()} or drag a piece next to an empty cell, or focus the board and use the arrow keys.`;
  }

  /** A piece dragged or swiped on the board from `cell` towards grid point `to`: a move, if it can get there. */
  function dragged(cell, to) {
    if (app.editing || !app.game.drag) return;
    const outcome = app.game.drag(app.position, cell, to);
    if (outcome) handleOutcome(outcome);
    else render({ animate: true }); // nothing moved: the piece goes back
  }

  function clicked(cell, onSlot) {
    if (editor.click(cell)) return;
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
    const said = words ?? app.game.describeMove(app.position, next);
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
