//! Two creatures bound to each other: "Vitriol ● Ranged 3: The target and
//! the hateful logger are off-guard while both of them are above 0 HP and
//! in play (Will negates). While off-guard from this effect, the target and
//! the hateful logger must target each other with any attacks they make".
//!
//! The bond is a lasting effect of the core ([`arbiter_core::resolve::Effects`])
//! on each creature, whose source is the other: it outlasts the end of a
//! turn, which removes only conditions, and ends for both as soon as either
//! falls to 0 HP or leaves play. A bound creature is off-guard, and its
//! strikes, powers aimed at a creature and reactive strikes may target only
//! the other (ruling P2V-R42).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Lasting, State};
use arbiter_core::resolve::{Effect, Expiry};
use arbiter_core::{EventSink, Refusal};

impl P2v {
    /// The creature `who` is bound to, if any.
    pub fn bound_to(&self, s: &State, who: u8) -> Option<u8> {
        s.effects.get(who, Lasting::Bound).and_then(|e| e.source)
    }

    /// Binds `a` and `b` to each other, ending any bond either had.
    pub(crate) fn bind<E: EventSink<Event>>(&self, s: &mut State, a: u8, b: u8, events: &mut E) {
        self.unbind(s, a, events);
        self.unbind(s, b, events);
        for (holder, other) in [(a, b), (b, a)] {
            s.effects.add(Effect::new(Lasting::Bound, holder, Expiry::Never).from(other));
            events.emit(Event::Condition { who: holder, name: "bound (off-guard)".into(), on: true });
        }
    }

    /// Ends the bond of `who` and of the creature bound to it (it fell to
    /// 0 HP or left play).
    pub(crate) fn unbind<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some(other) = self.bound_to(s, who) else { return };
        for holder in [who, other] {
            let mut ended = false;
            s.effects.remove(holder, Lasting::Bound, |_| ended = true);
            if ended {
                events.emit(Event::Condition { who: holder, name: "bound (off-guard)".into(), on: false });
            }
        }
    }

    /// Whether `attacker` may attack `target`: a bound creature attacks
    /// only the creature it is bound to.
    pub(crate) fn may_attack(&self, s: &State, attacker: u8, target: u8) -> Result<(), Refusal> {
        match self.bound_to(s, attacker) {
            Some(other) if other != target => {
                let name = |i: u8| self.profile(usize::from(i)).map_or_else(String::new, |p| p.name.clone());
                Err(Refusal::because(
                    "p2v.bind.target",
                    format!(
                        "{} is bound to {}: it attacks only that creature (ruling P2V-R42)",
                        name(attacker),
                        name(other)
                    ),
                    section::TARGETING,
                ))
            }
            _ => Ok(()),
        }
    }
}
