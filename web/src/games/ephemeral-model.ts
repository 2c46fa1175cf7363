// Ephemeral Path: figures from the figure sets, terrain footprints from the
// kit, and the geometry the table needs while dragging (path length,
// climbing, the table edge) — the server judges every decision; these
// numbers are the live preview.
import type { Kit } from "@bindings/games/ephemeral/Kit";
import type { Piece } from "@bindings/games/ephemeral/Piece";
import type { State } from "@bindings/games/ephemeral/State";
import type { Variant } from "@bindings/games/ephemeral/Variant";
import { GATE_DIAMETER } from "@bindings/games/ephemeral/rules";

export const TABLE = 40;
export const GATE_R = GATE_DIAMETER / 2;
export const TOL = 0.05;
/** The rules' distances come from the game crate (generated: `@bindings/games/ephemeral/rules`). */
export { NUDGE_CM } from "@bindings/games/ephemeral/rules";

export interface P {
  x: number;
  y: number;
}

export interface FigureInfo {
  i: number; // index in the state's figures
  seat: number;
  index: number; // in its set
  letter: string;
  name: string;
  cls: string;
  description: string;
  radius: number; // cm
  hp: number;
  moveCm: number;
  force: number;
  rangeCm: number;
  actions: number;
  abilities: { id: string; name: string | null }[];
}

/** Every figure of both sets, P1's first, as the state numbers them. */
export function figureInfos(variant: Variant | null): FigureInfo[] {
  const out: FigureInfo[] = [];
  const sets = variant?.sets ?? [];
  sets.forEach((set, seat) => {
    (set?.figure ?? []).forEach((f, index) => {
      out.push({
        i: out.length,
        seat,
        index,
        letter: String.fromCharCode((seat === 0 ? 97 : 65) + index),
        name: f.name,
        cls: f.class,
        description: f.description ?? "",
        radius: Number(f.base_mm) / 20,
        hp: f.hp,
        moveCm: f.movement * 2,
        force: f.force,
        rangeCm: f.range * 5,
        actions: f.class === "leader" ? 2 : 3,
        abilities: (f.abilities ?? []).map((a) =>
          typeof a === "string" ? { id: a, name: null } : { id: a.id, name: a.name ?? null },
        ),
      });
    });
  });
  return out;
}

// ---- terrain -------------------------------------------------------------

export type Solid = { kind: "circle"; c: P; r: number; height: number; piece: number } | { kind: "poly"; pts: P[]; height: number; piece: number };

/** A kit piece's footprint at `at`, turned `turn` degrees anticlockwise. */
export function footprint(kitPiece: Piece, piece: number, at: P, turn: number): Solid {
  const height = Number(kitPiece?.height ?? 0);
  if (kitPiece?.shape === "circle") return { kind: "circle", c: at, r: kitPiece.radius, height, piece };
  let local: [number, number][] = [];
  if (kitPiece?.shape === "rect") {
    const w = kitPiece.width / 2, d = kitPiece.depth / 2;
    local = [[-w, -d], [w, -d], [w, d], [-w, d]];
  } else if (kitPiece?.shape === "polygon") local = kitPiece.points;
  const a = (turn * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  return { kind: "poly", pts: local.map(([x, y]) => ({ x: at.x + x * c - y * s, y: at.y + x * s + y * c })), height, piece };
}

export function sceneOf(state: State | null, kit: Kit | null): Solid[] {
  if (!kit?.piece) return [];
  return (state?.terrain ?? [])
    .map((t) => footprint(kit.piece[t.piece], t.piece, t.at, t.turn))
    .filter((s: Solid) => s.kind === "circle" || s.pts.length > 2);
}

// ---- geometry ------------------------------------------------------------

export const dist = (a: P, b: P) => Math.hypot(a.x - b.x, a.y - b.y);

function segPoint(p: P, a: P, b: P): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

function cross(o: P, a: P, b: P) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

function segsCross(a: P, b: P, c: P, d: P) {
  const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function segSeg(a: P, b: P, c: P, d: P): number {
  if (segsCross(a, b, c, d)) return 0;
  return Math.min(segPoint(a, c, d), segPoint(b, c, d), segPoint(c, a, b), segPoint(d, a, b));
}

export function inPoly(p: P, pts: P[]): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i], b = pts[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function contains(s: Solid, p: P): boolean {
  return s.kind === "circle" ? dist(p, s.c) <= s.r : inPoly(p, s.pts);
}

/** The gap between a segment's swept base (a capsule of radius r) and a solid; negative when they overlap. */
export function capsuleGap(a: P, b: P, r: number, s: Solid): number {
  if (s.kind === "circle") return segPoint(s.c, a, b) - s.r - r;
  if (inPoly(a, s.pts) || inPoly(b, s.pts)) return -r;
  let m = Infinity;
  for (let i = 0; i < s.pts.length; i++) m = Math.min(m, segSeg(a, b, s.pts[i], s.pts[(i + 1) % s.pts.length]));
  return m - r;
}

export function pathLength(points: P[]): number {
  let l = 0;
  for (let i = 1; i < points.length; i++) l += dist(points[i - 1], points[i]);
  return l;
}

export interface Preview {
  length: number;
  climb: number;
  cost: number;
  endsOn: number | null; // scene index
  blockedBy: string | null; // a reason the preview already sees
}

/** What a move along `points` (start first) would cost, as the rules count it: path length plus climbing. */
export function previewMove(points: P[], r: number, startOn: number | null, scene: Solid[], enemies: { c: P; r: number }[]): Preview {
  const length = pathLength(points);
  let climbTo = 0;
  let blockedBy: string | null = null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    scene.forEach((s) => {
      if (capsuleGap(a, b, r, s) < -TOL) climbTo = Math.max(climbTo, s.height);
    });
    for (const e of enemies) if (!blockedBy && segPoint(e.c, a, b) < e.r + r - TOL) blockedBy = "the path passes through an enemy base";
  }
  const from = startOn !== null && scene[startOn] ? scene[startOn].height : 0;
  const climb = Math.max(0, climbTo - from);
  const end = points[points.length - 1];
  if (!blockedBy && (end.x < r - TOL || end.y < r - TOL || end.x > TABLE - r + TOL || end.y > TABLE - r + TOL))
    blockedBy = "the base would leave the play area";
  const on = scene.findIndex((s) => contains(s, end));
  return { length, climb, cost: length + climb, endsOn: on >= 0 ? on : null, blockedBy };
}

/** Simplifies a dragged path to at most `max` waypoints (Ramer–Douglas–Peucker). */
export function simplify(points: P[], max = 16, eps = 0.25): P[] {
  if (points.length < 3) return points.slice();
  const rdp = (pts: P[], e: number): P[] => {
    if (pts.length < 3) return pts;
    let idx = 0, best = 0;
    for (let i = 1; i < pts.length - 1; i++) {
      const d = segPoint(pts[i], pts[0], pts[pts.length - 1]);
      if (d > best) (best = d), (idx = i);
    }
    if (best <= e) return [pts[0], pts[pts.length - 1]];
    return [...rdp(pts.slice(0, idx + 1), e).slice(0, -1), ...rdp(pts.slice(idx), e)];
  };
  let e = eps, out = rdp(points, e);
  while (out.length > max + 1) (e *= 1.5), (out = rdp(points, e));
  return out;
}

/** The nearest point where a base of radius r touches an edge of the table from inside. */
export function snapToEdge(p: P, r: number): P {
  const x = Math.min(Math.max(p.x, r), TABLE - r), y = Math.min(Math.max(p.y, r), TABLE - r);
  const d = [p.x, TABLE - p.x, p.y, TABLE - p.y];
  const k = d.indexOf(Math.min(...d));
  const round = (v: number) => Math.round(v * 10) / 10;
  if (k === 0) return { x: r, y: round(y) };
  if (k === 1) return { x: TABLE - r, y: round(y) };
  if (k === 2) return { x: round(x), y: r };
  return { x: round(x), y: TABLE - r };
}

export const round2 = (p: P): P => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });

// ---- attack dice -----------------------------------------------------------
// The odds and the best dice come from the server (`GET /api/ephemeral/attack`),
// which computes them with the rules' own arithmetic.

export const SIZES = [4, 6, 8, 10, 12];

export const diceText = (counts: number[]) =>
  counts
    .map((n, k) => (n ? `${n}d${SIZES[k]}` : ""))
    .filter(Boolean)
    .join("+") || "no dice";

/** The body of a value of one of serde's externally tagged enums
 * (`{ "Activate": { figure: 2 } }`) if it is of kind `k`, else `undefined`. */
export function arm<U, K extends string>(u: U, k: K): (U extends Record<K, infer B> ? B : never) | undefined {
  return u !== null && typeof u === "object" && k in u ? (u as Record<K, U extends Record<K, infer B> ? B : never>)[k] : undefined;
}

/** The heading of a seat's spec sheets: the figure set's name, else whose
 * set it is ("Ada's set"), else which player's ("Player 2's set") — never a
 * bare "P2". */
export function setHeading(setName: string | null | undefined, playerName: string | null | undefined, seat: number): string {
  const set = (setName ?? "").trim();
  if (set) return set;
  const player = (playerName ?? "").trim();
  if (player && !/^P\d+$/.test(player)) return `${player}'s set`;
  return `Player ${seat + 1}'s set`;
}
