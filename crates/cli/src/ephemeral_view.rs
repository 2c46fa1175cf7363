//! Ephemeral Path (and Ephemeral Gate) in the terminal: the 40 × 40 cm
//! table drawn as a map of 40 columns by 20 rows (1 cm across, 2 cm up a
//! character), terrain by piece number, the gate as a ring, bases by their
//! figure's letter; a legend with every figure's sheet, the prep tokens, the
//! foraging pool and the decision under way; the prompts; the variant text
//! (`edition=v0.20,set1=FILE|NAME,set2=FILE|NAME`); and `measure`, which a
//! player may use at any time without it being a decision.

use crate::view::RichView;
use arbiter_core::{Game, OutcomeKind, Seat, ToMove};
use arbiter_ephemeral::frame::{Frame, Judge, Strike};
use arbiter_ephemeral::kit::{GATE_DIAMETER, Shape};
use arbiter_ephemeral::measure::Spot;
use arbiter_ephemeral::notation::{
    figure_label, format_cm, format_die, format_figure, format_pos, numbered, pool_text,
};
use arbiter_ephemeral::table::gate_disc;
use arbiter_ephemeral::{Edition, Ephemeral, Fx, Phase, State};
use arbiter_geometry::table::{Disc, TOLERANCE, Vec2};

/// Map columns: 1 cm each.
const COLS: usize = 40;
/// Map rows: 2 cm each.
const ROWS: usize = 20;
/// Height of a map row, cm.
const ROW_CM: f32 = 2.0;

fn paint(text: &str, code: &str, color: bool) -> String {
    if color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
}

fn seat_color(seat: Seat) -> &'static str {
    if seat.0 == 0 { "1;31" } else { "1;34" }
}

/// Pads text with spaces to `width` characters, for aligning columns.
fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width { text.to_string() } else { format!("{text}{}", " ".repeat(width - n)) }
}

/// What the map shows in one cell.
#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Empty,
    Terrain(u8),
    GateRim,
    GateInside,
    GateCentre,
    Figure(u8),
    Mine(bool),
}

/// The drawing and measuring helpers of the view.
trait View {
    fn seat_role(&self, s: &State, seat: Seat) -> &'static str;
    fn piece_under(&self, s: &State, on: Option<u8>) -> Option<u8>;
    fn marks(&self, s: &State) -> Vec<[Mark; COLS]>;
    fn map(&self, s: &State, color: bool) -> String;
    fn terrain_legend(&self, s: &State) -> String;
    fn figure_line(&self, s: &State, i: u8) -> String;
    fn attack_text(&self, a: &Strike) -> String;
    fn verdict(&self, a: &Strike) -> String;
    fn ability_lines(&self, s: &State, i: u8) -> String;
    fn whose(&self, s: &State) -> String;
    fn measure_words(&self, s: &State, args: &[&str]) -> String;
}

impl View for Ephemeral {
    fn seat_role(&self, s: &State, seat: Seat) -> &'static str {
        match s.x {
            Some(x) if x == seat => "player X",
            Some(_) => "player Y",
            None => "side not chosen",
        }
    }

    /// The kit piece under a figure (`on` indexes `State::terrain`).
    fn piece_under(&self, s: &State, on: Option<u8>) -> Option<u8> {
        on.and_then(|i| s.terrain.get(i as usize)).map(|t| t.piece)
    }

    /// The 40 × 20 map, one mark a cell, row 0 at the bottom.
    fn marks(&self, s: &State) -> Vec<[Mark; COLS]> {
        let mut grid = vec![[Mark::Empty; COLS]; ROWS];
        let scene = self.scene(s);
        let discs: Vec<(u8, Disc)> =
            (0..s.figures.len() as u8).filter_map(|i| self.disc(s, i).map(|d| (i, d))).collect();
        let gate = s.gate.map(gate_disc);
        for (row, line) in grid.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let samples: Vec<Vec2> = [0.25f32, 0.75]
                    .iter()
                    .flat_map(|dx| {
                        [0.25f32, 0.75, 1.25, 1.75]
                            .iter()
                            .map(move |dy| Vec2::new(col as f32 + dx, row as f32 * ROW_CM + dy))
                    })
                    .collect();
                let best = discs
                    .iter()
                    .map(|(i, d)| (*i, samples.iter().filter(|p| d.centre.distance(**p) <= d.radius).count()))
                    .filter(|(_, n)| *n > 0)
                    .max_by_key(|(_, n)| *n);
                let inside_gate =
                    gate.map_or(0, |g| samples.iter().filter(|p| g.centre.distance(**p) <= g.radius).count());
                let terrain = scene.solids.iter().position(|solid| samples.iter().any(|p| solid.contains(*p)));
                *cell = if let Some((i, _)) = best {
                    Mark::Figure(i)
                } else if let Some(k) = terrain {
                    Mark::Terrain(s.terrain.get(k).map_or(k as u8, |t| t.piece))
                } else if inside_gate == samples.len() {
                    Mark::GateInside
                } else if inside_gate > 0 {
                    Mark::GateRim
                } else {
                    Mark::Empty
                };
            }
        }
        let cell_of = |p: Vec2| {
            let col = (p.x.floor().max(0.0) as usize).min(COLS - 1);
            let row = ((p.y / ROW_CM).floor().max(0.0) as usize).min(ROWS - 1);
            (row, col)
        };
        if let Some(g) = gate {
            let (r, c) = cell_of(g.centre);
            if !matches!(grid[r][c], Mark::Figure(_)) {
                grid[r][c] = Mark::GateCentre;
            }
        }
        // Mines: `+` active, `x` passive, under any figure standing on them.
        for m in &s.mines {
            let (r, c) = cell_of(Vec2::new(m.at.x, m.at.y));
            if !matches!(grid[r][c], Mark::Figure(_)) {
                grid[r][c] = Mark::Mine(m.passive);
            }
        }
        // Every base shows at least where its centre is.
        for (i, d) in &discs {
            let (r, c) = cell_of(d.centre);
            grid[r][c] = Mark::Figure(*i);
        }
        grid
    }

    fn map(&self, s: &State, color: bool) -> String {
        let grid = self.marks(s);
        let mut out = String::new();
        // Column labels: a label stands over the column that starts there.
        let mut header = [' '; COLS + 4];
        for x in (0..=COLS).step_by(5) {
            for (k, ch) in x.to_string().chars().enumerate() {
                if let Some(slot) = header.get_mut(x + 1 + k) {
                    *slot = ch;
                }
            }
        }
        out.push_str(&format!("cm  {}\n", header.iter().collect::<String>().trim_end()));
        let border = |out: &mut String, label: &str| {
            let mut line = String::from("+");
            for col in 0..COLS {
                line.push(if col % 5 == 0 && col > 0 { '+' } else { '-' });
            }
            line.push('+');
            out.push_str(&format!("{label:>3} {line}\n"));
        };
        border(&mut out, "40");
        for row in (0..ROWS).rev() {
            let y = row * 2;
            let label = if y % 10 == 0 && y > 0 { y.to_string() } else { String::new() };
            let mut line = String::new();
            for (col, mark) in grid[row].iter().enumerate() {
                let text = match *mark {
                    Mark::Empty if col % 5 == 0 && y % 10 == 0 => ".".to_string(),
                    Mark::Empty | Mark::GateInside => " ".to_string(),
                    Mark::Terrain(p) => paint(&((p % 9) + 1).to_string(), "2", color),
                    Mark::GateRim => paint("o", "1;33", color),
                    Mark::GateCentre => paint("*", "1;33", color),
                    Mark::Mine(passive) => paint(if passive { "x" } else { "+" }, "1;31", color),
                    Mark::Figure(i) => {
                        let f = s.figures.get(i as usize);
                        let code = seat_color(f.map_or(Seat(0), |f| f.owner));
                        // Figures up on terrain are underlined (in colour only).
                        let code = if f.is_some_and(|f| f.on.is_some()) { format!("{code};4") } else { code.into() };
                        paint(&format_figure(self, i), &code, color)
                    }
                };
                line.push_str(&text);
            }
            out.push_str(&format!("{label:>3} |{line}|\n"));
        }
        border(&mut out, "0");
        out
    }

    fn terrain_legend(&self, s: &State) -> String {
        let kit = &self.variant().kit;
        let mut lines = Vec::new();
        for (i, piece) in kit.pieces.iter().enumerate() {
            let shape = match &piece.shape {
                Shape::Circle { radius } => format!("round, {} cm across", format_cm(radius * 2.0)),
                Shape::Rect { width, depth } => format!("{} × {} cm", format_cm(*width), format_cm(*depth)),
                Shape::Polygon { .. } => format!("{} cm across", format_cm(piece.reach() * 2.0)),
            };
            let placed = match s.terrain.iter().find(|t| usize::from(t.piece) == i) {
                Some(t) if t.turn != 0 => format!("at {} turned {}°", format_pos(t.at), t.turn),
                Some(t) => format!("at {}", format_pos(t.at)),
                None => "not placed".into(),
            };
            lines.push(format!(
                "  {} {} — height {} cm, {shape} — {placed}",
                i + 1,
                pad(&piece.name, 16),
                format_cm(piece.height)
            ));
        }
        let gate = match s.gate {
            Some(g) => format!("at {}", format_pos(g)),
            None => "not placed".into(),
        };
        lines.push(format!(
            "  o {} — {} cm across, figures touching it score — {gate}",
            pad("gate (* centre)", 16),
            format_cm(GATE_DIAMETER)
        ));
        format!("Terrain (map digits):\n{}\n", lines.join("\n"))
    }

    fn figure_line(&self, s: &State, i: u8) -> String {
        let f = &s.figures[i as usize];
        let st = &self.stats()[i as usize];
        let set = &self.variant().sets[f.owner.index().min(1)];
        let class = set.figures().get(st.index as usize).map_or("?", |x| x.class().name());
        let hp = format!("HP {}/{}", st.hp.saturating_sub(f.damage), st.hp);
        let extra = s.effects.total(i, |k| *k == Fx::Reach);
        let range = if extra > 0 {
            format!("Range {}+{extra} cm", format_cm(st.range_cm))
        } else {
            format!("Range {} cm", format_cm(st.range_cm))
        };
        let dice = if f.dice.is_empty() {
            "no dice".to_string()
        } else {
            f.dice.iter().enumerate().map(|(k, d)| format!("{}:{}", k + 1, format_die(d))).collect::<Vec<_>>().join(" ")
        };
        let place = if f.defeated {
            "defeated".to_string()
        } else {
            match f.at {
                None => "not on the table".to_string(),
                Some(p) => {
                    let mut t = format!("at {}", format_pos(p));
                    if let Some(piece) = self.piece_under(s, f.on) {
                        let h = self.variant().kit.pieces.get(piece as usize).map_or(0.0, |k| k.height);
                        t.push_str(&format!(", up on piece {} ({} cm)", piece + 1, format_cm(h)));
                    }
                    if self.touches_gate(s, i) {
                        t.push_str(", touching the gate");
                    }
                    if s.effects.has(i, Fx::Immobile) {
                        t.push_str(", Immobile");
                    }
                    if s.effects.has(i, Fx::Immobilized) {
                        t.push_str(", immobilized");
                    }
                    let force = s.effects.total(i, |k| *k == Fx::Force);
                    if force > 0 {
                        t.push_str(&format!(", +{force} Force on its next attack"));
                    }
                    t
                }
            }
        };
        format!(
            "  {} {} {} {} {} act  Force {:<2}  {}  {}  {}  · {}",
            format_figure(self, i),
            pad(&st.name, 16),
            pad(class, 9),
            pad(&hp, 8),
            f.actions,
            st.force,
            pad(&format!("Move {} cm", format_cm(st.movement_cm)), 10),
            pad(&range, 14),
            pad(&dice, 10),
            place
        )
    }

    fn ability_lines(&self, s: &State, i: u8) -> String {
        let mut out = String::new();
        for (slot, a) in self.abilities_of(i) {
            let used = if self.unused(s, i, slot) { "" } else { " — used (Limit 1)" };
            out.push_str(&format!(
                "      {}{} {} · {} {}: {}{used}\n",
                format_figure(self, i),
                slot + 1,
                self.ability_label(i, slot),
                a.kind.label(),
                a.die,
                a.text
            ));
        }
        out
    }

    fn attack_text(&self, a: &Strike) -> String {
        let shown = a.dice.iter().any(|d| d.value > 0);
        let dice = if shown {
            numbered(&a.dice)
        } else {
            a.dice.iter().map(|d| format!("D{}", d.sides)).collect::<Vec<_>>().join(" ")
        };
        let mut t =
            format!("Attack: {} → {} with {dice}", figure_label(self, a.attacker), figure_label(self, a.target));
        if shown {
            t.push_str(&format!(" — {}", self.verdict(a)));
        } else if let Judge::Force { force } = a.judge {
            t.push_str(&format!(" against Force {force}"));
        }
        t
    }

    fn verdict(&self, a: &Strike) -> String {
        match a.judge {
            Judge::Force { force } => {
                let sum: u32 = a.dice.iter().map(|d| u32::from(d.value)).sum();
                let verdict = if sum <= u32::from(force) { format!("a hit for {sum}") } else { "a miss".into() };
                format!("sum {sum} against Force {force}: {verdict}")
            }
            Judge::Formula { damage, force } => {
                let die = a.dice.first().map_or(0, |d| u32::from(d.value));
                format!("{damage} = {} damage", damage.amount(u32::from(force), die))
            }
        }
    }

    fn whose(&self, s: &State) -> String {
        match self.to_move(s) {
            ToMove::Seat(p) => format!("{p} ({}) to decide", self.seat_role(s, p)),
            ToMove::Together(set) => format!("{set} to choose in secret"),
            ToMove::Chance => "dice to roll".into(),
            ToMove::Over => "nobody".into(),
        }
    }

    /// `measure A B`: A and B are figure letters, positions or `gate`; the
    /// answer is the rules' own ([`Ephemeral::measure`]), in words.
    fn measure_words(&self, s: &State, args: &[&str]) -> String {
        const USAGE: &str =
            "  usage: measure A B — A and B are figure letters (a, C), positions (12,20) or 'gate'; e.g. measure a C";
        if args.len() != 2 {
            return USAGE.into();
        }
        let (a, b) = match (self.spot(s, args[0]), self.spot(s, args[1])) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return format!("  {e}\n{USAGE}"),
        };
        let m = self.measure(s, a, b);
        let mut out = format!(
            "  {} → {}\n  centre to centre {} cm, edge to edge {} cm{}",
            m.from.label,
            m.to.label,
            format_cm(m.centre_cm),
            format_cm(m.edge_cm),
            if m.contact { " (in contact)" } else { "" }
        );
        let attacker = || match a {
            Spot::Figure(f, _) => figure_label(self, f),
            _ => String::new(),
        };
        if let Some(sight) = &m.sight {
            match sight.range_cm {
                Some(r) => out.push_str(&format!(
                    "\n  line of sight: yes; range {} cm — {} attacks to {} cm: {}",
                    format_cm(r),
                    attacker(),
                    format_cm(sight.reach_cm),
                    if r <= sight.reach_cm + TOLERANCE { "in range" } else { "out of range" }
                )),
                None => out.push_str(&format!(
                    "\n  line of sight: no (terrain or an enemy base blocks every line from {})",
                    attacker()
                )),
            }
        }
        if let Some(mv) = &m.straight_move {
            match (&mv.refusal, mv.cost_cm) {
                (None, Some(cost)) => out.push_str(&format!(
                    "\n  a straight move there costs {} cm of its {} cm: allowed",
                    format_cm(cost),
                    format_cm(mv.budget_cm)
                )),
                (Some(r), _) => {
                    out.push_str(&format!("\n  a straight move there would be refused: {} (rule {})", r.reason, r.rule))
                }
                (None, None) => {}
            }
        }
        if let Some(touches) = m.touches_gate {
            out.push_str(if touches { "\n  it touches the gate" } else { "\n  it does not touch the gate" });
        }
        out
    }
}

impl RichView for Ephemeral {
    fn render(&self, s: &State, color: bool) -> String {
        let mut out = self.map(s, color);
        out.push_str("    1 column = 1 cm across, 1 row = 2 cm up; (x,y) in cm from the lower-left corner\n");
        out.push_str(&self.terrain_legend(s));
        for seat in [Seat(0), Seat(1)] {
            let set = &self.variant().sets[seat.index()];
            out.push_str(&format!(
                "{} · {} · {} · {} prep token{}\n",
                paint(&seat.to_string(), seat_color(seat), color),
                self.seat_role(s, seat),
                set.name(),
                s.prep[seat.index()],
                if s.prep[seat.index()] == 1 { "" } else { "s" }
            ));
            for (i, _) in s.figures_of(seat) {
                out.push_str(&self.figure_line(s, i));
                out.push('\n');
                out.push_str(&self.ability_lines(s, i));
            }
        }
        if !s.pool.is_empty() || matches!(s.phase, Phase::Forage { .. } | Phase::ChooseForager) {
            out.push_str(&format!("Foraging pool: {}\n", pool_text(s)));
        }
        if !s.mines.is_empty() {
            let list: Vec<String> = s
                .mines
                .iter()
                .map(|m| {
                    format!(
                        "{} {} ({}, D{}:{}) at {}",
                        if m.passive { "x" } else { "+" },
                        m.id,
                        if m.passive { "passive" } else { "active" },
                        m.die.sides,
                        m.die.value,
                        format_pos(m.at)
                    )
                })
                .collect();
            out.push_str(&format!("Mines: {}\n", list.join(" · ")));
        }
        if let Some(Frame::AttackRoll(a) | Frame::AttackDice(a)) = s.pending.top() {
            out.push_str(&self.attack_text(a));
            out.push('\n');
        }
        out.push_str(&format!(
            "{} — now: {} — {}\n",
            self.edition().title(),
            arbiter_ephemeral::describe_phase(&s.phase),
            self.whose(s)
        ));
        out
    }

    fn prompt(&self, s: &State) -> String {
        let seat = match self.to_move(s) {
            ToMove::Over => {
                return match self.outcome(s) {
                    Some(o) => format!("Game over: {}", o.reason),
                    None => "Game over".into(),
                };
            }
            ToMove::Chance => return "Dice".into(),
            ToMove::Together(set) => return format!("{set} choose in secret"),
            ToMove::Seat(p) => p,
        };
        let me = format!("{seat} ({})", self.seat_role(s, seat));
        if let Some(top) = s.pending.top() {
            return match top {
                Frame::AttackDice(a) => format!(
                    "{me}: the dice show {} — {} — resolve, or spend a prep token on a die: prep raise N{}",
                    numbered(&a.dice),
                    self.verdict(a),
                    if self.edition() == Edition::V026 { " / prep lower N" } else { "" }
                ),
                other => format!("{me}: {} (use N …, or pass)", self.describe_frame(other)),
            };
        }
        let mine = |pred: &dyn Fn(&arbiter_ephemeral::Piece) -> bool| -> String {
            let v: Vec<String> =
                s.figures_of(seat).filter(|(_, f)| pred(f)).map(|(i, _)| format_figure(self, i)).collect();
            v.join(" ")
        };
        match &s.phase {
            Phase::ChooseSide { .. } => {
                let points: Vec<u32> = self.variant().sets.iter().map(|x| x.points()).collect();
                let why = if points.first() == points.last() {
                    "you won the roll-off"
                } else {
                    "your set has the lower spec total"
                };
                format!(
                    "{me}: {why}, so you choose: x (place terrain first, choose who activates first) or y ({})",
                    if self.edition() == Edition::V020 { "choose who forages first" } else { "forage first" }
                )
            }
            Phase::Terrain { .. } => {
                let left: Vec<String> = (0..self.variant().kit.pieces.len())
                    .filter(|p| !s.terrain.iter().any(|t| usize::from(t.piece) == *p))
                    .map(|p| (p + 1).to_string())
                    .collect();
                let gate = if s.gate.is_none() { " or the gate: gate at x,y" } else { "" };
                let pieces = if left.is_empty() {
                    String::new()
                } else {
                    format!("a terrain piece ({} left): terrain N at x,y [turn DEG]", left.join(" "))
                };
                format!("{me}: place {pieces}{gate}")
            }
            Phase::ChooseForager => format!("{me}: choose who forages first: forager P1 or forager P2"),
            Phase::Forage { .. } => format!(
                "{me}: forage a pool die onto a figure — forage N f (f not yet on the table: forage N f at x,y, touching an edge) — or pass"
            ),
            Phase::Deploy { .. } => format!(
                "{me}: place a figure touching a table edge, 5 cm from enemies: place f at x,y (to place: {})",
                mine(&|f| f.at.is_none() && !f.defeated)
            ),
            Phase::ChooseFirst => format!("{me}: choose who activates first: first P1 or first P2"),
            Phase::Activate { .. } => format!(
                "{me}: activate a figure with actions left ({}): type its letter",
                mine(&|f| f.on_table() && f.actions > 0)
            ),
            Phase::Acting { figure, used, limit } => {
                let left = s.figures.get(*figure as usize).map_or(0, |f| f.actions);
                let this = left.min(limit.saturating_sub(*used));
                format!(
                    "{me}: {} may take {this} more action{} now — move x,y [x,y …], attack T 2d4+1d6, prepare, use N …, prep …{}",
                    figure_label(self, *figure),
                    if this == 1 { "" } else { "s" },
                    if *used > 0 { ", or end" } else { "" }
                )
            }
            _ => format!("{me}: your decision"),
        }
    }

    fn query(&self, s: &State, line: &str) -> Option<String> {
        let mut words = line.split_whitespace();
        let head = words.next()?.to_ascii_lowercase();
        if !matches!(head.as_str(), "measure" | "ms" | "distance") {
            return None;
        }
        // Positions may be typed with spaces or brackets: `measure a (12, 20)`.
        let rest: String = words.collect::<Vec<_>>().join(" ");
        let rest = rest.replace(['(', ')'], " ").replace(" ,", ",").replace(", ", ",");
        let args: Vec<&str> = rest.split_whitespace().collect();
        Some(self.measure_words(s, &args))
    }

    fn ending_label(&self, s: &State) -> Option<String> {
        let (touching, _, winner) = self.score(s);
        Some(match (self.outcome(s).map(|o| o.kind), winner) {
            (None, _) => "unfinished".into(),
            (Some(OutcomeKind::Win(_)), Some(w)) if touching[0] != touching[1] => format!("{w} won at the gate"),
            (Some(OutcomeKind::Win(_)), Some(w)) => format!("{w} won on points"),
            _ if touching == [0, 0] => "nobody on the gate".into(),
            _ => "draw".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn the_map_is_forty_columns_by_twenty_rows() {
        let g = Ephemeral::default();
        let s = g.initial_state();
        let map = g.map(&s, false);
        let rows: Vec<&str> = map.lines().filter(|l| l.contains('|')).collect();
        assert_eq!(rows.len(), ROWS);
        assert!(rows.iter().all(|r| r.chars().filter(|c| *c != '|').count() == 4 + COLS), "{map}");
    }
}
