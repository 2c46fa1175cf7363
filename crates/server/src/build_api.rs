//! The figure-set builder's API: Ephemeral Path's ability catalogue and
//! construction rules, the shipped figure sets, live checks of a set being
//! built, and its printable spec sheets.
//!
//! | route | does |
//! |---|---|
//! | `GET /api/ephemeral/catalogue[?edition=v0.26]` | the abilities, the classes and the edition's limits |
//! | `GET /api/ephemeral/sets` | the shipped sets, each as an editable figure-set file |
//! | `GET /api/ephemeral/sets/{name}` | one shipped set |
//! | `POST /api/ephemeral/validate` | checks a set: totals per figure, or every violation with its rule and place |
//! | `POST /api/ephemeral/sheet` | the set's spec sheets, a printable HTML page |
//!
//! A set is sent as a figure-set file in its JSON form (`docs/figure-sets.md`)
//! or as the text of a file (TOML or JSON). Checking never fails on what is
//! sent: a body of the right shape always gets `200` with `ok` and the
//! problems, including a set that is not a figure-set file at all. The
//! checks are the ephemeral crate's own (`FigureSetFile::validate`), the ones
//! `arbiter build` and match creation apply. The routes are documented in
//! `docs/api.md`; their types are exported to `crates/server/bindings/`.

use crate::error::ApiError;
use crate::http::JsonBody;
use arbiter_ephemeral::Edition;
use arbiter_ephemeral::catalogue::{Ability, Catalogue, Class};
use arbiter_ephemeral::dice::{AttackDice, MAX_FORCE, expected_damage, hit_chance};
use arbiter_ephemeral::figure::{
    FigureFile, FigureSet, FigureSetFile, Format, MAX_ABILITIES, MAX_NAME_CHARS, MAX_SET_POINTS, MAX_TEXT_CHARS,
    SetError, Violation, shipped_sets,
};
use arbiter_ephemeral::sheet::render_html;
use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// The longest name a player may give an ability, in characters.
const MAX_ABILITY_NAME_CHARS: u32 = 40;

/// `?edition=v0.26`: the edition whose rules apply (v0.26 when absent).
#[derive(Debug, Default, Deserialize)]
pub struct EditionQuery {
    /// `v0.26` or `v0.20`.
    pub edition: Option<String>,
}

/// One edition of the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EditionInfo {
    /// Its label (`v0.26`), as variants and files name it.
    pub id: String,
    /// The game's name in this edition (`Ephemeral Path v0.26`).
    pub title: String,
}

/// The construction limits of one edition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetLimits {
    /// The fewest figures in a set.
    pub min_figures: u32,
    /// The most figures in a set.
    pub max_figures: u32,
    /// The most spec points a set may spend.
    pub max_points: u32,
    /// The most abilities one figure may take.
    pub max_abilities: u32,
    /// The smallest base diameter, mm (1 when the edition sets none).
    pub min_base_mm: u32,
    /// The largest base diameter, mm.
    pub max_base_mm: u32,
    /// The base rule in words (`19–67 mm`, `at most 67 mm`).
    pub base_rule: String,
    /// The longest name of a set or a figure, in characters.
    pub max_name_chars: u32,
    /// The longest description or author, in characters.
    pub max_text_chars: u32,
    /// The longest name a player gives an ability, in characters.
    pub max_ability_name_chars: u32,
}

/// A class's rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ClassInfo {
    /// Its key in files (`disruptor`).
    pub id: String,
    /// Its name (`Disruptor`).
    pub name: String,
    /// The letter its abilities' ids start with (`D`).
    pub prefix: String,
    /// What the class is for, in a few words.
    pub blurb: String,
    /// The fewest base spec points (HP + Movement + Force + Range).
    pub base_spec_min: u32,
    /// The most base spec points.
    pub base_spec_max: u32,
    /// Actions for the whole game.
    pub actions: u32,
    /// Prep tokens it starts with, before abilities.
    pub starting_prep_tokens: u32,
}

/// One ability of the catalogue, as a builder shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AbilityInfo {
    /// Its id (`D4`); players give abilities names of their own.
    pub id: String,
    /// The class that may take it (`disruptor`).
    pub class: String,
    /// Its cost in spec points.
    pub points: u32,
    /// Its type's key (`attack`, `push-pull`, …).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its type as printed (`Attack`, `Push/Pull`).
    pub type_label: String,
    /// The foraged die it needs in the game's notation (`[D6]`, `[(D4)]`,
    /// `[5/6/7]`), `null` for none.
    pub die: Option<String>,
    /// How the die is used, in words (`foraged die at face value`).
    pub die_how: String,
    /// Its keywords as printed (`Rush`, `Resistible +2`).
    pub keywords: Vec<String>,
    /// Its parameters as short phrases (`Targets 2`, `Range +10 cm`).
    pub details: Vec<String>,
    /// What it does, in one line.
    pub text: String,
    /// Extra prep tokens a figure with it starts with (L10: 2).
    pub start_prep_tokens: u32,
}

/// `GET /api/ephemeral/catalogue`: everything a builder needs to know.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EphemeralCatalogue {
    /// The edition the limits are for.
    pub edition: EditionInfo,
    /// Both editions, newest first.
    pub editions: Vec<EditionInfo>,
    /// The edition's construction limits.
    pub limits: SetLimits,
    /// The four classes, in the rulebook's order.
    pub classes: Vec<ClassInfo>,
    /// Every ability, in catalogue order (by class, then number).
    pub abilities: Vec<AbilityInfo>,
}

/// A figure set shipped with Arbiter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ShippedSet {
    /// Its file stem, which names it to match creation and the CLI (`ember-court`).
    pub id: String,
    /// Its name (`Ember Court`).
    pub name: String,
    /// Who made it.
    pub author: Option<String>,
    /// A few words about it.
    pub description: Option<String>,
    /// How many figures it has.
    pub figures: u32,
    /// The spec points it spends.
    pub points: u32,
    /// The editions it is legal in.
    pub legal_in: Vec<String>,
    /// The set as a figure-set file in JSON, ready to edit.
    pub file: Value,
}

/// `POST /api/ephemeral/validate` and `/sheet`: a set and the edition to
/// check it for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CheckSet {
    /// `v0.26` or `v0.20`; absent: the edition the set names, else v0.26.
    #[serde(default)]
    #[ts(optional)]
    pub edition: Option<String>,
    /// The set: a figure-set file as JSON, or the text of one (TOML or JSON).
    pub set: Value,
}

/// One figure's numbers as the checks count them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FigureTotals {
    /// Its place in the set, from 0.
    pub index: u32,
    /// Its name as written.
    pub name: String,
    /// Its class (`leader`).
    pub class: String,
    /// HP + Movement + Force + Range, as written.
    #[ts(type = "number")]
    pub base_spec_points: i64,
    /// The class's smallest base spec points.
    pub base_spec_min: u32,
    /// The class's largest base spec points.
    pub base_spec_max: u32,
    /// The cost of its abilities (catalogue abilities, each once).
    #[ts(type = "number")]
    pub ability_points: u64,
    /// Its figure points: base spec points (0 if negative) plus abilities.
    #[ts(type = "number")]
    pub points: u64,
    /// How far a move takes it, cm (2 per Movement).
    #[ts(type = "number")]
    pub movement_cm: i64,
    /// How far it attacks, cm (5 per Range).
    #[ts(type = "number")]
    pub range_cm: i64,
    /// Actions for the whole game.
    pub actions: u32,
    /// Prep tokens it starts with.
    pub starting_prep_tokens: u32,
    /// Whether no violation concerns it.
    pub ok: bool,
}

/// One broken construction rule, placed for an editor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetProblem {
    /// The stable rule code (`figure.base-spec`, `set.points`; `file.parse`
    /// when the set is not a figure-set file).
    pub rule: String,
    /// What is wrong, without the figure's name.
    pub message: String,
    /// The whole line, as `arbiter build` prints it (`Mira: …`).
    pub text: String,
    /// The figure it concerns, by place from 0; `null` for the set.
    pub index: Option<u32>,
    /// The file key it is in (`hp`, `specs`, `abilities`, `base_mm`, `name`,
    /// `description`, `points`, `figure`, …), when known.
    pub field: Option<String>,
}

/// The answer of `POST /api/ephemeral/validate`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetChecked {
    /// Whether the set is legal for the edition.
    pub ok: bool,
    /// The edition it was checked for.
    pub edition: EditionInfo,
    /// The set's spec points as the checks count them.
    #[ts(type = "number")]
    pub points: u64,
    /// The most it may spend.
    pub max_points: u32,
    /// Each figure's numbers, in file order (empty if the set could not be read).
    pub figures: Vec<FigureTotals>,
    /// Every violation (empty when `ok`).
    pub problems: Vec<SetProblem>,
    /// The set as read, as a figure-set file in JSON (`null` if it could
    /// not be read): a file's text sent as `set` comes back editable.
    pub file: Option<Value>,
}

/// Parses an edition label; `None` is v0.26.
fn edition_of(label: Option<&str>) -> Result<Option<Edition>, ApiError> {
    match label.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s.parse().map(Some).map_err(ApiError::bad_request),
    }
}

fn edition_info(e: Edition) -> EditionInfo {
    EditionInfo { id: e.label().into(), title: e.title().into() }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn catalogue() -> Result<Catalogue, ApiError> {
    Catalogue::standard().map_err(|e| ApiError::internal(format!("the ability catalogue: {e}")))
}

fn limits(e: Edition) -> SetLimits {
    let base_rule = if e.min_base_mm() > 1 {
        format!("{}–{} mm", e.min_base_mm(), e.max_base_mm())
    } else {
        format!("at most {} mm", e.max_base_mm())
    };
    SetLimits {
        min_figures: to_u32(e.min_figures()),
        max_figures: to_u32(e.max_figures()),
        max_points: MAX_SET_POINTS,
        max_abilities: to_u32(MAX_ABILITIES),
        min_base_mm: e.min_base_mm(),
        max_base_mm: e.max_base_mm(),
        base_rule,
        max_name_chars: to_u32(MAX_NAME_CHARS),
        max_text_chars: to_u32(MAX_TEXT_CHARS),
        max_ability_name_chars: MAX_ABILITY_NAME_CHARS,
    }
}

fn class_info(c: Class) -> ClassInfo {
    let range = c.base_spec_range();
    let blurb = match c {
        Class::Disruptor => "Attackers: ranged and area damage.",
        Class::Runner => "Fast movers and melee.",
        Class::Tactician => "Mines, defence and shoving.",
        Class::Leader => "Two actions, two prep tokens, powerful abilities.",
    };
    ClassInfo {
        id: String::from(c),
        name: c.name().into(),
        prefix: c.prefix().to_string(),
        blurb: blurb.into(),
        base_spec_min: *range.start(),
        base_spec_max: *range.end(),
        actions: u32::from(c.actions()),
        starting_prep_tokens: u32::from(c.starting_prep_tokens()),
    }
}

fn ability_info(a: &Ability) -> AbilityInfo {
    AbilityInfo {
        id: a.id.clone(),
        class: String::from(a.class),
        points: u32::from(a.points),
        kind: a.kind.key().into(),
        type_label: a.kind.label().into(),
        die: a.die.needs_die().then(|| a.die.to_string()),
        die_how: a.die.how().into(),
        keywords: a.keywords.iter().map(|k| k.label()).collect(),
        details: a.details(),
        text: a.text.clone(),
        start_prep_tokens: u32::from(a.params.start_prep_tokens.unwrap_or(0)),
    }
}

/// `?force=F&dice=a,b,c,d,e`: an attack's Force and dice (counts of d4, d6,
/// d8, d10, d12).
#[derive(Clone, Debug, Deserialize)]
pub struct AttackQuery {
    /// The attacker's Force.
    pub force: Option<u8>,
    /// Counts of d4, d6, d8, d10 and d12, comma-separated.
    pub dice: Option<String>,
}

/// One set of attack dice with the damage it is expected to deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DiceChoice {
    /// Counts of d4, d6, d8, d10 and d12.
    pub dice: Vec<u8>,
    /// The damage expected: the sum when it is at most the Force, else nothing.
    pub damage: f64,
}

/// `GET /api/ephemeral/attack`: the odds of an attack, and the best dice for
/// its Force — the rules' arithmetic (`arbiter_ephemeral::dice`), so the
/// table never copies it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AttackOdds {
    /// The Force asked about.
    pub force: u8,
    /// The chance that the dice asked about hit (their sum is at most the Force).
    pub hit: f64,
    /// The damage they are expected to deal.
    pub damage: f64,
    /// The best sets of dice for this Force, best first (as the AI ranks them).
    pub best: Vec<DiceChoice>,
}

/// The best attack dice for every Force, tabulated once.
fn attack_dice() -> &'static AttackDice {
    static TABLE: std::sync::OnceLock<AttackDice> = std::sync::OnceLock::new();
    TABLE.get_or_init(AttackDice::new)
}

/// `GET /api/ephemeral/attack?force=F&dice=a,b,c,d,e`.
pub async fn get_attack(q: Result<Query<AttackQuery>, QueryRejection>) -> Result<Response, ApiError> {
    let q = q.map(|Query(q)| q).map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))?;
    let force = q.force.unwrap_or(0).min(MAX_FORCE as u8);
    let mut counts = [0u8; 5];
    if let Some(text) = q.dice.as_deref().filter(|t| !t.trim().is_empty()) {
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() != 5 {
            return Err(ApiError::invalid("dice are five counts: d4, d6, d8, d10, d12"));
        }
        for (slot, part) in counts.iter_mut().zip(parts) {
            *slot = part.trim().parse::<u8>().ok().filter(|&n| n <= 12).ok_or_else(|| {
                ApiError::invalid(format!(
                    "'{}' is not a count of dice (0 to 12)",
                    part.chars().take(10).collect::<String>()
                ))
            })?;
        }
        if counts.iter().map(|&n| u32::from(n)).sum::<u32>() > 12 {
            return Err(ApiError::invalid("at most 12 dice"));
        }
    }
    let any = counts.iter().any(|&n| n > 0);
    Ok(Json(AttackOdds {
        force,
        hit: if any { hit_chance(&counts, force) } else { 0.0 },
        damage: if any { expected_damage(&counts, force) } else { 0.0 },
        best: attack_dice().best(force).iter().map(|(c, d)| DiceChoice { dice: c.to_vec(), damage: *d }).collect(),
    })
    .into_response())
}

/// `GET /api/ephemeral/catalogue[?edition=…]`.
pub async fn get_catalogue(q: Result<Query<EditionQuery>, QueryRejection>) -> Result<Response, ApiError> {
    let q = q.map(|Query(q)| q).map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))?;
    let edition = edition_of(q.edition.as_deref())?.unwrap_or_default();
    let catalogue = catalogue()?;
    Ok(Json(EphemeralCatalogue {
        edition: edition_info(edition),
        editions: Edition::ALL.into_iter().map(edition_info).collect(),
        limits: limits(edition),
        classes: Class::ALL.into_iter().map(class_info).collect(),
        abilities: catalogue.abilities().iter().map(ability_info).collect(),
    })
    .into_response())
}

fn shipped(id: &str, text: &str, catalogue: &Catalogue) -> Result<ShippedSet, ApiError> {
    let broken = |e: String| ApiError::internal(format!("the shipped set {id}: {e}"));
    let file = FigureSetFile::parse(text, Format::Toml).map_err(|e| broken(e.to_string()))?;
    let legal_in: Vec<String> = Edition::ALL
        .into_iter()
        .filter(|&e| file.validate(e, catalogue).is_ok())
        .map(|e| e.label().to_string())
        .collect();
    let points: u64 = file.figures.iter().map(|f| f.points(catalogue)).sum();
    Ok(ShippedSet {
        id: id.into(),
        name: file.name.clone(),
        author: file.author.clone(),
        description: file.description.clone(),
        figures: to_u32(file.figures.len()),
        points: u32::try_from(points).unwrap_or(u32::MAX),
        legal_in,
        file: serde_json::to_value(&file).map_err(|e| broken(e.to_string()))?,
    })
}

/// `GET /api/ephemeral/sets`.
pub async fn get_sets() -> Result<Response, ApiError> {
    let catalogue = catalogue()?;
    let sets: Result<Vec<ShippedSet>, ApiError> =
        shipped_sets().into_iter().map(|(id, text)| shipped(id, text, &catalogue)).collect();
    Ok(Json(sets?).into_response())
}

/// `GET /api/ephemeral/sets/{name}`.
pub async fn get_set(name: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(name) = name.map_err(|e| ApiError::bad_request(format!("bad path: {}", e.body_text())))?;
    let catalogue = catalogue()?;
    let found = shipped_sets().into_iter().find(|(id, _)| id.eq_ignore_ascii_case(name.trim()));
    match found {
        Some((id, text)) => Ok(Json(shipped(id, text, &catalogue)?).into_response()),
        None => {
            let names: Vec<&str> = shipped_sets().into_iter().map(|(id, _)| id).collect();
            Err(ApiError::not_found(format!(
                "there is no shipped set '{}'; the shipped sets are {}",
                name.chars().take(40).collect::<String>(),
                names.join(", ")
            )))
        }
    }
}

/// Reads the set of a request: a JSON object is a figure-set file, a string
/// the text of one (TOML, or JSON when it starts with `{`).
fn read_set(set: &Value) -> Result<FigureSetFile, String> {
    match set {
        Value::String(text) => FigureSetFile::parse(text, Format::detect(None, text)).map_err(|e| match e {
            SetError::Parse { line: Some(l), message } => format!("line {l}: {message}"),
            other => other.to_string(),
        }),
        Value::Object(_) => serde_json::from_value(set.clone()).map_err(|e| e.to_string()),
        _ => Err("the set must be a figure-set file: a JSON object, or the text of a TOML or JSON file".into()),
    }
}

fn problem(v: &Violation) -> SetProblem {
    SetProblem {
        rule: v.rule.code().into(),
        message: v.message.clone(),
        text: v.to_string(),
        index: v.index.map(to_u32),
        field: v.field.clone(),
    }
}

fn totals(i: usize, f: &FigureFile, catalogue: &Catalogue, problems: &[SetProblem]) -> FigureTotals {
    let class = f.class;
    let range = class.base_spec_range();
    let extra: u32 = f
        .abilities
        .iter()
        .filter_map(|p| catalogue.get(&p.id))
        .map(|a| u32::from(a.params.start_prep_tokens.unwrap_or(0)))
        .sum();
    let clamp = |x: i128| i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX });
    FigureTotals {
        index: to_u32(i),
        name: f.name.clone(),
        class: String::from(class),
        base_spec_points: clamp(f.base_spec_points()),
        base_spec_min: *range.start(),
        base_spec_max: *range.end(),
        ability_points: f.ability_points(catalogue),
        points: f.points(catalogue),
        movement_cm: f.movement.saturating_mul(2),
        range_cm: f.range.saturating_mul(5),
        actions: u32::from(class.actions()),
        starting_prep_tokens: u32::from(class.starting_prep_tokens()).saturating_add(extra),
        ok: !problems.iter().any(|p| p.index == Some(to_u32(i))),
    }
}

/// Checks a request's set: the set as read (if it could be), the edition,
/// and the checked set or its problems.
struct Checked {
    edition: Edition,
    file: Option<FigureSetFile>,
    result: Result<FigureSet, Vec<SetProblem>>,
}

fn check(req: &CheckSet, catalogue: &Catalogue) -> Result<Checked, ApiError> {
    let asked = edition_of(req.edition.as_deref())?;
    let file = match read_set(&req.set) {
        Ok(file) => file,
        Err(message) => {
            let p = SetProblem {
                rule: "file.parse".into(),
                text: format!("not a figure-set file: {message}"),
                message,
                index: None,
                field: None,
            };
            return Ok(Checked { edition: asked.unwrap_or_default(), file: None, result: Err(vec![p]) });
        }
    };
    let edition = asked.or(file.edition).unwrap_or_default();
    let result = file.validate(edition, catalogue).map_err(|v| v.iter().map(problem).collect());
    Ok(Checked { edition, file: Some(file), result })
}

/// `POST /api/ephemeral/validate`.
pub async fn post_validate(JsonBody(req): JsonBody<CheckSet>) -> Result<Response, ApiError> {
    let catalogue = catalogue()?;
    let Checked { edition, file, result } = check(&req, &catalogue)?;
    let problems = result.err().unwrap_or_default();
    let figures: Vec<FigureTotals> = file
        .as_ref()
        .map(|f| f.figures.iter().enumerate().map(|(i, fig)| totals(i, fig, &catalogue, &problems)).collect())
        .unwrap_or_default();
    let points = figures.iter().fold(0u64, |sum, f| sum.saturating_add(f.points));
    let file = file.and_then(|f| serde_json::to_value(f).ok());
    Ok(Json(SetChecked {
        ok: problems.is_empty(),
        edition: edition_info(edition),
        points,
        max_points: MAX_SET_POINTS,
        figures,
        problems,
        file,
    })
    .into_response())
}

/// `POST /api/ephemeral/sheet`: the spec sheets as HTML, or `422 invalid`
/// naming every violation.
pub async fn post_sheet(JsonBody(req): JsonBody<CheckSet>) -> Result<Response, ApiError> {
    let catalogue = catalogue()?;
    let Checked { edition, result, .. } = check(&req, &catalogue)?;
    match result {
        Ok(set) => Ok((
            [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
            render_html(&set, &catalogue),
        )
            .into_response()),
        Err(problems) => {
            let lines: Vec<String> = problems.iter().map(|p| p.text.clone()).collect();
            Err(ApiError::invalid(format!(
                "the set is not legal in {} ({} problem{}): {}",
                edition.title(),
                lines.len(),
                if lines.len() == 1 { "" } else { "s" },
                lines.join("; ")
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use serde_json::json;

    #[test]
    fn every_shipped_set_reads_and_is_legal_in_both_editions() {
        let c = catalogue().unwrap();
        for (id, text) in shipped_sets() {
            let s = shipped(id, text, &c).unwrap();
            assert_eq!((s.points, s.legal_in.len()), (100, 2), "{id}");
            let back: FigureSetFile = serde_json::from_value(s.file).unwrap();
            assert!(back.validate(Edition::V026, &c).is_ok());
        }
    }

    #[test]
    fn a_set_that_is_not_a_file_is_one_parse_problem() {
        let c = catalogue().unwrap();
        for set in [json!(7), json!([1]), json!({ "figure": 3 }), json!("name = "), json!({ "zoom": true })] {
            let req = CheckSet { edition: None, set };
            let checked = check(&req, &c).unwrap();
            let problems = checked.result.unwrap_err();
            assert_eq!(problems.len(), 1);
            assert_eq!(problems[0].rule, "file.parse");
        }
        let bad = CheckSet { edition: Some("v9".into()), set: json!({}) };
        assert!(check(&bad, &c).is_err());
    }
}
