//! Leap ("UNIVERSAL ACTIONS"): "Leap • The creature jumps over one square or
//! over a one-square wide gap."
//!
//! A Leap moves the creature's space its own width and one square more in
//! a straight line (orthogonal or diagonal), over the squares between (ruling
//! P2V-R33): what stands there — a creature, difficult or hazardous terrain,
//! water, a gap — is jumped over; solid terrain (a wall, a closed door) is
//! not. It lands where it could end a move, no higher than where it took
//! off, and falls if it lands 2 squares or more lower. It is movement, so it
//! may open reactions as a Stride does.

use super::rules::{P2v, section};
use super::state::{Conditions, State, Turn};
use arbiter_core::Refusal;
use arbiter_geometry::battle::{Dir, FigureId, Mode, Mover, Position, Space, Square};

/// The eight directions a Leap may take.
const DIRS: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

impl P2v {
    /// Where creature `who` may leap to from where it stands, with the
    /// direction of each landing.
    pub(crate) fn leap_landings(&self, s: &State, who: u8) -> Vec<Square> {
        let i = usize::from(who);
        let (Some(p), Some(at)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Vec::new();
        };
        let field = self.field(s);
        let side = p.size.side();
        let walker = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        let from = self.leap_height(s, side, at);
        field
            .leaps(walker, at, u32::from(side) + 1)
            .into_iter()
            .flatten()
            .filter(|to| self.leap_height(s, side, *to) <= from)
            .collect()
    }

    /// The highest ground under a space: where a leap takes off or lands.
    pub(crate) fn leap_height(&self, s: &State, side: u8, a: Square) -> u16 {
        self.field(s).ground(&Space::new(a, side)).0
    }

    /// The landing of a Leap of `who` in direction `d`, or why it cannot.
    fn leap_to(&self, s: &State, who: u8, d: Dir) -> Result<Square, &'static str> {
        let i = usize::from(who);
        let (Some(p), Some(at)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err("the creature is not on the board");
        };
        let field = self.field(s);
        let side = p.size.side();
        let walker = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        // Over the squares between, as a flier goes: only solid terrain stops it.
        let over = Mover { mode: Mode::Fly, ..walker };
        let mut anchor = at;
        for _ in 0..=side {
            let next = field.board().neighbour(anchor, d).ok_or("the Leap would leave the board")?;
            let pos = Position { anchor, odd_diagonals: false, down: false };
            field.step(over, pos, next).map_err(|_| "solid terrain is in the way")?;
            anchor = next;
        }
        if !field.may_end(walker, anchor) {
            return Err("it cannot land there (another creature, an objective, or ground it cannot stand on)");
        }
        if self.leap_height(s, side, anchor) > self.leap_height(s, side, at) {
            return Err("a Leap goes over, not up: the landing is higher than the take-off");
        }
        Ok(anchor)
    }

    /// How many squares a creature falls landing a Leap from `from` on `to`
    /// (heights are kept in half squares; a half square more is no fall).
    pub(crate) fn leap_fall(&self, s: &State, side: u8, from: Square, to: Square) -> u32 {
        u32::from(self.leap_height(s, side, from).saturating_sub(self.leap_height(s, side, to))) / 2
    }

    /// Judges a Leap of the creature taking its turn to `to`.
    pub(crate) fn judge_leap(&self, s: &State, t: &Turn, to: Square) -> Result<(), Refusal> {
        let c = &s.creatures[usize::from(t.who)];
        if c.prone {
            return Err(Refusal::because(
                "p2v.move.prone",
                "the only movement a creature can take while prone is to Crawl",
                "APPENDIX: COMBAT STATUSES",
            ));
        }
        if c.conditions.has(Conditions::IMMOBILIZED) || c.conditions.has(Conditions::GRABBED) {
            return Err(Refusal::because(
                "p2v.move.immobilized",
                "an immobilized creature cannot willingly move from its space",
                section::CONDITIONS,
            ));
        }
        if self.leap_landings(s, t.who).contains(&to) {
            return Ok(());
        }
        let mut why = "a Leap jumps over one square: it lands its own width and one square away, in a straight line";
        for d in DIRS {
            match self.leap_to(s, t.who, d) {
                Ok(a) if a == to => return Ok(()),
                Err(e) if self.leap_line(s, t.who, d) == Some(to) => why = e,
                _ => {}
            }
        }
        Err(Refusal::because("p2v.leap", why.to_string(), section::ACTIONS))
    }

    /// The square a Leap in direction `d` would land on, legal or not.
    fn leap_line(&self, s: &State, who: u8, d: Dir) -> Option<Square> {
        let i = usize::from(who);
        let side = self.profile(i)?.size.side();
        let mut a = s.creatures.get(i)?.at?;
        let board = self.base_terrain().board();
        for _ in 0..=side {
            a = board.neighbour(a, d)?;
        }
        Some(a)
    }
}
