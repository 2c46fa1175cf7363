//! The board: its size, square names, neighbours and edges, the spaces
//! creatures occupy, and points measured in half squares.
//!
//! Directions ([`Dir`]) and edge sides ([`Side`]) are the same types as in
//! E'thia's small [`crate::grid`], and squares and edges are named the same
//! way there and here (`c4`, `c4|c5`): the two grids share one vocabulary,
//! and only the battle board scales past 128 squares and 26 files.

use super::square::{MAX_SIDE, Square, SquareSet, file_name, parse_square_name};
pub use crate::grid::{Dir, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An edge between two orthogonally adjacent squares, named as the north or
/// east side of the lower or left square (as in [`crate::grid::Edge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Edge {
    /// The square below (for a north side) or to the left (for an east side).
    pub square: Square,
    /// Which of its sides.
    pub side: Side,
}

/// A point on the board in half squares from the board's lower-left corner:
/// the corners where squares meet have even coordinates, the centres of
/// squares odd ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Point {
    /// Half squares east of the board's west edge.
    pub x: i32,
    /// Half squares north of the board's south edge.
    pub y: i32,
}

impl Point {
    /// A point from half-square coordinates.
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }
    /// The corner where squares meet, below and left of square (file, rank).
    pub const fn corner(file: i32, rank: i32) -> Point {
        Point { x: 2 * file, y: 2 * rank }
    }
    /// The centre of a square.
    pub const fn centre(s: Square) -> Point {
        Point { x: 2 * s.file() + 1, y: 2 * s.rank() + 1 }
    }
    /// True if the point is a corner where squares meet.
    pub const fn is_corner(self) -> bool {
        self.x % 2 == 0 && self.y % 2 == 0
    }
}

/// The square block a creature occupies: `side` × `side` squares with its
/// lower-left square at (`file`, `rank`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Space {
    /// File of the lower-left square.
    pub file: u8,
    /// Rank of the lower-left square.
    pub rank: u8,
    /// Squares along each side (1 to 4).
    pub side: u8,
}

impl Space {
    /// The space of `side` × `side` squares whose lower-left square is `anchor`.
    pub const fn new(anchor: Square, side: u8) -> Space {
        Space { file: anchor.file() as u8, rank: anchor.rank() as u8, side }
    }
    /// The lower-left square.
    pub const fn anchor(&self) -> Square {
        Square::at(self.file, self.rank)
    }
    /// The first file past the space.
    pub const fn file_end(&self) -> i32 {
        self.file as i32 + self.side as i32
    }
    /// The first rank past the space.
    pub const fn rank_end(&self) -> i32 {
        self.rank as i32 + self.side as i32
    }
    /// Its squares.
    pub fn squares(&self) -> SquareSet {
        SquareSet::rect(i32::from(self.file), i32::from(self.rank), self.file_end(), self.rank_end())
    }
    /// True if the space holds the square.
    pub const fn contains(&self, s: Square) -> bool {
        self.holds(s.file(), s.rank())
    }
    /// True if the space holds the square at (file, rank).
    pub const fn holds(&self, file: i32, rank: i32) -> bool {
        file >= self.file as i32 && file < self.file_end() && rank >= self.rank as i32 && rank < self.rank_end()
    }
    /// Its centre.
    pub const fn centre(&self) -> Point {
        Point { x: 2 * self.file as i32 + self.side as i32, y: 2 * self.rank as i32 + self.side as i32 }
    }
    /// Its lower-left and upper-right corners, in half squares.
    pub const fn bounds(&self) -> (Point, Point) {
        (Point::corner(self.file as i32, self.rank as i32), Point::corner(self.file_end(), self.rank_end()))
    }
    /// True if the two spaces share a square.
    pub const fn overlaps(&self, o: &Space) -> bool {
        (self.file as i32) < o.file_end()
            && (o.file as i32) < self.file_end()
            && (self.rank as i32) < o.rank_end()
            && (o.rank as i32) < self.rank_end()
    }
    /// The space moved one square in a direction (it may leave the board).
    pub fn stepped(&self, d: Dir) -> Option<Space> {
        let (df, dr) = d.delta();
        let f = i32::from(self.file) + i32::from(df);
        let r = i32::from(self.rank) + i32::from(dr);
        ((0..64).contains(&f) && (0..64).contains(&r)).then_some(Space {
            file: f as u8,
            rank: r as u8,
            side: self.side,
        })
    }
    /// The squares between the two spaces along files and along ranks,
    /// counted as the rules count range: 1 for the next square over, 0 when
    /// the spaces overlap on that axis.
    pub fn gaps(&self, o: &Space) -> (u32, u32) {
        let gx = (i32::from(o.file) - self.file_end() + 1).max(i32::from(self.file) - o.file_end() + 1).max(0);
        let gy = (i32::from(o.rank) - self.rank_end() + 1).max(i32::from(self.rank) - o.rank_end() + 1).max(0);
        (gx as u32, gy as u32)
    }
}

/// The count of a move of `dx` squares across and `dy` squares up with
/// diagonals alternating 1 and 2, the first diagonal counting 1.
pub const fn count(dx: u32, dy: u32) -> u32 {
    let (long, short) = if dx > dy { (dx, dy) } else { (dy, dx) };
    long + short / 2
}

/// Why a board cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardError {}

/// A rectangular board of up to 64 × 64 squares.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    all: SquareSet,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}×{})", self.width, self.height)
    }
}

impl Board {
    /// A board `width` files by `height` ranks, each 1 to 64.
    pub fn new(width: u32, height: u32) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE as u32).contains(&width) || !(1..=MAX_SIDE as u32).contains(&height) {
            return Err(BoardError(format!(
                "a board of {width}×{height} is not allowed: 1 to {MAX_SIDE} files and 1 to {MAX_SIDE} ranks"
            )));
        }
        Ok(Board { width: width as u8, height: height as u8, all: SquareSet::rect(0, 0, width as i32, height as i32) })
    }
    /// Files.
    pub fn width(&self) -> i32 {
        i32::from(self.width)
    }
    /// Ranks.
    pub fn height(&self) -> i32 {
        i32::from(self.height)
    }
    /// Every square.
    pub fn all(&self) -> &SquareSet {
        &self.all
    }
    /// True if the square is on the board.
    pub fn contains(&self, s: Square) -> bool {
        self.has(s.file(), s.rank())
    }
    /// True if the square at (file, rank) is on the board.
    #[inline]
    pub fn has(&self, file: i32, rank: i32) -> bool {
        (0..self.width()).contains(&file) && (0..self.height()).contains(&rank)
    }
    /// The square at (file, rank), if on the board.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        self.has(file, rank).then(|| Square::at(file as u8, rank as u8))
    }
    /// True if the space lies wholly on the board.
    pub fn holds(&self, s: &Space) -> bool {
        s.side >= 1 && s.file_end() <= self.width() && s.rank_end() <= self.height()
    }
    /// The neighbouring square in a direction.
    #[inline]
    pub fn neighbour(&self, s: Square, d: Dir) -> Option<Square> {
        let (df, dr) = d.delta();
        self.square(s.file() + i32::from(df), s.rank() + i32::from(dr))
    }
    /// A square's name (`a1`, `x18`, `ab40`).
    pub fn name(&self, s: Square) -> String {
        format!("{}{}", file_name(s.file() as u32), s.rank() + 1)
    }
    /// Parses a square's name (case-insensitive); `None` off the board.
    pub fn parse(&self, text: &str) -> Option<Square> {
        let (f, r) = parse_square_name(text.trim())?;
        self.square(i32::try_from(f).ok()?, i32::try_from(r).ok()?)
    }
    /// The edge between two orthogonally adjacent squares of the board.
    pub fn edge_between(&self, a: Square, b: Square) -> Option<Edge> {
        if !self.contains(a) || !self.contains(b) {
            return None;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if lo.file() == hi.file() && hi.rank() == lo.rank() + 1 {
            Some(Edge { square: lo, side: Side::North })
        } else if lo.rank() == hi.rank() && hi.file() == lo.file() + 1 {
            Some(Edge { square: lo, side: Side::East })
        } else {
            None
        }
    }
    /// The two squares on either side of an edge, if both are on the board.
    pub fn edge_squares(&self, e: Edge) -> Option<(Square, Square)> {
        let other = self.neighbour(e.square, if e.side == Side::North { Dir::N } else { Dir::E })?;
        self.contains(e.square).then_some((e.square, other))
    }
    /// An edge's name: its two squares, lower first, joined by `|` (`b2|b3`).
    pub fn edge_name(&self, e: Edge) -> String {
        match self.edge_squares(e) {
            Some((a, b)) => format!("{}|{}", self.name(a), self.name(b)),
            None => format!("{}:{:?}", self.name(e.square), e.side),
        }
    }
    /// Parses an edge written as two adjacent squares, `b2|b3` (either order).
    pub fn parse_edge(&self, text: &str) -> Option<Edge> {
        let (a, b) = text.split_once('|')?;
        self.edge_between(self.parse(a)?, self.parse(b)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_up_to_64_by_64_name_every_square() {
        assert!(Board::new(64, 64).is_ok());
        assert!(Board::new(65, 10).is_err() && Board::new(0, 10).is_err() && Board::new(10, 65).is_err());
        let b = Board::new(48, 36).unwrap();
        for s in b.all().iter() {
            assert_eq!(b.parse(&b.name(s)), Some(s));
        }
        assert_eq!(b.name(Square::at(47, 35)), "av36");
        assert_eq!(b.parse("aw1"), None, "file 49 is off a 48-file board");
        assert_eq!(b.parse("a37"), None);
        let e = b.parse_edge("ab3|ab2").unwrap();
        assert_eq!(b.edge_name(e), "ab2|ab3");
        assert_eq!(b.parse_edge("a1|b2"), None);
    }

    #[test]
    fn spaces_measure_gaps_like_range() {
        let a = Space { file: 0, rank: 0, side: 1 };
        let b = Space { file: 3, rank: 1, side: 2 };
        assert_eq!(a.gaps(&b), (3, 1));
        assert_eq!(b.gaps(&a), (3, 1));
        assert_eq!(count(3, 1), 3);
        assert_eq!(count(4, 4), 6, "four diagonals: 1 + 2 + 1 + 2");
        let touching = Space { file: 1, rank: 0, side: 1 };
        assert_eq!(a.gaps(&touching), (1, 0));
        assert!(!a.overlaps(&touching) && b.overlaps(&Space { file: 4, rank: 2, side: 1 }));
        assert_eq!(b.centre(), Point::corner(4, 2));
    }
}
