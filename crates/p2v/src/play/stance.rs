//! Stances taken and left with an action: Reassemble ("Its reach grows by 2
//! and its Speed shrinks by 2. Spending 1 AP undoes this").
//!
//! A 1-AP action with `stance = { reach = 2, speed = -2 }` puts the creature
//! in the stance — a core lasting effect with no end of its own — and the
//! same action takes it out again. While in it, the stance's numbers join
//! the creature's bonuses to melee reach and Speed, beside any spell's
//! (ruling P2V-R154).

use super::cast::Stat;
use super::event::Event;
use super::rules::P2v;
use super::state::{Lasting, State};
use arbiter_core::EventSink;
use arbiter_core::resolve::{Effect, Expiry};

impl P2v {
    /// The power whose stance `who` is in, if any.
    pub fn stance_of(&self, s: &State, who: u8) -> Option<u8> {
        s.effects.iter().find_map(|e| match e.kind {
            Lasting::Stance { power } if e.holder == who => Some(power),
            _ => None,
        })
    }

    /// What `who`'s stance adds to a number (reach and Speed only).
    pub(crate) fn stance_bonus(&self, s: &State, who: u8, stat: Stat) -> i32 {
        if !matches!(stat, Stat::Reach | Stat::Speed) || s.effects.is_empty() {
            return 0;
        }
        let Some(k) = self.stance_of(s, who) else { return 0 };
        let Some(st) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(k))?.program.stance) else {
            return 0;
        };
        i32::from(if stat == Stat::Reach { st.reach } else { st.speed })
    }

    /// Takes or leaves the stance of power `power`.
    pub(crate) fn toggle_stance<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, events: &mut E) {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let kind = Lasting::Stance { power };
        let on = !s.effects.has(who, kind);
        if on {
            s.effects.add(Effect::new(kind, who, Expiry::Never));
        } else {
            s.effects.remove(who, kind, |_| {});
        }
        events.emit(Event::Condition { who, name: pw.name.to_ascii_lowercase(), on });
    }
}
