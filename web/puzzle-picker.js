// The puzzle picker: the catalog's puzzles by group (the select and the browsable list with each
// puzzle's one-line description), the boards of your own (a custom sliding board's size, a
// custom peg board's lattice, the block editor's empty board), and the chosen puzzle's description
// with its source and published counts.

import { customPegEntry, customSlidingEntry, DEFAULT_MASK, maskProblem, MAX_SIDE } from "./custom.js";
import { $, clear, htmlElement } from "./dom.js";
import { pegGame } from "./game-peg.js";
import { slidingGame } from "./game-sliding.js";
import { capitalise, publishedLines } from "./words.js";

const CUSTOM_SLIDING = "custom-sliding";
const CUSTOM_PEG = "custom-peg";
const CUSTOM_BLOCKS = "custom-blocks";

/**
 * The picker: `fill()` once the catalog is loaded, `showChosen(entry)` when a puzzle opens (the
 * select, the custom board's own choices and the description follow it). A puzzle picked opens through `openPuzzle`.
 */
export function createPuzzlePicker(store, { gameOf, openPuzzle, hideLinkError, setEditing, render, blockEditor }) {
  const app = store.state;
  $("picker").addEventListener("change", () => {
    const id = $("picker").value;
    let entry = app.catalog.find((item) => item.id === id);
    if (id === CUSTOM_SLIDING) {
      entry = customSlidingEntry(Number($("custom-rows").value) || 3, Number($("custom-cols").value) || 4);
    }
    if (id === CUSTOM_PEG) entry = customPegEntry(DEFAULT_MASK);
    if (id === CUSTOM_BLOCKS) entry = blockEditor.emptyEntry();
    const game = gameOf(entry);
    hideLinkError();
    openPuzzle(game, game.start, game.goal);
    if (id === CUSTOM_BLOCKS) {
      setEditing("blocks");
      render({ animate: false });
    }
  });
  $("custom-lattice").addEventListener("change", () => {
    const lattice = $("custom-lattice").value;
    const mask = maskProblem(app.game.entry.mask, lattice) ? DEFAULT_MASK : app.game.entry.mask;
    const game = pegGame(customPegEntry(mask, lattice));
    openPuzzle(game, game.start, game.goal);
  });
  for (const select of [$("custom-rows"), $("custom-cols")]) {
    select.addEventListener("change", () => {
      const game = slidingGame(customSlidingEntry(Number($("custom-rows").value), Number($("custom-cols").value)));
      openPuzzle(game, game.start, game.goal);
    });
  }

  return { fill, showChosen };

  /** The select, the custom board's choices and the puzzle's description for the puzzle `entry` just opened. */
  function showChosen(entry) {
    $("picker").value = entry.id;
    $("description").textContent = entry.description ?? "";
    $("notes").textContent = entry.notes ?? "";
    showPublished(entry);
    $("custom-size").hidden = entry.id !== CUSTOM_SLIDING;
    $("edit-holes-choice").hidden = entry.id !== CUSTOM_PEG;
    $("custom-lattice-row").hidden = entry.id !== CUSTOM_PEG;
    if (entry.id === CUSTOM_PEG) $("custom-lattice").value = entry.lattice;
    if (entry.id === CUSTOM_SLIDING) {
      $("custom-rows").value = String(entry.rows);
      $("custom-cols").value = String(entry.cols);
    }
  }

  /** A classic's source and published counts (pzl's tests reproduce each), folded under the description. */
  function showPublished(entry) {
    const lines = publishedLines(entry);
    $("published").hidden = !lines.length && !entry.source;
    $("published-source").textContent = entry.source ? `${capitalise(entry.source)}.` : "";
    clear($("published-list"));
    for (const line of lines) $("published-list").append(htmlElement("li", {}, line));
  }

  function fill() {
    const picker = $("picker");
    clear(picker);
    const groups = new Map();
    for (const entry of app.catalog) {
      if (!groups.has(entry.group)) groups.set(entry.group, htmlElement("optgroup", { label: capitalise(entry.group) }));
      groups.get(entry.group).append(htmlElement("option", { value: entry.id }, entry.name));
    }
    const custom = htmlElement("optgroup", { label: "Your own" });
    custom.append(htmlElement("option", { value: CUSTOM_SLIDING }, "Custom sliding board"));
    custom.append(htmlElement("option", { value: CUSTOM_BLOCKS }, "Block puzzle of your own"));
    custom.append(htmlElement("option", { value: CUSTOM_PEG }, "Custom peg board"));
    groups.set("your own", custom);
    for (const group of groups.values()) picker.append(group);
    fillCatalogList();
    for (const select of [$("custom-rows"), $("custom-cols")]) {
      clear(select);
      for (let side = 2; side <= MAX_SIDE; side += 1) select.append(htmlElement("option", { value: side }, String(side)));
    }
  }

  /** The browsable catalog: each group's puzzles with their one-line descriptions. */
  function fillCatalogList() {
    const list = $("catalog-list");
    clear(list);
    const groups = new Map();
    for (const entry of app.catalog) {
      if (!groups.has(entry.group)) {
        const section = htmlElement("section", { class: "catalog-group" });
        section.append(htmlElement("h3", {}, entry.group));
        section.append(htmlElement("ul"));
        groups.set(entry.group, section);
        list.append(section);
      }
      const button = htmlElement("button", { type: "button", "data-testid": "catalog-item", "data-puzzle": entry.id });
      button.append(htmlElement("strong", {}, entry.name));
      button.append(htmlElement("span", {}, entry.description ?? ""));
      button.addEventListener("click", () => {
        hideLinkError();
        const game = gameOf(entry);
        openPuzzle(game, game.start, game.goal);
        $("catalog").open = false;
        $("board").focus();
      });
      const item = htmlElement("li");
      item.append(button);
      groups.get(entry.group).querySelector("ul").append(item);
    }
  }
}
