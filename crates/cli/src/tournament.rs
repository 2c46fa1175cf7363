//! `arbiter tournament`: a round robin between bots, every pairing played
//! with sides swapped half the time, printed as a Markdown table (the table in
//! `docs/ai.md` is this command's output).

use crate::sim::{Result1, game_seed, play_game};
use crate::{Failure, parse_bot};
use arbiter_ai::BotSpec;
use arbiter_core::Entry;
use arbiter_core::stats::{wilson, wilson_rate};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Options of `arbiter tournament`.
pub struct Options {
    /// `--variant` text.
    pub variant: String,
    /// Bot descriptions.
    pub bots: Vec<String>,
    /// Games per pairing (half with each bot as P1).
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Default seconds per decision for search bots.
    pub think: f64,
    /// Number of players.
    pub seats: usize,
}

/// Points of one pairing from the first bot's side: wins, draws, losses.
#[derive(Clone, Copy, Default)]
struct Score {
    wins: u64,
    draws: u64,
    losses: u64,
    length: u64,
}

/// Runs `arbiter tournament`.
pub fn run<G: Entry>(o: &Options) -> Result<(), Failure> {
    let variant = G::parse_variant(&o.variant).map_err(Failure::Input)?;
    let game = G::new(variant, o.seats).map_err(|e| Failure::Input(e.to_string()))?;
    if o.bots.len() < 2 {
        return Err(Failure::Input("a tournament needs at least two --bot".into()));
    }
    let specs: Vec<BotSpec> = o.bots.iter().map(|b| parse_bot(b)).collect::<Result<_, _>>()?;
    for s in &specs {
        s.build(&game, 0, o.think).map_err(|e| Failure::Input(e.to_string()))?;
    }
    let pairs: Vec<(usize, usize)> = (0..specs.len()).flat_map(|i| (i + 1..specs.len()).map(move |j| (i, j))).collect();
    // Every game of every pairing is one job, so threads stay busy.
    let jobs: Vec<(usize, u64)> = (0..pairs.len()).flat_map(|p| (0..o.games).map(move |g| (p, g))).collect();
    let progress = ProgressBar::new(jobs.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.threads.max(1))
        .build()
        .map_err(|e| Failure::Run(e.to_string()))?;
    let results: Vec<Result<(usize, bool, Result1, u64), String>> = pool.install(|| {
        jobs.par_iter()
            .map(|&(p, g)| {
                let (i, j) = pairs[p];
                // Odd games swap sides: bot j moves first.
                let swapped = g % 2 == 1;
                let seats = if swapped { [&specs[j], &specs[i]] } else { [&specs[i], &specs[j]] };
                let seed = game_seed(o.seed, (p as u64) << 32 | g);
                let r = play_game(&game, seats, seed, o.think).map(|g| (p, swapped, g.result, g.length));
                progress.inc(1);
                r
            })
            .collect()
    });
    progress.finish_and_clear();
    let mut scores = vec![Score::default(); pairs.len()];
    let mut first_player = (0u64, 0u64, 0u64);
    for r in results {
        let (p, swapped, result, len) = r.map_err(Failure::Run)?;
        let s = &mut scores[p];
        s.length += len;
        match result {
            Result1::Draw => {
                s.draws += 1;
                first_player.2 += 1;
            }
            Result1::Win(seat) => {
                // The first bot of the pairing sits in seat 0 unless swapped.
                if (seat == 0) != swapped {
                    s.wins += 1;
                } else {
                    s.losses += 1;
                }
                if seat == 0 {
                    first_player.0 += 1;
                } else {
                    first_player.1 += 1;
                }
            }
        }
    }
    print_table::<G>(&game, o, &specs, &pairs, &scores, first_player);
    Ok(())
}

fn print_table<G: Entry>(
    game: &G,
    o: &Options,
    specs: &[BotSpec],
    pairs: &[(usize, usize)],
    scores: &[Score],
    first: (u64, u64, u64),
) {
    let names: Vec<String> = specs.iter().map(|s| format!("`{s}`")).collect();
    println!(
        "{} ({}), {} games per pairing with sides swapped, seed {}, --think {}\n",
        G::NAME,
        G::variant_label(game.variant()),
        o.games,
        o.seed,
        o.think
    );
    println!("Score of the row bot against the column bot (win = 1, draw = ½), with its 95% Wilson interval:\n");
    println!("| | {} | total |", names.join(" | "));
    println!("|---|{}---|", "---|".repeat(names.len()));
    for (i, name) in names.iter().enumerate() {
        let mut cells = Vec::new();
        let (mut pts, mut n) = (0.0, 0u64);
        for j in 0..names.len() {
            if i == j {
                cells.push("—".to_string());
                continue;
            }
            let (p, mine) = match pairs.iter().position(|&(a, b)| (a, b) == (i, j)) {
                Some(p) => (p, true),
                None => (pairs.iter().position(|&(a, b)| (a, b) == (j, i)).unwrap_or(0), false),
            };
            let s = scores[p];
            let (w, l) = if mine { (s.wins, s.losses) } else { (s.losses, s.wins) };
            let games = w + l + s.draws;
            let points = w as f64 + 0.5 * s.draws as f64;
            pts += points;
            n += games;
            // Draws count half a point; the interval is on the points rate.
            let ci = wilson_rate(if games == 0 { 0.0 } else { points / games as f64 }, games);
            cells.push(format!("{:.0}% ({:.0}–{:.0})", ci.rate * 100.0, ci.low * 100.0, ci.high * 100.0));
        }
        let total = if n == 0 { 0.0 } else { pts / n as f64 * 100.0 };
        println!("| {} | {} | {:.0}% |", name, cells.join(" | "), total);
    }
    println!("\nPairings (first bot's wins / draws / losses, mean length in decisions):\n");
    for (p, &(i, j)) in pairs.iter().enumerate() {
        let s = scores[p];
        let n = (s.wins + s.draws + s.losses).max(1);
        println!(
            "- {} vs {}: {} / {} / {}, {:.0}",
            names[i],
            names[j],
            s.wins,
            s.draws,
            s.losses,
            s.length as f64 / n as f64
        );
    }
    let total = first.0 + first.1 + first.2;
    let p1 = wilson(first.0, total);
    println!(
        "\nSide 1 (seat 1's) won {} of {} games: {:.1}% [{:.1}%, {:.1}%]; side 2 won {}; {} draws.",
        first.0,
        total,
        p1.rate * 100.0,
        p1.low * 100.0,
        p1.high * 100.0,
        first.1,
        first.2
    );
}
