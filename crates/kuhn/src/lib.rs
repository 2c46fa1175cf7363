//! Kuhn poker for Arbiter: the smallest poker, the standard test bed for
//! hidden cards.
//!
//! Three cards, Jack < Queen < King. Each player antes 1 and is dealt one
//! card in secret (chance; the third card is not used). P1 checks (passes)
//! or bets 1; facing a bet a player calls (bets) or folds (passes); after
//! P1's check P2 checks — a showdown for the antes — or bets, and P1 then
//! calls or folds. At a showdown the higher card takes the pot; a fold
//! gives it to the other player, and the cards stay hidden. This is the game
//! as commonly defined, and as OpenSpiel's `kuhn_poker` (actions pass and
//! bet), whose value for P1 at equilibrium is −1/18 of a chip.
//!
//! Modules: `card`, `state`, `action` (pass or bet, and the notation),
//! `event`, `observation` (what a seat sees, resampling the other card),
//! `rules` (the `Game`), `entry` (the registration entry), and `solve`:
//! exact expected values, best responses and exploitability of any
//! strategy, over Kuhn's small tree.

mod action;
mod card;
mod entry;
mod event;
mod observation;
mod rules;
pub mod solve;
mod state;

pub use action::Action;
pub use card::Card;
pub use event::Event;
pub use observation::Observation;
pub use rules::KuhnPoker;
pub use state::State;

/// A number of chips in words: "1 chip", "2 chips".
pub fn chips_words(n: u8) -> String {
    if n == 1 { "1 chip".into() } else { format!("{n} chips") }
}
