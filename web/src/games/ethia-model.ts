// E'thia: square sets (64- or 128-bit integers) and the seating of armies.
import type { Json } from "../api";

export const WIDTH = 8;

export const big = (v: Json): bigint => {
  try {
    return BigInt(v ?? 0);
  } catch {
    return 0n;
  }
};

export const has = (set: bigint, cell: number) => ((set >> BigInt(cell)) & 1n) === 1n;

export const cellName = (c: number) => `${"abcdefgh"[c % WIDTH]}${Math.floor(c / WIDTH) + 1}`;

export function cellOf(name: string): number {
  const f = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  return r * WIDTH + f;
}

/** The player who commands an army (the third of three players has two). */
export function armyOwner(seats: number, army: number): number {
  return seats === 3 && army === 3 ? 2 : army;
}

export function armyTeam(armies: number, army: number): number {
  return armies === 2 ? army : army >> 1;
}

export const ARMY_COLOURS_2 = ["ivory", "crimson"];
// With four armies each takes its seat's colour (as the seat chips show it).
export const ARMY_COLOURS_4 = ["ivory", "crimson", "teal", "indigo"];

export function armyColour(armies: number, army: number): string {
  return (armies === 2 ? ARMY_COLOURS_2 : ARMY_COLOURS_4)[army] ?? "ivory";
}
