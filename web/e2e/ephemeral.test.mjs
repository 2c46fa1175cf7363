// Ephemeral Path in the browser: setup by clicks (terrain, the gate,
// foraging, placing figures), an illegal drag that is drawn in red with the
// rules' reason, a legal drag that moves the figure, and a prep token's nudge
// (too far: refused with its reason; 1.5 cm: accepted, one token spent).
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { api, browser, open, sleep, tableLen } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

async function create() {
  const { json } = await api("POST", "/api/matches", {
    game: "ephemeral",
    seats: [
      { controller: "human", name: "Ada" },
      { controller: "human", name: "Bo" },
    ],
    seed: 11,
  });
  return { id: json.id, tokens: json.seats.map((s) => s.token) };
}

async function view(m, seat) {
  return (await api("GET", `/api/matches/${m.id}?token=${m.tokens[seat]}`)).json;
}

/** Plays candidate decisions through the API until `until(view)` holds. */
async function advance(m, until, choose = (legal) => legal[0]) {
  for (let k = 0; k < 200; k++) {
    const v0 = await view(m, 0);
    if (until(v0)) return v0;
    if (v0.turn.kind !== "seat") throw new Error("the game ended");
    const s = v0.turn.seat;
    const v = await view(m, s);
    const { status, json } = await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: choose(v.legal, v) });
    assert.equal(status, 200, JSON.stringify(json));
    await sleep(20);
  }
  throw new Error("never reached");
}

const phase = (v) => (typeof v.observation.phase === "string" ? v.observation.phase : Object.keys(v.observation.phase)[0]);

test("setup by clicks: terrain, the gate, foraging and placing", async () => {
  const m = await create();
  const v = await advance(m, (v) => phase(v) === "Terrain");
  const s = v.turn.seat;
  const { page, errors } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector("[data-testid=ephemeral-table]");
  await page.waitForSelector("[data-piece='0']");
  const box = await page.locator(".eph-mat").boundingBox();
  const at = (x, y) => ({ x: box.x + (x / 40) * box.width, y: box.y + ((40 - y) / 40) * box.height });
  // The boulder in the middle of the lower left quarter.
  let len = await tableLen(page);
  await page.click("[data-piece='0']");
  const p = at(10, 10);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  assert.equal(await page.locator("[data-terrain='0']").count(), 1, "the boulder stands on the table");
  await page.context().close();

  // The rest of the terrain through the API, then foraging by clicks.
  const f = await advance(m, (v) => phase(v) === "Forage");
  const fs = f.turn.seat;
  const { page: pg } = await open(b, `/m/${m.id}?token=${m.tokens[fs]}`);
  await pg.waitForSelector("[data-testid=pool]");
  const mine = await view(m, fs);
  const offTable = mine.legal.find((a) => a.Forage && a.Forage.at);
  assert.ok(offTable, "a die can be foraged onto a figure not yet on the table");
  len = await tableLen(pg);
  await pg.click(`[data-die='${offTable.Forage.die}']`);
  const letter = String.fromCharCode((fs === 0 ? 97 : 65) + (fs === 0 ? offTable.Forage.figure : offTable.Forage.figure - mine.observation.figures.filter((x) => x.owner === 0).length));
  await pg.click(`[data-reserve='${letter}']`);
  const box2 = await pg.locator(".eph-mat").boundingBox();
  // Click near the table edge closest to the candidate position: the base is placed touching it.
  const c = offTable.Forage.at;
  const px = box2.x + (c.x / 40) * box2.width, py = box2.y + ((40 - c.y) / 40) * box2.height;
  await pg.mouse.move(px, py);
  await pg.mouse.click(px, py);
  await pg.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l || !!document.querySelector("[data-testid=whynot]"), len);
  const why = (await pg.locator("[data-testid=whynot]").count()) ? await pg.locator("[data-testid=whynot]").innerText() : "";
  assert.ok((await tableLen(pg)) > len, `the forage was accepted (${why})`);
  assert.match(await pg.locator("[data-testid=log]").innerText(), /forages pool die \d+ \(a D\d+ showing \d+\)[\s\S]*is placed at/);
  assert.deepEqual([...errors], []);
  await pg.context().close();
});

test("an illegal drag shows its reason; a legal one moves the figure", async () => {
  const m = await create();
  // Through setup to the first activation, then activate the first figure.
  const v = await advance(m, (v) => phase(v) === "Acting", (legal) => legal.find((a) => a === "Pass") ?? legal[0]);
  const s = v.turn.seat;
  const { page, errors } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector(".fig.active .base");
  const base = await page.locator(".fig.active .base").boundingBox();
  const cx = base.x + base.width / 2, cy = base.y + base.height / 2;
  const mat = await page.locator(".eph-mat").boundingBox();
  const perCm = mat.width / 40;

  // Far beyond any figure's movement: refused, drawn in red, with the rule.
  const far = { x: cx < mat.x + mat.width / 2 ? cx + 30 * perCm : cx - 30 * perCm, y: cy };
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 15; k++) await page.mouse.move(cx + ((far.x - cx) * k) / 15, cy, { steps: 1 });
  assert.equal(await page.locator("[data-testid=drag-path]").count(), 1, "the path is drawn while dragging");
  assert.match(await page.locator("[data-testid=drag-path]").textContent(), /cm used/);
  await page.mouse.up();
  await page.waitForSelector("[data-testid=failed-path]");
  const why = await page.locator("[data-testid=whynot]").innerText();
  assert.match(why, /ep\.move\./, "the rule id is shown");
  assert.match(await page.locator("[data-testid=failed-path]").textContent(), /\w+/);

  // A short legal step toward the middle of the table.
  const len = await tableLen(page);
  const dx = cx < mat.x + mat.width / 2 ? 2.5 * perCm : -2.5 * perCm;
  const dy = cy < mat.y + mat.height / 2 ? 2.5 * perCm : -2.5 * perCm;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(cx + (dx * k) / 8, cy + (dy * k) / 8);
  await page.mouse.up();
  await page.waitForFunction(
    (l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l || !!document.querySelector("[data-testid=failed-path]"),
    len,
  );
  const moved = (await tableLen(page)) > len;
  const reason = moved ? "" : await page.locator("[data-testid=whynot]").innerText();
  assert.ok(moved, `the short move was accepted (${reason})`);
  assert.match(await page.locator("[data-testid=log]").innerText(), /moves \(/);
  assert.deepEqual(errors, []);
});

test("a prep token's nudge: drag up to 2 cm; too far is refused with its reason", async () => {
  const m = await create();
  // To an activation of a player who holds a prep token (preparing for one if need be).
  const v = await advance(
    m,
    (v) => phase(v) === "Acting" && v.observation.prep[v.turn.seat] > 0,
    (legal, v) => legal.find((a) => a === "Pass") ?? (phase(v) === "Acting" ? legal.find((a) => a === "Prepare") : null) ?? legal[0],
  );
  const s = v.turn.seat;
  const { page, errors } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector(".fig.active .base");
  const letter = await page.locator(".fig.active").getAttribute("data-figure");
  const tokens = async () => page.locator(`[data-testid=prep-${s}] .token`).count();
  const before = await tokens();
  assert.ok(before > 0);
  await page.click("[data-testid=prep-uses] summary");
  await page.click(`[data-nudge='${letter}']`);
  await page.waitForSelector("[data-testid=nudge-zone]");
  assert.match(await page.locator("[data-testid=banner]").innerText(), /Nudge .*up to 2 cm/);

  const mat = await page.locator(".eph-mat").boundingBox();
  const perCm = mat.width / 40;
  const drag = async (cm, angle) => {
    const base = await page.locator(`.fig[data-figure='${letter}'] .base`).boundingBox();
    const cx = base.x + base.width / 2, cy = base.y + base.height / 2;
    // Toward the middle of the table, turned by `angle`.
    const a = Math.atan2(mat.y + mat.height / 2 - cy, mat.x + mat.width / 2 - cx) + angle;
    const to = { x: cx + Math.cos(a) * cm * perCm, y: cy + Math.sin(a) * cm * perCm };
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(cx + ((to.x - cx) * k) / 6, cy + ((to.y - cy) * k) / 6);
    const label = await page.locator("[data-testid=drag-path]").textContent();
    await page.mouse.up();
    return label;
  };

  // 4 cm is twice a nudge: the label says so while dragging, the server refuses, nothing is spent.
  const len = await tableLen(page);
  assert.match(await drag(4, 0), /nudge 4\.\d of 2 cm/);
  await page.waitForSelector("[data-testid=failed-path]");
  assert.match(await page.locator("[data-testid=whynot]").innerText(), /ep\.move\.too-far/);
  assert.equal(await tableLen(page), len);
  assert.equal(await tokens(), before);

  // 1.5 cm is a nudge (another direction if something is in the way).
  let moved = false;
  const reasons = [];
  for (const angle of [0, Math.PI / 2, -Math.PI / 2, Math.PI]) {
    assert.match(await drag(1.5, angle), /nudge 1\.\d of 2 cm/);
    await page.waitForFunction(
      (l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l || !!document.querySelector("[data-testid=failed-path]"),
      len,
    );
    if ((await tableLen(page)) > len) {
      moved = true;
      break;
    }
    reasons.push(await page.locator("[data-testid=whynot]").innerText());
  }
  assert.ok(moved, `a 1.5 cm nudge was accepted (${reasons.join(" | ")})`);
  await page.waitForFunction(() => /spends a prep token: nudges/.test(document.querySelector("[data-testid=log]")?.textContent ?? ""));
  assert.equal(await tokens(), before - 1);
  assert.equal(await page.locator("[data-testid=nudge-zone]").count(), 0, "the nudge is over");
  assert.deepEqual(errors, []);
});
