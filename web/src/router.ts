// A tiny path router: `/` the lobby, `/m/{id}` a table, `/join/{id}` an
// invitation, `/replay/{id}` the replay viewer, `/build/ephemeral` the
// figure-set builder and `/build/p2v` the warband builder
// (`#/build/ephemeral` and `#/build/p2v` find them too).
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "lobby" }
  | { page: "table"; id: string; token: string | null; seat: number | null; watch: boolean }
  | { page: "join"; id: string; seat: number | null }
  | { page: "replay"; id: string; step: number | null }
  | { page: "build"; game: "ephemeral" | "p2v" };

export function parseRoute(loc: Location = location): Route {
  const q = new URLSearchParams(loc.search);
  const parts = loc.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const num = (s: string | null) => (s !== null && /^\d+$/.test(s) ? Number(s) : null);
  if (parts[0] === "m" && parts[1]) return { page: "table", id: parts[1], token: q.get("token"), seat: num(q.get("seat")), watch: q.has("watch") };
  if (parts[0] === "join" && parts[1]) return { page: "join", id: parts[1], seat: num(q.get("seat")) };
  if (parts[0] === "replay" && parts[1]) return { page: "replay", id: parts[1], step: num(q.get("step")) };
  const hash = loc.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  const build = parts[0] === "build" ? parts[1] : hash[0] === "build" ? hash[1] : undefined;
  if (build === "ephemeral" || build === "p2v") return { page: "build", game: build };
  return { page: "lobby" };
}

const listeners = new Set<() => void>();

export function navigate(path: string, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  listeners.forEach((f) => f());
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(parseRoute());
  useEffect(() => {
    const update = () => setRoute(parseRoute());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return route;
}

/** An in-app link. */
export function linkClick(e: MouseEvent, path: string) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(path);
}
