// Screenshots of the lobby, every game table, the builders and the replay viewer, for
// docs/screenshots/ (scripts/e2e --screenshots). Positions are set up
// through the API with the bots' candidate decisions, then shown in the
// browser as a player sees them.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { api, browser, open, rng, sleep } from "./harness.mjs";

const out = resolve(process.argv[2] ?? "../docs/screenshots");
mkdirSync(out, { recursive: true });
const b = await browser();
const shot = async (page, name) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, name) });
  console.log(`wrote ${join(out, name)}`);
};

async function create(body) {
  const { json } = await api("POST", "/api/matches", body);
  return { id: json.id, tokens: json.seats.map((s) => s.token) };
}
async function view(m, seat) {
  return (await api("GET", `/api/matches/${m.id}?token=${m.tokens[seat] ?? ""}`)).json;
}
/** Plays decisions chosen by `choose` until `until(view)` holds (bot seats play themselves). */
async function advance(m, until, choose, max = 400) {
  for (let k = 0; k < max; k++) {
    const v0 = await view(m, m.tokens.findIndex(Boolean));
    if (until(v0)) return v0;
    if (v0.turn.kind !== "seat") return v0;
    const s = v0.turn.seat;
    if (!m.tokens[s]) {
      await sleep(150);
      continue;
    }
    const v = await view(m, s);
    await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: choose(v.legal, v) });
    await sleep(40);
  }
  throw new Error("not reached");
}
const pick = rng(3);
const any = (legal) => legal[pick(legal.length)];
const phase = (v) => (typeof v.observation.phase === "string" ? v.observation.phase : Object.keys(v.observation.phase ?? {})[0]);

// The lobby, with a few games under "my games".
{
  const { page } = await open(b);
  await page.click("[data-game=ephemeral]");
  await page.waitForTimeout(200);
  await shot(page, "lobby.png");
  await page.context().close();
}

// Essence: a game against the AI, a mote selected with its moves shown.
{
  const m = await create({ game: "essence", seats: [{ controller: "human", name: "Ada" }, { controller: "greedy", name: "AI · greedy" }], seed: 4 });
  await advance(m, (v) => v.len >= 9 && v.your_turn && v.legal.some((a) => /^[a-e]\d-/.test(a)) && !v.legal.some((a) => /^[@G]/.test(a)), any);
  const { page } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector(".mote.can");
  const movers = page.locator(".mote.can");
  for (let i = 0; i < (await movers.count()); i++) {
    await movers.nth(i).click({ force: true });
    if ((await page.locator(".sq.target").count()) >= 2) break;
    await movers.nth(i).click({ force: true });
  }
  await shot(page, "essence.png");
  await page.context().close();
}

// E'thia Skirmish: a unit selected with its capture lines.
{
  const m = await create({ game: "ethia", variant: { walls: "fixed" }, seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 9 });
  const prefer = (legal) => {
    const go = legal.filter((a) => a.startsWith(">"));
    if (go.length) return go[pick(go.length)];
    const mv = legal.filter((a) => a.startsWith("M"));
    return mv.length ? mv[pick(mv.length)] : any(legal);
  };
  const v = await advance(m, (v) => v.your_turn && v.len > 40 && v.legal.some((a) => /x/.test(a)) && v.observation.phase?.phase === "act", prefer, 1500);
  const s = v.turn.seat;
  const cap = (await view(m, s)).legal.find((a) => /x/.test(a));
  const { page } = await open(b, `/m/${m.id}?token=${m.tokens[s]}`);
  await page.waitForSelector("[data-testid=ethia-board]");
  await page.locator(`.unit[data-at=${cap.split("x")[0]}]`).click({ force: true });
  await shot(page, "ethia.png");
  await page.context().close();
}

// E'thia Battle: the 16×8 board with its ten walls, against the AI.
{
  const m = await create({ game: "ethia", variant: { mode: "battle", walls: "fixed", deployment: "standard" }, seats: [{ controller: "human", name: "Ada" }, { controller: "heuristic", name: "AI · heuristic" }], seed: 2 });
  await advance(m, (v) => v.your_turn && v.len > 30 && v.observation.phase?.phase === "act", (legal) => legal.find((a) => /x/.test(a)) ?? legal.find((a) => /^M/.test(a) && pick(2) === 0) ?? any(legal));
  const { page } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`, { width: 1440, height: 1100 });
  await page.waitForSelector("[data-testid=ethia-board]");
  await shot(page, "ethia-battle.png");
  await page.context().close();
}

// E'thia Worlds: the Kingdom of Coyote a few turns in.
{
  const m = await create({ game: "ethia-worlds", seats: [{ controller: "human", name: "Ada" }], seed: 6 });
  await advance(m, (v) => v.len > 30 && v.legal.includes("move"), (legal) => legal.find((a) => a.startsWith("step:")) ?? legal.find((a) => a === "go") ?? legal.find((a) => a === "move") ?? any(legal));
  const { page } = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await page.waitForSelector("[data-testid=worlds-board]");
  await shot(page, "ethia-worlds.png");
  await page.context().close();
}

// Ephemeral Path: setting up the table (a piece following the pointer).
const eph = await create({ game: "ephemeral", seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }], seed: 21 });
{
  const v = await advance(eph, (v) => phase(v) === "Terrain" && v.observation.terrain.length >= 3, (legal) => legal[pick(Math.min(legal.length, 40))]);
  const s = v.turn.seat;
  const { page } = await open(b, `/m/${eph.id}?token=${eph.tokens[s]}`);
  await page.waitForSelector("[data-testid=ephemeral-table]");
  const first = page.locator("[data-piece]").first();
  await first.click();
  const box = await page.locator(".eph-mat").boundingBox();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.72);
  await page.keyboard.press("r");
  await page.keyboard.press("r");
  await page.mouse.move(box.x + box.width * 0.7 + 2, box.y + box.height * 0.72 + 2);
  await shot(page, "ephemeral-setup.png");
  await page.context().close();
}
// The foraging pool with a die chosen.
{
  const v = await advance(eph, (v) => phase(v) === "Forage" && v.observation.pool.length <= 8, (legal) => legal.find((a) => a?.Forage) ?? legal[0]);
  const s = v.turn.seat;
  const { page } = await open(b, `/m/${eph.id}?token=${eph.tokens[s]}`);
  await page.waitForSelector("[data-testid=pool]");
  const die = (await view(eph, s)).legal.find((a) => a?.Forage);
  if (die) await page.click(`[data-die='${die.Forage.die}']`);
  await shot(page, "ephemeral-forage.png");
  await page.context().close();
}
// Play on to an activation with an enemy in reach, then drag and target.
{
  const v = await advance(
    eph,
    (v) => phase(v) === "Acting" && v.len > 40 && v.legal.some((a) => a?.Attack),
    (legal) => legal.find((a) => a?.Attack && pick(3) === 0) ?? legal.find((a) => a?.Move && pick(2) === 0) ?? legal.find((a) => a === "Pass") ?? legal.find((a) => a?.Move) ?? legal[0],
    800,
  );
  const s = v.turn.seat;
  const target = v.legal.find((a) => a?.Attack)?.Attack.target ?? (await view(eph, s)).legal.find((a) => a?.Attack).Attack.target;
  const { page } = await open(b, `/m/${eph.id}?token=${eph.tokens[s]}`);
  await page.waitForSelector(".fig.active .base");
  const base = await page.locator(".fig.active .base").boundingBox();
  const mat = await page.locator(".eph-mat").boundingBox();
  const cx = base.x + base.width / 2, cy = base.y + base.height / 2;
  const dir = cx < mat.x + mat.width / 2 ? 1 : -1;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 24; k++) await page.mouse.move(cx + dir * k * 7, cy + Math.sin(k / 5) * 30);
  await shot(page, "ephemeral-drag.png");
  for (let k = 25; k <= 50; k++) await page.mouse.move(cx + dir * k * 7, cy + Math.sin(k / 5) * 30);
  await page.mouse.up();
  await page.waitForSelector("[data-testid=failed-path]");
  await shot(page, "ephemeral-refused.png");
  const letters = await page.locator(".fig").evaluateAll((els) => els.map((e) => e.getAttribute("data-figure")));
  const figs = (await view(eph, s)).observation.figures;
  const n0 = figs.filter((f) => f.owner === 0).length;
  const letter = target < n0 ? String.fromCharCode(97 + target) : String.fromCharCode(65 + target - n0);
  if (letters.includes(letter)) {
    await page.locator(`.fig[data-figure='${letter}']`).click({ force: true });
    await page.waitForSelector("[data-testid=dice-tray]");
  }
  await shot(page, "ephemeral-target.png");
  await page.context().close();
}

// The Ephemeral figure-set builder: a shipped set being changed, with the
// server's live check placing each problem on its figure.
{
  const { page } = await open(b, "/build/ephemeral", { width: 1440, height: 1000 });
  await page.waitForSelector("[data-testid=set-status][data-ok=true]");
  await page.selectOption("select[name=start-from]", "ember-court");
  await page.waitForFunction(() => document.querySelector("input[name=set-name]")?.value === "Ember Court");
  await page.fill("input[name=force-1]", "12");
  await page.waitForSelector("[data-testid=set-status][data-ok=false]");
  await page.click(".undo-bar .icon-btn");
  await shot(page, "ephemeral-builder.png");
  await page.context().close();
}

// The Path 2 Victory warband builder: a shipped warband given an item its
// creature cannot use, the problem placed on the entry and the points over.
{
  const { page } = await open(b, "/build/p2v", { width: 1440, height: 1100 });
  await page.waitForSelector("[data-testid=warband-status][data-ok]");
  await page.selectOption("select[name=start-from]", "thornwood-raiders");
  await page.waitForSelector("[data-testid=warband-status][data-ok=true]");
  await page.selectOption("select[name=item-0]", "Howdah");
  await page.waitForSelector("[data-testid=warband-status][data-ok=false]");
  await page.click(".undo-bar .icon-btn");
  await shot(page, "p2v-builder.png");
  await page.context().close();
}

// The replay of a finished game (Essence, fast, bot against bot).
{
  const m = await create({ game: "essence", variant: { fast: true }, seats: [{ controller: "greedy", name: "Greedy" }, { controller: "random", name: "Random" }], seed: 5 });
  for (let k = 0; k < 200; k++) {
    const v = await view(m, 0);
    if (v.outcome) break;
    await sleep(100);
  }
  const { page } = await open(b, `/replay/${m.id}?step=6`);
  await page.waitForSelector("[data-testid=replay-controls]");
  await shot(page, "replay.png");
  await page.context().close();
}

// Real dice on a phone: E'thia with real dice, at the first attack roll,
// seen by the attacker, who taps what the dice show.
{
  const m = await create({ game: "ethia", dice: "real", variant: { deployment: "standard", walls: "fixed" }, seats: [{ controller: "human", name: "Ada" }, { controller: "human", name: "Bo" }] });
  let who = 0;
  for (let k = 0; k < 600; k++) {
    const vs = [await view(m, 0), await view(m, 1)];
    const i = vs.findIndex((v) => v.your_turn);
    if (i < 0) break;
    const v = vs[i];
    if (v.dice) {
      if (/ attacks /.test(v.dice.purpose) && v.dice.seat === i) {
        who = i;
        break;
      }
      // Each seat enters its own dice (a roll-off is one die a player).
      const mine = v.dice.parts.filter((p) => p.entered === null && p.entered_by.includes(i));
      const values = mine.flatMap((p) => v.dice.dice.slice(p.first, p.first + p.count).map((d, j) => ((pick(d.sides) + p.first + j) % d.sides) + 1));
      await api("POST", `/api/matches/${m.id}/roll`, { token: m.tokens[i], values });
    } else {
      const caps = v.legal.filter((a) => /x/.test(String(a)));
      const rest = v.legal.filter((a) => a !== "end");
      await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[i], action: caps.length ? caps[0] : rest.length ? any(rest) : v.legal[0] });
    }
  }
  const { page } = await open(b, `/m/${m.id}?token=${m.tokens[who]}`, { width: 390, height: 844 });
  await page.waitForSelector("[data-testid=dice-pad].mine");
  await page.locator("[data-testid=dice-pad] .die-row").first().locator(".face").nth(4).click();
  await shot(page, "realdice-phone.png");
  await page.context().close();
}

await b.close();
