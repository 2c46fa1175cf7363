//! Geometry shared by Arbiter's games, independent of any game's rules.
//!
//! - [`battle`]: Path 2 Victory's battlefield, square boards of any size up to
//!   64 × 64 with creatures of every size and terrain on squares and edges:
//!   range, reach, line of sight and effect, cover, areas, flanking and
//!   movement, battle maps as data, drawings, and the gridless twin.
//! - [`grid`]: square grids of up to 128 squares with walls lying on the
//!   edges between squares: adjacency, straight lines, what a diagonal step
//!   passes, flood fills and connectivity, all on 128-bit square sets.
//! - [`table`]: the continuous table measured in centimetres: round bases,
//!   terrain footprints, contact with one tolerance, line of sight, range
//!   and swept moves (parry2d does the intersection tests).
//!
//! Rules decide what blocks what; this crate only answers geometric
//! questions (which edge a step crosses, which walls meet at a corner, whether
//! a straight line from one base to another avoids every footprint).

pub mod battle;
pub mod grid;
pub mod table;

pub use grid::{Cell, CellSet, Corner, Dir, Edge, Grid, GridError, Side, Walls};
