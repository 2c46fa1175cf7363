// A friend who joins by link is asked for a name (issue 15, "Seats"): the
// invitation opens a form (the last name used on that browser filled in),
// the seat is taken under that name, the host's table shows it at once, and
// "waiting for …", the page title and the end banner say it.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { api, browser, open } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function create(game) {
  const { status, json } = await api("POST", "/api/matches", {
    game,
    seats: [{ controller: "human", name: "Ada" }, { controller: "human", open: true }],
  });
  assert.ok(status === 200 || status === 201, JSON.stringify(json));
  return { id: json.id, host: json.seats[0].token };
}

/** Plays the seat's decision named by `word` (in the game's notation). */
async function play(id, token, word) {
  const { json: v } = await api("GET", `/api/matches/${id}?token=${token}`);
  const i = v.legal_text.findIndex((t) => t === word);
  assert.ok(i >= 0, `${word} is legal: ${v.legal_text.join(", ")}`);
  const { status, json } = await api("POST", `/api/matches/${id}/actions`, { token, action: v.legal[i] });
  assert.equal(status, 200, JSON.stringify(json));
}

test("a friend who joins by link gives a name, and the table says it", async () => {
  const m = await create("kuhn");
  const host = await open(b, `/m/${m.id}?token=${m.host}`);
  await host.page.waitForSelector(".seat-chip.seat-1 .seat-tag:text('open')");

  // The friend opens the invitation in a browser of their own: a form asks their name.
  const friend = await open(b, `/join/${m.id}?seat=1`);
  await friend.page.waitForSelector("[data-testid=join-form]");
  assert.equal(await friend.page.inputValue("[data-testid=join-name]"), "", "nothing to fill in on a new browser");
  assert.match(await friend.page.locator("[data-testid=join-form]").innerText(), /Ada invited you to take seat 2/);
  assert.equal(await friend.page.title(), "Join Kuhn poker · Arbiter");
  const label = await friend.page.locator("[data-testid=join-name]").evaluate((el) => el.labels?.[0]?.textContent?.trim() ?? "");
  assert.equal(label, "Your name");
  await friend.page.addScriptTag({ path: AXE });
  const serious = await friend.page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  });
  assert.deepEqual(serious, [], "axe-core finds no serious violation on the join page");
  // A name the server refuses is said on the form, which stays.
  await friend.page.fill("[data-testid=join-name]", "Bo\u0007b");
  await friend.page.click("[data-testid=join-submit]");
  await friend.page.waitForSelector("[data-testid=whynot]");
  assert.match(await friend.page.locator("[data-testid=whynot]").innerText(), /control characters/);
  await friend.page.fill("[data-testid=join-name]", "  Bob  ");
  await friend.page.click("[data-testid=join-submit]");
  await friend.page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await friend.page.waitForSelector(".seat-chip.seat-1 .seat-tag:text('you')");
  assert.equal(await friend.page.locator(".seat-chip.seat-1 .seat-name").innerText(), "Bob");
  const guest = new URL(friend.page.url()).searchParams.get("token");

  // The host's table shows the name at once (pushed over its socket).
  await host.page.waitForFunction(() => document.querySelector(".seat-chip.seat-1 .seat-name")?.textContent === "Bob");
  // Kuhn: Ada passes, so it is Bob's turn: "waiting for Bob", in the banner and the title.
  await play(m.id, m.host, "pass");
  await host.page.waitForFunction(() => document.title.startsWith("Waiting for Bob"), null, { timeout: 10000 });
  assert.equal(await host.page.title(), "Waiting for Bob · Kuhn poker · Arbiter");
  assert.match(await host.page.locator("[data-testid=banner]").innerText(), /Waiting for Bob/);
  // Bob bets, Ada folds: the end banner names Bob, and no "P1" or "P2" is left.
  await play(m.id, guest, "bet");
  await play(m.id, m.host, "pass");
  await host.page.waitForSelector("[data-testid=banner][data-state=over]");
  const banner = await host.page.locator("[data-testid=banner]").innerText();
  assert.match(banner, /Bob wins/);
  assert.match(banner, /Ada folds: Bob wins 1 chip/);
  assert.doesNotMatch(banner, /\bP[12]\b/);
  assert.equal(await host.page.title(), "Bob wins · Kuhn poker · Arbiter");

  // The next invitation on Bob's browser fills in the name he used.
  const next = await create("essence");
  await friend.page.goto(`${process.env.ARBITER_URL ?? "http://127.0.0.1:8080"}/join/${next.id}`);
  await friend.page.waitForSelector("[data-testid=join-form]");
  assert.equal(await friend.page.inputValue("[data-testid=join-name]"), "Bob");
  await friend.page.click("[data-testid=join-submit]");
  await friend.page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  const { json: v } = await api("GET", `/api/matches/${next.id}`);
  assert.equal(v.seats[1].name, "Bob");

  assert.deepEqual([...host.errors, ...friend.errors], []);
  await host.context.close();
  await friend.context.close();
});
