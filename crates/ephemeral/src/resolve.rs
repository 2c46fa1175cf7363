//! Everything that resolves inside an action, on the core's pending stack
//! ([`arbiter_core::resolve`]): the dice of strikes and the attacker's prep
//! tokens on them, resist rolls, the damage pipeline with its "before"
//! window (Defend dice, L7) and what follows damage (D2's spray, counter
//! attacks, L11), moves resumed waypoint by waypoint around chain rushes,
//! rush windows at the end of a move, and mines going off.
//!
//! [`Ephemeral`] implements [`Resolve`]: waiting frames are answered by the
//! decisions and rolls routed here from `rules.rs`, the others run at once.

use crate::ability::Role;
use crate::action::{Action, PrepUse};
use crate::activation::SelfMove;
use crate::catalogue::{AbilityType, Keyword, Reach};
use crate::event::Event;
use crate::frame::{Apply, Frame, Harm, HarmKind, Judge, Strike, Trigger, Walk, WalkKind};
use crate::fx::Fx;
use crate::rules::{DIE_LABELS, Ephemeral, Judged, PREPARE, refuse};
use crate::state::{DIE_SIZES, MAX_ATTACK_DICE, POOL, Phase, Pos, State};
use crate::table::{AREA, MoveCost, climbing, elevation, sight_range, support, v};
use arbiter_core::resolve::{Anchor, Effect, Expiry, Pending, Resolve, Timing, Wait, Window};
use arbiter_core::{DiceRequest, EventSink, Refusal, Seat};
use arbiter_geometry::table::{Disc, TOLERANCE, path_length};
use arrayvec::ArrayVec;

/// How far a mine reaches, cm: "damages any figure within 5 cm of the mine".
pub const MINE_REACH: f32 = 5.0;
/// How close to a base a mine laid "in base contact" lies: the die's centre
/// within 1 cm of the base's edge (ruling P29).
pub const MINE_CONTACT: f32 = 1.0;

impl Resolve for Ephemeral {
    type State = State;
    type Frame = Frame;
    type Event = Event;

    fn pending<'a>(&self, state: &'a State) -> &'a Pending<Frame> {
        &state.pending
    }

    fn pending_mut<'a>(&self, state: &'a mut State) -> &'a mut Pending<Frame> {
        &mut state.pending
    }

    fn waits(&self, state: &State, frame: &Frame) -> Option<Wait> {
        match frame {
            Frame::AttackRoll(_) | Frame::DefendRoll { .. } | Frame::ResistRoll(_) => Some(Wait::Chance),
            Frame::AttackDice(s) => {
                let seat = self.owner(s.attacker);
                (s.tokens && state.prep[seat.index()] > 0).then_some(Wait::Seat(seat))
            }
            Frame::Resist(r) => self.on_table(state, r.target).then(|| Wait::Seat(self.owner(r.target))),
            Frame::Window(w) => w.asks(|seat| self.can_respond(state, &w.trigger, seat)).map(Wait::Seat),
            Frame::ActionDone { .. } | Frame::Apply(_) | Frame::Damage(_) | Frame::Walk(_) | Frame::Detonate { .. } => {
                None
            }
        }
    }

    fn run<E: EventSink<Event>>(&self, state: &mut State, frame: Frame, events: &mut E) {
        match frame {
            Frame::ActionDone { figure } => self.action_done(state, figure, events),
            Frame::AttackDice(s) => self.resolve_strike(state, s, events),
            Frame::Apply(a) => self.apply_effect(state, a, events),
            Frame::Damage(h) => self.deal(state, h, events),
            Frame::Walk(w) => self.walk(state, *w, true, events),
            Frame::Detonate { mine } => self.detonate(state, mine, events),
            // A resist owed by a figure that has left the table: nothing to resist.
            // A window nobody can answer any more closes. Chance frames never run.
            Frame::Resist(_)
            | Frame::Window(_)
            | Frame::AttackRoll(_)
            | Frame::DefendRoll { .. }
            | Frame::ResistRoll(_) => {}
        }
    }
}

impl Ephemeral {
    // ------------------------------------------------------------ chance

    /// The dice a pending frame rolls, labelled for people.
    pub(crate) fn pending_dice(&self, state: &State, frame: &Frame) -> DiceRequest {
        let name = |f: u8| self.stats().get(f as usize).map_or("a figure", |s| s.name.as_str());
        match frame {
            Frame::AttackRoll(s) => {
                let mut r = DiceRequest::new();
                for d in &s.dice {
                    r = r.with(d.sides, label(d.sides));
                }
                let what = match s.slot {
                    None => format!("{}'s attack on {}", name(s.attacker), name(s.target)),
                    Some(slot) => format!(
                        "{}'s {} against {}",
                        name(s.attacker),
                        self.ability_label(s.attacker, slot),
                        name(s.target)
                    ),
                };
                r.for_purpose(what)
            }
            Frame::DefendRoll { figure, slot, sides } => DiceRequest::new().with(*sides, label(*sides)).for_purpose(
                format!("the Defend die of {} ({}), rerolled", name(*figure), self.ability_label(*figure, *slot)),
            ),
            Frame::ResistRoll(r) => {
                let mut req = DiceRequest::new();
                for d in &r.dice {
                    req = req.with(d.sides, label(d.sides));
                }
                req.for_purpose(format!(
                    "{}'s resist roll against {}'s {} (to beat {})",
                    name(r.target),
                    name(r.by),
                    self.ability_label(r.by, r.slot),
                    r.against
                ))
            }
            _ => {
                let _ = state;
                DiceRequest::new()
            }
        }
    }

    /// Answers the roll the top frame waits for.
    pub(crate) fn answer_roll(
        &self,
        state: &mut State,
        values: &[u8],
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        match state.pending.pop() {
            Some(Frame::AttackRoll(mut s)) => {
                for (d, &value) in s.dice.iter_mut().zip(values) {
                    d.value = value;
                }
                events.emit(Event::Rolled { dice: s.dice.to_vec() });
                state.pending.push(Frame::AttackDice(s));
            }
            Some(Frame::DefendRoll { figure, slot, .. }) => {
                let value = values.first().copied().unwrap_or(0);
                self.reduce_damage(state, value);
                events.emit(Event::Defended { figure, slot, value, rerolled: true });
            }
            Some(Frame::ResistRoll(mut r)) => {
                for (d, &value) in r.dice.iter_mut().zip(values) {
                    d.value = value;
                }
                let sum: i16 = r.dice.iter().map(|d| i16::from(d.value)).sum();
                let force = i16::from(self.stats()[r.target as usize].force);
                let total = if sum <= force { sum } else { 0 } + i16::from(r.modifier);
                events.emit(Event::ResistRolled { figure: r.target, dice: r.dice.to_vec(), total, against: r.against });
                if total > i16::from(r.against) {
                    events.emit(Event::Resisted { figure: r.target });
                } else {
                    state.pending.push_in_order(r.effects.iter().map(|a| Frame::Apply(*a)));
                }
            }
            other => {
                if let Some(f) = other {
                    state.pending.push(f);
                }
                return Err(Refusal::new("core.chance.none", "no dice are being rolled now", "Activation phase"));
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------ decisions

    /// Judges a decision while work is pending: the top frame says what is asked.
    pub(crate) fn judge_pending(&self, state: &State, seat: Seat, action: &Action) -> Result<Judged, Refusal> {
        match (state.pending.top(), action) {
            (Some(Frame::AttackDice(s)), Action::Resolve) => {
                let _ = s;
                Ok(Judged::Plain)
            }
            (Some(Frame::AttackDice(s)), Action::Spend(use_)) => {
                if state.prep[seat.index()] == 0 {
                    return Err(Refusal::new("ep.prep.none", "you have no prep tokens", PREPARE));
                }
                match use_ {
                    PrepUse::Raise { die } => match s.dice.get(*die as usize) {
                        Some(d) if d.value < d.sides => Ok(Judged::Plain),
                        Some(_) => Err(Refusal::new("ep.prep.max", "that die already shows its maximum", PREPARE)),
                        None => Err(Refusal::new("ep.prep.die", "there is no such die in the roll", PREPARE)),
                    },
                    PrepUse::Lower { die } => {
                        if self.edition() == crate::Edition::V020 {
                            return Err(Refusal::new(
                                "ep.prep.lower",
                                "in v0.20 a prep token can raise a rolled die but not lower it",
                                PREPARE,
                            ));
                        }
                        match s.dice.get(*die as usize) {
                            Some(d) if d.value > 1 => Ok(Judged::Plain),
                            Some(_) => Err(Refusal::new("ep.prep.min", "that die already shows 1", PREPARE)),
                            None => Err(Refusal::new("ep.prep.die", "there is no such die in the roll", PREPARE)),
                        }
                    }
                    _ => Err(Refusal::new(
                        "ep.prep.when",
                        "while attack dice are on the table, prep tokens change those dice; resolve the attack first",
                        PREPARE,
                    )),
                }
            }
            (Some(Frame::Resist(_)), Action::Pass) => Ok(Judged::Plain),
            (Some(Frame::Resist(_)), Action::Resist { dice }) => {
                let count: u32 = dice.iter().map(|&n| u32::from(n)).sum();
                if count == 0 || count as usize > MAX_ATTACK_DICE {
                    return Err(refuse(
                        "ep.resist.dice",
                        format!("choose 1–{MAX_ATTACK_DICE} dice for the resist roll, or pass"),
                        "Keywords: Resistible",
                    ));
                }
                Ok(Judged::Plain)
            }
            (Some(Frame::Window(_)), Action::Pass) => Ok(Judged::Plain),
            (Some(Frame::Window(w)), Action::Ability(u)) => self.judge_use(state, seat, Some(&w.trigger), u),
            (Some(top), _) => Err(Refusal::because(
                "ep.turn.phase",
                format!("that is not a decision of this moment: {}", self.describe_frame(top)),
                "Taking actions",
            )),
            (None, _) => Err(Refusal::new("ep.turn.phase", "nothing is pending", "Taking actions")),
        }
    }

    /// What a pending frame asks, in words.
    pub fn describe_frame(&self, frame: &Frame) -> String {
        let name = |f: u8| self.stats().get(f as usize).map_or("a figure".to_string(), |s| s.name.clone());
        match frame {
            Frame::AttackRoll(_) | Frame::DefendRoll { .. } | Frame::ResistRoll(_) => "dice are being rolled".into(),
            Frame::AttackDice(s) => format!(
                "{}'s attack dice are rolled: spend prep tokens on them (prep raise N, prep lower N) or resolve",
                name(s.attacker)
            ),
            Frame::Resist(r) => format!(
                "{} may resist {}'s {}: choose dice to roll against its Force (resist 1d6 …) or pass",
                name(r.target),
                name(r.by),
                self.ability_label(r.by, r.slot)
            ),
            Frame::Window(w) => match w.trigger {
                Trigger::Damage { target } => {
                    format!("damage is about to be dealt to {}: use a Defend ability or L7, or pass", name(target))
                }
                Trigger::Dealt { attacker, .. } => {
                    format!("{}'s attack dealt damage: add its spray ability, or pass", name(attacker))
                }
                Trigger::Survived { target, .. } => {
                    format!("{} survived the attack: it may counter attack, or pass", name(target))
                }
                Trigger::Attacked { attacker, .. } => {
                    format!("{} took an attack action: a figure with L11 may move up to 4 cm, or pass", name(attacker))
                }
                Trigger::Waypoint { figure } => {
                    format!(
                        "{} is part-way through its move: it may use a Chain Rush ability, or pass to go on",
                        name(figure)
                    )
                }
                Trigger::MoveEnded { figure, .. } => {
                    format!("{} ended its move: it may use a Rush or Chain Rush ability, or pass", name(figure))
                }
                Trigger::Again { figure, slot } => {
                    format!("{} may use {} again (Recurring), or pass", name(figure), self.ability_label(figure, slot))
                }
            },
            _ => "work is resolving".into(),
        }
    }

    /// Applies a judged decision that answers the top frame.
    pub(crate) fn apply_pending(
        &self,
        state: &mut State,
        seat: Seat,
        action: &Action,
        judged: Judged,
        events: &mut impl EventSink<Event>,
    ) {
        match action {
            Action::Resolve => {
                if let Some(Frame::AttackDice(s)) = state.pending.pop() {
                    self.resolve_strike(state, s, events);
                }
            }
            Action::Spend(use_) => {
                state.prep[seat.index()] = state.prep[seat.index()].saturating_sub(1);
                events.emit(Event::Spent { seat, on: use_.clone() });
                if let Some(Frame::AttackDice(s)) = state.pending.top_mut() {
                    match use_ {
                        PrepUse::Raise { die } => {
                            if let Some(d) = s.dice.get_mut(*die as usize) {
                                d.value = (d.value + 2).min(d.sides);
                            }
                        }
                        PrepUse::Lower { die } => {
                            if let Some(d) = s.dice.get_mut(*die as usize) {
                                d.value = d.value.saturating_sub(2).max(1);
                            }
                        }
                        _ => {}
                    }
                    let dice = s.dice.to_vec();
                    events.emit(Event::Rolled { dice });
                }
            }
            Action::Resist { dice } => {
                if let Some(Frame::Resist(mut r)) = state.pending.pop() {
                    r.dice = crate::activation::attack_dice(dice);
                    state.pending.push(Frame::ResistRoll(r));
                }
            }
            Action::Pass => match state.pending.top_mut() {
                Some(Frame::Window(w)) => w.pass(seat),
                Some(Frame::Resist(_)) => {
                    if let Some(Frame::Resist(r)) = state.pending.pop() {
                        state.pending.push_in_order(r.effects.iter().map(|a| Frame::Apply(*a)));
                    }
                }
                _ => {}
            },
            Action::Ability(u) => {
                let trigger = match state.pending.top() {
                    Some(Frame::Window(w)) => Some(w.trigger),
                    _ => None,
                };
                self.apply_use(state, seat, trigger, u, judged, events);
            }
            _ => {}
        }
    }

    // ------------------------------------------------------------ strikes and damage

    /// Resolves a strike once its dice show: damage or a miss.
    pub(crate) fn resolve_strike(&self, state: &mut State, s: Strike, events: &mut impl EventSink<Event>) {
        let amount = match s.judge {
            Judge::Force { force } => {
                let sum: u32 = s.dice.iter().map(|d| u32::from(d.value)).sum();
                if sum <= u32::from(force) {
                    sum as u8
                } else {
                    events.emit(Event::Missed { sum: sum.min(255) as u8, force });
                    return;
                }
            }
            Judge::Formula { damage, force } => {
                let die = s.dice.first().map_or(0, |d| u32::from(d.value));
                damage.amount(u32::from(force), die).min(255) as u8
            }
        };
        if self.on_table(state, s.target) {
            self.harm(
                state,
                Harm {
                    target: s.target,
                    amount,
                    by: Some(s.attacker),
                    kind: HarmKind::Attack,
                    defendable: s.defendable,
                    sprays: s.slot.is_none(),
                },
            );
        }
    }

    /// Pushes damage about to be dealt, with a window above it when its
    /// target's player could answer it (a Defend die, L7).
    pub(crate) fn harm(&self, state: &mut State, h: Harm) {
        state.pending.push(Frame::Damage(h));
        let seat = self.owner(h.target);
        let could = (h.defendable && h.kind != HarmKind::Spray && self.has_role(h.target, Role::Defend))
            || state
                .figures
                .iter()
                .enumerate()
                .any(|(i, f)| f.owner == seat && f.on_table() && self.has_role(i as u8, Role::Negate));
        if could && h.amount > 0 {
            state.pending.push(Frame::Window(Window::for_seat(
                Trigger::Damage { target: h.target },
                Timing::Before,
                seat,
            )));
        }
    }

    /// The damage about to be dealt (the first damage frame from the top).
    pub fn incoming(&self, state: &State) -> Option<Harm> {
        state.pending.iter().find_map(|f| match f {
            Frame::Damage(h) => Some(*h),
            _ => None,
        })
    }

    /// Takes `by` off the damage about to be dealt (never below 0).
    pub(crate) fn reduce_damage(&self, state: &mut State, by: u8) {
        if let Some(amount) = state.pending.find_mut(|f| match f {
            Frame::Damage(h) => Some(&mut h.amount),
            _ => None,
        }) {
            *amount = amount.saturating_sub(by);
        }
    }

    /// Deals damage: the target marks it off, and is defeated when its
    /// damage reaches its hit points; a standard attack's damage may then
    /// spray (D2).
    fn deal(&self, state: &mut State, h: Harm, events: &mut impl EventSink<Event>) {
        if !self.on_table(state, h.target) {
            return;
        }
        let at = state.figures[h.target as usize].at.unwrap_or(Pos::new(0.0, 0.0));
        let t = h.target as usize;
        let f = &mut state.figures[t];
        f.damage = f.damage.saturating_add(h.amount);
        events.emit(Event::Hit { target: h.target, damage: h.amount });
        if f.damage >= self.stats()[t].hp {
            self.defeat(state, h.target, events);
        }
        if let (true, Some(by)) = (h.sprays && h.amount > 0, h.by)
            && self.has_role(by, Role::SprayAfter)
        {
            state.pending.push(Frame::Window(Window::for_seat(
                Trigger::Dealt { attacker: by, target: h.target, at },
                Timing::After,
                self.owner(by),
            )));
        }
    }

    /// Removes a defeated figure: its actions, dice and effects go with it
    /// (ruling P18); mines it laid stay, controlled by its player.
    pub(crate) fn defeat(&self, state: &mut State, figure: u8, events: &mut impl EventSink<Event>) {
        let f = &mut state.figures[figure as usize];
        f.defeated = true;
        f.at = None;
        f.on = None;
        f.actions = 0;
        f.dice.clear();
        state.effects.remove_holder(figure, |_| {});
        events.emit(Event::Defeated { figure });
    }

    /// Pushes the damage of an attack on several targets (first target
    /// first), after the windows that follow it.
    pub(crate) fn push_attack(
        &self,
        state: &mut State,
        attacker: u8,
        frames: Vec<Frame>,
        targets: &[u8],
        action: bool,
    ) {
        self.schedule_after_attack(state, attacker, targets, action);
        state.pending.push_in_order(frames);
    }

    /// Applies an effect of an ability.
    fn apply_effect(&self, state: &mut State, a: Apply, events: &mut impl EventSink<Event>) {
        match a {
            Apply::Damage(h) => {
                if self.on_table(state, h.target) {
                    self.harm(state, h);
                }
            }
            Apply::Immobilize { target } => {
                if !self.on_table(state, target) {
                    return;
                }
                let active = matches!(state.phase, Phase::Acting { figure, .. } if figure == target);
                let times = if active { 2 } else { 1 };
                state.effects.replace(Effect::new(
                    Fx::Immobilized,
                    target,
                    Expiry::At { anchor: Anchor::TurnEnd(target), times },
                ));
                events.emit(Event::Immobilized { figure: target });
            }
            Apply::Spray { around, at, amount, range_cm, by } => {
                events.emit(Event::Spray { around, damage: amount });
                let centre = Disc::new(v(at), self.stats()[around as usize].radius);
                let mut harms = Vec::new();
                for i in 0..state.figures.len() as u8 {
                    if i == around {
                        continue;
                    }
                    if let Some(d) = self.disc(state, i)
                        && centre.gap(&d) <= f32::from(range_cm) + TOLERANCE
                    {
                        harms.push(Frame::Apply(Apply::Damage(Harm {
                            target: i,
                            amount,
                            by: Some(by),
                            kind: HarmKind::Spray,
                            defendable: false,
                            sprays: false,
                        })));
                    }
                }
                state.pending.push_in_order(harms);
            }
            Apply::LoseAction { target } => {
                let f = &mut state.figures[target as usize];
                if f.on_table() && f.actions > 0 {
                    f.actions -= 1;
                    events.emit(Event::ActionLost { figure: target });
                }
            }
        }
    }

    // ------------------------------------------------------------ windows

    /// True if some figure has an ability with this role.
    pub(crate) fn has_role(&self, figure: u8, role: Role) -> bool {
        self.abilities_of(figure).any(|(_, a)| Role::of(a) == role)
    }

    /// True if `figure` has a counter-attack ability.
    pub(crate) fn has_counter(&self, figure: u8) -> bool {
        self.has_role(figure, Role::Counter)
    }

    /// True if some figure of `seat` answers attacks with a move (L11).
    pub(crate) fn any_reply_to_attacks(&self, seat: Seat) -> bool {
        self.stats().iter().enumerate().any(|(i, s)| s.owner == seat && self.has_role(i as u8, Role::Reply))
    }

    /// True if the slot's ability may be used now by its Limit 1.
    pub fn unused(&self, state: &State, figure: u8, slot: u8) -> bool {
        let limited = self.ability(figure, slot).is_some_and(|a| a.has(Keyword::Limit1));
        !limited || !state.effects.has(figure, Fx::Used(slot))
    }

    /// The first foraged die on `figure`'s sheet its ability in `slot` can use.
    pub fn usable_die(&self, state: &State, figure: u8, slot: u8) -> Option<u8> {
        let a = self.ability(figure, slot)?;
        if !a.die.needs_die() {
            return None;
        }
        state.figures.get(figure as usize)?.dice.iter().position(|d| a.die.accepts(d.sides, d.value)).map(|i| i as u8)
    }

    /// True if the ability in `slot` could be used by its die and its Limit 1.
    pub fn ready(&self, state: &State, figure: u8, slot: u8) -> bool {
        let Some(a) = self.ability(figure, slot) else { return false };
        self.on_table(state, figure)
            && self.unused(state, figure, slot)
            && (!a.die.needs_die() || self.usable_die(state, figure, slot).is_some())
    }

    /// Opponent figures in base contact with `figure` not yet struck by a chain rush.
    pub(crate) fn chain_targets(
        &self,
        state: &State,
        figure: u8,
        struck: u16,
    ) -> ArrayVec<u8, { crate::state::MAX_FIGURES }> {
        let side = self.owner(figure);
        (0..state.figures.len() as u8)
            .filter(|&t| self.owner(t) != side && struck & (1 << t) == 0 && self.in_contact(state, figure, t))
            .collect()
    }

    /// True if `figure` could use a chain rush now against someone.
    fn chain_possible(&self, state: &State, figure: u8, struck: u16) -> bool {
        let chain = self.abilities_of(figure).any(|(slot, a)| {
            a.has(Keyword::ChainRush) && self.ready(state, figure, slot) && chain_ok(self, state, figure, a)
        });
        chain && !self.chain_targets(state, figure, struck).is_empty()
    }

    /// Whether `seat` has an answer to the event that is worth asking for now.
    pub fn can_respond(&self, state: &State, trigger: &Trigger, seat: Seat) -> bool {
        match *trigger {
            Trigger::Damage { target } => {
                let Some(h) = self.incoming(state) else { return false };
                if self.owner(target) != seat || h.amount == 0 || !self.on_table(state, target) {
                    return false;
                }
                let defend = h.defendable
                    && h.kind != HarmKind::Spray
                    && self
                        .abilities_of(target)
                        .any(|(slot, a)| a.kind == AbilityType::Defend && self.ready(state, target, slot));
                defend || self.negators(state, target).next().is_some()
            }
            Trigger::Dealt { attacker, .. } => {
                self.owner(attacker) == seat
                    && self
                        .abilities_of(attacker)
                        .any(|(slot, a)| Role::of(a) == Role::SprayAfter && self.ready(state, attacker, slot))
            }
            Trigger::Survived { target, attacker } => {
                self.owner(target) == seat
                    && self.on_table(state, target)
                    && (self.edition() == crate::Edition::V026 || self.on_table(state, attacker))
                    && self
                        .abilities_of(target)
                        .any(|(slot, a)| Role::of(a) == Role::Counter && self.ready(state, target, slot))
            }
            Trigger::Attacked { attacker, replied } => {
                self.owner(attacker) != seat
                    && (0..state.figures.len() as u8).any(|g| {
                        self.owner(g) == seat
                            && replied & (1 << g) == 0
                            && self.may_move(state, g, SelfMove::Reply).is_ok()
                            && self
                                .abilities_of(g)
                                .any(|(slot, a)| Role::of(a) == Role::Reply && self.ready(state, g, slot))
                    })
            }
            Trigger::Waypoint { figure } => {
                let struck = match state.pending.iter().nth(1) {
                    Some(Frame::Walk(w)) => w.struck,
                    _ => 0,
                };
                self.owner(figure) == seat && self.chain_possible(state, figure, struck)
            }
            Trigger::MoveEnded { figure, struck, rushed } => {
                self.owner(figure) == seat
                    && self.on_table(state, figure)
                    && (self.chain_possible(state, figure, struck)
                        || self.abilities_of(figure).any(|(slot, a)| {
                            a.has(Keyword::Rush)
                                && rushed & (1 << slot) == 0
                                && self.ready(state, figure, slot)
                                && self.has_aim(state, figure, slot)
                        }))
            }
            Trigger::Again { figure, slot } => self.owner(figure) == seat && self.shift_possible(state, figure, slot),
        }
    }

    /// Whether the ability in `slot` has something to be aimed at now: an
    /// opponent within reach for a strike, one of the player's figures not
    /// yet activated for L9; mines always find a spot.
    pub fn has_aim(&self, state: &State, figure: u8, slot: u8) -> bool {
        let Some(a) = self.ability(figure, slot) else { return false };
        let side = self.owner(figure);
        let others = (0..state.figures.len() as u8).filter(|&t| t != figure && self.on_table(state, t));
        match Role::of(a) {
            Role::Strike => others
                .filter(|&t| self.owner(t) != side)
                .any(|t| self.within_reach(state, figure, t, a.reach(), Some(slot))),
            Role::GainAction => others
                .filter(|&t| self.owner(t) == side && state.figures[t as usize].activations == 0)
                .any(|t| self.within_reach(state, figure, t, a.reach(), Some(slot))),
            _ => true,
        }
    }

    /// Figures that could cancel damage to `target` with L7 now.
    pub(crate) fn negators<'a>(&'a self, state: &'a State, target: u8) -> impl Iterator<Item = (u8, u8)> + 'a {
        let seat = self.owner(target);
        (0..state.figures.len() as u8).flat_map(move |g| {
            self.abilities_of(g).filter_map(move |(slot, a)| {
                (self.owner(g) == seat
                    && Role::of(a) == Role::Negate
                    && self.ready(state, g, slot)
                    && self.within_reach(state, g, target, a.reach(), Some(slot)))
                .then_some((g, slot))
            })
        })
    }

    /// True if `target` is within `reach` of `figure` over a clear sight
    /// line (itself always is).
    pub fn within_reach(&self, state: &State, figure: u8, target: u8, reach: Reach, slot: Option<u8>) -> bool {
        if figure == target {
            return self.on_table(state, figure);
        }
        if reach == Reach::BaseContact {
            return self.in_contact(state, figure, target);
        }
        let limit = self.reach_cm(state, figure, reach, slot);
        self.range_between(state, figure, target).is_some_and(|r| r <= limit + TOLERANCE)
    }

    /// True if T10 or L6 can shift dice now: a die of its size on the
    /// figure above 1, and another die of the player's below its maximum.
    pub(crate) fn shift_possible(&self, state: &State, figure: u8, slot: u8) -> bool {
        let Some(a) = self.ability(figure, slot) else { return false };
        let Some(f) = state.figures.get(figure as usize) else { return false };
        if !f.on_table() {
            return false;
        }
        let lows: ArrayVec<usize, POOL> = f
            .dice
            .iter()
            .enumerate()
            .filter(|(_, d)| a.die.accepts(d.sides, d.value) && d.value > 1)
            .map(|(i, _)| i)
            .collect();
        let side = f.owner;
        lows.iter().any(|&low| {
            state.figures.iter().enumerate().any(|(g, o)| {
                o.owner == side
                    && !o.defeated
                    && o.dice.iter().enumerate().any(|(j, d)| !(g == figure as usize && j == low) && d.value < d.sides)
            })
        })
    }

    // ------------------------------------------------------------ moves

    /// Starts a checked move of `figure` along `path`. A figure with no
    /// chain rush walks the whole path at once; one with a chain rush walks
    /// waypoint by waypoint, stopping where a chain rush could be used.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start_walk(
        &self,
        state: &mut State,
        figure: u8,
        path: &[Pos],
        budget: f32,
        m: MoveCost,
        kind: WalkKind,
        events: &mut impl EventSink<Event>,
    ) {
        let Some(start) = state.figures[figure as usize].at else { return };
        let chain = kind == WalkKind::Action
            && path.len() > 1
            && self.abilities_of(figure).any(|(_, a)| a.has(Keyword::ChainRush));
        if !chain {
            let f = &mut state.figures[figure as usize];
            f.at = path.last().copied();
            f.on = m.on;
            let mut full = Vec::with_capacity(path.len() + 1);
            full.push(start);
            full.extend_from_slice(path);
            events.emit(Event::Moved { figure, path: full, cost: m.cost, on: m.on });
            self.finish_move(state, figure, kind, 0);
            return;
        }
        let mut walked = ArrayVec::new();
        walked.push(start);
        let walk = Walk {
            figure,
            ahead: path.iter().copied().collect(),
            walked,
            start_on: state.figures[figure as usize].on,
            budget: (budget * 100.0).round().max(0.0) as u32,
            sneak: self.stats()[figure as usize].sneak,
            kind,
            struck: 0,
        };
        self.walk(state, walk, false, events);
    }

    /// Walks on from where the move stopped: waypoint by waypoint, until a
    /// chain rush could be used at a spot where the figure can stand, or the
    /// end. When `resumed`, what is left of the path is checked again first
    /// (a figure may have moved into it): if it is no longer clear, the move
    /// stops here (ruling P28).
    fn walk(&self, state: &mut State, mut w: Walk, resumed: bool, events: &mut impl EventSink<Event>) {
        let figure = w.figure;
        if !self.on_table(state, figure) {
            return;
        }
        if resumed && !w.ahead.is_empty() {
            let budget = w.budget as f32 / 100.0;
            if self.check_path(state, figure, &w.ahead, budget + TOLERANCE).is_err() {
                let at = state.figures[figure as usize].at.unwrap_or(w.walked[0]);
                events.emit(Event::MoveStopped { figure, at });
                self.end_walk(state, w, events);
                return;
            }
        }
        while !w.ahead.is_empty() {
            let next = w.ahead.remove(0);
            state.figures[figure as usize].at = Some(next);
            let _ = w.walked.try_push(next);
            if w.ahead.is_empty() {
                break;
            }
            let scene = self.scene(state);
            let disc = Disc::new(v(next), self.stats()[figure as usize].radius);
            let stand = support(&scene, &disc);
            drop(scene);
            let clear = self.other_discs(state, figure).iter().all(|o| !o.overlaps(&disc));
            if let (Ok(on), true) = (stand, clear)
                && self.chain_possible(state, figure, w.struck)
            {
                state.figures[figure as usize].on = on;
                let cost = self.emit_stretch(state, &w, on, events);
                w.budget = w.budget.saturating_sub((cost * 100.0).round() as u32);
                w.walked.clear();
                w.walked.push(next);
                w.start_on = on;
                state.pending.push(Frame::Walk(Box::new(w)));
                state.pending.push(Frame::Window(Window::for_seat(
                    Trigger::Waypoint { figure },
                    Timing::After,
                    self.owner(figure),
                )));
                return;
            }
        }
        self.end_walk(state, w, events);
    }

    /// The end of a walked move: where it stands, the last stretch's event,
    /// and what follows a move.
    fn end_walk(&self, state: &mut State, w: Walk, events: &mut impl EventSink<Event>) {
        let figure = w.figure;
        let Some(at) = state.figures[figure as usize].at else { return };
        let scene = self.scene(state);
        let on = support(&scene, &Disc::new(v(at), self.stats()[figure as usize].radius)).unwrap_or(None);
        drop(scene);
        state.figures[figure as usize].on = on;
        if w.walked.len() > 1 {
            self.emit_stretch(state, &w, on, events);
        }
        self.finish_move(state, figure, w.kind, w.struck);
    }

    /// Emits the move event of the stretch walked since the last stop; returns its cost.
    fn emit_stretch(&self, state: &State, w: &Walk, on: Option<u8>, events: &mut impl EventSink<Event>) -> f32 {
        let scene = self.scene(state);
        let points: ArrayVec<_, { crate::table::MAX_WAYPOINTS + 1 }> = w.walked.iter().map(|p| v(*p)).collect();
        let cost = path_length(&points)
            + climbing(&scene, self.stats()[w.figure as usize].radius, elevation(&scene, w.start_on), &points);
        events.emit(Event::Moved { figure: w.figure, path: w.walked.to_vec(), cost, on });
        cost
    }

    /// What follows a figure's move: passive mines within reach go off
    /// first ("Damage from mines is applied before any rush or chain rush
    /// abilities"), then, after the move action, the rush window.
    pub(crate) fn finish_move(&self, state: &mut State, figure: u8, kind: WalkKind, struck: u16) {
        if kind == WalkKind::Action
            && self.abilities_of(figure).any(|(_, a)| a.has(Keyword::Rush) || a.has(Keyword::ChainRush))
        {
            state.pending.push(Frame::Window(Window::for_seat(
                Trigger::MoveEnded { figure, struck, rushed: 0 },
                Timing::After,
                self.owner(figure),
            )));
        }
        let mines = self.passive_mines_near(state, figure);
        state.pending.push_in_order(mines.into_iter().map(|mine| Frame::Detonate { mine }));
    }

    // ------------------------------------------------------------ mines

    /// Passive mines within 5 cm of a figure's base, in the order laid.
    pub(crate) fn passive_mines_near(&self, state: &State, figure: u8) -> ArrayVec<u8, POOL> {
        let Some(d) = self.disc(state, figure) else { return ArrayVec::new() };
        state
            .mines
            .iter()
            .filter(|m| m.passive && d.gap_to_point(v(m.at)) <= MINE_REACH + TOLERANCE)
            .map(|m| m.id)
            .collect()
    }

    /// A mine goes off: every figure within 5 cm of it, in sight of it, takes
    /// the die's value, as an attack of the figure that laid it.
    fn detonate(&self, state: &mut State, mine: u8, events: &mut impl EventSink<Event>) {
        let Some(k) = state.mines.iter().position(|m| m.id == mine) else { return };
        let m = state.mines.remove(k);
        events.emit(Event::MineDetonated { mine, at: m.at });
        let scene = self.scene(state);
        let point = Disc::new(v(m.at), 0.01);
        let mine_on = scene.solids.iter().position(|s| s.contains(v(m.at))).map(|i| i as u8);
        let side = self.owner(m.by);
        let mut targets: ArrayVec<u8, { crate::state::MAX_FIGURES }> = ArrayVec::new();
        for i in 0..state.figures.len() as u8 {
            let Some(d) = self.disc(state, i) else { continue };
            if d.gap_to_point(v(m.at)) > MINE_REACH + TOLERANCE {
                continue;
            }
            let enemies = self.enemy_discs(state, side, Some(i));
            if sight_range(&scene, &point, mine_on, &d, state.figures[i as usize].on, &enemies).is_some() {
                targets.push(i);
            }
        }
        drop(scene);
        let harms: Vec<Frame> = targets
            .iter()
            .map(|&t| {
                Frame::Apply(Apply::Damage(Harm {
                    target: t,
                    amount: m.die.value,
                    by: Some(m.by),
                    kind: HarmKind::Mine,
                    defendable: self.owner(t) != side,
                    sprays: false,
                }))
            })
            .collect();
        self.push_attack(state, m.by, harms, &targets, false);
    }

    /// Where a mine may be laid by `figure`'s ability with `deploy`.
    pub(crate) fn check_mine_spot(&self, state: &State, figure: u8, deploy: Reach, at: Pos) -> Result<(), Refusal> {
        const MINE: &str = "Figure ability types: Mine";
        if !at.is_finite() || !AREA.contains(v(at)) {
            return Err(Refusal::new("ep.mine.spot", "a mine is laid on the table", MINE));
        }
        let Some(base) = self.disc(state, figure) else {
            return Err(Refusal::new("ep.move.not-on-table", "that figure is not on the table", MINE));
        };
        let gap = base.gap_to_point(v(at));
        let (limit, words) = match deploy {
            Reach::BaseContact => {
                (MINE_CONTACT, "in base contact (the die within 1 cm of the base, ruling P29)".to_string())
            }
            Reach::Within(cm) => (f32::from(cm), format!("within {cm} cm of the base")),
            Reach::FigureRange | Reach::Modified(_) => {
                let r = self.reach_cm(state, figure, deploy, None);
                (r, format!("within {r:.0} cm of the base"))
            }
        };
        if gap > limit + TOLERANCE {
            return Err(refuse(
                "ep.mine.reach",
                format!("this mine is laid {words}; ({:.1}, {:.1}) is {gap:.1} cm away", at.x, at.y),
                MINE,
            ));
        }
        for i in 0..state.figures.len() as u8 {
            if let Some(d) = self.disc(state, i)
                && d.gap_to_point(v(at)) < -TOLERANCE
            {
                return Err(Refusal::new("ep.mine.base", "a mine cannot be laid under a figure's base", MINE));
            }
        }
        Ok(())
    }
}

/// A chain rush's extra condition: R3 needs the opponent to hold a prep token.
pub(crate) fn chain_ok(game: &Ephemeral, state: &State, figure: u8, a: &crate::catalogue::Ability) -> bool {
    a.params.prep_steal.is_none_or(|_| state.prep[game.owner(figure).other().index()] > 0)
}

/// The label of a die size.
fn label(sides: u8) -> &'static str {
    DIE_SIZES.iter().position(|s| *s == sides).map_or("die", |k| DIE_LABELS[k])
}
