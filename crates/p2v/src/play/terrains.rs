//! The terrains a game's states stand on, made once and shared: the ground
//! (the map's terrain with any tiles laid) with the objectives placed, Final Night's darkness and the doors
//! as they stand. Every state whose battlefield is rebuilt (a creature
//! joins a group, a mount is ridden, a door opens) would otherwise lay the
//! map's pieces again and build new step tables; the few recent terrains
//! are kept by what they are made of, so equal inputs give the same
//! `Arc<Terrain>` (and its step tables, built once).

use super::objective::Kind;
use super::state::State;
use arbiter_geometry::battle::{Piece, PieceId, Square, SquareSet, Terrain, Traits};
use std::sync::{Arc, Mutex, PoisonError};

/// How many terrains are kept (a few games played at once each need one).
const KEPT: usize = 8;

/// What a state adds to the map's terrain: the objectives (kind, square),
/// the darkness (its squares) and the doors (piece, open).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    tiles: Vec<super::tiles::PlacedTile>,
    objectives: Vec<(Kind, Square)>,
    veils: Vec<(Vec<Square>, Traits)>,
    openings: Vec<Square>,
    doors: Vec<(u16, bool)>,
}

impl Key {
    fn of(s: &State) -> Key {
        Key {
            tiles: s.tiles.clone(),
            objectives: s.objectives.iter().map(|o| (o.kind, o.square)).collect(),
            veils: s.veils.iter().map(|v| (v.squares.clone(), v.traits)).collect(),
            openings: s.openings.clone(),
            doors: s.doors.iter().map(|d| (d.piece, d.open)).collect(),
        }
    }
}

/// The recent terrains made from the map's, most recent first.
#[derive(Debug, Default)]
pub(crate) struct Terrains(Mutex<Vec<(Key, Arc<Terrain>)>>);

impl Terrains {
    /// The terrain of state `s` on the map's terrain `base`: made once for
    /// each objectives, darkness and doors, then shared.
    pub(crate) fn of(&self, base: &Arc<Terrain>, s: &State) -> Arc<Terrain> {
        let key = Key::of(s);
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = kept.iter().position(|(k, _)| *k == key) {
            let hit = kept.remove(i);
            let t = hit.1.clone();
            kept.insert(0, hit);
            return t;
        }
        let t = made(base, s);
        kept.insert(0, (key, t.clone()));
        kept.truncate(KEPT);
        t
    }
}

/// The map's terrain with the state's objectives, darkness and doors.
fn made(base: &Arc<Terrain>, s: &State) -> Arc<Terrain> {
    let mut terrain = if s.objectives.is_empty() && s.veils.is_empty() && s.openings.is_empty() {
        None
    } else {
        let mut extra = Vec::with_capacity(s.objectives.len() + s.veils.len());
        for o in &s.objectives {
            let mut p = Piece::new(o.kind.name(), Traits::OBJECTIVE);
            p.squares = SquareSet::single(o.square);
            extra.push(p);
        }
        // Final Night's darkness, a spell's thorns: terrain for a while.
        for v in &s.veils {
            let mut p = Piece::new(v.name(), v.traits);
            p.squares = v.squares.iter().copied().collect();
            extra.push(p);
        }
        if s.openings.is_empty() {
            // The map's pieces as they are, the rest laid over them.
            Terrain::derive_adding(base, extra).ok()
        } else {
            let mut pieces = base.pieces().to_vec();
            // Magic Passage: solid squares made open ground (the pieces keep
            // their places, so door numbers do not move).
            for p in pieces.iter_mut().filter(|p| p.traits.contains(Traits::SOLID)) {
                for q in &s.openings {
                    p.squares.remove(*q);
                }
            }
            pieces.extend(extra);
            Terrain::derive_from(base, pieces).ok()
        }
    };
    for d in &s.doors {
        let id = PieceId(d.piece);
        let now = terrain.as_ref().unwrap_or(base);
        if now.piece(id).is_some_and(|p| p.traits.contains(Traits::DOOR) && p.open != d.open) {
            terrain.get_or_insert_with(|| Terrain::clone(base)).set_door(id, d.open);
        }
    }
    terrain.map_or_else(|| base.clone(), Arc::new)
}
