// E'thia Worlds: the quest map (its size read from the quest file), leaders
// and enemies, chests, traps and locks, walls; squares click for the
// decisions that name a square, and the rest are buttons.
import { useEffect, useMemo, useState } from "preact/hooks";
import { parse as parseToml } from "smol-toml";
import type { Enemy } from "@bindings/games/ethia-worlds/Enemy";
import type { Leader } from "@bindings/games/ethia-worlds/Leader";
import type { WorldsState } from "@bindings/games/ethia-worlds/WorldsState";
import type { WorldsVariant } from "@bindings/games/ethia-worlds/WorldsVariant";
import { Panel, type GameProps, type GameUI } from "../ui";
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
            <g class={`sq ${(c + Math.floor(c / width)) % 2 ? "a" : "b"} ${t ? "target" : ""}`} data-square={name(c)} onClick={() => click(c)}>
              <rect x={x} y={y} width={C} height={C} class="sq-bg" />
              {sets.chest.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat chest">⛃</text>}
              {sets.lock.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat lock">⌧</text>}
              {sets.block.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat block">☠</text>}
              {sets.strike.has(c) && <text x={x + C / 2} y={y + C / 2 + 8} class="feat strike">§</text>}
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
              {"♥".repeat(Math.max(0, l.hp))} {l.status?.status !== "active" ? `· ${l.status?.status}` : ""} · {l.card?.tokens ?? 0} tokens
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
              <button class="btn" onClick={() => send(a)}>
                {a}
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
  const prompt = p.interactive ? (bySquare.size ? "Click a marked square, or choose below." : "Choose below.") : null;
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

function worldsLabel(a: string): string {
  if (WORDS[a]) return WORDS[a];
  const m = /^([a-z-]+):(.+)$/.exec(a);
  if (!m) return a;
  const verb: Record<string, string> = { lead: "Leader", drink: "Drink", revive: "Revive leader", favour: "Favour for leader", tunnel: "Tunnel", trade: "Trade with leader", give: "Give", get: "Take", "give-tokens": "Give tokens", "get-tokens": "Take tokens", chest: "Chest:", take: "Take", charm: "Charm", buy: "Buy", aim: "Aim at leader", pair: "Pair" };
  return `${verb[m[1]] ?? m[1]} ${m[2]}`;
}
