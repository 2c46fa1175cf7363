//! Small helpers the bots share: acting for a given seat (alone or in a
//! simultaneous decision) and the states a bot may search from.

use arbiter_core::{Discard, Game, Perspective, Seat, ToMove};
use rand::Rng;
use std::borrow::Cow;

/// States drawn from a perspective of a game with secrets, for the bots
/// that average over them (greedy, heuristic).
pub const DETERMINIZATIONS: usize = 16;

/// Appends `seat`'s legal actions in `state`.
pub fn actions_for<G: Game>(game: &G, state: &G::State, seat: Seat, out: &mut Vec<G::Action>) {
    if game.to_move(state) == ToMove::Seat(seat) {
        game.legal_actions(state, out);
    } else {
        game.legal_actions_of(state, seat, out);
    }
}

/// Applies an action `seat` may take in `state` (one listed by
/// [`actions_for`]): the fast path when `seat` is to move alone, its secret
/// choice in a simultaneous decision.
pub fn act_for<G: Game>(game: &G, state: &mut G::State, seat: Seat, action: &G::Action) {
    if game.to_move(state) == ToMove::Seat(seat) {
        game.apply_legal(state, action, &mut Discard);
    } else {
        let _ = game.apply_as(state, seat, action, &mut Discard);
    }
}

/// The states a bot searches from: the state itself for a game without
/// secrets, else `count` states drawn from the seat's observation.
pub fn worlds<'v, G: Game, R: Rng + ?Sized>(
    game: &G,
    view: &'v Perspective<'_, G>,
    count: usize,
    rng: &mut R,
) -> Vec<Cow<'v, G::State>> {
    match view.state() {
        Some(s) => vec![Cow::Borrowed(s)],
        None => (0..count).filter_map(|_| view.sample(game, rng)).map(Cow::Owned).collect(),
    }
}
