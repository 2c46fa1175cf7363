//! Goofspiel, the game of pure strategy, for Arbiter: the standard test bed
//! for simultaneous secret decisions.
//!
//! Each player holds the cards 1 to *n* (13 by default). A prize card is
//! turned up, from a shuffled deck (chance) or in a fixed order; both players
//! bid one card of their hand in secret, at the same time; the bids are
//! revealed together, the higher bid wins the prize (worth its number), and
//! tied bids win nothing (the prize is discarded). Bid cards are spent.
//! After *n* rounds the player with more prize points wins. This is the game
//! as commonly defined, and as OpenSpiel's `goofspiel` with `imp_info=false`
//! (every bid revealed after its round), so results compare.
//!
//! Modules: `variant` (number of cards, prize order, returns), `state`,
//! `action` (a bid, and its notation), `event`, `observation` (what a seat
//! sees, and resampling the hidden bid), `rules` (the `Game`), `entry` (the
//! registration entry: options, bots, words, the terminal picture).

mod action;
mod entry;
mod event;
mod observation;
mod rules;
mod state;
mod variant;

pub use action::Action;
pub use event::Event;
pub use observation::Observation;
pub use rules::Goofspiel;
pub use state::{Round, State};
pub use variant::{Order, Returns, Variant};
