//! Plays random E'thia Worlds adventures in the Kingdom of Coyote, the same
//! play-out as the `random_adventure` benchmarks, for profiling and for
//! counting instructions where wall-clock time is too noisy:
//! `cargo run --release -p arbiter-ethia --example worlds_playouts -- 2000 4`
//! (adventures, leaders), or under `valgrind --tool=callgrind`.
#![allow(missing_docs)]
use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let leaders: u8 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let g = EthiaWorlds::new(WorldsVariant { leaders, ..WorldsVariant::default() }, 1).expect("1 to 4 leaders");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::with_capacity(512);
    let started = std::time::Instant::now();
    let mut decisions = 0u64;
    for _ in 0..n {
        let mut s = g.initial_state();
        loop {
            match g.to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let roll = roll_with(&mut rng, &g.dice(&s));
                    let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
                }
                ToMove::Seat(_) | ToMove::Together(_) => {
                    let Some(a) = g.random_action(&s, &mut rng, &mut scratch) else { break };
                    g.apply_legal(&mut s, &a, &mut Discard);
                }
            }
            decisions += 1;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{n} adventures with {leaders} leader(s), {decisions} decisions in {secs:.3} s: {:.0} adventures/s",
        f64::from(n) / secs
    );
}
