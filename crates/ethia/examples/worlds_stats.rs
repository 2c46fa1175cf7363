//! Adventures in the Kingdom of Coyote played by a bot (or at random): how
//! they end and which events happen, to see the rules at work.
//!
//! `cargo run --release -p arbiter-ethia --example worlds_stats -- GAMES [random|heuristic|mcts]`
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]
use arbiter_ai::{Bot, Budget, HeuristicBot, Mcts, MctsConfig};
use arbiter_core::{Decision, Evaluate, Game, ToMove, roll_with};
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let kind = std::env::args().nth(2).unwrap_or_else(|| "random".into());
    let g = EthiaWorlds::new(WorldsVariant::default(), 1).expect("valid");
    let mut endings = BTreeMap::new();
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let mut decisions = 0u64;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let mut scratch = Vec::new();
        let mut bot: Option<Box<dyn Bot<EthiaWorlds>>> = match kind.as_str() {
            "heuristic" => Some(Box::new(HeuristicBot::<EthiaWorlds>::new(1, seed))),
            "mcts" => Some(Box::new(Mcts::<EthiaWorlds>::new(
                MctsConfig { budget: Budget::iterations(300), rollout_depth: Some(30), seed, ..MctsConfig::default() },
                Some(EthiaWorlds::evaluate),
            ))),
            _ => None,
        };
        loop {
            let d = match g.to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => Decision::Roll(roll_with(&mut rng, &g.dice(&s))),
                ToMove::Seat(seat) => {
                    let a = match bot.as_mut() {
                        Some(b) => arbiter_ai::decide(b.as_mut(), &g, &s, seat),
                        None => g.random_action(&s, &mut rng, &mut scratch),
                    };
                    match a {
                        Some(a) => Decision::Act(a),
                        None => break,
                    }
                }
                ToMove::Together(_) => break,
            };
            let mut ev = Vec::new();
            g.apply(&mut s, &d, &mut ev).expect("legal");
            decisions += 1;
            for e in ev {
                let name = format!("{e:?}");
                let key = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *kinds.entry(key).or_insert(0) += 1;
            }
        }
        *endings.entry(format!("{:?}", s.ending)).or_insert(0) += 1;
    }
    println!("{games} games by {kind}, {} decisions each on average", decisions / games.max(1));
    println!("endings: {endings:?}");
    for (k, n) in kinds {
        println!("  {k:<16} {n}");
    }
}
