// Real dice and one screen for two players (docs/web.md, "Real dice and hot
// seat"). On a phone (390 × 844) one browser holds both seats of an E'thia
// Skirmish game with real dice: the table turns to whoever decides, every
// roll is entered by tapping die faces on the pad (no sideways scrolling,
// faces at least 44 px) — each player their own dice: their die of a
// roll-off, the attacker's dice and then the defender's die of an attack
// (ruling E17) — a roll is taken back with "undo my last entry", a reload
// mid-game keeps everything, and the game is played to its end; every roll
// and undo goes over the WebSocket. With the WebSocket down they go by REST.
// On a tablet (820 × 1180) the same table, and a hot-seat Goofspiel game that
// shows "pass the device" between the two players' secret bids.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, BASE, browser, open, rng, tableLen } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

/** Creates a game from the lobby with both seats on this screen (hot seat). */
async function hotSeatGame(page, game, realDice) {
  await page.waitForSelector("[data-game]");
  await page.click(`[data-game=${game}]`);
  await page.fill("input[name=seat0-name]", "Ada");
  await page.selectOption("select[name=seat1-kind]", "me");
  await page.fill("input[name=seat1-name]", "Bo");
  if (realDice) await page.check("input[name=real-dice]");
  await page.click("[data-testid=create]");
  await page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await page.waitForSelector("[data-testid=banner]");
  return page.url().match(/\/m\/([0-9a-f]{16})/)[1];
}

/** Counts what the page sends: REST posts of rolls and undos, and socket
 * messages of each type. */
function watchEntries(page) {
  const seen = { rest: 0, socket: {} };
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/matches\/[0-9a-f]+\/(roll|undo)$/.test(r.url())) seen.rest++;
  });
  page.on("websocket", (ws) =>
    ws.on("framesent", (f) => {
      try {
        const type = JSON.parse(String(f.payload)).type;
        seen.socket[type] = (seen.socket[type] ?? 0) + 1;
      } catch {
        /* not JSON */
      }
    }),
  );
  return seen;
}

/** Waits until the table has moved on from (`len`, `you`, parts entered):
 * a decision taken, the table turned to another seat, or a part entered. */
const settled = (page, len, you, entered) =>
  page.waitForFunction(
    ([l, y, e]) => {
      const t = document.querySelector(".table-page");
      if (!t || document.querySelector(".spinner")) return false;
      const pad = document.querySelector("[data-testid=dice-pad]");
      return Number(t.getAttribute("data-len")) !== l || t.getAttribute("data-you") !== y || (pad?.getAttribute("data-entered") ?? "") !== e;
    },
    [len, you, entered],
  );

/** The table's state before an entry, for [`settled`]. */
async function where(page) {
  const t = page.locator(".table-page");
  const pad = page.locator("[data-testid=dice-pad]");
  return [await tableLen(page), await t.getAttribute("data-you"), (await pad.count()) ? ((await pad.getAttribute("data-entered")) ?? "") : ""];
}

/** Waits until the table shows a decision count other than `len`. */
const lenNot = (page, len) =>
  page.waitForFunction((l) => {
    const t = document.querySelector(".table-page");
    return t && Number(t.getAttribute("data-len")) !== l && !document.querySelector(".spinner");
  }, len);

/** The page does not scroll sideways, and every die face is a thumb-sized target. */
async function fitsAndTouchable(page, width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
  const faces = await page.locator("[data-testid=dice-pad] .face").evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return [r.width, r.height, r.right];
    }),
  );
  assert.ok(faces.length > 0, "the pad shows faces");
  for (const [w, h, right] of faces) {
    assert.ok(w >= 44 && h >= 44, `a face is ${w}×${h} px`);
    assert.ok(right <= width, `a face ends at ${right} px`);
  }
}

/** Taps one face per die of the pad; returns the values tapped. */
async function tapRoll(page, pick) {
  const rows = page.locator("[data-testid=dice-pad] .die-row");
  const n = await rows.count();
  const values = [];
  for (let i = 0; i < n; i++) {
    const faces = rows.nth(i).locator(".face");
    const sides = await faces.count();
    // Distinct faces in a roll-off, so that it never ties.
    let v = pick(sides) + 1;
    while (n <= sides && n <= 4 && values.includes(v)) v = (v % sides) + 1;
    values.push(v);
    await faces.nth(v - 1).click();
  }
  return values;
}

/** Plays one decision of E'thia for whoever holds the screen: taps a roll on
 * the pad, or plays a legal action (a capture when there is one, else
 * anything but ending the turn early). Returns what was done. */
async function playEthia(page, pick) {
  await page.waitForFunction(() => {
    const t = document.querySelector(".table-page");
    return t && (t.getAttribute("data-your-turn") === "true" || t.getAttribute("data-over") === "true") && !document.querySelector(".spinner");
  });
  if ((await page.locator(".table-page").getAttribute("data-over")) === "true") return "over";
  const len = await tableLen(page);
  if (await page.locator("[data-testid=dice-pad].mine").count()) {
    const before = await where(page);
    const values = await tapRoll(page, pick);
    await settled(page, ...before);
    return `roll ${values.join(" ")}`;
  }
  const details = page.locator("details.actions-all");
  if (!(await details.evaluate((d) => d.open))) await details.locator("summary").click();
  const actions = await details.locator("button[data-action]:not([disabled])").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")));
  assert.ok(actions.length > 0, "a seat to move has a legal action");
  const captures = actions.filter((a) => /x/.test(a));
  const others = actions.filter((a) => a !== "end");
  const chosen = captures.length ? captures[pick(captures.length)] : others.length ? others[pick(others.length)] : actions[0];
  await details.locator(`button[data-action="${chosen}"]`).first().click();
  await lenNot(page, len);
  return chosen;
}

test("on a phone, one screen plays a whole E'thia Skirmish game with real dice tapped in, undo and reload", async () => {
  const { page, context, errors } = await open(b, "/", PHONE);
  const sent = watchEntries(page);
  const id = await hotSeatGame(page, "ethia", true);
  const pick = rng(17);
  // The opening roll-off: each player taps their own die; the pad fits the phone.
  await page.waitForSelector("[data-testid=dice-pad].mine");
  await fitsAndTouchable(page, PHONE.width);
  assert.equal(await page.locator(".table-page").getAttribute("data-dice"), "real");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /Your roll/);
  assert.equal(await page.locator("[data-testid=dice-pad] .die-row").count(), 1, "one die each");
  assert.equal(await page.locator("[data-testid=dice-parts] li").count(), 2, "the pad says who rolls which die");

  // Ada's die in, the table turns to Bo for his; the roll is one decision.
  const first = await where(page);
  const mine = await tapRoll(page, pick);
  await settled(page, ...first);
  assert.equal(await tableLen(page), 0, "one die of two decides nothing");
  assert.notEqual(await page.locator(".table-page").getAttribute("data-you"), first[1], "the table turned to the other player");
  assert.equal(await page.locator("[data-testid=dice-parts] li.in strong").innerText(), String(mine[0]));
  const second = await where(page);
  const theirs = await tapRoll(page, pick);
  await settled(page, ...second);
  assert.equal(await tableLen(page), 1);
  const both = first[1] === "0" ? [mine[0], theirs[0]] : [theirs[0], mine[0]];
  assert.deepEqual((await api("GET", `/api/matches/${id}/record`)).json.decisions, [{ roll: both }]);

  // Taken back: "undo my last entry" clears that player's die, then the
  // other player's, and the record loses the roll.
  await page.click("[data-testid=undo-roll]");
  await lenNot(page, 1);
  assert.equal(await tableLen(page), 0);
  await page.waitForSelector("[data-testid=dice-parts] li.in");
  assert.match(await page.locator("[data-testid=undo-roll]").innerText(), /Undo .+'s last entry/);
  await page.click("[data-testid=undo-roll]");
  await page.waitForFunction(() => !document.querySelector("[data-testid=dice-parts] li.in") && !document.querySelector(".spinner"));
  await page.waitForSelector("[data-testid=dice-pad].mine");
  assert.equal(await page.locator("[data-testid=undo-roll]").count(), 0);
  const rec = await api("GET", `/api/matches/${id}/record`);
  assert.deepEqual(rec.json.decisions, [], "the record is as if the roll was never entered");
  assert.equal(rec.json.config.dice, "manual");

  // Play on, every roll tapped in; reload mid-game; to the end.
  let turned = new Set();
  let owned = 0;
  let reloaded = false;
  let attacks = 0;
  let defences = 0;
  for (let k = 0; k < 3000; k++) {
    const you = await page.locator(".table-page").getAttribute("data-you");
    if (you !== "") turned.add(you);
    const pad = page.locator("[data-testid=dice-pad].mine");
    if (await pad.count()) {
      const said = pad.locator("[data-testid=dice-purpose]");
      const purpose = (await said.count()) ? await said.innerText() : "";
      const owner = await pad.getAttribute("data-seat");
      const labels = await pad.locator(".die-label").allInnerTexts();
      // Each die is tapped by its own player, on their own side of the screen.
      const missing = await pad.locator("[data-testid=dice-parts] li:not(.in)").evaluateAll((els) => els.map((e) => e.getAttribute("data-part-seat")));
      if (missing.length) assert.ok(missing.includes(you), `${purpose}: ${you} has a part to enter (${missing})`);
      if (owner !== "" && / attacks /.test(purpose)) {
        if (owner === you) {
          attacks++;
          assert.ok(labels.length >= 2 && labels.every((l) => l === "attacker"), `the attacker taps only the attacker's dice: ${labels}`);
        } else {
          defences++;
          assert.deepEqual(labels, ["defender"], "the defender taps their own die");
        }
      } else if (owner !== "") {
        assert.equal(owner, you, `${purpose}: asked of its owner`);
        owned++;
      } else assert.match(purpose, /roll-off/, "a roll of no one seat is a roll-off");
    }
    const did = await playEthia(page, pick);
    if (did === "over") break;
    if (!reloaded && k === 40) {
      const before = await tableLen(page);
      const units = () =>
        page.locator("[data-testid=ethia-board] .unit").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-army")}@${e.getAttribute("data-at")}`).sort());
      const board = await units();
      const you = await page.locator(".table-page").getAttribute("data-you");
      await page.reload();
      await page.waitForSelector("[data-testid=banner]");
      await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) === l, before);
      assert.deepEqual(await units(), board, "the units after a reload");
      assert.equal(await page.locator(".table-page").getAttribute("data-you"), you, "the same player holds the screen");
      reloaded = true;
    }
  }
  assert.equal(await page.locator(".table-page").getAttribute("data-over"), "true", "the game reached its end");
  assert.ok(reloaded, "the game was reloaded mid-way");
  assert.ok(owned > 0, "some rolls belonged to one seat");
  assert.ok(attacks > 0, "some attack rolls were tapped in");
  assert.ok(defences > 0, "defenders tapped their own dice");
  // Every roll and undo went over the WebSocket, none by REST.
  assert.equal(sent.rest, 0, "no roll or undo by REST while the socket is up");
  assert.ok(sent.socket.roll > 0 && sent.socket.undo > 0, `rolls and undos over the socket: ${JSON.stringify(sent.socket)}`);
  assert.deepEqual([...turned].sort(), ["0", "1"], "the table turned to each player in turn");
  // The whole record replays, and says its dice were real.
  const done = await api("GET", `/api/matches/${id}/record`);
  assert.equal(done.json.config.dice, "manual");
  assert.equal(done.json.fairness.source, "real");
  assert.equal(done.json.fairness.commitment, null);
  assert.equal(done.json.decisions.length, await tableLen(page));
  // The terminal replays it too.
  const bin = process.env.ARBITER_BIN ?? new URL("../../target/debug/arbiter", import.meta.url).pathname;
  if (existsSync(bin)) {
    const file = join(mkdtempSync(join(tmpdir(), "arbiter-realdice-")), "game.json");
    const { fairness, ...record } = done.json;
    writeFileSync(file, JSON.stringify(record));
    const out = execFileSync(bin, ["replay", file], { encoding: "utf8" });
    assert.match(out, /captured every enemy leader|draw|wins|won/i, "arbiter replay reaches the end");
  }
  const last = await api("GET", `/api/matches/${id}/replay/${done.json.decisions.length}`);
  assert.equal(last.status, 200);
  assert.notEqual(last.json.outcome, null, "the replay ends where the game did");
  assert.deepEqual(errors, []);
  await context.close();
});

test("with the WebSocket down, rolls and undo go by REST", async () => {
  const context = await b.newContext({ viewport: PHONE });
  // A WebSocket that never opens: the page stays on REST.
  await context.addInitScript(() => {
    window.WebSocket = class {
      static OPEN = 1;
      static CONNECTING = 0;
      readyState = 3;
      constructor() {
        setTimeout(() => this.onclose?.({}), 20);
      }
      send() {}
      close() {}
      addEventListener() {}
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const sent = watchEntries(page);
  await page.goto(BASE + "/");
  const id = await hotSeatGame(page, "ethia", true);
  const pick = rng(9);
  await page.waitForSelector("[data-testid=dice-pad].mine");
  const first = await where(page);
  await tapRoll(page, pick);
  await settled(page, ...first);
  const second = await where(page);
  await tapRoll(page, pick);
  await settled(page, ...second);
  assert.equal((await api("GET", `/api/matches/${id}/record`)).json.decisions.length, 1, "the roll-off is in");
  await page.click("[data-testid=undo-roll]");
  await lenNot(page, 1);
  assert.equal(sent.rest, 3, "two dice and an undo, each by REST");
  assert.deepEqual(sent.socket, {}, "nothing over a socket");
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a tablet, the real-dice table fits, turns to each player, and passes axe-core", async () => {
  const { page, context, errors } = await open(b, "/", TABLET);
  await hotSeatGame(page, "ethia", true);
  const pick = rng(5);
  await page.waitForSelector("[data-testid=dice-pad].mine");
  await fitsAndTouchable(page, TABLET.width);
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  });
  assert.deepEqual(violations, [], "axe-core on the dice pad");
  const seen = new Set();
  for (let k = 0; k < 60 && seen.size < 2; k++) {
    seen.add(await page.locator(".table-page").getAttribute("data-you"));
    if ((await playEthia(page, pick)) === "over") break;
  }
  assert.equal(seen.size, 2, "the screen turned to both players");
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a tablet, a hot-seat Goofspiel game hides each bid behind 'pass the device'", async () => {
  const { page, context, errors } = await open(b, "/", TABLET);
  await page.waitForSelector("[data-game]");
  await page.click("[data-game=goofspiel]");
  await page.fill("input[name=cards]", "3");
  assert.equal(await page.locator("input[name=real-dice]").count(), 0, "no real dice for a game whose chance is secret");
  await page.fill("input[name=seat0-name]", "Ada");
  await page.selectOption("select[name=seat1-kind]", "me");
  await page.fill("input[name=seat1-name]", "Bo");
  await page.click("[data-testid=create]");
  await page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await page.waitForSelector("[data-testid=goofspiel-board]");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /Your secret choice — Ada/);
  // Ada bids; the screen covers her bid and asks for Bo.
  const first = await page.locator("[data-testid^=hand-]").first().getAttribute("data-testid");
  await page.click(`[data-testid=${first}]`);
  await page.waitForSelector("[data-testid=pass-device]");
  assert.match(await page.locator("[data-testid=pass-device]").innerText(), /Pass the device to Bo/);
  assert.equal(await page.locator("[data-testid=goofspiel-board]").count(), 0, "nothing of the table shows");
  await page.click("[data-testid=pass-ready]");
  await page.waitForSelector("[data-testid=goofspiel-board]");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /Your secret choice — Bo/);
  assert.equal(await page.locator(".table-page").getAttribute("data-you"), "1");
  const before = await tableLen(page);
  await page.locator("[data-testid^=hand-]").first().click();
  await page.waitForFunction((l) => Number(document.querySelector("[data-len]")?.getAttribute("data-len")) > l, before);
  // Both bids are revealed to both: then the next round starts with a pass again.
  await page.waitForSelector("[data-testid=pass-device], [data-testid=goofspiel-board]");
  assert.deepEqual(errors, []);
  await context.close();
});
