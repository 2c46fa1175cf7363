//! The `arbiter` command: play a game in the terminal, run simulations,
//! count positions with perft, and replay recorded games.
//!
//! Exit codes: 0 success, 1 a failure while running, 2 bad input (arguments,
//! files, positions).

mod essence_view;
mod ethia_view;
mod play;
mod replay;
mod sim;
mod tournament;
mod view;

use arbiter_ai::BotSpec;
use arbiter_core::Game;
use arbiter_essence::Essence;
use arbiter_ethia::Ethia;
use clap::{Parser, Subcommand};
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
        after_help = "Examples:\n  arbiter play essence\n  arbiter play essence --variant loop,determined --vs alphabeta --think 2\n  arbiter play essence --vs human\n  arbiter play essence --load game.json"
    )]
    Play {
        /// The game: essence or ethia.
        game: String,
        /// Variant switches, comma-separated (essence: determined, loop, summoning, fast;
        /// ethia: standard-deployment, alternating).
        #[arg(long, default_value = "standard")]
        variant: String,
        /// E'thia: skirmish or battle.
        #[arg(long)]
        mode: Option<String>,
        /// E'thia: fix the wall option (fixed, standard or custom) instead of letting the roll-off winner choose.
        #[arg(long)]
        walls: Option<String>,
        /// Number of players (E'thia: 2, 3 or 4).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The opponent: auto (the strongest bot for the game), human, random,
        /// greedy, mcts[:…] or alphabeta[:…].
        #[arg(long, default_value = "auto")]
        vs: String,
        /// Seconds the AI thinks per decision.
        #[arg(long, default_value_t = 1.0)]
        think: f64,
        /// Type in what real dice show instead of rolling seeded dice.
        #[arg(long)]
        manual_dice: bool,
        /// Which seat you play: 1 moves first.
        #[arg(long = "as", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
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
        /// The game: essence or ethia.
        game: String,
        /// Variant switches, comma-separated.
        #[arg(long, default_value = "standard")]
        variant: String,
        /// E'thia: skirmish or battle.
        #[arg(long)]
        mode: Option<String>,
        /// E'thia: fix the wall option (fixed, standard or custom).
        #[arg(long)]
        walls: Option<String>,
        /// Number of players; with teams, --p1 plays every seat of one side and --p2 the other's.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game; every game's seed derives from it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bot in seat 1 (moves first).
        #[arg(long, default_value = "random")]
        p1: String,
        /// The bot in seat 2.
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
    },
    /// A round robin between bots, printed as a Markdown table.
    #[command(
        after_help = "Example (the table in docs/ai.md):\n  arbiter tournament essence --bot random --bot greedy --bot mcts:time=0.1 --bot alphabeta:time=0.1 --games 200 --threads 2"
    )]
    Tournament {
        /// The game: essence or ethia.
        game: String,
        /// Variant switches, comma-separated.
        #[arg(long, default_value = "standard")]
        variant: String,
        /// E'thia: skirmish or battle.
        #[arg(long)]
        mode: Option<String>,
        /// E'thia: fix the wall option (fixed, standard or custom).
        #[arg(long)]
        walls: Option<String>,
        /// Number of players.
        #[arg(long, default_value_t = 2)]
        players: usize,
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
    /// Step through a recorded game.
    Replay {
        /// A game record (JSON), as saved by `arbiter play`.
        file: PathBuf,
        /// Wait for Enter after each decision (b goes back, q quits).
        #[arg(long)]
        step: bool,
    },
}

/// An error with the exit code it deserves.
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// Something failed while running: exit code 1.
    Run(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play { game, variant, mode, walls, players, vs, think, manual_dice, seat, seed, load } => {
            with_game(&game, |g| {
                let options = |variant: String| play::Options {
                    variant,
                    opponent: vs.clone(),
                    think,
                    manual_dice,
                    human: seat - 1,
                    seats: players,
                    seed,
                    load: load.clone(),
                };
                match g {
                    Known::Essence => play::run::<Essence>(&options(variant_text::<Essence>(&variant, &mode, &walls)?)),
                    Known::Ethia => play::run::<Ethia>(&options(variant_text::<Ethia>(&variant, &mode, &walls)?)),
                }
            })
        }
        Command::Sim { game, variant, mode, walls, players, games, seed, p1, p2, threads, think, json } => {
            with_game(&game, |g| {
                let opts = |variant| sim::Options {
                    variant,
                    games,
                    seed,
                    p1: p1.clone(),
                    p2: p2.clone(),
                    seats: players,
                    threads,
                    think,
                    json,
                };
                match g {
                    Known::Essence => sim::run::<Essence>(&opts(variant_text::<Essence>(&variant, &mode, &walls)?)),
                    Known::Ethia => sim::run::<Ethia>(&opts(variant_text::<Ethia>(&variant, &mode, &walls)?)),
                }
            })
        }
        Command::Tournament { game, variant, mode, walls, players, bots, games, seed, threads, think } => {
            with_game(&game, |g| {
                let opts = |variant| tournament::Options {
                    variant,
                    bots: bots.clone(),
                    games,
                    seed,
                    threads,
                    think,
                    seats: players,
                };
                match g {
                    Known::Essence => {
                        tournament::run::<Essence>(&opts(variant_text::<Essence>(&variant, &mode, &walls)?))
                    }
                    Known::Ethia => tournament::run::<Ethia>(&opts(variant_text::<Ethia>(&variant, &mode, &walls)?)),
                }
            })
        }
        Command::Perft { game, position, depth, variant } => with_game(&game, |g| match g {
            Known::Essence => perft_essence(&position, depth, &variant),
            Known::Ethia => Err(Failure::Input("perft is defined for essence only".into())),
        }),
        Command::Replay { file, step } => replay::run(&file, step),
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

/// The games this build knows.
enum Known {
    Essence,
    Ethia,
}

fn with_game(name: &str, f: impl FnOnce(Known) -> Result<(), Failure>) -> Result<(), Failure> {
    match name.to_ascii_lowercase().as_str() {
        "essence" | "essence-of-the-arcane" => f(Known::Essence),
        "ethia" => f(Known::Ethia),
        other => Err(Failure::Input(format!(
            "unknown game '{}'; this build plays: essence, ethia",
            other.chars().take(40).collect::<String>()
        ))),
    }
}

/// The variant text from `--variant` and the game's own flags.
fn variant_text<G: view::TerminalGame>(
    variant: &str,
    mode: &Option<String>,
    walls: &Option<String>,
) -> Result<String, Failure> {
    let extra = G::flag_switches(mode.as_deref(), walls.as_deref()).map_err(Failure::Input)?;
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
