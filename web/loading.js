// The loading line next to the board: what the solver is loading, a bar of bytes arrived out
// of the total ("12.3 / 19.9 MB"), and when loading fails, why, with a Retry button. It shows
// the boot's downloads and any a request needs later (e.g. "loading pattern tables").

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
 */
export function showLoading(container, solver) {
  const text = htmlElement("span", { class: "loading-text", "data-testid": "loading-text" });
  const bytes = htmlElement("span", { class: "loading-bytes", "data-testid": "loading-bytes" });
  const bar = htmlElement("progress", { class: "loading-bar", "data-testid": "loading-bar", max: "1", value: "0" });
  const retry = htmlElement("button", { type: "button", "data-testid": "loading-retry", hidden: "" }, "Retry");
  retry.addEventListener("click", () => solver.retry());
  const line = htmlElement("p", { class: "loading-line" });
  line.append(text, " ", bytes);
  container.replaceChildren(line, bar, retry);

  let download = null;
  let status = { state: "starting", message: "" };

  function draw() {
    const failed = status.state === "error";
    container.hidden = !failed && !download;
    container.dataset.state = failed ? "error" : "loading";
    retry.hidden = !failed;
    bar.hidden = failed || !download;
    if (failed) {
      text.textContent = status.message;
      bytes.textContent = "";
      return;
    }
    if (!download) return;
    const label = download.label ? capitalised(download.label).replace(/…$/, "")
      : PHASES[download.phase] ?? capitalised(download.phase);
    text.textContent = `${label}…`;
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

  solver.subscribe((next) => {
    status = next;
    draw();
  });
  solver.onDownload((next) => {
    download = next;
    draw();
  });
}

function capitalised(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Loading";
}
