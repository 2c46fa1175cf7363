//! Ephemeral Path (rules v0.26) and its first edition, Ephemeral Gate (v0.20),
//! for Arbiter.
//!
//! A two-player skirmish on a 40 × 40 cm table without a grid: figures on
//! round bases forage dice, move along paths measured in centimetres, attack
//! with dice they choose against their Force, and race to stand on the gate
//! when the last action is spent. Everything the two editions disagree on is
//! an [`Edition`] switch; the rulings are in `docs/rulings/ephemeral.md`.
//!
//! - [`Ephemeral`] implements [`arbiter_core::Game`] for the whole game, every
//!   ability of the catalogue included, on the core's resolution stack
//!   ([`frame`] names the pending work, [`fx`] the effects in play);
//! - [`catalogue`] the ability catalogue, a data file validated on load;
//! - [`figure`] figure-set files and the builder's validation;
//! - [`sheet`] printable HTML spec sheets;
//! - [`kit`] terrain kits (the five pieces) as data;
//! - [`table`] the game's geometric checks: placement, moves, sight and range;
//! - [`dice`] choosing attack dice against Force;
//! - [`candidates`] candidate decisions for search and play-outs;
//! - room for the gate, a terrain piece or a base whenever there is any
//!   ([`Ephemeral::gate_room`], [`Ephemeral::piece_room`], [`Ephemeral::edge_room`]).

mod ability;
mod action;
mod activation;
pub mod candidates;
pub mod catalogue;
pub mod dice;
mod edition;
mod entry;
mod event;
pub mod figure;
pub mod frame;
pub mod fx;
mod heuristic;
pub mod kit;
pub mod measure;
pub mod notation;
pub mod random_set;
mod resolve;
mod room;
mod roster;
mod rules;
pub mod sheet;
mod state;
pub mod table;
mod tally;
mod tensor;
mod variant;

pub use ability::Role;
pub use action::{Action, Aim, PrepUse, Side, Use};
pub use catalogue::{Catalogue, Class};
pub use edition::Edition;
pub use event::Event;
pub use figure::{Figure, FigureSet};
pub use frame::{Frame, Trigger};
pub use fx::Fx;
pub use resolve::{MINE_CONTACT, MINE_REACH};
pub use roster::Stats;
pub use rules::{
    Ephemeral, GATE_CLEARANCE, GateScore, MAX_PENDING, NUDGE_CM, PLACE_CLEARANCE, REACH_CM, describe_phase,
};
pub use state::{DIE_SIZES, Die, Figure as Piece, MAX_ATTACK_DICE, MAX_FIGURES, POOL, Phase, Placed, Pool, Pos, State};
pub use variant::{DEFAULT_SETS, Variant};
