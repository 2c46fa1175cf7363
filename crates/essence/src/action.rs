//! Actions: the decisions a player takes in a turn of Essence.
//!
//! Actions name squares, never indices into a move list, so they mean the
//! same thing in any position; the rules judge them against the state.

use crate::board::{Dir, Square};
use crate::state::Kind;
use ts_rs::TS;

/// One decision of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub enum Action {
    /// Growth: increase a mote's power by 1.
    Grow(Square),
    /// Spin: turn the listed motes (a square set) a quarter; the rest stay.
    Spin(u32),
    /// Move a mote along a straight line. `dir` is needed only when the Loop
    /// variant gives two ways to the same square.
    Move {
        /// The mote's square.
        from: Square,
        /// Where it stops.
        to: Square,
        /// The direction; `None` when `from` and `to` are not on a line.
        dir: Option<Dir>,
    },
    /// Split: reduce a mote by 2 and place a power-2 mote beside it.
    Split {
        /// The mote that splits.
        from: Square,
        /// The empty adjacent square for the new mote.
        to: Square,
    },
    /// Heal: reduce a mote by `amount` and raise an adjacent friendly mote by
    /// `amount + 1`.
    Heal {
        /// The mote giving power.
        from: Square,
        /// The mote receiving it.
        to: Square,
        /// Power given up, at least 1.
        amount: u8,
    },
    /// Shift the Void one space.
    Shift(Square),
    /// Destabilize: reduce a mote and every adjacent mote by `amount`.
    Destabilize {
        /// The mote that destabilizes.
        at: Square,
        /// The reduction, at least 1.
        amount: u8,
    },
    /// Summoning variant: remove a power-6 mote and put the void in its place.
    Summon(Square),
    /// No action is possible: the rest of the action phase is skipped.
    Pass,
}

impl Action {
    /// The action-phase kind, or `None` for growth, spins and passing.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Action::Move { .. } => Some(Kind::Move),
            Action::Split { .. } => Some(Kind::Split),
            Action::Heal { .. } => Some(Kind::Heal),
            Action::Shift(_) => Some(Kind::Shift),
            Action::Destabilize { .. } => Some(Kind::Destabilize),
            Action::Summon(_) => Some(Kind::Summon),
            Action::Grow(_) | Action::Spin(_) | Action::Pass => None,
        }
    }
}
