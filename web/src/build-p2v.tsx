// The warband builder for Path 2 Victory (`/build/p2v`): start from a
// shipped warband or a blank one; set the name, play mode, alignment and
// points limit; browse the bestiary (filtered by name, level and what the
// warband may recruit) and add creatures; give each entry its copies,
// upgrades, items and hero points. The server checks the warband as you
// type and every problem is shown on the entry and field it concerns, with
// its rule code; the points run against the limit and the half-limit for
// one creature. Files load and download as TOML or JSON, creature cards
// import from the public card JSON, and "Print sheets" opens the printable
// warband sheets. The work is kept in localStorage. There is no table for
// Path 2 Victory yet: the page says so.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { AlignmentInfo } from "@bindings/AlignmentInfo";
import type { CreatureInfo } from "@bindings/CreatureInfo";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { ItemInfo } from "@bindings/ItemInfo";
import type { ModeInfo } from "@bindings/ModeInfo";
import type { P2vBestiary } from "@bindings/P2vBestiary";
import type { ShippedWarband } from "@bindings/ShippedWarband";
import type { WarbandProblem } from "@bindings/WarbandProblem";
import { api } from "./api";
import { CardFoot, downloadDraft, failure, FileButton, FileToolbar, moved, NumberField, openPrintable, ProblemIndex, ProblemList, tooLarge, UndoBar, unreadable, useDebouncedCheck } from "./builder-kit";
import { linkClick } from "./router";
import { TopBar } from "./table";
import { WhyNot } from "./ui";
import {
  blankEntry,
  blankWarband,
  entryCost,
  fileName,
  findItem,
  fromFile,
  joinBestiary,
  keep,
  loadSaved,
  lookup,
  MODES,
  ROW_COLOUR,
  toFile,
  toToml,
  type EntryCost,
  type EntryDraft,
  type WarbandDraft,
} from "./games/warband";

const CHECK_DELAY = 300;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

interface Undo {
  warband: WarbandDraft;
  label: string;
}

/** Whether this browser has a glyph for a symbol (the alignment symbols include emoji some machines lack). */
const glyphs = new Map<string, boolean>();
function renders(symbol: string): boolean {
  const known = glyphs.get(symbol);
  if (known !== undefined) return known;
  let ok = true;
  try {
    const c = document.createElement("canvas");
    c.width = c.height = 32;
    const g = c.getContext("2d", { willReadFrequently: true });
    if (g) {
      const draw = (s: string) => {
        g.clearRect(0, 0, 32, 32);
        g.font = "24px sans-serif";
        g.fillStyle = "#000";
        g.fillText(s, 2, 26);
        return g.getImageData(0, 0, 32, 32).data.join(",");
      };
      ok = draw(symbol) !== draw("\uFFFF");
    }
  } catch {
    ok = true;
  }
  glyphs.set(symbol, ok);
  return ok;
}

/** An alignment's place in the rulebook's 3 × 3 grid, drawn: font-independent, and it shows adjacency. */
function AlignGlyph({ a, size = 18 }: { a: AlignmentInfo | undefined; size?: number }) {
  if (!a) return <span class="align-glyph unknown" style={{ width: size, height: size }} />;
  return (
    <svg class="align-glyph" viewBox="0 0 30 30" width={size} height={size} aria-label={a.name}>
      <title>{a.name}</title>
      {[0, 1, 2].map((r) =>
        [0, 1, 2].map((c) => <rect x={1 + c * 9.5} y={1 + r * 9.5} width="8.5" height="8.5" rx="1.5" class={r === a.row && c === a.column ? "on" : ""} style={r === a.row && c === a.column ? { fill: ROW_COLOUR[r] } : undefined} />),
      )}
    </svg>
  );
}

function AlignBadge({ a }: { a: AlignmentInfo | undefined }) {
  if (!a) return null;
  return (
    <span class="align-badge" style={{ "--row": ROW_COLOUR[a.row] }} title={`${a.name} (${a.symbol})`}>
      <AlignGlyph a={a} size={14} />
      {renders(a.symbol) && <span class="align-sym">{a.symbol}</span>}
      <span>{a.abbreviation}</span>
    </span>
  );
}

export function BuildP2v() {
  const saved = useMemo(loadSaved, []);
  const [warband, setWarband] = useState<WarbandDraft>(saved?.warband ?? blankWarband());
  const [imported, setImported] = useState<CreatureInfo[]>(saved?.imported ?? []);
  const [catalogue, setCatalogue] = useState<P2vBestiary | null>(null);
  const [shipped, setShipped] = useState<ShippedWarband[]>([]);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [notice, setNotice] = useState<{ text: string; href?: string } | null>(null);

  const creatures = useMemo(() => joinBestiary(catalogue?.creatures ?? [], imported), [catalogue, imported]);
  const bestiary = useMemo(() => lookup(creatures), [creatures]);
  const items = catalogue?.items ?? [];
  const alignments = useMemo(() => new Map((catalogue?.alignments ?? []).map((a) => [a.key, a])), [catalogue]);
  const mode: ModeInfo | undefined = catalogue?.modes.find((m) => m.key === warband.mode);
  const file = useMemo(() => toFile(warband), [warband]);
  const cards = useMemo(() => imported.map((c) => c.file ?? null).filter((f) => f !== null), [imported]);
  const requestKey = useMemo(() => JSON.stringify([file, cards.length, imported.map((c) => c.name)]), [file, cards, imported]);

  useEffect(() => {
    document.title = "Path 2 Victory warband builder · Arbiter";
    api.p2v.bestiary().then(setCatalogue, (e) => setError(failure(e)));
    api.p2v.warbands().then(setShipped, (e) => setError(failure(e)));
  }, []);
  useEffect(() => keep({ warband, imported }), [warband, imported]);

  // Live validation: the server checks the warband a moment after each change.
  const { check, status } = useDebouncedCheck(requestKey, CHECK_DELAY, () => api.p2v.validate({ warband: file, cards }), setError);

  const problems: WarbandProblem[] = check?.problems ?? [];
  const costs: EntryCost[] = warband.entries.map((e) => entryCost(e, bestiary, items));
  const total = costs.slice(0, 100).reduce((n, c) => n + c.total, 0);
  const limit = warband.points !== null && warband.points >= 1 ? warband.points : (mode?.default_limit ?? null);
  const half = mode?.half_rule && limit !== null ? Math.floor(limit / 2) : null;
  const figures = costs.reduce((n, c) => n + c.count + c.free.reduce((k, f) => k + f.count, 0), 0);
  const wa = alignments.get(warband.alignment);
  const alignmentChecked = !!mode?.alignment_rule;

  const update = (next: WarbandDraft) => setWarband(next);
  const updateEntry = (i: number, e: EntryDraft) => update({ ...warband, entries: warband.entries.map((x, k) => (k === i ? e : x)) });
  const replace = (next: WarbandDraft, label: string) => {
    setUndo({ warband, label });
    setWarband(next);
  };
  const addCreature = (c: CreatureInfo) => {
    update({ ...warband, entries: [...warband.entries, blankEntry(c.name)] });
    setTimeout(() => document.querySelector(`[data-entry-index='${warband.entries.length}']`)?.scrollIntoView({ behavior: "smooth", block: "nearest" }), 50);
  };

  const startFrom = (choice: string) => {
    if (choice === "blank") return replace(blankWarband(), "a blank warband");
    const s = shipped.find((x) => x.id === choice);
    if (s) replace(fromFile(s.file), s.name);
  };

  const download = (kind: "toml" | "json") => downloadDraft(kind, fileName(warband, kind), () => toToml(warband, imported.length), file);

  const load = async (f: File) => {
    setError(null);
    const big = tooLarge(f, "a warband file");
    if (big) return setError(big);
    try {
      const text = await f.text();
      const c = await api.p2v.validate({ warband: text, cards });
      if (!c.file) {
        const why = c.problems.find((p) => p.rule === "file.parse")?.message ?? "it is not a warband file";
        return setError(unreadable(f, why));
      }
      replace(fromFile(c.file), f.name);
    } catch (e) {
      setError(failure(e));
    }
  };

  const importCards = async (f: File) => {
    setError(null);
    setNotice(null);
    const big = tooLarge(f);
    if (big) return setError(big);
    try {
      const r = await api.p2v.import({ cards: await f.text() });
      if (!r.ok) {
        const lines = r.problems.map((p) => p.text);
        return setError({ error: "invalid", message: `${f.name}: ${plural(lines.length, "card")} could not be read, so none was imported. ${lines.join(" · ")}`, refusal: null });
      }
      const names = new Set(r.cards.map((c) => c.name.toLowerCase()));
      setImported([...imported.filter((c) => !names.has(c.name.toLowerCase())), ...r.cards]);
      const replaced = (catalogue?.creatures ?? []).filter((c) => names.has(c.name.toLowerCase())).map((c) => c.name);
      const warn = r.warnings.map((w) => `${w.card}: ${w.message}`);
      setNotice({
        text: `Imported ${plural(r.cards.length, "card")} from ${f.name}${replaced.length ? ` (replacing the starter ${replaced.join(", ")})` : ""}.${warn.length ? ` Note: ${warn.join(" · ")}` : ""}`,
      });
    } catch (e) {
      setError(failure(e));
    }
  };

  const printSheets = async () => {
    setError(null);
    setNotice(null);
    try {
      const url = await openPrintable("Warband sheets", () => api.p2v.sheet({ warband: file, cards }));
      if (url) setNotice({ text: "Your browser blocked the new tab: open the warband sheets here.", href: url });
    } catch (e) {
      setError(failure(e));
    }
  };

  const whole = (...fields: string[]) => problems.filter((p) => p.entry === null && p.field !== null && fields.includes(p.field));
  const placedWhole = ["name", "author", "description", "mode", "alignment", "points", "total", "entries", "cards"];
  const otherWhole = problems.filter((p) => p.entry === null && !placedWhole.includes(p.field ?? ""));
  const blocked = status !== "ok";

  return (
    <div class="page builder warband-builder" data-testid="warband-builder">
      <TopBar>
        <span class="game-title">Warband builder · Path 2 Victory v1.3</span>
        <a class="btn small ghost topbar-right" href="/" onClick={(e) => linkClick(e as MouseEvent, "/")}>
          Lobby
        </a>
      </TopBar>

      <div class="wb-grid">
        <BestiaryPanel creatures={creatures} alignments={alignments} warbandAlignment={alignmentChecked ? wa : undefined} onAdd={addCreature} loading={!catalogue} />

        <main class="builder-main">
          <section class="panel set-head-panel">
            <div class="set-head-row">
              <div class="set-fields">
                <input
                  class={`set-name ${whole("name").length ? "invalid" : ""}`}
                  name="warband-name"
                  placeholder="Name your warband"
                  maxLength={120}
                  value={warband.name}
                  onInput={(e) => update({ ...warband, name: (e.target as HTMLInputElement).value })}
                />
                <div class="set-meta">
                  <input name="warband-author" placeholder="author (optional)" value={warband.author} onInput={(e) => update({ ...warband, author: (e.target as HTMLInputElement).value })} />
                  <input
                    name="warband-description"
                    class="grow"
                    placeholder="a few words about the warband (optional)"
                    value={warband.description}
                    onInput={(e) => update({ ...warband, description: (e.target as HTMLInputElement).value })}
                  />
                </div>
                <Problems list={whole("name", "author", "description")} />
              </div>
              <WarbandMeter entries={warband.entries} costs={costs} alignments={alignments} total={total} limit={limit} half={half} figures={figures} problems={whole("total")} />
            </div>
            <div class="wb-rules">
              <div class="wb-rules-row">
                <label class="field">
                  <span>Play mode</span>
                  <select name="mode" value={warband.mode} class={whole("mode").length ? "invalid" : ""} onChange={(e) => update({ ...warband, mode: (e.target as HTMLSelectElement).value })}>
                    {(catalogue?.modes ?? MODES.map((k) => ({ key: k, name: k }) as ModeInfo)).map((m) => (
                      <option value={m.key}>{m.name}</option>
                    ))}
                  </select>
                </label>
                <label class="field">
                  <span>Alignment{alignmentChecked ? "" : " (not checked in this mode)"}</span>
                  <select name="alignment" value={warband.alignment} class={whole("alignment").length ? "invalid" : ""} onChange={(e) => update({ ...warband, alignment: (e.target as HTMLSelectElement).value })}>
                    <option value="">{alignmentChecked ? "choose…" : "none"}</option>
                    {(catalogue?.alignments ?? []).map((a) => (
                      <option value={a.key}>
                        {a.name} ({a.abbreviation})
                      </option>
                    ))}
                  </select>
                </label>
                <label class="field limit-field">
                  <span>Points limit</span>
                  <span class="row">
                    <NumberField
                      name="points"
                      label="points"
                      value={warband.points ?? 0}
                      min={0}
                      step={10}
                      invalid={whole("points").length > 0}
                      onChange={(n) => update({ ...warband, points: n <= 0 ? null : n })}
                    />
                    {warband.points === null && <span class="muted small">{mode?.default_limit ? `none: ${mode.default_limit}` : "none"}</span>}
                  </span>
                </label>
              </div>
              {mode && <p class="muted small mode-summary">{mode.summary}</p>}
              {alignmentChecked && wa && (
                <div class="recruits" data-testid="recruits">
                  <span>
                    A {wa.name} warband recruits{" "}
                    {wa.recruits.map((k, i) => {
                      const r = alignments.get(k)!;
                      return (
                        <>
                          {i > 0 && (i === wa.recruits.length - 1 ? " and " : ", ")}
                          <AlignBadge a={r} />
                        </>
                      );
                    })}
                  </span>
                </div>
              )}
              <Problems list={whole("mode", "alignment", "points")} />
            </div>
            <FileToolbar
              blankLabel="A blank warband"
              choices={shipped.map((s) => ({ value: s.id, label: `${s.name} (${s.total}/${s.limit ?? "–"} pts)` }))}
              onStart={startFrom}
              loadTitle="Load a warband file (TOML or JSON)"
              onLoad={load}
              onDownload={download}
              extra={<FileButton label="Import cards…" title="Import creature cards: the public card JSON format, or a TOML bestiary" accept=".json,.toml,application/json,text/plain" testid="import-cards" onFile={(f) => void importCards(f)} />}
              printDisabled={blocked}
              printTitle={blocked ? "Fix the problems first: only a legal warband has sheets" : "Open the printable warband sheets"}
              onPrint={printSheets}
            />
            {undo && (
              <UndoBar
                label={undo.label}
                onUndo={() => {
                  setWarband(undo.warband);
                  setUndo(null);
                }}
                onDismiss={() => setUndo(null)}
              />
            )}
            {notice && (
              <div class="undo-bar" data-testid="notice">
                <span>
                  {notice.text}{" "}
                  {notice.href && (
                    <a href={notice.href} target="_blank" rel="noopener">
                      Warband sheets
                    </a>
                  )}
                </span>
                <button class="icon-btn" title="Dismiss" onClick={() => setNotice(null)}>
                  ×
                </button>
              </div>
            )}
            {error && <WhyNot error={error} onClose={() => setError(null)} />}
          </section>

          <div class="figures-head">
            <h3>
              Creatures <span class="muted small">{plural(warband.entries.length, "entry", "entries")} · {plural(figures, "figure")} on the table</span>
            </h3>
            <Problems list={whole("entries")} />
          </div>
          {warband.entries.length === 0 && (
            <div class="add-figure empty-band">
              <span class="muted">No creatures yet: add them from the bestiary{catalogue ? ` (${creatures.length} cards)` : ""}.</span>
            </div>
          )}
          <div class="entry-cards">
            {warband.entries.map((e, i) => (
              <EntryCard
                key={i}
                i={i}
                e={e}
                cost={costs[i]}
                n={warband.entries.length}
                items={items}
                half={half}
                alignments={alignments}
                offAlignment={alignmentChecked && !!wa && !!costs[i].card && !wa.recruits.includes(costs[i].card!.alignment)}
                problems={problems.filter((p) => p.entry === i)}
                onChange={(x) => updateEntry(i, x)}
                onRemove={() => update({ ...warband, entries: warband.entries.filter((_, k) => k !== i) })}
                onMove={(d) => {
                  const next = moved(warband.entries, i, d);
                  if (next) update({ ...warband, entries: next });
                }}
                onCopy={() => update({ ...warband, entries: [...warband.entries.slice(0, i + 1), { ...e, upgrades: e.upgrades.slice(), items: e.items.slice() }, ...warband.entries.slice(i + 1)] })}
              />
            ))}
          </div>
        </main>

        <aside class="builder-side wb-side" tabIndex={0} aria-label="Checks, files and reference">
          <section class={`panel status-panel ${status}`} data-testid="warband-status" data-ok={status === "ok" ? "true" : status === "bad" ? "false" : "pending"}>
            <div class="status-title">
              {status === "pending" ? (
                <>
                  Checking<span class="dots" />
                </>
              ) : status === "ok" ? (
                <>✓ Legal for {check!.mode_name}</>
              ) : (
                <>
                  {plural(problems.length, "problem")} for {check!.mode_name}
                </>
              )}
            </div>
            <div class="status-sub muted small">
              {status === "ok"
                ? `${check!.total}${check!.limit !== null ? ` of ${check!.limit}` : ""} points, ${plural(check!.creatures, "creature")}. Print its sheets and take it to the table.`
                : status === "bad"
                  ? "Each problem is shown on the entry and field it concerns."
                  : "The server checks every warband rule of the v1.3 rulebook as you type."}
            </div>
            <ProblemIndex list={problems} place={(p) => (p.entry !== null ? `[data-entry-index='${p.entry}']` : null)} extra={(p) => <span class="section">{p.section}</span>} />
            <Problems list={otherWhole} />
          </section>

          <section class="panel play-note" data-testid="play-note">
            <h3>Play this warband</h3>
            <p class="muted small">
              Arbiter keeps this warband in this browser: in the lobby, choose Path 2 Victory and pick "{warband.name.trim() || "My warband"} (from the builder)" for
              your side, against the AI or a friend; the cards imported here go with it. Or print the sheets and play at a real table:
              each card has its HP boxes, hero-point circles and uses to tick.
            </p>
          </section>

          {imported.length > 0 && (
            <section class="panel imported-panel" data-testid="imported">
              <h3>
                Imported cards <span class="muted small">{imported.length}</span>
              </h3>
              <Problems list={whole("cards")} />
              <ul class="imported-list">
                {imported.map((c) => (
                  <li>
                    <AlignGlyph a={alignments.get(c.alignment)} size={14} />
                    <span>
                      {c.name} <span class="muted small">level {c.level}</span>
                    </span>
                    <button class="icon-btn" title={`Forget ${c.name}`} onClick={() => setImported(imported.filter((x) => x !== c))}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <p class="muted small">Kept in this browser and sent with each check; a card replaces a starter card of the same name.</p>
            </section>
          )}

          <section class="panel rules-panel">
            <h3>The warband rules</h3>
            <ul class="rules-list">
              <li>A creature costs its level's cost (Table 1), plus the upgrade cost for each upgrade, item and hero point (0–3).</li>
              <li>The warband costs at most the points limit{half !== null ? `; one creature at most half of it (${half})` : ""}.</li>
              <li>Items of the creature's level or lower; a commander's starting minions come free.</li>
              <li>{alignmentChecked ? "Limited play: only the warband's alignment, adjacent ones (a row or a column of the grid) and True Neutral." : "Alignments are checked only in Balanced, Limited Play."}</li>
            </ul>
            <AlignmentGrid alignments={catalogue?.alignments ?? []} chosen={alignmentChecked ? wa : undefined} />
            <div class="table1" data-testid="table-1" title="Table 1: points cost by level">
              {(catalogue?.table ?? []).map((r) => (
                <div class="t1-cell">
                  <span class="t1-level">{r.level}</span>
                  <b>{r.cost}</b>
                  <span class="t1-up">+{r.upgrade_cost}</span>
                </div>
              ))}
            </div>
            <p class="muted small t1-legend">Table 1: level, cost, and (+) the upgrade cost of each upgrade, item or hero point.</p>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** A field's problems, each with its rule code and (as a tooltip) the rulebook section. */
function Problems({ list }: { list: WarbandProblem[] }) {
  return <ProblemList list={list} title={(p) => p.section} showRule />;
}

function AlignmentGrid({ alignments, chosen }: { alignments: AlignmentInfo[]; chosen: AlignmentInfo | undefined }) {
  return (
    <div class="align-grid" aria-label="the alignment grid">
      {alignments.map((a) => {
        const cls = !chosen ? "" : a.key === chosen.key ? "own" : chosen.recruits.includes(a.key) ? "ok" : "no";
        return (
          <div class={`align-cell ${cls}`} style={{ "--row": ROW_COLOUR[a.row] }} title={a.name}>
            {renders(a.symbol) && <span class="align-sym">{a.symbol}</span>}
            <b>{a.abbreviation}</b>
            <span class="align-name">{a.name}</span>
          </div>
        );
      })}
    </div>
  );
}

function WarbandMeter(props: {
  entries: EntryDraft[];
  costs: EntryCost[];
  alignments: Map<string, AlignmentInfo>;
  total: number;
  limit: number | null;
  half: number | null;
  figures: number;
  problems: WarbandProblem[];
}) {
  const { total, limit, half } = props;
  const scale = Math.max(limit ?? total, total, 1);
  const over = limit !== null && total > limit;
  return (
    <div class={`set-meter ${over ? "over" : ""}`} data-testid="warband-points" data-points={total} data-limit={limit ?? ""}>
      <div class="meter-number">
        <b>{total}</b>
        <span>{limit !== null ? `/ ${limit}` : "points, no limit"}</span>
      </div>
      <div class="meter-label">{limit === null ? "points" : `points${over ? ` — ${total - limit} over` : total < limit ? ` — ${limit - total} to spend` : " — all spent"}`}</div>
      <div class="meter-bar">
        {props.costs.map((c, i) => (
          <span
            style={{ width: `${(100 * c.total) / scale}%`, background: c.card ? ROW_COLOUR[props.alignments.get(c.card.alignment)?.row ?? 1] : "#777" }}
            title={`${props.entries[i].name || props.entries[i].creature}: ${c.total}`}
          />
        ))}
        {over && <i class="meter-limit" style={{ left: `${(100 * limit!) / scale}%` }} />}
      </div>
      <div class="meter-half" data-testid="half-limit">
        {half !== null ? (
          <>
            One creature at most <b>{half}</b> (half the limit)
          </>
        ) : limit !== null ? (
          "No half-limit in Narrative Play"
        ) : (
          "No limit: nothing to halve"
        )}
      </div>
      <Problems list={props.problems} />
    </div>
  );
}

function Stat({ k, v, title }: { k: string; v: string | number; title?: string }) {
  return (
    <span class="cstat" title={title}>
      <span class="k">{k}</span>
      <b>{v}</b>
    </span>
  );
}

/** A movement mode in a word short enough for the stat strip. */
const MOVE_SHORT: Record<string, string> = { Flight: "Fly", Aquatic: "Swim", "Wall Climb": "Climb", Burrowing: "Burrow", Teleportation: "Teleport" };

function StatStrip({ c }: { c: CreatureInfo }) {
  const s = c.stats;
  return (
    <div class="cstats">
      <Stat k="HP" v={s.hp} title="hit points" />
      <Stat k={s.movement ? MOVE_SHORT[s.movement] ?? "Speed" : "Speed"} v={s.speed} title={`Speed: ${s.speed_label} (squares per Stride)`} />
      <Stat k="AC" v={s.armor_label} title="Armor: a strike hits on this or more" />
      <Stat k="Fight" v={signed(s.fight)} title="added to a d20 to strike" />
      <Stat k="Power" v={s.power} title="how hard its powers are to resist" />
      <Stat k="Fort" v={signed(s.fort)} />
      <Stat k="Ref" v={signed(s.reflex)} />
      <Stat k="Will" v={signed(s.will)} />
    </div>
  );
}

function FeatureLine({ f, c, open }: { f: CreatureInfo["features"][number]; c: CreatureInfo; open: boolean }) {
  return (
    <div class={`feat ${f.upgrade ? "upgrade" : ""}`}>
      <span class="feat-head">
        {f.symbol && (
          <span class="act" title={f.action_label}>
            {f.symbol}
          </span>
        )}
        <b>{f.name}</b>
        {f.area && <span class="feat-area">{f.area}</span>}
        {f.strike && <span class="feat-tag">strike</span>}
        {f.uses && <span class="feat-tag">{f.uses}</span>}
        {f.upgrade && <span class="feat-tag up">upgrade +{c.upgrade_cost}</span>}
      </span>
      {f.text && <span class={`feat-text ${open ? "open" : ""}`}>{f.text}</span>}
    </div>
  );
}

function CreatureCard({ c, a, off, onAdd }: { c: CreatureInfo; a: AlignmentInfo | undefined; off: AlignmentInfo | undefined; onAdd: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <article class={`creature ${off ? "off" : ""}`} style={{ "--row": ROW_COLOUR[a?.row ?? 1] }} data-creature={c.name}>
      <header class="creature-head">
        <AlignGlyph a={a} size={22} />
        <div class="creature-title">
          <b>{c.name}</b>
          <span class="muted small">
            {c.tagline.replace(/\s-?\d+$/, "")} · {a?.name ?? c.alignment_name}
            {renders(c.alignment_symbol) ? ` ${c.alignment_symbol}` : ""}
          </span>
        </div>
        <span class="lvl" title={`level ${c.level}`}>
          <small>lv</small>
          {c.level}
        </span>
        <span class="pts" title={`${c.points} points; each upgrade, item or hero point ${c.upgrade_cost}`}>
          {c.points}
          <small>pts</small>
        </span>
      </header>
      <StatStrip c={c} />
      <div class="feats" onClick={() => setOpen(!open)} title={open ? "Show less" : "Show the features' full text"}>
        {c.features.map((f) => (
          <FeatureLine f={f} c={c} open={open} />
        ))}
        {c.standard && <div class="standard">{c.standard}</div>}
        {c.commander && (
          <div class="standard">
            Commander: {c.commander.minions}
            {c.commander.starts_with.length > 0 && ` — starts with ${c.commander.starts_with.map((m) => `${m.count} × ${m.creature}`).join(", ")} (free)`}
          </div>
        )}
      </div>
      <footer class="creature-foot">
        {c.source === "imported" && <span class="src">imported</span>}
        {off && <span class="off-note">a {off.name} warband cannot recruit it</span>}
        <button class="btn small" data-add={c.name} onClick={onAdd} title={`Add ${c.name} to the warband`}>
          + Add
        </button>
      </footer>
    </article>
  );
}

function BestiaryPanel(props: {
  creatures: CreatureInfo[];
  alignments: Map<string, AlignmentInfo>;
  warbandAlignment: AlignmentInfo | undefined;
  onAdd: (c: CreatureInfo) => void;
  loading: boolean;
}) {
  const { creatures, alignments, warbandAlignment: wa } = props;
  const [text, setText] = useState("");
  const [minLevel, setMinLevel] = useState(-1);
  const [maxLevel, setMaxLevel] = useState(14);
  const [recruitable, setRecruitable] = useState(true);
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = creatures
    .filter((c) => c.level >= minLevel && c.level <= maxLevel)
    .filter((c) => words.every((w) => `${c.name} ${c.tagline} ${c.alignment_name} ${c.features.map((f) => f.name).join(" ")}`.toLowerCase().includes(w)))
    .filter((c) => !(recruitable && wa) || wa.recruits.includes(c.alignment))
    .sort((x, y) => x.level - y.level || x.name.localeCompare(y.name));
  const levels = Array.from({ length: 16 }, (_, i) => i - 1);
  return (
    <aside class="panel bestiary" data-testid="bestiary">
      <div class="bestiary-head">
        <h3>
          Bestiary <span class="muted small">{shown.length === creatures.length ? plural(creatures.length, "creature") : `${shown.length} of ${creatures.length}`}</span>
        </h3>
        <input name="bestiary-search" type="search" placeholder="Search names, tags, features…" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        <div class="bestiary-filters">
          <label class="inline-field">
            <span>Level</span>
            <select name="min-level" value={minLevel} onChange={(e) => setMinLevel(Number((e.target as HTMLSelectElement).value))}>
              {levels.map((l) => (
                <option value={l}>{l}</option>
              ))}
            </select>
            <span>to</span>
            <select name="max-level" value={maxLevel} onChange={(e) => setMaxLevel(Number((e.target as HTMLSelectElement).value))}>
              {levels.map((l) => (
                <option value={l}>{l}</option>
              ))}
            </select>
          </label>
          <label class={`check ${wa ? "" : "disabled"}`} title={wa ? `Show only what a ${wa.name} warband may recruit` : "Alignments are checked only in Balanced, Limited Play with an alignment"}>
            <input type="checkbox" name="recruitable" checked={recruitable} disabled={!wa} onChange={(e) => setRecruitable((e.target as HTMLInputElement).checked)} />
            <span>{wa ? `only what ${wa.abbreviation} may recruit` : "every alignment may join"}</span>
          </label>
        </div>
      </div>
      <div class="bestiary-list">
        {props.loading && <div class="muted">Opening the bestiary…</div>}
        {shown.map((c) => (
          <CreatureCard c={c} a={alignments.get(c.alignment)} off={wa && !wa.recruits.includes(c.alignment) ? wa : undefined} onAdd={() => props.onAdd(c)} />
        ))}
        {!props.loading && shown.length === 0 && <div class="muted small">No creature matches.</div>}
      </div>
      <p class="muted small bestiary-foot">Numbers from the public Path 2 Victory cards, texts in Arbiter's words. Actions: ○ free · ● 1 AP · ●○ once per turn · ●● 2 AP · ↻ reaction. Click a card for its full text.</p>
    </aside>
  );
}

function EntryCard(props: {
  i: number;
  e: EntryDraft;
  cost: EntryCost;
  n: number;
  items: ItemInfo[];
  half: number | null;
  alignments: Map<string, AlignmentInfo>;
  offAlignment: boolean;
  problems: WarbandProblem[];
  onChange: (e: EntryDraft) => void;
  onRemove: () => void;
  onMove: (d: number) => void;
  onCopy: () => void;
}) {
  const { i, e, cost, items, problems, half } = props;
  const c = cost.card;
  const a = c ? props.alignments.get(c.alignment) : undefined;
  const [choosing, setChoosing] = useState<ItemInfo | null>(null);
  const [choice, setChoice] = useState("");
  const at = (...fields: string[]) => problems.filter((p) => p.field !== null && fields.includes(p.field));
  const has = (...fields: string[]) => at(...fields).length > 0;
  const bad = (field: string, k: number) => problems.some((p) => p.field === field && p.item === k);
  const set = (patch: Partial<EntryDraft>) => props.onChange({ ...e, ...patch });
  const known = ["creature", "count", "name", "hero_points", "upgrades", "items", "cost"];
  const unplaced = problems.filter((p) => !known.includes(p.field ?? ""));
  const positioning = items.filter((it) => it.kind === "positioning");
  const carried = items.filter((it) => it.kind !== "positioning");
  const overHalf = half !== null && c !== undefined && cost.unit > half;
  const lower = (s: string) => s.trim().toLowerCase();
  const toggleUpgrade = (name: string) => {
    const on = e.upgrades.some((u) => lower(u) === lower(name));
    set({ upgrades: on ? e.upgrades.filter((u) => lower(u) !== lower(name)) : [...e.upgrades, name] });
  };
  const addItem = (it: ItemInfo, chosen?: string) => set({ items: [...e.items, chosen ? `${it.name} (${chosen})` : it.name] });
  const offered = c?.upgrades ?? [];
  const extraUpgrades = e.upgrades.map((u, k) => ({ u, k })).filter(({ u }) => !offered.some((o) => lower(o) === lower(u)));
  const costLine = c
    ? `Level ${c.level}: ${c.points}${cost.extras ? ` + ${cost.extras} × ${c.upgrade_cost} = ${cost.unit}` : ""}${cost.count !== 1 ? ` each × ${cost.count} = ${cost.total}` : ""} points`
    : "not in the bestiary: no cost";

  return (
    <section class={`panel entry-card ${problems.length ? "has-problems" : ""}`} style={{ "--row": a ? ROW_COLOUR[a.row] : "#777" }} data-entry-index={i}>
      <header class="entry-head">
        <AlignGlyph a={a} size={26} />
        <div class="entry-title">
          <b class={has("creature") ? "bad-text" : ""}>{e.creature || "(no creature)"}</b>
          <span class="muted small">
            {c ? (
              <>
                level {c.level} · {c.size} · <AlignBadge a={a} />
                {props.offAlignment && <span class="off-note"> off-alignment</span>}
              </>
            ) : (
              "unknown creature"
            )}
          </span>
        </div>
        <div class={`entry-points ${overHalf ? "over" : ""}`} title="what this entry costs" data-testid={`entry-points-${i}`}>
          <b>{cost.total}</b>
          <span>points</span>
        </div>
      </header>
      <Problems list={at("creature")} />
      <input class={`entry-nick ${has("name") ? "invalid" : ""}`} name={`nickname-${i}`} placeholder="your name for it (optional)" maxLength={120} value={e.name} onInput={(ev) => set({ name: (ev.target as HTMLInputElement).value })} />
      <Problems list={at("name")} />

      <div class="entry-row">
        <div class="entry-field">
          <span class="stat-label">Copies</span>
          <NumberField name={`count-${i}`} label="copies" value={e.count} min={1} onChange={(n) => set({ count: n })} invalid={has("count")} />
        </div>
        <div class="entry-field">
          <span class="stat-label">Hero points{c ? ` (+${c.upgrade_cost} each)` : ""}</span>
          <span class={`hero-points ${has("hero_points") ? "invalid" : ""}`} role="radiogroup" aria-label="hero points">
            {[0, 1, 2, 3].map((h) => (
              <button role="radio" aria-checked={e.hero_points === h} class={`hp-dot ${h > 0 && h <= e.hero_points ? "on" : ""} ${h === 0 ? "zero" : ""}`} data-hero={`${i}-${h}`} title={h === 0 ? "no hero points" : plural(h, "hero point")} onClick={() => set({ hero_points: h })}>
                {h === 0 ? "0" : ""}
              </button>
            ))}
            {(e.hero_points < 0 || e.hero_points > 3) && <span class="bad-text small">{e.hero_points}</span>}
          </span>
        </div>
        {c && (
          <div class="entry-field grow">
            <span class="stat-label">Card</span>
            <span class="mini-stats">
              HP <b>{c.stats.hp}</b> · Speed <b>{c.stats.speed_label}</b> · AC <b>{c.stats.armor_label}</b> · Fight <b>{signed(c.stats.fight)}</b>
            </span>
          </div>
        )}
      </div>
      <Problems list={at("count", "hero_points")} />

      <div class={`entry-block ${has("upgrades") ? "invalid" : ""}`}>
        <span class="stat-label">Upgrades</span>
        <div class="chips">
          {offered.map((u) => {
            const on = e.upgrades.some((x) => lower(x) === lower(u));
            const feat = c?.features.find((f) => f.upgrade && f.name === u);
            return (
              <button class={`chip toggle ${on ? "on" : ""} ${on && e.upgrades.some((x, k) => lower(x) === lower(u) && bad("upgrades", k)) ? "bad" : ""}`} data-upgrade={u} aria-pressed={on} title={feat ? `${feat.top ? feat.top + " — " : ""}${feat.text}` : u} onClick={() => toggleUpgrade(u)}>
                {on ? "✓ " : "+ "}
                {u} <small>+{c?.upgrade_cost}</small>
              </button>
            );
          })}
          {extraUpgrades.map(({ u, k }) => (
            <span class={`chip on ${bad("upgrades", k) ? "bad" : ""}`} data-upgrade={u}>
              {u} <small>+{c?.upgrade_cost ?? 0}</small>
              <button class="chip-x" title={`Remove ${u}`} onClick={() => set({ upgrades: e.upgrades.filter((_, j) => j !== k) })}>
                ×
              </button>
            </span>
          ))}
          <select
            class="chip-select"
            name={`positioning-${i}`}
            value=""
            title="Positioning upgrades: any creature may take them, for its upgrade cost"
            onChange={(ev) => {
              const v = (ev.target as HTMLSelectElement).value;
              (ev.target as HTMLSelectElement).value = "";
              if (v && !e.upgrades.some((u) => lower(u) === lower(v))) set({ upgrades: [...e.upgrades, v] });
            }}
          >
            <option value="">+ positioning…</option>
            {positioning.map((p) => (
              <option value={p.name} title={p.text}>
                {p.name}
              </option>
            ))}
          </select>
          {offered.length === 0 && extraUpgrades.length === 0 && <span class="muted small">its card offers none</span>}
        </div>
        <Problems list={at("upgrades")} />
      </div>

      <div class={`entry-block ${has("items") ? "invalid" : ""}`}>
        <span class="stat-label">Items</span>
        <div class="chips">
          {e.items.map((name, k) => {
            const it = findItem(items, name);
            return (
              <span class={`chip on ${bad("items", k) || !it ? "bad" : ""}`} data-item={name} title={it ? `${it.kind_label}, level ${it.level}: ${it.text}` : "not an item Arbiter knows"}>
                {name} {it && <small>lv {it.level}</small>}
                <button class="chip-x" title={`Remove ${name}`} onClick={() => set({ items: e.items.filter((_, j) => j !== k) })}>
                  ×
                </button>
              </span>
            );
          })}
          {choosing ? (
            <span class="chip choosing">
              {choosing.name} (
              <input
                class="choice-input"
                name={`item-choice-${i}`}
                placeholder={choosing.choice ?? "choice"}
                value={choice}
                autoFocus
                onInput={(ev) => setChoice((ev.target as HTMLInputElement).value)}
                onKeyDown={(ev) => {
                  if (ev.key === "Enter" && choice.trim()) {
                    addItem(choosing, choice.trim());
                    setChoosing(null);
                  }
                  if (ev.key === "Escape") setChoosing(null);
                }}
              />
              )
              <button class="chip-x" disabled={!choice.trim()} title="Add" onClick={() => (addItem(choosing, choice.trim()), setChoosing(null))}>
                ✓
              </button>
              <button class="chip-x" title="Cancel" onClick={() => setChoosing(null)}>
                ×
              </button>
            </span>
          ) : (
            <select
              class="chip-select"
              name={`item-${i}`}
              value=""
              onChange={(ev) => {
                const v = (ev.target as HTMLSelectElement).value;
                (ev.target as HTMLSelectElement).value = "";
                const it = carried.find((x) => x.name === v);
                if (!it) return;
                if (it.choice) {
                  setChoice("");
                  setChoosing(it);
                } else addItem(it);
              }}
            >
              <option value="">+ item…</option>
              {carried.map((it) => {
                const tooHigh = c !== undefined && it.level !== null && it.level > c.level;
                return (
                  <option value={it.name} title={it.text}>
                    {it.name} · lv {it.level}
                    {it.choice ? ` · choose a ${it.choice}` : ""}
                    {tooHigh ? " (above its level)" : ""}
                  </option>
                );
              })}
            </select>
          )}
        </div>
        <Problems list={at("items")} />
      </div>

      <div class={`cost-line ${overHalf ? "over" : ""}`} data-testid={`cost-${i}`}>
        <span>{costLine}</span>
        {half !== null && c && (
          <span class={`half-badge ${overHalf ? "over" : ""}`} title="In all play but Narrative, no single creature may cost more than half the points limit">
            {cost.unit} / {half} max
          </span>
        )}
      </div>
      {cost.free.length > 0 && <div class="free-note">Brings free: {cost.free.map((f) => `${f.count} × ${f.creature}`).join(", ")}</div>}
      <Problems list={at("cost")} />
      <Problems list={unplaced} />
      <CardFoot i={i} n={props.n} copyTitle="Duplicate this entry (copies that differ are separate entries)" onMove={props.onMove} onCopy={props.onCopy} onRemove={props.onRemove} />
    </section>
  );
}
