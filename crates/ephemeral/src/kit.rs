//! Terrain kits: the five pieces placed before a game, read from a TOML
//! file (`data/terrain-kit.toml` is the standard kit) and checked on load,
//! with the line of each error.

use arbiter_geometry::table::{Solid, Vec2};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How many terrain pieces a game uses.
pub const PIECES: usize = 5;

/// The diameter of the gate, in cm.
pub const GATE_DIAMETER: f32 = 9.0;

/// The shape of a piece, in cm around its own centre.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum Shape {
    /// A round footprint.
    Circle {
        /// Its radius.
        radius: f32,
    },
    /// A rectangle, `width` along x and `depth` along y before turning.
    Rect {
        /// Size along x.
        width: f32,
        /// Size along y.
        depth: f32,
    },
    /// A convex polygon.
    Polygon {
        /// Its corners, either winding.
        points: Vec<[f32; 2]>,
    },
}

/// One piece of terrain in a kit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Piece {
    /// What players call it.
    pub name: String,
    /// Its footprint.
    #[serde(flatten)]
    pub shape: Shape,
    /// Its height in cm.
    pub height: f32,
}

impl Piece {
    /// The footprint placed with its centre at `at`, turned by `degrees`.
    pub fn footprint(&self, at: Vec2, degrees: f32) -> Result<Solid, String> {
        let solid = match &self.shape {
            Shape::Circle { radius } => Solid::circle(at, *radius),
            Shape::Rect { width, depth } => {
                let (w, d) = (width / 2.0, depth / 2.0);
                Solid::polygon_at(
                    &[Vec2::new(-w, -d), Vec2::new(w, -d), Vec2::new(w, d), Vec2::new(-w, d)],
                    at,
                    degrees,
                )
            }
            Shape::Polygon { points } => {
                let pts: Vec<Vec2> = points.iter().map(|p| Vec2::new(p[0], p[1])).collect();
                Solid::polygon_at(&pts, at, degrees)
            }
        };
        solid.map_err(|e| format!("{}: {e}", self.name))
    }

    /// Half the widest extent of the piece from its centre, in cm.
    pub fn reach(&self) -> f32 {
        match &self.shape {
            Shape::Circle { radius } => *radius,
            Shape::Rect { width, depth } => 0.5 * width.hypot(*depth),
            Shape::Polygon { points } => points.iter().map(|p| p[0].hypot(p[1])).fold(0.0, f32::max),
        }
    }
}

/// The five pieces of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Kit {
    /// The pieces, in the order they are listed.
    #[serde(rename = "piece")]
    pub pieces: Vec<Piece>,
}

#[derive(Deserialize)]
struct RawKit {
    piece: Vec<toml::Spanned<Piece>>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].bytes().filter(|b| *b == b'\n').count() + 1
}

impl Kit {
    /// The standard kit shipped with Arbiter.
    pub fn standard() -> Kit {
        // The embedded file is checked by a test; a broken build falls back
        // to nothing rather than panicking.
        Kit::from_toml(include_str!("../data/terrain-kit.toml")).unwrap_or(Kit { pieces: Vec::new() })
    }

    /// Reads and checks a kit; errors name the line.
    pub fn from_toml(text: &str) -> Result<Kit, String> {
        let raw: RawKit = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(0, |s| line_of(text, s.start));
            format!("line {line}: {}", e.message())
        })?;
        if raw.piece.len() != PIECES {
            return Err(format!("a kit has exactly {PIECES} pieces; this one has {}", raw.piece.len()));
        }
        let mut pieces = Vec::new();
        for spanned in raw.piece {
            let line = line_of(text, spanned.span().start);
            let piece = spanned.into_inner();
            let at = |why: String| format!("line {line}: {why}");
            if piece.name.trim().is_empty() || piece.name.chars().count() > 40 {
                return Err(at("a piece needs a name of 1–40 characters".into()));
            }
            if !(piece.height.is_finite() && (0.0..=30.0).contains(&piece.height)) {
                return Err(at(format!("{}: height must be 0–30 cm", piece.name)));
            }
            if !(0.5..=15.0).contains(&piece.reach()) {
                return Err(at(format!("{}: a piece must reach 0.5–15 cm from its centre", piece.name)));
            }
            piece.footprint(Vec2::new(20.0, 20.0), 0.0).map_err(at)?;
            pieces.push(piece);
        }
        Ok(Kit { pieces })
    }
}

impl Default for Kit {
    fn default() -> Kit {
        Kit::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_kit_loads_with_five_pieces() {
        let kit = Kit::from_toml(include_str!("../data/terrain-kit.toml")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kit.pieces.len(), PIECES);
        assert_eq!(Kit::standard(), kit);
    }

    #[test]
    fn kit_errors_name_their_line() {
        let text = include_str!("../data/terrain-kit.toml").replacen("height = 6.0", "height = 60.0", 1);
        let e = Kit::from_toml(&text).unwrap_err();
        // The error names the line of the piece's `[[piece]]` header.
        let name = text.lines().position(|l| l.contains("\"Ruined wall\"")).unwrap_or(0);
        assert!(e.starts_with(&format!("line {name}:")), "{e}");
        assert!(e.contains("Ruined wall: height must be 0–30 cm"), "{e}");
        let concave =
            "[[piece]]\nname = \"Notch\"\nshape = \"polygon\"\npoints = [[0,0],[4,0],[1,1],[4,4],[0,4]]\nheight = 1\n";
        let e = Kit::from_toml(&concave.repeat(5)).unwrap_err();
        assert!(e.starts_with("line 1:") && e.contains("convex"), "{e}");
        assert!(
            Kit::from_toml("[[piece]]\nname = \"A\"\nshape = \"circle\"\nradius = 1\nheight = 1\n")
                .unwrap_err()
                .contains("exactly 5")
        );
        assert!(Kit::from_toml("not toml [").is_err());
    }
}
