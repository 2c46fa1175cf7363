//! Battle maps as data: a TOML file with an ASCII map, a legend of terrain
//! pieces, pieces on edges and odd shapes, and terrain tiles placed whole.
//! Checked on load; every error names its line. `docs/grid.md` documents the
//! format; `data/maps/` holds the shipped maps and `data/tiles/` the
//! rulebook's terrain tiles.

use super::board::{Board, Dir, Edge};
use super::field::Battlefield;
use super::square::{Square, SquareSet};
use super::terrain::{Piece, Terrain, Traits};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

/// The shipped battle maps, by name: one per standard game size.
pub const MAPS: [(&str, &str); 3] = [
    ("ruined-crossroads", include_str!("../../data/maps/ruined-crossroads.toml")),
    ("river-ford", include_str!("../../data/maps/river-ford.toml")),
    ("broken-hills", include_str!("../../data/maps/broken-hills.toml")),
];

/// The terrain tiles of the rulebook's appendix (8 × 5 squares each), by name.
pub const TILES: [(&str, &str); 7] = [
    ("dragon-bones", include_str!("../../data/tiles/dragon-bones.toml")),
    ("four-pillars", include_str!("../../data/tiles/four-pillars.toml")),
    ("command-center", include_str!("../../data/tiles/command-center.toml")),
    ("mushroom-growth", include_str!("../../data/tiles/mushroom-growth.toml")),
    ("crumbling-ruin", include_str!("../../data/tiles/crumbling-ruin.toml")),
    ("watchtower", include_str!("../../data/tiles/watchtower.toml")),
    ("donjon", include_str!("../../data/tiles/donjon.toml")),
];

/// A shipped map's text by name.
pub fn shipped(name: &str) -> Option<&'static str> {
    MAPS.iter().chain(TILES.iter()).find(|(n, _)| *n == name.trim()).map(|(_, t)| *t)
}

/// Why a map file was refused, with the line it concerns (if known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The line of the file, from 1.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for MapError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLegend {
    name: String,
    #[serde(default)]
    traits: Vec<String>,
    height: Option<u16>,
    #[serde(default)]
    elevation: u16,
    door: Option<String>,
    direction: Option<String>,
    damage: Option<String>,
    /// How the squares of one symbol make pieces: "connected" (default),
    /// "one" or "each".
    group: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    name: String,
    #[serde(default)]
    traits: Vec<String>,
    height: Option<u16>,
    #[serde(default)]
    elevation: u16,
    door: Option<String>,
    direction: Option<String>,
    damage: Option<String>,
    #[serde(default)]
    squares: Vec<Spanned<String>>,
    #[serde(default)]
    edges: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    name: Spanned<String>,
    at: Spanned<String>,
    #[serde(default)]
    turn: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    name: String,
    #[serde(default)]
    size: Option<Spanned<String>>,
    #[serde(default)]
    credit: String,
    #[serde(default)]
    description: String,
    map: Spanned<String>,
    #[serde(default)]
    legend: BTreeMap<String, Spanned<RawLegend>>,
    #[serde(default)]
    piece: Vec<Spanned<RawPiece>>,
    #[serde(default)]
    tile: Vec<Spanned<RawTile>>,
}

/// A checked battle map.
#[derive(Clone, Debug)]
pub struct BattleMap {
    /// Its title.
    pub name: String,
    /// Who made it.
    pub credit: String,
    /// What it shows.
    pub description: String,
    /// Its board and terrain.
    pub terrain: Terrain,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn err(line: usize, reason: impl Into<String>) -> MapError {
    MapError { line: Some(line), reason: reason.into() }
}

/// Reads a list of squares: `e4` or the rectangle `f4..g6`.
pub fn parse_squares(board: &Board, text: &str) -> Result<SquareSet, String> {
    let t = text.trim();
    let bad = || format!("'{}' is not a square or a block of squares (e4, f4..g6) on the map", clip(t));
    if let Some((a, b)) = t.split_once("..") {
        let (a, b) = (board.parse(a).ok_or_else(bad)?, board.parse(b).ok_or_else(bad)?);
        let (f0, f1) = (a.file().min(b.file()), a.file().max(b.file()));
        let (r0, r1) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
        Ok(SquareSet::rect(f0, r0, f1 + 1, r1 + 1))
    } else {
        Ok(SquareSet::single(board.parse(t).ok_or_else(bad)?))
    }
}

/// Reads edges: `c4|d4`, or a straight run of squares with a side,
/// `c5..c9 e` (the east sides of c5 to c9; sides n, e, s, w).
pub fn parse_edges(board: &Board, text: &str) -> Result<Vec<Edge>, String> {
    let t = text.trim();
    let bad =
        || format!("'{}' is not an edge (c4|d4) or a run of edges (c5..c9 e) between squares of the map", clip(t));
    if t.contains('|') {
        return board.parse_edge(t).map(|e| vec![e]).ok_or_else(bad);
    }
    let (run, side) = t.rsplit_once(' ').ok_or_else(bad)?;
    let dir = match side.trim() {
        "n" => Dir::N,
        "e" => Dir::E,
        "s" => Dir::S,
        "w" => Dir::W,
        _ => return Err(bad()),
    };
    let squares = parse_squares(board, run).map_err(|_| bad())?;
    let mut out = Vec::new();
    for s in squares.iter() {
        let n = board.neighbour(s, dir).ok_or_else(bad)?;
        out.push(board.edge_between(s, n).ok_or_else(bad)?);
    }
    if out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

fn clip(t: &str) -> String {
    t.chars().take(40).collect()
}

fn traits_of(names: &[String]) -> Result<Traits, String> {
    let mut t = Traits::NONE;
    for n in names {
        t = t.with(Traits::parse(n).ok_or_else(|| {
            format!(
                "'{}' is not a terrain trait ({})",
                clip(n),
                Traits::NAMES.iter().map(|(_, n)| *n).collect::<Vec<_>>().join(", ")
            )
        })?);
    }
    Ok(t)
}

#[allow(clippy::too_many_arguments)]
fn piece_from(
    name: &str,
    traits: &[String],
    height: Option<u16>,
    elevation: u16,
    door: Option<&str>,
    direction: Option<&str>,
    damage: Option<&str>,
) -> Result<Piece, String> {
    let mut p = Piece::new(name, traits_of(traits)?);
    if name.trim().is_empty() || name.len() > 60 {
        return Err("a piece's name is 1 to 60 characters".into());
    }
    if height.is_some_and(|h| h > 100) || elevation > 100 {
        return Err("heights and elevations are at most 100 squares".into());
    }
    p.height = height;
    p.elevation = elevation;
    if let Some(h) = height
        && h < elevation
    {
        return Err(format!("'{name}' stands {h} squares tall but its top is at elevation {elevation}"));
    }
    match door {
        None if p.traits.contains(Traits::DOOR) => {
            return Err(format!("the door '{name}' needs door = \"open\" or \"closed\""));
        }
        None => {}
        Some(_) if !p.traits.contains(Traits::DOOR) => {
            return Err(format!("'{name}' has a door state but no door trait"));
        }
        Some("open") => p.open = true,
        Some("closed") => p.open = false,
        Some(other) => return Err(format!("door must be \"open\" or \"closed\", not '{}'", clip(other))),
    }
    match direction {
        None if p.traits.contains(Traits::DIRECTIONAL) => {
            return Err(format!("the directional terrain '{name}' needs a direction (n, ne, e, … nw)"));
        }
        None => {}
        Some(_) if !p.traits.contains(Traits::DIRECTIONAL) => {
            return Err(format!("'{name}' has a direction but is not directional"));
        }
        Some(d) => {
            p.direction =
                Some(Dir::parse(d.trim()).ok_or_else(|| format!("'{}' is not a direction (n, ne, e, … nw)", clip(d)))?)
        }
    }
    if damage.is_some() && !p.traits.contains(Traits::HAZARDOUS) {
        return Err(format!("'{name}' has a damage type but is not hazardous"));
    }
    p.damage = damage.map(str::to_string);
    if p.traits.contains(Traits::HAZARDOUS) && p.damage.is_none() {
        return Err(format!("the hazardous terrain '{name}' needs a damage type (damage = \"fire\")"));
    }
    Ok(p)
}

/// Splits the squares of one symbol into 4-connected groups.
fn components(set: &SquareSet) -> Vec<SquareSet> {
    let mut left = set.clone();
    let mut out = Vec::new();
    while let Some(start) = left.first() {
        let mut group = SquareSet::single(start);
        let mut frontier = vec![start];
        left.remove(start);
        while let Some(s) = frontier.pop() {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (f, r) = (s.file() + df, s.rank() + dr);
                if left.has(f, r) {
                    let n = Square::at(f as u8, r as u8);
                    left.remove(n);
                    group.insert(n);
                    frontier.push(n);
                }
            }
        }
        out.push(group);
    }
    out
}

/// Turns a square of a `w` × `h` tile by `turn` degrees clockwise, then
/// places the tile's lower-left corner at (f0, r0).
fn turn_square(f: i32, r: i32, w: i32, h: i32, turn: u16, f0: i32, r0: i32) -> (i32, i32) {
    let (x, y) = match turn {
        90 => (r, w - 1 - f),
        180 => (w - 1 - f, h - 1 - r),
        270 => (h - 1 - r, f),
        _ => (f, r),
    };
    (f0 + x, r0 + y)
}

impl BattleMap {
    /// Reads and checks a map file.
    pub fn from_toml(text: &str) -> Result<BattleMap, MapError> {
        Self::read(text, 0)
    }

    fn read(text: &str, depth: u8) -> Result<BattleMap, MapError> {
        if text.len() > 1_000_000 {
            return Err(MapError { line: None, reason: "a map file is at most 1 MB".into() });
        }
        let raw: RawMap = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            MapError { line, reason: e.message().trim().to_string() }
        })?;
        let span = raw.map.span();
        let opening = text.get(span.start..).unwrap_or("");
        let skipped = ["\"\"\"\n", "'''\n", "\"\"\"\r\n", "'''\r\n"].iter().any(|q| opening.starts_with(q));
        let map_line = line_of(text, span.start) + usize::from(skipped || raw.map.get_ref().starts_with('\n'));
        // Rows with their line numbers; comment lines (`//`) and blank lines
        // skipped (`#` is a fine map symbol, so it cannot start a comment).
        let rows: Vec<(usize, Vec<&str>)> = raw
            .map
            .get_ref()
            .lines()
            .enumerate()
            .map(|(i, l)| (map_line + i, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with("//"))
            .map(|(i, l)| (i, l.split_whitespace().collect()))
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |(_, r)| r.len());
        if !(1..=64).contains(&width) || !(1..=64).contains(&height) {
            return Err(err(map_line, format!("the map is {width}×{height} squares; it must be 1 to 64 each way")));
        }
        let board = Board::new(width as u32, height as u32).map_err(|e| err(map_line, e.0))?;
        if let Some(size) = &raw.size {
            let want = match size.get_ref().as_str() {
                "small" => (24, 18),
                "medium" => (36, 24),
                "large" => (48, 36),
                other => {
                    return Err(err(
                        line_of(text, size.span().start),
                        format!("size is small, medium or large, not '{}'", clip(other)),
                    ));
                }
            };
            if (width, height) != want && (height, width) != want {
                return Err(err(
                    line_of(text, size.span().start),
                    format!("a {} map is {}×{} squares; this one is {width}×{height}", size.get_ref(), want.0, want.1),
                ));
            }
        }
        // Squares of each symbol.
        let mut by_symbol: BTreeMap<&str, SquareSet> = BTreeMap::new();
        for (k, (line, cells)) in rows.iter().enumerate() {
            if cells.len() != width {
                return Err(err(*line, format!("this row has {} squares; the first has {width}", cells.len())));
            }
            let rank = (height - 1 - k) as u8;
            for (file, token) in cells.iter().enumerate() {
                if *token == "." {
                    continue;
                }
                if !raw.legend.contains_key(*token) {
                    let known: Vec<&str> = raw.legend.keys().map(String::as_str).collect();
                    return Err(err(*line, format!("'{}' is not on the legend (. {})", clip(token), known.join(" "))));
                }
                by_symbol.entry(token).or_default().insert(Square::at(file as u8, rank));
            }
        }
        let mut pieces = Vec::new();
        for (symbol, entry) in &raw.legend {
            let line = line_of(text, entry.span().start);
            let l = entry.get_ref();
            let proto = piece_from(
                &l.name,
                &l.traits,
                l.height,
                l.elevation,
                l.door.as_deref(),
                l.direction.as_deref(),
                l.damage.as_deref(),
            )
            .map_err(|e| err(line, e))?;
            let Some(squares) = by_symbol.get(symbol.as_str()) else { continue };
            let groups = match l.group.as_deref() {
                None | Some("connected") => components(squares),
                Some("one") => vec![squares.clone()],
                Some("each") => squares.iter().map(SquareSet::single).collect(),
                Some(other) => {
                    return Err(err(line, format!("group is connected, one or each, not '{}'", clip(other))));
                }
            };
            for g in groups {
                let mut p = proto.clone();
                p.squares = g;
                pieces.push(p);
            }
        }
        for entry in &raw.piece {
            let line = line_of(text, entry.span().start);
            let r = entry.get_ref();
            let mut p = piece_from(
                &r.name,
                &r.traits,
                r.height,
                r.elevation,
                r.door.as_deref(),
                r.direction.as_deref(),
                r.damage.as_deref(),
            )
            .map_err(|e| err(line, e))?;
            for s in &r.squares {
                let set = parse_squares(&board, s.get_ref()).map_err(|e| err(line_of(text, s.span().start), e))?;
                p.squares.union_with(&set);
            }
            for e in &r.edges {
                for edge in parse_edges(&board, e.get_ref()).map_err(|x| err(line_of(text, e.span().start), x))? {
                    if p.edges.contains(&edge) {
                        return Err(err(
                            line_of(text, e.span().start),
                            format!("the edge {} is listed twice", board.edge_name(edge)),
                        ));
                    }
                    p.edges.push(edge);
                }
            }
            if p.squares.is_empty() && p.edges.is_empty() {
                return Err(err(line, format!("the piece '{}' lies on no square and no edge", p.name)));
            }
            pieces.push(p);
        }
        for t in &raw.tile {
            let line = line_of(text, t.span().start);
            let r = t.get_ref();
            if depth > 0 {
                return Err(err(line, "a tile cannot place other tiles"));
            }
            let tile_text =
                TILES.iter().find(|(n, _)| *n == r.name.get_ref().as_str()).map(|(_, x)| *x).ok_or_else(|| {
                    err(
                        line_of(text, r.name.span().start),
                        format!(
                            "'{}' is not a terrain tile ({})",
                            clip(r.name.get_ref()),
                            TILES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                        ),
                    )
                })?;
            let tile = BattleMap::read(tile_text, depth + 1)
                .map_err(|e| err(line, format!("the tile '{}' is broken: {e}", r.name.get_ref())))?;
            let at = board.parse(r.at.get_ref()).ok_or_else(|| {
                err(line_of(text, r.at.span().start), format!("'{}' is not a square of the map", clip(r.at.get_ref())))
            })?;
            if !matches!(r.turn, 0 | 90 | 180 | 270) {
                return Err(err(line, "turn is 0, 90, 180 or 270 (degrees clockwise)"));
            }
            let placed = tile.terrain.placed(&board, at, r.turn).ok_or_else(|| {
                err(line, format!("the tile '{}' does not fit on the map at {}", r.name.get_ref(), board.name(at)))
            })?;
            pieces.extend(placed);
        }
        if pieces.len() > 4000 {
            return Err(err(map_line, "a map has at most 4,000 pieces of terrain"));
        }
        let terrain = Terrain::new(board, pieces).map_err(|e| err(map_line, e.0))?;
        Ok(BattleMap { name: raw.name, credit: raw.credit, description: raw.description.trim().to_string(), terrain })
    }

    /// A battlefield with this map's terrain and no figures.
    pub fn battlefield(&self) -> Battlefield {
        Battlefield::new(self.terrain.clone())
    }
}

impl Terrain {
    /// This terrain's pieces laid on `board` as a tile: turned `turn`
    /// degrees clockwise (0, 90, 180 or 270), its lower-left corner on `at`.
    /// `None` if it does not fit on the board.
    pub fn placed(&self, board: &Board, at: Square, turn: u16) -> Option<Vec<Piece>> {
        let (w, h) = self.footprint(turn);
        if !board.contains(at) || at.file() + w > board.width() || at.rank() + h > board.height() {
            return None;
        }
        let tb = self.board();
        let (tw, th) = (tb.width(), tb.height());
        let place = |f: i32, r: i32| turn_square(f, r, tw, th, turn, at.file(), at.rank());
        let mut out = Vec::with_capacity(self.pieces().len());
        for p in self.pieces() {
            let mut q = p.clone();
            q.squares = p
                .squares
                .iter()
                .map(|s| {
                    let (f, r) = place(s.file(), s.rank());
                    Square::at(f as u8, r as u8)
                })
                .collect();
            q.edges = Vec::new();
            for e in &p.edges {
                let Some((a, b)) = tb.edge_squares(*e) else { continue };
                let (fa, ra) = place(a.file(), a.rank());
                let (fb, rb) = place(b.file(), b.rank());
                if let (Some(x), Some(y)) = (board.square(fa, ra), board.square(fb, rb))
                    && let Some(edge) = board.edge_between(x, y)
                {
                    q.edges.push(edge);
                }
            }
            if let Some(d) = q.direction {
                q.direction = Some(turn_dir(d, turn));
            }
            out.push(q);
        }
        Some(out)
    }

    /// The files and ranks this terrain covers as a tile turned `turn`
    /// degrees: its width and height, swapped for a quarter turn.
    pub fn footprint(&self, turn: u16) -> (i32, i32) {
        let b = self.board();
        if turn % 180 == 0 { (b.width(), b.height()) } else { (b.height(), b.width()) }
    }
}

/// The terrain tile named `name` (one of [`TILES`]), read and checked.
pub fn tile(name: &str) -> Option<BattleMap> {
    let text = TILES.iter().find(|(n, _)| *n == name.trim()).map(|(_, t)| *t)?;
    BattleMap::read(text, 1).ok()
}

/// A direction turned clockwise by `turn` degrees (0, 90, 180 or 270).
fn turn_dir(d: Dir, turn: u16) -> Dir {
    let i = Dir::ALL.iter().position(|x| *x == d).unwrap_or(0);
    Dir::ALL[(i + usize::from(turn / 45)) % 8]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_map_and_tile_loads() {
        for (name, text) in MAPS.iter().chain(TILES.iter()) {
            let m = BattleMap::from_toml(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!m.terrain.pieces().is_empty(), "{name}");
        }
        let sizes: Vec<(i32, i32)> = MAPS
            .iter()
            .map(|(_, t)| {
                let m = BattleMap::from_toml(t).unwrap();
                (m.terrain.board().width(), m.terrain.board().height())
            })
            .collect();
        assert_eq!(sizes, [(24, 18), (36, 24), (48, 36)]);
    }

    #[test]
    fn map_errors_name_their_line_and_reason() {
        let good = "name = \"t\"\nmap = \"\"\"\n. # .\n. . .\n\"\"\"\n[legend]\n\"#\" = { name = \"wall\", traits = [\"solid\"] }\n";
        assert!(BattleMap::from_toml(good).is_ok());
        let cases = [
            (good.replace(". . .", ". Z ."), "line 4: 'Z' is not on the legend (. #)"),
            (good.replace(". . .", ". ."), "line 4: this row has 2 squares; the first has 3"),
            (good.replace("\"solid\"", "\"sticky\""), "line 7: 'sticky' is not a terrain trait"),
            (good.replace("name = \"t\"", "name = \"t\"\nsize = \"small\""), "line 2: a small map is 24×18 squares"),
            (format!("{good}[[piece]]\nname = \"fence\"\nedges = [\"a1|c1\"]\n"), "line 10: 'a1|c1' is not an edge"),
            (
                format!("{good}[[piece]]\nname = \"gate\"\ntraits = [\"door\"]\nedges = [\"a1|b1\"]\n"),
                "line 8: the door 'gate' needs door",
            ),
            (
                format!("{good}[[piece]]\nname = \"lava\"\ntraits = [\"hazardous\"]\nsquares = [\"a1\"]\n"),
                "needs a damage type",
            ),
            (format!("{good}[[tile]]\nname = \"castle\"\nat = \"a1\"\n"), "line 9: 'castle' is not a terrain tile"),
            (format!("{good}[[tile]]\nname = \"donjon\"\nat = \"a1\"\n"), "does not fit on the map"),
            (good.replace("traits = [", "colour = 3, traits = ["), "line 7: unknown field `colour`"),
            ("map = 3".to_string(), "line 1"),
        ];
        for (text, want) in cases {
            let e = BattleMap::from_toml(&text).map(|_| ()).unwrap_err().to_string();
            assert!(e.contains(want), "{want:?} not in {e:?}");
        }
        // A map of 65 files is refused, not a panic.
        let wide = format!("name = \"w\"\nmap = \"\"\"\n{}\n\"\"\"\n", vec!["."; 65].join(" "));
        assert!(BattleMap::from_toml(&wide).unwrap_err().to_string().contains("1 to 64"));
    }
}
