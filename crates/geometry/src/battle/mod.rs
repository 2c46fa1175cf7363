//! Path 2 Victory's battlefield: square boards of any size up to 64 × 64.

pub mod area;
pub mod board;
pub mod cover;
pub mod field;
pub mod flank;
pub mod gridless;
pub mod ground;
pub mod line;
pub mod map;
pub mod movement;
pub mod render;
pub mod sight;
pub mod size;
pub mod square;
mod steps;
pub mod targeting;
pub mod terrain;

pub use area::{Area, AreaError, AreaHit};
pub use board::{Board, BoardError, Dir, Edge, Point, Side, Space};
pub use cover::{Cover, CoverError, Obstacle};
pub use field::{Battlefield, Figure, FigureId, PlaceError};
pub use gridless::{TableArea, TableFigure, TablePiece, Tabletop};
pub use ground::Battleground;
pub use map::{BattleMap, MapError};
pub use movement::{Forced, Mode, MoveError, Mover, Position, Reach, Source, Step};
pub use sight::{Extent, Sightline};
pub use size::{Height, Size};
pub use square::{MAX_SIDE, Square, SquareSet};
pub use terrain::{Piece, PieceId, Terrain, TerrainError, Traits};
