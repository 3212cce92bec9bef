// The page's DOM helpers, in one place: find an element by id, build SVG and HTML with
// createElementNS / createElement and textContent only (nothing from a link or a catalog is
// ever parsed as markup), empty an element.

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
