//! The warband builder's API: Path 2 Victory's bestiary, items, alignments,
//! play modes and Table 1; the shipped warbands; live checks of a warband
//! being built; its printable sheets; and the import of creature cards.
//!
//! | route | does |
//! |---|---|
//! | `GET /api/p2v/bestiary` | the creatures, the items, the alignments with who may recruit whom, the play modes and Table 1 |
//! | `GET /api/p2v/warbands` | the shipped warbands, each as an editable warband file |
//! | `GET /api/p2v/warbands/{name}` | one shipped warband |
//! | `POST /api/p2v/validate` | checks a warband: totals per entry and overall, every violation with its entry and field |
//! | `POST /api/p2v/sheet` | the warband's sheets, a printable HTML page |
//! | `POST /api/p2v/import` | reads creature cards (the public card JSON format, or Arbiter's TOML bestiary) |
//!
//! A warband is sent as a warband file in its JSON form (`docs/warbands.md`)
//! or as the text of a file (TOML or JSON), with the creature cards the
//! player imported (as `POST /api/p2v/import` returns them): the server
//! keeps nothing, so the browser keeps imported cards and sends them along.
//! Checking never fails on what is sent: a body of the right shape always
//! gets `200` with `ok` and the problems. The checks are the p2v crate's own
//! (`WarbandFile::check_with`), the ones `arbiter build --game p2v`
//! applies.
//!
//! **Placing violations.** The crate places each violation itself
//! ([`Violation::entry_index`], [`Violation::field`],
//! [`Violation::position`]): the entry by its place in the file (two unnamed
//! entries of one creature share a label, never a place), the field, and the
//! upgrade or item. [`WarbandFile::check_with`] also counts every entry as
//! the rules count it, legal or not, so the totals here are the crate's.

use crate::error::ApiError;
use crate::http::JsonBody;
use arbiter_p2v::alignment::Alignment;
use arbiter_p2v::bestiary::Bestiary;
use arbiter_p2v::card::Card;
use arbiter_p2v::feature::{Action, Feature};
use arbiter_p2v::import::{self, ImportError};
use arbiter_p2v::item::{Item, ItemKind, Items};
use arbiter_p2v::mode::PlayMode;
use arbiter_p2v::points::{Level, MAX_HERO_POINTS};
use arbiter_p2v::sheet::render_html;
use arbiter_p2v::warband::{
    CountedEntry, Field, MAX_COUNT, MAX_ENTRIES, MAX_ITEMS, MAX_LIMIT, MAX_NAME_CHARS, MAX_TEXT_CHARS, Violation,
    Warband, WarbandFile, shipped_warbands,
};
use arbiter_p2v::{Format, feature};
use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// The rules the builder enforces.
const RULES: &str = "Path 2 Victory v1.3";

/// The most creature cards a request may carry.
const MAX_EXTRA_CARDS: usize = import::MAX_CARDS;

/// A creature's eight stats, with the labels a card prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StatsInfo {
    /// Added to a d20 to strike.
    pub fight: i32,
    /// A strike hits when the Fight roll equals or exceeds it (the AC).
    pub armor: i32,
    /// The Armor a feature of the card can reduce it to (`15 [11]`).
    pub reduced_armor: Option<i32>,
    /// How hard its powers are to resist.
    pub power: i32,
    /// Fortitude save modifier.
    pub fort: i32,
    /// Reflex save modifier.
    pub reflex: i32,
    /// Will save modifier.
    pub will: i32,
    /// Hit points.
    pub hp: i32,
    /// Squares per Stride.
    pub speed: i32,
    /// Its movement mode (`Flight`), if any.
    pub movement: Option<String>,
    /// The Armor as printed (`15 [11]`).
    pub armor_label: String,
    /// The Speed as printed (`8 Flight`).
    pub speed_label: String,
}

/// One feature of a card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FeatureInfo {
    /// Its name (`Jaws`).
    pub name: String,
    /// Its action's key (`passive`, `free`, `one`, `one-per-turn`, `two`, `reaction`).
    pub action: String,
    /// The action's card symbol (`●○`; empty for a passive feature).
    pub symbol: String,
    /// The action in words (`1 AP, once per turn`).
    pub action_label: String,
    /// Its range or area (`Ranged 24/48`), if any.
    pub area: Option<String>,
    /// Whether it is a strike (a Fight roll against Armor).
    pub strike: bool,
    /// The card's line above the text (`●○ Ranged 24/48 strike`).
    pub top: String,
    /// How often it may be used (`2 per encounter`), if limited.
    pub uses: Option<String>,
    /// The uses as the card's checkboxes (`🄴🄴`), if limited.
    pub uses_symbols: Option<String>,
    /// What it does (empty for the rulebook's common features).
    pub text: String,
    /// Whether it is an optional upgrade, bought for the upgrade cost.
    pub upgrade: bool,
}

/// A minion a commander brings, free.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MinionInfo {
    /// The minion's card name.
    pub creature: String,
    /// How many (for each copy of the commander, or in all on an entry).
    pub count: u32,
}

/// What a commander's card says about its minions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CommanderInfo {
    /// Which creatures may be its minions, in the card's words.
    pub minions: String,
    /// The minions it starts with, free.
    pub starts_with: Vec<MinionInfo>,
}

/// A creature card, as the builder shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreatureInfo {
    /// Its name, which warband entries give as `creature`.
    pub name: String,
    /// Its level, −1 to 14.
    pub level: i32,
    /// What it costs (Table 1 at its level).
    pub points: u32,
    /// What each upgrade, item and hero point costs it (Table 1).
    pub upgrade_cost: u32,
    /// Its size (`Medium`).
    pub size: String,
    /// The width of its space in squares (1 to 4).
    pub width: u32,
    /// Its tags (`Human`, `Humanoid`).
    pub traits: Vec<String>,
    /// Size, tags and level (`Medium Human Humanoid 6`).
    pub tagline: String,
    /// Its alignment's key (`lawful-evil`).
    pub alignment: String,
    /// Its alignment's name (`Lawful Evil`).
    pub alignment_name: String,
    /// Its alignment's card symbol (`✊`).
    pub alignment_symbol: String,
    /// Its eight stats.
    pub stats: StatsInfo,
    /// The standard features line: skills, immunities, resistances.
    pub standard: String,
    /// Every feature, upgrades included, in card order.
    pub features: Vec<FeatureInfo>,
    /// The names of the upgrades its card offers.
    pub upgrades: Vec<String>,
    /// Its commander entry, if it leads minions.
    pub commander: Option<CommanderInfo>,
    /// Its caster rank, if it casts spells (scrolls need one).
    pub caster_rank: Option<u32>,
    /// `starter` (the built-in bestiary) or `imported`.
    pub source: String,
    /// For imported cards: the card in Arbiter's JSON form, to send back
    /// with `cards` in validate and sheet requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file: Option<Value>,
}

/// An item or positioning upgrade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ItemInfo {
    /// Its name (`Healing Potion (minor)`).
    pub name: String,
    /// `permanent`, `consumable` or `positioning` (a positioning upgrade,
    /// listed under an entry's `upgrades`).
    pub kind: String,
    /// The kind in words (`permanent item`).
    pub kind_label: String,
    /// Its level: a creature may take items of its level or lower (`null`
    /// for positioning upgrades).
    pub level: Option<i32>,
    /// Its action's key (`passive` when it is not used as an action).
    pub action: String,
    /// The action's card symbol.
    pub symbol: String,
    /// What the player chooses, written in brackets after the name
    /// (`weapon`: `Fiery Weapon (Spear)`), if anything.
    pub choice: Option<String>,
    /// The smallest creature that may take it (`Huge`), if limited.
    pub min_size: Option<String>,
    /// Whether only a spellcaster may take it.
    pub caster: bool,
    /// What it does.
    pub text: String,
}

/// One of the nine alignments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AlignmentInfo {
    /// Its key in files (`lawful-evil`).
    pub key: String,
    /// Its name (`Lawful Evil`).
    pub name: String,
    /// Its abbreviation (`LE`).
    pub abbreviation: String,
    /// The card symbol Arbiter prints (`✊`).
    pub symbol: String,
    /// Its row in the rulebook's grid: 0 good, 1 neutral, 2 evil.
    pub row: u32,
    /// Its column: 0 lawful, 1 neutral, 2 chaotic.
    pub column: u32,
    /// The keys of the alignments a warband of this one may recruit in
    /// limited play: its own, the adjacent ones and True Neutral.
    pub recruits: Vec<String>,
}

/// A way of building a warband.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ModeInfo {
    /// Its key in files (`balanced-limited`).
    pub key: String,
    /// The rulebook's name (`Balanced, Limited Play`).
    pub name: String,
    /// What it checks, in a sentence.
    pub summary: String,
    /// Whether a points limit is required.
    pub requires_limit: bool,
    /// The limit used when none is given (Random Box Recruitment: 200).
    pub default_limit: Option<u32>,
    /// Whether no creature may cost more than half the limit.
    pub half_rule: bool,
    /// Whether creatures must be of an alignment the warband may recruit.
    pub alignment_rule: bool,
}

/// One row of Table 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LevelRow {
    /// The level.
    pub level: i32,
    /// What a creature of this level costs.
    pub cost: u32,
    /// What each upgrade, item or hero point costs it.
    pub upgrade_cost: u32,
}

/// An action cost and its card symbol, for a legend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ActionInfo {
    /// Its key (`one-per-turn`).
    pub key: String,
    /// Its card symbol (`●○`; empty for passive).
    pub symbol: String,
    /// In words (`1 AP, once per turn`).
    pub label: String,
}

/// The limits of a warband file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct WarbandLimits {
    /// The most entries.
    pub max_entries: u32,
    /// The most copies in one entry.
    pub max_count: u32,
    /// The largest points limit.
    pub max_limit: u32,
    /// The most items one creature may carry.
    pub max_items: u32,
    /// The most hero points one creature may buy.
    pub max_hero_points: u32,
    /// The longest warband or figure name, in characters.
    pub max_name_chars: u32,
    /// The longest author or description, in characters.
    pub max_text_chars: u32,
    /// The most creature cards one import (or one request) may carry.
    pub max_cards: u32,
}

/// `GET /api/p2v/bestiary`: everything the warband builder shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct P2vBestiary {
    /// The rules enforced (`Path 2 Victory v1.3`).
    pub rules: String,
    /// The starter bestiary's creatures, in file order.
    pub creatures: Vec<CreatureInfo>,
    /// The items and positioning upgrades, in file order.
    pub items: Vec<ItemInfo>,
    /// The nine alignments, in the rulebook's grid order.
    pub alignments: Vec<AlignmentInfo>,
    /// The five play modes, in the rulebook's order.
    pub modes: Vec<ModeInfo>,
    /// Table 1, from level −1 to 14.
    pub table: Vec<LevelRow>,
    /// The action costs and their symbols.
    pub actions: Vec<ActionInfo>,
    /// The limits of a warband file.
    pub limits: WarbandLimits,
}

/// A warband shipped with Arbiter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ShippedWarband {
    /// Its file stem, which names it to the CLI (`kobold-ambush`).
    pub id: String,
    /// Its name (`Kobold Ambush`).
    pub name: String,
    /// A few words about it.
    pub description: Option<String>,
    /// Its play mode's key.
    pub mode: String,
    /// Its alignment's key, if it names one.
    pub alignment: Option<String>,
    /// Its points limit, if any.
    pub limit: Option<u32>,
    /// What it costs.
    pub total: u32,
    /// How many creatures it fields, free minions included.
    pub creatures: u32,
    /// The warband as a warband file in JSON, ready to edit.
    pub file: Value,
}

/// `POST /api/p2v/validate` and `/sheet`: a warband and the cards imported
/// for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CheckWarband {
    /// The warband: a warband file as JSON, or the text of one (TOML or JSON).
    pub warband: Value,
    /// Creature cards to add to the starter bestiary, each in Arbiter's JSON
    /// form (the `file` of an imported card); a card replaces a starter card
    /// of the same name.
    #[serde(default)]
    #[ts(optional)]
    pub cards: Option<Vec<Value>>,
}

/// One entry's numbers as the rules count them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EntryTotals {
    /// Its place in the warband, from 0.
    pub index: u32,
    /// The creature as the entry names it.
    pub creature: String,
    /// The card's name, if the bestiary has it.
    pub card: Option<String>,
    /// The card's level, if found.
    pub level: Option<i32>,
    /// How many copies count (the count, within 0 to 99).
    pub count: u32,
    /// One copy's card cost (Table 1).
    pub base_cost: u32,
    /// What each upgrade, item and hero point costs this creature.
    pub upgrade_cost: u32,
    /// How many upgrades, items and hero points one copy pays for (those
    /// the rules accept: unknown ones cost nothing).
    pub extras: u32,
    /// What one copy costs in all: what the half rule judges.
    pub unit_cost: u32,
    /// What the entry costs: one copy's cost times the count.
    pub total: u32,
    /// The minions its commander brings, free, for all its copies.
    pub free: Vec<MinionInfo>,
    /// Whether no violation concerns it.
    pub ok: bool,
}

/// One broken warband rule, placed for an editor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct WarbandProblem {
    /// The stable rule code (`p2v.warband.half`; `file.parse` when the
    /// warband is not a warband file, `file.card` for a card sent that
    /// cannot be read).
    pub rule: String,
    /// The rulebook section it enforces.
    pub section: String,
    /// What is wrong, without the entry's name.
    pub message: String,
    /// The whole line, as `arbiter build --game p2v` prints it (`Harpy: …`).
    pub text: String,
    /// The entry it concerns, by place from 0; `null` for the warband.
    pub entry: Option<u32>,
    /// The file key it is in: an entry's `creature`, `count`, `name`,
    /// `hero_points`, `upgrades`, `items` or `cost` (the half rule); the
    /// warband's `name`, `author`, `description`, `alignment`, `points` (the
    /// limit), `total` (the limit exceeded), `entries` or `cards`; `null`
    /// when it is in no one key (a file that cannot be read).
    pub field: Option<String>,
    /// Which upgrade or item of the entry's list (from 0), or which card
    /// of `cards`, when it concerns one.
    pub item: Option<u32>,
}

/// The answer of `POST /api/p2v/validate`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct WarbandChecked {
    /// Whether the warband is legal.
    pub ok: bool,
    /// Its play mode's key (`balanced-unlimited` when it names none).
    pub mode: String,
    /// Its play mode's name.
    pub mode_name: String,
    /// The points limit it is checked against, if any (Random Box: 200 by default).
    pub limit: Option<u32>,
    /// The most one creature may cost (half the limit), when the half rule applies.
    pub half: Option<u32>,
    /// What the warband costs, as the rules count it.
    #[ts(type = "number")]
    pub total: u64,
    /// How many creatures it fields, free minions included.
    pub creatures: u32,
    /// Each entry's numbers, in file order (empty if the warband could not be read).
    pub entries: Vec<EntryTotals>,
    /// Every violation (empty when `ok`).
    pub problems: Vec<WarbandProblem>,
    /// The warband as read, as a warband file in JSON (`null` if it could
    /// not be read): a file's text sent as `warband` comes back editable.
    pub file: Option<Value>,
}

/// `POST /api/p2v/import`: creature cards to read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportCards {
    /// The card file: its JSON (the public card format: an object with a
    /// `creatures` array, or a bare array), or its text (that JSON, or a
    /// bestiary in Arbiter's TOML format).
    pub cards: Value,
}

/// Something odd about an imported card that did not stop it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportNote {
    /// The card's name.
    pub card: String,
    /// What is odd.
    pub message: String,
}

/// A card that could not be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardProblem {
    /// Its place in the file, from 1 (`null` for the file as a whole).
    pub index: Option<u32>,
    /// Its name, when it has one.
    pub name: Option<String>,
    /// The field at fault (`stats.Armor`), empty for the card or the file.
    pub field: String,
    /// What is wrong.
    pub message: String,
    /// The whole line (`card 2 (Bad Top), features[0].top: …`).
    pub text: String,
}

/// The answer of `POST /api/p2v/import`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardsImported {
    /// Whether every card was read (nothing is imported otherwise).
    pub ok: bool,
    /// The cards, each with its `file` to send back with a warband.
    pub cards: Vec<CreatureInfo>,
    /// What was odd but did not stop a card (printed points that differ from Table 1).
    pub warnings: Vec<ImportNote>,
    /// Every card that could not be read (empty when `ok`).
    pub problems: Vec<CardProblem>,
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn items() -> Result<&'static Items, ApiError> {
    Items::standard().map_err(|e| ApiError::internal(format!("the items list: {e}")))
}

fn starter() -> Result<&'static Bestiary, ApiError> {
    Bestiary::starter_ref().map_err(|e| ApiError::internal(format!("the starter bestiary: {e}")))
}

fn feature_info(f: &Feature) -> FeatureInfo {
    FeatureInfo {
        name: f.name.clone(),
        action: f.action.key().into(),
        symbol: f.action.symbol().into(),
        action_label: f.action.label().into(),
        area: f.area.map(|a| a.to_string()),
        strike: f.strike,
        top: f.top(),
        uses: f.uses.map(|u| u.to_string()),
        uses_symbols: f.uses.map(feature::Uses::symbols),
        text: f.text.clone(),
        upgrade: f.upgrade,
    }
}

/// A card as the builder shows it; `imported` cards carry their file.
fn creature_info(c: &Card, imported: bool) -> CreatureInfo {
    let s = c.stats();
    let a = c.alignment();
    CreatureInfo {
        name: c.name().into(),
        level: i32::from(c.level().get()),
        points: c.points(),
        upgrade_cost: c.upgrade_cost(),
        size: c.size().name().into(),
        width: u32::from(c.size().width()),
        traits: c.traits().to_vec(),
        tagline: c.tagline(),
        alignment: a.key().into(),
        alignment_name: a.name().into(),
        alignment_symbol: a.symbol().into(),
        stats: StatsInfo {
            fight: s.fight,
            armor: s.armor,
            reduced_armor: s.reduced_armor,
            power: s.power,
            fort: s.fort,
            reflex: s.reflex,
            will: s.will,
            hp: s.hp,
            speed: s.speed,
            movement: s.movement.map(|m| m.name().to_string()),
            armor_label: s.armor_label(),
            speed_label: s.speed_label(),
        },
        standard: c.standard().into(),
        features: c.features().iter().map(feature_info).collect(),
        upgrades: c.upgrades().map(|f| f.name.clone()).collect(),
        commander: c.commander().map(|k| CommanderInfo {
            minions: k.minions.clone(),
            starts_with: k
                .starts_with
                .iter()
                .map(|m| MinionInfo { creature: m.creature.clone(), count: u32::try_from(m.count).unwrap_or(1) })
                .collect(),
        }),
        caster_rank: c.caster_rank().map(u32::from),
        source: if imported { "imported" } else { "starter" }.into(),
        file: if imported { serde_json::to_value(c).ok() } else { None },
    }
}

fn item_info(i: &Item) -> ItemInfo {
    ItemInfo {
        name: i.name.clone(),
        kind: match i.kind {
            ItemKind::Permanent => "permanent",
            ItemKind::Consumable => "consumable",
            ItemKind::Positioning => "positioning",
        }
        .into(),
        kind_label: i.kind.label().into(),
        level: i.level.map(|l| i32::from(l.get())),
        action: i.action.key().into(),
        symbol: i.action.symbol().into(),
        choice: i.choice.clone(),
        min_size: i.min_size.map(|z| z.name().to_string()),
        caster: i.caster,
        text: i.text.clone(),
    }
}

fn alignment_info(a: Alignment) -> AlignmentInfo {
    let (row, column) = a.position();
    AlignmentInfo {
        key: a.key().into(),
        name: a.name().into(),
        abbreviation: a.abbreviation().into(),
        symbol: a.symbol().into(),
        row: u32::from(row),
        column: u32::from(column),
        recruits: a.recruits().into_iter().map(|r| r.key().to_string()).collect(),
    }
}

fn mode_info(m: PlayMode) -> ModeInfo {
    let summary = match m {
        PlayMode::Narrative => "Creatures that suit the story; a points limit, if agreed, still holds.",
        PlayMode::BalancedUnlimited => "An agreed points limit; any alignment may join.",
        PlayMode::BalancedLimited => {
            "An agreed points limit and an alignment: creatures of it, the adjacent ones or True Neutral."
        }
        PlayMode::RandomBox => "Creatures from random boxes, up to 200 points unless agreed otherwise.",
        PlayMode::Campaign => "A warband grown over adventures; a points limit, if agreed, holds.",
    };
    ModeInfo {
        key: m.key().into(),
        name: m.name().into(),
        summary: summary.into(),
        requires_limit: m.requires_limit(),
        default_limit: m.default_limit(),
        half_rule: m.half_rule(),
        alignment_rule: m.alignment_rule(),
    }
}

/// `GET /api/p2v/bestiary`.
pub async fn get_bestiary() -> Result<Response, ApiError> {
    let bestiary = starter()?;
    let items = items()?;
    Ok(Json(P2vBestiary {
        rules: RULES.into(),
        creatures: bestiary.cards().iter().map(|c| creature_info(c, false)).collect(),
        items: items.all().iter().map(item_info).collect(),
        alignments: Alignment::ALL.into_iter().map(alignment_info).collect(),
        modes: PlayMode::ALL.into_iter().map(mode_info).collect(),
        table: Level::all()
            .map(|l| LevelRow { level: i32::from(l.get()), cost: l.cost(), upgrade_cost: l.upgrade_cost() })
            .collect(),
        actions: Action::ALL
            .into_iter()
            .map(|a| ActionInfo { key: a.key().into(), symbol: a.symbol().into(), label: a.label().into() })
            .collect(),
        limits: WarbandLimits {
            max_entries: to_u32(MAX_ENTRIES),
            max_count: u32::try_from(MAX_COUNT).unwrap_or(u32::MAX),
            max_limit: u32::try_from(MAX_LIMIT).unwrap_or(u32::MAX),
            max_items: to_u32(MAX_ITEMS),
            max_hero_points: u32::from(MAX_HERO_POINTS),
            max_name_chars: to_u32(MAX_NAME_CHARS),
            max_text_chars: to_u32(MAX_TEXT_CHARS),
            max_cards: to_u32(MAX_EXTRA_CARDS),
        },
    })
    .into_response())
}

fn shipped(id: &str, text: &str) -> Result<ShippedWarband, ApiError> {
    let broken = |e: String| ApiError::internal(format!("the shipped warband {id}: {e}"));
    let file = WarbandFile::parse(text, Format::Toml).map_err(|e| broken(e.to_string()))?;
    let warband = file.validate_with(starter()?, items()?).map_err(|v| {
        let lines: Vec<String> = v.iter().map(Violation::to_string).collect();
        broken(lines.join("; "))
    })?;
    Ok(ShippedWarband {
        id: id.into(),
        name: warband.name().into(),
        description: warband.description().map(str::to_string),
        mode: warband.mode().key().into(),
        alignment: warband.alignment().map(|a| a.key().to_string()),
        limit: warband.limit(),
        total: warband.total(),
        creatures: warband.creatures(),
        file: serde_json::to_value(&file).map_err(|e| broken(e.to_string()))?,
    })
}

/// `GET /api/p2v/warbands`.
pub async fn get_warbands() -> Result<Response, ApiError> {
    let all: Result<Vec<ShippedWarband>, ApiError> =
        shipped_warbands().into_iter().map(|(id, text)| shipped(id, text)).collect();
    Ok(Json(all?).into_response())
}

/// `GET /api/p2v/warbands/{name}`.
pub async fn get_warband(name: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(name) = name.map_err(|e| ApiError::bad_request(format!("bad path: {}", e.body_text())))?;
    let wanted = name.trim().trim_end_matches(".toml");
    match shipped_warbands().into_iter().find(|(id, _)| id.eq_ignore_ascii_case(wanted)) {
        Some((id, text)) => Ok(Json(shipped(id, text)?).into_response()),
        None => {
            let names: Vec<&str> = shipped_warbands().into_iter().map(|(id, _)| id).collect();
            Err(ApiError::not_found(format!(
                "there is no shipped warband '{}'; the shipped warbands are {}",
                name.chars().take(40).collect::<String>(),
                names.join(", ")
            )))
        }
    }
}

/// Reads the warband of a request: a JSON object is a warband file, a
/// string the text of one (TOML or JSON, as [`Format::detect`] tells).
fn read_warband(v: &Value) -> Result<WarbandFile, String> {
    match v {
        Value::String(text) => WarbandFile::parse(text, Format::detect(None, text)).map_err(|e| e.to_string()),
        Value::Object(_) => serde_json::from_value(v.clone()).map_err(|e| e.to_string()),
        _ => Err("the warband must be a warband file: a JSON object, or the text of a TOML or JSON file".into()),
    }
}

/// A problem that is not one of the warband rules (the file, the cards).
fn other_problem(rule: &str, section: &str, message: String, field: Option<&str>, item: Option<u32>) -> WarbandProblem {
    WarbandProblem {
        rule: rule.into(),
        section: section.into(),
        text: message.clone(),
        message,
        entry: None,
        field: field.map(str::to_string),
        item,
    }
}

/// The starter bestiary with the request's cards; problems for cards that
/// cannot be read.
fn bestiary_with(cards: &[Value]) -> Result<(Bestiary, Vec<WarbandProblem>), ApiError> {
    let mut bestiary = starter()?.clone();
    let mut problems = Vec::new();
    if cards.is_empty() {
        return Ok((bestiary, problems));
    }
    const SECTION: &str = "How to read a creature card (imported cards)";
    if cards.len() > MAX_EXTRA_CARDS {
        problems.push(other_problem(
            "file.card",
            SECTION,
            format!("{} cards; at most {MAX_EXTRA_CARDS}", cards.len()),
            Some("cards"),
            None,
        ));
        return Ok((bestiary, problems));
    }
    let mut read: Vec<Card> = Vec::with_capacity(cards.len());
    for (i, v) in cards.iter().enumerate() {
        let name = v.get("name").and_then(Value::as_str).map(|s| s.trim().chars().take(60).collect::<String>());
        let label = match name.as_deref().filter(|n| !n.is_empty()) {
            Some(n) => format!("card {} ({n})", i + 1),
            None => format!("card {}", i + 1),
        };
        match serde_json::from_value::<Card>(v.clone()) {
            Ok(card) if read.iter().any(|c| c.name().eq_ignore_ascii_case(card.name())) => {
                problems.push(other_problem(
                    "file.card",
                    SECTION,
                    format!("{label}: an earlier card has the same name"),
                    Some("cards"),
                    Some(to_u32(i)),
                ))
            }
            Ok(card) => read.push(card),
            Err(e) => problems.push(other_problem(
                "file.card",
                SECTION,
                format!("{label} cannot be read: {e}"),
                Some("cards"),
                Some(to_u32(i)),
            )),
        }
    }
    match Bestiary::from_cards(read) {
        Ok(extra) => bestiary.extend(extra),
        Err(e) => problems.push(other_problem("file.card", SECTION, e.to_string(), Some("cards"), None)),
    }
    Ok((bestiary, problems))
}

/// A violation placed for the editor: the crate's entry, field and
/// upgrade or item (`field` is `null` when it concerns the warband as a
/// whole and no one key).
fn problem(v: &Violation) -> WarbandProblem {
    WarbandProblem {
        rule: v.code().into(),
        section: v.section().into(),
        message: v.message().into(),
        text: v.to_string(),
        entry: v.entry_index().map(to_u32),
        field: Some(v.field()).filter(|f| *f != Field::Warband).map(|f| f.key().to_string()),
        item: v.position().map(to_u32),
    }
}

/// One entry's numbers, as the crate counts them.
fn entry_totals(c: &CountedEntry, file: &WarbandFile) -> EntryTotals {
    let mut free: Vec<MinionInfo> = Vec::new();
    for m in c.minions() {
        let name = m.card().name();
        match free.iter_mut().find(|f| f.creature == name) {
            Some(f) => f.count = f.count.saturating_add(m.count()),
            None => free.push(MinionInfo { creature: name.into(), count: m.count() }),
        }
    }
    let e = c.entry();
    EntryTotals {
        index: to_u32(c.index()),
        creature: file.entries.get(c.index()).map(|f| f.creature.clone()).unwrap_or_default(),
        card: e.map(|e| e.card().name().to_string()),
        level: e.map(|e| i32::from(e.card().level().get())),
        count: c.count(),
        base_cost: e.map_or(0, |e| e.base_cost()),
        upgrade_cost: e.map_or(0, |e| e.card().upgrade_cost()),
        extras: e.map_or(0, |e| e.extras()),
        unit_cost: e.map_or(0, |e| e.unit_cost()),
        total: c.total(),
        free,
        ok: c.is_legal(),
    }
}

/// A request's warband, checked: the file as read, the totals, the
/// problems placed, and the legal warband if there are none.
struct Checked {
    file: Option<WarbandFile>,
    warband: Option<Warband>,
    answer: WarbandChecked,
}

fn check(req: &CheckWarband) -> Result<Checked, ApiError> {
    let items = items()?;
    let (bestiary, mut problems) = bestiary_with(req.cards.as_deref().unwrap_or_default())?;
    let file = match read_warband(&req.warband) {
        Ok(file) => file,
        Err(message) => {
            let mut p =
                other_problem("file.parse", "Arbiter warband files (docs/warbands.md)", message.clone(), None, None);
            p.text = format!("not a warband file: {message}");
            problems.insert(0, p);
            let mode = PlayMode::default();
            let answer = WarbandChecked {
                ok: false,
                mode: mode.key().into(),
                mode_name: mode.name().into(),
                limit: None,
                half: None,
                total: 0,
                creatures: 0,
                entries: Vec::new(),
                problems,
                file: None,
            };
            return Ok(Checked { file: None, warband: None, answer });
        }
    };
    let report = file.check_with(&bestiary, items);
    problems.extend(report.violations().iter().map(problem));
    let entries: Vec<EntryTotals> = report.entries().iter().map(|c| entry_totals(c, &file)).collect();
    let ok = problems.is_empty();
    let mode = report.mode();
    let answer = WarbandChecked {
        ok,
        mode: mode.key().into(),
        mode_name: mode.name().into(),
        limit: report.limit(),
        half: report.half(),
        total: report.total(),
        creatures: report.creatures(),
        entries,
        problems,
        file: serde_json::to_value(&file).ok(),
    };
    let warband = if ok { report.into_result().ok() } else { None };
    Ok(Checked { file: Some(file), warband, answer })
}

/// `POST /api/p2v/validate`.
pub async fn post_validate(JsonBody(req): JsonBody<CheckWarband>) -> Result<Response, ApiError> {
    Ok(Json(checked(req).await?.answer).into_response())
}

/// Checks a request off the async threads: reading up to a mebibyte of
/// imported cards and checking a hundred entries is quick but not instant.
async fn checked(req: CheckWarband) -> Result<Checked, ApiError> {
    tokio::task::spawn_blocking(move || check(&req))
        .await
        .map_err(|_| ApiError::internal("the warband check failed; nothing was changed"))?
}

/// `POST /api/p2v/sheet`: the warband's sheets as HTML, or `422 invalid`
/// naming every violation.
pub async fn post_sheet(JsonBody(req): JsonBody<CheckWarband>) -> Result<Response, ApiError> {
    let checked = checked(req).await?;
    match checked.warband {
        Some(w) => Ok((
            [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
            render_html(&w),
        )
            .into_response()),
        None => {
            let problems = &checked.answer.problems;
            let lines: Vec<String> = problems.iter().map(|p| p.text.clone()).collect();
            let what = match &checked.file {
                Some(f) => format!("the warband is not legal for {}", f.play_mode()),
                None => "the warband cannot be read".to_string(),
            };
            Err(ApiError::invalid(format!(
                "{what} ({} problem{}): {}",
                lines.len(),
                if lines.len() == 1 { "" } else { "s" },
                lines.join("; ")
            )))
        }
    }
}

fn card_problem(index: Option<usize>, name: Option<String>, field: String, message: String) -> CardProblem {
    let mut text = match (index, &name) {
        (Some(i), Some(n)) => format!("card {i} ({n})"),
        (Some(i), None) => format!("card {i}"),
        (None, _) => String::new(),
    };
    if !field.is_empty() {
        text = if text.is_empty() { field.clone() } else { format!("{text}, {field}") };
    }
    text = if text.is_empty() { message.clone() } else { format!("{text}: {message}") };
    CardProblem { index: index.map(to_u32), name, field, message, text }
}

/// `POST /api/p2v/import`: reads cards; `200` with `ok` and every problem
/// for any body of the right shape.
pub async fn post_import(JsonBody(req): JsonBody<ImportCards>) -> Result<Response, ApiError> {
    let text = match &req.cards {
        Value::String(s) => s.clone(),
        v @ (Value::Object(_) | Value::Array(_)) => v.to_string(),
        _ => String::new(),
    };
    let failed =
        |problems: Vec<CardProblem>| CardsImported { ok: false, cards: Vec::new(), warnings: Vec::new(), problems };
    let answer = if text.trim().is_empty() {
        failed(vec![card_problem(
            None,
            None,
            String::new(),
            "expected a card file: the public card JSON (a \"creatures\" array) or a TOML bestiary".into(),
        )])
    } else if Format::detect(None, &text) == Format::Json {
        match import::from_json(&text) {
            Ok(imported) => CardsImported {
                ok: true,
                cards: imported.cards.iter().map(|c| creature_info(c, true)).collect(),
                warnings: imported
                    .warnings
                    .iter()
                    .map(|w| ImportNote { card: w.card.clone(), message: w.message.clone() })
                    .collect(),
                problems: Vec::new(),
            },
            Err(ImportError::Json { line, message }) => {
                let message = match line {
                    Some(l) => format!("line {l}: {message}"),
                    None => message,
                };
                failed(vec![card_problem(None, None, String::new(), message)])
            }
            Err(ImportError::Cards(list)) => {
                failed(list.into_iter().map(|p| card_problem(Some(p.index), p.name, p.field, p.message)).collect())
            }
        }
    } else {
        match Bestiary::from_toml(&text) {
            Ok(b) => CardsImported {
                ok: true,
                cards: b.cards().iter().map(|c| creature_info(c, true)).collect(),
                warnings: Vec::new(),
                problems: Vec::new(),
            },
            Err(e) => failed(vec![card_problem(None, None, String::new(), e.to_string())]),
        }
    };
    Ok(Json(answer).into_response())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use serde_json::json;

    #[test]
    fn every_shipped_warband_reads_and_its_totals_are_the_crates() {
        for (id, text) in shipped_warbands() {
            let s = shipped(id, text).unwrap();
            let checked = check(&CheckWarband { warband: s.file.clone(), cards: None }).unwrap();
            assert!(checked.answer.ok, "{id}: {:?}", checked.answer.problems);
            let w = checked.warband.unwrap();
            assert_eq!(checked.answer.total, u64::from(w.total()), "{id}");
            assert_eq!(checked.answer.creatures, w.creatures(), "{id}");
            let paid: Vec<u32> = w.entries().iter().filter(|e| e.free_with().is_none()).map(|e| e.total()).collect();
            let ours: Vec<u32> = checked.answer.entries.iter().map(|e| e.total).collect();
            assert_eq!(ours, paid, "{id}");
        }
    }

    #[test]
    fn warband_text_is_read_as_the_crate_detects_it() {
        // TOML whose first line is a table header is TOML, not JSON.
        let file = read_warband(&json!("[[entry]]\ncreature = \"Boar\"\ncount = 2\n")).unwrap();
        assert_eq!((file.name.as_str(), file.entries.len(), file.entries[0].count), ("", 1, 2));
        let file =
            read_warband(&json!("\u{feff}{\"name\": \"Pack\", \"entries\": [{\"creature\": \"Boar\"}]}")).unwrap();
        assert_eq!((file.name.as_str(), file.entries.len()), ("Pack", 1));
        // A JSON array is JSON, and not a warband.
        let e = read_warband(&json!("[\n  {\"creature\": \"Boar\"}\n]")).unwrap_err();
        assert!(e.contains("invalid type"), "{e}");
    }

    #[test]
    fn a_warband_that_is_not_a_file_is_one_parse_problem() {
        for warband in [json!(7), json!([1]), json!({ "entry": 3 }), json!("name = "), json!({ "zoom": true })] {
            let checked = check(&CheckWarband { warband, cards: None }).unwrap();
            assert_eq!(checked.answer.problems.len(), 1);
            assert_eq!(checked.answer.problems[0].rule, "file.parse");
            assert!(checked.answer.file.is_none());
        }
    }
}
