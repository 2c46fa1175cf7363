// Two browsers play each other over the server: one creates a game with an
// invitation, the other joins by the link, and each sees the other's moves
// arrive over the WebSocket.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { browser, open, tableLen, yoursOrOver } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function playOne(page) {
  const details = page.locator("details.actions-all");
  if (!(await details.evaluate((d) => d.open))) await details.locator("summary").click();
  const len = await tableLen(page);
  await details.locator("button[data-action]:not([disabled])").first().click();
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
}

test("two browser contexts play E'thia and Essence against each other", async () => {
  for (const game of ["essence", "ethia"]) {
    const a = await open(b);
    await a.page.click(`[data-game=${game}]`);
    await a.page.fill("input[name=seat0-name]", "Alice");
    await a.page.selectOption("select[name=seat1-kind]", "open");
    await a.page.click("[data-testid=create]");
    const invite = await a.page.locator("[data-testid=invite-1]").inputValue();
    assert.match(invite, /\/join\/[0-9a-f]{16}\?seat=1$/);

    // Bob opens the invitation in his own browser context (his own storage).
    const bob = await open(b, new URL(invite).pathname + new URL(invite).search);
    await bob.page.fill("[data-testid=join-name]", "Bob");
    await bob.page.click("[data-testid=join-submit]");
    await bob.page.waitForURL(/\/m\/[0-9a-f]{16}\?token=/);
    await bob.page.waitForSelector(".seat-chip.seat-1 .seat-tag:text('you')");
    // Alice sees that the seat was taken, by Bob.
    await a.page.waitForSelector(".seat-chip.seat-1:not(:has(.seat-tag:text('open')))");
    await a.page.waitForFunction(() => document.querySelector(".seat-chip.seat-1 .seat-name")?.textContent === "Bob");

    // Whoever is to decide plays; the other table follows, for a dozen decisions.
    for (let k = 0; k < 12; k++) {
      const lenA = await tableLen(a.page);
      await Promise.race([yoursOrOver(a.page), yoursOrOver(bob.page)]);
      const mover = (await a.page.locator(".table-page").getAttribute("data-your-turn")) === "true" ? a.page : bob.page;
      const other = mover === a.page ? bob.page : a.page;
      if ((await mover.locator(".table-page").getAttribute("data-over")) === "true") break;
      await playOne(mover);
      const now = await tableLen(mover);
      await other.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) >= l, now);
      assert.ok(now > lenA);
    }
    assert.equal(await tableLen(a.page), await tableLen(bob.page), "both tables show the same match");
    const logA = await a.page.locator("[data-testid=log]").innerText();
    assert.match(logA, /Alice/);
    assert.deepEqual([...a.errors, ...bob.errors], []);
    await a.context.close();
    await bob.context.close();
  }
});
