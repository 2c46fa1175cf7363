//! The dice of an E'thia Worlds adventure, labelled for the moment: whose roll
//! it is and what it decides ("Coyote 2 attacks Aurora Thorne: 3d6 (Coyote 2's
//! attack), 1d6 (the defence die of Aurora Thorne)"), so that players rolling
//! real dice know which die is whose. The number and sides of the dice are the
//! rules'; the words are only for people.

use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, Strike, StrikeStep, Task, WorldsState};
use arbiter_core::DiceRequest;

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
        let leader = self.leader_called(s, k.leader);
        let enemy = self.enemy_called(s, k.enemy);
        let (attacker, defender) = if k.by_leader { (&leader, &enemy) } else { (&enemy, &leader) };
        let keeping = |keep_higher: bool| if keep_higher { ", keeping the higher" } else { "" };
        match k.step {
            StrikeStep::Roll => DiceRequest::new()
                .with_many(attack, 6, format!("{attacker}'s attack"))
                .with(6, format!("the defence die of {defender}"))
                .for_purpose(format!("{attacker} attacks {defender}{}", if k.close { " in close combat" } else { "" })),
            StrikeStep::Reroll { keep_higher } if k.by_leader => DiceRequest::new()
                .with_many(attack, 6, format!("{leader}'s attack"))
                .for_purpose(format!("{leader} re-rolls the attack on {enemy}{}", keeping(keep_higher))),
            StrikeStep::Reroll { keep_higher } => DiceRequest::new()
                .with(6, format!("the defence die of {leader}"))
                .for_purpose(format!("{leader} re-rolls the defence against {enemy}{}", keeping(keep_higher))),
            StrikeStep::Window => DiceRequest::new(),
        }
    }

    /// A leader by its card's name.
    fn leader_called(&self, s: &WorldsState, leader: u8) -> String {
        s.leaders.get(usize::from(leader)).map_or_else(|| format!("leader {}", leader + 1), |l| l.card.name.clone())
    }

    /// An enemy by its quest's name and its number ("Coyote 2"); the boss by its name.
    fn enemy_called(&self, s: &WorldsState, enemy: u8) -> String {
        let q = &self.quest;
        match s.enemies.get(usize::from(enemy)).map(|e| e.kind) {
            Some(EnemyKind::Boss) => q.boss.as_ref().map_or_else(|| "the boss".into(), |b| b.name.clone()),
            Some(EnemyKind::Close) => format!("{} {}", q.close.name, enemy + 1),
            Some(EnemyKind::Ranged) => format!("{} {}", q.ranged.name, enemy + 1),
            None => format!("enemy {}", enemy + 1),
        }
    }

    /// What a task's roll tries to do.
    fn task_words(&self, s: &WorldsState, task: Task) -> String {
        let q = &self.quest;
        let at = |c| q.grid.name(c);
        match task {
            Task::Search(c) => format!("search the chest on {}", at(c)),
            Task::Disarm(c) if s.striking.contains(c) => format!("disarm the {} on {}", q.striking.name, at(c)),
            Task::Disarm(c) => format!("disarm the {} on {}", q.blocking.name, at(c)),
            Task::Pick(c) => format!("pick the {} on {}", q.lock.name, at(c)),
            Task::Parley => {
                format!("talk {} into peace", q.boss.as_ref().map_or("the boss", |b| b.name.as_str()))
            }
            Task::Revive(t) => format!("resurrect {}", self.leader_called(s, t)),
            Task::RelicTry => "find a relic in the chest".into(),
        }
    }
}
