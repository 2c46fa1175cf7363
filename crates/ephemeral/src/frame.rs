//! Pending work in Ephemeral Path's words: the frames the game keeps on the
//! core's pending stack ([`arbiter_core::resolve::Pending`]) while an action
//! is resolved.
//!
//! An action of the active figure pushes its work and, at the bottom,
//! [`Frame::ActionDone`]. Work that waits — dice to roll, the attacker's
//! prep tokens on rolled dice, a resist roll, a reaction window — stays on
//! top until the decision or roll that answers it; the rest runs at once
//! (`resolve.rs`). A standard attack, for instance, is `AttackRoll` (chance),
//! `AttackDice` (the attacker, while holding prep tokens), then `Damage`
//! with a `Damage` window above it (the defender's Defend dice, L7), then
//! windows for spray, a counter attack and L11, then `ActionDone`.

use crate::catalogue::Damage as Formula;
use crate::state::{Die, MAX_ATTACK_DICE, Pos};
use crate::table::MAX_WAYPOINTS;
use arbiter_core::resolve::Window;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How the rolled dice of a strike become damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "judge")]
pub enum Judge {
    /// A standard attack (or an L1 pool, a counter attack without a damage
    /// formula): the sum is the damage if it is at most `force`, else a miss.
    Force {
        /// The Force the sum is held against, bonuses included.
        force: u8,
    },
    /// An ability's formula with the rolled die (`die`, `force + die`, …).
    Formula {
        /// The formula.
        damage: Formula,
        /// The Force it adds, bonuses included.
        force: u8,
    },
}

/// An attack whose dice are rolled: a standard attack, an ability that
/// rolls its foraged die on use, or one of L1's pools.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Strike {
    /// The attacking figure.
    pub attacker: u8,
    /// The target.
    pub target: u8,
    /// The dice (values once rolled).
    pub dice: ArrayVec<Die, MAX_ATTACK_DICE>,
    /// How the dice become damage.
    pub judge: Judge,
    /// The ability slot it comes from (`None`: a standard attack).
    pub slot: Option<u8>,
    /// The attacker's player may change the rolled dice with prep tokens
    /// (an attack in their own turn).
    pub tokens: bool,
    /// Defend abilities may answer it (not L12, not one's own figure).
    pub defendable: bool,
    /// It is an attack action of the attacker (L11 answers it).
    pub action: bool,
}

/// Where damage comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum HarmKind {
    /// An attack on its target (a standard attack or an attack ability).
    Attack,
    /// Spray around a damaged figure.
    Spray,
    /// A mine going off.
    Mine,
}

/// Damage about to be dealt; windows above it may reduce it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Harm {
    /// Who takes it.
    pub target: u8,
    /// How much, after reductions so far.
    pub amount: u8,
    /// The figure whose attack, spray or mine it is.
    pub by: Option<u8>,
    /// Attack, spray or mine.
    pub kind: HarmKind,
    /// Defend abilities may answer it.
    pub defendable: bool,
    /// D2 may add spray once it is dealt (a standard attack's damage).
    pub sprays: bool,
}

/// What a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum WalkKind {
    /// The move action, or a move ability: rush and chain rush apply.
    Action,
    /// L11's reply to an attack.
    Reply,
}

/// A move under way, resumed waypoint by waypoint (chain rushes stop it in
/// the middle).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Walk {
    /// The moving figure.
    pub figure: u8,
    /// The waypoints still ahead, in order.
    pub ahead: ArrayVec<Pos, MAX_WAYPOINTS>,
    /// The stretch walked since the last stop, from where it began (for the event).
    pub walked: ArrayVec<Pos, { MAX_WAYPOINTS + 1 }>,
    /// The piece the figure stood on where that stretch began.
    pub start_on: Option<u8>,
    /// Movement left, in hundredths of a cm.
    pub budget: u32,
    /// Enemy bases may be passed (Sneak).
    pub sneak: bool,
    /// What kind of move.
    pub kind: WalkKind,
    /// Opponent figures already struck by a chain rush in this move (bit per figure).
    pub struck: u16,
}

/// One effect of an ability on one figure, applied once any resist roll has failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "apply")]
pub enum Apply {
    /// Damage to a target (through the damage pipeline).
    Damage(Harm),
    /// The target cannot move on its next activation.
    Immobilize {
        /// The target.
        target: u8,
    },
    /// Spray of `amount` to every figure within `range_cm` of `around`'s
    /// base, standing at `at`.
    Spray {
        /// The damaged figure.
        around: u8,
        /// Where it stands (or stood).
        at: Pos,
        /// Damage to each figure around it.
        amount: u8,
        /// How far, cm.
        range_cm: u8,
        /// Whose spray.
        by: u8,
    },
    /// The target loses one action.
    LoseAction {
        /// The target.
        target: u8,
    },
}

impl Apply {
    /// The figure it falls on first.
    pub fn target(&self) -> u8 {
        match self {
            Apply::Damage(h) => h.target,
            Apply::Immobilize { target } | Apply::LoseAction { target } => *target,
            Apply::Spray { around, .. } => *around,
        }
    }
}

/// A resist roll owed by the target's player: the dice they chose (values
/// once rolled) against the foraged die the attacker used.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Resist {
    /// The figure resisting.
    pub target: u8,
    /// The figure using the ability.
    pub by: u8,
    /// Its ability slot.
    pub slot: u8,
    /// The value of the foraged die used.
    pub against: u8,
    /// Added to the resist roll (`Resistible +2`).
    pub modifier: i8,
    /// The resist dice (empty until chosen).
    pub dice: ArrayVec<Die, MAX_ATTACK_DICE>,
    /// What happens unless the roll beats `against`.
    pub effects: ArrayVec<Apply, 2>,
}

/// What happened, that a reaction may answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "trigger")]
pub enum Trigger {
    /// Damage is about to be dealt to `target` (the frame below): Defend, L7.
    Damage {
        /// Who would take it.
        target: u8,
    },
    /// A standard attack by `attacker` dealt damage to `target`: D2's spray.
    Dealt {
        /// The attacker.
        attacker: u8,
        /// The damaged target.
        target: u8,
        /// Where the target stood (it may have been defeated and removed).
        at: Pos,
    },
    /// `target` was not defeated by `attacker`'s attack: counter attacks.
    Survived {
        /// The figure attacked.
        target: u8,
        /// The attacking opponent.
        attacker: u8,
    },
    /// `attacker` took an attack action: L11 for its opponents.
    Attacked {
        /// The attacker.
        attacker: u8,
        /// Figures that have replied already (bit per figure).
        replied: u16,
    },
    /// `figure` stands at a waypoint of its move with more to go: chain rush.
    Waypoint {
        /// The mover.
        figure: u8,
    },
    /// `figure` ended a move action: rush and chain rush.
    MoveEnded {
        /// The mover.
        figure: u8,
        /// Opponents already struck by a chain rush in the move (bit per figure).
        struck: u16,
        /// Rush abilities already used at this end of move (bit per slot).
        rushed: u8,
    },
    /// `figure` may use its recurring ability in `slot` again.
    Again {
        /// The figure.
        figure: u8,
        /// The ability.
        slot: u8,
    },
}

/// A mine on the table: a foraged die put down by a Mine ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Mine {
    /// Its number, from 1, in the order mines were laid.
    pub id: u8,
    /// The figure that laid it (its player controls it).
    pub by: u8,
    /// The ability slot it came from.
    pub slot: u8,
    /// The die, showing the damage it deals.
    pub die: Die,
    /// Where it lies.
    pub at: Pos,
    /// Passive mines go off by themselves; active ones by an action.
    pub passive: bool,
}

/// One step of pending work.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "frame")]
pub enum Frame {
    /// The end of an action of the active figure: the activation ends if it
    /// has no action left, reached its limit or was defeated.
    ActionDone {
        /// The active figure.
        figure: u8,
    },
    /// A strike's dice are rolled (chance).
    AttackRoll(Strike),
    /// The attacker may change the rolled dice with prep tokens, then resolves.
    AttackDice(Strike),
    /// A Defend die is rerolled (chance); its value comes off the damage below.
    DefendRoll {
        /// The defending figure.
        figure: u8,
        /// The ability slot.
        slot: u8,
        /// The die's sides.
        sides: u8,
    },
    /// The target's player chooses resist dice, or declines.
    Resist(Resist),
    /// The resist dice are rolled (chance).
    ResistRoll(Resist),
    /// An effect applies.
    Apply(Apply),
    /// Damage is dealt (windows above it may have reduced it).
    Damage(Harm),
    /// A move goes on from where it stopped (boxed: only chain rushers walk
    /// waypoint by waypoint, and the waypoints make it the largest frame).
    Walk(Box<Walk>),
    /// A mine goes off.
    Detonate {
        /// Its number.
        mine: u8,
    },
    /// A reaction window.
    Window(Window<Trigger>),
}

impl Frame {
    /// Every figure index the frame names, for validating states from outside.
    pub fn figures(&self) -> ArrayVec<u8, 4> {
        let mut out = ArrayVec::new();
        let mut add = |f: u8| {
            let _ = out.try_push(f);
        };
        match self {
            Frame::ActionDone { figure } | Frame::DefendRoll { figure, .. } => add(*figure),
            Frame::AttackRoll(s) | Frame::AttackDice(s) => {
                add(s.attacker);
                add(s.target);
            }
            Frame::Resist(r) | Frame::ResistRoll(r) => {
                add(r.target);
                add(r.by);
                for e in &r.effects {
                    add(e.target());
                }
            }
            Frame::Apply(a) => add(a.target()),
            Frame::Damage(h) => {
                add(h.target);
                if let Some(b) = h.by {
                    add(b);
                }
            }
            Frame::Walk(w) => add(w.figure),
            Frame::Detonate { .. } => {}
            Frame::Window(w) => match w.trigger {
                Trigger::Damage { target } => add(target),
                Trigger::Dealt { attacker, target, .. } | Trigger::Survived { target, attacker } => {
                    add(attacker);
                    add(target);
                }
                Trigger::Attacked { attacker, .. } => add(attacker),
                Trigger::Waypoint { figure } | Trigger::MoveEnded { figure, .. } | Trigger::Again { figure, .. } => {
                    add(figure)
                }
            },
        }
        out
    }
}
