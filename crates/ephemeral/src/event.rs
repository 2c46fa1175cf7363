//! What happened, for logs and clients.

use crate::action::{PrepUse, Side};
use crate::state::{Die, Pos};
use arbiter_core::Seat;
use serde::Serialize;

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Event {
    /// Both rolled a D6 for the choice of sides.
    SideRoll {
        /// P1's and P2's rolls.
        rolls: [u8; 2],
    },
    /// A player chose a side.
    Chose {
        /// Who.
        seat: Seat,
        /// Which side.
        side: Side,
    },
    /// A terrain piece was placed.
    Terrain {
        /// By whom.
        seat: Seat,
        /// Which piece.
        piece: u8,
        /// Where.
        at: Pos,
        /// Turned, degrees.
        turn: u16,
    },
    /// The gate was placed.
    Gate {
        /// By whom.
        seat: Seat,
        /// Where.
        at: Pos,
    },
    /// The foraging pool was rolled.
    Pool {
        /// The ten dice.
        dice: Vec<Die>,
    },
    /// Y chose who forages first (v0.20).
    Forager {
        /// Who forages first.
        seat: Seat,
    },
    /// A die went from the pool to a figure.
    Foraged {
        /// The figure.
        figure: u8,
        /// The die.
        die: Die,
    },
    /// A player passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// Foraging ended.
    ForagingOver,
    /// A figure was placed on the table.
    Placed {
        /// The figure.
        figure: u8,
        /// Where.
        at: Pos,
        /// The terrain piece it stands on.
        on: Option<u8>,
    },
    /// X chose who activates first.
    First {
        /// Who.
        seat: Seat,
    },
    /// A figure was activated.
    Activated {
        /// The figure.
        figure: u8,
    },
    /// A figure moved.
    Moved {
        /// The figure.
        figure: u8,
        /// Its path, start included.
        path: Vec<Pos>,
        /// The distance used, climbing included, cm.
        cost: f32,
        /// The piece it ended on.
        on: Option<u8>,
    },
    /// A standard attack was declared.
    Attack {
        /// The attacker.
        attacker: u8,
        /// The target.
        target: u8,
        /// The range, cm.
        range: f32,
    },
    /// The attack dice were rolled.
    Rolled {
        /// The dice.
        dice: Vec<Die>,
    },
    /// The attack hit.
    Hit {
        /// The target.
        target: u8,
        /// Damage dealt.
        damage: u8,
    },
    /// The attack missed: the sum exceeded the attacker's Force.
    Missed {
        /// The sum rolled.
        sum: u8,
        /// The attacker's Force.
        force: u8,
    },
    /// A figure was defeated and removed.
    Defeated {
        /// The figure.
        figure: u8,
    },
    /// A player gained a prep token.
    Prepared {
        /// Who.
        seat: Seat,
    },
    /// A prep token was spent.
    Spent {
        /// Who.
        seat: Seat,
        /// On what.
        on: PrepUse,
    },
    /// An activation ended.
    Ended {
        /// The figure.
        figure: u8,
    },
    /// The game ended.
    GameOver {
        /// Figures touching the gate, P1 and P2.
        touching: [u8; 2],
        /// Their spec points, P1 and P2.
        points: [u32; 2],
        /// The winner, if any.
        winner: Option<Seat>,
    },
}
