//! The bots on real decisions: they find forced wins, MCTS handles chance
//! nodes (on Pig, a dice game defined here), searches are deterministic for a
//! seed and thread count, and alpha-beta refuses games it cannot search.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_ai::{AlphaBeta, Bot, BotSpec, Budget, GreedyBot, Mcts, MctsConfig, RandomBot, decide};
use arbiter_core::{
    ConfigError, Decision, DiceRequest, Discard, Evaluate, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat,
    ToMove, Viewer,
};
use arbiter_essence::{Action, Essence, State, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

fn essence() -> Essence {
    Essence::new(Variant::default(), 2).unwrap()
}

/// P1 to act; destabilizing a4 by 1 removes P2's last mote (and a4 survives).
fn winning_position() -> State {
    "o1..../x3r..../..*../...../x2r.... x a 2 0".parse().unwrap()
}

fn wins_at_once(g: &Essence, s: &State, a: &Action) -> bool {
    let mut next = s.clone();
    g.apply(&mut next, &Decision::Act(*a), &mut Discard).unwrap();
    g.returns(&next, Seat(0)) == 1.0
}

#[test]
fn every_search_bot_takes_a_win_in_one() {
    let g = essence();
    let s = winning_position();
    let mut bots: Vec<Box<dyn Bot<Essence>>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(AlphaBeta::new(Budget::iterations(20_000), 8, 1)),
        Box::new(Mcts::new(
            MctsConfig { budget: Budget::iterations(3_000), seed: 1, ..MctsConfig::default() },
            Some(Essence::evaluate),
        )),
    ];
    for bot in &mut bots {
        let a = decide(bot.as_mut(), &g, &s, g.to_move(&s).first_seat().unwrap()).unwrap();
        assert!(wins_at_once(&g, &s, &a), "{} chose {a}", bot.name());
    }
}

#[test]
fn mcts_with_an_iteration_budget_is_deterministic_for_a_seed_and_thread_count() {
    let g = essence();
    let s = g.initial_state();
    let run = |seed, threads| {
        let mut bot = Mcts::<Essence>::new(
            MctsConfig {
                budget: Budget::iterations(2_000),
                seed,
                threads,
                rollout_depth: Some(8),
                ..MctsConfig::default()
            },
            Some(Essence::evaluate),
        );
        let visits = bot.search(&g, &s);
        assert_eq!(bot.stats().iterations, 2_000);
        visits
    };
    assert_eq!(run(5, 1), run(5, 1));
    assert_eq!(run(5, 2), run(5, 2));
    assert_ne!(run(5, 1), run(6, 1), "another seed searches differently");
}

#[test]
fn alpha_beta_with_a_node_budget_is_deterministic_and_seeds_vary_ties() {
    let g = essence();
    let s = g.initial_state();
    let choose =
        |seed| decide(&mut AlphaBeta::<Essence>::new(Budget::iterations(30_000), 6, seed), &g, &s, Seat(0)).unwrap();
    assert_eq!(choose(1), choose(1));
    let chosen: std::collections::HashSet<String> = (0..12).map(|seed| choose(seed).to_string()).collect();
    assert!(chosen.len() > 1, "equal first moves should vary with the seed: {chosen:?}");
}

#[test]
fn alpha_beta_is_refused_for_games_with_dice() {
    let spec: BotSpec = "alphabeta:time=0.1".parse().unwrap();
    let e = spec.build(&Pig, 1, 0.1).err().unwrap();
    assert!(e.reason.contains("deterministic"), "{e}");
    assert!("mcts:iters=10".parse::<BotSpec>().unwrap().build(&Pig, 1, 0.1).is_ok());
}

#[test]
fn search_beats_greedy_and_greedy_beats_random_at_essence() {
    let g = essence();
    let mut tally = [0; 2];
    for game in 0..6u64 {
        // MCTS against greedy, and greedy against random, sides alternating.
        for (pair, wins) in tally.iter_mut().enumerate() {
            let mut strong: Box<dyn Bot<Essence>> = if pair == 0 {
                Box::new(Mcts::new(
                    MctsConfig {
                        budget: Budget::iterations(400),
                        seed: game,
                        rollout_depth: Some(8),
                        ..MctsConfig::default()
                    },
                    Some(Essence::evaluate),
                ))
            } else {
                Box::new(GreedyBot::new(game))
            };
            let mut weak: Box<dyn Bot<Essence>> =
                if pair == 0 { Box::new(GreedyBot::new(game + 100)) } else { Box::new(RandomBot::new(game + 100)) };
            let strong_seat = Seat((game % 2) as u8);
            let mut s = g.initial_state();
            while let ToMove::Seat(p) = g.to_move(&s) {
                let bot = if p == strong_seat { &mut strong } else { &mut weak };
                let a = decide(bot.as_mut(), &g, &s, g.to_move(&s).first_seat().unwrap()).unwrap();
                g.apply(&mut s, &Decision::Act(a), &mut Discard).unwrap();
            }
            if g.returns(&s, strong_seat) > 0.0 {
                *wins += 1;
            }
        }
    }
    assert!(tally[0] >= 4, "MCTS won {} of 6 against greedy", tally[0]);
    assert!(tally[1] >= 5, "greedy won {} of 6 against random", tally[1]);
}

// ------------------------------------------------------------------ Pig

/// Pig, to 20: on your turn roll a d6 as often as you like; a 1 loses the
/// turn's points and passes the turn, anything else adds to them; holding banks
/// them. A game with chance nodes and a clear best strategy.
#[derive(Clone, Debug, Default)]
struct Pig;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct PigState {
    scores: [u8; 2],
    turn_total: u8,
    active: u8,
    rolling: bool,
    decisions: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum PigAction {
    Roll,
    Hold,
}

const GOAL: u8 = 20;

impl Game for Pig {
    type Variant = ();
    type State = PigState;
    type Action = PigAction;
    type Event = ();
    type Observation = PigState;
    const ID: &'static str = "pig";
    const NAME: &'static str = "Pig";

    fn new(_: (), seats: usize) -> Result<Self, ConfigError> {
        if seats == 2 { Ok(Pig) } else { Err(ConfigError::Seats { game: "Pig", allowed: "2", found: seats }) }
    }
    fn variant(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn initial_state(&self) -> PigState {
        PigState { scores: [0, 0], turn_total: 0, active: 0, rolling: false, decisions: 0 }
    }
    fn validate_state(&self, _: &PigState) -> Result<(), String> {
        Ok(())
    }
    fn to_move(&self, s: &PigState) -> ToMove {
        if s.scores.iter().any(|&x| x >= GOAL) || s.decisions >= 400 {
            ToMove::Over
        } else if s.rolling {
            ToMove::Chance
        } else {
            ToMove::Seat(Seat(s.active))
        }
    }
    fn legal_actions(&self, s: &PigState, out: &mut Vec<PigAction>) {
        if let ToMove::Seat(_) = self.to_move(s) {
            out.push(PigAction::Roll);
            if s.turn_total > 0 {
                out.push(PigAction::Hold);
            }
        }
    }
    fn check(&self, s: &PigState, a: &PigAction) -> Result<(), Refusal> {
        match a {
            PigAction::Hold if s.turn_total == 0 => Err(Refusal::new("pig.hold.empty", "nothing to hold", "Pig")),
            _ => Ok(()),
        }
    }
    fn apply_action<E: EventSink<()>>(&self, s: &mut PigState, a: &PigAction, _: &mut E) -> Result<(), Refusal> {
        self.check(s, a)?;
        s.decisions += 1;
        match a {
            PigAction::Roll => s.rolling = true,
            PigAction::Hold => {
                let i = usize::from(s.active);
                s.scores[i] = s.scores[i].saturating_add(s.turn_total);
                s.turn_total = 0;
                s.active = 1 - s.active;
            }
        }
        Ok(())
    }
    fn dice(&self, _: &PigState) -> DiceRequest {
        DiceRequest::new().with(6, "roll")
    }
    fn apply_roll<E: EventSink<()>>(&self, s: &mut PigState, roll: &Roll, _: &mut E) -> Result<(), Refusal> {
        s.rolling = false;
        s.decisions += 1;
        match roll.values()[0] {
            1 => {
                s.turn_total = 0;
                s.active = 1 - s.active;
            }
            v => s.turn_total = s.turn_total.saturating_add(v),
        }
        Ok(())
    }
    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        (self.to_move(s) == ToMove::Over).then(|| Outcome {
            kind: match s.scores.iter().position(|&x| x >= GOAL) {
                Some(w) => OutcomeKind::Win(vec![Seat(w as u8)]),
                None => OutcomeKind::Draw,
            },
            reason: "goal".into(),
        })
    }
    fn returns(&self, s: &PigState, seat: Seat) -> f64 {
        match self.outcome(s).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if w[0] == seat => 1.0,
            Some(OutcomeKind::Win(_)) => -1.0,
            _ => 0.0,
        }
    }
    fn observe(&self, s: &PigState, _: Viewer) -> PigState {
        s.clone()
    }
}

impl Evaluate for Pig {
    fn evaluate(&self, s: &PigState, seat: Seat) -> f64 {
        let me = f64::from(s.scores[seat.index()]);
        let them = f64::from(s.scores[seat.other().index()]);
        ((me - them) / f64::from(GOAL)).tanh()
    }
}

#[test]
fn pig_conforms() {
    arbiter_core::conformance::run(&Pig, &arbiter_core::conformance::Options { games: 100, ..Default::default() })
        .unwrap();
}

#[test]
fn mcts_with_chance_nodes_beats_random_at_pig() {
    let g = Pig;
    let mut wins = 0;
    let games = 40;
    for i in 0..games {
        let mut mcts =
            Mcts::<Pig>::new(MctsConfig { budget: Budget::iterations(2_000), seed: i, ..MctsConfig::default() }, None);
        let mut random = RandomBot::<Pig>::new(i + 1000);
        let mcts_seat = Seat((i % 2) as u8);
        let mut dice = ChaCha8Rng::seed_from_u64(i);
        let mut s = g.initial_state();
        loop {
            match g.to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let roll = arbiter_core::roll_with(&mut dice, &g.dice(&s));
                    g.apply(&mut s, &Decision::Roll(roll), &mut Discard).unwrap();
                }
                ToMove::Together(_) => unreachable!("Pig has no simultaneous decisions"),
                ToMove::Seat(p) => {
                    let a = if p == mcts_seat { decide(&mut mcts, &g, &s, p) } else { decide(&mut random, &g, &s, p) }
                        .unwrap();
                    g.apply(&mut s, &Decision::Act(a), &mut Discard).unwrap();
                }
            }
        }
        if g.returns(&s, mcts_seat) > 0.0 {
            wins += 1;
        }
    }
    // Random play at Pig rolls on and on; MCTS learns to hold.
    assert!(wins >= 30, "MCTS won {wins} of {games}");
}
