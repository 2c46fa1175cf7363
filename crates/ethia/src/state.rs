//! The state of a game of Skirmish or Battle.

use crate::variant::WallOption;
use arbiter_geometry::{Cell, CellSet, Walls};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A leader or a squad unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    /// The army's leader: capture it to win.
    Leader,
    /// A squad unit.
    Squad,
}

/// The two ends of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// The rank-1 end.
    South,
    /// The far end.
    North,
}

/// One army: its leader and squad units on the board, and what is still to deploy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Army {
    /// The leader's square, once placed and until captured.
    pub leader: Option<Cell>,
    /// Squad units' squares.
    pub squad: CellSet,
    /// True until the leader has been placed.
    pub leader_to_place: bool,
    /// Squad units still to place.
    pub squad_to_place: u8,
    /// The leader was captured: the army is out (ruling E10 for the first round).
    pub out: bool,
}

impl Army {
    /// Every unit's square.
    pub fn units(&self) -> CellSet {
        let mut s = self.squad;
        if let Some(l) = self.leader {
            s.insert(l);
        }
        s
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Chance: the players in `contenders` roll 1d6 each for the wall choice;
    /// `lowest` is false while finding the highest roller, true for the lowest.
    WallRollOff {
        /// Seats still rolling (bit per seat).
        contenders: u8,
        /// Finding the lowest roller rather than the highest.
        lowest: bool,
    },
    /// The highest roller chooses how walls are placed.
    ChooseWalls,
    /// A player places wall number `index` (from 0).
    PlaceWall {
        /// Which wall, from 0.
        index: u8,
    },
    /// The lowest roller chooses the end their side starts at.
    ChooseEnd,
    /// The next army of the deployment order places one unit.
    Deploy {
        /// Placements made so far.
        index: u16,
    },
    /// Chance: the players in `contenders` roll 1d6 each to go first.
    FirstRollOff {
        /// Seats still rolling (bit per seat).
        contenders: u8,
    },
    /// Chance: the active army's player rolls 1d6 for the number of actions.
    ActionRoll,
    /// The active army's player takes an action or ends the turn.
    Act,
    /// Chance: 1d6 for how far the chosen unit may move.
    MoveRoll {
        /// The unit that moves.
        unit: Cell,
    },
    /// The player picks where the unit goes, up to `roll` squares away.
    MoveTo {
        /// The unit that moves.
        unit: Cell,
        /// The move roll.
        roll: u8,
    },
    /// Chance: attacker's and defender's dice.
    AttackRoll {
        /// The attacking unit.
        from: Cell,
        /// The target.
        to: Cell,
    },
    /// The game is over.
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A team captured every enemy leader.
    Won {
        /// The winning team (0 = A, 1 = B).
        team: u8,
    },
    /// The losing side forced a draw in the first round (ruling E10).
    DrawForced,
    /// The round limit was reached (ruling E12).
    DrawRoundLimit,
}

/// A position of Skirmish or Battle with everything needed to continue.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct State {
    /// Squares in play: the whole board, or one half after Battle's shrink.
    pub area: CellSet,
    /// Walls on the board.
    pub walls: Walls,
    /// The armies (2 or 4 used).
    pub armies: [Army; 4],
    /// Where the game stands.
    pub phase: Phase,
    /// The last roll-off value of each seat.
    pub rolls: [u8; 4],
    /// The seat that won the wall roll-off (chooses the wall option).
    pub high_roller: Option<u8>,
    /// The seat that rolled lowest (chooses the end).
    pub low_roller: Option<u8>,
    /// The wall option in use.
    pub wall_option: Option<WallOption>,
    /// The end team A starts at.
    pub team_a_end: Option<End>,
    /// The army whose turn it is.
    pub active: u8,
    /// Actions left this turn.
    pub actions_left: u8,
    /// Rounds begun (1 = the first round; 0 during setup).
    pub round: u16,
    /// Armies that have had their turn in the current round (bit per army).
    pub played_round: u8,
    /// During the first round, the team that has captured every enemy leader
    /// while some armies have yet to play: they may still force a draw.
    pub pending_winner: Option<u8>,
    /// How the game ended.
    pub ending: Option<Ending>,
}

impl State {
    /// Every unit's square.
    pub fn occupied(&self) -> CellSet {
        self.armies.iter().fold(CellSet::EMPTY, |acc, a| acc | a.units())
    }

    /// The army and kind of the unit on a square.
    pub fn unit_at(&self, c: Cell) -> Option<(u8, UnitKind)> {
        self.armies.iter().enumerate().find_map(|(i, a)| {
            if a.leader == Some(c) {
                Some((i as u8, UnitKind::Leader))
            } else if a.squad.contains(c) {
                Some((i as u8, UnitKind::Squad))
            } else {
                None
            }
        })
    }
}
