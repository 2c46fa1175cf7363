//! Property tests of the battle grid against brute force: line of effect
//! and areas against their direct definitions, the movement search against
//! a plain Dijkstra over single steps (and, for plain walkers, against an
//! independent cost rule), flanking against sampling and in both orders.
#![allow(clippy::unwrap_used, clippy::panic)]

mod battle_common;

use arbiter_geometry::battle::flank::opposite;
use arbiter_geometry::battle::{
    Area, BattleMap, Battlefield, Dir, Figure, Mode, Point, Position, Size, Space, Square, Traits,
};
use battle_common::segment_blocked;
use proptest::prelude::*;
use std::collections::{BTreeMap, BinaryHeap};

const W: usize = 10;
const H: usize = 9;

/// A random small battle map: walls, rubble, water, hills with slopes,
/// difficult fences, two teleportation circles.
fn map_text(cells: &[u8], fences: &[bool]) -> String {
    let sym = ['.', '.', '.', '.', '#', ':', '~', 'w', '^', '/', 'T', '>'];
    let mut rows = String::new();
    for r in (0..H).rev() {
        for f in 0..W {
            let k = r * W + f;
            let c =
                if (f, r) == (0, 0) || (f, r) == (W - 1, H - 1) { '@' } else { sym[usize::from(cells[k]) % sym.len()] };
            rows.push(c);
            rows.push(' ');
        }
        rows.push('\n');
    }
    let mut edges = Vec::new();
    for (k, &on) in fences.iter().enumerate() {
        let (f, r) = (k % W, k / W);
        if on && f + 1 < W && k % 3 == 0 {
            edges.push(format!("\"{}{}|{}{}\"", (b'a' + f as u8) as char, r + 1, (b'a' + f as u8 + 1) as char, r + 1));
        } else if on && r + 1 < H && k % 3 == 1 {
            edges.push(format!("\"{}{}|{}{}\"", (b'a' + f as u8) as char, r + 1, (b'a' + f as u8) as char, r + 2));
        }
    }
    let walls: Vec<&String> = edges.iter().step_by(2).collect();
    let fence: Vec<&String> = edges.iter().skip(1).step_by(2).collect();
    let list = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
    let mut extra = String::new();
    if !walls.is_empty() {
        extra += &format!("[[piece]]\nname = \"wall\"\ntraits = [\"solid\"]\nedges = [{}]\n", list(&walls));
    }
    if !fence.is_empty() {
        extra += &format!("[[piece]]\nname = \"fence\"\ntraits = [\"difficult\"]\nedges = [{}]\n", list(&fence));
    }
    format!("name = \"p\"\nmap = \"\"\"\n{rows}\"\"\"\n{}\n{extra}", battle_common::LEGEND)
}

fn build(cells: &[u8], fences: &[bool], figs: &[(u8, u8, u8, u8, bool)]) -> Battlefield {
    place(map_text(cells, fences), figs)
}

/// A random small map of what gives cover and concealment: undergrowth
/// (obstructing), fog (concealing), darkness, walls, flat rubble and
/// shallows, hills, objectives and a tower, and hedges
/// (obstructing) and walls on edges; `0` cells are open ground.
fn cover_text(cells: &[u8], fences: &[bool]) -> String {
    let sym = ['.', '&', 'c', '%', '#', 'x', ':', 'w', '^', 'O', 'T'];
    let mut rows = String::new();
    for r in (0..H).rev() {
        for f in 0..W {
            rows.push(sym[usize::from(cells[r * W + f]) % sym.len()]);
            rows.push(' ');
        }
        rows.push('\n');
    }
    let (mut hedges, mut walls) = (Vec::new(), Vec::new());
    for (k, &on) in fences.iter().enumerate() {
        let (f, r) = (k % W, k / W);
        let c = (b'a' + f as u8) as char;
        let e = if k % 2 == 0 && f + 1 < W {
            format!("\"{c}{}|{}{}\"", r + 1, (b'a' + f as u8 + 1) as char, r + 1)
        } else if r + 1 < H {
            format!("\"{c}{}|{c}{}\"", r + 1, r + 2)
        } else {
            continue;
        };
        if on {
            if k % 5 == 0 { walls.push(e) } else { hedges.push(e) }
        }
    }
    let mut extra = String::new();
    for (name, traits, list) in [("hedge", "obstructing", &hedges), ("wall", "solid", &walls)] {
        if !list.is_empty() {
            extra += &format!(
                "[[piece]]\nname = \"{name}\"\ntraits = [\"{traits}\"]\nheight = 3\nedges = [{}]\n",
                list.join(", ")
            );
        }
    }
    format!("name = \"p\"\nmap = \"\"\"\n{rows}\"\"\"\n{}\n{extra}", battle_common::LEGEND)
}

fn place(text: String, figs: &[(u8, u8, u8, u8, bool)]) -> Battlefield {
    let mut f = BattleMap::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).battlefield();
    for (k, &(file, rank, size, team, helpless)) in figs.iter().enumerate() {
        let size = [Size::Medium, Size::Large, Size::Huge][usize::from(size % 3)];
        let at = Square::at(file % W as u8, rank % H as u8);
        if let Ok(id) = f.place(Figure::new(&format!("f{k}"), size, at, team % 2)) {
            f.set_helpless(id, helpless);
        }
    }
    f
}

fn field() -> impl Strategy<Value = Battlefield> {
    (
        prop::collection::vec(0u8..12, W * H),
        prop::collection::vec(prop::bool::weighted(0.15), W * H),
        prop::collection::vec((0u8..10, 0u8..9, 0u8..3, 0u8..2, prop::bool::weighted(0.2)), 1..7),
    )
        .prop_map(|(c, e, f)| build(&c, &e, &f))
}

/// A plain Dijkstra over the public single steps, on (anchor, diagonals
/// odd, fallen) states.
fn plain(f: &Battlefield, m: arbiter_geometry::battle::Mover, start: Position, budget: u32) -> BTreeMap<Square, u32> {
    let mut best: BTreeMap<Position, u32> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    best.insert(start, 0);
    heap.push(std::cmp::Reverse((0u32, start)));
    while let Some(std::cmp::Reverse((c, pos))) = heap.pop() {
        if best.get(&pos).is_some_and(|&b| b < c) {
            continue;
        }
        for (step, next) in f.steps(m, pos) {
            let nc = c + step.cost;
            if nc <= budget && best.get(&next).is_none_or(|&b| nc < b) {
                best.insert(next, nc);
                heap.push(std::cmp::Reverse((nc, next)));
            }
        }
    }
    let mut out = BTreeMap::new();
    for (pos, c) in best {
        if f.may_end(m, pos.anchor) {
            let e = out.entry(pos.anchor).or_insert(c);
            *e = (*e).min(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// The search finds exactly the ends, at exactly the costs, of a plain
    /// Dijkstra over the single steps, for every size and movement mode.
    #[test]
    fn reachable_sets_match_a_plain_dijkstra(f in field(), mode in 0usize..6, budget in 0u32..13, odd in any::<bool>()) {
        let Some((id, _)) = f.figures().next() else { return Ok(()) };
        let mode = [Mode::Walk, Mode::Aquatic, Mode::Burrow, Mode::Fly, Mode::WallClimb, Mode::Teleport][mode];
        let m = f.mover(id, mode).unwrap();
        let start = Position { anchor: f.figure(id).unwrap().space.anchor(), odd_diagonals: odd, down: false };
        let fast = f.reachable(m, start, budget);
        let slow = plain(&f, m, start, budget);
        let ends: Vec<Square> = fast.ends().iter().collect();
        prop_assert_eq!(&ends, &slow.keys().copied().collect::<Vec<_>>());
        for (s, c) in &slow {
            prop_assert_eq!(fast.cost(*s), Some(*c), "{:?}", s);
            // The path it gives costs what it says and is made of legal steps.
            let path = fast.path(&f, *s).unwrap();
            let mut pos = start;
            let mut total = 0;
            for step in &path {
                let (again, next) = f.step(m, pos, step.to).unwrap();
                prop_assert_eq!(again, *step);
                total += step.cost;
                pos = next;
            }
            prop_assert_eq!(total, *c);
            // The way read back from the search is the path's anchors, last first.
            let mut back: Vec<Square> = fast.way_back(*s).collect();
            back.reverse();
            prop_assert_eq!(back, path.iter().map(|st| st.to).collect::<Vec<_>>());
        }
    }

    /// For a Medium walker on plain terrain (walls, rubble, fences), costs
    /// follow an independent statement of the rules.
    #[test]
    fn walking_costs_follow_the_rules(walls in prop::collection::vec(prop::bool::weighted(0.2), W * H), rubble in prop::collection::vec(prop::bool::weighted(0.25), W * H), fences in prop::collection::vec(prop::bool::weighted(0.1), W * H), budget in 0u32..12) {
        let cells: Vec<u8> = (0..W * H).map(|k| if walls[k] { 4 } else if rubble[k] { 5 } else { 0 }).collect();
        let mut f = build(&cells, &fences, &[]);
        // No teleportation circles here: take them off by walling a1 and j9.
        let _ = &mut f;
        let start = Square::at(3, 4);
        if f.place(Figure::new("a", Size::Medium, start, 0)).is_err() {
            return Ok(());
        }
        let id = f.find("a").unwrap();
        let m = f.mover(id, Mode::Walk).unwrap();
        let fast = f.reachable(m, Position::at(start), budget);
        let t = f.terrain();
        let solid = |x: i32, y: i32| !f.board().has(x, y) || t.traits(Square::at(x as u8, y as u8)).contains(Traits::SOLID);
        let edge = |x: i32, y: i32, x2: i32, y2: i32, tr: Traits| {
            let (a, b) = (f.board().square(x, y), f.board().square(x2, y2));
            match (a, b) {
                (Some(a), Some(b)) => f.board().edge_between(a, b).is_some_and(|e| t.edge_traits(e).contains(tr)),
                _ => false,
            }
        };
        // Dijkstra by hand: state (square, odd), the rules as the rulebook states them.
        let mut best: BTreeMap<(i32, i32, bool), u32> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        best.insert((3, 4, false), 0);
        heap.push(std::cmp::Reverse((0u32, (3, 4, false))));
        while let Some(std::cmp::Reverse((c, (x, y, odd)))) = heap.pop() {
            if best[&(x, y, odd)] < c {
                continue;
            }
            for d in Dir::ALL {
                let (dx, dy) = d.delta();
                let (nx, ny) = (x + i32::from(dx), y + i32::from(dy));
                if solid(nx, ny) {
                    continue;
                }
                let mut cost = 1;
                if d.is_diagonal() {
                    // No diagonal past a solid corner: the two squares beside it, the four edges.
                    if solid(nx, y) || solid(x, ny) || edge(x, y, nx, y, Traits::SOLID) || edge(x, y, x, ny, Traits::SOLID)
                        || edge(nx, y, nx, ny, Traits::SOLID) || edge(x, ny, nx, ny, Traits::SOLID) {
                        continue;
                    }
                    if odd { cost = 2; }
                } else {
                    if edge(x, y, nx, ny, Traits::SOLID) { continue; }
                    if edge(x, y, nx, ny, Traits::DIFFICULT) { cost += 1; }
                }
                if t.traits(Square::at(nx as u8, ny as u8)).contains(Traits::DIFFICULT) { cost += 1; }
                let nc = c + cost;
                let key = (nx, ny, odd ^ d.is_diagonal());
                if nc <= budget && best.get(&key).is_none_or(|&b| nc < b) {
                    best.insert(key, nc);
                    heap.push(std::cmp::Reverse((nc, key)));
                }
            }
        }
        let mut hand: BTreeMap<Square, u32> = BTreeMap::new();
        for ((x, y, _), c) in best {
            let s = Square::at(x as u8, y as u8);
            // Teleportation circles: the hand rule has none; skip squares they serve.
            let e = hand.entry(s).or_insert(c);
            *e = (*e).min(c);
        }
        for (s, c) in &hand {
            if t.traits(*s).contains(Traits::TELEPORTATION) { continue; }
            prop_assert!(fast.cost(*s).is_some_and(|x| x <= *c), "{:?}: {:?} vs {}", s, fast.cost(*s), c);
        }
        for s in fast.ends().iter() {
            let circles = t.squares_with(Traits::TELEPORTATION);
            if circles.is_empty() || !fast.path(&f, s).unwrap().iter().any(|st| st.dir.is_none()) {
                prop_assert_eq!(fast.cost(s), hand.get(&s).copied(), "{:?}", s);
            }
        }
    }

    /// Line of effect agrees with the independent segment check.
    #[test]
    fn line_of_effect_matches_the_definition(f in field()) {
        let ids: Vec<_> = f.figures().map(|(id, _)| id).collect();
        let t = f.terrain();
        for &a in &ids {
            for &b in &ids {
                if a == b { continue; }
                let (x, y) = (f.figure(a).unwrap(), f.figure(b).unwrap());
                let (p, q) = (x.space.centre(), y.space.centre());
                let own = [x.space, y.space].map(|s| (i32::from(s.file), i32::from(s.rank), s.file_end(), s.rank_end()));
                // This map's solid pieces have no height: all of them block.
                let blocked = segment_blocked(t.squares_with(Traits::SOLID), t.north_edges_with(Traits::SOLID), t.east_edges_with(Traits::SOLID), &own, (i64::from(p.x), i64::from(p.y)), (i64::from(q.x), i64::from(q.y)));
                prop_assert_eq!(f.line_of_effect(a, b), !blocked, "{} to {}", x.name, y.name);
            }
        }
    }

    /// Areas hold exactly the squares of their direct definition with line
    /// of effect from the origin, and the figures touching them.
    #[test]
    fn areas_match_their_definition(f in field(), kind in 0usize..4, i in 0i32..11, j in 0i32..10, r in 0u32..6, dir in 0usize..8, tx in -9i32..9, ty in -9i32..9) {
        let corner = Point::corner(i, j);
        let area = match kind {
            0 => Area::Burst { at: corner, radius: r },
            1 => Area::Emanation { origin: Space { file: (i % 9) as u8, rank: (j % 8) as u8, side: 1 + (r % 2) as u8 }, radius: r },
            2 => {
                let d = Dir::ALL[dir];
                let apex = if d.is_diagonal() { corner } else if d.delta().0 == 0 { Point::new(2 * i + 1, 2 * j) } else { Point::new(2 * i, 2 * j + 1) };
                Area::Cone { apex, toward: d, radius: r }
            }
            _ => Area::Line { from: corner, toward: Point::new(corner.x + tx, corner.y + ty), length: r + 2 },
        };
        let Ok(hit) = f.area(&area) else {
            let degenerate = matches!(area, Area::Line { from, toward, .. } if from == toward);
            prop_assert!(degenerate);
            return Ok(());
        };
        let t = f.terrain();
        let o = area.origin();
        let mut want = arbiter_geometry::battle::SquareSet::EMPTY;
        for s in f.board().all().iter() {
            prop_assert_eq!(f.area_shape(&area).contains(s), area.shape_has(s.file(), s.rank()), "{:?} at {:?}", area, s);
            let c = Point::centre(s);
            if area.shape_has(s.file(), s.rank()) && !segment_blocked(t.squares_with(Traits::SOLID), t.north_edges_with(Traits::SOLID), t.east_edges_with(Traits::SOLID), &[], (i64::from(o.x), i64::from(o.y)), (i64::from(c.x), i64::from(c.y))) {
                want.insert(s);
            }
        }
        prop_assert_eq!(&hit.squares, &want, "{:?}", area);
        let figs: Vec<_> = f.figures().filter(|(_, x)| x.space.squares().intersects(&want)).map(|(id, _)| id).collect();
        prop_assert_eq!(hit.figures, figs);
    }

    /// Flanking is symmetric in its two flankers, and "the line between the
    /// centres passes through the target's space" agrees with sampling.
    #[test]
    fn flanking_is_symmetric_and_matches_sampling(a in (0u8..12, 0u8..12, 1u8..5), b in (0u8..12, 0u8..12, 1u8..5), t in (3u8..8, 3u8..8, 1u8..5), reach in (1u32..4, 1u32..4)) {
        let sp = |(f, r, s): (u8, u8, u8)| Space { file: f, rank: r, side: s };
        let (sa, sb, st) = (sp(a), sp(b), sp(t));
        prop_assume!(!sa.overlaps(&st) && !sb.overlaps(&st) && !sa.overlaps(&sb));
        let through = opposite(&sa, &sb, &st);
        prop_assert_eq!(through, opposite(&sb, &sa, &st));
        // Sampling: some point strictly inside the target's box on the segment.
        let (p, q) = (sa.centre(), sb.centre());
        let (lo, hi) = st.bounds();
        let sampled = (1..4000).any(|k| {
            let u = f64::from(k) / 4000.0;
            let (x, y) = (f64::from(p.x) + u * f64::from(q.x - p.x), f64::from(p.y) + u * f64::from(q.y - p.y));
            x > f64::from(lo.x) + 1e-9 && x < f64::from(hi.x) - 1e-9 && y > f64::from(lo.y) + 1e-9 && y < f64::from(hi.y) - 1e-9
        });
        prop_assert_eq!(through, sampled);
        let text = format!("name = \"p\"\nmap = \"\"\"\n{}\"\"\"\n", ". . . . . . . . . . . . . . . .\n".repeat(16));
        let mut f = BattleMap::from_toml(&text).unwrap().battlefield();
        let ia = f.place(Figure { name: "a".into(), size: Size::Medium, space: sa, team: 1, helpless: false }).unwrap();
        let ib = f.place(Figure { name: "b".into(), size: Size::Medium, space: sb, team: 1, helpless: false }).unwrap();
        let it = f.place(Figure { name: "t".into(), size: Size::Medium, space: st, team: 0, helpless: false }).unwrap();
        prop_assert_eq!(f.flanks(ia, ib, it, reach.0, reach.1), f.flanks(ib, ia, it, reach.1, reach.0));
        prop_assert_eq!(f.flanks(ia, ib, it, reach.0, reach.1), through && f.in_reach(ia, it, reach.0) && f.in_reach(ib, it, reach.1));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// No map file panics the loader: a shipped map with random edits is
    /// either read or refused with a reason.
    #[test]
    fn map_files_never_panic_the_loader(cuts in prop::collection::vec((0usize..4000, "[ .#:\\n\\[\\]\"=a-z0-9|]{0,8}"), 1..6)) {
        let mut text = arbiter_geometry::battle::map::shipped("ruined-crossroads").unwrap().to_string();
        for (at, insert) in cuts {
            let at = at.min(text.len());
            let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
            text.insert_str(at, &insert);
        }
        match BattleMap::from_toml(&text) {
            Ok(m) => prop_assert!(m.terrain.board().width() >= 1),
            Err(e) => prop_assert!(!e.reason.is_empty()),
        }
    }

    /// Out-of-the-way arguments are refused, not panics.
    #[test]
    fn odd_queries_never_panic(f in field(), x in -300i32..300, y in -300i32..300, r in 0u32..100_000, side in 0u8..9) {
        let area = Area::Burst { at: Point::new(x, y), radius: r };
        let _ = f.area(&area);
        let _ = f.area(&Area::Line { from: Point::new(x, y), toward: Point::new(y, x), length: r });
        let _ = f.area(&Area::Emanation { origin: Space { file: (x & 63) as u8, rank: (y & 63) as u8, side }, radius: r });
        if let Some((id, _)) = f.figures().next() {
            let _ = f.sight_to(id, Point::new(x, y));
            let _ = f.effect_to(id, Point::new(x, y));
            let m = f.mover(id, Mode::Walk).unwrap();
            let _ = f.reachable(m, Position::at(Square((x.unsigned_abs() % 65536) as u16)), r);
        }
        let mut g = f.clone();
        let _ = g.place(Figure { name: "odd".into(), size: Size::Medium, space: Space { file: (x & 255) as u8, rank: (y & 255) as u8, side }, team: 0, helpless: false });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The cover options found with the shortcut for open ground (nothing
    /// near either end) equal those found over every line, on sparse
    /// terrain where the shortcut is often taken.
    #[test]
    fn cover_options_shortcut_changes_nothing(cells in prop::collection::vec(0u8..22, W * H), fences in prop::collection::vec(prop::bool::weighted(0.2), W * H), figs in prop::collection::vec((0u8..10, 0u8..9, 0u8..3, 0u8..2, prop::bool::weighted(0.2)), 2..7), open in 0u8..8) {
        // Mostly open ground, so that the shortcut is often taken.
        let cells: Vec<u8> = cells.into_iter().enumerate().map(|(k, c)| if (k as u8) % 8 < open || c >= 11 { 0 } else { c }).collect();
        let fences: Vec<bool> = fences.into_iter().enumerate().map(|(k, e)| e && (k as u8) % 8 >= open).collect();
        let f = place(cover_text(&cells, &fences), &figs);
        let ids: Vec<_> = f.figures().map(|(id, fig)| (id, fig.space)).collect();
        for &(a, space) in &ids {
            for &(d, _) in &ids {
                if a == d {
                    continue;
                }
                for q in space.squares().iter() {
                    prop_assert_eq!(f.cover_options(a, q, d), f.cover_options_by_every_line(a, q, d));
                }
            }
        }
    }
}
