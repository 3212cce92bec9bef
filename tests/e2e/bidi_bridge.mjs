// Drives Firefox over WebDriver BiDi for the cross-engine smoke tests (tests/e2e/engines.py), with
// npm puppeteer-core: one page in a fresh profile, a 1280 × 800 viewport. Reads one JSON command a
// line on stdin, {id, op, ...}, and answers each on stdout with {id, ok, value} or {id, ok: false,
// error}; the first line out is {ready, version}. Commands: goto {url}, reload, click {selector},
// run {source, args} (a JavaScript function's source, called with args and awaited; JSON back).
// It closes Firefox when told "close" or when stdin ends (the test process went away).
//
//     node tests/e2e/bidi_bridge.mjs /usr/bin/firefox-esr

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [firefox] = process.argv.slice(2);
const NAVIGATION_MS = 120_000;

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: firefox,
  headless: true,
  protocol: "webDriverBiDi",
  defaultViewport: { width: 1280, height: 800 },
});
const [page] = await browser.pages();
page.setDefaultTimeout(NAVIGATION_MS);

const ops = {
  goto: async ({ url }) => {
    await page.goto(url, { waitUntil: "load" });
  },
  reload: async () => {
    await page.reload({ waitUntil: "load" });
  },
  click: async ({ selector }) => {
    await page.click(selector);
  },
  run: ({ source, args }) => page.evaluate(`(${source})(...${JSON.stringify(args ?? [])})`),
};

function answer(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

answer({ ready: true, version: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const command = JSON.parse(line);
  if (command.op === "close") break;
  try {
    const value = await ops[command.op](command);
    answer({ id: command.id, ok: true, value: value ?? null });
  } catch (error) {
    answer({ id: command.id, ok: false, error: String(error?.message ?? error) });
  }
}
await browser.close();
