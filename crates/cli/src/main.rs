//! The `arbiter` command: play a game in the terminal, run simulations and
//! tournaments, count positions with perft, replay recorded games, check
//! Ephemeral figure sets and Path 2 Victory warbands (`build`), and run the
//! game server (`serve`).
//!
//! Exit codes: 0 success, 1 a failure while running, 2 bad input (arguments,
//! files, positions).

mod build;
mod ephemeral_view;
mod essence_view;
mod ethia_view;
mod grid;
mod lab;
mod play;
mod replay;
mod sim;
mod soak;
mod tournament;
mod view;
mod warband;
mod worlds_view;

use arbiter_ai::BotSpec;
use arbiter_core::{Entry, Game, OptionKind};
use arbiter_essence::Essence;
use arbiter_games::Visitor;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arbiter: a rules-enforcing referee and game table for tabletop games.
#[derive(Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal, against the AI or another person.
    #[command(
        after_help = "Examples:\n  arbiter play essence\n  arbiter play essence --variant loop,determined --vs alphabeta --think 2\n  arbiter play essence --vs human\n  arbiter play essence --load game.json\n  arbiter play ephemeral --edition v0.26 --set1 my-set.toml --set2 tide-wardens --vs heuristic"
    )]
    Play {
        /// The game: its id or an alias (the games are listed by `arbiter --help`).
        game: String,
        /// Variant switches and options, comma-separated (essence: determined, loop, summoning,
        /// fast; ethia: mode=battle; goofspiel: cards=5,order=descending); every option with a
        /// value is also a flag of its own (--mode battle), listed below.
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Number of players (E'thia: 2, 3 or 4; E'thia Worlds: 1 to 4; default 2, Worlds 1).
        #[arg(long)]
        players: Option<usize>,
        /// The opponent: auto (the strongest bot for the game), human, random,
        /// greedy, heuristic[:depth=D,time=S,nodes=N], mcts[:iters=N,time=S,threads=T,depth=D,c=X]
        /// or alphabeta[:time=S,nodes=N,depth=D] (games without dice or secrets).
        #[arg(long, default_value = "auto")]
        vs: String,
        /// Seconds the AI thinks per decision.
        #[arg(long, default_value_t = 1.0)]
        think: f64,
        /// Type in what real dice show instead of rolling seeded dice.
        #[arg(long)]
        manual_dice: bool,
        /// Which seat you play: 1 moves first.
        #[arg(long = "as", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
        seat: u8,
        /// Seed for the dice and the AI.
        #[arg(long)]
        seed: Option<u64>,
        /// Resume a saved game record.
        #[arg(long)]
        load: Option<PathBuf>,
    },
    /// Play many bot-against-bot games and summarise the results.
    #[command(
        after_help = "Results are identical for identical seeds whatever --threads is, for bots limited by iterations\n(mcts:iters=N, alphabeta:nodes=N, random, greedy); time-limited bots vary with the machine."
    )]
    Sim {
        /// The game: its id or an alias (the games are listed by `arbiter --help`).
        game: String,
        /// Variant switches and options, comma-separated (see `arbiter play --help`).
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Number of players; with teams, --p1 plays every seat of one side and --p2 the other's.
        #[arg(long)]
        players: Option<usize>,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game; every game's seed derives from it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bot in seat 1 (moves first): random, greedy, heuristic[:…],
        /// mcts[:…] or alphabeta[:…].
        #[arg(long, default_value = "random")]
        p1: String,
        /// The bot in seat 2: random, greedy, heuristic[:…], mcts[:…] or alphabeta[:…].
        #[arg(long, default_value = "random")]
        p2: String,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seconds per decision for search bots without their own limit.
        #[arg(long, default_value_t = 0.1)]
        think: f64,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
        /// Where the records of failing games are written (a failing game never stops the run).
        #[arg(long, default_value = "sim-failures")]
        out: PathBuf,
    },
    /// Random games across every configuration of every game, checked at every step.
    #[command(
        after_help = "Every step checks the core's invariants: a seat that owes a decision has a legal action and the\nrandom draw finds one, refused decisions change nothing, games on the resolution core keep their\npending stack consistent; a sample of states is read back from JSON, and every finished record\nreplays to the same end. A failing game is counted, its seed printed, and its record up to the\nfailing state written to --out (open it with `arbiter replay`). Exit code 1 if any game failed.\n\nExamples:\n  arbiter soak --games 1000                      # every game, every configuration\n  arbiter soak ephemeral --config random --games 100000\n  arbiter soak ethia --config 'battle, 2 players' --from 200000 --games 100000   # one slice of a long run\n  arbiter soak --list\n  arbiter soak ephemeral --config 'v0.26, shipped sets' --game-seed 123   # one game again"
    )]
    Soak {
        /// The games (essence, ethia, ethia-worlds, ephemeral, p2v, goofspiel, kuhn); all of them if none is named.
        #[arg(value_name = "GAME")]
        names: Vec<String>,
        /// Games per configuration.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Index of the first game: `--from 500000 --games 500000` plays the second half of a
        /// 10⁶-game run, the very games the whole run would play.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// Seed of the run; every game's seed derives from it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games played at once (default: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Only configurations with this label, or whose label contains it (repeatable; see --list).
        #[arg(long = "config")]
        only: Vec<String>,
        /// Deep checks (JSON and state files, observations, listed actions) on one state in N.
        #[arg(long, default_value_t = 32)]
        deep: u32,
        /// Where the records of failing games are written.
        #[arg(long, default_value = "soak-failures")]
        out: PathBuf,
        /// List the configurations and stop.
        #[arg(long)]
        list: bool,
        /// Play only the game with this seed, in the configuration given by --config.
        #[arg(long)]
        game_seed: Option<u64>,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A round robin between bots, printed as a Markdown table.
    #[command(
        after_help = "Example (the table in docs/ai.md):\n  arbiter tournament essence --bot random --bot greedy --bot mcts:time=0.1 --bot alphabeta:time=0.1 --games 200 --threads 2"
    )]
    Tournament {
        /// The game: its id or an alias (the games are listed by `arbiter --help`).
        game: String,
        /// Variant switches and options, comma-separated (see `arbiter play --help`).
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Number of players.
        #[arg(long)]
        players: Option<usize>,
        /// A bot (repeat for each entrant).
        #[arg(long = "bot", required = true)]
        bots: Vec<String>,
        /// Games per pairing; half are played with sides swapped.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// Seed of the run.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seconds per decision for search bots without their own limit.
        #[arg(long, default_value_t = 0.1)]
        think: f64,
    },
    /// Count decision sequences and distinct positions to a depth in turns.
    Perft {
        /// The game: essence (perft is defined for Essence only).
        game: String,
        /// Start position in the game's notation, or "start".
        #[arg(long, default_value = "start")]
        position: String,
        /// Depth in turns.
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// Variant switches, comma-separated.
        #[arg(long, default_value = "standard")]
        variant: String,
    },
    /// Check an Ephemeral Path figure set or a Path 2 Victory warband, and print its sheets.
    #[command(
        after_help = "Ephemeral (the default): FILE is a figure-set file (.toml or .json; see docs/figure-sets.md) or the\nname of a set shipped with Arbiter: ember-court, tide-wardens, glass-orchard, lantern-pact, salt-and-iron,\nquarry-guild, gatewrights, starfall-choir, mire-stalkers.\n\nPath 2 Victory (--game p2v): FILE is a warband file (.toml or .json; see docs/warbands.md) or the name\nof a warband shipped with Arbiter: kobold-ambush, thornwood-raiders, beasts-of-the-vale, oni-tyrant,\nold-wood-brawlers, briar-skirmishers, scuttling-horde, soothsayers-circle.\nCreatures come from the starter bestiary, plus those of --bestiary (Arbiter's TOML card format)\nand --import (the public card JSON format); a card from a file replaces a starter card of its name.\n\nExit codes: 0 legal, 1 illegal (every violation is listed), 2 unreadable.\n\nExamples:\n  arbiter build ember-court\n  arbiter build my-set.toml --edition v0.20 --sheet my-set.html\n  arbiter build --game p2v kobold-ambush --sheet kobolds.html\n  arbiter build --game p2v my-warband.toml --import cards.json"
    )]
    Build {
        /// A figure-set file or shipped set's name; with --game p2v, a warband file or shipped warband's name.
        file: String,
        /// The game: ephemeral (the default) or p2v (Path 2 Victory).
        #[arg(long, default_value = "ephemeral")]
        game: String,
        /// Ephemeral: the rules edition, v0.26 (Ephemeral Path) or v0.20 (Ephemeral Gate); default: the file's, else v0.26.
        #[arg(long)]
        edition: Option<String>,
        /// Write printable sheets (one HTML page) to this file.
        #[arg(long, value_name = "OUT.html")]
        sheet: Option<PathBuf>,
        /// Path 2 Victory: a bestiary file (TOML) whose creatures join the starter bestiary.
        #[arg(long, value_name = "FILE")]
        bestiary: Option<PathBuf>,
        /// Path 2 Victory: a card file in the public JSON format whose creatures join the starter bestiary.
        #[arg(long = "import", value_name = "CARDS.json")]
        import: Option<PathBuf>,
    },
    /// Run the game server: the REST + WebSocket API of docs/api.md, with
    /// matches stored in a SQLite file or a PostgreSQL database.
    #[command(
        after_help = "Every accepted action is committed to the database before it is acknowledged; on restart,\nunfinished matches are loaded again. The web app (built into web/dist: see docs/web.md) is\nserved at / and the API under /api; /healthz and /metrics (Prometheus) are for operators.\nSIGTERM shuts down gracefully. Deployment, limits and backups: docs/deploy.md.\n\nExamples:\n  arbiter serve --port 8080 --database arbiter.db\n  arbiter serve --database postgres://arbiter:secret@127.0.0.1/arbiter   # several servers may share it"
    )]
    Serve {
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Where matches are stored: a SQLite file (in the working directory by default) or a postgres:// URL.
        #[arg(long, default_value = "arbiter.db", value_name = "URL")]
        database: String,
        /// The built web app to serve at / (default: $ARBITER_WEB, else web/dist).
        #[arg(long, value_name = "DIR")]
        web: Option<PathBuf>,
        /// Serve the balance laboratory's HTML reports of this directory at /reports (default:
        /// $ARBITER_REPORTS, else docs/balance if the working directory has one).
        #[arg(long, value_name = "DIR")]
        reports: Option<PathBuf>,
        /// Accept a chosen seed for any match, even between two people (for tests and private
        /// servers only: whoever knows a seed knows every roll). By default a seed may be chosen
        /// only for a match with at most one human seat.
        #[arg(long)]
        any_seed: bool,
        /// Host matches between bots only (no human or open seat). Off by default: on a public
        /// server they would only use the machine; tests and demonstrations turn them on.
        #[arg(long)]
        allow_bot_matches: bool,
        /// Seconds a connection has to send a whole request header, from connecting or from its
        /// previous answer: slow headers and idle keep-alive connections are closed (0: never).
        #[arg(long, default_value_t = 20.0, value_name = "SECS")]
        header_timeout: f64,
        /// Seconds a request has, once its header is in, to send its whole body (a late body
        /// gets a 408 and the connection is closed; 0: never).
        #[arg(long, default_value_t = 20.0, value_name = "SECS")]
        body_timeout: f64,
        /// Seconds between WebSocket pings; a socket that answered nothing since the previous
        /// ping is closed as a dead peer (0: no pings).
        #[arg(long, default_value_t = 30.0, value_name = "SECS")]
        ping_interval: f64,
        /// A reverse proxy's address whose X-Forwarded-For is believed for the per-address
        /// limits (repeat for several proxies); its own connections count only overall.
        #[arg(long = "trusted-proxy", value_name = "IP")]
        trusted_proxies: Vec<std::net::IpAddr>,
        /// Open connections at most (HTTP and WebSocket), kept below the descriptor limit.
        #[arg(long, default_value_t = 4096, value_name = "N")]
        max_connections: usize,
        /// Open connections at most from one client address.
        #[arg(long, default_value_t = 64, value_name = "N")]
        max_per_address: usize,
        /// Open WebSockets at most (each idle one costs memory: docs/performance.md).
        #[arg(long, default_value_t = 2048, value_name = "N")]
        max_sockets: usize,
        /// Seconds a shutdown (SIGTERM, Ctrl-C) waits for actions in flight and thinking bots.
        #[arg(long, default_value_t = 5.0, value_name = "SECS")]
        shutdown_timeout: f64,
        /// Start without checking the SQLite file's integrity (PRAGMA quick_check) first.
        #[arg(long)]
        skip_integrity_check: bool,
    },
    /// A sandbox for Path 2 Victory's battle grid: place figures on a battle map and ask
    /// about sight, effect, cover, areas, reach, paths and flanking.
    #[command(
        after_help = "MAP is a battle-map file (.toml; see docs/grid.md) or a shipped map's name: ruined-crossroads,\nriver-ford, broken-hills, or a terrain tile (dragon-bones, four-pillars, command-center, mushroom-growth,\ncrumbling-ruin, watchtower, donjon). Commands are read from standard input; type help.\n\nExample:\n  arbiter grid ruined-crossroads"
    )]
    Grid {
        /// A battle-map file or a shipped map's name.
        map: String,
    },
    /// The balance laboratory: run experiment files and draw their reports (docs/lab.md).
    #[command(subcommand)]
    Lab(LabCommand),
    /// Step through a recorded game.
    Replay {
        /// A game record (JSON), as saved by `arbiter play`.
        file: PathBuf,
        /// Wait for Enter after each decision (b goes back, q quits).
        #[arg(long)]
        step: bool,
    },
}

/// `arbiter lab …`.
#[derive(Subcommand)]
enum LabCommand {
    /// Play an experiment's missing games on every core, storing each as it finishes.
    #[command(
        after_help = "Stop it at any time (Ctrl-C); run it again to go on where it stopped: no game is lost or played twice.\nThe results go to the file the experiment names (by default FILE's name with .results.sqlite).\nExit codes: 0 done, 1 a failure while running (or failed games), 2 a bad experiment file (nothing written), or with --ray no Python with the arbiter package and Ray.\n\nExamples:\n  arbiter lab run docs/balance/essence-first-player.toml\n  arbiter lab run docs/balance/essence-first-player.toml --ray auto"
    )]
    Run {
        /// The experiment file (TOML; see docs/lab.md).
        file: PathBuf,
        /// Games played at once (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// The results file, instead of the one the experiment names.
        #[arg(long)]
        results: Option<PathBuf>,
        /// Spread the games over a Ray cluster at this address ('auto', 'ray://HOST:10001', or
        /// 'local' to start one here), through Python's `python3 -m arbiter.lab` (the arbiter
        /// wheel and Ray installed; ARBITER_PYTHON names another Python; see docs/lab.md).
        #[arg(long, value_name = "ADDRESS")]
        ray: Option<String>,
        /// Games per Ray task (with --ray).
        #[arg(long, default_value_t = 16, requires = "ray")]
        batch: usize,
    },
    /// Write an experiment's report: one HTML page with SVG plots and their numbers.
    Report {
        /// The experiment file.
        file: PathBuf,
        /// Where to write the report (default: FILE with .html).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The results file, instead of the one the experiment names.
        #[arg(long)]
        results: Option<PathBuf>,
    },
}

/// The games' options (from the registration table) as flags of `play`,
/// `sim` and `tournament`: one per option key, with every game's help.
fn command() -> clap::Command {
    let mut keys: Vec<(&'static str, Vec<String>, bool)> = Vec::new();
    for game in arbiter_games::list() {
        for o in game.about.options {
            let help = format!("{}: {}", game.id, o.help);
            let flag = matches!(o.kind, OptionKind::Flag);
            match keys.iter_mut().find(|(k, _, _)| *k == o.key) {
                Some((_, helps, _)) => helps.push(help),
                None => keys.push((o.key, vec![help], flag)),
            }
        }
    }
    let games: Vec<String> = arbiter_games::list()
        .iter()
        .map(|g| match g.about.aliases {
            [] => format!("  {:<14} {}", g.id, g.name),
            aliases => format!("  {:<14} {} (also {})", g.id, g.name, aliases.join(", ")),
        })
        .collect();
    let mut cmd = Cli::command().after_help(format!("Games:\n{}", games.join("\n")));
    for sub in ["play", "sim", "tournament"] {
        cmd = cmd.mut_subcommand(sub, |mut s| {
            for (key, helps, flag) in &keys {
                // Leaked once at start-up: clap wants the long name for the program's life.
                let long: &'static str = Box::leak(key.replace('_', "-").into_boxed_str());
                let arg = clap::Arg::new(*key).long(long).help(helps.join("; ")).help_heading("Game options");
                s = s.arg(if *flag { arg.action(clap::ArgAction::SetTrue) } else { arg.value_name("VALUE") });
            }
            s
        });
    }
    cmd
}

/// The game options given on the command line, as (key, value); a flag's
/// value is empty.
fn given_options(matches: &clap::ArgMatches) -> Vec<(&'static str, String)> {
    let mut given = Vec::new();
    for game in arbiter_games::list() {
        for o in game.about.options {
            if given.iter().any(|(k, _)| *k == o.key) {
                continue;
            }
            match o.kind {
                OptionKind::Flag => {
                    if matches.try_get_one::<bool>(o.key).ok().flatten().copied().unwrap_or(false) {
                        given.push((o.key, String::new()));
                    }
                }
                _ => {
                    if let Some(v) = matches.try_get_one::<String>(o.key).ok().flatten() {
                        given.push((o.key, v.clone()));
                    }
                }
            }
        }
    }
    given
}

/// Runs the game server until Ctrl-C or SIGTERM.
#[allow(clippy::too_many_arguments)]
fn serve(
    host: &str,
    port: u16,
    database: String,
    web: Option<PathBuf>,
    any_seed: bool,
    allow_bot_matches: bool,
    connections: arbiter_server::ConnectionLimits,
    integrity_check: bool,
) -> Result<(), Failure> {
    for (name, secs) in [
        ("--header-timeout", connections.header_seconds),
        ("--body-timeout", connections.body_seconds),
        ("--ping-interval", connections.ping_seconds),
        ("--shutdown-timeout", connections.shutdown_seconds),
    ] {
        if !secs.is_finite() || secs < 0.0 {
            return Err(Failure::Input(format!("{name} needs a number of seconds, 0 or more")));
        }
    }
    if connections.max_connections == 0 || connections.per_address == 0 || connections.max_sockets == 0 {
        return Err(Failure::Input("--max-connections, --max-per-address and --max-sockets need at least 1".into()));
    }
    let ip: std::net::IpAddr = host
        .parse()
        .map_err(|_| Failure::Input(format!("'{}' is not an IP address", host.chars().take(40).collect::<String>())))?;
    if let Some(dir) = web {
        arbiter_server::http::set_web_dir(dir);
    }
    let config = arbiter_server::ServerConfig {
        addr: std::net::SocketAddr::new(ip, port),
        database,
        chosen_seeds: if any_seed { arbiter_server::ChosenSeeds::Any } else { arbiter_server::ChosenSeeds::Solo },
        bots: arbiter_server::BotLimits { bot_matches: allow_bot_matches, ..arbiter_server::BotLimits::default() },
        connections,
        integrity_check,
        ..arbiter_server::ServerConfig::default()
    };
    arbiter_server::serve_blocking(config).map_err(|e| Failure::Run(e.to_string()))
}

/// An error with the exit code it deserves.
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// Something failed while running: exit code 1.
    Run(String),
}

/// Lets a closed pipe end the program quietly, as for any Unix command
/// (`arbiter replay game.json | head`), instead of a panic in `println!`.
#[cfg(unix)]
#[allow(unsafe_code)]
fn quiet_broken_pipe() {
    // SAFETY: restoring the default SIGPIPE disposition at start-up, before
    // any thread exists, touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_broken_pipe() {}

/// What a command does with the game's type, once the game is known.
enum Run {
    Play(play::Options),
    Sim(sim::Options),
    Tournament(tournament::Options),
}

/// Runs a command for the game named on the command line.
struct Dispatch {
    run: Option<Run>,
    variant: String,
    options: Vec<(&'static str, String)>,
    players: Option<usize>,
}

impl Visitor for Dispatch {
    type Output = Result<(), Failure>;

    fn visit<G: Entry>(&mut self) -> Result<(), Failure> {
        let variant = variant_text::<G>(&self.variant, &self.options)?;
        let seats = self.players.unwrap_or_else(arbiter_games::default_seats::<G>);
        match self.run.take() {
            Some(Run::Play(o)) => play::run::<G>(&play::Options { variant, seats, ..o }),
            Some(Run::Sim(o)) => sim::run::<G>(&sim::Options { variant, seats, ..o }),
            Some(Run::Tournament(o)) => tournament::run::<G>(&tournament::Options { variant, seats, ..o }),
            None => Ok(()),
        }
    }
}

/// Runs `run` for the game named `game`.
fn dispatch(
    game: &str,
    run: Run,
    variant: String,
    players: Option<usize>,
    matches: &clap::ArgMatches,
) -> Result<(), Failure> {
    let options = given_options(matches);
    let mut d = Dispatch { run: Some(run), variant, options, players };
    arbiter_games::find(game, &mut d).unwrap_or_else(|| {
        Err(Failure::Input(format!(
            "unknown game '{}'; this build plays: {}",
            game.chars().take(40).collect::<String>(),
            arbiter_games::ids().join(", ")
        )))
    })
}

fn main() -> ExitCode {
    quiet_broken_pipe();
    let matches = command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let sub = matches.subcommand().map(|(_, m)| m.clone()).unwrap_or_default();
    let result = match cli.command {
        Command::Play { game, variant, players, vs, think, manual_dice, seat, seed, load } => {
            let o = play::Options {
                variant: String::new(),
                opponent: vs,
                think,
                manual_dice,
                human: seat - 1,
                seats: 0,
                seed,
                load,
            };
            dispatch(&game, Run::Play(o), variant, players, &sub)
        }
        Command::Sim { game, variant, players, games, seed, p1, p2, threads, think, json, out } => {
            let o = sim::Options { variant: String::new(), games, seed, p1, p2, seats: 0, threads, think, json, out };
            dispatch(&game, Run::Sim(o), variant, players, &sub)
        }
        Command::Soak { names, games, from, seed, threads, only, deep, out, list, game_seed, json } => {
            soak::run(&soak::Options {
                games: names,
                count: games,
                from,
                seed,
                threads,
                only,
                exact: Vec::new(),
                deep,
                out,
                list,
                game_seed,
                json,
            })
        }
        Command::Tournament { game, variant, players, bots, games, seed, threads, think } => {
            let o = tournament::Options { variant: String::new(), bots, games, seed, threads, think, seats: 0 };
            dispatch(&game, Run::Tournament(o), variant, players, &sub)
        }
        Command::Perft { game, position, depth, variant } => match game.to_ascii_lowercase().as_str() {
            "essence" | "essence-of-the-arcane" => perft_essence(&position, depth, &variant),
            _ => Err(Failure::Input("perft is defined for essence only".into())),
        },
        Command::Build { file, game, edition, sheet, bestiary, import } => {
            build::run(&build::Options { file, game, edition, sheet, bestiary, import })
        }
        Command::Serve {
            port,
            host,
            database,
            web,
            reports,
            any_seed,
            header_timeout,
            body_timeout,
            ping_interval,
            trusted_proxies,
            max_connections,
            max_per_address,
            max_sockets,
            shutdown_timeout,
            skip_integrity_check,
            allow_bot_matches,
        } => {
            let connections = arbiter_server::ConnectionLimits {
                header_seconds: header_timeout,
                body_seconds: body_timeout,
                ping_seconds: ping_interval,
                trusted_proxies,
                max_connections,
                per_address: max_per_address,
                max_sockets,
                shutdown_seconds: shutdown_timeout,
                ..arbiter_server::ConnectionLimits::default()
            };
            if let Some(dir) = reports {
                arbiter_server::reports::set_reports_dir(dir);
            }
            serve(&host, port, database, web, any_seed, allow_bot_matches, connections, !skip_integrity_check)
        }
        Command::Replay { file, step } => replay::run(&file, step),
        Command::Lab(LabCommand::Run { file, threads, results, ray: None, .. }) => lab::run(&file, threads, results),
        Command::Lab(LabCommand::Run { file, results, ray: Some(address), batch, .. }) => {
            lab::run_ray(&file, &address, batch, results)
        }
        Command::Lab(LabCommand::Report { file, out, results }) => lab::report(&file, out, results),
        Command::Grid { map } => grid::run(&map, &mut std::io::stdin().lock()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Run(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// The variant text for `G`: `--variant` and the game options given as
/// flags, each checked against `G`'s options.
fn variant_text<G: Entry>(variant: &str, options: &[(&'static str, String)]) -> Result<String, Failure> {
    let about = G::about();
    let mut parts: Vec<String> = vec![variant.to_string()];
    for (key, value) in options {
        let flag = format!("--{}", key.replace('_', "-"));
        let Some(option) = about.option(key) else {
            let owners: Vec<&str> =
                arbiter_games::list().iter().filter(|l| l.about.option(key).is_some()).map(|l| l.id).collect();
            return Err(Failure::Input(format!("{flag} is an option of {}, not of {}", owners.join(", "), G::ID)));
        };
        match option.kind {
            OptionKind::Flag => parts.push(key.to_string()),
            OptionKind::Choice { choices } => {
                if !choices.iter().any(|c| !c.value.is_empty() && c.value.eq_ignore_ascii_case(value)) {
                    let names: Vec<&str> = choices.iter().map(|c| c.value).filter(|v| !v.is_empty()).collect();
                    let list = match names.split_last() {
                        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                        _ => names.join(""),
                    };
                    return Err(Failure::Input(format!(
                        "{flag} is {list}, not '{}'",
                        value.chars().take(30).collect::<String>()
                    )));
                }
                parts.push(format!("{key}={value}"));
            }
            OptionKind::Number { min, max, .. } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => parts.push(format!("{key}={n}")),
                _ => {
                    return Err(Failure::Input(format!(
                        "{flag} is a number from {min} to {max}, not '{}'",
                        value.chars().take(30).collect::<String>()
                    )));
                }
            },
            OptionKind::File { .. } => parts.push(format!("{key}={value}")),
        }
    }
    let text = parts.iter().filter(|p| !p.is_empty() && p.as_str() != "standard").cloned().collect::<Vec<_>>();
    Ok(text.join(","))
}

/// Parses a bot description, as bad input on failure.
pub fn parse_bot(text: &str) -> Result<BotSpec, Failure> {
    text.parse::<BotSpec>().map_err(|e| Failure::Input(e.to_string()))
}

fn perft_essence(position: &str, depth: u32, variant: &str) -> Result<(), Failure> {
    use arbiter_essence::{State, Variant, perft::perft};
    let variant = Variant::parse(variant).map_err(Failure::Input)?;
    let game = Essence::new(variant, 2).map_err(|e| Failure::Input(e.to_string()))?;
    let state = if position == "start" {
        game.initial_state()
    } else {
        let s: State = position.parse().map_err(|e| Failure::Input(format!("bad position: {e}")))?;
        game.validate_state(&s).map_err(|e| Failure::Input(format!("bad position: {e}")))?;
        s
    };
    let started = std::time::Instant::now();
    let p = perft(&game, &state, depth);
    println!("position   {state}");
    println!("depth      {depth} turn(s)");
    println!("sequences  {}", p.sequences);
    println!("positions  {}", p.positions);
    eprintln!("time       {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}
