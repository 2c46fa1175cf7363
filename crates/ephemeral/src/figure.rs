//! Figure sets: the files players write, and the builder's checks.
//!
//! A figure set is read in two steps, as a chess library reads a position: a
//! [`FigureSetFile`] is the file as written (TOML or JSON), unchecked; it
//! becomes a [`FigureSet`] only through [`FigureSetFile::validate`], which
//! checks every construction rule of the chosen [`Edition`] against a
//! [`Catalogue`] and reports every violation at once. A `FigureSet` is legal
//! by construction: its fields are private, and deserialising one goes
//! through the same checks (with the standard catalogue).
//!
//! The construction rules, restated: a set has 2–4 figures (v0.20: 2–6) and
//! spends at most 100 spec points. A figure's base spec points (HP +
//! Movement + Force + Range) lie in its class's range (Disruptor and Runner
//! 10–25, Tactician 15–30, Leader 20–35); it takes at most three abilities,
//! each of its own class and each once; its base is 19–67 mm across (v0.20:
//! at most 67 mm). Its figure points are its base spec points plus its
//! abilities' costs. `docs/figure-sets.md` documents the file format.

use crate::Edition;
use crate::catalogue::{Ability, Catalogue, CatalogueError, Class, clip, line_of};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::path::Path;
use ts_rs::TS;

/// The most spec points a figure set may spend.
pub const MAX_SET_POINTS: u32 = 100;

/// The most abilities one figure may take.
pub const MAX_ABILITIES: usize = 3;

/// The largest figure-set file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The longest name (of a set, a figure or a chosen ability name), in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// The longest description or author, in characters.
pub const MAX_TEXT_CHARS: usize = 500;

/// The figure sets shipped with Arbiter, embedded: (file stem, TOML text).
pub fn shipped_sets() -> Vec<(&'static str, &'static str)> {
    vec![
        ("ember-court", include_str!("../sets/ember-court.toml")),
        ("tide-wardens", include_str!("../sets/tide-wardens.toml")),
        ("glass-orchard", include_str!("../sets/glass-orchard.toml")),
        ("lantern-pact", include_str!("../sets/lantern-pact.toml")),
        ("salt-and-iron", include_str!("../sets/salt-and-iron.toml")),
        ("quarry-guild", include_str!("../sets/quarry-guild.toml")),
        ("gatewrights", include_str!("../sets/gatewrights.toml")),
        ("starfall-choir", include_str!("../sets/starfall-choir.toml")),
        ("mire-stalkers", include_str!("../sets/mire-stalkers.toml")),
    ]
}

/// A shipped figure set's TOML text, by its file stem (`ember-court`).
pub fn shipped_set(name: &str) -> Option<&'static str> {
    let name = name.trim().trim_end_matches(".toml");
    shipped_sets().into_iter().find(|(stem, _)| stem.eq_ignore_ascii_case(name)).map(|(_, text)| text)
}

/// The two file formats a figure set may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// TOML, with one `[[figure]]` table per figure.
    Toml,
    /// JSON, with a `figure` (or `figures`) array.
    Json,
}

impl Format {
    /// The format of a file: by its extension (`.json`, `.toml`), else JSON
    /// when the first non-blank character is `{`, else TOML.
    pub fn detect(path: Option<&Path>, text: &str) -> Format {
        match path.and_then(Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("json") => Format::Json,
            Some("toml") => Format::Toml,
            _ if text.trim_start_matches('\u{feff}').trim_start().starts_with('{') => Format::Json,
            _ => Format::Toml,
        }
    }
}

/// Why a figure set could not be read or is not legal.
#[derive(Clone, Debug, PartialEq)]
pub enum SetError {
    /// The file could not be read.
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The text is not a figure-set file (bad TOML or JSON, a missing or
    /// mistyped key).
    Parse {
        /// The 1-based line, when the parser knows it.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The catalogue needed to check the set did not load.
    Catalogue(CatalogueError),
    /// The set breaks construction rules; every violation is listed.
    Invalid(Vec<Violation>),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Unreadable { path, reason } => write!(f, "cannot read {path}: {reason}"),
            SetError::Parse { line: Some(l), message } => write!(f, "line {l}: {message}"),
            SetError::Parse { line: None, message } => f.write_str(message),
            SetError::Catalogue(e) => write!(f, "the ability catalogue: {e}"),
            SetError::Invalid(v) => {
                let lines: Vec<String> = v.iter().map(Violation::to_string).collect();
                f.write_str(&lines.join("\n"))
            }
        }
    }
}

impl std::error::Error for SetError {}

/// Which construction rule a violation breaks: a stable code for programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// The set has no name.
    SetName,
    /// The set has too few or too many figures for the edition.
    FigureCount,
    /// The set spends more than 100 spec points.
    SetPoints,
    /// A figure has no name.
    FigureName,
    /// Two figures share a name.
    DuplicateName,
    /// A name, description or author is too long.
    TooLong,
    /// A figure's base spec points lie outside its class's range.
    BaseSpec,
    /// A figure has fewer than 1 hit point.
    HitPoints,
    /// A figure's Movement, Force or Range is negative.
    NegativeSpec,
    /// A figure's base diameter is outside the edition's range.
    BaseDiameter,
    /// A figure takes more than three abilities.
    AbilityCount,
    /// An ability id is not in the catalogue.
    UnknownAbility,
    /// An ability belongs to another class.
    AbilityClass,
    /// An ability is listed twice on one figure.
    DuplicateAbility,
}

impl Rule {
    /// The stable code (`figure.base-spec`).
    pub fn code(self) -> &'static str {
        match self {
            Rule::SetName => "set.name",
            Rule::FigureCount => "set.figure-count",
            Rule::SetPoints => "set.points",
            Rule::FigureName => "figure.name",
            Rule::DuplicateName => "figure.duplicate-name",
            Rule::TooLong => "text.too-long",
            Rule::BaseSpec => "figure.base-spec",
            Rule::HitPoints => "figure.hp",
            Rule::NegativeSpec => "figure.negative-spec",
            Rule::BaseDiameter => "figure.base-diameter",
            Rule::AbilityCount => "figure.ability-count",
            Rule::UnknownAbility => "figure.unknown-ability",
            Rule::AbilityClass => "figure.ability-class",
            Rule::DuplicateAbility => "figure.duplicate-ability",
        }
    }
}

/// One broken construction rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Violation {
    /// The figure it concerns (its name, or `figure 3` when it has none);
    /// `None` for the set as a whole.
    pub figure: Option<String>,
    /// The rule broken.
    pub rule: Rule,
    /// What is wrong, in plain words (without the figure's name).
    pub message: String,
    /// The figure's place in the set (0-based), when it concerns one figure:
    /// names may be missing or shared, the place never is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The key of the file the problem is in, for an editor to point at:
    /// `name`, `author`, `description`, `figure` (the count), `class`,
    /// `base_mm`, `hp`, `movement`, `force`, `range`, `specs` (HP, Movement,
    /// Force and Range together), `abilities`, or `points` (the set's total).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl Violation {
    /// A violation of the set as a whole, in one of its keys.
    fn set(rule: Rule, field: &str, message: String) -> Violation {
        Violation { figure: None, rule, message, index: None, field: Some(field.to_string()) }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.figure {
            Some(name) => write!(f, "{name}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// An ability on a figure as written: its id and, optionally, the name the
/// player gave it. In a file either `"D4"` or `{ id = "D4", name = "Long Bow" }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string | { id: string, name: string }")]
pub struct AbilityPick {
    /// The catalogue id (`D4`).
    pub id: String,
    /// The player's name for it (`Long Bow`).
    pub name: Option<String>,
}

impl AbilityPick {
    /// An ability without a name of its own.
    pub fn id(id: &str) -> AbilityPick {
        AbilityPick { id: id.to_string(), name: None }
    }

    /// An ability with the player's name for it.
    pub fn named(id: &str, name: &str) -> AbilityPick {
        AbilityPick { id: id.to_string(), name: Some(name.to_string()) }
    }
}

impl Serialize for AbilityPick {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        match &self.name {
            None => s.serialize_str(&self.id),
            Some(name) => {
                let mut st = s.serialize_struct("AbilityPick", 2)?;
                st.serialize_field("id", &self.id)?;
                st.serialize_field("name", name)?;
                st.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for AbilityPick {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PickVisitor;

        impl<'de> Visitor<'de> for PickVisitor {
            type Value = AbilityPick;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an ability id such as \"D4\", or a table { id = \"D4\", name = \"Long Bow\" }")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<AbilityPick, E> {
                Ok(AbilityPick::id(v))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AbilityPick, A::Error> {
                let mut id: Option<String> = None;
                let mut name: Option<String> = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "id" if id.is_none() => id = Some(map.next_value()?),
                        "name" if name.is_none() => name = Some(map.next_value()?),
                        "id" | "name" => return Err(de::Error::custom(format!("`{key}` is given twice"))),
                        other => return Err(de::Error::unknown_field(other, &["id", "name"])),
                    }
                }
                let id = id.ok_or_else(|| de::Error::missing_field("id"))?;
                Ok(AbilityPick { id, name })
            }
        }

        d.deserialize_any(PickVisitor)
    }
}

/// Writes a base diameter as a whole number when it is one (`32`, not `32.0`).
fn serialize_mm<S: Serializer>(mm: &f64, s: S) -> Result<S::Ok, S::Error> {
    if mm.is_finite() && mm.fract() == 0.0 && (0.0..=1e6).contains(mm) {
        s.serialize_u32(*mm as u32)
    } else {
        s.serialize_f64(*mm)
    }
}

/// One figure as written in a file, unchecked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FigureFile {
    /// The figure's name.
    #[serde(default)]
    pub name: String,
    /// What the figure is (the miniature, the character).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Its class.
    pub class: Class,
    /// Its base diameter in millimetres (a whole number or a decimal).
    #[serde(serialize_with = "serialize_mm")]
    pub base_mm: f64,
    /// Hit points (spec points).
    pub hp: i64,
    /// Movement (spec points; each is 2 cm).
    pub movement: i64,
    /// Force (spec points).
    pub force: i64,
    /// Range (spec points; each is 5 cm).
    pub range: i64,
    /// Its abilities.
    #[serde(default)]
    pub abilities: Vec<AbilityPick>,
}

impl FigureFile {
    /// HP + Movement + Force + Range, as written (possibly out of range).
    pub fn base_spec_points(&self) -> i128 {
        [self.hp, self.movement, self.force, self.range].iter().map(|&x| i128::from(x)).sum()
    }

    /// The cost of its abilities as the checks count it: each catalogue
    /// ability once, whatever its class; unknown ids cost nothing.
    pub fn ability_points(&self, catalogue: &Catalogue) -> u64 {
        let mut listed: Vec<&str> = Vec::new();
        let mut points = 0u64;
        for pick in &self.abilities {
            if let Some(a) = catalogue.get(&pick.id.trim().to_ascii_uppercase())
                && !listed.contains(&a.id.as_str())
            {
                listed.push(&a.id);
                points += u64::from(a.points);
            }
        }
        points
    }

    /// Its figure points as the checks count them (the set's total is their
    /// sum): base spec points (0 when negative) plus ability points.
    pub fn points(&self, catalogue: &Catalogue) -> u64 {
        u64::try_from(self.base_spec_points().max(0)).unwrap_or(u64::MAX).saturating_add(self.ability_points(catalogue))
    }
}

/// A figure set as written in a file, unchecked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FigureSetFile {
    /// The set's name.
    #[serde(default)]
    pub name: String,
    /// Who made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// A few words about the set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The edition it was built for (a hint; the checks use the edition asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    /// Its figures.
    #[serde(default, rename = "figure", alias = "figures")]
    pub figures: Vec<FigureFile>,
}

impl FigureSetFile {
    /// Parses a figure-set file without checking the construction rules.
    pub fn parse(text: &str, format: Format) -> Result<FigureSetFile, SetError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(SetError::Parse { line: None, message: "a figure-set file is at most 1 MiB".into() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match format {
            Format::Toml => toml::from_str(text).map_err(|e| SetError::Parse {
                line: e.span().map(|s| line_of(text, s.start)),
                message: e.message().trim().to_string(),
            }),
            Format::Json => serde_json::from_str(text)
                .map_err(|e| SetError::Parse { line: Some(e.line()).filter(|&l| l > 0), message: json_message(&e) }),
        }
    }

    /// Checks the set against the edition's construction rules and the
    /// catalogue; every violation is reported.
    pub fn validate(&self, edition: Edition, catalogue: &Catalogue) -> Result<FigureSet, Vec<Violation>> {
        let mut out = Vec::new();
        let name = self.name.trim();
        if name.is_empty() {
            out.push(Violation::set(Rule::SetName, "name", "the set has no name".into()));
        }
        check_len(&mut out, "name", "the set's name", name, MAX_NAME_CHARS);
        check_len(&mut out, "author", "the author", self.author.as_deref().unwrap_or(""), MAX_TEXT_CHARS);
        check_len(
            &mut out,
            "description",
            "the description",
            self.description.as_deref().unwrap_or(""),
            MAX_TEXT_CHARS,
        );
        let n = self.figures.len();
        let (lo, hi) = (edition.min_figures(), edition.max_figures());
        if !(lo..=hi).contains(&n) {
            out.push(Violation::set(
                Rule::FigureCount,
                "figure",
                format!(
                    "the set has {n} figure{}; {} allows {lo}–{hi}",
                    if n == 1 { "" } else { "s" },
                    edition.label()
                ),
            ));
        }
        let mut figures = Vec::with_capacity(n);
        let mut total: u64 = 0;
        let mut seen: Vec<String> = Vec::new();
        for (i, f) in self.figures.iter().enumerate() {
            let label = figure_label(f, i);
            let fname = f.name.trim();
            if !fname.is_empty() {
                let key = fname.to_lowercase();
                if seen.contains(&key) {
                    out.push(Violation {
                        figure: Some(label.clone()),
                        rule: Rule::DuplicateName,
                        message: "another figure in the set has the same name".into(),
                        index: Some(i),
                        field: Some("name".into()),
                    });
                } else {
                    seen.push(key);
                }
            }
            let (figure, points) = check_figure(f, i, &label, edition, catalogue, &mut out);
            total = total.saturating_add(points);
            if let Some(figure) = figure {
                figures.push(figure);
            }
        }
        if total > u64::from(MAX_SET_POINTS) {
            out.push(Violation::set(
                Rule::SetPoints,
                "points",
                format!("the set uses {total} spec points; at most {MAX_SET_POINTS}"),
            ));
        }
        if !out.is_empty() {
            return Err(out);
        }
        Ok(FigureSet {
            edition,
            name: name.to_string(),
            author: nonblank(self.author.as_deref()),
            description: nonblank(self.description.as_deref()),
            figures,
        })
    }
}

/// serde_json's message without its own "at line … column …" suffix.
fn json_message(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn nonblank(s: Option<&str>) -> Option<String> {
    s.map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// How violations name a figure: its name, or its place in the set.
fn figure_label(f: &FigureFile, index: usize) -> String {
    let name = f.name.trim();
    if name.is_empty() { format!("figure {}", index + 1) } else { clip(name, MAX_NAME_CHARS) }
}

/// Checks the length of one of the set's own texts (`field` is its key).
fn check_len(out: &mut Vec<Violation>, field: &str, what: &str, s: &str, max: usize) {
    let n = s.chars().count();
    if n > max {
        out.push(Violation::set(Rule::TooLong, field, format!("{what} has {n} characters; at most {max}")));
    }
}

/// Checks one figure; returns it when legal, and its points in any case
/// (unknown abilities count nothing).
fn check_figure(
    f: &FigureFile,
    index: usize,
    label: &str,
    edition: Edition,
    catalogue: &Catalogue,
    out: &mut Vec<Violation>,
) -> (Option<Figure>, u64) {
    let before = out.len();
    let mut v = |rule: Rule, field: &str, message: String| {
        out.push(Violation {
            figure: Some(label.to_string()),
            rule,
            message,
            index: Some(index),
            field: Some(field.to_string()),
        });
    };
    let name = f.name.trim();
    if name.is_empty() {
        v(Rule::FigureName, "name", "the figure has no name".into());
    }
    let long = |what: &str, s: &str, max: usize| {
        let n = s.chars().count();
        (n > max).then(|| format!("{what} has {n} characters; at most {max}"))
    };
    if let Some(m) = long("the name", name, MAX_NAME_CHARS) {
        v(Rule::TooLong, "name", m);
    }
    if let Some(m) = long("the description", f.description.trim(), MAX_TEXT_CHARS) {
        v(Rule::TooLong, "description", m);
    }
    let class = f.class;
    if f.hp < 1 {
        v(Rule::HitPoints, "hp", format!("HP must be at least 1 (it is {})", f.hp));
    }
    for (what, key, value) in
        [("Movement", "movement", f.movement), ("Force", "force", f.force), ("Range", "range", f.range)]
    {
        if value < 0 {
            v(Rule::NegativeSpec, key, format!("{what} {value} is negative"));
        }
    }
    let base = f.base_spec_points();
    let allowed = class.base_spec_range();
    if base > i128::from(*allowed.end()) {
        v(Rule::BaseSpec, "specs", format!("{class} base spec points {base} exceed {}", allowed.end()));
    } else if base < i128::from(*allowed.start()) {
        v(Rule::BaseSpec, "specs", format!("{class} base spec points {base} are below {}", allowed.start()));
    }
    let (lo, hi) = (f64::from(edition.min_base_mm()), f64::from(edition.max_base_mm()));
    if !f.base_mm.is_finite() || f.base_mm < lo || f.base_mm > hi {
        let shown = if f.base_mm.is_finite() { format!("{} mm", f.base_mm) } else { "not a number".into() };
        let allowed = if edition.min_base_mm() > 1 {
            format!("{}–{} mm", edition.min_base_mm(), edition.max_base_mm())
        } else {
            format!("at most {} mm", edition.max_base_mm())
        };
        v(
            Rule::BaseDiameter,
            "base_mm",
            format!("the base diameter ({shown}) must be {allowed} in {}", edition.label()),
        );
    }
    if f.abilities.len() > MAX_ABILITIES {
        v(Rule::AbilityCount, "abilities", format!("{} abilities; at most {MAX_ABILITIES}", f.abilities.len()));
    }
    let mut chosen: Vec<ChosenAbility> = Vec::new();
    let mut listed: Vec<String> = Vec::new();
    for pick in &f.abilities {
        let id = pick.id.trim().to_ascii_uppercase();
        let Some(ability) = catalogue.get(&id) else {
            v(
                Rule::UnknownAbility,
                "abilities",
                format!("there is no ability '{}' in the catalogue", clip(pick.id.trim(), 12)),
            );
            continue;
        };
        if listed.contains(&ability.id) {
            v(Rule::DuplicateAbility, "abilities", format!("ability {} is listed twice", ability.id));
            continue;
        }
        listed.push(ability.id.clone());
        if ability.class != class {
            v(
                Rule::AbilityClass,
                "abilities",
                format!(
                    "ability {} is a {} ability; a {class} may only take {class} abilities",
                    ability.id, ability.class
                ),
            );
        }
        let name = nonblank(pick.name.as_deref());
        if let Some(m) = name.as_deref().and_then(|n| long(&format!("the name of ability {}", ability.id), n, 40)) {
            v(Rule::TooLong, "abilities", m);
        }
        chosen.push(ChosenAbility { ability: ability.clone(), name });
    }
    let points = f.points(catalogue);
    if out.len() > before {
        return (None, points);
    }
    let spec = |x: i64| u8::try_from(x).unwrap_or(u8::MAX);
    let figure = Figure {
        name: name.to_string(),
        description: f.description.trim().to_string(),
        class,
        base_mm: f.base_mm,
        hp: spec(f.hp),
        movement: spec(f.movement),
        force: spec(f.force),
        range: spec(f.range),
        abilities: chosen,
    };
    (Some(figure), points)
}

/// An ability a figure has taken: the catalogue entry and the player's name for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(try_from = "AbilityPick", into = "AbilityPick")]
#[ts(as = "AbilityPick")]
pub struct ChosenAbility {
    ability: Ability,
    name: Option<String>,
}

impl ChosenAbility {
    /// The catalogue entry.
    pub fn ability(&self) -> &Ability {
        &self.ability
    }

    /// Its id (`D4`).
    pub fn id(&self) -> &str {
        &self.ability.id
    }

    /// The player's name for it, if any (`Long Bow`).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The name and id (`Long Bow (D4)`), or the id alone.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({})", self.ability.id),
            None => self.ability.id.clone(),
        }
    }

    /// What it costs, in spec points.
    pub fn points(&self) -> u32 {
        u32::from(self.ability.points)
    }
}

impl TryFrom<AbilityPick> for ChosenAbility {
    type Error = SetError;

    fn try_from(pick: AbilityPick) -> Result<Self, Self::Error> {
        let catalogue = Catalogue::standard_ref().map_err(SetError::Catalogue)?;
        match catalogue.get(&pick.id) {
            Some(a) => Ok(ChosenAbility { ability: a.clone(), name: nonblank(pick.name.as_deref()) }),
            None => Err(SetError::Invalid(vec![Violation {
                figure: None,
                rule: Rule::UnknownAbility,
                message: format!("there is no ability '{}' in the catalogue", clip(pick.id.trim(), 12)),
                index: None,
                field: Some("abilities".into()),
            }])),
        }
    }
}

impl From<ChosenAbility> for AbilityPick {
    fn from(c: ChosenAbility) -> AbilityPick {
        AbilityPick { id: c.ability.id, name: c.name }
    }
}

/// A legal figure: base specs within its class's range, at most three
/// abilities of its own class, a base of legal size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(try_from = "FigureFile", into = "FigureFile")]
#[ts(as = "FigureFile")]
pub struct Figure {
    name: String,
    description: String,
    class: Class,
    base_mm: f64,
    hp: u8,
    movement: u8,
    force: u8,
    range: u8,
    abilities: Vec<ChosenAbility>,
}

impl Figure {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it is (may be empty).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// Its class.
    pub fn class(&self) -> Class {
        self.class
    }

    /// Its base diameter in millimetres.
    pub fn base_mm(&self) -> f64 {
        self.base_mm
    }

    /// Hit points.
    pub fn hp(&self) -> u8 {
        self.hp
    }

    /// Movement in spec points.
    pub fn movement(&self) -> u8 {
        self.movement
    }

    /// Force.
    pub fn force(&self) -> u8 {
        self.force
    }

    /// Range in spec points.
    pub fn range(&self) -> u8 {
        self.range
    }

    /// How far a move action takes it: 2 cm per Movement point.
    pub fn movement_cm(&self) -> u32 {
        2 * u32::from(self.movement)
    }

    /// How far it attacks: 5 cm per Range point.
    pub fn range_cm(&self) -> u32 {
        5 * u32::from(self.range)
    }

    /// Its abilities, in the order written.
    pub fn abilities(&self) -> &[ChosenAbility] {
        &self.abilities
    }

    /// Whether it has the ability with this id (`d4` finds `D4`).
    pub fn has_ability(&self, id: &str) -> bool {
        self.abilities.iter().any(|a| a.id().eq_ignore_ascii_case(id.trim()))
    }

    /// Whether it may forage a die with `sides` sides showing `value`: one
    /// of its abilities must be able to use that die.
    pub fn can_forage(&self, sides: u8, value: u8) -> bool {
        self.abilities.iter().any(|a| a.ability.die.accepts(sides, value))
    }

    /// HP + Movement + Force + Range.
    pub fn base_spec_points(&self) -> u32 {
        u32::from(self.hp) + u32::from(self.movement) + u32::from(self.force) + u32::from(self.range)
    }

    /// The cost of its abilities.
    pub fn ability_points(&self) -> u32 {
        self.abilities.iter().map(ChosenAbility::points).sum()
    }

    /// Its figure points: base spec points plus ability points.
    pub fn points(&self) -> u32 {
        self.base_spec_points() + self.ability_points()
    }

    /// Actions for the whole game (Leaders 2, others 3).
    pub fn actions(&self) -> u8 {
        self.class.actions()
    }

    /// Prep tokens it starts with: Leaders 2, plus any its abilities add (L10: 2).
    pub fn starting_prep_tokens(&self) -> u8 {
        let extra: u32 =
            self.abilities.iter().map(|a| u32::from(a.ability.params.start_prep_tokens.unwrap_or(0))).sum();
        u8::try_from(u32::from(self.class.starting_prep_tokens()) + extra).unwrap_or(u8::MAX)
    }

    /// The figure as a file entry.
    pub fn to_file(&self) -> FigureFile {
        self.clone().into()
    }
}

impl From<Figure> for FigureFile {
    fn from(f: Figure) -> FigureFile {
        FigureFile {
            name: f.name,
            description: f.description,
            class: f.class,
            base_mm: f.base_mm,
            hp: i64::from(f.hp),
            movement: i64::from(f.movement),
            force: i64::from(f.force),
            range: i64::from(f.range),
            abilities: f.abilities.into_iter().map(AbilityPick::from).collect(),
        }
    }
}

impl TryFrom<FigureFile> for Figure {
    type Error = SetError;

    /// Checks a lone figure against the rules both editions share, with the
    /// standard catalogue (the base diameter: the widest range, 1–67 mm).
    fn try_from(f: FigureFile) -> Result<Self, Self::Error> {
        let catalogue = Catalogue::standard_ref().map_err(SetError::Catalogue)?;
        let mut out = Vec::new();
        let (figure, _) = check_figure(&f, 0, &figure_label(&f, 0), Edition::V020, catalogue, &mut out);
        figure.ok_or(SetError::Invalid(out))
    }
}

/// A legal figure set for one edition. Serialised, it is its file form (with
/// its edition); deserialised, it is checked again with the standard catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(try_from = "FigureSetFile", into = "FigureSetFile")]
#[ts(as = "FigureSetFile")]
pub struct FigureSet {
    edition: Edition,
    name: String,
    author: Option<String>,
    description: Option<String>,
    figures: Vec<Figure>,
}

impl FigureSet {
    /// Reads a figure-set file (TOML or JSON, by extension or content) and
    /// checks it for `edition`.
    pub fn load(path: &Path, edition: Edition, catalogue: &Catalogue) -> Result<FigureSet, SetError> {
        let text = read_set_file(path)?;
        FigureSet::parse(&text, Format::detect(Some(path), &text), edition, catalogue)
    }

    /// Parses a figure-set text and checks it for `edition`.
    pub fn parse(text: &str, format: Format, edition: Edition, catalogue: &Catalogue) -> Result<FigureSet, SetError> {
        FigureSetFile::parse(text, format)?.validate(edition, catalogue).map_err(SetError::Invalid)
    }

    /// A shipped set by its name (`ember-court`), checked for `edition` with the standard catalogue.
    pub fn shipped(name: &str, edition: Edition) -> Result<FigureSet, SetError> {
        let text = shipped_set(name).ok_or_else(|| SetError::Unreadable {
            path: clip(name, 40),
            reason: "there is no shipped set by that name".into(),
        })?;
        let catalogue = Catalogue::standard_ref().map_err(SetError::Catalogue)?;
        FigureSet::parse(text, Format::Toml, edition, catalogue)
    }

    /// The edition it was checked for.
    pub fn edition(&self) -> Edition {
        self.edition
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

    /// Its figures, in file order.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// The spec points it spends (at most 100).
    pub fn points(&self) -> u32 {
        self.figures.iter().map(Figure::points).sum()
    }

    /// The set as a file.
    pub fn to_file(&self) -> FigureSetFile {
        self.clone().into()
    }

    /// The set as TOML text.
    pub fn to_toml(&self) -> Result<String, String> {
        toml::to_string(&self.to_file()).map_err(|e| e.to_string())
    }

    /// The set as pretty JSON text.
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string_pretty(&self.to_file()).map_err(|e| e.to_string())
    }
}

impl From<FigureSet> for FigureSetFile {
    fn from(s: FigureSet) -> FigureSetFile {
        FigureSetFile {
            name: s.name,
            author: s.author,
            description: s.description,
            edition: Some(s.edition),
            figures: s.figures.into_iter().map(FigureFile::from).collect(),
        }
    }
}

impl TryFrom<FigureSetFile> for FigureSet {
    type Error = SetError;

    /// Checks the file for its own edition (v0.26 when it names none) with
    /// the standard catalogue.
    fn try_from(f: FigureSetFile) -> Result<Self, Self::Error> {
        let catalogue = Catalogue::standard_ref().map_err(SetError::Catalogue)?;
        f.validate(f.edition.unwrap_or_default(), catalogue).map_err(SetError::Invalid)
    }
}

/// Reads a figure-set file, refusing files over 1 MiB.
pub fn read_set_file(path: &Path) -> Result<String, SetError> {
    let unreadable = |reason: String| SetError::Unreadable { path: path.display().to_string(), reason };
    let meta = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(unreadable("a figure-set file is at most 1 MiB".into()));
    }
    std::fs::read_to_string(path).map_err(|e| unreadable(e.to_string()))
}
