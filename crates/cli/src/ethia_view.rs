//! E'thia in the terminal: the board with its walls, units by army (capital
//! letter for a leader), the prompts and the notation.

use crate::view::{RichView, grid_border, grid_east, grid_files};
use arbiter_core::{Game, Seat, ToMove};
use arbiter_ethia::{End, Ethia, Mode, Phase, State, UnitKind};

const LETTERS: [char; 4] = ['a', 'b', 'c', 'd'];

fn paint(text: &str, team: u8, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let code = if team == 0 { "1;31" } else { "1;34" };
    format!("\x1b[{code}m{text}\x1b[0m")
}

impl RichView for Ethia {
    fn render(&self, s: &State, color: bool) -> String {
        let g = self.grid();
        let mut out = grid_files(g);
        let ranks: Vec<i32> =
            (0..i32::from(g.height())).rev().filter(|&r| g.cell(0, r).is_some_and(|c| s.area.contains(c))).collect();
        out.push_str(&grid_border(g, &s.walls, None));
        for (i, &r) in ranks.iter().enumerate() {
            out.push_str(&format!("{:>2} |", r + 1));
            for f in 0..i32::from(g.width()) {
                let Some(c) = g.cell(f, r) else { continue };
                let cell = match s.unit_at(c) {
                    Some((army, kind)) => {
                        let ch = LETTERS[usize::from(army)];
                        let t = if kind == UnitKind::Leader { ch.to_ascii_uppercase() } else { ch };
                        paint(&format!(" {t} "), self.table().team(army), color)
                    }
                    None => "   ".into(),
                };
                out.push_str(&cell);
                out.push(grid_east(g, &s.walls, c, f));
            }
            out.push('\n');
            let below = ranks.get(i + 1).copied();
            let line = grid_border(g, &s.walls, below.filter(|&b| b + 1 == r));
            // Battle: the seam where the two 8×8 boards meet, while both are on the table.
            let seam = self.variant().mode == Mode::Battle && below == Some(r - 1) && r == i32::from(g.height()) / 2;
            if seam {
                out.push_str(&line.trim_end().replace("---", "~~~"));
                out.push_str("  seam: the two boards meet here\n");
            } else {
                out.push_str(&line);
            }
        }
        let armies: Vec<String> = (0..self.table().armies)
            .map(|a| {
                let x = &s.armies[usize::from(a)];
                format!(
                    "{}/{} = army {} ({}, team {}{}): {} squad{}",
                    LETTERS[usize::from(a)].to_ascii_uppercase(),
                    LETTERS[usize::from(a)],
                    a + 1,
                    self.table().owner(a),
                    if self.table().team(a) == 0 { 'A' } else { 'B' },
                    match self.team_end(s, self.table().team(a)) {
                        Some(End::South) => ", south",
                        Some(End::North) => ", north",
                        None => "",
                    },
                    x.squad.len(),
                    if x.out {
                        ", out"
                    } else if x.leader.is_none() && !x.leader_to_place {
                        ", no leader"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        let removed = if self.variant().mode != Mode::Battle || s.area == g.all() {
            ""
        } else if s.area == self.board_at(End::South) {
            "; the north board is removed for the rest of the game"
        } else {
            "; the south board is removed for the rest of the game"
        };
        out.push_str(&format!("  {}\n  walls shown as === and #; round {}{removed}\n", armies.join("\n  "), s.round));
        out
    }

    fn prompt(&self, s: &State) -> String {
        let who = |seat: Seat| format!("{seat}");
        match (self.to_move(s), s.phase) {
            (ToMove::Over, _) => match self.outcome(s) {
                Some(o) => format!("Game over: {}", o.reason),
                None => "Game over".into(),
            },
            (ToMove::Chance, _) => "Dice".into(),
            (ToMove::Together(set), _) => format!("{set} choose in secret"),
            (ToMove::Seat(p), Phase::ChooseWalls) => {
                format!(
                    "{}: you won the roll-off; choose the walls: walls:fixed, walls:standard or walls:custom",
                    who(p)
                )
            }
            (ToMove::Seat(p), Phase::PlaceWall { index }) => format!(
                "{}: place wall {} of {} on an edge between two squares, e.g. c4|c5",
                who(p),
                index + 1,
                self.variant().wall_count()
            ),
            (ToMove::Seat(p), Phase::ChooseEnd) => {
                format!("{}: choose your side's end: end:south or end:north", who(p))
            }
            (ToMove::Seat(p), Phase::Deploy { .. }) => format!(
                "{}: place a unit in your back {} ranks: L@square for the leader, S@square for a squad unit",
                who(p),
                self.variant().deploy_ranks()
            ),
            (ToMove::Seat(p), Phase::Act) => format!(
                "{} (army {}): {} action{} left — Mc2 to move, c2xc5 to attack, end to finish",
                who(p),
                s.active + 1,
                s.actions_left,
                if s.actions_left == 1 { "" } else { "s" }
            ),
            (ToMove::Seat(p), Phase::MoveTo { unit, roll }) => format!(
                "{}: the unit on {} may move up to {roll} — where to? e.g. >{}",
                who(p),
                self.grid().name(unit),
                self.grid().name(unit)
            ),
            (ToMove::Seat(p), _) => format!("{}: your decision", who(p)),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use arbiter_ethia::Variant;

    #[test]
    fn battle_draws_the_seam_between_its_two_boards_and_says_when_one_is_gone() {
        let g = Ethia::new(Variant::parse("battle").unwrap(), 2).unwrap();
        let mut s = g.initial_state();
        let map = g.render(&s, false);
        assert!(map.contains("~~~+  seam: the two boards meet here"), "{map}");
        assert_eq!(map.matches("seam").count(), 1, "{map}");
        assert!(!map.contains("removed"), "{map}");
        s.area = g.board_at(End::South);
        let map = g.render(&s, false);
        assert!(!map.contains("seam") && map.contains("the north board is removed"), "{map}");
        let skirmish = Ethia::new(Variant::parse("skirmish").unwrap(), 2).unwrap();
        assert!(!skirmish.render(&skirmish.initial_state(), false).contains("seam"));
    }
}
