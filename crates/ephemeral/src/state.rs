//! The state of a game: where everything stands, who has what, and which
//! phase of the game is under way.

use crate::table::SceneCache;
use arbiter_core::Seat;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// The most figures on the table (two sets of six in v0.20).
pub const MAX_FIGURES: usize = 12;
/// The foraging pool: each player's D4, D6, D8, D10 and D12.
pub const POOL: usize = 10;
/// The most dice in one standard attack.
pub const MAX_ATTACK_DICE: usize = 12;
/// The die sizes players own.
pub const DIE_SIZES: [u8; 5] = [4, 6, 8, 10, 12];

/// A point on the table, in cm from the lower-left corner.
///
/// Equal points hash equally (`-0.0` and `0.0` hash alike); states never
/// hold a NaN (the rules refuse one), so equality is total in practice.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pos {
    /// Across, 0–40.
    pub x: f32,
    /// Up, 0–40.
    pub y: f32,
}

impl Pos {
    /// A point.
    pub const fn new(x: f32, y: f32) -> Pos {
        Pos { x, y }
    }

    /// True if both coordinates are finite numbers.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Eq for Pos {}

impl Hash for Pos {
    fn hash<H: Hasher>(&self, h: &mut H) {
        ((self.x + 0.0).to_bits(), (self.y + 0.0).to_bits()).hash(h);
    }
}

/// A die: its size and what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Die {
    /// Faces (4, 6, 8, 10 or 12).
    pub sides: u8,
    /// The face showing.
    pub value: u8,
}

/// A placed terrain piece (or the gate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Placed {
    /// Which piece of the kit.
    pub piece: u8,
    /// Its centre.
    pub at: Pos,
    /// Turned anticlockwise, in whole degrees.
    pub turn: u16,
}

/// One figure during the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Figure {
    /// The player who controls it.
    pub owner: Seat,
    /// Its index in its owner's set.
    pub index: u8,
    /// Where its base is, once placed (none before placement or once defeated).
    pub at: Option<Pos>,
    /// The terrain piece it stands on, if any.
    pub on: Option<u8>,
    /// Damage taken.
    pub damage: u8,
    /// Actions left.
    pub actions: u8,
    /// Foraged dice on its spec sheet.
    pub dice: ArrayVec<Die, POOL>,
    /// Extra range in cm for its next attack (prep tokens).
    pub reach: u8,
    /// Defeated and removed.
    pub defeated: bool,
}

impl Figure {
    /// True if it is on the table.
    pub fn on_table(&self) -> bool {
        self.at.is_some() && !self.defeated
    }
}

/// A standard attack under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Attack {
    /// The attacking figure.
    pub attacker: u8,
    /// The target.
    pub target: u8,
    /// The dice rolled (values once rolled).
    pub dice: ArrayVec<Die, MAX_ATTACK_DICE>,
    /// Actions the attacker has taken this activation, this one included.
    pub used: u8,
    /// The most it may take this activation.
    pub limit: u8,
}

/// Which part of the game is under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Phase {
    /// The player with the lower spec total chooses to be X or Y.
    ChooseSide {
        /// Who chooses.
        chooser: Seat,
    },
    /// Equal spec totals: both roll a D6; the higher chooses (ties roll again).
    SideRoll,
    /// Players take turns placing the five pieces and the gate, X first.
    Terrain {
        /// Who places next.
        next: Seat,
    },
    /// Both players roll their D4, D6, D8, D10 and D12.
    PoolRoll,
    /// v0.20: Y chooses who forages first.
    ChooseForager,
    /// Players take dice from the pool in turn, or pass.
    Forage {
        /// Who decides next.
        next: Seat,
        /// Passes in a row.
        passes: u8,
    },
    /// Foraging is over; players take turns placing their other figures.
    Deploy {
        /// Who places next.
        next: Seat,
    },
    /// X chooses who activates first.
    ChooseFirst,
    /// A player chooses a figure to activate.
    Activate {
        /// Who activates.
        next: Seat,
    },
    /// A figure is taking actions.
    Acting {
        /// The active figure.
        figure: u8,
        /// Actions taken this activation.
        used: u8,
        /// The most it may take (1 for the game's first activation).
        limit: u8,
    },
    /// A standard attack's dice are rolled.
    AttackRoll(Attack),
    /// The attacker may spend prep tokens on the rolled dice, then resolves.
    AttackDice(Attack),
    /// No figure has an action left.
    Over,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct State {
    /// What is under way.
    pub phase: Phase,
    /// Player X, once chosen.
    pub x: Option<Seat>,
    /// Terrain placed so far, in kit order of placement.
    pub terrain: ArrayVec<Placed, 5>,
    /// The gate's centre, once placed.
    pub gate: Option<Pos>,
    /// Every figure: P1's set in order, then P2's.
    pub figures: ArrayVec<Figure, MAX_FIGURES>,
    /// The dice left in the foraging pool.
    pub pool: ArrayVec<Die, POOL>,
    /// Prep tokens each player holds.
    pub prep: [u8; 2],
    /// True once the game's first activation has begun.
    pub started: bool,
    /// Who activated last, so the other goes next.
    pub last: Option<Seat>,
    /// The terrain footprints, built once they are down (not serialised).
    #[serde(skip)]
    pub scene: SceneCache,
}

impl State {
    /// Player Y, once X is chosen.
    pub fn y(&self) -> Option<Seat> {
        self.x.map(Seat::other)
    }

    /// The figures of a seat, with their indices in [`State::figures`].
    pub fn figures_of(&self, seat: Seat) -> impl Iterator<Item = (u8, &Figure)> {
        self.figures.iter().enumerate().filter(move |(_, f)| f.owner == seat).map(|(i, f)| (i as u8, f))
    }
}
