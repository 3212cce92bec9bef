// The page's reading order follows the screen. On a phone the answer comes right under the board
// (style.css's phone layout: Solve, the result and the player before the rest of the play panel);
// there those elements move in the DOM to where the screen shows them, so that Tab and a screen
// reader go top to bottom as the person sees it. On a wider screen they go back to the solver's
// column, beside the board. Moving an element keeps its listeners and state; the focus stays on it.

import { $ } from "./dom.js";

/** style.css's phone layout (one column, the board sticky at the top of the screen). */
const PHONE = "(max-width: 760px)";
/** What the phone shows right under the board's move counter, in this order. */
const UNDER_THE_BOARD = ["solve-actions", "result", "solution-choice-row", "player"];

/** Put the answer's elements where the screen shows them, now and whenever the layout changes. */
export function followScreenOrder() {
  const moved = UNDER_THE_BOARD.map((id) => $(id));
  const home = moved.at(-1).nextElementSibling; // their place in the solver's column
  const phone = window.matchMedia(PHONE);
  phone.addEventListener("change", place);
  place();

  function place() {
    const before = phone.matches ? $("counter-row").nextElementSibling : home;
    if (before === moved[0] || moved.at(-1).nextElementSibling === before) return; // already there
    const focused = document.activeElement;
    for (const element of moved) before.parentElement.insertBefore(element, before);
    if (focused instanceof HTMLElement && moved.some((element) => element.contains(focused))) {
      focused.focus({ preventScroll: true });
    }
  }
}
