//! What a viewer sees of a Goofspiel position, and how search rebuilds a full
//! position from a seat's view.
//!
//! Everything is public but this round's bids: the hands follow from the
//! bids revealed after each round, the prizes left from those turned up. A
//! seat sees its own bid once made, and only that the other has bid; a
//! spectator sees that bids were made; the referee sees both.

use crate::state::{Cards, Round, State, bit, cards};
use arbiter_core::{Seat, Viewer};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A viewer's view of a Goofspiel position (a seat's is its information
/// state: with every round so far and its own bid).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Observation {
    /// Whose view: a seat, or `null` for spectators and the referee.
    pub seat: Option<Seat>,
    /// The cards left in each hand, lowest first.
    pub hands: [Vec<u8>; 2],
    /// The prize cards not yet turned up, lowest first.
    pub prizes_left: Vec<u8>,
    /// The prize on the table.
    pub prize: Option<u8>,
    /// Which seats have bid this round.
    pub committed: [bool; 2],
    /// This round's bids as far as the viewer may see them.
    pub bids: [Option<u8>; 2],
    /// Prize points won.
    pub points: [u32; 2],
    /// Every finished round, in order.
    pub rounds: Vec<Round>,
}

fn list(set: Cards) -> Vec<u8> {
    cards(set).collect()
}

fn set(list: &[u8]) -> Cards {
    list.iter().fold(0, |s, &c| s | bit(c))
}

/// `viewer`'s view of `s`.
pub fn observe(s: &State, viewer: Viewer) -> Observation {
    let bids = [0, 1].map(|i| match viewer {
        Viewer::Referee => s.bids[i],
        Viewer::Seat(v) if v.index() == i => s.bids[i],
        _ => None,
    });
    Observation {
        seat: match viewer {
            Viewer::Seat(v) => Some(v),
            _ => None,
        },
        hands: [list(s.hands[0]), list(s.hands[1])],
        prizes_left: list(s.prizes),
        prize: s.prize,
        committed: s.bids.map(|b| b.is_some()),
        bids,
        points: s.points,
        rounds: s.rounds.clone(),
    }
}

/// A full position consistent with `seat`'s view: the other seat's secret
/// bid, if it has bid, is drawn from its hand.
pub fn resample<R: Rng + ?Sized>(seat: Seat, o: &Observation, rng: &mut R) -> Option<State> {
    let mut bids = o.bids;
    for (i, bid) in bids.iter_mut().enumerate() {
        if o.committed[i] && bid.is_none() {
            if i == seat.index() {
                return None;
            }
            let hand = o.hands.get(i)?;
            if hand.is_empty() {
                return None;
            }
            *bid = Some(hand[rng.random_range(0..hand.len())]);
        }
    }
    Some(State {
        hands: [set(&o.hands[0]), set(&o.hands[1])],
        prizes: set(&o.prizes_left),
        prize: o.prize,
        bids,
        points: o.points,
        rounds: o.rounds.clone(),
    })
}
