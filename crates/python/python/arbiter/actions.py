"""How an environment's discrete actions stand for a game's actions.

A game that numbers its actions once for all (`game.num_distinct_actions()`:
Kuhn poker, Goofspiel, Essence, E'thia, E'thia Worlds, Path 2 Victory) uses
those numbers: `Discrete(num_distinct_actions)`, the mask marks the legal
numbers. A game that does not (Ephemeral Path, whose moves are positions in
centimetres) uses *slots*: `Discrete(slots)`, where action `k` is the `k`-th
of the state's legal list (`state.legal_actions()`, the candidate sample the
AI uses, ascending) and the mask marks the first `len(legal)` slots. A state
with more candidates than slots offers its first `slots` (the shipped sets'
random games list at most about 440; the default is 512).
"""

from __future__ import annotations

import numpy as np

#: Slots of a game without fixed action numbers, unless the environment is told otherwise.
DEFAULT_SLOTS = 512


class ActionMap:
    """The discrete action space of one loaded game (see the module documentation)."""

    def __init__(self, game, slots: int | None = None):
        try:
            fixed = None if game.is_continuous() else game.num_distinct_actions()
        except ValueError:
            fixed = None
        if fixed is not None:
            if slots is not None:
                raise ValueError(f"{game.id} numbers its actions once for all; slots= is for games that do not")
            self.slots = None
            self.n = fixed
        else:
            self.slots = DEFAULT_SLOTS if slots is None else int(slots)
            if self.slots < 1:
                raise ValueError("slots must be at least 1")
            self.n = self.slots

    def mask(self, state, player: int) -> np.ndarray:
        """The legal actions of `player` as an int8 mask (all zeros when it is not to move)."""
        mask = np.zeros(self.n, dtype=np.int8)
        if state.current_player() == player:
            legal = state.legal_actions()
            if self.slots is None:
                mask[legal] = 1
            else:
                mask[: min(len(legal), self.n)] = 1
        return mask

    def game_action(self, state, action: int) -> int:
        """The game's action number for the environment's `action` in `state`."""
        action = int(action)
        if self.slots is None:
            return action
        legal = state.legal_actions()
        if not 0 <= action < min(len(legal), self.n):
            raise ValueError(f"slot {action} holds no legal action: this state offers {min(len(legal), self.n)}")
        return legal[action]
