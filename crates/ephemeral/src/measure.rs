//! Measurements on the table without changing it: the referee's answers to
//! players who move real figures (the terminal's `measure` command and the
//! server's companion mode, `GET /api/matches/{id}/measure`).
//!
//! [`Ephemeral::measure`] takes two spots — figures, points or the gate —
//! and answers with what the rules say between them: the distance centre
//! to centre and edge to edge, contact, line of sight and range from one
//! figure to another (with the rule that refuses the attack, if any), the
//! cost of a straight move to a point with its climbing (or the rule that
//! refuses it), and whether a figure touches the gate. Every answer comes
//! from the same checks the rules make on a decision
//! ([`Ephemeral::check_path`], the attack's judgement, [`Ephemeral::touches_gate`]).

use crate::notation::{figure_label, format_pos, parse_figure, parse_pos};
use crate::rules::Ephemeral;
use crate::state::{Pos, State};
use crate::table::{gate_disc, v};
use arbiter_core::Refusal;
use arbiter_geometry::table::{Disc, TOLERANCE};
use serde::Serialize;

/// One end of a measurement: a figure on the table, the gate, or a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// A figure (its index) and its base.
    Figure(u8, Disc),
    /// The gate's disc.
    Gate(Disc),
    /// A point of the table, cm.
    Point(Pos),
}

impl Spot {
    /// The spot's disc (a point is a disc of no radius).
    pub fn disc(&self) -> Disc {
        match *self {
            Spot::Figure(_, d) | Spot::Gate(d) => d,
            Spot::Point(p) => Disc::new(v(p), 0.0),
        }
    }
}

/// One end of a measurement, as the answer gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpotView {
    /// `figure`, `gate` or `point`.
    pub kind: &'static str,
    /// The figure's index, for a figure.
    pub figure: Option<u8>,
    /// In words: `Ashwright (b) (12,3)`, `the gate (20,20)`, `(12,20)`.
    pub label: String,
    /// Centre, cm across.
    pub x: f32,
    /// Centre, cm up.
    pub y: f32,
    /// Radius of its base or disc, cm (0 for a point).
    pub radius: f32,
}

/// Line of sight and range from one figure to another.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sight {
    /// Whether a clear line joins the bases (terrain and enemy bases block).
    pub clear: bool,
    /// The range over that line, cm, when clear.
    pub range_cm: Option<f32>,
    /// How far the first figure's standard attack reaches now, cm.
    pub reach_cm: f32,
    /// Whether the first figure may make a standard attack on the second
    /// (sight and range; whose turn it is aside).
    pub may_attack: bool,
    /// The rule that refuses the attack, when it may not.
    pub refusal: Option<Refusal>,
}

/// A straight move of a figure to a point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StraightMove {
    /// Its cost, path and climbing, cm, when allowed.
    pub cost_cm: Option<f32>,
    /// The figure's Movement, cm.
    pub budget_cm: f32,
    /// Whether the rules allow it.
    pub allowed: bool,
    /// The rule that refuses it, when they do not.
    pub refusal: Option<Refusal>,
}

/// What the rules say between two spots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measurement {
    /// The first spot.
    pub from: SpotView,
    /// The second spot.
    pub to: SpotView,
    /// Centre to centre, cm.
    pub centre_cm: f32,
    /// Edge to edge, cm (0 when the two overlap).
    pub edge_cm: f32,
    /// Whether the two are in contact (within the rules' tolerance).
    pub contact: bool,
    /// From one figure to another: sight, range and the attack.
    pub sight: Option<Sight>,
    /// From a figure to a point: the straight move there.
    pub straight_move: Option<StraightMove>,
    /// Between a figure and the gate: whether the figure touches it
    /// (standing on the table, ruling P17).
    pub touches_gate: Option<bool>,
}

/// A figure another may attack, or why not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetView {
    /// The target's index.
    pub figure: u8,
    /// The target in words.
    pub label: String,
    /// Range over a clear sight line, cm.
    pub range_cm: Option<f32>,
    /// The rule that refuses it as a target, if any.
    pub refusal: Option<Refusal>,
}

impl Ephemeral {
    /// Reads a spot as typed: a figure letter (`a`, `C`, `#3`), a position
    /// (`12,20` or `(12,20)`) or `gate`.
    pub fn spot(&self, state: &State, text: &str) -> Result<Spot, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("gate") {
            return state.gate.map(|g| Spot::Gate(gate_disc(g))).ok_or_else(|| "the gate is not placed yet".into());
        }
        if t.contains(',') {
            return parse_pos(t).map(Spot::Point).map_err(|e| e.to_string());
        }
        let f = parse_figure(self, t).map_err(|e| e.to_string())?;
        if f as usize >= state.figures.len() {
            return Err(format!("there is no figure {t}"));
        }
        match self.disc(state, f) {
            Some(d) => Ok(Spot::Figure(f, d)),
            None => Err(format!("{} is not on the table", figure_label(self, f))),
        }
    }

    /// A spot as the answer gives it.
    pub fn spot_view(&self, spot: Spot) -> SpotView {
        let d = spot.disc();
        let at = format_pos(Pos::new(d.centre.x, d.centre.y));
        let (kind, figure, label) = match spot {
            Spot::Figure(f, _) => ("figure", Some(f), format!("{} {at}", figure_label(self, f))),
            Spot::Gate(_) => ("gate", None, format!("the gate {at}")),
            Spot::Point(_) => ("point", None, at),
        };
        SpotView { kind, figure, label, x: d.centre.x, y: d.centre.y, radius: d.radius }
    }

    /// What the rules say between two spots, changing nothing.
    pub fn measure(&self, state: &State, a: Spot, b: Spot) -> Measurement {
        let (da, db) = (a.disc(), b.disc());
        let edge = da.gap(&db);
        let mut m = Measurement {
            from: self.spot_view(a),
            to: self.spot_view(b),
            centre_cm: da.centre.distance(db.centre),
            edge_cm: edge.max(0.0),
            contact: edge <= TOLERANCE,
            sight: None,
            straight_move: None,
            touches_gate: None,
        };
        match (a, b) {
            (Spot::Figure(fa, _), Spot::Figure(fb, _)) => {
                let range = self.range_between(state, fa, fb);
                let judged = self.judge_attack(state, fa, fb, &[1, 0, 0, 0, 0]);
                m.sight = Some(Sight {
                    clear: range.is_some(),
                    range_cm: range,
                    reach_cm: self.attack_range(state, fa),
                    may_attack: judged.is_ok(),
                    refusal: judged.err(),
                });
            }
            (Spot::Figure(f, _), Spot::Point(p)) => {
                let budget = self.stats()[f as usize].movement_cm;
                let checked = self.check_path(state, f, &[p], budget);
                m.straight_move = Some(StraightMove {
                    cost_cm: checked.as_ref().ok().map(|c| c.cost),
                    budget_cm: budget,
                    allowed: checked.is_ok(),
                    refusal: checked.err(),
                });
            }
            (Spot::Figure(f, _), Spot::Gate(_)) | (Spot::Gate(_), Spot::Figure(f, _)) => {
                m.touches_gate = Some(self.touches_gate(state, f));
            }
            _ => {}
        }
        m
    }

    /// Every other figure on the table (the rules let a figure attack any
    /// other) as a target of `figure`'s standard attack: its range, or the
    /// rule that refuses it (sight, range).
    pub fn targets_of(&self, state: &State, figure: u8) -> Vec<TargetView> {
        if self.disc(state, figure).is_none() {
            return Vec::new();
        }
        (0..state.figures.len() as u8)
            .filter(|&t| t != figure && self.disc(state, t).is_some())
            .map(|t| TargetView {
                figure: t,
                label: figure_label(self, t),
                range_cm: self.range_between(state, figure, t),
                refusal: self.judge_attack(state, figure, t, &[1, 0, 0, 0, 0]).err(),
            })
            .collect()
    }

    /// [`Ephemeral::measure`] from typed spots, with the first figure's
    /// targets, as JSON (the server's companion answer).
    pub fn measure_text(&self, state: &State, a: &str, b: &str) -> Result<serde_json::Value, String> {
        let (sa, sb) = (self.spot(state, a)?, self.spot(state, b)?);
        let m = self.measure(state, sa, sb);
        let targets = match sa {
            Spot::Figure(f, _) => self.targets_of(state, f),
            _ => Vec::new(),
        };
        let mut out = serde_json::to_value(&m).map_err(|e| e.to_string())?;
        if let Some(o) = out.as_object_mut() {
            o.insert("targets".into(), serde_json::to_value(&targets).map_err(|e| e.to_string())?);
        }
        Ok(out)
    }
}
