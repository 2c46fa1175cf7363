//! Laying terrain tiles ("Appendix: Terrain tiles"; ruling P2V-R90): on
//! the map `tiles`, the board starts as open ground and the players lay
//! the rulebook's 8 × 5 tiles in turn — three each in a small game, four
//! in a medium one, eight in a large one — before the objectives are
//! placed. A tile is laid whole, turned a quarter turn at a time, on the
//! board and on no other tile. The state keeps the tiles laid; the ground a
//! state stands on is the map's terrain with those tiles, made once per
//! set of tiles and shared ([`P2v::ground`]).

use super::action::Action;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Phase, State};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::map::{TILES, tile};
use arbiter_geometry::battle::{Square, Terrain};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// A tile laid on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedTile {
    /// Which tile, by its place in [`TILES`].
    pub tile: u8,
    /// The square under its lower-left corner, once turned.
    pub at: Square,
    /// Quarter turns clockwise, 0 to 3.
    pub turn: u8,
}

/// The tiles' terrains, in the order of [`TILES`], read once.
fn catalogue() -> &'static [Terrain] {
    static TERRAINS: OnceLock<Vec<Terrain>> = OnceLock::new();
    TERRAINS.get_or_init(|| TILES.iter().filter_map(|(n, _)| tile(n)).map(|m| m.terrain).collect())
}

/// How many tiles there are to choose from.
pub fn tile_count() -> usize {
    catalogue().len()
}

/// A tile's name (`four-pillars`), by its place in [`TILES`].
pub fn tile_name(tile: u8) -> Option<&'static str> {
    TILES.get(usize::from(tile)).map(|(n, _)| *n)
}

/// The tile named `name`, by its place in [`TILES`].
pub fn tile_named(name: &str) -> Option<u8> {
    let n = name.trim().to_ascii_lowercase();
    TILES.iter().position(|(t, _)| *t == n).and_then(|i| u8::try_from(i).ok())
}

/// The most pieces one tile has: door numbers on a tiled board are pieces
/// of the tiles laid, so the numbering keeps this many per tile.
pub fn most_pieces() -> usize {
    catalogue().iter().map(|t| t.pieces().len()).max().unwrap_or(0)
}

/// The files and ranks a tile covers when turned `turn` quarter turns.
fn footprint(tile: u8, turn: u8) -> Option<(i32, i32)> {
    catalogue().get(usize::from(tile)).map(|t| t.footprint(u16::from(turn % 4) * 90))
}

/// Whether the rectangles of two laid tiles share a square.
fn overlap(a: &PlacedTile, b: &PlacedTile) -> bool {
    let (Some((aw, ah)), Some((bw, bh))) = (footprint(a.tile, a.turn), footprint(b.tile, b.turn)) else {
        return false;
    };
    let (af, ar, bf, br) = (a.at.file(), a.at.rank(), b.at.file(), b.at.rank());
    af < bf + bw && bf < af + aw && ar < br + bh && br < ar + ah
}

/// The terrains made from the map's and the tiles laid, most recent first.
#[derive(Debug, Default)]
pub(crate) struct Grounds(Mutex<Vec<(Vec<PlacedTile>, Arc<Terrain>)>>);

/// How many grounds are kept (every game has at most one per tile laid).
const KEPT: usize = 8;

impl P2v {
    /// The ground state `s` stands on: the map's terrain with the tiles
    /// laid (the map's own terrain when none are).
    pub fn ground(&self, s: &State) -> Arc<Terrain> {
        let base = self.base_terrain();
        if s.tiles.is_empty() {
            return base.clone();
        }
        let mut kept = self.grounds().0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = kept.iter().position(|(k, _)| *k == s.tiles) {
            let hit = kept.remove(i);
            let t = hit.1.clone();
            kept.insert(0, hit);
            return t;
        }
        let board = base.board().clone();
        let mut pieces = base.pieces().to_vec();
        for t in &s.tiles {
            if let Some(placed) =
                catalogue().get(usize::from(t.tile)).and_then(|x| x.placed(&board, t.at, u16::from(t.turn % 4) * 90))
            {
                pieces.extend(placed);
            }
        }
        let made = Arc::new(Terrain::derive_from(base, pieces).unwrap_or_else(|_| (**base).clone()));
        kept.insert(0, (s.tiles.clone(), made.clone()));
        kept.truncate(KEPT);
        made
    }

    /// Judges laying a tile.
    pub(crate) fn judge_tile(&self, s: &State, tile: u8, at: Square, turn: u8) -> Result<(), Refusal> {
        if usize::from(tile) >= tile_count() {
            return Err(Refusal::because(
                "p2v.tile.unknown",
                format!("there is no such terrain tile ({})", TILES.map(|(n, _)| n).join(", ")),
                section::TILES,
            ));
        }
        if turn > 3 {
            return Err(Refusal::because("p2v.tile.turn", "a tile turns 0, 90, 180 or 270 degrees", section::TILES));
        }
        let board = self.base_terrain().board();
        let fits = footprint(tile, turn).is_some_and(|(w, h)| {
            board.contains(at) && at.file() + w <= board.width() && at.rank() + h <= board.height()
        });
        if !fits {
            return Err(Refusal::because(
                "p2v.tile.off-board",
                "a terrain tile (8 by 5 squares) is laid whole on the board (ruling P2V-R90)",
                section::TILES,
            ));
        }
        let new = PlacedTile { tile, at, turn };
        if s.tiles.iter().any(|t| overlap(t, &new)) {
            return Err(Refusal::because(
                "p2v.tile.overlap",
                "terrain tiles do not overlap: \"between the tiles is open ground\" (ruling P2V-R90)",
                section::TILES,
            ));
        }
        Ok(())
    }

    /// Every tile seat may lay now, in numbering order: tile, turn, square.
    pub(crate) fn tile_actions(&self, s: &State, out: &mut Vec<Action>) {
        let board = self.base_terrain().board();
        for tile in 0..tile_count() as u8 {
            for turn in 0..4u8 {
                let Some((w, h)) = footprint(tile, turn) else { continue };
                for r in 0..=(board.height() - h) {
                    for f in 0..=(board.width() - w) {
                        let at = Square::at(f as u8, r as u8);
                        let new = PlacedTile { tile, at, turn };
                        if !s.tiles.iter().any(|t| overlap(t, &new)) {
                            out.push(Action::Tile { tile, at, turn });
                        }
                    }
                }
            }
        }
    }

    /// Whether another tile fits anywhere on the board.
    fn room_for_a_tile(&self, s: &State) -> bool {
        let board = self.base_terrain().board();
        (0..tile_count() as u8).any(|tile| {
            (0..2u8).any(|turn| {
                let Some((w, h)) = footprint(tile, turn) else { return false };
                (0..=(board.height() - h)).any(|r| {
                    (0..=(board.width() - w)).any(|f| {
                        let new = PlacedTile { tile, at: Square::at(f as u8, r as u8), turn };
                        !s.tiles.iter().any(|t| overlap(t, &new))
                    })
                })
            })
        })
    }

    /// Lays a tile (judged already), then passes the turn to lay one to the
    /// other seat; after the last tile, or when no tile fits any more, the
    /// objectives come next and the doors of the tiles are set.
    pub(crate) fn lay_tile<E: EventSink<Event>>(&self, s: &mut State, seat: u8, t: PlacedTile, events: &mut E) {
        let Phase::PlaceTile { left, .. } = s.phase else { return };
        s.tiles.push(t);
        s.forget_field();
        let name = tile_name(t.tile).unwrap_or("?").to_string();
        events.emit(Event::TileLaid { seat, tile: name, at: t.at, turn: u16::from(t.turn) * 90 });
        if left > 1 && self.room_for_a_tile(s) {
            s.phase = Phase::PlaceTile { seat: 1 - seat, left: left - 1 };
        } else {
            if left > 1 {
                events.emit(Event::NoRoomForTiles { left: left - 1 });
            }
            s.doors = super::door::doors_of(&self.ground(s));
            s.phase = self.after_terrain();
        }
    }
}
