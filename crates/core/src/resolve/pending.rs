//! Pending work: a stack of a game's half-finished steps, held in the state.
//!
//! Rules that happen inside other rules — a Defend die during an attack, a
//! counter attack after it, an attack of opportunity in the middle of a
//! Stride — are frames on a stack. The top runs first. A frame either runs at
//! once (the engine pops it and the game carries it out, perhaps pushing more
//! frames) or waits: for a seat's decision or for dice. A waiting frame stays
//! on top until the decision or roll that answers it arrives; the game
//! answers it (changing or popping it) and calls [`drive`] to run on.
//!
//! The stack is plain data in the state, so it serialises with it: a record
//! replays exactly and a server can restart in the middle of a reaction. An
//! empty stack holds no allocation, and a state whose stack is empty clones
//! without allocating.

use crate::{EventSink, Seat, ToMove};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The frames still to resolve; the top (the last pushed) runs first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Pending<F>(Vec<F>);

impl<F> Default for Pending<F> {
    fn default() -> Self {
        Pending::new()
    }
}

impl<F> Pending<F> {
    /// An empty stack (no allocation).
    pub const fn new() -> Self {
        Pending(Vec::new())
    }

    /// True when nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many frames are pending.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The frame that runs (or waits) next.
    pub fn top(&self) -> Option<&F> {
        self.0.last()
    }

    /// The frame that runs (or waits) next, to answer it in place.
    pub fn top_mut(&mut self) -> Option<&mut F> {
        self.0.last_mut()
    }

    /// Puts a frame on top: it runs before everything already pending.
    pub fn push(&mut self, frame: F) {
        self.0.push(frame);
    }

    /// Schedules frames to run in the order given (the first runs first),
    /// all before anything already pending.
    pub fn push_in_order<I>(&mut self, frames: I)
    where
        I: IntoIterator<Item = F>,
        I::IntoIter: DoubleEndedIterator,
    {
        self.0.extend(frames.into_iter().rev());
    }

    /// Schedules a frame to run after everything already pending.
    pub fn push_last(&mut self, frame: F) {
        self.0.insert(0, frame);
    }

    /// Takes the top frame off.
    pub fn pop(&mut self) -> Option<F> {
        self.0.pop()
    }

    /// Drops everything pending (the game ended in the middle of it).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The frames from the top down.
    pub fn iter(&self) -> impl Iterator<Item = &F> {
        self.0.iter().rev()
    }

    /// The frames from the top down, to change one in place.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut F> {
        self.0.iter_mut().rev()
    }

    /// The first part of a frame, from the top down, that `pick` selects:
    /// the attack a defence window guards, the move a chain rush interrupts.
    pub fn find_mut<T>(&mut self, pick: impl FnMut(&mut F) -> Option<&mut T>) -> Option<&mut T> {
        self.0.iter_mut().rev().find_map(pick)
    }

    /// Keeps only the frames `keep` accepts (a defeated figure's pending
    /// work is dropped, say), in order.
    pub fn retain(&mut self, keep: impl FnMut(&F) -> bool) {
        self.0.retain(keep);
    }
}

/// What a waiting frame waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub enum Wait {
    /// A decision of this seat (which need not be the active player's).
    Seat(Seat),
    /// Dice: the game's [`crate::Game::dice`] says which.
    Chance,
}

impl From<Wait> for ToMove {
    fn from(w: Wait) -> ToMove {
        match w {
            Wait::Seat(s) => ToMove::Seat(s),
            Wait::Chance => ToMove::Chance,
        }
    }
}

/// A game whose state holds pending work. The game names its frames and says
/// which of them wait and what the others do; the engine ([`drive`],
/// [`owed`]) runs them in order.
pub trait Resolve {
    /// The game's state.
    type State;
    /// One step of pending work, in the game's own words.
    type Frame;
    /// What the game reports happened.
    type Event;

    /// The state's pending stack.
    fn pending<'a>(&self, state: &'a Self::State) -> &'a Pending<Self::Frame>;
    /// The state's pending stack, to change it.
    fn pending_mut<'a>(&self, state: &'a mut Self::State) -> &'a mut Pending<Self::Frame>;
    /// What `frame`, on top of the stack, waits for; `None` if it runs at once.
    fn waits(&self, state: &Self::State, frame: &Self::Frame) -> Option<Wait>;
    /// Carries out a frame that runs at once, already taken off the stack:
    /// it may change the state, emit events and push more frames.
    fn run<E: EventSink<Self::Event>>(&self, state: &mut Self::State, frame: Self::Frame, events: &mut E);
}

/// Runs frames from the top until one waits or none is left, and says what
/// the top waits for (`None`: nothing is pending any more).
pub fn drive<R: Resolve, E: EventSink<R::Event>>(rules: &R, state: &mut R::State, events: &mut E) -> Option<Wait> {
    loop {
        let top = rules.pending(state).top()?;
        if let Some(wait) = rules.waits(state, top) {
            return Some(wait);
        }
        let frame = rules.pending_mut(state).pop()?;
        rules.run(state, frame, events);
    }
}

/// What the top frame waits for, if one waits: who owes the next decision
/// while work is pending. `None` when nothing is pending (the game's turn
/// structure decides) — a state the game leaves between decisions never has
/// a runnable frame on top, because it calls [`drive`] after each change.
pub fn owed<R: Resolve>(rules: &R, state: &R::State) -> Option<Wait> {
    let top = rules.pending(state).top()?;
    rules.waits(state, top)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny resolver: frames count down and push their successor; zero
    /// waits for seat 1, a negative number waits for dice.
    struct Countdown;

    #[derive(Default)]
    struct St {
        pending: Pending<i32>,
        ran: Vec<i32>,
    }

    impl Resolve for Countdown {
        type State = St;
        type Frame = i32;
        type Event = i32;
        fn pending<'a>(&self, s: &'a St) -> &'a Pending<i32> {
            &s.pending
        }
        fn pending_mut<'a>(&self, s: &'a mut St) -> &'a mut Pending<i32> {
            &mut s.pending
        }
        fn waits(&self, _: &St, f: &i32) -> Option<Wait> {
            match *f {
                0 => Some(Wait::Seat(Seat(1))),
                n if n < 0 => Some(Wait::Chance),
                _ => None,
            }
        }
        fn run<E: EventSink<i32>>(&self, s: &mut St, f: i32, events: &mut E) {
            s.ran.push(f);
            events.emit(f);
            s.pending.push(f - 1);
        }
    }

    #[test]
    fn drive_runs_until_a_frame_waits_and_resumes_after_the_answer() {
        let mut s = St::default();
        s.pending.push(3);
        let mut events = Vec::new();
        assert_eq!(drive(&Countdown, &mut s, &mut events), Some(Wait::Seat(Seat(1))));
        assert_eq!(s.ran, [3, 2, 1]);
        assert_eq!(events, [3, 2, 1]);
        assert_eq!(owed(&Countdown, &s), Some(Wait::Seat(Seat(1))));
        // The answer pops the waiting frame; nothing is left.
        s.pending.pop();
        assert_eq!(drive(&Countdown, &mut s, &mut events), None);
        assert_eq!(owed(&Countdown, &s), None);
    }

    #[test]
    fn frames_pushed_in_order_run_in_that_order_before_older_work() {
        let mut p = Pending::new();
        p.push(100);
        p.push_in_order([1, 2, 3]);
        p.push_last(200);
        let order: Vec<i32> = p.iter().copied().collect();
        assert_eq!(order, [1, 2, 3, 100, 200]);
        assert_eq!(p.find_mut(|f| (*f > 50).then_some(f)).copied(), Some(100));
        p.retain(|f| *f != 2);
        assert_eq!(p.len(), 4);
        assert_eq!(p.top(), Some(&1));
    }

    #[test]
    fn an_empty_stack_serialises_as_an_empty_list_and_round_trips() {
        let p: Pending<i32> = Pending::new();
        assert_eq!(serde_json::to_string(&p).unwrap(), "[]");
        let mut q = Pending::new();
        q.push_in_order([5, 6]);
        let back: Pending<i32> = serde_json::from_str(&serde_json::to_string(&q).unwrap()).unwrap();
        assert_eq!(back, q);
    }
}
