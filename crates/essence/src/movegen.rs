//! Move generation for Essence: walking a move's line, listing the actions
//! of the action phase, and counting them so that a uniformly random action
//! can be drawn without listing them all (the play-out fast path).

use crate::action::Action;
use crate::board::{Dir, Square, squares};
use crate::mote::MAX_POWER;
use crate::rules::Essence;
use crate::state::{Kind, Phase, State};

impl Essence {
    /// Walks a move from `from` in `dir` for up to `power` spaces, calling
    /// `stop(to, distance, through_void)` for every square it may stop on.
    /// Motes and (unless Determined) the void block; the void is never a stop;
    /// under Loop the mote's own square blocks its way round.
    #[inline]
    pub(crate) fn walk(&self, s: &State, from: Square, dir: Dir, power: u8, mut stop: impl FnMut(Square, u8, bool)) {
        let occupied = s.all_motes();
        let mut through = false;
        for (i, &q) in self.board.ray(from, dir).iter().take(usize::from(power)).enumerate() {
            if occupied & (1 << q) != 0 {
                return;
            }
            if q == s.void.0 {
                if !self.variant.determined {
                    return;
                }
                through = true;
            } else {
                stop(Square(q), i as u8 + 1, through);
            }
        }
    }

    /// How many squares a mote of `power` on `from` may stop on going `dir`:
    /// the same squares [`Essence::walk`] visits, counted without branching.
    #[inline]
    pub(crate) fn stops(&self, s: &State, from: Square, dir: Dir, power: u8) -> u32 {
        let len = self.board.ray_len(from, dir).min(u32::from(power));
        let occupied = s.all_motes();
        // Squares before the first mote, within reach (most rays hold none).
        let reach = if self.board.ray_mask(from, dir) & occupied == 0 {
            len
        } else {
            self.board.ray_pattern(from, dir, occupied).trailing_zeros().min(len)
        };
        let void_at = if self.board.ray_mask(from, dir) & s.void.bit() == 0 {
            u32::MAX
        } else {
            self.board.ray_pattern(from, dir, s.void.bit()).trailing_zeros()
        };
        if void_at >= reach {
            reach
        } else if self.variant.determined {
            reach - 1
        } else {
            void_at
        }
    }

    /// True if destabilizing `at` by `amount` would leave its owner no motes.
    pub(crate) fn destabilize_wipes_out(&self, s: &State, at: Square, amount: u8) -> bool {
        let me = s.active;
        let hit = self.board.adjacent(at) | at.bit();
        let mine = s.motes_of(me);
        if mine & !hit != 0 {
            return false;
        }
        !squares(mine & hit).any(|sq| s.mote(sq).is_some_and(|m| m.power() > amount))
    }

    pub(crate) fn used_kind(s: &State) -> Option<Kind> {
        match s.phase {
            Phase::Second(k) => Some(k),
            _ => None,
        }
    }

    /// Appends the actions of the action phase (everything but Pass).
    pub(crate) fn action_phase_actions(&self, s: &State, out: &mut Vec<Action>) {
        let me = s.active;
        let used = Self::used_kind(s);
        let mine = s.motes_of(me);
        let count = mine.count_ones();
        let empty = self.board.squares() & !s.all_motes() & !s.void.bit();
        for from in squares(mine) {
            let Some(m) = s.mote(from) else { continue };
            let power = m.power();
            if used != Some(Kind::Move) {
                let dirs = m.directions();
                for dir in Dir::ALL {
                    if dirs & dir.bit() != 0 {
                        self.walk(s, from, dir, power, |to, _, _| out.push(Action::Move { from, to, dir: Some(dir) }));
                    }
                }
            }
            if used != Some(Kind::Split) && power >= 2 && s.pool(me) > 0 {
                for to in squares(self.board.adjacent(from) & empty) {
                    out.push(Action::Split { from, to });
                }
            }
            if used != Some(Kind::Heal) {
                for to in squares(self.board.adjacent(from) & mine) {
                    for amount in 1..=power {
                        out.push(Action::Heal { from, to, amount });
                    }
                }
            }
            if used != Some(Kind::Destabilize) {
                for amount in 1..=power {
                    if !self.destabilize_wipes_out(s, from, amount) {
                        out.push(Action::Destabilize { at: from, amount });
                    }
                }
            }
            if used != Some(Kind::Summon) && self.variant.summoning && power == MAX_POWER && count > 1 {
                out.push(Action::Summon(from));
            }
        }
        if used != Some(Kind::Shift) {
            for to in squares(self.board.adjacent(s.void)) {
                if count == 1 && mine & to.bit() != 0 {
                    continue;
                }
                out.push(Action::Shift(to));
            }
        }
    }

    /// True if the action phase offers no action at all.
    pub(crate) fn no_action_possible(&self, s: &State) -> bool {
        self.tally(s).total == 0
    }

    /// How many actions of each kind a mote offers: Move, Split, Heal,
    /// Destabilize, Summon — the same counts, in the same order, as
    /// [`Essence::action_phase_actions`] lists them.
    #[inline]
    fn mote_counts(&self, s: &State, c: &Context, from: Square) -> [u32; 5] {
        let Some(m) = s.mote(from) else { return [0; 5] };
        let power = m.power();
        let adjacent = self.board.adjacent(from);
        let mut n = [0u32; 5];
        if c.used != Some(Kind::Move) {
            let mut dirs = m.directions();
            while dirs != 0 {
                let dir = Dir::ALL[dirs.trailing_zeros() as usize];
                dirs &= dirs - 1;
                n[0] += self.stops(s, from, dir, power);
            }
        }
        if c.used != Some(Kind::Split) && power >= 2 && c.pool {
            n[1] = (adjacent & c.empty).count_ones();
        }
        if c.used != Some(Kind::Heal) {
            n[2] = (adjacent & c.mine).count_ones() * u32::from(power);
        }
        if c.used != Some(Kind::Destabilize) {
            // Destabilizing by `a` wipes its owner out exactly when no own mote
            // stands outside the blast and none inside has more than `a` power.
            let zone = adjacent | from.bit();
            n[3] = if c.mine & !zone != 0 {
                u32::from(power)
            } else {
                let strongest = squares(c.mine & zone).filter_map(|q| s.mote(q)).map(|q| q.power()).max().unwrap_or(0);
                u32::from(power.min(strongest.saturating_sub(1)))
            };
        }
        if c.used != Some(Kind::Summon) && self.variant.summoning && power == MAX_POWER && c.mine.count_ones() > 1 {
            n[4] = 1;
        }
        n
    }

    /// The squares the void may shift to.
    #[inline]
    fn shift_targets(&self, s: &State, c: &Context) -> u32 {
        if c.used == Some(Kind::Shift) {
            return 0;
        }
        let targets = self.board.adjacent(s.void);
        if c.mine.count_ones() == 1 { targets & !c.mine } else { targets }
    }

    /// Counts the action phase's actions per mote, in list order.
    fn tally(&self, s: &State) -> Tally {
        let c = Context::new(self, s);
        let mut t = Tally { context: c, motes: [(Square(0), [0; 5]); 5], len: 0, total: 0 };
        for from in squares(c.mine).take(5) {
            let n = self.mote_counts(s, &c, from);
            t.total += n.iter().sum::<u32>();
            t.motes[t.len] = (from, n);
            t.len += 1;
        }
        t.total += self.shift_targets(s, &c).count_ones();
        t
    }

    /// The action with index `k` of the action phase's list, found from the
    /// tally without listing the others.
    fn nth_action(&self, s: &State, t: &Tally, mut k: u32) -> Option<Action> {
        let c = &t.context;
        for &(from, n) in &t.motes[..t.len] {
            let total: u32 = n.iter().sum();
            if k >= total {
                k -= total;
                continue;
            }
            let m = s.mote(from)?;
            let power = u32::from(m.power());
            let adjacent = self.board.adjacent(from);
            if k < n[0] {
                for dir in Dir::ALL {
                    if m.directions() & dir.bit() == 0 {
                        continue;
                    }
                    let mut found = None;
                    self.walk(s, from, dir, m.power(), |to, _, _| {
                        if found.is_none() {
                            if k == 0 {
                                found = Some(to);
                            } else {
                                k -= 1;
                            }
                        }
                    });
                    if let Some(to) = found {
                        return Some(Action::Move { from, to, dir: Some(dir) });
                    }
                }
                return None;
            }
            k -= n[0];
            if k < n[1] {
                return Some(Action::Split { from, to: nth_square(adjacent & c.empty, k)? });
            }
            k -= n[1];
            if k < n[2] {
                let to = nth_square(adjacent & c.mine, k / power)?;
                return Some(Action::Heal { from, to, amount: (k % power) as u8 + 1 });
            }
            k -= n[2];
            if k < n[3] {
                return Some(Action::Destabilize { at: from, amount: k as u8 + 1 });
            }
            return Some(Action::Summon(from));
        }
        Some(Action::Shift(nth_square(self.shift_targets(s, c), k)?))
    }

    /// A uniformly random action of the action phase (Pass when there is none),
    /// drawn without listing every action.
    pub(crate) fn random_action_phase<R: rand::Rng + ?Sized>(&self, s: &State, rng: &mut R) -> Option<Action> {
        use rand::RngExt;
        let t = self.tally(s);
        if t.total == 0 {
            return Some(Action::Pass);
        }
        self.nth_action(s, &t, rng.random_range(0..t.total))
    }

    /// Every action of the action phase, by index (for tests of the fast path).
    #[doc(hidden)]
    pub fn action_phase_by_index(&self, s: &State) -> Vec<Action> {
        let t = self.tally(s);
        (0..t.total).filter_map(|k| self.nth_action(s, &t, k)).collect()
    }
}

/// The `k`-th lowest square of a set.
#[inline]
fn nth_square(mut set: u32, k: u32) -> Option<Square> {
    for _ in 0..k {
        set &= set.wrapping_sub(1);
    }
    (set != 0).then(|| Square(set.trailing_zeros() as u8))
}

/// What every mote's count needs, computed once per decision.
#[derive(Clone, Copy)]
struct Context {
    used: Option<Kind>,
    mine: u32,
    empty: u32,
    pool: bool,
}

impl Context {
    fn new(game: &Essence, s: &State) -> Context {
        Context {
            used: Essence::used_kind(s),
            mine: s.motes_of(s.active),
            empty: game.board.squares() & !s.all_motes() & !s.void.bit(),
            pool: s.pool(s.active) > 0,
        }
    }
}

/// The action phase's actions, counted per mote.
struct Tally {
    context: Context,
    motes: [(Square, [u32; 5]); 5],
    len: usize,
    total: u32,
}
