"""PettingZoo's api_test and Gymnasium's env checker on Arbiter's environments."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from arbiter.gymnasium_env import ArbiterEnv
from arbiter.pettingzoo_env import env


def play_first_legal(e, info, limit=10_000):
    """Plays a Gymnasium episode taking the first legal action each step;
    returns the steps, the last reward and the last info."""
    done, steps, reward = False, 0, 0.0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, done, _, info = e.step(action)
        steps += 1
        assert steps < limit, "the episode did not end"
    return steps, reward, info


@pytest.mark.parametrize("name,params", [("kuhn", {}), ("goofspiel", {"cards": 4}), ("goofspiel", {"cards": 6, "order": "descending"}),
                                         ("essence", {"variant": "fast"}), ("essence", {"variant": "fast,loop,summoning"}),
                                         ("ethia", {}), ("ethia", {"mode": "battle", "players": 4}),
                                         ("ephemeral", {}), ("ephemeral", {"edition": "v0.20"}),
                                         ("ethia-worlds", {}), ("ethia-worlds", {"leaders": 3, "players": 3}),
                                         ("p2v", {})])
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


@pytest.mark.parametrize("name,opponent,params", [("kuhn", "random", {}), ("goofspiel", "mcts:iters=20", {"cards": 4}),
                                                  ("ethia", "greedy", {}), ("ephemeral", "random", {}),
                                                  ("ethia-worlds", "random", {"leaders": 2, "players": 2}),
                                                  ("p2v", "random", {}), ("essence", "greedy", {"variant": "fast"})])
def test_gymnasium_check_env(name, opponent, params):
    check_env(ArbiterEnv(name, opponent=opponent, **params), skip_render_check=True)


def test_gymnasium_episode_and_illegal_action():
    e = ArbiterEnv("goofspiel", opponent="greedy", cards=4, order="descending")
    obs, info = e.reset(seed=1)
    assert obs.shape == (18,)
    steps, reward, info = play_first_legal(e, info)
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


def test_a_continuous_game_s_actions_are_slots_in_its_candidate_list():
    """Ephemeral Path has no fixed numbers: action k is the k-th legal
    candidate, the mask marks as many slots as there are candidates, and a
    slot beyond them is refused."""
    e = env("ephemeral", slots=600)
    assert e.action_space("player_0").n == 600
    e.reset(seed=4)
    agent = e.agent_selection
    obs, *_ = e.last()
    i = e.possible_agents.index(agent)
    legal = e.state.legal_actions()
    assert int(obs["action_mask"].sum()) == min(len(legal), 600) > 0
    assert obs["observation"].shape == (223,)
    from arbiter.actions import ActionMap
    slots = ActionMap(e.game, 600)
    assert [slots.game_action(e.state, k) for k in range(len(legal))] == legal
    before = e.state.serialize()
    with pytest.raises(ValueError):
        e.step(len(legal))  # no candidate there
    assert e.state.serialize() == before, "a refused slot changes nothing"
    expected = e.state.clone()
    expected.apply_action(legal[-1])
    e.step(len(legal) - 1)
    if not expected.is_chance_node():  # else the environment rolled on
        assert e.state.serialize() == expected.serialize()
    assert i in (0, 1)
    with pytest.raises(ValueError):
        env("kuhn", slots=10)  # Kuhn numbers its actions


def test_gymnasium_plays_ephemeral_by_slots_to_the_end():
    e = ArbiterEnv("ephemeral", opponent="random")
    obs, info = e.reset(seed=2)
    assert obs.shape == (223,)
    steps, reward, info = play_first_legal(e, info, limit=2000)
    assert reward in (-1.0, 0.0, 1.0) and "illegal" not in info
