//! Cards end to end: importing the 42 public reference cards, the starter
//! bestiary against the reference numbers (and not its words), the TOML
//! format's errors and their lines, the importer's errors, serde round
//! trips, and arbitrary input that must never panic a parser.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;
use common::shared;

use arbiter_p2v::card::{Commander, Movement, StartsWith};
use arbiter_p2v::feature::{Per, parse_top};
use arbiter_p2v::import::{self, ImportError};
use arbiter_p2v::{
    Action, Alignment, Area, Bestiary, Card, CardFile, Format, Level, PlayMode, Size, Uses, WarbandFile,
};
use proptest::prelude::*;
use serde_json::Value;

/// The public reference cards (ORC-licensed), if available.
fn reference_text() -> Option<String> {
    shared("reference/path-2-victory/creatures-orc.json")
}

fn reference_json() -> Option<Vec<Value>> {
    let v: Value = serde_json::from_str(&reference_text()?).unwrap();
    Some(v["creatures"].as_array().unwrap().clone())
}

fn signed(v: &Value) -> i32 {
    v.as_str().unwrap().split_whitespace().next().unwrap().parse().unwrap()
}

// ------------------------------------------------------------------ importer

#[test]
fn all_42_reference_cards_import_and_agree_with_their_json() {
    let Some(text) = reference_text() else { return };
    let imported = import::from_json(&text).unwrap();
    assert_eq!(imported.cards.len(), 42);
    // The reference's printed points all agree with Table 1, and its taglines with its fields.
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    for (card, raw) in imported.cards.iter().zip(reference_json().unwrap()) {
        let name = card.name();
        assert_eq!(name, raw["name"].as_str().unwrap());
        assert_eq!(i64::from(card.level().get()), raw["level"].as_i64().unwrap(), "{name}");
        assert_eq!(i64::from(card.points()), raw["points"].as_i64().unwrap(), "{name}");
        assert_eq!(card.size().name(), raw["size"].as_str().unwrap(), "{name}");
        assert_eq!(card.tagline(), raw["tagline"].as_str().unwrap(), "{name}");
        assert_eq!(card.alignment().symbol(), raw["alignment_symbol"].as_str().unwrap(), "{name}");
        assert_eq!(card.standard(), raw["other_features"].as_str().unwrap(), "{name}");
        let s = card.stats();
        let st = &raw["stats"];
        assert_eq!(
            (s.fight, s.power, s.fort, s.reflex, s.will, s.hp),
            (
                signed(&st["Fight"]),
                signed(&st["Power"]),
                signed(&st["Fort"]),
                signed(&st["Reflex"]),
                signed(&st["Will"]),
                signed(&st["HP"])
            ),
            "{name}"
        );
        assert_eq!(s.armor_label(), st["Armor"].as_str().unwrap(), "{name}");
        assert_eq!(s.speed, signed(&st["Speed"]), "{name}");
        let features = raw["features"].as_array().unwrap();
        assert_eq!(card.features().len(), features.len(), "{name}");
        for (f, rf) in card.features().iter().zip(features) {
            // The top line, the uses and the name (with its upgrade mark) read back exactly.
            assert_eq!(f.top(), rf["top"].as_str().unwrap(), "{name}: {}", f.name);
            assert_eq!(f.uses.map(Uses::symbols).unwrap_or_default(), rf["uses"].as_str().unwrap(), "{name}");
            let raw_name = rf["name"].as_str().unwrap();
            assert_eq!(f.upgrade, raw_name.ends_with(']'), "{name}: {raw_name}");
            assert!(raw_name.starts_with(&f.name), "{name}: {raw_name}");
            assert_eq!(f.text, rf["text"].as_str().unwrap().trim(), "{name}");
        }
    }
    let get = |n: &str| imported.cards.iter().find(|c| c.name() == n).unwrap();
    let knight = get("Eagle Knight");
    let crossbow = knight.features().iter().find(|f| f.name == "Crossbow").unwrap();
    assert_eq!(
        (crossbow.action, crossbow.area, crossbow.strike),
        (Action::OncePerTurn, Some(Area::Ranged { short: 24, long: Some(48) }), true)
    );
    assert_eq!(knight.features()[0].action, Action::Reaction);
    assert_eq!(get("Tortoise Soothsayer").stats().movement, Some(Movement::Aquatic));
    assert_eq!(get("Tortoise Soothsayer").caster_rank(), Some(5));
    assert_eq!(get("Harpy").stats().movement, Some(Movement::Flight));
    assert_eq!(get("Giant Ant").stats().movement, Some(Movement::WallClimb));
    assert_eq!(get("Animated Armor").stats().reduced_armor, Some(11));
    let kobold = get("Kobold Warrior");
    assert_eq!(kobold.upgrades().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["Sling"]);
    assert_eq!(kobold.features()[1].uses, Some(Uses { count: 1, per: Per::Encounter }));
    let satyr_wine = &get("Satyr").features()[0];
    assert_eq!((satyr_wine.action, satyr_wine.area), (Action::Passive, Some(Area::Emanation { size: 1, aura: true })));
    assert_eq!(
        get("Spring-Heeled Leaper").features().iter().find_map(|f| f.uses),
        Some(Uses { count: 1, per: Per::Day })
    );
    assert_eq!(get("Hateful Bear").upgrades().count(), 2);
    assert_eq!(get("Basilisk").level(), Level::new(5).unwrap());
    // Every alignment symbol the reference uses maps to one alignment.
    let count = |a: Alignment| imported.cards.iter().filter(|c| c.alignment() == a).count();
    assert_eq!(Alignment::ALL.map(count), [1, 1, 1, 0, 20, 3, 2, 2, 12], "LG NG CG LN TN CN LE NE CE");
}

#[test]
fn imported_cards_make_a_bestiary_that_round_trips_through_arbiters_toml() {
    let Some(text) = reference_text() else { return };
    let bestiary = import::from_json(&text).unwrap().into_bestiary().unwrap();
    let toml = bestiary.to_toml().unwrap();
    let again = Bestiary::from_toml(&toml).unwrap();
    assert_eq!(again, bestiary);
    // And each card through JSON serde.
    for card in bestiary.cards() {
        let json = serde_json::to_string(card).unwrap();
        let back: Card = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, card);
    }
}

#[test]
fn import_warns_when_a_card_prints_points_that_table_1_does_not_give() {
    // The v1.3 rulebook's example Basilisk is level 4 and 26 points; a card
    // printing level 4 with the later revision's 32 points costs 26 in Arbiter.
    let json = r#"{"creatures": [{"name": "Old Basilisk", "level": 4, "points": 32, "size": "Medium",
        "traits": ["Beast"], "alignment_symbol": "❀", "tagline": "Medium Beast 4",
        "stats": {"Fight": "+10", "Armor": "17", "Power": "16", "Fort": "+9", "Reflex": "+3", "Will": "+6",
                  "HP": "75", "Speed": "4"},
        "features": [{"uses": "", "name": "Jaws", "top": "• Melee strike", "text": "13 piercing damage"}]}]}"#;
    let imported = import::from_json(json).unwrap();
    assert_eq!(imported.cards[0].points(), 26);
    assert_eq!(imported.cards[0].alignment(), Alignment::TrueNeutral);
    assert_eq!(imported.warnings.len(), 1);
    assert!(imported.warnings[0].message.contains("prints 32 points"), "{:?}", imported.warnings);
}

#[test]
fn import_reads_a_commander_and_its_starting_minions() {
    // "If it says 'Starts with X' (such as 'Starts with Capybara Pet 12 minion'), it
    // means that if that commander is part of a warband, then that minion is part of
    // the warband too (at no additional points cost)."
    let json = r#"[{"name": "Halfling Herder", "tagline": "Small Halfling Humanoid 1", "alignment_symbol": "✿",
        "stats": {"Fight": 5, "Armor": 15, "Power": 15, "Fort": 4, "Reflex": 6, "Will": 5, "HP": 20, "Speed": 5},
        "features": [{"name": "Commander", "top": "", "text": "Capybaras. Starts with Capybara Pet 12 minion."}]}]"#;
    let imported = import::from_json(json).unwrap();
    let card = &imported.cards[0];
    assert_eq!((card.size(), card.level().get(), card.traits().len()), (Size::Small, 1, 2));
    assert_eq!(
        card.commander(),
        Some(&Commander {
            minions: "Capybaras. Starts with Capybara Pet 12 minion.".into(),
            starts_with: vec![StartsWith { creature: "Capybara Pet".into(), count: 1 }]
        })
    );
}

#[test]
fn import_lists_every_unreadable_card_with_its_field() {
    let json = r#"{"creatures": [
        {"name": "No Stats", "level": 1, "size": "Small", "alignment_symbol": "⚖"},
        {"name": "Bad Top", "level": 1, "size": "Small", "alignment_symbol": "⚖",
         "stats": {"Fight": "+1", "Armor": "10", "Power": "10", "Fort": "+1", "Reflex": "+1", "Will": "+1", "HP": "5", "Speed": "5"},
         "features": [{"name": "Zap", "top": "●●● Ranged 6", "text": ""}]},
        {"name": "Too High", "level": 20, "size": "Small", "alignment_symbol": "⚖",
         "stats": {"Fight": "+1", "Armor": "10", "Power": "10", "Fort": "+1", "Reflex": "+1", "Will": "+1", "HP": "5", "Speed": "5 ?"}},
        {"level": 1},
        {"name": "Unknown Symbol", "level": 1, "size": "Small", "alignment_symbol": "♞",
         "stats": {}}
    ]}"#;
    let Err(ImportError::Cards(problems)) = import::from_json(json) else { panic!("expected card problems") };
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 5, "{lines:#?}");
    assert_eq!(lines[0], "card 1 (No Stats), stats: the card has no stats object");
    assert!(lines[1].starts_with("card 2 (Bad Top), features[0].top: '●●●' is not an action cost"), "{}", lines[1]);
    assert!(lines[2].starts_with("card 3 (Too High), stats.Speed: '?' is not a movement mode"), "{}", lines[2]);
    assert_eq!(lines[3], "card 4, name: the card has no name");
    assert!(lines[4].contains("'♞' is not an alignment symbol"), "{}", lines[4]);
    // Not JSON at all, or the wrong shape.
    let Err(ImportError::Json { line: Some(2), .. }) = import::from_json("{\n  \"creatures\": [,]\n}") else {
        panic!("expected a JSON error on line 2")
    };
    assert!(matches!(import::from_json("42"), Err(ImportError::Json { line: None, .. })));
    assert!(matches!(import::from_json("{\"cards\": 3}"), Err(ImportError::Json { .. })));
    // A level out of range is the card's error, from the same checks as the TOML format.
    let json = r#"[{"name": "X", "level": 15, "size": "Small", "alignment": "lawful good",
        "stats": {"Fight": 1, "Armor": 10, "Power": 10, "Fort": 1, "Reflex": 1, "Will": 1, "HP": 5, "Speed": 5}}]"#;
    let Err(ImportError::Cards(p)) = import::from_json(json) else { panic!() };
    assert_eq!(p[0].to_string(), "card 1 (X), level: level 15 is outside -1 to 14");
}

// ------------------------------------------------------------------ starter bestiary

#[test]
fn the_starter_bestiary_has_creatures_of_many_alignments_and_levels() {
    let b = Bestiary::starter().unwrap();
    assert!(b.len() >= 32, "{}", b.len());
    let mut alignments: Vec<Alignment> = b.cards().iter().map(Card::alignment).collect();
    alignments.sort();
    alignments.dedup();
    assert!(alignments.len() >= 7, "{alignments:?}");
    let levels: Vec<i8> = b.cards().iter().map(|c| c.level().get()).collect();
    assert!(
        levels.contains(&-1) && levels.contains(&14) && levels.iter().filter(|&&l| (2..=9).contains(&l)).count() >= 8
    );
    // Every level the public cards have (none is 10, 11 or 13) has a starter card.
    for level in (-1..=9).chain([12, 14]) {
        assert!(levels.contains(&level), "no starter card of level {level}");
    }
    assert!(b.cards().iter().any(|c| c.upgrades().count() > 0));
    assert!(b.get("kobold warrior").is_some() && b.get(" Harpy ").is_some() && b.get("Dragon").is_none());
}

#[test]
fn the_starter_bestiary_takes_the_reference_numbers_but_not_its_words() {
    let Some(reference) = reference_json() else { return };
    for card in Bestiary::starter().unwrap().cards() {
        let name = card.name();
        if name == "Basilisk (v1.3)" {
            continue; // the rulebook's card, not a public one (ruling V19; checked below)
        }
        let raw = reference.iter().find(|r| r["name"] == name).unwrap_or_else(|| panic!("{name} not in the reference"));
        let imported = import::card_from_json(raw).unwrap().0;
        // The facts: level, size, tags, alignment, every stat, every feature's name,
        // action, area, uses and upgrade mark, and the standard features line.
        assert_eq!(card.level(), imported.level(), "{name}");
        assert_eq!(card.tagline(), imported.tagline(), "{name}");
        assert_eq!(card.alignment(), imported.alignment(), "{name}");
        assert_eq!(card.stats(), imported.stats(), "{name}");
        assert_eq!(card.standard(), imported.standard(), "{name}");
        assert_eq!(card.features().len(), imported.features().len(), "{name}");
        for (ours, theirs) in card.features().iter().zip(imported.features()) {
            // The one fact changed on purpose: the Arboreal Regent's Rock is a strike, the
            // word the public card leaves out of its top line (ruling V20).
            let theirs_top = if (name, theirs.name.as_str()) == ("Arboreal Regent", "Rock") {
                assert!(!theirs.strike && theirs.top() == "● Ranged 24/48", "{name}: the card changed");
                format!("{} strike", theirs.top())
            } else {
                theirs.top()
            };
            assert_eq!(
                (&ours.name, ours.top(), ours.uses, ours.upgrade),
                (&theirs.name, theirs_top, theirs.uses, theirs.upgrade),
                "{name}"
            );
            // The words are our own: no text of more than a bare damage line is copied.
            if theirs.text.len() > 30 {
                assert_ne!(ours.text, theirs.text, "{name}: {} copies the reference text", ours.name);
            }
        }
    }
}

/// Ruling V19: the v1.3 rulebook's own Basilisk ("How to read a creature card", level 4,
/// 26 points) is a starter card beside the later public card's Basilisk (level 5).
#[test]
fn v19_the_rulebooks_basilisk_is_kept_beside_the_later_card() {
    let b = Bestiary::starter().unwrap();
    let old = b.get("basilisk (v1.3)").unwrap();
    let new = b.get("Basilisk").unwrap();
    assert_eq!((old.level().get(), old.points(), new.level().get(), new.points()), (4, 26, 5, 32));
    assert_eq!((old.tagline(), old.alignment()), (new.tagline().replace(" 5", " 4"), Alignment::TrueNeutral));
    // Every stat as the rulebook prints it (Power, lost in the extraction, is the later card's).
    assert_eq!(old.stats(), new.stats());
    let s = old.stats();
    assert_eq!((s.fight, s.armor, s.power, s.fort, s.reflex, s.will, s.hp, s.speed), (10, 17, 16, 9, 3, 6, 75, 4));
    assert_eq!(old.standard(), "");
    let tops: Vec<(String, String)> = old.features().iter().map(|f| (f.name.clone(), f.top())).collect();
    assert_eq!(
        tops,
        [
            ("Petrifying Glance".to_string(), "↻ Ranged 6".to_string()),
            ("Jaws".into(), "● Melee strike".into()),
            ("Petrifying Gaze".into(), "●● Ranged 6".into()),
        ]
    );
    assert!(old.features()[1].text.starts_with("13 piercing damage"));
    // The numbers are the rulebook's, where its text has them.
    let Some(rulebook) = shared("rulebooks/path-2-victory-v1.3.txt") else { return };
    let card = &rulebook[rulebook.find("Basilisk\t26 points").unwrap()..];
    let card = &card[..card.find("Speed 4").unwrap()];
    for fact in
        ["❀ Medium Beast 4", "Petrifying Glance ⚡ A creature within 6", "+10", "17", "Jaws • Melee strike 13 piercing"]
    {
        assert!(card.contains(fact), "{fact}");
    }
    for fact in ["Petrifying Gaze •• Ranged 6 power +9", "negates). +3", "HP\t+6\n\t75"] {
        assert!(card.contains(fact), "{fact}");
    }
}

/// The damage types a strike's leading clause may name.
const DAMAGE_TYPES: [&str; 16] = [
    "bludgeoning",
    "piercing",
    "slashing",
    "fire",
    "electricity",
    "mental",
    "void",
    "acid",
    "cold",
    "sonic",
    "poison",
    "vitality",
    "force",
    "spirit",
    "good",
    "evil",
];

/// A strike's leading damage clause, read without a regex: an optional label of one or
/// two words and a colon ("Thrown:"), then a number, damage types joined by "and", and
/// the word "damage". Gives the amount and the types.
fn leading_damage(text: &str) -> Option<(u32, Vec<&str>)> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if let Some(colon) = words.iter().take(2).position(|w| w.ends_with(':')) {
        words.drain(..=colon);
    }
    let amount: u32 = words.first()?.parse().ok()?;
    let mut types = Vec::new();
    let mut rest = words[1..].iter();
    loop {
        let word = *rest.next()?;
        if !DAMAGE_TYPES.contains(&word) {
            return None;
        }
        types.push(word);
        match *rest.next()? {
            "and" => continue,
            w if w.trim_end_matches(['.', ',', ';']) == "damage" => return Some((amount, types)),
            _ => return None,
        }
    }
}

#[test]
fn every_starter_strike_begins_with_its_damage() {
    assert_eq!(leading_damage("15 piercing damage."), Some((15, vec!["piercing"])));
    assert_eq!(leading_damage("30 slashing and fire damage. On a hit"), Some((30, vec!["slashing", "fire"])));
    assert_eq!(leading_damage("Thrown: 5 piercing damage."), Some((5, vec!["piercing"])));
    assert_eq!(leading_damage("10 bludgeoning damage, or 15"), Some((10, vec!["bludgeoning"])));
    for bad in ["", "The target is encumbered.", "15 bludgeoning; on a hit", "30 lightning damage", "Sneak: extra: 5"] {
        assert_eq!(leading_damage(bad), None, "{bad}");
    }
    let b = Bestiary::starter().unwrap();
    let mut strikes = 0;
    for card in b.cards() {
        for f in card.features().iter().filter(|f| f.strike) {
            assert!(leading_damage(&f.text).is_some(), "{}: {}: {:?}", card.name(), f.name, f.text);
            strikes += 1;
        }
    }
    assert!(strikes >= 50, "{strikes}");
}

#[test]
fn the_starter_bestiary_round_trips_through_toml_and_json() {
    let b = Bestiary::starter().unwrap();
    assert_eq!(Bestiary::from_toml(&b.to_toml().unwrap()).unwrap(), b);
    for c in b.cards() {
        let file: CardFile = c.to_file();
        assert_eq!(file.points, Some(i64::from(c.points())));
        let json = serde_json::to_string_pretty(c).unwrap();
        assert_eq!(&serde_json::from_str::<Card>(&json).unwrap(), c);
    }
}

// ------------------------------------------------------------------ TOML errors

const GOOD: &str = r#"[[creature]]
name = "Goblin"
level = 0
size = "small"
traits = ["Goblin", "Humanoid"]
alignment = "chaotic evil"
stats = { fight = +6, armor = 16, power = 15, fort = +2, reflex = +5, will = +2, hp = 6, speed = 5 }

[[creature.feature]]
name = "Dogslicer"
action = "one"
area = "Melee"
strike = true
text = "4 slashing damage."
"#;

fn error(text: &str) -> (Option<usize>, String) {
    let e = Bestiary::from_toml(text).unwrap_err();
    (e.line, e.message)
}

#[test]
fn bestiary_errors_name_the_line_and_the_reason() {
    assert_eq!(Bestiary::from_toml(GOOD).unwrap().get("goblin").unwrap().points(), 12);
    let cases: &[(&str, &str, usize, &str)] = &[
        ("level = 0", "level = 15", 3, "Goblin: level 15 is outside -1 to 14"),
        ("size = \"small\"", "size = \"colossal\"", 4, "unknown size 'colossal'"),
        (
            "level = 0",
            "level = 0\npoints = 14",
            4,
            "Goblin: the card says 14 points, but Table 1 prices a level 0 creature at 12",
        ),
        ("armor = 16", "armor = 0", 7, "Goblin: Armor 0 is outside 1 to 60"),
        ("action = \"one\"", "action = \"three\"", 11, "unknown action 'three'"),
        ("area = \"Melee\"", "area = \"Melee sideways\"", 12, "'sideways' is not a number of squares"),
        ("text = \"4", "uses = \"2 per week\"\ntext = \"4", 14, "'2 per week' is not a number of uses"),
        ("name = \"Dogslicer\"", "name = \"\"", 10, "Goblin: the feature has no name"),
        ("strike = true", "strike = true\nrange = 3", 14, "unknown field `range`"),
        ("name = \"Goblin\"", "name = \"Goblin", 2, ""),
    ];
    for (from, to, line, message) in cases {
        let text = GOOD.replacen(from, to, 1);
        let (l, m) = error(&text);
        assert_eq!(l, Some(*line), "{to}: {m}");
        assert!(m.contains(message), "{to}: {m}");
    }
    // Two creatures of one name, any letter case: the second's name line.
    let twice = format!("{GOOD}\n{}", GOOD.replace("\"Goblin\"", "\"GOBLIN\""));
    assert_eq!(error(&twice), (Some(17), "GOBLIN: another creature in the bestiary has the same name".into()));
    // A commander must start with a creature the bestiary has.
    let commander = format!("{GOOD}\n[creature.commander]\nstarts_with = [{{ creature = \"Goblin Dog\" }}]\n");
    let (l, m) = error(&commander);
    assert_eq!((l, m.as_str()), (Some(17), "Goblin: starts with Goblin Dog, which is not in the bestiary"));
    assert_eq!(error("").1, "the bestiary has no [[creature]] tables");
}

// ------------------------------------------------------------------ parsers

#[test]
fn card_notation_parses_and_prints_back() {
    for top in [
        "",
        "●",
        "●● Cone 3",
        "●○ Ranged 24/48 strike",
        "↻ Ranged 6",
        "Emanation 1 aura",
        "○ Emanation 4",
        "● Melee 2 strike",
        "●● Line 8",
        "● Burst 2",
    ] {
        let (action, area, strike) = parse_top(top).unwrap();
        let f = arbiter_p2v::Feature { action, area, strike, ..arbiter_p2v::Feature::passive("X", "") };
        assert_eq!(f.top(), top);
    }
    assert_eq!(parse_top("⚡").unwrap().0, Action::Reaction);
    for bad in ["●●● Melee", "Ranged 48/24", "Cone", "Melee 0", "Emanation 2 aura aura", "Cone 3 aura", "○● Melee"]
    {
        assert!(parse_top(bad).is_err(), "{bad}");
    }
    for (s, u) in [
        ("2 per encounter", Uses { count: 2, per: Per::Encounter }),
        ("🄳🄳", Uses { count: 2, per: Per::Day }),
        ("daily", Uses { count: 1, per: Per::Day }),
        ("1 consumable", Uses { count: 1, per: Per::Consumable }),
    ] {
        assert_eq!(s.parse::<Uses>(), Ok(u), "{s}");
        assert_eq!(u.to_string().parse::<Uses>(), Ok(u));
    }
    assert!("🄴🄳".parse::<Uses>().is_err() && "10 per day".parse::<Uses>().is_err());
    assert_eq!("LE".parse::<Alignment>(), Ok(Alignment::LawfulEvil));
    assert_eq!("neutral".parse::<Alignment>(), Ok(Alignment::TrueNeutral));
    assert_eq!("Balanced, Limited Play".parse::<PlayMode>(), Ok(PlayMode::BalancedLimited));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Arbitrary text never panics any parser, whatever it is fed.
    #[test]
    fn arbitrary_text_never_panics_the_parsers(s in "\\PC{0,200}") {
        let _ = Bestiary::from_toml(&s);
        let _ = import::from_json(&s);
        let _ = WarbandFile::parse(&s, Format::Toml);
        let _ = WarbandFile::parse(&s, Format::Json);
        let _ = parse_top(&s);
        let _ = s.parse::<Uses>();
        let _ = s.parse::<Area>();
        let _ = s.parse::<Action>();
        let _ = s.parse::<Alignment>();
        let _ = s.parse::<PlayMode>();
        let _ = s.parse::<Size>();
        let _ = s.parse::<Movement>();
        let _ = s.parse::<Level>();
    }

    /// Card-shaped text: the notation's own characters, shuffled.
    #[test]
    fn card_notation_soup_never_panics(s in "[●○↻⚡🄴🄳🄲☁≋🌳\\[\\]/ 0-9a-zA-Z+-]{0,40}") {
        let _ = parse_top(&s);
        let _ = s.parse::<Uses>();
        let _ = s.parse::<Area>();
        let json = format!(
            r#"[{{"name":"X","tagline":"{s}","alignment_symbol":"{s}","stats":{{"Fight":"{s}","Armor":"{s}","Speed":"{s}"}},"features":[{{"name":"{s}","top":"{s}","uses":"{s}"}}]}}]"#,
            s = s.replace(['"', '\\'], "")
        );
        let _ = import::from_json(&json);
    }

    /// The reference file and the starter bestiary, cut and spliced anywhere,
    /// give an error or a result, never a panic.
    #[test]
    fn damaged_files_never_panic(cut in 0usize..50_000, len in 0usize..400, insert in "\\PC{0,8}") {
        for text in [reference_text().unwrap_or_default(), Bestiary::starter_text().to_string()] {
            let mut chars: Vec<char> = text.chars().collect();
            let at = cut % chars.len().max(1);
            let end = (at + len).min(chars.len());
            chars.splice(at..end, insert.chars());
            let damaged: String = chars.into_iter().collect();
            let _ = import::from_json(&damaged);
            let _ = Bestiary::from_toml(&damaged);
        }
    }
}
