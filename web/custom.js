// Custom puzzles a person defines on the page, as catalog-like entries
// (a rectangular sliding board of up to 6x6 for now).

export const MAX_SIDE = 6;

/** A catalog-like entry for an R x C sliding board with tiles 1..R*C-1 and the empty cell last. */
export function customSlidingEntry(rows, cols) {
  const cells = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) cells.push([row, col]);
  }
  const goal = [...cells.slice(1).map((_, i) => String(i + 1)), "0"].join(" ");
  return {
    id: "custom-sliding",
    custom: true,
    family: "sliding",
    group: "custom",
    name: `Custom ${rows}×${cols} board`,
    description: `Tiles 1–${rows * cols - 1} on a ${rows}×${cols} board of your own: edit or shuffle it, then solve.`,
    rows,
    cols,
    cells,
    start: goal,
    goal,
  };
}
