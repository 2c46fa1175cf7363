// Secrets in the browser: two contexts play Goofspiel over the server. Each
// sees its own bid face up and the other's only as a face-down card until
// both have bid; then both see the reveal. Kuhn poker: a spectator's table
// never shows a card before a showdown.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { api, browser, open, tableLen } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const lenAtLeast = (page, n) =>
  page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) >= l, n);

test("two browser contexts play Goofspiel and each sees only its own bid until both have bid", async () => {
  const a = await open(b);
  await a.page.click("[data-game=goofspiel]");
  // The form shows Goofspiel's standard 13 cards before anything is typed.
  await a.page.waitForFunction(() => document.querySelector("input[name=cards]")?.value === "13");
  await a.page.fill("input[name=cards]", "3");
  await a.page.selectOption("select[name=order]", "descending");
  await a.page.fill("input[name=seat0-name]", "Alice");
  await a.page.selectOption("select[name=seat1-kind]", "open");
  await a.page.click("[data-testid=create]");
  const invite = await a.page.locator("[data-testid=invite-1]").inputValue();
  const bob = await open(b, new URL(invite).pathname + new URL(invite).search);
  await bob.page.fill("[data-testid=join-name]", "Bob");
  await bob.page.click("[data-testid=join-submit]");
  await bob.page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
  await bob.page.waitForSelector("[data-testid=goofspiel-board]");
  await a.page.waitForSelector(".seat-chip.seat-1:not(:has(.seat-tag:text('open')))");
  for (const p of [a.page, bob.page]) {
    await p.waitForSelector("[data-testid=banner][data-state=yours]");
    assert.match(await p.locator("[data-testid=banner]").innerText(), /Your secret choice/);
    assert.equal(await p.locator("[data-testid=prize] .pcard").innerText(), "3");
  }

  // Bob bids 2: he sees his card; Alice sees only that he has bid.
  await bob.page.click("[data-testid=hand-2]");
  await lenAtLeast(bob.page, 1);
  await lenAtLeast(a.page, 1);
  assert.equal(await bob.page.locator("[data-testid=bid-1]").getAttribute("data-card"), "2");
  assert.equal(await a.page.locator("[data-testid=bid-1]").getAttribute("data-card"), "", "a face-down card");
  assert.match(await a.page.locator("[data-testid=bid-1]").getAttribute("class"), /back/);
  assert.doesNotMatch(await a.page.locator("[data-testid=log]").innerText(), /bids 2/);
  assert.match(await a.page.locator("[data-testid=log]").innerText(), /bids a card, face down/);
  // Alice's own side is still to bid; Bob waits for her.
  assert.match(await bob.page.locator("[data-testid=banner]").innerText(), /Waiting for Alice/);

  // Alice bids 3: both bids are revealed on both tables.
  await a.page.click("[data-testid=hand-3]");
  for (const p of [a.page, bob.page]) {
    await lenAtLeast(p, 2);
    await p.waitForSelector("[data-testid=rounds]");
    const row = await p.locator("[data-testid=rounds] tbody tr").first().innerText();
    assert.match(row, /3\s+3\s+2\s+Alice/);
    assert.match(await p.locator("[data-testid=log]").innerText(), /bids revealed: Alice 3, .* 2; Alice wins the 3/);
  }
  assert.equal(await tableLen(a.page), await tableLen(bob.page));
  assert.deepEqual([...a.errors, ...bob.errors], []);
  await a.context.close();
  await bob.context.close();
});

test("a spectator of Kuhn poker sees no card before a showdown", async () => {
  const { json: m } = await api("POST", "/api/matches", {
    game: "kuhn",
    seats: [{ controller: "human" }, { controller: "human" }],
    seed: 3,
  });
  const watch = await open(b, `/m/${m.id}?watch`);
  await watch.page.waitForSelector("[data-testid=kuhn-board]");
  for (const s of [0, 1]) assert.equal(await watch.page.locator(`[data-testid=card-${s}]`).getAttribute("data-card"), "");
  const p1 = await open(b, `/m/${m.id}?token=${m.seats[0].token}`);
  await p1.page.waitForSelector("[data-testid=kuhn-board]");
  assert.notEqual(await p1.page.locator("[data-testid=card-0]").getAttribute("data-card"), "", "P1 sees its card");
  assert.equal(await p1.page.locator("[data-testid=card-1]").getAttribute("data-card"), "");
  const before = Number(await p1.page.locator(".table-page").getAttribute("data-len"));
  await p1.page.click("button[data-action=pass]");
  // The browser's pass must land before the second seat's, or that one is
  // refused as out of turn and the game never ends.
  await p1.page.waitForSelector(`.table-page:not([data-len="${before}"])`);
  const second = await api("POST", `/api/matches/${m.id}/actions`, { token: m.seats[1].token, action: "pass" });
  assert.equal(second.status, 200, JSON.stringify(second.json));
  await watch.page.waitForSelector(".table-page[data-over=true]");
  for (const s of [0, 1]) assert.notEqual(await watch.page.locator(`[data-testid=card-${s}]`).getAttribute("data-card"), "", "shown at the showdown");
  assert.deepEqual([...watch.errors, ...p1.errors], []);
  await watch.context.close();
  await p1.context.close();
});
