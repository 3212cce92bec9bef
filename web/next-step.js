// The next step after a budget stopped a search: buttons under the message (the same search
// without the position cap, when this tab can afford one; a quicker algorithm) and the same
// request as a command line with a Copy button. Offered for the node the search was about, and
// gone when the board leaves that node or a new search starts (the store's `offer`).

import { ANYWHERE } from "./game-peg.js";
import { clear, htmlElement } from "./dom.js";
import { bytesWords, formatCount } from "./words.js";

/** What a browser tab may fill with stored positions (pzl/search/limits.py: 0.8 of its 2 GB budget). */
export const TAB_MEMORY = "1.6 GB";

/** What each algorithm offered as a next step does, in a button's words. */
const ALGORITHM_STEPS = {
  beam: "Find a solution quickly: beam search (not proved fewest)",
  fast: "Find a solution quickly: the fast solver (not proved fewest)",
  ida: "Try IDA*, which stores almost nothing",
  bidirectional: "Try bidirectional search, which stores far fewer positions",
  minimal: "Search for the fewest moves: the minimal search",
};

/** The algorithms that can count every shortest solution (`all`), per family. */
const COUNTS_ALL = { peg: ["minimal"], sliding: ["bfs", "iddfs", "ida"] };

/**
 * The steps to offer after a search stopped by `stopped` (max_states, memory, seconds, nodes, max_depth):
 * [{step, label, detail, changes}], where `changes` are the request fields the step sets.
 * `request` is the request that stopped; `alternatives` the solver's own suggestions (an error's
 * `alternatives`); `seconds` how long the search ran; `estimate` ({states, bytes}) what a partial census's
 * whole would need.
 */
export function nextSteps(stopped, family, request, { alternatives = null, seconds = null, estimate = null } = {}) {
  const steps = [];
  const command = request.command ?? "solve";
  if (stopped === "max_states") {
    const ran = Number.isFinite(seconds) ? ` (this one ran ${formatSeconds(seconds)})` : "";
    const labels = {
      census: "Count on with all of this tab's memory",
      atlas: "Settle the rest with all of this tab's memory",
    };
    const cost = estimate
      ? `The whole census may store up to ${formatCount(estimate.states)} classes, about ${bytesWords(estimate.bytes)}`
        + " by estimate, and take many times as long"
      : `It may store up to ${TAB_MEMORY} of positions, all this tab allows, and take several times as long`;
    steps.push({
      step: "budget",
      label: labels[command] ?? "Search again without the position cap",
      detail: `${cost}${ran}; Cancel stops it.`,
      changes: { max_states: 0 },
    });
  }
  if (command === "solve") {
    const algorithm = request.algorithm ?? "auto";
    let names = Array.isArray(alternatives) && alternatives.length ? alternatives
      : family === "peg" ? ["beam", "fast"] : ["ida"];
    if (family === "peg" && stopped === "seconds" && algorithm !== "minimal") names = [...names, "minimal"];
    for (const name of names) {
      if (name === algorithm || !ALGORITHM_STEPS[name] || (request.all && !COUNTS_ALL[family].includes(name))) continue;
      steps.push({ step: name, label: ALGORITHM_STEPS[name], detail: "", changes: { algorithm: name } });
    }
  }
  return steps;
}

/** "48 s", "2 min 05 s". */
function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.floor(seconds % 60)).padStart(2, "0")} s`;
}

/** A word as a POSIX shell reads it back unchanged (single quotes where it needs any). */
export function shellWord(word) {
  const text = String(word);
  return /^[A-Za-z0-9_,.:/=+-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The request to run on the command line after a stop by `stopped`: a census or an atlas without the tab's
 * cap (the command line has none by default), another search that a state cap or the memory stopped with
 * `max_states` 0 (only the computer's memory limits it).
 */
export function commandLineRequest(request, stopped) {
  const copy = { ...request };
  if (["census", "atlas"].includes(copy.command)) delete copy.max_states;
  else if (stopped === "max_states" || stopped === "memory") copy.max_states = 0;
  return copy;
}

/**
 * The command line that asks pzl's CLI what `request` asks the page's solver (for `entry`, the
 * puzzle shown): the puzzle or drawn board, then the task where it differs from the puzzle's own,
 * then the options. `--max-states 0` lets the command line use the computer's memory.
 */
export function commandLine(request, entry) {
  const command = request.command ?? "solve";
  const words = ["python", "-m", "pzl", command];
  if (!entry.custom) words.push(entry.id);
  else if (entry.family === "peg") words.push("--mask", entry.mask, "--lattice", entry.lattice);
  else if (!entry.asLayout) words.push("--board", `${entry.rows}x${entry.cols}`);
  if (entry.asLayout) { // a layout: the start (and for a puzzle of your own its goal and rules) as layout text
    if (request.layout !== undefined && (entry.custom || request.layout !== entry.layout)) words.push("--layout", request.layout);
    if (entry.custom && request.goal) words.push("--goal", request.goal);
    if (entry.custom && request.rules && request.rules !== "free") words.push("--rules", request.rules);
  }
  const listed = (value) => (Array.isArray(value) ? value.join(",") : String(value).trim().split(/\s+/).join(","));
  if (entry.family === "peg") {
    if (request.empty !== undefined && listed(request.empty) !== listed(entry.empty ?? [])) {
      words.push("--empty", listed(request.empty));
    }
    const finish = request.finish ?? null;
    const ownFinish = entry.finish === undefined || entry.finish === null ? ANYWHERE : entry.finish;
    if (finish !== null && String(finish) !== String(ownFinish)) words.push("--finish", String(finish));
    if (request.first) words.push("--first", request.first);
  } else if (!entry.asLayout) {
    if (request.start !== undefined && listed(request.start) !== listed(entry.start)) {
      words.push("--start", listed(request.start));
    }
    if (request.goal !== undefined && listed(request.goal) !== listed(entry.goal)) {
      words.push("--goal", listed(request.goal));
    }
  }
  if (request.algorithm && request.algorithm !== "auto") words.push("--algorithm", request.algorithm);
  if (request.bound) words.push("--bound", request.bound);
  if (request.metric) words.push("--metric", request.metric);
  if (request.all) words.push("--all");
  if (request.by_moves === false) words.push("--no-by-moves");
  if (request.max_states !== undefined && request.max_states !== null) words.push("--max-states", String(request.max_states));
  return words.map(shellWord).join(" ");
}

/**
 * The offer in `container` (an element of the page) for the store's `offer` at `place`:
 * `show({node, steps, command, intro, run})` puts it up for tree node `node` (null: for the whole game): a
 * button per step (`run(step)` runs it), then `intro` and the command line with a Copy button; it returns the
 * words to announce. It hides itself when the store's offer goes or moves elsewhere.
 */
export function createNextStep(store, container, place, { announce }) {
  store.subscribe((_, state) => {
    if (state.offer?.place !== place && !container.hidden) {
      container.hidden = true;
      clear(container);
    }
  });

  function show({ node, steps, command, intro, run }) {
    clear(container);
    const group = htmlElement("div", { class: "buttons", role: "group", "aria-label": "Next steps" });
    for (const step of steps) {
      const button = htmlElement("button", { type: "button", "data-testid": "next-step", "data-step": step.step,
        title: step.detail || undefined }, step.label);
      if (step.detail) button.setAttribute("aria-description", step.detail);
      button.addEventListener("click", () => run(step));
      group.append(button);
    }
    if (steps.length) container.append(group);
    const details = steps.filter((step) => step.detail).map((step) => step.detail);
    if (details.length) container.append(htmlElement("p", { class: "help" }, details.join(" ")));
    const line = htmlElement("p", { class: "command" });
    const code = htmlElement("code", { "data-testid": "next-step-command" }, command);
    const copy = htmlElement("button", { type: "button", "data-testid": "copy-command",
      "aria-label": "Copy the command" }, "Copy");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(command);
        announce("Command copied.");
      } catch {
        announce(`Copy this command: ${command}`);
      }
    });
    line.append(`${intro} `, code, " ", copy);
    container.append(line);
    container.hidden = false;
    store.offerNextSteps(node, place);
    const choices = steps.map((step) => step.label);
    return `Next steps: ${[...choices, "the same search on the command line"].join("; ")}.`;
  }

  return { show };
}
