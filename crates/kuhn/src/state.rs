//! Where a hand of Kuhn poker stands: the cards dealt and the betting.

use crate::action::Action;
use crate::card::Card;
use serde::{Deserialize, Serialize};

/// A Kuhn poker position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// P1's and P2's cards, once dealt.
    pub cards: [Option<Card>; 2],
    /// The betting so far, P1 first: at most three decisions.
    pub history: Vec<Action>,
}

impl State {
    /// Whether the betting is over: check-check, bet-call or bet-fold
    /// (either order).
    pub fn betting_over(&self) -> bool {
        use Action::{Bet, Pass};
        matches!(self.history.as_slice(), [Pass, Pass] | [Bet, _] | [Pass, Bet, _])
    }

    /// Whether the hand ended with a fold (a pass facing a bet).
    pub fn folded(&self) -> bool {
        use Action::{Bet, Pass};
        matches!(self.history.as_slice(), [Bet, Pass] | [Pass, Bet, Pass])
    }

    /// What each seat has put in the pot: the ante, and 1 for a bet or a call.
    pub fn stakes(&self) -> [u8; 2] {
        let mut stakes = [1, 1];
        for (i, a) in self.history.iter().enumerate() {
            if *a == Action::Bet {
                stakes[i % 2] += 1;
            }
        }
        stakes
    }
}
