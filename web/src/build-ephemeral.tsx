// The figure-set builder for Ephemeral Path (`/build/ephemeral`): start from
// a shipped set or a blank one, edit the set and its figures (class, base,
// specs, abilities from the catalogue filtered by class, the player's names
// for them), checked by the server as you type with every problem shown on
// the figure and field it concerns and the points against the limits; switch
// edition; download or load TOML/JSON files; print the spec sheets; and
// start a match against the AI with the set. The work is kept in
// localStorage, so a reload loses nothing.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { AbilityInfo } from "@bindings/AbilityInfo";
import type { EphemeralCatalogue } from "@bindings/EphemeralCatalogue";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { SetProblem } from "@bindings/SetProblem";
import type { ShippedSet } from "@bindings/ShippedSet";
import { api, fields } from "./api";
import { CardFoot, downloadDraft, failure, FileToolbar, moved, NumberField, openPrintable, ProblemIndex, ProblemList, tooLarge, UndoBar, unreadable, useDebouncedCheck } from "./builder-kit";
import { botLabel, useGames } from "./registry";
import { linkClick, navigate } from "./router";
import { remember } from "./store";
import { TopBar } from "./table";
import { WhyNot } from "./ui";
import {
  abilityPoints,
  baseSpec,
  blankFigure,
  blankSet,
  CLASS_COLOUR,
  CLASSES,
  figurePoints,
  fileName,
  fromFile,
  keep,
  loadSaved,
  startingTokens,
  toFile,
  toToml,
  type ClassId,
  type Edition,
  type FigureDraft,
  type SetDraft,
} from "./games/figure-set";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const CHECK_DELAY = 250;

interface Undo {
  set: SetDraft;
  edition: Edition;
  label: string;
}

export function BuildEphemeral() {
  const saved = useMemo(loadSaved, []);
  const [edition, setEdition] = useState<Edition>(saved?.edition ?? "v0.26");
  const [set, setSet] = useState<SetDraft>(saved?.set ?? blankSet());
  const [opponent, setOpponent] = useState(saved?.opponent ?? "tide-wardens");
  const [bot, setBot] = useState(saved?.bot ?? "heuristic");
  const info = useGames().find((g) => g.id === "ephemeral");
  const [catalogues, setCatalogues] = useState<Record<string, EphemeralCatalogue>>({});
  const [shipped, setShipped] = useState<ShippedSet[]>([]);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [notice, setNotice] = useState<{ text: string; href?: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const catalogue = catalogues[edition] ?? null;
  const abilities = useMemo(() => new Map((catalogue?.abilities ?? []).map((a) => [a.id, a])), [catalogue]);
  const file = useMemo(() => toFile(set, edition), [set, edition]);
  const fileText = useMemo(() => JSON.stringify(file), [file]);

  useEffect(() => {
    document.title = "Arbiter · Ephemeral figure-set builder";
    api.ephemeral.sets().then(setShipped, (e) => setError(failure(e)));
  }, []);
  useEffect(() => {
    if (catalogues[edition]) return;
    api.ephemeral.catalogue(edition).then(
      (c) => setCatalogues((all) => ({ ...all, [edition]: c })),
      (e) => setError(failure(e)),
    );
  }, [edition]);
  useEffect(() => keep({ edition, set, opponent, bot }), [edition, set, opponent, bot]);

  // Live validation: the server checks the set a moment after each change.
  const { check, status } = useDebouncedCheck(`${edition}|${fileText}`, CHECK_DELAY, () => api.ephemeral.validate({ edition, set: file }), setError);

  const problems: SetProblem[] = check?.problems ?? [];
  const limits = catalogue?.limits ?? null;
  const maxFigures = limits?.max_figures ?? (edition === "v0.20" ? 6 : 4);
  const maxPoints = limits?.max_points ?? 100;
  const points = set.figure.reduce((n, f) => n + figurePoints(f, abilities), 0);

  const update = (next: SetDraft) => setSet(next);
  const updateFigure = (i: number, f: FigureDraft) => update({ ...set, figure: set.figure.map((x, k) => (k === i ? f : x)) });
  const replace = (next: SetDraft, nextEdition: Edition, label: string) => {
    setUndo({ set, edition, label });
    setSet(next);
    setEdition(nextEdition);
  };

  const startFrom = (choice: string) => {
    if (choice === "blank") return replace(blankSet(), edition, "a blank set");
    const s = shipped.find((x) => x.id === choice);
    if (s) replace(fromFile(s.file), edition, s.name);
  };

  const download = (kind: "toml" | "json") => downloadDraft(kind, fileName(set, kind), () => toToml(set, edition), file);

  const load = async (f: File) => {
    setError(null);
    const big = tooLarge(f, "a figure-set file");
    if (big) return setError(big);
    try {
      const text = await f.text();
      const c = await api.ephemeral.validate({ set: text });
      if (!c.file) {
        const why = c.problems[0]?.message ?? "it is not a figure-set file";
        return setError(unreadable(f, why));
      }
      const named = fields(c.file).edition;
      replace(fromFile(c.file), named === "v0.20" || named === "v0.26" ? named : edition, f.name);
    } catch (e) {
      setError(failure(e));
    }
  };

  const printSheets = async () => {
    setError(null);
    setNotice(null);
    try {
      const url = await openPrintable("Spec sheets", () => api.ephemeral.sheet({ edition, set: file }));
      if (url) setNotice({ text: "Your browser blocked the new tab: open the spec sheets here.", href: url });
    } catch (e) {
      setError(failure(e));
    }
  };

  const play = async () => {
    const opp = shipped.find((s) => s.id === opponent);
    if (!opp) return;
    setBusy("play");
    setError(null);
    try {
      const label = botLabel(info, bot);
      const m = await api.create({
        game: "ephemeral",
        variant: { edition, sets: [file, opp.file] },
        seats: [
          { controller: "human", name: "You" },
          { controller: bot, name: `AI · ${label}` },
        ],
      });
      const mine = m.seats.find((s) => s.token);
      if (mine?.token) {
        remember({ id: m.id, game: m.game, seat: mine.seat, token: mine.token, name: mine.name });
        navigate(`/m/${m.id}?token=${mine.token}`);
      } else navigate(`/m/${m.id}?watch`);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  const setProblems = (fields: string[]) => problems.filter((p) => p.index === null && p.field !== null && fields.includes(p.field));
  const otherSetProblems = problems.filter((p) => p.index === null && !["name", "author", "description", "points", "figure"].includes(p.field ?? ""));
  const blocked = status !== "ok";

  return (
    <div class="page builder" data-testid="builder">
      <TopBar>
        <span class="game-title">Figure-set builder · Ephemeral {edition === "v0.20" ? "Gate v0.20" : "Path v0.26"}</span>
        <a class="btn small ghost topbar-right" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
          Lobby
        </a>
      </TopBar>

      <div class="builder-grid">
        <main class="builder-main">
          <section class="panel set-head-panel">
            <div class="set-head-row">
              <div class="set-fields">
                <input
                  class={`set-name ${setProblems(["name"]).length ? "invalid" : ""}`}
                  name="set-name"
                  placeholder="Name your set"
                  maxLength={120}
                  value={set.name}
                  onInput={(e) => update({ ...set, name: (e.target as HTMLInputElement).value })}
                />
                <div class="set-meta">
                  <input name="set-author" placeholder="author (optional)" value={set.author} onInput={(e) => update({ ...set, author: (e.target as HTMLInputElement).value })} />
                  <input
                    name="set-description"
                    class="grow"
                    placeholder="a few words about the set (optional)"
                    value={set.description}
                    onInput={(e) => update({ ...set, description: (e.target as HTMLInputElement).value })}
                  />
                </div>
                <ProblemList list={setProblems(["name", "author", "description"])} />
              </div>
              <SetMeter set={set} abilities={abilities} points={points} max={maxPoints} problems={setProblems(["points"])} />
            </div>
            <FileToolbar
              lead={
                  <div class="seg" role="radiogroup" aria-label="edition">
                    {(["v0.26", "v0.20"] as Edition[]).map((e) => (
                      <button role="radio" aria-checked={edition === e} class={edition === e ? "on" : ""} data-edition={e} onClick={() => setEdition(e)} title={e === "v0.26" ? "Ephemeral Path v0.26: 2–4 figures, bases 19–67 mm" : "Ephemeral Gate v0.20: 2–6 figures, bases up to 67 mm"}>
                        {e === "v0.26" ? "Path v0.26" : "Gate v0.20"}
                      </button>
                    ))}
                  </div>
              }
              blankLabel="A blank set"
              choices={shipped.map((s) => ({ value: s.id, label: `${s.name} (${s.figures} figures)` }))}
              onStart={startFrom}
              loadTitle="Load a figure-set file (TOML or JSON)"
              onLoad={load}
              onDownload={download}
              printDisabled={blocked}
              printTitle={blocked ? "Fix the problems first: only a legal set has spec sheets" : "Open the printable spec sheets"}
              onPrint={printSheets}
            />
            {undo && (
              <UndoBar
                label={undo.label}
                onUndo={() => {
                  setSet(undo.set);
                  setEdition(undo.edition);
                  setUndo(null);
                }}
                onDismiss={() => setUndo(null)}
              />
            )}
            {notice && (
              <div class="undo-bar">
                {notice.text}{" "}
                {notice.href && (
                  <a href={notice.href} target="_blank" rel="noopener">
                    Spec sheets
                  </a>
                )}
              </div>
            )}
            {error && <WhyNot error={error} onClose={() => setError(null)} />}
          </section>

          <div class="figures-head">
            <h3>
              Figures <span class="muted small">{set.figure.length} · {limits ? `${limits.min_figures}–${limits.max_figures}` : "2–4"} allowed in {edition}</span>
            </h3>
            <ProblemList list={setProblems(["figure"])} />
          </div>
          <div class="figure-cards">
            {set.figure.map((f, i) => (
              <FigureCard
                key={i}
                i={i}
                f={f}
                count={set.figure.length}
                catalogue={catalogue}
                abilities={abilities}
                problems={problems.filter((p) => p.index === i)}
                onChange={(g) => updateFigure(i, g)}
                onRemove={() => update({ ...set, figure: set.figure.filter((_, k) => k !== i) })}
                onMove={(d) => {
                  const next = moved(set.figure, i, d);
                  if (next) update({ ...set, figure: next });
                }}
                onCopy={() => update({ ...set, figure: [...set.figure.slice(0, i + 1), { ...f, name: `${f.name} (copy)`.slice(0, 60), abilities: f.abilities.map((a) => ({ ...a })) }, ...set.figure.slice(i + 1)] })}
              />
            ))}
            <div class="add-figure">
              <span class="muted">Add a figure</span>
              <div class="row wrap">
                {CLASSES.map((c) => (
                  <button
                    class="btn small class-btn"
                    style={{ "--accent": CLASS_COLOUR[c] }}
                    disabled={set.figure.length >= maxFigures}
                    data-add-class={c}
                    onClick={() => update({ ...set, figure: [...set.figure, blankFigure(c, `${c[0].toUpperCase()}${c.slice(1)} ${LETTERS[set.figure.length].toUpperCase()}`)] })}
                  >
                    + {c[0].toUpperCase() + c.slice(1)}
                  </button>
                ))}
              </div>
              {set.figure.length >= maxFigures && <span class="muted small">{edition} allows {maxFigures} figures at most.</span>}
            </div>
          </div>
        </main>

        <aside class="builder-side">
          <section class={`panel status-panel ${status}`} data-testid="set-status" data-ok={status === "ok" ? "true" : status === "bad" ? "false" : "pending"}>
            <div class="status-title">
              {status === "pending" ? (
                <>
                  Checking<span class="dots" />
                </>
              ) : status === "ok" ? (
                <>✓ Legal for {check!.edition.title}</>
              ) : (
                <>
                  {problems.length} problem{problems.length === 1 ? "" : "s"} for {check!.edition.title}
                </>
              )}
            </div>
            <div class="status-sub muted small">
              {status === "ok"
                ? `${check!.points} of ${check!.max_points} spec points. Print its sheets or play it.`
                : status === "bad"
                  ? "Each problem is shown on the figure and field it concerns."
                  : "The server checks every construction rule as you type."}
            </div>
            <ProblemIndex list={problems} place={(p) => (p.index !== null ? `[data-figure-index='${p.index}']` : null)} />
            <ProblemList list={otherSetProblems.filter((p) => p.rule === "file.parse")} />
          </section>

          <section class="panel play-panel">
            <h3>Play with this set</h3>
            <label class="field">
              <span>Against</span>
              <select name="opponent" value={opponent} onChange={(e) => setOpponent((e.target as HTMLSelectElement).value)}>
                {shipped.map((s) => (
                  <option value={s.id}>{s.name}</option>
                ))}
              </select>
            </label>
            <label class="field">
              <span>AI strength</span>
              <select name="bot" value={bot} onChange={(e) => setBot((e.target as HTMLSelectElement).value)}>
                {(info?.bots ?? []).map((b) => (
                  <option value={b.spec}>{b.label}</option>
                ))}
              </select>
            </label>
            <button class="btn primary big" disabled={blocked || busy !== null || !shipped.length} onClick={play} data-testid="play">
              {busy === "play" ? "Setting up the table…" : `Play ${edition === "v0.20" ? "Gate v0.20" : "Path v0.26"} vs the AI`}
            </button>
            <p class="muted small">You are P1 with this set; the AI plays the set you choose. The set travels with the match, so its record replays anywhere.</p>
          </section>

          <section class="panel rules-panel">
            <h3>The construction rules</h3>
            <ul class="rules-list">
              <li>
                {limits ? `${limits.min_figures}–${limits.max_figures}` : "2–4"} figures, at most {maxPoints} spec points in all.
              </li>
              <li>Base spec points (HP + Movement + Force + Range) within the class's range; HP at least 1.</li>
              <li>At most {limits?.max_abilities ?? 3} abilities per figure, each once, of its own class.</li>
              <li>Bases {limits?.base_rule ?? "19–67 mm"} across.</li>
            </ul>
            <div class="class-legend">
              {(catalogue?.classes ?? []).map((c) => (
                <div class="class-row" style={{ "--accent": CLASS_COLOUR[c.id] }}>
                  <b>{c.name}</b>
                  <span>
                    {c.base_spec_min}–{c.base_spec_max} base · {c.actions} actions{c.starting_prep_tokens ? ` · ${c.starting_prep_tokens} prep tokens` : ""}
                  </span>
                  <span class="muted small">{c.blurb}</span>
                </div>
              ))}
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}

function SetMeter({ set, abilities, points, max, problems }: { set: SetDraft; abilities: Map<string, AbilityInfo>; points: number; max: number; problems: SetProblem[] }) {
  const scale = Math.max(max, points);
  const over = points > max;
  return (
    <div class={`set-meter ${over ? "over" : ""}`} data-testid="set-points" data-points={points}>
      <div class="meter-number">
        <b>{points}</b>
        <span>/ {max}</span>
      </div>
      <div class="meter-label">spec points{over ? ` — ${points - max} over` : points < max ? ` — ${max - points} to spend` : " — all spent"}</div>
      <div class="meter-bar">
        {set.figure.map((f) => {
          const p = figurePoints(f, abilities);
          return <span style={{ width: `${(100 * p) / scale}%`, background: CLASS_COLOUR[f.class] }} title={`${f.name || "unnamed"}: ${p}`} />;
        })}
        {over && <i class="meter-limit" style={{ left: `${(100 * max) / scale}%` }} />}
      </div>
      <ProblemList list={problems} />
    </div>
  );
}

function FigureCard(props: {
  i: number;
  f: FigureDraft;
  count: number;
  catalogue: EphemeralCatalogue | null;
  abilities: Map<string, AbilityInfo>;
  problems: SetProblem[];
  onChange: (f: FigureDraft) => void;
  onRemove: () => void;
  onMove: (d: number) => void;
  onCopy: () => void;
}) {
  const { i, f, abilities, problems } = props;
  const [picking, setPicking] = useState(false);
  const cls = props.catalogue?.classes.find((c) => c.id === f.class);
  const maxAbilities = props.catalogue?.limits.max_abilities ?? 3;
  const at = (...fields: string[]) => problems.filter((p) => p.field !== null && fields.includes(p.field));
  const has = (...fields: string[]) => at(...fields).length > 0;
  const base = baseSpec(f);
  const lo = cls?.base_spec_min ?? 0, hi = cls?.base_spec_max ?? 0;
  const baseBad = cls ? base < lo || base > hi : false;
  const pts = figurePoints(f, abilities);
  const set = (patch: Partial<FigureDraft>) => props.onChange({ ...f, ...patch });
  const known = new Set(["name", "description", "class", "base_mm", "hp", "movement", "force", "range", "specs", "abilities"]);
  const unplaced = problems.filter((p) => !known.has(p.field ?? ""));
  const options = (props.catalogue?.abilities ?? []).filter((a) => a.class === f.class);
  const chosen = new Set(f.abilities.map((a) => a.id.toUpperCase()));
  const full = f.abilities.length >= maxAbilities;
  const bmm = Math.max(5, Math.min(80, f.base_mm || 0));

  return (
    <section class={`panel fig-card ${problems.length ? "has-problems" : ""}`} style={{ "--accent": CLASS_COLOUR[f.class] }} data-figure-index={i}>
      <header class="fig-head">
        <span class="fig-letter-chip">{LETTERS[i]}</span>
        <div class="fig-title">
          <input class={`fig-name ${has("name") ? "invalid" : ""}`} name={`name-${i}`} placeholder="Name this figure" value={f.name} onInput={(e) => set({ name: (e.target as HTMLInputElement).value })} />
          <select class="class-select" name={`class-${i}`} value={f.class} onChange={(e) => set({ class: (e.target as HTMLSelectElement).value as ClassId })}>
            {CLASSES.map((c) => (
              <option value={c}>{c[0].toUpperCase() + c.slice(1)}</option>
            ))}
          </select>
        </div>
        <div class="fig-points" title="figure points: base spec + abilities" data-testid={`points-${i}`}>
          <b>{pts}</b>
          <span>points</span>
        </div>
      </header>
      <ProblemList list={at("name", "class")} />
      <input class={`fig-desc ${has("description") ? "invalid" : ""}`} name={`description-${i}`} placeholder="What is it? (the miniature, the character — optional)" value={f.description} onInput={(e) => set({ description: (e.target as HTMLInputElement).value })} />
      <ProblemList list={at("description")} />

      <div class="fig-body">
        <div class="stats-grid">
          {(
            [
              ["hp", "HP", "hit points"],
              ["movement", "Movement", `${f.movement * 2} cm move`],
              ["force", "Force", `hits on ≤ ${f.force}`],
              ["range", "Range", `${f.range * 5} cm range`],
            ] as [keyof FigureDraft & ("hp" | "movement" | "force" | "range"), string, string][]
          ).map(([k, label, derived]) => (
            <div class={`stat ${has("specs") ? "warn" : ""}`}>
              <span class="stat-label">{label}</span>
              <NumberField name={`${k}-${i}`} label={label} value={f[k]} onChange={(n) => set({ [k]: n } as Partial<FigureDraft>)} invalid={has(k) || (k !== "hp" ? false : f.hp < 1)} />
              <span class="stat-derived">{derived}</span>
            </div>
          ))}
        </div>
        <div class="base-col">
          <span class="stat-label">Base</span>
          <svg viewBox="-42 -42 84 84" class="base-preview" aria-hidden="true">
            <circle r={bmm / 2 + 0.5} class="base-disc" />
            <circle r="33.5" class="base-max" />
          </svg>
          <NumberField name={`base_mm-${i}`} label="base" value={f.base_mm} integer={false} step={1} min={1} onChange={(n) => set({ base_mm: n })} invalid={has("base_mm")} />
          <span class="stat-derived">mm across</span>
        </div>
      </div>
      <div class={`spec-meter ${baseBad ? "bad" : ""}`}>
        <span>
          Base spec <b>{base}</b> {cls ? `· ${cls.name} ${lo}–${hi}` : ""}
        </span>
        <span class="spec-bar">
          {cls && <i class="spec-range" style={{ left: `${(100 * lo) / 40}%`, width: `${(100 * (hi - lo)) / 40}%` }} />}
          <i class="spec-fill" style={{ width: `${Math.min(100, (100 * Math.max(0, base)) / 40)}%` }} />
        </span>
        <span class="muted small">
          + {abilityPoints(f, abilities)} ability pts · {cls?.actions ?? 3} actions · {startingTokens(f, abilities)} prep tokens
        </span>
      </div>
      <ProblemList list={at("hp", "movement", "force", "range", "specs", "base_mm")} />

      <div class={`abilities-block ${has("abilities") ? "invalid" : ""}`}>
        <div class="abilities-head">
          <span class="stat-label">
            Abilities {f.abilities.length}/{maxAbilities}
          </span>
          <button class="btn small" disabled={full && !picking} onClick={() => setPicking(!picking)} data-testid={`pick-${i}`}>
            {picking ? "Done" : full ? "3 taken" : "+ Add ability"}
          </button>
        </div>
        {f.abilities.length === 0 && !picking && <div class="muted small none-yet">No abilities: this figure moves, attacks and prepares.</div>}
        {f.abilities.map((a, k) => {
          const c = abilities.get(a.id.toUpperCase());
          const foreign = c && c.class !== f.class;
          return (
            <div class={`ability-chosen ${!c || foreign ? "wrong" : ""}`} data-ability={a.id}>
              <div class="ab-line">
                <span class="ab-badge">{a.id}</span>
                <input
                  class="ab-name-input"
                  name={`ability-name-${i}-${k}`}
                  placeholder={c ? "your name for it (optional)" : "not in the catalogue"}
                  maxLength={80}
                  value={a.name}
                  onInput={(e) => set({ abilities: f.abilities.map((x, j) => (j === k ? { ...x, name: (e.target as HTMLInputElement).value } : x)) })}
                />
                <span class="ab-pts">{c ? `${c.points} pts` : "?"}</span>
                <button class="icon-btn" title="Remove this ability" onClick={() => set({ abilities: f.abilities.filter((_, j) => j !== k) })}>
                  ×
                </button>
              </div>
              {c && (
                <div class="ab-info">
                  <span class="ab-type">{c.type_label}</span>
                  {c.die && <span class="ab-die">{c.die}</span>}
                  {c.keywords.map((kw) => (
                    <span class="ab-kw">{kw}</span>
                  ))}
                  <span class="ab-text">{c.text}</span>
                </div>
              )}
            </div>
          );
        })}
        {picking && (
          <div class="ability-picker" data-testid={`picker-${i}`}>
            {options.map((a) => {
              const taken = chosen.has(a.id);
              return (
                <button
                  class={`ab-option ${taken ? "taken" : ""}`}
                  disabled={taken || full}
                  data-pick={a.id}
                  onClick={() => {
                    set({ abilities: [...f.abilities, { id: a.id, name: "" }] });
                    if (f.abilities.length + 1 >= maxAbilities) setPicking(false);
                  }}
                >
                  <span class="ab-badge">{a.id}</span>
                  <span class="ab-opt-main">
                    <span class="ab-opt-head">
                      <span class="ab-type">{a.type_label}</span>
                      {a.die && <span class="ab-die">{a.die}</span>}
                      {a.keywords.map((kw) => (
                        <span class="ab-kw">{kw}</span>
                      ))}
                    </span>
                    <span class="ab-text">{a.text}</span>
                    {a.details.length > 0 && <span class="ab-details">{a.details.join(" · ")}</span>}
                  </span>
                  <span class="ab-pts">{a.points} pts</span>
                </button>
              );
            })}
          </div>
        )}
        <ProblemList list={at("abilities")} />
      </div>
      <ProblemList list={unplaced} />
      <CardFoot i={i} n={props.count} copyTitle="Duplicate this figure" onMove={props.onMove} onCopy={props.onCopy} onRemove={props.onRemove} />
    </section>
  );
}
