// E'thia Worlds: the quest map (its size read from the quest file), leaders
// and enemies, chests, traps and locks, walls; squares click for the
// decisions that name a square, and the rest are buttons.
import { useEffect, useMemo, useState } from "preact/hooks";
import { parse as parseToml } from "smol-toml";
import type { Enemy } from "@bindings/games/ethia-worlds/Enemy";
import type { Leader } from "@bindings/games/ethia-worlds/Leader";
import type { WorldsState } from "@bindings/games/ethia-worlds/WorldsState";
import type { WorldsVariant } from "@bindings/games/ethia-worlds/WorldsVariant";
import { keys, Panel, type GameProps, type GameUI } from "../ui";
import { cells } from "./ethia-model";
import coyote from "@ethia-quests/kingdom-of-coyote.toml?raw";

const C = 52;
const PAD = 26;
const DIRS: Record<string, [number, number]> = { n: [0, 1], ne: [1, 1], e: [1, 0], se: [1, -1], s: [0, -1], sw: [-1, -1], w: [-1, 0], nw: [-1, 1] };

/** What the table reads of a quest file (TOML, as `docs/quests.md` describes). */
interface QuestFile {
  name?: string;
  map?: string;
  close?: { name?: string };
  ranged?: { name?: string };
  boss?: { name?: string };
}

function questOf(variant: WorldsVariant | null): QuestFile {
  try {
    return parseToml(variant?.quest_file || coyote) as QuestFile;
  } catch {
    return parseToml(coyote) as QuestFile;
  }
}

/** The leader a frame or a phase is about, if it names one. */
const leaderIn = (v: object | null | undefined): number | null =>
  v && "leader" in v && typeof v.leader === "number" ? v.leader : null;

export function useWorlds(p: GameProps): GameUI {
  const s = p.obs as WorldsState | null;
  const quest = useMemo(() => questOf((p.config?.variant ?? null) as WorldsVariant | null), [p.config]);
  const rows = String(quest.map ?? "").trim().split("\n").filter((r: string) => r.trim());
  const width = rows[0]?.trim().split(/\s+/).length ?? 8;
  const height = rows.length || 16;
  const name = (c: number) => `${String.fromCharCode(97 + (c % width))}${Math.floor(c / width) + 1}`;
  const cellOf = (t: string) => (Number(t.slice(1)) - 1) * width + (t.charCodeAt(0) - 97);
  const [choice, setChoice] = useState<string[] | null>(null);
  useEffect(() => setChoice(null), [p.view.len]);

  // Worlds' actions travel in its notation (text).
  const legal: string[] = p.interactive ? (p.legal as string[]) : [];
  // Pending work (an enemy's step, a strike, a gift) is a stack in the state,
  // its top last: the top frame, when there is one, is what the table waits for.
  const pending = s?.pending ?? [];
  const top = pending.length ? pending[pending.length - 1] : null;
  const phase: string = top?.frame ?? s?.phase.phase ?? "";
  const current: number | null = leaderIn(top) ?? leaderIn(s?.phase) ?? s?.turn_of ?? null;
  const leaders: Leader[] = s?.leaders ?? [];
  const bySquare = new Map<number, string[]>();
  const buttons: string[] = [];
  for (const a of legal) {
    const m = /^([a-z-]+):([a-z]\d+)$/.exec(a);
    const st = /^step:([nsew]{1,2})$/.exec(a);
    let cell: number | null = null;
    if (m) cell = cellOf(m[2]);
    else if (st && current !== null && leaders[current]) {
      const at = leaders[current].at;
      const [df, dr] = DIRS[st[1]];
      const f = (at % width) + df, r = Math.floor(at / width) + dr;
      if (f >= 0 && f < width && r >= 0 && r < height) cell = r * width + f;
    }
    if (cell !== null) bySquare.set(cell, [...(bySquare.get(cell) ?? []), a]);
    else buttons.push(a);
  }
  const send = (a: string) => void p.act(a);
  const click = (c: number) => {
    const list = bySquare.get(c);
    if (!list) return;
    if (list.length === 1) send(list[0]);
    else setChoice(list);
  };
  const xy = (c: number) => ({ x: PAD + (c % width) * C, y: PAD + (height - 1 - Math.floor(c / width)) * C });
  const W = PAD * 2 + width * C, H = PAD * 2 + height * C;
  const north = cells(s?.walls.north), east = cells(s?.walls.east);
  const sets = { chest: cells(s?.chests), lock: cells(s?.locks), block: cells(s?.blocking), strike: cells(s?.striking) };
  const names: Record<string, string> = { close: quest.close?.name ?? "Coyote", ranged: quest.ranged?.name ?? "Hawk", boss: quest.boss?.name ?? "Boss" };

  const board = (
    <div class="worlds-wrap">
      <svg class={`worlds-board ${p.interactive ? "live" : ""}`} viewBox={`0 0 ${W} ${H}`} data-testid="worlds-board">
        <rect x="3" y="3" width={W - 6} height={H - 6} rx="12" class="worlds-frame" />
        {Array.from({ length: width * height }, (_, c) => {
          const { x, y } = xy(c);
          const t = bySquare.has(c);
          return (
            <g class={`sq ${(c + Math.floor(c / width)) % 2 ? "a" : "b"} ${t ? "target" : ""}`} data-square={name(c)} onClick={() => click(c)} {...keys(p.interactive && t, `${(bySquare.get(c) ?? []).map(worldsLabel).join(" or ")}`, () => click(c))}>
              <rect x={x} y={y} width={C} height={C} class="sq-bg" />
              {sets.chest.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat chest">
                  <title>a closed chest</title>
                  ⛃
                </text>}
              {sets.lock.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat lock">
                  <title>a lock</title>
                  ⌧
                </text>}
              {sets.block.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat block">
                  <title>a blocking trap</title>
                  ☠
                </text>}
              {sets.strike.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat strike">
                  <title>a striking trap</title>
                  §
                </text>}
              {t && <circle cx={x + C / 2} cy={y + C / 2} r="7" class="hint-move" pointer-events="none" />}
            </g>
          );
        })}
        {Array.from({ length: width * height }, (_, c) => {
          const { x, y } = xy(c);
          return [
            north.has(c) ? <line x1={x} y1={y} x2={x + C} y2={y} class="wall" /> : null,
            east.has(c) ? <line x1={x + C} y1={y} x2={x + C} y2={y + C} class="wall" /> : null,
          ];
        })}
        {Array.from({ length: width }, (_, i) => (
          <text x={PAD + i * C + C / 2} y={H - 7} class="coord">
            {String.fromCharCode(97 + i)}
          </text>
        ))}
        {Array.from({ length: height }, (_, i) => (
          <text x={12} y={PAD + i * C + C / 2 + 5} class="coord">
            {height - i}
          </text>
        ))}
        {(s?.enemies ?? []).map((e: Enemy, k: number) => {
          if (e.gone) return null;
          const { x, y } = xy(e.at);
          return (
            <g class={`enemy ${e.kind} ${e.alerted ? "alerted" : ""} ${e.hostile ? "hostile" : ""}`} data-enemy={k + 1} onClick={() => click(e.at)}>
              <title>
                {names[e.kind] ?? e.kind} {k + 1}
                {e.hostile ? " (hostile)" : e.alerted ? " (alerted)" : ""}
              </title>
              <rect x={x + 8} y={y + 8} width={C - 16} height={C - 16} rx={e.kind === "boss" ? 4 : 10} class="enemy-body" />
              <text x={x + C / 2} y={y + C / 2 + 6} class="enemy-mark">
                {e.kind === "boss" ? "D" : e.kind === "ranged" ? "H" : "C"}
              </text>
            </g>
          );
        })}
        {leaders.map((l: Leader, k: number) => {
          if (l.status?.status === "escaped" || l.status?.status === "captured") return null;
          const { x, y } = xy(l.at);
          return (
            <g class={`leader el-${l.card?.element} ${current === k ? "current" : ""} ${l.status?.status === "unconscious" ? "down" : ""}`} data-leader={k + 1} onClick={() => click(l.at)}>
              <circle cx={x + C / 2} cy={y + C / 2} r={C * 0.36} class="leader-body" />
              <text x={x + C / 2} y={y + C / 2 + 6} class="leader-mark">
                {k + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="worlds-legend" data-testid="worlds-legend" aria-label="Map legend">
        <li>
          <span class="legend-leader">1</span> a leader (by number)
        </li>
        <li>
          <span class="legend-enemy">C</span> {names.close} · <span class="legend-enemy">H</span> {names.ranged} · <span class="legend-enemy">D</span> {names.boss}
          <span class="muted"> (outlined: alerted; red: hostile)</span>
        </li>
        <li>
          <span class="feat-key">⛃</span> a closed chest
        </li>
        <li>
          <span class="feat-key">⌧</span> a lock
        </li>
        <li>
          <span class="feat-key">☠</span> a blocking trap
        </li>
        <li>
          <span class="feat-key">§</span> a striking trap
        </li>
        <li>
          <span class="legend-dot" /> where a decision can go (click)
        </li>
      </ul>
    </div>
  );
  const panel = (
    <Panel title={quest.name ?? "E'thia Worlds"} cls="worlds-panel">
      <div class="muted small">
        Round {s?.round ?? 0} · {phase.replace(/_/g, " ")}
      </div>
      <div class="leader-cards">
        {leaders.map((l: Leader, k: number) => (
          <div class={`leader-card el-${l.card?.element} ${current === k ? "current" : ""}`}>
            <b>
              {k + 1}. {l.card?.name}
            </b>{" "}
            <span class="muted">
              {l.card?.element} {l.card?.type}
            </span>
            <div class="small">
              {"♥".repeat(Math.max(0, l.hp))} {l.status?.status !== "active" ? `· ${l.status?.status}` : ""} · {plural(l.card?.tokens ?? 0, "truth token")}
              {(l.card?.elixirs ?? []).length ? ` · elixirs: ${l.card.elixirs.join(", ")}` : ""}
              {(l.card?.relics ?? []).length ? ` · relics: ${l.card.relics.map((r) => ("of" in r ? `${r.relic} (${r.of})` : r.relic)).join(", ")}` : ""}
            </div>
          </div>
        ))}
      </div>
      {choice && (
        <div class="choice">
          <div class="row wrap">
            {choice.map((a) => (
              <button class="btn" data-action={a} onClick={() => send(a)}>
                {worldsLabel(a)}
              </button>
            ))}
          </div>
        </div>
      )}
      {buttons.length > 0 && (
        <div class="row wrap controls-row">
          {buttons.map((a) => (
            <button class="btn" data-action={a} onClick={() => send(a)}>
              {worldsLabel(a)}
            </button>
          ))}
        </div>
      )}
    </Panel>
  );
  // Who decides and what: the leader (or the enemies) and the decision in words.
  const who = current !== null && leaders[current] ? `${current + 1}. ${leaders[current].card?.name ?? `Leader ${current + 1}`}` : null;
  const what = decisionWords(top?.frame ?? null, s?.phase ?? null, names);
  const how = bySquare.size ? (buttons.length ? "click a marked square, or choose below" : "click a marked square") : "choose below";
  const prompt = p.interactive ? `${who && !top ? `${who}: ` : ""}${what} — ${how}.` : null;
  return { board, panel, prompt };
}

const WORDS: Record<string, string> = {
  roll: "Roll for actions",
  heal: "Rest and heal",
  move: "Move (roll)",
  go: "Accept the move roll",
  reroll: "Re-roll",
  charm: "Use the charm",
  stop: "Stop here",
  resolve: "Accept the dice",
  quicken: "Quicken",
  parley: "Parley with the boss",
  escape: "Escape the map",
  end: "End the turn",
  done: "Done",
};

const COMPASS: Record<string, string> = { n: "north", ne: "north-east", e: "east", se: "south-east", s: "south", sw: "south-west", w: "west", nw: "north-west" };

/** "1 truth token", "2 truth tokens". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The decision the table waits for, in words: the top pending frame's, else the phase's. */
function decisionWords(frame: string | null, phase: WorldsState["phase"] | null, names: Record<string, string>): string {
  const F: Record<string, string> = {
    aim: "choose which leader the enemy attacks",
    alert_attack: `an alerted ${names.close} attacks: roll for the fight`,
    boss_turn: `${names.boss} acts: roll for him`,
    close_attack: `a ${names.close} attacks: roll for the fight`,
    close_move: `a ${names.close} moves: choose where`,
    close_turn: `the ${names.close}s act: roll for them`,
    enemy_roll: "roll for the enemies",
    gift: "choose what to give",
    hostile_attack: "a hostile enemy attacks: roll for the fight",
    leader_round_over: "this leader's round is over",
    pair: "choose which enemies act together",
    place: "choose where the enemy goes",
    ranged_turn: `the ${names.ranged}s act: roll for them`,
    rebuke: `${names.boss}'s rebuke: roll for it`,
    resume_turn: "carry on with the turn",
    round_over: "the round is over",
    shot_fired: "a leader's shot: roll for it",
    strike: "an attack: roll for it",
    volley: `the ${names.ranged}s fire a volley: roll for it`,
  };
  if (frame) return F[frame] ?? frame.replace(/_/g, " ");
  if (!phase) return "choose";
  switch (phase.phase) {
    case "shop":
      return "shop at the Smokey Cauldron: buy an item, or be done";
    case "call_roll":
      return "roll to call enemies onto the map";
    case "call_place":
      return `place the called enemies (${phase.left} left)`;
    case "choose_leader":
      return "choose which leader goes next";
    case "turn_start":
      return "start the turn: roll for actions, or rest and heal";
    case "tunnel_dir":
      return "choose which way to tunnel";
    case "free_shot":
      return "take the free shot, or let it go";
    case "action_roll":
      return "roll for actions";
    case "act":
      return "choose an action";
    case "move_roll":
      return phase.kept ? `the move roll is ${phase.kept}: keep it or re-roll` : "roll to move";
    case "move_choice":
      return `move up to ${plural(phase.roll, "square")}`;
    case "step":
      return `step (${plural(phase.left, "square")} left), or stop here`;
    case "task_roll":
      return "roll for the task";
    case "chest_six":
      return "a six in the chest: choose the reward";
    case "pick_elixir":
      return "pick an elixir";
    case "charm_type":
      return "choose the charm";
    case "favour_keep":
      return "choose the favour to keep";
    case "trade":
      return "trade with the other leader";
    case "reward_rolls":
      return "roll for the reward";
    case "enemies":
      return "the enemies act: roll for them";
    case "over":
      return "the quest is over";
    default:
      return "choose";
  }
}

/** A Worlds decision in words ("Step north", "Attack on f4", "Roll for actions"). */
export function worldsLabel(a: string): string {
  if (WORDS[a]) return WORDS[a];
  const m = /^([a-z-]+):(.+)$/.exec(a);
  if (!m) return a;
  if (m[1] === "step") return `Step ${COMPASS[m[2]] ?? m[2]}`;
  if (m[1] === "attack") return `Attack on ${m[2]}`;
  if (m[1] === "search") return `Search ${m[2]}`;
  if (m[1] === "place") return `Place on ${m[2]}`;
  const verb: Record<string, string> = { lead: "Leader", drink: "Drink", revive: "Revive leader", favour: "Favour for leader", tunnel: "Tunnel", trade: "Trade with leader", give: "Give", get: "Take", "give-tokens": "Give tokens", "get-tokens": "Take tokens", chest: "Chest:", take: "Take", charm: "Charm", buy: "Buy", aim: "Aim at leader", pair: "Pair" };
  return `${verb[m[1]] ?? m[1]} ${m[2]}`;
}
