// The page's link: the URL hash read into a game (a broken link says why and falls back as little
// as it can) and the game written back into it (the start, the moves up to the position shown, the
// page's options), and the Copy link and Copy moves buttons.

import { customPegEntry, customSlidingEntry, maskProblem } from "./custom.js";
import { $ } from "./dom.js";
import { LayoutError, layoutEntry } from "./layout.js";
import { LinkError, readLink, writeGameLink } from "./link.js";
import { capitalise, plural } from "./words.js";

const DEFAULT_PUZZLE = "8-puzzle";

/**
 * The link panel: `openLink(hash)`, `writeHash()`, `hideLinkError()`, `watchHash()` (follow the
 * hash when the person changes it). It reaches the board through `gameOf`, `openPuzzle`,
 * `setEditing`, `render`, `watchPosition`, `compare`, `solve` and `announce`.
 */
export function createLinkPanel(store, { gameOf, openPuzzle, setEditing, render, watchPosition, compare, solve, announce }) {
  const app = store.state;
  // The link says whether the Compare panel is open: it is rewritten whenever the store's `compareOpen` changes.
  let linkedCompare = false;
  store.subscribe(() => {
    if (app.compareOpen === linkedCompare) return;
    linkedCompare = app.compareOpen;
    if (app.game && app.tree) writeHash();
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      announce("Link copied.");
    } catch {
      announce(`Copy this link: ${location.href}`);
    }
  });
  $("copy-moves").addEventListener("click", async () => {
    const { text, count } = movesText();
    $("moves-text").value = text;
    try {
      await navigator.clipboard.writeText(text);
      $("moves-text-box").hidden = true;
      announce(`${capitalise(plural(count, "move"))} copied as text.`);
    } catch {
      $("moves-text-box").hidden = false; // offline or not allowed: the text to select by hand
      announce("The moves are shown as text under the buttons.");
    }
  });
  return { openLink, writeHash, hideLinkError, watchHash };

  /** Follow the hash when the person changes it (not when the page writes it). */
  function watchHash() {
    window.addEventListener("hashchange", () => {
      if (location.hash !== app.lastHash) openLink(location.hash);
    });
  }

  /** The link fields that name the puzzle. */
  function puzzleLink(entry) {
    if (!entry.custom) return { puzzle: entry.id };
    if (entry.asLayout) return {}; // the game's link fields draw it (layout, goal, rules)
    if (entry.family === "peg") return { mask: entry.mask, lattice: entry.lattice };
    return { board: { rows: entry.rows, cols: entry.cols } };
  }

  function defaultGame() {
    const entry = app.catalog.find((item) => item.id === DEFAULT_PUZZLE) ?? app.catalog[0];
    return gameOf(entry);
  }

  /**
   * Open a link. A link that cannot be followed says why and falls back as little as it can: to
   * the puzzle it names (its default start) when it names one, else to the default puzzle.
   */
  function openLink(hash) {
    let link = null;
    try {
      link = readLink(hash);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      if (!openFallback(error)) {
        showLinkError(error.message, null);
        openDefault();
      }
      return;
    }
    hideLinkError();
    if (!link) {
      openDefault();
      return;
    }
    let entry;
    try {
      entry = entryOf(link);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      showLinkError(error.message, null);
      openDefault();
      return;
    }
    const game = gameOf(entry);
    try {
      openGameFromLink(game, link);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      showLinkError(error.message, entry.name);
      openPuzzle(game, game.start, game.goal);
    }
  }

  /** Open the puzzle a broken link names, at its default start, saying what was wrong; false when it names none. */
  function openFallback(error) {
    if (!error.fallback) return false;
    let entry;
    try {
      entry = entryOf(error.fallback);
    } catch (problem) {
      if (problem instanceof LinkError) return false;
      throw problem;
    }
    const game = gameOf(entry);
    showLinkError(error.message, entry.name);
    openPuzzle(game, game.start, game.goal);
    return true;
  }

  function openDefault() {
    const game = defaultGame();
    openPuzzle(game, game.start, game.goal);
  }

  /** The catalog entry (or custom entry) a link names; LinkError when there is none. */
  function entryOf(link) {
    if (link.board) return customSlidingEntry(link.board.rows, link.board.cols);
    if (link.layout && !link.puzzle) {
      try {
        return layoutEntry(link.layout, link.goal ?? null, link.rules ?? null);
      } catch (error) {
        if (!(error instanceof LayoutError)) throw error;
        throw new LinkError(`The link's block puzzle cannot be drawn: ${error.message}.`);
      }
    }
    if (link.mask) {
      const problem = maskProblem(link.mask, link.lattice ?? "square");
      if (problem) throw new LinkError(`The link's peg board cannot be used: ${problem}.`);
      return customPegEntry(link.mask, link.lattice ?? "square");
    }
    const entry = app.catalog.find((item) => item.id === link.puzzle);
    if (!entry) throw new LinkError(`There is no puzzle called “${shorten(link.puzzle)}”.`);
    return entry;
  }

  function openGameFromLink(game, link) {
    let task;
    try {
      task = game.fromLink(link);
    } catch (error) {
      throw new LinkError(`${capitalise(error.message)}.`);
    }
    if (link.algorithm && !game.algorithms.includes(link.algorithm)) {
      throw new LinkError(`The ${game.entry.name} has no algorithm “${shorten(link.algorithm)}”.`);
    }
    openPuzzle(game, task.start, task.goal,
      { algorithm: link.algorithm, all: link.all, metric: link.metric, bound: link.bound });
    if (game.entry.custom && game.entry.asLayout && game.entry.problem) { // still being drawn
      setEditing("blocks");
      render({ animate: false });
    }
    let tokens = link.moves ?? [];
    if (link.path) {
      try {
        tokens = game.unpackMoves ? game.unpackMoves(task.start, link.path) : null;
      } catch (error) {
        if (!(error instanceof LinkError)) throw error;
        showLinkError(error.message, null, true);
        tokens = [];
      }
      if (tokens === null) throw new LinkError(`The ${game.entry.name} has no move code (path).`);
    }
    const problem = playLinkMoves(tokens);
    if (problem) showLinkError(problem, null, true);
    else if (link.after) showLinkNote(`This link starts at the position after ${plural(link.after, "move")} of the game it `
      + "was copied from: that game was too long for a link, so its moves are left out.");
    store.awaitStep(link.step);
    if (link.compare) compare(); // runs now, or once the solver is ready
    if (app.solver?.state() === "ready" && store.takePendingSolve()) solve();
  }

  /** Replay a link's moves from the start; the first one that is not legal stops it (said in words), else null. */
  function playLinkMoves(tokens) {
    let problem = null;
    for (const [index, token] of tokens.entries()) {
      const before = app.position;
      const move = app.game.playToken(before, token);
      if (!move) {
        const shown = index === 0 ? "the start" : `the position after move ${index}`;
        problem = `The link's move ${index + 1} (“${shorten(token)}”) cannot be played there; showing ${shown}.`;
        break;
      }
      app.tree.play(move.position, { words: move.words ?? app.game.describeMove(before, move.position), path: move.path });
    }
    if (app.tree.current() !== app.tree.root) {
      render({ animate: false });
      watchPosition();
    }
    return problem;
  }

  function writeHash() {
    if (app.editing === "holes") return;
    const hash = `#${gameLink(app.game, app.tree.lineTo())}`;
    if (hash !== location.hash) history.replaceState(null, "", hash);
    store.noteHash(location.hash);
  }

  /** The link of the game up to the last of `nodes` (the line from the root), with the page's options. */
  function gameLink(game, nodes) {
    return writeGameLink(game, {
      root: nodes[0].position,
      shown: nodes[nodes.length - 1].position,
      goal: app.goal,
      tokens: nodes.slice(1).map((node, i) => game.moveToken(nodes[i].position, node.position, node.path)),
      fields: {
        ...puzzleLink(game.entry),
        algorithm: $("algorithm").value,
        bound: $("bound-choice").hidden ? "" : $("bound").value,
        metric: $("metric-choice").hidden ? undefined : $("metric").value,
        all: $("all").checked,
        compare: app.compareOpen,
      },
    });
  }

  /**
   * The solution shown (else the game's moves up to the board) as text: a header line naming the
   * puzzle, the start and the move count, then one move per line in the words of the move list
   * (peg: "d2-d4" on the English and French boards, hole numbers elsewhere). {text, count}.
   */
  function movesText() {
    const nodes = app.line ? app.line.nodes : app.tree.lineTo();
    const game = app.game;
    const count = game.movesIn(nodes.map((node) => node.position), $("metric").value);
    const start = nodes[0].position;
    let from = "";
    if (game.family === "peg") from = `, empty ${game.holesText(start.flatMap((peg, hole) => (peg === "0" ? [hole] : [])))}`;
    else if (!game.rules.blocks) from = ` from ${start.join(" ")}`;
    const what = app.line ? "solution" : "moves played";
    const lines = [];
    let chain = null; // a peg's jumps played one by one: one move, one line ("d2-d4-f4")
    nodes.slice(1).forEach((node, i) => {
      const path = game.family === "peg" && Array.isArray(node.path) ? node.path : null;
      if (path && chain && chain[chain.length - 1] === path[0]) {
        chain = [...chain, ...path.slice(1)];
        lines[lines.length - 1] = game.pathWords(chain);
        return;
      }
      chain = path;
      lines.push(node.words ?? game.describeMove(nodes[i].position, node.position));
    });
    const header = `${game.entry.name}${from}: ${plural(count, game.unit[0], game.unit[1])} (${what}, pzl)`;
    return { text: [header, ...lines].join("\n") + "\n", count };
  }

  function showLinkError(message, fallback, partly = false) {
    const notice = $("link-error");
    if (partly) notice.textContent = `Part of this link could not be followed: ${message}`;
    else if (fallback) notice.textContent = `This link could not be opened as it is: ${message} Showing the ${fallback} instead.`;
    else notice.textContent = `This link could not be opened: ${message} Showing the default puzzle instead.`;
    notice.hidden = false;
  }

  function showLinkNote(text) {
    const notice = $("link-error");
    notice.textContent = text;
    notice.hidden = false;
  }

  function hideLinkError() {
    $("link-error").hidden = true;
  }

  function shorten(text) {
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  }
}
