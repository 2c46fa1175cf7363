//! The dice of an E'thia Worlds adventure, labelled for the moment: whose roll
//! it is and what it decides ("Coyote 2 attacks Aurora Thorne in close combat:
//! 3d6 (attack), 1d6 (defence)"), so that players rolling real dice know which
//! die is whose. The number and sides of the dice are the rules'; the words
//! are only for people. Play-outs and search ask for dice at every chance
//! node (twice in a play-out: to roll and to check the roll), so a request
//! builds one string, its purpose, pushed piece by piece without the
//! formatting machinery, and the dice keep fixed labels — except the reward
//! roll at the end of a won quest, whose dice each name their leader.

use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, Strike, StrikeStep, Task, WorldsState};
use arbiter_core::DiceRequest;

/// A leader or an enemy named for people.
#[derive(Clone, Copy)]
enum Who<'a> {
    /// By a name alone (a leader's card, the boss).
    Named(&'a str),
    /// By a name and a number from 1 ("Coyote 2").
    Numbered(&'a str, u16),
}

/// A purpose's words, pushed into one string.
struct Words(String);

impl Words {
    fn new() -> Words {
        Words(String::with_capacity(64))
    }
    fn text(mut self, text: &str) -> Words {
        self.0.push_str(text);
        self
    }
    fn who(self, who: Who<'_>) -> Words {
        match who {
            Who::Named(name) => self.text(name),
            Who::Numbered(name, n) => self.text(name).text(" ").number(n),
        }
    }
    fn number(mut self, n: u16) -> Words {
        let mut digits = [0u8; 5];
        let (mut n, mut i) = (n, digits.len());
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.0.push(char::from(d));
        }
        self
    }
    fn done(self) -> String {
        self.0
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
        let d6 = |label: &'static str, purpose: Words| DiceRequest::new().with(6, label).for_purpose(purpose.done());
        let of = |leader: u8| Words::new().who(self.leader_called(s, leader));
        match s.phase {
            Phase::CallRoll => match self.quest.boss.as_ref().and_then(|b| b.call.as_ref()) {
                Some(c) => d6(
                    "call",
                    Words::new()
                        .text("the ")
                        .text(&c.name)
                        .text(" (answered on ")
                        .number(u16::from(c.on))
                        .text(" or less)"),
                ),
                None => DiceRequest::new().with(6, "call"),
            },
            Phase::ActionRoll { leader } => d6("actions", of(leader).text("'s action roll")),
            Phase::MoveRoll { leader, kept: 0 } => d6("move", of(leader).text("'s move roll")),
            Phase::MoveRoll { leader, kept } => d6(
                "move",
                of(leader).text("'s move re-roll (the higher of it and ").number(u16::from(kept)).text(" is kept)"),
            ),
            Phase::TaskRoll { leader, task } => d6("task", self.task_words(s, of(leader).text("'s roll to "), task)),
            Phase::FavourKeep { leader } => d6("keep", of(leader).text("'s roll to keep the Coyote's Favour")),
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
            EnemyKind::Close => Words::new().text("the ").text(&self.quest.close.name).text("s' shared action roll"),
            EnemyKind::Ranged | EnemyKind::Boss => Words::new().who(self.enemy_called(s, enemy)).text("'s action roll"),
        };
        DiceRequest::new().with(6, "enemy actions").for_purpose(purpose.done())
    }

    /// A strike's dice — the attacker's (three in close combat, two at range)
    /// and the defender's die — or the leader's re-roll of its own.
    fn strike_dice(&self, s: &WorldsState, k: &Strike) -> DiceRequest {
        let attack = if k.close { 3 } else { 2 };
        let (leader, enemy) = (self.leader_called(s, k.leader), self.enemy_called(s, k.enemy));
        let keeping = |keep_higher: bool| if keep_higher { ", keeping the higher" } else { "" };
        match k.step {
            StrikeStep::Roll => {
                let (attacker, defender) = if k.by_leader { (leader, enemy) } else { (enemy, leader) };
                let purpose = Words::new().who(attacker).text(" attacks ").who(defender).text(if k.close {
                    " in close combat"
                } else {
                    ""
                });
                DiceRequest::new().with_many(attack, 6, "attack").with(6, "defence").for_purpose(purpose.done())
            }
            StrikeStep::Reroll { keep_higher } if k.by_leader => {
                let purpose =
                    Words::new().who(leader).text(" re-rolls the attack on ").who(enemy).text(keeping(keep_higher));
                DiceRequest::new().with_many(attack, 6, "attack").for_purpose(purpose.done())
            }
            StrikeStep::Reroll { keep_higher } => {
                let purpose = Words::new()
                    .who(leader)
                    .text(" re-rolls the defence against ")
                    .who(enemy)
                    .text(keeping(keep_higher));
                DiceRequest::new().with(6, "defence").for_purpose(purpose.done())
            }
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

    /// What a task's roll tries to do ("search the chest on c7"), after `words`.
    fn task_words(&self, s: &WorldsState, words: Words, task: Task) -> Words {
        let q = &self.quest;
        let at = |c| q.grid.name(c);
        match task {
            Task::Search(c) => words.text("search the chest on ").text(&at(c)),
            Task::Disarm(c) => {
                let trap = if s.striking.contains(c) { &q.striking.name } else { &q.blocking.name };
                words.text("disarm the ").text(trap).text(" on ").text(&at(c))
            }
            Task::Pick(c) => words.text("pick the ").text(&q.lock.name).text(" on ").text(&at(c)),
            Task::Parley => {
                words.text("talk ").text(q.boss.as_ref().map_or("the boss", |b| b.name.as_str())).text(" into peace")
            }
            Task::Revive(t) => words.text("resurrect ").who(self.leader_called(s, t)),
            Task::RelicTry => words.text("find a relic in the chest"),
        }
    }
}
