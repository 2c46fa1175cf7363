//! Long Jump ("UNIVERSAL ACTIONS"): "Long Jump •• The creature moves up to
//! their Speed in squares, then makes an Athletics skill check. Divide the
//! result by 4 (round down): that is how many squares they jump over or how
//! wide a gap they can jump over. If that is not enough, they fall."
//!
//! `longjump` (●●) is three decisions (ruling P2V-R80):
//! 1. the creature's owner Strides it up to its Speed (`stride SQUARE`, or
//!    `pass` to jump from where it stands);
//! 2. then chooses the jump: `jump DIRECTION N`, a straight line over N
//!    squares (1 to 10), landing its own width and N squares away, where it
//!    could end a move and no higher than it took off — or `pass` when no
//!    jump lands anywhere;
//! 3. the Athletics check (d20, Fortitude, −5 untrained; a hero point may
//!    reroll it). A total of 4 × N or more clears the N squares. Less, and
//!    it comes down on the first square it did not clear, falling if that
//!    is lower; where it cannot stand, it stays where it took off.

use super::action::Action;
use super::event::Event;
use super::judge::stride_reach;
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Life, Phase, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Dir, FigureId, Mode, Mover, Space, Square};

/// The widest jump one may try: 10 squares needs a total of 40.
pub const LONGEST: u8 = 10;

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, section::ACTIONS)
}

impl P2v {
    /// The anchor `steps` squares from where `who` stands in direction `d`,
    /// over what lies between as a flier goes (only solid terrain and the
    /// board's edge stop it), or why it cannot get there.
    pub(crate) fn jump_line(&self, s: &State, who: u8, d: Dir, steps: u32) -> Result<Square, &'static str> {
        let i = usize::from(who);
        let (Some(p), Some(at)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err("the creature is not on the board");
        };
        let field = self.field(s);
        let over = Mover { side: p.size.side(), team: p.team, mode: Mode::Fly, figure: Some(FigureId(u16::from(who))) };
        let run = field.clear_run(over, at, d, steps);
        if run < steps {
            // Stopped by the board's edge, or by what a flier cannot pass.
            let stop = (0..run).try_fold(at, |a, _| field.board().neighbour(a, d));
            return Err(match stop.and_then(|a| field.board().neighbour(a, d)) {
                None => "the jump would leave the board",
                Some(_) => "solid terrain is in the way",
            });
        }
        (0..steps).try_fold(at, |a, _| field.board().neighbour(a, d)).ok_or("the jump would leave the board")
    }

    /// Where a jump of `who` over `squares` squares in direction `d` lands,
    /// or why it cannot: its own width and that many squares away, where it
    /// may end a move, no higher than it took off.
    pub(crate) fn jump_landing(&self, s: &State, who: u8, d: Dir, squares: u8) -> Result<Square, &'static str> {
        let i = usize::from(who);
        let (Some(p), Some(at)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err("the creature is not on the board");
        };
        let side = p.size.side();
        let to = self.jump_line(s, who, d, u32::from(side) + u32::from(squares))?;
        let walker = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        if !self.field(s).may_end(walker, to) {
            return Err("it cannot land there (another creature, an objective, or ground it cannot stand on)");
        }
        if self.leap_height(s, side, to) > self.leap_height(s, side, at) {
            return Err("a jump goes over, not up: the landing is higher than the take-off");
        }
        Ok(to)
    }

    /// The Long Jump of `who` under way, if any, and whether it has
    /// reached its jump.
    fn long_jump(&self, s: &State) -> Option<(u8, bool)> {
        match s.pending.top()? {
            Frame::LongJump { who, jumping } => Some((*who, *jumping)),
            _ => None,
        }
    }

    /// Whether `who` can still jump: up, on the board, standing and free to move.
    fn may_jump(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).is_some_and(|c| {
            c.life == Life::Up
                && c.at.is_some()
                && !c.prone
                && !c.conditions.has(Conditions::IMMOBILIZED)
                && !c.conditions.has(Conditions::GRABBED)
        })
    }

    /// The seat that decides a Long Jump's next part, if it goes on.
    pub(crate) fn long_jump_waits(&self, s: &State, who: u8) -> Option<arbiter_core::Seat> {
        self.may_jump(s, who).then(|| arbiter_core::Seat(self.controller(s, who)))
    }

    /// The Stride of a Long Jump: its own, up to the creature's Speed.
    fn long_jump_turn(&self, s: &State, who: u8) -> Option<Turn> {
        match s.phase {
            Phase::Turn(t) if t.who == who => Some(Turn { carry: 0, ..t }),
            _ => None,
        }
    }

    /// Judges `longjump` by the active creature of turn `t` (its shell,
    /// prone and immobilized already judged).
    pub(crate) fn judge_long_jump_action(&self, s: &State, t: &Turn) -> Result<(), Refusal> {
        if t.ap < 2 {
            return Err(Refusal::because(
                "p2v.turn.ap",
                format!("a Long Jump costs 2 AP and the creature has {} AP left", t.ap),
                section::TURN,
            ));
        }
        if s.party.as_ref().is_some_and(|p| p.kind == super::party::Kind::Group && !p.forming && p.members.len() > 1) {
            return Err(Refusal::because(
                "p2v.group.longjump",
                "a group does not Long Jump: it must stay together at the end of each action, and a jump's landing is known only after its check (ruling P2V-R80)",
                "GROUP ACTIVATION",
            ));
        }
        Ok(())
    }

    /// Lists the decisions of a Long Jump under way.
    pub(crate) fn long_jump_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some((who, jumping)) = self.long_jump(s) else { return };
        if !jumping {
            out.push(Action::Pass);
            let Some(t) = self.long_jump_turn(s, who) else { return };
            let at = s.creatures.get(usize::from(who)).and_then(|c| c.at);
            if let Some(reach) = stride_reach(self, s, &t) {
                out.extend(reach.ends().iter().filter(|q| Some(*q) != at).map(|to| Action::Stride { to }));
            }
            return;
        }
        let start = out.len();
        let i = usize::from(who);
        if let (Some(p), Some(at)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) {
            // As `jump_landing` for every direction and length, with the
            // line walked once per direction and the landings found once.
            let side = p.size.side();
            let field = self.field(s);
            let figure = Some(FigureId(u16::from(who)));
            let flier = Mover { side, team: p.team, mode: Mode::Fly, figure };
            let ends = field.ends(Mover { side, team: p.team, mode: self.mode_now(s, who), figure });
            let from = self.leap_height(s, side, at);
            for dir in Dir::ALL {
                // Solid terrain or the board's edge stops every longer jump too.
                let run = field.clear_run(flier, at, dir, u32::from(side) + u32::from(LONGEST));
                let mut to = at;
                for over in 1..=LONGEST {
                    let steps = u32::from(side) + u32::from(over);
                    if steps > run {
                        break;
                    }
                    let first = if over == 1 { steps } else { 1 };
                    let Some(next) = (0..first).try_fold(to, |a, _| field.board().neighbour(a, dir)) else { break };
                    to = next;
                    if ends.contains(to) && self.leap_height(s, side, to) <= from {
                        out.push(Action::Jump { dir, over });
                    }
                }
            }
        }
        if out.len() == start {
            out.push(Action::Pass);
        }
    }

    /// Judges a decision of a Long Jump under way.
    pub(crate) fn judge_long_jump(&self, s: &State, a: &Action) -> Result<(), Refusal> {
        let Some((who, jumping)) = self.long_jump(s) else {
            return Err(no("p2v.turn.not-now", "no Long Jump is under way"));
        };
        match (*a, jumping) {
            (Action::Pass, false) => Ok(()),
            (Action::Stride { to }, false) => {
                let t = self.long_jump_turn(s, who).ok_or_else(|| no("p2v.turn.not-now", "not its turn"))?;
                let at = s.creatures.get(usize::from(who)).and_then(|c| c.at);
                if at != Some(to) && stride_reach(self, s, &t).is_some_and(|r| r.ends().contains(to)) {
                    Ok(())
                } else {
                    Err(no(
                        "p2v.longjump.stride",
                        "a Long Jump first moves the creature up to its Speed (stride SQUARE), or pass to jump from where it stands",
                    ))
                }
            }
            (Action::Jump { dir, over }, true) => {
                if !(1..=LONGEST).contains(&over) {
                    return Err(no("p2v.longjump.width", format!("a jump goes over 1 to {LONGEST} squares")));
                }
                self.jump_landing(s, who, dir, over).map(|_| ()).map_err(|why| no("p2v.longjump.landing", why))
            }
            (Action::Pass, true) => {
                let mut listed = Vec::new();
                self.long_jump_actions(s, &mut listed);
                if listed == [Action::Pass] {
                    Ok(())
                } else {
                    Err(no("p2v.longjump.jump", "the Long Jump goes on with its jump: jump DIRECTION N"))
                }
            }
            (_, false) => Err(no(
                "p2v.longjump.stride",
                "a Long Jump first moves the creature up to its Speed: stride SQUARE, or pass",
            )),
            (_, true) => Err(no(
                "p2v.longjump.jump",
                "a Long Jump ends with its jump: jump DIRECTION N (the squares to jump over)",
            )),
        }
    }

    /// Carries out a decision of a Long Jump judged legal.
    pub(crate) fn apply_long_jump(&self, s: &mut State, a: &Action) {
        let Some((who, jumping)) = self.long_jump(s) else { return };
        s.pending.pop();
        match *a {
            Action::Stride { to } => {
                s.pending.push(Frame::LongJump { who, jumping: true });
                let Some(t) = self.long_jump_turn(s, who) else { return };
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.carry = 0;
                }
                super::apply::stride(self, s, t, to);
                // Its leftover movement is not a later Stride's.
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.carry = 0;
                }
            }
            // From where it stands; or, with nowhere to land, no jump.
            Action::Pass if !jumping => s.pending.push(Frame::LongJump { who, jumping: true }),
            Action::Jump { dir, over } => s.pending.push(Frame::JumpCheck { who, dir, over }),
            _ => {}
        }
    }

    /// The total of `who`'s Athletics check with `die`, and the squares it clears.
    pub(crate) fn jump_total(&self, s: &State, who: u8, die: u8) -> (i32, u8) {
        let total = i32::from(die) + self.skill_bonus(s, who, "athletics");
        // "Divide the result by 4 (round down)".
        (total, (total.max(0) / 4).min(255) as u8)
    }

    /// The Athletics check of a Long Jump came up `die`: over, or short.
    pub(crate) fn jump_roll<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        dir: Dir,
        over: u8,
        die: u8,
        events: &mut E,
    ) {
        let (total, cleared) = self.jump_total(s, who, die);
        let success = cleared >= over;
        events.emit(Event::LongJump { who, die, total, cleared, over, success });
        let Some(from) = s.creatures.get(usize::from(who)).and_then(|c| c.at) else { return };
        let to = if success {
            self.jump_landing(s, who, dir, over).ok()
        } else {
            // "If that is not enough, they fall": down on the first square not cleared.
            self.jump_line(s, who, dir, u32::from(cleared) + 1).ok()
        };
        let Some(to) = to else { return };
        let side = self.profile(usize::from(who)).map_or(1, |p| p.size.side());
        if Space::new(to, side) == Space::new(from, side) {
            return;
        }
        s.pending.push(Frame::Walk { who, from, path: vec![to], how: super::resolve::LEAP, asked: false, back: from });
    }
}
