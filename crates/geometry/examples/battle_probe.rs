//! Runs one kind of battle-grid query many times on the benchmark's board
//! (the large map, 30 figures), for counting instructions with callgrind,
//! which a busy machine does not disturb:
//!
//! ```sh
//! cargo build --release -p arbiter-geometry --example battle_probe
//! valgrind --tool=callgrind target/release/examples/battle_probe los 20     # sight, all 870 ordered pairs
//! valgrind --tool=callgrind target/release/examples/battle_probe reach 20   # Speed 6 for all 30 figures
//! valgrind --tool=callgrind target/release/examples/battle_probe area 20    # 256 areas
//! ```
//!
//! Subtract the count of a run with 0 (or 1, for `reach`, whose step tables
//! are built on first use) and divide by the queries.
#![allow(clippy::unwrap_used)]
use arbiter_geometry::battle::map::shipped;
use arbiter_geometry::battle::{Area, BattleMap, Dir, Figure, FigureId, Mode, Point, Position, Reach, Size, Square};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
fn main() {
    let which = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let map = BattleMap::from_toml(shipped("broken-hills").unwrap()).unwrap();
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
    let ids: Vec<FigureId> = f.figures().map(|(id, _)| id).collect();
    let pairs: Vec<(FigureId, FigureId)> =
        ids.iter().flat_map(|&a| ids.iter().filter(move |&&b| b != a).map(move |&b| (a, b))).collect();
    let mut k = 0usize;
    let t = std::time::Instant::now();
    match which.as_str() {
        "los" => {
            for _ in 0..n {
                for (a, b) in &pairs {
                    k += usize::from(f.line_of_sight(*a, *b).is_some());
                }
            }
        }
        "reach" => {
            let mut r = Reach::new();
            for _ in 0..n {
                for &id in &ids {
                    let m = f.mover(id, Mode::Walk).unwrap();
                    f.reachable_into(m, Position::at(f.figure(id).unwrap().space.anchor()), 6, &mut r);
                    k += r.ends().len() as usize;
                }
            }
        }
        "area" => {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let areas: Vec<Area> = (0..256)
                .map(|k| {
                    let corner = Point::corner(rng.random_range(2..46), rng.random_range(2..34));
                    let r = rng.random_range(1..=4);
                    match k % 4 {
                        0 => Area::Burst { at: corner, radius: r },
                        1 => Area::Emanation {
                            origin: f.figure(ids[rng.random_range(0..ids.len())]).unwrap().space,
                            radius: r,
                        },
                        2 => Area::Cone { apex: corner, toward: Dir::DIAGONAL[rng.random_range(0..4)], radius: r + 2 },
                        _ => Area::Line {
                            from: corner,
                            toward: Point::new(corner.x + rng.random_range(-9..=9), corner.y + rng.random_range(1..=9)),
                            length: 8,
                        },
                    }
                })
                .collect();
            for _ in 0..n {
                for a in &areas {
                    k += f.area(a).map_or(0, |h| h.figures.len());
                }
            }
        }
        _ => {}
    }
    eprintln!("{k} {:?}", t.elapsed());
}
