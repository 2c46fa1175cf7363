//! Property tests over every combination of variants: random play-outs end
//! without panicking, records replay to the identical state, notation round
//! trips, the validator agrees with the move list, and no text panics a parser.

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, MatchConfig, PlayerSpec, Record, ToMove};
use arbiter_essence::notation::{format_actions, parse_actions};
use arbiter_essence::{Action, Dir, Essence, Square, State, Variant};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn variant(bits: u8) -> Variant {
    Variant::all_rulebook_combinations().swap_remove(usize::from(bits % 16))
}

/// Plays a seeded random game; returns the record and every state visited.
fn random_game(v: Variant, seed: u64) -> (Record<Essence>, Vec<State>) {
    let g = Essence::new(v.clone(), 2).unwrap();
    let config = MatchConfig {
        game: "essence".into(),
        variant: v,
        players: vec![PlayerSpec::bot("random"), PlayerSpec::bot("random")],
        seed,
        dice: Default::default(),
    };
    let mut record = Record::new(config);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = g.initial_state();
    let mut states = vec![s.clone()];
    let mut scratch = Vec::new();
    while g.to_move(&s) != ToMove::Over {
        let a = g.random_action(&s, &mut rng, &mut scratch).expect("a seat to move has an action");
        g.apply(&mut s, &Decision::Act(a), &mut Discard).expect("drawn actions are legal");
        record.decisions.push(Decision::Act(a));
        states.push(s.clone());
        // Turn limit 300 with at most ~9 decisions a turn bounds any game.
        assert!(record.decisions.len() < 300 * 12, "the game did not end");
    }
    (record, states)
}

/// An arbitrary action, legal or not, on the 5×5 square space.
fn any_action() -> impl Strategy<Value = Action> {
    let sq = (0u8..25).prop_map(Square);
    let dir = prop_oneof![Just(None), (0usize..8).prop_map(|i| Some(Dir::ALL[i]))];
    prop_oneof![
        sq.clone().prop_map(Action::Grow),
        any::<u32>().prop_map(|m| Action::Spin(m & 0x1ff_ffff)),
        (sq.clone(), sq.clone(), dir).prop_map(|(from, to, dir)| Action::Move { from, to, dir }),
        (sq.clone(), sq.clone()).prop_map(|(from, to)| Action::Split { from, to }),
        (sq.clone(), sq.clone(), 1u8..=6).prop_map(|(from, to, amount)| Action::Heal { from, to, amount }),
        sq.clone().prop_map(Action::Shift),
        (sq.clone(), 1u8..=6).prop_map(|(at, amount)| Action::Destabilize { at, amount }),
        sq.prop_map(Action::Summon),
        Just(Action::Pass),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn playouts_end_and_records_replay_exactly(bits in 0u8..16, seed in any::<u64>()) {
        let v = variant(bits);
        let (record, states) = random_game(v, seed);
        let last = states.last().unwrap();
        let (_, replayed) = record.replay().unwrap();
        prop_assert_eq!(&replayed, last);
        // Through JSON as well, bit for bit.
        let json = record.to_json().unwrap();
        let back = Record::<Essence>::from_json(&json).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(&back.replay().unwrap().1, last);
        prop_assert_eq!(back.to_json().unwrap(), json);
    }

    #[test]
    fn notation_round_trips_for_every_visited_position_and_action(bits in 0u8..16, seed in any::<u64>()) {
        let v = variant(bits);
        let g = Essence::new(v.clone(), 2).unwrap();
        let (record, states) = random_game(v, seed);
        for s in &states {
            let text = s.to_string();
            let back: State = text.parse().unwrap();
            prop_assert_eq!(&back, s, "{}", text);
            prop_assert!(g.validate_state(&back).is_ok());
        }
        let actions: Vec<Action> = record.decisions.iter().filter_map(|d| d.action().copied()).collect();
        let text = format_actions(&actions);
        prop_assert_eq!(parse_actions(&text).unwrap(), actions);
    }

    #[test]
    fn the_validator_agrees_with_the_move_list(bits in 0u8..16, seed in any::<u64>(), probes in prop::collection::vec(any_action(), 40)) {
        let v = variant(bits);
        let g = Essence::new(v.clone(), 2).unwrap();
        let (_, states) = random_game(v, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
        let mut legal = Vec::new();
        for _ in 0..8 {
            let s = &states[rng.random_range(0..states.len())];
            legal.clear();
            g.legal_actions(s, &mut legal);
            for a in probes.iter().chain(legal.iter()) {
                let listed = legal.contains(a);
                let checked = g.check(s, a).is_ok();
                prop_assert_eq!(listed, checked, "{} in {}: listed {} checked {}", a, s, listed, checked);
                let mut copy = s.clone();
                let applied = g.apply_action(&mut copy, a, &mut Discard).is_ok();
                prop_assert_eq!(applied, checked);
                if !applied {
                    prop_assert_eq!(&copy, s);
                }
            }
        }
    }

    #[test]
    fn the_play_out_fast_path_draws_from_exactly_the_move_list(bits in 0u8..16, seed in any::<u64>()) {
        let v = variant(bits);
        let g = Essence::new(v.clone(), 2).unwrap();
        let (_, states) = random_game(v, seed);
        let mut legal = Vec::new();
        for s in &states {
            if g.to_move(s) == ToMove::Over || s.pending_own_spins() != 0 {
                continue;
            }
            if let arbiter_essence::Phase::First | arbiter_essence::Phase::Second(_) = s.phase() {
                legal.clear();
                g.legal_actions(s, &mut legal);
                let by_index = g.action_phase_by_index(s);
                if by_index.is_empty() {
                    prop_assert_eq!(&legal, &vec![Action::Pass]);
                } else {
                    prop_assert_eq!(&by_index, &legal, "{}", s);
                }
            }
        }
    }

    #[test]
    fn no_text_panics_the_parsers(text in ".{0,300}") {
        let _ = text.parse::<State>();
        let _ = text.parse::<Action>();
        let _ = parse_actions(&text);
    }

    #[test]
    fn near_miss_positions_never_panic(bits in 0u8..16, seed in any::<u64>(), cut in 0usize..80, junk in "[xo1-9rfhv*./ +~,a-e0-9]{0,6}") {
        let (_, states) = random_game(variant(bits), seed);
        let text = states[seed as usize % states.len()].to_string();
        let cut = cut.min(text.len());
        let mangled = format!("{}{}{}", &text[..cut], junk, &text[cut..]);
        if let Ok(s) = mangled.parse::<State>() {
            // Whatever parses must print back to text that parses to the same.
            prop_assert_eq!(s.to_string().parse::<State>().unwrap(), s);
        }
    }
}
