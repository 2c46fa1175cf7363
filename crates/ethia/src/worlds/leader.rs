//! The leaders' side of E'thia Worlds: shopping, the start of a turn
//! (elixirs, the action roll, healing, resurrection), moving step by step,
//! attacking, tasks (chests, traps, locks, diplomacy), trading and escaping.

use super::action::{ChestPick, Item, WorldsAction};
use super::card::{Bonus, Element, Elixir, LeaderType, Relic};
use super::event::WorldsEvent;
use super::quest::{ChestSix, EnemyKind};
use super::reach::{leader_line, touches};
use super::rules::{EthiaWorlds, S_PCR, S_ROUND};
use super::state::{Frame, Phase, Status, StrikeStep, Task, WorldsState};
use crate::event::At;
use arbiter_core::resolve::drive;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::{Cell, CellSet, Dir};

const S_TASKS: &str = "E'thia Worlds: Tasks";

impl EthiaWorlds {
    /// The next leader from `from` on with enough tokens to buy something.
    pub(crate) fn next_shopper(&self, s: &WorldsState, from: u8) -> Option<u8> {
        (from..s.leaders.len() as u8).find(|&i| s.leaders[usize::from(i)].card.tokens >= 5)
    }

    /// A leader's turn begins.
    pub(crate) fn start_turn<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, leader: u8, events: &mut E) {
        let Some(l) = s.leaders.get_mut(usize::from(leader)) else { return };
        l.charm_ready = true;
        l.attack_boost = false;
        l.defense_boost = false;
        l.speed_boost = false;
        l.water_left = if l.card.element == Element::Water { 2 } else { 0 };
        s.turn_of = Some(leader);
        s.actions_left = 0;
        events.emit(WorldsEvent::TurnBegan { leader });
        s.phase = Phase::TurnStart { leader };
    }

    /// Squares a called enemy may be placed on: empty, beside a conscious leader.
    pub(crate) fn call_squares(&self, s: &WorldsState) -> CellSet {
        let taken = s.enemy_squares()
            | s.objects()
            | s.leaders.iter().filter(|l| l.on_board()).fold(CellSet::EMPTY, |m, l| m | CellSet::single(l.at));
        let g = self.grid();
        (g.all() - taken)
            .iter()
            .filter(|&c| s.leaders.iter().any(|l| l.active() && touches(g, s, c, l.at)))
            .fold(CellSet::EMPTY, |m, c| m | CellSet::single(c))
    }

    /// Squares a leader may step into towards `d`, and whether it is a striking trap.
    fn step_to(&self, s: &WorldsState, leader: u8, d: Dir) -> Option<(Cell, bool)> {
        let g = self.grid();
        let l = &s.leaders[usize::from(leader)];
        if d.is_diagonal() {
            if !l.is(LeaderType::Scout) || g.corner(&s.walls, l.at, d).is_some_and(|k| k.separates()) {
                return None;
            }
        } else if g.crosses_wall(&s.walls, l.at, d) {
            return None;
        }
        let to = g.neighbour(l.at, d)?;
        let solid = s.enemy_squares() | s.leader_squares() | s.chests | s.blocking | s.locks;
        if solid.contains(to) {
            return None;
        }
        Some((to, s.striking.contains(to)))
    }

    fn steps(&self, s: &WorldsState, leader: u8, left: u8) -> Vec<Dir> {
        Dir::ALL
            .into_iter()
            .filter(|&d| matches!(self.step_to(s, leader, d), Some((_, trap)) if !trap || left >= 2))
            .collect()
    }

    /// Enemies a leader may attack: squares and distances (the range charm
    /// adds one square once per turn).
    fn targets(&self, s: &WorldsState, leader: u8) -> Vec<(Cell, u32)> {
        let g = self.grid();
        let l = &s.leaders[usize::from(leader)];
        let range = l.range() + u32::from(l.charm(Bonus::Range));
        s.enemies
            .iter()
            .filter(|e| !e.gone)
            .filter_map(|e| leader_line(g, s, l.at, e.at, range).map(|d| (e.at, d)))
            .collect()
    }

    fn parley_possible(&self, s: &WorldsState, leader: u8) -> bool {
        let Some(b) = self.boss(s) else { return false };
        let ok = self.quest.boss.as_ref().is_some_and(|x| x.diplomacy.is_some());
        let l = &s.leaders[usize::from(leader)];
        ok && !s.pacified
            && !s.parley_closed
            && !s.boss_attacked
            && leader_line(self.grid(), s, l.at, s.enemies[usize::from(b)].at, l.range()).is_some()
    }

    /// Every decision open now: those the waiting frame on top of the pending
    /// work offers, or else those of the phase.
    pub(crate) fn decisions(&self, s: &WorldsState, out: &mut Vec<WorldsAction>) {
        use WorldsAction::*;
        if let Some(&top) = s.pending.top() {
            match top {
                Frame::Strike(k) if k.step == StrikeStep::Window => self.window_options(s, out),
                Frame::Gift { .. } => out.extend(Elixir::ALL.into_iter().filter(|e| e.cost() == 10).map(Take)),
                Frame::Aim { .. } | Frame::Place { .. } | Frame::Pair => self.pcr_options(s, top, out),
                _ => {}
            }
            return;
        }
        let g = self.grid();
        match s.phase {
            Phase::Shop { leader } => {
                let l = &s.leaders[usize::from(leader)];
                for e in Elixir::ALL {
                    if e.cost() <= l.card.tokens {
                        out.push(Buy(Item::Elixir(e)));
                    }
                }
                for r in super::card::Relic::for_sale() {
                    let own_type = matches!(r, Relic::Training(t) if l.is(t));
                    if r.cost().is_some_and(|c| c <= l.card.tokens) && !own_type {
                        out.push(Buy(Item::Relic(r)));
                    }
                }
                out.push(Done);
            }
            Phase::CallPlace { .. } => out.extend(self.call_squares(s).iter().map(Place)),
            Phase::ChooseLeader => out.extend(self.eligible(s).map(Lead)),
            Phase::TurnStart { leader } => {
                let l = &s.leaders[usize::from(leader)];
                let mut seen = Vec::new();
                for &e in &l.card.elixirs {
                    if seen.contains(&e) || e == Elixir::Quickening {
                        continue;
                    }
                    seen.push(e);
                    let usable = match e {
                        Elixir::Health | Elixir::FullHealth => l.hp < l.max_hp(),
                        Elixir::Tunnel => Dir::ORTHOGONAL.iter().any(|&d| self.tunnel_to(s, leader, d).is_some()),
                        Elixir::FreeShot => s.enemies.iter().any(|x| !x.gone),
                        _ => true,
                    };
                    if usable {
                        out.push(Drink(e));
                    }
                }
                out.push(Roll);
                if l.heals < 2 && l.hp < l.max_hp() {
                    out.push(Heal);
                }
                // Ruling W16: nobody is resurrected onto a square another unit holds.
                let held = s.enemy_squares() | s.leader_squares();
                for (i, t) in s.leaders.iter().enumerate() {
                    if matches!(t.status, Status::Unconscious { .. }) && !held.contains(t.at) {
                        if touches(g, s, l.at, t.at) {
                            out.push(Revive(i as u8));
                        }
                        let favour = !l.favour_used && l.card.relics.contains(&Relic::CoyoteFavour);
                        if favour || l.card.relics.contains(&Relic::Resurrection) {
                            out.push(Favour(i as u8));
                        }
                    }
                }
            }
            Phase::TunnelDir { leader } => {
                out.extend(Dir::ORTHOGONAL.into_iter().filter(|&d| self.tunnel_to(s, leader, d).is_some()).map(Tunnel))
            }
            Phase::FreeShot { leader: _ } => out.extend(s.enemies.iter().filter(|e| !e.gone).map(|e| Attack(e.at))),
            Phase::Act { leader } => {
                let l = &s.leaders[usize::from(leader)];
                out.push(End);
                out.push(Move);
                out.extend(self.targets(s, leader).into_iter().map(|(c, _)| Attack(c)));
                let near = |set: CellSet| set.iter().filter(|&c| touches(g, s, l.at, c)).collect::<Vec<_>>();
                out.extend(near(s.chests).into_iter().map(Search));
                out.extend(near(s.striking | s.blocking).into_iter().map(Disarm));
                out.extend(near(s.locks).into_iter().map(Pick));
                if self.parley_possible(s, leader) {
                    out.push(Parley);
                }
                for (i, p) in s.leaders.iter().enumerate() {
                    if i != usize::from(leader) && p.on_board() && touches(g, s, l.at, p.at) {
                        out.push(Trade(i as u8));
                    }
                }
                if l.at == l.start {
                    out.push(Escape);
                }
            }
            Phase::MoveChoice { leader, .. } => {
                let l = &s.leaders[usize::from(leader)];
                out.push(Go);
                if l.water_left > 0 {
                    out.push(Reroll);
                }
                if l.charm(Bonus::Movement) {
                    out.push(Charm);
                }
            }
            Phase::Step { leader, left } => {
                let l = &s.leaders[usize::from(leader)];
                let steps = self.steps(s, leader, left);
                if !s.striking.contains(l.at) || steps.is_empty() {
                    out.push(Stop);
                }
                out.extend(steps.into_iter().map(Step));
            }
            Phase::ChestSix { .. } => {
                out.extend([ChestPick::ThreeElixirs, ChestPick::OneElixir, ChestPick::Relic].map(Chest))
            }
            Phase::PickElixir { tier, .. } => {
                out.extend(Elixir::ALL.into_iter().filter(|e| u32::from(tier) == e.cost()).map(Take))
            }
            Phase::CharmType { .. } => out.extend(Bonus::ALL.map(CharmOf)),
            Phase::Trade { leader, partner, given, got } => {
                let (a, b) = (&s.leaders[usize::from(leader)], &s.leaders[usize::from(partner)]);
                out.push(Done);
                let items = |c: &super::card::LeaderCard| {
                    let mut v: Vec<Item> = c.elixirs.iter().map(|&e| Item::Elixir(e)).collect();
                    v.extend(c.relics.iter().map(|&r| Item::Relic(r)));
                    v.dedup();
                    v
                };
                let mut gives = items(&a.card);
                gives.sort_by_key(|i| format!("{i:?}"));
                gives.dedup();
                let mut gets = items(&b.card);
                gets.sort_by_key(|i| format!("{i:?}"));
                gets.dedup();
                out.extend(gives.into_iter().filter(|i| got & i.bit() << 1 == 0).map(Give));
                out.extend(gets.into_iter().filter(|i| given & i.bit() << 1 == 0).map(Get));
                if got & 1 == 0 {
                    out.extend((1..=a.card.tokens.min(20)).map(GiveTokens));
                    if a.card.tokens > 20 {
                        out.push(GiveTokens(a.card.tokens));
                    }
                }
                if given & 1 == 0 {
                    out.extend((1..=b.card.tokens.min(20)).map(GetTokens));
                    if b.card.tokens > 20 {
                        out.push(GetTokens(b.card.tokens));
                    }
                }
            }
            _ => {}
        }
    }

    /// Why an action is refused, naming the rule.
    pub(crate) fn why_not(&self, s: &WorldsState, a: &WorldsAction) -> Refusal {
        use WorldsAction::*;
        let stands = match s.pending.top() {
            Some(Frame::Aim { .. } | Frame::Place { .. } | Frame::Pair) => {
                return Refusal::new(
                    "worlds.pcr",
                    "that is not one of the players' choices here (the target must be a conscious leader the enemy can reach)",
                    S_PCR,
                );
            }
            Some(top) => format!("{top:?}"),
            None => format!("{:?}", s.phase),
        };
        let phase_word = stands.split([' ', '{', '(']).next().unwrap_or("").to_string();
        if !s.pending.is_empty() {
            return Refusal::because(
                "worlds.phase",
                format!("that is not possible now (the adventure is at: {phase_word})"),
                S_ROUND,
            );
        }
        match (s.phase, a) {
            (Phase::Act { .. }, Attack(_)) => Refusal::new(
                "worlds.attack.line",
                "no enemy there within range in a straight line (walls placed together, chests, traps and enemies block)",
                "E'thia Worlds: leaders' range of three; \"Walls that are placed placed together form full barriers\"",
            ),
            (Phase::Act { .. }, Search(_) | Disarm(_) | Pick(_)) => Refusal::new(
                "worlds.task.adjacent",
                "the leader must stand in an adjacent square, not walled off from it",
                S_TASKS,
            ),
            (Phase::Act { .. }, Parley) => Refusal::new(
                "worlds.parley",
                "diplomacy needs the boss within range, before any leader attacks him, and only until it fails once",
                "Kingdom of Coyote: Tasks; ruling W10",
            ),
            (Phase::Act { .. }, Escape) => Refusal::new(
                "worlds.escape.start",
                "a leader escapes only from its original starting square",
                "E'thia Worlds: Escape",
            ),
            (Phase::Act { .. }, Trade(_)) => {
                Refusal::new("worlds.trade.adjacent", "trading needs an adjacent leader", S_TASKS)
            }
            (Phase::TurnStart { .. }, Heal) => Refusal::new(
                "worlds.heal",
                "a leader heals at most twice per game, and only when hurt",
                "E'thia Worlds: Healing",
            ),
            (Phase::TurnStart { .. }, Revive(t) | Favour(t))
                if s.leaders.get(usize::from(*t)).is_some_and(|l| {
                    matches!(l.status, Status::Unconscious { .. })
                        && (s.enemy_squares() | s.leader_squares()).contains(l.at)
                }) =>
            {
                Refusal::new(
                    "worlds.revive.occupied",
                    "another unit stands on the fallen leader's square: capture the enemy or move off it first",
                    "E'thia Worlds: Capture of a Leader / Resurrection; ruling W16",
                )
            }
            (Phase::TurnStart { .. }, Revive(_)) => Refusal::new(
                "worlds.revive.adjacent",
                "resurrection needs an unconscious leader in an adjacent square",
                "E'thia Worlds: Capture of a Leader / Resurrection",
            ),
            (Phase::TurnStart { .. }, Drink(_)) => Refusal::new(
                "worlds.elixir",
                "the leader has no such elixir it could use now",
                "Smokey Cauldron: elixirs",
            ),
            (Phase::Step { .. }, Step(_)) => Refusal::new(
                "worlds.move.step",
                "that step is blocked (walls, units, chests, locks, blocking traps; only Scouts move diagonally; a striking trap may be passed, not stopped on)",
                "game play; E'thia Worlds: Traps; ruling W8",
            ),
            (Phase::Step { .. }, Stop) => Refusal::new(
                "worlds.move.trap",
                "a leader may pass through a striking trap but not stop on it",
                "E'thia Worlds: Striking Trap/lock; ruling W8",
            ),
            (Phase::Shop { leader }, Buy(item)) => {
                let l = &s.leaders[usize::from(leader)];
                let cost = match *item {
                    Item::Elixir(e) => Some(e.cost()),
                    Item::Relic(r) => r.cost(),
                };
                match (*item, cost) {
                    (Item::Relic(Relic::Training(t)), _) if l.is(t) => Refusal::because(
                        "worlds.shop.own-type",
                        format!("{} already has the {t:?}'s bonus: training teaches another leader type", l.card.name),
                        "Smokey Cauldron: 60 token Relics (\"another type of leader bonus\")",
                    ),
                    (_, None) => Refusal::new(
                        "worlds.shop.not-sold",
                        "that is not sold at the Smokey Cauldron",
                        "Smokey Cauldron traders and stores",
                    ),
                    (_, Some(c)) => Refusal::because(
                        "worlds.shop.tokens",
                        format!("that costs {c} truth tokens and {} has {}", l.card.name, l.card.tokens),
                        "Smokey Cauldron traders and stores",
                    ),
                }
            }
            (Phase::CallPlace { .. }, _) => Refusal::new(
                "worlds.pcr",
                "that is not one of the players' choices here (the target must be a conscious leader the enemy can reach)",
                S_PCR,
            ),
            _ => Refusal::because(
                "worlds.phase",
                format!("that is not possible now (the adventure is at: {phase_word})"),
                S_ROUND,
            ),
        }
    }

    /// The square a tunnel elixir leads to through the wall towards `d`.
    fn tunnel_to(&self, s: &WorldsState, leader: u8, d: Dir) -> Option<Cell> {
        let g = self.grid();
        let l = &s.leaders[usize::from(leader)];
        if d.is_diagonal() || !g.crosses_wall(&s.walls, l.at, d) {
            return None;
        }
        let to = g.neighbour(l.at, d)?;
        let solid = s.enemy_squares() | s.leader_squares() | s.objects();
        (!solid.contains(to)).then_some(to)
    }

    /// Applies a legal decision: it answers the waiting frame on top of the
    /// pending work, or else it is a decision of the phase; then the pending
    /// work runs until a frame waits (`drive`).
    pub(crate) fn decide<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, a: WorldsAction, events: &mut E) {
        match s.pending.top() {
            Some(&top) => self.answer(s, top, a, events),
            None => self.phase_decide(s, a, events),
        }
        drive(self, s, events);
    }

    /// Answers the frame waiting on top of the pending work.
    fn answer<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, top: Frame, a: WorldsAction, events: &mut E) {
        match (top, a) {
            (Frame::Strike(k), a) if k.step == StrikeStep::Window => self.window_decide(s, a, events),
            (Frame::Gift { leader }, WorldsAction::Take(e)) => {
                s.pending.pop();
                s.leaders[usize::from(leader)].card.elixirs.push(e);
                events.emit(WorldsEvent::GotElixir { leader, elixir: e });
            }
            (Frame::Aim { .. } | Frame::Place { .. } | Frame::Pair, a) => self.pcr_decide(s, top, a, events),
            _ => {}
        }
    }

    /// A decision of the phase, with nothing pending.
    fn phase_decide<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, a: WorldsAction, events: &mut E) {
        use WorldsAction::*;
        match (s.phase, a) {
            (Phase::Shop { leader }, Buy(item)) => {
                let l = &mut s.leaders[usize::from(leader)];
                match item {
                    Item::Elixir(e) => {
                        l.card.tokens -= e.cost();
                        l.card.elixirs.push(e);
                    }
                    Item::Relic(r) => {
                        l.card.tokens -= r.cost().unwrap_or(0);
                        l.card.relics.push(r);
                        if r == Relic::Vitality {
                            l.hp += 1;
                        }
                    }
                }
                if l.card.tokens < 5 {
                    self.after_shop(s, leader, events);
                }
            }
            (Phase::Shop { leader }, Done) => self.after_shop(s, leader, events),
            (Phase::CallPlace { left }, Place(c)) => {
                let at = At::of(self.grid(), c);
                s.enemies.push(super::state::Enemy {
                    kind: EnemyKind::Close,
                    at: c,
                    hp: 0,
                    gone: false,
                    alerted: false,
                    marked: false,
                    hostile: false,
                    seen: 0,
                });
                events.emit(WorldsEvent::Called { enemy: (s.enemies.len() - 1) as u8, at });
                if left > 1 && !self.call_squares(s).is_empty() {
                    s.phase = Phase::CallPlace { left: left - 1 };
                } else {
                    self.begin_leader_round(s, events);
                }
            }
            (Phase::ChooseLeader, Lead(l)) => self.start_turn(s, l, events),
            (Phase::TurnStart { leader }, Drink(e)) => self.drink(s, leader, e, events),
            (Phase::TurnStart { leader }, Roll) => s.phase = Phase::ActionRoll { leader },
            (Phase::TurnStart { leader }, Heal) => {
                let l = &mut s.leaders[usize::from(leader)];
                l.hp = l.max_hp();
                l.heals += 1;
                events.emit(WorldsEvent::Healed { leader });
                self.end_turn(s, events);
            }
            (Phase::TurnStart { leader }, Revive(t)) => s.phase = Phase::TaskRoll { leader, task: Task::Revive(t) },
            (Phase::TurnStart { leader }, Favour(t)) => {
                // A bought Resurrection relic is spent; the Coyote's Favour is
                // used once per game and then rolled for (ruling W13).
                let l = &mut s.leaders[usize::from(leader)];
                if let Some(i) = l.card.relics.iter().position(|r| *r == Relic::Resurrection) {
                    l.card.relics.remove(i);
                } else {
                    l.favour_used = true;
                    s.phase = Phase::FavourKeep { leader };
                }
                self.resurrect(s, t, events);
            }
            (Phase::TunnelDir { leader }, Tunnel(d)) => {
                if let Some(to) = self.tunnel_to(s, leader, d) {
                    s.leaders[usize::from(leader)].at = to;
                    events.emit(WorldsEvent::Stepped { leader, to: At::of(self.grid(), to) });
                }
                s.phase = Phase::TurnStart { leader };
            }
            (Phase::FreeShot { leader }, Attack(c)) => {
                if let Some(e) = s.enemy_at(c) {
                    self.leader_attacks(s, leader, e, false, true);
                }
            }
            (Phase::Act { .. }, End) => self.end_turn(s, events),
            (Phase::Act { leader }, Move) => {
                s.actions_left = s.actions_left.saturating_sub(1);
                s.phase = Phase::MoveRoll { leader, kept: 0 };
            }
            (Phase::Act { leader }, Attack(c)) => {
                let l = &s.leaders[usize::from(leader)];
                let reach = l.range();
                let dist = self.targets(s, leader).into_iter().find(|(x, _)| *x == c).map_or(1, |(_, d)| d);
                if dist > reach {
                    s.leaders[usize::from(leader)].charm_ready = false;
                }
                s.actions_left = s.actions_left.saturating_sub(1);
                if let Some(e) = s.enemy_at(c) {
                    self.leader_attacks(s, leader, e, dist == 1, false);
                }
            }
            (Phase::Act { leader }, Search(c)) => self.task(s, leader, Task::Search(c)),
            (Phase::Act { leader }, Disarm(c)) => self.task(s, leader, Task::Disarm(c)),
            (Phase::Act { leader }, Pick(c)) => self.task(s, leader, Task::Pick(c)),
            (Phase::Act { leader }, Parley) => self.task(s, leader, Task::Parley),
            (Phase::Act { leader }, Trade(p)) => {
                s.actions_left = s.actions_left.saturating_sub(1);
                s.phase = Phase::Trade { leader, partner: p, given: 0, got: 0 };
            }
            (Phase::Act { leader }, Escape) => {
                s.leaders[usize::from(leader)].status = Status::Escaped;
                events.emit(WorldsEvent::Escaped { leader });
                self.end_turn(s, events);
            }
            (Phase::MoveChoice { leader, roll }, Reroll) => {
                s.leaders[usize::from(leader)].water_left -= 1;
                s.phase = Phase::MoveRoll { leader, kept: roll };
            }
            (Phase::MoveChoice { leader, roll }, Charm) => {
                s.leaders[usize::from(leader)].charm_ready = false;
                s.phase = Phase::MoveChoice { leader, roll: roll + 1 };
            }
            (Phase::MoveChoice { leader, roll }, Go) => {
                let l = &s.leaders[usize::from(leader)];
                let left = roll + if l.speed_boost { 2 } else { 0 } + l.relic_bonus(Bonus::Movement) as u8;
                events.emit(WorldsEvent::MoveRolled { leader, roll: left });
                s.phase = Phase::Step { leader, left };
            }
            (Phase::Step { leader, left }, Step(d)) => self.step(s, leader, left, d, events),
            (Phase::Step { .. }, Stop) => self.after_action(s, events),
            (Phase::ChestSix { leader }, Chest(pick)) => match pick {
                ChestPick::ThreeElixirs => s.phase = Phase::PickElixir { leader, left: 3, tier: 5 },
                ChestPick::OneElixir => s.phase = Phase::PickElixir { leader, left: 1, tier: 10 },
                ChestPick::Relic => s.phase = Phase::TaskRoll { leader, task: Task::RelicTry },
            },
            (Phase::PickElixir { leader, left, tier }, Take(e)) => {
                s.leaders[usize::from(leader)].card.elixirs.push(e);
                events.emit(WorldsEvent::GotElixir { leader, elixir: e });
                if left > 1 {
                    s.phase = Phase::PickElixir { leader, left: left - 1, tier };
                } else {
                    self.after_action(s, events);
                }
            }
            (Phase::CharmType { leader }, CharmOf(b)) => {
                s.leaders[usize::from(leader)].card.relics.push(Relic::Charm(b));
                events.emit(WorldsEvent::GotRelic { leader, relic: Relic::Charm(b) });
                self.after_action(s, events);
            }
            (Phase::Trade { leader, partner, given, got }, t) => {
                self.trade(s, [leader, partner], [given, got], t, events)
            }
            _ => {}
        }
    }

    fn after_shop<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, leader: u8, events: &mut E) {
        match self.next_shopper(s, leader + 1) {
            Some(next) => s.phase = Phase::Shop { leader: next },
            None => self.start_round(s, events),
        }
    }

    fn drink<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, leader: u8, e: Elixir, events: &mut E) {
        let l = &mut s.leaders[usize::from(leader)];
        if let Some(i) = l.card.elixirs.iter().position(|x| *x == e) {
            l.card.elixirs.remove(i);
        }
        events.emit(WorldsEvent::Drank { leader, elixir: e });
        match e {
            Elixir::Defense => l.defense_boost = true,
            Elixir::Attack => l.attack_boost = true,
            Elixir::Speed => l.speed_boost = true,
            Elixir::Health => l.hp = (l.hp + 1).min(l.max_hp()),
            Elixir::FullHealth => l.hp = l.max_hp(),
            Elixir::Tunnel => {
                s.phase = Phase::TunnelDir { leader };
                return;
            }
            Elixir::FreeShot => {
                s.phase = Phase::FreeShot { leader };
                return;
            }
            Elixir::Quickening => {}
        }
        s.phase = Phase::TurnStart { leader };
    }

    /// A leader comes back at full health; it waits for the next leader round.
    pub(crate) fn resurrect<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, t: u8, events: &mut E) {
        let l = &mut s.leaders[usize::from(t)];
        l.status = Status::Active;
        l.hp = l.max_hp();
        l.woke = true;
        events.emit(WorldsEvent::Resurrected { leader: t });
    }

    fn task(&self, s: &mut WorldsState, leader: u8, task: Task) {
        s.actions_left = s.actions_left.saturating_sub(1);
        s.phase = Phase::TaskRoll { leader, task };
    }

    fn step<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, leader: u8, left: u8, d: Dir, events: &mut E) {
        let Some((to, trap)) = self.step_to(s, leader, d) else { return };
        let from = s.leaders[usize::from(leader)].at;
        s.leaders[usize::from(leader)].at = to;
        events.emit(WorldsEvent::Stepped { leader, to: At::of(self.grid(), to) });
        if trap {
            self.hurt(s, leader, self.quest.striking.pass_damage, events);
            if !s.leaders[usize::from(leader)].active() {
                // Ruling W8: a leader felled on a striking trap lies where it came from.
                s.leaders[usize::from(leader)].at = from;
                self.end_turn(s, events);
                return;
            }
        }
        self.check_alerts(s, events);
        if left <= 1 {
            self.after_action(s, events);
        } else {
            s.phase = Phase::Step { leader, left: left - 1 };
        }
    }

    fn trade<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        [leader, partner]: [u8; 2],
        [mut given, mut got]: [u32; 2],
        a: WorldsAction,
        events: &mut E,
    ) {
        use WorldsAction::*;
        let (i, j) = (usize::from(leader), usize::from(partner));
        let mv = |s: &mut WorldsState, from: usize, to: usize, item: Item| match item {
            Item::Elixir(e) => {
                if let Some(k) = s.leaders[from].card.elixirs.iter().position(|x| *x == e) {
                    s.leaders[from].card.elixirs.remove(k);
                    s.leaders[to].card.elixirs.push(e);
                }
            }
            Item::Relic(r) => {
                if let Some(k) = s.leaders[from].card.relics.iter().position(|x| *x == r) {
                    s.leaders[from].card.relics.remove(k);
                    s.leaders[to].card.relics.push(r);
                }
            }
        };
        match a {
            Give(item) => {
                mv(s, i, j, item);
                given |= item.bit() << 1;
            }
            Get(item) => {
                mv(s, j, i, item);
                got |= item.bit() << 1;
            }
            GiveTokens(n) => {
                let n = n.min(s.leaders[i].card.tokens);
                s.leaders[i].card.tokens -= n;
                s.leaders[j].card.tokens += n;
                given |= 1;
            }
            GetTokens(n) => {
                let n = n.min(s.leaders[j].card.tokens);
                s.leaders[j].card.tokens -= n;
                s.leaders[i].card.tokens += n;
                got |= 1;
            }
            Done => {
                self.after_action(s, events);
                return;
            }
            _ => {}
        }
        for k in [i, j] {
            let m = s.leaders[k].max_hp();
            s.leaders[k].hp = s.leaders[k].hp.min(m);
        }
        s.phase = Phase::Trade { leader, partner, given, got };
    }

    pub(crate) fn call_rolled<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, roll: u8, events: &mut E) {
        let call = self.quest.boss.as_ref().and_then(|b| b.call.clone());
        let answered = call.as_ref().is_some_and(|c| roll <= c.on);
        events.emit(WorldsEvent::CallRolled { roll, answered });
        match call {
            Some(c) if answered && c.count > 0 && !self.call_squares(s).is_empty() => {
                s.phase = Phase::CallPlace { left: c.count }
            }
            _ => self.begin_leader_round(s, events),
        }
    }

    pub(crate) fn actions_rolled<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        leader: u8,
        roll: u8,
        events: &mut E,
    ) {
        let cap = s.leaders[usize::from(leader)].action_cap();
        s.actions_left = roll.min(cap);
        events.emit(WorldsEvent::ActionsRolled { leader, roll, actions: s.actions_left });
        s.phase = Phase::Act { leader };
    }

    pub(crate) fn move_rolled<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        leader: u8,
        kept: u8,
        roll: u8,
        _events: &mut E,
    ) {
        // Water: "re roll movement die twice per turn using the higher roll".
        s.phase = Phase::MoveChoice { leader, roll: kept.max(roll) };
    }

    pub(crate) fn task_rolled<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        leader: u8,
        task: Task,
        roll: u8,
        events: &mut E,
    ) {
        let el = s.leaders[usize::from(leader)].card.element;
        let plus = |e: Element| u8::from(el == e);
        let q = &self.quest;
        match task {
            Task::Search(c) => {
                s.chests.remove(c);
                events.emit(WorldsEvent::TaskRolled { leader, task, roll, success: roll > 1 });
                match roll {
                    1 => self.hurt(s, leader, 1, events),
                    2..=5 => self.give_tokens(s, leader, u32::from(roll), events),
                    _ => {
                        s.phase = match q.chest_six {
                            ChestSix::Coyote => Phase::ChestSix { leader },
                            ChestSix::Elixir => Phase::PickElixir { leader, left: 1, tier: 10 },
                        };
                        return;
                    }
                }
            }
            Task::Disarm(c) => {
                let spec = if s.striking.contains(c) { &q.striking } else { &q.blocking };
                let total = roll + plus(Element::Earth);
                let success = total >= spec.threshold;
                events.emit(WorldsEvent::TaskRolled { leader, task, roll: total, success });
                if success {
                    s.striking.remove(c);
                    s.blocking.remove(c);
                    self.give_tokens(s, leader, spec.reward, events);
                } else {
                    self.hurt(s, leader, spec.fail_damage, events);
                }
            }
            Task::Pick(c) => {
                let total = roll + plus(Element::Fire);
                let success = total >= q.lock.threshold;
                events.emit(WorldsEvent::TaskRolled { leader, task, roll: total, success });
                if success {
                    s.locks.remove(c);
                    self.give_tokens(s, leader, q.lock.reward, events);
                }
            }
            Task::Parley => {
                let Some(d) = q.boss.as_ref().and_then(|b| b.diplomacy.clone()) else { return };
                let total = roll + plus(Element::Wind);
                let success = total >= d.threshold;
                events.emit(WorldsEvent::TaskRolled { leader, task, roll: total, success });
                // The consequences are pending, then the rest of the leader's turn.
                let n = s.leaders.len() as u8;
                if success {
                    s.pacified = true;
                    events.emit(WorldsEvent::Pacified);
                    self.give_tokens(s, leader, d.reward, events);
                    let leaders = &s.leaders;
                    let gifts = (0..n)
                        .filter(|&i| d.elixir_for_all && leaders[usize::from(i)].on_board())
                        .map(|leader| Frame::Gift { leader });
                    s.pending.push_in_order(gifts.chain(std::iter::once(Frame::ResumeTurn)));
                } else {
                    s.parley_closed = true;
                    events.emit(WorldsEvent::Rebuffed);
                    let (boss, leaders) = (self.boss(s), &s.leaders);
                    let rebukes = boss.into_iter().flat_map(|enemy| {
                        (0..n)
                            .filter(|&i| leaders[usize::from(i)].active())
                            .map(move |leader| Frame::Rebuke { enemy, leader })
                    });
                    s.pending.push_in_order(rebukes.chain(std::iter::once(Frame::ResumeTurn)));
                }
                return;
            }
            Task::Revive(t) => {
                let total = roll + plus(Element::Water);
                let success = total >= 5;
                events.emit(WorldsEvent::TaskRolled { leader, task, roll: total, success });
                if success {
                    self.resurrect(s, t, events);
                } else if let Status::Unconscious { fails } = s.leaders[usize::from(t)].status {
                    s.leaders[usize::from(t)].status =
                        if fails >= 2 { Status::Captured } else { Status::Unconscious { fails: fails + 1 } };
                    if fails >= 2 {
                        events.emit(WorldsEvent::LeaderCaptured { leader: t });
                    }
                }
                self.end_turn(s, events);
                return;
            }
            Task::RelicTry => {
                let success = roll >= 5;
                events.emit(WorldsEvent::TaskRolled { leader, task, roll, success });
                if success {
                    s.phase = Phase::CharmType { leader };
                    return;
                }
            }
        }
        self.after_action(s, events);
    }

    pub(crate) fn give_tokens<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        leader: u8,
        amount: u32,
        events: &mut E,
    ) {
        if amount == 0 {
            return;
        }
        let l = &mut s.leaders[usize::from(leader)];
        l.card.tokens = l.card.tokens.saturating_add(amount);
        events.emit(WorldsEvent::Tokens { leader, amount });
    }

    /// The keep roll after the Coyote's Favour is used: kept on the quest's
    /// `keep` or more, otherwise destroyed. The leader's turn start goes on.
    pub(crate) fn favour_kept<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        leader: u8,
        roll: u8,
        events: &mut E,
    ) {
        let keep = self.quest.boss.as_ref().and_then(|b| b.reward_relic.as_ref()).map_or(4, |r| r.keep);
        let kept = roll >= keep;
        let l = &mut s.leaders[usize::from(leader)];
        if !kept && let Some(i) = l.card.relics.iter().position(|r| *r == Relic::CoyoteFavour) {
            l.card.relics.remove(i);
        }
        events.emit(WorldsEvent::FavourKept { leader, roll, kept });
        s.phase = Phase::TurnStart { leader };
    }

    pub(crate) fn rewards_rolled<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, rolls: &[u8], events: &mut E) {
        let threshold = self.quest.boss.as_ref().and_then(|b| b.reward_relic.as_ref()).map_or(7, |r| r.threshold);
        let on_board: Vec<usize> = (0..s.leaders.len()).filter(|&i| s.leaders[i].on_board()).collect();
        for (&i, &v) in on_board.iter().zip(rolls) {
            if v >= threshold {
                s.leaders[i].card.relics.push(Relic::CoyoteFavour);
                events.emit(WorldsEvent::GotRelic { leader: i as u8, relic: Relic::CoyoteFavour });
            }
        }
        self.finish(s, super::state::WorldsEnding::Won, events);
    }

    /// After an action: the turn goes on while actions remain and the leader stands.
    pub(crate) fn after_action<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        if s.phase == Phase::Over {
            return;
        }
        let Some(leader) = s.turn_of else { return };
        if !s.leaders[usize::from(leader)].active() || s.actions_left == 0 {
            self.end_turn(s, events);
        } else {
            s.phase = Phase::Act { leader };
        }
    }

    /// Ends the current leader's turn and gives the next.
    pub(crate) fn end_turn<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        if let Some(leader) = s.turn_of {
            let l = &mut s.leaders[usize::from(leader)];
            l.played = true;
            l.speed_boost = false;
        }
        s.actions_left = 0;
        if s.phase != Phase::Over {
            // The turn's last change (a step, a capture, a resurrection) may
            // have brought a leader into sight: alerts are checked before the
            // next turn, or the enemies' part of the round, begins (ruling W6).
            if s.turn_of.is_some() {
                self.check_alerts(s, events);
            }
            self.next_leader(s, events);
        }
    }
}
