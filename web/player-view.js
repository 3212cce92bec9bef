// The solution player's controls: the step under the board and in the panel, scrubber, buttons,
// the clickable move list (kept scrolled to the move shown) and the choice among several
// shortest solutions. No state of its own.

import { $, clear, htmlElement } from "./dom.js";


/** The moves in words as buttons ("3. 8 right"); a click on one shows that step. */
export function fillMoveList(words) {
  const list = $("move-list");
  clear(list);
  list.scrollTop = 0;
  words.forEach((text, i) => {
    const item = htmlElement("li");
    item.append(htmlElement("button", { type: "button", "data-step": i + 1 }, `${i + 1}. ${text}`));
    list.append(item);
  });
  $("scrubber").max = String(words.length);
  $("player").hidden = false;
  $("dock-line").hidden = false;
}

/**
 * Show that step `step` of `last` is on the board; `offLine` = moves played by hand after that step
 * (the board then shows a position off the solution's line).
 */
export function showStep(step, last, offLine = 0) {
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
