//! Essence of the Arcane for Arbiter.
//!
//! An abstract two-player game on a 5×5 board: each player's dice are motes
//! whose face is their power and whose pips say where they may move. Every
//! rule of the print-and-play rulebook and all four variants (Determined,
//! Loop, Summoning, the faster 3×3 game) are implemented; the project's
//! rulings are in `docs/rulings/essence.md`.
//!
//! - [`Essence`] implements [`arbiter_core::Game`];
//! - [`notation`] reads and writes positions and actions;
//! - [`heuristic`] judges positions for the AI;
//! - [`perft`] counts decision sequences, to pin the move generator.

mod action;
mod board;
mod effects;
mod entry;
mod event;
pub mod heuristic;
mod legality;
mod mote;
mod movegen;
pub mod notation;
mod numbering;
pub mod perft;
mod rules;
mod state;
mod variant;

pub use action::Action;
pub use board::{Board, Dir, Square, squares};
pub use event::Event;
pub use mote::{MAX_POWER, Mote, Orientation, orientable};
pub use rules::Essence;
pub use state::{DICE_PER_PLAYER, Kind, Phase, State};
pub use variant::{SWITCHES, Variant};
