//! The position as a flat vector of numbers, for learning agents (the
//! Python API's `observation_tensor`, PettingZoo's observation box):
//! `Entry::observation_tensor`. Ephemeral Path keeps no secrets, so every
//! seat sees the same vector.
//!
//! Every value lies in 0–1 (lengths ÷ the 40 cm table, counts ÷ 10 or as
//! stated, flags 0 or 1), in blocks, in order:
//!
//! | block | values | size |
//! |---|---|---|
//! | figures | per figure slot (12, P1's set then P2's): present, P2's, on the table, defeated, x, y, hit points ÷ 10, damage ÷ 10, actions left ÷ 10, foraged dice ÷ 10, activations ÷ 10, active now | 12 × 12 |
//! | terrain | per piece (5, in order of placement): placed, kit piece ÷ 10, x, y, turn ÷ 360 | 5 × 5 |
//! | gate | placed, x, y | 3 |
//! | pool | per place (10): the die is there, its sides ÷ 12, its face ÷ 12 | 10 × 3 |
//! | players | prep tokens ÷ 10 (P1, P2); X is P1, X is P2; the game has started; P1, P2 activated last | 7 |
//! | phase | one flag per phase: side choice, side roll, terrain, pool roll, forager choice, foraging, deployment, first choice, activation, acting, over | 11 |
//! | pending | frames pending inside an action ÷ 10; effects in play ÷ 10; mines on the table ÷ 10 | 3 |

use crate::rules::Ephemeral;
use crate::state::{MAX_FIGURES, POOL, Phase, Pos, State};
use arbiter_core::Seat;

/// Values per figure slot.
const PER_FIGURE: usize = 12;
/// Terrain pieces in a kit.
const PIECES: usize = 5;
/// The vector's length (see the module documentation).
pub const TENSOR_SIZE: usize = MAX_FIGURES * PER_FIGURE + PIECES * 5 + 3 + POOL * 3 + 7 + 11 + 3;

/// A length on the 40 cm table as a value in 0–1.
fn across(v: f32) -> f32 {
    (v / 40.0).clamp(0.0, 1.0)
}

/// A count as a value in 0–1, ÷ 10.
fn tenth(n: impl Into<f32>) -> f32 {
    (n.into() / 10.0).clamp(0.0, 1.0)
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

impl Ephemeral {
    /// The position as numbers (see the module documentation).
    pub fn tensor(&self, s: &State) -> Vec<f32> {
        let mut t = Vec::with_capacity(TENSOR_SIZE);
        let active = match s.phase {
            Phase::Acting { figure, .. } => Some(usize::from(figure)),
            _ => None,
        };
        for i in 0..MAX_FIGURES {
            match s.figures.get(i) {
                Some(f) => {
                    let at = f.at.unwrap_or(Pos::new(0.0, 0.0));
                    let hp = self.stats().get(i).map_or(0, |st| st.hp);
                    t.extend([
                        1.0,
                        flag(f.owner == Seat(1)),
                        flag(f.on_table()),
                        flag(f.defeated),
                        across(at.x),
                        across(at.y),
                        tenth(hp),
                        tenth(f.damage),
                        tenth(f.actions),
                        tenth(f.dice.len().min(255) as u8),
                        tenth(f.activations),
                        flag(active == Some(i)),
                    ]);
                }
                None => t.extend([0.0; PER_FIGURE]),
            }
        }
        for i in 0..PIECES {
            match s.terrain.get(i) {
                Some(p) => {
                    t.extend([1.0, tenth(p.piece), across(p.at.x), across(p.at.y), f32::from(p.turn % 360) / 360.0])
                }
                None => t.extend([0.0; 5]),
            }
        }
        match s.gate {
            Some(g) => t.extend([1.0, across(g.x), across(g.y)]),
            None => t.extend([0.0; 3]),
        }
        for place in &s.pool.0 {
            match place {
                Some(d) => t.extend([1.0, f32::from(d.sides.min(12)) / 12.0, f32::from(d.value.min(12)) / 12.0]),
                None => t.extend([0.0; 3]),
            }
        }
        t.extend([
            tenth(s.prep[0]),
            tenth(s.prep[1]),
            flag(s.x == Some(Seat(0))),
            flag(s.x == Some(Seat(1))),
            flag(s.started),
            flag(s.last == Some(Seat(0))),
            flag(s.last == Some(Seat(1))),
        ]);
        let phase = match s.phase {
            Phase::ChooseSide { .. } => 0,
            Phase::SideRoll => 1,
            Phase::Terrain { .. } => 2,
            Phase::PoolRoll => 3,
            Phase::ChooseForager => 4,
            Phase::Forage { .. } => 5,
            Phase::Deploy { .. } => 6,
            Phase::ChooseFirst => 7,
            Phase::Activate { .. } => 8,
            Phase::Acting { .. } => 9,
            Phase::Over => 10,
        };
        t.extend((0..11).map(|p| flag(p == phase)));
        t.extend([
            tenth(s.pending.len().min(255) as u8),
            tenth(s.effects.len().min(255) as u8),
            tenth(s.mines.len().min(255) as u8),
        ]);
        t
    }
}
