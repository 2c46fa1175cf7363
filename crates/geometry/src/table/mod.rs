//! The continuous table: a square play area measured in centimetres, round
//! figure bases, terrain footprints with heights, and the geometric questions
//! a gridless skirmish game asks of them.
//!
//! - [`Disc`] a round base (or the gate) seen from above;
//! - [`Solid`] a terrain footprint, a convex polygon or a circle;
//! - [`PlayArea`] the square table and its edges;
//! - [`sight`] and [`shortest_sight`] line of sight and range between bases;
//! - [`path_length`], [`Solid::gap_to_capsule`] and [`Disc::gap_to_capsule`]
//!   the swept base of a move along a polyline;
//! - [`room`] where one more shape can still be put, whenever it can.
//!
//! Every judgement of contact uses one tolerance, [`TOLERANCE`]: two shapes
//! *overlap* when one reaches more than the tolerance into the other, are *in
//! contact* when their gap is at most the tolerance either way, and *touch*
//! when they are in contact or overlap. A sight line *crosses* a footprint
//! only when it passes more than the tolerance inside it, so a line that
//! grazes a corner is clear. The intersection and distance tests themselves
//! are parry2d's; this module adds the game-independent search for a clear
//! line between two discs.

mod disc;
pub mod room;
mod sight;
mod solid;
mod sweep;
mod tangent;

pub use disc::{Disc, PlayArea};
pub use parry2d::math::Vec2;
pub use sight::{Blockers, Sightline, shortest_sight, sight};
pub use solid::{ShapeError, Solid};
pub use sweep::{overlap_span, path_length, within};

/// The one tolerance of every contact judgement, in centimetres (0.5 mm):
/// about what a player can tell apart by eye on the table.
pub const TOLERANCE: f32 = 0.05;

/// The side of the standard play area, in centimetres (40 × 40 cm).
pub const STANDARD_SIZE: f32 = 40.0;
