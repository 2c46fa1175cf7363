//! Compound actions: a card's action made of universal actions in order
//! ("A Stride with +2 Speed, then a melee strike at the end of it"; "Two
//! Strides, then a melee strike").
//!
//! Using one pays its cost and pushes an [`Frame::Activity`]; while it is on
//! top, the creature's seat decides each step — `stride SQUARE` for a
//! Stride (with its bonus to Speed), `strike N TARGET` for a melee strike —
//! or passes it (ruling P2V-R22). The steps cost no further action points;
//! the strikes of one compound action share the multiple attack penalty it
//! began with, which grows once the action ends ("After a creature
//! concludes an action that included a Fight roll …").

use super::action::Action;
use super::event::Event;
use super::judge::{judge_strike, stride_reach};
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Life, Phase, State, Turn};
use crate::program::Step;
use arbiter_core::{EventSink, Refusal, Seat};

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>, section: &'static str) -> Refusal {
    Refusal::because(rule, reason, section)
}

impl P2v {
    /// The step an activity frame waits on, if it still waits: its creature
    /// up and taking its turn, a step left.
    pub(crate) fn activity_step(&self, s: &State, who: u8, power: u8, next: u8) -> Option<Step> {
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        if !up || s.active() != Some(who) {
            return None;
        }
        let program = &self.profile(usize::from(who))?.powers.get(usize::from(power))?.program;
        // "After each hit": a chained action ends at a strike that did not hit.
        if program.chain {
            let struck_before = program.steps.iter().take(usize::from(next)).any(|s| matches!(s, Step::Strike { .. }));
            let hit = s.pending.iter().any(|f| matches!(f, Frame::Activity { who: w, hit: true, .. } if *w == who));
            if struck_before && !hit {
                return None;
            }
        }
        program.steps.get(usize::from(next)).copied()
    }

    /// The seat an activity frame waits on.
    pub(crate) fn activity_waits(&self, s: &State, who: u8, power: u8, next: u8) -> Option<Seat> {
        self.activity_step(s, who, power, next).map(|_| Seat(self.team(usize::from(who))))
    }

    /// The turn as a step of an activity sees it: a Stride's bonus joins the
    /// movement it may spend.
    fn step_turn(&self, s: &State, step: Step) -> Option<Turn> {
        let Phase::Turn(mut t) = s.phase else { return None };
        if let Step::Stride { bonus } = step {
            t.carry = t.carry.saturating_add(bonus);
        }
        Some(t)
    }

    /// Judges a decision while an activity waits.
    pub(crate) fn judge_activity(&self, s: &State, who: u8, power: u8, next: u8, a: &Action) -> Result<(), Refusal> {
        let Some(step) = self.activity_step(s, who, power, next) else {
            return Err(no("p2v.turn.not-now", "the compound action is over", section::TURN));
        };
        let name =
            self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))).map_or("", |p| &p.name);
        let Some(t) = self.step_turn(s, step) else {
            return Err(no("p2v.turn.not-now", "no creature is taking its turn", section::TURN));
        };
        let c = &s.creatures[usize::from(who)];
        match (step, *a) {
            (_, Action::Pass) => Ok(()),
            (Step::Stride { .. }, Action::Stride { to }) => {
                if c.prone {
                    return Err(no(
                        "p2v.move.prone",
                        "the only movement a creature can take while prone is to Crawl",
                        "APPENDIX: COMBAT STATUSES",
                    ));
                }
                if c.conditions.has(Conditions::IMMOBILIZED) || c.conditions.has(Conditions::GRABBED) {
                    return Err(no(
                        "p2v.move.immobilized",
                        "an immobilized creature cannot willingly move from its space",
                        section::CONDITIONS,
                    ));
                }
                let ends = stride_reach(self, s, &t).is_some_and(|r| r.ends().contains(to));
                if c.at == Some(to) || !ends {
                    return Err(no(
                        "p2v.move.stride",
                        format!(
                            "{name}'s Stride cannot end there: Speed {} this Stride, diagonals 1-2, difficult terrain, climbing",
                            super::judge::stride_budget(self, s, &t)
                        ),
                        section::MOVEMENT,
                    ));
                }
                Ok(())
            }
            (Step::Strike { .. }, Action::Strike { weapon, target }) => {
                let melee = self
                    .profile(usize::from(who))
                    .and_then(|p| p.weapons.get(usize::from(weapon)))
                    .is_some_and(|w| w.melee());
                if !melee {
                    return Err(no("p2v.activity.melee", format!("{name} makes a melee strike here"), section::STRIKE));
                }
                // Double Slice: "Two melee strikes at one target" (ruling P2V-R144).
                let together = self
                    .profile(usize::from(who))
                    .and_then(|p| p.powers.get(usize::from(power)))
                    .is_some_and(|pw| pw.program.together);
                let first = match s.pending.top() {
                    Some(Frame::Activity { at, .. }) => *at,
                    _ => None,
                };
                if together && first.is_some_and(|x| x != target) {
                    return Err(no(
                        "p2v.activity.one-target",
                        format!("{name}'s strikes are at one target: the creature its first strike was at"),
                        section::STRIKE,
                    ));
                }
                judge_strike(self, s, &t, weapon, target)
            }
            (step, _) => Err(no(
                "p2v.activity.step",
                format!(
                    "{name} goes on: {}, or pass to skip it",
                    match step {
                        Step::Stride { bonus: 0 } => "stride SQUARE".to_string(),
                        Step::Stride { bonus } => format!("stride SQUARE (Speed +{bonus})"),
                        Step::Strike { bonus: 0, push: 0, .. } => "strike N TARGET (a melee strike)".to_string(),
                        Step::Strike { bonus: 0, push, .. } => {
                            format!("strike N TARGET (a melee strike; a hit pushes it {push} squares)")
                        }
                        Step::Strike { bonus, after, .. } => {
                            format!("strike N TARGET (a melee strike, +{bonus} if it moved {after} squares or more)")
                        }
                    }
                ),
                section::TURN,
            )),
        }
    }

    /// Carries out a step judged legal.
    pub(crate) fn apply_activity<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) {
        let Some(Frame::Activity { who, power, next, struck, moved, .. }) = s.pending.top().cloned() else { return };
        let Some(step) = self.activity_step(s, who, power, next) else { return };
        let Some(t) = self.step_turn(s, step) else { return };
        // The squares a Stride moves the creature: the anchors its path enters.
        let squares = match *a {
            Action::Stride { to } => stride_reach(self, s, &t)
                .and_then(|r| r.path(&self.move_field(s, who), to))
                .map_or(0, |p| p.len().min(255) as u8),
            _ => 0,
        };
        if let Some(Frame::Activity { next: n, struck: st, moved: m, hit, at, .. }) = s.pending.top_mut() {
            *n = n.saturating_add(1);
            if let Action::Strike { target, .. } = *a {
                at.get_or_insert(target);
            }
            *st = struck || matches!(a, Action::Strike { .. });
            *m = moved.saturating_add(squares);
            // A strike step made or passed: it has not hit (yet).
            if matches!(step, Step::Strike { .. }) {
                *hit = false;
            }
        }
        match *a {
            Action::Stride { to } => super::apply::stride(self, s, t, to),
            Action::Strike { weapon, target } => {
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.carry = 0;
                }
                // "+2 to hit if it moved 4 squares or more" (ruling P2V-R31).
                let (bonus, push) = match step {
                    Step::Strike { bonus, after, push } => (if moved >= after { bonus } else { 0 }, push),
                    Step::Stride { .. } => (0, 0),
                };
                super::apply::strike(self, s, t, weapon, target, (bonus, push, Some(power)), events);
            }
            _ => {}
        }
    }

    /// The legal decisions while an activity waits.
    pub(crate) fn activity_actions(&self, s: &State, who: u8, power: u8, next: u8, out: &mut Vec<Action>) {
        let Some(step) = self.activity_step(s, who, power, next) else { return };
        out.push(Action::Pass);
        let Some(t) = self.step_turn(s, step) else { return };
        match step {
            Step::Stride { .. } => {
                let at = s.creatures[usize::from(who)].at;
                if let Some(reach) = stride_reach(self, s, &t) {
                    for to in reach.ends().iter() {
                        let a = Action::Stride { to };
                        if Some(to) != at && self.judge_activity(s, who, power, next, &a).is_ok() {
                            out.push(a);
                        }
                    }
                }
            }
            Step::Strike { .. } => {
                let n = self.profile(usize::from(who)).map_or(0, |p| p.weapons.len().min(32));
                for weapon in 0..n as u8 {
                    for target in 0..s.creatures.len() as u8 {
                        let a = Action::Strike { weapon, target };
                        if self.judge_activity(s, who, power, next, &a).is_ok() {
                            out.push(a);
                        }
                    }
                }
            }
        }
    }

    /// Ends an activity: if it struck, later Fight rolls this turn take the
    /// next multiple attack penalty.
    pub(crate) fn end_activity(&self, s: &mut State, struck: bool) {
        if let Phase::Turn(t) = &mut s.phase
            && struck
        {
            t.attacks = t.attacks.saturating_add(1);
        }
    }
}
