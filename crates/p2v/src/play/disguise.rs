//! Tempting Disguise ("Appendix: Positioning upgrades"; ruling P2V-R91): a
//! creature that can take an alluring shape is not deployed. When the
//! objectives are placed, its owner places one more, then picks in secret
//! which objective is the creature. A creature that tries to claim that
//! objective fails, and the creature takes the objective's place; its owner
//! may also reveal it at the end of any round. Which objective it is lives
//! in the creature's `disguise`, stripped from the other seat's observation
//! and drawn at random when a bot searches from that seat's view
//! ([`P2v::resample_disguises`]).

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Frame, Life, Phase, State};
use arbiter_core::{EventSink, Refusal, Seat, Viewer};
use arbiter_geometry::battle::{Space, Square};
use rand::{Rng, RngExt};

impl P2v {
    /// Whether creature `i` has Tempting Disguise.
    pub fn tempting(&self, i: usize) -> bool {
        self.profile(i).is_some_and(|p| p.tempting_disguise)
    }

    /// Whether any creature of the game has Tempting Disguise or False
    /// Object: the game then keeps a secret.
    pub fn has_disguises(&self) -> bool {
        self.roster().iter().any(|p| p.tempting_disguise || p.false_object)
    }

    /// Whether creature `i` is in disguise now, as every seat knows it: it
    /// has Tempting Disguise or False Object, its secret has been picked,
    /// and it has not been revealed.
    pub fn in_disguise(&self, s: &State, i: usize) -> bool {
        if s.creatures.get(i).is_none_or(|c| c.life != Life::Waiting) {
            return false;
        }
        if self.false_object(i) {
            return self.hidden_yet(s, i);
        }
        if !self.tempting(i) {
            return false;
        }
        match s.phase {
            Phase::PlaceTile { .. }
            | Phase::ObjectiveCount
            | Phase::PlaceObject { .. }
            | Phase::Hide { .. }
            | Phase::PlaceObjective { .. }
            | Phase::ExtraObjective { .. } => false,
            Phase::Disguise { who } => i < usize::from(who),
            _ => true,
        }
    }

    /// The creature with Tempting Disguise after `after` in roster order
    /// (the first with `None`).
    fn next_tempting(&self, after: Option<u8>) -> Option<u8> {
        self.next_with(after, Self::tempting)
    }

    /// The creature after `after` in roster order (the first with `None`)
    /// for which `has` holds: the next one with a positioning upgrade.
    pub(crate) fn next_with(&self, after: Option<u8>, has: fn(&Self, usize) -> bool) -> Option<u8> {
        let from = after.map_or(0, |w| usize::from(w) + 1);
        (from..self.roster().len().min(256)).find(|&i| has(self, i)).map(|i| i as u8)
    }

    /// Once the objectives the dice asked for are placed: each creature
    /// with Tempting Disguise's extra objective, while kinds are left; else
    /// the Trails of Bodies, else the deployment roll-off.
    pub(crate) fn after_objectives(&self, s: &mut State) {
        if s.phase != Phase::DeployRoll {
            return;
        }
        s.phase = match self.next_tempting(None) {
            Some(w) => self.extra_or_secret(s, w),
            None => self.trail_or_deploy(None),
        };
    }

    /// The next set-up step for creature `w` with Tempting Disguise: its
    /// extra objective if a kind is left to place, else its secret.
    fn extra_or_secret(&self, s: &State, w: u8) -> Phase {
        if s.objectives.len() < super::objective::Kind::ALL.len() {
            Phase::ExtraObjective { who: w }
        } else {
            Phase::Disguise { who: self.next_tempting(None).unwrap_or(w) }
        }
    }

    /// After creature `who`'s extra objective: the next creature's, then
    /// the secrets in roster order.
    pub(crate) fn after_extra(&self, s: &mut State, who: u8) {
        s.phase = match self.next_tempting(Some(who)) {
            Some(w) if s.objectives.len() < super::objective::Kind::ALL.len() => Phase::ExtraObjective { who: w },
            _ => match self.next_tempting(None) {
                Some(w) => Phase::Disguise { who: w },
                None => self.trail_or_deploy(None),
            },
        };
    }

    /// Judges creature `who`'s secret: an objective that no other creature
    /// of its own warband is.
    pub(crate) fn judge_disguise(&self, s: &State, who: u8, objective: u8) -> Result<(), Refusal> {
        if usize::from(objective) >= s.objectives.len() {
            return Err(Refusal::because("p2v.disguise.none", "there is no such objective", section::POSITIONING));
        }
        let team = self.team(usize::from(who));
        if (0..s.creatures.len()).any(|j| self.team(j) == team && s.creatures[j].disguise == Some(objective)) {
            return Err(Refusal::because(
                "p2v.disguise.taken",
                "another creature of your warband is already that objective",
                section::POSITIONING,
            ));
        }
        Ok(())
    }

    /// The objectives creature `who` may be.
    pub(crate) fn disguise_actions(&self, s: &State, who: u8, out: &mut Vec<Action>) {
        for k in 0..s.objectives.len().min(255) as u8 {
            if self.judge_disguise(s, who, k).is_ok() {
                out.push(Action::Disguise { objective: k });
            }
        }
    }

    /// Creature `who` becomes objective `objective` in secret; then the next
    /// creature's secret, or the deployment roll-off.
    pub(crate) fn take_disguise<E: EventSink<Event>>(&self, s: &mut State, who: u8, objective: u8, events: &mut E) {
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.disguise = Some(objective);
        }
        events.emit(Event::Disguised { who, objective: Some(objective) });
        s.phase = match self.next_tempting(Some(who)) {
            Some(w) => Phase::Disguise { who: w },
            None => self.trail_or_deploy(None),
        };
    }

    /// The creatures in disguise as objective `objective`.
    pub(crate) fn disguised_as(&self, s: &State, objective: u8) -> Vec<u8> {
        (0..s.creatures.len().min(256))
            .filter(|&i| s.creatures[i].disguise == Some(objective) && s.creatures[i].life == Life::Waiting)
            .map(|i| i as u8)
            .collect()
    }

    /// Replaces objective `objective` by the creatures in disguise as it:
    /// each stands on the objective's square if its space fits there, else
    /// on the nearest place that fits. `by` is the creature whose claim
    /// found them out.
    pub(crate) fn unmask<E: EventSink<Event>>(&self, s: &mut State, objective: u8, by: Option<u8>, events: &mut E) {
        let k = usize::from(objective);
        let Some(o) = s.objectives.get(k).cloned() else { return };
        let who = self.disguised_as(s, objective);
        s.objectives.remove(k);
        for c in &mut s.creatures {
            match c.disguise {
                Some(d) if d > objective => c.disguise = Some(d - 1),
                Some(d) if d == objective => c.disguise = None,
                _ => {}
            }
        }
        s.forget_field();
        for w in who {
            let i = usize::from(w);
            let Some(at) = self.landing(s, i, o.square) else { continue };
            if let Some(c) = s.creatures.get_mut(i) {
                c.at = Some(at);
                c.life = Life::Up;
            }
            self.sync(s, i);
            events.emit(Event::Unmasked { who: w, kind: o.kind, at, by });
        }
    }

    /// Where creature `i` comes out of its disguise: the anchor nearest
    /// `square` whose space covers or touches it, fits on the board and
    /// could end a move there.
    pub(crate) fn landing(&self, s: &State, i: usize, square: Square) -> Option<Square> {
        let side = self.profile(i)?.size.side();
        let field = self.field(s);
        let b = field.board();
        let mut best: Option<(u32, Square)> = None;
        for at in b.all().iter() {
            let space = Space::new(at, side);
            let gaps = space.gaps(&Space::new(square, 1));
            let d = gaps.0.max(gaps.1);
            if best.is_some_and(|(x, _)| d >= x) {
                continue;
            }
            if b.holds(&space)
                && field.can_stand(&space, None).is_ok()
                && !space.squares().iter().any(|q| s.objectives.iter().any(|o| o.square == q))
            {
                best = Some((d, at));
            }
        }
        best.map(|(_, at)| at)
    }

    /// At a round's end, each creature in disguise's owner is asked whether
    /// to reveal it; then the round limit or the next round.
    pub(crate) fn ask_unmask(&self, s: &mut State) {
        s.pending.push(Frame::RoundNext);
        for i in (0..s.creatures.len().min(256)).rev() {
            if self.in_disguise(s, i) && (s.creatures[i].disguise.is_some() || s.creatures[i].hidden.is_some()) {
                s.pending.push(Frame::Unmask { who: i as u8 });
            }
        }
    }

    /// The seat asked about creature `who`'s disguise, while it is still in it.
    pub(crate) fn unmask_waits(&self, s: &State, who: u8) -> Option<Seat> {
        let c = s.creatures.get(usize::from(who))?;
        (c.life == Life::Waiting && (c.disguise.is_some() || c.hidden.is_some()))
            .then(|| Seat(self.team(usize::from(who))))
    }

    /// The owner's answer at the round's end: `react` reveals the creature.
    pub(crate) fn answer_unmask<E: EventSink<Event>>(&self, s: &mut State, who: u8, reveal: bool, events: &mut E) {
        if !reveal {
            return;
        }
        if let Some(objective) = s.creatures.get(usize::from(who)).and_then(|c| c.disguise) {
            self.unmask(s, objective, None, events);
        } else if let Some(at) = s.creatures.get(usize::from(who)).and_then(|c| c.hidden) {
            self.emerge(s, at, None, events);
        }
    }

    /// `s` as `viewer` sees it: the other seat's disguises stripped.
    pub(crate) fn strip_disguises(&self, s: &mut State, viewer: Viewer) {
        for (i, c) in s.creatures.iter_mut().enumerate() {
            let own = matches!(viewer, Viewer::Referee) || matches!(viewer, Viewer::Seat(Seat(t)) if t == self.team(i));
            if !own {
                c.disguise = None;
                c.hidden = None;
            }
        }
    }

    /// A full state from `seat`'s observation: each of the other seat's
    /// creatures in disguise is given an objective at random, one that no
    /// other creature of its warband is and that no pending claim waits on
    /// dice for (a claim on a creature rolls nothing, so a claim waiting for
    /// its roll shows everyone that objective is only an objective).
    pub(crate) fn resample_disguises<R: Rng + ?Sized>(&self, seat: Seat, s: &mut State, rng: &mut R) {
        let mut shown: Vec<u8> = Vec::new();
        for f in s.pending.iter() {
            let f = match f {
                Frame::Held { roll, .. } | Frame::Rerolled { roll, .. } => &**roll,
                other => other,
            };
            if let Frame::Claim { objective, .. } = f {
                shown.push(*objective);
            }
        }
        for i in 0..s.creatures.len() {
            if self.team(i) == seat.0 || !self.in_disguise(s, i) {
                continue;
            }
            if self.false_object(i) {
                if s.creatures[i].hidden.is_none() {
                    self.resample_hidden(s, i, rng);
                }
                continue;
            }
            if s.creatures[i].disguise.is_some() {
                continue;
            }
            let team = self.team(i);
            let free: Vec<u8> = (0..s.objectives.len().min(255) as u8)
                .filter(|k| !shown.contains(k))
                .filter(|k| (0..s.creatures.len()).all(|j| self.team(j) != team || s.creatures[j].disguise != Some(*k)))
                .collect();
            if !free.is_empty() {
                s.creatures[i].disguise = Some(free[rng.random_range(0..free.len())]);
            }
        }
    }
}

impl P2v {
    /// The Power a Perception check to spot a disguise meets: the highest
    /// of the other warband's creatures in disguise (so the number tells
    /// nothing of which objective is which; ruling P2V-R91), `None` when it
    /// has none.
    pub(crate) fn spot_power(&self, s: &State, spotter: u8) -> Option<i32> {
        self.disguise_power(s, spotter, Self::tempting)
    }

    /// The highest Power among the other warband's creatures in a disguise
    /// of the kind `has` tells (`None` when it has none).
    pub(crate) fn disguise_power(&self, s: &State, spotter: u8, has: fn(&Self, usize) -> bool) -> Option<i32> {
        let team = self.team(usize::from(spotter));
        (0..s.creatures.len())
            .filter(|&i| self.team(i) != team && has(self, i) && self.in_disguise(s, i))
            .filter_map(|i| self.profile(i).map(|p| p.power))
            .max()
    }

    /// A Perception check of `who` with d20 `die` against `power`: its total,
    /// and whether it succeeds (ruling P2V-R2: equal or greater succeeds).
    pub(crate) fn perception(&self, s: &State, who: u8, die: u8, power: i32) -> (i32, bool) {
        let total = i32::from(die) + self.skill_bonus(s, who, "perception");
        (total, total >= power)
    }

    /// Judges creature `t.who` spotting objective `objective`: an Interact
    /// with an objective within 6 squares and in line of effect, while the
    /// other warband has a creature in disguise.
    pub(crate) fn judge_spot(&self, s: &State, t: &super::state::Turn, objective: u8) -> Result<(), Refusal> {
        let no = |rule: &'static str, why: &str| Err(Refusal::because(rule, why.to_string(), section::SPOTTING));
        let Some(o) = s.objectives.get(usize::from(objective)) else {
            return no("p2v.spot.none", "there is no such objective");
        };
        if self.spot_power(s, t.who).is_none() {
            return no("p2v.spot.nobody", "no creature of the other warband is in disguise");
        }
        let (Some(at), Some(p)) =
            (s.creatures.get(usize::from(t.who)).and_then(|c| c.at), self.profile(usize::from(t.who)))
        else {
            return no("p2v.spot.none", "the creature is not on the board");
        };
        let me = Space::new(at, p.size.side());
        let there = Space::new(o.square, 1);
        if arbiter_geometry::battle::targeting::distance(&me, &there) > 6 {
            return no("p2v.spot.range", "a creature within 6 squares of the objective may try to spot a disguise");
        }
        if !self.field(s).effect_to(arbiter_geometry::battle::FigureId(u16::from(t.who)), there.centre()) {
            return no("p2v.spot.effect", "spotting a disguise needs line of effect to the objective");
        }
        Ok(())
    }

    /// The Perception check of `who` spotting objective `objective` came up
    /// `die`: on a success its owner says whether it is a creature, and a
    /// creature found out takes the objective's place.
    pub(crate) fn spot_roll<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        objective: u8,
        die: u8,
        events: &mut E,
    ) {
        let Some(power) = self.spot_power(s, who) else { return };
        let (total, success) = self.perception(s, who, die, power);
        let team = self.team(usize::from(who));
        let found: Vec<u8> =
            self.disguised_as(s, objective).into_iter().filter(|&w| self.team(usize::from(w)) != team).collect();
        let is = success.then_some(!found.is_empty());
        events.emit(Event::Spot { who, objective, die, total, power, is });
        if is == Some(true) {
            self.unmask(s, objective, Some(who), events);
        }
    }
}
