//! The swept overlap of a moving disc with a footprint (what climbing is
//! measured with) against dense sampling of the leg.
#![allow(clippy::unwrap_used)]

use arbiter_geometry::table::{Solid, TOLERANCE, Vec2, overlap_span};
use proptest::prelude::*;

fn footprint() -> impl Strategy<Value = Solid> {
    prop_oneof![
        (5.0f32..35.0, 5.0f32..35.0, 0.5f32..6.0).prop_map(|(x, y, r)| Solid::circle(Vec2::new(x, y), r).unwrap()),
        (5.0f32..35.0, 5.0f32..35.0, 0.8f32..8.0, 0.8f32..8.0, 0.0f32..360.0).prop_map(|(x, y, w, h, turn)| {
            let pts = [
                Vec2::new(-w / 2.0, -h / 2.0),
                Vec2::new(w / 2.0, -h / 2.0),
                Vec2::new(w / 2.0, h / 2.0),
                Vec2::new(-w / 2.0, h / 2.0),
            ];
            Solid::polygon_at(&pts, Vec2::new(x, y), turn).unwrap()
        }),
    ]
}

proptest! {
    #[test]
    fn the_swept_overlap_is_where_dense_samples_overlap(
        solid in footprint(),
        a in (0.0f32..40.0, 0.0f32..40.0),
        b in (0.0f32..40.0, 0.0f32..40.0),
        radius in 0.9f32..3.5,
    ) {
        let (a, b) = (Vec2::new(a.0, a.1), Vec2::new(b.0, b.1));
        let len = a.distance(b).max(1e-3);
        let inside = |t: f32| solid.signed_distance(a + (b - a) * t) - radius < -TOLERANCE;
        let n = 4000;
        let samples: Vec<f32> = (0..=n).map(|k| k as f32 / n as f32).filter(|t| inside(*t)).collect();
        // A sample step, in fractions of the leg, and a small margin in cm.
        let slack = 1.0 / n as f32 + 0.002 / len;
        match overlap_span(&solid, a, b, radius) {
            None => prop_assert!(samples.len() <= 2, "no span, yet {} samples overlap", samples.len()),
            Some((lo, hi)) => {
                prop_assert!(lo <= hi);
                if let (Some(first), Some(last)) = (samples.first(), samples.last()) {
                    prop_assert!((lo - first).abs() <= slack + 1e-3, "enters at {lo}, samples from {first}");
                    prop_assert!((hi - last).abs() <= slack + 1e-3, "leaves at {hi}, samples to {last}");
                }
            }
        }
    }
}
