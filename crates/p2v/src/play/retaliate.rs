//! Damage dealt back (Thunderbird Tuft): "Thunderbird Tuft ⚡ When a melee
//! strike hits the carrier, the attacker takes 5 electricity damage."
//!
//! A reaction power with `retaliate = "5 electricity"`: when a melee strike
//! hits its creature, its owner is asked, before the strike's damage; on
//! `react` it spends its reaction and the power's use, and the attacker
//! takes the damage, with its resistances and weaknesses (ruling P2V-R84).

use super::event::Event;
use super::rules::P2v;
use super::state::{Hit, Life, State, Trigger};
use arbiter_core::resolve::Timing;
use arbiter_core::{EventSink, Seat};

impl P2v {
    /// The reaction power with which `who` deals damage back, if it has one with a use left.
    fn retaliation(&self, s: &State, who: u8) -> Option<u8> {
        let p = self.profile(usize::from(who))?;
        (0..p.powers.len().min(32) as u8).find(|&k| {
            p.powers[usize::from(k)].program.retaliate.is_some()
                && self
                    .use_counter(who, k)
                    .is_none_or(|u| s.creatures[usize::from(who)].power_uses.get(u).copied().unwrap_or(0) > 0)
        })
    }

    /// Whether `who` may deal damage back to `attacker` with `power` now.
    pub(crate) fn may_retaliate(&self, s: &State, who: u8, attacker: u8, power: u8) -> bool {
        let up = s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Up);
        up && self.may_react(s, who)
            && self.in_play(s, usize::from(attacker))
            && self.retaliation(s, who) == Some(power)
    }

    /// A strike of `attacker` with `weapon` hit `target`: if it was a melee
    /// strike and the target can deal damage back, its owner is asked.
    pub(crate) fn offer_retaliate(&self, s: &mut State, attacker: u8, weapon: u8, target: u8) {
        let melee = self
            .profile(usize::from(attacker))
            .and_then(|p| p.weapons.get(usize::from(weapon)))
            .is_some_and(|w| w.melee());
        let Some(power) = self.retaliation(s, target).filter(|_| melee) else { return };
        let t = Trigger::Retaliate { who: target, attacker, power };
        let seat = Seat(self.team(usize::from(target)));
        self.offer_window(s, t, Timing::After, seat);
    }

    /// `who` answers the hit: its reaction and the power's use are spent,
    /// and the attacker takes the damage.
    pub(crate) fn retaliate<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        attacker: u8,
        power: u8,
        events: &mut E,
    ) {
        s.pending.pop();
        let Some(pw) = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))) else { return };
        let Some(amount) = pw.program.retaliate else { return };
        let name = pw.name.clone();
        if let Some(u) = self.use_counter(who, power)
            && let Some(n) = s.creatures.get_mut(usize::from(who)).and_then(|c| c.power_uses.get_mut(u))
        {
            *n = n.saturating_sub(1);
        }
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.reacted = true;
        }
        events.emit(Event::Reacts { who, reaction: name });
        self.push_damage(
            s,
            Hit {
                target: attacker,
                source: Some(who),
                damage: amount.0,
                strike: false,
                area: false,
                critical: false,
                defended: false,
            },
        );
    }
}
