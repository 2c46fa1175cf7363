//! Casting spells: "Spells are described as actions, with a particular
//! action point cost. If multiple actions are described in the one spell,
//! only one of them can be taken."
//!
//! A caster feature (`effect.spells`, [`crate::spell::Caster`]) gives its
//! creature one power per cast of every spell it names that the engine
//! runs, heightened to the caster's rank (ruling P2V-R58). Each power keeps
//! its [`SpellUse`]: the spell, the cast, and the counter it spends — the
//! spell's own uses (prepared), the caster's shared casts (spontaneous), or
//! none (at will). Casting is the power's use, written `cast SPELL [CAST]
//! [TARGET|SQUARE]`; it opens the Attack of Opportunity window ("If a
//! creature within your reach casts a spell"); a spell with a sustain entry
//! can be cast again on the caster's next turn for its sustain cost without
//! spending a use (ruling P2V-R59), kept as a lasting effect of the core.
//! Refusals of a cast carry `p2v.cast.*` rule ids.

use super::action::{Action, Aim};
use super::roster::Power;
use super::rules::{P2v, section};
use super::state::{Lasting, State, Turn};
use crate::feature::{Action as Cost, Feature};
use crate::program::Program;
use crate::spell::{Caster, Pool, SpellBook};
use arbiter_core::Refusal;
use arbiter_core::resolve::{Effect, Expiry};
use arbiter_geometry::battle::{Area, FigureId, Point, Space, Square};
use serde::{Deserialize, Serialize};

/// What makes a power one cast of a spell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellUse {
    /// The spell's name in the catalogue.
    pub spell: String,
    /// Which of its casts (0-based).
    pub cast: u8,
    /// How many casts the spell has.
    pub casts: u8,
    /// The power whose counter a cast spends (its own or the first of its
    /// pool), or `None` for a spell cast at will.
    pub counter: Option<u8>,
    /// For a burst: how far its corner may be, in squares.
    pub range: Option<u16>,
    /// The action points that sustain it, if it may be sustained.
    pub sustain: Option<u8>,
    /// The caster rank it is cast at.
    pub rank: u8,
    /// Creatures of this card it does not affect (Play the Pipes: satyrs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<String>,
    /// The feature's name, if only one creature may use it in a battle
    /// ("Once one satyr has played, no other satyr may play this battle").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub once: Option<String>,
    /// The spell's traits (mental, auditory) that reactions answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<crate::program::EffectTrait>,
    /// The tradition it is cast in: its caster's (none for a scroll's or a
    /// feature's cast; Primal Sink answers primal spells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tradition: Option<crate::spell::Tradition>,
}

/// The spells of a caster the engine does not run yet (not in the
/// catalogue, or with a cast that has no effect); `None` if it runs them all.
pub fn spells_not_run(c: &Caster) -> Option<Vec<String>> {
    let book = SpellBook::starter_ref().ok();
    let names: Vec<String> = c.spells().into_iter().map(|(name, _)| name.to_string()).collect();
    let mut missing = not_run(&names).unwrap_or_default();
    // A strike spell runs only cast at will (a weapon with no uses).
    for (name, pool) in c.spells() {
        let strike = book.and_then(|b| b.get(name)).is_some_and(|sp| sp.runs() && sp.cast.iter().any(|c| c.strike));
        if strike && pool != Pool::AtWill {
            missing.push(name.trim().to_ascii_lowercase());
        }
    }
    (!missing.is_empty()).then_some(missing)
}

/// The spells of a list the engine does not run yet; `None` if it runs them all.
pub fn not_run(names: &[String]) -> Option<Vec<String>> {
    let book = SpellBook::starter_ref().ok();
    let missing: Vec<String> = names
        .iter()
        .filter(|name| book.and_then(|b| b.get(name)).is_none_or(|sp| !sp.runs()))
        .map(|name| name.trim().to_ascii_lowercase())
        .collect();
    (!missing.is_empty()).then_some(missing)
}

/// The strikes of the creature's spells cast at will that are strikes
/// (tangle vine): a weapon each, its damage the spell's, its hit the rest.
pub fn spell_weapons(features: &[&Feature]) -> Vec<super::roster::Weapon> {
    let Ok(book) = SpellBook::starter_ref() else { return Vec::new() };
    let mut out = Vec::new();
    for c in features.iter().filter_map(|f| f.effect.as_ref().and_then(|e| e.spells.as_ref())) {
        for (name, pool) in c.spells() {
            let Some(sp) = book.get(name).filter(|sp| sp.runs() && pool == Pool::AtWill) else { continue };
            for (k, cast) in sp.cast.iter().enumerate().filter(|(_, c)| c.strike) {
                let Some(p) = sp.heightened(k, c.rank) else { continue };
                let (reach, short, long) = match cast.area {
                    Some(crate::Area::Melee(r)) => (Some(r.unwrap_or(1)), 0, None),
                    Some(crate::Area::Ranged { short, long }) => (None, short, long),
                    _ => continue,
                };
                let rider = Program { damage: None, ..p.clone() };
                out.push(super::roster::Weapon {
                    name: sp.name.clone(),
                    reach,
                    short,
                    long,
                    damage: p
                        .damage
                        .map_or(super::damage::Damage { amount: 0, types: super::damage::Types::NONE }, |d| d.0),
                    once_per_turn: false,
                    uses: None,
                    no_long_penalty: false,
                    extra: Vec::new(),
                    save: None,
                    hit: rider.touches().then_some(rider),
                    grab: false,
                    spend: Vec::new(),
                    ap: cast.action.action_points().max(1),
                    only: Vec::new(),
                });
            }
        }
    }
    out
}

/// Adds the powers of the creature's caster features: one per cast of
/// each spell the engine runs, after its other powers.
pub fn add_spells(powers: &mut Vec<Power>, features: &[&Feature]) {
    let Ok(book) = SpellBook::starter_ref() else { return };
    for c in features.iter().filter_map(|f| f.effect.as_ref().and_then(|e| e.spells.as_ref())) {
        let mut shared: Option<u8> = None;
        for (name, pool) in c.spells() {
            let Some(sp) = book.get(name).filter(|sp| sp.runs()) else { continue };
            let mut own: Option<u8> = None;
            for (k, cast) in sp.cast.iter().enumerate().filter(|(_, c)| !c.strike) {
                let Some(mut program) = sp.heightened(k, c.rank) else { continue };
                // A summoning spell brings the caster's own card (ruling P2V-R146).
                if program.awaken.as_deref() == Some(crate::spell::SUMMONED) {
                    let Some(card) = c.summons.clone() else { continue };
                    program.awaken = Some(card);
                }
                let here = u8::try_from(powers.len()).unwrap_or(u8::MAX);
                let (uses, counter) = match pool {
                    Pool::AtWill => (None, None),
                    Pool::Own(n) => (Some(n), Some(*own.get_or_insert(here))),
                    Pool::Shared(n) => (Some(n), Some(*shared.get_or_insert(here))),
                };
                powers.push(Power {
                    name: sp.name.clone(),
                    cost: cast.action,
                    area: cast.area,
                    uses,
                    program,
                    spell: Some(SpellUse {
                        spell: sp.name.clone(),
                        cast: k as u8,
                        casts: sp.cast.len() as u8,
                        counter,
                        range: cast.range,
                        sustain: sp.sustain.map(Cost::action_points),
                        rank: c.rank,
                        except: None,
                        once: None,
                        traits: sp.traits.clone(),
                        tradition: Some(c.tradition),
                    }),
                    only: Vec::new(),
                });
            }
        }
    }
    // Features that cast a spell of their list over their own area, in the
    // creature's tradition if it casts spells.
    let rank = features.iter().filter_map(|f| f.caster_rank()).max().unwrap_or(1);
    let tradition = features.iter().find_map(|f| f.effect.as_ref()?.spells.as_ref()).map(|c| c.tradition);
    for f in features {
        let Some(e) = f.effect.as_ref() else { continue };
        let Some(c) = e.casts.as_ref() else { continue };
        let mut first: Option<u8> = None;
        for name in &c.spells {
            let Some(sp) = book.get(name).filter(|sp| sp.runs()) else { continue };
            let Some(program) = sp.heightened(0, rank) else { continue };
            let here = u8::try_from(powers.len()).unwrap_or(u8::MAX);
            let counter = f.uses.map(|_| *first.get_or_insert(here));
            let label = format!("{} ({})", f.name, sp.name.to_ascii_lowercase());
            powers.push(Power {
                name: label.clone(),
                cost: f.action,
                area: f.area.or(e.area),
                uses: f.uses.map(|u| u.count),
                program,
                spell: Some(SpellUse {
                    spell: label,
                    cast: 0,
                    casts: 1,
                    counter,
                    range: None,
                    sustain: None,
                    rank,
                    except: c.except.clone(),
                    once: c.once.then(|| f.name.clone()),
                    traits: sp.traits.clone(),
                    tradition,
                }),
                only: Vec::new(),
            });
        }
    }
}

/// `p2v.power.x` as `p2v.cast.x` (and `p2v.turn.ap` as `p2v.cast.ap`) for a spell's refusals.
pub(crate) fn as_cast(r: Refusal) -> Refusal {
    if r.rule == "p2v.turn.ap" {
        return Refusal { rule: "p2v.cast.ap".into(), ..r };
    }
    match r.rule.strip_prefix("p2v.power.") {
        Some(rest) => Refusal { rule: format!("p2v.cast.{rest}").into(), ..r },
        None => r,
    }
}

impl P2v {
    /// The counter (a power index into `power_uses`) a power spends, if it
    /// has limited uses.
    pub(crate) fn use_counter(&self, who: u8, power: u8) -> Option<usize> {
        let pw = self.profile(usize::from(who))?.powers.get(usize::from(power))?;
        pw.uses?;
        Some(usize::from(pw.spell.as_ref().map_or(Some(power), |sp| sp.counter)?))
    }

    /// Whether casting `power` now sustains the spell the caster cast on
    /// its last turn: no use spent, the sustain cost paid (ruling P2V-R59).
    pub fn sustaining(&self, s: &State, who: u8, power: u8) -> bool {
        let Some(sp) = self.spell_of(who, power) else { return false };
        sp.sustain.is_some()
            && s.effects
                .get(who, Lasting::Sustain { power: self.first_cast(who, power) })
                .is_some_and(|e| i32::from(e.value) + 1 == i32::from(s.round))
    }

    /// The spell of a power, if it is a cast.
    pub fn spell_of(&self, who: u8, power: u8) -> Option<&SpellUse> {
        self.profile(usize::from(who))?.powers.get(usize::from(power))?.spell.as_ref()
    }

    /// The first power of the same spell (sustaining one cast sustains the spell).
    fn first_cast(&self, who: u8, power: u8) -> u8 {
        let Some(sp) = self.spell_of(who, power) else { return power };
        let Some(p) = self.profile(usize::from(who)) else { return power };
        p.powers.iter().position(|pw| pw.spell.as_ref().is_some_and(|x| x.spell == sp.spell)).map_or(power, |k| k as u8)
    }

    /// After a cast of a spell with a sustain entry: it may be sustained
    /// on the caster's next turn (the next round).
    pub(crate) fn may_sustain_next(&self, s: &mut State, who: u8, power: u8) {
        if self.spell_of(who, power).is_some_and(|sp| sp.sustain.is_some()) {
            let kind = Lasting::Sustain { power: self.first_cast(who, power) };
            s.effects.replace(Effect::new(kind, who, Expiry::Never).valued(i16::from(s.round)));
        }
    }

    /// The action points a cast costs now: its sustain cost when it
    /// sustains the spell, else its own.
    pub(crate) fn cast_cost(&self, s: &State, who: u8, power: u8) -> Option<u8> {
        let sp = self.spell_of(who, power)?;
        if self.sustaining(s, who, power) { sp.sustain } else { None }
    }

    /// Checks a burst's corner: the square whose lower-left corner it is
    /// must be on the board, within the spell's range, with line of sight
    /// and line of effect to the corner ("To target a point of origin for an
    /// area of effect at range …"; ruling P2V-R60).
    pub(crate) fn judge_burst(&self, s: &State, who: u8, range: u16, at: Square) -> Result<(), Refusal> {
        let field = self.field(s);
        let me = field.figure(FigureId(u16::from(who))).map(|f| f.space);
        let Some(me) = me else {
            return Err(Refusal::because("p2v.cast.none", "the caster is not on the board", section::POWER));
        };
        if !field.board().contains(at) {
            return Err(Refusal::because("p2v.cast.aim", "a burst's corner is a square of the board", section::AREAS));
        }
        let d = arbiter_geometry::battle::targeting::distance(&me, &Space::new(at, 1));
        if d > u32::from(range) {
            return Err(Refusal::because(
                "p2v.cast.range",
                format!("the burst's corner is {d} squares away; the spell reaches {range}"),
                section::TARGETING,
            ));
        }
        let corner = Point::corner(at.file(), at.rank());
        if field.sight_to(FigureId(u16::from(who)), corner).is_none() {
            return Err(Refusal::because(
                "p2v.cast.sight",
                "the caster has no line of sight to the burst's corner",
                "Line of sight",
            ));
        }
        if !field.effect_to(FigureId(u16::from(who)), corner) {
            return Err(Refusal::because(
                "p2v.cast.effect",
                "solid terrain blocks the line of effect to the burst's corner",
                "Line of effect",
            ));
        }
        Ok(())
    }

    /// The area of a burst cast with its corner at `at`'s lower-left corner.
    pub(crate) fn burst_area(at: Square, radius: u16) -> Area {
        Area::Burst { at: Point::corner(at.file(), at.rank()), radius: u32::from(radius) }
    }

    /// The corners a burst may take, for listing decisions: the squares of
    /// every other creature in play (each one's lower-left square and the square
    /// up and right of it, so the four squares round that corner hold it).
    pub(crate) fn burst_aims(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let Some(range) = self.spell_of(who, power).and_then(|sp| sp.range) else { return Vec::new() };
        let mut out: Vec<Aim> = Vec::new();
        for (i, c) in s.creatures.iter().enumerate() {
            if !self.in_play(s, i) || i == usize::from(who) {
                continue;
            }
            let Some(a) = c.at else { continue };
            for at in [a, Square::at((a.file() + 1).min(255) as u8, (a.rank() + 1).min(255) as u8)] {
                let aim = Aim::Square { at };
                if !out.contains(&aim) && self.judge_burst(s, who, range, at).is_ok() {
                    out.push(aim);
                }
            }
        }
        out
    }

    /// Whether a feature only one creature may use in a battle has been
    /// used already (by any creature: a power of that feature with a use spent).
    pub(crate) fn played(&self, s: &State, feature: &str) -> bool {
        self.roster().iter().enumerate().any(|(i, p)| {
            p.powers.iter().enumerate().any(|(k, pw)| {
                pw.spell.as_ref().is_some_and(|sp| sp.once.as_deref() == Some(feature))
                    && pw.uses.is_some_and(|n| {
                        let counter = pw.spell.as_ref().and_then(|sp| sp.counter).map_or(k, usize::from);
                        s.creatures.get(i).and_then(|c| c.power_uses.get(counter)).is_some_and(|&left| left < n)
                    })
            })
        })
    }

    /// Whether `t` (the caster's turn) may cast `power` as a spell: a
    /// wrapper of [`P2v::judge_use`] whose refusals read `p2v.cast.*`.
    pub fn judge_cast(&self, s: &State, t: &Turn, power: u8, aim: Aim) -> Result<(), Refusal> {
        self.judge_use(s, t, power, aim).map_err(as_cast)
    }
}

impl P2v {
    /// A cast judged legal, its cost paid: the effect on each creature it
    /// affects, below the Attack of Opportunity windows of the enemies whose
    /// reach the caster is in (they strike before the spell takes effect;
    /// ruling P2V-R62); the spell may be sustained next turn.
    pub(crate) fn cast_spell<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        power: u8,
        targets: Vec<u8>,
        _events: &mut E,
    ) {
        use super::state::{Affect, Frame, Source, Trigger};
        use arbiter_core::resolve::{Timing, Window};
        self.may_sustain_next(s, who, power);
        s.pending.push_in_order(targets.into_iter().map(|target| {
            Frame::Affect(Affect { user: who, target, source: Source::Power { power }, covered: false })
        }));
        let windows = super::apply::reaction_windows(self, s, who, |g, s, r| super::apply::within_reach(g, s, who, r));
        for w in windows {
            let Trigger::RangedInReach { reactor, .. } = w.trigger else { continue };
            let seat = arbiter_core::Seat(self.team(usize::from(reactor)));
            s.pending.push(Frame::Window(Window::for_seat(
                Trigger::Casts { caster: who, reactor },
                Timing::Before,
                seat,
            )));
        }
    }

    /// Heals `who` by `n` HP, up to its maximum: "If a dying creature is
    /// healed, their current HP becomes the value of the healing provided …
    /// They cease to be helpless (but they are still prone)."
    pub(crate) fn heal<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        n: u16,
        events: &mut E,
    ) {
        use super::state::Life;
        let i = usize::from(who);
        let Some(max) = self.profile(i).map(|p| p.hp) else { return };
        let Some(c) = s.creatures.get_mut(i) else { return };
        let dying = c.life == Life::Dying;
        if !matches!(c.life, Life::Up | Life::Dying) {
            return;
        }
        let hp = if dying { i32::from(n).min(max) } else { (c.hp + i32::from(n)).min(max).max(c.hp) };
        let healed = hp - c.hp.max(0);
        c.hp = hp;
        events.emit(super::event::Event::Healed { who, amount: healed.max(0) as u16, hp });
        if dying {
            c.life = Life::Up;
            self.sync(s, i);
        }
    }
}

impl P2v {
    /// Reads `cast SPELL [N] [TARGET|SQUARE]`: the spell by name (words may
    /// be joined by hyphens: `entangling-flora`), its cast (1-based, needed
    /// only when the spell has several), and its aim as the cast's range or
    /// area wants it. The result is the use of the spell's power.
    pub(crate) fn parse_cast(&self, s: &State, words: &[&str]) -> Result<Action, String> {
        let who = s.active().ok_or("no creature is taking its turn")?;
        let p = self.profile(usize::from(who)).ok_or("no such creature")?;
        let norm = |x: &str| x.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
        // The longest run of words after `cast` that names one of its spells.
        let mut found: Option<(usize, &str)> = None;
        for end in (2..=words.len()).rev() {
            let name = norm(&words[1..end].concat());
            if let Some(sp) = p.powers.iter().filter_map(|pw| pw.spell.as_ref()).find(|sp| norm(&sp.spell) == name) {
                found = Some((end, sp.spell.as_str()));
                break;
            }
        }
        let Some((mut next, spell)) = found else {
            return Err(match words.get(1) {
                None => "'cast' needs more: cast SPELL [N] [TARGET|SQUARE]".into(),
                Some(w) => format!("{} casts no spell called '{}'", p.name, w.chars().take(24).collect::<String>()),
            });
        };
        let casts: Vec<usize> =
            (0..p.powers.len()).filter(|&k| p.powers[k].spell.as_ref().is_some_and(|sp| sp.spell == spell)).collect();
        let mut k = casts[0];
        if casts.len() > 1 {
            let n: usize =
                words.get(next).and_then(|w| w.parse().ok()).filter(|n| (1..=casts.len()).contains(n)).ok_or_else(
                    || {
                        format!(
                            "{spell} is cast {} ways: cast {} 1..{} [TARGET|SQUARE]",
                            casts.len(),
                            norm(spell),
                            casts.len()
                        )
                    },
                )?;
            k = casts[n - 1];
            next += 1;
        }
        let pw = &p.powers[k];
        let rest = &words[next..];
        let need = |what: &str| -> Result<&str, String> {
            match rest {
                [one] => Ok(one),
                _ => Err(format!("{spell} is cast at {what}: cast {} … {}", norm(spell), what.to_ascii_uppercase())),
            }
        };
        let aim = match pw.area {
            // Summon Animal: where the creature comes (ruling P2V-R146).
            _ if pw.program.awaken.is_some() => Aim::Square { at: self.square(need("a square")?)? },
            None | Some(crate::Area::Emanation { .. }) if rest.is_empty() => Aim::Here,
            None | Some(crate::Area::Emanation { .. }) => return Err(format!("{spell} is cast with nothing more")),
            Some(crate::Area::Melee(_) | crate::Area::Ranged { .. }) => {
                Aim::Creature { who: self.creature(need("a target")?)? }
            }
            Some(crate::Area::Burst(_)) => Aim::Square { at: self.square(need("a square")?)? },
            Some(crate::Area::Line(_)) => Aim::Line { toward: self.square(need("a square")?)? },
            Some(crate::Area::Cone(_)) => {
                let d = need("a direction")?.to_ascii_lowercase();
                Aim::Cone { index: super::notation::cone_index(&d).ok_or_else(|| format!("'{d}' is not a direction"))? }
            }
        };
        Ok(Action::Use { power: k as u8, aim })
    }
}

/// A number a spell's bonus raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Fight rolls.
    Fight,
    /// Power.
    Power,
    /// Saving throws.
    Saves,
    /// Armor.
    Armor,
    /// Speed.
    Speed,
    /// Skill checks.
    Skills,
    /// Melee reach.
    Reach,
    /// The damage of melee strikes.
    Damage,
    /// The damage of ranged strikes.
    RangedDamage,
    /// Resistance dice against physical damage (ruling P2V-R73).
    Resist,
    /// Truesight: invisible and concealed creatures are seen (ruling P2V-R141).
    Truesight,
    /// Gentle landing: falls deal no damage (ruling P2V-R142).
    Gentle,
}

/// Each number a bonus raises, with how much (zeros included).
pub(crate) fn bonus_stats(b: crate::program::Bonus) -> [(Stat, i8); 12] {
    [
        (Stat::Fight, b.fight),
        (Stat::Power, b.power),
        (Stat::Saves, b.saves),
        (Stat::Armor, b.armor),
        (Stat::Speed, b.speed),
        (Stat::Skills, b.skills),
        (Stat::Reach, b.reach),
        (Stat::Damage, b.damage),
        (Stat::RangedDamage, b.ranged_damage),
        (Stat::Resist, b.resist),
        (Stat::Truesight, b.truesight),
        (Stat::Gentle, b.gentle),
    ]
}

impl P2v {
    /// The bonus `who` has to a number from spells and its stance now.
    pub fn bonus(&self, s: &State, who: u8, stat: Stat) -> i32 {
        s.effects.total(who, |k| *k == Lasting::Bonus { stat } || *k == Lasting::Surge { stat })
            + self.stance_bonus(s, who, stat)
    }

    /// Whether `who` is invisible ("attackers do not have line of sight to it").
    pub fn invisible(&self, s: &State, who: u8) -> bool {
        s.effects.has(who, Lasting::Invisible)
    }

    /// Whether `who` ignores the invisible and concealed statuses of
    /// creatures: its card's Truesight or See Invisibility ("COMMON
    /// FEATURES"), or a spell's (See the Unseen; ruling P2V-R141).
    pub fn truesight(&self, s: &State, who: u8) -> bool {
        self.profile(usize::from(who))
            .is_some_and(|p| p.defences.common.iter().any(|c| c == "truesight" || c == "see invisibility"))
            || self.bonus(s, who, Stat::Truesight) > 0
    }

    /// Whether `target` is invisible to `viewer`: invisible, and `viewer`
    /// has no truesight, nor scent while adjacent (ruling P2V-R161).
    pub fn unseen(&self, s: &State, target: u8, viewer: u8) -> bool {
        self.invisible(s, target) && !self.truesight(s, viewer) && !self.scents(s, viewer, target)
    }

    /// Gives the bonuses of a spell to `who` until the start of `from`'s
    /// next turn; a second cast refreshes them (ruling P2V-R64).
    pub(crate) fn give_bonus<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        from: u8,
        b: crate::program::Bonus,
        events: &mut E,
    ) {
        use arbiter_core::resolve::Anchor;
        for (stat, n) in bonus_stats(b).into_iter().filter(|(_, n)| *n != 0) {
            let until = if b.battle { Expiry::Never } else { Expiry::At { anchor: Anchor::TurnStart(from), times: 1 } };
            s.effects.replace(Effect::new(Lasting::Bonus { stat }, who, until).from(from).valued(i16::from(n)));
            let name = match stat {
                Stat::Resist => format!("resist physical {n}d6"),
                Stat::Truesight => "truesight".to_string(),
                Stat::Gentle => "gentle landing".to_string(),
                _ => format!("{n:+} {}", format!("{stat:?}").to_ascii_lowercase()),
            };
            events.emit(super::event::Event::Condition { who, name, on: true });
        }
    }

    /// Makes `who` invisible until it attacks.
    pub(crate) fn make_invisible<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        events: &mut E,
    ) {
        if !self.invisible(s, who) {
            s.effects.add(Effect::new(Lasting::Invisible, who, Expiry::Never));
            events.emit(super::event::Event::Condition { who, name: "invisible".into(), on: true });
        }
    }

    /// Ends `who`'s invisibility: it attacks (ruling P2V-R63).
    pub(crate) fn end_invisible<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        events: &mut E,
    ) {
        if self.invisible(s, who) {
            s.effects.remove(who, Lasting::Invisible, |_| {});
            events.emit(super::event::Event::Condition { who, name: "invisible".into(), on: false });
        }
    }

    /// The start of `who`'s turn: bonuses it gave end.
    pub(crate) fn pass_turn_start(&self, s: &mut State, who: u8) {
        s.effects.pass(arbiter_core::resolve::Anchor::TurnStart(who), |_| {});
    }

    /// Whether `who` is quickened.
    pub fn quickened(&self, s: &State, who: u8) -> bool {
        s.effects.has(who, Lasting::Quickened)
    }

    /// Makes `who` quickened: it gains an action point at the start of its
    /// next turn (ruling P2V-R151).
    pub(crate) fn quicken<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        events: &mut E,
    ) {
        s.effects.replace(Effect::new(Lasting::Quickened, who, Expiry::Never));
        events.emit(super::event::Event::Condition { who, name: "quickened".into(), on: true });
    }

    /// The start of `who`'s turn: a quickened creature's extra action point,
    /// its status then lasting to the end of this turn (ruling P2V-R151).
    pub(crate) fn quickened_turn(&self, s: &mut State, who: u8) -> u8 {
        use arbiter_core::resolve::Anchor;
        if !self.quickened(s, who) {
            return 0;
        }
        let until = Expiry::At { anchor: Anchor::TurnEnd(who), times: 1 };
        s.effects.replace(Effect::new(Lasting::Quickened, who, until));
        1
    }
}

impl P2v {
    /// The lasting effect a dispel of `kind` ends.
    fn lasting_of(kind: crate::program::Lasts) -> Lasting {
        use crate::program::Lasts as L;
        let stat = match kind {
            L::Controlled => return Lasting::Controlled,
            L::Fight => Stat::Fight,
            L::Power => Stat::Power,
            L::Saves => Stat::Saves,
            L::Armor => Stat::Armor,
            L::Speed => Stat::Speed,
            L::Skills => Stat::Skills,
            L::Reach => Stat::Reach,
            L::Damage => Stat::Damage,
            L::Resist => Stat::Resist,
        };
        Lasting::Bonus { stat }
    }

    /// Whether `who` has a lasting spell effect of one of these kinds.
    pub fn dispellable(&self, s: &State, who: u8, kinds: &[crate::program::Lasts]) -> bool {
        kinds.iter().any(|k| s.effects.has(who, Self::lasting_of(*k)))
    }

    /// Ends `who`'s lasting spell effects of these kinds (Dispel Magic:
    /// automatic, no check; ruling P2V-R74).
    pub(crate) fn dispel<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        kinds: &[crate::program::Lasts],
        events: &mut E,
    ) {
        for k in kinds {
            let kind = Self::lasting_of(*k);
            let mut ended = false;
            s.effects.remove(who, kind, |_| ended = true);
            if ended {
                let name = match kind {
                    Lasting::Bonus { stat: Stat::Resist } => "resist physical".to_string(),
                    Lasting::Bonus { stat } => format!("bonus to {}", format!("{stat:?}").to_ascii_lowercase()),
                    _ => "controlled".to_string(),
                };
                events.emit(super::event::Event::Condition { who, name: format!("{name} (dispelled)"), on: false });
            }
        }
    }
}

impl P2v {
    /// Controls `who` on its next turn (charm, suggestion): "On the
    /// creature's turn, the opponent spends the creature's action points and
    /// controls the action(s) the controlled creature takes."
    pub(crate) fn control<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        events: &mut E,
    ) {
        use arbiter_core::resolve::Anchor;
        let until = Expiry::At { anchor: Anchor::TurnEnd(who), times: 1 };
        s.effects.replace(Effect::new(Lasting::Controlled, who, until));
        events.emit(super::event::Event::Condition { who, name: "controlled".into(), on: true });
    }

    /// Whether `who` is controlled by the opponent now.
    pub fn controlled(&self, s: &State, who: u8) -> bool {
        s.effects.has(who, Lasting::Controlled)
    }

    /// The seat that decides for `who` on its turn: its own, or the
    /// opponent's while it is controlled.
    pub fn controller(&self, s: &State, who: u8) -> u8 {
        let seat = self.team(usize::from(who));
        if self.controlled(s, who) { 1 - seat.min(1) } else { seat }
    }

    /// The end of `who`'s turn: what lasted until then ends (controlled).
    pub(crate) fn pass_turn_end<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        events: &mut E,
    ) {
        let mut ended = Vec::new();
        s.effects.pass(arbiter_core::resolve::Anchor::TurnEnd(who), |e| match e.kind {
            Lasting::Controlled => ended.push((e.holder, "controlled")),
            // Tumble Behind's off-guard ends with the tumbler's turn (ruling P2V-R56).
            Lasting::Tumbled => ended.push((e.holder, "off-guard")),
            // Quickened ends with the turn it gave an action point to (ruling P2V-R151).
            Lasting::Quickened => ended.push((e.holder, "quickened")),
            _ => {}
        });
        for (h, name) in ended {
            events.emit(super::event::Event::Condition { who: h, name: name.into(), on: false });
        }
    }

    /// Refuses, for a controlled creature, a feature with limited uses:
    /// "The opponent cannot choose any features with a limited number of uses."
    pub(crate) fn judge_controlled(&self, s: &State, who: u8, limited: bool) -> Result<(), Refusal> {
        if limited && self.controlled(s, who) {
            return Err(Refusal::because(
                "p2v.controlled.limited",
                "a controlled creature's opponent cannot choose a feature with limited uses",
                section::CONDITIONS,
            ));
        }
        Ok(())
    }
}

impl P2v {
    /// What the spells on a creature are worth to its side, as a share of
    /// its points, for the bots' judging: invisible +0.1, controlled −0.3,
    /// +0.02 per point of bonus.
    pub(crate) fn spell_standing(&self, s: &State, who: u8) -> f64 {
        let mut v = 0.0;
        for e in s.effects.on(who) {
            v += match e.kind {
                Lasting::Invisible => 0.1,
                Lasting::Controlled => -0.3,
                Lasting::Bonus { .. } | Lasting::Surge { .. } => 0.02 * f64::from(e.value),
                Lasting::Quickened | Lasting::Concealed { .. } => 0.05,
                _ => 0.0,
            };
        }
        v
    }
}

/// The strikes a feature with choices makes ("A bow strike that, on a hit,
/// does no damage but one of these instead"): one weapon per choice, named
/// `Feature (choice)`, with no damage of its own and the choice as its hit.
pub fn choice_weapons(f: &Feature) -> Vec<super::roster::Weapon> {
    let Some(e) = f.effect.as_ref().filter(|e| !e.choices.is_empty()) else { return Vec::new() };
    let (reach, short, long) = match f.area.or(e.area) {
        Some(crate::Area::Melee(r)) => (Some(r.unwrap_or(1)), 0, None),
        Some(crate::Area::Ranged { short, long }) => (None, short, long),
        _ => return Vec::new(),
    };
    e.choices
        .iter()
        .map(|c| super::roster::Weapon {
            name: format!("{} ({})", f.name, c.name.trim()),
            reach,
            short,
            long,
            damage: super::damage::Damage { amount: 0, types: super::damage::Types::NONE },
            once_per_turn: f.action == Cost::OncePerTurn,
            uses: f.uses.map(|u| u.count),
            no_long_penalty: false,
            extra: Vec::new(),
            save: None,
            hit: Some(c.hit.clone()),
            grab: false,
            spend: Vec::new(),
            ap: f.action.action_points().max(1),
            only: Vec::new(),
        })
        .collect()
}

impl P2v {
    /// Casts a spell's first cast on `who` itself at `rank` (Ash Form's
    /// enlarge): its bonuses, conditions or healing, with no save.
    pub(crate) fn cast_on_self<E: arbiter_core::EventSink<super::event::Event>>(
        &self,
        s: &mut State,
        who: u8,
        spell: &str,
        rank: u8,
        events: &mut E,
    ) {
        let Some(p) = SpellBook::starter_ref().ok().and_then(|b| b.get(spell)).and_then(|sp| sp.heightened(0, rank))
        else {
            return;
        };
        if let Some(b) = p.bonus {
            self.give_bonus(s, who, who, b, events);
        }
        if let Some(n) = p.heal {
            self.heal(s, who, n, events);
        }
        self.give(s, who, &p.apply, spell, events);
    }
}
