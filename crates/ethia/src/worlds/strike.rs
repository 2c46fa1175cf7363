//! Capture attempts in E'thia Worlds, by leaders and against them: the dice,
//! the window for re-rolls and bonuses, and the result. A strike is a frame on
//! the pending stack (`Frame::Strike`) that waits for its dice, then for the
//! leader's re-rolls and bonuses; what follows it (the rest of the leader's
//! turn, the rest of the enemy round) is the frame beneath.
//!
//! "In combat Ties are a miss (UOS)", except where a leader's type wins them:
//! a Ranger's ranged attacks, a Striker's close attacks, a Defender defending.
//! A failed defence costs a leader 1 hit point. A leader that loses its own
//! close attack, or an enemy whose close attack the leader beats, is hit in
//! turn (ruling W9); ranged enemies cannot be captured while attacking.

use super::action::WorldsAction;
use super::card::{Bonus, Element, Elixir, LeaderType};
use super::event::WorldsEvent;
use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, Strike, StrikeStep, WorldsEnding, WorldsState};
use arbiter_core::EventSink;

impl EthiaWorlds {
    /// A leader attacks an enemy; the dice follow, then the rest of its turn
    /// (for the free-shot elixir, the rest of its turn start).
    pub(crate) fn leader_attacks(&self, s: &mut WorldsState, leader: u8, enemy: u8, close: bool, free: bool) {
        if let Some(e) = s.enemies.get_mut(usize::from(enemy)) {
            e.marked = true;
            if e.kind == EnemyKind::Boss {
                s.boss_attacked = true;
            }
        }
        let strike = Strike {
            leader,
            enemy,
            by_leader: true,
            close,
            attack: [0; 3],
            defence: 0,
            charmed: false,
            element_ok: true,
            step: StrikeStep::Roll,
        };
        let then = if free { Frame::ShotFired { leader } } else { Frame::ResumeTurn };
        s.pending.push_in_order([Frame::Strike(strike), then]);
    }

    /// An enemy attacks a leader; the dice follow.
    pub(crate) fn enemy_attacks(&self, s: &mut WorldsState, enemy: u8, leader: u8, close: bool, element_ok: bool) {
        s.pending.push(Frame::Strike(Strike {
            leader,
            enemy,
            by_leader: false,
            close,
            attack: [0; 3],
            defence: 0,
            charmed: false,
            element_ok,
            step: StrikeStep::Roll,
        }));
    }

    /// The strike waiting on top, to change it.
    fn strike_mut(s: &mut WorldsState) -> Option<&mut Strike> {
        match s.pending.top_mut() {
            Some(Frame::Strike(k)) => Some(k),
            _ => None,
        }
    }

    pub(crate) fn strike_rolled<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, v: &[u8], events: &mut E) {
        let Some(k) = Self::strike_mut(s) else { return };
        let n = v.len().saturating_sub(1);
        k.attack = [0; 3];
        for (slot, &d) in k.attack.iter_mut().zip(&v[..n]) {
            *slot = d;
        }
        k.defence = v.get(n).copied().unwrap_or(1);
        self.open_window(s, events);
    }

    /// The re-rolls and bonuses the leader may use on the strike now.
    pub(crate) fn window_options(&self, s: &WorldsState, out: &mut Vec<WorldsAction>) {
        let Some(&k) = s.strike() else { return };
        let [reroll, quicken, charm] = self.window_offers(s, &k);
        out.push(WorldsAction::Resolve);
        for (offered, a) in
            [(reroll, WorldsAction::Reroll), (quicken, WorldsAction::Quicken), (charm, WorldsAction::Charm)]
        {
            if offered {
                out.push(a);
            }
        }
    }

    /// Whether the leader may re-roll with its element, drink a Quickening
    /// elixir, or spend its charm on the strike `k`.
    fn window_offers(&self, s: &WorldsState, k: &Strike) -> [bool; 3] {
        let l = &s.leaders[usize::from(k.leader)];
        let element_reroll = k.element_ok
            && if k.by_leader {
                l.card.element == Element::Fire && l.fire_left > 0
            } else {
                l.card.element == Element::Earth && l.earth_left > 0
            };
        let quicken = l.card.elixirs.contains(&Elixir::Quickening);
        let charm = !k.charmed && l.charm(if k.by_leader { Bonus::Attack } else { Bonus::Defense });
        [element_reroll, quicken, charm]
    }

    /// After the dice: the leader's window opens if it has anything to use,
    /// else the strike is settled at once.
    fn open_window<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        let Some(&k) = s.strike() else { return };
        if self.window_offers(s, &k).contains(&true) {
            if let Some(k) = Self::strike_mut(s) {
                k.step = StrikeStep::Window;
            }
        } else {
            self.resolve(s, events);
        }
    }

    pub(crate) fn window_decide<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        a: WorldsAction,
        events: &mut E,
    ) {
        let Some(&k) = s.strike() else { return };
        let l = &mut s.leaders[usize::from(k.leader)];
        match a {
            WorldsAction::Reroll => {
                if k.by_leader {
                    l.fire_left -= 1;
                } else {
                    l.earth_left -= 1;
                }
                if let Some(k) = Self::strike_mut(s) {
                    k.step = StrikeStep::Reroll { keep_higher: false };
                }
            }
            WorldsAction::Quicken => {
                if let Some(i) = l.card.elixirs.iter().position(|e| *e == Elixir::Quickening) {
                    l.card.elixirs.remove(i);
                }
                if let Some(k) = Self::strike_mut(s) {
                    k.step = StrikeStep::Reroll { keep_higher: true };
                }
            }
            WorldsAction::Charm => {
                l.charm_ready = false;
                if let Some(k) = Self::strike_mut(s) {
                    k.charmed = true;
                }
                self.open_window(s, events);
            }
            _ => self.resolve(s, events),
        }
    }

    pub(crate) fn strike_rerolled<E: EventSink<WorldsEvent>>(
        &self,
        s: &mut WorldsState,
        keep_higher: bool,
        v: &[u8],
        events: &mut E,
    ) {
        let Some(k) = Self::strike_mut(s) else { return };
        if k.by_leader {
            let mut fresh = [0u8; 3];
            for (slot, &d) in fresh.iter_mut().zip(v) {
                *slot = d;
            }
            let better = fresh.iter().max() > k.attack.iter().max();
            if !keep_higher || better {
                k.attack = fresh;
            }
        } else {
            let d = v.first().copied().unwrap_or(1);
            k.defence = if keep_higher { k.defence.max(d) } else { d };
        }
        self.open_window(s, events);
    }

    /// Settles the strike and takes it off the pending stack; the frame
    /// beneath carries on.
    fn resolve<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, events: &mut E) {
        let Some(&k) = s.strike() else { return };
        s.pending.pop();
        let l = &s.leaders[usize::from(k.leader)];
        let charm = i8::from(k.charmed);
        let (attack, defence, attacker_wins, defender_wins) = if k.by_leader {
            let a = k.best() as i8 + if l.attack_boost { 2 } else { 0 } + l.relic_bonus(Bonus::Attack) + charm;
            let d = k.defence as i8;
            let tie_win = (k.close && l.is(LeaderType::Striker)) || (!k.close && l.is(LeaderType::Ranger));
            (a, d, a > d || (a == d && tie_win), d > a)
        } else {
            let a = k.best() as i8;
            let d = k.defence as i8 + if l.defense_boost { 2 } else { 0 } + l.relic_bonus(Bonus::Defense) + charm;
            let tie_win = l.is(LeaderType::Defender);
            (a, d, a > d, d > a || (a == d && tie_win))
        };
        let result = match (k.by_leader, attacker_wins, defender_wins) {
            (true, true, _) => "hit",
            (true, _, true) if k.close => "the leader is hurt",
            (false, true, _) => "the leader is hurt",
            (false, _, true) if k.close && s.enemies[usize::from(k.enemy)].kind != EnemyKind::Ranged => {
                "the enemy is hit"
            }
            _ => "a miss",
        };
        events.emit(WorldsEvent::Struck {
            leader: k.leader,
            enemy: k.enemy,
            by_leader: k.by_leader,
            attack,
            defence,
            result,
        });
        match result {
            "hit" | "the enemy is hit" => self.hit_enemy(s, k.enemy, k.leader, events),
            "the leader is hurt" => self.hurt(s, k.leader, 1, events),
            _ => {}
        }
    }

    /// An enemy is hit by a leader: captured, or a boss loses a hit point.
    fn hit_enemy<E: EventSink<WorldsEvent>>(&self, s: &mut WorldsState, enemy: u8, by: u8, events: &mut E) {
        let e = &mut s.enemies[usize::from(enemy)];
        let captured = match e.kind {
            EnemyKind::Boss if !s.pacified && e.hp > 0 => {
                e.hp -= 1;
                events.emit(WorldsEvent::BossHit { hp: e.hp });
                false
            }
            _ => true,
        };
        if !captured {
            return;
        }
        e.gone = true;
        let kind = e.kind;
        events.emit(WorldsEvent::Captured { enemy, by });
        match kind {
            EnemyKind::Close => self.give_tokens(s, by, self.quest.close.tokens, events),
            EnemyKind::Ranged => self.give_tokens(s, by, self.quest.ranged.tokens, events),
            EnemyKind::Boss => {
                let Some(b) = self.quest.boss.clone() else { return };
                self.give_tokens(s, by, b.tokens, events);
                for i in 0..s.leaders.len() as u8 {
                    if i != by && s.leaders[usize::from(i)].on_board() {
                        self.give_tokens(s, i, b.tokens_others, events);
                    }
                }
                // The quest is won: whatever was pending is over.
                s.pending.clear();
                if b.reward_relic.is_some() {
                    s.phase = Phase::RewardRolls;
                } else {
                    self.finish(s, WorldsEnding::Won, events);
                }
            }
        }
    }
}
