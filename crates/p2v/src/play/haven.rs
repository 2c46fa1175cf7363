//! Healing Haven (Arboreal Shepherd): "Remove an adjacent Medium or smaller
//! allied animal from play. At the start of each of its turns, animal heals
//! 5 then can choose to end this effect, returning to an unoccupied space
//! adjacent to the shepherd." (ruling P2V-R147)
//!
//! A power with `shelter` takes an adjacent ally of the named traits and
//! size out of play: it waits off the board (`haven`), keeping its HP, its
//! conditions and persistent damage gone with it. It is still activated
//! each round as any creature: its turn starts with the haven's healing,
//! and then it either comes out (`place LETTER SQUARE`, free, on a space
//! adjacent to the shepherd's — or to where the shepherd fell — and its
//! turn goes on) or ends its turn inside.

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Conditions, Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Space, Square};

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, section::POWER)
}

impl P2v {
    /// Judges `who` sheltering `target` with `power`.
    pub(crate) fn judge_shelter(&self, s: &State, who: u8, power: u8, target: u8) -> Result<(), Refusal> {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Err(no("p2v.power.none", "the creature has no such power"));
        };
        let Some(h) = &pw.program.shelter else { return Ok(()) };
        let Some(p) = self.profile(usize::from(target)) else { return Err(no("p2v.haven.who", "no such creature")) };
        let Some(c) = s.creatures.get(usize::from(target)) else {
            return Err(no("p2v.haven.who", "no such creature"));
        };
        let fits = target != who
            && self.team(usize::from(target)) == self.team(usize::from(who))
            && c.life == Life::Up
            && p.size <= h.largest
            && (h.only.is_empty() || p.traits.iter().any(|t| h.only.contains(t)));
        if !fits {
            return Err(no(
                "p2v.haven.who",
                format!(
                    "{} shelters an allied {} of {} size or smaller, up",
                    pw.name,
                    if h.only.is_empty() { "creature".to_string() } else { h.only.join(" or ") },
                    format!("{:?}", h.largest).to_ascii_lowercase()
                ),
            ));
        }
        if c.commander.is_some() || c.riding.is_some() || self.rider_of(s, target).is_some() {
            return Err(no(
                "p2v.haven.bound",
                "a minion, a mount or a rider does not leave play into a haven (ruling P2V-R147)",
            ));
        }
        if s.creatures.iter().any(|c| c.swallowed_by == Some(target)) {
            return Err(no(
                "p2v.haven.bound",
                "a creature with another inside it does not leave play into a haven (ruling P2V-R163)",
            ));
        }
        if !self.adjacent(s, who, target) {
            return Err(no("p2v.haven.adjacent", format!("{} shelters an adjacent ally", pw.name)));
        }
        Ok(())
    }

    /// Takes `target` out of play into `by`'s haven.
    pub(crate) fn shelter<E: EventSink<Event>>(&self, s: &mut State, by: u8, target: u8, events: &mut E) {
        let i = usize::from(target);
        self.drop_load(s, target, events);
        let Some(c) = s.creatures.get_mut(i) else { return };
        c.life = Life::Waiting;
        c.haven = Some(by);
        c.at = None;
        c.prone = false;
        c.conditions = Conditions::default();
        c.persistent.clear();
        c.grabbed_by = None;
        self.sync(s, i);
        // Whatever it held is free.
        for other in s.creatures.iter_mut() {
            if other.grabbed_by == Some(target) {
                other.grabbed_by = None;
                other.conditions = other.conditions.without(Conditions::GRABBED);
            }
        }
        self.unbind(s, target, events);
        events.emit(Event::Sheltered { who: target, by, inside: true, at: None });
    }

    /// The shelter program of the haven `by` keeps.
    fn haven_heal(&self, by: u8) -> u16 {
        self.profile(usize::from(by))
            .and_then(|p| p.powers.iter().find_map(|pw| pw.program.shelter.as_ref()))
            .map_or(0, |h| h.heal)
    }

    /// The start of a sheltered creature's turn: the haven heals it.
    pub(crate) fn haven_turn_start<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let i = usize::from(who);
        let Some(by) = s.creatures.get(i).and_then(|c| c.haven) else { return };
        let n = self.haven_heal(by);
        let Some(max) = self.profile(i).map(|p| p.hp) else { return };
        let Some(c) = s.creatures.get_mut(i) else { return };
        let before = c.hp;
        c.hp = (c.hp + i32::from(n)).min(max);
        events.emit(Event::Healed { who, amount: (c.hp - before).max(0) as u16, hp: c.hp });
    }

    /// Where a sheltered creature may come out: beside its shepherd's
    /// space, or where the shepherd fell.
    pub(crate) fn haven_squares(&self, s: &State, who: u8) -> Vec<Square> {
        let Some(by) = s.creatures.get(usize::from(who)).and_then(|c| c.haven) else { return Vec::new() };
        let Some(c) = s.creatures.get(usize::from(by)) else { return Vec::new() };
        let Some(at) = c.at.or(c.fell_at) else { return Vec::new() };
        let side = self.profile(usize::from(by)).map_or(1, |p| p.size.side());
        self.squares_beside(s, Space::new(at, side), who)
    }

    /// Judges a decision of a sheltered creature's turn: come out, or end.
    pub(crate) fn judge_haven(&self, s: &State, t: &Turn, a: &Action) -> Result<(), Refusal> {
        match *a {
            Action::End => Ok(()),
            Action::Place { who, at } if who == t.who => {
                if self.haven_squares(s, who).contains(&at) {
                    Ok(())
                } else {
                    Err(no(
                        "p2v.haven.space",
                        "it comes out onto an unoccupied space adjacent to the creature that sheltered it",
                    ))
                }
            }
            _ => Err(no(
                "p2v.haven.inside",
                "a sheltered creature may only come out (place LETTER SQUARE) or end its turn inside",
            )),
        }
    }

    /// The decisions of a sheltered creature's turn.
    pub(crate) fn haven_actions(&self, s: &State, t: &Turn, out: &mut Vec<Action>) {
        out.extend(self.haven_squares(s, t.who).into_iter().map(|at| Action::Place { who: t.who, at }));
    }

    /// A sheltered creature comes out onto `at`; its turn goes on.
    pub(crate) fn leave_haven<E: EventSink<Event>>(&self, s: &mut State, who: u8, at: Square, events: &mut E) {
        let i = usize::from(who);
        let Some(c) = s.creatures.get_mut(i) else { return };
        let by = c.haven.take();
        c.at = Some(at);
        c.life = Life::Up;
        self.sync(s, i);
        events.emit(Event::Sheltered { who, by: by.unwrap_or(who), inside: false, at: Some(at) });
    }

    /// Whether creature `i` waits in a haven.
    pub fn in_haven(&self, s: &State, i: usize) -> bool {
        s.creatures.get(i).is_some_and(|c| c.haven.is_some() && c.life == Life::Waiting)
    }
}
