//! Mines (Explosive Mine): "Explosive Mine •• Place a mine in an adjacent,
//! unoccupied square. If a creature moves into that square, the mine
//! explodes. They take 7 fire damage (Reflex save vs Power 16: half damage)."
//!
//! A power with `mine = POWER` is aimed at a square ([`Aim::Square`]) next
//! to the user's space where a creature could stand and no creature or other
//! mine is. The mine stays in the state, seen by both players, until a
//! creature (of either side, flying or not) moves into its square by any
//! means, square by square within a Stride or Step: the mine is then gone and
//! the creature saves against the power's Power, with the power's `damage`
//! and `save`, through the usual save of an effect. The move goes on
//! (ruling P2V-R92).

use super::action::Aim;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Affect, Frame, Source, State};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Space, Square};
use serde::{Deserialize, Serialize};

/// A mine on the board, waiting for a creature to move into its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mine {
    /// Its square.
    pub at: Square,
    /// Who set it.
    pub by: u8,
    /// The power that set it, by index among the setter's powers (its
    /// damage, save and Power).
    pub power: u8,
}

impl P2v {
    /// The Power of a mine power of `who`, if `power` sets mines.
    pub(crate) fn mine_power(&self, who: u8, power: u8) -> Option<u8> {
        self.profile(usize::from(who))?.powers.get(usize::from(power))?.program.mine
    }

    /// Judges `who` setting a mine with `power` on `at`.
    pub(crate) fn judge_mine(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        let no = |why: &str| Refusal::because("p2v.mine", why.to_string(), section::POWER);
        use super::placed::NotBeside;
        if self.mine_power(who, power).is_none() {
            return Err(no("that power sets no mine"));
        }
        if s.mines.iter().any(|m| m.at == at) {
            return Err(no("a mine is there already"));
        }
        self.empty_beside(s, who, at).map_err(|e| match e {
            NotBeside::Nowhere => no("the creature is not on the board"),
            NotBeside::Away => no("the mine goes in a square adjacent to the user (ruling P2V-R92)"),
            NotBeside::Taken => no(
                "the square must be unoccupied: on the board, with no creature or objective, ground a creature can stand on",
            ),
        })
    }

    /// Every square where `who` may set a mine with `power`.
    pub(crate) fn mine_squares(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let i = usize::from(who);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else { return Vec::new() };
        let side = i32::from(p.size.side());
        let board = self.base_terrain().board();
        let mut out = Vec::new();
        for f in from.file() - 1..=from.file() + side {
            for k in from.rank() - 1..=from.rank() + side {
                if let Some(at) = board.square(f, k)
                    && self.judge_mine(s, who, power, at).is_ok()
                {
                    out.push(Aim::Square { at });
                }
            }
        }
        out
    }

    /// Sets the mine (judged already).
    pub(crate) fn set_mine<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, at: Square, events: &mut E) {
        s.mines.push(Mine { at, by: who, power });
        events.emit(Event::MineSet { who, at });
    }

    /// A creature's space went from `was` to `now`: each mine in a square
    /// it moved into explodes, and its save against it comes next.
    pub(crate) fn mines_entered<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        was: &Space,
        now: &Space,
        events: &mut E,
    ) {
        if s.mines.is_empty() {
            return;
        }
        let (hit, kept): (Vec<Mine>, Vec<Mine>) =
            s.mines.iter().partition(|m| now.contains(m.at) && !was.contains(m.at));
        if hit.is_empty() {
            return;
        }
        s.mines = kept;
        for m in &hit {
            events.emit(Event::MineExploded { who, at: m.at });
        }
        for m in hit.iter().rev() {
            s.pending.push(Frame::Affect(Affect {
                user: m.by,
                target: who,
                source: Source::Power { power: m.power },
                covered: true,
            }));
        }
    }
}
