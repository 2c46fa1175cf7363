//! The state of an E'thia Worlds adventure: the leaders and their cards, the
//! enemies, the objects still on the map, where the round stands, and the
//! pending work on the shared resolution core (`arbiter_core::resolve`): the
//! enemies' steps, the consequences of diplomacy and the strike in progress,
//! as frames on a stack whose top runs (or waits) first.

use super::card::{Bonus, Element, LeaderCard, LeaderType, Relic};
use super::quest::EnemyKind;
use arbiter_core::Seat;
use arbiter_core::resolve::Pending;
use arbiter_geometry::{Cell, CellSet, Walls};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Whether a leader is in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Status {
    /// On the board and conscious.
    Active,
    /// Fell below 0 hit points; `fails` resurrection attempts have failed.
    Unconscious {
        /// Failed resurrection attempts so far.
        fails: u8,
    },
    /// Captured by the enemy and removed.
    Captured,
    /// Left the map from its start square.
    Escaped,
}

/// A leader on the adventure.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Leader {
    /// The card: name, type, element, tokens and items.
    pub card: LeaderCard,
    /// The player who commands it.
    pub seat: Seat,
    /// Its square.
    pub at: Cell,
    /// Its start (and escape) square.
    pub start: Cell,
    /// Hit points: from the maximum down to 0; below 0 it falls unconscious.
    pub hp: i8,
    /// In play or not.
    pub status: Status,
    /// Heals used this game (two allowed).
    pub heals: u8,
    /// Has had its turn this leader round.
    pub played: bool,
    /// Was resurrected this round: waits for the next leader round.
    pub woke: bool,
    /// Water: movement re-rolls left this turn.
    pub water_left: u8,
    /// Fire: attack re-rolls left this round.
    pub fire_left: u8,
    /// Earth: defence re-rolls left this enemy round.
    pub earth_left: u8,
    /// A charm relic's +1 is ready (once from one of its turns to the next).
    pub charm_ready: bool,
    /// Attack elixir (+2) active until its next turn.
    pub attack_boost: bool,
    /// Defense elixir (+2) active until its next turn.
    pub defense_boost: bool,
    /// Speed elixir (+2) active this turn.
    pub speed_boost: bool,
    /// The Coyote's Favour has been used this game (once per game; ruling W13).
    #[serde(default)]
    pub favour_used: bool,
}

impl Leader {
    /// Maximum hit points: 3, +1 per Vitality relic.
    pub fn max_hp(&self) -> i8 {
        3 + self.card.relics.iter().filter(|r| **r == Relic::Vitality).count() as i8
    }
    /// Attack range: 3, +1 for Wind, +1 per Reach relic.
    pub fn range(&self) -> u32 {
        3 + u32::from(self.card.element == Element::Wind)
            + self.card.relics.iter().filter(|r| **r == Relic::Reach).count() as u32
    }
    /// Actions per turn at most: 3, +1 per Haste relic.
    pub fn action_cap(&self) -> u8 {
        3 + self.card.relics.iter().filter(|r| **r == Relic::Haste).count() as u8
    }
    /// Permanent bonus to a kind of roll from relics.
    pub fn relic_bonus(&self, b: Bonus) -> i8 {
        let r = match b {
            Bonus::Attack => Relic::Might,
            Bonus::Defense => Relic::Guard,
            Bonus::Movement => Relic::Swiftness,
            Bonus::Range => Relic::Reach,
        };
        self.card.relics.iter().filter(|x| **x == r).count() as i8
    }
    /// True if the leader holds a charm for this kind of roll, ready to use.
    pub fn charm(&self, b: Bonus) -> bool {
        self.charm_ready && self.card.relics.contains(&Relic::Charm(b))
    }
    /// True if conscious and on the board.
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }
    /// True if on the board (conscious or not).
    pub fn on_board(&self) -> bool {
        matches!(self.status, Status::Active | Status::Unconscious { .. })
    }
    /// True if it has a leader type's bonus.
    pub fn is(&self, t: LeaderType) -> bool {
        self.card.is(t)
    }
}

/// An enemy unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Enemy {
    /// Close quarters, ranged or boss.
    pub kind: EnemyKind,
    /// Its square.
    pub at: Cell,
    /// Hit points (the boss; others fall to one hit).
    pub hp: i8,
    /// Captured and gone.
    pub gone: bool,
    /// A leader came into its sight this leader round.
    pub alerted: bool,
    /// A leader attacked it this leader round.
    pub marked: bool,
    /// Attacked and not captured by the end of the leader round.
    pub hostile: bool,
    /// Leaders already in its sight when the leader round began (bit per leader).
    pub seen: u8,
}

/// A capture attempt in progress, by a leader or against one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Strike {
    /// The leader involved.
    pub leader: u8,
    /// The enemy involved.
    pub enemy: u8,
    /// The leader attacks (true) or defends (false).
    pub by_leader: bool,
    /// Close combat (3 dice) or ranged (2 dice).
    pub close: bool,
    /// The attacker's dice (unused are 0).
    pub attack: [u8; 3],
    /// The defender's die.
    pub defence: u8,
    /// Charm +1 spent on this strike.
    pub charmed: bool,
    /// The leader's element re-rolls may be used (not in the alerted/hostile phase).
    pub element_ok: bool,
    /// Where the strike stands: its dice, the leader's window, or a re-roll.
    pub step: StrikeStep,
}

/// Where a strike stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum StrikeStep {
    /// Chance: the attacker's dice and the defender's die.
    Roll,
    /// After the dice: the leader's re-rolls and bonuses, or resolve.
    Window,
    /// Chance: re-rolling the leader's dice.
    Reroll {
        /// Keep the higher (Quickening) or replace (element re-roll).
        keep_higher: bool,
    },
}

impl Strike {
    /// The attacker's best die.
    pub fn best(&self) -> u8 {
        self.attack.iter().copied().max().unwrap_or(0)
    }
}

/// A task that needs a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "task", content = "at")]
pub enum Task {
    /// Search the chest on a square.
    Search(Cell),
    /// Disarm the trap on a square.
    Disarm(Cell),
    /// Pick the lock on a square.
    Pick(Cell),
    /// Diplomacy with the boss.
    Parley,
    /// Resurrect the leader with this number.
    Revive(u8),
    /// The relic attempt from a chest's 6.
    RelicTry,
}

/// One step of pending work, on the state's [`Pending`] stack: the top runs
/// first. Some run at once when they reach the top (an enemy's sub-round
/// checks whether it is in range and, if so, asks for its roll); the others
/// wait there for the party's choice, a leader player's decision or dice, and
/// are answered by that decision (see `Resolve for EthiaWorlds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "frame")]
pub enum Frame {
    /// Runs: the end of the leader round — hostility, then the
    /// alerted/hostile phase and the enemy round are scheduled.
    LeaderRoundOver,
    /// Runs: one ranged attack from an alerted enemy on a leader the players choose.
    AlertAttack {
        /// The alerted enemy.
        enemy: u8,
    },
    /// Runs: a hostile enemy moves beside a leader and attacks once.
    HostileAttack {
        /// The hostile enemy.
        enemy: u8,
    },
    /// Runs: a ranged enemy's sub-round (its action roll if a leader is in range).
    RangedTurn {
        /// The enemy.
        enemy: u8,
    },
    /// Runs: one attack by a ranged enemy (or the boss) on a leader the players choose.
    Volley {
        /// The enemy.
        enemy: u8,
        /// Only leaders in range 3 may be chosen.
        in_range: bool,
    },
    /// Runs: a close-quarters enemy moves beside a leader in reach.
    CloseMove {
        /// The enemy.
        enemy: u8,
    },
    /// Runs: the close-quarters enemies' shared action roll, if any can fight.
    CloseTurn,
    /// Runs: one close attack; the players pick an enemy beside a leader.
    CloseAttack,
    /// Runs: the boss's sub-round (its action roll if a leader is in range).
    BossTurn {
        /// The boss.
        enemy: u8,
    },
    /// Runs: a failed diplomacy — the boss makes one ranged attack on this leader.
    Rebuke {
        /// The boss.
        enemy: u8,
        /// The leader.
        leader: u8,
    },
    /// Runs: the leader's action is resolved; its turn goes on while actions
    /// remain and it stands, or ends.
    ResumeTurn,
    /// Runs: the free-shot elixir's strike is resolved; the leader's turn
    /// start goes on.
    ShotFired {
        /// The leader.
        leader: u8,
    },
    /// Runs: the end of the round — flags cleared, the next round begins.
    RoundOver,
    /// Waits for the party: which leader an enemy attacks.
    Aim {
        /// The enemy.
        enemy: u8,
        /// Close combat (the enemy is beside the target) or ranged.
        close: bool,
        /// Only leaders within range 3 may be chosen.
        in_range: bool,
        /// The defender may use element re-rolls (the enemy round).
        element_ok: bool,
    },
    /// Waits for the party: where an enemy moves (beside a leader).
    Place {
        /// The enemy.
        enemy: u8,
        /// It attacks the leader it ends beside (hostile) or just moves (close quarters).
        then_attack: bool,
    },
    /// Waits for dice: an enemy's action roll.
    EnemyRoll {
        /// The enemy (for the close-quarters' shared roll, the first of them).
        enemy: u8,
        /// Whose roll: ranged, shared close, or boss.
        kind: EnemyKind,
    },
    /// Waits for the party: which close-quarters enemy attacks which leader.
    Pair,
    /// Waits for the leader's player: after a successful diplomacy, the
    /// leader picks a 10-token elixir (passed over if it left the board).
    Gift {
        /// The leader.
        leader: u8,
    },
    /// Waits for dice or for the leader's player: a capture attempt.
    Strike(Strike),
}

/// Where the round stands: whose decision, or which roll, when nothing is
/// pending. While frames are pending (an enemy's step, a strike, diplomacy's
/// consequences), the top frame says who decides, and the phase is where the
/// round stands beneath them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before the quest, a leader shops at the Smokey Cauldron.
    Shop {
        /// The leader.
        leader: u8,
    },
    /// Chance: the boss's call roll before the leader round.
    CallRoll,
    /// The players place a called enemy beside a leader.
    CallPlace {
        /// Enemies still to place.
        left: u8,
    },
    /// The players choose which leader takes the next turn.
    ChooseLeader,
    /// A leader's turn begins: elixirs, then roll, heal or resurrect.
    TurnStart {
        /// The leader.
        leader: u8,
    },
    /// The tunnel elixir: which wall to slip through.
    TunnelDir {
        /// The leader.
        leader: u8,
    },
    /// The free-shot elixir: which enemy to shoot.
    FreeShot {
        /// The leader.
        leader: u8,
    },
    /// Chance: the action roll.
    ActionRoll {
        /// The leader.
        leader: u8,
    },
    /// The leader takes an action or ends the turn.
    Act {
        /// The leader.
        leader: u8,
    },
    /// Chance: the move roll (or a Water re-roll).
    MoveRoll {
        /// The leader.
        leader: u8,
        /// The roll so far (a re-roll keeps the higher); 0 before the first.
        kept: u8,
    },
    /// After the move roll: re-roll (Water), add the charm, or go.
    MoveChoice {
        /// The leader.
        leader: u8,
        /// Squares it may move.
        roll: u8,
    },
    /// Moving one square at a time.
    Step {
        /// The leader.
        leader: u8,
        /// Squares left.
        left: u8,
    },
    /// Chance: a task's 1d6.
    TaskRoll {
        /// The leader.
        leader: u8,
        /// The task.
        task: Task,
    },
    /// A chest's 6 in the Kingdom of Coyote: elixirs or a relic attempt.
    ChestSix {
        /// The leader.
        leader: u8,
    },
    /// Pick an elixir as a reward.
    PickElixir {
        /// The leader.
        leader: u8,
        /// Elixirs still to pick.
        left: u8,
        /// Their price tier: 5 or 10 tokens.
        tier: u8,
    },
    /// Choose what a won charm relic boosts.
    CharmType {
        /// The leader.
        leader: u8,
    },
    /// Trading with an adjacent leader.
    Trade {
        /// The leader whose turn it is.
        leader: u8,
        /// The partner.
        partner: u8,
        /// What has moved from the leader to the partner in this trade: bit 0
        /// for tokens, `Item::bit() << 1` for items. Nothing moves back within
        /// one trade (ruling W15), so every trade ends.
        given: u32,
        /// What has moved from the partner to the leader in this trade.
        got: u32,
    },
    /// Chance: each leader rolls for the boss's reward relic.
    RewardRolls,
    /// Chance: after its use, is the Coyote's Favour kept (ruling W13)?
    FavourKeep {
        /// The leader holding it, whose turn goes on.
        leader: u8,
    },
    /// The alerted/hostile phase and the enemy round: the pending frames say
    /// what happens next and who decides.
    Enemies,
    /// The adventure is over.
    Over,
}

/// How an adventure ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum WorldsEnding {
    /// The quest's boss was captured.
    Won,
    /// No leader was left standing.
    Lost,
    /// Every remaining leader escaped.
    Escaped,
    /// The round limit was reached.
    RoundLimit,
}

impl WorldsEnding {
    /// How the adventure ended, in words for people.
    pub fn words(self) -> &'static str {
        match self {
            WorldsEnding::Won => "the quest is won",
            WorldsEnding::Lost => "no leader is left standing: the quest is lost",
            WorldsEnding::Escaped => "every leader left the map",
            WorldsEnding::RoundLimit => "the round limit was reached",
        }
    }
}

/// An adventure in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct WorldsState {
    /// The leaders, numbered from 1 in notation.
    pub leaders: Vec<Leader>,
    /// The enemies, in quest order (placed ones at the end).
    pub enemies: Vec<Enemy>,
    /// Walls.
    pub walls: Walls,
    /// Chests still closed.
    pub chests: CellSet,
    /// Striking traps still armed.
    pub striking: CellSet,
    /// Blocking traps still armed.
    pub blocking: CellSet,
    /// Locks still closed.
    pub locks: CellSet,
    /// The round, from 1.
    pub round: u16,
    /// Where the round stands beneath the pending work.
    pub phase: Phase,
    /// Pending work, top first: enemy steps, diplomacy's consequences, the
    /// strike in progress.
    pub pending: Pending<Frame>,
    /// The leader whose turn it is.
    pub turn_of: Option<u8>,
    /// Actions left in that turn.
    pub actions_left: u8,
    /// The boss was pacified by diplomacy.
    pub pacified: bool,
    /// Diplomacy failed once and is closed.
    pub parley_closed: bool,
    /// A leader has attacked the boss.
    pub boss_attacked: bool,
    /// How it ended.
    pub ending: Option<WorldsEnding>,
}

impl WorldsState {
    /// Squares of enemies still on the board.
    pub fn enemy_squares(&self) -> CellSet {
        self.enemies.iter().filter(|e| !e.gone).fold(CellSet::EMPTY, |s, e| s | CellSet::single(e.at))
    }
    /// Squares of conscious leaders.
    pub fn leader_squares(&self) -> CellSet {
        self.leaders.iter().filter(|l| l.active()).fold(CellSet::EMPTY, |s, l| s | CellSet::single(l.at))
    }
    /// The enemy standing on a square.
    pub fn enemy_at(&self, c: Cell) -> Option<u8> {
        self.enemies.iter().position(|e| !e.gone && e.at == c).map(|i| i as u8)
    }
    /// The conscious leader standing on a square.
    pub fn leader_at(&self, c: Cell) -> Option<u8> {
        self.leaders.iter().position(|l| l.active() && l.at == c).map(|i| i as u8)
    }
    /// Squares holding objects that stop movement and lines: chests, blocking
    /// traps, locks and striking traps.
    pub fn objects(&self) -> CellSet {
        self.chests | self.blocking | self.locks | self.striking
    }
    /// The strike waiting on top of the pending work, if any.
    pub fn strike(&self) -> Option<&Strike> {
        match self.pending.top() {
            Some(Frame::Strike(k)) => Some(k),
            _ => None,
        }
    }
}
