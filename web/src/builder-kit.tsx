// What the two builder pages share — the Ephemeral figure-set builder
// (build-ephemeral.tsx) and the Path 2 Victory warband builder
// (build-p2v.tsx): turning a failed call into an error body, the live check
// against the server a moment after each change, the file toolbar (start
// from a shipped file, load, download TOML or JSON, print sheets), the undo
// bar, the lists of problems, the printable sheets' tab and the number
// field. Each page keeps its own words; the markup, classes and test ids
// here are the ones both pages had.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ErrorBody } from "@bindings/ErrorBody";
import { ApiFailure } from "./api";

/** The error body of a failed call (an `ApiFailure`'s own, or one made from anything else thrown). */
export const failure = (e: unknown): ErrorBody => (e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });

/** The largest file either builder reads. */
const MAX_FILE = 1 << 20;

/** The error for a file over 1 MiB, or null; `kind` ("a warband file") adds "…; {kind} is smaller". */
export function tooLarge(f: File, kind?: string): ErrorBody | null {
  if (f.size <= MAX_FILE) return null;
  return { error: "too-large", message: `${f.name} is over 1 MiB${kind ? `; ${kind} is smaller` : ""}`, refusal: null };
}

/** The error for a file the server could not read, and why. */
export const unreadable = (f: File, why: string): ErrorBody => ({ error: "invalid", message: `${f.name} could not be read: ${why}`, refusal: null });

export type CheckStatus = "ok" | "bad" | "pending";

/**
 * The live check: `run` is called `delay` ms after `key` last changed, and
 * its answer kept; an answer for an older key is dropped. `fresh` says the
 * answer is for the current key; `status` is "pending" until it is.
 */
export function useDebouncedCheck<T extends { ok: boolean }>(key: string, delay: number, run: () => Promise<T>, onError: (e: ErrorBody) => void) {
  const [check, setCheck] = useState<T | null>(null);
  const [checkedFor, setCheckedFor] = useState("");
  useEffect(() => {
    let stale = false;
    const t = setTimeout(async () => {
      try {
        const c = await run();
        if (!stale) {
          setCheck(c);
          setCheckedFor(key);
        }
      } catch (e) {
        if (!stale) onError(failure(e));
      }
    }, delay);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [key]);
  const fresh = check !== null && checkedFor === key;
  const status: CheckStatus = !fresh ? "pending" : check!.ok ? "ok" : "bad";
  return { check, fresh, status };
}

/** Saves `text` as a file named `name` through a temporary link. */
export function downloadText(name: string, text: string, mime: string) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export type FileKind = "toml" | "json";

/** Saves a draft as TOML (`toml()`) or as the pretty-printed JSON of `file`. */
export function downloadDraft(kind: FileKind, name: string, toml: () => string, file: unknown) {
  if (kind === "toml") downloadText(name, toml(), "application/toml");
  else downloadText(name, JSON.stringify(file, null, 2) + "\n", "application/json");
}

/** The bar at the top of the printable sheets' tab, with its own sentence; hidden when printing. */
export const printBar = (sentence: string) =>
  `<div class="arbiter-print-bar"><span>${sentence}</span><button onclick="window.print()">Print…</button><button onclick="window.close()">Close</button></div><style>.arbiter-print-bar{position:sticky;top:0;z-index:9;display:flex;gap:12px;align-items:center;justify-content:center;margin:-24px -24px 18px;padding:10px 16px;background:#1d1711;color:#f1e8d8;font:14px system-ui,sans-serif}.arbiter-print-bar button{font:inherit;font-weight:600;padding:6px 14px;border-radius:7px;border:1px solid #b98222;background:#f4cf78;color:#2a1b06;cursor:pointer}.arbiter-print-bar button+button{background:transparent;color:#f1e8d8;border-color:#5a4733}@media print{.arbiter-print-bar{display:none!important}}</style>`;

/**
 * Opens the printable sheets (`title`: "Spec sheets") in a new tab: the tab
 * is opened at once, while the click still counts as the user's, and filled
 * with `render()`'s page and the print bar. Returns a blob URL of the page
 * when the browser blocked the tab (null when it opened); throws, after
 * closing the tab, when `render` fails. Call it straight from the click.
 */
export async function openPrintable(title: string, render: () => Promise<string>): Promise<string | null> {
  const w = window.open("", "_blank");
  w?.document.write(`<!doctype html><title>${title}</title><body style="font:16px system-ui,sans-serif;padding:2em;color:#333">Preparing the ${title.toLowerCase()}…</body>`);
  try {
    const html = await render();
    const page = html.replace(/<body>/, `<body>${printBar(`${title} from Arbiter's builder: print them, or save them as PDF.`)}`);
    if (w && !w.closed) {
      w.document.open();
      w.document.write(page);
      w.document.close();
      return null;
    }
    return URL.createObjectURL(new Blob([page], { type: "text/html" }));
  } catch (e) {
    w?.close();
    throw e;
  }
}

/** A button that opens the file chooser of a hidden file input, and hands on the file chosen. */
export function FileButton(props: { label: string; title: string; accept: string; testid: string; onFile: (f: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button class="btn small" onClick={() => input.current?.click()} title={props.title}>
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        data-testid={props.testid}
        onChange={(e) => {
          const f = (e.target as HTMLInputElement).files?.[0];
          (e.target as HTMLInputElement).value = "";
          if (f) props.onFile(f);
        }}
      />
    </>
  );
}

/**
 * The builder toolbar: `lead` first, then "Start from" (a blank file or a
 * shipped one), Load file…, Download TOML / JSON, `extra`, Print sheets.
 */
export function FileToolbar(props: {
  lead?: ComponentChildren;
  blankLabel: string;
  choices: { value: string; label: string }[];
  onStart: (choice: string) => void;
  loadTitle: string;
  onLoad: (f: File) => void;
  onDownload: (kind: FileKind) => void;
  extra?: ComponentChildren;
  printDisabled: boolean;
  printTitle: string;
  onPrint: () => void;
}) {
  return (
    <div class="builder-toolbar">
      {props.lead}
      <label class="inline-field">
        <span>Start from</span>
        <select
          name="start-from"
          value=""
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            (e.target as HTMLSelectElement).value = "";
            if (v) props.onStart(v);
          }}
        >
          <option value="">choose…</option>
          <option value="blank">{props.blankLabel}</option>
          {props.choices.map((c) => (
            <option value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      <span class="toolbar-gap" />
      <FileButton label="Load file…" title={props.loadTitle} accept=".toml,.json,application/json,application/toml,text/plain" testid="load-file" onFile={(f) => void props.onLoad(f)} />
      <button class="btn small" onClick={() => props.onDownload("toml")} data-testid="download-toml">
        Download TOML
      </button>
      <button class="btn small" onClick={() => props.onDownload("json")} data-testid="download-json">
        JSON
      </button>
      {props.extra}
      <button class="btn small primary" disabled={props.printDisabled} onClick={props.onPrint} data-testid="print" title={props.printTitle}>
        <svg class="btn-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z" />
        </svg>
        Print sheets
      </button>
    </div>
  );
}

/** "Loaded {label}. Undo ×": shown after a file replaced the work. */
export function UndoBar({ label, onUndo, onDismiss }: { label: string; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div class="undo-bar">
      Loaded {label}.{" "}
      <button class="link-btn" onClick={onUndo}>
        Undo
      </button>
      <button class="icon-btn" title="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** What the problem lists need of a problem (a `SetProblem` or a `WarbandProblem`). */
interface Problem {
  rule: string;
  message: string;
  text: string;
}

/** The problems of one field, under it; `title` gives each a tooltip, `showRule` adds its rule code. */
export function ProblemList<P extends Problem>({ list, title, showRule = false }: { list: P[]; title?: (p: P) => string; showRule?: boolean }) {
  if (!list.length) return null;
  return (
    <ul class="field-problems">
      {list.map((p) => (
        <li data-testid="problem" data-rule={p.rule} title={title?.(p)}>
          {p.message}
          {showRule && (
            <>
              {" "}
              <code>{p.rule}</code>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every problem, whole lines with their rule codes, in the status panel; a
 * click scrolls to the element `place` names (a CSS selector), if any.
 */
export function ProblemIndex<P extends Problem>({ list, place, extra }: { list: P[]; place: (p: P) => string | null; extra?: (p: P) => ComponentChildren }) {
  if (!list.length) return null;
  return (
    <ol class="problem-list">
      {list.map((p) => (
        <li
          data-rule={p.rule}
          onClick={() => {
            const at = place(p);
            if (at !== null) document.querySelector(at)?.scrollIntoView({ behavior: "smooth", block: "center" });
          }}
        >
          {p.text}
          <code>{p.rule}</code>
          {extra?.(p)}
        </li>
      ))}
    </ol>
  );
}

/** `list` with its `i`th element moved `d` places (±1), or null when that leaves the list. */
export function moved<T>(list: T[], i: number, d: number): T[] | null {
  const j = i + d;
  if (j < 0 || j >= list.length) return null;
  const next = list.slice();
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** The foot of a figure or entry card: move up, move down, duplicate, remove. */
export function CardFoot(props: { i: number; n: number; copyTitle: string; onMove: (d: number) => void; onCopy: () => void; onRemove: () => void }) {
  const { i } = props;
  return (
    <footer class="fig-foot">
      <button class="btn small ghost" disabled={i === 0} onClick={() => props.onMove(-1)} title="Move up">
        ↑
      </button>
      <button class="btn small ghost" disabled={i === props.n - 1} onClick={() => props.onMove(1)} title="Move down">
        ↓
      </button>
      <button class="btn small ghost" onClick={props.onCopy} title={props.copyTitle}>
        Duplicate
      </button>
      <button class="btn small ghost danger" onClick={props.onRemove} data-testid={`remove-${i}`}>
        Remove
      </button>
    </footer>
  );
}

/** A number field that keeps what is typed until it is a number of the right kind. */
export function NumberField(props: { name: string; value: number; onChange: (n: number) => void; integer?: boolean; min?: number; step?: number; invalid?: boolean; label?: string }) {
  const { value, integer = true } = props;
  const [text, setText] = useState(String(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    const n = Number(text);
    if (text.trim() === "" || n !== value) {
      setText(String(value));
      setBad(false);
    }
  }, [value]);
  const set = (t: string) => {
    setText(t);
    const n = Number(t);
    const ok = t.trim() !== "" && Number.isFinite(n) && (!integer || Number.isInteger(n)) && Math.abs(n) <= 1e6;
    setBad(!ok);
    if (ok && n !== value) props.onChange(n);
  };
  const step = props.step ?? 1;
  return (
    <span class={`num ${props.invalid || bad ? "invalid" : ""}`}>
      <button class="num-btn" tabIndex={-1} onClick={() => props.onChange(Math.max(props.min ?? -1e6, value - step))} aria-label={`less ${props.label ?? ""}`}>
        −
      </button>
      <input
        name={props.name}
        aria-label={props.label ?? props.name}
        inputMode={integer ? "numeric" : "decimal"}
        value={text}
        onInput={(e) => set((e.target as HTMLInputElement).value)}
        onBlur={() => bad && (setText(String(value)), setBad(false))}
        title={bad ? (integer ? "a whole number" : "a number") : undefined}
      />
      <button class="num-btn" tabIndex={-1} onClick={() => props.onChange(value + step)} aria-label={`more ${props.label ?? ""}`}>
        +
      </button>
    </span>
  );
}
