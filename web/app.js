// The page: app state and wiring. Draws the board from catalog.json at once,
// boots the solver worker meanwhile, and keeps the position in the URL hash.

import { slidingGame } from "./game-sliding.js";
import { LinkError, readLink, writeLink } from "./link.js";
import { createPlayer } from "./player.js";
import { createSolver } from "./solver.js";
import { clear, htmlElement } from "./svg.js";

const GAMES = { sliding: slidingGame };
const DEFAULT_PUZZLE = "8-puzzle";

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
  solution: null, // {positions, result}
  player: null,
  solver: null,
  search: null, // the running search's handle
  pendingStep: null, // a link's step, applied once its solution is found
  lastHash: "",
};

main();

async function main() {
  registerServiceWorker();
  wireControls();
  const build = fetchJSON("build.json");
  bootSolver(build);
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

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {
    // Offline use is a bonus: the page works the same without it.
  });
}

// ---- the solver ------------------------------------------------------------

async function bootSolver(buildPromise) {
  let build;
  try {
    build = await buildPromise;
  } catch (error) {
    showStatus("error", `The solver's build manifest could not be loaded (${error.message}).`);
    return;
  }
  const urls = {
    pyodide: new URL(build.pyodide, document.baseURI).href,
    wheel: new URL(build.wheel, document.baseURI).href,
  };
  app.solver = createSolver(urls, ({ state, message }) => {
    showStatus(state, message);
    if (state === "ready") {
      performance.mark("pzl-solver-ready");
      if (app.pendingStep !== null && !app.solution) solve();
    }
  });
}

function showStatus(state, message) {
  const status = $("status");
  status.dataset.state = state;
  status.textContent = message;
  $("retry").hidden = state !== "error" || !app.solver;
  $("solve").disabled = state !== "ready";
  $("cancel").disabled = state !== "solving";
}

function solve() {
  if (!app.solver || app.solver.state() !== "ready") return;
  stopPlayer();
  const game = app.game;
  const request = {
    command: "solve",
    puzzle: game.entry.id,
    ...game.request(app.position, app.goal),
    algorithm: $("algorithm").value,
  };
  if (game.allowsAll && $("all").checked) request.all = true;
  showProgress({ nodes: 0, states: 0, seconds: 0, depth: null });
  $("progress").hidden = false;
  $("result").hidden = true;
  const from = app.position;
  app.search = app.solver.run(request, (event) => {
    if (event.event === "progress") {
      showProgress(event);
      return;
    }
    app.search = null;
    if (event.event === "result") showResult(event.result, from);
    else if (event.event === "cancelled") showMessage("Search cancelled.");
    else showMessage(`The solver answered: ${event.message}`, true);
  });
}

function showProgress({ nodes, states, seconds, depth }) {
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
  const positions = game.solutionOf(result);
  if (!positions || !positions.length) {
    showMessage("The solver found no solution.");
    return;
  }
  const moves = result.moves ?? positions.length - 1;
  $("result").hidden = false;
  $("result").classList.remove("error");
  $("result-summary").hidden = false;
  $("result-text").textContent = game.solved(from, app.goal) ? "Already at the goal." : "Solution found.";
  $("result-moves").textContent = String(moves);
  $("result-unit").textContent = moves === 1 ? game.unit[0] : game.unit[1];
  const details = [];
  if (result.optimal !== false) details.push("shortest possible");
  if (Number.isInteger(result.count)) details.push(`${formatCount(result.count)} shortest solutions`);
  if (result.algorithm) details.push(`by ${result.algorithm}`);
  if (result.stats) {
    details.push(`${formatCount(result.stats.nodes)} nodes, ${formatCount(result.stats.states)} states,`
      + ` ${Number(result.stats.seconds).toFixed(2)} s`);
  }
  $("result-detail").textContent = `(${details.join("; ")})`;
  announce(`Solution found: ${moves} ${$("result-unit").textContent}.`);
  loadSolution(positions, result);
}

// ---- the solution player ---------------------------------------------------

function loadSolution(positions, result) {
  stopPlayer();
  app.solution = { positions, result };
  app.position = positions[0];
  app.player = createPlayer(positions.length, {
    delay: Number($("speed").value),
    onStep: (step, { animate }) => {
      app.position = app.solution.positions[step];
      render({ animate });
      showStep();
    },
    onPlaying: (playing) => {
      $("play").textContent = playing ? "Pause" : "Play";
      $("play").setAttribute("aria-pressed", String(playing));
    },
  });
  fillMoveList(positions);
  $("player").hidden = false;
  $("scrubber").max = String(positions.length - 1);
  const step = app.pendingStep;
  app.pendingStep = null;
  render({ animate: false });
  showStep();
  if (step) app.player.go(step, { animate: false });
}

function stopPlayer() {
  if (app.player) app.player.pause();
}

function clearSolution() {
  stopPlayer();
  app.solution = null;
  app.player = null;
  $("player").hidden = true;
}

function fillMoveList(positions) {
  const list = $("move-list");
  clear(list);
  for (let step = 1; step < positions.length; step += 1) {
    const words = app.game.describeMove(positions[step - 1], positions[step]);
    const item = htmlElement("li");
    item.append(htmlElement("button", { type: "button", "data-step": step }, `${step}. ${words}`));
    list.append(item);
  }
}

function showStep() {
  const step = app.player.step();
  const last = app.player.count() - 1;
  $("step-label").textContent = `${step} / ${last}`;
  $("scrubber").value = String(step);
  $("step-prev").disabled = step === 0;
  $("step-first").disabled = step === 0;
  $("step-next").disabled = step === last;
  $("step-last").disabled = step === last;
  $("move-list").querySelectorAll("button").forEach((button) => {
    const current = Number(button.dataset.step) === step;
    button.classList.toggle("current", current);
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  });
  if (step > 0) announce(`Move ${step} of ${last}: ${app.game.describeMove(app.solution.positions[step - 1], app.position)}.`);
}

// ---- puzzles, links and play by hand --------------------------------------

function fillPicker() {
  const picker = $("picker");
  clear(picker);
  const groups = new Map();
  for (const entry of app.catalog) {
    if (!groups.has(entry.group)) groups.set(entry.group, htmlElement("optgroup", { label: entry.group }));
    groups.get(entry.group).append(htmlElement("option", { value: entry.id }, entry.name));
  }
  for (const group of groups.values()) picker.append(group);
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
  const entry = app.catalog.find((item) => item.id === DEFAULT_PUZZLE) ?? app.catalog[0];
  const game = GAMES[entry.family](entry);
  openPuzzle(game, game.start, game.goal);
}

function openPuzzleFromLink(link) {
  const entry = app.catalog.find((item) => item.id === link.puzzle);
  if (!entry) throw new LinkError(`There is no puzzle called “${shorten(link.puzzle)}”.`);
  const game = GAMES[entry.family](entry);
  const goal = link.goal ?? game.goal;
  const goalProblem = game.problem(goal, { goal: true });
  if (goalProblem) throw new LinkError(`The link's goal does not fit the ${entry.name}: ${goalProblem}.`);
  const start = link.start ?? game.start;
  const startProblem = game.problem(start);
  if (startProblem) throw new LinkError(`The link's start does not fit the ${entry.name}: ${startProblem}.`);
  if (link.algorithm && !game.algorithms.includes(link.algorithm)) {
    throw new LinkError(`The ${entry.name} has no algorithm “${shorten(link.algorithm)}”.`);
  }
  openPuzzle(game, start, goal, { algorithm: link.algorithm, all: link.all });
  app.pendingStep = link.step ?? null;
  if (app.pendingStep !== null && app.solver?.state() === "ready") solve();
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
  $("picker").value = game.entry.id;
  $("description").textContent = game.entry.description ?? "";
  fillAlgorithms(game, algorithm);
  $("all").checked = Boolean(all);
  $("all").disabled = !game.allowsAll;
  $("result").hidden = true;
  $("progress").hidden = true;
  app.board = game.draw($("board"), { onCell: (cell, onSlot) => moveByHand(game.moveAt(app.position, cell, onSlot)) });
  render({ animate: false });
}

function fillAlgorithms(game, chosen) {
  const select = $("algorithm");
  clear(select);
  for (const name of game.algorithms) select.append(htmlElement("option", { value: name }, name));
  select.value = game.algorithms.includes(chosen) ? chosen : game.algorithms[0];
}

function moveByHand(next) {
  if (!next) return;
  if (app.search) app.search.cancel();
  const before = app.position;
  clearSolution();
  app.history.push(before);
  app.future = [];
  app.position = next;
  render({ animate: true });
  announce(solved() ? `${app.game.describeMove(before, next)}. Solved!` : `${app.game.describeMove(before, next)}.`);
}

function solved() {
  return app.game.solved(app.position, app.goal);
}

/** Redraw the board and everything that depends on the position; update the link. */
function render({ animate }) {
  app.board.show(app.position, { animate, goal: app.goal });
  $("move-count").textContent = String(app.history.length);
  $("solved").hidden = !solved();
  $("board").classList.toggle("is-solved", solved());
  $("undo").disabled = app.history.length === 0;
  $("redo").disabled = app.future.length === 0;
  writeHash();
}

function writeHash() {
  const solution = app.solution;
  const hash = `#${writeLink({
    puzzle: app.game.entry.id,
    start: solution ? solution.positions[0] : app.position,
    goal: app.game.same(app.goal, app.game.goal) ? null : app.goal,
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

function wireControls() {
  $("picker").addEventListener("change", () => {
    const entry = app.catalog.find((item) => item.id === $("picker").value);
    const game = GAMES[entry.family](entry);
    hideLinkError();
    openPuzzle(game, game.start, game.goal);
  });
  $("board").addEventListener("keydown", (event) => {
    if (!app.game || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!event.key.startsWith("Arrow")) return;
    event.preventDefault();
    moveByHand(app.game.moveByKey(app.position, event.key));
  });
  $("undo").addEventListener("click", () => {
    if (!app.history.length) return;
    clearSolution();
    app.future.push(app.position);
    app.position = app.history.pop();
    render({ animate: true });
  });
  $("redo").addEventListener("click", () => {
    if (!app.future.length) return;
    clearSolution();
    app.history.push(app.position);
    app.position = app.future.pop();
    render({ animate: true });
  });
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
  });
  $("reset").addEventListener("click", () => {
    clearSolution();
    app.position = app.origin;
    app.history = [];
    app.future = [];
    render({ animate: false });
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      announce("Link copied.");
    } catch {
      announce(`Copy this link: ${location.href}`);
    }
  });
  $("solve").addEventListener("click", solve);
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

function formatCount(value) {
  return Number(value ?? 0).toLocaleString("en-US");
}

function shorten(text) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
