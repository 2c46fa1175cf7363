//! The position heuristic for bots ([`Evaluate`]): the game is won by
//! figures touching the gate when the last action is spent, so each figure
//! counts for whether it touches the gate or can still reach it with the
//! actions it has left, plus what it is worth alive (health, prep tokens).

use crate::rules::Ephemeral;
use crate::state::{Phase, State};
use crate::table::{gate_disc, v};
use arbiter_core::{Evaluate, Game, Seat};
use arbiter_geometry::table::{Disc, TOLERANCE};

/// What a figure on the gate is worth, against 1 for being alive.
const ON_GATE: f64 = 3.0;
/// What a prep token is worth.
const TOKEN: f64 = 0.2;
/// Score differences are squashed into -1..1 with this scale.
const SCALE: f64 = 4.0;

impl Evaluate for Ephemeral {
    fn evaluate(&self, state: &State, seat: Seat) -> f64 {
        if state.phase == Phase::Over {
            return self.returns(state, seat);
        }
        let mut score = [0.0f64; 2];
        let gate = state.gate.map(gate_disc);
        for (i, f) in state.figures.iter().enumerate() {
            let s = f.owner.index();
            let stats = &self.stats()[i];
            if f.defeated {
                continue;
            }
            let health = f64::from(stats.hp.saturating_sub(f.damage)) / f64::from(stats.hp.max(1));
            score[s] += 1.0 + 0.5 * health;
            let (Some(at), Some(gate)) = (f.at, gate) else {
                // Not placed yet: it will arrive at an edge, far from the gate.
                score[s] += 0.3 * ON_GATE * f64::from(f.actions.min(3)) / 3.0;
                continue;
            };
            let gap = f64::from(gate.gap(&Disc::new(v(at), stats.radius)));
            if gap <= f64::from(TOLERANCE) && f.on.is_none() {
                score[s] += ON_GATE + 0.001 * f64::from(stats.points);
            } else if f.actions > 0 {
                let reach = f64::from(f.actions) * f64::from(stats.movement_cm);
                let share = if gap <= reach { 0.5 + 0.4 * (1.0 - gap / reach.max(1.0)) } else { 0.4 * reach / gap };
                score[s] += ON_GATE * share;
            }
        }
        for (total, tokens) in score.iter_mut().zip(state.prep) {
            *total += TOKEN * f64::from(tokens);
        }
        let me = seat.index().min(1);
        ((score[me] - score[1 - me]) / SCALE).tanh()
    }
}
