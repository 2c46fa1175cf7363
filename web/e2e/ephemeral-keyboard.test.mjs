// Ephemeral Path by keyboard alone (issue 15, "Accessibility"): Tab to a
// terrain piece and Enter picks it, Enter places it; Tab to a figure of the reserve and Enter picks it, the arrow keys move where it goes
// and Enter places it; Tab to a glowing figure and Enter activates it; the
// arrow keys (Shift for a finer step) move the point it goes to, the move is
// drawn with its length and said to be legal or not before Enter moves it,
// Escape cancels; an enemy is targeted with Enter. No mouse is used on the
// page: the test only presses keys (the API plays the other decisions).
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { api, browser, open, sleep, tableLen } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function create() {
  const { json } = await api("POST", "/api/matches", {
    game: "ephemeral",
    seats: [
      { controller: "human", name: "Ada" },
      { controller: "human", name: "Bo" },
    ],
    seed: 11,
  });
  return { id: json.id, tokens: json.seats.map((s) => s.token) };
}

async function view(m, seat) {
  return (await api("GET", `/api/matches/${m.id}?token=${m.tokens[seat]}`)).json;
}

const phase = (v) => (typeof v.observation.phase === "string" ? v.observation.phase : Object.keys(v.observation.phase)[0]);

/** Plays decisions through the API (passing where it may) until `until(view)` holds. */
async function advance(m, until) {
  for (let k = 0; k < 300; k++) {
    const v0 = await view(m, 0);
    if (until(v0)) return v0;
    if (v0.turn.kind !== "seat") throw new Error("the game ended");
    const s = v0.turn.seat;
    const v = await view(m, s);
    const action = v.legal.find((a) => a === "Pass") ?? v.legal[0];
    const { status, json } = await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action });
    assert.equal(status, 200, JSON.stringify(json));
    await sleep(10);
  }
  throw new Error("never reached");
}

/** Presses Tab until the focused element matches `selector` (at most 300 times). */
async function tabTo(page, selector) {
  for (let k = 0; k < 300; k++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focused = (page) => page.evaluate(() => ({ label: document.activeElement?.getAttribute("aria-label") ?? "", figure: document.activeElement?.getAttribute("data-figure") }));
const status = (page) => page.locator("[data-testid=kb-status]").innerText();
const changed = (page, len) =>
  page.waitForFunction(
    (l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l || !!document.querySelector("[data-testid=whynot]"),
    len,
  );

test("Ephemeral is played by keyboard alone: placing, activating, moving, targeting", async () => {
  const m = await create();

  // Setting up: a terrain piece picked with Tab and Enter, turned with R, placed with Enter.
  const t = await advance(m, (v) => phase(v) === "Terrain");
  const ts = t.turn.seat;
  const ter = await open(b, `/m/${m.id}?token=${m.tokens[ts]}`);
  await ter.page.waitForSelector("[data-piece]");
  await tabTo(ter.page, "[data-piece]");
  await ter.page.keyboard.press("Enter");
  await ter.page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "ephemeral-table");
  await ter.page.keyboard.press("Enter");
  assert.match(await status(ter.page), /^Place .* at \d+\.\d, \d+\.\d: Enter places it/);
  await ter.page.keyboard.press("r");
  let len = await tableLen(ter.page);
  await ter.page.keyboard.press("Enter");
  await changed(ter.page, len);
  let why = (await ter.page.locator("[data-testid=whynot]").count()) ? await ter.page.locator("[data-testid=whynot]").innerText() : "";
  assert.ok((await tableLen(ter.page)) > len, `the piece was placed (${why})`);
  assert.deepEqual(ter.errors, []);
  await ter.context.close();

  // Deployment: a figure of the reserve, placed with the arrow keys and Enter.
  const d = await advance(m, (v) => phase(v) === "Deploy");
  const ds = d.turn.seat;
  const dep = await open(b, `/m/${m.id}?token=${m.tokens[ds]}`);
  await dep.page.waitForSelector("[data-reserve]:not([disabled])");
  await tabTo(dep.page, "[data-reserve]:not([disabled])");
  await dep.page.keyboard.press("Enter");
  // The table takes the keys, named for screen readers.
  await dep.page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "ephemeral-table");
  assert.match((await focused(dep.page)).label, /arrow keys move where it is placed/);
  await dep.page.keyboard.press("Enter");
  assert.match(await status(dep.page), /^Place .* at \d+\.\d, \d+\.\d: Enter places it/);
  assert.equal(await dep.page.locator("[data-testid=kb-ghost]").count(), 1, "where it goes is drawn");
  len = await tableLen(dep.page);
  await dep.page.keyboard.press("Enter");
  await changed(dep.page, len);
  why = (await dep.page.locator("[data-testid=whynot]").count()) ? await dep.page.locator("[data-testid=whynot]").innerText() : "";
  assert.ok((await tableLen(dep.page)) > len, `the figure was placed (${why})`);
  assert.match(await dep.page.locator("[data-testid=log]").innerText(), /is placed at/);
  assert.deepEqual(dep.errors, []);
  await dep.context.close();

  // The first activation: Tab to a glowing figure, Enter.
  const a = await advance(m, (v) => phase(v) === "Activate");
  const s = a.turn.seat;
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector(".fig.can");
  await tabTo(page, ".fig.can[role=button]");
  const letter = (await focused(page)).figure;
  len = await tableLen(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  await page.waitForSelector(`.fig.active[data-figure='${letter}']`);
  // The active figure keeps the focus, and says what the keys do.
  if ((await focused(page)).figure !== letter) await tabTo(page, `.fig.active[data-figure='${letter}']`);
  assert.match((await focused(page)).label, /active, \d+ actions left: arrow keys choose where it goes/);
  const before = (await view(m, s)).observation.figures;

  // Escape cancels a point being moved.
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.locator("[data-testid=kb-cursor]").count(), 1);
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("[data-testid=kb-cursor]").count(), 0, "Escape cancels");
  assert.equal(await page.locator("[data-testid=drag-path]").count(), 0);

  // Far past its move: drawn, said not to be legal.
  for (let k = 0; k < 30; k++) await page.keyboard.press("ArrowRight");
  assert.equal(await page.locator("[data-testid=drag-path]").count(), 1, "the move is drawn");
  assert.match(await status(page), /cm of \d+(\.\d+)? cm.* — not legal/);
  await page.keyboard.press("Escape");

  // A short move in some direction the preview calls legal, with a finer Shift step; Enter moves.
  let moved = false;
  const reasons = [];
  // Toward the middle of the table first (away from the edge it was placed on).
  const at = before[(await view(m, s)).observation.phase.Acting.figure].at;
  const inward = [at.y < 20 ? "ArrowUp" : "ArrowDown", at.x < 20 ? "ArrowRight" : "ArrowLeft"];
  const outward = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].filter((k) => !inward.includes(k));
  for (const key of [...inward, ...outward]) {
    for (let k = 0; k < 2; k++) await page.keyboard.press(key);
    const coarse = await status(page);
    await page.keyboard.press(`Shift+${key}`);
    const fine = await status(page);
    const cm = (t) => Number(/: (\d+\.\d) cm of/.exec(t)?.[1]);
    if (inward.includes(key)) assert.ok(Math.abs(cm(fine) - cm(coarse) - 0.1) < 0.051, `Shift steps 0.1 cm: ${coarse} → ${fine}`);
    if (!/ — legal\./.test(fine)) {
      reasons.push(fine);
      await page.keyboard.press("Escape");
      continue;
    }
    len = await tableLen(page);
    await page.keyboard.press("Enter");
    await changed(page, len);
    if ((await tableLen(page)) > len) {
      moved = true;
      break;
    }
    reasons.push(await page.locator("[data-testid=whynot]").innerText());
    await page.keyboard.press("Escape");
  }
  assert.ok(moved, `a keyboard move was accepted (${reasons.join(" | ")})`);
  const after = (await view(m, s)).observation.figures;
  const i = before.findIndex((f, k) => f.at && after[k].at && (f.at.x !== after[k].at.x || f.at.y !== after[k].at.y));
  assert.ok(i >= 0, "a figure stands somewhere else");
  assert.match(await page.locator("[data-testid=log]").innerText(), /moves \(/);

  // An enemy is targeted with Tab and Enter: the dice tray opens.
  if ((await view(m, s)).your_turn && phase(await view(m, s)) === "Acting") {
    await tabTo(page, ".fig.targetable[role=button]");
    assert.match((await focused(page)).label, /an enemy/);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=attack]");
    // The dice tray's buttons have names.
    assert.match(await page.locator("[data-add=d6]").getAttribute("aria-label"), /one more d6/);
  }

  await page.addScriptTag({ path: AXE });
  const serious = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert.deepEqual(serious, [], "axe-core finds no serious violation while a figure is active");
  assert.deepEqual(errors, []);
  await context.close();
});
