//! From an experiment file to its cells: the grid crossed out (variants ×
//! options × numbers of players × matchups), every cell checked by the game
//! itself (its variant parsed and built, its bots built for it), with a
//! stable key and seed per cell.
//!
//! A game's key in the results file is (experiment hash, cell key, index);
//! its seed is derived from the experiment's seed, the cell's key and the
//! index alone, so any runner (threads here, other machines later) playing
//! game `i` of a cell plays the same game.

use crate::LabError;
use crate::experiment::{Experiment, OptionValue, Until, at};
use crate::play::game_seed;
use arbiter_ai::BotSpec;
use arbiter_core::{Entry, OptionKind, Seat};
use arbiter_games::Visitor;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// When a cell has played enough.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// A fixed number of games.
    Games(u64),
    /// Until every side's win rate is known to a precision (or at most
    /// `max` games).
    Precision(Until),
}

/// One cell of the grid: a configuration and who plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Its stable key: `variant=…;players=…;bots=…`.
    pub key: String,
    /// The variant text the game parses.
    pub variant: String,
    /// The variant in the game's words.
    pub variant_label: String,
    /// Number of players.
    pub players: usize,
    /// The bot of every seat, in seat order.
    pub seat_bots: Vec<String>,
    /// The bots as the matchup names them (one per side, or per seat).
    pub bots: Vec<String>,
    /// The number of sides (teams) of the game.
    pub sides: usize,
    /// The seed the cell's games derive theirs from.
    pub seed: u64,
    /// In a round robin, the entrants of sides 1 and 2 (indices into
    /// [`Plan::round_robin`]).
    pub pair: Option<(usize, usize)>,
    /// In a round robin, what the cell shares with the other pairs of its
    /// table (its variant, players and, for `pairs`, bots).
    pub group: String,
}

impl Cell {
    /// A short name for plots and tables.
    pub fn label(&self) -> String {
        let variant = if self.variant_label.is_empty() { "standard" } else { &self.variant_label };
        format!("{variant} · {}p · {}", self.players, self.bots.join(" v "))
    }

    /// The seed of game `index` of this cell.
    pub fn game_seed(&self, index: u64) -> u64 {
        game_seed(self.seed, index)
    }
}

/// A checked experiment, ready to run or report.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The experiment's title.
    pub name: String,
    /// Its question, if the file says.
    pub question: Option<String>,
    /// The game's id.
    pub game: String,
    /// The game's name.
    pub game_name: String,
    /// The experiment's hash: what makes its games reproducible (format,
    /// game, seed, think time), so that growing a grid or a game count
    /// keeps every game already played.
    pub hash: String,
    /// The experiment's seed.
    pub seed: u64,
    /// Seconds per decision for search bots without a limit of their own.
    pub think: f64,
    /// When a cell stops.
    pub stop: Stop,
    /// The cells, in the grid's order.
    pub cells: Vec<Cell>,
    /// The entrants of a round robin (bots, or the values of `pairs`).
    pub round_robin: Option<Vec<String>>,
    /// The results file.
    pub results: PathBuf,
    /// The experiment file's text.
    pub text: String,
}

/// The first eight bytes of a SHA-256, as a number.
fn hash64(text: &str) -> u64 {
    let d = Sha256::digest(text.as_bytes());
    u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

impl Plan {
    /// Reads and checks the experiment file at `path`.
    pub fn load(path: &Path) -> Result<Plan, LabError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| LabError::Input(format!("cannot read {}: {e}", path.display())))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("experiment");
        Plan::from_text(&text, dir, stem).map_err(|e| match e {
            LabError::Input(m) => LabError::Input(format!("{}: {m}", path.display())),
            other => other,
        })
    }

    /// Checks an experiment's text; a relative results file is taken from
    /// `dir`, and named after `stem` by default.
    pub fn from_text(text: &str, dir: &Path, stem: &str) -> Result<Plan, LabError> {
        let e = Experiment::parse(text)?;
        let name = e.game.get_ref().clone();
        let mut check = Check { e: &e, text, cells: Vec::new() };
        arbiter_games::find(&name, &mut check).unwrap_or_else(|| {
            Err(at(
                text,
                e.game.span(),
                format!(
                    "unknown game '{}'; this build plays: {}",
                    name.chars().take(40).collect::<String>(),
                    arbiter_games::ids().join(", ")
                ),
            ))
        })?;
        let listing = arbiter_games::listing(&name).ok_or_else(|| LabError::Input("unknown game".into()))?;
        let identity = serde_json::json!({ "format": 1, "game": listing.id, "seed": e.seed, "think": e.think });
        let hash = format!("{:016x}", hash64(&identity.to_string()));
        let stop = match (&e.games, &e.until) {
            (Some(g), _) => Stop::Games(*g.get_ref()),
            (None, Some(u)) => Stop::Precision(*u.get_ref()),
            (None, None) => Stop::Games(0),
        };
        let results = dir.join(e.results.clone().unwrap_or_else(|| format!("{stem}.results.sqlite")));
        Ok(Plan {
            name: e.name.clone().unwrap_or_else(|| format!("{} experiment", listing.name)),
            question: e.question.clone(),
            game: listing.id.to_string(),
            game_name: listing.name.to_string(),
            hash,
            seed: e.seed,
            think: e.think,
            stop,
            cells: check.cells,
            round_robin: match (&e.round_robin, &e.pairs) {
                (Some(r), _) => Some(r.get_ref().iter().map(|b| b.get_ref().clone()).collect()),
                (None, Some(p)) => Some(p.get_ref().values.iter().map(|v| v.get_ref().trim().to_string()).collect()),
                (None, None) => None,
            },
            results,
            text: text.to_string(),
        })
    }

    /// The most games any cell plays.
    pub fn max_games(&self) -> u64 {
        match self.stop {
            Stop::Games(n) => n,
            Stop::Precision(u) => u.max,
        }
    }
}

/// Crosses the grid out for the game and checks every cell.
struct Check<'a> {
    e: &'a Experiment,
    text: &'a str,
    cells: Vec<Cell>,
}

/// A piece of the variant text with the place in the file it came from.
type Piece = (String, std::ops::Range<usize>);

/// A variant's pieces, its pair in a round robin of `pairs`, and the
/// pieces that are not the pair's.
type Pieces = (Vec<Piece>, Option<(usize, usize)>);

/// A matchup: its bots with their places, and its round-robin pair.
type Matchup = (Vec<Piece>, Option<(usize, usize)>);

impl Visitor for Check<'_> {
    type Output = Result<(), LabError>;

    fn visit<G: Entry>(&mut self) -> Result<(), LabError> {
        let (e, text) = (self.e, self.text);
        let about = G::about();
        // The variants, then each option's values, crossed.
        let variants: Vec<Vec<Piece>> = match &e.variants {
            Some(v) => v.get_ref().iter().map(|s| vec![(s.get_ref().trim().to_string(), s.span())]).collect(),
            None => vec![vec![]],
        };
        let mut variants: Vec<Pieces> = variants.into_iter().map(|v| (v, None)).collect();
        for (key, values) in &e.options {
            let Some(option) = about.option(key.get_ref()) else {
                let keys: Vec<&str> = about.options.iter().map(|o| o.key).collect();
                return Err(at(
                    text,
                    key.span(),
                    format!("{} has no option '{}' (its options: {})", G::NAME, key.get_ref(), keys.join(", ")),
                ));
            };
            let mut crossed = Vec::new();
            for (base, pair) in &variants {
                for value in values.get_ref() {
                    let piece = match (value.get_ref(), option.kind) {
                        (OptionValue::Flag(true), OptionKind::Flag) => option.key.to_string(),
                        (OptionValue::Flag(false), OptionKind::Flag) => String::new(),
                        (OptionValue::Flag(_), _) => {
                            return Err(at(text, value.span(), format!("'{}' is not a switch", option.key)));
                        }
                        (_, OptionKind::Flag) => {
                            return Err(at(text, value.span(), format!("'{}' is a switch: true or false", option.key)));
                        }
                        (OptionValue::Number(n), _) => format!("{}={n}", option.key),
                        (OptionValue::Text(t), _) => format!("{}={}", option.key, t.trim()),
                    };
                    let mut v = base.clone();
                    v.push((piece, value.span()));
                    crossed.push((v, *pair));
                }
            }
            variants = crossed;
        }
        // The pairs of a round robin between option values, after the rest.
        let shared = variants.clone();
        if let Some(p) = &e.pairs {
            let spec = p.get_ref();
            for key in [&spec.first, &spec.second] {
                if about.option(key).is_none() {
                    let keys: Vec<&str> = about.options.iter().map(|o| o.key).collect();
                    return Err(at(
                        text,
                        p.span(),
                        format!("{} has no option '{key}' (its options: {})", G::NAME, keys.join(", ")),
                    ));
                }
            }
            let mut crossed = Vec::new();
            for (base, _) in &variants {
                for (i, a) in spec.values.iter().enumerate() {
                    for (j, b) in spec.values.iter().enumerate() {
                        if i != j {
                            let mut v = base.clone();
                            v.push((format!("{}={}", spec.first, a.get_ref().trim()), a.span()));
                            v.push((format!("{}={}", spec.second, b.get_ref().trim()), b.span()));
                            crossed.push((v, Some((i, j))));
                        }
                    }
                }
            }
            variants = crossed;
        }
        let shared_len = shared.first().map_or(0, |s| s.0.len());
        let players: Vec<(usize, std::ops::Range<usize>)> = match &e.players {
            Some(p) => p.get_ref().iter().map(|n| (*n.get_ref() as usize, n.span())).collect(),
            None => vec![(arbiter_games::default_seats::<G>(), 0..0)],
        };
        let matchups: Vec<Matchup> = match (&e.matchups, &e.round_robin) {
            (Some(m), _) => m
                .get_ref()
                .iter()
                .map(|bots| (bots.get_ref().iter().map(|b| (b.get_ref().trim().to_string(), b.span())).collect(), None))
                .collect(),
            (None, Some(r)) => {
                let bots: Vec<(String, std::ops::Range<usize>)> =
                    r.get_ref().iter().map(|b| (b.get_ref().trim().to_string(), b.span())).collect();
                let mut pairs = Vec::new();
                for i in 0..bots.len() {
                    for j in 0..bots.len() {
                        if i != j {
                            pairs.push((vec![bots[i].clone(), bots[j].clone()], Some((i, j))));
                        }
                    }
                }
                pairs
            }
            (None, None) => vec![(vec![("random".to_string(), 0..0)], None)],
        };
        let base_seed = e.seed;
        let words = |pieces: &[Piece]| {
            pieces
                .iter()
                .map(|(p, _)| p.as_str())
                .filter(|p| !p.is_empty() && *p != "standard")
                .collect::<Vec<_>>()
                .join(",")
        };
        for (pieces, option_pair) in &variants {
            let variant_text = words(pieces);
            let unpaired = words(&pieces[..shared_len.min(pieces.len())]);
            let unpaired = if unpaired.is_empty() { "standard".to_string() } else { unpaired };
            let blame = pieces.last().map(|(_, s)| s.clone()).unwrap_or(e.game.span());
            let variant = G::parse_variant(&variant_text).map_err(|r| {
                // Blame the first piece the game refuses on its own, else the last.
                let culprit = pieces
                    .iter()
                    .find(|(p, _)| !p.is_empty() && G::parse_variant(p).is_err())
                    .map_or(blame.clone(), |(_, span)| span.clone());
                at(text, culprit, format!("{} cannot play variant '{variant_text}': {r}", G::NAME))
            })?;
            for (n, n_span) in &players {
                let span = if n_span.is_empty() { blame.clone() } else { n_span.clone() };
                let game = G::new(variant.clone(), *n).map_err(|r| {
                    // Blame the piece that first makes the game impossible (the
                    // players' line if every piece is fine on its own count).
                    let culprit = (1..=pieces.len())
                        .find(|&k| G::parse_variant(&words(&pieces[..k])).is_ok_and(|v| G::new(v, *n).is_err()))
                        .map_or(span.clone(), |k| pieces[k - 1].1.clone());
                    let span = if n_span.is_empty() || culprit != blame { culprit } else { span.clone() };
                    at(
                        text,
                        span.clone(),
                        format!("{} cannot be played by {n} players with variant '{variant_text}': {r}", G::NAME),
                    )
                })?;
                let sides = {
                    let mut s: Vec<usize> = (0..*n).map(|i| game.side_of(Seat(i as u8))).collect();
                    s.sort_unstable();
                    s.dedup();
                    s.len()
                };
                for (bots, pair) in &matchups {
                    let mut specs = Vec::new();
                    for (bot, bot_span) in bots {
                        let spec: BotSpec =
                            bot.parse().map_err(|r| at(text, bot_span.clone(), format!("bot '{bot}': {r}")))?;
                        spec.build(&game, 0, e.think).map_err(|r| {
                            at(text, bot_span.clone(), format!("bot '{bot}' cannot play {}: {r}", G::NAME))
                        })?;
                        specs.push(spec);
                    }
                    let seat_bots: Vec<String> = if bots.len() == 1 {
                        vec![specs[0].to_string(); *n]
                    } else if bots.len() == *n {
                        specs.iter().map(|s| s.to_string()).collect()
                    } else if bots.len() == sides {
                        (0..*n).map(|i| specs[game.side_of(Seat(i as u8)).min(sides - 1)].to_string()).collect()
                    } else {
                        let span = bots.first().map(|b| b.1.clone()).unwrap_or(0..0);
                        return Err(at(
                            text,
                            span,
                            format!(
                                "{} bots for {n} players in {sides} sides: give one, one per side or one per seat",
                                bots.len()
                            ),
                        ));
                    };
                    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
                    let key = format!("variant={variant_text};players={n};bots={}", names.join(","));
                    if self.cells.iter().any(|c| c.key == key) {
                        return Err(at(text, blame.clone(), format!("the grid has the cell {key} twice")));
                    }
                    let variant_label = G::variant_label(game.variant());
                    let group = match (pair, option_pair) {
                        (Some(_), _) => format!(
                            "{} · {n}p",
                            if variant_label.is_empty() { "standard" } else { variant_label.as_str() }
                        ),
                        (None, Some(_)) => format!("{unpaired} · {n}p · {}", names.join(" v ")),
                        (None, None) => String::new(),
                    };
                    self.cells.push(Cell {
                        seed: game_seed(base_seed, hash64(&key)),
                        key,
                        variant: variant_text.clone(),
                        variant_label,
                        players: *n,
                        seat_bots,
                        bots: names,
                        sides,
                        pair: pair.or(*option_pair),
                        group,
                    });
                }
            }
        }
        Ok(())
    }
}
