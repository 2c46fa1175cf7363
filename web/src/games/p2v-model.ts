// Path 2 Victory's table, the data: the types of the observation (the
// game's State, as far as the table reads it) and of `POST /api/p2v/table`
// (crates/p2v/src/table.rs), square names, and the words of a reaction
// window. No rule is computed here: the moves, odds and areas come from
// the server, which asks the rules.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";

/** A square: rank × 64 + file (crates/geometry, `Square`). */
export type Sq = number;
export const fileOf = (s: Sq) => s & 63;
export const rankOf = (s: Sq) => (s >> 6) & 63;

/** A file's letters: a … z, then aa, ab, … (spreadsheet columns). */
export function fileName(f: number): string {
  let n = f + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(97 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
export const squareName = (s: Sq) => `${fileName(fileOf(s))}${rankOf(s) + 1}`;

/** One creature in play (the state's `creatures`). */
export interface Creature {
  at: Sq | null;
  life: "waiting" | "up" | "dying" | "eliminated";
  hp: number;
  temp_hp: number;
  prone: boolean;
  conditions: number;
  persistent: [number, number][];
  done: boolean;
  reacted: boolean;
  hero_points: number;
  /** In its shell (Take Cover). */
  sheltered?: boolean;
  /** Its Construct Armor has broken. */
  armor_broken?: boolean;
  /** Readied (Ready), until it acts or its next turn. */
  readied?: boolean;
  uses: number[];
  power_uses?: number[];
  /** The objective it is in disguise (Tempting Disguise): sent to its owner only. */
  disguise?: number;
  /** The obstacle it is in disguise, by its lower-left square (False Object): sent to its owner only. */
  hidden?: Sq;
  /** The creature that swallowed it (Swallow Whole): off the board, inside that one. */
  swallowed_by?: number;
  /** The creature it rides (a mount, or a howdah's creature). */
  riding?: number;
}

export interface Objective {
  kind: string;
  square: Sq;
  skills: number;
  power: number;
  holder: number | null;
}

export interface Turn {
  who: number;
  ap: number;
  attacks: number;
  carry: number;
}

/** The phase (tagged by `phase`); a turn carries its `Turn` fields. */
export type Phase = { phase: string; seat?: number; left?: number } & Partial<Turn>;

/** A pending frame (tagged by `frame`). */
export type Frame = { frame: string } & Record<string, unknown>;

export interface State {
  phase: Phase;
  round: number;
  creatures: Creature[];
  /** The terrain tiles laid (the map `tiles`), in order. */
  tiles?: PlacedTile[];
  objectives: Objective[];
  vp: [number, number];
  zones: [number | null, number | null];
  pending: Frame[];
  ending: { winner: number | null; reason: string } | null;
  /** Every door of the map (by terrain piece) and whether it stands open. */
  doors?: { piece: number; open: boolean }[];
  /** Squares made concealing terrain for a while (Final Night), clearing at the end of round `until`. */
  veils?: { squares: Sq[]; until: number; traits?: number; name?: string }[];
  /** Solid squares made open ground (Magic Passage, an obstacle that was a creature in disguise). */
  openings?: Sq[];
  /** Creatures activated together (a group, or a commander with its minions), while they act. */
  party?: Party;
  /** The bodies of eliminated creatures: where each lies, or who carries it. */
  bodies?: Body[];
}

/** The body of an eliminated creature (Looting; Carrying objects). */
export interface Body {
  /** Whose body, by roster index (for a body of a Trail of Bodies: whose trail). */
  of: number;
  /** A Medium body of `of`'s Trail of Bodies, laid in the set-up. */
  trail?: boolean;
  at?: Sq | null;
  carried_by?: number | null;
}

/** A group activation or a commander's turn under way (rulings P2V-R50 to R54). */
export interface Party {
  kind: "group" | "command";
  /** In order: a group's as they joined, a commander first. */
  members: number[];
  /** True while a group is still being formed. */
  forming?: boolean;
  /** Members whose turn has ended. */
  stopped?: boolean[];
}

/** Says who acts together, for the prompt: "group a, b (c ended)" or "commander a with b". */
export function partyWords(p: Party, label: (i: number) => string): string {
  const who = p.members.map((m, k) => (p.stopped?.[k] ? `${label(m)} (done)` : label(m)));
  if (p.kind === "command") return `Commander ${who[0]} with ${who.slice(1).join(", ")}`;
  return p.forming ? `Forming a group: ${who.join(", ")}` : `Group ${who.join(", ")}`;
}

/** A decision (tagged by `act`). */
export type Action = { act: string } & Record<string, unknown>;
export type Aim = { aim: string } & Record<string, unknown>;

export interface PieceView {
  name: string;
  traits: string[];
  squares: Sq[];
  edges: [Sq, "n" | "e"][];
  elevation: number;
}
export interface StrikeView {
  name: string;
  range: string;
  damage: string;
  once_per_turn: boolean;
  uses: number | null;
  /** A copy of another creature's item: shown only once taken from a body, while it holds a use. */
  copy?: boolean;
}
export interface PowerView {
  name: string;
  cost: string;
  area: string | null;
  shape: "target" | "emanation" | "cone" | "line" | "burst" | "none";
  uses: number | null;
  /** A copy of another creature's item: shown only once taken from a body, while it holds a use. */
  copy?: boolean;
}
export interface CreatureView {
  label: string;
  name: string;
  card: string;
  team: number;
  level: number;
  size: string;
  side: number;
  fight: number;
  armor: number;
  power: number;
  fort: number;
  reflex: number;
  will: number;
  hp: number;
  speed: number;
  strikes: StrikeView[];
  powers: PowerView[];
  reactive_strike: boolean;
  unexecuted: string[];
}
export interface MoveView {
  to: Sq;
  cost: number;
  path: Sq[];
}
export interface StrikeOdds {
  weapon: number;
  target: number;
  range: number | null;
  penalty: number;
  bonus: number;
  armor: number;
  hit: number;
  crit: number;
  checks: [number, number];
  odds: number;
}
export interface AreaView {
  power: number;
  aim: Aim;
  squares: Sq[];
  targets: number[];
}
export interface Look {
  legal: [Action, string][];
  moves: MoveView[];
  strikes: StrikeOdds[];
  areas: AreaView[];
  deploy: [number, Sq[]][];
}
/** A terrain tile laid: which (by index), its lower-left square once turned, quarter turns clockwise. */
export interface PlacedTile {
  tile: number;
  at: Sq;
  turn: number;
}

/** A terrain tile as drawn in its file, before it is laid. */
export interface TileView {
  name: string;
  title: string;
  width: number;
  height: number;
  pieces: PieceView[];
}

/** A square of a `w` × `h` tile turned `turn` quarter turns clockwise, its lower-left corner on `at` (as the rules lay it). */
export function tileSquare(q: Sq, w: number, h: number, turn: number, at: Sq): Sq {
  const f = fileOf(q), r = rankOf(q);
  const [x, y] = turn === 1 ? [r, w - 1 - f] : turn === 2 ? [w - 1 - f, h - 1 - r] : turn === 3 ? [h - 1 - r, f] : [f, r];
  return (rankOf(at) + y) * 64 + fileOf(at) + x;
}

/** The files and ranks a tile covers, turned. */
export const tileFootprint = (t: TileView, turn: number): [number, number] => (turn % 2 === 0 ? [t.width, t.height] : [t.height, t.width]);

/** The pieces of a laid tile, on the board: squares and edges turned and moved as the rules lay them. */
export function laidPieces(t: TileView, p: PlacedTile): PieceView[] {
  const sq = (q: Sq) => tileSquare(q, t.width, t.height, p.turn, p.at);
  return t.pieces.map((piece) => ({
    ...piece,
    squares: piece.squares.map(sq),
    edges: piece.edges.map(([q, side]): [Sq, "n" | "e"] => {
      const a = sq(q), b = sq(side === "n" ? q + 64 : q + 1);
      if (fileOf(a) === fileOf(b)) return [Math.min(a, b), "n"];
      return [rankOf(a) * 64 + Math.min(fileOf(a), fileOf(b)), "e"];
    }),
  }));
}

/** The ground a state stands on: the map's pieces, then each tile laid's (so door numbers match the rules'). */
export function groundPieces(board: TableView, s: State): PieceView[] {
  const out = [...board.terrain];
  for (const p of s.tiles ?? []) {
    const t = board.tiles?.[p.tile];
    if (t) out.push(...laidPieces(t, p));
  }
  return out;
}

export interface TableView {
  map: string;
  width: number;
  height: number;
  terrain: PieceView[];
  zones: { name: string; squares: Sq[] }[];
  creatures: CreatureView[];
  skills: string[];
  conditions: string[];
  /** On the map `tiles`, the tiles the players may lay (empty on a map). */
  tiles?: TileView[];
  /** The items that can be taken from a body, by number: their names. */
  items?: string[];
  look: Look | null;
}

const boards = new Map<string, Promise<TableView>>();

/** The board and the cards of a variant (asked once per variant and page). */
export function useBoard(variant: unknown): TableView | null {
  const key = variant ? JSON.stringify(variant) : "";
  const [view, setView] = useState<TableView | null>(null);
  useEffect(() => {
    if (!key) return;
    let stop = false;
    let p = boards.get(key);
    if (!p) {
      p = api.p2v.table<TableView>({ variant });
      boards.set(key, p);
      p.catch(() => boards.delete(key));
    }
    p.then((v) => !stop && setView(v), () => undefined);
    return () => {
      stop = true;
    };
  }, [key]);
  return view;
}

/** The look at a state's decisions, asked while `on` (the viewer's decision). */
export function useLook(variant: unknown, state: State | null, on: boolean, version: number): Look | null {
  const [look, setLook] = useState<{ version: number; look: Look } | null>(null);
  useEffect(() => {
    if (!on || !variant || !state) return;
    let stop = false;
    api.p2v.table<TableView>({ variant, state }).then(
      (v) => !stop && v.look && setLook({ version, look: v.look }),
      () => undefined,
    );
    return () => {
      stop = true;
    };
  }, [on, version, !!variant]);
  return on && look?.version === version ? look.look : null;
}

/** The conditions set in a bit mask, by name. */
export function conditionNames(mask: number, names: string[]): string[] {
  return names.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The seat's colour class. */
export const teamClass = (team: number) => `team-${team}`;

/** What a pending frame asks, in words, for the prompt of a window. */
export function frameWords(f: Frame | undefined, name: (i: number) => string): string | null {
  if (!f) return null;
  if (f.frame === "window") {
    const trig = (f.trigger ?? {}) as Record<string, Record<string, number>>;
    const [kind, t] = Object.entries(trig)[0] ?? ["", {}];
    switch (kind) {
      case "left_reach":
        return `${name(t.mover)} leaves ${name(t.reactor)}'s reach: Attack of Opportunity (Reactive Strike)?`;
      case "ranged_in_reach":
        return `${name(t.attacker)} shoots within ${name(t.reactor)}'s reach: Attack of Opportunity?`;
      case "turn_start":
        return `${name(t.who)}'s turn starts where ${name(t.reactor)} may use a power on it?`;
      case "shield_block":
        return `${name(t.who)} is about to take damage: Shield Block?`;
      case "ferocity":
        return `${name(t.who)} has fallen to 0 HP: Ferocity?`;
      case "grab":
        return `${name(t.attacker)} hit ${name(t.target)}: spend 1 AP to grab it?`;
      case "reroll":
        return t.who === t.roller
          ? `${name(t.who)} rolled ${t.die}: spend a hero point to roll again? (React: reroll, the second result stands)`
          : `${name(t.roller)} rolled ${t.die} on its Fight roll against ${name(t.who)}: spend a hero point to make it roll again?`;
      case "ambush":
        return `${name(t.by)} came within 2 squares of an obstacle ${name(t.who)} may be (False Object): leave the disguise and Strike or Stride (React), or stay hidden (Pass)? React is offered only if it came near the obstacle ${name(t.who)} really is.`;
      case "readied":
        return `${name(t.who)} is readied: take its readied action now (one free or 1-AP action)?`;
      case "recovery":
        return `${name(t.who)} is about to make a recovery check: spend a hero point to pass it and every later one?`;
      case "flail":
        return `${name(t.who)} took damage: strike a random creature within reach (Furious Flailing)?`;
      case "retry":
        return `${name(t.target)} failed its save with ${t.die}: ${name(t.reactor)} may have it roll again, the better die standing (Distracting Frolic, or Counter Performance against a mental or auditory effect)?`;
      case "catch":
        return `${name(t.attacker)} strikes at ${name(t.who)}: brace against it for more Armor (Catch Rock)?`;
      case "outrage":
        return `${name(t.puller)} pulled a white hair out of ${name(t.who)}: Denuded Outrage — strike it (React), escape a condition, or pass?`;
      case "liberate":
        return `${name(t.grabber)} tries to grab ${name(t.ally)}: ${name(t.reactor)} may strike it to free its ally (Liberating Strike)?`;
      case "spend":
        return `${name(t.attacker)} hit ${name(t.target)}: spend 1 AP to give its hit's condition (Tentacle: encumbered)?`;
      case "fell":
        return `${name(t.who)} fell prone: crash down along a line (Timber)? (React, then choose the line.)`;
      case "sink":
        return `${name(t.who)} saved against a primal spell: +2 to Fight, Power and saves until the end of its next turn (Primal Sink)?`;
      case "strode":
        return `${name(t.who)} strode: vanish until its next turn starts (Vanishing Leap)?`;
      case "retort":
        return `${name(t.attacker)} critically hit ${name(t.who)} with a melee weapon: rattle it (Amber Tomb)?`;
      case "rejuvenate":
        return `${name(t.held)} took poison damage in ${name(t.who)}'s grip: heal 15 and become slowed (Parasitic Rejuvenation)?`;
      case "defend":
        return `${name(t.ally)} is about to take damage: ${name(t.who)} may defend it — no weakness, 5 less, 5 for itself (Defend the Friends)?`;
      case "retaliate":
        return `${name(t.attacker)} hit ${name(t.who)} with a melee strike: deal damage back (Thunderbird Tuft)?`;
      case "regain":
        return `A critical hit landed on ${name(t.who)}: choose the use that comes back (Stoke the Volcano).`;
      default:
        return "A reaction is offered.";
    }
  }
  if (f.frame === "line" || f.frame === "power_line") return "Choose the line the cover checks follow (the defender's choice).";
  if (f.frame === "unmask") return `The round ends: ${name(Number(f.who))} may leave its disguise (React: it takes the place of the objective or obstacle it is) or stay hidden (Pass).`;
  if (f.frame === "interlude" && f.ambush) return `${name(Number(f.who))} leaves its disguise: one Strike or one Stride (or end the turn: neither).`;
  if (f.frame === "crash") return `${name(Number(f.who))} crashes down: choose the line's direction, line 1 (north) to line 8 (north-west), clockwise.`;
  if (f.frame === "activity") return "A compound action under way: take its next step, or pass it.";
  if (f.frame === "long_jump")
    return f.jumping
      ? `Long Jump of ${name(Number(f.who))}: choose the jump — a direction and the squares to clear (Athletics ÷ 4 must reach them), or pass if it lands nowhere.`
      : `Long Jump of ${name(Number(f.who))}: stride to a glowing square first, or pass to jump from where it stands.`;
  return null;
}

/** A chance as a whole percentage. */
export const pct = (x: number) => `${Math.round(x * 100)}%`;
