//! The observation tensor (`crates/ephemeral/src/tensor.rs`): its size,
//! its values in 0–1 in every state of random games, and a figure's slot
//! showing where it stands.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
use arbiter_core::{Entry, Game, Record, check_numbering};
use arbiter_ephemeral::{Edition, Ephemeral, Variant};

#[test]
fn every_state_of_random_games_has_a_tensor_of_its_size_in_0_to_1() {
    let mut report = Report::default();
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    for edition in Edition::ALL {
        let g = Ephemeral::new(Variant::shipped(edition, "ember-court", "tide-wardens").unwrap(), 2).unwrap();
        assert_eq!(g.observation_tensor_shape(), Some(vec![223]));
        for seed in 0..4 {
            let mut record = Record::new(random_config(&g, seed));
            play_checked(&g, &checks, &mut record, &mut report, &mut |s, _| {
                check_numbering(&g, s)?;
                let t = g.observation_tensor(s).unwrap();
                match t.iter().find(|v| **v > 1.0) {
                    Some(v) => Err(format!("{v} is beyond 1")),
                    None => Ok(()),
                }
            })
            .unwrap_or_else(|e| panic!("{edition} game {seed}: {e}"));
        }
    }
    assert!(report.decisions > 100, "{report:?}");
}

#[test]
fn a_figure_s_slot_shows_where_it_stands_and_its_damage() {
    let g = Ephemeral::new(Variant::shipped(Edition::ALL[0], "ember-court", "tide-wardens").unwrap(), 2).unwrap();
    let mut record = Record::new(random_config(&g, 5));
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    let mut seen = 0;
    play_checked(&g, &checks, &mut record, &mut Report::default(), &mut |s, _| {
        let t = g.observation_tensor(s).unwrap();
        for (i, f) in s.figures.iter().enumerate() {
            let slot = &t[i * 12..(i + 1) * 12];
            assert_eq!(slot[0], 1.0, "the slot is used");
            assert_eq!(slot[1], if f.owner.0 == 1 { 1.0 } else { 0.0 });
            if let Some(at) = f.at.filter(|_| f.on_table()) {
                assert!(
                    (slot[4] - at.x / 40.0).abs() < 1e-6 && (slot[5] - at.y / 40.0).abs() < 1e-6,
                    "{slot:?} {at:?}"
                );
                assert_eq!(slot[7], f32::from(f.damage) / 10.0);
                seen += 1;
            } else {
                assert_eq!(slot[2], 0.0, "not on the table");
            }
        }
        for slot in s.figures.len()..12 {
            assert!(t[slot * 12..(slot + 1) * 12].iter().all(|v| *v == 0.0), "an empty slot is zeros");
        }
        Ok(())
    })
    .unwrap();
    assert!(seen > 50, "figures stood on the table in {seen} states");
}
