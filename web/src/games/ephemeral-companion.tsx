// Ephemeral Path beside a real table (companion mode, docs/web.md): the
// players move the real figures and tell the table where they now stand —
// dragged on the scaled table, or typed as coordinates here — and the
// server answers as a referee. The ruler measures between any two figures,
// points or the gate (`GET /api/matches/{id}/measure`: length, contact,
// line of sight, range, what an attack may target, a straight move's cost
// with its climbing, whether a figure touches the gate), citing the rule
// when something is out of range or out of sight, and draws its line on the
// table. The tracker shows the state of the physical game at a glance on a
// phone: whose activation it is and its actions, prep tokens, each figure's
// HP boxes and foraged dice. No geometry is computed here: every answer is
// the rules engine's.
import type { VNode } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Figure as Fig } from "@bindings/games/ephemeral/Figure";
import type { State } from "@bindings/games/ephemeral/State";
import type { RefusalView } from "@bindings/RefusalView";
import type { ErrorBody } from "@bindings/ErrorBody";
import { api, ApiFailure } from "../api";
import { Panel, type GameProps } from "../ui";
import type { FigureInfo } from "./ephemeral-model";
import "./companion.css";

/** One end of a measurement, as the server gives it. */
interface SpotView {
  kind: "figure" | "gate" | "point";
  figure: number | null;
  label: string;
  x: number;
  y: number;
  radius: number;
}

/** The server's answer to a measurement (crates/ephemeral/src/measure.rs). */
export interface Measured {
  from: SpotView;
  to: SpotView;
  centre_cm: number;
  edge_cm: number;
  contact: boolean;
  sight: { clear: boolean; range_cm: number | null; reach_cm: number; may_attack: boolean; refusal: RefusalView | null } | null;
  straight_move: { cost_cm: number | null; budget_cm: number; allowed: boolean; refusal: RefusalView | null } | null;
  touches_gate: boolean | null;
  targets: { figure: number; label: string; range_cm: number | null; refusal: RefusalView | null }[];
}

const TABLE = 40;
const Y = (y: number) => TABLE - y;
const cm = (x: number) => `${Math.round(x * 100) / 100} cm`;

/** A rule cited: its id, its one-line reason and the rulebook section. */
function Cited({ r }: { r: RefusalView }) {
  return (
    <div class="cited" data-testid="cited" data-rule={r.rule}>
      <span>{r.reason}</span>{" "}
      <span class="muted small">
        — rule <code>{r.rule}</code>
        {r.section ? `, ${r.section}` : ""}
      </span>
    </div>
  );
}

/** The measurement in words, each refusal with its rule. */
function Answer({ m }: { m: Measured }) {
  return (
    <div class="ruler-answer" data-testid="ruler-answer" role="status">
      <div>
        <b>{m.from.label}</b> → <b>{m.to.label}</b>
      </div>
      <div data-testid="ruler-length">
        centre to centre {cm(m.centre_cm)}, edge to edge {cm(m.edge_cm)}
        {m.contact ? " (in contact)" : ""}
      </div>
      {m.sight && (
        <div data-testid="ruler-sight">
          line of sight: {m.sight.clear ? `yes, range ${cm(m.sight.range_cm ?? 0)}` : "no"}; reach {cm(m.sight.reach_cm)} —{" "}
          <b>{m.sight.may_attack ? "may attack" : "may not attack"}</b>
          {m.sight.refusal && <Cited r={m.sight.refusal} />}
        </div>
      )}
      {m.straight_move && (
        <div data-testid="ruler-move">
          a straight move there:{" "}
          <b>{m.straight_move.allowed ? `allowed, ${cm(m.straight_move.cost_cm ?? 0)} of ${cm(m.straight_move.budget_cm)} (climbing included)` : "refused"}</b>
          {m.straight_move.refusal && <Cited r={m.straight_move.refusal} />}
        </div>
      )}
      {m.touches_gate !== null && <div data-testid="ruler-gate">{m.touches_gate ? "it touches the gate" : "it does not touch the gate"}</div>}
      {m.targets.length > 0 && (
        <details class="ruler-targets" data-testid="ruler-targets">
          <summary>What {m.from.label.split(" (")[0]} may attack</summary>
          <ul>
            {m.targets.map((t) => (
              <li data-target={t.figure} class={t.refusal ? "bad" : "ok"}>
                {t.label}: {t.refusal ? <Cited r={t.refusal} /> : `yes, ${cm(t.range_cm ?? 0)}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The ruler's line on the table: green when an attack or move is allowed, red when refused. */
function RulerLine({ m }: { m: Measured }) {
  const ok = m.sight ? m.sight.may_attack : m.straight_move ? m.straight_move.allowed : true;
  const mid = { x: (m.from.x + m.to.x) / 2, y: (m.from.y + m.to.y) / 2 };
  return (
    <g class={`ruler-line ${ok ? "ok" : "bad"}`} pointer-events="none" data-testid="ruler-line">
      <line x1={m.from.x} y1={Y(m.from.y)} x2={m.to.x} y2={Y(m.to.y)} />
      <circle cx={m.to.x} cy={Y(m.to.y)} r={Math.max(m.to.radius, 0.4)} />
      <g class="sight-label">
        <rect x={mid.x - 3.4} y={Y(mid.y) - 2.5} width="6.8" height="1.9" rx=".5" />
        <text x={mid.x} y={Y(mid.y) - 1.15}>
          {cm(m.centre_cm)}
        </text>
      </g>
    </g>
  );
}

/** HP boxes: filled for each point left, crossed for each point of damage. */
function HpBoxes({ hp, damage }: { hp: number; damage: number }) {
  const left = Math.max(0, hp - damage);
  return (
    <span class="hp-boxes" role="img" aria-label={`${left} of ${hp} HP left`} data-testid="hp-boxes">
      {Array.from({ length: Math.min(hp, 12) }, (_, k) => (
        <span class={`hp-box ${k < left ? "full" : "lost"}`}>{k < left ? "" : "×"}</span>
      ))}
    </span>
  );
}

/** The gate score if the game ended now, as the server works it out
 * (`MatchView.tracker.gate`, the rules' own scoring). */
export interface GateScore {
  touching: [number, number];
  points: [number, number];
  leader: number | null;
  words: string;
}

/** The live gate score: figures touching the gate and their spec points per
 * player, and who would win if the game ended now. */
function GateLine({ gate, seats }: { gate: GateScore; seats: string[] }) {
  const name = (k: number) => seats[k] ?? `P${k + 1}`;
  return (
    <div class="tracker-gate" data-testid="tracker-gate" data-touching={gate.touching.join(" ")} data-leader={gate.leader ?? ""}>
      <b>Gate now:</b>{" "}
      {[0, 1].map((k) => `${name(k)} ${gate.touching[k]} (${gate.points[k]} pts)`).join(" · ")}
      <div class="muted small">
        {gate.leader !== null ? `If the game ended now, ${name(gate.leader)} would win: ` : "If the game ended now: "}
        {gate.words.replace(/\bP([12])\b/g, (_, n) => name(Number(n) - 1))}
      </div>
    </div>
  );
}

/** The physical game's state, phone-sized. */
function Tracker({ s, infos, seats, gate }: { s: State; infos: FigureInfo[]; seats: string[]; gate: GateScore | null }) {
  const phase = typeof s.phase === "string" ? s.phase : Object.keys(s.phase)[0];
  const acting = typeof s.phase === "object" && "Acting" in s.phase ? s.phase.Acting : null;
  const who = acting ? infos[acting.figure] : null;
  return (
    <div class="tracker" data-testid="tracker">
      <div data-testid="tracker-activation">
        {who ? (
          <>
            <b>
              {who.name} ({who.letter})
            </b>{" "}
            of {seats[who.seat] ?? `P${who.seat + 1}`} is acting: {acting!.used} of {acting!.limit} action{acting!.limit === 1 ? "" : "s"} this activation
          </>
        ) : (
          <>Now: {phase}</>
        )}
      </div>
      {gate && <GateLine gate={gate} seats={seats} />}
      <div class="muted small" data-testid="tracker-prep">
        prep tokens: {seats.map((n, k) => `${n} ${s.prep[k] ?? 0}`).join(" · ")}
      </div>
      <table class="tracker-figs">
        <tbody>
          {s.figures.map((f: Fig, i) => {
            const info = infos[i];
            if (!info) return null;
            return (
              <tr class={`seat-${f.owner} ${f.defeated ? "defeated" : ""}`} data-figure={i}>
                <td>
                  <b>{info.letter}</b> {info.name}
                </td>
                <td>{f.defeated ? "defeated" : <HpBoxes hp={info.hp} damage={f.damage} />}</td>
                <td class="small">{f.dice.map((d) => `D${d.sides}:${d.value}`).join(" ") || "—"}</td>
                <td class="small">{f.defeated ? "" : `${f.actions} act.`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The companion's tools for an Ephemeral match in companion mode: the
 * ruler's line for the table's SVG (`overlay`) and the panel beside it. */
export function useCompanion(p: GameProps, infos: FigureInfo[], acting: number | null): { overlay: VNode | null; panel: VNode | null } {
  const s = p.obs as State | null;
  const on = p.view.companion && p.mode === "live";
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [m, setM] = useState<Measured | null>(null);
  const [err, setErr] = useState<ErrorBody | null>(null);
  const [tx, setTx] = useState("");
  const [ty, setTy] = useState("");
  const [moveErr, setMoveErr] = useState<ErrorBody | null>(null);
  // The table changed: an old answer may no longer hold.
  useEffect(() => setM(null), [p.view.len]);
  if (!on || !s) return { overlay: null, panel: null };

  const ask = async (from: string, to: string) => {
    setErr(null);
    try {
      setM(await api.measure<Measured>(p.view.id, from, to));
    } catch (e) {
      setM(null);
      setErr(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
    }
  };
  const mine = acting !== null && s.figures[acting]?.owner === p.view.you && p.interactive;
  const letter = acting !== null ? infos[acting]?.letter ?? `#${acting}` : "";
  const typed = () => {
    const x = Number(tx.replace(",", "."));
    const y = Number(ty.replace(",", "."));
    return Number.isFinite(x) && Number.isFinite(y) && tx.trim() !== "" && ty.trim() !== "" ? { x, y } : null;
  };
  const moveTyped = async () => {
    const at = typed();
    if (!at) {
      setMoveErr({ error: "invalid", message: "type both numbers, in cm from the lower-left corner", refusal: null });
      return;
    }
    const res = await p.act({ Move: { path: [at] } });
    setMoveErr(res.ok ? null : res.error ?? null);
    if (res.ok) (setTx(""), setTy(""));
  };

  const panel = (
    <Panel title="At the table" cls="companion">
      <Tracker
        s={s}
        infos={infos}
        seats={p.view.seats.map((x) => x.name)}
        gate={((p.view.tracker as { gate?: GateScore } | null)?.gate ?? null)}
      />
      {mine && (
        <form
          class="typed-move"
          data-testid="typed-move"
          onSubmit={(e) => {
            e.preventDefault();
            void moveTyped();
          }}
        >
          <div class="tray-title">
            Where does {infos[acting!]?.name} ({letter}) stand now?
          </div>
          <div class="row wrap">
            <label>
              x <input inputMode="decimal" size={5} value={tx} onInput={(e) => setTx((e.target as HTMLInputElement).value)} data-testid="typed-x" aria-label="x in cm" />
            </label>
            <label>
              y <input inputMode="decimal" size={5} value={ty} onInput={(e) => setTy((e.target as HTMLInputElement).value)} data-testid="typed-y" aria-label="y in cm" />
            </label>
            <button type="button" class="btn small" data-testid="typed-check" onClick={() => typed() && void ask(letter, `${typed()!.x},${typed()!.y}`)}>
              Check
            </button>
            <button type="submit" class="btn small primary" data-testid="typed-go">
              Moved there
            </button>
          </div>
          {moveErr && (
            <div class="typed-refused" data-testid="typed-refused" role="alert">
              {moveErr.refusal ? <Cited r={moveErr.refusal} /> : moveErr.message}
            </div>
          )}
        </form>
      )}
      <form
        class="ruler"
        data-testid="ruler"
        onSubmit={(e) => {
          e.preventDefault();
          void ask(a, b);
        }}
      >
        <div class="tray-title">Ruler and line of sight</div>
        <div class="row wrap">
          <input size={7} placeholder={letter || "a"} value={a} onInput={(e) => setA((e.target as HTMLInputElement).value)} data-testid="ruler-a" aria-label="from: a figure letter, x,y or gate" />
          <span aria-hidden="true">→</span>
          <input size={7} placeholder="C, 12,20 or gate" value={b} onInput={(e) => setB((e.target as HTMLInputElement).value)} data-testid="ruler-b" aria-label="to: a figure letter, x,y or gate" />
          <button type="submit" class="btn small" data-testid="ruler-go">
            Measure
          </button>
          {m && (
            <button type="button" class="btn small ghost" onClick={() => setM(null)}>
              Clear
            </button>
          )}
        </div>
        <div class="muted small">figures by letter (P1 a–f, P2 A–F), points as x,y in cm, or gate</div>
      </form>
      {err && (
        <div class="typed-refused" role="alert" data-testid="ruler-error">
          {err.message}
        </div>
      )}
      {m && <Answer m={m} />}
    </Panel>
  );
  return { overlay: m ? <RulerLine m={m} /> : null, panel };
}
