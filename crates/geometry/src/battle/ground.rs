//! One set of questions, two battlefields: the rules of play ask through
//! [`Battleground`] and switch between the grid ([`Battlefield`], squares)
//! and the gridless table ([`Tabletop`], inches) with one setting.

use super::field::{Battlefield, FigureId};
use super::gridless::Tabletop;

/// The targeting questions of the rules, on the grid or on the table.
/// Distances are squares on the grid and inches on the table.
pub trait Battleground {
    /// The range from `a` to `b`.
    fn distance(&self, a: FigureId, b: FigureId) -> Option<f32>;
    /// True if `b` is within `range` of `a`.
    fn within(&self, a: FigureId, b: FigureId, range: u32) -> bool;
    /// True if the two are adjacent.
    fn next_to(&self, a: FigureId, b: FigureId) -> bool;
    /// True if `b` is within `a`'s reach (Melee 1 is adjacent).
    fn reaches(&self, a: FigureId, b: FigureId, reach: u32) -> bool;
    /// True if `a` has line of sight to `b`.
    fn sees(&self, a: FigureId, b: FigureId) -> bool;
    /// True if `a` has line of effect to `b`.
    fn affects(&self, a: FigureId, b: FigureId) -> bool;
    /// True if `a` and `b` flank `target`.
    fn flank(&self, a: FigureId, b: FigureId, target: FigureId, reach_a: u32, reach_b: u32) -> bool;
}

impl Battleground for Battlefield {
    fn distance(&self, a: FigureId, b: FigureId) -> Option<f32> {
        self.range(a, b).map(|d| d as f32)
    }
    fn within(&self, a: FigureId, b: FigureId, range: u32) -> bool {
        self.in_range(a, b, range)
    }
    fn next_to(&self, a: FigureId, b: FigureId) -> bool {
        self.adjacent(a, b)
    }
    fn reaches(&self, a: FigureId, b: FigureId, reach: u32) -> bool {
        self.in_reach(a, b, reach)
    }
    fn sees(&self, a: FigureId, b: FigureId) -> bool {
        self.line_of_sight(a, b).is_some()
    }
    fn affects(&self, a: FigureId, b: FigureId) -> bool {
        self.line_of_effect(a, b)
    }
    fn flank(&self, a: FigureId, b: FigureId, target: FigureId, reach_a: u32, reach_b: u32) -> bool {
        self.flanks(a, b, target, reach_a, reach_b)
    }
}

impl Battleground for Tabletop {
    fn distance(&self, a: FigureId, b: FigureId) -> Option<f32> {
        self.range(a, b)
    }
    fn within(&self, a: FigureId, b: FigureId, range: u32) -> bool {
        self.in_range(a, b, range as f32)
    }
    fn next_to(&self, a: FigureId, b: FigureId) -> bool {
        self.adjacent(a, b)
    }
    fn reaches(&self, a: FigureId, b: FigureId, reach: u32) -> bool {
        self.in_reach(a, b, reach as f32)
    }
    fn sees(&self, a: FigureId, b: FigureId) -> bool {
        Tabletop::sees(self, a, b)
    }
    fn affects(&self, a: FigureId, b: FigureId) -> bool {
        self.effect(a, b)
    }
    fn flank(&self, a: FigureId, b: FigureId, target: FigureId, reach_a: u32, reach_b: u32) -> bool {
        self.flanks(a, b, target, reach_a as f32, reach_b as f32)
    }
}
