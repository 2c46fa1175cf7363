"""Arbiter from Python: every game Arbiter referees, through an OpenSpiel-style API.

    import arbiter
    game = arbiter.load_game("kuhn")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()      # [(action, probability), ...]
            state.apply_action(outcomes[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

`current_player()` is -1 (`CHANCE`) at a chance node and -4 (`TERMINAL`) at the
end, as in pyspiel. A decision the rules refuse raises `RefusalError`, whose
`rule_id`, `reason` and `section` say which rule forbids it. Bots:
`arbiter.bot("mcts:iters=500").step(state)`. Environments:
`arbiter.pettingzoo_env.env("kuhn")`, `arbiter.gymnasium_env.ArbiterEnv("kuhn", opponent="random")`.
See docs/python.md.
"""

from ._arbiter import (  # noqa: F401
    CHANCE,
    TERMINAL,
    Bot,
    Game,
    RefusalError,
    State,
    bot,
    load_game,
    registered_names,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "Game",
    "RefusalError",
    "State",
    "bot",
    "load_game",
    "registered_names",
]
