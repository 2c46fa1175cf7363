//! The game's view of the table: terrain footprints built from the kit,
//! figures' bases and the gate as discs, and the geometric checks of
//! placement, movement and attack, each refusing with the rule it breaks.

use crate::kit::{GATE_DIAMETER, Kit};
use crate::state::{Pos, State};
use arbiter_core::Refusal;
use arbiter_geometry::table::{
    Blockers, Disc, PlayArea, Solid, TOLERANCE, Vec2, overlap_span, path_length, shortest_sight, sight,
};
use arrayvec::ArrayVec;
use std::sync::Arc;

/// The fixed geometry of a game once terrain is down: footprints and heights.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// The footprints of placed pieces, in placement order.
    pub solids: Vec<Solid>,
    /// Their heights.
    pub heights: Vec<f32>,
    /// Their numbers in the kit (0-based), as players and the map name them.
    pub pieces: Vec<u8>,
}

impl Scene {
    /// Builds the footprints of the placed pieces.
    pub fn build(state: &State, kit: &Kit) -> Scene {
        let mut scene = Scene::default();
        for p in &state.terrain {
            if let Some(piece) = kit.pieces.get(p.piece as usize)
                && let Ok(solid) = piece.footprint(v(p.at), f32::from(p.turn))
            {
                scene.solids.push(solid);
                scene.heights.push(piece.height);
                scene.pieces.push(p.piece);
            }
        }
        scene
    }
}

/// A cached [`Scene`] kept with the state; not serialised, never compared.
#[derive(Clone, Debug, Default)]
pub struct SceneCache(pub Option<Arc<Scene>>);

impl PartialEq for SceneCache {
    fn eq(&self, _: &SceneCache) -> bool {
        true
    }
}

impl Eq for SceneCache {}

impl std::hash::Hash for SceneCache {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Converts a position to the geometry crate's vector.
pub fn v(p: Pos) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// The play area.
pub const AREA: PlayArea = PlayArea::STANDARD;

/// The gate's disc.
pub fn gate_disc(at: Pos) -> Disc {
    Disc::new(v(at), GATE_DIAMETER / 2.0)
}

/// How a base stands at a point: on a piece (by index), on the ground, or
/// not at all (it would overlap terrain without standing on it).
pub fn support(scene: &Scene, disc: &Disc) -> Result<Option<u8>, Refusal> {
    let on = scene.solids.iter().position(|s| s.contains(disc.centre));
    for (i, s) in scene.solids.iter().enumerate() {
        if Some(i) != on && s.gap_to_disc(disc) < -TOLERANCE {
            return Err(Refusal::because(
                "ep.terrain.balance",
                format!(
                    "the base would hang over terrain piece {} without standing on it; a figure that cannot balance may not stop there",
                    scene.pieces.get(i).map_or(i + 1, |p| usize::from(*p) + 1)
                ),
                "Miscellaneous rules: Balancing on terrain",
            ));
        }
    }
    Ok(on.map(|i| i as u8))
}

/// The height a figure stands at.
pub fn elevation(scene: &Scene, on: Option<u8>) -> f32 {
    on.and_then(|i| scene.heights.get(i as usize).copied()).unwrap_or(0.0)
}

/// What a legal move costs and where it ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveCost {
    /// Path length plus climbing, cm.
    pub cost: f32,
    /// The piece it ends on.
    pub on: Option<u8>,
}

/// The most waypoints in one move.
pub const MAX_WAYPOINTS: usize = 16;

/// A base about to move.
#[derive(Clone, Copy, Debug)]
pub struct Mover {
    /// Its radius, cm.
    pub radius: f32,
    /// Where its centre starts.
    pub start: Pos,
    /// The piece it starts on.
    pub on: Option<u8>,
    /// How far it may go, climbing included, cm.
    pub budget: f32,
    /// It may pass through enemy bases (Sneak).
    pub sneak: bool,
}

/// The climbing along a path: the sum of every rise of the base's standing
/// height, which is the height of the highest piece the base overlaps (the
/// table, 0, where it overlaps none). Going down costs nothing; climbing
/// down from one piece and up onto another pays the second climb (ruling P3).
pub fn climbing(scene: &Scene, radius: f32, start_height: f32, points: &[Vec2]) -> f32 {
    // Which pieces each leg passes over (the cheap test first).
    let mut hits: ArrayVec<(u8, u8), { MAX_WAYPOINTS * 8 }> = ArrayVec::new();
    for (k, leg) in points.windows(2).enumerate() {
        for (i, solid) in scene.solids.iter().enumerate() {
            if solid.gap_to_capsule(leg[0], leg[1], radius) < -TOLERANCE && hits.try_push((k as u8, i as u8)).is_err() {
                break;
            }
        }
    }
    match hits.as_slice() {
        [] => return 0.0,
        // One convex piece on one straight leg is entered once: its height is
        // climbed unless the figure started up there.
        [(_, i)] => return (scene.heights[usize::from(*i)] - start_height).max(0.0),
        _ => {}
    }
    // (where along the path, 1 per leg; entering before leaving; which piece)
    let mut marks: ArrayVec<(f32, bool, u8), { 2 * MAX_WAYPOINTS * 8 }> = ArrayVec::new();
    for &(k, i) in &hits {
        let (a, b) = (points[usize::from(k)], points[usize::from(k) + 1]);
        if let Some((lo, hi)) = overlap_span(&scene.solids[usize::from(i)], a, b, radius) {
            let at = f32::from(k);
            if marks.try_push((at + lo, true, i)).is_err() || marks.try_push((at + hi, false, i)).is_err() {
                break;
            }
        }
    }
    marks.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut inside = [0u8; 64];
    let mut height = start_height;
    let mut rise = 0.0f32;
    for (_, enter, i) in marks {
        let slot = &mut inside[usize::from(i) % 64];
        *slot = if enter { slot.saturating_add(1) } else { slot.saturating_sub(1) };
        let now = scene
            .heights
            .iter()
            .enumerate()
            .filter(|(j, _)| inside[*j % 64] > 0)
            .map(|(_, h)| *h)
            .fold(0.0f32, f32::max);
        if now > height {
            rise += now - height;
        }
        height = now;
    }
    rise
}

/// Checks a move along `path` (the waypoints after the start), with
/// `enemies` counting as terrain that cannot be crossed and `others` (every
/// other base) forbidden where it stops. Returns its cost.
pub fn check_move(
    scene: &Scene,
    mover: &Mover,
    path: &[Pos],
    enemies: &[Disc],
    others: &[Disc],
) -> Result<MoveCost, Refusal> {
    let Mover { radius, start, on: from_on, budget, sneak } = *mover;
    const SECTION: &str = "Taking actions: Move";
    if path.is_empty() {
        return Err(Refusal::new("ep.move.nowhere", "a move needs at least one waypoint", SECTION));
    }
    if path.len() > MAX_WAYPOINTS {
        return Err(Refusal::because(
            "ep.move.waypoints",
            format!("a move has at most {MAX_WAYPOINTS} waypoints"),
            SECTION,
        ));
    }
    if path.iter().any(|p| !p.is_finite()) {
        return Err(Refusal::new("ep.move.number", "a waypoint is not a number", SECTION));
    }
    let mut points: ArrayVec<Vec2, { MAX_WAYPOINTS + 1 }> = ArrayVec::new();
    points.push(v(start));
    points.extend(path.iter().map(|p| v(*p)));
    let length = path_length(&points);
    if length < 0.01 {
        return Err(Refusal::new("ep.move.nowhere", "the move does not go anywhere", SECTION));
    }
    for p in &points[1..] {
        if !AREA.holds(&Disc::new(*p, radius)) {
            return Err(Refusal::because(
                "ep.move.edge",
                format!("the base would leave the play area at ({:.1}, {:.1})", p.x, p.y),
                "ruling P5 (docs/rulings/ephemeral.md)",
            ));
        }
    }
    for leg in points.windows(2) {
        for e in enemies.iter().filter(|_| !sneak) {
            if e.gap_to_capsule(leg[0], leg[1], radius) < -TOLERANCE {
                return Err(Refusal::because(
                    "ep.move.enemy-base",
                    format!(
                        "the base would pass through the enemy base at ({:.1}, {:.1}); enemy bases count as terrain that cannot be crossed",
                        e.centre.x, e.centre.y
                    ),
                    SECTION,
                ));
            }
        }
    }
    let climb = climbing(scene, radius, elevation(scene, from_on), &points);
    let cost = length + climb;
    // Lengths are judged with the one contact tolerance, as a player with a
    // ruler would (ruling P3).
    if cost > budget + TOLERANCE {
        return Err(Refusal::because(
            "ep.move.too-far",
            format!(
                "the move needs {cost:.1} cm ({length:.1} cm of path{}) but the figure may move {budget:.1} cm",
                if climb > 0.0 { format!(" + {climb:.1} cm climbing") } else { String::new() }
            ),
            SECTION,
        ));
    }
    let end = Disc::new(points[points.len() - 1], radius);
    if let Some(o) = others.iter().find(|o| o.overlaps(&end)) {
        return Err(Refusal::because(
            "ep.move.end-on-base",
            format!("the base would end overlapping the base at ({:.1}, {:.1})", o.centre.x, o.centre.y),
            if sneak { "Keywords: Sneak" } else { "ruling P4 (docs/rulings/ephemeral.md)" },
        ));
    }
    let on = support(scene, &end)?;
    Ok(MoveCost { cost, on })
}

/// Line of sight and range between two bases, with the footprints either
/// stands on ignored and `enemies` blocking.
pub fn sight_range(
    scene: &Scene,
    a: &Disc,
    a_on: Option<u8>,
    b: &Disc,
    b_on: Option<u8>,
    enemies: &[Disc],
) -> Option<f32> {
    let mut skip = 0u64;
    for on in [a_on, b_on].into_iter().flatten() {
        skip |= 1 << on;
    }
    let blockers = Blockers { solids: &scene.solids, skip, discs: enemies };
    sight(a, b, &blockers)?;
    let line = shortest_sight(a, b, &blockers)?;
    let rise = (elevation(scene, a_on) - elevation(scene, b_on)).abs();
    Some(line.length_3d(rise))
}

/// How far a base standing at `start` (on piece `on`, or the table) slides
/// along the unit direction `dir`, at most `dist` cm, before it would pass
/// onto or through terrain, through another base in `others`, off the table,
/// or off the top of the piece it stands on: the furthest stop that is legal,
/// and the piece it then stands on (pushes and pulls, ruling P27).
pub fn slide(scene: &Scene, radius: f32, start: Vec2, on: Option<u8>, dir: Vec2, dist: f32, others: &[Disc]) -> f32 {
    // Stop at contact, half a tolerance short of an overlap, so that the
    // position rounded for the record is still clear.
    const SLACK: f32 = -TOLERANCE * 0.5;
    let legal = |d: f32| {
        let end = start + dir * d;
        let disc = Disc::new(end, radius);
        if !AREA.holds(&disc) {
            return false;
        }
        if others.iter().any(|o| o.gap_to_capsule(start, end, radius) < SLACK) {
            return false;
        }
        let clear = scene
            .solids
            .iter()
            .enumerate()
            .all(|(i, s)| Some(i as u8) == on || s.gap_to_capsule(start, end, radius) >= SLACK);
        clear && support(scene, &disc).is_ok_and(|o| o == on)
    };
    if dist <= 0.0 || !dist.is_finite() {
        return 0.0;
    }
    if legal(dist) {
        return dist;
    }
    let (mut ok, mut bad) = (0.0f32, dist);
    for _ in 0..24 {
        let m = (ok + bad) * 0.5;
        if legal(m) {
            ok = m;
        } else {
            bad = m;
        }
    }
    ok
}
