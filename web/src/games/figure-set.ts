// Ephemeral Path figure sets in the browser: the builder's model (a set as
// the figure-set file's JSON form, docs/figure-sets.md), the points the
// construction rules count (the same sums as the server's checks, for an
// instant display; the server's answer decides what is legal), the TOML
// and JSON files it downloads, and the copy kept in localStorage.
import type { AbilityInfo } from "@bindings/AbilityInfo";
import type { JsonValue } from "@bindings/serde_json/JsonValue";
import { fields } from "../api";

/** A file's JSON object, as the API takes it. */
type JsonObject = { [key: string]: JsonValue };

export type ClassId = "disruptor" | "runner" | "tactician" | "leader";
export const CLASSES: ClassId[] = ["disruptor", "runner", "tactician", "leader"];

/** The accent of a class, as on the printed sheets. */
export const CLASS_COLOUR: Record<string, string> = {
  disruptor: "#c4424f",
  runner: "#2f9a72",
  tactician: "#4a72c4",
  leader: "#c08a1c",
};

export interface PickedAbility {
  id: string;
  name: string; // the player's name for it; "" for none
}

export interface FigureDraft {
  name: string;
  description: string;
  class: ClassId;
  base_mm: number;
  hp: number;
  movement: number;
  force: number;
  range: number;
  abilities: PickedAbility[];
}

export interface SetDraft {
  name: string;
  author: string;
  description: string;
  figure: FigureDraft[];
}

export type Edition = "v0.26" | "v0.20";

/** A new figure of a class, at the class's smallest legal base spec. */
export function blankFigure(cls: ClassId = "disruptor", name = ""): FigureDraft {
  const specs: Record<ClassId, [number, number, number, number]> = {
    disruptor: [4, 3, 2, 1],
    runner: [3, 5, 1, 1],
    tactician: [5, 4, 3, 3],
    leader: [7, 5, 5, 3],
  };
  const [hp, movement, force, range] = specs[cls];
  return { name, description: "", class: cls, base_mm: 25, hp, movement, force, range, abilities: [] };
}

/** A new set: two figures, legal as it stands, to be made one's own. */
export function blankSet(): SetDraft {
  return { name: "My figure set", author: "", description: "", figure: [blankFigure("disruptor", "Figure A"), blankFigure("runner", "Figure B")] };
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : v === null || v === undefined ? fallback : String(v));
const num = (v: unknown, fallback: number): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A set from a figure-set file's JSON (as the server returns it), for editing. */
export function fromFile(json: unknown): SetDraft {
  const file = fields(json);
  const figures = (Array.isArray(file.figure) ? file.figure : list(file.figures)).map(fields);
  return {
    name: str(file.name),
    author: str(file.author),
    description: str(file.description),
    figure: figures.map((f) => ({
      name: str(f.name),
      description: str(f.description),
      class: (CLASSES.includes(str(f.class).toLowerCase() as ClassId) ? str(f.class).toLowerCase() : "disruptor") as ClassId,
      base_mm: num(f.base_mm, 25),
      hp: num(f.hp, 1),
      movement: num(f.movement, 0),
      force: num(f.force, 0),
      range: num(f.range, 0),
      abilities: list(f.abilities).map((a) =>
        typeof a === "string" ? { id: a.toUpperCase(), name: "" } : { id: str(fields(a).id).toUpperCase(), name: str(fields(a).name) },
      ),
    })),
  };
}

/** The set as a figure-set file's JSON: the server's, the variant's and the download's form. */
export function toFile(set: SetDraft, edition: Edition): JsonObject {
  const out: JsonObject = { name: set.name };
  if (set.author.trim()) out.author = set.author;
  if (set.description.trim()) out.description = set.description;
  out.edition = edition;
  out.figure = set.figure.map((f) => {
    const fig: JsonObject = { name: f.name };
    if (f.description.trim()) fig.description = f.description;
    Object.assign(fig, { class: f.class, base_mm: f.base_mm, hp: f.hp, movement: f.movement, force: f.force, range: f.range });
    fig.abilities = f.abilities.map((a) => (a.name.trim() ? { id: a.id, name: a.name } : a.id));
    return fig;
  });
  return out;
}

// ---- points, as the checks count them ----------------------------------------

export const baseSpec = (f: FigureDraft) => f.hp + f.movement + f.force + f.range;

/** Ability points: each catalogue ability once, whatever its class; unknown ids cost nothing. */
export function abilityPoints(f: FigureDraft, catalogue: Map<string, AbilityInfo>): number {
  const seen = new Set<string>();
  let p = 0;
  for (const a of f.abilities) {
    const c = catalogue.get(a.id.trim().toUpperCase());
    if (c && !seen.has(c.id)) {
      seen.add(c.id);
      p += c.points;
    }
  }
  return p;
}

export const figurePoints = (f: FigureDraft, catalogue: Map<string, AbilityInfo>) => Math.max(0, baseSpec(f)) + abilityPoints(f, catalogue);

export function startingTokens(f: FigureDraft, catalogue: Map<string, AbilityInfo>): number {
  return (f.class === "leader" ? 2 : 0) + f.abilities.reduce((n, a) => n + (catalogue.get(a.id.toUpperCase())?.start_prep_tokens ?? 0), 0);
}

// ---- files ------------------------------------------------------------------

/** A TOML basic string (JSON's escapes are TOML's, but DEL must be escaped too). */
const tq = (s: string) => JSON.stringify(s).replace(/\u007f/g, "\\u007F");
const tn = (n: number) => (Number.isFinite(n) ? String(n) : "0");

/** The set as a TOML figure-set file, laid out as docs/figure-sets.md writes one. */
export function toToml(set: SetDraft, edition: Edition): string {
  const lines = ["# An Ephemeral Path figure set, made with Arbiter's builder.", "# Check it and print its spec sheets: arbiter build FILE --sheet sheets.html"];
  lines.push(`name = ${tq(set.name)}`);
  if (set.author.trim()) lines.push(`author = ${tq(set.author)}`);
  if (set.description.trim()) lines.push(`description = ${tq(set.description)}`);
  lines.push(`edition = ${tq(edition)}`);
  for (const f of set.figure) {
    lines.push("", "[[figure]]", `name = ${tq(f.name)}`);
    if (f.description.trim()) lines.push(`description = ${tq(f.description)}`);
    lines.push(`class = ${tq(f.class)}`, `base_mm = ${tn(f.base_mm)}`, `hp = ${tn(f.hp)}`, `movement = ${tn(f.movement)}`, `force = ${tn(f.force)}`, `range = ${tn(f.range)}`);
    const abilities = f.abilities.map((a) => (a.name.trim() ? `{ id = ${tq(a.id)}, name = ${tq(a.name)} }` : tq(a.id)));
    lines.push(`abilities = [${abilities.join(", ")}]`);
  }
  return lines.join("\n") + "\n";
}

/** A file name for the set (`mira-and-a-friend.toml`). */
export function fileName(set: SetDraft, ext: string): string {
  const stem = set.name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${stem || "figure-set"}.${ext}`;
}

// ---- kept in this browser ---------------------------------------------------

export interface Saved {
  edition: Edition;
  set: SetDraft;
  opponent: string;
  bot: string;
}

const KEY = "arbiter.builder.ephemeral.v1";

/** The builder's work as last kept in this browser, if any. */
export function loadSaved(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (!v || typeof v !== "object" || !v.set) return null;
    return {
      edition: v.edition === "v0.20" ? "v0.20" : "v0.26",
      set: fromFile({ ...v.set, figure: v.set.figure }),
      opponent: typeof v.opponent === "string" ? v.opponent : "tide-wardens",
      bot: typeof v.bot === "string" ? v.bot : "heuristic",
    };
  } catch {
    return null;
  }
}

export function keep(s: Saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* storage full or disabled: the work stays on the page */
  }
}
