//! Events of Skirmish and Battle, in plain words.

use crate::lines::Verdict;
use crate::state::{End, UnitKind};
use crate::variant::WallOption;
use arbiter_core::Seat;
use arbiter_geometry::{Cell, Grid};
use serde::{Serialize, Serializer};
use std::fmt;
use ts_rs::TS;

/// A square named for people (`c3`), cheap to copy into events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub struct At {
    /// File from 0.
    pub file: u8,
    /// Rank from 0.
    pub rank: u8,
}

impl At {
    /// The name of a square of a grid.
    pub fn of(grid: &Grid, c: Cell) -> At {
        At { file: grid.file(c) as u8, rank: grid.rank(c) as u8 }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, u32::from(self.rank) + 1)
    }
}

impl Serialize for At {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Something that happened. Squares are given by name (`c3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Players rolled a roll-off; `for_what` says which.
    RollOff {
        /// Wall choice or first turn.
        for_what: &'static str,
        /// Each seat's value; only seats in `who` rolled.
        rolls: [u8; 4],
        /// The seats that rolled (bit per seat).
        who: u8,
    },
    /// A roll-off was settled.
    RollOffWon {
        /// What it decided.
        for_what: &'static str,
        /// The player.
        seat: Seat,
    },
    /// The wall option was chosen.
    WallsChosen {
        /// By whom.
        by: Seat,
        /// Which.
        option: WallOption,
    },
    /// A wall was placed.
    WallPlaced {
        /// By whom (`None` for the fixed layout).
        by: Option<Seat>,
        /// The squares on either side of the wall.
        edge: (At, At),
    },
    /// A side's end was chosen.
    EndChosen {
        /// By whom.
        by: Seat,
        /// Their team's end.
        end: End,
    },
    /// A unit was placed.
    Deployed {
        /// The army.
        army: u8,
        /// Leader or squad.
        kind: UnitKind,
        /// Where.
        at: At,
    },
    /// An army's turn began with its action roll.
    TurnBegan {
        /// The army.
        army: u8,
        /// Its player.
        seat: Seat,
        /// Actions rolled.
        actions: u8,
    },
    /// The move roll for a chosen unit.
    MoveRolled {
        /// The unit.
        unit: At,
        /// Squares it may move.
        roll: u8,
    },
    /// A unit moved (possibly staying put).
    Moved {
        /// From.
        from: At,
        /// To.
        to: At,
    },
    /// A capture attempt and its dice.
    Attacked {
        /// The attacker.
        from: At,
        /// The target.
        to: At,
        /// Close combat (adjacent) or a ranged attack.
        close: bool,
        /// The attacker's dice (3 in close combat, 2 ranged; unused are 0).
        attack: [u8; 3],
        /// The defender's die.
        defence: u8,
        /// What happened.
        verdict: Verdict,
    },
    /// A unit was captured and removed.
    Captured {
        /// The army it belonged to.
        army: u8,
        /// Leader or squad.
        kind: UnitKind,
        /// Where.
        at: At,
    },
    /// An army lost its leader and leaves the game with all its units.
    ArmyOut {
        /// The army.
        army: u8,
    },
    /// The first round continues so the losing side may force a draw.
    DrawWindow {
        /// The team that has captured every enemy leader.
        leader_team: u8,
    },
    /// Battle: every unit stands on one board; the other is removed.
    BoardRemoved {
        /// The end whose board remains.
        kept: End,
    },
    /// The turn ended.
    TurnEnded {
        /// The army.
        army: u8,
    },
    /// The game ended.
    GameOver {
        /// The winning team, if any.
        team: Option<u8>,
        /// Why.
        reason: &'static str,
    },
}

fn army_name(army: u8) -> String {
    format!("army {}", army + 1)
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RollOff { for_what, rolls, who } => {
                let r: Vec<String> = (0..4u8)
                    .filter(|i| who & (1 << i) != 0)
                    .map(|i| format!("{} {}", Seat(i), rolls[usize::from(i)]))
                    .collect();
                write!(f, "roll-off for {for_what}: {}", r.join(", "))
            }
            Event::RollOffWon { for_what, seat } => write!(f, "{seat} wins the roll-off for {for_what}"),
            Event::WallsChosen { by, option } => write!(f, "{by} chooses {option:?} wall placement"),
            Event::WallPlaced { by: Some(s), edge } => write!(f, "{s} places a wall on {}|{}", edge.0, edge.1),
            Event::WallPlaced { by: None, edge } => write!(f, "a wall stands on {}|{}", edge.0, edge.1),
            Event::EndChosen { by, end } => write!(f, "{by}'s side starts at the {end:?} end"),
            Event::Deployed { army, kind, at } => write!(f, "{} places a {kind:?} on {at}", army_name(*army)),
            Event::TurnBegan { army, seat, actions } => {
                write!(
                    f,
                    "{seat} ({}) rolls {actions} action{}",
                    army_name(*army),
                    if *actions == 1 { "" } else { "s" }
                )
            }
            Event::MoveRolled { unit, roll } => write!(f, "the unit on {unit} may move {roll}"),
            Event::Moved { from, to } if from == to => write!(f, "the unit on {from} stays"),
            Event::Moved { from, to } => write!(f, "{from} moves to {to}"),
            Event::Attacked { from, to, close, attack, defence, verdict } => {
                let a: Vec<String> = attack.iter().filter(|&&v| v > 0).map(u8::to_string).collect();
                write!(
                    f,
                    "{from} attacks {to} ({}): {} against {defence} — {}",
                    if *close { "close combat" } else { "ranged" },
                    a.join(" "),
                    match verdict {
                        Verdict::TargetCaptured => "captured",
                        Verdict::AttackerCaptured => "the attacker is captured",
                        Verdict::Miss => "a miss",
                    }
                )
            }
            Event::Captured { army, kind, at } => write!(f, "{}'s {kind:?} on {at} is captured", army_name(*army)),
            Event::ArmyOut { army } => write!(f, "{} has lost its leader and leaves the board", army_name(*army)),
            Event::DrawWindow { leader_team } => write!(
                f,
                "team {} captured every enemy leader in the first round; the rest of the round may still force a draw",
                if *leader_team == 0 { "A" } else { "B" }
            ),
            Event::BoardRemoved { kept } => {
                write!(f, "every unit stands on one board: only the {kept:?} board remains")
            }
            Event::TurnEnded { army } => write!(f, "{} ends its turn", army_name(*army)),
            Event::GameOver { team: Some(t), reason } => {
                write!(f, "team {} wins: {reason}", if *t == 0 { "A" } else { "B" })
            }
            Event::GameOver { team: None, reason } => write!(f, "draw: {reason}"),
        }
    }
}
