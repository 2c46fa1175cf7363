//! Game records: a config (with its seed) plus every decision, replayable to
//! the identical final state.

use crate::envelope::{EnvelopeError, check_header};
use crate::information::{decision_shown, viewer_at_end};
use crate::{ConfigError, Decision, DiceMode, Discard, Game, MatchConfig, Refusal, SeededDice, ToMove, Viewer};
use serde::{Deserialize, Serialize};

/// A complete or partial game: its configuration and the decisions taken, in
/// order. Rolls are recorded as decisions, so a replay needs no generator;
/// for seeded games [`Record::verify_seed`] also checks them against the seed.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// Always `arbiter.record`.
    pub format: String,
    /// Format version, [`Record::VERSION`].
    pub version: u32,
    /// The game's identifier (also in the config).
    pub game: String,
    /// Variant, seats and seed.
    pub config: MatchConfig<G::Variant>,
    /// Every decision, in the order taken.
    pub decisions: Vec<Decision<G::Action>>,
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, other: &Self) -> bool {
        self.format == other.format
            && self.version == other.version
            && self.game == other.game
            && self.config == other.config
            && self.decisions == other.decisions
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The config cannot start a game.
    #[error("the record's config is invalid: {0}")]
    Config(#[from] ConfigError),
    /// A decision was refused by the rules.
    #[error("decision {} ({decision}) is refused: {refusal}", index + 1)]
    Refused {
        /// Zero-based index of the decision.
        index: usize,
        /// The decision, as written.
        decision: String,
        /// The rules' refusal.
        refusal: Refusal,
    },
    /// A recorded roll differs from what the seed produces.
    #[error("decision {} rolls {recorded}, but seed {seed} rolls {seeded}", index + 1)]
    SeedMismatch {
        /// Zero-based index of the decision.
        index: usize,
        /// The match seed.
        seed: u64,
        /// What the record says.
        recorded: String,
        /// What the seed gives.
        seeded: String,
    },
}

/// Why a record file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The file is not a readable record.
    #[error(transparent)]
    File(#[from] EnvelopeError),
    /// The record is readable but does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

impl<G: Game> Record<G> {
    /// The format name.
    pub const FORMAT: &'static str = "arbiter.record";
    /// The current version of the format.
    pub const VERSION: u32 = 1;

    /// An empty record for a config.
    pub fn new(config: MatchConfig<G::Variant>) -> Self {
        Record {
            format: Self::FORMAT.into(),
            version: Self::VERSION,
            game: G::ID.into(),
            config,
            decisions: Vec::new(),
        }
    }

    /// The rules this record was played under.
    pub fn rules(&self) -> Result<G, ConfigError> {
        if self.config.game != G::ID {
            return Err(ConfigError::WrongGame { expected: G::ID, found: self.config.game.clone() });
        }
        G::new(self.config.variant.clone(), self.config.players.len())
    }

    /// Replays every decision from the initial state, calling `visit` after
    /// each with its index, the decision, the events it produced and the state.
    pub fn replay_with(
        &self,
        mut visit: impl FnMut(usize, &Decision<G::Action>, &[G::Event], &G::State),
    ) -> Result<(G, G::State), ReplayError> {
        let game = self.rules()?;
        let mut state = game.initial_state();
        let mut events = Vec::new();
        for (index, decision) in self.decisions.iter().enumerate() {
            events.clear();
            game.apply(&mut state, decision, &mut events).map_err(|refusal| ReplayError::Refused {
                index,
                decision: describe(decision),
                refusal,
            })?;
            visit(index, decision, &events, &state);
        }
        Ok((game, state))
    }

    /// Replays the record to its final state.
    pub fn replay(&self) -> Result<(G, G::State), ReplayError> {
        let game = self.rules()?;
        let mut state = game.initial_state();
        for (index, decision) in self.decisions.iter().enumerate() {
            game.apply(&mut state, decision, &mut Discard).map_err(|refusal| ReplayError::Refused {
                index,
                decision: describe(decision),
                refusal,
            })?;
        }
        Ok((game, state))
    }

    /// Replays the record and, for seeded records, checks every recorded roll
    /// against the rolls the seed produces (manual-dice records are only
    /// replayed: their rolls came from real dice).
    pub fn verify_seed(&self) -> Result<(), ReplayError> {
        let seeded = self.config.dice == DiceMode::Seeded;
        let game = self.rules()?;
        let mut state = game.initial_state();
        let mut dice = SeededDice::new(self.config.seed);
        for (index, decision) in self.decisions.iter().enumerate() {
            if let (true, ToMove::Chance, Decision::Roll(recorded)) = (seeded, game.to_move(&state), decision) {
                let seeded = dice.roll_now(&game.dice(&state));
                if &seeded != recorded {
                    return Err(ReplayError::SeedMismatch {
                        index,
                        seed: self.config.seed,
                        recorded: recorded.to_string(),
                        seeded: seeded.to_string(),
                    });
                }
            }
            game.apply(&mut state, decision, &mut Discard).map_err(|refusal| ReplayError::Refused {
                index,
                decision: describe(decision),
                refusal,
            })?;
        }
        Ok(())
    }

    /// The record as `viewer` may see it: every decision hidden from them is
    /// `None` (written `null`). Once the game is over and reveals everything
    /// ([`Game::reveals_at_end`]) nothing is hidden; the referee sees all.
    pub fn for_viewer(&self, viewer: Viewer) -> Result<RedactedRecord<G>, ReplayError> {
        let mut one = self.for_viewers(&[viewer])?;
        Ok(one.swap_remove(0))
    }

    /// The record as each of `viewers` may see it ([`Record::for_viewer`]),
    /// from one replay.
    pub fn for_viewers(&self, viewers: &[Viewer]) -> Result<Vec<RedactedRecord<G>>, ReplayError> {
        let game = self.rules()?;
        let mut state = game.initial_state();
        // Whether each decision is shown, viewer by viewer.
        let mut shown = vec![Vec::with_capacity(self.decisions.len()); viewers.len()];
        for (index, decision) in self.decisions.iter().enumerate() {
            for (v, out) in viewers.iter().zip(&mut shown) {
                out.push(decision_shown(&game, &state, decision, *v));
            }
            game.apply(&mut state, decision, &mut Discard).map_err(|refusal| ReplayError::Refused {
                index,
                decision: describe(decision),
                refusal,
            })?;
        }
        Ok(viewers
            .iter()
            .zip(shown)
            .map(|(viewer, shown)| {
                let everything = viewer_at_end(&game, &state, *viewer) == Viewer::Referee;
                let decisions: Vec<Option<Decision<G::Action>>> = self
                    .decisions
                    .iter()
                    .zip(shown)
                    .map(|(d, shown)| (everything || shown).then(|| d.clone()))
                    .collect();
                let hidden = decisions.iter().filter(|d| d.is_none()).count();
                RedactedRecord {
                    format: self.format.clone(),
                    version: self.version,
                    game: self.game.clone(),
                    config: self.config.clone(),
                    decisions,
                    hidden,
                }
            })
            .collect())
    }

    /// Serialises to pretty JSON.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Reads a record, checking format, version and game, then that it replays.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        Ok(Self::from_json_replayed(text)?.0)
    }

    /// Reads a record as [`Record::from_json`] does, and gives the rules
    /// and the final state its replay reached.
    pub fn from_json_replayed(text: &str) -> Result<(Self, G, G::State), RecordError> {
        check_header(text, Self::FORMAT, Self::VERSION, G::ID)?;
        let record: Self = serde_json::from_str(text).map_err(|e| match hidden_count(text) {
            Some(n) if n > 0 => EnvelopeError::Json(format!(
                "this record hides {n} decision{} from the viewer it was exported for; only a complete record replays",
                if n == 1 { "" } else { "s" }
            )),
            _ => EnvelopeError::Json(format!("invalid JSON: {e}")),
        })?;
        let (game, state) = record.replay()?;
        Ok((record, game, state))
    }
}

fn describe<A: Serialize>(decision: &Decision<A>) -> String {
    serde_json::to_string(decision).unwrap_or_else(|_| "?".into())
}

/// A record as one viewer may see it ([`Record::for_viewer`]): written like a
/// record, with `null` for each decision hidden from that viewer, and the
/// number hidden. A record with hidden decisions does not replay.
#[derive(Clone, Debug, Serialize)]
#[serde(bound = "")]
pub struct RedactedRecord<G: Game> {
    /// Always `arbiter.record`.
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The game's identifier.
    pub game: String,
    /// Variant, seats and seed.
    pub config: MatchConfig<G::Variant>,
    /// Every decision in order, `None` where hidden.
    pub decisions: Vec<Option<Decision<G::Action>>>,
    /// How many decisions are hidden.
    pub hidden: usize,
}

/// The number of `null` decisions of a record's text, if it reads as JSON.
fn hidden_count(text: &str) -> Option<usize> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    Some(value.get("decisions")?.as_array()?.iter().filter(|d| d.is_null()).count())
}
