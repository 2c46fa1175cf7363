//! Uses won back: "Stoke the Volcano: When a critical hit lands on it, it
//! regains a use of Ash Form or Dance of Burning War (its choice)."
//!
//! When a strike's Fight roll is a critical hit on a creature with such a
//! feature (`regain = ["Ash Form", "Dance of Burning War"]`), it gets back
//! one use of a named power it has spent, before the hit's damage. With one
//! such power spent, that one comes back; with several, its owner chooses
//! (`regain POWER`, the only answers); with none spent, nothing happens
//! (ruling P2V-R47).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Frame, State, Trigger};
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};

impl P2v {
    /// The powers of `who` a critical hit could give a use back: named by
    /// its feature, limited in uses, with fewer left than it started with.
    pub(crate) fn regainable(&self, s: &State, who: u8) -> Vec<u8> {
        let Some(p) = self.profile(usize::from(who)) else { return Vec::new() };
        let Some(c) = s.creatures.get(usize::from(who)) else { return Vec::new() };
        p.powers
            .iter()
            .enumerate()
            .take(32)
            .filter(|(_, pw)| p.regain.iter().any(|n| crate::play::notation::same_name(n, &pw.name)))
            .filter(|(k, pw)| pw.uses.is_some_and(|max| c.power_uses.get(*k).copied().unwrap_or(max) < max))
            .map(|(k, _)| k as u8)
            .collect()
    }

    /// A critical hit landed on `who`: a use comes back, or its owner is asked which.
    pub(crate) fn stoke<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        match self.regainable(s, who).as_slice() {
            [] => {}
            [one] => self.regain(s, who, *one, events),
            _ => {
                let seat = Seat(self.team(usize::from(who)));
                s.pending.push(Frame::Window(Window::for_seat(Trigger::Regain { who }, Timing::After, seat)));
            }
        }
    }

    /// Gives `who` back one use of `power`.
    pub(crate) fn regain<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, events: &mut E) {
        let Some(p) = self.profile(usize::from(who)) else { return };
        let Some(pw) = p.powers.get(usize::from(power)) else { return };
        let Some(u) = s.creatures.get_mut(usize::from(who)).and_then(|c| c.power_uses.get_mut(usize::from(power)))
        else {
            return;
        };
        *u = u.saturating_add(1).min(pw.uses.unwrap_or(0));
        let feature = p.regain_name.clone().unwrap_or_default();
        events.emit(Event::Regains { who, power: pw.name.clone(), feature });
    }

    /// Judges the answer to the choice of a use to regain.
    pub(crate) fn judge_regain(&self, s: &State, who: u8, a: &super::action::Action) -> Result<(), Refusal> {
        let options = self.regainable(s, who);
        match *a {
            super::action::Action::Regain { power } if options.contains(&power) => Ok(()),
            _ => {
                let p = self.profile(usize::from(who));
                let names: Vec<String> = options
                    .iter()
                    .filter_map(|&k| {
                        p.and_then(|p| p.powers.get(usize::from(k))).map(|pw| format!("regain {}", pw.name))
                    })
                    .collect();
                Err(Refusal::because(
                    "p2v.regain.choose",
                    format!("a critical hit landed: choose the use that comes back: {}", names.join(" or ")),
                    section::STRIKE,
                ))
            }
        }
    }

    /// Carries out the choice: the window closes, the use comes back.
    pub(crate) fn choose_regain<E: EventSink<Event>>(&self, s: &mut State, power: u8, events: &mut E) {
        let Some(Frame::Window(w)) = s.pending.top() else { return };
        let Trigger::Regain { who } = w.trigger else { return };
        s.pending.pop();
        self.regain(s, who, power, events);
    }
}
