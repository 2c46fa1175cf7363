// The server's REST API (docs/api.md), typed with the ts-rs bindings the
// server crate generates into crates/server/bindings/.
import type { ActionAccepted } from "@bindings/ActionAccepted";
import type { AttackOdds } from "@bindings/AttackOdds";
import type { CardsImported } from "@bindings/CardsImported";
import type { CheckSet } from "@bindings/CheckSet";
import type { CheckWarband } from "@bindings/CheckWarband";
import type { ImportCards } from "@bindings/ImportCards";
import type { P2vBestiary } from "@bindings/P2vBestiary";
import type { ShippedWarband } from "@bindings/ShippedWarband";
import type { WarbandChecked } from "@bindings/WarbandChecked";
import type { EphemeralCatalogue } from "@bindings/EphemeralCatalogue";
import type { SetChecked } from "@bindings/SetChecked";
import type { ShippedSet } from "@bindings/ShippedSet";
import type { CreateMatch } from "@bindings/CreateMatch";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { Fairness } from "@bindings/Fairness";
import type { GameInfo } from "@bindings/GameInfo";
import type { Joined } from "@bindings/Joined";
import type { MatchCreated } from "@bindings/MatchCreated";
import type { MatchList } from "@bindings/MatchList";
import type { MatchView } from "@bindings/MatchView";
import type { ReplayFrame } from "@bindings/ReplayFrame";

/** A match record's opening (`MatchConfig` in `crates/core`): the game, its
 * variant (the game's `Variant` type, exported to `bindings/games/<id>/`) and
 * its players. The seed is absent while the match is live (docs/api.md, "How
 * dice are made fair"); it is also in the record's `fairness`, as exact text. */
export interface RecordConfig {
  game: string;
  variant: unknown;
  players: { name: string; controller: unknown }[];
  seed?: number;
}

/** A match record (`GET /api/matches/{id}/record`): its opening and its
 * decisions as this viewer may see them (`null` where hidden). */
export interface MatchRecord {
  format: string;
  config: RecordConfig;
  decisions: unknown[];
  hidden?: number;
  fairness?: Fairness;
}

/** Parses a JSON answer (every game's JSON is plain: square sets are lists). */
export function parseJson(text: string): unknown {
  return JSON.parse(text);
}

/** `v` as an object whose fields can be read (an empty one if it is not one). */
export function fields(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** An error answer of the API: its status and body (with the refusal, if any). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, attempt = 0, text = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiFailure(0, { error: "offline", message: "the server cannot be reached", refusal: null });
  }
  if (res.status === 429 && attempt < 6) {
    // Over the server's per-address rate limit: wait a moment and try again.
    await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
    return call<T>(method, path, body, attempt + 1, text);
  }
  const raw = await res.text();
  if (res.ok && text) return raw as T;
  let json: unknown = null;
  try {
    json = raw ? parseJson(raw) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const body: ErrorBody =
      typeof fields(json).error === "string"
        ? (json as ErrorBody)
        : { error: `http-${res.status}`, message: raw.slice(0, 200) || res.statusText, refusal: null };
    throw new ApiFailure(res.status, body);
  }
  return json as T;
}

const enc = encodeURIComponent;

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  create: (req: CreateMatch) => call<MatchCreated>("POST", "/api/matches", req),
  list: (tokens: string[]) =>
    call<MatchList>("GET", `/api/matches${tokens.length ? `?tokens=${tokens.map(enc).join(",")}` : ""}`),
  view: (id: string, token?: string | null) =>
    call<MatchView>("GET", `/api/matches/${enc(id)}${token ? `?token=${enc(token)}` : ""}`),
  act: (id: string, token: string, action: unknown) =>
    call<ActionAccepted>("POST", `/api/matches/${enc(id)}/actions`, { token, action }),
  /** Enters what real dice show (a match with real dice; docs/api.md, "Real dice"). */
  roll: (id: string, token: string, values: number[]) =>
    call<ActionAccepted>("POST", `/api/matches/${enc(id)}/roll`, { token, values }),
  /** Takes back the last roll of real dice, having seen `len` decisions. */
  undo: (id: string, token: string, len: number) => call<MatchView>("POST", `/api/matches/${enc(id)}/undo`, { token, len }),
  /** Takes an open seat (the first one without `seat`) under `name` (the
   * creator's name for the seat without it). */
  join: (id: string, seat?: number, name?: string) =>
    call<Joined>("POST", `/api/matches/${enc(id)}/join`, { ...(seat === undefined ? {} : { seat }), ...(name ? { name } : {}) }),
  /** What the rules say between two spots of the table (companion mode;
   * docs/api.md, "Companion mode"): figure letters, `x,y` or `gate`. */
  measure: <T>(id: string, a: string, b: string) =>
    call<T>("GET", `/api/matches/${enc(id)}/measure?a=${enc(a)}&b=${enc(b)}`),
  record: (id: string, token?: string | null) =>
    call<MatchRecord>("GET", `/api/matches/${enc(id)}/record${token ? `?token=${enc(token)}` : ""}`),
  replay: (id: string, n: number, token?: string | null) =>
    call<ReplayFrame>("GET", `/api/matches/${enc(id)}/replay/${n}${token ? `?token=${enc(token)}` : ""}`),
  /** The figure-set builder (`docs/api.md`, "The figure-set builder"). */
  ephemeral: {
    catalogue: (edition: string) => call<EphemeralCatalogue>("GET", `/api/ephemeral/catalogue?edition=${enc(edition)}`),
    /** An attack's odds and the best dice for the Force (the rules' arithmetic). */
    attack: (force: number, dice: number[]) =>
      call<AttackOdds>("GET", `/api/ephemeral/attack?force=${force}&dice=${dice.map((n) => Math.max(0, Math.round(n))).join(",")}`),
    sets: () => call<ShippedSet[]>("GET", "/api/ephemeral/sets"),
    validate: (req: CheckSet) => call<SetChecked>("POST", "/api/ephemeral/validate", req),
    /** The printable spec sheets, as an HTML page. */
    sheet: (req: CheckSet) => call<string>("POST", "/api/ephemeral/sheet", req, 0, true),
  },
  /** The warband builder (`docs/api.md`, "The warband builder"). */
  p2v: {
    bestiary: () => call<P2vBestiary>("GET", "/api/p2v/bestiary"),
    warbands: () => call<ShippedWarband[]>("GET", "/api/p2v/warbands"),
    validate: (req: CheckWarband) => call<WarbandChecked>("POST", "/api/p2v/validate", req),
    /** The printable warband sheets, as an HTML page. */
    sheet: (req: CheckWarband) => call<string>("POST", "/api/p2v/sheet", req, 0, true),
    import: (req: ImportCards) => call<CardsImported>("POST", "/api/p2v/import", req),
    /** What Path 2 Victory's table draws: the board, the cards and a state's decisions (`docs/api.md`). */
    table: <T>(req: { variant: unknown; state?: unknown }) => call<T>("POST", "/api/p2v/table", req),
  },
};

/** The WebSocket address of a match, for a seat's token or a spectator. */
export function socketUrl(id: string, token?: string | null): string {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  return `${proto}://${location.host}/api/matches/${enc(id)}/ws${token ? `?token=${enc(token)}` : ""}`;
}
