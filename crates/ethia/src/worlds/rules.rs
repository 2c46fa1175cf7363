//! E'thia Worlds as a deterministic state machine: the rounds (leader round,
//! alerted/hostile phase, enemy round), who decides when, the dice, and how an
//! adventure ends. The leaders' decisions are in `leader.rs`, capture attempts
//! in `strike.rs`, the automated enemies in `enemies.rs`.
//!
//! Work that happens inside other work — the enemies' steps, a strike and its
//! re-roll window, diplomacy's gifts and rebukes — is pending on the shared
//! resolution core (`arbiter_core::resolve`): `EthiaWorlds` implements
//! `Resolve`, every decision and roll ends with `drive`, and `to_move` asks
//! `owed` (what the top frame waits for) before the phase.
//!
//! Every Players' Choice Rule decision (which leader goes next, which leader an
//! enemy attacks, where an enemy moves) belongs to the party: seat 1 decides
//! for the players (ruling W1). A leader's own decisions belong to the seat
//! commanding it.

use super::action::WorldsAction;
use super::card::{Element, LeaderCard};
use super::event::WorldsEvent;
use super::quest::{EnemyKind, Quest, built_in};
use super::state::{Enemy, Frame, Leader, Phase, Status, StrikeStep, WorldsEnding, WorldsState};
use arbiter_core::resolve::{Pending, Resolve, Wait, drive, owed};
use arbiter_core::{
    ConfigError, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat, ToMove, Viewer,
};
use arbiter_geometry::CellSet;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Settings of an adventure.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct WorldsVariant {
    /// A built-in quest's id.
    pub quest: String,
    /// A custom quest's whole file (TOML); overrides `quest`.
    pub quest_file: Option<String>,
    /// Leader cards; empty for the rulebook's four.
    pub party: Vec<LeaderCard>,
    /// Leaders on the board; 0 for the number the quest is built for.
    pub leaders: u8,
    /// Visit the Smokey Cauldron before the quest.
    pub shop: bool,
    /// The adventure ends after this many rounds (ruling W12).
    pub round_limit: u16,
}

impl Default for WorldsVariant {
    fn default() -> Self {
        WorldsVariant {
            quest: "kingdom-of-coyote".into(),
            quest_file: None,
            party: Vec::new(),
            leaders: 0,
            shop: true,
            round_limit: 40,
        }
    }
}

/// An E'thia Worlds adventure: one quest, its party of leaders, 1 to 4 players.
#[derive(Clone, Debug)]
pub struct EthiaWorlds {
    pub(crate) variant: WorldsVariant,
    pub(crate) quest: Quest,
    pub(crate) seats: usize,
    /// Orthogonal steps from each square to the boss's square past the
    /// quest's walls (`u8::MAX` where unreachable): the AI's sense of progress.
    pub(crate) to_boss: Box<[u8; arbiter_geometry::grid::MAX_CELLS]>,
    /// The AI's worth of every enemy the quest starts with (see `heuristic.rs`).
    pub(crate) start_worth: f64,
}

pub(crate) const S_ROUND: &str = "E'thia Worlds: Game Play";
pub(crate) const S_PCR: &str = "Players Choice Rule (PCR); ruling W1";

impl EthiaWorlds {
    /// The quest.
    pub fn quest(&self) -> &Quest {
        &self.quest
    }

    /// The seat that makes the party's choices.
    pub(crate) fn party(&self) -> Seat {
        Seat(0)
    }

    pub(crate) fn grid(&self) -> &arbiter_geometry::Grid {
        &self.quest.grid
    }

    /// The boss, if on the board.
    pub(crate) fn boss(&self, s: &WorldsState) -> Option<u8> {
        s.enemies.iter().position(|e| e.kind == EnemyKind::Boss && !e.gone).map(|i| i as u8)
    }

    /// The leaders each enemy can see now, by leader bit.
    pub(crate) fn sight(&self, s: &WorldsState, e: &Enemy) -> u8 {
        let g = self.grid();
        s.leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.active())
            .filter(|(_, l)| match e.kind {
                EnemyKind::Close => super::reach::close_reach(g, s, e.at, l.at),
                EnemyKind::Boss => super::reach::line(g, s, e.at, l.at, 3, CellSet::EMPTY).is_some(),
                EnemyKind::Ranged => false,
            })
            .fold(0u8, |m, (i, _)| m | 1 << i)
    }

    /// Marks enemies alerted when a leader has come into their sight since the
    /// leader round began (ruling W6).
    pub(crate) fn check_alerts<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        for i in 0..s.enemies.len() {
            let e = s.enemies[i];
            if e.gone || e.alerted || e.hostile || e.kind == EnemyKind::Ranged {
                continue;
            }
            let now = self.sight(s, &e);
            if now & !e.seen != 0 {
                s.enemies[i].alerted = true;
                events.emit(WorldsEvent::Alerted { enemy: i as u8 });
            }
        }
    }

    /// Starts a new round: flags reset, the boss's call, then the leader round.
    pub(crate) fn start_round<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        // With nobody left standing (fallen or escaped) no new round begins: the
        // adventure ends here, not at the round limit (ruling W12).
        if self.check_end(s, events) {
            return;
        }
        if s.round >= self.variant.round_limit {
            self.finish(s, WorldsEnding::RoundLimit, events);
            return;
        }
        s.round += 1;
        events.emit(WorldsEvent::RoundBegan { round: s.round });
        for l in &mut s.leaders {
            l.played = false;
            l.woke = false;
            l.fire_left = if l.card.element == Element::Fire { 2 } else { 0 };
        }
        for e in &mut s.enemies {
            e.alerted = false;
            e.marked = false;
            e.hostile = false;
        }
        let calls = self.boss(s).is_some() && self.quest.boss.as_ref().is_some_and(|b| b.call.is_some());
        if calls {
            s.phase = Phase::CallRoll;
        } else {
            self.begin_leader_round(s, events);
        }
    }

    /// The leader round begins: who each enemy sees now is the baseline for alerts.
    pub(crate) fn begin_leader_round<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        for i in 0..s.enemies.len() {
            let e = s.enemies[i];
            s.enemies[i].seen = self.sight(s, &e);
        }
        self.next_leader(s, events);
    }

    /// Leaders that may still take a turn this leader round.
    pub(crate) fn eligible<'a>(&self, s: &'a WorldsState) -> impl Iterator<Item = u8> + 'a {
        s.leaders.iter().enumerate().filter(|(_, l)| l.active() && !l.played && !l.woke).map(|(i, _)| i as u8)
    }

    /// Gives the next turn: the players choose among several eligible leaders.
    pub(crate) fn next_leader<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        s.turn_of = None;
        let (first, more) = {
            let mut eligible = self.eligible(s);
            (eligible.next(), eligible.next().is_some())
        };
        match (first, more) {
            // The leader round is over: the enemies' part of the round is
            // pending, and runs when the decision that ended it is driven.
            (None, _) => s.pending.push(Frame::LeaderRoundOver),
            (Some(only), false) => self.start_turn(s, only, events),
            (Some(_), true) => s.phase = Phase::ChooseLeader,
        }
    }

    /// Ends the adventure.
    pub(crate) fn finish<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, ending: WorldsEnding, events: &mut E) {
        s.ending = Some(ending);
        s.phase = Phase::Over;
        s.pending.clear();
        events.emit(WorldsEvent::AdventureOver { ending });
    }

    /// Checks whether the party has won, fallen or left. Returns true if over.
    pub(crate) fn check_end<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) -> bool {
        if s.phase == Phase::Over {
            return true;
        }
        if s.leaders.iter().any(Leader::active) {
            return false;
        }
        if s.leaders.iter().any(|l| matches!(l.status, Status::Unconscious { .. })) {
            // Ruling W12: with nobody left standing, the fallen are captured.
            for l in &mut s.leaders {
                if matches!(l.status, Status::Unconscious { .. }) {
                    l.status = Status::Captured;
                }
            }
            self.finish(s, WorldsEnding::Lost, events);
        } else if s.leaders.iter().any(|l| l.status == Status::Escaped) {
            self.finish(s, WorldsEnding::Escaped, events);
        } else {
            self.finish(s, WorldsEnding::Lost, events);
        }
        true
    }

    /// Hit points lost by a leader: below 0 it falls unconscious.
    pub(crate) fn hurt<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, leader: u8, amount: u8, events: &mut E) {
        let Some(l) = s.leaders.get_mut(usize::from(leader)) else { return };
        if !l.active() || amount == 0 {
            return;
        }
        l.hp -= amount as i8;
        events.emit(WorldsEvent::Hurt { leader, hp: l.hp });
        if l.hp < 0 {
            l.status = Status::Unconscious { fails: 0 };
            events.emit(WorldsEvent::Unconscious { leader });
        }
    }

    /// The seat commanding a leader (seat 1 for a leader that does not exist).
    pub(crate) fn seat_of(&self, s: &WorldsState, leader: u8) -> Seat {
        s.leaders.get(usize::from(leader)).map_or(Seat(0), |l| l.seat)
    }

    fn no_dice(&self) -> Refusal {
        Refusal::new("core.turn.not-chance", "no dice are being rolled now", "core")
    }
}

/// Worlds' pending work on the shared resolution core: which frames wait,
/// for whom, and what the others do.
impl Resolve for EthiaWorlds {
    type State = WorldsState;
    type Frame = Frame;
    type Event = WorldsEvent;

    fn pending<'a>(&self, s: &'a WorldsState) -> &'a Pending<Frame> {
        &s.pending
    }

    fn pending_mut<'a>(&self, s: &'a mut WorldsState) -> &'a mut Pending<Frame> {
        &mut s.pending
    }

    fn waits(&self, s: &WorldsState, frame: &Frame) -> Option<Wait> {
        match *frame {
            // Players' Choice Rule decisions belong to the party (ruling W1).
            Frame::Aim { .. } | Frame::Place { .. } | Frame::Pair => Some(Wait::Seat(self.party())),
            Frame::EnemyRoll { .. } => Some(Wait::Chance),
            Frame::Strike(k) => match k.step {
                StrikeStep::Roll | StrikeStep::Reroll { .. } => Some(Wait::Chance),
                StrikeStep::Window => Some(Wait::Seat(self.seat_of(s, k.leader))),
            },
            // A gift waits for its leader's player while the leader is on the board.
            Frame::Gift { leader } => {
                s.leaders.get(usize::from(leader)).filter(|l| l.on_board()).map(|l| Wait::Seat(l.seat))
            }
            Frame::LeaderRoundOver
            | Frame::AlertAttack { .. }
            | Frame::HostileAttack { .. }
            | Frame::RangedTurn { .. }
            | Frame::Volley { .. }
            | Frame::CloseMove { .. }
            | Frame::CloseTurn
            | Frame::CloseAttack
            | Frame::BossTurn { .. }
            | Frame::Rebuke { .. }
            | Frame::ResumeTurn
            | Frame::ShotFired { .. }
            | Frame::RoundOver => None,
        }
    }

    fn run<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, frame: Frame, events: &mut E) {
        self.run_frame(s, frame, events);
    }
}

impl Game for EthiaWorlds {
    type Variant = WorldsVariant;
    type State = WorldsState;
    type Action = WorldsAction;
    type Event = WorldsEvent;
    type Observation = WorldsState;

    const ID: &'static str = "ethia-worlds";
    const NAME: &'static str = "E'thia Worlds";

    fn new(variant: WorldsVariant, seats: usize) -> Result<Self, ConfigError> {
        let text = match &variant.quest_file {
            Some(t) => t.as_str(),
            None => built_in(&variant.quest).ok_or_else(|| {
                ConfigError::Variant(format!("no built-in quest '{}'; try kingdom-of-coyote", variant.quest))
            })?,
        };
        let quest = Quest::from_toml(text).map_err(|e| ConfigError::Variant(format!("quest: {e}")))?;
        let leaders = if variant.leaders == 0 { quest.leaders } else { variant.leaders };
        if !(1..=quest.leaders).contains(&leaders) {
            return Err(ConfigError::Variant(format!("this quest takes 1 to {} leaders", quest.leaders)));
        }
        if !variant.party.is_empty() && variant.party.len() < usize::from(leaders) {
            return Err(ConfigError::Variant(format!(
                "the party has {} cards for {leaders} leaders",
                variant.party.len()
            )));
        }
        if !(1..=usize::from(leaders)).contains(&seats) {
            return Err(ConfigError::Seats { game: Self::NAME, allowed: "1 to the number of leaders", found: seats });
        }
        if variant.round_limit == 0 {
            return Err(ConfigError::Variant("round_limit must be at least 1".into()));
        }
        let to_boss = Box::new(match quest.enemies.iter().find(|(k, _)| *k == EnemyKind::Boss) {
            Some(&(_, at)) => {
                let (g, w) = (&quest.grid, &quest.walls);
                g.distances(at, u8::MAX - 1, |c, d| {
                    if d.is_diagonal() || g.crosses_wall(w, c, d) { None } else { g.neighbour(c, d) }
                })
            }
            None => [0; arbiter_geometry::grid::MAX_CELLS],
        });
        let boss_hp = quest.boss.as_ref().map_or(0, |b| b.hp as i8);
        let start_worth = quest.enemies.iter().map(|&(k, _)| super::heuristic::enemy_worth(k, boss_hp)).sum();
        Ok(EthiaWorlds { variant, quest, seats, to_boss, start_worth })
    }

    fn variant(&self) -> &WorldsVariant {
        &self.variant
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn initial_state(&self) -> WorldsState {
        let n = if self.variant.leaders == 0 { self.quest.leaders } else { self.variant.leaders };
        let cards =
            if self.variant.party.is_empty() { LeaderCard::default_party() } else { self.variant.party.clone() };
        let leaders: Vec<Leader> = cards
            .into_iter()
            .take(usize::from(n))
            .zip(&self.quest.starts)
            .enumerate()
            .map(|(i, (card, &start))| {
                let mut l = Leader {
                    card,
                    seat: Seat((i % self.seats) as u8),
                    at: start,
                    start,
                    hp: 0,
                    status: Status::Active,
                    heals: 0,
                    played: false,
                    woke: false,
                    water_left: 0,
                    fire_left: 0,
                    earth_left: 0,
                    charm_ready: false,
                    attack_boost: false,
                    defense_boost: false,
                    speed_boost: false,
                    favour_used: false,
                };
                l.hp = l.max_hp();
                l
            })
            .collect();
        let boss_hp = self.quest.boss.as_ref().map_or(0, |b| b.hp as i8);
        let enemies = self
            .quest
            .enemies
            .iter()
            .map(|&(kind, at)| Enemy {
                kind,
                at,
                hp: if kind == EnemyKind::Boss { boss_hp } else { 0 },
                gone: false,
                alerted: false,
                marked: false,
                hostile: false,
                seen: 0,
            })
            .collect();
        let mut s = WorldsState {
            leaders,
            enemies,
            walls: self.quest.walls,
            chests: self.quest.chests,
            striking: self.quest.striking_at,
            blocking: self.quest.blocking_at,
            locks: self.quest.locks_at,
            round: 0,
            // Set by the shop or the first round, just below.
            phase: Phase::ChooseLeader,
            pending: Pending::new(),
            turn_of: None,
            actions_left: 0,
            pacified: false,
            parley_closed: false,
            boss_attacked: false,
            ending: None,
        };
        let shopper = self.next_shopper(&s, 0);
        match shopper {
            Some(l) if self.variant.shop => s.phase = Phase::Shop { leader: l },
            _ => {
                self.start_round(&mut s, &mut arbiter_core::Discard);
                drive(self, &mut s, &mut arbiter_core::Discard);
            }
        }
        s
    }

    fn validate_state(&self, s: &WorldsState) -> Result<(), String> {
        super::validate::validate(self, s)
    }

    fn to_move(&self, s: &WorldsState) -> ToMove {
        if let Some(wait) = owed(self, s) {
            return wait.into();
        }
        let seat_of = |l: u8| self.seat_of(s, l);
        match s.phase {
            Phase::Over => ToMove::Over,
            Phase::CallRoll
            | Phase::ActionRoll { .. }
            | Phase::MoveRoll { .. }
            | Phase::TaskRoll { .. }
            | Phase::RewardRolls
            | Phase::FavourKeep { .. } => ToMove::Chance,
            // The enemies' part of the round always has work pending; a state
            // without any is refused by `validate_state`.
            Phase::CallPlace { .. } | Phase::ChooseLeader | Phase::Enemies => ToMove::Seat(self.party()),
            Phase::Shop { leader }
            | Phase::TurnStart { leader }
            | Phase::TunnelDir { leader }
            | Phase::FreeShot { leader }
            | Phase::Act { leader }
            | Phase::MoveChoice { leader, .. }
            | Phase::Step { leader, .. }
            | Phase::ChestSix { leader }
            | Phase::PickElixir { leader, .. }
            | Phase::CharmType { leader }
            | Phase::Trade { leader, .. } => ToMove::Seat(seat_of(leader)),
        }
    }

    fn legal_actions(&self, s: &WorldsState, out: &mut Vec<WorldsAction>) {
        self.decisions(s, out);
    }

    fn check(&self, s: &WorldsState, a: &WorldsAction) -> Result<(), Refusal> {
        if s.phase == Phase::Over {
            return Err(Refusal::new("worlds.over", "the adventure is over", S_ROUND));
        }
        let mut legal = Vec::new();
        self.decisions(s, &mut legal);
        if legal.contains(a) { Ok(()) } else { Err(self.why_not(s, a)) }
    }

    fn apply_action<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        a: &WorldsAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check(s, a)?;
        self.apply_legal(s, a, events);
        Ok(())
    }

    fn apply_legal<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, a: &WorldsAction, events: &mut E) {
        self.decide(s, *a, events);
        if s.turn_of.is_some() && s.phase != Phase::Over {
            self.check_alerts(s, events);
        }
        self.check_end(s, events);
    }

    fn dice(&self, s: &WorldsState) -> DiceRequest {
        self.dice_request(s)
    }

    fn apply_roll<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        roll: &Roll,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let v = roll.values();
        match s.pending.top().copied() {
            Some(Frame::EnemyRoll { enemy, kind }) => {
                s.pending.pop();
                self.enemy_rolled(s, enemy, kind, v[0], events);
            }
            Some(Frame::Strike(k)) => match k.step {
                StrikeStep::Roll => self.strike_rolled(s, v, events),
                StrikeStep::Reroll { keep_higher } => self.strike_rerolled(s, keep_higher, v, events),
                StrikeStep::Window => return Err(self.no_dice()),
            },
            Some(_) => return Err(self.no_dice()),
            None => match s.phase {
                Phase::CallRoll => self.call_rolled(s, v[0], events),
                Phase::ActionRoll { leader } => self.actions_rolled(s, leader, v[0], events),
                Phase::MoveRoll { leader, kept } => self.move_rolled(s, leader, kept, v[0], events),
                Phase::TaskRoll { leader, task } => self.task_rolled(s, leader, task, v[0], events),
                Phase::RewardRolls => self.rewards_rolled(s, v, events),
                Phase::FavourKeep { leader } => self.favour_kept(s, leader, v[0], events),
                _ => return Err(self.no_dice()),
            },
        }
        drive(self, s, events);
        // A roll changes positions and sight too (a capture, a resurrection):
        // alerts are checked after it as after any decision (ruling W6).
        if s.turn_of.is_some() && s.phase != Phase::Over {
            self.check_alerts(s, events);
        }
        self.check_end(s, events);
        Ok(())
    }

    fn outcome(&self, s: &WorldsState) -> Option<Outcome> {
        let all: Vec<Seat> = (0..self.seats as u8).map(Seat).collect();
        let boss = self.quest.boss.as_ref().map_or("the boss", |b| b.name.as_str());
        Some(match s.ending? {
            WorldsEnding::Won => {
                Outcome { kind: OutcomeKind::Win(all), reason: format!("{boss} is captured: the quest is won") }
            }
            WorldsEnding::Lost => Outcome {
                kind: OutcomeKind::Win(Vec::new()),
                reason: "no leader is left standing: the quest is lost".into(),
            },
            WorldsEnding::Escaped => Outcome { kind: OutcomeKind::Draw, reason: "every leader left the map".into() },
            WorldsEnding::RoundLimit => Outcome {
                kind: OutcomeKind::Draw,
                reason: format!("the round limit of {} was reached", self.variant.round_limit),
            },
        })
    }

    fn returns(&self, s: &WorldsState, _seat: Seat) -> f64 {
        match s.ending {
            Some(WorldsEnding::Won) => 1.0,
            Some(WorldsEnding::Lost) => -1.0,
            _ => 0.0,
        }
    }

    fn observe(&self, s: &WorldsState, _viewer: Viewer) -> WorldsState {
        s.clone()
    }
}
