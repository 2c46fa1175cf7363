// The game table: the board of the match's game, the turn banner, the
// "why not?" card, the game's controls and the event log, live.
import { useEffect, useState } from "preact/hooks";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { CreateMatch } from "@bindings/CreateMatch";
import type { MatchView } from "@bindings/MatchView";
import { api, ApiFailure } from "./api";
import { useMatch } from "./live";
import { linkClick, navigate } from "./router";
import { lastName, remember, rememberName } from "./store";
import { ActionList, EventLog, SeatChips, TurnBanner, WhyNot, type GameProps, type GameUI } from "./ui";
import { GAMES } from "./games";
import { DicePad, UndoRoll } from "./dice";

/** The table of a game: its own web table, or the generic one. */
export const tableOf = (game: string): ((p: GameProps) => GameUI) => GAMES[game]?.table ?? useGeneric;

export function TablePage({ id, token, seat, watch }: { id: string; token: string | null; seat: number | null; watch: boolean }) {
  const live = useMatch(id, watch ? null : token, watch ? null : seat, watch);
  const { view } = live;
  const title = view ? `${turnWords(view)} · ${view.game_name} · Arbiter` : "Arbiter";
  useEffect(() => {
    document.title = title;
  }, [title]);
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
  // One screen for several seats (hot seat): in a game with secrets, the
  // screen is covered between two seats' decisions until the next player
  // says they hold the device.
  const hotseat = live.held.size > 1;
  const [shown, setShown] = useState<number | null>(view.you);
  const cover = hotseat && !!GAMES[view.game]?.secrets && !view.outcome && view.you !== null && view.you !== shown;
  if (cover) return <PassDevice view={view} onReady={() => setShown(view.you)} />;
  return <TableShown view={view} live={live} hotseat={hotseat} />;
}

/** "Pass the device to X": what a screen holding several seats of a game
 * with secrets shows between two seats' decisions, so that nobody sees the
 * other's hand. */
function PassDevice({ view, onReady }: { view: MatchView; onReady: () => void }) {
  const name = view.you !== null ? (view.seats[view.you]?.name ?? `P${view.you + 1}`) : "";
  return (
    <div class={`page table-page game-${view.game}`} data-testid="pass-device" data-len={view.len}>
      <TopBar>
        <span class="game-title">{view.game_name}</span>
      </TopBar>
      <section class="panel hotseat-pass">
        <h2>Pass the device to {name}</h2>
        <p class="muted">{name}'s cards stay hidden until {name} holds the screen.</p>
        <button class="btn primary big" data-testid="pass-ready" onClick={onReady}>
          I am {name}: show my side
        </button>
      </section>
    </div>
  );
}

function TableShown({ view, live, hotseat }: { view: MatchView; live: ReturnType<typeof useMatch>; hotseat: boolean }) {
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
    <div
      class={`page table-page game-${view.game} ${hotseat ? "hotseat" : ""}`}
      data-len={view.len}
      data-your-turn={String(view.your_turn)}
      data-over={String(!!view.outcome)}
      data-you={view.you ?? ""}
      data-dice={view.dice_mode}
    >
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
          <DicePad view={view} pending={live.pending} roll={live.roll} />
          <UndoRoll view={view} pending={live.pending} undo={live.undo} held={live.held} />
          {ui.panel}
          <ActionList legal={view.legal} labels={view.legal_text} total={view.legal_total} act={(a) => void live.act(a)} enabled={props.interactive} />
          <EventLog steps={live.steps} seats={view.seats} words={GAMES[view.game]?.actionWords} />
          {view.outcome && <Rematch view={view} held={live.held} variant={live.config?.variant} />}
          <MatchLinks view={view} held={live.held} />
        </aside>
      </div>
      {ui.below}
    </div>
  );
}

/** Whose turn it is, short enough for a page title (a background tab shows it). */
export function turnWords(view: MatchView): string {
  const name = (i: number) => view.seats[i]?.name ?? `seat ${i + 1}`;
  if (view.outcome) {
    const o = view.outcome;
    if (o.draw) return "Draw";
    if (view.you !== null && o.winners.includes(view.you)) return "You win";
    return o.winners.length ? `${o.winners.map(name).join(" & ")} ${o.winners.length > 1 ? "win" : "wins"}` : "Game over";
  }
  if (view.your_turn) return view.turn.kind === "together" ? "Your secret choice" : "Your turn";
  if (view.turn.kind === "together") return `Waiting for ${view.turn.seats.map(name).join(" and ")}`;
  if (view.turn.kind === "seat") {
    const s = view.seats[view.turn.seat];
    if (s?.open) return `Waiting for a player to join as ${s.name}`;
    if (s && !s.human) return `${s.name} is thinking`;
    return `Waiting for ${name(view.turn.seat)}`;
  }
  return "Waiting";
}

/** A refused action in words (the game's notation when it was a listed
 * action), short enough for the "why not?" card. */
export function actionWords(view: MatchView, a: unknown): string {
  const i = view.legal.findIndex((l) => JSON.stringify(l) === JSON.stringify(a));
  const words = i >= 0 ? (view.legal_text[i] ?? "") : humanize(a);
  return words.length > 90 ? `${words.slice(0, 88)}…` : words;
}

/** An action that is not one of the listed ones, in words rather than JSON:
 * `{"Place": {"terrain": {"piece": 0, "at": {"x": 12, "y": 3}}}}` reads
 * "place terrain: piece 0, at 12, 3". */
export function humanize(a: unknown): string {
  const word = (k: string) => k.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  const go = (v: unknown): string => {
    if (v === null || v === undefined) return "none";
    if (typeof v === "number") return num(v);
    if (typeof v === "string") return word(v);
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (Array.isArray(v)) return v.map(go).join(", ");
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== null && x !== undefined);
    if (entries.length === 1 && typeof entries[0][1] === "object" && !Array.isArray(entries[0][1])) return `${word(entries[0][0])} ${go(entries[0][1])}`;
    if (entries.every(([k, x]) => (k === "x" || k === "y") && typeof x === "number")) return entries.map(([, x]) => num(x as number)).join(", ");
    return entries.map(([k, x]) => `${word(k)} ${go(x)}`).join(", ");
  };
  return go(a);
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

/** After the end: the same game again, with the same variant and players —
 * the seats this screen holds are its again, the AI seats the same AI, and a
 * friend's seat is open again (its invitation link in Share). */
function Rematch({ view, held, variant }: { view: MatchView; held: Map<number, string>; variant: unknown }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorBody | null>(null);
  if (view.you === null) return null;
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const m = await api.create({
        game: view.game,
        variant: (variant ?? undefined) as CreateMatch["variant"],
        seats: view.seats.map((s) =>
          !s.human ? { controller: s.controller, name: s.name } : { controller: "human", name: s.name, open: !held.has(s.seat) },
        ),
        dice: view.dice_mode === "real" ? "real" : undefined,
      });
      let first: string | null = null;
      for (const g of m.seats) {
        if (g.token) {
          remember({ id: m.id, game: m.game, seat: g.seat, token: g.token, name: g.name });
          first ??= g.token;
        }
      }
      navigate(first ? `/m/${m.id}?token=${first}` : `/m/${m.id}?watch`);
    } catch (e) {
      setError(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel rematch">
      <button class="btn primary" onClick={go} disabled={busy || variant === undefined} data-testid="rematch">
        {busy ? "Setting up the table…" : "Rematch"}
      </button>{" "}
      <span class="muted small">the same game and players{view.seats.some((s) => s.human && !held.has(s.seat)) ? "; send your friend the new invitation" : ""}</span>
      {error && <WhyNot error={error} onClose={() => setError(null)} />}
    </section>
  );
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
          <input readOnly aria-label={`Invitation link for ${s.name}`} value={`${location.origin}/join/${view.id}?seat=${s.seat}`} onFocus={(e) => (e.target as HTMLInputElement).select()} data-testid={`invite-${s.seat}`} />
          <button class="btn small" onClick={() => copy(`invite-${s.seat}`, `/join/${view.id}?seat=${s.seat}`)}>
            {copied === `invite-${s.seat}` ? "Copied" : "Copy"}
          </button>
        </div>
      ))}
      <div class="link-row">
        <span>Spectators</span>
        <input readOnly aria-label="Spectators' link" value={`${location.origin}/m/${view.id}?watch`} onFocus={(e) => (e.target as HTMLInputElement).select()} />
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

/** `/join/{id}`: asks the player's name (the last one used here, filled
 * in), takes an open seat under it and opens its table. */
export function JoinPage({ id, seat }: { id: string; seat: number | null }) {
  const [error, setError] = useState<ErrorBody | null>(null);
  const [view, setView] = useState<MatchView | null>(null);
  const [name, setName] = useState(lastName);
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) => setError(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
  useEffect(() => {
    api.view(id).then(setView, fail);
  }, [id]);
  const open = view?.seats.filter((s) => s.open) ?? [];
  const target = view ? (seat !== null ? view.seats[seat] : open[0]) : undefined;
  useEffect(() => {
    document.title = view ? `Join ${view.game_name} · Arbiter` : "Join a game · Arbiter";
  }, [view?.game_name]);
  const join = async (e: Event) => {
    e.preventDefault();
    if (!view) return;
    setBusy(true);
    setError(null);
    try {
      const j = await api.join(id, seat ?? undefined, name.trim() || undefined);
      if (name.trim()) rememberName(name.trim());
      remember({ id, game: view.game, seat: j.seat, token: j.token, name: j.name });
      navigate(`/m/${id}?token=${j.token}`, true);
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };
  // The seat is gone (taken, the game over): nothing to ask.
  const gone = view && (!target || !target.open || view.outcome);
  const others = view?.seats.filter((s) => s.seat !== target?.seat && s.human && !s.open).map((s) => s.name) ?? [];
  return (
    <div class="page narrow">
      <TopBar />
      <div class="panel">
        {view && !gone ? (
          <form class="join-form" onSubmit={join} data-testid="join-form">
            <h2>Join {view.game_name}</h2>
            <p class="muted">
              {others.length ? `${others.join(" and ")} invited you` : "You are invited"}
              {/^P\d+$/.test(target!.name) ? ` to take seat ${target!.seat + 1}` : ` to play as ${target!.name}`}. The other players see the name you give here.
            </p>
            <label class="field">
              <span>Your name</span>
              <input
                name="join-name"
                data-testid="join-name"
                autoFocus
                maxLength={40}
                placeholder="your name"
                value={name}
                onInput={(e) => setName((e.target as HTMLInputElement).value)}
              />
            </label>
            {error && <WhyNot error={error} onClose={() => setError(null)} />}
            <div class="row">
              <button class="btn primary" type="submit" disabled={busy} data-testid="join-submit">
                {busy ? "Taking your seat…" : "Take the seat"}
              </button>
              <a class="btn ghost" href={`/m/${id}?watch`} onClick={(e) => linkClick(e as MouseEvent, `/m/${id}?watch`)}>
                Watch instead
              </a>
            </div>
          </form>
        ) : error || gone ? (
          <>
            <h2>Could not take a seat</h2>
            <WhyNot error={error ?? { error: "conflict", message: view?.outcome ? "the game is over" : "this seat has been taken", refusal: null }} />
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
          <div class="loading">Opening the invitation…</div>
        )}
      </div>
    </div>
  );
}
