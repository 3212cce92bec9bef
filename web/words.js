// Results in words for the page: counts and plurals, algorithm names, a solve result's details,
// a hint, a budget stop's advice, a peg verdict by position classes, and a refusal.

/** A count with thousands separators: 181,440. */
export function formatCount(value) {
  return Number(value ?? 0).toLocaleString("en-US");
}

/** Bytes for people: "430.0 MB", "1.2 GB". */
export function bytesWords(bytes) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${bytes} B`;
}

/** "1 move", "31 moves", "1,024 positions": a count and its noun, singular or plural. */
export function plural(count, singular, pluralForm = `${singular}s`) {
  return `${formatCount(count)} ${Number(count) === 1 ? singular : pluralForm}`;
}

/** Sentence case: the first letter capitalised. */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A sentence's text without its final full stop (before the page adds its own punctuation). */
export function withoutStop(text) {
  return String(text).trim().replace(/[.\s]+$/, "");
}

const ALGORITHM_WORDS = {
  bfs: "breadth-first search",
  bidirectional: "bidirectional search",
  iddfs: "iterative deepening",
  ida: "IDA*",
  astar: "A*",
  parity: "a parity check",
  minimal: "the minimal search",
  beam: "beam search",
  fast: "the fast solver",
  shortened: "its answer shortened by re-solving stretches of it optimally",
  "depth-first": "depth-first search",
  classes: "position classes",
};

/** An algorithm's name in words: "bidirectional search". */
export function algorithmWords(algorithm) {
  return ALGORITHM_WORDS[algorithm] ?? String(algorithm ?? "");
}

/**
 * How an answer was found, in words, from its `path` and `auto` (pzl.events.answered_by): "beam search, chosen
 * by auto", "the minimal search (stopped at its limit), then depth-first search", "the fast solver, its answer
 * shortened…". Empty when nothing is said (no path, not auto).
 */
export function answerWords(result) {
  const path = Array.isArray(result.path) ? result.path : [];
  let words = "";
  for (const step of path) {
    if (!words) words = algorithmWords(step);
    else if (step === "shortened") words += `, ${algorithmWords(step)}`;
    else words += ` (stopped at its limit), then ${algorithmWords(step)}`;
  }
  if (!result.auto) return words;
  return words ? `${words}, chosen by auto` : "auto";
}

/** The details of a found solution: minimality, jumps, the count of shortest solutions, how it was found. */
export function resultDetails(result, family) {
  const details = [];
  const minimal = result.minimal;
  if (minimal === true || (minimal === undefined && family === "sliding")) details.push("proved minimal");
  else if (minimal === false && Number.isInteger(result.lower_bound)) {
    // sliding: how far the answer may be from the fewest moves (the ratio to the lower bound)
    const ratio = family === "sliding" && result.lower_bound > 0 && Number.isInteger(result.moves)
      ? ` (×${(result.moves / result.lower_bound).toFixed(2)})` : "";
    details.push(`not proved minimal; at least ${formatCount(result.lower_bound)}${ratio}`);
  } else if (minimal === false) details.push("not proved minimal");
  if (Number.isInteger(result.jumps)) details.push(plural(result.jumps, "jump"));
  if (Number.isInteger(result.count)) {
    details.push(family === "peg"
      ? plural(result.count, "minimal solution")
      : plural(result.count, "shortest solution"));
  }
  if (result.metric === "piece") details.push("a piece's whole slide counted as one move");
  if (result.metric === "straight") details.push("a straight slide counted as one move");
  const how = answerWords(result);
  if (how) details.push(`found by ${how}`);
  return details.join("; ");
}

/**
 * A sliding solution counted in the other two ways (`piece_moves`, `straight_moves`, `step_moves`), for
 * a puzzle of blocks (`blocks`) or wherever they differ from its own count: "The same solution as 62
 * straight slides or 83 one-cell moves." Only the count of the solution's own metric is proved fewest.
 */
export function classicMovesText(result, blocks = false) {
  const metric = result.metric ?? "step";
  const counts = { piece: result.piece_moves, straight: result.straight_moves, step: result.step_moves ?? result.moves };
  if (metric === "step") counts.step = result.moves;
  else counts[metric] = result.moves;
  const others = ["piece", "straight", "step"].filter((each) => each !== metric);
  if (others.some((each) => !Number.isInteger(counts[each]))) return "";
  if (!blocks && others.every((each) => counts[each] === result.moves)) return "";
  const words = {
    piece: (n) => `${plural(n, "whole-piece move")} (a piece moved any distance, round corners too)`,
    straight: (n) => plural(n, "straight slide"),
    step: (n) => plural(n, "one-cell move"),
  };
  const proved = result.minimal === false ? "" : ` (only the ${{ piece: "whole-piece", straight: "straight-slide",
    step: "one-cell" }[metric]} count is proved fewest)`;
  return `The same solution as ${others.map((each) => words[each](counts[each])).join(" or ")}${proved}.`;
}

/**
 * What a budget stop (`stopped`: max_states, seconds, memory, max_depth, nodes) means here, and what to try:
 * the solver's `alternatives` when it named some, else what suits the family and the `algorithm` that stopped.
 */
export function stoppedAdvice(stopped, family, {
  limit = null, lowerBound = null, alternatives = null, algorithm = null,
} = {}) {
  const bound = Number.isInteger(lowerBound) && lowerBound > 0
    ? ` It had proved that there is no solution in fewer than ${plural(lowerBound, "move")}.` : "";
  let other;
  if (Array.isArray(alternatives) && alternatives.length) {
    other = `Choose ${alternatives.map(algorithmWords).join(" or ")}`;
  }
  else if (family === "peg") other = "Choose the beam or fast algorithm for a solution without proof";
  else if (["ida", "iddfs"].includes(algorithm)) other = "Choose another algorithm";
  else other = "Choose IDA*, which stores almost nothing";
  const cli = "or run the same search with the command-line tool, which may use all of the computer's memory.";
  switch (stopped) {
    case "max_states":
      return `The search stopped at this page's budget of ${limit ? formatCount(limit) : "stored"} positions `
        + `before it finished.${bound} ${other}, ${cli}`;
    case "memory":
      return `The search would need more memory than a browser tab can give it.${bound} ${other}, ${cli}`;
    case "seconds":
      return `The search stopped at its time limit before it finished.${bound} Try again with another algorithm, ${cli}`;
    case "nodes":
    case "max_depth":
      return `The search stopped at its ${stopped === "nodes" ? "node" : "depth"} limit before it finished.${bound} `
        + `${other}, ${cli}`;
    default:
      return `The search stopped at a limit before it finished.${bound}`;
  }
}

/**
 * A peg verdict by position classes, short: the marked holes are drawn on the board, so they are
 * not listed; `pegs` = pegs on marked holes now, `finishPegs` = at the finish.
 */
export function classesText(pegs, finishPegs, possibleFinishes, what = "start") {
  const parity = (n) => (n % 2 ? "odd" : "even");
  let text = `Impossible: every jump changes the number of pegs on the marked holes by 0 or 2, so whether it is `
    + `odd or even never changes. The ${what} has ${pegs} (${parity(pegs)}); the finish would have `
    + `${finishPegs} (${parity(finishPegs)}).`;
  if (Array.isArray(possibleFinishes)) {
    text += possibleFinishes.length
      ? ` From this ${what} a last peg can only end in ${possibleFinishes.length === 1 ? "hole" : "holes"} `
        + `${listWords(possibleFinishes)}.`
      : ` From this ${what} no hole can hold a single last peg.`;
  }
  return text;
}

/** "2", "2 and 5", "2, 5 and 31". */
export function listWords(items) {
  const texts = items.map(String);
  if (texts.length < 2) return texts.join("");
  return `${texts.slice(0, -1).join(", ")} and ${texts[texts.length - 1]}`;
}

/** Why a longest-positions search is refused for a puzzle with `count` positions. */
export function refusalText(name, count, limit) {
  return `Not in a browser tab: the ${name} has about ${count.toExponential(2).replace("e+", " × 10^")} positions, `
    + `and listing them all needs every one in memory (the limit here is ${formatCount(limit)}).`;
}

/** What one move of a published count is, in words (the metrics of pzl's answers). */
const METRIC_WORDS = { piece: "whole-piece move", straight: "straight slide", step: "one-cell move" };

/**
 * A catalog classic's published counts, one line each: "59 whole-piece moves — M. Gardner, …" (and the
 * positions reachable where the source counts them, its note where it has one).
 */
export function publishedLines(entry) {
  return (entry.published ?? []).map((figure) => {
    const moves = Number.isInteger(figure.moves) ? plural(figure.moves, METRIC_WORDS[figure.metric] ?? "move") : "";
    const states = Number.isInteger(figure.states) ? `, ${formatCount(figure.states)} positions` : "";
    const note = figure.note ? ` (${figure.note})` : "";
    return `${moves}${states} — ${figure.source}${note}`;
  });
}
