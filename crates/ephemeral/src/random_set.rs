//! Random legal figure sets drawn from the whole catalogue, for balance
//! studies and soak tests: 2–4 figures of random classes, base specs drawn
//! within each class's range, up to three abilities of the class, at most
//! 100 spec points. Every set returned has passed the builder's checks for
//! both editions.

use crate::Edition;
use crate::catalogue::{Catalogue, Class};
use crate::figure::{AbilityPick, FigureFile, FigureSet, FigureSetFile, MAX_SET_POINTS};
use rand::{Rng, RngExt};

/// A random set legal in both editions, named `name`. Draws again until a
/// draw is legal (a few draws at most); `None` only if the catalogue makes
/// that impossible.
pub fn random_set<R: Rng + ?Sized>(rng: &mut R, catalogue: &Catalogue, name: &str) -> Option<FigureSet> {
    for _ in 0..200 {
        let file = draw(rng, catalogue, name);
        if file.figures.iter().map(|f| f.points(catalogue)).sum::<u64>() > u64::from(MAX_SET_POINTS) {
            continue;
        }
        let legal_in_both = Edition::ALL.iter().all(|e| file.validate(*e, catalogue).is_ok());
        if legal_in_both {
            return file.validate(Edition::V026, catalogue).ok();
        }
    }
    None
}

/// One draw, not yet checked.
fn draw<R: Rng + ?Sized>(rng: &mut R, catalogue: &Catalogue, name: &str) -> FigureSetFile {
    let n = rng.random_range(2..=4usize);
    let mut budget = i64::from(MAX_SET_POINTS);
    let mut figures = Vec::new();
    for k in 0..n {
        let class = Class::ALL[rng.random_range(0..Class::ALL.len())];
        let range = class.base_spec_range();
        let (lo, hi) = (i64::from(*range.start()), i64::from(*range.end()));
        // Leave room for the figures still to come, at their class minimum.
        let room = budget - 10 * (n - k - 1) as i64;
        let base = rng.random_range(lo..=hi.min(room.max(lo)));
        let (hp, movement, force, reach) = split(rng, base);
        let mut abilities: Vec<AbilityPick> = Vec::new();
        let mut points = base;
        let own: Vec<_> = catalogue.abilities().iter().filter(|a| a.class == class).collect();
        let wanted = rng.random_range(0..=3usize);
        for _ in 0..wanted {
            let a = own[rng.random_range(0..own.len())];
            if abilities.iter().any(|p| p.id == a.id) || points + i64::from(a.points) > room {
                continue;
            }
            points += i64::from(a.points);
            abilities.push(AbilityPick::id(&a.id));
        }
        budget -= points;
        figures.push(FigureFile {
            name: format!("{} {}", class.name(), k + 1),
            description: String::new(),
            class,
            base_mm: f64::from(rng.random_range(25u8..=40)),
            hp,
            movement,
            force,
            range: reach,
            abilities,
        });
    }
    FigureSetFile { name: name.to_string(), author: None, description: None, edition: None, figures }
}

/// Splits `total` base spec points into HP (at least 2), Movement, Force and Range.
fn split<R: Rng + ?Sized>(rng: &mut R, total: i64) -> (i64, i64, i64, i64) {
    let weights: [f64; 4] = std::array::from_fn(|_| rng.random_range(0.5..1.5));
    let sum: f64 = weights.iter().sum();
    let free = (total - 2).max(0);
    let mut parts: [i64; 4] = std::array::from_fn(|i| (free as f64 * weights[i] / sum).floor() as i64);
    let short = free - parts.iter().sum::<i64>();
    parts[rng.random_range(0..4usize)] += short;
    (parts[0] + 2, parts[1], parts[2], parts[3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_sets_are_legal_in_both_editions_and_use_the_whole_catalogue() {
        let c = Catalogue::standard().unwrap_or_else(|e| panic!("{e}"));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..400 {
            let set = random_set(&mut rng, &c, &format!("R{i}")).unwrap_or_else(|| panic!("draw {i}"));
            assert!(set.points() <= MAX_SET_POINTS);
            let file = set.to_file();
            for e in Edition::ALL {
                assert!(file.validate(e, &c).is_ok());
            }
            for f in set.figures() {
                for a in f.abilities() {
                    seen.insert(a.id().to_string());
                }
            }
        }
        assert_eq!(seen.len(), c.abilities().len(), "every ability turns up in 400 draws");
    }
}
