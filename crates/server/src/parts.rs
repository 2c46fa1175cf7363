//! Rolls of real dice entered in parts (docs/api.md, "Real dice").
//!
//! At a real table some rolls are rolled by several seats: the attacker's
//! dice and the defender's die of one E'thia attack, each player's die of a
//! roll-off. The game says so with [`Game::roll_parts`]; the roll stays one
//! chance decision. Here the server keeps the parts entered so far
//! ([`Entered`]), checks each part against its dice and its seat, and hands
//! back the whole roll once every part is in.
//!
//! [`Game::roll_parts`]: arbiter_core::Game::roll_parts

use crate::store::RollParts;
use arbiter_core::{DiceRequest, Refusal, RollPart, Seat};
use serde::{Deserialize, Serialize};

/// Where the rules for real dice are written down, for refusals.
const SECTION: &str = "docs/api.md, Real dice";

/// The parts of the pending roll entered so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Entered {
    /// The number of decisions the match had when they were entered: parts
    /// kept for another length belong to another roll and are void.
    pub(crate) len: usize,
    /// One entry per part of the roll: its values once entered.
    pub(crate) parts: Vec<Option<Vec<u8>>>,
}

impl Entered {
    /// Nothing entered yet of a roll of `parts` parts at `len` decisions.
    pub(crate) fn empty(len: usize, parts: usize) -> Self {
        Entered { len, parts: vec![None; parts] }
    }

    /// What is kept of the roll at `len` decisions of `parts` parts: `kept`
    /// when it is for that roll, else nothing entered.
    pub(crate) fn of(kept: Option<&Entered>, len: usize, parts: usize) -> Self {
        match kept {
            Some(e) if e.len == len && e.parts.len() == parts => e.clone(),
            _ => Entered::empty(len, parts),
        }
    }

    /// Read back from storage; `None` when the text does not read.
    pub(crate) fn from_stored(stored: &RollParts) -> Option<Self> {
        let parts = serde_json::from_str(&stored.parts).ok()?;
        Some(Entered { len: stored.len, parts })
    }

    /// As storage keeps it; `None` when nothing is entered.
    pub(crate) fn to_stored(&self) -> Option<RollParts> {
        (!self.is_empty()).then(|| RollParts {
            len: self.len,
            parts: serde_json::to_string(&self.parts).unwrap_or_else(|_| "[]".into()),
        })
    }

    /// True when no part is entered.
    pub(crate) fn is_empty(&self) -> bool {
        self.parts.iter().all(Option::is_none)
    }

    /// The whole roll, in dice order, once every part is in.
    pub(crate) fn complete(&self) -> Option<Vec<u8>> {
        let mut all = Vec::new();
        for p in &self.parts {
            all.extend_from_slice(p.as_deref()?);
        }
        Some(all)
    }
}

/// A part's dice as people say them: `1d6 (defender)`.
pub(crate) fn part_words(request: &DiceRequest, part: &RollPart) -> String {
    let dice = request.dice().get(part.dice.clone()).unwrap_or_default();
    dice.iter().fold(DiceRequest::new(), |r, d| r.with(d.sides, d.label.clone())).to_string()
}

/// The seats named for people: `P1 or P2`.
fn seats_words(seats: &[Seat]) -> String {
    if seats.is_empty() {
        return "no seat at the table".into();
    }
    seats.iter().map(ToString::to_string).collect::<Vec<_>>().join(" or ")
}

/// Which parts `seat`'s values are for: the part asked for (`part`), which
/// `seat` must be one to enter and which must still be missing; or, with
/// no part named, every missing part `seat` may enter. `entered_by` says
/// who may enter a part. Refused with a rule id otherwise.
pub(crate) fn targets(
    request: &DiceRequest,
    parts: &[RollPart],
    entered: &Entered,
    entered_by: impl Fn(&RollPart) -> Vec<Seat>,
    seat: Seat,
    part: Option<usize>,
) -> Result<Vec<usize>, Refusal> {
    let Some(i) = part else {
        let mine: Vec<usize> =
            (0..parts.len()).filter(|&i| entered.parts[i].is_none() && entered_by(&parts[i]).contains(&seat)).collect();
        if mine.is_empty() {
            let missing: Vec<usize> = (0..parts.len()).filter(|&i| entered.parts[i].is_none()).collect();
            let whose: Vec<String> = missing
                .iter()
                .map(|&i| format!("{} is {}'s", part_words(request, &parts[i]), seats_words(&entered_by(&parts[i]))))
                .collect();
            return Err(Refusal::because(
                "core.turn.not-your-roll",
                format!("{request}: nothing of it is {seat}'s to enter now ({})", whose.join("; ")),
                SECTION,
            ));
        }
        return Ok(mine);
    };
    let Some(p) = parts.get(i) else {
        return Err(Refusal::because(
            "real-dice.part.unknown",
            format!("this roll has {} part(s); there is no part {i}", parts.len()),
            SECTION,
        ));
    };
    let may = entered_by(p);
    if !may.contains(&seat) {
        return Err(Refusal::because(
            "core.turn.not-your-roll",
            format!("{} of {request} is {}'s to enter, not {seat}'s", part_words(request, p), seats_words(&may)),
            SECTION,
        ));
    }
    if entered.parts[i].is_some() {
        return Err(Refusal::because(
            "real-dice.part.entered",
            format!("{} is already entered; take it back first to enter it again", part_words(request, p)),
            SECTION,
        ));
    }
    Ok(vec![i])
}

/// Checks `values` against the dice of the parts `targets` (in order) and
/// enters them; on refusal nothing is entered.
pub(crate) fn fill(
    request: &DiceRequest,
    parts: &[RollPart],
    entered: &mut Entered,
    targets: &[usize],
    values: &[u8],
) -> Result<(), Refusal> {
    let dice: Vec<usize> = targets.iter().flat_map(|&i| parts[i].dice.clone()).collect();
    let words: Vec<String> = targets.iter().map(|&i| part_words(request, &parts[i])).collect();
    if values.len() != dice.len() {
        return Err(Refusal::because(
            "core.chance.roll",
            format!("expected {} dice for {}, got {}", dice.len(), words.join(", "), values.len()),
            "core",
        ));
    }
    for (k, (&d, &v)) in dice.iter().zip(values).enumerate() {
        let sides = request.dice().get(d).map_or(0, |die| die.sides);
        if v == 0 || v > sides {
            return Err(Refusal::because(
                "core.chance.roll",
                format!("die {} of {} shows {v}, but a d{sides} shows 1 to {sides}", k + 1, words.join(", ")),
                "core",
            ));
        }
    }
    let mut rest = values;
    for &i in targets {
        let (mine, after) = rest.split_at(parts[i].dice.len());
        entered.parts[i] = Some(mine.to_vec());
        rest = after;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attack() -> (DiceRequest, Vec<RollPart>) {
        let request = DiceRequest::new().with_many(3, 6, "attacker").with(6, "defender");
        let parts = vec![RollPart { seat: Some(Seat(0)), dice: 0..3 }, RollPart { seat: Some(Seat(1)), dice: 3..4 }];
        (request, parts)
    }

    fn own(p: &RollPart) -> Vec<Seat> {
        p.seat.into_iter().collect()
    }

    #[test]
    fn each_seat_enters_its_own_part_and_the_roll_completes_in_dice_order() {
        let (request, parts) = attack();
        let mut e = Entered::empty(7, 2);
        let t = targets(&request, &parts, &e, own, Seat(1), None).unwrap();
        assert_eq!(t, vec![1]);
        fill(&request, &parts, &mut e, &t, &[4]).unwrap();
        assert_eq!(e.complete(), None);
        let refused = targets(&request, &parts, &e, own, Seat(1), Some(1)).unwrap_err();
        assert_eq!(refused.rule, "real-dice.part.entered");
        let refused = targets(&request, &parts, &e, own, Seat(1), Some(0)).unwrap_err();
        assert_eq!(refused.rule, "core.turn.not-your-roll");
        assert!(refused.reason.contains("3d6 (attacker)") && refused.reason.contains("P1"), "{refused:?}");
        let t = targets(&request, &parts, &e, own, Seat(0), None).unwrap();
        let bad = fill(&request, &parts, &mut e, &t, &[6, 7, 1]).unwrap_err();
        assert_eq!(bad.rule, "core.chance.roll");
        assert_eq!(fill(&request, &parts, &mut e, &t, &[6, 2]).unwrap_err().rule, "core.chance.roll");
        fill(&request, &parts, &mut e, &t, &[6, 2, 1]).unwrap();
        assert_eq!(e.complete(), Some(vec![6, 2, 1, 4]));
    }

    #[test]
    fn a_seat_that_may_enter_every_part_enters_them_at_once() {
        let (request, parts) = attack();
        let anyone = |_: &RollPart| vec![Seat(0), Seat(1)];
        let mut e = Entered::empty(0, 2);
        let t = targets(&request, &parts, &e, anyone, Seat(0), None).unwrap();
        assert_eq!(t, vec![0, 1]);
        fill(&request, &parts, &mut e, &t, &[1, 2, 3, 4]).unwrap();
        assert_eq!(e.complete(), Some(vec![1, 2, 3, 4]));
        assert_eq!(
            targets(&request, &parts, &Entered::empty(0, 2), anyone, Seat(0), Some(2)).unwrap_err().rule,
            "real-dice.part.unknown"
        );
    }

    #[test]
    fn parts_kept_for_another_roll_are_void_and_storage_round_trips() {
        let mut e = Entered::empty(3, 2);
        assert_eq!(e.to_stored(), None, "nothing entered, nothing stored");
        e.parts[1] = Some(vec![5]);
        let stored = e.to_stored().unwrap();
        assert_eq!(Entered::from_stored(&stored), Some(e.clone()));
        assert_eq!(Entered::of(Some(&e), 3, 2), e);
        assert!(Entered::of(Some(&e), 4, 2).is_empty(), "a later decision voids it");
        assert!(Entered::of(Some(&e), 3, 1).is_empty(), "another roll's parts void it");
        assert_eq!(Entered::from_stored(&RollParts { len: 1, parts: "not json".into() }), None);
    }
}
