//! `P2v` as a [`Resolve`]: the pending work of a turn — aiming a strike
//! (cover lines), its dice, damage through immunity, resistance and
//! weakness, dying and recovery checks, moves square by square with the
//! reactions they open, and the end of a turn.

use super::damage::{Damage, DamageType, SKILLS, Types};
use super::event::{Degree, Event};
use super::mount::HOWDAH;
use super::rules::P2v;
use super::state::{Checks, Frame, Hit, Life, Obstacle, Phase, State, Strike, Trigger};
use arbiter_core::resolve::{Pending, Resolve, Timing, Wait, Window};
use arbiter_core::{DiceRequest, EventSink, MAX_DICE, Roll, Seat};
use arbiter_geometry::battle::targeting::reaches;
use arbiter_geometry::battle::{FigureId, Mover, Position, Space, Square};

impl Resolve for P2v {
    type State = State;
    type Frame = Frame;
    type Event = Event;

    fn pending<'a>(&self, s: &'a State) -> &'a Pending<Frame> {
        &s.pending
    }

    fn pending_mut<'a>(&self, s: &'a mut State) -> &'a mut Pending<Frame> {
        &mut s.pending
    }

    fn waits(&self, s: &State, frame: &Frame) -> Option<Wait> {
        match frame {
            // A claim on a creature in disguise fails with no roll.
            Frame::Claim { objective, .. } if !self.disguised_as(s, *objective).is_empty() => None,
            Frame::Unmask { who } => self.unmask_waits(s, *who).map(Wait::Seat),
            Frame::RoundNext => None,
            Frame::Spot { who, objective } => (s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Up)
                && usize::from(*objective) < s.objectives.len()
                && self.spot_power(s, *who).is_some())
            .then_some(Wait::Chance),
            Frame::SpotObstacle { who, .. } => (s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Up)
                && self.obstacle_power(s, *who).is_some())
            .then_some(Wait::Chance),
            Frame::ObjectiveTable { .. }
            | Frame::CoverDice { .. }
            | Frame::Claim { .. }
            | Frame::RoundLimit
            | Frame::RandomTarget { .. } => Some(Wait::Chance),
            Frame::FightRoll(st) => self.strike_alive(s, st).then_some(Wait::Chance),
            Frame::Maneuver(m) | Frame::ManeuverSave { maneuver: m, .. } => {
                let up = s.creatures.get(usize::from(m.attacker)).is_some_and(|c| c.life == Life::Up);
                (up && self.in_play(s, usize::from(m.target))).then_some(Wait::Chance)
            }
            Frame::Line { strike, .. } => {
                self.strike_alive(s, strike).then(|| Wait::Seat(Seat(self.team(usize::from(strike.target)))))
            }
            Frame::Damage(h) => (self.resistance_dice(s, h) > 0).then_some(Wait::Chance),
            Frame::Recovery { who } => s
                .creatures
                .get(usize::from(*who))
                .is_some_and(|c| c.life == Life::Dying && !c.sure_recovery)
                .then_some(Wait::Chance),
            Frame::Window(w) => w.asks(|seat| self.can_respond(s, &w.trigger, seat)).map(Wait::Seat),
            Frame::Affect(a) => self.affect_waits(s, a).then_some(Wait::Chance),
            Frame::PowerLine { affect, .. } => self
                .in_play(s, usize::from(affect.target))
                .then(|| Wait::Seat(Seat(self.team(usize::from(affect.target))))),
            Frame::PowerCover { affect, .. } => self.in_play(s, usize::from(affect.target)).then_some(Wait::Chance),
            Frame::FerocityRoll { who, .. } => {
                s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Dying).then_some(Wait::Chance)
            }
            Frame::Stumble { who } => self.stumble_waits(s, *who).then_some(Wait::Chance),
            Frame::Crash { who, .. } => (self.in_play(s, usize::from(*who)) && !self.crash_lines(s, *who).is_empty())
                .then(|| Wait::Seat(Seat(self.team(usize::from(*who))))),
            Frame::Pluck { who, target } => {
                let up = |c: u8| s.creatures.get(usize::from(c)).is_some_and(|c| c.life == Life::Up);
                (up(*who) && up(*target)).then_some(Wait::Chance)
            }
            // Swallow Whole: the climb's save, and where the escaping creature lands.
            Frame::Climb { who, by } => (self.swallower(s, *who) == Some(*by)
                && s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Up))
            .then_some(Wait::Chance),
            Frame::Disgorge { who, by } => (self.swallower(s, *who) == Some(*by)
                && self.in_play(s, usize::from(*who))
                && !self.disgorge_squares(s, *who).is_empty())
            .then(|| Wait::Seat(Seat(self.team(usize::from(*who))))),
            Frame::LongJump { who, .. } => self.long_jump_waits(s, *who).map(Wait::Seat),
            Frame::JumpCheck { who, .. } => {
                s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Up).then_some(Wait::Chance)
            }
            Frame::TumbleCheck { who, .. } => {
                s.creatures.get(usize::from(*who)).is_some_and(|c| c.life == Life::Up).then_some(Wait::Chance)
            }
            Frame::Activity { who, power, next, .. } => self.activity_waits(s, *who, *power, *next).map(Wait::Seat),
            Frame::Rerolled { roll, .. } => self.waits(s, roll),
            Frame::Interlude { who, .. } => self.interlude_waits(s, *who).map(Wait::Seat),
            Frame::Held { .. }
            | Frame::Aim(_)
            | Frame::Walk { .. }
            | Frame::EndTurn { .. }
            | Frame::TurnTail { .. }
            | Frame::RoundTail
            | Frame::Push { .. }
            | Frame::Seize { .. }
            | Frame::Trample { .. }
            | Frame::Haul { .. }
            | Frame::Tumble { .. }
            | Frame::TurnStart { .. } => None,
        }
    }

    fn run<E: EventSink<Event>>(&self, s: &mut State, frame: Frame, events: &mut E) {
        match frame {
            Frame::Aim(st) => self.aim(s, st),
            Frame::Damage(h) => self.deal(s, h, 0, events),
            Frame::Affect(a) => self.affect(s, a, None, events),
            Frame::Activity { struck, held, .. } => {
                // Double Slice: a hit whose partner did not come deals its own damage.
                if let Some(h) = held {
                    self.push_damage(s, h);
                }
                self.end_activity(s, struck)
            }
            Frame::TurnStart { who } => super::apply::start_turn(self, s, who, events),
            // The readied action is done: the interrupted turn goes on.
            Frame::Interlude { saved, .. } => s.phase = saved,
            // Every hero point window passed: the held die takes effect.
            Frame::Held { roll, die } => resolve_roll(self, s, *roll, &[die], events),
            Frame::FerocityRoll { .. }
            | Frame::Stumble { .. }
            | Frame::Crash { .. }
            | Frame::PowerLine { .. }
            | Frame::PowerCover { .. } => {}
            Frame::Recovery { who } => {
                if s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Dying) {
                    events.emit(Event::Recovery { who, roll: 0, passed: true });
                }
            }
            Frame::Walk { who, from, path, how, asked, back } => {
                self.walk(s, who, from, path, how, (asked, back), events)
            }
            Frame::EndTurn { who } => self.end_turn(s, who, events),
            Frame::Seize { attacker, target } => self.seize(s, attacker, target, events),
            Frame::Trample { who, power, under } => self.trample_done(s, who, power, &under),
            Frame::Haul { .. } | Frame::Tumble { .. } => {}
            Frame::RoundTail => self.round_tail(s, events),
            Frame::RoundNext => self.round_next(s, events),
            Frame::Unmask { .. } => {}
            // "When a creature attempts to interact with the disguised
            // creature, their skill check automatically fails. Replace the
            // objective with the creature's miniature."
            Frame::Claim { who, objective, .. } if !self.disguised_as(s, objective).is_empty() => {
                self.unmask(s, objective, Some(who), events)
            }
            Frame::Push { who, from, squares } => self.push_away(s, who, from, squares, events),
            Frame::TurnTail { who } => {
                if let Some(c) = s.creatures.get_mut(usize::from(who)) {
                    // "The creature then loses all conditions it is experiencing."
                    c.conditions = Default::default();
                    let dying = c.life == Life::Dying;
                    // "… or ends their turn on it, they are encumbered."
                    self.encumbered_at_turn_end(s, who, events);
                    self.swallowed_at_turn_end(s, who);
                    if dying {
                        // "Each time a dying creature's turn ends … it makes a recovery check."
                        self.push_recovery(s, who);
                    }
                }
            }
            // Frames that wait run only when what they waited on is gone.
            Frame::FightRoll(_)
            | Frame::Maneuver(_)
            | Frame::ManeuverSave { .. }
            | Frame::Line { .. }
            | Frame::Window(_)
            | Frame::ObjectiveTable { .. }
            | Frame::CoverDice { .. }
            | Frame::Claim { .. }
            | Frame::Pluck { .. }
            | Frame::Climb { .. }
            | Frame::Disgorge { .. }
            | Frame::Spot { .. }
            | Frame::SpotObstacle { .. }
            | Frame::TumbleCheck { .. }
            | Frame::LongJump { .. }
            | Frame::JumpCheck { .. }
            | Frame::RandomTarget { .. }
            | Frame::Rerolled { .. }
            | Frame::RoundLimit => {}
        }
    }
}

/// The `how` of a [`Frame::Walk`] that is a Leap (0 Stride, 1 Step, 2 Crawl).
pub(crate) const LEAP: u8 = 3;

/// The `how` of a [`Frame::Walk`] that is a trample (Trample).
pub(crate) const TRAMPLE: u8 = 4;

/// The `how` of a [`Frame::Walk`] that is a Tumble Through (Tumble Behind).
pub(crate) const TUMBLE: u8 = 5;
/// The `how` of a [`Frame::Walk`] that is a Jet: it opens no reactions.
pub(crate) const JET: u8 = 6;

/// The dice the top frame waits for.
pub(crate) fn dice(g: &P2v, s: &State, top: &Frame) -> DiceRequest {
    let name =
        |i: u8| g.profile(usize::from(i)).map_or_else(|| format!("#{i}"), |p| format!("{} ({})", p.name, p.label));
    match top {
        Frame::ObjectiveTable { objective } => {
            let kind = s.objectives.get(usize::from(*objective)).map_or("the objective", |o| o.kind.name());
            DiceRequest::new().with(6, "objective").for_purpose(format!("{kind}: its skills and Power (1d6)"))
        }
        Frame::CoverDice { strike, checks } => {
            let n = (checks.cover.len() + checks.concealment.len()).min(MAX_DICE);
            let c = checks.cover.len().min(n);
            DiceRequest::new().with_many(c, 6, "cover").with_many(n - c, 6, "concealment").for_purpose(format!(
                "Cover and concealment checks of {}'s strike on {}",
                name(strike.attacker),
                name(strike.target)
            ))
        }
        Frame::FightRoll(st) => {
            let weapon = g
                .profile(usize::from(st.attacker))
                .and_then(|p| p.weapons.get(usize::from(st.weapon)))
                .map_or("strike", |w| w.name.as_str());
            DiceRequest::new().with(20, "Fight").for_purpose(format!(
                "Fight roll: {}'s {weapon} against {}",
                name(st.attacker),
                name(st.target)
            ))
        }
        Frame::Maneuver(m) => DiceRequest::new().with(20, "Fight").for_purpose(format!(
            "Fight roll: {} tries to {} {}",
            name(m.attacker),
            m.name().to_ascii_lowercase(),
            name(m.target)
        )),
        Frame::ManeuverSave { maneuver: m, power } => DiceRequest::new().with(20, "save").for_purpose(format!(
            "{}'s {} save against {}'s {} (Power {power})",
            name(m.target),
            m.save(),
            name(m.attacker),
            m.name()
        )),
        Frame::Damage(h) => {
            let n = usize::from(g.resistance_dice(s, h)).min(MAX_DICE);
            DiceRequest::new().with_many(n, 6, "resist").for_purpose(format!(
                "{}'s resistance to {} damage: each 4+ reduces it by 5",
                name(h.target),
                h.damage
            ))
        }
        Frame::Affect(a) => g.affect_dice(s, a),
        Frame::PowerCover { affect, checks } => DiceRequest::new()
            .with_many(checks.len().min(MAX_DICE), 6, "cover")
            .for_purpose(format!("Cover checks of {} against {}'s power", name(affect.target), name(affect.user))),
        Frame::Stumble { who } => DiceRequest::new()
            .with(6, "footing")
            .for_purpose(format!("Shaky footing of {}: a low roll and it falls prone", name(*who))),
        Frame::FerocityRoll { who, .. } => DiceRequest::new()
            .with(6, "Ferocity")
            .for_purpose(format!("Ferocity of {}: 4–6 and it is at 1 HP instead", name(*who))),
        Frame::Recovery { who } => DiceRequest::new()
            .with(6, "recovery")
            .for_purpose(format!("Recovery check of {}: 1–3 eliminated", name(*who))),
        Frame::Claim { who, objective, skill } => {
            let skill = SKILLS.get(usize::from(*skill)).copied().unwrap_or("skill");
            let kind = s.objectives.get(usize::from(*objective)).map_or("the objective", |o| o.kind.name());
            DiceRequest::new()
                .with(20, "skill")
                .for_purpose(format!("{} tries to claim the {kind} ({skill})", name(*who)))
        }
        Frame::Spot { who, objective } => DiceRequest::new().with(20, "Perception").for_purpose(format!(
            "{} looks hard at objective {} (Perception)",
            name(*who),
            objective + 1
        )),
        Frame::SpotObstacle { who, at } => DiceRequest::new().with(20, "Perception").for_purpose(format!(
            "{} looks hard at the obstacle on {} (Perception)",
            name(*who),
            g.square_name(*at)
        )),
        Frame::Pluck { who, target } => DiceRequest::new().with(20, "skill").for_purpose(format!(
            "{} tries to pull a white hair out of {} (Athletics)",
            name(*who),
            name(*target)
        )),
        Frame::Climb { who, by } => DiceRequest::new().with(20, "reflex").for_purpose(format!(
            "{} tries to climb out of {} (Reflex against its Power)",
            name(*who),
            name(*by)
        )),
        Frame::JumpCheck { who, dir, over } => DiceRequest::new().with(20, "skill").for_purpose(format!(
            "Long Jump of {} towards {}: Athletics ÷ 4 must clear {over} squares",
            name(*who),
            dir.name()
        )),
        Frame::TumbleCheck { who, target } => DiceRequest::new().with(20, "skill").for_purpose(format!(
            "{} tries to tumble through the space of {} (Acrobatics)",
            name(*who),
            name(*target)
        )),
        Frame::RandomTarget { who, among } => {
            let names: Vec<String> = among.iter().enumerate().map(|(i, c)| format!("{} {}", i + 1, name(*c))).collect();
            DiceRequest::new().with(among.len().clamp(1, 255) as u8, "random creature").for_purpose(format!(
                "Whom {} strikes at random: {}",
                name(*who),
                names.join(", ")
            ))
        }
        Frame::RoundLimit => DiceRequest::new()
            .with(6, "round limit")
            .for_purpose(format!("Round limit: 1d6 + {} rounds, 12 or more ends the game", s.round)),
        Frame::Rerolled { roll, better_than } => {
            let d = dice(g, s, roll);
            let why = if better_than.is_some() { "Rolled again, the better stands" } else { "Hero point reroll" };
            let purpose = format!("{why} — {}", d.purpose().unwrap_or("the same roll"));
            d.for_purpose(purpose)
        }
        _ => DiceRequest::new(),
    }
}

/// Applies a roll to the top frame. A d20 a hero point may reroll is held
/// under the windows it opens ([`super::hero`]); a reroll takes effect at once.
pub(crate) fn answer_roll<E: EventSink<Event>>(g: &P2v, s: &mut State, roll: &Roll, events: &mut E) {
    let Some(frame) = s.pending.pop() else { return };
    let v = roll.values();
    if let Frame::Rerolled { roll, better_than } = frame {
        let die = v.first().copied().unwrap_or(1).max(better_than.unwrap_or(0));
        return resolve_roll(g, s, *roll, &[die], events);
    }
    if let Some(&die) = v.first() {
        let windows = g.hero_windows(s, &frame, die);
        if !windows.is_empty() {
            s.pending.push(Frame::Held { roll: Box::new(frame), die });
            s.pending.push_in_order(windows.into_iter().map(Frame::Window));
            return;
        }
    }
    resolve_roll(g, s, frame, v, events);
}

/// Carries out the frame a roll answered, with the dice `v`.
pub(crate) fn resolve_roll<E: EventSink<Event>>(g: &P2v, s: &mut State, frame: Frame, v: &[u8], events: &mut E) {
    let d = v.first().copied().unwrap_or(1);
    match frame {
        Frame::ObjectiveTable { objective } => super::rules::roll_objective(s, objective, d, events),
        Frame::CoverDice { strike, checks } => g.cover_dice(s, strike, &checks, v, events),
        Frame::FightRoll(st) => g.fight_roll(s, st, d, events),
        Frame::Maneuver(m) => {
            use super::state::Conditions as C;
            let Some(p) = g.profile(usize::from(m.attacker)) else { return };
            let rattled = s.creatures.get(usize::from(m.attacker)).is_some_and(|c| c.conditions.has(C::RATTLED));
            let total = i32::from(d) + p.fight + i32::from(m.penalty) - if rattled { 2 } else { 0 };
            events.emit(Event::ManeuverRoll {
                attacker: m.attacker,
                target: m.target,
                name: m.name().to_string(),
                die: d,
                total,
            });
            // "They make a Fortitude save (Power equal to the Fight roll result)."
            s.pending.push(Frame::ManeuverSave { maneuver: m, power: total.clamp(-999, 999) as i16 });
        }
        Frame::ManeuverSave { maneuver: m, power } => g.maneuver_save(s, m, i32::from(power), d, events),
        Frame::Damage(h) => {
            let reduced = v.iter().filter(|&&x| x >= 4).count() as u16 * 5;
            events.emit(Event::Resisted { who: h.target, dice: v.to_vec(), reduced });
            g.deal(s, h, reduced, events);
        }
        Frame::Recovery { who } => {
            // "On a 1–3, it is eliminated and its figure is removed from play."
            let passed = d >= 4;
            events.emit(Event::Recovery { who, roll: d, passed });
            if !passed {
                g.eliminate(s, who, events);
            }
        }
        Frame::Claim { who, objective, skill } => g.claim_roll(s, who, objective, skill, d, events),
        Frame::Pluck { who, target } => g.pluck_roll(s, who, target, d, events),
        Frame::Climb { who, by } => g.climb_roll(s, who, by, d, events),
        Frame::Spot { who, objective } => g.spot_roll(s, who, objective, d, events),
        Frame::SpotObstacle { who, at } => g.spot_obstacle_roll(s, who, at, d, events),
        Frame::TumbleCheck { who, target } => g.tumble_roll(s, who, target, d, events),
        Frame::JumpCheck { who, dir, over } => g.jump_roll(s, who, dir, over, d, events),
        Frame::RandomTarget { who, among } => g.random_target(s, who, &among, d, events),
        Frame::Affect(a) => g.affect(s, a, Some(d), events),
        Frame::FerocityRoll { who, was_prone } => g.ferocity_roll(s, who, was_prone, d, events),
        Frame::Stumble { who } => g.stumble_roll(s, who, d, events),
        Frame::PowerCover { affect, checks } => g.power_cover(s, affect, &checks, v, events),
        Frame::RoundLimit => {
            // "roll 1d6 and add the number of rounds that have occurred. If the
            // result equals or exceeds 12, the game ends immediately."
            let ends = u16::from(d) + u16::from(s.round) >= 12;
            events.emit(Event::RoundLimit { roll: d, rounds: s.round, ends });
            if ends {
                g.finish(s, "the round limit ended the game", events);
            } else {
                g.next_round(s, events);
            }
        }
        other => s.pending.push(other),
    }
}

impl P2v {
    fn strike_alive(&self, s: &State, st: &Strike) -> bool {
        let up = |i: u8| s.creatures.get(usize::from(i)).is_some_and(|c| c.life == Life::Up);
        up(st.attacker) && self.in_play(s, usize::from(st.target))
    }

    /// How many resistance dice damage `h` calls for (0: none to roll).
    pub(crate) fn resistance_dice(&self, s: &State, h: &Hit) -> u8 {
        let (Some(p), true) = (self.profile(usize::from(h.target)), self.in_play(s, usize::from(h.target))) else {
            return 0;
        };
        let d = &p.defences;
        if h.damage.amount == 0 || d.ignores(h.damage.types, p.undead, p.construct) {
            return 0;
        }
        // Construct Armor resists all damage until it breaks; the highest
        // resistance applies.
        let armor = match p.construct_armor {
            Some((n, _)) if !s.creatures.get(usize::from(h.target)).is_some_and(|c| c.armor_broken) => n,
            _ => 0,
        };
        // A shell: "resist physical 4d6".
        let shell = match self.shell(s, h.target) {
            Some(sh) if h.damage.types.meets(Types::PHYSICAL) => sh.resist,
            _ => 0,
        };
        // Mountain Resilience: "resist physical 4d6" for the battle; the
        // highest resistance only is rolled (ruling P2V-R73).
        let spell = if h.damage.types.meets(Types::PHYSICAL) {
            u8::try_from(self.bonus(s, h.target, super::cast::Stat::Resist).clamp(0, 20)).unwrap_or(0)
        } else {
            0
        };
        d.resistance(h.damage.types, h.area).max(armor).max(shell).max(spell)
    }

    /// Opens a window on `t` for `seat`, answered `timing` the event, if
    /// that seat can answer it now (nobody is asked what nobody can do).
    pub(crate) fn offer_window(&self, s: &mut State, t: Trigger, timing: Timing, seat: Seat) {
        if self.can_respond(s, &t, seat) {
            s.pending.push(Frame::Window(Window::for_seat(t, timing, seat)));
        }
    }

    /// Whether `seat` can answer a window now.
    pub(crate) fn can_respond(&self, s: &State, t: &Trigger, seat: Seat) -> bool {
        match *t {
            Trigger::LeftReach { mover, reactor }
            | Trigger::RangedInReach { attacker: mover, reactor }
            | Trigger::Casts { caster: mover, reactor } => {
                self.team(usize::from(reactor)) == seat.0
                    && self.may_react(s, reactor)
                    && self.may_attack(s, reactor, mover).is_ok()
                    && self.shell(s, reactor).is_none()
                    && self.in_play(s, usize::from(mover))
                    && !self.unseen(s, mover, reactor)
            }
            Trigger::Grab { attacker, target } => {
                self.team(usize::from(attacker)) == seat.0 && self.may_grab(s, attacker, target)
            }
            Trigger::ShieldBlock { who } => self.team(usize::from(who)) == seat.0 && self.may_block(s, who),
            Trigger::Spend { attacker, target, weapon } => {
                self.team(usize::from(attacker)) == seat.0 && self.may_spend(s, attacker, target, weapon)
            }
            Trigger::Fell { who, .. } => self.team(usize::from(who)) == seat.0 && self.may_crash(s, who),
            Trigger::Sink { who } => self.team(usize::from(who)) == seat.0 && self.may_sink(s, who),
            Trigger::Strode { who } => self.team(usize::from(who)) == seat.0 && self.may_react_to_stride(s, who),
            Trigger::Retort { who, attacker } => {
                self.team(usize::from(who)) == seat.0 && self.may_retort(s, who, attacker)
            }
            Trigger::Rejuvenate { who, held } => {
                self.team(usize::from(who)) == seat.0 && self.may_rejuvenate(s, who, held)
            }
            Trigger::Defend { who, ally } => self.team(usize::from(who)) == seat.0 && self.may_defend(s, who, ally),
            Trigger::Reroll { who, .. } => self.team(usize::from(who)) == seat.0 && self.hero_points(s, who) > 0,
            Trigger::Retry { reactor, target, .. } => {
                self.team(usize::from(reactor)) == seat.0 && self.may_retry(s, reactor, target)
            }
            Trigger::Flail { who } => self.team(usize::from(who)) == seat.0 && self.may_flail(s, who),
            Trigger::Retaliate { who, attacker, power } => {
                self.team(usize::from(who)) == seat.0 && self.may_retaliate(s, who, attacker, power)
            }
            Trigger::Liberate { reactor, grabber, ally } => {
                self.team(usize::from(reactor)) == seat.0 && self.may_liberate(s, reactor, grabber, ally)
            }
            Trigger::Regain { who } => self.team(usize::from(who)) == seat.0 && !self.regainable(s, who).is_empty(),
            Trigger::Outrage { who, puller } => {
                self.team(usize::from(who)) == seat.0 && self.may_outrage(s, who, puller)
            }
            Trigger::Catch { who, attacker } => {
                self.team(usize::from(who)) == seat.0 && self.may_catch(s, who, attacker)
            }
            Trigger::Readied { who } => self.team(usize::from(who)) == seat.0 && self.may_take_readied(s, who),
            Trigger::Ambush { who, by } => self.team(usize::from(who)) == seat.0 && self.may_be_near(s, who, by),
            Trigger::Recovery { who } => self.team(usize::from(who)) == seat.0 && self.may_spend_on_recovery(s, who),
            Trigger::TurnStart { who, reactor, power } => {
                self.team(usize::from(reactor)) == seat.0 && self.may_glance(s, who, reactor, power)
            }
            Trigger::Ferocity { who, .. } => {
                self.team(usize::from(who)) == seat.0
                    && self.profile(usize::from(who)).is_some_and(|p| p.ferocity.is_some())
                    && s.active() != Some(who)
                    && s.creatures.get(usize::from(who)).is_some_and(|c| {
                        use super::state::Conditions as C;
                        c.life == Life::Dying && !c.reacted && !c.conditions.has(C::STUNNED)
                    })
                    && !self.is_slowed(s, who)
            }
        }
    }

    /// Whether creature `r` may take a reaction now: up, not yet reacted
    /// since its turn, not slowed or stunned ("cannot take reactions").
    pub(crate) fn may_react(&self, s: &State, r: u8) -> bool {
        use super::state::Conditions as C;
        s.creatures
            .get(usize::from(r))
            .is_some_and(|c| c.life == Life::Up && !c.reacted && !c.conditions.has(C::STUNNED))
            && !self.is_slowed(s, r)
            && s.active() != Some(r)
    }

    /// The reactor's best melee weapon that reaches `target` from where they
    /// stand now (the highest damage).
    pub(crate) fn reaction_weapon(&self, s: &State, reactor: u8, target: u8) -> Option<u8> {
        let p = self.profile(usize::from(reactor))?;
        let field = self.field(s);
        p.weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                w.reach.is_some_and(|r| {
                    let r = u32::from(r) + self.bonus(s, reactor, super::cast::Stat::Reach).max(0) as u32;
                    field.in_reach(FigureId(u16::from(reactor)), FigureId(u16::from(target)), r)
                })
            })
            .max_by_key(|(_, w)| w.damage.amount)
            .map(|(i, _)| i as u8)
    }

    /// Works out the cover lines of a strike and what comes next: the
    /// defender's choice of line, the checks' dice, or the Fight roll.
    fn aim(&self, s: &mut State, st: Strike) {
        if !self.strike_alive(s, &st) {
            return;
        }
        // Inside its swallower, the attacker has no line to draw (ruling P2V-R163).
        if self.swallower(s, st.attacker) == Some(st.target) {
            s.pending.push(Frame::FightRoll(st));
            return;
        }
        let mut distinct = self.cover_lines(s, st.attacker, st.target);
        // A passenger of a howdah: "The howdah grants cover" (ruling P2V-R169).
        self.add_howdah_cover(s, st.attacker, st.target, &mut distinct);
        // Evasive Swarm, or an invisible target found by scent: the target's
        // own concealment is the last check of every line (rulings P2V-R156, R161).
        let ranged = self
            .profile(usize::from(st.attacker))
            .and_then(|p| p.weapons.get(usize::from(st.weapon)))
            .is_some_and(|w| !w.melee());
        if self.own_concealment(s, st.attacker, st.target, ranged) {
            if distinct.is_empty() {
                distinct.push(Checks { cover: Vec::new(), concealment: Vec::new() });
            }
            for c in &mut distinct {
                c.concealment.push(super::evade::OWN);
            }
        }
        s.pending.push(Frame::FightRoll(st));
        match distinct.len() {
            0 => {}
            1 => {
                let c = distinct.remove(0);
                if !c.cover.is_empty() || !c.concealment.is_empty() {
                    s.pending.pop();
                    s.pending.push(Frame::CoverDice { strike: st, checks: c });
                }
            }
            _ => {
                s.pending.pop();
                s.pending.push(Frame::Line { strike: st, options: distinct });
            }
        }
    }

    /// Adds the howdah's cover check, last, to every line from `attacker` to
    /// `target` when `target` rides in a howdah (ruling P2V-R169).
    pub fn add_howdah_cover(&self, s: &State, attacker: u8, target: u8, lines: &mut Vec<Checks>) {
        if !self.howdah_covers(s, attacker, target) {
            return;
        }
        if lines.is_empty() {
            lines.push(Checks { cover: Vec::new(), concealment: Vec::new() });
        }
        for c in lines.iter_mut() {
            c.cover.push(Obstacle::Terrain(HOWDAH));
        }
    }

    /// The distinct lists of cover and concealment checks along the lines
    /// the defender may draw from the attacker's space to its own.
    pub fn cover_lines(&self, s: &State, attacker: u8, target: u8) -> Vec<Checks> {
        let field = self.field(s);
        let (a, t) = (FigureId(u16::from(attacker)), FigureId(u16::from(target)));
        let Some(space) = field.figure(a).map(|f| f.space) else { return Vec::new() };
        let Some(tspace) = field.figure(t).map(|f| f.space) else { return Vec::new() };
        // Ruling P2V-R6: a creature of several squares draws from its square
        // nearest the target (the attacker's choice, made for it for now).
        let square = space
            .squares()
            .iter()
            .min_by_key(|q| {
                let (qf, qr) = (q.file() * 2 + 1, q.rank() * 2 + 1);
                let (cx, cy) = (
                    i32::from(tspace.file) * 2 + i32::from(tspace.side),
                    i32::from(tspace.rank) * 2 + i32::from(tspace.side),
                );
                (qf - cx).abs() + (qr - cy).abs()
            })
            .unwrap_or(space.anchor());
        let mut distinct: Vec<Checks> = Vec::new();
        // Truesight ignores the concealed status (ruling P2V-R141).
        let sees = self.truesight(s, attacker);
        let options = s.field.2.get_or((a, square, t), || field.cover_options(a, square, t).into());
        for c in options.iter() {
            let o = Checks {
                cover: c
                    .cover
                    .iter()
                    .map(|o| match *o {
                        arbiter_geometry::battle::Obstacle::Terrain(p) => Obstacle::Terrain(p.0),
                        arbiter_geometry::battle::Obstacle::Figure(f) => Obstacle::Creature(f.0 as u8),
                    })
                    .collect(),
                concealment: if sees { Vec::new() } else { c.concealment.iter().map(|p| p.0).collect() },
            };
            if !distinct.contains(&o) {
                distinct.push(o);
            }
        }
        distinct
    }

    /// The defender chose a line: its checks are rolled, or, with none, the Fight roll.
    pub(crate) fn choose_line(&self, s: &mut State, line: u8) {
        let Some(Frame::Line { strike, options }) = s.pending.pop() else { return };
        let checks =
            options.into_iter().nth(usize::from(line)).unwrap_or(Checks { cover: vec![], concealment: vec![] });
        if checks.cover.is_empty() && checks.concealment.is_empty() {
            s.pending.push(Frame::FightRoll(strike));
        } else {
            s.pending.push(Frame::CoverDice { strike, checks });
        }
    }

    fn cover_dice<E: EventSink<Event>>(
        &self,
        s: &mut State,
        mut st: Strike,
        checks: &Checks,
        dice: &[u8],
        events: &mut E,
    ) {
        let c = checks.cover.len().min(dice.len());
        // "The first time the attacker rolls a 1, the attack targets the
        // terrain or figure instead of the original target."
        let instead = dice[..c].iter().position(|&d| d == 1).map(|i| checks.cover[i]);
        // Concealment: "The first time the attacker rolls a 1, the attack misses."
        let concealed = instead.is_none() && dice[c..].contains(&1);
        events.emit(Event::CoverChecks { dice: dice.to_vec(), instead, concealed });
        match instead {
            Some(Obstacle::Creature(c)) if self.in_play(s, usize::from(c)) => {
                // A brace was against the strike on its first target (ruling P2V-R44).
                st.caught &= st.target == c;
                st.target = c;
                s.pending.push(Frame::FightRoll(st));
            }
            Some(_) => {}
            None if concealed => {}
            None => s.pending.push(Frame::FightRoll(st)),
        }
    }

    /// A creature's Armor against an attacker now, with off-guard from
    /// prone, grabbed, the off-guard condition or flanking (−2, once).
    pub fn armor(&self, s: &State, target: u8, attacker: u8) -> i32 {
        let Some(p) = self.profile(usize::from(target)) else { return 0 };
        // Construct Armor: "its Armor drops by 4" once it breaks.
        let base = match p.construct_armor {
            Some((_, reduced)) if s.creatures.get(usize::from(target)).is_some_and(|c| c.armor_broken) => reduced,
            _ => p.armor,
        };
        let shell = self.shell(s, target).map_or(0, |sh| i32::from(sh.armor));
        base + shell - if self.off_guard_to(s, target, attacker) { 2 } else { 0 }
            + self.bonus(s, target, super::cast::Stat::Armor)
    }

    /// Whether enemies flank the creature ("Flanked").
    pub fn flanked(&self, s: &State, target: u8) -> bool {
        let field = self.field(s);
        let reach = |id: FigureId| u32::from(self.profile(usize::from(id.0)).map_or(0, |p| p.reach()));
        field.figure(FigureId(u16::from(target))).is_some()
            && !field.flankers(FigureId(u16::from(target)), reach).is_empty()
    }

    fn fight_roll<E: EventSink<Event>>(&self, s: &mut State, st: Strike, die: u8, events: &mut E) {
        let Some(p) = self.profile(usize::from(st.attacker)) else { return };
        let (total, armor, degree) = self.fight_degree(s, &st, die);
        events.emit(Event::FightRoll { attacker: st.attacker, target: st.target, die, total, armor, degree });
        // Shaky Footing: a Fight roll critically fails as a save does (ruling P2V-R158).
        if die == 1 || total <= armor - 10 {
            self.push_stumble(s, st.attacker);
        }
        if degree >= Degree::Success {
            let Some(w) = p.weapons.get(usize::from(st.weapon)) else { return };
            let mut damage = w.damage;
            // Extra damage (Sneak Attack, Mauler) is part of the strike's
            // damage, doubled with it on a critical hit (ruling P2V-R19).
            damage.amount = damage.amount.saturating_add(self.extra_damage(s, st.attacker, st.weapon, st.target));
            if degree == Degree::CriticalSuccess {
                damage.amount = damage.amount.saturating_mul(2);
            }
            let mut critical = degree == Degree::CriticalSuccess;
            // Double Slice: the first hit waits for the second (ruling P2V-R144).
            if w.save.is_none() {
                let own = Damage {
                    amount: if critical { w.damage.amount.saturating_mul(2) } else { w.damage.amount },
                    ..w.damage
                };
                let hit = Hit {
                    target: st.target,
                    source: Some(st.attacker),
                    damage,
                    strike: true,
                    area: false,
                    critical,
                    defended: false,
                };
                match self.hold_together(s, &st, Some((hit, own))) {
                    Together::Alone => {}
                    Together::Held => damage.amount = 0,
                    Together::Joined(h) => {
                        damage = h.damage;
                        critical = h.critical;
                    }
                }
            }
            // A compound action's strike: it hit (a chained action goes on),
            // and the action's `hit` adds to it, after the strike's damage.
            if let Some(power) = st.of {
                let mine = s.pending.find_mut(|f| match f {
                    Frame::Activity { who, power: pw, hit, .. } if *who == st.attacker && *pw == power => Some(hit),
                    _ => None,
                });
                if let Some(hit) = mine {
                    *hit = true;
                }
                let rider = p.powers.get(usize::from(power)).is_some_and(|pw| pw.program.hit.is_some());
                if rider {
                    s.pending.push(Frame::Affect(super::state::Affect {
                        user: st.attacker,
                        target: st.target,
                        source: super::state::Source::Step { power },
                        covered: true,
                    }));
                }
            }
            // Liberating Strike: "on a hit, the ally is spared the condition".
            if st.frees {
                self.spare(s, st.target, events);
            }
            // Stoke the Volcano: "When a critical hit lands on it, it regains a use …".
            if critical && self.profile(usize::from(st.target)).is_some_and(|t| !t.regain.is_empty()) {
                self.stoke(s, st.target, events);
            }
            // "On a hit, the target is pushed 2 squares": after the hit's damage.
            if st.push > 0 {
                s.pending.push(Frame::Push { who: st.target, from: st.attacker, squares: st.push });
            }
            self.next_hit(s, st.attacker, st.weapon, st.target, events);
            self.on_hit(s, st.attacker, st.weapon, st.target, damage, st.reaction, critical);
            self.offer_retaliate(s, st.attacker, st.weapon, st.target);
            // Amber Tomb: "If the sapstriker is critically hit by a melee weapon" (ruling P2V-R150).
            if degree == Degree::CriticalSuccess {
                self.offer_retort(s, st.attacker, st.weapon, st.target);
            }
            // "On a critical hit, the swallowed creature escapes": placed before
            // the hit's damage (pushed above) is dealt.
            if degree == Degree::CriticalSuccess && self.swallower(s, st.attacker) == Some(st.target) {
                self.disgorge(s, st.attacker);
            }
        } else {
            self.hold_together(s, &st, None);
        }
    }

    /// Double Slice: "If both hit, their damage is added together before
    /// resistances and weaknesses apply, and Sneak Attack counts once"
    /// (ruling P2V-R144). With `hit` (the strike's damage, and its damage
    /// without extra damage), a hit of a `together` action's strike: the
    /// first is held while a strike step remains; the second at the same
    /// target joins it. A miss, or a strike at another creature, lets a
    /// held hit deal its own damage.
    fn hold_together(&self, s: &mut State, st: &Strike, hit: Option<(Hit, Damage)>) -> Together {
        let Some(power) = st.of else { return Together::Alone };
        let Some(pw) = self.profile(usize::from(st.attacker)).and_then(|p| p.powers.get(usize::from(power))) else {
            return Together::Alone;
        };
        if !pw.program.together {
            return Together::Alone;
        }
        let steps = &pw.program.steps;
        let frame = s.pending.find_mut(|f| {
            if matches!(f, Frame::Activity { who, power: p, .. } if *who == st.attacker && *p == power) {
                Some(f)
            } else {
                None
            }
        });
        let Some(Frame::Activity { next, held, .. }) = frame else { return Together::Alone };
        let more = steps.iter().skip(usize::from(*next)).any(|x| matches!(x, crate::program::Step::Strike { .. }));
        let (out, release) = match (held.take(), hit) {
            (Some(h), Some((mut new, own))) if h.target == new.target => {
                new.damage = Damage {
                    amount: h.damage.amount.saturating_add(own.amount),
                    types: Types(h.damage.types.0 | own.types.0),
                };
                new.critical |= h.critical;
                (Together::Joined(new), None)
            }
            (Some(h), _) => (Together::Alone, Some(h)),
            (None, Some((new, _))) if more => {
                *held = Some(new);
                (Together::Held, None)
            }
            (None, _) => (Together::Alone, None),
        };
        if let Some(h) = release {
            self.push_damage(s, h);
        }
        out
    }

    /// Deals damage after resistance took `reduced` off it: weakness, then
    /// temporary HP, then HP; dying at 0 or below.
    pub(crate) fn deal<E: EventSink<Event>>(&self, s: &mut State, h: Hit, reduced: u16, events: &mut E) {
        let i = usize::from(h.target);
        let Some(p) = self.profile(i) else { return };
        if !self.in_play(s, i) {
            return;
        }
        // Absorb Shock: the damage heals it instead (ruling P2V-R151).
        if self.absorbs(s, &h, events) {
            return;
        }
        if h.damage.amount > 0 && p.defences.ignores(h.damage.types, p.undead, p.construct) {
            events.emit(Event::Immune { who: h.target });
            return;
        }
        let mut amount = h.damage.amount.saturating_sub(reduced);
        // "If it still takes damage, add the extra damage from its weakness"
        // — unless an ally defended it (Defend the Friends, ruling P2V-R148).
        if amount > 0 && !h.defended {
            amount = amount.saturating_add(p.defences.weakness(h.damage.types, h.area));
        }
        let Some(c) = s.creatures.get_mut(i) else { return };
        let from_temp = c.temp_hp.min(i32::from(amount)).max(0);
        c.temp_hp -= from_temp;
        c.hp -= i32::from(amount) - from_temp;
        events.emit(Event::Damaged { who: h.target, damage: h.damage, taken: amount, hp: c.hp });
        // Brazier: enough cold damage from one attack rattles it (ruling P2V-R152).
        if amount > 0 && p.doused.is_some() {
            self.doused(s, &h, amount, events);
        }
        let Some(c) = s.creatures.get_mut(i) else { return };
        // Parasitic Rejuvenation: whoever holds it may heal from it (ruling P2V-R149).
        if c.grabbed_by.is_some() {
            self.offer_rejuvenate(s, h.target, h.damage.types, amount);
        }
        let Some(c) = s.creatures.get_mut(i) else { return };
        // Construct Armor: "Once it is at half HP or less, or a critical hit
        // damages it, it loses this resistance and its Armor drops."
        if p.construct_armor.is_some() && !c.armor_broken && (c.hp * 2 <= p.hp || (h.critical && amount > 0)) {
            c.armor_broken = true;
            events.emit(Event::Condition { who: h.target, name: "armor broken".into(), on: true });
        }
        // "Taking fire or electricity damage makes it sickened."
        if amount > 0 && p.sickened_by.meets(h.damage.types) && !c.conditions.has(super::state::Conditions::SICKENED) {
            c.conditions = c.conditions.with(super::state::Conditions::SICKENED);
            events.emit(Event::Condition { who: h.target, name: "sickened".into(), on: true });
        }
        if c.life == Life::Up && c.hp <= 0 {
            // "When a creature is reduced to 0 HP or lower, it gains the
            // helpless status and falls prone."
            let was_prone = c.prone;
            c.life = Life::Dying;
            c.prone = true;
            events.emit(Event::Dying { who: h.target });
            self.sync(s, i);
            // "The swallowed creature also escapes if its swallower is reduced to 0 HP or below."
            self.disgorge_all(s, h.target);
            // Helpless, it lays down its load (ruling P2V-R165).
            self.drop_load(s, h.target, events);
            // Vitriol: "while both of them are above 0 HP".
            self.unbind(s, h.target, events);
            // Ferocity: "If you would be reduced to 0 HP or below", asked of
            // its owner at once (ruling P2V-R23).
            let t = Trigger::Ferocity { who: h.target, was_prone };
            let seat = Seat(self.team(i));
            self.offer_window(s, t, Timing::After, seat);
        } else if c.life == Life::Dying && h.strike && amount > 0 {
            // "… and each time it is hit by a strike that damages it, it makes a recovery check."
            self.push_recovery(s, h.target);
        } else if c.life == Life::Up {
            // Furious Flailing: "If the troll takes fire or electricity damage".
            self.flail_window(s, h.target, h.damage.types, amount);
        }
    }

    /// Removes a creature from play where it stands.
    pub fn eliminate<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let i = usize::from(who);
        let last_words = self.last_words(s, who);
        let veil = self.veil_of(s, who);
        // A creature eliminated inside its swallower falls where it is.
        let fell = self.whereabouts(s, who).map(|sp| Square::at(sp.file, sp.rank));
        // A howdah's commander passes the command to the next passenger.
        if let Some(m) = s.creatures.get(i).and_then(|c| c.riding).filter(|&m| self.howdah(m).is_some()) {
            self.pass_command(s, who, m);
        }
        let Some(c) = s.creatures.get_mut(i) else { return };
        c.fell_at = fell;
        c.swallowed_by = None;
        c.life = Life::Eliminated;
        let at = c.at.take();
        // Its load stays where it fell, and so does its body (ruling P2V-R165).
        self.drop_load(s, who, events);
        self.lay_body(s, who);
        events.emit(Event::Eliminated { who, at });
        self.sync(s, i);
        self.unbind(s, who, events);
        if let Some(v) = veil {
            s.veils.push(v);
            s.forget_field();
        }
        // Its pending work goes with it.
        s.pending.retain(|f| match f {
            Frame::Walk { who: w, .. } | Frame::Recovery { who: w } => *w != who,
            _ => true,
        });
        s.pending.push_in_order(last_words);
        // Whoever it had swallowed escapes where it fell.
        self.disgorge_all(s, who);
    }

    /// A saving throw's degree: "If the saving throw is a natural 1 … or it
    /// is below the Power by 10 or more …, it is a critical failure"; a
    /// critical success is 10 or more above (ruling P2V-R15: a natural 20
    /// alone is not).
    pub fn save_degree(die: u8, total: i32, power: i32) -> Degree {
        if die == 1 || total <= power - 10 {
            Degree::CriticalFailure
        } else if total >= power + 10 {
            Degree::CriticalSuccess
        } else if total >= power {
            Degree::Success
        } else {
            Degree::Failure
        }
    }

    /// A creature's saving throw bonus (`Fortitude`, `Reflex`, `Will`), −2 if sickened.
    pub fn save_bonus(&self, s: &State, who: u8, save: &str) -> i32 {
        use super::state::Conditions as C;
        let Some(p) = self.profile(usize::from(who)) else { return 0 };
        let base = match save {
            "Reflex" => p.reflex,
            "Will" => p.will,
            _ => p.fort,
        };
        let sick = s.creatures.get(usize::from(who)).is_some_and(|c| c.conditions.has(C::SICKENED));
        base - if sick { 2 } else { 0 } + self.aura_bonus(s, who, save) + self.bonus(s, who, super::cast::Stat::Saves)
    }

    fn maneuver_save<E: EventSink<Event>>(
        &self,
        s: &mut State,
        m: super::state::Maneuver,
        power: i32,
        die: u8,
        events: &mut E,
    ) {
        use super::state::Conditions as C;
        let total = i32::from(die) + self.save_bonus(s, m.target, m.save());
        let degree = Self::save_degree(die, total, power);
        events.emit(Event::Save { who: m.target, save: m.save().to_string(), die, total, power, degree });
        if degree == Degree::CriticalFailure && m.save() == "Reflex" {
            self.push_stumble(s, m.target);
        }
        if degree >= Degree::Success {
            return;
        }
        let ti = usize::from(m.target);
        match m.kind {
            // Trip: "On a failure, it falls prone."
            0 => {
                if let Some(c) = s.creatures.get_mut(ti)
                    && !c.prone
                {
                    c.prone = true;
                    events.emit(Event::Condition { who: m.target, name: "prone".into(), on: true });
                    // Timber: "When it falls prone" (ruling P2V-R160).
                    self.fell_prone(s, m.target);
                }
            }
            // Shove: "On a failure, it is pushed 1 square."
            1 => {
                let Some(to) = m.to else { return };
                if super::judge::shove_squares(self, s, m.attacker, m.target).contains(&to) {
                    let from = s.creatures[ti].at.unwrap_or(to);
                    s.creatures[ti].at = Some(to);
                    self.sync(s, ti);
                    events.emit(Event::Moved { who: m.target, from, to, how: "pushed".into() });
                    let side = self.profile(ti).map_or(1, |p| p.size.side());
                    self.entered(s, m.target, Space::new(from, side), Space::new(to, side), events);
                }
            }
            // Grapple: "On a failure, it is grabbed."
            _ => {
                if let Some(c) = s.creatures.get_mut(ti)
                    && !c.conditions.has(C::GRABBED)
                {
                    c.conditions = c.conditions.with(C::GRABBED);
                    c.grabbed_by = Some(m.attacker);
                    events.emit(Event::Condition { who: m.target, name: "grabbed".into(), on: true });
                }
            }
        }
    }

    /// "Grabbed … This condition ends immediately if the creature is beyond
    /// the reach of all enemy creatures."
    pub(crate) fn release_grabs<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        use super::state::Conditions as C;
        for i in 0..s.creatures.len() {
            // A swallowed creature is grabbed while it is inside.
            if !s.creatures[i].conditions.has(C::GRABBED) || s.creatures[i].swallowed_by.is_some() {
                continue;
            }
            let field = self.field(s);
            let held = (0..s.creatures.len()).any(|e| {
                self.team(e) != self.team(i)
                    && s.creatures[e].life == Life::Up
                    && self.profile(e).is_some_and(|p| {
                        p.reach() > 0 && field.in_reach(FigureId(e as u16), FigureId(i as u16), u32::from(p.reach()))
                    })
            });
            if !held || !self.in_play(s, i) {
                s.creatures[i].conditions = s.creatures[i].conditions.without(C::GRABBED);
                events.emit(Event::Condition { who: i as u8, name: "grabbed".into(), on: false });
            }
        }
    }

    fn claim_roll<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        objective: u8,
        skill: u8,
        die: u8,
        events: &mut E,
    ) {
        let (Some(p), Some(o)) = (self.profile(usize::from(who)), s.objectives.get(usize::from(objective)).copied())
        else {
            return;
        };
        let name = SKILLS.get(usize::from(skill)).copied().unwrap_or("");
        let total = i32::from(die) + self.skill_bonus(s, who, name);
        // Ruling P2V-R2: "If it is equal to or greater than the Power, the creature succeeds."
        let success = total >= i32::from(o.power);
        events.emit(Event::Claim { who, objective, skill: name.to_string(), die, total, power: o.power, success });
        if success && let Some(o) = s.objectives.get_mut(usize::from(objective)) {
            o.holder = Some(p.team);
        }
    }

    /// A creature's bonus for a skill check: the mapped saving throw, −5 if
    /// untrained, −2 if sickened.
    pub fn skill_bonus(&self, s: &State, who: u8, skill: &str) -> i32 {
        use super::state::Conditions as C;
        let Some(p) = self.profile(usize::from(who)) else { return 0 };
        let save = match skill {
            "acrobatics" | "stealth" | "thievery" => p.reflex,
            "athletics" => p.fort,
            _ => p.will,
        };
        let sick = s.creatures.get(usize::from(who)).is_some_and(|c| c.conditions.has(C::SICKENED));
        save - if p.defences.trained(skill) { 0 } else { 5 } - if sick { 2 } else { 0 }
            + self.bonus(s, who, super::cast::Stat::Skills)
    }

    /// One step of a move: the reactions the step opens are asked first
    /// (the mover still in the square it leaves), then the creature enters
    /// the next anchor, falling if it must, and the rest of the move waits
    /// on top of the stack. A move that stops inside an ally's space (the
    /// mover struck down, or the way closed) puts the creature back on the
    /// last square of the move where it could end (ruling P2V-R14).
    #[allow(clippy::too_many_arguments)]
    fn walk<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        from: Square,
        mut path: Vec<Square>,
        how: u8,
        (asked, back): (bool, Square),
        events: &mut E,
    ) {
        let i = usize::from(who);
        let how_name = ["Stride", "Step", "Crawl", "Leap", "Trample", "Tumble Through", "Jet"]
            [usize::from(how.min(JET))]
        .to_string();
        let at = s.creatures.get(i).and_then(|c| c.at);
        let alive = s.creatures.get(i).is_some_and(|c| c.life == Life::Up);
        let (Some(p), Some(old)) = (self.profile(i), at) else { return };
        if !alive || path.is_empty() {
            self.stop(s, who, from, back, &how_name, events);
            return;
        }
        let next = path[0];
        let side = p.size.side();
        let (was, now) = (Space::new(old, side), Space::new(next, side));
        // Tumble Through: the Acrobatics check as it tries to enter the enemy's space.
        if how == TUMBLE
            && !asked
            && let Some(target) = self.tumble_due(s, who, now)
        {
            s.pending.push(Frame::Walk { who, from, path, how, asked, back });
            s.pending.push(Frame::TumbleCheck { who, target });
            return;
        }
        if !asked && how != 1 && how != JET {
            // Attack of Opportunity: "If a creature within your reach …
            // moves out of reach of your attacks". A Step "does not trigger reactions".
            let mut windows = Vec::new();
            for r in 0..s.creatures.len() {
                let Some(rp) = self.profile(r) else { continue };
                if rp.team == p.team || !rp.reactive_strike || !self.may_react(s, r as u8) {
                    continue;
                }
                let Some(ra) = s.creatures[r].at else { continue };
                let rs = Space::new(ra, rp.size.side());
                let reach = u32::from(rp.reach());
                if reach > 0 && reaches(&rs, &was, reach) && !reaches(&rs, &now, reach) {
                    let t = Trigger::LeftReach { mover: who, reactor: r as u8 };
                    windows.push(Window::for_seat(t, Timing::Before, Seat(rp.team)));
                }
            }
            if !windows.is_empty() {
                s.pending.push(Frame::Walk { who, from, path, how, asked: true, back });
                for w in windows {
                    s.pending.push(Frame::Window(w));
                }
                return;
            }
        }
        path.remove(0);
        // A trample moves through the smaller creatures it may trample.
        let trampling = match how {
            TRAMPLE => self.trample_power(s, who).map(|pw| self.trample_field(s, who, pw)),
            TUMBLE => self.tumble_walk_field(s, who),
            _ => None,
        };
        let moving = self.move_field(s, who);
        let field = match trampling.as_ref() {
            Some(f) => f,
            None => &*moving,
        };
        let mover = Mover { side, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(who.into())) };
        let odd = match s.phase {
            Phase::Turn(t) if t.who == who => t.odd_diagonal,
            _ => false,
        };
        // The step, and whether the creature may end its move where it leads.
        let (stepped, may_end) = if how == LEAP {
            // A Leap was judged whole; it lands if the landing is still free.
            let free = field.may_end(mover, next);
            (free.then(|| (self.leap_fall(s, side, old, next), odd, false)), free)
        } else {
            match field.step_and_end(mover, Position { anchor: old, odd_diagonals: odd, down: false }, next) {
                Ok((step, pos, free)) => (Some((step.fall, pos.odd_diagonals, pos.down)), free),
                Err(_) => (None, false),
            }
        };
        let Some((fall, odd_after, down)) = stepped else {
            // The way is closed: the move stops here.
            self.stop(s, who, from, back, &how_name, events);
            return;
        };
        let back = if may_end { next } else { back };
        if let Phase::Turn(t) = &mut s.phase
            && t.who == who
        {
            t.moved = true;
        }
        if let Some(c) = s.creatures.get_mut(i) {
            c.at = Some(next);
        }
        if let Phase::Turn(t) = &mut s.phase
            && t.who == who
        {
            t.odd_diagonal = odd_after;
        }
        self.sync(s, i);
        if how == TRAMPLE {
            self.trampled(s, who, now);
        }
        // Haul Away: the dragged creature follows into the space left.
        self.drag(s, who, was, events);
        // Clinging Suckers: a grindylow holding on is dragged behind (ruling P2V-R157).
        self.drag_clingers(s, who, was, now, events);
        if fall >= 2 || down {
            // "A creature that falls 2 squares or more takes 5 damage per 2
            // squares it falls. If it takes damage, it falls prone at the bottom."
            self.stop(s, who, from, back, &how_name, events);
            events.emit(Event::Fell { who, squares: fall.min(255) as u8 });
            self.entered(s, who, was, now, events);
            let gentle = self.bonus(s, who, super::cast::Stat::Gentle) > 0;
            let amount = if gentle { 0 } else { (fall / 2 * 5).min(u32::from(u16::MAX)) as u16 };
            if amount > 0 {
                let was_prone = s.creatures.get(i).is_some_and(|c| c.prone);
                if let Some(c) = s.creatures.get_mut(i) {
                    c.prone = true;
                }
                // Timber: "When it falls prone", once the fall's damage is
                // dealt (ruling P2V-R160).
                if !was_prone {
                    self.fell_prone(s, who);
                }
                self.push_damage(
                    s,
                    Hit {
                        target: who,
                        source: None,
                        damage: Damage { amount, types: Types::of(DamageType::Bludgeoning) },
                        strike: false,
                        area: false,
                        critical: false,
                        defended: false,
                    },
                );
            }
            return;
        }
        s.pending.push(Frame::Walk { who, from, path, how, asked: false, back });
        // What it stepped into hurts it before the move goes on.
        self.entered(s, who, was, now, events);
    }

    /// Ends a move: back to `back` if the creature stopped in another's
    /// space, then the move is told.
    fn stop<E: EventSink<Event>>(&self, s: &mut State, who: u8, from: Square, back: Square, how: &str, events: &mut E) {
        let i = usize::from(who);
        let Some(p) = self.profile(i) else { return };
        let Some(at) = s.creatures.get(i).and_then(|c| c.at) else { return };
        let space = Space::new(at, p.size.side());
        let shared = (0..s.creatures.len()).any(|j| {
            j != i
                && self.in_play(s, j)
                && !self.mounted_pair(s, i as u8, j as u8)
                && s.creatures[j]
                    .at
                    .is_some_and(|a| Space::new(a, self.profile(j).map_or(1, |q| q.size.side())).overlaps(&space))
        });
        let to = if shared { back } else { at };
        if shared {
            if let Some(c) = s.creatures.get_mut(i) {
                c.at = Some(back);
            }
            self.sync(s, i);
        }
        if to != from {
            events.emit(Event::Moved { who, from, to, how: how.to_string() });
            // Vanishing Leap: "When it Strides" (ruling P2V-R156).
            if how == "Stride" {
                self.offer_on_stride(s, who);
            }
        }
    }

    fn end_turn<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        events.emit(Event::TurnEnded { who });
        self.pass_turn_end(s, who, events);
        s.phase = Phase::Busy;
        s.pending.push(Frame::TurnTail { who });
        let i = usize::from(who);
        let Some(c) = s.creatures.get_mut(i) else { return };
        if c.life == Life::Eliminated {
            s.pending.pop();
            return;
        }
        // "At the end of a creature's turn, if it is suffering from persistent
        // damage it takes that much damage. Its persistent damage is then
        // reduced by 5."
        let persistent = std::mem::take(&mut c.persistent);
        let mut kept = Vec::new();
        let mut hits = Vec::new();
        for (t, n) in persistent {
            if let Some(ty) = DamageType::ALL.get(usize::from(t)) {
                hits.push(Hit {
                    target: who,
                    source: None,
                    damage: Damage { amount: n, types: Types::of(*ty) },
                    strike: false,
                    area: false,
                    critical: false,
                    defended: false,
                });
            }
            if n > 5 {
                kept.push((t, n - 5));
            }
        }
        c.persistent = kept;
        // Hazardous terrain: "At the end of a creature's turn, they take 5
        // damage if they are on a hazard. Damage type depends on the hazard."
        hits.extend(self.hazard_at_turn_end(s, who));
        for h in hits.into_iter().rev() {
            s.pending.push(Frame::Damage(h));
        }
    }
}

/// What became of a hit of an action whose strikes join (Double Slice).
enum Together {
    /// Not such an action, or nothing to join: the hit deals its damage.
    Alone,
    /// Held for the next strike: it deals nothing now.
    Held,
    /// Joined with the held hit: one hit with both damages.
    Joined(Hit),
}
