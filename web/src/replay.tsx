// The replay viewer: any match stepped through decision by decision
// (`/api/matches/{id}/replay/{n}`), drawn with the game's own table, with
// the decision in plain words and the record to download — as this
// browser's seat in the match may see it (or a spectator), until a finished
// game shows everything.
import { useEffect, useRef, useState } from "preact/hooks";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { MatchView } from "@bindings/MatchView";
import type { ReplayFrame } from "@bindings/ReplayFrame";
import type { SeatView } from "@bindings/SeatView";
import type { Step } from "@bindings/Step";
import { api, ApiFailure, type MatchRecord, type RecordConfig } from "./api";
import { linkClick } from "./router";
import { tableOf, TopBar } from "./table";
import { EventLog, peopleWords, stepLines, WhyNot, type GameProps } from "./ui";
import { seatsOf } from "./store";
import { GAMES } from "./games";

export function ReplayPage({ id, step }: { id: string; step: number | null }) {
  const [record, setRecord] = useState<MatchRecord | null>(null);
  const [recordText, setRecordText] = useState<string>("");
  const [total, setTotal] = useState<number | null>(null);
  const [n, setN] = useState<number>(step ?? 0);
  const [frame, setFrame] = useState<ReplayFrame | null>(null);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [playing, setPlaying] = useState(false);
  const seen = useRef(new Map<number, Step>());
  const [, bump] = useState(0);
  // A seat this browser holds in the match, to see the replay with its eyes.
  const token = useRef<string | null>([...seatsOf(id).values()][0] ?? null);

  useEffect(() => {
    (async () => {
      try {
        const q = token.current ? `?token=${encodeURIComponent(token.current)}` : "";
        const res = await fetch(`/api/matches/${encodeURIComponent(id)}/record${q}`);
        const text = await res.text();
        if (res.ok) {
          const rec = JSON.parse(text) as MatchRecord;
          setRecord(rec);
          setRecordText(text);
        }
        const f0 = await api.replay(id, 0, token.current);
        setTotal(f0.total);
        if (step === null) setN(f0.total);
      } catch (e) {
        setError(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
      }
    })();
  }, [id]);

  useEffect(() => {
    if (total === null) return;
    const k = Math.max(0, Math.min(n, total));
    let stop = false;
    api.replay(id, k, token.current).then(
      (f) => {
        if (stop) return;
        setFrame(f);
        if (f.last) {
          seen.current.set(f.last.index, f.last);
          bump((x) => x + 1);
        }
        history.replaceState(null, "", `/replay/${id}?step=${k}`);
      },
      (e) => setError(e instanceof ApiFailure ? e.body : null),
    );
    return () => {
      stop = true;
    };
  }, [n, total, id]);

  useEffect(() => {
    if (!playing || total === null) return;
    if (n >= total) return setPlaying(false);
    const t = setTimeout(() => setN((x) => x + 1), 700);
    return () => clearTimeout(t);
  }, [playing, n, total]);

  useEffect(() => {
    const k = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return;
      if (e.key === "ArrowRight") setN((x) => Math.min(x + 1, total ?? x));
      if (e.key === "ArrowLeft") setN((x) => Math.max(x - 1, 0));
    };
    window.addEventListener("keydown", k);
    return () => window.removeEventListener("keydown", k);
  }, [total]);

  if (error && !frame)
    return (
      <div class="page narrow">
        <TopBar />
        <div class="panel">
          <h2>No replay</h2>
          <WhyNot error={error} />
        </div>
      </div>
    );
  if (!frame || total === null)
    return (
      <div class="page narrow">
        <TopBar />
        <div class="loading">Loading the replay…</div>
      </div>
    );
  const seats: SeatView[] = frame.seats.map((s) => ({ ...s, open: false }));
  const view: MatchView = {
    id,
    game: frame.game,
    game_name: frame.game_name,
    len: frame.len,
    seats,
    you: null,
    turn: frame.turn,
    your_turn: false,
    awaiting: "",
    observation: frame.observation,
    legal: [],
    legal_text: [],
    legal_total: 0,
    action_space: "enumerable",
    recent: frame.last ? [frame.last] : [],
    outcome: frame.outcome,
    problem: null,
    fairness: record?.fairness ?? { source: "unknown", commitment: null, seed: null, salt: null },
    dice_mode: record?.fairness?.source === "real" ? "real" : "server",
    dice: null,
    can_undo: false,
    companion: false,
    tracker: null,
  };
  // Only the decisions up to the one shown: stepping back takes the later ones out of "What happened".
  const steps = [...seen.current.values()].filter((s) => s.index < frame.len).sort((a, b) => a.index - b.index);
  return <ReplayTable view={view} config={record?.config ?? null} n={frame.len} total={total} setN={setN} playing={playing} setPlaying={setPlaying} last={frame.last} steps={steps} recordText={recordText} />;
}

function ReplayTable(props: {
  view: MatchView;
  config: RecordConfig | null;
  n: number;
  total: number;
  setN: (n: number) => void;
  playing: boolean;
  setPlaying: (b: boolean) => void;
  last: Step | null;
  steps: Step[];
  recordText: string;
}) {
  const { view, n, total, setN } = props;
  const useGame = tableOf(view.game);
  const gp: GameProps = {
    view,
    obs: view.observation,
    config: props.config,
    legal: [],
    interactive: false,
    act: async () => ({ ok: false }),
    steps: props.last ? [props.last] : [],
    mode: "replay",
  };
  const ui = useGame(gp);
  const download = () => {
    const blob = new Blob([props.recordText], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `arbiter-${view.game}-${view.id}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const seatOf = props.last?.seat;
  useEffect(() => {
    document.title = `Replay · ${view.game_name} · Arbiter`;
  }, [view.game_name]);
  return (
    <div class={`page table-page replay game-${view.game}`} data-step={n}>
      <TopBar>
        <span class="game-title">Replay · {view.game_name}</span>
        <span class="seats">
          {view.seats.map((s) => (
            <span class={`seat-chip seat-${s.seat}`}>
              <span class="seat-dot" />
              {s.name}
            </span>
          ))}
        </span>
      </TopBar>
      <div class="layout">
        <section class="stage">{ui.board}</section>
        <aside class="side">
          <section class="panel replay-controls" data-testid="replay-controls">
            <div class="replay-count">
              Decision <b data-testid="replay-n">{n}</b> of {total}
            </div>
            <input type="range" aria-label="Decision shown" min={0} max={total} value={n} onInput={(e) => setN(Number((e.target as HTMLInputElement).value))} class="scrub" />
            <div class="row">
              <button class="btn small" onClick={() => setN(0)} disabled={n === 0} title="start">
                « start
              </button>
              <button class="btn small" onClick={() => setN(Math.max(0, n - 1))} disabled={n === 0} data-testid="replay-back">
                ◀ back
              </button>
              <button class="btn small primary" onClick={() => props.setPlaying(!props.playing)}>
                {props.playing ? "pause" : "▶ play"}
              </button>
              <button class="btn small" onClick={() => setN(Math.min(total, n + 1))} disabled={n >= total} data-testid="replay-next">
                next ▶
              </button>
              <button class="btn small" onClick={() => setN(total)} disabled={n >= total} title="end">
                end »
              </button>
            </div>
            <div class="replay-last">
              {props.last ? (
                <>
                  <span class="muted">{seatOf === null || seatOf === undefined ? "dice" : view.seats[seatOf]?.name}:</span>{" "}
                  {stepLines(props.last, view.seats, GAMES[view.game]?.actionWords).join("; ")}
                </>
              ) : (
                <span class="muted">The start of the game.</span>
              )}
            </div>
            {view.outcome && n === total && (
              <div class="replay-outcome">
                {view.outcome.draw ? "Draw" : `${view.outcome.winners.map((w) => view.seats[w]?.name).join(" & ")} won`}: {peopleWords(view.outcome.reason, view.seats)}
              </div>
            )}
            {view.fairness.source === "real" && (
              <p class="muted small" data-testid="dice-seal">
                The players rolled real dice at the table and entered what they showed: the record keeps every roll as entered.
              </p>
            )}
            {view.fairness.commitment && (
              <p class="muted small" data-testid="dice-seal" title={`SHA-256 of seed:salt, published when the game began: ${view.fairness.commitment}`}>
                {view.fairness.seed && view.fairness.salt
                  ? `The dice's secret seed, ${view.fairness.seed}, is revealed with its salt: anyone can check them against the commitment published at the start (${view.fairness.commitment.slice(0, 12)}…).`
                  : `The dice come from a secret seed, committed to at the start (${view.fairness.commitment.slice(0, 12)}…) and revealed when the game ends.`}
              </p>
            )}
            <div class="row">
              <button class="btn small" onClick={download} disabled={!props.recordText} data-testid="export">
                Export the record (JSON)
              </button>
              <a class="btn small ghost" href={`/m/${view.id}?watch`} onClick={(e) => linkClick(e as MouseEvent, `/m/${view.id}?watch`)}>
                Table
              </a>
            </div>
          </section>
          {ui.panel}
          <EventLog steps={props.steps} seats={view.seats} firstNote={false} words={GAMES[view.game]?.actionWords} />
        </aside>
      </div>
    </div>
  );
}
