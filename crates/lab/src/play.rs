//! One bot-against-bot game, played to its end: the loop shared by
//! `arbiter sim`, `arbiter tournament` and the laboratory.
//!
//! Every seat gets its own bot, built from a description and a seed derived
//! from the game's seed, and the dice are a [`SeededDice`] on the game's
//! seed: the same seed gives the same game (for bots limited by iterations
//! or nodes, not by time), on any thread or machine.

use arbiter_ai::{Bot, BotSpec, decide};
use arbiter_core::{ChanceSource, Decision, Entry, FigureStat, OutcomeKind, Seat, SeededDice, ToMove};

/// A well-mixed seed for item `index` under `seed` (SplitMix64): the seed
/// of game `index` of a run, or of a cell of an experiment.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How a finished game is named in a tally ("won at the gate", "quest
/// won"): the game's own [`Entry::ending_label`] unless a front end knows
/// better words.
pub trait Labels: Sync {
    /// The ending of `state`, a finished game of `game`.
    fn ending<G: Entry>(&self, game: &G, state: &G::State) -> String;
}

/// The game's own ending labels.
#[derive(Clone, Copy, Debug, Default)]
pub struct EntryLabels;

impl Labels for EntryLabels {
    fn ending<G: Entry>(&self, game: &G, state: &G::State) -> String {
        game.ending_label(state)
    }
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The winning side (0 is seat 1's side), or `None` for a draw or a
    /// game nobody won.
    pub winner: Option<usize>,
    /// The seats the game declared winners.
    pub winners: Vec<Seat>,
    /// Decisions taken, dice rolls included.
    pub length: u64,
    /// How it ended, in the game's words.
    pub ending: String,
    /// Every seat's return (1 a win, −1 a loss, or a score in between).
    pub returns: Vec<f64>,
    /// The seat that took the game's first decision (not a roll): who went
    /// first, for games whose first decision is the first turn.
    pub first: Option<Seat>,
    /// Per-figure statistics, where the game reports them
    /// ([`Entry::figure_stats`]).
    pub figures: Vec<FigureStat>,
}

/// Plays one game, seat `s` played by `seats[s]` (a shorter list repeats
/// its last entry); every decision is pushed on `decisions` as it is
/// applied, so after a failure they are the game up to the failing state.
pub fn play_recorded<G: Entry, L: Labels>(
    game: &G,
    seats: &[&BotSpec],
    seed: u64,
    think: f64,
    labels: &L,
    decisions: &mut Vec<Decision<G::Action>>,
) -> Result<Played, String> {
    let last = seats.len().checked_sub(1).ok_or("no bot for the seats")?;
    let mut bots: Vec<Box<dyn Bot<G>>> = Vec::new();
    for seat in 0..game.seats() {
        let spec = seats[seat.min(last)];
        bots.push(spec.build(game, game_seed(seed, 1000 + seat as u64), think).map_err(|e| e.to_string())?);
    }
    let mut dice = SeededDice::new(seed);
    let mut state = game.initial_state();
    let mut length = 0u64;
    let mut first = None;
    // The events, for the game's per-figure statistics at the end.
    let mut events = Vec::new();
    loop {
        let at = |what: String| format!("decision {length}: {what}");
        let decision = match game.to_move(&state) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll(&game.dice(&state)).map_err(|e| at(e.to_string()))?),
            to_move @ (ToMove::Seat(_) | ToMove::Together(_)) => {
                let Some(s) = to_move.first_seat() else { break };
                first.get_or_insert(s);
                let n = bots.len();
                let bot = &mut bots[s.index() % n];
                let action = decide(bot.as_mut(), game, &state, s)
                    .ok_or_else(|| at(format!("{} found no action", bot.name())))?;
                if matches!(to_move, ToMove::Together(_)) {
                    Decision::Commit { seat: s, action }
                } else {
                    Decision::Act(action)
                }
            }
        };
        game.apply(&mut state, &decision, &mut events).map_err(|r| at(format!("a bot's decision was refused: {r}")))?;
        decisions.push(decision);
        length += 1;
    }
    let winners = match game.outcome(&state).map(|o| o.kind) {
        Some(OutcomeKind::Win(w)) => w.to_vec(),
        _ => Vec::new(),
    };
    Ok(Played {
        winner: winners.first().map(|&w| game.side_of(w)),
        winners,
        length,
        ending: labels.ending(game, &state),
        returns: (0..game.seats()).map(|s| game.returns(&state, Seat(s as u8))).collect(),
        first,
        figures: game.figure_stats(&state, &events),
    })
}
