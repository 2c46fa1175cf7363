//! The automated enemies of E'thia Worlds: hostility at the end of the leader
//! round, the alerted/hostile phase and the enemy round (ranged units, close
//! quarters units, the boss). Steps wait in a queue of jobs; each becomes a
//! chance node (an action roll, a strike) or a Players' Choice Rule decision
//! of the party (which leader is attacked, where an enemy moves).

use super::action::WorldsAction;
use super::card::Element;
use super::event::WorldsEvent;
use super::quest::EnemyKind;
use super::reach::{approach, close_reach, touches};
use super::rules::EthiaWorlds;
use super::state::{Job, Phase, WorldsState};
use crate::event::At;
use arbiter_core::EventSink;
use arbiter_geometry::Cell;

/// Far enough for "immediately move adjacent" on any map.
const ANYWHERE: u8 = 64;
/// A close-quarters enemy's reach.
const CLOSE_REACH: u8 = 2;
/// Ranged enemies' and the boss's trigger range, squares "connected in any fashion".
const TRIGGER: u32 = 3;

impl EthiaWorlds {
    /// Conscious leaders (bit per leader).
    fn active_mask(&self, s: &WorldsState) -> u8 {
        s.leaders.iter().enumerate().filter(|(_, l)| l.active()).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Conscious leaders within `range` king steps of a square, ignoring
    /// everything in between (ranged units attack "through walls or any other units").
    fn within(&self, s: &WorldsState, at: Cell, range: u32) -> u8 {
        let g = self.grid();
        s.leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.active() && g.chebyshev(at, l.at) <= range)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// (close-quarters enemy, leader) pairs able to fight now: the enemy beside
    /// the leader, not walled off.
    fn close_pairs(&self, s: &WorldsState) -> Vec<(u8, u8)> {
        let g = self.grid();
        let mut v = Vec::new();
        for (i, e) in s.enemies.iter().enumerate() {
            if e.gone || e.kind != EnemyKind::Close {
                continue;
            }
            for (j, l) in s.leaders.iter().enumerate() {
                if l.active() && touches(g, s, e.at, l.at) {
                    v.push((i as u8, j as u8));
                }
            }
        }
        v
    }

    /// Runs queued enemy steps until one needs a decision or dice.
    pub(crate) fn run_jobs<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        while s.phase != Phase::Over {
            let Some(job) = s.jobs.pop_front() else {
                // Nothing waits: a new round (the queue always ends with one).
                if s.phase == Phase::Next {
                    self.start_round(s, events);
                }
                return;
            };
            s.phase = Phase::Next;
            if self.job(s, job, events) {
                return;
            }
        }
    }

    /// Starts one job; true if it now waits for a decision or dice.
    fn job<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, job: Job, events: &mut E) -> bool {
        let active = self.active_mask(s);
        let gone = |s: &WorldsState, e: u8| s.enemies.get(usize::from(e)).is_none_or(|x| x.gone);
        match job {
            Job::LeaderRoundOver => {
                s.turn_of = None;
                // "If during the leader round an enemy unit is attacked but not captured
                // by the end of the leader round then that enemy unit becomes (Hostile)."
                for i in 0..s.enemies.len() {
                    let e = &mut s.enemies[i];
                    if e.marked && !e.gone && e.kind != EnemyKind::Ranged {
                        e.hostile = true;
                        e.alerted = false;
                        events.emit(WorldsEvent::Hostile { enemy: i as u8 });
                    }
                }
                let n = s.enemies.len() as u8;
                let alerted: Vec<u8> = (0..n).filter(|&i| s.enemies[usize::from(i)].alerted && !gone(s, i)).collect();
                let hostile: Vec<u8> = (0..n).filter(|&i| s.enemies[usize::from(i)].hostile && !gone(s, i)).collect();
                for l in &mut s.leaders {
                    l.earth_left = if l.card.element == Element::Earth { 2 } else { 0 };
                }
                let mut queue: Vec<Job> = alerted.into_iter().map(|enemy| Job::AlertAttack { enemy }).collect();
                queue.extend(hostile.into_iter().map(|enemy| Job::HostileAttack { enemy }));
                let kinds: Vec<EnemyKind> = s.enemies.iter().map(|e| e.kind).collect();
                let of = |k: EnemyKind| (0..n).filter(|&i| kinds[usize::from(i)] == k).collect::<Vec<u8>>();
                queue.extend(of(EnemyKind::Ranged).into_iter().map(|enemy| Job::RangedTurn { enemy }));
                queue.extend(of(EnemyKind::Close).into_iter().map(|enemy| Job::CloseMove { enemy }));
                queue.push(Job::CloseTurn);
                queue.extend(of(EnemyKind::Boss).into_iter().map(|enemy| Job::BossTurn { enemy }));
                queue.push(Job::RoundOver);
                s.jobs.extend(queue);
                false
            }
            Job::AlertAttack { enemy } => {
                if gone(s, enemy) || active == 0 {
                    return false;
                }
                self.aim(s, enemy, false, false, false, active)
            }
            Job::HostileAttack { enemy } => {
                if gone(s, enemy) || active == 0 {
                    return false;
                }
                let spots = approach(self.grid(), s, enemy, ANYWHERE, active);
                match spots.as_slice() {
                    [] => false,
                    [(c, beside)] if beside.count_ones() == 1 => {
                        self.move_enemy(s, enemy, *c, events);
                        self.enemy_attacks(s, enemy, beside.trailing_zeros() as u8, true, false);
                        true
                    }
                    _ => {
                        s.phase = Phase::Place { enemy, then_attack: true };
                        true
                    }
                }
            }
            Job::RangedTurn { enemy } => {
                if gone(s, enemy) || self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) == 0 {
                    return false;
                }
                s.phase = Phase::EnemyRoll { enemy, kind: EnemyKind::Ranged };
                true
            }
            Job::Volley { enemy, in_range } => {
                if gone(s, enemy) {
                    return false;
                }
                let targets = if in_range { self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) } else { active };
                if targets == 0 {
                    return false;
                }
                self.aim(s, enemy, false, in_range, true, targets)
            }
            Job::CloseMove { enemy } => {
                if gone(s, enemy) {
                    return false;
                }
                let e = s.enemies[usize::from(enemy)];
                let g = self.grid();
                let in_reach = s
                    .leaders
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.active() && close_reach(g, s, e.at, l.at))
                    .fold(0u8, |m, (i, _)| m | 1 << i);
                if in_reach == 0
                    || s.leaders.iter().enumerate().any(|(i, l)| in_reach & (1 << i) != 0 && touches(g, s, e.at, l.at))
                {
                    return false;
                }
                let spots = approach(g, s, enemy, CLOSE_REACH, in_reach);
                match spots.as_slice() {
                    [] => false,
                    [(c, _)] => {
                        self.move_enemy(s, enemy, *c, events);
                        false
                    }
                    _ => {
                        s.phase = Phase::Place { enemy, then_attack: false };
                        true
                    }
                }
            }
            Job::CloseTurn => match self.close_pairs(s).first() {
                None => false,
                Some(&(enemy, _)) => {
                    s.phase = Phase::EnemyRoll { enemy, kind: EnemyKind::Close };
                    true
                }
            },
            Job::CloseAttack => match self.close_pairs(s).as_slice() {
                [] => false,
                [(enemy, leader)] => {
                    self.enemy_attacks(s, *enemy, *leader, true, true);
                    true
                }
                _ => {
                    s.phase = Phase::Pair;
                    true
                }
            },
            Job::BossTurn { enemy } => {
                if gone(s, enemy) || self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) == 0 {
                    return false;
                }
                s.phase = Phase::EnemyRoll { enemy, kind: EnemyKind::Boss };
                true
            }
            Job::Rebuke { enemy, leader } => {
                if gone(s, enemy) || !s.leaders[usize::from(leader)].active() {
                    return false;
                }
                self.enemy_attacks(s, enemy, leader, false, false);
                true
            }
            Job::Gift { leader } => {
                if !s.leaders[usize::from(leader)].on_board() {
                    return false;
                }
                s.phase = Phase::PickElixir { leader, left: 1, tier: 10 };
                true
            }
            Job::ResumeTurn => {
                self.after_action(s, events);
                true
            }
            Job::RoundOver => {
                self.start_round(s, events);
                true
            }
        }
    }

    /// An enemy attacks: directly if one leader may be chosen, else the party aims.
    fn aim(&self, s: &mut WorldsState, enemy: u8, close: bool, in_range: bool, element_ok: bool, targets: u8) -> bool {
        if targets.count_ones() == 1 {
            self.enemy_attacks(s, enemy, targets.trailing_zeros() as u8, close, element_ok);
        } else {
            s.phase = Phase::Aim { enemy, close, in_range, element_ok };
        }
        true
    }

    fn move_enemy<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, enemy: u8, to: Cell, events: &mut E) {
        if let Some(e) = s.enemies.get_mut(usize::from(enemy))
            && e.at != to
        {
            e.at = to;
            events.emit(WorldsEvent::EnemyMoved { enemy, to: At::of(self.grid(), to) });
        }
    }

    /// An enemy's action roll.
    pub(crate) fn enemy_rolled<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        enemy: u8,
        kind: EnemyKind,
        roll: u8,
        events: &mut E,
    ) {
        // Ranged and close-quarters lv1 enemies: at most 3 attacks; the boss: no cap (ruling W11).
        let attacks = if kind == EnemyKind::Boss { roll } else { roll.min(3) };
        events.emit(WorldsEvent::EnemyActions { enemy, attacks });
        for _ in 0..attacks {
            let job = match kind {
                EnemyKind::Ranged => Job::Volley { enemy, in_range: true },
                EnemyKind::Close => Job::CloseAttack,
                EnemyKind::Boss => Job::Volley { enemy, in_range: false },
            };
            s.jobs.push_front(job);
        }
        self.run_jobs(s, events);
    }

    /// The party's choices: targets, destinations, pairs.
    pub(crate) fn pcr_options(&self, s: &WorldsState, out: &mut Vec<WorldsAction>) {
        let active = self.active_mask(s);
        match s.phase {
            Phase::Aim { enemy, close, in_range, .. } => {
                let e = s.enemies[usize::from(enemy)];
                let g = self.grid();
                for (i, l) in s.leaders.iter().enumerate() {
                    let ok = active & (1 << i) != 0
                        && (!in_range || g.chebyshev(e.at, l.at) <= TRIGGER)
                        && (!close || touches(g, s, e.at, l.at));
                    if ok {
                        out.push(WorldsAction::Aim(i as u8));
                    }
                }
            }
            Phase::Place { enemy, then_attack } => {
                let reach = if then_attack { ANYWHERE } else { CLOSE_REACH };
                let mut leaders = active;
                if !then_attack {
                    let e = s.enemies[usize::from(enemy)];
                    let g = self.grid();
                    leaders = s
                        .leaders
                        .iter()
                        .enumerate()
                        .filter(|(_, l)| l.active() && close_reach(g, s, e.at, l.at))
                        .fold(0, |m, (i, _)| m | 1 << i);
                }
                out.extend(
                    approach(self.grid(), s, enemy, reach, leaders).into_iter().map(|(c, _)| WorldsAction::Place(c)),
                );
            }
            Phase::Pair => out.extend(
                self.close_pairs(s).into_iter().map(|(e, l)| WorldsAction::Pair(s.enemies[usize::from(e)].at, l)),
            ),
            _ => {}
        }
    }

    /// Applies the party's choice.
    pub(crate) fn pcr_decide<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, a: WorldsAction, events: &mut E) {
        match (s.phase, a) {
            (Phase::Aim { enemy, close, element_ok, .. }, WorldsAction::Aim(l)) => {
                self.enemy_attacks(s, enemy, l, close, element_ok)
            }
            (Phase::Place { enemy, then_attack }, WorldsAction::Place(c)) => {
                self.move_enemy(s, enemy, c, events);
                if then_attack {
                    let g = self.grid();
                    let beside = s
                        .leaders
                        .iter()
                        .enumerate()
                        .filter(|(_, l)| l.active() && touches(g, s, c, l.at))
                        .fold(0u8, |m, (i, _)| m | 1 << i);
                    self.aim(s, enemy, true, false, false, beside);
                } else {
                    s.phase = Phase::Next;
                    self.run_jobs(s, events);
                }
            }
            (Phase::Pair, WorldsAction::Pair(c, l)) => {
                if let Some(e) = s.enemy_at(c) {
                    self.enemy_attacks(s, e, l, true, true);
                }
            }
            _ => {}
        }
    }
}
