// The solution player's controls: step label, scrubber, buttons, the clickable move
// list and the choice among several shortest solutions. No state of its own.

import { clear, htmlElement } from "./svg.js";

const $ = (id) => document.getElementById(id);

/** The moves in words as buttons ("3. 8 right"); a click on one shows that step. */
export function fillMoveList(words) {
  const list = $("move-list");
  clear(list);
  words.forEach((text, i) => {
    const item = htmlElement("li");
    item.append(htmlElement("button", { type: "button", "data-step": i + 1 }, `${i + 1}. ${text}`));
    list.append(item);
  });
  $("scrubber").max = String(words.length);
  $("player").hidden = false;
}

/** Show that step `step` of `last` is on the board. */
export function showStep(step, last) {
  $("step-label").textContent = `${step} / ${last}`;
  $("scrubber").value = String(step);
  $("step-prev").disabled = step === 0;
  $("step-first").disabled = step === 0;
  $("step-next").disabled = step === last;
  $("step-last").disabled = step === last;
  const list = $("move-list");
  list.querySelectorAll("button").forEach((button) => {
    const current = Number(button.dataset.step) === step;
    button.classList.toggle("current", current);
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
    if (current) keepInView(list, button);
  });
}

/** Scroll the move list (only the list, not the page) so that a long solution's current move shows. */
function keepInView(list, button) {
  const box = list.getBoundingClientRect();
  const item = button.getBoundingClientRect();
  if (item.top < box.top || item.bottom > box.bottom) list.scrollTop += item.top - box.top - box.height / 2;
}

/** The play button as Play or Pause. */
export function showPlaying(playing) {
  $("play").textContent = playing ? "Pause" : "Play";
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
  $("solution-choice-row").hidden = true;
}
