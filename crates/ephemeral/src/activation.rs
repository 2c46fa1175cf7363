//! The active figure's decisions: the four actions (move, attack, prepare,
//! use an ability), setting off an active mine, ending the activation, and
//! prep tokens. Each action spends one of the figure's actions when it is
//! taken and pushes its work onto the pending stack above
//! [`Frame::ActionDone`], which ends the activation once the action has
//! resolved and nothing is left of it.

use crate::action::{Action, PrepUse};
use crate::catalogue::AbilityType;
use crate::event::Event;
use crate::frame::{Frame, Judge, Strike, Trigger};
use crate::fx::Fx;
use crate::rules::{ATTACK, Ephemeral, Judged, PREPARE, REACH_CM, refuse};
use crate::state::{DIE_SIZES, Die, MAX_ATTACK_DICE, Phase, State};
use arbiter_core::resolve::{Effect, Expiry, Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::table::TOLERANCE;
use arrayvec::ArrayVec;

/// What kind of move a figure makes by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SelfMove {
    /// The move action or a move ability.
    Action,
    /// A prep token's nudge.
    Nudge,
    /// L11's reply to an attack.
    Reply,
}

impl Ephemeral {
    /// Refuses a move `figure` would make by itself if it is Immobile, or
    /// Immobilized during its own activation (ruling P25).
    pub(crate) fn may_move(&self, state: &State, figure: u8, how: SelfMove) -> Result<(), Refusal> {
        let name = &self.stats()[figure as usize].name;
        if state.effects.has(figure, Fx::Immobile) {
            return Err(refuse(
                "ep.move.immobile",
                format!(
                    "{name} used an Immobile ability: it may never move by itself again (only pushes and pulls move it)"
                ),
                "Keywords: Immobile",
            ));
        }
        let active = matches!(state.phase, Phase::Acting { figure: f, .. } if f == figure);
        if state.effects.has(figure, Fx::Immobilized) && active && how != SelfMove::Reply {
            return Err(refuse(
                "ep.move.immobilized",
                format!("{name} is immobilized: it cannot move on this activation (a prep token can ignore it)"),
                "Keywords: Immobilize",
            ));
        }
        Ok(())
    }

    /// Judges a decision of the active figure's player while nothing is pending.
    pub(crate) fn judge_acting(
        &self,
        state: &State,
        seat: Seat,
        figure: u8,
        used: u8,
        _limit: u8,
        action: &Action,
    ) -> Result<Judged, Refusal> {
        match action {
            Action::Move { path } => {
                self.may_move(state, figure, SelfMove::Action)?;
                let budget = self.stats()[figure as usize].movement_cm;
                self.check_path(state, figure, path, budget).map(Judged::Moved)
            }
            Action::Attack { target, dice } => self.judge_attack(state, figure, *target, dice),
            Action::Prepare => Ok(Judged::Plain),
            Action::Ability(u) => self.judge_use(state, seat, None, u),
            Action::Detonate { mine } => {
                let Some(m) = state.mines.iter().find(|m| m.id == *mine) else {
                    return Err(Refusal::new("ep.mine.none", "there is no such mine on the table", "Mine"));
                };
                if self.owner(m.by) != seat {
                    return Err(Refusal::new("ep.mine.enemy", "that mine is not yours", "Mine"));
                }
                if m.passive {
                    return Err(Refusal::new(
                        "ep.mine.passive",
                        "a passive mine goes off by itself when a figure ends its movement within 5 cm of it",
                        "Mine: Detonation",
                    ));
                }
                Ok(Judged::Plain)
            }
            Action::End => {
                if used == 0 {
                    return Err(Refusal::new(
                        "ep.activate.empty",
                        "an activation uses at least one action",
                        "ruling P10 (docs/rulings/ephemeral.md)",
                    ));
                }
                Ok(Judged::Plain)
            }
            Action::Spend(use_) => self.judge_spend(state, seat, figure, use_),
            Action::Resolve => Err(Refusal::new(
                "ep.turn.phase",
                "no attack dice are waiting to be accepted: this figure is choosing its next action",
                "Taking actions",
            )),
            _ => Err(Refusal::new(
                "ep.turn.phase",
                "that is not a decision of this moment: the active figure is choosing its next action",
                "Taking actions",
            )),
        }
    }

    /// Judges a standard attack by `figure` (also a counter attack without
    /// a damage formula): target, dice, sight and range.
    pub(crate) fn judge_attack(
        &self,
        state: &State,
        figure: u8,
        target: u8,
        dice: &[u8; 5],
    ) -> Result<Judged, Refusal> {
        let Some(t) = state.figures.get(target as usize) else {
            return Err(Refusal::new("ep.attack.target", "there is no such figure", ATTACK));
        };
        if target == figure || !t.on_table() {
            return Err(Refusal::new("ep.attack.target", "the target must be another figure on the table", ATTACK));
        }
        let count: u32 = dice.iter().map(|&n| u32::from(n)).sum();
        if count == 0 || count as usize > MAX_ATTACK_DICE {
            return Err(refuse("ep.attack.dice", format!("choose 1–{MAX_ATTACK_DICE} dice to roll"), ATTACK));
        }
        let Some(range) = self.range_between(state, figure, target) else {
            return Err(Refusal::new(
                "ep.attack.sight",
                "no straight line from the attacker's base to the target's avoids terrain and enemy bases",
                ATTACK,
            ));
        };
        let reach = self.attack_range(state, figure);
        if range > reach + TOLERANCE {
            return Err(refuse(
                "ep.attack.range",
                format!(
                    "the target is {range:.1} cm away; {}",
                    self.reach_text(state, figure, crate::catalogue::Reach::FigureRange, None)
                ),
                ATTACK,
            ));
        }
        Ok(Judged::Range(range))
    }

    /// Judges spending a prep token while the active figure chooses its next action.
    fn judge_spend(&self, state: &State, seat: Seat, active: u8, use_: &PrepUse) -> Result<Judged, Refusal> {
        if state.prep[seat.index()] == 0 {
            return Err(Refusal::new("ep.prep.none", "you have no prep tokens", PREPARE));
        }
        match use_ {
            PrepUse::Raise { .. } | PrepUse::Lower { .. } => {
                Err(Refusal::new("ep.prep.when", "rolled dice are changed right after the roll", PREPARE))
            }
            PrepUse::Forage { figure, die } => {
                self.own_figure(state, seat, *figure)?;
                match state.figures[*figure as usize].dice.get(*die as usize) {
                    Some(d) if d.value < d.sides => Ok(Judged::Plain),
                    Some(_) => Err(Refusal::new("ep.prep.max", "that die already shows its maximum", PREPARE)),
                    None => Err(Refusal::new(
                        "ep.prep.foraged",
                        "that figure has no such foraged die (and a player may never change an opponent's die)",
                        "FAQ 1",
                    )),
                }
            }
            PrepUse::Nudge { figure, to } => {
                self.own_figure(state, seat, *figure)?;
                let how = if *figure == active { SelfMove::Nudge } else { SelfMove::Reply };
                self.may_move(state, *figure, how)?;
                self.check_path(state, *figure, std::slice::from_ref(to), self.nudge_cm(*figure)).map(Judged::Moved)
            }
            PrepUse::Mend { figure } => {
                self.own_figure(state, seat, *figure)?;
                if state.figures[*figure as usize].damage == 0 {
                    return Err(Refusal::new("ep.prep.mend", "that figure has no damage to remove", PREPARE));
                }
                Ok(Judged::Plain)
            }
            PrepUse::Reach { figure } => {
                self.own_figure(state, seat, *figure)?;
                if !state.figures[*figure as usize].on_table() {
                    return Err(Refusal::new("ep.prep.reach", "that figure is not on the table", PREPARE));
                }
                Ok(Judged::Plain)
            }
            PrepUse::Force { figure } => {
                self.own_figure(state, seat, *figure)?;
                let has = self
                    .abilities_of(*figure)
                    .any(|(_, a)| a.kind == AbilityType::Prep && a.params.force_bonus.is_some());
                if !has {
                    return Err(refuse(
                        "ep.prep.force",
                        format!("{} has no prep ability that adds Force (D6)", self.stats()[*figure as usize].name),
                        "Figure ability types: Prep",
                    ));
                }
                Ok(Judged::Plain)
            }
            PrepUse::Free { figure } => {
                self.own_figure(state, seat, *figure)?;
                if !state.effects.has(*figure, Fx::Immobilized) {
                    return Err(refuse(
                        "ep.prep.free",
                        format!("{} is not immobilized", self.stats()[*figure as usize].name),
                        PREPARE,
                    ));
                }
                Ok(Judged::Plain)
            }
        }
    }

    /// Spends one of the active figure's actions.
    pub(crate) fn begin_action(&self, state: &mut State, figure: u8) {
        let f = &mut state.figures[figure as usize];
        f.actions = f.actions.saturating_sub(1);
        if let Phase::Acting { used, .. } = &mut state.phase {
            *used = used.saturating_add(1);
        }
        state.pending.push(Frame::ActionDone { figure });
    }

    /// After an action has resolved: the activation ends if the figure has
    /// no action left, reached its limit, or was defeated.
    pub(crate) fn action_done(&self, state: &mut State, figure: u8, events: &mut impl EventSink<Event>) {
        let Phase::Acting { figure: active, used, limit } = state.phase else { return };
        if active != figure {
            return;
        }
        let f = &state.figures[figure as usize];
        if f.defeated || f.actions == 0 || used >= limit {
            self.end_activation(state, figure, events);
        }
    }

    /// Applies a judged decision of the active figure's player.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_acting(
        &self,
        state: &mut State,
        seat: Seat,
        figure: u8,
        _used: u8,
        _limit: u8,
        action: &Action,
        judged: Judged,
        events: &mut impl EventSink<Event>,
    ) {
        match action {
            Action::Move { path } => {
                self.begin_action(state, figure);
                if let Judged::Moved(m) = judged {
                    let budget = self.stats()[figure as usize].movement_cm;
                    self.start_walk(state, figure, path, budget, m, crate::frame::WalkKind::Action, events);
                }
            }
            Action::Attack { target, dice } => {
                let range = if let Judged::Range(r) = judged { r } else { 0.0 };
                self.begin_action(state, figure);
                events.emit(Event::Attack { attacker: figure, target: *target, range });
                let force = self.take_next_attack_bonuses(state, figure);
                let strike = Strike {
                    attacker: figure,
                    target: *target,
                    dice: attack_dice(dice),
                    judge: Judge::Force { force },
                    slot: None,
                    tokens: true,
                    defendable: self.owner(*target) != self.owner(figure),
                    action: true,
                };
                self.schedule_after_attack(state, figure, &[*target], true);
                state.pending.push(Frame::AttackRoll(strike));
            }
            Action::Prepare => {
                self.begin_action(state, figure);
                state.prep[seat.index()] = state.prep[seat.index()].saturating_add(1);
                events.emit(Event::Prepared { seat });
            }
            Action::Ability(u) => {
                let free = self.ability(u.figure, u.slot).is_some_and(|a| a.kind == AbilityType::Prep);
                if !free {
                    self.begin_action(state, figure);
                }
                self.apply_use(state, seat, None, u, judged, events);
            }
            Action::Detonate { mine } => {
                self.begin_action(state, figure);
                state.pending.push(Frame::Detonate { mine: *mine });
            }
            Action::End => self.end_activation(state, figure, events),
            Action::Spend(use_) => self.apply_spend(state, seat, use_, judged, events),
            _ => {}
        }
    }

    /// The Force of `figure`'s attack now, its next-attack bonuses (D6's
    /// Force, prep tokens' range) used up by it.
    pub(crate) fn take_next_attack_bonuses(&self, state: &mut State, figure: u8) -> u8 {
        let force = self.force(state, figure);
        state.effects.remove(figure, Fx::Force, |_| {});
        state.effects.remove(figure, Fx::Reach, |_| {});
        force
    }

    /// Schedules what follows an attack on `targets` by `attacker`, below
    /// whatever the attack itself pushes next: a counter-attack window for
    /// each target that may answer (in target order), then L11's window if
    /// the attack is an attack action. Windows nobody could ever use are
    /// not pushed; the others are checked again when they are reached.
    pub(crate) fn schedule_after_attack(&self, state: &mut State, attacker: u8, targets: &[u8], action: bool) {
        let side = self.owner(attacker);
        if action && self.any_reply_to_attacks(side.other()) {
            state.pending.push(Frame::Window(Window::for_seat(
                Trigger::Attacked { attacker, replied: 0 },
                Timing::After,
                side.other(),
            )));
        }
        for &t in targets.iter().rev() {
            if self.owner(t) != side && self.has_counter(t) {
                state.pending.push(Frame::Window(Window::for_seat(
                    Trigger::Survived { target: t, attacker },
                    Timing::After,
                    self.owner(t),
                )));
            }
        }
    }

    fn apply_spend(
        &self,
        state: &mut State,
        seat: Seat,
        use_: &PrepUse,
        judged: Judged,
        events: &mut impl EventSink<Event>,
    ) {
        state.prep[seat.index()] = state.prep[seat.index()].saturating_sub(1);
        events.emit(Event::Spent { seat, on: use_.clone() });
        match use_ {
            PrepUse::Forage { figure, die } => {
                if let Some(d) = state.figures[*figure as usize].dice.get_mut(*die as usize) {
                    d.value = (d.value + 2).min(d.sides);
                }
            }
            PrepUse::Nudge { figure, to } => {
                let f = &mut state.figures[*figure as usize];
                let from = f.at.unwrap_or(*to);
                f.at = Some(*to);
                if let Judged::Moved(m) = judged {
                    f.on = m.on;
                    events.emit(Event::Moved { figure: *figure, path: vec![from, *to], cost: m.cost, on: m.on });
                }
                let mines = self.passive_mines_near(state, *figure);
                if !mines.is_empty() {
                    // A mine may defeat the active figure: the activation is checked after them.
                    if let Phase::Acting { figure: active, .. } = state.phase {
                        state.pending.push(Frame::ActionDone { figure: active });
                    }
                    state.pending.push_in_order(mines.into_iter().map(|mine| Frame::Detonate { mine }));
                }
            }
            PrepUse::Mend { figure } => {
                let f = &mut state.figures[*figure as usize];
                let healed = f.damage.min(2);
                f.damage -= healed;
            }
            PrepUse::Reach { figure } => {
                state.effects.add(Effect::new(Fx::Reach, *figure, Expiry::Never).valued(i16::from(REACH_CM)));
            }
            PrepUse::Force { figure } => {
                let bonus = self
                    .abilities_of(*figure)
                    .find_map(|(_, a)| a.params.force_bonus.filter(|_| a.kind == AbilityType::Prep))
                    .unwrap_or(0);
                state.effects.add(Effect::new(Fx::Force, *figure, Expiry::Never).valued(i16::from(bonus)));
            }
            PrepUse::Free { figure } => {
                state.effects.remove(*figure, Fx::Immobilized, |_| {});
                events.emit(Event::Freed { figure: *figure });
            }
            PrepUse::Raise { .. } | PrepUse::Lower { .. } => {}
        }
    }
}

/// The dice of a standard attack, not yet rolled.
pub(crate) fn attack_dice(counts: &[u8; 5]) -> ArrayVec<Die, MAX_ATTACK_DICE> {
    let mut rolled = ArrayVec::new();
    for (k, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            let _ = rolled.try_push(Die { sides: DIE_SIZES[k], value: 0 });
        }
    }
    rolled
}
