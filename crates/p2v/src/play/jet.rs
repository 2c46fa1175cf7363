//! A straight swim that opens no reactions: Jet ("Shoots up to 12 squares in
//! a straight line, through deep or shallow water only; the move triggers no
//! reactions").
//!
//! A power with `jet = { range = 12, through = ["water", "deep water"] }` is
//! aimed at the square its space ends on, along one of the eight directions
//! and at most `range` squares away. Every square of its space where it
//! starts, passes and ends has one of the traits; each square is entered as
//! movement is (nothing solid, no enemy in the way), and what it enters acts
//! on it, but nobody may react to it (ruling P2V-R157).

use super::action::Aim;
use super::resolve::JET;
use super::rules::{P2v, section};
use super::state::{Frame, State};
use arbiter_core::Refusal;
use arbiter_geometry::battle::{FigureId, Mover, Position, Space, Square, Traits};

impl P2v {
    /// The anchors a jet from `from` to `at` passes, `at` last, if `at` lies
    /// along one of the eight directions.
    fn jet_path(from: Square, at: Square) -> Option<Vec<Square>> {
        let (dx, dy) = (at.file() - from.file(), at.rank() - from.rank());
        if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        let n = dx.abs().max(dy.abs());
        (1..=n).map(|k| square(from.file() + dx.signum() * k, from.rank() + dy.signum() * k)).collect()
    }

    /// Judges creature `who` jetting with power `power` to `at`.
    pub(crate) fn judge_jet(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        let i = usize::from(who);
        let no = |why: String| Refusal::because("p2v.jet", format!("{why} (ruling P2V-R157)"), section::POWER);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err(no("the creature is not on the board".into()));
        };
        let Some(jet) = p.powers.get(usize::from(power)).and_then(|pw| pw.program.jet.as_ref()) else {
            return Err(no("that power is no jet".into()));
        };
        let traits = jet.traits().unwrap_or(Traits::NONE);
        let names = jet.through.join(" or ");
        let Some(path) = Self::jet_path(from, at) else {
            return Err(no("it shoots in a straight line: along a rank, a file or a diagonal".into()));
        };
        if path.len() > usize::from(jet.range) {
            return Err(no(format!("it shoots up to {} squares", jet.range)));
        }
        let side = p.size.side();
        let field = self.field(s);
        if !self.field(s).terrain().all_under(&Space::new(from, side), traits) {
            return Err(no(format!("it starts in {names} only")));
        }
        let mover = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        let mut pos = Position { anchor: from, odd_diagonals: false, down: false };
        for q in &path {
            if !field.board().holds(&Space::new(*q, side))
                || !self.field(s).terrain().all_under(&Space::new(*q, side), traits)
            {
                return Err(no(format!("it passes through {names} only")));
            }
            match field.step(mover, pos, *q) {
                Ok((_, next)) => pos = next,
                Err(_) => return Err(no("something blocks the way".into())),
            }
        }
        if !field.may_end(mover, at) {
            return Err(no("it cannot end there (another creature or an objective)".into()));
        }
        Ok(())
    }

    /// Every square creature `who` may jet to with power `power`.
    pub(crate) fn jet_landings(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let i = usize::from(who);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else { return Vec::new() };
        let Some(range) = p.powers.get(usize::from(power)).and_then(|pw| pw.program.jet.as_ref()).map(|j| j.range)
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (dx, dy) in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)] {
            for k in 1..=i32::from(range) {
                let Some(at) = square(from.file() + dx * k, from.rank() + dy * k) else { break };
                if self.judge_jet(s, who, power, at).is_ok() {
                    out.push(Aim::Square { at });
                }
            }
        }
        out
    }

    /// Jets to `at`: a move along the line that opens no reactions.
    pub(crate) fn jet(&self, s: &mut State, who: u8, at: Square) {
        let Some(from) = s.creatures.get(usize::from(who)).and_then(|c| c.at) else { return };
        let Some(path) = Self::jet_path(from, at) else { return };
        s.pending.push(Frame::Walk { who, from, path, how: JET, asked: false, back: from });
    }
}

/// The square at a file and rank, if both are on a board's grid.
fn square(file: i32, rank: i32) -> Option<Square> {
    let side = arbiter_geometry::battle::MAX_SIDE as i32;
    ((0..side).contains(&file) && (0..side).contains(&rank)).then(|| Square::at(file as u8, rank as u8))
}
