//! Warbands: the files players write, and the builder's checks.
//!
//! A warband is read in two steps, as a chess library reads a position: a
//! [`WarbandFile`] is the file as written (TOML or JSON), unchecked; it
//! becomes a [`Warband`] only through [`WarbandFile::validate`], which checks
//! it against a [`Bestiary`] and the [`Items`] and reports every violation
//! at once, each with a stable rule code, a one-line message and the
//! rulebook section it enforces. A `Warband` is legal by construction.
//!
//! Each [`Violation`] also says where it is, for an editor to point at:
//! the entry by its place in the file (two unnamed entries of one creature
//! share a label, never a place), the [`Field`] (an entry's `count`,
//! `hero_points`, `upgrades` …, or the warband's `name`, `points`, total …)
//! and, for an upgrade or item, its place in the entry's list.
//! [`WarbandFile::check`] runs the same checks and returns a [`Report`]: the
//! violations and every entry counted as the rules count it, legal or not
//! (what a builder shows while the warband is being written).
//!
//! The rules, restated ("BUILDING A WARBAND", "Points by level",
//! "Upgrades", "HERO POINTS", "COMMON FEATURES: Commander", "Appendix:
//! Items"): a creature costs its level's cost from Table 1, plus its
//! level's upgrade cost for each upgrade from its card, each positioning
//! upgrade, each item (of its level or lower) and each hero point (at most
//! three). Minions a commander "starts with" join the warband free. The
//! warband's total must not exceed its points limit, and outside Narrative
//! Play no single creature may cost more than half the limit. In Balanced,
//! Limited Play every creature must be of the warband's alignment, an
//! adjacent one or True Neutral. `docs/warbands.md` documents the format.

use crate::alignment::Alignment;
use crate::bestiary::Bestiary;
use crate::card::Card;
use crate::feature::Feature;
use crate::item::{Item, ItemKind, Items};
use crate::mode::PlayMode;
use crate::points::MAX_HERO_POINTS;
use crate::source::{Format, MAX_FILE_BYTES, clip, json_message, line_of, read_text};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most entries a warband file may have.
pub const MAX_ENTRIES: usize = 100;

/// The most copies one entry may have.
pub const MAX_COUNT: i64 = 99;

/// The largest points limit accepted.
pub const MAX_LIMIT: i64 = 100_000;

/// The most items one creature may carry.
pub const MAX_ITEMS: usize = 20;

/// How deep minions may bring minions of their own.
pub const MAX_MINION_DEPTH: usize = 3;

/// The longest warband or figure name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// The longest description or author, in characters.
pub const MAX_TEXT_CHARS: usize = 500;

/// The warbands shipped with Arbiter, embedded: (file stem, TOML text).
pub fn shipped_warbands() -> Vec<(&'static str, &'static str)> {
    vec![
        ("kobold-ambush", include_str!("../data/warbands/kobold-ambush.toml")),
        ("thornwood-raiders", include_str!("../data/warbands/thornwood-raiders.toml")),
        ("beasts-of-the-vale", include_str!("../data/warbands/beasts-of-the-vale.toml")),
        ("oni-tyrant", include_str!("../data/warbands/oni-tyrant.toml")),
        ("old-wood-brawlers", include_str!("../data/warbands/old-wood-brawlers.toml")),
        ("briar-skirmishers", include_str!("../data/warbands/briar-skirmishers.toml")),
        ("scuttling-horde", include_str!("../data/warbands/scuttling-horde.toml")),
        ("soothsayers-circle", include_str!("../data/warbands/soothsayers-circle.toml")),
    ]
}

/// A shipped warband's TOML text, by its file stem (`kobold-ambush`).
pub fn shipped_warband(name: &str) -> Option<&'static str> {
    let name = name.trim().trim_end_matches(".toml");
    shipped_warbands().into_iter().find(|(stem, _)| stem.eq_ignore_ascii_case(name)).map(|(_, text)| text)
}

/// Which rule a violation breaks: a stable code for programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// The warband has no name.
    Name,
    /// The warband has no creatures.
    Empty,
    /// A name, description or author is too long.
    TooLong,
    /// An entry names a creature the bestiary does not have.
    Creature,
    /// An entry's count is below 1 or above 99, or there are too many entries.
    Count,
    /// The points limit is missing where the mode needs one, or out of range.
    Limit,
    /// The warband costs more than its points limit.
    Points,
    /// One creature costs more than half the points limit.
    Half,
    /// The alignment is missing in limited play, or a creature's alignment
    /// is not one the warband may recruit.
    Alignment,
    /// More than three hero points on one creature.
    HeroPoints,
    /// An upgrade the creature's card does not offer, or listed twice.
    Upgrade,
    /// An item that does not exist, or too many items.
    Item,
    /// An item above the creature's level.
    ItemLevel,
    /// An item this creature cannot use (size, spellcasting).
    ItemUser,
    /// A commander's starting minion is not in the bestiary, or minions nest too deep.
    Minion,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 15] = [
        Rule::Name,
        Rule::Empty,
        Rule::TooLong,
        Rule::Creature,
        Rule::Count,
        Rule::Limit,
        Rule::Points,
        Rule::Half,
        Rule::Alignment,
        Rule::HeroPoints,
        Rule::Upgrade,
        Rule::Item,
        Rule::ItemLevel,
        Rule::ItemUser,
        Rule::Minion,
    ];

    /// The stable code (`p2v.warband.half`).
    pub fn code(self) -> &'static str {
        match self {
            Rule::Name => "p2v.warband.name",
            Rule::Empty => "p2v.warband.empty",
            Rule::TooLong => "p2v.warband.too-long",
            Rule::Creature => "p2v.warband.creature",
            Rule::Count => "p2v.warband.count",
            Rule::Limit => "p2v.warband.limit",
            Rule::Points => "p2v.warband.points",
            Rule::Half => "p2v.warband.half",
            Rule::Alignment => "p2v.warband.alignment",
            Rule::HeroPoints => "p2v.warband.hero-points",
            Rule::Upgrade => "p2v.warband.upgrade",
            Rule::Item => "p2v.warband.item",
            Rule::ItemLevel => "p2v.warband.item-level",
            Rule::ItemUser => "p2v.warband.item-user",
            Rule::Minion => "p2v.warband.minion",
        }
    }

    /// The rulebook section it enforces (or Arbiter's file format, for
    /// rules of the file itself).
    pub fn section(self) -> &'static str {
        match self {
            Rule::Name | Rule::TooLong | Rule::Count => "Arbiter warband files (docs/warbands.md)",
            Rule::Empty => "Setting up a standard game, step 2: each build a warband",
            Rule::Creature => "How to read a creature card (the bestiary)",
            Rule::Limit => "BUILDING A WARBAND: Balanced, Unlimited Play",
            Rule::Points => "BUILDING A WARBAND: Balanced, Unlimited Play",
            Rule::Half => "BUILDING A WARBAND: Single most expensive creature",
            Rule::Alignment => "BUILDING A WARBAND: Alignments",
            Rule::HeroPoints => "HERO POINTS",
            Rule::Upgrade => "Points by level: Upgrades",
            Rule::Item | Rule::ItemLevel | Rule::ItemUser => "Appendix: Items",
            Rule::Minion => "COMMON FEATURES: Commander",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Which part of a warband file a violation concerns: one of its keys, or
/// what the rules work out from them. With [`Violation::entry_index`] it
/// says where an editor should point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// The warband as a whole, and no one key of it (the items list did
    /// not load).
    Warband,
    /// The warband's `name`, or an entry's `name` (the player's name for
    /// the figure).
    Name,
    /// The warband's `author`.
    Author,
    /// The warband's `description`.
    Description,
    /// The warband's `alignment` (missing in limited play).
    Alignment,
    /// The warband's `points`: the limit is missing or out of range.
    Points,
    /// What the warband costs, over its limit.
    Total,
    /// The list of entries: none, or too many.
    Entries,
    /// An entry's `creature`: not in the bestiary, of an alignment the
    /// warband may not recruit, or bringing a minion the bestiary lacks.
    Creature,
    /// An entry's `count`.
    Count,
    /// An entry's `hero_points`.
    HeroPoints,
    /// An entry's `upgrades`; [`Violation::position`] says which one.
    Upgrades,
    /// An entry's `items`; [`Violation::position`] says which one (`None`
    /// when the list itself is at fault: too many items).
    Items,
    /// What one copy of an entry costs: more than half the limit.
    Cost,
}

impl Field {
    /// Every field.
    pub const ALL: [Field; 14] = [
        Field::Warband,
        Field::Name,
        Field::Author,
        Field::Description,
        Field::Alignment,
        Field::Points,
        Field::Total,
        Field::Entries,
        Field::Creature,
        Field::Count,
        Field::HeroPoints,
        Field::Upgrades,
        Field::Items,
        Field::Cost,
    ];

    /// Its key as files write it (`hero_points`); `warband`, `total` and
    /// `cost` name what the rules work out rather than a key.
    pub fn key(self) -> &'static str {
        match self {
            Field::Warband => "warband",
            Field::Name => "name",
            Field::Author => "author",
            Field::Description => "description",
            Field::Alignment => "alignment",
            Field::Points => "points",
            Field::Total => "total",
            Field::Entries => "entries",
            Field::Creature => "creature",
            Field::Count => "count",
            Field::HeroPoints => "hero_points",
            Field::Upgrades => "upgrades",
            Field::Items => "items",
            Field::Cost => "cost",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// One broken rule, and where it is: the entry (by its place in the file,
/// since labels may be shared), the field, and the upgrade or item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The entry's label (`Harpy`, `Skreech (Harpy)`, `entry 3`); `None`
    /// for the warband as a whole.
    entry: Option<String>,
    /// The entry's place in the file, from 0; `None` for the warband.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    /// The rule broken.
    rule: Rule,
    /// The part of the file it concerns.
    field: Field,
    /// The upgrade's or item's place in the entry's list, from 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    /// What is wrong, in one line (without the entry's name).
    message: String,
    /// The section, when the play mode names a more precise one than the
    /// rule's (Random Box Recruitment's 200 points).
    #[serde(skip)]
    cites: Option<&'static str>,
}

impl Violation {
    /// A violation of the warband as a whole, in `field`.
    fn whole(rule: Rule, field: Field, message: String) -> Violation {
        Violation { entry: None, index: None, rule, field, position: None, message, cites: None }
    }

    /// The rule broken.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The rule's stable code.
    pub fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// The rulebook section the rule enforces.
    pub fn section(&self) -> &'static str {
        self.cites.unwrap_or_else(|| self.rule.section())
    }

    /// What is wrong, in one line, without the entry's label.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// How the message names the entry (`Skreech (Harpy)`, `Kobold
    /// Warrior`, `entry 3` when it names no creature); `None` for the
    /// warband as a whole. Two unnamed entries of one creature share a
    /// label: [`Violation::entry_index`] tells them apart.
    pub fn label(&self) -> Option<&str> {
        self.entry.as_deref()
    }

    /// The entry's place among the file's entries, from 0; `None` for a
    /// problem of the warband as a whole (its name, its limit, its total).
    pub fn entry_index(&self) -> Option<usize> {
        self.index
    }

    /// The part of the file it concerns: a key of the warband, or of the
    /// entry when [`Violation::entry_index`] is `Some`.
    pub fn field(&self) -> Field {
        self.field
    }

    /// Which upgrade or item, by its place in the entry's `upgrades` or
    /// `items` list (from 0), when the violation concerns one.
    pub fn position(&self) -> Option<usize> {
        self.position
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.entry {
            Some(e) => write!(f, "{e}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Why a warband could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarbandError {
    /// The file could not be read.
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The text is not a warband file (bad TOML or JSON, a missing or mistyped key).
    Parse {
        /// The 1-based line, when the parser knows it.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The warband breaks rules; every violation is listed.
    Invalid(Vec<Violation>),
}

impl fmt::Display for WarbandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarbandError::Unreadable { path, reason } => write!(f, "cannot read {path}: {reason}"),
            WarbandError::Parse { line: Some(l), message } => write!(f, "line {l}: {message}"),
            WarbandError::Parse { line: None, message } => f.write_str(message),
            WarbandError::Invalid(v) => {
                let lines: Vec<String> = v.iter().map(Violation::to_string).collect();
                f.write_str(&lines.join("\n"))
            }
        }
    }
}

impl std::error::Error for WarbandError {}

fn one() -> i64 {
    1
}

fn is_one(n: &i64) -> bool {
    *n == 1
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// One entry of a warband file, unchecked: a creature, how many, and what
/// each copy takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryFile {
    /// The creature's card name.
    pub creature: String,
    /// The player's name for the figure (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// How many copies, each with the same upgrades, items and hero points.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: i64,
    /// Upgrades from the creature's card, or positioning upgrades, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<String>,
    /// Items, by name (a choice in brackets: `Fiery Weapon (Spear)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<String>,
    /// Hero points bought for each copy (0 to 3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hero_points: i64,
}

impl EntryFile {
    /// An entry of `count` plain copies of `creature`.
    pub fn new(creature: &str, count: i64) -> EntryFile {
        EntryFile {
            creature: creature.to_string(),
            name: None,
            count,
            upgrades: Vec::new(),
            items: Vec::new(),
            hero_points: 0,
        }
    }
}

/// A warband as written in a file, unchecked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarbandFile {
    /// The warband's name.
    #[serde(default)]
    pub name: String,
    /// Who made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// A few words about it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How it is built (Balanced, Unlimited Play when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<PlayMode>,
    /// Its alignment (required in Balanced, Limited Play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    /// The points limit agreed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    /// Its entries, in order.
    #[serde(default, rename = "entry", alias = "entries")]
    pub entries: Vec<EntryFile>,
}

impl WarbandFile {
    /// Parses a warband file without checking any rule.
    pub fn parse(text: &str, format: Format) -> Result<WarbandFile, WarbandError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(WarbandError::Parse { line: None, message: "a warband file is at most 1 MiB".into() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match format {
            Format::Toml => toml::from_str(text).map_err(|e| WarbandError::Parse {
                line: e.span().map(|s| line_of(text, s.start)),
                message: e.message().trim().to_string(),
            }),
            Format::Json => serde_json::from_str(text).map_err(|e| WarbandError::Parse {
                line: Some(e.line()).filter(|&l| l > 0),
                message: json_message(&e),
            }),
        }
    }

    /// The play mode (Balanced, Unlimited Play when the file names none).
    pub fn play_mode(&self) -> PlayMode {
        self.mode.unwrap_or_default()
    }

    /// Checks the warband against `bestiary` and the standard items;
    /// every violation is reported.
    pub fn validate(&self, bestiary: &Bestiary) -> Result<Warband, Vec<Violation>> {
        self.check(bestiary).into_result()
    }

    /// Checks the warband against `bestiary` and `items`; every violation is reported.
    pub fn validate_with(&self, bestiary: &Bestiary, items: &Items) -> Result<Warband, Vec<Violation>> {
        self.check_with(bestiary, items).into_result()
    }

    /// Checks the warband against `bestiary` and the standard items, and
    /// counts it as the rules count it, legal or not: every violation, each
    /// placed on its entry, field and item, and what each entry costs.
    pub fn check(&self, bestiary: &Bestiary) -> Report {
        match Items::standard() {
            Ok(items) => self.check_with(bestiary, items),
            Err(e) => Report {
                name: self.name.trim().to_string(),
                author: None,
                description: None,
                mode: self.play_mode(),
                alignment: self.alignment,
                limit: None,
                entries: Vec::new(),
                violations: vec![Violation::whole(
                    Rule::Item,
                    Field::Warband,
                    format!("the items list did not load: {e}"),
                )],
            },
        }
    }

    /// Checks the warband against `bestiary` and `items`, and counts it as
    /// the rules count it, legal or not (see [`WarbandFile::check`]).
    pub fn check_with(&self, bestiary: &Bestiary, items: &Items) -> Report {
        let mut out: Vec<Violation> = Vec::new();
        let whole = |out: &mut Vec<Violation>, rule: Rule, field: Field, message: String| {
            out.push(Violation::whole(rule, field, message));
        };
        let name = self.name.trim();
        if name.is_empty() {
            whole(&mut out, Rule::Name, Field::Name, "the warband has no name".into());
        }
        for (what, field, s, max) in [
            ("the warband's name", Field::Name, name, MAX_NAME_CHARS),
            ("the author", Field::Author, self.author.as_deref().unwrap_or(""), MAX_TEXT_CHARS),
            ("the description", Field::Description, self.description.as_deref().unwrap_or(""), MAX_TEXT_CHARS),
        ] {
            let n = s.trim().chars().count();
            if n > max {
                whole(&mut out, Rule::TooLong, field, format!("{what} has {n} characters; at most {max}"));
            }
        }
        let mode = self.play_mode();
        let limit: Option<u32> = match self.points {
            Some(p) if (1..=MAX_LIMIT).contains(&p) => u32::try_from(p).ok(),
            Some(p) => {
                whole(
                    &mut out,
                    Rule::Limit,
                    Field::Points,
                    format!("a points limit of {p} is outside 1 to {MAX_LIMIT}"),
                );
                None
            }
            None => {
                if mode.requires_limit() {
                    out.push(Violation {
                        cites: Some(mode.section()),
                        ..Violation::whole(
                            Rule::Limit,
                            Field::Points,
                            format!("{mode} needs the points limit the players agreed (points = 150, for example)"),
                        )
                    });
                }
                mode.default_limit()
            }
        };
        if mode.alignment_rule() && self.alignment.is_none() {
            whole(
                &mut out,
                Rule::Alignment,
                Field::Alignment,
                format!("{mode} needs the warband's alignment (alignment = \"lawful evil\", for example)"),
            );
        }
        if self.entries.is_empty() {
            whole(&mut out, Rule::Empty, Field::Entries, "the warband has no creatures".into());
        }
        if self.entries.len() > MAX_ENTRIES {
            whole(
                &mut out,
                Rule::Count,
                Field::Entries,
                format!("{} entries; at most {MAX_ENTRIES}", self.entries.len()),
            );
        }
        let mut counted: Vec<CountedEntry> = Vec::new();
        let mut total: u64 = 0;
        for (i, e) in self.entries.iter().take(MAX_ENTRIES).enumerate() {
            let label = entry_label(e, i);
            let before = out.len();
            let count = u32::try_from(e.count.clamp(0, MAX_COUNT)).unwrap_or(0);
            let mut v = |rule: Rule, field: Field, position: Option<usize>, message: String| {
                out.push(Violation {
                    entry: Some(label.clone()),
                    index: Some(i),
                    rule,
                    field,
                    position,
                    message,
                    cites: None,
                })
            };
            let Some(card) = bestiary.get(&e.creature) else {
                v(
                    Rule::Creature,
                    Field::Creature,
                    None,
                    format!("there is no creature called '{}' in the bestiary", clip(e.creature.trim(), 40)),
                );
                counted.push(CountedEntry { index: i, count, entry: None, minions: Vec::new(), legal: false });
                continue;
            };
            if !(1..=MAX_COUNT).contains(&e.count) {
                v(Rule::Count, Field::Count, None, format!("a count of {} is outside 1 to {MAX_COUNT}", e.count));
            }
            let nickname = e.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
            if let Some(n) = nickname.filter(|n| n.chars().count() > MAX_NAME_CHARS) {
                v(
                    Rule::TooLong,
                    Field::Name,
                    None,
                    format!("the name has {} characters; at most {MAX_NAME_CHARS}", n.chars().count()),
                );
            }
            if !(0..=i64::from(MAX_HERO_POINTS)).contains(&e.hero_points) {
                v(
                    Rule::HeroPoints,
                    Field::HeroPoints,
                    None,
                    format!(
                        "{} hero points; a creature may buy 0 to {MAX_HERO_POINTS}, each for its upgrade cost ({})",
                        e.hero_points,
                        card.upgrade_cost()
                    ),
                );
            }
            let upgrades = check_upgrades(card, &e.upgrades, items, &mut v);
            let chosen = check_items(card, &upgrades, &e.items, items, &mut v);
            let hero_points = u8::try_from(e.hero_points.clamp(0, i64::from(MAX_HERO_POINTS))).unwrap_or(0);
            let entry = Entry {
                card: card.clone(),
                name: nickname.map(|n| clip(n, MAX_NAME_CHARS)),
                count,
                upgrades,
                items: chosen,
                hero_points,
                free_with: None,
            };
            let unit = entry.unit_cost();
            if let (true, Some(l)) = (mode.half_rule(), limit) {
                if u64::from(unit) * 2 > u64::from(l) {
                    v(
                        Rule::Half,
                        Field::Cost,
                        None,
                        format!(
                            "costs {unit} points, more than half of the {l}-point limit (at most {} for one creature)",
                            l / 2
                        ),
                    );
                }
            }
            if let (true, Some(wa)) = (mode.alignment_rule(), self.alignment) {
                if !wa.may_recruit(card.alignment()) {
                    let names: Vec<&str> = wa.recruits().into_iter().map(Alignment::name).collect();
                    v(
                        Rule::Alignment,
                        Field::Creature,
                        None,
                        format!(
                            "is {}; a {} warband recruits only {} creatures",
                            card.alignment(),
                            wa,
                            join_or(&names)
                        ),
                    );
                }
            }
            total += u64::from(entry.total());
            let mut minions = Vec::new();
            expand_minions(card, count, (i, &label), bestiary, 1, &mut minions, &mut out);
            let legal = out.len() == before;
            counted.push(CountedEntry { index: i, count, entry: Some(entry), minions, legal });
        }
        if let Some(l) = limit {
            if total > u64::from(l) {
                let of = if self.points.is_none() { " (Random Box Recruitment's default)" } else { "" };
                out.push(Violation {
                    cites: Some(mode.section()),
                    ..Violation::whole(
                        Rule::Points,
                        Field::Total,
                        format!("the warband costs {total} points; the limit is {l}{of}"),
                    )
                });
            }
        }
        Report {
            name: name.to_string(),
            author: nonblank(self.author.as_deref()),
            description: nonblank(self.description.as_deref()),
            mode,
            alignment: self.alignment,
            limit,
            entries: counted,
            violations: out,
        }
    }
}

/// Where a violation of one entry is: the rule, the field, the upgrade's or
/// item's place in its list, and the message.
type EntryViolation<'a> = dyn FnMut(Rule, Field, Option<usize>, String) + 'a;

/// Checks an entry's upgrades: each from the card (or a positioning
/// upgrade), each once.
fn check_upgrades(card: &Card, names: &[String], items: &Items, v: &mut EntryViolation<'_>) -> Vec<Upgrade> {
    let mut out: Vec<Upgrade> = Vec::new();
    for (k, n) in names.iter().enumerate() {
        let mut v = |message: String| v(Rule::Upgrade, Field::Upgrades, Some(k), message);
        let n = n.trim();
        let found = match card.upgrade(n) {
            Some(f) => Some(Upgrade::Card(Box::new(f.clone()))),
            None => match items.find(n) {
                Some((it, _)) if it.kind == ItemKind::Positioning => Some(Upgrade::Positioning(it.clone())),
                Some((it, _)) => {
                    v(format!("{} is an item, not an upgrade: list it under items", it.name));
                    continue;
                }
                None => None,
            },
        };
        let Some(u) = found else {
            let offered: Vec<&str> = card.upgrades().map(|f| f.name.as_str()).collect();
            let hint = if offered.is_empty() {
                "its card offers none; positioning upgrades are False Object, Summonable, Tempting Disguise and \
                 Trail of Bodies"
                    .to_string()
            } else {
                format!("its card offers {}", join_or(&offered))
            };
            v(format!("no upgrade called '{}' ({hint})", clip(n, 40)));
            continue;
        };
        if out.iter().any(|x| x.name().eq_ignore_ascii_case(u.name())) {
            v(format!("the upgrade {} is listed twice", u.name()));
            continue;
        }
        out.push(u);
    }
    out
}

/// Checks an entry's items: each exists, has its choice (a weapon the
/// creature strikes with, ruling V15), is of the creature's level or lower,
/// is one this creature can use, and a permanent item is not taken twice
/// for the same choice (ruling V17).
fn check_items(
    card: &Card,
    upgrades: &[Upgrade],
    names: &[String],
    items: &Items,
    v: &mut EntryViolation<'_>,
) -> Vec<ChosenItem> {
    let taken = upgrades.iter().filter_map(|u| match u {
        Upgrade::Card(f) => Some(&**f),
        Upgrade::Positioning(_) => None,
    });
    let weapons: Vec<&str> = card.base_features().chain(taken).filter(|f| f.strike).map(|f| f.name.trim()).collect();
    let mut out = Vec::new();
    if names.len() > MAX_ITEMS {
        v(Rule::Item, Field::Items, None, format!("{} items; at most {MAX_ITEMS} on one creature", names.len()));
    }
    for (k, n) in names.iter().take(MAX_ITEMS).enumerate() {
        let mut v = |rule: Rule, message: String| v(rule, Field::Items, Some(k), message);
        let Some((item, choice)) = items.find(n) else {
            v(Rule::Item, format!("there is no item called '{}'", clip(n.trim(), 40)));
            continue;
        };
        if item.kind == ItemKind::Positioning {
            v(Rule::Item, format!("{} is a positioning upgrade: list it under upgrades", item.name));
            continue;
        }
        if let (Some(what), None) = (&item.choice, &choice) {
            v(Rule::Item, format!("{} needs a {what}: write it in brackets, {} (…)", item.name, item.name));
            continue;
        }
        if let (Some("weapon"), Some(c)) = (item.choice.as_deref(), &choice) {
            if !weapons.iter().any(|w| w.eq_ignore_ascii_case(c)) {
                let has = if weapons.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its weapons: {}", join_or(&weapons))
                };
                v(
                    Rule::ItemUser,
                    format!("{} names {c}, which is not a weapon this creature strikes with ({has})", item.name),
                );
            }
        }
        if let (Some("spell"), Some(c)) = (item.choice.as_deref(), &choice)
            && let Err(why) = spell_fits(item, c)
        {
            v(Rule::ItemUser, why);
        }
        if item.kind == ItemKind::Permanent
            && out.iter().any(|x: &ChosenItem| {
                x.item.name == item.name
                    && x.choice.as_deref().map(str::to_lowercase) == choice.as_deref().map(str::to_lowercase)
            })
        {
            let label = ChosenItem { item: item.clone(), choice: choice.clone() }.label();
            v(Rule::Item, format!("the permanent item {label} is listed twice; one already does all it does"));
            continue;
        }
        if let Some(l) = item.level.filter(|l| *l > card.level()) {
            v(
                Rule::ItemLevel,
                format!(
                    "{} is a level {l} item; a level {} creature may take items of level {} or lower",
                    item.name,
                    card.level(),
                    card.level()
                ),
            );
        }
        if let Some(min) = item.min_size.filter(|m| card.size() < *m) {
            v(Rule::ItemUser, format!("{} needs a {min} or larger creature; this one is {}", item.name, card.size()));
        }
        if item.caster && card.caster_rank().is_none() {
            v(Rule::ItemUser, format!("only a creature that casts spells can use {}", item.name));
        }
        out.push(ChosenItem { item: item.clone(), choice });
    }
    out
}

/// Whether the spell `name` may be held by `item` (ruling P2V-R93): a
/// spell of the catalogue, of one of the item's ranks, and for a potion
/// with a cast whose range is Self or Melee 1.
pub fn spell_fits(item: &crate::item::Item, name: &str) -> Result<(), String> {
    let book = crate::spell::SpellBook::starter_ref().map_err(|e| e.to_string())?;
    let Some(sp) = book.get(name) else {
        return Err(format!("{} names {}, which is not a spell of the catalogue", item.name, clip(name.trim(), 40)));
    };
    if !item.spell_ranks.is_empty() && !item.spell_ranks.contains(&sp.rank) {
        let ranks: Vec<String> =
            item.spell_ranks.iter().map(|r| if *r == 0 { "a cantrip".into() } else { format!("rank {r}") }).collect();
        let rank = if sp.rank == 0 { "a cantrip".to_string() } else { format!("rank {}", sp.rank) };
        return Err(format!("{} holds {}; {} is {rank}", item.name, ranks.join(" or "), sp.name));
    }
    if item.potion.is_some() && !sp.cast.iter().any(touch) {
        return Err(format!("{} holds a spell whose range is Self or Melee 1; {} has none", item.name, sp.name));
    }
    Ok(())
}

/// Whether a cast of a spell reaches only the caster or a creature next to
/// it (Self or Melee 1), as a potion's spell must.
pub fn touch(c: &crate::spell::Cast) -> bool {
    !c.strike && matches!(c.area, None | Some(crate::Area::Melee(None | Some(1))))
}

/// Adds the minions `card` starts with (for `count` copies), and theirs,
/// as free entries; reports minions the bestiary lacks on the entry
/// `(index, label)` that brings them.
fn expand_minions(
    card: &Card,
    count: u32,
    (index, label): (usize, &str),
    bestiary: &Bestiary,
    depth: usize,
    entries: &mut Vec<Entry>,
    out: &mut Vec<Violation>,
) {
    let Some(c) = card.commander() else { return };
    let minion_problem = |message: String| Violation {
        entry: Some(label.to_string()),
        index: Some(index),
        rule: Rule::Minion,
        field: Field::Creature,
        position: None,
        message,
        cites: None,
    };
    for s in &c.starts_with {
        let Some(minion) = bestiary.get(&s.creature) else {
            out.push(minion_problem(format!("starts with {}, which is not in the bestiary", clip(&s.creature, 40))));
            continue;
        };
        if depth > MAX_MINION_DEPTH {
            out.push(minion_problem(format!(
                "minions bring minions more than {MAX_MINION_DEPTH} deep (through {})",
                minion.name()
            )));
            return;
        }
        let n = count.saturating_mul(u32::try_from(s.count.clamp(1, 9)).unwrap_or(1));
        entries.push(Entry {
            card: minion.clone(),
            name: None,
            count: n,
            upgrades: Vec::new(),
            items: Vec::new(),
            hero_points: 0,
            free_with: Some(card.name().to_string()),
        });
        expand_minions(minion, n, (index, label), bestiary, depth + 1, entries, out);
    }
}

/// "A, B or C".
fn join_or(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn nonblank(s: Option<&str>) -> Option<String> {
    s.map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// How violations name an entry: `Skreech (Harpy)`, `Harpy`, or `entry 3`.
fn entry_label(e: &EntryFile, index: usize) -> String {
    let creature = clip(e.creature.trim(), 40);
    let nickname = e.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(|n| clip(n, 40));
    match (creature.is_empty(), nickname) {
        (true, _) => format!("entry {}", index + 1),
        (false, Some(n)) => format!("{n} ({creature})"),
        (false, None) => creature,
    }
}

/// An upgrade a creature has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Upgrade {
    /// One its card offers.
    Card(Box<Feature>),
    /// A positioning upgrade.
    Positioning(Item),
}

impl Upgrade {
    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            Upgrade::Card(f) => &f.name,
            Upgrade::Positioning(i) => &i.name,
        }
    }

    /// What it does.
    pub fn text(&self) -> &str {
        match self {
            Upgrade::Card(f) => &f.text,
            Upgrade::Positioning(i) => &i.text,
        }
    }
}

/// An item a creature carries, with the player's choice for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenItem {
    /// The item.
    pub item: Item,
    /// What the player chose (`Spear` for a Fiery Weapon), if the item takes a choice.
    pub choice: Option<String>,
}

impl ChosenItem {
    /// The name as a warband writes it (`Fiery Weapon (Spear)`).
    pub fn label(&self) -> String {
        match &self.choice {
            Some(c) => format!("{} ({c})", self.item.name),
            None => self.item.name.clone(),
        }
    }
}

/// A checked entry: copies of one creature with the same kit, or the free
/// minions a commander brings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    card: Card,
    name: Option<String>,
    count: u32,
    upgrades: Vec<Upgrade>,
    items: Vec<ChosenItem>,
    hero_points: u8,
    free_with: Option<String>,
}

impl Entry {
    /// The creature's card.
    pub fn card(&self) -> &Card {
        &self.card
    }

    /// The player's name for the figure, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The nickname and card name (`Skreech (Harpy)`), or the card name.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({})", self.card.name()),
            None => self.card.name().to_string(),
        }
    }

    /// How many copies.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The upgrades each copy takes.
    pub fn upgrades(&self) -> &[Upgrade] {
        &self.upgrades
    }

    /// The items each copy carries.
    pub fn items(&self) -> &[ChosenItem] {
        &self.items
    }

    /// The hero points each copy has.
    pub fn hero_points(&self) -> u8 {
        self.hero_points
    }

    /// The commander that brought these minions free, if they came that way.
    pub fn free_with(&self) -> Option<&str> {
        self.free_with.as_deref()
    }

    /// What one copy's card costs: Table 1, or 0 for a commander's free minion.
    pub fn base_cost(&self) -> u32 {
        if self.free_with.is_some() { 0 } else { self.card.points() }
    }

    /// How many upgrades, items and hero points one copy pays for.
    pub fn extras(&self) -> u32 {
        (self.upgrades.len() + self.items.len()) as u32 + u32::from(self.hero_points)
    }

    /// What one copy's upgrades, items and hero points cost.
    pub fn extras_cost(&self) -> u32 {
        self.extras().saturating_mul(self.card.upgrade_cost())
    }

    /// What one copy costs in all.
    pub fn unit_cost(&self) -> u32 {
        self.base_cost().saturating_add(self.extras_cost())
    }

    /// What the entry costs: one copy's cost times the count.
    pub fn total(&self) -> u32 {
        self.unit_cost().saturating_mul(self.count)
    }

    /// The entry as a file entry (free minions have none: they are implied).
    fn to_file(&self) -> EntryFile {
        EntryFile {
            creature: self.card.name().to_string(),
            name: self.name.clone(),
            count: i64::from(self.count),
            upgrades: self.upgrades.iter().map(|u| u.name().to_string()).collect(),
            items: self.items.iter().map(ChosenItem::label).collect(),
            hero_points: i64::from(self.hero_points),
        }
    }
}

/// A warband file checked, legal or not: every violation, placed on its
/// entry, field and item, and each entry counted as the rules count it.
/// [`WarbandFile::check`] makes one; [`Report::into_result`] gives the
/// legal [`Warband`] or the violations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    name: String,
    author: Option<String>,
    description: Option<String>,
    mode: PlayMode,
    alignment: Option<Alignment>,
    limit: Option<u32>,
    entries: Vec<CountedEntry>,
    violations: Vec<Violation>,
}

impl Report {
    /// The play mode it was checked for.
    pub fn mode(&self) -> PlayMode {
        self.mode
    }

    /// The points limit it was checked against: the file's (when it is in
    /// range), or the mode's default (Random Box Recruitment's 200).
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// The most one creature may cost, half the limit, when the mode has the
    /// half rule and there is a limit.
    pub fn half(&self) -> Option<u32> {
        self.limit.filter(|_| self.mode.half_rule()).map(|l| l / 2)
    }

    /// The file's entries (up to [`MAX_ENTRIES`]), in file order, each as
    /// the rules count it.
    pub fn entries(&self) -> &[CountedEntry] {
        &self.entries
    }

    /// What the warband costs as the rules count it: every entry whose
    /// creature is in the bestiary, with the upgrades and items the rules
    /// accept and at most three hero points; the total the
    /// `p2v.warband.points` violation names.
    pub fn total(&self) -> u64 {
        self.entries.iter().fold(0u64, |t, e| t.saturating_add(u64::from(e.total())))
    }

    /// How many creatures it fields, free minions included (entries of an
    /// unknown creature count their copies too).
    pub fn creatures(&self) -> u32 {
        self.entries.iter().fold(0u32, |t, e| t.saturating_add(e.creatures()))
    }

    /// Every violation, in the order `arbiter build` prints them (empty when legal).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Whether the warband is legal.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }

    /// The legal warband, or every violation.
    pub fn into_result(self) -> Result<Warband, Vec<Violation>> {
        if !self.violations.is_empty() {
            return Err(self.violations);
        }
        let entries = self.entries.into_iter().flat_map(|c| c.entry.into_iter().chain(c.minions)).collect();
        Ok(Warband {
            name: self.name,
            author: self.author,
            description: self.description,
            mode: self.mode,
            alignment: self.alignment,
            limit: self.limit,
            entries,
        })
    }
}

/// One entry of a warband file as the rules count it, legal or not: its
/// copies with the upgrades and items the rules accept (an unknown upgrade
/// or item costs nothing, hero points count up to three), and the free
/// minions it brings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedEntry {
    index: usize,
    count: u32,
    entry: Option<Entry>,
    minions: Vec<Entry>,
    legal: bool,
}

impl CountedEntry {
    /// Its place among the file's entries, from 0 (what
    /// [`Violation::entry_index`] gives).
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many copies count: the file's count, within 0 to [`MAX_COUNT`].
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The entry as counted: card, copies, accepted upgrades and items,
    /// hero points and costs; `None` when the bestiary has no such creature.
    pub fn entry(&self) -> Option<&Entry> {
        self.entry.as_ref()
    }

    /// The minions its commander starts with, free, for all its copies, and
    /// the ones they bring, as far as the rules follow them.
    pub fn minions(&self) -> &[Entry] {
        &self.minions
    }

    /// What the entry costs: one copy's cost times the count (0 for an
    /// unknown creature).
    pub fn total(&self) -> u32 {
        self.entry.as_ref().map_or(0, Entry::total)
    }

    /// How many creatures it fields: its copies and its free minions.
    pub fn creatures(&self) -> u32 {
        self.minions.iter().fold(self.count, |t, m| t.saturating_add(m.count))
    }

    /// Whether no violation concerns this entry (the warband's own
    /// problems, such as its total, are not the entry's).
    pub fn is_legal(&self) -> bool {
        self.legal
    }
}

/// A legal warband. Serialised, it is its file form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "WarbandFile")]
pub struct Warband {
    name: String,
    author: Option<String>,
    description: Option<String>,
    mode: PlayMode,
    alignment: Option<Alignment>,
    limit: Option<u32>,
    entries: Vec<Entry>,
}

impl Warband {
    /// Reads a warband file (TOML or JSON, by extension or content) and
    /// checks it against `bestiary`.
    pub fn load(path: &std::path::Path, bestiary: &Bestiary) -> Result<Warband, WarbandError> {
        let text =
            read_text(path).map_err(|reason| WarbandError::Unreadable { path: path.display().to_string(), reason })?;
        Warband::parse(&text, Format::detect(Some(path), &text), bestiary)
    }

    /// Parses a warband text and checks it against `bestiary`.
    pub fn parse(text: &str, format: Format, bestiary: &Bestiary) -> Result<Warband, WarbandError> {
        WarbandFile::parse(text, format)?.validate(bestiary).map_err(WarbandError::Invalid)
    }

    /// A shipped warband by name (`kobold-ambush`), checked against the starter bestiary.
    pub fn shipped(name: &str) -> Result<Warband, WarbandError> {
        let text = shipped_warband(name).ok_or_else(|| WarbandError::Unreadable {
            path: clip(name, 40),
            reason: "there is no shipped warband by that name".into(),
        })?;
        let bestiary = Bestiary::starter_ref().map_err(|e| WarbandError::Parse {
            line: e.line,
            message: format!("the starter bestiary: {}", e.message),
        })?;
        Warband::parse(text, Format::Toml, bestiary)
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Who made it, if the file says.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// Its description, if any.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// How it was built.
    pub fn mode(&self) -> PlayMode {
        self.mode
    }

    /// Its alignment, if the file gives one.
    pub fn alignment(&self) -> Option<Alignment> {
        self.alignment
    }

    /// The points limit it was checked against, if any.
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// Its entries, each followed by the free minions it brings.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What the warband costs.
    pub fn total(&self) -> u32 {
        self.entries.iter().fold(0u32, |t, e| t.saturating_add(e.total()))
    }

    /// How many creatures it fields, free minions included.
    pub fn creatures(&self) -> u32 {
        self.entries.iter().fold(0u32, |t, e| t.saturating_add(e.count))
    }

    /// The warband as a file.
    pub fn to_file(&self) -> WarbandFile {
        self.clone().into()
    }

    /// The warband as TOML text.
    pub fn to_toml(&self) -> Result<String, String> {
        toml::to_string(&self.to_file()).map_err(|e| e.to_string())
    }

    /// The warband as pretty JSON text.
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string_pretty(&self.to_file()).map_err(|e| e.to_string())
    }
}

impl From<Warband> for WarbandFile {
    fn from(w: Warband) -> WarbandFile {
        WarbandFile {
            name: w.name,
            author: w.author,
            description: w.description,
            mode: Some(w.mode),
            alignment: w.alignment,
            points: w.limit.map(i64::from),
            entries: w.entries.iter().filter(|e| e.free_with.is_none()).map(Entry::to_file).collect(),
        }
    }
}
