//! Awaken Tree (Arboreal Regent): "Awaken Tree ●● Ranged 24: Summon an
//! awakened tree. The tree is a minion of the regent."
//!
//! A power with `awaken = CARD` brings one creature of that card into play.
//! The roster holds one such creature per use of the power, after the
//! warband's own: not in the warband, costing no points, out of play (not
//! deployed) until the power places it. `use awaken-tree SQUARE` puts the
//! next one with its space's lower-left square on SQUARE: on the board,
//! where it could end a move, its space within the power's range of the
//! user's, with line of effect to a square of it. It comes into play as a
//! Summonable creature does (ruling P2V-R85), but done for the round: its
//! card is among those the regent commands, so it is the regent's minion
//! (ruling P2V-R54) and acts in the regent's turns from the next round.
//! Ruling P2V-R94.

use super::action::Aim;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Life, State};
use crate::Area;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Mover, Point, Space, Square};

impl P2v {
    /// The next creature `who`'s power `power` would bring into play.
    pub(crate) fn to_awaken(&self, s: &State, who: u8, power: u8) -> Option<u8> {
        let card = self.profile(usize::from(who))?.powers.get(usize::from(power))?.program.awaken.as_deref()?;
        (0..s.creatures.len()).find_map(|i| {
            let p = self.profile(i)?;
            (p.awakened_by == Some(who) && p.card.eq_ignore_ascii_case(card) && s.creatures[i].life == Life::Waiting)
                .then_some(i as u8)
        })
    }

    /// Judges `who` awakening a creature with `power` on `at`.
    pub(crate) fn judge_awaken(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        let no = |rule: &'static str, why: std::borrow::Cow<'static, str>| Refusal::because(rule, why, section::POWER);
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Err(no("p2v.awaken", "no such power".into()));
        };
        let Some(tree) = self.to_awaken(s, who, power) else {
            return Err(no("p2v.awaken", format!("{} has nothing left to bring into play", pw.name).into()));
        };
        let Some(p) = self.profile(usize::from(tree)) else { return Err(no("p2v.awaken", "no such creature".into())) };
        let field = self.field(s);
        let Some(me) = field.figure(FigureId(u16::from(who))).map(|f| f.space) else {
            return Err(no("p2v.awaken", "the user is not on the board".into()));
        };
        let space = Space::new(at, p.size.side());
        let mover = Mover {
            side: p.size.side(),
            team: p.team,
            mode: self.mode_now(s, tree),
            figure: Some(FigureId(u16::from(tree))),
        };
        if !field.board().holds(&space) || !field.may_end(mover, at) {
            return Err(no(
                "p2v.awaken.space",
                format!("the {}'s space must be on the board, unoccupied, on ground where it may stand", p.card).into(),
            ));
        }
        let range = match pw.area {
            Some(Area::Ranged { short, long }) => u32::from(long.unwrap_or(short)),
            _ => 0,
        };
        let d = arbiter_geometry::battle::targeting::distance(&me, &space);
        if d > range {
            return Err(no(
                "p2v.awaken.range",
                format!("the space is {d} squares away; {} reaches {range}", pw.name).into(),
            ));
        }
        if !space.squares().iter().any(|q| field.effect_to(FigureId(u16::from(who)), Point::centre(q))) {
            return Err(no("p2v.awaken.effect", "solid terrain blocks the line of effect to the space".into()));
        }
        Ok(())
    }

    /// Every square where `who` may awaken a creature with `power`.
    pub(crate) fn awaken_squares(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        if self.to_awaken(s, who, power).is_none() {
            return Vec::new();
        }
        let board = self.base_terrain().board();
        let mut out = Vec::new();
        for f in 0..board.width() {
            for k in 0..board.height() {
                if let Some(at) = board.square(f, k)
                    && self.judge_awaken(s, who, power, at).is_ok()
                {
                    out.push(Aim::Square { at });
                }
            }
        }
        out
    }

    /// Brings the next creature into play on `at` (judged already).
    pub(crate) fn awaken<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, at: Square, events: &mut E) {
        if let Some(tree) = self.to_awaken(s, who, power) {
            self.summon(s, who, tree, at, events);
            // It acts from the next round, in its commander's turn.
            if let Some(c) = s.creatures.get_mut(usize::from(tree)) {
                c.done = true;
            }
        }
    }
}
