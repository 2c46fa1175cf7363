//! Warbands: the files players write, and the builder's checks.
//!
//! A warband is read in two steps, as a chess library reads a position: a
//! [`WarbandFile`] is the file as written (TOML or JSON), unchecked; it
//! becomes a [`Warband`] only through [`WarbandFile::validate`], which checks
//! it against a [`Bestiary`] and the [`Items`] and reports every violation
//! at once, each with a stable rule code, a one-line message and the
//! rulebook section it enforces. A `Warband` is legal by construction.
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

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The entry it concerns (`Harpy`, `Skreech (Harpy)`, `entry 3`);
    /// `None` for the warband as a whole.
    pub entry: Option<String>,
    /// The rule broken.
    pub rule: Rule,
    /// What is wrong, in one line (without the entry's name).
    pub message: String,
}

impl Violation {
    /// The rule's stable code.
    pub fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// The rulebook section the rule enforces.
    pub fn section(&self) -> &'static str {
        self.rule.section()
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        match Items::standard() {
            Ok(items) => self.validate_with(bestiary, items),
            Err(e) => Err(vec![Violation {
                entry: None,
                rule: Rule::Item,
                message: format!("the items list did not load: {e}"),
            }]),
        }
    }

    /// Checks the warband against `bestiary` and `items`; every violation is reported.
    pub fn validate_with(&self, bestiary: &Bestiary, items: &Items) -> Result<Warband, Vec<Violation>> {
        let mut out: Vec<Violation> = Vec::new();
        let whole = |out: &mut Vec<Violation>, rule: Rule, message: String| {
            out.push(Violation { entry: None, rule, message });
        };
        let name = self.name.trim();
        if name.is_empty() {
            whole(&mut out, Rule::Name, "the warband has no name".into());
        }
        for (what, s, max) in [
            ("the warband's name", name, MAX_NAME_CHARS),
            ("the author", self.author.as_deref().unwrap_or(""), MAX_TEXT_CHARS),
            ("the description", self.description.as_deref().unwrap_or(""), MAX_TEXT_CHARS),
        ] {
            let n = s.trim().chars().count();
            if n > max {
                whole(&mut out, Rule::TooLong, format!("{what} has {n} characters; at most {max}"));
            }
        }
        let mode = self.play_mode();
        let limit: Option<u32> = match self.points {
            Some(p) if (1..=MAX_LIMIT).contains(&p) => u32::try_from(p).ok(),
            Some(p) => {
                whole(&mut out, Rule::Limit, format!("a points limit of {p} is outside 1 to {MAX_LIMIT}"));
                None
            }
            None => {
                if mode.requires_limit() {
                    whole(
                        &mut out,
                        Rule::Limit,
                        format!("{mode} needs the points limit the players agreed (points = 150, for example)"),
                    );
                }
                mode.default_limit()
            }
        };
        if mode.alignment_rule() && self.alignment.is_none() {
            whole(
                &mut out,
                Rule::Alignment,
                format!("{mode} needs the warband's alignment (alignment = \"lawful evil\", for example)"),
            );
        }
        if self.entries.is_empty() {
            whole(&mut out, Rule::Empty, "the warband has no creatures".into());
        }
        if self.entries.len() > MAX_ENTRIES {
            whole(&mut out, Rule::Count, format!("{} entries; at most {MAX_ENTRIES}", self.entries.len()));
        }
        let mut entries: Vec<Entry> = Vec::new();
        let mut total: u64 = 0;
        for (i, e) in self.entries.iter().take(MAX_ENTRIES).enumerate() {
            let label = entry_label(e, i);
            let before = out.len();
            let mut v = |rule: Rule, message: String| out.push(Violation { entry: Some(label.clone()), rule, message });
            let Some(card) = bestiary.get(&e.creature) else {
                v(
                    Rule::Creature,
                    format!("there is no creature called '{}' in the bestiary", clip(e.creature.trim(), 40)),
                );
                continue;
            };
            if !(1..=MAX_COUNT).contains(&e.count) {
                v(Rule::Count, format!("a count of {} is outside 1 to {MAX_COUNT}", e.count));
            }
            let nickname = e.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
            if let Some(n) = nickname.filter(|n| n.chars().count() > MAX_NAME_CHARS) {
                v(Rule::TooLong, format!("the name has {} characters; at most {MAX_NAME_CHARS}", n.chars().count()));
            }
            if !(0..=i64::from(MAX_HERO_POINTS)).contains(&e.hero_points) {
                v(
                    Rule::HeroPoints,
                    format!(
                        "{} hero points; a creature may buy 0 to {MAX_HERO_POINTS}, each for its upgrade cost ({})",
                        e.hero_points,
                        card.upgrade_cost()
                    ),
                );
            }
            let upgrades = check_upgrades(card, &e.upgrades, items, &mut v);
            let chosen = check_items(card, &e.items, items, &mut v);
            let count = u32::try_from(e.count.clamp(0, MAX_COUNT)).unwrap_or(0);
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
            expand_minions(card, count, &label, bestiary, 1, &mut minions, &mut out);
            if out.len() == before {
                entries.push(entry);
                entries.extend(minions);
            }
        }
        if let Some(l) = limit {
            if total > u64::from(l) {
                whole(&mut out, Rule::Points, format!("the warband costs {total} points; the limit is {l}"));
            }
        }
        if !out.is_empty() {
            return Err(out);
        }
        Ok(Warband {
            name: name.to_string(),
            author: nonblank(self.author.as_deref()),
            description: nonblank(self.description.as_deref()),
            mode,
            alignment: self.alignment,
            limit,
            entries,
        })
    }
}

/// Checks an entry's upgrades: each from the card (or a positioning
/// upgrade), each once.
fn check_upgrades(card: &Card, names: &[String], items: &Items, v: &mut impl FnMut(Rule, String)) -> Vec<Upgrade> {
    let mut out: Vec<Upgrade> = Vec::new();
    for n in names {
        let n = n.trim();
        let found = match card.upgrade(n) {
            Some(f) => Some(Upgrade::Card(f.clone())),
            None => match items.find(n) {
                Some((it, _)) if it.kind == ItemKind::Positioning => Some(Upgrade::Positioning(it.clone())),
                Some((it, _)) => {
                    v(Rule::Upgrade, format!("{} is an item, not an upgrade: list it under items", it.name));
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
            v(Rule::Upgrade, format!("no upgrade called '{}' ({hint})", clip(n, 40)));
            continue;
        };
        if out.iter().any(|x| x.name().eq_ignore_ascii_case(u.name())) {
            v(Rule::Upgrade, format!("the upgrade {} is listed twice", u.name()));
            continue;
        }
        out.push(u);
    }
    out
}

/// Checks an entry's items: each exists, is of the creature's level or
/// lower, and is one this creature can use.
fn check_items(card: &Card, names: &[String], items: &Items, v: &mut impl FnMut(Rule, String)) -> Vec<ChosenItem> {
    let mut out = Vec::new();
    if names.len() > MAX_ITEMS {
        v(Rule::Item, format!("{} items; at most {MAX_ITEMS} on one creature", names.len()));
    }
    for n in names.iter().take(MAX_ITEMS) {
        let Some((item, choice)) = items.find(n) else {
            v(Rule::Item, format!("there is no item called '{}'", clip(n.trim(), 40)));
            continue;
        };
        if item.kind == ItemKind::Positioning {
            v(Rule::Item, format!("{} is a positioning upgrade: list it under upgrades", item.name));
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

/// Adds the minions `card` starts with (for `count` copies), and theirs,
/// as free entries; reports minions the bestiary lacks.
fn expand_minions(
    card: &Card,
    count: u32,
    label: &str,
    bestiary: &Bestiary,
    depth: usize,
    entries: &mut Vec<Entry>,
    out: &mut Vec<Violation>,
) {
    let Some(c) = card.commander() else { return };
    for s in &c.starts_with {
        let Some(minion) = bestiary.get(&s.creature) else {
            out.push(Violation {
                entry: Some(label.to_string()),
                rule: Rule::Minion,
                message: format!("starts with {}, which is not in the bestiary", clip(&s.creature, 40)),
            });
            continue;
        };
        if depth > MAX_MINION_DEPTH {
            out.push(Violation {
                entry: Some(label.to_string()),
                rule: Rule::Minion,
                message: format!("minions bring minions more than {MAX_MINION_DEPTH} deep (through {})", minion.name()),
            });
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
        expand_minions(minion, n, label, bestiary, depth + 1, entries, out);
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
    Card(Feature),
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
