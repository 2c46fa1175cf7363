//! `arbiter grid MAP`: a sandbox for Path 2 Victory's battle grid. Load a
//! battle map, place figures of any size, and ask the questions the rules
//! ask — sight, effect, cover, areas, reach, paths, flanking — each answered
//! in words and drawn on the board. This is how rulings are checked by
//! people. The map format and the commands are in `docs/grid.md`.

use crate::Failure;
use arbiter_geometry::battle::area::cone_origins;
use arbiter_geometry::battle::map::shipped;
use arbiter_geometry::battle::render::{LEGEND, Overlay, svg, text};
use arbiter_geometry::battle::{
    Area, BattleMap, Battlefield, Dir, Figure, FigureId, Mode, Obstacle, Point, Position, Size, Square, SquareSet,
};
use std::io::{BufRead, Write};
use std::path::Path;

const HELP: &str = "\
Squares are named like a1, x18, ab30 (files past z continue aa, ab, …). A corner
is named by the square it is the lower-left corner of (m12), or add :ne, :nw,
:se or :sw for another corner of that square (m12:ne).

  place NAME SIZE SQUARE [TEAM]   a figure (tiny, small, medium, large, huge,
                                  gargantuan; its lower-left square; team 1 by default)
  move NAME SQUARE                put it elsewhere        remove NAME
  helpless NAME [on|off]          door NAME open|close    board
  range A B                       sight A B               effect A B
  cover A B [SQUARE]              the cover and concealment checks the defender
                                  can choose between (from A's SQUARE)
  area burst R at CORNER          area emanation R from A
  cone R from A toward DIR|SQUARE line L from A toward SQUARE
  reach A [SPEED] [MODE]          path A to SQUARE [SPEED] [MODE]
                                  (speed 6 by default; modes: walk, aquatic,
                                  burrow, fly, wallclimb, teleport)
  flanked A [REACH]               who flanks A (every figure's reach 1 by default)
  flanking A T [REACH]            the squares where a Medium ally of A would flank T
  svg FILE                        the last drawing as an SVG picture
  caption TEXT                    a caption for the pictures
  help                            quit";

/// Runs the sandbox on a map file or a shipped map's name.
pub fn run(map: &str, input: &mut impl BufRead) -> Result<(), Failure> {
    let text = match shipped(map) {
        Some(t) => t.to_string(),
        None => {
            let path = Path::new(map);
            std::fs::read_to_string(path).map_err(|e| {
                Failure::Input(format!(
                    "cannot read '{}': {e} (shipped maps: ruined-crossroads, river-ford, broken-hills; tiles: {})",
                    map.chars().take(80).collect::<String>(),
                    arbiter_geometry::battle::map::TILES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                ))
            })?
        }
    };
    let m = BattleMap::from_toml(&text).map_err(|e| Failure::Input(format!("{map}: {e}")))?;
    let mut s = Sandbox { field: m.battlefield(), overlay: Overlay::default(), caption: String::new() };
    let b = s.field.board();
    println!(
        "{} — {} × {} squares, {} pieces of terrain.",
        m.name,
        b.width(),
        b.height(),
        s.field.terrain().pieces().len()
    );
    if !m.description.is_empty() {
        println!("{}", m.description);
    }
    println!("{LEGEND}");
    s.draw();
    println!("Type help for the commands.");
    loop {
        print!("grid> ");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                println!();
                return Ok(());
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Run(format!("cannot read input: {e}"))),
        }
        let words: Vec<String> = line.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.first().copied() {
            None => {}
            Some("quit" | "exit" | "q") => return Ok(()),
            Some("help" | "?") => println!("{HELP}"),
            Some("caption") => {
                s.caption = line.trim().get("caption".len()..).unwrap_or("").trim().to_string();
            }
            Some(_) => match s.command(&words, &line.split_whitespace().collect::<Vec<_>>()) {
                Ok(answer) => {
                    println!("{answer}");
                    if words[0] != "svg" {
                        s.draw();
                    }
                }
                Err(e) => println!("{e}"),
            },
        }
    }
}

struct Sandbox {
    field: Battlefield,
    overlay: Overlay,
    /// A caption for SVG pictures.
    caption: String,
}

fn clip(s: &str) -> String {
    s.chars().take(30).collect()
}

impl Sandbox {
    fn draw(&self) {
        print!("{}", text(&self.field, &self.overlay));
    }

    fn figure(&self, name: &str) -> Result<FigureId, String> {
        self.field.find(name).ok_or_else(|| {
            let names: Vec<&str> = self.field.figures().map(|(_, f)| &*f.name).collect();
            if names.is_empty() {
                format!("there is no figure '{}' (place one first: place a medium c3)", clip(name))
            } else {
                format!("there is no figure '{}' (figures: {})", clip(name), names.join(", "))
            }
        })
    }

    fn square(&self, name: &str) -> Result<Square, String> {
        self.field.board().parse(name).ok_or_else(|| format!("'{}' is not a square of this map", clip(name)))
    }

    fn corner(&self, name: &str) -> Result<Point, String> {
        let (sq, which) = name.split_once(':').unwrap_or((name, "sw"));
        let s = self.square(sq)?;
        let (dx, dy) = match which {
            "sw" => (0, 0),
            "se" => (1, 0),
            "nw" => (0, 1),
            "ne" => (1, 1),
            _ => return Err(format!("'{}' is not a corner of a square (sw, se, nw, ne)", clip(which))),
        };
        Ok(Point::corner(s.file() + dx, s.rank() + dy))
    }

    fn name(&self, s: Square) -> String {
        self.field.board().name(s)
    }

    fn names(&self, set: &SquareSet) -> String {
        let v: Vec<String> = set.iter().map(|s| self.name(s)).collect();
        if v.is_empty() { "none".into() } else { v.join(" ") }
    }

    fn number(word: Option<&&str>, default: u32, what: &str) -> Result<u32, String> {
        match word {
            None => Ok(default),
            Some(w) => w
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 60)
                .ok_or_else(|| format!("'{}' is not a {what} (a whole number up to 60)", clip(w))),
        }
    }

    fn mode(word: Option<&&str>) -> Result<Mode, String> {
        match word {
            None => Ok(Mode::Walk),
            Some(w) => Mode::parse(w).ok_or_else(|| {
                format!("'{}' is not a movement mode (walk, aquatic, burrow, fly, wallclimb, teleport)", clip(w))
            }),
        }
    }

    /// Runs one command: `w` its words in lower case, `raw` as typed.
    fn command(&mut self, w: &[&str], raw: &[&str]) -> Result<String, String> {
        if w[0] != "svg" {
            self.overlay = Overlay::default();
        }
        let arg = |i: usize, what: &str| w.get(i).copied().ok_or_else(|| format!("{}: missing {what}; see help", w[0]));
        match w[0] {
            "board" => Ok(String::new()),
            "place" => {
                arg(1, "the figure's name")?;
                let name = raw.get(1).copied().unwrap_or_default();
                let size = Size::parse(arg(2, "the size")?).ok_or_else(|| {
                    format!("'{}' is not a size (tiny, small, medium, large, huge, gargantuan)", clip(w[2]))
                })?;
                let at = self.square(arg(3, "the square")?)?;
                let team = Self::number(w.get(4), 1, "team")?.min(255) as u8;
                if name.chars().count() > 12 || !name.chars().all(|c| c.is_alphanumeric() || c == '-') {
                    return Err("a figure's name is 1 to 12 letters, digits or dashes".into());
                }
                if self.field.find(name).is_some() {
                    return Err(format!("there is already a figure '{name}'"));
                }
                self.field
                    .place(Figure::new(name, size, at, team))
                    .map(|_| format!("{name}: {} at {} (team {team})", size.name(), self.name(at)))
                    .map_err(|e| format!("{name} cannot stand at {}: {e}", self.name(at)))
            }
            "move" => {
                let id = self.figure(arg(1, "the figure")?)?;
                let at = self.square(arg(2, "the square")?)?;
                self.field.relocate(id, at).map(|()| format!("moved to {}", self.name(at))).map_err(|e| e.to_string())
            }
            "remove" => {
                let id = self.figure(arg(1, "the figure")?)?;
                self.field.remove(id);
                Ok("removed".into())
            }
            "helpless" => {
                let id = self.figure(arg(1, "the figure")?)?;
                let on = !matches!(w.get(2).copied(), Some("off" | "no"));
                self.field.set_helpless(id, on);
                Ok(if on { "helpless" } else { "no longer helpless" }.into())
            }
            "door" => {
                let name = w.get(1..w.len().saturating_sub(1)).unwrap_or_default().join(" ");
                let open = match w.last().copied() {
                    Some("open") => true,
                    Some("close" | "closed" | "shut") => false,
                    _ => return Err("door NAME open|close".into()),
                };
                let id =
                    self.field.terrain().find(&name).ok_or_else(|| format!("there is no terrain '{}'", clip(&name)))?;
                if self.field.set_door(id, open) {
                    Ok(format!("{name} is {}", if open { "open" } else { "closed" }))
                } else {
                    Err(format!("{name} is not a door"))
                }
            }
            "range" => {
                let (a, b) = (self.figure(arg(1, "the first figure")?)?, self.figure(arg(2, "the second figure")?)?);
                Ok(format!("range {} squares", self.field.range(a, b).unwrap_or(0)))
            }
            "sight" => {
                let (a, b) = (self.figure(arg(1, "the attacker")?)?, self.figure(arg(2, "the target")?)?);
                Ok(match self.field.line_of_sight(a, b) {
                    Some(s) => {
                        self.overlay.line(s.from(), s.to(), "#1565c0");
                        let (p, q) = (s.from(), s.to());
                        format!("yes: line of sight from ({:.2}, {:.2}) to ({:.2}, {:.2})", p.0, p.1, q.0, q.1)
                    }
                    None => "no line of sight".into(),
                })
            }
            "effect" => {
                let (a, b) = (self.figure(arg(1, "the attacker")?)?, self.figure(arg(2, "the target")?)?);
                let (p, q) = (self.space_centre(a), self.space_centre(b));
                let yes = self.field.line_of_effect(a, b);
                self.overlay.line(p, q, if yes { "#2e7d32" } else { "#c62828" });
                Ok(if yes { "yes: line of effect" } else { "no line of effect (solid terrain between the centres)" }
                    .into())
            }
            "cover" => {
                let (a, b) = (self.figure(arg(1, "the attacker")?)?, self.figure(arg(2, "the defender")?)?);
                let from = match w.get(3) {
                    Some(sq) => self.square(sq)?,
                    None => self.field.figure(a).map(|f| f.space.anchor()).ok_or("no attacker")?,
                };
                let options = self.field.cover_options(a, from, b);
                if options.is_empty() {
                    return Ok("no line of sight from that square, so no cover to roll".into());
                }
                let mut out = format!("{} different lines (the defender chooses):", options.len());
                for (k, c) in options.iter().enumerate() {
                    let cover: Vec<String> = c.cover.iter().map(|o| self.obstacle(*o)).collect();
                    let conceal: Vec<String> =
                        c.concealment.iter().map(|p| self.obstacle(Obstacle::Terrain(*p))).collect();
                    let (p, q) = (c.line.from(), c.line.to());
                    out += &format!(
                        "\n  {}. ({:.1}, {:.1}) → ({:.1}, {:.1}): cover [{}], concealment [{}]",
                        k + 1,
                        p.0,
                        p.1,
                        q.0,
                        q.1,
                        cover.join(", "),
                        conceal.join(", ")
                    );
                }
                let best = &options[0].line;
                self.overlay.line(best.from(), best.to(), "#6a1b9a");
                Ok(out)
            }
            "area" => {
                let kind = arg(1, "burst or emanation")?;
                let r = Self::number(Some(&arg(2, "the radius")?), 0, "radius")?;
                let area = match (kind, w.get(3).copied()) {
                    ("burst", Some("at")) => Area::Burst { at: self.corner(arg(4, "the corner")?)?, radius: r },
                    ("emanation", Some("from")) => {
                        let id = self.figure(arg(4, "the figure")?)?;
                        Area::Emanation { origin: self.field.figure(id).map(|f| f.space).ok_or("gone")?, radius: r }
                    }
                    _ => return Err("area burst R at CORNER, or area emanation R from A".into()),
                };
                self.show_area(&area)
            }
            "cone" => {
                let r = Self::number(Some(&arg(1, "the radius")?), 0, "radius")?;
                if arg(2, "from")? != "from" || arg(4, "toward")? != "toward" {
                    return Err("cone R from A toward DIR|SQUARE".into());
                }
                let id = self.figure(arg(3, "the figure")?)?;
                let space = self.field.figure(id).map(|f| f.space).ok_or("gone")?;
                let target = arg(5, "a direction or a square")?;
                let options = cone_origins(&space);
                let (apex, dir) = match Dir::parse(target) {
                    Some(d) => {
                        let fitting: Vec<(Point, Dir)> = options.into_iter().filter(|(_, x)| *x == d).collect();
                        // The middle one of a long side.
                        let k = fitting.len() / 2;
                        fitting.get(k).copied().ok_or("no such cone")?
                    }
                    None => {
                        let s = self.square(target)?;
                        let c = Point::centre(s);
                        let centre = space.centre();
                        let (dx, dy) = (c.x - centre.x, c.y - centre.y);
                        // The direction closest to the square's, then the nearest apex.
                        let angle = f64::from(dy).atan2(f64::from(dx));
                        let want = Dir::ALL
                            .into_iter()
                            .min_by(|a, b| {
                                let ang = |d: Dir| f64::from(d.delta().1).atan2(f64::from(d.delta().0));
                                let diff = |d: Dir| {
                                    let x = (ang(d) - angle).rem_euclid(std::f64::consts::TAU);
                                    x.min(std::f64::consts::TAU - x)
                                };
                                diff(*a).total_cmp(&diff(*b))
                            })
                            .unwrap_or(Dir::N);
                        options
                            .into_iter()
                            .filter(|(_, d)| *d == want)
                            .min_by_key(|(p, _)| (p.x - c.x).pow(2) + (p.y - c.y).pow(2))
                            .ok_or("no such cone")?
                    }
                };
                self.show_area(&Area::Cone { apex, toward: dir, radius: r })
            }
            "line" => {
                let r = Self::number(Some(&arg(1, "the length")?), 0, "length")?;
                if arg(2, "from")? != "from" || arg(4, "toward")? != "toward" {
                    return Err("line L from A toward SQUARE".into());
                }
                let id = self.figure(arg(3, "the figure")?)?;
                let space = self.field.figure(id).map(|f| f.space).ok_or("gone")?;
                let to = Point::centre(self.square(arg(5, "the square")?)?);
                let (lo, hi) = space.bounds();
                let corners = [lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)];
                let from =
                    corners.into_iter().min_by_key(|p| (p.x - to.x).pow(2) + (p.y - to.y).pow(2)).ok_or("no corner")?;
                self.show_area(&Area::Line { from, toward: to, length: r })
            }
            "reach" => {
                let id = self.figure(arg(1, "the figure")?)?;
                let speed = Self::number(w.get(2), 6, "speed")?;
                let mode = Self::mode(w.get(3))?;
                let m = self.field.mover(id, mode).ok_or("gone")?;
                let start = Position::at(self.field.figure(id).map(|f| f.space.anchor()).ok_or("gone")?);
                let r = self.field.reachable(m, start, speed);
                let ends = r.ends().clone();
                let n = ends.len();
                self.overlay.mark(ends, '·', "#1565c0");
                Ok(format!(
                    "{n} squares where its space can end, spending at most {speed} (its lower-left square is marked)"
                ))
            }
            "path" => {
                let id = self.figure(arg(1, "the figure")?)?;
                if arg(2, "to")? != "to" {
                    return Err("path A to SQUARE [SPEED] [MODE]".into());
                }
                let to = self.square(arg(3, "the square")?)?;
                let speed = Self::number(w.get(4), 6, "speed")?;
                let mode = Self::mode(w.get(5))?;
                let m = self.field.mover(id, mode).ok_or("gone")?;
                let start = Position::at(self.field.figure(id).map(|f| f.space.anchor()).ok_or("gone")?);
                match self.field.path(m, start, speed, to) {
                    None => Ok(format!("it cannot end at {} spending at most {speed}", self.name(to))),
                    Some(steps) => {
                        let total: u32 = steps.iter().map(|s| s.cost).sum();
                        let mut marks = SquareSet::EMPTY;
                        let mut out = format!("{} steps costing {total}:", steps.len());
                        for s in &steps {
                            marks.insert(s.to);
                            let mut note = String::new();
                            if s.squeezed {
                                note += " squeezing";
                            }
                            if s.climb > 0 {
                                note += &format!(" climbing {}", s.climb);
                            }
                            if s.fall > 0 {
                                note += &format!(" falling {}", s.fall);
                            }
                            out += &format!(" {}({}{note})", self.name(s.to), s.cost);
                        }
                        self.overlay.mark(marks, '*', "#ef6c00");
                        Ok(out)
                    }
                }
            }
            "flanked" => {
                let id = self.figure(arg(1, "the figure")?)?;
                let reach = Self::number(w.get(2), 1, "reach")?;
                let pairs = self.field.flankers(id, |_| reach);
                if pairs.is_empty() {
                    return Ok("not flanked".into());
                }
                let mut out = String::from("flanked by");
                for (a, b) in &pairs {
                    let (pa, pb) = (self.space_centre(*a), self.space_centre(*b));
                    self.overlay.line(pa, pb, "#c62828");
                    let n = |x: FigureId| self.field.figure(x).map(|f| f.name.clone()).unwrap_or_default();
                    out += &format!(" {} and {};", n(*a), n(*b));
                }
                Ok(out.trim_end_matches(';').to_string())
            }
            "flanking" => {
                let a = self.figure(arg(1, "the flanker")?)?;
                let t = self.figure(arg(2, "the target")?)?;
                let reach = Self::number(w.get(3), 1, "reach")?;
                let team = self.field.figure(a).map(|f| f.team).ok_or("gone")?;
                let mut marks = SquareSet::EMPTY;
                for s in self.field.board().all().iter() {
                    let mut trial = self.field.clone();
                    if let Ok(x) = trial.place(Figure::new("?", Size::Medium, s, team))
                        && trial.flanks(a, x, t, reach, reach)
                    {
                        marks.insert(s);
                    }
                }
                let n = marks.len();
                let list = self.names(&marks);
                self.overlay.mark(marks, '2', "#c62828");
                Ok(format!("{n} squares: {list}"))
            }
            "svg" => {
                let path = arg(1, "the file")?;
                self.overlay.caption = self.caption.clone();
                std::fs::write(path, svg(&self.field, &self.overlay))
                    .map(|()| format!("wrote {}", clip(path)))
                    .map_err(|e| format!("cannot write '{}': {e}", clip(path)))
            }
            other => Err(format!("'{}' is not a command; type help", clip(other))),
        }
    }

    fn space_centre(&self, id: FigureId) -> (f64, f64) {
        self.field.figure(id).map_or((0.0, 0.0), |f| {
            let c = f.space.centre();
            (f64::from(c.x) / 2.0, f64::from(c.y) / 2.0)
        })
    }

    fn obstacle(&self, o: Obstacle) -> String {
        match o {
            Obstacle::Terrain(p) => self.field.terrain().piece(p).map_or("terrain".into(), |x| x.name.clone()),
            Obstacle::Figure(f) => self.field.figure(f).map_or("figure".into(), |x| x.name.to_string()),
        }
    }

    fn show_area(&mut self, area: &Area) -> Result<String, String> {
        let hit = self.field.area(area).map_err(|e| e.to_string())?;
        let who: Vec<String> =
            hit.figures.iter().filter_map(|f| self.field.figure(*f).map(|x| x.name.to_string())).collect();
        let text = format!(
            "{} squares: {}\nfigures in it: {}",
            hit.squares.len(),
            self.names(&hit.squares),
            if who.is_empty() { "none".into() } else { who.join(", ") }
        );
        self.overlay.mark(hit.squares, '×', "#ef6c00");
        Ok(text)
    }
}
