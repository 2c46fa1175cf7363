//! A creature card's features: the special rules and actions printed on it.
//!
//! "Each feature has some or all of the following details": a number of
//! uses, a name, its action points (○ free, ● one, ●● two, ●○ one but only
//! once per turn, a reaction, or none for a passive rule), a range or area
//! ("Melee", "Ranged 24/48", "Cone 3", "Emanation 1 aura"), whether it is a
//! strike, and its effect. A feature marked as an upgrade is not part of the
//! creature unless the player pays for it (the public cards mark these
//! `[upgrade]` or `[add on]`).
//!
//! The card line above a feature's text, such as `●○ Ranged 24/48 strike`,
//! is its *top*; [`parse_top`] reads it and [`Feature::top`] writes it.

use crate::source::clip;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest feature name, in characters.
pub const MAX_FEATURE_NAME: usize = 60;

/// The longest feature text, in characters.
pub const MAX_FEATURE_TEXT: usize = 1500;

/// The most uses a feature may have.
pub const MAX_USES: u8 = 9;

/// What using a feature costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Action {
    /// Not an action: a rule that simply applies (no symbol).
    #[default]
    Passive,
    /// A free action, 0 AP, on the creature's own turn (○).
    Free,
    /// One action point (●).
    One,
    /// One action point, at most once per turn (●○).
    OncePerTurn,
    /// Two action points (●●).
    Two,
    /// A reaction, outside the creature's turn; one between its turns (↻).
    Reaction,
}

impl Action {
    /// Every action cost, cheapest first, then the reaction.
    pub const ALL: [Action; 6] =
        [Action::Passive, Action::Free, Action::One, Action::OncePerTurn, Action::Two, Action::Reaction];

    /// The key used in files (`one-per-turn`).
    pub fn key(self) -> &'static str {
        match self {
            Action::Passive => "passive",
            Action::Free => "free",
            Action::One => "one",
            Action::OncePerTurn => "one-per-turn",
            Action::Two => "two",
            Action::Reaction => "reaction",
        }
    }

    /// The card symbol (`●○`); empty for a passive feature.
    pub fn symbol(self) -> &'static str {
        match self {
            Action::Passive => "",
            Action::Free => "○",
            Action::One => "●",
            Action::OncePerTurn => "●○",
            Action::Two => "●●",
            Action::Reaction => "↻",
        }
    }

    /// In words, for sheets (`1 AP, once per turn`).
    pub fn label(self) -> &'static str {
        match self {
            Action::Passive => "passive",
            Action::Free => "free action",
            Action::One => "1 AP",
            Action::OncePerTurn => "1 AP, once per turn",
            Action::Two => "2 AP",
            Action::Reaction => "reaction",
        }
    }

    /// The action points it costs (a reaction and a passive rule cost none).
    pub fn action_points(self) -> u8 {
        match self {
            Action::One | Action::OncePerTurn => 1,
            Action::Two => 2,
            _ => 0,
        }
    }

    /// The action a card symbol stands for: `○ ● ●○ ●●`, and `↻` or `⚡`
    /// for a reaction (the cards use ↻, the rulebook's text ⚡).
    pub fn from_symbol(s: &str) -> Option<Action> {
        match s.trim() {
            "" => Some(Action::Passive),
            "○" => Some(Action::Free),
            "●" | "•" => Some(Action::One),
            "●○" => Some(Action::OncePerTurn),
            "●●" | "••" => Some(Action::Two),
            "↻" | "⚡" => Some(Action::Reaction),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Action {
    type Err = String;

    /// Parses a key (`passive`, `free`, `one`, `one-per-turn`, `two`,
    /// `reaction`), the number of action points (`0`, `1`, `2`) or a symbol.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(a) = Action::from_symbol(s) {
            return Ok(a);
        }
        let t = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        match t.as_str() {
            "0" => Ok(Action::Free),
            "1" => Ok(Action::One),
            "2" => Ok(Action::Two),
            "once-per-turn" => Ok(Action::OncePerTurn),
            _ => Action::ALL.into_iter().find(|a| a.key() == t).ok_or_else(|| {
                format!(
                    "unknown action '{}'; use passive, free, one, one-per-turn, two or reaction (or ○ ● ●○ ●● ↻)",
                    clip(s.trim(), 20)
                )
            }),
        }
    }
}

impl TryFrom<String> for Action {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Action> for String {
    fn from(a: Action) -> String {
        a.key().to_string()
    }
}

/// How far a feature reaches, or the shape of its area, in squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Area {
    /// A single target in reach: adjacent (`Melee`) or within this many
    /// squares (`Melee 2`, a reach attack).
    Melee(Option<u16>),
    /// A single target within `short` squares, or `long` with a −2 penalty
    /// (`Ranged 6`, `Ranged 24/48`).
    Ranged {
        /// The range without penalty.
        short: u16,
        /// The long range, if the feature has one.
        long: Option<u16>,
    },
    /// A burst of this radius around a point in range (`Burst 2`).
    Burst(u16),
    /// A cone of this length from the user's space (`Cone 3`).
    Cone(u16),
    /// A line of this length from a corner of the user's space (`Line 8`).
    Line(u16),
    /// Every square within this many of the user's space (`Emanation 4`);
    /// an aura is always on (`Emanation 1 aura`).
    Emanation {
        /// How far it reaches.
        size: u16,
        /// Whether it is an aura.
        aura: bool,
    },
}

/// The largest distance an area may name, in squares.
pub const MAX_DISTANCE: u16 = 999;

impl Area {
    /// Whether it targets a single creature (melee and ranged).
    pub fn single_target(self) -> bool {
        matches!(self, Area::Melee(_) | Area::Ranged { .. })
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Melee(None) => f.write_str("Melee"),
            Area::Melee(Some(n)) => write!(f, "Melee {n}"),
            Area::Ranged { short, long: None } => write!(f, "Ranged {short}"),
            Area::Ranged { short, long: Some(l) } => write!(f, "Ranged {short}/{l}"),
            Area::Burst(n) => write!(f, "Burst {n}"),
            Area::Cone(n) => write!(f, "Cone {n}"),
            Area::Line(n) => write!(f, "Line {n}"),
            Area::Emanation { size, aura: false } => write!(f, "Emanation {size}"),
            Area::Emanation { size, aura: true } => write!(f, "Emanation {size} aura"),
        }
    }
}

/// A distance in squares, 1 to 999.
fn distance(s: &str, whole: &str) -> Result<u16, String> {
    match s.trim().parse::<u16>() {
        Ok(n) if (1..=MAX_DISTANCE).contains(&n) => Ok(n),
        Ok(n) => Err(format!("'{}': a distance of {n} squares is outside 1 to {MAX_DISTANCE}", clip(whole, 30))),
        Err(_) => Err(format!("'{}': '{}' is not a number of squares", clip(whole, 30), clip(s.trim(), 12))),
    }
}

impl FromStr for Area {
    type Err = String;

    /// Parses `Melee`, `Melee 2`, `Ranged 6`, `Ranged 24/48`, `Burst 2`,
    /// `Cone 3`, `Line 8`, `Emanation 4` or `Emanation 1 aura` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let whole = s.trim();
        let words: Vec<&str> = whole.split_whitespace().collect();
        let bad = || {
            format!(
                "'{}' is not a range or area; use Melee, Melee 2, Ranged 6, Ranged 24/48, Burst 2, Cone 3, Line 8, \
                 Emanation 4 or Emanation 1 aura",
                clip(whole, 30)
            )
        };
        let Some(first) = words.first() else { return Err(bad()) };
        let shape = first.to_ascii_lowercase();
        let aura = words.len() == 3 && words[2].eq_ignore_ascii_case("aura");
        if words.len() > 2 && !(aura && shape == "emanation") {
            return Err(bad());
        }
        let n = words.get(1).copied();
        match (shape.as_str(), n) {
            ("melee", None) => Ok(Area::Melee(None)),
            ("melee", Some(n)) => Ok(Area::Melee(Some(distance(n, whole)?))),
            ("ranged", Some(n)) => match n.split_once('/') {
                Some((a, b)) => {
                    let (short, long) = (distance(a, whole)?, distance(b, whole)?);
                    if long <= short {
                        return Err(format!("'{}': the long range must exceed the short range", clip(whole, 30)));
                    }
                    Ok(Area::Ranged { short, long: Some(long) })
                }
                None => Ok(Area::Ranged { short: distance(n, whole)?, long: None }),
            },
            ("burst", Some(n)) => Ok(Area::Burst(distance(n, whole)?)),
            ("cone", Some(n)) => Ok(Area::Cone(distance(n, whole)?)),
            ("line", Some(n)) => Ok(Area::Line(distance(n, whole)?)),
            ("emanation", Some(n)) => Ok(Area::Emanation { size: distance(n, whole)?, aura }),
            _ => Err(bad()),
        }
    }
}

impl TryFrom<String> for Area {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Area> for String {
    fn from(a: Area) -> String {
        a.to_string()
    }
}

/// How long a spent use stays spent (it matters only in long-term play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// Recovered at the end of the battle (🄴).
    Encounter,
    /// Recovered after eight hours of rest (🄳).
    Day,
    /// Never recovered: the potion is drunk (🄲).
    Consumable,
}

impl Per {
    /// The card's checkbox symbol (`🄴`).
    pub fn symbol(self) -> char {
        match self {
            Per::Encounter => '🄴',
            Per::Day => '🄳',
            Per::Consumable => '🄲',
        }
    }
}

/// A feature that can be used only so many times in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Uses {
    /// How many times (1 to 9).
    pub count: u8,
    /// When spent uses come back.
    pub per: Per,
}

impl Uses {
    /// The card's checkboxes (`🄴🄴`).
    pub fn symbols(self) -> String {
        std::iter::repeat_n(self.per.symbol(), usize::from(self.count)).collect()
    }
}

impl fmt::Display for Uses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.per {
            Per::Encounter => write!(f, "{} per encounter", self.count),
            Per::Day => write!(f, "{} per day", self.count),
            Per::Consumable => write!(f, "{} consumable", self.count),
        }
    }
}

impl FromStr for Uses {
    type Err = String;

    /// Parses `2 per encounter`, `1 per day`, `1 consumable` (the number
    /// defaults to 1; `daily` may stand for `per day`) or the card's
    /// checkboxes (`🄴🄴`, `🄳`, `🄲`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad =
            || format!("'{}' is not a number of uses; write 2 per encounter, 1 per day or 1 consumable", clip(t, 30));
        let symbols: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(&first) = symbols.first() {
            let per = match first {
                '🄴' => Some(Per::Encounter),
                '🄳' => Some(Per::Day),
                '🄲' => Some(Per::Consumable),
                _ => None,
            };
            if let Some(per) = per {
                if symbols.iter().any(|&c| c != first) {
                    return Err(format!("'{}' mixes kinds of uses; a feature has one kind", clip(t, 30)));
                }
                return Uses::checked(symbols.len(), per, t);
            }
        }
        let lower = t.to_ascii_lowercase();
        let mut words: Vec<&str> = lower.split_whitespace().filter(|w| !matches!(*w, "per" | "x" | "×")).collect();
        let count = match words.first().and_then(|w| w.trim_end_matches(['x', '×']).parse::<usize>().ok()) {
            Some(n) => {
                words.remove(0);
                n
            }
            None => 1,
        };
        let per = match words.as_slice() {
            ["encounter" | "encounters"] => Per::Encounter,
            ["day" | "days" | "daily"] => Per::Day,
            ["consumable" | "consumables"] => Per::Consumable,
            _ => return Err(bad()),
        };
        Uses::checked(count, per, t)
    }
}

impl Uses {
    fn checked(count: usize, per: Per, t: &str) -> Result<Uses, String> {
        match u8::try_from(count) {
            Ok(n) if (1..=MAX_USES).contains(&n) => Ok(Uses { count: n, per }),
            _ => Err(format!("'{}': a feature has 1 to {MAX_USES} uses", clip(t, 30))),
        }
    }
}

impl TryFrom<String> for Uses {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Uses> for String {
    fn from(u: Uses) -> String {
        u.to_string()
    }
}

/// One feature of a creature card, as written in a file and as held by a
/// checked [`crate::Card`] (whose construction checks names and lengths).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// The feature's name (`Jaws`).
    pub name: String,
    /// What using it costs; passive when absent.
    #[serde(default, skip_serializing_if = "is_passive")]
    pub action: Action,
    /// Its range or area, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// Whether it is a strike (a Fight roll against Armor).
    #[serde(default, skip_serializing_if = "is_false")]
    pub strike: bool,
    /// How many times it can be used, if limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses: Option<Uses>,
    /// What it does. May be empty for the rulebook's common features
    /// (`Reactive Strike`), whose rules the rulebook gives.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// Whether it is an optional upgrade, bought for the upgrade cost.
    #[serde(default, skip_serializing_if = "is_false")]
    pub upgrade: bool,
    /// What it does, as data the game runs (see [`crate::program`]); the
    /// text says it for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Box<crate::program::Program>>,
}

fn is_passive(a: &Action) -> bool {
    *a == Action::Passive
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Feature {
    /// A passive feature with this name and text.
    pub fn passive(name: &str, text: &str) -> Feature {
        Feature {
            name: name.to_string(),
            action: Action::Passive,
            area: None,
            strike: false,
            uses: None,
            text: text.to_string(),
            upgrade: false,
            effect: None,
        }
    }

    /// The card line above the text: action symbol, area and `strike`
    /// (`●○ Ranged 24/48 strike`); empty for a plain passive feature.
    pub fn top(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.action != Action::Passive {
            parts.push(self.action.symbol().to_string());
        }
        if let Some(a) = self.area {
            parts.push(a.to_string());
        }
        if self.strike {
            parts.push("strike".into());
        }
        parts.join(" ")
    }

    /// The caster rank if this is a spellcasting feature
    /// (`Primal Caster Rank 5` gives 5).
    pub fn caster_rank(&self) -> Option<u8> {
        let lower = self.name.to_ascii_lowercase();
        let i = lower.find("caster rank")?;
        lower[i + "caster rank".len()..].trim().parse().ok()
    }

    /// Checks the name and text; the error names the field.
    pub(crate) fn check(&self) -> Result<(), (&'static str, String)> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(("name", "the feature has no name".into()));
        }
        if name.chars().count() > MAX_FEATURE_NAME {
            return Err(("name", format!("the feature's name is longer than {MAX_FEATURE_NAME} characters")));
        }
        if let Some(e) = &self.effect {
            e.check(self.action, self.area, self.strike).map_err(|m| ("effect", format!("{}: {m}", clip(name, 40))))?;
        }
        if self.text.chars().count() > MAX_FEATURE_TEXT {
            return Err((
                "text",
                format!("the text of {} is longer than {MAX_FEATURE_TEXT} characters", clip(name, 40)),
            ));
        }
        Ok(())
    }
}

/// Reads a card's top line (`●○ Ranged 24/48 strike`, `↻`, `Emanation 1
/// aura`, or nothing): the action, the area if any, and whether it is a strike.
pub fn parse_top(s: &str) -> Result<(Action, Option<Area>, bool), String> {
    let t = s.trim();
    let mut rest = t;
    let mut action = Action::Passive;
    let symbol_len: usize = rest
        .char_indices()
        .take_while(|(_, c)| matches!(c, '●' | '○' | '•' | '↻' | '⚡'))
        .map(|(_, c)| c.len_utf8())
        .sum();
    if symbol_len > 0 {
        let symbols = &rest[..symbol_len];
        action = Action::from_symbol(symbols)
            .ok_or_else(|| format!("'{}' is not an action cost (○, ●, ●○, ●● or ↻)", clip(symbols, 10)))?;
        rest = rest[symbol_len..].trim();
    }
    let mut strike = false;
    if let Some((head, last)) = rest.rsplit_once(char::is_whitespace).or(Some(("", rest))) {
        if last.eq_ignore_ascii_case("strike") {
            strike = true;
            rest = head.trim();
        }
    }
    let area = if rest.is_empty() {
        None
    } else {
        Some(rest.parse::<Area>().map_err(|e| format!("in '{}': {e}", clip(t, 40)))?)
    };
    Ok((action, area, strike))
}
