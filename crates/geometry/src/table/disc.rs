//! Round bases and the gate ([`Disc`]) and the square play area ([`PlayArea`]).

use super::{TOLERANCE, Vec2};
use parry2d::query::PointQuery;
use parry2d::shape::Segment;

/// A disc on the table seen from above: a figure's base or the gate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    /// The centre, in cm from the table's lower-left corner.
    pub centre: Vec2,
    /// The radius in cm.
    pub radius: f32,
}

impl Disc {
    /// A disc from its centre and radius.
    pub fn new(centre: Vec2, radius: f32) -> Disc {
        Disc { centre, radius }
    }

    /// A disc from its centre and diameter in millimetres (bases are sold by
    /// their diameter in mm).
    pub fn from_mm(centre: Vec2, diameter_mm: f32) -> Disc {
        Disc { centre, radius: diameter_mm / 20.0 }
    }

    /// The distance between the centres.
    pub fn centre_distance(&self, other: &Disc) -> f32 {
        self.centre.distance(other.centre)
    }

    /// The distance from edge to edge; negative when the discs overlap.
    pub fn gap(&self, other: &Disc) -> f32 {
        self.centre_distance(other) - self.radius - other.radius
    }

    /// True if the discs reach more than the tolerance into each other.
    pub fn overlaps(&self, other: &Disc) -> bool {
        self.gap(other) < -TOLERANCE
    }

    /// True if the discs are in contact or overlap.
    pub fn touches(&self, other: &Disc) -> bool {
        self.gap(other) <= TOLERANCE
    }

    /// True if the edges meet: the gap is within the tolerance either way
    /// (base contact).
    pub fn in_contact(&self, other: &Disc) -> bool {
        self.gap(other).abs() <= TOLERANCE
    }

    /// The distance from the disc's edge to a point; negative inside.
    pub fn gap_to_point(&self, p: Vec2) -> f32 {
        self.centre.distance(p) - self.radius
    }

    /// The gap between this disc and a capsule: a disc of `radius` swept
    /// from `a` to `b`. Negative when they overlap.
    pub fn gap_to_capsule(&self, a: Vec2, b: Vec2, radius: f32) -> f32 {
        Segment::new(a, b).distance_to_local_point(self.centre, true) - self.radius - radius
    }
}

/// The square play area, with its lower-left corner at the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayArea {
    /// The side of the square, in cm.
    pub size: f32,
}

impl PlayArea {
    /// The standard 40 × 40 cm play area.
    pub const STANDARD: PlayArea = PlayArea { size: super::STANDARD_SIZE };

    /// The smallest distance from the disc's edge to an edge of the play
    /// area; negative when the disc sticks out.
    pub fn edge_gap(&self, d: &Disc) -> f32 {
        let c = d.centre;
        c.x.min(c.y).min(self.size - c.x).min(self.size - c.y) - d.radius
    }

    /// True if the disc lies within the play area (within the tolerance).
    pub fn holds(&self, d: &Disc) -> bool {
        self.edge_gap(d) >= -TOLERANCE
    }

    /// True if the disc lies within the play area and its edge touches one
    /// of the play area's edges.
    pub fn touches_edge(&self, d: &Disc) -> bool {
        self.edge_gap(d).abs() <= TOLERANCE
    }

    /// True if the point lies within the play area.
    pub fn contains(&self, p: Vec2) -> bool {
        (0.0..=self.size).contains(&p.x) && (0.0..=self.size).contains(&p.y)
    }

    /// True if the whole box from `min` to `max` lies within the play area.
    pub fn holds_box(&self, min: Vec2, max: Vec2) -> bool {
        min.x >= -TOLERANCE && min.y >= -TOLERANCE && max.x <= self.size + TOLERANCE && max.y <= self.size + TOLERANCE
    }
}
