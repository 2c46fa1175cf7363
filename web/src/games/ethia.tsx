// E'thia Skirmish and Battle: the 8×8 or 16×8 board with walls on the
// edges, leaders and squads, capture lines, the rolls of the dice, and every
// setup decision (walls, ends, deployment) by a click.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Army } from "@bindings/games/ethia/Army";
import type { Event } from "@bindings/games/ethia/Event";
import type { State } from "@bindings/games/ethia/State";
import type { Variant } from "@bindings/games/ethia/Variant";
import type { Step } from "@bindings/Step";
import { D6, eventsOf, Panel, rollOf, type GameProps, type GameUI } from "../ui";
import { armyColour, armyOwner, armyTeam, cellName, cellOf, cells as squares, WIDTH } from "./ethia-model";

const C = 64;
const PAD = 28;

interface Unit {
  cell: number;
  army: number;
  leader: boolean;
}

export function useEthia(p: GameProps): GameUI {
  const s = p.obs as State | null;
  const variant = (p.config?.variant ?? null) as Variant | null;
  const seats = p.view.seats.length;
  const armies = seats === 2 ? 2 : 4;
  const area = squares(s?.area);
  const ranks = variant?.mode === "battle" || [...area].some((c) => c >= 64) ? 16 : 8;
  const [sel, setSel] = useState<number | null>(null);
  const [kind, setKind] = useState<"L" | "S">("L");
  useEffect(() => setSel(null), [p.view.len, p.view.you]);

  const units: Unit[] = useMemo(() => {
    const out: Unit[] = [];
    (s?.armies ?? []).forEach((a: Army, army: number) => {
      if (a.leader !== null && a.leader !== undefined) out.push({ cell: a.leader, army, leader: true });
      for (const c of squares(a.squad)) out.push({ cell: c, army, leader: false });
    });
    return out;
  }, [s]);
  const unitAt = new Map(units.map((u) => [u.cell, u]));
  const north = squares(s?.walls.north), east = squares(s?.walls.east);
  const me = p.view.you;
  const myArmies = me === null ? [] : seats === 3 && me === 2 ? [2, 3] : [me];
  const myTeam = me === null ? 0 : armyTeam(armies, myArmies[0]);
  const teamAEnd = s?.team_a_end;
  const flip = teamAEnd ? (teamAEnd === "south") !== (myTeam === 0) : false;

  // E'thia's actions travel in its notation (text).
  const legal: string[] = p.interactive ? (p.legal as string[]) : [];
  const movers = new Set(legal.filter((a) => /^M[a-h]\d+$/.test(a)).map((a) => cellOf(a.slice(1))));
  const captures = legal.map((a) => /^([a-h]\d+)x([a-h]\d+)$/.exec(a)).filter(Boolean).map((m) => ({ from: cellOf(m![1]), to: cellOf(m![2]), text: m![0] }));
  const dests = new Map(legal.filter((a) => a.startsWith(">")).map((a) => [cellOf(a.slice(1)), a]));
  const deploys = legal.filter((a) => /^[LS]@/.test(a));
  const deployKinds = new Set(deploys.map((a) => a[0]));
  const useKind = deployKinds.has(kind) ? kind : deployKinds.has("L") ? "L" : "S";
  const deployCells = new Map(deploys.filter((a) => a[0] === useKind).map((a) => [cellOf(a.slice(2)), a]));
  const edges = legal.filter((a) => /^[a-h]\d+\|[a-h]\d+$/.test(a));
  const buttons = legal.filter((a) => /^(walls|end):/.test(a) || a === "end");
  const ph = s?.phase ?? null;
  const phase = ph?.phase;
  const moving = ph && (ph.phase === "move_to" || ph.phase === "move_roll") ? ph.unit : null;
  const selCaps = sel === null ? [] : captures.filter((c) => c.from === sel);

  const send = (a: string) => void p.act(a);
  const click = (c: number) => {
    if (!p.interactive) return;
    if (dests.size) {
      const d = dests.get(c);
      return send(d ?? `>${cellName(c)}`);
    }
    if (deploys.length) {
      const d = deployCells.get(c);
      return send(d ?? `${useKind}@${cellName(c)}`);
    }
    const u = unitAt.get(c);
    if (sel !== null && c !== sel && (!u || !myArmies.includes(u.army))) {
      if (u) return send(`${cellName(sel)}x${cellName(c)}`); // the rules say why not, if not
      return setSel(null);
    }
    if (u && myArmies.includes(u.army)) setSel(sel === c ? null : c);
  };

  const xy = (c: number) => {
    const f = c % WIDTH, r = Math.floor(c / WIDTH);
    const col = flip ? WIDTH - 1 - f : f;
    const row = flip ? r : ranks - 1 - r;
    return { x: PAD + col * C, y: PAD + row * C };
  };
  const centre = (c: number) => {
    const { x, y } = xy(c);
    return { x: x + C / 2, y: y + C / 2 };
  };
  const W = PAD * 2 + WIDTH * C, H = PAD * 2 + ranks * C;
  const cells = Array.from({ length: WIDTH * ranks }, (_, c) => c);
  const lastAttack = lastAttackOf(p.steps);

  const wallSeg = (c: number, side: "n" | "e") => {
    const { x, y } = xy(c);
    // north side of c is the top edge when not flipped; east side the right edge.
    if (side === "n") {
      const yy = flip ? y + C : y;
      return { x1: x, y1: yy, x2: x + C, y2: yy };
    }
    const xx = flip ? x : x + C;
    return { x1: xx, y1: y, x2: xx, y2: y + C };
  };
  const edgeSeg = (text: string) => {
    const [a, b] = text.split("|").map(cellOf);
    return wallSeg(a, b - a === WIDTH ? "n" : "e");
  };

  const board = (
    <div class="ethia-wrap" style={{ "--ranks": ranks }}>
      <svg class={`ethia-board ${p.interactive ? "live" : ""}`} viewBox={`0 0 ${W} ${H}`} data-testid="ethia-board">
        <defs>
          <radialGradient id="tok-light" cx="35%" cy="30%" r="75%">
            <stop offset="0%" stop-color="#fff" stop-opacity=".55" />
            <stop offset="60%" stop-color="#fff" stop-opacity="0" />
          </radialGradient>
        </defs>
        <rect x="3" y="3" width={W - 6} height={H - 6} rx="14" class="ethia-frame" />
        {cells.map((c) => {
          const { x, y } = xy(c);
          const f = c % WIDTH, r = Math.floor(c / WIDTH);
          const off = area.size > 0 && !area.has(c);
          const target = dests.has(c) || deployCells.has(c);
          return (
            <g class={`sq ${(f + r) % 2 ? "light" : "dark"} ${off ? "off" : ""} ${target ? "target" : ""}`} data-square={cellName(c)} onClick={() => click(c)}>
              <rect x={x} y={y} width={C} height={C} class="sq-bg" />
              {target && <circle cx={x + C / 2} cy={y + C / 2} r="9" class="hint-move" pointer-events="none" />}
            </g>
          );
        })}
        {ranks === 16 && <line x1={PAD - 6} y1={PAD + 8 * C} x2={W - PAD + 6} y2={PAD + 8 * C} class="board-seam" />}
        {Array.from({ length: WIDTH }, (_, i) => (
          <text x={PAD + i * C + C / 2} y={H - 8} class="coord">
            {"abcdefgh"[flip ? WIDTH - 1 - i : i]}
          </text>
        ))}
        {Array.from({ length: ranks }, (_, i) => (
          <text x={13} y={PAD + i * C + C / 2 + 5} class="coord">
            {flip ? i + 1 : ranks - i}
          </text>
        ))}
        {cells.flatMap((c) => [
          north.has(c) ? <line {...wallSeg(c, "n")} class="wall" /> : null,
          east.has(c) ? <line {...wallSeg(c, "e")} class="wall" /> : null,
        ])}
        {edges.map((e) => (
          <g class="edge-pick" data-edge={e} onClick={() => send(e)}>
            <line {...edgeSeg(e)} class="edge-hit" />
            <line {...edgeSeg(e)} class="edge-show" />
          </g>
        ))}
        {lastAttack && unitLine(lastAttack, centre)}
        {selCaps.map((cap) => {
          const a = centre(cap.from), b = centre(cap.to);
          return (
            <g class="capture-line" pointer-events="none">
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
              <circle cx={b.x} cy={b.y} r={C * 0.42} />
            </g>
          );
        })}
        {units.map((u) => {
          const { x, y } = centre(u.cell);
          const mine = myArmies.includes(u.army);
          const can = movers.has(u.cell) || captures.some((c) => c.from === u.cell);
          const targeted = selCaps.some((c) => c.to === u.cell);
          return (
            <g
              class={`unit army-${armyColour(armies, u.army)} ${u.leader ? "leader" : "squad"} ${sel === u.cell ? "selected" : ""} ${mine && can && p.interactive ? "can" : ""} ${targeted ? "targeted" : ""} ${moving === u.cell ? "moving" : ""}`}
              data-at={cellName(u.cell)}
              data-army={u.army}
              onClick={() => click(u.cell)}
            >
              <circle cx={x} cy={y + 3} r={C * 0.36} class="tok-shadow" />
              <circle cx={x} cy={y} r={C * 0.36} class="tok" />
              <circle cx={x} cy={y} r={C * 0.36} fill="url(#tok-light)" pointer-events="none" />
              <circle cx={x} cy={y} r={C * 0.27} class="tok-ring" />
              {u.leader ? (
                <path d={`M${x - 11} ${y + 7} L${x - 13} ${y - 7} L${x - 5} ${y - 1} L${x} ${y - 11} L${x + 5} ${y - 1} L${x + 13} ${y - 7} L${x + 11} ${y + 7} Z`} class="crown-mark" />
              ) : (
                <circle cx={x} cy={y} r="6" class="squad-mark" />
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );

  // What the game waits for.
  let prompt: string | null = null;
  if (p.interactive) {
    if (phase === "choose_walls") prompt = "You won the roll-off: choose how the walls are placed.";
    else if (phase === "place_wall") prompt = "Place a wall: click a glowing edge between two squares.";
    else if (phase === "choose_end") prompt = "Choose the end of the board your side starts at.";
    else if (phase === "deploy") prompt = `Deploy: click a glowing square to place your ${useKind === "L" ? "leader" : "squad unit"}.`;
    else if (ph?.phase === "move_to") prompt = `You rolled ${ph.roll}: click where the unit on ${cellName(ph.unit)} goes (or its own square to stay).`;
    else if (phase === "act")
      prompt =
        sel === null
          ? `${s?.actions_left} action${s?.actions_left === 1 ? "" : "s"} left: click one of your units, or end your turn.`
          : `The unit on ${cellName(sel)}: roll to move it, or click a marked enemy to attempt a capture.`;
  }
  const army = s?.active ?? 0;
  const panel = (
    <Panel title={variant?.mode === "battle" ? "E'thia Battle" : "E'thia Skirmish"} cls="ethia-panel">
      <div class="ethia-status">
        {s?.round ? <span>Round {s.round}</span> : <span>Setup</span>}
        {phase === "act" || phase === "move_to" ? (
          <span>
            {s?.actions_left} action{s?.actions_left === 1 ? "" : "s"} left
          </span>
        ) : null}
      </div>
      <div class="army-list">
        {(s?.armies ?? []).slice(0, armies).map((a: Army, i: number) => {
          const squad = squares(a.squad).size;
          const owner = armyOwner(seats, i);
          return (
            <div class={`army-row army-${armyColour(armies, i)} ${army === i && s?.round ? "active" : ""} ${a.out ? "out" : ""}`}>
              <span class="army-swatch" />
              <span class="army-name">{p.view.seats[owner]?.name ?? `P${owner + 1}`}{armies > 2 ? ` · army ${i + 1}` : ""}</span>
              <span class="army-count">
                {a.leader !== null && a.leader !== undefined ? "♛ leader · " : a.leader_to_place ? "leader to place · " : a.out ? "leader captured · " : ""}
                {squad} squad{a.squad_to_place ? ` · ${a.squad_to_place} to place` : ""}
              </span>
            </div>
          );
        })}
      </div>
      <DiceTray steps={p.steps} />
      {p.interactive && (
        <div class="controls">
          {deployKinds.size > 1 && (
            <div class="row">
              <span class="muted">Place:</span>
              <button class={`btn small ${useKind === "L" ? "primary" : ""}`} onClick={() => setKind("L")}>
                Leader
              </button>
              <button class={`btn small ${useKind === "S" ? "primary" : ""}`} onClick={() => setKind("S")}>
                Squad unit
              </button>
            </div>
          )}
          {sel !== null && movers.has(sel) && (
            <button class="btn primary" data-testid="roll-move" onClick={() => send(`M${cellName(sel)}`)}>
              Roll to move {cellName(sel)}
            </button>
          )}
          {sel !== null && selCaps.length === 0 && <div class="muted small">No capture from {cellName(sel)} now — click an enemy anyway to hear why not.</div>}
          <div class="row wrap">
            {buttons.map((b) => (
              <button class={`btn ${b === "end" ? "" : "primary"}`} data-action={b} onClick={() => send(b)}>
                {buttonLabel(b)}
              </button>
            ))}
          </div>
        </div>
      )}
    </Panel>
  );
  return { board, panel, prompt };
}

function buttonLabel(b: string): string {
  const m: Record<string, string> = {
    "walls:fixed": "Fixed walls",
    "walls:standard": "Take turns placing walls",
    "walls:custom": "Custom walls",
    "end:south": "Start at the south end",
    "end:north": "Start at the north end",
    end: "End my turn",
  };
  return m[b] ?? b;
}


type Attacked = Extract<Event, { event: "attacked" }>;

function lastAttackOf(steps: Step[]): Attacked | null {
  for (let i = steps.length - 1; i >= Math.max(0, steps.length - 3); i--) {
    const e = eventsOf<Event>(steps[i]).find((x): x is Attacked => x.event === "attacked");
    if (e) return e;
  }
  return null;
}

function unitLine(e: Attacked, centre: (c: number) => { x: number; y: number }) {
  const a = centre(cellOf(e.from)), b = centre(cellOf(e.to));
  return (
    <g class={`attack-line ${e.verdict}`} pointer-events="none">
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
    </g>
  );
}

/** The latest rolls: actions, a move, an attack (attacker's dice against the defender's die), roll-offs. */
function DiceTray({ steps }: { steps: Step[] }) {
  const rolls = steps.filter((s) => rollOf(s) !== null).slice(-3).reverse();
  if (!rolls.length) return null;
  return (
    <div class="dice-tray">
      {rolls.map((s, k) => {
        const evs = eventsOf<Event>(s);
        const att = evs.find((e): e is Attacked => e.event === "attacked");
        const turn = evs.find((e): e is Extract<Event, { event: "turn_began" }> => e.event === "turn_began");
        const mv = evs.find((e): e is Extract<Event, { event: "move_rolled" }> => e.event === "move_rolled");
        const values = rollOf(s) ?? [];
        let label = "roll";
        let dice = values.map((v) => <D6 value={v} size={k ? 22 : 30} />);
        if (att) {
          label = `${att.from} attacks ${att.to}: ${att.verdict === "target_captured" ? "captured!" : att.verdict === "attacker_captured" ? "attacker captured" : "miss"}`;
          const a = values.slice(0, -1), d = values[values.length - 1];
          dice = [
            ...a.map((v) => <D6 value={v} size={k ? 22 : 30} />),
            <span class="vs">vs</span>,
            <D6 value={d} size={k ? 22 : 30} tone="crimson" />,
          ];
        } else if (turn) label = `${turn.actions} action${turn.actions === 1 ? "" : "s"}`;
        else if (mv) label = `${mv.unit} may move ${mv.roll}`;
        else if (evs.some((e) => e.event === "roll_off")) label = "roll-off";
        return (
          <div class={`tray-row ${k ? "old" : "latest"}`}>
            <span class="tray-dice">{dice}</span>
            <span class="tray-label">{label}</span>
          </div>
        );
      })}
    </div>
  );
}
