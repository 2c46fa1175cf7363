//! The notation of decisions, as typed at the terminal and written in logs.
//!
//! - set-up: `objective book e5`, `zone sw`, `place a c3`;
//! - groups and commanders: `join a`, `join b`, `activate c` (a, b and c
//!   activate as a group), `switch b` (a commander's turn goes on with its
//!   minion b), `give b` (the commander's AP to minion b);
//! - turns: `activate a`, `stride e5`, `step e5`, `crawl e5`, `strike 1 B`
//!   (the creature's first strike, at B; a weapon's name works too:
//!   `strike jaws B`), `claim 2 arcana` (objective 2 with Arcana), `prone`,
//!   `stand`, `end`; `use 1 B`, `use stench`, `use splinter-spray ne`,
//!   `use 2 e9` (a power at a creature, around the user, as a cone, as a line);
//!   `cast sleep e5`, `cast heal 2 b` (a spell, its cast if it has several,
//!   and its target or burst corner: [`super::cast`]; written back as the
//!   `use` of the spell's power);
//! - answers: `line 2` (the defender's line for cover), `react`, `pass`
//!   (a reaction, or the grab a hit offers).
//!
//! P1's creatures are `a b c …`, P2's `A B C …`; squares are named as on
//! the battle map (`a1` at the lower left).

use super::action::{Action, Aim};
use super::damage::{SKILLS, skill_name};
use super::objective::Kind;
use super::rules::P2v;
use super::state::{Phase, State};
use arbiter_geometry::battle::Square;

/// A short guide to the notation.
pub const HELP: &str = "\
Set-up:   tile NAME SQUARE [90|180|270] (the map `tiles`: the tile's lower-left corner once turned;
          dragon-bones, four-pillars, command-center, mushroom-growth, crumbling-ruin, watchtower,
          donjon) · objective KIND SQUARE (book, device, exotic-flower, golems-eye, notable, savage-beast,
          spectral-haunt, willful-sprite) · zone sw|se|nw|ne (south|north on a large board) ·
          place LETTER SQUARE · disguise N (Tempting Disguise: the objective the creature is, in secret) ·
          body SQUARE (Trail of Bodies: a body laid in turn) · object SQUARE (False Object: its extra
          obstacle, by the lower-left square) · hide SQUARE (False Object: the obstacle the creature is, in secret)
Turns:    activate LETTER · join LETTER (a group: join each, then activate the last) ·
          switch LETTER · give LETTER (a commander's turn: act with a minion, give it 1 AP) ·
          mount LETTER · dismount SQUARE · stride SQUARE · step SQUARE · crawl SQUARE · leap SQUARE · strike N|WEAPON TARGET ·
          use N|POWER [TARGET|SQUARE|DIRECTION] · cast SPELL [N] [TARGET|SQUARE] · claim N SKILL · trip TARGET · grapple TARGET · shove TARGET SQUARE · escape CONDITION ·
          pluck TARGET (White Hairs) · spot N|SQUARE (is objective N, or the obstacle on SQUARE, a creature in disguise? Perception) · haul SQUARE (Haul Away) · tumble SQUARE (Tumble Behind) ·
          longjump (then stride SQUARE or pass, then jump DIRECTION N) · summon LETTER SQUARE (a caster places a Summonable ally, ●●; also written place) · regain N|POWER (after a critical hit, Stoke the Volcano) ·
          carry N (pick up body N, on or beside the creature) · take N (item N from a body beside it) · drop load (free) ·
          open DOOR · close DOOR · ready · prone · stand · end
Answers:  line N (the defender's line for cover checks; a crash's direction, 1 north clockwise to 8) ·
          react · pass (a reaction, a free action offered, or a grab on a hit)
P1's creatures are a b c …, P2's A B C …; squares as on the map (a1 at the lower left).
The square of a move is where the creature's lower-left square ends.";

/// Whether two names are the same ignoring case, spaces and punctuation
/// (`dance-of-burning-war` is Dance of Burning War).
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    fn norm(x: &str) -> impl Iterator<Item = char> + '_ {
        x.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase())
    }
    norm(a).eq(norm(b))
}

impl P2v {
    pub(crate) fn square(&self, text: &str) -> Result<Square, String> {
        let b = self.base_terrain().board();
        b.parse(text.trim()).ok_or_else(|| format!("'{}' is not a square of the board", clip(text)))
    }

    pub(crate) fn creature(&self, text: &str) -> Result<u8, String> {
        let t = text.trim();
        self.roster()
            .iter()
            .position(|p| p.label == t)
            .map(|i| i as u8)
            .ok_or_else(|| format!("'{}' is no creature's letter (P1: a b c …, P2: A B C …)", clip(t)))
    }

    /// Writes a square's name.
    pub fn square_name(&self, s: Square) -> String {
        self.base_terrain().board().name(s)
    }

    /// Reads a decision in the notation; the state says whose weapons a
    /// strike may name.
    pub fn parse(&self, s: &State, text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(verb) = words.first() else { return Err("type a decision; `help` shows the notation".into()) };
        let arg = |i: usize| words.get(i).copied().ok_or_else(|| format!("'{verb}' needs more: {}", usage(verb)));
        let one = |a: Action| if words.len() == 1 { Ok(a) } else { Err(format!("'{verb}' takes nothing more")) };
        match verb.to_ascii_lowercase().as_str() {
            "tile" => {
                let tile = super::tiles::tile_named(arg(1)?).ok_or_else(|| {
                    let names: Vec<&str> = arbiter_geometry::battle::map::TILES.iter().map(|(n, _)| *n).collect();
                    format!("'{}' is not a terrain tile: {}", clip(arg(1).unwrap_or("")), names.join(", "))
                })?;
                let at = self.square(arg(2)?)?;
                let turn = match words.get(3).map(|w| w.trim_end_matches('°')) {
                    None | Some("0") => 0,
                    Some("90") => 1,
                    Some("180") => 2,
                    Some("270") => 3,
                    Some(other) => return Err(format!("'{}' is not a turn: 0, 90, 180 or 270", clip(other))),
                };
                if words.len() > 4 {
                    return Err(format!("'{verb}' takes a tile, a square and a turn: {}", usage(verb)));
                }
                Ok(Action::Tile { tile, at, turn })
            }
            "objective" => {
                let kind = Kind::parse(arg(1)?)
                    .ok_or_else(|| format!("'{}' is not a standard objective", clip(arg(1).unwrap_or(""))))?;
                Ok(Action::Objective { kind, at: self.square(arg(2)?)? })
            }
            "zone" => {
                let z = arg(1)?.to_ascii_lowercase();
                let zone = self
                    .zone_names()
                    .iter()
                    .position(|n| *n == z)
                    .ok_or_else(|| format!("'{}' is not a zone: {}", clip(&z), self.zone_names().join(", ")))?;
                Ok(Action::Zone { zone: zone as u8 })
            }
            "place" | "deploy" => Ok(Action::Place { who: self.creature(arg(1)?)?, at: self.square(arg(2)?)? }),
            "activate" | "a" => Ok(Action::Activate { who: self.creature(arg(1)?)? }),
            "join" => Ok(Action::Join { who: self.creature(arg(1)?)? }),
            "switch" | "with" => Ok(Action::Switch { who: self.creature(arg(1)?)? }),
            "give" => Ok(Action::Give { who: self.creature(arg(1)?)? }),
            "mount" | "ride" => Ok(Action::Mount { who: self.creature(arg(1)?)? }),
            "dismount" => Ok(Action::Dismount { to: self.square(arg(1)?)? }),
            "stride" | "move" => Ok(Action::Stride { to: self.square(arg(1)?)? }),
            "step" => Ok(Action::Step { to: self.square(arg(1)?)? }),
            "crawl" => Ok(Action::Crawl { to: self.square(arg(1)?)? }),
            // `jump DIRECTION N` is a Long Jump's jump; `jump SQUARE` a Leap.
            "jump" if words.len() == 3 => {
                let dir = arbiter_geometry::battle::Dir::parse(&arg(1)?.to_ascii_lowercase()).ok_or_else(|| {
                    "jump takes a direction (n, ne, e, se, s, sw, w, nw) and squares: jump ne 3".to_string()
                })?;
                let over: u8 =
                    arg(2)?.parse().map_err(|_| "jump takes the squares to jump over: jump ne 3".to_string())?;
                Ok(Action::Jump { dir, over })
            }
            "leap" | "jump" => Ok(Action::Leap { to: self.square(arg(1)?)? }),
            "strike" | "attack" => {
                let target = self.creature(arg(2)?)?;
                let w = arg(1)?;
                let weapon = match w.parse::<u8>() {
                    Ok(n) if n >= 1 => n - 1,
                    _ => {
                        let who = s.active().ok_or("no creature is taking its turn")?;
                        let norm = |x: &str| x.to_ascii_lowercase().replace([' ', '-', '_'], "");
                        let p = self.profile(usize::from(who)).ok_or("no such creature")?;
                        p.weapons
                            .iter()
                            .position(|x| norm(&x.name) == norm(w))
                            .ok_or_else(|| format!("{} has no strike called '{}'", p.name, clip(w)))?
                            as u8
                    }
                };
                Ok(Action::Strike { weapon, target })
            }
            "spot" => {
                let w = arg(1)?;
                // An obstacle by its lower-left square, else an objective by number.
                if let Ok(at) = self.square(w)
                    && w.parse::<usize>().is_err()
                {
                    return Ok(Action::SpotObstacle { at });
                }
                let n: usize =
                    w.parse().map_err(|_| format!("'{}' is neither an objective's number nor a square", clip(w)))?;
                Ok(Action::Spot { objective: n.saturating_sub(1).min(255) as u8 })
            }
            "object" => Ok(Action::Object { at: self.square(arg(1)?)? }),
            "hide" => Ok(Action::Hide { at: self.square(arg(1)?)? }),
            "disguise" => {
                let n: usize = arg(1)?
                    .parse()
                    .map_err(|_| format!("'{}' is not an objective's number", clip(arg(1).unwrap_or(""))))?;
                Ok(Action::Disguise { objective: n.saturating_sub(1).min(255) as u8 })
            }
            "claim" | "interact" => {
                let n: usize = arg(1)?
                    .parse()
                    .map_err(|_| format!("'{}' is not an objective's number", clip(arg(1).unwrap_or(""))))?;
                let skill =
                    skill_name(arg(2)?).ok_or_else(|| format!("'{}' is not a skill", clip(arg(2).unwrap_or(""))))?;
                let skill = SKILLS.iter().position(|k| *k == skill).unwrap_or(0) as u8;
                Ok(Action::Claim { objective: n.saturating_sub(1).min(255) as u8, skill })
            }
            "use" | "power" => {
                let who = s.active().ok_or("no creature is taking its turn")?;
                let p = self.profile(usize::from(who)).ok_or("no such creature")?;
                let w = arg(1)?;
                let norm =
                    |x: &str| x.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
                let power = match w.parse::<u8>() {
                    Ok(n) if n >= 1 => n - 1,
                    _ => p
                        .powers
                        .iter()
                        .position(|x| norm(&x.name) == norm(w))
                        .ok_or_else(|| format!("{} has no power called '{}'", p.name, clip(w)))?
                        as u8,
                };
                let pw =
                    p.powers.get(usize::from(power)).ok_or_else(|| format!("{} has no power {}", p.name, power + 1))?;
                let aim = match pw.area {
                    _ if pw.program.awaken.is_some() => Aim::Square { at: self.square(arg(2)?)? },
                    None if pw.program.teleport.is_some()
                        || pw.program.trample.is_some()
                        || pw.program.mine.is_some()
                        || pw.program.jet.is_some()
                        || pw.program.place.is_some() =>
                    {
                        Aim::Square { at: self.square(arg(2)?)? }
                    }
                    None | Some(crate::Area::Emanation { .. }) => one_more(&words, Aim::Here)?,
                    Some(crate::Area::Melee(_) | crate::Area::Ranged { .. }) => {
                        Aim::Creature { who: self.creature(arg(2)?)? }
                    }
                    Some(crate::Area::Cone(_)) => {
                        let d = arg(2)?.to_ascii_lowercase();
                        let index = cone_index(&d)
                            .ok_or_else(|| format!("'{}' is not a direction: n, ne, e, se, s, sw, w, nw", clip(&d)))?;
                        Aim::Cone { index }
                    }
                    Some(crate::Area::Line(_)) => Aim::Line { toward: self.square(arg(2)?)? },
                    Some(crate::Area::Burst(_)) => return Err(format!("{} (a burst) cannot be used yet", pw.name)),
                };
                Ok(Action::Use { power, aim })
            }
            "cast" => self.parse_cast(s, &words),
            "regain" => {
                let Some(super::state::Frame::Window(w)) = s.pending.top() else {
                    return Err("nothing to regain now".into());
                };
                let super::state::Trigger::Regain { who } = w.trigger else {
                    return Err("nothing to regain now".into());
                };
                let p = self.profile(usize::from(who)).ok_or("no such creature")?;
                let w = arg(1)?;
                let power = match w.parse::<u8>() {
                    Ok(n) if n >= 1 => n - 1,
                    _ => p
                        .powers
                        .iter()
                        .position(|x| same_name(&x.name, w))
                        .ok_or_else(|| format!("{} has no power called '{}'", p.name, clip(w)))?
                        as u8,
                };
                Ok(Action::Regain { power })
            }
            "trip" => Ok(Action::Trip { target: self.creature(arg(1)?)? }),
            "pluck" => Ok(Action::Pluck { target: self.creature(arg(1)?)? }),
            "haul" | "drag" => Ok(Action::Haul { to: self.square(arg(1)?)? }),
            "tumble" => Ok(Action::Tumble { to: self.square(arg(1)?)? }),
            "longjump" | "long-jump" => one(Action::LongJump),
            // Summoning places a creature: `summon b c4` is `place b c4` in a turn.
            "summon" => Ok(Action::Place { who: self.creature(arg(1)?)?, at: self.square(arg(2)?)? }),
            "grapple" | "grab" => Ok(Action::Grapple { target: self.creature(arg(1)?)? }),
            "shove" | "push" => Ok(Action::Shove { target: self.creature(arg(1)?)?, to: self.square(arg(2)?)? }),
            "escape" => {
                let (condition, _) = super::state::Conditions::named(arg(1)?)
                    .ok_or_else(|| format!("'{}' is not a condition", clip(arg(1).unwrap_or(""))))?;
                Ok(Action::Escape { condition })
            }
            "open" | "close" => {
                let name = words[1..].join(" ");
                if name.is_empty() {
                    return Err(format!("'{verb}' needs a door: {verb} DOOR"));
                }
                let piece = self.door_named(s, &name).ok_or_else(|| {
                    let doors: Vec<String> = s.doors.iter().map(|d| self.door_name(d.piece)).collect();
                    if doors.is_empty() {
                        "this map has no doors".to_string()
                    } else {
                        format!("'{}' is not a door of this map: {}", clip(&name), doors.join(", "))
                    }
                })?;
                Ok(Action::Door { piece, open: verb.eq_ignore_ascii_case("open") })
            }
            "ready" => one(Action::Ready),
            "drop" if words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("load")) && words.len() == 2 => {
                Ok(Action::DropLoad)
            }
            "prone" | "drop" => one(Action::DropProne),
            "body" => Ok(Action::Body { at: self.square(arg(1)?)? }),
            "take" => {
                let w = arg(1)?;
                let n: u16 = w.parse().map_err(|_| format!("'{}' is not an item's number", clip(w)))?;
                Ok(Action::Take { item: n.saturating_sub(1).min(255) as u8 })
            }
            "carry" => {
                let w = arg(1)?;
                let n: u8 = w.parse().map_err(|_| format!("'{}' is not a body's number", clip(w)))?;
                let body = n.checked_sub(1).ok_or("bodies are numbered from 1")?;
                Ok(Action::Carry { body })
            }
            "stand" => one(Action::Stand),
            "end" | "done" => one(Action::End),
            "react" => one(Action::React),
            "pass" => one(Action::Pass),
            "line" => {
                let n: u8 = arg(1)?.parse().map_err(|_| "line takes a number: line 1".to_string())?;
                Ok(Action::Line { line: n.saturating_sub(1) })
            }
            _ => Err(format!("'{}' is not a decision; `help` shows the notation", clip(verb))),
        }
    }

    /// Writes a decision in the notation ([`P2v::parse`] reads it back).
    pub fn text(&self, a: &Action) -> String {
        let who = |i: u8| self.profile(usize::from(i)).map_or_else(|| format!("#{i}"), |p| p.label.clone());
        match *a {
            Action::Tile { tile, at, turn } => {
                let name = super::tiles::tile_name(tile).map_or_else(|| format!("#{tile}"), str::to_string);
                match turn {
                    0 => format!("tile {name} {}", self.square_name(at)),
                    t => format!("tile {name} {} {}", self.square_name(at), u16::from(t) * 90),
                }
            }
            Action::Objective { kind, at } => format!("objective {} {}", kind.key(), self.square_name(at)),
            Action::Zone { zone } => {
                format!("zone {}", self.zone_names().get(usize::from(zone)).copied().unwrap_or("?"))
            }
            Action::Place { who: w, at } => format!("place {} {}", who(w), self.square_name(at)),
            Action::Activate { who: w } => format!("activate {}", who(w)),
            Action::Join { who: w } => format!("join {}", who(w)),
            Action::Switch { who: w } => format!("switch {}", who(w)),
            Action::Give { who: w } => format!("give {}", who(w)),
            Action::Mount { who: w } => format!("mount {}", who(w)),
            Action::Dismount { to } => format!("dismount {}", self.square_name(to)),
            Action::Carry { body } => format!("carry {}", u16::from(body) + 1),
            Action::Take { item } => format!("take {}", u16::from(item) + 1),
            Action::Body { at } => format!("body {}", self.square_name(at)),
            Action::DropLoad => "drop load".into(),
            Action::Stride { to } => format!("stride {}", self.square_name(to)),
            Action::Step { to } => format!("step {}", self.square_name(to)),
            Action::Crawl { to } => format!("crawl {}", self.square_name(to)),
            Action::Leap { to } => format!("leap {}", self.square_name(to)),
            Action::Strike { weapon, target } => format!("strike {} {}", weapon + 1, who(target)),
            Action::Disguise { objective } => format!("disguise {}", u16::from(objective) + 1),
            Action::Object { at } => format!("object {}", self.square_name(at)),
            Action::Hide { at } => format!("hide {}", self.square_name(at)),
            Action::SpotObstacle { at } => format!("spot {}", self.square_name(at)),
            Action::Spot { objective } => format!("spot {}", u16::from(objective) + 1),
            Action::Claim { objective, skill } => {
                format!("claim {} {}", objective + 1, SKILLS.get(usize::from(skill)).copied().unwrap_or("?"))
            }
            Action::Use { power, aim } => match aim {
                Aim::Here => format!("use {}", power + 1),
                Aim::Creature { who: t } => format!("use {} {}", power + 1, who(t)),
                Aim::Line { toward } => format!("use {} {}", power + 1, self.square_name(toward)),
                Aim::Square { at } => format!("use {} {}", power + 1, self.square_name(at)),
                Aim::Cone { index } => format!("use {} {}", power + 1, cone_name(index)),
            },
            Action::Trip { target } => format!("trip {}", who(target)),
            Action::Pluck { target } => format!("pluck {}", who(target)),
            Action::Haul { to } => format!("haul {}", self.square_name(to)),
            Action::Tumble { to } => format!("tumble {}", self.square_name(to)),
            Action::LongJump => "longjump".into(),
            Action::Jump { dir, over } => format!("jump {} {over}", dir.name()),
            Action::Regain { power } => format!("regain {}", power + 1),
            Action::Grapple { target } => format!("grapple {}", who(target)),
            Action::Shove { target, to } => format!("shove {} {}", who(target), self.square_name(to)),
            Action::Escape { condition } => format!(
                "escape {}",
                super::state::Conditions::NAMES.get(usize::from(condition)).copied().unwrap_or("?")
            ),
            Action::Door { piece, open } => {
                format!("{} {}", if open { "open" } else { "close" }, self.door_name(piece))
            }
            Action::Ready => "ready".into(),
            Action::DropProne => "prone".into(),
            Action::Stand => "stand".into(),
            Action::End => "end".into(),
            Action::Line { line } => format!("line {}", line + 1),
            Action::React => "react".into(),
            Action::Pass => "pass".into(),
        }
    }

    /// What the seat to move is asked, in words.
    pub fn asks(&self, s: &State) -> String {
        if let Some(top) = s.pending.top() {
            return match top {
                super::state::Frame::PowerLine { options, .. } => {
                    format!("choose the line for the cover checks against the power (line 1 to line {})", options.len())
                }
                super::state::Frame::Line { options, .. } => {
                    format!("choose the line for the cover checks (line 1 to line {})", options.len())
                }
                super::state::Frame::Window(w) => {
                    let name =
                        |i: u8| self.profile(usize::from(i)).map_or_else(|| format!("#{i}"), |p| p.label.clone());
                    super::words::window(&w.trigger, &name)
                }
                super::state::Frame::Interlude { who, step_only: true, .. } => format!(
                    "{} may Step: step SQUARE (or end: stay)",
                    self.profile(usize::from(*who)).map_or("?", |p| p.label.as_str())
                ),
                super::state::Frame::Interlude { who, ambush: true, .. } => format!(
                    "{} leaves its disguise: strike or stride (or end: neither)",
                    self.profile(usize::from(*who)).map_or("?", |p| p.label.as_str())
                ),
                super::state::Frame::Interlude { who, .. } => format!(
                    "{}'s readied action: one free action or 1-AP action (or end: none)",
                    self.profile(usize::from(*who)).map_or("?", |p| p.label.as_str())
                ),
                super::state::Frame::Activity { who, power, next, .. } => {
                    let p = self.profile(usize::from(*who));
                    let name = p.and_then(|p| p.powers.get(usize::from(*power))).map_or("", |p| p.name.as_str());
                    match self.activity_step(s, *who, *power, *next) {
                        Some(crate::program::Step::Stride { bonus: 0 }) => format!("{name}: stride SQUARE, or pass"),
                        Some(crate::program::Step::Stride { bonus }) => {
                            format!("{name}: stride SQUARE (Speed +{bonus}), or pass")
                        }
                        _ => format!("{name}: strike N TARGET (a melee strike), or pass"),
                    }
                }
                _ => "dice".into(),
            };
        }
        match s.phase {
            Phase::PlaceObjective { left, .. } => format!("place an objective ({left} to place)"),
            Phase::PlaceTile { left, .. } => format!("lay a terrain tile ({left} to lay)"),
            Phase::ExtraObjective { who } => format!(
                "place the objective {}'s Tempting Disguise adds",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            ),
            Phase::PlaceObject { who } => format!(
                "place the obstacle {}'s False Object adds, its size (object SQUARE: its lower-left square)",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            ),
            Phase::Hide { who } => format!(
                "pick, in secret, the obstacle {} is (hide SQUARE: the obstacle's lower-left square)",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            ),
            Phase::Disguise { who } => format!(
                "pick, in secret, the objective {} is (disguise N)",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            ),
            Phase::PlaceBody { who, left, .. } => format!(
                "place a body of {}'s Trail of Bodies (body SQUARE; {left} to place)",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            ),
            Phase::ChooseZone { .. } => "choose a deployment zone".into(),
            Phase::Deploy { .. } => "deploy a creature in the zone".into(),
            Phase::Activate { .. } => "activate a creature".into(),
            Phase::Turn(t) => format!(
                "{}'s turn: {} action point{} left",
                self.profile(usize::from(t.who)).map_or("?", |p| p.name.as_str()),
                t.ap,
                if t.ap == 1 { "" } else { "s" }
            ),
            _ => String::new(),
        }
    }
}

/// The name of a cone by its index among those a space may aim (the order
/// of `cone_origins`): the corners `ne se sw nw`, then each square's edge
/// `n e s w` (`n2 e2 s2 w2` for the second square of a side, and so on).
pub fn cone_name(index: u8) -> String {
    const CORNERS: [&str; 4] = ["ne", "se", "sw", "nw"];
    const EDGES: [&str; 4] = ["n", "e", "s", "w"];
    match index {
        0..=3 => CORNERS[usize::from(index)].to_string(),
        _ => {
            let (k, d) = ((index - 4) / 4, usize::from((index - 4) % 4));
            if k == 0 { EDGES[d].to_string() } else { format!("{}{}", EDGES[d], k + 1) }
        }
    }
}

/// The index of a cone's name (see [`cone_name`]).
pub(crate) fn cone_index(name: &str) -> Option<u8> {
    (0..=67u8).find(|&i| cone_name(i) == name)
}

pub(crate) fn one_more(words: &[&str], aim: Aim) -> Result<Aim, String> {
    if words.len() == 2 {
        Ok(aim)
    } else {
        Err("an emanation or a compound action is used with nothing more: use POWER".into())
    }
}

fn usage(verb: &str) -> &'static str {
    match verb {
        "tile" => "tile NAME SQUARE [0|90|180|270]",
        "disguise" => "disguise N (the objective, by number)",
        "spot" => "spot N (an objective, by number) or spot SQUARE (an obstacle, by its lower-left square)",
        "object" => "object SQUARE (the False Object's extra obstacle, by its lower-left square)",
        "hide" => "hide SQUARE (the obstacle the creature is, by its lower-left square)",
        "carry" => "carry N (the body, by number)",
        "take" => "take N (an item on a body beside the creature, by its number)",
        "body" => "body SQUARE (a body of a Trail of Bodies)",
        "objective" => "objective KIND SQUARE",
        "cast" => "cast SPELL [N] [TARGET|SQUARE]",
        "zone" => "zone NAME",
        "place" | "deploy" => "place LETTER SQUARE",
        "activate" | "a" => "activate LETTER",
        "strike" | "attack" => "strike N TARGET",
        "claim" | "interact" => "claim N SKILL",
        "line" => "line N",
        _ => "a square",
    }
}

fn clip(s: &str) -> String {
    s.chars().take(24).collect()
}
