//! Summonable creatures (Appendix: Positioning upgrades): "Summonable: A
//! creature that comes from another plane can take this upgrade. When
//! deploying, leave this creature out of play. At any point during play, an
//! allied creature who can cast spells can spend 2 AP and place the
//! summonable creature in an adjacent unoccupied space. The summonable
//! creature can act that round."
//!
//! A creature with the upgrade waits out of play through deployment. On its
//! turn, an allied caster (a creature with a spell it may cast) may
//! `summon LETTER SQUARE` (●●): the creature's space, its lower-left square
//! at SQUARE, must be adjacent to the caster's, on ground where it may
//! stand. It comes into play not yet activated this round (ruling P2V-R85).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Mover, Space, Square, SquareSet};

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, "Appendix: Positioning upgrades")
}

impl P2v {
    /// Whether creature `i` waits to be summoned (and so is not deployed):
    /// Summonable and out of play, but not sheltered in a haven, from which
    /// only its own turn brings it out (ruling P2V-R147).
    pub fn summonable(&self, s: &State, i: usize) -> bool {
        self.profile(i).is_some_and(|p| p.summonable)
            && s.creatures.get(i).is_some_and(|c| c.life == Life::Waiting && c.haven.is_none())
    }

    /// Whether `who` can cast spells.
    fn casts_spells(&self, who: u8) -> bool {
        self.profile(usize::from(who)).is_some_and(|p| p.powers.iter().any(|pw| pw.spell.is_some()))
    }

    /// Judges `summon LETTER SQUARE` by the active creature of turn `t`.
    pub(crate) fn judge_summon(&self, s: &State, t: &Turn, who: u8, at: Square) -> Result<(), Refusal> {
        if !self.casts_spells(t.who) {
            return Err(no("p2v.summon.caster", "only a creature who can cast spells summons"));
        }
        let i = usize::from(who);
        if self.team(i) != self.team(usize::from(t.who)) || !self.summonable(s, i) {
            return Err(no("p2v.summon.who", "summon an allied Summonable creature still out of play"));
        }
        if t.ap < 2 {
            return Err(Refusal::because(
                "p2v.turn.ap",
                format!("summoning costs 2 AP and the creature has {} AP left", t.ap),
                section::TURN,
            ));
        }
        if !self.summon_squares(s, t.who, who).contains(&at) {
            return Err(no(
                "p2v.summon.space",
                "the summoned creature's space must be adjacent to the caster's, unoccupied, on ground where it may stand",
            ));
        }
        Ok(())
    }

    /// Where the caster `by` may place `who`: anchors of a space adjacent to
    /// its own, where `who` may end a move.
    pub(crate) fn summon_squares(&self, s: &State, by: u8, who: u8) -> Vec<Square> {
        let Some(q) = self.profile(usize::from(by)) else { return Vec::new() };
        let Some(at) = s.creatures.get(usize::from(by)).and_then(|c| c.at) else { return Vec::new() };
        self.squares_beside(s, Space::new(at, q.size.side()), who)
    }

    /// The anchors where creature `who` may stand with its space adjacent
    /// to `space` (not overlapping it).
    pub(crate) fn squares_beside(&self, s: &State, space: Space, who: u8) -> Vec<Square> {
        self.squares_touching(s, space, who, &space.squares().dilated())
    }

    /// The anchors where creature `who` may stand (end a move) with its
    /// space touching the squares `area` around `space` but not `space`.
    pub(crate) fn squares_touching(&self, s: &State, space: Space, who: u8, area: &SquareSet) -> Vec<Square> {
        let Some(p) = self.profile(usize::from(who)) else { return Vec::new() };
        let field = self.field(s);
        let mine = space.squares();
        let side = p.size.side();
        let mover = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        // Anchors whose space touches the area.
        let mut near = area.clone();
        for _ in 1..side {
            near = near.dilated();
        }
        near.iter()
            .filter(|&a| field.board().contains(a))
            .filter(|&a| {
                let space = Space::new(a, side).squares();
                space.intersects(area) && !space.intersects(&mine)
            })
            .filter(|&a| field.may_end(mover, a))
            .collect()
    }

    /// Carries out a summon judged legal (its AP paid): the creature comes
    /// into play, free to act this round.
    pub(crate) fn summon<E: EventSink<Event>>(&self, s: &mut State, by: u8, who: u8, at: Square, events: &mut E) {
        let i = usize::from(who);
        let Some(c) = s.creatures.get_mut(i) else { return };
        c.at = Some(at);
        c.life = Life::Up;
        c.done = false;
        self.sync(s, i);
        events.emit(Event::Summoned { who, by, at });
    }
}
