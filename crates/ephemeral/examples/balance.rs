//! The balance report of `docs/balance/ephemeral.md`: a round robin of every
//! shipped figure set, and per-ability pick and win statistics from games
//! between random legal sets drawn from the whole catalogue.
//!
//! ```sh
//! cargo run --release -p arbiter-ephemeral --example balance -- \
//!     --games 12 --random 400 --bot heuristic:depth=0 --seed 1 --threads 2 > docs/balance/ephemeral.md
//! ```
//!
//! Every game has its own seed (derived from `--seed` and the game's number),
//! so the report is the same whatever `--threads` is.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

use arbiter_ai::BotSpec;
use arbiter_core::stats::wilson_rate;
use arbiter_core::{Decision, Game, OutcomeKind, Seat, SeededDice, ToMove};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, shipped_sets};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::random_set::random_set;
use arbiter_ephemeral::{Edition, Ephemeral, Event, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::time::Instant;

struct Args {
    games: u64,
    random: u64,
    bot: String,
    seed: u64,
    threads: usize,
    edition: Edition,
}

fn args() -> Args {
    let mut a =
        Args { games: 12, random: 400, bot: "heuristic:depth=0".into(), seed: 1, threads: 2, edition: Edition::V026 };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < v.len() {
        let val = v.get(i + 1).cloned().unwrap_or_default();
        match v[i].as_str() {
            "--games" => a.games = val.parse().unwrap(),
            "--random" => a.random = val.parse().unwrap(),
            "--bot" => a.bot = val,
            "--seed" => a.seed = val.parse().unwrap(),
            "--threads" => a.threads = val.parse().unwrap(),
            "--edition" => a.edition = val.parse().unwrap(),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    a
}

/// One game between two sets; returns the winner (if any) and the ids of
/// the abilities used, with their users' seats.
fn play(edition: Edition, sets: [&FigureSet; 2], bot: &BotSpec, seed: u64) -> (Option<Seat>, Vec<(Seat, String)>) {
    let g = Ephemeral::new(Variant { edition, sets: vec![sets[0].clone(), sets[1].clone()], kit: Kit::standard() }, 2)
        .unwrap();
    let mut bots = [bot.build(&g, seed, 0.05).unwrap(), bot.build(&g, seed ^ 0x9e37, 0.05).unwrap()];
    let mut dice = SeededDice::new(seed);
    let mut s = g.initial_state();
    let mut used = Vec::new();
    for _ in 0..5000 {
        let decision = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll_now(&g.dice(&s))),
            ToMove::Seat(seat) => Decision::Act(arbiter_ai::decide(bots[seat.index()].as_mut(), &g, &s, seat).unwrap()),
            ToMove::Together(_) => unreachable!("Ephemeral Path has no simultaneous decisions"),
        };
        let mut events = Vec::new();
        g.apply(&mut s, &decision, &mut events).unwrap();
        for e in events {
            if let Event::Used { figure, slot, .. } = e {
                let st = &g.stats()[figure as usize];
                used.push((st.owner, st.abilities[slot as usize].id.clone()));
            }
        }
    }
    let winner = match g.outcome(&s).map(|o| o.kind) {
        Some(OutcomeKind::Win(w)) => w.first().copied(),
        _ => None,
    };
    (winner, used)
}

/// Runs `jobs` on `threads` threads, results in job order.
fn run<T: Send, J: Sync>(jobs: &[J], threads: usize, f: impl Fn(&J) -> T + Sync) -> Vec<T> {
    let chunk = jobs.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|sc| {
        let handles: Vec<_> = jobs.chunks(chunk).map(|c| sc.spawn(|| c.iter().map(&f).collect::<Vec<T>>())).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    })
}

#[derive(Default, Clone)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    uses: u64,
}

impl Tally {
    fn add(&mut self, result: Option<bool>) {
        self.games += 1;
        match result {
            Some(true) => self.wins += 1,
            None => self.draws += 1,
            Some(false) => {}
        }
    }
    fn score(&self) -> String {
        let rate = (self.wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64;
        let p = wilson_rate(rate, self.games);
        format!("{:.0}% [{:.0}, {:.0}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
    }
}

fn main() {
    let a = args();
    let bot: BotSpec = a.bot.parse().unwrap();
    let catalogue = Catalogue::standard().unwrap();
    let start = Instant::now();

    // The round robin of the shipped sets, both seat orders.
    let shipped: Vec<(String, FigureSet)> = shipped_sets()
        .into_iter()
        .map(|(stem, _)| (stem.to_string(), FigureSet::shipped(stem, a.edition).unwrap()))
        .collect();
    let mut jobs = Vec::new();
    for i in 0..shipped.len() {
        for j in 0..shipped.len() {
            if i != j {
                for k in 0..a.games {
                    jobs.push((i, j, a.seed.wrapping_mul(1_000_003).wrapping_add((i * 100 + j) as u64 * 10_000 + k)));
                }
            }
        }
    }
    let results = run(&jobs, a.threads, |&(i, j, seed)| play(a.edition, [&shipped[i].1, &shipped[j].1], &bot, seed).0);
    let mut sets: Vec<Tally> = vec![Tally::default(); shipped.len()];
    let mut first = Tally::default();
    for (&(i, j, _), w) in jobs.iter().zip(&results) {
        sets[i].add(w.map(|s| s == Seat(0)));
        sets[j].add(w.map(|s| s == Seat(1)));
        first.add(w.map(|s| s == Seat(0)));
    }
    let round_robin = start.elapsed();

    // Random legal sets from the whole catalogue.
    let start2 = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let pairs: Vec<([FigureSet; 2], u64)> = (0..a.random)
        .map(|k| {
            let s1 = random_set(&mut rng, &catalogue, &format!("Random {}", 2 * k)).unwrap();
            let s2 = random_set(&mut rng, &catalogue, &format!("Random {}", 2 * k + 1)).unwrap();
            ([s1, s2], a.seed.wrapping_add(k))
        })
        .collect();
    let played = run(&pairs, a.threads, |(sets, seed)| play(a.edition, [&sets[0], &sets[1]], &bot, *seed));
    let mut abilities: BTreeMap<String, Tally> = BTreeMap::new();
    for ((sets, _), (winner, used)) in pairs.iter().zip(&played) {
        for (seat, set) in sets.iter().enumerate() {
            let mut ids: Vec<String> =
                set.figures().iter().flat_map(|f| f.abilities().iter().map(|x| x.id().to_string())).collect();
            ids.sort();
            ids.dedup();
            for id in ids {
                let t = abilities.entry(id.clone()).or_default();
                t.add(winner.map(|w| w.index() == seat));
                t.uses += used.iter().filter(|(s, u)| s.index() == seat && *u == id).count() as u64;
            }
        }
    }
    let random_time = start2.elapsed();

    // The report.
    println!("# Ephemeral Path — balance\n");
    println!("Generated by one command (release build, {} threads):\n", a.threads);
    println!(
        "```sh\ncargo run --release -p arbiter-ephemeral --example balance -- --games {} --random {} --bot {} --seed {} --threads {} --edition {}\n```\n",
        a.games, a.random, a.bot, a.seed, a.threads, a.edition
    );
    println!(
        "Both seats are played by `{}`. Rules: {} (`{}`), the standard terrain kit; every game",
        a.bot,
        a.edition.title(),
        a.edition
    );
    println!("from the choice of sides to the scoring at the gate. A set's score counts a win 1, a draw");
    println!("½; intervals are 95% Wilson score intervals. The report is the same for the same seed");
    println!("whatever the number of threads (every game has its own seed).\n");
    println!("## The shipped sets, round robin\n");
    println!(
        "Every set against every other, {} games in each seat order ({} games per set). It took {:.0} s.\n",
        a.games,
        2 * a.games * (shipped.len() as u64 - 1),
        round_robin.as_secs_f64()
    );
    println!("| set | games | wins | draws | losses | score |\n|---|---|---|---|---|---|");
    let mut order: Vec<usize> = (0..shipped.len()).collect();
    order.sort_by(|x, y| {
        let s = |t: &Tally| (t.wins as f64 + t.draws as f64 / 2.0) / t.games.max(1) as f64;
        s(&sets[*y]).total_cmp(&s(&sets[*x]))
    });
    for i in order {
        let t = &sets[i];
        println!(
            "| `{}` | {} | {} | {} | {} | {} |",
            shipped[i].0,
            t.games,
            t.wins,
            t.draws,
            t.games - t.wins - t.draws,
            t.score()
        );
    }
    println!("\nSeat 1 (P1) scored {} over the {} games of the round robin.\n", first.score(), first.games);
    println!("## Abilities, from random legal sets\n");
    println!(
        "{} games between two random legal 100-point sets drawn from the whole catalogue (2–4 figures of\nrandom classes, random base specs within the class's range, up to three abilities of the class;\n`crates/ephemeral/src/random_set.rs`). It took {:.0} s. For each ability: the number of sets that\nhad it (picks), how often the bots used it, and the score of the sets that had it. A score above 50%\nmeans sets with the ability did better than the sets they met, on average; with intervals this\nwide, only large differences mean anything.\n",
        a.random,
        random_time.as_secs_f64()
    );
    println!(
        "| ability | type | points | picks | uses | uses per pick | score of sets with it |\n|---|---|---|---|---|---|---|"
    );
    let mut rows: Vec<(&String, &Tally)> = abilities.iter().collect();
    rows.sort_by_key(|(id, _)| {
        let (c, n) = id.split_at(1);
        (c.to_string(), n.parse::<u32>().unwrap_or(0))
    });
    for (id, t) in rows {
        let ab = catalogue.get(id).unwrap();
        println!(
            "| {id} | {} | {} | {} | {} | {:.2} | {} |",
            ab.kind.label(),
            ab.points,
            t.games,
            t.uses,
            t.uses as f64 / t.games.max(1) as f64,
            t.score()
        );
    }
}
