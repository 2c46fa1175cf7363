//! Quests as data: the map, its walls, the enemies, chests, traps and locks,
//! the boss's powers and the rewards — the Worlds "Creation system". A quest
//! file is TOML with an ASCII map; it is checked on load, and every error
//! names its line. `quests/kingdom-of-coyote.toml` is the shipped example and
//! `docs/quests.md` documents the format.

use arbiter_geometry::{Cell, CellSet, Grid, Walls};
use serde::{Deserialize, Serialize};
use toml::Spanned;
use ts_rs::TS;

/// The Kingdom of Coyote, built in.
pub const KINGDOM_OF_COYOTE: &str = include_str!("../../quests/kingdom-of-coyote.toml");

/// The built-in quests, by id.
pub fn built_in(id: &str) -> Option<&'static str> {
    match id {
        "kingdom-of-coyote" => Some(KINGDOM_OF_COYOTE),
        _ => None,
    }
}

/// The three kinds of lv1 enemy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum EnemyKind {
    /// Close quarters: moves, reach 2.
    Close,
    /// Ranged: never moves, range 3 through anything.
    Ranged,
    /// The boss.
    Boss,
}

/// Name and worth of an enemy type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct EnemyType {
    /// Its name ("Coyote").
    pub name: String,
    /// Tokens to the leader who captures one.
    pub tokens: u32,
}

/// A boss's power to summon close-quarters enemies before each leader round.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Call {
    /// Its name ("Call of the Coyote").
    pub name: String,
    /// It happens when 1d6 rolls this or less.
    pub on: u8,
    /// Enemies placed adjacent to leaders.
    pub count: u8,
}

/// Diplomacy with the boss.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Diplomacy {
    /// Success on 1d6 (Wind +1) at or above.
    pub threshold: u8,
    /// Tokens to the diplomat.
    pub reward: u32,
    /// Every leader gains a 10-token elixir of their choice.
    #[serde(default)]
    pub elixir_for_all: bool,
}

/// The relic each leader may win when the boss falls.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RewardRelic {
    /// Won on 1d6 at or above.
    pub threshold: u8,
    /// After a use, kept on 1d6 at or above.
    pub keep: u8,
}

/// The boss.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BossSpec {
    /// Its name.
    pub name: String,
    /// Hit points (defeated by the hit after the last).
    pub hp: u8,
    /// Tokens to the leader who captures it.
    pub tokens: u32,
    /// Tokens to every other leader on the board.
    pub tokens_others: u32,
    /// Its summoning power, if any.
    #[serde(default)]
    pub call: Option<Call>,
    /// Diplomacy with it, if possible.
    #[serde(default)]
    pub diplomacy: Option<Diplomacy>,
    /// The relic rolled for when it falls.
    #[serde(default)]
    pub reward_relic: Option<RewardRelic>,
}

/// What a chest gives on a 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ChestSix {
    /// Kingdom of Coyote: three 5-token elixirs, one 10-token elixir, or a relic attempt.
    Coyote,
    /// A 10-token elixir of the finder's choice.
    Elixir,
}

/// Chests.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Chests {
    /// The reward on a 6.
    pub six: ChestSix,
}

/// A kind of trap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TrapSpec {
    /// Its name.
    pub name: String,
    /// Disarmed on 1d6 (Earth +1) at or above.
    pub threshold: u8,
    /// Tokens for disarming it.
    pub reward: u32,
    /// Hit points lost on a failed attempt.
    #[serde(default)]
    pub fail_damage: u8,
    /// Hit points lost passing through (striking traps).
    #[serde(default)]
    pub pass_damage: u8,
}

/// Locks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LockSpec {
    /// Its name.
    pub name: String,
    /// Picked on 1d6 (Fire +1) at or above.
    pub threshold: u8,
    /// Tokens for picking it.
    pub reward: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuest {
    id: String,
    name: String,
    level: u8,
    leaders: u8,
    #[serde(default)]
    credit: String,
    #[serde(default)]
    story: String,
    map: Spanned<String>,
    #[serde(default)]
    walls: Vec<Spanned<String>>,
    close: Option<EnemyType>,
    ranged: Option<EnemyType>,
    boss: Option<BossSpec>,
    chests: Option<Chests>,
    striking: Option<TrapSpec>,
    blocking: Option<TrapSpec>,
    lock: Option<LockSpec>,
}

/// A checked quest, ready to play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Quest {
    /// Identifier (`kingdom-of-coyote`).
    pub id: String,
    /// Title.
    pub name: String,
    /// Level.
    pub level: u8,
    /// Leaders the quest is built for.
    pub leaders: u8,
    /// Who made it.
    pub credit: String,
    /// The story told at the start.
    pub story: String,
    /// The map's grid.
    pub grid: Grid,
    /// Its walls.
    pub walls: Walls,
    /// Leader start squares, in order (also their escape squares).
    pub starts: Vec<Cell>,
    /// Enemies in quest order.
    pub enemies: Vec<(EnemyKind, Cell)>,
    /// Close-quarters enemies.
    pub close: EnemyType,
    /// Ranged enemies.
    pub ranged: EnemyType,
    /// The boss, if any.
    pub boss: Option<BossSpec>,
    /// Chest squares.
    pub chests: CellSet,
    /// What a chest's 6 gives.
    pub chest_six: ChestSix,
    /// Striking-trap squares.
    pub striking_at: CellSet,
    /// Striking traps.
    pub striking: TrapSpec,
    /// Blocking-trap squares.
    pub blocking_at: CellSet,
    /// Blocking traps.
    pub blocking: TrapSpec,
    /// Lock squares.
    pub locks_at: CellSet,
    /// Locks.
    pub lock: LockSpec,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn default_enemy(name: &str, tokens: u32) -> EnemyType {
    EnemyType { name: name.into(), tokens }
}

fn default_trap(name: &str, pass: u8) -> TrapSpec {
    TrapSpec { name: name.into(), threshold: 5, reward: 1, fail_damage: 0, pass_damage: pass }
}

impl Quest {
    /// Reads and checks a quest file; errors name the line.
    pub fn from_toml(text: &str) -> Result<Quest, String> {
        if text.len() > 200_000 {
            return Err("a quest file is at most 200 kB".into());
        }
        let raw: RawQuest = toml::from_str(text).map_err(|e| e.to_string())?;
        let map_span = raw.map.span();
        // TOML drops the newline right after a multi-line string's opening
        // quotes, so the map's first row is then on the next line.
        let opening = text.get(map_span.start..).unwrap_or("");
        let skipped = ["\"\"\"\n", "'''\n", "\"\"\"\r\n", "'''\r\n"].iter().any(|q| opening.starts_with(q));
        let map_line = line_of(text, map_span.start) + usize::from(skipped || raw.map.get_ref().starts_with('\n'));
        let rows: Vec<&str> =
            raw.map.get_ref().lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.split_whitespace().count());
        let at_line = |i: usize, why: String| format!("line {}: {why}", map_line + i);
        if !(1..=26).contains(&width) || !(1..=16).contains(&height) || width * height > 128 {
            return Err(format!(
                "line {map_line}: the map is {width}×{height}; it must have 1–26 files, 1–16 ranks and at most 128 squares"
            ));
        }
        let grid = Grid::new(width as u8, height as u8).map_err(|e| e.to_string())?;
        let mut q = Quest {
            id: raw.id.trim().to_string(),
            name: raw.name,
            level: raw.level,
            leaders: raw.leaders,
            credit: raw.credit,
            story: raw.story.trim().to_string(),
            grid,
            walls: Walls::NONE,
            starts: Vec::new(),
            enemies: Vec::new(),
            close: raw.close.unwrap_or_else(|| default_enemy("Close-quarters enemy", 1)),
            ranged: raw.ranged.unwrap_or_else(|| default_enemy("Ranged enemy", 2)),
            boss: raw.boss,
            chests: CellSet::EMPTY,
            chest_six: raw.chests.map_or(ChestSix::Elixir, |c| c.six),
            striking_at: CellSet::EMPTY,
            striking: raw.striking.unwrap_or_else(|| default_trap("Striking trap", 1)),
            blocking_at: CellSet::EMPTY,
            blocking: raw.blocking.unwrap_or_else(|| default_trap("Blocking trap", 0)),
            locks_at: CellSet::EMPTY,
            lock: raw.lock.unwrap_or(LockSpec { name: "Lock".into(), threshold: 5, reward: 1 }),
        };
        if q.id.is_empty() || !q.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err("the quest id must be letters, digits and dashes".into());
        }
        if !(1..=4).contains(&q.leaders) {
            return Err("a quest is built for 1 to 4 leaders".into());
        }
        let mut starts = [None; 4];
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split_whitespace().collect();
            if cells.len() != width {
                return Err(at_line(i, format!("this row has {} squares; the first has {width}", cells.len())));
            }
            let rank = (height - 1 - i) as i32;
            for (file, token) in cells.iter().enumerate() {
                let Some(c) = grid.cell(file as i32, rank) else { continue };
                match *token {
                    "." => {}
                    "C" => q.enemies.push((EnemyKind::Close, c)),
                    "H" => q.enemies.push((EnemyKind::Ranged, c)),
                    "D" => q.enemies.push((EnemyKind::Boss, c)),
                    "$" => q.chests.insert(c),
                    "R" => q.striking_at.insert(c),
                    "B" => q.blocking_at.insert(c),
                    "L" => q.locks_at.insert(c),
                    n @ ("1" | "2" | "3" | "4") => {
                        let k = usize::from(n.as_bytes()[0] - b'1');
                        if starts[k].is_some() {
                            return Err(at_line(i, format!("leader start {n} appears twice")));
                        }
                        starts[k] = Some(c);
                    }
                    other => {
                        return Err(at_line(
                            i,
                            format!(
                                "'{}' is not on the legend (. 1-4 C H D $ R B L)",
                                other.chars().take(8).collect::<String>()
                            ),
                        ));
                    }
                }
            }
        }
        let n = usize::from(q.leaders);
        if starts[..n].iter().any(Option::is_none) || starts[n..].iter().any(Option::is_some) {
            return Err(format!("line {map_line}: the map must mark exactly the start squares 1 to {n}"));
        }
        q.starts = starts.iter().flatten().copied().collect();
        let bosses = q.enemies.iter().filter(|(k, _)| *k == EnemyKind::Boss).count();
        if bosses > 0 && q.boss.is_none() {
            return Err(format!("line {map_line}: the map has a boss (D) but the file has no [boss] section"));
        }
        if bosses > 1 {
            return Err(format!("line {map_line}: at most one boss (D)"));
        }
        if q.boss.is_some() && bosses == 0 {
            return Err("the file has a [boss] section but the map has no D".into());
        }
        for w in &raw.walls {
            let line = line_of(text, w.span().start);
            let e = grid.parse_edge(w.get_ref()).ok_or_else(|| {
                format!("line {line}: '{}' is not an edge between two adjacent squares of the map", w.get_ref())
            })?;
            if !q.walls.insert(e) {
                return Err(format!("line {line}: the wall {} is listed twice", w.get_ref()));
            }
        }
        if !grid.connected(&q.walls, grid.all()) {
            return Err("the walls cut the map into parts that cannot reach each other".into());
        }
        for t in [&q.striking, &q.blocking] {
            if !(1..=7).contains(&t.threshold) {
                return Err(format!("the {}'s threshold must be 1 to 7", t.name));
            }
        }
        if let Some(b) = &q.boss
            && (b.hp > 10 || b.call.as_ref().is_some_and(|c| c.count > 8 || c.on > 6))
        {
            return Err("the boss has at most 10 hit points and calls at most 8 enemies".into());
        }
        Ok(q)
    }

    /// Squares no unit may enter while their object stands: chests, blocking
    /// traps and locks. Striking traps are passable at a cost.
    pub fn solid(&self) -> CellSet {
        self.chests | self.blocking_at | self.locks_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kingdom_of_coyote_loads() {
        let q = Quest::from_toml(KINGDOM_OF_COYOTE).unwrap();
        assert_eq!((q.grid.width(), q.grid.height()), (8, 16));
        assert_eq!(q.starts.len(), 4);
        let count = |k| q.enemies.iter().filter(|(x, _)| *x == k).count();
        assert_eq!((count(EnemyKind::Close), count(EnemyKind::Ranged), count(EnemyKind::Boss)), (7, 4, 1));
        assert_eq!((q.chests.len(), q.striking_at.len(), q.blocking_at.len(), q.locks_at.len()), (3, 2, 2, 1));
        assert_eq!(q.boss.as_ref().unwrap().name, "Duke of Coyote");
        assert_eq!(q.striking.name, "Rattlesnake");
        assert_eq!(q.blocking.name, "Broken Bones");
        assert!(q.credit.contains("our own design"));
    }

    #[test]
    fn quest_errors_name_their_line() {
        let bad = KINGDOM_OF_COYOTE.replace(". . . . . C . .", ". . . . . Z . .");
        let e = Quest::from_toml(&bad).unwrap_err();
        assert!(e.contains("line 39") && e.contains("'Z' is not on the legend"), "{e}");
        let bad = KINGDOM_OF_COYOTE.replace("\"c4|d4\"", "\"c4|d6\"");
        let e = Quest::from_toml(&bad).unwrap_err();
        assert!(e.starts_with("line 51") && e.contains("c4|d6"), "{e}");
        let bad = KINGDOM_OF_COYOTE.replace("hp = 3", "hp = \"three\"");
        let e = Quest::from_toml(&bad).unwrap_err();
        assert!(e.contains("line 65"), "{e}");
        let bad = KINGDOM_OF_COYOTE.replace(". 1 . 2 3 . 4 .", ". 1 . 2 3 . 3 .");
        assert!(Quest::from_toml(&bad).unwrap_err().contains("appears twice"));
        let bad = KINGDOM_OF_COYOTE.replace(". 1 . 2 3 . 4 .", ". 1 . 2 3 . .");
        assert!(Quest::from_toml(&bad).unwrap_err().contains("has 7 squares"));
        assert!(Quest::from_toml("not toml at all").is_err());
    }
}
