//! Reaction windows: something happened, and other rules may answer.
//!
//! When an event opens a window — a figure ends a move, damage is about to be
//! dealt, a figure survived an attack — each seat with a usable response is
//! asked in turn, from a given seat round the table, and answers with one of
//! the responses the game lists or passes. The game decides what can respond
//! (abilities, conditions, rules that listen for the trigger); the window
//! keeps who is still to be asked.
//!
//! A window nobody can use is never opened: [`Window::open`] asks first and
//! gives `None`, so nothing is pushed and no decision is owed. A seat is
//! asked only while it can still respond: an earlier answer may have changed
//! things (the damage is already prevented), and [`Window::asks`] checks
//! again each time. A [`Timing::Before`] window guards a step below it on
//! the pending stack — the damage not yet applied — which responses may
//! change or cancel ("replace or prevent"); a [`Timing::After`] window
//! follows what happened.

use crate::Seat;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Whether a window comes before what it concerns or after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Timing {
    /// Before it happens: responses may change or prevent it.
    Before,
    /// After it happened: responses follow it.
    After,
}

/// A reaction window: the trigger, its timing, and the seats still to ask.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Window<T> {
    /// What happened (or is about to), in the game's words.
    pub trigger: T,
    /// Before or after it.
    pub timing: Timing,
    /// Seats still to ask, one bit per seat.
    ask: u16,
    /// The seat asked first; the others follow round the table.
    first: Seat,
    /// Seats at the table.
    seats: u8,
}

impl<T> Window<T> {
    /// Opens a window on `trigger` for every seat for which `can` is true,
    /// asked from `first` round a table of `seats`; `None` when no seat can
    /// respond (then nothing need be pushed and nobody is asked).
    pub fn open(
        trigger: T,
        timing: Timing,
        first: Seat,
        seats: usize,
        mut can: impl FnMut(Seat) -> bool,
    ) -> Option<Window<T>> {
        let seats = seats.min(16) as u8;
        let mut ask = 0u16;
        for s in 0..seats {
            if can(Seat(s)) {
                ask |= 1 << s;
            }
        }
        (ask != 0).then_some(Window { trigger, timing, ask, first, seats })
    }

    /// A window for one seat only (a defender's answer to an attack on its
    /// own figure).
    pub fn for_seat(trigger: T, timing: Timing, seat: Seat) -> Window<T> {
        Window { trigger, timing, ask: 1 << (seat.0 % 16), first: seat, seats: seat.0.saturating_add(1) }
    }

    /// The seat to ask now: the first seat, in table order from the first,
    /// that is still to be asked and, checked again now, can respond. `None`
    /// when nobody is left: the window closes by itself.
    pub fn asks(&self, mut can: impl FnMut(Seat) -> bool) -> Option<Seat> {
        let n = self.seats.max(1);
        (0..n).map(|k| Seat((self.first.0 % n + k) % n)).find(|s| self.will_ask(*s) && can(*s))
    }

    /// Whether `seat` is still to be asked.
    pub fn will_ask(&self, seat: Seat) -> bool {
        seat.0 < 16 && self.ask & (1 << seat.0) != 0
    }

    /// `seat` passes: it is not asked again in this window. (A seat that
    /// responds stays, to respond again while it can: several responses to
    /// one trigger are each a decision.)
    pub fn pass(&mut self, seat: Seat) {
        if seat.0 < 16 {
            self.ask &= !(1 << seat.0);
        }
    }

    /// `seat` has answered and is done: the same as a pass, named for
    /// responses that close a seat's part of the window.
    pub fn done(&mut self, seat: Seat) {
        self.pass(seat);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_nobody_can_use_is_not_opened() {
        assert!(Window::open("moved", Timing::After, Seat(0), 2, |_| false).is_none());
    }

    #[test]
    fn seats_are_asked_round_the_table_from_the_first_and_not_after_passing() {
        let mut w = Window::open("damage", Timing::Before, Seat(2), 4, |s| s != Seat(3)).unwrap();
        assert_eq!(w.asks(|_| true), Some(Seat(2)));
        w.pass(Seat(2));
        assert_eq!(w.asks(|_| true), Some(Seat(0)));
        // Seat 0 can no longer respond (an earlier answer changed things): skip it.
        assert_eq!(w.asks(|s| s != Seat(0)), Some(Seat(1)));
        w.pass(Seat(0));
        w.done(Seat(1));
        assert_eq!(w.asks(|_| true), None);
        assert!(!w.will_ask(Seat(3)));
    }

    #[test]
    fn a_window_for_one_seat_asks_only_that_seat() {
        let w = Window::for_seat((), Timing::Before, Seat(1));
        assert_eq!(w.asks(|_| true), Some(Seat(1)));
        assert!(!w.will_ask(Seat(0)));
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(serde_json::from_str::<Window<()>>(&json).unwrap(), w);
    }
}
