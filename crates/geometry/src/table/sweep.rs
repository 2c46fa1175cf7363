//! Paths: the length of a polyline, and points within a radius of a base.

use super::{Disc, TOLERANCE, Vec2};

/// The length of the polyline through `points` (0 for fewer than two).
pub fn path_length(points: &[Vec2]) -> f32 {
    points.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// True if the base `disc` is within `radius` of the point `p`, measured
/// to the nearest point of its edge (mines and spray).
pub fn within(p: Vec2, radius: f32, disc: &Disc) -> bool {
    disc.gap_to_point(p) <= radius + TOLERANCE
}
