//! Benchmarks: complete random games of Path 2 Victory's standard game with
//! two shipped 150-point warbands on the small map (objectives, deployment,
//! rounds to the end), and the legal decisions of a turn in progress.
//!
//! Reproduce with `cargo bench -p arbiter-p2v --bench playout`; results are
//! recorded in `docs/performance.md`.
#![allow(missing_docs, clippy::panic, clippy::unwrap_used)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_p2v::P2v;
use arbiter_p2v::play::{Action, State};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn random_game(g: &P2v, rng: &mut ChaCha8Rng, scratch: &mut Vec<Action>, stop: Option<usize>) -> State {
    use rand::RngExt;
    let mut s = g.initial_state();
    let mut n = 0;
    loop {
        if stop.is_some_and(|k| n >= k && matches!(s.phase, arbiter_p2v::play::state::Phase::Turn(_))) {
            return s;
        }
        n += 1;
        match g.to_move(&s) {
            ToMove::Over => return s,
            ToMove::Chance => {
                let roll = roll_with(rng, &g.dice(&s));
                let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
            }
            ToMove::Seat(_) | ToMove::Together(_) if stop.is_some() => {
                // The turn measured below is reached by drawing uniformly from
                // the listed actions, so that it stays the same turn whatever
                // `random_action` draws.
                scratch.clear();
                g.legal_actions(&s, scratch);
                if scratch.is_empty() {
                    return s;
                }
                let a = scratch.swap_remove(rng.random_range(0..scratch.len()));
                g.apply_legal(&mut s, &a, &mut Discard);
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                let Some(a) = g.random_action(&s, rng, scratch) else { return s };
                g.apply_legal(&mut s, &a, &mut Discard);
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let g = P2v::new(Default::default(), 2).unwrap_or_else(|e| panic!("{e}"));
    let mut group = c.benchmark_group("p2v");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random game, 150-point warbands, small map", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::new();
        b.iter(|| black_box(random_game(&g, &mut rng, &mut scratch, None)));
    });
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut scratch = Vec::new();
    let mid = random_game(&g, &mut rng, &mut scratch, Some(120));
    group.bench_function("legal decisions of a turn", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            g.legal_actions(black_box(&mid), &mut out);
            black_box(out.len())
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
