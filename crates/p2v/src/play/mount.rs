//! Mounts and riders ("COMMANDERS, MINIONS AND MOUNTS": "When one creature
//! mounts another, the mount becomes a minion and the rider its commander –
//! the mount acts on its rider's turn, and receives 1 AP per turn by default.
//! If the rider dismounts, the mount goes back to normal."), ruling P2V-R55.
//!
//! `mount X` (●) puts the creature taking its turn on an adjacent ally of its
//! warband at least one size larger; `dismount SQUARE` (●) puts it down on a
//! free square beside the mount. While mounted, the rider shares the mount's
//! space (it strikes and is struck there, and its anchor follows the mount's
//! every move); it does not move by itself. The rider is taken off the
//! battlefield while its mount is the creature deciding, so the mount's moves
//! never meet its own rider.
//!
//! A Huge or Gargantuan creature with a Howdah ("a 2 square by 2 square
//! platform (Huge creature) or 3 by 3 square platform (Gargantuan
//! creature). One passenger becomes the creature's commander. The howdah
//! grants cover."; ruling P2V-R169) carries as many passengers as fit on its
//! platform. The first to mount commands it; the others ride without
//! commanding, and the command passes to the next passenger when the
//! commander leaves. Strikes and Reflex powers at a passenger from outside
//! the howdah make one more cover check, the howdah's.

use super::action::Action;
use super::event::Event;
use super::party::{COMMAND, Kind, Party};
use super::rules::P2v;
use super::state::{Phase, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Mover, Space, Square};

/// The terrain "piece" of a howdah's cover check: not a piece of the map.
pub const HOWDAH: u16 = u16::MAX - 1;

fn no(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Refusal {
    Refusal::because(rule, reason, COMMAND)
}

impl P2v {
    /// The mount `who` rides, while that mount is in play.
    pub fn mount_of(&self, s: &State, who: u8) -> Option<u8> {
        let m = s.creatures.get(usize::from(who))?.riding?;
        self.in_play(s, usize::from(m)).then_some(m)
    }

    /// The rider on `mount`, if one rides it (the first, on a howdah).
    pub fn rider_of(&self, s: &State, mount: u8) -> Option<u8> {
        self.riders_of(s, mount).next()
    }

    /// Every rider on `mount`, in roster order (more than one only on a howdah).
    pub fn riders_of<'a>(&'a self, s: &'a State, mount: u8) -> impl Iterator<Item = u8> + 'a {
        (0..s.creatures.len().min(256) as u8)
            .filter(move |&r| s.creatures[usize::from(r)].riding == Some(mount) && self.in_play(s, usize::from(r)))
    }

    /// Whether `a` and `b` share a space: a rider and its mount, or two
    /// passengers of one howdah.
    pub fn mounted_pair(&self, s: &State, a: u8, b: u8) -> bool {
        let (ma, mb) = (self.mount_of(s, a), self.mount_of(s, b));
        ma == Some(b) || mb == Some(a) || (ma.is_some() && ma == mb)
    }

    /// The side of the platform of the Howdah on `mount` (2 on a Huge
    /// creature, 3 on a Gargantuan one), if it has one.
    pub fn howdah(&self, mount: u8) -> Option<u8> {
        let p = self.profile(usize::from(mount))?;
        (p.howdah && p.size.side() >= 3).then(|| p.size.side() - 1)
    }

    /// Whether `target` rides in a howdah that stands between it and
    /// `attacker` (one not on the same creature): the howdah's cover check.
    pub fn howdah_covers(&self, s: &State, attacker: u8, target: u8) -> bool {
        match self.mount_of(s, target) {
            Some(m) => self.howdah(m).is_some() && attacker != m && self.mount_of(s, attacker) != Some(m),
            None => false,
        }
    }

    /// When creature `who` leaves the howdah it commands (it dismounts, is
    /// moved off or eliminated), the next passenger aboard commands the
    /// creature (ruling P2V-R169); with none, the creature goes back to normal.
    pub(crate) fn pass_command(&self, s: &mut State, who: u8, m: u8) {
        if s.creatures.get(usize::from(m)).is_none_or(|c| c.commander != Some(who)) {
            return;
        }
        let next = match self.howdah(m) {
            Some(_) => self.riders_of(s, m).find(|&r| r != who),
            None => None,
        };
        s.creatures[usize::from(m)].commander = next;
    }

    /// Judges a passenger boarding the howdah on `who`: it fits on the
    /// platform beside the passengers already aboard, and the creature has
    /// no commander but a passenger.
    fn judge_board(&self, s: &State, rider: u8, who: u8, platform: u8) -> Result<(), Refusal> {
        let side = |w: u8| u32::from(self.profile(usize::from(w)).map_or(1, |p| p.size.side()));
        let used: u32 = self.riders_of(s, who).map(|r| side(r) * side(r)).sum();
        let mine = side(rider);
        if mine > u32::from(platform) || used + mine * mine > u32::from(platform) * u32::from(platform) {
            return Err(no(
                "p2v.howdah.room",
                format!(
                    "the howdah is a {platform} by {platform} platform and the passenger does not fit on it beside those aboard (ruling P2V-R169)"
                ),
            ));
        }
        let commander = s.creatures[usize::from(who)].commander.filter(|&c| self.in_play(s, usize::from(c)));
        if commander.is_some_and(|c| self.mount_of(s, c) != Some(who))
            || self.minions_in_play(s, who).iter().any(|&m| self.mount_of(s, m) != Some(who))
            || self.mount_of(s, who).is_some()
        {
            return Err(no(
                "p2v.mount.taken",
                "that creature has a commander that is not a passenger, commands minions, or rides (ruling P2V-R55)",
            ));
        }
        if !self.adjacent(s, rider, who) {
            return Err(no("p2v.mount.adjacent", "mount a creature adjacent to you"));
        }
        Ok(())
    }

    /// Judges Mount for the creature taking its turn.
    fn judge_mount(&self, s: &State, t: Turn, who: u8) -> Result<(), Refusal> {
        let (r, m) = (usize::from(t.who), usize::from(who));
        let (Some(rp), Some(mp)) = (self.profile(r), self.profile(m)) else {
            return Err(no("p2v.mount.whom", "mount an ally of your warband in play"));
        };
        if s.party.as_ref().is_some_and(|p| p.kind == Kind::Group) {
            return Err(no(
                "p2v.mount.group",
                "a group member does not mount: the group keeps together on foot (ruling P2V-R55)",
            ));
        }
        if self.interlude(s).is_some() {
            return Err(no("p2v.mount.not-now", "a readied action does not mount (ruling P2V-R55)"));
        }
        if t.ap == 0 {
            return Err(no("p2v.mount.ap", "mounting costs 1 AP (●) and none is left"));
        }
        if self.mount_of(s, t.who).is_some()
            || s.creatures[r].commander.is_some_and(|c| self.in_play(s, usize::from(c)))
        {
            return Err(no("p2v.mount.rider", "a rider already mounted, or a minion, does not mount (ruling P2V-R55)"));
        }
        if m == r || mp.team != rp.team || !self.in_play(s, m) || s.creatures[m].life != super::state::Life::Up {
            return Err(no("p2v.mount.whom", "mount an ally of your warband that is up"));
        }
        if let Some(platform) = self.howdah(who) {
            return self.judge_board(s, t.who, who, platform);
        }
        if mp.size <= rp.size {
            return Err(no("p2v.mount.size", "a mount is at least one size larger than its rider (ruling P2V-R55)"));
        }
        if s.creatures[m].commander.is_some_and(|c| self.in_play(s, usize::from(c)))
            || self.has_minions_in_play(s, who)
            || self.mount_of(s, who).is_some()
        {
            return Err(no(
                "p2v.mount.taken",
                "that creature already has a rider or a commander, commands minions, or rides (ruling P2V-R55)",
            ));
        }
        if !self.adjacent(s, t.who, who) {
            return Err(no("p2v.mount.adjacent", "mount a creature adjacent to you"));
        }
        Ok(())
    }

    /// Judges Dismount for the creature taking its turn: onto a square
    /// beside its mount where it may stand.
    fn judge_dismount(&self, s: &State, t: Turn, to: Square) -> Result<(), Refusal> {
        let Some(m) = self.mount_of(s, t.who) else {
            return Err(no("p2v.mount.dismount", "only a mounted rider dismounts"));
        };
        if t.ap == 0 {
            return Err(no("p2v.mount.ap", "dismounting costs 1 AP (●) and none is left"));
        }
        if !self.dismount_squares(s, t.who, m).contains(&to) {
            return Err(no(
                "p2v.mount.dismount",
                "dismount onto a free square beside the mount where the rider may stand",
            ));
        }
        Ok(())
    }

    /// Where rider `who` may get down from mount `m`: anchors whose space
    /// touches the mount's and where the rider may stand.
    pub fn dismount_squares(&self, s: &State, who: u8, m: u8) -> Vec<Square> {
        let (Some(rp), Some(mp), Some(at)) = (
            self.profile(usize::from(who)),
            self.profile(usize::from(m)),
            s.creatures.get(usize::from(m)).and_then(|c| c.at),
        ) else {
            return Vec::new();
        };
        let field = self.field(s);
        let mode = self.mode_now(s, who);
        let mover = Mover { side: rp.size.side(), team: rp.team, mode, figure: Some(FigureId(u16::from(who))) };
        let mount = Space::new(at, mp.size.side());
        let ring = mount.squares().dilated().dilated();
        let ends = field.ends(mover);
        ring.iter()
            .filter(|&a| {
                let space = Space::new(a, rp.size.side());
                field.board().holds(&space)
                    && !space.overlaps(&mount)
                    && space.squares().dilated().intersects(&mount.squares())
                    && field.can_stand(&space, Some(FigureId(u16::from(who)))).is_ok()
                    && ends.contains(a)
            })
            .collect()
    }

    /// Judges the decisions of mounts and riders, and the moves a rider may
    /// not make: `Some` with the verdict, `None` to judge as usual.
    pub(crate) fn judge_mounts(&self, s: &State, t: Turn, a: &Action) -> Option<Result<(), Refusal>> {
        match *a {
            Action::Mount { who } => Some(self.judge_mount(s, t, who)),
            Action::Dismount { to } => Some(self.judge_dismount(s, t, to)),
            Action::Stride { .. }
            | Action::Step { .. }
            | Action::Crawl { .. }
            | Action::Leap { .. }
            | Action::Use { aim: super::action::Aim::Square { .. }, .. }
                if self.mount_of(s, t.who).is_some() =>
            {
                Some(Err(no(
                    "p2v.mount.riding",
                    "a rider moves with its mount: hand the turn to the mount (`switch`), or dismount",
                )))
            }
            _ => None,
        }
    }

    /// Lists Mount and Dismount for the creature taking its turn.
    pub(crate) fn mount_choices(&self, s: &State, t: Turn, out: &mut Vec<Action>) {
        if let Some(m) = self.mount_of(s, t.who) {
            if t.ap > 0 {
                out.extend(self.dismount_squares(s, t.who, m).into_iter().map(|to| Action::Dismount { to }));
            }
            return;
        }
        for who in 0..s.creatures.len().min(255) as u8 {
            if self.judge_mount(s, t, who).is_ok() {
                out.push(Action::Mount { who });
            }
        }
    }

    /// Applies Mount or Dismount (judged legal).
    pub(crate) fn apply_mount<E: EventSink<Event>>(&self, s: &mut State, t: Turn, a: &Action, events: &mut E) {
        match *a {
            Action::Mount { who }
                if s.creatures[usize::from(who)]
                    .commander
                    .is_some_and(|c| self.in_play(s, usize::from(c)) && self.mount_of(s, c) == Some(who)) =>
            {
                // A passenger boards a howdah whose creature has its
                // commander aboard already: it rides, and commands nothing.
                let r = usize::from(t.who);
                s.creatures[r].riding = Some(who);
                s.creatures[r].at = s.creatures[usize::from(who)].at;
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.ap = tt.ap.saturating_sub(1);
                    tt.carry = 0;
                }
                events.emit(Event::Mounted { rider: t.who, mount: who, on: true });
                s.forget_field();
            }
            Action::Mount { who } => {
                let (r, m) = (usize::from(t.who), usize::from(who));
                let joins = !s.creatures[m].done;
                // 1 AP by default; none slowed or stunned (as a minion: ruling P2V-R52).
                let stunned = s.creatures[m].conditions.has(super::state::Conditions::STUNNED);
                let ap = u8::from(!stunned && !self.is_slowed(s, who));
                s.creatures[r].riding = Some(who);
                s.creatures[m].commander = Some(t.who);
                s.creatures[m].done = true;
                s.creatures[r].at = s.creatures[m].at;
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.ap = tt.ap.saturating_sub(1);
                    tt.carry = 0;
                }
                events.emit(Event::Mounted { rider: t.who, mount: who, on: true });
                // A mount that has not acted this round acts in this turn, with 1 AP.
                if joins {
                    let turn = Turn { who, ap, ..Turn::default() };
                    let rider_turn = match s.phase {
                        Phase::Turn(tt) => tt,
                        _ => t,
                    };
                    match s.party.as_mut() {
                        Some(p) => {
                            p.members.push(who);
                            p.turns.push(turn);
                            p.stopped.push(false);
                            p.marked.push(false);
                        }
                        None => {
                            let mut p = Party::command(vec![t.who, who]);
                            p.turns[0] = rider_turn;
                            p.turns[1] = turn;
                            s.party = Some(p);
                        }
                    }
                    events.emit(Event::Activated { who, ap });
                }
                s.forget_field();
            }
            Action::Dismount { to } => {
                let r = usize::from(t.who);
                let Some(m) = self.mount_of(s, t.who) else { return };
                self.pass_command(s, t.who, m);
                s.creatures[r].riding = None;
                s.creatures[r].at = Some(to);
                if let Phase::Turn(tt) = &mut s.phase {
                    tt.ap = tt.ap.saturating_sub(1);
                    tt.carry = 0;
                }
                events.emit(Event::Mounted { rider: t.who, mount: m, on: false });
                s.forget_field();
            }
            _ => {}
        }
    }

    /// The space creature `i`'s figure takes on the battlefield: a rider
    /// shares its mount's space, and is off the battlefield while its mount
    /// decides (`None`); anyone else stands in its own space.
    pub(crate) fn figure_space(&self, s: &State, i: usize, at: Square, side: u8) -> Option<Space> {
        match self.mount_of(s, i as u8) {
            Some(m) => {
                if s.active() == Some(m) {
                    return None;
                }
                let mat = s.creatures[usize::from(m)].at?;
                Some(Space::new(mat, self.profile(usize::from(m)).map_or(side, |p| p.size.side())))
            }
            None => Some(Space::new(at, side)),
        }
    }

    /// Mends the battlefield kept with the state while a rider is mounted:
    /// its figure depends on who decides, which a decision may change, so
    /// each rider's figure is put again where it differs (the battlefield
    /// kept always matches the one a saved state rebuilds).
    pub(crate) fn refresh_riders(&self, s: &mut State) {
        if s.field.0.get().is_none() {
            return;
        }
        for i in 0..s.creatures.len() {
            if self.mount_of(s, i as u8).is_none() {
                continue;
            }
            let now = self.figure(s, i);
            if s.field.0.get().and_then(|f| f.figure(FigureId(i as u16))) != now.as_ref() {
                self.sync_one(s, i);
            }
        }
        #[cfg(debug_assertions)]
        if let Some(f) = s.field.0.get() {
            let again = self.build_field(s);
            assert!(f.figures().eq(again.figures()), "the battlefield kept matches the one rebuilt");
        }
    }

    /// After creature `i` moved: a rider moved off its mount (pushed,
    /// pulled) is dismounted (ruling P2V-R55). Returns whether `i` carries
    /// riders, to be moved with it by [`P2v::carry_riders`].
    pub(crate) fn unseat_moved(&self, s: &mut State, i: usize) -> bool {
        if let Some(m) = self.mount_of(s, i as u8)
            && s.creatures[i].at != s.creatures[usize::from(m)].at
        {
            self.pass_command(s, i as u8, m);
            s.creatures[i].riding = None;
            s.forget_field();
            return false;
        }
        s.creatures.iter().any(|c| c.riding == Some(i as u8))
    }

    /// Rider `r` of creature `i`, which moved, goes with it; if `i` left the
    /// board (eliminated), "the other goes on alone", on the square it rode on.
    pub(crate) fn carry_rider(&self, s: &mut State, i: usize, r: usize) {
        let at = s.creatures[i].at;
        if at.is_none() || !self.in_play(s, i) {
            s.creatures[r].riding = None;
            s.forget_field();
            return;
        }
        s.creatures[r].at = at;
    }
}

impl Party {
    /// A commander's turn with these members (the commander first).
    pub(crate) fn command(members: Vec<u8>) -> Party {
        let n = members.len();
        Party {
            kind: Kind::Command,
            turns: members.iter().map(|&who| Turn { who, ..Turn::default() }).collect(),
            members,
            forming: false,
            stopped: vec![false; n],
            marked: vec![false; n],
            cur: 0,
            step: None,
            idle: false,
        }
    }
}
