//! The server's state: every loaded match, the storage thread, the games it
//! plays, and the operations the REST and WebSocket handlers share —
//! creating, viewing, acting, joining, listing, exporting, replaying — plus
//! the bots, which move off the request path, on the fair thread pool of
//! [`crate::pool`]. Matches with bots are limited per client address and
//! overall ([`crate::config::BotLimits`]), and matches of bots only are
//! refused unless the server allows them.
//!
//! Each match sits behind its own async mutex, so requests on one match are
//! taken one at a time while other matches proceed. An accepted decision is
//! applied in memory, committed to storage while the match is still locked,
//! and only then acknowledged; if the commit fails the match is put back as
//! it was. After every change the match's broadcast channel tells its
//! WebSocket connections, each of which then computes the view for its own
//! viewer.
//!
//! **Several servers on one database.** A server holding a match may be
//! behind the database when another server moved in it. It catches up
//! ([`AppState::catch_up`]: the stored decisions after its own are applied,
//! the seats handed out are taken over) when the database refuses its write
//! as out of step — and then applies the action again on the fresh state —,
//! when a token it does not know is shown, and, on a database with a
//! [`ChangeFeed`] (PostgreSQL), as soon as the other server commits: a
//! listener thread hears every change and brings the matches held here up
//! to date, so their sockets see the move at once.

use crate::api::{
    ActionAccepted, CreateMatch, DiceAsk, DieAsk, Fairness, JoinMatch, Joined, MatchCreated, MatchList, MatchSummary,
    MatchView, OutcomeView, ReplayFrame, RollPartAsk, SeatGrant, SeatView, Step,
};
use crate::config::{ServerConfig, open_store_checked};
use crate::db::Db;
use crate::error::{ApiError, ServerError};
use crate::metrics::Metrics;
use crate::parts::{self, Entered};
use crate::pool::{BotPool, Client, Priority};
use crate::runner::{ActError, Played, Registry, Table, outcome_view, space_name, turn_view};
use crate::store::{Change, ChangeFeed, MatchRow, SeedSeal, Store, StoreError, StoredMatch};
use crate::token::{hash_token, new_match_id, new_salt, new_seed, new_token, plausible_id, seed_commitment};
use arbiter_ai::BotSpec;
use arbiter_core::{DiceMode, DiceRequest, PlayerSpec, Refusal, RollPart, Seat, ToMove, Viewer};
use axum::http::StatusCode;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock, Weak};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The server's shared state; cheap to clone (one `Arc`).
#[derive(Clone)]
pub struct AppState {
    shared: Arc<Shared>,
}

struct Shared {
    config: ServerConfig,
    registry: Registry,
    db: Db,
    matches: RwLock<HashMap<String, Arc<Match>>>,
    bot_pool: BotPool,
    /// Matches with bots being created, by client address: counted with
    /// the live ones, so that requests racing each other cannot pass a
    /// limit together.
    creating: Mutex<HashMap<Option<IpAddr>, usize>>,
    http_buckets: Mutex<HashMap<IpAddr, Bucket>>,
    report: LoadReport,
    metrics: Metrics,
    /// The work that must finish before the server stops: requests'
    /// detached work (an action and its commit) and the bots' drivers.
    tasks: TaskTracker,
    /// Cancelled when the server starts shutting down.
    closing: CancellationToken,
    /// Open WebSockets.
    sockets: AtomicUsize,
}

/// One open WebSocket, counted against [`crate::ConnectionLimits::max_sockets`]
/// until dropped.
pub(crate) struct SocketSlot {
    shared: Arc<Shared>,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.shared.sockets.fetch_sub(1, Ordering::SeqCst);
        self.shared.metrics.sockets.dec();
    }
}

/// What happened when the server loaded its unfinished matches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Schema version of the database.
    pub schema_version: u32,
    /// Matches resumed.
    pub resumed: usize,
    /// Matches that could not be resumed: id and reason. They stay stored,
    /// untouched.
    pub failed: Vec<(String, String)>,
}

/// One match in memory.
pub(crate) struct Match {
    pub(crate) id: String,
    created_at: i64,
    /// The seed of the dice and the bots: secret until the game is over
    /// and shows everything ([`Match::fairness`]).
    seed: u64,
    /// The salt of the seed's commitment, and whether the seed was chosen;
    /// `None` for a match stored before seeds were sealed.
    seal: Option<SeedSeal>,
    players: Vec<PlayerSpec>,
    /// The bot of each seat, as the server runs it (`None`: a human seat).
    bots: Vec<Option<BotSpec>>,
    /// The address that created the match, when this server created it.
    client: Option<IpAddr>,
    /// Companion mode: real figures on a real table (measurements, and a
    /// seat takes back its own last decision).
    companion: bool,
    pub(crate) inner: tokio::sync::Mutex<Inner>,
    changes: broadcast::Sender<u64>,
}

/// The mutable part of a match, behind its mutex.
pub(crate) struct Inner {
    table: Box<dyn Table>,
    /// The token hash of each seat handed out.
    tokens: Vec<Option<String>>,
    /// The name of each seat as the table shows it: the creator's, or the
    /// one its player gave on joining.
    names: Vec<String>,
    recent: VecDeque<Played>,
    bot_busy: bool,
    problem: Option<String>,
    /// When the match last moved (or was created or loaded here).
    active_at: Instant,
    /// The parts of the pending roll of real dice entered so far (void
    /// once the match has moved on: [`Entered::of`]).
    entered: Option<Entered>,
}

/// A token bucket: `rate` tokens a second, up to `burst`.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Self {
        let burst = burst.max(1.0);
        Bucket { tokens: burst, rate: rate.max(0.0), burst, last: Instant::now() }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full(&self) -> bool {
        self.tokens + self.last.elapsed().as_secs_f64() * self.rate >= self.burst
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn bot_seed(seed: u64, len: usize, seat: Seat) -> u64 {
    seed ^ (len as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(seat.0)
}

fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A seat's controller, read: `None` for a human, the bot otherwise.
fn controller(text: &str) -> Result<Option<BotSpec>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("human") { Ok(None) } else { t.parse::<BotSpec>().map(Some).map_err(|e| e.to_string()) }
}

impl Match {
    /// The first bot seat that owes a decision now, with its bot.
    fn bot_to_move(&self, to_move: ToMove) -> Option<(Seat, &BotSpec)> {
        to_move.seats().iter().find_map(|s| self.bots.get(s.index()).and_then(Option::as_ref).map(|b| (s, b)))
    }

    /// How soon its bots think: before bot-only matches when a person plays.
    fn priority(&self) -> Priority {
        if self.bots.iter().all(Option::is_some) { Priority::BotsOnly } else { Priority::Human }
    }

    /// Whose turn its bots take in the pool's rotation.
    fn pool_client(&self) -> Client {
        self.client.map_or_else(|| Client::Match(self.id.clone()), Client::Address)
    }

    /// Whether it is a live match with bots, as the limits count them:
    /// unfinished, with a bot seat, and either of bots only or moved within
    /// `idle` (a match left waiting on its human seats uses no thinking
    /// until they move). A match busy right now counts.
    fn live_with_bots(&self, idle: Duration) -> bool {
        if self.bots.iter().all(Option::is_none) {
            return false;
        }
        match self.inner.try_lock() {
            Ok(inner) => {
                inner.table.to_move() != ToMove::Over
                    && (self.priority() == Priority::BotsOnly || inner.active_at.elapsed() < idle)
            }
            Err(_) => true,
        }
    }

    /// Tells every connection of this match that it changed.
    pub(crate) fn notify(&self, len: usize) {
        let _ = self.changes.send(len as u64);
    }

    /// Subscribes to this match's changes.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<u64> {
        self.changes.subscribe()
    }

    /// The viewer a token stands for: no token is a spectator; a token must
    /// hold a seat of this match.
    pub(crate) fn viewer(&self, inner: &Inner, token: Option<&str>) -> Result<Viewer, ApiError> {
        let Some(token) = token.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(Viewer::Spectator);
        };
        let hash = hash_token(token);
        inner
            .tokens
            .iter()
            .position(|t| t.as_deref() == Some(hash.as_str()))
            .map(|i| Viewer::Seat(Seat(i as u8)))
            .ok_or_else(|| ApiError::forbidden("this token holds no seat in this match"))
    }

    fn seat_views(&self, inner: &Inner) -> Vec<SeatView> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let human = self.bots.get(i).is_none_or(Option::is_none);
                SeatView {
                    seat: i as u8,
                    name: inner.names.get(i).unwrap_or(&p.name).clone(),
                    controller: p.controller.clone(),
                    human,
                    open: human && inner.tokens.get(i).is_none_or(Option::is_none),
                }
            })
            .collect()
    }

    fn awaiting(&self, inner: &Inner, viewer: Viewer) -> String {
        match inner.table.to_move() {
            ToMove::Seat(s) => {
                let name = inner.name(s.index());
                if self.bots.get(s.index()).is_some_and(Option::is_some) {
                    format!("{name} ({s}) is thinking")
                } else if viewer == Viewer::Seat(s) {
                    format!("your decision ({s})")
                } else if inner.tokens.get(s.index()).is_none_or(Option::is_none) {
                    format!("{s} is open: waiting for a player to join")
                } else {
                    format!("waiting for {name} ({s})")
                }
            }
            ToMove::Together(set) => {
                let names: Vec<String> = set.iter().map(|s| format!("{} ({s})", inner.name(s.index()))).collect();
                match viewer {
                    Viewer::Seat(v) if set.contains(v) => format!("your secret choice ({v}); also waiting for {}", {
                        let others: Vec<&String> =
                            names.iter().zip(set.iter()).filter(|(_, s)| *s != v).map(|(n, _)| n).collect();
                        if others.is_empty() {
                            "nobody else".to_string()
                        } else {
                            others.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", ")
                        }
                    }),
                    _ => format!("waiting for {} to choose in secret", names.join(", ")),
                }
            }
            ToMove::Chance => match self.pending_roll(inner) {
                Some((request, parts, entered)) => self.roll_awaiting(inner, viewer, &request, &parts, &entered),
                None => "the dice are being rolled".into(),
            },
            ToMove::Over => inner.table.outcome().map_or_else(|| "the game is over".into(), |o| o.reason),
        }
    }

    /// A step as `viewer` may see it: as the game says (its decisions' and
    /// events' visibility), or everything once a finished game reveals all.
    fn visible(inner: &Inner, step: &Played, viewer: Viewer) -> Step {
        step.view(Self::eyes(inner, viewer))
    }

    /// How the match's dice are made fair, as anyone may see it now: the
    /// commitment, and the seed and salt once the game is over and shows
    /// everything (a game that keeps a secret after its end keeps its seed,
    /// which would give the secret away).
    fn fairness(&self, inner: &Inner) -> Fairness {
        if inner.table.dice_mode() == DiceMode::Manual {
            // Real dice: the seed rolls nothing, so there is nothing to commit to.
            return Fairness { source: "real".into(), commitment: None, seed: None, salt: None };
        }
        let revealed = inner.table.reveals_all();
        let source = match &self.seal {
            Some(seal) if seal.chosen => "chosen",
            Some(_) => "server",
            None => "unknown",
        };
        Fairness {
            source: source.into(),
            commitment: self.seal.as_ref().map(|seal| seed_commitment(self.seed, &seal.salt)),
            seed: revealed.then(|| self.seed.to_string()),
            salt: self.seal.as_ref().filter(|_| revealed).map(|seal| seal.salt.clone()),
        }
    }

    /// What a roll of real dice waits for, as `viewer` reads it: their own
    /// dice to enter, or whose.
    fn roll_awaiting(
        &self,
        inner: &Inner,
        viewer: Viewer,
        request: &DiceRequest,
        parts: &[RollPart],
        entered: &Entered,
    ) -> String {
        let missing: Vec<&RollPart> =
            parts.iter().zip(&entered.parts).filter(|(_, e)| e.is_none()).map(|(p, _)| p).collect();
        let mine: Vec<String> = match viewer {
            Viewer::Seat(v) => missing
                .iter()
                .filter(|p| self.entered_by(p.seat).contains(&v))
                .map(|p| parts::part_words(request, p))
                .collect(),
            _ => Vec::new(),
        };
        if parts.len() == 1 && !mine.is_empty() {
            return format!("roll the real dice and enter them: {request}");
        }
        let what = request.purpose().map_or_else(|| request.to_string(), str::to_string);
        if !mine.is_empty() {
            return format!("roll your dice and enter them: {} ({what})", mine.join(", "));
        }
        let waits: Vec<String> = missing
            .iter()
            .map(|p| {
                let names: Vec<String> =
                    self.entered_by(p.seat).iter().map(|s| format!("{} ({s})", inner.name(s.index()))).collect();
                if parts.len() == 1 {
                    format!("{} to roll {request}", names.join(" or "))
                } else {
                    format!("{} to roll {}", names.join(" or "), parts::part_words(request, p))
                }
            })
            .collect();
        if parts.len() == 1 {
            format!("waiting for {}", waits.join(""))
        } else {
            format!("waiting for {} ({what})", waits.join(" and "))
        }
    }

    /// The pending roll of real dice: the dice asked for, who rolls which
    /// of them, and the parts entered so far; `None` unless real dice are
    /// owed.
    fn pending_roll(&self, inner: &Inner) -> Option<(DiceRequest, Vec<RollPart>, Entered)> {
        if inner.table.dice_mode() != DiceMode::Manual {
            return None;
        }
        let (_, request) = inner.table.dice_ask()?;
        let parts = inner.table.roll_parts();
        let entered = Entered::of(inner.entered.as_ref(), inner.table.len(), parts.len());
        Some((request, parts, entered))
    }

    /// The part of the pending roll that `seat` entered last and may take
    /// back (it may enter it, and the roll is not complete).
    fn own_part(&self, inner: &Inner, seat: Seat) -> Option<usize> {
        let (_, parts, entered) = self.pending_roll(inner)?;
        (0..parts.len()).rev().find(|&i| entered.parts[i].is_some() && self.entered_by(parts[i].seat).contains(&seat))
    }

    /// When the last decision (of `len`) is a roll of several parts that
    /// `seat` takes back: what stays entered of it, the parts of the seats
    /// that `seat` may not enter, for the roll asked again. `None`
    /// otherwise.
    fn parts_kept_after_undo(&self, inner: &Inner, seat: Seat, len: usize) -> Option<Entered> {
        let parts = inner.table.last_roll().filter(|p| p.len() > 1)?;
        let last = inner.table.decisions_from(len.checked_sub(1)?).ok()?;
        let decision: Value = serde_json::from_str(last.first()?).ok()?;
        let values: Vec<u8> = serde_json::from_value(decision.get("roll")?.clone()).ok()?;
        let kept = Entered {
            len: len - 1,
            parts: parts
                .iter()
                .map(|p| {
                    (!self.entered_by(p.seat).contains(&seat))
                        .then(|| values.get(p.dice.clone()).map(<[u8]>::to_vec))?
                })
                .collect(),
        };
        (!kept.is_empty()).then_some(kept)
    }

    /// The seats that may enter a roll of real dice whose roller is
    /// `roller`: that seat when a person plays it; any human seat for a roll
    /// of no one seat or of a bot (a person at the table rolls for the bot).
    fn entered_by(&self, roller: Option<Seat>) -> Vec<Seat> {
        let human = |s: Seat| self.bots.get(s.index()).is_some_and(Option::is_none);
        match roller {
            Some(s) if human(s) => vec![s],
            _ => (0..self.players.len()).map(|i| Seat(i as u8)).filter(|s| human(*s)).collect(),
        }
    }

    /// With real dice, while a roll is owed: what to roll and who enters it.
    fn dice_ask(&self, inner: &Inner) -> Option<DiceAsk> {
        if inner.table.dice_mode() != DiceMode::Manual {
            return None;
        }
        let (roller, request) = inner.table.dice_ask()?;
        let (_, parts, entered) = self.pending_roll(inner)?;
        let mut may: Vec<u8> = parts
            .iter()
            .zip(&entered.parts)
            .filter(|(_, e)| e.is_none())
            .flat_map(|(p, _)| self.entered_by(p.seat))
            .map(|s| s.0)
            .collect();
        may.sort_unstable();
        may.dedup();
        Some(DiceAsk {
            seat: roller.map(|s| s.0),
            entered_by: may,
            parts: parts
                .iter()
                .zip(entered.parts)
                .map(|(p, e)| RollPartAsk {
                    seat: p.seat.map(|s| s.0),
                    entered_by: self.entered_by(p.seat).iter().map(|s| s.0).collect(),
                    first: u8::try_from(p.dice.start).unwrap_or(u8::MAX),
                    count: u8::try_from(p.dice.len()).unwrap_or(u8::MAX),
                    entered: e,
                })
                .collect(),
            purpose: request.purpose().unwrap_or_default().to_string(),
            dice: request.dice().iter().map(|d| DieAsk { sides: d.sides, label: d.label.to_string() }).collect(),
            text: request.to_string(),
        })
    }

    /// Whether `viewer` may take back the last decision
    /// ([`Match::undo_refusal`] says why not).
    fn can_undo(&self, inner: &Inner, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Seat(v) => self.own_part(inner, v).is_some() || self.undo_refusal(inner, v).is_none(),
            _ => false,
        }
    }

    /// Why `seat` may not take back the last decision now, or `None` if it
    /// may: a roll of real dice their seat could enter, or — in a match with
    /// real dice or in companion mode, of a game without secrets — an
    /// action of their own, while no bot is answering it.
    fn undo_refusal(&self, inner: &Inner, seat: Seat) -> Option<Refusal> {
        let table = &inner.table;
        let real = table.dice_mode() == DiceMode::Manual;
        if !real && !self.companion {
            return Some(Refusal::new(
                "real-dice.undo.server-rolls",
                "only a match with real dice or in companion mode takes back an entry",
                "docs/api.md, Undo",
            ));
        }
        if let Some(last) = table.last_roll() {
            let entered = last.iter().any(|p| self.entered_by(p.seat).contains(&seat));
            return (!real || !entered).then(|| {
                Refusal::because(
                    "real-dice.undo.not-yours",
                    format!("{seat} did not enter the last roll"),
                    "docs/api.md, Undo",
                )
            });
        }
        let Some(actor) = table.last_act() else {
            return Some(Refusal::new(
                "real-dice.undo.not-a-roll",
                "there is no entry to take back: only the last roll or decision entered is taken back, before \
                 anything else is decided",
                "docs/api.md, Undo",
            ));
        };
        if actor != seat {
            return Some(Refusal::because(
                "undo.not-yours",
                format!("the last decision is {actor}'s, not {seat}'s: each seat takes back only its own entry"),
                "docs/api.md, Undo",
            ));
        }
        if table.has_hidden_information() {
            return Some(Refusal::new(
                "undo.secrets",
                "this game keeps secrets: a decision taken back could be made again knowing more",
                "docs/api.md, Undo",
            ));
        }
        if inner.bot_busy {
            return Some(Refusal::new(
                "undo.bot-answering",
                "a bot is already answering this decision",
                "docs/api.md, Undo",
            ));
        }
        None
    }

    /// The viewer whose eyes `viewer` has now: the referee's once the game
    /// is over and shows everything, else their own.
    fn eyes(inner: &Inner, viewer: Viewer) -> Viewer {
        if inner.table.reveals_all() { Viewer::Referee } else { viewer }
    }

    /// The match as `viewer` sees it.
    pub(crate) fn view(&self, inner: &Inner, viewer: Viewer, legal_limit: usize) -> MatchView {
        let table = &inner.table;
        let to_move = table.to_move();
        let dice = self.dice_ask(inner);
        let your_turn = matches!(viewer, Viewer::Seat(v) if to_move.owes(v)
            || dice.as_ref().is_some_and(|d| d.entered_by.contains(&v.0)));
        let (legal, legal_text, legal_total) = match viewer {
            Viewer::Seat(v) if your_turn => table.legal(v, legal_limit),
            _ => (Vec::new(), Vec::new(), 0),
        };
        MatchView {
            id: self.id.clone(),
            game: table.game_id().into(),
            game_name: table.game_name().into(),
            len: u32_of(table.len()),
            seats: self.seat_views(inner),
            you: match viewer {
                Viewer::Seat(s) => Some(s.0),
                _ => None,
            },
            turn: turn_view(to_move),
            your_turn,
            awaiting: self.awaiting(inner, viewer),
            observation: table.observe(viewer),
            legal,
            legal_text,
            legal_total: u32_of(legal_total),
            action_space: space_name(table.action_space()).into(),
            recent: inner.recent.iter().map(|s| Self::visible(inner, s, viewer)).collect(),
            outcome: table.outcome().as_ref().map(outcome_view),
            problem: inner.problem.clone(),
            fairness: self.fairness(inner),
            dice_mode: if table.dice_mode() == DiceMode::Manual { "real" } else { "server" }.into(),
            dice,
            can_undo: self.can_undo(inner, viewer),
            companion: self.companion,
            tracker: table.tracker(),
        }
    }

    fn summary(&self, inner: &Inner) -> MatchSummary {
        MatchSummary {
            id: self.id.clone(),
            game: inner.table.game_id().into(),
            seats: self.seat_views(inner),
            created_at: self.created_at,
            finished: inner.table.outcome().is_some(),
            len: Some(u32_of(inner.table.len())),
            turn: Some(turn_view(inner.table.to_move())),
            outcome: inner.table.outcome().as_ref().map(outcome_view),
            your_seat: None,
        }
    }
}

impl Inner {
    /// Drops the recent steps of decisions taken back (index `len` on).
    fn forget_after(&mut self, len: usize) {
        self.recent.retain(|s| (s.index as usize) < len);
        self.active_at = Instant::now();
    }

    /// The name the table shows for a seat (`?` past the last seat).
    fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    fn push_recent(&mut self, steps: &[Played], keep: usize) {
        self.active_at = Instant::now();
        for s in steps {
            if self.recent.len() >= keep.max(1) {
                self.recent.pop_front();
            }
            self.recent.push_back(s.clone());
        }
    }
}

impl AppState {
    /// Opens the configured database, migrates it, and resumes every
    /// unfinished match, for every game on main.
    pub async fn open(config: ServerConfig) -> Result<AppState, ServerError> {
        AppState::open_with(config, Registry::standard()).await
    }

    /// Like [`AppState::open`], with the games of `registry`.
    pub async fn open_with(config: ServerConfig, registry: Registry) -> Result<AppState, ServerError> {
        let store = open_store_checked(&config.database, config.durability, config.integrity_check)?;
        AppState::with_store(config, registry, store).await
    }

    /// Like [`AppState::open`], with the games of `registry` and an already
    /// opened store (`config.database` is not used).
    pub async fn with_store(
        config: ServerConfig,
        registry: Registry,
        store: Box<dyn Store>,
    ) -> Result<AppState, ServerError> {
        // Listen before loading anything, so that no change made meanwhile
        // is missed (the feed's first answer, "resync", is then moot).
        let mut feed = FeedGuard(None);
        if let Some(mut f) = store.changes() {
            feed.0 = Some(
                tokio::task::spawn_blocking(move || f.wait(std::time::Duration::ZERO).map(|_| f)).await.map_err(
                    |e| ServerError::Io(std::io::Error::other(format!("listening for changes failed: {e}"))),
                )??,
            );
        }
        let db = Db::spawn(store)?;
        let schema_version = db.run(|s| s.migrate()).await?;
        let stored = db.run(|s| s.unfinished()).await?;
        let keep = config.limits.recent_steps;
        let (reg, limits) = (registry.clone(), config.bots.clone());
        let built = tokio::task::spawn_blocking(move || {
            stored
                .into_iter()
                .map(|m| {
                    let id = m.row.id.clone();
                    (id, build_match(&reg, &limits, m, keep))
                })
                .collect::<Vec<_>>()
        })
        .await
        .map_err(|e| ServerError::Io(std::io::Error::other(format!("loading matches failed: {e}"))))?;
        let mut report = LoadReport { schema_version, ..LoadReport::default() };
        let mut matches = HashMap::new();
        for (id, result) in built {
            match result {
                Ok(m) => {
                    report.resumed += 1;
                    matches.insert(id, Arc::new(m));
                }
                Err(why) => report.failed.push((id, why)),
            }
        }
        let concurrent = config.bots.concurrent.max(1);
        let state = AppState {
            shared: Arc::new(Shared {
                config,
                registry,
                db,
                matches: RwLock::new(matches),
                bot_pool: BotPool::new(concurrent)?,
                creating: Mutex::new(HashMap::new()),
                http_buckets: Mutex::new(HashMap::new()),
                report,
                metrics: Metrics::new(),
                tasks: TaskTracker::new(),
                closing: CancellationToken::new(),
                sockets: AtomicUsize::new(0),
            }),
        };
        for m in state.all_matches() {
            state.settle_loaded(&m).await;
            state.kick_bots(&m);
        }
        if let Some(feed) = feed.0.take() {
            listen(Arc::downgrade(&state.shared), feed)?;
        }
        Ok(state)
    }

    /// The configuration.
    pub fn config(&self) -> &ServerConfig {
        &self.shared.config
    }

    /// The games this server plays.
    pub fn registry(&self) -> &Registry {
        &self.shared.registry
    }

    /// What loading the unfinished matches did.
    pub fn load_report(&self) -> &LoadReport {
        &self.shared.report
    }

    /// The server's metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.shared.metrics
    }

    /// The metrics in Prometheus's text format (`GET /metrics`), with the
    /// live matches counted now.
    pub async fn metrics_text(&self) -> String {
        let all = self.all_matches();
        let mut live = 0usize;
        for m in &all {
            if m.inner.lock().await.table.outcome().is_none() {
                live += 1;
            }
        }
        let metrics = &self.shared.metrics;
        metrics.matches_live.set(i64::try_from(live).unwrap_or(i64::MAX));
        metrics.matches_loaded.set(i64::try_from(all.len()).unwrap_or(i64::MAX));
        metrics.render()
    }

    /// Whether the storage answers (`GET /healthz`): a trivial job through
    /// the storage thread, within `timeout`.
    pub async fn storage_answers(&self, timeout: std::time::Duration) -> Result<(), String> {
        match tokio::time::timeout(timeout, self.shared.db.run(|s| s.load("0000000000000000"))).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(ApiError::storage(&e).body.message),
            Err(_) => Err(format!("the storage did not answer within {} s", timeout.as_secs_f64())),
        }
    }

    /// Whether the server is shutting down.
    pub fn is_closing(&self) -> bool {
        self.shared.closing.is_cancelled()
    }

    /// A token cancelled when the server starts shutting down.
    pub fn closing(&self) -> CancellationToken {
        self.shared.closing.clone()
    }

    /// Starts shutting down: new actions, matches, joins and sockets are
    /// refused (503 `shutting-down`), open sockets are closed with a reason,
    /// bots finish the decision they are thinking about and start no other.
    pub fn begin_shutdown(&self) {
        self.shared.closing.cancel();
        self.shared.tasks.close();
    }

    /// Waits until the work begun before the shutdown (actions being
    /// committed, bots thinking) is done and every socket is closed, or
    /// `deadline` passes; returns whether everything finished.
    pub async fn drained(&self, deadline: tokio::time::Instant) -> bool {
        if tokio::time::timeout_at(deadline, self.shared.tasks.wait()).await.is_err() {
            return false;
        }
        while self.shared.sockets.load(Ordering::SeqCst) > 0 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        true
    }

    /// Open WebSockets.
    pub fn open_sockets(&self) -> usize {
        self.shared.sockets.load(Ordering::SeqCst)
    }

    /// Takes a WebSocket slot, or says why not: the server is shutting down,
    /// or [`crate::ConnectionLimits::max_sockets`] are open.
    pub(crate) fn socket_slot(&self) -> Result<SocketSlot, ApiError> {
        if self.is_closing() {
            self.shared.metrics.refused.with_label_values(&["shutting-down"]).inc();
            return Err(ApiError::shutting_down());
        }
        let max = self.shared.config.connections.max_sockets;
        let taken =
            self.shared.sockets.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < max).then_some(n + 1));
        if taken.is_err() {
            self.shared.metrics.refused.with_label_values(&["sockets"]).inc();
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too-many-sockets",
                format!("this server has its most WebSockets open ({max}); try again in a moment"),
            ));
        }
        self.shared.metrics.sockets.inc();
        Ok(SocketSlot { shared: self.shared.clone() })
    }

    /// Runs a request's work as its own task, so that a client going away
    /// (which drops the request's future) cannot stop it between a change in
    /// memory and its commit; a shutdown waits for it. Refused once the
    /// server is shutting down.
    async fn detach<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, ApiError>> + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.is_closing() {
            return Err(ApiError::shutting_down());
        }
        self.shared.tasks.spawn(work).await.map_err(|e| ApiError::internal(format!("the request failed: {e}")))?
    }

    /// Number of matches in memory.
    pub fn loaded_matches(&self) -> usize {
        self.shared.matches.read().unwrap_or_else(PoisonError::into_inner).len()
    }

    fn all_matches(&self) -> Vec<Arc<Match>> {
        self.shared.matches.read().unwrap_or_else(PoisonError::into_inner).values().cloned().collect()
    }

    /// Takes an HTTP request token for a client address; false when it is
    /// over its rate.
    pub(crate) fn http_allow(&self, ip: IpAddr) -> bool {
        let limits = &self.shared.config.limits;
        if limits.http_per_second <= 0.0 {
            return true;
        }
        let mut buckets = self.shared.http_buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() > 10_000 {
            buckets.retain(|_, b| !b.is_full());
        }
        buckets.entry(ip).or_insert_with(|| Bucket::new(limits.http_per_second, limits.http_burst)).take()
    }

    /// Finds a match for a request: in memory, or loaded from storage
    /// (finished matches are loaded on demand). A bot that owes the next
    /// decision and is not thinking here starts: bots move where their
    /// match is played or watched.
    pub(crate) async fn find(&self, id: &str) -> Result<Arc<Match>, ApiError> {
        let m = self.hold(id).await?;
        self.kick_bots(&m);
        Ok(m)
    }

    /// The match in memory, loaded from storage if need be.
    async fn hold(&self, id: &str) -> Result<Arc<Match>, ApiError> {
        let missing = || ApiError::not_found(format!("no match '{}'", id.chars().take(40).collect::<String>()));
        if !plausible_id(id) {
            return Err(missing());
        }
        if let Some(m) = self.shared.matches.read().unwrap_or_else(PoisonError::into_inner).get(id) {
            return Ok(m.clone());
        }
        let key = id.to_string();
        let stored = self.shared.db.run(move |s| s.load(&key)).await.map_err(|e| ApiError::storage(&e))?;
        let stored = stored.ok_or_else(missing)?;
        let (reg, limits, keep) =
            (self.shared.registry.clone(), self.shared.config.bots.clone(), self.shared.config.limits.recent_steps);
        let built = tokio::task::spawn_blocking(move || build_match(&reg, &limits, stored, keep))
            .await
            .map_err(|e| ApiError::internal(format!("loading the match failed: {e}")))?
            .map_err(|why| ApiError::internal(format!("the stored match does not replay: {why}")))?;
        let m = {
            let mut map = self.shared.matches.write().unwrap_or_else(PoisonError::into_inner);
            map.entry(id.to_string()).or_insert_with(|| Arc::new(built)).clone()
        };
        Ok(m)
    }

    /// `GET /api/matches/{id}`: the match as the token's seat (or a
    /// spectator) sees it.
    pub async fn view(&self, id: &str, token: Option<&str>) -> Result<MatchView, ApiError> {
        let m = self.find(id).await?;
        let mut inner = m.inner.lock().await;
        let viewer = self.viewer(&m, &mut inner, token).await?;
        let view = m.view(&inner, viewer, self.shared.config.limits.legal_sample);
        Ok(view)
    }

    /// The viewer a token stands for ([`Match::viewer`]); a token this server
    /// does not know may hold a seat handed out by another server, so the
    /// match catches up once before it is refused.
    pub(crate) async fn viewer(&self, m: &Match, inner: &mut Inner, token: Option<&str>) -> Result<Viewer, ApiError> {
        match m.viewer(inner, token) {
            Err(refused) => {
                if self.catch_up(m, inner).await.is_err() {
                    return Err(refused);
                }
                m.viewer(inner, token)
            }
            known => known,
        }
    }

    /// Brings a match up to date with the database: applies the decisions
    /// stored after the ones held (another server's), takes over the seats
    /// handed out, tells the match's connections. Returns whether anything
    /// changed. A stored decision that does not apply is the match's
    /// problem (shown in its views), as when it cannot be loaded.
    pub(crate) async fn catch_up(&self, m: &Match, inner: &mut Inner) -> Result<bool, StoreError> {
        let (id, from) = (m.id.clone(), inner.table.len());
        let Some(since) = self.shared.db.run(move |s| s.since(&id, from)).await? else {
            return Ok(false);
        };
        let mut changed = false;
        for (seat, hash) in since.tokens {
            if let Some(t) = inner.tokens.get_mut(usize::from(seat)).filter(|t| t.as_deref() != Some(hash.as_str())) {
                *t = Some(hash);
                changed = true;
            }
        }
        for (seat, name) in since.names {
            if let Some(n) = inner.names.get_mut(usize::from(seat)).filter(|n| **n != name) {
                *n = name;
                changed = true;
            }
        }
        if !since.decisions.is_empty() {
            let keep = self.shared.config.limits.recent_steps;
            match inner.table.extend(&since.decisions, keep) {
                Ok(steps) => {
                    inner.push_recent(&steps, keep);
                    inner.problem = None;
                }
                Err(e) => inner.problem = Some(format!("the match stored by another server does not replay here: {e}")),
            }
            changed = true;
        }
        if changed {
            m.notify(inner.table.len());
        }
        Ok(changed)
    }

    /// Acts on a change another server made ([`ChangeFeed`]): a new match is
    /// loaded, a match held here catches up.
    async fn on_change(&self, change: Change) {
        let held = |id: &str| self.shared.matches.read().unwrap_or_else(PoisonError::into_inner).get(id).cloned();
        let matches: Vec<Arc<Match>> = match &change {
            // Held for the lobby; its bots move where it is played.
            Change::Created { id } => {
                let _ = self.hold(id).await;
                return;
            }
            Change::Decisions { id, .. } | Change::Seat { id, .. } | Change::Undone { id, .. } => {
                held(id).into_iter().collect()
            }
            Change::Resync => self.all_matches(),
        };
        // Whether a match, once locked, is behind the change.
        let behind = |inner: &Inner| match &change {
            Change::Decisions { len, .. } => inner.table.len() < *len,
            Change::Seat { seat, .. } => inner.tokens.get(usize::from(*seat)).is_some_and(Option::is_none),
            Change::Created { .. } | Change::Resync | Change::Undone { .. } => true,
        };
        for m in matches {
            let mut inner = m.inner.lock().await;
            // A roll of real dice was taken back (perhaps here, perhaps
            // since entered again): hold what is stored from there on.
            if let Change::Undone { len, .. } = &change {
                self.follow_undo(&m, &mut inner, *len).await;
                continue;
            }
            if inner.table.outcome().is_some() || !behind(&inner) {
                continue;
            }
            // The server that stored the change drives the match's bots.
            let _ = self.catch_up(&m, &mut inner).await;
        }
    }

    /// Brings a match in step with storage after an undo at `len` (the
    /// change a server sends, its own included): when the decisions held
    /// from `len` on differ from the stored ones, goes back to `len` and
    /// applies the stored ones.
    async fn follow_undo(&self, m: &Match, inner: &mut Inner, len: usize) {
        let id = m.id.clone();
        let Ok(Some(since)) = self.shared.db.run(move |s| s.since(&id, len)).await else { return };
        let held = inner.table.decisions_from(len).unwrap_or_default();
        if inner.table.len() < len || held == since.decisions {
            return;
        }
        if let Err(e) = inner.table.truncate(len) {
            inner.problem = Some(format!("could not take back a roll undone elsewhere: {e}"));
            return;
        }
        inner.forget_after(len);
        let keep = self.shared.config.limits.recent_steps;
        match inner.table.extend(&since.decisions, keep) {
            Ok(steps) => inner.push_recent(&steps, keep),
            Err(e) => inner.problem = Some(format!("the match stored by another server does not replay here: {e}")),
        }
        m.notify(inner.table.len());
    }

    /// The view for an already resolved viewer (WebSocket pushes).
    pub(crate) async fn view_for(&self, m: &Match, viewer: Viewer) -> MatchView {
        let inner = m.inner.lock().await;
        m.view(&inner, viewer, self.shared.config.limits.legal_sample)
    }

    /// `POST /api/matches`: creates a match, rolls any opening dice, commits
    /// it, and starts its bots. Runs to the end even if the client goes away.
    pub async fn create(&self, req: CreateMatch) -> Result<MatchCreated, ApiError> {
        let state = self.clone();
        self.detach(async move { state.create_now(req, None).await }).await
    }

    /// [`AppState::create`] for a client at a known address, whose live
    /// matches with bots are limited ([`crate::config::BotLimits::per_client`]).
    pub async fn create_from(&self, req: CreateMatch, client: Option<IpAddr>) -> Result<MatchCreated, ApiError> {
        let state = self.clone();
        self.detach(async move { state.create_now(req, client).await }).await
    }

    async fn create_now(&self, req: CreateMatch, client: Option<IpAddr>) -> Result<MatchCreated, ApiError> {
        let limits = &self.shared.config.limits;
        let game = req.game.trim().to_ascii_lowercase();
        let kind = self.shared.registry.get(&game).ok_or_else(|| {
            ApiError::invalid(format!(
                "unknown game '{}'; this server plays: {}",
                req.game.chars().take(40).collect::<String>(),
                self.shared.registry.ids().join(", ")
            ))
        })?;
        if req.seats.is_empty() || req.seats.len() > limits.max_seats {
            return Err(ApiError::invalid(format!("a match has 1 to {} seats", limits.max_seats)));
        }
        let mut players = Vec::new();
        let mut bots = Vec::new();
        let mut open = Vec::new();
        for (i, s) in req.seats.iter().enumerate() {
            let bot = controller(&s.controller).map_err(|e| ApiError::invalid(format!("seat {}: {e}", i + 1)))?;
            let name = seat_name(s.name.as_deref(), limits.max_name_chars)
                .map_err(|e| ApiError::invalid(format!("seat {}: {e}", i + 1)))?
                .unwrap_or_else(|| if bot.is_some() { s.controller.trim().to_string() } else { format!("P{}", i + 1) });
            open.push(bot.is_none() && s.open.unwrap_or(false));
            let controller = match &bot {
                Some(b) => b.to_string(),
                None => "human".to_string(),
            };
            players.push(PlayerSpec { name, controller });
            bots.push(bot.map(|b| self.shared.config.bots.clamp(b)));
        }
        let humans = bots.iter().filter(|b| b.is_none()).count();
        if humans == 0 && !self.shared.config.bots.bot_matches {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bot-match-not-allowed",
                "this server does not host matches between bots only: seat at least one human (or open seat); a \
                 private server allows them with `arbiter serve --allow-bot-matches`",
            ));
        }
        // Held until the match is in memory (or its creation failed).
        let _admission = if humans < bots.len() { Some(self.admit_ai_match(client)?) } else { None };
        if req.seed.is_some() && !self.shared.config.chosen_seeds.allows(humans) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "seed-not-allowed",
                format!(
                    "a chosen seed is only for a match with at most one human seat (this one has {humans}): whoever \
                     knows the seed knows every roll before it is made; leave `seed` out and the server draws a \
                     secret one"
                ),
            ));
        }
        let dice = match req.dice.as_deref().map(str::trim) {
            None | Some("") | Some("server") | Some("seeded") => DiceMode::Seeded,
            Some("real") | Some("manual") => DiceMode::Manual,
            Some(other) => {
                return Err(ApiError::invalid(format!(
                    "dice '{}': say `server` (the server rolls) or `real` (the players roll real dice)",
                    other.chars().take(20).collect::<String>()
                )));
            }
        };
        let companion = req.companion.unwrap_or(false);
        let seed = match req.seed {
            Some(seed) => seed,
            None => new_seed().map_err(ApiError::internal)?,
        };
        let seal = SeedSeal { salt: new_salt().map_err(ApiError::internal)?, chosen: req.seed.is_some() };
        let (kind, variant) = (kind.clone(), req.variant.clone());
        let (players2, bots2) = (players.clone(), bots.clone());
        // Building the rules can take a moment (figure sets are validated).
        let (table, steps) = tokio::task::spawn_blocking(move || {
            let mut table = kind
                .start_with(variant.as_ref(), players2, seed, dice)
                .map_err(|e| ApiError::invalid(e.to_string()))?;
            if dice == DiceMode::Manual && table.has_hidden_information() {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "real-dice-not-allowed",
                    format!(
                        "{} keeps secrets that its chance decides (a deal, a hidden draw): whoever entered the dice \
                         would know them; play it with the server's dice",
                        table.game_name()
                    ),
                ));
            }
            if companion && table.measure("", "").is_none() {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "companion-not-allowed",
                    format!(
                        "{} takes no measurements on a real table; companion mode is for Ephemeral Path",
                        table.game_name()
                    ),
                ));
            }
            for (i, b) in bots2.iter().enumerate() {
                if let Some(b) = b {
                    table.check_bot(b).map_err(|e| ApiError::invalid(format!("seat {}: {e}", i + 1)))?;
                }
            }
            let steps = table.settle();
            Ok::<_, ApiError>((table, steps))
        })
        .await
        .map_err(|e| ApiError::internal(format!("creating the match failed: {e}")))??;

        let id = new_match_id();
        let mut tokens = Vec::new();
        let mut grants = Vec::new();
        let mut hashes = Vec::new();
        for (i, p) in players.iter().enumerate() {
            let token = (bots[i].is_none() && !open[i]).then(new_token);
            let hash = token.as_deref().map(hash_token);
            if let Some(h) = &hash {
                hashes.push((i as u8, h.clone()));
            }
            tokens.push(hash);
            grants.push(SeatGrant {
                seat: i as u8,
                name: p.name.clone(),
                controller: p.controller.clone(),
                link: token.as_ref().map(|t| format!("/api/matches/{id}?token={t}")),
                token,
            });
        }
        let row = MatchRow {
            id: id.clone(),
            game: table.game_id().into(),
            variant: table.variant_json().map_err(|e| ApiError::internal(e.to_string()))?,
            seats: serde_json::to_string(&players).map_err(|e| ApiError::internal(e.to_string()))?,
            seed,
            seal: Some(seal.clone()),
            created_at: now_ms(),
            finished: false,
            outcome: None,
            dice,
            companion,
            names: Vec::new(),
        };
        let decisions = table.decisions_from(0).map_err(|e| ApiError::internal(e.to_string()))?;
        let stored_row = row.clone();
        self.shared
            .db
            .run(move |s| s.insert_match(&stored_row, &hashes, &decisions))
            .await
            .map_err(|e| ApiError::storage(&e))?;

        let names = players.iter().map(|p| p.name.clone()).collect();
        let mut inner = Inner {
            table,
            tokens,
            names,
            recent: VecDeque::new(),
            bot_busy: false,
            problem: None,
            active_at: Instant::now(),
            entered: None,
        };
        inner.push_recent(&steps, limits.recent_steps);
        let (changes, _) = broadcast::channel(16);
        let m = Arc::new(Match {
            id: id.clone(),
            created_at: row.created_at,
            seed,
            seal: Some(seal),
            players,
            bots,
            client,
            companion,
            inner: tokio::sync::Mutex::new(inner),
            changes,
        });
        let view = {
            let inner = m.inner.lock().await;
            m.view(&inner, Viewer::Spectator, limits.legal_sample)
        };
        self.shared.matches.write().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), m.clone());
        self.kick_bots(&m);
        Ok(MatchCreated {
            spectate: format!("/api/matches/{id}"),
            id,
            game: row.game,
            commitment: view.fairness.commitment.clone(),
            seats: grants,
            view,
        })
    }

    /// `POST /api/matches/{id}/actions`: acts for the token's seat. Runs to
    /// the end even if the client goes away, so a decision is never applied
    /// in memory without its commit (or its undo) following.
    pub async fn act(&self, id: &str, token: &str, action: &Value) -> Result<ActionAccepted, ApiError> {
        let (state, id, token, action) = (self.clone(), id.to_string(), token.to_string(), action.clone());
        self.detach(async move { state.act_now(&id, &token, &action).await }).await
    }

    async fn act_now(&self, id: &str, token: &str, action: &Value) -> Result<ActionAccepted, ApiError> {
        let m = self.find(id).await?;
        let seat = {
            let mut inner = m.inner.lock().await;
            match self.viewer(&m, &mut inner, Some(token)).await? {
                Viewer::Seat(s) => s,
                _ => return Err(ApiError::forbidden("spectators cannot act; a seat's token is needed")),
            }
        };
        self.act_as(&m, seat, action).await
    }

    /// Applies an action for a seat already authenticated, commits it and the
    /// rolls after it, tells the match's connections and wakes its bots.
    pub(crate) async fn act_as(&self, m: &Arc<Match>, seat: Seat, action: &Value) -> Result<ActionAccepted, ApiError> {
        let limits = &self.shared.config.limits;
        let mut inner = m.inner.lock().await;
        let mut tries = 0;
        let steps = loop {
            let before = inner.table.len();
            let steps = match inner.table.act(seat, action) {
                Ok(steps) => steps,
                // Refused here, perhaps only because another server has
                // moved since: look once, and judge again if it has.
                Err(e @ ActError::Refused(_)) if tries == 0 => {
                    tries += 1;
                    match self.catch_up(m, &mut inner).await {
                        Ok(true) => continue,
                        _ => return Err(ApiError::from_act(e)),
                    }
                }
                Err(e) => return Err(ApiError::from_act(e)),
            };
            match self.commit(m, &mut inner, before).await {
                Ok(()) => break steps,
                // Another server moved first: take its moves, then judge
                // the action again on the match as it now stands.
                Err(StoreError::OutOfStep { .. }) if tries < 3 => {
                    tries += 1;
                    self.catch_up(m, &mut inner).await.map_err(|e| ApiError::storage(&e))?;
                }
                Err(e) => return Err(ApiError::storage(&e)),
            }
        };
        inner.push_recent(&steps, limits.recent_steps);
        inner.problem = None;
        self.shared.metrics.actions.inc();
        let viewer = Viewer::Seat(seat);
        let view = m.view(&inner, viewer, limits.legal_sample);
        let steps = steps.iter().map(|s| Match::visible(&inner, s, viewer)).collect();
        let len = inner.table.len();
        drop(inner);
        m.notify(len);
        self.kick_bots(m);
        Ok(ActionAccepted { steps, view })
    }

    /// `POST /api/matches/{id}/roll`: enters what real dice show for the
    /// pending roll, for the token's seat (which must be one that may enter
    /// it): its part `part`, or every part still missing that the seat may
    /// enter. Once every part is in, commits the roll; tells the match's
    /// connections either way.
    pub async fn roll(
        &self,
        id: &str,
        token: &str,
        values: Vec<u8>,
        part: Option<usize>,
    ) -> Result<ActionAccepted, ApiError> {
        let (state, id, token) = (self.clone(), id.to_string(), token.to_string());
        self.detach(async move { state.roll_now(&id, &token, &values, part).await }).await
    }

    /// The seat a token holds in a match, refusing spectators.
    async fn seat_of(&self, m: &Match, token: &str) -> Result<Seat, ApiError> {
        let mut inner = m.inner.lock().await;
        match self.viewer(m, &mut inner, Some(token)).await? {
            Viewer::Seat(s) => Ok(s),
            _ => Err(ApiError::forbidden("spectators cannot act; a seat's token is needed")),
        }
    }

    async fn roll_now(
        &self,
        id: &str,
        token: &str,
        values: &[u8],
        part: Option<usize>,
    ) -> Result<ActionAccepted, ApiError> {
        let m = self.find(id).await?;
        let seat = self.seat_of(&m, token).await?;
        self.roll_as(&m, seat, values, part).await
    }

    /// Enters real dice for a seat already authenticated (REST or the
    /// seat's WebSocket), commits them and tells the match's connections.
    pub(crate) async fn roll_as(
        &self,
        m: &Arc<Match>,
        seat: Seat,
        values: &[u8],
        part: Option<usize>,
    ) -> Result<ActionAccepted, ApiError> {
        let m = m.clone();
        let limits = &self.shared.config.limits;
        let mut inner = m.inner.lock().await;
        if inner.table.dice_mode() != DiceMode::Manual {
            return Err(ApiError::from_act(ActError::Refused(Refusal::new(
                "real-dice.server-rolls",
                "the server rolls this match's dice; only a match created with real dice takes dice entered by hand",
                "docs/api.md, Real dice",
            ))));
        }
        let Some((request, parts, mut entered)) = m.pending_roll(&inner) else {
            return Err(ApiError::from_act(ActError::Refused(if inner.table.outcome().is_some() {
                Refusal::new("core.turn.over", "the game is over; no more decisions are taken", "core")
            } else {
                Refusal::new("core.turn.not-chance", "no dice are being rolled now", "docs/api.md, Real dice")
            })));
        };
        let before = inner.table.len();
        if parts.len() > 1 {
            // Storage holds the parts entered through any server sharing it.
            let key = m.id.clone();
            if let Ok(kept) = self.shared.db.run(move |s| s.roll_parts(&key)).await {
                let kept = kept.as_ref().and_then(Entered::from_stored);
                entered = Entered::of(kept.as_ref(), before, parts.len());
            }
        }
        let refused = |r: Refusal| ApiError::from_act(ActError::Refused(r));
        let targets =
            parts::targets(&request, &parts, &entered, |p| m.entered_by(p.seat), seat, part).map_err(refused)?;
        parts::fill(&request, &parts, &mut entered, &targets, values).map_err(refused)?;
        let Some(values) = entered.complete() else {
            // A part is in; the roll waits for the others.
            self.save_parts(&m, &entered).await?;
            inner.entered = Some(entered);
            let view = m.view(&inner, Viewer::Seat(seat), limits.legal_sample);
            drop(inner);
            m.notify(before);
            return Ok(ActionAccepted { steps: Vec::new(), view });
        };
        let steps = inner.table.roll(&values).map_err(ApiError::from_act)?;
        if let Err(e) = self.commit(&m, &mut inner, before).await {
            // Out of step: another server moved first; the client sees the match as it now is.
            if matches!(e, StoreError::OutOfStep { .. }) {
                let _ = self.catch_up(&m, &mut inner).await;
            }
            return Err(ApiError::storage(&e));
        }
        inner.push_recent(&steps, limits.recent_steps);
        inner.problem = None;
        if parts.len() > 1 {
            // The parts are in the roll now; what storage kept of them is
            // for a length the match has left, so void either way.
            inner.entered = None;
            let key = m.id.clone();
            let _ = self.shared.db.run(move |s| s.put_roll_parts(&key, None)).await;
        }
        self.shared.metrics.actions.inc();
        let viewer = Viewer::Seat(seat);
        let view = m.view(&inner, viewer, limits.legal_sample);
        let steps = steps.iter().map(|s| Match::visible(&inner, s, viewer)).collect();
        let len = inner.table.len();
        drop(inner);
        m.notify(len);
        self.kick_bots(&m);
        Ok(ActionAccepted { steps, view })
    }

    /// `POST /api/matches/{id}/undo`: takes back the last decision — a roll
    /// of real dice the token's seat could enter, or (with real dice or in
    /// companion mode) the seat's own last decision — while nothing has been
    /// decided after it (`len`, the decisions the client saw, must be the
    /// match's). The record loses that entry, in memory and in storage, so
    /// it replays exactly as if it had never been entered.
    pub async fn undo(&self, id: &str, token: &str, len: usize) -> Result<MatchView, ApiError> {
        let (state, id, token) = (self.clone(), id.to_string(), token.to_string());
        self.detach(async move { state.undo_now(&id, &token, len).await }).await
    }

    async fn undo_now(&self, id: &str, token: &str, len: usize) -> Result<MatchView, ApiError> {
        let m = self.find(id).await?;
        let seat = self.seat_of(&m, token).await?;
        self.undo_as(&m, seat, len).await
    }

    /// Takes back the last entry for a seat already authenticated (REST or
    /// the seat's WebSocket); see [`AppState::undo`].
    pub(crate) async fn undo_as(&self, m: &Arc<Match>, seat: Seat, len: usize) -> Result<MatchView, ApiError> {
        let m = m.clone();
        let limits = &self.shared.config.limits;
        let mut inner = m.inner.lock().await;
        let now = inner.table.len();
        if now != len {
            return Err(ApiError::conflict(format!(
                "the match has {now} decisions, not {len}: something was decided since; nothing was taken back"
            )));
        }
        if let Some(i) = m.own_part(&inner, seat) {
            // A part of a roll not yet complete: only that part is taken back.
            let Some((_, _, mut entered)) = m.pending_roll(&inner) else {
                return Err(ApiError::internal("the roll of the part taken back is gone"));
            };
            entered.parts[i] = None;
            self.save_parts(&m, &entered).await?;
            inner.entered = Some(entered);
            let view = m.view(&inner, Viewer::Seat(seat), limits.legal_sample);
            drop(inner);
            m.notify(now);
            return Ok(view);
        }
        if let Some(refusal) = m.undo_refusal(&inner, seat) {
            return Err(ApiError::from_act(ActError::Refused(refusal)));
        }
        // A roll of several parts taken back keeps the other seats' parts.
        let kept = m.parts_kept_after_undo(&inner, seat, now);
        let key = m.id.clone();
        let stored = self.shared.db.run(move |s| s.undo_last(&key, now)).await;
        if let Err(e) = stored {
            if matches!(e, StoreError::OutOfStep { .. }) {
                let _ = self.catch_up(&m, &mut inner).await;
                return Err(ApiError::conflict("another server moved in this match first; nothing was taken back"));
            }
            return Err(ApiError::storage(&e));
        }
        if let Err(e) = inner.table.truncate(now - 1) {
            inner.problem = Some(format!("the roll was taken back in storage but not here: {e}"));
            return Err(ApiError::internal(e.to_string()));
        }
        inner.forget_after(now - 1);
        inner.problem = None;
        if kept.is_some() || inner.entered.as_ref().is_some_and(|e| !e.is_empty()) {
            let stored = kept.as_ref().and_then(Entered::to_stored);
            let key = m.id.clone();
            if let Err(e) = self.shared.db.run(move |s| s.put_roll_parts(&key, stored.as_ref())).await {
                inner.problem = Some(format!("the other seats' dice of the roll taken back were not stored: {e}"));
            }
        }
        inner.entered = kept;
        let view = m.view(&inner, Viewer::Seat(seat), limits.legal_sample);
        drop(inner);
        m.notify(now - 1);
        Ok(view)
    }

    /// Commits the decisions after `before` (and the outcome, once over); if
    /// that fails, puts the match back as it was.
    /// Stores the parts of a real-dice roll entered so far, before they are
    /// acknowledged (a restart keeps them).
    async fn save_parts(&self, m: &Match, entered: &crate::parts::Entered) -> Result<(), ApiError> {
        let (kept, key) = (entered.to_stored(), m.id.clone());
        self.shared.db.run(move |s| s.put_roll_parts(&key, kept.as_ref())).await.map_err(|e| ApiError::storage(&e))
    }

    async fn commit(&self, m: &Match, inner: &mut Inner, before: usize) -> Result<(), StoreError> {
        let decisions = match inner.table.decisions_from(before) {
            Ok(d) => d,
            Err(e) => {
                let _ = inner.table.truncate(before);
                return Err(StoreError::Database(format!("the decisions do not write: {e}")));
            }
        };
        let outcome = inner.table.outcome().map(|o| serde_json::to_string(&outcome_view(&o)).unwrap_or_default());
        let id = m.id.clone();
        let (count, start) = (decisions.len(), Instant::now());
        let result = self.shared.db.run(move |s| s.append(&id, before, &decisions, outcome.as_deref())).await;
        self.shared.metrics.commit_seconds.observe(start.elapsed().as_secs_f64());
        if result.is_ok() {
            self.shared.metrics.decisions.inc_by(count as u64);
        }
        if let Err(e) = result {
            if let Err(undo) = inner.table.truncate(before) {
                inner.problem = Some(format!("could not undo after a failed commit: {undo}"));
            }
            return Err(e);
        }
        Ok(())
    }

    /// Rolls and commits any dice owed by a match just loaded.
    async fn settle_loaded(&self, m: &Arc<Match>) {
        let mut inner = m.inner.lock().await;
        if inner.table.to_move() != ToMove::Chance || inner.table.dice_mode() == DiceMode::Manual {
            return;
        }
        let before = inner.table.len();
        let steps = inner.table.settle();
        match self.commit(m, &mut inner, before).await {
            Ok(()) => inner.push_recent(&steps, self.shared.config.limits.recent_steps),
            // Another server rolled them first.
            Err(StoreError::OutOfStep { .. }) => {
                if let Err(e) = self.catch_up(m, &mut inner).await {
                    inner.problem = Some(ApiError::storage(&e).body.message);
                }
            }
            Err(e) => inner.problem = Some(ApiError::storage(&e).body.message),
        }
    }

    /// `POST /api/matches/{id}/join`: takes an open human seat. Runs to the
    /// end even if the client goes away.
    pub async fn join(&self, id: &str, req: JoinMatch) -> Result<Joined, ApiError> {
        let (state, id) = (self.clone(), id.to_string());
        self.detach(async move { state.join_now(&id, req).await }).await
    }

    async fn join_now(&self, id: &str, req: JoinMatch) -> Result<Joined, ApiError> {
        let name =
            seat_name(req.name.as_deref(), self.shared.config.limits.max_name_chars).map_err(ApiError::invalid)?;
        let m = self.find(id).await?;
        let mut inner = m.inner.lock().await;
        if inner.table.outcome().is_some() {
            return Err(ApiError::conflict("the game is over"));
        }
        let open: Vec<u8> = m.seat_views(&inner).iter().filter(|s| s.open).map(|s| s.seat).collect();
        let seat = match req.seat {
            Some(s) if usize::from(s) >= m.players.len() => {
                return Err(ApiError::invalid(format!("this match has {} seats", m.players.len())));
            }
            Some(s) if open.contains(&s) => s,
            Some(s) => return Err(ApiError::conflict(format!("{} is not an open seat", Seat(s)))),
            None => *open.first().ok_or_else(|| ApiError::conflict("this match has no open seat"))?,
        };
        let token = new_token();
        let hash = hash_token(&token);
        let (key, h, n) = (m.id.clone(), hash.clone(), name.clone());
        let claimed = self
            .shared
            .db
            .run(move |s| s.claim_seat(&key, seat, &h, n.as_deref()))
            .await
            .map_err(|e| ApiError::storage(&e))?;
        if !claimed {
            // Taken through another server: learn who holds it.
            let _ = self.catch_up(&m, &mut inner).await;
            return Err(ApiError::conflict(format!("{} was just taken", Seat(seat))));
        }
        if let Some(t) = inner.tokens.get_mut(usize::from(seat)) {
            *t = Some(hash);
        }
        if let (Some(n), Some(name)) = (inner.names.get_mut(usize::from(seat)), name) {
            *n = name;
        }
        let name = inner.name(usize::from(seat)).to_string();
        let len = inner.table.len();
        drop(inner);
        // Every connection's view now shows the seat taken, under its name.
        m.notify(len);
        Ok(Joined { seat, name, link: format!("/api/matches/{}?token={token}", m.id), token })
    }

    /// `GET /api/matches`: open and live matches, and the matches of the
    /// given tokens.
    pub async fn list(&self, tokens: &[String]) -> Result<MatchList, ApiError> {
        let max = self.shared.config.limits.max_tokens;
        if tokens.len() > max {
            return Err(ApiError::invalid(format!("at most {max} tokens at once")));
        }
        let mut live = Vec::new();
        for m in self.all_matches() {
            let inner = m.inner.lock().await;
            let s = m.summary(&inner);
            if !s.finished {
                live.push(s);
            }
        }
        live.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| a.id.cmp(&b.id)));
        let open: Vec<MatchSummary> =
            live.iter().filter(|s| s.seats.iter().any(|x| x.open)).take(100).cloned().collect();
        live.truncate(100);
        let hashes: Vec<String> = tokens.iter().map(|t| t.trim()).filter(|t| !t.is_empty()).map(hash_token).collect();
        let mut mine = Vec::new();
        if !hashes.is_empty() {
            let rows =
                self.shared.db.run(move |s| s.matches_for_tokens(&hashes)).await.map_err(|e| ApiError::storage(&e))?;
            for (row, seat) in rows {
                let loaded = self.shared.matches.read().unwrap_or_else(PoisonError::into_inner).get(&row.id).cloned();
                let mut s = match loaded {
                    Some(m) => {
                        let inner = m.inner.lock().await;
                        m.summary(&inner)
                    }
                    None => stored_summary(&row),
                };
                s.your_seat = Some(seat);
                mine.push(s);
            }
        }
        Ok(MatchList { open, live, mine })
    }

    /// `GET /api/matches/{id}/record[?token=t]`: the game record as the
    /// token's seat (or a spectator) may see it: every decision hidden from
    /// them is `null`, until a finished game reveals all. The config's
    /// seed is left out until then too, and the record carries the match's
    /// `fairness` (the commitment; the seed and salt once revealed).
    pub async fn record(&self, id: &str, token: Option<&str>) -> Result<Value, ApiError> {
        let m = self.find(id).await?;
        let mut inner = m.inner.lock().await;
        let viewer = self.viewer(&m, &mut inner, token).await?;
        let mut record =
            inner.table.record_for(Match::eyes(&inner, viewer)).map_err(|e| ApiError::internal(e.to_string()))?;
        // The players as the table names them (a name given on joining
        // replaces the creator's).
        if let Some(players) = record.pointer_mut("/config/players").and_then(Value::as_array_mut) {
            for (player, name) in players.iter_mut().zip(&inner.names) {
                if let Some(fields) = player.as_object_mut() {
                    fields.insert("name".into(), Value::String(name.clone()));
                }
            }
        }
        let fairness = m.fairness(&inner);
        // With real dice the seed only seeds the bots: it is put back in the
        // record once the game is over (a record needs one to replay).
        let ended_real = inner.table.dice_mode() == DiceMode::Manual && inner.table.reveals_all();
        if fairness.seed.is_none()
            && !ended_real
            && let Some(config) = record.get_mut("config").and_then(Value::as_object_mut)
        {
            config.remove("seed");
        }
        if let Some(fields) = record.as_object_mut() {
            let fairness = serde_json::to_value(&fairness).map_err(|e| ApiError::internal(e.to_string()))?;
            fields.insert("fairness".into(), fairness);
        }
        Ok(record)
    }

    /// `GET /api/matches/{id}/measure?a=…&b=…`: what the rules say between
    /// two spots of the table as it stands (figures, points, the gate),
    /// changing nothing — for players who move real figures. Anyone who
    /// may watch the match may ask; a game with secrets, or one that does
    /// not measure, answers 422 `cannot-measure`.
    pub async fn measure(&self, id: &str, token: Option<&str>, a: &str, b: &str) -> Result<Value, ApiError> {
        let m = self.find(id).await?;
        let mut inner = m.inner.lock().await;
        self.viewer(&m, &mut inner, token).await?;
        let cannot = |why: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "cannot-measure", why);
        if inner.table.has_hidden_information() {
            return Err(cannot(format!("{} keeps secrets; it takes no measurements", inner.table.game_name())));
        }
        let (a, b) = (a.chars().take(40).collect::<String>(), b.chars().take(40).collect::<String>());
        match inner.table.measure(&a, &b) {
            None => Err(cannot(format!("{} takes no measurements", inner.table.game_name()))),
            Some(Err(why)) => Err(ApiError::invalid(why)),
            Some(Ok(answer)) => Ok(answer),
        }
    }

    /// `GET /api/matches/{id}/replay/{n}[?token=t]`: the match after `n`
    /// decisions, as the token's seat (or a spectator) may see it, or as
    /// the referee once a finished game reveals all.
    pub async fn replay(&self, id: &str, n: usize, token: Option<&str>) -> Result<ReplayFrame, ApiError> {
        let m = self.find(id).await?;
        let mut inner = m.inner.lock().await;
        let own = self.viewer(&m, &mut inner, token).await?;
        let viewer = Match::eyes(&inner, own);
        let total = inner.table.len();
        let frame = inner.table.replay(n, viewer).map_err(|e| match e {
            crate::runner::RunError::OutOfRange { .. } => ApiError::not_found(e.to_string()),
            e => ApiError::internal(e.to_string()),
        })?;
        Ok(ReplayFrame {
            id: m.id.clone(),
            game: inner.table.game_id().into(),
            game_name: inner.table.game_name().into(),
            seats: m.seat_views(&inner),
            len: u32_of(n),
            total: u32_of(total),
            turn: turn_view(frame.to_move),
            observation: frame.observation,
            last: frame.last.map(|p| p.view(viewer)),
            outcome: frame.outcome.as_ref().map(outcome_view),
        })
    }

    /// Admits one more match with bots for `client`, or says which limit it
    /// would pass: 429 `ai-match-limit` for the client's own, 503 `ai-busy`
    /// for the server's. The admission holds the place until dropped.
    fn admit_ai_match(&self, client: Option<IpAddr>) -> Result<Admission, ApiError> {
        let limits = &self.shared.config.bots;
        let idle = Duration::try_from_secs_f64(limits.idle_seconds.max(0.0)).unwrap_or(Duration::MAX);
        let mut creating = self.shared.creating.lock().unwrap_or_else(PoisonError::into_inner);
        let live: Vec<Option<IpAddr>> =
            self.all_matches().iter().filter(|m| m.live_with_bots(idle)).map(|m| m.client).collect();
        let pending: usize = creating.values().sum();
        if live.len() + pending >= limits.total {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "ai-busy",
                format!(
                    "the server is playing its most matches with bots at once ({}); try again when some have \
                     finished, or play against a person",
                    limits.total
                ),
            ));
        }
        if let Some(ip) = client {
            let mine = live.iter().filter(|c| **c == Some(ip)).count() + creating.get(&client).copied().unwrap_or(0);
            if mine >= limits.per_client {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "ai-match-limit",
                    format!(
                        "you already have {mine} live matches with bots, the most one client may have; finish one \
                         (a match waiting on you for {} minutes stops counting) and try again",
                        (limits.idle_seconds / 60.0).ceil()
                    ),
                ));
            }
        }
        *creating.entry(client).or_insert(0) += 1;
        Ok(Admission { state: self.clone(), client })
    }

    /// Starts the bots of a match if a bot owes the next decision. They
    /// think on the bots' pool ([`crate::pool`]: `bots.concurrent` threads,
    /// people's matches first, clients in turn), then
    /// their move is applied and committed like anyone's, and the next bot
    /// (if any) goes on.
    pub(crate) fn kick_bots(&self, m: &Arc<Match>) {
        let needs_bot = |m: &Match| -> bool {
            match m.inner.try_lock() {
                Ok(inner) => !inner.bot_busy && m.bot_to_move(inner.table.to_move()).is_some(),
                // Busy: whoever holds the lock kicks the bots when done.
                Err(_) => true,
            }
        };
        if needs_bot(m) {
            let (state, m) = (self.clone(), m.clone());
            self.shared.tasks.spawn(async move { state.drive_bots(m).await });
        }
    }

    async fn drive_bots(&self, m: Arc<Match>) {
        let limits = &self.shared.config;
        loop {
            let (job, seat, before) = {
                let mut inner = m.inner.lock().await;
                // Shutting down: the bot moves after the restart.
                if inner.bot_busy || self.is_closing() {
                    return;
                }
                let Some((seat, spec)) = m.bot_to_move(inner.table.to_move()) else { return };
                let before = inner.table.len();
                let seed = bot_seed(m.seed, before, seat);
                match inner.table.think(seat, spec, seed, limits.bots.default_seconds, limits.bots.max_duration()) {
                    Ok(job) => {
                        inner.bot_busy = true;
                        (job, seat, before)
                    }
                    Err(e) => {
                        inner.problem = Some(format!("the bot of {seat} cannot play: {e}"));
                        drop(inner);
                        m.notify(before);
                        return;
                    }
                }
            };
            let chosen = self.think(m.priority(), m.pool_client(), job).await;
            let mut inner = m.inner.lock().await;
            inner.bot_busy = false;
            if inner.table.len() != before || !inner.table.to_move().owes(seat) {
                continue;
            }
            let action = match chosen {
                Ok(Some(action)) => action,
                Ok(None) => {
                    inner.problem = Some(format!("the bot of {seat} found no action"));
                    drop(inner);
                    m.notify(before);
                    return;
                }
                Err(e) => {
                    inner.problem = Some(format!("the bot of {seat} failed: {e}"));
                    drop(inner);
                    m.notify(before);
                    return;
                }
            };
            let steps = match inner.table.act(seat, &action) {
                Ok(steps) => steps,
                Err(e) => {
                    inner.problem = Some(format!("the bot of {seat} chose a refused action: {e}"));
                    drop(inner);
                    m.notify(before);
                    return;
                }
            };
            match self.commit(&m, &mut inner, before).await {
                Ok(()) => {}
                // Another server's bot moved first: take its moves and see
                // who is to move now.
                Err(StoreError::OutOfStep { .. }) => {
                    if let Err(e) = self.catch_up(&m, &mut inner).await {
                        inner.problem = Some(format!("the bot's move was not stored: {e}"));
                        drop(inner);
                        m.notify(before);
                        return;
                    }
                    continue;
                }
                Err(e) => {
                    inner.problem =
                        Some(format!("the bot's move was not stored: {}", ApiError::storage(&e).body.message));
                    drop(inner);
                    m.notify(before);
                    return;
                }
            }
            inner.push_recent(&steps, limits.limits.recent_steps);
            inner.problem = None;
            let len = inner.table.len();
            // Decided under this lock: locking again only to find the
            // game over would make a finished match look busy (and so
            // live) to the limits for a moment.
            let more = m.bot_to_move(inner.table.to_move()).is_some();
            drop(inner);
            m.notify(len);
            if !more {
                return;
            }
        }
    }
}

/// A place for a match with bots being created ([`AppState::admit_ai_match`]),
/// given back when dropped (the match is then in memory, or was not made).
struct Admission {
    state: AppState,
    client: Option<IpAddr>,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut creating = self.state.shared.creating.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = creating.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                creating.remove(&self.client);
            }
        }
    }
}

impl AppState {
    /// Queues a bot's decision on the bot pool and waits for it, counted in
    /// the metrics (queue length, bots thinking or queued, think time).
    async fn think(&self, priority: Priority, client: Client, job: crate::pool::Job) -> Result<Option<Value>, String> {
        let metrics = &self.shared.metrics;
        metrics.bot_queue.inc();
        metrics.bots_thinking.inc();
        let start = Instant::now();
        let chosen = self.shared.bot_pool.think(priority, client, job).await;
        metrics.bot_think_seconds.observe(start.elapsed().as_secs_f64());
        metrics.bots_thinking.dec();
        metrics.bot_queue.dec();
        chosen
    }
}

/// Holds a change feed until its listener thread takes it, and drops it on
/// a thread of its own otherwise (a server that fails to start): the
/// synchronous PostgreSQL client inside may not be dropped on the runtime.
struct FeedGuard(Option<Box<dyn ChangeFeed>>);

impl Drop for FeedGuard {
    fn drop(&mut self) {
        if let Some(feed) = self.0.take() {
            let _ = std::thread::Builder::new().name("arbiter-changes-drop".into()).spawn(move || drop(feed));
        }
    }
}

/// Starts the thread that listens to the other servers' changes and hands
/// each to the runtime ([`AppState::on_change`]). It ends soon after the
/// state is dropped; while the database cannot be reached it tries again
/// every second.
fn listen(state: Weak<Shared>, mut feed: Box<dyn ChangeFeed>) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Handle::current();
    std::thread::Builder::new()
        .name("arbiter-changes".into())
        .spawn(move || {
            while state.strong_count() > 0 {
                match feed.wait(std::time::Duration::from_millis(250)) {
                    Ok(changes) => {
                        for change in changes {
                            let Some(shared) = state.upgrade() else { return };
                            let state = AppState { shared };
                            runtime.spawn(async move { state.on_change(change).await });
                        }
                    }
                    Err(_) => std::thread::sleep(std::time::Duration::from_secs(1)),
                }
            }
        })
        .map(|_| ())
        .map_err(ServerError::Io)
}

/// Builds a match from storage by replaying its decisions.
fn build_match(
    registry: &Registry,
    limits: &crate::config::BotLimits,
    stored: StoredMatch,
    keep: usize,
) -> Result<Match, String> {
    let (row, roll_parts) = (stored.row, stored.roll_parts);
    let kind = registry.get(&row.game).ok_or_else(|| format!("this server does not play '{}'", row.game))?;
    let players: Vec<PlayerSpec> =
        serde_json::from_str(&row.seats).map_err(|e| format!("the stored seats do not read: {e}"))?;
    let bots = players
        .iter()
        .map(|p| controller(&p.controller).map(|b| b.map(|b| limits.clamp(b))))
        .collect::<Result<Vec<_>, _>>()?;
    let (table, recent) = kind
        .resume_with(&row.variant, players.clone(), row.seed, row.dice, &stored.decisions, keep)
        .map_err(|e| e.to_string())?;
    let mut names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    for (seat, name) in row.names {
        if let Some(n) = names.get_mut(usize::from(seat)) {
            *n = name;
        }
    }
    let mut tokens = vec![None; players.len()];
    for (seat, hash) in stored.tokens {
        if let Some(t) = tokens.get_mut(usize::from(seat)) {
            *t = Some(hash);
        }
    }
    let (changes, _) = broadcast::channel(16);
    Ok(Match {
        id: row.id,
        created_at: row.created_at,
        seed: row.seed,
        seal: row.seal,
        players,
        bots,
        client: None,
        companion: row.companion,
        inner: tokio::sync::Mutex::new(Inner {
            table,
            tokens,
            names,
            recent: recent.into(),
            bot_busy: false,
            problem: None,
            active_at: Instant::now(),
            entered: roll_parts.as_ref().and_then(Entered::from_stored),
        }),
        changes,
    })
}

/// A seat's name as a client gave it, trimmed: `None` when absent or blank
/// (the seat keeps its default name); refused, saying why, when longer than
/// `max` characters or holding a control character (a line break, a tab,
/// an escape), which would break the lines of the tables and logs it
/// appears in.
pub(crate) fn seat_name(name: Option<&str>, max: usize) -> Result<Option<String>, String> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters (line breaks, tabs, escapes)".into());
    }
    let count = name.chars().count();
    if count > max {
        return Err(format!("a name has at most {max} characters; this one has {count}"));
    }
    Ok(Some(name.to_string()))
}

/// A lobby summary from a stored row, for matches not in memory.
fn stored_summary(row: &MatchRow) -> MatchSummary {
    let players: Vec<PlayerSpec> = serde_json::from_str(&row.seats).unwrap_or_default();
    MatchSummary {
        id: row.id.clone(),
        game: row.game.clone(),
        seats: players
            .iter()
            .enumerate()
            .map(|(i, p)| SeatView {
                seat: i as u8,
                name: row.names.iter().find(|(s, _)| usize::from(*s) == i).map_or(&p.name, |(_, n)| n).clone(),
                controller: p.controller.clone(),
                human: p.controller == "human",
                open: false,
            })
            .collect(),
        created_at: row.created_at,
        finished: row.finished,
        len: None,
        turn: None,
        outcome: row.outcome.as_deref().and_then(|o| serde_json::from_str::<OutcomeView>(o).ok()),
        your_seat: None,
    }
}
