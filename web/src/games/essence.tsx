// Essence of the Arcane: the 5×5 (or 3×3) board with the motes drawn as real
// dice, the legal actions of the view highlighted, and spins by a click.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { GameProps, GameUI } from "../ui";

/** Essence's position and actions, in its notation (`crates/essence/src/notation.rs`). */
type State = string;
type Action = string;
import { Panel } from "../ui";
import { essenceSquare, parseAction, parsePosition, pips, PHASES, type EAction, type Mote } from "./essence-model";

const CELL = 100;
const PAD = 26;

export function useEssence(p: GameProps): GameUI {
  // Essence's observation and actions travel in its notation (text: `State`
  // and `Action` are `string` in its generated types).
  const pos = useMemo(() => parsePosition(p.obs as State), [p.obs]);
  const actions = useMemo(
    () => (p.interactive ? ((p.legal as Action[]).map((a) => parseAction(a)).filter(Boolean) as EAction[]) : []),
    [p.legal, p.interactive],
  );
  const [sel, setSel] = useState<number | "void" | null>(null);
  const [spins, setSpins] = useState<number[]>([]);
  const [choice, setChoice] = useState<EAction[] | null>(null);
  useEffect(() => {
    setSel(null);
    setSpins([]);
    setChoice(null);
  }, [p.view.len, p.view.you]);

  if (!pos) return { board: <div class="board-missing">No position.</div> };
  const side = pos.side;
  const flip = p.view.you === 1;
  const me = p.view.you ?? pos.toMove;
  const spinActs = actions.filter((a) => a.kind === "spin") as Extract<EAction, { kind: "spin" }>[];
  const spinnable = [...new Set(spinActs.flatMap((a) => a.squares))];
  const spinPhase = spinActs.length > 0;
  const grows = actions.filter((a) => a.kind === "grow") as Extract<EAction, { kind: "grow" }>[];
  const from = (a: EAction) =>
    a.kind === "move" || a.kind === "split" || a.kind === "heal" ? a.from : a.kind === "destabilize" || a.kind === "summon" ? a.at : a.kind === "void" ? "void" : null;
  const movers = new Set(actions.map(from).filter((x) => x !== null));
  const fromSel = sel === null ? [] : actions.filter((a) => from(a) === sel);
  const targets = new Map<number, EAction[]>();
  for (const a of fromSel) {
    const to = a.kind === "move" || a.kind === "split" || a.kind === "heal" || a.kind === "void" ? a.to : null;
    if (to !== null) targets.set(to, [...(targets.get(to) ?? []), a]);
  }
  const pass = actions.find((a) => a.kind === "pass");

  const send = (a: string) => {
    setChoice(null);
    void p.act(a);
  };

  const click = (sq: number) => {
    if (!p.interactive) return;
    const cell = pos.cells[sq];
    if (spinPhase) {
      if (spinnable.includes(sq)) setSpins((s) => (s.includes(sq) ? s.filter((x) => x !== sq) : [...s, sq]));
      return;
    }
    if (grows.length) {
      const g = grows.find((a) => a.at === sq);
      if (g) send(g.text);
      else if (cell && cell !== "void" && cell.owner === me) send(`G${essenceSquare(sq)}`);
      return;
    }
    if (sel !== null && sel !== sq) {
      const list = targets.get(sq);
      if (list && list.length === 1) return send(list[0].text);
      if (list && list.length > 1) return setChoice(list);
      if (sel === "void") {
        if (cell === null || cell === undefined) return send(`V${essenceSquare(sq)}`);
      } else if (!(cell && cell !== "void" && cell.owner === me)) {
        // Not highlighted: ask the referee, who says why not.
        return send(`${essenceSquare(sel)}-${essenceSquare(sq)}`);
      }
    }
    if (cell === "void") return setSel(sel === "void" ? null : "void");
    if (cell && cell.owner === me) {
      setChoice(null);
      return setSel(sel === sq ? null : sq);
    }
    setSel(null);
  };

  const squares: number[] = [];
  for (let r = 0; r < side; r++) for (let f = 0; f < side; f++) squares.push(r * 5 + f);
  const xy = (sq: number) => {
    const f = sq % 5, r = Math.floor(sq / 5);
    const col = flip ? side - 1 - f : f, row = flip ? r : side - 1 - r;
    return { x: PAD + col * CELL, y: PAD + row * CELL };
  };
  const size = PAD * 2 + side * CELL;

  const board = (
    <div class="essence-wrap">
      <svg class={`essence-board ${p.interactive ? "live" : ""}`} viewBox={`0 0 ${size} ${size}`} data-testid="essence-board">
        <defs>
          <radialGradient id="void-g" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stop-color="#000" />
            <stop offset="55%" stop-color="#1a0930" />
            <stop offset="80%" stop-color="#5b2a9e" />
            <stop offset="100%" stop-color="#b58cff" stop-opacity="0" />
          </radialGradient>
          <linearGradient id="die-x" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stop-color="#fffaf0" />
            <stop offset="100%" stop-color="#e6d8bb" />
          </linearGradient>
          <linearGradient id="die-o" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stop-color="#b3263a" />
            <stop offset="100%" stop-color="#6e0f1e" />
          </linearGradient>
          <filter id="die-shadow" x="-20%" y="-20%" width="140%" height="140%">
            <feDropShadow dx="0" dy="3" stdDeviation="3" flood-color="#000" flood-opacity="0.55" />
          </filter>
        </defs>
        <rect x="4" y="4" width={size - 8} height={size - 8} rx="18" class="essence-frame" />
        {squares.map((sq) => {
          const { x, y } = xy(sq);
          const f = sq % 5, r = Math.floor(sq / 5);
          const dark = (f + r) % 2 === 0;
          const isTarget = targets.has(sq);
          const kinds = targets.get(sq)?.map((a) => a.kind) ?? [];
          return (
            <g
              class={`sq ${dark ? "dark" : "light"} ${isTarget ? "target" : ""}`}
              data-square={essenceSquare(sq)}
              onClick={() => click(sq)}
            >
              <rect x={x} y={y} width={CELL} height={CELL} class="sq-bg" />
              {isTarget && (
                <g class="hint" pointer-events="none">
                  {kinds.includes("move") || kinds.includes("void") ? <circle cx={x + CELL / 2} cy={y + CELL / 2} r="14" class="hint-move" /> : null}
                  {kinds.includes("split") && <circle cx={x + CELL / 2} cy={y + CELL / 2} r="40" class="hint-split" />}
                  {kinds.includes("heal") && <path d={`M${x + 82} ${y + 12}h10M${x + 87} ${y + 7}v10`} class="hint-heal" />}
                </g>
              )}
            </g>
          );
        })}
        {/* coordinates */}
        {Array.from({ length: side }, (_, i) => {
          const f = flip ? side - 1 - i : i;
          const r = flip ? i : side - 1 - i;
          return (
            <g class="coords" pointer-events="none">
              <text x={PAD + i * CELL + CELL / 2} y={size - 7}>
                {"abcde"[f]}
              </text>
              <text x={11} y={PAD + i * CELL + CELL / 2 + 5}>
                {r + 1}
              </text>
            </g>
          );
        })}
        {squares.map((sq) => {
          const cell = pos.cells[sq];
          if (!cell) return null;
          const { x, y } = xy(sq);
          if (cell === "void")
            return (
              <g class={`void ${sel === "void" ? "selected" : ""} ${movers.has("void") ? "can" : ""}`} data-at={essenceSquare(sq)} data-piece="void" onClick={() => click(sq)}>
                <circle cx={x + CELL / 2} cy={y + CELL / 2} r={44} fill="url(#void-g)" class="void-glow" />
                <circle cx={x + CELL / 2} cy={y + CELL / 2} r={20} class="void-core" />
              </g>
            );
          const m = cell as Mote;
          const willSpin = spins.includes(sq);
          const selected = sel === sq;
          const canAct = movers.has(sq) || grows.some((g) => g.at === sq) || spinnable.includes(sq);
          const owed = pos.spinNow.includes(sq) || pos.spinLater.includes(sq);
          return (
            <g
              class={`mote owner-${m.owner} ${selected ? "selected" : ""} ${canAct ? "can" : ""} ${willSpin ? "will-spin" : ""} ${spinnable.includes(sq) ? "spinnable" : ""}`}
              data-at={essenceSquare(sq)}
              data-piece={`${m.owner === 0 ? "x" : "o"}${m.power}${m.orient}`}
              onClick={() => click(sq)}
            >
              <g class="die-rot" style={{ transformOrigin: `${x + CELL / 2}px ${y + CELL / 2}px`, transform: willSpin ? "rotate(90deg)" : "none" }}>
                <rect x={x + 11} y={y + 11} width={CELL - 22} height={CELL - 22} rx="16" fill={`url(#die-${m.owner === 0 ? "x" : "o"})`} class="die-body" filter="url(#die-shadow)" />
                {pips(m.power, m.orient).map(([c, r]) => (
                  <circle cx={x + 28 + c * 22} cy={y + 28 + r * 22} r="7.5" class="pip" />
                ))}
              </g>
              {(spinnable.includes(sq) || owed) && (
                <g class="spin-badge" pointer-events="none">
                  <circle cx={x + CELL - 16} cy={y + 16} r="11" />
                  <path d={`M${x + CELL - 21} ${y + 13} a6 6 0 1 1 2 8`} />
                </g>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );

  let prompt: string | null = null;
  let controls = null;
  if (p.interactive) {
    if (spinPhase) {
      prompt = spinnable.length ? "Spin touched motes: click each one to turn it a quarter, then confirm." : "Confirm your spins.";
      const text = spins.length ? `@${spins.map(essenceSquare).join(",")}` : "@-";
      controls = (
        <div class="row">
          <button class="btn primary" data-testid="spin-confirm" onClick={() => send(text)}>
            {spins.length ? `Spin ${spins.map(essenceSquare).join(", ")}` : "Keep them as they are"}
          </button>
          {spins.length > 0 && (
            <button class="btn" onClick={() => setSpins([])}>
              Reset
            </button>
          )}
        </div>
      );
    } else if (grows.length) {
      prompt = "Growth: click one of your motes to grow it by one.";
    } else if (sel !== null) {
      const extra = fromSel.filter((a) => a.kind === "destabilize" || a.kind === "summon");
      prompt =
        sel === "void"
          ? "Click a highlighted square to shift the void there."
          : `The mote on ${essenceSquare(sel)}: click a highlighted square (green: move · blue ring: split · +: heal).`;
      controls = (
        <>
          {choice && (
            <div class="choice">
              <div class="muted">More than one action goes there:</div>
              <div class="row wrap">
                {choice.map((a) => (
                  <button class="btn" onClick={() => send(a.text)}>
                    {label(a)}
                  </button>
                ))}
              </div>
            </div>
          )}
          {extra.length > 0 && (
            <div class="row wrap">
              {extra.map((a) => (
                <button class="btn" onClick={() => send(a.text)}>
                  {label(a)}
                </button>
              ))}
            </div>
          )}
          <button class="btn ghost" onClick={() => setSel(null)}>
            Deselect
          </button>
        </>
      );
    } else {
      prompt = `${PHASES[pos.phase] ?? "Your action"}: pick a glowing mote${movers.has("void") ? " or the void" : ""}.`;
    }
    if (pass)
      controls = (
        <>
          {controls}
          <button class="btn" onClick={() => send("pass")}>
            Pass
          </button>
        </>
      );
  }

  const pool = [0, 1].map((o) => 5 - pos.cells.filter((c) => c && c !== "void" && (c as Mote).owner === o).length);
  const panel = (
    <Panel title="Essence" cls="essence-panel">
      <div class="essence-status">
        <span>Turn {pos.turn}</span>
        <span>{PHASES[pos.phase] ?? pos.phase}</span>
        <span title="turns since a mote last left the board">quiet {pos.quiet}</span>
      </div>
      <div class="pools">
        {[0, 1].map((o) => (
          <div class={`pool owner-${o}`}>
            <span class="pool-name">{p.view.seats[o]?.name}</span>
            <span class="pool-dice">
              {Array.from({ length: pool[o] }, () => (
                <span class={`mini-die owner-${o}`} />
              ))}
            </span>
            <span class="muted">{pool[o]} in pool</span>
          </div>
        ))}
      </div>
      {controls && <div class="controls">{controls}</div>}
    </Panel>
  );
  return { board, panel, prompt };
}

function label(a: EAction): string {
  const sq = essenceSquare;
  switch (a.kind) {
    case "move":
      return `Move to ${sq(a.to)}${a.dir ? ` (going ${a.dir}, round the edge)` : ""}`;
    case "split":
      return `Split onto ${sq(a.to)}`;
    case "heal":
      return `Heal ${sq(a.to)} by ${a.amount}`;
    case "void":
      return `Shift the void to ${sq(a.to)}`;
    case "destabilize":
      return `Destabilize by ${a.amount}`;
    case "summon":
      return "Summon the void here";
    case "grow":
      return `Grow ${sq(a.at)}`;
    case "spin":
      return a.squares.length ? `Spin ${a.squares.map(sq).join(", ")}` : "No spin";
    case "pass":
      return "Pass";
  }
}
