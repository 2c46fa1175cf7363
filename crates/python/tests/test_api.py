"""The OpenSpiel-style API: games, states, action numbers, chance, refusals, observations."""

import json
import random

import pytest

import arbiter

#: Games and options that every test of the whole table plays.
ALL = [(name, {}) for name in arbiter.registered_names()]


def random_playout(state, rng, limit=20000):
    """Plays random legal actions (chance by its probabilities) until the end; returns the decisions made."""
    steps = 0
    while not state.is_terminal():
        assert steps < limit, f"no end after {limit} decisions: {state}"
        if state.is_chance_node():
            try:
                outcomes = state.chance_outcomes()
            except ValueError:  # a roll too big to list
                state.apply_random_chance(rng.randrange(2**63))
                steps += 1
                continue
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            assert legal, "a player to move with no legal action"
            state.apply_action(rng.choice(legal))
        steps += 1
    return steps


def test_every_registered_game_is_listed():
    names = arbiter.registered_names()
    for name in ["essence", "ethia", "ephemeral", "goofspiel", "kuhn"]:
        assert name in names


@pytest.mark.parametrize("name,params", ALL)
def test_random_playout_of_every_game_ends(name, params):
    game = arbiter.load_game(name, **params)
    for seed in range(2):
        state = game.new_initial_state()
        random_playout(state, random.Random(seed))
        assert state.is_terminal()
        assert state.current_player() == arbiter.TERMINAL
        assert len(state.returns()) == game.num_players()
        assert state.legal_actions() == []
        assert state.outcome_reason()


def test_kuhn_matches_openspiel_conventions():
    game = arbiter.load_game("kuhn")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 2
    assert game.observation_tensor_shape() == [7]
    state = game.new_initial_state()
    assert state.current_player() == arbiter.CHANCE == -1
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 3
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(outcomes[0][0])
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1]
    assert state.action_to_string(0) == "pass"
    assert state.action_to_string(0, 1) == "bet"  # pyspiel's (player, action) form
    assert state.string_to_action("bet") == 1
    state.apply_action(1)  # bet
    state.apply_action_string("fold")
    assert state.is_terminal()
    assert state.returns() == [0.5, -0.5]  # chips won over 2: returns lie in -1..1
    assert state.current_player() == arbiter.TERMINAL == -4


@pytest.mark.parametrize("name,params", [("kuhn", {}), ("ethia", {}), ("ephemeral", {}), ("goofspiel", {"order": "random"})])
def test_chance_outcomes_sum_to_one(name, params):
    game = arbiter.load_game(name, **params)
    rng = random.Random(3)
    seen = 0
    for seed in range(3):
        state = game.new_initial_state()
        while not state.is_terminal() and seen < 40:
            if state.is_chance_node():
                try:
                    outcomes = state.chance_outcomes()
                except ValueError:  # a roll too big to list
                    state.apply_random_chance(rng.randrange(2**63))
                    continue
                assert outcomes
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                assert sorted(a for a, _ in outcomes) == state.legal_actions()
                seen += 1
                state.apply_action(rng.choice(outcomes)[0])
            else:
                assert state.chance_outcomes() == []
                state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0


def test_a_refusal_raises_with_the_rule_id_reason_and_section():
    game = arbiter.load_game("goofspiel", cards=4, order="descending")
    state = game.new_initial_state()
    state.apply_action_string("bid 1")
    state.apply_action_string("bid 2")
    with pytest.raises(arbiter.RefusalError) as info:
        state.apply_action_string("bid 1")  # P1 has played the 1 already
    err = info.value
    assert err.rule_id.startswith("goofspiel.")
    assert err.reason
    assert err.section
    assert err.rule_id in str(err)
    # the same refusal by number: the 1 is action 0, no longer legal
    assert 0 not in state.legal_actions()
    with pytest.raises(arbiter.RefusalError) as info2:
        state.apply_action(0)
    assert info2.value.rule_id == err.rule_id


def test_essence_refusal_by_notation_names_the_rule():
    game = arbiter.load_game("essence")
    state = game.new_initial_state()
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    assert "a1-e5" not in legal
    with pytest.raises(arbiter.RefusalError) as info:
        state.apply_action_string("a1-e5")  # four squares at once
    assert info.value.rule_id.startswith("essence.")
    assert info.value.section


def test_bad_numbers_and_notation_raise_value_errors():
    state = arbiter.load_game("kuhn").new_initial_state()
    with pytest.raises(ValueError):
        state.apply_action(99)  # not an outcome of the deal
    with pytest.raises(ValueError):
        state.observation_string(5)
    with pytest.raises(ValueError):
        arbiter.load_game("chess")
    with pytest.raises(ValueError):
        arbiter.load_game("goofspiel", cards=0)
    s = arbiter.load_game("goofspiel", cards=4, order="descending").new_initial_state()
    with pytest.raises(ValueError):
        s.apply_action_string("play the queen")


def test_finished_game_refuses_every_decision():
    state = arbiter.load_game("goofspiel", cards=1).new_initial_state()
    random_playout(state, random.Random(1))
    with pytest.raises(arbiter.RefusalError) as info:
        state.apply_action(0)
    assert info.value.rule_id == "core.turn.over"


def test_clone_is_independent():
    game = arbiter.load_game("essence")
    state = game.new_initial_state()
    copy = state.clone()
    before = copy.serialize()
    state.apply_action(state.legal_actions()[0])
    assert copy.serialize() == before
    assert state.serialize() != before
    random_playout(copy, random.Random(2))
    assert copy.is_terminal() and not state.is_terminal()


@pytest.mark.parametrize("name", ["essence", "ethia", "ephemeral", "goofspiel", "kuhn"])
def test_serialisation_round_trips(name):
    game = arbiter.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(10):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance(rng.randrange(2**63))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    back = game.deserialize_state(state.serialize())
    assert back.serialize() == state.serialize()
    assert back.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        game.deserialize_state("{not json")


def test_observations_hide_the_other_players_card():
    game = arbiter.load_game("kuhn")
    seen = {}
    for first, second in [(0, 1), (0, 2)]:  # P1 holds the Jack; P2 the Queen or the King
        state = game.new_initial_state()
        state.apply_action(state.chance_outcomes()[first][0])
        state.apply_action(state.chance_outcomes()[[a for a, _ in state.chance_outcomes()].index(
            state.chance_outcomes()[second - 1][0])][0])
        seen[second] = (state.observation_tensor(0), state.information_state_string(0), state.observation_string(0),
                        state.observation_tensor(1))
    assert seen[1][0] == seen[2][0]
    assert seen[1][1] == seen[2][1]
    assert seen[1][2] == seen[2][2]
    assert seen[1][3] != seen[2][3]  # but P2 sees its own card
    json.loads(seen[1][1])


def test_goofspiel_numbers_bids_like_openspiel():
    game = arbiter.load_game("goofspiel", cards=5, order="descending")
    assert game.num_distinct_actions() == 5
    assert game.observation_tensor_shape() == [22]
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    assert state.action_to_string(4) == "bid 5"
    state.apply_action(4)
    assert state.current_player() == 1  # simultaneous bids commit one at a time, in secret
    assert state.observation_tensor(1) == state.clone().observation_tensor(1)
    state.apply_action_string("bid 2")
    tensor = state.observation_tensor(0)
    assert len(tensor) == 22
    assert tensor[5 + 4] == 0.0  # the 5 has left P1's hand
    assert tensor[5 + 3] == 1.0  # the 4 has not
    assert tensor[10 + 1] == 0.0  # nor has P2's 2 left P2's
    assert tensor[20:] == [5.0, 0.0]  # P1 won the first prize, the 5 (descending order)


def test_continuous_game_offers_a_sample_and_takes_any_notation():
    game = arbiter.load_game("ephemeral")
    assert game.is_continuous()
    with pytest.raises(ValueError):
        game.num_distinct_actions()
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_random_chance(rng.randrange(2**63))
    legal = state.legal_actions()
    assert legal
    text = state.action_to_string(legal[0])
    assert state.string_to_action(text) == legal[0]
    copy = state.clone()
    copy.apply_action_string(text)
    assert copy.serialize() != state.serialize()


def test_essence_observation_tensor_planes():
    game = arbiter.load_game("essence")
    assert game.observation_tensor_shape() == [21, 5, 5]
    state = game.new_initial_state()
    t = state.observation_tensor(0)
    assert len(t) == 21 * 25
    plane = lambda p: t[p * 25:(p + 1) * 25]  # noqa: E731
    assert sum(plane(15)) == 25  # the whole 5 x 5 board
    assert plane(14)[2 * 5 + 2] == 1.0 and sum(plane(14)) == 1  # the void at c3
    assert sum(plane(16)) == 25  # P1 to move
    assert sum(sum(plane(p)) for p in range(0, 6)) == 3  # P1's three motes
    assert sum(sum(plane(p)) for p in range(7, 13)) == 3  # P2's
    assert t == state.observation_tensor(1)  # no secrets in Essence
    state.apply_action(state.legal_actions()[0])
    assert state.observation_tensor(0) != t
