// Goofspiel: the prize on the table, the prizes to come, both hands (the
// other player's is public: every bid is shown after its round), this
// round's bids face down, and the rounds so far. Bid by clicking a card of
// your hand; your bid stays yours until the other player has bid too.
import type { Observation } from "@bindings/games/goofspiel/Observation";
import type { GameProps, GameUI } from "../ui";
import { Panel } from "../ui";
import "./cards.css";

function Card({ value, cls = "", onClick, testid }: { value: number | null; cls?: string; onClick?: () => void; testid?: string }) {
  return (
    <button class={`pcard ${value === null ? "back" : ""} ${cls}`} disabled={!onClick} onClick={onClick} data-card={value ?? ""} data-testid={testid}>
      {value ?? ""}
    </button>
  );
}

export function useGoofspiel(p: GameProps): GameUI {
  const o = p.obs as Observation | null;
  if (!o) return { board: <div class="board-missing">No position.</div> };
  const me = p.view.you ?? 0;
  const them = me === 0 ? 1 : 0;
  const name = (s: number) => p.view.seats[s]?.name ?? `P${s + 1}`;
  const bidOf = (s: number) =>
    o.bids[s] !== null ? (
      <Card value={o.bids[s]} cls="mine" testid={`bid-${s}`} />
    ) : o.committed[s] ? (
      <Card value={null} testid={`bid-${s}`} />
    ) : (
      <span class="muted" data-testid={`bid-${s}`}>
        {o.prize === null ? "" : "to bid"}
      </span>
    );
  const canBid = p.interactive && o.bids[me] === null;
  const board = (
    <div class="goof" data-testid="goofspiel-board">
      <div class="goof-row">
        <span class="goof-who">{name(them)} · {o.points[them]} points</span>
        <div class="goof-hand theirs">
          {o.hands[them].map((c) => (
            <Card value={c} cls="small" />
          ))}
        </div>
      </div>
      <div class="goof-middle">
        <div class="goof-bid">{bidOf(them)}</div>
        <div class="goof-prize" data-testid="prize">
          <span class="muted small">prize</span>
          <Card value={o.prize} cls="prize" />
          <span class="muted small">to come: {o.prizes_left.join(" ") || "—"}</span>
        </div>
        <div class="goof-bid">{bidOf(me)}</div>
      </div>
      <div class="goof-row">
        <span class="goof-who">
          {p.view.you === null ? name(me) : "You"} · {o.points[me]} points
        </span>
        <div class="goof-hand mine" data-testid="hand">
          {o.hands[me].map((c) => (
            <Card value={c} onClick={canBid ? () => void p.act({ bid: c }) : undefined} testid={`hand-${c}`} />
          ))}
        </div>
      </div>
    </div>
  );
  const panel = (
    <Panel title="Rounds" cls="goof-rounds">
      {o.rounds.length === 0 ? (
        <p class="muted">No round played yet.</p>
      ) : (
        <table class="rounds" data-testid="rounds">
          <thead>
            <tr>
              <th>prize</th>
              <th>{name(0)}</th>
              <th>{name(1)}</th>
              <th>won by</th>
            </tr>
          </thead>
          <tbody>
            {o.rounds.map((r) => (
              <tr>
                <td>{r.prize}</td>
                <td>{r.bids[0]}</td>
                <td>{r.bids[1]}</td>
                <td>{r.winner === null ? "tie" : name(r.winner)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
  const prompt = canBid && o.prize !== null ? `The prize is ${o.prize}: bid a card of your hand, in secret.` : null;
  return { board, panel, prompt };
}
