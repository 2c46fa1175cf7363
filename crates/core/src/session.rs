//! A match in progress: the rules, the state, the record so far and the seeded
//! dice, with undo. The CLI and the server drive games through this.

use crate::{
    ConfigError, Decision, DiceRequest, Game, MatchConfig, Record, Refusal, ReplayError, Roll, Seat, SeededDice, ToMove,
};

/// A match: applies decisions, keeps the record, rolls seeded dice and undoes.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    state: G::State,
    record: Record<G>,
    dice: SeededDice,
}

impl<G: Game> Session<G> {
    /// Starts a match from a config.
    pub fn new(config: MatchConfig<G::Variant>) -> Result<Self, ConfigError> {
        let record: Record<G> = Record::new(config);
        let game = record.rules()?;
        let state = game.initial_state();
        let dice = SeededDice::new(record.config.seed);
        Ok(Session { game, state, record, dice })
    }

    /// Resumes a match from a record, with the seeded dice where they were.
    pub fn from_record(record: Record<G>) -> Result<Self, ReplayError> {
        let mut session = Session::new(record.config.clone())?;
        for (index, decision) in record.decisions.iter().enumerate() {
            session.apply(decision.clone()).map_err(|refusal| ReplayError::Refused {
                index,
                decision: serde_json::to_string(decision).unwrap_or_default(),
                refusal,
            })?;
        }
        Ok(session)
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The current state.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The record so far.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// Replaces who sits in the seats (for example when a saved game is
    /// resumed against a different opponent).
    pub fn set_players(&mut self, players: Vec<crate::PlayerSpec>) {
        if players.len() == self.record.config.players.len() {
            self.record.config.players = players;
        }
    }

    /// Who owes the next decision.
    pub fn to_move(&self) -> ToMove {
        self.game.to_move(&self.state)
    }

    /// The dice to roll, when chance is to move.
    pub fn dice_request(&self) -> DiceRequest {
        self.game.dice(&self.state)
    }

    /// Applies any decision and records it. Under [`ToMove::Together`] an
    /// action is recorded as the choice of the seat it was applied for.
    pub fn apply(&mut self, decision: Decision<G::Action>) -> Result<Vec<G::Event>, Refusal> {
        let decision = match (self.to_move(), decision) {
            (ToMove::Together(set), Decision::Act(action)) => match set.lowest() {
                Some(seat) => Decision::Commit { seat, action },
                None => Decision::Act(action),
            },
            (_, d) => d,
        };
        let mut events = Vec::new();
        let before = self.dice.clone();
        if matches!(decision, Decision::Roll(_)) && self.to_move() == ToMove::Chance {
            // Keep the seeded generator in step even when dice are typed in,
            // so that switching modes or undoing never repeats a sequence.
            let _ = self.dice.roll_now(&self.game.dice(&self.state));
        }
        if let Err(refusal) = self.game.apply(&mut self.state, &decision, &mut events) {
            self.dice = before;
            return Err(refusal);
        }
        self.record.decisions.push(decision);
        Ok(events)
    }

    /// Applies an action on behalf of a seat, refusing it if that seat does not
    /// owe the next decision.
    /// Under [`ToMove::Together`] the action is that seat's secret choice,
    /// recorded as [`Decision::Commit`].
    pub fn act_as(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, Refusal> {
        let together = matches!(self.to_move(), ToMove::Together(_));
        let mut events = Vec::new();
        self.game.apply_as(&mut self.state, seat, &action, &mut events)?;
        self.record.decisions.push(if together { Decision::Commit { seat, action } } else { Decision::Act(action) });
        Ok(events)
    }

    /// Rolls the seeded dice for a pending chance decision and applies the roll.
    pub fn roll_seeded(&mut self) -> Result<(Roll, Vec<G::Event>), Refusal> {
        if self.to_move() != ToMove::Chance {
            return Err(Refusal::new("core.turn.not-chance", "no dice are being rolled now", "core"));
        }
        let request = self.game.dice(&self.state);
        let before = self.dice.clone();
        let roll = self.dice.roll_now(&request);
        let mut events = Vec::new();
        if let Err(refusal) = self.game.apply(&mut self.state, &Decision::Roll(roll.clone()), &mut events) {
            self.dice = before;
            return Err(refusal);
        }
        self.record.decisions.push(Decision::Roll(roll.clone()));
        Ok((roll, events))
    }

    /// Number of decisions taken so far.
    pub fn len(&self) -> usize {
        self.record.decisions.len()
    }

    /// True before the first decision.
    pub fn is_empty(&self) -> bool {
        self.record.decisions.is_empty()
    }

    /// Goes back to the state after the first `len` decisions. The seeded dice
    /// go back too, so undone rolls come out the same again.
    pub fn undo_to(&mut self, len: usize) -> Result<(), ReplayError> {
        let mut record = self.record.clone();
        record.decisions.truncate(len);
        *self = Session::from_record(record)?;
        Ok(())
    }
}
