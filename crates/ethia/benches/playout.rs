//! Benchmarks: complete random games of E'thia Skirmish and Battle, from the
//! wall roll-off to the last capture, and complete random E'thia Worlds
//! adventures in the Kingdom of Coyote; every die rolled by the seeded generator.
//!
//! Reproduce with `cargo bench -p arbiter-ethia --bench playout`; results are
//! recorded in `docs/performance.md`.
#![allow(missing_docs)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
use arbiter_ethia::{Ethia, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn random_game<G: Game>(g: &G, rng: &mut ChaCha8Rng, scratch: &mut Vec<G::Action>) -> u32 {
    let mut s = g.initial_state();
    let mut n = 0;
    loop {
        match g.to_move(&s) {
            ToMove::Over => return n,
            ToMove::Chance => {
                let roll = roll_with(rng, &g.dice(&s));
                let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                let Some(a) = g.random_action(&s, rng, scratch) else { return n };
                g.apply_legal(&mut s, &a, &mut Discard);
            }
        }
        n += 1;
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ethia");
    group.throughput(Throughput::Elements(1));
    for (name, v, seats) in [
        ("random_game/skirmish", "skirmish", 2),
        ("random_game/skirmish_4_players", "skirmish", 4),
        ("random_game/battle", "battle", 2),
    ] {
        let g = Ethia::new(Variant::parse(v).unwrap_or_default(), seats).expect("valid seats");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::with_capacity(512);
        group.bench_function(name, |b| b.iter(|| black_box(random_game(&g, &mut rng, &mut scratch))));
    }
    for leaders in [1u8, 4] {
        let v = WorldsVariant { leaders, ..WorldsVariant::default() };
        let g = EthiaWorlds::new(v, 1).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::with_capacity(512);
        group.bench_function(format!("random_adventure/coyote_{leaders}_leaders"), |b| {
            b.iter(|| black_box(random_game(&g, &mut rng, &mut scratch)))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
