//! The rules of Essence of the Arcane as a deterministic state machine:
//! setup, Growth, the action phase, spinning, death, the end of the game.
//!
//! Every refusal names its rule with a stable id (`essence.<topic>.<rule>`)
//! and the rulebook section, or the ruling in `docs/rulings/essence.md`, it
//! comes from.

use crate::action::Action;
use crate::board::{Board, Dir, Square, squares};
use crate::event::Event;
use crate::mote::{MAX_POWER, Mote};
use crate::state::{Kind, Phase, State};
use crate::variant::Variant;
use arbiter_core::{ConfigError, EventSink, Game, Outcome, OutcomeKind, Refusal, Seat, ToMove, Viewer};
use rand::{Rng, RngExt};

/// Essence of the Arcane, in one variant.
#[derive(Clone, Debug)]
pub struct Essence {
    variant: Variant,
    board: Board,
}

// Rulebook sections and rulings, as cited by refusals.
const S_GROWTH: &str = "Playing the Game: First Phase: Growth";
const S_ACTION: &str = "Playing the Game: Second Phase: Action";
const S_MOVE: &str = "Actions: Move; Movement";
const S_VOID: &str = "The Void";
const S_SPLIT: &str = "Actions: Split";
const S_HEAL: &str = "Actions: Heal";
const S_SHIFT: &str = "Actions: Shift the Void";
const S_DESTABILIZE: &str = "Actions: Destabilize";
const S_SUMMON: &str = "Variant Rules: Summoning";
const S_SPIN: &str = "Movement (note: the owner may spin a mote after it has been interacted with); ruling R5";
const S_FAQ_LAST: &str = "FAQ: Can Destabilize reduce my own mote to 0?; ruling R4";

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

    /// Walks a move from `from` in `dir` for up to `power` spaces, calling
    /// `stop(to, distance, through_void)` for every square it may stop on.
    /// Motes and (unless Determined) the void block; the void is never a stop;
    /// under Loop the mote's own square blocks its way round.
    #[inline]
    fn walk(&self, s: &State, from: Square, dir: Dir, power: u8, mut stop: impl FnMut(Square, u8, bool)) {
        let mut at = from;
        let mut through = false;
        for dist in 1..=power {
            let Some(next) = self.board.step(at, dir) else { return };
            if next == from || s.cells[next.index()] != 0 {
                return;
            }
            if next == s.void {
                if !self.variant.determined {
                    return;
                }
                through = true;
            } else {
                stop(next, dist, through);
            }
            at = next;
        }
    }

    /// True if destabilizing `at` by `amount` would leave its owner no motes.
    fn destabilize_wipes_out(&self, s: &State, at: Square, amount: u8) -> bool {
        let me = s.active;
        let hit = self.board.adjacent(at) | at.bit();
        let mine = s.motes_of(me);
        if mine & !hit != 0 {
            return false;
        }
        !squares(mine & hit).any(|sq| s.mote(sq).is_some_and(|m| m.power() > amount))
    }

    fn used_kind(s: &State) -> Option<Kind> {
        match s.phase {
            Phase::Second(k) => Some(k),
            _ => None,
        }
    }

    /// Appends the actions of the action phase (everything but Pass).
    fn action_phase_actions(&self, s: &State, out: &mut Vec<Action>) {
        let me = s.active;
        let used = Self::used_kind(s);
        let mine = s.motes_of(me);
        let count = mine.count_ones();
        let empty = self.board.squares() & !s.all_motes() & !s.void.bit();
        for from in squares(mine) {
            let Some(m) = s.mote(from) else { continue };
            let power = m.power();
            if used != Some(Kind::Move) {
                let dirs = m.directions();
                for dir in Dir::ALL {
                    if dirs & dir.bit() != 0 {
                        self.walk(s, from, dir, power, |to, _, _| out.push(Action::Move { from, to, dir: Some(dir) }));
                    }
                }
            }
            if used != Some(Kind::Split) && power >= 2 && s.pool(me) > 0 {
                for to in squares(self.board.adjacent(from) & empty) {
                    out.push(Action::Split { from, to });
                }
            }
            if used != Some(Kind::Heal) {
                for to in squares(self.board.adjacent(from) & mine) {
                    for amount in 1..=power {
                        out.push(Action::Heal { from, to, amount });
                    }
                }
            }
            if used != Some(Kind::Destabilize) {
                for amount in 1..=power {
                    if !self.destabilize_wipes_out(s, from, amount) {
                        out.push(Action::Destabilize { at: from, amount });
                    }
                }
            }
            if used != Some(Kind::Summon) && self.variant.summoning && power == MAX_POWER && count > 1 {
                out.push(Action::Summon(from));
            }
        }
        if used != Some(Kind::Shift) {
            for to in squares(self.board.adjacent(s.void)) {
                if count == 1 && mine & to.bit() != 0 {
                    continue;
                }
                out.push(Action::Shift(to));
            }
        }
    }

    /// Judges an action of the action phase (not Pass).
    fn check_action_phase(&self, s: &State, a: &Action) -> Result<(), Refusal> {
        let me = s.active;
        if let (Some(k), Some(used)) = (a.kind(), Self::used_kind(s))
            && k == used
        {
            return Err(Refusal::because(
                "essence.action.different",
                format!("{} was this turn's first action; the two actions must be different", k.name()),
                S_ACTION,
            ));
        }
        let own = |sq: Square, rule: &'static str, section: &'static str| -> Result<Mote, Refusal> {
            if !self.board.contains(sq) {
                return Err(Refusal::because(rule, format!("{sq} is not on the board"), section));
            }
            match s.mote(sq) {
                Some(m) if m.owner() == me => Ok(m),
                Some(_) => Err(Refusal::because(rule, format!("the mote on {sq} is not yours"), section)),
                None => Err(Refusal::because(rule, format!("there is no mote on {sq}"), section)),
            }
        };
        match *a {
            Action::Move { from, to, dir } => {
                let m = own(from, "essence.move.own", S_MOVE)?;
                if !self.board.contains(to) {
                    return Err(Refusal::because("essence.move.edge", format!("{to} is not on the board"), S_MOVE));
                }
                if from == to {
                    return Err(Refusal::new(
                        "essence.move.nowhere",
                        "a Move covers at least 1 space and ends on another space",
                        "Actions: Move; ruling R2",
                    ));
                }
                let Some(dir) = dir else {
                    return Err(Refusal::because(
                        "essence.move.straight",
                        format!("{from} and {to} are not on a straight line; a mote moves in a straight line"),
                        S_MOVE,
                    ));
                };
                if !m.may_move(dir) {
                    return Err(Refusal::because(
                        "essence.move.direction",
                        format!("the pips of the {} on {from} do not point {dir}", m.power()),
                        S_MOVE,
                    ));
                }
                let mut found = None;
                self.walk(s, from, dir, MAX_POWER, |sq, d, _| {
                    if sq == to && found.is_none() {
                        found = Some(d);
                    }
                });
                match found {
                    Some(d) if d <= m.power() => Ok(()),
                    Some(d) => Err(Refusal::because(
                        "essence.move.distance",
                        format!("{from} to {to} is {d} spaces; a mote moves at most its power ({})", m.power()),
                        S_MOVE,
                    )),
                    None => Err(self.blocked_reason(s, from, to, dir)),
                }
            }
            Action::Split { from, to } => {
                let m = own(from, "essence.split.own", S_SPLIT)?;
                if m.power() < 2 {
                    return Err(Refusal::because(
                        "essence.split.power",
                        format!("the mote on {from} has power {}; splitting reduces it by 2", m.power()),
                        S_SPLIT,
                    ));
                }
                if s.pool(me) == 0 {
                    return Err(Refusal::new(
                        "essence.split.pool",
                        "your mana pool is empty: all five of your dice are on the board",
                        "Setup; ruling R1",
                    ));
                }
                if !self.board.contains(to) || self.board.adjacent(from) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.split.adjacent",
                        format!("{to} is not adjacent to {from}"),
                        S_SPLIT,
                    ));
                }
                if s.all_motes() & to.bit() != 0 || s.void == to {
                    return Err(Refusal::because(
                        "essence.split.empty",
                        format!("{to} is not empty; the new mote needs an empty space"),
                        S_SPLIT,
                    ));
                }
                Ok(())
            }
            Action::Heal { from, to, amount } => {
                let m = own(from, "essence.heal.own", S_HEAL)?;
                amount_in_range(amount, m.power(), from, "essence.heal.amount", S_HEAL)?;
                own(to, "essence.heal.friendly", S_HEAL)?;
                if self.board.adjacent(from) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.heal.adjacent",
                        format!("{to} is not adjacent to {from}"),
                        S_HEAL,
                    ));
                }
                Ok(())
            }
            Action::Shift(to) => {
                if !self.board.contains(to) || self.board.adjacent(s.void) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.shift.adjacent",
                        format!("the void is on {}; it moves 1 space, and {to} is not next to it", s.void),
                        S_SHIFT,
                    ));
                }
                if s.motes_of(me) == to.bit() {
                    return Err(Refusal::new(
                        "essence.shift.last-mote",
                        "that would destroy your last mote",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Destabilize { at, amount } => {
                let m = own(at, "essence.destabilize.own", S_DESTABILIZE)?;
                amount_in_range(amount, m.power(), at, "essence.destabilize.amount", S_DESTABILIZE)?;
                if self.destabilize_wipes_out(s, at, amount) {
                    return Err(Refusal::new(
                        "essence.destabilize.last-mote",
                        "you can not sacrifice your final mote with Destabilize",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Summon(at) => {
                if !self.variant.summoning {
                    return Err(Refusal::new(
                        "essence.summon.variant",
                        "Summon the Void is only in the Summoning variant",
                        S_SUMMON,
                    ));
                }
                let m = own(at, "essence.summon.own", S_SUMMON)?;
                if m.power() != MAX_POWER {
                    return Err(Refusal::because(
                        "essence.summon.power",
                        format!("the mote on {at} has power {}; only a power-6 mote can be summoned", m.power()),
                        S_SUMMON,
                    ));
                }
                if s.count(me) == 1 {
                    return Err(Refusal::new(
                        "essence.summon.last-mote",
                        "that would remove your last mote",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Grow(_) | Action::Spin(_) | Action::Pass => Ok(()),
        }
    }

    /// Explains why a straight move from `from` in `dir` does not reach `to`.
    fn blocked_reason(&self, s: &State, from: Square, to: Square, dir: Dir) -> Refusal {
        let mut at = from;
        for _ in 0..8 {
            let Some(next) = self.board.step(at, dir) else {
                return Refusal::because(
                    "essence.move.edge",
                    format!("going {dir} from {from} leaves the board before reaching {to}"),
                    if self.variant.looping { S_MOVE } else { "Actions: Move; Variant Rules: Loop" },
                );
            };
            if next == from {
                break;
            }
            if next == s.void {
                if next == to {
                    return Refusal::new("essence.move.void", "a mote can not stop on the void", S_VOID);
                }
                if !self.variant.determined {
                    return Refusal::because(
                        "essence.move.void",
                        format!("the void on {next} is in the way; motes may not enter or pass through the void"),
                        S_VOID,
                    );
                }
            } else if let Some(m) = s.mote(next) {
                let whose = if m.owner() == s.active { "your" } else { "an enemy" };
                return Refusal::because(
                    "essence.move.blocked",
                    format!("{whose} mote on {next} is in the way; motes can not pass through motes"),
                    "Actions: Move; ruling R2",
                );
            }
            if next == to {
                break;
            }
            at = next;
        }
        let hint = match Dir::between(from, to) {
            Some(d) if d != dir => format!(" (write {from}-{to}:{d} to go {d})"),
            _ => String::new(),
        };
        Refusal::because(
            "essence.move.straight",
            format!("{to} is not on the line going {dir} from {from}{hint}"),
            S_MOVE,
        )
    }

    /// Removes motes reduced to 0 (after their action completed), returning
    /// the set of survivors among `touched`.
    fn bury<E: EventSink<Event>>(s: &mut State, touched: u32, dead: u32, events: &mut E) -> u32 {
        for at in squares(dead) {
            if let Some(m) = s.take(at) {
                events.emit(Event::Died { owner: m.owner(), at });
                s.quiet = 0;
            }
        }
        touched & !dead
    }

    /// Reduces a mote's power by `amount`; returns true if it reached 0.
    fn weaken(s: &mut State, at: Square, amount: u8) -> bool {
        match s.mote(at) {
            Some(m) if m.power() > amount => {
                s.put(at, m.with_power(m.power() - amount));
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Carries out a legal action of the action phase; returns the surviving
    /// motes it touched (the ones whose owners may now spin them).
    fn perform<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) -> u32 {
        let me = s.active;
        match *a {
            Action::Move { from, to, dir } => {
                let mut through = false;
                if let Some(dir) = dir {
                    self.walk(s, from, dir, MAX_POWER, |sq, _, t| {
                        if sq == to {
                            through = t;
                        }
                    });
                }
                let Some(m) = s.take(from) else { return 0 };
                // Determined: "you can move through, losing 1 power after moving".
                let m = if through { m.with_power(m.power() - 1) } else { m };
                s.put(to, m);
                events.emit(Event::Moved { by: me, from, to, through_void: through });
                to.bit()
            }
            Action::Split { from, to } => {
                let dead = if Self::weaken(s, from, 2) { from.bit() } else { 0 };
                s.put(to, Mote::new(me, 2, false));
                events.emit(Event::Split { by: me, from, to });
                Self::bury(s, from.bit() | to.bit(), dead, events)
            }
            Action::Heal { from, to, amount } => {
                let dead = if Self::weaken(s, from, amount) { from.bit() } else { 0 };
                let power = match s.mote(to) {
                    Some(t) => {
                        let p = (t.power() + amount + 1).min(MAX_POWER);
                        s.put(to, t.with_power(p));
                        p
                    }
                    None => 0,
                };
                events.emit(Event::Healed { by: me, from, to, amount, power });
                Self::bury(s, from.bit() | to.bit(), dead, events)
            }
            Action::Shift(to) => {
                let from = s.void;
                s.void = to;
                events.emit(Event::VoidShifted { by: me, from, to });
                if let Some(m) = s.take(to) {
                    events.emit(Event::Destroyed { owner: m.owner(), at: to });
                    s.quiet = 0;
                }
                0
            }
            Action::Destabilize { at, amount } => {
                let touched = (self.board.adjacent(at) | at.bit()) & s.all_motes();
                let mut dead = 0;
                for sq in squares(touched) {
                    if Self::weaken(s, sq, amount) {
                        dead |= sq.bit();
                    }
                }
                events.emit(Event::Destabilized { by: me, at, amount });
                Self::bury(s, touched, dead, events)
            }
            Action::Summon(at) => {
                s.take(at);
                s.quiet = 0;
                s.void = at;
                events.emit(Event::Summoned { by: me, at });
                0
            }
            Action::Grow(_) | Action::Spin(_) | Action::Pass => 0,
        }
    }

    /// Moves the game on past every step that needs no decision: spins with
    /// nothing to spin, the end of the turn, the start of the next.
    fn advance<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if let Some((winner, reason)) = self.result(s) {
            events.emit(Event::GameOver { winner, reason: reason.into() });
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
            events.emit(Event::GameOver { winner, reason: reason.into() });
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

    /// True if the action phase offers no action at all.
    fn no_action_possible(&self, s: &State) -> bool {
        let mut v = Vec::new();
        self.action_phase_actions(s, &mut v);
        v.is_empty()
    }
}

fn amount_in_range(
    amount: u8,
    power: u8,
    at: Square,
    rule: &'static str,
    section: &'static str,
) -> Result<(), Refusal> {
    if amount == 0 || amount > power {
        return Err(Refusal::because(
            rule,
            format!("the mote on {at} has power {power}; reduce it by 1 to {power} (ruling R3)"),
            section,
        ));
    }
    Ok(())
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
        Ok(())
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
        scratch.clear();
        self.legal_actions(s, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rng.random_range(0..scratch.len());
        Some(scratch[i])
    }
}
