// Results in words for the page: a solve result's details, a hint, a refusal,
// and counts written the way people read them.

/** A count with thousands separators: 181,440. */
export function formatCount(value) {
  return Number(value ?? 0).toLocaleString("en-US");
}

/** The bracketed details of a found solution: minimality, jumps, count, algorithm, statistics. */
export function resultDetails(result, family) {
  const details = [];
  const minimal = result.minimal ?? result.optimal;
  if (minimal === true || (minimal === undefined && family === "sliding")) details.push("proved minimal");
  else if (minimal === false && Number.isInteger(result.lower_bound)) {
    details.push(`not proved minimal; at least ${formatCount(result.lower_bound)}`);
  } else if (minimal === false) details.push("not proved minimal");
  if (Number.isInteger(result.jumps)) details.push(`${result.jumps} jumps`);
  if (Number.isInteger(result.count)) details.push(`${formatCount(result.count)} shortest solutions`);
  if (result.algorithm) details.push(`by ${result.algorithm}`);
  if (result.stats) {
    details.push(`${formatCount(result.stats.nodes)} nodes, ${formatCount(result.stats.states)} states,`
      + ` ${Number(result.stats.seconds).toFixed(2)} s`);
  }
  return `(${details.join("; ")})`;
}

/** A hint from an analysis (pegs) or a solve of the current position (sliding); `nextMove` is in words. */
export function hintText(result, family, nextMove) {
  const moves = (n) => `${n} ${n === 1 ? "move" : "moves"}`;
  if (result.solvable === false) {
    return `Hint: the goal can no longer be reached from here (${result.reason ?? "no way forward"}).`;
  }
  if (result.solvable !== true) {
    return `Hint: not decided within the time allowed (${result.reason ?? "search limit"}).`;
  }
  if (result.moves === 0) return "Hint: this is the goal.";
  if (family === "peg") {
    const next = result.continues ? `go on with the same peg: ${nextMove ?? "?"}` : `next move: ${nextMove ?? "?"}`;
    return `Hint: ${moves(result.moves)} to finish${result.minimal ? " (fewest)" : ""}; ${next}.`;
  }
  const shortest = result.minimal === false ? " (a way found, not proved shortest)" : "";
  return `Hint: ${moves(result.moves)} to the goal${shortest}; next move: ${nextMove ?? "?"}.`;
}

/** Why a longest-positions search is refused for a puzzle with `count` positions. */
export function refusalText(name, count, limit) {
  return `Not in a browser tab: the ${name} has about ${count.toExponential(2).replace("e+", " × 10^")} positions, `
    + `and listing them all needs every one in memory (the limit here is ${formatCount(limit)}).`;
}
