//! The decisions of a game: set-up choices, the active creature's actions,
//! and the answers other seats give (a line for cover, a reaction).

use super::objective::Kind;
use arbiter_geometry::battle::{Dir, Square};
use serde::{Deserialize, Serialize};

/// One decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "act")]
pub enum Action {
    /// Lay a terrain tile (set-up, the map `tiles`): its lower-left corner
    /// on `at` once turned `turn` quarter turns clockwise.
    Tile {
        /// Which tile, by its place in the tile catalogue.
        tile: u8,
        /// The square under its lower-left corner.
        at: Square,
        /// Quarter turns clockwise, 0 to 3.
        turn: u8,
    },
    /// Pick, in secret, the objective a creature with Tempting Disguise is
    /// (set-up; by its place among the objectives, from 0).
    Disguise {
        /// The objective.
        objective: u8,
    },
    /// Place the extra obstacle of a creature with False Object (set-up;
    /// by the lower-left square of its block).
    Object {
        /// Its lower-left square.
        at: Square,
    },
    /// Pick, in secret, the obstacle a creature with False Object is
    /// (set-up; by the lower-left square of the obstacle's block).
    Hide {
        /// The obstacle's lower-left square.
        at: Square,
    },
    /// Interact with an obstacle within 6 to see whether it is a creature in
    /// a False Object disguise (by the obstacle's lower-left square).
    SpotObstacle {
        /// The obstacle's lower-left square.
        at: Square,
    },
    /// Interact with an objective within 6 to see whether it is a creature
    /// in disguise (a Perception check; ●).
    Spot {
        /// The objective, by index.
        objective: u8,
    },
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
    /// Long Jump (●●): a Stride of its own, then a jump with an Athletics
    /// check (ruling P2V-R80); its parts are decided in turn.
    LongJump,
    /// A Long Jump's jump: over `over` squares in direction `dir`.
    Jump {
        /// Which way.
        dir: Dir,
        /// How many squares it tries to jump over (1 to 10).
        over: u8,
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
    /// A Stride dragging along an adjacent creature the mover has grabbed
    /// (●; Haul Away, ruling P2V-R71).
    Haul {
        /// Where its space's lower-left square ends.
        to: Square,
    },
    /// A Stride that may pass through one enemy's space after an
    /// Acrobatics check against its Power, leaving it off-guard (●;
    /// Tumble Behind, ruling P2V-R56).
    Tumble {
        /// Where its space's lower-left square ends.
        to: Square,
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
    /// Add a creature to the group being formed, to activate them together
    /// ("Group activation"; [`super::party`]).
    Join {
        /// The creature.
        who: u8,
    },
    /// Hand the turn to another creature of the commander's turn (the
    /// commander or one of its minions), free.
    Switch {
        /// The creature to act next.
        who: u8,
    },
    /// The commander gives up 1 AP to give a minion +1 AP this turn.
    Give {
        /// The minion.
        who: u8,
    },
    /// Mount an adjacent, larger ally: it becomes the rider's minion (●).
    Mount {
        /// The mount.
        who: u8,
    },
    /// Get down from the mount onto a square beside it (●).
    Dismount {
        /// Where the rider's space's lower-left square lands.
        to: Square,
    },
    /// Interact to pick up a body lying on or beside the creature and carry
    /// it (●; [`super::load`]).
    Carry {
        /// The body, by index among the bodies.
        body: u8,
    },
    /// Lay down the load carried (free).
    DropLoad,
    /// Take an item from a body (Interact; by the item's number).
    Take {
        /// The item, by its number in the game.
        item: u8,
    },
    /// Place a body of a Trail of Bodies in the set-up ([`super::trail`]).
    Body {
        /// Its square.
        at: Square,
    },
}

impl Action {
    /// The kind of decision, as its records name it (`stride`, `drop_prone`),
    /// without its details.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Tile { .. } => "tile",
            Action::Disguise { .. } => "disguise",
            Action::Object { .. } => "object",
            Action::Hide { .. } => "hide",
            Action::Spot { .. } => "spot",
            Action::SpotObstacle { .. } => "spot_obstacle",
            Action::Objective { .. } => "objective",
            Action::Zone { .. } => "zone",
            Action::Place { .. } => "place",
            Action::Activate { .. } => "activate",
            Action::Stride { .. } => "stride",
            Action::Step { .. } => "step",
            Action::Leap { .. } => "leap",
            Action::LongJump => "long_jump",
            Action::Jump { .. } => "jump",
            Action::Crawl { .. } => "crawl",
            Action::Strike { .. } => "strike",
            Action::Claim { .. } => "claim",
            Action::Trip { .. } => "trip",
            Action::Shove { .. } => "shove",
            Action::Grapple { .. } => "grapple",
            Action::Haul { .. } => "haul",
            Action::Tumble { .. } => "tumble",
            Action::Pluck { .. } => "pluck",
            Action::Regain { .. } => "regain",
            Action::Escape { .. } => "escape",
            Action::Use { .. } => "use",
            Action::Door { .. } => "door",
            Action::Ready => "ready",
            Action::DropProne => "drop_prone",
            Action::Stand => "stand",
            Action::End => "end",
            Action::Line { .. } => "line",
            Action::React => "react",
            Action::Pass => "pass",
            Action::Join { .. } => "join",
            Action::Switch { .. } => "switch",
            Action::Give { .. } => "give",
            Action::Mount { .. } => "mount",
            Action::Dismount { .. } => "dismount",
            Action::Body { .. } => "body",
            Action::Carry { .. } => "carry",
            Action::DropLoad => "drop_load",
            Action::Take { .. } => "take",
        }
    }
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// `kind` names a decision as its records do.
    #[test]
    fn the_kind_is_the_records_tag() {
        let some = [
            Action::Stride { to: Square::at(1, 2) },
            Action::DropProne,
            Action::Pluck { target: 3 },
            Action::Tumble { to: Square::at(2, 2) },
            Action::LongJump,
            Action::Jump { dir: Dir::NE, over: 3 },
            Action::Tile { tile: 2, at: Square::at(3, 4), turn: 1 },
            Action::Disguise { objective: 2 },
            Action::Object { at: Square::at(2, 2) },
            Action::Hide { at: Square::at(7, 1) },
            Action::Spot { objective: 1 },
            Action::SpotObstacle { at: Square::at(4, 4) },
            Action::Use { power: 1, aim: Aim::Here },
            Action::Dismount { to: Square::at(0, 0) },
            Action::Carry { body: 0 },
            Action::DropLoad,
            Action::Take { item: 2 },
            Action::Body { at: Square::at(5, 1) },
            Action::Pass,
        ];
        for a in some {
            let v = serde_json::to_value(a).unwrap();
            assert_eq!(v["act"].as_str(), Some(a.kind()), "{a:?}");
        }
    }
}
