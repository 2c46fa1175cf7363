//! Checks that a state from outside (a file, a message) is one the rules can
//! continue from.

use crate::rules::Ethia;
use crate::state::{Ending, Phase, State};
use arbiter_geometry::CellSet;

/// Says what is wrong with a state, if anything.
pub(crate) fn validate(g: &Ethia, s: &State) -> Result<(), String> {
    let grid = g.grid();
    let all = grid.all();
    if s.area - all != CellSet::EMPTY || s.area.is_empty() {
        return Err("the area in play is not part of the board".into());
    }
    if s.walls.iter().any(|e| !grid.is_interior(e)) {
        return Err("a wall lies on the rim of the board".into());
    }
    let armies = usize::from(g.table().armies);
    let squad = g.variant.squad_size(armies);
    let mut seen = CellSet::EMPTY;
    for (i, a) in s.armies.iter().enumerate() {
        if i >= armies && *a != Default::default() {
            return Err(format!("army {} does not exist in a {armies}-army game", i + 1));
        }
        // Off the board first: a square number past the largest grid has no
        // bit in a square set (fuzzing found a state file whose leader stood
        // on square 163).
        if let Some(l) = a.leader
            && !s.area.contains(l)
        {
            return Err(format!("army {}'s leader is off the board", i + 1));
        }
        let units = a.units();
        if units.len() != a.squad.len() + u32::from(a.leader.is_some()) || !(units & seen).is_empty() {
            return Err("two units share a square".into());
        }
        if units - s.area != CellSet::EMPTY {
            return Err(format!("army {} has a unit off the board", i + 1));
        }
        if a.squad.len() + u32::from(a.squad_to_place) > u32::from(squad) {
            return Err(format!("army {} has more than {squad} squad units", i + 1));
        }
        if a.leader.is_some() && a.leader_to_place {
            return Err(format!("army {}'s leader is both placed and still to place", i + 1));
        }
        seen |= units;
    }
    if usize::from(s.active) >= armies || s.rolls.iter().any(|&r| r > 6) {
        return Err("the active army or a roll is out of range".into());
    }
    let own = s.armies[usize::from(s.active)].units();
    match s.phase {
        Phase::MoveRoll { unit } | Phase::MoveTo { unit, .. } if !own.contains(unit) => {
            return Err("the moving unit is not the active army's".into());
        }
        Phase::MoveTo { roll, .. } if !(1..=6).contains(&roll) => return Err("the move roll is not 1 to 6".into()),
        Phase::AttackRoll { from, .. } if !own.contains(from) => {
            return Err("the attacking unit is not the active army's".into());
        }
        Phase::AttackRoll { to, .. } if !s.area.contains(to) => {
            return Err("the attack's target is off the board".into());
        }
        Phase::ChooseWalls | Phase::PlaceWall { .. } if s.high_roller.is_none() => {
            return Err("walls before the wall roll-off".into());
        }
        Phase::ChooseEnd if s.low_roller.is_none() => return Err("the end is chosen before the roll-off".into()),
        Phase::Deploy { .. } if s.team_a_end.is_none() => return Err("deployment before the ends are chosen".into()),
        Phase::WallRollOff { contenders, .. } | Phase::FirstRollOff { contenders }
            if contenders == 0 || contenders >> g.table().seats != 0 =>
        {
            return Err("a roll-off without players".into());
        }
        _ => {}
    }
    match (s.phase, s.ending) {
        (Phase::Over, None) => Err("the game is over without an ending".into()),
        (Phase::Over, Some(_)) => Ok(()),
        (_, Some(Ending::Won { .. } | Ending::DrawForced | Ending::DrawRoundLimit)) => {
            Err("the game has an ending but is not over".into())
        }
        _ => Ok(()),
    }
}
