// The solution player's controls: the step under the board and in the panel, scrubber, buttons,
// the clickable move list with the game tree's variations (kept scrolled to the move shown) and
// the choice among several shortest solutions. No state of its own.

import { $, clear, htmlElement } from "./dom.js";


/**
 * The line's moves in words as buttons ("3. 8 right"; a click shows that step), with the game
 * tree's other branches inline under the move they replace, as lichess shows variations: each
 * an indented line of buttons (a click goes to that node), a Promote and a Delete button.
 * `nodes` is the line (its first position first), `tree` the game tree (web/game-tree.js),
 * `actions` = {step(n), goTo(node), promote(node), remove(node)}.
 */
export function fillMoveList(nodes, tree, actions) {
  const list = $("move-list");
  const focused = list.contains(document.activeElement) ? focusKey(document.activeElement) : null;
  const scroll = list.scrollTop;
  clear(list);
  const base = tree.depth(nodes[0]);
  const number = (node) => tree.depth(node) - base;
  const byId = new Map();

  /** The branches of `parent` other than `main`, as a list of variations (null when there are none). */
  function variations(parent, main) {
    const others = parent.children.filter((child) => child !== main);
    if (!others.length) return null;
    const group = htmlElement("ul", { class: "variations" });
    for (const first of others) {
      const line = tree.lineFrom(first);
      const item = htmlElement("li", { class: "variation", "data-variation": first.id });
      const moves = htmlElement("span", { class: "variation-moves" });
      const nested = [];
      line.forEach((node, j) => {
        byId.set(node.id, node);
        moves.append(htmlElement("button", { type: "button", "data-node": node.id }, `${number(node)}. ${node.words ?? "?"}`), " ");
        const below = j + 1 < line.length ? variations(node, line[j + 1]) : null;
        if (below) nested.push(below);
      });
      const name = `the variation ${number(first)}. ${first.words ?? "?"}`;
      item.append(moves,
        htmlElement("button", { type: "button", class: "variation-tool", "data-promote": first.id, "aria-label": `Promote ${name}`,
          title: "Make this variation the line the player walks" }, "Promote"),
        htmlElement("button", { type: "button", class: "variation-tool", "data-delete": first.id, "aria-label": `Delete ${name}`,
          title: "Delete this variation" }, "Delete"),
        ...nested);
      group.append(item);
    }
    return group;
  }

  nodes.slice(1).forEach((node, i) => {
    const item = htmlElement("li");
    item.append(htmlElement("button", { type: "button", "data-step": i + 1 }, `${i + 1}. ${node.words ?? "?"}`));
    const branches = [variations(nodes[i], node)];
    if (i === nodes.length - 2) branches.push(variations(node, null)); // moves played after the line's last position
    for (const branch of branches.filter(Boolean)) item.append(branch);
    item.classList.toggle("branching", item.childElementCount > 1);
    list.append(item);
  });
  list.onclick = (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const { step, node, promote, delete: remove } = button.dataset;
    if (step) actions.step(Number(step));
    else if (node) actions.goTo(byId.get(Number(node)));
    else if (promote) actions.promote(byId.get(Number(promote)));
    else if (remove) actions.remove(byId.get(Number(remove)));
  };
  list.scrollTop = scroll;
  if (focused) (list.querySelector(focused) ?? list.querySelector("button[data-step]"))?.focus();
  $("scrubber").max = String(nodes.length - 1);
  $("player").hidden = false;
  $("dock-line").hidden = false;
}

/** A selector that finds a move list's button again after a redraw. */
function focusKey(button) {
  for (const key of ["step", "node", "promote", "delete"]) {
    if (button.dataset[key]) return `button[data-${key}="${button.dataset[key]}"]`;
  }
  return null;
}

/**
 * Show that step `step` of `last` is on the board; `offLine` = moves played by hand after that step
 * (the board then shows a position off the solution's line).
 */
export function showStep(step, last, offLine = 0, nodeId = null) {
  const label = offLine ? `${step} / ${last} +${offLine}` : `${step} / ${last}`;
  $("step-label").textContent = label;
  $("scrub-label").textContent = label;
  $("scrubber").value = String(step);
  $("step-prev").disabled = step === 0 && !offLine;
  $("step-first").disabled = step === 0 && !offLine;
  $("step-next").disabled = step === last;
  $("step-last").disabled = step === last && !offLine;
  $("line-note").textContent = offLine
    ? `The board is ${offLine === 1 ? "1 move" : `${offLine} moves`} off the solution, which you left after step ${step}: `
      + "◀ and ▶ go back onto it."
    : "";
  const list = $("move-list");
  let current = null;
  list.querySelectorAll("button").forEach((button) => {
    const here = Number(button.dataset.step) === step;
    button.classList.toggle("current", here && !offLine);
    button.classList.toggle("left-here", here && Boolean(offLine));
    if (here && !offLine) {
      button.setAttribute("aria-current", "step");
      current = button;
    } else {
      button.removeAttribute("aria-current");
    }
    if (here && offLine) current = button;
  });
  list.querySelectorAll("button[data-node]").forEach((button) => {
    const here = Number(button.dataset.node) === nodeId;
    button.classList.toggle("current", here);
    if (here) {
      button.setAttribute("aria-current", "step");
      current = button;
    } else {
      button.removeAttribute("aria-current");
    }
  });
  if (current) keepInView(list, current);
  else if (step === 0) list.scrollTop = 0;
}

/** Scroll the move list (only the list, never the page) so that `item` is wholly visible. */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const row = item.getBoundingClientRect();
  if (row.top < box.top) list.scrollTop -= box.top - row.top + 4;
  else if (row.bottom > box.bottom) list.scrollTop += row.bottom - box.bottom + 4;
}

/** The play button as Play or Pause (style.css shows the word by aria-pressed). */
export function showPlaying(playing) {
  $("play").setAttribute("aria-pressed", String(playing));
}

/** Offer `count` solutions to choose from (hidden for fewer than two); onChoose(index). */
export function fillSolutionChoice(count, onChoose) {
  const select = $("solution-choice");
  clear(select);
  $("solution-choice-row").hidden = count < 2;
  for (let i = 0; i < count; i += 1) {
    select.append(htmlElement("option", { value: i }, `solution ${i + 1} of ${count}`));
  }
  select.onchange = () => onChoose(Number(select.value));
}

/** Hide the player. */
export function hidePlayer() {
  $("player").hidden = true;
  $("dock-line").hidden = true;
  $("solution-choice-row").hidden = true;
}
