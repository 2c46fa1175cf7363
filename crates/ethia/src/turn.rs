//! Turns of Skirmish and Battle: the action roll, moves, capture attempts,
//! captures and the end of the game.
//!
//! "A player's turn starts by rolling 1 d6 to establish the number of actions
//! they can take … (players can chose to not use all of their actions)". A
//! move names the unit, then rolls 1d6 for the squares it may move; a capture
//! attempt is close combat (adjacent: 3d6 against 1d6) or a ranged attack
//! (2d6 against 1d6), highest single die wins.

use crate::action::Action;
use crate::event::{At, Event};
use crate::lines::{LineFault, RANGE, Verdict, attack_line, verdict};
use crate::rules::Ethia;
use crate::state::{End, Ending, Phase, State, UnitKind};
use crate::variant::Mode;
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::{Cell, CellSet, Dir};

const S_MOVE: &str = "game play: \"To move a unit, first select the unit … Units cannot move diagonally, over a wall or through a space occupied by any unit.\"";
const S_ATTACK: &str = "game play: \"All units have an attack range/line of sight of 4 or less connected squares that form a straight line.\"";

impl Ethia {
    pub(crate) fn begin_turn<E: EventSink<Event>>(&self, s: &mut State, actions: u8, events: &mut E) {
        s.actions_left = actions;
        events.emit(Event::TurnBegan { army: s.active, seat: self.owner(s.active), actions });
        s.phase = Phase::Act;
    }

    /// The squares of the active army's units.
    fn own_units(&self, s: &State) -> CellSet {
        s.armies[usize::from(s.active)].units()
    }

    /// The squares of units the active army may attack: every unit of the
    /// other team.
    fn enemies(&self, s: &State) -> CellSet {
        let team = self.table.team(s.active);
        (0..self.table.armies)
            .filter(|&a| self.table.team(a) != team)
            .fold(CellSet::EMPTY, |acc, a| acc | s.armies[usize::from(a)].units())
    }

    pub(crate) fn turn_actions(&self, s: &State, out: &mut Vec<crate::action::Action>) {
        out.push(Action::EndTurn);
        let own = self.own_units(s);
        for c in own.iter() {
            out.push(Action::Move(c));
        }
        let enemies = self.enemies(s);
        let occupied = s.occupied();
        for from in own.iter() {
            // Walk each line up to 4 squares; the first unit met ends it.
            for dir in Dir::ALL {
                let mut at = from;
                for step in 1..=RANGE {
                    let Some(next) = self.grid.neighbour(at, dir) else { break };
                    if !s.area.contains(next) || (!dir.is_diagonal() && self.grid.crosses_wall(&s.walls, at, dir)) {
                        break;
                    }
                    if occupied.contains(next) {
                        let covered = dir.is_diagonal()
                            && self.grid.corner(&s.walls, at, dir).is_some_and(|c| c.at_destination());
                        if enemies.contains(next) && !covered {
                            out.push(Action::Attack { from, to: next });
                        }
                        break;
                    }
                    let _ = step;
                    at = next;
                }
            }
        }
    }

    fn own_unit(&self, s: &State, c: Cell, rule: &'static str, section: &'static str) -> Result<(), Refusal> {
        if self.own_units(s).contains(c) {
            return Ok(());
        }
        let name = if self.grid.contains(c) { self.grid.name(c) } else { "that square".into() };
        Err(Refusal::because(
            rule,
            match s.unit_at(c) {
                Some(_) => format!("the unit on {name} is not one of the active army's"),
                None => format!("there is no unit on {name}"),
            },
            section,
        ))
    }

    pub(crate) fn check_move(&self, s: &State, unit: Cell) -> Result<(), Refusal> {
        self.own_unit(s, unit, "ethia.move.own", S_MOVE)
    }

    pub(crate) fn start_move(&self, s: &mut State, unit: Cell) {
        s.actions_left = s.actions_left.saturating_sub(1);
        s.phase = Phase::MoveRoll { unit };
    }

    pub(crate) fn move_rolled<E: EventSink<Event>>(&self, s: &mut State, unit: Cell, roll: u8, events: &mut E) {
        events.emit(Event::MoveRolled { unit: At::of(&self.grid, unit), roll });
        s.phase = Phase::MoveTo { unit, roll };
    }

    /// Where a unit may go with a move roll: empty squares of the board up to
    /// `roll` orthogonal steps away, never across a wall or through a unit,
    /// and its own square (ruling E8: a move is "up to" the roll).
    pub(crate) fn reachable(&self, s: &State, unit: Cell, roll: u8) -> CellSet {
        let open = s.area - s.occupied();
        self.grid.flood(CellSet::single(unit), &s.walls, open, u32::from(roll))
    }

    pub(crate) fn check_destination(&self, s: &State, unit: Cell, roll: u8, to: Cell) -> Result<(), Refusal> {
        if self.reachable(s, unit, roll).contains(to) {
            return Ok(());
        }
        let name = if self.grid.contains(to) { self.grid.name(to) } else { "that square".into() };
        if self.grid.contains(to) && !s.area.contains(to) {
            return Err(Refusal::because(
                "ethia.move.removed-board",
                format!("{name} is on the board that was removed: that board is gone for the rest of the game"),
                "Battle: \"the moment all units are only occupying one 8×8 board the other 8×8 board is removed for the rest of the game\"",
            ));
        }
        Err(Refusal::because(
            "ethia.move.reach",
            format!(
                "{name} is not within {roll} orthogonal steps of {} through empty squares without crossing a wall",
                self.grid.name(unit)
            ),
            S_MOVE,
        ))
    }

    pub(crate) fn finish_move<E: EventSink<Event>>(&self, s: &mut State, to: Cell, events: &mut E) {
        let Phase::MoveTo { unit, .. } = s.phase else { return };
        let army = &mut s.armies[usize::from(s.active)];
        if army.leader == Some(unit) {
            army.leader = Some(to);
        } else {
            army.squad.remove(unit);
            army.squad.insert(to);
        }
        events.emit(Event::Moved { from: At::of(&self.grid, unit), to: At::of(&self.grid, to) });
        self.shrink(s, events);
        self.after_action(s, events);
    }

    pub(crate) fn check_attack(&self, s: &State, from: Cell, to: Cell) -> Result<(), Refusal> {
        self.own_unit(s, from, "ethia.attack.own", S_ATTACK)?;
        if !self.enemies(s).contains(to) {
            return Err(Refusal::because(
                "ethia.attack.target",
                match s.unit_at(to) {
                    Some(_) => format!("the unit on {} is on your side", self.grid.name(to)),
                    None => "there is no enemy unit there".to_string(),
                },
                "game play: \"attempting to capture your opponent's squad units\"",
            ));
        }
        match attack_line(&self.grid, &s.walls, s.occupied(), from, to) {
            Ok(_) => Ok(()),
            Err(fault) => Err(match fault {
                LineFault::NotStraight => Refusal::new(
                    "ethia.attack.line",
                    "the target is not on a straight line (rank, file or diagonal)",
                    S_ATTACK,
                ),
                LineFault::TooFar => {
                    Refusal::new("ethia.attack.range", "the target is more than 4 squares away", S_ATTACK)
                }
                LineFault::UnitInWay(c) => Refusal::because(
                    "ethia.attack.blocked",
                    format!("the unit on {} is in the way; no one attacks over or through units", self.grid.name(c)),
                    "game play: \"a player cannot attack over or through any other units\"",
                ),
                LineFault::Wall => Refusal::new(
                    "ethia.attack.wall",
                    "a wall stands on the line; units cannot attack over walls",
                    "rules about walls: \"Units cannot move or attack over walls.\"",
                ),
                LineFault::Cover => Refusal::new(
                    "ethia.attack.cover",
                    "the target is directly behind a wall, protected against diagonal attacks from this side",
                    "rules about walls: \"A unit directly behind the wall is protected against diagonal attacks from the opposite side of wall.\"; ruling E5",
                ),
            }),
        }
    }

    pub(crate) fn start_attack(&self, s: &mut State, from: Cell, to: Cell) {
        s.actions_left = s.actions_left.saturating_sub(1);
        s.phase = Phase::AttackRoll { from, to };
    }

    pub(crate) fn resolve_attack<E: EventSink<Event>>(
        &self,
        s: &mut State,
        from: Cell,
        to: Cell,
        dice: &[u8],
        events: &mut E,
    ) {
        let close = self.grid.chebyshev(from, to) == 1;
        let n = dice.len().saturating_sub(1);
        let best = dice[..n].iter().copied().max().unwrap_or(0);
        let defence = dice.get(n).copied().unwrap_or(0);
        let attacker = s.unit_at(from).map_or(UnitKind::Squad, |u| u.1);
        let defender = s.unit_at(to).map_or(UnitKind::Squad, |u| u.1);
        let v = verdict(attacker, defender, close, best, defence);
        let mut attack = [0u8; 3];
        for (slot, &d) in attack.iter_mut().zip(&dice[..n]) {
            *slot = d;
        }
        events.emit(Event::Attacked {
            from: At::of(&self.grid, from),
            to: At::of(&self.grid, to),
            close,
            attack,
            defence,
            verdict: v,
        });
        match v {
            Verdict::TargetCaptured => self.capture(s, to, events),
            Verdict::AttackerCaptured => self.capture(s, from, events),
            Verdict::Miss => {}
        }
        if s.phase != Phase::Over {
            self.shrink(s, events);
            self.after_action(s, events);
        }
    }

    /// Removes a captured unit. A captured leader takes its army off the board,
    /// unless its team has just lost its last leader in the first round with
    /// turns still to come: then the round goes on and may force a draw
    /// (ruling E10).
    fn capture<E: EventSink<Event>>(&self, s: &mut State, at: Cell, events: &mut E) {
        let Some((army, kind)) = s.unit_at(at) else { return };
        let a = &mut s.armies[usize::from(army)];
        match kind {
            UnitKind::Leader => a.leader = None,
            UnitKind::Squad => a.squad.remove(at),
        }
        events.emit(Event::Captured { army, kind, at: At::of(&self.grid, at) });
        if kind == UnitKind::Squad {
            return;
        }
        let team = self.table.team(army);
        if self.team_has_leader(s, team) {
            let a = &mut s.armies[usize::from(army)];
            a.out = true;
            a.squad = CellSet::EMPTY;
            events.emit(Event::ArmyOut { army });
            return;
        }
        if s.pending_winner == Some(team) {
            self.finish(s, Ending::DrawForced, events);
            return;
        }
        let others_to_play = (0..self.table.armies)
            .any(|b| b != s.active && !s.armies[usize::from(b)].out && s.played_round & (1 << b) == 0);
        if s.round == 1 && others_to_play {
            s.pending_winner = Some(1 - team);
            events.emit(Event::DrawWindow { leader_team: 1 - team });
        } else {
            self.finish(s, Ending::Won { team: 1 - team }, events);
        }
    }

    /// Battle: "the moment all units are only occupying one 8×8 board the other
    /// 8×8 board is removed for the rest of the game".
    fn shrink<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if self.variant.mode != Mode::Battle || s.area != self.grid.all() {
            return;
        }
        let units = s.occupied();
        for end in [End::South, End::North] {
            let board = self.board_at(end);
            if units - board == CellSet::EMPTY {
                s.area = board;
                s.walls = s.walls.within(&self.grid, board);
                events.emit(Event::BoardRemoved { kept: end });
                return;
            }
        }
    }

    fn after_action<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if s.phase == Phase::Over {
            return;
        }
        if s.actions_left == 0 {
            self.end_turn(s, events);
        } else {
            s.phase = Phase::Act;
        }
    }

    /// Ends the active army's turn and starts the next army's, clockwise,
    /// skipping armies that are out; a new round may settle the first-round
    /// draw window or reach the round limit.
    pub(crate) fn end_turn<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        events.emit(Event::TurnEnded { army: s.active });
        s.played_round |= 1 << s.active;
        let n = usize::from(self.table.armies);
        let here = self.table.cycle_index(s.active);
        let next = (1..=n)
            .map(|k| self.table.cycle[(here + k) % n])
            .find(|&a| !s.armies[usize::from(a)].out)
            .unwrap_or(s.active);
        if s.played_round & (1 << next) != 0 {
            // Everyone still playing has had a turn: a new round.
            if let Some(team) = s.pending_winner.take() {
                self.finish(s, Ending::Won { team }, events);
                return;
            }
            if s.round >= self.variant.round_limit {
                self.finish(s, Ending::DrawRoundLimit, events);
                return;
            }
            s.round += 1;
            s.played_round = 0;
        }
        s.active = next;
        s.actions_left = 0;
        s.phase = Phase::ActionRoll;
    }
}
