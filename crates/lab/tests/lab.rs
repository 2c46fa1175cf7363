//! The laboratory end to end on Essence's fast game (short random games):
//! stopped and resumed runs, thread counts, stopping by precision, reports
//! and bad experiment files.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_lab::play::EntryLabels;
use arbiter_lab::run::{Status, status};
use arbiter_lab::stats::{widest_half, z_for};
use arbiter_lab::store::Store;
use arbiter_lab::{LabError, Plan, Quiet, RunOptions, Stop, run};
use std::path::PathBuf;

/// A fresh directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-lab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const FIXED: &str = r#"
name = "test"
game = "essence"
seed = 7
games = 12
variants = ["fast", "fast,loop"]
matchups = [["random", "random"], ["greedy", "random"]]
"#;

fn plan(text: &str, dir: &std::path::Path, stem: &str) -> Plan {
    Plan::from_text(text, dir, stem).unwrap()
}

fn go(plan: &Plan, threads: usize, limit: Option<u64>) -> arbiter_lab::RunSummary {
    run(plan, &EntryLabels, &RunOptions { threads, limit, stop: None }, &Quiet).unwrap()
}

fn table(plan: &Plan) -> Vec<String> {
    Store::open(&plan.results).unwrap().dump(&plan.hash).unwrap()
}

#[test]
fn a_stopped_and_resumed_run_and_any_thread_count_give_the_same_table() {
    let d = dir("resume");
    let whole = plan(FIXED, &d, "whole");
    let s = go(&whole, 1, None);
    assert_eq!((s.played, s.stored, s.complete), (48, 48, true));
    let reference = table(&whole);
    assert_eq!(reference.len(), 48);
    // Two threads.
    let two = plan(FIXED, &d, "two");
    go(&two, 2, None);
    assert_eq!(table(&two), reference);
    // Stopped after 7 games, then after 20 more, then finished.
    let cut = plan(FIXED, &d, "cut");
    let first = go(&cut, 2, Some(7));
    assert_eq!((first.played, first.stored, first.complete), (7, 7, false));
    let second = go(&cut, 2, Some(20));
    assert_eq!((second.played, second.stored), (20, 27));
    let last = go(&cut, 2, None);
    assert_eq!((last.played, last.stored, last.complete), (21, 48, true));
    assert_eq!(table(&cut), reference);
    // Nothing left to play: a further run adds nothing.
    assert_eq!(go(&cut, 2, None).played, 0);
    // More games per cell keep the first twelve and add the rest.
    let more = plan(&FIXED.replace("games = 12", "games = 15"), &d, "cut");
    assert_eq!(more.hash, cut.hash);
    assert_eq!(go(&more, 2, None).played, 12);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_cell_stops_at_the_first_checkpoint_where_its_win_rates_are_precise_enough() {
    let d = dir("precision");
    let text = r#"
game = "essence"
seed = 3
variants = ["fast"]
matchups = [["random", "random"], ["greedy", "random"]]
until = { half_width = 0.12, confidence = 0.9, batch = 10, max = 300 }
"#;
    let p = plan(text, &d, "p");
    let Stop::Precision(u) = p.stop else { panic!("not a precision stop") };
    let s = go(&p, 2, None);
    assert!(s.complete);
    let store = Store::open(&p.results).unwrap();
    let z = z_for(0.9);
    for cell in &p.cells {
        let Status::Done(n) = status(&store, &p, cell).unwrap() else { panic!("{} unfinished", cell.key) };
        assert_eq!(n % 10, 0, "{n}");
        assert!(n < 300, "{} needed the cap: {n}", cell.key);
        let games = store.games(&p.hash, &cell.key, u64::MAX).unwrap();
        // No game past the checkpoint was played, and it is precise enough.
        assert_eq!(games.len() as u64, n);
        assert!(widest_half(&games, cell.sides, z) <= u.half_width);
        if n > 10 {
            // The checkpoint before was not.
            assert!(widest_half(&games[..n as usize - 10], cell.sides, z) > u.half_width);
        } else {
            // Precise at the first checkpoint: a lopsided matchup.
            assert!(games.iter().filter(|g| g.winner == Some(0)).count() >= 9);
        }
        if cell.bots == ["random", "random"] {
            // ±12% at 90%: about 47 games at a rate of one half.
            assert!(n >= 40, "{n}");
        }
    }
    // The same stopping points with one thread, and after an interruption.
    let q = plan(text, &d, "q");
    go(&q, 1, Some(13));
    go(&q, 1, None);
    assert_eq!(table(&q), table(&p));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_report_draws_its_plots_and_prints_its_numbers() {
    let d = dir("report");
    let text = r#"
name = "Round robin <test>"
game = "essence"
seed = 1
games = 6
variants = ["fast"]
round_robin = ["random", "greedy"]
"#;
    let p = plan(text, &d, "rr");
    assert!(matches!(arbiter_lab::report::html(&p, "x"), Err(LabError::Input(_))), "no results yet");
    go(&p, 2, None);
    let html = arbiter_lab::report::html(&p, "arbiter lab run rr.toml").unwrap();
    assert!(html.contains("<h1>Round robin &lt;test&gt;</h1>"));
    for section in ["Win rate per matchup", "Round robin", "First-player advantage", "Game length", "Running estimate"]
    {
        assert!(html.contains(section), "{section}");
    }
    // Five plots (one a heat map), all SVG from plotters.
    assert_eq!(html.matches("<svg").count(), 5);
    // The numbers behind them: each cell's wins per side, and the scores.
    let store = Store::open(&p.results).unwrap();
    let cells = arbiter_lab::report::results(&p, &store).unwrap();
    for c in &cells {
        let s = &c.summary;
        assert_eq!(s.games, 6);
        let wins = format!("<td>{} / {}</td>", s.side_wins[0], s.side_wins[1]);
        assert!(html.contains(&wins), "{wins}");
    }
    assert_eq!(p.cells[0].group, "fast · 2p");
    let scores = arbiter_lab::report::round_robin_scores(&p, &cells, "fast · 2p");
    let (score, n) = scores[0][1].unwrap();
    assert_eq!(n, 12);
    assert!((score + scores[1][0].unwrap().0 - 1.0).abs() < 1e-9, "the two scores of a pair sum to one");
    assert!(html.contains(&format!("{:.1}%", score * 100.0)));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_experiment_files_name_their_line_and_write_nothing() {
    let d = dir("bad");
    let cases = [
        ("game = \"chess\"\ngames = 3\n", "line 1: unknown game 'chess'"),
        (
            "game = \"essence\"\ngames = 3\nmatchups = [[\"random\",\n  \"mcts:iters=-1\"]]\n",
            "line 4: bot 'mcts:iters=-1'",
        ),
        (
            "game = \"essence\"\ngames = 3\nvariants = [\"fast\", \"huge\"]\n",
            "line 3: Essence of the Arcane cannot play variant 'huge'",
        ),
        ("game = \"ethia\"\ngames = 3\n\nplayers = [2, 7]\n", "line 4: E'thia cannot be played by 7 players"),
        (
            "game = \"ethia\"\ngames = 3\n[options]\nwalls = [\"fixed\", \"moat\"]\n",
            "line 4: E'thia cannot play variant 'walls=moat'",
        ),
        ("game = \"essence\"\ngames = 3\n[options]\nloop = [\"yes\"]\n", "line 4: 'loop' is a switch"),
        ("game = \"essence\"\ngames = 0\n", "line 2: `games` must be at least 1"),
        ("game = \"essence\"\n", "line 1: say how many games"),
        ("game = \"essence\"\nuntil = { half_width = 0.7 }\n", "line 2: `half_width` must be between 0 and 0.5"),
        (
            "game = \"essence\"\ngames = 3\nround_robin = [\"random\"]\n",
            "line 3: a round robin needs at least two bots",
        ),
        ("game = \"essence\"\ngames = 3\nseed = \"x\"\n", "line 3:"),
    ];
    for (text, expected) in cases {
        match Plan::from_text(text, &d, "bad") {
            Err(LabError::Input(m)) => assert!(m.starts_with(expected), "{m:?} should start with {expected:?}"),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0, "nothing written");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn pairs_of_option_values_make_a_round_robin_per_variant() {
    let d = dir("pairs");
    let text = r#"
game = "ephemeral"
games = 2
variants = ["edition=v0.26", "edition=v0.20"]
pairs = { first = "set1", second = "set2", values = ["ember-court", "tide-wardens", "glass-orchard"] }
"#;
    let p = plan(text, &d, "pairs");
    assert_eq!(p.cells.len(), 12);
    assert_eq!(p.round_robin.as_deref().map(<[String]>::len), Some(3));
    let c = &p.cells[1];
    assert_eq!(c.variant, "edition=v0.26,set1=ember-court,set2=glass-orchard");
    assert_eq!((c.pair, c.group.as_str()), (Some((0, 2)), "edition=v0.26 · 2p · random"));
    assert_eq!(p.cells[6].group, "edition=v0.20 · 2p · random");
    let bad = text.replace("first = \"set1\"", "first = \"army\"");
    match Plan::from_text(&bad, &d, "pairs") {
        Err(LabError::Input(m)) => assert!(m.starts_with("line 5: Ephemeral Path has no option 'army'"), "{m}"),
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ephemeral_games_store_every_figures_statistics_and_the_report_shows_them() {
    let d = dir("figures");
    let p = plan(
        "name = \"figures\"\ngame = \"ephemeral\"\nseed = 3\ngames = 6\nmatchups = [[\"greedy\"]]\n",
        &d,
        "figures",
    );
    assert_eq!(go(&p, 2, None).stored, 6);
    let store = Store::open(&p.results).unwrap();
    let rows = store.figures(&p.hash, &p.cells[0].key, u64::MAX).unwrap();
    let figures: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.figure.as_str()).collect();
    assert!(figures.len() >= 4, "{figures:?}");
    let (mut kills, mut deaths, mut damage) = (0.0, 0.0, 0.0);
    for i in 0..6 {
        let game: Vec<_> = rows.iter().filter(|r| r.index == i).collect();
        // Four numbers for every figure of both sets, in every game.
        assert_eq!(game.len(), 4 * figures.len(), "game {i}");
        for r in &game {
            match r.stat.as_str() {
                "survived" => {
                    assert!(r.rate && (r.value == 0.0 || r.value == 1.0));
                    deaths += 1.0 - r.value;
                }
                "kills" => kills += r.value,
                "damage dealt" => damage += r.value,
                _ => {}
            }
        }
    }
    // A kill is a defeat made by an attack: never more kills than defeats.
    assert!(kills <= deaths, "{kills} kills, {deaths} defeats");
    assert!(damage > 0.0, "six greedy games without a hit");
    let html = arbiter_lab::report::html(&p, "cmd").unwrap();
    assert!(html.contains("<h2>Per figure</h2>") && html.contains("survived: rate per figure"), "no figures section");
    assert!(html.contains("kills: mean per game per figure"));
    // Essence reports no figures: no section.
    let e = plan(FIXED, &d, "essence");
    go(&e, 2, None);
    assert!(!arbiter_lab::report::html(&e, "cmd").unwrap().contains("Per figure"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn worlds_party_composition_is_an_axis_and_a_bad_one_names_its_line() {
    let d = dir("composition");
    let text = "game = \"ethia-worlds\"\ngames = 2\nmatchups = [[\"random\"]]\n[options]\n\
                composition = [\"striker+striker\", \"defender-earth+scout\"]\nleaders = [1, 2]\nshop = [false]\n";
    let p = plan(text, &d, "c");
    assert_eq!(p.cells.len(), 4);
    assert!(p.cells[0].variant.contains("composition=striker+striker"), "{}", p.cells[0].variant);
    assert!(p.cells[0].label().contains("party=(Fire Striker/Fire Striker 2)"), "{}", p.cells[0].label());
    go(&p, 1, None);
    // Worlds reports its leaders: with one leader of the second composition, only the Earth Defender.
    let store = Store::open(&p.results).unwrap();
    let one = p.cells.iter().find(|c| c.variant.contains("defender") && c.variant.contains("leaders=1")).unwrap();
    let names: std::collections::BTreeSet<String> =
        store.figures(&p.hash, &one.key, u64::MAX).unwrap().into_iter().map(|r| r.figure).collect();
    assert_eq!(names.into_iter().collect::<Vec<_>>(), ["1. Earth Defender"]);
    // A composition the game refuses is blamed on its own line, not the last option's.
    let bad = text.replace("\"defender-earth+scout\"", "\"defender+wizard\"");
    let e = Plan::from_text(&bad, &d, "bad").unwrap_err();
    assert!(
        matches!(&e, LabError::Input(m) if m.starts_with("line 5:") && m.contains("'wizard' is not a leader type")),
        "{e:?}"
    );
    // More leaders than the composition has: refused by the game, at the leaders' line.
    let short = text.replace("leaders = [1, 2]", "leaders = [1, 3]");
    let e = Plan::from_text(&short, &d, "short").unwrap_err();
    assert!(matches!(&e, LabError::Input(m) if m.starts_with("line 6:")), "{e:?}");
    assert!(!d.join("bad.results.sqlite").exists() && !d.join("short.results.sqlite").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ethia_skirmish_counts_each_sides_units_lost() {
    let d = dir("skirmish");
    let p = plan("game = \"ethia\"\nseed = 5\ngames = 10\nmatchups = [[\"greedy\"]]\n", &d, "s");
    assert_eq!(go(&p, 2, None).stored, 10);
    let store = Store::open(&p.results).unwrap();
    let games = store.games(&p.hash, &p.cells[0].key, u64::MAX).unwrap();
    let rows = store.figures(&p.hash, &p.cells[0].key, u64::MAX).unwrap();
    let mut won = 0;
    for g in &games {
        let lost = |figure: &str| rows.iter().find(|r| r.index == g.index && r.figure == figure).unwrap().value;
        assert_eq!(rows.iter().filter(|r| r.index == g.index).count(), 4, "two sides, leaders and squad units");
        // A side wins by capturing every enemy leader: the loser lost its leader.
        if let Some(w) = g.winner {
            won += 1;
            assert_eq!(lost(&format!("side {} leaders", 2 - w)), 1.0, "game {}", g.index);
            assert_eq!(lost(&format!("side {} leaders", w + 1)), 0.0, "game {}", g.index);
        }
    }
    assert!(won > 0, "no game of ten was won");
    let _ = std::fs::remove_dir_all(&d);
}
