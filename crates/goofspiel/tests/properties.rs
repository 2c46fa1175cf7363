//! Properties of Goofspiel: play-outs end after n rounds with the points
//! adding up, records replay to the same state, JSON round-trips, any
//! action or text never panics, and bids in either order agree.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, MatchConfig, PlayerSpec, Record, Seat, ToMove, roll_with};
use arbiter_goofspiel::{Action, Goofspiel, Order, Returns, Variant};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn variant() -> impl Strategy<Value = Variant> {
    (1u8..=20, 0u8..3, any::<bool>()).prop_map(|(cards, o, p)| Variant {
        cards,
        order: [Order::Random, Order::Descending, Order::Ascending][usize::from(o)],
        returns: if p { Returns::Points } else { Returns::WinLoss },
    })
}

/// Plays a random game, the seats bidding in a random order each round.
fn random_game(g: &Goofspiel, seed: u64) -> Record<Goofspiel> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = MatchConfig {
        game: "goofspiel".into(),
        variant: g.variant().clone(),
        players: vec![PlayerSpec::human("a"), PlayerSpec::human("b")],
        seed,
        dice: arbiter_core::DiceMode::Manual,
    };
    let mut record = Record::new(config);
    let mut s = g.initial_state();
    loop {
        let d = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(roll_with(&mut rng, &g.dice(&s))),
            ToMove::Together(set) => {
                let seats: Vec<Seat> = set.iter().collect();
                let seat = seats[rng.random_range(0..seats.len())];
                let mut legal = Vec::new();
                g.legal_actions_of(&s, seat, &mut legal);
                Decision::Commit { seat, action: legal[rng.random_range(0..legal.len())] }
            }
            ToMove::Seat(_) => panic!("Goofspiel has only simultaneous decisions"),
        };
        g.apply(&mut s, &d, &mut Discard).unwrap();
        record.decisions.push(d);
    }
    record
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn play_outs_end_and_replay(v in variant(), seed in any::<u64>()) {
        let g = Goofspiel::new(v.clone(), 2).unwrap();
        let record = random_game(&g, seed);
        let (_, end) = record.replay().unwrap();
        prop_assert_eq!(end.rounds.len(), usize::from(v.cards));
        prop_assert!(g.validate_state(&end).is_ok());
        let won: u32 = end.rounds.iter().filter(|r| r.winner.is_some()).map(|r| u32::from(r.prize)).sum();
        prop_assert_eq!(end.points[0] + end.points[1], won);
        let text = record.to_json().unwrap();
        let back = Record::<Goofspiel>::from_json(&text).unwrap();
        prop_assert_eq!(back.replay().unwrap().1, end.clone());
        let json = serde_json::to_string(&end).unwrap();
        prop_assert_eq!(serde_json::from_str::<arbiter_goofspiel::State>(&json).unwrap(), end);
    }

    #[test]
    fn arbitrary_bids_and_text_never_panic(v in variant(), seed in any::<u64>(), card in any::<u8>(), seat in 0u8..4, text in ".{0,12}") {
        let g = Goofspiel::new(v, 2).unwrap();
        let record = random_game(&g, seed);
        let cut = (seed % (record.decisions.len() as u64 + 1)) as usize;
        let mut s = g.initial_state();
        for d in &record.decisions[..cut] {
            g.apply(&mut s, d, &mut Discard).unwrap();
        }
        let before = s.clone();
        let d = Decision::Commit { seat: Seat(seat), action: Action::Bid(card) };
        if g.apply(&mut s, &d, &mut Discard).is_err() {
            prop_assert_eq!(&s, &before);
        }
        let _ = text.parse::<Action>();
        let _ = Variant::parse(&text);
    }
}
