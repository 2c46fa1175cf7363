//! Teleports from cards ("Bramble Jump ●●: Only from difficult terrain:
//! teleports up to 12 squares into other difficult terrain").
//!
//! A teleport is a power aimed at the square where the user's space lands
//! ([`Aim::Square`]). The user leaves from and lands in terrain with the
//! card's trait (a square of its space on it), within the card's range
//! counted as movement (diagonals 1-2), where it could end a move. It is not
//! movement through the squares between, so it opens no reactions (ruling
//! P2V-R35); what it lands in (a hazard) acts as on any arrival.

use super::action::Aim;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::State;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::board::count;
use arbiter_geometry::battle::{FigureId, Mover, Space, Square, SquareSet};

impl P2v {
    /// Judges creature `who` teleporting with power `power` to `at`.
    pub(crate) fn judge_teleport(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        self.judge_teleport_within(s, who, power, at, None)
    }

    /// [`P2v::judge_teleport`], with the anchors where the creature may end
    /// its movement worked out already (`ends`, for a listing of them all,
    /// which needs no reason composed for the squares it refuses).
    fn judge_teleport_within(
        &self,
        s: &State,
        who: u8,
        power: u8,
        at: Square,
        ends: Option<&SquareSet>,
    ) -> Result<(), Refusal> {
        let i = usize::from(who);
        let no = |why: std::borrow::Cow<'static, str>| Refusal::because("p2v.teleport", why, section::POWER);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err(no("the creature is not on the board".into()));
        };
        let Some(tp) = p.powers.get(usize::from(power)).and_then(|pw| pw.program.teleport.as_ref()) else {
            return Err(no("that power is no teleport".into()));
        };
        let side = p.size.side();
        let field = self.field(s);
        if !field.board().holds(&Space::new(at, side)) {
            return Err(no("it must land on the board".into()));
        }
        if at == from {
            return Err(no("it must go somewhere".into()));
        }
        let (dx, dy) = ((at.file() - from.file()).unsigned_abs(), (at.rank() - from.rank()).unsigned_abs());
        let listing = ends.is_some();
        if count(dx, dy) > u32::from(tp.range) {
            if listing {
                return Err(no("out of range".into()));
            }
            return Err(no(format!("it teleports up to {} squares (counted as movement)", tp.range).into()));
        }
        if let Some(t) = tp.trait_needed() {
            let name = tp.terrain.as_deref().unwrap_or("");
            if !self.on_terrain(s, &Space::new(from, side), t) {
                return Err(no(format!("only from {name} terrain: the creature is not in it").into()));
            }
            if !self.on_terrain(s, &Space::new(at, side), t) {
                if listing {
                    return Err(no("not in that terrain".into()));
                }
                return Err(no(format!("it lands only in {name} terrain").into()));
            }
        }
        let mover = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        if !ends.map_or_else(|| field.may_end(mover, at), |e| e.contains(at)) {
            return Err(no(
                "it cannot land there (another creature, an objective, or ground it cannot stand on)".into()
            ));
        }
        Ok(())
    }

    /// Every square creature `who` may teleport to with power `power`.
    pub(crate) fn teleport_landings(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let i = usize::from(who);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else { return Vec::new() };
        let Some(tp) = p.powers.get(usize::from(power)).and_then(|pw| pw.program.teleport.as_ref()) else {
            return Vec::new();
        };
        if let Some(t) = tp.trait_needed()
            && !self.on_terrain(s, &Space::new(from, p.size.side()), t)
        {
            return Vec::new();
        }
        let r = i32::from(tp.range);
        let board = self.base_terrain().board();
        let mover = Mover {
            side: p.size.side(),
            team: p.team,
            mode: self.mode_now(s, who),
            figure: Some(FigureId(u16::from(who))),
        };
        let ends = self.field(s).ends(mover);
        let mut out = Vec::new();
        for f in (from.file() - r).max(0)..=(from.file() + r).min(board.width() - 1) {
            for k in (from.rank() - r).max(0)..=(from.rank() + r).min(board.height() - 1) {
                if let Some(at) = board.square(f, k)
                    && self.judge_teleport_within(s, who, power, at, Some(&ends)).is_ok()
                {
                    out.push(Aim::Square { at });
                }
            }
        }
        out
    }

    /// Moves the user to where it teleports (judged already).
    pub(crate) fn teleport<E: EventSink<Event>>(&self, s: &mut State, who: u8, at: Square, events: &mut E) {
        let i = usize::from(who);
        let Some(from) = s.creatures.get(i).and_then(|c| c.at) else { return };
        let side = self.profile(i).map_or(1, |p| p.size.side());
        if let Some(c) = s.creatures.get_mut(i) {
            c.at = Some(at);
        }
        self.sync(s, i);
        events.emit(Event::Moved { who, from, to: at, how: "teleport".into() });
        self.entered(s, who, Space::new(from, side), Space::new(at, side), events);
    }
}
