//! Powers that let allies act at once: "Every allied caligni in the area
//! may Step" (Encircling Command; ruling P2V-R145).
//!
//! Using one pushes, for each creature it affects but the user, an
//! [`Frame::Interlude`] marked `step_only`: like a readied action, that
//! creature acts with 1 AP while the user's turn waits, but only to Step
//! (`step SQUARE`) or not (`end`). The interludes are chained — each one's
//! saved phase is the next creature's Step — so they run in roster order,
//! and the last gives the user's turn back.

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Frame, Phase, State, Turn};
use arbiter_core::{EventSink, Refusal};

impl P2v {
    /// Lets each of `targets` but `who` Step, in order, before `who`'s turn goes on.
    pub(crate) fn grant_steps<E: EventSink<Event>>(&self, s: &mut State, who: u8, targets: &[u8], events: &mut E) {
        let movers: Vec<u8> =
            targets.iter().copied().filter(|&t| t != who && self.in_play(s, usize::from(t))).collect();
        if movers.is_empty() {
            return;
        }
        for &t in &movers {
            events.emit(Event::MayStep { who: t });
        }
        // The last to Step gives the turn back; each earlier one hands on to the next.
        let mut saved = s.phase;
        for &t in movers.iter().rev() {
            s.pending.push(Frame::Interlude { who: t, saved, step_only: true, ambush: false });
            saved = Phase::Turn(Turn { who: t, ap: 1, ..Turn::default() });
        }
        s.phase = saved;
    }

    /// Judges a decision of a creature granted a Step: a Step, or `end`.
    pub(crate) fn judge_granted_step(a: &Action) -> Result<(), Refusal> {
        match a {
            Action::Step { .. } | Action::End => Ok(()),
            _ => Err(Refusal::because(
                "p2v.command.step",
                "this creature may only Step now (step SQUARE), or end to stay where it is",
                section::ACTIONS,
            )),
        }
    }
}
