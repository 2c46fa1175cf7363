//! What happened, for logs and clients.

use crate::action::{PrepUse, Side};
use crate::state::{Die, Pos};
use arbiter_core::Seat;
use serde::Serialize;
use ts_rs::TS;

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub enum Event {
    /// Both rolled a D6 for the choice of sides.
    SideRoll {
        /// P1's and P2's rolls.
        rolls: [u8; 2],
    },
    /// A player chose a side.
    Chose {
        /// Who.
        seat: Seat,
        /// Which side.
        side: Side,
    },
    /// A terrain piece was placed.
    Terrain {
        /// By whom.
        seat: Seat,
        /// Which piece.
        piece: u8,
        /// Where.
        at: Pos,
        /// Turned, degrees.
        turn: u16,
    },
    /// The gate was placed.
    Gate {
        /// By whom.
        seat: Seat,
        /// Where.
        at: Pos,
    },
    /// The foraging pool was rolled.
    Pool {
        /// The ten dice.
        dice: Vec<Die>,
    },
    /// Y chose who forages first (v0.20).
    Forager {
        /// Who forages first.
        seat: Seat,
    },
    /// A die went from the pool to a figure.
    Foraged {
        /// The figure.
        figure: u8,
        /// The die.
        die: Die,
        /// Its place in the pool (0–9).
        slot: u8,
    },
    /// A player passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// Foraging ended.
    ForagingOver,
    /// A figure was placed on the table.
    Placed {
        /// The figure.
        figure: u8,
        /// Where.
        at: Pos,
        /// The terrain piece it stands on.
        on: Option<u8>,
    },
    /// X chose who activates first.
    First {
        /// Who.
        seat: Seat,
    },
    /// A figure was activated.
    Activated {
        /// The figure.
        figure: u8,
    },
    /// A figure moved.
    Moved {
        /// The figure.
        figure: u8,
        /// Its path, start included.
        path: Vec<Pos>,
        /// The distance used, climbing included, cm.
        cost: f32,
        /// The piece it ended on.
        on: Option<u8>,
    },
    /// A standard attack was declared.
    Attack {
        /// The attacker.
        attacker: u8,
        /// The target.
        target: u8,
        /// The range, cm.
        range: f32,
    },
    /// The attack dice were rolled.
    Rolled {
        /// The dice.
        dice: Vec<Die>,
    },
    /// The attack hit.
    Hit {
        /// The target.
        target: u8,
        /// Damage dealt.
        damage: u8,
    },
    /// The attack missed: the sum exceeded the attacker's Force.
    Missed {
        /// The sum rolled.
        sum: u8,
        /// The attacker's Force.
        force: u8,
    },
    /// A figure was defeated and removed.
    Defeated {
        /// The figure.
        figure: u8,
    },
    /// A player gained a prep token.
    Prepared {
        /// Who.
        seat: Seat,
    },
    /// A prep token was spent.
    Spent {
        /// Who.
        seat: Seat,
        /// On what.
        on: PrepUse,
    },
    /// An activation ended.
    Ended {
        /// The figure.
        figure: u8,
    },
    /// A figure used an ability (the foraged die it paid with, if any).
    Used {
        /// The figure.
        figure: u8,
        /// The ability's slot.
        slot: u8,
        /// The foraged die spent or used.
        die: Option<Die>,
    },
    /// A Defend die took its value off the damage about to be dealt.
    Defended {
        /// The defending figure.
        figure: u8,
        /// The ability's slot.
        slot: u8,
        /// The die's value (after a reroll, the new value).
        value: u8,
        /// The die was rerolled.
        rerolled: bool,
    },
    /// L7: damage to a friendly figure was cancelled by lowering a die.
    Negated {
        /// The figure with L7.
        by: u8,
        /// The figure spared.
        target: u8,
        /// Damage cancelled.
        amount: u8,
    },
    /// A resist roll was made.
    ResistRolled {
        /// The resisting figure.
        figure: u8,
        /// The dice.
        dice: Vec<Die>,
        /// The resist roll: the sum (0 if it exceeded Force) plus the modifier.
        total: i16,
        /// The value it had to beat.
        against: u8,
    },
    /// The ability had no effect on this figure: it resisted.
    Resisted {
        /// The figure.
        figure: u8,
    },
    /// A figure cannot move on its next activation.
    Immobilized {
        /// The figure.
        figure: u8,
    },
    /// A figure may move again (its Immobilize is over or ignored).
    Freed {
        /// The figure.
        figure: u8,
    },
    /// A figure may never move by its own actions again.
    Immobile {
        /// The figure.
        figure: u8,
    },
    /// A figure lost an action.
    ActionLost {
        /// The figure.
        figure: u8,
    },
    /// A figure gained an action.
    ActionGained {
        /// The figure.
        figure: u8,
    },
    /// Damage was removed from a figure.
    Healed {
        /// The figure.
        figure: u8,
        /// Damage removed.
        amount: u8,
    },
    /// A mine was laid.
    MineLaid {
        /// Its number.
        mine: u8,
        /// Who laid it.
        figure: u8,
        /// The die.
        die: Die,
        /// Where.
        at: Pos,
        /// It goes off by itself.
        passive: bool,
    },
    /// A mine went off.
    MineDetonated {
        /// Its number.
        mine: u8,
        /// Where it was.
        at: Pos,
    },
    /// A figure was pushed or pulled.
    Pushed {
        /// The figure moved.
        figure: u8,
        /// The figure using the ability.
        by: u8,
        /// Where it was.
        from: Pos,
        /// Where it stopped.
        to: Pos,
        /// Pulled toward `by` (or pushed away).
        pull: bool,
        /// Stopped short of the die's distance by terrain, a base or the edge.
        short: bool,
    },
    /// The gate was pushed or pulled (L3).
    GateMoved {
        /// The figure using the ability.
        by: u8,
        /// Where the gate's centre was.
        from: Pos,
        /// Where it is now.
        to: Pos,
    },
    /// One foraged die was lowered and another raised (T10, L6).
    Shifted {
        /// The figure whose die was lowered.
        lowered: u8,
        /// That die, as it shows now.
        low: Die,
        /// The figure whose die was raised.
        raised: u8,
        /// That die, as it shows now.
        high: Die,
    },
    /// A prep token was taken from a player.
    Stole {
        /// The figure that took it.
        by: u8,
        /// The player who lost it.
        from: Seat,
    },
    /// Spray damage around a figure.
    Spray {
        /// The damaged figure.
        around: u8,
        /// Damage to each figure within reach.
        damage: u8,
    },
    /// A move stopped at a waypoint because what was left of it was no
    /// longer clear.
    MoveStopped {
        /// The figure.
        figure: u8,
        /// Where it stopped.
        at: Pos,
    },
    /// The game ended.
    GameOver {
        /// Figures touching the gate, P1 and P2.
        touching: [u8; 2],
        /// Their spec points, P1 and P2.
        points: [u32; 2],
        /// The winner, if any.
        winner: Option<Seat>,
    },
}
