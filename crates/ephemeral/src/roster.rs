//! Per-figure numbers the rules look up constantly, taken once from the
//! figure sets: owner, base radius, HP, Movement and Range in cm, Force,
//! points, which dice each figure can forage.

use crate::catalogue::{Ability, Keyword};
use crate::figure::FigureSet;
use arbiter_core::Seat;

/// One figure's fixed numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Its controller.
    pub owner: Seat,
    /// Index in its set.
    pub index: u8,
    /// Its name.
    pub name: String,
    /// Base radius, cm.
    pub radius: f32,
    /// Hit points.
    pub hp: u8,
    /// Movement in cm (2 × the spec).
    pub movement_cm: f32,
    /// Force.
    pub force: u8,
    /// Range in cm (5 × the spec).
    pub range_cm: f32,
    /// Figure points (base specs and abilities).
    pub points: u32,
    /// Actions per game.
    pub actions: u8,
    /// Prep tokens it brings.
    pub prep: u8,
    /// `forage[s][v]`: can it take a die of `s` sides showing `v`?
    pub forage: [[bool; 13]; 13],
    /// Its abilities, by slot.
    pub abilities: Vec<Ability>,
    /// Their names as the set gives them (`Long Bow (D4)`, or just `D4`).
    pub labels: Vec<String>,
    /// It may move through enemy bases (Sneak).
    pub sneak: bool,
}

/// Every figure of both sets, P1's first.
pub fn roster(sets: &[FigureSet]) -> Vec<Stats> {
    let mut out = Vec::new();
    for (seat, set) in sets.iter().enumerate() {
        for (i, f) in set.figures().iter().enumerate() {
            let mut forage = [[false; 13]; 13];
            for sides in [4u8, 6, 8, 10, 12] {
                for value in 1..=sides {
                    forage[sides as usize][value as usize] = f.can_forage(sides, value);
                }
            }
            out.push(Stats {
                owner: Seat(seat as u8),
                index: i as u8,
                name: f.name().to_string(),
                radius: (f.base_mm() / 20.0) as f32,
                hp: f.hp(),
                movement_cm: f.movement_cm() as f32,
                force: f.force(),
                range_cm: f.range_cm() as f32,
                points: f.points(),
                actions: f.actions(),
                prep: f.starting_prep_tokens(),
                forage,
                abilities: f.abilities().iter().map(|a| a.ability().clone()).collect(),
                labels: f.abilities().iter().map(|a| a.label()).collect(),
                sneak: f.abilities().iter().any(|a| a.ability().has(Keyword::Sneak)),
            });
        }
    }
    out
}
