//! The figure-set builder end to end: the ability catalogue (against the
//! reference facts), its load-time checks and their lines, every violation
//! the builder reports, the rulebook's Mira, the shipped sets, both file
//! formats, serde round trips, spec sheets, and arbitrary input.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_ephemeral::Edition;
use arbiter_ephemeral::catalogue::{AbilityType, Catalogue, Class, DieUse, Keyword, MineMode, PushSubject, Reach};
use arbiter_ephemeral::figure::{
    AbilityPick, Figure, FigureFile, FigureSet, FigureSetFile, Format, Rule, SetError, Violation, shipped_set,
    shipped_sets,
};
use arbiter_ephemeral::sheet::render_html;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn cat() -> Catalogue {
    Catalogue::standard().unwrap()
}

// ------------------------------------------------------------------ catalogue

#[test]
fn the_standard_catalogue_has_all_48_abilities() {
    let c = cat();
    assert_eq!(c.len(), 48);
    let count = |k: Class| c.for_class(k).count();
    assert_eq!(
        (count(Class::Disruptor), count(Class::Tactician), count(Class::Leader), count(Class::Runner)),
        (12, 13, 12, 11)
    );
    for a in c.abilities() {
        assert!(a.id.starts_with(a.class.prefix()), "{}", a.id);
        assert!(!a.text.is_empty());
    }
    assert_eq!(c.get("d4").map(|a| a.points), Some(4));
    assert!(c.get("D13").is_none());
    // A few parameters a rules engine relies on.
    let d4 = c.get("D4").unwrap();
    assert_eq!(
        (d4.kind, &d4.die, d4.params.range, d4.targets()),
        (AbilityType::Attack, &DieUse::Face(6), Some(Reach::Modified(10)), 1)
    );
    assert_eq!(d4.params.damage.unwrap().amount(6, 5), 11);
    let d2 = c.get("D2").unwrap();
    assert_eq!(d2.params.spray.map(|s| (s.damage, s.range_cm)), Some((2, 5)));
    assert_eq!(c.get("D11").unwrap().resistible(), Some(2));
    assert_eq!(c.get("T12").unwrap().resistible(), Some(0));
    assert_eq!(c.get("T12").unwrap().die, DieUse::Values(vec![5, 6, 7]));
    assert_eq!(
        c.get("T4").unwrap().params.mine.map(|m| (m.mode, m.deploy)),
        Some((MineMode::Passive, Reach::BaseContact))
    );
    assert_eq!(c.get("T1").unwrap().params.mine.map(|m| m.deploy), Some(Reach::Within(5)));
    assert_eq!(c.get("L3").unwrap().params.push_pull.map(|p| p.subject), Some(PushSubject::Gate));
    assert_eq!(c.get("L1").unwrap().die, DieUse::AnyForaged);
    assert_eq!(c.get("L10").unwrap().params.start_prep_tokens, Some(2));
    assert!(c.get("L12").unwrap().params.ignores_defence);
    assert_eq!(c.get("D12").unwrap().params.damage.unwrap().to_string(), "die + 2");
    assert_eq!(c.get("D10").unwrap().params.damage.unwrap().amount(9, 9), 0);
    assert_eq!(c.get("R7").unwrap().reach(), Reach::BaseContact);
    assert_eq!(c.get("T2").unwrap().die.to_string(), "[D4] or [(D4)]");
    assert_eq!(c.get("R3").unwrap().die.to_string(), "Remove[D6]");
    assert_eq!(c.get("D5").unwrap().die.to_string(), "[(D6)]");
}

/// The reference facts, read by tests only (the product never reads /work/shared).
fn reference() -> Option<String> {
    // Beside this checkout, else where this machine keeps it.
    let rel = "reference/ephemeral-path/abilities.md";
    let places = [Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"), Path::new("/work/shared").into()];
    match places.iter().map(|d| d.join(rel)).find(|p| p.is_file()) {
        Some(p) => std::fs::read_to_string(p).ok(),
        None => {
            eprintln!("skipped: the shared reference file {rel} is not available");
            None
        }
    }
}

/// Removes the notes about the older wave ("(wave 0.32: Resistible)").
fn without_wave_notes(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("(wave") {
        out.push_str(&rest[..i]);
        match rest[i..].find(')') {
            Some(j) => rest = &rest[i + j + 1..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_catalogue_agrees_with_the_reference_tables() {
    let Some(md) = reference() else { return };
    let c = cat();
    let mut class = None;
    let mut seen = 0;
    for line in md.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            class = h.trim().parse::<Class>().ok();
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6 || class.is_none() || cells[1] == "ID" || cells[1].starts_with("---") {
            continue;
        }
        let (id, pts, kind, die, effect) = (cells[1], cells[2], cells[3], cells[4], cells[5]);
        let a = c.get(id).unwrap_or_else(|| panic!("{id} missing from the catalogue"));
        seen += 1;
        assert_eq!(Some(a.class), class, "{id} class");
        assert_eq!(a.points.to_string(), pts, "{id} points");
        let base_kind = kind.split([',', '(']).next().unwrap().trim();
        assert_eq!(a.kind, base_kind.parse::<AbilityType>().unwrap(), "{id} type");
        if kind.contains("Active") {
            assert_eq!(a.params.mine.map(|m| m.mode), Some(MineMode::Active), "{id}");
        }
        if kind.contains("Passive") {
            assert_eq!(a.params.mine.map(|m| m.mode), Some(MineMode::Passive), "{id}");
        }
        if kind.contains("counter") {
            assert!(a.has(Keyword::Counter), "{id} counter");
        }
        let want_die = if die == "—" { "none".to_string() } else { die.to_string() };
        assert_eq!(a.die.to_string(), want_die, "{id} die");
        let effect = without_wave_notes(effect);
        let words: Vec<&str> = effect.split(|ch: char| !ch.is_alphanumeric()).collect();
        let has_word = |w: &str| words.contains(&w);
        assert_eq!(a.has(Keyword::Limit1), effect.contains("Limit 1"), "{id} limit 1");
        assert_eq!(a.has(Keyword::ChainRush), effect.contains("Chain Rush"), "{id} chain rush");
        assert_eq!(a.has(Keyword::Rush), effect.replace("Chain Rush", "").contains("Rush"), "{id} rush");
        assert_eq!(a.has(Keyword::Recurring), has_word("Recurring"), "{id} recurring");
        assert_eq!(a.has(Keyword::Immobile), has_word("Immobile"), "{id} immobile");
        assert_eq!(a.has(Keyword::Immobilize), has_word("Immobilize"), "{id} immobilize");
        assert_eq!(a.has(Keyword::Sneak), has_word("Sneak"), "{id} sneak");
        assert_eq!(a.has(Keyword::All), has_word("All"), "{id} all");
        assert_eq!(a.resistible().is_some(), effect.contains("Resistible"), "{id} resistible");
        if let Some(m) = effect.split("Resistible ").nth(1) {
            assert_eq!(a.resistible().map(|r| format!("{r:+}")), Some(m[..2].to_string()), "{id}");
        }
        // "2 targets", "1 target": the number before the word.
        let ws: Vec<&str> = effect.split_whitespace().collect();
        for pair in ws.windows(2) {
            if pair[1].starts_with("target") {
                if let Ok(n) = pair[0].parse::<u8>() {
                    assert_eq!(a.targets(), n, "{id} targets");
                }
            }
        }
        for (marker, sign) in [("range +", 1i16), ("range −", -1)] {
            if let Some(rest) = effect.split(marker).nth(1) {
                let n: i16 = rest.split_whitespace().next().unwrap().parse().unwrap();
                assert_eq!(a.params.range, Some(Reach::Modified(sign * n)), "{id} range");
            }
        }
        if effect.contains("range 5 cm") {
            assert_eq!(a.params.range, Some(Reach::Within(5)), "{id} range");
        }
        if effect.contains("within 10 cm") {
            assert_eq!(a.params.range, Some(Reach::Within(10)), "{id} range");
        }
        if effect.contains("within range") {
            assert_eq!(a.params.range, Some(Reach::FigureRange), "{id} range");
        }
    }
    assert_eq!(seen, 48, "the reference lists 48 abilities");
}

#[test]
fn die_requirements_say_which_foraged_dice_they_accept() {
    let c = cat();
    let die = |id: &str| c.get(id).unwrap().die.clone();
    assert!(die("D1").accepts(4, 3));
    assert!(!die("D1").accepts(6, 3));
    assert!(die("T2").accepts(4, 1) && !die("T2").accepts(8, 1));
    assert!(die("R3").accepts(6, 6));
    let t12 = die("T12");
    assert!(t12.accepts(6, 5) && t12.accepts(8, 7) && t12.accepts(12, 6) && t12.accepts(10, 6));
    assert!(!t12.accepts(4, 4) && !t12.accepts(6, 4) && !t12.accepts(12, 8));
    let l9 = die("L9");
    assert!(l9.accepts(8, 8) && l9.accepts(6, 5) && !l9.accepts(6, 6));
    assert!(die("L1").accepts(4, 1) && die("L1").accepts(12, 12));
    assert!(!die("D6").accepts(6, 3), "no die: accepts nothing");
    // Dice that do not exist are never accepted.
    assert!(!die("L1").accepts(7, 1) && !die("L1").accepts(6, 0) && !die("L1").accepts(6, 7));
    assert!(!t12.accepts(4, 5), "a D4 cannot show 5");
}

fn catalogue_error(text: &str) -> (Option<usize>, String) {
    let e = Catalogue::from_toml(text).unwrap_err();
    (e.line, e.message)
}

const ONE: &str = r#"[[ability]]
id = "D1"
class = "disruptor"
points = 6
type = "attack"
die = "[D4]"
keywords = ["rush"]
text = "Hits."
"#;

#[test]
fn catalogue_errors_name_the_line_and_the_reason() {
    assert_eq!(Catalogue::from_toml(ONE).unwrap().len(), 1);
    let cases: &[(&str, &str, usize, &str)] = &[
        ("id = \"D1\"", "id = \"T1\"", 2, "is a Tactician id"),
        ("id = \"D1\"", "id = \"Q1\"", 2, "is not an ability id"),
        ("points = 6", "points = 21", 4, "within 0..=20"),
        ("points = 6", "points = -1", 4, "within 0..=20"),
        ("keywords = [\"rush\"]", "keywords = [\"rush\", \"zoom\"]", 7, "unknown keyword 'zoom'"),
        ("keywords = [\"rush\"]", "keywords = [\"rush\", \"rush\"]", 7, "listed twice"),
        ("die = \"[D4]\"", "die = \"[D7]\"", 6, "D7 is not one of the game's dice"),
        ("die = \"[D4]\"", "die = \"[]\"", 6, "is empty"),
        ("die = \"[D4]\"", "die = \"D4\"", 6, "is not a die requirement"),
        ("die = \"[D4]\"", "die = \"[5/5]\"", 6, "listed twice"),
        ("die = \"[D4]\"", "die = \"[0/5]\"", 6, "not on any die"),
        ("die = \"[D4]\"", "die = \"[5/13]\"", 6, "not on any die"),
        ("die = \"[D4]\"", "die = \"[D4] or [(D4)]\"", 6, "only defend abilities"),
        ("class = \"disruptor\"", "class = \"wizard\"", 3, "unknown class 'wizard'"),
        ("type = \"attack\"", "type = \"spell\"", 5, "unknown ability type"),
        ("text = \"Hits.\"", "text = \"  \"", 8, "the text is empty"),
        ("text = \"Hits.\"", "text = \"Hits.\"\ncolour = \"red\"", 9, "unknown field"),
        ("points = 6", "points = \"six\"", 4, "invalid type"),
    ];
    for (from, to, line, reason) in cases {
        let text = ONE.replace(from, to);
        let (l, m) = catalogue_error(&text);
        assert_eq!(l, Some(*line), "{to}: {m}");
        assert!(m.contains(reason), "{to}: {m}");
    }
    // A duplicate id: the second table's id line.
    let twice = format!("{ONE}\n{ONE}");
    let (l, m) = catalogue_error(&twice);
    assert_eq!(l, Some(11), "{m}");
    assert!(m.contains("the id D1 is used twice"), "{m}");
    // Broken TOML.
    let (l, _) = catalogue_error("[[ability]]\nid = \"D1\nclass = 3\n");
    assert_eq!(l, Some(2));
    assert!(Catalogue::from_toml("").is_err());
    let e = Catalogue::from_toml(&ONE.replace("points = 6", "points = 99")).unwrap_err();
    assert!(e.to_string().starts_with("line 4: "), "{e}");
}

#[test]
fn a_catalogue_error_in_the_standard_file_names_its_line() {
    // Break the standard file at D4's cost and find the line again.
    let text = Catalogue::standard_text();
    let at = text.find("id = \"D4\"").unwrap();
    let points_at = at + text[at..].find("points = 4").unwrap();
    let line = text[..points_at].matches('\n').count() + 1;
    let broken = format!("{}points = 40{}", &text[..points_at], &text[points_at + "points = 4".len()..]);
    let e = Catalogue::from_toml(&broken).unwrap_err();
    assert_eq!(e.line, Some(line), "{e}");
}

// ---------------------------------------------------------------- figure sets

/// The rulebook's example figure. Ephemeral Path v0.26, "Figure Spec Sheet
/// Example": the sheet lists "Figure Points | 31 | Mira", class Disruptor,
/// "Hit Points | 6", "Movement | 8", "Force | 6", "Range | 4", "Ability 1 |
/// Long Bow" and "Ability 2 | Flaming Arrow"; and "Mira has a movement spec
/// of 8 and can thus move 16 cm". The reference gives Long Bow as D4 and
/// Flaming Arrow as D2.
const MIRA: &str = r#"
name = "Mira and a friend"

[[figure]]
name = "Mira"
description = "Female elf with a bow"
class = "disruptor"
base_mm = 25
hp = 6
movement = 8
force = 6
range = 4
abilities = [{ id = "D4", name = "Long Bow" }, { id = "D2", name = "Flaming Arrow" }]

[[figure]]
name = "Tam"
class = "runner"
base_mm = 25.5
hp = 3
movement = 5
force = 1
range = 1
abilities = ["R1"]
"#;

#[test]
fn mira_validates_at_31_points() {
    let set = FigureSet::parse(MIRA, Format::Toml, Edition::V026, &cat()).unwrap();
    let mira = &set.figures()[0];
    assert_eq!(mira.class(), Class::Disruptor);
    assert_eq!(mira.base_spec_points(), 24);
    assert_eq!(mira.points(), 31);
    assert_eq!((mira.movement_cm(), mira.range_cm()), (16, 20));
    assert_eq!((mira.actions(), mira.starting_prep_tokens()), (3, 0));
    assert_eq!(mira.abilities()[0].label(), "Long Bow (D4)");
    assert_eq!(mira.abilities()[1].name(), Some("Flaming Arrow"));
    assert!(mira.can_forage(6, 2) && mira.can_forage(4, 4) && !mira.can_forage(8, 2));
    assert_eq!(set.points(), 31 + 12);
    assert_eq!(set.figures()[1].base_mm(), 25.5);
    // Mira alone, as a figure.
    let file: FigureSetFile = FigureSetFile::parse(MIRA, Format::Toml).unwrap();
    let alone = Figure::try_from(file.figures[0].clone()).unwrap();
    assert_eq!(alone.points(), 31);
}

fn base_file() -> FigureSetFile {
    FigureSetFile::parse(MIRA, Format::Toml).unwrap()
}

fn violations(file: &FigureSetFile, edition: Edition) -> Vec<Violation> {
    file.validate(edition, &cat()).unwrap_err()
}

fn at_set(v: &[Violation], rule: Rule) -> Option<(Option<usize>, Option<&str>)> {
    v.iter().find(|x| x.rule == rule).map(|x| (x.index, x.field.as_deref()))
}

fn has(v: &[Violation], rule: Rule, text: &str) -> bool {
    v.iter().any(|x| x.rule == rule && x.to_string() == text)
}

#[test]
fn every_violation_is_reported_with_its_message() {
    let mut f = base_file();
    // Mira becomes an overbuilt Leader with the wrong abilities.
    f.figures[0].class = Class::Leader;
    f.figures[0].hp = 20;
    f.figures[0].force = 5; // 20 + 8 + 5 + 4 = 37
    f.figures[0].base_mm = 70.0;
    f.figures[0].abilities =
        vec![AbilityPick::id("T3"), AbilityPick::id("L4"), AbilityPick::id("l4"), AbilityPick::id("X9")];
    // Tam: too few base spec points, no HP, negative movement, no name.
    f.figures[1].name = " ".into();
    f.figures[1].hp = 0;
    f.figures[1].movement = -1;
    f.figures[1].force = 1;
    f.figures[1].range = 1;
    // Three more figures named Mira: 5 figures, too many points.
    for _ in 0..3 {
        f.figures.push(f.figures[0].clone());
    }
    f.name = String::new();
    let v = violations(&f, Edition::V026);
    let expect = [
        (Rule::SetName, "the set has no name"),
        (Rule::FigureCount, "the set has 5 figures; v0.26 allows 2–4"),
        (Rule::BaseSpec, "Mira: Leader base spec points 37 exceed 35"),
        (Rule::BaseDiameter, "Mira: the base diameter (70 mm) must be 19–67 mm in v0.26"),
        (Rule::AbilityCount, "Mira: 4 abilities; at most 3"),
        (Rule::AbilityClass, "Mira: ability T3 is a Tactician ability; a Leader may only take Leader abilities"),
        (Rule::DuplicateAbility, "Mira: ability L4 is listed twice"),
        (Rule::UnknownAbility, "Mira: there is no ability 'X9' in the catalogue"),
        (Rule::FigureName, "figure 2: the figure has no name"),
        (Rule::HitPoints, "figure 2: HP must be at least 1 (it is 0)"),
        (Rule::NegativeSpec, "figure 2: Movement -1 is negative"),
        (Rule::BaseSpec, "figure 2: Runner base spec points 1 are below 10"),
        (Rule::DuplicateName, "Mira: another figure in the set has the same name"),
    ];
    for (rule, text) in expect {
        assert!(has(&v, rule, text), "missing {text:?} in\n{}", SetError::Invalid(v.clone()));
    }
    let points = v.iter().find(|x| x.rule == Rule::SetPoints).unwrap();
    assert!(points.message.starts_with("the set uses ") && points.message.ends_with("spec points; at most 100"));
    // Names and texts have a length limit.
    let mut f = base_file();
    f.figures[0].name = "M".repeat(61);
    f.figures[1].abilities = vec![AbilityPick::named("R1", &"x".repeat(41))];
    f.description = Some("d".repeat(501));
    let v = violations(&f, Edition::V026);
    assert!(has(&v, Rule::TooLong, "the description has 501 characters; at most 500"), "{v:?}");
    assert!(v.iter().any(|x| x.rule == Rule::TooLong && x.message == "the name has 61 characters; at most 60"));
    assert!(has(&v, Rule::TooLong, "Tam: the name of ability R1 has 41 characters; at most 40"), "{v:?}");
    // Each violation says where it is: the figure's place and the key.
    let mut f = base_file();
    f.figures[1].name = "Mira".into();
    f.figures[1].hp = 0;
    f.figures[1].abilities = vec![AbilityPick::id("D1")];
    f.figures[0].base_mm = 80.0;
    let v = violations(&f, Edition::V026);
    let at = |rule: Rule| v.iter().find(|x| x.rule == rule).map(|x| (x.index, x.field.as_deref()));
    assert_eq!(at(Rule::DuplicateName), Some((Some(1), Some("name"))));
    assert_eq!(at(Rule::HitPoints), Some((Some(1), Some("hp"))));
    assert_eq!(at(Rule::AbilityClass), Some((Some(1), Some("abilities"))));
    assert_eq!(at(Rule::BaseDiameter), Some((Some(0), Some("base_mm"))));
    assert_eq!(f.figures[0].points(&cat()), 31);
    assert_eq!(f.figures[1].points(&cat()), 7 + 6, "HP 0 + 5 + 1 + 1, and D1 (6 points, of the wrong class)");
    let mut f = base_file();
    f.figures[0].hp = 90;
    let v = violations(&f, Edition::V026);
    assert_eq!(at_set(&v, Rule::SetPoints), Some((None, Some("points"))));
    assert_eq!(at_set(&v, Rule::BaseSpec), Some((Some(0), Some("specs"))));
    // Codes are stable strings.
    assert_eq!(Rule::BaseSpec.code(), "figure.base-spec");
    assert_eq!(Rule::FigureCount.code(), "set.figure-count");
}

#[test]
fn class_ranges_and_limits_are_exact() {
    let c = cat();
    for class in Class::ALL {
        let r = class.base_spec_range();
        for (base, ok) in [(*r.start() - 1, false), (*r.start(), true), (*r.end(), true), (*r.end() + 1, false)] {
            let mut f = base_file();
            f.figures[0].class = class;
            f.figures[0].abilities.clear();
            f.figures[0].hp = i64::from(base) - 3;
            (f.figures[0].movement, f.figures[0].force, f.figures[0].range) = (1, 1, 1);
            let got = f.validate(Edition::V026, &c);
            assert_eq!(got.is_ok(), ok, "{class} {base}: {got:?}");
        }
    }
    // 100 points is allowed, 101 is not.
    let mut f = base_file();
    f.figures[0].abilities = vec![AbilityPick::id("D12"), AbilityPick::id("D11"), AbilityPick::id("D10")];
    f.figures[0].hp = 7; // 25 + 20 = 45
    f.figures.push(f.figures[0].clone());
    f.figures[2].name = "Twin".into();
    f.figures[1].hp = 3; // Tam: 10 + 2 = 12 → 45 + 12 + 45 = 102
    let v = violations(&f, Edition::V026);
    assert!(has(&v, Rule::SetPoints, "the set uses 102 spec points; at most 100"), "{v:?}");
    f.figures[1].abilities.clear(); // 100
    assert_eq!(f.validate(Edition::V026, &c).unwrap().points(), 100);
    // Base diameters: 19 mm is the v0.26 minimum; v0.20 has none.
    let mut f = base_file();
    f.figures[0].base_mm = 18.5;
    assert!(has(
        &violations(&f, Edition::V026),
        Rule::BaseDiameter,
        "Mira: the base diameter (18.5 mm) must be 19–67 mm in v0.26"
    ));
    assert!(f.validate(Edition::V020, &c).is_ok());
    f.figures[0].base_mm = 67.0;
    assert!(f.validate(Edition::V026, &c).is_ok());
    f.figures[0].base_mm = f64::NAN;
    assert!(has(
        &violations(&f, Edition::V020),
        Rule::BaseDiameter,
        "Mira: the base diameter (not a number) must be at most 67 mm in v0.20"
    ));
    // Figure counts per edition.
    let mut f = base_file();
    f.figures.truncate(1);
    assert!(has(&violations(&f, Edition::V020), Rule::FigureCount, "the set has 1 figure; v0.20 allows 2–6"));
    let mut f = base_file();
    for i in 0..3 {
        let mut extra = f.figures[1].clone();
        extra.name = format!("Extra {i}");
        f.figures.push(extra);
    }
    assert!(has(&violations(&f, Edition::V026), Rule::FigureCount, "the set has 5 figures; v0.26 allows 2–4"));
    assert!(f.validate(Edition::V020, &c).is_ok());
}

#[test]
fn derived_values_follow_the_class_and_abilities() {
    let set = FigureSet::shipped("lantern-pact", Edition::V026).unwrap();
    let ossa = &set.figures()[0];
    assert_eq!(ossa.class(), Class::Leader);
    assert_eq!(ossa.actions(), 2);
    assert!(ossa.has_ability("L10"));
    assert_eq!(ossa.starting_prep_tokens(), 4, "Leader 2 + L10's 2");
    assert!(ossa.can_forage(4, 1), "L1 takes any foraged die");
    let court = FigureSet::shipped("ember-court", Edition::V026).unwrap();
    let calder = &court.figures()[0];
    assert_eq!((calder.actions(), calder.starting_prep_tokens()), (2, 2));
}

#[test]
fn shipped_sets_are_legal_100_point_sets_in_both_editions() {
    let c = cat();
    let sets = shipped_sets();
    assert!(sets.len() >= 4);
    let mut classes = std::collections::BTreeSet::new();
    let mut dice = std::collections::BTreeSet::new();
    for (stem, text) in &sets {
        for edition in Edition::ALL {
            let set = FigureSet::parse(text, Format::Toml, edition, &c).unwrap_or_else(|e| panic!("{stem}: {e}"));
            assert_eq!(set.points(), 100, "{stem} {edition}");
            assert!((2..=4).contains(&set.figures().len()), "{stem}");
            let mut set_classes = std::collections::BTreeSet::new();
            for f in set.figures() {
                assert!((25.0..=60.0).contains(&f.base_mm()), "{stem}: {}", f.name());
                assert_ne!(f.name(), "Mira");
                set_classes.insert(f.class());
                classes.insert(f.class());
                for a in f.abilities() {
                    if let Some(s) = a.ability().die.sides() {
                        dice.insert(s);
                    }
                }
            }
            assert!(set_classes.len() >= 2, "{stem} mixes classes");
        }
        assert_eq!(shipped_set(stem), Some(*text));
        // The file in the repository is the embedded text.
        let on_disk =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("sets").join(format!("{stem}.toml")))
                .unwrap();
        assert_eq!(&on_disk, text);
    }
    assert_eq!(classes.len(), 4, "the shipped sets use every class");
    // Together the shipped sets use every ability of the catalogue.
    let used: std::collections::BTreeSet<String> = sets
        .iter()
        .flat_map(|(_, text)| {
            let set = FigureSet::parse(text, Format::Toml, Edition::V026, &c).unwrap();
            set.figures().iter().flat_map(|f| f.abilities().iter().map(|a| a.id().to_string())).collect::<Vec<_>>()
        })
        .collect();
    let missing: Vec<&str> = c.abilities().iter().map(|a| a.id.as_str()).filter(|id| !used.contains(*id)).collect();
    assert!(missing.is_empty(), "no shipped set uses {missing:?}");
    assert_eq!(dice.into_iter().collect::<Vec<_>>(), vec![4, 6, 8, 10, 12], "figures can forage every die");
    assert!(shipped_set("nonexistent").is_none());
    assert!(shipped_set("Ember-Court.toml").is_some());
    // Every shipped file in sets/ is listed.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sets");
    let files = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "toml"))
        .count();
    assert_eq!(files, sets.len());
}

#[test]
fn toml_and_json_forms_agree_and_round_trip() {
    let c = cat();
    for (stem, text) in shipped_sets() {
        let from_toml = FigureSet::parse(text, Format::Toml, Edition::V026, &c).unwrap();
        let json = from_toml.to_json().unwrap();
        assert_eq!(Format::detect(None, &json), Format::Json);
        let from_json = FigureSet::parse(&json, Format::Json, Edition::V026, &c).unwrap();
        assert_eq!(from_toml, from_json, "{stem}");
        let again = FigureSet::parse(&from_toml.to_toml().unwrap(), Format::Toml, Edition::V026, &c).unwrap();
        assert_eq!(from_toml, again, "{stem}");
        // serde: a FigureSet is its file form, checked again on the way in.
        let s = serde_json::to_string(&from_toml).unwrap();
        let back: FigureSet = serde_json::from_str(&s).unwrap();
        assert_eq!(back, from_toml);
        let t = toml::to_string(&from_toml).unwrap();
        assert!(t.contains("edition = \"v0.26\""), "{t}");
        assert_eq!(toml::from_str::<FigureSet>(&t).unwrap(), from_toml);
    }
    // The edition travels with the set.
    let gate = FigureSet::shipped("lantern-pact", Edition::V020).unwrap();
    let back: FigureSet = serde_json::from_str(&serde_json::to_string(&gate).unwrap()).unwrap();
    assert_eq!(back.edition(), Edition::V020);
    // Both ways of naming an ability, and "figures" for the array.
    let json = r#"{"name": "Pair", "figures": [
        {"name": "A", "class": "Disruptor", "base_mm": 30, "hp": 5, "movement": 5, "force": 5, "range": 5,
         "abilities": ["D4", {"id": "d2", "name": "Sparks"}]},
        {"name": "B", "class": "runner", "base_mm": 30.5, "hp": 5, "movement": 5, "force": 5, "range": 5}]}"#;
    let set = FigureSet::parse(json, Format::detect(None, json), Edition::V026, &c).unwrap();
    assert_eq!(set.figures()[0].abilities()[1].label(), "Sparks (D2)");
    assert_eq!(set.points(), 20 + 7 + 20);
}

#[test]
fn a_deserialised_set_is_checked_again() {
    let mut file = base_file();
    file.figures[0].hp = 30;
    let json = serde_json::to_string(&file).unwrap();
    let e = serde_json::from_str::<FigureSet>(&json).unwrap_err();
    assert!(e.to_string().contains("Mira: Disruptor base spec points 48 exceed 25"), "{e}");
    let e = serde_json::from_str::<Figure>(
        r#"{"name":"X","class":"leader","base_mm":30,"hp":1,"movement":1,"force":1,"range":1}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("Leader base spec points 4 are below 20"), "{e}");
}

#[test]
fn unreadable_and_unparseable_files_say_why_and_where() {
    let c = cat();
    let e = FigureSet::load(Path::new("/nonexistent/set.toml"), Edition::V026, &c).unwrap_err();
    assert!(matches!(e, SetError::Unreadable { .. }), "{e}");
    assert!(e.to_string().starts_with("cannot read /nonexistent/set.toml"), "{e}");
    let e = FigureSet::parse(
        "name = \"X\"\n\n[[figure]]\nname = \"A\"\nclass = \"wizard\"\n",
        Format::Toml,
        Edition::V026,
        &c,
    )
    .unwrap_err();
    assert!(matches!(e, SetError::Parse { line: Some(5), .. }), "{e:?}");
    assert!(e.to_string().contains("unknown class 'wizard'"), "{e}");
    let e =
        FigureSet::parse("{\n  \"name\": \"X\",\n  \"figure\": [1,\n", Format::Json, Edition::V026, &c).unwrap_err();
    assert!(matches!(e, SetError::Parse { line: Some(3), .. }), "{e:?}");
    let e =
        FigureSet::parse(&MIRA.replace("hp = 6", "hp = 6\nwings = 2"), Format::Toml, Edition::V026, &c).unwrap_err();
    assert!(matches!(e, SetError::Parse { line: Some(10), .. }), "{e:?}");
    let e = FigureSet::parse(&MIRA.replace("\"D4\"", "4"), Format::Toml, Edition::V026, &c).unwrap_err();
    assert!(matches!(e, SetError::Parse { line: Some(13), .. }), "{e:?}");
    // A file on disk, by extension.
    let dir = std::env::temp_dir().join(format!("arbiter-builder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p: PathBuf = dir.join("mira.toml");
    std::fs::write(&p, MIRA).unwrap();
    assert_eq!(FigureSet::load(&p, Edition::V026, &c).unwrap().points(), 43);
    let j = dir.join("mira.json");
    std::fs::write(&j, FigureSet::load(&p, Edition::V026, &c).unwrap().to_json().unwrap()).unwrap();
    assert_eq!(Format::detect(Some(&j), "name = 1"), Format::Json);
    assert_eq!(FigureSet::load(&j, Edition::V026, &c).unwrap().points(), 43);
    assert_eq!(Format::detect(Some(Path::new("x.txt")), "  {"), Format::Json);
    assert_eq!(Format::detect(Some(Path::new("x.txt")), "name = 1"), Format::Toml);
}

// -------------------------------------------------------------------- sheets

#[test]
fn sheets_show_every_figure_with_escaped_text() {
    let c = cat();
    let mut f = base_file();
    f.name = "Tom & Jerry's <set>".into();
    f.figures[0].description = "<script>alert(1)</script>".into();
    let set = f.validate(Edition::V026, &c).unwrap();
    let html = render_html(&set, &c);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("Tom &amp; Jerry&#x27;s &lt;set&gt;"));
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("@media print") && html.contains("page-break-inside: avoid"));
    assert!(html.contains("8 <small>(16 cm)</small>") && html.contains("4 <small>(20 cm)</small>"));
    assert!(
        html.contains("Long Bow") && html.contains("Flaming Arrow") && html.contains("[D6]") && html.contains("[D4]")
    );
    assert!(html.contains("<b>31</b><span>points</span>"));
    assert!(html.contains("43/100"));
    // 6 + 3 HP boxes, 3 + 3 action circles, 9 + 9 prep hexagons (none filled).
    assert_eq!(html.matches(r#"<span class="hp">"#).count(), 9);
    assert_eq!(html.matches("<circle").count(), 6);
    assert_eq!(html.matches("<polygon").count(), 18);
    assert_eq!(html.matches(r#"class="hex on""#).count(), 0);
    // A Leader with L10 starts with 4 tokens, all filled.
    let pact = FigureSet::shipped("lantern-pact", Edition::V026).unwrap();
    let html = render_html(&pact, &c);
    assert_eq!(html.matches(r#"class="hex on""#).count(), 4);
    assert_eq!(html.matches("<circle").count(), 2 + 3);
    assert!(html.contains("any foraged dice") && html.contains("[5/8]"));
    for (stem, _) in shipped_sets() {
        let set = FigureSet::shipped(stem, Edition::V026).unwrap();
        let html = render_html(&set, &c);
        for fig in set.figures() {
            assert!(html.contains(&arbiter_ephemeral::sheet::escape(fig.name())), "{stem}");
        }
    }
}

// ------------------------------------------------------------ arbitrary input

fn figure_strategy() -> impl Strategy<Value = FigureFile> {
    (
        "[A-Za-z ]{0,8}",
        prop::sample::select(Class::ALL.to_vec()),
        prop_oneof![Just(f64::NAN), -10.0f64..100.0],
        (-3i64..20, -3i64..20, -3i64..20, -3i64..20),
        prop::collection::vec(("[DRTLX][0-9]{1,2}", prop::option::of("[a-z]{0,5}")), 0..5),
    )
        .prop_map(|(name, class, base_mm, (hp, movement, force, range), picks)| FigureFile {
            name,
            description: String::new(),
            class,
            base_mm,
            hp,
            movement,
            force,
            range,
            abilities: picks.into_iter().map(|(id, name)| AbilityPick { id, name }).collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,300}") {
        let c = cat();
        let _ = Catalogue::from_toml(&s);
        let _ = FigureSet::parse(&s, Format::Toml, Edition::V026, &c);
        let _ = FigureSet::parse(&s, Format::Json, Edition::V020, &c);
        let _ = serde_json::from_str::<FigureSet>(&s);
        let _ = s.parse::<DieUse>();
        let _ = s.parse::<Keyword>();
        let _ = s.parse::<Reach>();
        let _ = s.parse::<arbiter_ephemeral::catalogue::Damage>();
        let _ = s.parse::<Class>();
        let _ = s.parse::<AbilityType>();
    }

    #[test]
    fn mutated_files_never_panic(cut in 0usize..2000, insert in "[\\[\\]{}=\"',0-9a-z\\n ]{0,12}") {
        let c = cat();
        for base in [MIRA, Catalogue::standard_text(), shipped_sets()[0].1] {
            let mut at = cut.min(base.len());
            while !base.is_char_boundary(at) {
                at -= 1;
            }
            let text = format!("{}{insert}{}", &base[..at], &base[at..]);
            let _ = Catalogue::from_toml(&text);
            if let Ok(set) = FigureSet::parse(&text, Format::Toml, Edition::V026, &c) {
                let _ = render_html(&set, &c);
            }
        }
    }

    #[test]
    fn validation_is_total_and_legal_sets_add_up(figures in prop::collection::vec(figure_strategy(), 0..7)) {
        let c = cat();
        let file = FigureSetFile { name: "Fuzz".into(), author: None, description: None, edition: None, figures };
        for edition in Edition::ALL {
            match file.validate(edition, &c) {
                Ok(set) => {
                    prop_assert!(set.points() <= 100);
                    prop_assert!((edition.min_figures()..=edition.max_figures()).contains(&set.figures().len()));
                    for f in set.figures() {
                        prop_assert!(f.class().base_spec_range().contains(&f.base_spec_points()));
                        prop_assert!(f.abilities().len() <= 3 && f.hp() >= 1);
                    }
                    let back: FigureSet = serde_json::from_str(&serde_json::to_string(&set).unwrap()).unwrap();
                    prop_assert_eq!(&back.figures().len(), &set.figures().len());
                    let _ = render_html(&set, &c);
                }
                Err(v) => prop_assert!(!v.is_empty()),
            }
        }
    }

    #[test]
    fn die_requirements_accept_only_real_dice(sides in 0u8..20, value in 0u8..20) {
        for a in cat().abilities() {
            if a.die.accepts(sides, value) {
                prop_assert!([4, 6, 8, 10, 12].contains(&sides) && (1..=sides).contains(&value));
            }
        }
    }
}
