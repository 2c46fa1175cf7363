//! Lines of attack and the outcome of capture attempts.
//!
//! "All units have an attack range/line of sight of 4 or less connected
//! squares that form a straight line. Diagonal attacks are allowed if all
//! squares are diagonally connected, but a player cannot attack over or
//! through any other units." Walls block orthogonal lines they cross; a
//! diagonal line is blocked only where the target stands directly behind a
//! wall facing the attacker (ruling E5).

use crate::state::UnitKind;
use arbiter_geometry::{Cell, CellSet, Grid, Walls};
use ts_rs::TS;

/// The longest line of attack.
pub const RANGE: u32 = 4;

/// Why there is no line of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// Not on a rank, file or diagonal.
    NotStraight,
    /// More than 4 squares away.
    TooFar,
    /// A unit stands in between.
    UnitInWay(Cell),
    /// An orthogonal line crosses a wall.
    Wall,
    /// The target stands directly behind a wall facing a diagonal attack.
    Cover,
}

/// The distance of a legal line of attack from `from` to `to`, or what stops it.
pub fn attack_line(grid: &Grid, walls: &Walls, occupied: CellSet, from: Cell, to: Cell) -> Result<u32, LineFault> {
    let (dir, dist) = grid.direction(from, to).ok_or(LineFault::NotStraight)?;
    if dist > RANGE {
        return Err(LineFault::TooFar);
    }
    let mut at = from;
    for step in 1..=dist {
        let next = grid.neighbour(at, dir).ok_or(LineFault::NotStraight)?;
        if dir.is_diagonal() {
            if step == dist && grid.corner(walls, at, dir).is_some_and(|c| c.at_destination()) {
                return Err(LineFault::Cover);
            }
        } else if grid.crosses_wall(walls, at, dir) {
            return Err(LineFault::Wall);
        }
        if step < dist && occupied.contains(next) {
            return Err(LineFault::UnitInWay(next));
        }
        at = next;
    }
    Ok(dist)
}

/// What a capture attempt does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The target is captured.
    TargetCaptured,
    /// The attacker is captured (close combat only).
    AttackerCaptured,
    /// Nothing happens.
    Miss,
}

/// Resolves a capture attempt from the highest attacking die and the defending
/// die: the higher wins; in close combat the defender's win captures the
/// attacker, in a ranged attack it is a miss. Ties are a miss unless a leader
/// is involved: a leader wins ties against a squad unit, and between leaders
/// the attacker wins.
pub fn verdict(attacker: UnitKind, defender: UnitKind, close: bool, attack: u8, defence: u8) -> Verdict {
    use std::cmp::Ordering::*;
    let attacker_wins = match attack.cmp(&defence) {
        Greater => Some(true),
        Less => Some(false),
        Equal => match (attacker, defender) {
            (UnitKind::Leader, _) => Some(true),
            (UnitKind::Squad, UnitKind::Leader) => Some(false),
            (UnitKind::Squad, UnitKind::Squad) => None,
        },
    };
    match attacker_wins {
        Some(true) => Verdict::TargetCaptured,
        Some(false) if close => Verdict::AttackerCaptured,
        _ => Verdict::Miss,
    }
}
