//! Hero points ("HERO POINTS"): "A creature can spend a hero point to
//! reroll a Fight roll, saving throw or check that they have made, or to make
//! a creature targeting them with an attack reroll their Fight roll. Either
//! way, use the second result." and "A creature can spend a hero point just
//! before making a recovery check. They pass that recovery check and all
//! subsequent ones that they make in this encounter."
//!
//! A d20 that a hero point may reroll is held on the pending stack
//! ([`Frame::Held`]) under one window per creature that may spend on it, the
//! roller's first, then the target's of a strike (ruling P2V-R28). Spending
//! replaces the held roll with [`Frame::Rerolled`], whose die takes effect at
//! once; passing every window lets the held die take effect. A creature is
//! asked only when a reroll can help it: the roller unless its result is
//! already the best it can be, the target of a strike only when it is hit.

use super::event::{Degree, Event};
use super::rules::P2v;
use super::state::{Frame, Life, State, Strike, Trigger};
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// Hero points `who` has left (0 out of play).
    pub fn hero_points(&self, s: &State, who: u8) -> u8 {
        s.creatures
            .get(usize::from(who))
            .filter(|c| matches!(c.life, Life::Up | Life::Dying))
            .map_or(0, |c| c.hero_points)
    }

    /// The windows a d20 just rolled for `frame` opens: one per creature
    /// with a hero point that a reroll could help, asked in order (none:
    /// the roll takes effect at once).
    pub(crate) fn hero_windows(&self, s: &State, frame: &Frame, die: u8) -> Vec<Window<Trigger>> {
        let mut out = Vec::new();
        let mut offer = |who: u8, roller: u8, helps: bool| {
            if helps && self.hero_points(s, who) > 0 {
                let t = Trigger::Reroll { who, roller, die };
                out.push(Window::for_seat(t, Timing::After, Seat(self.team(usize::from(who)))));
            }
        };
        match frame {
            Frame::FightRoll(st) => {
                let (_, _, degree) = self.fight_degree(s, st, die);
                offer(st.attacker, st.attacker, degree < Degree::CriticalSuccess);
                // "… or to make a creature targeting them with an attack
                // reroll their Fight roll" (an attack is a Strike: P2V-R28).
                offer(st.target, st.attacker, degree >= Degree::Success);
            }
            // A maneuver's Fight roll is the Power of the save: higher is
            // always better for its maker.
            Frame::Maneuver(m) => offer(m.attacker, m.attacker, die < 20),
            Frame::ManeuverSave { maneuver: m, power } => {
                let total = i32::from(die) + self.save_bonus(s, m.target, m.save());
                let degree = Self::save_degree(die, total, i32::from(*power));
                offer(m.target, m.target, degree < Degree::Success);
                out.extend(self.retry_windows(s, m.target, m.save(), &[], die, degree));
            }
            Frame::Affect(a) => {
                if let Some((degree, best)) = self.affect_degree(s, a, die) {
                    offer(a.target, a.target, degree < best);
                    if let Some(save) = self.affect_save(a) {
                        let traits = self.affect_traits(a);
                        out.extend(self.retry_windows(s, a.target, save.name(), &traits, die, degree));
                    }
                }
            }
            Frame::Claim { who, objective, skill } => {
                let name = super::damage::SKILLS.get(usize::from(*skill)).copied().unwrap_or("");
                let power = s.objectives.get(usize::from(*objective)).map_or(0, |o| i32::from(o.power));
                offer(*who, *who, i32::from(die) + self.skill_bonus(s, *who, name) < power);
            }
            Frame::Spot { who, .. } => {
                let power = self.spot_power(s, *who).unwrap_or(0);
                offer(*who, *who, i32::from(die) + self.skill_bonus(s, *who, "perception") < power);
            }
            Frame::SpotObstacle { who, .. } => {
                let power = self.obstacle_power(s, *who).unwrap_or(0);
                offer(*who, *who, i32::from(die) + self.skill_bonus(s, *who, "perception") < power);
            }
            Frame::Climb { who, by } => {
                let (total, power) = self.climb_total(s, *who, *by, die);
                offer(*who, *who, total < power);
            }
            Frame::Pluck { who, target } => {
                let power = self.profile(usize::from(*target)).map_or(0, |p| p.power);
                offer(*who, *who, i32::from(die) + self.skill_bonus(s, *who, "athletics") < power);
            }
            Frame::JumpCheck { who, over, .. } => {
                let (_, cleared) = self.jump_total(s, *who, die);
                offer(*who, *who, cleared < *over);
            }
            Frame::TumbleCheck { who, target } => {
                let (total, power) = self.tumble_total(s, *who, *target, die);
                offer(*who, *who, total < power);
            }
            _ => {}
        }
        out
    }

    /// A strike's Fight roll: its total, the Armor it meets and its degree
    /// ("If the Fight roll is a natural 20 … or the result exceeds the Armor
    /// by 10 or more …, it is a critical hit").
    pub(crate) fn fight_degree(&self, s: &State, st: &Strike, die: u8) -> (i32, i32, Degree) {
        use super::state::Conditions as C;
        let fight = self.profile(usize::from(st.attacker)).map_or(0, |p| p.fight);
        let rattled = s.creatures.get(usize::from(st.attacker)).is_some_and(|c| c.conditions.has(C::RATTLED));
        let total = i32::from(die) + fight + i32::from(st.penalty) - if rattled { 2 } else { 0 }
            + self.bonus(s, st.attacker, super::cast::Stat::Fight);
        let armor = self.armor(s, st.target, st.attacker) + if st.caught { self.catch_bonus(st.target) } else { 0 };
        let degree = if die == 20 || total >= armor + 10 {
            Degree::CriticalSuccess
        } else if total >= armor {
            Degree::Success
        } else {
            Degree::Failure
        };
        (total, armor, degree)
    }

    /// Spends `who`'s hero point on the roll held below the windows on top:
    /// the windows go, and the roll is made again.
    pub(crate) fn reroll<E: EventSink<Event>>(&self, s: &mut State, who: u8, roller: u8, events: &mut E) {
        let Some(c) = s.creatures.get_mut(usize::from(who)) else { return };
        c.hero_points = c.hero_points.saturating_sub(1);
        let left = c.hero_points;
        let Some((roll, die)) = take_held(s) else { return };
        events.emit(Event::HeroPoint { who, reroll: Some(roller), die, left });
        s.pending.push(Frame::Rerolled { roll, better_than: None });
    }

    /// Pushes a dying creature's recovery check, and before it the window
    /// in which it may spend a hero point to pass it.
    pub(crate) fn push_recovery(&self, s: &mut State, who: u8) {
        s.pending.push(Frame::Recovery { who });
        let t = Trigger::Recovery { who };
        let seat = Seat(self.team(usize::from(who)));
        self.offer_window(s, t, Timing::Before, seat);
    }

    /// Whether `who` may spend a hero point before its recovery check now.
    pub(crate) fn may_spend_on_recovery(&self, s: &State, who: u8) -> bool {
        s.creatures
            .get(usize::from(who))
            .is_some_and(|c| c.life == Life::Dying && !c.sure_recovery && c.hero_points > 0)
    }

    /// Spends `who`'s hero point before its recovery check: it passes it
    /// and every later one of the battle.
    pub(crate) fn sure_recovery<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some(c) = s.creatures.get_mut(usize::from(who)) else { return };
        c.hero_points = c.hero_points.saturating_sub(1);
        c.sure_recovery = true;
        events.emit(Event::HeroPoint { who, reroll: None, die: 0, left: c.hero_points });
    }
}

/// Closes every window still open on a held roll (hero points, retries)
/// and takes the roll itself: its frame and the die that was rolled.
pub(crate) fn take_held(s: &mut State) -> Option<(Box<Frame>, u8)> {
    while matches!(s.pending.top(), Some(Frame::Window(w))
        if matches!(w.trigger, Trigger::Reroll { .. } | Trigger::Retry { .. }))
    {
        s.pending.pop();
    }
    match s.pending.pop() {
        Some(Frame::Held { roll, die }) => Some((roll, die)),
        Some(other) => {
            s.pending.push(other);
            None
        }
        None => None,
    }
}
