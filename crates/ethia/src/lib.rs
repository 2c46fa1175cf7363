//! E'thia for Arbiter.
//!
//! Skirmish (one 8×8 board) and Battle (two boards, shrinking to one) for two
//! players, or two teams with three or four players: walls on the edges
//! between squares, dice for actions and movement, close combat and ranged
//! capture attempts, and victory by capturing the enemy leader. The rulings
//! the text needed are in `docs/rulings/ethia.md`.
//!
//! - [`Ethia`] implements [`arbiter_core::Game`] for Skirmish and Battle;
//! - [`lines`] holds lines of attack and the outcome of capture attempts;
//! - [`layout`] the fixed wall layout and the standard placement;
//! - [`worlds`] the E'thia Worlds solo/co-op expansion ([`worlds::EthiaWorlds`]),
//!   with quests as data and the Kingdom of Coyote.

mod action;
mod entry;
mod event;
mod heuristic;
pub mod layout;
pub mod lines;
pub mod notation;
mod numbering;
mod rules;
mod setup;
mod state;
mod table;
mod tally;
mod turn;
mod validate;
mod variant;
pub mod worlds;

pub use action::Action;
pub use entry::{enemy_name, named};
pub use event::{At, Event};
pub use rules::Ethia;
pub use state::{Army, End, Ending, Phase, State, UnitKind};
pub use table::Table;
pub use variant::{Deployment, Mode, TurnOrder, Variant, WallOption};
