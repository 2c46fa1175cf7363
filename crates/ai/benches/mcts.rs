//! Benchmarks: MCTS iterations on Essence, with full random play-outs and
//! with play-outs cut off after 8 decisions (the default) and judged by the
//! heuristic.
//!
//! Reproduce with `cargo bench -p arbiter-ai --bench mcts`; results are
//! recorded in `docs/performance.md`.
#![allow(missing_docs)]

use arbiter_ai::{Budget, Mcts, MctsConfig};
use arbiter_core::{Evaluate, Game};
use arbiter_essence::{Essence, Variant};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

const ITERATIONS: u64 = 1_000;

fn mcts(c: &mut Criterion) {
    let g = Essence::new(Variant::default(), 2).expect("two seats");
    let s = g.initial_state();
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(ITERATIONS));
    group.sample_size(20);
    for (name, depth) in [("essence/full_playouts", None), ("essence/cutoff_8", Some(8))] {
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    Mcts::<Essence>::new(
                        MctsConfig {
                            budget: Budget::iterations(ITERATIONS),
                            rollout_depth: depth,
                            ..MctsConfig::default()
                        },
                        Some(Essence::evaluate),
                    )
                },
                |mut bot| bot.search(&g, &s).len(),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, mcts);
criterion_main!(benches);
