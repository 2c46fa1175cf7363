"""Random play-outs per second through the Python API: Arbiter against OpenSpiel's pyspiel.

    python crates/python/bench/playouts.py [--seconds 5]

The same loop for both: a new initial state, then until the end a chance
outcome drawn by its probability or a uniformly random legal action
(pyspiel's simultaneous Goofspiel takes one random action per player at
once; Arbiter's commits them one after the other). Kuhn poker and Goofspiel
with 13 cards, random prize order, win-loss returns (both libraries'
defaults). pyspiel is measured only when `open_spiel` is installed.
"""

import argparse
import random
import time

import arbiter

try:
    import pyspiel
except ImportError:  # open_spiel is optional
    pyspiel = None


def playouts(game, seconds, simultaneous_players=0):
    """Random play-outs of `game` for `seconds`; returns play-outs per second."""
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply_action(action)
            elif simultaneous_players and state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(simultaneous_players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    rows = [("kuhn", arbiter.load_game("kuhn"), "kuhn_poker", {}),
            ("goofspiel (13 cards)", arbiter.load_game("goofspiel", cards=13),
             "goofspiel", {"num_cards": 13})]
    print(f"{'game':<22} {'arbiter/s':>12} {'pyspiel/s':>12} {'ratio':>7}")
    for label, game, spiel_name, spiel_params in rows:
        ours = playouts(game, args.seconds)
        theirs = None
        if pyspiel is not None:
            spiel_game = pyspiel.load_game(spiel_name, spiel_params)
            theirs = playouts(spiel_game, args.seconds, spiel_game.num_players())
        ratio = f"{ours / theirs:6.2f}x" if theirs else "-"
        theirs_text = f"{theirs:12.0f}" if theirs else f"{'-':>12}"
        print(f"{label:<22} {ours:12.0f} {theirs_text} {ratio:>7}")


if __name__ == "__main__":
    main()
