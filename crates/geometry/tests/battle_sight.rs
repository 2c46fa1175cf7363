//! Line of sight against brute force: dense sampling of straight lines
//! between the two spaces, and an independent exact check of every line the
//! search returns.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_geometry::battle::line::{Blockers, Line, Ratio};
use arbiter_geometry::battle::sight::{Extent, sight};
use arbiter_geometry::battle::{Point, SquareSet};
use proptest::prelude::*;

const N: i32 = 20;

#[derive(Clone, Debug)]
struct Case {
    squares: SquareSet,
    north: SquareSet,
    east: SquareSet,
    a: (i32, i32, i32),
    b: (i32, i32, i32),
    /// Open ground round the blocking terrain, for walks that skip it.
    gaps: Vec<u8>,
}

fn holds(s: (i32, i32, i32), f: i32, r: i32) -> bool {
    f >= s.0 && f < s.0 + s.2 && r >= s.1 && r < s.1 + s.2
}

fn extent(s: (i32, i32, i32)) -> Extent {
    Extent { lo: Point::corner(s.0, s.1), hi: Point::corner(s.0 + s.2, s.1 + s.2) }
}

fn case() -> impl Strategy<Value = Case> {
    let cells = (N * N) as usize;
    (
        // From nearly open ground (where walks skip far) to crowded.
        (0.0f64..0.25).prop_flat_map(move |p| prop::collection::vec(prop::bool::weighted(p), cells)),
        prop::collection::vec(prop::bool::weighted(0.08), cells),
        prop::collection::vec(prop::bool::weighted(0.08), cells),
        (0..N - 2, 0..N - 2, 1..=2),
        (0..N - 2, 0..N - 2, 1..=3),
    )
        .prop_filter("spaces apart", |(_, _, _, a, b)| {
            let (a, b) = (*a, *b);
            a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.2 <= b.1 || b.1 + b.2 <= a.1
        })
        .prop_filter("on the board", |(_, _, _, _, b)| b.0 + b.2 <= N && b.1 + b.2 <= N)
        .prop_map(|(sq, no, ea, a, b)| {
            let mut c = Case {
                squares: SquareSet::EMPTY,
                north: SquareSet::EMPTY,
                east: SquareSet::EMPTY,
                a,
                b,
                gaps: Vec::new(),
            };
            for f in 0..N {
                for r in 0..N {
                    let k = (r * N + f) as usize;
                    let s = arbiter_geometry::battle::Square::at(f as u8, r as u8);
                    if sq[k] {
                        c.squares.insert(s);
                    }
                    // No walls inside either space.
                    let inside = |x: (i32, i32, i32), f2: i32, r2: i32| holds(x, f, r) && holds(x, f2, r2);
                    if no[k] && r + 1 < N && !inside(a, f, r + 1) && !inside(b, f, r + 1) {
                        c.north.insert(s);
                    }
                    if ea[k] && f + 1 < N && !inside(a, f + 1, r) && !inside(b, f + 1, r) {
                        c.east.insert(s);
                    }
                }
            }
            c.gaps = arbiter_geometry::battle::line::gaps(&c.squares, &c.north, &c.east);
            c
        })
}

fn blockers(c: &Case) -> Blockers<'_> {
    Blockers {
        squares: &c.squares,
        north: &c.north,
        east: &c.east,
        own: [(c.a.0, c.a.1, c.a.0 + c.a.2, c.a.1 + c.a.2), (c.b.0, c.b.1, c.b.0 + c.b.2, c.b.1 + c.b.2)],
        gaps: Some(&c.gaps),
    }
}

/// Distance from point p to segment [a, b].
fn dist_point_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0) };
    ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
}

fn segments_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let o = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
    let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

fn seg_seg_distance(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> f64 {
    if segments_cross(a, b, c, d) {
        return 0.0;
    }
    dist_point_segment(a, c, d)
        .min(dist_point_segment(b, c, d))
        .min(dist_point_segment(c, a, b))
        .min(dist_point_segment(d, a, b))
}

/// True if the segment (in squares) stays more than `m` away from every
/// blocking square and edge.
fn robustly_clear(c: &Case, p: (f64, f64), q: (f64, f64), m: f64) -> bool {
    let (f0, f1) = ((p.0.min(q.0) - 1.0).floor().max(0.0) as i32, (p.0.max(q.0) + 1.0).ceil().min(N as f64) as i32);
    let (r0, r1) = ((p.1.min(q.1) - 1.0).floor().max(0.0) as i32, (p.1.max(q.1) + 1.0).ceil().min(N as f64) as i32);
    for f in f0..f1 {
        for r in r0..r1 {
            if c.squares.has(f, r) && !holds(c.a, f, r) && !holds(c.b, f, r) {
                // Square as four sides, plus "inside" test at the ends.
                let (x0, y0, x1, y1) = (f as f64, r as f64, f as f64 + 1.0, r as f64 + 1.0);
                let inside = |pt: (f64, f64)| pt.0 > x0 && pt.0 < x1 && pt.1 > y0 && pt.1 < y1;
                if inside(p) || inside(q) {
                    return false;
                }
                let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
                for k in 0..4 {
                    if seg_seg_distance(p, q, corners[k], corners[(k + 1) % 4]) <= m {
                        return false;
                    }
                }
            }
            let (x, y) = (f as f64, r as f64);
            if c.north.has(f, r) && seg_seg_distance(p, q, (x, y + 1.0), (x + 1.0, y + 1.0)) <= m {
                return false;
            }
            if c.east.has(f, r) && seg_seg_distance(p, q, (x + 1.0, y), (x + 1.0, y + 1.0)) <= m {
                return false;
            }
        }
    }
    true
}

/// An independent exact check of a returned line: no sample point strictly
/// inside a blocking square or on a blocking edge's inside, no crossing of a
/// blocking edge, no corner passed with blocking terrain on both sides.
fn witness_ok(c: &Case, line: &Line, t0: Ratio, t1: Ratio) -> Result<(), String> {
    let blk = |f: i32, r: i32| c.squares.has(f, r) && !holds(c.a, f, r) && !holds(c.b, f, r);
    // Samples at t0 + (t1 − t0)·(k + ½)/K, as exact fractions over a common denominator.
    const K: i64 = 97;
    let den = 2 * K * t0.d * t1.d;
    for k in 0..K {
        let num = t0.n * t1.d * 2 * K + (t1.n * t0.d - t0.n * t1.d) * (2 * k + 1);
        let x = i64::from(line.p.x) * den + num * i64::from(line.d.x);
        let y = i64::from(line.p.y) * den + num * i64::from(line.d.y);
        // In squares: x / (2·den).
        let (fx, fy) = (x.div_euclid(2 * den), y.div_euclid(2 * den));
        let (on_x, on_y) = (x.rem_euclid(2 * den) == 0, y.rem_euclid(2 * den) == 0);
        if !on_x && !on_y && blk(fx as i32, fy as i32) {
            return Err(format!("sample {k} inside blocked square {fx},{fy}"));
        }
        if on_x && !on_y {
            let (f, r) = (fx as i32 - 1, fy as i32);
            if c.east.has(f, r) || (blk(f, r) && blk(f + 1, r)) {
                return Err(format!("sample {k} on blocked edge east of {f},{r}"));
            }
        }
        if on_y && !on_x {
            let (f, r) = (fx as i32, fy as i32 - 1);
            if c.north.has(f, r) || (blk(f, r) && blk(f, r + 1)) {
                return Err(format!("sample {k} on blocked edge north of {f},{r}"));
            }
        }
    }
    // Corners passed exactly: blocking terrain touching the corner on both
    // sides of the line shuts it (the two sides found by the sign of the
    // cross product of the direction with the way to each square's centre
    // and each half-edge's middle).
    for i in 0..=N {
        for j in 0..=N {
            let (cx, cy) = (2 * i64::from(i), 2 * i64::from(j));
            let (dx, dy) = (i64::from(line.d.x), i64::from(line.d.y));
            if (cx - i64::from(line.p.x)) * dy != (cy - i64::from(line.p.y)) * dx {
                continue;
            }
            // Within [t0, t1]: t = (cx − px)/dx or (cy − py)/dy.
            let t = if dx != 0 {
                Ratio::new(cx - i64::from(line.p.x), dx)
            } else {
                Ratio::new(cy - i64::from(line.p.y), dy)
            };
            // Corners at the ends are judged by the nearby clear line
            // (`near_clear_line`): what lies behind an end does not matter.
            if t <= t0 || t >= t1 {
                continue;
            }
            let side = |ox: i64, oy: i64| (dx * oy - dy * ox).signum();
            let mut left = false;
            let mut right = false;
            let mut mark = |s: i64, blocked: bool| {
                if blocked && s > 0 {
                    left = true;
                }
                if blocked && s < 0 {
                    right = true;
                }
            };
            // Squares round the corner (centres at ±1 half square); the two
            // the line runs through are not beside it.
            for (ox, oy, f, r) in [(1, 1, i, j), (-1, 1, i - 1, j), (-1, -1, i - 1, j - 1), (1, -1, i, j - 1)] {
                let through = (ox == dx.signum() && oy == dy.signum()) || (ox == -dx.signum() && oy == -dy.signum());
                if !through {
                    mark(side(ox, oy), blk(f, r));
                }
            }
            // Half-edges: east, north, west, south.
            mark(side(1, 0), c.north.has(i, j - 1));
            mark(side(0, 1), c.east.has(i - 1, j));
            mark(side(-1, 0), c.north.has(i - 1, j - 1));
            mark(side(0, -1), c.east.has(i - 1, j - 1));
            if left && right {
                return Err(format!("squeezes through the corner {i},{j}"));
            }
        }
    }
    // Walls crossed: exact, using floats of exact small values is fine here.
    let (p, q) = (line.at(t0), line.at(t1));
    let (p, q) = ((p.0 / 2.0, p.1 / 2.0), (q.0 / 2.0, q.1 / 2.0));
    for f in 0..N {
        for r in 0..N {
            let (x, y) = (f as f64, r as f64);
            for (on, a, b) in [
                (c.north.has(f, r), (x, y + 1.0), (x + 1.0, y + 1.0)),
                (c.east.has(f, r), (x + 1.0, y), (x + 1.0, y + 1.0)),
            ] {
                if !on {
                    continue;
                }
                // A proper crossing: ends strictly on opposite sides of the
                // wall's line, and the crossing strictly inside the wall.
                let o =
                    |u: (f64, f64), v: (f64, f64), w: (f64, f64)| (v.0 - u.0) * (w.1 - u.1) - (v.1 - u.1) * (w.0 - u.0);
                let (o1, o2, o3, o4) = (o(a, b, p), o(a, b, q), o(p, q, a), o(p, q, b));
                if o1 * o2 < -1e-12 && o3 * o4 < -1e-12 {
                    return Err(format!("crosses a wall at {f},{r}"));
                }
            }
        }
    }
    Ok(())
}

/// Clips the line through p and q (squares) to a box: the range of the
/// parameter s (p + s·(q − p)) inside it.
fn clip(p: (f64, f64), q: (f64, f64), lo: (f64, f64), hi: (f64, f64)) -> Option<(f64, f64)> {
    let (mut a, mut b) = (f64::NEG_INFINITY, f64::INFINITY);
    for (p0, d, l, h) in [(p.0, q.0 - p.0, lo.0, hi.0), (p.1, q.1 - p.1, lo.1, hi.1)] {
        if d.abs() < 1e-15 {
            if p0 < l || p0 > h {
                return None;
            }
        } else {
            let (x, y) = ((l - p0) / d, (h - p0) / d);
            a = a.max(x.min(y));
            b = b.min(x.max(y));
        }
    }
    (a <= b).then_some((a, b))
}

/// True if some line very close to the witness runs robustly clear from
/// the first space to the second: the witness may graze, but only as the
/// limit of clear lines.
fn near_clear_line(c: &Case, p: (f64, f64), q: (f64, f64)) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-12 {
        return false;
    }
    let n = (-dy / len, dx / len);
    let boxes = |s: (i32, i32, i32)| ((s.0 as f64, s.1 as f64), ((s.0 + s.2) as f64, (s.1 + s.2) as f64));
    let (a, b) = (boxes(c.a), boxes(c.b));
    for delta in [1e-3, 1e-4, 1e-5] {
        for sign in [1.0, -1.0] {
            // Offsets s·δ·(z − t) at t = 0 (p) and t = 1 (q); z far away is a
            // translation.
            let mut zs: Vec<f64> = (0..=260).map(|k| -6.0 + k as f64 / 20.0).collect();
            zs.sort_by(|x, y| (x - 0.5).abs().total_cmp(&(y - 0.5).abs()));
            for z in [-1e9, 1e9].into_iter().chain(zs) {
                let scale = if z.abs() > 1e8 { delta / z.abs() } else { delta };
                let (op, oq) = (sign * scale * z, sign * scale * (z - 1.0));
                let p2 = (p.0 + op * n.0, p.1 + op * n.1);
                let q2 = (q.0 + oq * n.0, q.1 + oq * n.1);
                let (Some(ia), Some(ib)) = (clip(p2, q2, a.0, a.1), clip(p2, q2, b.0, b.1)) else { continue };
                let (s0, s1) = if ia.1 <= ib.0 {
                    (ia.1, ib.0)
                } else if ib.1 <= ia.0 {
                    (ib.1, ia.0)
                } else {
                    // The spaces touch: a point of both.
                    let m = 0.5 * (ia.0.max(ib.0) + ia.1.min(ib.1));
                    (m, m)
                };
                // Pull the ends a little into the spaces, away from their rims.
                let at = |s: f64| (p2.0 + s * (q2.0 - p2.0), p2.1 + s * (q2.1 - p2.1));
                if robustly_clear(c, at(s0), at(s1), delta / 100.0) {
                    return true;
                }
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Sight is found whenever a sampled line is clear, and every line the
    /// search returns passes the independent check.
    #[test]
    fn sight_agrees_with_dense_sampling(c in case(), seeds in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0), 300)) {
        let (ea, eb) = (extent(c.a), extent(c.b));
        let found = sight(&ea, &eb, blockers(&c));
        if let Some(s) = found {
            prop_assert!(witness_ok(&c, &s.line, s.t0, s.t1).is_ok(), "{:?}: {:?}", s, witness_ok(&c, &s.line, s.t0, s.t1));
            let (p, q) = if s.t0 < s.t1 {
                (s.from(), s.to())
            } else {
                let p = (f64::from(s.line.p.x) / 2.0, f64::from(s.line.p.y) / 2.0);
                (p, (p.0 + f64::from(s.line.d.x) / 2.0, p.1 + f64::from(s.line.d.y) / 2.0))
            };
            prop_assert!(near_clear_line(&c, p, q), "no clear line near {:?} ({:?} → {:?})", s, s.from(), s.to());
        } else {
            for (u, v, w, z) in seeds {
                let p = (c.a.0 as f64 + u * c.a.2 as f64, c.a.1 as f64 + v * c.a.2 as f64);
                let q = (c.b.0 as f64 + w * c.b.2 as f64, c.b.1 as f64 + z * c.b.2 as f64);
                prop_assert!(!robustly_clear(&c, p, q, 1e-7), "sampled line {p:?} → {q:?} is clear but sight found none");
            }
        }
    }
}
