//! The entries of E'thia (Skirmish and Battle) and E'thia Worlds in the
//! registration table: options with their help, seats, bots, notation, and
//! Worlds' events with leaders and enemies by name.

use crate::action::Action;
use crate::rules::Ethia;
use crate::state::State;
use crate::variant::Variant;
use crate::worlds::card::LeaderCard;
use crate::worlds::quest::{EnemyKind, built_in};
use crate::worlds::{EthiaWorlds, WorldsAction, WorldsEnding, WorldsEvent, WorldsState, WorldsVariant};
use arbiter_core::{About, BotChoice, Choice, Entry, Game, GameOption, OptionKind, Seat};

const ETHIA_OPTIONS: &[GameOption] = &[
    GameOption {
        key: "mode",
        label: "Board",
        help: "Skirmish (one 8×8 board, 5 walls) or Battle (16×8, 10 walls)",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "skirmish", label: "Skirmish (8×8, 5 walls)" },
                Choice { value: "battle", label: "Battle (16×8, 10 walls)" },
            ],
        },
    },
    GameOption {
        key: "walls",
        label: "Walls",
        help: "fix the wall option instead of letting the roll-off winner choose",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "", label: "The roll-off winner chooses" },
                Choice { value: "fixed", label: "Fixed layout" },
                Choice { value: "standard", label: "Take turns placing" },
                Choice { value: "custom", label: "Custom" },
            ],
        },
    },
    GameOption {
        key: "deployment",
        label: "Deployment",
        help: "place units one by one, or the standard quick-start placement",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "free", label: "Free (place one by one)" },
                Choice { value: "standard", label: "Standard (quick start)" },
            ],
        },
    },
    GameOption {
        key: "turn_order",
        label: "Turn order",
        help: "with four armies: clockwise, or teams alternating",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "clockwise", label: "Clockwise" },
                Choice { value: "alternating", label: "Teams alternate" },
            ],
        },
    },
];

const ETHIA_BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Medium (heuristic)", spec: "heuristic" },
    BotChoice { label: "Strong (MCTS, 200 iterations)", spec: "mcts:iters=200" },
];

impl Entry for Ethia {
    fn figure_stats(&self, _end: &State, events: &[crate::Event]) -> Vec<arbiter_core::FigureStat> {
        crate::tally::skirmish(self, events)
    }

    fn about() -> About {
        About {
            aliases: &[],
            blurb: "Leaders and squads on a walled board. Roll for actions, roll to move, roll to capture.",
            seats: &[2, 3, 4],
            default_seats: 2,
            options: ETHIA_OPTIONS,
            bots: ETHIA_BOTS,
            default_bot: "mcts:iters=200",
        }
    }

    fn parse_variant(text: &str) -> Result<Variant, String> {
        Variant::parse(text)
    }

    fn variant_label(variant: &Variant) -> String {
        variant.label()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, String> {
        text.parse::<Action>().map_err(|e| e.to_string())
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    /// The event's words, with the players of a team named ("P1 wins",
    /// "P1 and P2 win") where the event itself knows only "team A".
    fn event_text(&self, _s: &State, event: &crate::Event) -> String {
        match event {
            crate::Event::GameOver { team: Some(t), reason } => {
                let who = self.team_words(*t);
                let verb = if self.table().team_seats(*t).len() > 1 { "win" } else { "wins" };
                format!("{who} {verb}: {reason}")
            }
            crate::Event::DrawWindow { leader_team } => format!(
                "{} captured every enemy leader in the first round; the rest of the round may still force a draw",
                self.team_words(*leader_team)
            ),
            other => other.to_string(),
        }
    }

    fn export_typescript(dir: &std::path::Path) -> Result<(), String> {
        // Actions travel in the game's notation (text).
        arbiter_core::export_type::<State>(dir)?;
        arbiter_core::export_type::<crate::Event>(dir)?;
        arbiter_core::export_type::<Variant>(dir)
    }

    fn notation_help(&self) -> &'static str {
        "Squares a1..h8 (h16 in Battle); rank 1 is the south end.
  walls:fixed | walls:standard | walls:custom   choose how walls are placed
  c4|c5          place a wall on the edge between c4 and c5
  end:south | end:north                           choose your side's end
  L@d1 / S@c1    place your leader / a squad unit
  Mc2            move the unit on c2 (the move roll follows)
  >c5            after the roll: where it goes (its own square to stay)
  c2xc5          capture attempt from c2 on c5 (adjacent: close combat)
  end            end your turn"
    }

    fn side_of(&self, seat: Seat) -> usize {
        usize::from(self.table().seat_team(seat))
    }

    /// Every action of the board numbered once for all (`numbering.rs`).
    fn num_distinct_actions(&self) -> Option<usize> {
        Some(self.action_count())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.action_number(action)
    }

    /// Planes over the board (`numbering.rs`).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(self.tensor_shape().to_vec())
    }

    fn observation_tensor(&self, s: &State) -> Option<Vec<f32>> {
        Some(self.tensor(s))
    }
}

/// Largest quest or party file read.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads a quest or party file of at most 1 MiB.
fn read_small(path: &str, what: &str) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read {path}: {e}"))?.len();
    if size > MAX_FILE_BYTES {
        return Err(format!("{path}: a {what} file is at most 1 MiB"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// The name the quest gives an enemy kind ("Coyote").
pub fn enemy_name(g: &EthiaWorlds, kind: EnemyKind) -> String {
    let q = g.quest();
    match kind {
        EnemyKind::Close => q.close.name.clone(),
        EnemyKind::Ranged => q.ranged.name.clone(),
        EnemyKind::Boss => q.boss.as_ref().map(|b| b.name.clone()).unwrap_or_else(|| "boss".into()),
    }
}

/// Names the enemy or leader with a 0-based number.
type Namer = fn(&EthiaWorlds, &WorldsState, usize) -> Option<String>;

/// Puts names to the numbers in an event's words: "enemy 13" becomes
/// "Coyote 13", "leader 2" becomes "Ma'Nia (2)".
pub fn named(g: &EthiaWorlds, s: &WorldsState, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find(['e', 'l']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let (word, name): (&str, Namer) = if rest.starts_with("enemy ") {
            ("enemy ", |g, s, n| s.enemies.get(n).map(|e| format!("{} {}", enemy_name(g, e.kind), n + 1)))
        } else if rest.starts_with("leader ") {
            ("leader ", |_, s, n| s.leaders.get(n).map(|l| format!("{} ({})", l.card.name, n + 1)))
        } else {
            out.push_str(&rest[..1]);
            rest = &rest[1..];
            continue;
        };
        let digits: String = rest[word.len()..].chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>().ok().filter(|n| *n >= 1).and_then(|n| name(g, s, n - 1)) {
            Some(named) => {
                out.push_str(&named);
                rest = &rest[word.len() + digits.len()..];
            }
            None => {
                out.push_str(word);
                rest = &rest[word.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

const WORLDS_OPTIONS: &[GameOption] = &[
    GameOption {
        key: "quest",
        label: "Quest",
        help: "a built-in quest's id or a quest file (.toml; see docs/quests.md)",
        kind: OptionKind::File {
            presets: &[Choice { value: "kingdom-of-coyote", label: "Kingdom of Coyote (built in)" }],
        },
    },
    GameOption {
        key: "leaders",
        label: "Leaders",
        help: "how many leaders go on the adventure (0: as many as the quest is built for)",
        kind: OptionKind::Number { min: 0, max: 4, default: 0 },
    },
    GameOption {
        key: "party",
        label: "Party",
        help: "a party file of leader cards ([[leader]] tables; see docs/quests.md)",
        kind: OptionKind::File { presets: &[] },
    },
    GameOption {
        key: "composition",
        label: "Party composition",
        help: "the party by leader type (and element), in start-square order: striker-fire+ranger+defender+scout \
               (an element left out is the rulebook leader's; as many leaders as it names unless leaders says fewer; \
               party=FILE gives whole cards instead)",
        kind: OptionKind::File {
            presets: &[
                Choice { value: "defender+striker+ranger+scout", label: "One of each type (the rulebook's)" },
                Choice { value: "striker+striker+striker+striker", label: "Four strikers" },
                Choice { value: "ranger+ranger+ranger+ranger", label: "Four rangers" },
            ],
        },
    },
    GameOption {
        key: "shop",
        label: "Visit the Smokey Cauldron first",
        help: "shop before the quest (on by default; no-shop skips it)",
        kind: OptionKind::Flag,
    },
];

const WORLDS_BOTS: &[BotChoice] = &[
    BotChoice { label: "Random", spec: "random" },
    BotChoice { label: "Greedy", spec: "greedy" },
    BotChoice { label: "Heuristic (best)", spec: "heuristic" },
];

impl Entry for EthiaWorlds {
    fn about() -> About {
        About {
            aliases: &["worlds"],
            blurb: "A co-operative quest: your leaders against the automated enemies of the Kingdom of Coyote.",
            seats: &[1, 2, 3, 4],
            default_seats: 1,
            options: WORLDS_OPTIONS,
            bots: WORLDS_BOTS,
            default_bot: "heuristic",
        }
    }

    fn parse_variant(text: &str) -> Result<WorldsVariant, String> {
        let mut v = WorldsVariant::default();
        let mut party_given = false;
        let mut composition = false;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            if matches!(key, "party" | "composition") {
                if party_given {
                    return Err("give the party once: party=FILE or composition=TYPE+TYPE…, not both".into());
                }
                party_given = true;
            }
            match (key, value) {
                ("standard", "") => {}
                ("shop", "") => v.shop = true,
                ("no-shop", "") => v.shop = false,
                ("quest", q) if !q.is_empty() => {
                    if built_in(q).is_some() {
                        v.quest = q.to_string();
                        v.quest_file = None;
                    } else {
                        let text = read_small(q, "quest").map_err(|e| {
                            format!("quest '{q}' is neither built in (kingdom-of-coyote) nor a readable file: {e}")
                        })?;
                        v.quest_file = Some(text);
                    }
                }
                ("party", f) if !f.is_empty() => {
                    let text = read_small(f, "party")?;
                    v.party = LeaderCard::party_from_toml(&text).map_err(|e| format!("{f}: {e}"))?;
                }
                ("composition", c) if !c.is_empty() => {
                    v.party = LeaderCard::party_from_composition(c).map_err(|e| format!("composition: {e}"))?;
                    composition = true;
                }
                ("leaders", n) => {
                    v.leaders =
                        n.parse::<u8>().ok().filter(|n| *n <= 4).ok_or("leaders=N takes 1 to 4 (0: the quest's)")?
                }
                ("rounds", n) => {
                    v.round_limit = n
                        .parse::<u16>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or("rounds=N takes a number of rounds, at least 1")?
                }
                _ => {
                    return Err(format!(
                        "unknown E'thia Worlds switch '{}' (quest=ID|FILE, party=FILE, composition=TYPE+TYPE…, leaders=N, shop, no-shop, rounds=N)",
                        part.chars().take(40).collect::<String>()
                    ));
                }
            }
        }
        // A composition says how many leaders go, unless `leaders` says otherwise.
        if composition && v.leaders == 0 {
            v.leaders = v.party.len() as u8;
        }
        Ok(v)
    }

    fn variant_label(v: &WorldsVariant) -> String {
        let mut parts = vec![match &v.quest_file {
            Some(_) => "quest=(file)".to_string(),
            None => format!("quest={}", v.quest),
        }];
        if v.leaders != 0 {
            parts.push(format!("leaders={}", v.leaders));
        }
        if !v.party.is_empty() {
            let names: Vec<&str> = v.party.iter().map(|c| c.name.as_str()).collect();
            parts.push(format!("party=({})", names.join("/")));
        }
        parts.push(if v.shop { "shop".into() } else { "no-shop".into() });
        parts.push(format!("rounds={}", v.round_limit));
        parts.join(",")
    }

    /// Squares are named on the quest's map (`a1` at its lower left, files
    /// across its width), whatever its size.
    fn parse_action(&self, _s: &WorldsState, text: &str) -> Result<WorldsAction, String> {
        WorldsAction::parse_on(text, &self.quest().grid).map_err(|e| e.to_string())
    }

    fn action_text(&self, action: &WorldsAction) -> String {
        action.text_on(&self.quest().grid)
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        self.action_count()
    }

    fn action_index(&self, action: &WorldsAction) -> Option<usize> {
        self.action_number(action)
    }

    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(self.tensor_shape().to_vec())
    }

    fn observation_tensor(&self, s: &WorldsState) -> Option<Vec<f32>> {
        Some(self.tensor(s))
    }

    fn export_typescript(dir: &std::path::Path) -> Result<(), String> {
        // Actions travel in the game's notation (text).
        arbiter_core::export_type::<WorldsState>(dir)?;
        arbiter_core::export_type::<WorldsEvent>(dir)?;
        arbiter_core::export_type::<WorldsVariant>(dir)
    }

    fn notation_help(&self) -> &'static str {
        "Leaders are 1-4; squares a1..h16 (rank 1 is where the leaders start).
  lead:2                 players' choice: leader 2 takes the next turn
  drink:speed            drink an elixir before rolling (defense attack speed health
                         full-health tunnel free-shot quickening)
  roll | heal | revive:3 | favour:3     start the turn
  move, then go | reroll | charm, then step:n ... step:nw, stop
  attack:d9              capture attempt (then resolve | reroll | charm | quicken)
  search:c7 disarm:b10 pick:a14 parley trade:2 escape end
  chest:three | chest:one | chest:relic, take:ELIXIR, charm:attack
  give:ITEM get:ITEM give-tokens:N get-tokens:N done      while trading
  buy:ITEM done          at the Smokey Cauldron (relics: vitality might guard
                         swiftness reach haste resurrection training-ranger ...)"
    }

    fn side_of(&self, _seat: Seat) -> usize {
        0
    }

    fn intro(&self) -> Option<String> {
        let q = self.quest();
        let mut text = format!("{} (level {})\n{}", q.name, q.level, q.story.trim());
        if !q.credit.is_empty() {
            text.push_str(&format!("\n({})", q.credit));
        }
        Some(text)
    }

    fn event_text(&self, s: &WorldsState, event: &WorldsEvent) -> String {
        match *event {
            // The close-quarters units share one action roll: it is theirs, not
            // the first one's.
            WorldsEvent::EnemyActions { enemy, attacks }
                if s.enemies.get(usize::from(enemy)).is_some_and(|e| e.kind == EnemyKind::Close) =>
            {
                let name = &self.quest().close.name;
                format!("the {name}s' shared action roll: {attacks} attack{}", if attacks == 1 { "" } else { "s" })
            }
            // The outcome's words name the quest's boss ("the Duke is captured").
            WorldsEvent::AdventureOver { .. } => match self.outcome(s) {
                Some(o) => format!("the adventure ends: {}", o.reason),
                None => event.to_string(),
            },
            _ => named(self, s, &event.to_string()),
        }
    }

    fn figure_stats(&self, end: &WorldsState, events: &[WorldsEvent]) -> Vec<arbiter_core::FigureStat> {
        crate::tally::worlds(end, events)
    }

    fn ending_label(&self, s: &WorldsState) -> String {
        match s.ending {
            Some(WorldsEnding::Won) => "quest won",
            Some(WorldsEnding::Lost) => "quest lost",
            Some(WorldsEnding::Escaped) => "party escaped",
            Some(WorldsEnding::RoundLimit) => "round limit",
            None => "unfinished",
        }
        .into()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use arbiter_core::Game;

    #[test]
    fn a_composition_is_the_party_and_excludes_a_party_file() {
        let v = EthiaWorlds::parse_variant("composition=striker+striker-water,leaders=2,no-shop").unwrap();
        let names: Vec<&str> = v.party.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Fire Striker", "Water Striker"]);
        assert!(EthiaWorlds::variant_label(&v).contains("party=(Fire Striker/Water Striker)"));
        let g = EthiaWorlds::new(v, 1).unwrap();
        assert_eq!(g.initial_state().leaders.len(), 2);
        assert!(EthiaWorlds::parse_variant("composition=wizard").unwrap_err().starts_with("composition: 'wizard'"));
        let both = EthiaWorlds::parse_variant("composition=scout,party=x.toml").unwrap_err();
        assert!(both.contains("not both"), "{both}");
        // Fewer leaders in the composition than asked for is refused by the game.
        let short = EthiaWorlds::parse_variant("composition=scout,leaders=2").unwrap();
        assert!(EthiaWorlds::new(short, 1).is_err());
        // Without `leaders`, as many leaders as the composition names.
        let v = EthiaWorlds::parse_variant("composition=ranger+scout+striker").unwrap();
        assert_eq!(EthiaWorlds::new(v, 1).unwrap().initial_state().leaders.len(), 3);
    }

    #[test]
    fn the_coyotes_shared_roll_is_theirs_and_called_coyotes_are_placed() {
        let g = EthiaWorlds::new(WorldsVariant { shop: false, leaders: 2, ..WorldsVariant::default() }, 1).unwrap();
        let s = g.initial_state();
        let c = s.enemies.iter().position(|e| e.kind == EnemyKind::Close).unwrap() as u8;
        let text = g.event_text(&s, &WorldsEvent::EnemyActions { enemy: c, attacks: 2 });
        assert_eq!(text, "the Coyotes' shared action roll: 2 attacks");
        let at = crate::At::of(&g.quest().grid, s.enemies[usize::from(c)].at);
        let text = g.event_text(&s, &WorldsEvent::Called { enemy: c, at });
        assert!(text.starts_with(&format!("Coyote {} answers the call on ", c + 1)), "{text}");
    }
}
