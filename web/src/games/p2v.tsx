// Path 2 Victory's table: the battle grid (terrain by trait, objectives,
// deployment zones, creatures of every size in their seat's colour), the
// selected creature's card, and every decision by a click — objectives and
// deployment on glowing squares, Strides with their cost and way, strikes
// with their odds, powers with their area previewed, reactions and the
// defender's line as prompts. The rules' answers (the whole legal list,
// moves, odds, areas) come from `POST /api/p2v/table`; a refused click
// shows the "why not?" card the table shows for every game.
import { useEffect, useState } from "preact/hooks";
import type { VNode } from "preact";
import { api } from "../api";
import { keys, Panel, type GameProps, type GameUI, type VariantEditorProps } from "../ui";
import type { ShippedWarband } from "@bindings/ShippedWarband";
import {
  conditionNames,
  fileName,
  fileOf,
  frameWords,
  groundPieces,
  laidPieces,
  partyWords,
  pct,
  rankOf,
  tileFootprint,
  squareName,
  useBoard,
  useLook,
  type Action,
  type Aim,
  type AreaView,
  type CreatureView,
  type Sq,
  type State,
  type StrikeOdds,
  type TableView,
} from "./p2v-model";
import { loadSaved, toFile } from "./warband";
import "./p2v.css";

const C = 30;
const PAD = 22;

/** Decisions aimed at a square that are chosen first, then clicked on the board. */
const SQUARE_ACTS: Record<string, string> = { leap: "Leap", tumble: "Tumble", haul: "Haul", dismount: "Dismount" };

/** A strike or a power chosen on the card, waiting for its target. */
type Mode = { kind: "strike"; weapon: number } | { kind: "power"; power: number } | null;

/** Terrain classes by trait, the strongest first. */
const TRAIT_ORDER = ["solid", "deep water", "hazardous", "difficult", "obstructing", "concealing", "opaque", "incline", "door", "teleportation", "encumbering", "directional"];
const traitClass = (traits: string[]) => {
  const t = TRAIT_ORDER.find((x) => traits.includes(x)) ?? traits[0] ?? "open";
  return `t-${t.replace(/\s+/g, "-")}`;
};

/** Terrain trait bits as the rules number them (`Traits` in the geometry crate). */
const TRAIT_BITS: [number, string][] = [
  [1, "concealing"], [2, "deep water"], [4, "difficult"], [8, "door"], [16, "directional"], [32, "encumbering"], [64, "hazardous"], [128, "obstructing"],
  [256, "opaque"], [512, "solid"], [1024, "teleportation"], [2048, "incline"], [4096, "narrow"], [8192, "water"], [16384, "objective"], [32768, "plant"],
];

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

export function useP2v(p: GameProps): GameUI {
  const s = p.obs as State | null;
  const variant = p.config?.variant ?? null;
  const board = useBoard(variant);
  const look = useLook(variant, s, p.interactive, p.view.len);
  const [sel, setSel] = useState<number | null>(null);
  const [hover, setHover] = useState<Sq | null>(null);
  const [preview, setPreview] = useState<AreaView | null>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [objKind, setObjKind] = useState<string | null>(null);
  const [tileSel, setTileSel] = useState(0);
  const [tileTurn, setTileTurn] = useState(0);
  // A square-aimed decision chosen (leap, tumble, haul, dismount, or a summon of creature `who`).
  const [sqMode, setSqMode] = useState<{ act: string; who?: number } | null>(null);
  useEffect(() => {
    setSqMode(null);
    setMode(null);
    setPreview(null);
    setHover(null);
  }, [p.view.len]);

  if (!s || !board) return { board: <div class="loading">Setting out the battle map…</div>, panel: null, prompt: null };

  const phase = s.phase.phase;
  const active = phase === "turn" ? (s.phase.who ?? null) : null;
  // A swallowed creature escaping: its player places it (Swallow Whole).
  const disgorging = s.pending[s.pending.length - 1]?.frame === "disgorge";
  const legal: [Action, string][] = p.interactive
    ? (look?.legal ?? (p.legal as Action[]).map((a, i) => [a, p.view.legal_text[i] ?? JSON.stringify(a)] as [Action, string]))
    : [];
  const send = (a: Action) => void p.act(a);
  const cv = (i: number): CreatureView | undefined => board.creatures[i];
  const name = (i: number) => {
    const c = cv(i);
    return c ? `${c.name} (${c.label})` : `#${i}`;
  };
  const seatName = (t: number) => p.view.seats[t]?.name ?? `P${t + 1}`;
  const focus = sel ?? active;

  // What can be clicked now.
  const moves = new Map((look?.moves ?? []).map((m) => [m.to, m]));
  const steps = new Map<Sq, Action>();
  for (const [a] of legal) if ((a.act === "step" || a.act === "crawl") && typeof a.to === "number") steps.set(a.to, a);
  const deployFor = look?.deploy ?? [];
  const deployWho = phase === "deploy" ? (deployFor.find(([w]) => w === sel)?.[0] ?? deployFor[0]?.[0] ?? null) : null;
  const deploySquares = new Set(deployFor.find(([w]) => w === deployWho)?.[1] ?? []);
  const objKinds = [...new Set(legal.filter(([a]) => a.act === "objective").map(([a]) => String(a.kind)))];
  const kind = objKind && objKinds.includes(objKind) ? objKind : (objKinds[0] ?? null);
  const objSquares = new Set(legal.filter(([a]) => a.act === "objective" && a.kind === kind).map(([a]) => a.at as Sq));
  const activatable = new Set(legal.filter(([a]) => a.act === "activate").map(([a]) => a.who as number));
  // Trail of Bodies in the set-up: the squares a body may go on.
  const bodySquares = new Set(phase === "place_body" ? legal.filter(([a]) => a.act === "body").map(([a]) => a.at as Sq) : []);
  // False Object in the set-up: where its extra obstacle may go, then the obstacles it may be.
  const objectSquares = new Set(phase === "place_object" || phase === "hide" ? legal.filter(([a]) => a.act === "object" || a.act === "hide").map(([a]) => a.at as Sq) : []);
  // Laying a tile: the squares its lower-left corner may go on, for the tile and turn chosen.
  const tileAts = new Set(legal.filter(([a]) => a.act === "tile" && a.tile === tileSel && a.turn === tileTurn).map(([a]) => a.at as Sq));
  const tileShown = phase === "place_tile" && hover !== null ? board.tiles?.[tileSel] : undefined;
  const strikes: StrikeOdds[] = look?.strikes ?? [];
  const weapon = mode?.kind === "strike" ? mode.weapon : null;
  const shownStrikes = weapon === null ? strikes : strikes.filter((o) => o.weapon === weapon);
  const bestOn = new Map<number, StrikeOdds>();
  for (const o of shownStrikes) if (!bestOn.has(o.target) || bestOn.get(o.target)!.odds < o.odds) bestOn.set(o.target, o);
  const powerAims = (look?.areas ?? []).filter((a) => mode?.kind === "power" && a.power === mode.power);
  const powerTargets = new Set(powerAims.filter((a) => a.aim.aim === "creature").map((a) => a.aim.who as number));
  // A teleport's landings, while its power is chosen: click one to go.
  const landings = new Map<Sq, Action>(
    legal
      .filter(([a]) => a.act === "use" && mode?.kind === "power" && a.power === mode.power && (a.aim as Aim).aim === "square")
      .map(([a]) => [(a.aim as Aim).at as Sq, a]),
  );
  // The squares of the square-aimed decision chosen: click one to take it.
  const modeSquares = new Map<Sq, Action>(
    sqMode
      ? legal
          .filter(([a]) => a.act === sqMode.act && (sqMode.act !== "place" || a.who === sqMode.who))
          .map(([a]) => [(a.to ?? a.at) as Sq, a] as [Sq, Action])
      : [],
  );
  const hot = sqMode
    ? new Set<Sq>(modeSquares.keys())
    : new Set<Sq>([...moves.keys(), ...steps.keys(), ...(phase === "deploy" ? deploySquares : []), ...objSquares, ...landings.keys(), ...tileAts, ...bodySquares, ...objectSquares]);
  const hovered = hover !== null ? moves.get(hover) : undefined;
  const areaShown = preview ?? (powerAims.length === 1 && powerAims[0].squares.length ? powerAims[0] : null);

  const clickSquare = (q: Sq) => {
    if (!p.interactive) return;
    if (phase === "place_tile") return send({ act: "tile", tile: tileSel, at: q, turn: tileTurn });
    if ((phase === "place_objective" || phase === "extra_objective") && kind) return send({ act: "objective", kind, at: q });
    if (phase === "deploy" && deployWho !== null) return send({ act: "place", who: deployWho, at: q });
    if (phase === "place_body" && bodySquares.has(q)) return send({ act: "body", at: q });
    if (phase === "place_object" && objectSquares.has(q)) return send({ act: "object", at: q });
    if (phase === "hide" && objectSquares.has(q)) return send({ act: "hide", at: q });
    if (disgorging && sqMode) return modeSquares.has(q) ? send(modeSquares.get(q)!) : undefined;
    if (phase === "turn") {
      if (sqMode) return modeSquares.has(q) ? send(modeSquares.get(q)!) : send({ act: sqMode.act, ...(sqMode.who !== undefined ? { who: sqMode.who, at: q } : { to: q }) });
      if (landings.has(q)) return send(landings.get(q)!);
      if (steps.has(q) && !moves.has(q)) return send(steps.get(q)!);
      return send({ act: "stride", to: q });
    }
  };
  const clickCreature = (i: number) => {
    const c = cv(i);
    if (!c) return;
    if (p.interactive && phase === "activate" && c.team === p.view.you) return send({ act: "activate", who: i });
    if (p.interactive && phase === "turn" && active !== null && c.team !== cv(active)?.team) {
      if (mode?.kind === "power") return send({ act: "use", power: mode.power, aim: { aim: "creature", who: i } });
      const w = weapon ?? bestOn.get(i)?.weapon ?? strikes.find((o) => o.target === i)?.weapon ?? 0;
      return send({ act: "strike", weapon: w, target: i });
    }
    if (p.interactive && phase === "deploy" && deployFor.some(([w]) => w === i)) return setSel(i);
    setSel(sel === i ? null : i);
  };

  // Board geometry: rank 1 at the bottom.
  const W = PAD * 2 + board.width * C, H = PAD * 2 + board.height * C;
  const x = (q: Sq) => PAD + fileOf(q) * C;
  const y = (q: Sq, side = 1) => PAD + (board.height - rankOf(q) - side) * C;
  const centre = (q: Sq, side = 1) => ({ cx: x(q) + (side * C) / 2, cy: y(q, side) + (side * C) / 2 });
  const squareAt = (e: MouseEvent): Sq | null => {
    const svg = (e.currentTarget as SVGElement).ownerSVGElement ?? (e.currentTarget as SVGSVGElement);
    const m = svg.getScreenCTM();
    if (!m) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const f = Math.floor((pt.x - PAD) / C), r = board.height - 1 - Math.floor((pt.y - PAD) / C);
    return f >= 0 && f < board.width && r >= 0 && r < board.height ? r * 64 + f : null;
  };
  const showZones = phase === "place_tile" || phase === "choose_zone" || phase === "deploy" || phase === "deploy_roll" || phase === "place_objective" || phase === "objective_count" || phase === "trail_roll" || phase === "place_body";
  const zoneChoices = legal.filter(([a]) => a.act === "zone");

  const svg = (
    <div class="p2v-wrap" style={{ "--cols": board.width, "--rows": board.height }}>
      <svg class={`p2v-board ${p.interactive ? "live" : ""}`} viewBox={`0 0 ${W} ${H}`} data-testid="p2v-board" data-look={!p.interactive || look ? "ready" : "waiting"}>
        <title>{`The battle map ${board.map}, ${board.width} by ${board.height} squares`}</title>
        <rect x={PAD} y={PAD} width={board.width * C} height={board.height * C} class="ground" onClick={(e) => { const q = squareAt(e as MouseEvent); if (q !== null) clickSquare(q); }} onMouseMove={(e) => setHover(squareAt(e as MouseEvent))} />
        <g class="grid" pointer-events="none">
          {Array.from({ length: board.width + 1 }, (_, i) => <line x1={PAD + i * C} y1={PAD} x2={PAD + i * C} y2={PAD + board.height * C} />)}
          {Array.from({ length: board.height + 1 }, (_, i) => <line x1={PAD} y1={PAD + i * C} x2={PAD + board.width * C} y2={PAD + i * C} />)}
        </g>
        {showZones &&
          board.zones.map((z, i) => {
            const owner = s.zones.findIndex((v) => v === i);
            return (
              <g class={`zone ${owner >= 0 ? `team-${owner}` : ""}`} data-zone={z.name} pointer-events="none">
                {z.squares.map((q) => <rect x={x(q)} y={y(q)} width={C} height={C} />)}
              </g>
            );
          })}
        {groundPieces(board, s).map((piece, k) => {
          // A door as it stands now: closed, it is solid terrain.
          const door = s.doors?.find((d) => d.piece === k);
          const shown = door ? { ...piece, traits: door.open ? piece.traits.filter((x) => x !== "solid") : [...new Set(["solid", ...piece.traits])] } : piece;
          // Solid squares opened (Magic Passage, a False Object come out) are open ground now.
          const opened = new Set(s.openings ?? []);
          const t = shown.traits.includes("solid") && opened.size ? { ...shown, squares: shown.squares.filter((q) => !opened.has(q)) } : shown;
          const doorClass = door ? (door.open ? " door-open" : " door-closed") : "";
          return (
          <g class={`terrain ${traitClass(t.traits)}${doorClass}`} data-terrain={t.name} data-door={door ? (door.open ? "open" : "closed") : undefined} pointer-events="none">
            <title>{`${t.name}${door ? (door.open ? " (open)" : " (closed)") : ""}${t.traits.length ? ` — ${t.traits.join(", ")}` : ""}${t.elevation ? `, elevation ${t.elevation}` : ""}`}</title>
            {t.squares.map((q) => <rect x={x(q)} y={y(q)} width={C} height={C} />)}
            {t.edges.map(([q, side]) =>
              side === "n" ? <line x1={x(q)} y1={y(q)} x2={x(q) + C} y2={y(q)} class="edge" /> : <line x1={x(q) + C} y1={y(q)} x2={x(q) + C} y2={y(q) + C} class="edge" />,
            )}
          </g>
          );
        })}
        {tileShown && hover !== null && (() => {
          const [w, h] = tileFootprint(tileShown, tileTurn);
          const ok = tileAts.has(hover);
          return (
            <g class={`tile-preview ${ok ? "fits" : "refused"}`} data-testid="p2v-tile-preview" data-fits={ok ? "yes" : "no"} pointer-events="none">
              <rect x={x(hover)} y={y(hover, h)} width={w * C} height={h * C} class="outline" />
              {laidPieces(tileShown, { tile: tileSel, at: hover, turn: tileTurn }).map((piece) => (
                <g class={`terrain ${traitClass(piece.traits)}`}>{piece.squares.map((q) => <rect x={x(q)} y={y(q)} width={C} height={C} />)}</g>
              ))}
            </g>
          );
        })()}
        {(s.veils ?? []).map((v) => (
          <g class={`terrain ${v.traits === undefined ? "t-concealing darkness" : traitClass(TRAIT_BITS.filter(([b]) => (v.traits! & b) !== 0).map(([, n]) => n))}`} data-terrain={v.name ?? "darkness"} pointer-events="none">
            <title>{`${v.name ?? "Darkness"}: ${v.traits === undefined ? "concealing" : TRAIT_BITS.filter(([b]) => (v.traits! & b) !== 0).map(([, n]) => n).join(", ")} terrain until ${v.until === 255 ? "the end of the battle" : `the end of round ${v.until}`}`}</title>
            {v.squares.map((q) => <rect x={x(q)} y={y(q)} width={C} height={C} />)}
          </g>
        ))}
        {areaShown && (
          <g class="area-preview" data-testid="p2v-area" pointer-events="none">
            {areaShown.squares.map((q) => <rect x={x(q)} y={y(q)} width={C} height={C} />)}
          </g>
        )}
        {(s.bodies ?? []).map((b, k) => {
          if (b.at === null || b.at === undefined) return null;
          const { cx, cy } = centre(b.at);
          return (
            <g class="body" data-body={k} pointer-events="none">
              <title>{`Body ${k + 1}: ${b.trail ? `of ${cv(b.of)?.name ?? "?"}'s Trail of Bodies (Medium)` : (cv(b.of)?.name ?? "?")}, on ${squareName(b.at)} (carry ${k + 1} from on or beside it)`}</title>
              <path d={`M${cx - 9} ${cy - 9} L${cx + 9} ${cy + 9} M${cx + 9} ${cy - 9} L${cx - 9} ${cy + 9}`} />
              <text x={cx + 11} y={cy + 13}>{k + 1}</text>
            </g>
          );
        })}
        {s.objectives.map((o, i) => {
          const { cx, cy } = centre(o.square);
          return (
            <g class={`objective ${o.holder !== null ? `team-${o.holder}` : ""}`} data-objective={i} pointer-events="none">
              <title>{`Objective ${i + 1}: ${o.kind}${o.holder !== null ? `, held by ${seatName(o.holder)}` : ""}`}</title>
              <path d={`M${cx} ${cy - 12} L${cx + 12} ${cy} L${cx} ${cy + 12} L${cx - 12} ${cy} Z`} />
              <text x={cx} y={cy + 4}>{i + 1}</text>
            </g>
          );
        })}
        {[...hot].map((q) => {
          const m = moves.get(q);
          const label = sqMode ? `${sqMode.act === "place" ? `${disgorging ? "place" : "summon"} ${name(sqMode.who ?? 0)}` : sqMode.act} to ${squareName(q)}` : phase === "extra_objective" ? `place the ${kind} objective on ${squareName(q)}` : phase === "place_body" ? `lay a body on ${squareName(q)}` : phase === "place_object" ? `place the obstacle with its lower-left square on ${squareName(q)}` : phase === "hide" ? `hide as the obstacle on ${squareName(q)}` : phase === "place_tile" ? `lay the ${board.tiles?.[tileSel]?.title ?? "tile"} with its lower-left corner on ${squareName(q)}` : phase === "place_objective" ? `place the ${kind} objective on ${squareName(q)}` : phase === "deploy" ? `deploy ${deployWho !== null ? name(deployWho) : ""} on ${squareName(q)}` : m ? `stride to ${squareName(q)}, ${m.cost} squares of movement` : `step to ${squareName(q)}`;
          return (
            <g class={`hot ${m ? "reach" : ""}`} data-square={squareName(q)} onClick={() => clickSquare(q)} onMouseEnter={() => setHover(q)} {...keys(p.interactive, label, () => clickSquare(q))}>
              <rect x={x(q) + 2} y={y(q) + 2} width={C - 4} height={C - 4} />
            </g>
          );
        })}
        {hovered && (
          <g class="path" data-testid="p2v-path" pointer-events="none">
            <polyline points={[active !== null ? s.creatures[active]?.at : null, ...hovered.path].filter((q): q is number => q !== null && q !== undefined).map((q) => { const c = centre(q, cv(active ?? 0)?.side ?? 1); return `${c.cx},${c.cy}`; }).join(" ")} />
            <text x={centre(hovered.to).cx} y={y(hovered.to) - 3} class="cost">{`${hovered.cost} sq · 1 AP`}</text>
          </g>
        )}
        {s.creatures.map((c, i) => {
          const v = cv(i);
          if (!v || c.at === null || c.life === "eliminated" || c.life === "waiting") return null;
          // Passengers of a howdah stand side by side on its platform (ruling P2V-R169).
          let at: Sq = c.at;
          if (c.riding !== undefined && c.riding !== null) {
            const platform = Math.max(1, (cv(c.riding)?.side ?? 2) - 1);
            const k = s.creatures.filter((o, j) => j < i && o.riding === c.riding && o.life !== "eliminated").length;
            at = c.at + Math.floor(k / platform) * 64 + (k % platform);
          }
          const side = v.side;
          const odds = bestOn.get(i);
          const target = !!odds || powerTargets.has(i) || (areaShown?.targets.includes(i) ?? false);
          const can = activatable.has(i);
          return (
            <g
              class={`creature team-${v.team} ${focus === i ? "selected" : ""} ${c.life} ${target ? "targeted" : ""} ${can ? "can" : ""} ${active === i ? "active" : ""}`}
              data-creature={v.label}
              onClick={() => clickCreature(i)}
              {...keys(true, `${v.label}: ${name(i)}, ${seatName(v.team)}'s, ${c.hp} of ${v.hp} HP${odds ? `, strike: ${pct(odds.odds)} to hit` : ""}${can ? ", activate" : ""}`, () => clickCreature(i))}
            >
              <rect x={x(at) + 2} y={y(at, side) + 2} width={side * C - 4} height={side * C - 4} rx={side * 6} class="base" />
              <text x={centre(at, side).cx} y={centre(at, side).cy + 1} class="letter">{v.label}</text>
              <rect x={x(at) + 3} y={y(at, side) + 2} width={Math.max(0, (side * C - 6) * Math.max(0, c.hp) / v.hp)} height={3} class="hp" />
            </g>
          );
        })}
        <g class="labels" aria-hidden="true" pointer-events="none">
          {s.creatures.map((c, i) => {
            const v = cv(i);
            if (!v || c.at === null || c.life === "eliminated" || c.life === "waiting") return null;
            const odds = bestOn.get(i);
            const initials = v.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3);
            return (
              <g>
                <text x={centre(c.at, v.side).cx} y={y(c.at, v.side) + v.side * C - 5} class="initials">{initials}</text>
                {odds && <text x={centre(c.at, v.side).cx} y={y(c.at, v.side) - 2} class="odds" data-testid="p2v-odds">{pct(odds.odds)}</text>}
              </g>
            );
          })}
        </g>
        {Array.from({ length: board.width }, (_, i) => <text x={PAD + i * C + C / 2} y={H - 6} class="coord">{fileName(i)}</text>)}
        {Array.from({ length: board.height }, (_, i) => <text x={PAD / 2} y={PAD + (board.height - 1 - i) * C + C / 2 + 4} class="coord">{i + 1}</text>)}
      </svg>
    </div>
  );

  // The top frame's question (a reaction, the defender's line).
  const top = s.pending[s.pending.length - 1];
  // A window's answers: react, pass, a line, and what some reactions offer
  // instead (escape a condition, the use a critical hit gives back).
  const inWindow = top?.frame === "window";
  const answers = legal.filter(
    ([a]) => a.act === "react" || a.act === "pass" || a.act === "line" || (inWindow && (a.act === "escape" || a.act === "regain")),
  );
  const windowText = answers.length ? frameWords(top, name) : null;
  // A hero point window (a reroll, a recovery check) names its answers so.
  const hero = top?.frame === "window" && ["reroll", "recovery"].some((k) => k in ((top.trigger ?? {}) as object));

  let prompt: string | null = null;
  if (p.interactive) {
    if (windowText) prompt = windowText;
    else if (phase === "place_tile") prompt = `Lay a terrain tile: choose it and its turn, then click a glowing square for its lower-left corner (${s.phase.left ?? 1} left to lay).`;
    else if (phase === "extra_objective") prompt = `Tempting Disguise: place one more objective for ${name(Number(s.phase.who))} — choose its kind, then a glowing square.`;
    else if (phase === "place_body") prompt = `Trail of Bodies of ${name(Number(s.phase.who))}: click a glowing square to lay a body there (${s.phase.left ?? 1} left; the players take turns).`;
    else if (phase === "place_object") prompt = `False Object: place one more obstacle, ${name(Number(s.phase.who))}'s size — click a glowing square for its lower-left corner.`;
    else if (phase === "hide") prompt = `False Object: pick, in secret, the obstacle ${name(Number(s.phase.who))} is — click a glowing obstacle (the other player never sees which).`;
    else if (phase === "disguise") prompt = `Tempting Disguise: pick, in secret, the objective ${name(Number(s.phase.who))} is (the other player never sees which).`;
    else if (phase === "place_objective") prompt = `Place an objective: choose its kind, then a glowing square (${s.phase.left ?? 1} left).`;
    else if (phase === "choose_zone") prompt = "Choose your deployment zone.";
    else if (phase === "deploy") prompt = `Deploy ${deployWho !== null ? name(deployWho) : "a creature"}: click a glowing square in your zone.`;
    else if (phase === "activate" && s.party?.forming) prompt = `${partyWords(s.party, name)} — join another adjacent creature, or activate the last member.`;
    else if (phase === "activate") prompt = "Activate one of your creatures: click it (or its button), or join adjacent ones into a group.";
    else if (phase === "turn" && active !== null) prompt = `${name(active)}: ${s.phase.ap ?? 0} AP left — stride to a glowing square, strike a marked enemy, use a power, or end the turn.`;
    if (top?.frame === "interlude" && top.ambush && !windowText) prompt = frameWords(top, name);
    if (top?.frame === "disgorge" && !windowText)
      prompt = `${name(Number(top.who))} escapes from ${name(Number(top.by))}: place it beside its swallower (its button, then a glowing square).`;
    if (sqMode && (phase === "turn" || disgorging) && !windowText)
      prompt = `${sqMode.act === "place" ? `${disgorging ? "Place" : "Summon"} ${name(sqMode.who ?? 0)}` : SQUARE_ACTS[sqMode.act]}: click a glowing square (or its button again to cancel).`;
    if (s.party && !s.party.forming && phase === "turn" && !windowText) prompt = `${partyWords(s.party, (i) => cv(i)?.label ?? `#${i}`)} · ${prompt ?? ""}`;
  }

  const others = legal.filter(
    ([a]) => !["stride", "place", "tile", "objective", "strike", "use", "react", "pass", "line", "activate", "zone", ...Object.keys(SQUARE_ACTS)].includes(a.act) && !answers.some(([b]) => b === a),
  );
  // One button per square-aimed decision (and per creature a caster may summon) instead of one per square.
  const squareModes: { act: string; who?: number; label: string; count: number }[] = [];
  if (phase === "turn" || disgorging) {
    for (const [act, label] of Object.entries(SQUARE_ACTS)) {
      const count = legal.filter(([a]) => a.act === act).length;
      if (count) squareModes.push({ act, label, count });
    }
    for (const w of new Set(legal.filter(([a]) => a.act === "place").map(([a]) => a.who as number))) {
      const label = disgorging ? `Place ${name(w)} (it escapes)` : `Summon ${name(w)}`;
      squareModes.push({ act: "place", who: w, label, count: legal.filter(([a]) => a.act === "place" && a.who === w).length });
    }
  }
  const uses = legal.filter(([a]) => a.act === "use");
  const focusCard = focus !== null ? <Card i={focus} s={s} board={board} seatName={seatName} /> : null;
  const turnOf = active !== null ? cv(active) : null;

  const panel = (
    <Panel title="Path 2 Victory" cls="p2v-panel">
      <div class="p2v-status" data-testid="p2v-status">
        <span>{s.round ? `Round ${s.round}` : "Set-up"}</span>
        <span>{board.map}</span>
        {[0, 1].map((t) => (
          <span class={`vp team-${t}`}>
            {seatName(t)}: {s.vp[t]} VP
          </span>
        ))}
        {s.ending && <strong data-testid="p2v-ending">{s.ending.winner === null ? "Draw" : `${seatName(s.ending.winner)} wins`} — {s.ending.reason}</strong>}
      </div>
      {answers.length > 0 && (
        <div class="p2v-window" role="alertdialog" aria-label="A reaction is asked of you" data-testid="p2v-window">
          <p>{windowText ?? "Your answer is asked."}</p>
          <div class="row wrap">
            {answers.map(([a, text]) => (
              <button class={`btn ${a.act === "pass" ? "" : "primary"}`} data-act={a.act} onClick={() => send(a)}>
                {a.act === "react" ? (hero ? "Spend a hero point" : "React") : a.act === "pass" ? (hero ? "Keep it" : "Pass") : a.act === "line" ? `Line ${Number(a.line) + 1}` : text}
                <span class="sr-only"> ({text})</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {p.interactive && (
        <div class="p2v-controls" data-testid="p2v-controls">
          {phase === "place_tile" && (board.tiles?.length ?? 0) > 0 && (
            <div class="row wrap" aria-label="The tile to lay">
              <label class="field">
                <span>Tile</span>
                <select name="tile" value={String(tileSel)} onChange={(e) => setTileSel(Number((e.target as HTMLSelectElement).value))}>
                  {board.tiles!.map((t, i) => <option value={String(i)}>{t.title}</option>)}
                </select>
              </label>
              <button class="btn small" data-testid="p2v-tile-turn" onClick={() => setTileTurn((tileTurn + 1) % 4)}>
                Turn it ({tileTurn * 90}° now)
              </button>
            </div>
          )}
          {(phase === "place_objective" || phase === "extra_objective") && objKinds.length > 0 && (
            <label class="field">
              <span>Objective</span>
              <select name="objective-kind" value={kind ?? ""} onChange={(e) => setObjKind((e.target as HTMLSelectElement).value)}>
                {objKinds.map((k) => <option value={k}>{k}</option>)}
              </select>
            </label>
          )}
          {zoneChoices.length > 0 && (
            <div class="row wrap">
              {zoneChoices.map(([a, text]) => (
                <button class="btn primary" data-act="zone" onClick={() => send(a)}>{text}</button>
              ))}
            </div>
          )}
          {phase === "deploy" && deployFor.length > 0 && (
            <div class="row wrap" aria-label="Creatures to deploy">
              {deployFor.map(([w]) => (
                <button class={`btn small ${w === deployWho ? "primary" : ""}`} data-deploy={cv(w)?.label} aria-pressed={w === deployWho} onClick={() => setSel(w)}>{name(w)}</button>
              ))}
            </div>
          )}
          {activatable.size > 0 && (
            <div class="row wrap">
              {[...activatable].map((w) => (
                <button class="btn primary" data-act="activate" onClick={() => send({ act: "activate", who: w })}>Activate {name(w)}</button>
              ))}
            </div>
          )}
          {phase === "turn" && turnOf && (
            <div class="p2v-turn">
              <p class="muted small">{turnOf.name}: {s.phase.ap ?? 0} AP · {s.phase.attacks ? `multiple attack penalty after ${s.phase.attacks} attack${s.phase.attacks > 1 ? "s" : ""}` : "no attack yet"}</p>
              <div class="row wrap" aria-label="Strikes">
                {turnOf.strikes.map((w, i) => (w.copy && !((s.creatures[active ?? 0]?.uses[i] ?? 0) > 0)) ? null : (
                  <button class={`btn small ${weapon === i ? "primary" : ""}`} aria-pressed={weapon === i} data-weapon={i} disabled={!strikes.some((o) => o.weapon === i)} onClick={() => setMode(weapon === i ? null : { kind: "strike", weapon: i })}>
                    {w.name}
                  </button>
                ))}
                {turnOf.powers.map((w, i) => (w.copy && !(((s.creatures[active ?? 0]?.power_uses ?? [])[i] ?? 0) > 0)) ? null : (
                  <button class={`btn small ${mode?.kind === "power" && mode.power === i ? "primary" : ""}`} aria-pressed={mode?.kind === "power" && mode.power === i} data-power={i} disabled={!uses.some(([a]) => a.power === i)} onClick={() => setMode(mode?.kind === "power" && mode.power === i ? null : { kind: "power", power: i })}>
                    {w.cost} {w.name}
                  </button>
                ))}
              </div>
              {mode?.kind === "power" && (
                <div class="row wrap p2v-aims" aria-label="Where to aim the power">
                  {powerAims.map((a) => {
                    const entry = uses.find(([u]) => u.power === a.power && same(u.aim as Action, a.aim as unknown as Action));
                    const text = entry?.[1] ?? JSON.stringify(a.aim);
                    return (
                      <button class="btn small" data-act="use" onMouseEnter={() => setPreview(a)} onFocus={() => setPreview(a)} onMouseLeave={() => setPreview(null)} onClick={() => entry && send(entry[0])}>
                        {text} · {a.targets.length ? a.targets.map((t) => cv(t)?.label).join(" ") : "no one"}
                      </button>
                    );
                  })}
                </div>
              )}
              {shownStrikes.length > 0 && <OddsTable odds={shownStrikes} board={board} />}
            </div>
          )}
          {squareModes.length > 0 && (
            <div class="row wrap" aria-label="Decisions aimed at a square">
              {squareModes.map((m) => {
                const on = sqMode?.act === m.act && sqMode?.who === m.who;
                return (
                  <button class={`btn small ${on ? "primary" : ""}`} aria-pressed={on} data-testid={`p2v-mode-${m.act}`} onClick={() => setSqMode(on ? null : { act: m.act, who: m.who })}>
                    {m.label}… <span class="muted">({m.count} squares)</span>
                  </button>
                );
              })}
            </div>
          )}
          {others.length > 0 && (
            <div class="row wrap p2v-actions" aria-label="Other decisions">
              {others.map(([a, text]) => (
                <button class={`btn ${a.act === "end" ? "" : "small"}`} data-act={a.act} data-testid={a.act === "end" ? "p2v-end" : undefined} onClick={() => send(a)}>
                  {a.act === "end" ? "End the turn" : a.act === "take" ? `Take the ${board.items?.[Number(a.item)] ?? `item ${Number(a.item) + 1}`} from the body (${text}, 1 AP)` : text}
                </button>
              ))}
            </div>
          )}
          {hovered && <p class="muted small" data-testid="p2v-move-cost">Stride to {squareName(hovered.to)}: {hovered.cost} squares of movement, 1 AP</p>}
        </div>
      )}
      {focusCard}
      <Roster s={s} board={board} seatName={seatName} onPick={(i) => setSel(i)} focus={focus} />
    </Panel>
  );
  return { board: svg, panel, prompt };
}

function OddsTable({ odds, board }: { odds: StrikeOdds[]; board: TableView }) {
  return (
    <table class="p2v-odds" data-testid="p2v-odds-table">
      <caption class="sr-only">Strikes and their odds</caption>
      <thead>
        <tr>
          <th scope="col">Strike</th>
          <th scope="col">Target</th>
          <th scope="col">Roll</th>
          <th scope="col">Cover</th>
          <th scope="col">Odds</th>
        </tr>
      </thead>
      <tbody>
        {odds.map((o) => {
          const t = board.creatures[o.target];
          return (
            <tr>
              <td>{o.weapon + 1}</td>
              <td>
                {t?.label} {t?.name}
                {o.range !== null ? ` · ${o.range} sq` : ""}
              </td>
              <td>
                d20{o.bonus >= 0 ? "+" : ""}
                {o.bonus} vs {o.armor}
                {o.penalty ? ` (${o.penalty})` : ""}
              </td>
              <td>{o.checks[1] === 0 ? "none" : o.checks[0] === o.checks[1] ? `${o.checks[1]} check${o.checks[1] > 1 ? "s" : ""}` : `${o.checks[0]}–${o.checks[1]} checks`}</td>
              <td>
                <strong>{pct(o.odds)}</strong> <span class="muted small">(hit {pct(o.hit)}, crit {pct(o.crit)})</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A size's place from tiny (0) to gargantuan (5): a body of the carrier's size is a heavy load. */
const sizeRank = (size: string | undefined) => ["tiny", "small", "medium", "large", "huge", "gargantuan"].indexOf((size ?? "").toLowerCase());

function Card({ i, s, board, seatName }: { i: number; s: State; board: TableView; seatName: (t: number) => string }) {
  const v = board.creatures[i];
  const c = s.creatures[i];
  if (!v || !c) return null;
  const conds = conditionNames(c.conditions, board.conditions);
  if (c.prone) conds.unshift("prone");
  return (
    <section class={`p2v-card team-${v.team}`} data-testid="p2v-card" aria-label={`${v.name}'s card`}>
      <h4>
        <span class="letter">{v.label}</span> {v.name} <span class="muted small">· {v.card}, level {v.level}, {v.size} · {seatName(v.team)}</span>
      </h4>
      <dl class="p2v-stats">
        <div><dt>HP</dt><dd data-testid="p2v-hp">{c.hp}/{v.hp}{c.temp_hp ? ` +${c.temp_hp} temp` : ""}</dd></div>
        {s.phase.phase === "turn" && s.phase.who === i && <div><dt>AP</dt><dd>{s.phase.ap}</dd></div>}
        <div><dt>Fight</dt><dd>{v.fight >= 0 ? "+" : ""}{v.fight}</dd></div>
        <div><dt>Armor</dt><dd>{v.armor}</dd></div>
        <div><dt>Power</dt><dd>{v.power}</dd></div>
        <div><dt>Fort/Ref/Will</dt><dd>{v.fort}/{v.reflex}/{v.will}</dd></div>
        <div><dt>Speed</dt><dd>{v.speed}</dd></div>
      </dl>
      <p class="small">
        {c.life !== "up" && <strong>{c.life} · </strong>}
        {conds.length ? `Conditions: ${conds.join(", ")}` : "No conditions"}
        {c.persistent.length > 0 && ` · persistent damage: ${c.persistent.map(([, n]) => n).join(", ")}`}
        {c.done && " · has acted this round"}
        {c.reacted && " · reaction used"}
        {c.readied && " · readied"}
        {c.sheltered && " · in its shell"}
        {c.swallowed_by != null && ` · swallowed by ${board.creatures[c.swallowed_by]?.label ?? "?"} (inside it)`}
        {(s.bodies ?? []).map((b, k) =>
          b.carried_by === i ? ` · carrying body ${k + 1} (${b.trail ? "a body of a trail" : (board.creatures[b.of]?.name ?? "?")}: ${sizeRank(b.trail ? "Medium" : board.creatures[b.of]?.size) >= sizeRank(v.size) ? "heavy load, encumbered and slowed" : "light load, encumbered"})` : "",
        )}
        {s.creatures.some((o) => o.swallowed_by === i && (o.life === "up" || o.life === "dying")) &&
          ` · has swallowed ${s.creatures.flatMap((o, k) => (o.swallowed_by === i && o.life !== "eliminated" ? [board.creatures[k]?.label ?? "?"] : [])).join(", ")}`}
        {c.armor_broken && " · armor broken"}
        {c.hero_points > 0 && ` · ${c.hero_points} hero point${c.hero_points > 1 ? "s" : ""}`}
      </p>
      <ul class="p2v-strikes">
        {v.strikes.map((w, k) => (w.copy && !((c.uses[k] ?? 0) > 0)) ? null : (
          <li>
            <strong>{w.name}</strong> {w.range} · {w.damage}
            {w.once_per_turn ? " · once per turn" : ""}
            {w.uses !== null ? ` · ${c.uses[k] ?? w.uses} of ${w.uses} uses left` : ""}
          </li>
        ))}
        {v.powers.map((w, k) => (w.copy && !(((c.power_uses ?? [])[k] ?? 0) > 0)) ? null : (
          <li>
            <strong>{w.cost} {w.name}</strong>
            {w.area ? ` · ${w.area}` : ""}
            {w.uses !== null ? ` · ${(c.power_uses ?? [])[k] ?? w.uses} of ${w.uses} uses left` : ""}
          </li>
        ))}
        {v.reactive_strike && <li>↻ Reactive Strike</li>}
      </ul>
      {v.unexecuted.length > 0 && <p class="muted small">Not run by the engine yet: {v.unexecuted.join(", ")}</p>}
    </section>
  );
}

function Roster({ s, board, seatName, onPick, focus }: { s: State; board: TableView; seatName: (t: number) => string; onPick: (i: number) => void; focus: number | null }) {
  const rows: VNode[] = [];
  for (const t of [0, 1]) {
    rows.push(
      <li class={`p2v-roster-head team-${t}`}>
        {seatName(t)}
      </li>,
    );
    board.creatures.forEach((v, i) => {
      if (v.team !== t) return;
      const c = s.creatures[i];
      rows.push(
        <li class={`team-${t} ${c?.life ?? ""} ${focus === i ? "on" : ""}`}>
          <button class="linkish" onClick={() => onPick(i)} aria-pressed={focus === i}>
            {v.label} {v.name}
          </button>{" "}
          <span class="muted small">{c ? (c.life === "eliminated" ? "eliminated" : c.life === "waiting" ? (c.disguise !== undefined && c.disguise !== null ? `in disguise as objective ${c.disguise + 1}` : c.hidden !== undefined && c.hidden !== null ? `in disguise as the obstacle on ${squareName(c.hidden)}` : "not deployed") : `${c.hp}/${v.hp} HP${c.done ? " · done" : ""}`) : ""}</span>
        </li>,
      );
    });
  }
  return <ul class="p2v-roster" aria-label="Both warbands">{rows}</ul>;
}

/** The lobby's P2V options: each side's warband (shipped, or saved in the
 * warband builder on this browser) and the battle map. */
export function P2vSetup({ onChange }: VariantEditorProps) {
  const [shipped, setShipped] = useState<ShippedWarband[]>([]);
  const [picks, setPicks] = useState<[string, string]>(["old-wood-brawlers", "briar-skirmishers"]);
  const [map, setMap] = useState("ruined-crossroads");
  const [cards, setCards] = useState<{ name: string; text: string } | null>(null);
  const saved = savedWarband();
  useEffect(() => {
    api.p2v.warbands().then(setShipped, () => onChange(null, "the shipped warbands could not be loaded"));
  }, []);
  useEffect(() => {
    if (!shipped.length) return onChange(null, null);
    const file = (id: string) => (id === "saved" ? saved?.file : shipped.find((w) => w.id === id)?.file);
    const files = picks.map(file);
    if (files.some((f) => !f)) return onChange(null, "choose both warbands");
    // The file chosen below, else the cards imported in the builder (for its warband).
    const own = cards?.text ?? (picks.includes("saved") ? saved?.cards : null);
    onChange(own ? { warbands: files, map, cards: own } : { warbands: files, map }, null);
  }, [shipped, picks[0], picks[1], map, cards]);
  const pick = (i: 0 | 1) => (
    <label class="field">
      <span>P{i + 1}'s warband</span>
      <select name={`warband${i + 1}`} value={picks[i]} onChange={(e) => { const next: [string, string] = [...picks]; next[i] = (e.target as HTMLSelectElement).value; setPicks(next); }}>
        {shipped.map((w) => <option value={w.id}>{w.name} ({w.total})</option>)}
        {saved && <option value="saved">{saved.name} (from the builder)</option>}
      </select>
    </label>
  );
  return (
    <>
      {pick(0)}
      {pick(1)}
      <label class="field">
        <span>Battle map</span>
        <select name="map" value={map} onChange={(e) => setMap((e.target as HTMLSelectElement).value)}>
          <option value="ruined-crossroads">Ruined crossroads (24 × 18)</option>
          <option value="river-ford">River ford (36 × 24)</option>
          <option value="broken-hills">Broken hills (48 × 36)</option>
          <option value="tiles">Terrain tiles, laid by the players in turn</option>
        </select>
      </label>
      <label class="field">
        <span>Your own cards (optional)</span>
        <input
          type="file"
          name="cards"
          accept=".toml,.json,application/json,text/plain"
          aria-describedby="p2v-cards-help"
          onChange={(e) => {
            const f = (e.target as HTMLInputElement).files?.[0];
            if (!f) return setCards(null);
            f.text().then((text) => setCards({ name: f.name, text }), () => onChange(null, `${f.name} could not be read`));
          }}
        />
        <small id="p2v-cards-help" class="muted">
          {cards
            ? `${cards.name}: its cards join the starter bestiary for this game${picks.includes("saved") && saved?.cards ? " (instead of the cards imported in the builder)" : ""}`
            : "a bestiary in Arbiter's card format, TOML or JSON (docs/warbands.md)"}
        </small>
      </label>
    </>
  );
}

/** The warband the builder keeps in this browser, if any, with the cards
 * imported there (Arbiter's card format as JSON), which the game then uses. */
function savedWarband(): { name: string; file: unknown; cards: string | null } | null {
  const saved = loadSaved();
  if (!saved || saved.warband.entries.length === 0) return null;
  const files = saved.imported.map((c) => c.file).filter((f) => f !== null && f !== undefined);
  const cards = files.length > 0 ? JSON.stringify({ creature: files }) : null;
  return { name: saved.warband.name || "My warband", file: toFile(saved.warband), cards };
}
