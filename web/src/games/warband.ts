// Path 2 Victory warbands in the browser: the builder's model (a warband as
// the warband file's JSON form, docs/warbands.md), the points the rules
// count (Table 1 cost plus the upgrade cost for each upgrade, item and hero
// point, for an instant display; the server's answer decides what is
// legal), the TOML and JSON files it downloads, and the copy kept in
// localStorage with the creature cards the player imported.
import type { CreatureInfo } from "@bindings/CreatureInfo";
import type { ItemInfo } from "@bindings/ItemInfo";
import type { JsonValue } from "@bindings/serde_json/JsonValue";
import { fields } from "../api";

/** A file's JSON object, as the API takes it. */
type JsonObject = { [key: string]: JsonValue };

export interface EntryDraft {
  creature: string;
  name: string; // the player's name for the figure; "" for none
  count: number;
  upgrades: string[];
  items: string[];
  hero_points: number;
}

export interface WarbandDraft {
  name: string;
  author: string;
  description: string;
  mode: string; // a play mode's key
  alignment: string; // an alignment's key, "" for none
  points: number | null; // the points limit; null for none
  entries: EntryDraft[];
}

/** The five play modes' keys, as files write them. */
export const MODES = ["narrative", "balanced-unlimited", "balanced-limited", "random-box", "campaign"];

/** The accent of an alignment's row (good, neutral, evil), as on the printed sheets. */
export const ROW_COLOUR = ["#4f86d6", "#6f9a4c", "#cf4a55"];

export const blankEntry = (creature: string): EntryDraft => ({ creature, name: "", count: 1, upgrades: [], items: [], hero_points: 0 });

/** A new warband: Balanced, Unlimited Play at 100 points, waiting for its creatures. */
export function blankWarband(): WarbandDraft {
  return { name: "My warband", author: "", description: "", mode: "balanced-unlimited", alignment: "", points: 100, entries: [] };
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : v === null || v === undefined ? fallback : String(v));
const int = (v: unknown, fallback: number): number => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : fallback);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => str(x)) : []);

/** The key an alignment is written with (`lawful evil`, `LE` and `lawful-evil` are one). */
function alignmentKey(v: unknown): string {
  const t = str(v).trim().toLowerCase().replace(/[\s_]+/g, "-");
  const abbreviations: Record<string, string> = {
    lg: "lawful-good", ng: "neutral-good", cg: "chaotic-good", ln: "lawful-neutral", tn: "true-neutral", n: "true-neutral",
    neutral: "true-neutral", cn: "chaotic-neutral", le: "lawful-evil", ne: "neutral-evil", ce: "chaotic-evil",
  };
  return abbreviations[t] ?? t;
}

/** A warband from a warband file's JSON (as the server returns it), for editing. */
export function fromFile(json: unknown): WarbandDraft {
  const file = fields(json);
  const entries = (Array.isArray(file.entries) ? file.entries : Array.isArray(file.entry) ? file.entry : []).map(fields);
  const mode = str(file.mode, "balanced-unlimited");
  return {
    name: str(file.name),
    author: str(file.author),
    description: str(file.description),
    mode: MODES.includes(mode) ? mode : "balanced-unlimited",
    alignment: file.alignment ? alignmentKey(file.alignment) : "",
    points: typeof file.points === "number" && Number.isFinite(file.points) ? Math.trunc(file.points) : null,
    entries: entries.map((e) => ({
      creature: str(e.creature),
      name: str(e.name),
      count: int(e.count, 1),
      upgrades: strings(e.upgrades),
      items: strings(e.items),
      hero_points: int(e.hero_points, 0),
    })),
  };
}

/** The warband as a warband file's JSON: the server's and the download's form. */
export function toFile(w: WarbandDraft): JsonObject {
  const out: JsonObject = { name: w.name };
  if (w.author.trim()) out.author = w.author;
  if (w.description.trim()) out.description = w.description;
  out.mode = w.mode;
  if (w.alignment) out.alignment = w.alignment;
  if (w.points !== null) out.points = w.points;
  out.entries = w.entries.map((e) => {
    const x: JsonObject = { creature: e.creature };
    if (e.name.trim()) x.name = e.name;
    if (e.count !== 1) x.count = e.count;
    if (e.upgrades.length) x.upgrades = e.upgrades;
    if (e.items.length) x.items = e.items;
    if (e.hero_points !== 0) x.hero_points = e.hero_points;
    return x;
  });
  return out;
}

// ---- the bestiary and the points, as the rules count them ---------------------

/** The starter bestiary joined by the imported cards (an imported card replaces a starter card of its name). */
export function joinBestiary(starter: CreatureInfo[], imported: CreatureInfo[]): CreatureInfo[] {
  const out = starter.slice();
  for (const c of imported) {
    const i = out.findIndex((x) => x.name.toLowerCase() === c.name.toLowerCase());
    if (i >= 0) out[i] = c;
    else out.push(c);
  }
  return out;
}

export const lookup = (list: CreatureInfo[]) => new Map(list.map((c) => [c.name.trim().toLowerCase(), c]));

/** The item a warband names, with its choice in brackets (`Fiery Weapon (Spear)`). */
export function findItem(items: ItemInfo[], name: string): ItemInfo | undefined {
  const n = name.trim().toLowerCase();
  const exact = items.find((i) => i.name.toLowerCase() === n);
  if (exact) return exact;
  const m = /^(.*?)\((.*)\)$/.exec(name.trim());
  if (!m || !m[2].trim()) return undefined;
  return items.find((i) => i.choice !== null && i.name.toLowerCase() === m[1].trim().toLowerCase());
}

export interface EntryCost {
  card: CreatureInfo | undefined;
  count: number;
  extras: number; // upgrades, items and hero points paid for, each copy
  unit: number;
  total: number;
  free: { creature: string; count: number }[];
}

/** What an entry costs: Table 1 at the card's level plus the upgrade cost per extra; unknown extras cost nothing. */
export function entryCost(e: EntryDraft, bestiary: Map<string, CreatureInfo>, items: ItemInfo[]): EntryCost {
  const card = bestiary.get(e.creature.trim().toLowerCase());
  const count = Math.max(0, Math.min(99, Math.trunc(e.count) || 0));
  if (!card) return { card, count, extras: 0, unit: 0, total: 0, free: [] };
  const seen = new Set<string>();
  let upgrades = 0;
  for (const u of e.upgrades) {
    const k = u.trim().toLowerCase();
    const known = card.upgrades.some((x) => x.toLowerCase() === k) || items.some((i) => i.kind === "positioning" && i.name.toLowerCase() === k);
    if (known && !seen.has(k)) {
      seen.add(k);
      upgrades++;
    }
  }
  const carried = e.items.slice(0, 20).filter((n) => {
    const it = findItem(items, n);
    return it !== undefined && it.kind !== "positioning";
  }).length;
  const extras = upgrades + carried + Math.max(0, Math.min(3, Math.trunc(e.hero_points) || 0));
  const unit = card.points + extras * card.upgrade_cost;
  const free: { creature: string; count: number }[] = [];
  const bring = (c: CreatureInfo, n: number, depth: number) => {
    if (!c.commander || depth > 3) return;
    for (const s of c.commander.starts_with) {
      const m = bestiary.get(s.creature.trim().toLowerCase());
      if (!m) continue;
      const k = n * Math.max(1, Math.min(9, s.count));
      const had = free.find((f) => f.creature === m.name);
      if (had) had.count += k;
      else free.push({ creature: m.name, count: k });
      bring(m, k, depth + 1);
    }
  };
  bring(card, count, 1);
  return { card, count, extras, unit, total: unit * count, free };
}

// ---- files ------------------------------------------------------------------

/** A TOML basic string (JSON's escapes are TOML's, but DEL must be escaped too). */
const tq = (s: string) => JSON.stringify(s).replace(/\u007f/g, "\\u007F");
const tn = (n: number) => (Number.isFinite(n) ? String(Math.trunc(n)) : "0");
const list = (xs: string[]) => `[${xs.map(tq).join(", ")}]`;

/** The warband as a TOML warband file, laid out as docs/warbands.md writes one. */
export function toToml(w: WarbandDraft, importedCards: number): string {
  const lines = ["# A Path 2 Victory warband, made with Arbiter's builder.", "# Check it and print its sheets: arbiter build --game p2v FILE --sheet band.html"];
  if (importedCards > 0) lines.push("# It uses imported creature cards: add --import CARDS.json with the same cards.");
  lines.push(`name = ${tq(w.name)}`);
  if (w.author.trim()) lines.push(`author = ${tq(w.author)}`);
  if (w.description.trim()) lines.push(`description = ${tq(w.description)}`);
  lines.push(`mode = ${tq(w.mode)}`);
  if (w.alignment) lines.push(`alignment = ${tq(w.alignment)}`);
  if (w.points !== null) lines.push(`points = ${tn(w.points)}`);
  for (const e of w.entries) {
    lines.push("", "[[entry]]", `creature = ${tq(e.creature)}`);
    if (e.name.trim()) lines.push(`name = ${tq(e.name)}`);
    if (e.count !== 1) lines.push(`count = ${tn(e.count)}`);
    if (e.upgrades.length) lines.push(`upgrades = ${list(e.upgrades)}`);
    if (e.items.length) lines.push(`items = ${list(e.items)}`);
    if (e.hero_points !== 0) lines.push(`hero_points = ${tn(e.hero_points)}`);
  }
  return lines.join("\n") + "\n";
}

/** A file name for the warband (`kobold-ambush.toml`). */
export function fileName(w: WarbandDraft, ext: string): string {
  const stem = w.name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${stem || "warband"}.${ext}`;
}

// ---- kept in this browser ---------------------------------------------------

export interface Saved {
  warband: WarbandDraft;
  imported: CreatureInfo[];
}

const KEY = "arbiter.builder.p2v.v1";

/** The builder's work as last kept in this browser, if any. */
export function loadSaved(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (!v || typeof v !== "object" || !v.warband) return null;
    const imported: CreatureInfo[] = Array.isArray(v.imported)
      ? v.imported.filter((c: unknown) => typeof fields(c).name === "string" && fields(c).file && fields(c).stats)
      : [];
    return { warband: fromFile(v.warband), imported };
  } catch {
    return null;
  }
}

/** Keeps the work: the warband in its file form, and the imported cards. */
export function keep(s: Saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ warband: toFile(s.warband), imported: s.imported }));
  } catch {
    /* storage full or disabled: the work stays on the page */
  }
}
