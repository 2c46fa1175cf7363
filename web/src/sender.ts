// Entries over the WebSocket (docs/web.md, "Real dice and hot seat"): real
// dice and "undo my last entry" go to the server as socket messages
// (`{"type": "roll", …}`, `{"type": "undo", …}`, docs/api.md "WebSocket"),
// each tagged with an id the answer echoes. A seat's entry goes on that
// seat's socket: the page's own (which also brings the views), or, on one
// screen for several seats, a socket opened for the other seat's token when
// it first enters something. When the page's socket is down the caller
// falls back to REST.
import type { ErrorBody } from "@bindings/ErrorBody";
import type { ServerMessage } from "@bindings/ServerMessage";
import { parseJson, socketUrl } from "./api";

/** The answer to one entry sent over a socket. */
export type Answer = Exclude<ServerMessage, { type: "view" }>;

/** How long an entry waits for its answer, and a new socket for its opening. */
const ANSWER_MS = 10_000;
const OPEN_MS = 3_000;

interface Waiter {
  ws: WebSocket;
  done: (a: Answer) => void;
  timer: number;
}

function failure(id: number, error: string, message: string): Answer {
  const body: ErrorBody = { error, message, refusal: null };
  return { type: "error", id, error: body };
}

/** The sockets that carry entries, by seat token, and the entries waiting
 * for their answers. */
export class Senders {
  private sockets = new Map<string, WebSocket>();
  private waiting = new Map<number, Waiter>();
  private next = 1;

  constructor(
    private readonly match: string,
    /** Whether the page's own socket is up (else entries go by REST). */
    private readonly up: () => boolean,
  ) {}

  /** The page's socket, open for `token`: it carries that seat's entries. */
  adopt(token: string, ws: WebSocket) {
    this.sockets.set(token, ws);
  }

  /** A message that came on a socket: true when it answered an entry. */
  answer(msg: ServerMessage): boolean {
    if (msg.type === "view" || typeof msg.id !== "number") return false;
    const w = this.waiting.get(msg.id);
    if (!w) return false;
    this.waiting.delete(msg.id);
    window.clearTimeout(w.timer);
    w.done(msg);
    return true;
  }

  /** A socket closed: the entries sent on it and unanswered fail (whether
   * the server took them is unknown; the view pushed next tells). */
  closed(ws: WebSocket) {
    for (const [token, s] of this.sockets) if (s === ws) this.sockets.delete(token);
    for (const [id, w] of this.waiting)
      if (w.ws === ws) {
        this.waiting.delete(id);
        window.clearTimeout(w.timer);
        w.done(failure(id, "disconnected", "the connection closed before the server answered; look at the table and enter it again if it is missing"));
      }
  }

  /** Sends `msg` for the seat of `token` and waits for the answer; `null`
   * when no socket is up for that seat (then the caller uses REST). */
  async send(token: string, msg: Record<string, unknown>): Promise<Answer | null> {
    if (!this.up()) return null;
    const ws = await this.socketFor(token);
    if (!ws) return null;
    const id = this.next++;
    return new Promise<Answer>((done) => {
      const timer = window.setTimeout(() => {
        this.waiting.delete(id);
        done(failure(id, "timeout", "no answer from the server over the connection"));
      }, ANSWER_MS);
      this.waiting.set(id, { ws, done, timer });
      ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** Closes the sockets opened for other seats. */
  close(keep?: WebSocket) {
    for (const s of this.sockets.values()) if (s !== keep) s.close();
    this.sockets.clear();
  }

  /** An open socket for `token`: the one held, or a new one once it opens. */
  private async socketFor(token: string): Promise<WebSocket | null> {
    const held = this.sockets.get(token);
    if (held && held.readyState === WebSocket.OPEN) return held;
    if (held && held.readyState === WebSocket.CONNECTING) return (await opened(held)) ? held : null;
    const ws = new WebSocket(socketUrl(this.match, token));
    this.sockets.set(token, ws);
    ws.onmessage = (m) => {
      try {
        this.answer(parseJson(String(m.data)) as ServerMessage);
      } catch {
        /* not an answer */
      }
    };
    ws.onclose = () => this.closed(ws);
    return (await opened(ws)) ? ws : null;
  }
}

/** Whether a connecting socket opens within [`OPEN_MS`]. */
function opened(ws: WebSocket): Promise<boolean> {
  return new Promise((done) => {
    const timer = window.setTimeout(() => done(false), OPEN_MS);
    ws.addEventListener("open", () => {
      window.clearTimeout(timer);
      done(true);
    });
    ws.addEventListener("close", () => {
      window.clearTimeout(timer);
      done(false);
    });
  });
}
