// The balance laboratory's reports from the lobby: the card links the list
// the server makes of docs/balance, and a report opens with its plots.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { browser, open } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

test("the lobby links the balance reports, and a report shows its plots", async () => {
  const { page } = await open(b, "/");
  await page.click("text=Open the reports");
  await page.waitForURL(/\/reports$/);
  assert.equal(await page.locator("h1").innerText(), "Balance reports");
  await page.click("a[href='/reports/essence-first-player.html']");
  await page.waitForURL(/essence-first-player\.html$/);
  assert.match(await page.locator("h1").innerText(), /Essence: first-player advantage/);
  assert.ok((await page.locator("svg").count()) >= 4, "the plots");
  assert.match(await page.locator("body").innerText(), /First-player advantage per variant/);
});
