//! Property tests: random games in every mode end without panicking, records
//! replay to the identical state, random legal wall layouts keep every square
//! reachable, the validator agrees with the move list, and no text panics the
//! action parser.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, MatchConfig, PlayerSpec, Record, ToMove, roll_with};
use arbiter_ethia::{Action, Deployment, Ethia, Mode, Phase, State, Variant, WallOption};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn variant(bits: u8) -> Variant {
    Variant {
        mode: if bits & 1 == 0 { Mode::Skirmish } else { Mode::Battle },
        walls: [None, Some(WallOption::Fixed), Some(WallOption::Standard), Some(WallOption::Custom)]
            [usize::from(bits >> 1 & 3)],
        deployment: if bits & 8 == 0 { Deployment::Free } else { Deployment::Standard },
        round_limit: 40,
        ..Variant::default()
    }
}

fn random_game(v: Variant, seats: usize, seed: u64) -> (Record<Ethia>, Vec<State>) {
    let g = Ethia::new(v.clone(), seats).unwrap();
    let config = MatchConfig {
        game: "ethia".into(),
        variant: v,
        players: (0..seats).map(|_| PlayerSpec::bot("random")).collect(),
        seed,
        dice: Default::default(),
    };
    let mut record = Record::new(config);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = g.initial_state();
    let mut states = vec![s.clone()];
    let mut scratch = Vec::new();
    loop {
        let d = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(roll_with(&mut rng, &g.dice(&s))),
            ToMove::Seat(_) | ToMove::Together(_) => {
                Decision::Act(g.random_action(&s, &mut rng, &mut scratch).unwrap())
            }
        };
        g.apply(&mut s, &d, &mut Discard).unwrap();
        record.decisions.push(d);
        states.push(s.clone());
        assert!(record.decisions.len() < 200_000, "the game did not end");
    }
    (record, states)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_and_replay_exactly(bits in 0u8..16, seats in 2usize..=4, seed in any::<u64>()) {
        let (record, states) = random_game(variant(bits), seats, seed);
        let last = states.last().unwrap();
        let json = record.to_json().unwrap();
        let back = Record::<Ethia>::from_json(&json).unwrap();
        prop_assert_eq!(&back.replay().unwrap().1, last);
        prop_assert_eq!(back.to_json().unwrap(), json);
    }

    #[test]
    fn legal_wall_layouts_keep_every_square_reachable(bits in 0u8..16, seats in 2usize..=4, seed in any::<u64>()) {
        let mut v = variant(bits);
        v.walls = Some(if bits & 4 == 0 { WallOption::Standard } else { WallOption::Custom });
        let g = Ethia::new(v, seats).unwrap();
        let (_, states) = random_game(g.variant().clone(), seats, seed);
        // The layout as placed: on the whole board. Battle's shrink (ruling
        // E15) may leave a square of the seam open to one neighbour only.
        let whole = g.grid().all();
        for s in states
            .iter()
            .filter(|s| !matches!(s.phase, Phase::WallRollOff { .. } | Phase::ChooseWalls) && s.area == whole)
        {
            let grid = g.grid();
            prop_assert!(grid.connected(&s.walls, s.area));
            for c in s.area.iter() {
                prop_assert!(grid.open_neighbours(&s.walls, c, s.area).len() >= 2, "{} is shut in", grid.name(c));
            }
        }
    }

    #[test]
    fn the_validator_agrees_with_the_move_list(bits in 0u8..16, seats in 2usize..=4, seed in any::<u64>(), picks in prop::collection::vec(any::<u16>(), 24)) {
        let v = variant(bits);
        let g = Ethia::new(v.clone(), seats).unwrap();
        let (_, states) = random_game(v, seats, seed);
        let mut legal = Vec::new();
        for (i, s) in states.iter().enumerate().step_by(7).take(40) {
            legal.clear();
            g.legal_actions(s, &mut legal);
            // Probe with listed actions and with actions listed elsewhere in the game.
            let other = &states[usize::from(picks[i % picks.len()]) % states.len()];
            let mut probes = legal.clone();
            g.legal_actions(other, &mut probes);
            for a in probes.iter().take(400) {
                let listed = legal.contains(a);
                let checked = g.check(s, a).is_ok();
                prop_assert_eq!(listed, checked, "{} listed {} checked {}", a, listed, checked);
            }
        }
    }

    #[test]
    fn no_text_panics_the_action_parser(text in ".{0,40}") {
        if let Ok(a) = text.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
    }
}

#[test]
fn random_games_are_of_reasonable_length() {
    // Not a timing test: a sanity check that random play reaches an ending other
    // than the round limit most of the time, so the property tests cover endings.
    let mut endings = [0usize; 3];
    let mut decisions = 0;
    for seed in 0..40 {
        let (record, states) = random_game(variant(0), 2, seed);
        decisions += record.decisions.len();
        match states.last().unwrap().ending {
            Some(arbiter_ethia::Ending::Won { .. }) => endings[0] += 1,
            Some(arbiter_ethia::Ending::DrawForced) => endings[1] += 1,
            _ => endings[2] += 1,
        }
    }
    eprintln!("endings {endings:?}, mean {} decisions", decisions / 40);
    assert!(endings[0] >= 20, "{endings:?}");
}
