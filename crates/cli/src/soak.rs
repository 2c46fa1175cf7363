//! `arbiter soak`: random games across every configuration of every game,
//! checked at every step, until something breaks — and then the evidence.
//!
//! Each game is played by random decisions through the core's checked
//! player ([`arbiter_core::conformance::play_checked`]): at every step a seat
//! that owes a decision has a legal action and the random draw finds one,
//! refused decisions change nothing, games on the resolution core keep their
//! pending stack consistent; a random sample of states goes through the deep
//! checks (JSON and state files, observations, listed actions applied both
//! ways); every finished record reads back and replays to the same end. A
//! failure — a violated invariant or a panic inside the rules — never stops
//! the run: it is counted, its seed printed with the command that plays it
//! again, and its record up to the failing state written to a file that
//! `arbiter replay` opens at that state.
//!
//! Game `i` of a configuration is seeded from the run's seed and `i` alone,
//! so a run gives the same games whatever the number of threads.

use crate::Failure;
use crate::sim::game_seed;
use arbiter_core::conformance::{Checks, Report, check_pending, play_checked, random_config};
use arbiter_core::{Entry, check_numbering};
use arbiter_core::{Game, Record};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::shipped_sets;
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::random_set::random_set;
use arbiter_ephemeral::{Edition, Ephemeral};
use arbiter_essence::Essence;
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
use arbiter_ethia::{Deployment, Ethia, Mode, TurnOrder, WallOption};
use arbiter_goofspiel::{Goofspiel, Order, Returns};
use arbiter_kuhn::KuhnPoker;
use arbiter_p2v::P2v;
use arbiter_p2v::warband::shipped_warbands;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// The games `arbiter soak` knows, in the order it plays them.
pub const GAMES: [&str; 7] = ["essence", "ethia", "ethia-worlds", "ephemeral", "p2v", "goofspiel", "kuhn"];

/// Runs `$body` with `$G` naming the rules type of the soak game `$name`
/// (one of [`GAMES`]).
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            "essence" => {
                type $G = Essence;
                $body
            }
            "ethia" => {
                type $G = Ethia;
                $body
            }
            "ethia-worlds" => {
                type $G = EthiaWorlds;
                $body
            }
            "p2v" => {
                type $G = P2v;
                $body
            }
            "goofspiel" => {
                type $G = Goofspiel;
                $body
            }
            "kuhn" => {
                type $G = KuhnPoker;
                $body
            }
            _ => {
                type $G = Ephemeral;
                $body
            }
        }
    };
}

/// The small test quest of the E'thia tests, whose boss stands two squares
/// from the leaders, so that diplomacy, the boss's fall and the reward rolls
/// come up in random play (the Kingdom of Coyote rarely gets that far).
const DUKES_DEN: &str = include_str!("../../ethia/tests/data/dukes-den.toml");

/// Options of `arbiter soak`.
#[derive(Clone)]
pub struct Options {
    /// Games to soak (empty: all of them).
    pub games: Vec<String>,
    /// Games per configuration.
    pub count: u64,
    /// Index of the first game (a slice of a longer run).
    pub from: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Only configurations whose label is, or else contains, one of these.
    pub only: Vec<String>,
    /// The filters of `only` that are some configuration's whole label.
    pub exact: Vec<String>,
    /// Deep checks on one state in this many.
    pub deep: u32,
    /// Where failing games' records go.
    pub out: PathBuf,
    /// List the configurations and stop.
    pub list: bool,
    /// Play only the game with this seed (to reproduce a failure).
    pub game_seed: Option<u64>,
    /// Print the summary as JSON.
    pub json: bool,
}

/// One configuration of a game: a label, and the rules of game `seed`
/// (settings that vary within a configuration, such as the wall option or
/// the figure sets, are drawn from the seed).
pub struct Configuration<G> {
    /// What is being played, for people and `--config`.
    pub label: String,
    /// Builds the rules for the game with this seed.
    pub rules: Box<dyn Fn(u64) -> Result<G, String> + Send + Sync>,
}

/// A game `arbiter soak` plays: its configurations, and the checks of its
/// own on every state.
pub trait Soak: Entry {
    /// Every configuration worth soaking.
    fn configurations() -> Result<Vec<Configuration<Self>>, String>;
    /// Checks of games built on the resolution core (the pending stack).
    fn extra(&self, _state: &Self::State, _report: &mut Report) -> Result<(), String> {
        Ok(())
    }
}

/// One rules value per seed, picked from a prepared list.
fn pick<G: Game>(label: String, all: Vec<G>) -> Configuration<G> {
    Configuration { label, rules: Box::new(move |seed| Ok(all[(seed % all.len() as u64) as usize].clone())) }
}

impl Soak for Essence {
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        arbiter_essence::Variant::all_rulebook_combinations()
            .into_iter()
            .map(|v| {
                let label = v.label();
                Essence::new(v, 2).map(|g| pick(label, vec![g])).map_err(|e| e.to_string())
            })
            .collect()
    }
}

impl Soak for Ethia {
    /// Skirmish and Battle for 2, 3 and 4 players; within each, every wall
    /// option (fixed, standard, custom, or chosen by the roll-off winner in
    /// play), both deployments and, with four players, both turn orders.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        let mut out = Vec::new();
        for mode in [Mode::Skirmish, Mode::Battle] {
            for seats in [2, 3, 4] {
                let mut all = Vec::new();
                for walls in [None, Some(WallOption::Fixed), Some(WallOption::Standard), Some(WallOption::Custom)] {
                    for deployment in [Deployment::Free, Deployment::Standard] {
                        let orders: &[TurnOrder] = if seats == 4 {
                            &[TurnOrder::Clockwise, TurnOrder::Alternating]
                        } else {
                            &[TurnOrder::Clockwise]
                        };
                        for &turn_order in orders {
                            let v = arbiter_ethia::Variant {
                                mode,
                                walls,
                                deployment,
                                turn_order,
                                ..arbiter_ethia::Variant::default()
                            };
                            all.push(Ethia::new(v, seats).map_err(|e| e.to_string())?);
                        }
                    }
                }
                let mode = if mode == Mode::Skirmish { "skirmish" } else { "battle" };
                out.push(pick(format!("{mode}, {seats} players"), all));
            }
        }
        Ok(out)
    }
}

impl Soak for EthiaWorlds {
    /// Each quest with 1 to 4 leaders; within each, every number of players
    /// from 1 to the leaders, with and without the Smokey Cauldron.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        let mut out = Vec::new();
        for (quest, file) in [("kingdom-of-coyote", None), ("dukes-den", Some(DUKES_DEN))] {
            for leaders in 1..=4u8 {
                let mut all = Vec::new();
                for seats in 1..=usize::from(leaders) {
                    for shop in [true, false] {
                        let v = WorldsVariant {
                            quest_file: file.map(String::from),
                            leaders,
                            shop,
                            ..WorldsVariant::default()
                        };
                        all.push(EthiaWorlds::new(v, seats).map_err(|e| e.to_string())?);
                    }
                }
                out.push(pick(format!("{quest}, {leaders} leaders"), all));
            }
        }
        Ok(out)
    }

    fn extra(&self, state: &Self::State, report: &mut Report) -> Result<(), String> {
        check_pending(self, state, report)
    }
}

impl Soak for Ephemeral {
    /// Each edition with every ordered pair of shipped sets, and with two
    /// random legal sets drawn from the whole catalogue for every game.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        let names: Vec<&str> = shipped_sets().into_iter().map(|(stem, _)| stem).collect();
        let catalogue = Catalogue::standard().map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for edition in Edition::ALL {
            let mut all = Vec::new();
            for a in &names {
                for b in &names {
                    let v = arbiter_ephemeral::Variant::shipped(edition, a, b)?;
                    all.push(Ephemeral::new(v, 2).map_err(|e| e.to_string())?);
                }
            }
            out.push(pick(format!("{edition}, shipped sets"), all));
            let catalogue = catalogue.clone();
            out.push(Configuration {
                label: format!("{edition}, random sets"),
                rules: Box::new(move |seed| {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5e75);
                    let mut set = |name: &str| {
                        random_set(&mut rng, &catalogue, name).ok_or_else(|| "no random set could be drawn".to_string())
                    };
                    let sets = vec![set("Random A")?, set("Random B")?];
                    let v = arbiter_ephemeral::Variant { edition, sets, kit: Kit::standard() };
                    Ephemeral::new(v, 2).map_err(|e| e.to_string())
                }),
            });
        }
        Ok(out)
    }

    fn extra(&self, state: &Self::State, report: &mut Report) -> Result<(), String> {
        check_pending(self, state, report)
    }
}

impl Soak for P2v {
    /// Each shipped map with every ordered pair of shipped warbands, with
    /// the round limit; the small map without it; a board of terrain tiles
    /// the players lay; and random legal warbands from the whole bestiary,
    /// on the small map and on tiles.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        let names: Vec<&str> = shipped_warbands().into_iter().map(|(stem, _)| stem).collect();
        let file = arbiter_p2v::play::Variant::warband_file;
        let mut out = Vec::new();
        for (map, no_round_limit) in [
            ("ruined-crossroads", false),
            ("river-ford", false),
            ("broken-hills", false),
            ("ruined-crossroads", true),
            ("tiles", false),
        ] {
            let mut all = Vec::new();
            for a in &names {
                for b in &names {
                    let v = arbiter_p2v::play::Variant {
                        warbands: vec![file(a)?, file(b)?],
                        map: map.to_string(),
                        no_round_limit,
                        cards: String::new(),
                    };
                    all.push(P2v::new(v, 2).map_err(|e| e.to_string())?);
                }
            }
            let label = if no_round_limit { format!("{map}, no round limit") } else { map.to_string() };
            out.push(pick(label, all));
        }
        // Random legal 150-point warbands from the whole starter bestiary,
        // with upgrades, items, positioning upgrades and hero points.
        for map in ["ruined-crossroads", "tiles"] {
            out.push(Configuration {
                label: format!("random warbands, {map}"),
                rules: Box::new(move |seed| {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x2b7);
                    let a = arbiter_p2v::draw::random_warband(&mut rng, "Random A", 150)?;
                    let b = arbiter_p2v::draw::random_warband(&mut rng, "Random B", 150)?;
                    let v = arbiter_p2v::play::Variant {
                        warbands: vec![a, b],
                        map: map.to_string(),
                        no_round_limit: false,
                        cards: String::new(),
                    };
                    P2v::new(v, 2).map_err(|e| e.to_string())
                }),
            });
        }
        Ok(out)
    }

    fn extra(&self, state: &Self::State, report: &mut Report) -> Result<(), String> {
        check_pending(self, state, report)
    }
}

impl Soak for Goofspiel {
    /// The standard 13 cards in each prize order, and a short 4-card game;
    /// each game draws win-loss or points returns.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        let mut out = Vec::new();
        for (cards, order, label) in [
            (13, Order::Random, "13 cards, random prizes"),
            (13, Order::Descending, "13 cards, descending prizes"),
            (13, Order::Ascending, "13 cards, ascending prizes"),
            (4, Order::Random, "4 cards, random prizes"),
        ] {
            let mut all = Vec::new();
            for returns in [Returns::WinLoss, Returns::Points] {
                let v = arbiter_goofspiel::Variant { cards, order, returns };
                all.push(Goofspiel::new(v, 2).map_err(|e| e.to_string())?);
            }
            out.push(pick(label.to_string(), all));
        }
        Ok(out)
    }
}

impl Soak for KuhnPoker {
    /// Kuhn poker has one game: three cards, ante 1, one bet.
    fn configurations() -> Result<Vec<Configuration<Self>>, String> {
        Ok(vec![pick("standard".to_string(), vec![KuhnPoker::new((), 2).map_err(|e| e.to_string())?])])
    }
}

/// What one configuration's games came to.
#[derive(Debug, Default, Serialize)]
pub struct Tally {
    /// The game.
    pub game: String,
    /// The configuration.
    pub config: String,
    /// Games played.
    pub games: u64,
    /// Games that failed.
    pub failures: u64,
    /// Decisions taken in all.
    pub decisions: u64,
    /// Decisions taken inside pending work (games on the resolution core).
    pub pending_decisions: u64,
    /// The deepest pending stack seen.
    pub deepest: usize,
    /// The longest game, in decisions.
    pub longest: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Tally {
    fn add(&mut self, r: &Report) {
        self.decisions += r.decisions as u64;
        self.pending_decisions += r.pending_decisions as u64;
        self.deepest = self.deepest.max(r.deepest);
        self.longest = self.longest.max(r.longest);
    }
}

/// One failed game.
#[derive(Debug, Serialize)]
pub struct Failed {
    /// The game.
    pub game: String,
    /// The configuration.
    pub config: String,
    /// The game's seed.
    pub seed: u64,
    /// What went wrong.
    pub error: String,
    /// The record up to the failing state, if it could be written.
    pub record: Option<PathBuf>,
}

thread_local! {
    /// The message of the last panic on this thread, kept by the soak's hook.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// What went wrong in a game, and its record up to the failing state.
type Failed1<G> = Box<(String, Option<Record<G>>)>;

/// Plays game `seed` of a configuration; `Err` with what went wrong and the
/// record up to the failing state.
fn play_one<G: Soak>(
    config: &Configuration<G>,
    seed: u64,
    checks: &Checks,
    report: &mut Report,
) -> Result<(), Failed1<G>> {
    let game = match std::panic::catch_unwind(AssertUnwindSafe(|| (config.rules)(seed))) {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => return Err(Box::new((format!("the configuration could not be built: {e}"), None))),
        Err(_) => return Err(Box::new((format!("building the configuration panicked: {}", panic_message()), None))),
    };
    let mut record = Record::new(random_config(&game, seed));
    let played = std::panic::catch_unwind(AssertUnwindSafe(|| {
        // The fixed numbering and the tensor on a sample as large as the deep
        // checks': one state in `every`, counted within the game from an
        // offset its seed gives (the report's count of decisions only moves
        // when a game ends, so it would check all of a game's states or none).
        let every = u64::from(checks.deep_one_in.max(1));
        let mut step = seed % every;
        play_checked(&game, checks, &mut record, report, &mut |s, r| {
            game.extra(s, r)?;
            step += 1;
            if step % every == 0 { check_numbering(&game, s) } else { Ok(()) }
        })
    }));
    match played {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(v)) => Err(Box::new((v.to_string(), Some(record)))),
        Err(_) => {
            let at = record.decisions.len();
            Err(Box::new((format!("decision {at}: the rules panicked: {}", panic_message()), Some(record))))
        }
    }
}

fn panic_message() -> String {
    PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "(no message)".into())
}

/// A configuration label as a file-name part.
fn slug(text: &str) -> String {
    let s: String = text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '-' }).collect();
    s.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-")
}

/// Writes a failing game's record (and what failed, beside it); returns the
/// record's path.
pub fn write_failure<G: Game>(
    dir: &Path,
    name: &str,
    record: &Record<G>,
    error: &str,
    reproduce: &str,
) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("{name}.json"));
    let json = record.to_json().map_err(|e| e.to_string())?;
    std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let note = format!(
        "{error}\n\nThe record {} stops at the state that failed: `arbiter replay {}` shows it.\nPlay it again: {reproduce}\n",
        path.display(),
        path.display()
    );
    let _ = std::fs::write(dir.join(format!("{name}.txt")), note);
    Ok(path)
}

/// Soaks every configuration of one game; appends tallies and failures.
fn soak_game<G: Soak>(
    o: &Options,
    pool: &rayon::ThreadPool,
    progress: &ProgressBar,
    tallies: &mut Vec<Tally>,
    failures: &Mutex<Vec<Failed>>,
) -> Result<(), Failure> {
    let configs = G::configurations().map_err(Failure::Run)?;
    let configs: Vec<Configuration<G>> = configs.into_iter().filter(|c| chosen(o, &c.label)).collect();
    let checks = Checks { deep_one_in: o.deep.max(1), seed_check_one_in: 16, actions_to_try: 16, ..Checks::default() };
    for config in &configs {
        progress.set_message(format!("{} ({})", G::ID, config.label));
        let seeds = seeds(o);
        let started = Instant::now();
        let (report, failed) = pool.install(|| {
            seeds
                .par_iter()
                .fold(
                    || (Report::default(), 0u64),
                    |(mut report, mut failed), &seed| {
                        if let Err(failed1) = play_one(config, seed, &checks, &mut report) {
                            let (error, record) = *failed1;
                            failed += 1;
                            let reproduce = format!(
                                "arbiter soak {} --config '{}' --game-seed {seed} --seed {}",
                                G::ID,
                                config.label,
                                o.seed
                            );
                            let name = format!("{}-{}-{seed}", G::ID, slug(&config.label));
                            let written = record.as_ref().map(|r| write_failure(&o.out, &name, r, &error, &reproduce));
                            let file = match &written {
                                Some(Ok(p)) => format!(" → {}", p.display()),
                                Some(Err(e)) => format!(" (the record could not be written: {e})"),
                                None => String::new(),
                            };
                            progress.println(format!(
                                "FAILED {} [{}] seed {seed}: {error}{file}\n  again: {reproduce}",
                                G::ID,
                                config.label
                            ));
                            if let Ok(mut f) = failures.lock() {
                                f.push(Failed {
                                    game: G::ID.into(),
                                    config: config.label.clone(),
                                    seed,
                                    error,
                                    record: written.and_then(Result::ok),
                                });
                            }
                        }
                        progress.inc(1);
                        (report, failed)
                    },
                )
                .reduce(
                    || (Report::default(), 0),
                    |(mut a, fa), (b, fb)| {
                        a.games += b.games;
                        a.decisions += b.decisions;
                        a.rolls += b.rolls;
                        a.longest = a.longest.max(b.longest);
                        a.draws += b.draws;
                        a.pending_decisions += b.pending_decisions;
                        a.deepest = a.deepest.max(b.deepest);
                        (a, fa + fb)
                    },
                )
        });
        let mut tally = Tally {
            game: G::ID.into(),
            config: config.label.clone(),
            games: seeds.len() as u64,
            failures: failed,
            seconds: started.elapsed().as_secs_f64(),
            ..Tally::default()
        };
        tally.add(&report);
        tallies.push(tally);
    }
    Ok(())
}

/// The seeds of the games to play in each configuration: games `from` to
/// `from + count` of the run, so that slices of a long run, played apart,
/// are together exactly the games of the whole run.
fn seeds(o: &Options) -> Vec<u64> {
    match o.game_seed {
        Some(s) => vec![s],
        None => (o.from..o.from.saturating_add(o.count)).map(|i| game_seed(o.seed, i)).collect(),
    }
}

/// True if `--config` picks the configuration: a filter equal to a label
/// picks that label alone, any other picks every label containing it.
fn chosen(o: &Options, label: &str) -> bool {
    o.only.is_empty() || o.only.iter().any(|f| label == f || (!o.exact.contains(f) && label.contains(f.as_str())))
}

/// The labels of a game's configurations.
fn labels<G: Soak>() -> Result<Vec<String>, Failure> {
    Ok(G::configurations().map_err(Failure::Run)?.into_iter().map(|c| c.label).collect())
}

/// The game names asked for, checked.
fn games(o: &Options) -> Result<Vec<&'static str>, Failure> {
    if o.games.is_empty() {
        return Ok(GAMES.to_vec());
    }
    o.games
        .iter()
        .map(|g| {
            let g = g.to_ascii_lowercase();
            let name = match g.as_str() {
                "essence-of-the-arcane" => "essence",
                "worlds" => "ethia-worlds",
                "ephemeral-path" | "ep" | "ephemeral-gate" => "ephemeral",
                "path-2-victory" | "path2victory" | "p2" => "p2v",
                other => other,
            };
            GAMES.iter().find(|n| **n == name).copied().ok_or_else(|| {
                Failure::Input(format!(
                    "unknown game '{}'; soak plays: {}",
                    g.chars().take(40).collect::<String>(),
                    GAMES.join(", ")
                ))
            })
        })
        .collect()
}

/// Runs `arbiter soak`.
pub fn run(o: &Options) -> Result<(), Failure> {
    let games = games(o)?;
    let mut all = Vec::new();
    for g in &games {
        all.extend(with_game!(*g, G => labels::<G>()?));
    }
    let exact: Vec<String> = o.only.iter().filter(|f| all.contains(f)).cloned().collect();
    let owned = Options { exact, ..o.clone() };
    let o = &owned;
    if let Some(f) = o.only.iter().find(|f| !all.iter().any(|l| l.contains(f.as_str()))) {
        return Err(Failure::Input(format!(
            "no configuration of {} is or contains '{}' (see `arbiter soak --list`)",
            games.join(", "),
            f.chars().take(60).collect::<String>()
        )));
    }
    if o.game_seed.is_some() && o.only.is_empty() {
        return Err(Failure::Input("--game-seed plays one game: name its configuration with --config".into()));
    }
    if o.list {
        for g in &games {
            let labels = with_game!(*g, G => labels::<G>()?);
            for l in labels.iter().filter(|l| chosen(o, l)) {
                println!("{g}\t{l}");
            }
        }
        return Ok(());
    }
    let threads = if o.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { o.threads };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| Failure::Run(e.to_string()))?;
    let mut total = 0u64;
    for g in &games {
        let n = with_game!(*g, G => labels::<G>()?.len());
        let per = if o.game_seed.is_some() { 1 } else { o.count };
        total += per * n as u64;
    }
    let progress = ProgressBar::new(total);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {per_sec}  eta {eta}  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Panics inside the rules are caught and counted; keep their messages
    // for the report instead of printing them over the progress bar.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        PANIC.with(|p| *p.borrow_mut() = Some(text));
    }));
    let started = Instant::now();
    let failures = Mutex::new(Vec::new());
    let mut tallies = Vec::new();
    let mut result = Ok(());
    for g in &games {
        let r = with_game!(*g, G => soak_game::<G>(o, &pool, &progress, &mut tallies, &failures));
        if r.is_err() {
            result = r;
            break;
        }
    }
    std::panic::set_hook(previous);
    progress.finish_and_clear();
    result?;
    let failures = failures.into_inner().unwrap_or_default();
    let seconds = started.elapsed().as_secs_f64();
    let games_played: u64 = tallies.iter().map(|t| t.games).sum();
    if o.json {
        let summary = serde_json::json!({
            "seed": o.seed,
            "from": o.from,
            "threads": threads,
            "deep_one_in": o.deep.max(1),
            "games": games_played,
            "failures": failures.len(),
            "seconds": seconds,
            "configurations": tallies,
            "failed": failures,
        });
        println!("{summary}");
    } else {
        println!(
            "{:<14} {:<34} {:>10} {:>9} {:>8} {:>10} {:>9}",
            "game", "configuration", "games", "failures", "length", "games/s", "deepest"
        );
        for t in &tallies {
            let mean = if t.games == 0 { 0.0 } else { t.decisions as f64 / t.games as f64 };
            let rate = if t.seconds > 0.0 { t.games as f64 / t.seconds } else { 0.0 };
            println!(
                "{:<14} {:<34} {:>10} {:>9} {:>8.1} {:>10.0} {:>9}",
                t.game, t.config, t.games, t.failures, mean, rate, t.deepest
            );
        }
        let slice = if o.from == 0 { String::new() } else { format!(", games from index {}", o.from) };
        println!(
            "{games_played} games, {} failed, in {seconds:.1} s on {threads} thread{} (seed {}{slice}, deep checks on 1 state in {})",
            failures.len(),
            if threads == 1 { "" } else { "s" },
            o.seed,
            o.deep.max(1)
        );
        for f in &failures {
            let file = f.record.as_ref().map(|p| format!(" → {}", p.display())).unwrap_or_default();
            println!("  FAILED {} [{}] seed {}: {}{file}", f.game, f.config, f.seed, f.error);
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::Run(format!(
            "{} of {games_played} games failed; their records are in {}",
            failures.len(),
            o.out.display()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_make_file_names() {
        assert_eq!(slug("v0.26, shipped sets"), "v0.26-shipped-sets");
        assert_eq!(slug("kingdom-of-coyote, 4 leaders"), "kingdom-of-coyote-4-leaders");
    }

    #[test]
    fn every_game_has_configurations_with_distinct_labels() {
        for labels in [
            labels::<Essence>().ok(),
            labels::<Ethia>().ok(),
            labels::<EthiaWorlds>().ok(),
            labels::<Ephemeral>().ok(),
            labels::<P2v>().ok(),
            labels::<Goofspiel>().ok(),
            labels::<KuhnPoker>().ok(),
        ] {
            let labels = labels.unwrap_or_default();
            assert!(!labels.is_empty());
            let mut unique = labels.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), labels.len(), "{labels:?}");
        }
    }

    /// Slices of a run are the run: `--from 3 --games 4` plays games 3 to 6
    /// of `--games 7`, and one `--game-seed` plays that game alone.
    #[test]
    fn slices_of_a_run_play_the_games_of_the_whole_run() {
        let o = |from, count, game_seed| Options {
            games: Vec::new(),
            count,
            from,
            seed: 18,
            threads: 1,
            only: Vec::new(),
            exact: Vec::new(),
            deep: 32,
            out: PathBuf::new(),
            list: false,
            game_seed,
            json: false,
        };
        let whole = seeds(&o(0, 7, None));
        assert_eq!(whole.len(), 7);
        let mut parts = seeds(&o(0, 3, None));
        parts.extend(seeds(&o(3, 4, None)));
        assert_eq!(parts, whole);
        assert_eq!(seeds(&o(5, 1, None)), vec![whole[5]]);
        assert_eq!(seeds(&o(5, 9, Some(42))), vec![42]);
        assert_eq!(seeds(&o(u64::MAX, 3, None)).len(), 0, "a slice past the end is empty, not a panic");
    }

    /// CI's sample: a few games of every configuration of every game, with
    /// deep checks on one state in four.
    #[test]
    fn a_sample_of_every_configuration_plays_cleanly() {
        const GAMES_EACH: u64 = 8;
        fn sample<G: Soak>() -> Vec<String> {
            let checks = Checks { deep_one_in: 4, seed_check_one_in: 1, actions_to_try: 8, ..Checks::default() };
            let mut failed = Vec::new();
            for config in G::configurations().unwrap() {
                let mut report = Report::default();
                let before = failed.len();
                for i in 0..GAMES_EACH {
                    let seed = game_seed(18, i);
                    if let Err(f) = play_one(&config, seed, &checks, &mut report) {
                        failed.push(format!("{} [{}] seed {seed}: {}", G::ID, config.label, f.0));
                    }
                }
                assert_eq!(report.games as u64 + (failed.len() - before) as u64, GAMES_EACH);
            }
            failed
        }
        let mut failed = sample::<Essence>();
        failed.extend(sample::<Ethia>());
        failed.extend(sample::<EthiaWorlds>());
        failed.extend(sample::<Ephemeral>());
        failed.extend(sample::<P2v>());
        failed.extend(sample::<Goofspiel>());
        failed.extend(sample::<KuhnPoker>());
        assert!(failed.is_empty(), "{failed:#?}");
    }
}
