//! Ready ("UNIVERSAL ACTIONS"): "Ready •• Your turn ends. Before your next
//! turn, you can take a free action or 1-AP action as a reaction, at any
//! time." and "A creature can take at most one reaction until it next
//! activates."
//!
//! "At any time" is between actions (ruling P2V-R30): when a turn starts and
//! after each action of the creature taking its turn, every readied creature
//! that may still react is asked, in a window of its own seat. Taking it
//! pushes an [`Frame::Interlude`]: the readied creature acts with 1 AP while
//! the interrupted turn waits in the frame, and the turn goes on once its
//! action is resolved.

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Frame, Life, Phase, State, Trigger, Turn};
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};

impl P2v {
    /// Judges Ready for the creature taking its turn: "••", so it needs
    /// both its action points.
    pub(crate) fn judge_ready(&self, s: &State, t: &Turn) -> Result<(), Refusal> {
        if self.interlude(s).is_some() {
            return Err(Refusal::because(
                "p2v.ready.reaction",
                "a readied action is one free action or 1-AP action: it cannot Ready again",
                section::ACTIONS,
            ));
        }
        if t.ap < 2 {
            return Err(Refusal::because(
                "p2v.ready.ap",
                "Ready costs 2 action points (••) and the creature has fewer left",
                section::ACTIONS,
            ));
        }
        Ok(())
    }

    /// Readies creature `who`: its turn ends.
    pub(crate) fn ready<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.readied = true;
        }
        events.emit(Event::Readied { who });
        s.pending.push(Frame::EndTurn { who });
    }

    /// Whether readied creature `who` may take its readied action now.
    pub(crate) fn may_take_readied(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.readied) && self.may_react(s, who)
    }

    /// Pushes a window for each readied creature that may act now (none
    /// when nobody is readied: the common case costs one scan).
    pub(crate) fn push_readied_windows(&self, s: &mut State) {
        if !s.creatures.iter().any(|c| c.readied && c.life == Life::Up) {
            return;
        }
        for who in 0..s.creatures.len().min(255) as u8 {
            if self.may_take_readied(s, who) {
                let t = Trigger::Readied { who };
                let seat = Seat(self.team(usize::from(who)));
                s.pending.push(Frame::Window(Window::for_seat(t, Timing::After, seat)));
            }
        }
    }

    /// Takes the readied action of `who`: the turn under way waits while it
    /// acts with 1 AP.
    pub(crate) fn take_readied<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.readied = false;
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: "its readied action".into() });
        s.pending.push(Frame::Interlude { who, saved: s.phase, step_only: false, ambush: false });
        s.phase = Phase::Turn(Turn { who, ap: 1, ..Turn::default() });
    }

    /// The readied creature acting now, if one is.
    pub fn interlude(&self, s: &State) -> Option<u8> {
        match s.pending.top() {
            Some(Frame::Interlude { who, .. }) => Some(*who),
            _ => None,
        }
    }

    /// Whether the readied action of `who` is still to be chosen: it is up,
    /// acting, with its action point.
    pub(crate) fn interlude_waits(&self, s: &State, who: u8) -> Option<Seat> {
        let acting = matches!(s.phase, Phase::Turn(t) if t.who == who && t.ap > 0);
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        (acting && up).then(|| Seat(self.team(usize::from(who))))
    }
}
