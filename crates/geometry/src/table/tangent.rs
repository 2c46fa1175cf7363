//! Lines tangent to two circles (a point is a circle of radius 0): the
//! candidate sight lines of [`super::sight`].

use super::Vec2;
use arrayvec::ArrayVec;

/// A line `{x : normal · x = offset}` with a unit normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Line {
    pub normal: Vec2,
    pub offset: f32,
}

impl Line {
    /// The signed distance from the line to a point.
    pub fn distance(&self, p: Vec2) -> f32 {
        self.normal.dot(p) - self.offset
    }
}

/// The common tangent lines of the circles `(c1, r1)` and `(c2, r2)`: up to
/// four (two outer, two inner); none if the centres coincide.
pub(super) fn common_tangents(c1: Vec2, r1: f32, c2: Vec2, r2: f32) -> ArrayVec<Line, 4> {
    let mut out = ArrayVec::new();
    let d = c2 - c1;
    let l2 = d.length_squared();
    if l2 < 1e-10 {
        return out;
    }
    let perp = Vec2::new(-d.y, d.x);
    // With normal · c1 − offset = r1 and normal · c2 − offset = ±r2, the
    // normal satisfies normal · d = k.
    for k in [r2 - r1, -r2 - r1] {
        let h2 = l2 - k * k;
        if h2 < 0.0 {
            continue;
        }
        let h = h2.sqrt();
        for sign in [1.0f32, -1.0] {
            let normal = (k * d + sign * h * perp) / l2;
            out.push(Line { normal, offset: normal.dot(c1) - r1 });
            if h == 0.0 {
                break;
            }
        }
    }
    out
}

/// The line with its normal at angle `theta` that is tangent to the circle
/// `(c, r)`, the circle lying on the normal's side.
pub(super) fn tangent_at(c: Vec2, r: f32, theta: f32) -> Line {
    let (s, co) = theta.sin_cos();
    let normal = Vec2::new(co, s);
    Line { normal, offset: normal.dot(c) - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_equal_circles_have_four_tangents_each_touching_both() {
        let (c1, c2) = (Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0));
        let lines = common_tangents(c1, 1.0, c2, 1.0);
        assert_eq!(lines.len(), 4);
        for l in lines {
            assert!((l.distance(c1).abs() - 1.0).abs() < 1e-4, "{l:?}");
            assert!((l.distance(c2).abs() - 1.0).abs() < 1e-4, "{l:?}");
        }
    }

    #[test]
    fn nested_circles_have_no_tangent_and_touching_points_one_line() {
        assert!(common_tangents(Vec2::ZERO, 5.0, Vec2::new(1.0, 0.0), 1.0).is_empty());
        let lines = common_tangents(Vec2::ZERO, 0.0, Vec2::new(3.0, 4.0), 0.0);
        assert!(!lines.is_empty());
        for l in lines {
            assert!(l.distance(Vec2::ZERO).abs() < 1e-5 && l.distance(Vec2::new(3.0, 4.0)).abs() < 1e-4);
        }
    }
}
