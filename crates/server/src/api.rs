//! The messages of the REST and WebSocket API, as Rust types.
//!
//! Every type here is serialised with serde exactly as it goes over the wire,
//! and derives [`ts_rs::TS`]: `cargo test -p arbiter-server` writes their
//! TypeScript definitions to `crates/server/bindings/`, for the web app.
//! Game-specific parts (variants, actions, observations, events, records)
//! are each game's own JSON and appear as `JsonValue`. The endpoints are
//! documented with examples in `docs/api.md`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// A game this server plays (`GET /api/games`): its entry in the
/// registration table, which the lobby builds its form from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameInfo {
    /// Stable identifier used to create matches (`essence`).
    pub id: String,
    /// Name for people (`Essence of the Arcane`).
    pub name: String,
    /// One sentence for the lobby.
    pub blurb: String,
    /// The numbers of seats the game is played with.
    pub seats: Vec<u8>,
    /// The number of seats proposed.
    pub default_seats: u8,
    /// The standard variant, as this game's JSON.
    pub default_variant: Value,
    /// The variant's options: each sets the variant's JSON field `key`.
    pub options: Vec<OptionInfo>,
    /// The bots offered, weakest first.
    pub bots: Vec<BotInfo>,
    /// The bot proposed by default (one of `bots`).
    pub default_bot: String,
    /// Whether dice decide some things (the server rolls them).
    pub has_chance: bool,
    /// Whether some information is hidden from some seats.
    pub has_hidden_information: bool,
    /// `enumerable` (the legal list is complete) or `continuous` (the legal
    /// list is a sample; any action may be proposed).
    pub action_space: String,
    /// Whether this server hosts a match whose every seat is a bot
    /// (`arbiter serve --allow-bot-matches`); the lobby offers such a match
    /// only then.
    #[serde(default)]
    pub bot_matches: bool,
}

/// One variant option of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OptionInfo {
    /// The variant's JSON field it sets.
    pub key: String,
    /// A short label.
    pub label: String,
    /// What it does.
    pub help: String,
    /// `flag` (true or false), `choice` (one of `choices`, a string; `""`
    /// leaves the field out), `number` (`min` to `max`) or `file` (the
    /// command line's; a web table may offer its own editor).
    pub kind: String,
    /// The values of a choice, or a file option's built-in names.
    pub choices: Vec<ChoiceInfo>,
    /// A number's smallest value.
    #[ts(type = "number | null")]
    pub min: Option<i64>,
    /// A number's largest value.
    #[ts(type = "number | null")]
    pub max: Option<i64>,
    /// A number's default.
    #[ts(type = "number | null")]
    pub default: Option<i64>,
}

/// A value of an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChoiceInfo {
    /// The value.
    pub value: String,
    /// For people.
    pub label: String,
}

/// A bot offered for a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BotInfo {
    /// For people ("Medium (MCTS, 200 iterations)").
    pub label: String,
    /// The bot description to put in a seat's `controller`.
    pub spec: String,
}

/// One seat of a new match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeatRequest {
    /// A name for people; defaults to the controller or `P1`, `P2`, ….
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    /// `human`, or a bot description: `random`, `greedy`, `heuristic[:depth=D,…]`,
    /// `mcts[:iters=N,time=S,…]`, `alphabeta[:time=S,…]`.
    pub controller: String,
    /// For a human seat: leave it open for anyone to join from the lobby
    /// instead of returning its token now.
    #[serde(default)]
    #[ts(optional)]
    pub open: Option<bool>,
}

/// `POST /api/matches`: create a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreateMatch {
    /// The game's identifier (`essence`, `ethia`, `ethia-worlds`, `ephemeral`).
    pub game: String,
    /// The variant as the game's JSON; absent or `null` for the standard game.
    #[serde(default)]
    #[ts(optional)]
    pub variant: Option<Value>,
    /// The seats in turn order.
    pub seats: Vec<SeatRequest>,
    /// Seed of the dice and the bots, for a match with at most one human
    /// seat (solo against the AI, AI against AI, tests); refused with 422
    /// `seed-not-allowed` when two or more seats are human, as a seat that
    /// knew the seed would know every roll before it is made. When absent,
    /// the server draws the seed from the operating system's secure
    /// generator and keeps it secret until the game is over (see
    /// [`Fairness`]).
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub seed: Option<u64>,
    /// Where the dice come from: `server` (the default: the server rolls
    /// them from its secret seed) or `real` (the players roll real dice at
    /// the table and enter what they show: each roll is asked of the seat
    /// whose roll it is, `POST /api/matches/{id}/roll`; docs/api.md, "Real
    /// dice"). Refused with 422 `real-dice-not-allowed` for a game whose
    /// dice decide secrets (a deal of Kuhn poker).
    #[serde(default)]
    #[ts(optional)]
    pub dice: Option<String>,
    /// Companion mode: the players move real figures on a real table and
    /// tell the server where they stand; the table measures and judges
    /// (`GET /api/matches/{id}/measure`), and a seat may take back the last
    /// decision it entered (docs/api.md, "Companion mode"). Only for games
    /// that measure (Ephemeral Path, both editions); refused with 422
    /// `companion-not-allowed` for the others.
    #[serde(default)]
    #[ts(optional)]
    pub companion: Option<bool>,
}

/// A seat of a newly created match, with its secret token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeatGrant {
    /// The seat index, from 0 (`P1`).
    pub seat: u8,
    /// The seat's name.
    pub name: String,
    /// `human` or the bot description.
    pub controller: String,
    /// The secret token that acts for this seat (human seats not left open).
    pub token: Option<String>,
    /// The seat's private link (a path with the token), to hand to its player.
    pub link: Option<String>,
}

/// The answer to `POST /api/matches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchCreated {
    /// The match id.
    pub id: String,
    /// The game's identifier.
    pub game: String,
    /// The commitment to the match's seed (also in `view.fairness`): the
    /// seed itself is revealed only once the game is over.
    pub commitment: Option<String>,
    /// Every seat, with the tokens of the human seats.
    pub seats: Vec<SeatGrant>,
    /// The read-only link for spectators (no token).
    pub spectate: String,
    /// The match as a spectator sees it.
    pub view: MatchView,
}

/// `POST /api/matches/{id}/join`: take an open human seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct JoinMatch {
    /// The seat to take; the first open seat when absent.
    #[serde(default)]
    #[ts(optional)]
    pub seat: Option<u8>,
    /// The name the table shows for the player joining, trimmed: at most
    /// the server's name limit (40 characters) and no control characters,
    /// else refused with 422 `invalid`. Absent or blank, the seat keeps the
    /// name its creator gave it.
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

/// The answer to a join: the seat taken and its token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Joined {
    /// The seat taken.
    pub seat: u8,
    /// The seat's name now: the one given on joining, else the creator's.
    pub name: String,
    /// Its secret token.
    pub token: String,
    /// Its private link.
    pub link: String,
}

/// A seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeatView {
    /// The seat index, from 0 (`P1`).
    pub seat: u8,
    /// The seat's name.
    pub name: String,
    /// `human` or the bot description.
    pub controller: String,
    /// True for a human seat.
    pub human: bool,
    /// True for a human seat nobody has taken yet (joinable).
    pub open: bool,
}

/// Who owes the next decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Turn {
    /// A seat decides (not always the active player: a spin or a defence is
    /// owed by the other seat).
    Seat {
        /// The seat index.
        seat: u8,
    },
    /// Several seats decide at once, each in secret (a simultaneous
    /// decision); these have yet to choose.
    Together {
        /// The seat indices.
        seats: Vec<u8>,
    },
    /// Dice are to be rolled: the server rolls them at once, or, with real
    /// dice, the view's `dice` says what to roll and who enters it.
    Chance,
    /// The game is over.
    Over,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OutcomeView {
    /// The winning seats (empty for a draw).
    pub winners: Vec<u8>,
    /// True for a draw.
    pub draw: bool,
    /// Why the game ended, in plain words.
    pub reason: String,
}

/// One decision taken, with what it did, as one viewer may see it: a
/// decision hidden from them is `null` (they see only whose it was), and
/// each event is the event, the game's summary of it ("P2 bids a card, face
/// down") or left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Step {
    /// Zero-based position of the decision in the match record.
    pub index: u32,
    /// The seat that decided, or `null` for a roll of the dice.
    pub seat: Option<u8>,
    /// The decision in record form: `{"act": action}`, `{"commit": {"seat":
    /// s, "action": action}}` or `{"roll": [values]}`; `null` when hidden
    /// from this viewer.
    #[ts(type = "unknown")]
    pub decision: Value,
    /// The decision in the game's notation (`Dc2:1`, `bid 7`, `dice 3 5`);
    /// `null` when hidden.
    pub action: Option<String>,
    /// The game's events for this decision, as this viewer may see them
    /// (the game's JSON: its `Event` type, exported to `bindings/games/`).
    #[ts(type = "Array<unknown>")]
    pub events: Value,
    /// The same events in plain words, one line each (the game's words,
    /// as the terminal prints them).
    pub text: Vec<String>,
}

/// A match as one viewer sees it (`GET /api/matches/{id}`, and pushed over
/// the WebSocket after every change).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchView {
    /// The match id.
    pub id: String,
    /// The game's identifier.
    pub game: String,
    /// The game's name.
    pub game_name: String,
    /// Decisions taken so far (rolls included); the view's version.
    pub len: u32,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// The viewer's seat, or `null` for a spectator.
    pub you: Option<u8>,
    /// Who owes the next decision.
    pub turn: Turn,
    /// True when the viewer owes the next decision.
    pub your_turn: bool,
    /// What the table is waiting for, in plain words.
    pub awaiting: String,
    /// The state as this viewer may see it: the game's observation, whose
    /// TypeScript type each game exports to `bindings/games/<id>/`.
    #[ts(type = "unknown")]
    pub observation: Value,
    /// Legal actions of the viewer, when it is their decision (empty
    /// otherwise). For continuous games this is a sample of candidates.
    #[ts(type = "Array<unknown>")]
    pub legal: Vec<Value>,
    /// The legal actions in the game's notation, in the same order.
    pub legal_text: Vec<String>,
    /// How many legal actions there are (the list may be cut short).
    pub legal_total: u32,
    /// `enumerable` or `continuous`.
    pub action_space: String,
    /// The latest decisions, oldest first.
    pub recent: Vec<Step>,
    /// The result, once the game is over.
    pub outcome: Option<OutcomeView>,
    /// A problem the server met driving this match (a bot that could not
    /// move, storage trouble), if any.
    pub problem: Option<String>,
    /// How the match's dice are made fair: the commitment to its seed,
    /// and the seed once the game is over.
    pub fairness: Fairness,
    /// `server` (the server rolls the dice) or `real` (the players roll
    /// real dice and enter them).
    pub dice_mode: String,
    /// With real dice, while a roll is owed: what to roll and who enters it.
    pub dice: Option<DiceAsk>,
    /// True when the viewer may take back the last decision, a roll of real
    /// dice they entered (`POST /api/matches/{id}/undo`) or, in a match with
    /// real dice or in companion mode, a decision of their own.
    pub can_undo: bool,
    /// True for a match in companion mode (real figures on a real table).
    pub companion: bool,
    /// What a tracker beside a real table shows beyond the observation,
    /// worked out by the rules (the game's `Entry::tracker`): for Ephemeral
    /// Path, `gate`, the score if the game ended now (`touching` and
    /// `points` per seat, `leader`, `words`); `null` for other games.
    #[ts(type = "unknown")]
    pub tracker: Option<Value>,
}

/// A roll of real dice owed by the table (`MatchView.dice`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DiceAsk {
    /// The seat whose roll it is (the game's rule: the attacker's attack,
    /// the target's resist roll), or `null` for a roll of no one seat (a
    /// roll-off), which any human seat may enter. A bot's roll is entered
    /// by any human seat.
    pub seat: Option<u8>,
    /// The seats that may enter one of its parts still to enter (human
    /// seats).
    pub entered_by: Vec<u8>,
    /// Who rolls which dice at a real table, in dice order (one part for
    /// most rolls; the attacker's dice and the defender's die of an E'thia
    /// attack; one die a seat in a roll-off). The roll is applied once
    /// every part is in.
    pub parts: Vec<RollPartAsk>,
    /// What the roll decides, in words ("army 1's squad unit on c4 attacks
    /// army 2's leader on c7 at range"); empty when the dice's labels say
    /// enough.
    pub purpose: String,
    /// The dice, in the order their values are entered.
    pub dice: Vec<DieAsk>,
    /// The whole request as people say it: `2d6 (attacker), 1d6 (defender)`.
    pub text: String,
}

/// One part of a [`DiceAsk`]: consecutive dice one seat rolls.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RollPartAsk {
    /// The seat whose dice these are, or `null` for dice of no one seat.
    pub seat: Option<u8>,
    /// The seats that may enter them: that seat when a person plays it;
    /// any human seat for dice of no one seat or of a bot.
    pub entered_by: Vec<u8>,
    /// The index of its first die in `DiceAsk.dice`.
    pub first: u8,
    /// How many dice it holds.
    pub count: u8,
    /// The values entered, once its seat has entered them (until the
    /// whole roll is in; its seat may take them back meanwhile).
    pub entered: Option<Vec<u8>>,
}

/// One die of a [`DiceAsk`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DieAsk {
    /// Its faces: values run from 1 to `sides`.
    pub sides: u8,
    /// What or whose die it is ("attacker", "D8").
    pub label: String,
}

/// `POST /api/matches/{id}/roll`: what the real dice show.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RollRequest {
    /// The seat's secret token.
    pub token: String,
    /// The values, in the order of `MatchView.dice.dice`: of the part
    /// named by `part`, or, without `part`, of every part still to enter
    /// that the seat may enter (the whole roll when it may enter it all).
    pub values: Vec<u8>,
    /// Which part of `MatchView.dice.parts` the values are for.
    #[serde(default)]
    #[ts(optional)]
    pub part: Option<u32>,
}

/// `POST /api/matches/{id}/undo`: take back the last roll of real dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UndoRequest {
    /// The seat's secret token.
    pub token: String,
    /// The number of decisions the client saw (the view's `len`): the undo
    /// is refused (409) if the match has moved on since.
    pub len: u32,
}

/// How a match's dice are made fair (docs/api.md, "How dice are made
/// fair"). At creation the server publishes `commitment`, the SHA-256 of
/// the text `{seed}:{salt}`; while the match is live neither the seed nor
/// the salt is sent anywhere, so nobody can foresee a roll. Once the game
/// is over (and shows everything: a game that keeps a secret after its end,
/// such as a folded hand of Kuhn poker, keeps its seed too) `seed` and
/// `salt` are revealed, so anyone can check them against the commitment
/// and replay the record's rolls from the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Fairness {
    /// Where the seed came from: `server` (drawn from the operating
    /// system's secure generator), `chosen` (by the match's creator, allowed
    /// only with at most one human seat), or `unknown` (a match stored
    /// before seeds were sealed: no commitment).
    pub source: String,
    /// SHA-256 of `{seed}:{salt}` (the seed in decimal, the salt's 64 hex
    /// digits), as 64 hex digits; `null` for a match stored before seeds
    /// were sealed.
    pub commitment: Option<String>,
    /// The seed, in decimal (text, as it may exceed JavaScript's exact
    /// integers), once revealed; `null` until then.
    pub seed: Option<String>,
    /// The salt, 64 hex digits, once revealed; `null` until then.
    pub salt: Option<String>,
}

/// `POST /api/matches/{id}/actions`, and the WebSocket `action` message's body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ActionRequest {
    /// The seat's secret token.
    pub token: String,
    /// The action, as the game's JSON (one of the view's `legal` entries, or
    /// any action for continuous games).
    #[ts(type = "unknown")]
    pub action: Value,
}

/// The answer to an accepted action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ActionAccepted {
    /// The action and the rolls the server made after it.
    pub steps: Vec<Step>,
    /// The match as the acting seat now sees it.
    pub view: MatchView,
}

/// A refusal by the rules: which rule, why, and where the rulebook says so.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RefusalView {
    /// Stable rule identifier (`essence.move.blocked`).
    pub rule: String,
    /// One line in plain words.
    pub reason: String,
    /// The rulebook section.
    pub section: String,
}

/// Every error body: a stable code, a message for people and, for refused
/// actions, the rules' refusal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ErrorBody {
    /// Stable code: `bad-request`, `too-large`, `header-too-large`,
    /// `uri-too-long`, `not-found`, `forbidden`, `not-your-turn`,
    /// `game-over`, `refused`, `bad-action`, `invalid`, `seed-not-allowed`,
    /// `rate-limited`, `storage`, `internal`, `method-not-allowed`,
    /// `conflict`.
    pub error: String,
    /// What went wrong, in plain words.
    pub message: String,
    /// The rules' refusal, for `refused`, `not-your-turn` and `game-over`.
    pub refusal: Option<RefusalView>,
}

/// A match in the lobby lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchSummary {
    /// The match id.
    pub id: String,
    /// The game's identifier.
    pub game: String,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// Creation time, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
    /// Whether the game is over.
    pub finished: bool,
    /// Decisions taken so far, when the match is loaded.
    pub len: Option<u32>,
    /// Who owes the next decision, when the match is loaded.
    pub turn: Option<Turn>,
    /// The result, once over.
    pub outcome: Option<OutcomeView>,
    /// For "my games": the seat the given token holds.
    pub your_seat: Option<u8>,
}

/// `GET /api/matches[?tokens=t1,t2]`: the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchList {
    /// Unfinished matches with an open human seat, newest first.
    pub open: Vec<MatchSummary>,
    /// Unfinished matches, newest first (at most 100), to watch.
    pub live: Vec<MatchSummary>,
    /// The matches the given tokens hold a seat in, newest first.
    pub mine: Vec<MatchSummary>,
}

/// `GET /api/matches/{id}/replay/{n}[?token=t]`: the match after its first
/// `n` decisions, as the token's seat (or a spectator) may see it; once the
/// game is over and reveals everything, as the referee sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReplayFrame {
    /// The match id.
    pub id: String,
    /// The game's identifier.
    pub game: String,
    /// The game's name.
    pub game_name: String,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// Decisions replayed (`n`).
    pub len: u32,
    /// Decisions in the whole record.
    pub total: u32,
    /// Who owed the next decision at that point.
    pub turn: Turn,
    /// The state at that point as this viewer may see it (the game's
    /// observation).
    #[ts(type = "unknown")]
    pub observation: Value,
    /// The `n`-th decision and its events (`null` for `n = 0`).
    pub last: Option<Step>,
    /// The result, if the game was over at that point.
    pub outcome: Option<OutcomeView>,
}

/// A message from a WebSocket client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientMessage {
    /// Act for the socket's seat.
    Action {
        /// The action, as the game's JSON.
        #[ts(type = "unknown")]
        action: Value,
        /// Any tag; echoed in the answer.
        #[serde(default)]
        #[ts(optional)]
        id: Option<Value>,
    },
    /// Enter what real dice show for the pending roll (the body of
    /// `POST /api/matches/{id}/roll`, without the token: the socket's seat
    /// enters it).
    Roll {
        /// The values, as in `POST /api/matches/{id}/roll`: of `part`, or
        /// of every part still to enter that the seat may enter.
        values: Vec<u8>,
        /// Which part of `MatchView.dice.parts` the values are for.
        #[serde(default)]
        #[ts(optional)]
        part: Option<u32>,
        /// Any tag; echoed in the answer.
        #[serde(default)]
        #[ts(optional)]
        id: Option<Value>,
    },
    /// Take back the last entry (the body of `POST /api/matches/{id}/undo`,
    /// without the token).
    Undo {
        /// The number of decisions the client saw (the view's `len`).
        len: u32,
        /// Any tag; echoed in the answer.
        #[serde(default)]
        #[ts(optional)]
        id: Option<Value>,
    },
    /// Ask for the current view again.
    Refresh,
}

/// A message to a WebSocket client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The match as this socket's viewer sees it: sent on connecting, after
    /// every change and on `refresh`.
    View {
        /// The view.
        view: Box<MatchView>,
    },
    /// This socket's action was accepted and committed.
    Accepted {
        /// The client's tag.
        id: Option<Value>,
        /// The action and the rolls that followed it.
        steps: Vec<Step>,
    },
    /// This socket's undo was done: the match now has `len` decisions
    /// (the new view follows).
    Undone {
        /// The client's tag.
        id: Option<Value>,
        /// Decisions left.
        len: u32,
    },
    /// A message was not accepted.
    Error {
        /// The client's tag, when the message had one.
        id: Option<Value>,
        /// What went wrong.
        error: ErrorBody,
    },
}
