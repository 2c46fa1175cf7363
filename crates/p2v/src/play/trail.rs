//! Trail of Bodies ("Appendix: Positioning upgrades"; ruling P2V-R166): "A
//! creature that makes use of dead bodies, like a zombie hulk, can begin
//! play with 1d6 dead bodies scattered around the map (players alternate
//! placing them where they wish)."
//!
//! After the objectives (and any Tempting Disguise), before the deployment
//! roll-off, each creature with the upgrade, in roster order, rolls its d6
//! ([`Phase::TrailRoll`]); then the players place that many bodies in turn,
//! its owner first ([`Phase::PlaceBody`], `body SQUARE`), each on a square of
//! the board that is not solid and holds no other body. A body of the trail
//! is Medium and carries nothing: it is a [`Body`] like any other, so
//! creatures pick it up and carry it by the rules of [`super::load`].

use super::action::Action;
use super::event::Event;
use super::load::Body;
use super::rules::{P2v, section};
use super::state::{Phase, State};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Square, SquareSet, Traits};

impl P2v {
    /// Whether creature `i` has Trail of Bodies.
    pub fn trail(&self, i: usize) -> bool {
        self.profile(i).is_some_and(|p| p.trail_of_bodies)
    }

    /// The creature with Trail of Bodies after `after` in roster order (the
    /// first with `None`).
    fn next_trail(&self, after: Option<u8>) -> Option<u8> {
        self.next_with(after, Self::trail)
    }

    /// The set-up step after the objectives and disguises, or after creature
    /// `after`'s bodies: the next trail's roll, else the deployment roll-off.
    pub(crate) fn trail_or_deploy(&self, after: Option<u8>) -> Phase {
        match self.next_trail(after) {
            Some(who) => Phase::TrailRoll { who },
            None => Phase::DeployRoll,
        }
    }

    /// Creature `who`'s d6 came up `n`: its owner places the first body.
    pub(crate) fn trail_rolled<E: EventSink<Event>>(&self, s: &mut State, who: u8, n: u8, events: &mut E) {
        let n = n.clamp(1, 6);
        events.emit(Event::TrailRoll { who, bodies: n });
        s.phase = Phase::PlaceBody { seat: self.team(usize::from(who)), who, left: n };
        self.skip_if_no_room(s);
    }

    /// The squares a body of a trail may go on now: not solid, holding no
    /// body, while fewer than 255 bodies lie on the board.
    fn body_squares(&self, s: &State) -> SquareSet {
        if s.bodies.len() >= 255 {
            return SquareSet::EMPTY;
        }
        let terrain = self.ground(s);
        let mut out = terrain.board().all().clone();
        out.difference_with(terrain.squares_with(Traits::SOLID));
        for at in s.bodies.iter().filter_map(|b| b.at) {
            out.remove(at);
        }
        out
    }

    /// A board with no room left for a body ends the trail's placing (the
    /// bodies left over are not laid), so no seat owes a decision it cannot
    /// take.
    fn skip_if_no_room(&self, s: &mut State) {
        if let Phase::PlaceBody { who, .. } = s.phase
            && self.body_squares(s).is_empty()
        {
            s.phase = self.trail_or_deploy(Some(who));
        }
    }

    /// Judges `body SQUARE` in the set-up: a square of the board that is not
    /// solid and holds no other body.
    pub(crate) fn judge_trail_body(&self, s: &State, at: Square) -> Result<(), Refusal> {
        let terrain = self.ground(s);
        if !terrain.board().contains(at) {
            return Err(Refusal::because(
                "p2v.trail.board",
                "a body goes on a square of the board",
                section::POSITIONING,
            ));
        }
        if terrain.traits(at).contains(Traits::SOLID) {
            return Err(Refusal::because(
                "p2v.trail.solid",
                "a body cannot lie inside solid terrain",
                section::POSITIONING,
            ));
        }
        if s.bodies.iter().any(|b| b.at == Some(at)) {
            return Err(Refusal::because(
                "p2v.trail.taken",
                "another body lies there already: one body to a square (ruling P2V-R166)",
                section::POSITIONING,
            ));
        }
        if s.bodies.len() >= 255 {
            return Err(Refusal::because("p2v.trail.full", "the board holds 255 bodies already", section::POSITIONING));
        }
        Ok(())
    }

    /// Every square a body of the trail may go on.
    pub(crate) fn trail_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.extend(self.body_squares(s).iter().map(|at| Action::Body { at }));
    }

    /// A player laid a body of creature `who`'s trail (judged legal); the
    /// other player places the next, or the set-up goes on.
    pub(crate) fn place_trail_body<E: EventSink<Event>>(&self, s: &mut State, at: Square, events: &mut E) {
        let Phase::PlaceBody { seat, who, left } = s.phase else { return };
        s.bodies.push(Body { of: who, at: Some(at), carried_by: None, trail: true });
        events.emit(Event::BodyLaid { seat, body: (s.bodies.len() - 1).min(254) as u8, at });
        s.phase = if left > 1 {
            Phase::PlaceBody { seat: 1 - seat.min(1), who, left: left - 1 }
        } else {
            self.trail_or_deploy(Some(who))
        };
        self.skip_if_no_room(s);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use arbiter_core::{Decision, Game, Roll, ToMove};

    /// A Boar with Trail of Bodies against a Kobold Warrior on a 12 × 12
    /// board with a wall at f6, the game at the end of its objectives.
    fn trail_game() -> (P2v, State) {
        let mut v = crate::play::testing::open(&["Boar"], &["Kobold Warrior"]);
        v.warbands[0].entries[0].upgrades.push("Trail of Bodies".into());
        let mut rows = vec![["."; 12].join(" "); 12];
        rows[6] = ". . . . . # . . . . . .".into();
        v.map = format!(
            "name = \"test\"\nmap = \"\"\"\n{}\n\"\"\"\n[legend]\n\"#\" = {{ name = \"wall\", traits = [\"solid\"] }}\n",
            rows.join("\n")
        );
        let g = P2v::new(v, 2).unwrap();
        let mut s = g.initial_state();
        // Objectives: 2d6 keep the higher, then placed in turn (each with
        // its roll on the objective table).
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[2, 1]).unwrap()), &mut arbiter_core::Discard).unwrap();
        loop {
            let d = if s.pending.top().is_some() {
                Decision::Roll(Roll::from_values(&vec![1; g.dice(&s).len()]).unwrap())
            } else if matches!(s.phase, Phase::PlaceObjective { .. }) {
                let mut out = Vec::new();
                g.legal_actions(&s, &mut out);
                Decision::Act(out.pop().unwrap())
            } else {
                break;
            };
            g.apply(&mut s, &d, &mut arbiter_core::Discard).unwrap();
        }
        (g, s)
    }

    #[test]
    fn a_trail_rolls_its_d6_and_the_players_lay_the_bodies_in_turn_its_owner_first() {
        // "can begin play with 1d6 dead bodies scattered around the map
        // (players alternate placing them where they wish)"
        let (g, mut s) = trail_game();
        let who = (0..g.roster().len()).find(|&i| g.trail(i)).unwrap() as u8;
        assert_eq!(s.phase, Phase::TrailRoll { who }, "after the objectives, before the roll-off");
        assert_eq!(g.to_move(&s), ToMove::Chance);
        assert_eq!(g.dice(&s).len(), 1, "one d6");
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[3]).unwrap()), &mut arbiter_core::Discard).unwrap();
        let owner = g.team(usize::from(who));
        let board = g.ground(&s).board().clone();
        let sq = |n: &str| board.parse(n).unwrap();
        for (k, (seat, at)) in [(owner, "c3"), (1 - owner, "d4"), (owner, "e5")].into_iter().enumerate() {
            assert_eq!(s.phase, Phase::PlaceBody { seat, who, left: 3 - k as u8 }, "body {}", k + 1);
            assert_eq!(g.to_move(&s), ToMove::Seat(arbiter_core::Seat(seat)));
            g.apply(&mut s, &Decision::Act(Action::Body { at: sq(at) }), &mut arbiter_core::Discard).unwrap();
        }
        assert_eq!(s.phase, Phase::DeployRoll, "then the deployment roll-off");
        assert_eq!(
            s.bodies.iter().map(|b| (b.at, b.trail)).collect::<Vec<_>>(),
            [(Some(sq("c3")), true), (Some(sq("d4")), true), (Some(sq("e5")), true)]
        );
        g.validate_state(&s).unwrap();
    }

    #[test]
    fn a_board_with_no_room_left_ends_the_trail() {
        let (g, mut s) = trail_game();
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[6]).unwrap()), &mut arbiter_core::Discard).unwrap();
        // Every open square but one already holds a body.
        let terrain = g.ground(&s);
        let solid = terrain.squares_with(Traits::SOLID).clone();
        let open: Vec<Square> = terrain.board().all().iter().filter(|q| !solid.contains(*q)).collect();
        let who = match s.phase {
            Phase::PlaceBody { who, .. } => who,
            p => panic!("{p:?}"),
        };
        for &at in &open[1..] {
            s.bodies.push(Body { of: who, at: Some(at), carried_by: None, trail: true });
        }
        g.apply(&mut s, &Decision::Act(Action::Body { at: open[0] }), &mut arbiter_core::Discard).unwrap();
        assert_eq!(s.phase, Phase::DeployRoll, "five bodies left over, and nowhere to lay them");
    }

    #[test]
    fn a_body_of_the_trail_goes_on_open_ground_one_to_a_square() {
        let (g, mut s) = trail_game();
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[2]).unwrap()), &mut arbiter_core::Discard).unwrap();
        let board = g.ground(&s).board().clone();
        let solid = g.ground(&s).squares_with(Traits::SOLID).first().expect("the map has solid terrain");
        let refused = |s: &State, at| g.check(s, &Action::Body { at }).map_err(|r| r.rule.to_string()).err();
        assert_eq!(refused(&s, solid).as_deref(), Some("p2v.trail.solid"));
        let free = board.parse("b2").unwrap();
        assert_eq!(refused(&s, free), None);
        g.apply(&mut s, &Decision::Act(Action::Body { at: free }), &mut arbiter_core::Discard).unwrap();
        assert_eq!(refused(&s, free).as_deref(), Some("p2v.trail.taken"));
        let mut listed = Vec::new();
        g.legal_actions(&s, &mut listed);
        assert!(!listed.contains(&Action::Body { at: free }) && !listed.contains(&Action::Body { at: solid }));
        assert!(listed.iter().all(|a| matches!(a, Action::Body { .. })) && listed.len() > 100);
    }
}
