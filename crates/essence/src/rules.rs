//! The rules of Essence of the Arcane as a deterministic state machine:
//! setup, Growth, the action phase, spinning, death, the end of the game.
//!
//! Every refusal names its rule with a stable id (`essence.<topic>.<rule>`)
//! and the rulebook section, or the ruling in `docs/rulings/essence.md`, it
//! comes from.

use crate::action::Action;
use crate::board::{Board, Square, squares};
use crate::event::Event;
use crate::legality::{S_ACTION, S_GROWTH, S_SPIN};
use crate::mote::{MAX_POWER, Mote};
use crate::state::{Kind, Phase, State};
use crate::variant::Variant;
use arbiter_core::{ConfigError, EventSink, Game, Outcome, OutcomeKind, Refusal, Seat, ToMove, Viewer};
use rand::{Rng, RngExt};

/// Essence of the Arcane, in one variant.
#[derive(Clone, Debug)]
pub struct Essence {
    pub(crate) variant: Variant,
    pub(crate) board: Board,
}

impl Essence {
    /// The board for this variant.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the game is over, and why: a player without motes loses; the
    /// draw limits of ruling R10 end the game at the end of a turn.
    fn result(&self, s: &State) -> Option<(Option<Seat>, &'static str)> {
        let (x, o) = (s.count(Seat(0)), s.count(Seat(1)));
        if o == 0 {
            return Some((Some(Seat(0)), "P2 has no motes left"));
        }
        if x == 0 {
            return Some((Some(Seat(1)), "P1 has no motes left"));
        }
        if s.turn > self.variant.turn_limit {
            return Some((None, "the turn limit was reached"));
        }
        if s.quiet > self.variant.quiet_limit {
            return Some((None, "no mote has left the board for too long"));
        }
        None
    }

    fn growth_applies(&self, s: &State) -> bool {
        (s.turn > 1 || self.variant.growth_on_first_turn) && s.can_grow(s.active)
    }

    /// The first phase of a turn that needs a decision.
    fn turn_start_phase(&self, s: &State) -> Phase {
        if self.growth_applies(s) { Phase::Growth } else { Phase::First }
    }

    /// Applies an action already judged legal, then moves the game on.
    fn apply_checked<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) {
        let me = s.active;
        match *a {
            Action::Spin(mask) => {
                let owner = if s.spin_own != 0 { me } else { me.other() };
                for at in squares(mask) {
                    if let Some(m) = s.mote(at) {
                        s.put(at, m.spun());
                        events.emit(Event::Spun { by: owner, at });
                    }
                }
                if s.spin_own != 0 {
                    s.spin_own = 0;
                } else {
                    s.spin_opp = 0;
                }
            }
            Action::Grow(at) => {
                if let Some(m) = s.mote(at) {
                    s.put(at, m.with_power(m.power() + 1));
                    events.emit(Event::Grew { by: me, at, power: m.power() + 1 });
                }
                self.after_step(s, at.bit(), Phase::First);
            }
            Action::Pass => {
                events.emit(Event::Passed { by: me });
                self.after_step(s, 0, Phase::End);
            }
            _ => {
                let touched = self.perform(s, a, events);
                let next = match (s.phase, a.kind()) {
                    (Phase::First, Some(k)) => Phase::Second(k),
                    _ => Phase::End,
                };
                self.after_step(s, touched, next);
            }
        }
        self.advance(s, events);
    }

    /// Moves the game on past every step that needs no decision: spins with
    /// nothing to spin, the end of the turn, the start of the next.
    fn advance<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if let Some((winner, reason)) = self.result(s) {
            // A finished game's state is canonical: the same board is the same
            // state, whatever step of the turn it ended on (no stale phase,
            // no spins left owed).
            s.phase = Phase::End;
            s.spin_own = 0;
            s.spin_opp = 0;
            events.emit(Event::GameOver { winner, reason });
            return;
        }
        if s.spin_own != 0 || s.phase != Phase::End {
            return;
        }
        let opponent = s.active.other();
        if s.spin_opp != 0 {
            return;
        }
        s.turn = s.turn.saturating_add(1);
        s.quiet = s.quiet.saturating_add(1);
        if let Some((winner, reason)) = self.result(s) {
            events.emit(Event::GameOver { winner, reason });
            return;
        }
        s.active = opponent;
        s.phase = self.turn_start_phase(s);
        events.emit(Event::TurnBegan { by: opponent, turn: s.turn });
    }

    /// Records which touched motes may be spun, and moves to the next phase.
    fn after_step(&self, s: &mut State, touched: u32, next: Phase) {
        let me = s.active;
        s.spin_own = s.orientable_in(touched & s.motes_of(me));
        // A mote waiting for its owner's spin may since have died or changed face.
        s.spin_opp = s.orientable_in((s.spin_opp | touched) & s.motes_of(me.other()));
        s.phase = next;
    }
}

fn submask_count(mask: u32) -> usize {
    1usize << mask.count_ones()
}

impl Game for Essence {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = State;

    const ID: &'static str = "essence";
    const NAME: &'static str = "Essence of the Arcane";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        if seats != 2 {
            return Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats });
        }
        if variant.turn_limit == 0 {
            return Err(ConfigError::Variant("turn_limit must be at least 1".into()));
        }
        let board = Board::new(if variant.fast { 3 } else { 5 }, variant.looping);
        Ok(Essence { variant, board })
    }

    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn seats(&self) -> usize {
        2
    }

    fn has_chance(&self) -> bool {
        false
    }

    /// Setup: each player's corner motes at power 2, pips toward the corner and
    /// the centre, the middle mote at power 1, the void in the centre; in the
    /// faster game everything one space inward on the 3×3 board.
    fn initial_state(&self) -> State {
        let side = self.board.side();
        let mut s = State::empty(side);
        let (last, mid) = (side - 1, side / 2);
        for (seat, rank) in [(Seat(0), 0), (Seat(1), last)] {
            // The rising diagonal joins a1 and the top-right corner; the
            // falling one joins the other two corners.
            s.put(Square::at(0, rank), Mote::new(seat, 2, rank != 0));
            s.put(Square::at(mid, rank), Mote::new(seat, 1, false));
            s.put(Square::at(last, rank), Mote::new(seat, 2, rank == 0));
        }
        s.phase = self.turn_start_phase(&s);
        s
    }

    fn validate_state(&self, s: &State) -> Result<(), String> {
        if s.side != self.board.side() {
            return Err(format!(
                "the position is on a {0}×{0} board but this variant plays on {1}×{1}",
                s.side,
                self.board.side()
            ));
        }
        crate::notation::validate(s)?;
        if s.phase == Phase::Growth && !self.growth_applies(s) && self.result(s).is_none() {
            return Err("the phase is Growth but no Growth is possible or allowed now".into());
        }
        if s.phase == Phase::End && s.spin_own == 0 && s.spin_opp == 0 && self.result(s).is_none() {
            return Err("the phase is e (end of turn) but no mote is waiting to be spun".into());
        }
        if matches!(s.phase, Phase::Second(Kind::Summon)) && !self.variant.summoning {
            return Err("Summon the Void is only in the Summoning variant".into());
        }
        Ok(())
    }

    fn to_move(&self, s: &State) -> ToMove {
        if self.result(s).is_some() {
            return ToMove::Over;
        }
        match s.phase {
            Phase::End if s.spin_own == 0 => ToMove::Seat(s.active.other()),
            _ => ToMove::Seat(s.active),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        if self.result(s).is_some() {
            return;
        }
        let pending = match s.phase {
            _ if s.spin_own != 0 => s.spin_own,
            Phase::End => s.spin_opp,
            _ => 0,
        };
        if pending != 0 {
            // Every subset of the pending motes may be turned.
            let mut sub = 0u32;
            loop {
                out.push(Action::Spin(sub));
                sub = sub.wrapping_sub(pending) & pending;
                if sub == 0 {
                    return;
                }
            }
        }
        match s.phase {
            Phase::Growth => {
                for sq in squares(s.motes_of(s.active)) {
                    if s.mote(sq).is_some_and(|m| m.power() < MAX_POWER) {
                        out.push(Action::Grow(sq));
                    }
                }
            }
            Phase::First | Phase::Second(_) => {
                let before = out.len();
                self.action_phase_actions(s, out);
                if out.len() == before {
                    out.push(Action::Pass);
                }
            }
            Phase::End => {}
        }
    }

    fn check(&self, s: &State, a: &Action) -> Result<(), Refusal> {
        if let Some((_, reason)) = self.result(s) {
            return Err(Refusal::because("essence.over", format!("the game is over: {reason}"), "Ending the Game"));
        }
        let pending = match s.phase {
            _ if s.spin_own != 0 => s.spin_own,
            Phase::End => s.spin_opp,
            _ => 0,
        };
        if pending != 0 {
            return match *a {
                Action::Spin(mask) if mask & !pending == 0 => Ok(()),
                Action::Spin(_) => Err(Refusal::new(
                    "essence.spin.pending",
                    "only the motes just interacted with may be spun now",
                    S_SPIN,
                )),
                _ => Err(Refusal::new(
                    "essence.spin.first",
                    "first decide how to spin the motes just interacted with (@- to leave them)",
                    S_SPIN,
                )),
            };
        }
        match (s.phase, a) {
            (_, Action::Spin(_)) => Err(Refusal::new("essence.spin.pending", "no mote is waiting to be spun", S_SPIN)),
            (Phase::Growth, Action::Grow(sq)) => match s.mote(*sq) {
                Some(m) if m.owner() == s.active && m.power() < MAX_POWER => Ok(()),
                Some(m) if m.owner() == s.active => Err(Refusal::because(
                    "essence.growth.max",
                    format!("the mote on {sq} is already at 6; a mote can never have a power of more than 6"),
                    S_GROWTH,
                )),
                Some(_) => {
                    Err(Refusal::because("essence.growth.own", format!("the mote on {sq} is not yours"), S_GROWTH))
                }
                None => Err(Refusal::because("essence.growth.own", format!("there is no mote on {sq}"), S_GROWTH)),
            },
            (Phase::Growth, _) => Err(Refusal::new(
                "essence.growth.first",
                "the turn starts with Growth: choose one of your motes to grow",
                S_GROWTH,
            )),
            (_, Action::Grow(_)) => Err(Refusal::new(
                "essence.growth.once",
                if s.turn == 1 {
                    "Growth is skipped during the first turn of the game"
                } else {
                    "Growth comes once, at the start of the turn"
                },
                S_GROWTH,
            )),
            (Phase::First | Phase::Second(_), Action::Pass) => {
                if self.no_action_possible(s) {
                    Ok(())
                } else {
                    Err(Refusal::new(
                        "essence.action.required",
                        "the active player must perform 2 actions; passing is allowed only when no action is possible",
                        "Playing the Game: Second Phase: Action; ruling R6",
                    ))
                }
            }
            (Phase::First | Phase::Second(_), a) => self.check_action_phase(s, a),
            (Phase::End, _) => Err(Refusal::new("essence.turn.over", "the turn's actions are done", S_ACTION)),
        }
    }

    fn apply_action<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) -> Result<(), Refusal> {
        self.check(s, a)?;
        self.apply_checked(s, a, events);
        Ok(())
    }

    fn apply_legal<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) {
        debug_assert!(self.check(s, a).is_ok(), "apply_legal given {a} in {s}");
        self.apply_checked(s, a, events);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        self.result(s).map(|(winner, reason)| Outcome {
            kind: match winner {
                Some(w) => OutcomeKind::Win(vec![w]),
                None => OutcomeKind::Draw,
            },
            reason: reason.into(),
        })
    }

    fn returns(&self, s: &State, seat: Seat) -> f64 {
        match self.result(s) {
            Some((Some(w), _)) if w == seat => 1.0,
            Some((Some(_), _)) => -1.0,
            _ => 0.0,
        }
    }

    fn observe(&self, s: &State, _viewer: Viewer) -> State {
        s.clone()
    }

    fn random_action<R: Rng + ?Sized>(&self, s: &State, rng: &mut R, scratch: &mut Vec<Action>) -> Option<Action> {
        // Spins: draw a uniform subset directly instead of listing 2^k of them.
        if self.result(s).is_none() {
            let pending = match s.phase {
                _ if s.spin_own != 0 => s.spin_own,
                Phase::End => s.spin_opp,
                _ => 0,
            };
            if pending != 0 {
                debug_assert!(submask_count(pending) >= 2);
                let bits: u32 = rng.random();
                return Some(Action::Spin(bits & pending));
            }
        }
        if self.result(s).is_none() && matches!(s.phase, Phase::First | Phase::Second(_)) {
            return self.random_action_phase(s, rng);
        }
        scratch.clear();
        self.legal_actions(s, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rng.random_range(0..scratch.len());
        Some(scratch[i])
    }
}
