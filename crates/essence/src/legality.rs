//! Legality of the action phase: every check, and every refusal with its
//! stable rule id and the rulebook section or ruling it comes from.

use crate::action::Action;
use crate::board::{Dir, Square};
use crate::mote::{MAX_POWER, Mote};
use crate::rules::Essence;
use crate::state::State;
use arbiter_core::Refusal;

// Rulebook sections and rulings, as cited by refusals.
pub(crate) const S_GROWTH: &str = "Playing the Game: First Phase: Growth";
pub(crate) const S_ACTION: &str = "Playing the Game: Second Phase: Action";
pub(crate) const S_MOVE: &str = "Actions: Move; Movement";
pub(crate) const S_VOID: &str = "The Void";
pub(crate) const S_SPLIT: &str = "Actions: Split";
pub(crate) const S_HEAL: &str = "Actions: Heal";
pub(crate) const S_SHIFT: &str = "Actions: Shift the Void";
pub(crate) const S_DESTABILIZE: &str = "Actions: Destabilize";
pub(crate) const S_SUMMON: &str = "Variant Rules: Summoning";
pub(crate) const S_SPIN: &str =
    "Movement (note: the owner may spin a mote after it has been interacted with); ruling R5";
pub(crate) const S_FAQ_LAST: &str = "FAQ: Can Destabilize reduce my own mote to 0?; ruling R4";

impl Essence {
    /// Judges an action of the action phase (not Pass).
    pub(crate) fn check_action_phase(&self, s: &State, a: &Action) -> Result<(), Refusal> {
        let me = s.active;
        if let (Some(k), Some(used)) = (a.kind(), Self::used_kind(s))
            && k == used
        {
            return Err(Refusal::because(
                "essence.action.different",
                format!("{} was this turn's first action; the two actions must be different", k.name()),
                S_ACTION,
            ));
        }
        let own = |sq: Square, rule: &'static str, section: &'static str| -> Result<Mote, Refusal> {
            if !self.board.contains(sq) {
                return Err(Refusal::because(rule, format!("{sq} is not on the board"), section));
            }
            match s.mote(sq) {
                Some(m) if m.owner() == me => Ok(m),
                Some(_) => Err(Refusal::because(rule, format!("the mote on {sq} is not yours"), section)),
                None => Err(Refusal::because(rule, format!("there is no mote on {sq}"), section)),
            }
        };
        match *a {
            Action::Move { from, to, dir } => {
                let m = own(from, "essence.move.own", S_MOVE)?;
                if !self.board.contains(to) {
                    return Err(Refusal::because("essence.move.edge", format!("{to} is not on the board"), S_MOVE));
                }
                if from == to {
                    return Err(Refusal::new(
                        "essence.move.nowhere",
                        "a Move covers at least 1 space and ends on another space",
                        "Actions: Move; ruling R2",
                    ));
                }
                let Some(dir) = dir else {
                    return Err(Refusal::because(
                        "essence.move.straight",
                        format!("{from} and {to} are not on a straight line; a mote moves in a straight line"),
                        S_MOVE,
                    ));
                };
                if !m.may_move(dir) {
                    return Err(Refusal::because(
                        "essence.move.direction",
                        format!("the pips of the {} on {from} do not point {dir}", m.power()),
                        S_MOVE,
                    ));
                }
                let mut found = None;
                self.walk(s, from, dir, MAX_POWER, |sq, d, _| {
                    if sq == to && found.is_none() {
                        found = Some(d);
                    }
                });
                match found {
                    Some(d) if d <= m.power() => Ok(()),
                    Some(d) => Err(Refusal::because(
                        "essence.move.distance",
                        format!("{from} to {to} is {d} spaces; a mote moves at most its power ({})", m.power()),
                        S_MOVE,
                    )),
                    None => Err(self.blocked_reason(s, from, to, dir)),
                }
            }
            Action::Split { from, to } => {
                let m = own(from, "essence.split.own", S_SPLIT)?;
                if m.power() < 2 {
                    return Err(Refusal::because(
                        "essence.split.power",
                        format!("the mote on {from} has power {}; splitting reduces it by 2", m.power()),
                        S_SPLIT,
                    ));
                }
                if s.pool(me) == 0 {
                    return Err(Refusal::new(
                        "essence.split.pool",
                        "your mana pool is empty: all five of your dice are on the board",
                        "Setup; ruling R1",
                    ));
                }
                if !self.board.contains(to) || self.board.adjacent(from) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.split.adjacent",
                        format!("{to} is not adjacent to {from}"),
                        S_SPLIT,
                    ));
                }
                if s.all_motes() & to.bit() != 0 || s.void == to {
                    return Err(Refusal::because(
                        "essence.split.empty",
                        format!("{to} is not empty; the new mote needs an empty space"),
                        S_SPLIT,
                    ));
                }
                Ok(())
            }
            Action::Heal { from, to, amount } => {
                let m = own(from, "essence.heal.own", S_HEAL)?;
                amount_in_range(amount, m.power(), from, "essence.heal.amount", S_HEAL)?;
                own(to, "essence.heal.friendly", S_HEAL)?;
                if self.board.adjacent(from) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.heal.adjacent",
                        format!("{to} is not adjacent to {from}"),
                        S_HEAL,
                    ));
                }
                Ok(())
            }
            Action::Shift(to) => {
                if !self.board.contains(to) || self.board.adjacent(s.void) & to.bit() == 0 {
                    return Err(Refusal::because(
                        "essence.shift.adjacent",
                        format!("the void is on {}; it moves 1 space, and {to} is not next to it", s.void),
                        S_SHIFT,
                    ));
                }
                if s.motes_of(me) == to.bit() {
                    return Err(Refusal::new(
                        "essence.shift.last-mote",
                        "that would destroy your last mote",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Destabilize { at, amount } => {
                let m = own(at, "essence.destabilize.own", S_DESTABILIZE)?;
                amount_in_range(amount, m.power(), at, "essence.destabilize.amount", S_DESTABILIZE)?;
                if self.destabilize_wipes_out(s, at, amount) {
                    return Err(Refusal::new(
                        "essence.destabilize.last-mote",
                        "you can not sacrifice your final mote with Destabilize",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Summon(at) => {
                if !self.variant.summoning {
                    return Err(Refusal::new(
                        "essence.summon.variant",
                        "Summon the Void is only in the Summoning variant",
                        S_SUMMON,
                    ));
                }
                let m = own(at, "essence.summon.own", S_SUMMON)?;
                if m.power() != MAX_POWER {
                    return Err(Refusal::because(
                        "essence.summon.power",
                        format!("the mote on {at} has power {}; only a power-6 mote can be summoned", m.power()),
                        S_SUMMON,
                    ));
                }
                if s.count(me) == 1 {
                    return Err(Refusal::new(
                        "essence.summon.last-mote",
                        "that would remove your last mote",
                        S_FAQ_LAST,
                    ));
                }
                Ok(())
            }
            Action::Grow(_) | Action::Spin(_) | Action::Pass => Ok(()),
        }
    }

    /// Explains why a straight move from `from` in `dir` does not reach `to`.
    pub(crate) fn blocked_reason(&self, s: &State, from: Square, to: Square, dir: Dir) -> Refusal {
        let mut at = from;
        for _ in 0..8 {
            let Some(next) = self.board.step(at, dir) else {
                return Refusal::because(
                    "essence.move.edge",
                    format!("going {dir} from {from} leaves the board before reaching {to}"),
                    if self.variant.looping { S_MOVE } else { "Actions: Move; Variant Rules: Loop" },
                );
            };
            if next == from {
                break;
            }
            if next == s.void {
                if next == to {
                    return Refusal::new("essence.move.void", "a mote can not stop on the void", S_VOID);
                }
                if !self.variant.determined {
                    return Refusal::because(
                        "essence.move.void",
                        format!("the void on {next} is in the way; motes may not enter or pass through the void"),
                        S_VOID,
                    );
                }
            } else if let Some(m) = s.mote(next) {
                let whose = if m.owner() == s.active { "your" } else { "an enemy" };
                return Refusal::because(
                    "essence.move.blocked",
                    format!("{whose} mote on {next} is in the way; motes can not pass through motes"),
                    "Actions: Move; ruling R2",
                );
            }
            if next == to {
                break;
            }
            at = next;
        }
        let hint = match Dir::between(from, to) {
            Some(d) if d != dir => format!(" (write {from}-{to}:{d} to go {d})"),
            _ => String::new(),
        };
        Refusal::because(
            "essence.move.straight",
            format!("{to} is not on the line going {dir} from {from}{hint}"),
            S_MOVE,
        )
    }
}

fn amount_in_range(
    amount: u8,
    power: u8,
    at: Square,
    rule: &'static str,
    section: &'static str,
) -> Result<(), Refusal> {
    if amount == 0 || amount > power {
        return Err(Refusal::because(
            rule,
            format!("the mote on {at} has power {power}; reduce it by 1 to {power} (ruling R3)"),
            section,
        ));
    }
    Ok(())
}
