//! Per-figure statistics of a finished game, for the balance laboratory
//! (`Entry::figure_stats`): for every figure of both sets, whether it
//! survived, how many enemies it defeated, the damage it dealt in its
//! attacks and the abilities it used. Worked out from the game's events:
//! an attack's hits and the defeat of its target count for the attacker
//! who declared it; a figure defeated otherwise (a mine) counts as
//! defeated, for nobody.

use crate::Event;
use crate::rules::Ephemeral;
use crate::state::State;
use arbiter_core::{FigureStat, Game};

impl Ephemeral {
    /// Every figure's statistics in one finished game (`events`: all of its
    /// events, in order).
    pub fn figure_tally(&self, end: &State, events: &[Event]) -> Vec<FigureStat> {
        let n = self.stats().len();
        let (mut kills, mut damage, mut used) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
        let mut attack: Option<(usize, u8)> = None;
        for event in events {
            match *event {
                Event::Attack { attacker, target, .. } => attack = Some((usize::from(attacker), target)),
                Event::Hit { target, damage: d } => {
                    if let Some((a, t)) = attack
                        && t == target
                        && a < n
                    {
                        damage[a] += u32::from(d);
                    }
                }
                Event::Defeated { figure } => {
                    if let Some((a, t)) = attack
                        && t == figure
                        && a < n
                    {
                        kills[a] += 1;
                    }
                }
                Event::Used { figure, .. } if usize::from(figure) < n => used[usize::from(figure)] += 1,
                Event::Activated { .. } | Event::Ended { .. } => attack = None,
                _ => {}
            }
        }
        let mut out = Vec::with_capacity(4 * n);
        for (i, s) in self.stats().iter().enumerate() {
            let side = s.owner.index();
            let set = self.variant().sets.get(side).map(|s| s.name().trim()).filter(|n| !n.is_empty());
            let figure = match set {
                Some(set) => format!("{set}: {}", s.name),
                None => format!("P{}'s set: {}", side + 1, s.name),
            };
            let survived = end.figures.get(i).is_some_and(|f| !f.defeated);
            for (stat, rate, value) in [
                ("survived", true, f64::from(u8::from(survived))),
                ("kills", false, f64::from(kills[i])),
                ("damage dealt", false, f64::from(damage[i])),
                ("abilities used", false, f64::from(used[i])),
            ] {
                out.push(FigureStat { side, figure: figure.clone(), stat: stat.into(), rate, value });
            }
        }
        out
    }
}
