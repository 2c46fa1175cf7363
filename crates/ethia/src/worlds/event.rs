//! Events of an E'thia Worlds adventure, in plain words. Leaders are numbered
//! from 1 and enemies from 1 in quest order.

use super::card::{Elixir, Relic};
use super::state::{Task, WorldsEnding};
use crate::event::At;
use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum WorldsEvent {
    /// A round began.
    RoundBegan {
        /// The round.
        round: u16,
    },
    /// The boss's call was rolled.
    CallRolled {
        /// The die.
        roll: u8,
        /// Whether enemies come.
        answered: bool,
    },
    /// An enemy moved.
    EnemyMoved {
        /// The enemy (0-based).
        enemy: u8,
        /// Where.
        to: At,
    },
    /// An enemy answering the boss's call was placed on the board.
    Called {
        /// The enemy (0-based).
        enemy: u8,
        /// Where.
        at: At,
    },
    /// A leader's turn began.
    TurnBegan {
        /// The leader (0-based).
        leader: u8,
    },
    /// A leader rolled for actions.
    ActionsRolled {
        /// The leader.
        leader: u8,
        /// The die.
        roll: u8,
        /// Actions it may use.
        actions: u8,
    },
    /// A leader drank an elixir.
    Drank {
        /// The leader.
        leader: u8,
        /// The elixir.
        elixir: Elixir,
    },
    /// A leader healed every hit point, forfeiting its turn.
    Healed {
        /// The leader.
        leader: u8,
    },
    /// A leader rolled for a move.
    MoveRolled {
        /// The leader.
        leader: u8,
        /// Squares it may move.
        roll: u8,
    },
    /// A leader stepped.
    Stepped {
        /// The leader.
        leader: u8,
        /// Where to.
        to: At,
    },
    /// A capture attempt's dice and result.
    Struck {
        /// The leader involved.
        leader: u8,
        /// The enemy involved.
        enemy: u8,
        /// The leader attacked (true) or defended.
        by_leader: bool,
        /// The attacker's best die with bonuses.
        attack: i8,
        /// The defender's die with bonuses.
        defence: i8,
        /// What happened, in words.
        result: &'static str,
    },
    /// An enemy was captured.
    Captured {
        /// The enemy.
        enemy: u8,
        /// By which leader.
        by: u8,
    },
    /// The boss lost a hit point.
    BossHit {
        /// Hit points left.
        hp: i8,
    },
    /// A leader lost hit points.
    Hurt {
        /// The leader.
        leader: u8,
        /// Hit points now.
        hp: i8,
    },
    /// A leader fell unconscious.
    Unconscious {
        /// The leader.
        leader: u8,
    },
    /// A leader was captured by the enemy.
    LeaderCaptured {
        /// The leader.
        leader: u8,
    },
    /// A leader was resurrected.
    Resurrected {
        /// The leader.
        leader: u8,
    },
    /// An enemy noticed a leader.
    Alerted {
        /// The enemy.
        enemy: u8,
    },
    /// An enemy attacked and not captured turned hostile.
    Hostile {
        /// The enemy.
        enemy: u8,
    },
    /// A task's roll.
    TaskRolled {
        /// The leader.
        leader: u8,
        /// The task.
        task: Task,
        /// The die with bonuses.
        roll: u8,
        /// Whether it succeeded.
        success: bool,
    },
    /// A leader gained tokens.
    Tokens {
        /// The leader.
        leader: u8,
        /// How many.
        amount: u32,
    },
    /// A leader gained an elixir.
    GotElixir {
        /// The leader.
        leader: u8,
        /// The elixir.
        elixir: Elixir,
    },
    /// A leader gained a relic.
    GotRelic {
        /// The leader.
        leader: u8,
        /// The relic.
        relic: Relic,
    },
    /// Diplomacy pacified the boss.
    Pacified,
    /// Diplomacy failed; no more attempts.
    Rebuffed,
    /// An enemy rolled for its actions.
    EnemyActions {
        /// The enemy.
        enemy: u8,
        /// Attacks it makes.
        attacks: u8,
    },
    /// A leader left the map.
    Escaped {
        /// The leader.
        leader: u8,
    },
    /// After the Coyote's Favour was used: the keep roll.
    FavourKept {
        /// The leader holding it.
        leader: u8,
        /// The roll.
        roll: u8,
        /// Kept for another game, or destroyed.
        kept: bool,
    },
    /// The adventure ended.
    AdventureOver {
        /// How.
        ending: WorldsEnding,
    },
}

/// "1 action", "2 actions": a count with its noun, singular or plural.
fn count(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

impl fmt::Display for WorldsEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WorldsEvent::*;
        let l = |i: &u8| format!("leader {}", i + 1);
        let e = |i: &u8| format!("enemy {}", i + 1);
        match self {
            RoundBegan { round } => write!(f, "round {round} begins"),
            CallRolled { roll, answered: true } => write!(f, "the call is rolled: {roll} — the call is answered!"),
            CallRolled { roll, answered: false } => write!(f, "the call is rolled: {roll} — nothing comes"),
            EnemyMoved { enemy, to } => write!(f, "{} moves to {to}", e(enemy)),
            Called { enemy, at } => write!(f, "{} answers the call on {at}", e(enemy)),
            TurnBegan { leader } => write!(f, "{}'s turn", l(leader)),
            ActionsRolled { leader, roll, actions } => {
                write!(f, "{} rolls {roll}: {}", l(leader), count(*actions, "action"))
            }
            Drank { leader, elixir } => write!(f, "{} drinks a {} elixir", l(leader), elixir.name()),
            Healed { leader } => write!(f, "{} rests and heals every hit point", l(leader)),
            MoveRolled { leader, roll } => write!(f, "{} may move {roll}", l(leader)),
            Stepped { leader, to } => write!(f, "{} steps to {to}", l(leader)),
            Struck { leader, enemy, by_leader: true, attack, defence, result } => {
                write!(f, "{} attacks {}: {attack} against {defence} — {result}", l(leader), e(enemy))
            }
            Struck { leader, enemy, by_leader: false, attack, defence, result } => {
                write!(f, "{} attacks {}: {attack} against {defence} — {result}", e(enemy), l(leader))
            }
            Captured { enemy, by } => write!(f, "{} is captured by {}", e(enemy), l(by)),
            BossHit { hp } => write!(f, "the boss is hit ({hp} hit points left)"),
            Hurt { leader, hp } => write!(f, "{} is hurt ({hp} hit points left)", l(leader)),
            Unconscious { leader } => write!(f, "{} falls unconscious", l(leader)),
            LeaderCaptured { leader } => write!(f, "{} is captured by the enemy", l(leader)),
            Resurrected { leader } => write!(f, "{} is resurrected at full health", l(leader)),
            Alerted { enemy } => write!(f, "{} is alerted", e(enemy)),
            Hostile { enemy } => write!(f, "{} turns hostile", e(enemy)),
            TaskRolled { leader, task, roll, success } => write!(
                f,
                "{} rolls {roll} to {} — {}",
                l(leader),
                match task {
                    Task::Search(_) => "search a chest",
                    Task::Disarm(_) => "disarm a trap",
                    Task::Pick(_) => "pick a lock",
                    Task::Parley => "talk to the boss",
                    Task::Revive(_) => "resurrect a friend",
                    Task::RelicTry => "find a relic",
                },
                if *success { "success" } else { "failure" }
            ),
            Tokens { leader, amount } => write!(f, "{} gains {}", l(leader), count(*amount, "truth token")),
            GotElixir { leader, elixir } => write!(f, "{} gains a {} elixir", l(leader), elixir.name()),
            GotRelic { leader, relic } => write!(f, "{} gains the relic {}", l(leader), relic.name()),
            Pacified => f.write_str("the boss is pacified: one more hit will defeat him"),
            Rebuffed => f.write_str("the boss is not amused: every leader must defend"),
            EnemyActions { enemy, attacks } => write!(f, "{} rolls for {}", e(enemy), count(*attacks, "attack")),
            Escaped { leader } => write!(f, "{} escapes the map", l(leader)),
            FavourKept { leader, roll, kept: true } => {
                write!(f, "{} rolls {roll}: the Coyote's Favour is safe for another game", l(leader))
            }
            FavourKept { leader, roll, kept: false } => {
                write!(f, "{} rolls {roll}: the Coyote's Favour crumbles to dust", l(leader))
            }
            AdventureOver { ending } => write!(f, "the adventure ends: {}", ending.words()),
        }
    }
}

#[cfg(test)]
mod words {
    use super::WorldsEvent;

    /// Issue 15: the log is written for people — "1 action", "2 truth tokens",
    /// never "action(s)".
    #[test]
    fn counts_say_singular_or_plural() {
        let one = WorldsEvent::ActionsRolled { leader: 0, roll: 2, actions: 1 }.to_string();
        let two = WorldsEvent::ActionsRolled { leader: 0, roll: 5, actions: 2 }.to_string();
        assert_eq!(one, "leader 1 rolls 2: 1 action");
        assert_eq!(two, "leader 1 rolls 5: 2 actions");
        assert_eq!(WorldsEvent::Tokens { leader: 1, amount: 1 }.to_string(), "leader 2 gains 1 truth token");
        assert_eq!(WorldsEvent::Tokens { leader: 1, amount: 3 }.to_string(), "leader 2 gains 3 truth tokens");
        assert_eq!(WorldsEvent::EnemyActions { enemy: 0, attacks: 1 }.to_string(), "enemy 1 rolls for 1 attack");
        assert_eq!(WorldsEvent::EnemyActions { enemy: 0, attacks: 2 }.to_string(), "enemy 1 rolls for 2 attacks");
    }

    /// Issue 15: the end is said in words, not as the program's name for it
    /// ("RoundLimit").
    #[test]
    fn the_end_is_said_in_words() {
        use super::super::state::WorldsEnding;
        let end = |ending| WorldsEvent::AdventureOver { ending }.to_string();
        assert_eq!(end(WorldsEnding::RoundLimit), "the adventure ends: the round limit was reached");
        assert_eq!(end(WorldsEnding::Lost), "the adventure ends: no leader is left standing: the quest is lost");
        assert_eq!(end(WorldsEnding::Escaped), "the adventure ends: every leader left the map");
        assert_eq!(end(WorldsEnding::Won), "the adventure ends: the quest is won");
    }
}
