// Keyboard shortcuts for the whole page, as on the lichess analysis board: ← / → step back and
// forth through the line shown (the solution, else the game), ↑ / Home and ↓ / End jump to its
// ends — wherever the focus is, except in a text field, a list box or an editable element (their
// keys are their own) and on the board, whose arrows slide tiles or move its cursor (Enter/Space
// jump, Escape drops a peg). Also Ctrl+Z / Ctrl+Y and U / R undo and redo; "," "." and
// Page Up / Page Down step the line; "?" opens the help.

/**
 * Listen on `document`. Each action returns true when it did something (only then is the
 * browser's own use of the key, such as scrolling by a page, prevented).
 * actions = {undo, redo, previous, next, first, last, help}.
 */
export function wireKeys(actions) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.isComposing) return;
    if (typedInto(event.target) || document.querySelector("dialog[open]")) return;
    const action = actionFor(event);
    if (action && event.key.startsWith("Arrow") && ownArrows(event.target)) return;
    if (action && actions[action]() !== false) event.preventDefault();
  });
}

/** The action a key press asks for, or null. */
export function actionFor({ key, ctrlKey, metaKey, shiftKey }) {
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (ctrlKey || metaKey) {
    if (lower === "z") return shiftKey ? "redo" : "undo";
    if (lower === "y") return "redo";
    return null;
  }
  switch (lower) {
    case "u": return "undo";
    case "r": return "redo";
    case ",": case "PageUp": return "previous";
    case ".": case "PageDown": return "next";
    case "ArrowLeft": return shiftKey ? null : "previous";
    case "ArrowRight": return shiftKey ? null : "next";
    case "Home": case "ArrowUp": return shiftKey ? null : "first";
    case "End": case "ArrowDown": return shiftKey ? null : "last";
    case "?": return "help";
    default: return null;
  }
}

/** Keys typed into a field, a list box or an editable element are that element's own. */
function typedInto(target) {
  return Boolean(target?.closest?.("input, select, textarea, [contenteditable=''], [contenteditable='true']"));
}

/** Elements whose arrow keys are their own: the board (tiles, cursor), a grid, a scrolling table. */
function ownArrows(target) {
  return Boolean(target?.closest?.("#board, [role='grid'], .table-scroll, .compare-table-wrap"));
}
