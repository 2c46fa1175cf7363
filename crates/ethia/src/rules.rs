//! The rules of Skirmish and Battle as a deterministic state machine: who
//! decides when, what the dice are, how a game ends. The phases themselves
//! live in `setup.rs` (roll-offs, walls, ends, deployment) and `turn.rs`
//! (actions, moves, capture attempts). Refusals cite the rulebook section or
//! the ruling in `docs/rulings/ethia.md`.

use crate::action::Action;
use crate::event::Event;
use crate::state::{Army, End, Ending, Phase, State, UnitKind};
use crate::table::Table;
use crate::variant::{Mode, Variant};
use arbiter_core::{
    ConfigError, DiceRequest, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, RollPart, Seat, ToMove, Viewer,
};
use arbiter_geometry::{Cell, CellSet, Grid};

/// E'thia Skirmish or Battle, for 2, 3 or 4 players.
#[derive(Clone, Debug)]
pub struct Ethia {
    pub(crate) variant: Variant,
    pub(crate) grid: Grid,
    pub(crate) table: Table,
    /// Every interior edge of the board: where walls may go.
    pub(crate) edges: Vec<arbiter_geometry::Edge>,
}

/// Labels of the roll-off dice, by seat.
pub(crate) const SEAT_DICE: [&str; 4] = ["P1", "P2", "P3", "P4"];

pub(crate) const S_SETUP: &str = "Skirmish and Battle Rules: set up";
pub(crate) const S_WALLS: &str = "rules about walls";
pub(crate) const S_PLAY: &str = "game play";

impl Ethia {
    /// The board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The seating: players, armies, teams and turn order.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The players of a team in words, for the texts people read at the
    /// end: "P1" in a two-player game (one player a team), "P1 and P2" for
    /// a team of two, "P3" for the third of three players, who plays a
    /// whole team. A table puts the players' names in for "P1", "P2", …;
    /// "team A" would name nobody.
    pub fn team_words(&self, team: u8) -> String {
        let seats: Vec<String> = self.table.team_seats(team).iter().map(Seat::to_string).collect();
        match seats.as_slice() {
            [] => format!("team {}", if team == 0 { "A" } else { "B" }),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// The end a team starts at, once chosen.
    pub fn team_end(&self, s: &State, team: u8) -> Option<End> {
        let a = s.team_a_end?;
        Some(match (team, a) {
            (0, e) => e,
            (_, End::South) => End::North,
            (_, End::North) => End::South,
        })
    }

    /// A unit in words: "army 2's leader on c5".
    pub(crate) fn unit_words(&self, s: &State, at: Cell) -> String {
        match s.unit_at(at) {
            Some((army, UnitKind::Leader)) => format!("army {}'s leader on {}", army + 1, self.grid.name(at)),
            Some((army, UnitKind::Squad)) => format!("army {}'s squad unit on {}", army + 1, self.grid.name(at)),
            None => format!("the unit on {}", self.grid.name(at)),
        }
    }

    /// The squares of the board at one end (Battle), or the whole board.
    pub fn board_at(&self, end: End) -> CellSet {
        let h = i32::from(self.grid.height());
        match (self.variant.mode, end) {
            (Mode::Skirmish, _) => self.grid.all(),
            (Mode::Battle, End::South) => self.grid.ranks(0, h / 2),
            (Mode::Battle, End::North) => self.grid.ranks(h / 2, h),
        }
    }

    /// The ranks nearest an end: `n` of them.
    pub(crate) fn back_ranks(&self, end: End, n: i32) -> CellSet {
        let h = i32::from(self.grid.height());
        match end {
            End::South => self.grid.ranks(0, n),
            End::North => self.grid.ranks(h - n, h),
        }
    }

    /// The team of the player who owes the current decision, for refusals.
    pub(crate) fn owner(&self, army: u8) -> Seat {
        self.table.owner(army)
    }

    /// Whether a team still has a leader on the board.
    pub(crate) fn team_has_leader(&self, s: &State, team: u8) -> bool {
        (0..self.table.armies).any(|a| self.table.team(a) == team && s.armies[usize::from(a)].leader.is_some())
    }

    /// Ends the game.
    pub(crate) fn finish<E: EventSink<Event>>(&self, s: &mut State, ending: Ending, events: &mut E) {
        s.ending = Some(ending);
        s.phase = Phase::Over;
        let (team, reason) = match ending {
            Ending::Won { team } => (Some(team), "every enemy leader has been captured"),
            Ending::DrawForced => (None, "the first-round capture was answered in the same round"),
            Ending::DrawRoundLimit => (None, "the round limit was reached"),
        };
        events.emit(Event::GameOver { team, reason });
    }

    fn no_dice(&self) -> Refusal {
        Refusal::new("core.turn.not-chance", "no dice are being rolled now", "core")
    }
}

impl Game for Ethia {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = State;

    const ID: &'static str = "ethia";
    const NAME: &'static str = "E'thia";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        if !(2..=4).contains(&seats) {
            return Err(ConfigError::Seats { game: Self::NAME, allowed: "2, 3 or 4", found: seats });
        }
        if variant.round_limit == 0 {
            return Err(ConfigError::Variant("round_limit must be at least 1".into()));
        }
        let grid = Grid::new(8, variant.ranks()).map_err(|e| ConfigError::Variant(e.to_string()))?;
        let table = Table::new(seats as u8, variant.turn_order);
        let edges = grid.interior_edges();
        Ok(Ethia { variant, grid, table, edges })
    }

    fn variant(&self) -> &Variant {
        &self.variant
    }

    fn seats(&self) -> usize {
        usize::from(self.table.seats)
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn initial_state(&self) -> State {
        let squad = self.variant.squad_size(usize::from(self.table.armies));
        let mut armies = [Army::default(); 4];
        for a in armies.iter_mut().take(usize::from(self.table.armies)) {
            a.leader_to_place = true;
            a.squad_to_place = squad;
        }
        State {
            area: self.grid.all(),
            walls: Default::default(),
            armies,
            phase: Phase::WallRollOff { contenders: (1u8 << self.table.seats) - 1, lowest: false },
            rolls: [0; 4],
            high_roller: None,
            low_roller: None,
            wall_option: None,
            team_a_end: None,
            active: 0,
            actions_left: 0,
            round: 0,
            played_round: 0,
            pending_winner: None,
            ending: None,
        }
    }

    fn validate_state(&self, s: &State) -> Result<(), String> {
        crate::validate::validate(self, s)
    }

    fn to_move(&self, s: &State) -> ToMove {
        match s.phase {
            Phase::Over => ToMove::Over,
            Phase::WallRollOff { .. }
            | Phase::FirstRollOff { .. }
            | Phase::ActionRoll
            | Phase::MoveRoll { .. }
            | Phase::AttackRoll { .. } => ToMove::Chance,
            Phase::ChooseWalls => ToMove::Seat(Seat(s.high_roller.unwrap_or(0))),
            Phase::PlaceWall { index } => ToMove::Seat(self.wall_placer(s, index).0),
            Phase::ChooseEnd => ToMove::Seat(Seat(s.low_roller.unwrap_or(0))),
            Phase::Deploy { index } => ToMove::Seat(self.owner(self.deploying_army(s, index))),
            Phase::Act | Phase::MoveTo { .. } => ToMove::Seat(self.owner(s.active)),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.phase {
            Phase::ChooseWalls => self.wall_choices(out),
            Phase::PlaceWall { index } => self.wall_placements(s, index, out),
            Phase::ChooseEnd => out.extend([Action::ChooseEnd(End::South), Action::ChooseEnd(End::North)]),
            Phase::Deploy { index } => self.deployments(s, index, out),
            Phase::Act => self.turn_actions(s, out),
            Phase::MoveTo { unit, roll } => {
                for c in self.reachable(s, unit, roll).iter() {
                    out.push(Action::MoveTo(c));
                }
            }
            _ => {}
        }
    }

    fn check(&self, s: &State, a: &Action) -> Result<(), Refusal> {
        match (s.phase, a) {
            (Phase::Over, _) => Err(Refusal::new("ethia.over", "the game is over", S_PLAY)),
            (Phase::ChooseWalls, Action::ChooseWalls(_)) => Ok(()),
            (Phase::PlaceWall { index }, Action::PlaceWall(e)) => self.check_wall(s, index, *e),
            (Phase::ChooseEnd, Action::ChooseEnd(_)) => Ok(()),
            (Phase::Deploy { index }, Action::Deploy { kind, at }) => self.check_deploy(s, index, *kind, *at),
            (Phase::Act, Action::EndTurn) => Ok(()),
            (Phase::Act, Action::Move(c)) => self.check_move(s, *c),
            (Phase::Act, Action::Attack { from, to }) => self.check_attack(s, *from, *to),
            (Phase::MoveTo { unit, roll }, Action::MoveTo(c)) => self.check_destination(s, unit, roll, *c),
            (phase, _) => {
                Err(Refusal::because("ethia.phase", format!("that is not a decision of {}", phase_name(phase)), S_PLAY))
            }
        }
    }

    fn apply_action<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) -> Result<(), Refusal> {
        self.check(s, a)?;
        self.apply_legal(s, a, events);
        Ok(())
    }

    fn apply_legal<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) {
        match *a {
            Action::ChooseWalls(option) => self.choose_walls(s, option, events),
            Action::PlaceWall(e) => self.place_wall(s, e, events),
            Action::ChooseEnd(end) => self.choose_end(s, end, events),
            Action::Deploy { kind, at } => self.deploy(s, kind, at, events),
            Action::EndTurn => self.end_turn(s, events),
            Action::Move(unit) => self.start_move(s, unit),
            Action::MoveTo(to) => self.finish_move(s, to, events),
            Action::Attack { from, to } => self.start_attack(s, from, to),
        }
    }

    fn dice(&self, s: &State) -> DiceRequest {
        let seats =
            |mask: u8| (0..4).filter(|i| mask & (1 << i) != 0).fold(DiceRequest::new(), |r, i| r.with(6, SEAT_DICE[i]));
        match s.phase {
            // Each roll-off says what it decides, for players rolling real dice.
            Phase::WallRollOff { contenders, lowest: false } => {
                seats(contenders).for_purpose("the roll-off for the wall choice: the highest roller chooses")
            }
            Phase::WallRollOff { contenders, lowest: true } => {
                seats(contenders).for_purpose("the roll-off for the choice of ends: the lowest roller chooses")
            }
            Phase::FirstRollOff { contenders } => {
                seats(contenders).for_purpose("the roll-off for the first turn: the highest roller goes first")
            }
            Phase::ActionRoll => {
                DiceRequest::new().with(6, "actions").for_purpose(format!("army {}'s action roll", s.active + 1))
            }
            Phase::MoveRoll { unit } => {
                DiceRequest::new().with(6, "move").for_purpose(format!("the move roll of {}", self.unit_words(s, unit)))
            }
            Phase::AttackRoll { from, to } => {
                // Who attacks whom, so that players rolling real dice know
                // which dice are whose.
                let close = self.grid.chebyshev(from, to) == 1;
                let purpose = format!(
                    "{} attacks {}{}",
                    self.unit_words(s, from),
                    self.unit_words(s, to),
                    if close { " in close combat" } else { " at range" }
                );
                DiceRequest::new()
                    .with_many(if close { 3 } else { 2 }, 6, "attacker")
                    .with(6, "defender")
                    .for_purpose(purpose)
            }
            _ => DiceRequest::new(),
        }
    }

    /// The active army's owner rolls its action, move and attack rolls;
    /// roll-offs belong to no one seat. At a real table the attack roll's
    /// defender die and each contender's roll-off die are their own seats'
    /// ([`Game::roll_parts`], ruling E17).
    fn roller(&self, s: &State) -> Option<Seat> {
        match s.phase {
            Phase::ActionRoll | Phase::MoveRoll { .. } | Phase::AttackRoll { .. } => Some(self.owner(s.active)),
            _ => None,
        }
    }

    /// Ruling E17: the attack roll is one chance decision, but its last die
    /// is the defender's, rolled and entered by the defending army's owner;
    /// a roll-off's dice are one per contending seat, each its own.
    fn roll_parts(&self, s: &State) -> Vec<RollPart> {
        match s.phase {
            Phase::AttackRoll { to, .. } => {
                let n = self.dice(s).len();
                let defender = s.unit_at(to).map(|(army, _)| self.owner(army));
                vec![RollPart { seat: self.roller(s), dice: 0..n - 1 }, RollPart { seat: defender, dice: n - 1..n }]
            }
            Phase::WallRollOff { contenders, .. } | Phase::FirstRollOff { contenders } => {
                RollPart::one_die_each((0..4u8).filter(|i| contenders & (1 << i) != 0).map(Seat))
            }
            _ => vec![RollPart::whole(self.roller(s), self.dice(s).len())],
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, s: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        let v = roll.values();
        match s.phase {
            Phase::WallRollOff { contenders, lowest } => self.wall_roll_off(s, contenders, lowest, v, events),
            Phase::FirstRollOff { contenders } => self.first_roll_off(s, contenders, v, events),
            Phase::ActionRoll => self.begin_turn(s, v[0], events),
            Phase::MoveRoll { unit } => self.move_rolled(s, unit, v[0], events),
            Phase::AttackRoll { from, to } => self.resolve_attack(s, from, to, v, events),
            _ => return Err(self.no_dice()),
        }
        Ok(())
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let ending = s.ending?;
        Some(match ending {
            Ending::Won { team } => Outcome {
                kind: OutcomeKind::Win(self.table.team_seats(team)),
                reason: format!("{} captured every enemy leader", self.team_words(team)),
            },
            Ending::DrawForced => Outcome {
                kind: OutcomeKind::Draw,
                reason: "the losing side answered a first-round capture in the same round".into(),
            },
            Ending::DrawRoundLimit => Outcome {
                kind: OutcomeKind::Draw,
                reason: format!("the round limit of {} was reached", self.variant.round_limit),
            },
        })
    }

    fn returns(&self, s: &State, seat: Seat) -> f64 {
        match s.ending {
            Some(Ending::Won { team }) if self.table.seat_team(seat) == team => 1.0,
            Some(Ending::Won { .. }) => -1.0,
            _ => 0.0,
        }
    }

    fn observe(&self, s: &State, _viewer: Viewer) -> State {
        s.clone()
    }

    fn random_action<R: rand::Rng + ?Sized>(
        &self,
        s: &State,
        rng: &mut R,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        use rand::RngExt;
        if let Phase::PlaceWall { index } = s.phase {
            return self.random_wall(s, index, rng);
        }
        scratch.clear();
        self.legal_actions(s, scratch);
        (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())])
    }
}

/// The phase's name in plain words, for refusals.
pub(crate) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::WallRollOff { .. } => "the wall roll-off",
        Phase::ChooseWalls => "choosing how walls are placed",
        Phase::PlaceWall { .. } => "placing a wall",
        Phase::ChooseEnd => "choosing an end",
        Phase::Deploy { .. } => "placing a unit",
        Phase::FirstRollOff { .. } => "the roll-off for the first turn",
        Phase::ActionRoll => "the action roll",
        Phase::Act => "choosing an action",
        Phase::MoveRoll { .. } => "the move roll",
        Phase::MoveTo { .. } => "choosing where the unit moves",
        Phase::AttackRoll { .. } => "the capture roll",
        Phase::Over => "a finished game",
    }
}
