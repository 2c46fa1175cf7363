//! Benchmarks: complete random games and move generation for Essence.
#![allow(missing_docs)]
//!
//! Reproduce with `cargo bench -p arbiter-essence --bench playout`; results
//! are recorded in `docs/performance.md`.

use arbiter_core::{Discard, Game, ToMove};
use arbiter_essence::{Essence, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Plays one uniformly random game to the end; returns its length.
fn random_game(g: &Essence, rng: &mut ChaCha8Rng, scratch: &mut Vec<arbiter_essence::Action>) -> u32 {
    let mut s = g.initial_state();
    let mut n = 0;
    while g.to_move(&s) != ToMove::Over {
        let Some(a) = g.random_action(&s, rng, scratch) else { break };
        g.apply_legal(&mut s, &a, &mut Discard);
        n += 1;
    }
    n
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("essence");
    group.throughput(Throughput::Elements(1));
    for (name, v) in [("random_game/standard", "standard"), ("random_game/fast", "fast")] {
        let g = Essence::new(Variant::parse(v).unwrap_or_default(), 2).expect("two seats");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::with_capacity(256);
        group.bench_function(name, |b| b.iter(|| black_box(random_game(&g, &mut rng, &mut scratch))));
    }
    let g = Essence::new(Variant::default(), 2).expect("two seats");
    let s = g.initial_state();
    let mut out = Vec::with_capacity(256);
    group.bench_function("legal_actions/start", |b| {
        b.iter(|| {
            out.clear();
            g.legal_actions(black_box(&s), &mut out);
            out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
