//! Bracing against an attack: "Catch Rock ⚡: When a Rock strike or an earth
//! power targets it, it gets +4 Armor and +4 to its saves against that
//! attack."
//!
//! When a strike with one of the named weapons is declared against a
//! creature with the reaction, its owner is asked before anything is rolled
//! (before the attacker's Attack of Opportunity windows resolve, the strike
//! waits below them). Taking it spends the creature's reaction and marks the
//! strike: its Armor is higher by the bonus against that strike only. A
//! cover check that turns the strike onto another creature drops the bonus
//! (ruling P2V-R44).

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Life, State, Trigger};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// After a strike of `attacker` with `weapon` on `target` was declared
    /// (its [`Frame::Aim`] on top): the window to brace against it, if the
    /// target has such a reaction for that weapon and may react.
    pub(crate) fn catch_window(&self, s: &mut State, attacker: u8, target: u8, weapon: u8) {
        let Some(w) = self.profile(usize::from(attacker)).and_then(|p| p.weapons.get(usize::from(weapon))) else {
            return;
        };
        let answers = self
            .profile(usize::from(target))
            .and_then(|p| p.catch.as_ref())
            .is_some_and(|(c, _)| c.strikes.iter().any(|n| n.trim().eq_ignore_ascii_case(w.name.trim())));
        if !answers {
            return;
        }
        let t = Trigger::Catch { who: target, attacker };
        let seat = Seat(self.team(usize::from(target)));
        self.offer_window(s, t, Timing::Before, seat);
    }

    /// Whether `who` may brace against a strike now: up, free to react, and
    /// the strike still on its way.
    pub(crate) fn may_catch(&self, s: &State, who: u8, attacker: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up)
            && self.may_react(s, who)
            && self.aimed_at(s, who, attacker)
    }

    /// Whether a strike of `attacker` aimed at `who` is pending, not yet braced against.
    fn aimed_at(&self, s: &State, who: u8, attacker: u8) -> bool {
        s.pending
            .iter()
            .any(|f| matches!(f, Frame::Aim(st) if st.target == who && st.attacker == attacker && !st.caught))
    }

    /// The bonus to `who`'s Armor against a strike it braced against.
    pub(crate) fn catch_bonus(&self, who: u8) -> i32 {
        self.profile(usize::from(who)).and_then(|p| p.catch.as_ref()).map_or(0, |(c, _)| i32::from(c.bonus))
    }

    /// Takes the reaction: the window closes and the strike is marked.
    pub(crate) fn catch<E: EventSink<Event>>(&self, s: &mut State, who: u8, attacker: u8, events: &mut E) {
        if !matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Catch { who, attacker }) {
            return;
        }
        s.pending.pop();
        let aimed = s.pending.find_mut(|f| match f {
            Frame::Aim(st) if st.target == who && st.attacker == attacker && !st.caught => Some(st),
            _ => None,
        });
        let Some(st) = aimed else { return };
        st.caught = true;
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        let name = self.roster().get(usize::from(who)).and_then(|p| p.catch.as_ref().map(|(_, n)| n.clone()));
        events.emit(Event::Reacts { who, reaction: name.unwrap_or_else(|| "a brace".into()) });
    }
}
