//! Several creatures acting in one activation: group activation ("A player
//! can activate a group of creatures in their warband at once") and a
//! commander's turn with its minions ("The minions act on their commander's
//! turn").
//!
//! Both keep a [`Party`] in the state while they act. The creature deciding
//! now is the one in [`Phase::Turn`]; every other member's turn (its AP, its
//! multiple attack penalty, its pooled movement) waits in the party and is
//! swapped in when that member acts. Each member's turn starts as any turn
//! does (reactions to its start, regeneration, AP) and ends as any turn does
//! (persistent damage, conditions lost) when that member stops acting
//! (rulings P2V-R50 to P2V-R53).
//!
//! - A group is formed one member at a time (`join`), each adjacent to one
//!   already joined, and activated with `activate` (its last member). It
//!   acts in steps: the first member still acting chooses an action, then
//!   each other member, in the order they joined, takes an action of the
//!   same kind with its own details, or ends its turn. No member's action
//!   may leave more members without a neighbour in the group than before.
//! - A commander with minions in play activates them all; `switch` hands the
//!   decision to another of them after an action, and `give` moves 1 of the
//!   commander's AP to a minion (once per minion per turn). Minions get 1 AP.

use super::action::Action;
use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Phase, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{Space, Square};
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;

/// The rulebook section of group activation.
pub const GROUP: &str = "Group activation";
/// The rulebook section of commanders, minions and mounts.
pub const COMMAND: &str = "COMMANDERS, MINIONS AND MOUNTS";

/// What brought the creatures together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A group activation.
    Group,
    /// A commander's turn with its minions (the commander is the first member).
    Command,
}

/// Creatures activated together, while they act.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Party {
    /// A group or a commander's turn.
    pub kind: Kind,
    /// The members, in order: a group's in the order they joined, a
    /// commander first, then its minions in roster order.
    pub members: Vec<u8>,
    /// True while a group is still being formed (members join).
    #[serde(default)]
    pub forming: bool,
    /// Each member's turn as it stands (the one deciding now is in the phase).
    #[serde(default)]
    pub turns: Vec<Turn>,
    /// Members whose turn has ended.
    #[serde(default)]
    pub stopped: Vec<bool>,
    /// Group: members who took the current step's action. Command: minions
    /// given +1 AP this turn.
    #[serde(default)]
    pub marked: Vec<bool>,
    /// The member deciding now, by index among the members.
    #[serde(default)]
    pub cur: u8,
    /// Group: the kind of action of the current step, once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    /// Command: true until the member handed the turn takes an action (it
    /// cannot hand it on before: the turn always moves on).
    #[serde(default)]
    pub idle: bool,
}

impl Party {
    fn new(kind: Kind, members: Vec<u8>, forming: bool) -> Party {
        let n = members.len();
        Party {
            kind,
            turns: members.iter().map(|&who| Turn { who, ..Turn::default() }).collect(),
            members,
            forming,
            stopped: vec![false; n],
            marked: vec![false; n],
            cur: 0,
            step: None,
            idle: false,
        }
    }

    /// The index of `who` among the members.
    pub fn index(&self, who: u8) -> Option<usize> {
        self.members.iter().position(|m| *m == who)
    }

    /// The next member to decide, after the member deciding now took the
    /// step's action or stopped: a group's next member in order still to
    /// take this step, else the first still acting (a new step); a
    /// commander's turn, the first member still acting.
    fn next(&mut self) -> Option<usize> {
        let open = |p: &Party, k: usize| !(p.stopped[k] || (p.kind == Kind::Group && p.marked[k]));
        if self.kind == Kind::Group {
            let from = usize::from(self.cur) + 1;
            if let Some(k) = (from..self.members.len()).find(|&k| open(self, k)) {
                return Some(k);
            }
            self.marked.iter_mut().for_each(|m| *m = false);
            self.step = None;
        }
        (0..self.members.len()).find(|&k| open(self, k))
    }
}

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>, section: &'static str) -> Refusal {
    Refusal::because(rule, reason, section)
}

impl State {
    /// The state with every minion placed under its commander (as the
    /// roster gives them: [`P2v::commander_of`]).
    pub fn with_commanders(mut self, g: &P2v) -> State {
        for i in 0..self.creatures.len() {
            self.creatures[i].commander = g.commander_of(i);
        }
        self
    }
}

impl P2v {
    /// The commander that creature `i` starts the battle under: the first
    /// creature of its warband whose card's Commander entry names its card
    /// as a minion or as one it starts with (ruling P2V-R54).
    pub fn commander_of(&self, i: usize) -> Option<u8> {
        let me = self.profile(i)?;
        let card = me.card.trim().to_ascii_lowercase();
        (0..self.roster().len()).find_map(|j| {
            let p = self.profile(j)?;
            (j != i && p.team == me.team && p.commands.contains(&card)).then_some(j as u8)
        })
    }

    /// The minions of `who` in play, in roster order.
    pub fn minions_in_play(&self, s: &State, who: u8) -> Vec<u8> {
        (0..s.creatures.len())
            .filter(|&m| s.creatures[m].commander == Some(who) && self.in_play(s, m))
            .map(|m| m as u8)
            .collect()
    }

    /// Whether creature `who` has a minion in play (as
    /// [`P2v::minions_in_play`], without listing them).
    pub fn has_minions_in_play(&self, s: &State, who: u8) -> bool {
        (0..s.creatures.len()).any(|m| s.creatures[m].commander == Some(who) && self.in_play(s, m))
    }

    /// Whether creature `who` acts only in its commander's turn now: its
    /// commander is in play.
    pub fn acts_in_commanders_turn(&self, s: &State, who: u8) -> bool {
        s.creatures.get(usize::from(who)).and_then(|c| c.commander).is_some_and(|c| self.in_play(s, usize::from(c)))
    }

    /// Whether creatures `a` and `b` stand adjacent (their spaces touch).
    pub fn adjacent(&self, s: &State, a: u8, b: u8) -> bool {
        let at = |w: u8| s.creatures.get(usize::from(w)).and_then(|c| c.at);
        match (at(a), at(b)) {
            (Some(x), Some(y)) => self.adjacent_at(a, x, b, y),
            _ => false,
        }
    }

    fn adjacent_at(&self, a: u8, x: Square, b: u8, y: Square) -> bool {
        let side = |w: u8| self.profile(usize::from(w)).map_or(1, |p| p.size.side());
        let (sa, sb) = (Space::new(x, side(a)), Space::new(y, side(b)));
        !sa.overlaps(&sb) && touching(&sa, &sb)
    }

    /// Whether `who` may join the group being formed (or start one): its
    /// own, in play, not yet activated, no minion of a commander in play,
    /// no commander with minions, and adjacent to a member (or, as the
    /// first, to a creature that could join it).
    fn judge_join(&self, s: &State, seat: u8, who: u8) -> Result<(), Refusal> {
        let i = usize::from(who);
        if self.team(i) != seat || !self.in_play(s, i) || s.creatures[i].done {
            return Err(no(
                "p2v.group.member",
                "a group is made of creatures of your own warband, in play, not yet activated this round",
                GROUP,
            ));
        }
        if self.acts_in_commanders_turn(s, who) || self.has_minions_in_play(s, who) {
            return Err(no(
                "p2v.group.command",
                "a commander activates with its minions, and a minion in its commander's turn: neither joins a group (ruling P2V-R53)",
                GROUP,
            ));
        }
        let members: &[u8] = s.party.as_ref().filter(|p| p.forming).map_or(&[], |p| &p.members);
        if members.contains(&who) {
            return Err(no("p2v.group.twice", "that creature is in the group already", GROUP));
        }
        let touching = if members.is_empty() {
            (0..s.creatures.len() as u8).any(|o| {
                o != who && self.team(usize::from(o)) == seat && self.adjacent(s, who, o) && self.could_join(s, seat, o)
            })
        } else {
            members.iter().any(|&m| self.adjacent(s, who, m))
        };
        if !touching {
            return Err(no(
                "p2v.group.adjacent",
                "each creature joins adjacent to one already in the group: \"The creatures must all be adjacent to at least one other creature in the group\"",
                GROUP,
            ));
        }
        Ok(())
    }

    fn could_join(&self, s: &State, seat: u8, who: u8) -> bool {
        let i = usize::from(who);
        self.team(i) == seat
            && self.in_play(s, i)
            && !s.creatures[i].done
            && !self.acts_in_commanders_turn(s, who)
            && !self.has_minions_in_play(s, who)
    }

    /// How many members in play have no other member in play adjacent,
    /// with `moved` standing at `to`.
    fn apart(&self, s: &State, members: &[u8], moved: Option<(u8, Square)>) -> usize {
        let at = |w: u8| match moved {
            Some((m, to)) if m == w => Some(to),
            _ => s.creatures.get(usize::from(w)).and_then(|c| c.at),
        };
        let here: Vec<(u8, Square)> =
            members.iter().filter(|&&m| self.in_play(s, usize::from(m))).filter_map(|&m| Some((m, at(m)?))).collect();
        here.iter().filter(|(a, x)| !here.iter().any(|(b, y)| a != b && self.adjacent_at(*a, *x, *b, *y))).count()
    }

    /// The kind of action a group step is, for "the same actions": the
    /// action's name, a power's name for a power (none for `end`).
    fn step_kind(&self, who: u8, a: &Action) -> Option<String> {
        let name = a.kind().to_string();
        match a {
            Action::End => None,
            Action::Use { power, .. } => {
                let p = self.profile(usize::from(who))?.powers.get(usize::from(*power))?;
                Some(format!("use {}", p.name.to_ascii_lowercase()))
            }
            _ => Some(name),
        }
    }

    /// Whether action `a` of `who` is of the kind `step` (true if there is
    /// no step yet): [`P2v::step_kind`] compared without making the name;
    /// `None` where that has no kind.
    fn same_step(&self, who: u8, a: &Action, step: Option<&str>) -> Option<bool> {
        let kind = match a {
            Action::End => return None,
            Action::Use { power, .. } => {
                let p = self.profile(usize::from(who))?.powers.get(usize::from(*power))?;
                let Some(step) = step else { return Some(true) };
                return Some(
                    step.strip_prefix("use ")
                        .is_some_and(|n| n.bytes().eq(p.name.bytes().map(|b| b.to_ascii_lowercase()))),
                );
            }
            _ => a.kind(),
        };
        Some(step.is_none_or(|step| step == kind))
    }

    /// Judges a decision this module owns, or that a party constrains:
    /// `Some` with the verdict, `None` to judge it as usual.
    pub(crate) fn judge_party(&self, s: &State, a: &Action) -> Option<Result<(), Refusal>> {
        self.judge_party_with(s, a, &OnceCell::new(), true)
    }

    /// [`P2v::judge_party`], with how many members stand apart now kept in
    /// `apart` between the actions of one listing; without `explain`, a
    /// listing that keeps no reason, a step other than the group's is
    /// refused without composing the reason.
    fn judge_party_with(
        &self,
        s: &State,
        a: &Action,
        apart: &OnceCell<usize>,
        explain: bool,
    ) -> Option<Result<(), Refusal>> {
        if s.pending.top().is_some() {
            return matches!(
                a,
                Action::Join { .. }
                    | Action::Switch { .. }
                    | Action::Give { .. }
                    | Action::Mount { .. }
                    | Action::Dismount { .. }
            )
            .then(|| Err(no("p2v.group.not-now", "finish what is under way first", GROUP)));
        }
        let party = s.party.as_ref();
        match (s.phase, a) {
            (Phase::Activate { seat }, Action::Join { who }) => Some(self.judge_join(s, seat, *who)),
            (Phase::Activate { seat }, Action::Activate { who }) if party.is_some_and(|p| p.forming) => {
                let in_it = party.is_some_and(|p| p.members.contains(who));
                Some(if in_it { Ok(()) } else { self.judge_join(s, seat, *who) })
            }
            (Phase::Activate { .. }, Action::Activate { who }) if self.acts_in_commanders_turn(s, *who) => {
                Some(Err(no(
                    "p2v.minion.own-turn",
                    "a minion acts in its commander's turn, not a turn of its own: \"The minions act on their commander's turn\"",
                    COMMAND,
                )))
            }
            (Phase::Activate { .. }, _) if party.is_some_and(|p| p.forming) => Some(Err(no(
                "p2v.group.forming",
                "a group is being formed: join another creature, or activate the group with its last member",
                GROUP,
            ))),
            (Phase::Turn(t), Action::Switch { who }) => Some(self.judge_switch(s, t, *who)),
            (Phase::Turn(t), Action::Give { who }) => Some(self.judge_give(s, t, *who)),
            (Phase::Turn(t), a) => match (self.judge_mounts(s, t, a), party) {
                (Some(verdict), _) => Some(verdict),
                (None, Some(p)) if p.kind == Kind::Group => self.judge_step(s, p, t, a, apart, explain),
                _ => None,
            },
            (
                _,
                Action::Join { .. }
                | Action::Switch { .. }
                | Action::Give { .. }
                | Action::Mount { .. }
                | Action::Dismount { .. },
            ) => Some(Err(no(
                "p2v.group.not-now",
                "that is not the decision owed now: groups form when a creature is activated, and `switch` and `give` belong to a commander's turn",
                GROUP,
            ))),
            _ => None,
        }
    }

    /// A group member's action: the step's kind, no compound power, and the
    /// group kept together.
    fn judge_step(
        &self,
        s: &State,
        p: &Party,
        t: Turn,
        a: &Action,
        apart: &OnceCell<usize>,
        explain: bool,
    ) -> Option<Result<(), Refusal>> {
        let same = self.same_step(t.who, a, p.step.as_deref())?;
        if let Some(step) = &p.step
            && !same
        {
            if !explain {
                return Some(Err(no("p2v.group.same-action", "not the group's step", GROUP)));
            }
            return Some(Err(no(
                "p2v.group.same-action",
                format!(
                    "the group's members take the same actions in the same order: this step is `{step}` (or `end` this member's turn)"
                ),
                GROUP,
            )));
        }
        if let Action::Use { power, .. } = a
            && self
                .profile(usize::from(t.who))
                .and_then(|q| q.powers.get(usize::from(*power)))
                .is_some_and(|w| w.compound())
        {
            return Some(Err(no(
                "p2v.group.compound",
                "a power made of several actions (Strides and strikes) is not taken in a group: the group must stay together at the end of each action (ruling P2V-R51)",
                GROUP,
            )));
        }
        let to = match *a {
            Action::Stride { to }
            | Action::Step { to }
            | Action::Crawl { to }
            | Action::Leap { to }
            | Action::Haul { to }
            | Action::Tumble { to } => Some(to),
            Action::Use { aim: super::action::Aim::Square { at }, .. } => Some(at),
            _ => None,
        };
        if let Some(to) = to
            && self.apart(s, &p.members, Some((t.who, to))) > *apart.get_or_init(|| self.apart(s, &p.members, None))
        {
            return Some(Err(no(
                "p2v.group.apart",
                "that move leaves a member of the group with no other member adjacent: \"They must remain in a group … at the end of each action\"",
                GROUP,
            )));
        }
        None
    }

    fn judge_switch(&self, s: &State, t: Turn, who: u8) -> Result<(), Refusal> {
        let Some(p) = s.party.as_ref().filter(|p| p.kind == Kind::Command) else {
            return Err(no(
                "p2v.minion.switch",
                "only a commander's turn hands the decision between its creatures",
                COMMAND,
            ));
        };
        if p.index(who).is_none_or(|k| p.stopped[k] || who == t.who) {
            return Err(no(
                "p2v.minion.switch",
                "hand the turn to the commander or one of its minions that is still acting",
                COMMAND,
            ));
        }
        if p.idle {
            return Err(no(
                "p2v.minion.switch-idle",
                "take an action (or end) before handing the turn on again (ruling P2V-R52)",
                COMMAND,
            ));
        }
        Ok(())
    }

    fn judge_give(&self, s: &State, t: Turn, who: u8) -> Result<(), Refusal> {
        let Some(p) = s.party.as_ref().filter(|p| p.kind == Kind::Command) else {
            return Err(no("p2v.minion.give", "only a commander gives action points to its minions", COMMAND));
        };
        if p.members.first() != Some(&t.who) {
            return Err(no("p2v.minion.give", "only the commander, in its own actions, gives up AP", COMMAND));
        }
        let Some(k) = p.index(who).filter(|&k| k > 0 && !p.stopped[k]) else {
            return Err(no("p2v.minion.give", "give the AP to one of the commander's minions still acting", COMMAND));
        };
        if p.marked[k] {
            return Err(no(
                "p2v.minion.give-twice",
                "a commander \"must give each AP to a different minion\"",
                COMMAND,
            ));
        }
        if t.ap == 0 {
            return Err(no("p2v.minion.give-ap", "the commander has no action point left to give up", COMMAND));
        }
        Ok(())
    }

    /// Applies a decision this module owns (true), or notes a group
    /// member's step before it is applied as usual (false).
    pub(crate) fn apply_party<E: EventSink<Event>>(&self, s: &mut State, a: &Action, events: &mut E) -> bool {
        if s.pending.top().is_some() {
            return false;
        }
        match (s.phase, *a) {
            (Phase::Activate { .. }, Action::Join { who }) => {
                match s.party.as_mut().filter(|p| p.forming) {
                    Some(p) => {
                        p.members.push(who);
                        p.turns.push(Turn { who, ..Turn::default() });
                        p.stopped.push(false);
                        p.marked.push(false);
                    }
                    None => s.party = Some(Party::new(Kind::Group, vec![who], true)),
                }
                events.emit(Event::Joined { who });
                true
            }
            (Phase::Activate { seat }, Action::Activate { who }) => {
                if let Some(mut p) = s.party.take().filter(|p| p.forming) {
                    if !p.members.contains(&who) {
                        p.members.push(who);
                    }
                    self.start_party(s, seat, Party::new(Kind::Group, p.members, false), events);
                    return true;
                }
                let minions = self.minions_in_play(s, who);
                if minions.is_empty() {
                    return false;
                }
                let mut members = vec![who];
                members.extend(minions);
                self.start_party(s, seat, Party::new(Kind::Command, members, false), events);
                true
            }
            (Phase::Turn(t), Action::Switch { who }) => {
                if let Some(p) = s.party.as_mut()
                    && let (Some(c), Some(k)) = (p.index(t.who), p.index(who))
                {
                    p.turns[c] = t;
                    p.cur = k as u8;
                    p.idle = true;
                    s.phase = Phase::Turn(p.turns[k]);
                    // A rider is off the battlefield while its mount decides.
                    s.forget_field();
                    events.emit(Event::Switched { who });
                }
                true
            }
            (Phase::Turn(t), Action::Give { who }) => {
                if let Some(p) = s.party.as_mut()
                    && let Some(k) = p.index(who)
                {
                    p.marked[k] = true;
                    p.turns[k].ap = p.turns[k].ap.saturating_add(1);
                    if let Phase::Turn(tt) = &mut s.phase {
                        tt.ap = t.ap.saturating_sub(1);
                    }
                    events.emit(Event::Gave { commander: t.who, minion: who });
                }
                true
            }
            (Phase::Turn(t), a @ (Action::Mount { .. } | Action::Dismount { .. })) => {
                if let Some(p) = s.party.as_mut() {
                    p.idle = false;
                }
                self.apply_mount(s, t, &a, events);
                true
            }
            (Phase::Turn(t), a) => {
                if let Some(p) = s.party.as_mut() {
                    p.idle = false;
                    if p.kind == Kind::Group
                        && let (Some(k), Some(kind)) = (p.index(t.who), self.step_kind(t.who, &a))
                    {
                        p.marked[k] = true;
                        p.step.get_or_insert(kind);
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// Activates the members together: each is activated this round, and
    /// each turn starts (reactions to its start first) in member order.
    fn start_party<E: EventSink<Event>>(&self, s: &mut State, seat: u8, party: Party, events: &mut E) {
        s.last = seat;
        if party.kind == Kind::Group {
            events.emit(Event::Grouped { members: party.members.clone() });
        }
        for &m in &party.members {
            if let Some(c) = s.creatures.get_mut(usize::from(m)) {
                c.done = true;
                c.reacted = false;
                c.readied = false;
            }
        }
        let first = party.members[0];
        s.phase = Phase::Turn(Turn { who: first, ap: 0, ..Turn::default() });
        for &m in party.members.iter().rev() {
            s.pending.push(Frame::TurnStart { who: m });
            let windows = self.turn_start_windows(s, m);
            s.pending.push_in_order(windows);
        }
        s.party = Some(party);
    }

    /// A minion's action points: 1 per turn ("A minion receives 1 AP per
    /// turn"), one fewer slowed, none stunned or dying (ruling P2V-R52).
    pub(crate) fn party_ap(&self, s: &State, who: u8, ap: u8) -> u8 {
        match s.party.as_ref() {
            Some(p) if p.kind == Kind::Command && p.members.first() != Some(&who) && p.members.contains(&who) => {
                let slowed = self.is_slowed(s, who);
                if ap == 0 || slowed { 0 } else { 1 }
            }
            _ => ap,
        }
    }

    /// A member's turn has started (its AP set in the phase): it waits in
    /// the party, and the member deciding now comes back to the phase.
    pub(crate) fn party_started(&self, s: &mut State, who: u8) {
        let (Some(p), Phase::Turn(t)) = (s.party.as_mut(), s.phase) else { return };
        let Some(k) = p.index(who) else { return };
        p.turns[k] = t;
        s.phase = Phase::Turn(p.turns[usize::from(p.cur)]);
        if p.kind == Kind::Command {
            s.forget_field();
        }
    }

    /// After a group member took the step's action (nothing pending): the
    /// next member decides. True when the phase changed.
    pub(crate) fn party_rotate(&self, s: &mut State) -> bool {
        let (Some(p), Phase::Turn(t)) = (s.party.as_mut(), s.phase) else { return false };
        if p.kind != Kind::Group || p.forming {
            return false;
        }
        let Some(c) = p.index(t.who) else { return false };
        if !p.marked[c] || usize::from(p.cur) != c {
            return false;
        }
        p.turns[c] = t;
        let Some(k) = p.next() else { return false };
        p.cur = k as u8;
        s.phase = Phase::Turn(p.turns[k]);
        true
    }

    /// After a member's turn ended (the phase is busy, nothing pending):
    /// the next member still acting decides; true if one does, false when
    /// every member's turn is over (the party ends).
    pub(crate) fn party_resume(&self, s: &mut State) -> bool {
        let Some(p) = s.party.as_mut().filter(|p| !p.forming) else { return false };
        let c = usize::from(p.cur);
        if let Some(x) = p.stopped.get_mut(c) {
            *x = true;
        }
        p.idle = false;
        let command = p.kind == Kind::Command;
        let next = p.next();
        if command {
            s.forget_field();
        }
        match (next, s.party.as_mut()) {
            (Some(k), Some(p)) => {
                p.cur = k as u8;
                s.phase = Phase::Turn(p.turns[k]);
                true
            }
            _ => {
                s.party = None;
                false
            }
        }
    }

    /// Lists the decisions this module adds, and removes those a party
    /// forbids, from `out[start..]` (the usual listing).
    pub(crate) fn refine_legal(&self, s: &State, out: &mut Vec<Action>, start: usize) {
        if s.pending.top().is_some() {
            return;
        }
        self.party_filter(s, out, start);
        self.party_additions(s, out, start);
    }

    /// Drops from `out[start..]` the actions the group or commander's turn
    /// under way forbids.
    pub(crate) fn party_filter(&self, s: &State, out: &mut Vec<Action>, start: usize) {
        let mut i = start;
        let apart = OnceCell::new();
        while i < out.len() {
            match self.judge_party_with(s, &out[i], &apart, false) {
                Some(Err(_)) => {
                    out.swap_remove(i);
                }
                _ => i += 1,
            }
        }
    }

    /// Appends the decisions groups, commanders and mounts add to the phase
    /// under way (`out[start..]` holds its other decisions).
    pub(crate) fn party_additions(&self, s: &State, out: &mut Vec<Action>, start: usize) {
        let n = s.creatures.len().min(255) as u8;
        match s.phase {
            Phase::Activate { seat } => {
                // As `judge_join` asks of each creature, with who could join
                // worked out once for the whole listing.
                let can: Vec<bool> = (0..n).map(|o| self.could_join(s, seat, o)).collect();
                let members: &[u8] = s.party.as_ref().filter(|p| p.forming).map_or(&[], |p| &p.members);
                for who in 0..n {
                    let ok = can[usize::from(who)]
                        && !members.contains(&who)
                        && if members.is_empty() {
                            (0..n).any(|o| o != who && can[usize::from(o)] && self.adjacent(s, who, o))
                        } else {
                            members.iter().any(|&m| self.adjacent(s, who, m))
                        };
                    debug_assert_eq!(ok, self.judge_join(s, seat, who).is_ok(), "joining creature {who}");
                    if ok {
                        out.push(Action::Join { who });
                    }
                }
                // The group's members may be its last too.
                if let Some(p) = s.party.as_ref().filter(|p| p.forming) {
                    for &who in &p.members {
                        if !out[start..].contains(&Action::Activate { who }) {
                            out.push(Action::Activate { who });
                        }
                    }
                }
            }
            Phase::Turn(t) => {
                self.mount_choices(s, t, out);
                if s.party.as_ref().is_none_or(|p| p.kind != Kind::Command) {
                    return;
                }
                for who in 0..n {
                    if self.judge_switch(s, t, who).is_ok() {
                        out.push(Action::Switch { who });
                    }
                    if self.judge_give(s, t, who).is_ok() {
                        out.push(Action::Give { who });
                    }
                }
            }
            _ => {}
        }
    }

    /// What the table says of creature `who` besides its state: the group
    /// or commander's turn it acts in, its commander, its mount or rider.
    pub fn party_notes(&self, s: &State, who: u8) -> Vec<String> {
        let label = |w: u8| self.profile(usize::from(w)).map_or_else(|| format!("#{w}"), |p| p.label.clone());
        let mut out = Vec::new();
        if let Some(p) = s.party.as_ref()
            && let Some(k) = p.index(who)
        {
            let what = match (p.kind, p.forming) {
                (Kind::Group, true) => "joining a group",
                (Kind::Group, false) => "in the group",
                (Kind::Command, _) => "in the commander's turn",
            };
            let done = if p.stopped.get(k).copied().unwrap_or(false) { ", turn over" } else { "" };
            out.push(format!("{what}{done}"));
        }
        if let Some(m) = self.mount_of(s, who) {
            out.push(format!("riding {}", label(m)));
        } else if let Some(c) = s.creatures.get(usize::from(who)).and_then(|c| c.commander)
            && self.in_play(s, usize::from(c))
        {
            let rides = self.mount_of(s, c) == Some(who);
            out.push(if rides { format!("ridden by {}", label(c)) } else { format!("minion of {}", label(c)) });
        }
        out
    }

    /// Checks a party read from outside: members in range, lists of one length.
    pub(crate) fn check_party(&self, s: &State) -> Result<(), String> {
        let Some(p) = s.party.as_ref() else { return Ok(()) };
        let n = p.members.len();
        if n == 0 || p.members.iter().any(|&m| usize::from(m) >= s.creatures.len()) {
            return Err("the party names no creature, or one out of the roster".into());
        }
        if !p.forming && (p.turns.len() != n || p.stopped.len() != n || p.marked.len() != n) {
            return Err("the party's lists do not match its members".into());
        }
        if usize::from(p.cur) >= n {
            return Err("the party's member deciding now is out of range".into());
        }
        if let Phase::Turn(t) = s.phase
            && !p.forming
            && s.pending.is_empty()
            && p.members[usize::from(p.cur)] != t.who
        {
            return Err("the creature taking its turn is not the party's member deciding now".into());
        }
        Ok(())
    }
}

/// True if the squares of `a`, grown by one square every way, meet the
/// squares of `b` (both as they lie on the 64 × 64 grid): the same as
/// `a.squares().dilated().intersects(&b.squares())`, without the sets.
pub(crate) fn touching(a: &Space, b: &Space) -> bool {
    let clip = |lo: i32, hi: i32| (lo.clamp(0, 64), hi.clamp(0, 64));
    let ((af0, af1), (ar0, ar1)) = (clip(i32::from(a.file), a.file_end()), clip(i32::from(a.rank), a.rank_end()));
    let ((bf0, bf1), (br0, br1)) = (clip(i32::from(b.file), b.file_end()), clip(i32::from(b.rank), b.rank_end()));
    if af0 >= af1 || ar0 >= ar1 || bf0 >= bf1 || br0 >= br1 {
        return false;
    }
    af0 - 1 < bf1 && bf0 < af1 + 1 && ar0 - 1 < br1 && br0 < ar1 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_spaces_are_those_whose_grown_squares_meet() {
        for (fa, ra, na) in [(0u8, 0u8, 1u8), (5, 7, 2), (62, 63, 2), (61, 60, 4), (10, 0, 3)] {
            let a = Space::new(Square::at(fa, ra), na);
            for f in 0..64u8 {
                for r in [0u8, 1, 5, 6, 7, 8, 9, 10, 59, 60, 61, 62, 63] {
                    for n in 1..=4u8 {
                        let b = Space::new(Square::at(f, r), n);
                        let by_sets = a.squares().dilated().intersects(&b.squares());
                        assert_eq!(touching(&a, &b), by_sets, "{a:?} {b:?}");
                    }
                }
            }
        }
    }
}
