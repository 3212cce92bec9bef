// The help dialog (each family's rules and the page's keys): opened by its button or "?" (keys.js),
// closed by its ✕ or Esc (the dialog's own).

import { $ } from "./dom.js";

/** Wire the dialog's buttons; returns `openHelp` for the "?" key. */
export function createHelp() {
  $("help-open").addEventListener("click", openHelp);
  $("help-close").addEventListener("click", () => $("help").close());
  return { openHelp };
}

/** Open the help (true: the key was used). */
function openHelp() {
  if (!$("help").open) $("help").showModal();
  return true;
}
