//! Plays one random game of Path 2 Victory and prints it in words:
//! `cargo run -p arbiter-p2v --example random_game -- [SEED]`.

use arbiter_core::{Decision, Entry, Game, SeededDice, ToMove};
use arbiter_p2v::P2v;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let Ok(g) = P2v::new(Default::default(), 2) else { return };
    let mut s = g.initial_state();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = SeededDice::new(seed);
    let mut scratch = Vec::new();
    let mut events = Vec::new();
    for _ in 0..10_000 {
        let d = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll_now(&g.dice(&s))),
            _ => match g.random_action(&s, &mut rng, &mut scratch) {
                Some(a) => {
                    println!("  > {}", g.action_text(&a));
                    Decision::Act(a)
                }
                None => break,
            },
        };
        events.clear();
        if let Err(r) = g.apply(&mut s, &d, &mut events) {
            println!("refused: {r:?}");
            break;
        }
        for e in &events {
            println!("{}", g.event_text(&s, e));
        }
    }
    println!("{}", g.picture(&s));
}
