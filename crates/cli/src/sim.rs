//! `arbiter sim`: many bot-against-bot games, summarised with 95% Wilson
//! intervals. Game `i` is seeded from the run's seed and `i` alone, and
//! results are gathered in game order, so identical seeds give identical
//! results whatever the number of threads (for bots limited by iterations).

use crate::{Failure, parse_bot};
use arbiter_ai::{Bot, BotSpec, decide};
use arbiter_core::stats::{Mean, Proportion, mean_interval, wilson};
use arbiter_core::{ChanceSource, Decision, Discard, Entry, OutcomeKind, Seat, SeededDice, ToMove};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
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
    /// How the games ended, by the game's own words (e.g. "quest won",
    /// "round limit" in E'thia Worlds), with counts.
    pub endings: std::collections::BTreeMap<String, u64>,
}

/// A well-mixed seed for game `index` of a run (SplitMix64).
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    let mut z = run_seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

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

/// Plays one game between two bot descriptions (each seat gets its own bot,
/// `specs[0]` for side 0's seats and `specs[1]` for side 1's); returns the
/// winning side, the number of decisions and how the game ended in words.
pub fn play_game<G: Entry>(game: &G, specs: [&BotSpec; 2], seed: u64, think: f64) -> Result<Played, String> {
    let mut bots: Vec<Box<dyn Bot<G>>> = Vec::new();
    for seat in 0..game.seats() {
        let spec = specs[game.side_of(Seat(seat as u8)).min(1)];
        bots.push(spec.build(game, game_seed(seed, 1000 + seat as u64), think).map_err(|e| e.to_string())?);
    }
    let mut dice = SeededDice::new(seed);
    let mut state = game.initial_state();
    let mut length = 0u64;
    loop {
        let decision = match game.to_move(&state) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll(&game.dice(&state)).map_err(|e| e.to_string())?),
            to_move @ (ToMove::Seat(_) | ToMove::Together(_)) => {
                let Some(s) = to_move.first_seat() else { break };
                let n = bots.len();
                let bot = &mut bots[s.index() % n];
                let action =
                    decide(bot.as_mut(), game, &state, s).ok_or_else(|| format!("{} found no action", bot.name()))?;
                if matches!(to_move, ToMove::Together(_)) {
                    Decision::Commit { seat: s, action }
                } else {
                    Decision::Act(action)
                }
            }
        };
        game.apply(&mut state, &decision, &mut Discard).map_err(|r| format!("a bot's decision was refused: {r}"))?;
        length += 1;
    }
    let result = match game.outcome(&state).map(|o| o.kind) {
        Some(OutcomeKind::Win(w)) if !w.is_empty() => Result1::Win(game.side_of(w[0]).min(1) as u8),
        _ => Result1::Draw,
    };
    Ok(Played {
        result,
        length,
        ending: crate::view::ending_label(game, &state),
        p1_return: game.returns(&state, Seat(0)),
    })
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
    let results: Vec<Result<Played, String>> = pool.install(|| {
        (0..o.games)
            .into_par_iter()
            .map(|i| {
                let r = play_game(game, [&specs[0], &specs[1]], game_seed(o.seed, i), o.think);
                progress.inc(1);
                r
            })
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let (mut w1, mut w2, mut draws, mut length) = (0, 0, 0, 0u64);
    let mut returns = Vec::with_capacity(results.len());
    let mut endings = std::collections::BTreeMap::new();
    for r in results {
        let Played { result, length: len, ending, p1_return } = r.map_err(Failure::Run)?;
        length += len;
        returns.push(p1_return);
        *endings.entry(ending).or_insert(0) += 1;
        match result {
            Result1::Win(0) => w1 += 1,
            Result1::Win(_) => w2 += 1,
            Result1::Draw => draws += 1,
        }
    }
    let n = o.games;
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
    }
    Ok(())
}
