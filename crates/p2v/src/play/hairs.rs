//! White hairs (Ohancanu): "White Hairs: While it is grabbed, restrained or
//! stunned, an adjacent enemy may spend 1 AP on an Athletics check against
//! its Power. On a success it is rattled and loses one of its five white
//! hairs; when the fifth is gone, it is eliminated." and "Denuded Outrage ⚡:
//! When it loses a white hair, it either strikes the creature that pulled it
//! out or tries to Escape."
//!
//! `pluck TARGET` (●) is an action of an enemy adjacent to a creature with
//! hairs while it is grabbed, immobilized (the rulebook's nearest condition
//! to "restrained") or stunned: a d20 Athletics check (Fortitude, −5
//! untrained) that succeeds at or over the target's Power, which a hero point
//! may reroll. A success rattles the target and takes a hair; the last hair
//! eliminates it. Otherwise its owner may answer with Denuded Outrage, its
//! reaction: `react` strikes the puller with its best weapon that reaches
//! it, `escape CONDITION` removes one of its conditions (ruling P2V-R45).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Life, State, Trigger, Turn};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::battle::FigureId;

/// The conditions that let enemies pull a hair.
const HELD: [Conditions; 3] = [Conditions::GRABBED, Conditions::IMMOBILIZED, Conditions::STUNNED];

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, section::CONDITIONS)
}

impl P2v {
    /// Hairs `who` has left, if it has hairs at all.
    pub fn hairs_left(&self, s: &State, who: u8) -> Option<u8> {
        let (n, _) = self.profile(usize::from(who))?.hairs.as_ref()?;
        Some(n.saturating_sub(s.creatures.get(usize::from(who))?.hairs_lost))
    }

    /// Judges `pluck TARGET` by the active creature of turn `t`.
    pub(crate) fn judge_pluck(&self, s: &State, t: &Turn, target: u8) -> Result<(), Refusal> {
        let Some(name) = self.profile(usize::from(target)).and_then(|p| p.hairs.as_ref().map(|(_, n)| n.clone()))
        else {
            return Err(no("p2v.pluck.none", "only a creature with white hairs can have one pulled out"));
        };
        if self.team(usize::from(target)) == self.team(usize::from(t.who)) || !self.in_play(s, usize::from(target)) {
            return Err(no("p2v.pluck.enemy", format!("{name}: an enemy in play pulls the hair")));
        }
        let c = &s.creatures[usize::from(target)];
        if c.life != Life::Up || !HELD.iter().any(|&h| c.conditions.has(h)) {
            return Err(no("p2v.pluck.held", format!("{name}: only while it is grabbed, immobilized or stunned")));
        }
        let field = self.field(s);
        if !field.in_reach(FigureId(u16::from(t.who)), FigureId(u16::from(target)), 1) {
            return Err(no("p2v.pluck.adjacent", format!("{name}: the puller must be adjacent")));
        }
        let p = &self.roster()[usize::from(t.who)];
        if p.trained_only && !p.defences.trained("athletics") {
            return Err(Refusal::because(
                "p2v.skill.untrained",
                format!("{} can make skill checks only with skills it is trained in (Athletics)", p.name),
                section::SKILLS,
            ));
        }
        Ok(())
    }

    /// The Athletics check of `who` pulling a hair of `target` came up `die`.
    pub(crate) fn pluck_roll<E: EventSink<Event>>(&self, s: &mut State, who: u8, target: u8, die: u8, events: &mut E) {
        let Some(p) = self.profile(usize::from(target)) else { return };
        let power = p.power;
        let total = i32::from(die) + self.skill_bonus(s, who, "athletics");
        let success = total >= power;
        let up = s.creatures.get(usize::from(target)).is_some_and(|c| c.life == Life::Up);
        if !success || !up {
            events.emit(Event::Pluck { who, target, die, total, power, left: None });
            return;
        }
        let Some(c) = s.creatures.get_mut(usize::from(target)) else { return };
        c.hairs_lost = c.hairs_lost.saturating_add(1);
        let newly = !c.conditions.has(Conditions::RATTLED);
        c.conditions = c.conditions.with(Conditions::RATTLED);
        let left = self.hairs_left(s, target).unwrap_or(0);
        events.emit(Event::Pluck { who, target, die, total, power, left: Some(left) });
        if newly {
            events.emit(Event::Condition { who: target, name: "rattled".into(), on: true });
        }
        if left == 0 {
            self.eliminate(s, target, events);
            return;
        }
        let t = Trigger::Outrage { who: target, puller: who };
        let seat = Seat(self.team(usize::from(target)));
        self.offer_window(s, t, Timing::After, seat);
    }

    /// Whether `who` may answer the loss of a hair to `puller` now.
    pub(crate) fn may_outrage(&self, s: &State, who: u8, puller: u8) -> bool {
        let has = self.profile(usize::from(who)).is_some_and(|p| p.outrage.is_some());
        let Some(c) = s.creatures.get(usize::from(who)) else { return false };
        has && c.life == Life::Up
            && self.may_react(s, who)
            && (c.conditions.0 != 0 || self.outrage_weapon(s, who, puller).is_some())
    }

    /// The weapon Denuded Outrage strikes the puller with, if one reaches it.
    fn outrage_weapon(&self, s: &State, who: u8, puller: u8) -> Option<u8> {
        if !self.in_play(s, usize::from(puller)) || self.may_attack(s, who, puller).is_err() {
            return None;
        }
        self.reaction_weapon(s, who, puller)
    }

    /// Judges an answer to the Denuded Outrage window: `react` (strike)
    /// needs a weapon that reaches the puller, `escape C` a condition it has.
    pub(crate) fn judge_outrage(
        &self,
        s: &State,
        who: u8,
        puller: u8,
        a: &super::action::Action,
    ) -> Result<(), Refusal> {
        use super::action::Action;
        match *a {
            Action::Pass => Ok(()),
            Action::React if self.outrage_weapon(s, who, puller).is_some() => Ok(()),
            Action::React => Err(no("p2v.outrage.reach", "nothing of it reaches the creature that pulled the hair")),
            Action::Escape { condition }
                if condition < 16
                    && s.creatures
                        .get(usize::from(who))
                        .is_some_and(|c| c.conditions.has(Conditions(1 << condition))) =>
            {
                Ok(())
            }
            _ => Err(no(
                "p2v.outrage.answer",
                "Denuded Outrage: react (strike the creature that pulled the hair), escape CONDITION, or pass",
            )),
        }
    }

    /// Carries out an answer judged legal to the Denuded Outrage window.
    pub(crate) fn outrage<E: EventSink<Event>>(&self, s: &mut State, a: &super::action::Action, events: &mut E) {
        use super::action::Action;
        let Some(Frame::Window(w)) = s.pending.top() else { return };
        let Trigger::Outrage { who, puller } = w.trigger else { return };
        if *a == Action::Pass {
            return;
        }
        s.pending.pop();
        let name = self.profile(usize::from(who)).and_then(|p| p.outrage.clone()).unwrap_or_default();
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: name });
        match *a {
            Action::React => {
                if let Some(weapon) = self.outrage_weapon(s, who, puller) {
                    super::apply::reaction_strike(self, s, who, puller, weapon, events);
                }
            }
            Action::Escape { condition } => super::apply::escape(s, who, condition, events),
            _ => {}
        }
    }
}
