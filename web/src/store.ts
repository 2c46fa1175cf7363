// Seat tokens kept in this browser (localStorage), for "my games", for
// reloading a table, and for playing several seats on one screen.

export interface Held {
  id: string;
  game: string;
  seat: number;
  token: string;
  name: string;
  at: number;
}

const KEY = "arbiter.seats.v1";

export function held(): Held[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((h) => h && typeof h.token === "string") : [];
  } catch {
    return [];
  }
}

function save(list: Held[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    /* storage full or disabled: the URL still carries the token */
  }
}

/** Remembers a seat (newest first; one entry per token). */
export function remember(h: Omit<Held, "at">) {
  const rest = held().filter((x) => x.token !== h.token);
  save([{ ...h, at: Date.now() }, ...rest]);
}

/** Forgets every seat of a match. */
export function forget(id: string) {
  save(held().filter((x) => x.id !== id));
}

/** The seats of one match held here, by seat. */
export function seatsOf(id: string): Map<number, string> {
  const m = new Map<number, string>();
  for (const h of held()) if (h.id === id && !m.has(h.seat)) m.set(h.seat, h.token);
  return m;
}

const NAME_KEY = "arbiter.name.v1";

/** The name last given on this browser (joining or creating a game), or "". */
export function lastName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Remembers the name given, to fill it in next time. */
export function rememberName(name: string) {
  try {
    localStorage.setItem(NAME_KEY, name.slice(0, 40));
  } catch {
    /* storage disabled: the form starts empty */
  }
}
