// The loading line next to the board: what the solver is loading, a bar of bytes arrived out
// of the total ("3.1 / 6.2 MB"), the time left by the worker's estimate ("about 8 s left", before the bytes),
// a Solve waiting for the solver ("Will solve when the solver is ready — about 8 s."), and when
// loading fails, why, with a Retry button. It shows the boot's downloads and any a request needs
// later (e.g. "loading pattern tables").

import { megabytes } from "./download.js";
import { htmlElement } from "./dom.js";

/** Words for a download's phase (a progress event's `phase`); others are shown as they come. */
const PHASES = {
  boot: "Loading the solver",
  "loading tables": "Loading pattern tables",
};

/**
 * Fill `container` (an empty element near the board) and keep it in step with `solver`
 * (see solver.js): shown while something loads or after a failed boot, hidden otherwise.
 * Returns {setQueued(waiting)}: say (or stop saying) that a Solve waits for the solver.
 */
export function showLoading(container, solver) {
  const text = htmlElement("span", { class: "loading-text", "data-testid": "loading-text" });
  const bytes = htmlElement("span", { class: "loading-bytes", "data-testid": "loading-bytes" });
  const left = htmlElement("span", { class: "loading-left", "data-testid": "loading-left" });
  const bar = htmlElement("progress", { class: "loading-bar", "data-testid": "loading-bar", max: "1", value: "0" });
  const queued = htmlElement("p", { class: "loading-queued", "data-testid": "loading-queued", hidden: "" });
  const retry = htmlElement("button", { type: "button", "data-testid": "loading-retry", hidden: "" }, "Retry");
  retry.addEventListener("click", () => solver.retry());
  const line = htmlElement("p", { class: "loading-line" });
  line.append(text, " ", left, " ", bytes); // the bytes at the line's end: the estimate appears without moving them
  container.replaceChildren(line, bar, queued, retry);

  let download = null;
  let status = { state: "starting", message: "" };
  let waiting = false;
  let ticking = null; // the timer that counts the estimate down while it shows

  function draw() {
    const failed = status.state === "error";
    container.hidden = !failed && !download;
    container.dataset.state = failed ? "error" : "loading";
    retry.hidden = !failed;
    bar.hidden = failed || !download;
    const seconds = solver.secondsLeft?.() ?? null;
    queued.hidden = failed || !waiting || status.state !== "starting";
    queued.textContent = `Will solve when the solver is ready${seconds === null ? "" : ` — ${about(seconds)}`}.`;
    tick(!failed && download && seconds !== null);
    if (failed) {
      text.textContent = status.message;
      bytes.textContent = "";
      left.textContent = "";
      return;
    }
    if (!download) return;
    const label = download.label ? capitalised(download.label).replace(/…$/, "")
      : PHASES[download.phase] ?? capitalised(download.phase);
    text.textContent = `${label}…`;
    left.textContent = download.phase === "boot" && seconds !== null
      ? (seconds < 0.5 ? "(any moment now)" : `(${about(seconds)} left)`) : "";
    if (download.total > 0) {
      bar.max = download.total;
      bar.value = Math.min(download.loaded, download.total);
      bytes.textContent = `${megabytes(download.loaded)} / ${megabytes(download.total)} MB`;
    } else {
      bar.removeAttribute("value"); // an indeterminate bar until the total is known
      bytes.textContent = download.loaded > 0 ? `${megabytes(download.loaded)} MB` : "";
    }
    bar.setAttribute("aria-label", `${label}: ${bytes.textContent || "starting"}`);
  }

  /** Redraw every second while an estimate shows, so that it counts down. */
  function tick(on) {
    if (on && !ticking) ticking = setInterval(draw, 1000);
    if (!on && ticking) {
      clearInterval(ticking);
      ticking = null;
    }
  }

  solver.subscribe((next) => {
    status = next;
    draw();
  });
  solver.onDownload((next) => {
    download = next;
    draw();
  });
  return {
    setQueued(next) {
      waiting = Boolean(next);
      draw();
    },
  };
}

/** "about 8 s"; "any moment now" once the estimate has run out (a loaded machine is slower than it said). */
export function about(seconds) {
  return seconds < 0.5 ? "any moment now" : `about ${Math.max(1, Math.ceil(seconds))} s`;
}

function capitalised(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Loading";
}
