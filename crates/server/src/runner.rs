//! The type-erased match runner: one trait object per game kind, so the
//! server drives any registered game (`G: Entry`) through JSON.
//!
//! [`GameKind`] starts and resumes matches of one game; [`Table`] is a match
//! in progress (a core [`Session`] behind JSON): it applies a seat's action
//! with [`Game::apply_as`] semantics, rolls the seeded dice after it, observes
//! for a [`Viewer`], lists legal actions, exports the [`arbiter_core::Record`] and replays to
//! any point. [`Registry`] holds the kinds the server plays, by game id
//! (every game of the registration table, `arbiter-games`).
//!
//! Every decision taken is kept as a [`Played`]: the decision and its events
//! with who may see each (the game's visibility) and their words (the game's
//! event text, produced once, here). [`Played::view`] is the step as one
//! viewer may see it; the server applies it to every step it sends.

use crate::api::{BotInfo, ChoiceInfo, GameInfo, OptionInfo, OutcomeView, Step, Turn};
use arbiter_ai::BotSpec;
use arbiter_core::{
    ActionSpace, Decision, DiceMode, DiceRequest, Entry, Game, MAX_DICE, MatchConfig, OptionKind, Outcome, OutcomeKind,
    Perspective, PlayerSpec, Refusal, Roll, RollPart, Seat, Session, ToMove, Viewer, Visibility,
};
use serde_json::Value;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

/// The most chance decisions rolled in a row before the server gives up (a
/// guard against a game that never hands the turn back to a seat).
const MAX_ROLLS_IN_A_ROW: usize = 10_000;

/// Why a match could not be started, resumed or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The variant JSON is not a variant of this game.
    #[error("invalid variant: {0}")]
    Variant(String),
    /// The rules refuse the configuration (seats, variant values).
    #[error("{0}")]
    Config(String),
    /// A stored decision does not parse or is refused on replay.
    #[error("decision {index} does not replay: {message}")]
    Decision {
        /// Zero-based index of the decision.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// A replay was asked for past the end of the record.
    #[error("the record has {total} decisions, not {asked}")]
    OutOfRange {
        /// Decisions asked for.
        asked: usize,
        /// Decisions in the record.
        total: usize,
    },
    /// Something could not be written as JSON.
    #[error("could not write JSON: {0}")]
    Json(String),
}

/// Why an action was not applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// The JSON is not an action of this game.
    #[error("not an action of this game: {0}")]
    BadAction(String),
    /// The rules refuse it (including `core.turn.*`: not this seat's decision,
    /// or the game is over).
    #[error("{0}")]
    Refused(Refusal),
    /// The rules failed (panicked) on it: a bug in the game. The match was
    /// rebuilt from its record, so nothing changed.
    #[error("the rules failed on this action (a bug); nothing was changed")]
    Failed,
}

/// A bot's thinking, ready to run on a blocking thread: returns the chosen
/// action as JSON, or `None` if the bot had nothing to choose.
pub type BotJob = Box<dyn FnOnce() -> Option<Value> + Send>;

/// A match in progress, whatever the game.
pub trait Table: Send + Sync {
    /// The game's identifier.
    fn game_id(&self) -> &'static str;
    /// The game's name.
    fn game_name(&self) -> &'static str;
    /// Decisions taken so far, rolls included.
    fn len(&self) -> usize;
    /// True before the first decision.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Who owes the next decision.
    fn to_move(&self) -> ToMove;
    /// Whether the legal list is complete or a sample.
    fn action_space(&self) -> ActionSpace;
    /// Whether some information is hidden from some seats.
    fn has_hidden_information(&self) -> bool;
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The variant, as stored JSON text.
    fn variant_json(&self) -> Result<String, RunError>;
    /// What `viewer` may see of the current state (the game's `observe`).
    fn observe(&self, viewer: Viewer) -> Value;
    /// Up to `limit` legal actions of `seat` (when it owes a decision, alone
    /// or with others), each with its words in the game's notation, and how
    /// many there are.
    fn legal(&self, seat: Seat, limit: usize) -> (Vec<Value>, Vec<String>, usize);
    /// Whether the game is over and shows everything to everyone
    /// (`Game::reveals_at_end`): then every viewer sees as the referee.
    fn reveals_all(&self) -> bool;
    /// Applies an action for `seat`, refusing it unless `seat` owes the next
    /// decision, then rolls the seeded dice while chance is to move. Returns
    /// the steps taken; on error nothing changes.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Played>, ActError>;
    /// Rolls the seeded dice while chance is to move (nothing with real
    /// dice: then each roll waits for a seat to enter it, [`Table::roll`]).
    fn settle(&mut self) -> Vec<Played>;
    /// Where the match's dice come from: the seeded generator, or real dice
    /// entered by the players.
    fn dice_mode(&self) -> DiceMode;
    /// The dice asked for now, when chance is to move: who rolls them (the
    /// game's [`Game::roller`]) and the request.
    fn dice_ask(&self) -> Option<(Option<Seat>, DiceRequest)>;
    /// How the pending roll splits among the seats at a real table (the
    /// game's [`Game::roll_parts`]); empty unless chance is to move.
    fn roll_parts(&self) -> Vec<RollPart>;
    /// Applies what real dice show for the pending chance decision (checked
    /// against the dice asked for). The caller has checked who enters it.
    fn roll(&mut self, values: &[u8]) -> Result<Vec<Played>, ActError>;
    /// When the last decision is a roll: its parts, each with the seat
    /// whose dice they were (the game's [`Game::roll_parts`] before it;
    /// `None` inside for dice of no one seat). `None` when the last
    /// decision is not a roll.
    fn last_roll(&self) -> Option<&[RollPart]>;
    /// When the last decision is a seat's own (an action, not a roll): that
    /// seat. `None` otherwise.
    fn last_act(&self) -> Option<Seat>;
    /// Measures between two typed spots on the current state without
    /// changing it (the game's [`Entry::measure`]); `None` for a game that
    /// does not measure.
    fn measure(&self, a: &str, b: &str) -> Option<Result<Value, String>>;
    /// What a tracker beside a real table shows of the current state beyond
    /// the observation (the game's [`Entry::tracker`]); `None` for a game
    /// with nothing to add.
    fn tracker(&self) -> Option<Value>;
    /// The decisions from index `from` on, as stored JSON text.
    fn decisions_from(&self, from: usize) -> Result<Vec<String>, RunError>;
    /// Applies decisions stored after the ones played (another server's,
    /// read back from the database); returns the steps of the last `keep`.
    fn extend(&mut self, decisions: &[String], keep: usize) -> Result<Vec<Played>, RunError>;
    /// The game record (the core's `Record` JSON), complete.
    fn record(&self) -> Result<Value, RunError>;
    /// The game record as `viewer` may see it: `null` for every decision
    /// hidden from them (`Record::for_viewer`); complete for the referee and
    /// once a finished game reveals all.
    fn record_for(&self, viewer: Viewer) -> Result<Value, RunError>;
    /// Goes back to the state after the first `len` decisions (used when a
    /// commit fails).
    fn truncate(&mut self, len: usize) -> Result<(), RunError>;
    /// The match after its first `n` decisions: who is to move, what `viewer`
    /// sees, the `n`-th step and the outcome at that point.
    fn replay(&self, n: usize, viewer: Viewer) -> Result<Frame, RunError>;
    /// Checks that a bot description can play this game.
    fn check_bot(&self, spec: &BotSpec) -> Result<(), String>;
    /// Prepares a bot's decision for `seat`, from what that seat knows (the
    /// bot never receives the state of a game with secrets). Whatever its
    /// kind and description, the bot stops thinking after `max` and answers
    /// with the best decision found by then.
    fn think(
        &self,
        seat: Seat,
        spec: &BotSpec,
        seed: u64,
        default_seconds: f64,
        max: Duration,
    ) -> Result<BotJob, String>;
}

/// A replayed point of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Who owed the next decision.
    pub to_move: ToMove,
    /// What the viewer sees.
    pub observation: Value,
    /// The last decision replayed.
    pub last: Option<Played>,
    /// The result, if over.
    pub outcome: Option<Outcome>,
}

/// Starts and resumes matches of one game.
pub trait GameKind: Send + Sync {
    /// What the lobby shows about this game.
    fn info(&self) -> GameInfo;
    /// Starts a match with seeded dice. `variant` is the game's JSON (`None`
    /// or `null`: the standard game). Chance is not settled yet: call
    /// [`Table::settle`].
    fn start(&self, variant: Option<&Value>, players: Vec<PlayerSpec>, seed: u64) -> Result<Box<dyn Table>, RunError> {
        self.start_with(variant, players, seed, DiceMode::Seeded)
    }
    /// Starts a match whose dice come from `dice`: seeded, or real dice
    /// entered by the players ([`Table::roll`]).
    fn start_with(
        &self,
        variant: Option<&Value>,
        players: Vec<PlayerSpec>,
        seed: u64,
        dice: DiceMode,
    ) -> Result<Box<dyn Table>, RunError>;
    /// Resumes a stored match by replaying its decisions; also returns the
    /// steps of the last `keep` decisions, for the views' recent list.
    fn resume(
        &self,
        variant: &str,
        players: Vec<PlayerSpec>,
        seed: u64,
        decisions: &[String],
        keep: usize,
    ) -> Result<(Box<dyn Table>, Vec<Played>), RunError> {
        self.resume_with(variant, players, seed, DiceMode::Seeded, decisions, keep)
    }
    /// Like [`GameKind::resume`], for a match whose dice come from `dice`.
    fn resume_with(
        &self,
        variant: &str,
        players: Vec<PlayerSpec>,
        seed: u64,
        dice: DiceMode,
        decisions: &[String],
        keep: usize,
    ) -> Result<(Box<dyn Table>, Vec<Played>), RunError>;
}

/// A decision taken, with what each viewer may see of it: the decision and
/// its words for those who may see it, and each event as itself or as the
/// summary the others see.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Position of the decision in the record.
    pub index: u32,
    /// The seat that decided (`None` for a roll).
    pub seat: Option<u8>,
    /// Who may see the decision.
    pub visibility: Visibility,
    /// The decision in record form.
    pub decision: Value,
    /// The decision in the game's notation (`dice 3 5` for a roll).
    pub words: String,
    /// The events.
    pub events: Vec<PlayedEvent>,
}

/// One event of a [`Played`] decision.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedEvent {
    /// Who may see it as it is.
    pub visibility: Visibility,
    /// The event's JSON and words.
    pub full: (Value, String),
    /// What the others see instead, if anything.
    pub summary: Option<(Value, String)>,
}

impl Played {
    /// The step as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> Step {
        let shown = self.visibility.shows(viewer);
        let events: Vec<&(Value, String)> = self
            .events
            .iter()
            .filter_map(|e| if e.visibility.shows(viewer) { Some(&e.full) } else { e.summary.as_ref() })
            .collect();
        Step {
            index: self.index,
            seat: self.seat,
            decision: if shown { self.decision.clone() } else { Value::Null },
            action: shown.then(|| self.words.clone()),
            events: Value::Array(events.iter().map(|(v, _)| v.clone()).collect()),
            text: events.iter().map(|(_, t)| t.clone()).collect(),
        }
    }
}

/// The [`GameKind`] of a game type.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The kind of `G`.
    pub fn new() -> Self {
        Kind(PhantomData)
    }
}

impl<G> Default for Kind<G> {
    fn default() -> Self {
        Kind::new()
    }
}

/// Turns a core outcome into its API form.
pub fn outcome_view(outcome: &Outcome) -> OutcomeView {
    match &outcome.kind {
        OutcomeKind::Win(seats) => {
            OutcomeView { winners: seats.iter().map(|s| s.0).collect(), draw: false, reason: outcome.reason.clone() }
        }
        OutcomeKind::Draw => OutcomeView { winners: Vec::new(), draw: true, reason: outcome.reason.clone() },
    }
}

/// Turns a core `ToMove` into its API form.
pub fn turn_view(to_move: ToMove) -> Turn {
    match to_move {
        ToMove::Seat(s) => Turn::Seat { seat: s.0 },
        ToMove::Together(set) => Turn::Together { seats: set.iter().map(|s| s.0).collect() },
        ToMove::Chance => Turn::Chance,
        ToMove::Over => Turn::Over,
    }
}

/// The API name of an action space.
pub fn space_name(space: ActionSpace) -> &'static str {
    match space {
        ActionSpace::Enumerable => "enumerable",
        ActionSpace::Continuous => "continuous",
    }
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    // Every game's JSON fits a `Value`: square sets are lists of squares,
    // never 128-bit integers.
    serde_json::to_value(value).unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }))
}

/// A decision taken in `before`, with its events, as every viewer may see
/// it; `after` is the state it led to (for the events' words).
fn played<G: Entry>(
    game: &G,
    index: usize,
    before: Option<&G::State>,
    after: &G::State,
    decision: &Decision<G::Action>,
    events: &[G::Event],
) -> Played {
    let seat = match decision {
        Decision::Act(_) => before.and_then(|b| game.to_move(b).first_seat()),
        Decision::Commit { seat, .. } => Some(*seat),
        Decision::Roll(_) => None,
    };
    let visibility = match before {
        Some(b) if game.has_hidden_information() => game.decision_visibility(b, decision),
        _ => Visibility::Public,
    };
    let words = match decision {
        Decision::Act(a) | Decision::Commit { action: a, .. } => game.action_text(a),
        Decision::Roll(r) => format!("dice {r}"),
    };
    let events = events
        .iter()
        .map(|e| PlayedEvent {
            visibility: game.event_visibility(e),
            full: (json(e), game.event_text(after, e)),
            summary: game.event_summary(e).map(|s| (json(&s), game.event_text(after, &s))),
        })
        .collect();
    Played {
        index: u32::try_from(index).unwrap_or(u32::MAX),
        seat: seat.map(|s| s.0),
        visibility,
        decision: json(decision),
        words,
        events,
    }
}

fn parse_variant<G: Game>(variant: Option<&Value>) -> Result<G::Variant, RunError> {
    match variant {
        None | Some(Value::Null) => Ok(G::Variant::default()),
        Some(v) => serde_json::from_value(v.clone()).map_err(|e| RunError::Variant(e.to_string())),
    }
}

impl<G: Entry> GameKind for Kind<G> {
    fn info(&self) -> GameInfo {
        let variant = G::Variant::default();
        let about = G::about();
        let seats: Vec<u8> = about.seats.iter().filter_map(|&n| u8::try_from(n).ok()).collect();
        let game = G::new(variant.clone(), about.default_seats).ok();
        let choices = |c: &[arbiter_core::Choice]| -> Vec<ChoiceInfo> {
            c.iter().map(|c| ChoiceInfo { value: c.value.into(), label: c.label.into() }).collect()
        };
        let options = about
            .options
            .iter()
            .map(|o| {
                let (kind, choices, min, max, default) = match o.kind {
                    OptionKind::Flag => ("flag", Vec::new(), None, None, None),
                    OptionKind::Choice { choices: c } => ("choice", choices(c), None, None, None),
                    OptionKind::Number { min, max, default } => {
                        ("number", Vec::new(), Some(min), Some(max), Some(default))
                    }
                    OptionKind::File { presets } => ("file", choices(presets), None, None, None),
                };
                OptionInfo {
                    key: o.key.into(),
                    label: o.label.into(),
                    help: o.help.into(),
                    kind: kind.into(),
                    choices,
                    min,
                    max,
                    default,
                }
            })
            .collect();
        GameInfo {
            id: G::ID.into(),
            name: G::NAME.into(),
            blurb: about.blurb.into(),
            seats,
            default_seats: u8::try_from(about.default_seats).unwrap_or(2),
            default_variant: json(&variant),
            options,
            bots: about.bots.iter().map(|b| BotInfo { label: b.label.into(), spec: b.spec.into() }).collect(),
            default_bot: about.default_bot.into(),
            has_chance: game.as_ref().is_some_and(|g| g.has_chance()),
            has_hidden_information: game.as_ref().is_some_and(|g| g.has_hidden_information()),
            action_space: space_name(game.as_ref().map_or(ActionSpace::Enumerable, |g| g.action_space())).into(),
            bot_matches: false,
        }
    }

    fn start_with(
        &self,
        variant: Option<&Value>,
        players: Vec<PlayerSpec>,
        seed: u64,
        dice: DiceMode,
    ) -> Result<Box<dyn Table>, RunError> {
        let variant = parse_variant::<G>(variant)?;
        let config = MatchConfig { game: G::ID.into(), variant, players, seed, dice };
        let session = Session::<G>::new(config).map_err(|e| RunError::Config(e.to_string()))?;
        Ok(Box::new(Runner { session, last_roll: None, last_act: None }))
    }

    fn resume_with(
        &self,
        variant: &str,
        players: Vec<PlayerSpec>,
        seed: u64,
        dice: DiceMode,
        decisions: &[String],
        keep: usize,
    ) -> Result<(Box<dyn Table>, Vec<Played>), RunError> {
        let variant: G::Variant = serde_json::from_str(variant).map_err(|e| RunError::Variant(e.to_string()))?;
        let config = MatchConfig { game: G::ID.into(), variant, players, seed, dice };
        let session = Session::<G>::new(config).map_err(|e| RunError::Config(e.to_string()))?;
        let mut runner = Runner { session, last_roll: None, last_act: None };
        let recent = runner.apply_stored(decisions, keep)?;
        Ok((Box::new(runner), recent))
    }
}

/// A match of one game: the core session behind JSON.
struct Runner<G: Game> {
    session: Session<G>,
    /// When the last decision is a roll, its parts and whose they were
    /// ([`Table::last_roll`]).
    last_roll: Option<Vec<RollPart>>,
    /// When the last decision is a seat's action, that seat
    /// ([`Table::last_act`]).
    last_act: Option<Seat>,
}

impl<G: Entry> Runner<G> {
    /// The state before a decision, when the game has secrets (to judge who
    /// may see the decision); `None` otherwise, at no cost.
    fn before(&self) -> Option<G::State> {
        self.session.game().has_hidden_information().then(|| self.session.state().clone())
    }

    /// Applies stored decisions (the core's `Decision` JSON) after the ones
    /// played; returns the steps of the last `keep` of them. Stops at the
    /// first that does not read or apply, leaving the ones before applied.
    fn apply_stored(&mut self, decisions: &[String], keep: usize) -> Result<Vec<Played>, RunError> {
        let first = self.session.len();
        let mut recent = VecDeque::with_capacity(keep.min(decisions.len()) + 1);
        for (offset, text) in decisions.iter().enumerate() {
            let index = first + offset;
            let decision: Decision<G::Action> =
                serde_json::from_str(text).map_err(|e| RunError::Decision { index, message: e.to_string() })?;
            let kept = keep > 0 && offset + keep >= decisions.len();
            let before = if kept { self.before() } else { None };
            let to_move = self.session.to_move();
            self.last_roll =
                matches!(decision, Decision::Roll(_)).then(|| self.session.game().roll_parts(self.session.state()));
            self.last_act = decision.seat(to_move);
            let events = self
                .session
                .apply(decision.clone())
                .map_err(|refusal| RunError::Decision { index, message: refusal.to_string() })?;
            if kept {
                if recent.len() == keep {
                    recent.pop_front();
                }
                let mut p =
                    played(self.session.game(), index, before.as_ref(), self.session.state(), &decision, &events);
                p.seat = decision.seat(to_move).map(|s| s.0);
                recent.push_back(p);
            }
        }
        Ok(recent.into())
    }
}

impl<G: Entry> Table for Runner<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn len(&self) -> usize {
        self.session.len()
    }

    fn to_move(&self) -> ToMove {
        self.session.to_move()
    }

    fn action_space(&self) -> ActionSpace {
        self.session.game().action_space()
    }

    fn has_hidden_information(&self) -> bool {
        self.session.game().has_hidden_information()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.session.game().outcome(self.session.state())
    }

    fn variant_json(&self) -> Result<String, RunError> {
        serde_json::to_string(&self.session.record().config.variant).map_err(|e| RunError::Json(e.to_string()))
    }

    fn observe(&self, viewer: Viewer) -> Value {
        json(&self.session.game().observe(self.session.state(), viewer))
    }

    fn legal(&self, seat: Seat, limit: usize) -> (Vec<Value>, Vec<String>, usize) {
        let game = self.session.game();
        let mut actions = Vec::new();
        game.legal_actions_of(self.session.state(), seat, &mut actions);
        let total = actions.len();
        let shown = &actions[..total.min(limit)];
        (shown.iter().map(json).collect(), shown.iter().map(|a| game.action_text(a)).collect(), total)
    }

    fn reveals_all(&self) -> bool {
        let (game, state) = (self.session.game(), self.session.state());
        game.to_move(state) == ToMove::Over && game.reveals_at_end(state)
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Played>, ActError> {
        let action: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| ActError::BadAction(e.to_string()))?;
        let index = self.session.len();
        let before = self.before();
        let session = &mut self.session;
        let applied = std::panic::catch_unwind(AssertUnwindSafe(|| session.act_as(seat, action.clone())));
        let events = match applied {
            Ok(result) => result.map_err(ActError::Refused)?,
            Err(_) => {
                // The state may be half changed: rebuild it from the record.
                let _ = self.session.undo_to(index);
                return Err(ActError::Failed);
            }
        };
        self.last_roll = None;
        self.last_act = Some(seat);
        let decision = self.session.record().decisions.last().cloned().unwrap_or(Decision::Act(action));
        let mut p = played(self.session.game(), index, before.as_ref(), self.session.state(), &decision, &events);
        p.seat = Some(seat.0);
        let mut steps = vec![p];
        steps.extend(self.settle());
        Ok(steps)
    }

    fn settle(&mut self) -> Vec<Played> {
        let mut steps = Vec::new();
        if self.dice_mode() == DiceMode::Manual {
            return steps;
        }
        while self.session.to_move() == ToMove::Chance && steps.len() < MAX_ROLLS_IN_A_ROW {
            let index = self.session.len();
            let before = self.before();
            self.last_roll = Some(self.session.game().roll_parts(self.session.state()));
            self.last_act = None;
            match self.session.roll_seeded() {
                Ok((roll, events)) => steps.push(played(
                    self.session.game(),
                    index,
                    before.as_ref(),
                    self.session.state(),
                    &Decision::Roll(roll),
                    &events,
                )),
                Err(_) => break,
            }
        }
        steps
    }

    fn dice_mode(&self) -> DiceMode {
        self.session.record().config.dice
    }

    fn dice_ask(&self) -> Option<(Option<Seat>, DiceRequest)> {
        let (game, state) = (self.session.game(), self.session.state());
        (game.to_move(state) == ToMove::Chance).then(|| (game.roller(state), game.dice(state)))
    }

    fn roll_parts(&self) -> Vec<RollPart> {
        let (game, state) = (self.session.game(), self.session.state());
        if game.to_move(state) != ToMove::Chance {
            return Vec::new();
        }
        let parts = game.roll_parts(state);
        // A game whose parts do not split its dice (a bug the conformance
        // suite catches) is asked as one roll, so the match can go on.
        match RollPart::check_split(&parts, game.dice(state).len()) {
            Ok(()) => parts,
            Err(_) => vec![RollPart::whole(game.roller(state), game.dice(state).len())],
        }
    }

    fn roll(&mut self, values: &[u8]) -> Result<Vec<Played>, ActError> {
        if self.session.to_move() != ToMove::Chance {
            return Err(ActError::Refused(Refusal::new(
                "core.turn.not-chance",
                "no dice are being rolled now",
                "docs/api.md, Real dice",
            )));
        }
        let request = self.session.dice_request();
        let roll = Roll::from_values(values).ok_or_else(|| {
            ActError::Refused(Refusal::because(
                "core.chance.roll",
                format!("{} values for {request}: at most {MAX_DICE} dice are rolled at once", values.len()),
                "core",
            ))
        })?;
        let parts = self.session.game().roll_parts(self.session.state());
        let index = self.session.len();
        let before = self.before();
        let session = &mut self.session;
        let applied = std::panic::catch_unwind(AssertUnwindSafe(|| session.apply(Decision::Roll(roll.clone()))));
        let events = match applied {
            Ok(result) => result.map_err(ActError::Refused)?,
            Err(_) => {
                let _ = self.session.undo_to(index);
                return Err(ActError::Failed);
            }
        };
        self.last_roll = Some(parts);
        self.last_act = None;
        let step =
            played(self.session.game(), index, before.as_ref(), self.session.state(), &Decision::Roll(roll), &events);
        Ok(vec![step])
    }

    fn last_roll(&self) -> Option<&[RollPart]> {
        self.last_roll.as_deref()
    }

    fn last_act(&self) -> Option<Seat> {
        self.last_act
    }

    fn measure(&self, a: &str, b: &str) -> Option<Result<Value, String>> {
        let (game, state) = (self.session.game(), self.session.state());
        match std::panic::catch_unwind(AssertUnwindSafe(|| game.measure(state, a, b))) {
            Ok(answer) => answer,
            Err(_) => Some(Err("the rules failed measuring this (a bug); nothing was changed".into())),
        }
    }

    fn tracker(&self) -> Option<Value> {
        let (game, state) = (self.session.game(), self.session.state());
        std::panic::catch_unwind(AssertUnwindSafe(|| game.tracker(state))).ok().flatten()
    }

    fn decisions_from(&self, from: usize) -> Result<Vec<String>, RunError> {
        let decisions = self.session.record().decisions.get(from..).unwrap_or_default();
        decisions.iter().map(|d| serde_json::to_string(d).map_err(|e| RunError::Json(e.to_string()))).collect()
    }

    fn extend(&mut self, decisions: &[String], keep: usize) -> Result<Vec<Played>, RunError> {
        let index = self.session.len();
        match std::panic::catch_unwind(AssertUnwindSafe(|| self.apply_stored(decisions, keep))) {
            Ok(result) => result,
            Err(_) => {
                // The state may be half changed: rebuild it from the record.
                let _ = self.session.undo_to(index);
                Err(RunError::Decision { index, message: "the rules failed on a stored decision".into() })
            }
        }
    }

    fn record(&self) -> Result<Value, RunError> {
        serde_json::to_value(self.session.record()).map_err(|e| RunError::Json(e.to_string()))
    }

    fn record_for(&self, viewer: Viewer) -> Result<Value, RunError> {
        let shown = self
            .session
            .record()
            .for_viewer(viewer)
            .map_err(|e| RunError::Decision { index: 0, message: e.to_string() })?;
        serde_json::to_value(&shown).map_err(|e| RunError::Json(e.to_string()))
    }

    fn truncate(&mut self, len: usize) -> Result<(), RunError> {
        self.session.undo_to(len).map_err(|e| RunError::Decision { index: len, message: e.to_string() })?;
        // Who took the new last decision: the state before it says.
        let decisions = &self.session.record().decisions;
        let Some(last) = decisions.last().cloned() else {
            (self.last_roll, self.last_act) = (None, None);
            return Ok(());
        };
        let mut record = self.session.record().clone();
        record.decisions.pop();
        let (game, state) = record.replay().map_err(|e| RunError::Decision { index: len, message: e.to_string() })?;
        self.last_roll = matches!(last, Decision::Roll(_)).then(|| game.roll_parts(&state));
        self.last_act = last.seat(game.to_move(&state));
        Ok(())
    }

    fn replay(&self, n: usize, viewer: Viewer) -> Result<Frame, RunError> {
        let record = self.session.record();
        let total = record.decisions.len();
        if n > total {
            return Err(RunError::OutOfRange { asked: n, total });
        }
        let game = self.session.game();
        let mut state = game.initial_state();
        let mut last = None;
        for (index, decision) in record.decisions.iter().take(n).enumerate() {
            let before = (index + 1 == n && game.has_hidden_information()).then(|| state.clone());
            let seat = decision.seat(game.to_move(&state));
            let mut events = Vec::new();
            game.apply(&mut state, decision, &mut events)
                .map_err(|refusal| RunError::Decision { index, message: refusal.to_string() })?;
            if index + 1 == n {
                let mut p = played(game, index, before.as_ref(), &state, decision, &events);
                p.seat = seat.map(|s| s.0);
                last = Some(p);
            }
        }
        Ok(Frame {
            to_move: game.to_move(&state),
            observation: json(&game.observe(&state, viewer)),
            last,
            outcome: game.outcome(&state),
        })
    }

    fn check_bot(&self, spec: &BotSpec) -> Result<(), String> {
        spec.build(self.session.game(), 0, 0.0).map(|_| ()).map_err(|e| e.to_string())
    }

    fn think(
        &self,
        seat: Seat,
        spec: &BotSpec,
        seed: u64,
        default_seconds: f64,
        max: Duration,
    ) -> Result<BotJob, String> {
        let game = self.session.game().clone();
        let view = Perspective::new(&game, self.session.state(), seat).into_owned();
        let mut bot = spec.build_capped(&game, seed, default_seconds, max).map_err(|e| e.to_string())?;
        Ok(Box::new(move || bot.choose(&game, &view).map(|a| json(&a))))
    }
}

/// The games a server plays, by id.
#[derive(Clone, Default)]
pub struct Registry {
    kinds: Vec<(GameInfo, Arc<dyn GameKind>)>,
}

impl Registry {
    /// A registry with no games.
    pub fn empty() -> Self {
        Registry::default()
    }

    /// Every game of the registration table (`arbiter-games`).
    pub fn standard() -> Self {
        struct Kinds;
        impl arbiter_games::Visitor for Kinds {
            type Output = Arc<dyn GameKind>;
            fn visit<G: Entry>(&mut self) -> Arc<dyn GameKind> {
                Arc::new(Kind::<G>::new())
            }
        }
        arbiter_games::each(&mut Kinds).into_iter().fold(Registry::empty(), Registry::with_kind)
    }

    /// Adds (or replaces) the game `G`.
    pub fn with<G: Entry>(self) -> Self {
        self.with_kind(Arc::new(Kind::<G>::new()))
    }

    /// Adds (or replaces) a game kind.
    pub fn with_kind(mut self, kind: Arc<dyn GameKind>) -> Self {
        let info = kind.info();
        self.kinds.retain(|(i, _)| i.id != info.id);
        self.kinds.push((info, kind));
        self
    }

    /// The kind of the game with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn GameKind>> {
        self.kinds.iter().find(|(i, _)| i.id == id).map(|(_, k)| k)
    }

    /// What the lobby shows about every game.
    pub fn games(&self) -> Vec<GameInfo> {
        self.kinds.iter().map(|(i, _)| i.clone()).collect()
    }

    /// The ids of the games, for error messages.
    pub fn ids(&self) -> Vec<String> {
        self.kinds.iter().map(|(i, _)| i.id.clone()).collect()
    }
}
