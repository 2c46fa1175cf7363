// Real dice at the table (docs/api.md, "Real dice"): the pad on which the
// player whose roll it is taps what each of their dice shows — one tap per
// die, only the faces that die has, big enough for a thumb on a phone — and
// the "undo my last entry" button, until the next decision.
import { useEffect, useState } from "preact/hooks";
import type { DiceAsk } from "@bindings/DiceAsk";
import type { MatchView } from "@bindings/MatchView";
import { diceWords, peopleWords } from "./ui";

/** The dice pad: shown to everyone while a roll of real dice is owed; the
 * seats that may enter it tap the faces, the others see who is rolling. */
export function DicePad({
  view,
  pending,
  roll,
}: {
  view: MatchView;
  pending: boolean;
  roll: (values: number[]) => Promise<{ ok: boolean }>;
}) {
  const ask = view.dice;
  const [values, setValues] = useState<(number | null)[]>([]);
  // A new ask (or the same one again after an undo) starts empty.
  useEffect(() => setValues(ask ? ask.dice.map(() => null) : []), [view.len, ask?.text]);
  if (!ask) return null;
  const mine = view.you !== null && ask.entered_by.includes(view.you);
  const who = ask.entered_by.map((s) => view.seats[s]?.name ?? `P${s + 1}`).join(" or ");
  const next = values.findIndex((v) => v === null);
  const tap = (i: number, face: number) => {
    if (!mine || pending) return;
    const nextValues = values.slice();
    nextValues[i] = face;
    setValues(nextValues);
    // The last die tapped enters the roll.
    if (nextValues.every((v) => v !== null)) void roll(nextValues as number[]);
  };
  return (
    <section class={`panel dice-pad ${mine ? "mine" : ""}`} data-testid="dice-pad" data-seat={ask.seat ?? ""} aria-label="Real dice">
      <h3>{mine ? "Roll your dice and tap what they show" : `${who} rolls`}</h3>
      {ask.purpose && <p class="dice-purpose" data-testid="dice-purpose">{peopleWords(ask.purpose, view.seats)}</p>}
      <p class="dice-text muted small">{peopleWords(diceWords(ask), view.seats)}</p>
      {mine &&
        ask.dice.map((d, i) => (
          <div class={`die-row ${i === next ? "next" : ""} ${values[i] !== null && values[i] !== undefined ? "set" : ""}`} data-die={i} role="group" aria-label={`die ${i + 1}: ${d.label || `d${d.sides}`}`}>
            <div class="die-row-head">
              <span class="die-label">{d.label || `d${d.sides}`}</span>
              <span class="die-kind muted small">d{d.sides}</span>
              {values[i] !== null && values[i] !== undefined && (
                <button class="icon-btn die-clear" aria-label={`clear die ${i + 1}`} onClick={() => setValues(values.map((v, k) => (k === i ? null : v)))}>
                  ×
                </button>
              )}
            </div>
            <div class="faces">
              {Array.from({ length: d.sides }, (_, k) => k + 1).map((face) => (
                <button
                  class={`face ${values[i] === face ? "on" : ""}`}
                  data-face={face}
                  aria-label={`${d.label || `d${d.sides}`} shows ${face}`}
                  aria-pressed={values[i] === face}
                  disabled={pending}
                  onClick={() => tap(i, face)}
                >
                  {face}
                </button>
              ))}
            </div>
          </div>
        ))}
      {!mine && view.you !== null && <p class="muted small">The dice are entered on {who}'s screen.</p>}
    </section>
  );
}

/** The seat held on this screen whose own last decision may be taken back
 * although the table has turned to another (hot seat, with real dice or in
 * companion mode), or `null`; the server judges the undo. */
export function heldUndoSeat(view: MatchView, held?: Map<number, string>): number | null {
  if (view.can_undo || !held || (view.dice_mode !== "real" && !view.companion)) return null;
  const last = view.recent[view.recent.length - 1];
  if (!last || last.index !== view.len - 1 || last.seat === null || last.seat === view.you) return null;
  return held.has(last.seat) ? last.seat : null;
}

/** "Undo my last entry": takes back the last roll of real dice this seat
 * entered, or (with real dice or in companion mode) its own last decision,
 * while nothing has been decided after it. On one screen for two players,
 * also the other player's last decision once the table has turned. */
export function UndoRoll({ view, pending, undo, held }: { view: MatchView; pending: boolean; undo: () => Promise<{ ok: boolean }>; held?: Map<number, string> }) {
  const other = heldUndoSeat(view, held);
  if (!view.can_undo && other === null) return null;
  const last = view.recent[view.recent.length - 1];
  const shown = last && last.index === view.len - 1 && last.action ? last.action.replace(/^dice /, "") : null;
  return (
    <section class="panel undo-roll">
      <button class="btn undo-btn" data-testid="undo-roll" disabled={pending} onClick={() => void undo()}>
        ↶ Undo {other !== null ? `${view.seats[other]?.name ?? `P${other + 1}`}'s` : "my"} last entry{shown ? ` (${shown})` : ""}
      </button>
      <span class="muted small">until the next decision</span>
    </section>
  );
}

/** Whether a view asks for real dice from someone. */
export function asksDice(view: MatchView): view is MatchView & { dice: DiceAsk } {
  return view.dice !== null;
}
