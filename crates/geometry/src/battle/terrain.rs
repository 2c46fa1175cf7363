//! Terrain: pieces lying on squares and on the edges between squares, each
//! with terrain traits, a height and an elevation, indexed for the questions
//! of sight, cover, areas and movement.
//!
//! A [`Piece`] is one piece of terrain as the rules count it: a line of sight
//! that crosses three squares of the same wood makes one cover check. A piece
//! covers squares, edges (a fence, a wall between two squares) or both.
//! [`Terrain`] holds the pieces of a board and keeps, for each trait, the set
//! of squares and of edges that carry it, rebuilt when a door opens or closes.
//!
//! Heights are measured from the table, in squares. A piece's *elevation* is
//! where a creature standing on it stands (a hill, a rooftop); its *height*
//! is how tall it stands (for cover, and for the height rule of line of
//! sight: solid and opaque terrain block sight up to their height, raised
//! ground up to its elevation, obstructing and concealing terrain never).
//! Unless stated, solid and opaque terrain reach the sky, obstructing
//! terrain stands one square above its elevation, and anything else lies
//! flat on its elevation.

use super::board::{Board, Dir, Edge, Side, Space};
use super::size::Height;

use super::square::{Square, SquareSet};
use super::steps::StepTable;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A set of terrain traits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Traits(pub u16);

impl Traits {
    /// No traits: open ground.
    pub const NONE: Traits = Traits(0);
    /// Grants concealment to creatures within it.
    pub const CONCEALING: Traits = Traits(1);
    /// Traversed at half speed; swimmers are off-guard.
    pub const DEEP_WATER: Traits = Traits(1 << 1);
    /// One extra square to enter, or to cross between squares.
    pub const DIFFICULT: Traits = Traits(1 << 2);
    /// Opened and closed by Interacting; solid while closed.
    pub const DOOR: Traits = Traits(1 << 3);
    /// Pushes creatures in its direction; moving any other way is difficult.
    pub const DIRECTIONAL: Traits = Traits(1 << 4);
    /// Entering or ending a turn on it encumbers.
    pub const ENCUMBERING: Traits = Traits(1 << 5);
    /// Damages whoever enters it or ends a turn on it.
    pub const HAZARDOUS: Traits = Traits(1 << 6);
    /// Grants cover.
    pub const OBSTRUCTING: Traits = Traits(1 << 7);
    /// Blocks line of sight.
    pub const OPAQUE: Traits = Traits(1 << 8);
    /// Blocks movement, line of sight and areas of effect.
    pub const SOLID: Traits = Traits(1 << 9);
    /// Every teleportation circle is adjacent to every other.
    pub const TELEPORTATION: Traits = Traits(1 << 10);
    /// Arbiter's addition: a slope, stair or ladder by which creatures climb
    /// between elevations; standing on it leaves a creature off-guard.
    pub const INCLINE: Traits = Traits(1 << 11);
    /// Arbiter's addition: a ledge or beam narrower than a square ("Narrow
    /// spaces and tight gaps").
    pub const NARROW: Traits = Traits(1 << 12);
    /// Arbiter's addition: this is water (shallow if difficult), which
    /// aquatic creatures ignore.
    pub const WATER: Traits = Traits(1 << 13);
    /// An objective: difficult and obstructing, and no move may end on it.
    pub const OBJECTIVE: Traits = Traits(1 << 14);
    /// Arbiter's addition: made of plants (woods, brambles), which some
    /// creatures cross unhindered ("Difficult terrain made by plants does
    /// not slow it").
    pub const PLANT: Traits = Traits(1 << 15);

    /// Every trait with its name in map files.
    pub const NAMES: [(Traits, &'static str); 16] = [
        (Traits::CONCEALING, "concealing"),
        (Traits::DEEP_WATER, "deep water"),
        (Traits::DIFFICULT, "difficult"),
        (Traits::DOOR, "door"),
        (Traits::DIRECTIONAL, "directional"),
        (Traits::ENCUMBERING, "encumbering"),
        (Traits::HAZARDOUS, "hazardous"),
        (Traits::OBSTRUCTING, "obstructing"),
        (Traits::OPAQUE, "opaque"),
        (Traits::SOLID, "solid"),
        (Traits::TELEPORTATION, "teleportation circle"),
        (Traits::INCLINE, "incline"),
        (Traits::NARROW, "narrow"),
        (Traits::WATER, "water"),
        (Traits::OBJECTIVE, "objective"),
        (Traits::PLANT, "plant"),
    ];

    /// True if every trait of `o` is in the set.
    pub const fn contains(self, o: Traits) -> bool {
        self.0 & o.0 == o.0
    }
    /// True if the sets share a trait.
    pub const fn any(self, o: Traits) -> bool {
        self.0 & o.0 != 0
    }
    /// The union of two sets.
    #[must_use]
    pub const fn with(self, o: Traits) -> Traits {
        Traits(self.0 | o.0)
    }
    /// The set without the traits of `o`.
    #[must_use]
    pub const fn without(self, o: Traits) -> Traits {
        Traits(self.0 & !o.0)
    }
    /// The trait with a name (`deep water`, `deep-water`, `deep_water`).
    pub fn parse(name: &str) -> Option<Traits> {
        let n = name.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        let n = if n == "teleportation" || n == "teleport" { "teleportation circle".to_string() } else { n };
        Traits::NAMES.iter().find(|(_, t)| *t == n).map(|(x, _)| *x)
    }
    /// The names of the traits in the set, comma-separated.
    pub fn names(self) -> String {
        let v: Vec<&str> = Traits::NAMES.iter().filter(|(t, _)| self.contains(*t)).map(|(_, n)| *n).collect();
        if v.is_empty() { "open ground".into() } else { v.join(", ") }
    }
}

/// Identifies a piece of terrain on its board (its index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PieceId(pub u16);

/// One piece of terrain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// What it is called ("stone wall", "Golem's Eye").
    pub name: String,
    /// Its traits as printed; see [`Piece::active`] for what they do now.
    pub traits: Traits,
    /// Its stated height in squares, if any (see [`Piece::height`]).
    pub height: Option<u16>,
    /// Where creatures standing on it stand, in squares.
    pub elevation: u16,
    /// For a door: open or closed.
    pub open: bool,
    /// For directional terrain: the way it pushes.
    pub direction: Option<Dir>,
    /// For hazardous terrain: the damage type ("fire").
    pub damage: Option<String>,
    /// The squares it fills.
    pub squares: SquareSet,
    /// The edges it runs along.
    pub edges: Vec<Edge>,
}

impl Piece {
    /// A piece with traits and nothing else, on no square yet.
    pub fn new(name: &str, traits: Traits) -> Piece {
        Piece {
            name: name.to_string(),
            traits,
            height: None,
            elevation: 0,
            open: false,
            direction: None,
            damage: None,
            squares: SquareSet::EMPTY,
            edges: Vec::new(),
        }
    }
    /// The traits in force now: a closed door is solid, an objective is
    /// difficult and obstructing.
    pub fn active(&self) -> Traits {
        let mut t = self.traits;
        if t.contains(Traits::DOOR) && !self.open {
            t = t.with(Traits::SOLID);
        }
        if t.contains(Traits::OBJECTIVE) {
            t = t.with(Traits::DIFFICULT).with(Traits::OBSTRUCTING);
        }
        t
    }
    /// How high it blocks line of sight (and, if solid, line of effect):
    /// solid and opaque terrain to its height, raised ground to its
    /// elevation; `None` for terrain that never blocks sight (obstructing,
    /// concealing or flat terrain, an open door).
    pub fn sight_height(&self) -> Option<Height> {
        let t = self.active();
        if t.any(Traits::SOLID.with(Traits::OPAQUE)) {
            Some(self.height())
        } else if self.elevation > 0 {
            Some(Height::squares(self.elevation))
        } else {
            None
        }
    }

    /// How tall it stands now: the stated height; else unbounded for solid
    /// and opaque terrain (and closed doors), one square above its elevation
    /// for obstructing terrain, and its elevation for anything else. An open
    /// door stands no higher than its elevation.
    pub fn height(&self) -> Height {
        let t = self.active();
        if self.traits.contains(Traits::DOOR) && self.open {
            return Height::squares(self.elevation);
        }
        match self.height {
            Some(h) => Height::squares(h),
            None if t.any(Traits::SOLID.with(Traits::OPAQUE)) => Height::UNBOUNDED,
            None if t.contains(Traits::OBSTRUCTING) => Height::squares(self.elevation.saturating_add(1)),
            None => Height::squares(self.elevation),
        }
    }
}

/// Why terrain cannot be laid on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainError(pub String);

impl fmt::Display for TerrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TerrainError {}

/// The squares and edges with everything above a height, for one height
/// threshold (line of sight and effect look over lower terrain).
#[derive(Clone, Debug, Default)]
pub(crate) struct Level {
    pub height: Height,
    /// Squares of pieces at least this tall.
    pub squares: SquareSet,
    /// Squares whose north / east edge carries a piece at least this tall.
    pub north: SquareSet,
    pub east: SquareSet,
    /// The same for solid pieces only.
    pub solid: SquareSet,
    pub solid_north: SquareSet,
    pub solid_east: SquareSet,
    /// How far each square lies from what blocks sight, and from what is
    /// solid (see [`super::line::gaps`]); shared with the terrains made
    /// from this one while what blocks stays the same.
    pub gaps: Arc<[u8]>,
    pub solid_gaps: Arc<[u8]>,
}

impl Level {
    /// True if `o` blocks the same squares and edges as `self`.
    fn same_blockers(&self, o: &Level) -> bool {
        self.squares == o.squares && self.north == o.north && self.east == o.east
    }
    /// True if `o` has the same solid squares and edges as `self`.
    fn same_solid(&self, o: &Level) -> bool {
        self.solid == o.solid && self.solid_north == o.solid_north && self.solid_east == o.solid_east
    }
}

/// Per-trait squares and edges of one board.
#[derive(Clone, Debug, Default)]
pub struct TraitMap {
    /// Squares carrying each trait, by bit index of [`Traits`].
    squares: Vec<SquareSet>,
    /// Squares whose north edge carries each trait.
    north: Vec<SquareSet>,
    /// Squares whose east edge carries each trait.
    east: Vec<SquareSet>,
}

impl TraitMap {
    fn new() -> TraitMap {
        TraitMap {
            squares: vec![SquareSet::EMPTY; 16],
            north: vec![SquareSet::EMPTY; 16],
            east: vec![SquareSet::EMPTY; 16],
        }
    }
}

/// The terrain of one board: its pieces and what lies where.
#[derive(Clone, Debug)]
pub struct Terrain {
    board: Board,
    pieces: Vec<Piece>,
    map: TraitMap,
    /// Per square: the union of the active traits of its pieces.
    traits: Vec<Traits>,
    /// Per square and side (index * 2 + side): the union for edge pieces.
    edge_traits: Vec<Traits>,
    /// Per square: the highest elevation of its pieces (half squares).
    elevation: Vec<u16>,
    /// Per square: the tallest of its pieces (half squares).
    tallest: Vec<u16>,
    /// Pieces on each square: ranges into `flat`.
    square_index: Vec<(u32, u16)>,
    /// Pieces on each edge (index * 2 + side): ranges into `flat`.
    edge_index: Vec<(u32, u16)>,
    flat: Vec<PieceId>,
    /// Height thresholds, lowest first.
    levels: Vec<Level>,
    empty_level: Level,
    /// A version counter, bumped by every change (caches key on it).
    version: u64,
    /// Step tables by side (1 to 4), built when first needed.
    steps: [OnceLock<Arc<StepTable>>; 4],
    /// The terrain this one was derived from ([`Terrain::derive_from`]):
    /// its step tables are copied and mended where the two differ.
    origin: Option<Arc<Terrain>>,
    /// Where it differs from its origin ([`Terrain::differing`]), worked out
    /// once for the step tables of every size.
    differs: OnceLock<Option<Differs>>,
}

/// Where a derived terrain differs from its origin for movement.
#[derive(Clone, Debug)]
struct Differs {
    /// The squares that differ (both squares beside an edge that differs).
    squares: SquareSet,
    /// Whether solid terrain differs anywhere (solid terrain reaches one
    /// square further in the step tables: "next to solid terrain").
    solid: bool,
    /// Whether only objectives, difficult ground or obstructing terrain
    /// differ, on the squares alone (a game's objectives on its map): the
    /// step tables then differ only in where objectives lie and which steps
    /// enter difficult terrain ([`StepTable::patch_objectives`]).
    objectives_only: bool,
}

fn bit(t: Traits) -> usize {
    t.0.trailing_zeros() as usize
}

fn side_index(side: Side) -> usize {
    match side {
        Side::North => 0,
        Side::East => 1,
    }
}

impl Terrain {
    /// Lays the pieces on the board; every square and edge must lie on it.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Result<Terrain, TerrainError> {
        Terrain::check(&board, &pieces)?;
        let mut t = Terrain::empty(board, pieces);
        t.rebuild();
        Ok(t)
    }

    /// Checks that the pieces lie on the board.
    fn check(board: &Board, pieces: &[Piece]) -> Result<(), TerrainError> {
        if pieces.len() > usize::from(u16::MAX) {
            return Err(TerrainError("at most 65,535 pieces of terrain".into()));
        }
        for p in pieces {
            if !p.squares.is_subset(board.all()) {
                return Err(TerrainError(format!("the piece '{}' lies partly off the board", p.name)));
            }
            if let Some(e) = p.edges.iter().find(|e| board.edge_squares(**e).is_none()) {
                return Err(TerrainError(format!(
                    "the piece '{}' runs along {}, which is not between two squares of the board",
                    p.name,
                    board.edge_name(*e)
                )));
            }
            if p.traits.contains(Traits::DIRECTIONAL) && p.direction.is_none() {
                return Err(TerrainError(format!("the directional piece '{}' has no direction", p.name)));
            }
        }
        Ok(())
    }

    /// The pieces, not yet laid ([`Terrain::rebuild`] lays them).
    fn empty(board: Board, pieces: Vec<Piece>) -> Terrain {
        Terrain {
            board,
            pieces,
            map: TraitMap::new(),
            traits: Vec::new(),
            edge_traits: Vec::new(),
            elevation: Vec::new(),
            tallest: Vec::new(),
            square_index: Vec::new(),
            edge_index: Vec::new(),
            flat: Vec::new(),
            levels: Vec::new(),
            empty_level: Level::default(),
            version: 0,
            steps: Default::default(),
            origin: None,
            differs: OnceLock::new(),
        }
    }

    /// A board with no terrain.
    pub fn open(board: Board) -> Terrain {
        Terrain::new(board, Vec::new()).unwrap_or_else(|_| unreachable!("no pieces, no errors"))
    }

    /// The same board with other pieces (every square and edge must lie on
    /// it). What the change leaves alone is not worked out again: the
    /// distances to what blocks sight are shared when the new pieces block
    /// sight where the old ones did (objectives, darkness).
    pub fn derive(&self, pieces: Vec<Piece>) -> Result<Terrain, TerrainError> {
        Terrain::check(&self.board, &pieces)?;
        let mut t = Terrain::empty(self.board.clone(), pieces);
        t.levels = self.levels.clone();
        t.empty_level = self.empty_level.clone();
        t.rebuild();
        Ok(t)
    }

    /// The same as [`Terrain::derive`], from a shared terrain whose step
    /// tables the new one starts from: only the anchors near the squares
    /// where the two differ are worked out again (a game's objectives on a
    /// map whose tables every game shares).
    pub fn derive_from(base: &Arc<Terrain>, pieces: Vec<Piece>) -> Result<Terrain, TerrainError> {
        let mut t = base.derive(pieces)?;
        t.origin = Some(base.clone());
        Ok(t)
    }

    /// The base's pieces with `extra` after them: the same terrain as
    /// [`Terrain::derive_from`] with all those pieces. When no extra piece
    /// blocks sight (objectives, difficult or concealing ground), the extra
    /// pieces are laid over a copy of the base's tables rather than every
    /// piece laid again.
    pub fn derive_adding(base: &Arc<Terrain>, extra: Vec<Piece>) -> Result<Terrain, TerrainError> {
        if extra.iter().any(|p| p.sight_height().is_some()) || base.pieces.len() + extra.len() > usize::from(u16::MAX) {
            let mut pieces = base.pieces.clone();
            pieces.extend(extra);
            return Terrain::derive_from(base, pieces);
        }
        Terrain::check(&base.board, &extra)?;
        let mut t = Terrain::clone(base);
        t.steps = Default::default();
        t.differs = OnceLock::new();
        t.origin = Some(base.clone());
        t.version += 1;
        // Only the new pieces' squares and edges can differ from the base.
        let mut laid = SquareSet::EMPTY;
        for p in extra {
            laid.union_with(&p.squares);
            p.edges.iter().for_each(|e| laid.insert(e.square));
            t.lay(p);
        }
        let differs = t.differing_on(base, &laid);
        debug_assert_eq!(
            format!("{differs:?}"),
            format!("{:?}", t.differing(base)),
            "the differences looked for where the pieces were laid are all of them"
        );
        t.differs = OnceLock::from(differs);
        Ok(t)
    }

    /// Lays one more piece, which blocks no sight (the levels stay), over
    /// the tables of the pieces laid so far. A square's or an edge's list of
    /// pieces is copied to the end of `flat` with the new piece after it.
    fn lay(&mut self, p: Piece) {
        let id = PieceId(self.pieces.len() as u16);
        let active = p.active();
        let (elevation, tallest) = (Height::squares(p.elevation).0, p.height().0);
        let flat = &mut self.flat;
        let mut append = |range: &mut (u32, u16)| {
            let (start, len) = *range;
            let at = flat.len() as u32;
            flat.extend_from_within(start as usize..start as usize + usize::from(len));
            flat.push(id);
            *range = (at, len + 1);
        };
        for s in p.squares.iter() {
            let i = s.index();
            self.traits[i] = self.traits[i].with(active);
            self.elevation[i] = self.elevation[i].max(elevation);
            self.tallest[i] = self.tallest[i].max(tallest);
            append(&mut self.square_index[i]);
        }
        for e in &p.edges {
            let k = e.square.index() * 2 + side_index(e.side);
            self.edge_traits[k] = self.edge_traits[k].with(active);
            append(&mut self.edge_index[k]);
        }
        for b in (0..16).filter(|b| active.0 >> b & 1 != 0) {
            self.map.squares[b].union_with(&p.squares);
            for e in &p.edges {
                match e.side {
                    Side::North => self.map.north[b].insert(e.square),
                    Side::East => self.map.east[b].insert(e.square),
                }
            }
        }
        self.pieces.push(p);
    }

    /// The squares where this terrain differs from `other` for movement
    /// (traits, elevation, directional pieces, and both squares beside an
    /// edge whose traits differ), or `None` if the boards differ.
    fn differing(&self, other: &Terrain) -> Option<Differs> {
        self.differing_on(other, self.board.all())
    }

    /// [`Terrain::differing`], looking only at the squares of `candidates`
    /// and their north and east edges (where every difference lies).
    fn differing_on(&self, other: &Terrain, candidates: &SquareSet) -> Option<Differs> {
        if self.board != other.board || self.traits.len() != other.traits.len() {
            return None;
        }
        let mut out = SquareSet::EMPTY;
        let mut solid = false;
        let mut objectives_only = true;
        let directions = |t: &Terrain, s: Square| {
            t.pieces_on(s)
                .iter()
                .filter_map(|p| t.piece(*p))
                .filter(|p| p.active().contains(Traits::DIRECTIONAL))
                .map(|p| p.direction)
                .collect::<Vec<_>>()
        };
        for s in candidates.iter() {
            let i = s.index();
            let (a, b) = (self.traits[i], other.traits[i]);
            let directional = (a.contains(Traits::DIRECTIONAL) || b.contains(Traits::DIRECTIONAL))
                && directions(self, s) != directions(other, s);
            if a != b || self.elevation[i] != other.elevation[i] || directional {
                out.insert(s);
                solid |= a.contains(Traits::SOLID) != b.contains(Traits::SOLID);
                // An objective adds itself, difficult and obstructing (`Piece::active`).
                let marks = Traits::OBJECTIVE.with(Traits::DIFFICULT).with(Traits::OBSTRUCTING);
                objectives_only &= (a.0 ^ b.0) & !marks.0 == 0 && self.elevation[i] == other.elevation[i];
            }
            for (k, d) in [(0usize, Dir::N), (1, Dir::E)] {
                let (ea, eb) = (self.edge_traits.get(i * 2 + k), other.edge_traits.get(i * 2 + k));
                if ea != eb {
                    objectives_only = false;
                    out.insert(s);
                    if let Some(n) = self.board.neighbour(s, d) {
                        out.insert(n);
                    }
                    let solid_edge = |e: Option<&Traits>| e.is_some_and(|t| t.contains(Traits::SOLID));
                    solid |= solid_edge(ea) != solid_edge(eb);
                }
            }
        }
        Some(Differs { squares: out, solid, objectives_only })
    }

    fn rebuild(&mut self) {
        const N: usize = 4096;
        let mut map = TraitMap::new();
        let mut traits = vec![Traits::NONE; N];
        let mut edge_traits = vec![Traits::NONE; 2 * N];
        let mut elevation = vec![0u16; N];
        let mut tallest = vec![0u16; N];
        // Pieces per square, then per edge (index * 2 + side), in piece
        // order: counted first, then laid out in one array.
        let mut count = vec![0u32; 3 * N];
        for p in &self.pieces {
            let active = p.active();
            let h = p.height();
            for s in p.squares.iter() {
                traits[s.index()] = traits[s.index()].with(active);
                elevation[s.index()] = elevation[s.index()].max(Height::squares(p.elevation).0);
                tallest[s.index()] = tallest[s.index()].max(h.0);
                count[s.index()] += 1;
            }
            for e in &p.edges {
                let k = e.square.index() * 2 + side_index(e.side);
                edge_traits[k] = edge_traits[k].with(active);
                count[N + k] += 1;
            }
            for b in 0..16 {
                if active.0 >> b & 1 == 0 {
                    continue;
                }
                map.squares[b].union_with(&p.squares);
                for e in &p.edges {
                    match e.side {
                        Side::North => map.north[b].insert(e.square),
                        Side::East => map.east[b].insert(e.square),
                    }
                }
            }
        }
        // What blocks sight and effect, and how high: solid and opaque
        // terrain to its height, raised ground to its elevation. Obstructing
        // or concealing terrain gives cover or concealment whatever its
        // height, and never blocks sight.
        let blocking: Vec<Option<Height>> = self.pieces.iter().map(Piece::sight_height).collect();
        let mut heights: Vec<Height> = blocking.iter().flatten().copied().collect();
        heights.sort_unstable();
        heights.dedup();
        let mut levels: Vec<Level> =
            heights.iter().filter(|h| h.0 > 0).map(|&height| Level { height, ..Level::default() }).collect();
        for (p, h) in self.pieces.iter().zip(&blocking) {
            let Some(h) = *h else { continue };
            let solid = p.active().contains(Traits::SOLID);
            for level in levels.iter_mut().filter(|l| l.height <= h) {
                level.squares.union_with(&p.squares);
                if solid {
                    level.solid.union_with(&p.squares);
                }
                for e in &p.edges {
                    let (set, solid_set) = match e.side {
                        Side::North => (&mut level.north, &mut level.solid_north),
                        Side::East => (&mut level.east, &mut level.solid_east),
                    };
                    set.insert(e.square);
                    if solid {
                        solid_set.insert(e.square);
                    }
                }
            }
        }
        let mut index = Vec::with_capacity(3 * N);
        let mut start = 0u32;
        for &c in &count {
            index.push((start, c as u16));
            start += c;
        }
        let mut flat = vec![PieceId(0); start as usize];
        let mut next: Vec<u32> = index.iter().map(|(s, _)| *s).collect();
        for (i, p) in self.pieces.iter().enumerate() {
            let id = PieceId(i as u16);
            for s in p.squares.iter() {
                flat[next[s.index()] as usize] = id;
                next[s.index()] += 1;
            }
            for e in &p.edges {
                let k = N + e.square.index() * 2 + side_index(e.side);
                flat[next[k] as usize] = id;
                next[k] += 1;
            }
        }
        let edge_index = index.split_off(N);
        self.map = map;
        self.traits = traits;
        self.edge_traits = edge_traits;
        self.elevation = elevation;
        self.tallest = tallest;
        self.square_index = index;
        self.edge_index = edge_index;
        self.flat = flat;
        let old = std::mem::take(&mut self.levels);
        for level in levels.iter_mut() {
            level.gaps = match old.iter().find(|o| o.same_blockers(level)) {
                Some(o) => o.gaps.clone(),
                None => super::line::gaps(&level.squares, &level.north, &level.east).into(),
            };
            level.solid_gaps = match old.iter().find(|o| o.same_solid(level)) {
                Some(o) => o.solid_gaps.clone(),
                None => super::line::gaps(&level.solid, &level.solid_north, &level.solid_east).into(),
            };
        }
        self.levels = levels;
        if self.empty_level.gaps.len() != N {
            self.empty_level.gaps = vec![63; N].into();
            self.empty_level.solid_gaps = self.empty_level.gaps.clone();
        }
        self.version += 1;
        self.steps = Default::default();
        self.differs = OnceLock::new();
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Every piece, by id.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
    /// The same terrain for a creature that difficult terrain with trait `t`
    /// does not slow ("Difficult terrain made by plants does not slow it"):
    /// those pieces lose `difficult`, everything else stays (a door's state too).
    pub fn unhindered_by(&self, t: Traits) -> Terrain {
        let pieces = self
            .pieces
            .iter()
            .map(|p| {
                let mut p = p.clone();
                if p.traits.contains(t) {
                    p.traits = p.traits.without(Traits::DIFFICULT);
                }
                p
            })
            .collect();
        // The pieces were valid on this board, so they are again.
        Terrain::new(self.board.clone(), pieces).unwrap_or_else(|_| self.clone())
    }
    /// One piece.
    pub fn piece(&self, id: PieceId) -> Option<&Piece> {
        self.pieces.get(usize::from(id.0))
    }
    /// A counter that changes whenever the terrain changes.
    pub fn version(&self) -> u64 {
        self.version
    }
    /// The first piece with a name, any case.
    pub fn find(&self, name: &str) -> Option<PieceId> {
        self.pieces.iter().position(|p| p.name.eq_ignore_ascii_case(name.trim())).map(|i| PieceId(i as u16))
    }
    /// Opens or closes a door; false if the piece is not a door.
    pub fn set_door(&mut self, id: PieceId, open: bool) -> bool {
        match self.pieces.get_mut(usize::from(id.0)) {
            Some(p) if p.traits.contains(Traits::DOOR) => {
                if p.open != open {
                    p.open = open;
                    self.rebuild();
                }
                true
            }
            _ => false,
        }
    }
    /// The squares carrying a trait (one trait).
    pub fn squares_with(&self, t: Traits) -> &SquareSet {
        &self.map.squares[bit(t)]
    }
    /// The squares whose north edge carries a trait.
    pub fn north_edges_with(&self, t: Traits) -> &SquareSet {
        &self.map.north[bit(t)]
    }
    /// The squares whose east edge carries a trait.
    pub fn east_edges_with(&self, t: Traits) -> &SquareSet {
        &self.map.east[bit(t)]
    }
    /// The traits in force on a square (the union of its pieces').
    #[inline]
    pub fn traits(&self, s: Square) -> Traits {
        self.traits[s.index()]
    }
    /// The traits in force on an edge.
    #[inline]
    pub fn edge_traits(&self, e: Edge) -> Traits {
        self.edge_traits[e.square.index() * 2 + side_index(e.side)]
    }
    /// Where a creature on the square stands.
    #[inline]
    pub fn elevation(&self, s: Square) -> Height {
        Height(self.elevation[s.index()])
    }
    /// How tall the tallest piece on the square stands.
    pub fn tallest(&self, s: Square) -> Height {
        Height(self.tallest[s.index()])
    }
    /// The first piece under a square of `space` (in square order, then
    /// piece order) whose traits in force carry every trait of `t`.
    pub fn piece_under(&self, space: &Space, t: Traits) -> Option<&Piece> {
        // The squares of the space in set order (rank by rank), read in
        // place; a square whose traits in force lack `t` holds no such piece.
        let (f0, f1) = (i32::from(space.file), space.file_end().min(64));
        let (r0, r1) = (i32::from(space.rank), space.rank_end().min(64));
        (r0..r1).flat_map(|r| (f0..f1).map(move |f| Square::at(f as u8, r as u8))).find_map(|q| {
            if !self.traits(q).contains(t) {
                return None;
            }
            self.pieces_on(q).iter().filter_map(|id| self.piece(*id)).find(|p| p.active().contains(t))
        })
    }
    /// Whether every square of `space` lies under a piece whose traits in
    /// force carry at least one trait of `any`.
    pub fn all_under(&self, space: &Space, any: Traits) -> bool {
        space
            .squares()
            .iter()
            .all(|q| self.pieces_on(q).iter().filter_map(|id| self.piece(*id)).any(|p| p.active().0 & any.0 != 0))
    }
    /// The pieces on a square.
    pub fn pieces_on(&self, s: Square) -> &[PieceId] {
        let (start, len) = self.square_index[s.index()];
        &self.flat[start as usize..start as usize + usize::from(len)]
    }
    /// The pieces along an edge.
    pub fn pieces_along(&self, e: Edge) -> &[PieceId] {
        let (start, len) = self.edge_index[e.square.index() * 2 + side_index(e.side)];
        &self.flat[start as usize..start as usize + usize::from(len)]
    }
    /// The edge crossed by an orthogonal step, if it lies on the board.
    pub fn edge_of_step(&self, s: Square, d: Dir) -> Option<Edge> {
        let n = self.board.neighbour(s, d)?;
        self.board.edge_between(s, n)
    }
    /// The step table for spaces of `side` squares (1 to 4).
    pub(crate) fn step_table(&self, side: u8) -> &StepTable {
        let side = side.clamp(1, 4);
        self.steps[usize::from(side - 1)].get_or_init(|| {
            let core = (side >= 2).then(|| self.step_table(side.div_ceil(2)));
            // From the origin's table when few squares differ (a patch of
            // most of the board costs more than building it anew).
            let changed = self.origin.as_ref().and_then(|o| {
                let changed = self.differs.get_or_init(|| self.differing(o)).as_ref()?;
                Some((o, changed))
            });
            Arc::new(match changed {
                Some((o, changed)) if changed.objectives_only => {
                    StepTable::patch_objectives(o.step_table(side), self, &changed.squares)
                }
                Some((o, changed)) if changed.squares.len() <= 64 => {
                    StepTable::patch(o.step_table(side), self, core, &changed.squares, changed.solid)
                }
                _ => StepTable::build(self, side, core),
            })
        })
    }

    /// Everything at least `h` tall.
    pub(crate) fn level(&self, h: Height) -> &Level {
        let i = self.levels.partition_point(|l| l.height < h);
        self.levels.get(i).unwrap_or(&self.empty_level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traits_parse_by_name_and_closed_doors_are_solid() {
        assert_eq!(Traits::parse("Deep-Water"), Some(Traits::DEEP_WATER));
        assert_eq!(Traits::parse("teleportation"), Some(Traits::TELEPORTATION));
        assert_eq!(Traits::parse("sticky"), None);
        let board = Board::new(4, 4).unwrap();
        let mut door = Piece::new("door", Traits::DOOR);
        door.edges.push(board.parse_edge("a1|b1").unwrap());
        let mut t = Terrain::new(board.clone(), vec![door]).unwrap();
        let e = board.parse_edge("a1|b1").unwrap();
        assert!(t.edge_traits(e).contains(Traits::SOLID));
        assert!(t.east_edges_with(Traits::SOLID).contains(e.square));
        assert!(t.set_door(PieceId(0), true));
        assert!(!t.edge_traits(e).contains(Traits::SOLID));
        assert!(t.pieces_along(e) == [PieceId(0)]);
    }

    #[test]
    fn heights_default_by_traits_and_levels_collect_what_is_tall_enough() {
        let board = Board::new(8, 8).unwrap();
        let mut wall = Piece::new("wall", Traits::SOLID);
        wall.squares.insert(board.parse("c3").unwrap());
        let mut hedge = Piece::new("hedge", Traits::OBSTRUCTING.with(Traits::DIFFICULT));
        hedge.squares.insert(board.parse("d3").unwrap());
        let mut hill = Piece::new("hill", Traits::NONE);
        hill.elevation = 2;
        hill.squares.insert(board.parse("e3").unwrap());
        let mut cottage = Piece::new("cottage", Traits::SOLID);
        cottage.height = Some(3);
        cottage.squares.insert(board.parse("f3").unwrap());
        let t = Terrain::new(board.clone(), vec![wall, hedge, hill, cottage]).unwrap();
        assert_eq!(t.pieces()[0].height(), Height::UNBOUNDED);
        assert_eq!(t.pieces()[1].height(), Height::squares(1));
        assert_eq!(t.pieces()[2].height(), Height::squares(2));
        assert_eq!(t.elevation(board.parse("e3").unwrap()), Height::squares(2));
        let names = |set: &SquareSet| set.iter().map(|s| board.name(s)).collect::<Vec<_>>();
        assert_eq!(names(&t.level(Height::squares(3)).squares), ["c3", "f3"]);
        assert_eq!(names(&t.level(Height(5)).squares), ["c3", "f3"]);
        assert_eq!(names(&t.level(Height(4)).squares), ["c3", "e3", "f3"]);
        assert_eq!(names(&t.level(Height::squares(4)).squares), ["c3"]);
        assert_eq!(names(&t.level(Height::squares(4)).solid), ["c3"]);
    }

    #[test]
    fn step_tables_mended_from_the_origin_equal_tables_built_anew() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let kinds = [
            Traits::SOLID,
            Traits::DIFFICULT,
            Traits::DIFFICULT.with(Traits::WATER),
            Traits::DEEP_WATER,
            Traits::INCLINE,
            Traits::DIRECTIONAL,
            Traits::TELEPORTATION,
            Traits::DOOR, // solid while closed
        ];
        for round in 0..60 {
            let board = Board::new(rng.random_range(4..20), rng.random_range(4..20)).unwrap();
            let (w, h) = (board.width(), board.height());
            let piece = |rng: &mut rand_chacha::ChaCha8Rng, traits: Traits, squares: usize, edges: usize| {
                let mut p = Piece::new("piece", traits);
                for _ in 0..squares {
                    p.squares.insert(Square::at(rng.random_range(0..w) as u8, rng.random_range(0..h) as u8));
                }
                for _ in 0..edges {
                    let (f, r) = (rng.random_range(0..w - 1) as u8, rng.random_range(0..h - 1) as u8);
                    let side = if rng.random_bool(0.5) { Side::North } else { Side::East };
                    p.edges.push(Edge { square: Square::at(f, r), side });
                }
                p.elevation = rng.random_range(0..3);
                p.direction = Some(Dir::ALL[rng.random_range(0..8)]);
                p
            };
            let mut pieces: Vec<Piece> = (0..rng.random_range(0..8))
                .map(|_| {
                    let traits = kinds[rng.random_range(0..kinds.len())];
                    piece(&mut rng, traits, 6, 2)
                })
                .collect();
            let base = Arc::new(Terrain::new(board.clone(), pieces.clone()).unwrap());
            // A game's objectives, a spell's terrain, an opening in a wall.
            for _ in 0..rng.random_range(1..6) {
                let traits =
                    if rng.random_bool(0.7) { Traits::OBJECTIVE } else { kinds[rng.random_range(0..kinds.len())] };
                let edges = usize::from(rng.random_bool(0.2));
                pieces.push(piece(&mut rng, traits, 1, edges));
            }
            if let Some(p) = pieces.first_mut()
                && let Some(q) = p.squares.first()
            {
                p.squares.remove(q);
            }
            let mut derived = Terrain::derive_from(&base, pieces.clone()).unwrap();
            let mut fresh = Terrain::new(board, pieces.clone()).unwrap();
            // A door opened after the objectives went down (in some rounds
            // after a table was built, which the opening must forget).
            if let Some(door) = pieces.iter().position(|p| p.traits.contains(Traits::DOOR))
                && round % 2 == 0
            {
                if round % 4 == 0 {
                    let _ = derived.step_table(1);
                }
                derived.set_door(PieceId(door as u16), true);
                fresh.set_door(PieceId(door as u16), true);
            }
            for side in 1..=4u8 {
                assert!(derived.step_table(side) == fresh.step_table(side), "round {round}, side {side}");
            }
            // Only objectives added, some on other terrain or on each other
            // (the quick mend that reworks only where objectives lie).
            let base_pieces = base.pieces().to_vec();
            let mut with_objectives = base_pieces.clone();
            for _ in 0..rng.random_range(1..7) {
                let mut p = piece(&mut rng, Traits::OBJECTIVE, 1, 0);
                p.elevation = 0;
                if let Some(q) = base_pieces.iter().find_map(|b| b.squares.first())
                    && rng.random_bool(0.3)
                {
                    p.squares = SquareSet::EMPTY;
                    p.squares.insert(q);
                }
                with_objectives.push(p);
            }
            let derived = Terrain::derive_from(&base, with_objectives.clone()).unwrap();
            let fresh = Terrain::new(base.board().clone(), with_objectives).unwrap();
            assert!(derived.differs.get_or_init(|| derived.differing(&base)).as_ref().unwrap().objectives_only);
            for side in 1..=4u8 {
                assert!(derived.step_table(side) == fresh.step_table(side), "objectives, round {round}, side {side}");
            }
        }
    }

    #[test]
    fn pieces_under_a_space_are_found_by_the_traits_in_force() {
        let board = Board::new(8, 8).unwrap();
        let sq = |n: &str| board.parse(n).unwrap();
        let mut stream = Piece::new("stream", Traits::DIFFICULT.with(Traits::WATER));
        stream.squares.insert(sq("b2"));
        let mut door = Piece::new("door", Traits::DOOR);
        door.squares.insert(sq("e5"));
        let mut t = Terrain::new(board.clone(), vec![stream, door]).unwrap();
        let big = Space::new(sq("a1"), 2);
        assert_eq!(t.piece_under(&big, Traits::WATER).map(|p| p.name.as_str()), Some("stream"));
        assert!(t.piece_under(&big, Traits::WATER.with(Traits::SOLID)).is_none(), "every trait of t");
        assert!(!t.all_under(&big, Traits::WATER), "one square of four");
        assert!(t.all_under(&Space::new(sq("b2"), 1), Traits::WATER.with(Traits::SOLID)), "any trait of t");
        let doorway = Space::new(sq("e5"), 1);
        assert!(t.piece_under(&doorway, Traits::SOLID).is_some(), "a closed door is solid");
        t.set_door(PieceId(1), true);
        assert!(t.piece_under(&doorway, Traits::SOLID).is_none(), "an open one is not");
    }

    #[test]
    fn derived_terrain_equals_a_new_one_and_shares_unchanged_sight_distances() {
        let board = Board::new(8, 8).unwrap();
        let mut wall = Piece::new("wall", Traits::SOLID);
        wall.squares.insert(board.parse("c3").unwrap());
        let base = Terrain::new(board.clone(), vec![wall.clone()]).unwrap();
        // An objective blocks no sight: the distances are shared.
        let mut objective = Piece::new("objective", Traits::OBJECTIVE);
        objective.squares.insert(board.parse("e5").unwrap());
        let pieces = vec![wall.clone(), objective];
        let derived = base.derive(pieces.clone()).unwrap();
        let fresh = Terrain::new(board.clone(), pieces).unwrap();
        let (d, f) = (derived.level(Height::squares(1)), fresh.level(Height::squares(1)));
        assert!(Arc::ptr_eq(&d.gaps, &base.level(Height::squares(1)).gaps));
        assert_eq!((&*d.gaps, &*d.solid_gaps), (&*f.gaps, &*f.solid_gaps));
        let e5 = board.parse("e5").unwrap();
        assert_eq!(derived.traits(e5), fresh.traits(e5));
        assert_eq!(derived.pieces_on(e5), [PieceId(1)]);
        // A second wall does block sight: worked out again, as new.
        let mut wall2 = Piece::new("wall", Traits::SOLID);
        wall2.squares.insert(board.parse("f6").unwrap());
        let walls = vec![wall, wall2];
        let derived = base.derive(walls.clone()).unwrap();
        let fresh = Terrain::new(board, walls).unwrap();
        let (d, f) = (derived.level(Height::squares(1)), fresh.level(Height::squares(1)));
        assert!(!Arc::ptr_eq(&d.gaps, &base.level(Height::squares(1)).gaps));
        assert_eq!(&*d.gaps, &*f.gaps);
    }

    /// Everything two terrains on one board hold, compared through what
    /// they answer (a piece list's place in `flat` may differ).
    fn assert_same(a: &Terrain, b: &Terrain) {
        assert_eq!(a.pieces, b.pieces);
        assert_eq!((&a.traits, &a.edge_traits), (&b.traits, &b.edge_traits));
        assert_eq!((&a.elevation, &a.tallest), (&b.elevation, &b.tallest));
        assert_eq!((&a.map.squares, &a.map.north, &a.map.east), (&b.map.squares, &b.map.north, &b.map.east));
        for s in a.board.all().iter() {
            assert_eq!(a.pieces_on(s), b.pieces_on(s), "the pieces on {s:?}");
            for side in [Side::North, Side::East] {
                let e = Edge { square: s, side };
                assert_eq!(a.pieces_along(e), b.pieces_along(e), "the pieces along {e:?}");
            }
        }
        assert_eq!(a.levels.len(), b.levels.len());
        for (x, y) in a.levels.iter().zip(&b.levels) {
            assert_eq!((x.height, &x.squares, &x.north, &x.east), (y.height, &y.squares, &y.north, &y.east));
            assert_eq!((&x.solid, &x.solid_north, &x.solid_east), (&y.solid, &y.solid_north, &y.solid_east));
            assert_eq!((&*x.gaps, &*x.solid_gaps), (&*y.gaps, &*y.solid_gaps));
        }
        for side in 1..=3 {
            assert!(a.step_table(side) == b.step_table(side), "the step tables of side {side}");
        }
    }

    #[test]
    fn pieces_laid_over_a_base_equal_the_terrain_derived_with_them_all() {
        let board = Board::new(12, 10).unwrap();
        let at = |names: &[&str]| names.iter().map(|n| board.parse(n).unwrap()).collect::<SquareSet>();
        let piece = |name: &str, traits: Traits, squares: &[&str]| {
            let mut p = Piece::new(name, traits);
            p.squares = at(squares);
            p
        };
        let mut fence = piece("fence", Traits::OBSTRUCTING, &[]);
        fence.edges = vec![Edge { square: board.parse("e4").unwrap(), side: Side::North }];
        let mut hill = piece("hill", Traits::NONE, &["h7", "h8", "i7"]);
        hill.elevation = 1;
        let base = Arc::new(
            Terrain::new(
                board.clone(),
                vec![
                    piece("wall", Traits::SOLID, &["c3", "c4"]),
                    piece("mud", Traits::DIFFICULT, &["e5", "f5", "f6"]),
                    fence,
                    hill,
                ],
            )
            .unwrap(),
        );
        // Objectives (one on the mud), a concealing veil over a wall and an
        // objective, thorns along an edge: none blocks sight.
        let mut thorns = piece("thorns", Traits::DIFFICULT.with(Traits::HAZARDOUS), &["g2"]);
        thorns.edges = vec![Edge { square: board.parse("e4").unwrap(), side: Side::North }];
        let extra = vec![
            piece("objective", Traits::OBJECTIVE, &["f5"]),
            piece("objective", Traits::OBJECTIVE, &["b8"]),
            piece("darkness", Traits::CONCEALING, &["b8", "c8", "c3"]),
            thorns,
        ];
        let mut all = base.pieces().to_vec();
        all.extend(extra.iter().cloned());
        let laid = Terrain::derive_adding(&base, extra.clone()).unwrap();
        let derived = Terrain::derive_from(&base, all).unwrap();
        assert!(laid.levels.iter().zip(&base.levels).all(|(a, b)| Arc::ptr_eq(&a.gaps, &b.gaps)), "laid over");
        assert_same(&laid, &derived);
        // A piece that blocks sight is laid with all the others again.
        let mut extra = extra;
        extra.push(piece("pillar", Traits::SOLID, &["j2"]));
        let mut all = base.pieces().to_vec();
        all.extend(extra.iter().cloned());
        assert_same(&Terrain::derive_adding(&base, extra).unwrap(), &Terrain::derive_from(&base, all).unwrap());
        // Off the board: refused, as by `derive`.
        let mut off = piece("objective", Traits::OBJECTIVE, &[]);
        off.squares.insert(Square::at(20, 20));
        assert!(Terrain::derive_adding(&base, vec![off]).is_err());
    }
}
