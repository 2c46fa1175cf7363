//! Properties of Kuhn poker: random hands end within three bets with chips
//! that sum to zero, records replay, JSON round-trips, and arbitrary input
//! never panics.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, Roll, Seat, ToMove, roll_with};
use arbiter_kuhn::{Action, KuhnPoker, State};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn hands_end_and_chips_sum_to_zero(seed in any::<u64>()) {
        let g = KuhnPoker;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let mut steps = 0;
        while g.to_move(&s) != ToMove::Over {
            let d = match g.to_move(&s) {
                ToMove::Chance => Decision::Roll(roll_with(&mut rng, &g.dice(&s))),
                _ => Decision::Act(if rng.random::<bool>() { Action::Bet } else { Action::Pass }),
            };
            g.apply(&mut s, &d, &mut Discard).unwrap();
            steps += 1;
            prop_assert!(g.validate_state(&s).is_ok());
        }
        prop_assert!(steps <= 5);
        prop_assert_eq!(g.chips(&s, Seat(0)) + g.chips(&s, Seat(1)), 0);
        let json = serde_json::to_string(&s).unwrap();
        prop_assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
    }

    #[test]
    fn arbitrary_decisions_never_panic(values in proptest::collection::vec(0u8..6, 0..4), bets in proptest::collection::vec(any::<bool>(), 0..5), text in ".{0,10}") {
        let g = KuhnPoker;
        let mut s = g.initial_state();
        for v in values {
            let before = s.clone();
            if g.apply(&mut s, &Decision::Roll(Roll::from_values(&[v]).unwrap()), &mut Discard).is_err() {
                prop_assert_eq!(&s, &before);
            }
        }
        for b in bets {
            let _ = g.apply(&mut s, &Decision::Act(if b { Action::Bet } else { Action::Pass }), &mut Discard);
        }
        let _ = text.parse::<Action>();
    }
}
