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
mod play;
mod replay;
mod sim;
mod soak;
mod tournament;
mod view;
mod warband;
mod worlds_view;

use arbiter_ai::BotSpec;
use arbiter_core::Game;
use arbiter_ephemeral::Ephemeral;
use arbiter_essence::Essence;
use arbiter_ethia::Ethia;
use arbiter_ethia::worlds::EthiaWorlds;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use view::TerminalGame;

/// Runs `$body` with `$G` bound to the game type named by `$name`.
macro_rules! with_game {
    ($name:expr, $G:ident => $body:block) => {
        match $name.to_ascii_lowercase().as_str() {
            "essence" | "essence-of-the-arcane" => {
                type $G = Essence;
                (|| -> Result<(), Failure> { $body })()
            }
            "ethia" => {
                type $G = Ethia;
                (|| -> Result<(), Failure> { $body })()
            }
            "ethia-worlds" | "worlds" => {
                type $G = EthiaWorlds;
                (|| -> Result<(), Failure> { $body })()
            }
            "ephemeral" | "ephemeral-path" | "ep" | "ephemeral-gate" => {
                type $G = Ephemeral;
                (|| -> Result<(), Failure> { $body })()
            }
            other => Err(Failure::Input(format!(
                "unknown game '{}'; this build plays: essence, ethia, ethia-worlds, ephemeral",
                other.chars().take(40).collect::<String>()
            ))),
        }
    };
}

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
        /// The game: essence, ethia, ethia-worlds or ephemeral.
        game: String,
        /// Variant switches, comma-separated (essence: determined, loop, summoning, fast;
        /// ethia: standard-deployment, alternating; ephemeral: v0.26 or v0.20).
        #[arg(long, default_value = "standard")]
        variant: String,
        #[command(flatten)]
        flags: GameFlags,
        /// Number of players (E'thia: 2, 3 or 4; E'thia Worlds: 1 to 4; default 2, Worlds 1).
        #[arg(long)]
        players: Option<usize>,
        /// The opponent: auto (the strongest bot for the game), human, random,
        /// greedy, heuristic[:depth=D], mcts[:iters=N,time=S,threads=T,depth=D,c=X]
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
        /// The game: essence, ethia, ethia-worlds or ephemeral.
        game: String,
        /// Variant switches, comma-separated.
        #[arg(long, default_value = "standard")]
        variant: String,
        #[command(flatten)]
        flags: GameFlags,
        /// Number of players; with teams, --p1 plays every seat of one side and --p2 the other's.
        #[arg(long)]
        players: Option<usize>,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game; every game's seed derives from it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bot in seat 1 (moves first): random, greedy, heuristic[:depth=D],
        /// mcts[:…] or alphabeta[:…].
        #[arg(long, default_value = "random")]
        p1: String,
        /// The bot in seat 2: random, greedy, heuristic[:depth=D], mcts[:…] or alphabeta[:…].
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
        after_help = "Every step checks the core's invariants: a seat that owes a decision has a legal action and the\nrandom draw finds one, refused decisions change nothing, games on the resolution core keep their\npending stack consistent; a sample of states is read back from JSON, and every finished record\nreplays to the same end. A failing game is counted, its seed printed, and its record up to the\nfailing state written to --out (open it with `arbiter replay`). Exit code 1 if any game failed.\n\nExamples:\n  arbiter soak --games 1000                      # every game, every configuration\n  arbiter soak ephemeral --config random --games 100000\n  arbiter soak --list\n  arbiter soak ephemeral --config 'v0.26, shipped sets' --game-seed 123   # one game again"
    )]
    Soak {
        /// The games (essence, ethia, ethia-worlds, ephemeral); all of them if none is named.
        #[arg(value_name = "GAME")]
        names: Vec<String>,
        /// Games per configuration.
        #[arg(long, default_value_t = 1000)]
        games: u64,
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
        /// The game: essence, ethia, ethia-worlds or ephemeral.
        game: String,
        /// Variant switches, comma-separated.
        #[arg(long, default_value = "standard")]
        variant: String,
        #[command(flatten)]
        flags: GameFlags,
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
        after_help = "Ephemeral (the default): FILE is a figure-set file (.toml or .json; see docs/figure-sets.md) or the\nname of a set shipped with Arbiter: ember-court, tide-wardens, glass-orchard, lantern-pact, salt-and-iron,\nquarry-guild, gatewrights, starfall-choir, mire-stalkers.\n\nPath 2 Victory (--game p2v): FILE is a warband file (.toml or .json; see docs/warbands.md) or the name\nof a warband shipped with Arbiter: kobold-ambush, thornwood-raiders, beasts-of-the-vale, oni-tyrant.\nCreatures come from the starter bestiary, plus those of --bestiary (Arbiter's TOML card format)\nand --import (the public card JSON format); a card from a file replaces a starter card of its name.\n\nExit codes: 0 legal, 1 illegal (every violation is listed), 2 unreadable.\n\nExamples:\n  arbiter build ember-court\n  arbiter build my-set.toml --edition v0.20 --sheet my-set.html\n  arbiter build --game p2v kobold-ambush --sheet kobolds.html\n  arbiter build --game p2v my-warband.toml --import cards.json"
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
        after_help = "Every accepted action is committed to the database before it is acknowledged; on restart,\nunfinished matches are loaded again. The web app (built into web/dist: see docs/web.md) is\nserved at / and the API under /api.\n\nExamples:\n  arbiter serve --port 8080 --database arbiter.db\n  arbiter serve --database postgres://arbiter:secret@127.0.0.1/arbiter   # several servers may share it"
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
    /// Step through a recorded game.
    Replay {
        /// A game record (JSON), as saved by `arbiter play`.
        file: PathBuf,
        /// Wait for Enter after each decision (b goes back, q quits).
        #[arg(long)]
        step: bool,
    },
}

/// Options that belong to one game and become variant switches.
#[derive(clap::Args, Clone, Default)]
pub struct GameFlags {
    /// E'thia: skirmish or battle.
    #[arg(long)]
    pub mode: Option<String>,
    /// E'thia: fix the wall option (fixed, standard or custom) instead of letting the roll-off winner choose.
    #[arg(long)]
    pub walls: Option<String>,
    /// E'thia Worlds: a built-in quest's id (kingdom-of-coyote) or a quest file (.toml).
    #[arg(long)]
    pub quest: Option<String>,
    /// E'thia Worlds: how many leaders go on the adventure (1–4; default: as many as the quest is built for).
    #[arg(long)]
    pub leaders: Option<u8>,
    /// E'thia Worlds: a party file of leader cards (`[[leader]]` tables; see docs/quests.md).
    #[arg(long)]
    pub party: Option<String>,
    /// Ephemeral: the rules edition, v0.26 (Ephemeral Path, the default) or v0.20 (Ephemeral Gate).
    #[arg(long)]
    pub edition: Option<String>,
    /// Ephemeral: P1's figure set, a file (.toml or .json) or a shipped set's name (default ember-court).
    #[arg(long, value_name = "FILE|NAME")]
    pub set1: Option<String>,
    /// Ephemeral: P2's figure set, a file or a shipped set's name (default tide-wardens).
    #[arg(long, value_name = "FILE|NAME")]
    pub set2: Option<String>,
    /// Ephemeral: the five terrain pieces, a kit file (.toml; see docs/figure-sets.md); default: the standard kit.
    #[arg(long, value_name = "FILE")]
    pub terrain: Option<String>,
}

/// Runs the game server until Ctrl-C.
fn serve(host: &str, port: u16, database: String, web: Option<PathBuf>) -> Result<(), Failure> {
    let ip: std::net::IpAddr = host
        .parse()
        .map_err(|_| Failure::Input(format!("'{}' is not an IP address", host.chars().take(40).collect::<String>())))?;
    if let Some(dir) = web {
        arbiter_server::http::set_web_dir(dir);
    }
    let config = arbiter_server::ServerConfig {
        addr: std::net::SocketAddr::new(ip, port),
        database,
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

fn main() -> ExitCode {
    quiet_broken_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play { game, variant, flags, players, vs, think, manual_dice, seat, seed, load } => {
            with_game!(&game, G => {
                let o = play::Options {
                    variant: variant_text::<G>(&variant, &flags)?,
                    opponent: vs.clone(),
                    think,
                    manual_dice,
                    human: seat - 1,
                    seats: players.unwrap_or(G::DEFAULT_SEATS),
                    seed,
                    load: load.clone(),
                };
                play::run::<G>(&o)
            })
        }
        Command::Sim { game, variant, flags, players, games, seed, p1, p2, threads, think, json, out } => {
            with_game!(&game, G => {
                let o = sim::Options {
                    variant: variant_text::<G>(&variant, &flags)?,
                    games,
                    seed,
                    p1: p1.clone(),
                    p2: p2.clone(),
                    seats: players.unwrap_or(G::DEFAULT_SEATS),
                    threads,
                    think,
                    json,
                    out: out.clone(),
                };
                sim::run::<G>(&o)
            })
        }
        Command::Soak { names, games, seed, threads, only, deep, out, list, game_seed, json } => {
            soak::run(&soak::Options {
                games: names,
                count: games,
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
        Command::Tournament { game, variant, flags, players, bots, games, seed, threads, think } => {
            with_game!(&game, G => {
                let o = tournament::Options {
                    variant: variant_text::<G>(&variant, &flags)?,
                    bots: bots.clone(),
                    games,
                    seed,
                    threads,
                    think,
                    seats: players.unwrap_or(G::DEFAULT_SEATS),
                };
                tournament::run::<G>(&o)
            })
        }
        Command::Perft { game, position, depth, variant } => match game.to_ascii_lowercase().as_str() {
            "essence" | "essence-of-the-arcane" => perft_essence(&position, depth, &variant),
            _ => Err(Failure::Input("perft is defined for essence only".into())),
        },
        Command::Build { file, game, edition, sheet, bestiary, import } => {
            build::run(&build::Options { file, game, edition, sheet, bestiary, import })
        }
        Command::Serve { port, host, database, web } => serve(&host, port, database, web),
        Command::Replay { file, step } => replay::run(&file, step),
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

/// The variant text from `--variant` and the game's own flags.
fn variant_text<G: view::TerminalGame>(variant: &str, flags: &GameFlags) -> Result<String, Failure> {
    let extra = G::flag_switches(flags).map_err(Failure::Input)?;
    Ok([variant, extra.as_str()].iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join(","))
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
