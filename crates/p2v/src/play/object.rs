//! False Object ("Appendix: Positioning upgrades"; ruling P2V-R167): a
//! creature that can take the shape of an obstacle is not deployed. When
//! the terrain is placed, its owner places one more obstacle of its size,
//! then picks in secret which obstacle of that size is the creature. When a
//! creature of the other warband comes within 2 squares of an obstacle it
//! may be, its owner may have it leave its disguise as a reaction and
//! Strike or Stride; it may also leave its disguise at the end of any
//! round. Which obstacle it is lives in the creature's `hidden`, stripped
//! from the other seat's observation and drawn at random when a bot
//! searches from that seat's view ([`P2v::resample_disguises`]).

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Frame, Life, Phase, State, Trigger, Veil};
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::battle::targeting::distance;
use arbiter_geometry::battle::{Space, Square, Traits};

/// What an obstacle placed for False Object is called on the map.
pub const OBSTACLE: &str = "obstacle";

/// How near a creature of the other warband must come for the creature in
/// disguise to react: "within 2 squares".
const NEAR: u32 = 2;

impl P2v {
    /// Whether creature `i` has False Object.
    pub fn false_object(&self, i: usize) -> bool {
        self.profile(i).is_some_and(|p| p.false_object)
    }

    /// The creature with False Object after `after` in roster order (the
    /// first with `None`).
    fn next_false_object(&self, after: Option<u8>) -> Option<u8> {
        self.next_with(after, Self::false_object)
    }

    /// The set-up step once the terrain is down: the first creature with
    /// False Object places its obstacle, else the objectives' count.
    pub(crate) fn after_terrain(&self) -> Phase {
        match self.next_false_object(None) {
            Some(who) => Phase::PlaceObject { who },
            None => Phase::ObjectiveCount,
        }
    }

    /// Whether creature `i`, with False Object, has made its secret pick:
    /// the set-up has gone past its `hide`.
    pub(crate) fn hidden_yet(&self, s: &State, i: usize) -> bool {
        match s.phase {
            Phase::PlaceTile { .. } => false,
            Phase::PlaceObject { who } | Phase::Hide { who } => i < usize::from(who),
            _ => true,
        }
    }

    /// The side of creature `who`'s space (1 for Medium and smaller).
    fn side_of(&self, who: u8) -> u8 {
        self.profile(usize::from(who)).map_or(1, |p| p.size.side())
    }

    /// The obstacles of side `side` on the battlefield now, by the lower-left
    /// square of each: solid pieces, doors aside, that fill exactly one
    /// `side` × `side` block of squares. Any of them may be a creature in
    /// a False Object disguise of that size.
    pub fn obstacles(&self, s: &State, side: u8) -> Vec<Square> {
        let terrain = self.field(s).terrain();
        let mut out: Vec<Square> = terrain
            .pieces()
            .iter()
            .filter(|p| p.traits.contains(Traits::SOLID) && !p.traits.contains(Traits::DOOR))
            .filter_map(|p| {
                let at = p.squares.first()?;
                (p.squares == Space::new(at, side).squares()).then_some(at)
            })
            .collect();
        out.sort_unstable_by_key(|q| q.index());
        out.dedup();
        out
    }

    /// Judges creature `who`'s extra obstacle on `at` (its lower-left
    /// square): a block of its size on the board, on squares that no
    /// terrain, objective or body is on.
    pub(crate) fn judge_object(&self, s: &State, who: u8, at: Square) -> Result<(), Refusal> {
        let space = Space::new(at, self.side_of(who));
        let field = self.field(s);
        if !field.board().contains(at) || !field.board().holds(&space) {
            return Err(Refusal::because(
                "p2v.object.off-board",
                "the obstacle, the creature's size, goes wholly on the board",
                section::POSITIONING,
            ));
        }
        let terrain = field.terrain();
        let taken = space
            .squares()
            .iter()
            .any(|q| !terrain.pieces_on(q).is_empty() || s.bodies.iter().any(|b| b.at == Some(q)));
        if taken {
            return Err(Refusal::because(
                "p2v.object.ground",
                "the obstacle goes on open ground: squares with no terrain on them (ruling P2V-R167)",
                section::POSITIONING,
            ));
        }
        Ok(())
    }

    /// Every square creature `who`'s obstacle may go on.
    pub(crate) fn object_actions(&self, s: &State, who: u8, out: &mut Vec<Action>) {
        for at in self.field(s).board().all().iter() {
            if self.judge_object(s, who, at).is_ok() {
                out.push(Action::Object { at });
            }
        }
    }

    /// Places creature `who`'s obstacle (judged already): solid terrain for
    /// the whole battle; then its owner's secret pick.
    pub(crate) fn place_object<E: EventSink<Event>>(&self, s: &mut State, who: u8, at: Square, events: &mut E) {
        let squares = Space::new(at, self.side_of(who)).squares().iter().collect();
        s.veils.push(Veil { squares, until: u8::MAX, traits: Traits::SOLID, name: Some(OBSTACLE.into()) });
        s.forget_field();
        events.emit(Event::ObjectPlaced { who, at });
        s.phase = Phase::Hide { who };
    }

    /// Judges creature `who`'s secret: an obstacle of its size that no
    /// other creature of its own warband is.
    pub(crate) fn judge_hide(&self, s: &State, who: u8, at: Square) -> Result<(), Refusal> {
        if !self.obstacles(s, self.side_of(who)).contains(&at) {
            return Err(Refusal::because(
                "p2v.hide.none",
                "the creature hides as an obstacle of its own size: name the obstacle's lower-left square",
                section::POSITIONING,
            ));
        }
        let team = self.team(usize::from(who));
        if (0..s.creatures.len())
            .any(|j| j != usize::from(who) && self.team(j) == team && s.creatures[j].hidden == Some(at))
        {
            return Err(Refusal::because(
                "p2v.hide.taken",
                "another creature of your warband is already that obstacle",
                section::POSITIONING,
            ));
        }
        Ok(())
    }

    /// The obstacles creature `who` may be.
    pub(crate) fn hide_actions(&self, s: &State, who: u8, out: &mut Vec<Action>) {
        for at in self.obstacles(s, self.side_of(who)) {
            if self.judge_hide(s, who, at).is_ok() {
                out.push(Action::Hide { at });
            }
        }
    }

    /// Creature `who` becomes the obstacle on `at` in secret; then the next
    /// creature's obstacle, or the objectives.
    pub(crate) fn take_hide<E: EventSink<Event>>(&self, s: &mut State, who: u8, at: Square, events: &mut E) {
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.hidden = Some(at);
        }
        events.emit(Event::Hidden { who, at: Some(at) });
        s.phase = match self.next_false_object(Some(who)) {
            Some(w) => Phase::PlaceObject { who: w },
            None => Phase::ObjectiveCount,
        };
    }

    /// Pushes, for each creature of another warband than `by`'s in a False
    /// Object disguise, a window of its owner's; whether it is asked is
    /// worked out when it is reached ([`P2v::may_be_near`]). Nothing is
    /// pushed in a game without False Object.
    pub(crate) fn push_ambush_windows(&self, s: &mut State, by: u8) {
        if !self.roster().iter().any(|p| p.false_object) {
            return;
        }
        let team = self.team(usize::from(by));
        for who in 0..s.creatures.len().min(255) as u8 {
            let i = usize::from(who);
            if self.team(i) != team && self.false_object(i) && self.in_disguise(s, i) {
                let seat = Seat(self.team(i));
                s.pending.push(Frame::Window(Window::for_seat(Trigger::Ambush { who, by }, Timing::After, seat)));
            }
        }
    }

    /// Whether the owner of `who` is asked: `who` is still in disguise and
    /// `by` stands within 2 squares of an obstacle of `who`'s size. Only
    /// what both players know counts, so being asked tells the other player
    /// nothing of which obstacle the creature is.
    pub(crate) fn may_be_near(&self, s: &State, who: u8, by: u8) -> bool {
        let i = usize::from(who);
        // It reacts inside a turn, which waits while it acts.
        if !matches!(s.phase, Phase::Turn(_)) || !self.in_disguise(s, i) || !self.in_play(s, usize::from(by)) {
            return false;
        }
        let Some(space) = self.space_of(s, by) else { return false };
        let side = self.side_of(who);
        self.obstacles(s, side).iter().any(|&o| distance(&space, &Space::new(o, side)) <= NEAR)
    }

    /// Judges creature `who` leaving its disguise because `by` came near:
    /// `by` is within 2 squares of the obstacle it really is.
    pub(crate) fn judge_ambush(&self, s: &State, who: u8, by: u8) -> Result<(), Refusal> {
        let near = match (s.creatures.get(usize::from(who)).and_then(|c| c.hidden), self.space_of(s, by)) {
            (Some(o), Some(space)) => distance(&space, &Space::new(o, self.side_of(who))) <= NEAR,
            _ => false,
        };
        if near {
            Ok(())
        } else {
            Err(Refusal::because(
                "p2v.ambush.far",
                "the creature that came near is more than 2 squares from the obstacle your creature is: pass",
                section::POSITIONING,
            ))
        }
    }

    /// Creature `who` leaves its disguise as a reaction: it takes the
    /// obstacle's place and acts with 1 AP, a Strike or a Stride, while the
    /// turn under way waits.
    pub(crate) fn ambush<E: EventSink<Event>>(&self, s: &mut State, who: u8, by: u8, events: &mut E) {
        let Some(at) = s.creatures.get(usize::from(who)).and_then(|c| c.hidden) else { return };
        events.emit(Event::Reacts { who, reaction: "False Object".into() });
        self.emerge(s, at, Some(by), events);
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        if up {
            s.pending.push(Frame::Interlude { who, saved: s.phase, step_only: false, ambush: true });
            s.phase = Phase::Turn(super::state::Turn { who, ap: 1, ..Default::default() });
        }
    }

    /// Judges a decision inside an interlude: a granted Step allows Steps;
    /// leaving a False Object disguise allows a Strike or a Stride; `end`
    /// always.
    pub(crate) fn judge_interlude(top: &Frame, a: &Action) -> Result<(), Refusal> {
        match top {
            Frame::Interlude { step_only: true, .. } => P2v::judge_granted_step(a),
            Frame::Interlude { ambush: true, .. } => match a {
                Action::Strike { .. } | Action::Stride { .. } | Action::End => Ok(()),
                _ => Err(Refusal::because(
                    "p2v.ambush.action",
                    "a creature leaving its disguise as a reaction takes a Strike or a Stride action (or end: neither)",
                    section::POSITIONING,
                )),
            },
            _ => Ok(()),
        }
    }

    /// The obstacle on `at` was a disguise: it is gone, and each creature
    /// in disguise as it stands where it was (its lower-left square on
    /// `at`, or the nearest place that fits). `by` is the creature that
    /// found them out or came near, if one did.
    pub(crate) fn emerge<E: EventSink<Event>>(&self, s: &mut State, at: Square, by: Option<u8>, events: &mut E) {
        let who: Vec<u8> = (0..s.creatures.len().min(256) as u8)
            .filter(|&w| {
                let c = &s.creatures[usize::from(w)];
                c.hidden == Some(at) && c.life == Life::Waiting
            })
            .collect();
        let side = who.first().map_or(1, |&w| self.side_of(w));
        let squares: Vec<Square> = Space::new(at, side).squares().iter().collect();
        // The obstacle goes: an obstacle placed for False Object is taken
        // away, any other is made open ground (its piece keeps its place).
        if let Some(k) = s.veils.iter().position(|v| v.name.as_deref() == Some(OBSTACLE) && v.squares == squares) {
            s.veils.remove(k);
        } else {
            for q in &squares {
                if !s.openings.contains(q) {
                    s.openings.push(*q);
                }
            }
        }
        for c in &mut s.creatures {
            if c.hidden == Some(at) {
                c.hidden = None;
            }
        }
        s.forget_field();
        for w in who {
            let i = usize::from(w);
            let fits = {
                let field = self.field(s);
                let space = Space::new(at, self.side_of(w));
                field.board().holds(&space) && field.can_stand(&space, None).is_ok()
            };
            let Some(to) = (if fits { Some(at) } else { self.landing(s, i, at) }) else { continue };
            if let Some(c) = s.creatures.get_mut(i) {
                c.at = Some(to);
                c.life = Life::Up;
            }
            self.sync(s, i);
            events.emit(Event::Emerged { who: w, at: to, by });
        }
    }
}

impl P2v {
    /// Gives creature `i`, of the other seat and in a False Object
    /// disguise, an obstacle of its size at random, one that no other
    /// creature of its warband is.
    pub(crate) fn resample_hidden<R: rand::Rng + ?Sized>(&self, s: &mut State, i: usize, rng: &mut R) {
        use rand::RngExt;
        let team = self.team(i);
        let free: Vec<Square> = self
            .obstacles(s, self.side_of(i as u8))
            .into_iter()
            .filter(|&o| (0..s.creatures.len()).all(|j| self.team(j) != team || s.creatures[j].hidden != Some(o)))
            .collect();
        if !free.is_empty() {
            s.creatures[i].hidden = Some(free[rng.random_range(0..free.len())]);
        }
    }
}

impl P2v {
    /// The Power a Perception check to spot a False Object meets: the
    /// highest of the other warband's creatures in that disguise, `None`
    /// when it has none ("against the disguised creature's Power"; as for
    /// objectives, the number tells nothing of which obstacle is which).
    pub(crate) fn obstacle_power(&self, s: &State, spotter: u8) -> Option<i32> {
        self.disguise_power(s, spotter, Self::false_object)
    }

    /// The sides of the other warband's creatures in a False Object
    /// disguise, as a bit each (1 to 4).
    fn disguised_sides(&self, s: &State, spotter: u8) -> u8 {
        let team = self.team(usize::from(spotter));
        (0..s.creatures.len())
            .filter(|&i| self.team(i) != team && self.false_object(i) && self.in_disguise(s, i))
            .fold(0, |m, i| m | 1 << (self.side_of(i as u8).clamp(1, 4) - 1))
    }

    /// Judges creature `t.who` spotting the obstacle on `at`: an Interact
    /// with an obstacle that may be a creature of the other warband in
    /// disguise, within 6 squares and in line of effect.
    pub(crate) fn judge_spot_obstacle(&self, s: &State, t: &super::state::Turn, at: Square) -> Result<(), Refusal> {
        let no = |rule: &'static str, why: &str| Err(Refusal::because(rule, why.to_string(), section::SPOTTING));
        if self.obstacle_power(s, t.who).is_none() {
            return no("p2v.spot.nobody", "no creature of the other warband is in a False Object disguise");
        }
        let sides = self.disguised_sides(s, t.who);
        let Some(side) = (1..=4u8).find(|&d| sides & (1 << (d - 1)) != 0 && self.obstacles(s, d).contains(&at)) else {
            return no("p2v.spot.none", "there is no obstacle there that a creature in disguise could be");
        };
        let Some(me) = self.space_of(s, t.who) else {
            return no("p2v.spot.none", "the creature is not on the board");
        };
        let there = Space::new(at, side);
        if distance(&me, &there) > 6 {
            return no("p2v.spot.range", "a creature within 6 squares of the obstacle may try to spot a disguise");
        }
        if !self.field(s).effect_to(arbiter_geometry::battle::FigureId(u16::from(t.who)), there.centre()) {
            return no("p2v.spot.effect", "spotting a disguise needs line of effect to the obstacle");
        }
        Ok(())
    }

    /// Every obstacle creature `t.who` may try to spot.
    pub(crate) fn spot_obstacle_actions(&self, s: &State, t: &super::state::Turn, out: &mut Vec<Action>) {
        if self.obstacle_power(s, t.who).is_none() {
            return;
        }
        let sides = self.disguised_sides(s, t.who);
        let mut seen: Vec<Square> = Vec::new();
        for d in (1..=4u8).filter(|&d| sides & (1 << (d - 1)) != 0) {
            for at in self.obstacles(s, d) {
                if !seen.contains(&at) && self.judge_spot_obstacle(s, t, at).is_ok() {
                    seen.push(at);
                    out.push(Action::SpotObstacle { at });
                }
            }
        }
    }

    /// The Perception check of `who` spotting the obstacle on `at` came up
    /// `die`: on a success its owner says whether it is a creature, and a
    /// creature found out takes the obstacle's place.
    pub(crate) fn spot_obstacle_roll<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        at: Square,
        die: u8,
        events: &mut E,
    ) {
        let Some(power) = self.obstacle_power(s, who) else { return };
        let (total, success) = self.perception(s, who, die, power);
        let team = self.team(usize::from(who));
        let found = (0..s.creatures.len())
            .any(|j| self.team(j) != team && s.creatures[j].hidden == Some(at) && s.creatures[j].life == Life::Waiting);
        let is = success.then_some(found);
        events.emit(Event::SpotObstacle { who, at, die, total, power, is });
        if is == Some(true) {
            self.emerge(s, at, Some(who), events);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use arbiter_core::{Decision, Game, Roll, ToMove, Viewer};

    /// A Boar (a) with False Object against a Kobold Warrior (A) on a 12 ×
    /// 12 board with a boulder on f6, before the set-up.
    fn false_object_game() -> P2v {
        let mut v = crate::play::testing::open(&["Boar"], &["Kobold Warrior"]);
        v.warbands[0].entries[0].upgrades.push("False Object".into());
        let mut rows = vec![["."; 12].join(" "); 12];
        rows[6] = ". . . . . o . . . . . .".into();
        v.map = format!(
            "name = \"test\"\nmap = \"\"\"\n{}\n\"\"\"\n[legend]\no = {{ name = \"boulder\", traits = [\"solid\"], height = 1 }}\n",
            rows.join("\n")
        );
        P2v::new(v, 2).unwrap()
    }

    /// [`false_object_game`] with the boar's obstacle placed on c3 and the
    /// boar hidden as the boulder.
    fn hidden_game() -> (P2v, State) {
        let g = false_object_game();
        let mut s = g.initial_state();
        act(&g, &mut s, "object c3").unwrap();
        act(&g, &mut s, "hide f6").unwrap();
        (g, s)
    }

    fn act(g: &P2v, s: &mut State, text: &str) -> Result<(), Refusal> {
        let a = g.parse(s, text).map_err(|e| Refusal::because("parse", e, "-"))?;
        g.apply(s, &Decision::Act(a), &mut Vec::new())?;
        g.validate_state(s).unwrap();
        Ok(())
    }

    fn sq(g: &P2v, name: &str) -> Square {
        g.base_terrain().board().parse(name).unwrap()
    }

    fn legal(g: &P2v, s: &State) -> Vec<Action> {
        let mut out = Vec::new();
        g.legal_actions(s, &mut out);
        out
    }

    /// The hidden game with the kobold on `at`, up, its turn begun.
    fn kobold_turn(at: &str) -> (P2v, State) {
        let (g, mut s) = hidden_game();
        s.phase = Phase::Activate { seat: 1 };
        s.round = 1;
        s.creatures[1].at = Some(sq(&g, at));
        s.creatures[1].life = Life::Up;
        s.forget_field();
        act(&g, &mut s, "activate A").unwrap();
        (g, s)
    }

    /// "When placing terrain, place one additional obstacle or item of the
    /// same Size as the disguised creature. In secret, the player whose
    /// creature has False Object identifies which obstacle or item is
    /// actually the creature in disguise."
    #[test]
    fn its_owner_places_an_obstacle_of_its_size_then_picks_one_in_secret() {
        let g = false_object_game();
        let mut s = g.initial_state();
        assert_eq!(s.phase, Phase::PlaceObject { who: 0 }, "before the objectives");
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
        let refused = |s: &State, text: &str| {
            let a = g.parse(s, text).unwrap();
            g.check(s, &a).err().map(|r| r.rule.to_string())
        };
        assert_eq!(refused(&s, "object f6").as_deref(), Some("p2v.object.ground"), "not on the boulder");
        act(&g, &mut s, "object c3").unwrap();
        assert!(g.field(&s).terrain().squares_with(Traits::SOLID).contains(sq(&g, "c3")), "solid terrain");
        assert_eq!(s.phase, Phase::Hide { who: 0 });
        // Either obstacle of its size: the boulder or its own.
        assert_eq!(legal(&g, &s), [Action::Hide { at: sq(&g, "c3") }, Action::Hide { at: sq(&g, "f6") }]);
        assert_eq!(refused(&s, "hide d4").as_deref(), Some("p2v.hide.none"));
        let mut events = Vec::new();
        g.apply(&mut s, &Decision::Act(Action::Hide { at: sq(&g, "f6") }), &mut events).unwrap();
        assert_eq!(s.phase, Phase::ObjectiveCount, "then the objectives");
        // The pick is its owner's: the other seat sees a creature in disguise, not where.
        assert_eq!(
            g.decision_visibility(
                &State { phase: Phase::Hide { who: 0 }, ..s.clone() },
                &Decision::Act(Action::Hide { at: sq(&g, "f6") })
            ),
            arbiter_core::Visibility::only(Seat(0))
        );
        let hidden = events.iter().find(|e| matches!(e, Event::Hidden { .. })).unwrap();
        assert_eq!(g.event_visibility(hidden), arbiter_core::Visibility::only(Seat(0)));
        let seen = g.observe(&s, Viewer::Seat(Seat(1)));
        assert_eq!(seen.creatures[0].hidden, None);
        assert!(g.in_disguise(&seen, 0));
        assert_eq!(g.observe(&s, Viewer::Seat(Seat(0))).creatures[0].hidden, Some(sq(&g, "f6")));
        // A bot searching from the other seat's view puts it on either obstacle.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let drawn: std::collections::BTreeSet<_> =
            (0..40).filter_map(|_| g.resample(Seat(1), &seen, &mut rng)?.creatures[0].hidden).collect();
        assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [sq(&g, "c3"), sq(&g, "f6")]);
        assert!(!g.deploys(&s, 0), "it is not deployed");
    }

    /// "At any time that a creature is within 2 squares of the disguised
    /// creature, the disguised creature can as a reaction leave its
    /// disguise and take a Strike or Stride action. Replace the obstacle or
    /// item with the creature's miniature."
    #[test]
    fn a_creature_coming_within_two_squares_lets_it_leave_its_disguise_and_strike_or_stride() {
        let (g, mut s) = kobold_turn("h1");
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)), "far from both obstacles: nobody is asked");
        act(&g, &mut s, "stride g4").unwrap();
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)), "within 2 squares of the boulder");
        assert_eq!(legal(&g, &s), [Action::React, Action::Pass]);
        act(&g, &mut s, "react").unwrap();
        assert_eq!(s.creatures[0].life, Life::Up);
        assert_eq!(s.creatures[0].at, Some(sq(&g, "f6")), "in the boulder's place");
        assert!(!g.field(&s).terrain().squares_with(Traits::SOLID).contains(sq(&g, "f6")), "the boulder is gone");
        // One action: a Strike or a Stride.
        let listed = legal(&g, &s);
        assert!(listed.iter().all(|a| matches!(a, Action::Strike { .. } | Action::Stride { .. } | Action::End)));
        assert!(listed.iter().any(|a| matches!(a, Action::Stride { .. })));
        assert_eq!(g.check(&s, &Action::DropProne).unwrap_err().rule, "p2v.ambush.action");
        act(&g, &mut s, "stride f5").unwrap();
        assert_eq!(
            s.phase,
            Phase::Turn(super::super::state::Turn {
                who: 1,
                ap: 1,
                ..match s.phase {
                    Phase::Turn(t) => t,
                    _ => panic!(),
                }
            }),
            "the kobold's turn goes on"
        );
        assert!(s.creatures[0].reacted);
        assert!(!s.creatures[0].done, "it may still be activated this round");
    }

    /// Being asked tells the other player nothing: near the boar's own
    /// obstacle (which is only an obstacle) its owner is asked too, and
    /// may only pass.
    #[test]
    fn near_an_obstacle_it_is_not_its_owner_is_asked_and_may_only_pass() {
        let (g, s) = kobold_turn("b2");
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)), "the kobold starts its turn beside c3");
        assert_eq!(legal(&g, &s), [Action::Pass]);
        assert_eq!(g.check(&s, &Action::React).unwrap_err().rule, "p2v.ambush.far");
        // From the kobold's side, the question is the same either way.
        let seen = g.observe(&s, Viewer::Seat(Seat(1)));
        assert_eq!(g.to_move(&seen), ToMove::Seat(Seat(0)));
    }

    /// "The creature can also leave its disguise by choice, at the end of
    /// any round. However, in that case it cannot be activated in that
    /// round (only in subsequent rounds)."
    #[test]
    fn at_a_rounds_end_its_owner_may_reveal_it() {
        let (g, mut s) = hidden_game();
        s.phase = Phase::Busy;
        s.round = 1;
        g.ask_unmask(&mut s);
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
        act(&g, &mut s, "react").unwrap();
        assert_eq!((s.creatures[0].life, s.creatures[0].at), (Life::Up, Some(sq(&g, "f6"))));
    }

    /// "A creature within 6 squares of … an objective, statue, etc that
    /// might *be* a disguised creature, can Interact with it provided they
    /// have line of effect. Make a Perception check against the disguised
    /// creature's Power."
    #[test]
    fn a_creature_within_six_may_spot_an_obstacle() {
        let (g, mut s) = kobold_turn("h4");
        while g.to_move(&s) == ToMove::Seat(Seat(0)) {
            act(&g, &mut s, "pass").unwrap();
        }
        let listed = legal(&g, &s);
        assert!(listed.contains(&Action::SpotObstacle { at: sq(&g, "f6") }));
        assert!(!listed.contains(&Action::SpotObstacle { at: sq(&g, "c3") }), "more than 6 squares off");
        act(&g, &mut s, "spot f6").unwrap();
        assert_eq!(g.to_move(&s), ToMove::Chance);
        let mut events = Vec::new();
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[20]).unwrap()), &mut events).unwrap();
        assert!(events.iter().any(|e| matches!(e, Event::SpotObstacle { is: Some(true), .. })), "{events:?}");
        assert_eq!(s.creatures[0].at, Some(sq(&g, "f6")));
    }
}
