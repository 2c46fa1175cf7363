//! A strike against every enemy within reach: Vine Lash ("A vine strike
//! against every enemy within its reach").
//!
//! An action with `sweep = "Vine"` strikes with that melee weapon each enemy
//! the weapon could strike now (within its reach, in sight, with line of
//! effect), in roster order, each with its own Fight roll at the multiple
//! attack penalty the turn had when the action began; the action then counts
//! as one action with a Fight roll for later strikes (ruling P2V-R155).

use super::event::Event;
use super::rules::{P2v, section};
use super::state::{Phase, State, Turn};
use arbiter_core::{EventSink, Refusal};

impl P2v {
    /// The weapon a sweep strikes with, by index, and the enemies it would strike now.
    pub(crate) fn sweep_targets(&self, s: &State, t: &Turn, power: u8) -> Option<(u8, Vec<u8>)> {
        let p = self.profile(usize::from(t.who))?;
        let name = p.powers.get(usize::from(power))?.program.sweep.as_deref()?;
        let weapon = p.weapons.iter().position(|w| w.melee() && w.name.eq_ignore_ascii_case(name))? as u8;
        let targets = (0..s.creatures.len().min(255) as u8)
            .filter(|&e| self.team(usize::from(e)) != self.controller(s, t.who))
            .filter(|&e| super::judge::strike_allowed(self, s, t, weapon, e))
            .collect();
        Some((weapon, targets))
    }

    /// Refuses a sweep with no enemy to strike.
    pub(crate) fn judge_sweep(&self, s: &State, t: &Turn, power: u8) -> Result<(), Refusal> {
        match self.sweep_targets(s, t, power) {
            Some((_, targets)) if !targets.is_empty() => Ok(()),
            Some(_) => Err(Refusal::because(
                "p2v.power.sweep",
                "no enemy is within the weapon's reach and sight (ruling P2V-R155)",
                section::TARGETING,
            )),
            None => Err(Refusal::because(
                "p2v.power.sweep",
                "the creature has no melee strike of that name (ruling P2V-R155)",
                section::STRIKE,
            )),
        }
    }

    /// Strikes every enemy in reach: the strikes are declared together at the
    /// turn's penalty and resolved in roster order.
    pub(crate) fn sweep<E: EventSink<Event>>(&self, s: &mut State, t: Turn, power: u8, events: &mut E) {
        let Some((weapon, targets)) = self.sweep_targets(s, &t, power) else { return };
        // The stack resolves the last pushed first: declare them backwards,
        // and tell them in roster order.
        let mut told: Vec<Vec<Event>> = Vec::with_capacity(targets.len());
        for &target in targets.iter().rev() {
            let mut one = Vec::new();
            super::apply::strike(self, s, t, weapon, target, (0, 0, None), &mut one);
            told.push(one);
        }
        for e in told.into_iter().rev().flatten() {
            events.emit(e);
        }
        if let Phase::Turn(tt) = &mut s.phase {
            tt.attacks = tt.attacks.saturating_add(1);
        }
    }
}
