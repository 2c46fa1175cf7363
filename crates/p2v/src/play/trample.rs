//! Trample (COMMON FEATURES): "Trample •• The creature Strides up to its
//! Speed and may move through the spaces of creatures of smaller size. Each
//! creature it moves through takes the listed damage (Reflex half)."
//!
//! `use trample SQUARE` is a Stride to SQUARE along the cheapest path over a
//! battlefield on which creatures of a smaller size than the trampler (and no
//! larger than the card allows: "Tramples Large or smaller creatures") do not
//! stand in its way — ally or enemy. It walks square by square like any
//! Stride (Attacks of Opportunity, terrain that acts), never ends in another
//! creature's space, and notes every such creature whose space it entered.
//! When the walk is over, each of them, once, saves against the listed
//! damage (ruling P2V-R49).

use super::action::Aim;
use super::judge::stride_budget;
use super::rules::{P2v, section};
use super::state::{Affect, Frame, Phase, Source, State};
use arbiter_core::Refusal;
use arbiter_geometry::battle::{Battlefield, FigureId, Mover, Position, Reach, Size, Space, Square};

impl P2v {
    /// The largest size `who` tramples with power `power`, if it tramples.
    fn trample_size(&self, who: u8, power: u8) -> Option<Size> {
        let p = self.profile(usize::from(who))?;
        let limit = p.powers.get(usize::from(power))?.program.trample?;
        // "Creatures of smaller size", and no larger than the card says.
        (0..6).map(size_at).filter(|s| *s < p.size && *s <= limit).max()
    }

    /// The battlefield as a trampler sees it: creatures it may move through
    /// count as helpless, so they stand in nobody's way for this move.
    pub(crate) fn trample_field(&self, s: &State, who: u8, power: u8) -> Battlefield {
        let mut field = self.field(s).clone();
        let Some(largest) = self.trample_size(who, power) else { return field };
        for (i, c) in s.creatures.iter().enumerate().take(255) {
            let small = self.profile(i).is_some_and(|p| p.size <= largest);
            if i != usize::from(who) && c.at.is_some() && small {
                field.set_helpless(FigureId(i as u16), true);
            }
        }
        field
    }

    /// Where a trample may go, and how.
    fn trample_reach(&self, s: &State, who: u8, power: u8) -> Option<(Battlefield, Reach)> {
        // "Strides up to its Speed": its own Stride, with none of an earlier one's movement.
        let Phase::Turn(mut t) = s.phase else { return None };
        t.carry = 0;
        let i = usize::from(who);
        let (p, at) = (self.profile(i)?, s.creatures.get(i)?.at?);
        let field = self.trample_field(s, who, power);
        let mover = Mover {
            side: p.size.side(),
            team: p.team,
            mode: self.mode_now(s, who),
            figure: Some(FigureId(u16::from(who))),
        };
        let start = Position { anchor: at, odd_diagonals: t.odd_diagonal, down: false };
        let reach = field.reachable(mover, start, stride_budget(self, s, &t));
        Some((field, reach))
    }

    /// Judges a trample of `who` with power `power` to `at`.
    pub(crate) fn judge_trample(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        let no = |why: std::borrow::Cow<'static, str>| Refusal::because("p2v.trample", why, "COMMON FEATURES: Trample");
        self.in_shell(s, who)?;
        let c = &s.creatures[usize::from(who)];
        if c.prone {
            return Err(no("a prone creature can only Crawl".into()));
        }
        if c.conditions.has(super::state::Conditions::IMMOBILIZED)
            || c.conditions.has(super::state::Conditions::GRABBED)
        {
            return Err(Refusal::because(
                "p2v.move.immobilized",
                "an immobilized creature cannot willingly move from its space",
                section::CONDITIONS,
            ));
        }
        let Some((_, reach)) = self.trample_reach(s, who, power) else {
            return Err(no("the creature is not taking its turn on the board".into()));
        };
        if c.at == Some(at) || !reach.ends().contains(at) {
            return Err(no(
                "a trample is a Stride: up to its Speed, through smaller creatures, ending where it may stand".into(),
            ));
        }
        Ok(())
    }

    /// Every square a trample may end on, as aims.
    pub(crate) fn trample_landings(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let at = s.creatures.get(usize::from(who)).and_then(|c| c.at);
        let Some((_, reach)) = self.trample_reach(s, who, power) else { return Vec::new() };
        reach.ends().iter().filter(|q| Some(*q) != at).map(|q| Aim::Square { at: q }).collect()
    }

    /// Starts a trample judged legal: the walk, and below it the frame that
    /// collects who was moved through.
    pub(crate) fn trample(&self, s: &mut State, who: u8, power: u8, to: Square) {
        let Some(from) = s.creatures.get(usize::from(who)).and_then(|c| c.at) else { return };
        let Some((field, reach)) = self.trample_reach(s, who, power) else { return };
        let Some(steps) = reach.path(&field, to) else { return };
        let path = steps.iter().map(|st| st.to).collect();
        if let Phase::Turn(t) = &mut s.phase {
            t.carry = 0;
        }
        s.pending.push(Frame::Trample { who, power, under: Vec::new() });
        s.pending.push(Frame::Walk { who, from, path, how: super::resolve::TRAMPLE, asked: false, back: from });
    }

    /// After a trampler entered `space`: the creatures it moved through there.
    pub(crate) fn trampled(&self, s: &mut State, who: u8, space: Space) {
        let Some(largest) = self.trample_power(s, who).and_then(|pw| self.trample_size(who, pw)) else { return };
        let field = self.field(s);
        let squares = space.squares();
        let mut found = Vec::new();
        for (id, f) in field.figures() {
            let small = self.profile(usize::from(id.0)).is_some_and(|p| p.size <= largest);
            if id.0 != u16::from(who) && small && f.space.squares().intersects(&squares) {
                found.push(id.0.min(255) as u8);
            }
        }
        let under = s.pending.find_mut(|f| match f {
            Frame::Trample { who: w, under, .. } if *w == who => Some(under),
            _ => None,
        });
        if let Some(under) = under {
            for c in found {
                if !under.contains(&c) {
                    under.push(c);
                }
            }
        }
    }

    /// The power of the trample `who` is making, if it is making one.
    pub(crate) fn trample_power(&self, s: &State, who: u8) -> Option<u8> {
        s.pending.iter().find_map(|f| match f {
            Frame::Trample { who: w, power, .. } if *w == who => Some(*power),
            _ => None,
        })
    }

    /// The walk is over: each creature moved through saves against the damage.
    pub(crate) fn trample_done(&self, s: &mut State, who: u8, power: u8, under: &[u8]) {
        let frames =
            under.iter().rev().filter(|&&c| self.in_play(s, usize::from(c))).map(|&target| {
                Frame::Affect(Affect { user: who, target, source: Source::Power { power }, covered: true })
            });
        let frames: Vec<Frame> = frames.collect();
        for f in frames {
            s.pending.push(f);
        }
    }
}

/// The sizes, smallest first.
fn size_at(k: u8) -> Size {
    match k {
        0 => Size::Tiny,
        1 => Size::Small,
        2 => Size::Medium,
        3 => Size::Large,
        4 => Size::Huge,
        _ => Size::Gargantuan,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use crate::play::Action;
    use crate::play::state::Life;
    use crate::play::testing::open;
    use arbiter_core::{Decision, Game, Roll, ToMove};

    /// "Trample •• The creature Strides up to its Speed and may move through the
    /// spaces of creatures of smaller size. Each creature it moves through takes the
    /// listed damage (Reflex half)." Tortoise Soothsayer (Gargantuan, 4 × 4):
    /// "Tramples Large or smaller creatures: 20 bludgeoning damage (Reflex half)",
    /// Power 19. Its card's Speed 2 never clears its own width, so the test gives
    /// this tortoise Speed 8. Ruling P2V-R49.
    #[test]
    fn trample_strides_through_smaller_creatures_each_of_which_saves_against_its_damage() {
        let mut g = P2v::new(open(&["Tortoise Soothsayer"], &["Kobold Warrior", "Kobold Warrior"]), 2).unwrap();
        g.roster_mut().unwrap()[0].speed = 8;
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        let sq = |n: &str| board.parse(n).unwrap();
        for (i, at) in [(0, "b3"), (1, "g4"), (2, "h8")] {
            s.creatures[i].at = Some(sq(at));
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        s.phase = Phase::Activate { seat: 0 };
        let mut ev = Vec::new();
        let mut act = |g: &P2v, s: &mut State, text: &str| -> Result<(), Refusal> {
            let a = g.parse(s, text).unwrap();
            ev.clear();
            let r = g.apply(s, &Decision::Act(a), &mut ev);
            g.validate_state(s).unwrap();
            r
        };
        act(&g, &mut s, "activate a").unwrap();
        // Never ending on a creature; through one, yes.
        assert_eq!(act(&g, &mut s, "use trample d3").unwrap_err().rule, "p2v.trample");
        let power = g.roster()[0].powers.iter().position(|p| p.name == "Trample").unwrap() as u8;
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert!(legal.contains(&Action::Use { power, aim: Aim::Square { at: sq("h3") } }));
        act(&g, &mut s, "use trample h3").unwrap();
        assert_eq!(s.creatures[0].at, Some(sq("h3")), "through the kobold on g4");
        // One Reflex save, the kobold's on g4 (a 1 fails by 10: double damage).
        assert_eq!(g.to_move(&s), ToMove::Chance);
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[1]).unwrap()), &mut Vec::new()).unwrap();
        assert_eq!(s.creatures[1].life, Life::Dying, "40 bludgeoning");
        assert_eq!(s.creatures[2].life, Life::Up, "the other kobold was not in the way");
        assert_ne!(g.to_move(&s), ToMove::Chance, "one save only");
    }
}
