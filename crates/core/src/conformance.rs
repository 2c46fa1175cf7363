//! The conformance suite: one generic random-simulation check that every game
//! must pass, whatever its rules.
//!
//! It plays seeded random games and, at every decision, checks the invariants
//! the rest of Arbiter relies on: states serialise and read back identically,
//! every listed action is accepted (and is judged legal by `check`), refused
//! decisions leave the state untouched, chance probabilities sum to 1, every
//! viewer's observation serialises, games end, and the record of the game
//! replays to the identical final state.
//!
//! Games built on the resolution core ([`crate::resolve`]) run the same suite
//! with [`run_resolving`], which also checks the pending stack at every
//! decision: nothing runnable is ever left on top, whoever the top frame
//! waits for is who the game says is to move, and the stack serialises with
//! the state (so a record can stop and resume in the middle of a reaction).
//!
//! The suite plays each game with [`play_checked`], which soak tests (`arbiter
//! soak`) call too: the same checks, the expensive ones on a sample of states
//! ([`Checks`]), a [`Violation`] that says which decision failed, and the
//! record of the game up to the failing state, whose rolls come from the
//! record's seed so that it replays and verifies like any saved game.
//!
//! For information it checks that a game without hidden information shows
//! every viewer the same observation; that a decision or event hidden from a
//! viewer tells them nothing (their observation and the events they see are
//! the same whichever alternative was taken: two states that differ only in
//! what they may not see look identical to them); that every state resampled
//! from a seat's observation gives back that observation, the seat to move
//! and the seat's legal actions; and that a simultaneous decision gives the
//! same state whatever order its seats commit in.

use crate::information::shown_events;
use crate::resolve::{Resolve, owed};
use crate::{
    ActionSpace, Decision, Discard, Game, MatchConfig, PlayerSpec, Record, Seat, Seats, ToMove, Viewer, Visibility,
    roll_with,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Decisions applied, in all.
    pub decisions: usize,
    /// Chance decisions among them.
    pub rolls: usize,
    /// The longest game, in decisions.
    pub longest: usize,
    /// Games that ended in a draw.
    pub draws: usize,
    /// Decisions taken while work was pending (reactions, rolls inside
    /// actions); only counted by [`run_resolving`].
    pub pending_decisions: usize,
    /// The deepest pending stack seen; only measured by [`run_resolving`].
    pub deepest: usize,
    /// Secret choices in simultaneous decisions among the decisions.
    pub commits: usize,
    /// Alternatives to hidden decisions checked to tell their viewers nothing.
    pub secrets_checked: usize,
}

/// Options of a run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Games to play.
    pub games: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// A game longer than this fails the run.
    pub max_decisions: usize,
    /// Apply at most this many listed actions per state on a copy (all of them
    /// if the list is shorter).
    pub actions_to_try: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { games: 50, seed: 0, max_decisions: 100_000, actions_to_try: 64 }
    }
}

/// How thoroughly [`play_checked`] inspects a game.
///
/// Every state gets the cheap checks (a seat to move has a legal action and
/// the random draw finds one, refused decisions change nothing, the pending
/// stack of games built on the resolution core); the deep checks (the state
/// read back from JSON and a state file, every viewer's observation, listed
/// actions applied on copies both ways, chance probabilities) go to every
/// state in the suite and to a random sample in a soak.
#[derive(Clone, Debug)]
pub struct Checks {
    /// Deep checks on one state in this many, drawn at random (1: every state).
    pub deep_one_in: u32,
    /// Check the record's rolls against its seed (another replay) on one
    /// game in this many (1: every game; 0: never).
    pub seed_check_one_in: u32,
    /// Apply at most this many listed actions per deeply checked state.
    pub actions_to_try: usize,
    /// A game longer than this is a failure.
    pub max_decisions: usize,
}

impl Default for Checks {
    /// Everything, on every state: the conformance suite.
    fn default() -> Self {
        Checks { deep_one_in: 1, seed_check_one_in: 1, actions_to_try: 64, max_decisions: 100_000 }
    }
}

/// An invariant that does not hold: at which decision (counted from 0, the
/// state before it) or, for the checks made once the game is over, after the
/// last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The decision about to be taken, or `None` for the end-of-game checks.
    pub step: Option<usize>,
    /// What went wrong.
    pub what: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.step {
            Some(step) => write!(f, "decision {step}: {}", self.what),
            None => f.write_str(&self.what),
        }
    }
}

impl std::error::Error for Violation {}

/// Runs the suite on `game`; the error names the seed and decision that failed.
pub fn run<G: Game>(game: &G, options: &Options) -> Result<Report, String> {
    run_with(game, options, &mut |_, _| Ok(()))
}

/// Runs the suite on a game built on the resolution core, checking its
/// pending stack at every decision as well (see the module documentation).
pub fn run_resolving<G>(game: &G, options: &Options) -> Result<Report, String>
where
    G: Game + Resolve<State = <G as Game>::State>,
{
    run_with(game, options, &mut |state, report| check_pending(game, state, report))
}

/// A check run on every state before its decision.
pub type Extra<'a, G> = dyn FnMut(&<G as Game>::State, &mut Report) -> Result<(), String> + 'a;

fn run_with<G: Game>(game: &G, options: &Options, extra: &mut Extra<'_, G>) -> Result<Report, String> {
    let mut report = Report::default();
    let checks =
        Checks { actions_to_try: options.actions_to_try, max_decisions: options.max_decisions, ..Checks::default() };
    for g in 0..options.games {
        let seed = options.seed.wrapping_add(g as u64);
        let mut record = Record::new(random_config(game, seed));
        play_checked(game, &checks, &mut record, &mut report, extra)
            .map_err(|e| format!("{} game seed {seed}: {e}", G::ID))?;
    }
    Ok(report)
}

/// The config of a game between random seats with seeded dice.
pub fn random_config<G: Game>(game: &G, seed: u64) -> MatchConfig<G::Variant> {
    MatchConfig {
        game: G::ID.to_string(),
        variant: game.variant().clone(),
        players: (0..game.seats()).map(|i| PlayerSpec::bot(format!("random-{i}"))).collect(),
        seed,
        dice: crate::DiceMode::Seeded,
    }
}

/// The pending-stack invariants of a game built on the resolution core, for
/// one state between decisions: nothing runnable is left on top, and the top
/// frame waits for whoever the game says is to move. Counts decisions taken
/// inside pending work and the deepest stack in `report`.
pub fn check_pending<G>(game: &G, state: &<G as Game>::State, report: &mut Report) -> Result<(), String>
where
    G: Game + Resolve<State = <G as Game>::State>,
{
    let pending = game.pending(state);
    report.deepest = report.deepest.max(pending.len());
    let Some(top) = pending.top() else {
        return Ok(());
    };
    report.pending_decisions += 1;
    let Some(wait) = game.waits(state, top) else {
        return Err("a runnable frame was left on top of the pending stack between decisions".into());
    };
    if owed(game, state) != Some(wait) || Game::to_move(game, state) != ToMove::from(wait) {
        return Err(format!(
            "the pending stack waits for {wait:?} but the game says {:?} is to move",
            Game::to_move(game, state)
        ));
    }
    Ok(())
}

/// Plays one game from the initial state to its end by random decisions —
/// each seat's from [`Game::random_action`] with a generator seeded by the
/// record's seed, the dice from [`crate::SeededDice`] with the same seed, so
/// the record verifies against it — checking every invariant of the module
/// documentation as it goes (how deeply: `checks`), `extra` on every state,
/// and at the end that the record reads back from JSON and replays to the
/// same final state. Each decision is pushed on `record` once applied: after
/// a violation, or a panic inside the game, the record holds the game up to
/// the state that failed. Returns the final state; `report` counts the game.
pub fn play_checked<G: Game>(
    game: &G,
    checks: &Checks,
    record: &mut Record<G>,
    report: &mut Report,
    extra: &mut Extra<'_, G>,
) -> Result<G::State, Violation> {
    let seed = record.config.seed;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = crate::SeededDice::new(seed);
    let end = |what: String| Violation { step: None, what };
    let text = crate::ConfigFile::<G>::new(record.config.clone()).to_json().map_err(|e| end(e.to_string()))?;
    match crate::ConfigFile::<G>::from_json(&text) {
        Ok(back) if back == record.config => {}
        Ok(_) => return Err(end("the config does not read back identically".into())),
        Err(e) => return Err(end(format!("the config does not read back: {e}"))),
    }
    record.decisions.clear();
    let mut state = game.initial_state();
    let mut copy = state.clone();
    let mut actions = Vec::new();
    let mut scratch = Vec::new();
    let mut last_action: Option<G::Action> = None;
    let mut step = 0usize;
    loop {
        let at = move |what: String| Violation { step: Some(step), what };
        let deep = checks.deep_one_in <= 1 || rng.random_range(0..checks.deep_one_in) == 0;
        if deep {
            check_state(game, &state).map_err(at)?;
        }
        extra(&state, report).map_err(at)?;
        let decision = match game.to_move(&state) {
            ToMove::Over => {
                if game.outcome(&state).is_none() {
                    return Err(at("the game is over but has no outcome".into()));
                }
                break;
            }
            ToMove::Seat(seat) => {
                if seat.index() >= game.seats() {
                    return Err(at(format!("{seat} is to move in a {}-seat game", game.seats())));
                }
                if game.outcome(&state).is_some() {
                    return Err(at("the game has an outcome but is not over".into()));
                }
                let Some(drawn) = game.random_action(&state, &mut rng, &mut scratch) else {
                    actions.clear();
                    game.legal_actions(&state, &mut actions);
                    return Err(at(if actions.is_empty() {
                        format!("{seat} is to move but has no legal action")
                    } else {
                        format!("random_action found nothing although {} actions are listed", actions.len())
                    }));
                };
                if let Err(r) = game.check(&state, &drawn) {
                    return Err(at(format!("random_action drew {drawn:?}, which check refuses: {r}")));
                }
                if deep {
                    actions.clear();
                    game.legal_actions(&state, &mut actions);
                    if actions.is_empty() {
                        return Err(at(format!("{seat} is to move but lists no legal action")));
                    }
                    let mut of = Vec::new();
                    game.legal_actions_of(&state, seat, &mut of);
                    if of != actions {
                        return Err(at(format!("legal_actions_of({seat}) differs from legal_actions")));
                    }
                    check_actions(game, &state, seat, &actions, checks.actions_to_try, &mut rng).map_err(at)?;
                    if game.action_space() == ActionSpace::Enumerable && !actions.contains(&drawn) {
                        return Err(at(format!("random_action drew {drawn:?}, which is not listed")));
                    }
                }
                // Refused decisions change nothing: a roll, the other seat
                // acting, and an action drawn for an earlier state.
                copy.clone_from(&state);
                let refused = Decision::Roll(crate::Roll::default());
                if game.apply(&mut copy, &refused, &mut Discard).is_ok() || copy != state {
                    return Err(at("a roll was accepted, or changed the state, while a seat was to move".into()));
                }
                if game.seats() > 1 {
                    let intruder = crate::Seat(((seat.index() + 1) % game.seats()) as u8);
                    match game.apply_as(&mut copy, intruder, &drawn, &mut Discard) {
                        Err(r) if r.rule == "core.turn.not-yours" && copy == state => {}
                        _ => return Err(at(format!("{intruder} could act although {seat} owes the decision"))),
                    }
                }
                if let Some(stale) = last_action.as_ref().filter(|a| **a != drawn)
                    && let Err(r) = game.apply(&mut copy, &Decision::Act(stale.clone()), &mut Discard)
                    && copy != state
                {
                    return Err(at(format!("refusing {stale:?} ({}) changed the state", r.rule)));
                }
                last_action = Some(drawn.clone());
                Decision::Act(drawn)
            }
            ToMove::Together(set) => {
                report.commits += 1;
                if deep {
                    check_together(game, &state, set, checks.actions_to_try, &mut rng).map_err(at)?;
                }
                let seats: Vec<Seat> = set.iter().collect();
                let seat = seats[rng.random_range(0..seats.len())];
                actions.clear();
                game.legal_actions_of(&state, seat, &mut actions);
                if actions.is_empty() {
                    return Err(at(format!("{seat} owes a simultaneous decision but has no legal action")));
                }
                let action = actions[rng.random_range(0..actions.len())].clone();
                last_action = Some(action.clone());
                Decision::Commit { seat, action }
            }
            ToMove::Chance => {
                if !game.has_chance() {
                    return Err(at("chance is to move but has_chance() is false".into()));
                }
                let request = game.dice(&state);
                if request.is_empty() {
                    return Err(at("chance is to move but rolls no dice".into()));
                }
                crate::RollPart::check_split(&game.roll_parts(&state), request.len()).map_err(at)?;
                if deep && let Some(n) = request.outcome_count().filter(|&n| n <= 20_000) {
                    let mut total = 0.0;
                    let mut count = 0u64;
                    request.for_each_outcome(|r| {
                        total += request.probability(r);
                        count += 1;
                    });
                    if count != n || (total - 1.0).abs() > 1e-9 {
                        return Err(at(format!("chance probabilities sum to {total} over {count} outcomes")));
                    }
                }
                report.rolls += 1;
                copy.clone_from(&state);
                if let Some(a) = last_action.clone()
                    && (game.apply(&mut copy, &Decision::Act(a), &mut Discard).is_ok() || copy != state)
                {
                    return Err(at("an action was accepted, or changed the state, while dice were owed".into()));
                }
                Decision::Roll(dice.roll_now(&request))
            }
        };
        if deep {
            let json = serde_json::to_string(&decision).map_err(|e| at(e.to_string()))?;
            let back: Decision<G::Action> = serde_json::from_str(&json).map_err(|e| at(format!("{e} in {json}")))?;
            if back != decision {
                return Err(at(format!("decision {json} does not read back identically")));
            }
            if game.has_hidden_information() {
                check_secrecy(game, &state, &decision, &mut rng, report).map_err(at)?;
            }
        }
        game.apply(&mut state, &decision, &mut Discard).map_err(|r| at(format!("{decision:?} was refused: {r}")))?;
        record.decisions.push(decision);
        step += 1;
        if step > checks.max_decisions {
            let what = format!("the game did not end within {} decisions", checks.max_decisions);
            return Err(Violation { step: Some(step), what });
        }
    }
    for seat in 0..game.seats() {
        let r = game.returns(&state, crate::Seat(seat as u8));
        if !(-1.0..=1.0).contains(&r) {
            return Err(end(format!("returns of seat {seat} are {r}, outside -1..=1")));
        }
    }
    if matches!(game.outcome(&state).map(|o| o.kind), Some(crate::OutcomeKind::Draw)) {
        report.draws += 1;
    }
    let all = viewers(game);
    let redacted =
        record.for_viewers(&all).map_err(|e| end(format!("the record for every viewer does not replay: {e}")))?;
    for (viewer, shown) in all.into_iter().zip(redacted) {
        let complete = shown.hidden == 0;
        if viewer == Viewer::Referee && !complete {
            return Err(end("the referee's record hides decisions".into()));
        }
        if !game.has_hidden_information() && !complete {
            return Err(end(format!("a game without hidden information hides decisions from {viewer:?}")));
        }
        serde_json::to_string(&shown).map_err(|e| end(format!("the record for {viewer:?} does not serialise: {e}")))?;
    }
    let text = record.to_json().map_err(|e| end(format!("the record does not serialise: {e}")))?;
    let (read, _, replayed) =
        Record::<G>::from_json_replayed(&text).map_err(|e| end(format!("the record does not read back: {e}")))?;
    if replayed != state {
        return Err(end("replaying the record gives a different final state".into()));
    }
    if checks.seed_check_one_in == 1
        || (checks.seed_check_one_in > 1 && rng.random_range(0..checks.seed_check_one_in) == 0)
    {
        read.verify_seed().map_err(|e| end(format!("the record does not verify against its seed: {e}")))?;
    }
    report.games += 1;
    report.decisions += step;
    report.longest = report.longest.max(step);
    Ok(state)
}

fn check_state<G: Game>(game: &G, state: &G::State) -> Result<(), String> {
    game.validate_state(state).map_err(|e| format!("a reachable state is judged invalid: {e}"))?;
    let json = serde_json::to_string(state).map_err(|e| e.to_string())?;
    let back: G::State = serde_json::from_str(&json).map_err(|e| format!("state does not read back: {e}"))?;
    if &back != state {
        return Err("state does not read back identically".into());
    }
    let file = crate::StateFile::new(game, state.clone()).to_json().map_err(|e| e.to_string())?;
    let (_, opened) =
        crate::StateFile::<G>::from_json(&file).map_err(|e| e.to_string())?.open().map_err(|e| e.to_string())?;
    if &opened != state {
        return Err("state file does not open identically".into());
    }
    let public = game.observe(state, Viewer::Spectator);
    for v in viewers(game) {
        let seen = game.observe(state, v);
        serde_json::to_string(&seen).map_err(|e| format!("observation for {v:?}: {e}"))?;
        if !game.has_hidden_information() && seen != public {
            return Err(format!("a game without hidden information shows {v:?} another observation"));
        }
    }
    if game.has_hidden_information() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
        for seat in (0..game.seats()).map(|s| Seat(s as u8)) {
            check_resample(game, state, seat, &mut rng)?;
        }
    }
    Ok(())
}

/// Every viewer: the seats, a spectator and the referee.
fn viewers<G: Game>(game: &G) -> Vec<Viewer> {
    let mut viewers = vec![Viewer::Spectator, Viewer::Referee];
    viewers.extend((0..game.seats()).map(|s| Viewer::Seat(Seat(s as u8))));
    viewers
}

/// The legal actions of `seat` in `state`.
fn actions_of<G: Game>(game: &G, state: &G::State, seat: Seat) -> Vec<G::Action> {
    let mut out = Vec::new();
    game.legal_actions_of(state, seat, &mut out);
    out
}

/// True if two lists hold the same actions, in any order.
fn same_actions<A: PartialEq>(a: &[A], b: &[A]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x)) && b.iter().all(|x| a.contains(x))
}

/// A few states resampled from `seat`'s observation must give that seat the
/// same observation, the same seat to move and the same legal actions.
fn check_resample<G: Game>(game: &G, state: &G::State, seat: Seat, rng: &mut ChaCha8Rng) -> Result<(), String> {
    let seen = game.observe(state, Viewer::Seat(seat));
    let mine = actions_of(game, state, seat);
    for _ in 0..3 {
        let sample = game
            .resample(seat, &seen, rng)
            .ok_or_else(|| format!("the game hides information but cannot resample for {seat}"))?;
        game.validate_state(&sample).map_err(|e| format!("a state resampled for {seat} is invalid: {e}"))?;
        if game.observe(&sample, Viewer::Seat(seat)) != seen {
            return Err(format!("a state resampled for {seat} gives {seat} another observation"));
        }
        if game.to_move(&sample) != game.to_move(state) {
            return Err(format!("a state resampled for {seat} has another seat to move"));
        }
        let theirs = actions_of(game, &sample, seat);
        if mine.len() <= 256 && !same_actions(&mine, &theirs) {
            return Err(format!("a state resampled for {seat} gives {seat} other legal actions"));
        }
    }
    Ok(())
}

/// What `viewer` sees after `decision`: their observation and the events
/// shown to them, as JSON (`None` if the decision is refused).
fn seen_after<G: Game>(
    game: &G,
    state: &G::State,
    decision: &Decision<G::Action>,
    viewer: Viewer,
) -> Option<(G::Observation, String)> {
    let mut after = state.clone();
    let mut events = Vec::new();
    game.apply(&mut after, decision, &mut events).ok()?;
    let shown = serde_json::to_string(&shown_events(game, &events, viewer)).ok()?;
    Some((game.observe(&after, viewer), shown))
}

/// A decision hidden from a viewer must tell them nothing: whichever
/// alternative its seat (or the dice) had taken instead, with the same
/// visibility, the viewer's observation and shown events are the same.
fn check_secrecy<G: Game>(
    game: &G,
    state: &G::State,
    decision: &Decision<G::Action>,
    rng: &mut ChaCha8Rng,
    report: &mut Report,
) -> Result<(), String> {
    let visibility = game.decision_visibility(state, decision);
    if visibility == Visibility::Public {
        return Ok(());
    }
    let hidden_from: Vec<Viewer> = viewers(game).into_iter().filter(|v| !visibility.shows(*v)).collect();
    let mut alternatives: Vec<Decision<G::Action>> = Vec::new();
    match decision {
        Decision::Roll(_) => {
            let request = game.dice(state);
            if request.outcome_count().is_some_and(|n| n <= 64) {
                request.for_each_outcome(|r| alternatives.push(Decision::Roll(r.clone())));
            } else {
                alternatives.extend((0..8).map(|_| Decision::Roll(roll_with(rng, &request))));
            }
        }
        Decision::Act(_) | Decision::Commit { .. } => {
            let Some(seat) = decision.seat(game.to_move(state)) else { return Ok(()) };
            let mut all = actions_of(game, state, seat);
            while all.len() > 8 {
                all.swap_remove(rng.random_range(0..all.len()));
            }
            alternatives.extend(all.into_iter().map(|action| match decision {
                Decision::Commit { .. } => Decision::Commit { seat, action },
                _ => Decision::Act(action),
            }));
        }
    }
    alternatives.retain(|a| a != decision && game.decision_visibility(state, a) == visibility);
    for viewer in hidden_from {
        let Some(seen) = seen_after(game, state, decision, viewer) else { return Ok(()) };
        for alternative in &alternatives {
            let Some(other) = seen_after(game, state, alternative, viewer) else { continue };
            report.secrets_checked += 1;
            if other.0 != seen.0 {
                return Err(format!(
                    "{decision:?} is hidden from {viewer:?}, but {alternative:?} would show them another observation"
                ));
            }
            if other.1 != seen.1 {
                return Err(format!(
                    "{decision:?} is hidden from {viewer:?}, but they see other events after {alternative:?}: {} against {}",
                    other.1, seen.1
                ));
            }
        }
    }
    Ok(())
}

/// A simultaneous decision: every seat of it has legal actions, seats not in
/// it may not commit, a seat's choice is hidden from the others until the
/// last, and the seats' choices give the same state in any order.
fn check_together<G: Game>(
    game: &G,
    state: &G::State,
    set: Seats,
    limit: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    if !game.has_hidden_information() {
        return Err("a simultaneous decision in a game without hidden information".into());
    }
    if set.is_empty() || set.iter().any(|s| s.index() >= game.seats()) {
        return Err(format!("a simultaneous decision of {set} in a {}-seat game", game.seats()));
    }
    let mut choices = Vec::new();
    for seat in set.iter() {
        let actions = actions_of(game, state, seat);
        if actions.is_empty() {
            return Err(format!("{seat} owes a simultaneous decision but has no legal action"));
        }
        check_actions(game, state, seat, &actions, limit, rng)?;
        choices.push((seat, actions[rng.random_range(0..actions.len())].clone()));
    }
    for outsider in (0..game.seats()).map(|s| Seat(s as u8)).filter(|s| !set.contains(*s)) {
        let mut copy = state.clone();
        match game.apply_as(&mut copy, outsider, &choices[0].1, &mut Discard) {
            Err(r) if r.rule.starts_with("core.turn.") && copy == *state => {}
            _ => return Err(format!("{outsider} could commit although only {set} owe a decision")),
        }
    }
    let mut fast = state.clone();
    game.apply_legal(&mut fast, &choices[0].1, &mut Discard);
    let mut checked = state.clone();
    game.apply_commit(&mut checked, choices[0].0, &choices[0].1, &mut Discard)
        .map_err(|r| format!("{}'s listed choice is refused: {r}", choices[0].0))?;
    if fast != checked {
        return Err("apply_legal and apply_commit disagree on the first seat's choice".into());
    }
    let play = |order: &mut dyn Iterator<Item = &(Seat, G::Action)>| -> Result<G::State, String> {
        let mut s = state.clone();
        for (seat, action) in order {
            if !game.to_move(&s).owes(*seat) {
                return Err(format!("{seat} no longer owes its choice after another seat's"));
            }
            game.apply(&mut s, &Decision::Commit { seat: *seat, action: action.clone() }, &mut Discard)
                .map_err(|r| format!("{seat}'s choice {action:?} is refused: {r}"))?;
        }
        Ok(s)
    };
    let forward = play(&mut choices.iter())?;
    let backward = play(&mut choices.iter().rev())?;
    if forward != backward {
        return Err(format!("the choices of {set} give another state when committed in another order"));
    }
    Ok(())
}

fn check_actions<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    actions: &[G::Action],
    limit: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    let picks: Vec<usize> = if actions.len() <= limit {
        (0..actions.len()).collect()
    } else {
        (0..limit).map(|_| rng.random_range(0..actions.len())).collect()
    };
    for i in picks {
        let action = &actions[i];
        let mut copy = state.clone();
        if let ToMove::Together(_) = game.to_move(state) {
            game.apply_commit(&mut copy, seat, action, &mut Discard)
                .map_err(|r| format!("{seat}'s listed choice {action:?} is refused: {r}"))?;
        } else {
            game.check(state, action).map_err(|r| format!("listed action {action:?} fails check: {r}"))?;
            game.apply_action(&mut copy, action, &mut Discard)
                .map_err(|r| format!("listed action {action:?} is refused: {r}"))?;
            let mut fast = state.clone();
            game.apply_legal(&mut fast, action, &mut Discard);
            if fast != copy {
                return Err(format!("apply_legal and apply_action disagree on {action:?}"));
            }
        }
        let json = serde_json::to_string(action).map_err(|e| e.to_string())?;
        let back: G::Action = serde_json::from_str(&json).map_err(|e| format!("action {json}: {e}"))?;
        if &back != action {
            return Err(format!("action {json} does not read back identically"));
        }
    }
    Ok(())
}
