//! The state of a game: where everything stands, who has what, which phase
//! of the game is under way, the work pending inside the current action and
//! the effects in play.

use crate::frame::{Frame, Mine};
use crate::fx::Fx;
use crate::table::SceneCache;
use arbiter_core::Seat;
use arbiter_core::resolve::{Effects, Pending};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use ts_rs::TS;

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
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
pub struct Die {
    /// Faces (4, 6, 8, 10 or 12).
    pub sides: u8,
    /// The face showing.
    pub value: u8,
}

/// The foraging pool: ten places, P1's D4 to D12 then P2's, each holding its
/// die until it is foraged. A die keeps its place (and the number people call
/// it by, 1–10) for the whole foraging phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
#[serde(transparent)]
pub struct Pool(pub [Option<Die>; POOL]);

impl Pool {
    /// The pool as rolled: `dice` fill the places in order.
    pub fn rolled(dice: impl IntoIterator<Item = Die>) -> Pool {
        let mut p = Pool::default();
        for (slot, d) in p.0.iter_mut().zip(dice) {
            *slot = Some(d);
        }
        p
    }

    /// The die in a place, if it is still there.
    pub fn get(&self, slot: u8) -> Option<&Die> {
        self.0.get(slot as usize).and_then(Option::as_ref)
    }

    /// Takes the die out of a place.
    pub fn take(&mut self, slot: u8) -> Option<Die> {
        self.0.get_mut(slot as usize).and_then(Option::take)
    }

    /// The dice still in the pool, with their places.
    pub fn iter(&self) -> impl Iterator<Item = (u8, &Die)> {
        self.0.iter().enumerate().filter_map(|(i, d)| d.as_ref().map(|d| (i as u8, d)))
    }

    /// How many dice are left.
    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }

    /// True when every die has been foraged.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

impl FromIterator<Die> for Pool {
    fn from_iter<I: IntoIterator<Item = Die>>(iter: I) -> Pool {
        Pool::rolled(iter)
    }
}

/// A placed terrain piece (or the gate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
pub struct Placed {
    /// Which piece of the kit.
    pub piece: u8,
    /// Its centre.
    pub at: Pos,
    /// Turned anticlockwise, in whole degrees.
    pub turn: u16,
}

/// One figure during the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
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
    /// How many times it has been activated.
    #[serde(default)]
    pub activations: u8,
    /// Defeated and removed.
    pub defeated: bool,
}

impl Figure {
    /// True if it is on the table.
    pub fn on_table(&self) -> bool {
        self.at.is_some() && !self.defeated
    }
}

/// Which part of the game is under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
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
    /// No figure has an action left.
    Over,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash, TS)]
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
    /// The foraging pool.
    pub pool: Pool,
    /// Prep tokens each player holds.
    pub prep: [u8; 2],
    /// True once the game's first activation has begun.
    pub started: bool,
    /// Who activated last, so the other goes next.
    pub last: Option<Seat>,
    /// Work pending inside the current action, the top first.
    #[serde(default)]
    pub pending: Pending<Frame>,
    /// Effects in play (Immobile, Immobilize, bonuses for the next attack,
    /// abilities used once).
    #[serde(default)]
    pub effects: Effects<Fx, u8>,
    /// Mines on the table.
    #[serde(default)]
    pub mines: ArrayVec<Mine, POOL>,
    /// Mines laid so far (the next mine's number is one more).
    #[serde(default)]
    pub mines_laid: u8,
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
