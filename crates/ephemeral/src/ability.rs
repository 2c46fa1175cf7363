//! Using abilities: what each of the catalogue's abilities may be aimed at,
//! when it may be used, and what it does.
//!
//! The catalogue is data (`data/abilities.toml`); what an ability does
//! follows from its type, its parameters and its keywords, summed up as its
//! [`Role`]. An ability is used as the active figure's action, at the end
//! of a move (Rush) or during one (Chain Rush), or in answer to an event in
//! a reaction window (Defend, L7, a counter attack, L11, D2's spray, a
//! recurring ability again). Judging checks everything before anything
//! changes; applying spends the die, marks a Limit 1, and pushes the work
//! onto the pending stack.

use crate::action::{Aim, Use};
use crate::activation::SelfMove;
use crate::catalogue::{Ability, AbilityType, Damage, DieUse, Keyword, MineMode, PushSubject, Reach, When};
use crate::event::Event;
use crate::frame::{Apply, Frame, Harm, HarmKind, Judge, Mine, Resist, Strike, Trigger, WalkKind};
use crate::fx::Fx;
use crate::resolve::chain_ok;
use crate::rules::{Ephemeral, Judged, refuse};
use crate::state::{Die, MAX_ATTACK_DICE, Phase, Pos, State};
use crate::table::{AREA, gate_disc, slide, v};
use arbiter_core::resolve::{Effect, Expiry, Timing, Window};
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::table::{Disc, TOLERANCE, Vec2};
use arrayvec::ArrayVec;

const USE: &str = "Taking actions: Use an ability";
const TYPES: &str = "Figure ability types";

/// What an ability does, as the rules read its type, parameters and keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Attack or melee: damage (or, for R3, a stolen prep token) to targets.
    Strike,
    /// A counter attack, after surviving an opponent's attack.
    Counter,
    /// A Defend die off an attack's damage.
    Defend,
    /// L7: cancel damage to a friendly figure.
    Negate,
    /// L11: move after an opponent's attack action.
    Reply,
    /// D2: spray after this figure's standard attack deals damage.
    SprayAfter,
    /// Lay a mine.
    Mine,
    /// Move further than Movement.
    MoveBy,
    /// Push or pull figures.
    Shove,
    /// Push or pull the gate.
    ShoveGate,
    /// Heal.
    Heal,
    /// T10, L6: lower one foraged die to raise another.
    Shift,
    /// T12: the target loses actions.
    LoseAction,
    /// L9: the target gains actions.
    GainAction,
    /// Works by itself or through prep tokens (Sneak, L10, R11, D6).
    Passive,
}

impl Role {
    /// The role of a catalogue ability.
    pub fn of(a: &Ability) -> Role {
        match a.kind {
            AbilityType::Defend => Role::Defend,
            AbilityType::Attack | AbilityType::Melee if a.has(Keyword::Counter) => Role::Counter,
            AbilityType::Attack | AbilityType::Melee => Role::Strike,
            AbilityType::Heal => Role::Heal,
            AbilityType::Mine => Role::Mine,
            AbilityType::Move => Role::MoveBy,
            AbilityType::PushPull => match a.params.push_pull.map(|p| p.subject) {
                Some(PushSubject::Gate) => Role::ShoveGate,
                _ => Role::Shove,
            },
            AbilityType::Prep => Role::Passive,
            AbilityType::Misc => match a.params.when {
                Some(When::FriendHurt) => Role::Negate,
                Some(When::EnemyAttack) => Role::Reply,
                Some(When::AttackDealt) => Role::SprayAfter,
                None => match a.params.actions {
                    Some(n) if n < 0 => Role::LoseAction,
                    Some(n) if n > 0 => Role::GainAction,
                    _ if a.params.die_shift.is_some() => Role::Shift,
                    _ => Role::Passive,
                },
            },
        }
    }

    /// Whether it may be used as the active figure's action.
    fn is_action(self) -> bool {
        matches!(
            self,
            Role::Strike
                | Role::Mine
                | Role::MoveBy
                | Role::Shove
                | Role::ShoveGate
                | Role::Heal
                | Role::Shift
                | Role::LoseAction
                | Role::GainAction
        )
    }

    /// When it is used, for refusals.
    fn when(self) -> &'static str {
        match self {
            Role::Counter => "after the figure survives an opponent's attack",
            Role::Defend => "when an opponent's attack is about to damage the figure",
            Role::Negate => "when a friendly figure within its range is about to take damage",
            Role::Reply => "after an opponent's figure takes an attack action",
            Role::SprayAfter => "after the figure's standard attack deals damage",
            Role::Passive => "by itself, or through prep tokens",
            _ => "as an action",
        }
    }
}

/// The damage an attack ability deals with its die: the catalogue's
/// formula, or for a die rolled on use without one, the rolled value.
fn formula(a: &Ability) -> Option<Damage> {
    match (a.params.damage, &a.die) {
        (Some(d), _) => Some(d),
        (None, DieUse::Rolled(_)) => Some(Damage { force: false, die: true, bonus: 0 }),
        _ => None,
    }
}

impl Ephemeral {
    /// Judges the use of an ability: as the active figure's action
    /// (`trigger` none), or in answer to the event of the window on top.
    pub(crate) fn judge_use(
        &self,
        state: &State,
        seat: Seat,
        trigger: Option<&Trigger>,
        u: &Use,
    ) -> Result<Judged, Refusal> {
        self.own_figure(state, seat, u.figure)?;
        let Some(a) = self.ability(u.figure, u.slot) else {
            return Err(Refusal::new("ep.ability.none", "the figure has no ability in that slot", USE));
        };
        if !self.on_table(state, u.figure) {
            return Err(Refusal::new("ep.ability.off-table", "the figure is not on the table", USE));
        }
        let label = self.ability_label(u.figure, u.slot);
        let role = Role::of(a);
        if !self.unused(state, u.figure, u.slot) {
            return Err(refuse(
                "ep.ability.limit",
                format!("{label} is Limit 1 and has been used"),
                "Keywords: Limit 1",
            ));
        }
        self.judge_context(state, trigger, u, a, role, &label)?;
        let die = self.judge_die(state, u, a, &label)?;
        self.judge_aim(state, seat, trigger, u, a, role, die, &label)
    }

    /// Is this the moment for this ability?
    fn judge_context(
        &self,
        state: &State,
        trigger: Option<&Trigger>,
        u: &Use,
        a: &Ability,
        role: Role,
        label: &str,
    ) -> Result<(), Refusal> {
        let not_now = |when: &str| {
            refuse("ep.ability.when", format!("{label} is used {when}; {}", self.now_words(state, trigger)), USE)
        };
        match trigger {
            None => {
                let Phase::Acting { figure, .. } = state.phase else {
                    return Err(not_now(role.when()));
                };
                if u.figure != figure {
                    return Err(refuse(
                        "ep.ability.figure",
                        format!(
                            "only the active figure, {}, uses abilities as an action",
                            self.stats()[figure as usize].name
                        ),
                        USE,
                    ));
                }
                if role == Role::Passive {
                    return Err(refuse(
                        "ep.ability.passive",
                        format!("{label} works {}: it is not used as an action", role.when()),
                        TYPES,
                    ));
                }
                if !role.is_action() {
                    return Err(not_now(role.when()));
                }
                Ok(())
            }
            Some(t) => {
                let ok = match *t {
                    Trigger::Damage { target } => match role {
                        Role::Defend => u.figure == target,
                        Role::Negate => true,
                        _ => false,
                    },
                    Trigger::Dealt { attacker, .. } => role == Role::SprayAfter && u.figure == attacker,
                    Trigger::Survived { target, .. } => role == Role::Counter && u.figure == target,
                    Trigger::Attacked { attacker, replied } => {
                        role == Role::Reply
                            && self.owner(u.figure) != self.owner(attacker)
                            && replied & (1 << u.figure) == 0
                    }
                    Trigger::Waypoint { figure } => u.figure == figure && a.has(Keyword::ChainRush),
                    Trigger::MoveEnded { figure, rushed, .. } => {
                        u.figure == figure
                            && ((a.has(Keyword::Rush) && rushed & (1 << u.slot) == 0) || a.has(Keyword::ChainRush))
                    }
                    Trigger::Again { figure, slot } => u.figure == figure && u.slot == slot,
                };
                if ok { Ok(()) } else { Err(not_now(role.when())) }
            }
        }
    }

    /// The moment in words, for refusals.
    fn now_words(&self, state: &State, trigger: Option<&Trigger>) -> String {
        match (trigger, state.pending.top()) {
            (Some(_), Some(top)) => format!("now {}", self.describe_frame(top)),
            _ => "now the active figure is choosing its action".into(),
        }
    }

    /// Checks the foraged die the use names (or finds the first that fits).
    fn judge_die(&self, state: &State, u: &Use, a: &Ability, label: &str) -> Result<Option<(u8, Die)>, Refusal> {
        let dice = &state.figures[u.figure as usize].dice;
        match (&a.die, u.die) {
            (DieUse::None | DieUse::AnyForaged, None) => Ok(None),
            (DieUse::None | DieUse::AnyForaged, Some(_)) => {
                Err(refuse("ep.ability.die", format!("{label} takes no single foraged die"), "Foraged die symbols"))
            }
            (need, Some(i)) => match dice.get(i as usize) {
                Some(d) if need.accepts(d.sides, d.value) => Ok(Some((i, *d))),
                Some(d) => Err(refuse(
                    "ep.ability.die",
                    format!(
                        "{label} needs {need}; die {} on the sheet is a D{} showing {}",
                        u16::from(i) + 1,
                        d.sides,
                        d.value
                    ),
                    "Foraged die symbols",
                )),
                None => Err(Refusal::new("ep.ability.die", "there is no such foraged die on the figure's sheet", USE)),
            },
            (need, None) => match self.usable_die(state, u.figure, u.slot) {
                Some(i) => Ok(Some((i, dice[i as usize]))),
                None => Err(refuse(
                    "ep.ability.no-die",
                    format!("{label} needs {need}, and the figure has no such foraged die"),
                    "Taking actions: Use an ability",
                )),
            },
        }
    }

    /// A target must be another figure on the table within reach, over a
    /// clear sight line (base contact for melee).
    fn judge_target(
        &self,
        state: &State,
        user: u8,
        target: u8,
        a: &Ability,
        slot: u8,
        label: &str,
    ) -> Result<(), Refusal> {
        if target == user || !self.on_table(state, target) {
            return Err(refuse(
                "ep.ability.target",
                format!("{label}'s target must be another figure on the table"),
                TYPES,
            ));
        }
        let reach = a.reach();
        if reach == Reach::BaseContact {
            if !self.in_contact(state, user, target) {
                return Err(refuse(
                    "ep.ability.contact",
                    format!("{label} is melee: the target must be in base contact"),
                    "Figure ability types: Melee",
                ));
            }
            return Ok(());
        }
        let Some(range) = self.range_between(state, user, target) else {
            return Err(refuse(
                "ep.ability.sight",
                format!(
                    "{label}: no straight line from the figure's base to the target's avoids terrain and enemy bases"
                ),
                "Taking actions: Attack",
            ));
        };
        let limit = self.reach_cm(state, user, reach, Some(slot));
        if range > limit + TOLERANCE {
            return Err(refuse(
                "ep.ability.range",
                format!(
                    "the target is {range:.1} cm away; {label}'s {}",
                    self.reach_text(state, user, reach, Some(slot))
                ),
                "Figure ability types: Attack",
            ));
        }
        Ok(())
    }

    /// Checks what the use is aimed at, for the ability's role.
    #[allow(clippy::too_many_arguments)]
    fn judge_aim(
        &self,
        state: &State,
        seat: Seat,
        trigger: Option<&Trigger>,
        u: &Use,
        a: &Ability,
        role: Role,
        die: Option<(u8, Die)>,
        label: &str,
    ) -> Result<Judged, Refusal> {
        let wrong_aim = |what: &str| refuse("ep.ability.aim", format!("{label} is aimed at {what}"), USE);
        if u.tokens > 0 && a.params.spray.is_none_or(|s| !s.per_prep_token) {
            return Err(refuse("ep.ability.tokens", format!("{label} takes no prep tokens"), USE));
        }
        match role {
            Role::Strike => {
                if a.die == DieUse::AnyForaged {
                    let Aim::Pools(pools) = &u.aim else {
                        return Err(wrong_aim("targets, each with a pool of foraged dice"));
                    };
                    return self.judge_pools(state, u, a, pools, label);
                }
                let Aim::Figures(ts) = &u.aim else { return Err(wrong_aim("target figures")) };
                if ts.is_empty() || ts.len() > usize::from(a.targets()) {
                    return Err(refuse(
                        "ep.ability.targets",
                        format!("{label} takes 1–{} targets", a.targets()),
                        TYPES,
                    ));
                }
                for (k, &t) in ts.iter().enumerate() {
                    if ts[..k].contains(&t) {
                        return Err(refuse(
                            "ep.ability.targets",
                            "a figure is named twice as a target",
                            "Keywords: Multiple targets",
                        ));
                    }
                    self.judge_target(state, u.figure, t, a, u.slot, label)?;
                    let chain = match trigger {
                        Some(Trigger::Waypoint { .. }) => Some(self.walk_struck(state)),
                        Some(Trigger::MoveEnded { struck, .. }) if !(a.has(Keyword::Rush)) => Some(*struck),
                        _ => None,
                    };
                    if let Some(struck) = chain {
                        if self.owner(t) == seat {
                            return Err(refuse(
                                "ep.ability.chain",
                                "a chain rush targets opponent figures",
                                "Keywords: Chain Rush",
                            ));
                        }
                        if struck & (1 << t) != 0 {
                            return Err(refuse(
                                "ep.ability.chain",
                                "a single chain rush cannot target the same figure twice in one move",
                                "Keywords: Chain Rush",
                            ));
                        }
                    }
                    if a.params.prep_steal.is_some() {
                        if self.owner(t) == seat {
                            return Err(refuse(
                                "ep.ability.steal",
                                format!("{label} takes prep tokens from an opponent's figure"),
                                TYPES,
                            ));
                        }
                        if !chain_ok(self, state, u.figure, a) {
                            return Err(refuse("ep.ability.steal", "the opponent has no prep token to take", TYPES));
                        }
                    }
                }
                if u.tokens > state.prep[seat.index()] {
                    return Err(Refusal::new(
                        "ep.prep.none",
                        "you do not have that many prep tokens to discard",
                        "Keywords: Spray",
                    ));
                }
                Ok(Judged::Plain)
            }
            Role::Counter => {
                let Aim::Counter { target, dice } = &u.aim else { return Err(wrong_aim("a counter attack's target")) };
                let Some(Trigger::Survived { attacker, .. }) = trigger else {
                    return Err(wrong_aim("a counter attack's target"));
                };
                if self.edition() == crate::Edition::V020 && *target != *attacker {
                    return Err(refuse(
                        "ep.counter.target",
                        "in v0.20 the target of a counter attack must be the original attacking opponent's figure",
                        "Figure ability types: Attack",
                    ));
                }
                if formula(a).is_some() {
                    self.judge_target(state, u.figure, *target, a, u.slot, label)?;
                    if dice.iter().any(|&n| n > 0) {
                        return Err(refuse(
                            "ep.counter.dice",
                            format!("{label} deals its die's value: it rolls no dice"),
                            TYPES,
                        ));
                    }
                    Ok(Judged::Plain)
                } else {
                    self.judge_attack(state, u.figure, *target, dice)
                }
            }
            Role::Defend => {
                let Aim::Defend(_) = u.aim else { return Err(wrong_aim("the die as it shows, or rerolled")) };
                match self.incoming(state) {
                    Some(h) if h.defendable && h.kind != HarmKind::Spray => Ok(Judged::Plain),
                    _ => Err(refuse(
                        "ep.defend.not-defendable",
                        "no Defend ability may be used against this damage (L12, spray, or one's own attack)",
                        "Figure ability types: Defense",
                    )),
                }
            }
            Role::Negate => {
                let Aim::Negate(n) = u.aim else { return Err(wrong_aim("an amount of damage to cancel")) };
                let Some(Trigger::Damage { target }) = trigger else { return Err(wrong_aim("damage to a friend")) };
                let (_, d) = die.ok_or_else(|| wrong_aim("a D8"))?;
                let h = self.incoming(state).ok_or_else(|| wrong_aim("damage to a friend"))?;
                if self.owner(*target) != seat {
                    return Err(refuse("ep.negate.friend", format!("{label} protects friendly figures"), TYPES));
                }
                if n == 0 || n > d.value || n > h.amount {
                    return Err(refuse(
                        "ep.negate.amount",
                        format!(
                            "cancel 1–{} damage (the die shows {}, the damage is {})",
                            d.value.min(h.amount),
                            d.value,
                            h.amount
                        ),
                        TYPES,
                    ));
                }
                if !self.within_reach(state, u.figure, *target, a.reach(), Some(u.slot)) {
                    return Err(refuse("ep.negate.range", format!("{label} protects friends within its range"), TYPES));
                }
                Ok(Judged::Plain)
            }
            Role::Reply => {
                let Aim::Path(path) = &u.aim else { return Err(wrong_aim("a path to move along")) };
                self.may_move(state, u.figure, SelfMove::Reply)?;
                let budget = f32::from(a.params.move_cm.unwrap_or(0));
                self.check_path(state, u.figure, path, budget).map(Judged::Moved)
            }
            Role::SprayAfter => match u.aim {
                Aim::Nothing => Ok(Judged::Plain),
                _ => Err(wrong_aim("nothing: it sprays around the damaged figure")),
            },
            Role::Mine => {
                let Aim::Point(p) = u.aim else { return Err(wrong_aim("a point on the table")) };
                let deploy = a.params.mine.map_or(Reach::BaseContact, |m| m.deploy);
                self.check_mine_spot(state, u.figure, deploy, p).map(|_| Judged::Plain)
            }
            Role::MoveBy => {
                let Aim::Path(path) = &u.aim else { return Err(wrong_aim("a path to move along")) };
                self.may_move(state, u.figure, SelfMove::Action)?;
                let (_, d) = die.ok_or_else(|| wrong_aim("a path"))?;
                let budget = self.stats()[u.figure as usize].movement_cm + 2.0 * f32::from(d.value);
                self.check_path(state, u.figure, path, budget).map(Judged::Moved)
            }
            Role::Shove => {
                let Aim::Shove(list) = &u.aim else { return Err(wrong_aim("figures to push or pull")) };
                if list.is_empty() || list.len() > usize::from(a.targets()) {
                    return Err(refuse(
                        "ep.ability.targets",
                        format!("{label} moves 1–{} figures", a.targets()),
                        TYPES,
                    ));
                }
                for (k, (t, _)) in list.iter().enumerate() {
                    if list[..k].iter().any(|(o, _)| o == t) {
                        return Err(refuse("ep.ability.targets", "a figure is named twice", TYPES));
                    }
                    self.judge_target(state, u.figure, *t, a, u.slot, label)?;
                }
                Ok(Judged::Plain)
            }
            Role::ShoveGate => {
                let Aim::Gate(_) = u.aim else { return Err(wrong_aim("the gate, pushed or pulled")) };
                let (Some(g), Some(f)) = (state.gate, state.figures[u.figure as usize].at) else {
                    return Err(Refusal::new("ep.gate.none", "the gate is not on the table", TYPES));
                };
                if v(g).distance(v(f)) < 0.01 {
                    return Err(Refusal::new(
                        "ep.gate.line",
                        "the figure stands at the gate's centre: there is no line to push or pull the gate along",
                        "Figure ability types: Push Pull",
                    ));
                }
                Ok(Judged::Plain)
            }
            Role::Heal => match u.aim {
                Aim::Nothing => Ok(Judged::Plain),
                _ => Err(wrong_aim("nothing: it heals every figure (All)")),
            },
            Role::Shift => {
                let Aim::Raise { figure, die: raise } = u.aim else { return Err(wrong_aim("a foraged die to raise")) };
                let (low, d) = die.ok_or_else(|| wrong_aim("a die to raise"))?;
                if d.value <= 1 {
                    return Err(refuse(
                        "ep.shift.low",
                        format!("the D{} already shows 1: it cannot be lowered", d.sides),
                        TYPES,
                    ));
                }
                self.own_figure(state, seat, figure)?;
                if figure == u.figure && raise == low {
                    return Err(refuse("ep.shift.same", "the die raised must be another die", TYPES));
                }
                match state.figures[figure as usize].dice.get(raise as usize) {
                    Some(r) if r.value < r.sides => Ok(Judged::Plain),
                    Some(_) => Err(Refusal::new("ep.prep.max", "that die already shows its maximum", TYPES)),
                    None => Err(Refusal::new(
                        "ep.prep.foraged",
                        "that figure has no such foraged die (and a player may never change an opponent's die)",
                        "FAQ 1",
                    )),
                }
            }
            Role::LoseAction | Role::GainAction => {
                let Aim::Figures(ts) = &u.aim else { return Err(wrong_aim("a target figure")) };
                let [t] = ts.as_slice() else { return Err(wrong_aim("one target figure")) };
                self.judge_target(state, u.figure, *t, a, u.slot, label)?;
                let f = &state.figures[*t as usize];
                if role == Role::LoseAction && f.actions == 0 {
                    return Err(refuse("ep.ability.actions", "the target has no action left to lose", TYPES));
                }
                if role == Role::GainAction && (self.owner(*t) != seat || f.activations > 0) {
                    return Err(refuse(
                        "ep.ability.unactivated",
                        format!("{label} gives an action to one of your figures that has not been activated yet"),
                        TYPES,
                    ));
                }
                Ok(Judged::Plain)
            }
            Role::Passive => Err(refuse("ep.ability.passive", format!("{label} works by itself"), TYPES)),
        }
    }

    /// L1's pools: up to three distinct targets, each with a non-empty pool
    /// of this figure's foraged dice, no die in two pools.
    fn judge_pools(
        &self,
        state: &State,
        u: &Use,
        a: &Ability,
        pools: &[(u8, u16)],
        label: &str,
    ) -> Result<Judged, Refusal> {
        let n = state.figures[u.figure as usize].dice.len();
        if pools.is_empty() || pools.len() > usize::from(a.targets()) {
            return Err(refuse("ep.ability.targets", format!("{label} forms 1–{} attack pools", a.targets()), TYPES));
        }
        let mut seen = 0u16;
        for (k, (t, mask)) in pools.iter().enumerate() {
            if pools[..k].iter().any(|(o, _)| o == t) {
                return Err(refuse("ep.ability.targets", "each pool has its own target", "Keywords: Multiple targets"));
            }
            if *mask == 0 || (*mask >> n) != 0 || mask.count_ones() as usize > MAX_ATTACK_DICE {
                return Err(refuse(
                    "ep.pools.dice",
                    format!("each pool takes some of the figure's {n} foraged dice (numbered from 1)"),
                    TYPES,
                ));
            }
            if seen & mask != 0 {
                return Err(refuse("ep.pools.dice", "a foraged die may be in one pool only", TYPES));
            }
            seen |= mask;
            self.judge_target(state, u.figure, *t, a, u.slot, label)?;
        }
        Ok(Judged::Plain)
    }

    /// The chain-rush targets already struck in the move on the stack.
    fn walk_struck(&self, state: &State) -> u16 {
        state
            .pending
            .iter()
            .find_map(|f| match f {
                Frame::Walk(w) => Some(w.struck),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Applies a judged use.
    pub(crate) fn apply_use(
        &self,
        state: &mut State,
        seat: Seat,
        trigger: Option<Trigger>,
        u: &Use,
        judged: Judged,
        events: &mut impl EventSink<Event>,
    ) {
        let Some(a) = self.ability(u.figure, u.slot).cloned() else { return };
        let role = Role::of(&a);
        // Which die: the one named, or the first that fits.
        let die_index = match u.die {
            Some(i) => Some(i),
            None if a.die.needs_die() && a.die != DieUse::AnyForaged => self.usable_die(state, u.figure, u.slot),
            None => None,
        };
        let die = die_index.and_then(|i| state.figures[u.figure as usize].dice.get(i as usize).copied());
        // Shifting dice (T10, L6) and L7 keep their die; everything else spends it.
        if let (Some(i), false) = (die_index, matches!(role, Role::Shift | Role::Negate)) {
            let dice = &mut state.figures[u.figure as usize].dice;
            if (i as usize) < dice.len() {
                dice.remove(i as usize);
            }
        }
        if a.has(Keyword::Limit1) {
            state.effects.add(Effect::new(Fx::Used(u.slot), u.figure, Expiry::Never));
        }
        events.emit(Event::Used { figure: u.figure, slot: u.slot, die });
        self.note_in_window(state, seat, trigger, u, &a);
        let own_turn = matches!(state.phase, Phase::Acting { figure, .. } if self.owner(figure) == seat);
        let action = trigger.is_none();
        let value = die.map_or(0, |d| d.value);
        let user = u.figure;
        match role {
            Role::Strike => self.apply_strike(state, seat, u, &a, die, action, own_turn, trigger, events),
            Role::Counter => {
                let Aim::Counter { target, dice } = &u.aim else { return };
                let range = self.range_between(state, user, *target).unwrap_or(0.0);
                events.emit(Event::Attack { attacker: user, target: *target, range });
                let force = self.take_next_attack_bonuses(state, user);
                let defendable = self.owner(*target) != seat;
                match formula(&a) {
                    Some(f) => {
                        let amount = f.amount(u32::from(force), u32::from(value)).min(255) as u8;
                        let h = Harm {
                            target: *target,
                            amount,
                            by: Some(user),
                            kind: HarmKind::Attack,
                            defendable,
                            sprays: false,
                        };
                        self.push_attack(state, user, vec![Frame::Apply(Apply::Damage(h))], &[*target], true);
                    }
                    None => {
                        let strike = Strike {
                            attacker: user,
                            target: *target,
                            dice: crate::activation::attack_dice(dice),
                            judge: Judge::Force { force },
                            slot: None,
                            tokens: false,
                            defendable,
                            action: true,
                        };
                        self.push_attack(state, user, vec![Frame::AttackRoll(strike)], &[*target], true);
                    }
                }
            }
            Role::Defend => {
                let Aim::Defend(reroll) = u.aim else { return };
                let Some(d) = die else { return };
                if reroll {
                    state.pending.push(Frame::DefendRoll { figure: user, slot: u.slot, sides: d.sides });
                } else {
                    self.reduce_damage(state, d.value);
                    events.emit(Event::Defended { figure: user, slot: u.slot, value: d.value, rerolled: false });
                }
            }
            Role::Negate => {
                let (Aim::Negate(n), Some(i), Some(Trigger::Damage { target })) = (&u.aim, die_index, trigger) else {
                    return;
                };
                let dice = &mut state.figures[user as usize].dice;
                if let Some(d) = dice.get_mut(i as usize) {
                    d.value = d.value.saturating_sub(*n);
                    if d.value == 0 {
                        dice.remove(i as usize);
                    }
                }
                self.reduce_damage(state, *n);
                events.emit(Event::Negated { by: user, target, amount: *n });
            }
            Role::Reply => {
                let (Aim::Path(path), Judged::Moved(m)) = (&u.aim, judged) else { return };
                let budget = f32::from(a.params.move_cm.unwrap_or(0));
                self.start_walk(state, user, path, budget, m, WalkKind::Reply, events);
            }
            Role::SprayAfter => {
                let Some(Trigger::Dealt { target, at, .. }) = trigger else { return };
                if let Some(s) = a.params.spray {
                    state.pending.push(Frame::Apply(Apply::Spray {
                        around: target,
                        at,
                        amount: s.damage,
                        range_cm: s.range_cm.min(255) as u8,
                        by: user,
                    }));
                }
            }
            Role::Mine => {
                let (Aim::Point(at), Some(d)) = (u.aim.clone(), die) else { return };
                state.mines_laid = state.mines_laid.saturating_add(1);
                let id = state.mines_laid;
                let passive = a.params.mine.is_some_and(|m| m.mode == MineMode::Passive);
                let _ = state.mines.try_push(Mine { id, by: user, slot: u.slot, die: d, at, passive });
                events.emit(Event::MineLaid { mine: id, figure: user, die: d, at, passive });
            }
            Role::MoveBy => {
                let (Aim::Path(path), Judged::Moved(m)) = (&u.aim, judged) else { return };
                let budget = self.stats()[user as usize].movement_cm + 2.0 * f32::from(value);
                self.start_walk(state, user, path, budget, m, WalkKind::Action, events);
            }
            Role::Shove => {
                let Aim::Shove(list) = &u.aim else { return };
                let mut mines: ArrayVec<u8, { crate::state::POOL }> = ArrayVec::new();
                for &(t, pull) in list {
                    self.shove(state, user, t, pull, f32::from(value), events);
                    if self.edition() == crate::Edition::V026 {
                        for m in self.passive_mines_near(state, t) {
                            if !mines.contains(&m) {
                                let _ = mines.try_push(m);
                            }
                        }
                    }
                }
                state.pending.push_in_order(mines.into_iter().map(|mine| Frame::Detonate { mine }));
            }
            Role::ShoveGate => {
                let Aim::Gate(pull) = u.aim else { return };
                self.shove_gate(state, user, pull, f32::from(value), events);
            }
            Role::Heal => {
                for i in 0..state.figures.len() {
                    let f = &mut state.figures[i];
                    if f.on_table() && f.damage > 0 {
                        let amount = f.damage;
                        f.damage = 0;
                        events.emit(Event::Healed { figure: i as u8, amount });
                    }
                }
            }
            Role::Shift => {
                let (Aim::Raise { figure, die: raise }, Some(low)) = (u.aim.clone(), die_index) else { return };
                let shift = a.params.die_shift.unwrap_or(2);
                let lowered = {
                    let d = &mut state.figures[user as usize].dice[low as usize];
                    d.value = d.value.saturating_sub(shift).max(1);
                    *d
                };
                let raised = {
                    let d = &mut state.figures[figure as usize].dice[raise as usize];
                    d.value = (d.value + shift).min(d.sides);
                    *d
                };
                events.emit(Event::Shifted { lowered: user, low: lowered, raised: figure, high: raised });
                if a.has(Keyword::Recurring) && !matches!(trigger, Some(Trigger::Again { .. })) {
                    state.pending.push(Frame::Window(Window::for_seat(
                        Trigger::Again { figure: user, slot: u.slot },
                        Timing::After,
                        seat,
                    )));
                }
            }
            Role::LoseAction => {
                let Aim::Figures(ts) = &u.aim else { return };
                let Some(&t) = ts.first() else { return };
                let effect = Apply::LoseAction { target: t };
                self.push_effects(state, user, u.slot, &a, value, t, &[effect]);
            }
            Role::GainAction => {
                let Aim::Figures(ts) = &u.aim else { return };
                let Some(&t) = ts.first() else { return };
                let f = &mut state.figures[t as usize];
                f.actions = f.actions.saturating_add(a.params.actions.unwrap_or(1).max(0) as u8);
                events.emit(Event::ActionGained { figure: t });
            }
            Role::Passive => {}
        }
    }

    /// Records a use in the window it answers: a rush used, a chain-rush
    /// target struck, an L11 figure that replied, a counter given.
    fn note_in_window(&self, state: &mut State, seat: Seat, trigger: Option<Trigger>, u: &Use, a: &Ability) {
        let target = match &u.aim {
            Aim::Figures(ts) => ts.first().copied(),
            _ => None,
        };
        match trigger {
            Some(Trigger::Waypoint { .. }) => {
                if let (Some(t), Some(walk)) = (
                    target,
                    state.pending.find_mut(|f| match f {
                        Frame::Walk(w) => Some(w),
                        _ => None,
                    }),
                ) {
                    walk.struck |= 1 << t;
                }
            }
            Some(Trigger::MoveEnded { .. }) => {
                if let Some(Frame::Window(w)) = state.pending.top_mut()
                    && let Trigger::MoveEnded { struck, rushed, .. } = &mut w.trigger
                {
                    if a.has(Keyword::Rush) {
                        *rushed |= 1 << u.slot;
                    } else if let Some(t) = target {
                        *struck |= 1 << t;
                    }
                }
            }
            Some(Trigger::Attacked { .. }) => {
                if let Some(Frame::Window(w)) = state.pending.top_mut()
                    && let Trigger::Attacked { replied, .. } = &mut w.trigger
                {
                    *replied |= 1 << u.figure;
                }
            }
            Some(Trigger::Survived { .. }) | Some(Trigger::Dealt { .. }) => {
                if let Some(Frame::Window(w)) = state.pending.top_mut() {
                    w.done(seat);
                }
            }
            _ => {}
        }
    }

    /// An attack or melee ability: damage, a rolled die, pools, a stolen
    /// prep token, or D10's immobilize and spray; resisted where it says so.
    #[allow(clippy::too_many_arguments)]
    fn apply_strike(
        &self,
        state: &mut State,
        seat: Seat,
        u: &Use,
        a: &Ability,
        die: Option<Die>,
        action: bool,
        own_turn: bool,
        _trigger: Option<Trigger>,
        events: &mut impl EventSink<Event>,
    ) {
        let user = u.figure;
        let force = self.take_next_attack_bonuses(state, user);
        if a.has(Keyword::Immobile) {
            state.effects.replace(Effect::new(Fx::Immobile, user, Expiry::Never));
            events.emit(Event::Immobile { figure: user });
        }
        if let Some(n) = a.params.prep_gain {
            state.prep[seat.index()] = state.prep[seat.index()].saturating_add(n);
            events.emit(Event::Prepared { seat });
        }
        // L1: pools of this figure's foraged dice, each rolled at its target.
        if let Aim::Pools(pools) = &u.aim {
            let held = state.figures[user as usize].dice.clone();
            let mut frames = Vec::new();
            let mut targets = Vec::new();
            for (t, mask) in pools {
                let dice: ArrayVec<Die, MAX_ATTACK_DICE> = held
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, d)| Die { sides: d.sides, value: 0 })
                    .take(MAX_ATTACK_DICE)
                    .collect();
                frames.push(Frame::AttackRoll(Strike {
                    attacker: user,
                    target: *t,
                    dice,
                    judge: Judge::Force { force },
                    slot: Some(u.slot),
                    tokens: own_turn,
                    defendable: self.owner(*t) != seat && !a.params.ignores_defence,
                    action,
                }));
                targets.push(*t);
            }
            let used: u16 = pools.iter().fold(0, |m, (_, p)| m | p);
            let f = &mut state.figures[user as usize];
            f.dice = held.iter().enumerate().filter(|(i, _)| used & (1 << i) == 0).map(|(_, d)| *d).collect();
            self.push_attack(state, user, frames, &targets, action);
            return;
        }
        let Aim::Figures(ts) = &u.aim else { return };
        let targets: Vec<u8> = ts.to_vec();
        let value = die.map_or(0, |d| d.value);
        // R3: a stolen prep token.
        if let Some(n) = a.params.prep_steal {
            let other = seat.other();
            let taken = state.prep[other.index()].min(n);
            state.prep[other.index()] -= taken;
            state.prep[seat.index()] = state.prep[seat.index()].saturating_add(taken);
            if taken > 0 {
                events.emit(Event::Stole { by: user, from: other });
            }
        }
        // A die rolled on use: a strike with one die.
        if let (DieUse::Rolled(sides), Some(f)) = (&a.die, formula(a)) {
            let frames: Vec<Frame> = targets
                .iter()
                .map(|&t| {
                    let mut dice = ArrayVec::new();
                    dice.push(Die { sides: *sides, value: 0 });
                    Frame::AttackRoll(Strike {
                        attacker: user,
                        target: t,
                        dice,
                        judge: Judge::Formula { damage: f, force },
                        slot: Some(u.slot),
                        tokens: own_turn,
                        defendable: self.owner(t) != seat && !a.params.ignores_defence,
                        action,
                    })
                })
                .collect();
            self.push_attack(state, user, frames, &targets, action);
            return;
        }
        let mut frames = Vec::new();
        for &t in &targets {
            let mut effects: ArrayVec<Apply, 2> = ArrayVec::new();
            if let Some(f) = formula(a) {
                let amount = f.amount(u32::from(force), u32::from(value)).min(255) as u8;
                if amount > 0 {
                    effects.push(Apply::Damage(Harm {
                        target: t,
                        amount,
                        by: Some(user),
                        kind: HarmKind::Attack,
                        defendable: self.owner(t) != seat && !a.params.ignores_defence,
                        sprays: false,
                    }));
                }
            }
            if a.has(Keyword::Immobilize) {
                effects.push(Apply::Immobilize { target: t });
            }
            if let Some(s) = a.params.spray.filter(|s| s.per_prep_token)
                && u.tokens > 0
                && let Some(at) = state.figures[t as usize].at
            {
                let _ = effects.try_push(Apply::Spray {
                    around: t,
                    at,
                    amount: s.damage.saturating_mul(u.tokens),
                    range_cm: s.range_cm.min(255) as u8,
                    by: user,
                });
            }
            match self.resist_modifier(a) {
                Some(modifier) => frames.push(Frame::Resist(Resist {
                    target: t,
                    by: user,
                    slot: u.slot,
                    against: value,
                    modifier,
                    dice: ArrayVec::new(),
                    effects,
                })),
                None => frames.extend(effects.into_iter().map(Frame::Apply)),
            }
        }
        if u.tokens > 0 {
            state.prep[seat.index()] = state.prep[seat.index()].saturating_sub(u.tokens);
        }
        self.push_attack(state, user, frames, &targets, action);
    }

    /// The resist modifier if the target may resist: Resistible ±n, or the
    /// Immobilize keyword (itself Resistible).
    fn resist_modifier(&self, a: &Ability) -> Option<i8> {
        a.resistible().or_else(|| a.has(Keyword::Immobilize).then_some(0))
    }

    /// Pushes effects on `target`, through a resist roll if the ability allows one.
    #[allow(clippy::too_many_arguments)]
    fn push_effects(
        &self,
        state: &mut State,
        user: u8,
        slot: u8,
        a: &Ability,
        value: u8,
        target: u8,
        effects: &[Apply],
    ) {
        match self.resist_modifier(a) {
            Some(modifier) => state.pending.push(Frame::Resist(Resist {
                target,
                by: user,
                slot,
                against: value,
                modifier,
                dice: ArrayVec::new(),
                effects: effects.iter().copied().collect(),
            })),
            None => state.pending.push_in_order(effects.iter().map(|e| Frame::Apply(*e))),
        }
    }

    /// Pushes (away) or pulls (toward) `target` along the line through both
    /// centres by `dist` cm, stopping short of terrain, bases and the edge
    /// (ruling P27).
    fn shove(
        &self,
        state: &mut State,
        user: u8,
        target: u8,
        pull: bool,
        dist: f32,
        events: &mut impl EventSink<Event>,
    ) {
        let (Some(from), Some(by)) = (state.figures[target as usize].at, state.figures[user as usize].at) else {
            return;
        };
        let line = v(from) - v(by);
        if line.length() < 1e-4 {
            return;
        }
        let dir = if pull { -line.normalize() } else { line.normalize() };
        let scene = self.scene(state);
        let others = self.other_discs(state, target);
        let on = state.figures[target as usize].on;
        let moved = slide(&scene, self.stats()[target as usize].radius, v(from), on, dir, dist, &others);
        drop(scene);
        let end = v(from) + dir * moved;
        let to = Pos::new((end.x * 100.0).round() / 100.0, (end.y * 100.0).round() / 100.0);
        let to = if self.stays_legal(state, target, to) { to } else { from };
        state.figures[target as usize].at = Some(to);
        events.emit(Event::Pushed { figure: target, by: user, from, to, pull, short: moved + 0.005 < dist });
    }

    /// True if a base of `figure` may stand at `to` (rounding never breaks the rules).
    fn stays_legal(&self, state: &State, figure: u8, to: Pos) -> bool {
        let scene = self.scene(state);
        let disc = Disc::new(v(to), self.stats()[figure as usize].radius);
        AREA.holds(&disc)
            && self.other_discs(state, figure).iter().all(|o| !o.overlaps(&disc))
            && crate::table::support(&scene, &disc).is_ok_and(|o| o == state.figures[figure as usize].on)
    }

    /// L3: the gate slides along the line through the figure's and the
    /// gate's centres by `dist` cm, staying on the table; figures and
    /// terrain stay where they are.
    fn shove_gate(&self, state: &mut State, user: u8, pull: bool, dist: f32, events: &mut impl EventSink<Event>) {
        let (Some(g), Some(by)) = (state.gate, state.figures[user as usize].at) else { return };
        let line = v(g) - v(by);
        if line.length() < 1e-4 {
            return;
        }
        let dir: Vec2 = if pull { -line.normalize() } else { line.normalize() };
        let mut moved = dist;
        for _ in 0..24 {
            if AREA.holds(&gate_disc(Pos::new(g.x + dir.x * moved, g.y + dir.y * moved))) {
                break;
            }
            moved *= 0.5;
        }
        if !AREA.holds(&gate_disc(Pos::new(g.x + dir.x * moved, g.y + dir.y * moved))) {
            moved = 0.0;
        }
        let to =
            Pos::new(((g.x + dir.x * moved) * 100.0).round() / 100.0, ((g.y + dir.y * moved) * 100.0).round() / 100.0);
        let to = if AREA.holds(&gate_disc(to)) { to } else { g };
        state.gate = Some(to);
        events.emit(Event::GateMoved { by: user, from: g, to });
    }
}
