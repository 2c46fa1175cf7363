//! CI's brief fuzzing: every target on its committed seeds and a few
//! thousand deterministic mutations of them (a couple of seconds each).
//! The long, coverage-guided runs are `scripts/fuzz`'s.

use arbiter_fuzz::{TARGETS, brief, seed_dir};
use std::time::Duration;

#[test]
fn every_target_has_seeds() {
    for (name, _) in TARGETS {
        assert!(!arbiter_fuzz::seeds(name).is_empty(), "no seeds in {}", seed_dir(name).display());
    }
}

macro_rules! brief_tests {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            let ran = brief(stringify!($name), 3000, Duration::from_secs(3), 18);
            assert!(ran > 0);
        }
    )*};
}

brief_tests!(
    essence_notation,
    ethia_notation,
    ephemeral_notation,
    p2v_notation,
    records,
    figure_sets,
    catalogue,
    terrain_kit,
    warbands,
    bestiary,
    card_import,
    quests,
    battle_maps,
    server_messages,
);

#[test]
fn every_target_has_a_brief_test() {
    let source = include_str!("brief.rs");
    for (name, _) in TARGETS {
        assert!(source.contains(&format!("    {name},\n")), "{name} has no brief test");
    }
}
