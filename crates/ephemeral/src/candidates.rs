//! Candidate decisions for a continuous game: [`candidates`] lists a finite
//! sample of legal actions for search and the AI (moves toward the gate,
//! into cover, into attack range, to base contact, away from threats; the
//! best attack dice; placements along the edges; every ability aimed where
//! it helps; answers to every reaction window), and [`random`] draws one
//! legal action cheaply for play-outs. Every candidate is checked by the
//! rules before it is offered.

use crate::ability::Role;
use crate::action::{Action, Aim, PrepUse, Side, Use};
use crate::catalogue::{DieUse, Keyword, Reach};
use crate::frame::{Frame, Trigger};
use crate::fx::Fx;
use crate::kit::GATE_DIAMETER;
use crate::rules::Ephemeral;
use crate::state::{Phase, Pos, State};
use crate::table::{AREA, v};
use arbiter_core::{Game, Seat};
use arbiter_geometry::table::{TOLERANCE, Vec2};
use arrayvec::ArrayVec;
use rand::{Rng, RngExt};

/// A candidate position, rounded to 0.01 cm: what the notation writes, so
/// a candidate typed back as printed is the same action.
fn pos(p: Vec2) -> Pos {
    Pos::new((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0)
}

fn push_if_legal(game: &Ephemeral, state: &State, action: Action, out: &mut Vec<Action>) -> bool {
    if game.check(state, &action).is_ok() && !out.contains(&action) {
        out.push(action);
        true
    } else {
        false
    }
}

/// Positions along the edges where `figure` may be placed, spread out.
fn edge_spots(game: &Ephemeral, state: &State, figure: u8, step: f32, out: &mut Vec<Pos>) {
    let r = game.stats()[figure as usize].radius;
    let size = AREA.size;
    let mut t = r;
    while t <= size - r + 1e-3 {
        let (u, q) = ((t * 100.0).round() / 100.0, (r * 100.0).round() / 100.0);
        for p in [Pos::new(u, q), Pos::new(u, size - q), Pos::new(q, u), Pos::new(size - q, u)] {
            if game.check_placement(state, figure, p).is_ok() {
                out.push(p);
            }
        }
        t += step;
    }
}

/// Placement spots worth offering: the legal edge spots nearest the gate
/// (or the centre), a few spread along the edges.
fn placements(game: &Ephemeral, state: &State, figure: u8, keep: usize) -> Vec<Pos> {
    let mut spots = Vec::new();
    edge_spots(game, state, figure, 2.0, &mut spots);
    if spots.is_empty() {
        edge_spots(game, state, figure, 0.25, &mut spots);
    }
    let goal = state.gate.map_or(Vec2::splat(20.0), v);
    spots.sort_by(|a, b| v(*a).distance(goal).total_cmp(&v(*b).distance(goal)));
    let mut out: Vec<Pos> = spots.iter().take(keep / 2).copied().collect();
    let stride = (spots.len() / (keep - keep / 2).max(1)).max(1);
    out.extend(spots.iter().skip(keep / 2).step_by(stride).take(keep - keep / 2));
    out
}

/// A straight move of `figure` toward `target`, as far as it legally goes
/// (the whole way, or 3/4, 1/2, 1/4 of its budget).
fn straight_move(game: &Ephemeral, state: &State, figure: u8, target: Vec2, out: &mut Vec<Action>) {
    let budget = game.stats()[figure as usize].movement_cm;
    straight_with(game, state, figure, target, budget, &|path| Action::Move { path }, out);
}

/// A straight move of `figure` toward `target` within `budget`, wrapped as
/// an action by `wrap` (a move, a move ability, L11's reply).
fn straight_with(
    game: &Ephemeral,
    state: &State,
    figure: u8,
    target: Vec2,
    budget: f32,
    wrap: &dyn Fn(Vec<Pos>) -> Action,
    out: &mut Vec<Action>,
) {
    let f = &state.figures[figure as usize];
    let Some(start) = f.at else { return };
    let start = v(start);
    let d = target - start;
    let len = d.length();
    if len < 0.05 {
        return;
    }
    let full = len.min(budget);
    for frac in [1.0, 0.75, 0.5, 0.25] {
        let to = start + d / len * (full * frac);
        if push_if_legal(game, state, wrap(vec![pos(to)]), out) {
            return;
        }
    }
}

/// Move candidates for the active figure.
fn moves(game: &Ephemeral, state: &State, figure: u8, out: &mut Vec<Action>) {
    let f = &state.figures[figure as usize];
    let Some(at) = f.at else { return };
    let me = v(at);
    let stats = &game.stats()[figure as usize];
    let r = stats.radius;
    // Toward the gate: onto its centre, and to just touch its edge.
    if let Some(g) = state.gate {
        let g = v(g);
        straight_move(game, state, figure, g, out);
        let d = me - g;
        if d.length() > 0.1 {
            straight_move(game, state, figure, g + d.normalize() * (GATE_DIAMETER / 2.0 + r - 2.0 * TOLERANCE), out);
        }
    }
    let enemies: Vec<(u8, Vec2, f32)> = (0..state.figures.len() as u8)
        .filter(|&i| state.figures[i as usize].owner != f.owner && state.figures[i as usize].on_table())
        .filter_map(|i| state.figures[i as usize].at.map(|p| (i, v(p), game.stats()[i as usize].radius)))
        .collect();
    for &(_, e, er) in &enemies {
        let d = e - me;
        let len = d.length();
        if len < 0.1 {
            continue;
        }
        let u = d / len;
        // Base contact, and the edge of attack range.
        straight_move(game, state, figure, e - u * (er + r + TOLERANCE * 0.5), out);
        let reach = game.attack_range(state, figure);
        if len - er - r > reach {
            straight_move(game, state, figure, e - u * (er + r + reach * 0.9), out);
        }
    }
    // Away from the nearest threat, and into cover behind the nearest piece.
    if let Some(&(_, e, _)) = enemies.iter().min_by(|a, b| a.1.distance(me).total_cmp(&b.1.distance(me))) {
        let away = me - e;
        if away.length() > 0.1 {
            straight_move(game, state, figure, me + away.normalize() * stats.movement_cm, out);
        }
        let scene = game.scene(state);
        if let Some(s) = scene.solids.iter().min_by(|a, b| {
            let ca = (a.bounds().0 + a.bounds().1) * 0.5;
            let cb = (b.bounds().0 + b.bounds().1) * 0.5;
            ca.distance(me).total_cmp(&cb.distance(me))
        }) {
            let (lo, hi) = s.bounds();
            let c = (lo + hi) * 0.5;
            let behind = c - e;
            if behind.length() > 0.1 {
                let reach = (hi - lo).length() * 0.5;
                straight_move(game, state, figure, c + behind.normalize() * (reach + r + 0.5), out);
            }
        }
    }
    // A few plain directions.
    for k in 0..8 {
        let a = k as f32 * std::f32::consts::FRAC_PI_4;
        straight_move(game, state, figure, me + Vec2::new(a.cos(), a.sin()) * stats.movement_cm, out);
    }
}

/// Attack candidates: every target in range and sight, with the best sets
/// of dice for the attacker's Force.
fn attacks(game: &Ephemeral, state: &State, figure: u8, out: &mut Vec<Action>) {
    let owner = state.figures[figure as usize].owner;
    let force = game.stats()[figure as usize].force;
    let reach = game.attack_range(state, figure);
    for t in 0..state.figures.len() as u8 {
        let target = &state.figures[t as usize];
        if target.owner == owner || !target.on_table() {
            continue;
        }
        if game.range_between(state, figure, t).is_some_and(|r| r <= reach + TOLERANCE) {
            for (dice, _) in game.attack_dice().best(force).iter().take(2) {
                out.push(Action::Attack { target: t, dice: *dice });
            }
        }
    }
}

/// Appends a finite sample of legal actions of the seat to move.
pub fn candidates(game: &Ephemeral, state: &State, out: &mut Vec<Action>) {
    let seat = match game.to_move(state) {
        arbiter_core::ToMove::Seat(s) => s,
        _ => return,
    };
    if let Some(top) = state.pending.top() {
        pending(game, state, seat, top, out);
        return;
    }
    match &state.phase {
        Phase::ChooseSide { .. } => out.extend([Action::Choose(Side::X), Action::Choose(Side::Y)]),
        Phase::ChooseForager => out.extend([Action::Forager(Seat(0)), Action::Forager(Seat(1))]),
        Phase::ChooseFirst => out.extend([Action::First(Seat(0)), Action::First(Seat(1))]),
        Phase::Terrain { .. } => {
            let placed: Vec<u8> = state.terrain.iter().map(|t| t.piece).collect();
            for step in [8.0f32, 4.0, 2.0] {
                let mut k = 4.0f32;
                while k <= 36.0 {
                    let mut j = 4.0f32;
                    while j <= 36.0 {
                        let at = Pos::new(k, j);
                        if state.gate.is_none() {
                            push_if_legal(game, state, Action::Gate { at }, out);
                        }
                        for piece in 0..crate::kit::PIECES as u8 {
                            if placed.contains(&piece) {
                                continue;
                            }
                            for turn in [0u16, 45, 90, 135] {
                                push_if_legal(game, state, Action::Terrain { piece, at, turn }, out);
                            }
                        }
                        j += step;
                    }
                    k += step;
                }
                if !out.is_empty() {
                    break;
                }
            }
        }
        Phase::Forage { .. } => {
            out.push(Action::Pass);
            for (die, d) in state.pool.iter() {
                for (figure, f) in state.figures_of(seat) {
                    if f.defeated || !game.stats()[figure as usize].forage[d.sides as usize][d.value as usize] {
                        continue;
                    }
                    if f.at.is_some() {
                        out.push(Action::Forage { die, figure, at: None });
                    } else {
                        for at in placements(game, state, figure, 4) {
                            out.push(Action::Forage { die, figure, at: Some(at) });
                        }
                    }
                }
            }
        }
        Phase::Deploy { .. } => {
            for (figure, f) in state.figures_of(seat) {
                if f.at.is_none() && !f.defeated {
                    for at in placements(game, state, figure, 6) {
                        out.push(Action::Place { figure, at });
                    }
                }
            }
        }
        Phase::Activate { .. } => {
            for (figure, f) in state.figures_of(seat) {
                if f.on_table() && f.actions > 0 {
                    out.push(Action::Activate { figure });
                }
            }
        }
        Phase::Acting { figure, used, .. } => {
            let figure = *figure;
            out.push(Action::Prepare);
            if *used > 0 {
                out.push(Action::End);
            }
            attacks(game, state, figure, out);
            if game.may_move(state, figure, crate::activation::SelfMove::Action).is_ok() {
                moves(game, state, figure, out);
            }
            abilities(game, state, seat, figure, out);
            for m in &state.mines {
                if !m.passive && game.owner(m.by) == seat {
                    push_if_legal(game, state, Action::Detonate { mine: m.id }, out);
                }
            }
            if state.prep[seat.index()] > 0 {
                for (i, f) in state.figures_of(seat) {
                    if f.damage > 0 && f.on_table() {
                        out.push(Action::Spend(PrepUse::Mend { figure: i }));
                    }
                    if f.on_table() && state.effects.has(i, Fx::Immobilized) {
                        push_if_legal(game, state, Action::Spend(PrepUse::Free { figure: i }), out);
                    }
                }
                push_if_legal(game, state, Action::Spend(PrepUse::Force { figure }), out);
            }
        }
        Phase::SideRoll | Phase::PoolRoll | Phase::Over => {}
    }
}

/// Answers to whatever the top of the pending stack asks of `seat`.
fn pending(game: &Ephemeral, state: &State, seat: Seat, top: &Frame, out: &mut Vec<Action>) {
    match top {
        Frame::AttackDice(a) => {
            out.push(Action::Resolve);
            for (i, d) in a.dice.iter().enumerate() {
                if d.value < d.sides {
                    out.push(Action::Spend(PrepUse::Raise { die: i as u8 }));
                }
                if d.value > 1 && game.edition() == crate::Edition::V026 {
                    out.push(Action::Spend(PrepUse::Lower { die: i as u8 }));
                }
            }
        }
        Frame::Resist(r) => {
            out.push(Action::Pass);
            let force = game.stats()[r.target as usize].force;
            for (dice, _) in game.attack_dice().best(force).iter().take(2) {
                out.push(Action::Resist { dice: *dice });
            }
        }
        Frame::Window(w) => {
            out.push(Action::Pass);
            answers(game, state, seat, &w.trigger, out);
        }
        _ => {}
    }
}

/// A use of `figure`'s ability in `slot` with its first usable die.
fn with(game: &Ephemeral, state: &State, figure: u8, slot: u8, aim: Aim) -> Action {
    // An ability fed by any foraged dice (L1's pools) names its dice in its
    // aim, never one die to pay with.
    let pools = game.ability(figure, slot).is_some_and(|a| a.die == DieUse::AnyForaged);
    let die = if pools { None } else { game.usable_die(state, figure, slot) };
    Action::Ability(Use { figure, slot, die, aim, tokens: 0 })
}

/// Answers to an event in a window, for `seat`.
fn answers(game: &Ephemeral, state: &State, seat: Seat, trigger: &Trigger, out: &mut Vec<Action>) {
    match *trigger {
        Trigger::Damage { target } => {
            for (slot, a) in game.abilities_of(target) {
                if Role::of(a) == Role::Defend && game.ready(state, target, slot) {
                    for reroll in [false, true] {
                        push_if_legal(game, state, with(game, state, target, slot, Aim::Defend(reroll)), out);
                    }
                }
            }
            let amount = game.incoming(state).map_or(0, |h| h.amount);
            let negators: Vec<(u8, u8)> = game.negators(state, target).collect();
            for (g, slot) in negators {
                let die = game.usable_die(state, g, slot).and_then(|i| state.figures[g as usize].dice.get(i as usize));
                if let Some(d) = die {
                    let n = d.value.min(amount);
                    push_if_legal(game, state, with(game, state, g, slot, Aim::Negate(n)), out);
                }
            }
        }
        Trigger::Dealt { attacker, .. } => {
            for (slot, a) in game.abilities_of(attacker) {
                if Role::of(a) == Role::SprayAfter {
                    push_if_legal(game, state, with(game, state, attacker, slot, Aim::Nothing), out);
                }
            }
        }
        Trigger::Survived { target, attacker } => {
            for (slot, a) in game.abilities_of(target) {
                if Role::of(a) != Role::Counter || !game.ready(state, target, slot) {
                    continue;
                }
                let force = game.force(state, target);
                let dice_sets: Vec<[u8; 5]> = if a.params.damage.is_some() {
                    vec![[0; 5]]
                } else {
                    game.attack_dice().best(force).iter().take(2).map(|(d, _)| *d).collect()
                };
                let mut whom: Vec<u8> = vec![attacker];
                if game.edition() == crate::Edition::V026 {
                    whom.extend(enemies_of(game, state, seat).filter(|&e| e != attacker));
                }
                for t in whom {
                    for dice in &dice_sets {
                        push_if_legal(
                            game,
                            state,
                            with(game, state, target, slot, Aim::Counter { target: t, dice: *dice }),
                            out,
                        );
                    }
                }
            }
        }
        Trigger::Attacked { attacker, .. } => {
            for g in 0..state.figures.len() as u8 {
                if game.owner(g) != seat {
                    continue;
                }
                for (slot, a) in game.abilities_of(g) {
                    if Role::of(a) != Role::Reply {
                        continue;
                    }
                    let budget = f32::from(a.params.move_cm.unwrap_or(0));
                    let wrap = |path: Vec<Pos>| with(game, state, g, slot, Aim::Path(path));
                    if let Some(gate) = state.gate {
                        straight_with(game, state, g, v(gate), budget, &wrap, out);
                    }
                    if let (Some(me), Some(them)) = (state.figures[g as usize].at, state.figures[attacker as usize].at)
                    {
                        let away = v(me) - v(them);
                        if away.length() > 0.1 {
                            straight_with(game, state, g, v(me) + away.normalize() * budget, budget, &wrap, out);
                        }
                    }
                }
            }
        }
        Trigger::Waypoint { figure } | Trigger::MoveEnded { figure, .. } => {
            let rush_too = matches!(trigger, Trigger::MoveEnded { .. });
            for (slot, a) in game.abilities_of(figure) {
                if a.has(Keyword::ChainRush) || (rush_too && a.has(Keyword::Rush)) {
                    ability_uses(game, state, seat, figure, slot, out);
                }
            }
        }
        Trigger::Again { figure, slot } => ability_uses(game, state, seat, figure, slot, out),
    }
}

/// Figures of `seat`'s opponents on the table.
fn enemies_of<'a>(game: &'a Ephemeral, state: &'a State, seat: Seat) -> impl Iterator<Item = u8> + 'a {
    (0..state.figures.len() as u8).filter(move |&i| game.owner(i) != seat && state.figures[i as usize].on_table())
}

/// Whether an ability of this role is used as an action.
fn is_action_role(role: Role) -> bool {
    !matches!(role, Role::Passive | Role::Counter | Role::Defend | Role::Negate | Role::Reply | Role::SprayAfter)
}

/// Ability uses as the active figure's action.
fn abilities(game: &Ephemeral, state: &State, seat: Seat, figure: u8, out: &mut Vec<Action>) {
    for (slot, a) in game.abilities_of(figure) {
        let role = Role::of(a);
        if matches!(role, Role::Passive | Role::Counter | Role::Defend | Role::Negate | Role::Reply | Role::SprayAfter)
        {
            continue;
        }
        if game.ready(state, figure, slot) {
            ability_uses(game, state, seat, figure, slot, out);
        }
    }
}

/// Uses of one ability worth offering, each checked by the rules.
fn ability_uses(game: &Ephemeral, state: &State, seat: Seat, figure: u8, slot: u8, out: &mut Vec<Action>) {
    let Some(a) = game.ability(figure, slot) else { return };
    if !game.ready(state, figure, slot) {
        return;
    }
    let enemies: ArrayVec<u8, { crate::state::MAX_FIGURES }> = enemies_of(game, state, seat).collect();
    let friends: ArrayVec<u8, { crate::state::MAX_FIGURES }> = (0..state.figures.len() as u8)
        .filter(|&i| i != figure && game.owner(i) == seat && state.figures[i as usize].on_table())
        .collect();
    let in_reach = |t: u8| game.within_reach(state, figure, t, a.reach(), Some(slot));
    match Role::of(a) {
        Role::Strike => {
            if a.die == DieUse::AnyForaged {
                let n = state.figures[figure as usize].dice.len();
                let targets: Vec<u8> = enemies.iter().copied().filter(|&t| in_reach(t)).take(3).collect();
                if n == 0 || targets.is_empty() {
                    return;
                }
                // Every die at the nearest target, and the dice dealt round the targets.
                let all = (1u16 << n) - 1;
                push_if_legal(
                    game,
                    state,
                    with(game, state, figure, slot, Aim::Pools([(targets[0], all)].into_iter().collect())),
                    out,
                );
                let k = targets.len().min(n);
                let mut pools: ArrayVec<(u8, u16), 3> = ArrayVec::new();
                for (j, &t) in targets.iter().take(k).enumerate() {
                    let mask = (0..n).filter(|i| i % k == j).fold(0u16, |m, i| m | 1 << i);
                    pools.push((t, mask));
                }
                push_if_legal(game, state, with(game, state, figure, slot, Aim::Pools(pools)), out);
                return;
            }
            let targets: ArrayVec<u8, { crate::state::MAX_FIGURES }> =
                enemies.iter().copied().filter(|&t| in_reach(t)).collect();
            for &t in &targets {
                let aim = Aim::Figures([t].into_iter().collect());
                if a.params.spray.is_some_and(|s| s.per_prep_token) && state.prep[seat.index()] > 0 {
                    let mut u = with(game, state, figure, slot, aim.clone());
                    if let Action::Ability(ref mut x) = u {
                        x.tokens = state.prep[seat.index()];
                    }
                    push_if_legal(game, state, u, out);
                }
                push_if_legal(game, state, with(game, state, figure, slot, aim), out);
            }
            if a.targets() >= 2 && targets.len() >= 2 {
                let aim = Aim::Figures(targets.iter().copied().take(usize::from(a.targets()).min(3)).collect());
                push_if_legal(game, state, with(game, state, figure, slot, aim), out);
            }
        }
        Role::Mine => {
            let deploy = a.params.mine.map_or(Reach::BaseContact, |m| m.deploy);
            let Some(me) = state.figures[figure as usize].at else { return };
            let r = game.stats()[figure as usize].radius;
            let off = match deploy {
                Reach::Within(cm) => r + f32::from(cm) * 0.9,
                _ => r + 0.5,
            };
            let mut aims: Vec<Vec2> = Vec::new();
            if let Some(g) = state.gate {
                aims.push(v(g));
            }
            aims.extend(enemies.iter().filter_map(|&e| state.figures[e as usize].at).map(v));
            for k in 0..4 {
                let ang = k as f32 * std::f32::consts::FRAC_PI_2;
                aims.push(v(me) + Vec2::new(ang.cos(), ang.sin()));
            }
            for goal in aims.into_iter().take(5) {
                let d = goal - v(me);
                if d.length() < 0.01 {
                    continue;
                }
                let at = pos(v(me) + d.normalize() * off);
                push_if_legal(game, state, with(game, state, figure, slot, Aim::Point(at)), out);
            }
        }
        Role::MoveBy => {
            let Some(i) = game.usable_die(state, figure, slot) else { return };
            let extra = 2.0 * f32::from(state.figures[figure as usize].dice[i as usize].value);
            let budget = game.stats()[figure as usize].movement_cm + extra;
            let wrap = |path: Vec<Pos>| with(game, state, figure, slot, Aim::Path(path));
            if let Some(g) = state.gate {
                straight_with(game, state, figure, v(g), budget, &wrap, out);
            }
            for &e in enemies.iter().take(2) {
                if let Some(p) = state.figures[e as usize].at {
                    straight_with(game, state, figure, v(p), budget, &wrap, out);
                }
            }
        }
        Role::Shove => {
            let targets: Vec<u8> = enemies.iter().chain(friends.iter()).copied().filter(|&t| in_reach(t)).collect();
            for &t in &targets {
                for pull in [false, true] {
                    let aim = Aim::Shove([(t, pull)].into_iter().collect());
                    push_if_legal(game, state, with(game, state, figure, slot, aim), out);
                }
            }
            if a.targets() >= 2 && targets.len() >= 2 {
                let aim = Aim::Shove([(targets[0], false), (targets[1], false)].into_iter().collect());
                push_if_legal(game, state, with(game, state, figure, slot, aim), out);
            }
        }
        Role::ShoveGate => {
            for pull in [false, true] {
                push_if_legal(game, state, with(game, state, figure, slot, Aim::Gate(pull)), out);
            }
        }
        Role::Heal => {
            push_if_legal(game, state, with(game, state, figure, slot, Aim::Nothing), out);
        }
        Role::Shift => {
            let Some(low) = game.usable_die(state, figure, slot) else { return };
            for (g, f) in state.figures_of(seat) {
                for (j, d) in f.dice.iter().enumerate() {
                    if (g != figure || j as u8 != low) && d.value < d.sides {
                        push_if_legal(
                            game,
                            state,
                            with(game, state, figure, slot, Aim::Raise { figure: g, die: j as u8 }),
                            out,
                        );
                    }
                }
            }
        }
        Role::LoseAction => {
            for &t in &enemies {
                if in_reach(t) {
                    push_if_legal(
                        game,
                        state,
                        with(game, state, figure, slot, Aim::Figures([t].into_iter().collect())),
                        out,
                    );
                }
            }
        }
        Role::GainAction => {
            for &t in &friends {
                if state.figures[t as usize].activations == 0 && in_reach(t) {
                    push_if_legal(
                        game,
                        state,
                        with(game, state, figure, slot, Aim::Figures([t].into_iter().collect())),
                        out,
                    );
                }
            }
        }
        Role::Counter | Role::Defend | Role::Negate | Role::Reply | Role::SprayAfter | Role::Passive => {}
    }
}

/// A random legal action, drawn without listing every candidate where that
/// is cheap (moves, attacks, placements); `None` unless a seat is to move.
pub fn random<R: Rng + ?Sized>(
    game: &Ephemeral,
    state: &State,
    rng: &mut R,
    scratch: &mut Vec<Action>,
) -> Option<Action> {
    let seat = match game.to_move(state) {
        arbiter_core::ToMove::Seat(s) => s,
        _ => return None,
    };
    if !state.pending.is_empty() {
        return pick(game, state, rng, scratch);
    }
    match &state.phase {
        Phase::Acting { figure, used, .. } => {
            let figure = *figure;
            let f = &state.figures[figure as usize];
            let stats = &game.stats()[figure as usize];
            let roll: f32 = rng.random();
            // One of the figure's abilities usable as an action, now and then;
            // only that ability's candidates are worked out. No draw is made
            // when none is ready, so a game whose abilities never come into
            // play follows the same random course as the base game.
            if !stats.abilities.is_empty() {
                let slots: ArrayVec<u8, 3> = game
                    .abilities_of(figure)
                    .filter(|(slot, a)| is_action_role(Role::of(a)) && game.ready(state, figure, *slot))
                    .map(|(slot, _)| slot)
                    .collect();
                if !slots.is_empty() && rng.random_bool(0.3) {
                    let slot = slots[rng.random_range(0..slots.len())];
                    scratch.clear();
                    ability_uses(game, state, seat, figure, slot, scratch);
                    if !scratch.is_empty() {
                        let i = rng.random_range(0..scratch.len());
                        return Some(scratch.swap_remove(i));
                    }
                }
            }
            if roll < 0.5 && game.may_move(state, figure, crate::activation::SelfMove::Action).is_ok() {
                let start = v(f.at?);
                for _ in 0..4 {
                    let a = rng.random_range(0.0..std::f32::consts::TAU);
                    let len = stats.movement_cm * rng.random_range(0.3f32..1.0);
                    let to = start + Vec2::new(a.cos(), a.sin()) * len;
                    let action = Action::Move { path: vec![pos(to)] };
                    if game.check(state, &action).is_ok() {
                        return Some(action);
                    }
                }
            } else if roll < 0.8 {
                let enemies: ArrayVec<u8, { crate::state::MAX_FIGURES }> = (0..state.figures.len() as u8)
                    .filter(|&i| state.figures[i as usize].owner != seat && state.figures[i as usize].on_table())
                    .collect();
                if !enemies.is_empty() {
                    let target = enemies[rng.random_range(0..enemies.len())];
                    let best = game.attack_dice().best(stats.force);
                    let dice = best[rng.random_range(0..best.len())].0;
                    let action = Action::Attack { target, dice };
                    if game.check(state, &action).is_ok() {
                        return Some(action);
                    }
                }
            } else if roll < 0.9 && *used > 0 {
                return Some(Action::End);
            }
            Some(Action::Prepare)
        }
        Phase::Terrain { .. } => {
            let free: Vec<Option<u8>> = (0..crate::kit::PIECES as u8)
                .filter(|p| !state.terrain.iter().any(|t| t.piece == *p))
                .map(Some)
                .chain(state.gate.is_none().then_some(None))
                .collect();
            for _ in 0..64 {
                let which = free[rng.random_range(0..free.len())];
                let at = Pos::new(rng.random_range(2.0f32..38.0), rng.random_range(2.0f32..38.0));
                let action = match which {
                    Some(piece) => Action::Terrain { piece, at, turn: rng.random_range(0..180) },
                    None => Action::Gate { at },
                };
                if game.check(state, &action).is_ok() {
                    return Some(action);
                }
            }
            pick(game, state, rng, scratch)
        }
        Phase::Forage { .. } => {
            let usable: Vec<(u8, u8)> = state
                .pool
                .iter()
                .flat_map(|(die, d)| {
                    state
                        .figures_of(seat)
                        .filter(|(i, f)| {
                            !f.defeated && game.stats()[*i as usize].forage[d.sides as usize][d.value as usize]
                        })
                        .map(move |(i, _)| (die, i))
                })
                .collect();
            if usable.is_empty() || rng.random_bool(0.15) {
                return Some(Action::Pass);
            }
            let (die, figure) = usable[rng.random_range(0..usable.len())];
            if state.figures[figure as usize].at.is_some() {
                return Some(Action::Forage { die, figure, at: None });
            }
            let at = random_edge_spot(game, state, figure, rng)?;
            Some(Action::Forage { die, figure, at: Some(at) })
        }
        Phase::Deploy { .. } => {
            let waiting: Vec<u8> =
                state.figures_of(seat).filter(|(_, f)| f.at.is_none() && !f.defeated).map(|(i, _)| i).collect();
            let figure = *waiting.get(rng.random_range(0..waiting.len().max(1)))?;
            random_edge_spot(game, state, figure, rng).map(|at| Action::Place { figure, at })
        }
        _ => pick(game, state, rng, scratch),
    }
}

/// A legal edge spot for a figure: random tries, then the full scan.
fn random_edge_spot<R: Rng + ?Sized>(game: &Ephemeral, state: &State, figure: u8, rng: &mut R) -> Option<Pos> {
    let r = game.stats()[figure as usize].radius;
    let size = AREA.size;
    for _ in 0..24 {
        let t = rng.random_range(r..size - r);
        let p = match rng.random_range(0..4) {
            0 => Pos::new(t, r),
            1 => Pos::new(t, size - r),
            2 => Pos::new(r, t),
            _ => Pos::new(size - r, t),
        };
        if game.check_placement(state, figure, p).is_ok() {
            return Some(p);
        }
    }
    let spots = placements(game, state, figure, 8);
    spots.get(rng.random_range(0..spots.len().max(1))).copied()
}

fn pick<R: Rng + ?Sized>(game: &Ephemeral, state: &State, rng: &mut R, scratch: &mut Vec<Action>) -> Option<Action> {
    scratch.clear();
    candidates(game, state, scratch);
    if scratch.is_empty() {
        return None;
    }
    let i = rng.random_range(0..scratch.len());
    Some(scratch.swap_remove(i))
}
