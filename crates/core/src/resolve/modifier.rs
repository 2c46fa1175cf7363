//! Modifiers computed on demand, with their breakdown.
//!
//! A number the rules use — Force, range, Armor, a save — is a base value
//! changed by modifiers from several sources at once. The game gathers the
//! modifiers that apply (from effects, abilities, prep tokens, statuses) and
//! folds them here: [`total`] gives the value on the fast path, without
//! allocating; [`Breakdown`] gives the value with every contribution and
//! whether it counted, so a refusal or a tooltip can say why the number is
//! what it is ("Armor 17 − 2 off-guard (prone) = 15").
//!
//! Stacking is data: a modifier of [`Stacking::Always`] always adds; among
//! modifiers of one [`Stacking::Kind`] only the largest bonus and the largest
//! penalty count (Pathfinder's typed bonuses; "only the highest of one kind").

use std::fmt;

/// How a modifier stacks with others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stacking {
    /// It always adds.
    Always,
    /// Of all modifiers of this kind, only the largest bonus and the largest
    /// penalty count.
    Kind(u8),
}

/// One contribution to a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Modifier<S> {
    /// Where it comes from, in the game's words (shown in breakdowns).
    pub source: S,
    /// How much it adds (negative: a penalty).
    pub amount: i32,
    /// How it stacks with others.
    pub stacking: Stacking,
}

impl<S> Modifier<S> {
    /// A modifier that always adds.
    pub fn new(source: S, amount: i32) -> Self {
        Modifier { source, amount, stacking: Stacking::Always }
    }

    /// A modifier of one kind: only the largest of its kind counts.
    pub fn of_kind(source: S, amount: i32, kind: u8) -> Self {
        Modifier { source, amount, stacking: Stacking::Kind(kind) }
    }
}

/// Whether modifier `i` of `mods` counts under the stacking rules (ties go
/// to the first).
fn counts<S>(mods: &[Modifier<S>], i: usize) -> bool {
    let m = &mods[i];
    let Stacking::Kind(kind) = m.stacking else {
        return true;
    };
    if m.amount == 0 {
        return false;
    }
    let bonus = m.amount > 0;
    !mods.iter().enumerate().any(|(j, o)| {
        j != i
            && o.stacking == Stacking::Kind(kind)
            && (o.amount > 0) == bonus
            && o.amount != 0
            && (o.amount.abs() > m.amount.abs() || (o.amount == m.amount && j < i))
    })
}

/// The value of `base` with `mods` applied under the stacking rules. Takes a
/// slice the caller filled (an `ArrayVec` on the stack keeps it
/// allocation-free).
pub fn total<S>(base: i32, mods: &[Modifier<S>]) -> i32 {
    base + (0..mods.len()).filter(|&i| counts(mods, i)).map(|i| mods[i].amount).sum::<i32>()
}

/// One contribution in a breakdown, and whether it counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part<S> {
    /// The modifier.
    pub modifier: Modifier<S>,
    /// False when a larger modifier of its kind took its place.
    pub counted: bool,
}

/// A number with the reasons it is what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown<S> {
    /// What the number is ("Force", "range").
    pub stat: &'static str,
    /// The value before modifiers.
    pub base: i32,
    /// Every modifier, in the order given.
    pub parts: Vec<Part<S>>,
    /// The result.
    pub value: i32,
}

impl<S: Clone> Breakdown<S> {
    /// Folds `mods` into `base` for the stat named `stat`.
    pub fn new(stat: &'static str, base: i32, mods: &[Modifier<S>]) -> Self {
        let parts: Vec<Part<S>> =
            (0..mods.len()).map(|i| Part { modifier: mods[i].clone(), counted: counts(mods, i) }).collect();
        let value = total(base, mods);
        Breakdown { stat, base, parts, value }
    }
}

impl<S: fmt::Display> fmt::Display for Breakdown<S> {
    /// `Force 4 + 4 (D6, prep token) = 8`; modifiers that did not count are
    /// shown in brackets with "does not stack".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.stat, self.base)?;
        if self.parts.is_empty() {
            return Ok(());
        }
        for p in &self.parts {
            let a = p.modifier.amount;
            let sign = if a < 0 { '−' } else { '+' };
            if p.counted {
                write!(f, " {sign} {} ({})", a.abs(), p.modifier.source)?;
            } else {
                write!(f, " [{sign} {} ({}) does not stack]", a.abs(), p.modifier.source)?;
            }
        }
        write!(f, " = {}", self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CIRCUMSTANCE: u8 = 1;
    const STATUS: u8 = 2;

    #[test]
    fn untyped_modifiers_add_and_typed_ones_keep_the_largest_bonus_and_penalty() {
        let mods = [
            Modifier::new("prep token", 5),
            Modifier::of_kind("off-guard (prone)", -2, CIRCUMSTANCE),
            Modifier::of_kind("off-guard (flanked)", -2, CIRCUMSTANCE),
            Modifier::of_kind("cover", 2, CIRCUMSTANCE),
            Modifier::of_kind("bless", 1, STATUS),
            Modifier::of_kind("heroism", 2, STATUS),
        ];
        // 10 + 5 − 2 (one off-guard) + 2 (cover) + 2 (heroism, not bless) = 17.
        assert_eq!(total(10, &mods), 17);
        let b = Breakdown::new("Armor", 10, &mods);
        assert_eq!(b.value, 17);
        let counted: Vec<bool> = b.parts.iter().map(|p| p.counted).collect();
        assert_eq!(counted, [true, true, false, true, false, true]);
    }

    #[test]
    fn a_breakdown_says_why_a_number_is_what_it_is() {
        let b = Breakdown::new("Armor", 17, &[Modifier::of_kind("off-guard (prone)", -2, CIRCUMSTANCE)]);
        assert_eq!(b.to_string(), "Armor 17 − 2 (off-guard (prone)) = 15");
        let plain: Breakdown<&str> = Breakdown::new("Force", 4, &[]);
        assert_eq!(plain.to_string(), "Force 4");
        let twice = Breakdown::new("Fight", 7, &[Modifier::of_kind("a", 1, 3), Modifier::of_kind("b", 1, 3)]);
        assert_eq!(twice.to_string(), "Fight 7 + 1 (a) [+ 1 (b) does not stack] = 8");
    }
}
