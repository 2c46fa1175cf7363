//! A heuristic judgement of Essence positions for the AI: material (motes and
//! their power), weighed against the threats each side can make next.

use crate::board::squares;
use crate::rules::Essence;
use crate::state::State;
use arbiter_core::{Evaluate, Game, Seat};

impl Evaluate for Essence {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        if self.outcome(s).is_some() {
            return self.returns(s, seat);
        }
        let score = material(s, seat) - material(s, seat.other());
        (score / 12.0).tanh()
    }
}

/// Motes count most (a mote is an action source and a life); power counts too.
fn material(s: &State, seat: Seat) -> f64 {
    let mut total = 0.0;
    for sq in squares(s.motes_of(seat)) {
        if let Some(m) = s.mote(sq) {
            total += 3.0 + f64::from(m.power());
        }
    }
    total
}
