//! Variant switches. Each rulebook variant is one switch and they combine
//! freely; the draw limits are the project's own rule (see
//! `docs/rulings/essence.md`, ruling R10).

use serde::{Deserialize, Serialize};

/// Which variant rules are in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    /// Determined: motes may move through the void, losing 1 power.
    pub determined: bool,
    /// Loop: motes may move off one edge and re-enter from the opposite one.
    #[serde(rename = "loop")]
    pub looping: bool,
    /// Summoning: adds the Summon the Void action.
    pub summoning: bool,
    /// The faster game: start one space inward and play on the inner 3×3.
    pub fast: bool,
    /// For experiments: do not skip Growth on the game's first turn.
    pub growth_on_first_turn: bool,
    /// The game is drawn once this many turns have ended.
    pub turn_limit: u16,
    /// The game is drawn when no mote has left the board for more than this
    /// many consecutive turns.
    pub quiet_limit: u16,
}

impl Default for Variant {
    fn default() -> Self {
        Variant {
            determined: false,
            looping: false,
            summoning: false,
            fast: false,
            growth_on_first_turn: false,
            turn_limit: 300,
            quiet_limit: 50,
        }
    }
}

/// The switch names accepted by [`Variant::parse`].
pub const SWITCHES: [&str; 5] = ["determined", "loop", "summoning", "fast", "first-growth"];

impl Variant {
    /// Parses a comma-separated list of switches, e.g. `determined,loop`.
    /// `standard` (or an empty list) is the standard game.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let mut v = Variant::default();
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "standard" => {}
                "determined" => v.determined = true,
                "loop" => v.looping = true,
                "summoning" => v.summoning = true,
                "fast" | "faster" => v.fast = true,
                "first-growth" | "growth_on_first_turn" | "growth-on-first-turn" => v.growth_on_first_turn = true,
                other => {
                    return Err(format!(
                        "unknown variant '{}'; choose from {}",
                        other.chars().take(30).collect::<String>(),
                        SWITCHES.join(", ")
                    ));
                }
            }
        }
        Ok(v)
    }

    /// The switches that are on, comma-separated (`standard` if none).
    pub fn label(&self) -> String {
        let on = [
            (self.determined, "determined"),
            (self.looping, "loop"),
            (self.summoning, "summoning"),
            (self.fast, "fast"),
            (self.growth_on_first_turn, "first-growth"),
        ];
        let names: Vec<&str> = on.iter().filter(|(b, _)| *b).map(|(_, n)| *n).collect();
        if names.is_empty() { "standard".into() } else { names.join(",") }
    }

    /// Every combination of the four rulebook variants (16 of them).
    pub fn all_rulebook_combinations() -> Vec<Variant> {
        (0..16u8)
            .map(|bits| Variant {
                determined: bits & 1 != 0,
                looping: bits & 2 != 0,
                summoning: bits & 4 != 0,
                fast: bits & 8 != 0,
                ..Variant::default()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_parse_and_label() {
        let v = Variant::parse("loop, Determined,fast").unwrap();
        assert!(v.looping && v.determined && v.fast && !v.summoning);
        assert_eq!(v.label(), "determined,loop,fast");
        assert_eq!(Variant::parse("").unwrap(), Variant::default());
        assert_eq!(Variant::parse("standard").unwrap().label(), "standard");
        assert!(Variant::parse("loop,warp").unwrap_err().contains("unknown variant 'warp'"));
    }

    #[test]
    fn json_fills_defaults_and_rejects_typos() {
        let v: Variant = serde_json::from_str(r#"{"loop":true}"#).unwrap();
        assert!(v.looping && v.turn_limit == 300);
        assert!(serde_json::from_str::<Variant>(r#"{"lop":true}"#).is_err());
    }
}
