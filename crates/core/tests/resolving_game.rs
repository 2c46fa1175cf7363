//! The resolution core through a small game, "Shield Duel", that has what
//! Ephemeral Path and Path 2 Victory need: work that stops inside an action
//! for dice and for the *other* seat's decision, a "before" window whose
//! answers change the damage below it, a window nobody can use that costs
//! nothing, an effect that lasts until the end of its holder's next turn,
//! and a number changed by several sources with its breakdown.
//!
//! Shield Duel: each seat has 10 hit points and two shields. On its turn the
//! active seat strikes (a d6 of damage, −1 while Dazed, +1 with a Fury
//! token) or rests (gains a Fury token, at most one). Before the damage
//! lands, the defender may spend shields: a shield blocks 2, or is rerolled
//! on a d4 and blocks what it shows. A seat that takes 4 or more damage at
//! once is Dazed until the end of its next turn. First to 0 loses; after 30
//! turns the game is a draw.

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{self, Options};
use arbiter_core::resolve::{
    Anchor, Breakdown, Effect, Effects, Expiry, Modifier, Pending, Resolve, Timing, Wait, Window, drive, owed, total,
};
use arbiter_core::{
    ConfigError, Decision, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat, ToMove, Viewer,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug)]
struct Duel;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Fx {
    Dazed,
    Fury,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Trigger {
    /// Damage is about to be dealt to this seat.
    Incoming(Seat),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Frame {
    /// The strike's d6 (waits for chance).
    StrikeRoll { attacker: Seat },
    /// Damage about to land; a window above it may shrink it.
    Damage { target: Seat, amount: i32 },
    /// A shield rerolled on a d4 (waits for chance).
    ShieldRoll { target: Seat },
    /// A reaction window.
    Window(Window<Trigger>),
    /// The turn passes to the other seat.
    EndTurn,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct St {
    hp: [i32; 2],
    shields: [u8; 2],
    turn: Seat,
    turns: u16,
    pending: Pending<Frame>,
    effects: Effects<Fx, Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Act {
    Strike,
    Rest,
    Shield { reroll: bool },
    Pass,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
enum Ev {
    Rolled(i32),
    Blocked(i32),
    Hurt(Seat, i32),
    Dazed(Seat),
    Recovered(Seat),
}

const MAX_TURNS: u16 = 30;

impl Duel {
    fn over(&self, s: &St) -> bool {
        s.hp.iter().any(|h| *h <= 0) || s.turns >= MAX_TURNS
    }

    fn can_shield(&self, s: &St, seat: Seat) -> bool {
        s.shields[seat.index()] > 0
    }

    /// The strike's modifiers: Dazed −1, Fury +1.
    fn strike_mods(&self, s: &St, seat: Seat) -> Vec<Modifier<&'static str>> {
        let mut m = Vec::new();
        if s.effects.has(seat, Fx::Dazed) {
            m.push(Modifier::new("dazed", -1));
        }
        if s.effects.has(seat, Fx::Fury) {
            m.push(Modifier::new("fury", 1));
        }
        m
    }

    fn damage_mut<'a>(&self, s: &'a mut St) -> Option<&'a mut i32> {
        s.pending.find_mut(|f| match f {
            Frame::Damage { amount, .. } => Some(amount),
            _ => None,
        })
    }
}

impl Resolve for Duel {
    type State = St;
    type Frame = Frame;
    type Event = Ev;

    fn pending<'a>(&self, s: &'a St) -> &'a Pending<Frame> {
        &s.pending
    }
    fn pending_mut<'a>(&self, s: &'a mut St) -> &'a mut Pending<Frame> {
        &mut s.pending
    }
    fn waits(&self, s: &St, f: &Frame) -> Option<Wait> {
        match f {
            Frame::StrikeRoll { .. } | Frame::ShieldRoll { .. } => Some(Wait::Chance),
            Frame::Window(w) => w.asks(|seat| self.can_shield(s, seat)).map(Wait::Seat),
            Frame::Damage { .. } | Frame::EndTurn => None,
        }
    }
    fn run<E: EventSink<Ev>>(&self, s: &mut St, f: Frame, events: &mut E) {
        match f {
            Frame::Damage { target, amount } => {
                let amount = amount.max(0);
                s.hp[target.index()] -= amount;
                events.emit(Ev::Hurt(target, amount));
                if amount >= 4 {
                    // Until the end of its next turn: the target is not active now.
                    s.effects.replace(Effect::new(
                        Fx::Dazed,
                        target,
                        Expiry::At { anchor: Anchor::TurnEnd(target), times: 1 },
                    ));
                    events.emit(Ev::Dazed(target));
                }
                if self.over(s) {
                    s.pending.clear();
                }
            }
            Frame::EndTurn => {
                let seat = s.turn;
                s.effects.pass(Anchor::TurnEnd(seat), |e| events.emit(Ev::Recovered(e.holder)));
                s.turn = seat.other();
                s.turns += 1;
            }
            // Waiting frames are answered by decisions, never run; a window
            // nobody can answer any more simply closes.
            Frame::StrikeRoll { .. } | Frame::ShieldRoll { .. } | Frame::Window(_) => {}
        }
    }
}

impl Game for Duel {
    type Variant = ();
    type State = St;
    type Action = Act;
    type Event = Ev;
    type Observation = St;
    const ID: &'static str = "shield-duel";
    const NAME: &'static str = "Shield Duel";

    fn new(_: (), seats: usize) -> Result<Self, ConfigError> {
        if seats == 2 { Ok(Duel) } else { Err(ConfigError::Seats { game: "Shield Duel", allowed: "2", found: seats }) }
    }
    fn variant(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn initial_state(&self) -> St {
        St { hp: [10, 10], shields: [2, 2], turn: Seat(0), turns: 0, pending: Pending::new(), effects: Effects::new() }
    }
    fn validate_state(&self, _: &St) -> Result<(), String> {
        Ok(())
    }
    fn to_move(&self, s: &St) -> ToMove {
        if let Some(w) = owed(self, s) {
            return w.into();
        }
        if self.over(s) { ToMove::Over } else { ToMove::Seat(s.turn) }
    }
    fn legal_actions(&self, s: &St, out: &mut Vec<Act>) {
        match Game::to_move(self, s) {
            ToMove::Seat(seat) if !s.pending.is_empty() => {
                out.push(Act::Pass);
                if self.can_shield(s, seat) {
                    out.extend([Act::Shield { reroll: false }, Act::Shield { reroll: true }]);
                }
            }
            ToMove::Seat(_) => out.extend([Act::Strike, Act::Rest]),
            _ => {}
        }
    }
    fn check(&self, s: &St, a: &Act) -> Result<(), Refusal> {
        let window = matches!(s.pending.top(), Some(Frame::Window(_)));
        match (window, a) {
            (false, Act::Strike | Act::Rest) => Ok(()),
            (true, Act::Pass) => Ok(()),
            (true, Act::Shield { .. }) => match Game::to_move(self, s) {
                ToMove::Seat(seat) if self.can_shield(s, seat) => Ok(()),
                _ => Err(Refusal::new("duel.shield.none", "no shields left", "Shields")),
            },
            _ => Err(Refusal::new("duel.phase", "not a decision of this moment", "Turns")),
        }
    }
    fn apply_action<E: EventSink<Ev>>(&self, s: &mut St, a: &Act, events: &mut E) -> Result<(), Refusal> {
        self.check(s, a)?;
        let seat = match Game::to_move(self, s) {
            ToMove::Seat(seat) => seat,
            _ => return Err(Refusal::new("duel.phase", "nobody decides now", "Turns")),
        };
        match a {
            Act::Strike => {
                s.pending.push_in_order([Frame::StrikeRoll { attacker: seat }, Frame::EndTurn]);
            }
            Act::Rest => {
                if !s.effects.has(seat, Fx::Fury) {
                    s.effects.add(Effect::new(Fx::Fury, seat, Expiry::Uses(1)));
                }
                s.pending.push(Frame::EndTurn);
            }
            Act::Pass => {
                if let Some(Frame::Window(w)) = s.pending.top_mut() {
                    w.pass(seat);
                }
            }
            Act::Shield { reroll } => {
                s.shields[seat.index()] -= 1;
                if *reroll {
                    s.pending.push(Frame::ShieldRoll { target: seat });
                } else if let Some(amount) = self.damage_mut(s) {
                    *amount -= 2;
                    events.emit(Ev::Blocked(2));
                }
            }
        }
        drive(self, s, events);
        Ok(())
    }
    fn dice(&self, s: &St) -> DiceRequest {
        match s.pending.top() {
            Some(Frame::StrikeRoll { attacker }) => {
                DiceRequest::new().with(6, "strike").for_purpose(format!("the strike of {attacker}"))
            }
            Some(Frame::ShieldRoll { target }) => DiceRequest::new().with(4, format!("shield of {target}")),
            _ => DiceRequest::new(),
        }
    }
    fn apply_roll<E: EventSink<Ev>>(&self, s: &mut St, r: &Roll, events: &mut E) -> Result<(), Refusal> {
        let v = i32::from(r.values()[0]);
        match s.pending.pop() {
            Some(Frame::StrikeRoll { attacker }) => {
                let amount = total(v, &self.strike_mods(s, attacker));
                s.effects.spend(attacker, Fx::Fury, |_| {});
                events.emit(Ev::Rolled(amount));
                let target = attacker.other();
                s.pending.push(Frame::Damage { target, amount });
                if let Some(w) = Window::open(Trigger::Incoming(target), Timing::Before, target, 2, |seat| {
                    seat == target && self.can_shield(s, seat)
                }) {
                    s.pending.push(Frame::Window(w));
                }
            }
            Some(Frame::ShieldRoll { .. }) => {
                if let Some(amount) = self.damage_mut(s) {
                    *amount -= v;
                }
                events.emit(Ev::Blocked(v));
            }
            other => {
                if let Some(f) = other {
                    s.pending.push(f);
                }
                return Err(Refusal::new("core.chance.none", "no dice now", "Turns"));
            }
        }
        drive(self, s, events);
        Ok(())
    }
    fn outcome(&self, s: &St) -> Option<Outcome> {
        if !self.over(s) || !s.pending.is_empty() {
            return None;
        }
        let kind = match (s.hp[0] <= 0, s.hp[1] <= 0) {
            (true, false) => OutcomeKind::Win(vec![Seat(1)]),
            (false, true) => OutcomeKind::Win(vec![Seat(0)]),
            _ => OutcomeKind::Draw,
        };
        Some(Outcome { kind, reason: "the duel is over".into() })
    }
    fn returns(&self, s: &St, seat: Seat) -> f64 {
        match self.outcome(s).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if w.contains(&seat) => 1.0,
            Some(OutcomeKind::Win(_)) => -1.0,
            _ => 0.0,
        }
    }
    fn observe(&self, s: &St, _: Viewer) -> St {
        s.clone()
    }
}

fn act(s: &mut St, a: Act) -> Vec<Ev> {
    let mut ev = Vec::new();
    Duel.apply(s, &Decision::Act(a), &mut ev).unwrap();
    ev
}

fn roll(s: &mut St, v: u8) -> Vec<Ev> {
    let mut ev = Vec::new();
    Duel.apply(s, &Decision::Roll(Roll::from_values(&[v]).unwrap()), &mut ev).unwrap();
    ev
}

#[test]
fn shield_duel_passes_the_conformance_suite_with_its_pending_stack() {
    let report = conformance::run_resolving(&Duel, &Options { games: 300, seed: 5, ..Options::default() }).unwrap();
    assert_eq!(report.games, 300);
    assert!(report.pending_decisions > 300, "{report:?}");
    assert!(report.deepest >= 3, "a window above the damage above the end of turn: {report:?}");
}

#[test]
fn the_defender_is_asked_inside_the_strike_and_the_answer_changes_the_damage_below() {
    let mut s = Duel.initial_state();
    act(&mut s, Act::Strike);
    assert_eq!(Game::to_move(&Duel, &s), ToMove::Chance);
    assert_eq!(Duel.dice(&s).to_string(), "the strike of P1: 1d6 (strike)");
    roll(&mut s, 5);
    // P2 owes the decision although P1 is the active seat.
    assert_eq!(Game::to_move(&Duel, &s), ToMove::Seat(Seat(1)));
    assert_eq!(s.pending.len(), 3, "window, damage, end of turn");
    act(&mut s, Act::Shield { reroll: true });
    assert_eq!(Duel.dice(&s).dice()[0].label, "shield of P2");
    roll(&mut s, 4);
    // Still P2's window: a second shield may be spent.
    assert_eq!(owed(&Duel, &s), Some(Wait::Seat(Seat(1))));
    let ev = act(&mut s, Act::Shield { reroll: false });
    assert!(ev.contains(&Ev::Hurt(Seat(1), 0)), "5 − 4 − 2 is no damage: {ev:?}");
    assert!(s.pending.is_empty());
    assert_eq!(Game::to_move(&Duel, &s), ToMove::Seat(Seat(1)), "P2's turn");
}

#[test]
fn a_window_nobody_can_use_is_never_opened_and_costs_no_decision() {
    let mut s = Duel.initial_state();
    s.shields = [0, 0];
    act(&mut s, Act::Strike);
    let ev = roll(&mut s, 3);
    assert_eq!(ev, [Ev::Rolled(3), Ev::Hurt(Seat(1), 3)]);
    assert!(s.pending.is_empty());
    assert_eq!(s.pending.len(), 0);
}

#[test]
fn a_refused_action_leaves_the_stack_untouched() {
    let mut s = Duel.initial_state();
    act(&mut s, Act::Strike);
    roll(&mut s, 6);
    let before = s.clone();
    let mut copy = s.clone();
    let r = Duel.apply(&mut copy, &Decision::Act(Act::Strike), &mut Vec::new()).unwrap_err();
    assert_eq!(r.rule, "duel.phase");
    assert_eq!(copy, before);
}

#[test]
fn dazed_lasts_until_the_end_of_the_holders_next_turn_and_shows_in_the_breakdown() {
    let mut s = Duel.initial_state();
    s.shields = [0, 0];
    act(&mut s, Act::Strike);
    let ev = roll(&mut s, 6);
    assert!(ev.contains(&Ev::Dazed(Seat(1))));
    // P2's turn: Dazed −1 and Fury +1 (after a rest) both show.
    assert!(s.effects.has(Seat(1), Fx::Dazed));
    let b = Breakdown::new("strike", 6, &Duel.strike_mods(&s, Seat(1)));
    assert_eq!(b.to_string(), "strike 6 − 1 (dazed) = 5");
    let ev = act(&mut s, Act::Rest);
    assert!(ev.contains(&Ev::Recovered(Seat(1))), "dazed ends with P2's turn: {ev:?}");
    assert!(!s.effects.has(Seat(1), Fx::Dazed));
    assert!(s.effects.has(Seat(1), Fx::Fury));
}

#[test]
fn a_game_stopped_in_the_middle_of_a_reaction_resumes_from_json() {
    let mut s = Duel.initial_state();
    act(&mut s, Act::Strike);
    roll(&mut s, 5);
    let json = serde_json::to_string(&s).unwrap();
    let mut back: St = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    act(&mut back, Act::Pass);
    assert_eq!(back.hp[1], 5);
}
