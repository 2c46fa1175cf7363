// Essence of the Arcane: the position string (docs/notation/essence.md) and
// the action notation, read for drawing and for matching clicks to actions.

export interface Mote {
  owner: 0 | 1; // x = P1 (0), o = P2 (1)
  power: number;
  orient: "" | "r" | "f" | "v" | "h";
}

export interface EssencePos {
  side: 3 | 5;
  cells: (Mote | "void" | null)[]; // index rank * 5 + file
  toMove: 0 | 1;
  phase: string; // g, a, am, as, …, e
  turn: number;
  quiet: number;
  spinNow: number[]; // squares
  spinLater: number[];
}

export const essenceSquare = (i: number) => `${"abcde"[i % 5]}${Math.floor(i / 5) + 1}`;

export function squareIndex(name: string): number {
  const f = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  return r * 5 + f;
}

export function parsePosition(text: string): EssencePos | null {
  if (typeof text !== "string") return null;
  const fields = text.trim().split(/\s+/);
  if (fields.length < 5) return null;
  const ranks = fields[0].split("/");
  const side = ranks.length === 3 ? 3 : 5;
  const cells: EssencePos["cells"] = new Array(25).fill(null);
  ranks.forEach((row, i) => {
    const rank = side - 1 - i;
    let file = 0;
    const re = /\.|\*|[xo][1-6][rfvh]?/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(row)) && file < side) {
      const t = m[0];
      const idx = rank * 5 + file;
      if (t === "*") cells[idx] = "void";
      else if (t !== ".") cells[idx] = { owner: t[0] === "x" ? 0 : 1, power: Number(t[1]), orient: (t[2] ?? "") as Mote["orient"] };
      file++;
    }
  });
  const list = (prefix: string) => {
    const f = fields.slice(5).find((x) => x.startsWith(prefix));
    return f ? f.slice(1).split(",").filter(Boolean).map(squareIndex) : [];
  };
  return {
    side,
    cells,
    toMove: fields[1] === "o" ? 1 : 0,
    phase: fields[2],
    turn: Number(fields[3]),
    quiet: Number(fields[4]),
    spinNow: list("+"),
    spinLater: list("~"),
  };
}

export type EAction =
  | { kind: "grow"; at: number; text: string }
  | { kind: "move"; from: number; to: number; dir: string | null; text: string }
  | { kind: "split"; from: number; to: number; text: string }
  | { kind: "heal"; from: number; to: number; amount: number; text: string }
  | { kind: "void"; to: number; text: string }
  | { kind: "destabilize"; at: number; amount: number; text: string }
  | { kind: "summon"; at: number; text: string }
  | { kind: "spin"; squares: number[]; text: string }
  | { kind: "pass"; text: string };

const SQ = "([a-e][1-5])";

export function parseAction(text: string): EAction | null {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^G${SQ}$`, "i").exec(text))) return { kind: "grow", at: squareIndex(m[1].toLowerCase()), text };
  if ((m = new RegExp(`^S${SQ}-${SQ}$`, "i").exec(text)))
    return { kind: "split", from: squareIndex(m[1].toLowerCase()), to: squareIndex(m[2].toLowerCase()), text };
  if ((m = new RegExp(`^H${SQ}-${SQ}:(\\d)$`, "i").exec(text)))
    return { kind: "heal", from: squareIndex(m[1].toLowerCase()), to: squareIndex(m[2].toLowerCase()), amount: Number(m[3]), text };
  if ((m = new RegExp(`^V${SQ}$`, "i").exec(text))) return { kind: "void", to: squareIndex(m[1].toLowerCase()), text };
  if ((m = new RegExp(`^D${SQ}:(\\d)$`, "i").exec(text)))
    return { kind: "destabilize", at: squareIndex(m[1].toLowerCase()), amount: Number(m[2]), text };
  if ((m = new RegExp(`^U${SQ}$`, "i").exec(text))) return { kind: "summon", at: squareIndex(m[1].toLowerCase()), text };
  if ((m = new RegExp(`^M?${SQ}-${SQ}(?::([a-z]+))?$`, "i").exec(text)))
    return { kind: "move", from: squareIndex(m[1].toLowerCase()), to: squareIndex(m[2].toLowerCase()), dir: m[3]?.toLowerCase() ?? null, text };
  if ((m = /^@(.*)$/.exec(text)))
    return { kind: "spin", squares: m[1] === "-" ? [] : m[1].split(",").filter(Boolean).map(squareIndex), text };
  if (text.toLowerCase() === "pass") return { kind: "pass", text };
  return null;
}

/** Pip positions on a face, in a 3×3 grid (0–2 across, 0–2 down), drawn as the notation says. */
export function pips(power: number, orient: Mote["orient"]): [number, number][] {
  const C: [number, number] = [1, 1];
  const TL: [number, number] = [0, 0], TR: [number, number] = [2, 0], BL: [number, number] = [0, 2], BR: [number, number] = [2, 2];
  const rising = orient !== "f"; // r: bottom-left to top-right (/)
  switch (power) {
    case 1:
      return [C];
    case 2:
      return rising ? [BL, TR] : [TL, BR];
    case 3:
      return rising ? [BL, C, TR] : [TL, C, BR];
    case 4:
      return [TL, TR, BL, BR];
    case 5:
      return [TL, TR, C, BL, BR];
    case 6:
      // v: the middle pips at top and bottom (moves north and south); h: left and right.
      return orient === "h"
        ? [TL, [0, 1], BL, TR, [2, 1], BR]
        : [TL, [1, 0], TR, BL, [1, 2], BR];
  }
  return [];
}

/** The same mote a quarter turn on (faces 2, 3 and 6 change). */
export function spun(m: Mote): Mote {
  const flip: Record<string, Mote["orient"]> = { r: "f", f: "r", v: "h", h: "v" };
  return { ...m, orient: flip[m.orient] ?? m.orient };
}

export const PHASES: Record<string, string> = {
  g: "Growth",
  a: "first action",
  am: "second action (after a move)",
  as: "second action (after a split)",
  ah: "second action (after a heal)",
  av: "second action (after shifting the void)",
  ad: "second action (after a destabilize)",
  au: "second action (after summoning the void)",
  e: "spins at the end of the turn",
};
