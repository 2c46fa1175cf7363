// Kuhn poker: each player's card (yours face up, the other face down until
// a showdown), the pot, the betting so far, and the two decisions in poker
// words (check or bet; call or fold).
import type { Observation } from "@bindings/games/kuhn/Observation";
import type { Card } from "@bindings/games/kuhn/Card";
import type { GameProps, GameUI } from "../ui";
import "./cards.css";

const LETTER: Record<Card, string> = { jack: "J", queen: "Q", king: "K" };

export function useKuhn(p: GameProps): GameUI {
  const o = p.obs as Observation | null;
  if (!o) return { board: <div class="board-missing">No position.</div> };
  const me = p.view.you ?? 0;
  const them = me === 0 ? 1 : 0;
  const name = (s: number) => p.view.seats[s]?.name ?? `P${s + 1}`;
  const facing = o.history[o.history.length - 1] === "bet";
  const card = (s: number) => {
    const c = o.cards[s];
    return (
      <div class={`pcard big ${c ? "" : "back"}`} data-testid={`card-${s}`} data-card={c ?? ""}>
        {c ? LETTER[c] : o.dealt[s] ? "" : "—"}
      </div>
    );
  };
  const words = (a: unknown) => (a === "bet" ? (facing ? "Call" : "Bet 1") : facing ? "Fold" : "Check");
  const board = (
    <div class="kuhn" data-testid="kuhn-board">
      <div class="kuhn-seat">
        <span>{name(them)}</span>
        {card(them)}
        <span class="muted small">{o.stakes[them]} in the pot</span>
      </div>
      <div class="kuhn-pot">
        pot {o.stakes[0] + o.stakes[1]}
        <div class="muted small">{o.history.length ? o.history.join(" · ") : "no bet yet"}</div>
      </div>
      <div class="kuhn-seat">
        <span>{p.view.you === null ? name(me) : "You"}</span>
        {card(me)}
        <span class="muted small">{o.stakes[me]} in the pot</span>
      </div>
      {p.interactive && (
        <div class="row kuhn-actions">
          {p.legal.map((a) => (
            <button class="btn primary" data-action={String(a)} onClick={() => void p.act(a)}>
              {words(a)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
  return { board, prompt: p.interactive ? (facing ? "Call the bet or fold?" : "Check or bet 1?") : null };
}
