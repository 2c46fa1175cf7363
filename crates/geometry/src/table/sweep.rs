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

/// The stretch of the leg from `a` to `b` over which a disc of `radius`
/// moving along it overlaps `solid` (reaches more than the tolerance inside
/// it), as fractions of the leg: `(0.3, 0.7)` means from 30% to 70% of the
/// way. `None` when it never does. The footprint is convex, so its swept
/// overlap is one stretch ([`super::Solid::swept_overlap`]).
pub fn overlap_span(solid: &super::Solid, a: Vec2, b: Vec2, radius: f32) -> Option<(f32, f32)> {
    if solid.gap_to_capsule(a, b, radius) >= -TOLERANCE {
        return None;
    }
    solid.swept_overlap(a, b, radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Solid;

    #[test]
    fn a_disc_crossing_a_square_overlaps_it_over_one_stretch() {
        let square =
            Solid::polygon(&[Vec2::new(10.0, -5.0), Vec2::new(20.0, -5.0), Vec2::new(20.0, 5.0), Vec2::new(10.0, 5.0)])
                .unwrap();
        // A disc of radius 1 from x=0 to x=30 along y=0 overlaps from x≈9.05 to x≈20.95.
        let (lo, hi) = overlap_span(&square, Vec2::new(0.0, 0.0), Vec2::new(30.0, 0.0), 1.0).unwrap();
        assert!((lo * 30.0 - 9.05).abs() < 0.01, "{}", lo * 30.0);
        assert!((hi * 30.0 - 20.95).abs() < 0.01, "{}", hi * 30.0);
        // Starting inside: the stretch begins at 0.
        let (lo, _) = overlap_span(&square, Vec2::new(15.0, 0.0), Vec2::new(30.0, 0.0), 1.0).unwrap();
        assert_eq!(lo, 0.0);
        // Passing beside it, grazing within the tolerance: no overlap.
        assert!(overlap_span(&square, Vec2::new(0.0, 6.0), Vec2::new(30.0, 6.0), 1.0).is_none());
        let circle = Solid::circle(Vec2::new(15.0, 0.0), 3.0).unwrap();
        let (lo, hi) = overlap_span(&circle, Vec2::new(0.0, 0.0), Vec2::new(30.0, 0.0), 1.0).unwrap();
        assert!((lo * 30.0 - 11.05).abs() < 0.01 && (hi * 30.0 - 18.95).abs() < 0.01);
    }
}
