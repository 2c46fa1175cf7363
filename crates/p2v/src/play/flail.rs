//! Striking out at random: "Furious Flailing ↻: If the troll takes fire or
//! electricity damage: Make a melee strike against a random creature within
//! reach."
//!
//! Taking damage of a listed type (after resistance, more than 0) while up
//! opens a window for the creature's owner, if it may react. Taking the
//! reaction picks among every other creature in play within reach of one
//! of its melee weapons, friend or foe: with one, that one; with more, a die
//! with a face per creature ([`Frame::RandomTarget`]) says which. The strike
//! is a reaction's: no multiple attack penalty (ruling P2V-R41).

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Life, State, Trigger};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// After `who` took `taken` damage of `types`: the window of its
    /// random strike, if the damage is of a type it answers and it may react.
    pub(crate) fn flail_window(&self, s: &mut State, who: u8, types: super::damage::Types, taken: u16) {
        let Some(p) = self.profile(usize::from(who)) else { return };
        if taken == 0 || !p.random_strike.meets(types) {
            return;
        }
        let t = Trigger::Flail { who };
        let seat = Seat(self.team(usize::from(who)));
        self.offer_window(s, t, Timing::After, seat);
    }

    /// The creatures `who` could strike at random now: every other creature
    /// in play within reach of one of its melee weapons, in roster order.
    pub(crate) fn flail_targets(&self, s: &State, who: u8) -> Vec<u8> {
        (0..s.creatures.len().min(255) as u8)
            .filter(|&c| c != who && self.in_play(s, usize::from(c)))
            .filter(|&c| self.reaction_weapon(s, who, c).is_some())
            .filter(|&c| self.may_attack(s, who, c).is_ok())
            .collect()
    }

    /// Whether `who` may strike at random now.
    pub(crate) fn may_flail(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up)
            && self.may_react(s, who)
            && self.shell(s, who).is_none()
            && !self.flail_targets(s, who).is_empty()
    }

    /// Takes the reaction: the target at once if there is one, else the die.
    pub(crate) fn flail<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Flail { who }) {
            return;
        }
        s.pending.pop();
        let among = self.flail_targets(s, who);
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        let name = self.roster().get(usize::from(who)).and_then(|p| p.random_strike_name.clone());
        events.emit(Event::Reacts { who, reaction: name.unwrap_or_else(|| "a random strike".into()) });
        match among.as_slice() {
            [] => {}
            [one] => self.random_strike(s, who, *one, events),
            _ => s.pending.push(Frame::RandomTarget { who, among }),
        }
    }

    /// The die of a [`Frame::RandomTarget`] fell on face `d`.
    pub(crate) fn random_target<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        among: &[u8],
        d: u8,
        events: &mut E,
    ) {
        if let Some(&target) = among.get(usize::from(d.max(1) - 1)) {
            self.random_strike(s, who, target, events);
        }
    }

    /// The reaction's strike on `target` with the best melee weapon that
    /// reaches it (none if nothing reaches any more).
    fn random_strike<E: EventSink<Event>>(&self, s: &mut State, who: u8, target: u8, events: &mut E) {
        if !self.in_play(s, usize::from(target)) {
            return;
        }
        let Some(weapon) = self.reaction_weapon(s, who, target) else { return };
        super::apply::reaction_strike(self, s, who, target, weapon, events);
    }
}
