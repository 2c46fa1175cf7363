//! A fixed number for every action of a board size, for front ends that
//! speak integers (the Python API's `legal_actions()`, PettingZoo's
//! discrete action space): `Entry::num_distinct_actions` and
//! `Entry::action_index`.
//!
//! With `c` squares on the board (9 on the fast 3 × 3 board, 25 on 5 × 5),
//! squares numbered rank by rank from a1 (`rank · side + file`), and powers
//! 1 to 6, the blocks are, in order:
//!
//! | block | actions | size |
//! |---|---|---|
//! | pass | `Pass` | 1 |
//! | grow | `Grow(sq)` | c |
//! | shift | `Shift(sq)` | c |
//! | summon | `Summon(sq)` | c |
//! | move | `Move { from, to, dir }`, `dir` none or one of 8 | c · c · 9 |
//! | split | `Split { from, to }` | c · c |
//! | heal | `Heal { from, to, amount }`, amount 1–6 | c · c · 6 |
//! | destabilize | `Destabilize { at, amount }`, amount 1–6 | c · 6 |
//! | spin | `Spin(set)`, any set of squares (bit `i` is square `i`) | 2^c |
//!
//! The spin block is why the 5 × 5 board has 33 564 658 numbers: a spin
//! turns any subset of the motes a turn touched, and any subset of the
//! board can be one. The fast board has 1 890.

use crate::board::{Dir, Square};
use crate::mote::MAX_POWER;
use crate::{Action, Essence};

/// The blocks' sizes for a board of `c` squares, in numbering order.
fn blocks(c: usize) -> [usize; 9] {
    let p = usize::from(MAX_POWER);
    [1, c, c, c, c * c * 9, c * c, c * c * p, c * p, 1 << c]
}

impl Essence {
    /// The side of the board, as a number of squares.
    fn cells(&self) -> usize {
        let side = usize::from(self.board().side());
        side * side
    }

    /// A square's number on this board, if it is on it.
    fn cell(&self, sq: Square) -> Option<usize> {
        let side = self.board().side();
        (sq.file() < side && sq.rank() < side)
            .then(|| usize::from(sq.rank()) * usize::from(side) + usize::from(sq.file()))
    }

    /// How many action numbers the board has.
    pub fn action_count(&self) -> usize {
        blocks(self.cells()).iter().sum()
    }

    /// The fixed number of `action` (see the module documentation), or
    /// `None` for an action that cannot be on this board.
    pub fn action_number(&self, action: &Action) -> Option<usize> {
        let c = self.cells();
        let sizes = blocks(c);
        let start = |block: usize| sizes[..block].iter().sum::<usize>();
        let amount = |a: u8| (1..=MAX_POWER).contains(&a).then(|| usize::from(a - 1));
        let (block, offset) = match *action {
            Action::Pass => (0, 0),
            Action::Grow(sq) => (1, self.cell(sq)?),
            Action::Shift(sq) => (2, self.cell(sq)?),
            Action::Summon(sq) => (3, self.cell(sq)?),
            Action::Move { from, to, dir } => {
                let d = dir.map_or(0, |d: Dir| d.index() + 1);
                (4, (self.cell(from)? * c + self.cell(to)?) * 9 + d)
            }
            Action::Split { from, to } => (5, self.cell(from)? * c + self.cell(to)?),
            Action::Heal { from, to, amount: a } => {
                (6, (self.cell(from)? * c + self.cell(to)?) * usize::from(MAX_POWER) + amount(a)?)
            }
            Action::Destabilize { at, amount: a } => (7, self.cell(at)? * usize::from(MAX_POWER) + amount(a)?),
            Action::Spin(set) => {
                let mut bits = 0usize;
                for i in 0..crate::board::SQUARES {
                    if set & (1 << i) != 0 {
                        bits |= 1 << self.cell(Square(i as u8))?;
                    }
                }
                (8, bits)
            }
        };
        Some(start(block) + offset)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use arbiter_core::{ChanceSource, Decision, Discard, Entry, Game, SeededDice, ToMove};
    use std::collections::HashMap;

    /// Random games' legal actions: every one has a number below the count,
    /// and two different actions never share one.
    fn numbers_are_distinct_and_in_range(variant: &str, games: u64) {
        let g = Essence::new(Essence::parse_variant(variant).unwrap(), 2).unwrap();
        let count = g.action_count();
        let mut seen: HashMap<usize, Action> = HashMap::new();
        for seed in 0..games {
            let mut dice = SeededDice::new(seed);
            let mut s = g.initial_state();
            let mut legal = Vec::new();
            for _ in 0..400 {
                let d = match g.to_move(&s) {
                    ToMove::Over => break,
                    ToMove::Chance => Decision::Roll(dice.roll(&g.dice(&s)).unwrap()),
                    _ => {
                        legal.clear();
                        g.legal_actions(&s, &mut legal);
                        for a in &legal {
                            let n = g.action_number(a).unwrap();
                            assert!(n < count, "{a:?} → {n} ≥ {count}");
                            assert_eq!(*seen.entry(n).or_insert(*a), *a, "two actions numbered {n}");
                        }
                        Decision::Act(legal[(seed as usize * 7 + legal.len()) % legal.len()])
                    }
                };
                g.apply(&mut s, &d, &mut Discard).unwrap();
            }
        }
        assert!(seen.len() > 50, "only {} actions seen", seen.len());
    }

    #[test]
    fn the_fast_board_numbers_its_actions_in_1890() {
        let g = Essence::new(Essence::parse_variant("fast").unwrap(), 2).unwrap();
        assert_eq!(g.action_count(), 1890);
        assert_eq!(g.num_distinct_actions(), Some(1890));
        assert_eq!(g.action_number(&Action::Pass), Some(0));
        assert_eq!(g.action_number(&Action::Grow(Square::at(1, 0))), Some(2));
        assert_eq!(g.action_number(&Action::Spin(0)), Some(1890 - 512));
        // Off the 3 × 3 board: no number.
        assert_eq!(g.action_number(&Action::Grow(Square::at(4, 4))), None);
        assert_eq!(g.action_number(&Action::Destabilize { at: Square::at(0, 0), amount: 7 }), None);
        numbers_are_distinct_and_in_range("fast", 30);
    }

    #[test]
    fn the_standard_board_numbers_every_spin() {
        let g = Essence::new(Essence::parse_variant("").unwrap(), 2).unwrap();
        assert_eq!(g.action_count(), 33_564_658);
        assert_eq!(g.action_number(&Action::Spin((1 << 25) - 1)), Some(33_564_658 - 1));
        numbers_are_distinct_and_in_range("", 10);
        numbers_are_distinct_and_in_range("loop,summoning", 10);
    }
}
