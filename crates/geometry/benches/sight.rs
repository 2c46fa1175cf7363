//! Line-of-sight and range queries on random tables with 5 terrain pieces
//! and 8 figures (4 a side): `cargo bench -p arbiter-geometry --bench sight`.

use arbiter_geometry::table::{Blockers, Disc, Solid, Vec2, shortest_sight, sight};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

struct Table {
    terrain: Vec<Solid>,
    figures: [Disc; 8],
}

fn random_table(rng: &mut ChaCha8Rng) -> Table {
    let mut terrain = Vec::new();
    while terrain.len() < 5 {
        let at = Vec2::new(rng.random_range(6.0..34.0), rng.random_range(6.0..34.0));
        let piece = if rng.random_bool(0.3) {
            Solid::circle(at, rng.random_range(1.5..4.0))
        } else {
            let (w, h) = (rng.random_range(1.0..5.0), rng.random_range(1.0..5.0));
            let corners = [Vec2::new(-w, -h), Vec2::new(w, -h), Vec2::new(w, h), Vec2::new(-w, h)];
            Solid::polygon_at(&corners, at, rng.random_range(0.0..180.0))
        };
        if let Ok(p) = piece
            && terrain.iter().all(|t: &Solid| t.gap(&p) > 0.0)
        {
            terrain.push(p);
        }
    }
    let mut figures = Vec::new();
    while figures.len() < 8 {
        let d =
            Disc::new(Vec2::new(rng.random_range(3.0..37.0), rng.random_range(3.0..37.0)), rng.random_range(1.0..2.5));
        if terrain.iter().all(|t| t.gap_to_disc(&d) > 0.0) && figures.iter().all(|f: &Disc| f.gap(&d) > 0.0) {
            figures.push(d);
        }
    }
    Table { terrain, figures: figures.try_into().unwrap_or_else(|_| unreachable!()) }
}

fn bench(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let tables: Vec<Table> = (0..64).map(|_| random_table(&mut rng)).collect();
    // Every attacker (side 0: figures 0–3) against every target (side 1),
    // the target's three friends blocking.
    let mut queries = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        for a in 0..4 {
            for b in 4..8 {
                let enemies: Vec<Disc> = (4..8).filter(|&e| e != b).map(|e| table.figures[e]).collect();
                queries.push((t, a, b, enemies));
            }
        }
    }
    let visible = queries
        .iter()
        .filter(|(t, a, b, e)| {
            sight(&tables[*t].figures[*a], &tables[*t].figures[*b], &Blockers::new(&tables[*t].terrain, e)).is_some()
        })
        .count();
    eprintln!("{visible} of {} pairs see each other", queries.len());
    let mut group = c.benchmark_group("table");
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("line_of_sight", |bench| {
        bench.iter(|| {
            let mut seen = 0;
            for (t, a, b, e) in &queries {
                let table = &tables[*t];
                seen += usize::from(
                    sight(&table.figures[*a], &table.figures[*b], &Blockers::new(&table.terrain, e)).is_some(),
                );
            }
            black_box(seen)
        })
    });
    group.bench_function("range", |bench| {
        bench.iter(|| {
            let mut total = 0.0;
            for (t, a, b, e) in &queries {
                let table = &tables[*t];
                if let Some(s) =
                    shortest_sight(&table.figures[*a], &table.figures[*b], &Blockers::new(&table.terrain, e))
                {
                    total += s.length();
                }
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
