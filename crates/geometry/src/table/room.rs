//! Room on the table: where one more thing can still be put.
//!
//! Setting up and deploying in a gridless game keeps asking "is there
//! anywhere left for this?" — the gate among the terrain, a terrain piece
//! turned a given way, a figure's base along the table's edge. Each such
//! question is a region of the plane for the placed shape's centre: a box
//! (where the shape stays on the table) less some keep-outs. A [`KeepOut`] is
//! a convex set — a convex polygon grown by a radius, [`Grown`]: the
//! Minkowski sum of a footprint and the placed shape, widened or narrowed by
//! the contact tolerance — less, optionally, a convex hole (a figure may
//! stand on the piece of terrain whose edge its base would otherwise
//! overlap).
//!
//! [`find_room`] finds a point of such a region whenever the region is wider
//! than the search's margin somewhere, by the slab method. Along a vertical
//! line, every keep-out blocks one interval (less its hole's), computed
//! exactly; what is left free changes its shape only at abscissae where a
//! boundary turns back (its leftmost or rightmost point), where two
//! boundaries cross, or where a boundary crosses the box's top or bottom.
//! Between two consecutive such abscissae nothing appears or vanishes, so one
//! line through the middle of each slab meets every part of the region. Each
//! point found is handed to the caller's own judgement (the rules): a point
//! refused there, a rounding hair from a boundary, only moves the search on.

use super::Vec2;

/// A point in double precision, for the search's own arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
struct P {
    x: f64,
    y: f64,
}

impl P {
    fn of(v: Vec2) -> P {
        P { x: f64::from(v.x), y: f64::from(v.y) }
    }
    fn sub(self, o: P) -> P {
        P { x: self.x - o.x, y: self.y - o.y }
    }
    fn add(self, o: P) -> P {
        P { x: self.x + o.x, y: self.y + o.y }
    }
    fn scale(self, k: f64) -> P {
        P { x: self.x * k, y: self.y * k }
    }
    fn dot(self, o: P) -> f64 {
        self.x * o.x + self.y * o.y
    }
    fn cross(self, o: P) -> f64 {
        self.x * o.y - self.y * o.x
    }
    fn length(self) -> f64 {
        self.x.hypot(self.y)
    }
    fn finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// A convex set: every point within `radius` of a convex polygon. The
/// polygon may be a single point (the set is a disc) or a segment (a
/// capsule).
#[derive(Clone, Debug, PartialEq)]
pub struct Grown {
    /// The convex hull's corners, anticlockwise, without repeats or
    /// straight-through corners; one or more.
    corners: Vec<P>,
    /// The growth, cm (zero for the polygon itself).
    radius: f64,
}

impl Grown {
    /// A disc.
    pub fn disc(centre: Vec2, radius: f32) -> Option<Grown> {
        Grown::hull(&[centre], radius)
    }

    /// The convex hull of `points`, grown by `radius` (at least zero);
    /// `None` without points or with a coordinate that is not a number.
    pub fn hull(points: &[Vec2], radius: f32) -> Option<Grown> {
        let pts: Vec<P> = points.iter().map(|p| P::of(*p)).collect();
        if pts.is_empty() || pts.iter().any(|p| !p.finite()) || !(radius.is_finite() && radius >= 0.0) {
            return None;
        }
        Some(Grown { corners: convex_hull(pts), radius: f64::from(radius) })
    }

    /// The convex hull of `points` with every edge moved inward by `by`
    /// (erosion: the points at least `by` inside the hull); `None` if that
    /// leaves nothing, or without at least three corners.
    pub fn shrunk(points: &[Vec2], by: f32) -> Option<Grown> {
        let grown = Grown::hull(points, 0.0)?;
        if grown.corners.len() < 3 || !(by.is_finite() && by >= 0.0) {
            return None;
        }
        let by = f64::from(by);
        let n = grown.corners.len();
        let mut poly = grown.corners.clone();
        for i in 0..n {
            let (a, b) = (grown.corners[i], grown.corners[(i + 1) % n]);
            let d = b.sub(a);
            let normal = P { x: d.y, y: -d.x }.scale(1.0 / d.length());
            // Keep n · (p − a) ≤ −by.
            poly = clip(&poly, |p| -(normal.dot(p.sub(a)) + by));
            if poly.is_empty() {
                return None;
            }
        }
        Some(Grown { corners: convex_hull(poly), radius: 0.0 })
    }

    /// Every difference `a − b` of a point of `a` and a point of `b`: the
    /// corners whose hull is the Minkowski difference of two convex
    /// polygons, where a shape with corners `b` (around its own centre) may
    /// not put its centre without meeting the one with corners `a`.
    pub fn differences(a: &[Vec2], b: &[Vec2]) -> Vec<Vec2> {
        a.iter().flat_map(|p| b.iter().map(move |q| *p - *q)).collect()
    }

    /// The same set with x and y swapped (mirrored in the diagonal).
    pub fn transposed(&self) -> Grown {
        let mut corners: Vec<P> = self.corners.iter().map(|p| P { x: p.y, y: p.x }).collect();
        corners.reverse();
        Grown { corners, radius: self.radius }
    }

    /// True if the point lies in the set (its boundary included).
    pub fn contains(&self, p: Vec2) -> bool {
        let p = P::of(p);
        self.distance(p) <= self.radius
    }

    /// The distance from the polygon (zero inside it).
    fn distance(&self, p: P) -> f64 {
        let c = &self.corners;
        let n = c.len();
        if n == 1 {
            return p.sub(c[0]).length();
        }
        let inside = n >= 3 && (0..n).all(|i| c[(i + 1) % n].sub(c[i]).cross(p.sub(c[i])) >= 0.0);
        if inside {
            return 0.0;
        }
        (0..n).map(|i| segment_distance(p, c[i], c[(i + 1) % n])).fold(f64::INFINITY, f64::min)
    }

    /// The same set grown by `by` more.
    fn grown_by(&self, by: f64) -> Grown {
        Grown { corners: self.corners.clone(), radius: self.radius + by }
    }

    /// Where the vertical line at `x` crosses the set, bottom to top.
    fn span(&self, x: f64) -> Option<(f64, f64)> {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        let mut take = |s: Option<(f64, f64)>| {
            if let Some((a, b)) = s {
                lo = lo.min(a);
                hi = hi.max(b);
            }
        };
        let c = &self.corners;
        let n = c.len();
        if n >= 2 {
            take(polygon_span(c, x));
        }
        let r = self.radius;
        if r > 0.0 {
            for p in c {
                let dx = (x - p.x).abs();
                if dx <= r {
                    let s = (r * r - dx * dx).max(0.0).sqrt();
                    take(Some((p.y - s, p.y + s)));
                }
            }
            let edges = match n {
                1 => 0,
                2 => 1,
                _ => n,
            };
            for i in 0..edges {
                let (a, b) = (c[i], c[(i + 1) % n]);
                let d = b.sub(a);
                let normal = P { x: d.y, y: -d.x }.scale(r / d.length());
                take(polygon_span(&[a.add(normal), b.add(normal), b.sub(normal), a.sub(normal)], x));
            }
        } else if n == 1 && x == c[0].x {
            take(Some((c[0].y, c[0].y)));
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// The abscissae where the boundary may turn back: every corner, and
    /// the leftmost and rightmost points of every rounded corner.
    fn turning_points(&self, out: &mut Vec<f64>) {
        for p in &self.corners {
            out.extend([p.x, p.x - self.radius, p.x + self.radius]);
        }
    }

    /// The pieces of the boundary: straight edges and the circles of the
    /// rounded corners (whole circles: a superset of the arcs does no harm).
    fn pieces(&self, out: &mut Vec<Piece>) {
        let c = &self.corners;
        let n = c.len();
        let r = self.radius;
        if r > 0.0 {
            out.extend(c.iter().map(|p| Piece::Circle(*p, r)));
        }
        let edges = match n {
            1 => 0,
            2 => 1,
            _ => n,
        };
        for i in 0..edges {
            let (a, b) = (c[i], c[(i + 1) % n]);
            if r > 0.0 {
                let d = b.sub(a);
                let normal = P { x: d.y, y: -d.x }.scale(r / d.length());
                out.push(Piece::Segment(a.add(normal), b.add(normal)));
                out.push(Piece::Segment(a.sub(normal), b.sub(normal)));
            } else {
                out.push(Piece::Segment(a, b));
            }
        }
    }
}

/// Where a point may not be: inside `set` but not inside `hole`.
#[derive(Clone, Debug, PartialEq)]
pub struct KeepOut {
    /// The blocked set.
    pub set: Grown,
    /// A part of it that is not blocked after all (standing on a piece).
    pub hole: Option<Grown>,
}

impl KeepOut {
    /// A keep-out without a hole.
    pub fn solid(set: Grown) -> KeepOut {
        KeepOut { set, hole: None }
    }

    /// The same keep-out with x and y swapped.
    pub fn transposed(&self) -> KeepOut {
        KeepOut { set: self.set.transposed(), hole: self.hole.as_ref().map(Grown::transposed) }
    }

    /// True if the keep-out blocks the point.
    pub fn blocks(&self, p: Vec2) -> bool {
        self.set.contains(p) && !self.hole.as_ref().is_some_and(|h| h.contains(p))
    }
}

/// A piece of a boundary, for crossings.
#[derive(Clone, Copy, Debug)]
enum Piece {
    Segment(P, P),
    Circle(P, f64),
}

impl Piece {
    fn bounds(&self) -> (P, P) {
        match *self {
            Piece::Segment(a, b) => (P { x: a.x.min(b.x), y: a.y.min(b.y) }, P { x: a.x.max(b.x), y: a.y.max(b.y) }),
            Piece::Circle(c, r) => (P { x: c.x - r, y: c.y - r }, P { x: c.x + r, y: c.y + r }),
        }
    }
}

/// Finds a point of the box from `lo` to `hi` that no keep-out blocks and
/// that `accept` takes, trying one point in every part of the free region
/// (see the module documentation); `None` if the free region has no part
/// wider than `margin` (by which the keep-outs are widened and their holes
/// narrowed, to keep every point tried clear of rounding at the
/// boundaries), or `accept` refuses every point tried.
pub fn find_room(
    lo: Vec2,
    hi: Vec2,
    keepouts: &[KeepOut],
    margin: f32,
    mut accept: impl FnMut(Vec2) -> bool,
) -> Option<Vec2> {
    let (lo, hi) = (P::of(lo), P::of(hi));
    let margin = f64::from(margin.max(0.0));
    if !(lo.finite() && hi.finite()) || lo.x > hi.x || lo.y > hi.y {
        return None;
    }
    let sets: Vec<(Grown, Option<Grown>)> = keepouts.iter().map(|k| (k.set.grown_by(margin), k.hole.clone())).collect();
    // Abscissae where the free part of a vertical line may change.
    let mut xs = vec![lo.x, hi.x];
    let mut pieces: Vec<(usize, Piece)> = Vec::new();
    let mut scratch = Vec::new();
    for (i, (set, hole)) in sets.iter().enumerate() {
        for g in std::iter::once(set).chain(hole.iter()) {
            g.turning_points(&mut xs);
            scratch.clear();
            g.pieces(&mut scratch);
            pieces.extend(scratch.iter().map(|p| (i, *p)));
        }
    }
    // Only pieces that reach into the box can cross inside it.
    pieces.retain(|(_, p)| {
        let (a, b) = p.bounds();
        a.x <= hi.x && b.x >= lo.x && a.y <= hi.y && b.y >= lo.y
    });
    let edges =
        [Piece::Segment(lo, P { x: hi.x, y: lo.y }), Piece::Segment(P { x: lo.x, y: hi.y }, P { x: hi.x, y: hi.y })];
    let bounds: Vec<(P, P)> = pieces.iter().map(|(_, p)| p.bounds()).collect();
    for (k, (_, p)) in pieces.iter().enumerate() {
        for e in &edges {
            crossings(p, e, &mut xs);
        }
        for (m, (_, q)) in pieces.iter().enumerate().skip(k + 1) {
            let ((a0, a1), (b0, b1)) = (bounds[k], bounds[m]);
            if a0.x <= b1.x && b0.x <= a1.x && a0.y <= b1.y && b0.y <= a1.y {
                crossings(p, q, &mut xs);
            }
        }
    }
    xs.retain(|x| x.is_finite() && *x >= lo.x && *x <= hi.x);
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    let lines: Vec<f64> = if xs.len() < 2 { xs.clone() } else { xs.windows(2).map(|w| 0.5 * (w[0] + w[1])).collect() };
    let mut blocked: Vec<(f64, f64)> = Vec::new();
    for x in lines {
        blocked.clear();
        for (set, hole) in &sets {
            let Some((a, b)) = set.span(x) else { continue };
            match hole.as_ref().and_then(|h| h.span(x)).map(|(c, d)| (c + margin, d - margin)) {
                Some((c, d)) if c < d => {
                    if a < c {
                        blocked.push((a, c.min(b)));
                    }
                    if d < b {
                        blocked.push((d.max(a), b));
                    }
                }
                _ => blocked.push((a, b)),
            }
        }
        blocked.sort_by(|p, q| p.0.total_cmp(&q.0));
        let mut from = lo.y;
        let mut gaps: Vec<(f64, f64)> = Vec::new();
        for &(a, b) in &blocked {
            if from > hi.y {
                break;
            }
            if a > from {
                gaps.push((from, a.min(hi.y)));
            }
            from = from.max(b);
        }
        if hi.y > from || (blocked.is_empty() && hi.y == from) {
            gaps.push((from, hi.y));
        }
        for (a, b) in gaps {
            let p = Vec2::new(x as f32, (0.5 * (a + b)) as f32);
            if accept(p) {
                return Some(p);
            }
        }
    }
    None
}

/// Appends the abscissae where two boundary pieces cross.
fn crossings(p: &Piece, q: &Piece, xs: &mut Vec<f64>) {
    match (*p, *q) {
        (Piece::Segment(a, b), Piece::Segment(c, d)) => {
            let (u, v) = (b.sub(a), d.sub(c));
            let denom = u.cross(v);
            if denom.abs() < 1e-12 {
                return;
            }
            let w = c.sub(a);
            let (t, s) = (w.cross(v) / denom, w.cross(u) / denom);
            if (-1e-9..=1.0 + 1e-9).contains(&t) && (-1e-9..=1.0 + 1e-9).contains(&s) {
                xs.push(a.x + t * u.x);
            }
        }
        (Piece::Segment(a, b), Piece::Circle(c, r)) | (Piece::Circle(c, r), Piece::Segment(a, b)) => {
            let d = b.sub(a);
            let f = a.sub(c);
            let (qa, qb, qc) = (d.dot(d), 2.0 * f.dot(d), f.dot(f) - r * r);
            if qa < 1e-18 {
                return;
            }
            let disc = qb * qb - 4.0 * qa * qc;
            if disc < 0.0 {
                return;
            }
            let root = disc.sqrt();
            for t in [(-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)] {
                if (-1e-9..=1.0 + 1e-9).contains(&t) {
                    xs.push(a.x + t * d.x);
                }
            }
        }
        (Piece::Circle(c0, r0), Piece::Circle(c1, r1)) => {
            let d = c1.sub(c0);
            let dist = d.length();
            if dist < 1e-12 || dist > r0 + r1 || dist < (r0 - r1).abs() {
                return;
            }
            let a = (r0 * r0 - r1 * r1 + dist * dist) / (2.0 * dist);
            let h = (r0 * r0 - a * a).max(0.0).sqrt();
            let mid = c0.add(d.scale(a / dist));
            let off = h * d.y / dist;
            xs.extend([mid.x + off, mid.x - off]);
        }
    }
}

/// Where the vertical line at `x` crosses a convex polygon (or a segment,
/// given as two corners), bottom to top.
fn polygon_span(corners: &[P], x: f64) -> Option<(f64, f64)> {
    let n = corners.len();
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for i in 0..n {
        let (p, q) = (corners[i], corners[(i + 1) % n]);
        if (p.x <= x && x <= q.x) || (q.x <= x && x <= p.x) {
            if p.x == q.x {
                lo = lo.min(p.y.min(q.y));
                hi = hi.max(p.y.max(q.y));
            } else {
                let y = p.y + (x - p.x) * (q.y - p.y) / (q.x - p.x);
                lo = lo.min(y);
                hi = hi.max(y);
            }
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: P, a: P, b: P) -> f64 {
    let d = b.sub(a);
    let len2 = d.dot(d);
    let t = if len2 > 0.0 { (p.sub(a).dot(d) / len2).clamp(0.0, 1.0) } else { 0.0 };
    p.sub(a.add(d.scale(t))).length()
}

/// The part of a convex polygon where `keep` is at least zero (one
/// Sutherland–Hodgman step for an affine `keep`).
fn clip(poly: &[P], keep: impl Fn(P) -> f64) -> Vec<P> {
    let n = poly.len();
    let mut out = Vec::with_capacity(n + 1);
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let (kp, kq) = (keep(p), keep(q));
        if kp >= 0.0 {
            out.push(p);
        }
        if (kp >= 0.0) != (kq >= 0.0) {
            let t = kp / (kp - kq);
            out.push(p.add(q.sub(p).scale(t)));
        }
    }
    out
}

/// The convex hull, anticlockwise, without repeated or collinear corners
/// (Andrew's monotone chain); one corner for a point, two for a segment.
fn convex_hull(mut pts: Vec<P>) -> Vec<P> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| (a.x - b.x).abs() < 1e-12 && (a.y - b.y).abs() < 1e-12);
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<P> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = hull.len();
        let points: Box<dyn Iterator<Item = &P>> =
            if pass == 0 { Box::new(pts.iter()) } else { Box::new(pts.iter().rev()) };
        for &p in points {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if b.sub(a).cross(p.sub(a)) <= 1e-12 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        hull.pop();
    }
    if hull.len() < 2 {
        // Every point on one line: the two ends.
        return vec![pts[0], pts[pts.len() - 1]];
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn free(keepouts: &[KeepOut], p: Vec2) -> bool {
        !keepouts.iter().any(|k| k.blocks(p))
    }

    #[test]
    fn hulls_drop_repeats_and_straight_corners() {
        let g = Grown::hull(&[v(0., 0.), v(2., 0.), v(1., 0.), v(2., 2.), v(0., 2.), v(0., 0.), v(1., 1.)], 0.0);
        assert_eq!(g.map(|g| g.corners.len()), Some(4));
        let line = Grown::hull(&[v(0., 0.), v(1., 1.), v(3., 3.), v(2., 2.)], 0.0);
        assert_eq!(line.map(|g| g.corners.len()), Some(2));
        assert!(Grown::hull(&[], 1.0).is_none());
        assert!(Grown::hull(&[v(f32::NAN, 0.)], 1.0).is_none());
    }

    #[test]
    fn a_shrunk_square_is_the_inner_square() {
        let sq = [v(0., 0.), v(4., 0.), v(4., 4.), v(0., 4.)];
        let s = Grown::shrunk(&sq, 1.0).unwrap_or_else(|| panic!("a 4 cm square shrunk by 1 cm is not empty"));
        assert!(s.contains(v(1.01, 1.01)) && s.contains(v(2.99, 2.99)));
        assert!(!s.contains(v(0.99, 2.0)) && !s.contains(v(2.0, 3.01)));
        assert!(Grown::shrunk(&sq, 2.01).is_none());
    }

    #[test]
    fn spans_are_the_line_through_the_grown_set() {
        let g = Grown::hull(&[v(0., 0.), v(4., 0.), v(4., 2.), v(0., 2.)], 1.0).unwrap_or_else(|| panic!("hull"));
        let (a, b) = g.span(2.0).unwrap_or_else(|| panic!("span"));
        assert!((a + 1.0).abs() < 1e-9 && (b - 3.0).abs() < 1e-9, "{a} {b}");
        // Through the rounded corner at (4, 2): 0.6 cm to its right.
        let (_, b) = g.span(4.6).unwrap_or_else(|| panic!("span"));
        assert!((b - (2.0 + 0.8)).abs() < 1e-9, "{b}");
        assert!(g.span(5.01).is_none());
    }

    #[test]
    fn an_empty_box_has_room_and_a_covered_one_has_none() {
        let found = find_room(v(1., 1.), v(3., 3.), &[], 0.0, |_| true);
        assert!(found.is_some_and(|p| (1.0..=3.0).contains(&p.x) && (1.0..=3.0).contains(&p.y)));
        let cover = [KeepOut::solid(Grown::disc(v(2., 2.), 1.5).unwrap_or_else(|| panic!("disc")))];
        assert_eq!(find_room(v(1., 1.), v(3., 3.), &cover, 0.0, |_| true), None);
    }

    #[test]
    fn a_hair_wide_gap_between_two_discs_is_found() {
        // Two discs 0.01 cm apart across a 10 × 0.4 box: the only room is
        // the sliver between them.
        let keep = [
            KeepOut::solid(Grown::disc(v(0.0, 0.2), 4.995).unwrap_or_else(|| panic!("disc"))),
            KeepOut::solid(Grown::disc(v(10.0, 0.2), 5.0 - 0.005).unwrap_or_else(|| panic!("disc"))),
        ];
        let p = find_room(v(0., 0.), v(10., 0.4), &keep, 0.0001, |p| free(&keep, p));
        let p = p.unwrap_or_else(|| panic!("the gap at x = 5 was missed"));
        assert!((p.x - 5.0).abs() < 0.01, "{p:?}");
    }

    #[test]
    fn a_hole_in_a_keep_out_is_room() {
        // A ring: blocked within 3 cm of the square but not on it.
        let sq = [v(4., 4.), v(6., 4.), v(6., 6.), v(4., 6.)];
        let ring =
            KeepOut { set: Grown::hull(&sq, 3.0).unwrap_or_else(|| panic!("hull")), hole: Grown::hull(&sq, 0.0) };
        let keep = [ring];
        let p = find_room(v(2.0, 2.0), v(8.0, 8.0), &keep, 0.001, |p| free(&keep, p));
        assert!(p.is_some_and(|p| (4.0..=6.0).contains(&p.x) && (4.0..=6.0).contains(&p.y)), "{p:?}");
    }

    #[test]
    fn refused_points_move_the_search_on() {
        let mut tried = 0;
        let p = find_room(v(0., 0.), v(10., 10.), &[], 0.0, |_| {
            tried += 1;
            false
        });
        assert_eq!(p, None);
        assert!(tried >= 1);
    }
}
