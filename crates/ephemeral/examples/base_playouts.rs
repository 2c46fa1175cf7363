//! Plays N random games of the base game (two figures a side, no abilities,
//! nothing to forage) and prints the rate: the before/after comparison of
//! docs/performance.md, run under callgrind for instruction counts.
//!
//! `base_playouts N inert` gives the figures reaction abilities (T2's Defend
//! die, R2's counter attack) that nobody can use, since nobody forages: the
//! same games, decision for decision, plus the cost of the reaction windows.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, Format};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::{Edition, Ephemeral, Phase, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let inert = std::env::args().nth(2).is_some_and(|a| a == "inert");
    let (tam, rue) = if inert { ("\"T2\"", "\"R2\"") } else { ("", "") };
    let set = |name: &str| {
        let text = format!(
            "name = \"{name}\"\n\n[[figure]]\nname = \"Tam\"\nclass = \"tactician\"\nbase_mm = 30\nhp = 8\nmovement = 6\nforce = 6\nrange = 4\nabilities = [{tam}]\n\n[[figure]]\nname = \"Rue\"\nclass = \"runner\"\nbase_mm = 25\nhp = 5\nmovement = 8\nforce = 5\nrange = 3\nabilities = [{rue}]\n"
        );
        FigureSet::parse(&text, Format::Toml, Edition::V026, &Catalogue::standard().unwrap()).unwrap()
    };
    let g = Ephemeral::new(Variant { edition: Edition::V026, sets: vec![set("A"), set("B")], kit: Kit::standard() }, 2)
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::with_capacity(512);
    let start = std::time::Instant::now();
    let mut decisions = 0usize;
    for _ in 0..n {
        let mut s = g.initial_state();
        loop {
            if matches!(s.phase, Phase::Forage { .. } | Phase::ChooseForager) && !s.pool.is_empty() {
                s.pool = Default::default();
            }
            match g.to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let roll = roll_with(&mut rng, &g.dice(&s));
                    let _ = g.apply(&mut s, &Decision::Roll(roll), &mut Discard);
                }
                ToMove::Seat(_) | ToMove::Together(_) => {
                    let Some(a) = g.random_action(&s, &mut rng, &mut scratch) else { break };
                    g.apply_legal(&mut s, &a, &mut Discard);
                }
            }
            decisions += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!("{n} games, {decisions} decisions, {:.0} games/s", n as f64 / t);
}
