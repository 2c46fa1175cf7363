//! Swallow Whole and the swallowed status (ruling P2V-R163).
//!
//! "Swallow Whole • A creature of the listed size or smaller that is (a)
//! grabbed and (b) within reach is swallowed (Reflex negates). When first
//! swallowed and at the start of each of its turns, the swallowed creature
//! takes the listed damage." "Swallowed: A swallowed creature shares a
//! space with the swallower, but cannot be targeted by any effect. … While
//! swallowed, a creature is grabbed and slowed. It can use the Escape
//! action, but must succeed on a Reflex save against the swallower's Power
//! … A swallowed creature can attack its swallower, who is off-guard
//! against the attack. On a critical hit, the swallowed creature escapes.
//! The swallowed creature also escapes if its swallower is reduced to 0 HP
//! or below. When a creature escapes, place it in an unoccupied space
//! adjacent to the swallower."
//!
//! A power with `swallow = SIZE` (and `held`, its `damage`, Reflex negates)
//! is aimed at a creature the user holds grabbed in reach. A target that
//! fails the save takes the damage and is swallowed: it leaves the board
//! (`at` is none, `swallowed_by` names the swallower), so no effect can
//! target it or reach it, and it goes wherever its swallower goes. It stays
//! in play: it is activated as any creature, takes the listed damage as its
//! turn starts, and in its turn may only strike its swallower (any of its
//! strikes, with no range, sight or cover to check), `escape grabbed` (a
//! Reflex save against the swallower's Power, which climbs out) or end its
//! turn. Its grabbed and slowed conditions come back at each turn's end
//! while it is inside. When it escapes (the save, a critical hit on its
//! swallower, its swallower falling to 0 HP or leaving play), its player
//! places it on an unoccupied space adjacent to the swallower, or as near
//! as one is free. A mount or a rider is not swallowed (their space is
//! shared already), and a creature with another inside it does not go into
//! a haven.

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Hit, Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Space, Square};

/// The ruling every refusal here cites.
const RULE: &str = "APPENDIX: COMBAT STATUSES (Swallowed)";

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, RULE)
}

impl P2v {
    /// The creature that swallowed `who`, while it is swallowed.
    pub fn swallower(&self, s: &State, who: u8) -> Option<u8> {
        s.creatures.get(usize::from(who)).and_then(|c| c.swallowed_by)
    }

    /// Whether creature `i` is swallowed and still in play.
    pub fn swallowed(&self, s: &State, i: usize) -> bool {
        s.creatures.get(i).is_some_and(|c| c.swallowed_by.is_some()) && self.in_play(s, i)
    }

    /// The space a creature is in: its own on the board, or its swallower's
    /// (however deep), or where that one fell.
    pub fn whereabouts(&self, s: &State, who: u8) -> Option<Space> {
        let mut at = who;
        for _ in 0..=s.creatures.len() {
            let c = s.creatures.get(usize::from(at))?;
            let side = self.profile(usize::from(at))?.size.side();
            if let Some(sq) = c.at {
                return Some(Space::new(sq, side));
            }
            match c.swallowed_by {
                Some(by) => at = by,
                None => return c.fell_at.map(|sq| Space::new(sq, side)),
            }
        }
        None
    }

    /// Refuses to target a swallowed creature: it "cannot be targeted by
    /// any effect".
    pub(crate) fn judge_targetable(&self, s: &State, target: u8) -> Result<(), Refusal> {
        match self.swallower(s, target) {
            Some(_) => Err(no("p2v.swallowed.untargeted", "a swallowed creature cannot be targeted by any effect")),
            None => Ok(()),
        }
    }

    /// `by`'s Swallow Whole: the power's listed damage.
    fn swallow_hit(&self, by: u8, target: u8) -> Option<Hit> {
        let p = self.profile(usize::from(by))?;
        let pw = p.powers.iter().find(|pw| pw.program.swallow.is_some())?;
        let damage = pw.program.damage?.0;
        Some(Hit { target, source: Some(by), damage, strike: false, area: false, critical: false, defended: false })
    }

    /// Judges a swallow: after the power's own checks (grabbed by the user,
    /// within reach), the size and who may be swallowed.
    pub(crate) fn judge_swallow(&self, s: &State, who: u8, power: u8, target: u8) -> Result<(), Refusal> {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Ok(());
        };
        let Some(largest) = pw.program.swallow else { return Ok(()) };
        let Some(p) = self.profile(usize::from(target)) else {
            return Err(no("p2v.swallow.who", "no such creature"));
        };
        if p.size > largest {
            return Err(no(
                "p2v.swallow.size",
                format!(
                    "{} swallows a creature of {} size or smaller",
                    pw.name,
                    format!("{largest:?}").to_ascii_lowercase()
                ),
            ));
        }
        let c = s.creatures.get(usize::from(target));
        if c.is_some_and(|c| c.riding.is_some()) || self.rider_of(s, target).is_some() {
            return Err(no("p2v.swallow.mounted", "a mount or a rider is not swallowed (ruling P2V-R163)"));
        }
        Ok(())
    }

    /// `target` fails its save against `by`'s Swallow Whole: it is swallowed.
    pub(crate) fn swallow<E: EventSink<Event>>(&self, s: &mut State, by: u8, target: u8, events: &mut E) {
        let i = usize::from(target);
        let up = |s: &State, k: u8| s.creatures.get(usize::from(k)).is_some_and(|c| c.life == Life::Up);
        if !up(s, by) || !up(s, target) || self.swallower(s, target).is_some() {
            return;
        }
        // What it carried stays where it was swallowed.
        self.drop_load(s, target, events);
        let Some(c) = s.creatures.get_mut(i) else { return };
        c.swallowed_by = Some(by);
        c.at = None;
        c.grabbed_by = Some(by);
        c.readied = false;
        c.conditions = c.conditions.with(Conditions::GRABBED).with(Conditions::SLOWED);
        self.sync(s, i);
        // Whatever it held is free.
        for other in s.creatures.iter_mut() {
            if other.grabbed_by == Some(target) && other.swallowed_by != Some(target) {
                other.grabbed_by = None;
                other.conditions = other.conditions.without(Conditions::GRABBED);
            }
        }
        self.unbind(s, target, events);
        events.emit(Event::Swallowed { who: target, by });
    }

    /// The start of a swallowed creature's turn: it takes the listed damage.
    pub(crate) fn swallowed_turn_start(&self, s: &mut State, who: u8) {
        let Some(by) = self.swallower(s, who) else { return };
        if let Some(h) = self.swallow_hit(by, who) {
            self.push_damage(s, h);
        }
    }

    /// The end of a swallowed creature's turn, after its conditions are
    /// lost: inside, it is still grabbed and slowed.
    pub(crate) fn swallowed_at_turn_end(&self, s: &mut State, who: u8) {
        if !self.swallowed(s, usize::from(who)) {
            return;
        }
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.conditions = c.conditions.with(Conditions::GRABBED).with(Conditions::SLOWED);
        }
    }

    /// Judges a decision of a swallowed creature's turn.
    pub(crate) fn judge_swallowed(&self, s: &State, t: &Turn, a: &Action) -> Result<(), Refusal> {
        let Some(by) = self.swallower(s, t.who) else { return Ok(()) };
        let i = usize::from(t.who);
        match *a {
            Action::End => Ok(()),
            _ if t.ap == 0 => Err(no("p2v.turn.ap", "the creature has no action points left")),
            Action::Strike { weapon, target } => {
                if target != by {
                    return Err(no("p2v.swallowed.target", "a swallowed creature can attack only its swallower"));
                }
                let w = super::judge::judge_weapon(self, s, t, weapon)?;
                if w.ap > t.ap {
                    return Err(no("p2v.turn.ap", format!("the strike costs {} AP", w.ap)));
                }
                self.may_attack(s, t.who, target)?;
                self.works_on(&w.name, &w.only, target)
            }
            Action::Escape { condition } if condition == Conditions::GRABBED.0.trailing_zeros() as u8 => Ok(()),
            Action::Escape { condition } if condition == Conditions::SLOWED.0.trailing_zeros() as u8 => Err(no(
                "p2v.swallowed.slowed",
                "a swallowed creature is slowed while inside: Escape its grabbed condition to climb out",
            )),
            Action::Escape { condition } => {
                let has = condition < 8 && s.creatures[i].conditions.has(Conditions(1 << condition));
                if has {
                    Ok(())
                } else {
                    Err(Refusal::because(
                        "p2v.escape.none",
                        "Escape removes a condition the creature has",
                        section::ACTIONS,
                    ))
                }
            }
            _ => Err(no(
                "p2v.swallowed.inside",
                "a swallowed creature may only strike its swallower, escape (grabbed: climb out) or end its turn",
            )),
        }
    }

    /// The decisions of a swallowed creature's turn.
    pub(crate) fn swallowed_actions(&self, s: &State, t: &Turn, out: &mut Vec<Action>) {
        let Some(by) = self.swallower(s, t.who) else { return };
        let weapons = self.profile(usize::from(t.who)).map_or(0, |p| p.weapons.len().min(32));
        let strikes = (0..weapons as u8).map(|weapon| Action::Strike { weapon, target: by });
        let escapes = (0..8u8).map(|condition| Action::Escape { condition });
        for a in strikes.chain(escapes) {
            if self.judge_swallowed(s, t, &a).is_ok() {
                out.push(a);
            }
        }
    }

    /// The Reflex save a swallowed creature makes to climb out: its total
    /// and the swallower's Power.
    pub(crate) fn climb_total(&self, s: &State, who: u8, by: u8, die: u8) -> (i32, i32) {
        let power = self.profile(usize::from(by)).map_or(0, |p| p.power);
        let reflex = crate::program::SaveKind::Reflex.name();
        (i32::from(die) + self.save_bonus(s, who, reflex), power)
    }

    /// The climb's save is rolled: on a success the creature escapes.
    pub(crate) fn climb_roll<E: EventSink<Event>>(&self, s: &mut State, who: u8, by: u8, die: u8, events: &mut E) {
        let (total, power) = self.climb_total(s, who, by, die);
        let degree = Self::save_degree(die, total, power);
        let save = crate::program::SaveKind::Reflex.name().to_string();
        events.emit(Event::Save { who, save, die, total, power, degree });
        if degree >= super::event::Degree::Success {
            self.disgorge(s, who);
        }
    }

    /// `who` escapes its swallower: its player places it next (unless that is
    /// already owed).
    pub(crate) fn disgorge(&self, s: &mut State, who: u8) {
        let Some(by) = self.swallower(s, who) else { return };
        if !s.pending.iter().any(|f| matches!(f, Frame::Disgorge { who: w, .. } if *w == who)) {
            s.pending.push(Frame::Disgorge { who, by });
        }
    }

    /// Every creature inside `by` escapes (`by` fell to 0 HP or left play).
    pub(crate) fn disgorge_all(&self, s: &mut State, by: u8) {
        let inside: Vec<u8> = (0..s.creatures.len().min(255) as u8)
            .filter(|&i| self.swallower(s, i) == Some(by) && self.in_play(s, usize::from(i)))
            .collect();
        for who in inside.into_iter().rev() {
            self.disgorge(s, who);
        }
    }

    /// Where an escaping creature may be placed: an unoccupied space
    /// adjacent to its swallower's, or, if none is free, the nearest free
    /// spaces (ruling P2V-R163).
    pub fn disgorge_squares(&self, s: &State, who: u8) -> Vec<Square> {
        let Some(by) = self.swallower(s, who) else { return Vec::new() };
        let Some(space) = self.whereabouts(s, by) else { return Vec::new() };
        let beside = self.squares_beside(s, space, who);
        if !beside.is_empty() {
            return beside;
        }
        // Else the nearest: the spaces touching one ring further out each time.
        let mut area = space.squares().dilated();
        let b = self.base_terrain().board();
        for _ in 0..b.width().max(b.height()) {
            area = area.dilated();
            let out = self.squares_touching(s, space, who, &area);
            if !out.is_empty() {
                return out;
            }
        }
        Vec::new()
    }

    /// Judges where an escaping creature is placed.
    pub(crate) fn judge_disgorge(&self, s: &State, who: u8, a: &Action) -> Result<(), Refusal> {
        match *a {
            Action::Place { who: w, at } if w == who && self.disgorge_squares(s, who).contains(&at) => Ok(()),
            _ => Err(no(
                "p2v.swallowed.place",
                "the creature escapes: place it (place LETTER SQUARE) on an unoccupied space adjacent to its swallower",
            )),
        }
    }

    /// Places an escaping creature on `at`.
    pub(crate) fn land_disgorged<E: EventSink<Event>>(&self, s: &mut State, who: u8, at: Square, events: &mut E) {
        let i = usize::from(who);
        let Some(c) = s.creatures.get_mut(i) else { return };
        let Some(by) = c.swallowed_by.take() else { return };
        c.at = Some(at);
        if c.grabbed_by == Some(by) {
            c.grabbed_by = None;
            c.conditions = c.conditions.without(Conditions::GRABBED);
        }
        self.sync(s, i);
        events.emit(Event::Disgorged { who, by, at });
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use crate::play::roster::Power;
    use crate::play::testing::open;
    use arbiter_core::{Decision, Game, Roll, Seat, ToMove};

    /// Gives creature 0 Swallow Whole for Medium or smaller creatures, 3
    /// bludgeoning; returns the power's index.
    fn give_swallow(g: &mut P2v) -> u8 {
        let program =
            toml::from_str("swallow = \"medium\"\ndamage = \"3 bludgeoning\"\nsave = \"reflex negates\"\nheld = true")
                .unwrap();
        let powers = &mut g.roster_mut().unwrap()[0].powers;
        powers.push(Power {
            name: "Swallow Whole".into(),
            cost: crate::Action::One,
            area: Some(crate::Area::Melee(None)),
            uses: None,
            program,
            spell: None,
            only: Vec::new(),
        });
        (powers.len() - 1) as u8
    }

    /// The creatures of `p1` and `p2` on these squares, the first given
    /// Swallow Whole, its turn begun.
    fn placed(p1: &[&str], p2: &[&str], at: &[&str]) -> (P2v, State, u8) {
        let mut g = P2v::new(open(p1, p2), 2).unwrap();
        let power = give_swallow(&mut g);
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        for (i, sq) in at.iter().enumerate() {
            s.creatures[i].at = Some(board.parse(sq).unwrap());
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        s.phase = super::super::state::Phase::Activate { seat: 0 };
        act(&g, &mut s, "activate a").unwrap();
        (g, s, power)
    }

    /// A Stormdrinker (Large, Power 18) given Swallow Whole beside a Kobold
    /// Warrior (Small, Reflex +7, 7 HP), another kobold far off.
    fn scene() -> (P2v, State, u8) {
        placed(&["Stormdrinker"], &["Kobold Warrior", "Kobold Warrior"], &["c3", "e3", "j9"])
    }

    /// The scene, the kobold (A) swallowed by a failed save (5 + 7 against
    /// Power 18); still the Stormdrinker's turn.
    fn swallowed() -> (P2v, State) {
        let (g, mut s, _) = scene();
        grab(&mut s, 0, 1);
        act(&g, &mut s, "use swallowwhole A").unwrap();
        roll(&g, &mut s, 5);
        (g, s)
    }

    fn act(g: &P2v, s: &mut State, text: &str) -> Result<(), Refusal> {
        let a = g.parse(s, text).unwrap();
        let r = g.apply(s, &Decision::Act(a), &mut Vec::new());
        g.validate_state(s).unwrap();
        r
    }

    fn roll(g: &P2v, s: &mut State, die: u8) {
        assert_eq!(g.to_move(s), ToMove::Chance);
        g.apply(s, &Decision::Roll(Roll::from_values(&[die]).unwrap()), &mut Vec::new()).unwrap();
        g.validate_state(s).unwrap();
    }

    fn grab(s: &mut State, by: u8, who: u8) {
        let c = &mut s.creatures[usize::from(who)];
        c.grabbed_by = Some(by);
        c.conditions = c.conditions.with(Conditions::GRABBED);
    }

    /// "A creature of the listed size or smaller that is (a) grabbed and (b)
    /// within reach is swallowed (Reflex negates). When first swallowed …
    /// the swallowed creature takes the listed damage." "A swallowed creature
    /// shares a space with the swallower, but cannot be targeted by any
    /// effect." Ruling P2V-R163.
    #[test]
    fn a_grabbed_creature_in_reach_that_fails_its_reflex_save_is_swallowed() {
        let (g, mut s, power) = scene();
        // (a) grabbed: not yet.
        assert_eq!(act(&g, &mut s, "use swallowwhole A").unwrap_err().rule, "p2v.power.held");
        grab(&mut s, 0, 1);
        // A success negates: no damage, not swallowed.
        act(&g, &mut s, "use swallowwhole A").unwrap();
        roll(&g, &mut s, 11);
        assert_eq!((s.creatures[1].hp, s.creatures[1].swallowed_by), (7, None), "18 against Power 18 succeeds");
        // 5 + 7 = 12 fails against 18: 3 damage, swallowed.
        act(&g, &mut s, "use swallowwhole A").unwrap();
        roll(&g, &mut s, 5);
        let b = &s.creatures[1];
        assert_eq!((b.hp, b.swallowed_by, b.at, b.life), (4, Some(0), None, Life::Up));
        assert!(b.conditions.has(Conditions::GRABBED) && b.conditions.has(Conditions::SLOWED), "grabbed and slowed");
        assert!(
            g.field(&s).figure(arbiter_geometry::battle::FigureId(1)).is_none(),
            "off the board, in the swallower's space"
        );
        assert_eq!(g.whereabouts(&s, 1), g.whereabouts(&s, 0));
        // Nothing targets it now: no strike, no power, no maneuver.
        let turn = Turn { who: 0, ap: 1, ..Turn::default() };
        let strike = crate::play::judge::judge_strike(&g, &s, &turn, 0, 1).unwrap_err();
        assert_eq!(strike.rule, "p2v.swallowed.untargeted");
        // Its size: the other kobold is Small too, but a Large creature would not fit.
        let mut big = g.clone();
        big.roster_mut().unwrap()[2].size = arbiter_geometry::battle::Size::Large;
        let mut s2 = s.clone();
        grab(&mut s2, 0, 2);
        let refusal = big.judge_swallow(&s2, 0, power, 2).unwrap_err();
        assert_eq!(refusal.rule, "p2v.swallow.size");
    }

    /// "When first swallowed and at the start of each of its turns, the swallowed
    /// creature takes the listed damage." "While swallowed, a creature is grabbed
    /// and slowed. It can use the Escape action, but must succeed on a Reflex save
    /// against the swallower's Power to climb out … When a creature escapes, place
    /// it in an unoccupied space adjacent to the swallower." Ruling P2V-R163.
    #[test]
    fn inside_it_takes_the_damage_each_turn_and_climbs_out_with_a_reflex_save() {
        let (g, mut s) = swallowed();
        act(&g, &mut s, "end").unwrap();
        act(&g, &mut s, "activate A").unwrap();
        assert_eq!(s.creatures[1].hp, 1, "3 more as its turn starts");
        assert_eq!(s.active(), Some(1));
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        // Slowed: 1 AP. Strike its swallower, escape grabbed, or end.
        assert!(legal.contains(&Action::End));
        assert!(legal.contains(&Action::Strike { weapon: 0, target: 0 }));
        assert!(legal.contains(&Action::Escape { condition: 6 }));
        assert!(!legal.iter().any(|a| matches!(a, Action::Stride { .. } | Action::Step { .. })));
        assert_eq!(act(&g, &mut s, "stride e5").unwrap_err().rule, "p2v.swallowed.inside");
        assert_eq!(act(&g, &mut s, "escape slowed").unwrap_err().rule, "p2v.swallowed.slowed");
        // "… who is off-guard against the attack": from inside, not from outside.
        assert_eq!(g.armor(&s, 0, 1), g.armor(&s, 0, 2) - 2);
        // The climb: 10 + 7 = 17 fails against Power 18; the next turn 11 succeeds.
        act(&g, &mut s, "escape grabbed").unwrap();
        roll(&g, &mut s, 10);
        assert_eq!(s.creatures[1].swallowed_by, Some(0));
        s.creatures[1].hp = 7;
        for c in &mut s.creatures {
            c.done = false;
        }
        s.phase = super::super::state::Phase::Activate { seat: 1 };
        act(&g, &mut s, "activate A").unwrap();
        act(&g, &mut s, "escape grabbed").unwrap();
        roll(&g, &mut s, 11);
        // Its player places it beside the swallower.
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
        legal.clear();
        g.legal_actions(&s, &mut legal);
        let board = g.base_terrain().board().clone();
        assert!(legal.contains(&Action::Place { who: 1, at: board.parse("e4").unwrap() }));
        assert!(!legal.contains(&Action::Place { who: 1, at: board.parse("f4").unwrap() }), "not adjacent");
        assert_eq!(act(&g, &mut s, "place A f4").unwrap_err().rule, "p2v.swallowed.place");
        act(&g, &mut s, "place A e4").unwrap();
        let b = &s.creatures[1];
        assert_eq!((b.swallowed_by, b.at), (None, Some(board.parse("e4").unwrap())));
        assert!(!b.conditions.has(Conditions::GRABBED), "out, it is no longer grabbed");
    }

    /// "A swallowed creature can attack its swallower … On a critical hit, the
    /// swallowed creature escapes. The swallowed creature also escapes if its
    /// swallower is reduced to 0 HP or below." Ruling P2V-R163.
    #[test]
    fn a_critical_hit_from_inside_or_the_swallower_falling_lets_it_out() {
        let (g, mut s) = swallowed();
        act(&g, &mut s, "end").unwrap();
        s.creatures[1].hp = 7;
        act(&g, &mut s, "activate A").unwrap();
        // A natural 20 with its spear, no cover check between.
        act(&g, &mut s, "strike 1 a").unwrap();
        roll(&g, &mut s, 20);
        while g.to_move(&s) == ToMove::Chance {
            roll(&g, &mut s, 3);
        }
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)), "placing the escaped kobold");
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert!(legal.iter().all(|a| matches!(a, Action::Place { who: 1, .. })) && !legal.is_empty());
        g.apply(&mut s, &Decision::Act(legal[0]), &mut Vec::new()).unwrap();
        g.validate_state(&s).unwrap();
        assert!(s.creatures[1].at.is_some() && s.creatures[1].swallowed_by.is_none());

        // Swallowed again; the swallower then falls to 0 HP.
        let (g, mut s) = swallowed();
        s.creatures[0].hp = 1;
        crate::play::testing::wound(&g, &mut s, 0, 5);
        assert_eq!(s.creatures[0].life, Life::Dying);
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)), "the kobold's player places it");
        legal.clear();
        g.legal_actions(&s, &mut legal);
        assert!(!legal.is_empty() && legal.iter().all(|a| matches!(a, Action::Place { who: 1, .. })));
    }

    /// A creature eliminated inside its swallower falls where the swallower
    /// is (looting needs the place); a swallower eliminated lets its
    /// swallowed creature out where it fell. Ruling P2V-R163.
    #[test]
    fn elimination_inside_falls_where_the_swallower_is() {
        let (g, mut s) = swallowed();
        g.eliminate(&mut s, 1, &mut Vec::new());
        g.validate_state(&s).unwrap();
        let b = &s.creatures[1];
        assert_eq!((b.life, b.swallowed_by, b.fell_at), (Life::Eliminated, None, s.creatures[0].at));
        let (g, mut s) = swallowed();
        act(&g, &mut s, "end").unwrap();
        g.eliminate(&mut s, 0, &mut Vec::new());
        g.settle(&mut s, &mut Vec::new());
        g.validate_state(&s).unwrap();
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        let board = g.base_terrain().board().clone();
        assert!(legal.contains(&Action::Place { who: 1, at: board.parse("e3").unwrap() }), "beside where it fell");
    }

    /// Random play with a swallower (which grabs with its Jaws) against
    /// three Medium creatures: every state stays valid, every owed decision has a legal
    /// action that applies, the games end, and swallows and escapes happen.
    #[test]
    fn random_games_with_a_swallower_stay_valid_and_end() {
        use rand::SeedableRng;
        let (mut swallows, mut escapes) = (0, 0);
        for seed in 0..200u64 {
            // A Cave Bear (Jaws: "On a hit it may spend 1 AP to grab the target").
            let (g, mut s, _) = placed(&["Cave Bear"], &["Boar", "Satyr", "Eagle Knight"], &["e5", "g5", "e7", "h8"]);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut dice = arbiter_core::SeededDice::new(seed);
            let mut scratch = Vec::new();
            let mut legal = Vec::new();
            for step in 0.. {
                assert!(step < 20_000, "seed {seed}: the game does not end");
                g.validate_state(&s).unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
                let mut ev = Vec::new();
                // As if the bear had grabbed them: at the start of each of its
                // turns it holds every creature beside it.
                if let super::super::state::Phase::Turn(t) = s.phase
                    && t.who == 0
                    && t.ap == 2
                    && s.pending.is_empty()
                {
                    for v in 1..4u8 {
                        if g.adjacent(&s, 0, v) && s.creatures[usize::from(v)].life == Life::Up {
                            grab(&mut s, 0, v);
                        }
                    }
                }
                match g.to_move(&s) {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        let r = dice.roll_now(&g.dice(&s));
                        g.apply(&mut s, &Decision::Roll(r), &mut ev).unwrap();
                    }
                    _ => {
                        legal.clear();
                        g.legal_actions(&s, &mut legal);
                        assert!(!legal.is_empty(), "seed {seed} step {step}: no legal action");
                        let a = g.random_action(&s, &mut rng, &mut scratch).unwrap();
                        assert!(legal.contains(&a), "seed {seed}: the draw is listed");
                        g.apply(&mut s, &Decision::Act(a), &mut ev).unwrap();
                    }
                }
                swallows += ev.iter().filter(|e| matches!(e, Event::Swallowed { .. })).count();
                escapes += ev.iter().filter(|e| matches!(e, Event::Disgorged { .. })).count();
            }
        }
        assert!(swallows > 0 && escapes > 0, "{swallows} swallows, {escapes} escapes");
    }
}
