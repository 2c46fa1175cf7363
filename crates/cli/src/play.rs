//! `arbiter play`: a game in the terminal against a bot or another person,
//! with move entry in the game's notation, refusals that cite their rule,
//! undo, and saving and loading game records.

use crate::view;
use crate::{Failure, parse_bot};
use arbiter_ai::Bot;
use arbiter_core::{
    ActionSpace, ChanceSource, Decision, DiceMode, Entry, ManualDice, MatchConfig, PlayerSpec, Record, Refusal, Seat,
    Session, ToMove, Viewer, information::shown_events,
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

/// The game's default bot (its entry's; see docs/ai.md), thinking `think`
/// seconds a decision if it thinks for a time.
fn strongest_bot<G: Entry>(think: f64) -> Result<arbiter_ai::BotSpec, Failure> {
    let mut spec = parse_bot(G::about().default_bot)?;
    if let arbiter_ai::BotSpec::Mcts { time: Some(t), .. } | arbiter_ai::BotSpec::AlphaBeta { time: Some(t), .. } =
        &mut spec
    {
        *t = think;
    }
    Ok(spec)
}

fn refusal_text(r: &Refusal) -> String {
    // Project rulings name themselves ("ruling P11 (docs/rulings/…)"); the
    // rest are the rulebook's sections.
    let source = if r.section.starts_with("ruling") { "" } else { "rulebook: " };
    format!("  ✗ {}\n    rule {} — {source}{}", r.reason, r.rule, r.section)
}

fn load_record<G: Entry>(path: &Path) -> Result<Record<G>, Failure> {
    let text =
        std::fs::read_to_string(path).map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
    Record::<G>::from_json(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))
}

struct Table<G: Entry> {
    session: Session<G>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    manual: bool,
    color: bool,
    /// Record lengths just before each human decision, for undo.
    marks: Vec<usize>,
    /// The record length and viewer of the last picture drawn.
    shown: Option<(usize, Viewer)>,
    /// The one human seat when the others are bots: in a game with secrets,
    /// the screen shows what that seat may see.
    human: Option<Seat>,
    /// The decision last taken for a person because it was the only one
    /// possible, until the person types again.
    taken: Option<String>,
}

/// Runs `arbiter play`.
pub fn run<G: Entry>(o: &Options) -> Result<(), Failure> {
    let opponent = match o.opponent.to_ascii_lowercase().as_str() {
        "human" => None,
        "auto" => Some(strongest_bot::<G>(o.think)?),
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
    let human = opponent.as_ref().map(|_| Seat(o.human));
    let mut table =
        Table { session, bots, manual: o.manual_dice, color, marks: Vec::new(), shown: None, human, taken: None };
    table.run()
}

impl<G: Entry> Table<G> {
    /// Who the screen shows things to: in a game with secrets, the one
    /// human seat (or, with several people at one keyboard, `seat` when it is
    /// theirs to decide, else spectators); everything otherwise.
    fn viewer(&self, seat: Option<Seat>) -> Viewer {
        let game = self.session.game();
        if !game.has_hidden_information() {
            return Viewer::Referee;
        }
        if self.session.to_move() == ToMove::Over {
            return arbiter_core::information::viewer_at_end(
                game,
                self.session.state(),
                self.human.map_or(Viewer::Spectator, Viewer::Seat),
            );
        }
        match (self.human, seat) {
            (Some(h), _) => Viewer::Seat(h),
            (None, Some(s)) => Viewer::Seat(s),
            (None, None) => Viewer::Spectator,
        }
    }

    fn show(&mut self, seat: Option<Seat>) {
        let viewer = self.viewer(seat);
        if self.shown != Some((self.session.len(), viewer)) {
            print!("\n{}", view::render(self.session.game(), self.session.state(), viewer, self.color));
            self.shown = Some((self.session.len(), viewer));
        }
    }

    /// Prints a decision and its events as the screen's viewer may see them;
    /// `public` tells whether the decision itself may be seen.
    fn report(&self, who: &str, decision: &str, public: bool, events: &[G::Event]) {
        let viewer = self.viewer(None);
        println!("{who}: {}", if public { decision } else { "(a secret decision)" });
        let (game, state) = (self.session.game(), self.session.state());
        for e in shown_events(game, events, viewer) {
            println!("  · {}", game.event_text(state, &e));
        }
    }

    /// Whether the screen's viewer may see `decision`, taken now.
    fn visible(&self, decision: &Decision<G::Action>) -> bool {
        let viewer = self.viewer(None);
        arbiter_core::information::decision_shown(self.session.game(), self.session.state(), decision, viewer)
    }

    fn run(&mut self) -> Result<(), Failure> {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            match self.session.to_move() {
                ToMove::Over => {
                    self.show(None);
                    println!("{}", view::prompt(self.session.game(), self.session.state()));
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
                        self.show(None);
                    }
                    let request = self.session.dice_request();
                    if self.manual {
                        if let Some(taken) = self.taken.take() {
                            println!(
                                "  ('{taken}' was the only possible decision and was taken for you: now the dice.)"
                            );
                        }
                    }
                    // The state before the roll, to judge who may see it (games with secrets).
                    let before = self.session.game().has_hidden_information().then(|| self.session.state().clone());
                    let result = if self.manual {
                        // Whose roll it is at the table (the game's rule), when it is one seat's.
                        if let Some(seat) = self.session.game().roller(self.session.state()) {
                            println!("  {seat} rolls:");
                        }
                        let mut dice = ManualDice::new(&mut input, std::io::stdout());
                        match dice.roll(&request) {
                            Ok(r) => self.session.apply(Decision::Roll(r.clone())).map(|e| (r, e)),
                            Err(_) => return Ok(()),
                        }
                    } else {
                        self.session.roll_seeded()
                    };
                    let public = match (&result, &before) {
                        (Ok((roll, _)), Some(before)) => arbiter_core::information::decision_shown(
                            self.session.game(),
                            before,
                            &Decision::Roll(roll.clone()),
                            self.viewer(None),
                        ),
                        _ => true,
                    };
                    match result {
                        Ok((roll, events)) => self.report("Dice", &format!("{request} → {roll}"), public, &events),
                        Err(r) => println!("{}", refusal_text(&r)),
                    }
                }
                to_move @ (ToMove::Seat(_) | ToMove::Together(_)) => {
                    // Bots commit their secret choices first, then people.
                    let seats = to_move.seats();
                    let Some(seat) = seats.iter().find(|s| self.bots[s.index()].is_some()).or_else(|| seats.lowest())
                    else {
                        return Ok(());
                    };
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
        let Some(bot) = self.bots[seat.index()].as_mut() else { return Ok(()) };
        let action = arbiter_ai::decide(bot.as_mut(), &game, self.session.state(), seat)
            .ok_or_else(|| Failure::Run(format!("the {} bot found no action", bot.name())))?;
        let text = game.action_text(&action);
        let name = bot.name();
        let decision = self.as_decision(seat, action.clone());
        let public = self.visible(&decision);
        match self.session.act_as(seat, action) {
            Ok(events) => {
                self.report(&format!("{seat} ({name})"), &text, public, &events);
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
            game.legal_actions_of(self.session.state(), seat, &mut legal);
            // A continuous game lists a sample, not every legal decision:
            // one candidate does not make it the only choice.
            if legal.len() == 1 && game.action_space() == ActionSpace::Enumerable {
                let only = legal.remove(0);
                let text = game.action_text(&only);
                let public = self.visible(&self.as_decision(seat, only.clone()));
                self.marks.push(self.session.len());
                if let Ok(events) = self.session.act_as(seat, only) {
                    self.report(
                        &format!("{seat}"),
                        &format!("{text} — taken for you, the only possible decision"),
                        public,
                        &events,
                    );
                }
                self.taken = Some(text);
                return Ok(true);
            }
            self.show(Some(seat));
            println!("{}", view::prompt(&game, self.session.state()));
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
                if let Some(seat) = seat {
                    game.legal_actions_of(self.session.state(), seat, &mut legal);
                }
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
            _ if view::query(&game, self.session.state(), line).is_some() => {
                println!("{}", view::query(&game, self.session.state(), line).unwrap_or_default());
            }
            _ => match game.parse_action(self.session.state(), line) {
                Err(e) => println!("  ✗ {e}\n    (type 'help' for the notation, 'moves' for the legal actions)"),
                Ok(action) => {
                    let text = game.action_text(&action);
                    let len = self.session.len();
                    let public = match seat {
                        Some(s) => self.visible(&self.as_decision(s, action.clone())),
                        None => true,
                    };
                    let applied = match seat {
                        Some(seat) => self.session.act_as(seat, action),
                        None => self.session.apply(Decision::Act(action)),
                    };
                    match applied {
                        Ok(events) => {
                            self.marks.push(len);
                            let who = seat.map(|s| s.to_string()).unwrap_or_default();
                            self.report(&who, &text, public || seat == self.human, &events);
                        }
                        Err(r) => println!("{}", refusal_text(&r)),
                    }
                }
            },
        }
        Ok(true)
    }

    /// The decision `seat` takes with `action` now, as the record will hold it.
    fn as_decision(&self, seat: Seat, action: G::Action) -> Decision<G::Action> {
        match self.session.to_move() {
            ToMove::Together(_) => Decision::Commit { seat, action },
            _ => Decision::Act(action),
        }
    }
}
