//! Deadlines: every bot, whatever its kind and settings, answers with a
//! legal action when its time is already up, having searched next to
//! nothing (counted in nodes and iterations, never timed); and a bot given
//! a node or iteration budget instead of a time stays deterministic for its
//! seed.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_ai::{AlphaBeta, Bot, BotSpec, Budget, GreedyBot, HeuristicBot, IsMcts, Mcts, MctsConfig, decide};
use arbiter_core::{Decision, Discard, Evaluate, Game, Seat, ToMove, roll_with};
use arbiter_essence::{Essence, Variant};
use arbiter_goofspiel::Goofspiel;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The strongest settings of every kind of bot, with nothing that would
/// stop them soon but the deadline.
const STRONGEST: &[&str] = &[
    "random",
    "greedy",
    "heuristic:depth=4",
    "mcts:iters=1000000000",
    "mcts:iters=1000000000,depth=0",
    "mcts:time=1000",
    "alphabeta:nodes=1000000000",
    "alphabeta:time=1000",
];

/// A deadline already passed: the bot must not search at all.
fn passed() -> Budget {
    Budget { iterations: None, time: Some(Duration::ZERO) }
}

fn essence() -> Essence {
    Essence::new(Variant::default(), 2).unwrap()
}

/// Essence a few decisions in, so the bots face a real choice.
fn essence_midgame(g: &Essence) -> <Essence as Game>::State {
    let mut s = g.initial_state();
    let mut actions = Vec::new();
    for i in 0..6 {
        if g.to_move(&s) == ToMove::Over {
            break;
        }
        actions.clear();
        g.legal_actions(&s, &mut actions);
        let a = actions[(i * 7) % actions.len()];
        g.apply(&mut s, &Decision::Act(a), &mut Discard).unwrap();
    }
    s
}

/// Goofspiel with the first prize card turned (the game opens with chance).
fn goofspiel() -> (Goofspiel, <Goofspiel as Game>::State) {
    let g = Goofspiel::new(Default::default(), 2).unwrap();
    let mut s = g.initial_state();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while g.to_move(&s) == ToMove::Chance {
        let roll = roll_with(&mut rng, &g.dice(&s));
        g.apply(&mut s, &Decision::Roll(roll), &mut Discard).unwrap();
    }
    (g, s)
}

/// Checks that `bot` answers `seat` with one of its legal actions.
fn answers_legally<G: Game>(game: &G, state: &G::State, bot: &mut dyn Bot<G>) {
    let seat = game.to_move(state).first_seat().unwrap();
    let a = decide(bot, game, state, seat).unwrap_or_else(|| panic!("{} gave no action", bot.name()));
    let mut legal = Vec::new();
    if game.to_move(state) == ToMove::Seat(seat) {
        game.legal_actions(state, &mut legal);
    } else {
        game.legal_actions_of(state, seat, &mut legal);
    }
    assert!(legal.contains(&a), "{} chose an illegal action", bot.name());
}

#[test]
fn every_bot_given_a_deadline_already_passed_still_answers_legally_in_essence() {
    let g = essence();
    for state in [g.initial_state(), essence_midgame(&g)] {
        for text in STRONGEST {
            let spec: BotSpec = text.parse().unwrap();
            let mut bot = spec.build_capped(&g, 7, 1000.0, Duration::ZERO).unwrap();
            answers_legally(&g, &state, bot.as_mut());
        }
    }
}

#[test]
fn every_bot_given_a_deadline_already_passed_still_answers_legally_in_a_game_with_secrets() {
    let (g, s) = goofspiel();
    for text in STRONGEST {
        let spec: BotSpec = text.parse().unwrap();
        // Alpha-beta refuses games with secrets; every other bot plays.
        let Ok(mut bot) = spec.build_capped(&g, 7, 1000.0, Duration::ZERO) else {
            assert!(text.starts_with("alphabeta"), "{text} was refused");
            continue;
        };
        answers_legally(&g, &s, bot.as_mut());
    }
}

#[test]
fn searches_given_a_deadline_already_passed_count_next_to_no_work() {
    let g = essence();
    let s = essence_midgame(&g);
    let me = g.to_move(&s).first_seat().unwrap();

    let mut heuristic = HeuristicBot::<Essence>::new(4, 1).with_budget(passed());
    decide(&mut heuristic, &g, &s, me).unwrap();
    // The clock is read every 64 nodes: the first read stops it.
    assert!(heuristic.nodes() <= 64, "the heuristic bot searched {} nodes", heuristic.nodes());

    let mut budget = passed();
    budget.iterations = Some(1_000_000_000);
    let mut mcts =
        Mcts::<Essence>::new(MctsConfig { budget, seed: 1, ..MctsConfig::default() }, Some(Essence::evaluate));
    decide(&mut mcts, &g, &s, me).unwrap();
    assert_eq!(mcts.stats().iterations, 0);

    let mut ab = AlphaBeta::<Essence>::new(budget, 64, 1);
    decide(&mut ab, &g, &s, me).unwrap();
    // Alpha-beta reads the clock every 1,024 nodes.
    assert!(ab.stats().nodes <= 1024, "alpha-beta searched {} nodes", ab.stats().nodes);

    let (gs, state) = goofspiel();
    let mut is = IsMcts::<Goofspiel>::new(MctsConfig { budget, seed: 1, ..MctsConfig::default() }, None);
    decide(&mut is, &gs, &state, Seat(0)).unwrap();
    assert_eq!(is.stats().iterations, 0);
}

#[test]
fn greedy_given_a_deadline_already_passed_takes_the_first_listed_action() {
    let g = essence();
    let s = essence_midgame(&g);
    let me = g.to_move(&s).first_seat().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let mut bot = GreedyBot::<Essence>::new(3).with_budget(passed());
    assert_eq!(decide(&mut bot, &g, &s, me), Some(legal[0]));
}

#[test]
fn the_heuristic_bot_with_a_node_budget_is_deterministic_and_stays_within_it() {
    let g = essence();
    let s = essence_midgame(&g);
    let me = g.to_move(&s).first_seat().unwrap();
    let run = |seed| {
        let mut bot = HeuristicBot::<Essence>::new(4, seed).with_budget(Budget::iterations(5_000));
        let a = decide(&mut bot, &g, &s, me).unwrap();
        (a, bot.nodes())
    };
    let (a, nodes) = run(11);
    assert_eq!(run(11), (a, nodes), "the same seed and node budget give the same search");
    assert!(nodes <= 5_000, "{nodes} nodes");
    // The description reads the same limits.
    let spec: BotSpec = "heuristic:depth=4,nodes=5000".parse().unwrap();
    let mut built = spec.build(&g, 11, 0.0).unwrap();
    assert_eq!(decide(built.as_mut(), &g, &s, me), Some(a));
}
