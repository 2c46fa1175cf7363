//! The ways of putting a warband together ("BUILDING A WARBAND"), and which
//! construction rules each one applies.
//!
//! | mode | points limit | one creature at most half | alignment |
//! |---|---|---|---|
//! | Narrative Play | checked if the file gives one | no | no |
//! | Balanced, Unlimited Play | required | yes | no |
//! | Balanced, Limited Play | required | yes | required; same, adjacent or True Neutral |
//! | Random Box Recruitment | 200 unless the file gives another | yes | no |
//! | Campaign Play | required (ruling V16) | yes | no |
//!
//! The rulings behind the table are in `docs/rulings/p2v.md`.

use crate::source::clip;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How a warband is put together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum PlayMode {
    /// "Each player chooses the creatures that are appropriate for the story."
    Narrative,
    /// "Players agree on a number of points for each warband." The default.
    #[default]
    BalancedUnlimited,
    /// "As unlimited play, but each player selects an alignment, and then
    /// selects creatures of that alignment or adjacent alignments."
    BalancedLimited,
    /// Creatures from random boxes, "equal to or below 200 (or other agreed number)".
    RandomBox,
    /// "Players assemble and cultivate a warband over one or more adventures."
    Campaign,
}

impl PlayMode {
    /// Every mode, in the rulebook's order.
    pub const ALL: [PlayMode; 5] = [
        PlayMode::Narrative,
        PlayMode::BalancedUnlimited,
        PlayMode::BalancedLimited,
        PlayMode::RandomBox,
        PlayMode::Campaign,
    ];

    /// The key used in files (`balanced-limited`).
    pub fn key(self) -> &'static str {
        match self {
            PlayMode::Narrative => "narrative",
            PlayMode::BalancedUnlimited => "balanced-unlimited",
            PlayMode::BalancedLimited => "balanced-limited",
            PlayMode::RandomBox => "random-box",
            PlayMode::Campaign => "campaign",
        }
    }

    /// The rulebook's name (`Balanced, Limited Play`).
    pub fn name(self) -> &'static str {
        match self {
            PlayMode::Narrative => "Narrative Play",
            PlayMode::BalancedUnlimited => "Balanced, Unlimited Play",
            PlayMode::BalancedLimited => "Balanced, Limited Play",
            PlayMode::RandomBox => "Random Box Recruitment",
            PlayMode::Campaign => "Campaign Play",
        }
    }

    /// The rulebook section that sets this mode's points (`BUILDING A
    /// WARBAND: Random Box Recruitment`).
    pub fn section(self) -> &'static str {
        match self {
            PlayMode::Narrative => "BUILDING A WARBAND: Narrative Play",
            PlayMode::BalancedUnlimited => "BUILDING A WARBAND: Balanced, Unlimited Play",
            // "As unlimited play, but …": its points are unlimited play's.
            PlayMode::BalancedLimited => "BUILDING A WARBAND: Balanced, Unlimited Play",
            PlayMode::RandomBox => "BUILDING A WARBAND: Random Box Recruitment",
            PlayMode::Campaign => "BUILDING A WARBAND: Campaign Play; Single most expensive creature (ruling V16)",
        }
    }

    /// Whether the file must give a points limit: the balanced modes, and
    /// Campaign Play, whose half rule needs one (ruling V16).
    pub fn requires_limit(self) -> bool {
        matches!(self, PlayMode::BalancedUnlimited | PlayMode::BalancedLimited | PlayMode::Campaign)
    }

    /// The limit used when the file gives none (Random Box Recruitment: 200).
    pub fn default_limit(self) -> Option<u32> {
        match self {
            PlayMode::RandomBox => Some(200),
            _ => None,
        }
    }

    /// Whether no single creature may cost more than half the limit ("In all
    /// forms of play except Narrative Play").
    pub fn half_rule(self) -> bool {
        self != PlayMode::Narrative
    }

    /// Whether creatures must be of the warband's alignment, an adjacent one
    /// or True Neutral.
    pub fn alignment_rule(self) -> bool {
        self == PlayMode::BalancedLimited
    }
}

impl fmt::Display for PlayMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlayMode {
    type Err = String;

    /// Parses a key (`balanced-limited`), with spaces, underscores or commas
    /// for hyphens, `play` left off, and `unlimited`, `limited` and
    /// `random-box-recruitment` accepted.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace(", ", "-").replace([' ', '_', ','], "-");
        let t = t.strip_suffix("-play").unwrap_or(&t);
        let found = match t {
            "unlimited" => Some(PlayMode::BalancedUnlimited),
            "limited" => Some(PlayMode::BalancedLimited),
            "random-box-recruitment" | "random" => Some(PlayMode::RandomBox),
            other => PlayMode::ALL.into_iter().find(|m| m.key() == other),
        };
        found.ok_or_else(|| {
            format!(
                "unknown play mode '{}'; use narrative, balanced-unlimited, balanced-limited, random-box or campaign",
                clip(s.trim(), 30)
            )
        })
    }
}

impl TryFrom<String> for PlayMode {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<PlayMode> for String {
    fn from(m: PlayMode) -> String {
        m.key().to_string()
    }
}
