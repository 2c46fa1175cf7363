//! The decisions of a game: set-up choices, the active creature's actions,
//! and the answers other seats give (a line for cover, a reaction).

use super::objective::Kind;
use arbiter_geometry::battle::Square;
use serde::{Deserialize, Serialize};

/// One decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "act")]
pub enum Action {
    /// Place an objective of a kind on a square (set-up).
    Objective {
        /// Which objective.
        kind: Kind,
        /// Where.
        at: Square,
    },
    /// Choose a deployment zone (by index: the corners SW, SE, NW, NE, or
    /// the long edges).
    Zone {
        /// The zone.
        zone: u8,
    },
    /// Deploy a creature with its space's lower-left square at `at`.
    Place {
        /// The creature, by roster index.
        who: u8,
        /// Where.
        at: Square,
    },
    /// Activate a creature that has not yet acted this round.
    Activate {
        /// The creature.
        who: u8,
    },
    /// Stride: move up to Speed (● ; its anchor ends at `to`).
    Stride {
        /// Where its space's lower-left square ends.
        to: Square,
    },
    /// Step: move 1 square without triggering reactions (●).
    Step {
        /// Where.
        to: Square,
    },
    /// Leap: jump over one square, landing at `to` (●).
    Leap {
        /// Where its space's lower-left square lands.
        to: Square,
    },
    /// Crawl: move 1 square while prone (●).
    Crawl {
        /// Where.
        to: Square,
    },
    /// Strike with a weapon (●, or ●○).
    Strike {
        /// The weapon, by index among the creature's strikes.
        weapon: u8,
        /// The target.
        target: u8,
    },
    /// Interact to claim an objective with a skill (●).
    Claim {
        /// The objective, by index.
        objective: u8,
        /// The skill, by index into [`super::damage::SKILLS`].
        skill: u8,
    },
    /// Trip an adjacent creature: a Fight roll, then its Reflex save against
    /// the result; on a failure it falls prone (●).
    Trip {
        /// The target.
        target: u8,
    },
    /// Shove an adjacent creature: a Fight roll, then its Fortitude save;
    /// on a failure it is pushed 1 square, to `to` (●).
    Shove {
        /// The target.
        target: u8,
        /// Where it is pushed, chosen when the shove is declared.
        to: Square,
    },
    /// Grapple an adjacent creature: a Fight roll, then its Fortitude save;
    /// on a failure it is grabbed (●).
    Grapple {
        /// The target.
        target: u8,
    },
    /// Pull a white hair out of an adjacent enemy that is grabbed,
    /// immobilized or stunned: an Athletics check against its Power (●;
    /// White Hairs, ruling P2V-R45).
    Pluck {
        /// The creature with the hairs.
        target: u8,
    },
    /// Choose the power whose use a critical hit gives back (Stoke the
    /// Volcano; ruling P2V-R47).
    Regain {
        /// The power, by index among the creature's powers.
        power: u8,
    },
    /// Escape: remove one condition (●).
    Escape {
        /// The condition, by its bit (see [`super::state::Conditions`]).
        condition: u8,
    },
    /// Use a power (a feature with a range or area that is not a strike),
    /// aimed as its area needs.
    Use {
        /// The power, by index among the creature's powers.
        power: u8,
        /// Where it is aimed.
        aim: Aim,
    },
    /// Interact to open or close an adjacent door (●).
    Door {
        /// The door's terrain piece, by index.
        piece: u16,
        /// True to open it, false to close it.
        open: bool,
    },
    /// Ready (●●): the turn ends; before its next turn the creature may
    /// take a free action or 1-AP action as a reaction.
    Ready,
    /// Drop Prone (●).
    DropProne,
    /// Stand up from prone (●).
    Stand,
    /// End the turn, giving up any action points left.
    End,
    /// The defender's choice of line for cover checks.
    Line {
        /// The line, by index among those offered.
        line: u8,
    },
    /// Take the reaction or the choice offered (a Reactive Strike; a grab on a hit).
    React,
    /// Decline the reaction offered.
    Pass,
}

/// Where a power is aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "aim")]
pub enum Aim {
    /// Nowhere: an emanation from the user's space.
    Here,
    /// At one creature in reach or range.
    Creature {
        /// The target.
        who: u8,
    },
    /// A cone, by index among the cones the user's space may aim
    /// (`arbiter_geometry::battle::cone_origins`: the corners NE, SE, SW, NW,
    /// then each square's edge N, E, S, W).
    Cone {
        /// The cone.
        index: u8,
    },
    /// A square where the user lands (a teleport), its space's lower-left square.
    Square {
        /// The square.
        at: Square,
    },
    /// A line from the corner of the user's space nearest to a square, towards its centre.
    Line {
        /// The square it runs towards.
        toward: Square,
    },
}
