//! Seeded random games of Path 2 Victory's standard game (the shipped
//! warbands on the small map), for speed work: `p2v_playouts N` plays the
//! games of seeds 0..N and prints, per game, a hash of every legal-action
//! list, every decision and roll and the final state, so that a change
//! meant to make play-outs faster can be shown to change no result (compare
//! the output before and after, built by one toolchain: the hashes are
//! Rust's default hasher); `p2v_playouts N fast` only plays them, as
//! the random bot does, and prints the time per game and per decision.
//!
//! ```sh
//! cargo build --release -p arbiter-p2v --example p2v_playouts
//! target/release/examples/p2v_playouts 100 > before.txt
//! perf stat -e task-clock target/release/examples/p2v_playouts 200 fast
//! ```
#![allow(missing_docs, clippy::panic, clippy::unwrap_used)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_p2v::P2v;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hash::{DefaultHasher, Hash, Hasher};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let fast = std::env::args().nth(2).is_some();
    let start = std::time::Instant::now();
    let g = P2v::new(Default::default(), 2).unwrap_or_else(|e| panic!("{e}"));
    let mut scratch = Vec::new();
    let mut all = DefaultHasher::new();
    let mut decisions = 0u64;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut h = DefaultHasher::new();
        let mut s = g.initial_state();
        loop {
            match g.to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let roll = roll_with(&mut rng, &g.dice(&s));
                    format!("{roll:?}").hash(&mut h);
                    let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
                }
                ToMove::Seat(_) | ToMove::Together(_) => {
                    if !fast {
                        let mut out = Vec::new();
                        g.legal_actions(&s, &mut out);
                        format!("{out:?}").hash(&mut h);
                    }
                    let Some(a) = g.random_action(&s, &mut rng, &mut scratch) else { break };
                    format!("{a:?}").hash(&mut h);
                    decisions += 1;
                    g.apply_legal(&mut s, &a, &mut Discard);
                }
            }
        }
        if !fast {
            serde_json::to_string(&s).unwrap().hash(&mut h);
        }
        let v = h.finish();
        println!("game {seed}: {v:016x}");
        v.hash(&mut all);
    }
    println!("decisions {decisions} all {:016x}", all.finish());
    let t = start.elapsed().as_secs_f64();
    eprintln!("{t:.3} s, {:.1} games/s, {:.2} us/decision", games as f64 / t, t * 1e6 / decisions as f64);
}
