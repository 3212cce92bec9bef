// The solution player's glue: a found solution becomes a line of the game tree, the player's
// clock steps along it, and every move through the tree (Undo, a move by hand) tells the player
// where the board now is: on the line, off it after some step, or before its first position.
// The move list shows the tree inline: branches off the line are variations to visit, promote or delete.
// The dock's controls (the step buttons, Play / Pause, the scrubber, the speed) are wired here.

import { $ } from "./dom.js";
import { createPlayer } from "./player.js";
import { fillMoveList, fillSolutionChoice, hidePlayer, showPlaying, showStep } from "./player-view.js";


/**
 * The player panel for the page's store (web/state.js: `tree`, `line`, `player`).
 * `show({animate, path})` redraws the board for the tree's current node; `announce(text)`
 * speaks to screen readers.
 */
export function createPlayerPanel(store, { show, announce }) {
  const app = store.state;
  // the dock: step buttons, Play / Pause, the scrubber and the speed
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

  /** With all shortest solutions asked for, a choice of which one the player shows. */
  function offerSolutions(result, from) {
    const count = Array.isArray(result.solutions) ? result.solutions.length : 0;
    fillSolutionChoice(count, (index) => {
      const solution = app.game.solutionOf(result, from.position, index);
      if (solution) loadLine(solution, result, from, app.player?.step() ?? 0);
    });
  }

  /** Put `solution` (positions from `from`'s) into the tree as a line and show its step `step`. */
  function loadLine(solution, result, from, step = 0) {
    const moves = solution.positions.slice(1).map((position, i) => ({
      position, words: solution.words[i], path: solution.paths?.[i] ?? null,
    }));
    const old = app.line?.nodes ?? [];
    const nodes = app.tree.addLine(from, moves);
    // The answer it replaces (a better one came, another shortest was chosen) goes where it leaves the new
    // line, unless a move was played by hand in it: the move list's variations are the person's.
    const left = old.find((node, i) => i > 0 && !nodes.includes(node));
    useLine(nodes, result, from);
    app.tree.goTo(nodes[Math.min(step, nodes.length - 1)]);
    if (left) app.tree.forget(left); // once the board has left it
    show({ animate: false });
  }

  /** Make `nodes` (a line of the tree, `from` first) the line the player walks; the board stays where it is. */
  function useLine(nodes, result, from) {
    stopPlayer();
    const words = nodes.slice(1).map((node) => node.words ?? "?");
    store.loadLine({ nodes, words, result, from }, createPlayer(nodes.length, {
      delay: Number($("speed").value),
      onStep: (index, { animate, from: before }) => {
        let path = null;
        if (animate) path = index > before ? nodes[index].path : nodes[before].path?.slice().reverse() ?? null;
        app.tree.goTo(nodes[index]);
        show({ animate, path });
        if (index > 0) announce(`Move ${index} of ${nodes.length - 1}: ${words[index - 1]}.`);
      },
      onPlaying: showPlaying,
    }));
    drawn = null;
  }

  // The move list is redrawn only when the tree or the line changed (a redraw would take the focus away).
  let drawn = null;
  function drawMoves() {
    const key = `${app.tree.version()}`;
    if (drawn === key) return;
    drawn = key;
    fillMoveList(app.line.nodes, app.tree, { step: stepTo, goTo: goToNode, promote, remove });
  }

  /** A variation's move clicked: the board goes to that node of the tree. */
  function goToNode(node) {
    stopPlayer();
    app.tree.goTo(node);
    show({ animate: false });
  }

  /** A variation (a branch off the line, first node `node`) becomes the line the player walks; the old line's rest a variation. */
  function promote(node) {
    const { nodes, result, from } = app.line;
    const way = app.tree.lineTo(node); // the root to `node`: it leaves the line after its last node on the line
    const at = way.findLastIndex((each) => nodes.includes(each));
    if (at < 0) return;
    app.tree.promote(node);
    const branch = nodes.indexOf(way[at]);
    useLine([...nodes.slice(0, branch + 1), ...way.slice(at + 1, -1), ...app.tree.lineFrom(node)], result, from);
    show({ animate: false });
    announce(`The variation from ${node.words ?? "there"} is now the line shown.`);
  }

  /** Delete a variation (`node` and every move after it); the board leaves it if it was there. */
  function remove(node) {
    const was = app.tree.current();
    stopPlayer();
    const now = app.tree.remove(node);
    show({ animate: false });
    announce(`Variation deleted${now !== was ? "; the board is back where it branched off" : ""}.`);
  }

  /**
   * Where the board is relative to the line: {step, off} — `step` the line's last position on the
   * way to the board's (-1: none, the board is before the line's start or on another branch),
   * `off` the moves played after it.
   */
  function placeOnLine() {
    const { nodes } = app.line;
    let off = 0;
    for (let at = app.tree.current(); at; at = at.parent, off += 1) {
      const step = nodes.indexOf(at);
      if (step >= 0) return { step, off };
    }
    return { step: -1, off: 0 };
  }

  /** After any move through the tree: the player's step and controls follow the board. */
  function syncLine() {
    if (!app.line || !app.player) return;
    drawMoves();
    const { step, off } = placeOnLine();
    const last = app.line.nodes.length - 1;
    if (step < 0) {
      showStep(0, last, 0, app.tree.current().id);
      $("step-label").textContent = `– / ${last}`;
      $("line-note").textContent = `The board is not on this solution, which starts from an earlier position: « and ▶ go to it.`;
      $("step-first").disabled = false;
      $("step-prev").disabled = true;
      $("step-next").disabled = false;
      return;
    }
    app.player.sync(step);
    showStep(step, last, off, app.tree.current().id);
  }

  /**
   * A player button: "first", "previous", "next", "last" or a step number. On the line it moves
   * along it (one step animated); off the line it goes back onto it.
   */
  function stepTo(where) {
    if (!app.line || !app.player) return false;
    const { step, off } = placeOnLine();
    const last = app.line.nodes.length - 1;
    let target;
    if (typeof where === "number") target = where;
    else if (where === "first") target = 0;
    else if (where === "last") target = last;
    else if (step < 0) target = 0;
    else if (where === "next") target = step + 1;
    else target = off ? step : step - 1;
    target = Math.max(0, Math.min(last, target));
    if (step >= 0 && off === 0) {
      app.player.go(target, { animate: where === "next" || where === "previous" });
    } else {
      stopPlayer();
      app.tree.goTo(app.line.nodes[target]);
      show({ animate: false });
    }
    return true;
  }

  function togglePlay() {
    if (!app.player) return;
    if (app.player.playing()) {
      app.player.pause();
      return;
    }
    const { step, off } = placeOnLine();
    if (step < 0 || off) stepTo(step < 0 ? 0 : step);
    app.player.play();
  }

  function stopPlayer() {
    if (app.player) app.player.pause();
  }

  /** Forget the line shown (its moves stay in the tree) and hide the player. */
  function clearSolution() {
    stopPlayer();
    store.clearLine();
    hidePlayer();
  }

  /** Show a found solution: the choice among several (if any), then the first one in the player. */
  function showSolution(solution, result, from) {
    offerSolutions(result, from);
    const step = store.takePendingStep() ?? 0;
    loadLine(solution, result, from, step);
  }

  return { clearSolution, showSolution, stopPlayer, stepTo, syncLine };
}
