// Editing the puzzle on its board: Edit / Done editing, what is edited (the start, the goal, a
// custom peg board's holes; a layout goes to the block editor, web/block-editor.js), a click on the
// board while editing, the hole editor's grid, and the words under the board meanwhile.

import { drawPegBoard } from "./board-peg.js";
import { customPegEntry, MASK_SIDE, maskGridEntry, maskProblem, toggleGridPoint } from "./custom.js";
import { $, press } from "./dom.js";
import { blocksGame } from "./game-blocks.js";
import { pegGame } from "./game-peg.js";

/**
 * The edit panel for the page's store (web/state.js): `setEditing(target)` (null, "start", "goal",
 * "holes" or "blocks"), and for the board panel `click(cell)` and `show()` (true when an editor took
 * them) and `help()` (the editor's line under the board, or null). `drawBoard()`, `fitBoard()` and
 * `showBoardHelp()` are the board panel's; `render`, `openPuzzle`, `newTree` and `forgetViews` (what
 * the panels said about the old board) the page's; `clearSolution` and `watchPosition` the player's
 * and the search panel's.
 */
export function createEditPanel(store, {
  blockEditor, drawBoard, fitBoard, showBoardHelp, render, openPuzzle, newTree, forgetViews, clearSolution, watchPosition,
}) {
  const app = store.state;
  // The hole editor's grid while it is open: the board's mask with the blank rows a person made kept
  // (see toggleGridPoint), so the drawing never shifts under the pointer.
  let holeGrid = null;

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

  return { setEditing, click, show, help };

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
      drawBoard();
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

  /** A click on the board while editing (true: taken here); not editing, it is a move (false). */
  function click(cell) {
    if (!app.editing) return false;
    if (app.editing === "blocks") return true; // the block editor reads the board's pointer itself
    if (app.editing === "holes") {
      toggleHole(cell);
      return true;
    }
    const edited = app.game.edit(app.position, app.goal, cell, app.editing);
    store.setGoal(edited.goal);
    newTree(edited.position);
    render({ animate: false });
    return true;
  }

  /** A grid point of the hole editor clicked: a hole added or taken away, a new board. */
  function toggleHole(cell) {
    const entry = app.game.entry;
    // the editor's own grid, blank rows kept: emptying the top row moves no hole (the board's mask is tidied)
    const mask = toggleGridPoint(holeGrid ?? entry.mask, cell % MASK_SIDE, Math.floor(cell / MASK_SIDE));
    const problem = maskProblem(mask, entry.lattice);
    if (problem && !mask.includes("o")) return; // keep at least one hole to draw
    holeGrid = mask;
    const game = pegGame(customPegEntry(mask, entry.lattice));
    store.reshapeBoard(game);
    forgetViews();
    $("description").textContent = game.entry.description;
    render({ animate: false });
    $("edit-problem").textContent = problem ? `Cannot use this board: ${problem}.` : "";
    $("edit-problem").hidden = !problem;
  }

  /** Draw the editor open instead of the board (true), or nothing (false: the board shows the game). */
  function show() {
    if (app.editing === "holes") showMaskEditor();
    else if (app.editing === "blocks") blockEditor.show();
    else return false;
    return true;
  }

  /** The hole editor: every grid point, with a "peg" where the board has a hole. */
  function showMaskEditor() {
    const entry = app.game.entry;
    const grid = maskGridEntry(entry.lattice);
    const rows = (holeGrid ?? entry.mask).split("/");
    const board = drawPegBoard($("board"), grid, { onCell: click });
    board.show(grid.holes.map((_, i) => (rows[Math.floor(i / MASK_SIDE)]?.[i % MASK_SIDE] === "o" ? "1" : "0")));
    $("board").setAttribute("aria-label", "Hole editor: a peg marks a hole of your board");
    fitBoard();
  }

  /** What a click does in the editor open (the line under the board), or null when none is. */
  function help() {
    if (app.editing === "holes") return `Hole editor: ${press().toLowerCase()} grid points to add or remove holes.`;
    if (app.editing === "blocks") return blockEditor.help();
    if (app.editing) return $("edit-help").textContent;
    return null;
  }
}
