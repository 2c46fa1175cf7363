//! A game's configuration: the two warbands, the battle map and the
//! optional round limit.
//!
//! In JSON a variant is `{ "warbands": [FILE, FILE], "map": "ruined-crossroads",
//! "no_round_limit": false }`, where each warband is a warband file in its JSON
//! form (`docs/warbands.md`) and the map is a shipped map's name or a whole
//! battle map in TOML (`docs/grid.md`). Records carry it whole, so a game
//! replays without the files it was started from.

use crate::bestiary::Bestiary;
use crate::item::Items;
use crate::warband::{Warband, WarbandFile, shipped_warband};
use crate::{Format, read_text};
use arbiter_geometry::battle::map::shipped;
use arbiter_geometry::battle::{BattleMap, Board, Terrain};
use serde::{Deserialize, Serialize};

/// The warbands played when none are given.
pub const DEFAULT_WARBANDS: [&str; 2] = ["old-wood-brawlers", "briar-skirmishers"];

/// The map played when none is given.
pub const DEFAULT_MAP: &str = "ruined-crossroads";

/// The map name that sets up an empty board on which the players lay
/// terrain tiles in turn ("Appendix: Terrain tiles"; ruling P2V-R90).
pub const TILES: &str = "tiles";

/// A standard game's size ("BATTLE GRID"), which sets the board and how
/// many terrain tiles each player lays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSize {
    /// 150 points or fewer per side: 24 × 18 squares, three tiles each.
    Small,
    /// 500 points or fewer: 36 × 24 squares, four tiles each.
    Medium,
    /// More than 500 points: 48 × 36 squares, eight tiles each.
    Large,
}

impl GameSize {
    /// The size of a game of `points` per side.
    pub fn of(points: u32) -> GameSize {
        match points {
            0..=150 => GameSize::Small,
            151..=500 => GameSize::Medium,
            _ => GameSize::Large,
        }
    }

    /// The board's width and height, in squares.
    pub fn board(self) -> (usize, usize) {
        match self {
            GameSize::Small => (24, 18),
            GameSize::Medium => (36, 24),
            GameSize::Large => (48, 36),
        }
    }

    /// How many terrain tiles each player lays ("three tiles in a small
    /// game, four in a medium game and eight in a large game").
    pub fn tiles_each(self) -> u8 {
        match self {
            GameSize::Small => 3,
            GameSize::Medium => 4,
            GameSize::Large => 8,
        }
    }

    /// An empty board of this size: open ground everywhere.
    pub fn empty_map(self) -> Result<BattleMap, String> {
        let (w, h) = self.board();
        let board = Board::new(w as u32, h as u32).map_err(|e| e.0)?;
        Ok(BattleMap {
            name: "Terrain tiles".into(),
            credit: String::new(),
            description: "An open board on which the players lay terrain tiles in turn.".into(),
            terrain: Terrain::new(board, Vec::new()).map_err(|e| e.0)?,
        })
    }
}

/// Everything a game of Path 2 Victory is set up from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// P1's and P2's warbands, as files (checked when the game is made);
    /// the two default warbands when absent (a lobby form sends only the
    /// options it shows).
    #[serde(default = "default_warbands")]
    pub warbands: Vec<WarbandFile>,
    /// A shipped battle map's name, or a battle map in TOML.
    #[serde(default = "default_map")]
    pub map: String,
    /// True to play without the optional round limit ("Round limit": from
    /// the end of round 6, 1d6 + rounds played ≥ 12 ends the game); the game
    /// then ends as ruling P2V-R3 says.
    #[serde(default)]
    pub no_round_limit: bool,
    /// The game's own creature cards: a bestiary in Arbiter's card format
    /// (TOML, docs/warbands.md, or the same as JSON) whose cards join the starter bestiary for
    /// this game, replacing starter cards of the same name. Kept whole, so a
    /// record replays anywhere. Empty: the starter bestiary alone.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cards: String,
}

fn default_warbands() -> Vec<WarbandFile> {
    Variant::default().warbands
}

fn default_map() -> String {
    DEFAULT_MAP.to_string()
}

impl Default for Variant {
    fn default() -> Variant {
        let file = |name: &str| {
            shipped_warband(name)
                .and_then(|t| WarbandFile::parse(t, Format::Toml).ok())
                .unwrap_or_else(|| WarbandFile { name: name.to_string(), ..WarbandFile::default() })
        };
        Variant {
            warbands: DEFAULT_WARBANDS.iter().map(|n| file(n)).collect(),
            map: default_map(),
            no_round_limit: false,
            cards: String::new(),
        }
    }
}

impl Variant {
    /// Reads a warband: a file (TOML or JSON) or a shipped warband's name.
    pub fn warband_file(spec: &str) -> Result<WarbandFile, String> {
        let path = std::path::Path::new(spec);
        if path.exists() {
            let text = read_text(path).map_err(|e| format!("{spec}: {e}"))?;
            return WarbandFile::parse(&text, Format::detect(Some(path), &text)).map_err(|e| format!("{spec}: {e}"));
        }
        match shipped_warband(spec) {
            Some(text) => WarbandFile::parse(text, Format::Toml).map_err(|e| format!("{spec}: {e}")),
            None => {
                let names: Vec<&str> = crate::warband::shipped_warbands().iter().map(|(n, _)| *n).collect();
                Err(format!("{spec}: no such file, and not a shipped warband ({})", names.join(", ")))
            }
        }
    }

    /// The bestiary this game's warbands are built from: the starter
    /// bestiary with the variant's own cards.
    pub fn bestiary(&self) -> Result<std::borrow::Cow<'static, Bestiary>, String> {
        let starter = Bestiary::starter_ref().map_err(|e| format!("the starter bestiary: {e}"))?;
        if self.cards.trim().is_empty() {
            return Ok(std::borrow::Cow::Borrowed(starter));
        }
        let mut bestiary = starter.clone();
        bestiary.extend(Bestiary::from_text(&self.cards).map_err(|e| format!("the game's cards: {e}"))?);
        Ok(std::borrow::Cow::Owned(bestiary))
    }

    /// Reads a bestiary file (Arbiter's card format) for the variant's own
    /// cards, checked.
    pub fn cards_file(spec: &str) -> Result<String, String> {
        let path = std::path::Path::new(spec);
        let text = read_text(path).map_err(|e| format!("{spec}: {e}"))?;
        Bestiary::from_text(&text).map_err(|e| format!("{spec}: {e}"))?;
        Ok(text)
    }

    /// Reads a battle map: a file or a shipped map's name; the variant keeps
    /// a shipped map by name and a file's text whole.
    pub fn map_spec(spec: &str) -> Result<String, String> {
        let path = std::path::Path::new(spec);
        if path.exists() {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{spec}: {e}"))?;
            BattleMap::from_toml(&text).map_err(|e| format!("{spec}: {e}"))?;
            return Ok(text);
        }
        if shipped(spec).is_some() || spec.trim() == TILES {
            return Ok(spec.trim().to_string());
        }
        Err(format!(
            "{spec}: no such file, and not a shipped map (ruined-crossroads, river-ford, broken-hills) or \"{TILES}\" (the players lay terrain tiles)"
        ))
    }

    /// The checked warbands, against the starter bestiary and items.
    pub fn checked_warbands(&self) -> Result<[Warband; 2], String> {
        if self.warbands.len() != 2 {
            return Err(format!("a game takes two warbands, not {}", self.warbands.len()));
        }
        let bestiary = self.bestiary()?;
        let items = Items::standard().map_err(|e| format!("the items: {e}"))?;
        let check = |i: usize| {
            self.warbands[i].validate_with(bestiary.as_ref(), items).map_err(|v| {
                let lines: Vec<String> = v.iter().map(|x| format!("  {x}")).collect();
                format!("P{}'s warband '{}' is not legal:\n{}", i + 1, self.warbands[i].name, lines.join("\n"))
            })
        };
        Ok([check(0)?, check(1)?])
    }

    /// The battle map: a shipped or given map, or, for [`TILES`], an empty
    /// board of the game's size for the players to lay tiles on.
    pub fn battle_map(&self) -> Result<BattleMap, String> {
        if let Some(size) = self.tile_game()? {
            return size.empty_map();
        }
        let text = shipped(self.map.trim()).unwrap_or(&self.map);
        BattleMap::from_toml(text).map_err(|e| format!("the battle map: {e}"))
    }

    /// The game's size when the players lay terrain tiles (`map = "tiles"`),
    /// from the larger of the two warbands' points limits (their costs when
    /// they have none; ruling P2V-R90); `None` on a map.
    pub fn tile_game(&self) -> Result<Option<GameSize>, String> {
        if self.map.trim() != TILES {
            return Ok(None);
        }
        let points = self.checked_warbands()?.iter().map(|w| w.limit().unwrap_or_else(|| w.total())).max().unwrap_or(0);
        Ok(Some(GameSize::of(points)))
    }

    /// The map's name for headers: the shipped name, or the map's title.
    pub fn map_label(&self) -> String {
        self.named_label()
            .unwrap_or_else(|| self.battle_map().map(|m| m.name).unwrap_or_else(|_| "a custom map".into()))
    }

    /// [`Variant::map_label`] of this variant's map, already read.
    pub fn label_of(&self, map: &BattleMap) -> String {
        self.named_label().unwrap_or_else(|| map.name.clone())
    }

    /// The label of terrain tiles or a shipped map, known without reading it.
    fn named_label(&self) -> Option<String> {
        if self.map.trim() == TILES {
            return Some("terrain tiles".to_string());
        }
        shipped(self.map.trim()).is_some().then(|| self.map.trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_with_only_the_lobbys_options_takes_the_defaults() {
        let v: Variant = serde_json::from_str("{}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v, Variant::default());
        let v: Variant = serde_json::from_str(r#"{"no_round_limit": true}"#).unwrap_or_else(|e| panic!("{e}"));
        assert!(v.no_round_limit);
        assert_eq!(v.warbands.len(), 2);
        assert!(v.checked_warbands().is_ok());
    }
}
