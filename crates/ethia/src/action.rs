//! The decisions of Skirmish and Battle.

use crate::state::{End, UnitKind};
use crate::variant::WallOption;
use arbiter_geometry::{Cell, Edge};
use ts_rs::TS;

/// One decision of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub enum Action {
    /// The roll-off winner chooses how walls are placed.
    ChooseWalls(WallOption),
    /// Place a wall on an edge.
    PlaceWall(Edge),
    /// The lowest roller chooses the end their side starts at.
    ChooseEnd(End),
    /// Place a unit during deployment.
    Deploy {
        /// Leader or squad unit.
        kind: UnitKind,
        /// The square.
        at: Cell,
    },
    /// Choose a unit to move; the move roll follows.
    Move(Cell),
    /// After the move roll: where the unit goes (its own square to stay).
    MoveTo(Cell),
    /// Attempt to capture the unit on `to` with the unit on `from`.
    Attack {
        /// The attacking unit.
        from: Cell,
        /// The target.
        to: Cell,
    },
    /// Stop taking actions this turn.
    EndTurn,
}
