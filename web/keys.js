// Keyboard shortcuts for the whole page, chosen not to collide with the board's own keys
// (arrows slide tiles or move the peg cursor, Enter/Space jump, Escape drops a peg):
// Ctrl+Z / Ctrl+Y and U / R undo and redo; "," "." and Page Up / Page Down step the
// solution; Home / End go to its first / last position; "?" opens the help.

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
    case "Home": return "first";
    case "End": return "last";
    case "?": return "help";
    default: return null;
  }
}

/** Keys typed into a field, a list box or an editable element are that element's own. */
function typedInto(target) {
  return Boolean(target?.closest?.("input, select, textarea, [contenteditable=''], [contenteditable='true']"));
}
