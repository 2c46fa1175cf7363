// Pieces shared by every page: the "why not?" card, the event log, the
// turn banner, seat chips, dice faces and the list of legal actions.
import type { ComponentChildren, VNode } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { DiceAsk } from "@bindings/DiceAsk";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { MatchView } from "@bindings/MatchView";
import type { SeatView } from "@bindings/SeatView";
import type { Step } from "@bindings/Step";
import { fields, type RecordConfig } from "./api";

/** What the lobby's editor of a game's own options gets: the variant the
 * generic options make, and where to say what it adds (or why it cannot). */
export interface VariantEditorProps {
  variant: Record<string, unknown>;
  onChange: (extra: Record<string, unknown> | null, error: string | null) => void;
}

/** A game's web table: its board and controls, and optionally an editor of
 * variant parts the generic options cannot say (Ephemeral's figure sets). */
export interface GameModule {
  table: (p: GameProps) => GameUI;
  /** The game keeps secrets from the other seats (hands, bids): one screen
   * holding several seats shows "pass the device" between them. */
  secrets?: boolean;
  /** A decision in words, for a log line of a step without the game's own text. */
  actionWords?: (action: string) => string;
  variantEditor?: (p: VariantEditorProps) => VNode;
}

/** A step in words, one line each: the game's words for its events (sent
 * with every step), else the decision in the game's notation, else that a
 * seat decided in secret. */
export function stepLines(s: Step, seats: SeatView[], words?: (action: string) => string): string[] {
  const named = (t: string) => peopleWords(t, seats);
  if (s.text.length) return s.text.map(named);
  // A roll of the dice with no text of the game's: "The dice roll 5, 6, 1", not "dice: dice 5 6 1".
  const roll = s.seat === null && s.action !== null ? /^dice ((?:\d+ ?)+)$/.exec(s.action) : null;
  if (roll) return [`The dice roll ${roll[1].trim().split(" ").join(", ")}`];
  const who = s.seat === null ? "dice" : (seats[s.seat]?.name ?? `P${s.seat + 1}`);
  return [s.action !== null ? `${who}: ${words ? words(s.action) : s.action}` : `${who}: a secret decision`];
}

/** A game's text with the players' names: the game says "P1", "P2" (a team
 * is its players, "P1 and P2", never "team A"); the table says the names,
 * and "Bo (P2)" once the name is put in reads "Bo", not "Bo (Bo)". */
export function peopleWords(t: string, seats: Pick<SeatView, "name">[]): string {
  let out = t.replace(/\bP([1-9])\b/g, (m, n) => seats[Number(n) - 1]?.name ?? m);
  for (const seat of seats) {
    const esc = seat.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`${esc} \\(${esc}\\)`, "g"), seat.name);
  }
  return out;
}

/** A step's events as the game's `Event` type (generated from its Rust type,
 * `@bindings/games/<id>/Event`). */
export function eventsOf<E>(s: { events: unknown[] }): E[] {
  return s.events as E[];
}

/** The dice of a step that was a roll of the dice, else `null`. */
export function rollOf(s: { decision: unknown }): number[] | null {
  const r = fields(s.decision).roll;
  return Array.isArray(r) ? (r as number[]) : null;
}

/** What a game's table gets. The observation, the legal actions and each
 * step's events are the game's own types, generated from its Rust types
 * (`@bindings/games/<id>/`): a table reads them as those (`p.obs as State`). */
export interface GameProps {
  view: MatchView;
  obs: unknown;
  config: RecordConfig | null;
  legal: unknown[];
  interactive: boolean;
  act: (a: unknown) => Promise<{ ok: boolean; error?: ErrorBody }>;
  steps: Step[];
  mode: "live" | "replay";
}

export interface GameUI {
  board: VNode;
  panel?: VNode | null;
  prompt?: string | null;
  below?: VNode | null;
}

export function WhyNot({ error, action, onClose }: { error: ErrorBody; action?: unknown; onClose?: () => void }) {
  const r = error.refusal;
  return (
    <div class="whynot" role="alert" data-testid="whynot">
      <div class="whynot-head">
        <span class="whynot-icon">!</span>
        <strong>{r ? "Why not?" : error.error === "offline" ? "Connection problem" : "Not accepted"}</strong>
        {onClose && (
          <button class="icon-btn" title="Dismiss" onClick={onClose}>
            ×
          </button>
        )}
      </div>
      <p class="whynot-reason">{r ? r.reason : error.message}</p>
      {r && (
        <p class="whynot-rule">
          rule <code>{r.rule}</code>
          {r.section && (
            <>
              {" · "}
              <span class="section">{r.section}</span>
            </>
          )}
        </p>
      )}
      {action !== undefined && action !== null && (
        <p class="whynot-action">
          tried: <code>{typeof action === "string" ? action : JSON.stringify(action)}</code>
        </p>
      )}
    </div>
  );
}

export function EventLog({ steps, seats, firstNote = true, words }: { steps: Step[]; seats: SeatView[]; firstNote?: boolean; words?: (action: string) => string }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [steps.length]);
  const first = steps[0]?.index ?? 0;
  return (
    <section class="panel log-panel">
      <h3>What happened</h3>
      <ol class="log" ref={ref} data-testid="log" tabIndex={0} aria-label="What happened, newest last">
        {firstNote && first > 0 && <li class="log-note">… {first} earlier decisions</li>}
        {steps.length === 0 && <li class="log-note">Nothing yet.</li>}
        {steps.map((s) => {
          const lines = stepLines(s, seats, words);
          const who = s.seat === null ? "dice" : `seat-${s.seat}`;
          return lines.map((l, k) => (
            <li key={`${s.index}-${k}`} class={`log-line ${who}`}>
              {k === 0 && <span class="log-n">{s.index + 1}</span>}
              {l}
            </li>
          ));
        })}
      </ol>
    </section>
  );
}

/** The seats that owe a decision now (one, or several choosing in secret). */
export function seatsToMove(view: MatchView): number[] {
  return view.turn.kind === "seat" ? [view.turn.seat] : view.turn.kind === "together" ? view.turn.seats : [];
}

export function SeatChips({ view }: { view: MatchView }) {
  // With real dice, the seat whose roll it is lights up too.
  const owing = view.dice?.seat != null ? [...seatsToMove(view), view.dice.seat] : seatsToMove(view);
  const winners = view.outcome?.winners ?? [];
  return (
    <div class="seats">
      {view.seats.map((s) => (
        <span
          class={`seat-chip seat-${s.seat} ${owing.includes(s.seat) ? "active" : ""} ${winners.includes(s.seat) ? "winner" : ""}`}
          title={s.human ? "a person" : `AI: ${s.controller}`}
        >
          <span class="seat-dot" />
          <span class="seat-name">{s.name}</span>
          {/* A person is shown by their name alone: no "P2" beside it. */}
          {(s.seat === view.you || s.open || !s.human) && <span class="seat-tag">{s.seat === view.you ? "you" : s.open ? "open" : "AI"}</span>}
          {winners.includes(s.seat) && <span class="crown">♛</span>}
        </span>
      ))}
    </div>
  );
}

export function TurnBanner({ view, prompt, pending }: { view: MatchView; prompt?: string | null; pending?: boolean }) {
  // The seat deciding: the seat to move, else (a secret choice, a roll of
  // real dice) the viewer's own seat when it is theirs to decide.
  const seat: SeatView | undefined =
    view.turn.kind === "seat" ? view.seats[view.turn.seat] : view.your_turn && view.you !== null ? view.seats[view.you] : undefined;
  if (view.outcome) {
    const o = view.outcome;
    const names = o.winners.map((w) => view.seats[w]?.name ?? `P${w + 1}`);
    const youWon = view.you !== null && o.winners.includes(view.you);
    const youLost = view.you !== null && !o.draw && !youWon && o.winners.length > 0;
    return (
      <div class={`banner over ${youWon ? "won" : youLost ? "lost" : ""}`} data-testid="banner" data-state="over">
        <div class="banner-title">{o.draw ? "Draw" : youWon ? "You win!" : names.length ? `${names.join(" & ")} ${names.length > 1 ? "win" : "wins"}` : "Game over"}</div>
        <div class="banner-sub">{peopleWords(o.reason, view.seats)}</div>
      </div>
    );
  }
  if (view.your_turn) {
    const secret = view.turn.kind === "together";
    const dice = view.turn.kind === "chance" && view.dice !== null;
    return (
      <div class="banner yours" data-testid="banner" data-state="yours">
        <div class="banner-title">
          {secret ? "Your secret choice" : dice ? "Your roll" : "Your turn"}
          {view.seats.filter((s) => s.human).length > 1 && seat ? ` — ${seat.name}` : ""}
          {pending && <span class="spinner" />}
        </div>
        <div class="banner-sub">
          {dice && view.dice ? `Roll ${peopleWords(diceWords(view.dice), view.seats)} and tap what they show` : (prompt ?? peopleWords(view.awaiting, view.seats))}
        </div>
      </div>
    );
  }
  if (view.turn.kind === "together") {
    const names = view.turn.seats.map((s) => view.seats[s]?.name ?? `P${s + 1}`);
    return (
      <div class="banner waiting" data-testid="banner" data-state="waiting">
        <div class="banner-title">Waiting for {names.join(" and ")} to choose</div>
        <div class="banner-sub">{view.you === null ? `You are watching. ${peopleWords(view.awaiting, view.seats)}` : peopleWords(view.awaiting, view.seats)}</div>
      </div>
    );
  }
  if (view.turn.kind === "chance" && view.dice) {
    const names = view.dice.entered_by.map((s) => view.seats[s]?.name ?? `P${s + 1}`);
    return (
      <div class="banner waiting" data-testid="banner" data-state="waiting">
        <div class="banner-title">{names.join(" or ")} rolls</div>
        <div class="banner-sub">{view.you === null ? `You are watching. ${peopleWords(view.awaiting, view.seats)}` : peopleWords(view.awaiting, view.seats)}</div>
      </div>
    );
  }
  const thinking = seat && !seat.human;
  return (
    <div class={`banner waiting ${thinking ? "thinking" : ""}`} data-testid="banner" data-state={thinking ? "thinking" : "waiting"}>
      <div class="banner-title">
        {thinking ? `${seat!.name} is thinking` : seat?.open ? `Waiting for a player to join as ${seat.name}` : seat ? `Waiting for ${seat.name}` : "Waiting"}
        {thinking && <span class="dots" />}
      </div>
      <div class="banner-sub">{view.you === null ? `You are watching. ${peopleWords(view.awaiting, view.seats)}` : peopleWords(view.awaiting, view.seats)}</div>
    </div>
  );
}

/** The dice a roll of real dice asks for, in words, without the purpose
 * said beside them: `2d6 (attacker), 1d6 (defender)`. */
export function diceWords(ask: DiceAsk): string {
  return ask.purpose && ask.text.startsWith(`${ask.purpose}: `) ? ask.text.slice(ask.purpose.length + 2) : ask.text;
}

/** A six-sided die face with pips; `value` 1–6. */
export function D6({ value, size = 28, tone = "ivory", label }: { value: number; size?: number; tone?: string; label?: string }) {
  const P: Record<number, [number, number][]> = {
    1: [[1, 1]],
    2: [[0, 0], [2, 2]],
    3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
    6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  };
  return (
    <svg class={`d6 tone-${tone}`} width={size} height={size} viewBox="0 0 30 30" role="img" aria-label={label ?? `die showing ${value}`}>
      <rect x="1" y="1" width="28" height="28" rx="6" class="d6-body" />
      {(P[value] ?? []).map(([c, r]) => (
        <circle cx={7 + c * 8} cy={7 + r * 8} r="2.6" class="d6-pip" />
      ))}
    </svg>
  );
}

/** Any die: D4 triangle, D6 square, D8 diamond, D10 kite, D12 pentagon, with its value. */
export function PolyDie({ sides, value, size = 34, cls = "" }: { sides: number; value?: number | string; size?: number; cls?: string }) {
  const shapes: Record<number, string> = {
    4: "20,3 37,34 3,34",
    6: "5,5 35,5 35,35 5,35",
    8: "20,2 38,20 20,38 2,20",
    10: "20,2 37,16 20,38 3,16",
    12: "20,2 38,15 31,36 9,36 2,15",
  };
  return (
    <svg class={`polydie d${sides} ${cls}`} width={size} height={size} viewBox="0 0 40 40" role="img" aria-label={`D${sides}${value !== undefined ? ` showing ${value}` : ""}`}>
      <polygon points={shapes[sides] ?? shapes[6]} class="polydie-body" />
      <text x="20" y={sides === 4 ? 28 : 25} class="polydie-value">
        {value ?? `d${sides}`}
      </text>
    </svg>
  );
}

export function Panel({ title, children, cls = "" }: { title?: string; children: ComponentChildren; cls?: string }) {
  return (
    <section class={`panel ${cls}`}>
      {title && <h3>{title}</h3>}
      {children}
    </section>
  );
}

/** Every legal action as a button (complete for enumerable games, a sample for Ephemeral). */
export function ActionList({
  legal,
  labels,
  total,
  act,
  enabled,
  open = false,
}: {
  legal: unknown[];
  /** Each action in the game's notation (the view's `legal_text`). */
  labels: string[];
  total: number;
  act: (a: unknown) => void;
  enabled: boolean;
  open?: boolean;
}) {
  if (!legal.length) return null;
  return (
    <details class="panel actions-all" {...(open ? { open: true } : {})}>
      <summary>
        All legal actions ({total}
        {total > legal.length ? `, ${legal.length} shown` : ""})
      </summary>
      <div class="action-list">
        {legal.map((a, i) => {
          const text = typeof a === "string" ? a : JSON.stringify(a);
          return (
            <button class="chip-btn" disabled={!enabled} data-action={text} onClick={() => act(a)}>
              {labels[i] ?? text}
            </button>
          );
        })}
      </div>
    </details>
  );
}

/** Makes a board's SVG element playable by keyboard: reachable with Tab when
 * `on` (a square or piece the player can act on), named for a screen
 * reader, and Enter or Space does what a click does. */
export function keys(on: boolean, label: string, act: () => void): { tabindex?: number; role?: "button"; "aria-label"?: string; onKeyDown?: (e: KeyboardEvent) => void } {
  if (!on) return {};
  return {
    // Lower case: on an SVG element Preact sets the attribute by this very name.
    tabindex: 0,
    role: "button" as const,
    "aria-label": label,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act();
      }
    },
  };
}
