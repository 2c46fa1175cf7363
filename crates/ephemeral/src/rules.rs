//! [`Ephemeral`]: the rules as a state machine behind the core [`Game`]
//! trait. This module holds the game's shape: setup (sides, terrain, the
//! gate), the foraging phase, deployment, whose decision it is, scoring at
//! the gate, and the dispatch of every decision. The activation phase's
//! actions and prep tokens are in `activation.rs`, abilities in
//! `ability.rs`, and everything that resolves inside an action — dice,
//! damage, reactions, moves waypoint by waypoint, mines — on the core's
//! pending stack in `resolve.rs`. Sections cited in refusals are the v0.26
//! rulebook's; rulings are cited as "ruling Pn (docs/rulings/ephemeral.md)".

use crate::Edition;
use crate::action::{Action, Side};
use crate::candidates;
use crate::catalogue::{Ability, Reach};
use crate::dice::AttackDice;
use crate::event::Event;
use crate::frame::Frame;
use crate::kit::PIECES;
use crate::roster::{Stats, roster};
use crate::state::{DIE_SIZES, Figure, MAX_FIGURES, Phase, Placed, Pool, Pos, State};
use crate::table::{AREA, MoveCost, Scene, SceneCache, check_move, gate_disc, sight_range, support, v};
use crate::variant::Variant;
use arbiter_core::resolve::{Anchor, Pending, drive, owed};
use arbiter_core::{
    ConfigError, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, RollPart, Seat, ToMove, Viewer,
};
use arbiter_geometry::table::{Disc, Solid, TOLERANCE};
use arrayvec::ArrayVec;
use rand::Rng;
use std::borrow::Cow;
use std::sync::Arc;

/// Enemy figures must be at least this far (cm) from a figure placed while foraging.
pub const PLACE_CLEARANCE: f32 = 5.0;
/// The gate must be at least this far (cm) from the play area's edge.
pub const GATE_CLEARANCE: f32 = 5.0;
/// How far a prep token moves a figure, cm.
pub const NUDGE_CM: f32 = 2.0;
/// How much range a prep token adds to the next attack, cm.
pub const REACH_CM: u8 = 5;
/// The deepest the pending stack may be in a state read from outside (play
/// never comes near it: a counter attack answering a counter attack adds a
/// handful of frames, and every counter spends a foraged die).
pub const MAX_PENDING: usize = 256;
/// How dice of each size are labelled for people.
pub(crate) const DIE_LABELS: [&str; 5] = ["D4", "D6", "D8", "D10", "D12"];

pub(crate) const SETUP: &str = "Set up";
pub(crate) const FORAGE: &str = "Foraging phase";
pub(crate) const ACTIVATION: &str = "Activation phase";
pub(crate) const ATTACK: &str = "Taking actions: Attack";
pub(crate) const PREPARE: &str = "Taking actions: Prepare";

/// Ephemeral Path (v0.26) or Ephemeral Gate (v0.20), for two players.
#[derive(Clone, Debug)]
pub struct Ephemeral {
    variant: Variant,
    stats: Vec<Stats>,
    dice: &'static AttackDice,
}

pub(crate) fn refuse(
    rule: &'static str,
    reason: impl Into<std::borrow::Cow<'static, str>>,
    section: &'static str,
) -> Refusal {
    Refusal::because(rule, reason, section)
}

impl Ephemeral {
    /// The edition being played.
    pub fn edition(&self) -> Edition {
        self.variant.edition
    }

    /// Every figure's fixed numbers, indexed like [`State::figures`].
    pub fn stats(&self) -> &[Stats] {
        &self.stats
    }

    /// The attack dice a figure of this Force would do best to roll.
    pub fn attack_dice(&self) -> &AttackDice {
        self.dice
    }

    /// The table's footprints for a state (cached once terrain is down).
    pub fn scene<'a>(&self, state: &'a State) -> Cow<'a, Scene> {
        match &state.scene.0 {
            Some(s) if s.solids.len() == state.terrain.len() => Cow::Borrowed(s),
            _ => Cow::Owned(Scene::build(state, &self.variant.kit)),
        }
    }

    fn refresh_scene(&self, state: &mut State) {
        state.scene = SceneCache(Some(Arc::new(Scene::build(state, &self.variant.kit))));
    }

    /// The base of a figure on the table.
    pub fn disc(&self, state: &State, figure: u8) -> Option<Disc> {
        let f = state.figures.get(figure as usize)?;
        let at = f.at.filter(|_| !f.defeated)?;
        Some(Disc::new(v(at), self.stats[figure as usize].radius))
    }

    /// Bases on the table of `seat`'s opponents, except `except`.
    pub fn enemy_discs(&self, state: &State, seat: Seat, except: Option<u8>) -> ArrayVec<Disc, MAX_FIGURES> {
        (0..state.figures.len() as u8)
            .filter(|&i| state.figures[i as usize].owner != seat && Some(i) != except)
            .filter_map(|i| self.disc(state, i))
            .collect()
    }

    /// Every base on the table except `except`.
    pub fn other_discs(&self, state: &State, except: u8) -> ArrayVec<Disc, MAX_FIGURES> {
        (0..state.figures.len() as u8).filter(|&i| i != except).filter_map(|i| self.disc(state, i)).collect()
    }

    /// Range in cm from one figure to another over a clear sight line, or
    /// `None` without line of sight.
    pub fn range_between(&self, state: &State, from: u8, to: u8) -> Option<f32> {
        let scene = self.scene(state);
        let (a, b) = (self.disc(state, from)?, self.disc(state, to)?);
        let owner = state.figures[from as usize].owner;
        let enemies = self.enemy_discs(state, owner, Some(to));
        sight_range(&scene, &a, state.figures[from as usize].on, &b, state.figures[to as usize].on, &enemies)
    }

    /// The furthest a figure may make a standard attack on its next attack,
    /// cm: its Range plus the prep tokens spent on range.
    pub fn attack_range(&self, state: &State, figure: u8) -> f32 {
        self.reach_cm(state, figure, Reach::FigureRange, None)
    }

    /// The player who controls a figure.
    pub fn owner(&self, figure: u8) -> Seat {
        self.stats.get(figure as usize).map_or(Seat(0), |s| s.owner)
    }

    /// True if the figure is on the table.
    pub fn on_table(&self, state: &State, figure: u8) -> bool {
        state.figures.get(figure as usize).is_some_and(Figure::on_table)
    }

    /// A figure's ability in a slot.
    pub fn ability(&self, figure: u8, slot: u8) -> Option<&Ability> {
        self.stats.get(figure as usize)?.abilities.get(slot as usize)
    }

    /// A figure's abilities with their slots.
    pub fn abilities_of(&self, figure: u8) -> impl Iterator<Item = (u8, &Ability)> {
        self.stats
            .get(figure as usize)
            .into_iter()
            .flat_map(|s| s.abilities.iter().enumerate().map(|(i, a)| (i as u8, a)))
    }

    /// An ability as people name it: its name in the set, or its id.
    pub fn ability_label(&self, figure: u8, slot: u8) -> String {
        self.stats
            .get(figure as usize)
            .and_then(|s| s.labels.get(slot as usize))
            .cloned()
            .unwrap_or_else(|| format!("ability {}", u16::from(slot) + 1))
    }

    /// True if any figure of either set has an ability of this type (a
    /// cheap test before looking for answers to an event).
    pub fn any_ability(&self, pick: impl Fn(&Ability) -> bool) -> bool {
        self.stats.iter().any(|s| s.abilities.iter().any(&pick))
    }

    /// The gap between two figures' bases on the table, cm (`None` if either is off it).
    pub fn gap(&self, state: &State, a: u8, b: u8) -> Option<f32> {
        Some(self.disc(state, a)?.gap(&self.disc(state, b)?))
    }

    /// True if two figures' bases are in contact (melee).
    pub fn in_contact(&self, state: &State, a: u8, b: u8) -> bool {
        self.gap(state, a, b).is_some_and(|g| g <= arbiter_geometry::table::TOLERANCE)
    }

    /// Checks a move of `figure` along `path` with `budget` cm.
    pub fn check_path(&self, state: &State, figure: u8, path: &[Pos], budget: f32) -> Result<MoveCost, Refusal> {
        let f = &state.figures[figure as usize];
        let Some(start) = f.at.filter(|_| !f.defeated) else {
            return Err(Refusal::new(
                "ep.move.not-on-table",
                "that figure is not on the table",
                "Taking actions: Move",
            ));
        };
        let scene = self.scene(state);
        let enemies = self.enemy_discs(state, f.owner, None);
        let others = self.other_discs(state, figure);
        let stats = &self.stats[figure as usize];
        let mover = crate::table::Mover { radius: stats.radius, start, on: f.on, budget, sneak: stats.sneak };
        check_move(&scene, &mover, path, &enemies, &others)
    }

    /// Checks placing `figure` at `at` while foraging or deploying: touching
    /// an edge, clear of the gate, 5 cm from enemies, on no other base,
    /// balanced on terrain. Returns the piece it stands on.
    pub fn check_placement(&self, state: &State, figure: u8, at: Pos) -> Result<Option<u8>, Refusal> {
        if !at.is_finite() {
            return Err(Refusal::new("ep.place.number", "the position is not a number", FORAGE));
        }
        let stats = &self.stats[figure as usize];
        let disc = Disc::new(v(at), stats.radius);
        if !AREA.touches_edge(&disc) {
            return Err(refuse(
                "ep.place.edge",
                format!(
                    "a figure is placed with its base touching an edge of the play area (inside it); at ({:.1}, {:.1}) it is {:.1} cm from the nearest edge",
                    at.x,
                    at.y,
                    AREA.edge_gap(&disc)
                ),
                FORAGE,
            ));
        }
        if let Some(g) = state.gate
            && gate_disc(g).touches(&disc)
        {
            return Err(Refusal::new(
                "ep.place.gate",
                "a figure may not be placed in contact with or overlapping the gate",
                FORAGE,
            ));
        }
        for e in self.enemy_discs(state, stats.owner, None) {
            if e.gap(&disc) < PLACE_CLEARANCE - TOLERANCE {
                return Err(refuse(
                    "ep.place.enemy",
                    format!(
                        "a figure must be placed at least 5 cm from enemy figures; the enemy at ({:.1}, {:.1}) is {:.1} cm away",
                        e.centre.x,
                        e.centre.y,
                        e.gap(&disc).max(0.0)
                    ),
                    FORAGE,
                ));
            }
        }
        if self.other_discs(state, figure).iter().any(|o| o.overlaps(&disc)) {
            return Err(Refusal::new("ep.place.base", "the base would overlap another figure's base", FORAGE));
        }
        support(&self.scene(state), &disc)
    }

    /// Checks placing kit piece `piece` (or the gate, with `None`) at `at`
    /// turned `turn` degrees. While the gate is still to place, a piece must
    /// leave room for it (ruling P45).
    pub fn check_terrain(&self, state: &State, piece: Option<u8>, at: Pos, turn: u16) -> Result<(), Refusal> {
        if !at.is_finite() || turn >= 360 {
            return Err(Refusal::new("ep.terrain.number", "give a centre in cm and a turn of 0–359 degrees", SETUP));
        }
        let solid = match piece {
            Some(p) => {
                let Some(kit_piece) = self.variant.kit.pieces.get(p as usize) else {
                    return Err(Refusal::new("ep.terrain.piece", "there is no such terrain piece", SETUP));
                };
                if state.terrain.iter().any(|t| t.piece == p) {
                    return Err(Refusal::new("ep.terrain.placed", "that piece is already on the table", SETUP));
                }
                kit_piece.footprint(v(at), f32::from(turn)).map_err(|e| refuse("ep.terrain.shape", e, SETUP))?
            }
            None => {
                if state.gate.is_some() {
                    return Err(Refusal::new("ep.terrain.placed", "the gate is already on the table", SETUP));
                }
                return self.check_gate_among(&self.terrain_solids(state), at);
            }
        };
        let mut others = self.terrain_solids(state);
        self.check_clear(&others, &solid)?;
        if state.gate.is_none() {
            others.push(solid);
            if self.gate_room_among(&others).is_none() {
                return Err(Refusal::new(
                    "ep.terrain.gate-room",
                    "this would leave no room for the gate, which must still be placed (at least 5 cm from the edge, touching no terrain)",
                    "ruling P45 (docs/rulings/ephemeral.md)",
                ));
            }
        }
        Ok(())
    }

    /// The footprints on the table: the placed pieces and the gate, if placed.
    pub(crate) fn terrain_solids(&self, state: &State) -> Vec<Solid> {
        let mut solids: Vec<Solid> = self.scene(state).solids.clone();
        if let Some(g) = state.gate {
            let d = gate_disc(g);
            if let Ok(s) = Solid::circle(d.centre, d.radius) {
                solids.push(s);
            }
        }
        solids
    }

    /// Checks the gate at `at` among the footprints `others`.
    pub(crate) fn check_gate_among(&self, others: &[Solid], at: Pos) -> Result<(), Refusal> {
        if !at.is_finite() {
            return Err(Refusal::new("ep.terrain.number", "give a centre in cm and a turn of 0–359 degrees", SETUP));
        }
        let gate = gate_disc(at);
        if AREA.edge_gap(&gate) < GATE_CLEARANCE - TOLERANCE {
            return Err(Refusal::new(
                "ep.terrain.gate-edge",
                "the gate must be placed at least 5 cm from the edge of the play area",
                SETUP,
            ));
        }
        let solid =
            Solid::circle(gate.centre, gate.radius).map_err(|e| refuse("ep.terrain.shape", e.to_string(), SETUP))?;
        self.check_clear(others, &solid)
    }

    /// Checks that a footprint lies on the table clear of the footprints
    /// `others` (v0.26: touching none; v0.20: overlapping none, P14).
    pub(crate) fn check_clear(&self, others: &[Solid], solid: &Solid) -> Result<(), Refusal> {
        let (lo, hi) = solid.bounds();
        if !AREA.holds_box(lo, hi) {
            return Err(Refusal::new(
                "ep.terrain.outside",
                "no part of the terrain may fall outside of the play area",
                SETUP,
            ));
        }
        for o in others {
            let gap = o.gap(solid);
            match self.variant.edition {
                Edition::V026 if gap <= TOLERANCE => {
                    return Err(Refusal::new(
                        "ep.terrain.contact",
                        "no two pieces of terrain may be in contact with each other (the gate counts as terrain)",
                        SETUP,
                    ));
                }
                Edition::V020 if gap < -TOLERANCE => {
                    return Err(Refusal::new(
                        "ep.terrain.overlap",
                        "two pieces of terrain may touch but not overlap (v0.20; see rulings)",
                        "ruling P14 (docs/rulings/ephemeral.md)",
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// True if `seat` can forage some die of the pool.
    pub fn can_forage(&self, state: &State, seat: Seat) -> bool {
        state.pool.iter().any(|(_, d)| self.usable_by(state, seat, d))
    }

    fn usable_by(&self, state: &State, seat: Seat, d: &crate::state::Die) -> bool {
        state
            .figures
            .iter()
            .enumerate()
            .any(|(i, f)| f.owner == seat && !f.defeated && self.stats[i].forage[d.sides as usize][d.value as usize])
    }

    /// The seat that places next while deploying: `next`, unless it has
    /// nothing left to place that fits anywhere along the edge (P12, P46).
    fn deployer(&self, state: &State, next: Seat) -> Option<Seat> {
        [next, next.other()].into_iter().find(|s| {
            state.figures_of(*s).any(|(i, f)| f.at.is_none() && !f.defeated && self.edge_room(state, i).is_some())
        })
    }

    /// The seat that activates next: `next`, unless it has no actions left.
    fn activator(&self, state: &State, next: Seat) -> Option<Seat> {
        [next, next.other()].into_iter().find(|s| state.figures_of(*s).any(|(_, f)| f.on_table() && f.actions > 0))
    }

    fn after_forage(&self, state: &mut State, next: Seat, passes: u8, events: &mut impl EventSink<Event>) {
        let over = passes >= 2
            || state.pool.is_empty()
            || !(self.can_forage(state, Seat(0)) || self.can_forage(state, Seat(1)));
        if !over {
            state.phase = Phase::Forage { next, passes };
            return;
        }
        events.emit(Event::ForagingOver);
        self.start_deploy(state, next, events);
    }

    fn start_deploy(&self, state: &mut State, next: Seat, events: &mut impl EventSink<Event>) {
        state.phase = match self.deployer(state, next) {
            Some(s) => Phase::Deploy { next: s },
            None => {
                // Whatever is still off the table fits nowhere (P46).
                for (i, f) in state.figures.iter().enumerate() {
                    if f.at.is_none() && !f.defeated {
                        events.emit(Event::LeftOut { figure: i as u8 });
                    }
                }
                Phase::ChooseFirst
            }
        };
    }

    fn next_activation(&self, state: &mut State, next: Seat, events: &mut impl EventSink<Event>) {
        match self.activator(state, next) {
            Some(s) => state.phase = Phase::Activate { next: s },
            None => {
                state.phase = Phase::Over;
                let (touching, points, winner) = self.score(state);
                events.emit(Event::GameOver { touching, points, winner });
            }
        }
    }

    /// True if a figure's base touches the gate: standing on the table
    /// (not up on terrain: the gate is flat on the table, ruling P17) with
    /// its base within the tolerance of the gate's circle or over it.
    pub fn touches_gate(&self, state: &State, figure: u8) -> bool {
        let (Some(g), Some(d)) = (state.gate, self.disc(state, figure)) else { return false };
        state.figures[figure as usize].on.is_none() && gate_disc(g).touches(&d)
    }

    /// Figures touching the gate and their spec points, per seat, and the winner.
    pub fn score(&self, state: &State) -> ([u8; 2], [u32; 2], Option<Seat>) {
        let mut touching = [0u8; 2];
        let mut points = [0u32; 2];
        for i in 0..state.figures.len() {
            if self.touches_gate(state, i as u8) {
                let s = state.figures[i].owner.index();
                touching[s] += 1;
                points[s] += self.stats[i].points;
            }
        }
        let winner = if touching == [0, 0] {
            None
        } else if touching[0] != touching[1] {
            Some(Seat(if touching[0] > touching[1] { 0 } else { 1 }))
        } else if points[0] != points[1] {
            Some(Seat(if points[0] > points[1] { 0 } else { 1 }))
        } else {
            None
        };
        (touching, points, winner)
    }

    /// The gate score as it stands: what [`Ephemeral::score`] would give if
    /// the game ended now, for the tracker beside a real table.
    pub fn gate_score(&self, state: &State) -> GateScore {
        let (touching, points, winner) = self.score(state);
        GateScore { touching, points, leader: winner.map(|s| s.0), words: score_words(touching, points, winner) }
    }

    /// Ends the activation of `figure`: its turn-end effects expire and the
    /// other player activates next (or the game ends).
    pub(crate) fn end_activation(&self, state: &mut State, figure: u8, events: &mut impl EventSink<Event>) {
        let owner = self.owner(figure);
        events.emit(Event::Ended { figure });
        state.effects.pass(Anchor::TurnEnd(figure), |e| {
            if e.kind == crate::fx::Fx::Immobilized {
                events.emit(Event::Freed { figure: e.holder });
            }
        });
        state.last = Some(owner);
        self.next_activation(state, owner.other(), events);
    }

    /// Checks that `figure` is one of `seat`'s figures still in the game.
    pub(crate) fn own_figure(&self, state: &State, seat: Seat, figure: u8) -> Result<(), Refusal> {
        match state.figures.get(figure as usize) {
            Some(f) if f.owner == seat && !f.defeated => Ok(()),
            Some(f) if f.defeated => {
                Err(Refusal::new("ep.figure.defeated", "that figure has been defeated", ACTIVATION))
            }
            Some(_) => Err(Refusal::new("ep.figure.enemy", "that figure is not yours", ACTIVATION)),
            None => Err(Refusal::new("ep.figure.none", "there is no such figure", ACTIVATION)),
        }
    }

    /// Checks an action; on success returns what applying needs to know.
    fn judge(&self, state: &State, action: &Action) -> Result<Judged, Refusal> {
        let Some(seat) = self.seat_to_move(state) else {
            return Err(Refusal::new("ep.turn.none", "no player is to decide now", ACTIVATION));
        };
        if !state.pending.is_empty() {
            return self.judge_pending(state, seat, action);
        }
        let wrong = || {
            Refusal::because(
                "ep.turn.phase",
                format!("that is not a decision of this moment: {}", describe_phase(&state.phase)),
                describe_section(&state.phase),
            )
        };
        match (&state.phase, action) {
            (Phase::ChooseSide { .. }, Action::Choose(_)) => Ok(Judged::Plain),
            (Phase::Terrain { .. }, Action::Terrain { piece, at, turn }) => {
                self.check_terrain(state, Some(*piece), *at, *turn).map(|_| Judged::Plain)
            }
            (Phase::Terrain { .. }, Action::Gate { at }) => {
                self.check_terrain(state, None, *at, 0).map(|_| Judged::Plain)
            }
            (Phase::ChooseForager, Action::Forager(s)) if s.index() < 2 => Ok(Judged::Plain),
            (Phase::Forage { .. }, Action::Pass) => Ok(Judged::Plain),
            (Phase::Forage { .. }, Action::Forage { die, figure, at }) => {
                let Some(d) = state.pool.get(*die) else {
                    return Err(Refusal::new(
                        "ep.forage.die",
                        "there is no such die in the pool (pool dice keep their numbers 1–10 while foraging)",
                        FORAGE,
                    ));
                };
                self.own_figure(state, seat, *figure)?;
                if !self.stats[*figure as usize].forage[d.sides as usize][d.value as usize] {
                    return Err(refuse(
                        "ep.forage.ability",
                        format!(
                            "{} has no ability that needs a D{} showing {}; a figure must have an ability that requires a die to forage it",
                            self.stats[*figure as usize].name, d.sides, d.value
                        ),
                        FORAGE,
                    ));
                }
                let f = &state.figures[*figure as usize];
                match (f.at, at) {
                    (None, Some(p)) => self.check_placement(state, *figure, *p).map(Judged::Placed),
                    (None, None) => Err(Refusal::new(
                        "ep.forage.place",
                        "this figure is not on the table yet: it must be placed now, give where",
                        FORAGE,
                    )),
                    (Some(_), Some(_)) => {
                        Err(Refusal::new("ep.forage.placed", "this figure is already on the table", FORAGE))
                    }
                    (Some(_), None) => Ok(Judged::Plain),
                }
            }
            (Phase::Deploy { .. }, Action::Place { figure, at }) => {
                self.own_figure(state, seat, *figure)?;
                if state.figures[*figure as usize].at.is_some() {
                    return Err(Refusal::new("ep.forage.placed", "this figure is already on the table", FORAGE));
                }
                self.check_placement(state, *figure, *at).map(Judged::Placed)
            }
            (Phase::ChooseFirst, Action::First(s)) if s.index() < 2 => Ok(Judged::Plain),
            (Phase::Activate { .. }, Action::Activate { figure }) => {
                self.own_figure(state, seat, *figure)?;
                if state.figures[*figure as usize].actions == 0 {
                    return Err(Refusal::new("ep.activate.spent", "that figure has no actions left", ACTIVATION));
                }
                Ok(Judged::Plain)
            }
            (Phase::Acting { figure, used, limit }, a) => self.judge_acting(state, seat, *figure, *used, *limit, a),
            _ => Err(wrong()),
        }
    }

    pub(crate) fn seat_to_move(&self, state: &State) -> Option<Seat> {
        match self.to_move(state) {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }

    fn apply_judged(&self, state: &mut State, action: &Action, judged: Judged, events: &mut impl EventSink<Event>) {
        let seat = self.seat_to_move(state).unwrap_or(Seat(0));
        if !state.pending.is_empty() {
            self.apply_pending(state, seat, action, judged, events);
            drive(self, state, events);
            return;
        }
        match (state.phase.clone(), action) {
            (Phase::ChooseSide { chooser }, Action::Choose(side)) => {
                events.emit(Event::Chose { seat: chooser, side: *side });
                let x = if *side == Side::X { chooser } else { chooser.other() };
                state.x = Some(x);
                state.phase = Phase::Terrain { next: x };
            }
            (Phase::Terrain { next }, Action::Terrain { piece, at, turn }) => {
                events.emit(Event::Terrain { seat: next, piece: *piece, at: *at, turn: *turn });
                state.terrain.push(Placed { piece: *piece, at: *at, turn: *turn });
                self.refresh_scene(state);
                self.after_terrain(state, next, events);
            }
            (Phase::Terrain { next }, Action::Gate { at }) => {
                events.emit(Event::Gate { seat: next, at: *at });
                state.gate = Some(*at);
                self.after_terrain(state, next, events);
            }
            (Phase::ChooseForager, Action::Forager(s)) => {
                events.emit(Event::Forager { seat: *s });
                state.phase = Phase::Forage { next: *s, passes: 0 };
            }
            (Phase::Forage { next, passes }, Action::Pass) => {
                events.emit(Event::Passed { seat: next });
                self.after_forage(state, next.other(), passes + 1, events);
            }
            (Phase::Forage { next, .. }, Action::Forage { die, figure, at }) => {
                let Some(d) = state.pool.take(*die) else { return };
                events.emit(Event::Foraged { figure: *figure, die: d, slot: *die });
                let f = &mut state.figures[*figure as usize];
                let _ = f.dice.try_push(d);
                if let (Some(p), Judged::Placed(on)) = (at, judged) {
                    f.at = Some(*p);
                    f.on = on;
                    events.emit(Event::Placed { figure: *figure, at: *p, on });
                }
                self.after_forage(state, next.other(), 0, events);
            }
            (Phase::Deploy { next }, Action::Place { figure, at }) => {
                let on = if let Judged::Placed(on) = judged { on } else { None };
                let f = &mut state.figures[*figure as usize];
                f.at = Some(*at);
                f.on = on;
                events.emit(Event::Placed { figure: *figure, at: *at, on });
                self.start_deploy(state, next.other(), events);
            }
            (Phase::ChooseFirst, Action::First(s)) => {
                events.emit(Event::First { seat: *s });
                self.next_activation(state, *s, events);
            }
            (Phase::Activate { .. }, Action::Activate { figure }) => {
                events.emit(Event::Activated { figure: *figure });
                let limit = if state.started { u8::MAX } else { 1 };
                state.started = true;
                let f = &mut state.figures[*figure as usize];
                f.activations = f.activations.saturating_add(1);
                state.effects.pass(Anchor::TurnStart(*figure), |_| {});
                state.phase = Phase::Acting { figure: *figure, used: 0, limit };
            }
            (Phase::Acting { figure, used, limit }, a) => {
                self.apply_acting(state, seat, figure, used, limit, a, judged, events);
            }
            _ => {}
        }
        drive(self, state, events);
    }

    /// After a piece or the gate is placed: the other player places next,
    /// until all six are down or, once the gate is, no piece left fits
    /// anywhere (P45); then the foraging dice are rolled.
    fn after_terrain(&self, state: &mut State, placed_by: Seat, events: &mut impl EventSink<Event>) {
        let left: ArrayVec<u8, PIECES> =
            (0..PIECES as u8).filter(|p| !state.terrain.iter().any(|t| t.piece == *p)).collect();
        let done = state.gate.is_some() && left.iter().all(|p| self.piece_room(state, *p).is_none());
        if done {
            for piece in left {
                events.emit(Event::TerrainLeftOut { piece });
            }
            state.phase = Phase::PoolRoll;
        } else {
            state.phase = Phase::Terrain { next: placed_by.other() };
        }
    }
}

/// What a successful check found, for applying.
pub(crate) enum Judged {
    /// Nothing more to know.
    Plain,
    /// Where a placed figure stands.
    Placed(Option<u8>),
    /// What a checked move costs and where it ends.
    Moved(MoveCost),
    /// The range of a checked attack, cm.
    Range(f32),
}

/// A number of figures in words: "1 figure", "3 figures", "no figure".
pub fn figures(n: impl Into<u32>) -> String {
    match n.into() {
        0 => "no figure".into(),
        1 => "1 figure".into(),
        n => format!("{n} figures"),
    }
}

/// The phase in plain words.
pub fn describe_phase(phase: &Phase) -> &'static str {
    match phase {
        Phase::ChooseSide { .. } => "choosing to be player X or Y",
        Phase::SideRoll => "rolling off for the choice of sides",
        Phase::Terrain { .. } => "placing terrain and the gate",
        Phase::PoolRoll => "rolling the foraging dice",
        Phase::ChooseForager => "player Y chooses who forages first",
        Phase::Forage { .. } => "foraging: take a die or pass",
        Phase::Deploy { .. } => "placing the remaining figures",
        Phase::ChooseFirst => "player X chooses who activates first",
        Phase::Activate { .. } => "choosing a figure to activate",
        Phase::Acting { .. } => "a figure is taking actions",
        Phase::Over => "the game is over",
    }
}

/// The rulebook section of a phase, for refusals of decisions out of turn.
pub fn describe_section(phase: &Phase) -> &'static str {
    match phase {
        Phase::ChooseSide { .. } | Phase::SideRoll | Phase::Terrain { .. } => SETUP,
        Phase::PoolRoll | Phase::ChooseForager | Phase::Forage { .. } | Phase::Deploy { .. } => FORAGE,
        Phase::ChooseFirst | Phase::Activate { .. } | Phase::Over => ACTIVATION,
        Phase::Acting { .. } => "Taking actions",
    }
}

impl Game for Ephemeral {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = State;

    const ID: &'static str = "ephemeral";
    const NAME: &'static str = "Ephemeral Path";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        if seats != 2 {
            return Err(ConfigError::Seats { game: "Ephemeral Path", allowed: "2", found: seats });
        }
        if variant.sets.len() != 2 {
            return Err(ConfigError::Variant(format!("two figure sets are needed, {} given", variant.sets.len())));
        }
        let catalogue = crate::catalogue::Catalogue::standard_ref().map_err(|e| ConfigError::Variant(e.to_string()))?;
        let mut sets = Vec::new();
        for (i, set) in variant.sets.iter().enumerate() {
            let checked = set.to_file().validate(variant.edition, catalogue).map_err(|v| {
                let why: Vec<String> = v.iter().map(|x| x.message.clone()).collect();
                ConfigError::Variant(format!(
                    "P{}'s set is not legal in {}: {}",
                    i + 1,
                    variant.edition,
                    why.join("; ")
                ))
            })?;
            sets.push(checked);
        }
        if variant.kit.pieces.len() != PIECES {
            return Err(ConfigError::Variant(format!("the terrain kit needs {PIECES} pieces")));
        }
        let variant = Variant { sets, ..variant };
        let stats = roster(&variant.sets);
        Ok(Ephemeral { variant, stats, dice: AttackDice::shared() })
    }

    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn seats(&self) -> usize {
        2
    }

    fn action_space(&self) -> arbiter_core::ActionSpace {
        arbiter_core::ActionSpace::Continuous
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn initial_state(&self) -> State {
        let mut figures = ArrayVec::new();
        let mut prep = [0u8; 2];
        for s in &self.stats {
            let _ = figures.try_push(Figure {
                owner: s.owner,
                index: s.index,
                at: None,
                on: None,
                damage: 0,
                actions: s.actions,
                dice: ArrayVec::new(),
                activations: 0,
                defeated: false,
            });
            prep[s.owner.index()] += s.prep;
        }
        let totals = [0, 1].map(|seat| self.variant.sets[seat].points());
        let phase = if totals[0] == totals[1] {
            Phase::SideRoll
        } else {
            Phase::ChooseSide { chooser: Seat(if totals[0] < totals[1] { 0 } else { 1 }) }
        };
        State {
            phase,
            x: None,
            terrain: ArrayVec::new(),
            gate: None,
            figures,
            pool: Pool::default(),
            prep,
            started: false,
            last: None,
            pending: Pending::new(),
            effects: arbiter_core::resolve::Effects::new(),
            mines: ArrayVec::new(),
            mines_laid: 0,
            scene: SceneCache::default(),
        }
    }

    fn validate_state(&self, state: &State) -> Result<(), String> {
        if state.figures.len() != self.stats.len() {
            return Err(format!("the state has {} figures; the sets have {}", state.figures.len(), self.stats.len()));
        }
        for (i, (f, s)) in state.figures.iter().zip(&self.stats).enumerate() {
            if f.owner != s.owner || f.index != s.index {
                return Err(format!("figure {i} does not match the sets"));
            }
            // L9 gives a figure one action more, once per game per leader.
            if f.actions > s.actions.saturating_add(MAX_FIGURES as u8)
                || f.dice.iter().any(|d| !DIE_SIZES.contains(&d.sides) || d.value == 0 || d.value > d.sides)
            {
                return Err(format!("figure {i} has impossible actions or dice"));
            }
            if let Some(p) = f.at
                && (!p.is_finite() || !AREA.holds(&Disc::new(v(p), s.radius)))
            {
                return Err(format!("figure {i} is off the table"));
            }
            if f.on.is_some_and(|p| p as usize >= state.terrain.len()) {
                return Err(format!("figure {i} stands on terrain that is not there"));
            }
        }
        if state.terrain.iter().any(|t| t.piece as usize >= PIECES || !t.at.is_finite() || t.turn >= 360) {
            return Err("a terrain piece is unknown or misplaced".into());
        }
        if state.pool.iter().any(|(_, d)| !DIE_SIZES.contains(&d.sides) || d.value == 0 || d.value > d.sides) {
            return Err("the pool holds an impossible die".into());
        }
        let figure_ok = |i: u8| (i as usize) < state.figures.len();
        if state.pending.iter().any(|f| f.figures().iter().any(|i| !figure_ok(*i))) {
            return Err("pending work names a figure that does not exist".into());
        }
        if state.pending.len() > MAX_PENDING {
            return Err(format!("more than {MAX_PENDING} steps are pending"));
        }
        if state.pending.iter().any(|f| match f {
            Frame::AttackRoll(s) | Frame::AttackDice(s) => s.dice.iter().any(|d| !DIE_SIZES.contains(&d.sides)),
            Frame::Resist(r) | Frame::ResistRoll(r) => r.dice.iter().any(|d| !DIE_SIZES.contains(&d.sides)),
            Frame::DefendRoll { sides, .. } => !DIE_SIZES.contains(sides),
            Frame::Walk(w) => w.walked.iter().chain(&w.ahead).any(|p| !p.is_finite()),
            _ => false,
        }) {
            return Err("pending work holds an impossible die or position".into());
        }
        if state.effects.iter().any(|e| !figure_ok(e.holder))
            || state.mines.iter().any(|m| {
                !figure_ok(m.by) || !m.at.is_finite() || !DIE_SIZES.contains(&m.die.sides) || m.die.value > m.die.sides
            })
        {
            return Err("an effect or a mine names a figure that does not exist".into());
        }
        let ok = match &state.phase {
            Phase::Acting { figure, .. } => figure_ok(*figure),
            Phase::ChooseSide { chooser } => chooser.index() < 2,
            Phase::Terrain { next }
            | Phase::Forage { next, .. }
            | Phase::Deploy { next }
            | Phase::Activate { next } => next.index() < 2,
            _ => true,
        };
        if !ok {
            return Err("the phase names a figure or seat that does not exist".into());
        }
        Ok(())
    }

    fn to_move(&self, state: &State) -> ToMove {
        if let Some(wait) = owed(self, state) {
            return wait.into();
        }
        match &state.phase {
            Phase::ChooseSide { chooser } => ToMove::Seat(*chooser),
            Phase::SideRoll | Phase::PoolRoll => ToMove::Chance,
            Phase::Terrain { next }
            | Phase::Forage { next, .. }
            | Phase::Deploy { next }
            | Phase::Activate { next } => ToMove::Seat(*next),
            Phase::ChooseForager => ToMove::Seat(state.y().unwrap_or(Seat(1))),
            Phase::ChooseFirst => ToMove::Seat(state.x.unwrap_or(Seat(0))),
            Phase::Acting { figure, .. } => ToMove::Seat(self.owner(*figure)),
            Phase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        candidates::candidates(self, state, out);
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), Refusal> {
        self.judge(state, action).map(|_| ())
    }

    fn apply_action<E: EventSink<Event>>(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let judged = self.judge(state, action)?;
        self.apply_judged(state, action, judged, events);
        Ok(())
    }

    fn dice(&self, state: &State) -> DiceRequest {
        if let Some(top) = state.pending.top() {
            return self.pending_dice(state, top);
        }
        match &state.phase {
            Phase::SideRoll => DiceRequest::new()
                .with(6, "P1's D6")
                .with(6, "P2's D6")
                .for_purpose("the roll-off for the choice of sides: the higher roller chooses"),
            Phase::PoolRoll => {
                const POOL_LABELS: [&str; 10] = [
                    "P1's D4", "P1's D6", "P1's D8", "P1's D10", "P1's D12", "P2's D4", "P2's D6", "P2's D8",
                    "P2's D10", "P2's D12",
                ];
                let mut r = DiceRequest::new();
                for (k, label) in POOL_LABELS.iter().enumerate() {
                    r = r.with(DIE_SIZES[k % 5], *label);
                }
                r.for_purpose("the foraging pool")
            }
            _ => DiceRequest::new(),
        }
    }

    /// The attacker's owner rolls the attack, the defender's owner the
    /// rerolled Defend die, the target's owner the resist roll; the side
    /// roll and the foraging pool belong to no one seat.
    fn roller(&self, state: &State) -> Option<Seat> {
        match state.pending.top()? {
            Frame::AttackRoll(s) => Some(self.owner(s.attacker)),
            Frame::DefendRoll { figure, .. } => Some(self.owner(*figure)),
            Frame::ResistRoll(r) => Some(self.owner(r.target)),
            _ => None,
        }
    }

    /// At a real table each player rolls their own dice of the side
    /// roll-off ("each player roles a D6") and of the foraging pool ("players
    /// each simultaneously rolls ... D4, D6, D8, D10, D12"); every other
    /// roll is its roller's whole.
    fn roll_parts(&self, state: &State) -> Vec<RollPart> {
        match (&state.phase, state.pending.is_empty()) {
            (Phase::SideRoll, true) => RollPart::one_die_each([Seat(0), Seat(1)]),
            (Phase::PoolRoll, true) => vec![
                RollPart { seat: Some(Seat(0)), dice: 0..DIE_SIZES.len() },
                RollPart { seat: Some(Seat(1)), dice: DIE_SIZES.len()..2 * DIE_SIZES.len() },
            ],
            _ => vec![RollPart::whole(self.roller(state), self.dice(state).len())],
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, state: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        let values = roll.values();
        if !state.pending.is_empty() {
            self.answer_roll(state, values, events)?;
            drive(self, state, events);
            return Ok(());
        }
        match state.phase.clone() {
            Phase::SideRoll => {
                events.emit(Event::SideRoll { rolls: [values[0], values[1]] });
                if values[0] != values[1] {
                    state.phase = Phase::ChooseSide { chooser: Seat(if values[0] > values[1] { 0 } else { 1 }) };
                }
            }
            Phase::PoolRoll => {
                state.pool = values
                    .iter()
                    .zip(DIE_SIZES.iter().cycle())
                    .map(|(&value, &sides)| crate::state::Die { sides, value })
                    .collect();
                events.emit(Event::Pool { dice: state.pool.iter().map(|(_, d)| *d).collect() });
                match self.variant.edition {
                    Edition::V026 => {
                        let y = state.y().unwrap_or(Seat(1));
                        self.after_forage(state, y, 0, events);
                    }
                    Edition::V020 => state.phase = Phase::ChooseForager,
                }
            }
            _ => return Err(Refusal::new("core.chance.none", "no dice are being rolled now", ACTIVATION)),
        }
        Ok(())
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let (touching, points, winner) = self.score(state);
        let reason = score_words(touching, points, winner);
        let kind = match winner {
            Some(s) => OutcomeKind::Win(vec![s]),
            None => OutcomeKind::Draw,
        };
        Some(Outcome { kind, reason })
    }

    fn returns(&self, state: &State, seat: Seat) -> f64 {
        if state.phase != Phase::Over {
            return 0.0;
        }
        match self.score(state).2 {
            Some(w) if w == seat => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }

    fn observe(&self, state: &State, _viewer: Viewer) -> State {
        state.clone()
    }

    fn random_action<R: Rng + ?Sized>(&self, state: &State, rng: &mut R, scratch: &mut Vec<Action>) -> Option<Action> {
        candidates::random(self, state, rng, scratch)
    }

    fn apply_legal<E: EventSink<Event>>(&self, state: &mut State, action: &Action, events: &mut E) {
        let _ = self.apply_action(state, action, events);
    }
}

impl Default for Ephemeral {
    fn default() -> Ephemeral {
        let variant = Variant::default();
        let stats = roster(&variant.sets);
        Ephemeral { variant, stats, dice: AttackDice::shared() }
    }
}

/// The gate score if the game ended now ("the winner of the game is the
/// player with the highest number of figures whose bases are touching the
/// gate"; equal counts go to the higher spec points of those figures).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GateScore {
    /// Figures touching the gate, P1 and P2.
    pub touching: [u8; 2],
    /// Their spec points, P1 and P2.
    pub points: [u32; 2],
    /// The seat that would win (0 or 1), or `None` for nobody or a draw.
    pub leader: Option<u8>,
    /// The same in words, as the outcome says it.
    pub words: String,
}

/// The gate score in words, as the outcome says it: who has more figures
/// touching the gate, or whose are worth more spec points, or nobody.
pub(crate) fn score_words(touching: [u8; 2], points: [u32; 2], winner: Option<Seat>) -> String {
    match winner {
        Some(s) if touching[0] != touching[1] => {
            format!(
                "{s} has {} touching the gate, against {}",
                figures(touching[s.index()]),
                touching[s.other().index()]
            )
        }
        Some(s) => format!(
            "both have {} touching the gate; {s}'s are worth {} spec points against {}",
            figures(touching[0]),
            points[s.index()],
            points[s.other().index()]
        ),
        None if touching == [0, 0] => "no figure touches the gate: nobody wins".to_string(),
        None => {
            format!("both have {} on the gate worth {} spec points each: a draw", figures(touching[0]), points[0])
        }
    }
}
