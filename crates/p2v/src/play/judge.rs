//! Judging a proposed decision: every refusal names its rule (a stable id),
//! says why in one line and cites the rulebook's section.

use super::action::Action;
use super::damage::SKILLS;
use super::objective::Kind;
use super::roster::Weapon;
use super::rules::{P2v, section};
use super::state::{Conditions, Frame, Life, Phase, State, Turn};
use arbiter_core::{Game, Refusal, ToMove};
use arbiter_geometry::battle::{FigureId, Mover, Position, Reach, Space, Square, Traits};
use std::sync::Arc;

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>, section: &'static str) -> Refusal {
    Refusal::because(rule, reason, section)
}

/// Judges any decision for whoever owes it now.
pub fn judge(g: &P2v, s: &State, a: &Action) -> Result<(), Refusal> {
    match g.to_move(s) {
        ToMove::Over => return Err(Refusal::new("p2v.game.over", "the game is over", section::ROUNDS)),
        ToMove::Chance => return Err(Refusal::new("p2v.dice.owed", "dice must be rolled first", section::ROUNDS)),
        _ => {}
    }
    if let Some(verdict) = g.judge_party(s, a) {
        return verdict;
    }
    if let Some(top) = s.pending.top() {
        if let Frame::Activity { who, power, next, .. } = *top {
            return g.judge_activity(s, who, power, next, a);
        }
        if let Frame::LongJump { .. } = top {
            return g.judge_long_jump(s, a);
        }
        if let Frame::Disgorge { who, .. } = *top {
            return g.judge_disgorge(s, who, a);
        }
        if let Frame::Crash { who, .. } = *top {
            return match *a {
                Action::Line { line } => g.judge_crash(s, who, line),
                _ => g.judge_crash(s, who, u8::MAX),
            };
        }
        if let (Frame::Interlude { .. }, Phase::Turn(t)) = (top, s.phase) {
            P2v::judge_interlude(top, a)?;
            return judge_turn(g, s, t, a);
        }
        if let Frame::Window(w) = top {
            match w.trigger {
                super::state::Trigger::Outrage { who, puller } => return g.judge_outrage(s, who, puller, a),
                super::state::Trigger::Regain { who } => return g.judge_regain(s, who, a),
                super::state::Trigger::Ambush { who, by } if *a == Action::React => return g.judge_ambush(s, who, by),
                _ => {}
            }
        }
        return judge_pending(top, a);
    }
    match (s.phase, *a) {
        (Phase::PlaceObjective { .. }, Action::Objective { kind, at }) => judge_objective(g, s, kind, at),
        (Phase::PlaceTile { .. }, Action::Tile { tile, at, turn }) => g.judge_tile(s, tile, at, turn),
        (Phase::ExtraObjective { .. }, Action::Objective { kind, at }) => judge_objective(g, s, kind, at),
        (Phase::Disguise { who }, Action::Disguise { objective }) => g.judge_disguise(s, who, objective),
        (Phase::PlaceBody { .. }, Action::Body { at }) => g.judge_trail_body(s, at),
        (Phase::PlaceObject { who }, Action::Object { at }) => g.judge_object(s, who, at),
        (Phase::Hide { who }, Action::Hide { at }) => g.judge_hide(s, who, at),
        (Phase::ChooseZone { seat }, Action::Zone { zone }) => {
            if g.zones_open(s, seat).contains(&zone) {
                Ok(())
            } else {
                Err(no(
                    "p2v.deploy.zone",
                    "that zone is not open: players deploy in opposite corners (opposite long edges on a large board)",
                    section::DEPLOYMENT,
                ))
            }
        }
        (Phase::Deploy { seat }, Action::Place { who, at }) => {
            let i = usize::from(who);
            if g.tempting(i) {
                return Err(no(
                    "p2v.deploy.disguised",
                    "a creature with Tempting Disguise is not deployed: it is one of the objectives, in secret",
                    section::POSITIONING,
                ));
            }
            if g.profile(i).is_some_and(|p| p.awakened_by.is_some()) {
                return Err(no(
                    "p2v.deploy.awakened",
                    "an Awakened Tree is not in the warband: the regent's Awaken Tree brings it into play",
                    "Arboreal Regent: Awaken Tree",
                ));
            }
            if g.summonable(s, i) {
                return Err(no(
                    "p2v.deploy.summonable",
                    "a Summonable creature is left out of play when deploying: an allied caster summons it later (2 AP)",
                    "Appendix: Positioning upgrades",
                ));
            }
            if g.team(i) != seat || s.creatures.get(i).is_none_or(|c| c.life != Life::Waiting) {
                return Err(no(
                    "p2v.deploy.whose",
                    "that is not one of your creatures still to deploy",
                    section::DEPLOYMENT,
                ));
            }
            if !g.deploy_squares(s, i).contains(at) {
                return Err(no(
                    "p2v.deploy.outside",
                    "a creature is placed wholly inside its deployment zone (up to 6 squares from the corner or edge), on free ground",
                    section::DEPLOYMENT,
                ));
            }
            Ok(())
        }
        (Phase::Activate { seat }, Action::Activate { who }) => {
            let i = usize::from(who);
            if g.team(i) != seat || !(g.in_play(s, i) || g.in_haven(s, i)) {
                return Err(no(
                    "p2v.activate.whose",
                    "activate a creature of your own warband that is in play",
                    section::TURN,
                ));
            }
            if s.creatures[i].done {
                return Err(no(
                    "p2v.activate.done",
                    "that creature has already taken its turn this round: every creature gets one turn each round",
                    section::ROUNDS,
                ));
            }
            Ok(())
        }
        (Phase::Turn(t), a) => judge_turn(g, s, t, &a),
        (phase, _) => Err(no(
            "p2v.turn.not-now",
            format!("that is not the decision owed now ({})", expected(phase)),
            section::ROUNDS,
        )),
    }
}

fn expected(p: Phase) -> &'static str {
    match p {
        Phase::PlaceObjective { .. } | Phase::ExtraObjective { .. } => "place an objective: objective KIND SQUARE",
        Phase::Disguise { .. } => "pick the objective the creature is, in secret: disguise N",
        Phase::PlaceBody { .. } => "place a body of the Trail of Bodies: body SQUARE",
        Phase::PlaceObject { .. } => "place the False Object's extra obstacle: object SQUARE",
        Phase::Hide { .. } => "pick the obstacle the creature is, in secret: hide SQUARE",
        Phase::PlaceTile { .. } => "lay a terrain tile: tile NAME SQUARE [TURN]",
        Phase::ChooseZone { .. } => "choose a deployment zone: zone NAME",
        Phase::Deploy { .. } => "deploy a creature: place LETTER SQUARE",
        Phase::Activate { .. } => "activate a creature: activate LETTER",
        Phase::Turn(_) => "an action of the active creature",
        _ => "dice",
    }
}

fn judge_pending(top: &Frame, a: &Action) -> Result<(), Refusal> {
    match (top, a) {
        (Frame::Line { options, .. }, Action::Line { line }) if usize::from(*line) < options.len() => Ok(()),
        (Frame::PowerLine { options, .. }, Action::Line { line }) if usize::from(*line) < options.len() => Ok(()),
        (Frame::PowerLine { options, .. }, _) => Err(no(
            "p2v.cover.line",
            format!("choose the line for the cover checks: line 1 to line {}", options.len()),
            section::COVER,
        )),
        (Frame::Line { options, .. }, _) => Err(no(
            "p2v.cover.line",
            format!("choose the line for the cover checks: line 1 to line {}", options.len()),
            section::COVER,
        )),
        (Frame::Window(_) | Frame::Unmask { .. }, Action::React | Action::Pass) => Ok(()),
        (Frame::Unmask { .. }, _) => Err(no(
            "p2v.disguise.answer",
            "the round ends: react (the creature leaves its disguise) or pass (it stays hidden)",
            section::POSITIONING,
        )),
        (Frame::Window(w), _) if matches!(w.trigger, super::state::Trigger::Grab { .. }) => Err(no(
            "p2v.grab.answer",
            "the hit lets the attacker grab: react (spend 1 AP to grab the target) or pass",
            section::CONDITIONS,
        )),
        (Frame::Window(_), _) => Err(no(
            "p2v.reaction.answer",
            "a reaction is offered: react (make the Reactive Strike) or pass",
            section::REACTIONS,
        )),
        _ => Err(no("p2v.turn.not-now", "dice must be rolled first", section::ROUNDS)),
    }
}

fn judge_objective(g: &P2v, s: &State, kind: Kind, at: Square) -> Result<(), Refusal> {
    if s.objectives.iter().any(|o| o.kind == kind) {
        return Err(no(
            "p2v.objective.twice",
            "no type of objective can be placed more than once",
            section::OBJECTIVES,
        ));
    }
    // The ground: objectives are not solid, and the squares already taken
    // are checked below (so no battlefield is built per placement).
    let terrain = g.ground(s);
    if !terrain.board().contains(at) {
        return Err(no("p2v.objective.off-board", "that square is not on the board", section::OBJECTIVES));
    }
    if terrain.traits(at).contains(Traits::SOLID) || s.objectives.iter().any(|o| o.square == at) {
        return Err(no(
            "p2v.objective.square",
            "an objective goes on a square without solid terrain or another objective (ruling P2V-R7)",
            section::OBJECTIVES,
        ));
    }
    Ok(())
}

/// The movement a Stride may spend now: Speed (−2 encumbered), plus what is
/// left over from a Stride or Step just before.
pub fn stride_budget(g: &P2v, s: &State, t: &Turn) -> u32 {
    let i = usize::from(t.who);
    let (Some(p), Some(_)) = (g.profile(i), s.creatures.get(i)) else { return 0 };
    let enc = if g.is_encumbered(s, t.who) { 2 } else { 0 };
    (p.speed - enc + g.bonus(s, t.who, super::cast::Stat::Speed)).max(0) as u32 + u32::from(t.carry)
}

/// Where the active creature can Stride to, with the cheapest way.
///
/// The search is kept with the state until its battlefield changes, so
/// listing, judging and making a Stride search once.
pub fn stride_reach(g: &P2v, s: &State, t: &Turn) -> Option<Arc<Reach>> {
    let i = usize::from(t.who);
    let (p, at) = (g.profile(i)?, s.creatures.get(i)?.at?);
    let mover = Mover {
        side: p.size.side(),
        team: p.team,
        mode: g.mode_now(s, t.who),
        figure: Some(FigureId(u16::from(t.who))),
    };
    let start = Position { anchor: at, odd_diagonals: t.odd_diagonal, down: false };
    let budget = stride_budget(g, s, t);
    Some(s.field.1.get_or((t.who, at, t.odd_diagonal, budget, mover.mode), || {
        g.move_field(s, t.who).reachable(mover, start, budget)
    }))
}

/// The turn's creature as a mover taking a one-square move, and where it
/// stands; `None` off the board.
pub(crate) fn step_mover(g: &P2v, s: &State, t: &Turn) -> Option<(Mover, Position)> {
    let i = usize::from(t.who);
    let (p, at) = (g.profile(i)?, s.creatures.get(i)?.at?);
    let mover = Mover {
        side: p.size.side(),
        team: p.team,
        mode: g.mode_now(s, t.who),
        figure: Some(FigureId(u16::from(t.who))),
    };
    Some((mover, Position { anchor: at, odd_diagonals: t.odd_diagonal, down: false }))
}

/// Whether a one-square move costs no more than a plain square: it enters
/// no difficult terrain and climbs nothing.
pub(crate) fn step_in_budget(step: &arbiter_geometry::battle::Step, t: &Turn) -> bool {
    let base = if step.dir.is_some_and(|d| d.is_diagonal()) && t.odd_diagonal { 2 } else { 1 };
    step.cost <= base
}

/// Checks a one-square move (Step or Crawl): the neighbouring anchor, not
/// into difficult terrain ("Feather Step: You can Step into difficult
/// terrain" — so without it one cannot), ending where it may stand.
pub fn judge_step(g: &P2v, s: &State, t: &Turn, to: Square, what: &'static str) -> Result<(), Refusal> {
    let Some((mover, pos)) = step_mover(g, s, t) else {
        return Err(no("p2v.move.nobody", "the creature is not on the board", section::MOVEMENT));
    };
    let field = g.move_field(s, t.who);
    let (step, _, may_end) = field
        .step_and_end(mover, pos, to)
        .map_err(|e| no("p2v.move.step", format!("{what} moves the creature one square: {e}"), section::MOVEMENT))?;
    if !step_in_budget(&step, t) {
        return Err(no(
            "p2v.move.step-difficult",
            format!("{what} moves one square and cannot enter difficult terrain or climb"),
            section::ACTIONS,
        ));
    }
    if !may_end {
        return Err(no(
            "p2v.move.end",
            "a creature cannot end its movement on an ally's space or on an objective",
            section::MOVEMENT,
        ));
    }
    Ok(())
}

/// Checks a strike: the weapon and its uses, an enemy target within reach
/// or range, in sight and with line of effect.
pub fn judge_strike(g: &P2v, s: &State, t: &Turn, weapon: u8, target: u8) -> Result<(), Refusal> {
    judge_strike_as(g, s, t, weapon, target, true)
}

/// Whether the turn's creature may strike `target` with `weapon`: as
/// [`judge_strike`], for listings, which refuse most pairs of weapon and
/// target and need no reason.
pub(crate) fn strike_allowed(g: &P2v, s: &State, t: &Turn, weapon: u8, target: u8) -> bool {
    judge_strike_as(g, s, t, weapon, target, false).is_ok()
}

/// [`judge_strike`]; without `explain`, a target out of reach or range is
/// refused without composing the reason.
fn judge_strike_as(g: &P2v, s: &State, t: &Turn, weapon: u8, target: u8, explain: bool) -> Result<(), Refusal> {
    let i = usize::from(t.who);
    let w = judge_weapon(g, s, t, weapon)?;
    let ti = usize::from(target);
    if !g.in_play(s, ti) || ti == i {
        return Err(no("p2v.strike.target", "the target must be another creature in play", section::TARGETING));
    }
    g.judge_targetable(s, target)?;
    // A controlled creature fights for its controller (ruling P2V-R66).
    if g.team(ti) == g.controller(s, t.who) {
        return Err(no("p2v.strike.ally", "a strike targets an enemy creature (ruling P2V-R8)", section::TARGETING));
    }
    g.may_attack(s, t.who, target)?;
    g.works_on(&w.name, &w.only, target)?;
    let field = g.field(s);
    let (a, b) = (FigureId(u16::from(t.who)), FigureId(u16::from(target)));
    // Enlarge: a bonus to melee reach.
    let more = g.bonus(s, t.who, super::cast::Stat::Reach).max(0) as u16;
    match w.reach.map(|r| r + more) {
        Some(r) => {
            if !field.in_reach(a, b, u32::from(r)) {
                if !explain {
                    return Err(Refusal::new("p2v.strike.reach", "out of reach", section::TARGETING));
                }
                return Err(no(
                    "p2v.strike.reach",
                    format!("the target is not within reach of {} (Melee {r})", w.name),
                    section::TARGETING,
                ));
            }
        }
        None => {
            let d = field.range(a, b).unwrap_or(u32::MAX);
            let max = u32::from(w.long.unwrap_or(w.short));
            if d > max {
                if !explain {
                    return Err(Refusal::new("p2v.strike.range", "out of range", section::TARGETING));
                }
                return Err(no(
                    "p2v.strike.range",
                    format!("the target is {d} squares away; {} reaches {max}", w.name),
                    section::TARGETING,
                ));
            }
        }
    }
    if field.line_of_sight(a, b).is_none() {
        return Err(no("p2v.strike.sight", "the attacker has no line of sight to the target", "Line of sight"));
    }
    if g.unseen(s, target, t.who) {
        return Err(no(
            "p2v.strike.invisible",
            "the target is invisible: attackers have no line of sight to it",
            "APPENDIX: COMBAT STATUSES",
        ));
    }
    if !field.line_of_effect(a, b) {
        return Err(no("p2v.strike.effect", "solid terrain blocks the line of effect to the target", "Line of effect"));
    }
    Ok(())
}

/// Checks that the turn's creature may use strike `weapon` now, whatever
/// its target: it has the strike, with a use left, a controller may pick
/// it, nothing stops it, and a once-per-turn strike is not yet used.
pub(crate) fn judge_weapon<'a>(g: &'a P2v, s: &State, t: &Turn, weapon: u8) -> Result<&'a Weapon, Refusal> {
    let i = usize::from(t.who);
    let Some(p) = g.profile(i) else { return Err(no("p2v.strike.nobody", "no such creature", section::STRIKE)) };
    let Some(w) = p.weapons.get(usize::from(weapon)) else {
        return Err(no("p2v.strike.weapon", format!("{} has {} strike(s)", p.name, p.weapons.len()), section::STRIKE));
    };
    if w.uses.is_some() && s.creatures.get(i).and_then(|c| c.uses.get(usize::from(weapon))).copied().unwrap_or(0) == 0 {
        return Err(no("p2v.strike.uses", format!("{} has no uses left", w.name), "How to read a creature card"));
    }
    // "The opponent cannot choose any features with a limited number of uses."
    g.judge_controlled(s, t.who, w.uses.is_some())?;
    g.judge_stopped(s, t.who, &w.name)?;
    if w.once_per_turn && t.once & (1 << weapon.min(31)) != 0 {
        return Err(no("p2v.strike.once", format!("{} (●○) can be used only once per turn", w.name), section::TURN));
    }
    Ok(w)
}

/// Checks a Trip, Shove or Grapple: "Choose an adjacent target … The target
/// can't be more than one size larger than the creature."
pub fn judge_maneuver(g: &P2v, s: &State, t: &Turn, target: u8) -> Result<(), Refusal> {
    let i = usize::from(t.who);
    let ti = usize::from(target);
    if !g.in_play(s, ti) || ti == i || g.team(ti) == g.team(i) {
        return Err(no("p2v.maneuver.target", "choose an enemy creature in play (ruling P2V-R8)", section::ACTIONS));
    }
    g.judge_targetable(s, target)?;
    if !g.field(s).in_reach(FigureId(u16::from(t.who)), FigureId(u16::from(target)), 1) {
        return Err(no("p2v.maneuver.adjacent", "Trip, Shove and Grapple choose an adjacent target", section::ACTIONS));
    }
    let (Some(a), Some(b)) = (g.profile(i), g.profile(ti)) else {
        return Err(no("p2v.maneuver.target", "no such creature", section::ACTIONS));
    };
    if b.size as u8 > a.size as u8 + 1 {
        return Err(no(
            "p2v.maneuver.size",
            "the target can't be more than one size larger than the creature",
            section::ACTIONS,
        ));
    }
    Ok(())
}

/// Where a Shove may push `target`: 1 square, farther from the attacker,
/// into a free square ("A push must move the creature further away from
/// the attacker").
pub fn shove_squares(g: &P2v, s: &State, attacker: u8, target: u8) -> Vec<Square> {
    use arbiter_geometry::battle::{Forced, Source};
    let field = g.field(s);
    let (Some(a), Some(t)) = (field.figure(FigureId(u16::from(attacker))), field.figure(FigureId(u16::from(target))))
    else {
        return Vec::new();
    };
    let pos = Position::at(t.space.anchor());
    field
        .forced_steps(FigureId(u16::from(target)), Forced::Push, Source::Space(a.space), pos)
        .into_iter()
        .filter(|(step, _)| step.cost == 1)
        .map(|(step, _)| step.to)
        .collect()
}

pub(crate) fn judge_turn(g: &P2v, s: &State, t: Turn, a: &Action) -> Result<(), Refusal> {
    let i = usize::from(t.who);
    let c = &s.creatures[i];
    if *a == Action::End {
        return Ok(());
    }
    // Healing Haven: out of play, it may only come out (ruling P2V-R147).
    if g.in_haven(s, i) {
        return g.judge_haven(s, &t, a);
    }
    // Swallowed: it may only strike its swallower or climb out (ruling P2V-R163).
    if g.swallowed(s, i) {
        return g.judge_swallowed(s, &t, a);
    }
    if let Action::Use { power, aim } = *a {
        return g.judge_use(s, &t, power, aim);
    }
    // "Dropping a Load is a free action."
    if *a == Action::DropLoad {
        return g.judge_drop(s, &t);
    }
    if t.ap == 0 {
        return Err(no("p2v.turn.ap", "the creature has no action points left", section::TURN));
    }
    let immobile = c.conditions.has(Conditions::IMMOBILIZED) || c.conditions.has(Conditions::GRABBED);
    // Inside a shell it "can neither move nor attack".
    if matches!(
        a,
        Action::Stride { .. }
            | Action::Tumble { .. }
            | Action::LongJump
            | Action::Step { .. }
            | Action::Crawl { .. }
            | Action::Leap { .. }
            | Action::Strike { .. }
            | Action::Trip { .. }
            | Action::Shove { .. }
            | Action::Grapple { .. }
    ) {
        g.in_shell(s, t.who)?;
    }
    match *a {
        Action::DropProne if c.prone => Err(no("p2v.prone.already", "the creature is already prone", section::ACTIONS)),
        Action::DropProne => Ok(()),
        Action::Stand if !c.prone => Err(no("p2v.stand.not-prone", "the creature is not prone", section::ACTIONS)),
        Action::Stand => Ok(()),
        Action::Stride { .. } | Action::Step { .. } | Action::Tumble { .. } | Action::LongJump if c.prone => Err(no(
            "p2v.move.prone",
            "the only movement a creature can take while prone is to Crawl",
            "APPENDIX: COMBAT STATUSES",
        )),
        Action::Stride { .. }
        | Action::Step { .. }
        | Action::Crawl { .. }
        | Action::Tumble { .. }
        | Action::LongJump
            if immobile =>
        {
            Err(no(
                "p2v.move.immobilized",
                "an immobilized creature cannot willingly move from its space",
                section::CONDITIONS,
            ))
        }
        Action::Stride { to } => {
            let Some(reach) = stride_reach(g, s, &t) else {
                return Err(no("p2v.move.nobody", "the creature is not on the board", section::MOVEMENT));
            };
            if c.at == Some(to) {
                return Err(no("p2v.move.nowhere", "the creature is already there", section::MOVEMENT));
            }
            if !reach.ends().contains(to) {
                return Err(no(
                    "p2v.move.stride",
                    format!(
                        "the creature cannot end a Stride there: Speed {} this Stride, counting diagonals 1-2, difficult terrain, climbing, and spaces it may not end on",
                        stride_budget(g, s, &t)
                    ),
                    section::MOVEMENT,
                ));
            }
            Ok(())
        }
        Action::Step { to } => judge_step(g, s, &t, to, "Step"),
        Action::Crawl { .. } if !c.prone => Err(no("p2v.move.crawl", "only a prone creature crawls", section::ACTIONS)),
        Action::Crawl { to } => judge_step(g, s, &t, to, "Crawl"),
        Action::Strike { weapon, target } => {
            // A ●● strike (Sprinkle Pixie Dust) needs both action points.
            let ap = g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))).map_or(1, |w| w.ap);
            if ap > t.ap {
                return Err(no(
                    "p2v.turn.ap",
                    format!("the strike costs {ap} AP and the creature has {} AP left", t.ap),
                    section::TURN,
                ));
            }
            judge_strike(g, s, &t, weapon, target)
        }
        Action::Trip { target } | Action::Grapple { target } => judge_maneuver(g, s, &t, target),
        Action::Pluck { target } => g.judge_pluck(s, &t, target),
        Action::Carry { body } => g.judge_carry(s, &t, body),
        Action::Take { item } => g.judge_take(s, &t, item),
        Action::Spot { objective } => g.judge_spot(s, &t, objective),
        Action::SpotObstacle { at } => g.judge_spot_obstacle(s, &t, at),
        Action::Haul { to } => g.judge_haul(s, &t, to),
        Action::Tumble { to } => g.judge_tumble(s, &t, to),
        Action::LongJump => g.judge_long_jump_action(s, &t),
        // In a turn, placing a creature is summoning it (ruling P2V-R85).
        Action::Place { who, at } => g.judge_summon(s, &t, who, at),
        Action::Door { piece, open } => g.judge_door(s, t.who, piece, open),
        Action::Leap { to } => g.judge_leap(s, &t, to),
        Action::Ready => g.judge_ready(s, &t),
        Action::Shove { target, to } => {
            judge_maneuver(g, s, &t, target)?;
            if !shove_squares(g, s, t.who, target).contains(&to) {
                return Err(no(
                    "p2v.shove.square",
                    "a push moves the creature 1 square farther from the attacker, into a free square",
                    "Unwilling movement",
                ));
            }
            Ok(())
        }
        Action::Escape { condition } => {
            if condition >= 8 || !c.conditions.has(Conditions(1 << condition)) {
                return Err(no("p2v.escape.none", "Escape removes a condition the creature has", section::ACTIONS));
            }
            Ok(())
        }
        Action::Claim { objective, skill } => {
            let Some(o) = s.objectives.get(usize::from(objective)) else {
                return Err(no("p2v.claim.none", "there is no such objective", section::OBJECTIVES));
            };
            let p = &g.roster()[i];
            let Some(at) = c.at else {
                return Err(no("p2v.claim.none", "the creature is not on the board", section::OBJECTIVES));
            };
            if !super::party::touching(&Space::new(at, p.size.side()), &Space::new(o.square, 1)) {
                return Err(no(
                    "p2v.claim.adjacent",
                    "a creature claims an objective it is adjacent to",
                    section::OBJECTIVES,
                ));
            }
            if o.holder == Some(p.team) {
                return Err(no("p2v.claim.own", "your warband already holds that objective", section::OBJECTIVES));
            }
            let name = SKILLS.get(usize::from(skill)).copied().unwrap_or("");
            let slot = o.kind.skills().iter().position(|k| *k == name);
            if slot.is_none_or(|k| o.skills & (1 << k) == 0) {
                let allowed: Vec<&str> = o.allowed().collect();
                return Err(no(
                    "p2v.claim.skill",
                    format!("the {} can be claimed only with {}", o.kind.name(), allowed.join(" or ")),
                    section::OBJECTIVES,
                ));
            }
            if p.trained_only && !p.defences.trained(name) {
                return Err(no(
                    "p2v.claim.untrained",
                    format!("{} can make skill checks only with skills it is trained in", p.name),
                    section::SKILLS,
                ));
            }
            Ok(())
        }
        Action::End => Ok(()),
        _ => Err(no("p2v.turn.not-now", "that is not an action of the active creature", section::TURN)),
    }
}
