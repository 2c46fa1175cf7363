//! Squares and sets of squares on boards of up to 64 × 64.
//!
//! A [`Square`] is numbered `rank * 64 + file`, whatever the board's width:
//! each rank is one 64-bit word of a [`SquareSet`], so a step east or west is
//! a shift within a word and a step north or south moves whole words. Sets
//! are plain bitsets (512 bytes), never hash sets.
//!
//! Squares are named like E'thia's and chess squares, file letters then rank
//! number from 1 (`a1`, `x18`), with files past `z` continuing as spreadsheet
//! columns do: `aa`, `ab`, … `az`, `ba`, … `bl` (the 64th file).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most files and the most ranks a board may have.
pub const MAX_SIDE: usize = 64;

/// Words in a [`SquareSet`]: one per rank.
const WORDS: usize = MAX_SIDE;

/// A square: `rank * 64 + file`, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Square(pub u16);

impl Square {
    /// The square at a file and rank (both from 0, below 64).
    pub const fn at(file: u8, rank: u8) -> Square {
        Square(((rank as u16 & 63) << 6) | (file as u16 & 63))
    }
    /// Its file, from 0.
    pub const fn file(self) -> i32 {
        (self.0 & 63) as i32
    }
    /// Its rank, from 0.
    pub const fn rank(self) -> i32 {
        ((self.0 >> 6) & 63) as i32
    }
    /// Index into per-square arrays of 4,096 entries.
    pub const fn index(self) -> usize {
        (self.0 & 4095) as usize
    }
}

/// A file's letters: `a` … `z`, then `aa`, `ab`, … (spreadsheet columns).
pub fn file_name(file: u32) -> String {
    let mut n = file + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(b'a' + r as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The file written by letters (`a` is 0, `aa` is 26), case-insensitive.
pub fn parse_file(letters: &str) -> Option<u32> {
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    let mut n: u32 = 0;
    for c in letters.bytes() {
        let c = c.to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return None;
        }
        n = n * 26 + u32::from(c - b'a') + 1;
    }
    Some(n - 1)
}

/// Splits a square's name into its file and rank (both from 0), without
/// checking them against a board.
pub fn parse_square_name(text: &str) -> Option<(u32, u32)> {
    let digits_at = text.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = text.split_at(digits_at);
    if digits.starts_with('0') || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: u32 = digits.parse().ok()?;
    Some((parse_file(letters)?, rank.checked_sub(1)?))
}

/// A set of squares: one 64-bit word per rank.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SquareSet {
    words: [u64; WORDS],
}

impl Default for SquareSet {
    fn default() -> SquareSet {
        SquareSet::EMPTY
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| (s.file(), s.rank()))).finish()
    }
}

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet { words: [0; WORDS] };

    /// The set holding one square.
    pub fn single(s: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        set.insert(s);
        set
    }
    /// The squares of a rectangle of files `f0..f1` and ranks `r0..r1`
    /// (clipped to 0..64).
    pub fn rect(f0: i32, r0: i32, f1: i32, r1: i32) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        let (f0, f1) = (f0.clamp(0, 64), f1.clamp(0, 64));
        if f1 <= f0 {
            return set;
        }
        let row = row_mask(f0 as u32, f1 as u32);
        for r in r0.max(0)..r1.min(64) {
            set.words[r as usize] = row;
        }
        set
    }
    /// True if the square is in the set.
    #[inline]
    pub fn contains(&self, s: Square) -> bool {
        self.words[s.rank() as usize] >> s.file() & 1 != 0
    }
    /// True if the square at a file and rank is in the set (false off 0..64).
    #[inline]
    pub fn has(&self, file: i32, rank: i32) -> bool {
        (0..64).contains(&file) && (0..64).contains(&rank) && self.words[rank as usize] >> file & 1 != 0
    }
    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, s: Square) {
        self.words[s.rank() as usize] |= 1 << s.file();
    }
    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, s: Square) {
        self.words[s.rank() as usize] &= !(1 << s.file());
    }
    /// The word of one rank (bit `f` is file `f`); 0 off the board.
    #[inline]
    pub fn row(&self, rank: i32) -> u64 {
        if (0..64).contains(&rank) { self.words[rank as usize] } else { 0 }
    }
    /// Sets the word of one rank (ranks off 0..64 are ignored).
    #[inline]
    pub fn set_row(&mut self, rank: i32, bits: u64) {
        if (0..64).contains(&rank) {
            self.words[rank as usize] = bits;
        }
    }
    /// Number of squares.
    pub fn len(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }
    /// True if the sets share a square.
    pub fn intersects(&self, other: &SquareSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }
    /// True if every square of `self` is in `other`.
    pub fn is_subset(&self, other: &SquareSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }
    /// The lowest square (rank first, then file), if any.
    pub fn first(&self) -> Option<Square> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(r, w)| Square::at(w.trailing_zeros() as u8, r as u8))
    }
    /// The squares, rank by rank from the bottom, each rank from file a.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.words.iter().enumerate().flat_map(|(r, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let f = bits.trailing_zeros();
                    bits &= bits - 1;
                    Square::at(f as u8, r as u8)
                })
            })
        })
    }
    /// Adds every square of `other`.
    pub fn union_with(&mut self, other: &SquareSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }
    /// Keeps only the squares also in `other`.
    pub fn intersect_with(&mut self, other: &SquareSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }
    /// Removes every square of `other`.
    pub fn difference_with(&mut self, other: &SquareSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }
    /// The union of two sets.
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut s = self.clone();
        s.union_with(other);
        s
    }
    /// The squares in both sets.
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        let mut s = self.clone();
        s.intersect_with(other);
        s
    }
    /// The squares of `self` not in `other`.
    pub fn difference(&self, other: &SquareSet) -> SquareSet {
        let mut s = self.clone();
        s.difference_with(other);
        s
    }
    /// The set moved by `df` files and `dr` ranks; squares moved past file
    /// or rank 0..64 drop off.
    pub fn shifted(&self, df: i32, dr: i32) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        if df.abs() >= 64 || dr.abs() >= 64 {
            return out;
        }
        for r in 0..64i32 {
            let src = r - dr;
            if !(0..64).contains(&src) {
                continue;
            }
            let w = self.words[src as usize];
            out.words[r as usize] = if df >= 0 { w << df } else { w >> -df };
        }
        out
    }
    /// The squares within one king step (the set and its eight neighbours),
    /// on files and ranks 0..64.
    pub fn dilated(&self) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        let mut prev = 0u64;
        for r in 0..WORDS {
            let w = self.words[r];
            let next = if r + 1 < WORDS { self.words[r + 1] } else { 0 };
            let v = prev | w | next;
            out.words[r] = v | v << 1 | v >> 1;
            prev = w;
        }
        out
    }
}

/// Bits `f0..f1` of a rank word.
#[inline]
pub(crate) fn row_mask(f0: u32, f1: u32) -> u64 {
    if f1 <= f0 {
        return 0;
    }
    let hi = if f1 >= 64 { u64::MAX } else { (1u64 << f1) - 1 };
    let lo = if f0 >= 64 { u64::MAX } else { (1u64 << f0) - 1 };
    hi & !lo
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for q in iter {
            s.insert(q);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_past_z_continue_as_spreadsheet_columns() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 63].into_iter().map(file_name).collect();
        assert_eq!(names, ["a", "b", "z", "aa", "ab", "az", "ba", "bl"]);
        for f in 0..64 {
            assert_eq!(parse_file(&file_name(f)), Some(f));
        }
        assert_eq!(parse_square_name("AA12"), Some((26, 11)));
        for bad in ["", "a", "1", "a0", "a01", "a+1", "é1", "a1a", "abcd1", "a1234"] {
            assert_eq!(parse_square_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn sets_add_remove_shift_and_dilate() {
        let mut s = SquareSet::EMPTY;
        s.insert(Square::at(0, 0));
        s.insert(Square::at(63, 63));
        assert_eq!(s.len(), 2);
        assert!(s.contains(Square::at(63, 63)) && s.has(0, 0) && !s.has(-1, 0) && !s.has(64, 0));
        let moved = s.shifted(1, 1);
        assert_eq!(moved.iter().collect::<Vec<_>>(), [Square::at(1, 1)]);
        let d = SquareSet::single(Square::at(5, 5)).dilated();
        assert_eq!(d, SquareSet::rect(4, 4, 7, 7));
        let corner = SquareSet::single(Square::at(0, 0)).dilated();
        assert_eq!(corner.len(), 4);
        assert_eq!(SquareSet::rect(0, 0, 64, 64).len(), 4096);
        assert_eq!(SquareSet::rect(3, 3, 3, 9).len(), 0);
        s.remove(Square::at(0, 0));
        assert_eq!(s.first(), Some(Square::at(63, 63)));
    }
}
