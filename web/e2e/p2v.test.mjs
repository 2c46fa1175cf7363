// Path 2 Victory in the browser: a game against the AI from the lobby to
// the end, every decision taken on the table (objectives and deployment on
// glowing squares, activations, strikes on marked enemies, the end of a
// turn, reactions in their prompt), with the card, the Stride previews and
// the odds seen on the way, a refused click's "why not?" card, axe-core and
// a phone-width check; a two-player match by invitation where a
// reaction window is asked of the second player in their own browser; and
// the bodies of a Trail of Bodies laid on the table in the set-up; and a
// False Object's extra obstacle and its secret pick, kept from the other seat.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { api, browser, open, tableLen, yoursOrOver } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function waitChange(page, len, timeout = 30000) {
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) !== l, len, { timeout, polling: 50 });
}

/** Waits until the table's look at the decisions has arrived (the glowing squares, the odds). */
async function settle(page) {
  await page.waitForSelector("[data-testid=p2v-board][data-look=ready]", { timeout: 30000 });
}

/** One decision by the table's own controls; returns what it did. */
async function tableMove(page) {
  await settle(page);
  const win = page.locator("[data-testid=p2v-window] button");
  if (await win.count()) {
    await win.first().click();
    return "window";
  }
  const zone = page.locator(".p2v-controls button[data-act=zone]");
  if (await zone.count()) {
    await zone.first().click();
    return "zone";
  }
  const hot = page.locator(".p2v-board .hot:not(.reach)");
  const status = await page.locator("[data-testid=p2v-controls]").innerText();
  if (/Objective/.test(status) || (await page.locator("[data-deploy]").count())) {
    if (await hot.count()) {
      await hot.first().click({ force: true });
      return "place";
    }
  }
  const activate = page.locator("button[data-act=activate]");
  if (await activate.count()) {
    await activate.first().click();
    return "activate";
  }
  const target = page.locator(".p2v-board .creature.targeted");
  if (await target.count()) {
    await target.first().click({ force: true });
    return "strike";
  }
  const end = page.locator("[data-testid=p2v-end]");
  if (await end.count()) {
    await end.click();
    return "end";
  }
  const other = page.locator(".p2v-actions button");
  if (await other.count()) {
    await other.first().click();
    return "other";
  }
  if (await hot.count()) {
    await hot.first().click({ force: true });
    return "square";
  }
  throw new Error(`no control to play: ${status}`);
}

async function axe(page, what) {
  await page.addScriptTag({ path: AXE });
  const serious = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  });
  assert.deepEqual(serious, [], `axe-core finds no serious violation on ${what}`);
}

test("a Path 2 Victory game against the AI, played to the end on the table", async () => {
  const { page, errors } = await open(b);
  await page.click("[data-game=p2v]");
  await page.waitForSelector("select[name=warband1] option", { state: "attached" });
  await page.selectOption("select[name=warband1]", "old-wood-brawlers");
  await page.selectOption("select[name=warband2]", "briar-skirmishers");
  await page.selectOption("select[name=seat1-kind]", "ai");
  await page.selectOption("select[name=seat1-bot]", "greedy");
  await page.fill("input[name=seat0-name]", "Tester");
  await page.click("summary:text('Advanced')");
  await page.fill("input[name=seed]", "11");
  await page.click("[data-testid=create]");
  await page.waitForSelector("[data-testid=p2v-board]");
  assert.match(page.url(), /\/m\/[0-9a-f]{16}\?token=/);
  // The battle map: terrain pieces and both warbands' cards.
  assert.ok((await page.locator(".p2v-board .terrain").count()) > 3, "the map's terrain is drawn");
  assert.equal(await page.locator(".p2v-roster li:not(.p2v-roster-head)").count() > 4, true);

  const seen = new Set();
  let sawPath = false, sawOdds = false, sawCard = false, sawWhy = false, checkedAxe = false, zones = false, sawLeap = false;
  for (let k = 0; ; k++) {
    assert.ok(k < 600, "the game ends within 600 of our decisions");
    if ((await yoursOrOver(page, 120000)) === "over") break;
    await settle(page);
    if (!zones && (await page.locator(".p2v-board .zone").count())) zones = true;
    if (await page.locator("[data-testid=p2v-end]").count()) {
      // A turn: the card shows AP; a glowing square previews its way and cost.
      sawCard ||= /AP/.test(await page.locator("[data-testid=p2v-card]").innerText());
      const reach = page.locator(".p2v-board .hot.reach");
      if (!sawPath && (await reach.count())) {
        await reach.last().hover({ force: true });
        await page.waitForSelector("[data-testid=p2v-path]");
        assert.match(await page.locator("[data-testid=p2v-move-cost]").innerText(), /squares of movement/);
        sawPath = true;
      }
      if (await page.locator("[data-testid=p2v-odds-table]").count()) {
        assert.match(await page.locator("[data-testid=p2v-odds-table]").innerText(), /d20[+-]\d+ vs \d+/);
        sawOdds = true;
      }
      if (!sawWhy) {
        // A click on a square far out of reach (the corner farthest from
        // the active creature): the rules say why not.
        const box = await page.locator(".p2v-board .ground").boundingBox();
        const me = await page.locator(".p2v-board .creature.active .base").boundingBox();
        const corners = [
          [box.x + 4, box.y + 4],
          [box.x + box.width - 4, box.y + 4],
          [box.x + 4, box.y + box.height - 4],
          [box.x + box.width - 4, box.y + box.height - 4],
        ].sort((p, q) => Math.hypot(q[0] - me.x, q[1] - me.y) - Math.hypot(p[0] - me.x, p[1] - me.y));
        const len = await tableLen(page);
        const why = page.locator("[data-testid=whynot]");
        for (const [cx, cy] of corners) {
          await page.mouse.click(cx, cy);
          if (await why.waitFor({ timeout: 3000 }).then(() => true, () => false)) break;
        }
        assert.match(await why.innerText(), /p2v\./, "the refusal names its rule");
        assert.equal(await tableLen(page), len, "a refused click changes nothing");
        sawWhy = true;
      }
      const leap = page.locator("[data-testid=p2v-mode-leap]");
      if (!sawLeap && (await leap.count())) {
        // A Leap is chosen first, then its landing is a glowing square; a
        // second click on the button puts the Strides back.
        const n = Number((await leap.innerText()).match(/\((\d+) squares\)/)[1]);
        await leap.click();
        assert.equal(await page.locator(".p2v-board .hot").count(), n, "one glowing square per landing");
        assert.match(await page.locator("[data-testid=banner]").innerText(), /Leap: click a glowing square/);
        await leap.click();
        sawLeap = true;
      }
      if (!checkedAxe) {
        await axe(page, "the P2V table during a turn");
        checkedAxe = true;
      }
    }
    const len = await tableLen(page);
    seen.add(await tableMove(page));
    await waitChange(page, len);
  }
  const banner = await page.locator("[data-testid=banner]").innerText();
  assert.match(banner, /win|Draw/i);
  await page.waitForSelector("[data-testid=p2v-ending]");
  assert.ok(zones, "the deployment zones were drawn during set-up");
  assert.ok(sawCard && sawPath && sawWhy && sawLeap, `card ${sawCard}, path ${sawPath}, why-not ${sawWhy}, leap ${sawLeap}`);
  for (const what of ["place", "activate", "end"]) assert.ok(seen.has(what), `the table took a ${what} decision (${[...seen]})`);
  assert.ok(sawOdds || !seen.has("strike"), "a strike was offered with its odds");
  assert.match(await page.locator("[data-testid=log]").innerText(), /roll|Fight|d20|\d/);

  // A phone: the board scales to the width, nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(100);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `no sideways scrolling on a phone (${overflow}px)`);
  const svg = await page.locator("[data-testid=p2v-board]").boundingBox();
  assert.ok(svg.width <= 390, "the board fits a phone's width");
  assert.deepEqual(errors, []);
});

test("terrain tiles laid in turn on the table, with a preview of each tile before it goes down", async () => {
  const { page, errors } = await open(b);
  await page.click("[data-game=p2v]");
  await page.waitForSelector("select[name=warband1] option", { state: "attached" });
  await page.selectOption("select[name=map]", "tiles");
  await page.selectOption("select[name=seat1-kind]", "ai");
  await page.selectOption("select[name=seat1-bot]", "greedy");
  await page.click("[data-testid=create]");
  await page.waitForSelector("[data-testid=p2v-board]");
  // The terrain drawn on the board, not the preview of a tile under the pointer.
  const laid = async () =>
    (await page.locator(".p2v-board .terrain").count()) - (await page.locator(".p2v-board .tile-preview .terrain").count());
  assert.equal(await laid(), 0, "an open board before the tiles");
  for (let k = 0; k < 3; k++) {
    assert.notEqual(await yoursOrOver(page, 60000), "over");
    await settle(page);
    assert.match(await page.locator("[data-testid=banner]").innerText(), /Lay a terrain tile/);
    await page.selectOption("select[name=tile]", String(k + 1));
    if (k === 1) await page.click("[data-testid=p2v-tile-turn]");
    const hot = page.locator(".p2v-board .hot");
    assert.ok((await hot.count()) > 0, "glowing squares where the tile fits");
    await hot.first().hover({ force: true });
    assert.equal(await page.locator("[data-testid=p2v-tile-preview]").getAttribute("data-fits"), "yes", "the tile is previewed where it would lie");
    const len = await tableLen(page);
    await hot.first().click({ force: true });
    await waitChange(page, len);
  }
  // Six tiles laid (three by the AI): the objectives come next, on a board of terrain.
  await page.waitForFunction(() => /lays the .* tile/.test(document.querySelector("[data-testid=log]")?.textContent ?? ""), null, { timeout: 30000 });
  await yoursOrOver(page, 60000);
  await settle(page);
  assert.ok((await laid()) >= 6, "the tiles' terrain is drawn");
  assert.match(await page.locator("[data-testid=log]").innerText(), /lays the .* tile/);
  assert.deepEqual(errors, []);
});

/** The REST view of a seat. */
const view = async (id, token) => (await api("GET", `/api/matches/${id}?token=${token}`)).json;

const dist = (a, b) => Math.max(Math.abs((a & 63) - (b & 63)), Math.abs((a >> 6) - (b >> 6)));

/** A decision for a seat that closes in and fights: strike, else Stride
 * nearest an enemy, else the first legal action (end last). */
function choose(v, teams) {
  const legal = v.legal;
  const s = v.observation;
  const strike = legal.find((a) => a.act === "strike");
  if (strike) return strike;
  if (s.phase.phase === "turn") {
    const me = teams[s.phase.who];
    const enemies = s.creatures.map((c, i) => ({ c, i })).filter(({ c, i }) => teams[i] !== me && c.at !== null && c.life === "up");
    const near = (q) => Math.min(...enemies.map(({ c }) => dist(q, c.at)));
    const here = s.creatures[s.phase.who].at;
    const strides = legal.filter((a) => a.act === "stride" && near(a.to) < near(here));
    if (strides.length) return strides.reduce((x, y) => (near(y.to) < near(x.to) ? y : x));
    return legal.find((a) => a.act === "end") ?? legal[0];
  }
  return legal.find((a) => a.act !== "pass") ?? legal[0];
}

test("a reaction window is asked of the second player, in their own browser", async () => {
  const a = await open(b);
  await a.page.click("[data-game=p2v]");
  await a.page.waitForSelector("select[name=warband1] option", { state: "attached" });
  await a.page.selectOption("select[name=warband1]", "briar-skirmishers");
  await a.page.selectOption("select[name=warband2]", "old-wood-brawlers");
  await a.page.fill("input[name=seat0-name]", "Alice");
  await a.page.selectOption("select[name=seat1-kind]", "open");
  await a.page.click("[data-testid=create]");
  const invite = await a.page.locator("[data-testid=invite-1]").inputValue();
  const bob = await open(b, new URL(invite).pathname + new URL(invite).search);
  await bob.page.fill("[data-testid=join-name]", "Bob");
  await bob.page.click("[data-testid=join-submit]");
  await bob.page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await bob.page.waitForSelector("[data-testid=p2v-board]");
  const id = new URL(bob.page.url()).pathname.split("/")[2];
  const tokens = [new URL(a.page.url()).searchParams.get("token"), new URL(bob.page.url()).searchParams.get("token")];
  assert.ok(tokens[0] && tokens[1]);
  const record = (await api("GET", `/api/matches/${id}/record?token=${tokens[0]}`)).json;
  const table = (await api("POST", "/api/p2v/table", { variant: record.config.variant })).json;
  const teams = table.creatures.map((c) => c.team);

  // Both seats play by the REST API (closing in and fighting) until Bob owes
  // an answer to a window: a Reactive Strike, a Shield Block, the line of
  // his cover checks.
  let asked = null;
  for (let k = 0; k < 3000 && !asked; k++) {
    const vs = [await view(id, tokens[0]), await view(id, tokens[1])];
    if (vs[0].outcome) break;
    const seat = vs.findIndex((v) => v.your_turn);
    if (seat < 0) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const v = vs[seat];
    if (seat === 1 && v.legal.some((x) => ["react", "pass", "line"].includes(x.act))) {
      asked = v;
      break;
    }
    const r = await api("POST", `/api/matches/${id}/actions`, { token: tokens[seat], action: choose(v, teams) });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  assert.ok(asked, "Bob was asked to answer a window before the game ended");
  const len = asked.len;
  // Bob's table shows the prompt with its answers; Alice's does not.
  await bob.page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) === l, len);
  await bob.page.waitForSelector("[data-testid=p2v-window]");
  const prompt = await bob.page.locator("[data-testid=p2v-window]").innerText();
  assert.match(prompt, /React|Pass|Line|hero point/);
  await a.page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) === l, len);
  assert.equal(await a.page.locator("[data-testid=p2v-window]").count(), 0, "the window is Bob's, not Alice's");
  assert.equal(await a.page.locator(".table-page").getAttribute("data-your-turn"), "false");
  await axe(bob.page, "a reaction prompt");
  // Bob answers on his table; both tables move on.
  await bob.page.locator("[data-testid=p2v-window] button").first().click();
  await waitChange(bob.page, len);
  await a.page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  const last = (await api("GET", `/api/matches/${id}/record?token=${tokens[0]}`)).json.decisions.at(-1);
  assert.ok(last, "the answer is in the record");
  assert.deepEqual([...a.errors, ...bob.errors], []);
  await a.context.close();
  await bob.context.close();
});

test("Trail of Bodies: the players lay the bodies in turn on the table, its owner first", async () => {
  // P1's first creature takes Trail of Bodies (ruling P2V-R166).
  const shipped = (await api("GET", "/api/p2v/warbands")).json;
  const file = (id) => structuredClone(shipped.find((w) => w.id === id).file);
  const trail = file("old-wood-brawlers");
  trail.points = 200;
  trail.entry[0].upgrades = [...(trail.entry[0].upgrades ?? []), "Trail of Bodies"];
  const created = await api("POST", "/api/matches", {
    game: "p2v",
    variant: { warbands: [trail, file("briar-skirmishers")], map: "ruined-crossroads" },
    seats: [
      { controller: "human", name: "Ada" },
      { controller: "human", name: "Bo" },
    ],
    seed: 3,
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.id;
  const tokens = created.json.seats.map((s) => s.token);
  // The objectives by the API, up to the first body.
  let v;
  for (let k = 0; k < 60; k++) {
    const vs = [await view(id, tokens[0]), await view(id, tokens[1])];
    v = vs[0];
    if (v.observation.phase.phase === "place_body") break;
    const seat = vs.findIndex((x) => x.your_turn);
    if (seat < 0) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const r = await api("POST", `/api/matches/${id}/actions`, { token: tokens[seat], action: vs[seat].legal[0] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  assert.equal(v.observation.phase.phase, "place_body", "after the objectives, the trail's bodies");
  const left = v.observation.phase.left;
  assert.ok(left >= 1 && left <= 6, "a d6 of bodies");
  assert.equal(v.your_turn, true, "its owner lays the first");

  const ada = await open(b, `/m/${id}?token=${tokens[0]}`);
  await ada.page.waitForSelector("[data-testid=p2v-board]");
  await settle(ada.page);
  assert.match(await ada.page.locator(".table-page").innerText(), /Trail of Bodies of .*: click a glowing square to lay a body/);
  const len = await tableLen(ada.page);
  await ada.page.locator(".p2v-board .hot").first().click({ force: true });
  await waitChange(ada.page, len);
  await ada.page.waitForSelector(".p2v-board .body");
  assert.match(await ada.page.locator(".p2v-board .body title").first().textContent(), /Body 1: of .*'s Trail of Bodies \(Medium\)/);
  const after = await view(id, tokens[1]);
  assert.equal(after.observation.bodies.length, 1);
  assert.equal(after.observation.bodies[0].trail, true);
  if (left > 1) assert.equal(after.your_turn, true, "then Bo lays the next");
  assert.deepEqual(ada.errors, []);
  await ada.context.close();
});

test("False Object: its owner places one more obstacle and picks, in secret, the one the creature is", async () => {
  // P1's first creature takes False Object (ruling P2V-R167).
  const shipped = (await api("GET", "/api/p2v/warbands")).json;
  const file = (id) => structuredClone(shipped.find((w) => w.id === id).file);
  const hidden = file("old-wood-brawlers");
  hidden.points = 200;
  hidden.entry[0].upgrades = [...(hidden.entry[0].upgrades ?? []), "False Object"];
  const created = await api("POST", "/api/matches", {
    game: "p2v",
    variant: { warbands: [hidden, file("briar-skirmishers")], map: "ruined-crossroads" },
    seats: [
      { controller: "human", name: "Ada" },
      { controller: "human", name: "Bo" },
    ],
    seed: 5,
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.id;
  const tokens = created.json.seats.map((s) => s.token);
  const first = await view(id, tokens[0]);
  assert.equal(first.observation.phase.phase, "place_object", "the obstacle goes down with the terrain, before the objectives");
  assert.equal(first.your_turn, true);

  const ada = await open(b, `/m/${id}?token=${tokens[0]}`);
  await ada.page.waitForSelector("[data-testid=p2v-board]");
  await settle(ada.page);
  assert.match(await ada.page.locator(".table-page").innerText(), /False Object: place one more obstacle/);
  let len = await tableLen(ada.page);
  await ada.page.locator(".p2v-board .hot").first().click({ force: true });
  await waitChange(ada.page, len);
  await ada.page.waitForSelector(".p2v-board [data-terrain=obstacle]");
  await settle(ada.page);
  assert.match(await ada.page.locator(".table-page").innerText(), /False Object: pick, in secret, the obstacle/);
  len = await tableLen(ada.page);
  await ada.page.locator(".p2v-board .hot").last().click({ force: true });
  await waitChange(ada.page, len);
  await ada.page.waitForFunction(() => /in disguise as the obstacle on/.test(document.body.innerText), null, { timeout: 30000 });

  // Bo sees a creature in disguise, not which obstacle.
  const own = await view(id, tokens[0]);
  const theirs = await view(id, tokens[1]);
  assert.match(own.observation.phase.phase, /^(objective_count|place_objective)$/, "then the objectives");
  assert.equal(typeof own.observation.creatures[0].hidden, "number", "Ada knows where it hides");
  assert.equal(theirs.observation.creatures[0].hidden, undefined, "Bo does not");
  assert.equal(theirs.observation.veils.length, 1, "Bo sees the obstacle placed");
  assert.deepEqual(ada.errors, []);
  await ada.context.close();
});
