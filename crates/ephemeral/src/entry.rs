//! Ephemeral Path's entry in the registration table: the edition, the
//! figure sets (a file or a shipped set's name) and the terrain kit as
//! options, the bots, the notation and the events in words.

use crate::catalogue::Catalogue;
use crate::figure::{FigureSet, SetError, shipped_set, shipped_sets};
use crate::kit::Kit;
use crate::notation::{event_text, format_action, parse_action_in};
use crate::rules::Ephemeral;
use crate::state::State;
use crate::variant::{DEFAULT_SETS, Variant};
use crate::{Action, Edition, Event};
use arbiter_core::{About, BotChoice, Choice, Entry, GameOption, OptionKind};
use std::path::Path;

const SETS: &[Choice] = &[
    Choice { value: "ember-court", label: "Ember Court" },
    Choice { value: "tide-wardens", label: "Tide Wardens" },
    Choice { value: "glass-orchard", label: "Glass Orchard" },
    Choice { value: "lantern-pact", label: "Lantern Pact" },
    Choice { value: "salt-and-iron", label: "Salt and Iron" },
    Choice { value: "quarry-guild", label: "Quarry Guild" },
    Choice { value: "gatewrights", label: "Gatewrights" },
    Choice { value: "starfall-choir", label: "Starfall Choir" },
    Choice { value: "mire-stalkers", label: "Mire Stalkers" },
];

const OPTIONS: &[GameOption] = &[
    GameOption {
        key: "edition",
        label: "Edition",
        help: "the rules edition: v0.26 (Ephemeral Path) or v0.20 (Ephemeral Gate)",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "v0.26", label: "Ephemeral Path v0.26" },
                Choice { value: "v0.20", label: "Ephemeral Gate v0.20" },
            ],
        },
    },
    GameOption {
        key: "set1",
        label: "P1's figure set",
        help: "P1's figure set, a file (.toml or .json) or a shipped set's name (default ember-court)",
        kind: OptionKind::File { presets: SETS },
    },
    GameOption {
        key: "set2",
        label: "P2's figure set",
        help: "P2's figure set, a file or a shipped set's name (default tide-wardens)",
        kind: OptionKind::File { presets: SETS },
    },
    GameOption {
        key: "terrain",
        label: "Terrain kit",
        help: "the five terrain pieces, a kit file (.toml; see docs/figure-sets.md); default: the standard kit",
        kind: OptionKind::File { presets: &[] },
    },
];

const BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Medium (MCTS, 200 iterations)", spec: "mcts:iters=200" },
    BotChoice { label: "Strong (heuristic)", spec: "heuristic" },
];

/// Loads a figure set from a file, or a shipped set by name, for `edition`.
fn load_set(spec: &str, edition: Edition, flag: &str) -> Result<FigureSet, String> {
    let path = Path::new(spec);
    if path.exists() {
        let catalogue = Catalogue::standard().map_err(|e| format!("the ability catalogue: {e}"))?;
        return FigureSet::load(path, edition, &catalogue).map_err(|e| match e {
            SetError::Invalid(v) => {
                let lines: Vec<String> = v.iter().map(|x| format!("  {x}")).collect();
                format!("{flag} {spec} is not a legal figure set for {}:\n{}", edition.title(), lines.join("\n"))
            }
            other => format!("{flag} {spec}: {other}"),
        });
    }
    if shipped_set(spec).is_some() {
        return FigureSet::shipped(spec, edition).map_err(|e| format!("{flag} {spec}: {e}"));
    }
    let names: Vec<&str> = shipped_sets().iter().map(|(n, _)| *n).collect();
    Err(format!(
        "{flag} {spec}: cannot read the file (no such file), and it is not a shipped set ({})",
        names.join(", ")
    ))
}

/// Splits variant text at commas, keeping a comma that belongs to a file
/// name (`set1=a,b.toml`) with its value.
fn switches(text: &str) -> Vec<String> {
    let known = |p: &str| {
        let key = p.split_once('=').map_or(p, |(k, _)| k).trim().to_ascii_lowercase();
        matches!(
            key.as_str(),
            "standard" | "edition" | "set1" | "set2" | "terrain" | "v0.26" | "v0.20" | "path" | "gate" | ""
        )
    };
    let mut out: Vec<String> = Vec::new();
    for part in text.split(',') {
        match out.last_mut() {
            Some(last) if !known(part) && last.contains('=') => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

impl Entry for Ephemeral {
    fn measure(&self, state: &State, a: &str, b: &str) -> Option<Result<serde_json::Value, String>> {
        Some(self.measure_text(state, a, b))
    }

    /// The gate score if the game ended now, for the tracker (`gate`).
    fn tracker(&self, state: &State) -> Option<serde_json::Value> {
        serde_json::to_value(self.gate_score(state)).ok().map(|gate| serde_json::json!({ "gate": gate }))
    }

    fn figure_stats(&self, end: &State, events: &[Event]) -> Vec<arbiter_core::FigureStat> {
        self.figure_tally(end, events)
    }

    /// The position as one vector (`tensor.rs`).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(vec![crate::tensor::TENSOR_SIZE])
    }

    fn observation_tensor(&self, state: &State) -> Option<Vec<f32>> {
        Some(self.tensor(state))
    }

    fn about() -> About {
        About {
            aliases: &["ephemeral-path", "ep", "ephemeral-gate"],
            blurb: "A skirmish on a 40 × 40 cm table without a grid. Forage dice, then reach the gate.",
            seats: &[2],
            default_seats: 2,
            options: OPTIONS,
            bots: BOTS,
            default_bot: "heuristic",
        }
    }

    fn parse_variant(text: &str) -> Result<Variant, String> {
        let mut edition = Edition::default();
        let mut sets: [Option<String>; 2] = [None, None];
        let mut kit = None;
        for part in switches(text) {
            let (key, value) = part.split_once('=').map_or((part.as_str(), ""), |(k, v)| (k.trim(), v.trim()));
            match (key.to_ascii_lowercase().as_str(), value) {
                ("standard", "") => {}
                ("edition", e) => edition = e.parse()?,
                (e @ ("v0.26" | "v0.20" | "path" | "gate"), "") => edition = e.parse()?,
                ("set1", f) if !f.is_empty() => sets[0] = Some(f.to_string()),
                ("set2", f) if !f.is_empty() => sets[1] = Some(f.to_string()),
                ("terrain", f) if !f.is_empty() => {
                    let text = std::fs::read_to_string(f).map_err(|e| format!("--terrain {f}: {e}"))?;
                    kit = Some(Kit::from_toml(&text).map_err(|e| format!("--terrain {f}: {e}"))?);
                }
                _ => {
                    return Err(format!(
                        "unknown Ephemeral switch '{}' (edition=v0.26|v0.20, set1=FILE|NAME, set2=FILE|NAME, terrain=FILE)",
                        part.chars().take(40).collect::<String>()
                    ));
                }
            }
        }
        let mut loaded = Vec::new();
        for (k, set) in sets.iter().enumerate() {
            let flag = format!("--set{}", k + 1);
            loaded.push(load_set(set.as_deref().unwrap_or(DEFAULT_SETS[k]), edition, &flag)?);
        }
        Ok(Variant { edition, sets: loaded, kit: kit.unwrap_or_else(Kit::standard) })
    }

    fn variant_label(v: &Variant) -> String {
        let names: Vec<&str> = v.sets.iter().map(|s| s.name()).collect();
        format!("{}: {}", v.edition.title(), names.join(" vs "))
    }

    fn parse_action(&self, s: &State, text: &str) -> Result<Action, String> {
        parse_action_in(self, s, text).map_err(|e| e.to_string())
    }

    fn action_text(&self, action: &Action) -> String {
        format_action(self, action)
    }

    fn notation_help(&self) -> &'static str {
        "Positions are x,y in cm from the lower-left corner (brackets optional): 12.5,20. Figures: P1's a b c d, P2's A B C D.
  x | y                          choose to be player X or Y
  terrain 2 at 12,20 turn 45     place kit piece 2 (short: t2 12,20 45); gate at 20,20
  forager P1                     (v0.20, player Y) who forages first
  forage 3 b [at 0.8,15]         take pool die 3 onto b (placing b if it is not on the table); pass
  place b at 39.2,10             place a figure after foraging
  first P2                       (player X) who activates first
  b  |  activate b               activate figure b
  move 10,12 [15,18 …]           move the active figure through waypoints
  attack C 2d4+1d6               standard attack on C with the dice you choose
  prepare                        gain a prep token
  use N [die D] …                use the active figure's ability N (or b N: figure b's), with sheet die D:
     use 1 C [D]                 at targets · use 1 at 12,20 (a mine) · use 1 move 12,20 (a move ability)
     use 1 push C | pull C       push or pull (push gate / pull gate for L3) · use 1 raise b 2 (T10, L6)
     use 1 pools C:1,2 D:3       L1's attack pools · use 1 C tokens 2 (D10)
     use 1 defend | reroll       a Defend die as shown or rerolled · use 1 cancel 3 (L7)
     use 1 counter C [2d4]       a counter attack · pass   let an event go unanswered
  detonate N                     set off your active mine N (an action)
  resist 2d6 | pass              resist an ability with dice against your Force, or not
  prep raise N | prep lower N    after an attack roll: change attack die N by 2
  prep forage b N | prep nudge b x,y | prep mend b | prep reach b | prep force b | prep free b
  end                            end the activation;   resolve   accept the rolled attack dice
  measure a C | measure a 12,20 | measure a gate   distances, line of sight and range (not a decision)"
    }

    fn event_text(&self, s: &State, event: &Event) -> String {
        event_text(self, s, event)
    }

    /// The rules' distances, for the web table (which draws the nudge ring
    /// and the clearances rather than copying the numbers).
    fn export_typescript(dir: &Path) -> Result<(), String> {
        let text = format!(
            "// Generated from crates/ephemeral (Entry::export_typescript): the rules' distances, in cm.\n\
             /** How far a prep token's nudge moves a figure, climbing included. */\n\
             export const NUDGE_CM = {};\n\
             /** The extra range a prep token's reach gives the next attack. */\n\
             export const REACH_CM = {};\n\
             /** How far enemy figures must be from a figure placed while foraging. */\n\
             export const PLACE_CLEARANCE = {};\n\
             /** How far the gate must be from the play area's edge. */\n\
             export const GATE_CLEARANCE = {};\n\
             /** The gate's diameter. */\n\
             export const GATE_DIAMETER = {};\n",
            crate::rules::NUDGE_CM,
            crate::rules::REACH_CM,
            crate::rules::PLACE_CLEARANCE,
            crate::rules::GATE_CLEARANCE,
            crate::kit::GATE_DIAMETER,
        );
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("rules.ts"), text).map_err(|e| e.to_string())?;
        arbiter_core::export_type::<crate::State>(dir)?;
        arbiter_core::export_type::<crate::Action>(dir)?;
        arbiter_core::export_type::<crate::Event>(dir)?;
        arbiter_core::export_type::<crate::Variant>(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::{SETS, switches};

    #[test]
    fn the_set_options_offer_every_shipped_set() {
        let shipped: Vec<&str> = crate::figure::shipped_sets().iter().map(|(n, _)| *n).collect();
        let offered: Vec<&str> = SETS.iter().map(|c| c.value).collect();
        assert_eq!(offered, shipped);
    }

    #[test]
    fn commas_in_file_names_stay_with_their_switch() {
        assert_eq!(
            switches("standard,edition=v0.20,set1=a,b.toml,set2=c"),
            ["standard", "edition=v0.20", "set1=a,b.toml", "set2=c"]
        );
    }
}
