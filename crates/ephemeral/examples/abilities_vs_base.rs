//! Do the bots gain from the abilities? Each bot plays with its figures'
//! abilities against a *base-game* bot: the same search over the same sets,
//! but through a view of the rules with no ability uses, no mine detonations
//! and no D6 Force prep (`NoAbilities`). The base-game bot still answers
//! whatever the opponent's abilities ask of it (a resist roll, a Defend
//! window it has no ability for: it passes), and its search expects the
//! opponent to play the base game too. Both sides field the same set, so the
//! sets cancel out; sides are swapped game by game.
//!
//! ```sh
//! cargo run --release -p arbiter-ephemeral --example abilities_vs_base -- \
//!     --games 4 --bot heuristic --bot mcts:iters=1000 --seed 7 --threads 2
//! ```
//!
//! `--games` is per set and side. Every game has its own seed, so the
//! report is the same whatever `--threads` is.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

use arbiter_ai::BotSpec;
use arbiter_core::stats::wilson_rate;
use arbiter_core::{
    ConfigError, Decision, DiceRequest, Evaluate, EventSink, Game, Outcome, Perspective, Refusal, Roll, Seat,
    SeededDice, ToMove, Viewer,
};
use arbiter_ephemeral::PrepUse;
use arbiter_ephemeral::figure::{FigureSet, shipped_sets};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::{Action, Edition, Ephemeral, Event, State, Variant};
use rand::{Rng, RngExt};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The rules as a player who never uses an ability sees them.
#[derive(Clone, Debug)]
struct NoAbilities(Ephemeral);

/// True for the decisions only abilities give.
fn ability_only(a: &Action) -> bool {
    matches!(a, Action::Ability(_) | Action::Detonate { .. } | Action::Spend(PrepUse::Force { .. }))
}

impl Game for NoAbilities {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = State;
    const ID: &'static str = "ephemeral-no-abilities";
    const NAME: &'static str = "Ephemeral Path without abilities";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        Ephemeral::new(variant, seats).map(NoAbilities)
    }
    fn variant(&self) -> &Variant {
        self.0.variant()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn action_space(&self) -> arbiter_core::ActionSpace {
        self.0.action_space()
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn initial_state(&self) -> State {
        self.0.initial_state()
    }
    fn validate_state(&self, state: &State) -> Result<(), String> {
        self.0.validate_state(state)
    }
    fn to_move(&self, state: &State) -> ToMove {
        self.0.to_move(state)
    }
    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        let start = out.len();
        self.0.legal_actions(state, out);
        let mut i = start;
        let before = out.len();
        while i < out.len() {
            if ability_only(&out[i]) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        if out.len() == start && before > start {
            // Only abilities are on offer (never expected: Pass or End is
            // always there); fall back to the full rules rather than stall.
            self.0.legal_actions(state, out);
        }
    }
    fn check(&self, state: &State, action: &Action) -> Result<(), Refusal> {
        if ability_only(action) {
            return Err(Refusal::new("example.no-abilities", "this player does not use abilities", "example"));
        }
        self.0.check(state, action)
    }
    fn apply_action<E: EventSink<Event>>(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check(state, action)?;
        self.0.apply_action(state, action, events)
    }
    fn dice(&self, state: &State) -> DiceRequest {
        self.0.dice(state)
    }
    fn apply_roll<E: EventSink<Event>>(&self, state: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        self.0.apply_roll(state, roll, events)
    }
    fn outcome(&self, state: &State) -> Option<Outcome> {
        self.0.outcome(state)
    }
    fn returns(&self, state: &State, seat: Seat) -> f64 {
        self.0.returns(state, seat)
    }
    fn observe(&self, state: &State, viewer: Viewer) -> State {
        self.0.observe(state, viewer)
    }
    fn random_action<R: Rng + ?Sized>(&self, state: &State, rng: &mut R, scratch: &mut Vec<Action>) -> Option<Action> {
        // The full game's cheap draw, redrawn when it picks an ability.
        for _ in 0..8 {
            match self.0.random_action(state, rng, scratch) {
                Some(a) if ability_only(&a) => continue,
                other => return other,
            }
        }
        scratch.clear();
        self.legal_actions(state, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rng.random_range(0..scratch.len());
        Some(scratch.swap_remove(i))
    }
    fn apply_legal<E: EventSink<Event>>(&self, state: &mut State, action: &Action, events: &mut E) {
        self.0.apply_legal(state, action, events);
    }
}

impl Evaluate for NoAbilities {
    fn evaluate(&self, state: &State, seat: Seat) -> f64 {
        self.0.evaluate(state, seat)
    }
}

struct Args {
    games: u64,
    bots: Vec<String>,
    seed: u64,
    threads: usize,
    edition: Edition,
}

fn args() -> Args {
    let mut a = Args { games: 4, bots: Vec::new(), seed: 7, threads: 2, edition: Edition::V026 };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < v.len() {
        let val = v.get(i + 1).cloned().unwrap_or_default();
        match v[i].as_str() {
            "--games" => a.games = val.parse().unwrap(),
            "--bot" => a.bots.push(val),
            "--seed" => a.seed = val.parse().unwrap(),
            "--threads" => a.threads = val.parse().unwrap(),
            "--edition" => a.edition = val.parse().unwrap(),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    if a.bots.is_empty() {
        a.bots = vec!["heuristic".into(), "mcts:iters=1000".into()];
    }
    a
}

/// What one game gave: the result for the side with abilities (1, ½ or 0),
/// the abilities it used, and the game's length in decisions.
struct Played {
    score: f64,
    uses: u32,
    decisions: u32,
}

/// One mirror game: `with` plays seat `seat` with abilities, `base` the other
/// seat without.
fn play(edition: Edition, set: &FigureSet, with: &BotSpec, base: &BotSpec, seat: Seat, seed: u64) -> Played {
    let variant = Variant { edition, sets: vec![set.clone(), set.clone()], kit: Kit::standard() };
    let g = Ephemeral::new(variant.clone(), 2).unwrap();
    let plain = NoAbilities::new(variant, 2).unwrap();
    let mut with_bot = with.build(&g, seed, 0.05).unwrap();
    let mut base_bot = base.build(&plain, seed ^ 0x9e37_79b9, 0.05).unwrap();
    let mut dice = SeededDice::new(seed);
    let mut s = g.initial_state();
    let (mut uses, mut decisions) = (0, 0);
    for _ in 0..5000 {
        let decision = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll_now(&g.dice(&s))),
            ToMove::Seat(who) if who == seat => {
                Decision::Act(with_bot.choose(&g, &Perspective::new(&g, &s, who)).unwrap())
            }
            ToMove::Seat(who) => Decision::Act(base_bot.choose(&plain, &Perspective::new(&plain, &s, who)).unwrap()),
            ToMove::Together(_) => unreachable!("Ephemeral Path has no simultaneous decisions"),
        };
        let mut events = Vec::new();
        g.apply(&mut s, &decision, &mut events).unwrap();
        decisions += 1;
        uses += events.iter().filter(|e| matches!(e, Event::Used { .. })).count() as u32;
    }
    let score = (g.returns(&s, seat) + 1.0) / 2.0;
    Played { score, uses, decisions }
}

fn main() {
    let a = args();
    let started = Instant::now();
    let sets: Vec<(&str, FigureSet)> =
        shipped_sets().into_iter().map(|(name, _)| (name, FigureSet::shipped(name, a.edition).unwrap())).collect();
    let bots: Vec<BotSpec> = a.bots.iter().map(|b| b.parse().unwrap()).collect();
    // Every pairing of a bot with abilities against a bot without.
    let mut jobs = Vec::new();
    for w in 0..bots.len() {
        for b in 0..bots.len() {
            for (k, _) in sets.iter().enumerate() {
                for seat in [Seat(0), Seat(1)] {
                    for n in 0..a.games {
                        let seed = a.seed
                            ^ (((w * 64 + b) as u64) << 40)
                            ^ ((k as u64) << 24)
                            ^ ((seat.index() as u64) << 20)
                            ^ n.wrapping_mul(0x9e37_79b9);
                        jobs.push((w, b, k, seat, seed));
                    }
                }
            }
        }
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Played>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|sc| {
        for _ in 0..a.threads.max(1) {
            sc.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(w, b, k, seat, seed)) = jobs.get(j) else { break };
                    let p = play(a.edition, &sets[k].1, &bots[w], &bots[b], seat, seed);
                    results.lock().unwrap()[j] = Some(p);
                }
            });
        }
    });
    let results: Vec<Played> = results.into_inner().unwrap().into_iter().map(Option::unwrap).collect();

    println!(
        "Generated by one command (release build, {} threads, {:.0} s):\n",
        a.threads,
        started.elapsed().as_secs_f64()
    );
    let bot_args: String = a.bots.iter().map(|b| format!(" --bot {b}")).collect();
    println!(
        "```sh\ncargo run --release -p arbiter-ephemeral --example abilities_vs_base -- --games {}{bot_args} --seed {} --threads {} --edition {}\n```\n",
        a.games, a.seed, a.threads, a.edition
    );
    println!(
        "Every shipped set against itself, {} games per set and side ({} per pairing). Score of the bot using its abilities (win = 1, draw = ½) against the same or another bot that does not, with its 95% Wilson interval:\n",
        a.games,
        a.games * 2 * sets.len() as u64
    );
    print!("| with abilities \\ without |");
    for b in &a.bots {
        print!(" `{b}` |");
    }
    println!();
    println!("|---|{}", "---|".repeat(a.bots.len()));
    for (w, wname) in a.bots.iter().enumerate() {
        print!("| `{wname}` |");
        for b in 0..bots.len() {
            let mine: Vec<&Played> =
                jobs.iter().zip(&results).filter(|(j, _)| j.0 == w && j.1 == b).map(|(_, p)| p).collect();
            let n = mine.len() as u64;
            let rate = mine.iter().map(|p| p.score).sum::<f64>() / n as f64;
            let p = wilson_rate(rate, n);
            print!(" {:.0}% ({:.0}–{:.0}) |", p.rate * 100.0, p.low * 100.0, p.high * 100.0);
        }
        println!();
    }
    println!(
        "\nPer set, all pairings together (score with abilities, abilities used per game, mean length in decisions):\n"
    );
    println!("| set | score | 95% interval | uses per game | decisions |");
    println!("|---|---|---|---|---|");
    for (k, (name, _)) in sets.iter().enumerate() {
        let mine: Vec<&Played> = jobs.iter().zip(&results).filter(|(j, _)| j.2 == k).map(|(_, p)| p).collect();
        let n = mine.len() as u64;
        let rate = mine.iter().map(|p| p.score).sum::<f64>() / n as f64;
        let p = wilson_rate(rate, n);
        let uses = mine.iter().map(|p| f64::from(p.uses)).sum::<f64>() / n as f64;
        let len = mine.iter().map(|p| f64::from(p.decisions)).sum::<f64>() / n as f64;
        println!(
            "| {name} | {:.0}% | {:.0}–{:.0}% | {uses:.1} | {len:.0} |",
            p.rate * 100.0,
            p.low * 100.0,
            p.high * 100.0
        );
    }
    let n = results.len() as u64;
    let rate = results.iter().map(|p| p.score).sum::<f64>() / n as f64;
    let p = wilson_rate(rate, n);
    println!(
        "\nAll {n} games: the side with abilities scored {:.1}% [{:.1}%, {:.1}%].",
        p.rate * 100.0,
        p.low * 100.0,
        p.high * 100.0
    );
}
