//! Perft: counts every decision sequence that completes the side to move's
//! turn, to a depth in turns, and the distinct positions at the end.
//!
//! A turn runs from the active player's first decision until the next player's
//! turn begins, so it includes the spins owed by either player. Counts for the
//! standard start are pinned in the tests; any change to the move generator
//! that changes them is a rules change.

use crate::rules::Essence;
use crate::state::State;
use arbiter_core::{Discard, Game, ToMove};
use std::collections::HashSet;

/// The result of a perft run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perft {
    /// Decision sequences that complete `depth` turns (or end the game).
    pub sequences: u64,
    /// Distinct positions those sequences reach.
    pub positions: u64,
}

/// Counts decision sequences `depth` turns deep from `state`.
pub fn perft(game: &Essence, state: &State, depth: u32) -> Perft {
    let mut seen = HashSet::new();
    let mut buffers = Vec::new();
    let sequences = walk(game, state, depth, &mut seen, &mut buffers, 0);
    Perft { sequences, positions: seen.len() as u64 }
}

fn walk(
    game: &Essence,
    state: &State,
    depth: u32,
    seen: &mut HashSet<State>,
    buffers: &mut Vec<Vec<crate::Action>>,
    level: usize,
) -> u64 {
    if depth == 0 || game.to_move(state) == ToMove::Over {
        seen.insert(state.clone());
        return 1;
    }
    if buffers.len() <= level {
        buffers.push(Vec::new());
    }
    let mut actions = std::mem::take(&mut buffers[level]);
    actions.clear();
    game.legal_actions(state, &mut actions);
    let mut total = 0;
    for a in &actions {
        let mut next = state.clone();
        game.apply_legal(&mut next, a, &mut Discard);
        let d = if next.turn() != state.turn() { depth - 1 } else { depth };
        total += walk(game, &next, d, seen, buffers, level + 1);
    }
    buffers[level] = actions;
    total
}
