//! Events in plain words, naming creatures and squares as the table does.

use super::event::{Degree, Event, seat_name};
use super::state::{Obstacle, Trigger};
use arbiter_geometry::battle::Square;

/// An event in words; `name` names a creature by roster index, `square` a square.
pub fn plain(e: &Event, name: &dyn Fn(u8) -> String, square: &dyn Fn(Square) -> String) -> String {
    match e {
        Event::ObjectiveCount { dice, count } => {
            format!("The objective dice show {} and {}: {count} objective{} to place", dice[0], dice[1], plural(*count))
        }
        Event::ObjectivePlaced { seat, kind, at } => {
            format!("{} places the {} on {}", seat_name(*seat), kind.name(), square(*at))
        }
        Event::ObjectiveRolled { objective, roll, skills, power } => format!(
            "Objective {} rolls {roll}: claimed with {} against Power {power}",
            objective + 1,
            skills.join(" or ")
        ),
        Event::RollOff { what, dice, winner } => match winner {
            Some(w) => format!("The {what} roll-off: P1 {}, P2 {}; {} wins", dice[0], dice[1], seat_name(*w)),
            None => format!("The {what} roll-off: both roll {}; roll again", dice[0]),
        },
        Event::TileLaid { seat, tile, at, turn } => {
            let turned = if *turn == 0 { String::new() } else { format!(", turned {turn}°") };
            format!("{} lays the {tile} tile on {}{turned}", seat_name(*seat), square(*at))
        }
        Event::NoRoomForTiles { left } => format!("No terrain tile fits on the board any more; {left} not laid"),
        Event::ObjectPlaced { who, at } => {
            format!("{}'s False Object: one more obstacle of its size stands on {}", name(*who), square(*at))
        }
        Event::Hidden { who, at: Some(at) } => {
            format!("{} is the obstacle on {} in disguise (only its owner knows)", name(*who), square(*at))
        }
        Event::Hidden { who, at: None } => format!("{} takes the shape of an obstacle, in secret", name(*who)),
        Event::Emerged { who, at, by: Some(by) } => {
            format!("{} comes near an obstacle: it is {} in disguise, now on {}", name(*by), name(*who), square(*at))
        }
        Event::Emerged { who, at, by: None } => {
            format!("An obstacle was {} in disguise: it stands on {}", name(*who), square(*at))
        }
        Event::Disguised { who, objective: Some(o) } => {
            format!("{} is objective {} in disguise (only its owner knows)", name(*who), o + 1)
        }
        Event::Disguised { who, objective: None } => {
            format!("{} takes the shape of an objective, in secret", name(*who))
        }
        Event::Unmasked { who, kind, at, by: Some(by) } => format!(
            "{} tries to claim the {}: the claim fails, it is {} in disguise, now on {}",
            name(*by),
            kind.name(),
            name(*who),
            square(*at)
        ),
        Event::Unmasked { who, kind, at, by: None } => {
            format!("The {} was {} in disguise: it stands on {}", kind.name(), name(*who), square(*at))
        }
        Event::Spot { who, objective, die, total, power, is } => format!(
            "{} looks hard at objective {}: Perception {die} → {total} against Power {power}, {}",
            name(*who),
            objective + 1,
            match is {
                None => "nothing seen".to_string(),
                Some(true) => "it is a creature in disguise!".to_string(),
                Some(false) => "it is only an objective".to_string(),
            }
        ),
        Event::SpotObstacle { who, at, die, total, power, is } => format!(
            "{} looks hard at the obstacle on {}: Perception {die} → {total} against Power {power}, {}",
            name(*who),
            square(*at),
            match is {
                None => "nothing seen".to_string(),
                Some(true) => "it is a creature in disguise!".to_string(),
                Some(false) => "it is only an obstacle".to_string(),
            }
        ),
        Event::TerrainMade { who, name: what, squares, until } => format!(
            "{} makes {what} on {squares} squares, {}",
            name(*who),
            if *until == u8::MAX {
                "until the end of the battle".to_string()
            } else {
                format!("until the end of round {until}")
            }
        ),
        Event::ZoneChosen { seat, zone } => format!("{} deploys in the {zone} zone", seat_name(*seat)),
        Event::Deployed { who, at } => format!("{} is deployed on {}", name(*who), square(*at)),
        Event::Summoned { who, by, at } => format!("{} summons {} on {}", name(*by), name(*who), square(*at)),
        Event::RoundBegan { round, first } => format!("Round {round} begins; {} activates first", seat_name(*first)),
        Event::Activated { who, ap } => format!("{} takes its turn with {ap} action point{}", name(*who), plural(*ap)),
        Event::MineSet { who, at } => format!("{} sets a mine on {}", name(*who), square(*at)),
        Event::MineExploded { who, at } => {
            format!("{} moves onto the mine on {}: it explodes", name(*who), square(*at))
        }
        Event::Moved { who, from, to, how } => {
            format!("{} moves from {} to {} ({how})", name(*who), square(*from), square(*to))
        }
        Event::Fell { who, squares } => format!("{} falls {squares} square{}", name(*who), plural(*squares)),
        Event::Strikes { attacker, target, weapon, penalty } => {
            let p = if *penalty != 0 { format!(" ({penalty:+} to the Fight roll)") } else { String::new() };
            format!("{} strikes at {} with {weapon}{p}", name(*attacker), name(*target))
        }
        Event::CoverChecks { dice, instead, concealed } => {
            let d: Vec<String> = dice.iter().map(u8::to_string).collect();
            let what = match (instead, concealed) {
                (Some(Obstacle::Creature(c)), _) => format!("the strike hits at {} instead", name(*c)),
                (Some(Obstacle::Terrain(super::mount::HOWDAH)), _) => "the strike hits the howdah".to_string(),
                (Some(Obstacle::Terrain(_)), _) => "the strike hits the terrain in the way".to_string(),
                (None, true) => "concealment: the strike misses".to_string(),
                (None, false) => "the target stays the target".to_string(),
            };
            format!("Cover and concealment checks: {}; {what}", d.join(", "))
        }
        Event::FightRoll { attacker, target, die, total, armor, degree } => {
            let result = match degree {
                Degree::CriticalSuccess => "a critical hit",
                Degree::Success => "a hit",
                _ => "a miss",
            };
            format!(
                "{} rolls {die} for a Fight of {total} against {}'s Armor {armor}: {result}",
                name(*attacker),
                name(*target)
            )
        }
        Event::ManeuverRoll { attacker, target, name: what, die, total } => format!(
            "{} tries to {} {}: {die} for a Fight of {total}",
            name(*attacker),
            what.to_ascii_lowercase(),
            name(*target)
        ),
        Event::Save { who, save, die, total, power, degree } => {
            let result = match degree {
                Degree::CriticalSuccess => "a critical success",
                Degree::Success => "a success",
                Degree::Failure => "a failure",
                Degree::CriticalFailure => "a critical failure",
            };
            format!("{} rolls {die} on its {save} save, {total} against Power {power}: {result}", name(*who))
        }
        Event::Condition { who, name: c, on } => {
            if *on {
                format!("{} is {c}", name(*who))
            } else {
                format!("{} is no longer {c}", name(*who))
            }
        }
        Event::Resisted { who, dice, reduced } => {
            let d: Vec<String> = dice.iter().map(u8::to_string).collect();
            format!("{} resists: {} — {reduced} less damage", name(*who), d.join(", "))
        }
        Event::Damaged { who, damage, taken, hp } => {
            format!("{} takes {taken} damage (from {damage}), {hp} HP left", name(*who))
        }
        Event::Immune { who } => format!("{} is immune: no damage", name(*who)),
        Event::Unaffected { who, what, by } => format!("{}'s {by}: {what} does not affect it", name(*who)),
        Event::Dying { who } => format!("{} falls to 0 HP: helpless, prone and dying", name(*who)),
        Event::Recovery { who, roll, passed } => match (roll, passed) {
            (0, _) => format!("{} passes its recovery check (hero point)", name(*who)),
            (r, true) => format!("{} rolls {r} on its recovery check and holds on", name(*who)),
            (r, false) => format!("{} rolls {r} on its recovery check", name(*who)),
        },
        Event::HeroPoint { who, reroll, die, left } => {
            let left = format!("{left} hero point{} left", plural(*left));
            match reroll {
                None => format!("{} spends a hero point: it passes its recovery checks ({left})", name(*who)),
                Some(r) if r == who => format!("{} spends a hero point to roll again its {die} ({left})", name(*who)),
                Some(r) => format!(
                    "{} spends a hero point: {} must roll again its Fight roll of {die} ({left})",
                    name(*who),
                    name(*r)
                ),
            }
        }
        Event::Retry { reactor, target, die } => {
            format!("{} reacts: {} rolls again its save of {die} and keeps the better", name(*reactor), name(*target))
        }
        Event::Mounted { rider, mount, on: true } => {
            format!("{} mounts {}: the mount acts in its rider's turn", name(*rider), name(*mount))
        }
        Event::Mounted { rider, mount, on: false } => format!("{} dismounts {}", name(*rider), name(*mount)),
        Event::Joined { who } => format!("{} joins the group", name(*who)),
        Event::Grouped { members } => {
            format!("a group acts together: {}", members.iter().map(|m| name(*m)).collect::<Vec<_>>().join(", "))
        }
        Event::Switched { who } => format!("{} acts now", name(*who)),
        Event::Gave { commander, minion } => {
            format!("{} gives up 1 AP: {} gets +1 AP this turn", name(*commander), name(*minion))
        }
        Event::Sheltered { who, by, inside: true, .. } => {
            format!("{} takes {} into its haven, out of play", name(*by), name(*who))
        }
        Event::Sheltered { who, at, .. } => {
            format!(
                "{} comes out of the haven{}",
                name(*who),
                at.map_or(String::new(), |a| format!(" at {}", square(a)))
            )
        }
        Event::TrailRoll { who, bodies } => {
            format!("{}'s Trail of Bodies: {} bodies go on the map, its player placing the first", name(*who), bodies)
        }
        Event::BodyLaid { seat, body, at } => {
            format!("P{} lays body {} at {}", u16::from(*seat) + 1, u16::from(*body) + 1, square(*at))
        }
        Event::ItemTaken { who, from, item, name: what } => {
            format!("{} takes item {} ({what}) from the body of {}", name(*who), u16::from(*item) + 1, name(*from))
        }
        Event::Load { who, body, carried: true, .. } => {
            format!("{} picks up body {} and carries it", name(*who), u16::from(*body) + 1)
        }
        Event::Load { who, body, at, .. } => format!(
            "{} lays body {} down{}",
            name(*who),
            u16::from(*body) + 1,
            at.map_or(String::new(), |a| format!(" at {}", square(a)))
        ),
        Event::Swallowed { who, by } => format!("{} swallows {} whole", name(*by), name(*who)),
        Event::Disgorged { who, by, at } => {
            format!("{} escapes from {}, placed at {}", name(*who), name(*by), square(*at))
        }
        Event::MayStep { who } => format!("{} may Step", name(*who)),
        Event::Readied { who } => format!("{} readies: it may act before its next turn", name(*who)),
        Event::Door { who, name: door, open } => {
            format!("{} {} the {door}", name(*who), if *open { "opens" } else { "closes" })
        }
        Event::Eliminated { who, at } => match at {
            Some(at) => format!("{} is eliminated on {}", name(*who), square(*at)),
            None => format!("{} is eliminated", name(*who)),
        },
        Event::Claim { who, objective, skill, die, total, power, success } => format!(
            "{} tries to claim objective {} with {skill}: {die} for {total} against Power {power} — {}",
            name(*who),
            objective + 1,
            if *success { "claimed" } else { "failed" }
        ),
        Event::Spared { who, from } => format!("{} is spared the grab of {}", name(*who), name(*from)),
        Event::Regains { who, power, feature } => format!("{feature}: {} regains a use of {power}", name(*who)),
        Event::LongJump { who, die, total, cleared, over, success } => format!(
            "{} makes a Long Jump: {die} for {total}, clearing {cleared} of {over} squares — {}",
            name(*who),
            if *success { "over" } else { "short: it comes down on the first square it did not clear" }
        ),
        Event::Tumble { who, target, die, total, power, success } => format!(
            "{} tries to tumble through the space of {}: {die} for {total} against Power {power} — {}",
            name(*who),
            name(*target),
            if *success { "through, and it is off-guard" } else { "blocked, the movement ends" }
        ),
        Event::Pluck { who, target, die, total, power, left } => format!(
            "{} tries to pull a white hair out of {}: {die} for {total} against Power {power} — {}",
            name(*who),
            name(*target),
            match left {
                None => "it holds".to_string(),
                Some(0) => "the last one: it is eliminated".to_string(),
                Some(n) => format!("out, it is rattled ({n} left)"),
            }
        ),
        Event::Prone { who, down } => {
            if *down {
                format!("{} drops prone", name(*who))
            } else {
                format!("{} stands up", name(*who))
            }
        }
        Event::Reacts { who, reaction } => format!("{} reacts: {reaction}", name(*who)),
        Event::Healed { who, amount, hp } => format!("{} heals {amount} HP ({hp} now)", name(*who)),
        Event::Footing { who, roll, fell } => {
            if *fell {
                format!("{}'s shaky footing: {roll}, it falls prone", name(*who))
            } else {
                format!("{}'s shaky footing: {roll}, it keeps its feet", name(*who))
            }
        }
        Event::FerocityRoll { who, roll, held } => {
            if *held {
                format!("{}'s Ferocity: {roll}, it stands at 1 HP instead", name(*who))
            } else {
                format!("{}'s Ferocity: {roll}, it falls", name(*who))
            }
        }
        Event::Uses { who, power, targets } => {
            let affected: Vec<String> = targets.iter().map(|t| name(*t)).collect();
            if affected.is_empty() {
                format!("{} uses {power}; it affects nobody", name(*who))
            } else {
                format!("{} uses {power} on {}", name(*who), affected.join(", "))
            }
        }
        Event::TurnEnded { who } => format!("{}'s turn ends", name(*who)),
        Event::Scored { seat, vp, total } => format!(
            "{} scores {vp} victory point{} for its objectives ({total} in all)",
            seat_name(*seat),
            plural16(*vp)
        ),
        Event::RoundLimit { roll, rounds, ends } => format!(
            "Round limit: {roll} + {rounds} = {}; {}",
            u16::from(*roll) + u16::from(*rounds),
            if *ends { "the game ends" } else { "the game goes on" }
        ),
        Event::Bonus { seat, vp } => {
            format!("{} has the most points of creatures still in play: +{vp} victory points", seat_name(*seat))
        }
        Event::GameOver { reason, .. } => format!("Game over: {reason}"),
    }
}

/// The question a reaction window asks, in words, with its two answers
/// (`react`, `pass`); `name` names a creature by roster index.
pub fn window(t: &Trigger, name: &dyn Fn(u8) -> String) -> String {
    match *t {
        Trigger::LeftReach { mover, reactor } => {
            format!("{} leaves the reach of {}: Attack of Opportunity (react) or pass", name(mover), name(reactor))
        }
        Trigger::RangedInReach { attacker, reactor } => format!(
            "{} shoots within the reach of {}: Attack of Opportunity (react) or pass",
            name(attacker),
            name(reactor)
        ),
        Trigger::Casts { caster, reactor } => format!(
            "{} casts a spell within the reach of {}: Attack of Opportunity (react) or pass",
            name(caster),
            name(reactor)
        ),
        Trigger::TurnStart { who, reactor, .. } => {
            format!("{}'s turn starts where {} may use a power on it: react or pass", name(who), name(reactor))
        }
        Trigger::Retort { who, attacker } => format!(
            "{} critically hit {} with a melee weapon: {}'s reaction answers it (react) or pass",
            name(attacker),
            name(who),
            name(who)
        ),
        Trigger::Rejuvenate { who, held } => format!(
            "{} took damage in {}'s grip: it may heal from it and become slowed (take it: react) or pass",
            name(held),
            name(who)
        ),
        Trigger::Defend { who, ally } => format!(
            "{} is about to take damage: {} may defend it — no weakness, less damage, some for itself (react) — or pass",
            name(ally),
            name(who)
        ),
        Trigger::Spend { attacker, target, .. } => {
            format!("{} hit {}: spend 1 AP for its hit's condition (react) or pass", name(attacker), name(target))
        }
        Trigger::Fell { who, .. } => {
            format!(
                "{} fell prone: crash down along a line (react, then line 1–8 from north clockwise) or pass",
                name(who)
            )
        }
        Trigger::Sink { who } => {
            format!("{} saved against the spell: take its free action's bonuses (react) or pass", name(who))
        }
        Trigger::Strode { who } => {
            format!("{} strode: its reaction to its own Stride (react) or pass", name(who))
        }
        Trigger::ShieldBlock { who } => format!("{} is about to take damage: Shield Block (react) or pass", name(who)),
        Trigger::Ferocity { who, .. } => format!("{} falls to 0 HP: Ferocity (react) or pass", name(who)),
        Trigger::Grab { attacker, target } => {
            format!("{} hit {}: grab it for 1 AP (react) or pass", name(attacker), name(target))
        }
        Trigger::Reroll { who, roller, die } if who == roller => {
            format!("{} rolled {die}: spend a hero point to roll again (react) or keep it (pass)", name(who))
        }
        Trigger::Reroll { who, roller, die } => format!(
            "{} rolled {die} on its Fight roll against {}: spend a hero point to make it roll again (react) or pass",
            name(roller),
            name(who)
        ),
        Trigger::Ambush { who, by } => format!(
            "{} came within 2 squares of an obstacle {} may be: leave the disguise and Strike or Stride (react) or stay hidden (pass)",
            name(by),
            name(who)
        ),
        Trigger::Readied { who } => {
            format!("{} is readied: take its readied action now (react) or wait (pass)", name(who))
        }
        Trigger::Flail { who } => {
            format!("{} took damage: strike a random creature within reach (react) or pass", name(who))
        }
        Trigger::Retaliate { who, attacker, .. } => {
            format!("{} hit {} with a melee strike: deal damage back to it (react) or pass", name(attacker), name(who))
        }
        Trigger::Liberate { reactor, grabber, ally } => format!(
            "{} tries to grab {}: {} may strike it to free its ally (react) or pass",
            name(grabber),
            name(ally),
            name(reactor)
        ),
        Trigger::Regain { who } => {
            format!("A critical hit landed on {}: regain POWER — the use that comes back", name(who))
        }
        Trigger::Outrage { who, puller } => format!(
            "{} pulled a white hair out of {}: Denuded Outrage — strike it (react), escape CONDITION, or pass",
            name(puller),
            name(who)
        ),
        Trigger::Catch { who, attacker } => format!(
            "{} strikes at {}: brace against it for a bonus to its Armor (react) or pass",
            name(attacker),
            name(who)
        ),
        Trigger::Retry { reactor, target, die } => format!(
            "{} failed its save with {die}: {} may react (Distracting Frolic, or Counter Performance against a mental or auditory effect) to have it roll again and keep the better (react) or pass",
            name(target),
            name(reactor)
        ),
        Trigger::Recovery { who } => format!(
            "{} is about to make a recovery check: spend a hero point to pass it and every later one (react) or roll (pass)",
            name(who)
        ),
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn plural16(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}
