//! Slipping out of sight after moving: Evasive Swarm ("After moving at least
//! 1 square, it has concealment against ranged attacks until its next turn
//! starts") and Vanishing Leap ("When it Strides, it turns invisible until
//! its next turn starts").
//!
//! - `concealed = "ranged"` on an action: the user has concealment against
//!   ranged strikes until its next turn starts — one more concealment check,
//!   the last of the line, for "the figure, if it is … concealed by a spell or
//!   effect"; with `after_moving`, only once it has moved this turn (ruling
//!   P2V-R156).
//! - `on_stride = ["invisible"]` on a reaction: after each Stride of the
//!   creature that moved it, in its turn or out of it, its player may react;
//!   it is invisible until its next turn starts or it attacks (ruling P2V-R156).

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Lasting, State, Trigger};
use crate::program::{Concealed, Give};
use arbiter_core::resolve::{Anchor, Effect, Expiry, Timing, Window};
use arbiter_core::{EventSink, Seat};

/// The concealment check of a target's own concealment (not a terrain piece).
pub const OWN: u16 = u16::MAX;

impl P2v {
    /// Whether `who` has concealment of its own against a strike, ranged or not.
    pub fn concealed_against(&self, s: &State, who: u8, ranged: bool) -> bool {
        s.effects.has(who, Lasting::Concealed { from: Concealed::All })
            || (ranged && s.effects.has(who, Lasting::Concealed { from: Concealed::Ranged }))
    }

    /// Gives `who` concealment against `from` strikes until its next turn starts.
    pub(crate) fn conceal<E: EventSink<Event>>(&self, s: &mut State, who: u8, from: Concealed, events: &mut E) {
        let until = Expiry::At { anchor: Anchor::TurnStart(who), times: 1 };
        s.effects.replace(Effect::new(Lasting::Concealed { from }, who, until));
        let name = match from {
            Concealed::Ranged => "concealed against ranged strikes",
            Concealed::All => "concealed",
        };
        events.emit(Event::Condition { who, name: name.into(), on: true });
    }

    /// Whether `who` may take its reaction to its own Stride now: it has one,
    /// is up and in play, and may react — in its own turn too, the trigger
    /// being its own Stride (ruling P2V-R156).
    pub(crate) fn may_react_to_stride(&self, s: &State, who: u8) -> bool {
        use super::state::{Conditions as C, Life};
        self.profile(usize::from(who)).is_some_and(|p| p.on_stride.is_some())
            && self.in_play(s, usize::from(who))
            && s.creatures
                .get(usize::from(who))
                .is_some_and(|c| c.life == Life::Up && !c.reacted && !c.conditions.has(C::STUNNED))
            && !self.is_slowed(s, who)
    }

    /// After `who`'s Stride moved it: its reaction to its own Stride is offered.
    pub(crate) fn offer_on_stride(&self, s: &mut State, who: u8) {
        if !self.may_react_to_stride(s, who) {
            return;
        }
        let seat = Seat(self.team(usize::from(who)));
        s.pending.push(Frame::Window(Window::for_seat(Trigger::Strode { who }, Timing::After, seat)));
    }

    /// Takes the reaction to its own Stride: its statuses until its next turn starts.
    pub(crate) fn react_to_stride<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some((gives, name)) = self.profile(usize::from(who)).and_then(|p| p.on_stride.clone()) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: name.clone() });
        for g in gives {
            if g == Give::Invisible {
                let until = Expiry::At { anchor: Anchor::TurnStart(who), times: 1 };
                s.effects.replace(Effect::new(Lasting::Invisible, who, until));
                events.emit(Event::Condition { who, name: "invisible".into(), on: true });
            } else {
                self.give(s, who, &[g], &name, events);
            }
        }
    }
}
