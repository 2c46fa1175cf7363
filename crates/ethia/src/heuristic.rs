//! A heuristic judgement of Skirmish and Battle positions for the AI: leaders
//! count for much more than squad units.

use crate::rules::Ethia;
use crate::state::State;
use arbiter_core::{Evaluate, Game, Seat};

/// Worth of a leader on the board, in squad units.
const LEADER: f64 = 8.0;

impl Evaluate for Ethia {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        if s.ending.is_some() {
            return self.returns(s, seat);
        }
        let mine = self.table().seat_team(seat);
        let mut score = 0.0;
        for a in 0..self.table().armies {
            let army = &s.armies[usize::from(a)];
            let worth = f64::from(army.squad.len()) + if army.leader.is_some() { LEADER } else { 0.0 };
            score += if self.table().team(a) == mine { worth } else { -worth };
        }
        (score / 8.0).tanh()
    }
}
