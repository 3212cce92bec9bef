// The page's DOM helpers, in one place: find an element by id, build SVG and HTML with
// createElementNS / createElement and textContent only (nothing from a link or a catalog is
// ever parsed as markup), empty an element, scroll one into sight; "Tap" or "Click" for the screen.

/** The element with id `id` (the page's elements are found by id; styles go by class). */
export const $ = (id) => document.getElementById(id);

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (values are set as plain attribute strings). */
export function svgElement(name, attributes = {}, text) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, String(value));
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

/** An HTML element with attributes and optional text. */
export function htmlElement(name, attributes = {}, text) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, String(value));
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Remove every child of `element`. */
export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
}

/**
 * Scroll the page (only as far as needed) so that `element` is wholly in sight below `top` pixels
 * (what a sticky header covers); smoothly, unless the person prefers reduced motion.
 */
export function scrollIntoSight(element, top = 0) {
  const box = element.getBoundingClientRect();
  const room = window.innerHeight - top;
  let by = 0;
  if (box.top < top) by = box.top - top - 8;
  else if (box.bottom > window.innerHeight) by = Math.min(box.bottom - window.innerHeight + 8, box.top - top - 8);
  if (room <= 0 || Math.abs(by) < 1) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: by, behavior: reduced ? "auto" : "smooth" });
}

/** Whether the screen is a touch screen (its pointer is coarse). */
export const touch = () => window.matchMedia("(pointer: coarse)").matches;

/** "Tap" on a touch screen, "Click" with a mouse. */
export const press = () => (touch() ? "Tap" : "Click");
