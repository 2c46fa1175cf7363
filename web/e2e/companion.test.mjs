// Ephemeral Path beside a real table (docs/web.md, "Companion mode"). On a
// phone (390 × 844) one browser holds both seats of a match created from the
// lobby with real dice and companion mode; the set-up is played through the
// API until a figure acts. Then: the ruler measures two figures and draws its
// line on the table; a typed position out of reach is refused with its rule
// and section shown, and nothing changes; a typed position the rules allow
// is accepted; "undo my last entry" takes it back (the record loses it); a
// reload brings the companion's panel back. On a tablet (820 × 1180) the
// same table fits, and axe-core finds nothing serious on it.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { api, browser, open, rng, tableLen } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

/** Creates an Ephemeral match from the lobby, both seats on this screen,
 * with real dice and companion mode; returns its id and both tokens. */
async function companionGame(page) {
  await page.waitForSelector("[data-game]");
  await page.click("[data-game=ephemeral]");
  await page.fill("input[name=seat0-name]", "Ada");
  await page.selectOption("select[name=seat1-kind]", "me");
  await page.fill("input[name=seat1-name]", "Bo");
  await page.check("input[name=real-dice]");
  await page.check("input[name=companion]");
  await page.click("[data-testid=create]");
  await page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await page.waitForSelector("[data-testid=banner]");
  const id = page.url().match(/\/m\/([0-9a-f]{16})/)[1];
  const held = await page.evaluate(() => JSON.parse(localStorage.getItem("arbiter.seats.v1") ?? "[]"));
  const tokens = [0, 1].map((s) => held.find((h) => h.id === id && h.seat === s)?.token);
  assert.ok(tokens[0] && tokens[1], "the browser holds both seats");
  return { id, tokens };
}

/** Dice values for the dice of a view's ask that `seat` enters now: those
 * of the parts still missing that it may enter (each player their own dice
 * of a roll-off or of the foraging pool). */
function valuesFor(ask, seat, pick) {
  const values = [];
  for (const p of ask.parts) {
    if (p.entered !== null || !p.entered_by.includes(seat)) continue;
    for (let k = p.first; k < p.first + p.count; k++) values.push(pick(ask.dice[k].sides) + 1);
  }
  return values;
}

/** Plays through the API (rolls entered, the first legal decision taken)
 * until a figure acts with a move among its choices; returns that seat's view. */
async function untilActing(id, tokens, pick) {
  for (let k = 0; k < 400; k++) {
    let seat = null;
    let v = null;
    for (const s of [0, 1]) {
      const r = await api("GET", `/api/matches/${id}?token=${tokens[s]}`);
      if (r.json.your_turn) {
        seat = s;
        v = r.json;
        break;
      }
    }
    assert.ok(v, "someone decides");
    if (v.dice) {
      const r = await api("POST", `/api/matches/${id}/roll`, { token: tokens[seat], values: valuesFor(v.dice, seat, pick) });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      continue;
    }
    const acting = v.observation.phase?.Acting?.figure;
    if (acting !== undefined && v.legal.some((a) => a.Move)) return { seat, v, acting };
    const r = await api("POST", `/api/matches/${id}/actions`, { token: tokens[seat], action: v.legal[0] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  throw new Error("no figure came to act");
}

/** The page does not scroll sideways. */
async function fits(page, width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
}

const waitLenIs = (page, len) =>
  page.waitForFunction((l) => {
    const t = document.querySelector(".table-page");
    return t && Number(t.getAttribute("data-len")) === l && !document.querySelector(".spinner");
  }, len);

test("on a phone, companion mode measures, refuses and accepts typed positions for the right reasons, undoes and survives a reload", async () => {
  const { page, context, errors } = await open(b, "/", PHONE);
  const { id, tokens } = await companionGame(page);
  const pick = rng(11);
  const { v, acting } = await untilActing(id, tokens, pick);
  const len = v.len;
  await page.reload();
  await waitLenIs(page, len);
  await page.waitForSelector("[data-testid=tracker]");
  assert.match(await page.locator("[data-testid=tracker-activation]").innerText(), /is acting: 0 of \d actions? this activation/);
  assert.ok((await page.locator("[data-testid=hp-boxes]").count()) > 0, "HP boxes are shown");
  // The live gate score: the rules' own scoring of the table as it stands.
  const gate = (await api("GET", `/api/matches/${id}`)).json.tracker.gate;
  const line = page.locator("[data-testid=tracker-gate]");
  assert.equal(await line.getAttribute("data-touching"), gate.touching.join(" "), "the tracker shows the server's count");
  assert.equal(await line.getAttribute("data-leader"), gate.leader === null ? "" : String(gate.leader));
  const said = await line.innerText();
  assert.match(said, /Gate now: Ada \d+ \(\d+ pts\) · Bo \d+ \(\d+ pts\)/);
  assert.match(said, /If the game ended now/);

  // The ruler: the acting figure to an enemy, its line drawn on the table.
  const figs = v.observation.figures;
  const enemy = figs.findIndex((f, i) => i !== acting && f.owner !== figs[acting].owner && f.at);
  await page.fill("[data-testid=ruler-a]", `#${acting}`);
  await page.fill("[data-testid=ruler-b]", `#${enemy}`);
  await page.click("[data-testid=ruler-go]");
  await page.waitForSelector("[data-testid=ruler-answer]");
  assert.match(await page.locator("[data-testid=ruler-length]").innerText(), /centre to centre [\d.]+ cm, edge to edge [\d.]+ cm/);
  const sight = await page.locator("[data-testid=ruler-sight]").innerText();
  assert.match(sight, /line of sight: (yes|no).*may (not )?attack/s);
  if (/may not attack/.test(sight)) {
    const rule = await page.locator("[data-testid=ruler-sight] [data-testid=cited]").getAttribute("data-rule");
    assert.match(rule, /^ep\.attack\.(sight|range)$/, "out of range or sight: the rule is cited");
  }
  assert.equal(await page.locator("[data-testid=ruler-line]").count(), 1, "the ruler's line is drawn on the table");
  const m = await api("GET", `/api/matches/${id}/measure?a=%23${acting}&b=%23${enemy}`);
  assert.equal(m.status, 200);
  assert.ok(sight.includes(m.json.sight.may_attack ? "may attack" : "may not attack"), "the page says what the server measured");

  // A typed position out of reach: refused, the rule and section shown (the
  // rule measure names for it), nothing changed.
  const at = figs[acting].at;
  let far = { x: at.x < 20 ? 36 : 4, y: at.y < 20 ? 36 : 4 };
  let judged = await api("GET", `/api/matches/${id}/measure?a=%23${acting}&b=${far.x}%2C${far.y}`);
  if (judged.json.straight_move.allowed) {
    far = { x: at.x < 20 ? 39.5 : 0.5, y: at.y < 20 ? 39.5 : 0.5 };
    judged = await api("GET", `/api/matches/${id}/measure?a=%23${acting}&b=${far.x}%2C${far.y}`);
  }
  const expected = judged.json.straight_move.refusal;
  await page.fill("[data-testid=typed-x]", String(far.x));
  await page.fill("[data-testid=typed-y]", String(far.y));
  await page.click("[data-testid=typed-go]");
  await page.waitForSelector("[data-testid=typed-refused] [data-testid=cited]");
  const refused = page.locator("[data-testid=typed-refused] [data-testid=cited]");
  assert.match(await refused.getAttribute("data-rule"), /^ep\.move\./);
  assert.equal(await refused.getAttribute("data-rule"), expected.rule, "the move is refused by the rule measure names");
  const words = await refused.innerText();
  assert.ok(words.includes(expected.reason) && words.includes(`rule ${expected.rule}, ${expected.section}`), words);
  assert.equal(await tableLen(page), len, "a refused position changes nothing");

  // A typed position the rules allow (a legal move's end that a straight move reaches).
  let to = null;
  for (const a of v.legal.filter((a) => a.Move)) {
    const end = a.Move.path[a.Move.path.length - 1];
    const r = await api("GET", `/api/matches/${id}/measure?a=%23${acting}&b=${end.x}%2C${end.y}`);
    if (r.json?.straight_move?.allowed) {
      to = end;
      break;
    }
  }
  assert.ok(to, "a straight legal move is in the sample");
  await page.fill("[data-testid=typed-x]", String(to.x));
  await page.fill("[data-testid=typed-y]", String(to.y));
  await page.click("[data-testid=typed-check]");
  await page.waitForSelector("[data-testid=ruler-move]");
  assert.match(await page.locator("[data-testid=ruler-move]").innerText(), /allowed, [\d.]+ cm of [\d.]+ cm/);
  await page.click("[data-testid=typed-go]");
  await waitLenIs(page, len + 1);
  const after = (await api("GET", `/api/matches/${id}`)).json;
  const moved = after.observation.figures[acting].at;
  assert.ok(Math.abs(moved.x - to.x) < 0.01 && Math.abs(moved.y - to.y) < 0.01, "the figure stands where it was typed");
  // The gate score follows the figure moved.
  await page.waitForFunction(
    (t) => document.querySelector("[data-testid=tracker-gate]")?.getAttribute("data-touching") === t,
    after.tracker.gate.touching.join(" "),
  );

  // Undo my last entry: the move is taken back, the record loses it.
  await page.click("[data-testid=undo-roll]");
  await waitLenIs(page, len);
  const back = (await api("GET", `/api/matches/${id}`)).json.observation.figures[acting].at;
  assert.deepEqual(back, at, "the figure stands where it stood");
  const rec = await api("GET", `/api/matches/${id}/record?token=${tokens[0]}`);
  assert.equal(rec.json.decisions.length, len, "the record is as if the move was never entered");

  // A reload mid-game: the companion's panel and tracker are back.
  await page.reload();
  await waitLenIs(page, len);
  await page.waitForSelector("[data-testid=typed-move]");
  await page.waitForSelector("[data-testid=tracker]");
  await fits(page, PHONE.width);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a tablet, the companion's table fits and passes axe-core", async () => {
  const { page, context, errors } = await open(b, "/", TABLET);
  const { id, tokens } = await companionGame(page);
  const { v } = await untilActing(id, tokens, rng(3));
  await page.reload();
  await waitLenIs(page, v.len);
  await page.waitForSelector("[data-testid=ruler]");
  await page.fill("[data-testid=ruler-a]", "gate");
  await page.fill("[data-testid=ruler-b]", "20,20");
  await page.click("[data-testid=ruler-go]");
  await page.waitForSelector("[data-testid=ruler-answer]");
  await fits(page, TABLET.width);
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  });
  assert.deepEqual(violations, [], "axe-core on the companion's panel");
  assert.deepEqual(errors, []);
  await context.close();
});
