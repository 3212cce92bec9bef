// The search panel: solve, hint and the quiet check after a move by hand, sent to the
// solver; its progress (numbers that only grow, phases named), its answer in words for the
// position it is about, and a found solution handed to the player. An answer that gets better
// while the search goes on (auto) is shown at once and replaced by each better one, unless the
// player is stepping through the one shown: then the better one waits behind a button.

import { $, scrollIntoSight } from "./dom.js";
import { createGrowth } from "./growth.js";
import { commandLine, commandLineRequest, createNextStep, nextSteps } from "./next-step.js";
import { positionCount } from "./sliding.js";
import {
  algorithmWords, answerWords, capitalise, classesText, classicMovesText, formatCount, plural, resultDetails, stoppedAdvice,
  withoutStop,
} from "./words.js";

/** True when answer `b` is no shorter than `a` (the same answer with the search's outcome, or a proof that `a`'s
 * length is the fewest). */
function noShorter(a, b) {
  return b.moves >= a.moves;
}


/**
 * The most positions a proving peg search may store in a tab: about 86 bytes each in Pyodide,
 * so 5,000,000 is about 430 MB, well inside the tab's 2 GB; the English board's 18 moves need
 * 3.4 million (about 47 s in Pyodide on a loaded 2-core machine).
 */
const PEG_MAX_STATES = 5_000_000;
/** pzl's own cap on stored positions for a sliding breadth-first search (its default). */
const SLIDING_MAX_STATES = 3_000_000;

/** Sliding puzzles up to this many positions get their distance to the goal after every move. */
const DISTANCE_LIMIT = 200_000;

/** What a search is doing besides searching, in words (progress events may name a phase). */
const PHASES = {
  "pattern database": "Building the pattern database (a stronger lower bound; once per tab, some seconds)…",
  "loading tables": "Loading pattern tables…",
  "reachability check": "Checking that the goal can be reached at all (breadth-first, from both ends)…",
  positions: "Census: every position after each number of jumps…",
  "can finish": "Census: back from the finish, the positions that can still finish…",
  solutions: "Census: counting the solutions and the fewest moves…",
  atlas: "Atlas: settling the pairs that position classes leave open, one census per start…",
  "freeing memory": "Freeing the positions the search held…",
  "finishing the beam's path": "Finishing the beam's path: the fast solver from several points of it, the shortest kept…",
};

/**
 * The search panel for the page's store (web/state.js). `announce(text)` speaks to screen readers,
 * `stopPlayer()` pauses the solution player, `showSolution(solution, result, from)` loads a
 * found solution (from tree node `from`) into the player, `where(node)` names a position
 * ("the start", "the position after move 5"), `redraw()` redraws the board's marks.
 */
export function createSearchPanel(store, { announce, stopPlayer, showSolution, where, redraw }) {
  const app = store.state;
  $("hint").addEventListener("click", hint);
  /** The request fields that name the puzzle: a catalog id or a custom board. */
  function puzzleFields() {
    const entry = app.game.entry;
    if (!entry.custom) return { puzzle: entry.id };
    if (entry.asLayout) return {}; // a layout of your own: the game's request fields draw it whole
    if (entry.family === "peg") return { family: "peg", mask: entry.mask, lattice: entry.lattice };
    return { family: entry.family, board: `${entry.rows}x${entry.cols}` };
  }

  const current = () => app.tree.current();
  const growth = createGrowth();
  const offer = createNextStep(store, $("next-steps"), "result", { announce });

  /** Figures of one request: nodes and elapsed only grow, depth and stored positions show their peak. */
  let figures = null;
  /** The newest search's number: a search a newer one replaced says nothing more (its cancel, its best answer). */
  let searches = 0;

  /**
   * Run `request` with progress and Cancel; `onResult(result)` takes its answer, `onImproved(result)` each better
   * answer on the way (auto), and a cancelled search that had one ends with it (`"stopped": "cancelled"`). A
   * budget stop goes to `onStopped(event, request, seconds)`, or is said here, with the next steps: `redo(changes)`
   * runs the search again with some request fields changed.
   */
  function startSearch(request, onResult, {
    about = null, onStopped = null, watch = false, redo = null, onImproved = null,
  } = {}) {
    if (!app.solver || app.solver.state() !== "ready") return;
    stopPlayer();
    store.withdrawOffer();
    $("result").hidden = true; // the last answer (or "Search cancelled.") is not about this search
    $("result-better").hidden = true;
    figures = { nodes: 0, depth: null, level: null, states: 0, depthFirst: false, events: 0, notice: null,
      started: performance.now() };
    showFigures(null);
    $("progress").hidden = false;
    $("progress-about").hidden = !about;
    $("progress-about").textContent = about ?? "";
    const game = app.game;
    const mine = ++searches;
    const shown = () => app.game === game && mine === searches; // not about another puzzle, not replaced
    let handle = null;
    let best = null; // the latest better answer: what a cancel keeps
    handle = app.solver.run(request, (event) => {
      if (event.event === "progress") {
        if (shown()) showFigures(event);
        if (watch && shown()) growth.add(event);
        return;
      }
      if (event.event === "improved") {
        best = event.result;
        if (shown() && onImproved) onImproved(event.result);
        return;
      }
      store.finishSearch(handle);
      if (!shown()) return; // an answer about a puzzle no longer shown, or a search a newer one replaced
      $("progress-phase").hidden = true;
      $("progress-about").textContent = (about ?? "").replace(/^(Solving|Searching)\b/, "Searched");
      if (event.event === "result") {
        onResult(event.result);
      } else if (event.event === "cancelled" && best) { // the page's own cancel (a worker slow to answer) keeps it too
        onResult({ ...best, stopped: "cancelled" });
      } else if (event.event === "cancelled") {
        showMessage("Search cancelled.");
      } else if (event.stopped || event.error === "SearchLimitError") {
        const seconds = (performance.now() - figures.started) / 1000;
        if (onStopped) onStopped(event, request, seconds);
        else showStopped(event, request, seconds, redo);
      } else {
        // the solver's own refusals read as answers; a broken or restarted solver speaks for itself
        const own = event.error === "SolverError";
        showMessage(own ? capitalise(event.message) : `The solver answered: ${event.message}`, true);
      }
    });
    store.startSearch(handle);
  }

  /** Solve from the position shown; `changes` (a next step's) set the algorithm or the state cap. */
  function solve(changes = {}) {
    if (changes.algorithm) {
      $("algorithm").value = changes.algorithm;
      $("algorithm").dispatchEvent(new Event("change")); // the page shows its bound choice, the link follows
    }
    const game = app.game;
    const from = current();
    const request = { command: "solve", ...puzzleFields(), ...game.request(from.position, app.goal) };
    request.algorithm = $("algorithm").value;
    if (!$("bound-choice").hidden && $("bound").value) request.bound = $("bound").value;
    if (game.allowsAll && $("all").checked) request.all = true;
    if (!$("metric-choice").hidden) request.metric = $("metric").value; // explicit: blocks default to piece
    if (game.family === "peg" && (request.algorithm === "minimal" || request.all)) request.max_states = PEG_MAX_STATES;
    if (changes.max_states !== undefined) request.max_states = changes.max_states;
    growth.start();
    const started = performance.now();
    const answers = betterAnswers(from, request, started);
    startSearch(request, (result) => {
      growth.finish(result);
      answers.show(result, true);
    }, { about: `Solving from ${where(from)}.`, watch: true, redo: solve, onImproved: (result) => answers.show(result) });
  }

  /**
   * The answers of one solve from tree node `from`, each better than the last: `show(result, final)` puts one in
   * the result panel and the player. While the player shows an earlier answer away from its first position, or
   * plays it, the better one is not loaded under the player's feet: the panel says it has arrived, and a button
   * loads it (at its first position).
   */
  function betterAnswers(from, request, started) {
    let loaded = null; // the answer loaded into the player
    const seconds = () => (performance.now() - started) / 1000;
    const undisturbed = () => !app.line || app.line.result !== loaded
      || (app.tree.current() === app.line.nodes[0] && !app.player?.playing());
    function load(result, final) {
      loaded = result;
      $("result-better").hidden = true;
      showResult(result, from, { request, seconds: seconds(), final });
    }
    return {
      show(result, final = false) {
        if (!loaded || result.solvable !== true || undisturbed()) {
          load(result, final);
          return;
        }
        if (final) finishFigures(result);
        if (noShorter(loaded, result)) { // the same length, now with the search's outcome: words only
          describeAnswer(result, from, final);
          return;
        }
        // the player is busy with the loaded answer: the better one waits for a press
        if (final) describeAnswer(loaded, from, true); // no longer "searching"
        const proof = result.minimal ? ", proved minimal" : "";
        const text = `A shorter solution has arrived: ${plural(result.moves, app.game.unit[0], app.game.unit[1])}`
          + `${proof}.`;
        $("result-better-text").textContent = text;
        $("result-better").hidden = false;
        $("show-better").onclick = () => load(result, final);
        announce(`${text} Press “Show it” to replay it.`);
      },
    };
  }

  /** An `analyse` request for a peg position; a chain in progress may go on for free (`last`). */
  function pegAnalysis(node) {
    const request = {
      command: "analyse", ...puzzleFields(), ...app.game.request(app.tree.root.position, app.goal),
      pegs: pegsOf(node.position),
    };
    const last = app.game.lastLanding(app.tree.lineTo(node).map((each) => each.position));
    if (last !== null) request.last = last;
    return request;
  }

  function hint() {
    const game = app.game;
    const from = current();
    const request = game.family === "peg"
      ? pegAnalysis(from)
      : { command: "solve", ...puzzleFields(), ...game.request(from.position, app.goal), algorithm: "auto" };
    startSearch(request, (result) => {
      $("progress").hidden = true; // a hint's answer is the hint, not search statistics
      $("progress-about").hidden = true;
      showHint(result, from);
    }, { about: `Looking for a hint for ${where(from)}.`, onImproved: (result) => showHint(result, from) });
  }

  /**
   * After a move (and on opening), check the position quietly in the background: for pegs, warn
   * when it can no longer finish; for small sliding puzzles, show its distance to the goal.
   */
  function watchPosition() {
    const game = app.game;
    if (!app.solver || app.solver.state() !== "ready" || app.search || app.editing) return;
    const node = current();
    let request;
    if (game.family === "peg") {
      request = { ...pegAnalysis(node), seconds_limit: 1 };
    } else {
      const count = positionCount(game.entry);
      if (count === null || count > DISTANCE_LIMIT || game.problem(node.position, app.goal)) return;
      request = { command: "solve", ...puzzleFields(), ...game.request(node.position, app.goal), algorithm: "auto" };
    }
    let handle = null;
    handle = app.solver.run(request, (event) => {
      if (event.event === "progress") return;
      store.finishWatch(handle);
      if (event.event !== "result" || current() !== node || app.game !== game) return;
      // for devtools and the browser tests: the position shown (as the board's data-position) has been judged
      const shown = node.position.join(game.family === "peg" ? "" : " ");
      performance.mark("pzl-position-checked", { detail: { position: shown } });
      const result = event.result;
      if (game.family === "peg" && result.solvable === false) {
        warn(node, result);
      } else if (game.family === "sliding") {
        $("distance").textContent = result.solvable
          ? `Distance to the goal: ${plural(result.moves, "move")}.`
          : "The goal cannot be reached from here.";
        store.showDistance(node);
      }
    }, { quiet: true });
    store.startWatch(handle);
  }

  /** The background check's verdict: this peg position cannot finish (said once: not if the result says it). */
  function warn(node, result) {
    const atStart = node === app.tree.root;
    const reason = result.marked
      ? "a parity argument rules it out (see the marked holes)"
      : withoutStop(result.reason ?? "no way forward");
    $("warning").textContent = atStart
      ? `This task cannot be done: ${reason}. Press Solve for the explanation, or Edit the task.`
      : `No way to finish from here: ${reason}. Undo, or go back to the start.`;
    store.warn(node);
    if (result.marked) showMarks(node, result.marked);
    $("warning").hidden = app.verdictShownFor === node;
  }

  function pegsOf(position) {
    return position.flatMap((peg, hole) => (peg === "1" ? [hole] : []));
  }

  function showHint(result, from) {
    const game = app.game;
    const about = `Hint for ${where(from)}`;
    let text;
    if (result.solvable === false) {
      text = `${about}: the goal can no longer be reached (${withoutStop(result.reason ?? "no way forward")}).`;
      if (result.marked) showMarks(from, result.marked);
    } else if (result.solvable !== true) {
      text = `${about}: not decided within the time allowed.`;
    } else if (result.moves === 0) {
      text = `${about}: this is the goal.`;
    } else {
      const minimal = result.minimal ?? (game.family === "sliding" ? true : undefined);
      const how = result.method ? algorithmWords(result.method) : answerWords(result) || "a quick search";
      const proof = minimal === false ? ` (found by ${how}, not proved fewest)` : "";
      let next = null;
      let marks = null;
      if (Array.isArray(result.next)) {
        next = result.next.join(" → ");
        marks = game.hintMarks(from.position, null, result.next);
      } else if (game.family === "sliding") {
        const solution = game.solutionOf(result, from.position);
        if (solution && solution.positions.length > 1) {
          next = solution.words[0];
          marks = game.hintMarks(from.position, solution.positions[1]);
        }
      }
      const goal = game.family === "peg" ? "to finish" : "to the goal";
      const step = result.continues ? `go on with the same peg: ${next ?? "?"}` : `next move: ${next ?? "?"}`;
      text = `${about}${proof}: ${plural(result.moves, "move")} ${goal}; ${step}.`;
      store.showHint(from, marks);
      redraw();
    }
    showMessage(text);
  }

  /** Show `event`'s progress: its nodes (the request's so far), the depth and states at their peak. */
  function showFigures(event) {
    const better = Number.isInteger(event?.best) ? searchingWords(event) : "";
    if (event) {
      figures.notice = event.message ?? figures.notice; // the solver said something (a table it could not load): kept shown
      figures.events += 1;
      figures.nodes = event.nodes; // the whole request's (pzl.search.progress.cumulative: it never goes back)
      if (event.depth !== null && event.depth !== undefined && !event.phase) {
        figures.depth = Math.max(figures.depth ?? 0, event.depth);
      }
      // a census works level by level (in jumps), forwards and then back: the level now, of the last there can be
      if (Number.isInteger(event.most_jumps)) figures.level = `${event.depth} of ${event.most_jumps}`;
      figures.depthFirst = event.search === "depth-first";
      if (!figures.depthFirst) figures.states = Math.max(figures.states, event.states ?? 0);
    }
    const phase = event?.phase;
    const words = [better, phase ? PHASES[phase] ?? `Now: ${phase}…` : "", figures.notice ?? ""].join(" ").trim();
    $("progress-phase").hidden = !words;
    $("progress-phase").textContent = words;
    $("progress-depth-label").textContent = figures.level ? "level (jumps)"
      : figures.depthFirst ? "depth bound" : "depth reached";
    $("progress-depth").textContent = figures.level ?? (figures.depth === null ? "–" : String(figures.depth));
    $("progress-nodes").textContent = formatCount(figures.nodes);
    $("progress-states").textContent = figures.depthFirst ? "–" : formatCount(figures.states);
    $("progress-states").title = figures.depthFirst ? "a depth-first search stores no positions, only its path" : "";
    $("progress-seconds").textContent = `${((performance.now() - figures.started) / 1000).toFixed(1)} s`;
  }

  /** The figures once the answer is in: the result's own totals where they are larger (never smaller). */
  function finishFigures(result) {
    if (!figures) return;
    const stats = result.stats ?? {};
    if (!figures.events && !stats.nodes) { // answered at once (a parity or position-class verdict): no figures to show
      $("progress").hidden = true;
      $("progress-about").hidden = true;
      return;
    }
    figures.nodes = Math.max(figures.nodes, stats.nodes ?? 0);
    if (Number.isInteger(result.longest)) figures.depth = Math.max(figures.depth ?? 0, result.longest);
    if (Number.isInteger(result.moves)) figures.depth = Math.max(figures.depth ?? 0, result.moves);
    const stored = Number.isInteger(result.states) ? result.states : stats.states; // longest: every position
    if (!figures.depthFirst && Number.isInteger(stored)) figures.states = Math.max(figures.states, stored);
    showFigures(null);
  }

  function showMessage(text, isError = false) {
    revealResult();
    $("result").classList.toggle("error", isError);
    $("result").classList.add("message");
    $("result-text").textContent = text;
    $("result-summary").hidden = true;
    $("result-classic").hidden = true;
    announce(text);
  }

  /** A search that a budget stopped: the page's own advice (never the command line's flags) and the next steps. */
  function showStopped(event, request, seconds, redo) {
    const limit = event.stopped === "max_states" || event.error === "SearchLimitError"
      ? event.limit ?? (app.game.family === "peg" ? PEG_MAX_STATES : SLIDING_MAX_STATES) : null;
    const stopped = event.stopped ?? "max_states";
    showMessage(`Not decided. ${stoppedAdvice(stopped, app.game.family, {
      limit, lowerBound: event.lower_bound, alternatives: event.alternatives, algorithm: request.algorithm,
    })}`);
    offerNextSteps(stopped, request, { alternatives: event.alternatives, seconds, redo });
  }

  /**
   * Under the message of a search `stopped` by a budget: the steps this page can take (`redo(changes)` runs
   * one; without it only the command line is offered) and the same request on the command line; announced.
   */
  function offerNextSteps(stopped, request, { alternatives = null, seconds = null, redo = null } = {}) {
    const family = app.game.family;
    const offered = [...$("algorithm").options].map((option) => option.value);
    const steps = redo ? nextSteps(stopped, family, request, { alternatives, seconds })
      .filter((step) => !step.changes.algorithm || offered.includes(step.changes.algorithm)) : [];
    const memory = stopped === "max_states" || stopped === "memory";
    const said = offer.show({
      node: current(), steps, run: (step) => redo(step.changes),
      command: commandLine(commandLineRequest(request, stopped), app.game.entry),
      intro: memory ? "The same search on the command line, where all of the computer's memory is its limit:"
        : "The same search on the command line:",
    });
    announce(`${$("result-text").textContent} ${said}`);
  }

  /** The marked holes of a parity argument, drawn on the board while the board shows `node`. */
  function showMarks(node, holes) {
    store.showMarks(node, holes);
    $("marks-choice").hidden = false;
    $("show-marks").checked = true;
    redraw();
  }

  /** While a better answer is sought: "Searching for fewer than 27 moves (at least 14, proved)…". */
  function searchingWords(event) {
    const unit = app.game.unit;
    const proved = event.lower_bound ? ` (at least ${formatCount(event.lower_bound)}, proved)` : "";
    return `Searching for fewer than ${plural(event.best, unit[0], unit[1])}${proved}…`;
  }

  /**
   * A solve's answer for tree node `from`; `request` is what was asked, `seconds` how long it took; `final` false
   * for a better answer while the search goes on (auto).
   */
  function showResult(result, from, { request, seconds, final = true }) {
    const game = app.game;
    const what = where(from);
    if (final) finishFigures(result);
    if (result.solvable === false) {
      let text;
      if (Array.isArray(result.marked) && game.family === "peg") {
        const marked = new Set(result.marked);
        const pegs = from.position.filter((peg, hole) => peg === "1" && marked.has(hole)).length;
        const finishPegs = Number.isInteger(app.goal) && marked.has(app.goal) ? 1 : 0;
        const who = from === app.tree.root ? "start" : "position";
        text = classesText(pegs, finishPegs, result.possible_finishes?.map(game.holeName), who);
        showMarks(from, result.marked);
      } else {
        text = `No solution from ${what}: ${withoutStop(result.reason ?? "the goal cannot be reached from it")}.`;
      }
      store.showVerdict(from);
      if (app.warnedFor === from) $("warning").hidden = true;
      showMessage(text);
      return;
    }
    if (result.solvable !== true) {
      if (result.stopped) {
        showMessage(`Not decided from ${what}. ${stoppedAdvice(result.stopped, game.family, {
          limit: result.stopped === "max_states" ? request.max_states || PEG_MAX_STATES : null,
          lowerBound: result.lower_bound, alternatives: result.alternatives, algorithm: request.algorithm,
        })}`);
        offerNextSteps(result.stopped, request, { alternatives: result.alternatives, seconds, redo: solve });
      } else {
        showMessage(`Not decided from ${what}: ${withoutStop(result.reason ?? "the search stopped at its limits")}.`);
      }
      return;
    }
    const solution = game.solutionOf(result, from.position);
    if (!solution || !solution.positions.length) {
      showMessage("The solver found no solution.");
      return;
    }
    const moves = describeAnswer(result, from, final, solution);
    if (moves > 0) showSolution(solution, result, from);
  }

  /**
   * Show the result panel; when it was hidden, scroll it into view once it is drawn (below the board
   * where the board sticks to the top of a phone's screen; at once under prefers-reduced-motion).
   */
  function revealResult() {
    const panel = $("result");
    if (!panel.hidden) return;
    panel.hidden = false;
    requestAnimationFrame(() => {
      const stage = $("stage");
      const covered = getComputedStyle(stage).position === "sticky" ? stage.getBoundingClientRect().bottom : 0;
      scrollIntoSight(panel, Math.max(0, covered));
    });
  }

  /** A found solution in the result panel (and to screen readers); returns its moves. */
  function describeAnswer(result, from, final, solution = null) {
    const game = app.game;
    const what = where(from);
    const moves = result.moves ?? solution.positions.length - 1;
    let about = result.note ? ` (${result.note})` : "";
    if (!final) about = ", the best so far (searching for fewer moves…)";
    else if (result.stopped === "cancelled") about = " (the search for fewer moves was cancelled: the best it found)";
    revealResult();
    $("result").classList.remove("error", "message");
    $("result-summary").hidden = moves === 0;
    $("result-text").textContent = moves === 0 ? `${capitalise(what)} is the goal already.`
      : `Solution from ${what}${about}:`;
    $("result-moves").textContent = String(moves);
    $("result-unit").textContent = moves === 1 ? game.unit[0] : game.unit[1];
    $("result-detail").textContent = `(${resultDetails(result, game.family)})`;
    const classic = classicMovesText(result, game.family === "sliding" && game.rules.blocks);
    $("result-classic").textContent = classic;
    $("result-classic").hidden = !classic;
    const proof = result.minimal ? ", proved minimal" : final ? "" : ". Searching for fewer moves";
    announce(moves === 0 ? $("result-text").textContent
      : `Solution from ${what}: ${plural(moves, game.unit[0], game.unit[1])}${proof}.`);
    return moves;
  }

  return { puzzleFields, solve, startSearch, watchPosition, finishFigures, hideGrowth: growth.hide };
}
