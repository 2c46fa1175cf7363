//! Who sits where: seats (players), armies and teams, and the order of turns.
//!
//! Two players have one army each. Three or four players play two teams of two
//! armies; with three, the third player runs both armies of the second team,
//! each in its own turn. Team A's armies are 0 and 1, team B's 2 and 3, each
//! team's first army sitting on its left.

use crate::variant::TurnOrder;
use arbiter_core::Seat;

/// The seating of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Players.
    pub seats: u8,
    /// Armies: 2 or 4.
    pub armies: u8,
    /// The turn cycle of armies, starting from team A's left army.
    pub cycle: [u8; 4],
}

impl Table {
    /// The seating for a number of players (2, 3 or 4).
    pub fn new(seats: u8, order: TurnOrder) -> Table {
        let armies = if seats == 2 { 2 } else { 4 };
        // Clockwise seen from above with team A along one edge, team B along
        // the other: A-left, B-right, B-left, A-right.
        let cycle = match (armies, order) {
            (2, _) => [0, 1, 0, 0],
            (_, TurnOrder::Clockwise) => [0, 3, 2, 1],
            (_, TurnOrder::Alternating) => [0, 2, 1, 3],
        };
        Table { seats, armies, cycle }
    }

    /// The player who commands an army.
    pub fn owner(&self, army: u8) -> Seat {
        match (self.seats, army) {
            (3, 3) => Seat(2),
            (_, a) => Seat(a),
        }
    }

    /// An army's team: 0 (A) or 1 (B).
    pub fn team(&self, army: u8) -> u8 {
        if self.armies == 2 { army } else { army / 2 }
    }

    /// The team a player plays for.
    pub fn seat_team(&self, seat: Seat) -> u8 {
        self.team(self.armies_of(seat)[0])
    }

    /// The armies a player commands (one, or two for the third of three players).
    pub fn armies_of(&self, seat: Seat) -> &'static [u8] {
        match (self.seats, seat.0) {
            (3, 2) => &[2, 3],
            (_, 0) => &[0],
            (_, 1) => &[1],
            (_, 2) => &[2],
            _ => &[3],
        }
    }

    /// The players of a team, in seat order.
    pub fn team_seats(&self, team: u8) -> Vec<Seat> {
        (0..self.seats).map(Seat).filter(|&s| self.seat_team(s) == team).collect()
    }

    /// The armies of a team.
    pub fn team_armies(&self, team: u8) -> Vec<u8> {
        (0..self.armies).filter(|&a| self.team(a) == team).collect()
    }

    /// Position of an army in the turn cycle.
    pub fn cycle_index(&self, army: u8) -> usize {
        self.cycle[..usize::from(self.armies)].iter().position(|&a| a == army).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_players_run_four_armies() {
        let t = Table::new(3, TurnOrder::Clockwise);
        assert_eq!(t.armies, 4);
        assert_eq!(t.armies_of(Seat(2)), &[2, 3]);
        assert_eq!(t.owner(3), Seat(2));
        assert_eq!(t.team_seats(0), vec![Seat(0), Seat(1)]);
        assert_eq!(t.team_seats(1), vec![Seat(2)]);
    }

    #[test]
    fn clockwise_turns_pair_up_team_mates() {
        let t = Table::new(4, TurnOrder::Clockwise);
        let teams: Vec<u8> = t.cycle.iter().map(|&a| t.team(a)).collect();
        assert_eq!(teams, [0, 1, 1, 0]);
        let t = Table::new(4, TurnOrder::Alternating);
        let teams: Vec<u8> = t.cycle.iter().map(|&a| t.team(a)).collect();
        assert_eq!(teams, [0, 1, 0, 1]);
    }
}
