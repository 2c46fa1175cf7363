//! The battlefield: a board with its terrain and the figures standing on it.
//!
//! Figures are placed, moved and removed by id; every question the rules ask
//! about them (range, sight, cover, areas, flanking, movement) is a method of
//! [`Battlefield`] defined in the module of that question.

use super::board::{Board, Space};
use super::size::{Height, Size};
use super::square::{Square, SquareSet};
use super::terrain::{PieceId, Terrain, Traits};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Identifies a figure on its battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FigureId(pub u16);

/// A creature's figure on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// What the table calls it (`a`, `ogre`), shared: a rules engine
    /// that rebuilds its battlefield copies no text.
    pub name: Arc<str>,
    /// Its size.
    pub size: Size,
    /// Where it stands.
    pub space: Space,
    /// Its side: figures of the same team are allies, of others enemies.
    pub team: u8,
    /// Helpless figures do not count as creatures for affecting opponents:
    /// they can be moved through and do not flank.
    pub helpless: bool,
}

impl Figure {
    /// A figure of a size with its lower-left square at `anchor`.
    pub fn new(name: &str, size: Size, anchor: Square, team: u8) -> Figure {
        Figure { name: name.into(), size, space: Space::new(anchor, size.side()), team, helpless: false }
    }
}

/// Why a figure cannot stand somewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// Part of the space is off the board.
    OffBoard,
    /// Solid terrain fills a square of the space, or divides it.
    Solid(Square),
    /// Another figure stands there.
    Occupied(FigureId),
    /// No such figure.
    NoFigure,
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::OffBoard => {
                f.write_str("the space does not fit on the board (or is not 1 to 4 squares a side)")
            }
            PlaceError::Solid(_) => f.write_str("solid terrain is in the way"),
            PlaceError::Occupied(_) => f.write_str("another figure stands there"),
            PlaceError::NoFigure => f.write_str("there is no such figure"),
        }
    }
}

impl std::error::Error for PlaceError {}

/// A board, its terrain and its figures. The terrain is shared: cloning a
/// battlefield (a game state copied for search) copies only its figures, and
/// the terrain is copied only when one of the clones changes it (a door).
#[derive(Clone, Debug)]
pub struct Battlefield {
    terrain: Arc<Terrain>,
    figures: Vec<Option<Figure>>,
}

impl Battlefield {
    /// A battlefield with terrain and no figures.
    pub fn new(terrain: Terrain) -> Battlefield {
        Battlefield { terrain: Arc::new(terrain), figures: Vec::new() }
    }
    /// A battlefield on terrain shared with others, with no figures.
    pub fn shared(terrain: Arc<Terrain>) -> Battlefield {
        Battlefield { terrain, figures: Vec::new() }
    }
    /// The shared terrain, to build other battlefields on it.
    pub fn terrain_arc(&self) -> &Arc<Terrain> {
        &self.terrain
    }
    /// The board.
    pub fn board(&self) -> &Board {
        self.terrain.board()
    }
    /// The terrain.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }
    /// Opens or closes a door; false if the piece is not a door.
    pub fn set_door(&mut self, id: PieceId, open: bool) -> bool {
        if self.terrain.piece(id).is_none_or(|p| !p.traits.contains(Traits::DOOR)) {
            return false;
        }
        Arc::make_mut(&mut self.terrain).set_door(id, open)
    }
    /// A figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure> {
        self.figures.get(usize::from(id.0)).and_then(Option::as_ref)
    }
    /// Every figure with its id.
    pub fn figures(&self) -> impl Iterator<Item = (FigureId, &Figure)> {
        self.figures.iter().enumerate().filter_map(|(i, f)| f.as_ref().map(|f| (FigureId(i as u16), f)))
    }
    /// The first figure with a name, any case.
    pub fn find(&self, name: &str) -> Option<FigureId> {
        self.figures().find(|(_, f)| f.name.eq_ignore_ascii_case(name.trim())).map(|(id, _)| id)
    }
    /// The figure standing on a square, if any.
    pub fn figure_at(&self, s: Square) -> Option<FigureId> {
        self.figures().find(|(_, f)| f.space.contains(s)).map(|(id, _)| id)
    }
    /// The squares of every figure's space except `except`'s.
    pub fn occupied(&self, except: Option<FigureId>) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for (id, f) in self.figures() {
            if Some(id) != except {
                set.union_with(&f.space.squares());
            }
        }
        set
    }

    /// Checks that terrain lets a space be stood on: on the board, no solid
    /// square in it and no solid edge between its squares.
    pub fn terrain_allows(&self, space: &Space) -> Result<(), PlaceError> {
        if !(1..=4).contains(&space.side) || !self.board().holds(space) {
            return Err(PlaceError::OffBoard);
        }
        let t = &self.terrain;
        let squares = space.squares();
        if let Some(s) = squares.intersection(t.squares_with(Traits::SOLID)).first() {
            return Err(PlaceError::Solid(s));
        }
        for s in squares.iter() {
            let inner_n = s.rank() + 1 < space.rank_end();
            let inner_e = s.file() + 1 < space.file_end();
            if (inner_n && t.north_edges_with(Traits::SOLID).contains(s))
                || (inner_e && t.east_edges_with(Traits::SOLID).contains(s))
            {
                return Err(PlaceError::Solid(s));
            }
        }
        Ok(())
    }

    /// Checks that a figure could stand on a space, ignoring `except`.
    pub fn can_stand(&self, space: &Space, except: Option<FigureId>) -> Result<(), PlaceError> {
        self.terrain_allows(space)?;
        match self.figures().find(|(id, f)| Some(*id) != except && f.space.overlaps(space)) {
            Some((id, _)) => Err(PlaceError::Occupied(id)),
            None => Ok(()),
        }
    }

    /// Places a figure where it can stand; returns its id.
    pub fn place(&mut self, figure: Figure) -> Result<FigureId, PlaceError> {
        self.can_stand(&figure.space, None)?;
        let id = match self.figures.iter().position(Option::is_none) {
            Some(i) => i,
            None => {
                self.figures.push(None);
                self.figures.len() - 1
            }
        };
        self.figures[id] = Some(figure);
        Ok(FigureId(id as u16))
    }

    /// Places a figure under a chosen id (the rules of play number figures
    /// themselves), where it can stand; an id in use is refused.
    pub fn place_as(&mut self, id: FigureId, figure: Figure) -> Result<(), PlaceError> {
        self.can_stand(&figure.space, None)?;
        let i = usize::from(id.0);
        if self.figures.get(i).is_some_and(Option::is_some) {
            return Err(PlaceError::Occupied(id));
        }
        if self.figures.len() <= i {
            self.figures.resize(i + 1, None);
        }
        self.figures[i] = Some(figure);
        Ok(())
    }

    /// Puts a figure under a chosen id without any check, replacing what
    /// had that id: for the rules of play, which check where figures may
    /// stand themselves and may pass a figure through an ally's space in
    /// the middle of a move.
    pub fn put(&mut self, id: FigureId, figure: Figure) {
        let i = usize::from(id.0);
        if self.figures.len() <= i {
            self.figures.resize(i + 1, None);
        }
        self.figures[i] = Some(figure);
    }

    /// Puts a figure straight onto another space (no movement rules: the
    /// rules of play move figures step by step with [`super::movement`],
    /// then put them where the steps ended). A figure of side 2 or more may
    /// be put where it only fits by squeezing.
    pub fn relocate(&mut self, id: FigureId, anchor: Square) -> Result<(), PlaceError> {
        let f = self.figure(id).ok_or(PlaceError::NoFigure)?;
        let space = Space::new(anchor, f.space.side);
        if let Err(e) = self.terrain_allows(&space) {
            let t = self.terrain().step_table(space.side);
            if !(space.side >= 2 && self.board().holds(&space) && t.squeeze.contains(anchor)) {
                return Err(e);
            }
        }
        if let Some((other, _)) = self.figures().find(|(o, g)| *o != id && g.space.overlaps(&space)) {
            return Err(PlaceError::Occupied(other));
        }
        if let Some(Some(f)) = self.figures.get_mut(usize::from(id.0)) {
            f.space = space;
        }
        Ok(())
    }

    /// Marks a figure helpless or not.
    pub fn set_helpless(&mut self, id: FigureId, helpless: bool) {
        if let Some(Some(f)) = self.figures.get_mut(usize::from(id.0)) {
            f.helpless = helpless;
        }
    }

    /// Takes a figure off the board.
    pub fn remove(&mut self, id: FigureId) -> Option<Figure> {
        self.figures.get_mut(usize::from(id.0)).and_then(Option::take)
    }

    /// Where a space's figure stands: the highest ground under it.
    pub fn ground(&self, space: &Space) -> Height {
        let mut h = Height::ZERO;
        for f in i32::from(space.file)..space.file_end() {
            for r in i32::from(space.rank)..space.rank_end() {
                if let Some(s) = self.board().square(f, r) {
                    h = h.max(self.terrain.elevation(s));
                }
            }
        }
        h
    }

    /// The top of a figure: the ground it stands on plus its height.
    pub fn top(&self, id: FigureId) -> Height {
        self.figure(id).map_or(Height::ZERO, |f| self.ground(&f.space).plus(f.size.height()))
    }

    /// True if the two figures are on opposing sides.
    pub fn enemies(&self, a: FigureId, b: FigureId) -> bool {
        matches!((self.figure(a), self.figure(b)), (Some(x), Some(y)) if x.team != y.team)
    }
}
