//! The spell catalogue: every spell a caster's card may name, as data.
//!
//! "Spells are described as actions, with a particular action point cost.
//! If multiple actions are described in the one spell, only one of them can
//! be taken." The rulebook gives no spell list: spells are imported from
//! Pathfinder 2e with the appendix's changes (areas reduced, damage
//! averaged). Arbiter ships its own adaptations, written in its own words
//! and numbers, in `data/spells.toml` (embedded, checked on load; its
//! format is in `docs/warbands.md`):
//!
//! ```toml
//! [[spell]]
//! name = "Heal"
//! rank = 1
//! text = "Knits wounds: 5 HP to a creature in reach (1 AP), or 10 HP at range 6 (2 AP)."
//!
//! [[spell.cast]]
//! action = "one"
//! area = "Melee"
//! effect = { heal = 5 }
//! heighten = { heal = 5 }
//! ```
//!
//! Each cast is one way to cast the spell (its AP cost, range or area,
//! strike or save, effect) and how it grows per rank above the spell's
//! ([`Heighten`]). A spell whose casts carry no `effect` is in the
//! catalogue for people (its text) but the engine does not run it yet: a
//! card naming it reports it as not yet executable, never silently ignored.

use crate::feature::{Action, Area};
use crate::program::Program;
use crate::source::{MAX_FILE_BYTES, Path, clip, line_at, line_of};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The starter catalogue's data file, embedded at build time.
const STARTER: &str = include_str!("../data/spells.toml");

/// The highest spell rank.
pub const MAX_RANK: u8 = 10;

/// The most casts one spell may offer.
pub const MAX_CASTS: usize = 4;

/// An error in a spell file: the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpellError {
    /// The 1-based line of the offending value.
    pub line: Option<usize>,
    /// What is wrong (naming the spell when it concerns one).
    pub message: String,
}

impl fmt::Display for SpellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SpellError {}

/// How a cast grows for each rank the caster has above the spell's rank
/// (for a cantrip, above rank 1): "Heighten: Heal +5 damage per rank."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heighten {
    /// Damage added per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<u16>,
    /// Healing added per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heal: Option<u16>,
    /// Melee reach added to its bonus per step (enlarge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<i8>,
    /// Melee damage added to its bonus per step (enlarge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strike_damage: Option<i8>,
    /// Ranks per step (1 when absent: every rank).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<u8>,
}

/// One way to cast a spell: "• Melee: Heal 5 damage."
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cast {
    /// Its action point cost (`one` or `two`).
    pub action: Action,
    /// Its range (`Melee`, `Ranged 6`) or area (`Emanation 4`, `Cone 3`,
    /// `Burst 1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// For a burst: how far away its corner may be, in squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u16>,
    /// Whether it is a strike: "the caster makes a Fight roll and compares
    /// it to the target's Armor. Only if the attack hits does the spell's
    /// effect take place." Its `damage` is the hit's; the rest, with its
    /// save, is what the hit adds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strike: bool,
    /// What it does, as data (see [`crate::program`]); absent while the
    /// engine cannot run it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Program>,
    /// How it grows with the caster's rank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heighten: Option<Heighten>,
}

/// A spell of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// Its name (`Sleep`).
    pub name: String,
    /// Its rank: the lowest caster rank that can cast it; 0 for a cantrip.
    pub rank: u8,
    /// What it does, for people, in Arbiter's words.
    pub text: String,
    /// Sustain: the action points that cast it again on the caster's next
    /// turn without spending a use (`one` or `two`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sustain: Option<Action>,
    /// How long it lasts, for people (its conditions last as the rules'
    /// conditions do: until the end of the affected creature's turn).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub duration: String,
    /// Its traits that reactions answer (`["mental"]`: sleep, fear, charm).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<crate::program::EffectTrait>,
    /// The ways to cast it; a caster chooses one each time.
    pub cast: Vec<Cast>,
}

impl Spell {
    /// Whether it is a cantrip (rank 0).
    pub fn cantrip(&self) -> bool {
        self.rank == 0
    }

    /// Whether the engine runs every one of its casts.
    pub fn runs(&self) -> bool {
        self.cast.iter().all(|c| c.effect.is_some())
    }

    /// The effect of cast `k` when a caster of `rank` casts it: heightened
    /// once per `every` ranks above the spell's rank (a cantrip counts from
    /// rank 1; ruling P2V-R58).
    pub fn heightened(&self, k: usize, rank: u8) -> Option<Program> {
        let cast = self.cast.get(k)?;
        let mut p = cast.effect.clone()?;
        let Some(h) = cast.heighten else { return Some(p) };
        let steps = u16::from(rank.saturating_sub(self.rank.max(1)) / h.every.unwrap_or(1).max(1));
        if let (Some(d), Some(add)) = (p.damage.as_mut(), h.damage) {
            d.0.amount = d.0.amount.saturating_add(add.saturating_mul(steps)).min(999);
        }
        if let (Some(n), Some(add)) = (p.heal.as_mut(), h.heal) {
            *n = n.saturating_add(add.saturating_mul(steps)).min(999);
        }
        if let Some(b) = p.bonus.as_mut() {
            let steps = i8::try_from(steps).unwrap_or(i8::MAX);
            b.reach = b.reach.saturating_add(h.reach.unwrap_or(0).saturating_mul(steps)).min(5);
            b.damage = b.damage.saturating_add(h.strike_damage.unwrap_or(0).saturating_mul(steps)).min(20);
        }
        Some(p)
    }

    /// Checks a spell: its name, rank, casts and their effects; the error
    /// names the key at fault.
    fn check(&self) -> Result<(), (Path, String)> {
        let root = Path::root();
        if self.name.trim().is_empty() || self.name.chars().count() > crate::feature::MAX_FEATURE_NAME {
            return Err((root.key("name"), "a spell's name is 1 to 60 characters".into()));
        }
        if self.rank > MAX_RANK {
            return Err((root.key("rank"), format!("a spell's rank is 0 (a cantrip) to {MAX_RANK}")));
        }
        if self.text.trim().is_empty() || self.text.chars().count() > crate::feature::MAX_FEATURE_TEXT {
            return Err((root.key("text"), "a spell's text says what it does, in at most 1500 characters".into()));
        }
        if self.sustain.is_some_and(|a| !matches!(a, Action::One | Action::Two)) {
            return Err((root.key("sustain"), "a spell is sustained for one or two AP".into()));
        }
        if self.cast.is_empty() || self.cast.len() > MAX_CASTS {
            return Err((root.key("cast"), format!("a spell has 1 to {MAX_CASTS} casts ([[spell.cast]])")));
        }
        for (k, c) in self.cast.iter().enumerate() {
            let here = root.key("cast").index(k);
            // A reaction cast is a retry (Counter Performance; ruling P2V-R76).
            let reaction = c.action == Action::Reaction && c.effect.as_ref().is_some_and(|e| e.retry.is_some());
            if !matches!(c.action, Action::One | Action::Two) && !reaction {
                return Err((
                    here.key("action"),
                    "a cast costs one or two AP (action = \"one\" or \"two\"), or is a reaction with `retry`".into(),
                ));
            }
            if reaction {
                let e = c.effect.as_ref().map(|e| e.check(c.action, c.area, false));
                if let Some(Err(m)) = e {
                    return Err((here.key("effect"), m));
                }
                if c.heighten.is_some() || c.strike || c.range.is_some() {
                    return Err((here.key("effect"), "a reaction cast has only its `retry`".into()));
                }
                continue;
            }
            match (c.area, c.range) {
                (Some(Area::Burst(_)), None) => {
                    return Err((here.key("area"), "a burst needs the range of its corner (range = 6)".into()));
                }
                (Some(Area::Burst(_)), Some(r)) if r == 0 || r > 60 => {
                    return Err((here.key("range"), "a burst's range is 1 to 60 squares".into()));
                }
                (Some(Area::Burst(_)), Some(_)) | (_, None) => {}
                (_, Some(_)) => return Err((here.key("range"), "`range` is for a burst's corner".into())),
            }
            if matches!(c.area, Some(Area::Emanation { aura: true, .. })) {
                return Err((here.key("area"), "a spell's area is not an aura".into()));
            }
            if c.strike {
                if !c.area.is_some_and(|a| a.single_target()) {
                    return Err((here.key("strike"), "a strike spell has a range (Melee or Ranged)".into()));
                }
                if let Some(e) = &c.effect {
                    let only = Program {
                        damage: e.damage,
                        persistent: e.persistent,
                        apply: e.apply.clone(),
                        save: e.save,
                        ..Program::default()
                    };
                    let rider = Program { damage: None, ..only.clone() };
                    if *e != only || !e.touches() || (rider.save.is_some() && !rider.touches()) {
                        return Err((
                            here.key("effect"),
                            "a strike spell's effect is its damage, and persistent damage or conditions with a save"
                                .into(),
                        ));
                    }
                }
                continue;
            }
            if let Some(e) = &c.effect {
                // A burst is checked as the power it makes: an area at range.
                // A cast with no range or area affects the caster: checked as one in reach.
                e.check(c.action, c.area.or(Some(Area::Melee(None))), false).map_err(|m| (here.key("effect"), m))?;
                if e.spells.is_some() || e.teleport.is_some() || e.shell.is_some() || !e.steps.is_empty() {
                    return Err((
                        here.key("effect"),
                        "a spell's effect is a power's: damage, healing, conditions".into(),
                    ));
                }
            }
            if let Some(h) = c.heighten {
                if h.every == Some(0) || h.every.is_some_and(|n| n > MAX_RANK) {
                    return Err((here.key("heighten").key("every"), "heighten every 1 to 10 ranks".into()));
                }
                let e = c.effect.as_ref();
                if h.damage.is_some() && e.is_none_or(|e| e.damage.is_none()) {
                    return Err((
                        here.key("heighten").key("damage"),
                        "heightened damage needs damage to add to".into(),
                    ));
                }
                if h.heal.is_some() && e.is_none_or(|e| e.heal.is_none()) {
                    return Err((
                        here.key("heighten").key("heal"),
                        "heightened healing needs healing to add to".into(),
                    ));
                }
                if (h.reach.is_some() || h.strike_damage.is_some()) && e.is_none_or(|e| e.bonus.is_none()) {
                    return Err((
                        here.key("heighten"),
                        "heightened reach or strike damage needs a bonus to add to".into(),
                    ));
                }
                if h.damage.is_some_and(|n| n == 0 || n > 999) || h.heal.is_some_and(|n| n == 0 || n > 999) {
                    return Err((here.key("heighten"), "a heightened amount is 1 to 999".into()));
                }
            }
        }
        Ok(())
    }
}

/// A spell file as written: its `[[spell]]` tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellFile {
    /// The spells, in file order.
    #[serde(default)]
    pub spell: Vec<Spell>,
}

/// A checked catalogue of spells with distinct names, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpellBook {
    spells: Vec<Spell>,
}

impl SpellBook {
    /// The starter catalogue, parsed once and kept.
    pub fn starter_ref() -> Result<&'static SpellBook, SpellError> {
        static CACHE: OnceLock<Result<SpellBook, SpellError>> = OnceLock::new();
        CACHE.get_or_init(|| SpellBook::from_toml(STARTER)).as_ref().map_err(Clone::clone)
    }

    /// The starter catalogue's data file, as embedded.
    pub fn starter_text() -> &'static str {
        STARTER
    }

    /// Reads and checks a spell file; the first error found names its line.
    pub fn from_toml(text: &str) -> Result<SpellBook, SpellError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(SpellError { line: None, message: "a spell file is at most 1 MiB".into() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let file: SpellFile = toml::from_str(text).map_err(|e| SpellError {
            line: e.span().map(|s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        })?;
        if file.spell.is_empty() {
            return Err(SpellError { line: None, message: "the file has no [[spell]] tables".into() });
        }
        let mut spells: Vec<Spell> = Vec::with_capacity(file.spell.len());
        for (i, sp) in file.spell.into_iter().enumerate() {
            let here = Path::root().key("spell").index(i);
            let label = if sp.name.trim().is_empty() { format!("spell {}", i + 1) } else { clip(sp.name.trim(), 60) };
            sp.check().map_err(|(path, m)| SpellError {
                line: line_at(text, &here.join(&path)),
                message: format!("{label}: {m}"),
            })?;
            if spells.iter().any(|x| x.name.trim().eq_ignore_ascii_case(sp.name.trim())) {
                return Err(SpellError {
                    line: line_at(text, &here.key("name")),
                    message: format!("{label}: another spell in the file has the same name"),
                });
            }
            spells.push(sp);
        }
        Ok(SpellBook { spells })
    }

    /// The spell with this name (any letter case, surrounding spaces ignored).
    pub fn get(&self, name: &str) -> Option<&Spell> {
        let name = name.trim();
        self.spells.iter().find(|s| s.name.trim().eq_ignore_ascii_case(name))
    }

    /// Every spell, in file order.
    pub fn spells(&self) -> &[Spell] {
        &self.spells
    }
}

/// A spell a prepared caster has, with its uses: "▢ Heal" casts heal once.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prepared {
    /// The spell's name in the catalogue.
    pub spell: String,
    /// How many times it can be cast in a battle (1 to 9).
    pub uses: u8,
}

/// A spontaneous caster's casts: "They can cast three spells, choosing
/// from bane, fear and charm."
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spontaneous {
    /// How many casts in a battle, shared by the spells (1 to 9).
    pub casts: u8,
    /// The spells it chooses from.
    pub spells: Vec<String>,
}

/// A caster feature as data: "Every creature that can cast spells is
/// described as a caster of a particular tradition and rank."
///
/// ```toml
/// [creature.feature.effect.spells]
/// tradition = "primal"
/// rank = 2
/// prepared = [{ spell = "sleep", uses = 1 }]
/// at_will = ["tangle vine"]
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Caster {
    /// Occult, arcane, divine or primal ("no other effect in game").
    pub tradition: Tradition,
    /// Its caster rank: the highest rank of spell it casts, and the rank
    /// its spells are heightened to.
    pub rank: u8,
    /// Spells with their own uses (a prepared caster).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prepared: Vec<Prepared>,
    /// Casts shared by a list of spells (a spontaneous caster).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spontaneous: Option<Spontaneous>,
    /// Spells cast any number of times (∞; cantrips usually).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at_will: Vec<String>,
    /// The card its summoning spells bring into play ("summon animal (wasp
    /// swarms only)": `summons = "Wasp Swarm"`; ruling P2V-R146).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summons: Option<String>,
}

/// What a summoning spell's `awaken` names in the catalogue: the caster's
/// own `summons` card (ruling P2V-R146).
pub const SUMMONED: &str = "summoned";

impl Spell {
    /// Whether a cast of it brings the caster's `summons` into play.
    pub fn summons(&self) -> bool {
        self.cast.iter().any(|c| c.effect.as_ref().is_some_and(|e| e.awaken.as_deref() == Some(SUMMONED)))
    }
}

/// A magical tradition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tradition {
    /// Occult.
    Occult,
    /// Arcane.
    Arcane,
    /// Divine.
    Divine,
    /// Primal.
    Primal,
}

impl Caster {
    /// Every spell it names, with its pool: `Some(uses)` for a prepared
    /// spell, the spontaneous casts' count for those, `None` at will.
    pub fn spells(&self) -> Vec<(&str, Pool)> {
        let mut out: Vec<(&str, Pool)> = Vec::new();
        for p in &self.prepared {
            out.push((p.spell.as_str(), Pool::Own(p.uses)));
        }
        if let Some(sp) = &self.spontaneous {
            for s in &sp.spells {
                out.push((s.as_str(), Pool::Shared(sp.casts)));
            }
        }
        for s in &self.at_will {
            out.push((s.as_str(), Pool::AtWill));
        }
        out
    }

    /// Checks a caster against the starter catalogue: its rank, its uses,
    /// and that every spell it names is there and within its rank.
    pub fn check(&self) -> Result<(), String> {
        if self.rank == 0 || self.rank > MAX_RANK {
            return Err(format!("a caster's rank is 1 to {MAX_RANK}"));
        }
        if self.prepared.iter().any(|p| p.uses == 0 || p.uses > crate::feature::MAX_USES)
            || self.spontaneous.as_ref().is_some_and(|s| s.casts == 0 || s.casts > crate::feature::MAX_USES)
        {
            return Err("a prepared spell or a spontaneous caster has 1 to 9 uses".into());
        }
        if self.spontaneous.as_ref().is_some_and(|s| s.spells.is_empty()) {
            return Err("a spontaneous caster lists the spells it chooses from".into());
        }
        let all = self.spells();
        if all.is_empty() {
            return Err("the caster casts nothing: add prepared, spontaneous or at_will spells".into());
        }
        if all.len() > MAX_CASTER_SPELLS {
            return Err(format!("a caster has at most {MAX_CASTER_SPELLS} spells"));
        }
        let book = SpellBook::starter_ref().map_err(|e| format!("the spell catalogue is broken: {e}"))?;
        for (i, (name, _)) in all.iter().enumerate() {
            let Some(sp) = book.get(name) else {
                return Err(format!("'{}' is not in the spell catalogue (data/spells.toml)", clip(name.trim(), 40)));
            };
            if sp.rank > self.rank {
                return Err(format!("{} is a rank {} spell, above caster rank {}", sp.name, sp.rank, self.rank));
            }
            if all[..i].iter().any(|(n, _)| n.trim().eq_ignore_ascii_case(name.trim())) {
                return Err(format!("{} is named twice", sp.name));
            }
            if sp.summons() && self.summons.is_none() {
                return Err(format!("{} summons a creature: name its card with `summons`", sp.name));
            }
        }
        if let Some(card) = &self.summons {
            if card.trim().is_empty() || card.chars().count() > 60 {
                return Err("`summons` names a card of the bestiary".into());
            }
            if !all.iter().any(|(n, _)| book.get(n).is_some_and(Spell::summons)) {
                return Err("`summons` goes with a summoning spell (summon animal)".into());
            }
        }
        Ok(())
    }
}

/// A feature that casts a spell of its list over the feature's own area,
/// spending the feature's use rather than the spell's: "Casts charm, fear,
/// sleep or suggestion without spending a daily use, on every non-satyr
/// creature in emanation 6. Once one satyr has played, no other satyr may
/// play this battle."
///
/// ```toml
/// effect.casts = { spells = ["charm", "fear", "sleep", "suggestion"], except = "Satyr", once = true }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastsAs {
    /// The spells it may cast (each one's first cast's effect, heightened
    /// to the creature's caster rank).
    pub spells: Vec<String>,
    /// Creatures of this card are not affected ("every non-satyr creature").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<String>,
    /// Once any creature has used a feature of this name, no creature may
    /// use one this battle ("no other satyr may play this battle").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once: bool,
}

impl CastsAs {
    /// Checks the list against the starter catalogue.
    pub fn check(&self) -> Result<(), String> {
        if self.spells.is_empty() || self.spells.len() > MAX_CASTER_SPELLS {
            return Err(format!("`casts` lists 1 to {MAX_CASTER_SPELLS} spells"));
        }
        let book = SpellBook::starter_ref().map_err(|e| format!("the spell catalogue is broken: {e}"))?;
        for name in &self.spells {
            if book.get(name).is_none() {
                return Err(format!("'{}' is not in the spell catalogue (data/spells.toml)", clip(name.trim(), 40)));
            }
        }
        Ok(())
    }
}

/// The most spells one caster feature may name.
pub const MAX_CASTER_SPELLS: usize = 12;

/// Where a spell's uses come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pool {
    /// Its own uses (prepared).
    Own(u8),
    /// The caster's shared casts (spontaneous).
    Shared(u8),
    /// Any number of times.
    AtWill,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_catalogue_loads() {
        let book = SpellBook::starter_ref().unwrap_or_else(|e| panic!("{e}"));
        let heal = book.get("heal").expect("heal");
        // "Heighten: Heal +5 damage per rank." — a rank 5 caster heals 5 + 4 × 5.
        assert_eq!(heal.heightened(0, 5).and_then(|p| p.heal), Some(25));
        assert_eq!(heal.heightened(1, 1).and_then(|p| p.heal), Some(10));
    }

    #[test]
    fn errors_name_the_line_and_the_reason() {
        let bad = "[[spell]]\nname = \"Zap\"\nrank = 1\ntext = \"A zap.\"\n\n[[spell.cast]]\naction = \"two\"\narea = \"Burst 1\"\neffect = { damage = \"5 electricity\", save = \"reflex half\" }\n";
        let e = SpellBook::from_toml(bad).unwrap_err();
        assert_eq!(e.line, Some(8), "{e}");
        assert!(e.message.contains("Zap") && e.message.contains("range"), "{e}");
        let e = SpellBook::from_toml("[[spell]]\nname = \"Zap\"\nrank = 11\ntext = \"x\"\ncast = []\n").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        let e = SpellBook::from_toml("[[spell]]\nname = \"Zap\"\nranq = 1\n").unwrap_err();
        assert!(e.message.contains("ranq"), "{e}");
    }
}
