//! Motes: a die on the board, with its owner, power (the face showing) and
//! orientation, and the directions each face lets it move.
//!
//! | face | may move |
//! |---|---|
//! | 1 | any orthogonal direction (the centre pip) |
//! | 2 | both ways along one diagonal axis (two corner pips) |
//! | 3 | one diagonal axis, plus any orthogonal direction |
//! | 4 | all four diagonals |
//! | 5 | all eight directions |
//! | 6 | all four diagonals, plus both ways along one orthogonal axis (the side pips) |
//!
//! Faces 2, 3 and 6 look different when turned a quarter, so they carry one
//! bit of orientation; on faces 1, 4 and 5 the bit is always 0.

use crate::board::{DIAGONAL, Dir, ORTHOGONAL};
use arbiter_core::Seat;

/// Powers run from 1 to 6; a mote at 0 has died.
pub const MAX_POWER: u8 = 6;

/// A mote, packed in one byte: bits 0–2 power, bit 3 owner, bit 4 orientation.
/// The byte 0 means "no mote".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mote(pub(crate) u8);

const OWNER: u8 = 0b1000;
const TURNED: u8 = 0b1_0000;

/// How a face with orientation is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Faces 2 and 3: pips along the rising diagonal (south-west to north-east).
    Rising,
    /// Faces 2 and 3: pips along the falling diagonal (north-west to south-east).
    Falling,
    /// Face 6: side pips to the north and south.
    Vertical,
    /// Face 6: side pips to the east and west.
    Horizontal,
}

impl Orientation {
    /// The letter used in position notation.
    pub fn letter(self) -> char {
        match self {
            Orientation::Rising => 'r',
            Orientation::Falling => 'f',
            Orientation::Vertical => 'v',
            Orientation::Horizontal => 'h',
        }
    }
}

/// True for the faces whose orientation matters: 2, 3 and 6.
pub const fn orientable(power: u8) -> bool {
    matches!(power, 2 | 3 | 6)
}

impl Mote {
    /// A mote of `owner` at `power` (1–6), turned or not.
    pub fn new(owner: Seat, power: u8, turned: bool) -> Mote {
        debug_assert!((1..=MAX_POWER).contains(&power));
        let mut m = Mote(power | if owner.0 == 1 { OWNER } else { 0 });
        if turned && orientable(power) {
            m.0 |= TURNED;
        }
        m
    }
    /// Whose mote it is.
    pub fn owner(self) -> Seat {
        Seat(u8::from(self.0 & OWNER != 0))
    }
    /// Its power: the face showing.
    pub fn power(self) -> u8 {
        self.0 & 0b111
    }
    /// True if the orientation bit is set.
    pub fn turned(self) -> bool {
        self.0 & TURNED != 0
    }
    /// The orientation, for faces that have one.
    pub fn orientation(self) -> Option<Orientation> {
        match (self.power(), self.turned()) {
            (2 | 3, false) => Some(Orientation::Rising),
            (2 | 3, true) => Some(Orientation::Falling),
            (6, false) => Some(Orientation::Vertical),
            (6, true) => Some(Orientation::Horizontal),
            _ => None,
        }
    }
    /// The same mote at another power (1–6), keeping the orientation bit only
    /// where the new face has an orientation.
    pub fn with_power(self, power: u8) -> Mote {
        Mote::new(self.owner(), power, self.turned())
    }
    /// The same mote turned a quarter (no change on faces 1, 4 and 5).
    pub fn spun(self) -> Mote {
        Mote::new(self.owner(), self.power(), !self.turned())
    }
    /// The directions this mote may move in, as a direction set.
    pub fn directions(self) -> u8 {
        DIRECTIONS[usize::from(self.power())][usize::from(self.turned())]
    }
    /// True if the mote may move in `d`.
    pub fn may_move(self, d: Dir) -> bool {
        self.directions() & d.bit() != 0
    }
}

const RISING: u8 = Dir::NE.bit() | Dir::SW.bit();
const FALLING: u8 = Dir::NW.bit() | Dir::SE.bit();
const VERTICAL: u8 = Dir::N.bit() | Dir::S.bit();
const HORIZONTAL: u8 = Dir::E.bit() | Dir::W.bit();

/// Direction sets by power and orientation bit.
const DIRECTIONS: [[u8; 2]; 7] = [
    [0, 0],
    [ORTHOGONAL, ORTHOGONAL],
    [RISING, FALLING],
    [RISING | ORTHOGONAL, FALLING | ORTHOGONAL],
    [DIAGONAL, DIAGONAL],
    [DIAGONAL | ORTHOGONAL, DIAGONAL | ORTHOGONAL],
    [DIAGONAL | VERTICAL, DIAGONAL | HORIZONTAL],
];

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(m: Mote) -> Vec<&'static str> {
        Dir::ALL.into_iter().filter(|d| m.may_move(*d)).map(Dir::name).collect()
    }

    /// Rulebook, Movement: "Pips in the corners of the die mean that the mote can
    /// move diagonally, in the direction of those pips. A pip in the center of the
    /// die means that the mote can move in any orthogonal direction. Finally, pips
    /// on the sides of the die mean that the mote can move orthogonally, in the
    /// direction of the pips."
    #[test]
    fn each_face_moves_as_its_pips_show() {
        let p = Seat(0);
        assert_eq!(dirs(Mote::new(p, 1, false)), ["n", "e", "s", "w"]);
        assert_eq!(dirs(Mote::new(p, 2, false)), ["ne", "sw"]);
        assert_eq!(dirs(Mote::new(p, 2, true)), ["se", "nw"]);
        assert_eq!(dirs(Mote::new(p, 3, false)), ["n", "ne", "e", "s", "sw", "w"]);
        assert_eq!(dirs(Mote::new(p, 3, true)), ["n", "e", "se", "s", "w", "nw"]);
        assert_eq!(dirs(Mote::new(p, 4, false)), ["ne", "se", "sw", "nw"]);
        assert_eq!(dirs(Mote::new(p, 5, false)).len(), 8);
        assert_eq!(dirs(Mote::new(p, 6, false)), ["n", "ne", "se", "s", "sw", "nw"]);
        assert_eq!(dirs(Mote::new(p, 6, true)), ["ne", "e", "se", "sw", "w", "nw"]);
    }

    #[test]
    fn only_faces_two_three_and_six_keep_an_orientation() {
        let m = Mote::new(Seat(1), 2, true);
        assert_eq!(m.owner(), Seat(1));
        assert!(m.with_power(3).turned());
        assert!(!m.with_power(4).turned());
        assert!(!m.with_power(4).with_power(6).turned());
        assert_eq!(Mote::new(Seat(0), 5, false).spun(), Mote::new(Seat(0), 5, false));
        assert_eq!(m.spun().orientation(), Some(Orientation::Rising));
    }
}
