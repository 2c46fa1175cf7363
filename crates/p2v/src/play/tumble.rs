//! Tumbling through an enemy (Caligni Skulker): "Tumble Behind: When the
//! caligni Tumbles Through a creature's space, that creature is off-guard."
//!
//! The rulebook has no Tumble Through; the card borrows Pathfinder's. A
//! creature with the feature (`tumble = true`) may, instead of a plain
//! Stride, `tumble SQUARE` (●): a Stride whose way crosses the space of one
//! enemy. As it is about to enter that space it makes an Acrobatics check
//! (Reflex, −5 untrained) against the enemy's Power. A success lets it move
//! on through, and leaves the enemy off-guard until the end of the
//! tumbler's turn; a failure ends its movement where it stands. Like every
//! skill check, a hero point may reroll it (ruling P2V-R56).

use super::event::Event;
use super::judge::stride_budget;
use super::rules::{P2v, section};
use super::state::{Frame, Lasting, Phase, State, Turn};
use arbiter_core::resolve::{Anchor, Effect, Expiry};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Battlefield, FigureId, Mover, Position, Reach, Space, Square};

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, section::MOVEMENT)
}

impl P2v {
    /// The battlefield as a tumbler sees it: the enemies it may tumble
    /// through (all, or only `only`) stand in its way no longer.
    fn tumble_field(&self, s: &State, who: u8, only: Option<u8>) -> Battlefield {
        let mut field = self.move_field(s, who).into_owned();
        let team = self.team(usize::from(who));
        for (i, c) in s.creatures.iter().enumerate().take(255) {
            let i8 = i as u8;
            if i8 != who && c.at.is_some() && self.team(i) != team && only.is_none_or(|o| o == i8) {
                field.set_helpless(FigureId(i as u16), true);
            }
        }
        field
    }

    /// Where a tumble of the active creature may go: a Stride's budget
    /// over a battlefield without enemies in its way.
    fn tumble_reach(&self, s: &State, t: &Turn) -> Option<(Battlefield, Reach)> {
        let i = usize::from(t.who);
        let (p, at) = (self.profile(i)?, s.creatures.get(i)?.at?);
        if !p.tumble {
            return None;
        }
        let field = self.tumble_field(s, t.who, None);
        let mover = Mover {
            side: p.size.side(),
            team: p.team,
            mode: self.mode_now(s, t.who),
            figure: Some(FigureId(u16::from(t.who))),
        };
        let start = Position { anchor: at, odd_diagonals: t.odd_diagonal, down: false };
        let reach = field.reachable(mover, start, stride_budget(self, s, t));
        Some((field, reach))
    }

    /// The spaces of the enemies a tumble of `who` may cross, by figure.
    fn tumble_enemies(&self, who: u8, field: &Battlefield) -> Vec<(u8, Space)> {
        let team = self.team(usize::from(who));
        field
            .figures()
            .filter(|(id, _)| usize::from(id.0) != usize::from(who) && self.team(usize::from(id.0)) != team)
            .map(|(id, f)| (id.0.min(255) as u8, f.space))
            .collect()
    }

    /// The one enemy (of `enemies`) whose space the way of a tumble to `to`
    /// crosses: `None` if it crosses none or more than one. Read from the
    /// search's way back, so listing every landing works out no path.
    fn tumble_crossing(&self, side: u8, enemies: &[(u8, Space)], reach: &Reach, to: Square) -> Option<u8> {
        let mut crossed: Option<u8> = None;
        for a in reach.way_back(to) {
            let space = Space::new(a, side);
            for &(j, e) in enemies {
                if !e.overlaps(&space) {
                    continue;
                }
                match crossed {
                    None => crossed = Some(j),
                    Some(c) if c == j => {}
                    Some(_) => return None,
                }
            }
        }
        crossed
    }

    /// The way of a tumble to `to` and the one enemy whose space it
    /// crosses: `None` if it crosses none or more than one.
    fn tumble_way(&self, who: u8, field: &Battlefield, reach: &Reach, to: Square) -> Option<(Vec<Square>, u8)> {
        let side = self.profile(usize::from(who))?.size.side();
        let crossed = self.tumble_crossing(side, &self.tumble_enemies(who, field), reach, to)?;
        let path: Vec<Square> = reach.path(field, to)?.iter().map(|st| st.to).collect();
        Some((path, crossed))
    }

    /// Judges `tumble SQUARE` by the active creature of turn `t` (its
    /// action points, shell, prone and immobilized already judged).
    pub(crate) fn judge_tumble(&self, s: &State, t: &Turn, to: Square) -> Result<(), Refusal> {
        let i = usize::from(t.who);
        let Some(p) = self.profile(i).filter(|p| p.tumble) else {
            return Err(no("p2v.tumble.none", "only a creature with Tumble Behind tumbles through an enemy's space"));
        };
        if p.trained_only && !p.defences.trained("acrobatics") {
            return Err(Refusal::because(
                "p2v.skill.untrained",
                format!("{} can make skill checks only with skills it is trained in (Acrobatics)", p.name),
                section::SKILLS,
            ));
        }
        let Some((field, reach)) = self.tumble_reach(s, t) else {
            return Err(no("p2v.move.nobody", "the creature is not on the board"));
        };
        let at = s.creatures[i].at;
        let crossing = self.tumble_crossing(p.size.side(), &self.tumble_enemies(t.who, &field), &reach, to);
        if at == Some(to) || !reach.ends().contains(to) || crossing.is_none() {
            return Err(no(
                "p2v.tumble.way",
                format!(
                    "a Tumble Through is a Stride (Speed {} this Stride) whose way crosses the space of exactly one enemy, ending where the creature may stand (ruling P2V-R56)",
                    stride_budget(self, s, t)
                ),
            ));
        }
        Ok(())
    }

    /// Every square a tumble of the active creature may end on.
    pub(crate) fn tumble_landings(&self, s: &State, t: &Turn) -> Vec<Square> {
        let at = s.creatures.get(usize::from(t.who)).and_then(|c| c.at);
        let Some(side) = self.profile(usize::from(t.who)).map(|p| p.size.side()) else { return Vec::new() };
        let Some((field, reach)) = self.tumble_reach(s, t) else { return Vec::new() };
        let enemies = self.tumble_enemies(t.who, &field);
        let ends = reach.ends();
        ends.iter().filter(|q| Some(*q) != at && self.tumble_crossing(side, &enemies, &reach, *q).is_some()).collect()
    }

    /// Starts a tumble judged legal (its AP paid): the walk, and below it
    /// the frame that remembers the enemy and the check.
    pub(crate) fn tumble(&self, s: &mut State, t: Turn, to: Square) {
        let who = t.who;
        let Some(from) = s.creatures.get(usize::from(who)).and_then(|c| c.at) else { return };
        let Some((field, reach)) = self.tumble_reach(s, &t) else { return };
        let Some(cost) = reach.cost(to) else { return };
        let Some((path, target)) = self.tumble_way(who, &field, &reach, to) else { return };
        let budget = stride_budget(self, s, &t);
        if let Phase::Turn(tt) = &mut s.phase {
            tt.carry = budget.saturating_sub(cost).min(255) as u8;
        }
        s.pending.push(Frame::Tumble { who, target, passed: false });
        s.pending.push(Frame::Walk { who, from, path, how: super::resolve::TUMBLE, asked: false, back: from });
    }

    /// The enemy a tumbling `who` may walk through now: its target once
    /// the check has succeeded.
    pub(crate) fn tumbling_through(&self, s: &State, who: u8) -> Option<u8> {
        s.pending.iter().find_map(|f| match f {
            Frame::Tumble { who: w, target, passed: true } if *w == who => Some(*target),
            _ => None,
        })
    }

    /// The battlefield a tumbling `who` walks on: its target out of its way
    /// once the check has succeeded.
    pub(crate) fn tumble_walk_field(&self, s: &State, who: u8) -> Option<Battlefield> {
        let target = self.tumbling_through(s, who)?;
        Some(self.tumble_field(s, who, Some(target)))
    }

    /// Whether `who`, about to enter `space`, must first check to tumble
    /// through its target's space: the enemy, if so.
    pub(crate) fn tumble_due(&self, s: &State, who: u8, space: Space) -> Option<u8> {
        let target = s.pending.iter().find_map(|f| match f {
            Frame::Tumble { who: w, target, passed: false } if *w == who => Some(*target),
            _ => None,
        })?;
        let tp = self.profile(usize::from(target))?;
        let at = s.creatures.get(usize::from(target))?.at?;
        Space::new(at, tp.size.side()).overlaps(&space).then_some(target)
    }

    /// The total of `who`'s Acrobatics check with `die`, and the Power it
    /// must reach (the enemy's).
    pub(crate) fn tumble_total(&self, s: &State, who: u8, target: u8, die: u8) -> (i32, i32) {
        (i32::from(die) + self.skill_bonus(s, who, "acrobatics"), self.power_now(s, target))
    }

    /// The Acrobatics check of `who` tumbling through `target` came up
    /// `die`: through, with the enemy off-guard, or the movement ends.
    pub(crate) fn tumble_roll<E: EventSink<Event>>(&self, s: &mut State, who: u8, target: u8, die: u8, events: &mut E) {
        let (total, power) = self.tumble_total(s, who, target, die);
        // "If it is equal to or greater than the Power, the creature succeeds." (P2V-R2)
        let success = total >= power;
        events.emit(Event::Tumble { who, target, die, total, power, success });
        if !success {
            // The movement ends: the rest of the walk is dropped.
            if let Some(path) = s.pending.find_mut(|f| match f {
                Frame::Walk { who: w, path, .. } if *w == who => Some(path),
                _ => None,
            }) {
                path.clear();
            }
            return;
        }
        if let Some(passed) = s.pending.find_mut(|f| match f {
            Frame::Tumble { who: w, passed, .. } if *w == who => Some(passed),
            _ => None,
        }) {
            *passed = true;
        }
        let until = Expiry::At { anchor: Anchor::TurnEnd(who), times: 1 };
        s.effects.replace(Effect::new(Lasting::Tumbled, target, until).from(who));
        events.emit(Event::Condition { who: target, name: "off-guard".into(), on: true });
    }

    /// Whether `who` is off-guard from a tumble through its space.
    pub(crate) fn tumbled(&self, s: &State, who: u8) -> bool {
        s.effects.has(who, Lasting::Tumbled)
    }
}
