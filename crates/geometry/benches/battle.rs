//! The battle grid on the large shipped map (48 × 36, "broken-hills": its
//! terrain pieces plus its tiles') with 30 figures of mixed sizes:
//! `cargo bench -p arbiter-geometry --bench battle`.
#![allow(clippy::panic, clippy::unwrap_used)]

use arbiter_geometry::battle::map::shipped;
use arbiter_geometry::battle::{
    Area, BattleMap, Battlefield, Dir, Figure, FigureId, Mode, Point, Position, Reach, Size, Square,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn field() -> Battlefield {
    let map = BattleMap::from_toml(shipped("broken-hills").unwrap_or_default()).unwrap_or_else(|e| panic!("{e}"));
    let mut f = map.battlefield();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let sizes = [Size::Small, Size::Medium, Size::Medium, Size::Medium, Size::Large, Size::Huge];
    let mut placed = 0;
    while placed < 30 {
        let size = sizes[rng.random_range(0..sizes.len())];
        let at = Square::at(rng.random_range(0..48), rng.random_range(0..36));
        if f.place(Figure::new(&format!("f{placed}"), size, at, (placed % 2) as u8)).is_ok() {
            placed += 1;
        }
    }
    f
}

fn bench(c: &mut Criterion) {
    let f = field();
    eprintln!("{} pieces of terrain, {} figures", f.terrain().pieces().len(), f.figures().count());
    let ids: Vec<FigureId> = f.figures().map(|(id, _)| id).collect();
    let pairs: Vec<(FigureId, FigureId)> =
        ids.iter().flat_map(|&a| ids.iter().filter(move |&&b| b != a).map(move |&b| (a, b))).collect();
    let seen = pairs.iter().filter(|(a, b)| f.line_of_sight(*a, *b).is_some()).count();
    eprintln!("{seen} of {} ordered pairs see each other", pairs.len());
    let mut group = c.benchmark_group("battle");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("line_of_sight", |b| {
        b.iter(|| pairs.iter().filter(|(x, y)| f.line_of_sight(*x, *y).is_some()).count())
    });
    group.bench_function("line_of_effect", |b| {
        b.iter(|| pairs.iter().filter(|(x, y)| f.line_of_effect(*x, *y)).count())
    });
    group.throughput(Throughput::Elements(ids.len() as u64));
    let mut reach = Reach::new();
    group.bench_function("reachable_speed_6", |b| {
        b.iter(|| {
            let mut total = 0;
            for &id in &ids {
                let m = f.mover(id, Mode::Walk).unwrap_or_else(|| unreachable!());
                let start = Position::at(f.figure(id).map(|x| x.space.anchor()).unwrap_or(Square(0)));
                f.reachable_into(m, start, 6, &mut reach);
                total += reach.ends().len();
            }
            black_box(total)
        })
    });
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let areas: Vec<Area> = (0..256)
        .map(|k| {
            let corner = Point::corner(rng.random_range(2..46), rng.random_range(2..34));
            let r = rng.random_range(1..=4);
            match k % 4 {
                0 => Area::Burst { at: corner, radius: r },
                1 => {
                    let id = ids[rng.random_range(0..ids.len())];
                    Area::Emanation {
                        origin: f.figure(id).map(|x| x.space).unwrap_or_else(|| unreachable!()),
                        radius: r,
                    }
                }
                2 => Area::Cone { apex: corner, toward: Dir::DIAGONAL[rng.random_range(0..4)], radius: r + 2 },
                _ => Area::Line {
                    from: corner,
                    toward: Point::new(corner.x + rng.random_range(-9..=9), corner.y + rng.random_range(1..=9)),
                    length: 8,
                },
            }
        })
        .collect();
    group.throughput(Throughput::Elements(areas.len() as u64));
    group.bench_function("area", |b| {
        b.iter(|| areas.iter().map(|a| f.area(a).map_or(0, |h| h.figures.len())).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
