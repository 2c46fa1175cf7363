// Real dice at the table (docs/api.md, "Real dice"): the pad on which the
// player whose roll it is taps what each of their dice shows — one tap per
// die, only the faces that die has, big enough for a thumb on a phone — and
// the "undo my last entry" button, until the next decision. A roll several
// seats roll (an E'thia attack's defender die, a roll-off) comes in parts:
// each seat taps only its own dice, and sees the others' parts as they come.
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
  const entered = ask ? ask.parts.filter((p) => p.entered !== null).length : 0;
  // A new ask (or the same one again after an undo, or another part's turn)
  // starts empty.
  useEffect(() => setValues(ask ? ask.dice.map(() => null) : []), [view.len, ask?.text, view.you, entered]);
  if (!ask) return null;
  const me = view.you;
  // The dice this seat taps: those of the parts still missing it may enter.
  const myDice = new Set<number>();
  if (me !== null)
    for (const p of ask.parts)
      if (p.entered === null && p.entered_by.includes(me)) for (let k = p.first; k < p.first + p.count; k++) myDice.add(k);
  const mine = myDice.size > 0;
  const name = (s: number) => view.seats[s]?.name ?? `P${s + 1}`;
  const who = ask.entered_by.map(name).join(" or ");
  const ours = [...myDice].sort((a, b) => a - b);
  const next = ours.find((i) => values[i] === null || values[i] === undefined) ?? -1;
  const tap = (i: number, face: number) => {
    if (!mine || pending) return;
    const nextValues = values.slice();
    nextValues[i] = face;
    setValues(nextValues);
    // The last of this seat's dice tapped enters them.
    if (ours.every((k) => nextValues[k] !== null && nextValues[k] !== undefined)) void roll(ours.map((k) => nextValues[k] as number));
  };
  const partWords = (first: number, count: number) => {
    const dice = ask.dice.slice(first, first + count);
    return dice.map((d) => d.label || `d${d.sides}`).filter((l, k, all) => all.indexOf(l) === k).join(", ");
  };
  return (
    <section class={`panel dice-pad ${mine ? "mine" : ""}`} data-testid="dice-pad" data-seat={ask.seat ?? ""} data-entered={entered} aria-label="Real dice">
      <h3>{mine ? "Roll your dice and tap what they show" : `${who} rolls`}</h3>
      {ask.purpose && <p class="dice-purpose" data-testid="dice-purpose">{peopleWords(ask.purpose, view.seats)}</p>}
      <p class="dice-text muted small">{peopleWords(diceWords(ask), view.seats)}</p>
      {ask.parts.length > 1 && (
        <ul class="dice-parts" data-testid="dice-parts" aria-label="Who rolls which dice">
          {ask.parts.map((p, k) => (
            <li data-part={k} data-part-seat={p.seat ?? ""} class={p.entered ? "in" : ""}>
              <span>{partWords(p.first, p.count)}</span>
              <span class="muted small">{p.seat !== null ? name(p.seat) : p.entered_by.map(name).join(" or ")}</span>
              <strong>{p.entered ? p.entered.join(" ") : "…"}</strong>
            </li>
          ))}
        </ul>
      )}
      {mine &&
        ask.dice.map((d, i) => !myDice.has(i) ? null : (
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

/** The part of the pending roll that `seat` entered and may still take
 * back, if any (the last one). */
function ownPart(view: MatchView, seat: number | null) {
  if (seat === null || !view.dice) return null;
  return [...view.dice.parts].reverse().find((p) => p.entered !== null && p.entered_by.includes(seat)) ?? null;
}

/** The seat held on this screen whose own last decision may be taken back
 * although the table has turned to another (hot seat, with real dice or in
 * companion mode), or `null`; the server judges the undo. A part of a roll
 * another held seat entered counts first. */
export function heldUndoSeat(view: MatchView, held?: Map<number, string>): number | null {
  if (view.can_undo || !held || (view.dice_mode !== "real" && !view.companion)) return null;
  const part = view.dice?.parts.find((p) => p.entered !== null && p.entered_by.some((s) => s !== view.you && held.has(s)));
  if (part) return part.entered_by.find((s) => s !== view.you && held.has(s)) ?? null;
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
  const part = ownPart(view, other ?? view.you);
  const shown = part?.entered
    ? part.entered.join(" ")
    : last && last.index === view.len - 1 && last.action
      ? last.action.replace(/^dice /, "")
      : null;
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
