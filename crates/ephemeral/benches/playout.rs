//! Benchmarks: complete random games of Ephemeral Path (from the choice of
//! sides and terrain placement to scoring at the gate) — with shipped sets,
//! with the most ability-heavy sets, with sets without abilities (the base
//! game), and with reaction abilities whose windows nobody can use — move
//! validation, and line of sight between figures of a game in progress.
//!
//! Reproduce with `cargo bench -p arbiter-ephemeral --bench playout`;
//! results are recorded in `docs/performance.md`.
#![allow(missing_docs, clippy::panic, clippy::unwrap_used)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, Format};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::{Action, Edition, Ephemeral, Phase, Pool, Pos, State, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Two figures a side with plain numbers and these abilities each (none: the base game).
fn plain(edition: Edition, abilities: [&str; 2]) -> Ephemeral {
    let set = |name: &str| {
        let text = format!(
            "name = \"{name}\"\n\n[[figure]]\nname = \"Tam\"\nclass = \"tactician\"\nbase_mm = 30\nhp = 8\nmovement = 6\nforce = 6\nrange = 4\nabilities = [{}]\n\n[[figure]]\nname = \"Rue\"\nclass = \"runner\"\nbase_mm = 25\nhp = 5\nmovement = 8\nforce = 5\nrange = 3\nabilities = [{}]\n",
            abilities[0], abilities[1]
        );
        FigureSet::parse(&text, Format::Toml, edition, &Catalogue::standard().unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    Ephemeral::new(Variant { edition, sets: vec![set("A"), set("B")], kit: Kit::standard() }, 2)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn random_game(g: &Ephemeral, rng: &mut ChaCha8Rng, scratch: &mut Vec<Action>) -> State {
    random_game_with(g, rng, scratch, false)
}

/// A random game; with `dry`, the foraging pool is emptied as soon as it is
/// rolled, so nobody forages: abilities that need a die are never usable,
/// and the windows of reactions, checked at every attack, never ask anyone.
fn random_game_with(g: &Ephemeral, rng: &mut ChaCha8Rng, scratch: &mut Vec<Action>, dry: bool) -> State {
    let mut s = g.initial_state();
    loop {
        if dry && matches!(s.phase, Phase::Forage { .. } | Phase::ChooseForager) && !s.pool.is_empty() {
            s.pool = Pool::default();
        }
        match g.to_move(&s) {
            ToMove::Over => return s,
            ToMove::Chance => {
                let roll = roll_with(rng, &g.dice(&s));
                let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
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
            ToMove::Seat(_) | ToMove::Together(_) => {
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
        // The two shipped sets with the most abilities that act during play.
        let heavy = Ephemeral::new(Variant::shipped(edition, "starfall-choir", "quarry-guild").unwrap_or_default(), 2)
            .unwrap_or_else(|_| Ephemeral::default());
        group.bench_function(format!("random_game/abilities/{edition}"), |b| {
            b.iter(|| black_box(random_game(&heavy, &mut rng, &mut scratch)))
        });
        // The base game: no abilities at all (and so nothing to forage).
        let base = plain(edition, ["", ""]);
        group.bench_function(format!("random_game/base/{edition}"), |b| {
            b.iter(|| black_box(random_game_with(&base, &mut rng, &mut scratch, true)))
        });
        // The same game with reactions nobody can use: Defend and counter
        // abilities, and no dice to use them with.
        let inert = plain(edition, ["\"T2\"", "\"R2\""]);
        group.bench_function(format!("random_game/inert_reactions/{edition}"), |b| {
            b.iter(|| black_box(random_game_with(&inert, &mut rng, &mut scratch, true)))
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
