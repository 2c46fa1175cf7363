//! Writes the seed corpora in `fuzz/seeds/` (run by hand when a format
//! changes: `cargo test -p arbiter-fuzz --test seeds -- --ignored`). The
//! shipped data files are copied; records, positions and actions come from
//! short seeded random games, so the seeds are small and reproducible.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{
    ConfigFile, Decision, Discard, Game, MatchConfig, PlayerSpec, Record, SeededDice, StateFile, ToMove,
};
use arbiter_fuzz::seed_dir;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn write(target: &str, name: &str, bytes: impl AsRef<[u8]>) {
    let dir = seed_dir(target);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), bytes).unwrap();
}

fn copy(target: &str, path: &str) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let name = std::path::Path::new(path).file_name().unwrap().to_str().unwrap().to_string();
    write(target, &name, std::fs::read(root.join(path)).unwrap());
}

/// A seeded random game of `steps` decisions: its record and the states it
/// passed through.
fn game<G: Game>(game: &G, seed: u64, steps: usize) -> (Record<G>, Vec<G::State>) {
    let config = MatchConfig {
        game: G::ID.into(),
        variant: game.variant().clone(),
        players: (0..game.seats()).map(|i| PlayerSpec::bot(format!("random-{i}"))).collect(),
        seed,
        dice: arbiter_core::DiceMode::Seeded,
    };
    let mut record = Record::new(config);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = SeededDice::new(seed);
    let mut state = game.initial_state();
    let mut states = vec![state.clone()];
    let mut scratch = Vec::new();
    for _ in 0..steps {
        let d = match game.to_move(&state) {
            ToMove::Over | ToMove::Together(_) => break,
            ToMove::Chance => Decision::Roll(dice.roll_now(&game.dice(&state))),
            ToMove::Seat(_) => Decision::Act(game.random_action(&state, &mut rng, &mut scratch).unwrap()),
        };
        game.apply(&mut state, &d, &mut Discard).unwrap();
        record.decisions.push(d);
        states.push(state.clone());
    }
    (record, states)
}

fn files<G: Game>(target: &str, g: &G, seed: u64, steps: usize) -> Vec<G::State> {
    let (record, states) = game(g, seed, steps);
    let id = G::ID;
    write(target, &format!("{id}-record.json"), record.to_json().unwrap());
    let last = states.last().unwrap().clone();
    write(target, &format!("{id}-state.json"), StateFile::new(g, last).to_json().unwrap());
    write(target, &format!("{id}-config.json"), ConfigFile::<G>::new(record.config.clone()).to_json().unwrap());
    states
}

#[test]
#[ignore = "writes fuzz/seeds; run by hand"]
fn write_seeds() {
    use arbiter_ephemeral::Ephemeral;
    use arbiter_essence::Essence;
    use arbiter_ethia::Ethia;
    use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};

    // Notations: positions and the legal actions of a few states.
    let essence = Essence::new(arbiter_essence::Variant::default(), 2).unwrap();
    let (_, states) = game(&essence, 1, 60);
    for (i, s) in states.iter().step_by(20).enumerate() {
        let mut actions = Vec::new();
        essence.legal_actions(s, &mut actions);
        let text: Vec<String> = actions.iter().take(12).map(|a| a.to_string()).collect();
        write("essence_notation", &format!("position-{i}"), s.to_string());
        write("essence_notation", &format!("actions-{i}"), text.join("\n"));
    }
    write("essence_notation", "variant", "determined,loop,summoning,fast");

    let ethia = Ethia::new(arbiter_ethia::Variant::default(), 2).unwrap();
    let (_, states) = game(&ethia, 2, 80);
    for (i, s) in states.iter().step_by(20).enumerate() {
        let mut actions = Vec::new();
        ethia.legal_actions(s, &mut actions);
        let text: Vec<String> = actions.iter().take(12).map(|a| a.to_string()).collect();
        write("ethia_notation", &format!("actions-{i}"), text.join("\n"));
    }
    let worlds = EthiaWorlds::new(WorldsVariant::default(), 1).unwrap();
    let (_, states) = game(&worlds, 3, 60);
    for (i, s) in states.iter().step_by(20).enumerate() {
        let mut actions = Vec::new();
        worlds.legal_actions(s, &mut actions);
        let text: Vec<String> = actions.iter().take(12).map(|a| a.to_string()).collect();
        write("ethia_notation", &format!("worlds-actions-{i}"), text.join("\n"));
    }
    write("ethia_notation", "variant", "battle,walls=custom,deployment=standard");

    let ephemeral = Ephemeral::default();
    let (_, states) = game(&ephemeral, 4, 60);
    for (i, s) in states.iter().step_by(12).enumerate() {
        let text: Vec<String> = arbiter_ephemeral::notation::legal_texts(&ephemeral, s).into_iter().take(12).collect();
        write("ephemeral_notation", &format!("actions-{i}"), text.join("\n"));
    }
    write("ephemeral_notation", "pos", "(12.5, 30)");
    write("ephemeral_notation", "dice", "2D4+1D6");

    let p2v = arbiter_p2v::P2v::new(Default::default(), 2).unwrap();
    let (_, states) = game(&p2v, 9, 160);
    for (i, s) in states.iter().step_by(20).enumerate() {
        let mut actions = Vec::new();
        p2v.legal_actions(s, &mut actions);
        let text: Vec<String> = actions.iter().take(12).map(|a| p2v.text(a)).collect();
        write("p2v_notation", &format!("actions-{i}"), text.join("\n"));
    }
    write(
        "p2v_notation",
        "turn",
        "activate a\nstride e5\nstrike 1 B\nstrike jaws B\nclaim 1 arcana\nshove A e7\nescape grabbed\nline 1\nreact\npass\nend",
    );

    // Records, state files and config files of every game.
    files("records", &essence, 5, 30);
    files("records", &ethia, 6, 30);
    files("records", &worlds, 7, 30);
    files("records", &ephemeral, 8, 30);
    files("records", &p2v, 10, 60);

    // The shipped data files.
    for set in ["ember-court", "tide-wardens", "gatewrights"] {
        copy("figure_sets", &format!("crates/ephemeral/sets/{set}.toml"));
    }
    copy("catalogue", "crates/ephemeral/data/abilities.toml");
    copy("terrain_kit", "crates/ephemeral/data/terrain-kit.toml");
    for w in [
        "beasts-of-the-vale",
        "kobold-ambush",
        "oni-tyrant",
        "thornwood-raiders",
        "old-wood-brawlers",
        "briar-skirmishers",
        "scuttling-horde",
        "soothsayers-circle",
    ] {
        copy("warbands", &format!("crates/p2v/data/warbands/{w}.toml"));
    }
    copy("bestiary", "crates/p2v/data/bestiary.toml");
    copy("bestiary", "crates/p2v/data/items.toml");
    write(
        "card_import",
        "basilisk.json",
        r#"{"creatures": [{"name": "Old Basilisk", "level": 4, "points": 32, "size": "Medium",
        "traits": ["Beast"], "alignment_symbol": "❀", "tagline": "Medium Beast 4",
        "stats": {"Fight": "+10", "Armor": "17", "Power": "16", "Fort": "+9", "Reflex": "+3", "Will": "+6",
                  "HP": "75", "Speed": "4"},
        "features": [{"uses": "", "name": "Jaws", "top": "• Melee strike", "text": "13 piercing damage"}]}]}"#,
    );
    write(
        "card_import",
        "herder.json",
        r#"[{"name": "Halfling Herder", "tagline": "Small Halfling Humanoid 1", "alignment_symbol": "✿",
        "stats": {"Fight": 5, "Armor": 15, "Power": 15, "Fort": 4, "Reflex": 6, "Will": 5, "HP": 20, "Speed": 5},
        "features": [{"name": "Commander", "top": "", "text": "Capybaras. Starts with Capybara Pet 12 minion."}]}]"#,
    );
    copy("quests", "crates/ethia/quests/kingdom-of-coyote.toml");
    copy("quests", "crates/ethia/tests/data/dukes-den.toml");
    write(
        "quests",
        "leader.toml",
        "name = \"Kit\"\ntype = \"scout\"\nelement = \"water\"\ntokens = 12\nelixirs = [\"speed\", \"tunnel\"]\nrelics = [{ relic = \"training\", of = \"ranger\" }]\n",
    );
    for m in ["ruined-crossroads", "river-ford", "broken-hills"] {
        copy("battle_maps", &format!("crates/geometry/data/maps/{m}.toml"));
    }
    copy("battle_maps", "crates/geometry/data/tiles/watchtower.toml");

    // Server messages: a match created and played a few actions, and the
    // checking and import bodies.
    let (record, _) = game(&ephemeral, 9, 12);
    let mut lines = vec![
        r#"{"game": "ephemeral", "seats": [{"controller": "human"}, {"controller": "human"}], "seed": 9}"#.to_string(),
    ];
    for d in &record.decisions {
        if let Decision::Act(a) = d {
            lines.push(serde_json::json!({"type": "action", "action": a, "id": 1}).to_string());
        }
    }
    write("server_messages", "ephemeral-match", lines.join("\n"));
    let (record, _) = game(&essence, 10, 8);
    let mut lines = vec![
        r#"{"game": "essence", "variant": {"determined": true}, "seats": [{"controller": "human"}, {"controller": "random"}]}"#
            .to_string(),
    ];
    for d in &record.decisions {
        if let Decision::Act(a) = d {
            lines.push(serde_json::to_string(a).unwrap());
        }
    }
    write("server_messages", "essence-match", lines.join("\n"));
    write("server_messages", "refresh", r#"{"type": "refresh"}"#);
    write("server_messages", "join", r#"{"seat": 1}"#);
    write("server_messages", "action", r#"{"token": "abc", "action": {"Pass": null}}"#);
    let set = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../crates/ephemeral/sets/ember-court.toml"),
    )
    .unwrap();
    write("server_messages", "check-set", serde_json::json!({"edition": "v0.26", "set": set}).to_string());
    let warband = arbiter_p2v::warband::shipped_warband("kobold-ambush").unwrap();
    write("server_messages", "check-warband", serde_json::json!({"warband": warband}).to_string());
    write(
        "server_messages",
        "import",
        serde_json::json!({"cards": [{"name": "Halfling Herder", "tagline": "Small Halfling Humanoid 1",
            "stats": {"Fight": 5, "Armor": 15, "Power": 15, "Fort": 4, "Reflex": 6, "Will": 5, "HP": 20, "Speed": 5},
            "features": []}]})
        .to_string(),
    );
}
