//! Random legal warbands from the starter bestiary, for soaks and
//! simulations that must reach every card, upgrade and item the game runs,
//! not only the shipped warbands: creatures drawn until the points run out,
//! some with an upgrade from their card, an item of their level, a
//! positioning upgrade the game plays (Summonable, Tempting Disguise) or
//! hero points. Every draw is checked by the warband rules and kept only if
//! legal, so the result always validates.

use crate::PlayMode;
use crate::bestiary::Bestiary;
use crate::item::{ItemKind, Items};
use crate::warband::{EntryFile, WarbandFile};
use rand::{Rng, RngExt};

/// The positioning upgrades the game plays.
const POSITIONING: [&str; 4] = ["Summonable", "Tempting Disguise", "Trail of Bodies", "False Object"];

/// A random legal Balanced warband of at most `points` points, named
/// `name`; `Err` only if the bestiary or the items cannot be read.
pub fn random_warband<R: Rng + ?Sized>(rng: &mut R, name: &str, points: u32) -> Result<WarbandFile, String> {
    let bestiary = Bestiary::starter_ref().map_err(|e| format!("the starter bestiary: {e}"))?;
    let items = Items::standard().map_err(|e| format!("the items: {e}"))?;
    let cards = bestiary.cards();
    let mut w = WarbandFile {
        name: name.to_string(),
        mode: Some(PlayMode::BalancedUnlimited),
        points: Some(i64::from(points)),
        ..WarbandFile::default()
    };
    if cards.is_empty() {
        return Ok(w);
    }
    let mut misses = 0;
    while misses < 12 && w.entries.len() < 12 {
        let card = &cards[rng.random_range(0..cards.len())];
        let mut e = EntryFile::new(card.name(), 1);
        if rng.random_bool(0.3) {
            let ups: Vec<&str> = card.upgrades().map(|f| f.name.as_str()).collect();
            if !ups.is_empty() {
                e.upgrades.push(ups[rng.random_range(0..ups.len())].to_string());
            }
        }
        if rng.random_bool(0.25) {
            let fit: Vec<&str> = items
                .all()
                .iter()
                .filter(|i| i.kind != ItemKind::Positioning && i.choice.is_none())
                .filter(|i| i.level.is_none_or(|l| l <= card.level()))
                .map(|i| i.name.as_str())
                .collect();
            if !fit.is_empty() {
                e.items.push(fit[rng.random_range(0..fit.len())].to_string());
            }
        }
        if rng.random_bool(0.1) {
            e.upgrades.push(POSITIONING[rng.random_range(0..POSITIONING.len())].to_string());
        }
        if rng.random_bool(0.2) {
            e.hero_points = rng.random_range(1..=3);
        }
        w.entries.push(e);
        if w.validate_with(bestiary, items).is_err() {
            w.entries.pop();
            misses += 1;
        }
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_warbands_are_legal_and_use_the_catalogue() {
        let bestiary = Bestiary::starter_ref().unwrap();
        let items = Items::standard().unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut with_items, mut with_upgrades, mut creatures) = (0, 0, std::collections::BTreeSet::new());
        let mut positioning = std::collections::BTreeSet::new();
        for _ in 0..60 {
            let w = random_warband(&mut rng, "R", 150).unwrap();
            let checked = w.validate_with(bestiary, items).unwrap_or_else(|v| panic!("{v:?}"));
            assert!(checked.total() <= 150 && !w.entries.is_empty());
            with_items += w.entries.iter().filter(|e| !e.items.is_empty()).count();
            with_upgrades += w.entries.iter().filter(|e| !e.upgrades.is_empty()).count();
            creatures.extend(w.entries.iter().map(|e| e.creature.clone()));
            positioning.extend(
                w.entries.iter().flat_map(|e| e.upgrades.iter().filter(|u| POSITIONING.contains(&u.as_str())).cloned()),
            );
        }
        assert!(with_items > 0 && with_upgrades > 0);
        assert_eq!(positioning.len(), POSITIONING.len(), "every positioning upgrade comes up: {positioning:?}");
        assert!(creatures.len() * 2 >= bestiary.cards().len(), "most cards come up: {}", creatures.len());
    }
}
