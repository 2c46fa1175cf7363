// A match as this browser follows it: the view (pushed over the WebSocket,
// which reconnects by itself), the steps seen so far, the record's config,
// and acting — for the URL's seat, or for whichever seat held here owes the
// decision when one screen plays several seats.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { ErrorBody } from "@bindings/ErrorBody";
import type { MatchView } from "@bindings/MatchView";
import type { ServerMessage } from "@bindings/ServerMessage";
import type { Step } from "@bindings/Step";
import { ApiFailure, api, parseJson, socketUrl, type RecordConfig } from "./api";
import { heldUndoSeat } from "./dice";
import { Senders, type Answer } from "./sender";
import { remember, seatsOf } from "./store";

export type ActResult = { ok: true } | { ok: false; error: ErrorBody };

export interface Live {
  view: MatchView | null;
  loadError: ErrorBody | null;
  connected: boolean;
  steps: Step[];
  config: RecordConfig | null;
  refusal: (ErrorBody & { action: unknown }) | null;
  pending: boolean;
  held: Map<number, string>;
  act: (action: unknown) => Promise<ActResult>;
  /** Enters what real dice show, for the seat the view is for: its dice
   * still to enter (over the WebSocket, or REST when it is down). */
  roll: (values: number[]) => Promise<ActResult>;
  /** Takes back the last entry (over the WebSocket, or REST). */
  undo: () => Promise<ActResult>;
  clearRefusal: () => void;
}

/** The seats that may decide now: the seat or seats to move, or, with real
 * dice, the seats that may enter the roll asked for. */
export function decidersOf(v: MatchView): number[] {
  if (v.turn.kind === "seat") return [v.turn.seat];
  if (v.turn.kind === "together") return v.turn.seats;
  if (v.turn.kind === "chance" && v.dice) return v.dice.seat !== null && v.dice.entered_by.includes(v.dice.seat) ? [v.dice.seat] : v.dice.entered_by;
  return [];
}

export function useMatch(id: string, urlToken: string | null, urlSeat: number | null, watch = false): Live {
  const [view, setView] = useState<MatchView | null>(null);
  const [loadError, setLoadError] = useState<ErrorBody | null>(null);
  const [connected, setConnected] = useState(false);
  const [steps, setSteps] = useState<Step[]>([]);
  const [config, setConfig] = useState<RecordConfig | null>(null);
  const [refusal, setRefusal] = useState<Live["refusal"]>(null);
  const [pending, setPending] = useState(false);
  const held = useRef(new Map<number, string>());
  const current = useRef<MatchView | null>(null);
  const stepMap = useRef(new Map<number, Step>());
  const socketUp = useRef(false);
  const senders = useRef<Senders | null>(null);
  if (senders.current === null) senders.current = new Senders(id, () => socketUp.current);

  // The token this page follows: the URL's, else one held for the match.
  const primary = useRef<string | null>(null);
  if (primary.current === null && !watch) {
    const mine = seatsOf(id);
    held.current = mine;
    primary.current = urlToken ?? (urlSeat !== null ? mine.get(urlSeat) : undefined) ?? [...mine.values()][0] ?? null;
  }

  const mergeSteps = useCallback((list: Step[]) => {
    let changed = false;
    for (const s of list) {
      if (!stepMap.current.has(s.index)) {
        stepMap.current.set(s.index, s);
        changed = true;
      }
    }
    if (changed) setSteps([...stepMap.current.values()].sort((a, b) => a.index - b.index));
  }, []);

  const show = useCallback(
    (v: MatchView) => {
      const cur = current.current;
      if (cur && v.len < cur.len) return;
      // A shorter view than the last one (a roll taken back) was confirmed
      // by the caller: forget the steps taken back.
      if (cur === null && stepMap.current.size) {
        let dropped = false;
        for (const k of [...stepMap.current.keys()])
          if (k >= v.len) {
            stepMap.current.delete(k);
            dropped = true;
          }
        if (dropped) setSteps([...stepMap.current.values()].sort((a, b) => a.index - b.index));
      }
      current.current = v;
      setView(v);
      mergeSteps(v.recent);
    },
    [mergeSteps],
  );

  // Takes a view and, when another seat held here owes the decision, that seat's view instead.
  const receive = useCallback(
    async (v: MatchView) => {
      // With real dice a roll may be taken back: a shorter view pushed is
      // checked against the server (it may only be late) before it is shown.
      const cur = current.current;
      if (cur && v.len < cur.len && v.dice_mode === "real") {
        try {
          const now = await api.view(id, v.you !== null ? held.current.get(v.you) : null);
          if (now.len < (current.current?.len ?? 0)) {
            current.current = null;
            v = now;
          }
        } catch {
          /* keep what is shown */
        }
      }
      // One screen for several seats (hot seat): the seat held here that
      // decides now — the seat to move, one still to choose in secret, or
      // the one whose real dice are asked for.
      const deciders = decidersOf(v);
      const t = v.you !== null && deciders.includes(v.you) ? null : (deciders.find((s) => held.current.has(s)) ?? null);
      if (t !== null && t !== v.you && held.current.has(t)) {
        try {
          const other = await api.view(id, held.current.get(t));
          if (other.len >= v.len) return show(other);
        } catch {
          /* fall back to the view we have */
        }
      }
      show(v);
    },
    [id, show],
  );

  // First load: the view (which also tells the token's seat) and the record's config.
  useEffect(() => {
    let stop = false;
    (async () => {
      try {
        const v = await api.view(id, primary.current);
        if (stop) return;
        if (primary.current && v.you !== null) {
          held.current.set(v.you, primary.current);
          remember({ id, game: v.game, seat: v.you, token: primary.current, name: v.seats[v.you]?.name ?? "" });
        }
        await receive(v);
      } catch (e) {
        if (!stop) setLoadError(e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null });
      }
      try {
        const rec = await api.record(id, primary.current);
        if (!stop) setConfig(rec?.config ?? null);
      } catch {
        /* hidden until the end; the board copes without it */
      }
    })();
    return () => {
      stop = true;
    };
  }, [id, receive]);

  // The WebSocket, reconnecting with a growing pause.
  useEffect(() => {
    let ws: WebSocket | null = null;
    let closed = false;
    let delay = 400;
    let timer: number | undefined;
    const open = () => {
      const socket = new WebSocket(socketUrl(id, primary.current));
      ws = socket;
      socket.onopen = () => {
        delay = 400;
        socketUp.current = true;
        if (primary.current) senders.current?.adopt(primary.current, socket);
        setConnected(true);
      };
      ws.onmessage = (m) => {
        let msg: ServerMessage;
        try {
          msg = parseJson(String(m.data)) as ServerMessage;
        } catch {
          return;
        }
        if (senders.current?.answer(msg)) return;
        if (msg.type === "view") void receive(msg.view);
      };
      socket.onclose = () => {
        socketUp.current = false;
        senders.current?.closed(socket);
        setConnected(false);
        if (closed) return;
        timer = window.setTimeout(open, delay);
        delay = Math.min(delay * 2, 5000);
      };
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      socketUp.current = false;
      senders.current?.close();
      ws?.close();
    };
  }, [id, receive]);

  const act = useCallback(
    async (action: unknown): Promise<ActResult> => {
      const v = current.current;
      const token = v && v.you !== null ? held.current.get(v.you) : undefined;
      if (!v || !token) {
        const error = { error: "forbidden", message: "you are watching: only a seat's link may act", refusal: null };
        setRefusal({ ...error, action });
        return { ok: false, error };
      }
      setPending(true);
      try {
        const res = await api.act(id, token, action);
        setRefusal(null);
        mergeSteps(res.steps);
        await receive(res.view);
        return { ok: true };
      } catch (e) {
        const error: ErrorBody =
          e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null };
        setRefusal({ ...error, action });
        return { ok: false, error };
      } finally {
        setPending(false);
      }
    },
    [id, mergeSteps, receive],
  );

  // Real dice: a roll, or taking the last one back, for the view's seat.
  const withToken = useCallback(
    async (what: unknown, run: (token: string, v: MatchView) => Promise<MatchView | null>): Promise<ActResult> => {
      const v = current.current;
      const token = v && v.you !== null ? held.current.get(v.you) : undefined;
      if (!v || !token) {
        const error = { error: "forbidden", message: "you are watching: only a seat's link may enter dice", refusal: null };
        setRefusal({ ...error, action: what });
        return { ok: false, error };
      }
      setPending(true);
      try {
        const next = await run(token, v);
        setRefusal(null);
        // Over the socket the view comes pushed after the answer.
        if (next === null) return { ok: true };
        // An undo goes back: show the shorter view and drop the steps taken back.
        if (next.len < v.len) current.current = null;
        await receive(next);
        return { ok: true };
      } catch (e) {
        const error: ErrorBody = e instanceof ApiFailure ? e.body : { error: "error", message: String(e), refusal: null };
        setRefusal({ ...error, action: what });
        return { ok: false, error };
      } finally {
        setPending(false);
      }
    },
    [receive],
  );
  // Real dice and undo go over the WebSocket when it is up, else by REST.
  const roll = useCallback(
    (values: number[]) =>
      withToken(`dice ${values.join(" ")}`, async (token) => {
        const answer = await senders.current?.send(token, { type: "roll", values });
        if (answer) {
          if (answer.type === "accepted") mergeSteps(answer.steps);
          return settled(answer);
        }
        const res = await api.roll(id, token, values);
        mergeSteps(res.steps);
        return res.view;
      }),
    [id, withToken, mergeSteps],
  );
  // On one screen for two players, the last entry may be the other seat's.
  const undo = useCallback(
    () =>
      withToken("undo the last entry", async (token, v) => {
        const other = heldUndoSeat(v, held.current);
        const by = (other !== null ? held.current.get(other) : undefined) ?? token;
        const answer = await senders.current?.send(by, { type: "undo", len: v.len });
        if (answer) {
          // The shorter view pushed next is shown, the steps taken back dropped.
          if (answer.type === "undone" && answer.len < v.len) current.current = null;
          return settled(answer);
        }
        return api.undo(id, by, v.len);
      }),
    [id, withToken],
  );

  return {
    view,
    loadError,
    connected,
    steps,
    config,
    refusal,
    pending,
    held: held.current,
    act,
    roll,
    undo,
    clearRefusal: () => setRefusal(null),
  };
}

/** An answer over the socket: `null` when taken (the view comes pushed),
 * thrown as the REST call would throw it when refused. */
function settled(answer: Answer): null {
  if (answer.type === "error") throw new ApiFailure(answer.error.error === "conflict" ? 409 : 422, answer.error);
  return null;
}
