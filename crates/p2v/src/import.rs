//! Imports creature cards from the public card JSON format.
//!
//! The game's public site publishes its cards as JSON: an object with a
//! `creatures` array (or a bare array), each card with `name`, `level`,
//! `points`, `size`, `traits`, `tagline` (`"Medium Human Humanoid 6"`),
//! `alignment_symbol`, `stats` as strings (`"Fight": "+11"`, `"Armor": "15
//! [11]"`, `"Speed": "8 ☁"`), `features` with a `top` line (`"●○ Ranged
//! 24/48 strike"`, `"↻"`), `uses` as checkboxes (`"🄴🄴"`) and `text`, and
//! `other_features` (the standard features line). Upgrades are features
//! whose name ends in `[upgrade]` or `[add on]`; a feature named `Commander`
//! whose text says "Starts with X" gives the minions the commander brings.
//!
//! Import never panics: every card that cannot be read is reported with its
//! place, its name and the field at fault, and none is imported until all
//! are readable. Disagreements that do not stop a card (printed points that
//! differ from Table 1, a tagline that differs from the fields) are warnings:
//! Table 1 of the v1.3 rulebook governs the cost.

use crate::alignment::Alignment;
use crate::bestiary::{Bestiary, BestiaryError};
use crate::card::{Card, CardFile, Commander, Movement, Size, StartsWith, Stats};
use crate::feature::{Feature, Uses, parse_top};
use crate::points::Level;
use crate::source::{MAX_FILE_BYTES, clip, json_message};
use serde_json::{Map, Value};
use std::fmt;

/// The most cards one file may hold.
pub const MAX_CARDS: usize = 2000;

/// Cards read from a JSON file, with the warnings about them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The cards, in file order.
    pub cards: Vec<Card>,
    /// What was odd but did not stop a card.
    pub warnings: Vec<ImportWarning>,
}

impl Imported {
    /// The cards as a bestiary (their names must be distinct).
    pub fn into_bestiary(self) -> Result<Bestiary, BestiaryError> {
        Bestiary::from_cards(self.cards)
    }
}

/// Something odd about a card that did not stop its import.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportWarning {
    /// The card's name.
    pub card: String,
    /// What is odd.
    pub message: String,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.card, self.message)
    }
}

/// A card that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardProblem {
    /// Its place in the file, from 1.
    pub index: usize,
    /// Its name, when it has one.
    pub name: Option<String>,
    /// The field at fault (`stats.Armor`, `features[2].top`); empty for the card.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(n) => write!(f, "card {} ({})", self.index, n)?,
            None => write!(f, "card {}", self.index)?,
        }
        if !self.field.is_empty() {
            write!(f, ", {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Why a card file could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not JSON, or not shaped like a card file.
    Json {
        /// The 1-based line, when known.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// Some cards could not be read; every one is listed.
    Cards(Vec<CardProblem>),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Json { line: Some(l), message } => write!(f, "line {l}: {message}"),
            ImportError::Json { line: None, message } => f.write_str(message),
            ImportError::Cards(problems) => {
                let lines: Vec<String> = problems.iter().map(CardProblem::to_string).collect();
                f.write_str(&lines.join("\n"))
            }
        }
    }
}

impl std::error::Error for ImportError {}

/// Reads a card file in the public JSON format.
pub fn from_json(text: &str) -> Result<Imported, ImportError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(ImportError::Json { line: None, message: "a card file is at most 1 MiB".into() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ImportError::Json { line: Some(e.line()).filter(|&l| l > 0), message: json_message(&e) })?;
    let list = match &value {
        Value::Array(a) => a,
        Value::Object(o) => match o.get("creatures").or_else(|| o.get("cards")) {
            Some(Value::Array(a)) => a,
            _ => {
                return Err(ImportError::Json {
                    line: None,
                    message: "expected a \"creatures\" array of cards (or a bare array)".into(),
                });
            }
        },
        _ => return Err(ImportError::Json { line: None, message: "expected an object or an array of cards".into() }),
    };
    if list.len() > MAX_CARDS {
        return Err(ImportError::Json { line: None, message: format!("more than {MAX_CARDS} cards") });
    }
    let mut cards: Vec<Card> = Vec::with_capacity(list.len());
    let mut warnings = Vec::new();
    let mut problems = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let name = v.get("name").and_then(Value::as_str).map(|s| clip(s.trim(), 60)).filter(|s| !s.is_empty());
        match card_from_json(v) {
            Ok((card, notes)) => {
                if cards.iter().any(|c| c.name().eq_ignore_ascii_case(card.name())) {
                    problems.push(CardProblem {
                        index: i + 1,
                        name,
                        field: "name".into(),
                        message: "an earlier card has the same name".into(),
                    });
                    continue;
                }
                warnings.extend(notes.into_iter().map(|message| ImportWarning { card: card.name().into(), message }));
                cards.push(card);
            }
            Err((field, message)) => problems.push(CardProblem { index: i + 1, name, field, message }),
        }
    }
    if problems.is_empty() { Ok(Imported { cards, warnings }) } else { Err(ImportError::Cards(problems)) }
}

/// A field error: the field's name in the JSON card and the reason.
type FieldError = (String, String);

fn field(name: &str, message: impl Into<String>) -> FieldError {
    (name.to_string(), message.into())
}

/// Reads one card; returns it with its warnings, or the field at fault.
pub fn card_from_json(v: &Value) -> Result<(Card, Vec<String>), FieldError> {
    let obj = v.as_object().ok_or_else(|| field("", "a card is a JSON object"))?;
    let mut notes = Vec::new();
    let name = text(obj, "name")?.ok_or_else(|| field("name", "the card has no name"))?;
    let tagline = match text(obj, "tagline")? {
        Some(t) if !t.trim().is_empty() => Some(parse_tagline(&t).map_err(|m| field("tagline", m))?),
        _ => None,
    };
    let level = match obj.get("level") {
        Some(l) => integer(l).ok_or_else(|| field("level", "the level is not a whole number"))?,
        None => tagline.as_ref().map(|t| t.2).ok_or_else(|| field("level", "the card has no level (nor a tagline)"))?,
    };
    let size = match text(obj, "size")? {
        Some(s) => s.parse::<Size>().map_err(|m| field("size", m))?,
        None => tagline.as_ref().map(|t| t.0).ok_or_else(|| field("size", "the card has no size (nor a tagline)"))?,
    };
    let traits: Vec<String> = match obj.get("traits") {
        Some(Value::Array(a)) => a
            .iter()
            .map(|t| t.as_str().map(|s| s.trim().to_string()).ok_or_else(|| field("traits", "a trait is not a string")))
            .collect::<Result<_, _>>()?,
        Some(Value::Null) | None => tagline.as_ref().map(|t| t.1.clone()).unwrap_or_default(),
        Some(_) => return Err(field("traits", "traits is not an array of strings")),
    };
    if let Some((tsize, ttraits, tlevel)) = &tagline {
        if *tsize != size
            || *tlevel != level
            || !ttraits.iter().map(|t| t.to_lowercase()).eq(traits.iter().map(|t| t.to_lowercase()))
        {
            notes.push("the tagline disagrees with the size, traits or level fields; the fields are used".to_string());
        }
    }
    let alignment = match (text(obj, "alignment")?, text(obj, "alignment_symbol")?) {
        (Some(a), _) if !a.trim().is_empty() => a.parse::<Alignment>().map_err(|m| field("alignment", m))?,
        (_, Some(s)) => Alignment::from_symbol(&s).ok_or_else(|| {
            field("alignment_symbol", format!("'{}' is not an alignment symbol Arbiter knows", clip(s.trim(), 8)))
        })?,
        _ => return Err(field("alignment_symbol", "the card has no alignment")),
    };
    let points = match obj.get("points") {
        None | Some(Value::Null) => None,
        Some(p) => Some(integer(p).ok_or_else(|| field("points", "the points are not a whole number"))?),
    };
    if let (Some(p), Some(l)) = (points, Level::new(level)) {
        if p != i64::from(l.cost()) {
            notes.push(format!(
                "the card prints {p} points; the v1.3 rulebook's Table 1 prices a level {l} creature at {}, which Arbiter uses",
                l.cost()
            ));
        }
    }
    let stats = stats(obj)?;
    let standard = text(obj, "other_features")?.unwrap_or_default();
    let mut features = Vec::new();
    let mut commander: Option<Commander> = None;
    match obj.get("features") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (i, f) in list.iter().enumerate() {
                let feature = feature(f).map_err(|(k, m)| field(&format!("features[{i}]{k}"), m))?;
                if feature.name.eq_ignore_ascii_case("commander") {
                    commander = Some(commander_from(&feature.text));
                }
                features.push(feature);
            }
        }
        Some(_) => return Err(field("features", "features is not an array")),
    }
    let file = CardFile { name, level, points: None, size, traits, alignment, stats, standard, features, commander };
    let card = Card::try_from(file).map_err(|e| field(&e.field, e.message))?;
    Ok((card, notes))
}

/// A string field, or `None` when absent or null.
fn text(obj: &Map<String, Value>, key: &str) -> Result<Option<String>, FieldError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(field(key, "not a string")),
    }
}

/// A whole number written as a number or a string (`"+11"`).
fn integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Reads a tagline: size, traits, level (`Medium Human Humanoid 6`).
fn parse_tagline(t: &str) -> Result<(Size, Vec<String>, i64), String> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return Err("the tagline is empty".into());
    };
    let size = first.parse::<Size>().map_err(|_| format!("'{}' does not start with a size", clip(t, 40)))?;
    let level: i64 = last.parse().map_err(|_| format!("'{}' does not end with a level", clip(t, 40)))?;
    let traits = words[1..words.len().saturating_sub(1).max(1)].iter().map(|s| s.to_string()).collect();
    Ok((size, traits, level))
}

/// The eight stats, read from strings or numbers.
fn stats(obj: &Map<String, Value>) -> Result<Stats, FieldError> {
    let Some(Value::Object(s)) = obj.get("stats") else {
        return Err(field("stats", "the card has no stats object"));
    };
    let get = |names: &[&str]| -> Option<(&String, &Value)> {
        s.iter().find(|(k, _)| names.iter().any(|n| k.trim().eq_ignore_ascii_case(n)))
    };
    let number = |names: &[&str]| -> Result<i32, FieldError> {
        let (key, v) = get(names).ok_or_else(|| field(&format!("stats.{}", names[0]), "missing"))?;
        let f = format!("stats.{key}");
        match v {
            Value::Number(n) => {
                n.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(|| field(&f, "not a whole number"))
            }
            Value::String(t) => {
                t.trim().parse().map_err(|_| field(&f, format!("'{}' is not a number", clip(t.trim(), 20))))
            }
            _ => Err(field(&f, "not a number")),
        }
    };
    let (armor, reduced_armor) = match get(&["Armor", "AC"]) {
        Some((key, Value::String(t))) => {
            let f = format!("stats.{key}");
            let bad = || field(&f, format!("'{}' is not an Armor (19, or 15 [11])", clip(t.trim(), 20)));
            match t.split_once('[') {
                Some((a, r)) => {
                    let r = r.trim().strip_suffix(']').ok_or_else(bad)?;
                    (a.trim().parse().map_err(|_| bad())?, Some(r.trim().parse().map_err(|_| bad())?))
                }
                None => (t.trim().parse().map_err(|_| bad())?, None),
            }
        }
        _ => (number(&["Armor", "AC"])?, None),
    };
    let (speed, movement) = match get(&["Speed"]) {
        Some((key, Value::String(t))) => {
            let f = format!("stats.{key}");
            let t = t.trim();
            let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
            let n: i32 = t[..digits]
                .parse()
                .map_err(|_| field(&f, format!("'{}' does not start with a number", clip(t, 20))))?;
            let rest = t[digits..].trim();
            let mode = if rest.is_empty() {
                None
            } else {
                Some(rest.parse::<Movement>().map_err(|_| {
                    field(&f, format!("'{}' is not a movement mode Arbiter knows (☁ ≋ 🌳 or a word)", clip(rest, 12)))
                })?)
            };
            (n, mode)
        }
        _ => (number(&["Speed"])?, None),
    };
    Ok(Stats {
        fight: number(&["Fight", "Attack"])?,
        armor,
        reduced_armor,
        power: number(&["Power"])?,
        fort: number(&["Fort", "Fortitude"])?,
        reflex: number(&["Reflex", "Ref"])?,
        will: number(&["Will"])?,
        hp: number(&["HP", "Hit Points"])?,
        speed,
        movement,
    })
}

/// One feature; an error names the key within the feature (`.top`).
fn feature(v: &Value) -> Result<Feature, FieldError> {
    let obj = v.as_object().ok_or_else(|| field("", "a feature is a JSON object"))?;
    let sub = |k: &str, m: String| field(&format!(".{k}"), m);
    let raw_name = text(obj, "name").map_err(|(k, m)| sub(&k, m))?.unwrap_or_default();
    let (name, upgrade) = strip_upgrade(&raw_name);
    let top = text(obj, "top").map_err(|(k, m)| sub(&k, m))?.unwrap_or_default();
    let (action, area, strike) = parse_top(&top).map_err(|m| sub("top", m))?;
    let uses = match text(obj, "uses").map_err(|(k, m)| sub(&k, m))? {
        Some(u) if !u.trim().is_empty() => Some(u.parse::<Uses>().map_err(|m| sub("uses", m))?),
        _ => None,
    };
    let body = text(obj, "text").map_err(|(k, m)| sub(&k, m))?.unwrap_or_default();
    Ok(Feature { name, action, area, strike, uses, text: body.trim().to_string(), upgrade, effect: None })
}

/// A feature name without its `[upgrade]` or `[add on]` mark, and whether it had one.
fn strip_upgrade(name: &str) -> (String, bool) {
    let t = name.trim();
    if let Some(i) = t.rfind('[') {
        let mark = t[i..].to_ascii_lowercase().replace(['-', ' '], "");
        if mark == "[upgrade]" || mark == "[addon]" {
            return (t[..i].trim().to_string(), true);
        }
    }
    (t.to_string(), false)
}

/// The commander entry a `Commander` feature's text describes: the whole
/// text says which creatures are its minions; each "Starts with X" phrase
/// names a minion it brings. A leading number is a count (`Starts with 2
/// Goblin Dogs`); a trailing number and the word "minion" are dropped
/// (`Starts with Capybara Pet 12 minion`: the 12 is the minion's points).
fn commander_from(text: &str) -> Commander {
    let mut starts_with = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower.get(from..).and_then(|s| s.find("starts with")) {
        let begin = from + i + "starts with".len();
        let end = text[begin..].find(['.', ';', '(']).map_or(text.len(), |j| begin + j);
        for part in text[begin..end].split([',']).flat_map(|p| p.split(" and ")) {
            let mut words: Vec<&str> = part.split_whitespace().collect();
            let mut count = 1;
            if let Some(n) = words.first().and_then(|w| w.parse::<i64>().ok()) {
                count = n;
                words.remove(0);
            }
            while words.last().is_some_and(|w| {
                let w = w.to_ascii_lowercase();
                w == "minion" || w == "minions" || w.parse::<i64>().is_ok()
            }) {
                words.pop();
            }
            let mut creature = words.join(" ");
            if count > 1 && creature.ends_with('s') && !creature.ends_with("ss") {
                creature.pop();
            }
            if !creature.is_empty() {
                starts_with.push(StartsWith { creature, count });
            }
        }
        from = end.max(begin);
    }
    Commander { minions: clip(text.trim(), 200), starts_with }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commander_text_names_its_starting_minions() {
        let c = commander_from("Kobolds. Starts with Capybara Pet 12 minion.");
        assert_eq!(c.starts_with, vec![StartsWith { creature: "Capybara Pet".into(), count: 1 }]);
        let c = commander_from("Starts with 2 Goblin Dogs and Goblin Warrior minions");
        assert_eq!(
            c.starts_with,
            vec![
                StartsWith { creature: "Goblin Dog".into(), count: 2 },
                StartsWith { creature: "Goblin Warrior".into(), count: 1 }
            ]
        );
        assert!(commander_from("Any goblin").starts_with.is_empty());
    }

    #[test]
    fn upgrade_marks_are_stripped() {
        assert_eq!(strip_upgrade("Sling [add on]"), ("Sling".into(), true));
        assert_eq!(strip_upgrade("Sneak Attack [upgrade]"), ("Sneak Attack".into(), true));
        assert_eq!(strip_upgrade("Jaws"), ("Jaws".into(), false));
        assert_eq!(strip_upgrade("Odd [thing]"), ("Odd [thing]".into(), false));
    }
}
