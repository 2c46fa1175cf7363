//! Setting up Skirmish and Battle: the wall roll-off, the wall option, the
//! walls, the choice of ends, deployment and the roll-off for the first turn.
//!
//! "At the beginning of any the game all players roll 1 d6 … Highest rolling
//! player then selects one of the three wall placement options." — "Once the
//! walls are placed the player with the lowest roll decides which side of the
//! board they want to start their squad on." — "Players then re-roll 1 d6,
//! highest roll goes first proceeding clockwise around the board."

use crate::action::Action;
use crate::event::{At, Event};
use crate::layout;
use crate::rules::{Ethia, S_SETUP, S_WALLS};
use crate::state::{End, Phase, State, UnitKind};
use crate::variant::{Deployment, Mode, WallOption};
use arbiter_core::{EventSink, Refusal, Seat};
use arbiter_geometry::{Cell, CellSet, Edge, Walls};

/// The seats of a mask, lowest first.
fn seats_in(mask: u8) -> impl Iterator<Item = u8> {
    (0..4u8).filter(move |i| mask & (1 << i) != 0)
}

impl Ethia {
    /// Records a roll-off and returns the seats tied for the best value
    /// (highest, or lowest when `lowest`).
    fn settle(&self, s: &mut State, contenders: u8, values: &[u8], lowest: bool) -> u8 {
        for (seat, &v) in seats_in(contenders).zip(values) {
            s.rolls[usize::from(seat)] = v;
        }
        let best = seats_in(contenders).map(|i| s.rolls[usize::from(i)]);
        let best = if lowest { best.min() } else { best.max() }.unwrap_or(0);
        seats_in(contenders).filter(|&i| s.rolls[usize::from(i)] == best).fold(0, |m, i| m | 1 << i)
    }

    pub(crate) fn wall_roll_off<E: EventSink<Event>>(
        &self,
        s: &mut State,
        contenders: u8,
        lowest: bool,
        values: &[u8],
        events: &mut E,
    ) {
        let tied = self.settle(s, contenders, values, lowest);
        events.emit(Event::RollOff { for_what: "the walls", rolls: s.rolls, who: contenders });
        if tied.count_ones() > 1 {
            // Ruling E1: only the tied players roll again.
            s.phase = Phase::WallRollOff { contenders: tied, lowest };
            return;
        }
        let winner = tied.trailing_zeros() as u8;
        if !lowest {
            s.high_roller = Some(winner);
            events.emit(Event::RollOffWon { for_what: "choosing the walls", seat: Seat(winner) });
            let others = ((1u8 << self.table.seats) - 1) & !(1 << winner);
            if others.count_ones() == 1 {
                s.low_roller = Some(others.trailing_zeros() as u8);
            } else {
                // Ruling E1: the lowest of the others' rolls chooses the end.
                let lowest_rollers = seats_in(others).map(|i| s.rolls[usize::from(i)]).min().unwrap_or(0);
                let low: u8 =
                    seats_in(others).filter(|&i| s.rolls[usize::from(i)] == lowest_rollers).fold(0, |m, i| m | 1 << i);
                if low.count_ones() > 1 {
                    s.phase = Phase::WallRollOff { contenders: low, lowest: true };
                    return;
                }
                s.low_roller = Some(low.trailing_zeros() as u8);
            }
        } else {
            s.low_roller = Some(winner);
        }
        if let Some(seat) = s.low_roller {
            events.emit(Event::RollOffWon { for_what: "choosing the end", seat: Seat(seat) });
        }
        match self.variant.walls {
            Some(option) => self.choose_walls(s, option, events),
            None => s.phase = Phase::ChooseWalls,
        }
    }

    pub(crate) fn wall_choices(&self, out: &mut Vec<Action>) {
        out.extend([WallOption::Fixed, WallOption::Standard, WallOption::Custom].map(Action::ChooseWalls));
    }

    pub(crate) fn choose_walls<E: EventSink<Event>>(&self, s: &mut State, option: WallOption, events: &mut E) {
        s.wall_option = Some(option);
        events.emit(Event::WallsChosen { by: Seat(s.high_roller.unwrap_or(0)), option });
        match option {
            WallOption::Fixed => {
                for e in layout::fixed_walls(&self.grid) {
                    s.walls.insert(e);
                    events.emit(Event::WallPlaced { by: None, edge: self.edge_at(e) });
                }
                s.phase = Phase::ChooseEnd;
            }
            // Battle's custom walls go on each side's own half, so ends come first.
            WallOption::Custom if self.variant.mode == Mode::Battle => s.phase = Phase::ChooseEnd,
            _ => self.next_wall(s, 0),
        }
    }

    /// The squares either side of an edge, for events.
    pub(crate) fn edge_at(&self, e: Edge) -> (At, At) {
        let (a, b) = self.grid.edge_cells(e).unwrap_or((e.cell, e.cell));
        (At::of(&self.grid, a), At::of(&self.grid, b))
    }

    /// Who places wall `index`, and the team whose half it must lie in
    /// (custom Battle only). Ruling E2: teams alternate starting with the
    /// high roller's; team-mates take turns.
    pub(crate) fn wall_placer(&self, s: &State, index: u8) -> (Seat, Option<u8>) {
        let high = Seat(s.high_roller.unwrap_or(0));
        if s.wall_option == Some(WallOption::Custom) && self.variant.mode == Mode::Skirmish {
            return (high, None);
        }
        let first = self.table.seat_team(high);
        let team = if index % 2 == 0 { first } else { 1 - first };
        let mut seats = self.table.team_seats(team);
        if team == first
            && let Some(p) = seats.iter().position(|&x| x == high)
        {
            seats.rotate_left(p);
        }
        let seat = seats[usize::from(index / 2) % seats.len().max(1)];
        let restrict = (s.wall_option == Some(WallOption::Custom)).then_some(team);
        (seat, restrict)
    }

    /// True if a wall may go on `e` now (the fast form of [`Ethia::wall_fault`]).
    pub(crate) fn wall_ok(&self, s: &State, e: Edge, restrict: Option<u8>) -> bool {
        let Some((a, b)) = self.grid.edge_cells(e) else { return false };
        if s.walls.contains(e) {
            return false;
        }
        if let Some(team) = restrict {
            let half = self.team_end(s, team).map(|end| self.board_at(end)).unwrap_or(CellSet::EMPTY);
            if !half.contains(a) || !half.contains(b) {
                return false;
            }
        }
        let mut walls: Walls = s.walls;
        walls.insert(e);
        if self.grid.open_neighbours(&walls, a, s.area).len() < 2
            || self.grid.open_neighbours(&walls, b, s.area).len() < 2
        {
            return false;
        }
        // The board was connected before; it still is if a and b still reach each other.
        self.grid.flood(CellSet::single(a), &walls, s.area, u32::MAX).contains(b)
    }

    /// Why a wall may not go on `e` now, if it may not: an empty interior edge,
    /// inside the placing team's half in custom Battle, leaving every square
    /// open to two others and the board connected (ruling E3).
    pub(crate) fn wall_fault(&self, s: &State, e: Edge, restrict: Option<u8>) -> Option<Refusal> {
        if self.wall_ok(s, e, restrict) {
            return None;
        }
        let Some((a, b)) = self.grid.edge_cells(e) else {
            return Some(Refusal::new("ethia.wall.edge", "a wall lies between two squares of the board", S_WALLS));
        };
        if s.walls.contains(e) {
            return Some(Refusal::new("ethia.wall.taken", "there is already a wall there", S_WALLS));
        }
        if let Some(team) = restrict {
            let half = self.team_end(s, team).map(|end| self.board_at(end)).unwrap_or(CellSet::EMPTY);
            if !half.contains(a) || !half.contains(b) {
                return Some(Refusal::new(
                    "ethia.wall.own-half",
                    "in custom Battle each side walls only its own 8×8 board",
                    "set up for Skirmish/Battle: Custom wall placement; ruling E2",
                ));
            }
        }
        let mut walls: Walls = s.walls;
        walls.insert(e);
        let open = s.area;
        let isolated = [a, b].into_iter().find(|&c| self.grid.open_neighbours(&walls, c, open).len() < 2);
        if let Some(c) = isolated {
            return Some(Refusal::because(
                "ethia.wall.access",
                format!("{} would be open to fewer than two other squares", self.grid.name(c)),
                "rules about walls: \"all squares are accessible to units from two other squares\"; ruling E3",
            ));
        }
        if !self.grid.connected(&walls, open) {
            return Some(Refusal::new(
                "ethia.wall.access",
                "that wall would cut part of the board off from the rest",
                "rules about walls; ruling E3",
            ));
        }
        None
    }

    pub(crate) fn wall_placements(&self, s: &State, index: u8, out: &mut Vec<Action>) {
        let (_, restrict) = self.wall_placer(s, index);
        for &e in &self.edges {
            if self.wall_ok(s, e, restrict) {
                out.push(Action::PlaceWall(e));
            }
        }
    }

    /// A uniformly random legal wall, by drawing edges until one is legal
    /// (most are); `None` if there is none.
    pub(crate) fn random_wall<R: rand::Rng + ?Sized>(&self, s: &State, index: u8, rng: &mut R) -> Option<Action> {
        use rand::RngExt;
        let (_, restrict) = self.wall_placer(s, index);
        let edges = &self.edges;
        for _ in 0..256 {
            let e = edges[rng.random_range(0..edges.len())];
            if self.wall_ok(s, e, restrict) {
                return Some(Action::PlaceWall(e));
            }
        }
        let legal: Vec<Edge> = edges.iter().copied().filter(|&e| self.wall_ok(s, e, restrict)).collect();
        (!legal.is_empty()).then(|| Action::PlaceWall(legal[rng.random_range(0..legal.len())]))
    }

    pub(crate) fn check_wall(&self, s: &State, index: u8, e: Edge) -> Result<(), Refusal> {
        match self.wall_fault(s, e, self.wall_placer(s, index).1) {
            Some(r) => Err(r),
            None => Ok(()),
        }
    }

    pub(crate) fn place_wall<E: EventSink<Event>>(&self, s: &mut State, e: Edge, events: &mut E) {
        let Phase::PlaceWall { index } = s.phase else { return };
        let (by, _) = self.wall_placer(s, index);
        s.walls.insert(e);
        events.emit(Event::WallPlaced { by: Some(by), edge: self.edge_at(e) });
        self.next_wall(s, index + 1);
    }

    /// Moves on to wall `index`, or past the walls once all are placed. A
    /// placer left without any legal edge forfeits the remaining walls
    /// (ruling E3; impossible with the standard numbers).
    fn next_wall(&self, s: &mut State, index: u8) {
        let remaining = index < self.variant.wall_count();
        let possible = remaining && {
            s.phase = Phase::PlaceWall { index };
            let (_, restrict) = self.wall_placer(s, index);
            self.edges.iter().any(|&e| self.wall_ok(s, e, restrict))
        };
        if possible {
            s.phase = Phase::PlaceWall { index };
        } else if s.team_a_end.is_some() {
            self.start_deployment(s);
        } else {
            s.phase = Phase::ChooseEnd;
        }
    }

    pub(crate) fn choose_end<E: EventSink<Event>>(&self, s: &mut State, end: End, events: &mut E) {
        let low = Seat(s.low_roller.unwrap_or(0));
        let team = self.table.seat_team(low);
        s.team_a_end = Some(if team == 0 { end } else { opposite(end) });
        events.emit(Event::EndChosen { by: low, end });
        let custom_battle = s.wall_option == Some(WallOption::Custom) && self.variant.mode == Mode::Battle;
        if custom_battle && s.walls.is_empty() {
            self.next_wall(s, 0);
        } else {
            self.start_deployment(s);
        }
    }

    /// The army making placement `index`: teams alternate, the end-chooser's
    /// first; team-mates take turns (ruling E6).
    pub(crate) fn deploying_army(&self, s: &State, index: u16) -> u8 {
        let low = Seat(s.low_roller.unwrap_or(0));
        let first = self.table.seat_team(low);
        let mine = self.table.team_armies(first);
        let theirs = self.table.team_armies(1 - first);
        let start = mine.iter().position(|&a| self.table.owner(a) == low).unwrap_or(0);
        let k = usize::from(index);
        let pick = |list: &[u8], n: usize, offset: usize| list[(n + offset) % list.len().max(1)];
        let army = if k % 2 == 0 { pick(&mine, k / 2, start) } else { pick(&theirs, k / 2, 0) };
        // Armies that have placed everything are skipped.
        let left = |a: u8| {
            let x = &s.armies[usize::from(a)];
            x.leader_to_place || x.squad_to_place > 0
        };
        if left(army) { army } else { (0..self.table.armies).find(|&a| left(a)).unwrap_or(army) }
    }

    /// Where an army may place a unit: empty squares of its back ranks, or the
    /// next rank towards the centre once those are full (ruling E6).
    pub(crate) fn deploy_cells(&self, s: &State, army: u8) -> CellSet {
        let Some(end) = self.team_end(s, self.table.team(army)) else { return CellSet::EMPTY };
        let occupied = s.occupied();
        let mut n = i32::from(self.variant.deploy_ranks());
        loop {
            let free = self.back_ranks(end, n) - occupied;
            if !free.is_empty() || n >= i32::from(self.grid.height()) {
                return free;
            }
            n += 1;
        }
    }

    fn start_deployment(&self, s: &mut State) {
        if self.variant.deployment == Deployment::Standard {
            for a in 0..self.table.armies {
                let team = self.table.team(a);
                let Some(end) = self.team_end(s, team) else { continue };
                let slot = (self.table.armies > 2).then_some(a % 2);
                let squad = s.armies[usize::from(a)].squad_to_place;
                let (leader, units) = layout::standard_placement(&self.grid, end, squad, slot);
                let army = &mut s.armies[usize::from(a)];
                army.leader = Some(leader);
                army.leader_to_place = false;
                for c in units {
                    army.squad.insert(c);
                }
                army.squad_to_place = 0;
            }
            self.start_first_roll_off(s);
        } else {
            s.phase = Phase::Deploy { index: 0 };
        }
    }

    pub(crate) fn deployments(&self, s: &State, index: u16, out: &mut Vec<Action>) {
        let army = self.deploying_army(s, index);
        let a = &s.armies[usize::from(army)];
        let cells = self.deploy_cells(s, army);
        for (kind, ok) in [(UnitKind::Leader, a.leader_to_place), (UnitKind::Squad, a.squad_to_place > 0)] {
            if ok {
                out.extend(cells.iter().map(|at| Action::Deploy { kind, at }));
            }
        }
    }

    pub(crate) fn check_deploy(&self, s: &State, index: u16, kind: UnitKind, at: Cell) -> Result<(), Refusal> {
        let army = self.deploying_army(s, index);
        let a = &s.armies[usize::from(army)];
        let left = match kind {
            UnitKind::Leader => a.leader_to_place,
            UnitKind::Squad => a.squad_to_place > 0,
        };
        if !left {
            return Err(Refusal::new(
                "ethia.deploy.none-left",
                "that army has no unit of that kind left to place",
                S_SETUP,
            ));
        }
        if !self.deploy_cells(s, army).contains(at) {
            return Err(Refusal::because(
                "ethia.deploy.rows",
                format!(
                    "{} is not an empty square of your side's back {} rows",
                    if self.grid.contains(at) { self.grid.name(at) } else { "that".into() },
                    self.variant.deploy_ranks()
                ),
                "set up: \"units can be placed anywhere along the back two rows\" (Battle: four); ruling E6",
            ));
        }
        Ok(())
    }

    pub(crate) fn deploy<E: EventSink<Event>>(&self, s: &mut State, kind: UnitKind, at: Cell, events: &mut E) {
        let Phase::Deploy { index } = s.phase else { return };
        let army = self.deploying_army(s, index);
        let a = &mut s.armies[usize::from(army)];
        match kind {
            UnitKind::Leader => {
                a.leader = Some(at);
                a.leader_to_place = false;
            }
            UnitKind::Squad => {
                a.squad.insert(at);
                a.squad_to_place = a.squad_to_place.saturating_sub(1);
            }
        }
        events.emit(Event::Deployed { army, kind, at: At::of(&self.grid, at) });
        let done = s.armies.iter().all(|a| !a.leader_to_place && a.squad_to_place == 0);
        if done {
            self.start_first_roll_off(s);
        } else {
            s.phase = Phase::Deploy { index: index + 1 };
        }
    }

    fn start_first_roll_off(&self, s: &mut State) {
        s.phase = Phase::FirstRollOff { contenders: (1u8 << self.table.seats) - 1 };
    }

    pub(crate) fn first_roll_off<E: EventSink<Event>>(
        &self,
        s: &mut State,
        contenders: u8,
        values: &[u8],
        events: &mut E,
    ) {
        let tied = self.settle(s, contenders, values, false);
        events.emit(Event::RollOff { for_what: "the first turn", rolls: s.rolls, who: contenders });
        if tied.count_ones() > 1 {
            s.phase = Phase::FirstRollOff { contenders: tied };
            return;
        }
        let seat = Seat(tied.trailing_zeros() as u8);
        events.emit(Event::RollOffWon { for_what: "the first turn", seat });
        s.active = self.table.armies_of(seat)[0];
        s.round = 1;
        s.played_round = 0;
        s.phase = Phase::ActionRoll;
    }
}

/// The other end.
pub(crate) fn opposite(end: End) -> End {
    match end {
        End::South => End::North,
        End::North => End::South,
    }
}
