//! What a viewer sees of a hand, and how search rebuilds a full hand from a
//! seat's view.
//!
//! A seat sees its own card and every bet; the other card only at a
//! showdown. A spectator sees the betting, and both cards at a showdown;
//! after a fold nobody but the referee ever sees them.

use crate::action::Action;
use crate::card::Card;
use crate::state::State;
use arbiter_core::{Seat, Viewer};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A viewer's view of a hand (a seat's is its information state).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Observation {
    /// Whose view: a seat, or `null` for spectators and the referee.
    pub seat: Option<Seat>,
    /// Which seats have been dealt their card.
    pub dealt: [bool; 2],
    /// The cards as far as the viewer may see them.
    pub cards: [Option<Card>; 2],
    /// The betting so far, P1 first.
    pub history: Vec<Action>,
    /// What each seat has put in the pot.
    pub stakes: [u8; 2],
}

/// Whether the cards are shown: a showdown ended the hand.
pub fn shown(s: &State) -> bool {
    s.betting_over() && !s.folded()
}

/// `viewer`'s view of `s`.
pub fn observe(s: &State, viewer: Viewer) -> Observation {
    let cards = [0, 1].map(|i| match viewer {
        _ if shown(s) => s.cards[i],
        Viewer::Referee => s.cards[i],
        Viewer::Seat(v) if v.index() == i => s.cards[i],
        _ => None,
    });
    Observation {
        seat: match viewer {
            Viewer::Seat(v) => Some(v),
            _ => None,
        },
        dealt: s.cards.map(|c| c.is_some()),
        cards,
        history: s.history.clone(),
        stakes: s.stakes(),
    }
}

/// A full hand consistent with `seat`'s view: a card dealt but unseen is
/// drawn from the cards nobody visibly holds.
pub fn resample<R: Rng + ?Sized>(seat: Seat, o: &Observation, rng: &mut R) -> Option<State> {
    let mut cards = o.cards;
    for i in 0..2 {
        if o.dealt[i] && cards[i].is_none() {
            if i == seat.index() {
                return None;
            }
            let free: Vec<Card> = Card::ALL.into_iter().filter(|c| !cards.contains(&Some(*c))).collect();
            cards[i] = Some(free[rng.random_range(0..free.len())]);
        } else if !o.dealt[i] && cards[i].is_some() {
            return None;
        }
    }
    Some(State { cards, history: o.history.clone() })
}
