//! Per-size step tables: for every anchor square and direction, what terrain
//! does to a creature of a given size stepping that way. Built once per
//! terrain version and size, then read by movement with single bit tests.
//!
//! A creature's *anchor* is the lower-left square of its space. A step moves
//! the whole space one square. An orthogonal step crosses, for each square
//! of the space, the edge between its old and new square; a diagonal step
//! passes, for each square, the corner between them, with the two squares
//! beside that corner and the four edges meeting there (a diagonal step
//! cannot pass solid terrain at a corner: "it represents a hard corner").
//!
//! A creature of side 2 or more that does not fit may *squeeze*: it may
//! stand where a block of half its width (rounded up) is free, and step
//! where such a block can step, every square counting as difficult.

use super::board::{Board, Dir};
use super::square::{Square, SquareSet};
use super::terrain::{PieceId, Terrain, Traits};

/// The directions in table order (as [`Dir::ALL`]).
pub(crate) const DIRS: [Dir; 8] = Dir::ALL;

/// The offset of a step in each direction of [`DIRS`] in square numbers.
pub(crate) const OFFSET: [i32; 8] = [64, 65, 1, -63, -64, -65, -1, 63];

/// What terrain does to steps of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StepTable {
    pub side: u8,
    /// Anchors where the whole space stands clear of solid terrain.
    pub stand: SquareSet,
    /// Anchors where the space only fits by squeezing.
    pub squeeze: SquareSet,
    /// Anchors from which a step in each direction is clear of solid terrain.
    pub step: [SquareSet; 8],
    /// Anchors from which a step is possible only by squeezing.
    pub squeeze_step: [SquareSet; 8],
    /// The squares entered include difficult terrain that is not water.
    pub difficult: [SquareSet; 8],
    /// The squares entered include difficult water (shallow water).
    pub water: [SquareSet; 8],
    /// The squares entered include deep water.
    pub deep: [SquareSet; 8],
    /// The squares entered include directional terrain pushing another way.
    pub against: [SquareSet; 8],
    /// An edge crossed carries difficult terrain.
    pub edge_difficult: [SquareSet; 8],
    /// The space holds an incline (a slope, stair or ladder).
    pub incline: SquareSet,
    /// The space is next to solid terrain (a square or an edge).
    pub near_solid: SquareSet,
    /// The space holds an objective.
    pub objective: SquareSet,
    /// The space holds a teleportation circle.
    pub circle: SquareSet,
    /// Per anchor on the board's ranks: the highest ground under the space,
    /// in half squares.
    pub ground: Vec<u16>,
    /// Per anchor on the board's ranks and direction (`anchor * 8 + dir`):
    /// the step's flags ([`code`] bits), everything above in one word for
    /// the search. An anchor past the board's ranks has no entry: read it
    /// with `get` where the anchor may lie off the board.
    pub code: Vec<u16>,
    /// The teleportation circles: each piece and the anchors from which a
    /// space touches it (empty unless there are two or more).
    pub circles: Vec<(PieceId, SquareSet)>,
    /// Every anchor of `circles`.
    pub on_circle: SquareSet,
    /// Per anchor on the board's ranks and direction, a step on foot:
    /// [`WALK_BLOCKED`], or the extra cost over the diagonal count (bits
    /// 0–11), [`WALK_DEEP`] (the count doubles) and [`WALK_DOWN`] (a fall
    /// that ends the movement).
    pub walk: Vec<u16>,
}

/// In [`StepTable::walk`]: no step on foot.
pub(crate) const WALK_BLOCKED: u16 = u16::MAX;
/// In [`StepTable::walk`]: the step enters deep water.
pub(crate) const WALK_DEEP: u16 = 1 << 12;
/// In [`StepTable::walk`]: the step is a fall of two squares or more.
pub(crate) const WALK_DOWN: u16 = 1 << 13;

/// Bits of [`StepTable::code`].
pub(crate) mod code {
    /// The new space lies on the board.
    pub const ON_BOARD: u16 = 1;
    /// Clear of solid terrain.
    pub const STEP: u16 = 1 << 1;
    /// Possible only by squeezing.
    pub const SQUEEZE: u16 = 1 << 2;
    /// Enters difficult terrain that is not water.
    pub const DIFFICULT: u16 = 1 << 3;
    /// Enters difficult water.
    pub const WATER: u16 = 1 << 4;
    /// Enters deep water.
    pub const DEEP: u16 = 1 << 5;
    /// Enters directional terrain pushing another way.
    pub const AGAINST: u16 = 1 << 6;
    /// Crosses difficult terrain on an edge.
    pub const EDGE_DIFFICULT: u16 = 1 << 7;
    /// An incline lies under the old or the new space.
    pub const INCLINE: u16 = 1 << 8;
    /// Both spaces lie next to solid terrain.
    pub const CLINGING: u16 = 1 << 9;
    /// The new space lies next to solid terrain.
    pub const NEAR_SOLID_AFTER: u16 = 1 << 10;
    /// The new space holds an objective.
    pub const OBJECTIVE_AFTER: u16 = 1 << 11;
}

fn dir_index(d: Dir) -> usize {
    d as usize
}

/// The squares of a space at an anchor, as (file, rank) pairs.
fn body(f: i32, r: i32, n: i32) -> impl Iterator<Item = (i32, i32)> {
    (0..n).flat_map(move |i| (0..n).map(move |j| (f + i, r + j)))
}

/// What the squares a step of an `n` × `n` space from (f, r) in direction
/// `d` enters (in the new space and not the old) hold: difficult terrain
/// that is not water, difficult water, deep water, and directional terrain
/// pushing another way.
fn entered(terrain: &Terrain, f: i32, r: i32, n: i32, d: Dir) -> [bool; 4] {
    let board = terrain.board();
    let (df, dr) = d.delta();
    let (f2, r2) = (f + i32::from(df), r + i32::from(dr));
    let entered = body(f2, r2, n).filter(|&(x, y)| !(x >= f && x < f + n && y >= r && y < r + n));
    let (mut dif, mut wat, mut deep, mut against) = (false, false, false, false);
    for (x, y) in entered {
        let Some(s) = board.square(x, y) else { continue };
        let tr = terrain.traits(s);
        if tr.contains(Traits::DIFFICULT) {
            if tr.contains(Traits::WATER) {
                wat = true;
            } else {
                dif = true;
            }
        }
        deep |= tr.contains(Traits::DEEP_WATER);
        if tr.contains(Traits::DIRECTIONAL) {
            let pushes = terrain
                .pieces_on(s)
                .iter()
                .filter_map(|p| terrain.piece(*p))
                .filter(|p| p.active().contains(Traits::DIRECTIONAL))
                .any(|p| p.direction != Some(d));
            against |= pushes;
        }
    }
    [dif, wat, deep, against]
}

struct Solid<'a> {
    board: &'a Board,
    squares: &'a SquareSet,
    north: &'a SquareSet,
    east: &'a SquareSet,
}

impl Solid<'_> {
    fn square(&self, f: i32, r: i32) -> bool {
        self.squares.has(f, r)
    }
    /// True if the edge between orthogonal neighbours (f, r) and (f2, r2) is solid.
    fn edge(&self, f: i32, r: i32, f2: i32, r2: i32) -> bool {
        match (f2 - f, r2 - r) {
            (1, 0) => self.east.has(f, r),
            (-1, 0) => self.east.has(f2, r2),
            (0, 1) => self.north.has(f, r),
            (0, -1) => self.north.has(f2, r2),
            _ => false,
        }
    }
    /// The block of `n` × `n` squares at (f, r) lies on the board with no
    /// solid square in it and no solid edge between its squares.
    fn block_clear(&self, f: i32, r: i32, n: i32) -> bool {
        if f < 0 || r < 0 || f + n > self.board.width() || r + n > self.board.height() {
            return false;
        }
        body(f, r, n).all(|(x, y)| {
            !(self.square(x, y) || (x + 1 < f + n && self.east.has(x, y)) || (y + 1 < r + n && self.north.has(x, y)))
        })
    }
    /// A step of an `n` × `n` block from (f, r) in direction d crosses no
    /// solid edge and passes no solid corner (the destination checked apart).
    fn crossing_clear(&self, f: i32, r: i32, n: i32, d: Dir) -> bool {
        let (df, dr) = d.delta();
        let (df, dr) = (i32::from(df), i32::from(dr));
        body(f, r, n).all(|(x, y)| {
            if df == 0 || dr == 0 {
                !self.edge(x, y, x + df, y + dr)
            } else {
                // Passing the corner between (x, y) and (x+df, y+dr).
                let (hx, hy, vx, vy) = (x + df, y, x, y + dr);
                !self.square(hx, hy)
                    && !self.square(vx, vy)
                    && !self.edge(x, y, hx, hy)
                    && !self.edge(x, y, vx, vy)
                    && !self.edge(hx, hy, x + df, y + dr)
                    && !self.edge(vx, vy, x + df, y + dr)
            }
        })
    }
}

impl StepTable {
    /// Builds the table for spaces of `side` squares, using the tables of
    /// smaller sides for squeezing (`smaller` holds the table of side
    /// `ceil(side / 2)` when `side` ≥ 2).
    pub fn build(terrain: &Terrain, side: u8, core: Option<&StepTable>) -> StepTable {
        let empty8 = || std::array::from_fn::<SquareSet, 8, _>(|_| SquareSet::EMPTY);
        // The anchors of the board's ranks (64 to a rank, as square numbers).
        let anchors = terrain.board().height().clamp(0, 64) as usize * 64;
        let mut t = StepTable {
            side,
            stand: SquareSet::EMPTY,
            squeeze: SquareSet::EMPTY,
            step: empty8(),
            squeeze_step: empty8(),
            difficult: empty8(),
            water: empty8(),
            deep: empty8(),
            against: empty8(),
            edge_difficult: empty8(),
            incline: SquareSet::EMPTY,
            near_solid: SquareSet::EMPTY,
            objective: SquareSet::EMPTY,
            circle: SquareSet::EMPTY,
            ground: vec![0; anchors],
            code: vec![0; anchors * 8],
            circles: Vec::new(),
            on_circle: SquareSet::EMPTY,
            walk: vec![WALK_BLOCKED; anchors * 8],
        };
        t.fill(terrain, core, None);
        t
    }

    /// The table of `terrain` made from the table of the same size on a
    /// terrain that differs from it only on the squares `changed` (and the
    /// edges beside them): a copy of `base` with only the anchors near those
    /// squares worked out again. Equal to [`StepTable::build`] on `terrain`
    /// (a unit test holds it to that); `core` as there.
    pub fn patch(
        base: &StepTable,
        terrain: &Terrain,
        core: Option<&StepTable>,
        changed: &SquareSet,
        solid: bool,
    ) -> StepTable {
        let mut t = base.clone();
        if changed.is_empty() {
            return t;
        }
        // An anchor's entries read its space and the space a step away, so
        // a changed square reaches the anchors from `side` before it to one
        // after it; "next to solid terrain" reads a square further, so a
        // change of solid terrain reaches from `side + 1` before to two after.
        let n = i32::from(base.side);
        let m = i32::from(solid);
        let mut region = SquareSet::EMPTY;
        for c in changed.iter() {
            region.union_with(&SquareSet::rect(c.file() - n - m, c.rank() - n - m, c.file() + 2 + m, c.rank() + 2 + m));
        }
        t.fill(terrain, core, Some(&region));
        t
    }

    /// The table of `terrain` made from the table of the same size on a
    /// terrain that differs from it only by objectives on the squares
    /// `changed`: a copy of `base` with only "the space holds an objective"
    /// and the steps entering those squares (difficult terrain) worked out
    /// again. Equal to [`StepTable::build`] on `terrain` (a unit test holds
    /// it to that).
    pub fn patch_objectives(base: &StepTable, terrain: &Terrain, changed: &SquareSet) -> StepTable {
        let mut t = base.clone();
        let n = i32::from(base.side);
        let (w, h) = (terrain.board().width(), terrain.board().height());
        let fits = |f: i32, r: i32| f >= 0 && r >= 0 && f + n <= w && r + n <= h;
        let objectives = terrain.squares_with(Traits::OBJECTIVE);
        // The anchors whose space covers a changed square.
        let mut region = SquareSet::EMPTY;
        for c in changed.iter() {
            region.union_with(&SquareSet::rect(c.file() - n + 1, c.rank() - n + 1, c.file() + 1, c.rank() + 1));
        }
        for a in region.iter() {
            let (f, r) = (a.file(), a.rank());
            if fits(f, r) && body(f, r, n).any(|(x, y)| objectives.has(x, y)) {
                t.objective.insert(a);
            } else {
                t.objective.remove(a);
            }
        }
        // An objective is difficult terrain: the steps whose new space
        // covers a changed square enter it, and start a square away.
        for a in region.dilated().iter() {
            let (f, r) = (a.file(), a.rank());
            for (di, &d) in DIRS.iter().enumerate() {
                let (df, dr) = d.delta();
                let (f2, r2) = (f + i32::from(df), r + i32::from(dr));
                if !fits(f, r) || !fits(f2, r2) {
                    continue;
                }
                let flags = entered(terrain, f, r, n, d);
                for (flag, set) in
                    flags.into_iter().zip([&mut t.difficult[di], &mut t.water[di], &mut t.deep[di], &mut t.against[di]])
                {
                    if flag {
                        set.insert(a);
                    } else {
                        set.remove(a);
                    }
                }
                t.code[a.index() * 8 + di] = t.code_at(a, di, Square::at(f2 as u8, r2 as u8));
                t.walk[a.index() * 8 + di] = t.walk_at(a.index(), di);
            }
        }
        t
    }

    /// Works out every entry of the anchors in `only` (all when `None`),
    /// over a table that holds the right entries for every other anchor.
    fn fill(&mut self, terrain: &Terrain, core: Option<&StepTable>, only: Option<&SquareSet>) {
        let t = self;
        let side = t.side;
        let board = terrain.board();
        let n = i32::from(side);
        let solid = Solid {
            board,
            squares: terrain.squares_with(Traits::SOLID),
            north: terrain.north_edges_with(Traits::SOLID),
            east: terrain.east_edges_with(Traits::SOLID),
        };
        let redo = |a: Square| only.is_none_or(|o| o.contains(a));
        if let Some(o) = only {
            for set in
                [&mut t.stand, &mut t.squeeze, &mut t.incline, &mut t.objective, &mut t.circle, &mut t.near_solid]
            {
                set.difference_with(o);
            }
            for sets in [
                &mut t.step,
                &mut t.squeeze_step,
                &mut t.difficult,
                &mut t.water,
                &mut t.deep,
                &mut t.against,
                &mut t.edge_difficult,
            ] {
                for set in sets.iter_mut() {
                    set.difference_with(o);
                }
            }
            t.circles.clear();
            t.on_circle = SquareSet::EMPTY;
        }
        let (w, h) = (board.width(), board.height());
        let fits = |f: i32, r: i32| f >= 0 && r >= 0 && f + n <= w && r + n <= h;
        let k = (n + 1) / 2;
        let has = |set: &SquareSet, f: i32, r: i32| body(f, r, n).any(|(x, y)| set.has(x, y));
        let solid_sq = terrain.squares_with(Traits::SOLID);
        let near = solid_sq.dilated();
        for r in 0..h {
            for f in 0..w {
                if !fits(f, r) {
                    continue;
                }
                let a = Square::at(f as u8, r as u8);
                if !redo(a) {
                    continue;
                }
                if solid.block_clear(f, r, n) {
                    t.stand.insert(a);
                } else if n >= 2 && (0..=n - k).any(|i| (0..=n - k).any(|j| solid.block_clear(f + i, r + j, k))) {
                    t.squeeze.insert(a);
                }
                if has(terrain.squares_with(Traits::INCLINE), f, r) {
                    t.incline.insert(a);
                }
                if has(terrain.squares_with(Traits::OBJECTIVE), f, r) {
                    t.objective.insert(a);
                }
                if has(terrain.squares_with(Traits::TELEPORTATION), f, r) {
                    t.circle.insert(a);
                }
                // Next to solid: a solid square around the space, or a solid
                // edge on its rim or inside it.
                let mut near_solid = has(&near, f, r);
                for (x, y) in body(f, r, n) {
                    near_solid |= solid.east.has(x, y)
                        || solid.north.has(x, y)
                        || solid.east.has(x - 1, y)
                        || solid.north.has(x, y - 1);
                }
                if near_solid {
                    t.near_solid.insert(a);
                }
                t.ground[a.index()] = body(f, r, n)
                    .filter_map(|(x, y)| board.square(x, y))
                    .map(|s| terrain.elevation(s).0)
                    .max()
                    .unwrap_or(0);
            }
        }
        for (di, &d) in DIRS.iter().enumerate() {
            let (df, dr) = d.delta();
            let (df, dr) = (i32::from(df), i32::from(dr));
            for r in 0..h {
                for f in 0..w {
                    let (f2, r2) = (f + df, r + dr);
                    if !fits(f, r) || !fits(f2, r2) {
                        continue;
                    }
                    let a = Square::at(f as u8, r as u8);
                    if !redo(a) {
                        continue;
                    }
                    let b = Square::at(f2 as u8, r2 as u8);
                    if t.stand.contains(b) && t.stand.contains(a) && solid.crossing_clear(f, r, n, d) {
                        t.step[di].insert(a);
                    } else if let Some(core) = core
                        && (t.stand.contains(b) || t.squeeze.contains(b))
                        && (t.stand.contains(a) || t.squeeze.contains(a))
                    {
                        let kk = i32::from(core.side);
                        let ok = (0..=n - kk).any(|i| {
                            (0..=n - kk).any(|j| {
                                let (cf, cr) = (f + i, r + j);
                                (0..64).contains(&cf)
                                    && (0..64).contains(&cr)
                                    && core.step[di].contains(Square::at(cf as u8, cr as u8))
                            })
                        });
                        if ok {
                            t.squeeze_step[di].insert(a);
                        }
                    }
                    let [dif, wat, deep, against] = entered(terrain, f, r, n, d);
                    let edge_dif = (df == 0 || dr == 0)
                        && body(f, r, n).any(|(x, y)| {
                            let (x2, y2) = (x + df, y + dr);
                            match (board.square(x, y), board.square(x2, y2)) {
                                (Some(p), Some(q)) => board
                                    .edge_between(p, q)
                                    .is_some_and(|e| terrain.edge_traits(e).contains(Traits::DIFFICULT)),
                                _ => false,
                            }
                        });
                    for (flag, set) in [
                        (dif, &mut t.difficult[di]),
                        (wat, &mut t.water[di]),
                        (deep, &mut t.deep[di]),
                        (against, &mut t.against[di]),
                        (edge_dif, &mut t.edge_difficult[di]),
                    ] {
                        if flag {
                            set.insert(a);
                        }
                    }
                }
            }
        }
        for r in 0..h {
            for f in 0..w {
                let a = Square::at(f as u8, r as u8);
                if !redo(a) {
                    continue;
                }
                for (di, &d) in DIRS.iter().enumerate() {
                    let (df, dr) = d.delta();
                    let (f2, r2) = (f + i32::from(df), r + i32::from(dr));
                    if !fits(f, r) || !fits(f2, r2) {
                        continue;
                    }
                    let c = t.code_at(a, di, Square::at(f2 as u8, r2 as u8));
                    t.code[a.index() * 8 + di] = c;
                }
            }
        }
        for a in 0..t.ground.len() {
            if !redo(Square(a as u16)) {
                continue;
            }
            for di in 0..8 {
                t.walk[a * 8 + di] = t.walk_at(a, di);
            }
        }
        if !t.circle.is_empty() {
            for (i, p) in terrain.pieces().iter().enumerate() {
                if p.active().contains(Traits::TELEPORTATION) {
                    let mut anchors = SquareSet::EMPTY;
                    for r in 0..h {
                        for f in 0..w {
                            if fits(f, r) && has(&p.squares, f, r) {
                                anchors.insert(Square::at(f as u8, r as u8));
                            }
                        }
                    }
                    t.circles.push((PieceId(i as u16), anchors));
                }
            }
            if t.circles.len() < 2 {
                t.circles.clear();
            }
            for (_, set) in &t.circles {
                t.on_circle.union_with(set);
            }
        }
    }

    /// The flags ([`code`]) of the step from anchor `a` in direction `di`
    /// to anchor `b`, both on the board, read from the sets above.
    fn code_at(&self, a: Square, di: usize, b: Square) -> u16 {
        let t = self;
        let mut c = code::ON_BOARD;
        for (set, bit) in [
            (&t.step[di], code::STEP),
            (&t.squeeze_step[di], code::SQUEEZE),
            (&t.difficult[di], code::DIFFICULT),
            (&t.water[di], code::WATER),
            (&t.deep[di], code::DEEP),
            (&t.against[di], code::AGAINST),
            (&t.edge_difficult[di], code::EDGE_DIFFICULT),
        ] {
            if set.contains(a) {
                c |= bit;
            }
        }
        if t.incline.contains(a) || t.incline.contains(b) {
            c |= code::INCLINE;
        }
        if t.near_solid.contains(a) && t.near_solid.contains(b) {
            c |= code::CLINGING;
        }
        if t.near_solid.contains(b) {
            c |= code::NEAR_SOLID_AFTER;
        }
        if t.objective.contains(b) {
            c |= code::OBJECTIVE_AFTER;
        }
        c
    }

    /// The entry of [`StepTable::walk`] for anchor index `a` and direction
    /// `di`, read from [`StepTable::code`] and the ground.
    fn walk_at(&self, a: usize, di: usize) -> u16 {
        let c = self.code[a * 8 + di];
        if c & code::ON_BOARD == 0 {
            return WALK_BLOCKED;
        }
        let to = (a as i32 + OFFSET[di]) as usize;
        let squeezed = if c & code::STEP != 0 {
            false
        } else if c & code::SQUEEZE != 0 {
            true
        } else {
            return WALK_BLOCKED;
        };
        let (g0, g1) = (self.ground[a], self.ground[to]);
        let climbable = c & code::INCLINE != 0;
        let (mut climb, mut fall) = (0u16, 0u16);
        if g1 > g0 {
            if !climbable {
                return WALK_BLOCKED;
            }
            climb = (g1 - g0).div_ceil(2);
        } else if g1 < g0 && !climbable {
            fall = (g0 - g1) / 2;
        }
        let difficult = c & (code::DIFFICULT | code::AGAINST | code::WATER) != 0;
        let extra = u16::from(difficult || squeezed) + u16::from(c & code::EDGE_DIFFICULT != 0) + climb;
        if extra >= WALK_DEEP {
            return WALK_BLOCKED;
        }
        let mut w = extra;
        if c & code::DEEP != 0 {
            w |= WALK_DEEP;
        }
        if fall >= 2 {
            w |= WALK_DOWN;
        }
        w
    }

    /// The highest ground under the space at an anchor.
    pub fn ground_at(&self, a: Square) -> u16 {
        self.ground.get(a.index()).copied().unwrap_or(0)
    }

    /// Index of a direction in the tables.
    pub fn dir(d: Dir) -> usize {
        dir_index(d)
    }
}
