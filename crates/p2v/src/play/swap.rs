//! Trading places (Slippery Ribbon): "Slippery Ribbon ○ Trade places with
//! an adjacent creature."
//!
//! A power with `swap = true`, aimed at an adjacent creature in play, ally
//! or enemy, of the user's size, neither of them riding: the two trade
//! spaces at once. It is not a move of either, so it opens no reactions;
//! what each lands in (a hazard, water) acts on it (ruling P2V-R82).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::State;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Space};

impl P2v {
    /// Judges a swap of `who` with `target`.
    pub(crate) fn judge_swap(&self, s: &State, who: u8, target: u8) -> Result<(), Refusal> {
        let no = |why: &str| Refusal::because("p2v.swap", why.to_string(), section::TARGETING);
        if target == who || !self.in_play(s, usize::from(target)) {
            return Err(no("it trades places with another creature in play"));
        }
        let (Some(p), Some(q)) = (self.profile(usize::from(who)), self.profile(usize::from(target))) else {
            return Err(no("no such creature"));
        };
        if self.mount_of(s, who).is_some() || self.mount_of(s, target).is_some() {
            return Err(no(
                "a rider shares its mount's space and trades places with nobody, nor is traded with (ruling P2V-R82)",
            ));
        }
        if p.size.side() != q.size.side() {
            return Err(no(
                "it trades places only with a creature whose space is the size of its own (ruling P2V-R82)",
            ));
        }
        if !self.field(s).in_reach(FigureId(u16::from(who)), FigureId(u16::from(target)), 1) {
            return Err(no("the creature must be adjacent"));
        }
        Ok(())
    }

    /// `who` and `target` trade places.
    pub(crate) fn swap<E: EventSink<Event>>(&self, s: &mut State, who: u8, target: u8, events: &mut E) {
        let (i, j) = (usize::from(who), usize::from(target));
        let (Some(a), Some(b)) = (s.creatures.get(i).and_then(|c| c.at), s.creatures.get(j).and_then(|c| c.at)) else {
            return;
        };
        let side = self.profile(i).map_or(1, |p| p.size.side());
        s.creatures[i].at = Some(b);
        s.creatures[j].at = Some(a);
        self.sync(s, i);
        self.sync(s, j);
        events.emit(Event::Moved { who, from: a, to: b, how: "traded places".into() });
        events.emit(Event::Moved { who: target, from: b, to: a, how: "traded places".into() });
        self.entered(s, who, Space::new(a, side), Space::new(b, side), events);
        self.entered(s, target, Space::new(b, side), Space::new(a, side), events);
    }
}
