//! Carrying out a decision already judged legal: set-up choices, the
//! active creature's actions (pushing the pending work they start), and the
//! answers to a line or a reaction.

use super::action::Action;
use super::event::Event;
use super::judge::stride_reach;
use super::rules::{P2v, place_objective};
use super::state::{Conditions, Frame, Life, Maneuver, Phase, State, Strike, Trigger, Turn};
use arbiter_core::EventSink;
use arbiter_core::Seat;
use arbiter_core::resolve::{Timing, Window};
use arbiter_geometry::battle::FigureId;

/// Applies a decision judged legal.
pub fn apply<E: EventSink<Event>>(g: &P2v, s: &mut State, a: &Action, events: &mut E) {
    if let Some(top) = s.pending.top() {
        if let Frame::Activity { .. } = top {
            g.apply_activity(s, a, events);
            return;
        }
        if let Frame::LongJump { .. } = top {
            g.apply_long_jump(s, a);
            return;
        }
        if let (Frame::Interlude { .. }, Phase::Turn(t)) = (top, s.phase) {
            // The readied action: one action (`end` takes none), then the
            // turn under way goes on.
            if *a != Action::End {
                act(g, s, t, *a, events);
            }
            if let Phase::Turn(tt) = &mut s.phase
                && tt.who == t.who
            {
                tt.ap = 0;
            }
            return;
        }
        match (top, a) {
            (Frame::Disgorge { who, .. }, Action::Place { at, .. }) => {
                let who = *who;
                s.pending.pop();
                g.land_disgorged(s, who, *at, events);
            }
            (Frame::Unmask { who }, Action::React | Action::Pass) => {
                let who = *who;
                s.pending.pop();
                g.answer_unmask(s, who, *a == Action::React, events);
            }
            (Frame::Line { .. }, Action::Line { line }) => g.choose_line(s, *line),
            (Frame::Crash { who, power }, Action::Line { line }) => {
                let (who, power) = (*who, *power);
                g.crash_down(s, who, power, *line, events)
            }
            (Frame::PowerLine { .. }, Action::Line { line }) => g.choose_power_line(s, *line),
            (Frame::Window(_), Action::Regain { power }) => g.choose_regain(s, *power, events),
            (Frame::Window(w), Action::React | Action::Escape { .. })
                if matches!(w.trigger, Trigger::Outrage { .. }) =>
            {
                g.outrage(s, a, events)
            }
            (Frame::Window(w), Action::React) => {
                let t = w.trigger;
                match t {
                    Trigger::Grab { attacker, target } => g.grab(s, attacker, target, events),
                    Trigger::ShieldBlock { who } => g.block(s, who, events),
                    Trigger::Defend { who, ally } => g.defend(s, who, ally, events),
                    Trigger::Retort { who, attacker } => g.retort(s, who, attacker, events),
                    Trigger::Strode { who } => g.react_to_stride(s, who, events),
                    Trigger::Sink { who } => g.sink(s, who, events),
                    Trigger::Fell { who, power } => g.crash(s, who, power, events),
                    Trigger::Spend { attacker, target, weapon } => g.spend(s, attacker, target, weapon, events),
                    Trigger::Rejuvenate { who, held } => g.rejuvenate(s, who, held, events),
                    Trigger::TurnStart { who, reactor, power } => g.glance(s, who, reactor, power, events),
                    Trigger::Ferocity { who, was_prone } => g.ferocity(s, who, was_prone, events),
                    Trigger::Reroll { who, roller, .. } => g.reroll(s, who, roller, events),
                    Trigger::Retry { reactor, target, .. } => g.retry(s, reactor, target, events),
                    Trigger::Flail { who } => g.flail(s, who, events),
                    Trigger::Retaliate { who, attacker, power } => g.retaliate(s, who, attacker, power, events),
                    Trigger::Liberate { reactor, grabber, .. } => g.liberate(s, reactor, grabber, events),
                    Trigger::Catch { who, attacker } => g.catch(s, who, attacker, events),
                    Trigger::Recovery { who } => g.sure_recovery(s, who, events),
                    Trigger::Readied { who } => g.take_readied(s, who, events),
                    Trigger::Ambush { who, by } => g.ambush(s, who, by, events),
                    _ => react(g, s, t, events),
                }
            }
            (Frame::Window(w), Action::Pass) => {
                let seat = w.asks(|seat| g.can_respond(s, &w.trigger, seat));
                if let (Some(seat), Some(Frame::Window(w))) = (seat, s.pending.top_mut()) {
                    w.pass(seat);
                }
            }
            _ => {}
        }
        return;
    }
    if g.apply_party(s, a, events) {
        return;
    }
    match (s.phase, *a) {
        (Phase::PlaceObjective { seat, .. }, Action::Objective { kind, at }) => {
            place_objective(s, seat, kind, at, events);
            g.after_objectives(s);
        }
        (Phase::ExtraObjective { who }, Action::Objective { kind, at }) => {
            place_objective(s, g.team(usize::from(who)), kind, at, events);
            g.after_extra(s, who);
        }
        (Phase::Disguise { who }, Action::Disguise { objective }) => g.take_disguise(s, who, objective, events),
        (Phase::PlaceBody { .. }, Action::Body { at }) => g.place_trail_body(s, at, events),
        (Phase::PlaceObject { who }, Action::Object { at }) => g.place_object(s, who, at, events),
        (Phase::Hide { who }, Action::Hide { at }) => g.take_hide(s, who, at, events),
        (Phase::PlaceTile { seat, .. }, Action::Tile { tile, at, turn }) => {
            g.lay_tile(s, seat, super::tiles::PlacedTile { tile, at, turn }, events)
        }
        (Phase::ChooseZone { seat }, Action::Zone { zone }) => {
            s.zones[usize::from(seat.min(1))] = Some(zone);
            let name = g.zone_names().get(usize::from(zone)).copied().unwrap_or("?").to_string();
            events.emit(Event::ZoneChosen { seat, zone: name });
            s.phase = Phase::Deploy { seat };
            g.after_deploy(s);
        }
        (Phase::Deploy { .. }, Action::Place { who, at }) => {
            let i = usize::from(who);
            if let Some(c) = s.creatures.get_mut(i) {
                c.at = Some(at);
                c.life = Life::Up;
            }
            g.sync(s, i);
            events.emit(Event::Deployed { who, at });
            g.after_deploy(s);
        }
        (Phase::Activate { seat }, Action::Activate { who }) => activate(g, s, seat, who),
        (Phase::Turn(t), a) => act(g, s, t, a, events),
        _ => {}
    }
}

fn activate(g: &P2v, s: &mut State, seat: u8, who: u8) {
    let i = usize::from(who);
    s.last = seat;
    let Some(c) = s.creatures.get_mut(i) else { return };
    c.done = true;
    c.reacted = false;
    // "Before your next turn": a readied action not taken is lost.
    c.readied = false;
    // The reactions to the turn's start come first (Petrifying Glance
    // slows the creature before its AP are set: ruling P2V-R25).
    s.phase = Phase::Turn(Turn { who, ap: 0, ..Turn::default() });
    s.pending.push(Frame::TurnStart { who });
    // Out of play in a haven, nothing sees its turn start.
    if !g.in_haven(s, i) {
        let windows = g.turn_start_windows(s, who);
        s.pending.push_in_order(windows);
    }
}

/// Sets a creature's action points as its turn starts, after its
/// regeneration.
pub(crate) fn start_turn<E: EventSink<Event>>(g: &P2v, s: &mut State, who: u8, events: &mut E) {
    let i = usize::from(who);
    g.pass_turn_start(s, who);
    g.regenerate(s, who, events);
    g.haven_turn_start(s, who, events);
    g.swallowed_turn_start(s, who);
    g.terrain_turn_start(s, who, events);
    let quick = g.quickened_turn(s, who);
    // Slowed by the condition, or by a heavy load (ruling P2V-R165).
    let slowed = g.is_slowed(s, who);
    let Some(c) = s.creatures.get_mut(i) else { return };
    // "At the start of each of its turns, a creature's action points (AP)
    // are set to 2." Slowed: one fewer; stunned: none. A dying (helpless)
    // creature's turn "ends immediately". Quickened: "+1 action point at the
    // start of its next turn", but a stunned creature has none (ruling P2V-R151).
    let ap: u8 = if c.life == Life::Dying || c.conditions.has(Conditions::STUNNED) {
        0
    } else if slowed {
        1 + quick
    } else {
        2 + quick
    };
    // A minion's turn inside its commander's has 1 AP.
    let ap = g.party_ap(s, who, ap);
    events.emit(Event::Activated { who, ap });
    s.phase = Phase::Turn(Turn { who, ap, ..Turn::default() });
    g.party_started(s, who);
    // A readied creature may act "at any time": before the first action too.
    g.push_readied_windows(s);
    // A creature in a False Object disguise, when this one starts near it.
    g.push_ambush_windows(s, who);
}

fn spend(s: &mut State, ap: u8) -> Turn {
    if let Phase::Turn(t) = &mut s.phase {
        t.ap = t.ap.saturating_sub(ap);
        return *t;
    }
    Turn::default()
}

fn act<E: EventSink<Event>>(g: &P2v, s: &mut State, t: Turn, a: Action, events: &mut E) {
    let who = t.who;
    let i = usize::from(who);
    // Readied creatures are asked once this action is resolved (ruling
    // P2V-R30); not after a readied action, nor after ending the turn.
    // Healing Haven: coming out is free, and the turn goes on (ruling P2V-R147).
    if let (true, Action::Place { at, .. }) = (g.in_haven(s, i), a) {
        g.leave_haven(s, who, at, events);
        return;
    }
    if !matches!(a, Action::End | Action::Ready) && g.interlude(s).is_none() {
        g.push_readied_windows(s);
    }
    // False Object: asked once this action is resolved, if it ends near
    // an obstacle (ruling P2V-R167); after a readied action too, but not
    // after an action that ends the turn.
    if !matches!(a, Action::End | Action::Ready) {
        g.push_ambush_windows(s, who);
    }
    match a {
        Action::End => {
            s.pending.push(Frame::EndTurn { who });
        }
        Action::DropProne | Action::Stand => {
            spend(s, 1);
            let down = a == Action::DropProne;
            if let Some(c) = s.creatures.get_mut(i) {
                c.prone = down;
            }
            events.emit(Event::Prone { who, down });
            reset_carry(s);
        }
        Action::Stride { to } => {
            spend(s, 1);
            stride(g, s, t, to);
        }
        Action::Haul { to } => {
            spend(s, 1);
            g.haul(s, t, to);
        }
        Action::Tumble { to } => {
            spend(s, 1);
            g.tumble(s, t, to);
        }
        Action::Place { who: w, at } => {
            spend(s, 2);
            reset_carry(s);
            g.summon(s, who, w, at, events);
        }
        Action::LongJump => {
            spend(s, 2);
            reset_carry(s);
            s.pending.push(Frame::LongJump { who, jumping: false });
        }
        Action::Step { to } | Action::Crawl { to } | Action::Leap { to } => {
            spend(s, 1);
            reset_carry(s);
            let from = s.creatures[i].at.unwrap_or(to);
            let how = match a {
                Action::Step { .. } => 1,
                Action::Crawl { .. } => 2,
                _ => super::resolve::LEAP,
            };
            s.pending.push(Frame::Walk { who, from, path: vec![to], how, asked: false, back: from });
        }
        Action::Strike { weapon, target } => {
            let ap = g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))).map_or(1, |w| w.ap);
            let t = spend(s, ap);
            reset_carry(s);
            strike(g, s, t, weapon, target, (0, 0, None), events);
            if let Phase::Turn(tt) = &mut s.phase {
                tt.attacks = tt.attacks.saturating_add(1);
            }
        }
        Action::Trip { target } | Action::Shove { target, .. } | Action::Grapple { target } => {
            let t = spend(s, 1);
            reset_carry(s);
            let mut penalty: i8 = match t.attacks {
                0 => 0,
                1 => -5,
                _ => -10,
            };
            if s.creatures.get(i).is_some_and(|c| c.prone) {
                penalty -= 2;
            }
            if let Phase::Turn(tt) = &mut s.phase {
                tt.attacks = tt.attacks.saturating_add(1);
            }
            let (kind, to) = match a {
                Action::Trip { .. } => (0, None),
                Action::Shove { to, .. } => (1, Some(to)),
                _ => (2, None),
            };
            s.pending.push(Frame::Maneuver(Maneuver { attacker: who, target, kind, penalty, to }));
            // Liberating Strike: "an enemy within reach tries to grab … an ally".
            if kind == 2 {
                g.liberate_windows(s, who, target);
            }
        }
        Action::Spot { objective } => {
            spend(s, 1);
            reset_carry(s);
            s.pending.push(Frame::Spot { who, objective });
        }
        Action::SpotObstacle { at } => {
            spend(s, 1);
            reset_carry(s);
            s.pending.push(Frame::SpotObstacle { who, at });
        }
        Action::Pluck { target } => {
            spend(s, 1);
            reset_carry(s);
            s.pending.push(Frame::Pluck { who, target });
        }
        // Interact to pick up a body; laying it down is free (ruling P2V-R165).
        Action::Carry { body } => {
            spend(s, 1);
            reset_carry(s);
            g.carry(s, who, body, events);
        }
        Action::DropLoad => g.drop_load(s, who, events),
        // Interact to take an item from a body (ruling P2V-R168).
        Action::Take { item } => {
            spend(s, 1);
            reset_carry(s);
            g.take_item(s, who, item, events);
        }
        // Swallowed: escaping its grabbed condition is the climb out (ruling P2V-R163).
        Action::Escape { condition }
            if g.swallowed(s, i) && Conditions(1 << condition.min(15)) == Conditions::GRABBED =>
        {
            spend(s, 1);
            reset_carry(s);
            if let Some(by) = g.swallower(s, who) {
                s.pending.push(Frame::Climb { who, by });
            }
        }
        Action::Escape { condition } => {
            spend(s, 1);
            reset_carry(s);
            escape(s, who, condition, events);
        }
        Action::Use { power, aim } => g.use_power(s, who, power, aim, events),
        Action::Ready => {
            spend(s, 2);
            g.ready(s, who, events);
        }
        Action::Door { piece, open } => {
            spend(s, 1);
            reset_carry(s);
            g.set_door(s, who, piece, open, events);
        }
        Action::Claim { objective, skill } => {
            spend(s, 1);
            reset_carry(s);
            s.pending.push(Frame::Claim { who, objective, skill });
        }
        _ => {}
    }
}

/// A Stride of the creature taking its turn (AP already paid): the cheapest
/// way to `to`, square by square, and what movement is left to carry.
pub(crate) fn stride(g: &P2v, s: &mut State, t: Turn, to: arbiter_geometry::battle::Square) {
    let who = t.who;
    let path = stride_reach(g, s, &t).and_then(|r| {
        let cost = r.cost(to)?;
        Some((r.path(&g.move_field(s, who), to)?, cost))
    });
    let budget = super::judge::stride_budget(g, s, &t);
    let Some((steps, cost)) = path else { return };
    if let Phase::Turn(tt) = &mut s.phase {
        tt.carry = budget.saturating_sub(cost).min(255) as u8;
    }
    let from = s.creatures[usize::from(who)].at.unwrap_or(to);
    let anchors = steps.iter().map(|st| st.to).collect();
    s.pending.push(Frame::Walk { who, from, path: anchors, how: 0, asked: false, back: from });
}

/// A strike of the creature taking its turn (AP already paid; the
/// multiple attack penalty is the caller's): its penalties, its use, and
/// the reactions a ranged strike opens.
/// A strike of the creature taking its turn (AP already paid), with a
/// bonus to its Fight roll (a card's "+2 to hit").
pub(crate) fn strike<E: EventSink<Event>>(
    g: &P2v,
    s: &mut State,
    t: Turn,
    weapon: u8,
    target: u8,
    (bonus, push, of): (i8, u8, Option<u8>),
    events: &mut E,
) {
    let who = t.who;
    let i = usize::from(who);
    let penalty = strike_penalty(g, s, &t, weapon, target).saturating_add(bonus);
    // An invisible creature that attacks is seen (ruling P2V-R63).
    g.end_invisible(s, who, events);
    if let Phase::Turn(tt) = &mut s.phase
        && weapon < 32
    {
        tt.once |= 1 << weapon;
    }

    let limited = g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))).is_some_and(|w| w.uses.is_some());
    if limited && let Some(u) = s.creatures.get_mut(i).and_then(|c| c.uses.get_mut(usize::from(weapon))) {
        *u = u.saturating_sub(1);
    }
    let name =
        g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))).map_or_else(String::new, |w| w.name.clone());
    events.emit(Event::Strikes { attacker: who, target, weapon: name, penalty });
    let st = Strike { attacker: who, target, weapon, penalty, reaction: false, push, of, frees: false, caught: false };
    s.pending.push(Frame::Aim(st));
    // Catch Rock: the target braces before anything is rolled.
    g.catch_window(s, who, target, weapon);
    // Attack of Opportunity: "makes a ranged attack" within an enemy's reach.
    let ranged = g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))).is_some_and(|w| !w.melee());
    if ranged {
        for w in reaction_windows(g, s, who, |g, s, r| within_reach(g, s, who, r)) {
            s.pending.push(Frame::Window(w));
        }
    }
}

/// Whether `who` is within the reach of `r` (Attack of Opportunity).
pub(crate) fn within_reach(g: &P2v, s: &State, who: u8, r: u8) -> bool {
    let field = g.field(s);
    let more = g.bonus(s, r, super::cast::Stat::Reach).max(0) as u16;
    // Enlarge: a bonus to melee reach, for a creature with a melee strike.
    let base = g.profile(usize::from(r)).map_or(0, |p| p.reach());
    let reach = if base > 0 { base.saturating_add(more) } else { 0 };
    reach > 0 && field.in_reach(FigureId(u16::from(r)), FigureId(u16::from(who)), u32::from(reach))
}

fn reset_carry(s: &mut State) {
    if let Phase::Turn(t) = &mut s.phase {
        t.carry = 0;
    }
}

/// The penalties fixed when a strike is declared: the multiple attack
/// penalty (−5 after one action with a Fight roll this turn, −10 after
/// two), −2 beyond short range, −2 for a ranged strike within an enemy's
/// reach, −2 while prone.
pub fn strike_penalty(g: &P2v, s: &State, t: &Turn, weapon: u8, target: u8) -> i8 {
    let i = usize::from(t.who);
    let Some(w) = g.profile(i).and_then(|p| p.weapons.get(usize::from(weapon))) else { return 0 };
    let mut pen: i8 = match t.attacks {
        0 => 0,
        1 => -5,
        _ => -10,
    };
    let field = g.field(s);
    let me = FigureId(u16::from(t.who));
    if !w.melee() {
        if !w.no_long_penalty && field.range(me, FigureId(u16::from(target))).is_some_and(|d| d > u32::from(w.short)) {
            pen -= 2;
        }
        // "A creature that is within an enemy's reach suffers a -2 penalty to
        // their Fight roll with ranged strikes."
        let in_reach = (0..s.creatures.len()).any(|e| {
            g.team(e) != g.team(i)
                && s.creatures[e].life == Life::Up
                && g.profile(e)
                    .is_some_and(|p| p.reach() > 0 && field.in_reach(FigureId(e as u16), me, u32::from(p.reach())))
        });
        if in_reach {
            pen -= 2;
        }
    }
    if s.creatures.get(i).is_some_and(|c| c.prone) {
        pen -= 2;
    }
    pen
}

/// Reaction windows for every enemy of `who` with Reactive Strike that may
/// react and for which `when` holds.
pub(crate) fn reaction_windows(
    g: &P2v,
    s: &State,
    who: u8,
    when: impl Fn(&P2v, &State, u8) -> bool,
) -> Vec<Window<Trigger>> {
    let mine = g.team(usize::from(who));
    (0..s.creatures.len() as u8)
        .filter(|&r| {
            g.team(usize::from(r)) != mine
                && g.profile(usize::from(r)).is_some_and(|p| p.reactive_strike)
                && g.may_react(s, r)
                && when(g, s, r)
        })
        .map(|r| {
            Window::for_seat(
                Trigger::RangedInReach { attacker: who, reactor: r },
                Timing::Before,
                Seat(g.team(usize::from(r))),
            )
        })
        .collect()
}

/// Takes the reaction a window offers: a Reactive Strike with the
/// reactor's best weapon that reaches the triggering creature.
fn react<E: EventSink<Event>>(g: &P2v, s: &mut State, t: Trigger, events: &mut E) {
    let (Trigger::LeftReach { mover, reactor }
    | Trigger::RangedInReach { attacker: mover, reactor }
    | Trigger::Casts { caster: mover, reactor }) = t
    else {
        return;
    };
    let Some(weapon) = g.reaction_weapon(s, reactor, mover) else {
        // Nothing reaches any more: the window closes.
        if let Some(Frame::Window(w)) = s.pending.top_mut() {
            w.pass(Seat(g.team(usize::from(reactor))));
        }
        return;
    };
    if let Some(c) = s.creatures.get_mut(usize::from(reactor)) {
        c.reacted = true;
    }
    events.emit(Event::Reacts { who: reactor, reaction: "Reactive Strike".into() });
    reaction_strike(g, s, reactor, mover, weapon, events);
}

/// A strike made as a reaction: no multiple attack penalty, −2 if the
/// striker is prone; announced, then aimed.
pub(crate) fn reaction_strike<E: EventSink<Event>>(
    g: &P2v,
    s: &mut State,
    reactor: u8,
    target: u8,
    weapon: u8,
    events: &mut E,
) {
    let prone = s.creatures.get(usize::from(reactor)).is_some_and(|c| c.prone);
    let name = g
        .profile(usize::from(reactor))
        .and_then(|p| p.weapons.get(usize::from(weapon)))
        .map_or_else(String::new, |w| w.name.clone());
    let penalty = if prone { -2 } else { 0 };
    events.emit(Event::Strikes { attacker: reactor, target, weapon: name, penalty });
    s.pending.push(Frame::Aim(Strike {
        attacker: reactor,
        target,
        weapon,
        penalty,
        reaction: true,
        push: 0,
        of: None,
        frees: false,
        caught: false,
    }));
}

/// Escape: "Remove one condition currently affecting the creature" (by its
/// bit), as an action or as Denuded Outrage's answer.
pub(crate) fn escape<E: EventSink<Event>>(s: &mut State, who: u8, condition: u8, events: &mut E) {
    if let Some(c) = s.creatures.get_mut(usize::from(who)) {
        c.conditions = c.conditions.without(Conditions(1 << condition.min(15)));
    }
    let name = Conditions::NAMES.get(usize::from(condition)).copied().unwrap_or("?").to_string();
    events.emit(Event::Condition { who, name, on: false });
}
