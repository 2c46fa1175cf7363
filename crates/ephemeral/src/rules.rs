//! [`Ephemeral`]: the rules of the base game as a state machine behind the
//! core [`Game`] trait. Setup (sides, terrain, the gate), the foraging phase,
//! the activation phase with its four actions, prep tokens, and scoring at
//! the gate. Sections cited in refusals are the v0.26 rulebook's.

use crate::Edition;
use crate::action::{Action, PrepUse, Side};
use crate::candidates;
use crate::dice::AttackDice;
use crate::event::Event;
use crate::kit::PIECES;
use crate::roster::{Stats, roster};
use crate::state::{Attack, DIE_SIZES, Die, Figure, MAX_ATTACK_DICE, MAX_FIGURES, Phase, Placed, Pos, State};
use crate::table::{AREA, MoveCost, Scene, SceneCache, check_move, gate_disc, sight_range, support, v};
use crate::variant::Variant;
use arbiter_core::{
    ConfigError, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat, ToMove, Viewer,
};
use arbiter_geometry::table::{Disc, TOLERANCE};
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

const SETUP: &str = "Set up";
const FORAGE: &str = "Foraging phase";
const ACTIVATION: &str = "Activation phase";
const ATTACK: &str = "Taking actions: Attack";
const PREPARE: &str = "Taking actions: Prepare";

/// Ephemeral Path (v0.26) or Ephemeral Gate (v0.20), for two players.
#[derive(Clone, Debug)]
pub struct Ephemeral {
    variant: Variant,
    stats: Vec<Stats>,
    dice: AttackDice,
}

fn refuse(rule: &'static str, reason: impl Into<String>, section: &'static str) -> Refusal {
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
        &self.dice
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

    /// The furthest a figure may attack on its next attack, cm.
    pub fn attack_range(&self, state: &State, figure: u8) -> f32 {
        self.stats[figure as usize].range_cm + f32::from(state.figures[figure as usize].reach)
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
        let mover = crate::table::Mover { radius: self.stats[figure as usize].radius, start, on: f.on, budget };
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
    /// turned `turn` degrees.
    pub fn check_terrain(&self, state: &State, piece: Option<u8>, at: Pos, turn: u16) -> Result<(), Refusal> {
        if !at.is_finite() || turn >= 360 {
            return Err(Refusal::new("ep.terrain.number", "give a centre in cm and a turn of 0–359 degrees", SETUP));
        }
        let scene = self.scene(state);
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
                let gate = gate_disc(at);
                if AREA.edge_gap(&gate) < GATE_CLEARANCE - TOLERANCE {
                    return Err(Refusal::new(
                        "ep.terrain.gate-edge",
                        "the gate must be placed at least 5 cm from the edge of the play area",
                        SETUP,
                    ));
                }
                arbiter_geometry::table::Solid::circle(gate.centre, gate.radius)
                    .map_err(|e| refuse("ep.terrain.shape", e.to_string(), SETUP))?
            }
        };
        let (lo, hi) = solid.bounds();
        if !AREA.holds_box(lo, hi) {
            return Err(Refusal::new(
                "ep.terrain.outside",
                "no part of the terrain may fall outside of the play area",
                SETUP,
            ));
        }
        let mut others: Vec<arbiter_geometry::table::Solid> = scene.solids.clone();
        if let Some(g) = state.gate {
            let d = gate_disc(g);
            if let Ok(s) = arbiter_geometry::table::Solid::circle(d.centre, d.radius) {
                others.push(s);
            }
        }
        for o in &others {
            let gap = o.gap(&solid);
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
                        "Rulings: terrain contact",
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// True if `seat` can forage some die of the pool.
    pub fn can_forage(&self, state: &State, seat: Seat) -> bool {
        state.pool.iter().any(|d| self.usable_by(state, seat, d))
    }

    fn usable_by(&self, state: &State, seat: Seat, d: &Die) -> bool {
        state
            .figures
            .iter()
            .enumerate()
            .any(|(i, f)| f.owner == seat && !f.defeated && self.stats[i].forage[d.sides as usize][d.value as usize])
    }

    /// The seat that places next while deploying: `next`, unless it has
    /// nothing left to place.
    fn deployer(&self, state: &State, next: Seat) -> Option<Seat> {
        [next, next.other()].into_iter().find(|s| state.figures_of(*s).any(|(_, f)| f.at.is_none() && !f.defeated))
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
        self.start_deploy(state, next);
    }

    fn start_deploy(&self, state: &mut State, next: Seat) {
        state.phase = match self.deployer(state, next) {
            Some(s) => Phase::Deploy { next: s },
            None => Phase::ChooseFirst,
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

    /// Figures touching the gate and their spec points, per seat, and the winner.
    pub fn score(&self, state: &State) -> ([u8; 2], [u32; 2], Option<Seat>) {
        let mut touching = [0u8; 2];
        let mut points = [0u32; 2];
        if let Some(g) = state.gate {
            let gate = gate_disc(g);
            for i in 0..state.figures.len() {
                if let Some(d) = self.disc(state, i as u8)
                    && gate.touches(&d)
                {
                    let s = state.figures[i].owner.index();
                    touching[s] += 1;
                    points[s] += self.stats[i].points;
                }
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

    /// Spends an action of the active figure and ends the activation when
    /// it has none left or reached its limit.
    fn spend_action(&self, state: &mut State, figure: u8, used: u8, limit: u8, events: &mut impl EventSink<Event>) {
        let f = &mut state.figures[figure as usize];
        f.actions = f.actions.saturating_sub(1);
        let used = used + 1;
        if f.actions == 0 || used >= limit || f.defeated {
            self.end_activation(state, figure, events);
        } else {
            state.phase = Phase::Acting { figure, used, limit };
        }
    }

    fn end_activation(&self, state: &mut State, figure: u8, events: &mut impl EventSink<Event>) {
        let owner = state.figures[figure as usize].owner;
        events.emit(Event::Ended { figure });
        state.last = Some(owner);
        self.next_activation(state, owner.other(), events);
    }

    fn resolve_attack(&self, state: &mut State, attack: &Attack, events: &mut impl EventSink<Event>) {
        let sum: u32 = attack.dice.iter().map(|d| u32::from(d.value)).sum();
        let force = self.stats[attack.attacker as usize].force;
        if sum <= u32::from(force) {
            let damage = sum as u8;
            let t = attack.target as usize;
            events.emit(Event::Hit { target: attack.target, damage });
            let f = &mut state.figures[t];
            f.damage = f.damage.saturating_add(damage);
            if f.damage >= self.stats[t].hp {
                f.defeated = true;
                f.at = None;
                f.on = None;
                f.actions = 0;
                f.dice.clear();
                events.emit(Event::Defeated { figure: attack.target });
            }
        } else {
            events.emit(Event::Missed { sum: sum.min(255) as u8, force });
        }
        // The action was spent when the attack was declared.
        let attacker = attack.attacker;
        let f = &state.figures[attacker as usize];
        if f.actions == 0 || attack.used >= attack.limit || f.defeated {
            self.end_activation(state, attacker, events);
        } else {
            state.phase = Phase::Acting { figure: attacker, used: attack.used, limit: attack.limit };
        }
    }

    fn own_figure(&self, state: &State, seat: Seat, figure: u8) -> Result<(), Refusal> {
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
        let wrong = || {
            Refusal::because(
                "ep.turn.phase",
                format!("that is not a decision of this moment: {}", describe_phase(&state.phase)),
                ACTIVATION,
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
                let Some(d) = state.pool.get(*die as usize) else {
                    return Err(Refusal::new("ep.forage.die", "there is no such die in the pool", FORAGE));
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
            (Phase::Acting { figure, .. }, Action::Move { path }) => {
                let budget = self.stats[*figure as usize].movement_cm;
                self.check_path(state, *figure, path, budget).map(Judged::Moved)
            }
            (Phase::Acting { figure, .. }, Action::Attack { target, dice }) => {
                let Some(t) = state.figures.get(*target as usize) else {
                    return Err(Refusal::new("ep.attack.target", "there is no such figure", ATTACK));
                };
                if *target == *figure || !t.on_table() {
                    return Err(Refusal::new(
                        "ep.attack.target",
                        "the target must be another figure on the table",
                        ATTACK,
                    ));
                }
                let count: u32 = dice.iter().map(|&n| u32::from(n)).sum();
                if count == 0 || count as usize > MAX_ATTACK_DICE {
                    return Err(refuse("ep.attack.dice", format!("choose 1–{MAX_ATTACK_DICE} dice to roll"), ATTACK));
                }
                let Some(range) = self.range_between(state, *figure, *target) else {
                    return Err(Refusal::new(
                        "ep.attack.sight",
                        "no straight line from the attacker's base to the target's avoids terrain and enemy bases",
                        ATTACK,
                    ));
                };
                let reach = self.attack_range(state, *figure);
                if range > reach + TOLERANCE {
                    return Err(refuse(
                        "ep.attack.range",
                        format!("the target is {range:.1} cm away; the attacker's range is {reach:.0} cm"),
                        ATTACK,
                    ));
                }
                Ok(Judged::Range(range))
            }
            (Phase::Acting { .. }, Action::Prepare) => Ok(Judged::Plain),
            (Phase::Acting { figure, .. }, Action::Ability { slot }) => {
                let n = self.variant.sets[seat.index()].figures()[self.stats[*figure as usize].index as usize]
                    .abilities()
                    .len();
                if usize::from(*slot) >= n {
                    return Err(Refusal::new(
                        "ep.ability.none",
                        "the figure has no ability in that slot",
                        "Use an ability",
                    ));
                }
                Err(Refusal::new(
                    "ep.ability.effects",
                    "ability effects are not yet implemented in Arbiter; this is where they will be used",
                    "Taking actions: Use an ability",
                ))
            }
            (Phase::Acting { used, .. }, Action::End) => {
                if *used == 0 {
                    return Err(Refusal::new(
                        "ep.activate.empty",
                        "an activation uses at least one action (see rulings)",
                        "Rulings: empty activations",
                    ));
                }
                Ok(Judged::Plain)
            }
            (Phase::Acting { .. }, Action::Spend(use_)) => self.judge_spend(state, seat, use_, None),
            (Phase::AttackDice(a), Action::Spend(use_)) => self.judge_spend(state, seat, use_, Some(a)),
            (Phase::AttackDice(_), Action::Resolve) => Ok(Judged::Plain),
            _ => Err(wrong()),
        }
    }

    fn judge_spend(
        &self,
        state: &State,
        seat: Seat,
        use_: &PrepUse,
        attack: Option<&Attack>,
    ) -> Result<Judged, Refusal> {
        if state.prep[seat.index()] == 0 {
            return Err(Refusal::new("ep.prep.none", "you have no prep tokens", PREPARE));
        }
        match (use_, attack) {
            (PrepUse::Raise { die }, Some(a)) => match a.dice.get(*die as usize) {
                Some(d) if d.value < d.sides => Ok(Judged::Plain),
                Some(_) => Err(Refusal::new("ep.prep.max", "that die already shows its maximum", PREPARE)),
                None => Err(Refusal::new("ep.prep.die", "there is no such die in the roll", PREPARE)),
            },
            (PrepUse::Lower { die }, Some(a)) => {
                if self.variant.edition == Edition::V020 {
                    return Err(Refusal::new(
                        "ep.prep.lower",
                        "in v0.20 a prep token can raise a rolled die but not lower it",
                        PREPARE,
                    ));
                }
                match a.dice.get(*die as usize) {
                    Some(d) if d.value > 1 => Ok(Judged::Plain),
                    Some(_) => Err(Refusal::new("ep.prep.min", "that die already shows 1", PREPARE)),
                    None => Err(Refusal::new("ep.prep.die", "there is no such die in the roll", PREPARE)),
                }
            }
            (PrepUse::Raise { .. } | PrepUse::Lower { .. }, None) => {
                Err(Refusal::new("ep.prep.when", "rolled dice are changed right after the roll", PREPARE))
            }
            (_, Some(_)) => Err(Refusal::new(
                "ep.prep.when",
                "while attack dice are on the table, prep tokens change those dice; resolve the attack first",
                PREPARE,
            )),
            (PrepUse::Forage { figure, die }, None) => {
                self.own_figure(state, seat, *figure)?;
                match state.figures[*figure as usize].dice.get(*die as usize) {
                    Some(d) if d.value < d.sides => Ok(Judged::Plain),
                    Some(_) => Err(Refusal::new("ep.prep.max", "that die already shows its maximum", PREPARE)),
                    None => Err(Refusal::new(
                        "ep.prep.foraged",
                        "that figure has no such foraged die (and a player may never change an opponent's die)",
                        "FAQ 1",
                    )),
                }
            }
            (PrepUse::Nudge { figure, to }, None) => {
                self.own_figure(state, seat, *figure)?;
                self.check_path(state, *figure, std::slice::from_ref(to), NUDGE_CM).map(Judged::Moved)
            }
            (PrepUse::Mend { figure }, None) => {
                self.own_figure(state, seat, *figure)?;
                if state.figures[*figure as usize].damage == 0 {
                    return Err(Refusal::new("ep.prep.mend", "that figure has no damage to remove", PREPARE));
                }
                Ok(Judged::Plain)
            }
            (PrepUse::Reach { figure }, None) => {
                self.own_figure(state, seat, *figure)?;
                if !state.figures[*figure as usize].on_table() {
                    return Err(Refusal::new("ep.prep.reach", "that figure is not on the table", PREPARE));
                }
                Ok(Judged::Plain)
            }
        }
    }

    fn seat_to_move(&self, state: &State) -> Option<Seat> {
        match self.to_move(state) {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }

    fn apply_judged(&self, state: &mut State, action: &Action, judged: Judged, events: &mut impl EventSink<Event>) {
        let seat = self.seat_to_move(state).unwrap_or(Seat(0));
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
                self.after_terrain(state, next);
            }
            (Phase::Terrain { next }, Action::Gate { at }) => {
                events.emit(Event::Gate { seat: next, at: *at });
                state.gate = Some(*at);
                self.after_terrain(state, next);
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
                let d = state.pool.remove(*die as usize);
                events.emit(Event::Foraged { figure: *figure, die: d });
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
                self.start_deploy(state, next.other());
            }
            (Phase::ChooseFirst, Action::First(s)) => {
                events.emit(Event::First { seat: *s });
                self.next_activation(state, *s, events);
            }
            (Phase::Activate { .. }, Action::Activate { figure }) => {
                events.emit(Event::Activated { figure: *figure });
                let limit = if state.started { u8::MAX } else { 1 };
                state.started = true;
                state.phase = Phase::Acting { figure: *figure, used: 0, limit };
            }
            (Phase::Acting { figure, used, limit }, Action::Move { path }) => {
                if let Judged::Moved(m) = judged {
                    let f = &mut state.figures[figure as usize];
                    let mut full = vec![f.at.unwrap_or(Pos::new(0.0, 0.0))];
                    full.extend_from_slice(path);
                    f.at = path.last().copied();
                    f.on = m.on;
                    events.emit(Event::Moved { figure, path: full, cost: m.cost, on: m.on });
                    self.after_move(state, figure, events);
                }
                self.spend_action(state, figure, used, limit, events);
            }
            (Phase::Acting { figure, used, limit }, Action::Attack { target, dice }) => {
                let range = if let Judged::Range(r) = judged { r } else { 0.0 };
                events.emit(Event::Attack { attacker: figure, target: *target, range });
                let f = &mut state.figures[figure as usize];
                f.reach = 0;
                f.actions = f.actions.saturating_sub(1);
                let mut rolled = ArrayVec::new();
                for (k, &n) in dice.iter().enumerate() {
                    for _ in 0..n {
                        let _ = rolled.try_push(Die { sides: DIE_SIZES[k], value: 0 });
                    }
                }
                state.phase = Phase::AttackRoll(Attack {
                    attacker: figure,
                    target: *target,
                    dice: rolled,
                    used: used + 1,
                    limit,
                });
            }
            (Phase::Acting { figure, used, limit }, Action::Prepare) => {
                state.prep[seat.index()] = state.prep[seat.index()].saturating_add(1);
                events.emit(Event::Prepared { seat });
                self.spend_action(state, figure, used, limit, events);
            }
            (Phase::Acting { figure, .. }, Action::End) => self.end_activation(state, figure, events),
            (Phase::Acting { .. }, Action::Spend(use_)) => {
                state.prep[seat.index()] -= 1;
                events.emit(Event::Spent { seat, on: use_.clone() });
                match use_ {
                    PrepUse::Forage { figure, die } => {
                        let d = &mut state.figures[*figure as usize].dice[*die as usize];
                        d.value = (d.value + 2).min(d.sides);
                    }
                    PrepUse::Nudge { figure, to } => {
                        let f = &mut state.figures[*figure as usize];
                        let from = f.at.unwrap_or(*to);
                        f.at = Some(*to);
                        if let Judged::Moved(m) = judged {
                            f.on = m.on;
                            events.emit(Event::Moved {
                                figure: *figure,
                                path: vec![from, *to],
                                cost: m.cost,
                                on: m.on,
                            });
                            self.after_move(state, *figure, events);
                        }
                    }
                    PrepUse::Mend { figure } => {
                        let f = &mut state.figures[*figure as usize];
                        f.damage = f.damage.saturating_sub(2);
                    }
                    PrepUse::Reach { figure } => {
                        let f = &mut state.figures[*figure as usize];
                        f.reach = f.reach.saturating_add(REACH_CM);
                    }
                    PrepUse::Raise { .. } | PrepUse::Lower { .. } => {}
                }
                self.prep_spent(state, seat, use_, events);
            }
            (Phase::AttackDice(mut a), Action::Spend(use_)) => {
                state.prep[seat.index()] -= 1;
                events.emit(Event::Spent { seat, on: use_.clone() });
                match use_ {
                    PrepUse::Raise { die } => {
                        let d = &mut a.dice[*die as usize];
                        d.value = (d.value + 2).min(d.sides);
                    }
                    PrepUse::Lower { die } => {
                        let d = &mut a.dice[*die as usize];
                        d.value = d.value.saturating_sub(2).max(1);
                    }
                    _ => {}
                }
                events.emit(Event::Rolled { dice: a.dice.to_vec() });
                self.prep_spent(state, seat, use_, events);
                self.after_roll(state, a, events);
            }
            (Phase::AttackDice(a), Action::Resolve) => self.resolve_attack(state, &a, events),
            _ => {}
        }
    }

    /// Where movement hooks in, after a figure's base comes to rest (a move
    /// action or a prep-token nudge). The abilities issue attaches passive
    /// mines (a figure ending its movement within 5 cm detonates them, before
    /// any rush) and the rush window here; chain rushes happen during the
    /// move, between the waypoints of [`Action::Move`]. The base game has
    /// nothing to do.
    fn after_move(&self, _state: &mut State, _figure: u8, _events: &mut impl EventSink<Event>) {}

    /// Where prep abilities hook in when a prep token is spent (D6's Force
    /// bonus, R11's longer nudge). The base game has nothing to do.
    fn prep_spent(&self, _state: &mut State, _seat: Seat, _use: &PrepUse, _events: &mut impl EventSink<Event>) {}

    /// After the dice show (and after each prep token on them): the
    /// attacker decides while holding prep tokens, otherwise the attack
    /// resolves. Defence, resist rolls and counter attacks hook in here.
    fn after_roll(&self, state: &mut State, attack: Attack, events: &mut impl EventSink<Event>) {
        let owner = state.figures[attack.attacker as usize].owner;
        if state.prep[owner.index()] > 0 {
            state.phase = Phase::AttackDice(attack);
        } else {
            self.resolve_attack(state, &attack, events);
        }
    }

    fn after_terrain(&self, state: &mut State, placed_by: Seat) {
        if state.terrain.len() == PIECES && state.gate.is_some() {
            state.phase = Phase::PoolRoll;
        } else {
            state.phase = Phase::Terrain { next: placed_by.other() };
        }
    }
}

/// What a successful check found, for applying.
enum Judged {
    Plain,
    Placed(Option<u8>),
    Moved(MoveCost),
    Range(f32),
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
        Phase::AttackRoll(_) => "rolling attack dice",
        Phase::AttackDice(_) => "the attacker may spend prep tokens on the rolled dice, then resolves",
        Phase::Over => "the game is over",
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
        Ok(Ephemeral { variant, stats, dice: AttackDice::new() })
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
                reach: 0,
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
            pool: ArrayVec::new(),
            prep,
            started: false,
            last: None,
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
            if f.actions > s.actions
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
        if state.pool.iter().any(|d| !DIE_SIZES.contains(&d.sides) || d.value > d.sides) {
            return Err("the pool holds an impossible die".into());
        }
        let figure_ok = |i: u8| (i as usize) < state.figures.len();
        let ok = match &state.phase {
            Phase::Acting { figure, .. } => figure_ok(*figure),
            Phase::AttackRoll(a) | Phase::AttackDice(a) => figure_ok(a.attacker) && figure_ok(a.target),
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
        match &state.phase {
            Phase::ChooseSide { chooser } => ToMove::Seat(*chooser),
            Phase::SideRoll | Phase::PoolRoll | Phase::AttackRoll(_) => ToMove::Chance,
            Phase::Terrain { next }
            | Phase::Forage { next, .. }
            | Phase::Deploy { next }
            | Phase::Activate { next } => ToMove::Seat(*next),
            Phase::ChooseForager => ToMove::Seat(state.y().unwrap_or(Seat(1))),
            Phase::ChooseFirst => ToMove::Seat(state.x.unwrap_or(Seat(0))),
            Phase::Acting { figure, .. } => ToMove::Seat(state.figures[*figure as usize].owner),
            Phase::AttackDice(a) => ToMove::Seat(state.figures[a.attacker as usize].owner),
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
        const LABELS: [&str; 5] = ["D4", "D6", "D8", "D10", "D12"];
        match &state.phase {
            Phase::SideRoll => DiceRequest::new().with(6, "P1's D6").with(6, "P2's D6"),
            Phase::PoolRoll => {
                let mut r = DiceRequest::new();
                for _ in 0..2 {
                    for (k, s) in DIE_SIZES.iter().enumerate() {
                        r = r.with(*s, LABELS[k]);
                    }
                }
                r
            }
            Phase::AttackRoll(a) => {
                let mut r = DiceRequest::new();
                for d in &a.dice {
                    let k = DIE_SIZES.iter().position(|s| *s == d.sides).unwrap_or(0);
                    r = r.with(d.sides, LABELS[k]);
                }
                r
            }
            _ => DiceRequest::new(),
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, state: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        let values = roll.values();
        match state.phase.clone() {
            Phase::SideRoll => {
                events.emit(Event::SideRoll { rolls: [values[0], values[1]] });
                if values[0] != values[1] {
                    state.phase = Phase::ChooseSide { chooser: Seat(if values[0] > values[1] { 0 } else { 1 }) };
                }
            }
            Phase::PoolRoll => {
                state.pool =
                    values.iter().zip(DIE_SIZES.iter().cycle()).map(|(&value, &sides)| Die { sides, value }).collect();
                events.emit(Event::Pool { dice: state.pool.to_vec() });
                match self.variant.edition {
                    Edition::V026 => {
                        let y = state.y().unwrap_or(Seat(1));
                        self.after_forage(state, y, 0, events);
                    }
                    Edition::V020 => state.phase = Phase::ChooseForager,
                }
            }
            Phase::AttackRoll(mut a) => {
                for (d, &value) in a.dice.iter_mut().zip(values) {
                    d.value = value;
                }
                events.emit(Event::Rolled { dice: a.dice.to_vec() });
                self.after_roll(state, a, events);
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
        let reason = match winner {
            Some(s) if touching[0] != touching[1] => {
                format!(
                    "{s} has {} figure(s) touching the gate, against {}",
                    touching[s.index()],
                    touching[s.other().index()]
                )
            }
            Some(s) => format!(
                "both have {} figure(s) touching the gate; {s}'s are worth {} spec points against {}",
                touching[0],
                points[s.index()],
                points[s.other().index()]
            ),
            None if touching == [0, 0] => "no figure touches the gate: nobody wins".to_string(),
            None => format!("both have {} figure(s) on the gate worth {} spec points: a draw", touching[0], points[0]),
        };
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
        Ephemeral { variant, stats, dice: AttackDice::new() }
    }
}
