// Ephemeral Path: the 40 × 40 cm table to scale — terrain with heights, the
// gate, the bases — and every decision by pointer: placing terrain, the gate
// and figures, foraging from the pool, dragging a figure along a path (with
// the centimetres used and left while dragging), targeting with a line of
// sight and range overlay, the attack dice tray, prep tokens (a nudge is a
// drag of up to 2 cm, or a click where the figure goes), and the spec
// sheets beside the table. The server judges every drop; a refused one is
// drawn in red with its reason.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { parse as parseToml } from "smol-toml";
import type { Action } from "@bindings/games/ephemeral/Action";
import type { Die } from "@bindings/games/ephemeral/Die";
import type { Event } from "@bindings/games/ephemeral/Event";
import type { Figure as Fig } from "@bindings/games/ephemeral/Figure";
import type { Frame } from "@bindings/games/ephemeral/Frame";
import type { Kit } from "@bindings/games/ephemeral/Kit";
import type { State } from "@bindings/games/ephemeral/State";
import type { Use } from "@bindings/games/ephemeral/Use";
import type { Variant } from "@bindings/games/ephemeral/Variant";
import type { Step } from "@bindings/Step";
import { eventsOf, keys, Panel, PolyDie, type GameProps, type GameUI } from "../ui";
import abilitiesToml from "@ephemeral-data/abilities.toml?raw";
import type { AttackOdds } from "@bindings/AttackOdds";
import { api } from "../api";
import { useCompanion } from "./ephemeral-companion";
import {
  arm,
  diceText,
  dist,
  figureInfos,
  footprint,
  GATE_R,
  NUDGE_CM,
  previewMove,
  round2,
  sceneOf,
  setHeading,
  simplify,
  SIZES,
  snapToEdge,
  TABLE,
  type FigureInfo,
  type P,
  type Solid,
} from "./ephemeral-model";

/** What the table reads of an ability of the catalogue (`abilities.toml`). */
interface CatalogueAbility {
  id: string;
  type?: string;
  die?: string;
  text?: string;
  when?: string;
  keywords?: string[];
}

let catalogue: Record<string, CatalogueAbility> | null = null;
function ability(id: string): CatalogueAbility | null {
  if (!catalogue) {
    try {
      const t = parseToml(abilitiesToml) as { ability?: CatalogueAbility[] };
      catalogue = Object.fromEntries((t.ability ?? []).map((a) => [String(a.id).toUpperCase(), a]));
    } catch {
      catalogue = {};
    }
  }
  return catalogue[id.toUpperCase()] ?? null;
}

/** An ability's name for people: the set's name for it, else its kind from the
 * catalogue ("Attack ability"), never the bare id twice ("L6 L6"). */
function abilityName(a: { id: string; name?: string | null }): string {
  if (a.name) return a.name;
  const t = ability(a.id)?.type;
  return t ? `${t[0].toUpperCase()}${t.slice(1)} ability` : "Ability";
}

const Y = (y: number) => TABLE - y;
/** The arrow keys' step on the table, and Shift's finer one, in centimetres. */
const KB_STEP_CM = 1;
const KB_FINE_CM = 0.1;
/** The phase's name (`Acting`) and the figure acting, if any. */
const phaseOf = (s: State | null): [string, number | null] =>
  !s ? ["", null] : typeof s.phase === "string" ? [s.phase, null] : [Object.keys(s.phase)[0], arm(s.phase, "Acting")?.figure ?? null];
const pts = (list: P[]) => list.map((p) => `${p.x},${Y(p.y)}`).join(" ");

interface Failed {
  points: P[];
  reason: string;
  rule: string;
}

export function useEphemeral(p: GameProps): GameUI {
  const s = p.obs as State | null;
  const variant = (p.config?.variant ?? null) as Variant | null;
  const kit = variant?.kit ?? null;
  const infos = useMemo(() => figureInfos(variant), [variant]);
  const scene = useMemo(() => sceneOf(s, kit), [s, kit]);
  const [phase, actingFigure] = phaseOf(s);
  const me = p.view.you;
  const figs: Fig[] = s?.figures ?? [];
  const legal = (p.interactive ? p.legal : []) as Action[];
  const svgRef = useRef<SVGSVGElement>(null);

  const [piece, setPiece] = useState<number | "gate" | null>(null);
  const [turn, setTurn] = useState(0);
  const [hover, setHover] = useState<P | null>(null);
  const [poolDie, setPoolDie] = useState<number | null>(null);
  const [placing, setPlacing] = useState<number | null>(null);
  const [drag, setDrag] = useState<P[] | null>(null);
  const [failed, setFailed] = useState<Failed | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [dice, setDice] = useState<number[]>([0, 0, 0, 0, 0]);
  const [hoverFig, setHoverFig] = useState<number | null>(null);
  // A prep token's nudge being given: the figure (one of the player's own).
  const [nudging, setNudging] = useState<number | null>(null);
  // A click that ends a drag is not a click on the table.
  const dragged = useRef(false);
  // Keyboard play on the table: a point moved with the arrow keys — where the
  // active (or nudged) figure goes, through any bends added with Space, or
  // where the piece or figure being placed goes.
  const [cursor, setCursor] = useState<P | null>(null);
  const [bends, setBends] = useState<P[]>([]);

  useEffect(() => {
    setPiece(null);
    setPoolDie(null);
    setPlacing(null);
    setDrag(null);
    setTarget(null);
    setNudging(null);
    setCursor(null);
    setBends([]);
  }, [p.view.len, p.view.you]);

  // Work pending inside the current action: the top frame is what is asked now.
  const pending: Frame[] = s?.pending ?? [];
  const top: Frame | null = pending.length > 0 ? pending[pending.length - 1] : null;
  const attack = top && (top.frame === "attack_roll" || top.frame === "attack_dice") ? top : null;
  const attackDice = top?.frame === "attack_dice";
  const acting = actingFigure;
  // Companion mode (real figures on a real table): the ruler and tracker.
  const companion = useCompanion(p, infos, acting);
  const actor = acting ?? attack?.attacker ?? null;
  const myActing = acting !== null && figs[acting]?.owner === me && p.interactive && pending.length === 0;
  const onTable = (i: number) => !!figs[i]?.at && !figs[i]?.defeated;
  const enemiesOf = (seat: number) =>
    figs.map((f, i) => ({ f, i })).filter(({ f, i }) => f.owner !== seat && onTable(i)).map(({ f, i }) => ({ c: f.at!, r: infos[i]?.radius ?? 1 }));

  // Legal hints.
  const bodies = <K extends string>(k: K) => legal.map((a) => arm(a, k)).filter((b) => b !== undefined);
  const activatable = new Set(bodies("Activate").map((b) => b.figure));
  const attackable = new Set(bodies("Attack").map((b) => b.target));
  const forageFor = (d: number) => new Set(bodies("Forage").filter((b) => b.die === d).map((b) => b.figure));
  const forageDice = new Set(bodies("Forage").map((b) => b.die));
  /** Why the active figure cannot attack a target, when the view says so: out of range by
   * the straight line, or (the legal actions being complete, and every target in range and
   * sight among them) no clear line of sight within range. */
  const targetRefusal = (t: number): string | null => {
    if (acting === null || attackable.has(t)) return null;
    const d = measure(acting, t), r = rangeOf(acting);
    if (d !== null && d > r + 0.05) return `out of range: ${d.toFixed(1)} cm away, range ${r} cm`;
    if (p.view.legal_total <= legal.length) return "no clear line of sight to it within range";
    return null;
  };
  const canPass = legal.some((a) => a === "Pass");
  const canPrepare = legal.some((a) => a === "Prepare");
  const canEnd = legal.some((a) => a === "End");
  const canResolve = legal.some((a) => a === "Resolve") || (attackDice && p.interactive);
  const choices = legal.filter((a) => arm(a, "Choose") !== undefined || arm(a, "First") !== undefined || arm(a, "Forager") !== undefined);
  const terrainLegal = legal.some((a) => arm(a, "Terrain") || arm(a, "Gate"));
  const placedPieces = new Set((s?.terrain ?? []).map((t) => t.piece));
  const piecesLeft = (kit?.piece ?? []).map((_, i) => i).filter((i) => !placedPieces.has(i));
  const gateLeft = !s?.gate;
  const reserve = figs.map((f, i) => ({ f, i })).filter(({ f }) => !f.at && !f.defeated);

  const send = async (a: Action, path?: P[]) => {
    const r = await p.act(a);
    if (!r.ok && path && r.error) setFailed({ points: path, reason: r.error.refusal?.reason ?? r.error.message, rule: r.error.refusal?.rule ?? r.error.error });
    else setFailed(null);
    return r.ok;
  };

  const toTable = (e: PointerEvent | MouseEvent): P | null => {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: pt.x, y: TABLE - pt.y };
  };
  const placingRadius = placing !== null ? (infos[placing]?.radius ?? 1) : 1;

  // ---- pointer handlers on the table ----
  const onDown = (e: PointerEvent, fig?: number) => {
    if (!p.interactive) return;
    setFailed(null);
    if (fig !== undefined && nudging !== null && fig === nudging && onTable(fig)) {
      e.preventDefault();
      svgRef.current?.setPointerCapture(e.pointerId);
      setDrag([figs[fig].at!]);
      setTarget(null);
    } else if (fig !== undefined && nudging === null && myActing && fig === acting && onTable(fig)) {
      e.preventDefault();
      svgRef.current?.setPointerCapture(e.pointerId);
      setDrag([figs[fig].at!]);
      setTarget(null);
    }
  };
  const onMove = (e: PointerEvent) => {
    const q = toTable(e);
    if (!q) return;
    if (drag && nudging !== null) setDrag([drag[0], q]);
    else if (drag) {
      const last = drag[drag.length - 1];
      if (dist(last, q) > 0.12) setDrag([...drag, q]);
    } else setHover(q);
  };
  const onUp = async (e: PointerEvent) => {
    if (!drag) return;
    const q = toTable(e) ?? drag[drag.length - 1];
    const all = [...drag, q];
    setDrag(null);
    dragged.current = true;
    setTimeout(() => (dragged.current = false), 0);
    const start = all[0];
    if (nudging !== null) {
      if (dist(start, q) < 0.05) return;
      const to = round2(q);
      await send({ Spend: { Nudge: { figure: nudging, to } } }, [start, to]);
      return;
    }
    const moved = all.reduce((m, x) => Math.max(m, dist(start, x)), 0);
    if (moved < 0.4) return;
    const path = simplify(all, 16).slice(1).map(round2);
    await send({ Move: { path } }, [start, ...path]);
  };
  const onTableClick = async (e: MouseEvent) => {
    if (!p.interactive || drag || dragged.current) return;
    const q = toTable(e);
    if (!q) return;
    if (nudging !== null && onTable(nudging)) {
      const start = figs[nudging].at!;
      const to = round2(q);
      await send({ Spend: { Nudge: { figure: nudging, to } } }, [start, to]);
      return;
    }
    if (phase === "Terrain" && piece !== null) {
      const at = { x: Math.round(q.x * 2) / 2, y: Math.round(q.y * 2) / 2 };
      if (piece === "gate") await send({ Gate: { at } }, [at]);
      else await send({ Terrain: { piece, at, turn: ((turn % 360) + 360) % 360 } }, [at]);
      return;
    }
    if (placing !== null) {
      const at = snapToEdge(q, placingRadius);
      if (phase === "Forage" && poolDie !== null) await send({ Forage: { die: poolDie, figure: placing, at } }, [at]);
      else if (phase === "Deploy") await send({ Place: { figure: placing, at } }, [at]);
    }
  };
  const onFigureClick = async (i: number, e: MouseEvent) => {
    e.stopPropagation();
    if (!p.interactive || dragged.current) return;
    const f = figs[i];
    if (nudging !== null) {
      // Another of one's own figures takes the nudge instead.
      if (f.owner === me && onTable(i)) setNudging(i);
      return;
    }
    if (phase === "Activate" && f.owner === me) return void send({ Activate: { figure: i } });
    if (phase === "Forage" && poolDie !== null && f.owner === me) return void send({ Forage: { die: poolDie, figure: i, at: null } });
    if (myActing && f.owner !== me) {
      setTarget(target === i ? null : i);
      if (dice.every((d) => d === 0))
        void api.ephemeral.attack(infos[acting!]?.force ?? 3, [0, 0, 0, 0, 0]).then(
          (a) => setDice(a.best[0]?.dice ?? [0, 1, 0, 0, 0]),
          () => setDice([0, 1, 0, 0, 0]),
        );
    }
  };

  // Rotation of a terrain piece with the wheel.
  const onWheel = (e: WheelEvent) => {
    if (phase === "Terrain" && piece !== null && piece !== "gate") {
      e.preventDefault();
      setTurn((t) => (t + (e.deltaY > 0 ? 15 : -15) + 360) % 360);
    }
  };
  useEffect(() => {
    const k = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setCursor(null);
        setBends([]);
        setPiece(null);
        setPlacing(null);
        setPoolDie(null);
        setTarget(null);
        setDrag(null);
        setNudging(null);
      } else if ((e.key === "r" || e.key === "R") && piece !== null) setTurn((t) => (t + (e.shiftKey ? 345 : 15)) % 360);
    };
    window.addEventListener("keydown", k);
    return () => window.removeEventListener("keydown", k);
  }, [piece]);

  // ---- drawing ----
  const elev = (on: number | null | undefined) => (on !== null && on !== undefined && scene[on] ? scene[on].height : 0);
  const actorInfo = actor !== null ? infos[actor] : null;
  // The figure being dragged: the one being nudged, or the active one.
  const mover = nudging ?? acting;
  const dragPreview =
    drag && mover !== null && infos[mover]
      ? previewMove(drag, infos[mover].radius, figs[mover].on ?? null, scene, enemiesOf(figs[mover].owner))
      : null;
  const budget = acting !== null ? (infos[acting]?.moveCm ?? 0) : 0;
  const dragBudget = nudging !== null ? NUDGE_CM : budget;
  const rangeOf = (i: number) => (infos[i]?.rangeCm ?? 0) + effectTotal(s, i, "reach");
  const measure = (a: number, b: number) => {
    const fa = figs[a], fb = figs[b];
    if (!onTable(a) || !onTable(b)) return null;
    const flat = Math.max(0, dist(fa.at!, fb.at!) - infos[a].radius - infos[b].radius);
    const rise = Math.abs(elev(fa.on) - elev(fb.on));
    return Math.hypot(flat, rise);
  };
  // ---- keyboard play on the table ----
  // What the arrow keys move: a piece or figure being placed, else the
  // figure being nudged, else the active figure.
  const kbPlace = p.interactive && ((phase === "Terrain" && piece !== null) || placing !== null);
  const kbMover = kbPlace ? null : nudging !== null && onTable(nudging) ? nudging : myActing && acting !== null && onTable(acting) ? acting : null;
  const kbStart = kbMover !== null ? figs[kbMover].at! : null;
  const kbPoints = kbStart && cursor ? [kbStart, ...bends, cursor] : null;
  const kbPreview = kbPoints && kbMover !== null && infos[kbMover] ? previewMove(kbPoints, infos[kbMover].radius, figs[kbMover].on ?? null, scene, enemiesOf(figs[kbMover].owner)) : null;
  const kbBudget = nudging !== null ? NUDGE_CM : budget;
  /** Where the point starts for a placement: a candidate of the legal list, else the middle of the table. */
  const placeStart = (): P => {
    for (const a of legal) {
      const at =
        piece === "gate" ? arm(a, "Gate")?.at : piece !== null ? (arm(a, "Terrain")?.piece === piece ? arm(a, "Terrain")?.at : undefined) : placing !== null ? ((arm(a, "Place")?.figure === placing ? arm(a, "Place")?.at : undefined) ?? (arm(a, "Forage")?.figure === placing && arm(a, "Forage")?.die === poolDie ? (arm(a, "Forage")?.at ?? undefined) : undefined)) : undefined;
      if (at) return { x: at.x, y: at.y };
    }
    return { x: TABLE / 2, y: TABLE / 2 };
  };
  /** Where a placement goes: the point, on the half centimetre for terrain, touching the nearest edge for a figure. */
  const placeAt = (q: P): P => (placing !== null ? snapToEdge(q, placingRadius) : { x: Math.round(q.x * 2) / 2, y: Math.round(q.y * 2) / 2 });
  const kbCommit = async () => {
    if (!cursor) return;
    if (kbPlace) {
      const at = placeAt(cursor);
      if (phase === "Terrain" && piece === "gate") await send({ Gate: { at } }, [at]);
      else if (phase === "Terrain" && piece !== null && piece !== "gate") await send({ Terrain: { piece, at, turn: ((turn % 360) + 360) % 360 } }, [at]);
      else if (placing !== null && phase === "Forage" && poolDie !== null) await send({ Forage: { die: poolDie, figure: placing, at } }, [at]);
      else if (placing !== null && phase === "Deploy") await send({ Place: { figure: placing, at } }, [at]);
    } else if (kbMover !== null && kbStart) {
      if (nudging !== null) {
        const to = round2(cursor);
        await send({ Spend: { Nudge: { figure: nudging, to } } }, [kbStart, to]);
      } else {
        const path = [...bends, cursor].map(round2);
        await send({ Move: { path } }, [kbStart, ...path]);
      }
    }
  };
  /** Arrow keys move the point 1 cm (Shift: 0.1 cm), Space adds a bend to a move,
   * Backspace takes the last one back, Enter commits (or starts the point), Escape cancels. */
  const onKbKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? KB_FINE_CM : KB_STEP_CM;
    const dir: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const from = cursor ?? (kbPlace ? placeStart() : kbStart);
    if (!from) return;
    if (dir[e.key]) {
      e.preventDefault();
      const [dx, dy] = dir[e.key];
      const clamp = (v: number) => Math.min(Math.max(Math.round(v * 10) / 10, 0), TABLE);
      setCursor({ x: clamp(from.x + dx * step), y: clamp(from.y + dy * step) });
      setFailed(null);
    } else if (e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      if (cursor) void kbCommit();
      else setCursor(from);
    } else if (e.key === " " && !kbPlace && nudging === null && cursor) {
      e.preventDefault();
      setBends([...bends, cursor]);
    } else if (e.key === "Backspace" && bends.length > 0) {
      e.preventDefault();
      setBends(bends.slice(0, -1));
    } else if (e.key === "Escape") {
      setCursor(null);
      setBends([]);
    }
  };
  const kbWords = (() => {
    if (!cursor) return "";
    const xy = (q: P) => `${q.x.toFixed(1)}, ${q.y.toFixed(1)}`;
    if (kbPlace) {
      const what = piece === "gate" ? "the gate" : piece !== null ? (kit?.piece?.[piece]?.name ?? "the piece") : `${infos[placing!]?.name ?? "the figure"} (${infos[placing!]?.letter ?? ""})`;
      return `Place ${what} at ${xy(placeAt(cursor))}: Enter places it, Escape cancels.`;
    }
    if (!kbPreview || kbMover === null) return "";
    const who = `${infos[kbMover]?.name} (${infos[kbMover]?.letter})`;
    const over = kbPreview.cost > kbBudget + 0.05;
    const verdict = kbPreview.blockedBy ? `not legal: ${kbPreview.blockedBy}` : over ? `not legal: longer than its ${kbBudget} cm` : "legal";
    const bent = bends.length ? ` through ${bends.length} bend${bends.length > 1 ? "s" : ""}` : "";
    return `${nudging !== null ? "Nudge" : "Move"} ${who} to ${xy(cursor)}${bent}: ${kbPreview.cost.toFixed(1)} cm of ${kbBudget} cm${kbPreview.climb > 0 ? ` (${kbPreview.climb.toFixed(1)} cm climbing)` : ""} — ${verdict}. Enter ${nudging !== null ? "nudges" : "moves"}, Escape cancels.`;
  })();
  // A placement picked (by keyboard or mouse): the table takes the keys.
  useEffect(() => {
    if (kbPlace) svgRef.current?.focus({ preventScroll: true });
    setCursor(null);
    setBends([]);
  }, [kbPlace, piece, placing]);
  /** The keyboard props of the figure the arrow keys move. */
  const moverKeys = (i: number) => ({
    tabindex: 0,
    role: "button" as const,
    "aria-label": `${infos[i]?.name} (${infos[i]?.letter}), ${nudging !== null ? "to be nudged" : `active, ${figs[i]?.actions ?? 0} actions left`}: arrow keys choose where it goes (Shift for ${KB_FINE_CM} cm steps)${nudging !== null ? "" : ", Space adds a bend"}, Enter ${nudging !== null ? "nudges" : "moves"} it, Escape cancels`,
    onKeyDown: onKbKey,
  });

  const tgt = target ?? (myActing && hoverFig !== null && figs[hoverFig]?.owner !== me ? hoverFig : null);
  const aimed = tgt ?? attack?.target ?? null;

  const board = (
    <div class="eph-wrap">
      <svg
        ref={svgRef}
        class={`eph-table ${p.interactive ? "live" : ""} ${drag ? "dragging" : ""} ${piece !== null || placing !== null ? "placing" : ""}`}
        viewBox="-3 -3 46 46"
        data-testid="ephemeral-table"
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerLeave={() => setHover(null)}
        onWheel={onWheel}
        onClick={onTableClick}
        {...(kbPlace
          ? {
              tabindex: 0,
              role: "application",
              "aria-label": "The table: arrow keys move where it is placed (Shift for 0.1 cm steps), Enter places it, R turns a terrain piece, Escape cancels",
              onKeyDown: onKbKey,
            }
          : { "aria-label": "The table", role: "group" })}
      >
        <defs>
          <radialGradient id="mat" cx="50%" cy="45%" r="75%">
            <stop offset="0%" stop-color="#3c5a46" />
            <stop offset="100%" stop-color="#1f3328" />
          </radialGradient>
          <radialGradient id="gate-g" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stop-color="#e9fffb" stop-opacity=".95" />
            <stop offset="45%" stop-color="#7fe0d4" stop-opacity=".55" />
            <stop offset="85%" stop-color="#2b8f86" stop-opacity=".25" />
            <stop offset="100%" stop-color="#2b8f86" stop-opacity="0" />
          </radialGradient>
          <pattern id="hatch" width="1" height="1" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="1" stroke="#0003" stroke-width=".35" />
          </pattern>
          <clipPath id="mat-clip">
            <rect x="0" y="0" width={TABLE} height={TABLE} />
          </clipPath>
          <filter id="lift" x="-30%" y="-30%" width="160%" height="160%">
            <feDropShadow dx="0.25" dy="0.45" stdDeviation="0.35" flood-color="#000" flood-opacity=".6" />
          </filter>
        </defs>
        <rect x="-3" y="-3" width="46" height="46" rx="1.4" class="eph-rim" />
        <rect x="0" y="0" width={TABLE} height={TABLE} fill="url(#mat)" class="eph-mat" />
        {Array.from({ length: 9 }, (_, k) => k * 5).map((v) => (
          <g class={`grid ${v % 10 === 0 ? "major" : ""}`} pointer-events="none">
            <line x1={v} y1={0} x2={v} y2={TABLE} />
            <line x1={0} y1={v} x2={TABLE} y2={v} />
            <text x={v} y={TABLE + 2.2} class="ruler">
              {v}
            </text>
            <text x={-1.6} y={Y(v) + 0.5} class="ruler">
              {v}
            </text>
          </g>
        ))}
        {scene.map((sol, k) => (
          <Terrain sol={sol} name={kit?.piece?.[sol.piece]?.name ?? ""} n={k} />
        ))}
        {s?.gate && (
          <g class="gate" pointer-events="none">
            <circle cx={s.gate.x} cy={Y(s.gate.y)} r={GATE_R} fill="url(#gate-g)" />
            <circle cx={s.gate.x} cy={Y(s.gate.y)} r={GATE_R} class="gate-rim" />
            <circle cx={s.gate.x} cy={Y(s.gate.y)} r={GATE_R * 0.55} class="gate-inner" />
            <text x={s.gate.x} y={Y(s.gate.y) + 0.45} class="gate-label">
              GATE
            </text>
          </g>
        )}
        {/* targeting: the attacker's reach and the line to the target */}
        <g clip-path="url(#mat-clip)" pointer-events="none">
          {actor !== null && onTable(actor) && actorInfo && nudging === null && (myActing || attack) && (
            <circle cx={figs[actor].at!.x} cy={Y(figs[actor].at!.y)} r={actorInfo.radius + rangeOf(actor)} class="range-ring" />
          )}
          {myActing && !drag && nudging === null && acting !== null && onTable(acting) && (
            <circle cx={figs[acting].at!.x} cy={Y(figs[acting].at!.y)} r={budget} class="move-ring" />
          )}
          {nudging !== null && onTable(nudging) && (
            <g class="nudge-zone" data-testid="nudge-zone">
              <circle cx={figs[nudging].at!.x} cy={Y(figs[nudging].at!.y)} r={NUDGE_CM} class="nudge-ring" />
              <circle cx={figs[nudging].at!.x} cy={Y(figs[nudging].at!.y)} r={NUDGE_CM + (infos[nudging]?.radius ?? 0)} class="nudge-reach" />
            </g>
          )}
        </g>
        {actor !== null && aimed !== null && onTable(actor) && onTable(aimed) && (
          <SightLine
            a={figs[actor].at!}
            b={figs[aimed].at!}
            ok={attack ? true : attackable.has(tgt!)}
            d={measure(actor, aimed)}
            range={rangeOf(actor)}
          />
        )}
        {companion.overlay}
        {figs.map((f, i) =>
          onTable(i) && infos[i] ? (
            <Figure
              f={f}
              info={infos[i]}
              i={i}
              active={actor === i}
              mine={f.owner === me}
              can={activatable.has(i) || (poolDie !== null && forageFor(poolDie).has(i)) || (myActing && nudging === null && i === acting) || nudging === i}
              targetable={myActing && nudging === null && f.owner !== me}
              attackable={attackable.has(i)}
              targeted={tgt === i || attack?.target === i}
              hovered={hoverFig === i}
              onDown={(e) => onDown(e, i)}
              onClick={(e) => onFigureClick(i, e)}
              keyProps={i === kbMover ? moverKeys(i) : keys(
                p.interactive &&
                  (activatable.has(i) || (poolDie !== null && forageFor(poolDie).has(i)) || (myActing && nudging === null && f.owner !== me) || (nudging !== null && f.owner === me)),
                `${infos[i].name} (${infos[i].letter})${f.owner === me ? "" : ", an enemy"}`,
                () => void onFigureClick(i, new MouseEvent("click")),
              )}
              onHover={(h) => setHoverFig(h ? i : null)}
            />
          ) : null,
        )}
        {(s?.mines ?? []).map((m) => (
          <g class={`mine ${m.passive ? "passive" : "active"}`} data-mine={m.id} pointer-events="none">
            <circle cx={m.at.x} cy={Y(m.at.y)} r={5} class="mine-reach" />
            <rect x={m.at.x - 0.6} y={Y(m.at.y) - 0.6} width="1.2" height="1.2" rx=".25" class="mine-die" />
            <text x={m.at.x} y={Y(m.at.y) + 0.3} class="mine-label">
              {m.die.value}
            </text>
          </g>
        ))}
        {drag && dragPreview && mover !== null && (
          <DragPath points={drag} r={infos[mover].radius} cost={dragPreview.cost} climb={dragPreview.climb} budget={dragBudget} blocked={dragPreview.blockedBy} nudge={nudging !== null} />
        )}
        {!drag && kbPoints && kbPreview && kbMover !== null && (
          <DragPath points={kbPoints} r={infos[kbMover].radius} cost={kbPreview.cost} climb={kbPreview.climb} budget={kbBudget} blocked={kbPreview.blockedBy} nudge={nudging !== null} />
        )}
        {kbPlace && cursor && phase === "Terrain" && piece !== null && <Ghost piece={piece} kit={kit} at={cursor} turn={turn} />}
        {kbPlace && cursor && placing !== null && (
          <circle cx={placeAt(cursor).x} cy={Y(placeAt(cursor).y)} r={placingRadius} class="ghost-base" pointer-events="none" data-testid="kb-ghost" />
        )}
        {cursor && <circle cx={cursor.x} cy={Y(cursor.y)} r={0.35} class="kb-cursor" pointer-events="none" data-testid="kb-cursor" />}
        {failed && <FailedPath f={failed} />}
        {/* ghosts */}
        {hover && p.interactive && phase === "Terrain" && piece !== null && !drag && <Ghost piece={piece} kit={kit} at={hover} turn={turn} />}
        {hover && p.interactive && placing !== null && (
          <circle cx={snapToEdge(hover, placingRadius).x} cy={Y(snapToEdge(hover, placingRadius).y)} r={placingRadius} class="ghost-base" pointer-events="none" />
        )}
      </svg>
      <p class="kb-status muted small" aria-live="polite" data-testid="kb-status">
        {kbWords}
      </p>
    </div>
  );

  // ---- the side panel ----
  const actingLimits = s && typeof s.phase !== "string" ? (arm(s.phase, "Acting") ?? null) : null;
  let prompt: string | null = null;
  if (p.interactive) {
    const pr: Record<string, string> = {
      ChooseSide: "Choose to be player X or Y. X places terrain first; Y forages first.",
      Terrain: "Set up the table: pick a terrain piece or the gate, then click the table to place it (R or the wheel turns it).",
      ChooseForager: "Choose who forages first.",
      Forage: "Forage: pick a die from the pool, then a figure of yours that can use it — or pass.",
      Deploy: "Place your remaining figures: pick one, then click an edge of the table (or use the arrow keys and Enter).",
      ChooseFirst: "Choose who activates first.",
      Activate: s?.started
        ? "Activate one of your glowing figures."
        : "Activate one of your glowing figures. The game's first activation is one action only.",
      // The limit is 1 for the game's first activation, and no limit (255) after it.
      Acting: `${actingLimits && actingLimits.limit === 1 ? "The game's first activation is one action: drag" : "Drag"} the active figure to move it (or Tab to it and use the arrow keys), click an enemy to target it, or prepare.`,
      Nudging: `Nudge ${nudging !== null ? `${infos[nudging]?.name} (${infos[nudging]?.letter})` : ""}: drag it up to ${NUDGE_CM} cm, or click where it goes; this spends a prep token.`,
    };
    prompt = top ? (attackDice ? "The attack dice are rolled: spend prep tokens on them, or accept the roll." : frameText(top, infos, pending)) : (pr[nudging !== null && phase === "Acting" ? "Nudging" : phase] ?? null);
  }

  const prep = s?.prep ?? [0, 0];
  const canSpend = p.interactive && me !== null && prep[me] > 0 && ((phase === "Acting" && pending.length === 0) || attackDice);
  const pool: (Die | null)[] = s?.pool ?? [];
  const reaction = p.interactive && top && (top.frame === "window" || top.frame === "resist") ? top : null;

  const panel = (
    <Panel title={`Ephemeral ${variant?.edition === "v0.20" ? "Gate v0.20" : "Path v0.26"}`} cls="eph-panel">
      <div class="prep-row">
        {[0, 1].map((seat) => (
          <div class={`prep seat-${seat}`}>
            <span class="prep-name">
              {p.view.seats[seat]?.name}
              {s?.x !== null && s?.x !== undefined ? ` · ${s.x === seat ? "X" : "Y"}` : ""}
            </span>
            <span class="tokens" title="prep tokens" data-testid={`prep-${seat}`}>
              {Array.from({ length: prep[seat] }, () => (
                <span class="token" />
              ))}
              {prep[seat] === 0 && <span class="muted small">no prep tokens</span>}
            </span>
          </div>
        ))}
      </div>
      {pool.some((d) => d) && (
        <div class="pool-tray" data-testid="pool">
          <div class="tray-title">Foraging pool</div>
          <div class="pool-dice">
            {pool.map((d, k) => !d ? (
              <span class="die-slot" title={`pool die ${k + 1} was foraged`} />
            ) : (
              <button
                class={`die-btn ${poolDie === k ? "on" : ""} ${phase === "Forage" && p.interactive && !forageDice.has(k) ? "unusable" : ""}`}
                disabled={!(phase === "Forage" && p.interactive)}
                title={`pool die ${k + 1}: D${d.sides} showing ${d.value}`}
                data-die={k}
                onClick={() => {
                  setPoolDie(poolDie === k ? null : k);
                  setPlacing(null);
                }}
              >
                <PolyDie sides={d.sides} value={d.value} cls={poolDie === k ? "chosen" : ""} />
              </button>
            ))}
          </div>
        </div>
      )}
      {reserve.length > 0 && (
        <div class="reserve">
          <div class="tray-title">Not on the table yet</div>
          <div class="row wrap">
            {reserve.map(({ f, i }) => {
              const eligible = p.interactive && f.owner === me && (phase === "Deploy" || (phase === "Forage" && poolDie !== null && forageFor(poolDie).has(i)));
              return (
                <button class={`fig-chip seat-${f.owner} ${placing === i ? "on" : ""}`} disabled={!eligible} data-reserve={infos[i]?.letter} onClick={() => setPlacing(placing === i ? null : i)}>
                  <b>{infos[i]?.letter}</b> {infos[i]?.name}
                </button>
              );
            })}
          </div>
          {placing !== null && <div class="hint-text">Click near an edge of the table: the base is placed touching it.</div>}
        </div>
      )}
      {p.interactive && phase === "Terrain" && terrainLegal && (
        <div class="terrain-pick">
          <div class="tray-title">Place on the table</div>
          <div class="row wrap">
            {piecesLeft.map((k: number) => (
              <button class={`btn small ${piece === k ? "primary" : ""}`} data-piece={k} onClick={() => setPiece(piece === k ? null : k)}>
                {k + 1}. {kit?.piece[k].name} <span class="muted">{kit?.piece[k].height} cm</span>
              </button>
            ))}
            {gateLeft && (
              <button class={`btn small ${piece === "gate" ? "primary" : ""}`} data-piece="gate" onClick={() => setPiece(piece === "gate" ? null : "gate")}>
                The gate
              </button>
            )}
          </div>
          {piece !== null && piece !== "gate" && (
            <div class="row">
              <span class="muted">Turn {turn}°</span>
              <button class="btn small" onClick={() => setTurn((t) => (t + 345) % 360)}>
                ⟳ −15°
              </button>
              <button class="btn small" onClick={() => setTurn((t) => (t + 15) % 360)}>
                ⟲ +15°
              </button>
            </div>
          )}
        </div>
      )}
      {choices.length > 0 && (
        <div class="row wrap">
          {choices.map((a) => (
            <button class="btn primary" onClick={() => send(a)} data-action={JSON.stringify(a)}>
              {choiceText(a, p.view.seats.map((x) => x.name))}
            </button>
          ))}
        </div>
      )}
      {myActing && target !== null && (
        <DiceTray
          force={infos[acting!]?.force ?? 0}
          dice={dice}
          setDice={setDice}
          target={infos[target]}
          attackable={attackable.has(target)}
          refused={targetRefusal(target)}
          distance={measure(acting!, target)}
          range={rangeOf(acting!)}
          onAttack={() => send({ Attack: { target, dice: dice as [number, number, number, number, number] } })}
          onCancel={() => setTarget(null)}
        />
      )}
      {attack && (
        <RolledDice
          attack={attack}
          force={infos[attack.attacker]?.force ?? 0}
          canSpend={canSpend && attackDice}
          lower={variant?.edition !== "v0.20"}
          send={send}
        />
      )}
      {p.interactive && (
        <div class="row wrap controls-row">
          {phase === "Forage" && canPass && (
            <button class="btn" onClick={() => send("Pass")} data-action="Pass">
              Pass
            </button>
          )}
          {canPrepare && (
            <button class="btn" onClick={() => send("Prepare")} data-action="Prepare" title="gain a prep token">
              Prepare (+1 prep token)
            </button>
          )}
          {myActing && (
            <button class="btn" disabled={!canEnd} onClick={() => send("End")} data-action="End">
              End activation
            </button>
          )}
          {attackDice && canResolve && (
            <button class="btn primary" onClick={() => send("Resolve")} data-action="Resolve">
              Accept the roll
            </button>
          )}
        </div>
      )}
      {myActing && acting !== null && (infos[acting]?.abilities ?? []).length > 0 && (
        <div class="ability-tray" data-testid="abilities">
          <div class="tray-title">Abilities of {infos[acting]?.name}</div>
          {(infos[acting]?.abilities ?? []).map((a, k) => {
            const uses = bodies("Ability").filter((u) => u.figure === acting && u.slot === k);
            const info = ability(a.id);
            return (
              <div class="ability-line" data-ability={a.id}>
                <div>
                  <b>
                    {abilityName(a)} ({a.id.toUpperCase()})
                  </b> <span class="muted small">{info?.type} {info?.die ?? ""}</span>
                  <div class="muted small">{info?.text ?? ""}</div>
                </div>
                <div class="row wrap">
                  {uses.length === 0 && <span class="muted small">{abilityIdle(info)}</span>}
                  {uses.map((u) => (
                    <button class="btn small" data-action={JSON.stringify({ Ability: u })} onClick={() => send({ Ability: u })}>
                      {useText(u, infos)}
                    </button>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
      {reaction && (
        <div class="reaction-tray" data-testid="reaction">
          <div class="tray-title">{frameText(reaction, infos, pending)}</div>
          <div class="row wrap">
            {legal.map((a) => (
              <button class={`btn small ${a === "Pass" ? "ghost" : "primary"}`} data-action={JSON.stringify(a)} onClick={() => send(a)}>
                {a === "Pass" ? (reaction.frame === "resist" ? "Do not resist" : "Pass") : reactionText(a, infos)}
              </button>
            ))}
          </div>
        </div>
      )}
      {(s?.mines ?? []).length > 0 && (
        <div class="muted small" data-testid="mines">
          Mines: {(s?.mines ?? []).map((m) => `${m.passive ? "passive" : "active"} mine ${m.id} (D${m.die.sides}:${m.die.value}) of ${infos[m.by]?.name ?? "?"}`).join(" · ")}
          {bodies("Detonate").map((d) => (
            <button class="btn small" data-action={JSON.stringify({ Detonate: d })} onClick={() => send({ Detonate: d })}>
              Detonate mine {d.mine}
            </button>
          ))}
        </div>
      )}
      {canSpend && phase === "Acting" && me !== null && nudging !== null && (
        <div class="nudge-tray" data-testid="nudge-tray">
          <div class="tray-title">
            Nudge <b>{infos[nudging]?.name} ({infos[nudging]?.letter})</b> up to {NUDGE_CM} cm, climbing included
          </div>
          <div class="muted small">Drag the figure, or click where its centre goes. The move rules apply; a refused nudge costs nothing.</div>
          <div class="row">
            <button class="btn small ghost" onClick={() => (setNudging(null), setFailed(null))} data-testid="nudge-cancel">
              Cancel
            </button>
          </div>
        </div>
      )}
      {canSpend && phase === "Acting" && me !== null && (
        <PrepUses figs={figs} infos={infos} me={me} send={send} nudging={nudging} onNudge={(i) => (setNudging(i), setTarget(null), setFailed(null))} />
      )}
      {s?.phase === "Over" && <Score steps={p.steps} seats={p.view.seats.map((x) => x.name)} />}
    </Panel>
  );

  const sheets = (
    <div class="sheets" data-testid="sheets" tabIndex={0} role="region" aria-label="Spec sheets">
      {[0, 1].map((seat) => (
        <div class={`sheet-set seat-${seat}`}>
          <h3 data-testid={`sheet-heading-${seat}`}>
            {setHeading(variant?.sets?.[seat]?.name, p.view.seats[seat]?.name, seat)}
            {(variant?.sets?.[seat]?.name ?? "").trim() !== "" && p.view.seats[seat]?.name && <span class="muted small"> {p.view.seats[seat]?.name}</span>}
          </h3>
          {infos
            .filter((x) => x.seat === seat)
            .map((x) => (
              <Sheet
                info={x}
                f={figs[x.i]}
                fx={{ reach: effectTotal(s, x.i, "reach"), words: effectWords(s, x.i) }}
                active={actor === x.i}
                hovered={hoverFig === x.i}
                onHover={(h) => setHoverFig(h ? x.i : null)}
              />
            ))}
        </div>
      ))}
    </div>
  );
  return {
    board: (
      <div class="eph-stage">
        {board}
        {sheets}
      </div>
    ),
    panel: companion.panel ? (
      <>
        {companion.panel}
        {panel}
      </>
    ) : (
      panel
    ),
    prompt,
  };
}

/** The sum of a figure's effects of one kind (`reach`, `force`). */
function effectTotal(s: State | null, figure: number, kind: string): number {
  return (s?.effects ?? []).filter((e) => e.holder === figure && e.kind === kind).reduce((n, e) => n + (e.value ?? 0), 0);
}

/** A figure's effects as words for its sheet. */
function effectWords(s: State | null, figure: number): string[] {
  const out: string[] = [];
  for (const e of s?.effects ?? []) {
    if (e.holder !== figure) continue;
    if (e.kind === "immobile") out.push("Immobile");
    else if (e.kind === "immobilized") out.push("immobilized");
    else if (e.kind === "force") out.push(`+${e.value} Force next attack`);
    else if (e.kind === "reach") out.push(`+${e.value} cm range next attack`);
  }
  return out;
}

const letterOf = (infos: FigureInfo[], i: number) => infos[i]?.letter ?? `#${i}`;

/** What an ability use does, in a few words for its button. */
/** A choice of sides, of who forages first or of who activates first, in words. */
function choiceText(a: Action, seats: string[]): string {
  const side = arm(a, "Choose"), first = arm(a, "First"), forager = arm(a, "Forager");
  if (side !== undefined) return `Be player ${side}`;
  if (first !== undefined) return `${seats[first]} activates first`;
  return `${forager !== undefined ? seats[forager] : "?"} forages first`;
}

/** An answer to a reaction window or a resist roll, in words. */
function reactionText(a: Action, infos: FigureInfo[]): string {
  const u = arm(a, "Ability"), r = arm(a, "Resist");
  return u ? useText(u, infos) : r ? `Resist with ${diceText(r.dice)}` : JSON.stringify(a);
}

function useText(u: Use, infos: FigureInfo[]): string {
  const who = (i: number) => `${infos[i]?.name ?? "?"} (${letterOf(infos, i)})`;
  const a = u.aim;
  const die = u.die !== null && u.die !== undefined ? ` with die ${u.die + 1}` : "";
  const name = infos[u.figure]?.abilities?.[u.slot];
  const label = name ? `${abilityName(name)} (${name.id.toUpperCase()})` : `ability ${u.slot + 1}`;
  let what = "";
  const figures = arm(a, "figures"), point = arm(a, "point"), path = arm(a, "path"), shove = arm(a, "shove");
  const gate = arm(a, "gate"), raise = arm(a, "raise"), pools = arm(a, "pools"), defend = arm(a, "defend");
  const negate = arm(a, "negate"), counter = arm(a, "counter");
  if (a === "nothing") what = "";
  else if (figures) what = ` at ${figures.map(who).join(", ")}`;
  else if (point) what = ` at (${point.x}, ${point.y})`;
  else if (path) what = ` moving to (${path[path.length - 1].x}, ${path[path.length - 1].y})`;
  else if (shove) what = " " + shove.map(([t, pull]) => `${pull ? "pull" : "push"} ${who(t)}`).join(", ");
  else if (gate !== undefined) what = gate ? " pulling the gate" : " pushing the gate";
  else if (raise) what = ` raising ${who(raise.figure)}'s die ${raise.die + 1}`;
  else if (pools) what = ` pools at ${pools.map(([t]) => who(t)).join(", ")}`;
  else if (defend !== undefined) what = defend ? " (reroll the die)" : " (the die as it shows)";
  else if (negate !== undefined) what = `: cancel ${negate} damage`;
  else if (counter) what = ` counter-attacking ${who(counter.target)}${counter.dice.some((n) => n > 0) ? ` with ${diceText(counter.dice)}` : ""}`;
  const tokens = u.tokens ? `, discarding ${u.tokens} prep token${u.tokens === 1 ? "" : "s"}` : "";
  return `${label}${what}${die}${tokens}`;
}

/** Why an ability offers nothing now. */
function abilityIdle(info: CatalogueAbility | null): string {
  if (!info) return "";
  if (info.type === "defend") return "used when an attack is about to damage this figure";
  if (info.when === "friend-hurt") return "used when a friend within range is about to take damage";
  if (info.when === "enemy-attack") return "used after an enemy attack";
  if (info.when === "attack-dealt") return "used after this figure's standard attack deals damage";
  if ((info.keywords ?? []).includes("counter")) return "used after surviving an enemy attack";
  if (info.type === "prep" || (info.keywords ?? []).includes("sneak")) return "works by itself";
  return "no die, target or spot for it now";
}

/** What the top pending frame asks, in words. */
function frameText(f: Frame, infos: FigureInfo[], pending: Frame[] = []): string {
  const who = (i: number) => infos[i]?.name ?? "a figure";
  if (f.frame === "resist") return `${who(f.target)} may resist ${who(f.by)}'s ability (roll dice against Force; beat ${f.against})`;
  if (f.frame !== "window") return "Dice are being rolled.";
  const t = f.trigger;
  switch (t.trigger) {
    case "damage": {
      const h = [...pending].reverse().find((x): x is Extract<Frame, { frame: "damage" }> => x.frame === "damage");
      const from = h && h.by !== null && h.by !== undefined ? ` from ${who(h.by)}${h.kind === "mine" ? "'s mine" : h.kind === "spray" ? "'s spray" : "'s attack"}` : "";
      return `${who(t.target)} is about to take ${h ? `${h.amount} damage` : "damage"}${from}: use a Defend die or L7, or pass.`;
    }
    case "dealt":
      return `${who(t.attacker)}'s attack dealt damage: add spray, or pass.`;
    case "survived":
      return `${who(t.target)} survived ${who(t.attacker)}'s attack: counter attack, or pass.`;
    case "attacked":
      return `${who(t.attacker)} attacked: a figure with L11 may move up to 4 cm, or pass.`;
    case "waypoint":
      return `${who(t.figure)} is part-way through its move: use a Chain Rush, or go on.`;
    case "move_ended":
      return `${who(t.figure)} ended its move: use a Rush or Chain Rush ability, or pass.`;
    case "again":
      return `${who(t.figure)} may use its recurring ability again, or pass.`;
    default:
      return "Answer the event, or pass.";
  }
}

function Terrain({ sol, name, n }: { sol: Solid; name: string; n: number }) {
  const h = sol.height;
  const shade = Math.max(0, Math.min(1, h / 6));
  const fill = `hsl(30, ${18 + shade * 10}%, ${44 - shade * 18}%)`;
  const c = sol.kind === "circle" ? sol.c : { x: sol.pts.reduce((a, p) => a + p.x, 0) / sol.pts.length, y: sol.pts.reduce((a, p) => a + p.y, 0) / sol.pts.length };
  return (
    <g class="terrain" data-terrain={sol.piece}>
      <title>
        {sol.piece + 1}. {name}: {h} cm high
      </title>
      {sol.kind === "circle" ? (
        <circle cx={sol.c.x} cy={Y(sol.c.y)} r={sol.r} style={{ fill }} class="terrain-body" filter="url(#lift)" />
      ) : (
        <polygon points={pts(sol.pts)} style={{ fill }} class="terrain-body" filter="url(#lift)" />
      )}
      {sol.kind === "circle" ? (
        <circle cx={sol.c.x} cy={Y(sol.c.y)} r={sol.r} fill="url(#hatch)" pointer-events="none" />
      ) : (
        <polygon points={pts(sol.pts)} fill="url(#hatch)" pointer-events="none" />
      )}
      <g class="height-badge" pointer-events="none">
        <rect x={c.x - 1.7} y={Y(c.y) - 0.85} width="3.4" height="1.7" rx=".4" />
        <text x={c.x} y={Y(c.y) + 0.45}>
          {h}cm
        </text>
      </g>
      <text x={c.x} y={Y(c.y) - 1.2} class="terrain-n" pointer-events="none">
        {n + 1 > 0 ? sol.piece + 1 : ""}
      </text>
    </g>
  );
}

function Ghost({ piece, kit, at, turn }: { piece: number | "gate"; kit: Kit | null; at: P; turn: number }) {
  const a = { x: Math.round(at.x * 2) / 2, y: Math.round(at.y * 2) / 2 };
  const kitPiece = kit?.piece[piece === "gate" ? -1 : piece];
  if (piece === "gate" || !kitPiece) return <circle cx={a.x} cy={Y(a.y)} r={GATE_R} class="ghost" pointer-events="none" />;
  const sol = footprint(kitPiece, piece, a, turn);
  return sol.kind === "circle" ? (
    <circle cx={a.x} cy={Y(a.y)} r={sol.r} class="ghost" pointer-events="none" />
  ) : (
    <polygon points={pts(sol.pts)} class="ghost" pointer-events="none" />
  );
}

function Figure(props: {
  f: Fig;
  info: FigureInfo;
  i: number;
  active: boolean;
  mine: boolean;
  can: boolean;
  targetable: boolean;
  attackable: boolean;
  targeted: boolean;
  hovered: boolean;
  onDown: (e: PointerEvent) => void;
  onClick: (e: MouseEvent) => void;
  /** Keyboard play: focusable, named, Enter or Space clicks. */
  keyProps?: ReturnType<typeof keys>;
  onHover: (h: boolean) => void;
}) {
  const { f, info } = props;
  // Drawn only for figures on the table.
  const { x, y } = f.at!;
  const r = info.radius;
  const hpLeft = Math.max(0, info.hp - f.damage);
  const frac = info.hp ? hpLeft / info.hp : 0;
  const circ = 2 * Math.PI * (r + 0.35);
  return (
    <g
      class={`fig seat-${f.owner} ${props.active ? "active" : ""} ${props.can ? "can" : ""} ${props.targetable ? "targetable" : ""} ${props.attackable ? "attackable" : ""} ${props.targeted ? "targeted" : ""} ${props.hovered ? "hovered" : ""} ${f.on !== null && f.on !== undefined ? "raised" : ""}`}
      data-figure={info.letter}
      {...(props.keyProps ?? {})}
      onPointerDown={props.onDown}
      onClick={props.onClick}
      onPointerEnter={() => props.onHover(true)}
      onPointerLeave={() => props.onHover(false)}
    >
      <title>
        {info.name} ({info.letter}) — {hpLeft}/{info.hp} HP, {f.actions} actions left
      </title>
      {props.active && <circle cx={x} cy={Y(y)} r={r + 1.1} class="active-glow" />}
      <circle cx={x} cy={Y(y)} r={r} class="base" filter="url(#lift)" />
      <circle cx={x} cy={Y(y)} r={r + 0.35} class="hp-track" />
      <circle
        cx={x}
        cy={Y(y)}
        r={r + 0.35}
        class="hp-arc"
        stroke-dasharray={`${circ * frac} ${circ}`}
        transform={`rotate(-90 ${x} ${Y(y)})`}
      />
      <text x={x} y={Y(y) + Math.min(r * 1.2, 2.2) * 0.35} class="fig-letter" style={{ fontSize: `${Math.min(r * 1.2, 2.2)}px` }}>
        {info.letter}
      </text>
      {Array.from({ length: f.actions }, (_, k) => (
        <circle cx={x - ((f.actions - 1) * 0.6) / 2 + k * 0.6} cy={Y(y) + r + 0.95} r="0.22" class="action-pip" />
      ))}
    </g>
  );
}

function SightLine({ a, b, ok, d, range }: { a: P; b: P; ok: boolean; d: number | null; range: number }) {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const inRange = d !== null && d <= range + 0.05;
  return (
    <g class={`sight ${ok ? "ok" : "bad"}`} pointer-events="none">
      <line x1={a.x} y1={Y(a.y)} x2={b.x} y2={Y(b.y)} />
      <g class="sight-label">
        <rect x={mid.x - 4.6} y={Y(mid.y) - 2.5} width="9.2" height="1.9" rx=".5" />
        <text x={mid.x} y={Y(mid.y) - 1.15}>
          {d === null ? "" : `${d.toFixed(1)} / ${range} cm`} {ok ? "✓" : inRange ? "no sight?" : "out of range"}
        </text>
      </g>
    </g>
  );
}

function DragPath({ points, r, cost, climb, budget, blocked, nudge = false }: { points: P[]; r: number; cost: number; climb: number; budget: number; blocked: string | null; nudge?: boolean }) {
  const over = cost > budget + 0.05;
  const end = points[points.length - 1];
  const bad = over || !!blocked;
  return (
    <g class={`drag ${bad ? "bad" : "good"}`} pointer-events="none" data-testid="drag-path">
      <polyline points={pts(points)} class="swept" style={{ strokeWidth: `${r * 2}px` }} />
      <polyline points={pts(points)} class="path" />
      <circle cx={end.x} cy={Y(end.y)} r={r} class="ghost-base" />
      <g class="drag-label" transform={`translate(${Math.min(Math.max(end.x, 6), 34)} ${Y(end.y) - r - 1.6})`}>
        <rect x="-6" y="-1.5" width="12" height={blocked ? 3.6 : 2.2} rx=".5" />
        <text y="0.1">
          {nudge ? `nudge ${cost.toFixed(1)} of ${budget} cm` : `${cost.toFixed(1)} cm used · ${Math.max(0, budget - cost).toFixed(1)} left`}
          {climb > 0 ? ` (${climb.toFixed(1)} climb)` : ""}
        </text>
        {blocked && (
          <text y="1.5" class="small">
            {blocked}
          </text>
        )}
      </g>
    </g>
  );
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const w of text.split(/\s+/)) {
    if (line && (line + " " + w).length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out.slice(0, 4);
}

function FailedPath({ f }: { f: Failed }) {
  const end = f.points[f.points.length - 1];
  const lines = wrap(f.reason, 46);
  const w = Math.min(24, Math.max(...lines.map((l) => l.length)) * 0.5 + 1.2);
  const cx = Math.min(Math.max(end.x, w / 2 + 0.3), TABLE - w / 2 - 0.3);
  const top = end.y > 8 ? Y(end.y) + 1.8 : Y(end.y) - 2 - lines.length * 1.25;
  return (
    <g class="failed" pointer-events="none" data-testid="failed-path">
      {f.points.length > 1 && <polyline points={pts(f.points)} class="path" />}
      <path d={`M${end.x - 0.8} ${Y(end.y) - 0.8} l1.6 1.6 M${end.x + 0.8} ${Y(end.y) - 0.8} l-1.6 1.6`} class="cross" />
      <g class="drag-label bad" transform={`translate(${cx} ${top})`}>
        <rect x={-w / 2} y="-0.2" width={w} height={lines.length * 1.25 + 0.5} rx=".5" />
        {lines.map((l, k) => (
          <text y={1 + k * 1.25}>{l}</text>
        ))}
      </g>
    </g>
  );
}

function DiceTray(props: {
  force: number;
  dice: number[];
  setDice: (d: number[]) => void;
  target: FigureInfo | undefined;
  attackable: boolean;
  /** Why the rules refuse this target, when the table knows it. */
  refused: string | null;
  distance: number | null;
  range: number;
  onAttack: () => void;
  onCancel: () => void;
}) {
  const { dice, setDice, force } = props;
  const n = dice.reduce((a, b) => a + b, 0);
  const odds = useAttackOdds(force, dice);
  const set = (k: number, delta: number) => {
    const next = dice.slice();
    next[k] = Math.max(0, next[k] + delta);
    if (next.reduce((a, b) => a + b, 0) <= 12) setDice(next);
  };
  const best = odds.best[0]?.dice ?? dice;
  return (
    <div class="attack-tray" data-testid="dice-tray">
      <div class="tray-title">
        Attack {props.target?.name} ({props.target?.letter}) —{" "}
        {props.distance !== null ? `${props.distance.toFixed(1)} cm, range ${props.range} cm` : ""}
        {!props.attackable && !props.refused && <span class="warn"> · the rules may refuse this target</span>}
      </div>
      {props.refused && (
        <p class="warn tray-refused" data-testid="attack-refused">
          Cannot attack: {props.refused}.
        </p>
      )}
      <div class="dice-choose">
        {SIZES.map((sz, k) => (
          <div class="die-col">
            <PolyDie sides={sz} value={dice[k] ? `×${dice[k]}` : `d${sz}`} cls={dice[k] ? "chosen" : "dim"} size={38} />
            <div class="row">
              <button class="btn small" onClick={() => set(k, -1)} disabled={!dice[k]} aria-label={`one d${sz} fewer (${dice[k]} now)`}>
                −
              </button>
              <button class="btn small" onClick={() => set(k, 1)} disabled={n >= 12} data-add={`d${sz}`} aria-label={`one more d${sz} (${dice[k]} now)`}>
                +
              </button>
            </div>
          </div>
        ))}
      </div>
      <div class="odds">
        Hit if the sum is at most Force <b>{force}</b>: <b>{Math.round(odds.hit * 100)}%</b> · expected damage <b>{odds.damage.toFixed(2)}</b>
        <button class="btn small ghost" onClick={() => setDice(best)}>
          Best: {diceText(best)}
        </button>
      </div>
      <div class="row">
        <button class="btn primary" disabled={n === 0 || !!props.refused} title={props.refused ?? undefined} onClick={props.onAttack} data-testid="attack">
          Roll {diceText(dice)}
        </button>
        <button class="btn ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** An attack's odds and the best dice for the Force, from the server (the
 * rules' own arithmetic); the last answer stays while the next is asked. */
function useAttackOdds(force: number, dice: number[]): AttackOdds {
  const [odds, setOdds] = useState<AttackOdds>({ force, hit: 0, damage: 0, best: [] });
  const key = `${force}:${dice.join(",")}`;
  useEffect(() => {
    let stop = false;
    api.ephemeral.attack(force, dice).then(
      (a) => !stop && setOdds(a),
      () => undefined,
    );
    return () => {
      stop = true;
    };
  }, [key]);
  return odds;
}

function RolledDice({ attack, force, canSpend, lower, send }: { attack: { dice: Die[] }; force: number; canSpend: boolean; lower: boolean; send: (a: Action) => void }) {
  const dice = attack.dice ?? [];
  const sum = dice.reduce((a, d) => a + d.value, 0);
  return (
    <div class="attack-tray rolled">
      <div class="tray-title">
        Rolled: sum <b>{sum}</b> against Force <b>{force}</b> — {sum <= force ? <span class="good">a hit for {sum}</span> : <span class="bad">a miss</span>}
      </div>
      <div class="dice-choose">
        {dice.map((d, k) => (
          <div class="die-col">
            <PolyDie sides={d.sides} value={d.value} size={40} />
            {canSpend && (
              <div class="row">
                <button class="btn small" disabled={d.value >= d.sides} onClick={() => send({ Spend: { Raise: { die: k } } })} title="spend a prep token: +2">
                  +2
                </button>
                {lower && (
                  <button class="btn small" disabled={d.value <= 1} onClick={() => send({ Spend: { Lower: { die: k } } })} title="spend a prep token: −2">
                    −2
                  </button>
                )}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

function PrepUses(props: { figs: Fig[]; infos: FigureInfo[]; me: number; send: (a: Action) => void; nudging: number | null; onNudge: (i: number) => void }) {
  const { figs, infos, me, send } = props;
  const mine = infos.filter((x) => x.seat === me && figs[x.i]?.at && !figs[x.i]?.defeated);
  return (
    <details class="prep-uses" data-testid="prep-uses">
      <summary>Spend a prep token…</summary>
      {mine.map((x) => (
        <div class="row wrap prep-fig">
          <b>
            {x.letter} {x.name}
          </b>
          <button class="btn small" disabled={!figs[x.i].damage} onClick={() => send({ Spend: { Mend: { figure: x.i } } })}>
            Mend 2
          </button>
          <button class="btn small" onClick={() => send({ Spend: { Reach: { figure: x.i } } })}>
            +5 cm range
          </button>
          <button
            class={`btn small ${props.nudging === x.i ? "primary" : ""}`}
            onClick={() => props.onNudge(x.i)}
            data-nudge={x.letter}
            title={`move ${x.name} up to ${NUDGE_CM} cm: drag it on the table`}
          >
            Nudge {NUDGE_CM} cm
          </button>
          {(figs[x.i].dice ?? []).map((d, k) => (
            <button class="btn small" disabled={d.value >= d.sides} onClick={() => send({ Spend: { Forage: { figure: x.i, die: k } } })}>
              D{d.sides}:{d.value} +2
            </button>
          ))}
        </div>
      ))}
    </details>
  );
}

function Sheet({ info, f, fx, active, hovered, onHover }: { info: FigureInfo; f: Fig | undefined; fx: { reach: number; words: string[] }; active: boolean; hovered: boolean; onHover: (h: boolean) => void }) {
  const hpLeft = f ? Math.max(0, info.hp - f.damage) : info.hp;
  const where = !f ? "" : f.defeated ? "defeated" : !f.at ? "not on the table" : f.on !== null && f.on !== undefined ? "up on terrain" : "on the table";
  return (
    <div class={`sheet seat-${info.seat} ${active ? "active" : ""} ${hovered ? "hovered" : ""} ${f?.defeated ? "defeated" : ""}`} onPointerEnter={() => onHover(true)} onPointerLeave={() => onHover(false)} data-sheet={info.letter}>
      <div class="sheet-head">
        <span class="sheet-letter">{info.letter}</span>
        <span class="sheet-name">{info.name}</span>
        <span class="sheet-class">{info.cls}</span>
      </div>
      <div class="hp-bar" title={`${hpLeft} of ${info.hp} HP`}>
        <span style={{ width: `${(100 * hpLeft) / Math.max(1, info.hp)}%` }} />
        <em>
          {hpLeft}/{info.hp} HP
        </em>
      </div>
      <div class="stats">
        <span title="Movement">
          <b>{info.moveCm}</b> cm move
        </span>
        <span title="Force: an attack hits when the dice sum at most this">
          <b>{info.force}</b> force
        </span>
        <span title="Range">
          <b>{info.rangeCm}</b>
          {fx.reach ? `+${fx.reach}` : ""} cm range
        </span>
        <span title="actions left this game">
          <b>{f?.actions ?? info.actions}</b> actions
        </span>
      </div>
      {f && f.dice.length > 0 && (
        <div class="sheet-dice">
          {f.dice.map((d) => (
            <PolyDie sides={d.sides} value={d.value} size={24} />
          ))}
        </div>
      )}
      <ul class="abilities">
        {info.abilities.map((a) => {
          const c = ability(a.id);
          return (
            <li title={c?.text ?? ""}>
              <b>{abilityName(a)}</b> <span class="muted">{a.id.toUpperCase()}</span> {c?.die && c.die !== "none" ? <span class="die-req">{c.die}</span> : null}
              <div class="ab-text">{c?.text}</div>
            </li>
          );
        })}
      </ul>
      {fx.words.length > 0 && <div class="sheet-effects" data-testid="effects">{fx.words.join(" · ")}</div>}
      <div class="sheet-foot muted">
        {(info.radius * 20).toFixed(0)} mm base · {where}
      </div>
    </div>
  );
}

function Score({ steps, seats }: { steps: Step[]; seats: string[] }) {
  let over: Extract<Event, { GameOver: unknown }>["GameOver"] | null = null;
  for (const st of steps) for (const e of eventsOf<Event>(st)) over = arm(e, "GameOver") ?? over;
  if (!over) return null;
  const t = over.touching, pts = over.points;
  return (
    <div class="eph-score" data-testid="score">
      <div class="tray-title">At the gate</div>
      {[0, 1].map((k) => (
        <div class={`score-row seat-${k} ${over.winner === k ? "winner" : ""}`}>
          <span>{seats[k]}</span>
          <span>
            <b>{t[k]}</b> figure{t[k] === 1 ? "" : "s"} touching · <b>{pts[k]}</b> points
          </span>
        </div>
      ))}
    </div>
  );
}
