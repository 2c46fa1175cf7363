//! Terrain footprints ([`Solid`]): convex polygons and circles, with the
//! contact, containment and crossing tests the rules need.

use super::{Disc, TOLERANCE, Vec2};
use parry2d::math::Pose;
use parry2d::query::PointQuery;
use parry2d::query::details::{
    cast_shapes_support_map_support_map, distance_support_map_support_map, intersection_test_support_map_support_map,
};
use parry2d::query::{ShapeCastOptions, ShapeCastStatus};
use parry2d::shape::{Ball, ConvexPolygon, Segment};
use std::fmt;

/// Why a footprint could not be built.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// A coordinate or radius is not a finite number.
    NotFinite,
    /// A polygon needs at least three corners.
    TooFewPoints,
    /// The corners do not make a convex polygon.
    NotConvex,
    /// The footprint is too thin to judge contact with it reliably.
    TooSmall,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShapeError::NotFinite => "a coordinate is not a finite number",
            ShapeError::TooFewPoints => "a polygon needs at least three corners",
            ShapeError::NotConvex => "the corners do not make a convex polygon (split it into convex pieces)",
            ShapeError::TooSmall => "the footprint is too small or too thin (at least 0.2 cm across)",
        })
    }
}

impl std::error::Error for ShapeError {}

#[derive(Clone, Debug)]
enum Shape {
    Circle(Disc),
    Polygon {
        /// The footprint.
        outline: ConvexPolygon,
        /// The footprint shrunk by the tolerance: what a sight line must
        /// touch to count as crossing.
        inset: ConvexPolygon,
    },
}

/// A terrain footprint on the table: a convex polygon or a circle.
#[derive(Clone, Debug)]
pub struct Solid {
    shape: Shape,
    min: Vec2,
    max: Vec2,
}

impl PartialEq for Solid {
    fn eq(&self, other: &Solid) -> bool {
        match (&self.shape, &other.shape) {
            (Shape::Circle(a), Shape::Circle(b)) => a == b,
            (Shape::Polygon { outline: a, .. }, Shape::Polygon { outline: b, .. }) => a.points() == b.points(),
            _ => false,
        }
    }
}

fn finite(p: Vec2) -> bool {
    p.x.is_finite() && p.y.is_finite()
}

fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

impl Solid {
    /// A circular footprint.
    pub fn circle(centre: Vec2, radius: f32) -> Result<Solid, ShapeError> {
        if !finite(centre) || !radius.is_finite() {
            return Err(ShapeError::NotFinite);
        }
        if radius < 2.0 * TOLERANCE {
            return Err(ShapeError::TooSmall);
        }
        let r = Vec2::splat(radius);
        Ok(Solid { shape: Shape::Circle(Disc::new(centre, radius)), min: centre - r, max: centre + r })
    }

    /// A convex polygon footprint from its corners, in either winding.
    pub fn polygon(points: &[Vec2]) -> Result<Solid, ShapeError> {
        if points.iter().any(|p| !finite(*p)) {
            return Err(ShapeError::NotFinite);
        }
        if points.len() < 3 {
            return Err(ShapeError::TooFewPoints);
        }
        let n = points.len();
        let area2: f32 = (0..n).map(|i| cross(points[i], points[(i + 1) % n])).sum();
        if area2.abs() < 1e-6 {
            return Err(ShapeError::TooSmall);
        }
        let mut ccw: Vec<Vec2> = points.to_vec();
        if area2 < 0.0 {
            ccw.reverse();
        }
        // Convex: every turn goes left (straight runs are allowed), and the
        // outline winds once.
        let mut turning = 0.0f32;
        for i in 0..n {
            let (a, b, c) = (ccw[i], ccw[(i + 1) % n], ccw[(i + 2) % n]);
            let (u, v) = (b - a, c - b);
            if u.length_squared() < 1e-10 {
                return Err(ShapeError::TooSmall);
            }
            if cross(u, v) < -1e-5 * u.length() * v.length().max(1e-6) {
                return Err(ShapeError::NotConvex);
            }
            turning += cross(u, v).atan2(u.dot(v));
        }
        if (turning - std::f32::consts::TAU).abs() > 1e-3 {
            return Err(ShapeError::NotConvex);
        }
        let outline = ConvexPolygon::from_convex_polyline(ccw).ok_or(ShapeError::TooSmall)?;
        let inset = inset(&outline).ok_or(ShapeError::TooSmall)?;
        let (mut min, mut max) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for p in outline.points() {
            min = min.min(*p);
            max = max.max(*p);
        }
        Ok(Solid { shape: Shape::Polygon { outline, inset }, min, max })
    }

    /// A polygon given in its own coordinates, turned by `degrees`
    /// anticlockwise about its origin and then moved to `at`.
    pub fn polygon_at(points: &[Vec2], at: Vec2, degrees: f32) -> Result<Solid, ShapeError> {
        let (s, c) = degrees.to_radians().sin_cos();
        let placed: Vec<Vec2> = points.iter().map(|p| at + Vec2::new(c * p.x - s * p.y, s * p.x + c * p.y)).collect();
        Solid::polygon(&placed)
    }

    /// The lower-left and upper-right corners of the bounding box.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        (self.min, self.max)
    }

    /// The circle, if the footprint is one.
    pub fn as_circle(&self) -> Option<Disc> {
        match &self.shape {
            Shape::Circle(d) => Some(*d),
            Shape::Polygon { .. } => None,
        }
    }

    /// The corners, anticlockwise, if the footprint is a polygon.
    pub fn corners(&self) -> Option<&[Vec2]> {
        match &self.shape {
            Shape::Circle(_) => None,
            Shape::Polygon { outline, .. } => Some(outline.points()),
        }
    }

    /// The distance from the footprint's outline to a point: positive
    /// outside, negative inside.
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        match &self.shape {
            Shape::Circle(d) => d.gap_to_point(p),
            Shape::Polygon { outline, .. } => {
                let proj = outline.project_local_point(p, false);
                let d = proj.point.distance(p);
                if proj.is_inside { -d } else { d }
            }
        }
    }

    /// True if the point lies in the footprint (on the outline counts).
    pub fn contains(&self, p: Vec2) -> bool {
        self.signed_distance(p) <= 0.0
    }

    /// The gap between the footprint and a disc; negative when they
    /// overlap (by how far the disc's edge reaches inside, measured at its
    /// centre's nearest outline point).
    pub fn gap_to_disc(&self, d: &Disc) -> f32 {
        self.signed_distance(d.centre) - d.radius
    }

    /// True if the footprint and the disc are in contact or overlap.
    pub fn touches_disc(&self, d: &Disc) -> bool {
        self.gap_to_disc(d) <= TOLERANCE
    }

    /// The gap between two footprints: the distance between them when
    /// apart, minus the penetration depth when they overlap.
    pub fn gap(&self, other: &Solid) -> f32 {
        match (&self.shape, &other.shape) {
            (Shape::Circle(a), Shape::Circle(b)) => a.gap(b),
            (Shape::Circle(a), Shape::Polygon { .. }) => other.gap_to_disc(a),
            (Shape::Polygon { .. }, Shape::Circle(b)) => self.gap_to_disc(b),
            (Shape::Polygon { outline: a, .. }, Shape::Polygon { outline: b, .. }) => {
                match parry2d::query::contact(&Pose::IDENTITY, a, &Pose::IDENTITY, b, f32::MAX) {
                    Ok(Some(c)) => c.dist,
                    _ => f32::MAX,
                }
            }
        }
    }

    /// The gap between the footprint and a capsule (a disc of `radius`
    /// swept from `a` to `b`); zero or less when they touch. Overlaps are
    /// not measured in depth: any overlap of a polygon gives at most zero
    /// minus the radius.
    pub fn gap_to_capsule(&self, a: Vec2, b: Vec2, radius: f32) -> f32 {
        match &self.shape {
            Shape::Circle(d) => d.gap_to_capsule(a, b, radius),
            Shape::Polygon { outline, .. } => {
                let seg = Segment::new(a, b);
                if outline.contains_local_point(a) {
                    return self.signed_distance(a) - radius;
                }
                distance_support_map_support_map(&Pose::IDENTITY, &seg, outline) - radius
            }
        }
    }

    /// The stretch of the leg from `a` to `b` (as fractions of it, 0 at `a`)
    /// over which a disc of `radius` moving along it reaches more than the
    /// tolerance inside the footprint; `None` when it never does. Exact for
    /// circles; for polygons, two shape casts of the disc, forward from `a`
    /// and backward from `b` (the footprint is convex: one stretch at most).
    pub fn swept_overlap(&self, a: Vec2, b: Vec2, radius: f32) -> Option<(f32, f32)> {
        let reach = radius - TOLERANCE;
        let d = b - a;
        match &self.shape {
            Shape::Circle(c) => {
                // |a + t d − c| < R for t in [0, 1].
                let r = c.radius + reach;
                let f = a - c.centre;
                let (qa, qb, qc) = (d.dot(d), 2.0 * f.dot(d), f.dot(f) - r * r);
                if qa < 1e-12 {
                    return (qc < 0.0).then_some((0.0, 1.0));
                }
                let disc = qb * qb - 4.0 * qa * qc;
                if disc <= 0.0 {
                    return None;
                }
                let root = disc.sqrt();
                let (t0, t1) = ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa));
                let (lo, hi) = (t0.max(0.0), t1.min(1.0));
                (lo < hi).then_some((lo, hi))
            }
            Shape::Polygon { outline, .. } => {
                if reach <= 0.0 {
                    return None;
                }
                let ball = Ball::new(reach);
                let options = ShapeCastOptions {
                    max_time_of_impact: 1.0,
                    target_distance: 0.0,
                    stop_at_penetration: true,
                    compute_impact_geometry_on_penetration: false,
                };
                // The footprint as seen from the moving disc's start, moving toward it.
                let cast = |from: Vec2, vel: Vec2| {
                    cast_shapes_support_map_support_map(&Pose::from_translation(-from), -vel, &ball, outline, options)
                        .filter(|h| h.status != ShapeCastStatus::Failed)
                        .map(|h| h.time_of_impact)
                };
                let enter = cast(a, d)?;
                let leave = cast(b, -d).unwrap_or(0.0);
                let (lo, hi) = (enter, 1.0 - leave);
                (lo < hi).then_some((lo, hi))
            }
        }
    }

    /// True if the segment from `a` to `b` crosses the footprint: passes
    /// more than the tolerance inside it.
    pub fn blocks_segment(&self, a: Vec2, b: Vec2) -> bool {
        match &self.shape {
            Shape::Circle(d) => Segment::new(a, b).distance_to_local_point(d.centre, true) < d.radius - TOLERANCE,
            Shape::Polygon { inset, .. } => {
                intersection_test_support_map_support_map(&Pose::IDENTITY, &Segment::new(a, b), inset)
            }
        }
    }

    /// Calls `f` with each feature a sight line can pivot on: the corners
    /// (radius 0) or the circle.
    pub(super) fn for_each_feature(&self, mut f: impl FnMut(Vec2, f32)) {
        match &self.shape {
            Shape::Circle(d) => f(d.centre, d.radius),
            Shape::Polygon { outline, .. } => outline.points().iter().for_each(|p| f(*p, 0.0)),
        }
    }
}

/// The polygon with every edge moved inward by the tolerance, or `None` if
/// that leaves nothing.
fn inset(outline: &ConvexPolygon) -> Option<ConvexPolygon> {
    let (points, normals) = (outline.points(), outline.normals());
    let n = points.len();
    let mut moved = Vec::with_capacity(n);
    for i in 0..n {
        let (na, nb) = (normals[(i + n - 1) % n], normals[i]);
        let dir = na + nb;
        let along = dir.dot(na);
        if along.abs() < 1e-6 {
            return None;
        }
        moved.push(points[i] - (TOLERANCE / along) * dir);
    }
    // Each moved edge must keep its direction, or the polygon was thinner
    // than twice the tolerance somewhere.
    for i in 0..n {
        let (a, b) = (moved[i], moved[(i + 1) % n]);
        let (oa, ob) = (points[i], points[(i + 1) % n]);
        if (b - a).dot(ob - oa) <= 4.0 * TOLERANCE * TOLERANCE {
            return None;
        }
    }
    ConvexPolygon::from_convex_polyline_unmodified(moved)
}
