//! `arbiter play`: a game in the terminal against a bot or another person,
//! with move entry in the game's notation, refusals that cite their rule,
//! undo, and saving and loading game records.

use crate::view::TerminalGame;
use crate::{Failure, parse_bot};
use arbiter_ai::Bot;
use arbiter_core::{
    ActionSpace, ChanceSource, Decision, DiceMode, ManualDice, MatchConfig, PlayerSpec, Record, Refusal, Seat, Session,
    ToMove,
};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Options of `arbiter play`.
pub struct Options {
    /// `--variant` text.
    pub variant: String,
    /// `human` or a bot description.
    pub opponent: String,
    /// Seconds per AI decision.
    pub think: f64,
    /// Type in real dice.
    pub manual_dice: bool,
    /// The human's seat, from 0.
    pub human: u8,
    /// Number of players.
    pub seats: usize,
    /// Seed, or time-based.
    pub seed: Option<u64>,
    /// A record to resume.
    pub load: Option<PathBuf>,
}

/// The strongest bot for the game (see docs/ai.md).
fn strongest_bot<G: TerminalGame>(variant: &str, seats: usize) -> Result<arbiter_ai::BotSpec, Failure> {
    let v = G::parse_variant(variant).map_err(Failure::Input)?;
    let game = G::new(v, seats).map_err(|e| Failure::Input(e.to_string()))?;
    parse_bot(game.auto_bot())
}

fn refusal_text(r: &Refusal) -> String {
    // Project rulings name themselves ("ruling P11 (docs/rulings/…)"); the
    // rest are the rulebook's sections.
    let source = if r.section.starts_with("ruling") { "" } else { "rulebook: " };
    format!("  ✗ {}\n    rule {} — {source}{}", r.reason, r.rule, r.section)
}

fn load_record<G: TerminalGame>(path: &Path) -> Result<Record<G>, Failure> {
    let text =
        std::fs::read_to_string(path).map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
    Record::<G>::from_json(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))
}

struct Table<G: TerminalGame> {
    session: Session<G>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    manual: bool,
    color: bool,
    /// Record lengths just before each human decision, for undo.
    marks: Vec<usize>,
    shown: Option<usize>,
    /// The decision last taken for a person because it was the only one
    /// possible, until the person types again.
    taken: Option<String>,
}

/// Runs `arbiter play`.
pub fn run<G: TerminalGame>(o: &Options) -> Result<(), Failure> {
    let opponent = match o.opponent.to_ascii_lowercase().as_str() {
        "human" => None,
        "auto" => Some(strongest_bot::<G>(&o.variant, o.seats)?),
        _ => Some(parse_bot(&o.opponent)?),
    };
    if !(o.think.is_finite() && o.think >= 0.0) {
        return Err(Failure::Input("--think must be a non-negative number of seconds".into()));
    }
    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    if usize::from(o.human) >= o.seats {
        return Err(Failure::Input(format!("--as {} but the game has {} players", o.human + 1, o.seats)));
    }
    let players: Vec<PlayerSpec> = (0..o.seats)
        .map(|i| match &opponent {
            Some(spec) if i != usize::from(o.human) => PlayerSpec::bot(spec.to_string()),
            _ => PlayerSpec::human(format!("P{}", i + 1)),
        })
        .collect();
    let session = match &o.load {
        Some(path) => {
            let record = load_record::<G>(path)?;
            let mut s = Session::from_record(record).map_err(|e| Failure::Input(e.to_string()))?;
            s.set_players(players.clone());
            s
        }
        None => {
            let variant = G::parse_variant(&o.variant).map_err(Failure::Input)?;
            let config = MatchConfig {
                game: G::ID.into(),
                variant,
                players: players.clone(),
                seed,
                dice: if o.manual_dice { DiceMode::Manual } else { DiceMode::Seeded },
            };
            Session::new(config).map_err(|e| Failure::Input(e.to_string()))?
        }
    };
    let game = session.game().clone();
    if o.manual_dice && !game.has_chance() {
        println!("({} uses no dice; --manual-dice changes nothing.)", G::NAME);
    }
    let mut bots = Vec::new();
    for (i, p) in players.iter().enumerate() {
        bots.push(match &opponent {
            Some(spec) if p.controller != "human" => Some(
                spec.build(&game, seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1)), o.think)
                    .map_err(|e| Failure::Input(e.to_string()))?,
            ),
            _ => None,
        });
    }
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let co_op = (0..game.seats()).all(|i| game.side_of(Seat(i as u8)) == game.side_of(Seat(0)));
    let versus = match (&opponent, co_op, game.seats()) {
        (_, true, 1) => "solo: you make every decision".to_string(),
        (Some(spec), true, _) => format!("you are P{}, your partners are played by {spec}", o.human + 1),
        (None, true, n) => format!("{n} players at one keyboard, all on one side"),
        (Some(spec), false, _) => format!("you are P{} against {spec}", o.human + 1),
        (None, false, 2) => "two players at one keyboard".to_string(),
        (None, false, n) => format!("{n} players at one keyboard"),
    };
    println!(
        "{} — variant {} — {versus} — seed {}. Type 'help' for commands.",
        G::NAME,
        G::variant_label(session.game().variant()),
        session.record().config.seed
    );
    if let Some(intro) = game.intro().filter(|_| o.load.is_none()) {
        println!("\n{intro}");
    }
    let mut table = Table { session, bots, manual: o.manual_dice, color, marks: Vec::new(), shown: None, taken: None };
    table.run()
}

impl<G: TerminalGame> Table<G> {
    fn show(&mut self) {
        if self.shown != Some(self.session.len()) {
            print!("\n{}", self.session.game().render(self.session.state(), self.color));
            self.shown = Some(self.session.len());
        }
    }

    fn report(&self, who: &str, decision: &str, events: &[G::Event]) {
        println!("{who}: {decision}");
        let (game, state) = (self.session.game(), self.session.state());
        for e in events {
            println!("  · {}", game.event_text(state, e));
        }
    }

    fn run(&mut self) -> Result<(), Failure> {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            match self.session.to_move() {
                ToMove::Over => {
                    self.show();
                    println!("{}", self.session.game().prompt(self.session.state()));
                    println!("Commands now: save FILE, undo, quit.");
                    if !self.human_turn(&mut input, None)? {
                        return Ok(());
                    }
                }
                ToMove::Chance => {
                    // Nobody rolls for a table they have not seen: the board is
                    // drawn before the first roll (E'thia's standard deployment
                    // goes straight to the action roll).
                    if self.shown.is_none() {
                        self.show();
                    }
                    let request = self.session.dice_request();
                    if self.manual {
                        if let Some(taken) = self.taken.take() {
                            println!(
                                "  ('{taken}' was the only possible decision and was taken for you: now the dice.)"
                            );
                        }
                    }
                    let result = if self.manual {
                        let mut dice = ManualDice::new(&mut input, std::io::stdout());
                        match dice.roll(&request) {
                            Ok(r) => self.session.apply(Decision::Roll(r.clone())).map(|e| (r, e)),
                            Err(_) => return Ok(()),
                        }
                    } else {
                        self.session.roll_seeded()
                    };
                    match result {
                        Ok((roll, events)) => self.report("Dice", &format!("{request} → {roll}"), &events),
                        Err(r) => println!("{}", refusal_text(&r)),
                    }
                }
                ToMove::Seat(seat) => {
                    if self.bots[seat.index()].is_some() {
                        self.bot_turn(seat)?;
                    } else if !self.human_turn(&mut input, Some(seat))? {
                        return Ok(());
                    }
                }
            }
        }
    }

    fn bot_turn(&mut self, seat: Seat) -> Result<(), Failure> {
        let game = self.session.game().clone();
        let state = self.session.state().clone();
        let Some(bot) = self.bots[seat.index()].as_mut() else { return Ok(()) };
        let action =
            bot.choose(&game, &state).ok_or_else(|| Failure::Run(format!("the {} bot found no action", bot.name())))?;
        let text = game.action_text(&action);
        let name = bot.name();
        match self.session.apply(Decision::Act(action)) {
            Ok(events) => {
                self.report(&format!("{seat} ({name})"), &text, &events);
                Ok(())
            }
            Err(r) => Err(Failure::Run(format!("the bot chose a refused action {text}: {r}"))),
        }
    }

    /// Handles one line from a person; returns false to leave the game.
    fn human_turn(&mut self, input: &mut impl BufRead, seat: Option<Seat>) -> Result<bool, Failure> {
        let game = self.session.game().clone();
        if let Some(seat) = seat {
            let mut legal = Vec::new();
            game.legal_actions(self.session.state(), &mut legal);
            // A continuous game lists a sample, not every legal decision:
            // one candidate does not make it the only choice.
            if legal.len() == 1 && game.action_space() == ActionSpace::Enumerable {
                let only = legal.remove(0);
                let text = game.action_text(&only);
                self.marks.push(self.session.len());
                if let Ok(events) = self.session.apply(Decision::Act(only)) {
                    self.report(
                        &format!("{seat}"),
                        &format!("{text} — taken for you, the only possible decision"),
                        &events,
                    );
                }
                self.taken = Some(text);
                return Ok(true);
            }
            self.show();
            println!("{}", game.prompt(self.session.state()));
        }
        print!("> ");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                println!();
                return Ok(false);
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Run(format!("cannot read input: {e}"))),
        }
        let line = line.trim();
        // A person typing the decision that was just taken for them is told so,
        // not refused for something they did not get wrong.
        if let Some(taken) = self.taken.take() {
            let legal_now = game
                .parse_action(self.session.state(), line)
                .is_ok_and(|a| game.check(self.session.state(), &a).is_ok());
            if seat.is_some() && line.eq_ignore_ascii_case(&taken) && !legal_now {
                println!("  ('{taken}' was the only possible decision and was already taken for you.)");
                return Ok(true);
            }
        }
        let (word, rest) = line.split_once(' ').map(|(a, b)| (a, b.trim())).unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" => self.shown = None,
            "help" | "?" => {
                println!("Commands: help, moves, board, undo, save FILE, load FILE, quit.\n{}", game.notation_help())
            }
            "quit" | "exit" => return Ok(false),
            "board" => self.shown = None,
            "moves" | "legal" => {
                let mut legal = Vec::new();
                game.legal_actions(self.session.state(), &mut legal);
                let texts: Vec<String> = legal.iter().map(|a| game.action_text(a)).collect();
                if game.action_space() == ActionSpace::Continuous {
                    // Positions are written rounded: list what reads back legal,
                    // once (candidates a hair apart read the same).
                    let state = self.session.state();
                    let mut seen = std::collections::HashSet::new();
                    let texts: Vec<&String> = texts
                        .iter()
                        .filter(|t| game.parse_action(state, t).is_ok_and(|a| game.check(state, &a).is_ok()))
                        .filter(|t| seen.insert(t.as_str()))
                        .collect();
                    println!("{} legal candidates (a sample: any legal decision may be typed):", texts.len());
                    for t in texts {
                        println!("  {t}");
                    }
                } else {
                    println!("{} legal: {}", texts.len(), texts.join(" "));
                }
            }
            "undo" => match self.marks.pop() {
                Some(len) => match self.session.undo_to(len) {
                    Ok(()) => {
                        self.shown = None;
                        println!("Undone: back before your last decision.");
                    }
                    Err(e) => println!("  cannot undo: {e}"),
                },
                None => println!("  nothing of yours to undo"),
            },
            "save" if !rest.is_empty() => match self
                .session
                .record()
                .to_json()
                .map_err(|e| e.to_string())
                .and_then(|json| std::fs::write(rest, json).map_err(|e| e.to_string()))
            {
                Ok(()) => println!("Saved {} decisions to {rest}.", self.session.len()),
                Err(e) => println!("  cannot save to {rest}: {e}"),
            },
            "load" if !rest.is_empty() => match load_record::<G>(Path::new(rest))
                .and_then(|r| Session::from_record(r).map_err(|e| Failure::Input(e.to_string())))
            {
                Ok(mut s) => {
                    s.set_players(self.session.record().config.players.clone());
                    self.session = s;
                    self.marks.clear();
                    self.shown = None;
                    println!("Loaded {rest}.");
                }
                Err(Failure::Input(e) | Failure::Run(e)) => println!("  cannot load: {e}"),
            },
            "save" | "load" => println!("  usage: {word} FILE"),
            // A question about the table (Ephemeral's `measure`) is answered, not applied.
            _ if game.query(self.session.state(), line).is_some() => {
                println!("{}", game.query(self.session.state(), line).unwrap_or_default());
            }
            _ => match game.parse_action(self.session.state(), line) {
                Err(e) => println!("  ✗ {e}\n    (type 'help' for the notation, 'moves' for the legal actions)"),
                Ok(action) => {
                    let text = game.action_text(&action);
                    let len = self.session.len();
                    match self.session.apply(Decision::Act(action)) {
                        Ok(events) => {
                            self.marks.push(len);
                            let who = seat.map(|s| s.to_string()).unwrap_or_default();
                            self.report(&who, &text, &events);
                        }
                        Err(r) => println!("{}", refusal_text(&r)),
                    }
                }
            },
        }
        Ok(true)
    }
}
