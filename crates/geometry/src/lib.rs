//! Geometry shared by Arbiter's games, independent of any game's rules.
//!
//! - [`grid`]: square grids of up to 128 squares with walls lying on the
//!   edges between squares: adjacency, straight lines, what a diagonal step
//!   passes, flood fills and connectivity, all on 128-bit square sets.
//!
//! Rules decide what blocks what; this crate only answers geometric
//! questions (which edge a step crosses, which walls meet at a corner).

pub mod grid;

pub use grid::{Cell, CellSet, Corner, Dir, Edge, Grid, GridError, Side, Walls};
