//! Arbiter from Python: the native module `arbiter._arbiter`, which the
//! Python package `arbiter` re-exports.
//!
//! An OpenSpiel-style API over every game of the registration table:
//! `load_game(name, **params)` gives a [`PyGame`], whose
//! `new_initial_state()` gives a [`PyState`] with `current_player()`,
//! `legal_actions()`, `chance_outcomes()`, `apply_action()` and the rest;
//! `bot(spec)` gives a [`PyBot`] that plays any game. A decision the rules
//! refuse raises `RefusalError`, carrying the rule id, the reason and the
//! rulebook section. The type-erased layer underneath is [`dynamic`].

pub mod dynamic;
pub mod lab;

use arbiter_ai::BotSpec;
use dynamic::{CHANCE, DynBot, DynGame, DynState, Failure, TERMINAL};
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pyo3::create_exception!(
    _arbiter,
    RefusalError,
    PyException,
    "A decision the rules refuse: `rule_id`, `reason` and `section` say which rule, why, and where the rulebook says so."
);

/// Turns a failure into the Python exception for it.
fn raise(failure: Failure) -> PyErr {
    match failure {
        Failure::Refused(r) => Python::attach(|py| {
            let err = RefusalError::new_err(r.to_string());
            let value = err.value(py);
            for (k, v) in [("rule_id", &*r.rule), ("reason", &*r.reason), ("section", &*r.section)] {
                if let Err(e) = value.setattr(k, v) {
                    return e;
                }
            }
            err
        }),
        Failure::Invalid(text) => PyValueError::new_err(text),
    }
}

/// A game loaded with its options (`arbiter.load_game`).
#[pyclass(name = "Game", module = "arbiter", frozen)]
struct PyGame {
    inner: Arc<dyn DynGame>,
}

#[pymethods]
impl PyGame {
    /// The state before the first decision.
    fn new_initial_state(&self) -> PyState {
        PyState { inner: self.inner.clone().new_initial_state() }
    }

    /// The number of players (seats).
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The number of distinct action numbers, for games that number their
    /// actions once for all (Kuhn poker, Goofspiel); raises otherwise.
    fn num_distinct_actions(&self) -> PyResult<usize> {
        self.inner.num_distinct_actions().ok_or_else(|| {
            PyValueError::new_err(format!(
                "{} does not number its actions once for all: its action numbers are given as actions are first seen",
                self.inner.name()
            ))
        })
    }

    /// The observation tensor's shape, where defined; raises otherwise.
    fn observation_tensor_shape(&self) -> PyResult<Vec<usize>> {
        self.inner
            .observation_tensor_shape()
            .ok_or_else(|| PyValueError::new_err(format!("{} defines no observation tensor", self.inner.name())))
    }

    /// The observation tensor's length (the product of its shape).
    fn observation_tensor_size(&self) -> PyResult<usize> {
        Ok(self.observation_tensor_shape()?.iter().product())
    }

    /// True if the game defines an observation tensor.
    fn has_observation_tensor(&self) -> bool {
        self.inner.observation_tensor_shape().is_some()
    }

    /// True for games whose actions carry continuous values (Ephemeral Path):
    /// `legal_actions()` lists a sample of candidates, and
    /// `apply_action_string` accepts any action.
    fn is_continuous(&self) -> bool {
        self.inner.is_continuous()
    }

    /// True if some decisions belong to chance.
    fn has_chance(&self) -> bool {
        self.inner.has_chance()
    }

    /// True if some information is hidden from some player.
    fn has_hidden_information(&self) -> bool {
        self.inner.has_hidden_information()
    }

    /// The game's id (`kuhn`).
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// The game's name for people.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The variant in a few words.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant_label()
    }

    /// Reads back a state written by `State.serialize()`.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState { inner: self.inner.clone().state_from_json(text).map_err(raise)? })
    }

    fn __repr__(&self) -> String {
        format!("<arbiter.Game {} ({}), {} players>", self.inner.id(), self.inner.variant_label(), self.num_players())
    }
}

/// A state of a game (`Game.new_initial_state()`).
#[pyclass(name = "State", module = "arbiter")]
struct PyState {
    inner: Box<dyn DynState>,
}

#[pymethods]
impl PyState {
    /// The player to decide: 0, 1, …; -1 (`arbiter.CHANCE`) at a chance node,
    /// -4 (`arbiter.TERMINAL`) once the game is over, as in pyspiel. In a
    /// simultaneous decision the players commit one by one, in secret, lowest
    /// first.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    /// The legal action numbers of the player to move, ascending (at a chance
    /// node, the outcomes; at the end, none).
    fn legal_actions(&self) -> PyResult<Vec<i64>> {
        self.inner.legal_actions().map_err(raise)
    }

    /// A chance node's outcomes as `(action, probability)`, summing to 1.
    fn chance_outcomes(&self) -> PyResult<Vec<(i64, f64)>> {
        self.inner.chance_outcomes().map_err(raise)
    }

    /// Applies an action number (or a chance outcome). Raises `RefusalError`
    /// if the rules forbid it, `ValueError` for a number that means nothing here.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.inner.apply_action(action).map_err(raise)
    }

    /// Rolls a chance node's dice from a generator seeded with `seed` and
    /// applies the roll; returns its values as text (`"3 5"`). For rolls with
    /// too many outcomes for `chance_outcomes()` (Ephemeral Path's foraging
    /// pool rolls ten dice at once).
    fn apply_random_chance(&mut self, seed: u64) -> PyResult<String> {
        self.inner.apply_random_chance(seed).map_err(raise)
    }

    /// Applies an action written in the game's notation (at a chance node,
    /// the dice values: `"3 5"`).
    fn apply_action_string(&mut self, text: &str) -> PyResult<()> {
        self.inner.apply_action_string(text).map_err(raise)
    }

    /// The notation of an action number. The player argument is accepted for
    /// pyspiel's `action_to_string(player, action)` form and ignored.
    #[pyo3(signature = (a, b = None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        self.inner.action_to_string(b.unwrap_or(a)).map_err(raise)
    }

    /// The number of an action written in notation.
    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        self.inner.string_to_action(text).map_err(raise)
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// True at a chance node.
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == CHANCE
    }

    /// Each player's return: 1 win, 0 draw, -1 loss (scores in between where the game has them); 0 before the end.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// How the game ended, in words; `None` before the end.
    fn outcome_reason(&self) -> Option<String> {
        self.inner.outcome_reason()
    }

    /// What `player` sees now, as text for people (nothing of others' secrets).
    fn observation_string(&self, player: usize) -> PyResult<String> {
        self.inner.observation_string(player).map_err(raise)
    }

    /// What `player` has seen and done, as JSON: its information state.
    fn information_state_string(&self, player: usize) -> PyResult<String> {
        self.inner.information_state_string(player).map_err(raise)
    }

    /// What `player` sees, as a flat list of floats of `Game.observation_tensor_shape()`.
    fn observation_tensor(&self, player: usize) -> PyResult<Vec<f32>> {
        match self.inner.observation_tensor(player).map_err(raise)? {
            Some(t) => Ok(t),
            None => Err(PyValueError::new_err(format!("{} defines no observation tensor", self.inner.game().name()))),
        }
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState { inner: self.inner.clone_box() }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The whole state as JSON (read back by `Game.deserialize_state`).
    fn serialize(&self) -> String {
        self.inner.to_json()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame { inner: self.inner.game() }
    }

    fn __str__(&self) -> String {
        self.inner.describe()
    }
}

/// A bot that plays any game (`arbiter.bot("mcts:iters=500")`).
#[pyclass(name = "Bot", module = "arbiter")]
struct PyBot {
    spec: BotSpec,
    seed: u64,
    /// The bot built for each game it has played, by game id and variant.
    built: Mutex<HashMap<String, Box<dyn DynBot>>>,
}

#[pymethods]
impl PyBot {
    /// The action number this bot chooses for the player to move in `state`.
    fn step(&mut self, state: &PyState) -> PyResult<i64> {
        let game = state.inner.game();
        let key = format!("{}/{}/{}", game.id(), game.variant_label(), game.num_players());
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if !built.contains_key(&key) {
            let bot = game.bot(&self.spec, self.seed).map_err(raise)?;
            built.insert(key.clone(), bot);
        }
        match built.get_mut(&key) {
            Some(bot) => bot.step(state.inner.as_ref()).map_err(raise),
            None => Err(PyValueError::new_err("the bot could not be built")),
        }
    }

    /// The bot's description.
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<arbiter.Bot {}>", self.spec)
    }
}

/// Loads a game by id or alias; options are keyword arguments
/// (`load_game("essence", variant="determined,loop")`, `load_game("goofspiel", cards=5)`,
/// `players=3` for the number of seats).
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn load_game(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    let mut switches = Vec::new();
    let mut seats = None;
    if let Some(params) = params {
        for (k, v) in params.iter() {
            let key: String = k.extract()?;
            if matches!(key.as_str(), "players" | "seats") {
                seats = Some(v.extract::<usize>()?);
            } else if key == "variant" {
                switches.push(v.extract::<String>()?);
            } else if let Ok(flag) = v.extract::<bool>() {
                if flag {
                    switches.push(key);
                }
            } else {
                switches.push(format!("{key}={}", v.str()?));
            }
        }
    }
    let inner = dynamic::load(name, &switches.join(","), seats).map_err(PyValueError::new_err)?;
    Ok(PyGame { inner })
}

/// A bot from its description (`random`, `greedy`, `heuristic`, `mcts:iters=500`,
/// `alphabeta:time=1`); `seed` makes its choices repeatable.
#[pyfunction]
#[pyo3(signature = (spec, seed = 0))]
fn bot(spec: &str, seed: u64) -> PyResult<PyBot> {
    let spec: BotSpec = spec.parse().map_err(|e: arbiter_ai::SpecError| PyValueError::new_err(e.to_string()))?;
    Ok(PyBot { spec, seed, built: Mutex::new(HashMap::new()) })
}

/// Every game's id, in the registration table's order.
#[pyfunction]
fn registered_names() -> Vec<&'static str> {
    arbiter_games::ids()
}

/// The native module.
#[pymodule]
fn _arbiter(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(bot, m)?)?;
    m.add_function(wrap_pyfunction!(registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(lab::lab_missing, m)?)?;
    m.add_function(wrap_pyfunction!(lab::lab_play, m)?)?;
    m.add_function(wrap_pyfunction!(lab::lab_store, m)?)?;
    m.add_function(wrap_pyfunction!(lab::lab_run_local, m)?)?;
    m.add_function(wrap_pyfunction!(lab::lab_dump, m)?)?;
    m.add("RefusalError", m.py().get_type::<RefusalError>())?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    Ok(())
}
