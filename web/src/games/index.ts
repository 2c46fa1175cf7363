// The web tables of the games, one line each: the board and controls of a
// game (and, for Ephemeral, the figure-set pickers the lobby shows). A game
// without a line here still plays, on the generic table (its observation
// and its legal actions in the game's notation).
import type { GameModule } from "../ui";
import { useEssence } from "./essence";
import { useEthia } from "./ethia";
import { useWorlds, worldsLabel } from "./worlds";
import { useEphemeral } from "./ephemeral";
import { EphemeralSets } from "./ephemeral-sets";
import { useGoofspiel } from "./goofspiel";
import { useKuhn } from "./kuhn";
import { P2vSetup, useP2v } from "./p2v";

export const GAMES: Record<string, GameModule> = {
  essence: { table: useEssence },
  ethia: { table: useEthia },
  "ethia-worlds": { table: useWorlds, actionWords: worldsLabel },
  ephemeral: { table: useEphemeral, variantEditor: EphemeralSets },
  goofspiel: { table: useGoofspiel, secrets: true },
  kuhn: { table: useKuhn, secrets: true },
  p2v: { table: useP2v, variantEditor: P2vSetup },
};
