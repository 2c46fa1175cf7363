//! What a creature's body does with damage and terrain, and what it must be
//! to use a feature.
//!
//! - **Absorb** (`absorb`): damage of some types does not harm it but heals
//!   it and gives it conditions — Absorb Shock ("Electricity damage does not
//!   harm it: instead it heals 10 HP and becomes quickened"; ruling P2V-R151).
//! - **Needs** (`needs` on a power): it may be used only while the user has
//!   a condition or status — Lightning Blast ("Only while it is quickened").
//! - **Doused** and **stops** (Brazier: "While rattled it cannot use Flaming
//!   Coal or Burn Alive. Taking 15 or more cold damage from one attack makes
//!   it rattled"; ruling P2V-R152).
//! - **Held** (`held` on a power): only at a creature the user holds grabbed
//!   (Burn Alive).
//! - **Turn start** (`turn_start`): starting its turn on terrain with a
//!   trait gives it conditions before its action points are set (Smoke
//!   Susceptibility; ruling P2V-R153).

use super::damage::Types;
use super::event::Event;
use super::rules::P2v;
use super::state::{Conditions, Hit, Life, State};
use crate::program::Give;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::Mode;

impl P2v {
    /// Whether `who` has a condition or status now.
    pub fn has_give(&self, s: &State, who: u8, g: Give) -> bool {
        let Some(c) = s.creatures.get(usize::from(who)) else { return false };
        let bit = match g {
            Give::Prone => return c.prone,
            Give::Invisible => return self.invisible(s, who),
            Give::Controlled => return self.controlled(s, who),
            Give::Quickened => return self.quickened(s, who),
            Give::SlowedOrStunned => return self.is_slowed(s, who) || c.conditions.has(Conditions::STUNNED),
            Give::Slowed => return self.is_slowed(s, who),
            Give::Encumbered => return self.is_encumbered(s, who),
            Give::OffGuard => Conditions::OFF_GUARD,
            Give::Rattled => Conditions::RATTLED,
            Give::Sickened => Conditions::SICKENED,
            Give::Stunned => Conditions::STUNNED,
            Give::Immobilized => Conditions::IMMOBILIZED,
            Give::Grabbed => Conditions::GRABBED,
        };
        c.conditions.has(bit)
    }

    /// The movement mode `who` moves with now: its own, except that
    /// "Encumbered: … loses the Flight, Burrowing and Wall Climb modes"
    /// (ruling P2V-R164).
    pub fn mode_now(&self, s: &State, who: u8) -> Mode {
        let own = self.profile(usize::from(who)).map_or(Mode::Walk, |p| p.mode);
        let encumbered = self.is_encumbered(s, who);
        match own {
            Mode::Fly | Mode::Burrow | Mode::WallClimb if encumbered => Mode::Walk,
            m => m,
        }
    }

    /// Whether `who` holds `target` grabbed.
    pub(crate) fn holds(&self, s: &State, who: u8, target: u8) -> bool {
        s.creatures
            .get(usize::from(target))
            .is_some_and(|c| c.grabbed_by == Some(who) && c.conditions.has(Conditions::GRABBED))
    }

    /// Refuses a feature `who` cannot use while it has a condition (Brazier).
    pub(crate) fn judge_stopped(&self, s: &State, who: u8, feature: &str) -> Result<(), Refusal> {
        let Some((st, by)) = self.profile(usize::from(who)).and_then(|p| p.stops.as_ref()) else { return Ok(()) };
        if st.features.iter().any(|f| f.eq_ignore_ascii_case(feature)) && self.has_give(s, who, st.while_) {
            return Err(Refusal::because(
                "p2v.feature.stopped",
                format!("while {} it cannot use {feature} ({by}; ruling P2V-R152)", st.while_),
                "How to read a creature card",
            ));
        }
        Ok(())
    }

    /// Damage about to be dealt to a creature that absorbs its type: it heals
    /// and gets the feature's conditions instead. True when it absorbed it.
    pub(crate) fn absorbs<E: EventSink<Event>>(&self, s: &mut State, h: &Hit, events: &mut E) -> bool {
        let i = usize::from(h.target);
        let Some(p) = self.profile(i) else { return false };
        let Some((a, name)) = p.absorb.as_ref() else { return false };
        let types = a.types.iter().fold(Types::NONE, |t, x| t.with(*x));
        if h.damage.amount == 0 || !types.meets(h.damage.types) {
            return false;
        }
        events.emit(Event::Reacts { who: h.target, reaction: name.clone() });
        let Some(c) = s.creatures.get_mut(i) else { return true };
        if a.heal > 0 && c.life == Life::Up {
            let hp = (c.hp + i32::from(a.heal)).min(p.hp);
            let healed = (hp - c.hp).max(0);
            c.hp = hp;
            events.emit(Event::Healed { who: h.target, amount: healed as u16, hp });
        }
        self.give(s, h.target, &a.apply, name, events);
        true
    }

    /// After a creature took `taken` damage from one attack: enough of a type
    /// that douses it gives it the feature's conditions (Brazier).
    pub(crate) fn doused<E: EventSink<Event>>(&self, s: &mut State, h: &Hit, taken: u16, events: &mut E) {
        let Some((d, name)) = self.profile(usize::from(h.target)).and_then(|p| p.doused.as_ref()) else { return };
        let types = d.types.iter().fold(Types::NONE, |t, x| t.with(*x));
        if taken >= d.at_least && types.meets(h.damage.types) {
            self.give(s, h.target, &d.apply, name, events);
        }
    }

    /// The start of `who`'s turn, before its action points are set: the
    /// terrain it stands on may give it conditions (Smoke Susceptibility).
    pub(crate) fn terrain_turn_start<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some((on, apply, name)) = self.profile(usize::from(who)).and_then(|p| p.turn_start.as_ref()) else {
            return;
        };
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        if up && self.stands_on(s, who, *on) {
            self.give(s, who, apply, name, events);
        }
    }
}
