"""PettingZoo's api_test and Gymnasium's env checker on Arbiter's environments."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from arbiter.gymnasium_env import ArbiterEnv
from arbiter.pettingzoo_env import env


@pytest.mark.parametrize("name,params", [("kuhn", {}), ("goofspiel", {"cards": 4}), ("goofspiel", {"cards": 6, "order": "descending"}),
                                         ("essence", {"variant": "fast"}), ("essence", {"variant": "fast,loop,summoning"}),
                                         ("ethia", {}), ("ethia", {"mode": "battle", "players": 4})])
def test_pettingzoo_api_test(name, params):
    api_test(env(name, **params), num_cycles=200)


def test_pettingzoo_game_pays_zero_sum_returns():
    e = env("kuhn")
    e.reset(seed=3)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sum(totals.values()) == 0
    assert any(totals.values())


@pytest.mark.parametrize("name,opponent,params", [("kuhn", "random", {}), ("goofspiel", "mcts:iters=20", {"cards": 4})])
def test_gymnasium_check_env(name, opponent, params):
    check_env(ArbiterEnv(name, opponent=opponent, **params), skip_render_check=True)


def test_gymnasium_episode_and_illegal_action():
    e = ArbiterEnv("goofspiel", opponent="greedy", cards=4, order="descending")
    obs, info = e.reset(seed=1)
    assert obs.shape == (18,)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, done, _, info = e.step(action)
        steps += 1
    assert steps == 4
    assert reward in (-1.0, 0.0, 1.0)
    e.reset(seed=2)
    e.step(0)  # bid the 1
    _, reward, done, _, info = e.step(0)  # the 1 again: refused
    assert done and reward == -1.0 and info["illegal"]
    assert info["rule_id"].startswith("goofspiel.")


def test_gymnasium_rejects_an_unknown_opponent():
    with pytest.raises(ValueError):
        ArbiterEnv("kuhn", opponent="nobody")


def test_essence_numbers_its_actions_once_for_all():
    """The fast board's 1 890 numbers: the mask marks exactly the legal list,
    and a number means the same action in any state."""
    import arbiter
    e = env("essence", variant="fast")
    assert e.action_space("player_0").n == 1890
    e.reset(seed=4)
    meaning = {}
    steps = 0
    rng = np.random.default_rng(4)
    for agent in e.agent_iter(max_iter=300):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = e.state.legal_actions()
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
        for a in legal:
            text = e.state.action_to_string(a)
            assert meaning.setdefault(a, text) == text, f"{a} was {meaning[a]}, now {text}"
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 10
    # The 5 × 5 board numbers every spin: 2^25 of its 33 564 658 numbers.
    game = arbiter.load_game("essence")
    assert game.num_distinct_actions() == 33_564_658
    state = game.new_initial_state()
    assert all(0 <= a < 33_564_658 for a in state.legal_actions())
