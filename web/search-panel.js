// The search panel: solve, hint and the quiet check after a move by hand, sent to the
// solver; its progress, its answer in words, and a found solution handed to the player.

import { positionCount } from "./sliding.js";
import { formatCount, hintText, resultDetails } from "./words.js";

const $ = (id) => document.getElementById(id);

/**
 * The most positions a proving peg search may store in a tab: about 86 bytes each in Pyodide,
 * so 2,000,000 is about 200 MB (the CLI's default, 4,000,000, proves the English board's 18 moves).
 */
const PEG_MAX_STATES = 2_000_000;

/** Sliding puzzles up to this many positions get their distance to the goal after every move. */
const DISTANCE_LIMIT = 200_000;

/** What a search is doing besides searching, in words (progress events may name a phase). */
const PHASES = {
  "pattern database": "Building the pattern database (a stronger lower bound; once per tab, some seconds)…",
  "loading tables": "Loading pattern tables…",
};

/** A phase in words; loading says how far it has got. */
function phaseText({ phase, bytes, total }) {
  const words = PHASES[phase] ?? `Now: ${phase}…`;
  if (phase !== "loading tables" || !total) return words;
  return `${words} ${(bytes / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`;
}

/**
 * The search panel for the shared `app` state. `announce(text)` speaks to screen readers,
 * `stopPlayer()` pauses the solution player, `showSolution(solution, result, from)` loads a
 * found solution into the player.
 */
export function createSearchPanel(app, { announce, stopPlayer, showSolution }) {
  /** The request fields that name the puzzle: a catalog id or a custom board. */
  function puzzleFields() {
    const entry = app.game.entry;
    if (!entry.custom) return { puzzle: entry.id };
    if (entry.family === "peg") return { family: "peg", mask: entry.mask, lattice: entry.lattice };
    return { family: entry.family, board: `${entry.rows}x${entry.cols}` };
  }

  function startSearch(request, onResult) {
    if (!app.solver || app.solver.state() !== "ready") return;
    stopPlayer();
    showProgress({ nodes: 0, states: 0, seconds: 0, depth: null });
    $("progress").hidden = false;
    const game = app.game;
    let handle = null;
    let notice = null; // something the solver said during this search (a table it could not load), kept shown
    handle = app.solver.run(request, (event) => {
      if (event.event === "progress") {
        notice = event.message ?? notice;
        if (app.game === game) showProgress({ ...event, notice });
        return;
      }
      if (app.search === handle) app.search = null;
      if (app.game !== game) return; // an answer about a puzzle no longer shown
      if (event.event === "result") onResult(event.result);
      else if (event.event === "cancelled") showMessage("Search cancelled.");
      else showMessage(`The solver answered: ${event.message}`, true);
    });
    app.search = handle;
  }

  function solve() {
    const game = app.game;
    const request = { command: "solve", ...puzzleFields(), ...game.request(app.position, app.goal) };
    request.algorithm = $("algorithm").value;
    if (game.allowsAll && $("all").checked) request.all = true;
    if (game.family === "peg" && (request.algorithm === "minimal" || request.all)) request.max_states = PEG_MAX_STATES;
    $("result").hidden = true;
    const from = app.position;
    startSearch(request, (result) => showResult(result, from));
  }

  /** An `analyse` request for a peg position; a chain in progress may go on for free (`last`). */
  function pegAnalysis(pegsNow) {
    const request = {
      command: "analyse", ...puzzleFields(), ...app.game.request(app.origin, app.goal), pegs: pegsOf(pegsNow),
    };
    const last = app.game.lastLanding([...app.history, app.position]);
    if (last !== null && pegsNow === app.position) request.last = last;
    return request;
  }

  function hint() {
    const game = app.game;
    const from = app.position;
    const request = game.family === "peg"
      ? pegAnalysis(from)
      : { command: "solve", ...puzzleFields(), ...game.request(from, app.goal), algorithm: "auto" };
    startSearch(request, (result) => showHint(result, from));
  }

  /**
   * After a move by hand, check the new position quietly in the background: for pegs, warn when
   * it can no longer finish; for small sliding puzzles, show its distance to the goal.
   */
  function watchPosition() {
    const game = app.game;
    if (!app.solver || app.solver.state() !== "ready" || app.search || app.editing) return;
    const from = app.position;
    let request;
    if (game.family === "peg") {
      request = { ...pegAnalysis(from), seconds_limit: 1 };
    } else {
      const count = positionCount(game.entry);
      if (count === null || count > DISTANCE_LIMIT || game.problem(from, app.goal)) return;
      request = { command: "solve", ...puzzleFields(), ...game.request(from, app.goal), algorithm: "auto" };
    }
    let handle = null;
    handle = app.solver.run(request, (event) => {
      if (event.event === "progress") return;
      if (app.watch === handle) app.watch = null;
      if (event.event !== "result" || app.position !== from) return;
      const result = event.result;
      if (game.family === "peg" && result.solvable === false) {
        $("warning").textContent = `This position can no longer reach the goal (${result.reason}). `
          + "Undo, or start again.";
        $("warning").hidden = false;
        app.warnedFor = from;
      } else if (game.family === "sliding") {
        $("distance").textContent = result.solvable
          ? `Distance to the goal: ${result.moves} ${result.moves === 1 ? "move" : "moves"}.`
          : "The goal cannot be reached from here.";
        app.distanceFor = from;
      }
    }, { quiet: true });
    app.watch = handle;
  }

  function pegsOf(position) {
    return position.flatMap((peg, hole) => (peg === "1" ? [hole] : []));
  }

  function showHint(result, from) {
    const game = app.game;
    let next = null;
    if (Array.isArray(result.next)) next = result.next.join(" → ");
    else if (game.family === "sliding" && result.solvable === true) next = game.solutionOf(result, from)?.words[0];
    showMessage(hintText(result, game.family, next));
  }

  function showProgress({ nodes, states, seconds, depth, phase, bytes, total, notice }) {
    $("progress-phase").hidden = !phase && !notice;
    $("progress-phase").textContent = [phase ? phaseText({ phase, bytes, total }) : "", notice ?? ""].join(" ").trim();
    $("progress-depth").textContent = depth === null || depth === undefined ? "–" : String(depth);
    $("progress-nodes").textContent = formatCount(nodes);
    $("progress-states").textContent = formatCount(states);
    $("progress-seconds").textContent = `${Number(seconds ?? 0).toFixed(1)} s`;
  }

  function showMessage(text, isError = false) {
    $("result").hidden = false;
    $("result").classList.toggle("error", isError);
    $("result-text").textContent = text;
    $("result-summary").hidden = true;
    announce(text);
  }

  function showResult(result, from) {
    const game = app.game;
    if (result.stats) showProgress({ ...result.stats, depth: result.moves ?? null });
    if (result.solvable === false) {
      showMessage(`No solution: ${result.reason ?? "the goal cannot be reached from this position"}.`);
      return;
    }
    if (result.solvable !== true) {
      showMessage(`Not decided: ${result.reason ?? "the search stopped at its limits"}.`);
      return;
    }
    const solution = game.solutionOf(result, from);
    if (!solution || !solution.positions.length) {
      showMessage("The solver found no solution.");
      return;
    }
    const moves = result.moves ?? solution.positions.length - 1;
    $("result").hidden = false;
    $("result").classList.remove("error");
    $("result-summary").hidden = false;
    $("result-text").textContent = moves === 0 ? "Already at the goal." : "Solution found.";
    $("result-moves").textContent = String(moves);
    $("result-unit").textContent = moves === 1 ? game.unit[0] : game.unit[1];
    $("result-detail").textContent = resultDetails(result, game.family);
    announce(`Solution found: ${moves} ${$("result-unit").textContent}.`);
    showSolution(solution, result, from);
  }

  return { hint, puzzleFields, solve, startSearch, watchPosition };
}
