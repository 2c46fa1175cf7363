//! Checks that an adventure's state from outside (a file, a message) is one
//! the rules can continue from.

use super::rules::EthiaWorlds;
use super::state::{Frame, Phase, WorldsState};
use arbiter_core::resolve::owed;
use arbiter_geometry::CellSet;

/// Says what is wrong with a state, if anything.
pub(crate) fn validate(g: &EthiaWorlds, s: &WorldsState) -> Result<(), String> {
    let grid = g.grid();
    if s.leaders.is_empty() || s.leaders.len() > 4 {
        return Err("an adventure has 1 to 4 leaders".into());
    }
    if s.enemies.len() > 120 {
        return Err("too many enemies".into());
    }
    let cells =
        s.leaders.iter().map(|l| l.at).chain(s.leaders.iter().map(|l| l.start)).chain(s.enemies.iter().map(|e| e.at));
    for c in cells {
        if !grid.contains(c) {
            return Err("a unit is off the map".into());
        }
    }
    if (s.chests | s.striking | s.blocking | s.locks) - grid.all() != CellSet::EMPTY {
        return Err("an object is off the map".into());
    }
    if s.walls.iter().any(|e| !grid.is_interior(e)) {
        return Err("a wall lies on the rim of the map".into());
    }
    for (i, l) in s.leaders.iter().enumerate() {
        if l.hp > l.max_hp() || l.hp < -1 || usize::from(l.seat.0) >= g.seats || l.heals > 2 {
            return Err(format!("leader {} has impossible hit points, heals or seat", i + 1));
        }
    }
    // One unit to a square: conscious leaders and enemies never share one
    // (an unconscious leader's square may be held by another unit; ruling W16).
    let mut held = CellSet::EMPTY;
    let standing = s.leaders.iter().filter(|l| l.active()).map(|l| l.at);
    for c in standing.chain(s.enemies.iter().filter(|e| !e.gone).map(|e| e.at)) {
        if held.contains(c) {
            return Err(format!("two units stand on {}", grid.name(c)));
        }
        held |= CellSet::single(c);
    }
    let leader_ok = |l: u8| usize::from(l) < s.leaders.len();
    let enemy_ok = |e: u8| usize::from(e) < s.enemies.len();
    let ok = match s.phase {
        Phase::Shop { leader }
        | Phase::TurnStart { leader }
        | Phase::TunnelDir { leader }
        | Phase::FreeShot { leader }
        | Phase::ActionRoll { leader }
        | Phase::Act { leader }
        | Phase::MoveRoll { leader, .. }
        | Phase::MoveChoice { leader, .. }
        | Phase::Step { leader, .. }
        | Phase::TaskRoll { leader, .. }
        | Phase::ChestSix { leader }
        | Phase::PickElixir { leader, .. }
        | Phase::CharmType { leader }
        | Phase::FavourKeep { leader } => leader_ok(leader),
        Phase::Trade { leader, partner, .. } => leader_ok(leader) && leader_ok(partner),
        _ => true,
    };
    if !ok {
        return Err("the phase names a leader or enemy that does not exist".into());
    }
    if s.pending.len() > 64 {
        return Err("too much pending work".into());
    }
    for f in s.pending.iter() {
        let ok = match *f {
            Frame::AlertAttack { enemy }
            | Frame::HostileAttack { enemy }
            | Frame::RangedTurn { enemy }
            | Frame::Volley { enemy, .. }
            | Frame::CloseMove { enemy }
            | Frame::BossTurn { enemy }
            | Frame::Aim { enemy, .. }
            | Frame::Place { enemy, .. }
            | Frame::EnemyRoll { enemy, .. } => enemy_ok(enemy),
            Frame::Rebuke { enemy, leader } => enemy_ok(enemy) && leader_ok(leader),
            Frame::Strike(k) => enemy_ok(k.enemy) && leader_ok(k.leader),
            Frame::ShotFired { leader } | Frame::Gift { leader } => leader_ok(leader),
            Frame::LeaderRoundOver | Frame::CloseTurn | Frame::CloseAttack | Frame::Pair | Frame::ResumeTurn => true,
            Frame::RoundOver => true,
        };
        if !ok {
            return Err("pending work names a leader or enemy that does not exist".into());
        }
    }
    // Between decisions the pending work always waits for someone: a frame
    // that would run at once is never left on top.
    if !s.pending.is_empty() && owed(g, s).is_none() {
        return Err("the pending work on top waits for nobody".into());
    }
    if s.phase == Phase::Enemies && s.pending.is_empty() {
        return Err("the enemy round has nothing left to do but is not over".into());
    }
    match (s.phase, s.ending) {
        (Phase::Over, _) if !s.pending.is_empty() => Err("the adventure is over with work still pending".into()),
        (Phase::Over, None) => Err("the adventure is over without an ending".into()),
        (Phase::Over, Some(_)) | (_, None) => Ok(()),
        (_, Some(_)) => Err("the adventure has an ending but is not over".into()),
    }
}
