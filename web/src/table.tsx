// The game table: the board of the match's game, the turn banner, the
// "why not?" card, the game's controls and the event log, live.
import { useEffect, useState } from "preact/hooks";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { MatchView } from "@bindings/MatchView";
import { api, ApiFailure } from "./api";
import { useMatch } from "./live";
import { linkClick, navigate } from "./router";
import { remember } from "./store";
import { ActionList, EventLog, SeatChips, TurnBanner, WhyNot, type GameProps, type GameUI } from "./ui";
import { GAMES } from "./games";

/** The table of a game: its own web table, or the generic one. */
export const tableOf = (game: string): ((p: GameProps) => GameUI) => GAMES[game]?.table ?? useGeneric;

export function TablePage({ id, token, seat, watch }: { id: string; token: string | null; seat: number | null; watch: boolean }) {
  const live = useMatch(id, watch ? null : token, watch ? null : seat, watch);
  const { view } = live;
  useEffect(() => {
    if (view) document.title = `${view.game_name} · Arbiter`;
  }, [view?.game_name]);
  if (live.loadError)
    return (
      <div class="page narrow">
        <TopBar />
        <div class="panel">
          <h2>This table cannot be opened</h2>
          <WhyNot error={live.loadError} />
          <a class="btn" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
            Back to the lobby
          </a>
        </div>
      </div>
    );
  if (!view)
    return (
      <div class="page narrow">
        <TopBar />
        <div class="loading">Opening the table…</div>
      </div>
    );
  return <Table view={view} live={live} />;
}

function Table({ view, live }: { view: MatchView; live: ReturnType<typeof useMatch> }) {
  const useGame = tableOf(view.game);
  const props: GameProps = {
    view,
    obs: view.observation,
    config: live.config,
    legal: view.legal,
    interactive: view.your_turn && !live.pending,
    act: live.act,
    steps: live.steps,
    mode: "live",
  };
  const ui = useGame(props);
  return (
    <div class={`page table-page game-${view.game}`} data-len={view.len} data-your-turn={String(view.your_turn)} data-over={String(!!view.outcome)}>
      <TopBar>
        <span class="game-title">{view.game_name}</span>
        <SeatChips view={view} />
        <span class={`conn ${live.connected ? "on" : "off"}`} title={live.connected ? "live" : "reconnecting…"} data-testid="conn">
          {live.connected ? "live" : "reconnecting…"}
        </span>
      </TopBar>
      <div class="layout">
        <section class="stage">{ui.board}</section>
        <aside class="side">
          <TurnBanner view={view} prompt={ui.prompt} pending={live.pending} />
          {view.problem && <div class="problem">⚠ {view.problem}</div>}
          {live.refusal && <WhyNot error={live.refusal} action={actionWords(view, live.refusal.action)} onClose={live.clearRefusal} />}
          {ui.panel}
          <ActionList legal={view.legal} labels={view.legal_text} total={view.legal_total} act={(a) => void live.act(a)} enabled={props.interactive} />
          <EventLog steps={live.steps} seats={view.seats} />
          <MatchLinks view={view} held={live.held} />
        </aside>
      </div>
      {ui.below}
    </div>
  );
}

/** A refused action in words (the game's notation when it was a listed
 * action), short enough for the "why not?" card. */
function actionWords(view: MatchView, a: unknown): string {
  const i = view.legal.findIndex((l) => JSON.stringify(l) === JSON.stringify(a));
  const words = i >= 0 ? (view.legal_text[i] ?? "") : typeof a === "string" ? a : JSON.stringify(a);
  return words.length > 90 ? `${words.slice(0, 88)}…` : words;
}

/** The table of a game without a web table of its own: what the viewer
 * observes, and the legal actions (below the board) in the game's notation. */
function useGeneric(p: GameProps): GameUI {
  return {
    board: (
      <div class="panel generic-board" data-testid="generic-board">
        <pre>{JSON.stringify(p.obs, null, 1)}</pre>
      </div>
    ),
  };
}

function MatchLinks({ view, held }: { view: MatchView; held: Map<number, string> }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (what: string, path: string) => {
    const url = `${location.origin}${path}`;
    navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(what);
    setTimeout(() => setCopied(null), 1500);
  };
  const open = view.seats.filter((s) => s.open);
  return (
    <section class="panel links">
      <h3>Share</h3>
      {open.map((s) => (
        <div class="link-row">
          <span>Invite a player as {s.name}</span>
          <input readOnly value={`${location.origin}/join/${view.id}?seat=${s.seat}`} onFocus={(e) => (e.target as HTMLInputElement).select()} data-testid={`invite-${s.seat}`} />
          <button class="btn small" onClick={() => copy(`invite-${s.seat}`, `/join/${view.id}?seat=${s.seat}`)}>
            {copied === `invite-${s.seat}` ? "Copied" : "Copy"}
          </button>
        </div>
      ))}
      <div class="link-row">
        <span>Spectators</span>
        <input readOnly value={`${location.origin}/m/${view.id}?watch`} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button class="btn small" onClick={() => copy("watch", `/m/${view.id}?watch`)}>
          {copied === "watch" ? "Copied" : "Copy"}
        </button>
      </div>
      {held.size > 1 && (
        <p class="muted">
          This screen holds {held.size} seats of this match and plays whichever of them is to decide.
        </p>
      )}
      <div class="row">
        <a class="btn small" href={`/replay/${view.id}`} onClick={(e) => linkClick(e as MouseEvent, `/replay/${view.id}`)}>
          {view.outcome ? "Replay" : "Replay so far"}
        </a>
        <a class="btn small" href={`/api/matches/${view.id}/record`} download={`arbiter-${view.game}-${view.id}.json`}>
          Export record
        </a>
        <a class="btn small ghost" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
          Lobby
        </a>
      </div>
    </section>
  );
}

export function TopBar({ children }: { children?: preact.ComponentChildren }) {
  return (
    <header class="topbar">
      <a class="brand" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
        <span class="brand-mark">⚖</span> Arbiter
      </a>
      {children}
    </header>
  );
}

/** `/join/{id}`: takes an open seat and opens its table. */
export function JoinPage({ id, seat }: { id: string; seat: number | null }) {
  const [error, setError] = useState<ErrorBody | null>(null);
  useEffect(() => {
    (async () => {
      try {
        const v = await api.view(id);
        const j = await api.join(id, seat ?? undefined);
        remember({ id, game: v.game, seat: j.seat, token: j.token, name: v.seats[j.seat]?.name ?? "" });
        navigate(`/m/${id}?token=${j.token}`, true);
      } catch (e) {
        setError(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
      }
    })();
  }, [id, seat]);
  return (
    <div class="page narrow">
      <TopBar />
      <div class="panel">
        {error ? (
          <>
            <h2>Could not take a seat</h2>
            <WhyNot error={error} />
            <div class="row">
              <a class="btn" href={`/m/${id}?watch`} onClick={(e) => linkClick(e as MouseEvent, `/m/${id}?watch`)}>
                Watch instead
              </a>
              <a class="btn ghost" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
                Lobby
              </a>
            </div>
          </>
        ) : (
          <div class="loading">Taking your seat…</div>
        )}
      </div>
    </div>
  );
}
