// How players name the holes of a peg board. On the English (33) and French (37) boards, as in
// George Bell's solutions and the solitaire literature, a hole is its column letter a–g (left to
// right) and row number 1–7 (top to bottom): the English centre is d4 and "d2-d4" a first jump.
// Every other board numbers its holes from 0, in the catalog's order. Pure: no DOM.

/** The boards written with letters and numbers. */
const LETTERED = new Set(["english-33", "french-37"]);
const COLUMNS = "abcdefg";

/** Whether `entry`'s holes are named by column letter and row number. */
export const lettered = (entry) => LETTERED.has(entry.id);

/** Each hole's name, in hole order: "d4" on the English and French boards, else its number ("16"). */
export function holeNames(entry) {
  if (!lettered(entry)) return entry.holes.map((_, hole) => String(hole));
  return entry.holes.map(([x, y]) => `${COLUMNS[Math.round(x)]}${Math.round(y) + 1}`);
}

/** The hole a person wrote: its number, or on a lettered board its name ("d4", any case); null if none. */
export function holeNamed(entry, text, names = holeNames(entry)) {
  const written = String(text).trim().toLowerCase();
  if (/^\d{1,3}$/.test(written)) return Number(written) < entry.holes.length ? Number(written) : null;
  const hole = lettered(entry) ? names.indexOf(written) : -1;
  return hole < 0 ? null : hole;
}

/** A move (the holes its peg visits) as players write it: "d2-d4-f4" on a lettered board, else "12 → 6". */
export function moveText(entry, holes, names = holeNames(entry)) {
  return lettered(entry) ? holes.map((hole) => names[hole]).join("-") : holes.join(" → ");
}
