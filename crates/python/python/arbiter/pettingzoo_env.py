"""PettingZoo AEC environments over Arbiter's games.

    from arbiter.pettingzoo_env import env
    e = env("kuhn")                      # or env("goofspiel", cards=5), env("essence", variant="fast")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0`, `player_1`, ...; each observation is a dict with the
game's observation tensor (`observation`) and a mask of the legal action
numbers (`action_mask`). Chance nodes are resolved by the environment with its
seeded generator. In a simultaneous decision (Goofspiel's bids) the players
commit one after the other, and nobody sees another's choice before the
reveal. Every game has an observation tensor; actions are the game's
fixed numbers, or for Ephemeral Path (positions in centimetres) slots in
its candidate list: see `arbiter.actions` and docs/python.md.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import arbiter
from arbiter.actions import ActionMap

#: Bound of the observation spaces: tensor values are counts, flags and
#: points, never negative.
TENSOR_MAX = 1.0e6


def env(game: str, render_mode: str | None = None, slots: int | None = None, **params) -> "ArbiterAEC":
    """An AEC environment for `game` (id or alias) with its options;
    `slots` sizes the action space of a game without fixed numbers."""
    return ArbiterAEC(game, render_mode=render_mode, slots=slots, **params)


def resolve_chance(state, rng: np.random.Generator) -> None:
    """Applies chance outcomes, drawn from `rng`, until a player is to move or the game ends."""
    while state.is_chance_node():
        try:
            outcomes = state.chance_outcomes()
        except ValueError:  # too many outcomes to list: roll them
            state.apply_random_chance(int(rng.integers(2**63)))
            continue
        probs = np.array([p for _, p in outcomes], dtype=np.float64)
        pick = rng.choice(len(outcomes), p=probs / probs.sum())
        state.apply_action(outcomes[pick][0])


class ArbiterAEC(AECEnv):
    """An Arbiter game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "arbiter_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, slots: int | None = None, **params):
        super().__init__()
        self.game = arbiter.load_game(game, **params)
        self.metadata = dict(self.metadata, name=f"arbiter_{self.game.id}_v0")
        self._actions = ActionMap(self.game, slots)
        self._n = self._actions.n
        self._shape = tuple(self.game.observation_tensor_shape())
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.agents = self.possible_agents[:]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self._n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, TENSOR_MAX, self._shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self._n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        resolve_chance(self.state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[max(self.state.current_player(), 0)]

    def observe(self, agent):
        i = self._index[agent]
        obs = np.asarray(self.state.observation_tensor(i), dtype=np.float32).reshape(self._shape)
        return {"observation": obs, "action_mask": self._actions.mask(self.state, i)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(self._actions.game_action(self.state, action))
        resolve_chance(self.state, self._rng)
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
            nxt = (self._index[agent] + 1) % len(self.possible_agents)
            self.agent_selection = self.possible_agents[nxt]
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
