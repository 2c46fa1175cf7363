//! Doors ("TERRAIN TRAITS"): "Door: An adjacent creature can open or close a
//! door by Interacting. While closed, doors are solid terrain." and
//! "Interact • Ready an item, open a door, manipulate an item or claim an
//! objective."
//!
//! The map says whether each door starts open; the state keeps every door's
//! state now ([`super::state::State::doors`]), and the battlefield is built
//! with it, so a closed door blocks movement, sight and effect as solid
//! terrain and an open one does not. Adjacency is ruling P2V-R29.

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Door, Life, State};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{PieceId, Space, Terrain, Traits};

/// Every door of a map, as the map sets it.
pub fn doors_of(t: &Terrain) -> Vec<Door> {
    t.pieces()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.traits.contains(Traits::DOOR))
        .map(|(i, p)| Door { piece: i.min(usize::from(u16::MAX)) as u16, open: p.open })
        .collect()
}

impl P2v {
    /// Whether creature `who` stands adjacent to door `piece` (ruling
    /// P2V-R29): a square of its space is next to, or on, a square of the
    /// door; or is on either side of an edge the door runs along.
    pub fn beside_door(&self, s: &State, who: u8, piece: u16) -> bool {
        let i = usize::from(who);
        let (Some(at), Some(p)) = (s.creatures.get(i).and_then(|c| c.at), self.profile(i)) else { return false };
        let space = Space::new(at, p.size.side());
        let terrain = self.ground(s);
        let Some(door) = terrain.piece(PieceId(piece)) else { return false };
        door.squares.iter().any(|q| {
            let (gx, gy) = space.gaps(&Space::new(q, 1));
            gx <= 1 && gy <= 1
        }) || door.edges.iter().any(|e| {
            terrain.board().edge_squares(*e).is_some_and(|(a, b)| {
                space.gaps(&Space::new(a, 1)) == (0, 0) || space.gaps(&Space::new(b, 1)) == (0, 0)
            })
        })
    }

    /// Whether a creature stands in a door's squares (it cannot be closed on them).
    fn doorway_taken(&self, s: &State, piece: u16) -> bool {
        let ground = self.ground(s);
        let Some(door) = ground.piece(PieceId(piece)) else { return false };
        (0..s.creatures.len()).any(|j| {
            let (Some(c), Some(p)) = (s.creatures.get(j), self.profile(j)) else { return false };
            matches!(c.life, Life::Up | Life::Dying)
                && c.at.is_some_and(|a| {
                    let space = Space::new(a, p.size.side());
                    door.squares.iter().any(|q| space.gaps(&Space::new(q, 1)) == (0, 0))
                })
        })
    }

    /// Judges creature `who` opening (`open`) or closing door `piece`.
    pub(crate) fn judge_door(&self, s: &State, who: u8, piece: u16, open: bool) -> Result<(), Refusal> {
        let Some(d) = s.doors.iter().find(|d| d.piece == piece) else {
            return Err(Refusal::because("p2v.door.none", "there is no such door on this map", section::TERRAIN));
        };
        if d.open == open {
            let now = if open { "open" } else { "closed" };
            return Err(Refusal::because("p2v.door.already", format!("that door is already {now}"), section::TERRAIN));
        }
        if !self.beside_door(s, who, piece) {
            return Err(Refusal::because(
                "p2v.door.reach",
                "an adjacent creature can open or close a door by Interacting: the creature is not next to it",
                section::TERRAIN,
            ));
        }
        if !open && self.doorway_taken(s, piece) {
            return Err(Refusal::because(
                "p2v.door.blocked",
                "a creature stands in the doorway: the door cannot close on it",
                section::TERRAIN,
            ));
        }
        Ok(())
    }

    /// The doors creature `who` may open or close now, with whether it opens them.
    pub(crate) fn door_choices<'a>(&'a self, s: &'a State, who: u8) -> impl Iterator<Item = (u16, bool)> + 'a {
        s.doors.iter().filter(move |d| self.judge_door(s, who, d.piece, !d.open).is_ok()).map(|d| (d.piece, !d.open))
    }

    /// Opens or closes a door (judged already).
    pub(crate) fn set_door<E: EventSink<Event>>(&self, s: &mut State, who: u8, piece: u16, open: bool, events: &mut E) {
        let Some(d) = s.doors.iter_mut().find(|d| d.piece == piece) else { return };
        d.open = open;
        let name = self.ground(s).piece(PieceId(piece)).map_or_else(|| "door".to_string(), |p| p.name.clone());
        events.emit(Event::Door { who, name, open });
        s.forget_field();
    }

    /// A door's name for notation: the piece's name, or `door N` (its
    /// piece number, from 1) when another door shares the name.
    pub fn door_name(&self, piece: u16) -> String {
        let t = self.base_terrain();
        let Some(p) = t.piece(PieceId(piece)) else { return format!("door {}", piece + 1) };
        let same = t.pieces().iter().filter(|q| q.traits.contains(Traits::DOOR) && q.name == p.name).count();
        if same == 1 && !p.name.trim().is_empty() { p.name.clone() } else { format!("door {}", piece + 1) }
    }

    /// The door named `name` (see [`P2v::door_name`]), case-insensitively.
    pub fn door_named(&self, s: &State, name: &str) -> Option<u16> {
        let n = name.trim().to_ascii_lowercase();
        s.doors.iter().map(|d| d.piece).find(|p| self.door_name(*p).to_ascii_lowercase() == n)
    }
}
