// The games this server plays, with their entries of the registration table
// (GET /api/games: names, blurbs, seats, options with help, bots), fetched
// once and shared by the lobby, the tables and the replay viewer.
import { useEffect, useState } from "preact/hooks";
import type { GameInfo } from "@bindings/GameInfo";
import { api } from "./api";

let cache: Promise<GameInfo[]> | null = null;

/** Every game's entry (one request per page load). */
export function gamesInfo(): Promise<GameInfo[]> {
  cache ??= api.games().catch((e) => {
    cache = null;
    throw e;
  });
  return cache;
}

/** The games' entries, once loaded (empty before). */
export function useGames(): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    gamesInfo().then(setGames, () => undefined);
  }, []);
  return games;
}

/** A bot's label without its details: "Medium" for "Medium (MCTS, 0.3 s)". */
export function botLabel(info: GameInfo | undefined, spec: string): string {
  return (info?.bots.find((b) => b.spec === spec)?.label ?? spec).split(" (")[0];
}
