//! Items and positioning upgrades: what any creature may be given for its
//! upgrade cost.
//!
//! "Players can give creatures items of their level or lower, for the cost
//! of an upgrade per item." The rulebook's appendix lists permanent items
//! and consumables by level, and a second appendix lists positioning
//! upgrades (False Object, Summonable, Tempting Disguise, Trail of Bodies)
//! that cost "like other upgrades". Arbiter keeps both as data,
//! `data/items.toml`, embedded and checked on load, with the texts in
//! Arbiter's own words. Some items name a choice the player makes (the
//! weapon a Fiery Weapon enchants, the spell in a potion): a warband writes
//! it in brackets after the name, `Fiery Weapon (Spear)`.

use crate::card::Size;
use crate::feature::Action;
use crate::points::Level;
use crate::source::{MAX_FILE_BYTES, Path, clip, line_at, line_of};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The standard items' data file, embedded at build time.
const STANDARD: &str = include_str!("../data/items.toml");

/// What kind of thing it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemKind {
    /// An item that lasts (a magic weapon, a howdah).
    Permanent,
    /// An item used up when used (a potion, a scroll).
    Consumable,
    /// A positioning upgrade: a deployment trick, with no level.
    Positioning,
}

impl ItemKind {
    /// In words (`consumable`).
    pub fn label(self) -> &'static str {
        match self {
            ItemKind::Permanent => "permanent item",
            ItemKind::Consumable => "consumable",
            ItemKind::Positioning => "positioning upgrade",
        }
    }
}

/// One item or positioning upgrade.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Its name (`Healing Potion (minor)`).
    pub name: String,
    /// What kind of thing it is.
    pub kind: ItemKind,
    /// Its level: a creature may take items of its level or lower. None for
    /// positioning upgrades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// What using it costs (passive when it is not used as an action).
    #[serde(default, skip_serializing_if = "is_passive")]
    pub action: Action,
    /// What the player chooses when taking it (`weapon`, `spell`), written
    /// in brackets after the name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
    /// The smallest creature that may take it (a howdah: Huge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_size: Option<Size>,
    /// Whether only a creature that casts spells may take it (scrolls).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub caster: bool,
    /// What it does, in Arbiter's words.
    pub text: String,
    /// What the game runs of it: a damage type the chosen weapon also deals
    /// ("Fiery Weapon: … It does fire damage as well as whatever other
    /// damage it does"; `adds = "fire"`, with `choice = "weapon"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adds: Option<crate::play::damage::DamageType>,
    /// A consumable used as an action: its range (`Melee`: the user or a
    /// creature within reach), as a card's feature has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<crate::feature::Area>,
    /// What using it does, as data the game runs (a card's `effect`; a
    /// healing potion: `heal = 5`). Used once, then gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Box<crate::program::Program>>,
    /// A consumable thrown or swung as a strike, once: its range is `area`
    /// (`Ranged 2/4`) and what a hit does is `damage` ("Alchemist's Fire:
    /// Ranged 2/4 strike; 8 fire damage").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strike: bool,
    /// The damage of a consumable strike (`8 fire`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// The creatures its strike or effect works on, by trait (any of
    /// them): "against fiends and undead" is `only = ["fiend", "undead"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
    /// HP it adds for the battle, used as the battle starts ("Ablative
    /// Armor Plating: Increase your HP by 5 for this battle").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<u16>,
    /// For an item holding a spell (`choice = "spell"`): the ranks the
    /// spell may have (`[0, 1]`: "a cantrip or rank 1 spell").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spell_ranks: Vec<u8>,
    /// For a spell potion: the rank of the caster it acts as ("as if cast
    /// by a rank 1 caster"); without it, a scroll cast at its carrier's own
    /// rank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub potion: Option<u8>,
}

fn is_passive(a: &Action) -> bool {
    *a == Action::Passive
}

/// An error in an items file: the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemsError {
    /// The 1-based line of the offending value.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ItemsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ItemsError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemsFile {
    #[serde(default)]
    item: Vec<Item>,
}

/// The items and positioning upgrades, checked, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Items {
    items: Vec<Item>,
}

impl Items {
    /// The standard list, parsed once from the embedded data file.
    pub fn standard() -> Result<&'static Items, ItemsError> {
        static CACHE: OnceLock<Result<Items, ItemsError>> = OnceLock::new();
        CACHE.get_or_init(|| Items::from_toml(STANDARD)).as_ref().map_err(Clone::clone)
    }

    /// The standard list's data file, as embedded.
    pub fn standard_text() -> &'static str {
        STANDARD
    }

    /// Reads and checks an items file (`[[item]]` tables); the first error names its line.
    pub fn from_toml(text: &str) -> Result<Items, ItemsError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(ItemsError { line: None, message: "an items file is at most 1 MiB".into() });
        }
        let file: ItemsFile = toml::from_str(text).map_err(|e| ItemsError {
            line: e.span().map(|s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        })?;
        let mut items: Vec<Item> = Vec::with_capacity(file.item.len());
        for (i, mut it) in file.item.into_iter().enumerate() {
            let at = |key: &'static str, message: String| ItemsError {
                line: line_at(text, &Path::root().key("item").index(i).key(key)),
                message,
            };
            it.name = it.name.trim().to_string();
            if it.name.is_empty() || it.name.chars().count() > 60 {
                return Err(at("name", "an item's name is 1 to 60 characters".into()));
            }
            if items.iter().any(|x| x.name.eq_ignore_ascii_case(&it.name)) {
                return Err(at("name", format!("two items are called {}", it.name)));
            }
            match (it.kind, it.level) {
                (ItemKind::Positioning, Some(_)) => {
                    return Err(at("level", format!("{}: a positioning upgrade has no level", it.name)));
                }
                (ItemKind::Permanent | ItemKind::Consumable, None) => {
                    return Err(at("kind", format!("{}: an item needs a level", it.name)));
                }
                _ => {}
            }
            if it.text.trim().is_empty() || it.text.chars().count() > 600 {
                return Err(at("text", format!("{}: the text is 1 to 600 characters", it.name)));
            }
            if it.choice.as_ref().is_some_and(|c| c.trim().is_empty() || c.chars().count() > 20) {
                return Err(at("choice", format!("{}: a choice is 1 to 20 characters", it.name)));
            }
            if (!it.spell_ranks.is_empty() || it.potion.is_some()) != (it.choice.as_deref() == Some("spell")) {
                return Err(at(
                    "spell_ranks",
                    format!(
                        "{}: an item whose choice is a spell has `spell_ranks` (and `potion` for a potion)",
                        it.name
                    ),
                ));
            }
            if it.spell_ranks.iter().any(|r| *r > crate::spell::MAX_RANK)
                || it.potion.is_some_and(|r| r == 0 || r > crate::spell::MAX_RANK)
            {
                return Err(at(
                    "spell_ranks",
                    format!("{}: a spell's rank is 0 to {}", it.name, crate::spell::MAX_RANK),
                ));
            }
            if it.adds.is_some() && it.choice.as_deref() != Some("weapon") {
                return Err(at("adds", format!("{}: `adds` is for an item whose choice is a weapon", it.name)));
            }
            if let Some(e) = &it.effect {
                if it.kind != ItemKind::Consumable || it.action == Action::Passive {
                    return Err(at(
                        "effect",
                        format!("{}: an `effect` is for a consumable used as an action", it.name),
                    ));
                }
                e.check(it.action, it.area, false).map_err(|why| at("effect", format!("{}: {why}", it.name)))?;
            }
            if it.strike {
                if it.kind != ItemKind::Consumable || it.action == Action::Passive || it.effect.is_some() {
                    return Err(at(
                        "strike",
                        format!("{}: a `strike` is a consumable used as an action, with no `effect`", it.name),
                    ));
                }
                if !matches!(it.area, Some(crate::feature::Area::Melee(_) | crate::feature::Area::Ranged { .. })) {
                    return Err(at(
                        "strike",
                        format!("{}: a strike has a range: area = \"Ranged 2/4\" or \"Melee\"", it.name),
                    ));
                }
                if it.damage.as_deref().and_then(crate::play::damage::Damage::parse).is_none() {
                    return Err(at(
                        "damage",
                        format!("{}: a strike's damage is an amount and types: damage = \"8 fire\"", it.name),
                    ));
                }
            } else if it.damage.is_some() {
                return Err(at("damage", format!("{}: `damage` goes with `strike = true`", it.name)));
            }
            if it.area.is_some() && it.effect.is_none() && !it.strike {
                return Err(at("area", format!("{}: an `area` goes with an `effect` or a `strike`", it.name)));
            }
            if !it.only.is_empty() {
                if !it.strike && it.effect.is_none() {
                    return Err(at("only", format!("{}: `only` goes with a `strike` or an `effect`", it.name)));
                }
                if it.only.len() > 8 || it.only.iter().any(|t| t.trim().is_empty() || t.chars().count() > 30) {
                    return Err(at("only", format!("{}: `only` names 1 to 8 traits", it.name)));
                }
                if it.effect.as_ref().is_some_and(|_| !it.area.is_some_and(|a| a.single_target())) {
                    return Err(at(
                        "only",
                        format!("{}: an effect with `only` has one target (`area = \"Melee\"` or a range)", it.name),
                    ));
                }
            }
            if let Some(hp) = it.hp {
                if it.kind != ItemKind::Consumable || it.action != Action::Passive || it.effect.is_some() || it.strike {
                    return Err(at(
                        "hp",
                        format!("{}: `hp` is a consumable used as the battle starts, with nothing else", it.name),
                    ));
                }
                if !(1..=100).contains(&hp) {
                    return Err(at("hp", format!("{}: it adds 1 to 100 HP", it.name)));
                }
            }
            it.text = it.text.trim().to_string();
            items.push(it);
        }
        if items.is_empty() {
            return Err(ItemsError { line: None, message: "the file has no [[item]] tables".into() });
        }
        Ok(Items { items })
    }

    /// Every item, in file order.
    pub fn all(&self) -> &[Item] {
        &self.items
    }

    /// The item a warband names, with the choice written in brackets if the
    /// item takes one: `Fiery Weapon (Spear)` finds Fiery Weapon with the
    /// choice `Spear`; `Oil of Potency (Fight)` is an item's own name. An
    /// item that takes a choice named without one (`Fiery Weapon`) is found
    /// with `None`: the warband check refuses it.
    pub fn find(&self, name: &str) -> Option<(&Item, Option<String>)> {
        let name = name.trim();
        if let Some(it) = self.items.iter().find(|i| i.name.eq_ignore_ascii_case(name)) {
            return Some((it, None));
        }
        let (base, rest) = name.split_once('(')?;
        let chosen = rest.trim().strip_suffix(')')?.trim();
        let it = self.items.iter().find(|i| i.choice.is_some() && i.name.eq_ignore_ascii_case(base.trim()))?;
        (!chosen.is_empty()).then(|| (it, Some(clip(chosen, 40))))
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none (never true once loaded).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}
