//! Any game of the registration table behind one object-safe interface, so
//! that Python sees one `Game` and one `State` class whatever the game.
//!
//! [`DynGame`] and [`DynState`] speak OpenSpiel's language: players are
//! numbers (chance is [`CHANCE`], the end [`TERMINAL`]), actions are
//! integers (a game's fixed index or its [`ActionCodebook`] number), chance
//! outcomes are the mixed-radix number of a roll's dice values.

use arbiter_ai::{Bot, BotSpec, decide};
use arbiter_core::{
    ActionCodebook, ActionSpace, Decision, DiceRequest, Discard, Entry, Refusal, Roll, Seat, SeededDice, ToMove, Viewer,
};
use arbiter_games::Visitor;
use std::any::Any;
use std::sync::Arc;

/// `current_player()` at a chance node, as in OpenSpiel.
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over, as in OpenSpiel.
pub const TERMINAL: i64 = -4;
/// The most outcomes a chance node lists, or actions a state numbers.
pub const MAX_OUTCOMES: u64 = 1 << 20;

/// Why a call failed: a rule refused it, or the request itself is wrong.
#[derive(Debug)]
pub enum Failure {
    /// The game's rules refused the decision.
    Refused(Refusal),
    /// The request makes no sense (unknown action number, bad notation…).
    Invalid(String),
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

/// Shorthand for results of this module.
pub type Outcome<T> = Result<T, Failure>;

fn invalid<T>(text: impl Into<String>) -> Outcome<T> {
    Err(Failure::Invalid(text.into()))
}

/// A loaded game, whatever its type.
pub trait DynGame: Send + Sync {
    /// The game's id (`kuhn`).
    fn id(&self) -> &'static str;
    /// Its name for people.
    fn name(&self) -> &'static str;
    /// The variant in a few words.
    fn variant_label(&self) -> String;
    /// Number of seats.
    fn num_players(&self) -> usize;
    /// Fixed number of actions, for games that number their actions.
    fn num_distinct_actions(&self) -> Option<usize>;
    /// True for games with continuous decisions (a candidate sample is listed).
    fn is_continuous(&self) -> bool;
    /// True if some decisions belong to chance.
    fn has_chance(&self) -> bool;
    /// True if some information is hidden from some seat.
    fn has_hidden_information(&self) -> bool;
    /// The observation tensor's shape, where defined.
    fn observation_tensor_shape(&self) -> Option<Vec<usize>>;
    /// The state before the first decision.
    fn new_initial_state(self: Arc<Self>) -> Box<dyn DynState>;
    /// A state read back from [`DynState::to_json`].
    fn state_from_json(self: Arc<Self>, text: &str) -> Outcome<Box<dyn DynState>>;
    /// A bot of this game.
    fn bot(&self, spec: &BotSpec, seed: u64) -> Outcome<Box<dyn DynBot>>;
}

/// A state of a loaded game.
pub trait DynState: Send + Sync {
    /// The game it belongs to.
    fn game(&self) -> Arc<dyn DynGame>;
    /// Who decides next: a seat's number, [`CHANCE`] or [`TERMINAL`].
    fn current_player(&self) -> i64;
    /// The action numbers of the player to move, ascending (chance outcomes at a chance node).
    fn legal_actions(&self) -> Outcome<Vec<i64>>;
    /// `(outcome, probability)` of a chance node; empty elsewhere.
    fn chance_outcomes(&self) -> Outcome<Vec<(i64, f64)>>;
    /// Applies an action number (or chance outcome).
    fn apply_action(&mut self, action: i64) -> Outcome<()>;
    /// Rolls the dice of a chance node from a generator seeded with `seed`
    /// and applies the roll; gives its values as text. For rolls too big to list.
    fn apply_random_chance(&mut self, seed: u64) -> Outcome<String>;
    /// Applies an action in the game's notation (or a roll, `3 5`, at a chance node).
    fn apply_action_string(&mut self, text: &str) -> Outcome<()>;
    /// The notation of an action number (for the player to move, or chance).
    fn action_to_string(&self, action: i64) -> Outcome<String>;
    /// The number of an action in notation, in this state.
    fn string_to_action(&self, text: &str) -> Outcome<i64>;
    /// True once the game is over.
    fn is_terminal(&self) -> bool;
    /// Each seat's return (0 before the end).
    fn returns(&self) -> Vec<f64>;
    /// How the game ended, in words.
    fn outcome_reason(&self) -> Option<String>;
    /// What `player` sees, as text for people.
    fn observation_string(&self, player: usize) -> Outcome<String>;
    /// What `player` has seen and done, as JSON (its information state).
    fn information_state_string(&self, player: usize) -> Outcome<String>;
    /// What `player` sees, as numbers, where defined.
    fn observation_tensor(&self, player: usize) -> Outcome<Option<Vec<f32>>>;
    /// The whole state as JSON.
    fn to_json(&self) -> String;
    /// The whole state for people (the referee's view).
    fn describe(&self) -> String;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// For downcasting by bots.
    fn as_any(&self) -> &dyn Any;
}

/// A bot for one game.
pub trait DynBot: Send {
    /// The bot's description.
    fn name(&self) -> String;
    /// The bot's action number for the player to move in `state`.
    fn step(&mut self, state: &dyn DynState) -> Outcome<i64>;
}

/// A game of type `G`, with its action numbers.
pub struct Typed<G: Entry> {
    game: G,
    book: ActionCodebook,
}

/// A state of a [`Typed`] game.
pub struct TypedState<G: Entry> {
    game: Arc<Typed<G>>,
    state: G::State,
}

/// Loads the game `name` (id or alias) with variant text and seats.
pub fn load(name: &str, variant: &str, seats: Option<usize>) -> Result<Arc<dyn DynGame>, String> {
    struct Load<'a> {
        variant: &'a str,
        seats: Option<usize>,
    }
    impl Visitor for Load<'_> {
        type Output = Result<Arc<dyn DynGame>, String>;
        fn visit<G: Entry>(&mut self) -> Self::Output {
            let variant = G::parse_variant(self.variant)?;
            let seats = self.seats.unwrap_or_else(arbiter_games::default_seats::<G>);
            let game = G::new(variant, seats).map_err(|e| e.to_string())?;
            Ok(Arc::new(Typed { game, book: ActionCodebook::new() }))
        }
    }
    arbiter_games::find(name, &mut Load { variant, seats }).unwrap_or_else(|| {
        Err(format!("no game is called '{name}'; this build plays {}", arbiter_games::ids().join(", ")))
    })
}

/// The number of a roll: its dice values read as a mixed-radix number.
fn roll_number(request: &DiceRequest, roll: &Roll) -> i64 {
    request.dice().iter().zip(roll.values()).fold(0i64, |n, (d, &v)| n * i64::from(d.sides) + i64::from(v - 1))
}

/// The roll numbered `number`, if it answers `request`.
fn number_roll(request: &DiceRequest, number: i64) -> Option<Roll> {
    let count = i64::try_from(request.outcome_count()?).ok()?;
    if !(0..count).contains(&number) {
        return None;
    }
    let mut rest = number;
    let mut values = vec![0u8; request.len()];
    for (slot, die) in values.iter_mut().zip(request.dice()).rev() {
        let sides = i64::from(die.sides);
        *slot = u8::try_from(rest % sides + 1).ok()?;
        rest /= sides;
    }
    Roll::from_values(&values)
}

impl<G: Entry> Typed<G> {
    fn number(&self, action: &G::Action) -> i64 {
        self.book.number(&self.game, action) as i64
    }

    fn seat(&self, player: usize) -> Outcome<Seat> {
        if player < self.game.seats() {
            Ok(Seat(player as u8))
        } else {
            invalid(format!("player {player} does not exist: this game has {} players", self.game.seats()))
        }
    }
}

impl<G: Entry> DynGame for Typed<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn variant_label(&self) -> String {
        G::variant_label(self.game.variant())
    }
    fn num_players(&self) -> usize {
        self.game.seats()
    }
    fn num_distinct_actions(&self) -> Option<usize> {
        self.game.num_distinct_actions()
    }
    fn is_continuous(&self) -> bool {
        self.game.action_space() == ActionSpace::Continuous
    }
    fn has_chance(&self) -> bool {
        self.game.has_chance()
    }
    fn has_hidden_information(&self) -> bool {
        self.game.has_hidden_information()
    }
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        self.game.observation_tensor_shape()
    }
    fn new_initial_state(self: Arc<Self>) -> Box<dyn DynState> {
        let state = self.game.initial_state();
        Box::new(TypedState { game: self, state })
    }
    fn state_from_json(self: Arc<Self>, text: &str) -> Outcome<Box<dyn DynState>> {
        let state: G::State = match serde_json::from_str(text) {
            Ok(s) => s,
            Err(e) => return invalid(format!("not a state of {}: {e}", G::NAME)),
        };
        if let Err(e) = self.game.validate_state(&state) {
            return invalid(format!("not a state these rules can continue from: {e}"));
        }
        Ok(Box::new(TypedState { game: self, state }))
    }
    fn bot(&self, spec: &BotSpec, seed: u64) -> Outcome<Box<dyn DynBot>> {
        match spec.build(&self.game, seed, 1.0) {
            Ok(bot) => Ok(Box::new(TypedBot::<G> { bot })),
            Err(e) => invalid(e.to_string()),
        }
    }
}

impl<G: Entry> TypedState<G> {
    fn rules(&self) -> &G {
        &self.game.game
    }

    /// The legal actions of whoever decides now, with their numbers.
    fn numbered(&self) -> Vec<(i64, G::Action)> {
        let mut list = Vec::new();
        self.rules().legal_actions(&self.state, &mut list);
        list.into_iter().map(|a| (self.game.number(&a), a)).collect()
    }

    fn request(&self) -> Outcome<DiceRequest> {
        let request = self.rules().dice(&self.state);
        match request.outcome_count() {
            Some(n) if n <= MAX_OUTCOMES => Ok(request),
            _ => invalid(format!("this roll ({request}) has too many outcomes to list; apply one by its values")),
        }
    }

    /// Applies an action of the seat (or lowest seat of a simultaneous decision) to move.
    fn act(&mut self, action: &G::Action) -> Outcome<()> {
        let decision = match self.rules().to_move(&self.state) {
            ToMove::Together(set) => match set.lowest() {
                Some(seat) => Decision::Commit { seat, action: action.clone() },
                None => return invalid("nobody is to move"),
            },
            _ => Decision::Act(action.clone()),
        };
        Ok(self.game.game.apply(&mut self.state, &decision, &mut Discard)?)
    }
}

impl<G: Entry> DynState for TypedState<G> {
    fn game(&self) -> Arc<dyn DynGame> {
        self.game.clone()
    }

    fn current_player(&self) -> i64 {
        match self.rules().to_move(&self.state) {
            ToMove::Chance => CHANCE,
            ToMove::Over => TERMINAL,
            to_move => to_move.first_seat().map_or(TERMINAL, |s| s.index() as i64),
        }
    }

    fn legal_actions(&self) -> Outcome<Vec<i64>> {
        match self.rules().to_move(&self.state) {
            ToMove::Chance => Ok(self.chance_outcomes()?.into_iter().map(|(a, _)| a).collect()),
            ToMove::Over => Ok(Vec::new()),
            _ => {
                let mut numbers: Vec<i64> = self.numbered().into_iter().map(|(n, _)| n).collect();
                numbers.sort_unstable();
                numbers.dedup();
                Ok(numbers)
            }
        }
    }

    fn chance_outcomes(&self) -> Outcome<Vec<(i64, f64)>> {
        if self.rules().to_move(&self.state) != ToMove::Chance {
            return Ok(Vec::new());
        }
        let request = self.request()?;
        let mut out = Vec::new();
        request.for_each_outcome(|roll| out.push((roll_number(&request, roll), request.probability(roll))));
        Ok(out)
    }

    fn apply_action(&mut self, action: i64) -> Outcome<()> {
        match self.rules().to_move(&self.state) {
            ToMove::Over => Err(Failure::Refused(Refusal::new(
                "core.turn.over",
                "the game is over; no more decisions are taken",
                "core",
            ))),
            ToMove::Chance => {
                let request = self.rules().dice(&self.state);
                let Some(roll) = number_roll(&request, action) else {
                    return invalid(format!("{action} is not an outcome of this roll ({request})"));
                };
                Ok(self.game.game.apply(&mut self.state, &Decision::Roll(roll), &mut Discard)?)
            }
            _ => {
                if let Some((_, a)) = self.numbered().into_iter().find(|(n, _)| *n == action) {
                    return self.act(&a);
                }
                // Not listed: if the number is known, let the rules say why not.
                let text = usize::try_from(action).ok().and_then(|n| self.game.book.text(n));
                match text {
                    Some(text) => self.apply_action_string(&text),
                    None => invalid(format!("action {action} is not a legal action here")),
                }
            }
        }
    }

    fn apply_random_chance(&mut self, seed: u64) -> Outcome<String> {
        if self.rules().to_move(&self.state) != ToMove::Chance {
            return invalid("this is not a chance node");
        }
        let request = self.rules().dice(&self.state);
        let roll = SeededDice::new(seed).roll_now(&request);
        self.game.game.apply(&mut self.state, &Decision::Roll(roll.clone()), &mut Discard)?;
        Ok(roll.values().iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
    }

    fn apply_action_string(&mut self, text: &str) -> Outcome<()> {
        match self.rules().to_move(&self.state) {
            ToMove::Chance => {
                let request = self.rules().dice(&self.state);
                let roll = match arbiter_core::parse_roll(text, &request) {
                    Ok(r) => r,
                    Err(e) => return invalid(format!("'{text}' does not answer {request}: {e}")),
                };
                Ok(self.game.game.apply(&mut self.state, &Decision::Roll(roll), &mut Discard)?)
            }
            ToMove::Over => Err(Failure::Refused(Refusal::new(
                "core.turn.over",
                "the game is over; no more decisions are taken",
                "core",
            ))),
            _ => match self.rules().parse_action(&self.state, text) {
                Ok(a) => {
                    self.game.number(&a); // known by number from now on
                    self.act(&a)
                }
                Err(e) => invalid(e),
            },
        }
    }

    fn action_to_string(&self, action: i64) -> Outcome<String> {
        if self.rules().to_move(&self.state) == ToMove::Chance {
            let request = self.rules().dice(&self.state);
            return match number_roll(&request, action) {
                Some(roll) => Ok(roll.values().iter().map(u8::to_string).collect::<Vec<_>>().join(" ")),
                None => invalid(format!("{action} is not an outcome of this roll ({request})")),
            };
        }
        if let Some((_, a)) = self.numbered().into_iter().find(|(n, _)| *n == action) {
            return Ok(self.rules().action_text(&a));
        }
        match usize::try_from(action).ok().and_then(|n| self.game.book.text(n)) {
            Some(text) => Ok(text),
            None => invalid(format!("no action is numbered {action}")),
        }
    }

    fn string_to_action(&self, text: &str) -> Outcome<i64> {
        if self.rules().to_move(&self.state) == ToMove::Chance {
            let request = self.rules().dice(&self.state);
            return match arbiter_core::parse_roll(text, &request) {
                Ok(roll) => Ok(roll_number(&request, &roll)),
                Err(e) => invalid(format!("'{text}' does not answer {request}: {e}")),
            };
        }
        match self.rules().parse_action(&self.state, text) {
            Ok(a) => Ok(self.game.number(&a)),
            Err(e) => invalid(e),
        }
    }

    fn is_terminal(&self) -> bool {
        self.rules().to_move(&self.state) == ToMove::Over
    }

    fn returns(&self) -> Vec<f64> {
        (0..self.rules().seats()).map(|i| self.rules().returns(&self.state, Seat(i as u8))).collect()
    }

    fn outcome_reason(&self) -> Option<String> {
        self.rules().outcome(&self.state).map(|o| o.reason)
    }

    fn observation_string(&self, player: usize) -> Outcome<String> {
        let seat = self.game.seat(player)?;
        Ok(self.rules().picture(&self.rules().observe(&self.state, Viewer::Seat(seat))))
    }

    fn information_state_string(&self, player: usize) -> Outcome<String> {
        let seat = self.game.seat(player)?;
        let observation = self.rules().observe(&self.state, Viewer::Seat(seat));
        serde_json::to_string(&observation).map_err(|e| Failure::Invalid(e.to_string()))
    }

    fn observation_tensor(&self, player: usize) -> Outcome<Option<Vec<f32>>> {
        let seat = self.game.seat(player)?;
        Ok(self.rules().observation_tensor(&self.rules().observe(&self.state, Viewer::Seat(seat))))
    }

    fn to_json(&self) -> String {
        serde_json::to_string(&self.state).unwrap_or_default()
    }

    fn describe(&self) -> String {
        let picture = self.rules().picture(&self.rules().observe(&self.state, Viewer::Referee));
        format!("{}\n{}", picture, self.rules().prompt(&self.state))
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(TypedState { game: self.game.clone(), state: self.state.clone() })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A bot of game `G`.
struct TypedBot<G: Entry> {
    bot: Box<dyn Bot<G>>,
}

impl<G: Entry> DynBot for TypedBot<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn step(&mut self, state: &dyn DynState) -> Outcome<i64> {
        let Some(typed) = state.as_any().downcast_ref::<TypedState<G>>() else {
            return invalid(format!("this bot plays {}, not {}", G::NAME, state.game().name()));
        };
        let Some(seat) = typed.rules().to_move(&typed.state).first_seat() else {
            return invalid("no player is to move: bots decide for players, not for chance or after the end");
        };
        match decide(self.bot.as_mut(), typed.rules(), &typed.state, seat) {
            Some(action) => Ok(typed.game.number(&action)),
            None => invalid("the bot found no action"),
        }
    }
}
