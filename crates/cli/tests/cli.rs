//! The `arbiter` command end to end: exit codes, terminal play with refusals,
//! undo, save, load and replay, simulation summaries and their determinism,
//! perft and the tournament table.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn arbiter(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args);
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn help_lists_every_command() {
    let o = arbiter(&["--help"], "");
    assert!(o.status.success());
    for c in ["play", "sim", "perft", "replay", "tournament", "build", "serve", "grid", "lab"] {
        assert!(text(&o).contains(c), "{c} missing from --help");
    }
    // Every bot a game accepts is named where a bot is chosen.
    for (command, flag) in [("play", "--vs"), ("sim", "--p1")] {
        let help = text(&arbiter(&[command, "--help"], ""));
        for bot in ["random", "greedy", "heuristic", "mcts", "alphabeta"] {
            assert!(help.contains(bot), "{bot} missing from {command} {flag} in --help");
        }
    }
}

#[test]
fn bad_input_exits_with_code_2_and_says_why() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "chess"], "unknown game 'chess'"),
        (&["play", "essence", "--variant", "warp"], "unknown variant 'warp'"),
        (&["play", "essence", "--vs", "minimax"], "unknown bot"),
        (&["sim", "essence", "--p1", "mcts:iters=x"], "whole number"),
        (&["perft", "essence", "--position", "xx"], "bad position"),
        (
            &["perft", "essence", "--position", "o2f.o1.o2r/...../..*../...../x2r.x1.x2f x a 1 0", "--variant", "fast"],
            "bad position",
        ),
        (&["replay", "/nonexistent/game.json"], "cannot read"),
        (&["sim", "essence", "--games"], "a value is required"),
    ];
    for (args, message) in cases {
        let o = arbiter(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(message), "{args:?}: {}", text(&o));
    }
    let bad = tmp("bad.json");
    std::fs::write(&bad, "{\"format\": \"arbiter.record\", \"version\": 1, \"game\": \"essence\"").unwrap();
    let o = arbiter(&["replay", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("invalid JSON"), "{}", text(&o));
}

#[test]
fn play_shows_the_board_and_refuses_with_the_rule() {
    let o = arbiter(&["play", "essence", "--vs", "greedy", "--seed", "1"], "a1-c3\nGc1\nnonsense\nquit\n");
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("P1 (x): action 1 of 2"), "{t}");
    assert!(t.contains("a mote can not stop on the void") && t.contains("rule essence.move.void"), "{t}");
    assert!(t.contains("Growth is skipped during the first turn of the game"), "{t}");
    assert!(t.contains("does not start an action"), "{t}");
}

#[test]
fn the_default_opponent_is_the_strongest_bot_for_the_game() {
    let o = arbiter(&["play", "essence"], "quit\n");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("you are P1 against alphabeta"), "{}", text(&o));
    let o = arbiter(&["play", "essence", "--vs", "human"], "quit\n");
    assert!(text(&o).contains("two players at one keyboard"), "{}", text(&o));
}

#[test]
fn undo_save_load_and_replay_round_trip() {
    let file = tmp("game.json");
    let f = file.to_str().unwrap();
    // P1 plays two actions and the greedy bot answers; then undo, then save.
    let script = format!("Vd3\nc1-c2\n@-\nundo\nsave {f}\nquit\n");
    let o = arbiter(&["play", "essence", "--vs", "greedy", "--seed", "3"], &script);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("Undone"), "{t}");
    assert!(t.contains("Saved"), "{t}");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["format"], "arbiter.record");
    let decisions = record["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "the game up to P1's undone decision is kept");
    assert_eq!(decisions[0]["act"], "Vd3");
    // Loading resumes the game; replay steps through it.
    let o = arbiter(&["play", "essence", "--vs", "greedy", "--load", f], "quit\n");
    assert!(o.status.success(), "{}", text(&o));
    let o = arbiter(&["replay", f], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1. Vd3"), "{}", text(&o));
    // A tampered record is refused with the decision that fails.
    let tampered = std::fs::read_to_string(&file).unwrap().replacen("\"Vd3\"", "\"Vc1\"", 1);
    std::fs::write(&file, tampered).unwrap();
    let o = arbiter(&["replay", f], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("decision 1"), "{}", text(&o));
}

#[test]
fn sim_json_has_the_summary_fields() {
    let o =
        arbiter(&["sim", "essence", "--games", "30", "--seed", "4", "--p1", "greedy", "--p2", "random", "--json"], "");
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for k in ["games", "p1_wins", "p2_wins", "draws", "mean_length", "games_per_sec"] {
        assert!(v.get(k).is_some(), "{k} missing: {v}");
    }
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("p1_wins") + n("p2_wins") + n("draws"), 30);
    assert!(n("p1_wins") > n("p2_wins"), "greedy should beat random: {v}");
    let rate = &v["p1_win_rate"];
    assert!(rate["low"].as_f64().unwrap() <= rate["rate"].as_f64().unwrap());
}

#[test]
fn sim_results_do_not_depend_on_threads() {
    let run = |threads: &str| {
        let o = arbiter(
            &[
                "sim",
                "essence",
                "--games",
                "24",
                "--seed",
                "11",
                "--p1",
                "mcts:iters=60",
                "--p2",
                "greedy",
                "--threads",
                threads,
                "--json",
            ],
            "",
        );
        assert!(o.status.success(), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (v["p1_wins"].clone(), v["p2_wins"].clone(), v["draws"].clone(), v["mean_length"].clone())
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn perft_counts_the_start_position() {
    let o = arbiter(&["perft", "essence", "--depth", "1"], "");
    assert!(o.status.success());
    let t = text(&o);
    assert!(t.contains("sequences  810") && t.contains("positions  347"), "{t}");
}

#[test]
fn tournament_prints_a_markdown_table() {
    let o =
        arbiter(&["tournament", "essence", "--bot", "random", "--bot", "greedy", "--games", "4", "--seed", "2"], "");
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("| `greedy` | 100%"), "{t}");
    assert!(t.contains("Side 1 (seat 1's) won"), "{t}");
}

#[test]
fn ethia_plays_in_the_terminal_and_refuses_with_the_rule() {
    // Seed 4: P1 wins the wall roll-off.
    let o = arbiter(&["play", "ethia", "--vs", "random", "--seed", "4"], "walls:fixed\nend:south\nL@d5\nL@d1\nquit\n");
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("you won the roll-off; choose the walls"), "{t}");
    assert!(t.contains("rule ethia.deploy.rows"), "{t}");
    assert!(t.contains("army 1 places a Leader on d1"), "{t}");
    assert!(t.contains("==="), "walls are drawn: {t}");
}

#[test]
fn ethia_shows_the_board_before_the_first_roll() {
    // Standard deployment places every unit by itself: the first thing asked is a
    // roll, and the board is drawn before it.
    let o = arbiter(
        &["play", "ethia", "--variant", "fixed,standard-deployment", "--vs", "human", "--manual-dice", "--seed", "1"],
        "quit\n",
    );
    let t = text(&o);
    let board = t.find("   +---+").unwrap_or_else(|| panic!("no board: {t}"));
    let roll = t.find("Roll ").unwrap_or_else(|| panic!("no dice asked: {t}"));
    assert!(board < roll, "the board comes first: {t}");
}

#[test]
fn worlds_says_what_it_took_for_you() {
    // One leader, no shop: its turn opens with a single possible decision
    // (roll), which the terminal takes and says so; typing it anyway is
    // answered, not refused.
    let o = arbiter(&["play", "ethia-worlds", "--leaders", "1", "--variant", "no-shop", "--seed", "2"], "roll\nquit\n");
    let t = text(&o);
    assert!(t.contains("roll — taken for you, the only possible decision"), "{t}");
    assert!(t.contains("'roll' was the only possible decision and was already taken for you"), "{t}");
    assert!(!t.contains('✗'), "{t}");
}

#[test]
fn ethia_sims_in_every_mode_with_teams() {
    for args in [
        &["sim", "ethia", "--games", "20", "--seed", "2", "--p1", "heuristic", "--p2", "random", "--json"][..],
        &["sim", "ethia", "--mode", "battle", "--walls", "standard", "--games", "4", "--seed", "2", "--json"][..],
        &["sim", "ethia", "--players", "4", "--games", "10", "--seed", "2", "--json"][..],
        &["sim", "ethia", "--players", "3", "--walls", "custom", "--games", "10", "--seed", "2", "--json"][..],
    ] {
        let o = arbiter(args, "");
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let n = |k: &str| v[k].as_u64().unwrap();
        assert_eq!(n("p1_wins") + n("p2_wins") + n("draws"), n("games"), "{args:?}");
    }
    let o =
        arbiter(&["sim", "ethia", "--games", "20", "--seed", "2", "--p1", "heuristic", "--p2", "random", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["p1_wins"].as_u64().unwrap() >= 15, "the heuristic bot should beat random: {v}");
    let o = arbiter(&["sim", "ethia", "--players", "5"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = arbiter(&["sim", "ethia", "--mode", "huge"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--mode is skirmish or battle"));
    let o = arbiter(&["sim", "essence", "--mode", "battle"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// The decisions a person types for one whole adventure: random legal
/// choices under the CLI's seeded dice, leaving out the decisions the CLI
/// takes by itself because they are the only ones possible.
fn worlds_script(seed: u64, leaders: u8) -> (Vec<String>, String) {
    use arbiter_core::{Decision, DiceMode, Game, MatchConfig, PlayerSpec, Session, ToMove};
    use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
    use rand::{SeedableRng, seq::IndexedRandom};
    let variant = WorldsVariant { leaders, ..WorldsVariant::default() };
    let config = MatchConfig {
        game: "ethia-worlds".into(),
        variant,
        players: vec![PlayerSpec::human("P1")],
        seed,
        dice: DiceMode::Seeded,
    };
    let mut session = Session::<EthiaWorlds>::new(config).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut typed = Vec::new();
    loop {
        match session.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                session.roll_seeded().unwrap();
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                let mut legal = Vec::new();
                session.game().legal_actions(session.state(), &mut legal);
                let a = *legal.choose(&mut rng).unwrap();
                if legal.len() > 1 {
                    typed.push(a.to_string());
                }
                session.apply(Decision::Act(a)).unwrap();
            }
        }
    }
    let reason = session.game().outcome(session.state()).unwrap().reason;
    (typed, reason)
}

#[test]
fn a_whole_worlds_adventure_plays_in_the_terminal_and_replays() {
    // Solo, two leaders: every decision, Players' Choice Rule ones included,
    // is typed in; the adventure reaches its end and the record replays.
    let (typed, reason) = worlds_script(5, 2);
    assert!(typed.len() > 10, "a real adventure: {typed:?}");
    let record = tmp("worlds.json");
    let mut input = typed.join("\n");
    input.push_str(&format!("\nsave {}\nquit\n", record.display()));
    let o = arbiter(&["play", "ethia-worlds", "--quest", "kingdom-of-coyote", "--leaders", "2", "--seed", "5"], &input);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("solo: you make every decision"), "{t}");
    assert!(t.contains("Before you lays the Kingdom of Coyote"), "the story is told: {t}");
    assert!(t.contains("our own design"), "the map is credited: {t}");
    assert!(t.contains("Kingdom of Coyote — round 1"), "the map and its legend are drawn: {t}");
    assert!(t.contains("Players' choice: which leader takes the next turn? lead:N"), "{t}");
    assert!(t.contains(&format!("The adventure is over: {reason}")), "{t}");
    assert!(!t.contains('✗'), "no typed decision was refused: {t}");
    let o = arbiter(&["replay", record.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains(&format!("Result: {reason}")), "{}", text(&o));
}

#[test]
fn worlds_refusals_name_their_rule_and_flags_belong_to_their_game() {
    // Seed 3 opens with the Call of the Coyote: three Coyotes to place.
    let o = arbiter(&["play", "ethia-worlds", "--leaders", "2", "--seed", "3"], "place:h9\nlead:1\nquit\n");
    let t = text(&o);
    assert!(t.contains("the call brings 3 more — place each beside a leader"), "{t}");
    assert!(t.contains("rule worlds.pcr"), "{t}");
    assert!(t.contains("Coyote"), "{t}");
    let o = arbiter(&["play", "ethia-worlds", "--leaders", "5"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = arbiter(&["play", "ethia-worlds", "--quest", "no-such-quest"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("neither built in"), "{}", text(&o));
    let o = arbiter(&["play", "ethia", "--quest", "kingdom-of-coyote"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--quest is an option of ethia-worlds, not of ethia"), "{}", text(&o));
    let o = arbiter(&["play", "ethia-worlds", "--players", "3", "--leaders", "2"], "");
    assert_eq!(o.status.code(), Some(2), "more players than leaders: {}", text(&o));
}

#[test]
fn a_quest_file_plays_from_the_command_line() {
    let quest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../ethia/quests/kingdom-of-coyote.toml"))
        .unwrap()
        .replace("name = \"Kingdom of Coyote\"", "name = \"Coyote Canyon\"");
    let path = tmp("canyon.toml");
    std::fs::write(&path, quest).unwrap();
    let o = arbiter(&["play", "ethia-worlds", "--quest", path.to_str().unwrap(), "--seed", "1"], "quit\n");
    assert!(text(&o).contains("Coyote Canyon — round 1"), "{}", text(&o));
    let bad = tmp("bad.toml");
    std::fs::write(&bad, "id = \"x\"\nmap = 3\n").unwrap();
    let o = arbiter(&["play", "ethia-worlds", "--quest", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("line 2"), "the error names the line: {}", text(&o));
}

#[test]
fn worlds_sims_report_how_adventures_end() {
    let o = arbiter(&["sim", "ethia-worlds", "--games", "30", "--seed", "1", "--p1", "random", "--json"], "");
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let endings = v["endings"].as_object().unwrap();
    let total: u64 = endings.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(total, 30);
    assert!(endings.keys().all(|k| ["quest won", "quest lost", "party escaped", "round limit"].contains(&k.as_str())));
    assert_eq!(v["p2_wins"].as_u64(), Some(0), "nobody plays against the party");
}

#[test]
fn a_party_file_brings_its_own_leaders_to_the_shop() {
    let path = tmp("party.toml");
    std::fs::write(
        &path,
        "[[leader]]\nname = \"Kit\"\ntype = \"scout\"\nelement = \"water\"\ntokens = 12\n\n[[leader]]\nname = \"Bo\"\ntype = \"ranger\"\nelement = \"fire\"\ntokens = 45\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let o = arbiter(
        &["play", "ethia-worlds", "--leaders", "2", "--party", p, "--seed", "2"],
        "buy:haste\nbuy:speed\nquit\n",
    );
    let t = text(&o);
    assert!(t.contains("1 Kit — Scout Water"), "{t}");
    assert!(t.contains("Kit (1) at the Smokey Cauldron with 12 tokens"), "{t}");
    assert!(t.contains("rule worlds.shop.tokens"), "12 tokens do not buy a 40-token relic: {t}");
    assert!(t.contains("Kit (1) at the Smokey Cauldron with 7 tokens"), "a speed elixir costs 5: {t}");
    std::fs::write(&path, "[[leader]]\nname = \"Kit\"\ntype = \"wizard\"\nelement = \"water\"\n").unwrap();
    let o = arbiter(&["play", "ethia-worlds", "--party", p], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("line 3"), "{}", text(&o));
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // Like `arbiter play … | head`: the reader goes away; no panic message.
    let mut child = spawn(&["play", "ethia-worlds", "--seed", "2"]);
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all("board\n".repeat(300).as_bytes());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn build_checks_a_figure_set_and_writes_spec_sheets() {
    // Every shipped set builds by name, at exactly 100 points, and `build --help` names it.
    let help = text(&arbiter(&["build", "--help"], ""));
    for (stem, _) in arbiter_ephemeral::figure::shipped_sets() {
        let o = arbiter(&["build", stem], "");
        assert!(o.status.success(), "{stem}: {}", text(&o));
        assert!(text(&o).contains("100/100 spec points"), "{stem}: {}", text(&o));
        assert!(help.contains(stem), "{stem} missing from build --help");
    }
    // A file, in the other edition, with a sheet.
    let set = tmp("pair.json");
    std::fs::write(
        &set,
        r#"{"name": "Pair", "figure": [
            {"name": "Mira", "class": "disruptor", "base_mm": 25, "hp": 6, "movement": 8, "force": 6, "range": 4,
             "abilities": [{"id": "D4", "name": "Long Bow"}, {"id": "D2", "name": "Flaming Arrow"}]},
            {"name": "Tam", "class": "runner", "base_mm": 12, "hp": 4, "movement": 4, "force": 1, "range": 1}]}"#,
    )
    .unwrap();
    let sheet = tmp("pair.html");
    let o = arbiter(&["build", set.to_str().unwrap(), "--edition", "v0.20", "--sheet", sheet.to_str().unwrap()], "");
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("Pair — Ephemeral Gate v0.20 — 2 figures"), "{t}");
    assert!(t.contains("Mira") && t.contains("Disruptor") && t.contains("31 pts") && t.contains("Move 16 cm"), "{t}");
    assert!(t.contains("Range 20 cm") && t.contains("D4 Long Bow (4 pts, Attack, [D6])"), "{t}");
    assert!(t.contains("41/100 spec points") && t.contains("spec sheets written to"), "{t}");
    let html = std::fs::read_to_string(&sheet).unwrap();
    assert!(html.contains("Long Bow") && html.contains("@media print"));
    // The same file in v0.26: Tam's 12 mm base is too small; exit 1 with the violation.
    let o = arbiter(&["build", set.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("Tam: the base diameter (12 mm) must be 19–67 mm in v0.26"), "{}", text(&o));
}

#[test]
fn build_lists_every_violation_or_says_why_it_cannot_read() {
    let bad = tmp("bad-set.toml");
    std::fs::write(
        &bad,
        "name = \"Bad\"\n\n[[figure]]\nname = \"Mira\"\nclass = \"leader\"\nbase_mm = 40\nhp = 20\nmovement = 8\n\
         force = 5\nrange = 4\nabilities = [\"T3\", \"L4\", \"L4\"]\n",
    )
    .unwrap();
    let o = arbiter(&["build", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    for line in [
        "the set has 1 figure; v0.26 allows 2–4",
        "Mira: Leader base spec points 37 exceed 35",
        "Mira: ability T3 is a Tactician ability; a Leader may only take Leader abilities",
        "Mira: ability L4 is listed twice",
    ] {
        assert!(t.lines().any(|l| l.trim() == line), "{line:?} not on a line of its own: {t}");
    }
    std::fs::write(&bad, "name = \"Bad\"\n\n[[figure]]\nname = \"Mira\"\nclass = \"wizard\"\n").unwrap();
    let o = arbiter(&["build", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("bad-set.toml: line 5: unknown class 'wizard'"), "{}", text(&o));
    let o = arbiter(&["build", "no-such-set"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("no shipped set by that name"), "{}", text(&o));
    let o = arbiter(&["build", "ember-court", "--edition", "v1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("unknown edition"), "{}", text(&o));
}

#[test]
fn ephemeral_sims_are_reproducible_in_both_editions() {
    for (edition, title) in [("v0.26", "Ephemeral Path v0.26"), ("v0.20", "Ephemeral Gate v0.20")] {
        let run = || {
            let o = arbiter(&["sim", "ephemeral", "--edition", edition, "--games", "4", "--seed", "1", "--json"], "");
            assert!(o.status.success(), "{}", text(&o));
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(v["games"], 4);
            assert!(v["variant"].as_str().unwrap().starts_with(title), "{v}");
            (
                v["p1_wins"].clone(),
                v["p2_wins"].clone(),
                v["draws"].clone(),
                v["mean_length"].clone(),
                v["endings"].clone(),
            )
        };
        assert_eq!(run(), run(), "{edition}");
    }
    // The heuristic bot plays it through the generic API, on other shipped sets.
    let o = arbiter(
        &[
            "sim",
            "ep",
            "--edition",
            "v0.20",
            "--set1",
            "glass-orchard",
            "--set2",
            "salt-and-iron",
            "--games",
            "2",
            "--seed",
            "3",
            "--p1",
            "heuristic:depth=0",
            "--p2",
            "mcts:iters=10",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("Glass Orchard vs Salt and Iron"), "{}", text(&o));
}

/// What a person types against `--vs random --seed SEED` until one of P1's
/// figures is taking actions, worked out with the library (the same seeded
/// dice and the same random bot as the CLI); each decision is typed in the
/// notation and what the CLI will read back is what is applied. Returns the
/// lines and the session at that point.
fn ephemeral_script(seed: u64) -> (Vec<String>, arbiter_core::Session<arbiter_ephemeral::Ephemeral>) {
    use arbiter_ai::BotSpec;
    use arbiter_core::{Decision, DiceMode, Game, MatchConfig, PlayerSpec, Seat, Session, ToMove};
    use arbiter_ephemeral::notation::{format_action, parse_action};
    use arbiter_ephemeral::{Ephemeral, Phase, Variant};
    use rand::{SeedableRng, seq::SliceRandom};
    let config = MatchConfig {
        game: "ephemeral".into(),
        variant: Variant::default(),
        players: vec![PlayerSpec::human("P1"), PlayerSpec::bot("random")],
        seed,
        dice: DiceMode::Seeded,
    };
    let mut session = Session::<Ephemeral>::new(config).unwrap();
    let game = session.game().clone();
    let mut bot = "random"
        .parse::<BotSpec>()
        .unwrap()
        .build(&game, seed ^ 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(2), 1.0)
        .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut typed = Vec::new();
    for _ in 0..500 {
        match session.to_move() {
            ToMove::Over => panic!("the game ended before P1 acted"),
            ToMove::Chance => {
                session.roll_seeded().unwrap();
            }
            ToMove::Seat(Seat(1)) => {
                let a = arbiter_ai::decide(bot.as_mut(), &game, session.state(), Seat(1)).unwrap();
                session.apply(Decision::Act(a)).unwrap();
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                if matches!(session.state().phase, Phase::Acting { .. }) {
                    return (typed, session);
                }
                let mut legal = Vec::new();
                game.legal_actions(session.state(), &mut legal);
                legal.shuffle(&mut rng);
                let (line, a) = legal
                    .iter()
                    .map(|a| format_action(&game, a))
                    .find_map(|t| {
                        parse_action(&game, &t).ok().filter(|a| game.check(session.state(), a).is_ok()).map(|a| (t, a))
                    })
                    .unwrap();
                typed.push(line);
                session.apply(Decision::Act(a)).unwrap();
            }
        }
    }
    panic!("P1 never acted");
}

#[test]
fn ephemeral_plays_in_the_terminal_measures_and_refuses_with_the_rule() {
    use arbiter_core::Game;
    use arbiter_ephemeral::notation::{format_figure, format_pos, parse_action};
    use arbiter_ephemeral::{Phase, Pos};
    let seed = 7;
    let (mut typed, session) = ephemeral_script(seed);
    let (game, state) = (session.game(), session.state());
    let Phase::Acting { figure, .. } = state.phase else { unreachable!() };
    let me = format_figure(game, figure);
    let enemy = (0..state.figures.len() as u8).find(|&i| state.figures[i as usize].owner.0 == 1).unwrap();
    // A zig-zag of 3 cm legs away from the edge and back: 36 cm, more than
    // any figure moves, and clear of enemies (placed at least 5 cm away).
    let at = state.figures[figure as usize].at.unwrap();
    let too_far = (0..16)
        .map(|k| {
            let a = std::f32::consts::TAU * k as f32 / 16.0;
            let (dx, dy) = (3.0 * a.cos(), 3.0 * a.sin());
            let legs: Vec<String> =
                (0..12).map(|i| format_pos(if i % 2 == 0 { Pos::new(at.x + dx, at.y + dy) } else { at })).collect();
            format!("move {}", legs.join(" "))
        })
        .find(|t| game.check(state, &parse_action(game, t).unwrap()).is_err_and(|r| r.rule == "ep.move.too-far"))
        .expect("a move that is only too far");
    let record = tmp("ephemeral.json");
    let last = typed.last().unwrap().clone();
    typed.extend([
        too_far,
        format!("measure {me} {}", format_figure(game, enemy)),
        format!("measure {me} 20,20"),
        "help".into(),
        format!("save {}", record.display()),
        "quit".into(),
    ]);
    let o = arbiter(&["play", "ephemeral", "--vs", "random", "--seed", &seed.to_string()], &(typed.join("\n") + "\n"));
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("you are P1 against random"), "{t}");
    assert!(t.contains("Terrain (map digits)") && t.contains("Foraging pool:"), "the table and its legend: {t}");
    assert!(t.contains("now: a figure is taking actions — P1"), "the activation phase is reached: {t}");
    assert!(t.contains("rule ep.move.too-far"), "{t}");
    assert_eq!(t.matches('✗').count(), 1, "only the long move was refused: {t}");
    assert!(t.contains("centre to centre") && t.contains("edge to edge") && t.contains("line of sight:"), "{t}");
    assert!(t.contains("a straight move there"), "{t}");
    assert!(t.contains("measure a C | measure a 12,20"), "help lists measure: {t}");
    // The saved game replays, and the decisions read back in the notation.
    let o = arbiter(&["replay", record.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains(&format!(". {last}\n")), "{}", text(&o));
    assert!(text(&o).contains("now: a figure is taking actions"), "{}", text(&o));
}

#[test]
fn ephemeral_figure_sets_come_from_files_or_names_and_bad_ones_exit_2() {
    let o = arbiter(&["play", "ephemeral", "--set1", "/nonexistent/my-set.toml"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--set1 /nonexistent/my-set.toml: cannot read"), "{}", text(&o));
    assert!(text(&o).contains("ember-court"), "the shipped sets are named: {}", text(&o));
    let bad = tmp("bad-set-flag.toml");
    std::fs::write(&bad, "name = \"Nobody\"\n[[figure]]\nname = \"Lone\"\nclass = \"runner\"\n").unwrap();
    let o = arbiter(&["sim", "ephemeral", "--set2", bad.to_str().unwrap(), "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains(&format!("--set2 {}", bad.display())), "{}", text(&o));
    let o = arbiter(&["sim", "ephemeral", "--edition", "v9"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--edition is v0.26 or v0.20, not 'v9'"), "{}", text(&o));
    let o = arbiter(&["sim", "essence", "--set1", "ember-court"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--set1 is an option of ephemeral, not of essence"), "{}", text(&o));
    // The default opponent is the heuristic bot: as strong as MCTS with a
    // second a decision here, and it answers at once.
    let o = arbiter(&["play", "ephemeral"], "quit\n");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("you are P1 against heuristic"), "{}", text(&o));
    // A set written to a file plays like a shipped one.
    let good = tmp("lantern.toml");
    let set = arbiter_ephemeral::figure::shipped_set("lantern-pact").unwrap();
    std::fs::write(&good, set).unwrap();
    let o = arbiter(&["sim", "ephemeral", "--set1", good.to_str().unwrap(), "--games", "2", "--json"], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("Lantern Pact vs Tide Wardens"), "{}", text(&o));
}

#[test]
fn serve_answers_the_api_on_a_sqlite_file_and_refuses_a_bad_address() {
    use std::io::{BufRead, BufReader, Read};
    let db = tmp("serve.db");
    let mut child = spawn(&["serve", "--port", "0", "--database", db.to_str().unwrap()]);
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split_whitespace().next()).unwrap_or_else(|| {
        let _ = child.kill();
        panic!("no address in {line:?}")
    });
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    for game in ["essence", "ethia", "ethia-worlds", "ephemeral"] {
        assert!(reply.contains(&format!("\"{game}\"")), "{game} missing from {reply}");
    }
    assert!(db.exists(), "the database file is created");
    let o = arbiter(&["serve", "--host", "not-an-ip"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn ephemeral_plays_with_a_terrain_kit_file_and_names_a_bad_one() {
    let kit = tmp("kit.toml");
    let piece = |name: &str, h: f32| {
        format!("[[piece]]\nname = \"{name}\"\nshape = \"circle\"\nradius = 2.0\nheight = {h}\n\n")
    };
    let pieces: String = (1..=5).map(|i| piece(&format!("Stone {i}"), i as f32)).collect();
    std::fs::write(&kit, pieces).unwrap();
    let o = arbiter(
        &[
            "sim",
            "ephemeral",
            "--terrain",
            kit.to_str().unwrap(),
            "--games",
            "2",
            "--seed",
            "3",
            "--p1",
            "greedy",
            "--p2",
            "random",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o));
    std::fs::write(&kit, piece("Only one", 1.0)).unwrap();
    let o = arbiter(&["sim", "ephemeral", "--terrain", kit.to_str().unwrap(), "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("exactly 5"), "{}", text(&o));
}

#[test]
fn build_p2v_checks_shipped_warbands_and_writes_warband_sheets() {
    // Every shipped warband builds by name, with its total, and `build --help` names it.
    let help = text(&arbiter(&["build", "--help"], ""));
    for (stem, total) in [
        ("kobold-ambush", "98/100 points"),
        ("thornwood-raiders", "148/150 points"),
        ("beasts-of-the-vale", "194/200 points"),
        ("oni-tyrant", "258/300 points"),
        ("old-wood-brawlers", "149/150 points"),
        ("briar-skirmishers", "148/150 points"),
        ("scuttling-horde", "150/150 points"),
        ("soothsayers-circle", "149/150 points"),
    ] {
        let o = arbiter(&["build", "--game", "p2v", stem], "");
        assert!(o.status.success(), "{stem}: {}", text(&o));
        assert!(text(&o).lines().any(|l| l == total), "{stem}: {}", text(&o));
        assert!(help.contains(stem), "{stem} missing from build --help");
    }
    let sheet = tmp("kobolds.html");
    let o = arbiter(&["build", "--game", "p2v", "kobold-ambush", "--sheet", sheet.to_str().unwrap()], "");
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains("Kobold Ambush — Path 2 Victory v1.3 — Balanced, Limited Play — Lawful Evil — 7 creatures"),
        "{t}"
    );
    assert!(t.contains("4 × Kobold Warrior  level -1  Lawful Evil       11 pts each    44 pts  + Sling"), "{t}");
    assert!(t.contains("Kobold Warrior  4 of 4 (100%)"), "the share the game runs: {t}");
    assert!(t.contains("Basilisk        3 of 3 (100%)"), "{t}");
    assert!(t.contains("warband sheet written to"), "{t}");
    let o = arbiter(&["build", "--game", "p2v", "old-wood-brawlers"], "");
    let t = text(&o);
    assert!(t.contains("Hateful Logger          3 of 3 (100%)"), "{t}");
    assert!(t.contains("Ohancanu                6 of 6 (100%)"), "{t}");
    // Casters: every spell of their lists runs, so they count whole.
    let o = arbiter(&["build", "--game", "p2v", "soothsayers-circle"], "");
    let t = text(&o);
    assert!(t.contains("Azhana               2 of 2 (100%)"), "{t}");
    assert!(t.contains("Pixie                4 of 4 (100%)"), "{t}");
    assert!(t.contains("Tortoise Soothsayer  4 of 4 (100%)"), "{t}");
    assert!(!t.contains("not yet"), "{t}");
    let html = std::fs::read_to_string(&sheet).unwrap();
    assert!(html.contains("Basilisk") && html.contains("@media print"));
    // A JSON file of our own, checked against the starter bestiary.
    let band = tmp("pack.json");
    std::fs::write(&band, r#"{"name": "Pack", "points": 40, "entries": [{"creature": "Boar", "count": 2}]}"#).unwrap();
    let o = arbiter(&["build", "--game", "p2v", band.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("36/40 points"), "{}", text(&o));
}

#[test]
fn build_p2v_lists_every_violation_with_its_rule_or_says_why_it_cannot_read() {
    let bad = tmp("bad-band.toml");
    std::fs::write(
        &bad,
        "name = \"Bad\"\nmode = \"balanced-limited\"\nalignment = \"lawful evil\"\npoints = 200\n\n\
         [[entry]]\ncreature = \"Caldera Oni\"\n\n[[entry]]\ncreature = \"Harpy\"\nhero_points = 4\n\n\
         [[entry]]\ncreature = \"Dragon\"\n",
    )
    .unwrap();
    let o = arbiter(&["build", "--game", "p2v", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("is not a legal warband for Balanced, Limited Play (5 problems)"), "{t}");
    for line in [
        "Caldera Oni: costs 192 points, more than half of the 200-point limit (at most 100 for one creature)  \
         [p2v.warband.half; BUILDING A WARBAND: Single most expensive creature]",
        "Harpy: 4 hero points; a creature may buy 0 to 3, each for its upgrade cost (6)  \
         [p2v.warband.hero-points; HERO POINTS]",
        "Dragon: there is no creature called 'Dragon' in the bestiary  \
         [p2v.warband.creature; How to read a creature card (the bestiary)]",
        "the warband costs 242 points; the limit is 200  [p2v.warband.points; BUILDING A WARBAND: Balanced, Unlimited Play]",
    ] {
        assert!(t.lines().any(|l| l.trim() == line), "{line:?} not on a line of its own: {t}");
    }
    assert!(t.contains("[p2v.warband.alignment; BUILDING A WARBAND: Alignments]"), "{t}");
    // Unreadable: bad TOML (with its line), an unknown name, options of the other game.
    std::fs::write(&bad, "name = \"Bad\"\n\n[[entry]]\ncreature = \"Boar\"\ncount = \"two\"\n").unwrap();
    let o = arbiter(&["build", "--game", "p2v", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("bad-band.toml: line 5: invalid type"), "{}", text(&o));
    let cases: &[(&[&str], &str)] = &[
        (&["build", "--game", "p2v", "no-such-band"], "no shipped warband by that name"),
        (&["build", "--game", "p2v", "kobold-ambush", "--edition", "v0.26"], "--edition is for Ephemeral"),
        (&["build", "ember-court", "--import", "cards.json"], "--bestiary and --import are for --game p2v"),
        (&["build", "--game", "chess", "ember-court"], "build knows ephemeral and p2v"),
        (&["build", "--game", "p2v", "kobold-ambush", "--bestiary", "/nonexistent/b.toml"], "cannot read"),
    ];
    for (args, message) in cases {
        let o = arbiter(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(message), "{args:?}: {}", text(&o));
    }
}

#[test]
fn build_p2v_takes_creatures_from_a_bestiary_file_or_imported_cards() {
    // A creature only in the public card file: refused without --import, legal with it.
    // (The Slurk is left out of the starter bestiary: its Slime Squirt is a strike without damage.)
    let band = tmp("slurks.toml");
    std::fs::write(&band, "name = \"Slurks\"\npoints = 100\n\n[[entry]]\ncreature = \"Slurk\"\n").unwrap();
    let o = arbiter(&["build", "--game", "p2v", band.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("p2v.warband.creature"), "{}", text(&o));
    // The public cards are shared reference material (tests may read it): beside this
    // checkout, or where this machine keeps it; without it this part is skipped.
    let rel = "reference/path-2-victory/creatures-orc.json";
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    let places = [here, std::path::PathBuf::from("/work/shared")];
    match places.iter().map(|d| d.join(rel)).find(|p| p.is_file()) {
        Some(cards) => {
            let args = ["build", "--game", "p2v", band.to_str().unwrap(), "--import", cards.to_str().unwrap()];
            let o = arbiter(&args, "");
            assert!(o.status.success(), "{}", text(&o));
            assert!(text(&o).contains("imported 42 cards") && text(&o).contains("18/100 points"), "{}", text(&o));
        }
        None => eprintln!("skipped --import: the shared reference file {rel} is not available"),
    }
    // A bestiary file of our own: a commander and the minion it starts with, free.
    let bestiary = tmp("herders.toml");
    std::fs::write(
        &bestiary,
        "[[creature]]\nname = \"Herd Keeper\"\nlevel = 1\nsize = \"small\"\nalignment = \"neutral good\"\n\
         stats = { fight = +5, armor = 15, power = 15, fort = +4, reflex = +6, will = +5, hp = 20, speed = 5 }\n\
         commander = { starts_with = [{ creature = \"Capybara Pet\" }] }\n\n\
         [[creature]]\nname = \"Capybara Pet\"\nlevel = 0\nsize = \"small\"\nalignment = \"neutral\"\n\
         stats = { fight = +4, armor = 13, power = 13, fort = +5, reflex = +4, will = +2, hp = 15, speed = 6 }\n",
    )
    .unwrap();
    std::fs::write(&band, "name = \"Herd\"\npoints = 30\n\n[[entry]]\ncreature = \"Herd Keeper\"\n").unwrap();
    let o = arbiter(&["build", "--game", "p2v", band.to_str().unwrap(), "--bestiary", bestiary.to_str().unwrap()], "");
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains("Capybara Pet") && t.contains("free (starts with Herd Keeper)") && t.contains("14/30 points"),
        "{t}"
    );
    // A bestiary error names its file and line.
    std::fs::write(&bestiary, "[[creature]]\nname = \"X\"\nlevel = 40\n").unwrap();
    let o = arbiter(&["build", "--game", "p2v", band.to_str().unwrap(), "--bestiary", bestiary.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("herders.toml: line "), "{}", text(&o));
}

/// A bestiary of one creature made for the tests: a Large swamp beast whose
/// Jaws grab and whose Swallow Whole swallows what they hold.
const GULPER: &str = include_str!("../../p2v/tests/data/marsh-gulper.toml");

#[test]
fn p2v_games_play_with_the_cards_of_a_bestiary_file() {
    // `--bestiary FILE` gives play, sim and tournament a game's own cards: a
    // warband of a creature only that file has is refused without it, and
    // plays with it (the record keeps the cards, so it replays anywhere).
    let cards = tmp("gulpers.toml");
    std::fs::write(&cards, GULPER).unwrap();
    let band = tmp("gulpers-band.toml");
    std::fs::write(&band, "name = \"Gulpers\"\npoints = 150\n\n[[entry]]\ncreature = \"Marsh Gulper\"\ncount = 2\n")
        .unwrap();
    let sim = |extra: &[&str]| {
        let mut args = vec!["sim", "p2v", "--warband1", band.to_str().unwrap(), "--warband2", "kobold-ambush"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--games", "4", "--seed", "3", "--p1", "random", "--p2", "random", "--json"]);
        arbiter(&args, "")
    };
    let o = sim(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no creature called 'Marsh Gulper'"), "{}", text(&o));
    let o = sim(&["--bestiary", cards.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("\"games\": 4") || text(&o).contains("\"games\":4"), "{}", text(&o));
    // A bad card names its file and line.
    std::fs::write(&cards, "[[creature]]\nname = \"X\"\nlevel = 40\n").unwrap();
    let o = sim(&["--bestiary", cards.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("gulpers.toml: line "), "{}", text(&o));
}

#[test]
fn ephemeral_reactions_are_asked_of_the_defenders_player_in_the_terminal() {
    // Two people at one terminal (`--vs human`): P1 attacks; P2, whose
    // tactician holds a Defend ability (T2) and a D4, is asked before the
    // damage lands and answers with `use A1 defend`. The script up to the
    // attack is worked out with the library, with the same seeded dice.
    use arbiter_core::{Decision, DiceMode, Game, MatchConfig, PlayerSpec, Session, ToMove};
    use arbiter_ephemeral::catalogue::Catalogue;
    use arbiter_ephemeral::figure::{FigureSet, Format};
    use arbiter_ephemeral::kit::Kit;
    use arbiter_ephemeral::notation::format_action;
    use arbiter_ephemeral::{Action, Aim, Edition, Ephemeral, Variant};
    let strikers = "name = \"Strikers\"\n[[figure]]\nname = \"Ash\"\nclass = \"disruptor\"\nbase_mm = 25\nhp = 4\nmovement = 8\nforce = 8\nrange = 5\n[[figure]]\nname = \"Bolt\"\nclass = \"disruptor\"\nbase_mm = 25\nhp = 4\nmovement = 8\nforce = 8\nrange = 5\n";
    let shields = "name = \"Shields\"\n[[figure]]\nname = \"Dee\"\nclass = \"tactician\"\nbase_mm = 25\nhp = 9\nmovement = 6\nforce = 4\nrange = 2\nabilities = [\"T2\"]\n[[figure]]\nname = \"Eve\"\nclass = \"tactician\"\nbase_mm = 25\nhp = 9\nmovement = 6\nforce = 4\nrange = 2\nabilities = [\"T2\"]\n";
    let (f1, f2) = (tmp("strikers.toml"), tmp("shields.toml"));
    std::fs::write(&f1, strikers).unwrap();
    std::fs::write(&f2, shields).unwrap();
    let c = Catalogue::standard().unwrap();
    let sets = vec![
        FigureSet::parse(strikers, Format::Toml, Edition::V026, &c).unwrap(),
        FigureSet::parse(shields, Format::Toml, Edition::V026, &c).unwrap(),
    ];
    let seed = 5;
    let config = MatchConfig {
        game: "ephemeral".into(),
        variant: Variant { edition: Edition::V026, sets, kit: Kit::standard() },
        players: vec![PlayerSpec::human("P1"), PlayerSpec::human("P2")],
        seed,
        dice: DiceMode::Seeded,
    };
    let mut session = Session::<Ephemeral>::new(config).unwrap();
    let game = session.game().clone();
    let mut typed = Vec::new();
    let defend = 'play: {
        for _ in 0..600 {
            match session.to_move() {
                ToMove::Over => panic!("the game ended before a defence"),
                ToMove::Chance => {
                    session.roll_seeded().unwrap();
                }
                ToMove::Together(_) => unreachable!("Ephemeral Path has no simultaneous decisions"),
                ToMove::Seat(seat) => {
                    let mut legal = Vec::new();
                    game.legal_actions(session.state(), &mut legal);
                    if let Some(d) =
                        legal.iter().find(|a| matches!(a, Action::Ability(u) if matches!(u.aim, Aim::Defend(false))))
                    {
                        break 'play d.clone();
                    }
                    let s = session.state();
                    let has_die = |t: u8| t >= 2 && !s.figures[t as usize].dice.is_empty();
                    let pick = if seat.0 == 1 {
                        legal
                            .iter()
                            .find(|a| matches!(a, Action::Forage { die, .. } if s.pool.get(*die).is_some_and(|d| d.sides == 4)))
                            .or_else(|| legal.iter().find(|a| matches!(a, Action::Prepare | Action::Pass | Action::End)))
                    } else {
                        legal
                            .iter()
                            .find(|a| matches!(a, Action::Attack { target, .. } if has_die(*target)))
                            .or_else(|| legal.iter().find(|a| matches!(a, Action::Pass)))
                            .or_else(|| legal.iter().find(|a| matches!(a, Action::Move { .. })))
                            .or_else(|| legal.iter().find(|a| matches!(a, Action::Resolve)))
                    }
                    .unwrap_or(&legal[0])
                    .clone();
                    typed.push(format_action(&game, &pick));
                    session.apply(Decision::Act(pick)).unwrap();
                }
            }
        }
        panic!("no defence was asked");
    };
    typed.push(format_action(&game, &defend));
    typed.push("quit".into());
    let o = arbiter(
        &[
            "play",
            "ephemeral",
            "--vs",
            "human",
            "--set1",
            f1.to_str().unwrap(),
            "--set2",
            f2.to_str().unwrap(),
            "--seed",
            &seed.to_string(),
        ],
        &(typed.join("\n") + "\n"),
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("is about to be dealt to"), "P2 is told what the window is about: {t}");
    assert!(t.contains("defends with T2"), "{t}");
    assert!(!t.contains('✗'), "every typed decision was accepted: {t}");
}

#[test]
fn goofspiel_plays_against_a_bot_without_showing_its_bid_before_the_reveal() {
    let file = tmp("goofspiel.json");
    let f = file.to_str().unwrap();
    let args = ["play", "goofspiel", "--cards", "3", "--order", "descending", "--vs", "random", "--seed", "1"];
    let o = arbiter(&args, &format!("bid 3\nbid 7\nbid 2\n1\nsave {f}\nquit\n"));
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    // The bot bids first, in secret: the person sees that it bid, not what.
    assert!(t.contains("P2 (random): (a secret decision)") && t.contains("P2 bids a card, face down"), "{t}");
    assert!(!t.contains("P2 bids 1,") && !t.contains("P2 bids 2,") && !t.contains("P2 bids 3,"), "{t}");
    assert!(t.contains("bids revealed: P1 3, P2"), "{t}");
    assert!(t.contains("goofspiel.bid.card"), "a card not in hand is refused with its rule: {t}");
    assert!(t.contains("Game over") && t.contains("on prize points"), "{t}");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["decisions"].as_array().unwrap().len(), 6);
    assert!(record["decisions"][0]["commit"]["seat"].is_number(), "bids are recorded with their seat: {record}");
    let o = arbiter(&["replay", f], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("Result:"), "{}", text(&o));
    let o = arbiter(&["play", "goofspiel", "--cards", "0"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--cards is a number from 1 to 64"), "{}", text(&o));
    let o = arbiter(&["play", "gops", "--order", "sideways"], "");
    assert!(text(&o).contains("--order is random, descending or ascending"), "{}", text(&o));
}

#[test]
fn kuhn_poker_simulates_and_plays_a_hand() {
    let o =
        arbiter(&["sim", "kuhn", "--games", "200", "--seed", "1", "--p1", "random", "--p2", "random", "--json"], "");
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 200);
    assert!(v["p1_mean_return"]["mean"].is_number(), "{v}");
    let o = arbiter(&["play", "kuhn", "--vs", "greedy", "--seed", "4"], "bet\npass\nquit\n");
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("P2 is dealt a card, face down") && t.contains("(you)"), "{t}");
    let o = arbiter(&["play", "kuhn", "--variant", "big-blind"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn grid_sandbox_answers_the_rules_questions_on_a_shipped_map() {
    let script = "place a medium c3\nplace b medium h6 2\nplace o large m12 2\nsight a b\neffect a o\ncover a b\n\
                  area burst 4 at m12\ncone 6 from a toward n\nline 8 from a toward q10\nreach a\npath a to f3 6\n\
                  place c medium c4 2\nplace d medium c2 2\nflanked a\nplace e enormous a1\nplace f medium k7\n\
                  sight a nobody\nbogus\nquit\n";
    let o = arbiter(&["grid", "ruined-crossroads"], script);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    for want in [
        "Ruined crossroads — 24 × 18 squares",
        "a: medium at c3 (team 1)",
        "yes: line of sight",
        "yes: line of effect",
        "concealment [fog bank]",
        "figures in it: o",
        "24 squares: c4 b5 c5 d5",
        "squares where its space can end, spending at most 6",
        "steps costing",
        "flanked by c and d",
        "'enormous' is not a size",
        "f cannot stand at k7: solid terrain is in the way",
        "there is no figure 'nobody'",
        "'bogus' is not a command",
    ] {
        assert!(t.contains(want), "missing {want:?} in\n{t}");
    }
}

#[test]
fn grid_sandbox_reads_map_files_refuses_bad_ones_by_line_and_ends_on_closed_input() {
    let map = tmp("grid-map.toml");
    std::fs::write(&map, "name = \"tiny\"\nmap = \"\"\"\n. . #\n. X .\n\"\"\"\n[legend]\n\"#\" = { name = \"wall\", traits = [\"solid\"] }\n").unwrap();
    let o = arbiter(&["grid", map.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("line 4: 'X' is not on the legend"), "{}", text(&o));
    std::fs::write(&map, "name = \"tiny\"\nmap = \"\"\"\n. . #\n. . .\n\"\"\"\n[legend]\n\"#\" = { name = \"wall\", traits = [\"solid\"] }\n").unwrap();
    // Input closed straight away: the sandbox ends quietly.
    let o = arbiter(&["grid", map.to_str().unwrap()], "place a small a1\nsvg ");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("tiny — 3 × 2 squares") && !text(&o).contains("panicked"), "{}", text(&o));
    let out = tmp("grid.svg");
    let o = arbiter(&["grid", map.to_str().unwrap()], &format!("place a small a1\nsvg {}\n", out.display()));
    assert!(o.status.success() && std::fs::read_to_string(&out).unwrap().starts_with("<svg"), "{}", text(&o));
    let o = arbiter(&["grid", "/nonexistent/map.toml"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("cannot read"), "{}", text(&o));
}

#[test]
fn grid_sandbox_never_panics_on_odd_commands() {
    let lines = [
        "place",
        "place a",
        "place a huge",
        "place a huge zz99",
        "place a gargantuan a1 999999999999",
        "place é small b2",
        "place a small b2",
        "place a small b2",
        "move a",
        "move a q99",
        "move zz a1",
        "sight",
        "sight a",
        "effect a a",
        "cover a a",
        "cover a a zz9",
        "area",
        "area burst",
        "area burst x at a1",
        "area burst 99999 at a1",
        "area burst 3 at a1:up",
        "area emanation 2 from",
        "cone",
        "cone 3 from a toward",
        "cone 3 from a toward up",
        "cone 3 from a toward a1",
        "line 3 from a toward a1",
        "reach a 61",
        "reach a 6 hover",
        "path a to",
        "path a to x1 3",
        "flanked",
        "flanked a 9999",
        "flanking a",
        "door",
        "door gate ajar",
        "door nothing open",
        "helpless",
        "svg",
        "svg /nonexistent/dir/x.svg",
        "remove a",
        "range a b",
        "\u{1F600}",
        "board",
    ];
    let o = arbiter(&["grid", "river-ford"], &(lines.join("\n") + "\n"));
    let t = text(&o);
    assert!(o.status.success() && !t.contains("panicked"), "{t}");
    assert!(t.contains("missing") && t.contains("is not a") && t.contains("cannot write"), "{t}");
}

/// `arbiter soak` plays a slice of a run (`--from`), says so in its JSON
/// summary, and refuses a `--config` that names no configuration instead of
/// playing nothing and passing.
#[test]
fn soak_plays_a_slice_and_refuses_an_unknown_configuration() {
    let out = tmp("soak-failures");
    let o = arbiter(
        &["soak", "kuhn", "--games", "3", "--from", "7", "--seed", "18", "--threads", "1", "--json", "--out"],
        "",
    );
    // `--out` needs a value: clap refuses the command line.
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = arbiter(
        &["soak", "kuhn", "--games", "3", "--from", "7", "--seed", "18", "--threads", "1", "--json", "--out"]
            .iter()
            .copied()
            .chain([out.to_str().unwrap()])
            .collect::<Vec<_>>(),
        "",
    );
    assert!(o.status.success(), "{}", text(&o));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(summary["from"], 7);
    assert_eq!(summary["failures"], 0);
    let configs = summary["configurations"].as_array().unwrap();
    assert!(!configs.is_empty());
    assert_eq!(summary["games"], 3 * configs.len() as u64);
    let o = arbiter(&["soak", "ethia", "--config", "standard, 2 players", "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no configuration of ethia is or contains 'standard, 2 players'"), "{}", text(&o));
}
