"""A Gymnasium single-agent environment: one seat of an Arbiter game, the
other seats played by any Arbiter bot.

    from arbiter.gymnasium_env import ArbiterEnv
    env = ArbiterEnv("kuhn", opponent="mcts:iters=200", player=0)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

Observations are the game's observation tensor for the agent's seat; actions
are the game's action numbers (`Discrete(game.num_distinct_actions())`), or
for a game without fixed numbers (Ephemeral Path) slots in its candidate
list (`Discrete(slots)`, see `arbiter.actions`); `info["action_mask"]` marks
the legal ones. An illegal action ends the
episode with `illegal_reward` (default -1) and the refusal in `info`. The
reward is the agent's return at the end, 0 before. Chance nodes are drawn
from the environment's seeded generator and the opponent bot is seeded from
`reset(seed=…)`, so a seed repeats an episode exactly.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import arbiter
from arbiter.actions import ActionMap
from arbiter.pettingzoo_env import TENSOR_MAX, resolve_chance


class ArbiterEnv(gym.Env):
    """One seat of an Arbiter game against an Arbiter bot."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponent: str = "random", player: int = 0,
                 illegal_reward: float = -1.0, render_mode: str | None = None, slots: int | None = None,
                 **params):
        self.game = arbiter.load_game(game, **params)
        self.opponent_spec = opponent
        arbiter.bot(opponent)  # a bad description fails here, not at the first step
        self.player = player
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._actions = ActionMap(self.game, slots)
        self._n = self._actions.n
        self._shape = tuple(self.game.observation_tensor_shape())
        self.action_space = spaces.Discrete(self._n)
        self.observation_space = spaces.Box(0.0, TENSOR_MAX, self._shape, np.float32)
        self._bot = arbiter.bot(opponent)
        self.state = None

    def _mask(self):
        return self._actions.mask(self.state, self.player)

    def _obs(self):
        return np.asarray(self.state.observation_tensor(self.player), dtype=np.float32).reshape(self._shape)

    def _advance(self):
        """Plays chance and the bot until the agent is to move or the game ends."""
        while not self.state.is_terminal() and self.state.current_player() != self.player:
            if self.state.is_chance_node():
                resolve_chance(self.state, self.np_random)
            else:
                self.state.apply_action(self._bot.step(self.state))

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self._bot = arbiter.bot(self.opponent_spec, seed=int(self.np_random.integers(2**63)))
        self.state = self.game.new_initial_state()
        self._advance()
        return self._obs(), {"action_mask": self._mask()}

    def step(self, action):
        try:
            self.state.apply_action(self._actions.game_action(self.state, action))
        except (arbiter.RefusalError, ValueError) as e:
            info = {"action_mask": self._mask(), "illegal": True, "error": str(e),
                    "rule_id": getattr(e, "rule_id", None)}
            return self._obs(), float(self.illegal_reward), True, False, info
        self._advance()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.player]) if terminated else 0.0
        return self._obs(), reward, terminated, False, {"action_mask": self._mask()}

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None
