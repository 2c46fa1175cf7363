// Essence of the Arcane in the browser: a game against the AI from the lobby
// to the end (board clicks first, then the legal-action list), a reload in
// the middle that continues where it was, and the replay of the finished game.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { browser, open, rng, tableLen, yoursOrOver } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function createFromLobby(page, { fast = true, opponent = "ai", bot = "greedy" } = {}) {
  await page.click("[data-game=essence]");
  if (fast) await page.getByLabel("Fast game (3×3 board)").check();
  await page.selectOption("select[name=seat1-kind]", opponent);
  if (opponent === "ai") await page.selectOption("select[name=seat1-bot]", bot);
  await page.fill("input[name=seat0-name]", "Tester");
  await page.click("[data-testid=create]");
  await page.waitForSelector("[data-testid=essence-board]");
}

/** One decision by clicking the board: a glowing mote, then a highlighted square (or a spin confirm). */
async function boardMove(page) {
  if (await page.locator("[data-testid=spin-confirm]").count()) {
    const spinnable = page.locator(".mote.spinnable");
    if (await spinnable.count()) await spinnable.first().click({ force: true });
    await page.click("[data-testid=spin-confirm]");
    return;
  }
  const movers = page.locator(".mote.can, .void.can");
  const n = await movers.count();
  for (let i = 0; i < n; i++) {
    const mover = movers.nth(i);
    await mover.click({ force: true });
    const target = page.locator(".sq.target");
    if (await target.count()) {
      await target.first().click({ force: true });
      const choice = page.locator(".choice .btn");
      if (await choice.count()) await choice.first().click();
      return;
    }
    // Growth: the click on the mote was the decision.
    if (!(await page.locator(".mote.selected, .void.selected").count())) return;
    await mover.click({ force: true }); // deselect
  }
  // Growth (a click on the mote is the action) or only list actions: use the list.
  await listMove(page, () => 0);
}

async function listMove(page, pick) {
  const details = page.locator("details.actions-all");
  if (!(await details.evaluate((d) => d.open))) await details.locator("summary").click();
  const buttons = details.locator("button[data-action]:not([disabled])");
  const n = await buttons.count();
  assert.ok(n > 0, "there is a legal action to take");
  await buttons.nth(pick(n)).click();
}

async function waitChange(page, len) {
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) !== l, len, { timeout: 30000, polling: 50 });
}

test("a game against the AI, played to the end, survives a reload, and replays", async () => {
  const { page, errors } = await open(b);
  await createFromLobby(page);
  const url = page.url();
  assert.match(url, /\/m\/[0-9a-f]{16}\?token=[0-9a-f]{32}$/);
  const pick = rng(7);
  let decisions = 0;
  let reloaded = false;
  for (;;) {
    const state = await yoursOrOver(page);
    if (state === "over") break;
    const len = await tableLen(page);
    if (decisions < 6) await boardMove(page);
    else await listMove(page, pick);
    decisions++;
    await waitChange(page, len);
    if (decisions === 4 && !reloaded) {
      // Reload mid-game: the table comes back as it was and play goes on.
      const before = await tableLen(page);
      await page.reload();
      await page.waitForSelector("[data-testid=essence-board]");
      await page.waitForSelector("[data-testid=conn]:text('live')");
      assert.ok((await tableLen(page)) >= before, "the reloaded table is not behind");
      reloaded = true;
    }
    assert.ok(decisions < 400, "the game ends");
  }
  const banner = await page.locator("[data-testid=banner]").innerText();
  assert.match(banner, /win|Draw/i);
  assert.ok((await page.locator("[data-testid=log] li").count()) > 3, "the log tells the game in words");
  assert.ok(reloaded);

  // The replay: step back and forward through the finished match, and export the record.
  await page.click("text=Replay");
  await page.waitForSelector("[data-testid=replay-controls]");
  const total = Number(await page.locator("[data-testid=replay-n]").innerText());
  assert.ok(total > 4);
  await page.click("[data-testid=replay-back]");
  await page.waitForFunction((t) => Number(document.querySelector("[data-testid=replay-n]")?.textContent) === t - 1, total);
  await page.click("[data-testid=replay-next]");
  await page.waitForFunction((t) => Number(document.querySelector("[data-testid=replay-n]")?.textContent) === t, total);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=export]")]);
  const path = await download.path();
  const record = JSON.parse(await (await import("node:fs/promises")).readFile(path, "utf8"));
  assert.equal(record.format, "arbiter.record");
  assert.equal(record.decisions.length, total);
  assert.deepEqual(errors, []);
});

test("my games lists the match, and a refused move says why not", async () => {
  const { page, errors } = await open(b);
  await createFromLobby(page, { fast: false, bot: "random" });
  await yoursOrOver(page);
  // a1 holds a 2 on the rising diagonal: straight up is not where its pips point.
  await page.locator(".mote[data-at=a1]").click({ force: true });
  await page.locator(".sq[data-square=a3]").click({ force: true });
  const why = page.locator("[data-testid=whynot]");
  await why.waitFor();
  const text = await why.innerText();
  assert.match(text, /Why not\?/);
  assert.match(text, /essence\./, "the rule id is shown");
  await page.click("a.btn:text('Lobby')");
  await page.waitForSelector("[data-testid=my-games] li");
  assert.ok((await page.locator("[data-testid=my-games] li").count()) >= 1);
  assert.deepEqual(errors, []);
});
