// E'thia: square sets (lists of squares) and the seating of armies.

export const WIDTH = 8;

/** A set of squares as the server sends it: the list of its squares. */
export const cells = (v: number[] | null | undefined): Set<number> => new Set(Array.isArray(v) ? v : []);

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
