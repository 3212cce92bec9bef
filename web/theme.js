// The colour scheme: as the system says (prefers-color-scheme, followed live), or light or dark
// as chosen with the masthead's button, remembered in localStorage. The dark palette is its own
// stylesheet, web/dark.css, whose media attribute index.html sets to the system's dark scheme: so
// "as the system" needs no script at all and this one loads async, never holding up the first
// paint. A remembered choice sets that media attribute to "all" (dark) or "not all" (light).
// <html data-theme="light|dark"> says the scheme in force; data-theme-choice what was chosen.
(() => {
  const KEY = "pzl-theme";
  const ORDER = ["auto", "dark", "light"];
  const ICONS = { auto: "◐", dark: "☾", light: "☀" };
  const WORDS = { auto: "Auto", dark: "Dark", light: "Light" };
  const NAMES = { auto: "as the system", dark: "dark", light: "light" };
  const MEDIA = { auto: "(prefers-color-scheme: dark)", dark: "all", light: "not all" };
  const system = window.matchMedia(MEDIA.auto);

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
    const palette = document.getElementById("dark-palette");
    if (palette) palette.media = MEDIA[choice];
  }

  /** The button shows the choice as index.html first draws it: a hidden "Colour scheme:", an icon, a word. */
  function show(button) {
    const intro = document.createElement("span");
    intro.className = "visually-hidden";
    intro.textContent = "Colour scheme: ";
    const icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = ICONS[choice];
    button.replaceChildren(intro, icon, ` ${WORDS[choice]}`);
    button.title = `Colour scheme: ${NAMES[choice]}. Press for the next one.`;
  }

  function wire() {
    apply();
    const button = document.getElementById("theme");
    if (!button) return;
    show(button);
    button.addEventListener("click", () => {
      choice = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length];
      try {
        localStorage.setItem(KEY, choice);
      } catch {
        // storage blocked: nothing to remember it in
      }
      apply();
      show(button);
    });
  }

  apply(); // as early as this script runs: the palette's <link> may not be parsed yet, so again once it is
  system.addEventListener("change", apply);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire, { once: true });
  else wire();
})();
