//! Drawing a battlefield: as text for the terminal and as SVG for documents,
//! each with an overlay showing the answer to a question (an area, a line of
//! sight, a path, the squares in reach).
//!
//! Text: one character per square, with `|` between squares where an edge
//! carries terrain and a line of `-` under a rank where a north edge does.
//! The legend is in [`LEGEND`].

use super::board::Dir;
use super::field::Battlefield;
use super::square::{Square, SquareSet, file_name};
use super::terrain::Traits;
use std::fmt::Write;

/// What the text drawing's characters mean.
pub const LEGEND: &str = "# solid  + closed door  ' open door  % opaque  ♠ obstructing  : difficult  ~ water  \
* hazardous  ░ concealing  & encumbering  O objective  @ teleportation circle  ↑→↓← directional  \
/ incline  1-9 elevation  | or - terrain on an edge";

/// A point in squares from the board's lower-left corner.
pub type At = (f64, f64);

/// Highlighted squares, lines and points drawn over a battlefield.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// Squares to mark, with the character (text) and colour (SVG).
    pub marks: Vec<(SquareSet, char, String)>,
    /// Segments from and to points in squares, with a colour.
    pub lines: Vec<(At, At, String)>,
    /// A caption under the SVG drawing.
    pub caption: String,
}

impl Overlay {
    /// Adds marked squares.
    pub fn mark(&mut self, squares: SquareSet, ch: char, colour: &str) -> &mut Overlay {
        self.marks.push((squares, ch, colour.to_string()));
        self
    }
    /// Adds a segment (points in squares from the lower-left corner).
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), colour: &str) -> &mut Overlay {
        self.lines.push((from, to, colour.to_string()));
        self
    }
}

fn arrow(d: Dir) -> char {
    match d {
        Dir::N => '↑',
        Dir::NE => '↗',
        Dir::E => '→',
        Dir::SE => '↘',
        Dir::S => '↓',
        Dir::SW => '↙',
        Dir::W => '←',
        Dir::NW => '↖',
    }
}

/// The character for a square's terrain.
pub fn terrain_char(field: &Battlefield, s: Square) -> char {
    let t = field.terrain();
    let tr = t.traits(s);
    let piece_dir =
        || t.pieces_on(s).iter().filter_map(|p| t.piece(*p)).find_map(|p| p.direction).map(arrow).unwrap_or('>');
    let door = t.pieces_on(s).iter().filter_map(|p| t.piece(*p)).find(|p| p.traits.contains(Traits::DOOR));
    if let Some(d) = door {
        return if d.open { '\'' } else { '+' };
    }
    if tr.contains(Traits::SOLID) {
        '#'
    } else if tr.contains(Traits::OBJECTIVE) {
        'O'
    } else if tr.contains(Traits::TELEPORTATION) {
        '@'
    } else if tr.contains(Traits::OPAQUE) {
        '%'
    } else if tr.contains(Traits::HAZARDOUS) {
        '*'
    } else if tr.contains(Traits::OBSTRUCTING) {
        '♠'
    } else if tr.contains(Traits::DIRECTIONAL) {
        piece_dir()
    } else if tr.any(Traits::DEEP_WATER.with(Traits::WATER)) {
        '~'
    } else if tr.contains(Traits::ENCUMBERING) {
        '&'
    } else if tr.contains(Traits::DIFFICULT) {
        ':'
    } else if tr.contains(Traits::CONCEALING) {
        '░'
    } else if tr.contains(Traits::INCLINE) {
        '/'
    } else {
        let e = t.elevation(s).0 / 2;
        if e > 0 { char::from_digit(u32::from(e.min(9)), 10).unwrap_or('9') } else { '.' }
    }
}

/// The battlefield as text, rank by rank from the top, with the overlay's
/// marks (figures are drawn over marks, marks over terrain).
pub fn text(field: &Battlefield, overlay: &Overlay) -> String {
    let b = field.board();
    let t = field.terrain();
    let (w, h) = (b.width(), b.height());
    let mut out = String::new();
    let header = |out: &mut String| {
        // Two header lines when files go past z: the first letter, then the second.
        let names: Vec<String> = (0..w).map(|f| file_name(f as u32)).collect();
        if w > 26 {
            let _ = write!(out, "    ");
            for n in &names {
                let _ = write!(out, "{} ", if n.len() > 1 { &n[..1] } else { " " });
            }
            out.push('\n');
        }
        let _ = write!(out, "    ");
        for n in &names {
            let _ = write!(out, "{} ", &n[n.len() - 1..]);
        }
        out.push('\n');
    };
    header(&mut out);
    let edge_mark = |s: Square, north: bool| {
        let side = if north { super::board::Side::North } else { super::board::Side::East };
        !t.pieces_along(super::board::Edge { square: s, side }).is_empty()
    };
    // Lines are drawn as the squares they pass through.
    let mut traced = SquareSet::EMPTY;
    for (a, b, _) in &overlay.lines {
        for k in 0..=400 {
            let u = f64::from(k) / 400.0;
            let (x, y) = (a.0 + u * (b.0 - a.0), a.1 + u * (b.1 - a.1));
            let (f, r) = (x.floor() as i32, y.floor() as i32);
            let on_grid = (x - x.round()).abs() < 1e-9 || (y - y.round()).abs() < 1e-9;
            if let Some(s) = b_square(field, f, r)
                && !on_grid
            {
                traced.insert(s);
            }
        }
    }
    for r in (0..h).rev() {
        let _ = write!(out, "{:>3} ", r + 1);
        for f in 0..w {
            let Some(s) = b.square(f, r) else { continue };
            let mut ch = terrain_char(field, s);
            if traced.contains(s) {
                ch = '·';
            }
            for (set, c, _) in &overlay.marks {
                if set.contains(s) {
                    ch = *c;
                }
            }
            if let Some(id) = field.figure_at(s)
                && let Some(fig) = field.figure(id)
            {
                ch = fig.name.chars().next().unwrap_or('?');
            }
            out.push(ch);
            out.push(if f + 1 < w && edge_mark(s, false) { '|' } else { ' ' });
        }
        let _ = write!(out, "{}", r + 1);
        out.push('\n');
        if r > 0 {
            let below: Vec<bool> = (0..w).map(|f| b.square(f, r - 1).is_some_and(|s| edge_mark(s, true))).collect();
            if below.iter().any(|x| *x) {
                out.push_str("    ");
                for x in below {
                    out.push_str(if x { "- " } else { "  " });
                }
                out.push('\n');
            }
        }
    }
    header(&mut out);
    out
}

fn b_square(field: &Battlefield, f: i32, r: i32) -> Option<Square> {
    field.board().square(f, r)
}

const PX: f64 = 24.0;

fn fill(field: &Battlefield, s: Square) -> Option<&'static str> {
    let tr = field.terrain().traits(s);
    Some(if tr.contains(Traits::SOLID) {
        "#555"
    } else if tr.contains(Traits::OPAQUE) {
        "#222"
    } else if tr.contains(Traits::HAZARDOUS) {
        "#e5533d"
    } else if tr.contains(Traits::OBJECTIVE) {
        "#d9b600"
    } else if tr.contains(Traits::TELEPORTATION) {
        "#b48ee0"
    } else if tr.contains(Traits::OBSTRUCTING) {
        "#5c9e4f"
    } else if tr.contains(Traits::DEEP_WATER) {
        "#3d6fb5"
    } else if tr.any(Traits::WATER) {
        "#8fb8e8"
    } else if tr.contains(Traits::DIRECTIONAL) {
        "#a8d0d0"
    } else if tr.contains(Traits::ENCUMBERING) {
        "#c8c0a8"
    } else if tr.contains(Traits::DIFFICULT) {
        "#c9a66b"
    } else if tr.contains(Traits::CONCEALING) {
        "#d8d8e8"
    } else if tr.contains(Traits::INCLINE) {
        "#e3d3a3"
    } else if field.terrain().elevation(s).0 > 0 {
        "#efe3bd"
    } else {
        return None;
    })
}

/// The battlefield as an SVG picture with the overlay.
pub fn svg(field: &Battlefield, overlay: &Overlay) -> String {
    let b = field.board();
    let t = field.terrain();
    let (w, h) = (f64::from(b.width()), f64::from(b.height()));
    let margin = 18.0;
    let sw = (w * PX + 2.0 * margin).max(300.0);
    let caption = wrap(&overlay.caption, ((sw - 2.0 * margin) / 6.2) as usize);
    let caption_h = if caption.is_empty() { 0.0 } else { 8.0 + 14.0 * caption.len() as f64 };
    let sh = h * PX + 2.0 * margin + caption_h;
    let x = |f: f64| margin + f * PX;
    let y = |r: f64| margin + (h - r) * PX;
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{sw}" height="{sh}" viewBox="0 0 {sw} {sh}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(o, r##"<rect x="0" y="0" width="{sw}" height="{sh}" fill="#fff"/>"##);
    for s in b.all().iter() {
        let (f, r) = (f64::from(s.file()), f64::from(s.rank()));
        if let Some(c) = fill(field, s) {
            let _ = writeln!(o, r#"<rect x="{}" y="{}" width="{PX}" height="{PX}" fill="{c}"/>"#, x(f), y(r + 1.0));
        }
        let e = t.elevation(s).0 / 2;
        if e > 0 {
            let _ = writeln!(
                o,
                r##"<text x="{}" y="{}" fill="#886" font-size="9">{e}</text>"##,
                x(f) + 2.0,
                y(r + 1.0) + 9.0
            );
        }
    }
    for (set, _, colour) in &overlay.marks {
        for s in set.iter() {
            let (f, r) = (f64::from(s.file()), f64::from(s.rank()));
            let _ = writeln!(
                o,
                r#"<rect x="{}" y="{}" width="{PX}" height="{PX}" fill="{colour}" fill-opacity="0.45"/>"#,
                x(f),
                y(r + 1.0)
            );
        }
    }
    // The grid.
    for f in 0..=b.width() {
        let _ = writeln!(
            o,
            r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#bbb" stroke-width="0.5"/>"##,
            x(f64::from(f)),
            y(0.0),
            y(h)
        );
    }
    for r in 0..=b.height() {
        let _ = writeln!(
            o,
            r##"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="#bbb" stroke-width="0.5"/>"##,
            y(f64::from(r)),
            x(0.0),
            x(w)
        );
    }
    // Terrain on edges.
    for p in t.pieces() {
        let tr = p.active();
        let colour = if tr.contains(Traits::SOLID) {
            "#222"
        } else if p.traits.contains(Traits::DOOR) {
            "#a0522d"
        } else if tr.contains(Traits::OPAQUE) {
            "#444"
        } else {
            "#2e7d32"
        };
        let width = if tr.contains(Traits::SOLID) { 4.0 } else { 3.0 };
        for e in &p.edges {
            let (f, r) = (f64::from(e.square.file()), f64::from(e.square.rank()));
            let (a, bb) = match e.side {
                super::board::Side::North => ((f, r + 1.0), (f + 1.0, r + 1.0)),
                super::board::Side::East => ((f + 1.0, r), (f + 1.0, r + 1.0)),
            };
            let dash = if p.traits.contains(Traits::DOOR) && p.open { r#" stroke-dasharray="3,3""# } else { "" };
            let _ = writeln!(
                o,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{width}"{dash}/>"#,
                x(a.0),
                y(a.1),
                x(bb.0),
                y(bb.1)
            );
        }
    }
    // Figures.
    for (_, fig) in field.figures() {
        let s = f64::from(fig.space.side);
        let (cx, cy) = (f64::from(fig.space.file) + s / 2.0, f64::from(fig.space.rank) + s / 2.0);
        let colour = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a"][usize::from(fig.team % 4)];
        let dash = if fig.helpless { r#" stroke-dasharray="2,2""# } else { "" };
        let _ = writeln!(
            o,
            r##"<circle cx="{}" cy="{}" r="{}" fill="{colour}" fill-opacity="0.85" stroke="#000"{dash}/>"##,
            x(cx),
            y(cy),
            s * PX * 0.42
        );
        let _ = writeln!(
            o,
            r##"<text x="{}" y="{}" fill="#fff" text-anchor="middle" font-weight="bold">{}</text>"##,
            x(cx),
            y(cy) + 4.0,
            escape(&fig.name)
        );
    }
    for (a, bb, colour) in &overlay.lines {
        let _ = writeln!(
            o,
            r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{colour}" stroke-width="2"/>"#,
            x(a.0),
            y(a.1),
            x(bb.0),
            y(bb.1)
        );
    }
    // File letters and rank numbers.
    for f in 0..b.width() {
        let _ = writeln!(
            o,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#666">{}</text>"##,
            x(f64::from(f) + 0.5),
            y(0.0) + 13.0,
            file_name(f as u32)
        );
    }
    for r in 0..b.height() {
        let _ = writeln!(
            o,
            r##"<text x="{}" y="{}" text-anchor="end" fill="#666">{}</text>"##,
            x(0.0) - 3.0,
            y(f64::from(r) + 0.5) + 4.0,
            r + 1
        );
    }
    for (k, line) in caption.iter().enumerate() {
        let y = h * PX + 2.0 * margin + 10.0 + 14.0 * k as f64;
        let _ = writeln!(o, r##"<text x="{}" y="{}" fill="#000">{}</text>"##, margin, y, escape(line));
    }
    o.push_str("</svg>\n");
    o
}

/// Splits text into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width.max(10) => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
