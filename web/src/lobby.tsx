// The lobby: start a game (game, variant or edition, seats human or AI with
// a strength, figure sets for Ephemeral), my games from the tokens kept in
// this browser, open games to join, live games to watch, join by link.
import { useEffect, useLayoutEffect, useMemo, useState } from "preact/hooks";
import type { GameInfo } from "@bindings/GameInfo";
import type { OptionInfo } from "@bindings/OptionInfo";
import type { MatchList } from "@bindings/MatchList";
import type { MatchSummary } from "@bindings/MatchSummary";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { CreateMatch } from "@bindings/CreateMatch";
import type { JsonValue } from "@bindings/serde_json/JsonValue";
import { api, ApiFailure } from "./api";
import { linkClick, navigate } from "./router";
import { forget, held, lastName, remember, rememberName } from "./store";
import { TopBar } from "./table";
import { WhyNot } from "./ui";
import { GAMES } from "./games";
import { botLabel, useGames } from "./registry";

type SeatKind = "me" | "open" | "ai";
interface SeatForm {
  kind: SeatKind;
  name: string;
  bot: string;
}

/** An option's value in the form: a flag's boolean, a choice's string, a number. */
type OptionValue = boolean | string | number;

/** The form's starting values: the standard variant's. */
function defaults(info: GameInfo): Record<string, OptionValue> {
  const standard = (info.default_variant ?? {}) as Record<string, unknown>;
  const values: Record<string, OptionValue> = {};
  for (const o of info.options) {
    const v = standard[o.key];
    if (o.kind === "flag") values[o.key] = v === true;
    else if (o.kind === "choice") values[o.key] = typeof v === "string" ? v : (o.choices[0]?.value ?? "");
    else if (o.kind === "number") values[o.key] = typeof v === "number" ? v : (o.default ?? 0);
  }
  return values;
}

/** The variant's JSON from the form: each option sets its field. */
function variantJson(info: GameInfo, values: Record<string, OptionValue>): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const o of info.options) {
    const x = values[o.key];
    if (x === undefined || o.kind === "file" || (o.kind === "choice" && x === "")) continue;
    v[o.key] = x;
  }
  return v;
}

export function Lobby() {
  const games = useGames();
  const error: ErrorBody | null = null;
  useEffect(() => {
    document.title = "Lobby · Arbiter";
  }, []);
  return (
    <div class="page lobby">
      <TopBar>
        <span class="tagline">a referee that knows every rule</span>
      </TopBar>
      <div class="lobby-grid">
        <NewGame games={games} />
        <div class="lobby-lists">
          <section class="panel builder-card">
            <h3>Figure-set builder</h3>
            <p class="muted small">Build an Ephemeral Path figure set from the ability catalogue, checked against every construction rule as you type; print its spec sheets, or play it against the AI.</p>
            <a class="btn small" href="/build/ephemeral" onClick={(e) => linkClick(e as MouseEvent, "/build/ephemeral")}>
              Open the builder
            </a>
          </section>
          <section class="panel builder-card" data-testid="p2v-builder-card">
            <h3>Warband builder · Path 2 Victory</h3>
            <p class="muted small">Build a Path 2 Victory warband from the bestiary (or your own imported cards): play mode, alignment and points checked against the v1.3 rules as you type, then print its warband sheets or take it to the table.</p>
            <a class="btn small" href="/build/p2v" onClick={(e) => linkClick(e as MouseEvent, "/build/p2v")}>
              Open the warband builder
            </a>
          </section>
          <section class="panel builder-card" data-testid="reports-card">
            <h3>Balance reports</h3>
            <p class="muted small">Thousands of bot games per question: first-player advantage, win rates by variant and figure set, game lengths — plots with their error bars, from <code>arbiter lab</code>.</p>
            <a class="btn small" href="/reports">
              Open the reports
            </a>
          </section>
          <JoinByLink />
          <Lists games={games} />
        </div>
      </div>
      {error && <WhyNot error={error} />}
    </div>
  );
}

function NewGame({ games }: { games: GameInfo[] }) {
  const [game, setGame] = useState("essence");
  const info = games.find((g) => g.id === game);
  const [values, setValues] = useState<Record<string, OptionValue>>({});
  const [extra, setExtra] = useState<{ json: Record<string, unknown> | null; error: string | null }>({ json: {}, error: null });
  const [players, setPlayers] = useState(2);
  const [seats, setSeats] = useState<SeatForm[]>([]);
  const [seed, setSeed] = useState("");
  // Real dice: the players roll at the table and tap what the dice show.
  const [realDice, setRealDice] = useState(false);
  const realDiceOffered = !!info?.has_chance && !info?.has_hidden_information;
  // Companion mode: real figures on a real table, measured by the server (Ephemeral Path).
  const [companion, setCompanion] = useState(false);
  const companionOffered = game === "ephemeral";
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorBody | null>(null);

  // The form follows the game: its options' standard values, its seats.
  // Layout effects, so the standard values are in place before the form is
  // painted: a value typed right after choosing the game is never reset.
  useLayoutEffect(() => {
    if (!info) return;
    setValues(defaults(info));
    // A game with a variant editor of its own (Ephemeral's figure sets) gives
    // `extra` itself when the editor mounts, in an effect that runs before
    // this one: resetting it here would drop the sets.
    if (!GAMES[game]?.variantEditor) setExtra({ json: {}, error: null });
    setError(null);
    setPlayers(info.default_seats);
  }, [game, info?.id]);
  // Seat rows follow the game and the number of players.
  useLayoutEffect(() => {
    if (!info) return;
    setSeats((old) =>
      Array.from({ length: players }, (_, i) => {
        const o = old[i];
        if (o && info.bots.some((b) => b.spec === o.bot)) return o;
        return { kind: i === 0 ? "me" : "ai", name: o?.name ?? (i === 0 ? lastName() : ""), bot: info.default_bot };
      }),
    );
  }, [game, info?.id, players]);

  const variant = useMemo(() => (info ? variantJson(info, values) : {}), [info, values]);
  // A seed may be chosen only with at most one human seat (the server refuses
  // it otherwise: whoever knows the seed knows every roll).
  const humans = seats.filter((s) => s.kind !== "ai").length;
  const seedAllowed = humans <= 1;
  // A match of bots only is hosted only where the server allows it.
  const botsOnly = !!info && humans === 0 && !info.bot_matches;
  const Editor = GAMES[game]?.variantEditor;

  const create = async () => {
    if (!info) return;
    setBusy(true);
    setError(null);
    try {
      if (extra.error || !extra.json) throw new ApiFailure(422, { error: "invalid", message: extra.error ?? "incomplete", refusal: null });
      const req: CreateMatch = {
        game,
        variant: { ...variant, ...extra.json } as JsonValue,
        seats: seats.map((s, i) =>
          s.kind === "ai"
            ? { controller: s.bot, name: `AI · ${botLabel(info, s.bot)}` }
            : { controller: "human", name: s.name.trim() || (s.kind === "me" ? `Player ${i + 1}` : `P${i + 1}`), open: s.kind === "open" },
        ),
        seed: seedAllowed && seed.trim() && /^\d+$/.test(seed.trim()) ? Number(seed.trim()) : undefined,
        dice: realDiceOffered && realDice ? "real" : undefined,
        companion: companionOffered && companion ? true : undefined,
      };
      const mine = seats.find((s) => s.kind === "me")?.name.trim();
      if (mine) rememberName(mine);
      const m = await api.create(req);
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

  const field = (o: OptionInfo) => {
    const v = values[o.key];
    const set = (x: OptionValue) => setValues({ ...values, [o.key]: x });
    switch (o.kind) {
      case "flag":
        return (
          <label class="check" title={o.help}>
            <input type="checkbox" name={o.key} checked={v === true} onChange={(e) => set((e.target as HTMLInputElement).checked)} />
            {o.label}
          </label>
        );
      case "choice":
        return (
          <label class="field" title={o.help}>
            <span>{o.label}</span>
            <select name={o.key} value={String(v ?? "")} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
              {o.choices.map((c) => (
                <option value={c.value}>{c.label}</option>
              ))}
            </select>
          </label>
        );
      case "number":
        return (
          <label class="field" title={o.help}>
            <span>{o.label}</span>
            <input
              type="number"
              name={o.key}
              min={o.min ?? undefined}
              max={o.max ?? undefined}
              value={Number(v ?? o.default ?? 0)}
              onInput={(e) => set(Number((e.target as HTMLInputElement).value))}
            />
          </label>
        );
      default:
        return null;
    }
  };
  const flags = info?.options.filter((o) => o.kind === "flag") ?? [];
  const others = info?.options.filter((o) => o.kind === "choice" || o.kind === "number") ?? [];

  return (
    <section class="panel new-game" data-testid="new-game">
      <h2>New game</h2>
      <div class="game-tabs" role="tablist">
        {games.map((g) => (
          <button role="tab" aria-selected={g.id === game} class={`game-tab tab-${g.id} ${g.id === game ? "on" : ""}`} data-game={g.id} onClick={() => setGame(g.id)}>
            <span class="tab-name">{g.name}</span>
            <span class="tab-blurb">{g.blurb}</span>
          </button>
        ))}
      </div>
      <div class="form-block">
        <h4>Rules</h4>
        {flags.length > 0 && <div class="checks">{flags.map(field)}</div>}
        {realDiceOffered && (
          <div class="checks">
            <label class="check" title="Each roll is asked of the player whose roll it is, who rolls real dice and taps what they show">
              <input type="checkbox" name="real-dice" checked={realDice} onChange={(e) => setRealDice((e.target as HTMLInputElement).checked)} />
              real dice (we roll at the table)
            </label>
            {companionOffered && (
              <label class="check" title="Move the real figures and tell the table where they stand; it measures, checks sight and range, and cites the rule">
                <input type="checkbox" name="companion" checked={companion} onChange={(e) => setCompanion((e.target as HTMLInputElement).checked)} />
                companion mode (real figures, the app measures)
              </label>
            )}
          </div>
        )}
        <div class="fields">
          {others.map(field)}
          {info && info.seats.length > 1 && (
            <label class="field">
              <span>Players</span>
              <select value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))} name="players">
                {info.seats.map((n) => (
                  <option value={n}>{n}</option>
                ))}
              </select>
            </label>
          )}
          {Editor && <Editor variant={variant} onChange={(json, error) => setExtra({ json, error })} />}
        </div>
      </div>
      <div class="form-block">
        <h4>Seats</h4>
        {seats.map((s, i) => (
          <div class={`seat-form seat-${i}`} data-seat={i}>
            <span class="seat-label">P{i + 1}</span>
            <select
              name={`seat${i}-kind`}
              aria-label={`Who plays P${i + 1}`}
              value={s.kind}
              onChange={(e) => {
                const next = seats.slice();
                next[i] = { ...s, kind: (e.target as HTMLSelectElement).value as SeatKind };
                setSeats(next);
              }}
            >
              <option value="me">Me, on this screen</option>
              <option value="open">A friend (invite link)</option>
              <option value="ai">AI</option>
            </select>
            {s.kind === "ai" ? (
              <select
                name={`seat${i}-bot`}
                aria-label={`P${i + 1}'s AI strength`}
                value={s.bot}
                onChange={(e) => {
                  const next = seats.slice();
                  next[i] = { ...s, bot: (e.target as HTMLSelectElement).value };
                  setSeats(next);
                }}
              >
                {(info?.bots ?? []).map((b) => (
                  <option value={b.spec}>{b.label}</option>
                ))}
              </select>
            ) : (
              <input
                name={`seat${i}-name`}
                aria-label={s.kind === "me" ? `P${i + 1}: your name` : `P${i + 1}: their name (optional)`}
                placeholder={s.kind === "me" ? "your name" : "their name (optional)"}
                maxLength={40}
                value={s.name}
                onInput={(e) => {
                  const next = seats.slice();
                  next[i] = { ...s, name: (e.target as HTMLInputElement).value };
                  setSeats(next);
                }}
              />
            )}
            {s.kind === "open" && (
              <p class="seat-note muted small" data-testid={`open-note-${i}`}>
                The friend you send the link to is asked for their name when they open it (the name typed here until then). You may play your decisions
                before they join; when it is their turn, the game waits until they take the seat.
              </p>
            )}
          </div>
        ))}
        <details class="advanced">
          <summary>Advanced</summary>
          {seedAllowed ? (
            <label class="field">
              <span>Seed (dice and bots)</span>
              <input value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} placeholder="random" name="seed" />
            </label>
          ) : (
            <p class="muted small" data-testid="seed-note">
              With two people at the table the server draws a secret seed for the dice and shows it when the game ends, so nobody can know a roll
              before it is made. A seed can be chosen only for a game against the AI.
            </p>
          )}
        </details>
      </div>
      {error && <WhyNot error={error} onClose={() => setError(null)} />}
      {botsOnly && (
        <p class="muted small" role="status" data-testid="bots-only-note">
          This server does not host games between bots only: make at least one seat yours or a friend's.
        </p>
      )}
      <button class="btn primary big" disabled={busy || !info || botsOnly} onClick={create} data-testid="create">
        {busy ? "Setting up the table…" : `Play ${info?.name ?? game}`}
      </button>
      {info && (
        <p class="muted small">
          {info.has_chance ? "The server rolls every die from a secret seed it shows when the game ends, so anyone can check the rolls. " : ""}
          {info.has_hidden_information ? "Each player sees only what the rules let them see. " : ""}
          Every move is checked by the rules; a refused move says which rule and why.
        </p>
      )}
    </section>
  );
}

function JoinByLink() {
  const [text, setText] = useState("");
  const go = () => {
    const t = text.trim();
    try {
      const u = new URL(t, location.origin);
      if (/^\/(m|join|replay)\//.test(u.pathname)) return navigate(u.pathname + u.search);
    } catch {
      /* not a link */
    }
    if (/^[0-9a-f]{16}$/i.test(t)) navigate(`/join/${t}`);
  };
  return (
    <section class="panel join-link">
      <h3>Join by link</h3>
      <div class="row">
        <input aria-label="An invitation or table link" data-testid="join-link" placeholder="paste an invitation or table link" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} onKeyDown={(e) => e.key === "Enter" && go()} />
        <button class="btn" onClick={go}>
          Go
        </button>
      </div>
    </section>
  );
}

function Lists({ games }: { games: GameInfo[] }) {
  const [list, setList] = useState<MatchList | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let stop = false;
    const tokens = held().map((h) => h.token).slice(0, 32);
    api.list(tokens).then(
      (l) => !stop && setList(l),
      () => undefined,
    );
    const t = setTimeout(() => setTick((x) => x + 1), 5000);
    return () => {
      stop = true;
      clearTimeout(t);
    };
  }, [tick]);
  const mine = held();
  const tokenOf = (m: MatchSummary) => mine.find((h) => h.id === m.id && h.seat === m.your_seat)?.token;
  const seen = new Set<string>();
  const myGames = (list?.mine ?? []).filter((m) => !seen.has(m.id) && seen.add(m.id));
  return (
    <>
      <section class="panel">
        <h3>My games</h3>
        {myGames.length === 0 && <p class="muted">Games you start or join on this browser appear here.</p>}
        <ul class="match-list" data-testid="my-games">
          {myGames.map((m) => (
            <MatchRow m={m} games={games}>
              {m.finished ? (
                <a class="btn small" href={`/replay/${m.id}`} onClick={(e) => linkClick(e as MouseEvent, `/replay/${m.id}`)}>
                  Replay
                </a>
              ) : null}
              <a class="btn small primary" href={`/m/${m.id}?token=${tokenOf(m)}`} onClick={(e) => linkClick(e as MouseEvent, `/m/${m.id}?token=${tokenOf(m)}`)}>
                {m.finished ? "Open" : "Continue"}
              </a>
              <button class="icon-btn" title="Forget this game on this browser" onClick={() => (forget(m.id), setTick((x) => x + 1))}>
                ×
              </button>
            </MatchRow>
          ))}
        </ul>
      </section>
      <section class="panel">
        <h3>Open games</h3>
        {(list?.open.length ?? 0) === 0 && <p class="muted">No one is waiting for a player.</p>}
        <ul class="match-list" data-testid="open-games">
          {(list?.open ?? []).map((m) => (
            <MatchRow m={m} games={games}>
              <a class="btn small primary" href={`/join/${m.id}`} onClick={(e) => linkClick(e as MouseEvent, `/join/${m.id}`)}>
                Join
              </a>
            </MatchRow>
          ))}
        </ul>
      </section>
      <section class="panel">
        <h3>Live now</h3>
        {(list?.live.length ?? 0) === 0 && <p class="muted">No games in progress.</p>}
        <ul class="match-list">
          {(list?.live ?? []).slice(0, 12).map((m) => (
            <MatchRow m={m} games={games}>
              <a class="btn small" href={`/m/${m.id}?watch`} onClick={(e) => linkClick(e as MouseEvent, `/m/${m.id}?watch`)}>
                Watch
              </a>
            </MatchRow>
          ))}
        </ul>
      </section>
    </>
  );
}

function MatchRow({ m, games, children }: { m: MatchSummary; games: GameInfo[]; children: preact.ComponentChildren }) {
  const ago = Math.max(0, Math.round((Date.now() - m.created_at) / 60000));
  const status = m.finished
    ? m.outcome
      ? m.outcome.draw
        ? "draw"
        : `won by ${m.outcome.winners.map((w) => m.seats[w]?.name).join(" & ")}`
      : "finished"
    : m.turn?.kind === "seat"
      ? `${m.seats[m.turn.seat]?.name} to play`
      : m.turn?.kind === "together"
        ? `${m.turn.seats.map((s) => m.seats[s]?.name).join(" and ")} to choose`
        : "in progress";
  return (
    <li class={`match-row game-${m.game}`} data-match={m.id}>
      <span class="mr-game">{games.find((g) => g.id === m.game)?.name ?? m.game}</span>
      <span class="mr-seats">{m.seats.map((s) => (s.open ? "(open)" : s.name)).join(" vs ")}</span>
      <span class="mr-status">
        {status}
        {m.your_seat !== null ? ` · you are P${m.your_seat + 1}` : ""} · {ago < 1 ? "just now" : ago < 60 ? `${ago} min ago` : `${Math.round(ago / 60)} h ago`}
      </span>
      <span class="mr-actions">{children}</span>
    </li>
  );
}
