// The lobby: start a game (game, variant or edition, seats human or AI with
// a strength, figure sets for Ephemeral), my games from the tokens kept in
// this browser, open games to join, live games to watch, join by link.
import { useEffect, useMemo, useState } from "preact/hooks";
import { parse as parseToml } from "smol-toml";
import type { GameInfo } from "@bindings/GameInfo";
import type { MatchList } from "@bindings/MatchList";
import type { MatchSummary } from "@bindings/MatchSummary";
import type { ErrorBody } from "@bindings/ErrorBody";
import { api, ApiFailure, type Json } from "./api";
import { linkClick, navigate } from "./router";
import { forget, held, remember } from "./store";
import { TopBar } from "./table";
import { WhyNot } from "./ui";
import { loadSaved, toFile } from "./games/figure-set";
import emberCourt from "@sets/ember-court.toml?raw";
import tideWardens from "@sets/tide-wardens.toml?raw";
import glassOrchard from "@sets/glass-orchard.toml?raw";
import lanternPact from "@sets/lantern-pact.toml?raw";
import saltAndIron from "@sets/salt-and-iron.toml?raw";
import quarryGuild from "@sets/quarry-guild.toml?raw";
import gatewrights from "@sets/gatewrights.toml?raw";
import starfallChoir from "@sets/starfall-choir.toml?raw";
import mireStalkers from "@sets/mire-stalkers.toml?raw";

export const SHIPPED_SETS: Record<string, string> = {
  "ember-court": emberCourt,
  "tide-wardens": tideWardens,
  "glass-orchard": glassOrchard,
  "lantern-pact": lanternPact,
  "salt-and-iron": saltAndIron,
  "quarry-guild": quarryGuild,
  "gatewrights": gatewrights,
  "starfall-choir": starfallChoir,
  "mire-stalkers": mireStalkers,
};

const BLURB: Record<string, string> = {
  essence: "Dice are motes of power on a 5×5 board; the pips say where they move. Take every enemy mote.",
  ethia: "Leaders and squads on a walled board. Roll for actions, roll to move, roll to capture.",
  "ethia-worlds": "A co-operative quest: your leaders against the automated enemies of the Kingdom of Coyote.",
  ephemeral: "A skirmish on a 40 × 40 cm table without a grid. Forage dice, then reach the gate.",
};

interface Strength {
  label: string;
  bot: string;
}

export const STRENGTHS: Record<string, Strength[]> = {
  essence: [
    { label: "Beginner (random)", bot: "random" },
    { label: "Easy (greedy)", bot: "greedy" },
    { label: "Medium (MCTS, 0.3 s)", bot: "mcts:time=0.3" },
    { label: "Hard (alpha-beta, 1 s)", bot: "alphabeta:time=1" },
    { label: "Strongest (alpha-beta, 3 s)", bot: "alphabeta:time=3" },
  ],
  ethia: [
    { label: "Beginner (random)", bot: "random" },
    { label: "Easy (greedy)", bot: "greedy" },
    { label: "Medium (heuristic)", bot: "heuristic" },
    { label: "Strong (MCTS, 200 iterations)", bot: "mcts:iters=200" },
  ],
  "ethia-worlds": [
    { label: "Random", bot: "random" },
    { label: "Greedy", bot: "greedy" },
    { label: "Heuristic (best)", bot: "heuristic" },
  ],
  ephemeral: [
    { label: "Beginner (random)", bot: "random" },
    { label: "Easy (greedy)", bot: "greedy" },
    { label: "Medium (MCTS, 200 iterations)", bot: "mcts:iters=200" },
    { label: "Strong (heuristic)", bot: "heuristic" },
  ],
};
const DEFAULT_BOT: Record<string, string> = {
  essence: "alphabeta:time=1",
  ethia: "mcts:iters=200",
  "ethia-worlds": "heuristic",
  ephemeral: "heuristic",
};

type SeatKind = "me" | "open" | "ai";
interface SeatForm {
  kind: SeatKind;
  name: string;
  bot: string;
}

const GAME_LABEL: Record<string, string> = {
  essence: "Essence of the Arcane",
  ethia: "E'thia",
  "ethia-worlds": "E'thia Worlds",
  ephemeral: "Ephemeral Path",
};

export function Lobby() {
  const [games, setGames] = useState<GameInfo[]>([]);
  const [error, setError] = useState<ErrorBody | null>(null);
  useEffect(() => {
    document.title = "Arbiter · lobby";
    api.games().then(setGames, (e) => setError(e instanceof ApiFailure ? e.body : null));
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
            <p class="muted small">Build a Path 2 Victory warband from the bestiary (or your own imported cards): play mode, alignment and points checked against the v1.3 rules as you type, then print its warband sheets. Path 2 Victory's table comes with its rules.</p>
            <a class="btn small" href="/build/p2v" onClick={(e) => linkClick(e as MouseEvent, "/build/p2v")}>
              Open the warband builder
            </a>
          </section>
          <JoinByLink />
          <Lists />
        </div>
      </div>
      {error && <WhyNot error={error} />}
    </div>
  );
}

function NewGame({ games }: { games: GameInfo[] }) {
  const [game, setGame] = useState("essence");
  const info = games.find((g) => g.id === game);
  const [variant, setVariant] = useState<Record<string, Json>>({});
  const [players, setPlayers] = useState(2);
  const [seats, setSeats] = useState<SeatForm[]>([]);
  const [seed, setSeed] = useState("");
  const [sets, setSets] = useState<{ choice: string; toml: string }[]>([
    { choice: "ember-court", toml: "" },
    { choice: "tide-wardens", toml: "" },
  ]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorBody | null>(null);

  // Seat rows follow the game and the number of players.
  useEffect(() => {
    const n = game === "essence" || game === "ephemeral" ? 2 : game === "ethia-worlds" ? Math.max(1, Math.min(players, 4)) : Math.max(2, Math.min(players, 4));
    setSeats((old) =>
      Array.from({ length: n }, (_, i) => {
        const o = old[i];
        if (o && STRENGTHS[game].some((s) => s.bot === o.bot)) return o;
        return { kind: i === 0 || game === "ethia-worlds" ? "me" : "ai", name: o?.name ?? "", bot: DEFAULT_BOT[game] };
      }),
    );
  }, [game, players]);
  useEffect(() => {
    setVariant({});
    setError(null);
    setPlayers(game === "ethia-worlds" ? 1 : 2);
  }, [game]);

  // The set being built in the figure-set builder, if this browser has one.
  const built = useMemo(() => (game === "ephemeral" ? loadSaved() : null), [game]);
  const setsParsed = useMemo(
    () =>
      sets.map((s) => {
        if (s.choice === "builder") {
          if (!built) return { json: null, error: "no set in the builder on this browser" };
          return { json: toFile(built.set, variant.edition ?? "v0.26") as Json, error: null as string | null };
        }
        if (s.choice !== "paste") return { json: parseToml(SHIPPED_SETS[s.choice]) as Json, error: null as string | null };
        if (!s.toml.trim()) return { json: null, error: "paste a figure set (TOML)" };
        try {
          return { json: parseToml(s.toml) as Json, error: null };
        } catch (e) {
          return { json: null, error: String((e as Error).message).split("\n")[0] };
        }
      }),
    [sets, built, variant.edition],
  );

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      let v: Json = null;
      if (game === "essence") v = variant;
      else if (game === "ethia") v = { ...variant };
      else if (game === "ethia-worlds") v = { ...variant };
      else if (game === "ephemeral") {
        const bad = setsParsed.find((s) => s.error);
        if (bad) throw new ApiFailure(422, { error: "invalid", message: `figure set: ${bad.error}`, refusal: null });
        v = { edition: variant.edition ?? "v0.26", sets: setsParsed.map((s) => s.json) };
      }
      const req = {
        game,
        variant: v,
        seats: seats.map((s, i) =>
          s.kind === "ai"
            ? { controller: s.bot, name: `AI · ${(STRENGTHS[game].find((x) => x.bot === s.bot)?.label ?? s.bot).split(" (")[0]}` }
            : { controller: "human", name: s.name.trim() || (s.kind === "me" ? `Player ${i + 1}` : `P${i + 1}`), open: s.kind === "open" },
        ),
        seed: seed.trim() && /^\d+$/.test(seed.trim()) ? Number(seed.trim()) : undefined,
      };
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

  const tog = (key: string, label: string, hint?: string) => (
    <label class="check" title={hint}>
      <input type="checkbox" checked={!!variant[key]} onChange={(e) => setVariant({ ...variant, [key]: (e.target as HTMLInputElement).checked })} />
      {label}
    </label>
  );
  const pick = (key: string, label: string, options: [Json, string][]) => (
    <label class="field">
      <span>{label}</span>
      <select
        value={JSON.stringify(variant[key] ?? options[0][0])}
        onChange={(e) => {
          const val = JSON.parse((e.target as HTMLSelectElement).value);
          const next = { ...variant };
          if (val === null) delete next[key];
          else next[key] = val;
          setVariant(next);
        }}
        name={key}
      >
        {options.map(([v, l]) => (
          <option value={JSON.stringify(v)}>{l}</option>
        ))}
      </select>
    </label>
  );

  return (
    <section class="panel new-game" data-testid="new-game">
      <h2>New game</h2>
      <div class="game-tabs" role="tablist">
        {(games.length ? games.map((g) => g.id) : Object.keys(GAME_LABEL)).map((id) => (
          <button role="tab" class={`game-tab tab-${id} ${id === game ? "on" : ""}`} data-game={id} onClick={() => setGame(id)}>
            <span class="tab-name">{GAME_LABEL[id] ?? id}</span>
            <span class="tab-blurb">{BLURB[id] ?? ""}</span>
          </button>
        ))}
      </div>
      <div class="form-block">
        <h4>Rules</h4>
        {game === "essence" && (
          <div class="checks">
            {tog("fast", "Fast game (3×3 board)")}
            {tog("loop", "Loop (the edges wrap round)")}
            {tog("determined", "Determined")}
            {tog("summoning", "Summoning")}
            {tog("growth_on_first_turn", "Growth on the first turn")}
          </div>
        )}
        {game === "ethia" && (
          <div class="fields">
            {pick("mode", "Board", [["skirmish", "Skirmish (8×8, 5 walls)"], ["battle", "Battle (16×8, 10 walls)"]])}
            <label class="field">
              <span>Players</span>
              <select value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))} name="players">
                <option value={2}>2</option>
                <option value={3}>3 (one commands two armies)</option>
                <option value={4}>4 (two teams)</option>
              </select>
            </label>
            {pick("walls", "Walls", [[null, "The roll-off winner chooses"], ["fixed", "Fixed layout"], ["standard", "Take turns placing"], ["custom", "Custom"]])}
            {pick("deployment", "Deployment", [["free", "Free (place one by one)"], ["standard", "Standard (quick start)"]])}
            {players === 4 && pick("turn_order", "Turn order", [["clockwise", "Clockwise"], ["alternating", "Teams alternate"]])}
          </div>
        )}
        {game === "ethia-worlds" && (
          <div class="fields">
            <label class="field">
              <span>Quest</span>
              <select disabled>
                <option>Kingdom of Coyote (built in)</option>
              </select>
            </label>
            <label class="field">
              <span>Players sharing the party</span>
              <select value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))} name="players">
                {[1, 2, 3, 4].map((n) => (
                  <option value={n}>{n}</option>
                ))}
              </select>
            </label>
            {pick("leaders", "Leaders", [[0, "As the quest says (4)"], [1, "1"], [2, "2"], [3, "3"]])}
          </div>
        )}
        {game === "ephemeral" && (
          <div class="fields">
            {pick("edition", "Edition", [["v0.26", "Ephemeral Path v0.26"], ["v0.20", "Ephemeral Gate v0.20"]])}
            {[0, 1].map((i) => (
              <div class="set-pick">
                <label class="field">
                  <span>P{i + 1}'s figure set</span>
                  <select
                    name={`set${i + 1}`}
                    value={sets[i].choice}
                    onChange={(e) => {
                      const next = sets.slice();
                      next[i] = { ...next[i], choice: (e.target as HTMLSelectElement).value };
                      setSets(next);
                    }}
                  >
                    {Object.keys(SHIPPED_SETS).map((k) => (
                      <option value={k}>{(parseToml(SHIPPED_SETS[k]) as Json).name}</option>
                    ))}
                    {built && <option value="builder">My set: {built.set.name || "unnamed"} (from the builder)</option>}
                    <option value="paste">Paste my own (TOML)…</option>
                  </select>
                </label>
                {sets[i].choice === "paste" && (
                  <textarea
                    class="toml"
                    rows={8}
                    placeholder={'name = "My set"\n\n[[figure]]\nname = "Mira"\nclass = "disruptor"\nbase_mm = 25\nhp = 6\nmovement = 8\nforce = 6\nrange = 4\nabilities = ["D4"]'}
                    value={sets[i].toml}
                    onInput={(e) => {
                      const next = sets.slice();
                      next[i] = { ...next[i], toml: (e.target as HTMLTextAreaElement).value };
                      setSets(next);
                    }}
                  />
                )}
                <div class={`set-summary ${setsParsed[i].error ? "bad" : ""}`} data-testid={`set-summary-${i}`}>
                  {setsParsed[i].error
                    ? setsParsed[i].error
                    : `${setsParsed[i].json?.name}: ${(setsParsed[i].json?.figure ?? []).map((f: Json) => f.name).join(", ")}`}
                </div>
              </div>
            ))}
            <a class="builder-link" href="/build/ephemeral" onClick={(e) => linkClick(e as MouseEvent, "/build/ephemeral")} data-testid="open-builder">
              Build your own figure set →
            </a>
          </div>
        )}
      </div>
      <div class="form-block">
        <h4>Seats</h4>
        {seats.map((s, i) => (
          <div class={`seat-form seat-${i}`} data-seat={i}>
            <span class="seat-label">P{i + 1}</span>
            <select
              name={`seat${i}-kind`}
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
                value={s.bot}
                onChange={(e) => {
                  const next = seats.slice();
                  next[i] = { ...s, bot: (e.target as HTMLSelectElement).value };
                  setSeats(next);
                }}
              >
                {STRENGTHS[game].map((st) => (
                  <option value={st.bot}>{st.label}</option>
                ))}
              </select>
            ) : (
              <input
                name={`seat${i}-name`}
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
          </div>
        ))}
        <details class="advanced">
          <summary>Advanced</summary>
          <label class="field">
            <span>Seed (dice and bots)</span>
            <input value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} placeholder="random" name="seed" />
          </label>
        </details>
      </div>
      {error && <WhyNot error={error} onClose={() => setError(null)} />}
      <button class="btn primary big" disabled={busy || !info} onClick={create} data-testid="create">
        {busy ? "Setting up the table…" : `Play ${GAME_LABEL[game] ?? game}`}
      </button>
      {info && (
        <p class="muted small">
          {info.has_chance ? "The server rolls every die with the match's seeded generator. " : ""}
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
        <input placeholder="paste an invitation or table link" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} onKeyDown={(e) => e.key === "Enter" && go()} />
        <button class="btn" onClick={go}>
          Go
        </button>
      </div>
    </section>
  );
}

function Lists() {
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
            <MatchRow m={m}>
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
            <MatchRow m={m}>
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
            <MatchRow m={m}>
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

function MatchRow({ m, children }: { m: MatchSummary; children: preact.ComponentChildren }) {
  const ago = Math.max(0, Math.round((Date.now() - m.created_at) / 60000));
  const status = m.finished
    ? m.outcome
      ? m.outcome.draw
        ? "draw"
        : `won by ${m.outcome.winners.map((w) => m.seats[w]?.name).join(" & ")}`
      : "finished"
    : m.turn?.kind === "seat"
      ? `${m.seats[m.turn.seat]?.name} to play`
      : "in progress";
  return (
    <li class={`match-row game-${m.game}`} data-match={m.id}>
      <span class="mr-game">{GAME_LABEL[m.game] ?? m.game}</span>
      <span class="mr-seats">{m.seats.map((s) => (s.open ? "(open)" : s.name)).join(" vs ")}</span>
      <span class="mr-status">
        {status}
        {m.your_seat !== null ? ` · you are P${m.your_seat + 1}` : ""} · {ago < 1 ? "just now" : ago < 60 ? `${ago} min ago` : `${Math.round(ago / 60)} h ago`}
      </span>
      <span class="mr-actions">{children}</span>
    </li>
  );
}
