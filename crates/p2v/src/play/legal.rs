//! Listing every legal decision of the seat to move.

use super::action::Action;
use super::damage::SKILLS;
use super::judge::{judge_maneuver, judge_step, judge_strike, shove_squares, stride_reach};
use super::objective::Kind;
use super::rules::P2v;
use super::state::{Conditions, Frame, Phase, State};
use arbiter_core::{Game, ToMove};
use arbiter_geometry::battle::{Space, Traits};

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
                } else {
                    out.extend([Action::React, Action::Pass]);
                }
            }
            Frame::Activity { who, power, next, .. } => g.activity_actions(s, *who, *power, *next, out),
            Frame::LongJump { .. } => g.long_jump_actions(s, out),
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
    if let Some(Frame::Interlude { step_only: true, .. }) = s.pending.top() {
        let kept: Vec<Action> = out.drain(start..).filter(|a| P2v::judge_granted_step(a).is_ok()).collect();
        out.extend(kept);
    }
}

/// The decisions of the phase under way (no frame waits, or a readied action).
fn listed_phase(g: &P2v, s: &State, out: &mut Vec<Action>) {
    match s.phase {
        Phase::Disguise { who } => g.disguise_actions(s, who, out),
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
            out.push(Action::End);
            let i = usize::from(t.who);
            if g.in_haven(s, i) {
                g.haven_actions(s, &t, out);
                return;
            }
            let (Some(c), Some(p)) = (s.creatures.get(i), g.profile(i)) else { return };
            for power in 0..p.powers.len().min(32) as u8 {
                for aim in g.power_aims(s, t.who, power) {
                    if g.judge_use(s, &t, power, aim).is_ok() {
                        out.push(Action::Use { power, aim });
                    }
                }
            }
            if t.ap == 0 {
                return;
            }
            if g.judge_ready(s, &t).is_ok() {
                out.push(Action::Ready);
            }
            let Some(at) = c.at else { return };
            if c.prone {
                out.push(Action::Stand);
            } else {
                out.push(Action::DropProne);
            }
            let can = |a: &Action| g.check(s, a).is_ok();
            // Inside a shell: no move, no attack (only what `check` allows below).
            let shelled = g.shell(s, t.who).is_some();
            let immobile =
                shelled || c.conditions.has(Conditions::IMMOBILIZED) || c.conditions.has(Conditions::GRABBED);
            if !c.prone
                && !immobile
                && let Some(reach) = stride_reach(g, s, &t)
            {
                out.extend(reach.ends().iter().filter(|to| *to != at).map(|to| Action::Stride { to }));
                if g.haulable(s, t.who).is_some() {
                    out.extend(reach.ends().iter().filter(|to| *to != at).map(|to| Action::Haul { to }));
                }
                out.extend(g.tumble_landings(s, &t).into_iter().map(|to| Action::Tumble { to }));
                if g.judge_long_jump_action(s, &t).is_ok() {
                    out.push(Action::LongJump);
                }
            }
            // Summoning: an allied caster places a Summonable creature beside it.
            for w in 0..s.creatures.len().min(255) as u8 {
                if g.team(usize::from(w)) == g.team(i) && g.summonable(s, usize::from(w)) {
                    for at in g.summon_squares(s, t.who, w) {
                        if g.judge_summon(s, &t, w, at).is_ok() {
                            out.push(Action::Place { who: w, at });
                        }
                    }
                }
            }
            let field = g.field(s);
            let around = Space::new(at, 1).squares().dilated();
            if !immobile {
                for to in around.iter() {
                    if to == at || !field.board().contains(to) {
                        continue;
                    }
                    let what = if c.prone { "Crawl" } else { "Step" };
                    if judge_step(g, s, &t, to, what).is_ok() {
                        out.push(if c.prone { Action::Crawl { to } } else { Action::Step { to } });
                    }
                }
            }
            let weapons = if shelled { 0 } else { p.weapons.len().min(32) as u8 };
            for w in 0..weapons {
                for target in 0..s.creatures.len() as u8 {
                    let ap = p.weapons.get(usize::from(w)).map_or(1, |x| x.ap);
                    if g.team(usize::from(target)) != g.controller(s, t.who)
                        && ap <= t.ap
                        && judge_strike(g, s, &t, w, target).is_ok()
                    {
                        out.push(Action::Strike { weapon: w, target });
                    }
                }
            }
            for target in 0..s.creatures.len() as u8 {
                if !shelled && judge_maneuver(g, s, &t, target).is_ok() {
                    out.push(Action::Trip { target });
                    out.push(Action::Grapple { target });
                    out.extend(shove_squares(g, s, t.who, target).into_iter().map(|to| Action::Shove { target, to }));
                }
            }
            if g.spot_power(s, t.who).is_some() {
                for objective in 0..s.objectives.len().min(255) as u8 {
                    if g.judge_spot(s, &t, objective).is_ok() {
                        out.push(Action::Spot { objective });
                    }
                }
            }
            for target in 0..s.creatures.len() as u8 {
                if g.judge_pluck(s, &t, target).is_ok() {
                    out.push(Action::Pluck { target });
                }
            }
            for condition in 0..8u8 {
                if c.conditions.has(Conditions(1 << condition)) {
                    out.push(Action::Escape { condition });
                }
            }
            out.extend(g.door_choices(s, t.who).map(|(piece, open)| Action::Door { piece, open }));
            if !c.prone && !immobile {
                out.extend(g.leap_landings(s, t.who).into_iter().map(|to| Action::Leap { to }));
            }
            for (objective, o) in s.objectives.iter().enumerate().take(255) {
                for name in o.allowed() {
                    let skill = SKILLS.iter().position(|k| *k == name).unwrap_or(0) as u8;
                    let a = Action::Claim { objective: objective as u8, skill };
                    if can(&a) {
                        out.push(a);
                    }
                }
            }
        }
        _ => {}
    }
}
