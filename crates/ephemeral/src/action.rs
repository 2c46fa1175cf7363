//! Decisions players take.

use crate::state::Pos;
use arbiter_core::Seat;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which side a player chooses to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum Side {
    /// Player X: places terrain first and chooses who activates first.
    X,
    /// Player Y: forages first (v0.26) or chooses who does (v0.20).
    Y,
}

/// A way to spend a prep token (no action needed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
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
    /// D6: +4 Force on this figure's next attack (a prep ability; recurring).
    Force {
        /// The figure with D6.
        figure: u8,
    },
    /// Ignore an Immobilize: the figure may move on this activation after all.
    Free {
        /// The immobilized figure.
        figure: u8,
    },
}

/// What an ability is aimed at; which form an ability takes depends on its type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// Nothing to choose (L2 heals every figure).
    Nothing,
    /// Target figures (attacks, T12, L9).
    Figures(ArrayVec<u8, 3>),
    /// A point on the table (where a mine goes).
    Point(Pos),
    /// A path: a move ability's move, or L11's reply.
    Path(Vec<Pos>),
    /// Figures to push (`false`) or pull (`true`) along the line through both centres.
    Shove(ArrayVec<(u8, bool), 2>),
    /// Push (`false`) or pull (`true`) the gate (L3).
    Gate(bool),
    /// T10, L6: raise this foraged die of one of your figures by 2.
    Raise {
        /// The figure holding it.
        figure: u8,
        /// Its place on that figure's sheet.
        die: u8,
    },
    /// L1: up to three targets, each with a pool of this figure's foraged
    /// dice (bit per die on the sheet), rolled at it.
    Pools(ArrayVec<(u8, u16), 3>),
    /// A Defend ability: use the die as it shows (`false`) or reroll it (`true`).
    Defend(bool),
    /// L7: lower the D8 by this much to cancel as much damage.
    Negate(u8),
    /// A counter attack at `target`; a counter without a damage formula (R2)
    /// is a standard attack with these dice.
    Counter {
        /// The target.
        target: u8,
        /// How many of each size: D4, D6, D8, D10, D12 (R2 only).
        dice: [u8; 5],
    },
}

/// The use of an ability: whose, which, with which die, at what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Use {
    /// The figure whose ability it is (the active figure, or a figure
    /// answering an event).
    pub figure: u8,
    /// Which of its abilities (0–2).
    pub slot: u8,
    /// Which foraged die on its sheet pays for it, if it takes one.
    #[serde(default)]
    pub die: Option<u8>,
    /// What it is aimed at.
    pub aim: Aim,
    /// Prep tokens discarded with it (D10's spray).
    #[serde(default)]
    pub tokens: u8,
}

/// A decision by the seat to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
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
    /// Pass: instead of foraging, or to let an event go unanswered.
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
    /// Use an ability: as the active figure's action, at the end of or
    /// during a move (Rush, Chain Rush), or in answer to an event (Defend,
    /// L7, a counter attack, L11, D2's spray, a recurring ability again).
    Ability(Use),
    /// Set off one of your active mines (an action of the active figure).
    Detonate {
        /// The mine's number.
        mine: u8,
    },
    /// Roll these dice to resist an ability (the target's player): how
    /// many of each size, D4 to D12. [`Action::Pass`] declines.
    Resist {
        /// How many of each size.
        dice: [u8; 5],
    },
    /// Spend a prep token.
    Spend(PrepUse),
    /// End the activation (after at least one action).
    End,
    /// Accept the rolled attack dice and resolve the attack.
    Resolve,
}
