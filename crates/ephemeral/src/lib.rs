//! Ephemeral Path (rules v0.26) and its first edition, Ephemeral Gate (v0.20),
//! for Arbiter.
//!
//! A two-player skirmish on a 40 × 40 cm table without a grid: figures on
//! round bases forage dice, move along paths measured in centimetres, attack
//! with dice they choose against their Force, and race to stand on the gate
//! when the last action is spent. Everything the two editions disagree on is
//! an [`Edition`] switch; the rulings are in `docs/rulings/ephemeral.md`.
//!
//! - [`catalogue`] the ability catalogue, a data file validated on load;
//! - [`figure`] figure-set files and the builder's validation;
//! - [`sheet`] printable HTML spec sheets.

pub mod catalogue;
mod edition;
pub mod figure;
pub mod sheet;

pub use catalogue::{Catalogue, Class};
pub use edition::Edition;
pub use figure::{Figure, FigureSet};
