// Shared by the end-to-end tests: Debian's Chromium driven by playwright-core
// (no downloaded browsers), the server's address, and small helpers.
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";

export const BASE = process.env.ARBITER_URL ?? "http://127.0.0.1:8080";

const EXE = process.env.CHROMIUM ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** A headless Chromium with the flags this machine needs (no network beyond loopback, no sandbox as root). */
export async function browser() {
  if (!EXE) throw new Error("no Chromium: install Debian's chromium package (scripts/e2e does)");
  return chromium.launch({
    executablePath: EXE,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    // playwright starts each launch with a fresh, empty --user-data-dir of its own.
  });
}

/** A fresh browser context (its own storage) and page, with page errors collected. */
export async function open(b, path = "/", viewport = { width: 1440, height: 900 }) {
  const context = await b.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(BASE + path);
  return { context, page, errors };
}

/** The REST API from the test itself (for setting up positions quickly). */
export async function api(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(BASE + path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429 && attempt < 20) {
      await sleep(300);
      continue;
    }
    const json = await res.json().catch(() => null);
    return { status: res.status, json };
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until the table shows a decision count other than `len` (or any, without it). */
export async function waitLen(page, fn, timeout = 30000) {
  await page.waitForFunction(fn, null, { timeout, polling: 50 });
}

export async function tableLen(page) {
  return Number(await page.locator(".table-page").getAttribute("data-len"));
}

/** Waits for the seat on this page to owe a decision, or the game to end; returns which. */
export async function yoursOrOver(page, timeout = 60000) {
  await page.waitForFunction(
    () => {
      const t = document.querySelector(".table-page");
      return t && (t.getAttribute("data-your-turn") === "true" || t.getAttribute("data-over") === "true");
    },
    null,
    { timeout, polling: 50 },
  );
  return (await page.locator(".table-page").getAttribute("data-over")) === "true" ? "over" : "yours";
}

/** A random element of a list (seeded per test for repeatability). */
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}
