//! `arbiter sim`: many bot-against-bot games, summarised with 95% Wilson
//! intervals. Game `i` is seeded from the run's seed and `i` alone, and
//! results are gathered in game order, so identical seeds give identical
//! results whatever the number of threads (for bots limited by iterations).

use crate::{Failure, parse_bot};
use arbiter_ai::BotSpec;
use arbiter_core::stats::{Mean, Proportion, mean_interval, wilson};
use arbiter_core::{Decision, DiceMode, Entry, MatchConfig, PlayerSpec, Record, Seat};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `arbiter sim`.
pub struct Options {
    /// `--variant` text.
    pub variant: String,
    /// Number of games.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Bot of seat 1 (of side 1 with teams).
    pub p1: String,
    /// Bot of seat 2 (of side 2 with teams).
    pub p2: String,
    /// Number of players.
    pub seats: usize,
    /// Worker threads.
    pub threads: usize,
    /// Default seconds per decision for search bots.
    pub think: f64,
    /// Print JSON.
    pub json: bool,
    /// Where the records of failing games are written.
    pub out: PathBuf,
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result1 {
    /// A side won: 0 is seat 1's side, 1 seat 2's.
    Win(u8),
    /// Nobody won.
    Draw,
}

/// The summary printed at the end.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// The game.
    pub game: String,
    /// The variant.
    pub variant: String,
    /// Seat 1's bot.
    pub p1: String,
    /// Seat 2's bot.
    pub p2: String,
    /// Games played.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Wins of seat 1.
    pub p1_wins: u64,
    /// Wins of seat 2.
    pub p2_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Seat 1's win rate with its 95% Wilson interval.
    pub p1_win_rate: Proportion,
    /// Seat 2's win rate with its interval.
    pub p2_win_rate: Proportion,
    /// Draw rate with its interval.
    pub draw_rate: Proportion,
    /// Seat 1's mean return (the game's score: 1 a win, −1 a loss, or a
    /// score in between) with its 95% interval.
    pub p1_mean_return: Mean,
    /// Mean number of decisions per game.
    pub mean_length: f64,
    /// Games per second of wall-clock time.
    pub games_per_sec: f64,
    /// Wall-clock seconds.
    pub elapsed_sec: f64,
    /// Worker threads.
    pub threads: usize,
    /// Games that failed (an error or a panic); they count nowhere else.
    pub failures: Vec<SimFailure>,
    /// How the games ended, by the game's own words (e.g. "quest won",
    /// "round limit" in E'thia Worlds), with counts.
    pub endings: std::collections::BTreeMap<String, u64>,
}

pub use arbiter_lab::play::game_seed;

/// One game's result.
pub struct Played {
    /// Who won.
    pub result: Result1,
    /// Decisions taken.
    pub length: u64,
    /// How it ended, in the game's words.
    pub ending: String,
    /// Seat 1's return.
    pub p1_return: f64,
}

/// The ending labels of the terminal's views (Ephemeral says "won at the
/// gate" where the game's entry says "side 1 won").
pub struct ViewLabels;

impl arbiter_lab::play::Labels for ViewLabels {
    fn ending<G: Entry>(&self, game: &G, state: &G::State) -> String {
        crate::view::ending_label(game, state)
    }
}

/// Plays one game between two bot descriptions (each seat gets its own bot,
/// `specs[0]` for side 0's seats and `specs[1]` for side 1's); returns the
/// winning side, the number of decisions and how the game ended in words.
pub fn play_game<G: Entry>(game: &G, specs: [&BotSpec; 2], seed: u64, think: f64) -> Result<Played, String> {
    play_recorded(game, specs, seed, think, &mut Vec::new())
}

/// [`play_game`], pushing every decision on `decisions` as it is applied:
/// after a failure they are the game up to the state that failed. The loop
/// is the laboratory's ([`arbiter_lab::play::play_recorded`]).
pub fn play_recorded<G: Entry>(
    game: &G,
    specs: [&BotSpec; 2],
    seed: u64,
    think: f64,
    decisions: &mut Vec<Decision<G::Action>>,
) -> Result<Played, String> {
    let seats: Vec<&BotSpec> = (0..game.seats()).map(|s| specs[game.side_of(Seat(s as u8)).min(1)]).collect();
    let p = arbiter_lab::play::play_recorded(game, &seats, seed, think, &ViewLabels, decisions)?;
    Ok(Played {
        result: match p.winner {
            Some(side) => Result1::Win(side.min(1) as u8),
            None => Result1::Draw,
        },
        length: p.length,
        ending: p.ending,
        p1_return: p.returns.first().copied().unwrap_or(0.0),
    })
}

/// One game of a run that failed.
#[derive(Clone, Debug, Serialize)]
pub struct SimFailure {
    /// The game's seed.
    pub seed: u64,
    /// What went wrong.
    pub error: String,
    /// The record up to the failing state, if it was written.
    pub record: Option<PathBuf>,
}

/// Plays game `seed` and, if it fails (an error or a panic inside the rules
/// or a bot), writes its record up to the failing state into `out`.
fn play_or_keep<G: Entry>(game: &G, specs: [&BotSpec; 2], seed: u64, o: &Options) -> Result<Played, SimFailure> {
    let mut decisions = Vec::new();
    let played =
        std::panic::catch_unwind(AssertUnwindSafe(|| play_recorded(game, specs, seed, o.think, &mut decisions)));
    let error = match played {
        Ok(Ok(r)) => return Ok(r),
        Ok(Err(e)) => e,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(no message)".into());
            format!("decision {}: panicked: {what}", decisions.len())
        }
    };
    let config = MatchConfig {
        game: G::ID.to_string(),
        variant: game.variant().clone(),
        players: (0..game.seats())
            .map(|s| PlayerSpec::bot(specs[game.side_of(Seat(s as u8)).min(1)].to_string()))
            .collect(),
        seed,
        dice: DiceMode::Seeded,
    };
    let mut record = Record::<G>::new(config);
    record.decisions = decisions;
    let reproduce = format!(
        "arbiter sim {} --variant '{}' --players {} --games {} --seed {} --p1 '{}' --p2 '{}' --threads 1",
        G::ID,
        G::variant_label(game.variant()),
        game.seats(),
        o.games,
        o.seed,
        o.p1,
        o.p2
    );
    let name = format!("{}-sim-{seed}", G::ID);
    let written = crate::soak::write_failure(&o.out, &name, &record, &error, &reproduce);
    Err(SimFailure { seed, error, record: written.ok() })
}

/// Runs the games and builds the summary.
pub fn simulate<G: Entry>(game: &G, o: &Options, progress: &ProgressBar) -> Result<Summary, Failure> {
    let specs = [parse_bot(&o.p1)?, parse_bot(&o.p2)?];
    for s in &specs {
        s.build(game, 0, o.think).map_err(|e| Failure::Input(e.to_string()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.threads.max(1))
        .build()
        .map_err(|e| Failure::Run(e.to_string()))?;
    let started = Instant::now();
    let results: Vec<Result<Played, SimFailure>> = pool.install(|| {
        (0..o.games)
            .into_par_iter()
            .map(|i| {
                let seed = game_seed(o.seed, i);
                let r = play_or_keep(game, [&specs[0], &specs[1]], seed, o);
                if let Err(f) = &r {
                    let file = f.record.as_ref().map(|p| format!(" → {}", p.display())).unwrap_or_default();
                    progress.println(format!("FAILED game {i} (seed {seed}): {}{file}", f.error));
                }
                progress.inc(1);
                r
            })
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let (mut w1, mut w2, mut draws, mut length) = (0, 0, 0, 0u64);
    let mut returns = Vec::with_capacity(results.len());
    let mut endings = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    for r in results {
        let Played { result, length: len, ending, p1_return } = match r {
            Ok(p) => p,
            Err(f) => {
                failures.push(f);
                continue;
            }
        };
        length += len;
        returns.push(p1_return);
        *endings.entry(ending).or_insert(0) += 1;
        match result {
            Result1::Win(0) => w1 += 1,
            Result1::Win(_) => w2 += 1,
            Result1::Draw => draws += 1,
        }
    }
    let n = o.games - failures.len() as u64;
    Ok(Summary {
        game: G::ID.into(),
        variant: G::variant_label(game.variant()),
        p1: specs[0].to_string(),
        p2: specs[1].to_string(),
        games: n,
        seed: o.seed,
        p1_wins: w1,
        p2_wins: w2,
        draws,
        p1_win_rate: wilson(w1, n),
        p2_win_rate: wilson(w2, n),
        draw_rate: wilson(draws, n),
        p1_mean_return: mean_interval(&returns),
        mean_length: if n == 0 { 0.0 } else { length as f64 / n as f64 },
        games_per_sec: if elapsed > 0.0 { n as f64 / elapsed } else { 0.0 },
        elapsed_sec: elapsed,
        threads: o.threads.max(1),
        failures,
        endings,
    })
}

fn pct(p: Proportion) -> String {
    format!("{:5.1}%  [{:5.1}%, {:5.1}%]", p.rate * 100.0, p.low * 100.0, p.high * 100.0)
}

/// Runs `arbiter sim`.
pub fn run<G: Entry>(o: &Options) -> Result<(), Failure> {
    let variant = G::parse_variant(&o.variant).map_err(Failure::Input)?;
    let game = G::new(variant, o.seats).map_err(|e| Failure::Input(e.to_string()))?;
    if !(o.think.is_finite() && o.think >= 0.0) {
        return Err(Failure::Input("--think must be a non-negative number of seconds".into()));
    }
    let progress = ProgressBar::new(o.games);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let summary = simulate(&game, o, &progress)?;
    progress.finish_and_clear();
    if o.json {
        println!("{}", serde_json::to_string(&summary).map_err(|e| Failure::Run(e.to_string()))?);
    } else {
        println!("{} ({}) — {} games, seed {}", G::NAME, summary.variant, summary.games, summary.seed);
        if !summary.failures.is_empty() {
            println!("  {} more failed (below)", summary.failures.len());
        }
        println!("  P1 {:<28} wins {:>6}  {}", summary.p1, summary.p1_wins, pct(summary.p1_win_rate));
        println!("  P2 {:<28} wins {:>6}  {}", summary.p2, summary.p2_wins, pct(summary.p2_win_rate));
        println!("  draws {:>32}  {}", summary.draws, pct(summary.draw_rate));
        let m = summary.p1_mean_return;
        println!("  P1's mean return {:+.3}  [{:+.3}, {:+.3}]", m.mean, m.low, m.high);
        let endings: Vec<String> = summary.endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
        println!("  endings: {}", endings.join(", "));
        println!("  mean length {:.1} decisions", summary.mean_length);
        println!(
            "  {:.1} games/s ({:.2} s on {} thread{})",
            summary.games_per_sec,
            summary.elapsed_sec,
            summary.threads,
            if summary.threads == 1 { "" } else { "s" }
        );
        println!("  intervals are 95% Wilson score intervals");
        for f in &summary.failures {
            let file = f.record.as_ref().map(|p| format!(" → {}", p.display())).unwrap_or_default();
            println!("  FAILED seed {}: {}{file}", f.seed, f.error);
        }
    }
    if summary.failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::Run(format!(
            "{} of {} games failed and are left out of the figures; their records are in {}",
            summary.failures.len(),
            o.games,
            o.out.display()
        )))
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_ephemeral::Ephemeral;

    /// Issue 18: `arbiter sim ephemeral --games 26133 --seed 11 --p1 random
    /// --p2 random --threads 1` stopped with "random found no action" at game
    /// index 26132 (the gate's only room a pocket the candidate scan missed).
    /// That game now plays to its end.
    #[test]
    fn the_ephemeral_game_that_found_no_action_finishes() {
        let variant = Ephemeral::parse_variant("standard").unwrap();
        let game = Ephemeral::new(variant, 2).unwrap();
        let random: BotSpec = "random".parse().unwrap();
        let played = play_game(&game, [&random, &random], game_seed(11, 26132), 0.0).unwrap();
        assert!(played.length > 0, "{}", played.ending);
    }

    /// What a failing game leaves behind: a record cut at the failing state
    /// (here, half-way), written beside a note, that reads back, verifies
    /// against its seed and replays to that state — what `arbiter replay`
    /// does with it. (The shipped games have no known failure to provoke;
    /// the core's conformance tests inject flaws into a toy game.)
    #[test]
    fn a_failing_games_record_replays_to_where_it_stopped() {
        let out = std::env::temp_dir().join(format!("arbiter-sim-failures-{}", std::process::id()));
        let variant = Ephemeral::parse_variant("standard").unwrap();
        let game = Ephemeral::new(variant, 2).unwrap();
        let o = Options {
            variant: "standard".into(),
            games: 3,
            seed: 5,
            p1: "random".into(),
            p2: "random".into(),
            seats: 2,
            threads: 1,
            think: 0.0,
            json: false,
            out: out.clone(),
        };
        let random: BotSpec = "random".parse().unwrap();
        // A healthy game passes through untouched.
        assert!(play_or_keep(&game, [&random, &random], game_seed(5, 0), &o).is_ok());
        // A record of a failure replays to the state it stopped at.
        let mut decisions = Vec::new();
        play_recorded(&game, [&random, &random], 77, 0.0, &mut decisions).unwrap();
        decisions.truncate(decisions.len() / 2);
        let mut record = Record::<Ephemeral>::new(MatchConfig {
            game: Ephemeral::ID.into(),
            variant: game.variant().clone(),
            players: vec![PlayerSpec::bot("random"), PlayerSpec::bot("random")],
            seed: 77,
            dice: DiceMode::Seeded,
        });
        record.decisions = decisions;
        let path = crate::soak::write_failure(&out, "half", &record, "decision 9: example", "again").unwrap();
        let read = Record::<Ephemeral>::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        read.verify_seed().unwrap();
        assert_eq!(read.replay().unwrap().1, record.replay().unwrap().1);
        assert!(std::fs::read_to_string(out.join("half.txt")).unwrap().starts_with("decision 9: example"));
        let _ = std::fs::remove_dir_all(&out);
    }
}
