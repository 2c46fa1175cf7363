//! The registration table is consistent: ids and aliases are unique and
//! found, every option is read by its game's variant parser and names a
//! field of the variant's JSON, every seat count starts a game, every bot
//! offered builds, and the TypeScript types of each game are written for the
//! web app (into crates/server/bindings/games/<id>/).
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Entry, OptionKind};
use arbiter_games::{Visitor, find, ids, list};
use std::collections::HashSet;

#[test]
fn ids_and_aliases_are_unique_and_find_their_game() {
    let mut names = HashSet::new();
    for l in list() {
        assert!(names.insert(l.id), "{} twice", l.id);
        for a in l.about.aliases {
            assert!(names.insert(a), "alias {a} twice");
            assert_eq!(arbiter_games::listing(a).unwrap().id, l.id);
            assert_eq!(arbiter_games::listing(&a.to_ascii_uppercase()).unwrap().id, l.id);
        }
    }
    assert!(arbiter_games::listing("chess").is_none());
    assert_eq!(ids().len(), list().len());
    assert_eq!(ids()[0], "essence", "the table's order is the lobby's");
}

/// Checks one game's entry.
struct Check;

impl Visitor for Check {
    type Output = ();

    fn visit<G: Entry>(&mut self) {
        let about = G::about();
        let standard = G::parse_variant("").unwrap_or_else(|e| panic!("{}: {e}", G::ID));
        assert_eq!(G::parse_variant("standard").unwrap(), standard, "{}", G::ID);
        let json = serde_json::to_value(&standard).unwrap();
        for o in about.options {
            let texts: Vec<String> = match o.kind {
                OptionKind::Flag => vec![o.key.to_string()],
                OptionKind::Choice { choices } => {
                    choices.iter().filter(|c| !c.value.is_empty()).map(|c| format!("{}={}", o.key, c.value)).collect()
                }
                OptionKind::Number { min, max, default } => {
                    assert!(min <= default && default <= max, "{} {}", G::ID, o.key);
                    vec![format!("{}={min}", o.key), format!("{}={max}", o.key), format!("{}={default}", o.key)]
                }
                OptionKind::File { presets } => presets.iter().map(|c| format!("{}={}", o.key, c.value)).collect(),
            };
            for text in texts {
                if let Err(e) = G::parse_variant(&text) {
                    panic!("{}: option text '{text}' is refused: {e}", G::ID);
                }
            }
            if !matches!(o.kind, OptionKind::File { .. }) {
                assert!(
                    json.get(o.key).is_some(),
                    "{}: option {} is not a field of the variant's JSON {json}",
                    G::ID,
                    o.key
                );
            }
            assert!(!o.help.is_empty() && !o.label.is_empty(), "{} {}", G::ID, o.key);
        }
        assert!(about.seats.contains(&about.default_seats), "{}", G::ID);
        for &n in about.seats {
            G::new(standard.clone(), n).unwrap_or_else(|e| panic!("{} with {n} seats: {e}", G::ID));
        }
        let game = G::new(standard, about.default_seats).unwrap();
        assert!(about.bots.iter().any(|b| b.spec == about.default_bot), "{}: the default bot is offered", G::ID);
        for b in about.bots {
            let spec: arbiter_ai::BotSpec = b.spec.parse().unwrap();
            spec.build(&game, 1, 0.01).unwrap_or_else(|e| panic!("{}: bot {}: {e}", G::ID, b.spec));
        }
        assert!(!game.notation_help().is_empty());
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/bindings/games").join(G::ID);
        G::export_typescript(&dir).unwrap_or_else(|e| panic!("{}: {e}", G::ID));
    }
}

#[test]
fn every_entry_is_consistent_and_exports_its_types() {
    arbiter_games::each(&mut Check);
    assert!(find("kuhn-poker", &mut Check).is_some());
    // Every game exports its observation and event types (actions too, unless
    // they travel as notation text), for the web app.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/bindings/games");
    for (id, file) in [
        ("essence", "Event.ts"),
        ("ethia", "State.ts"),
        ("ethia", "Event.ts"),
        ("ethia-worlds", "WorldsState.ts"),
        ("ethia-worlds", "WorldsEvent.ts"),
        ("ephemeral", "State.ts"),
        ("ephemeral", "Action.ts"),
        ("ephemeral", "Event.ts"),
        ("goofspiel", "Observation.ts"),
        ("goofspiel", "Action.ts"),
        ("goofspiel", "Event.ts"),
        ("kuhn", "Observation.ts"),
        ("kuhn", "Action.ts"),
        ("kuhn", "Event.ts"),
    ] {
        let text = std::fs::read_to_string(dir.join(id).join(file)).unwrap();
        assert!(text.contains("export type"), "{id}/{file}: {text}");
    }
}

/// Plays random games of one game checking its fixed numbering and tensor.
struct Numbers {
    /// Games that number their actions once for all.
    numbered: Vec<&'static str>,
}

impl Visitor for Numbers {
    type Output = ();

    fn visit<G: Entry>(&mut self) {
        use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
        let about = G::about();
        let game = G::new(G::parse_variant("").unwrap(), about.default_seats).unwrap();
        if game.num_distinct_actions().is_some() {
            self.numbered.push(G::ID);
        }
        // Cheap checks on every state, the deep ones on few: this test is about numbers.
        let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
        let mut report = Report::default();
        for seed in 0..3 {
            let mut record = arbiter_core::Record::new(random_config(&game, seed));
            play_checked(&game, &checks, &mut record, &mut report, &mut |s, _| arbiter_core::check_numbering(&game, s))
                .unwrap_or_else(|e| panic!("{} game {seed}: {e}", G::ID));
        }
        eprintln!("{}: {} decisions checked", G::ID, report.decisions);
        assert!(report.decisions > 3, "{}: the games were played", G::ID);
    }
}

/// Every legal action of a game that numbers its actions has one number of
/// its own below `num_distinct_actions`, and every seat's observation
/// tensor has its shape's size (`check_numbering`), over random games of
/// every registered game.
#[test]
fn every_game_s_action_numbers_and_tensors_hold_over_random_play() {
    let mut numbers = Numbers { numbered: Vec::new() };
    arbiter_games::each(&mut numbers);
    for id in ["kuhn", "goofspiel", "essence", "ethia", "ethia-worlds", "p2v"] {
        assert!(numbers.numbered.contains(&id), "{id} numbers its actions: {:?}", numbers.numbered);
    }
}
