//! Events: what happened, for logs and clients, in plain words.

use crate::board::Square;
use arbiter_core::Seat;
use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Something that happened during a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A mote grew.
    Grew {
        /// The mote's owner.
        by: Seat,
        /// Its square.
        at: Square,
        /// Its new power.
        power: u8,
    },
    /// A mote was turned a quarter.
    Spun {
        /// The mote's owner.
        by: Seat,
        /// Its square.
        at: Square,
    },
    /// A mote moved.
    Moved {
        /// The mote's owner.
        by: Seat,
        /// Where it started.
        from: Square,
        /// Where it stopped.
        to: Square,
        /// It passed through the void (Determined) and lost 1 power.
        through_void: bool,
    },
    /// A mote split off a new one.
    Split {
        /// The owner.
        by: Seat,
        /// The splitting mote.
        from: Square,
        /// The new mote.
        to: Square,
    },
    /// Power moved from one mote to another.
    Healed {
        /// The owner.
        by: Seat,
        /// The giving mote.
        from: Square,
        /// The receiving mote.
        to: Square,
        /// Power given.
        amount: u8,
        /// The receiver's new power.
        power: u8,
    },
    /// The void moved.
    VoidShifted {
        /// Who shifted it.
        by: Seat,
        /// Its old square.
        from: Square,
        /// Its new square.
        to: Square,
    },
    /// A mote destabilized its surroundings.
    Destabilized {
        /// The owner.
        by: Seat,
        /// The mote's square.
        at: Square,
        /// The reduction applied to it and every adjacent mote.
        amount: u8,
    },
    /// A power-6 mote was removed and the void took its place.
    Summoned {
        /// The owner.
        by: Seat,
        /// The square.
        at: Square,
    },
    /// A mote fell to 0 power and died; its die returns to the pool.
    Died {
        /// The mote's owner.
        owner: Seat,
        /// Its square.
        at: Square,
    },
    /// The void entered a mote's square and destroyed it.
    Destroyed {
        /// The mote's owner.
        owner: Seat,
        /// Its square.
        at: Square,
    },
    /// No action was possible; the rest of the action phase was skipped.
    Passed {
        /// Who passed.
        by: Seat,
    },
    /// A turn ended and another began.
    TurnBegan {
        /// Whose turn it is.
        by: Seat,
        /// The turn number.
        turn: u16,
    },
    /// The game ended.
    GameOver {
        /// The winner, if any.
        winner: Option<Seat>,
        /// Why it ended.
        reason: &'static str,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Grew { by, at, power } => write!(f, "{by} grows the mote on {at} to {power}"),
            Event::Spun { by, at } => write!(f, "{by} spins the mote on {at}"),
            Event::Moved { by, from, to, through_void } => {
                write!(f, "{by} moves the mote on {from} to {to}")?;
                if *through_void {
                    f.write_str(", through the void, losing 1 power")?;
                }
                Ok(())
            }
            Event::Split { by, from, to } => write!(f, "{by} splits the mote on {from}; a new mote appears on {to}"),
            Event::Healed { by, from, to, amount, power } => {
                write!(f, "{by} moves {amount} power from {from} to {to}, which is now {power}")
            }
            Event::VoidShifted { by, from, to } => write!(f, "{by} shifts the void from {from} to {to}"),
            Event::Destabilized { by, at, amount } => {
                write!(f, "{by} destabilizes {at} by {amount}, hitting every adjacent mote")
            }
            Event::Summoned { by, at } => write!(f, "{by} summons the void onto {at}"),
            Event::Died { owner, at } => write!(f, "{owner}'s mote on {at} dies"),
            Event::Destroyed { owner, at } => write!(f, "the void destroys {owner}'s mote on {at}"),
            Event::Passed { by } => write!(f, "{by} has no possible action and passes"),
            Event::TurnBegan { by, turn } => write!(f, "turn {turn}: {by} to play"),
            Event::GameOver { winner: Some(w), reason } => write!(f, "{w} wins: {reason}"),
            Event::GameOver { winner: None, reason } => write!(f, "draw: {reason}"),
        }
    }
}
