// A player's first hour (issue 15, "In the browser"): every page at phone
// width (390 × 844) fits without sideways scrolling and shows whose turn it is
// before any reference material; the top bar is opaque; page titles say the
// page and, at a table, whose turn it is; axe-core finds no serious or
// critical violation on any page; the lobby's fields have accessible names;
// the replay's "What happened" shows only the decisions up to the step shown.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { api, browser, open, sleep } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const PHONE = { width: 390, height: 844 };

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function create(body) {
  const { status, json } = await api("POST", "/api/matches", body);
  assert.ok(status === 200 || status === 201, JSON.stringify(json));
  return { id: json.id, tokens: json.seats.map((s) => s.token) };
}

/** One table of every game, each opened as seat 0 (a person), the other seats a bot or a second person. */
async function tables() {
  const human = (name) => ({ controller: "human", name });
  return [
    ["essence", await create({ game: "essence", seats: [human("Ada"), human("Bo")], seed: 4 })],
    ["ethia", await create({ game: "ethia", variant: { walls: "fixed" }, seats: [human("Ada"), human("Bo")], seed: 9 })],
    ["ethia-worlds", await create({ game: "ethia-worlds", seats: [human("Ada")], seed: 6 })],
    ["ephemeral", await create({ game: "ephemeral", seats: [human("Ada"), human("Bo")], seed: 21 })],
    ["goofspiel", await create({ game: "goofspiel", seats: [human("Ada"), human("Bo")], seed: 1 })],
    ["kuhn", await create({ game: "kuhn", seats: [human("Ada"), human("Bo")], seed: 1 })],
  ];
}

async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page, what) {
  const w = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, inner: window.innerWidth }));
  assert.ok(w.doc <= w.inner && w.body <= w.inner, `${what}: the page is ${Math.max(w.doc, w.body)} px wide in a ${w.inner} px window`);
}

test("every page fits a phone (390 × 844) and every table shows its banner first", async () => {
  const ctx = await b.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  for (const path of ["/", "/build/ephemeral", "/build/p2v"]) {
    await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}${path}`);
    await settle(page);
    await noSidewaysScroll(page, path);
  }
  for (const [game, m] of await tables()) {
    await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/m/${m.id}?token=${m.tokens[0]}`);
    await page.waitForSelector("[data-testid=banner]");
    await settle(page);
    await noSidewaysScroll(page, game);
    const box = await page.locator("[data-testid=banner]").boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, `${game}: the turn banner is at ${box?.y} px, below the first screen`);
  }
  const m = await create({ game: "essence", seats: [{ controller: "random", name: "R1" }, { controller: "random", name: "R2" }], seed: 2 });
  await waitOver(m.id);
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/replay/${m.id}`);
  await page.waitForSelector("[data-testid=replay-controls]");
  await settle(page);
  await noSidewaysScroll(page, "replay");
  const box = await page.locator("[data-testid=replay-controls]").boundingBox();
  assert.ok(box.y + box.height <= PHONE.height, `replay: the controls are at ${box.y} px`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

async function waitOver(id) {
  for (let k = 0; k < 200; k++) {
    const { json } = await api("GET", `/api/matches/${id}`);
    if (json.outcome) return json;
    await sleep(100);
  }
  throw new Error("the bots did not finish");
}

test("the sticky top bar is opaque", async () => {
  const { page, context } = await open(b, "/");
  await page.waitForSelector(".topbar");
  const bg = await page.locator(".topbar").evaluate((el) => {
    const s = getComputedStyle(el);
    return { color: s.backgroundColor, image: s.backgroundImage };
  });
  // Every colour in the background (a colour or a gradient's stops) has no transparency.
  const colours = `${bg.color} ${bg.image}`.match(/rgba?\([^)]*\)/g) ?? [];
  const seeThrough = colours.filter((c) => /rgba\([^)]*,\s*(0(\.\d+)?)\)$/.test(c) && !/,\s*0\)$/.test(c));
  assert.ok(bg.color !== "rgba(0, 0, 0, 0)" || bg.image !== "none", "the top bar has a background");
  assert.deepEqual(seeThrough, [], `the top bar's background is see-through: ${bg.color} ${bg.image}`);
  await context.close();
});

test("page titles say the page, and at a table whose turn it is", async () => {
  const { page, context } = await open(b, "/");
  await page.waitForSelector("[data-game]");
  assert.equal(await page.title(), "Lobby · Arbiter");
  const m = await create({ game: "essence", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 4 });
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForFunction(() => document.title.startsWith("Your turn"), null, { timeout: 10000 }).catch(() => undefined);
  assert.equal(await page.title(), "Your turn · Essence of the Arcane · Arbiter");
  // The other player's table (a browser of their own: this one holds seat 0 too).
  const other = await open(b, `/m/${m.id}?token=${m.tokens[1]}`);
  await other.page.waitForFunction(() => document.title.startsWith("Waiting"), null, { timeout: 10000 }).catch(() => undefined);
  assert.equal(await other.page.title(), "Waiting for Ada · Essence of the Arcane · Arbiter");
  await other.context.close();
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/build/p2v`);
  await page.waitForTimeout(300);
  assert.match(await page.title(), /^[A-Z].* · Arbiter$/);
  await context.close();
});

test("the lobby's fields have accessible names", async () => {
  const { page, context } = await open(b, "/");
  await page.click("[data-game=essence]");
  for (const sel of ["select[name=seat0-kind]", "select[name=seat1-kind]", "input[name=seat0-name]", "[data-testid=join-link]"]) {
    const label = await page.locator(sel).evaluate((el) => {
      if (el.getAttribute("aria-label")) return el.getAttribute("aria-label");
      if (el.labels && el.labels.length) return el.labels[0].textContent.trim();
      return "";
    });
    assert.ok(label, `${sel} has an accessible name`);
  }
  await context.close();
});

async function axe(page, what) {
  await page.addScriptTag({ path: AXE });
  const res = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  found.push(...res.map((r) => `${what}: ${r}`));
}
const found = [];

test("axe-core finds no serious violation on any page", async () => {
  const { page, context, errors } = await open(b, "/");
  await page.waitForSelector("[data-game]");
  await axe(page, "lobby");
  for (const path of ["/build/ephemeral", "/build/p2v"]) {
    await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}${path}`);
    await settle(page);
    await axe(page, path);
  }
  for (const [game, m] of await tables()) {
    await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/m/${m.id}?token=${m.tokens[0]}`);
    await page.waitForSelector("[data-testid=banner]");
    await settle(page);
    await axe(page, game);
  }
  const m = await create({ game: "essence", seats: [{ controller: "random", name: "R1" }, { controller: "random", name: "R2" }], seed: 3 });
  await waitOver(m.id);
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/replay/${m.id}`);
  await page.waitForSelector("[data-testid=replay-controls]");
  await settle(page);
  await axe(page, "replay");
  assert.deepEqual(found, [], "axe-core finds serious violations");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the replay's log holds only the decisions up to the step shown", async () => {
  const m = await create({ game: "essence", seats: [{ controller: "random", name: "R1" }, { controller: "random", name: "R2" }], seed: 5 });
  const v = await waitOver(m.id);
  const { page, context } = await open(b, `/replay/${m.id}`);
  await page.waitForSelector("[data-testid=replay-controls]");
  const total = v.len;
  await page.waitForFunction((t) => document.querySelector("[data-testid=replay-n]")?.textContent === String(t), total);
  await page.click("[data-testid=replay-back]");
  await page.waitForFunction((t) => document.querySelector("[data-testid=replay-n]")?.textContent === String(t - 1), total);
  await page.click("[data-testid=replay-back]");
  await page.waitForFunction((t) => document.querySelector("[data-testid=replay-n]")?.textContent === String(t - 2), total);
  await page.waitForTimeout(300);
  const numbers = await page.locator("[data-testid=log] .log-n").allTextContents();
  assert.ok(numbers.length > 0, "the log lists the decisions seen");
  assert.ok(numbers.every((n) => Number(n) <= total - 2), `the log at step ${total - 2} lists ${numbers.join(", ")}`);
  await context.close();
});

test("Essence: with a mote selected, a click on another of yours selects it, and its heal stays a button", async () => {
  const m = await create({ game: "essence", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 11 });
  let r = 17;
  const rand = (n) => ((r = (r * 1103515245 + 12345) % 2147483648), r % n);
  let heal = null;
  for (let k = 0; k < 400 && !heal; k++) {
    const v0 = (await api("GET", `/api/matches/${m.id}`)).json;
    assert.ok(!v0.outcome, "the game ended before a heal came up");
    const s = v0.turn.seat;
    const v = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[s]}`)).json;
    if (s === 0) {
      const from = (a) => /^[MS]?([a-e][1-5])-/.exec(a)?.[1];
      heal = v.legal.find((a) => {
        const h = /^H([a-e][1-5])-([a-e][1-5]):\d$/.exec(a);
        return h && v.legal.some((b) => from(b) === h[2]) && v.legal.some((b) => from(b) === h[1]);
      });
      if (heal) break;
    }
    const plain = v.legal.filter((a) => !a.startsWith("H"));
    const pool = plain.length ? plain : v.legal;
    const res = await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: pool[rand(pool.length)] });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  }
  assert.ok(heal, "a position with a heal onto a mote that can act");
  const [, a, bsq] = /^H([a-e][1-5])-([a-e][1-5])/.exec(heal);
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector(`.mote.can[data-at=${a}]`);
  const len = await page.locator(".table-page").getAttribute("data-len");
  await page.locator(`.mote[data-at=${a}]`).click({ force: true });
  await page.waitForSelector(`.mote.selected[data-at=${a}]`);
  assert.equal(await page.locator(`.essence-panel button[data-action="${heal}"]`).count(), 1, "the heal is a button beside the board");
  await page.locator(`.mote[data-at=${bsq}]`).click({ force: true });
  await page.waitForSelector(`.mote.selected[data-at=${bsq}]`);
  assert.equal(await page.locator(".table-page").getAttribute("data-len"), len, "no decision was sent");
  // Back to the first mote: its heal is still reachable, and taking it heals.
  await page.locator(`.mote[data-at=${a}]`).click({ force: true });
  await page.click(`.essence-panel button[data-action="${heal}"]`);
  await page.waitForFunction((l) => document.querySelector(".table-page")?.getAttribute("data-len") !== l, len);
  assert.deepEqual(errors, []);
  await context.close();
});

const phaseOf = (v) => (typeof v.observation.phase === "string" ? v.observation.phase : Object.keys(v.observation.phase)[0]);

async function advance(m, until, choose = (legal) => legal[0], max = 300) {
  for (let k = 0; k < max; k++) {
    const v0 = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[0]}`)).json;
    if (until(v0)) return v0;
    assert.equal(v0.turn.kind, "seat", "a seat is to decide");
    const s = v0.turn.seat;
    const v = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[s]}`)).json;
    if (until(v)) return v;
    const res = await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: choose(v.legal, v) });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  }
  throw new Error("never reached");
}

test("Ephemeral says the first activation is one action, and disables an attack it knows the rules refuse", async () => {
  const m = await create({ game: "ephemeral", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 11 });
  const v = await advance(m, (v) => phaseOf(v) === "Activate" && v.your_turn);
  const s = v.turn.seat;
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector("[data-testid=ephemeral-table]");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /first activation is one action/);
  // Activation by keyboard: Tab to a glowing figure, Enter.
  let len = Number(await page.locator(".table-page").getAttribute("data-len"));
  await page.locator(".fig.can[tabindex='0']").first().focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  await page.waitForFunction(() => document.querySelector(".table-page")?.getAttribute("data-your-turn") === "true");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /first activation is one action/);
  // An enemy the active figure cannot attack: the tray says why and the roll is disabled.
  const after = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[s]}`)).json;
  const attackable = new Set(after.legal.filter((a) => a.Attack).map((a) => a.Attack.target));
  const figs = after.observation.figures;
  const enemy = figs.findIndex((f, i) => f.owner !== s && f.at && !f.defeated && !attackable.has(i));
  assert.ok(enemy >= 0, "an enemy out of reach");
  const mine = figs.filter((f) => f.owner === 0).length;
  const letter = figs[enemy].owner === 0 ? String.fromCharCode(97 + enemy) : String.fromCharCode(65 + enemy - mine);
  await page.locator(`[data-figure=${letter}]`).focus();
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=dice-tray]");
  await page.locator("[data-add=d6]").click();
  assert.match(await page.locator("[data-testid=attack-refused]").innerText(), /Cannot attack: (out of range|no clear line of sight)/);
  assert.equal(await page.locator("[data-testid=attack]").isDisabled(), true, "the roll is disabled");
  assert.deepEqual(errors, []);
  await context.close();
});

test("E'thia Worlds: the banner says who decides what, and the map has a legend", async () => {
  const m = await create({ game: "ethia-worlds", seats: [{ controller: "human", name: "Ada" }], seed: 6 });
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=worlds-board]");
  let r = 5;
  for (let k = 0; k < 25; k++) {
    const sub = await page.locator("[data-testid=banner] .banner-sub").innerText();
    assert.notEqual(sub.trim(), "Choose below.");
    assert.match(sub, / — (click a marked square|choose below)/, `the banner says what the decision is: ${sub}`);
    const len = Number(await page.locator(".table-page").getAttribute("data-len"));
    const v = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[0]}`)).json;
    if (v.outcome || !v.your_turn) break;
    // This seed and these picks come to an attack (a decision with no event of its own) at the 25th.
    const pick = v.legal.find((a) => a.startsWith("attack:")) ?? v.legal[(r = (r * 7 + 3) % 101) % v.legal.length];
    await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[0], action: pick });
    await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  }
  // The log says every decision in words, never in notation ("step:n", "attack:f4").
  const log = await page.locator("[data-testid=log]").innerText();
  assert.match(log, /Ada: Attack on [a-h]\d+/);
  assert.match(log, /The dice roll \d/);
  assert.doesNotMatch(log, /dice: dice/);
  assert.doesNotMatch(log, /\b[a-z-]+:[a-z0-9]+\b/);
  const legend = await page.locator("[data-testid=worlds-legend]").innerText();
  for (const w of ["closed chest", "lock", "blocking trap", "striking trap", "leader"]) assert.ok(legend.includes(w), `the legend says ${w}`);
  assert.doesNotMatch(await page.locator(".leader-cards").innerText(), /\b1 tokens\b|\b0 tokens\b|\d tokens\b/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("words for people: Essence's quiet count, a refused action's words, the open seat's note", async () => {
  const m = await create({ game: "essence", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 4 });
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=quiet]");
  assert.match(await page.locator("[data-testid=quiet]").innerText(), /^\d+ turns? since a mote left the board \(a draw after 50\)$/);
  // The other seat's banner names the player, without "P1" or "Ada (Ada)".
  const other = await open(b, `/m/${m.id}?token=${m.tokens[1]}`);
  await other.page.waitForSelector("[data-testid=banner][data-state=waiting]");
  const sub = await other.page.locator("[data-testid=banner] .banner-sub").innerText();
  assert.doesNotMatch(await other.page.locator(".topbar .seats").innerText(), /\bP[12]\b/, "the seat chips name the players");
  await other.context.close();
  assert.match(sub, /Ada/);
  assert.doesNotMatch(sub, /\bP[12]\b|Ada \(Ada\)/, sub);
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/`);
  await page.click("[data-game=essence]");
  await page.selectOption("select[name=seat1-kind]", "open");
  assert.match(await page.locator("[data-testid=open-note-1]").innerText(), /You may play your decisions before they join/);
  // And so it is: the host of a game with an open seat moves first.
  await page.fill("input[name=seat0-name]", "Host");
  await page.click("[data-testid=create]");
  await page.waitForSelector("[data-testid=essence-board]");
  await page.waitForFunction(() => document.querySelector(".table-page")?.getAttribute("data-your-turn") === "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("boards are playable by keyboard: Tab to a piece, Enter, Tab to a square, Enter", async () => {
  // Essence: a mote, then a highlighted square.
  const m = await create({ game: "essence", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 4 });
  await advance(m, (v) => v.your_turn && v.turn.seat === 0 && v.legal.some((a) => /^[a-e][1-5]-/.test(a)), (legal) => legal.find((a) => /^[@G]/.test(a)) ?? legal[0]);
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector(".mote.can[tabindex='0']");
  const len = Number(await page.locator(".table-page").getAttribute("data-len"));
  await page.locator(".mote.can[tabindex='0']").first().focus();
  await page.keyboard.press("Enter");
  await page.waitForSelector(".sq.target[tabindex='0']");
  const label = await page.locator(".sq.target[tabindex='0']").first().getAttribute("aria-label");
  assert.ok(label && label.length > 3, "a target square is named");
  await page.locator(".sq.target[tabindex='0']").first().focus();
  await page.keyboard.press("Enter");
  const choice = page.locator(".choice .btn");
  if (await choice.count()) await choice.first().press("Enter");
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ephemeral: an ability the set does not name is shown by its kind, not its id twice", async () => {
  const fig = (name, cls, abilities) => ({ name, class: cls, base_mm: 25, hp: 9, movement: 6, force: 4, range: 2, abilities });
  const sets = [
    { name: "Shields", figure: [fig("Dee", "tactician", ["T7"]), fig("Eve", "tactician", ["T7"])] },
    { name: "Shields too", figure: [fig("Fay", "tactician", ["T7"]), fig("Gil", "tactician", ["T7"])] },
  ];
  const m = await create({ game: "ephemeral", variant: { edition: "v0.26", sets }, seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 5 });
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=sheets] .abilities li");
  const names = await page.locator("[data-testid=sheets] .abilities li b").allTextContents();
  assert.ok(names.length > 0);
  for (const n of names) assert.doesNotMatch(n.trim(), /^[A-Za-z]\d+$/, `an ability shown as "${n}"`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a finished game offers a rematch: the same game, variant and players, at a new table", async () => {
  const m = await create({ game: "essence", variant: { fast: true }, seats: [{ controller: "human", name: "Ada" }, { controller: "random", name: "AI · random" }], seed: 8 });
  for (let k = 0; k < 600; k++) {
    const v = (await api("GET", `/api/matches/${m.id}?token=${m.tokens[0]}`)).json;
    if (v.outcome) break;
    if (!v.your_turn) {
      await sleep(30);
      continue;
    }
    await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[0], action: v.legal[k % v.legal.length] });
  }
  const { page, context, errors } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=rematch]:not([disabled])");
  await page.click("[data-testid=rematch]");
  await page.waitForFunction((id) => location.pathname.startsWith("/m/") && !location.pathname.includes(id), m.id);
  await page.waitForSelector("[data-testid=essence-board]");
  const id = new URL(page.url()).pathname.split("/")[2];
  const v = (await api("GET", `/api/matches/${id}`)).json;
  assert.equal(v.game, "essence");
  assert.deepEqual(v.seats.map((s) => [s.name, s.controller]), [["Ada", "human"], ["AI · random", "random"]]);
  assert.equal(v.outcome, null);
  const rec = (await api("GET", `/api/matches/${id}/record`)).json;
  assert.equal(rec.config.variant.fast, true, "the same variant");
  assert.deepEqual(errors, []);
  await context.close();
});

test("an unnamed figure set's spec sheets are headed with its player's name, never a bare P1 or P2", async () => {
  // The second seat left unnamed: the server calls it "P2".
  const m = await create({ game: "ephemeral", seats: [{ controller: "human", name: "Ada" }, { controller: "human" }], seed: 5 });
  const { page, context, errors } = await open(b, "/");
  // A record whose figure sets carry no name (a match's sets always have one today; an
  // older record or a hand-made one may not): the table reads the sets from the record.
  await page.route("**/api/matches/*/record*", async (route) => {
    const res = await route.fetch();
    const rec = await res.json();
    for (const set of rec.config?.variant?.sets ?? []) delete set.name;
    await route.fulfill({ response: res, json: rec });
  });
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=sheet-heading-1]");
  // The sets are read (their figures' sheets are drawn) before the headings are checked.
  await page.waitForSelector(".sheet-set.seat-1 [data-sheet]");
  assert.equal((await page.locator("[data-testid=sheet-heading-0]").innerText()).trim(), "Ada's set");
  assert.equal((await page.locator("[data-testid=sheet-heading-1]").innerText()).trim(), "Player 2's set");
  // A named set keeps its name, with the player beside it.
  await page.unroute("**/api/matches/*/record*");
  const named = await create({ game: "ephemeral", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 5 });
  await page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/m/${named.id}?token=${named.tokens[0]}`);
  await page.waitForFunction(() => /Ember Court/.test(document.querySelector("[data-testid=sheet-heading-0]")?.textContent ?? ""));
  assert.match(await page.locator("[data-testid=sheet-heading-0]").innerText(), /^Ember Court\s+Ada$/);
  assert.deepEqual(errors, []);
  await context.close();
});
