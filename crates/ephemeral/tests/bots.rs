//! The bots play Ephemeral Path through the core API: search finishes whole
//! games, and the heuristic bot beats random play.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_ai::BotSpec;
use arbiter_core::{Decision, Discard, Game, ToMove, roll_with};
use arbiter_ephemeral::{Ephemeral, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays one game; returns P1's result (1 win, 0 draw, -1 loss).
fn play(game: &Ephemeral, p1: &str, p2: &str, seed: u64) -> (f64, State) {
    let specs = [p1.parse::<BotSpec>().unwrap(), p2.parse::<BotSpec>().unwrap()];
    let mut bots: Vec<_> =
        specs.iter().enumerate().map(|(i, s)| s.build(game, seed * 2 + i as u64, 0.05).unwrap()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = game.initial_state();
    for _ in 0..5000 {
        match game.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => {
                let r = roll_with(&mut rng, &game.dice(&s));
                game.apply(&mut s, &Decision::Roll(r), &mut Discard).unwrap();
            }
            to_move => {
                let seat = to_move.first_seat().unwrap();
                let a = arbiter_ai::decide(bots[seat.index()].as_mut(), game, &s, seat).unwrap();
                game.apply(&mut s, &Decision::Act(a), &mut Discard).unwrap();
            }
        }
    }
    assert!(matches!(game.to_move(&s), ToMove::Over));
    (game.returns(&s, arbiter_core::Seat(0)), s)
}

#[test]
fn the_heuristic_bot_beats_random_play() {
    let game = Ephemeral::default();
    let mut score = 0.0;
    for seed in 0..6 {
        // Each side once.
        score += play(&game, "heuristic:depth=0", "random", seed).0;
        score -= play(&game, "random", "heuristic:depth=0", seed + 100).0;
    }
    eprintln!("heuristic vs random: {score}");
    assert!(score >= 6.0, "heuristic scored {score} over 12 games against random");
}

#[test]
fn mcts_finishes_games_through_the_core() {
    let game = Ephemeral::default();
    let (result, _) = play(&game, "mcts:iters=30,depth=12", "greedy", 3);
    assert!((-1.0..=1.0).contains(&result));
}

#[test]
fn the_best_dice_for_force_7_are_found_by_exact_expectation() {
    // "the force value of an attacking figure is 7, the attacking player
    // chooses roll 2 D4. If anything other than both dice rolling a "4"
    // occurs then the attack has a value of the sum of both dice."
    use arbiter_ephemeral::dice::{AttackDice, expected_damage, hit_chance};
    assert!((hit_chance(&[2, 0, 0, 0, 0], 7) - 15.0 / 16.0).abs() < 1e-12);
    assert!((expected_damage(&[2, 0, 0, 0, 0], 7) - (5.0 * 16.0 - 8.0) / 16.0).abs() < 1e-12);
    let table = AttackDice::new();
    let best = table.best(7);
    for (counts, ev) in best {
        eprintln!("force 7: {} -> {ev:.4}", arbiter_ephemeral::dice::counts_text(counts));
    }
    // No set beats the best one, which beats 2D4.
    assert!(best[0].1 >= expected_damage(&[2, 0, 0, 0, 0], 7));
    for force in 0..=20u8 {
        let b = table.best(force);
        assert!(b.windows(2).all(|w| w[0].1 >= w[1].1));
    }
}
