//! Effects of the action phase: what each legal action does to the board,
//! and motes dying at 0 once their action has completed.

use crate::action::Action;
use crate::board::Square;
use crate::board::squares;
use crate::event::Event;
use crate::mote::{MAX_POWER, Mote};
use crate::rules::Essence;
use crate::state::State;
use arbiter_core::EventSink;

impl Essence {
    /// Removes motes reduced to 0 (after their action completed), returning
    /// the set of survivors among `touched`.
    pub(crate) fn bury<E: EventSink<Event>>(s: &mut State, touched: u32, dead: u32, events: &mut E) -> u32 {
        for at in squares(dead) {
            if let Some(m) = s.take(at) {
                events.emit(Event::Died { owner: m.owner(), at });
                s.quiet = 0;
            }
        }
        touched & !dead
    }

    /// Reduces a mote's power by `amount`; returns true if it reached 0.
    pub(crate) fn weaken(s: &mut State, at: Square, amount: u8) -> bool {
        match s.mote(at) {
            Some(m) if m.power() > amount => {
                s.put(at, m.with_power(m.power() - amount));
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Carries out a legal action of the action phase; returns the surviving
    /// motes it touched (the ones whose owners may now spin them).
    pub(crate) fn perform<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) -> u32 {
        let me = s.active;
        match *a {
            Action::Move { from, to, dir } => {
                let mut through = false;
                if let (true, Some(dir)) = (self.variant.determined, dir) {
                    self.walk(s, from, dir, MAX_POWER, |sq, _, t| {
                        if sq == to {
                            through = t;
                        }
                    });
                }
                let Some(m) = s.take(from) else { return 0 };
                // Determined: "you can move through, losing 1 power after moving".
                let m = if through { m.with_power(m.power() - 1) } else { m };
                s.put(to, m);
                events.emit(Event::Moved { by: me, from, to, through_void: through });
                to.bit()
            }
            Action::Split { from, to } => {
                let dead = if Self::weaken(s, from, 2) { from.bit() } else { 0 };
                s.put(to, Mote::new(me, 2, false));
                events.emit(Event::Split { by: me, from, to });
                Self::bury(s, from.bit() | to.bit(), dead, events)
            }
            Action::Heal { from, to, amount } => {
                let dead = if Self::weaken(s, from, amount) { from.bit() } else { 0 };
                let power = match s.mote(to) {
                    Some(t) => {
                        let p = (t.power() + amount + 1).min(MAX_POWER);
                        s.put(to, t.with_power(p));
                        p
                    }
                    None => 0,
                };
                events.emit(Event::Healed { by: me, from, to, amount, power });
                Self::bury(s, from.bit() | to.bit(), dead, events)
            }
            Action::Shift(to) => {
                let from = s.void;
                s.void = to;
                events.emit(Event::VoidShifted { by: me, from, to });
                if let Some(m) = s.take(to) {
                    events.emit(Event::Destroyed { owner: m.owner(), at: to });
                    s.quiet = 0;
                }
                0
            }
            Action::Destabilize { at, amount } => {
                let touched = (self.board.adjacent(at) | at.bit()) & s.all_motes();
                let mut dead = 0;
                for sq in squares(touched) {
                    if Self::weaken(s, sq, amount) {
                        dead |= sq.bit();
                    }
                }
                events.emit(Event::Destabilized { by: me, at, amount });
                Self::bury(s, touched, dead, events)
            }
            Action::Summon(at) => {
                s.take(at);
                s.quiet = 0;
                s.void = at;
                events.emit(Event::Summoned { by: me, at });
                0
            }
            Action::Grow(_) | Action::Spin(_) | Action::Pass => 0,
        }
    }
}
