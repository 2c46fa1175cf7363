// The Ephemeral figure-set builder in the browser: opened from the lobby,
// started from a shipped set, a violation typed in and shown on its figure
// and field by the server's live check, fixed, kept across a reload; the set
// downloaded as TOML and loaded back from a file; the spec sheets opened for
// printing (the tab's own bar hidden when printed); the set offered in the
// lobby; and a match against the AI started with it.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { api, browser, open } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const status = (page, ok) => page.waitForSelector(`[data-testid=set-status][data-ok=${ok}]`, { timeout: 10000 });

test("build a set: live validation, files, print sheets, play it", async () => {
  const { page, context, errors } = await open(b, "/");
  await page.click("text=Open the builder");
  await page.waitForURL(/\/build\/ephemeral$/);
  await status(page, "true");

  // Start from a shipped set.
  await page.selectOption("select[name=start-from]", "ember-court");
  await page.waitForFunction(() => document.querySelector("input[name=set-name]")?.value === "Ember Court");
  await status(page, "true");
  assert.equal(await page.locator("[data-testid=set-points]").getAttribute("data-points"), "100");
  assert.equal(await page.locator("[data-figure-index]").count(), 3);

  // Too many points: the Queen's HP from 9 to 30.
  await page.fill("input[name=hp-0]", "30");
  await status(page, "false");
  const queen = page.locator("[data-figure-index='0']");
  assert.match(await queen.locator("[data-rule='figure.base-spec']").innerText(), /Leader base spec points 45 exceed 35/);
  assert.match(await page.locator("[data-testid=set-points]").innerText(), /121[\s\S]*21 over[\s\S]*the set uses 121 spec points; at most 100/);
  assert.equal(await page.locator("[data-figure-index='0'] .num.invalid input[name=hp-0]").count(), 0, "HP itself is fine; the base spec is not");
  assert.match(await page.locator("[data-testid=set-status]").innerText(), /2 problems[\s\S]*set\.points/);
  assert.ok(await page.locator("[data-testid=print]").isDisabled(), "no sheets for an illegal set");
  assert.ok(await page.locator("[data-testid=play]").isDisabled(), "no match with an illegal set");

  // Fixed: legal again.
  await page.fill("input[name=hp-0]", "9");
  await status(page, "true");
  assert.equal(await page.locator("[data-testid=problem]").count(), 0);

  // A name of its own, an ability picked from the Runner's list and named.
  await page.fill("input[name=set-name]", "Ember Court, revised");
  const runner = page.locator("[data-figure-index='2']");
  await runner.locator("[data-ability='R4'] .icon-btn").click();
  await runner.locator("[data-testid=pick-2]").click();
  assert.equal(await runner.locator("[data-pick^='D']").count(), 0, "the picker lists the Runner's abilities only");
  await runner.locator("[data-pick='R1']").click();
  await page.fill("input[name=ability-name-2-2]", "Sprint");
  await status(page, "true");

  // The work survives a reload.
  await page.reload();
  await page.waitForFunction(() => document.querySelector("input[name=set-name]")?.value === "Ember Court, revised");
  assert.equal(await page.locator("input[name=ability-name-2-2]").inputValue(), "Sprint");
  await status(page, "true");

  // Download as TOML; the server reads the file back as the same legal set.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=download-toml]")]);
  assert.equal(download.suggestedFilename(), "ember-court-revised.toml");
  const toml = await readFile(await download.path(), "utf8");
  assert.match(toml, /\[\[figure\]\][\s\S]*\{ id = "R1", name = "Sprint" \}/);
  const back = await api("POST", "/api/ephemeral/validate", { set: toml });
  assert.equal(back.json.ok, true, JSON.stringify(back.json.problems));
  assert.equal(back.json.file.name, "Ember Court, revised");

  // Load a file: a two-figure set for v0.20, with a problem the builder shows.
  const file = `name = "Pair"\nedition = "v0.20"\n\n[[figure]]\nname = "Ox"\nclass = "tactician"\nbase_mm = 12\nhp = 8\nmovement = 4\nforce = 3\nrange = 1\nabilities = ["T1"]\n\n[[figure]]\nname = "Wren"\nclass = "runner"\nbase_mm = 25\nhp = 3\nmovement = 6\nforce = 1\nrange = 1\n`;
  await page.setInputFiles("[data-testid=load-file]", { name: "pair.toml", mimeType: "application/toml", buffer: Buffer.from(file) });
  await page.waitForFunction(() => document.querySelector("input[name=set-name]")?.value === "Pair");
  assert.equal(await page.locator("[data-edition='v0.20']").getAttribute("aria-checked"), "true", "the file's edition is taken");
  await status(page, "true");
  // A 12 mm base is fine in v0.20 and not in v0.26.
  await page.click("[data-edition='v0.26']");
  await status(page, "false");
  assert.match(await page.locator("[data-figure-index='0'] [data-rule='figure.base-diameter']").innerText(), /19–67 mm in v0\.26/);
  await page.click("text=Undo");
  await page.waitForFunction(() => document.querySelector("input[name=set-name]")?.value === "Ember Court, revised");
  await status(page, "true");

  // Print sheets: a new tab with one card per figure, its bar hidden on paper.
  const [sheets] = await Promise.all([context.waitForEvent("page"), page.click("[data-testid=print]")]);
  await sheets.waitForSelector(".card", { timeout: 10000 });
  assert.equal(await sheets.locator(".card").count(), 3);
  assert.match(await sheets.locator("h1").innerText(), /Ember Court, revised/);
  assert.match(await sheets.locator("body").innerText(), /Sprint/);
  assert.ok(await sheets.locator(".arbiter-print-bar").isVisible());
  await sheets.emulateMedia({ media: "print" });
  assert.ok(!(await sheets.locator(".arbiter-print-bar").isVisible()), "the tab's bar is not printed");
  await sheets.close();

  // The lobby offers the set being built.
  await page.click("text=Lobby");
  await page.click("[data-game=ephemeral]");
  await page.selectOption("select[name=set1]", "builder");
  assert.match(await page.locator("[data-testid=set-summary-0]").innerText(), /Ember Court, revised: Queen Calder, Ashwright, Cinderfoot/);
  await page.goBack();
  await status(page, "true");

  // Play it against the AI.
  await page.selectOption("select[name=opponent]", "glass-orchard");
  await page.selectOption("select[name=bot]", "random");
  await page.click("[data-testid=play]");
  await page.waitForURL(/\/m\/[0-9a-f]+\?token=/);
  await page.waitForSelector("[data-testid=ephemeral-table]");
  await page.waitForSelector("[data-sheet='a']");
  assert.match(await page.locator("[data-testid=sheets]").innerText(), /Ember Court, revised[\s\S]*Queen Calder[\s\S]*Sprint/);
  assert.deepEqual(errors, []);
  await context.close();
});
