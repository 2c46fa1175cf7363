//! Square grids with walls lying on the edges between squares.
//!
//! A grid has up to 128 squares, numbered `rank * width + file` from the
//! bottom-left, and named like chess squares (`a1`, `h16`). Sets of squares are
//! 128-bit [`CellSet`]s, so adjacency and flood fills are a few shifts.
//!
//! A wall lies on an edge between two orthogonally adjacent squares and takes
//! up no square. An edge is written as the north or east side of the square
//! below or to the left of it ([`Edge`]). Orthogonal steps cross an edge;
//! diagonal steps cross none, passing exactly through a corner where four
//! edges meet, and [`Grid::corner`] reports which of them carry walls. Whether
//! that blocks a move or an attack is for each game's rules to say.
//!
//! This is E'thia's small, specialised grid. Boards of any size up to 64 × 64
//! (Path 2 Victory's battlefield) are [`crate::battle`]'s, which shares this
//! module's directions ([`Dir`]), edge sides ([`Side`]) and the names of
//! squares and edges (`c4`, `c4|c5`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};
use ts_rs::TS;

/// The most squares a grid may have.
pub const MAX_CELLS: usize = 128;

/// A square, `rank * width + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Cell(pub u8);

impl Cell {
    /// Index into per-square arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of squares.
///
/// In JSON a set is the list of its squares, lowest first (`[3, 17, 42]`),
/// which every client reads without 128-bit integers; the older form, the
/// set's bits as one integer (or its decimal text), still reads back.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, TS)]
#[ts(type = "Array<number>")]
pub struct CellSet(pub u128);

impl Serialize for CellSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|c| c.0))
    }
}

impl<'de> Deserialize<'de> for CellSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CellSet, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = CellSet;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of squares (0 to 127), or a set's bits as an integer")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<CellSet, A::Error> {
                let mut set = CellSet::EMPTY;
                while let Some(c) = seq.next_element::<u8>()? {
                    if usize::from(c) >= MAX_CELLS {
                        return Err(serde::de::Error::custom(format!(
                            "square {c} is beyond the {MAX_CELLS} a grid has"
                        )));
                    }
                    set.insert(Cell(c));
                }
                Ok(set)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<CellSet, E> {
                Ok(CellSet(u128::from(v)))
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<CellSet, E> {
                Ok(CellSet(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CellSet, E> {
                v.parse::<u128>().map(CellSet).map_err(|_| E::custom(format!("'{v}' is not a set of squares")))
            }
        }
        deserializer.deserialize_any(Visit)
    }
}

impl CellSet {
    /// No squares.
    pub const EMPTY: CellSet = CellSet(0);

    /// The set holding one square.
    pub const fn single(c: Cell) -> CellSet {
        CellSet(1u128 << c.0)
    }
    /// True if the square is in the set.
    pub const fn contains(self, c: Cell) -> bool {
        (c.0 as usize) < MAX_CELLS && self.0 & (1u128 << c.0) != 0
    }
    /// Adds a square.
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1u128 << c.0;
    }
    /// Removes a square.
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1u128 << c.0);
    }
    /// Number of squares.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// True when empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The lowest square, if any.
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell(self.0.trailing_zeros() as u8))
    }
    /// The squares, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Cell(c)
            })
        })
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
}
impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, o: CellSet) {
        self.0 |= o.0;
    }
}
impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
}
impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, o: CellSet) {
        self.0 &= o.0;
    }
}
impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }
}
impl Not for CellSet {
    type Output = CellSet;
    fn not(self) -> CellSet {
        CellSet(!self.0)
    }
}

/// The eight directions, clockwise from north (towards higher ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[allow(missing_docs)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// All eight, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// Lower-case compass name, as written in notation (`n`, `ne`, … `nw`).
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::NE => "ne",
            Dir::E => "e",
            Dir::SE => "se",
            Dir::S => "s",
            Dir::SW => "sw",
            Dir::W => "w",
            Dir::NW => "nw",
        }
    }

    /// The direction with a compass name.
    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == text)
    }
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// File and rank steps.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }
    /// True for the four diagonals.
    pub const fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::SE | Dir::SW | Dir::NW)
    }
    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::E => Dir::W,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::W => Dir::E,
            Dir::NW => Dir::SE,
        }
    }
    /// The direction with these steps, each in -1..=1, if any.
    pub fn from_delta(df: i32, dr: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (f, r) = d.delta();
            i32::from(f) == df && i32::from(r) == dr
        })
    }
}

/// Which side of a square an edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
pub enum Side {
    /// The edge between a square and the one above it.
    North,
    /// The edge between a square and the one to its right.
    East,
}

/// An edge between two orthogonally adjacent squares, named as the north or
/// east side of the lower or left square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
pub struct Edge {
    /// The square below (for a north side) or to the left (for an east side).
    pub cell: Cell,
    /// Which of its sides.
    pub side: Side,
}

/// A set of walls, one bit per edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Walls {
    /// Squares with a wall on their north side.
    pub north: CellSet,
    /// Squares with a wall on their east side.
    pub east: CellSet,
}

impl Walls {
    /// No walls.
    pub const NONE: Walls = Walls { north: CellSet::EMPTY, east: CellSet::EMPTY };

    /// True if the edge carries a wall.
    pub fn contains(&self, e: Edge) -> bool {
        match e.side {
            Side::North => self.north.contains(e.cell),
            Side::East => self.east.contains(e.cell),
        }
    }
    /// Puts a wall on an edge; returns false if one was there.
    pub fn insert(&mut self, e: Edge) -> bool {
        let had = self.contains(e);
        match e.side {
            Side::North => self.north.insert(e.cell),
            Side::East => self.east.insert(e.cell),
        }
        !had
    }
    /// Takes the wall off an edge; returns false if there was none.
    pub fn remove(&mut self, e: Edge) -> bool {
        let had = self.contains(e);
        match e.side {
            Side::North => self.north.remove(e.cell),
            Side::East => self.east.remove(e.cell),
        }
        had
    }
    /// Number of walls.
    pub fn len(&self) -> u32 {
        self.north.len() + self.east.len()
    }
    /// True when there are no walls.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every wall, north sides first.
    pub fn iter(&self) -> impl Iterator<Item = Edge> + '_ {
        let n = self.north.iter().map(|cell| Edge { cell, side: Side::North });
        let e = self.east.iter().map(|cell| Edge { cell, side: Side::East });
        n.chain(e)
    }
    /// Only the walls whose edges touch squares of `area` on both sides.
    pub fn within(&self, grid: &Grid, area: CellSet) -> Walls {
        let w = u32::from(grid.width);
        let north_inside = area & CellSet(area.0.checked_shr(w).unwrap_or(0));
        let east_inside = area & (CellSet(area.0 >> 1) - grid.east_file);
        Walls { north: self.north & north_inside, east: self.east & east_inside }
    }
}

/// The walls at the corner a diagonal step passes through.
///
/// For a step from `P` to its diagonal neighbour `Q`, `H` is the square beside
/// `P` towards `Q`'s file and `V` the square beside `P` towards `Q`'s rank. The
/// four edges meeting at the corner are `P|H`, `P|V`, `H|Q` and `V|Q`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Corner {
    /// A wall between `P` and `H`.
    pub p_h: bool,
    /// A wall between `P` and `V`.
    pub p_v: bool,
    /// A wall between `H` and `Q`.
    pub h_q: bool,
    /// A wall between `V` and `Q`.
    pub v_q: bool,
}

impl Corner {
    /// True if any wall touches the corner.
    pub fn any(self) -> bool {
        self.p_h || self.p_v || self.h_q || self.v_q
    }
    /// True if a wall lies on one of the destination's two edges at the corner.
    pub fn at_destination(self) -> bool {
        self.h_q || self.v_q
    }
    /// True if a wall lies on one of the start's two edges at the corner.
    pub fn at_start(self) -> bool {
        self.p_h || self.p_v
    }
    /// True if walls cut both ways round the corner (through `H` and through
    /// `V`): a straight run of walls through the corner, or an L whose bend is
    /// at `P` or `Q`.
    pub fn separates(self) -> bool {
        (self.p_h || self.h_q) && (self.p_v || self.v_q)
    }
}

/// Why a grid cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError(pub String);

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GridError {}

/// A rectangular grid of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
#[ts(type = "[number, number]")]
pub struct Grid {
    width: u8,
    height: u8,
    all: CellSet,
    west_file: CellSet,
    east_file: CellSet,
    /// The neighbour of each square in each direction (`NO_CELL` off the grid).
    steps: [[u8; 8]; MAX_CELLS],
}

/// "No square" in the step table.
const NO_CELL: u8 = u8::MAX;

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}×{})", self.width, self.height)
    }
}

impl TryFrom<(u8, u8)> for Grid {
    type Error = GridError;
    fn try_from((w, h): (u8, u8)) -> Result<Grid, GridError> {
        Grid::new(w, h)
    }
}

impl From<Grid> for (u8, u8) {
    fn from(g: Grid) -> (u8, u8) {
        (g.width, g.height)
    }
}

impl Grid {
    /// A grid `width` files by `height` ranks, at most 128 squares and 26 files.
    pub fn new(width: u8, height: u8) -> Result<Grid, GridError> {
        let cells = usize::from(width) * usize::from(height);
        if width == 0 || height == 0 || width > 26 || cells > MAX_CELLS {
            return Err(GridError(format!(
                "a grid of {width}×{height} is not allowed: 1 to 26 files and at most {MAX_CELLS} squares"
            )));
        }
        let all = CellSet(if cells == MAX_CELLS { u128::MAX } else { (1u128 << cells) - 1 });
        let mut west_file = CellSet::EMPTY;
        let mut east_file = CellSet::EMPTY;
        for r in 0..height {
            west_file.insert(Cell(r * width));
            east_file.insert(Cell(r * width + width - 1));
        }
        let mut steps = [[NO_CELL; 8]; MAX_CELLS];
        for (c, row) in steps.iter_mut().enumerate().take(cells) {
            let (file, rank) = ((c % usize::from(width)) as i32, (c / usize::from(width)) as i32);
            for d in Dir::ALL {
                let (df, dr) = d.delta();
                let (f, r) = (file + i32::from(df), rank + i32::from(dr));
                if (0..i32::from(width)).contains(&f) && (0..i32::from(height)).contains(&r) {
                    row[d as usize] = (r * i32::from(width) + f) as u8;
                }
            }
        }
        Ok(Grid { width, height, all, west_file, east_file, steps })
    }

    /// Files.
    pub fn width(&self) -> u8 {
        self.width
    }
    /// Ranks.
    pub fn height(&self) -> u8 {
        self.height
    }
    /// Every square.
    pub fn all(&self) -> CellSet {
        self.all
    }
    /// True if the square is on the grid.
    pub fn contains(&self, c: Cell) -> bool {
        self.all.contains(c)
    }
    /// The square at a file and rank (both from 0).
    pub fn cell(&self, file: i32, rank: i32) -> Option<Cell> {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        ((0..w).contains(&file) && (0..h).contains(&rank)).then(|| Cell((rank * w + file) as u8))
    }
    /// A square's file, from 0.
    pub fn file(&self, c: Cell) -> i32 {
        i32::from(c.0 % self.width)
    }
    /// A square's rank, from 0.
    pub fn rank(&self, c: Cell) -> i32 {
        i32::from(c.0 / self.width)
    }
    /// The squares of a block of ranks, `from..to`.
    pub fn ranks(&self, from: i32, to: i32) -> CellSet {
        let mut s = CellSet::EMPTY;
        for r in from.max(0)..to.min(i32::from(self.height)) {
            for f in 0..i32::from(self.width) {
                if let Some(c) = self.cell(f, r) {
                    s.insert(c);
                }
            }
        }
        s
    }
    /// The neighbouring square in a direction.
    #[inline]
    pub fn neighbour(&self, c: Cell, d: Dir) -> Option<Cell> {
        let n = *self.steps.get(c.index())?.get(d as usize)?;
        (n != NO_CELL).then_some(Cell(n))
    }
    /// The edge between two orthogonally adjacent squares.
    pub fn edge_between(&self, a: Cell, b: Cell) -> Option<Edge> {
        if !self.contains(a) || !self.contains(b) {
            return None;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if self.neighbour(lo, Dir::N) == Some(hi) {
            Some(Edge { cell: lo, side: Side::North })
        } else if self.neighbour(lo, Dir::E) == Some(hi) {
            Some(Edge { cell: lo, side: Side::East })
        } else {
            None
        }
    }
    /// The edge crossed by an orthogonal step, if the step stays on the grid.
    pub fn edge_of_step(&self, c: Cell, d: Dir) -> Option<Edge> {
        self.neighbour(c, d).and_then(|n| self.edge_between(c, n))
    }
    /// The two squares on either side of an edge, if it lies inside the grid.
    pub fn edge_cells(&self, e: Edge) -> Option<(Cell, Cell)> {
        let other = self.neighbour(e.cell, if e.side == Side::North { Dir::N } else { Dir::E })?;
        Some((e.cell, other))
    }
    /// True if the edge lies between two squares of the grid (not on its rim).
    pub fn is_interior(&self, e: Edge) -> bool {
        self.edge_cells(e).is_some()
    }
    /// Every interior edge: north sides first, then east sides.
    pub fn interior_edges(&self) -> Vec<Edge> {
        let mut v = Vec::new();
        for side in [Side::North, Side::East] {
            for cell in self.all.iter() {
                let e = Edge { cell, side };
                if self.is_interior(e) {
                    v.push(e);
                }
            }
        }
        v
    }
    /// True if an orthogonal step from `c` towards `d` crosses a wall (false
    /// for diagonal directions and steps off the grid).
    #[inline]
    pub fn crosses_wall(&self, walls: &Walls, c: Cell, d: Dir) -> bool {
        match (d, self.neighbour(c, d)) {
            (Dir::N, Some(_)) => walls.north.contains(c),
            (Dir::S, Some(n)) => walls.north.contains(n),
            (Dir::E, Some(_)) => walls.east.contains(c),
            (Dir::W, Some(n)) => walls.east.contains(n),
            _ => false,
        }
    }
    /// The walls at the corner a diagonal step from `c` towards `d` passes;
    /// `None` for orthogonal directions or steps off the grid.
    #[inline]
    pub fn corner(&self, walls: &Walls, c: Cell, d: Dir) -> Option<Corner> {
        if !d.is_diagonal() {
            return None;
        }
        let (df, dr) = d.delta();
        let horizontal = if df > 0 { Dir::E } else { Dir::W };
        let vertical = if dr > 0 { Dir::N } else { Dir::S };
        let h = self.neighbour(c, horizontal)?;
        let v = self.neighbour(c, vertical)?;
        Some(Corner {
            p_h: self.crosses_wall(walls, c, horizontal),
            p_v: self.crosses_wall(walls, c, vertical),
            h_q: self.crosses_wall(walls, h, vertical),
            v_q: self.crosses_wall(walls, v, horizontal),
        })
    }
    /// The squares after `c` along `d`, at most `max` of them, stopping at the rim.
    pub fn line(&self, c: Cell, d: Dir, max: u32) -> impl Iterator<Item = Cell> + '_ {
        let mut at = c;
        let mut n = 0;
        std::iter::from_fn(move || {
            if n >= max {
                return None;
            }
            n += 1;
            at = self.neighbour(at, d)?;
            Some(at)
        })
    }
    /// If `to` lies on a rank, file or 45° diagonal from `from`, its direction
    /// and distance in steps.
    pub fn direction(&self, from: Cell, to: Cell) -> Option<(Dir, u32)> {
        let df = self.file(to) - self.file(from);
        let dr = self.rank(to) - self.rank(from);
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        Dir::from_delta(df.signum(), dr.signum()).map(|d| (d, df.unsigned_abs().max(dr.unsigned_abs())))
    }
    /// King-move distance.
    pub fn chebyshev(&self, a: Cell, b: Cell) -> u32 {
        (self.file(a) - self.file(b)).unsigned_abs().max((self.rank(a) - self.rank(b)).unsigned_abs())
    }
    /// Rook-step (taxicab) distance.
    pub fn manhattan(&self, a: Cell, b: Cell) -> u32 {
        (self.file(a) - self.file(b)).unsigned_abs() + (self.rank(a) - self.rank(b)).unsigned_abs()
    }
    /// The squares king-adjacent to `c` (the 8 around it, on the grid).
    pub fn around(&self, c: Cell) -> CellSet {
        let mut s = CellSet::EMPTY;
        for d in Dir::ALL {
            if let Some(n) = self.neighbour(c, d) {
                s.insert(n);
            }
        }
        s
    }
    /// Every square one orthogonal step from a square of `from` without
    /// crossing a wall.
    pub fn step_orthogonal(&self, from: CellSet, walls: &Walls) -> CellSet {
        let w = u32::from(self.width);
        let f = from.0 & self.all.0;
        let east = (f & !self.east_file.0 & !walls.east.0) << 1;
        let west = ((f & !self.west_file.0) >> 1) & !walls.east.0;
        let north = (f & !walls.north.0).checked_shl(w).unwrap_or(0);
        let south = f.checked_shr(w).unwrap_or(0) & !walls.north.0;
        CellSet((east | west | north | south) & self.all.0)
    }
    /// The squares reachable from `from` in at most `steps` orthogonal steps,
    /// entering only squares of `open` and crossing no wall (`from` included).
    pub fn flood(&self, from: CellSet, walls: &Walls, open: CellSet, steps: u32) -> CellSet {
        let mut reached = from & self.all;
        let mut frontier = reached;
        for _ in 0..steps {
            let next = self.step_orthogonal(frontier, walls) & (open - reached);
            if next.is_empty() {
                break;
            }
            reached |= next;
            frontier = next;
        }
        reached
    }
    /// The squares of `open` next to `c` by an orthogonal step that crosses no wall.
    pub fn open_neighbours(&self, walls: &Walls, c: Cell, open: CellSet) -> CellSet {
        self.step_orthogonal(CellSet::single(c), walls) & open
    }
    /// True if every square of `open` can reach every other by orthogonal steps
    /// through `open` without crossing a wall.
    pub fn connected(&self, walls: &Walls, open: CellSet) -> bool {
        match (open & self.all).first() {
            None => true,
            Some(start) => self.flood(CellSet::single(start), walls, open, u32::MAX) == open & self.all,
        }
    }
    /// Breadth-first distances from `from` using any step the caller allows:
    /// `step(square, direction)` gives the square entered, or `None` where the
    /// step is not allowed. Unreached squares get `u8::MAX`.
    pub fn distances(&self, from: Cell, max: u8, step: impl Fn(Cell, Dir) -> Option<Cell>) -> [u8; MAX_CELLS] {
        let mut dist = [u8::MAX; MAX_CELLS];
        if !self.contains(from) {
            return dist;
        }
        dist[from.index()] = 0;
        let mut frontier = vec![from];
        let mut d = 0u8;
        while !frontier.is_empty() && d < max {
            d += 1;
            let mut next = Vec::new();
            for &c in &frontier {
                for dir in Dir::ALL {
                    if let Some(n) = step(c, dir)
                        && self.contains(n)
                        && dist[n.index()] == u8::MAX
                    {
                        dist[n.index()] = d;
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        dist
    }
    /// A square's name: file letter and rank number (`a1`, `h16`).
    pub fn name(&self, c: Cell) -> String {
        format!("{}{}", (b'a' + (c.0 % self.width)) as char, c.0 / self.width + 1)
    }
    /// Parses a square's name.
    pub fn parse(&self, text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let f = chars.next()?.to_ascii_lowercase();
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rank: i32 = chars.as_str().parse().ok().filter(|r: &i32| (1..=99).contains(r))?;
        if chars.as_str().starts_with('0') || chars.as_str().starts_with('+') {
            return None;
        }
        self.cell(i32::from(f as u8 - b'a'), rank - 1)
    }
    /// An edge's name: the two squares, lower first, joined by `|` (`b2|b3`).
    pub fn edge_name(&self, e: Edge) -> String {
        match self.edge_cells(e) {
            Some((a, b)) => format!("{}|{}", self.name(a), self.name(b)),
            None => format!("{}:{:?}", self.name(e.cell), e.side),
        }
    }
    /// Parses an edge written as two adjacent squares, `b2|b3` (either order).
    pub fn parse_edge(&self, text: &str) -> Option<Edge> {
        let (a, b) = text.split_once('|')?;
        self.edge_between(self.parse(a.trim())?, self.parse(b.trim())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g8() -> Grid {
        Grid::new(8, 8).unwrap()
    }

    #[test]
    fn square_sets_are_json_lists_and_the_integer_form_still_reads() {
        let mut set = CellSet::EMPTY;
        for c in [0u8, 3, 64, 127] {
            set.insert(Cell(c));
        }
        let text = serde_json::to_string(&set).unwrap();
        assert_eq!(text, "[0,3,64,127]");
        assert_eq!(serde_json::from_str::<CellSet>(&text).unwrap(), set);
        assert_eq!(serde_json::from_value::<CellSet>(serde_json::to_value(set).unwrap()).unwrap(), set);
        // Files written before the list form: the bits as an integer (up to
        // 64 bits), or as decimal text (what the server sent above 64 bits).
        assert_eq!(serde_json::from_str::<CellSet>("9").unwrap(), CellSet(9));
        assert_eq!(serde_json::from_str::<CellSet>(&format!("\"{}\"", set.0)).unwrap(), set);
        assert!(serde_json::from_str::<CellSet>("[128]").is_err());
        assert!(serde_json::from_str::<CellSet>("\"squares\"").is_err());
    }

    #[test]
    fn direction_names_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::parse(d.name()), Some(d));
        }
        assert_eq!(Dir::NE.name(), "ne");
        assert_eq!(Dir::parse("north"), None);
    }

    #[test]
    fn names_parse_and_print() {
        let g = Grid::new(8, 16).unwrap();
        for (text, file, rank) in [("a1", 0, 0), ("h16", 7, 15), ("C9", 2, 8)] {
            let c = g.parse(text).unwrap();
            assert_eq!((g.file(c), g.rank(c)), (file, rank));
        }
        assert_eq!(g.name(g.parse("h16").unwrap()), "h16");
        for bad in ["", "a", "a0", "a17", "i1", "a01", "a+1", "11", "é1", "a1a"] {
            assert_eq!(g.parse(bad), None, "{bad}");
        }
        let e = g.parse_edge("b3|b2").unwrap();
        assert_eq!(g.edge_name(e), "b2|b3");
        assert_eq!(g.parse_edge("b2|c3"), None);
    }

    #[test]
    fn grids_are_limited_to_128_squares() {
        assert!(Grid::new(16, 8).is_ok());
        assert!(Grid::new(26, 4).is_ok());
        assert!(Grid::new(27, 2).is_err());
        assert!(Grid::new(12, 11).is_err());
        assert!(Grid::new(0, 4).is_err());
        let full = Grid::new(16, 8).unwrap();
        assert_eq!(full.all().len(), 128);
        // Shifts at the top of a 128-square grid do not overflow.
        let top = full.ranks(7, 8);
        assert_eq!(full.step_orthogonal(top, &Walls::NONE).len(), 16 + 16);
    }

    #[test]
    fn walls_block_orthogonal_steps_only_across_their_edge() {
        let g = g8();
        let b2 = g.parse("b2").unwrap();
        let mut w = Walls::NONE;
        w.insert(g.parse_edge("b2|b3").unwrap());
        assert!(g.crosses_wall(&w, b2, Dir::N));
        assert!(g.crosses_wall(&w, g.parse("b3").unwrap(), Dir::S));
        assert!(!g.crosses_wall(&w, b2, Dir::E));
        let reach = g.step_orthogonal(CellSet::single(b2), &w);
        assert_eq!(reach.len(), 3);
        assert!(!reach.contains(g.parse("b3").unwrap()));
        // The same from the other side.
        let from_b3 = g.step_orthogonal(CellSet::single(g.parse("b3").unwrap()), &w);
        assert!(!from_b3.contains(b2) && from_b3.len() == 3);
        // East–west walls.
        let mut w = Walls::NONE;
        w.insert(g.parse_edge("c4|d4").unwrap());
        assert!(!g.step_orthogonal(CellSet::single(g.parse("d4").unwrap()), &w).contains(g.parse("c4").unwrap()));
        assert!(!g.step_orthogonal(CellSet::single(g.parse("c4").unwrap()), &w).contains(g.parse("d4").unwrap()));
    }

    #[test]
    fn steps_never_wrap_round_the_rim() {
        let g = g8();
        let h1 = g.parse("h1").unwrap();
        let s = g.step_orthogonal(CellSet::single(h1), &Walls::NONE);
        assert!(!s.contains(g.parse("a2").unwrap()));
        assert_eq!(s.len(), 2);
        let a2 = g.parse("a2").unwrap();
        assert!(!g.step_orthogonal(CellSet::single(a2), &Walls::NONE).contains(h1));
    }

    #[test]
    fn corners_report_the_walls_a_diagonal_step_passes() {
        // Wall on b2|b3 (the top edge of b2):
        //   a3 b3 c3
        //   a2 b2 c2   — a3→b2 passes the wall's west end, b2 is behind it.
        let g = g8();
        let sq = |s| g.parse(s).unwrap();
        let mut w = Walls::NONE;
        w.insert(g.parse_edge("b2|b3").unwrap());
        let c = g.corner(&w, sq("a3"), Dir::SE).unwrap();
        assert!(c.at_destination() && !c.at_start() && !c.separates());
        let c = g.corner(&w, sq("b2"), Dir::NW).unwrap();
        assert!(c.at_start() && !c.at_destination());
        assert_eq!(g.corner(&w, sq("a1"), Dir::NE), Some(Corner::default()));
        assert_eq!(g.corner(&w, sq("a1"), Dir::N), None);
        // Two walls in a row through the corner separate both ways round it.
        w.insert(g.parse_edge("c2|c3").unwrap());
        let c = g.corner(&w, sq("b3"), Dir::SE).unwrap();
        assert!(c.separates());
        // An L bending round a third square does not.
        let mut l = Walls::NONE;
        l.insert(g.parse_edge("b2|b3").unwrap());
        l.insert(g.parse_edge("a3|b3").unwrap());
        // The walls b2|b3 and a3|b3 bend round b3: a3→b2 passes outside the bend,
        // a2→b3 goes into it.
        assert!(!g.corner(&l, sq("a3"), Dir::SE).unwrap().separates());
        assert!(g.corner(&l, sq("a2"), Dir::NE).unwrap().separates());
    }

    #[test]
    fn flood_fills_respect_walls_open_squares_and_step_limits() {
        let g = g8();
        let sq = |s| g.parse(s).unwrap();
        let open = g.all() - CellSet::single(sq("b1"));
        let r = g.flood(CellSet::single(sq("a1")), &Walls::NONE, open, 2);
        let names: Vec<String> = r.iter().map(|c| g.name(c)).collect();
        assert_eq!(names, ["a1", "a2", "b2", "a3"]);
        // Four walls seal a 2×2 corner although each of its squares keeps two
        // open neighbours: connectivity must be checked globally.
        let mut w = Walls::NONE;
        for e in ["a2|a3", "b2|b3", "b1|c1", "b2|c2"] {
            w.insert(g.parse_edge(e).unwrap());
        }
        assert!(g.all().iter().all(|c| g.open_neighbours(&w, c, g.all()).len() >= 2));
        assert!(!g.connected(&w, g.all()));
        w.remove(g.parse_edge("b1|c1").unwrap());
        assert!(g.connected(&w, g.all()));
    }

    #[test]
    fn lines_directions_and_distances() {
        let g = g8();
        let sq = |s| g.parse(s).unwrap();
        let line: Vec<String> = g.line(sq("b2"), Dir::NE, 4).map(|c| g.name(c)).collect();
        assert_eq!(line, ["c3", "d4", "e5", "f6"]);
        assert_eq!(g.line(sq("g7"), Dir::NE, 4).count(), 1);
        assert_eq!(g.direction(sq("b2"), sq("e5")), Some((Dir::NE, 3)));
        assert_eq!(g.direction(sq("b2"), sq("b7")), Some((Dir::N, 5)));
        assert_eq!(g.direction(sq("b2"), sq("c4")), None);
        assert_eq!(g.chebyshev(sq("a1"), sq("c4")), 3);
        assert_eq!(g.manhattan(sq("a1"), sq("c4")), 5);
        assert_eq!(g.around(sq("a1")).len(), 3);
    }

    #[test]
    fn walls_can_be_restricted_to_an_area() {
        let g = Grid::new(8, 16).unwrap();
        let mut w = Walls::NONE;
        for e in ["b2|b3", "d8|d9", "e12|f12", "h4|h5"] {
            w.insert(g.parse_edge(e).unwrap());
        }
        let low = g.ranks(0, 8);
        let kept: Vec<String> = w.within(&g, low).iter().map(|e| g.edge_name(e)).collect();
        assert_eq!(kept, ["b2|b3", "h4|h5"]);
    }

    #[test]
    fn distances_use_the_callers_steps() {
        let g = g8();
        let sq = |s| g.parse(s).unwrap();
        let king = g.distances(sq("a1"), 10, |c, d| g.neighbour(c, d));
        assert_eq!(king[sq("c4").index()], 3);
        let rook = g.distances(sq("a1"), 10, |c, d| if d.is_diagonal() { None } else { g.neighbour(c, d) });
        assert_eq!(rook[sq("c4").index()], 5);
        let short = g.distances(sq("a1"), 2, |c, d| g.neighbour(c, d));
        assert_eq!(short[sq("c4").index()], u8::MAX);
    }
}
