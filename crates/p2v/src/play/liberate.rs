//! Striking to free an ally: "Liberating Strike ⚡: Trigger: an enemy within
//! reach tries to grab, immobilize or restrain an ally. Make a melee strike
//! at it; on a hit, the ally is spared the condition."
//!
//! The tries this covers are the Grapple action (its Fight roll waits on the
//! pending stack) and a hit's "may spend 1 AP to grab" once the attacker
//! spends the AP (the grab waits as a [`Frame::Seize`]). Above either, each
//! creature with the reaction that can strike the grabber with a melee
//! weapon that reaches it, whose ally is the one being grabbed, is asked in
//! turn. Taking it is a reaction's strike (no multiple attack penalty); on a
//! hit the try is dropped: no roll, nothing given, the grabber's AP and
//! multiple attack penalty stay spent (ruling P2V-R48).

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Life, State, Trigger};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// After `grabber` began to grab `ally` (its try on top of the pending
    /// stack): the windows of the creatures that may strike to free it.
    pub(crate) fn liberate_windows(&self, s: &mut State, grabber: u8, ally: u8) {
        let team = self.team(usize::from(ally));
        for reactor in (0..s.creatures.len().min(255) as u8).rev() {
            let has = self.profile(usize::from(reactor)).is_some_and(|p| p.liberate.is_some());
            if !has || reactor == ally || self.team(usize::from(reactor)) != team {
                continue;
            }
            let t = Trigger::Liberate { reactor, grabber, ally };
            let seat = Seat(team);
            self.offer_window(s, t, Timing::Before, seat);
        }
    }

    /// Whether a try of `grabber` to grab `ally` is still pending.
    fn grab_pending(s: &State, grabber: u8, ally: u8) -> bool {
        s.pending.iter().any(|f| match f {
            Frame::Maneuver(m) => m.kind == 2 && m.attacker == grabber && m.target == ally,
            Frame::Seize { attacker, target } => *attacker == grabber && *target == ally,
            _ => false,
        })
    }

    /// Whether `reactor` may strike `grabber` to free `ally` now.
    pub(crate) fn may_liberate(&self, s: &State, reactor: u8, grabber: u8, ally: u8) -> bool {
        s.creatures.get(usize::from(reactor)).is_some_and(|c| c.life == Life::Up)
            && self.may_react(s, reactor)
            && self.shell(s, reactor).is_none()
            && self.in_play(s, usize::from(grabber))
            && self.may_attack(s, reactor, grabber).is_ok()
            && self.reaction_weapon(s, reactor, grabber).is_some()
            && Self::grab_pending(s, grabber, ally)
    }

    /// Takes the reaction: a strike at the grabber that frees the ally on a hit.
    pub(crate) fn liberate<E: EventSink<Event>>(&self, s: &mut State, reactor: u8, grabber: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if matches!(w.trigger, Trigger::Liberate { reactor: r, .. } if r == reactor))
        {
            return;
        }
        s.pending.pop();
        let Some(weapon) = self.reaction_weapon(s, reactor, grabber) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(reactor)) {
            c.reacted = true;
        }
        let name = self.profile(usize::from(reactor)).and_then(|p| p.liberate.clone()).unwrap_or_default();
        events.emit(Event::Reacts { who: reactor, reaction: name });
        super::apply::reaction_strike(self, s, reactor, grabber, weapon, events);
        let aimed = s.pending.find_mut(|f| match f {
            Frame::Aim(st) if st.attacker == reactor && st.target == grabber && st.reaction => Some(st),
            _ => None,
        });
        if let Some(st) = aimed {
            st.frees = true;
        }
    }

    /// A freeing strike hit `grabber`: its tries to grab are dropped.
    pub(crate) fn spare<E: EventSink<Event>>(&self, s: &mut State, grabber: u8, events: &mut E) {
        let mut spared = Vec::new();
        s.pending.retain(|f| match f {
            Frame::Maneuver(m) if m.kind == 2 && m.attacker == grabber => {
                spared.push(m.target);
                false
            }
            Frame::Seize { attacker, target } if *attacker == grabber => {
                spared.push(*target);
                false
            }
            _ => true,
        });
        for who in spared {
            events.emit(Event::Spared { who, from: grabber });
        }
    }
}
