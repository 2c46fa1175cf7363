//! Powers and strike riders: effects a target may save against.
//!
//! "When a creature uses a power that includes a saving throw …, each
//! target rolls a saving throw … and compares the result to the caster's
//! Power." A power (a feature with a range or area that is not a strike,
//! carrying an effect: [`crate::program`]) affects one creature in reach or
//! range, or every creature in its emanation, cone or line; a strike's
//! rider is what its hit adds. Each affected creature gets an
//! [`Affect`] frame: dice for its save if the effect allows one, then
//! damage, persistent damage and conditions by the save's degree.

use super::action::Aim;
use super::damage::{Damage, DamageType, Types, halve};
use super::event::{Degree, Event};
use super::rules::{P2v, section};
use super::state::{Affect, Conditions, Frame, Hit, Life, Obstacle, Phase, Source, State, Turn};
use crate::feature::{Action as Cost, Area as CardArea};
use crate::program::{Affects, Against, BlockAgainst, Ferocity, Give, Outcome, Program, Save, When};
use arbiter_core::{DiceRequest, EventSink, Refusal};
use arbiter_geometry::battle::area::cone_origins;
use arbiter_geometry::battle::{Area, FigureId, Point, Space, Square};

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>, section: &'static str) -> Refusal {
    Refusal::because(rule, reason, section)
}

/// What an effect does to one creature, taken from its source.
struct Effect<'p> {
    name: &'p str,
    damage: Option<Damage>,
    persistent: Option<Damage>,
    apply: &'p [Give],
    save: Option<Save>,
    area: bool,
    /// Squares a failed save pulls the target toward the user, and whether
    /// the user then strikes it if adjacent.
    pull: Option<(u8, bool)>,
    /// Whether a failed save binds the target and the user (Vitriol).
    bind: bool,
    /// HP it heals.
    heal: Option<u16>,
    /// Bonuses it gives until the user's next turn.
    bonus: Option<crate::program::Bonus>,
    /// The lasting spell effects it ends (Dispel Magic).
    dispel: &'p [crate::program::Lasts],
    /// The terrain trait a creature must stand on to be affected.
    on: Option<arbiter_geometry::battle::Traits>,
    /// Whether a failed save swallows the target (Swallow Whole).
    swallow: bool,
}

impl<'p> Effect<'p> {
    /// What a hit adds (a weapon's rider, a compound action's `hit`): its
    /// damage, persistent damage and conditions, with their save.
    fn of_hit(name: &'p str, e: &'p Program) -> Effect<'p> {
        Effect {
            name,
            damage: e.damage.map(|d| d.0),
            persistent: e.persistent.map(|d| d.0),
            apply: &e.apply,
            save: e.save,
            area: false,
            pull: None,
            bind: false,
            heal: None,
            bonus: None,
            dispel: &[],
            on: None,
            swallow: false,
        }
    }
}

impl P2v {
    /// The save an [`Affect`] frame's target rolls against it, if any.
    pub(crate) fn affect_save(&self, a: &Affect) -> Option<crate::program::SaveKind> {
        self.effect(a).and_then(|e| e.save).map(|s| s.kind)
    }

    /// The traits of the effect an [`Affect`] frame applies: its spell's
    /// (sleep: mental), and mental when it deals mental damage (ruling P2V-R76).
    pub(crate) fn affect_traits(&self, a: &Affect) -> Vec<crate::program::EffectTrait> {
        use crate::program::EffectTrait;
        let mut out = match a.source {
            Source::Power { power } => self.spell_of(a.user, power).map(|sp| sp.traits.clone()).unwrap_or_default(),
            _ => Vec::new(),
        };
        let mental =
            self.effect(a).and_then(|e| e.damage).is_some_and(|d| d.types.meets(Types::of(DamageType::Mental)));
        if mental && !out.contains(&EffectTrait::Mental) {
            out.push(EffectTrait::Mental);
        }
        out
    }

    /// The effect an [`Affect`] frame applies.
    fn effect<'p>(&'p self, a: &Affect) -> Option<Effect<'p>> {
        let p = self.profile(usize::from(a.user))?;
        match a.source {
            Source::Power { power } => {
                let pw = p.powers.get(usize::from(power))?;
                let e: &Program = &pw.program;
                Some(Effect {
                    name: &pw.name,
                    damage: e.damage.map(|d| d.0),
                    persistent: e.persistent.map(|d| d.0),
                    apply: &e.apply,
                    save: e.save,
                    area: pw.area.is_some_and(|a| !a.single_target()),
                    pull: e.pull.map(|n| (n, e.then.is_some())),
                    bind: e.bind,
                    heal: e.heal,
                    bonus: e.bonus,
                    dispel: &e.dispel,
                    on: e.on.as_deref().and_then(arbiter_geometry::battle::Traits::parse),
                    swallow: e.swallow.is_some(),
                })
            }
            Source::Rider { weapon } => {
                let w = p.weapons.get(usize::from(weapon))?;
                Some(Effect::of_hit(&w.name, w.hit.as_ref()?))
            }
            Source::Step { power } => {
                let pw = p.powers.get(usize::from(power))?;
                Some(Effect::of_hit(&pw.name, pw.program.hit.as_ref()?))
            }
            Source::Strike { weapon, damage } => {
                let w = p.weapons.get(usize::from(weapon))?;
                Some(Effect {
                    name: &w.name,
                    damage: Some(damage),
                    persistent: None,
                    apply: &[],
                    save: w.save,
                    area: false,
                    pull: None,
                    bind: false,
                    heal: None,
                    bonus: None,
                    dispel: &[],
                    on: None,
                    swallow: false,
                })
            }
        }
    }

    /// A creature's Power now: "Rattled: −2 to Fight and Power".
    pub fn power_now(&self, s: &State, who: u8) -> i32 {
        let Some(p) = self.profile(usize::from(who)) else { return 0 };
        let rattled = s.creatures.get(usize::from(who)).is_some_and(|c| c.conditions.has(Conditions::RATTLED));
        p.power - if rattled { 2 } else { 0 } + self.bonus(s, who, super::cast::Stat::Power)
    }

    /// A weapon strike of `attacker` hit `target`: a readied `next_hit`
    /// (Basic Poison) gives its conditions and is spent. A spell listed as
    /// a strike is no weapon strike (ruling P2V-R83).
    pub(crate) fn next_hit<E: EventSink<Event>>(
        &self,
        s: &mut State,
        attacker: u8,
        weapon: u8,
        target: u8,
        events: &mut E,
    ) {
        let Some(p) = self.profile(usize::from(attacker)) else { return };
        let spell = p
            .weapons
            .get(usize::from(weapon))
            .is_some_and(|w| crate::spell::SpellBook::starter_ref().is_ok_and(|b| b.get(&w.name).is_some()));
        let readied = s.effects.on(attacker).find_map(|e| match e.kind {
            super::state::Lasting::NextHit { power } => Some(power),
            _ => None,
        });
        let Some(power) = readied.filter(|_| !spell) else { return };
        s.effects.remove(attacker, super::state::Lasting::NextHit { power }, |_| {});
        let Some(pw) = p.powers.get(usize::from(power)) else { return };
        let (name, give) = (pw.name.clone(), pw.program.next_hit.clone());
        events.emit(Event::Condition { who: attacker, name: format!("{name}: next hit"), on: false });
        self.give(s, target, &give, &name, events);
    }

    /// Refuses a target without one of the traits an item works on
    /// ("against fiends and undead", "Works on undead only"); ruling P2V-R81.
    pub(crate) fn works_on(&self, name: &str, only: &[String], target: u8) -> Result<(), Refusal> {
        let has = self.profile(usize::from(target)).is_some_and(|p| p.traits.iter().any(|t| only.contains(t)));
        if only.is_empty() || has {
            return Ok(());
        }
        Err(no("p2v.item.only", format!("{name} works only on {} creatures", only.join(" or ")), "APPENDIX: ITEMS"))
    }

    /// Whether the target is off-guard against `attacker`: off-guard now,
    /// or the attacker is inside it ("A swallowed creature can attack its
    /// swallower, who is off-guard against the attack").
    pub fn off_guard_to(&self, s: &State, target: u8, attacker: u8) -> bool {
        self.off_guard(s, target) || self.swallower(s, attacker) == Some(target)
    }

    /// Whether the target is off-guard now: the condition, or prone,
    /// grabbed, dying or flanked.
    pub fn off_guard(&self, s: &State, target: u8) -> bool {
        let Some(c) = s.creatures.get(usize::from(target)) else { return false };
        c.prone
            || c.life == Life::Dying
            || s.effects.has(target, super::state::Lasting::Bound)
            || self.tumbled(s, target)
            || c.conditions.has(Conditions::OFF_GUARD)
            || c.conditions.has(Conditions::GRABBED)
            || self.flanked(s, target)
            // "While swimming, a creature is off-guard."
            || self.swimming(s, target)
    }

    /// The extra damage a weapon deals to `target` now (Sneak Attack,
    /// Mauler, "or 15 against an off-guard target").
    pub fn extra_damage(&self, s: &State, attacker: u8, weapon: u8, target: u8) -> u16 {
        let Some(w) = self.profile(usize::from(attacker)).and_then(|p| p.weapons.get(usize::from(weapon))) else {
            return 0;
        };
        let grabbed = s.creatures.get(usize::from(target)).is_some_and(|c| c.conditions.has(Conditions::GRABBED));
        let off = w.extra.iter().any(|e| e.against == Against::OffGuard) && self.off_guard_to(s, target, attacker);
        w.extra
            .iter()
            .filter(|e| match e.against {
                Against::OffGuard => off,
                Against::Grabbed => grabbed,
            })
            .map(|e| e.damage)
            .sum::<u16>()
            // Enlarge, an oil of potency: more damage with melee strikes, or ranged ones.
            + self
                .bonus(
                    s,
                    attacker,
                    if w.melee() { super::cast::Stat::Damage } else { super::cast::Stat::RangedDamage },
                )
                .max(0) as u16
    }

    /// Whether an [`Affect`] waits for the target's save now (not before
    /// its cover checks).
    pub(crate) fn affect_waits(&self, s: &State, a: &Affect) -> bool {
        self.in_play(s, usize::from(a.target))
            && !self.needs_cover(a)
            && self.effect(a).is_some_and(|e| {
                e.save.is_some()
                    && e.on.is_none_or(|t| self.stands_on(s, a.target, t))
                    && self.lone_immune(a.target, &e).is_none()
            })
    }

    /// The Power a save against an [`Affect`] meets: the user's, or a
    /// mine's own (ruling P2V-R92).
    fn save_power(&self, s: &State, a: &Affect) -> i32 {
        match a.source {
            Source::Power { power } => self.mine_power(a.user, power).map(i32::from),
            _ => None,
        }
        .unwrap_or_else(|| self.power_now(s, a.user))
    }

    /// Whether an effect still owes cover checks: "Cover applies against
    /// strikes … and against other attacks that target Reflex."
    fn needs_cover(&self, a: &Affect) -> bool {
        !a.covered
            && matches!(a.source, Source::Power { .. })
            && self.effect(a).and_then(|e| e.save).is_some_and(|v| v.kind == crate::program::SaveKind::Reflex)
    }

    /// Works out the cover of a power's target (ruling P2V-R24): the
    /// target's choice of line, the checks' dice, or the save at once.
    fn cover(&self, s: &mut State, mut a: Affect) {
        a.covered = true;
        let mut options: Vec<Vec<Obstacle>> = Vec::new();
        let mut lines = self.cover_lines(s, a.user, a.target);
        self.add_howdah_cover(s, a.user, a.target, &mut lines);
        for c in lines {
            if !options.contains(&c.cover) {
                options.push(c.cover);
            }
        }
        match options.len() {
            0 => s.pending.push(Frame::Affect(a)),
            1 if options[0].is_empty() => s.pending.push(Frame::Affect(a)),
            1 => s.pending.push(Frame::PowerCover { affect: a, checks: options.remove(0) }),
            _ => s.pending.push(Frame::PowerLine { affect: a, options }),
        }
    }

    /// The target chose a line for a power's cover checks.
    pub(crate) fn choose_power_line(&self, s: &mut State, line: u8) {
        let Some(Frame::PowerLine { affect, options }) = s.pending.pop() else { return };
        let checks = options.into_iter().nth(usize::from(line)).unwrap_or_default();
        if checks.is_empty() {
            s.pending.push(Frame::Affect(affect));
        } else {
            s.pending.push(Frame::PowerCover { affect, checks });
        }
    }

    /// The cover checks of a power: the first 1 spares the target (the
    /// obstacle takes the power instead); otherwise its save comes next.
    pub(crate) fn power_cover<E: EventSink<Event>>(
        &self,
        s: &mut State,
        a: Affect,
        checks: &[Obstacle],
        dice: &[u8],
        events: &mut E,
    ) {
        let n = checks.len().min(dice.len());
        let instead = dice[..n].iter().position(|&d| d == 1).map(|i| checks[i]);
        events.emit(Event::CoverChecks { dice: dice.to_vec(), instead, concealed: false });
        if instead.is_none() {
            s.pending.push(Frame::Affect(a));
        }
    }

    /// The die of a save against an [`Affect`], labelled.
    pub(crate) fn affect_dice(&self, s: &State, a: &Affect) -> DiceRequest {
        let name = |i: u8| {
            self.profile(usize::from(i)).map_or_else(|| format!("#{i}"), |p| format!("{} ({})", p.name, p.label))
        };
        let (what, save) = self.effect(a).map_or(("the effect", "save".to_string()), |e| {
            (e.name, e.save.map_or_else(|| "save".to_string(), |v| v.to_string()))
        });
        DiceRequest::new().with(20, "save").for_purpose(format!(
            "{}'s save against {}'s {what} ({save}, Power {})",
            name(a.target),
            name(a.user),
            self.save_power(s, a)
        ))
    }

    /// The degree of the target's save against an [`Affect`] with `die`,
    /// and the best degree that still changes its outcome (a critical
    /// success only against damage a save halves); `None` without a save.
    pub(crate) fn affect_degree(&self, s: &State, a: &Affect, die: u8) -> Option<(Degree, Degree)> {
        let e = self.effect(a)?;
        let save = e.save?;
        let total = i32::from(die) + self.save_bonus(s, a.target, save.kind.name());
        let degree = Self::save_degree(die, total, self.save_power(s, a));
        let half = e.damage.is_some() && save.outcome == Outcome::Half;
        Some((degree, if half { Degree::CriticalSuccess } else { Degree::Success }))
    }

    /// Resolves an [`Affect`]: with `die`, the target's save; without, the
    /// full effect.
    pub(crate) fn affect<E: EventSink<Event>>(&self, s: &mut State, a: Affect, die: Option<u8>, events: &mut E) {
        let ti = usize::from(a.target);
        if !self.in_play(s, ti) {
            return;
        }
        if die.is_none() && self.needs_cover(&a) {
            self.cover(s, a);
            return;
        }
        let Some(e) = self.effect(&a) else { return };
        // Swarm Mind: "immune to any effect requiring a Will save for which
        // it is the only target" (ruling P2V-R143).
        if let Some((_, feature)) = self.lone_immune(a.target, &e) {
            events.emit(Event::Unaffected { who: a.target, what: e.name.to_string(), by: feature });
            return;
        }
        // Control Water: only creatures in the water (ruling P2V-R77).
        if e.on.is_some_and(|t| !self.stands_on(s, a.target, t)) {
            return;
        }
        if let Some(n) = e.heal {
            self.heal(s, a.target, n, events);
            return;
        }
        if let Some(b) = e.bonus {
            self.give_bonus(s, a.target, a.user, b, events);
        }
        if !e.dispel.is_empty() {
            self.dispel(s, a.target, e.dispel, events);
            return;
        }
        let degree = match (e.save, die) {
            (Some(save), Some(d)) => {
                let power = self.save_power(s, &a);
                let total = i32::from(d) + self.save_bonus(s, a.target, save.kind.name());
                let degree = Self::save_degree(d, total, power);
                events.emit(Event::Save {
                    who: a.target,
                    save: save.kind.name().to_string(),
                    die: d,
                    total,
                    power,
                    degree,
                });
                // Shaky Footing and Primal Sink answer the save (rulings P2V-R158, R159).
                if degree == Degree::CriticalFailure && save.kind == crate::program::SaveKind::Reflex {
                    self.push_stumble(s, a.target);
                }
                if degree >= Degree::Success {
                    self.offer_sink(s, &a);
                }
                degree
            }
            _ => Degree::Failure,
        };
        let outcome = e.save.map(|v| v.outcome);
        // "[Saving throw] negates: … the attack has no effect on that target
        // if the target makes a successful saving throw, including doing no
        // damage." "[Saving throw] half: … on a successful saving throw the
        // power does half damage, and on a critical success … no damage."
        // "If the saving throw is a natural 1 … it is a critical failure. The
        // target takes double damage from the power."
        let failed = degree <= Degree::Failure;
        let damage = e.damage.and_then(|d| match (degree, outcome) {
            (Degree::CriticalSuccess, _) | (Degree::Success, Some(Outcome::Negates)) => None,
            (Degree::Success, _) => Some(Damage { amount: halve(d.amount), ..d }),
            (Degree::CriticalFailure, Some(_)) => Some(Damage { amount: d.amount.saturating_mul(2), ..d }),
            _ => Some(d),
        });
        // Ruling P2V-R17: a power's conditions and persistent damage take
        // hold only when the save fails (for a "half" save too).
        if failed {
            self.give(s, a.target, e.apply, e.name, events);
            if let Some(p) = e.persistent {
                self.add_persistent(s, a.target, p, events);
            }
            // "The target is pulled 4 (Fortitude negates). If it ends its
            // movement adjacent to the harpy, the harpy makes a melee Strike
            // against it" (ruling P2V-R40).
            // "while both of them are above 0 HP and in play" (ruling P2V-R42).
            let up = |i: u8| s.creatures.get(usize::from(i)).is_some_and(|c| c.life == super::state::Life::Up);
            if e.bind && up(a.user) && up(a.target) {
                self.bind(s, a.target, a.user, events);
            }
            // Swallow Whole: the target is swallowed, then takes the damage.
            if e.swallow {
                self.swallow(s, a.user, a.target, events);
            }
            if let Some((squares, strike)) = e.pull {
                self.pull_toward(s, a.target, a.user, squares, events);
                if strike {
                    self.strike_after_pull(s, a.user, a.target, events);
                }
            }
            // "A target that fails that save also takes 10 poison damage
            // (Fortitude negates)": the power's `hit`, with its own save,
            // after the power's damage (ruling P2V-R143).
            if let Source::Power { power } = a.source {
                if self
                    .profile(usize::from(a.user))
                    .and_then(|p| p.powers.get(usize::from(power)))
                    .is_some_and(|pw| pw.program.hit.is_some())
                {
                    s.pending.push(Frame::Affect(Affect { source: Source::Step { power }, covered: true, ..a }));
                }
            }
        }
        if let Some(d) = damage.filter(|d| d.amount > 0) {
            self.push_damage(
                s,
                Hit {
                    target: a.target,
                    source: Some(a.user),
                    damage: d,
                    strike: matches!(a.source, Source::Strike { .. }),
                    area: e.area,
                    critical: false,
                    defended: false,
                },
            );
        }
    }

    /// The target's feature that keeps an effect off it because it is the
    /// effect's only target and calls for that save (Swarm Mind).
    fn lone_immune(&self, target: u8, e: &Effect<'_>) -> Option<(crate::program::SaveKind, String)> {
        let (kind, name) = self.profile(usize::from(target))?.lone_immune.clone()?;
        (!e.area && e.save.is_some_and(|v| v.kind == kind)).then_some((kind, name))
    }

    /// After a pull: if the target ended adjacent, `user` strikes it with
    /// its best melee weapon that reaches, at the turn's multiple attack
    /// penalty, and later Fight rolls of the turn take the next one (the
    /// action included a Fight roll; ruling P2V-R40).
    fn strike_after_pull<E: EventSink<Event>>(&self, s: &mut State, user: u8, target: u8, events: &mut E) {
        let Phase::Turn(t) = s.phase else { return };
        if t.who != user || !self.in_play(s, usize::from(target)) {
            return;
        }
        let field = self.field(s);
        let (Some(me), Some(them)) =
            (field.figure(FigureId(u16::from(user))), field.figure(FigureId(u16::from(target))))
        else {
            return;
        };
        if arbiter_geometry::battle::targeting::distance(&me.space, &them.space) > 1 {
            return;
        }
        let Some(weapon) = self.reaction_weapon(s, user, target) else { return };
        super::apply::strike(self, s, t, weapon, target, (0, 0, None), events);
        if let Phase::Turn(tt) = &mut s.phase {
            tt.attacks = tt.attacks.saturating_add(1);
        }
    }

    /// Gives conditions and statuses, except those the creature is immune to.
    pub fn give<E: EventSink<Event>>(&self, s: &mut State, who: u8, what: &[Give], from: &str, events: &mut E) {
        let i = usize::from(who);
        let Some(p) = self.profile(i) else { return };
        let immune = |name: &str| {
            p.defences.immune_to.iter().any(|x| x.eq_ignore_ascii_case(name) || x.eq_ignore_ascii_case(from))
        };
        for g in what {
            // Slowed by the condition or by a heavy load.
            let slowed = self.is_slowed(s, who);
            let Some(c) = s.creatures.get_mut(i) else { return };
            let (bit, name) = match g {
                Give::Invisible => {
                    self.make_invisible(s, who, events);
                    continue;
                }
                Give::Quickened => {
                    if !immune("quickened") {
                        self.quicken(s, who, events);
                    }
                    continue;
                }
                Give::Controlled => {
                    if !immune("controlled") {
                        self.control(s, who, events);
                    }
                    continue;
                }
                Give::Prone => {
                    if !c.prone && !immune("prone") {
                        c.prone = true;
                        events.emit(Event::Condition { who, name: "prone".into(), on: true });
                        // Timber: "When it falls prone" (ruling P2V-R160).
                        self.fell_prone(s, who);
                    }
                    continue;
                }
                Give::SlowedOrStunned if slowed => (Conditions::STUNNED, "stunned"),
                Give::SlowedOrStunned | Give::Slowed => (Conditions::SLOWED, "slowed"),
                Give::OffGuard => (Conditions::OFF_GUARD, "off-guard"),
                Give::Rattled => (Conditions::RATTLED, "rattled"),
                Give::Sickened => (Conditions::SICKENED, "sickened"),
                Give::Stunned => (Conditions::STUNNED, "stunned"),
                Give::Immobilized => (Conditions::IMMOBILIZED, "immobilized"),
                Give::Grabbed => (Conditions::GRABBED, "grabbed"),
                Give::Encumbered => (Conditions::ENCUMBERED, "encumbered"),
            };
            // Exhausted: "Anything that would slow it stuns it instead, and
            // anything else that would stun it eliminates it."
            let (bit, name) = match bit {
                b if p.exhausted && b == Conditions::SLOWED => (Conditions::STUNNED, "stunned"),
                b if p.exhausted && b == Conditions::STUNNED && !immune(name) => {
                    events.emit(Event::Condition { who, name: "stunned while exhausted".into(), on: true });
                    self.eliminate(s, who, events);
                    return;
                }
                b => (b, name),
            };
            if c.conditions.has(bit) || immune(name) {
                continue;
            }
            c.conditions = c.conditions.with(bit);
            events.emit(Event::Condition { who, name: name.into(), on: true });
        }
    }

    /// Adds persistent damage: "the same type does not stack" — the higher
    /// amount stays (ruling P2V-R18).
    pub(crate) fn add_persistent<E: EventSink<Event>>(&self, s: &mut State, who: u8, d: Damage, events: &mut E) {
        let Some(ty) = d.types.iter().next() else { return };
        let Some(t) = DamageType::ALL.iter().position(|x| *x == ty) else { return };
        let Some(c) = s.creatures.get_mut(usize::from(who)) else { return };
        match c.persistent.iter_mut().find(|(k, _)| usize::from(*k) == t) {
            Some((_, n)) => *n = (*n).max(d.amount),
            None => c.persistent.push((t as u8, d.amount)),
        }
        events.emit(Event::Condition { who, name: format!("{} persistent {}", d.amount, ty.name()), on: true });
    }

    /// The area of a power with a burst (a spell's), an emanation, a cone or
    /// a line, aimed so from the user's space `me` (`None` for another aim).
    fn area_aimed(pw: &super::roster::Power, me: &Space, aim: Aim) -> Option<Area> {
        Some(match (pw.area, aim) {
            (Some(CardArea::Burst(n)), Aim::Square { at }) if pw.spell.is_some() => Self::burst_area(at, n),
            (Some(CardArea::Emanation { size, .. }), Aim::Here) => {
                Area::Emanation { origin: *me, radius: u32::from(size) }
            }
            (Some(CardArea::Cone(n)), Aim::Cone { index }) => {
                let (apex, toward) = *cone_origins(me).get(usize::from(index))?;
                Area::Cone { apex, toward, radius: u32::from(n) }
            }
            (Some(CardArea::Line(n)), Aim::Line { toward }) => {
                Area::Line { from: nearest_corner(me, toward), toward: Point::centre(toward), length: u32::from(n) }
            }
            _ => return None,
        })
    }

    /// Makes the terrain of a power with `terrain` on its area's squares,
    /// for the rounds it says or the battle (ruling P2V-R140).
    fn make_terrain<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, aim: Aim, events: &mut E) {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let Some(t) = pw.program.terrain.as_ref() else { return };
        let Ok(traits) = t.traits() else { return };
        let field = self.field(s);
        let Some(me) = field.figure(FigureId(u16::from(who))).map(|f| f.space) else { return };
        let Some(hit) = Self::area_aimed(pw, &me, aim).and_then(|a| field.area(&a).ok()) else { return };
        let until = t.rounds.map_or(u8::MAX, |r| s.round.saturating_add(r).min(u8::MAX - 1));
        let squares: Vec<Square> = hit.squares.iter().collect();
        events.emit(Event::TerrainMade { who, name: t.name.clone(), squares: squares.len() as u16, until });
        s.veils.push(super::state::Veil { squares, until, traits, name: Some(t.name.clone()) });
        s.forget_field();
    }

    /// Opens a passage: the solid squares of the power's area become open
    /// ground until the end of the battle (Magic Passage; ruling P2V-R142).
    fn open_passage<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, aim: Aim, events: &mut E) {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let field = self.field(s);
        let Some(me) = field.figure(FigureId(u16::from(who))).map(|f| f.space) else { return };
        let Some(area) = Self::area_aimed(pw, &me, aim) else { return };
        // The area as drawn, not stopped by the solid terrain it opens.
        let ground = self.ground(s);
        let solid = ground.squares_with(arbiter_geometry::battle::Traits::SOLID);
        let Ok(bare) = arbiter_geometry::battle::Terrain::new(ground.board().clone(), Vec::new()) else { return };
        let open = arbiter_geometry::battle::Battlefield::new(bare);
        let squares: Vec<Square> =
            open.area(&area).map(|h| h.squares.iter().filter(|q| solid.contains(*q)).collect()).unwrap_or_default();
        events.emit(Event::TerrainMade {
            who,
            name: "a magic passage".into(),
            squares: squares.len() as u16,
            until: u8::MAX,
        });
        for q in squares {
            if !s.openings.contains(&q) {
                s.openings.push(q);
            }
        }
        s.forget_field();
    }

    /// The creatures a power aimed so affects, in roster order (`None` if
    /// the aim does not fit the power).
    pub fn power_targets(&self, s: &State, who: u8, power: u8, aim: Aim) -> Option<Vec<u8>> {
        let p = self.profile(usize::from(who))?;
        let pw = p.powers.get(usize::from(power))?;
        let field = self.field(s);
        let me = field.figure(FigureId(u16::from(who)))?.space;
        let area = match (pw.area, aim) {
            // A spell with no range or area affects its caster ("on itself").
            (None, _) if pw.spell.is_some() => return Some(vec![who]),
            (None, _) => return Some(Vec::new()),
            (Some(CardArea::Melee(_) | CardArea::Ranged { .. }), Aim::Creature { who: t }) => return Some(vec![t]),
            _ => Self::area_aimed(pw, &me, aim)?,
        };
        let hit = field.area(&area).ok()?;
        let mut out: Vec<u8> = hit
            .figures
            .iter()
            .map(|f| f.0 as u8)
            .filter(|&t| (t != who || pw.program.affects == Affects::Allies) && self.in_play(s, usize::from(t)))
            .filter(|&t| {
                let except = pw.spell.as_ref().and_then(|sp| sp.except.as_deref());
                except.is_none_or(|x| self.profile(usize::from(t)).is_none_or(|q| !q.card.eq_ignore_ascii_case(x)))
            })
            .filter(|&t| {
                let only = &pw.program.only;
                only.is_empty()
                    || self.profile(usize::from(t)).is_some_and(|q| q.traits.iter().any(|x| only.contains(x)))
            })
            .filter(|&t| match pw.program.affects {
                Affects::Creatures => true,
                Affects::Enemies => self.team(usize::from(t)) != p.team,
                Affects::Allies => self.team(usize::from(t)) == p.team,
            })
            .collect();
        out.sort_unstable();
        Some(out)
    }

    /// The aims a power may take now, for listing decisions: every enemy
    /// in reach or range, the emanation, every cone, and a line towards
    /// each other creature.
    pub fn power_aims(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Vec::new();
        };
        if pw.triggered() {
            return Vec::new();
        }
        let field = self.field(s);
        let Some(me) = field.figure(FigureId(u16::from(who))).map(|f| f.space) else { return Vec::new() };
        match pw.area {
            _ if pw.program.awaken.is_some() => self.awaken_squares(s, who, power),
            Some(CardArea::Melee(_) | CardArea::Ranged { .. }) => (0..s.creatures.len() as u8)
                .map(|t| Aim::Creature { who: t })
                .filter(|a| self.judge_aim(s, who, power, *a).is_ok())
                .collect(),
            None if pw.program.mine.is_some() => self.mine_squares(s, who, power),
            None if pw.program.teleport.is_some() => self.teleport_landings(s, who, power),
            None if pw.program.jet.is_some() => self.jet_landings(s, who, power),
            None if pw.program.place.is_some() => self.place_squares(s, who, power),
            None if pw.program.trample.is_some() => self.trample_landings(s, who, power),
            Some(CardArea::Burst(_)) if pw.spell.is_some() => self.burst_aims(s, who, power),
            None | Some(CardArea::Emanation { .. }) => vec![Aim::Here],
            Some(CardArea::Cone(_)) => (0..cone_origins(&me).len() as u8).map(|index| Aim::Cone { index }).collect(),
            Some(CardArea::Line(_)) => (0..s.creatures.len())
                .filter(|&t| t != usize::from(who) && self.in_play(s, t))
                .filter_map(|t| s.creatures[t].at)
                .map(|toward| Aim::Line { toward })
                .filter(|a| self.judge_aim(s, who, power, *a).is_ok())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Checks where a power is aimed.
    pub fn judge_aim(&self, s: &State, who: u8, power: u8, aim: Aim) -> Result<(), Refusal> {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Err(no("p2v.power.none", "the creature has no such power", section::POWER));
        };
        let field = self.field(s);
        let Some(me) = field.figure(FigureId(u16::from(who))).map(|f| f.space) else {
            return Err(no("p2v.power.none", "the creature is not on the board", section::POWER));
        };
        if pw.program.trample.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_trample(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!("{} is aimed at the square where the Stride ends: use POWER SQUARE", pw.name),
                    section::AREAS,
                )),
            };
        }
        if pw.program.awaken.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_awaken(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!(
                        "{} is aimed at the square under its creature's lower-left corner: use POWER SQUARE",
                        pw.name
                    ),
                    section::AREAS,
                )),
            };
        }
        if pw.program.mine.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_mine(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!("{} is set on a square: use POWER SQUARE", pw.name),
                    section::AREAS,
                )),
            };
        }
        if pw.program.place.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_place(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!("{} is put on a square: use POWER SQUARE", pw.name),
                    section::AREAS,
                )),
            };
        }
        if pw.program.jet.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_jet(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!("{} is aimed at the square it ends on: use POWER SQUARE", pw.name),
                    section::AREAS,
                )),
            };
        }
        if pw.program.teleport.is_some() {
            return match aim {
                Aim::Square { at } => self.judge_teleport(s, who, power, at),
                _ => Err(no(
                    "p2v.power.aim",
                    format!("{} is aimed at the square it lands on: use POWER SQUARE", pw.name),
                    section::AREAS,
                )),
            };
        }
        let how = match pw.area {
            Some(CardArea::Melee(_) | CardArea::Ranged { .. }) => "at a creature: use POWER TARGET",
            Some(CardArea::Emanation { .. }) => "around the user, with nothing more: use POWER",
            None => "with nothing more: use POWER",
            Some(CardArea::Cone(_)) => "in a direction: use POWER n|ne|e|se|s|sw|w|nw",
            Some(CardArea::Line(_)) => "towards a square: use POWER SQUARE",
            Some(CardArea::Burst(_)) => "at the square whose lower-left corner is the burst's: cast SPELL SQUARE",
        };
        let wrong = || no("p2v.power.aim", format!("{} is aimed {how}", pw.name), section::AREAS);
        match (pw.area, aim) {
            (None, Aim::Here) => Ok(()),
            (Some(CardArea::Burst(_)), Aim::Square { at }) if pw.spell.is_some() => {
                let range = pw.spell.as_ref().and_then(|sp| sp.range).unwrap_or(0);
                self.judge_burst(s, who, range, at)
            }
            (Some(CardArea::Melee(_)), Aim::Creature { who: t }) if pw.program.swap => self.judge_swap(s, who, t),
            (Some(CardArea::Melee(_)), Aim::Creature { who: t }) if pw.program.shelter.is_some() => {
                self.judge_shelter(s, who, power, t)
            }
            (Some(area @ (CardArea::Melee(_) | CardArea::Ranged { .. })), Aim::Creature { who: t }) => {
                let ti = usize::from(t);
                self.works_on(&pw.name, &pw.only, t)?;
                // A dispel targets an ally or an enemy with such an effect (ruling P2V-R74).
                let dispel = !pw.program.dispel.is_empty();
                if dispel && (!self.in_play(s, ti) || !self.dispellable(s, t, &pw.program.dispel)) {
                    return Err(no(
                        "p2v.power.dispel",
                        format!("the target has no lasting effect that {} ends (ruling P2V-R74)", pw.name),
                        section::TARGETING,
                    ));
                }
                let friendly = pw.program.heal.is_some()
                    || pw.program.affects == Affects::Allies
                    || (dispel && self.team(ti) == self.team(usize::from(who)));
                if friendly && (!self.in_play(s, ti) || self.team(ti) != self.team(usize::from(who))) {
                    return Err(no(
                        "p2v.power.target",
                        format!("{} is for the user or an ally in play (ruling P2V-R61)", pw.name),
                        section::TARGETING,
                    ));
                }
                self.judge_targetable(s, t)?;
                if friendly && t == who {
                    return Ok(());
                }
                if !friendly && (!self.in_play(s, ti) || t == who || self.team(ti) == self.controller(s, who)) {
                    return Err(no(
                        "p2v.power.target",
                        "a power with a range targets an enemy creature in play (ruling P2V-R8)",
                        section::TARGETING,
                    ));
                }
                if !friendly {
                    self.may_attack(s, who, t)?;
                }
                // Burn Alive: "A creature within reach that it holds grabbed"
                // (ruling P2V-R152).
                if pw.program.held && !self.holds(s, who, t) {
                    return Err(no(
                        "p2v.power.held",
                        format!("{} targets a creature the user holds grabbed (ruling P2V-R152)", pw.name),
                        section::TARGETING,
                    ));
                }
                self.judge_swallow(s, who, power, t)?;
                let (a, b) = (FigureId(u16::from(who)), FigureId(u16::from(t)));
                let ok = match area {
                    CardArea::Melee(r) => field.in_reach(a, b, u32::from(r.unwrap_or(1))),
                    CardArea::Ranged { short, long } => {
                        field.range(a, b).is_some_and(|d| d <= u32::from(long.unwrap_or(short)))
                    }
                    _ => false,
                };
                if !ok {
                    return Err(no(
                        "p2v.power.range",
                        format!("the target is out of {}'s reach or range ({area})", pw.name),
                        section::TARGETING,
                    ));
                }
                if field.line_of_sight(a, b).is_none() {
                    return Err(no("p2v.power.sight", "the user has no line of sight to the target", "Line of sight"));
                }
                if !friendly && self.unseen(s, t, who) {
                    return Err(no(
                        "p2v.power.invisible",
                        "the target is invisible: attackers have no line of sight to it",
                        "APPENDIX: COMBAT STATUSES",
                    ));
                }
                if !field.line_of_effect(a, b) {
                    return Err(no(
                        "p2v.power.effect",
                        "solid terrain blocks the line of effect to the target",
                        "Line of effect",
                    ));
                }
                Ok(())
            }
            (Some(CardArea::Emanation { .. }), Aim::Here) => Ok(()),
            (Some(CardArea::Cone(_)), Aim::Cone { index }) if usize::from(index) < cone_origins(&me).len() => Ok(()),
            (Some(CardArea::Line(_)), Aim::Line { toward }) => {
                if !field.board().contains(toward) || me.contains(toward) {
                    return Err(no(
                        "p2v.power.aim",
                        "a line runs towards a square of the board outside the user's space",
                        section::AREAS,
                    ));
                }
                Ok(())
            }
            _ => Err(wrong()),
        }
    }

    /// Checks a power's use by the active creature: uses left, once per
    /// turn for free and ●○ actions, the action points, the aim.
    pub fn judge_use(&self, s: &State, t: &Turn, power: u8, aim: Aim) -> Result<(), Refusal> {
        let r = self.judge_use_inner(s, t, power, aim);
        if self.spell_of(t.who, power).is_some() { r.map_err(super::cast::as_cast) } else { r }
    }

    fn judge_use_inner(&self, s: &State, t: &Turn, power: u8, aim: Aim) -> Result<(), Refusal> {
        let i = usize::from(t.who);
        let Some(pw) = self.profile(i).and_then(|p| p.powers.get(usize::from(power))) else {
            return Err(no("p2v.power.none", "the creature has no such power", section::POWER));
        };
        // "The opponent cannot choose any features with a limited number of uses."
        self.judge_controlled(s, t.who, pw.uses.is_some())?;
        if pw.triggered() {
            return Err(no(
                "p2v.power.triggered",
                format!("{} is not an action: it takes hold by itself when its trigger happens", pw.name),
                section::REACTIONS,
            ));
        }
        if let Some(g) = pw.program.needs
            && !self.has_give(s, t.who, g)
        {
            return Err(no(
                "p2v.power.needs",
                format!("{} can be used only while the creature is {g} (ruling P2V-R151)", pw.name),
                "How to read a creature card",
            ));
        }
        self.judge_stopped(s, t.who, &pw.name)?;
        if pw.program.after_moving && !t.moved {
            return Err(no(
                "p2v.power.after-moving",
                format!(
                    "{} is used after the creature has moved at least 1 square this turn (ruling P2V-R156)",
                    pw.name
                ),
                "How to read a creature card",
            ));
        }
        if pw.program.sweep.is_some() {
            self.judge_sweep(s, t, power)?;
        }
        if let Some(k) = self.use_counter(t.who, power)
            && !self.sustaining(s, t.who, power)
            && s.creatures[i].power_uses.get(k).copied().unwrap_or(0) == 0
        {
            return Err(no("p2v.power.uses", format!("{} has no uses left", pw.name), "How to read a creature card"));
        }
        if let Some(f) = pw.spell.as_ref().and_then(|sp| sp.once.as_deref())
            && self.played(s, f)
        {
            return Err(no(
                "p2v.power.once-a-battle",
                format!("{f} has been used this battle: only one creature may use it"),
                "How to read a creature card",
            ));
        }
        // "Unless otherwise specified, a creature can take a particular free
        // action only once per turn."
        if matches!(pw.cost, Cost::Free | Cost::OncePerTurn) && t.once_powers & (1 << power.min(31)) != 0 {
            return Err(no("p2v.power.once", format!("{} can be used only once per turn", pw.name), section::TURN));
        }
        let shelled = self.shell(s, t.who).is_some();
        if shelled && pw.program.shell.is_none() {
            self.in_shell(s, t.who)?;
        }
        let cost = self.power_cost(s, t.who, power);
        if cost > t.ap {
            let label =
                if cost == pw.cost.action_points() { pw.cost.label().to_string() } else { format!("{cost} AP") };
            return Err(no(
                "p2v.turn.ap",
                format!("{} costs {label} and the creature has {} AP left", pw.name, t.ap),
                section::TURN,
            ));
        }
        self.judge_aim(s, t.who, power, aim)
    }

    /// The action points a power costs now: coming out of a shell costs 1
    /// ("Spending 1 AP ends this"; ruling P2V-R36).
    pub fn power_cost(&self, s: &State, who: u8, power: u8) -> u8 {
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return 0 };
        if pw.program.shell.is_some() && self.shell(s, who).is_some() {
            1
        } else {
            self.cast_cost(s, who, power).unwrap_or(pw.cost.action_points())
        }
    }

    /// Whether the creature taking its turn may still take a free action
    /// (a free power with a use left and somewhere to aim it).
    pub fn free_action_left(&self, s: &State, t: &Turn) -> bool {
        let Some(p) = self.profile(usize::from(t.who)) else { return false };
        p.powers.iter().enumerate().any(|(k, pw)| {
            pw.cost == Cost::Free
                && self.power_aims(s, t.who, k as u8).iter().any(|aim| self.judge_use(s, t, k as u8, *aim).is_ok())
        })
    }

    /// Uses a power judged legal: pays for it and schedules its effect on
    /// each creature it affects.
    pub(crate) fn use_power<E: EventSink<Event>>(&self, s: &mut State, who: u8, power: u8, aim: Aim, events: &mut E) {
        let i = usize::from(who);
        let Some(pw) = self.profile(i).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let targets = self.power_targets(s, who, power, aim).unwrap_or_default();
        let cost = self.power_cost(s, who, power);
        let sustained = self.sustaining(s, who, power);
        if let Phase::Turn(t) = &mut s.phase {
            t.ap = t.ap.saturating_sub(cost);
            t.carry = 0;
            if matches!(pw.cost, Cost::Free | Cost::OncePerTurn) && power < 32 {
                t.once_powers |= 1 << power;
            }
        }
        if let Some(k) = self.use_counter(who, power)
            && !sustained
            && let Some(u) = s.creatures.get_mut(i).and_then(|c| c.power_uses.get_mut(k))
        {
            *u = u.saturating_sub(1);
        }
        events.emit(Event::Uses { who, power: pw.name.clone(), targets: targets.clone() });
        // An invisible creature that attacks is seen (ruling P2V-R63).
        if targets.iter().any(|&t| self.team(usize::from(t)) != self.team(i)) {
            self.end_invisible(s, who, events);
        }
        if pw.program.open {
            self.open_passage(s, who, power, aim, events);
            if pw.spell.is_some() {
                self.cast_spell(s, who, power, Vec::new(), events);
            }
            return;
        }
        if pw.program.terrain.is_some() {
            self.make_terrain(s, who, power, aim, events);
            if pw.spell.is_some() {
                self.cast_spell(s, who, power, Vec::new(), events);
            }
            return;
        }
        if let (Some(_), Aim::Square { at }) = (&pw.program.awaken, aim) {
            self.awaken(s, who, power, at, events);
            if pw.spell.is_some() {
                self.cast_spell(s, who, power, Vec::new(), events);
            }
            return;
        }
        if pw.spell.is_some() {
            self.cast_spell(s, who, power, targets, events);
            return;
        }
        if pw.program.allies_step {
            self.grant_steps(s, who, &targets, events);
            return;
        }
        if pw.program.shell.is_some() {
            self.toggle_shell(s, who, events);
            return;
        }
        if pw.program.stance.is_some() {
            self.toggle_stance(s, who, power, events);
            return;
        }
        if let Some(from) = pw.program.concealed {
            self.conceal(s, who, from, events);
            return;
        }
        if pw.program.sweep.is_some() {
            if let Phase::Turn(t) = s.phase {
                self.sweep(s, t, power, events);
            }
            return;
        }
        if !pw.program.next_hit.is_empty() {
            let e = arbiter_core::resolve::Effect::new(
                super::state::Lasting::NextHit { power },
                who,
                arbiter_core::resolve::Expiry::Never,
            );
            s.effects.replace(e);
            events.emit(Event::Condition { who, name: format!("{}: next hit", pw.name), on: true });
            return;
        }
        if let (Some(_), Aim::Creature { who: t }) = (&pw.program.shelter, aim) {
            self.shelter(s, who, t, events);
            return;
        }
        if let (true, Aim::Creature { who: t }) = (pw.program.swap, aim) {
            self.swap(s, who, t, events);
            return;
        }

        if let (Some(_), Aim::Square { at }) = (pw.program.mine, aim) {
            self.set_mine(s, who, power, at, events);
            return;
        }
        if let (Some(t), Aim::Square { at }) = (&pw.program.teleport, aim) {
            self.teleport(s, who, at, events);
            if let Some(c) = &t.then_cast {
                self.cast_on_self(s, who, &c.spell, c.rank, events);
            }
            return;
        }
        if let (Some(_), Aim::Square { at }) = (&pw.program.place, aim) {
            self.place_terrain(s, who, power, at, events);
            return;
        }
        if let (Some(_), Aim::Square { at }) = (&pw.program.jet, aim) {
            self.jet(s, who, at);
            return;
        }
        if let (Some(_), Aim::Square { at }) = (pw.program.trample, aim) {
            self.trample(s, who, power, at);
            return;
        }
        if pw.compound() {
            s.pending.push(Frame::Activity {
                who,
                power,
                next: 0,
                struck: false,
                moved: 0,
                hit: false,
                at: None,
                held: None,
            });
            return;
        }
        s.pending.push_in_order(targets.into_iter().map(|target| {
            Frame::Affect(Affect { user: who, target, source: Source::Power { power }, covered: false })
        }));
    }

    /// What a hit with a weapon schedules: its damage (through the save
    /// that halves it, if it has one), then what the hit adds, then the
    /// offer to grab.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn on_hit(
        &self,
        s: &mut State,
        attacker: u8,
        weapon: u8,
        target: u8,
        damage: Damage,
        reaction: bool,
        critical: bool,
    ) {
        let Some(w) = self.profile(usize::from(attacker)).and_then(|p| p.weapons.get(usize::from(weapon))) else {
            return;
        };
        let mut frames = Vec::with_capacity(3);
        if w.save.is_some() {
            frames.push(Frame::Affect(Affect {
                user: attacker,
                target,
                source: Source::Strike { weapon, damage },
                covered: true,
            }));
        }
        if w.hit.is_some() {
            frames.push(Frame::Affect(Affect {
                user: attacker,
                target,
                source: Source::Rider { weapon },
                covered: true,
            }));
        }
        // "On a hit it may spend 1 AP to grab the target": only on its own
        // turn, with an action point left (ruling P2V-R20).
        if w.grab && !reaction {
            let seat = arbiter_core::Seat(self.team(usize::from(attacker)));
            let t = super::state::Trigger::Grab { attacker, target };
            frames.push(Frame::Window(arbiter_core::resolve::Window::for_seat(
                t,
                arbiter_core::resolve::Timing::After,
                seat,
            )));
        }
        // "On a hit it may spend 1 AP to make the target encumbered" (ruling P2V-R157).
        if !w.spend.is_empty() && !reaction {
            let seat = arbiter_core::Seat(self.team(usize::from(attacker)));
            let t = super::state::Trigger::Spend { attacker, target, weapon };
            frames.push(Frame::Window(arbiter_core::resolve::Window::for_seat(
                t,
                arbiter_core::resolve::Timing::After,
                seat,
            )));
        }
        s.pending.push_in_order(frames);
        // A strike with choices does no damage of its own.
        if w.save.is_none() && damage.amount > 0 {
            self.push_damage(
                s,
                Hit { target, source: Some(attacker), damage, strike: true, area: false, critical, defended: false },
            );
        }
    }

    /// Schedules damage, with the Shield Block window before it when the
    /// target may block it.
    pub(crate) fn push_damage(&self, s: &mut State, h: Hit) {
        s.pending.push(Frame::Damage(h));
        self.offer_defend(s, &h);
        let Some((block, _)) = self.profile(usize::from(h.target)).and_then(|p| p.block) else { return };
        let physical = Types::of(DamageType::Slashing).with(DamageType::Piercing).with(DamageType::Bludgeoning);
        let blockable = match block.against {
            BlockAgainst::Hits => h.strike,
            BlockAgainst::Physical => h.damage.types.meets(physical),
        };
        if blockable && h.damage.amount > 0 && self.may_block(s, h.target) {
            let seat = arbiter_core::Seat(self.team(usize::from(h.target)));
            let t = super::state::Trigger::ShieldBlock { who: h.target };
            s.pending.push(Frame::Window(arbiter_core::resolve::Window::for_seat(
                t,
                arbiter_core::resolve::Timing::Before,
                seat,
            )));
        }
    }

    /// Whether a creature may use its Shield Block now: a use left, and a
    /// reaction ("Outside its turn … at most one reaction until it next activates").
    pub(crate) fn may_block(&self, s: &State, who: u8) -> bool {
        let Some((_, uses)) = self.profile(usize::from(who)).and_then(|p| p.block) else { return false };
        let used = s.creatures.get(usize::from(who)).map_or(u8::MAX, |c| c.blocks);
        uses.is_none_or(|n| used < n) && self.may_react(s, who)
    }

    /// Takes the Shield Block: the damage about to be dealt is reduced.
    pub(crate) fn block<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some((block, _)) = self.profile(usize::from(who)).and_then(|p| p.block) else { return };
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
            c.blocks = c.blocks.saturating_add(1);
        }
        events.emit(Event::Reacts { who, reaction: format!("Shield Block (−{})", block.amount) });
        if let Some(h) = s.pending.find_mut(|f| match f {
            Frame::Damage(h) if h.target == who => Some(h),
            _ => None,
        }) {
            h.damage.amount = h.damage.amount.saturating_sub(block.amount);
        }
    }

    /// Takes Ferocity: its d6 is rolled next.
    pub(crate) fn ferocity<E: EventSink<Event>>(&self, s: &mut State, who: u8, was_prone: bool, events: &mut E) {
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: "Ferocity".into() });
        s.pending.push(Frame::FerocityRoll { who, was_prone });
    }

    /// A Ferocity roll: "On 4–6, set HP to 1 instead"; on 1 to 3, dying, or
    /// eliminated at once where the card says so.
    pub(crate) fn ferocity_roll<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        was_prone: bool,
        die: u8,
        events: &mut E,
    ) {
        let i = usize::from(who);
        let Some(kind) = self.profile(i).and_then(|p| p.ferocity) else { return };
        events.emit(Event::FerocityRoll { who, roll: die, held: die >= 4 });
        if die >= 4 {
            if let Some(c) = s.creatures.get_mut(i) {
                c.life = Life::Up;
                c.hp = 1;
                c.prone = was_prone;
            }
            self.sync(s, i);
        } else if kind == Ferocity::Eliminated {
            self.eliminate(s, who, events);
        }
    }

    /// Whether the attacker may still take the grab its hit offers.
    pub(crate) fn may_grab(&self, s: &State, attacker: u8, target: u8) -> bool {
        let ap = match s.phase {
            Phase::Turn(t) if t.who == attacker => t.ap,
            _ => 0,
        };
        ap >= 1
            && s.creatures.get(usize::from(attacker)).is_some_and(|c| c.life == Life::Up)
            && self.in_play(s, usize::from(target))
            && s.creatures.get(usize::from(target)).is_some_and(|c| !c.conditions.has(Conditions::GRABBED))
    }

    /// Takes the grab a hit offers: 1 AP, and the target is grabbed.
    pub(crate) fn grab<E: EventSink<Event>>(&self, s: &mut State, attacker: u8, target: u8, events: &mut E) {
        if let Phase::Turn(t) = &mut s.phase {
            t.ap = t.ap.saturating_sub(1);
        }
        // The window is done; the grab waits for those who may stop it.
        if matches!(s.pending.top(), Some(Frame::Window(w)) if matches!(w.trigger, super::state::Trigger::Grab { .. }))
        {
            s.pending.pop();
        }
        s.pending.push(Frame::Seize { attacker, target });
        self.liberate_windows(s, attacker, target);
        let _ = events;
    }

    /// A grab paid for and not stopped: the target is grabbed, if both are
    /// still in play.
    pub(crate) fn seize<E: EventSink<Event>>(&self, s: &mut State, attacker: u8, target: u8, events: &mut E) {
        let up = s.creatures.get(usize::from(attacker)).is_some_and(|c| c.life == Life::Up);
        if !up || !self.in_play(s, usize::from(target)) {
            return;
        }
        let name = self
            .profile(usize::from(attacker))
            .and_then(|p| p.weapons.iter().find(|w| w.grab))
            .map_or_else(String::new, |w| w.name.clone());
        self.give(s, target, &[Give::Grabbed], &name, events);
        if let Some(c) = s.creatures.get_mut(usize::from(target)) {
            c.grabbed_by = Some(attacker);
        }
    }
}

impl P2v {
    /// The effects a creature's fall sets off ("When it is eliminated,
    /// creatures in emanation 3 take …"): each affected creature's
    /// [`Affect`], worked out while it still stands (ruling P2V-R25).
    /// The darkness a creature leaves where it falls ("Final Night: Squares
    /// in emanation 3 are concealing terrain until the end of the next
    /// round"), if it has such a feature: the emanation's squares from its
    /// space, until the end of the next round (ruling P2V-R43).
    pub(crate) fn veil_of(&self, s: &State, who: u8) -> Option<super::state::Veil> {
        let p = self.profile(usize::from(who))?;
        let pw = p.powers.iter().find(|pw| pw.program.when == Some(When::Eliminated) && pw.program.conceal)?;
        let Some(CardArea::Emanation { size, .. }) = pw.area else { return None };
        let field = self.field(s);
        let origin = field.figure(FigureId(u16::from(who)))?.space;
        let hit = field.area(&Area::Emanation { origin, radius: u32::from(size) }).ok()?;
        Some(super::state::Veil::darkness(hit.squares.iter().collect(), s.round.saturating_add(1)))
    }

    pub(crate) fn last_words(&self, s: &State, who: u8) -> Vec<Frame> {
        let Some(p) = self.profile(usize::from(who)) else { return Vec::new() };
        let mut out = Vec::new();
        for (k, pw) in p.powers.iter().enumerate() {
            if pw.program.when != Some(When::Eliminated) || !pw.program.touches() {
                continue;
            }
            let power = k as u8;
            for target in self.power_targets(s, who, power, Aim::Here).unwrap_or_default() {
                // Cover is drawn from the attacker's space, which is gone.
                out.push(Frame::Affect(Affect { user: who, target, source: Source::Power { power }, covered: true }));
            }
        }
        out
    }

    /// The reaction windows a creature's turn start opens ("When a creature
    /// it can see within 6 squares starts its turn").
    pub(crate) fn turn_start_windows(&self, s: &State, who: u8) -> Vec<Frame> {
        let mut out = Vec::new();
        for r in 0..s.creatures.len() {
            let Some(p) = self.profile(r) else { continue };
            for (k, pw) in p.powers.iter().enumerate() {
                if pw.program.when != Some(When::EnemyTurnStart) {
                    continue;
                }
                let t = super::state::Trigger::TurnStart { who, reactor: r as u8, power: k as u8 };
                let seat = arbiter_core::Seat(p.team);
                if self.can_respond(s, &t, seat) {
                    out.push(Frame::Window(arbiter_core::resolve::Window::for_seat(
                        t,
                        arbiter_core::resolve::Timing::After,
                        seat,
                    )));
                    break;
                }
            }
        }
        out
    }

    /// Whether `reactor` may answer `who`'s turn start with its power: an
    /// enemy in range and in sight, and a reaction left.
    pub(crate) fn may_glance(&self, s: &State, who: u8, reactor: u8, power: u8) -> bool {
        let Some(pw) = self.profile(usize::from(reactor)).and_then(|p| p.powers.get(usize::from(power))) else {
            return false;
        };
        // A dying creature's turn "ends immediately": nothing to answer.
        if self.team(usize::from(who)) == self.team(usize::from(reactor))
            || s.creatures.get(usize::from(who)).is_none_or(|c| c.life != Life::Up)
            || !self.may_react(s, reactor)
        {
            return false;
        }
        let field = self.field(s);
        let (a, b) = (FigureId(u16::from(reactor)), FigureId(u16::from(who)));
        let in_range = match pw.area {
            Some(CardArea::Melee(r)) => field.in_reach(a, b, u32::from(r.unwrap_or(1))),
            Some(CardArea::Ranged { short, long }) => {
                field.range(a, b).is_some_and(|d| d <= u32::from(long.unwrap_or(short)))
            }
            _ => false,
        };
        in_range && field.line_of_sight(a, b).is_some() && field.line_of_effect(a, b)
    }

    /// Takes a turn-start reaction: the power's effect on the creature.
    pub(crate) fn glance<E: EventSink<Event>>(&self, s: &mut State, who: u8, reactor: u8, power: u8, events: &mut E) {
        let Some(pw) = self.profile(usize::from(reactor)).and_then(|p| p.powers.get(usize::from(power))) else {
            return;
        };
        if let Some(c) = s.creatures.get_mut(usize::from(reactor)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who: reactor, reaction: pw.name.clone() });
        s.pending.push(Frame::Affect(Affect {
            user: reactor,
            target: who,
            source: Source::Power { power },
            covered: false,
        }));
    }
}

impl P2v {
    /// Regeneration at the start of a creature's turn: "Heals 20 HP at the
    /// start of its turn. If it is sickened, it heals nothing and loses the
    /// sickened condition instead." A dying creature healed is up again with
    /// the HP healed ("Healing a dying creature sets HP to the amount healed").
    pub(crate) fn regenerate<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let i = usize::from(who);
        let Some(p) = self.profile(i) else { return };
        let Some(n) = p.regenerate else { return };
        let Some(c) = s.creatures.get_mut(i) else { return };
        if c.life == Life::Eliminated || c.life == Life::Waiting {
            return;
        }
        if c.conditions.has(Conditions::SICKENED) {
            c.conditions = c.conditions.without(Conditions::SICKENED);
            events.emit(Event::Condition { who, name: "sickened".into(), on: false });
            return;
        }
        let hp = if c.life == Life::Dying { i32::from(n) } else { (c.hp + i32::from(n)).min(p.hp) };
        let healed = hp - c.hp.max(0);
        c.hp = hp;
        events.emit(Event::Healed { who, amount: healed.max(0) as u16, hp });
        if c.life == Life::Dying {
            c.life = Life::Up;
            self.sync(s, i);
        }
    }
}

/// The corner of a space nearest a square's centre (where a line starts).
fn nearest_corner(space: &Space, toward: Square) -> Point {
    let (lo, hi) = space.bounds();
    let c = Point::centre(toward);
    let x = if (c.x - lo.x).abs() <= (c.x - hi.x).abs() { lo.x } else { hi.x };
    let y = if (c.y - lo.y).abs() <= (c.y - hi.y).abs() { lo.y } else { hi.y };
    Point::new(x, y)
}
