//! Choosing attack dice: the damage is the sum if it does not exceed the
//! attacker's Force, otherwise nothing. For each Force this module finds the
//! sets of dice with the best expected damage, by exact convolution.

use crate::state::DIE_SIZES;

/// The most dice a considered set holds.
pub const MAX_SET: u8 = 6;
/// The highest Force tabulated (a figure has at most 35 base spec points).
pub const MAX_FORCE: usize = 35;
/// How many best sets are kept per Force.
pub const KEEP: usize = 4;

/// How many dice of each size (D4, D6, D8, D10, D12).
pub type Counts = [u8; 5];

/// The chance of each sum for a set of dice: `dist[s]` = P(sum = s).
pub fn distribution(counts: &Counts) -> Vec<f64> {
    let mut dist = vec![1.0];
    for (k, &n) in counts.iter().enumerate() {
        let sides = DIE_SIZES[k] as usize;
        for _ in 0..n {
            let mut next = vec![0.0; dist.len() + sides];
            for (s, p) in dist.iter().enumerate() {
                for face in 1..=sides {
                    next[s + face] += p / sides as f64;
                }
            }
            dist = next;
        }
    }
    dist
}

/// The expected damage of rolling `counts` with `force`: the mean of the
/// sum over the rolls whose sum is at most `force`, the rest counting 0.
pub fn expected_damage(counts: &Counts, force: u8) -> f64 {
    distribution(counts).iter().enumerate().take(usize::from(force) + 1).map(|(s, p)| s as f64 * p).sum()
}

/// The chance that the attack hits (the sum is at most `force`).
pub fn hit_chance(counts: &Counts, force: u8) -> f64 {
    distribution(counts).iter().take(usize::from(force) + 1).sum()
}

/// The best sets of attack dice for every Force.
#[derive(Clone, Debug)]
pub struct AttackDice {
    best: Vec<Vec<(Counts, f64)>>,
}

impl AttackDice {
    /// Tabulates every set of up to [`MAX_SET`] dice for Force 0–35.
    pub fn new() -> AttackDice {
        let mut sets = Vec::new();
        let mut counts = [0u8; 5];
        fn rec(k: usize, left: u8, counts: &mut Counts, out: &mut Vec<Counts>) {
            if k == 5 {
                if counts.iter().any(|&n| n > 0) {
                    out.push(*counts);
                }
                return;
            }
            for n in 0..=left {
                counts[k] = n;
                rec(k + 1, left - n, counts, out);
            }
            counts[k] = 0;
        }
        rec(0, MAX_SET, &mut counts, &mut sets);
        let dists: Vec<Vec<f64>> = sets.iter().map(distribution).collect();
        let mut best = Vec::with_capacity(MAX_FORCE + 1);
        for force in 0..=MAX_FORCE {
            let mut scored: Vec<(Counts, f64)> = sets
                .iter()
                .zip(&dists)
                .map(|(c, d)| (*c, d.iter().enumerate().take(force + 1).map(|(s, p)| s as f64 * p).sum()))
                .collect();
            // Best first; among equals, fewer dice, then smaller dice.
            scored.sort_by(|a, b| {
                b.1.total_cmp(&a.1).then(a.0.iter().sum::<u8>().cmp(&b.0.iter().sum::<u8>())).then(b.0.cmp(&a.0))
            });
            scored.truncate(KEEP);
            best.push(scored);
        }
        AttackDice { best }
    }

    /// The table, built once per process: building it takes milliseconds,
    /// far longer than a random game, and every [`crate::Ephemeral`] (one per
    /// record replayed or configuration opened) needs it.
    pub fn shared() -> &'static AttackDice {
        static TABLE: std::sync::OnceLock<AttackDice> = std::sync::OnceLock::new();
        TABLE.get_or_init(AttackDice::new)
    }

    /// The best sets for a Force, best first, with their expected damage.
    pub fn best(&self, force: u8) -> &[(Counts, f64)] {
        &self.best[usize::from(force).min(MAX_FORCE)]
    }
}

impl Default for AttackDice {
    fn default() -> AttackDice {
        AttackDice::new()
    }
}

/// Writes a set of dice as `2D4+1D6`.
pub fn counts_text(counts: &Counts) -> String {
    let parts: Vec<String> =
        counts.iter().zip(DIE_SIZES).filter(|(n, _)| **n > 0).map(|(n, s)| format!("{n}D{s}")).collect();
    if parts.is_empty() { "no dice".into() } else { parts.join("+") }
}
