//! Plays random games of Ephemeral Path v0.26 (the default sets) for
//! profiling and before/after comparisons (a fixed amount of work, seeded):
//! `cargo run --release -p arbiter-ephemeral --example ephemeral_playouts -- 2000`.
#![allow(missing_docs)]
use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ephemeral::Ephemeral;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let g = Ephemeral::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::new();
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
                _ => {
                    let Some(a) = g.random_action(&s, &mut rng, &mut scratch) else { break };
                    g.apply_legal(&mut s, &a, &mut Discard);
                }
            }
            decisions += 1;
        }
    }
    let t = started.elapsed().as_secs_f64();
    println!(
        "{n} games, {decisions} decisions, {:.0} games/s, {:.1} ns/decision",
        f64::from(n) / t,
        t * 1e9 / decisions as f64
    );
}
