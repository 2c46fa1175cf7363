//! Path 2 Victory's entry in the registration table: the warbands and the
//! map as options, the bots, the notation and the events in words, and the
//! fixed action numbers and observation tensor of [`super::numbering`] and
//! [`super::tensor`].

use super::action::Action;
use super::event::Event;
use super::notation::HELP;
use super::rules::P2v;
use super::state::{Life, State};
use super::variant::Variant;
use super::words::plain;
use arbiter_core::{About, BotChoice, Choice, Entry, Game, GameOption, OptionKind, ToMove};
use arbiter_geometry::battle::render::{Overlay, text};
use std::fmt::Write;

const WARBANDS: &[Choice] = &[
    Choice { value: "old-wood-brawlers", label: "Old Wood Brawlers (150)" },
    Choice { value: "briar-skirmishers", label: "Briar Skirmishers (150)" },
    Choice { value: "scuttling-horde", label: "The Scuttling Horde (150)" },
    Choice { value: "soothsayers-circle", label: "The Soothsayer's Circle (150)" },
    Choice { value: "thornwood-raiders", label: "Thornwood Raiders" },
    Choice { value: "kobold-ambush", label: "Kobold Ambush" },
    Choice { value: "beasts-of-the-vale", label: "Beasts of the Vale" },
    Choice { value: "oni-tyrant", label: "Oni Tyrant" },
];

const MAPS: &[Choice] = &[
    Choice { value: "ruined-crossroads", label: "Ruined crossroads (24 × 18)" },
    Choice { value: "river-ford", label: "River ford (36 × 24)" },
    Choice { value: "broken-hills", label: "Broken hills (48 × 36)" },
    Choice { value: "tiles", label: "Terrain tiles, laid by the players in turn" },
];

const OPTIONS: &[GameOption] = &[
    GameOption {
        key: "warband1",
        label: "P1's warband",
        help: "P1's warband, a file (.toml or .json; docs/warbands.md) or a shipped warband's name (default old-wood-brawlers)",
        kind: OptionKind::File { presets: WARBANDS },
    },
    GameOption {
        key: "warband2",
        label: "P2's warband",
        help: "P2's warband, a file or a shipped warband's name (default briar-skirmishers)",
        kind: OptionKind::File { presets: WARBANDS },
    },
    GameOption {
        key: "map",
        label: "Battle map",
        help: "the battle map: a file (.toml; docs/grid.md), a shipped map's name (default ruined-crossroads), or `tiles` (an open board of the game's size on which the players lay terrain tiles in turn)",
        kind: OptionKind::File { presets: MAPS },
    },
    GameOption {
        key: "bestiary",
        label: "Your own cards",
        help: "a bestiary file (.toml, Arbiter's card format; docs/warbands.md) whose creature cards join the starter bestiary for this game; a card replaces a starter card of its name",
        kind: OptionKind::File { presets: &[] },
    },
    GameOption {
        key: "no_round_limit",
        label: "No round limit",
        help: "play without the optional round limit (the game then ends as ruling P2V-R3 says)",
        kind: OptionKind::Flag,
    },
];

const BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Medium (MCTS, 200 iterations)", spec: "mcts:iters=200" },
];

impl Entry for P2v {
    fn about() -> About {
        About {
            aliases: &["path-2-victory", "path2victory", "p2"],
            blurb: "A skirmish on a one-inch grid: warbands of creatures strike, shoot and claim objectives.",
            seats: &[2],
            default_seats: 2,
            options: OPTIONS,
            bots: BOTS,
            default_bot: "greedy",
        }
    }

    fn parse_variant(text: &str) -> Result<Variant, String> {
        let mut v = Variant::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').map_or((part, ""), |(k, v)| (k.trim(), v.trim()));
            match (key.to_ascii_lowercase().replace('-', "_").as_str(), value) {
                ("standard", "") => {}
                ("warband1", f) if !f.is_empty() => v.warbands[0] = Variant::warband_file(f)?,
                ("warband2", f) if !f.is_empty() => v.warbands[1] = Variant::warband_file(f)?,
                ("map", f) if !f.is_empty() => v.map = Variant::map_spec(f)?,
                ("bestiary", f) if !f.is_empty() => v.cards = Variant::cards_file(f)?,
                ("no_round_limit", "" | "true") => v.no_round_limit = true,
                ("no_round_limit", "false") => v.no_round_limit = false,
                _ => {
                    return Err(format!(
                        "unknown Path 2 Victory switch '{}' (warband1=FILE|NAME, warband2=FILE|NAME, map=FILE|NAME, bestiary=FILE, no_round_limit)",
                        part.chars().take(40).collect::<String>()
                    ));
                }
            }
        }
        v.checked_warbands()?;
        v.battle_map()?;
        Ok(v)
    }

    fn variant_label(v: &Variant) -> String {
        let names: Vec<&str> = v.warbands.iter().map(|w| w.name.as_str()).collect();
        format!("{} on {}{}", names.join(" v "), v.map_label(), if v.no_round_limit { ", no round limit" } else { "" })
    }

    fn parse_action(&self, state: &State, text: &str) -> Result<Action, String> {
        self.parse(state, text)
    }

    fn action_text(&self, action: &Action) -> String {
        self.text(action)
    }

    fn notation_help(&self) -> &'static str {
        HELP
    }

    fn event_text(&self, _state: &State, event: &Event) -> String {
        let name = |i: u8| {
            self.profile(usize::from(i)).map_or_else(|| format!("#{i}"), |p| format!("{} ({})", p.name, p.label))
        };
        plain(event, &name, &|s| self.square_name(s))
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        Some(self.action_count())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.action_number(action)
    }

    /// Planes over the battlefield (see [`super::tensor`]).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(self.tensor_shape().to_vec())
    }

    fn observation_tensor(&self, s: &State) -> Option<Vec<f32>> {
        Some(self.tensor(s))
    }

    fn picture(&self, s: &State) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Path 2 Victory — {} · round {} · VP P1 {} – P2 {}",
            self.map_name(),
            s.round,
            s.vp[0],
            s.vp[1]
        );
        out.push_str(&text(self.field(s), &Overlay::default()));
        for (k, b) in s.bodies.iter().enumerate() {
            let name = self.profile(usize::from(b.of)).map_or("?", |p| p.name.as_str());
            let whose = if b.trail { format!("of {name}'s Trail of Bodies, Medium") } else { name.to_string() };
            if let Some(at) = b.at {
                // The items it holds, to take (ruling P2V-R168).
                let items: Vec<String> = if b.trail {
                    Vec::new()
                } else {
                    self.items_on_body(s, b.of)
                        .map(|t| format!("item {} {}", u16::from(t) + 1, self.item_name(t).unwrap_or("?")))
                        .collect()
                };
                let items = if items.is_empty() { String::new() } else { format!(", with {}", items.join(", ")) };
                let _ = writeln!(out, "body {} ({whose}) lies on {}{items}", k + 1, self.square_name(at));
            }
        }
        for (k, o) in s.objectives.iter().enumerate() {
            let skills: Vec<&str> = o.allowed().collect();
            let _ = writeln!(
                out,
                "objective {} {} on {}: {} vs Power {}{}",
                k + 1,
                o.kind.name(),
                self.square_name(o.square),
                if skills.is_empty() { "?".to_string() } else { skills.join("/") },
                o.power,
                o.holder.map_or(String::new(), |h| format!(", held by P{}", h + 1))
            );
        }
        for (i, c) in s.creatures.iter().enumerate() {
            let Some(p) = self.profile(i) else { continue };
            let place = match (c.life, c.at) {
                (Life::Waiting, _) if p.summonable => "to summon".to_string(),
                (Life::Waiting, _) if p.awakened_by.is_some() => "to awaken".to_string(),
                (Life::Waiting, _) if p.false_object => match c.hidden {
                    Some(at) => format!("in disguise as the obstacle on {}", self.square_name(at)),
                    None => "in disguise".to_string(),
                },
                (Life::Waiting, _) if p.tempting_disguise => match c.disguise {
                    Some(k) => format!("in disguise as objective {}", k + 1),
                    None => "in disguise".to_string(),
                },
                (Life::Waiting, _) => "to deploy".to_string(),
                (Life::Eliminated, _) => "eliminated".to_string(),
                (_, Some(at)) => self.square_name(at),
                (_, None) if c.swallowed_by.is_some() => format!(
                    "swallowed by {}",
                    c.swallowed_by.and_then(|b| self.profile(usize::from(b))).map_or("?", |b| b.label.as_str())
                ),
                _ => "?".into(),
            };
            let mut notes = Vec::new();
            if c.life == Life::Dying {
                notes.push("dying".to_string());
            }
            if c.prone {
                notes.push("prone".into());
            }
            if c.done {
                notes.push("acted".into());
            }
            // Groups, commanders, minions and mounts (`party`, `mount`).
            notes.extend(self.party_notes(s, i as u8));
            if let Some((k, heavy)) = self.load_of(s, i as u8) {
                let load = if heavy { "a heavy load: encumbered, slowed" } else { "a light load: encumbered" };
                notes.push(format!("carrying body {} ({load})", k + 1));
            }
            for (k, name) in super::state::Conditions::NAMES.iter().enumerate() {
                if c.conditions.has(super::state::Conditions(1 << k)) {
                    notes.push((*name).to_string());
                }
            }
            for (t, n) in &c.persistent {
                let ty = super::damage::DamageType::ALL.get(usize::from(*t)).map_or("?", |d| d.name());
                notes.push(format!("{n} persistent {ty}"));
            }
            // Copies of others' items show once taken (ruling P2V-R168).
            let held = |weapon: bool, k: usize| {
                let slot = super::loot::Slot { weapon, index: k as u8 };
                let left = if weapon { c.uses.get(k) } else { c.power_uses.get(k) };
                !self.is_copy(i, slot) || left.is_some_and(|&n| n > 0)
            };
            let weapons: Vec<String> = p
                .weapons
                .iter()
                .enumerate()
                .filter(|&(k, _)| held(true, k))
                .map(|(k, w)| {
                    let r = match w.reach {
                        Some(1) => "melee".to_string(),
                        Some(n) => format!("melee {n}"),
                        None => match w.long {
                            Some(l) => format!("ranged {}/{l}", w.short),
                            None => format!("ranged {}", w.short),
                        },
                    };
                    format!("{} {} ({r}, {})", k + 1, w.name, w.damage)
                })
                .collect();
            let powers: Vec<String> = p
                .powers
                .iter()
                .enumerate()
                .filter(|&(k, _)| held(false, k))
                .map(|(k, pw)| {
                    let left = match pw.uses {
                        Some(_) => format!(", {} left", c.power_uses.get(k).copied().unwrap_or(0)),
                        None => String::new(),
                    };
                    let area = pw.area.map_or_else(String::new, |a| format!(" {a}"));
                    format!("power {} {} ({}{area}{left})", k + 1, pw.name, pw.cost.symbol())
                })
                .collect();
            let weapons: Vec<String> = weapons.into_iter().chain(powers).collect();
            let _ = writeln!(
                out,
                "{:>2} {:<28} HP {:>3}/{:<3} Armor {:>2} Fight {:+} Speed {} · {place}{}{}",
                p.label,
                p.name,
                c.hp,
                p.hp,
                p.armor,
                p.fight,
                p.speed,
                if notes.is_empty() { String::new() } else { format!(" · {}", notes.join(", ")) },
                if weapons.is_empty() { String::new() } else { format!(" · {}", weapons.join("; ")) }
            );
        }
        let _ = match self.to_move(s) {
            ToMove::Seat(seat) => writeln!(out, "{seat} to decide: {}", self.asks(s)),
            _ => Ok(()),
        };
        out
    }
}
