//! Defend the Friends (Arboreal Shepherd): "If an ally within reach takes
//! damage: Ally does not apply weaknesses to that damage, and further
//! reduces it by 5. Shepherd takes 5 damage." (ruling P2V-R148)
//!
//! When damage is about to be dealt to a creature, each ally of it with a
//! `defend` reaction that reaches it and may react is asked, before the
//! damage (and before a Shield Block of the target's own). On `react` the
//! damage loses its weakness and the `less` amount, and the defender takes
//! its `takes` damage, untyped, after.

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Hit, Life, State, Trigger};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Seat};
use arbiter_geometry::battle::FigureId;

impl P2v {
    /// Whether `who` may shield `ally` from damage pending for it now.
    pub(crate) fn may_defend(&self, s: &State, who: u8, ally: u8) -> bool {
        let Some(p) = self.profile(usize::from(who)) else { return false };
        if p.defend.is_none() || who == ally || self.team(usize::from(who)) != self.team(usize::from(ally)) {
            return false;
        }
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        let pending = s.pending.iter().any(|f| matches!(f, Frame::Damage(h) if h.target == ally && !h.defended));
        up && pending
            && self.may_react(s, who)
            && self.in_play(s, usize::from(ally))
            && self.field(s).in_reach(FigureId(u16::from(who)), FigureId(u16::from(ally)), u32::from(p.reach()))
    }

    /// Damage `h` was just scheduled: its target's defenders are asked.
    pub(crate) fn offer_defend(&self, s: &mut State, h: &Hit) {
        if h.damage.amount == 0 || h.defended || !self.roster().iter().any(|p| p.defend.is_some()) {
            return;
        }
        for who in 0..s.creatures.len().min(255) as u8 {
            if self.profile(usize::from(who)).is_none_or(|p| p.defend.is_none()) {
                continue;
            }
            let t = Trigger::Defend { who, ally: h.target };
            let seat = Seat(self.team(usize::from(who)));
            self.offer_window(s, t, Timing::Before, seat);
        }
    }

    /// `who` shields `ally`: the damage pending for it loses its weakness
    /// and `less`, and `who` takes its share.
    pub(crate) fn defend<E: EventSink<Event>>(&self, s: &mut State, who: u8, ally: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Defend { who, ally }) {
            return;
        }
        s.pending.pop();
        let Some((d, name)) = self.profile(usize::from(who)).and_then(|p| p.defend.clone()) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: name });
        let pending = s.pending.find_mut(|f| match f {
            Frame::Damage(h) if h.target == ally && !h.defended => Some(h),
            _ => None,
        });
        if let Some(h) = pending {
            h.defended = true;
            h.damage.amount = h.damage.amount.saturating_sub(d.less);
        }
        if d.takes > 0 {
            // The defender's share first, then the ally's damage.
            let hit = Hit {
                target: who,
                source: None,
                damage: super::damage::Damage { amount: d.takes, types: super::damage::Types::NONE },
                strike: false,
                area: false,
                critical: false,
                defended: false,
            };
            self.push_damage(s, hit);
        }
    }
}

impl P2v {
    /// Whether `who` may heal from the damage `held`, whom it holds
    /// grabbed within reach, just took (Parasitic Rejuvenation).
    pub(crate) fn may_rejuvenate(&self, s: &State, who: u8, held: u8) -> bool {
        let Some(p) = self.profile(usize::from(who)) else { return false };
        p.rejuvenate.is_some()
            && s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up)
            && s.creatures.get(usize::from(held)).is_some_and(|c| c.grabbed_by == Some(who))
            && self.in_play(s, usize::from(held))
            && self.field(s).in_reach(FigureId(u16::from(who)), FigureId(u16::from(held)), u32::from(p.reach()))
    }

    /// `held` took `taken` damage of `types`: the creature holding it may heal.
    pub(crate) fn offer_rejuvenate(&self, s: &mut State, held: u8, types: super::damage::Types, taken: u16) {
        let Some(who) = s.creatures.get(usize::from(held)).and_then(|c| c.grabbed_by) else { return };
        let Some((r, _)) = self.profile(usize::from(who)).and_then(|p| p.rejuvenate.as_ref()) else { return };
        if taken == 0 || !r.types.iter().any(|t| types.has(*t)) {
            return;
        }
        let t = Trigger::Rejuvenate { who, held };
        let seat = Seat(self.team(usize::from(who)));
        self.offer_window(s, t, Timing::After, seat);
    }

    /// `who` takes its free action: it heals, and gives itself its conditions.
    pub(crate) fn rejuvenate<E: EventSink<Event>>(&self, s: &mut State, who: u8, held: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Rejuvenate { who, held }) {
            return;
        }
        s.pending.pop();
        let Some((r, name)) = self.profile(usize::from(who)).and_then(|p| p.rejuvenate.clone()) else { return };
        events.emit(Event::Reacts { who, reaction: name.clone() });
        self.heal(s, who, r.heal, events);
        self.give(s, who, &r.apply, &name, events);
    }
}

impl P2v {
    /// Whether `who` may answer `attacker`'s critical hit now (Amber Tomb).
    pub(crate) fn may_retort(&self, s: &State, who: u8, attacker: u8) -> bool {
        self.profile(usize::from(who)).is_some_and(|p| p.on_critical.is_some())
            && s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up)
            && self.may_react(s, who)
            && self.in_play(s, usize::from(attacker))
    }

    /// `attacker`'s melee weapon critically hit `who`: its owner is asked.
    pub(crate) fn offer_retort(&self, s: &mut State, attacker: u8, weapon: u8, who: u8) {
        if self.profile(usize::from(who)).is_none_or(|p| p.on_critical.is_none()) {
            return;
        }
        let melee = self
            .profile(usize::from(attacker))
            .and_then(|p| p.weapons.get(usize::from(weapon)))
            .is_some_and(|w| w.melee());
        let t = Trigger::Retort { who, attacker };
        let seat = Seat(self.team(usize::from(who)));
        if melee {
            self.offer_window(s, t, Timing::After, seat);
        }
    }

    /// `who` answers: its reaction is spent, and the attacker gets the conditions.
    pub(crate) fn retort<E: EventSink<Event>>(&self, s: &mut State, who: u8, attacker: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Retort { who, attacker }) {
            return;
        }
        s.pending.pop();
        let Some((give, name)) = self.profile(usize::from(who)).and_then(|p| p.on_critical.clone()) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: name.clone() });
        self.give(s, attacker, &give, &name, events);
    }
}
