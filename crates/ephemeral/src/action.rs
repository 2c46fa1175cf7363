//! Decisions players take.

use crate::state::Pos;
use arbiter_core::Seat;
use serde::{Deserialize, Serialize};

/// Which side a player chooses to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// Player X: places terrain first and chooses who activates first.
    X,
    /// Player Y: forages first (v0.26) or chooses who does (v0.20).
    Y,
}

/// A way to spend a prep token (no action needed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PrepUse {
    /// Raise a rolled attack die by 2 (to its maximum).
    Raise {
        /// Which die of the roll.
        die: u8,
    },
    /// Lower a rolled attack die by 2 (to 1); v0.26 only.
    Lower {
        /// Which die of the roll.
        die: u8,
    },
    /// Raise a foraged die on one of your figures by 2 (to its maximum).
    Forage {
        /// The figure.
        figure: u8,
        /// Which of its dice.
        die: u8,
    },
    /// Move one of your figures up to 2 cm.
    Nudge {
        /// The figure.
        figure: u8,
        /// Where its centre goes.
        to: Pos,
    },
    /// Remove 2 damage from one of your figures.
    Mend {
        /// The figure.
        figure: u8,
    },
    /// +5 cm range on a figure's next attack.
    Reach {
        /// The figure.
        figure: u8,
    },
}

/// A decision by the seat to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Choose to be player X or player Y.
    Choose(Side),
    /// Place a terrain piece of the kit, centred at `at`, turned `turn` degrees.
    Terrain {
        /// The piece.
        piece: u8,
        /// Its centre.
        at: Pos,
        /// Degrees anticlockwise, 0–359.
        turn: u16,
    },
    /// Place the gate, centred at `at`.
    Gate {
        /// Its centre.
        at: Pos,
    },
    /// (v0.20) Y chooses who forages first.
    Forager(Seat),
    /// Take a die from the pool onto a figure; an unplaced figure is placed at `at`.
    Forage {
        /// Index in the pool.
        die: u8,
        /// The figure.
        figure: u8,
        /// Where to place it, if it is not on the table yet.
        at: Option<Pos>,
    },
    /// Pass instead of foraging.
    Pass,
    /// Place a figure after foraging.
    Place {
        /// The figure.
        figure: u8,
        /// Its centre.
        at: Pos,
    },
    /// (X) choose who activates first.
    First(Seat),
    /// Activate one of your figures.
    Activate {
        /// The figure.
        figure: u8,
    },
    /// Move along a path: the waypoints after the start, in order.
    Move {
        /// The waypoints (the last is where it stops).
        path: Vec<Pos>,
    },
    /// A standard attack with the chosen dice.
    Attack {
        /// The target figure.
        target: u8,
        /// How many of each size: D4, D6, D8, D10, D12.
        dice: [u8; 5],
    },
    /// Take the prepare action: gain a prep token.
    Prepare,
    /// Use one of the active figure's abilities (the catalogue effects come
    /// with the abilities issue; the decision point is here).
    Ability {
        /// Which of its abilities (0–2).
        slot: u8,
    },
    /// Spend a prep token.
    Spend(PrepUse),
    /// End the activation (after at least one action).
    End,
    /// Accept the rolled attack dice and resolve the attack.
    Resolve,
}
