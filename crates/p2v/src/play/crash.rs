//! Crashing down: Timber ("When it falls prone it crashes down: it takes 10
//! bludgeoning damage itself, and every creature in a line 2 from it takes 10
//! bludgeoning damage (Reflex half)").
//!
//! A reaction power with `when = "prone"`, an area `Line N` and `itself`
//! damage is offered when the creature falls prone — tripped, knocked down by
//! a power, falling, or its own shaky footing; not when it drops prone of its
//! own will, nor when it falls dying — in its own turn too. Taken, its player
//! points the line, one of the eight directions (`line 1` north, clockwise to
//! `line 8` north-west); the creature takes its own damage, then every
//! creature in the line saves as against any power (ruling P2V-R160).

use super::action::Aim;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Affect, Conditions, Frame, Hit, Life, Source, State, Trigger};
use crate::program::When;
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::battle::Square;

/// The eight directions, from north clockwise.
const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

impl P2v {
    /// `who`'s power that answers its falling prone, if it has one.
    fn crash_power(&self, who: u8) -> Option<u8> {
        let p = self.profile(usize::from(who))?;
        p.powers.iter().position(|pw| pw.program.when == Some(When::Prone)).map(|k| k as u8)
    }

    /// Whether `who` may crash down now: up, with its reaction, neither
    /// slowed nor stunned — in its own turn too (ruling P2V-R160).
    pub(crate) fn may_crash(&self, s: &State, who: u8) -> bool {
        self.crash_power(who).is_some()
            && self.in_play(s, usize::from(who))
            && s.creatures
                .get(usize::from(who))
                .is_some_and(|c| c.life == Life::Up && !c.reacted && !c.conditions.has(Conditions::STUNNED))
            && !self.is_slowed(s, who)
    }

    /// `who` has just fallen prone: its crash is offered.
    pub(crate) fn fell_prone(&self, s: &mut State, who: u8) {
        let Some(power) = self.crash_power(who) else { return };
        if !self.may_crash(s, who) {
            return;
        }
        let seat = Seat(self.team(usize::from(who)));
        s.pending.push(Frame::Window(Window::for_seat(Trigger::Fell { who, power }, Timing::After, seat)));
    }

    /// Takes the reaction: its player points the line next.
    pub(crate) fn crash<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, events: &mut E) {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: pw.name.clone() });
        if matches!(s.pending.top(), Some(Frame::Window(w)) if w.trigger == Trigger::Fell { who, power }) {
            s.pending.pop();
        }
        s.pending.push(Frame::Crash { who, power });
    }

    /// The square a crash's line runs towards in direction `line`, if it is
    /// on the board: two squares beyond the creature's space that way.
    pub(crate) fn crash_toward(&self, s: &State, who: u8, line: u8) -> Option<Square> {
        let (dx, dy) = *DIRECTIONS.get(usize::from(line))?;
        let at = s.creatures.get(usize::from(who))?.at?;
        let side = i32::from(self.profile(usize::from(who))?.size.side());
        let edge = |d: i32, lo: i32| {
            if d > 0 {
                lo + side - 1 + 2 * d
            } else if d < 0 {
                lo + 2 * d
            } else {
                lo
            }
        };
        let (f, r) = (edge(dx, at.file()), edge(dy, at.rank()));
        let q = Square::at(f.clamp(0, 63) as u8, r.clamp(0, 63) as u8);
        (f >= 0 && r >= 0 && f < 64 && r < 64 && self.field(s).board().contains(q)).then_some(q)
    }

    /// Judges the direction chosen for a crash.
    pub(crate) fn judge_crash(&self, s: &State, who: u8, line: u8) -> Result<(), Refusal> {
        if self.crash_toward(s, who, line).is_some() {
            return Ok(());
        }
        Err(Refusal::because(
            "p2v.crash.line",
            "point the crash along a direction of the board: line 1 (north) to line 8 (north-west), clockwise (ruling P2V-R160)",
            section::AREAS,
        ))
    }

    /// The directions a crash may take now.
    pub(crate) fn crash_lines(&self, s: &State, who: u8) -> Vec<u8> {
        (0..DIRECTIONS.len() as u8).filter(|&l| self.crash_toward(s, who, l).is_some()).collect()
    }

    /// Crashes down along `line`: its own damage first, then the line's.
    pub(crate) fn crash_down<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, line: u8, events: &mut E) {
        let _ = events;
        if !matches!(s.pending.top(), Some(Frame::Crash { .. })) {
            return;
        }
        s.pending.pop();
        let Some(toward) = self.crash_toward(s, who, line) else { return };
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let targets = self.power_targets(s, who, power, Aim::Line { toward }).unwrap_or_default();
        s.pending.push_in_order(targets.into_iter().map(|target| {
            Frame::Affect(Affect { user: who, target, source: Source::Power { power }, covered: false })
        }));
        if let Some(d) = pw.program.itself {
            let hit = Hit {
                target: who,
                source: Some(who),
                damage: d.0,
                strike: false,
                area: false,
                critical: false,
                defended: false,
            };
            self.push_damage(s, hit);
        }
    }
}
