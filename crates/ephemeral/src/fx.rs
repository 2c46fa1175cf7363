//! Effects in play and the numbers they change.
//!
//! Effects are kept by the core ([`arbiter_core::resolve::Effects`]): Immobile
//! (for the rest of the game), Immobilized (until the end of the figure's next
//! activation), Force and range bonuses for a figure's next attack (D6's
//! prep token, the range prep token), and the mark of an ability used once
//! (Limit 1). The numbers they change — Force, attack range, how far a prep
//! token moves a figure, how far a move ability moves it — are computed on
//! demand here, each with a [`Breakdown`] that says why it is what it is.

use crate::catalogue::{AbilityType, Reach};
use crate::rules::Ephemeral;
use crate::state::State;
use arbiter_core::resolve::{Breakdown, Modifier};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// One kind of effect on a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Fx {
    /// It may never move by its own actions again (D12, L1).
    Immobile,
    /// It cannot move on its next activation (Immobilize).
    Immobilized,
    /// Force added to its next attack (D6, one prep token each); the value is the bonus.
    Force,
    /// Range in cm added to its next attack (prep tokens); the value is the bonus.
    Reach,
    /// The ability in this slot has been used (Limit 1).
    Used(u8),
}

/// Where a modifier comes from, for breakdowns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Src {
    /// Prep tokens spent on range.
    RangeToken,
    /// Prep tokens spent through D6.
    ForceToken,
    /// The figure's ability in this slot.
    Ability(u8, u8),
    /// The foraged die of a move ability, doubled.
    MoveDie(u8),
}

/// The modifiers of one number (few: an array on the stack).
pub type Mods = ArrayVec<Modifier<Src>, 6>;

/// A named source, for people.
pub struct Named<'a> {
    game: &'a Ephemeral,
    src: Src,
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.src {
            Src::RangeToken => f.write_str("prep tokens"),
            Src::ForceToken => f.write_str("prep tokens through D6"),
            Src::Ability(figure, slot) => f.write_str(&self.game.ability_label(figure, slot)),
            Src::MoveDie(v) => write!(f, "the die showing {v}, doubled"),
        }
    }
}

impl Ephemeral {
    /// The Force modifiers of `figure`'s next attack.
    pub fn force_mods(&self, state: &State, figure: u8) -> Mods {
        let mut m = Mods::new();
        let bonus = state.effects.total(figure, |k| *k == Fx::Force);
        if bonus != 0 {
            m.push(Modifier::new(Src::ForceToken, bonus));
        }
        m
    }

    /// The Force of `figure`'s next attack, bonuses included.
    pub fn force(&self, state: &State, figure: u8) -> u8 {
        let base = self.stats()[figure as usize].force;
        let v = arbiter_core::resolve::total(i32::from(base), &self.force_mods(state, figure));
        v.clamp(0, 255) as u8
    }

    /// The base and modifiers of the reach of `figure`'s ability in `slot`
    /// (`None`: a standard attack), in cm. Prep tokens add to an attack's
    /// reach measured from the figure's Range; an absolute reach ("within 5
    /// cm") or base contact is what it says (ruling P24).
    pub fn range_mods(&self, state: &State, figure: u8, reach: Reach, slot: Option<u8>) -> (f32, Mods) {
        let own = self.stats()[figure as usize].range_cm;
        let mut m = Mods::new();
        let base = match reach {
            Reach::Within(cm) => return (f32::from(cm), m),
            Reach::BaseContact => return (0.0, m),
            Reach::FigureRange => own,
            Reach::Modified(d) => {
                if let Some(slot) = slot {
                    m.push(Modifier::new(Src::Ability(figure, slot), i32::from(d)));
                }
                own
            }
        };
        // Range tokens are for "its next attack": a standard attack or an
        // attack ability, not a push, T12, L7 or L9 (ruling P24).
        let attack = slot.is_none_or(|s| {
            self.ability(figure, s).is_some_and(|a| {
                matches!(crate::ability::Role::of(a), crate::ability::Role::Strike | crate::ability::Role::Counter)
            })
        });
        let tokens = if attack { state.effects.total(figure, |k| *k == Fx::Reach) } else { 0 };
        if tokens != 0 {
            m.push(Modifier::new(Src::RangeToken, tokens));
        }
        (base, m)
    }

    /// How far an attack by `figure` with `reach` reaches, cm (never below 0).
    pub fn reach_cm(&self, state: &State, figure: u8, reach: Reach, slot: Option<u8>) -> f32 {
        let (base, m) = self.range_mods(state, figure, reach, slot);
        (base + m.iter().map(|x| x.amount as f32).sum::<f32>()).max(0.0)
    }

    /// The range of an attack as people read it: `range 20 + 10 (Long Bow
    /// (D4)) + 5 (prep tokens) = 35 cm`.
    pub fn reach_text(&self, state: &State, figure: u8, reach: Reach, slot: Option<u8>) -> String {
        let (base, m) = self.range_mods(state, figure, reach, slot);
        self.breakdown("range", base.round() as i32, &m) + " cm"
    }

    /// How far a prep token moves `figure`: 2 cm, or R11's 3 cm.
    pub fn nudge_mods(&self, figure: u8) -> (f32, Mods) {
        let mut m = Mods::new();
        for (slot, a) in self.abilities_of(figure) {
            if a.kind == AbilityType::Prep
                && let Some(cm) = a.params.move_cm
            {
                m.push(Modifier::new(Src::Ability(figure, slot), i32::from(cm) - crate::rules::NUDGE_CM as i32));
            }
        }
        (crate::rules::NUDGE_CM, m)
    }

    /// How far a prep token moves `figure`, cm.
    pub fn nudge_cm(&self, figure: u8) -> f32 {
        let (base, m) = self.nudge_mods(figure);
        base + m.iter().map(|x| x.amount as f32).fold(0.0, f32::max)
    }

    /// A breakdown in words, sources named.
    pub fn breakdown(&self, stat: &'static str, base: i32, mods: &[Modifier<Src>]) -> String {
        let named: Vec<Modifier<Named<'_>>> = mods
            .iter()
            .map(|m| Modifier { source: Named { game: self, src: m.source }, amount: m.amount, stacking: m.stacking })
            .collect();
        let b = Breakdown {
            stat,
            base,
            value: arbiter_core::resolve::total(base, mods),
            parts: named.into_iter().map(|modifier| arbiter_core::resolve::Part { modifier, counted: true }).collect(),
        };
        b.to_string()
    }
}
