//! `P2v`, the `Game` implementation: the set-up (objectives, deployment,
//! the first player), the rounds of alternating activations, who decides
//! when, and the end of the game with its victory points.

use super::action::Action;
use super::event::Event;
use super::numbering::Bounds;
use super::objective::{self, Kind, Objective};
use super::roster::{Profile, roster};
use super::state::{Creature, Frame, Life, Phase, State};
use super::variant::Variant;
use arbiter_core::resolve::{drive, owed};
use arbiter_core::{
    ConfigError, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, RollPart, Seat, ToMove, Viewer,
};
use arbiter_geometry::battle::{Battlefield, Figure, FigureId, Space, Square, SquareSet, Terrain, Traits};
use std::sync::{Arc, OnceLock};

/// The rulebook's sections, as refusals cite them.
pub mod section {
    /// Setting up a standard game.
    pub const SETUP: &str = "Setting up a standard game";
    /// Objectives.
    pub const OBJECTIVES: &str = "OBJECTIVES";
    /// Deployment.
    pub const DEPLOYMENT: &str = "DEPLOYMENT";
    /// Rounds and turns.
    pub const ROUNDS: &str = "Rounds and turns";
    /// Taking a turn.
    pub const TURN: &str = "TAKING A TURN";
    /// Universal actions.
    pub const ACTIONS: &str = "UNIVERSAL ACTIONS";
    /// Movement and positioning.
    pub const MOVEMENT: &str = "Movement and positioning";
    /// Terrain traits (doors among them).
    pub const TERRAIN: &str = "TERRAIN TRAITS";
    /// Making a strike.
    pub const STRIKE: &str = "MAKING A STRIKE";
    /// Targeting.
    pub const TARGETING: &str = "TARGETING";
    /// Cover.
    pub const COVER: &str = "Cover";
    /// Reactions.
    pub const REACTIONS: &str = "REACTIONS";
    /// Skill checks.
    pub const SKILLS: &str = "SKILL CHECKS";
    /// Conditions.
    pub const CONDITIONS: &str = "CONDITIONS";
    /// Powers and saving throws.
    pub const POWER: &str = "USING A POWER";
    /// Areas of effect.
    pub const AREAS: &str = "AREAS OF EFFECT";
    /// Terrain tiles.
    pub const TILES: &str = "Appendix: Terrain tiles";
    /// Spotting a disguised creature.
    pub const SPOTTING: &str = "SPOTTING A DISGUISED CREATURE";
    /// Positioning upgrades (Summonable, Tempting Disguise).
    pub const POSITIONING: &str = "Appendix: Positioning upgrades";
    /// Looting a body.
    pub const LOOTING: &str = "Looting";
}

/// The most rounds a game lasts: the round limit always ends the game by
/// the end of round 11 (1d6 + 11 ≥ 12), and a game without it ends there
/// too (ruling P2V-R3).
pub const LAST_ROUND: u8 = 11;

/// What never changes during one game: the figures and the map.
#[derive(Debug)]
pub struct Shared {
    /// Every creature of both warbands, P1's first.
    pub roster: Vec<Profile>,
    /// The map's terrain, before objectives are placed.
    pub terrain: Arc<Terrain>,
    /// The map's name.
    pub map: String,
    /// True on a large board: deployment on opposite long edges, not corners.
    pub edges: bool,
    /// The bounds of the fixed action numbers, worked out when first asked
    /// ([`P2v::bounds`]).
    pub numbering: OnceLock<Bounds>,
    /// The last terrain made for a creature some difficult terrain does
    /// not slow: from which terrain, for which trait, and the result.
    pub(crate) unhindered: std::sync::Mutex<Option<Unhindered>>,
    /// The terrains made for the states' objectives, darkness and doors.
    pub(crate) terrains: super::terrains::Terrains,
    /// How many terrain tiles each player lays (0 on a map).
    pub tiles_each: u8,
    /// The grounds made of the map and the tiles laid.
    pub(crate) grounds: super::tiles::Grounds,
    /// The items that can be taken from a body, by number: each one's
    /// first owner and its slot there ([`super::loot`]).
    pub items: Vec<(u8, super::loot::Slot)>,
    /// The creatures' labels as their figures' names, made once.
    pub(crate) names: OnceLock<Vec<Arc<str>>>,
}

/// A terrain made for a creature some difficult terrain does not slow.
pub(crate) type Unhindered = (Arc<Terrain>, Traits, Arc<Terrain>);

/// Path 2 Victory's standard game, for one configuration.
#[derive(Clone, Debug)]
pub struct P2v {
    variant: Variant,
    shared: Arc<Shared>,
}

impl P2v {
    /// The items that can be taken from a body: each one's first owner and
    /// its slot there (ruling P2V-R168).
    pub fn items(&self) -> &[(u8, super::loot::Slot)] {
        &self.shared.items
    }

    /// The figures of this game.
    pub fn roster(&self) -> &[Profile] {
        &self.shared.roster
    }

    /// The figures, to change a profile in a unit test (a card the
    /// bestiary does not have): the game gets a copy of its own first, so
    /// no other game made of the same configuration sees the change.
    #[cfg(test)]
    pub(crate) fn roster_mut(&mut self) -> Option<&mut Vec<Profile>> {
        let s = &self.shared;
        self.shared = Arc::new(Shared {
            roster: s.roster.clone(),
            terrain: s.terrain.clone(),
            map: s.map.clone(),
            edges: s.edges,
            numbering: OnceLock::new(),
            unhindered: std::sync::Mutex::new(None),
            terrains: Default::default(),
            tiles_each: s.tiles_each,
            grounds: Default::default(),
            items: s.items.clone(),
            names: OnceLock::new(),
        });
        Arc::get_mut(&mut self.shared).map(|s| &mut s.roster)
    }

    /// The bounds of the fixed action numbers ([`super::numbering`]),
    /// worked out once, when first asked.
    pub fn bounds(&self) -> &Bounds {
        self.shared.numbering.get_or_init(|| Bounds::of(self))
    }

    /// A creature's profile.
    pub fn profile(&self, i: usize) -> Option<&Profile> {
        self.shared.roster.get(i)
    }

    /// The grounds made of the map and the tiles laid ([`P2v::ground`]).
    pub(crate) fn grounds(&self) -> &super::tiles::Grounds {
        &self.shared.grounds
    }

    /// How many terrain tiles each player lays in the set-up (0 on a map).
    pub fn tiles_each(&self) -> u8 {
        self.shared.tiles_each
    }

    /// The map's name.
    pub fn map_name(&self) -> &str {
        &self.shared.map
    }

    /// The board's terrain before objectives.
    pub fn base_terrain(&self) -> &Arc<Terrain> {
        &self.shared.terrain
    }

    /// The battlefield of a state: terrain, objectives and every creature on
    /// the board (built once per state and kept).
    pub fn field<'a>(&self, s: &'a State) -> &'a Battlefield {
        s.field.0.get_or_init(|| self.build_field(s))
    }

    /// `terrain` as a creature that difficult terrain with trait `t` does
    /// not slow moves over it, made once per terrain.
    pub(crate) fn unhindered_terrain(&self, terrain: &Arc<Terrain>, t: Traits) -> Arc<Terrain> {
        let mut last = self.shared.unhindered.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((from, tt, made)) = last.as_ref()
            && Arc::ptr_eq(from, terrain)
            && *tt == t
        {
            return made.clone();
        }
        let made = Arc::new(terrain.unhindered_by(t));
        *last = Some((terrain.clone(), t, made.clone()));
        made
    }

    pub(crate) fn build_field(&self, s: &State) -> Battlefield {
        let mut f = Battlefield::shared(self.shared.terrains.of(&self.ground(s), s));
        for i in 0..s.creatures.len() {
            if let Some(fig) = self.figure(s, i) {
                f.put(FigureId(i as u16), fig);
            }
        }
        f
    }

    pub(crate) fn figure(&self, s: &State, i: usize) -> Option<Figure> {
        let (c, p) = (s.creatures.get(i)?, self.shared.roster.get(i)?);
        let at = c.at?;
        if c.life == Life::Eliminated {
            return None;
        }
        let names =
            self.shared.names.get_or_init(|| self.shared.roster.iter().map(|p| p.label.as_str().into()).collect());
        Some(Figure {
            name: names.get(i).cloned().unwrap_or_else(|| p.label.as_str().into()),
            size: p.size,
            space: self.figure_space(s, i, at, p.size.side())?,
            team: p.team,
            helpless: c.life == Life::Dying,
        })
    }

    /// Brings the kept battlefield in line with creature `i` after it moved,
    /// fell or left.
    pub(crate) fn sync(&self, s: &mut State, i: usize) {
        // A mount carries its riders (several on a howdah).
        let carries = self.unseat_moved(s, i);
        self.sync_one(s, i);
        if carries {
            for r in 0..s.creatures.len() {
                if s.creatures[r].riding == Some(i as u8) && self.in_play(s, r) {
                    self.carry_rider(s, i, r);
                    self.sync_one(s, r);
                }
            }
        }
    }

    pub(crate) fn sync_one(&self, s: &mut State, i: usize) {
        let fig = self.figure(s, i);
        s.field.1.clear();
        s.field.2.clear();
        if let Some(f) = s.field.0.get_mut() {
            match fig {
                Some(fig) => f.put(FigureId(i as u16), fig),
                None => {
                    f.remove(FigureId(i as u16));
                }
            }
        }
    }

    /// The deployment zones: the four corners (SW, SE, NW, NE), or the two
    /// long edges on a large board.
    pub fn zone_names(&self) -> &'static [&'static str] {
        if self.shared.edges { &["south", "north"] } else { &["sw", "se", "nw", "ne"] }
    }

    /// The squares of a zone, `depth` squares deep ("up to 6 squares from
    /// the corner" / "from the edge").
    pub fn zone_squares(&self, zone: u8, depth: i32) -> SquareSet {
        let b = self.shared.terrain.board();
        let (w, h) = (b.width(), b.height());
        let d = depth;
        let r = if self.shared.edges {
            match zone {
                0 => (0, 0, w - 1, d - 1),
                _ => (0, h - d, w - 1, h - 1),
            }
        } else {
            match zone {
                0 => (0, 0, d - 1, d - 1),
                1 => (w - d, 0, w - 1, d - 1),
                2 => (0, h - d, d - 1, h - 1),
                _ => (w - d, h - d, w - 1, h - 1),
            }
        };
        // `rect` takes its ends exclusive; the corners above are inclusive.
        SquareSet::rect(r.0.max(0), r.1.max(0), (r.2 + 1).min(w), (r.3 + 1).min(h))
    }

    /// The zone opposite another.
    pub fn opposite_zone(&self, zone: u8) -> u8 {
        if self.shared.edges { 1 - zone.min(1) } else { 3 - zone.min(3) }
    }

    /// The zones a seat may still choose.
    pub fn zones_open(&self, s: &State, seat: u8) -> Vec<u8> {
        let other = s.zones[usize::from(1 - seat.min(1))];
        match other {
            Some(z) => vec![self.opposite_zone(z)],
            None => (0..self.zone_names().len() as u8).collect(),
        }
    }

    /// Where creature `who` may be deployed: anchors inside its seat's zone
    /// where its whole space fits on free ground. The zone is 6 squares deep;
    /// if nothing fits it grows a square at a time (ruling P2V-R5).
    pub fn deploy_squares(&self, s: &State, who: usize) -> SquareSet {
        let (Some(p), Some(zone)) = (self.profile(who), s.zones.get(usize::from(self.team(who))).copied().flatten())
        else {
            return SquareSet::EMPTY;
        };
        let field = self.field(s);
        let side = p.size.side();
        let b = field.board();
        for depth in 6..=b.width().max(b.height()) {
            let zone_set = self.zone_squares(zone, depth);
            let out = field.placeable_within(side, &zone_set);
            debug_assert_eq!(
                out,
                zone_set
                    .iter()
                    .filter(|&a| {
                        let space = Space::new(a, side);
                        b.holds(&space)
                            && space.squares().is_subset(&zone_set)
                            && field.can_stand(&space, None).is_ok()
                            && !space.squares().iter().any(|q| s.objectives.iter().any(|o| o.square == q))
                    })
                    .collect::<SquareSet>(),
                "the squares of zone {zone} at depth {depth} for a creature of side {side}"
            );
            if !out.is_empty() {
                return out;
            }
        }
        SquareSet::EMPTY
    }

    /// The seat whose warband creature `i` belongs to.
    pub fn team(&self, i: usize) -> u8 {
        self.shared.roster.get(i).map_or(0, |p| p.team)
    }

    /// Whether creature `i` is in play (deployed and not eliminated).
    pub fn in_play(&self, s: &State, i: usize) -> bool {
        s.creatures.get(i).is_some_and(|c| matches!(c.life, Life::Up | Life::Dying))
    }

    /// Whether `seat` has a creature it may still activate this round. A
    /// minion of a commander in play acts only in its commander's turn, so
    /// it counts through its commander (a minion that came into play after
    /// its commander acted, out of a disguise or summoned, waits for the
    /// next round).
    fn has_turns_left(&self, s: &State, seat: u8) -> bool {
        (0..s.creatures.len()).any(|i| {
            self.team(i) == seat
                && (self.in_play(s, i) || self.in_haven(s, i))
                && !s.creatures[i].done
                && !self.acts_in_commanders_turn(s, i as u8)
        })
    }

    fn has_creatures(&self, s: &State, seat: u8) -> bool {
        (0..s.creatures.len()).any(|i| self.team(i) == seat && self.in_play(s, i))
    }

    /// Points worth of a seat's creatures still in play.
    pub fn points_in_play(&self, s: &State, seat: u8) -> u32 {
        (0..s.creatures.len())
            .filter(|&i| self.team(i) == seat && self.in_play(s, i))
            .map(|i| self.shared.roster[i].points)
            .sum()
    }

    /// Starts the next round, or ends the game when it is over.
    pub(crate) fn next_round<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        let both = self.has_creatures(s, 0) && self.has_creatures(s, 1);
        if s.round >= LAST_ROUND || (s.round >= 1 && !both) {
            let why = if !both { "a warband has no creature left in play" } else { "the last round has been played" };
            self.finish(s, why, events);
            return;
        }
        s.round += 1;
        for c in &mut s.creatures {
            c.done = false;
        }
        // Ruling P2V-R1: whoever activated last in the round before goes first.
        let first = if s.round == 1 { s.first } else { s.last };
        s.first = first;
        events.emit(Event::RoundBegan { round: s.round, first });
        let seat = if self.has_turns_left(s, first) { first } else { 1 - first };
        s.phase = Phase::Activate { seat };
    }

    /// After a turn: the other seat activates next if it has creatures left
    /// to act, else the same seat; with none left, the round ends.
    pub(crate) fn next_activation<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        let other = 1 - s.last.min(1);
        if self.has_turns_left(s, other) {
            s.phase = Phase::Activate { seat: other };
        } else if self.has_turns_left(s, s.last) {
            s.phase = Phase::Activate { seat: s.last };
        } else {
            self.end_round(s, events);
        }
    }

    fn end_round<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        // "At the end of each round, all creatures on the directional terrain
        // are moved 2 squares in the set direction"; what they enter (a
        // hazard) is dealt with before the round's scoring.
        s.phase = Phase::Busy;
        s.pending.push(Frame::RoundTail);
        self.drift(s, events);
    }

    /// The end of a round once the terrain has moved the creatures on it:
    /// scoring, then the round limit or the next round.
    pub(crate) fn round_tail<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        // "… until the end of the next round": darkness clears (ruling P2V-R43).
        let before = s.veils.len();
        s.veils.retain(|v| v.until > s.round);
        if s.veils.len() != before {
            s.forget_field();
        }
        // "At the end of each round, each warband scores 1 Victory Point for
        // each objective they currently have claimed."
        for seat in 0..2u8 {
            let vp = s.objectives.iter().filter(|o| o.holder == Some(seat)).count() as u16;
            if vp > 0 {
                s.vp[usize::from(seat)] += vp;
                events.emit(Event::Scored { seat, vp, total: s.vp[usize::from(seat)] });
            }
        }
        // "The creature can also leave its disguise by choice, at the end of
        // any round": each owner is asked, then the round goes on.
        s.phase = Phase::Busy;
        self.ask_unmask(s);
    }

    /// After the round's scoring and the disguises' answers: the round limit
    /// (from round 6) or the next round.
    pub(crate) fn round_next<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if !self.variant.no_round_limit && s.round >= 6 && s.round < LAST_ROUND {
            s.phase = Phase::Busy;
            s.pending.push(Frame::RoundLimit);
        } else {
            self.next_round(s, events);
        }
    }

    /// Ends the game: the bonus for points in play, then the winner by VP.
    pub(crate) fn finish<E: EventSink<Event>>(&self, s: &mut State, why: &str, events: &mut E) {
        s.pending.clear();
        // "The player who has the most points worth of creatures in their
        // warband still in play at the end of the game wins an additional +2
        // points, or +4 points if their opponent or opponents have no
        // creatures still in play."
        let pts = [self.points_in_play(s, 0), self.points_in_play(s, 1)];
        if pts[0] != pts[1] {
            let seat: u8 = if pts[0] > pts[1] { 0 } else { 1 };
            let vp = if pts[usize::from(1 - seat)] == 0 { 4 } else { 2 };
            s.vp[usize::from(seat)] += vp;
            events.emit(Event::Bonus { seat, vp });
        }
        let winner = match s.vp[0].cmp(&s.vp[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let reason = match winner {
            Some(w) => format!(
                "{why}; P{} wins on victory points, {} to {}",
                w + 1,
                s.vp[usize::from(w)],
                s.vp[usize::from(1 - w)]
            ),
            None => format!("{why}; a draw on victory points, {} each", s.vp[0]),
        };
        events.emit(Event::GameOver { vp: s.vp, winner, reason: reason.clone() });
        s.ending = Some(super::state::Ending { winner, reason });
        s.phase = Phase::Over;
    }

    /// Applies a roll-off: the higher die wins, a tie rolls again (ruling
    /// P2V-R4).
    fn rolloff(what: &str, roll: &Roll) -> (Event, Option<u8>) {
        let v = roll.values();
        let dice = [v.first().copied().unwrap_or(1), v.get(1).copied().unwrap_or(1)];
        let winner = match dice[0].cmp(&dice[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        (Event::RollOff { what: what.to_string(), dice, winner }, winner)
    }

    /// The seat owing the next set-up or activation decision (no pending work).
    fn phase_to_move(&self, s: &State) -> ToMove {
        match s.phase {
            Phase::ObjectiveCount | Phase::TrailRoll { .. } | Phase::DeployRoll | Phase::FirstRoll => ToMove::Chance,
            Phase::PlaceObjective { seat, .. }
            | Phase::PlaceBody { seat, .. }
            | Phase::PlaceTile { seat, .. }
            | Phase::ChooseZone { seat }
            | Phase::Deploy { seat }
            | Phase::Activate { seat } => ToMove::Seat(Seat(seat)),
            Phase::ExtraObjective { who }
            | Phase::Disguise { who }
            | Phase::PlaceObject { who }
            | Phase::Hide { who } => ToMove::Seat(Seat(self.team(usize::from(who)))),
            Phase::Turn(t) => ToMove::Seat(Seat(self.controller(s, t.who))),
            Phase::Busy | Phase::Over => ToMove::Over,
        }
    }

    /// Whether creature `i` is still to deploy: waiting (not in a haven), and
    /// neither Summonable, in a Tempting Disguise or a False Object one, nor to
    /// be awakened (ruling P2V-R94).
    pub(crate) fn deploys(&self, s: &State, i: usize) -> bool {
        s.creatures.get(i).is_some_and(|c| c.life == Life::Waiting && c.haven.is_none())
            && !self.summonable(s, i)
            && !self.tempting(i)
            && !self.false_object(i)
            && self.profile(i).is_none_or(|p| p.awakened_by.is_none())
    }

    /// Moves on from deployment: the other seat deploys, or the first-player roll.
    pub(crate) fn after_deploy(&self, s: &mut State) {
        let Phase::Deploy { seat } = s.phase else { return };
        let left = (0..s.creatures.len()).any(|i| self.team(i) == seat && self.deploys(s, i));
        if left {
            return;
        }
        if seat == s.deploys_first {
            let other = 1 - seat;
            let open = self.zones_open(s, other);
            if open.len() == 1 {
                s.zones[usize::from(other)] = Some(open[0]);
                s.phase = Phase::Deploy { seat: other };
                let any = (0..s.creatures.len()).any(|i| self.team(i) == other && self.deploys(s, i));
                if !any {
                    s.phase = Phase::FirstRoll;
                }
            } else {
                s.phase = Phase::ChooseZone { seat: other };
            }
        } else {
            s.phase = Phase::FirstRoll;
        }
    }

    /// Runs pending work until a decision or roll is owed; then, if nothing
    /// is pending and the game is between phases, moves on.
    pub(crate) fn settle<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        // Who decides may have changed: a rider's figure depends on it.
        self.refresh_riders(s);
        loop {
            let waiting = drive(self, s, events).is_some();
            self.release_grabs(s, events);
            if waiting {
                return;
            }
            match s.phase {
                // Nothing pending while busy: the turn's end has run; move on.
                // (or the next member of a party acts: `party`).
                Phase::Busy => {
                    if !self.party_resume(s) {
                        self.next_activation(s, events)
                    }
                }
                // A creature with no AP left (and no free action it may still
                // take, ruling P2V-R22), or struck down in its own turn
                // (helpless: "They cannot take actions"), ends its turn.
                Phase::Turn(t) => {
                    // A group member took the step's action: the next decides.
                    if self.party_rotate(s) {
                        continue;
                    }
                    // A creature in a haven decides whether to come out (ruling P2V-R147).
                    let up = s.creatures.get(usize::from(t.who)).is_some_and(|c| c.life == Life::Up)
                        || self.in_haven(s, usize::from(t.who));
                    if up && (t.ap > 0 || self.free_action_left(s, &t)) {
                        return;
                    }
                    s.pending.push(Frame::EndTurn { who: t.who });
                }
                _ => return,
            }
        }
    }
}

impl Game for P2v {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = State;

    const ID: &'static str = "p2v";
    const NAME: &'static str = "Path 2 Victory";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        if seats != 2 {
            return Err(ConfigError::Seats { game: "Path 2 Victory", allowed: "2", found: seats });
        }
        if let Some(shared) = recent::find(&variant) {
            return Ok(P2v { variant, shared });
        }
        let warbands = variant.checked_warbands().map_err(ConfigError::Variant)?;
        let (terrain, map) = recent::map(&variant).map_err(ConfigError::Variant)?;
        let bestiary = variant.bestiary().map_err(ConfigError::Variant)?;
        let mut roster = roster(&warbands, &bestiary);
        // The consumables that can be taken from a body (ruling P2V-R168).
        let items = super::loot::share_items(&mut roster);
        if roster.len() > 200 {
            return Err(ConfigError::Variant("at most 200 creatures in one game".into()));
        }
        if (0..2u8).any(|t| !roster.iter().any(|p| p.team == t)) {
            return Err(ConfigError::Variant("each warband must have at least one creature".into()));
        }
        let edges = terrain.board().width() >= 48;
        let tiles_each = variant.tile_game().map_err(ConfigError::Variant)?.map_or(0, |g| g.tiles_each());
        let shared = Shared {
            roster,
            terrain,
            map,
            edges,
            numbering: OnceLock::new(),
            unhindered: std::sync::Mutex::new(None),
            terrains: Default::default(),
            tiles_each,
            grounds: Default::default(),
            items,
            names: OnceLock::new(),
        };
        let shared = Arc::new(shared);
        recent::keep(&variant, &shared);
        Ok(P2v { variant, shared })
    }

    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn seats(&self) -> usize {
        2
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn initial_state(&self) -> State {
        let creatures = self
            .shared
            .roster
            .iter()
            .map(|p| Creature {
                at: None,
                life: Life::Waiting,
                hp: p.hp,
                temp_hp: 0,
                prone: false,
                conditions: Default::default(),
                persistent: Vec::new(),
                done: false,
                reacted: false,
                hero_points: p.hero_points,
                sure_recovery: false,
                uses: p.weapons.iter().map(|w| w.uses.unwrap_or(0)).collect(),
                power_uses: p.powers.iter().map(|w| w.uses.unwrap_or(0)).collect(),
                blocks: 0,
                readied: false,
                hairs_lost: 0,
                grabbed_by: None,
                sheltered: false,
                armor_broken: false,
                fell_at: None,
                commander: None,
                riding: None,
                haven: None,
                disguise: None,
                swallowed_by: None,
                hidden: None,
            })
            .collect();
        let mut s = State {
            phase: match self.shared.tiles_each {
                0 => self.after_terrain(),
                n => Phase::PlaceTile { seat: 0, left: n.saturating_mul(2) },
            },
            round: 0,
            creatures,
            tiles: Vec::new(),
            mines: Vec::new(),
            bodies: Vec::new(),
            objectives: Vec::new(),
            vp: [0, 0],
            zones: [None, None],
            deploys_first: 0,
            first: 0,
            last: 0,
            rolloff: [0, 0],
            pending: Default::default(),
            ending: None,
            doors: super::door::doors_of(&self.shared.terrain),
            effects: Default::default(),
            veils: Vec::new(),
            openings: Vec::new(),
            party: None,
            field: Default::default(),
        }
        .with_commanders(self);
        // A copy of another's item holds nothing until it is taken (ruling P2V-R168).
        if !self.shared.items.is_empty() {
            self.empty_copies(&mut s);
        }
        s
    }

    fn validate_state(&self, s: &State) -> Result<(), String> {
        super::validate::check(self, s)
    }

    fn to_move(&self, s: &State) -> ToMove {
        if let Some(w) = owed(self, s) {
            return w.into();
        }
        self.phase_to_move(s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        super::legal::legal_actions(self, s, out);
    }

    fn check(&self, s: &State, action: &Action) -> Result<(), Refusal> {
        super::judge::judge(self, s, action)
    }

    fn apply_action<E: EventSink<Event>>(&self, s: &mut State, action: &Action, events: &mut E) -> Result<(), Refusal> {
        super::judge::judge(self, s, action)?;
        super::apply::apply(self, s, action, events);
        self.settle(s, events);
        Ok(())
    }

    /// Draws the placement of an objective without listing the thousands of
    /// (objective, square) pairs: a kind and a square, each uniform, are a
    /// uniform pair because every unused kind may go on every free square.
    /// A turn's decision is drawn kind first (`legal::turn_draw`): a kind
    /// of action uniformly among those possible, then one of its actions,
    /// so a random creature strikes, moves and claims about as often as it
    /// can rather than nearly always striding (Strides outnumber the rest).
    fn random_action<R: rand::Rng + ?Sized>(
        &self,
        s: &State,
        rng: &mut R,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        use rand::RngExt;
        if let (Phase::PlaceObjective { .. }, None) = (s.phase, s.pending.top()) {
            let kinds: Vec<Kind> =
                Kind::ALL.into_iter().filter(|k| s.objectives.iter().all(|o| o.kind != *k)).collect();
            // The ground, as `judge_objective` (no battlefield is built
            // per placement).
            let terrain = self.ground(s);
            let solid = terrain.squares_with(Traits::SOLID);
            let free: Vec<Square> = terrain
                .board()
                .all()
                .iter()
                .filter(|q| !solid.contains(*q) && s.objectives.iter().all(|o| o.square != *q))
                .collect();
            if !kinds.is_empty() && !free.is_empty() {
                let kind = kinds[rng.random_range(0..kinds.len())];
                let at = free[rng.random_range(0..free.len())];
                return Some(Action::Objective { kind, at });
            }
        }
        // A turn's decision: a kind first, then one of its actions; a
        // deployment: a creature first, then its square.
        if let Some(a) = super::legal::turn_draw(self, s, rng, scratch) {
            return Some(a);
        }
        if let Some(a) = super::legal::deploy_draw(self, s, rng, scratch) {
            return Some(a);
        }
        scratch.clear();
        self.legal_actions(s, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rng.random_range(0..scratch.len());
        Some(scratch.swap_remove(i))
    }

    fn apply_legal<E: EventSink<Event>>(&self, s: &mut State, action: &Action, events: &mut E) {
        super::apply::apply(self, s, action, events);
        self.settle(s, events);
    }

    /// Who rolls at a real table (ruling P2V-R26): the attacker its Fight
    /// roll and the cover and concealment checks ("the first time the
    /// attacker rolls a 1"), the target its saves and resistance dice, a
    /// creature its recovery check, Ferocity and skill checks; the set-up's
    /// dice, the objective table and the round limit belong to no one seat.
    fn roller(&self, s: &State) -> Option<Seat> {
        if self.to_move(s) != ToMove::Chance {
            return None;
        }
        let seat = |i: u8| Some(Seat(self.team(usize::from(i))));
        let top = match s.pending.top()? {
            Frame::Rerolled { roll, .. } => &**roll,
            f => f,
        };
        match top {
            Frame::FightRoll(st) | Frame::CoverDice { strike: st, .. } => seat(st.attacker),
            Frame::Maneuver(m) => seat(m.attacker),
            Frame::ManeuverSave { maneuver: m, .. } => seat(m.target),
            Frame::Affect(a) | Frame::PowerCover { affect: a, .. } => {
                if matches!(top, Frame::PowerCover { .. }) {
                    seat(a.user)
                } else {
                    seat(a.target)
                }
            }
            Frame::Damage(h) => seat(h.target),
            Frame::Recovery { who }
            | Frame::FerocityRoll { who, .. }
            | Frame::Stumble { who }
            | Frame::Claim { who, .. }
            | Frame::Pluck { who, .. }
            | Frame::Climb { who, .. }
            | Frame::Spot { who, .. }
            | Frame::SpotObstacle { who, .. }
            | Frame::TumbleCheck { who, .. }
            | Frame::JumpCheck { who, .. } => seat(*who),
            _ => None,
        }
    }

    /// The roll-offs' dice are one per player, each its own (ruling P2V-R26):
    /// "the higher d20 chooses a zone first", "the higher d6" goes first.
    fn roll_parts(&self, s: &State) -> Vec<RollPart> {
        match (s.pending.top(), s.phase) {
            (None, Phase::DeployRoll | Phase::FirstRoll) if self.to_move(s) == ToMove::Chance => {
                RollPart::one_die_each([Seat(0), Seat(1)])
            }
            _ => vec![RollPart::whole(self.roller(s), self.dice(s).len())],
        }
    }

    fn dice(&self, s: &State) -> DiceRequest {
        if self.to_move(s) != ToMove::Chance {
            return DiceRequest::new();
        }
        if let Some(top) = s.pending.top() {
            return super::resolve::dice(self, s, top);
        }
        match s.phase {
            Phase::ObjectiveCount => DiceRequest::new()
                .with_many(2, 6, "objectives")
                .for_purpose("How many objectives: 2d6, keep the higher"),
            Phase::TrailRoll { who } => DiceRequest::new().with(6, "bodies").for_purpose(format!(
                "Trail of Bodies of {}: 1d6 bodies on the map",
                self.profile(usize::from(who)).map_or("?", |p| p.label.as_str())
            )),
            Phase::DeployRoll => DiceRequest::new()
                .with(20, "P1")
                .with(20, "P2")
                .for_purpose("Deployment roll-off: the higher d20 chooses a zone first"),
            Phase::FirstRoll => {
                DiceRequest::new().with(6, "P1").with(6, "P2").for_purpose("Who goes first in round 1: the higher d6")
            }
            _ => DiceRequest::new(),
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, s: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        if s.pending.top().is_some() {
            super::resolve::answer_roll(self, s, roll, events);
            self.settle(s, events);
            return Ok(());
        }
        let v = roll.values();
        match s.phase {
            Phase::ObjectiveCount => {
                let dice = [v.first().copied().unwrap_or(1), v.get(1).copied().unwrap_or(1)];
                let count = dice[0].max(dice[1]);
                events.emit(Event::ObjectiveCount { dice, count });
                s.phase = Phase::PlaceObjective { seat: 0, left: count };
            }
            Phase::TrailRoll { who } => self.trail_rolled(s, who, v.first().copied().unwrap_or(1), events),
            Phase::DeployRoll => {
                let (e, w) = Self::rolloff("deployment", roll);
                events.emit(e);
                if let Some(w) = w {
                    s.deploys_first = w;
                    s.phase = Phase::ChooseZone { seat: w };
                }
            }
            Phase::FirstRoll => {
                let (e, w) = Self::rolloff("first player", roll);
                events.emit(e);
                if let Some(w) = w {
                    s.first = w;
                    s.last = w;
                    self.next_round(s, events);
                }
            }
            _ => return Err(Refusal::new("p2v.dice.none", "no dice are owed now", section::SETUP)),
        }
        self.settle(s, events);
        Ok(())
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let e = s.ending.as_ref()?;
        Some(Outcome {
            kind: match e.winner {
                Some(w) => OutcomeKind::Win(vec![Seat(w)]),
                None => OutcomeKind::Draw,
            },
            reason: e.reason.clone(),
        })
    }

    fn returns(&self, s: &State, seat: Seat) -> f64 {
        match s.ending.as_ref().map(|e| e.winner) {
            Some(Some(w)) if w == seat.0 => 1.0,
            Some(Some(_)) => -1.0,
            _ => 0.0,
        }
    }

    fn observe(&self, s: &State, viewer: Viewer) -> State {
        let mut seen = s.clone();
        if self.has_disguises() {
            self.strip_disguises(&mut seen, viewer);
        }
        seen
    }

    /// Only a Tempting Disguise or a False Object keeps a secret (rulings
    /// P2V-R91, P2V-R167).
    fn has_hidden_information(&self) -> bool {
        self.has_disguises()
    }

    /// The objective a creature in disguise is: seen by its owner only.
    fn decision_visibility(&self, s: &State, decision: &arbiter_core::Decision<Action>) -> arbiter_core::Visibility {
        match (s.phase, decision) {
            (Phase::Disguise { who }, arbiter_core::Decision::Act(Action::Disguise { .. }))
            | (Phase::Hide { who }, arbiter_core::Decision::Act(Action::Hide { .. })) => {
                arbiter_core::Visibility::only(Seat(self.team(usize::from(who))))
            }
            _ => arbiter_core::Visibility::Public,
        }
    }

    fn event_visibility(&self, event: &Event) -> arbiter_core::Visibility {
        match event {
            Event::Disguised { who, objective: Some(_) } | Event::Hidden { who, at: Some(_) } => {
                arbiter_core::Visibility::only(Seat(self.team(usize::from(*who))))
            }
            _ => arbiter_core::Visibility::Public,
        }
    }

    fn event_summary(&self, event: &Event) -> Option<Event> {
        match event {
            Event::Disguised { who, .. } => Some(Event::Disguised { who: *who, objective: None }),
            Event::Hidden { who, .. } => Some(Event::Hidden { who: *who, at: None }),
            _ => None,
        }
    }

    fn resample<R: rand::Rng + ?Sized>(&self, seat: Seat, observation: &State, rng: &mut R) -> Option<State> {
        let mut s = observation.clone();
        self.resample_disguises(seat, &mut s, rng);
        Some(s)
    }
}

/// Places objective `kind` at `at` for `seat` and schedules its d6.
pub(crate) fn place_objective<E: EventSink<Event>>(s: &mut State, seat: u8, kind: Kind, at: Square, events: &mut E) {
    s.objectives.push(Objective { kind, square: at, skills: 0, power: 0, holder: None });
    s.forget_field();
    events.emit(Event::ObjectivePlaced { seat, kind, at });
    s.pending.push(Frame::ObjectiveTable { objective: (s.objectives.len() - 1) as u8 });
    let Phase::PlaceObjective { left, .. } = s.phase else { return };
    s.phase = if left > 1 { Phase::PlaceObjective { seat: 1 - seat, left: left - 1 } } else { Phase::DeployRoll };
}

/// Applies an objective's d6.
pub(crate) fn roll_objective<E: EventSink<Event>>(s: &mut State, index: u8, d6: u8, events: &mut E) {
    let Some(o) = s.objectives.get_mut(usize::from(index)) else { return };
    let (skills, power) = objective::table(d6);
    o.skills = skills;
    o.power = power;
    let names = o.allowed().map(str::to_string).collect();
    events.emit(Event::ObjectiveRolled { objective: index, roll: d6, skills: names, power });
}

/// The games made lately, by configuration. Making a game parses its map
/// and warbands, and its first moves build the map's step tables and
/// terrains; a record's replays, a soak's checks and a server reopening a
/// match make the same game again and again, and share the first one's
/// instead (the rules depend on the configuration alone, so a shared game
/// plays exactly as a new one).
mod recent {
    use super::{Shared, Terrain, Variant};
    use crate::play::variant::GameSize;
    use std::sync::{Arc, Mutex, PoisonError};

    /// How many configurations are kept.
    const KEPT: usize = 8;

    /// How many maps are kept.
    const MAPS: usize = 4;

    /// Configurations and their games, the most recently used first.
    pub(super) struct Recent(Mutex<Vec<(Variant, Arc<Shared>)>>);

    /// The process's games.
    static RECENT: Recent = Recent(Mutex::new(Vec::new()));

    /// A map as a variant names it (a shipped name, or a whole map in
    /// TOML; for terrain tiles, the game's size) and its terrain and label.
    type MapEntry = ((String, Option<GameSize>), Arc<Terrain>, String);

    /// The process's maps, the most recently used first: games of other
    /// warbands on a map share its terrain and step tables.
    static MAPS_READ: Mutex<Vec<MapEntry>> = Mutex::new(Vec::new());

    /// The terrain and label of the variant's map, read once for every game on it.
    pub(super) fn map(variant: &Variant) -> Result<(Arc<Terrain>, String), String> {
        let key = (variant.map.clone(), variant.tile_game()?);
        let mut maps = MAPS_READ.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = maps.iter().position(|(k, _, _)| *k == key) {
            let hit = maps.remove(i);
            let out = (Arc::clone(&hit.1), hit.2.clone());
            maps.insert(0, hit);
            return Ok(out);
        }
        let read = variant.battle_map()?;
        let label = variant.label_of(&read);
        let terrain = Arc::new(read.terrain);
        maps.insert(0, (key, Arc::clone(&terrain), label.clone()));
        maps.truncate(MAPS);
        Ok((terrain, label))
    }

    /// The game made lately for this configuration, if any.
    pub(super) fn find(variant: &Variant) -> Option<Arc<Shared>> {
        RECENT.find(variant)
    }

    /// Keeps a game just made.
    pub(super) fn keep(variant: &Variant, shared: &Arc<Shared>) {
        RECENT.keep(variant, shared)
    }

    impl Recent {
        fn find(&self, variant: &Variant) -> Option<Arc<Shared>> {
            let mut recent = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            let i = recent.iter().position(|(v, _)| v == variant)?;
            let hit = recent.remove(i);
            let shared = Arc::clone(&hit.1);
            recent.insert(0, hit);
            Some(shared)
        }

        /// Keeps a game, forgetting the least recently used beyond [`KEPT`].
        fn keep(&self, variant: &Variant, shared: &Arc<Shared>) {
            let mut recent = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            recent.insert(0, (variant.clone(), Arc::clone(shared)));
            recent.truncate(KEPT);
        }
    }

    #[cfg(test)]
    mod tests {
        use super::{KEPT, Recent};
        use crate::play::{P2v, Variant};
        use arbiter_core::Game;
        use std::sync::{Arc, Mutex};

        #[test]
        fn a_game_made_again_shares_the_first_ones_until_forgotten() {
            let v = |map: &str, no_round_limit| Variant { map: map.into(), no_round_limit, ..Variant::default() };
            let made = |v: &Variant| P2v::new(v.clone(), 2).unwrap_or_else(|e| panic!("{e}")).shared;
            assert!(
                Arc::ptr_eq(&made(&v("river-ford", false)), &made(&v("river-ford", false))),
                "the same configuration gives the same game"
            );
            let (a, b) = (made(&v("river-ford", false)), made(&v("river-ford", true)));
            assert!(!Arc::ptr_eq(&a, &b), "another configuration is another game");
            assert!(Arc::ptr_eq(&a.terrain, &b.terrain), "on the same map, with the same terrain");
            assert_eq!((a.map.as_str(), b.map.as_str()), ("river-ford", "river-ford"));
            let recent = Recent(Mutex::new(Vec::new()));
            let ford = v("river-ford", false);
            let first = made(&ford);
            recent.keep(&ford, &first);
            assert!(recent.find(&ford).is_some_and(|s| Arc::ptr_eq(&s, &first)));
            assert!(recent.find(&v("river-ford", true)).is_none(), "another configuration is another game");
            // The least recently used is forgotten once KEPT others are kept.
            let maps = ["tiles", "ruined-crossroads", "broken-hills", "river-ford"];
            let others: Vec<Variant> =
                (0..KEPT).map(|n| v(maps[n % 4], n >= 4)).filter(|w| *w != ford).take(KEPT - 1).collect();
            for w in &others {
                recent.keep(w, &made(w));
            }
            assert!(recent.find(&ford).is_some(), "{} others: still kept", KEPT - 1);
            recent.keep(&v("river-ford", true), &made(&v("river-ford", true)));
            recent.keep(&others[0], &made(&others[0]));
            assert!(recent.find(&ford).is_some(), "used lately, so kept");
            assert!(recent.find(&others[1]).is_none(), "the least recently used is forgotten");
        }
    }
}
