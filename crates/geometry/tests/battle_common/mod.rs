//! Helpers for the battle-grid tests: battlefields from small ASCII maps.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use arbiter_geometry::battle::{BattleMap, Battlefield, Figure, FigureId, Size, Square};

/// The legend every test map may use.
pub const LEGEND: &str = r##"
[legend]
"#" = { name = "wall", traits = ["solid"] }
"+" = { name = "door", traits = ["door"], door = "closed" }
"'" = { name = "open door", traits = ["door"], door = "open" }
":" = { name = "rubble", traits = ["difficult"] }
"%" = { name = "darkness", traits = ["opaque"] }
"&" = { name = "undergrowth", traits = ["obstructing", "difficult"] }
"~" = { name = "deep water", traits = ["deep water", "water"] }
"w" = { name = "shallows", traits = ["difficult", "water"] }
"c" = { name = "fog", traits = ["concealing"] }
"O" = { name = "objective", traits = ["objective"] }
"@" = { name = "circle", traits = ["teleportation circle"], group = "each" }
"^" = { name = "hill", elevation = 1 }
"/" = { name = "slope", traits = ["incline"], elevation = 1 }
"T" = { name = "tower", elevation = 3 }
"L" = { name = "ladder", traits = ["incline"] }
">" = { name = "current", traits = ["directional"], direction = "e" }
"*" = { name = "fire", traits = ["hazardous"], damage = "fire" }
"x" = { name = "cottage", traits = ["solid"], height = 3 }
"N" = { name = "narrow ledge", traits = ["narrow"], elevation = 2 }
"h" = { name = "tall hedge", traits = ["obstructing"], height = 2 }
"##;

/// A battlefield from map rows (top rank first) and extra TOML (pieces).
pub fn field(rows: &str, extra: &str) -> Battlefield {
    let text = format!("name = \"test\"\nmap = \"\"\"\n{rows}\n\"\"\"\n{LEGEND}\n{extra}\n");
    BattleMap::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).battlefield()
}

/// The square with a name.
pub fn sq(f: &Battlefield, name: &str) -> Square {
    f.board().parse(name).unwrap_or_else(|| panic!("no square {name}"))
}

/// Places a figure; panics if it cannot stand there.
pub fn put(f: &mut Battlefield, name: &str, size: Size, at: &str, team: u8) -> FigureId {
    let s = sq(f, at);
    f.place(Figure::new(name, size, s, team)).unwrap_or_else(|e| panic!("{name} at {at}: {e}"))
}

/// Names of squares in a set, in order.
pub fn names(f: &Battlefield, set: &arbiter_geometry::battle::SquareSet) -> Vec<String> {
    set.iter().map(|s| f.board().name(s)).collect()
}
