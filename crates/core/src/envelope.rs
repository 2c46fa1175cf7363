//! Versioned JSON files: every file Arbiter writes starts with a `format`, a
//! `version` and the `game`, checked before the body is read, so an old or
//! foreign file gets a clear error rather than a confusing one.

use crate::Game;
use serde::{Deserialize, Serialize};

/// Why a JSON file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// Not JSON, or JSON of the wrong shape; carries serde's line and column.
    #[error("{0}")]
    Json(String),
    /// Some other kind of file.
    #[error("this is not an {expected} file (format is '{found}')")]
    Format {
        /// The format expected.
        expected: &'static str,
        /// The format found.
        found: String,
    },
    /// A version this build cannot read.
    #[error("{format} version {found} is not supported (this build reads version {supported})")]
    Version {
        /// The format.
        format: &'static str,
        /// The version found.
        found: u32,
        /// The version supported.
        supported: u32,
    },
    /// A file for another game.
    #[error("this file is for '{found}', not {expected}")]
    Game {
        /// The game expected.
        expected: &'static str,
        /// The game found.
        found: String,
    },
    /// The file's configuration cannot start a game.
    #[error("invalid config: {0}")]
    Config(#[from] crate::ConfigError),
    /// The state is not one the rules can continue from.
    #[error("invalid state: {0}")]
    InvalidState(String),
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    game: String,
}

fn json_error(e: serde_json::Error) -> EnvelopeError {
    EnvelopeError::Json(format!("invalid JSON: {e}"))
}

/// Checks the header of a versioned file before its body is parsed.
pub(crate) fn check_header(
    text: &str,
    format: &'static str,
    version: u32,
    game: &'static str,
) -> Result<(), EnvelopeError> {
    let header: Header = serde_json::from_str(text).map_err(json_error)?;
    if header.format != format {
        return Err(EnvelopeError::Format { expected: format, found: header.format });
    }
    if header.version != version {
        return Err(EnvelopeError::Version { format, found: header.version, supported: version });
    }
    if header.game != game {
        return Err(EnvelopeError::Game { expected: game, found: header.game });
    }
    Ok(())
}

/// A state saved to JSON with its game and variant.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct StateFile<G: Game> {
    /// Always `arbiter.state`.
    pub format: String,
    /// Format version, [`StateFile::VERSION`].
    pub version: u32,
    /// The game's identifier.
    pub game: String,
    /// The variant the state belongs to.
    pub variant: G::Variant,
    /// The number of seats.
    pub seats: usize,
    /// The state itself.
    pub state: G::State,
}

impl<G: Game> StateFile<G> {
    /// The format name.
    pub const FORMAT: &'static str = "arbiter.state";
    /// The current version of the format.
    pub const VERSION: u32 = 1;

    /// Wraps a state of `game`.
    pub fn new(game: &G, state: G::State) -> Self {
        StateFile {
            format: Self::FORMAT.into(),
            version: Self::VERSION,
            game: G::ID.into(),
            variant: game.variant().clone(),
            seats: game.seats(),
            state,
        }
    }

    /// Serialises to pretty JSON.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Reads a state file, checking format, version and game first.
    pub fn from_json(text: &str) -> Result<Self, EnvelopeError> {
        check_header(text, Self::FORMAT, Self::VERSION, G::ID)?;
        serde_json::from_str(text).map_err(json_error)
    }

    /// Builds the rules for the file's variant and checks that the state is one
    /// they can continue from.
    pub fn open(self) -> Result<(G, G::State), EnvelopeError> {
        let game = G::new(self.variant, self.seats)?;
        game.validate_state(&self.state).map_err(EnvelopeError::InvalidState)?;
        Ok((game, self.state))
    }
}

/// A match configuration saved to JSON on its own (a lobby's "new game" form,
/// a simulation's settings).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct ConfigFile<G: Game> {
    /// Always `arbiter.config`.
    pub format: String,
    /// Format version, [`ConfigFile::VERSION`].
    pub version: u32,
    /// The game's identifier (also in the config).
    pub game: String,
    /// The configuration.
    pub config: crate::MatchConfig<G::Variant>,
}

impl<G: Game> ConfigFile<G> {
    /// The format name.
    pub const FORMAT: &'static str = "arbiter.config";
    /// The current version of the format.
    pub const VERSION: u32 = 1;

    /// Wraps a configuration.
    pub fn new(config: crate::MatchConfig<G::Variant>) -> Self {
        ConfigFile { format: Self::FORMAT.into(), version: Self::VERSION, game: G::ID.into(), config }
    }

    /// Serialises to pretty JSON.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Reads a config file, checking format, version and game, and that the
    /// configuration can start a game.
    pub fn from_json(text: &str) -> Result<crate::MatchConfig<G::Variant>, EnvelopeError> {
        check_header(text, Self::FORMAT, Self::VERSION, G::ID)?;
        let file: Self = serde_json::from_str(text).map_err(json_error)?;
        if file.config.game != G::ID {
            return Err(EnvelopeError::Game { expected: G::ID, found: file.config.game });
        }
        G::new(file.config.variant.clone(), file.config.players.len())?;
        Ok(file.config)
    }
}
