//! Benchmarks: complete random games of Ephemeral Path (from the choice of
//! sides and terrain placement to scoring at the gate), move validation, and
//! line of sight between figures of a game in progress.
//!
//! Reproduce with `cargo bench -p arbiter-ephemeral --bench playout`;
//! results are recorded in `docs/performance.md`.
#![allow(missing_docs)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ephemeral::{Action, Edition, Ephemeral, Phase, Pos, State, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn random_game(g: &Ephemeral, rng: &mut ChaCha8Rng, scratch: &mut Vec<Action>) -> State {
    let mut s = g.initial_state();
    loop {
        match g.to_move(&s) {
            ToMove::Over => return s,
            ToMove::Chance => {
                let roll = roll_with(rng, &g.dice(&s));
                let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
            }
            ToMove::Seat(_) => {
                let Some(a) = g.random_action(&s, rng, scratch) else { return s };
                g.apply_legal(&mut s, &a, &mut Discard);
            }
        }
    }
}

/// A random game played up to its activation phase.
fn midgame(g: &Ephemeral, seed: u64) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut s = g.initial_state();
    while !matches!(s.phase, Phase::Activate { .. } | Phase::Over) {
        match g.to_move(&s) {
            ToMove::Chance => {
                let roll = roll_with(&mut rng, &g.dice(&s));
                let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
            }
            ToMove::Seat(_) => {
                let Some(a) = g.random_action(&s, &mut rng, &mut scratch) else { break };
                g.apply_legal(&mut s, &a, &mut Discard);
            }
            ToMove::Over => break,
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ephemeral");
    group.throughput(Throughput::Elements(1));
    for edition in Edition::ALL {
        let g = Ephemeral::new(Variant::shipped(edition, "ember-court", "tide-wardens").unwrap_or_default(), 2)
            .unwrap_or_else(|_| Ephemeral::default());
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::with_capacity(512);
        group.bench_function(format!("random_game/{edition}"), |b| {
            b.iter(|| black_box(random_game(&g, &mut rng, &mut scratch)))
        });
    }
    let g = Ephemeral::default();
    let states: Vec<State> = (0..32).map(|seed| midgame(&g, seed)).collect();
    // Every figure against every enemy, on 32 tables.
    let pairs: Vec<(usize, u8, u8)> = states
        .iter()
        .enumerate()
        .flat_map(|(k, s)| {
            let n = s.figures.len() as u8;
            (0..n).flat_map(move |a| (0..n).map(move |b| (k, a, b)))
        })
        .filter(|(k, a, b)| states[*k].figures[*a as usize].owner != states[*k].figures[*b as usize].owner)
        .collect();
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("range_between_figures", |b| {
        b.iter(|| pairs.iter().filter(|(k, a, t)| g.range_between(&states[*k], *a, *t).is_some()).count())
    });
    // Moves of 10 cm in 8 directions from every figure.
    let moves: Vec<(usize, u8, Pos)> = states
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.figures.iter().enumerate().filter_map(move |(i, f)| f.at.map(|p| (k, i as u8, p))))
        .flat_map(|(k, i, p)| {
            (0..8).map(move |d| {
                let a = d as f32 * std::f32::consts::FRAC_PI_4;
                (k, i, Pos::new(p.x + 10.0 * a.cos(), p.y + 10.0 * a.sin()))
            })
        })
        .collect();
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("move_validation", |b| {
        b.iter(|| {
            moves
                .iter()
                .filter(|(k, i, to)| g.check_path(&states[*k], *i, std::slice::from_ref(to), 30.0).is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
