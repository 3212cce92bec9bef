// The colour scheme: as the system says (prefers-color-scheme, followed live), or light or dark
// as chosen with the masthead's button, remembered in localStorage. A classic script loaded in
// <head>, so the scheme is set before the first paint (no flash of the other one). The page's
// colours follow <html data-theme="light|dark">; data-theme-choice keeps what was chosen.
(() => {
  const KEY = "pzl-theme";
  const ORDER = ["auto", "dark", "light"];
  const LABELS = { auto: "◐ Auto", dark: "☾ Dark", light: "☀ Light" };
  const NAMES = { auto: "as the system", dark: "dark", light: "light" };
  const system = window.matchMedia("(prefers-color-scheme: dark)");

  function stored() {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null; // storage blocked: the choice lasts for this page only
    }
  }

  let choice = ORDER.includes(stored()) ? stored() : "auto";

  function apply() {
    const root = document.documentElement;
    root.dataset.themeChoice = choice;
    root.dataset.theme = choice === "auto" ? (system.matches ? "dark" : "light") : choice;
  }

  apply();
  system.addEventListener("change", apply);

  document.addEventListener("DOMContentLoaded", () => {
    const button = document.getElementById("theme");
    if (!button) return;
    const show = () => {
      button.textContent = LABELS[choice];
      button.setAttribute("aria-label", `Colour scheme: ${NAMES[choice]}. Press for the next one.`);
    };
    show();
    button.addEventListener("click", () => {
      choice = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length];
      try {
        localStorage.setItem(KEY, choice);
      } catch {
        // storage blocked: nothing to remember it in
      }
      apply();
      show();
    });
  });
})();
