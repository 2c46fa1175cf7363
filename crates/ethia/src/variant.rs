//! Variant switches for Skirmish and Battle. Who chooses the wall layout is
//! decided by the roll-off in play; a switch may fix the option in advance
//! (the CLI's `--walls`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One board or two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// One 8×8 board, 5 walls, 1 leader + 10 squad units each.
    #[default]
    Skirmish,
    /// Two boards end to end (8 files × 16 ranks), 10 walls, 1 leader + 20 each.
    Battle,
}

/// The three ways of placing walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum WallOption {
    /// Our fixed layout (ruling E4).
    Fixed,
    /// Players take turns placing one wall each.
    Standard,
    /// Skirmish: the roll-off winner sets every wall; Battle: each side walls
    /// its own half.
    Custom,
}

/// Where units go at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Deployment {
    /// Players alternate placing units in their back rows.
    #[default]
    Free,
    /// The standard placement for first-time players (ruling E7).
    Standard,
}

/// The order of turns with four armies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TurnOrder {
    /// Clockwise round the table, team-mates sitting side by side (A B B A).
    #[default]
    Clockwise,
    /// Teams alternate (A B A B).
    Alternating,
}

/// Skirmish and Battle switches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    /// Skirmish or Battle.
    pub mode: Mode,
    /// Fix the wall option in advance instead of letting the roll-off winner choose.
    pub walls: Option<WallOption>,
    /// Free or standard deployment.
    pub deployment: Deployment,
    /// Turn order with four armies.
    pub turn_order: TurnOrder,
    /// The game is drawn after this many rounds (ruling E12).
    pub round_limit: u16,
}

impl Default for Variant {
    fn default() -> Self {
        Variant {
            mode: Mode::Skirmish,
            walls: None,
            deployment: Deployment::Free,
            turn_order: TurnOrder::Clockwise,
            round_limit: 100,
        }
    }
}

impl Variant {
    /// Parses comma-separated switches: `skirmish`, `battle`, `fixed`,
    /// `standard-walls`, `custom`, `standard-deployment`, `alternating`.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let mut v = Variant::default();
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let lower = name.to_ascii_lowercase();
            // `key=value` options (`mode=battle`, `walls=standard`) read as switches.
            let switch = match lower.split_once('=').map(|(k, v)| (k.trim().replace('-', "_"), v.trim().to_string())) {
                Some((k, v)) if k == "mode" && matches!(v.as_str(), "skirmish" | "battle") => v,
                Some((k, v)) if k == "walls" && matches!(v.as_str(), "fixed" | "custom") => v,
                Some((k, v)) if k == "walls" && v == "standard" => "standard-walls".into(),
                Some((k, v)) if k == "walls" && v.is_empty() => "standard".into(),
                Some((k, v)) if k == "deployment" && v == "standard" => "standard-deployment".into(),
                Some((k, v)) if k == "deployment" && v == "free" => "standard".into(),
                Some((k, v)) if k == "turn_order" && v == "alternating" => v,
                Some((k, v)) if k == "turn_order" && v == "clockwise" => "standard".into(),
                Some(_) => {
                    return Err(format!(
                        "unknown option '{}'; choose from mode=skirmish|battle, walls=fixed|standard|custom, deployment=free|standard, turn_order=clockwise|alternating",
                        name.chars().take(40).collect::<String>()
                    ));
                }
                None => lower,
            };
            match switch.as_str() {
                "standard" => {}
                "skirmish" => v.mode = Mode::Skirmish,
                "battle" => v.mode = Mode::Battle,
                "fixed" | "fixed-walls" => v.walls = Some(WallOption::Fixed),
                "standard-walls" => v.walls = Some(WallOption::Standard),
                "custom" | "custom-walls" => v.walls = Some(WallOption::Custom),
                "standard-deployment" | "quick" => v.deployment = Deployment::Standard,
                "alternating" => v.turn_order = TurnOrder::Alternating,
                other => {
                    return Err(format!(
                        "unknown variant '{}'; choose from skirmish, battle, fixed, standard-walls, custom, standard-deployment, alternating",
                        other.chars().take(30).collect::<String>()
                    ));
                }
            }
        }
        Ok(v)
    }

    /// The switches as `--variant` text.
    pub fn label(&self) -> String {
        let mut parts = vec![match self.mode {
            Mode::Skirmish => "skirmish",
            Mode::Battle => "battle",
        }];
        match self.walls {
            Some(WallOption::Fixed) => parts.push("fixed"),
            Some(WallOption::Standard) => parts.push("standard-walls"),
            Some(WallOption::Custom) => parts.push("custom"),
            None => {}
        }
        if self.deployment == Deployment::Standard {
            parts.push("standard-deployment");
        }
        if self.turn_order == TurnOrder::Alternating {
            parts.push("alternating");
        }
        parts.join(",")
    }

    /// Board ranks: 8, or 16 in Battle.
    pub fn ranks(&self) -> u8 {
        match self.mode {
            Mode::Skirmish => 8,
            Mode::Battle => 16,
        }
    }

    /// Walls in the game: 5, or 10 in Battle.
    pub fn wall_count(&self) -> u8 {
        match self.mode {
            Mode::Skirmish => 5,
            Mode::Battle => 10,
        }
    }

    /// Back ranks a side deploys in: 2, or 4 in Battle.
    pub fn deploy_ranks(&self) -> u8 {
        match self.mode {
            Mode::Skirmish => 2,
            Mode::Battle => 4,
        }
    }

    /// Squad units per army: 10 or 20, halved with four armies.
    pub fn squad_size(&self, armies: usize) -> u8 {
        let full = match self.mode {
            Mode::Skirmish => 10,
            Mode::Battle => 20,
        };
        if armies > 2 { full / 2 } else { full }
    }
}
