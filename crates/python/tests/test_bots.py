"""Arbiter's bots from Python."""

import random

import pytest

import arbiter


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=50", "alphabeta:nodes=200"])
def test_bots_choose_legal_actions(spec):
    bot = arbiter.bot(spec, seed=1)
    assert bot.name.split(":")[0] in spec
    state = arbiter.load_game("essence").new_initial_state()
    for _ in range(6):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_mcts_beats_random_at_kuhn_poker_on_average():
    game = arbiter.load_game("kuhn")
    mcts, rnd = arbiter.bot("mcts:iters=300", seed=2), arbiter.bot("random", seed=3)
    rng = random.Random(7)
    total = 0.0
    for g in range(200):
        state = game.new_initial_state()
        seats = (mcts, rnd) if g % 2 == 0 else (rnd, mcts)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.apply_action(seats[state.current_player()].step(state))
        total += state.returns()[0 if g % 2 == 0 else 1]
    assert total > 0, f"MCTS lost to random: {total}"


def test_one_bot_plays_several_games():
    bot = arbiter.bot("random")
    for name in ["kuhn", "goofspiel"]:
        state = arbiter.load_game(name).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        assert bot.step(state) in state.legal_actions()


def test_bad_bots_and_bad_moments_raise():
    with pytest.raises(ValueError, match="unknown bot"):
        arbiter.bot("deep-blue")
    with pytest.raises(ValueError):
        arbiter.bot("mcts:iters=lots")
    state = arbiter.load_game("kuhn").new_initial_state()
    with pytest.raises(ValueError):
        arbiter.bot("random").step(state)  # a chance node: bots do not roll dice
