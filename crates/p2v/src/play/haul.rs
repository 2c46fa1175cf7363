//! Dragging a grabbed creature along: "Haul Away: When it Strides, it may
//! drag along an adjacent creature it has grabbed, if that creature is no
//! larger than the ant."
//!
//! A creature with the feature (`haul = true`) may, instead of a plain
//! Stride, `haul SQUARE` (●): the same Stride, with a creature it has
//! grabbed (by its Grapple or its hit's grab, and still grabbed), adjacent
//! to it and no larger than it, dragged along. After each square the
//! hauler enters, the dragged creature moves into the space the hauler
//! left, if it fits there; that is not its own movement, so it opens no
//! reactions, but what it is dragged into acts on it (ruling P2V-R71).

use super::event::Event;
use super::judge::stride_reach;
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Mover, Space, Square};

impl P2v {
    /// Who `who` could drag along now: a creature it has grabbed, adjacent,
    /// no larger than it.
    pub(crate) fn haulable(&self, s: &State, who: u8) -> Option<u8> {
        let p = self.profile(usize::from(who))?;
        if !p.haul {
            return None;
        }
        let field = self.field(s);
        (0..s.creatures.len().min(255) as u8).find(|&v| {
            let c = &s.creatures[usize::from(v)];
            v != who
                && c.life == Life::Up
                && c.conditions.has(Conditions::GRABBED)
                && c.grabbed_by == Some(who)
                && self.profile(usize::from(v)).is_some_and(|q| q.size <= p.size)
                && field.in_reach(FigureId(u16::from(who)), FigureId(u16::from(v)), 1)
        })
    }

    /// Judges `haul SQUARE`: a Stride that may end there, with someone to drag.
    pub(crate) fn judge_haul(&self, s: &State, t: &Turn, to: Square) -> Result<(), Refusal> {
        if self.haulable(s, t.who).is_none() {
            return Err(Refusal::because(
                "p2v.haul.none",
                "only a creature with Haul Away drags along an adjacent creature it has grabbed, no larger than itself",
                section::MOVEMENT,
            ));
        }
        super::judge::judge_turn(self, s, *t, &super::action::Action::Stride { to })
    }

    /// Starts a haul judged legal (its AP paid): the Stride's walk, and
    /// below it the frame that drags the creature along.
    pub(crate) fn haul(&self, s: &mut State, t: Turn, to: Square) {
        let Some(victim) = self.haulable(s, t.who) else { return };
        let reach = stride_reach(self, s, &t);
        if reach.is_none_or(|r| !r.ends().contains(to)) {
            return;
        }
        s.pending.push(Frame::Haul { who: t.who, victim });
        super::apply::stride(self, s, t, to);
    }

    /// The hauler `who` stepped from `left` (its old space): the dragged
    /// creature follows into it, if it fits there.
    pub(crate) fn drag<E: EventSink<Event>>(&self, s: &mut State, who: u8, left: Space, events: &mut E) {
        let victim = s.pending.iter().find_map(|f| match f {
            Frame::Haul { who: w, victim } if *w == who => Some(*victim),
            _ => None,
        });
        let Some(v) = victim else { return };
        let vi = usize::from(v);
        let (Some(q), Some(from)) = (self.profile(vi), s.creatures.get(vi).and_then(|c| c.at)) else { return };
        if s.creatures[vi].life != Life::Up {
            return;
        }
        let side = q.size.side();
        let to = left.anchor();
        let field = self.field(s);
        let mover = Mover { side, team: q.team, mode: self.mode_now(s, v), figure: Some(FigureId(u16::from(v))) };
        let free = field.may_end(mover, to)
            && !Space::new(to, side).overlaps(&field.figure(FigureId(u16::from(who))).map_or(left, |f| f.space));
        if !free || to == from {
            return;
        }
        s.creatures[vi].at = Some(to);
        self.sync(s, vi);
        events.emit(Event::Moved { who: v, from, to, how: "dragged".into() });
        self.entered(s, v, Space::new(from, side), Space::new(to, side), events);
    }
}
