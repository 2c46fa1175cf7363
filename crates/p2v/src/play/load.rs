//! Bodies and loads ("Looting", "Carrying objects"; ruling P2V-R165).
//!
//! "Keep track of where each creature is eliminated. A creature on or
//! adjacent to that space can Interact with the body to take one item from
//! it, or to begin carrying the body if the body is the same size or
//! smaller than the creature. A body is a Heavy Load if it is the same size
//! as the creature carrying it, or a Light Load if it is smaller." "While
//! carrying a Light Load, a creature has the encumbered condition. While
//! carrying a Heavy Load, a creature has both the encumbered and slowed
//! conditions. Dropping a Load is a free action. Picking up an unattended
//! Load requires the Interact action (1 AP)."
//!
//! Each eliminated creature leaves a [`Body`] on the square where it fell
//! (its space's lower-left square). `carry N` (Interact, 1 AP) picks up body
//! N lying on or beside the carrier's space, if it is no larger than the
//! carrier; a creature carries one load at a time. `drop` (free) lays it on
//! the carrier's square. While it carries a load the creature is encumbered
//! (and slowed for a heavy one): the conditions are worked out from the
//! load, not kept as conditions, so they last exactly as long as the load is
//! carried. A carrier that falls to 0 HP, is eliminated, is swallowed or
//! goes into a haven drops its load where it is. Taking an item from a body
//! is [`super::loot`]'s (ruling P2V-R168).

use super::action::Action;
use super::event::Event;
use super::rules::P2v;
use super::state::{Conditions, Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Size, Space, Square};
use serde::{Deserialize, Serialize};

/// The section every refusal here cites.
const RULE: &str = "Carrying objects; Looting";

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, RULE)
}

/// The body of an eliminated creature: where it lies, or who carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Body {
    /// The creature whose body it is, by roster index.
    pub of: u8,
    /// The square it lies on, unless it is carried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Square>,
    /// The creature carrying it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried_by: Option<u8>,
    /// A body of `of`'s Trail of Bodies, laid in the set-up (Medium, and
    /// not `of`'s own body).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trail: bool,
}

impl P2v {
    /// The body `who` carries (by index among the bodies), and whether it is
    /// a heavy load (the carrier's size; a smaller body is a light one).
    pub fn load_of(&self, s: &State, who: u8) -> Option<(usize, bool)> {
        let k = s.bodies.iter().position(|b| b.carried_by == Some(who))?;
        Some((k, self.body_size(s, k)? >= self.profile(usize::from(who))?.size))
    }

    /// The size of body `k`: its creature's, or Medium for a body of a
    /// trail (ruling P2V-R166).
    fn body_size(&self, s: &State, k: usize) -> Option<Size> {
        let b = s.bodies.get(k)?;
        if b.trail {
            return Some(Size::Medium);
        }
        Some(self.profile(usize::from(b.of))?.size)
    }

    /// Whether `who` is encumbered now: the condition, or any load.
    pub fn is_encumbered(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.conditions.has(Conditions::ENCUMBERED))
            || self.load_of(s, who).is_some()
    }

    /// Whether `who` is slowed now: the condition, or a heavy load.
    pub fn is_slowed(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| c.conditions.has(Conditions::SLOWED))
            || self.load_of(s, who).is_some_and(|(_, heavy)| heavy)
    }

    /// The creature eliminated: its body lies where it fell.
    pub(crate) fn lay_body(&self, s: &mut State, who: u8) {
        let Some(at) = s.creatures.get(usize::from(who)).and_then(|c| c.fell_at) else { return };
        if s.bodies.len() < 255 && !s.bodies.iter().any(|b| b.of == who && !b.trail) {
            s.bodies.push(Body { of: who, at: Some(at), carried_by: None, trail: false });
        }
    }

    /// `who` lays down what it carries on its square (or where it fell, or
    /// its swallower's square), if it carries anything.
    pub(crate) fn drop_load<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some((k, _)) = self.load_of(s, who) else { return };
        let at = self.whereabouts(s, who).map(|sp| Square::at(sp.file, sp.rank));
        let body = &mut s.bodies[k];
        body.carried_by = None;
        body.at = at;
        events.emit(Event::Load { who, body: k as u8, carried: false, at });
    }

    /// The bodies `who` could pick up now: lying on or beside its space, no
    /// larger than it.
    fn bodies_in_reach<'a>(&'a self, s: &'a State, who: u8) -> impl Iterator<Item = u8> + 'a {
        let me = self.profile(usize::from(who)).zip(s.creatures.get(usize::from(who)).and_then(|c| c.at));
        let near = me.map(|(p, at)| Space::new(at, p.size.side()).squares().dilated());
        let bodies = if me.is_some() { s.bodies.len().min(255) } else { 0 };
        (0..bodies)
            .filter(move |&k| {
                let b = &s.bodies[k];
                b.carried_by.is_none()
                    && b.at.is_some_and(|q| near.as_ref().is_some_and(|n| n.contains(q)))
                    && self.body_size(s, k).zip(me).is_some_and(|(size, (p, _))| size <= p.size)
            })
            .map(|k| k as u8)
    }

    /// Judges `carry N`: Interact (1 AP) with a body on or beside the
    /// creature, no larger than it, while it carries nothing.
    pub(crate) fn judge_carry(&self, s: &State, t: &Turn, body: u8) -> Result<(), Refusal> {
        let Some(b) = s.bodies.get(usize::from(body)) else {
            return Err(no("p2v.load.none", format!("there is no body {} (the bodies are numbered from 1)", body + 1)));
        };
        if self.load_of(s, t.who).is_some() {
            return Err(no("p2v.load.one", "a creature carries one load at a time: drop the one it carries first"));
        }
        if b.carried_by.is_some() {
            return Err(no("p2v.load.carried", "another creature carries that body"));
        }
        let larger = match (self.body_size(s, usize::from(body)), self.profile(usize::from(t.who))) {
            (Some(size), Some(p)) => size > p.size,
            _ => true,
        };
        if larger {
            return Err(no("p2v.load.size", "a creature carries a body of its own size or smaller"));
        }
        if !self.bodies_in_reach(s, t.who).any(|k| k == body) {
            return Err(no("p2v.load.reach", "the body must lie on or beside the creature's space"));
        }
        Ok(())
    }

    /// Judges `drop`: free, while it carries a load.
    pub(crate) fn judge_drop(&self, s: &State, t: &Turn) -> Result<(), Refusal> {
        match self.load_of(s, t.who) {
            Some(_) => Ok(()),
            None => Err(no("p2v.load.nothing", "the creature carries nothing to drop")),
        }
    }

    /// The turn's load decisions: `carry N` for each body in reach (with an
    /// AP left), and `drop` while carrying.
    pub(crate) fn load_actions(&self, s: &State, t: &Turn, out: &mut Vec<Action>) {
        if self.load_of(s, t.who).is_some() {
            out.push(Action::DropLoad);
        } else if t.ap > 0 {
            out.extend(self.bodies_in_reach(s, t.who).map(|body| Action::Carry { body }));
        }
    }

    /// `who` picks up body `body` (judged legal, its AP paid).
    pub(crate) fn carry<E: EventSink<Event>>(&self, s: &mut State, who: u8, body: u8, events: &mut E) {
        let Some(b) = s.bodies.get_mut(usize::from(body)) else { return };
        b.at = None;
        b.carried_by = Some(who);
        events.emit(Event::Load { who, body, carried: true, at: None });
    }

    /// Checks the bodies (for `validate_state`).
    pub(crate) fn check_bodies(&self, s: &State) -> Result<(), String> {
        let board = self.base_terrain().board();
        for (k, b) in s.bodies.iter().enumerate() {
            if b.trail {
                if !self.trail(usize::from(b.of)) {
                    return Err(format!("body {} is of the trail of a creature without Trail of Bodies", k + 1));
                }
            } else {
                let dead = s.creatures.get(usize::from(b.of)).is_some_and(|c| c.life == Life::Eliminated);
                if !dead || s.bodies[..k].iter().any(|o| o.of == b.of && !o.trail) {
                    return Err(format!("body {} is of no eliminated creature, or of one twice", k + 1));
                }
            }
            match (b.at, b.carried_by) {
                (Some(at), None) if board.contains(at) => {}
                (None, Some(c)) => {
                    let up = s.creatures.get(usize::from(c)).is_some_and(|x| x.life == Life::Up && x.at.is_some());
                    let larger = self.body_size(s, k) > self.profile(usize::from(c)).map(|p| p.size);
                    if !up || larger || s.bodies[..k].iter().any(|o| o.carried_by == Some(c)) {
                        return Err(format!("body {} is carried by a creature that cannot carry it", k + 1));
                    }
                }
                _ => return Err(format!("body {} lies nowhere, or both lies and is carried", k + 1)),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use crate::play::judge::stride_budget;
    use crate::play::state::Phase;
    use crate::play::testing::open;
    use arbiter_core::{Decision, Game};
    use arbiter_geometry::battle::Mode;

    /// A Basilisk (Medium, a) beside a Kobold Warrior (Small, A) and a
    /// Boar (Medium, B), each eliminated where it stands, and a Harpy
    /// (Medium, flies; b) farther off; the basilisk's turn begun.
    fn scene() -> (P2v, State) {
        let g = P2v::new(open(&["Basilisk", "Harpy"], &["Kobold Warrior", "Boar"]), 2).unwrap();
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        for (i, at) in [(0, "c3"), (1, "h8"), (2, "d3"), (3, "c4")] {
            s.creatures[i].at = Some(board.parse(at).unwrap());
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        for who in [2, 3] {
            g.eliminate(&mut s, who, &mut Vec::new());
        }
        s.phase = Phase::Activate { seat: 0 };
        act(&g, &mut s, "activate a").unwrap();
        (g, s)
    }

    fn act(g: &P2v, s: &mut State, text: &str) -> Result<(), Refusal> {
        let a = g.parse(s, text).unwrap();
        let r = g.apply(s, &Decision::Act(a), &mut Vec::new());
        g.validate_state(s).unwrap();
        r
    }

    fn turn(s: &State) -> Turn {
        match s.phase {
            Phase::Turn(t) => t,
            _ => panic!("no turn"),
        }
    }

    /// "Keep track of where each creature is eliminated. A creature on or
    /// adjacent to that space can Interact with the body … to begin carrying
    /// the body if the body is the same size or smaller than the creature. A
    /// body is a Heavy Load if it is the same size as the creature carrying
    /// it, or a Light Load if it is smaller." "While carrying a Light Load, a
    /// creature has the encumbered condition." Ruling P2V-R165.
    #[test]
    fn a_body_lies_where_its_creature_fell_and_a_creature_beside_it_carries_it() {
        let (g, mut s) = scene();
        let board = g.base_terrain().board().clone();
        assert_eq!(s.bodies.len(), 2);
        assert_eq!((s.bodies[0].of, s.bodies[0].at), (2, Some(board.parse("d3").unwrap())));
        let budget = stride_budget(&g, &s, &turn(&s));
        assert!(!g.is_encumbered(&s, 0));
        let listed = |s: &State| {
            let mut out = Vec::new();
            g.legal_actions(s, &mut out);
            out.retain(|a| matches!(a, Action::Carry { .. } | Action::DropLoad));
            out
        };
        assert_eq!(listed(&s), [Action::Carry { body: 0 }, Action::Carry { body: 1 }]);
        act(&g, &mut s, "carry 1").unwrap();
        assert_eq!(listed(&s), [Action::DropLoad]);
        assert_eq!(turn(&s).ap, 1, "Interact: 1 AP");
        assert_eq!((s.bodies[0].at, s.bodies[0].carried_by), (None, Some(0)));
        // A Small body on a Medium basilisk: a light load, encumbered (−2 Speed), not slowed.
        assert_eq!(g.load_of(&s, 0), Some((0, false)));
        assert!(g.is_encumbered(&s, 0) && !g.is_slowed(&s, 0));
        assert_eq!(stride_budget(&g, &s, &turn(&s)), budget - 2);
        // One load at a time.
        assert_eq!(act(&g, &mut s, "carry 2").unwrap_err().rule, "p2v.load.one");
        // "Dropping a Load is a free action": on its square, and it is no longer encumbered.
        act(&g, &mut s, "drop load").unwrap();
        assert_eq!(turn(&s).ap, 1, "free");
        assert_eq!(s.bodies[0].at, Some(board.parse("c3").unwrap()));
        assert!(!g.is_encumbered(&s, 0));
        assert_eq!(act(&g, &mut s, "drop load").unwrap_err().rule, "p2v.load.nothing");
        // Neither on nor beside it: out of reach.
        s.bodies[0].at = Some(board.parse("f3").unwrap());
        assert_eq!(act(&g, &mut s, "carry 1").unwrap_err().rule, "p2v.load.reach");
        assert_eq!(act(&g, &mut s, "carry 9").unwrap_err().rule, "p2v.load.none");
    }

    /// "While carrying a Heavy Load, a creature has both the encumbered and
    /// slowed conditions" ("Slowed: The creature cannot take reactions and
    /// has one fewer action points on their next turn"); an encumbered flier
    /// "loses the Flight … mode". Ruling P2V-R165.
    #[test]
    fn a_body_of_its_own_size_is_a_heavy_load() {
        let (g, mut s) = scene();
        act(&g, &mut s, "carry 2").unwrap();
        assert_eq!(g.load_of(&s, 0), Some((1, true)), "a Medium boar on a Medium basilisk");
        assert!(g.is_slowed(&s, 0) && g.is_encumbered(&s, 0));
        act(&g, &mut s, "end").unwrap();
        // Its next turn: one fewer AP, and it cannot react meanwhile.
        assert!(!g.may_react(&s, 0), "slowed: no reactions");
        for c in &mut s.creatures {
            c.done = false;
        }
        s.phase = Phase::Activate { seat: 0 };
        act(&g, &mut s, "activate a").unwrap();
        assert_eq!(turn(&s).ap, 1);
        // A Small kobold cannot carry a Medium boar; a harpy carrying loses its flight.
        let mut t = turn(&s);
        t.who = 1;
        s.bodies[1].carried_by = None;
        s.bodies[1].at = s.creatures[1].at;
        s.bodies[0].at = s.creatures[1].at;
        assert_eq!(g.mode_now(&s, 1), Mode::Fly);
        g.judge_carry(&s, &t, 0).unwrap();
        s.bodies[0].at = None;
        s.bodies[0].carried_by = Some(1);
        assert_eq!(g.mode_now(&s, 1), Mode::Walk, "encumbered: no Flight");
    }

    /// A carrier that is eliminated drops its load where it fell, beside its
    /// own body; one reduced to 0 HP lays it down at once; a creature
    /// carries no body larger than itself. Ruling P2V-R165.
    #[test]
    fn a_carrier_that_falls_lays_its_load_down_where_it_lies() {
        let (g, mut s) = scene();
        act(&g, &mut s, "carry 1").unwrap();
        act(&g, &mut s, "end").unwrap();
        let at = s.creatures[0].at;
        g.eliminate(&mut s, 0, &mut Vec::new());
        g.validate_state(&s).unwrap();
        assert_eq!((s.bodies[0].at, s.bodies[0].carried_by), (at, None));
        assert_eq!(s.bodies.iter().filter(|b| b.at == at).count(), 2, "the kobold's and the basilisk's");
        // At 0 HP: helpless, it lays its load down.
        let (g, mut s) = scene();
        act(&g, &mut s, "carry 1").unwrap();
        s.creatures[0].hp = 1;
        crate::play::testing::wound(&g, &mut s, 0, 5);
        assert_eq!(s.creatures[0].life, Life::Dying);
        assert_eq!((s.bodies[0].at, s.bodies[0].carried_by), (s.creatures[0].at, None));
        // A Small kobold beside a fallen Medium boar cannot carry it.
        let g = P2v::new(open(&["Kobold Warrior"], &["Boar", "Boar"]), 2).unwrap();
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        for (i, sq) in [(0, "c3"), (1, "d3"), (2, "j9")] {
            s.creatures[i].at = Some(board.parse(sq).unwrap());
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        g.eliminate(&mut s, 1, &mut Vec::new());
        s.phase = Phase::Activate { seat: 0 };
        act(&g, &mut s, "activate a").unwrap();
        assert_eq!(act(&g, &mut s, "carry 1").unwrap_err().rule, "p2v.load.size");
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert!(!legal.iter().any(|a| matches!(a, Action::Carry { .. })));
    }
}
