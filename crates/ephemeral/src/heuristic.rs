//! The position heuristic for bots ([`Evaluate`]): the game is won by
//! figures touching the gate when the last action is spent, so each figure
//! counts for whether it touches the gate or can still reach it with the
//! actions it has left, plus what it is worth alive (health, prep tokens,
//! the foraged dice its abilities can spend). An Immobile figure off the
//! gate can no longer reach it.

use crate::frame::{Apply, Frame, Judge};
use crate::rules::Ephemeral;
use crate::state::{Phase, State};
use crate::table::{gate_disc, v};
use arbiter_core::{Evaluate, Game, Seat};
use arbiter_geometry::table::{Disc, TOLERANCE};

/// What a figure on the gate is worth, against 1 for being alive.
const ON_GATE: f64 = 3.0;
/// What a prep token is worth.
const TOKEN: f64 = 0.2;
/// What a foraged die on a figure's sheet is worth (an ability's fuel).
const DIE: f64 = 0.15;
/// Score differences are squashed into -1..1 with this scale.
const SCALE: f64 = 4.0;

/// The damage each figure is about to take from work still pending: damage
/// already computed, and the expected damage of strikes not yet resolved. A
/// bot deciding whether to spend a Defend die (or to counter attack) sees the
/// difference at once, before the damage lands.
fn incoming(game: &Ephemeral, state: &State) -> [f64; crate::state::MAX_FIGURES] {
    let mut out = [0.0f64; crate::state::MAX_FIGURES];
    let mut add = |figure: u8, amount: f64| {
        if let Some(x) = out.get_mut(figure as usize) {
            *x += amount;
        }
    };
    for f in state.pending.iter() {
        match f {
            Frame::Damage(h) | Frame::Apply(Apply::Damage(h)) => add(h.target, f64::from(h.amount)),
            Frame::AttackRoll(s) | Frame::AttackDice(s) => {
                let rolled = s.dice.iter().all(|d| d.value > 0);
                let expected = match s.judge {
                    Judge::Force { force } => {
                        let sum: u32 = s.dice.iter().map(|d| u32::from(d.value)).sum();
                        if rolled {
                            if sum <= u32::from(force) { f64::from(sum) } else { 0.0 }
                        } else {
                            let mut counts = [0u8; 5];
                            for d in &s.dice {
                                if let Some(k) = crate::state::DIE_SIZES.iter().position(|x| *x == d.sides) {
                                    counts[k] = counts[k].saturating_add(1);
                                }
                            }
                            crate::dice::expected_damage(&counts, force)
                        }
                    }
                    Judge::Formula { damage, force } => {
                        let die = s.dice.first().map_or(0.0, |d| {
                            if rolled { f64::from(d.value) } else { (f64::from(d.sides) + 1.0) / 2.0 }
                        });
                        f64::from(u8::from(damage.force) * force)
                            + if damage.die { die } else { 0.0 }
                            + f64::from(damage.bonus)
                    }
                };
                let _ = game;
                add(s.target, expected);
            }
            _ => {}
        }
    }
    out
}

impl Evaluate for Ephemeral {
    fn evaluate(&self, state: &State, seat: Seat) -> f64 {
        if state.phase == Phase::Over {
            return self.returns(state, seat);
        }
        let coming = if state.pending.is_empty() { [0.0; crate::state::MAX_FIGURES] } else { incoming(self, state) };
        let mut score = [0.0f64; 2];
        let gate = state.gate.map(gate_disc);
        for (i, f) in state.figures.iter().enumerate() {
            let s = f.owner.index();
            let stats = &self.stats()[i];
            if f.defeated {
                continue;
            }
            let left = (f64::from(stats.hp) - f64::from(f.damage) - coming[i]).max(0.0);
            if left <= 0.0 {
                // About to be defeated.
                continue;
            }
            let health = left / f64::from(stats.hp.max(1));
            score[s] += 1.0 + 0.5 * health + DIE * f.dice.len() as f64;
            let (Some(at), Some(gate)) = (f.at, gate) else {
                // Not placed yet: it will arrive at an edge, far from the gate.
                score[s] += 0.3 * ON_GATE * f64::from(f.actions.min(3)) / 3.0;
                continue;
            };
            let gap = f64::from(gate.gap(&Disc::new(v(at), stats.radius)));
            if gap <= f64::from(TOLERANCE) && f.on.is_none() {
                score[s] += ON_GATE + 0.001 * f64::from(stats.points);
            } else if f.actions > 0 && !state.effects.has(i as u8, crate::fx::Fx::Immobile) {
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
