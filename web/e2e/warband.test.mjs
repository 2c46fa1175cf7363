// The Path 2 Victory warband builder in the browser: opened from the lobby,
// started from a shipped warband, rules broken (an off-alignment creature
// in limited play, a points limit exceeded) and shown with their rule codes
// on the entry and the meter by the server's live check, fixed; kept across
// a reload; downloaded as TOML and read back by the server; a file loaded
// and undone; creature cards imported and a commander added with its free
// minions; the warband sheets opened for printing; the page's own print CSS;
// and the warband, imported cards and all, taken to a table against the AI.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { api, browser, open } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const status = (page, ok) => page.waitForSelector(`[data-testid=warband-status][data-ok=${ok}]`, { timeout: 10000 });
const nameIs = (page, name) => page.waitForFunction((n) => document.querySelector("input[name=warband-name]")?.value === n, name);

/** A commander and its pet in the public card JSON format. */
const HERDERS = {
  creatures: [
    {
      name: "Halfling Herder",
      tagline: "Small Halfling Humanoid 2",
      alignment_symbol: "✿",
      stats: { Fight: "+7", Armor: "16", Power: "16", Fort: "+5", Reflex: "+8", Will: "+6", HP: "30", Speed: "5" },
      features: [
        { name: "Commander", top: "", text: "Capybaras. Starts with 2 Capybara Pets." },
        { name: "Crook", top: "● Melee strike", text: "6 bludgeoning damage." },
      ],
    },
    {
      name: "Capybara Pet",
      level: 0,
      size: "Small",
      traits: ["Animal"],
      alignment_symbol: "⚖",
      stats: { Fight: 4, Armor: 14, Power: 12, Fort: 5, Reflex: 4, Will: 2, HP: 15, Speed: "5 ≋" },
      features: [{ name: "Bite", top: "● Melee strike", text: "4 piercing damage." }],
    },
  ],
};

test("build a warband: live validation with rule codes, files, imported cards, print sheets", async () => {
  const { page, context, errors } = await open(b, "/");
  await page.click("text=Open the warband builder");
  await page.waitForURL(/\/build\/p2v$/);
  // A blank warband waits for its creatures.
  await status(page, "false");
  assert.match(await page.locator(".figures-head [data-rule='p2v.warband.empty']").innerText(), /no creatures/);
  assert.equal(await page.locator("[data-testid=play]").count(), 0, "no table for Path 2 Victory yet");
  assert.match(await page.locator("[data-testid=play-note]").innerText(), /Play this warband/);

  // Start from a shipped warband: legal, 98 of 100 points, 50 at most for one creature.
  await page.selectOption("select[name=start-from]", "kobold-ambush");
  await nameIs(page, "Kobold Ambush");
  await status(page, "true");
  const meter = page.locator("[data-testid=warband-points]");
  assert.equal(await meter.getAttribute("data-points"), "98");
  assert.equal(await meter.getAttribute("data-limit"), "100");
  assert.match(await page.locator("[data-testid=half-limit]").innerText(), /at most 50/);
  assert.equal(await page.locator("[data-entry-index]").count(), 3);
  assert.match(await page.locator("[data-testid=cost-0]").innerText(), /9 \+ 1 × 2 = 11 each × 4 = 44 points/);
  // Limited play: the bestiary shows what a Lawful Evil warband may recruit.
  assert.equal(await page.locator("[data-creature='Harpy']").count(), 0, "the Harpy is Chaotic Evil");
  assert.match(await page.locator("[data-testid=recruits]").innerText(), /LN[\s\S]*TN[\s\S]*LE[\s\S]*NE/);

  // Break a rule: an off-alignment creature, found by name with the filter off.
  await page.uncheck("input[name=recruitable]");
  await page.fill("input[name=bestiary-search]", "harpy");
  assert.equal(await page.locator("[data-creature]").count(), 1);
  assert.match(await page.locator("[data-creature='Harpy']").innerText(), /HP[\s\S]*75[\s\S]*AC[\s\S]*16[\s\S]*cannot recruit it/);
  await page.click("[data-add='Harpy']");
  await status(page, "false");
  const harpy = page.locator("[data-entry-index='3']");
  const alignment = harpy.locator("[data-rule='p2v.warband.alignment']");
  assert.match(await alignment.innerText(), /is Chaotic Evil; a Lawful Evil warband recruits only[\s\S]*p2v\.warband\.alignment/);
  assert.match(await meter.locator("[data-rule='p2v.warband.points']").innerText(), /the warband costs 130 points; the limit is 100/);
  assert.equal(await meter.getAttribute("data-points"), "130");
  const listed = await page.locator("[data-testid=warband-status]").innerText();
  assert.match(listed, /2 problems[\s\S]*p2v\.warband\.alignment[\s\S]*BUILDING A WARBAND: Alignments[\s\S]*p2v\.warband\.points/);
  assert.ok(await page.locator("[data-testid=print]").isDisabled(), "no sheets for an illegal warband");

  // Fixed: legal again.
  await page.click("[data-testid=remove-3]");
  await status(page, "true");
  assert.equal(await page.locator("[data-testid=problem]").count(), 0);

  // The points limit: 90 is exceeded, 100 is not.
  await page.fill("input[name=points]", "90");
  await status(page, "false");
  assert.match(await meter.locator("[data-rule='p2v.warband.points']").innerText(), /98 points; the limit is 90/);
  await page.fill("input[name=points]", "100");
  await status(page, "true");

  // An upgrade on the basilisk and a hero point: priced at its upgrade cost.
  await page.click("[data-hero='2-1']");
  await status(page, "false");
  assert.match(await page.locator("[data-testid=cost-2]").innerText(), /32 \+ 1 × 6 = 38 points/);
  await page.click("[data-hero='2-0']");
  await status(page, "true");

  // The work survives a reload.
  await page.fill("input[name=warband-name]", "Kobold Ambush, revised");
  await page.fill("input[name=nickname-2]", "Old Stare");
  await status(page, "true");
  await page.reload();
  await nameIs(page, "Kobold Ambush, revised");
  assert.equal(await page.locator("input[name=nickname-2]").inputValue(), "Old Stare");
  await status(page, "true");

  // Download as TOML; the server reads the file back as the same legal warband.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=download-toml]")]);
  assert.equal(download.suggestedFilename(), "kobold-ambush-revised.toml");
  const toml = await readFile(await download.path(), "utf8");
  assert.match(toml, /\[\[entry\]\]\ncreature = "Basilisk"\nname = "Old Stare"/);
  const back = await api("POST", "/api/p2v/validate", { warband: toml });
  assert.equal(back.json.ok, true, JSON.stringify(back.json.problems));
  assert.equal(back.json.total, 98);

  // Load a file (TOML that starts with its entries), then undo.
  const file = `[[entry]]\ncreature = "Boar"\ncount = 2\n\n[[entry]]\ncreature = "Giant Ant"\n`;
  await page.setInputFiles("[data-testid=load-file]", { name: "pack.toml", mimeType: "application/toml", buffer: Buffer.from(file) });
  await nameIs(page, "");
  await status(page, "false");
  assert.match(await page.locator("[data-rule='p2v.warband.name']").first().innerText(), /no name/);
  assert.equal(await page.locator("[data-entry-index]").count(), 2);
  await page.click(".undo-bar .link-btn");
  await nameIs(page, "Kobold Ambush, revised");
  await status(page, "true");

  // Import creature cards; a commander brings its pets free.
  await page.setInputFiles("[data-testid=import-cards]", { name: "herders.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(HERDERS)) });
  await page.waitForSelector("[data-testid=notice]");
  assert.match(await page.locator("[data-testid=notice]").innerText(), /Imported 2 cards from herders\.json/);
  await page.uncheck("input[name=recruitable]");
  await page.fill("input[name=bestiary-search]", "herder");
  assert.match(await page.locator("[data-creature='Halfling Herder']").innerText(), /imported[\s\S]*\+ Add/i);
  await page.click("[data-add='Halfling Herder']");
  await status(page, "false");
  assert.ok(await page.locator("[data-entry-index='3'] [data-rule='p2v.warband.alignment']").isVisible(), "a Neutral Good herder in a Lawful Evil band");
  await page.selectOption("select[name=mode]", "balanced-unlimited");
  await page.fill("input[name=points]", "150");
  await status(page, "true");
  assert.match(await page.locator("[data-entry-index='3']").innerText(), /Brings free: 2 × Capybara Pet/);
  assert.equal(await meter.getAttribute("data-points"), "116");
  assert.match(await page.locator("[data-testid=imported]").innerText(), /Halfling Herder[\s\S]*Capybara Pet/);

  // Print sheets: a new tab with a card per entry and the free pets, its bar hidden on paper.
  const [sheets] = await Promise.all([context.waitForEvent("page"), page.click("[data-testid=print]")]);
  await sheets.waitForSelector(".card", { timeout: 10000 });
  assert.equal(await sheets.locator(".card").count(), 5);
  assert.match(await sheets.locator("h1").innerText(), /Kobold Ambush, revised/);
  assert.match(await sheets.locator("body").innerText(), /Old Stare[\s\S]*Halfling Herder[\s\S]*Capybara Pet/);
  assert.ok(await sheets.locator(".arbiter-print-bar").isVisible());
  await sheets.emulateMedia({ media: "print" });
  assert.ok(!(await sheets.locator(".arbiter-print-bar").isVisible()), "the tab's bar is not printed");
  await sheets.close();

  // Printing the builder itself hides the app's chrome and keeps the entries.
  await page.emulateMedia({ media: "print" });
  assert.ok(!(await page.locator("[data-testid=bestiary]").isVisible()), "no bestiary on paper");
  assert.ok(!(await page.locator(".topbar").isVisible()), "no top bar on paper");
  assert.ok(await page.locator("[data-entry-index='0']").isVisible());
  await page.emulateMedia({ media: "screen" });

  // The lobby links here, next to the figure-set builder.
  await page.click("text=Lobby");
  assert.ok(await page.locator("[data-testid=p2v-builder-card]").isVisible());

  // The builder's warband goes to the table with the cards imported there:
  // the herder and its pets are on the board's roster, against the AI.
  await page.click("[data-game=p2v]");
  await page.waitForSelector("select[name=warband1] option[value=saved]", { state: "attached" });
  assert.match(await page.locator("select[name=warband1] option[value=saved]").innerText(), /Kobold Ambush, revised \(from the builder\)/);
  await page.selectOption("select[name=warband1]", "saved");
  await page.selectOption("select[name=warband2]", "briar-skirmishers");
  await page.selectOption("select[name=seat1-kind]", "ai");
  await page.click("[data-testid=create]");
  await page.waitForSelector("[data-testid=p2v-board]", { timeout: 20000 });
  const roster = await page.locator(".p2v-roster").innerText();
  assert.match(roster, /Halfling Herder/);
  assert.equal((roster.match(/Capybara Pet/g) ?? []).length, 2, `two pets on the roster: ${roster}`);
  assert.deepEqual(errors, []);
  await context.close();
});
