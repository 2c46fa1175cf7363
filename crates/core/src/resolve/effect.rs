//! Effects with durations: what lasts after the rule that made it.
//!
//! An effect has a kind (the game's vocabulary: "immobilized", "+4 Force on
//! the next attack", "used once"), a holder, an optional source, a value and
//! an expiry. Expiry is the engine's business, not each game's: the game
//! tells [`Effects::pass`] when an anchor passes (a figure's turn starts or
//! ends, a round ends), calls [`Effects::spend`] when an effect that lasts
//! until used is used, and removes holders that leave the game; the engine
//! drops what has run out, and what lasted only while another effect did.
//!
//! Conditions that imply conditions (grabbed ⇒ off-guard and immobilized) are
//! a table the game gives to [`Effects::has_implied`].

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A moment at which effects may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Anchor<H> {
    /// The start of this holder's turn (an activation).
    TurnStart(H),
    /// The end of this holder's turn.
    TurnEnd(H),
    /// The end of a round.
    RoundEnd,
}

/// When an effect ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Expiry<H, K> {
    /// The `times`-th time the anchor passes from now (1: the next time).
    /// "Until the end of its next turn" for a figure that is not active is
    /// `TurnEnd(it)` once; for the active figure, twice.
    At {
        /// The moment that counts.
        anchor: Anchor<H>,
        /// How many times it must pass.
        times: u8,
    },
    /// Once it has been used this many more times ("Limit 1" counts down
    /// from 1; "until used").
    Uses(u8),
    /// As long as the holder has an effect of this kind (off-guard while
    /// prone).
    While(K),
    /// Until the end of the game.
    Never,
}

/// One effect in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Effect<K, H> {
    /// What it is.
    pub kind: K,
    /// Who has it.
    pub holder: H,
    /// Who caused it, if anyone.
    pub source: Option<H>,
    /// Its size, where it has one (a bonus, a count); 0 otherwise.
    pub value: i16,
    /// When it ends.
    pub expiry: Expiry<H, K>,
}

impl<K, H> Effect<K, H> {
    /// An effect with no source and no value.
    pub fn new(kind: K, holder: H, expiry: Expiry<H, K>) -> Self {
        Effect { kind, holder, source: None, value: 0, expiry }
    }

    /// The same effect with a value.
    pub fn valued(mut self, value: i16) -> Self {
        self.value = value;
        self
    }

    /// The same effect caused by `source`.
    pub fn from(mut self, source: H) -> Self {
        self.source = Some(source);
        self
    }
}

/// Every effect in play, in the order they began. Empty, it holds no
/// allocation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Effects<K, H>(Vec<Effect<K, H>>);

impl<K, H> Default for Effects<K, H> {
    fn default() -> Self {
        Effects(Vec::new())
    }
}

impl<K: Copy + PartialEq, H: Copy + PartialEq> Effects<K, H> {
    /// No effects (no allocation).
    pub const fn new() -> Self {
        Effects(Vec::new())
    }

    /// True when nothing is in play.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many effects are in play.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Every effect, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Effect<K, H>> {
        self.0.iter()
    }

    /// The effects `holder` has, oldest first.
    pub fn on(&self, holder: H) -> impl Iterator<Item = &Effect<K, H>> {
        self.0.iter().filter(move |e| e.holder == holder)
    }

    /// Puts an effect in play, beside any others of its kind.
    pub fn add(&mut self, effect: Effect<K, H>) {
        self.0.push(effect);
    }

    /// Puts an effect in play in place of any of the same kind on the same
    /// holder (effects that do not stack with themselves).
    pub fn replace(&mut self, effect: Effect<K, H>) {
        self.0.retain(|e| !(e.holder == effect.holder && e.kind == effect.kind));
        self.0.push(effect);
    }

    /// Whether `holder` has an effect of this kind.
    pub fn has(&self, holder: H, kind: K) -> bool {
        self.0.iter().any(|e| e.holder == holder && e.kind == kind)
    }

    /// The oldest effect of this kind on `holder`.
    pub fn get(&self, holder: H, kind: K) -> Option<&Effect<K, H>> {
        self.0.iter().find(|e| e.holder == holder && e.kind == kind)
    }

    /// The sum of the values of `holder`'s effects selected by `pick`.
    pub fn total(&self, holder: H, mut pick: impl FnMut(&K) -> bool) -> i32 {
        self.0.iter().filter(|e| e.holder == holder && pick(&e.kind)).map(|e| i32::from(e.value)).sum()
    }

    /// Whether `holder` has `kind`, directly or implied by another of its
    /// effects through `implies` (followed transitively, cycles tolerated).
    pub fn has_implied<'t>(&self, holder: H, kind: K, implies: impl Fn(&K) -> &'t [K]) -> bool
    where
        K: 't,
    {
        let mut seen: Vec<K> = Vec::new();
        let mut todo: Vec<K> = self.on(holder).map(|e| e.kind).collect();
        while let Some(k) = todo.pop() {
            if k == kind {
                return true;
            }
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
            todo.extend_from_slice(implies(&k));
        }
        false
    }

    /// An anchor passes: effects waiting for it count it, and those that
    /// have waited enough end, with whatever lasted only while they did.
    /// `ended` hears of each effect that ends, in order.
    pub fn pass(&mut self, anchor: Anchor<H>, mut ended: impl FnMut(&Effect<K, H>)) {
        let mut any = false;
        for e in &mut self.0 {
            if let Expiry::At { anchor: a, times } = &mut e.expiry
                && *a == anchor
            {
                *times = times.saturating_sub(1);
                any |= *times == 0;
            }
        }
        if any {
            self.sweep(|e| matches!(e.expiry, Expiry::At { times: 0, .. }), &mut ended);
        }
    }

    /// Uses one of `holder`'s effects of this kind that last until used;
    /// true if there was one. It ends when its uses run out.
    pub fn spend(&mut self, holder: H, kind: K, mut ended: impl FnMut(&Effect<K, H>)) -> bool {
        let Some(e) = self.0.iter_mut().find(|e| e.holder == holder && e.kind == kind) else {
            return false;
        };
        let spent = match &mut e.expiry {
            Expiry::Uses(n) => {
                *n = n.saturating_sub(1);
                *n == 0
            }
            _ => false,
        };
        if spent {
            self.sweep(|e| matches!(e.expiry, Expiry::Uses(0)), &mut ended);
        }
        true
    }

    /// Ends `holder`'s effects of this kind now.
    pub fn remove(&mut self, holder: H, kind: K, mut ended: impl FnMut(&Effect<K, H>)) {
        self.sweep(|e| e.holder == holder && e.kind == kind, &mut ended);
    }

    /// Ends every effect `holder` has (it left the game); the effects it
    /// caused on others stay.
    pub fn remove_holder(&mut self, holder: H, mut ended: impl FnMut(&Effect<K, H>)) {
        self.sweep(|e| e.holder == holder, &mut ended);
    }

    /// Removes the effects `gone` selects, then, again and again, those that
    /// lasted only while a removed kind was on their holder.
    fn sweep(&mut self, gone: impl Fn(&Effect<K, H>) -> bool, ended: &mut impl FnMut(&Effect<K, H>)) {
        let mut i = 0;
        let mut removed: Vec<(H, K)> = Vec::new();
        while i < self.0.len() {
            if gone(&self.0[i]) {
                let e = self.0.remove(i);
                ended(&e);
                removed.push((e.holder, e.kind));
            } else {
                i += 1;
            }
        }
        while let Some((holder, kind)) = removed.pop() {
            if self.has(holder, kind) {
                continue;
            }
            let mut i = 0;
            while i < self.0.len() {
                let e = &self.0[i];
                if e.holder == holder && e.expiry == Expiry::While(kind) {
                    let e = self.0.remove(i);
                    ended(&e);
                    removed.push((e.holder, e.kind));
                } else {
                    i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum K {
        Prone,
        OffGuard,
        Grabbed,
        Immobilized,
        Bonus,
    }

    fn implies(k: &K) -> &'static [K] {
        match k {
            K::Grabbed => &[K::OffGuard, K::Immobilized],
            K::Prone => &[K::OffGuard],
            _ => &[],
        }
    }

    #[test]
    fn an_effect_until_the_end_of_a_figures_next_turn_counts_turn_ends() {
        let mut fx: Effects<K, u8> = Effects::new();
        // Applied to the active figure 1: its next turn's end is the second to pass.
        fx.add(Effect::new(K::Immobilized, 1, Expiry::At { anchor: Anchor::TurnEnd(1), times: 2 }));
        fx.add(Effect::new(K::Immobilized, 2, Expiry::At { anchor: Anchor::TurnEnd(2), times: 1 }));
        let mut ended = Vec::new();
        fx.pass(Anchor::TurnEnd(1), |e| ended.push(e.holder));
        fx.pass(Anchor::TurnStart(2), |e| ended.push(e.holder));
        assert!(ended.is_empty());
        assert!(fx.has(1, K::Immobilized) && fx.has(2, K::Immobilized));
        fx.pass(Anchor::TurnEnd(2), |e| ended.push(e.holder));
        fx.pass(Anchor::TurnEnd(1), |e| ended.push(e.holder));
        assert_eq!(ended, [2, 1]);
        assert!(fx.is_empty());
    }

    #[test]
    fn an_effect_that_lasts_while_another_does_ends_with_it() {
        let mut fx: Effects<K, u8> = Effects::new();
        fx.add(Effect::new(K::Prone, 7, Expiry::Never));
        fx.add(Effect::new(K::OffGuard, 7, Expiry::While(K::Prone)));
        fx.add(Effect::new(K::OffGuard, 8, Expiry::While(K::Prone)));
        let mut ended = Vec::new();
        fx.remove(7, K::Prone, |e| ended.push((e.holder, e.kind)));
        assert_eq!(ended, [(7, K::Prone), (7, K::OffGuard)]);
        // Figure 8's off-guard hangs on a prone it never had: it stays until 8 loses prone.
        assert!(fx.has(8, K::OffGuard));
    }

    #[test]
    fn effects_until_used_end_when_their_uses_run_out() {
        let mut fx: Effects<K, u8> = Effects::new();
        fx.add(Effect::new(K::Bonus, 3, Expiry::Uses(2)).valued(4).from(9));
        assert_eq!(fx.total(3, |k| *k == K::Bonus), 4);
        assert!(fx.spend(3, K::Bonus, |_| {}));
        assert!(fx.has(3, K::Bonus));
        let mut ended = 0;
        assert!(fx.spend(3, K::Bonus, |_| ended += 1));
        assert_eq!(ended, 1);
        assert!(!fx.spend(3, K::Bonus, |_| {}));
        assert_eq!(fx.get(3, K::Bonus), None);
    }

    #[test]
    fn implied_conditions_are_found_through_the_table() {
        let mut fx: Effects<K, u8> = Effects::new();
        fx.add(Effect::new(K::Grabbed, 1, Expiry::Never));
        assert!(fx.has_implied(1, K::OffGuard, implies));
        assert!(fx.has_implied(1, K::Immobilized, implies));
        assert!(!fx.has_implied(1, K::Prone, implies));
        assert!(!fx.has_implied(2, K::OffGuard, implies));
        fx.replace(Effect::new(K::Grabbed, 1, Expiry::Uses(1)));
        assert_eq!(fx.len(), 1);
        fx.remove_holder(1, |_| {});
        assert!(fx.is_empty());
    }

    #[test]
    fn effects_round_trip_through_json() {
        let mut fx: Effects<u8, u8> = Effects::new();
        fx.add(Effect::new(4, 1, Expiry::At { anchor: Anchor::RoundEnd, times: 1 }).valued(-2).from(0));
        fx.add(Effect::new(5, 2, Expiry::While(4)));
        let json = serde_json::to_string(&fx).unwrap();
        assert_eq!(serde_json::from_str::<Effects<u8, u8>>(&json).unwrap(), fx);
    }
}
