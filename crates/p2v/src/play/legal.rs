//! Listing every legal decision of the seat to move.

use super::action::Action;
use super::damage::SKILLS;
use super::judge::{judge_maneuver, judge_step, shove_squares, stride_reach, strike_allowed};
use super::objective::Kind;
use super::roster::Profile;
use super::rules::P2v;
use super::state::{Conditions, Creature, Frame, Phase, State, Turn};
use arbiter_core::{Game, ToMove};
use arbiter_geometry::battle::{Reach, Traits};
use rand::{Rng, RngExt};
use std::cell::OnceCell;
use std::sync::Arc;

/// Appends every legal action of the seat to move.
pub fn legal_actions(g: &P2v, s: &State, out: &mut Vec<Action>) {
    let start = out.len();
    listed(g, s, out);
    // Groups and commanders add decisions and constrain the rest.
    g.refine_legal(s, out, start);
}

fn listed(g: &P2v, s: &State, out: &mut Vec<Action>) {
    if !matches!(g.to_move(s), ToMove::Seat(_)) {
        return;
    }
    if let Some(top) = s.pending.top() {
        match top {
            Frame::Line { options, .. } => {
                out.extend((0..options.len().min(255) as u8).map(|line| Action::Line { line }))
            }
            Frame::PowerLine { options, .. } => {
                out.extend((0..options.len().min(255) as u8).map(|line| Action::Line { line }))
            }
            Frame::Unmask { .. } => out.extend([Action::React, Action::Pass]),
            Frame::Crash { who, .. } => {
                out.extend(g.crash_lines(s, *who).into_iter().map(|line| Action::Line { line }))
            }
            Frame::Window(w) => {
                if let super::state::Trigger::Regain { who } = w.trigger {
                    out.extend(g.regainable(s, who).into_iter().map(|power| Action::Regain { power }));
                } else if let super::state::Trigger::Outrage { who, puller } = w.trigger {
                    // Denuded Outrage: strike the puller, or Escape a condition.
                    let escapes = (0..16u8).map(|condition| Action::Escape { condition });
                    let answers = [Action::React, Action::Pass].into_iter().chain(escapes);
                    out.extend(answers.filter(|a| g.judge_outrage(s, who, puller, a).is_ok()));
                } else if let super::state::Trigger::Ambush { who, by } = w.trigger {
                    // Leaving the disguise only when the creature came near the obstacle it is.
                    out.extend(g.judge_ambush(s, who, by).is_ok().then_some(Action::React));
                    out.push(Action::Pass);
                } else {
                    out.extend([Action::React, Action::Pass]);
                }
            }
            Frame::Activity { who, power, next, .. } => g.activity_actions(s, *who, *power, *next, out),
            Frame::LongJump { .. } => g.long_jump_actions(s, out),
            Frame::Disgorge { who, .. } => {
                out.extend(g.disgorge_squares(s, *who).into_iter().map(|at| Action::Place { who: *who, at }))
            }
            _ => {}
        }
        // A readied action is listed as a turn's actions.
        if !matches!(top, Frame::Interlude { .. }) {
            return;
        }
    }
    let start = out.len();
    listed_phase(g, s, out);
    // A granted Step: the turn's Steps, and `end` (ruling P2V-R145).
    // Leaving a False Object disguise: Strikes, Strides and `end` (ruling P2V-R167).
    if let Some(top @ Frame::Interlude { step_only, ambush, .. }) = s.pending.top()
        && (*step_only || *ambush)
    {
        let kept: Vec<Action> = out.drain(start..).filter(|a| P2v::judge_interlude(top, a).is_ok()).collect();
        out.extend(kept);
    }
}

/// The decisions of the phase under way (no frame waits, or a readied action).
fn listed_phase(g: &P2v, s: &State, out: &mut Vec<Action>) {
    match s.phase {
        Phase::Disguise { who } => g.disguise_actions(s, who, out),
        Phase::PlaceBody { .. } => g.trail_actions(s, out),
        Phase::PlaceObject { who } => g.object_actions(s, who, out),
        Phase::Hide { who } => g.hide_actions(s, who, out),
        Phase::PlaceObjective { .. } | Phase::ExtraObjective { .. } => {
            // The ground (as `judge_objective`): no battlefield is built
            // per placement.
            let terrain = g.ground(s);
            let solid = terrain.squares_with(Traits::SOLID);
            for kind in Kind::ALL {
                if s.objectives.iter().any(|o| o.kind == kind) {
                    continue;
                }
                for at in terrain.board().all().iter() {
                    if !solid.contains(at) && !s.objectives.iter().any(|o| o.square == at) {
                        out.push(Action::Objective { kind, at });
                    }
                }
            }
        }
        Phase::PlaceTile { .. } => g.tile_actions(s, out),
        Phase::ChooseZone { seat } => out.extend(g.zones_open(s, seat).into_iter().map(|zone| Action::Zone { zone })),
        Phase::Deploy { seat } => {
            for i in 0..s.creatures.len() {
                if g.team(i) == seat && g.deploys(s, i) {
                    for at in g.deploy_squares(s, i).iter() {
                        out.push(Action::Place { who: i as u8, at });
                    }
                }
            }
        }
        Phase::Activate { seat } => {
            for i in 0..s.creatures.len() {
                if g.team(i) == seat && (g.in_play(s, i) || g.in_haven(s, i)) && !s.creatures[i].done {
                    out.push(Action::Activate { who: i as u8 });
                }
            }
        }
        Phase::Turn(t) => {
            let lister = TurnLister::new(g, s, t);
            for kind in TurnKind::ALL {
                lister.list(kind, out);
            }
        }
        _ => {}
    }
}

/// A random legal action of a turn under way (or of a readied action), or
/// `None` if no turn's decision is due: a kind of decision uniformly among
/// those with at least one legal action, then one of that kind's actions
/// uniformly. Only the kinds drawn are worked out, so most draws search no
/// Stride and judge no Strike; a kind found empty is set aside and another
/// drawn, so an action is found whenever one is legal. The actions are
/// exactly those [`legal_actions`] lists, kind by kind, with the same group
/// and granted-Step limits.
pub(crate) fn turn_draw<R: Rng + ?Sized>(g: &P2v, s: &State, rng: &mut R, scratch: &mut Vec<Action>) -> Option<Action> {
    let Phase::Turn(t) = s.phase else { return None };
    if !matches!(g.to_move(s), ToMove::Seat(_)) {
        return None;
    }
    // As `listed` and `refine_legal`: groups and commanders limit a turn's
    // own decisions; a granted Step allows only Steps and `end`.
    let (refine, limited) = match s.pending.top() {
        None => (true, None),
        Some(top @ Frame::Interlude { step_only, ambush, .. }) => (false, (*step_only || *ambush).then_some(top)),
        Some(_) => return None,
    };
    let lister = TurnLister::new(g, s, t);
    // One bit per kind, and one more for what groups, commanders and
    // mounts add.
    let party = TurnKind::ALL.len();
    let mut left: u32 = (1 << (party + usize::from(refine))) - 1;
    while left != 0 {
        let mut bits = left;
        for _ in 0..rng.random_range(0..left.count_ones()) {
            bits &= bits - 1;
        }
        let kind = bits.trailing_zeros() as usize;
        scratch.clear();
        if kind == party {
            g.party_additions(s, scratch, 0);
        } else {
            lister.list(TurnKind::ALL[kind], scratch);
            if refine {
                g.party_filter(s, scratch, 0);
            }
            if let Some(top) = limited {
                scratch.retain(|a| P2v::judge_interlude(top, a).is_ok());
            }
        }
        if !scratch.is_empty() {
            let i = rng.random_range(0..scratch.len());
            return Some(scratch.swap_remove(i));
        }
        left &= !(1 << kind);
    }
    None
}

/// A random placement of deployment, or `None` if no deployment is due: a
/// creature uniformly among those that may still deploy somewhere, then a
/// square of its zone uniformly. Only the drawn creature's squares are
/// worked out; a creature with none is set aside and another drawn.
pub(crate) fn deploy_draw<R: Rng + ?Sized>(
    g: &P2v,
    s: &State,
    rng: &mut R,
    scratch: &mut Vec<Action>,
) -> Option<Action> {
    let (Phase::Deploy { seat }, None, ToMove::Seat(_)) = (s.phase, s.pending.top(), g.to_move(s)) else {
        return None;
    };
    let mut who: Vec<usize> =
        (0..s.creatures.len().min(255)).filter(|&i| g.team(i) == seat && g.deploys(s, i)).collect();
    while !who.is_empty() {
        let k = rng.random_range(0..who.len());
        let i = who.swap_remove(k);
        let squares = g.deploy_squares(s, i);
        let n = squares.len();
        if n == 0 {
            continue;
        }
        let pick = rng.random_range(0..n) as usize;
        scratch.clear();
        scratch.extend(squares.iter().nth(pick).map(|at| Action::Place { who: i as u8, at }));
        // As `refine_legal`: nothing a group forbids (none is formed yet).
        g.party_filter(s, scratch, 0);
        if let Some(a) = scratch.pop() {
            return Some(a);
        }
    }
    None
}

/// The kinds of a turn's decisions, in the order they are listed. Each is
/// listed on its own, so a random draw can pick a kind first and work out
/// only that kind's actions ([`turn_draw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnKind {
    /// `end` the turn.
    End,
    /// A creature in a haven or swallowed: its own choices, and nothing else.
    Haven,
    /// Powers, with each aim.
    Use,
    /// Ready an action.
    Ready,
    /// Stand, or Drop Prone.
    Posture,
    /// Stride to each reachable square.
    Stride,
    /// Haul a load to each reachable square.
    Haul,
    /// Tumble through an enemy.
    Tumble,
    /// Start a Long Jump.
    LongJump,
    /// Summon a creature beside an ally.
    Summon,
    /// Step (or Crawl, when prone).
    Step,
    /// Strike with each weapon at each target.
    Strike,
    /// Trip, Grapple and Shove.
    Maneuver,
    /// Spot an objective.
    Spot,
    /// Pluck a creature.
    Pluck,
    /// Escape a condition.
    Escape,
    /// Open or close a door.
    Door,
    /// Leap.
    Leap,
    /// Claim an objective with a skill.
    Claim,
    /// Pick up a body, or lay the load down.
    Load,
}

impl TurnKind {
    /// Every kind, in listing order.
    pub(crate) const ALL: [TurnKind; 20] = [
        TurnKind::End,
        TurnKind::Haven,
        TurnKind::Use,
        TurnKind::Ready,
        TurnKind::Posture,
        TurnKind::Stride,
        TurnKind::Haul,
        TurnKind::Tumble,
        TurnKind::LongJump,
        TurnKind::Summon,
        TurnKind::Step,
        TurnKind::Strike,
        TurnKind::Maneuver,
        TurnKind::Spot,
        TurnKind::Pluck,
        TurnKind::Escape,
        TurnKind::Door,
        TurnKind::Leap,
        TurnKind::Claim,
        TurnKind::Load,
    ];
}

/// What every kind of a turn's listing needs about the active creature,
/// worked out once.
pub(crate) struct TurnLister<'a> {
    g: &'a P2v,
    s: &'a State,
    t: Turn,
    /// In a haven or swallowed: only its own choices.
    haven: bool,
    /// Swallowed (of the two).
    swallowed: bool,
    /// The creature and its card, if both exist.
    who: Option<(&'a Creature, &'a Profile)>,
    /// Inside a shell: no move, no attack.
    shelled: bool,
    /// Immobilized, grabbed or shelled: no movement.
    immobile: bool,
    /// The Stride search, made once for the kinds that need it.
    reach: OnceCell<Option<Arc<Reach>>>,
}

impl<'a> TurnLister<'a> {
    /// The lister of turn `t` in state `s`.
    pub(crate) fn new(g: &'a P2v, s: &'a State, t: Turn) -> TurnLister<'a> {
        let i = usize::from(t.who);
        let who = s.creatures.get(i).zip(g.profile(i));
        let shelled = g.shell(s, t.who).is_some();
        let immobile = shelled
            || who.is_some_and(|(c, _)| {
                c.conditions.has(Conditions::IMMOBILIZED) || c.conditions.has(Conditions::GRABBED)
            });
        let swallowed = g.swallowed(s, i);
        let haven = g.in_haven(s, i) || swallowed;
        TurnLister { g, s, t, haven, swallowed, who, shelled, immobile, reach: OnceCell::new() }
    }

    /// The squares a Stride of the creature reaches (one search, kept).
    fn stride(&self) -> Option<&Arc<Reach>> {
        self.reach.get_or_init(|| stride_reach(self.g, self.s, &self.t)).as_ref()
    }

    /// Appends the legal actions of one kind.
    pub(crate) fn list(&self, kind: TurnKind, out: &mut Vec<Action>) {
        let (g, s, t) = (self.g, self.s, &self.t);
        match kind {
            TurnKind::End => return out.push(Action::End),
            TurnKind::Haven => {
                if self.swallowed {
                    g.swallowed_actions(s, t, out);
                } else if self.haven {
                    g.haven_actions(s, t, out);
                }
                return;
            }
            _ if self.haven => return,
            _ => {}
        }
        let Some((c, p)) = self.who else { return };
        if kind == TurnKind::Use {
            for power in 0..p.powers.len().min(32) as u8 {
                for aim in g.power_aims(s, t.who, power) {
                    if g.judge_use(s, t, power, aim).is_ok() {
                        out.push(Action::Use { power, aim });
                    }
                }
            }
            return;
        }
        // Carry (1 AP) and drop (free).
        if kind == TurnKind::Load {
            g.take_actions(s, t, out);
            return g.load_actions(s, t, out);
        }
        if t.ap == 0 {
            return;
        }
        if kind == TurnKind::Ready {
            if g.judge_ready(s, t).is_ok() {
                out.push(Action::Ready);
            }
            return;
        }
        let Some(at) = c.at else { return };
        let moving = !c.prone && !self.immobile;
        match kind {
            TurnKind::Posture => out.push(if c.prone { Action::Stand } else { Action::DropProne }),
            TurnKind::Stride | TurnKind::Haul => {
                if kind == TurnKind::Haul && g.haulable(s, t.who).is_none() {
                    return;
                }
                if moving && let Some(reach) = self.stride() {
                    let ends = reach.ends().iter().filter(|to| *to != at);
                    if kind == TurnKind::Stride {
                        out.extend(ends.map(|to| Action::Stride { to }));
                    } else {
                        out.extend(ends.map(|to| Action::Haul { to }));
                    }
                }
            }
            TurnKind::Tumble => {
                if moving && p.tumble && self.stride().is_some() {
                    out.extend(g.tumble_landings(s, t).into_iter().map(|to| Action::Tumble { to }));
                }
            }
            TurnKind::LongJump => {
                if moving && g.judge_long_jump_action(s, t).is_ok() && self.stride().is_some() {
                    out.push(Action::LongJump);
                }
            }
            TurnKind::Summon => {
                // An allied caster places a Summonable creature beside it.
                let i = usize::from(t.who);
                for w in 0..s.creatures.len().min(255) as u8 {
                    if g.team(usize::from(w)) == g.team(i) && g.summonable(s, usize::from(w)) {
                        for at in g.summon_squares(s, t.who, w) {
                            if g.judge_summon(s, t, w, at).is_ok() {
                                out.push(Action::Place { who: w, at });
                            }
                        }
                    }
                }
            }
            TurnKind::Step => self.steps(c, out),
            TurnKind::Strike => {
                let weapons = if self.shelled { 0 } else { p.weapons.len().min(32) as u8 };
                for w in 0..weapons {
                    let ap = p.weapons.get(usize::from(w)).map_or(1, |x| x.ap);
                    if ap > t.ap {
                        continue;
                    }
                    for target in 0..s.creatures.len() as u8 {
                        if g.team(usize::from(target)) != g.controller(s, t.who) && strike_allowed(g, s, t, w, target) {
                            out.push(Action::Strike { weapon: w, target });
                        }
                    }
                }
            }
            TurnKind::Maneuver => {
                for target in 0..s.creatures.len() as u8 {
                    if !self.shelled && judge_maneuver(g, s, t, target).is_ok() {
                        out.push(Action::Trip { target });
                        out.push(Action::Grapple { target });
                        out.extend(
                            shove_squares(g, s, t.who, target).into_iter().map(|to| Action::Shove { target, to }),
                        );
                    }
                }
            }
            TurnKind::Spot => {
                if g.spot_power(s, t.who).is_some() {
                    for objective in 0..s.objectives.len().min(255) as u8 {
                        if g.judge_spot(s, t, objective).is_ok() {
                            out.push(Action::Spot { objective });
                        }
                    }
                }
                g.spot_obstacle_actions(s, t, out);
            }
            TurnKind::Pluck => {
                for target in 0..s.creatures.len() as u8 {
                    if g.judge_pluck(s, t, target).is_ok() {
                        out.push(Action::Pluck { target });
                    }
                }
            }
            TurnKind::Escape => {
                for condition in 0..8u8 {
                    if c.conditions.has(Conditions(1 << condition)) {
                        out.push(Action::Escape { condition });
                    }
                }
            }
            TurnKind::Door => out.extend(g.door_choices(s, t.who).map(|(piece, open)| Action::Door { piece, open })),
            TurnKind::Leap => {
                if moving {
                    out.extend(g.leap_landings(s, t.who).into_iter().map(|to| Action::Leap { to }));
                }
            }
            TurnKind::Claim => {
                for (objective, o) in s.objectives.iter().enumerate().take(255) {
                    for name in o.allowed() {
                        let skill = SKILLS.iter().position(|k| *k == name).unwrap_or(0) as u8;
                        let a = Action::Claim { objective: objective as u8, skill };
                        if g.check(s, &a).is_ok() {
                            out.push(a);
                        }
                    }
                }
            }
            TurnKind::End | TurnKind::Haven | TurnKind::Use | TurnKind::Ready | TurnKind::Load => {}
        }
    }

    /// Steps (or Crawls) to the eight squares around.
    fn steps(&self, c: &Creature, out: &mut Vec<Action>) {
        let (g, s, t) = (self.g, self.s, &self.t);
        if self.immobile {
            return;
        }
        // One movement context for the eight squares (as `judge_step`
        // asks of each, which debug builds check it agrees with).
        let Some((mover, pos)) = super::judge::step_mover(g, s, t) else { return };
        let what = if c.prone { "Crawl" } else { "Step" };
        for (to, step) in g.move_field(s, t.who).steps_and_ends(mover, pos) {
            if to == pos.anchor {
                continue;
            }
            let ok = step.is_some_and(|(step, may_end)| may_end && super::judge::step_in_budget(&step, t));
            debug_assert_eq!(ok, judge_step(g, s, t, to, what).is_ok(), "a step to {to:?}");
            if ok {
                out.push(if c.prone { Action::Crawl { to } } else { Action::Step { to } });
            }
        }
    }
}
