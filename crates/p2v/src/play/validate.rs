//! Checking a state from outside (a file, a message): every index in range,
//! every creature on the board where it may stand, the phase consistent.

use super::rules::P2v;
use super::state::{Frame, Life, Phase, State};
use arbiter_geometry::battle::Space;

/// Says what is wrong with a state these rules cannot continue from.
pub fn check(g: &P2v, s: &State) -> Result<(), String> {
    let n = g.roster().len();
    if s.creatures.len() != n {
        return Err(format!("the state has {} creatures; the warbands have {n}", s.creatures.len()));
    }
    let board = g.base_terrain().board();
    let creature = |i: u8, what: &str| -> Result<(), String> {
        if usize::from(i) < n { Ok(()) } else { Err(format!("{what} names creature {i}, and there are {n}")) }
    };
    g.check_party(s)?;
    if s.objectives.len() > 8 {
        return Err("more than eight objectives".into());
    }
    for (k, o) in s.objectives.iter().enumerate() {
        if !board.contains(o.square) {
            return Err(format!("objective {} stands off the board", k + 1));
        }
        if o.holder.is_some_and(|h| h > 1) || o.skills > 15 {
            return Err(format!("objective {} has an impossible holder or skills", k + 1));
        }
        if s.objectives[..k].iter().any(|p| p.kind == o.kind || p.square == o.square) {
            return Err(format!("objective {} repeats a kind or a square", k + 1));
        }
    }
    for (i, c) in s.creatures.iter().enumerate() {
        let p = &g.roster()[i];
        match (c.life, c.at) {
            (Life::Up | Life::Dying, Some(at)) => {
                let space = Space::new(at, p.size.side());
                if !board.contains(at) || !board.holds(&space) {
                    return Err(format!("{} ({}) stands off the board", p.name, p.label));
                }
            }
            // A swallowed creature shares its swallower's space, off the board.
            (Life::Up | Life::Dying, None) if c.swallowed_by.is_some() => {}
            (Life::Up | Life::Dying, None) => {
                return Err(format!("{} ({}) is in play but not on the board", p.name, p.label));
            }
            (Life::Waiting | Life::Eliminated, Some(_)) => {
                return Err(format!("{} ({}) is on the board but not in play", p.name, p.label));
            }
            _ => {}
        }
        if c.uses.len() != p.weapons.len() {
            return Err(format!(
                "{} ({}) has uses for {} weapons, not {}",
                p.name,
                p.label,
                c.uses.len(),
                p.weapons.len()
            ));
        }
        if c.power_uses.len() != p.powers.len() {
            return Err(format!(
                "{} ({}) has uses for {} powers, not {}",
                p.name,
                p.label,
                c.power_uses.len(),
                p.powers.len()
            ));
        }
        if c.haven.is_some_and(|h| usize::from(h) >= s.creatures.len() || c.life != Life::Waiting) {
            return Err(format!("{} ({}) is in a haven of no creature, or in play", p.name, p.label));
        }
        if let Some(by) = c.swallowed_by {
            let b = usize::from(by);
            if b >= s.creatures.len() || b == i || c.at.is_some() || !matches!(c.life, Life::Up | Life::Dying) {
                return Err(format!("{} ({}) is swallowed by no creature, or on the board", p.name, p.label));
            }
            // Its swallower at 0 HP or out of play lets it out: its placing is owed.
            let leaving = s.pending.iter().any(|f| matches!(f, Frame::Disgorge { who, .. } if usize::from(*who) == i));
            if s.creatures[b].life != Life::Up && !leaving {
                return Err(format!("{} ({}) is still inside a creature that is down", p.name, p.label));
            }
        }
        if c.grabbed_by.is_some_and(|g| usize::from(g) >= s.creatures.len()) {
            return Err(format!("{} ({}) was grabbed by a creature not in the roster", p.name, p.label));
        }
        // A creature in play keeps at least one hair; the last one eliminates it.
        let hairs = p.hairs.as_ref().map_or(0, |(n, _)| *n);
        if c.hairs_lost > hairs || (c.hairs_lost == hairs && hairs > 0 && matches!(c.life, Life::Up | Life::Dying)) {
            return Err(format!("{} ({}) has lost {} of its {hairs} white hairs", p.name, p.label, c.hairs_lost));
        }
        if c.persistent.iter().any(|(t, _)| usize::from(*t) >= 16) {
            return Err(format!("{} ({}) has persistent damage of an unknown type", p.name, p.label));
        }
    }
    g.check_bodies(s)?;
    // Two creatures in play on one square (a creature in the middle of a
    // move may pass through an ally's space).
    let moving: Vec<u8> = s
        .pending
        .iter()
        .filter_map(|f| match f {
            Frame::Walk { who, .. } => Some(*who),
            _ => None,
        })
        .collect();
    let mut seen = arbiter_geometry::battle::SquareSet::EMPTY;
    for (i, c) in s.creatures.iter().enumerate() {
        // A rider shares its mount's space.
        if moving.contains(&(i as u8)) || g.mount_of(s, i as u8).is_some() {
            continue;
        }
        if let (Some(at), Life::Up | Life::Dying) = (c.at, c.life) {
            let sq = Space::new(at, g.roster()[i].size.side()).squares();
            if seen.intersects(&sq) {
                return Err(format!("two creatures share a square ({})", g.roster()[i].label));
            }
            seen.union_with(&sq);
        }
    }
    // Doors: each a door of the map, once. (A closed door may lie under a
    // large creature squeezed beside it, as any solid terrain may.)
    for (k, d) in s.doors.iter().enumerate() {
        let ground = g.ground(s);
        let piece = ground.piece(arbiter_geometry::battle::PieceId(d.piece));
        if !piece.is_some_and(|p| p.traits.contains(arbiter_geometry::battle::Traits::DOOR)) {
            return Err(format!("door {} is not a door of the map", d.piece));
        }
        if s.doors[..k].iter().any(|e| e.piece == d.piece) {
            return Err(format!("door {} is listed twice", d.piece));
        }
    }
    // Darkness and a spell's terrain: squares of the board, clearing by the
    // end of the battle (Final Night's darkness no later than next round).
    let board = g.base_terrain().board();
    for v in &s.veils {
        let darkness = v.name.is_none() && v.traits == arbiter_geometry::battle::Traits::CONCEALING;
        if v.squares.iter().any(|q| !board.contains(*q))
            || (darkness && v.until > s.round.saturating_add(1) && v.until != u8::MAX)
        {
            return Err("terrain made for a while off the board, or darkness lasting beyond the next round".into());
        }
    }
    if s.openings.iter().any(|q| !board.contains(*q)) || s.openings.len() > 4096 {
        return Err("a magic passage off the board".into());
    }
    // Lasting effects: a bond holds two creatures up, each the other's source.
    for e in s.effects.iter() {
        let up = |i: u8| s.creatures.get(usize::from(i)).is_some_and(|c| c.life == super::state::Life::Up);
        if matches!(
            e.kind,
            super::state::Lasting::Invisible
                | super::state::Lasting::Bonus { .. }
                | super::state::Lasting::Controlled
                | super::state::Lasting::Quickened
                | super::state::Lasting::Stance { .. }
                | super::state::Lasting::Surge { .. }
                | super::state::Lasting::Concealed { .. }
        ) {
            if usize::from(e.holder) >= s.creatures.len() || !(-10..=10).contains(&e.value) {
                return Err(format!("a spell's effect on creature {} that cannot be", e.holder));
            }
            continue;
        }
        if let super::state::Lasting::NextHit { power } = e.kind {
            let has = g
                .roster()
                .get(usize::from(e.holder))
                .is_some_and(|p| p.powers.get(usize::from(power)).is_some_and(|pw| !pw.program.next_hit.is_empty()));
            if !has {
                return Err(format!("a readied hit on creature {} that no power of it gives", e.holder));
            }
            continue;
        }
        if e.kind == super::state::Lasting::Tumbled {
            // Off-guard from a tumble: its source is the tumbler, whose turn's end ends it.
            let n = s.creatures.len();
            if usize::from(e.holder) >= n || e.source.is_none_or(|t| usize::from(t) >= n || t == e.holder) {
                return Err(format!("a tumble's off-guard on creature {} from no tumbler", e.holder));
            }
            continue;
        }
        if let super::state::Lasting::Sustain { power } = e.kind {
            // A spell to sustain: a cast of the holder, cast in a round so far.
            if g.spell_of(e.holder, power).is_none() || e.value < 0 || e.value > i16::from(s.round) {
                return Err(format!("a spell to sustain on creature {} that it cannot have cast", e.holder));
            }
            continue;
        }
        match e.source {
            Some(other) if up(e.holder) && up(other) && g.bound_to(s, other) == Some(e.holder) => {}
            _ => return Err(format!("a bond on creature {} that does not hold two creatures up", e.holder)),
        }
    }
    if s.zones.iter().flatten().any(|&z| usize::from(z) >= g.zone_names().len()) || s.vp.iter().any(|&v| v > 10_000) {
        return Err("an impossible zone or score".into());
    }
    // Disguises: a waiting creature with Tempting Disguise is one existing
    // objective, and no other creature of its warband is the same one.
    for (i, c) in s.creatures.iter().enumerate() {
        if let Some(k) = c.disguise {
            if !g.tempting(i) || c.life != Life::Waiting || usize::from(k) >= s.objectives.len() {
                return Err(format!("creature {i} is in a disguise it cannot have"));
            }
            if s.creatures[..i].iter().enumerate().any(|(j, d)| d.disguise == Some(k) && g.team(j) == g.team(i)) {
                return Err(format!("two creatures of one warband are objective {}", k + 1));
            }
        }
        // False Object: a waiting creature with the upgrade, on the board,
        // and no other creature of its warband is the same obstacle.
        if let Some(at) = c.hidden {
            if !g.false_object(i) || c.life != Life::Waiting || !board.contains(at) {
                return Err(format!("creature {i} is in a disguise it cannot have"));
            }
            if s.creatures[..i].iter().enumerate().any(|(j, d)| d.hidden == Some(at) && g.team(j) == g.team(i)) {
                return Err("two creatures of one warband are the same obstacle".into());
            }
        }
    }
    if s.deploys_first > 1 || s.first > 1 || s.last > 1 {
        return Err("a seat out of range".into());
    }
    match s.phase {
        Phase::PlaceObjective { seat, .. }
        | Phase::PlaceTile { seat, .. }
        | Phase::ChooseZone { seat }
        | Phase::Deploy { seat }
        | Phase::Activate { seat }
            if seat > 1 =>
        {
            return Err("a seat out of range".into());
        }
        Phase::ExtraObjective { who } | Phase::Disguise { who } if !g.tempting(usize::from(who)) => {
            return Err("a Tempting Disguise set-up step for a creature without it".into());
        }
        Phase::PlaceObject { who } | Phase::Hide { who } if !g.false_object(usize::from(who)) => {
            return Err("a False Object set-up step for a creature without it".into());
        }
        Phase::TrailRoll { who } | Phase::PlaceBody { who, .. } if !g.trail(usize::from(who)) => {
            return Err("a Trail of Bodies set-up step for a creature without it".into());
        }
        Phase::PlaceBody { seat, left, .. } if seat > 1 || left == 0 || left > 6 => {
            return Err("a body placed by no seat, or none or more than six left".into());
        }
        Phase::Turn(t) => {
            creature(t.who, "the turn")?;
            let i = usize::from(t.who);
            if s.creatures[i].at.is_none() && !g.in_haven(s, i) && !g.swallowed(s, i) {
                return Err("the creature taking its turn is not on the board".into());
            }
        }
        _ => {}
    }
    // Between decisions the game is never busy with nothing pending, and it
    // is over only with its ending.
    if s.phase == Phase::Busy && s.pending.is_empty() {
        return Err("the game is between turns with nothing pending".into());
    }
    if (s.phase == Phase::Over) != s.ending.is_some() {
        return Err("the game's phase and its ending disagree".into());
    }
    if s.pending.len() > 64 {
        return Err("too much pending work".into());
    }
    // A held or rerolled roll is checked as the frame it holds, which must
    // be a d20 roll.
    let mut frames: Vec<&Frame> = Vec::with_capacity(s.pending.len());
    for f in s.pending.iter() {
        frames.push(f);
        if let Frame::Held { roll, .. } | Frame::Rerolled { roll, .. } = f {
            let d20 = matches!(
                **roll,
                Frame::FightRoll(_)
                    | Frame::Maneuver(_)
                    | Frame::ManeuverSave { .. }
                    | Frame::Affect(_)
                    | Frame::Claim { .. }
                    | Frame::Pluck { .. }
                    | Frame::Climb { .. }
                    | Frame::Spot { .. }
                    | Frame::SpotObstacle { .. }
                    | Frame::TumbleCheck { .. }
                    | Frame::JumpCheck { .. }
            );
            if !d20 {
                return Err("a held roll that is not a d20".into());
            }
            frames.push(roll);
        }
        if let Frame::Held { die, .. } = f
            && !(1..=20).contains(die)
        {
            return Err("a held d20 outside 1 to 20".into());
        }
        if let Frame::Rerolled { better_than: Some(die), .. } = f
            && !(1..=20).contains(die)
        {
            return Err("a retried d20 outside 1 to 20".into());
        }
    }
    for f in frames {
        match f {
            Frame::ObjectiveTable { objective } | Frame::Claim { objective, .. } | Frame::Spot { objective, .. }
                if usize::from(*objective) >= s.objectives.len() =>
            {
                return Err("pending work names an objective that is not there".into());
            }
            Frame::Trample { who, power, under } => {
                creature(*who, "a trample")?;
                if usize::from(*power) >= g.roster()[usize::from(*who)].powers.len() {
                    return Err("a trample names a power its creature does not have".into());
                }
                for c in under {
                    creature(*c, "a trample")?;
                }
            }
            Frame::Haul { who, victim: target }
            | Frame::Seize { attacker: who, target }
            | Frame::Tumble { who, target, .. }
            | Frame::TumbleCheck { who, target }
            | Frame::Pluck { who, target } => {
                creature(*who, "a white hair")?;
                creature(*target, "a white hair")?;
            }
            Frame::Climb { who, by } | Frame::Disgorge { who, by } => {
                creature(*who, "a swallowing")?;
                creature(*by, "a swallowing")?;
            }
            Frame::LongJump { who, .. } => creature(*who, "a Long Jump")?,
            Frame::Unmask { who } | Frame::Spot { who, .. } => creature(*who, "a disguise")?,
            Frame::SpotObstacle { who, at } => {
                creature(*who, "a disguise")?;
                if !board.contains(*at) {
                    return Err("a spotted obstacle off the board".into());
                }
            }
            Frame::JumpCheck { who, over, .. } => {
                creature(*who, "a Long Jump")?;
                if !(1..=super::longjump::LONGEST).contains(over) {
                    return Err("a Long Jump over no squares or too many".into());
                }
            }
            Frame::Claim { who, skill, .. } => {
                creature(*who, "a claim")?;
                if usize::from(*skill) >= super::damage::SKILLS.len() {
                    return Err("a claim names an unknown skill".into());
                }
            }
            Frame::Aim(st)
            | Frame::FightRoll(st)
            | Frame::Line { strike: st, .. }
            | Frame::CoverDice { strike: st, .. } => {
                creature(st.attacker, "a strike")?;
                creature(st.target, "a strike")?;
                if usize::from(st.weapon) >= g.roster()[usize::from(st.attacker)].weapons.len() {
                    return Err("a strike names a weapon its attacker does not have".into());
                }
                if let Frame::CoverDice { checks, .. } = f
                    && checks.cover.len() + checks.concealment.len() > arbiter_core::MAX_DICE
                {
                    return Err("too many cover checks".into());
                }
                if let Frame::Line { options, .. } = f
                    && (options.is_empty() || options.len() > 64)
                {
                    return Err("a choice of lines with no line".into());
                }
            }
            Frame::Damage(h) => creature(h.target, "damage")?,
            Frame::Maneuver(m) | Frame::ManeuverSave { maneuver: m, .. } => {
                creature(m.attacker, "a maneuver")?;
                creature(m.target, "a maneuver")?;
                if m.to.is_some_and(|q| !board.contains(q)) {
                    return Err("a shove pushes off the board".into());
                }
            }
            Frame::Recovery { who } | Frame::EndTurn { who } | Frame::TurnTail { who } => {
                creature(*who, "pending work")?
            }
            Frame::RandomTarget { who, among } => {
                creature(*who, "a random strike")?;
                if among.is_empty() || among.len() > 255 {
                    return Err("a random strike among no creature".into());
                }
                for c in among {
                    creature(*c, "a random strike")?;
                }
            }
            Frame::Push { who, from, squares } => {
                creature(*who, "a push")?;
                creature(*from, "a push")?;
                if *squares > 10 {
                    return Err("a push of more than 10 squares".into());
                }
            }
            Frame::Walk { who, path, back, .. } => {
                creature(*who, "a move")?;
                if path.iter().any(|q| !board.contains(*q)) || path.len() > 256 || !board.contains(*back) {
                    return Err("a move leaves the board".into());
                }
            }
            Frame::Window(w) => match w.trigger {
                super::state::Trigger::LeftReach { mover, reactor }
                | super::state::Trigger::RangedInReach { attacker: mover, reactor }
                | super::state::Trigger::Casts { caster: mover, reactor } => {
                    creature(mover, "a reaction")?;
                    creature(reactor, "a reaction")?;
                }
                super::state::Trigger::Grab { attacker, target } => {
                    creature(attacker, "a grab")?;
                    creature(target, "a grab")?;
                }
                super::state::Trigger::TurnStart { who, reactor, power } => {
                    creature(who, "a reaction")?;
                    creature(reactor, "a reaction")?;
                    if usize::from(power) >= g.roster()[usize::from(reactor)].powers.len() {
                        return Err("a reaction names a power its creature does not have".into());
                    }
                }
                super::state::Trigger::Reroll { who, roller, die } => {
                    creature(who, "a hero point")?;
                    creature(roller, "a hero point")?;
                    if !(1..=20).contains(&die) {
                        return Err("a hero point offered on a d20 outside 1 to 20".into());
                    }
                }
                super::state::Trigger::Flail { who } => creature(who, "a random strike")?,
                super::state::Trigger::Retaliate { who, attacker, power } => {
                    creature(who, "damage dealt back")?;
                    creature(attacker, "damage dealt back")?;
                    if g.roster()[usize::from(who)]
                        .powers
                        .get(usize::from(power))
                        .is_none_or(|p| p.program.retaliate.is_none())
                    {
                        return Err("damage dealt back by a power that does not".into());
                    }
                }
                super::state::Trigger::Regain { who } => creature(who, "a use regained")?,
                super::state::Trigger::Liberate { reactor, grabber, ally } => {
                    creature(reactor, "a freeing strike")?;
                    creature(grabber, "a freeing strike")?;
                    creature(ally, "a freeing strike")?;
                }
                super::state::Trigger::Outrage { who, puller: attacker }
                | super::state::Trigger::Catch { who, attacker } => {
                    creature(who, "a brace")?;
                    creature(attacker, "a brace")?;
                }
                super::state::Trigger::Retry { reactor, target, die } => {
                    creature(reactor, "a retry")?;
                    creature(target, "a retry")?;
                    if !(1..=20).contains(&die) {
                        return Err("a retry offered on a d20 outside 1 to 20".into());
                    }
                }
                super::state::Trigger::Spend { attacker: who, target: ally, .. }
                | super::state::Trigger::Rejuvenate { who, held: ally }
                | super::state::Trigger::Retort { who, attacker: ally }
                | super::state::Trigger::Defend { who, ally } => {
                    creature(who, "a defence")?;
                    creature(ally, "a defence")?;
                }
                super::state::Trigger::Ambush { who, by } => {
                    creature(who, "a disguise")?;
                    creature(by, "a disguise")?;
                }
                super::state::Trigger::ShieldBlock { who }
                | super::state::Trigger::Readied { who }
                | super::state::Trigger::Strode { who }
                | super::state::Trigger::Sink { who }
                | super::state::Trigger::Fell { who, .. }
                | super::state::Trigger::Ferocity { who, .. }
                | super::state::Trigger::Recovery { who } => {
                    creature(who, "a reaction")?;
                }
            },
            Frame::FerocityRoll { who, .. }
            | Frame::Stumble { who }
            | Frame::Crash { who, .. }
            | Frame::TurnStart { who } => creature(*who, "a turn's start")?,
            Frame::Interlude { who, saved, .. } => {
                creature(*who, "a readied action")?;
                match saved {
                    Phase::Turn(t) => creature(t.who, "the turn a readied action interrupts")?,
                    _ => return Err("a readied action interrupts no turn".into()),
                }
            }
            Frame::PowerLine { affect, .. } | Frame::PowerCover { affect, .. } => {
                creature(affect.user, "a power")?;
                creature(affect.target, "a power")?;
                if !matches!(affect.source, super::state::Source::Power { .. }) {
                    return Err("cover checks against a power name a strike".into());
                }
            }
            Frame::Activity { who, power, next, at, held, .. } => {
                creature(*who, "a compound action")?;
                if let Some(t) = at {
                    creature(*t, "a compound action's target")?;
                }
                if let Some(h) = held {
                    creature(h.target, "a compound action's held damage")?;
                }
                let steps =
                    g.roster()[usize::from(*who)].powers.get(usize::from(*power)).map(|p| p.program.steps.len());
                if steps.is_none_or(|n| usize::from(*next) > n) {
                    return Err("a compound action names a power or step its creature does not have".into());
                }
            }
            Frame::Affect(a) => {
                creature(a.user, "an effect")?;
                creature(a.target, "an effect")?;
                let p = &g.roster()[usize::from(a.user)];
                let fits = match a.source {
                    super::state::Source::Power { power } | super::state::Source::Step { power } => {
                        usize::from(power) < p.powers.len()
                    }
                    super::state::Source::Rider { weapon } | super::state::Source::Strike { weapon, .. } => {
                        usize::from(weapon) < p.weapons.len()
                    }
                };
                if !fits {
                    return Err("an effect names a power or weapon its user does not have".into());
                }
            }
            _ => {}
        }
    }
    Ok(())
}
