//! The automated enemies of E'thia Worlds: hostility at the end of the leader
//! round, the alerted/hostile phase and the enemy round (ranged units, close
//! quarters units, the boss). Their steps are frames on the state's pending
//! stack (the resolution core, `arbiter_core::resolve`), run in order by
//! `drive`: each runs at once, or pushes a frame that waits — a chance node
//! (an action roll, a strike) or a Players' Choice Rule decision of the party
//! (which leader is attacked, where an enemy moves). The frames of diplomacy's
//! consequences and the end of a leader's action run here too.

use super::action::WorldsAction;
use super::card::Element;
use super::event::WorldsEvent;
use super::quest::EnemyKind;
use super::reach::{approach, close_reach, touches};
use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, WorldsState};
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
    /// the leader, not walled off; in enemy order, then leader order.
    fn close_pairs<'a>(&'a self, s: &'a WorldsState) -> impl Iterator<Item = (u8, u8)> + 'a {
        let g = self.grid();
        s.enemies.iter().enumerate().filter(|(_, e)| !e.gone && e.kind == EnemyKind::Close).flat_map(move |(i, e)| {
            s.leaders
                .iter()
                .enumerate()
                .filter(move |(_, l)| l.active() && touches(g, s, e.at, l.at))
                .map(move |(j, _)| (i as u8, j as u8))
        })
    }

    /// Carries out a frame that runs at once, already taken off the pending
    /// stack: an enemy step, diplomacy's consequences, the end of a round. It
    /// may change the state, emit events and push frames, which the resolution
    /// core's `drive` runs in turn until one waits.
    pub(crate) fn run_frame<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, frame: Frame, events: &mut E) {
        let active = self.active_mask(s);
        let gone = |s: &WorldsState, e: u8| s.enemies.get(usize::from(e)).is_none_or(|x| x.gone);
        match frame {
            Frame::LeaderRoundOver => {
                s.turn_of = None;
                s.phase = Phase::Enemies;
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
                for l in &mut s.leaders {
                    l.earth_left = if l.card.element == Element::Earth { 2 } else { 0 };
                }
                // The alerted/hostile phase, then the enemy round: ranged units,
                // close-quarters units (their moves, then their shared roll), the
                // boss; then the next round.
                let es = &s.enemies;
                let n = es.len() as u8;
                let of = move |k: EnemyKind| (0..n).filter(move |&i| es[usize::from(i)].kind == k);
                let alerted = (0..n).filter(|&i| es[usize::from(i)].alerted && !es[usize::from(i)].gone);
                let hostile = (0..n).filter(|&i| es[usize::from(i)].hostile && !es[usize::from(i)].gone);
                s.pending.push_in_order(
                    alerted
                        .map(|enemy| Frame::AlertAttack { enemy })
                        .chain(hostile.map(|enemy| Frame::HostileAttack { enemy }))
                        .chain(of(EnemyKind::Ranged).map(|enemy| Frame::RangedTurn { enemy }))
                        .chain(of(EnemyKind::Close).map(|enemy| Frame::CloseMove { enemy }))
                        .chain(std::iter::once(Frame::CloseTurn))
                        .chain(of(EnemyKind::Boss).map(|enemy| Frame::BossTurn { enemy }))
                        .chain(std::iter::once(Frame::RoundOver)),
                );
            }
            Frame::AlertAttack { enemy } => {
                if !gone(s, enemy) && active != 0 {
                    self.aim(s, enemy, false, false, false, active);
                }
            }
            Frame::HostileAttack { enemy } => {
                if gone(s, enemy) || active == 0 {
                    return;
                }
                let spots = approach(self.grid(), s, enemy, ANYWHERE, active);
                match spots.as_slice() {
                    [] => {}
                    [(c, beside)] if beside.count_ones() == 1 => {
                        self.move_enemy(s, enemy, *c, events);
                        self.enemy_attacks(s, enemy, beside.trailing_zeros() as u8, true, false);
                    }
                    _ => s.pending.push(Frame::Place { enemy, then_attack: true }),
                }
            }
            Frame::RangedTurn { enemy } => {
                if !gone(s, enemy) && self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) != 0 {
                    s.pending.push(Frame::EnemyRoll { enemy, kind: EnemyKind::Ranged });
                }
            }
            Frame::Volley { enemy, in_range } => {
                if gone(s, enemy) {
                    return;
                }
                let targets = if in_range { self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) } else { active };
                if targets != 0 {
                    self.aim(s, enemy, false, in_range, true, targets);
                }
            }
            Frame::CloseMove { enemy } => {
                if gone(s, enemy) {
                    return;
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
                    return;
                }
                let spots = approach(g, s, enemy, CLOSE_REACH, in_reach);
                match spots.as_slice() {
                    [] => {}
                    [(c, _)] => self.move_enemy(s, enemy, *c, events),
                    _ => s.pending.push(Frame::Place { enemy, then_attack: false }),
                }
            }
            Frame::CloseTurn => {
                let first = self.close_pairs(s).next();
                if let Some((enemy, _)) = first {
                    s.pending.push(Frame::EnemyRoll { enemy, kind: EnemyKind::Close });
                }
            }
            Frame::CloseAttack => {
                let (first, more) = {
                    let mut pairs = self.close_pairs(s);
                    (pairs.next(), pairs.next().is_some())
                };
                match (first, more) {
                    (None, _) => {}
                    (Some((enemy, leader)), false) => self.enemy_attacks(s, enemy, leader, true, true),
                    (Some(_), true) => s.pending.push(Frame::Pair),
                }
            }
            Frame::BossTurn { enemy } => {
                if !gone(s, enemy) && self.within(s, s.enemies[usize::from(enemy)].at, TRIGGER) != 0 {
                    s.pending.push(Frame::EnemyRoll { enemy, kind: EnemyKind::Boss });
                }
            }
            Frame::Rebuke { enemy, leader } => {
                if !gone(s, enemy) && s.leaders.get(usize::from(leader)).is_some_and(|l| l.active()) {
                    self.enemy_attacks(s, enemy, leader, false, false);
                }
            }
            Frame::ResumeTurn => self.after_action(s, events),
            Frame::ShotFired { leader } => {
                if s.leaders.get(usize::from(leader)).is_some_and(|l| l.active()) {
                    s.phase = Phase::TurnStart { leader };
                } else {
                    self.end_turn(s, events);
                }
            }
            Frame::RoundOver => self.start_round(s, events),
            // Frames that wait are answered by decisions and rolls, never run;
            // one nobody can answer any more (a gift to a leader who has left
            // the board) is passed over.
            Frame::Aim { .. }
            | Frame::Place { .. }
            | Frame::EnemyRoll { .. }
            | Frame::Pair
            | Frame::Gift { .. }
            | Frame::Strike(_) => {}
        }
    }

    /// An enemy attacks: directly if one leader may be chosen, else the party aims.
    fn aim(&self, s: &mut WorldsState, enemy: u8, close: bool, in_range: bool, element_ok: bool, targets: u8) {
        if targets.count_ones() == 1 {
            self.enemy_attacks(s, enemy, targets.trailing_zeros() as u8, close, element_ok);
        } else {
            s.pending.push(Frame::Aim { enemy, close, in_range, element_ok });
        }
    }

    fn move_enemy<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, enemy: u8, to: Cell, events: &mut E) {
        if let Some(e) = s.enemies.get_mut(usize::from(enemy))
            && e.at != to
        {
            e.at = to;
            events.emit(WorldsEvent::EnemyMoved { enemy, to: At::of(self.grid(), to) });
        }
    }

    /// An enemy's action roll (its frame already answered): its attacks are
    /// pushed, to run before the rest of the enemy round.
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
        let attack = match kind {
            EnemyKind::Ranged => Frame::Volley { enemy, in_range: true },
            EnemyKind::Close => Frame::CloseAttack,
            EnemyKind::Boss => Frame::Volley { enemy, in_range: false },
        };
        for _ in 0..attacks {
            s.pending.push(attack);
        }
    }

    /// The party's choices while `frame` waits on top: targets, destinations, pairs.
    pub(crate) fn pcr_options(&self, s: &WorldsState, frame: Frame, out: &mut Vec<WorldsAction>) {
        let active = self.active_mask(s);
        match frame {
            Frame::Aim { enemy, close, in_range, .. } => {
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
            Frame::Place { enemy, then_attack } => {
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
            Frame::Pair => {
                out.extend(self.close_pairs(s).map(|(e, l)| WorldsAction::Pair(s.enemies[usize::from(e)].at, l)))
            }
            _ => {}
        }
    }

    /// Applies the party's choice, answering the frame `frame` on top.
    pub(crate) fn pcr_decide<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        frame: Frame,
        a: WorldsAction,
        events: &mut E,
    ) {
        match (frame, a) {
            (Frame::Aim { enemy, close, element_ok, .. }, WorldsAction::Aim(l)) => {
                s.pending.pop();
                self.enemy_attacks(s, enemy, l, close, element_ok);
            }
            (Frame::Place { enemy, then_attack }, WorldsAction::Place(c)) => {
                s.pending.pop();
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
                }
            }
            (Frame::Pair, WorldsAction::Pair(c, l)) => {
                if let Some(e) = s.enemy_at(c) {
                    s.pending.pop();
                    self.enemy_attacks(s, e, l, true, true);
                }
            }
            _ => {}
        }
    }
}
