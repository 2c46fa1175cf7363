//! Action notation for E'thia, documented in `docs/notation/ethia.md`. Squares
//! are named on the 8-file board (`a1` … `h16`); printing then parsing gives
//! back the same action, and bad text gets a clear error, never a panic.
//!
//! `walls:fixed` · `b2|b3` (a wall) · `end:south` · `L@d1` / `S@d2` (deploy a
//! leader or a squad unit) · `Mc2` (move the unit on c2; the roll follows) ·
//! `>c5` (where it goes) · `c2xc5` (capture attempt) · `end` (end the turn).

use crate::action::Action;
use crate::state::{End, UnitKind};
use crate::variant::WallOption;
use arbiter_geometry::{Cell, Edge, Side};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Files on every E'thia board.
const FILES: u8 = 8;
/// Ranks of the largest board (Battle).
const RANKS: u8 = 16;

/// A square's name: file a–h, rank 1–16.
pub(crate) fn name(c: Cell) -> String {
    format!("{}{}", (b'a' + c.0 % FILES) as char, c.0 / FILES + 1)
}

/// Parses a square's name on the largest board.
pub(crate) fn parse_square(text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    let file = b.first()?.to_ascii_lowercase().checked_sub(b'a').filter(|&f| f < FILES)?;
    let digits = &text[1..];
    if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') || !digits.bytes().all(|d| d.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = digits.parse().ok().filter(|r| (1..=RANKS).contains(r))?;
    Some(Cell((rank - 1) * FILES + file))
}

/// An edge's name: the two squares either side, lower first (`b2|b3`).
fn edge_name(e: Edge) -> String {
    let other = match e.side {
        Side::North => Cell(e.cell.0 + FILES),
        Side::East => Cell(e.cell.0 + 1),
    };
    format!("{}|{}", name(e.cell), name(other))
}

/// Parses an edge between two adjacent squares, in either order.
fn parse_edge(text: &str) -> Option<Edge> {
    let (a, b) = text.split_once('|')?;
    let (a, b) = (parse_square(a.trim())?, parse_square(b.trim())?);
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if hi.0 == lo.0 + FILES {
        Some(Edge { cell: lo, side: Side::North })
    } else if hi.0 == lo.0 + 1 && lo.0 % FILES != FILES - 1 {
        Some(Edge { cell: lo, side: Side::East })
    } else {
        None
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::ChooseWalls(o) => write!(
                f,
                "walls:{}",
                match o {
                    WallOption::Fixed => "fixed",
                    WallOption::Standard => "standard",
                    WallOption::Custom => "custom",
                }
            ),
            Action::PlaceWall(e) => f.write_str(&edge_name(e)),
            Action::ChooseEnd(End::South) => f.write_str("end:south"),
            Action::ChooseEnd(End::North) => f.write_str("end:north"),
            Action::Deploy { kind, at } => {
                write!(f, "{}@{}", if kind == UnitKind::Leader { "L" } else { "S" }, name(at))
            }
            Action::Move(c) => write!(f, "M{}", name(c)),
            Action::MoveTo(c) => write!(f, ">{}", name(c)),
            Action::Attack { from, to } => write!(f, "{}x{}", name(from), name(to)),
            Action::EndTurn => f.write_str("end"),
        }
    }
}

/// Why text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not an action: {reason}")]
pub struct NotationError {
    /// The text (first 40 characters).
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Action, NotationError> {
        let t = text.trim();
        let fail = |reason| NotationError { text: t.chars().take(40).collect(), reason };
        if t.len() > 20 || !t.is_ascii() {
            return Err(fail("too long, or not plain text"));
        }
        let lower = t.to_ascii_lowercase();
        let square = |s: &str| parse_square(s).ok_or_else(|| fail("a square is a file a–h and a rank 1–16, like c3"));
        match lower.as_str() {
            "end" => return Ok(Action::EndTurn),
            "walls:fixed" => return Ok(Action::ChooseWalls(WallOption::Fixed)),
            "walls:standard" => return Ok(Action::ChooseWalls(WallOption::Standard)),
            "walls:custom" => return Ok(Action::ChooseWalls(WallOption::Custom)),
            "end:south" => return Ok(Action::ChooseEnd(End::South)),
            "end:north" => return Ok(Action::ChooseEnd(End::North)),
            _ => {}
        }
        if lower.starts_with("walls:") {
            return Err(fail("wall options are walls:fixed, walls:standard and walls:custom"));
        }
        if lower.starts_with("end:") {
            return Err(fail("ends are end:south and end:north"));
        }
        if lower.contains('|') {
            return parse_edge(&lower)
                .map(Action::PlaceWall)
                .ok_or_else(|| fail("a wall goes between two adjacent squares, like b2|b3"));
        }
        if let Some((kind, at)) = lower.split_once('@') {
            let kind = match kind {
                "l" => UnitKind::Leader,
                "s" => UnitKind::Squad,
                _ => return Err(fail("deploy a leader with L@square or a squad unit with S@square")),
            };
            return Ok(Action::Deploy { kind, at: square(at)? });
        }
        if let Some(rest) = lower.strip_prefix('>') {
            return Ok(Action::MoveTo(square(rest)?));
        }
        if let Some((a, b)) = lower.split_once('x') {
            return Ok(Action::Attack { from: square(a)?, to: square(b)? });
        }
        if let Some(rest) = lower.strip_prefix('m') {
            return Ok(Action::Move(square(rest)?));
        }
        Err(fail("try Mc2 (move), >c5 (destination), c2xc5 (attack), end, b2|b3 (wall), L@d1 / S@d2 (deploy)"))
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}
