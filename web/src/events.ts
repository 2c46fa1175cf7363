// Every step of a match in plain words: the games' events (the same words
// the terminal prints), with seats and figures by name.
import type { Step } from "@bindings/Step";
import type { SeatView } from "@bindings/SeatView";
import type { Json } from "./api";
import { essenceSquare } from "./games/essence-model";
import { figureLabel } from "./games/ephemeral-model";
import { ethiaArmyName } from "./games/ethia-model";

export interface Ctx {
  game: string;
  seats: SeatView[];
  variant: Json | null;
  /** The current observation, for names only the state holds (E'thia Worlds' leaders). */
  obs?: Json;
}

export const seatName = (seats: SeatView[], s: number | null | undefined) =>
  s === null || s === undefined ? "the dice" : (seats[s]?.name ?? `P${s + 1}`);

const cm = (v: number) => `${Math.round(v * 10) / 10} cm`;
const pos = (p: Json) => (p ? `(${Math.round(p.x * 10) / 10}, ${Math.round(p.y * 10) / 10})` : "?");

/** Words for one step: one line per event, or the decision when it had none. */
export function describeStep(step: Step, ctx: Ctx): string[] {
  const events: Json[] = Array.isArray(step.events) ? step.events : [];
  const lines = events.map((e) => describeEvent(e, ctx)).filter((l): l is string => !!l);
  if (lines.length) return lines;
  const d: Json = step.decision;
  if (d === null || d === undefined) return ["(hidden)"];
  if (d.roll) return [`dice: ${d.roll.join(" ")}`];
  return [`${seatName(ctx.seats, step.seat)}: ${describeAction(ctx, d.act)}`];
}

/** Words for an action as the game writes it. */
export function describeAction(ctx: Ctx, a: Json): string {
  if (typeof a === "string") {
    if (ctx.game === "essence" && a === "@-") return "leaves the touched motes as they are";
    if (ctx.game === "ethia") {
      let m = /^M([a-h]\d+)$/.exec(a);
      if (m) return `chooses the unit on ${m[1]} to move`;
      m = /^>([a-h]\d+)$/.exec(a);
      if (m) return `moves to ${m[1]}`;
    }
    return a;
  }
  if (ctx.game === "ephemeral") return describeEphemeralAction(ctx, a);
  return JSON.stringify(a);
}

function describeEvent(e: Json, ctx: Ctx): string | null {
  switch (ctx.game) {
    case "essence":
      return essenceEvent(e, ctx);
    case "ethia":
      return ethiaEvent(e, ctx);
    case "ethia-worlds":
      return worldsEvent(e, ctx);
    case "ephemeral":
      return ephemeralEvent(e, ctx);
  }
  return generic(e);
}

function essenceEvent(e: Json, ctx: Ctx): string {
  const who = (s: number) => seatName(ctx.seats, s);
  const sq = essenceSquare;
  switch (e.event) {
    case "grew":
      return `${who(e.by)} grows the mote on ${sq(e.at)} to ${e.power}`;
    case "spun":
      return `${who(e.by)} spins the mote on ${sq(e.at)}`;
    case "moved":
      return `${who(e.by)} moves the mote on ${sq(e.from)} to ${sq(e.to)}${e.through_void ? ", through the void, losing 1 power" : ""}`;
    case "split":
      return `${who(e.by)} splits the mote on ${sq(e.from)}; a new mote appears on ${sq(e.to)}`;
    case "healed":
      return `${who(e.by)} moves ${e.amount} power from ${sq(e.from)} to ${sq(e.to)}, which is now ${e.power}`;
    case "void_shifted":
      return `${who(e.by)} shifts the void from ${sq(e.from)} to ${sq(e.to)}`;
    case "destabilized":
      return `${who(e.by)} destabilizes ${sq(e.at)} by ${e.amount}, hitting every adjacent mote`;
    case "summoned":
      return `${who(e.by)} summons the void onto ${sq(e.at)}`;
    case "died":
      return `${who(e.owner)}'s mote on ${sq(e.at)} dies`;
    case "destroyed":
      return `the void destroys ${who(e.owner)}'s mote on ${sq(e.at)}`;
    case "passed":
      return `${who(e.by)} has no possible action and passes`;
    case "turn_began":
      return `turn ${e.turn}: ${who(e.by)} to play`;
    case "game_over":
      return e.winner === null || e.winner === undefined ? `draw: ${e.reason}` : `${who(e.winner)} wins: ${e.reason}`;
  }
  return generic(e);
}

function ethiaEvent(e: Json, ctx: Ctx): string {
  const who = (s: number) => seatName(ctx.seats, s);
  const army = (a: number) => ethiaArmyName(ctx.seats, a);
  const kind = (k: string) => (k === "leader" ? "leader" : "squad unit");
  const team = (t: number) => `team ${t === 0 ? "A" : "B"}`;
  switch (e.event) {
    case "roll_off": {
      const r: string[] = [];
      for (let i = 0; i < 4; i++) if (e.who & (1 << i)) r.push(`${who(i)} ${e.rolls[i]}`);
      return `roll-off for ${e.for_what}: ${r.join(", ")}`;
    }
    case "roll_off_won":
      return `${who(e.seat)} wins the roll-off for ${e.for_what}`;
    case "walls_chosen":
      return `${who(e.by)} chooses ${e.option} wall placement`;
    case "wall_placed":
      return e.by === null || e.by === undefined
        ? `a wall stands on ${e.edge[0]}|${e.edge[1]}`
        : `${who(e.by)} places a wall on ${e.edge[0]}|${e.edge[1]}`;
    case "end_chosen":
      return `${who(e.by)}'s side starts at the ${e.end} end`;
    case "deployed":
      return `${army(e.army)} places a ${kind(e.kind)} on ${e.at}`;
    case "turn_began":
      return `${army(e.army)} rolls ${e.actions} action${e.actions === 1 ? "" : "s"}`;
    case "move_rolled":
      return `the unit on ${e.unit} may move ${e.roll}`;
    case "moved":
      return e.from === e.to ? `the unit on ${e.from} stays` : `${e.from} moves to ${e.to}`;
    case "attacked": {
      const a = (e.attack as number[]).filter((v) => v > 0).join(" ");
      const verdict =
        e.verdict === "target_captured" ? "captured" : e.verdict === "attacker_captured" ? "the attacker is captured" : "a miss";
      return `${e.from} attacks ${e.to} (${e.close ? "close combat" : "ranged"}): ${a} against ${e.defence} — ${verdict}`;
    }
    case "captured":
      return `${army(e.army)}'s ${kind(e.kind)} on ${e.at} is captured`;
    case "army_out":
      return `${army(e.army)} has lost its leader and leaves the board`;
    case "draw_window":
      return `${team(e.leader_team)} captured every enemy leader in the first round; the rest of the round may still force a draw`;
    case "board_removed":
      return `every unit stands on one board: only the ${e.kept} board remains`;
    case "turn_ended":
      return `${army(e.army)} ends its turn`;
    case "game_over":
      return e.team === null || e.team === undefined ? `draw: ${e.reason}` : `${team(e.team)} wins: ${e.reason}`;
  }
  return generic(e);
}

function worldsEvent(e: Json, ctx: Ctx): string {
  const l = (i: number) => ctx.obs?.leaders?.[i]?.card?.name ?? `leader ${i + 1}`;
  const kinds: Record<string, string> = { close: "Coyote", ranged: "Hawk", boss: "the Duke" };
  const en = (i: number) => {
    const k = ctx.obs?.enemies?.[i]?.kind;
    return k ? `${kinds[k] ?? k} ${k === "boss" ? "" : i + 1}`.trim() : `enemy ${i + 1}`;
  };
  switch (e.event) {
    case "round_began":
      return `round ${e.round} begins`;
    case "call_rolled":
      return `the call is rolled: ${e.roll} — ${e.answered ? "the call is answered!" : "nothing comes"}`;
    case "enemy_moved":
      return `${en(e.enemy)} moves to ${e.to}`;
    case "turn_began":
      return `${l(e.leader)}'s turn`;
    case "actions_rolled":
      return `${l(e.leader)} rolls ${e.roll}: ${e.actions} action(s)`;
    case "drank":
      return `${l(e.leader)} drinks a ${e.elixir} elixir`;
    case "healed":
      return `${l(e.leader)} rests and heals every hit point`;
    case "move_rolled":
      return `${l(e.leader)} may move ${e.roll}`;
    case "stepped":
      return `${l(e.leader)} steps to ${e.to}`;
    case "struck":
      return e.by_leader
        ? `${l(e.leader)} attacks ${en(e.enemy)}: ${e.attack} against ${e.defence} — ${e.result}`
        : `${en(e.enemy)} attacks ${l(e.leader)}: ${e.attack} against ${e.defence} — ${e.result}`;
    case "captured":
      return `${en(e.enemy)} is captured by ${l(e.by)}`;
    case "boss_hit":
      return `the boss is hit (${e.hp} hit points left)`;
    case "hurt":
      return `${l(e.leader)} is hurt (${e.hp} hit points left)`;
    case "unconscious":
      return `${l(e.leader)} falls unconscious`;
    case "leader_captured":
      return `${l(e.leader)} is captured by the enemy`;
    case "resurrected":
      return `${l(e.leader)} is resurrected at full health`;
    case "alerted":
      return `${en(e.enemy)} is alerted`;
    case "hostile":
      return `${en(e.enemy)} turns hostile`;
    case "tokens":
      return `${l(e.leader)} gains ${e.amount} truth token(s)`;
    case "escaped":
      return `${l(e.leader)} escapes the map`;
    case "pacified":
      return "the boss is pacified: one more hit will defeat him";
    case "rebuffed":
      return "the boss is not amused: every leader must defend";
  }
  return generic(e);
}

function fig(ctx: Ctx, i: number) {
  return figureLabel(ctx.variant, i);
}

function ephemeralEvent(ev: Json, ctx: Ctx): string {
  if (typeof ev === "string") {
    if (ev === "ForagingOver") return "foraging is over";
    return words(ev);
  }
  const [name, e] = Object.entries(ev)[0] as [string, Json];
  const who = (s: number) => seatName(ctx.seats, s);
  const piece = (p: number) => ctx.variant?.kit?.piece?.[p]?.name ?? `piece ${p + 1}`;
  switch (name) {
    case "SideRoll":
      return `roll-off for the choice of sides: ${who(0)} ${e.rolls[0]}, ${who(1)} ${e.rolls[1]}`;
    case "Chose":
      return `${who(e.seat)} takes side ${e.side}`;
    case "Terrain":
      return `${who(e.seat)} places the ${piece(e.piece)} at ${pos(e.at)}${e.turn ? `, turned ${e.turn}°` : ""}`;
    case "Gate":
      return `${who(e.seat)} places the gate at ${pos(e.at)}`;
    case "Pool":
      return `the foraging pool is rolled: ${(e.dice as Json[]).map((d) => `D${d.sides}:${d.value}`).join(" ")}`;
    case "Forager":
      return `${who(e.seat)} forages first`;
    case "Foraged":
      return `${fig(ctx, e.figure)} forages a D${e.die.sides} showing ${e.die.value} (pool die ${e.slot + 1})`;
    case "Passed":
      return `${who(e.seat)} passes`;
    case "Placed":
      return `${fig(ctx, e.figure)} is placed at ${pos(e.at)}${e.on !== null && e.on !== undefined ? ` on the ${piece(e.on)}` : ""}`;
    case "First":
      return `${who(e.seat)} activates first`;
    case "Activated":
      return `${fig(ctx, e.figure)} activates`;
    case "Moved": {
      const p = e.path as Json[];
      return `${fig(ctx, e.figure)} moves ${pos(p[0])} → ${pos(p[p.length - 1])} (${cm(e.cost)})${e.on !== null && e.on !== undefined ? `, up onto the ${piece(e.on)}` : ""}`;
    }
    case "Attack":
      return `${fig(ctx, e.attacker)} attacks ${fig(ctx, e.target)} at ${cm(e.range)}`;
    case "Rolled": {
      const dice = e.dice as Json[];
      const sum = dice.reduce((s, d) => s + d.value, 0);
      return `the attack dice show ${dice.map((d) => `D${d.sides}:${d.value}`).join(" ")} (sum ${sum})`;
    }
    case "Hit":
      return `hit: ${fig(ctx, e.target)} takes ${e.damage} damage`;
    case "Missed":
      return `miss: the dice sum ${e.sum}, over the attacker's Force ${e.force}`;
    case "Defeated":
      return `${fig(ctx, e.figure)} is defeated`;
    case "Prepared":
      return `${who(e.seat)} gains a prep token`;
    case "Spent": {
      const [use, u] = Object.entries(e.on)[0] as [string, Json];
      const what: Record<string, string> = {
        Raise: `to raise attack die ${u.die + 1} by 2`,
        Lower: `to lower attack die ${u.die + 1} by 2`,
        Forage: `to raise die ${u.die + 1} on ${fig(ctx, u.figure)}'s sheet by 2`,
        Nudge: `to nudge ${fig(ctx, u.figure)} to ${pos(u.to)}`,
        Mend: `to remove 2 damage from ${fig(ctx, u.figure)}`,
        Reach: `for +5 cm range on ${fig(ctx, u.figure)}'s next attack`,
        Force: `for more Force on ${fig(ctx, u.figure)}'s next attack (D6)`,
        Free: `so that ${fig(ctx, u.figure)} ignores its Immobilize`,
      };
      return `${who(e.seat)} spends a prep token ${what[use] ?? words(use)}`;
    }
    case "Ended":
      return `${fig(ctx, e.figure)} ends its activation`;
    case "Used": {
      const a = ctx.variant?.sets?.[0] ? abilityName(ctx, e.figure, e.slot) : `ability ${e.slot + 1}`;
      return `${fig(ctx, e.figure)} uses ${a}${e.die ? ` with a D${e.die.sides} showing ${e.die.value}` : ""}`;
    }
    case "Defended":
      return `${fig(ctx, e.figure)} defends with ${abilityName(ctx, e.figure, e.slot)} (${e.rerolled ? "rerolled to" : "showing"} ${e.value}): ${e.value} off the damage`;
    case "Negated":
      return `${fig(ctx, e.by)} cancels ${e.amount} damage to ${fig(ctx, e.target)}`;
    case "ResistRolled":
      return `${fig(ctx, e.figure)} rolls to resist: ${(e.dice as Json[]).map((d) => `D${d.sides}:${d.value}`).join(" ")} for ${e.total}, against ${e.against}`;
    case "Resisted":
      return `${fig(ctx, e.figure)} resists: no effect`;
    case "Immobilized":
      return `${fig(ctx, e.figure)} is immobilized for its next activation`;
    case "Freed":
      return `${fig(ctx, e.figure)} may move again`;
    case "Immobile":
      return `${fig(ctx, e.figure)} is Immobile for the rest of the game`;
    case "ActionLost":
      return `${fig(ctx, e.figure)} loses an action`;
    case "ActionGained":
      return `${fig(ctx, e.figure)} gains an action`;
    case "Healed":
      return `${fig(ctx, e.figure)} is healed of ${e.amount} damage`;
    case "MineLaid":
      return `${fig(ctx, e.figure)} lays ${e.passive ? "passive" : "active"} mine ${e.mine} (D${e.die.sides}:${e.die.value}) at ${pos(e.at)}`;
    case "MineDetonated":
      return `mine ${e.mine} goes off at ${pos(e.at)}`;
    case "Pushed":
      return `${fig(ctx, e.by)} ${e.pull ? "pulls" : "pushes"} ${fig(ctx, e.figure)} to ${pos(e.to)}${e.short ? " (stopped short)" : ""}`;
    case "GateMoved":
      return `${fig(ctx, e.by)} moves the gate to ${pos(e.to)}`;
    case "Shifted":
      return `${fig(ctx, e.lowered)}'s D${e.low.sides} goes down to ${e.low.value}, ${fig(ctx, e.raised)}'s D${e.high.sides} up to ${e.high.value}`;
    case "Stole":
      return `${fig(ctx, e.by)} takes a prep token from ${who(e.from)}`;
    case "Spray":
      return `spray: ${e.damage} damage to every figure near ${fig(ctx, e.around)}`;
    case "MoveStopped":
      return `${fig(ctx, e.figure)} stops at ${pos(e.at)}: the rest of its path is blocked`;
    case "GameOver": {
      const t = e.touching as number[];
      const p = e.points as number[];
      const w = e.winner === null || e.winner === undefined ? "a draw" : `${who(e.winner)} wins`;
      return `the game ends: ${t[0]}–${t[1]} figures touching the gate, ${p[0]}–${p[1]} points there — ${w}`;
    }
  }
  return `${words(name)} ${JSON.stringify(e)}`;
}

function describeEphemeralAction(ctx: Ctx, a: Json): string {
  if (typeof a === "string") return words(a).toLowerCase();
  const [name, v] = Object.entries(a)[0] as [string, Json];
  switch (name) {
    case "Move":
      return `moves to ${pos((v.path as Json[])[v.path.length - 1])}`;
    case "Attack":
      return `attacks ${fig(ctx, v.target)}`;
    case "Activate":
      return `activates ${fig(ctx, v.figure)}`;
    case "Ability":
      return `uses ${abilityName(ctx, v.figure, v.slot)}`;
    case "Detonate":
      return `sets off mine ${v.mine}`;
    case "Resist":
      return "rolls to resist";
  }
  return `${words(name)} ${JSON.stringify(v)}`;
}

/** An ability's name in the set (or its id), from the match's variant. */
function abilityName(ctx: Ctx, figure: number, slot: number): string {
  const sets = (ctx.variant?.sets ?? []) as Json[];
  let k = figure;
  for (const set of sets) {
    const figs = (set?.figure ?? set?.figures ?? []) as Json[];
    if (k < figs.length) {
      const a = figs[k]?.abilities?.[slot];
      if (typeof a === "string") return a;
      if (a) return a.name ? `${a.name} (${a.id})` : a.id;
      break;
    }
    k -= figs.length;
  }
  return `ability ${slot + 1}`;
}

function words(s: string): string {
  return s
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function generic(e: Json): string {
  if (typeof e === "string") return words(e);
  if (e && typeof e.event === "string") {
    const rest = Object.entries(e)
      .filter(([k]) => k !== "event")
      .map(([k, v]) => `${words(k)} ${typeof v === "object" ? JSON.stringify(v) : v}`);
    return `${words(e.event)}${rest.length ? ` (${rest.join(", ")})` : ""}`;
  }
  const entries = Object.entries(e ?? {});
  if (entries.length === 1) return `${words(entries[0][0])} ${JSON.stringify(entries[0][1])}`;
  return JSON.stringify(e);
}
