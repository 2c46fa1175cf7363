//! What a seat knows: the [`Perspective`] a bot decides from, and what each
//! viewer may see of the decisions and events of a match.
//!
//! A bot never receives the true state of a game with secrets. It receives a
//! `Perspective`, which can only be built from a state by observing it for
//! one seat: for a game without hidden information it keeps the state (the
//! state is the observation), for a game with secrets only the seat's
//! observation. Search draws full states from it with [`Perspective::sample`]
//! ([`Game::resample`]), so it plays from the information set, never from
//! the secrets.

use crate::{Decision, Game, Seat, ToMove, Viewer};
use rand::Rng;
use std::borrow::Cow;

/// What one seat knows of a game when it is asked to decide: the input of
/// every bot. Its fields are private; the only way to make one is
/// [`Perspective::new`], which keeps the state only for games without
/// hidden information.
pub struct Perspective<'a, G: Game> {
    seat: Seat,
    known: Known<'a, G>,
}

enum Known<'a, G: Game> {
    /// A game without secrets: the state itself.
    State(Cow<'a, G::State>),
    /// A game with secrets: the seat's observation only.
    Observation(G::Observation),
}

impl<G: Game> Clone for Perspective<'_, G> {
    fn clone(&self) -> Self {
        let known = match &self.known {
            Known::State(s) => Known::State(s.clone()),
            Known::Observation(o) => Known::Observation(o.clone()),
        };
        Perspective { seat: self.seat, known }
    }
}

impl<G: Game> std::fmt::Debug for Perspective<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.known {
            Known::State(s) => f.debug_struct("Perspective").field("seat", &self.seat).field("state", s).finish(),
            Known::Observation(o) => {
                f.debug_struct("Perspective").field("seat", &self.seat).field("observation", o).finish()
            }
        }
    }
}

impl<'a, G: Game> Perspective<'a, G> {
    /// What `seat` knows of `state`: the state itself when the game hides
    /// nothing (borrowed, at no cost), the seat's observation otherwise.
    pub fn new(game: &G, state: &'a G::State, seat: Seat) -> Self {
        let known = if game.has_hidden_information() {
            Known::Observation(game.observe(state, Viewer::Seat(seat)))
        } else {
            Known::State(Cow::Borrowed(state))
        };
        Perspective { seat, known }
    }

    /// The same perspective, owning its data (to send to another thread).
    pub fn into_owned(self) -> Perspective<'static, G> {
        let known = match self.known {
            Known::State(s) => Known::State(Cow::Owned(s.into_owned())),
            Known::Observation(o) => Known::Observation(o),
        };
        Perspective { seat: self.seat, known }
    }

    /// The seat whose perspective this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The state, for games without hidden information; `None` for games
    /// with secrets, whose true state a bot never sees.
    pub fn state(&self) -> Option<&G::State> {
        match &self.known {
            Known::State(s) => Some(s),
            Known::Observation(_) => None,
        }
    }

    /// What the seat observes.
    pub fn observation(&self, game: &G) -> Cow<'_, G::Observation> {
        match &self.known {
            Known::State(s) => Cow::Owned(game.observe(s, Viewer::Seat(self.seat))),
            Known::Observation(o) => Cow::Borrowed(o),
        }
    }

    /// True when the perspective holds the whole state (no secrets).
    pub fn is_complete(&self) -> bool {
        matches!(self.known, Known::State(_))
    }

    /// A full state consistent with what the seat knows: the state itself
    /// for games without secrets, else [`Game::resample`]'s draw. `None` if
    /// a game with secrets cannot resample (a defect the conformance suite
    /// reports).
    pub fn sample<R: Rng + ?Sized>(&self, game: &G, rng: &mut R) -> Option<G::State> {
        match &self.known {
            Known::State(s) => Some(s.as_ref().clone()),
            Known::Observation(o) => game.resample(self.seat, o, rng),
        }
    }

    /// Who owes the next decision, as the seat sees it.
    pub fn to_move<R: Rng + ?Sized>(&self, game: &G, rng: &mut R) -> ToMove {
        match &self.known {
            Known::State(s) => game.to_move(s),
            Known::Observation(o) => game.resample(self.seat, o, rng).map_or(ToMove::Over, |s| game.to_move(&s)),
        }
    }
}

/// The events of one decision as `viewer` may see them: each event itself,
/// its summary ([`Game::event_summary`]) or nothing.
pub fn shown_events<G: Game>(game: &G, events: &[G::Event], viewer: Viewer) -> Vec<G::Event> {
    events
        .iter()
        .filter_map(|e| if game.event_visibility(e).shows(viewer) { Some(e.clone()) } else { game.event_summary(e) })
        .collect()
}

/// Who may see `decision`, taken in `state`, once `over` tells whether the
/// game has ended and revealed everything: the referee always; everyone once
/// a finished game reveals all ([`Game::reveals_at_end`]); else as the game
/// says ([`Game::decision_visibility`]).
pub fn decision_shown<G: Game>(game: &G, state: &G::State, decision: &Decision<G::Action>, viewer: Viewer) -> bool {
    viewer == Viewer::Referee || game.decision_visibility(state, decision).shows(viewer)
}

/// The viewer whose eyes a finished game lends everyone: the referee when
/// the game reveals everything at its end, else `viewer` itself.
pub fn viewer_at_end<G: Game>(game: &G, final_state: &G::State, viewer: Viewer) -> Viewer {
    if game.to_move(final_state) == ToMove::Over && game.reveals_at_end(final_state) { Viewer::Referee } else { viewer }
}
