//! Chance: dice requests, rolls, and the two sources of rolls — a seeded
//! generator and a person typing in what real dice show.
//!
//! A game whose next decision belongs to chance describes it as a
//! [`DiceRequest`]: a list of dice, each uniform over `1..=sides`. The answer
//! is a [`Roll`] with one value per die, in the same order. Any other random
//! event (a random card, a random item) is modelled as a die with that many
//! sides, so every chance node has an explicit, enumerable distribution.

use crate::Seat;
use arrayvec::ArrayVec;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;
use std::io::{BufRead, Write};
use std::ops::Range;

/// The most dice one chance decision may roll at once.
pub const MAX_DICE: usize = 32;

/// What a die or a roll is for, in words for people: a fixed label
/// (`"attacker"`, `"D8"`) costs nothing; one built for the moment (`"the
/// Defend die of Cinderfoot"`) is owned text.
pub type Label = Cow<'static, str>;

/// One die of a request: its number of sides and who or what it is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Die {
    /// Number of faces; values run from 1 to `sides`.
    pub sides: u8,
    /// What the die is for, for people entering real dice ("attacker", "D8",
    /// "resist roll of the Warden").
    pub label: Label,
}

/// The dice a chance decision rolls, and what the roll is for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DiceRequest {
    dice: ArrayVec<Die, MAX_DICE>,
    /// What the whole roll decides, for people ("the Defend die of Cinderfoot,
    /// rerolled"); empty when the labels say enough.
    #[serde(skip_serializing_if = "Option::is_none")]
    purpose: Option<Label>,
}

impl DiceRequest {
    /// An empty request.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one die; silently ignores dice beyond [`MAX_DICE`] or with no sides
    /// (games never ask for those; the conformance suite checks it). The label
    /// may be a fixed `&'static str` or text built for the moment.
    #[inline]
    pub fn with(mut self, sides: u8, label: impl Into<Label>) -> Self {
        if sides > 0 {
            let _ = self.dice.try_push(Die { sides, label: label.into() });
        }
        self
    }

    /// Adds `count` dice of the same kind. (It pushes in place rather than
    /// through [`DiceRequest::with`], which would move the whole request once
    /// a die when the compiler does not inline it.)
    #[inline]
    pub fn with_many(mut self, count: usize, sides: u8, label: impl Into<Label>) -> Self {
        if sides > 0 {
            let label = label.into();
            for _ in 0..count {
                if self.dice.try_push(Die { sides, label: label.clone() }).is_err() {
                    break;
                }
            }
        }
        self
    }

    /// Says what the whole roll decides ("the resist roll of the Warden
    /// against Tide Lance"), for prompts and logs.
    pub fn for_purpose(mut self, purpose: impl Into<Label>) -> Self {
        self.purpose = Some(purpose.into());
        self
    }

    /// What the roll decides, if the game said.
    pub fn purpose(&self) -> Option<&str> {
        self.purpose.as_deref()
    }

    /// The dice, in roll order.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// Number of dice.
    pub fn len(&self) -> usize {
        self.dice.len()
    }

    /// True when the request rolls nothing.
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
    }

    /// Number of distinct outcomes, or `None` if it does not fit in a `u64`.
    pub fn outcome_count(&self) -> Option<u64> {
        self.dice.iter().try_fold(1u64, |n, d| n.checked_mul(u64::from(d.sides)))
    }

    /// Probability of one outcome: every die is fair and independent.
    pub fn probability(&self, roll: &Roll) -> f64 {
        if self.validate(roll).is_err() {
            return 0.0;
        }
        self.dice.iter().map(|d| 1.0 / f64::from(d.sides)).product()
    }

    /// Checks that a roll answers this request: one value per die, each on the die.
    pub fn validate(&self, roll: &Roll) -> Result<(), RollError> {
        if roll.len() != self.len() {
            return Err(RollError::Count { expected: self.len(), got: roll.len() });
        }
        for (i, (die, &v)) in self.dice.iter().zip(roll.values()).enumerate() {
            if v == 0 || v > die.sides {
                return Err(RollError::Face { index: i, value: u32::from(v), sides: die.sides });
            }
        }
        Ok(())
    }

    /// Calls `f` with every outcome in lexicographic order. Meant for small
    /// requests (the conformance suite checks that probabilities sum to 1).
    pub fn for_each_outcome(&self, mut f: impl FnMut(&Roll)) {
        let mut roll: Roll = Roll(self.dice.iter().map(|_| 1).collect());
        loop {
            f(&roll);
            let mut i = roll.0.len();
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                if roll.0[i] < self.dice[i].sides {
                    roll.0[i] += 1;
                    break;
                }
                roll.0[i] = 1;
            }
        }
    }
}

impl fmt::Display for DiceRequest {
    /// Writes the request as people say it: `3d6 (attacker), 1d6 (defender)`,
    /// after its purpose when it has one (`the Defend die of Cinderfoot: 1d8 (D8)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.purpose {
            write!(f, "{p}: ")?;
        }
        let mut first = true;
        let mut i = 0;
        while i < self.dice.len() {
            let d = &self.dice[i];
            let run = self.dice[i..].iter().take_while(|e| *e == d).count();
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{}d{}", run, d.sides)?;
            if !d.label.is_empty() {
                write!(f, " ({})", d.label)?;
            }
            i += run;
        }
        Ok(())
    }
}

/// One part of a roll at a real table: consecutive dice of a request that
/// one seat rolls ("the attacker's 3d6", "the defender's 1d6"). A roll of
/// several parts is still one chance decision: each seat enters its own
/// part, and the roll is applied once every part is in
/// ([`crate::Game::roll_parts`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollPart {
    /// The seat that rolls these dice, or `None` for dice of no one seat
    /// (anyone at the table may enter them).
    pub seat: Option<Seat>,
    /// Which dice of the request, by index.
    pub dice: Range<usize>,
}

impl RollPart {
    /// The whole of a request of `len` dice, rolled by `seat`.
    pub fn whole(seat: Option<Seat>, len: usize) -> Self {
        RollPart { seat, dice: 0..len }
    }

    /// One part per seat, for a roll where each seat rolls one die in
    /// turn (a roll-off): die `i` is `seats[i]`'s.
    pub fn one_die_each(seats: impl IntoIterator<Item = Seat>) -> Vec<RollPart> {
        seats.into_iter().enumerate().map(|(i, s)| RollPart { seat: Some(s), dice: i..i + 1 }).collect()
    }

    /// Checks that `parts` split a request of `len` dice: each part holds at
    /// least one die, and together, in order, they hold every die once.
    pub fn check_split(parts: &[RollPart], len: usize) -> Result<(), String> {
        let mut next = 0;
        for (i, p) in parts.iter().enumerate() {
            if p.dice.start != next || p.dice.end <= p.dice.start {
                return Err(format!(
                    "roll part {i} holds dice {:?}; it should start at die {next} and hold one or more",
                    p.dice
                ));
            }
            next = p.dice.end;
        }
        if next != len {
            return Err(format!("the roll parts hold {next} dice of {len}"));
        }
        Ok(())
    }
}

/// The values one chance decision rolled, one per die of its request.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Roll(ArrayVec<u8, MAX_DICE>);

impl Roll {
    /// A roll from values; `None` if there are more than [`MAX_DICE`].
    pub fn from_values(values: &[u8]) -> Option<Roll> {
        ArrayVec::try_from(values).ok().map(Roll)
    }

    /// The values, in the order of the request's dice.
    pub fn values(&self) -> &[u8] {
        &self.0
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when the roll holds no values.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

/// Why typed-in or recorded dice do not answer a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    /// The wrong number of values.
    #[error("expected {expected} dice, got {got}")]
    Count {
        /// How many dice the request rolls.
        expected: usize,
        /// How many values were given.
        got: usize,
    },
    /// A value that the die cannot show.
    #[error("die {} shows {value}, but a d{sides} shows 1 to {sides}", index + 1)]
    Face {
        /// Zero-based index of the die.
        index: usize,
        /// The value given.
        value: u32,
        /// The die's sides.
        sides: u8,
    },
    /// Text that is not a list of numbers.
    #[error("'{0}' is not a number; type the dice as numbers separated by spaces, e.g. 3 5 1")]
    NotANumber(String),
    /// Input ended before the dice were entered.
    #[error("input ended before the dice were entered")]
    Eof,
    /// Reading or writing the terminal failed.
    #[error("i/o error: {0}")]
    Io(String),
}

/// Parses what a person typed for real dice: numbers separated by spaces or
/// commas, one per die of the request, in its order.
pub fn parse_roll(text: &str, request: &DiceRequest) -> Result<Roll, RollError> {
    let mut values: ArrayVec<u8, MAX_DICE> = ArrayVec::new();
    let mut count = 0usize;
    for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let v: u32 = token.parse().map_err(|_| RollError::NotANumber(token.chars().take(20).collect()))?;
        count += 1;
        if let Some(die) = request.dice().get(count - 1) {
            if v == 0 || v > u32::from(die.sides) {
                return Err(RollError::Face { index: count - 1, value: v, sides: die.sides });
            }
            values.push(v as u8);
        }
    }
    if count != request.len() {
        return Err(RollError::Count { expected: request.len(), got: count });
    }
    Ok(Roll(values))
}

/// Where the answers to chance decisions come from.
pub trait ChanceSource {
    /// Rolls the requested dice.
    fn roll(&mut self, request: &DiceRequest) -> Result<Roll, RollError>;
}

/// Dice from a seeded ChaCha8 generator: the same seed gives the same rolls.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// A generator for the given seed.
    pub fn new(seed: u64) -> Self {
        SeededDice { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// Rolls the request; never fails.
    pub fn roll_now(&mut self, request: &DiceRequest) -> Roll {
        roll_with(&mut self.rng, request)
    }
}

impl ChanceSource for SeededDice {
    fn roll(&mut self, request: &DiceRequest) -> Result<Roll, RollError> {
        Ok(self.roll_now(request))
    }
}

/// Rolls a request with any generator (the AI samples chance this way).
pub fn roll_with<R: Rng + ?Sized>(rng: &mut R, request: &DiceRequest) -> Roll {
    Roll(request.dice().iter().map(|d| rng.random_range(1..=d.sides)).collect())
}

/// Dice typed in by a person at a prompt: the table-companion mode.
///
/// Bad entries are answered with the reason and asked again; the source fails
/// only when input ends.
pub struct ManualDice<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> ManualDice<R, W> {
    /// Reads entries from `input` and writes prompts to `output`.
    pub fn new(input: R, output: W) -> Self {
        ManualDice { input, output }
    }
}

impl<R: BufRead, W: Write> ChanceSource for ManualDice<R, W> {
    fn roll(&mut self, request: &DiceRequest) -> Result<Roll, RollError> {
        loop {
            write!(self.output, "Roll {request} and enter the values: ")
                .and_then(|_| self.output.flush())
                .map_err(|e| RollError::Io(e.to_string()))?;
            let mut line = String::new();
            let n = self.input.read_line(&mut line).map_err(|e| RollError::Io(e.to_string()))?;
            if n == 0 {
                return Err(RollError::Eof);
            }
            match parse_roll(&line, request) {
                Ok(roll) => return Ok(roll),
                Err(e) => writeln!(self.output, "  {e}").map_err(|e| RollError::Io(e.to_string()))?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combat() -> DiceRequest {
        DiceRequest::new().with_many(3, 6, "attacker").with(6, "defender")
    }

    #[test]
    fn probabilities_of_all_outcomes_sum_to_one() {
        let req = combat().with(4, "d4");
        let mut total = 0.0;
        let mut n = 0;
        req.for_each_outcome(|r| {
            total += req.probability(r);
            n += 1;
        });
        assert_eq!(n, 6 * 6 * 6 * 6 * 4);
        assert_eq!(req.outcome_count(), Some(n));
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn request_reads_like_people_say_it() {
        assert_eq!(combat().to_string(), "3d6 (attacker), 1d6 (defender)");
    }

    #[test]
    fn labels_and_purposes_may_be_built_for_the_moment() {
        let name = "Cinderfoot";
        let req = DiceRequest::new().with(8, format!("Defend die of {name}")).for_purpose(format!("{name} defends"));
        assert_eq!(req.to_string(), "Cinderfoot defends: 1d8 (Defend die of Cinderfoot)");
        assert_eq!(req.purpose(), Some("Cinderfoot defends"));
        assert_eq!(req.dice()[0].label, "Defend die of Cinderfoot");
    }

    #[test]
    fn typed_dice_are_checked_against_the_request() {
        let req = combat();
        assert_eq!(parse_roll("6 1,2 3", &req).unwrap().values(), &[6, 1, 2, 3]);
        assert_eq!(parse_roll("6 1 2", &req), Err(RollError::Count { expected: 4, got: 3 }));
        assert_eq!(parse_roll("6 1 7 2", &req), Err(RollError::Face { index: 2, value: 7, sides: 6 }));
        assert!(matches!(parse_roll("6 x 2 1", &req), Err(RollError::NotANumber(_))));
        assert!(matches!(parse_roll("99999999999999999999 1 1 1", &req), Err(RollError::NotANumber(_))));
        let many = "1 ".repeat(100);
        assert_eq!(parse_roll(&many, &req), Err(RollError::Count { expected: 4, got: 100 }));
    }

    #[test]
    fn roll_parts_must_hold_every_die_once_in_order() {
        let attack = [RollPart { seat: Some(Seat(0)), dice: 0..3 }, RollPart { seat: Some(Seat(1)), dice: 3..4 }];
        assert_eq!(RollPart::check_split(&attack, 4), Ok(()));
        assert!(RollPart::check_split(&attack, 5).is_err(), "a die left out");
        assert!(RollPart::check_split(&attack[1..], 4).is_err(), "a part not starting at the first die");
        let empty = [RollPart { seat: None, dice: 0..0 }, RollPart::whole(None, 2)];
        assert!(RollPart::check_split(&empty, 2).is_err(), "a part of no dice");
        let each = RollPart::one_die_each([Seat(1), Seat(0)]);
        assert_eq!(each[1], RollPart { seat: Some(Seat(0)), dice: 1..2 });
        assert_eq!(RollPart::check_split(&each, 2), Ok(()));
    }

    #[test]
    fn seeded_dice_repeat_for_the_same_seed() {
        let req = combat();
        let mut first = SeededDice::new(9);
        let a: Vec<Roll> = (0..20).map(|_| first.roll_now(&req)).collect();
        let mut d = SeededDice::new(9);
        for r in &a {
            assert_eq!(&d.roll_now(&req), r);
            req.validate(r).unwrap();
        }
        let mut other = SeededDice::new(10);
        assert!(a.iter().any(|r| &other.roll_now(&req) != r));
    }

    #[test]
    fn manual_dice_ask_again_after_a_bad_entry() {
        let input = b"7 1 1 1\n\n2 3 4 5\n".as_slice();
        let mut out = Vec::new();
        let roll = ManualDice::new(input, &mut out).roll(&combat()).unwrap();
        assert_eq!(roll.values(), &[2, 3, 4, 5]);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("d6 shows 1 to 6"), "{text}");
        assert!(text.contains("expected 4 dice, got 0"), "{text}");
        let mut out = Vec::new();
        assert_eq!(ManualDice::new(b"".as_slice(), &mut out).roll(&combat()), Err(RollError::Eof));
    }
}
