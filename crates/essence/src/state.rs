//! The state of a game of Essence: the board, the void, whose turn it is and
//! where in the turn, and the motes waiting to be spun.
//!
//! A state serialises as its position notation (see [`crate::notation`]), so
//! a saved state is one readable line.

use crate::board::{SQUARES, Square, squares};
use crate::mote::{MAX_POWER, Mote, orientable};
use arbiter_core::Seat;
use ts_rs::TS;

/// Dice each player owns: motes on the board plus dice in the mana pool.
pub const DICE_PER_PLAYER: u32 = 5;

/// The kinds of action of the action phase; a turn's two actions must differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Move a mote in a straight line.
    Move,
    /// Split a new mote off.
    Split,
    /// Move power from one mote to a neighbour, plus one.
    Heal,
    /// Move the void one space.
    Shift,
    /// Reduce a mote and every mote around it.
    Destabilize,
    /// Summoning variant: a power-6 mote becomes the void.
    Summon,
}

impl Kind {
    /// The letter of the kind in notation (`m` for Move, …).
    pub fn letter(self) -> char {
        match self {
            Kind::Move => 'm',
            Kind::Split => 's',
            Kind::Heal => 'h',
            Kind::Shift => 'v',
            Kind::Destabilize => 'd',
            Kind::Summon => 'u',
        }
    }
    /// The kind for a notation letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        [Kind::Move, Kind::Split, Kind::Heal, Kind::Shift, Kind::Destabilize, Kind::Summon]
            .into_iter()
            .find(|k| k.letter() == c)
    }
    /// The action's name in the rulebook.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Move => "Move",
            Kind::Split => "Split",
            Kind::Heal => "Heal",
            Kind::Shift => "Shift the Void",
            Kind::Destabilize => "Destabilize",
            Kind::Summon => "Summon the Void",
        }
    }
}

/// Where the active player is in their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Growth: choose a mote to grow.
    Growth,
    /// The first action of the action phase.
    First,
    /// The second action; it must be of a different kind from the first.
    Second(Kind),
    /// Both actions done; the opponent spins motes the turn affected.
    End,
}

/// A position with everything needed to continue the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub struct State {
    pub(crate) side: u8,
    pub(crate) cells: [u8; SQUARES],
    pub(crate) occupied: [u32; 2],
    pub(crate) void: Square,
    pub(crate) active: Seat,
    pub(crate) phase: Phase,
    pub(crate) turn: u16,
    pub(crate) quiet: u16,
    pub(crate) spin_own: u32,
    pub(crate) spin_opp: u32,
}

impl State {
    /// An empty board of the given side with the void in the centre.
    pub(crate) fn empty(side: u8) -> State {
        let c = side / 2;
        State {
            side,
            cells: [0; SQUARES],
            occupied: [0; 2],
            void: Square::at(c, c),
            active: Seat(0),
            phase: Phase::First,
            turn: 1,
            quiet: 0,
            spin_own: 0,
            spin_opp: 0,
        }
    }

    /// The mote on a square, if any.
    #[inline]
    pub fn mote(&self, sq: Square) -> Option<Mote> {
        let b = self.cells[sq.index()];
        (b != 0).then_some(Mote(b))
    }
    /// Puts a mote on a square, replacing any.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, m: Mote) {
        self.take(sq);
        self.cells[sq.index()] = m.0;
        self.occupied[m.owner().index()] |= sq.bit();
    }
    /// Removes whatever mote is on a square.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Mote> {
        let m = self.mote(sq)?;
        self.cells[sq.index()] = 0;
        self.occupied[m.owner().index()] &= !sq.bit();
        Some(m)
    }
    /// The squares holding a seat's motes.
    #[inline]
    pub fn motes_of(&self, seat: Seat) -> u32 {
        self.occupied[seat.index()]
    }
    /// All squares holding motes.
    #[inline]
    pub fn all_motes(&self) -> u32 {
        self.occupied[0] | self.occupied[1]
    }
    /// Number of a seat's motes on the board.
    #[inline]
    pub fn count(&self, seat: Seat) -> u32 {
        self.occupied[seat.index()].count_ones()
    }
    /// Dice in a seat's mana pool.
    pub fn pool(&self, seat: Seat) -> u32 {
        DICE_PER_PLAYER.saturating_sub(self.count(seat))
    }
    /// The void's square.
    pub fn void(&self) -> Square {
        self.void
    }
    /// The player whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }
    /// Where in the turn the game is.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The turn number, from 1; both players' turns count.
    pub fn turn(&self) -> u16 {
        self.turn
    }
    /// Turns ended since a mote last left the board.
    pub fn quiet(&self) -> u16 {
        self.quiet
    }
    /// Squares of the board's side.
    pub fn side(&self) -> u8 {
        self.side
    }
    /// Motes the active player may spin now.
    pub fn pending_own_spins(&self) -> u32 {
        self.spin_own
    }
    /// The opponent's motes the turn affected, to be spun at its end.
    pub fn pending_opponent_spins(&self) -> u32 {
        self.spin_opp
    }
    /// The squares of `set` holding motes whose face has an orientation.
    pub(crate) fn orientable_in(&self, set: u32) -> u32 {
        squares(set & self.all_motes())
            .filter(|&sq| self.mote(sq).is_some_and(|m| orientable(m.power())))
            .fold(0, |acc, sq| acc | sq.bit())
    }
    /// Sum of a seat's powers.
    pub fn total_power(&self, seat: Seat) -> u32 {
        squares(self.motes_of(seat)).filter_map(|sq| self.mote(sq)).map(|m| u32::from(m.power())).sum()
    }
    /// True if the seat has a mote below the maximum power.
    pub(crate) fn can_grow(&self, seat: Seat) -> bool {
        squares(self.motes_of(seat)).any(|sq| self.mote(sq).is_some_and(|m| m.power() < MAX_POWER))
    }
}
