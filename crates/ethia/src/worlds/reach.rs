//! Who can reach whom in E'thia Worlds: adjacency for tasks and close combat,
//! lines of attack and sight, the close-quarters enemies' reach, and enemy
//! paths. "Walls that are placed placed together form full barriers blocking
//! line of sight and preventing diagonal attacks through them" (ruling W3).

use super::state::WorldsState;
use arbiter_geometry::{Cell, CellSet, Dir, Grid};

/// True if a diagonal step from `c` towards `d` passes between walls placed
/// together (a barrier through that corner).
fn barrier(grid: &Grid, s: &WorldsState, c: Cell, d: Dir) -> bool {
    grid.corner(&s.walls, c, d).is_some_and(|k| k.separates())
}

/// One step from `c` towards `d` for a line or a reach: orthogonal steps do not
/// cross walls, diagonal steps do not pass a barrier.
fn open_step(grid: &Grid, s: &WorldsState, c: Cell, d: Dir) -> Option<Cell> {
    let n = grid.neighbour(c, d)?;
    let blocked = if d.is_diagonal() { barrier(grid, s, c, d) } else { grid.crosses_wall(&s.walls, c, d) };
    (!blocked).then_some(n)
}

/// True if `b` is next to `a` for a task or a close attack: one of the eight
/// squares around it, not behind a wall from `a`'s side (ruling W4).
pub fn touches(grid: &Grid, s: &WorldsState, a: Cell, b: Cell) -> bool {
    if grid.chebyshev(a, b) != 1 {
        return false;
    }
    let Some((d, _)) = grid.direction(a, b) else { return false };
    if d.is_diagonal() {
        let Some(k) = grid.corner(&s.walls, a, d) else { return false };
        !k.separates() && !k.at_destination()
    } else {
        !grid.crosses_wall(&s.walls, a, d)
    }
}

/// The distance of a straight line of attack or sight from `from` to `to`,
/// if one exists within `range`: rank, file or diagonal; no wall crossed, no
/// barrier passed, the target not covered behind a wall, and nothing standing
/// in between except what `passes` lets through.
pub fn line(grid: &Grid, s: &WorldsState, from: Cell, to: Cell, range: u32, passes: CellSet) -> Option<u32> {
    let (d, dist) = grid.direction(from, to)?;
    if dist > range {
        return None;
    }
    let blockers = (s.enemy_squares() | s.leader_squares() | s.objects()) - passes;
    let mut at = from;
    for step in 1..=dist {
        if d.is_diagonal() && step == dist && grid.corner(&s.walls, at, d).is_some_and(|k| k.at_destination()) {
            return None;
        }
        let next = open_step(grid, s, at, d)?;
        if step < dist && blockers.contains(next) {
            return None;
        }
        at = next;
    }
    Some(dist)
}

/// A leader's line of attack to an enemy: other leaders do not block it
/// (ruling W5: "Leaders can attack but not move through each other").
pub fn leader_line(grid: &Grid, s: &WorldsState, from: Cell, to: Cell, range: u32) -> Option<u32> {
    line(grid, s, from, to, range, s.leader_squares())
}

/// True if a close-quarters enemy on `from` reaches `to`: at most two king
/// steps, none across a wall or through a barrier, the square between (if
/// any) free of units and objects (ruling W7).
pub fn close_reach(grid: &Grid, s: &WorldsState, from: Cell, to: Cell) -> bool {
    if grid.chebyshev(from, to) > 2 || from == to {
        return false;
    }
    let blockers = s.enemy_squares() | s.leader_squares() | s.objects();
    for d in Dir::ALL {
        let Some(mid) = open_step(grid, s, from, d) else { continue };
        if mid == to {
            return true;
        }
        if blockers.contains(mid) {
            continue;
        }
        if Dir::ALL.iter().any(|&e| open_step(grid, s, mid, e) == Some(to)) {
            return true;
        }
    }
    false
}

/// The squares an enemy on `from` can walk to by king steps through squares
/// free of enemies, conscious leaders and objects (unconscious leaders may be
/// passed and shared), with the number of steps to each (`u8::MAX` unreached).
pub fn enemy_paths(grid: &Grid, s: &WorldsState, from: Cell, max: u8) -> [u8; 128] {
    let blocked = (s.enemy_squares() | s.leader_squares() | s.objects()) - CellSet::single(from);
    grid.distances(from, max, |c, d| open_step(grid, s, c, d).filter(|n| !blocked.contains(*n)))
}

/// The squares an enemy may move to beside conscious leaders it can reach
/// within `max` steps, each with the leaders it would be beside.
pub fn approach(grid: &Grid, s: &WorldsState, enemy: u8, max: u8, leaders: u8) -> Vec<(Cell, u8)> {
    let Some(e) = s.enemies.get(usize::from(enemy)) else { return Vec::new() };
    let dist = enemy_paths(grid, s, e.at, max);
    let mut out = Vec::new();
    for c in grid.all().iter() {
        if dist[c.index()] == u8::MAX {
            continue;
        }
        let beside = s
            .leaders
            .iter()
            .enumerate()
            .filter(|(i, l)| leaders & (1 << i) != 0 && l.active() && touches(grid, s, c, l.at))
            .fold(0u8, |m, (i, _)| m | 1 << i);
        if beside != 0 {
            out.push((c, beside));
        }
    }
    out
}
