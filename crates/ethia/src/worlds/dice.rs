//! The dice of an E'thia Worlds adventure, labelled for the moment: whose roll
//! it is and what it decides ("Coyote 2 attacks Aurora Thorne in close combat:
//! 3d6 (attack), 1d6 (defence)"), so that players rolling real dice know which
//! die is whose. The number and sides of the dice are the rules'; the words
//! are only for people. Play-outs and search ask for dice at every chance
//! node, so a request builds at most one string (its purpose), written
//! straight from the names, and the dice keep fixed labels — except the
//! reward roll at the end of a won quest, whose dice each name their leader.

use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, Strike, StrikeStep, Task, WorldsState};
use arbiter_core::DiceRequest;
use std::fmt;

/// A leader or an enemy named for people, written without building a string.
enum Who<'a> {
    /// By a name alone (a leader's card, the boss).
    Named(&'a str),
    /// By a name and a number from 1 ("Coyote 2").
    Numbered(&'a str, u16),
}

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Named(name) => f.write_str(name),
            Who::Numbered(name, n) => write!(f, "{name} {n}"),
        }
    }
}

impl EthiaWorlds {
    /// The dice to roll now: those the frame on top of the pending work waits
    /// for, or else those of the phase; none when no dice are due.
    pub(crate) fn dice_request(&self, s: &WorldsState) -> DiceRequest {
        match s.pending.top() {
            Some(&Frame::EnemyRoll { enemy, kind }) => return self.enemy_dice(s, enemy, kind),
            Some(Frame::Strike(k)) => return self.strike_dice(s, k),
            Some(_) => return DiceRequest::new(),
            None => {}
        }
        let d6 = |label: &'static str, purpose: String| DiceRequest::new().with(6, label).for_purpose(purpose);
        match s.phase {
            Phase::CallRoll => {
                let call = self.quest.boss.as_ref().and_then(|b| b.call.as_ref());
                match call {
                    Some(c) => d6("call", format!("the {} (answered on {} or less)", c.name, c.on)),
                    None => DiceRequest::new().with(6, "call"),
                }
            }
            Phase::ActionRoll { leader } => d6("actions", format!("{}'s action roll", self.leader_called(s, leader))),
            Phase::MoveRoll { leader, kept: 0 } => d6("move", format!("{}'s move roll", self.leader_called(s, leader))),
            Phase::MoveRoll { leader, kept } => d6(
                "move",
                format!("{}'s move re-roll (the higher of it and {kept} is kept)", self.leader_called(s, leader)),
            ),
            Phase::TaskRoll { leader, task } => {
                d6("task", format!("{}'s roll to {}", self.leader_called(s, leader), self.task_words(s, task)))
            }
            Phase::FavourKeep { leader } => {
                d6("keep", format!("{}'s roll to keep the Coyote's Favour", self.leader_called(s, leader)))
            }
            Phase::RewardRolls => {
                // One die per leader on the board, in leader order: each says whose it is.
                let mut request = DiceRequest::new().for_purpose("the reward relic: each leader rolls for it");
                for l in s.leaders.iter().filter(|l| l.on_board()) {
                    request = request.with(6, format!("{}'s die", l.card.name));
                }
                request
            }
            _ => DiceRequest::new(),
        }
    }

    /// An enemy's action roll: one die for a ranged unit or the boss, one
    /// shared by the close-quarters units.
    fn enemy_dice(&self, s: &WorldsState, enemy: u8, kind: EnemyKind) -> DiceRequest {
        let purpose = match kind {
            EnemyKind::Close => format!("the {}s' shared action roll", self.quest.close.name),
            EnemyKind::Ranged | EnemyKind::Boss => format!("{}'s action roll", self.enemy_called(s, enemy)),
        };
        DiceRequest::new().with(6, "enemy actions").for_purpose(purpose)
    }

    /// A strike's dice — the attacker's (three in close combat, two at range)
    /// and the defender's die — or the leader's re-roll of its own.
    fn strike_dice(&self, s: &WorldsState, k: &Strike) -> DiceRequest {
        let attack = if k.close { 3 } else { 2 };
        let (leader, enemy) = (self.leader_called(s, k.leader), self.enemy_called(s, k.enemy));
        let keeping = |keep_higher: bool| if keep_higher { ", keeping the higher" } else { "" };
        match k.step {
            StrikeStep::Roll => {
                let close = if k.close { " in close combat" } else { "" };
                let purpose = if k.by_leader {
                    format!("{leader} attacks {enemy}{close}")
                } else {
                    format!("{enemy} attacks {leader}{close}")
                };
                DiceRequest::new().with_many(attack, 6, "attack").with(6, "defence").for_purpose(purpose)
            }
            StrikeStep::Reroll { keep_higher } if k.by_leader => DiceRequest::new()
                .with_many(attack, 6, "attack")
                .for_purpose(format!("{leader} re-rolls the attack on {enemy}{}", keeping(keep_higher))),
            StrikeStep::Reroll { keep_higher } => DiceRequest::new()
                .with(6, "defence")
                .for_purpose(format!("{leader} re-rolls the defence against {enemy}{}", keeping(keep_higher))),
            StrikeStep::Window => DiceRequest::new(),
        }
    }

    /// A leader by its card's name.
    fn leader_called<'a>(&self, s: &'a WorldsState, leader: u8) -> Who<'a> {
        match s.leaders.get(usize::from(leader)) {
            Some(l) => Who::Named(&l.card.name),
            None => Who::Numbered("leader", u16::from(leader) + 1),
        }
    }

    /// An enemy by its quest's name and its number ("Coyote 2"); the boss by its name.
    fn enemy_called<'a>(&'a self, s: &WorldsState, enemy: u8) -> Who<'a> {
        let q = &self.quest;
        let n = u16::from(enemy) + 1;
        match s.enemies.get(usize::from(enemy)).map(|e| e.kind) {
            Some(EnemyKind::Boss) => Who::Named(q.boss.as_ref().map_or("the boss", |b| b.name.as_str())),
            Some(EnemyKind::Close) => Who::Numbered(&q.close.name, n),
            Some(EnemyKind::Ranged) => Who::Numbered(&q.ranged.name, n),
            None => Who::Numbered("enemy", n),
        }
    }

    /// What a task's roll tries to do.
    fn task_words<'a>(&'a self, s: &'a WorldsState, task: Task) -> TaskWords<'a> {
        TaskWords { rules: self, s, task }
    }
}

/// What a task's roll tries to do, in words ("search the chest on c7").
struct TaskWords<'a> {
    rules: &'a EthiaWorlds,
    s: &'a WorldsState,
    task: Task,
}

impl fmt::Display for TaskWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let q = &self.rules.quest;
        let at = |c| q.grid.name(c);
        match self.task {
            Task::Search(c) => write!(f, "search the chest on {}", at(c)),
            Task::Disarm(c) if self.s.striking.contains(c) => write!(f, "disarm the {} on {}", q.striking.name, at(c)),
            Task::Disarm(c) => write!(f, "disarm the {} on {}", q.blocking.name, at(c)),
            Task::Pick(c) => write!(f, "pick the {} on {}", q.lock.name, at(c)),
            Task::Parley => write!(f, "talk {} into peace", q.boss.as_ref().map_or("the boss", |b| b.name.as_str())),
            Task::Revive(t) => write!(f, "resurrect {}", self.rules.leader_called(self.s, t)),
            Task::RelicTry => f.write_str("find a relic in the chest"),
        }
    }
}
