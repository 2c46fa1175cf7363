//! Two cards' answers to how a roll went: Shaky Footing ("When it critically
//! fails a strike's attack roll or a Reflex save, roll 1d6: on 1 to 3 it falls
//! prone"; ruling P2V-R158) and Primal Sink ("When it succeeds at a save
//! against a primal spell, it gets +2 to Fight, Power, Fortitude, Reflex and
//! Will until the end of its next turn"; ruling P2V-R159).
//!
//! A Fight roll critically fails as a save does: on a natural 1, or 10 or
//! more below the Armor. The footing's d6 is a chance node of its own. Primal
//! Sink is a free action its player is offered after the save, outside its
//! turn too, as Parasitic Rejuvenation is (P2V-R149).

use super::event::Event;
use super::rules::P2v;
use super::state::{Affect, Frame, Lasting, Life, Source, State, Trigger};
use crate::program::Give;
use arbiter_core::resolve::{Anchor, Effect, Expiry, Timing, Window};
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// After `who` critically failed a strike's Fight roll or a Reflex save:
    /// its footing's d6 comes next, if it has shaky footing.
    pub(crate) fn push_stumble(&self, s: &mut State, who: u8) {
        if self.profile(usize::from(who)).is_some_and(|p| p.stumble.is_some()) {
            s.pending.push(Frame::Stumble { who });
        }
    }

    /// Whether the footing's d6 is still owed: the creature is up and standing.
    pub(crate) fn stumble_waits(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up && !c.prone)
    }

    /// The footing's d6: on the card's number or less, it falls prone.
    pub(crate) fn stumble_roll<E: EventSink<Event>>(&self, s: &mut State, who: u8, die: u8, events: &mut E) {
        let Some(n) = self.profile(usize::from(who)).and_then(|p| p.stumble) else { return };
        events.emit(Event::Footing { who, roll: die, fell: die <= n });
        if die <= n {
            self.give(s, who, &[Give::Prone], "Shaky Footing", events);
        }
    }

    /// After `a.target` succeeded at a save against `a`: its free action
    /// answering spells of that tradition is offered.
    pub(crate) fn offer_sink(&self, s: &mut State, a: &Affect) {
        let Some((k, _)) = self.profile(usize::from(a.target)).and_then(|p| p.sink.as_ref()) else { return };
        let Source::Power { power } = a.source else { return };
        let tradition = self
            .profile(usize::from(a.user))
            .and_then(|p| p.powers.get(usize::from(power)))
            .and_then(|pw| pw.spell.as_ref())
            .and_then(|sp| sp.tradition);
        if tradition != Some(k.tradition) || !self.may_sink(s, a.target) {
            return;
        }
        let seat = Seat(self.team(usize::from(a.target)));
        s.pending.push(Frame::Window(Window::for_seat(Trigger::Sink { who: a.target }, Timing::After, seat)));
    }

    /// Whether `who` may take its Primal Sink now: it is up and in play.
    pub(crate) fn may_sink(&self, s: &State, who: u8) -> bool {
        self.profile(usize::from(who)).is_some_and(|p| p.sink.is_some())
            && self.in_play(s, usize::from(who))
            && s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up)
    }

    /// Takes the Primal Sink: its bonuses until the end of its next turn.
    pub(crate) fn sink<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some((k, name)) = self.profile(usize::from(who)).and_then(|p| p.sink.clone()) else { return };
        if matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Sink { who }) {
            s.pending.pop();
        }
        events.emit(Event::Reacts { who, reaction: name });
        // "Until the end of its next turn": in its own turn, the next one.
        let times = if s.active() == Some(who) { 2 } else { 1 };
        for (stat, n) in super::cast::bonus_stats(k.bonus) {
            if n == 0 {
                continue;
            }
            let until = Expiry::At { anchor: Anchor::TurnEnd(who), times };
            s.effects.replace(Effect::new(Lasting::Surge { stat }, who, until).from(who).valued(i16::from(n)));
            let label = format!("{n:+} {}", format!("{stat:?}").to_ascii_lowercase());
            events.emit(Event::Condition { who, name: label, on: true });
        }
    }
}
