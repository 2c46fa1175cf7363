//! Squares, directions and the board's shape: the standard 5×5 board or the
//! faster game's 3×3, with or without the Loop variant's wrapping edges.
//!
//! Squares are numbered `rank * 5 + file` on every board (a 3×3 board uses
//! files a–c and ranks 1–3), so a square means the same thing in any variant
//! and notation needs no context. Rank 1 is the first player's side.

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// The widest board.
pub const MAX_SIDE: usize = 5;
/// Squares in the index space (5 × 5).
pub const SQUARES: usize = MAX_SIDE * MAX_SIDE;
/// "No square": off the board.
pub const NONE: u8 = u8::MAX;
/// Filler after the end of a ray: a bit index above every square, so that
/// `set >> RAY_END` is 0 for any square set.
const RAY_END: u8 = 31;

/// A square, `rank * 5 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
pub struct Square(pub u8);

impl Square {
    /// The square at a file (0 = a) and rank (0 = 1).
    pub const fn at(file: u8, rank: u8) -> Square {
        Square(rank * MAX_SIDE as u8 + file)
    }
    /// File, 0 = a.
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE as u8
    }
    /// Rank, 0 = 1.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE as u8
    }
    /// Index into 25-entry arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// This square's bit in a 25-bit square set.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }
    /// Parses `c2`: a file letter a–e then a rank digit 1–5.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        (file < MAX_SIDE as u8 && rank < MAX_SIDE as u8).then(|| Square::at(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The squares of a 25-bit set, lowest first.
pub fn squares(mut set: u32) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as u8;
            set &= set - 1;
            Square(s)
        })
    })
}

/// One of the eight directions, clockwise from north (towards rank 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[allow(missing_docs)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// All eight, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// Index 0–7, clockwise from north.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// This direction's bit in an 8-bit direction set.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
    /// File and rank steps.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }
    /// Lower-case compass name, as written in notation.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::NE => "ne",
            Dir::E => "e",
            Dir::SE => "se",
            Dir::S => "s",
            Dir::SW => "sw",
            Dir::W => "w",
            Dir::NW => "nw",
        }
    }
    /// Parses a compass name, any case.
    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(text))
    }
    /// The direction of a straight line from one square to another on an
    /// unwrapped board, if they lie on one.
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        let df = i16::from(to.file()) - i16::from(from.file());
        let dr = i16::from(to.rank()) - i16::from(from.rank());
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let d = (df.signum() as i8, dr.signum() as i8);
        Dir::ALL.into_iter().find(|x| x.delta() == d)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Direction sets of the orthogonal and the diagonal directions.
pub const ORTHOGONAL: u8 = Dir::N.bit() | Dir::E.bit() | Dir::S.bit() | Dir::W.bit();
/// See [`ORTHOGONAL`].
pub const DIAGONAL: u8 = Dir::NE.bit() | Dir::SE.bit() | Dir::SW.bit() | Dir::NW.bit();

/// The board's shape with its precomputed step and adjacency tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    side: u8,
    on_board: u32,
    /// Next square in each direction for movement (wraps under Loop).
    step: [[u8; 8]; SQUARES],
    /// Next square in each direction without wrapping (the void, adjacency).
    flat: [[u8; 8]; SQUARES],
    /// The 8-neighbourhood of each square, never across a wrapped edge.
    adjacent: [u32; SQUARES],
    /// The squares a move passes, in order, from each square in each
    /// direction: up to 6 (the highest power), stopping at the edge or,
    /// under Loop, before coming back round to the start.
    rays: [[[u8; 6]; 8]; SQUARES],
    ray_len: [[u8; 8]; SQUARES],
    /// The squares of each ray, as a set.
    ray_mask: [[u32; 8]; SQUARES],
}

impl Board {
    /// A board `side` squares wide (5 or 3); `wrap` makes movement wrap.
    pub fn new(side: u8, wrap: bool) -> Board {
        let n = i16::from(side);
        let mut board = Board {
            side,
            on_board: 0,
            step: [[NONE; 8]; SQUARES],
            flat: [[NONE; 8]; SQUARES],
            adjacent: [0; SQUARES],
            rays: [[[RAY_END; 6]; 8]; SQUARES],
            ray_len: [[0; 8]; SQUARES],
            ray_mask: [[0; 8]; SQUARES],
        };
        for rank in 0..side {
            for file in 0..side {
                let sq = Square::at(file, rank);
                board.on_board |= sq.bit();
                for d in Dir::ALL {
                    let (df, dr) = d.delta();
                    let (f, r) = (i16::from(file) + i16::from(df), i16::from(rank) + i16::from(dr));
                    if (0..n).contains(&f) && (0..n).contains(&r) {
                        let to = Square::at(f as u8, r as u8);
                        board.flat[sq.index()][d.index()] = to.0;
                        board.step[sq.index()][d.index()] = to.0;
                        board.adjacent[sq.index()] |= to.bit();
                    } else if wrap {
                        let to = Square::at(f.rem_euclid(n) as u8, r.rem_euclid(n) as u8);
                        board.step[sq.index()][d.index()] = to.0;
                    }
                }
            }
        }
        let on_board = board.on_board;
        for sq in (0..SQUARES as u8).map(Square).filter(|&q| on_board & q.bit() != 0) {
            for d in Dir::ALL {
                let mut at = sq;
                let mut len = 0;
                while len < 6 {
                    match board.step(at, d) {
                        Some(next) if next != sq => {
                            board.rays[sq.index()][d.index()][len] = next.0;
                            board.ray_mask[sq.index()][d.index()] |= next.bit();
                            len += 1;
                            at = next;
                        }
                        _ => break,
                    }
                }
                board.ray_len[sq.index()][d.index()] = len as u8;
            }
        }
        board
    }

    /// The squares a move from `sq` towards `d` passes, in order (at most 6).
    #[inline]
    pub fn ray(&self, sq: Square, d: Dir) -> &[u8] {
        let len = usize::from(self.ray_len[sq.index()][d.index()]);
        &self.rays[sq.index()][d.index()][..len]
    }

    /// Which squares of the ray from `sq` towards `d` belong to `set`: bit `i`
    /// of the result is the ray's `i`-th square. Branch-free.
    #[inline]
    pub fn ray_pattern(&self, sq: Square, d: Dir, set: u32) -> u32 {
        let ray = &self.rays[sq.index()][d.index()];
        let mut p = 0;
        for (i, &q) in ray.iter().enumerate() {
            p |= ((set >> q) & 1) << i;
        }
        p
    }

    /// The squares of the ray from `sq` towards `d`, as a set.
    #[inline]
    pub fn ray_mask(&self, sq: Square, d: Dir) -> u32 {
        self.ray_mask[sq.index()][d.index()]
    }

    /// Length of the ray from `sq` towards `d`.
    #[inline]
    pub fn ray_len(&self, sq: Square, d: Dir) -> u32 {
        u32::from(self.ray_len[sq.index()][d.index()])
    }

    /// Squares per side.
    pub fn side(&self) -> u8 {
        self.side
    }
    /// The set of squares on this board.
    pub fn squares(&self) -> u32 {
        self.on_board
    }
    /// True if the square is on this board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.0 < SQUARES as u8 && self.on_board & sq.bit() != 0
    }
    /// The next square along a move, or `None` off the edge (never under Loop).
    #[inline]
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        let to = self.step[sq.index()][d.index()];
        (to != NONE).then_some(Square(to))
    }
    /// The neighbouring square in a direction, never wrapping.
    #[inline]
    pub fn neighbour(&self, sq: Square, d: Dir) -> Option<Square> {
        let to = self.flat[sq.index()][d.index()];
        (to != NONE).then_some(Square(to))
    }
    /// The squares adjacent to `sq` (any of the 8 around it, not across a wrap).
    #[inline]
    pub fn adjacent(&self, sq: Square) -> u32 {
        self.adjacent[sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(sq("a1"), Square(0));
        assert_eq!(sq("e5"), Square(24));
        assert_eq!(sq("C2").to_string(), "c2");
        for bad in ["", "a", "a6", "f1", "a0", "a10", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn adjacency_is_the_eight_surrounding_squares_and_never_wraps() {
        // "Adjacent means any of the 8 spaces surrounding it."
        let b = Board::new(5, true);
        assert_eq!(b.adjacent(sq("c3")).count_ones(), 8);
        assert_eq!(b.adjacent(sq("a1")).count_ones(), 3);
        // Loop: "Spaces on the opposite side of the board are NOT considered adjacent."
        assert_eq!(b.adjacent(sq("a3")) & sq("e3").bit(), 0);
        assert_eq!(b.step(sq("a3"), Dir::W), Some(sq("e3")));
        assert_eq!(b.neighbour(sq("a3"), Dir::W), None);
    }

    #[test]
    fn the_faster_board_is_three_by_three() {
        let b = Board::new(3, false);
        assert_eq!(b.squares().count_ones(), 9);
        assert!(b.contains(sq("c3")) && !b.contains(sq("d1")));
        assert_eq!(b.step(sq("c2"), Dir::E), None);
        let w = Board::new(3, true);
        assert_eq!(w.step(sq("c2"), Dir::E), Some(sq("a2")));
        assert_eq!(w.step(sq("c3"), Dir::NE), Some(sq("a1")));
    }

    #[test]
    fn direction_between_squares_on_a_straight_line() {
        assert_eq!(Dir::between(sq("c2"), sq("c5")), Some(Dir::N));
        assert_eq!(Dir::between(sq("c2"), sq("a4")), Some(Dir::NW));
        assert_eq!(Dir::between(sq("c2"), sq("d4")), None);
        assert_eq!(Dir::between(sq("c2"), sq("c2")), None);
    }
}
