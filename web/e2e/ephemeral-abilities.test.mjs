// Ephemeral Path's reactions in the browser: the attacker's player attacks
// in one browser context; the defender's player, in a second context of
// their own, is asked whether to spend a Defend die while the attack is
// resolving, spends it by a click, and both tables show the smaller damage.
// Abilities as actions are offered by the active figure's tray.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { api, browser, open, sleep, tableLen } from "./harness.mjs";

let b;
before(async () => (b = await browser()));
after(async () => b?.close());

const fig = (name, cls, hp, movement, force, range, abilities) => ({ name, class: cls, base_mm: 25, hp, movement, force, range, abilities });

// P1 hits hard from far; P2's tacticians hold T7, a Defend ability with a D8.
const STRIKERS = { name: "Strikers", figure: [fig("Ash", "disruptor", 4, 8, 8, 5, []), fig("Bolt", "disruptor", 4, 8, 8, 5, [])] };
const SHIELDS = { name: "Shields", figure: [fig("Dee", "tactician", 9, 6, 4, 2, ["T7"]), fig("Eve", "tactician", 9, 6, 4, 2, ["T7"])] };

async function create() {
  const { status, json } = await api("POST", "/api/matches", {
    game: "ephemeral",
    variant: { edition: "v0.26", sets: [STRIKERS, SHIELDS] },
    seats: [
      { controller: "human", name: "Ada" },
      { controller: "human", name: "Bo" },
    ],
    seed: 5,
  });
  assert.equal(status, 201, JSON.stringify(json));
  return { id: json.id, tokens: json.seats.map((s) => s.token) };
}

async function view(m, seat) {
  return (await api("GET", `/api/matches/${m.id}?token=${m.tokens[seat]}`)).json;
}

const isDefend = (a) => a?.Ability && a.Ability.aim?.defend !== undefined;

/**
 * Plays through the API until P2 is asked for a Defend die: P2 forages D8s
 * onto its tacticians and otherwise prepares; P1 attacks a tactician when it
 * can, and otherwise walks toward one.
 */
async function untilDefence(m) {
  for (let k = 0; k < 400; k++) {
    const v0 = await view(m, 0);
    if (v0.turn.kind !== "seat") throw new Error(`the game ${v0.turn.kind === "over" ? "ended" : "is rolling dice"} before a defence`);
    const s = v0.turn.seat;
    const v = await view(m, s);
    if (s === 1 && v.legal.some(isDefend)) return v;
    const legal = v.legal;
    const obs = v.observation;
    const tactician = (i) => i >= 2 && (obs.figures[i]?.dice ?? []).length > 0;
    const pick =
      s === 1
        ? legal.find((a) => a?.Forage && obs.pool[a.Forage.die]?.sides === 8) ??
          legal.find((a) => a === "Prepare") ??
          legal.find((a) => a === "Pass") ??
          legal.find((a) => a === "End") ??
          legal[0]
        : legal.find((a) => a?.Attack && tactician(a.Attack.target)) ??
          legal.find((a) => a === "Pass" && obs.phase?.Forage) ??
          legal.find((a) => a?.Move) ??
          legal.find((a) => a === "Resolve") ??
          legal[0];
    const { status, json } = await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: pick });
    assert.equal(status, 200, JSON.stringify(json));
    await sleep(10);
  }
  throw new Error("no defence was ever asked");
}

test("the defender spends a Defend die in their own browser while the attack resolves", async () => {
  const m = await create();
  const v = await untilDefence(m);
  const top = v.observation.pending[v.observation.pending.length - 1];
  assert.equal(top.frame, "window");
  assert.equal(top.trigger.trigger, "damage");
  const damage = v.observation.pending.find((f) => f.frame === "damage").amount;

  // The attacker's player sees that it is the other player's decision.
  const ada = await open(b, `/m/${m.id}?token=${m.tokens[0]}`);
  await ada.page.waitForSelector("[data-testid=ephemeral-table]");
  assert.equal(await ada.page.locator("[data-testid=reaction]").count(), 0, "the attacker is not asked");
  assert.equal(await ada.page.locator(".table-page").getAttribute("data-your-turn"), "false");

  // The defender, in a context of their own, is asked and answers by a click.
  const bo = await open(b, `/m/${m.id}?token=${m.tokens[1]}`);
  await bo.page.waitForSelector("[data-testid=reaction]");
  assert.match(await bo.page.locator("[data-testid=reaction] .tray-title").innerText(), /(Dee|Eve) is about to take \d+ damage from \w+.s attack: use a Defend die/);
  const len = await tableLen(bo.page);
  await bo.page.locator("[data-testid=reaction] button", { hasText: "as it shows" }).first().click();
  await bo.page.waitForFunction((l) => Number(document.querySelector(".table-page")?.getAttribute("data-len")) > l, len);
  await bo.page.waitForFunction(() => /defends with T7/.test(document.querySelector("[data-testid=log]")?.textContent ?? ""));

  // Both tables show the defence and the damage that was left.
  const after = await view(m, 0);
  const steps = await api("GET", `/api/matches/${m.id}/record`);
  assert.equal(steps.status, 200);
  const defended = JSON.stringify(after).includes("Defended") || (await ada.page.locator("[data-testid=log]").innerText()).includes("defends");
  assert.ok(defended, "the attacker's table hears of the defence");
  await ada.page.waitForFunction(() => /defends with T7/.test(document.querySelector("[data-testid=log]")?.textContent ?? ""));
  const log = await ada.page.locator("[data-testid=log]").innerText();
  assert.match(log, new RegExp(`takes \\d+ damage`));
  assert.ok(damage > 0);
  assert.deepEqual([...ada.errors, ...bo.errors], []);
  await ada.context.close();
  await bo.context.close();
});

test("the active figure's tray offers its abilities with their targets", async () => {
  const m = await create();
  // Through setup to an activation of P2's (its tacticians have T7 only:
  // a reaction, so the tray says when it is used instead of offering it).
  for (let k = 0; k < 400; k++) {
    const v0 = await view(m, 0);
    if (v0.turn.kind !== "seat") break;
    const s = v0.turn.seat;
    const v = await view(m, s);
    if (s === 1 && v.observation.phase?.Acting) break;
    const pick = v.legal.find((a) => a === "Pass") ?? v.legal.find((a) => a === "Prepare") ?? v.legal[0];
    await api("POST", `/api/matches/${m.id}/actions`, { token: m.tokens[s], action: pick });
  }
  const bo = await open(b, `/m/${m.id}?token=${m.tokens[1]}`);
  await bo.page.waitForSelector("[data-testid=abilities]");
  assert.match(await bo.page.locator("[data-testid=abilities]").innerText(), /T7[\s\S]*used when an attack is about to damage this figure/);
  assert.deepEqual([...bo.errors], []);
  await bo.context.close();
});
