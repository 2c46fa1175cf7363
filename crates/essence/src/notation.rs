//! Text notation for Essence: positions (like chess's FEN) and actions (like
//! SAN). Both are documented in `docs/notation/essence.md`; printing then
//! parsing gives back the same value, and malformed text gets an error that
//! says where and why, never a panic.
//!
//! Position: `o2f.o1.o2r/...../..*../...../x2r.x1.x2f x a 1 0`
//! — the rows from the top rank down, then the player to act, the phase, the
//! turn number, the quiet-turn count, and optionally `+squares` (the active
//! player's motes waiting to be spun) and `~squares` (the opponent's).
//!
//! Actions: `Gc2` grow · `@c3,d4` spin (`@-` spins nothing) · `c2-c4` move
//! (`c2-c5:s` names the direction when Loop allows two ways) · `Sc2-b3` split ·
//! `Hc2-b3:2` heal · `Vd4` shift the void · `Dc2:3` destabilize · `Uc2`
//! summon · `pass`.

use crate::action::Action;
use crate::board::{Dir, SQUARES, Square, squares};
use crate::mote::{MAX_POWER, Mote, orientable};
use crate::state::{DICE_PER_PLAYER, Kind, Phase, State};
use arbiter_core::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// Longest text the parsers look at; longer input is refused outright.
pub const MAX_LEN: usize = 256;

/// A notation error: where in the text (character offset) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at character {}: {message}", offset + 1)]
pub struct NotationError {
    /// Zero-based character offset of the problem.
    pub offset: usize,
    /// What is wrong, in plain words.
    pub message: String,
}

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError { offset, message: message.into() })
}

fn seat_letter(seat: Seat) -> char {
    if seat.0 == 0 { 'x' } else { 'o' }
}

/// Writes a mote as `x2r`: owner, power, and the orientation letter for faces
/// 2, 3 and 6.
pub fn mote_text(m: Mote) -> String {
    let mut s = format!("{}{}", seat_letter(m.owner()), m.power());
    if let Some(o) = m.orientation() {
        s.push(o.letter());
    }
    s
}

fn square_list(set: u32) -> String {
    let v: Vec<String> = squares(set).map(|s| s.to_string()).collect();
    v.join(",")
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.side).rev() {
            for file in 0..self.side {
                let sq = Square::at(file, rank);
                match self.mote(sq) {
                    Some(m) => f.write_str(&mote_text(m))?,
                    None if sq == self.void => f.write_char('*')?,
                    None => f.write_char('.')?,
                }
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        let phase = match self.phase {
            Phase::Growth => "g".to_string(),
            Phase::First => "a".to_string(),
            Phase::Second(k) => format!("a{}", k.letter()),
            Phase::End => "e".to_string(),
        };
        write!(f, " {} {} {} {}", seat_letter(self.active), phase, self.turn, self.quiet)?;
        if self.spin_own != 0 {
            write!(f, " +{}", square_list(self.spin_own))?;
        }
        if self.spin_opp != 0 {
            write!(f, " ~{}", square_list(self.spin_opp))?;
        }
        Ok(())
    }
}

/// Reads the squares of `c3,d4`, starting at `offset` in the whole text.
fn parse_squares(text: &str, offset: usize) -> Result<u32, NotationError> {
    let mut set = 0u32;
    let mut at = offset;
    for part in text.split(',') {
        let Some(sq) = Square::parse(part) else {
            return err(at, format!("'{part}' is not a square (a1 to e5)"));
        };
        set |= sq.bit();
        at += part.len() + 1;
    }
    Ok(set)
}

impl FromStr for State {
    type Err = NotationError;

    /// Parses a position and checks it is consistent (see [`validate`]).
    fn from_str(text: &str) -> Result<State, NotationError> {
        if text.len() > MAX_LEN {
            return err(MAX_LEN, format!("a position is at most {MAX_LEN} characters"));
        }
        if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return err(i, format!("unexpected character '{c}'"));
        }
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            match (c.is_ascii_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    fields.push((s, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if fields.len() < 5 {
            return err(text.len(), "a position has at least 5 fields: board, player, phase, turn, quiet turns");
        }
        let (board_at, board) = fields[0];
        let rows: Vec<&str> = board.split('/').collect();
        let side = rows.len();
        if side != 5 && side != 3 {
            return err(board_at, format!("the board has {side} rows; it must have 5 (or 3 for the faster game)"));
        }
        let mut s = State::empty(side as u8);
        let mut voids = 0;
        let mut at = board_at;
        for (i, row) in rows.iter().enumerate() {
            let rank = (side - 1 - i) as u8;
            let bytes = row.as_bytes();
            let mut file = 0u8;
            let mut j = 0;
            while j < bytes.len() {
                if usize::from(file) >= side {
                    return err(at + j, format!("rank {} has more than {side} squares", rank + 1));
                }
                let sq = Square::at(file, rank);
                match bytes[j] {
                    b'.' => j += 1,
                    b'*' => {
                        voids += 1;
                        s.void = sq;
                        j += 1;
                    }
                    c @ (b'x' | b'o') => {
                        let owner = Seat(u8::from(c == b'o'));
                        let Some(&p) = bytes.get(j + 1) else {
                            return err(at + j + 1, "a mote needs a power digit after its owner");
                        };
                        if !(b'1'..=b'6').contains(&p) {
                            return err(at + j + 1, format!("'{}' is not a power from 1 to 6", p as char));
                        }
                        let power = p - b'0';
                        j += 2;
                        let letter = bytes.get(j).copied();
                        let turned = match (power, letter) {
                            (2 | 3, Some(b'r')) | (6, Some(b'v')) => false,
                            (2 | 3, Some(b'f')) | (6, Some(b'h')) => true,
                            (2 | 3, _) => {
                                return err(
                                    at + j,
                                    format!("a {power} needs its orientation: r (rising) or f (falling)"),
                                );
                            }
                            (6, _) => return err(at + j, "a 6 needs its orientation: v (vertical) or h (horizontal)"),
                            _ => false,
                        };
                        if orientable(power) {
                            j += 1;
                        }
                        s.put(sq, Mote::new(owner, power, turned));
                    }
                    c => {
                        return err(
                            at + j,
                            format!("unexpected '{}' on the board: use . * x<power> o<power>", c as char),
                        );
                    }
                }
                file += 1;
            }
            if usize::from(file) != side {
                return err(at + row.len(), format!("rank {} has {file} squares; it needs {side}", rank + 1));
            }
            at += row.len() + 1;
        }
        if voids != 1 {
            return err(board_at, format!("the board must have exactly one void (*), not {voids}"));
        }
        let (p_at, p) = fields[1];
        s.active = match p {
            "x" => Seat(0),
            "o" => Seat(1),
            _ => return err(p_at, format!("'{p}' is not a player: x or o")),
        };
        let (ph_at, ph) = fields[2];
        s.phase = match ph {
            "g" => Phase::Growth,
            "a" => Phase::First,
            "e" => Phase::End,
            _ if ph.len() == 2 && ph.starts_with('a') => {
                let c = ph.as_bytes()[1] as char;
                match Kind::from_letter(c) {
                    Some(k) => Phase::Second(k),
                    None => return err(ph_at + 1, format!("'{c}' is not an action kind: m s h v d u")),
                }
            }
            _ => return err(ph_at, format!("'{ph}' is not a phase: g, a, a<kind> or e")),
        };
        let number = |(at, t): (usize, &str), what: &str| -> Result<u16, NotationError> {
            t.parse::<u16>()
                .map_err(|_| NotationError { offset: at, message: format!("'{t}' is not a {what} (0 to 65535)") })
        };
        s.turn = number(fields[3], "turn number")?;
        s.quiet = number(fields[4], "quiet-turn count")?;
        for &(f_at, f) in &fields[5..] {
            match f.as_bytes()[0] {
                b'+' if s.spin_own == 0 => s.spin_own = parse_squares(&f[1..], f_at + 1)?,
                b'~' if s.spin_opp == 0 => s.spin_opp = parse_squares(&f[1..], f_at + 1)?,
                _ => return err(f_at, format!("unexpected field '{f}': only +squares and ~squares may follow")),
            }
        }
        validate(&s).map_err(|message| NotationError { offset: 0, message })?;
        Ok(s)
    }
}

/// Checks what any position must satisfy, whatever the variant.
pub fn validate(s: &State) -> Result<(), String> {
    let on_board: u32 =
        (0..s.side).flat_map(|r| (0..s.side).map(move |f| Square::at(f, r).bit())).fold(0, |a, b| a | b);
    if s.void.index() >= SQUARES || on_board & s.void.bit() == 0 {
        return Err(format!("the void on {} is off the board", s.void));
    }
    if s.all_motes() & !on_board != 0 {
        return Err("a mote is off the board".into());
    }
    if s.all_motes() & s.void.bit() != 0 {
        return Err("a mote shares the void's square".into());
    }
    for seat in [Seat(0), Seat(1)] {
        if s.count(seat) > DICE_PER_PLAYER {
            return Err(format!("{seat} has {} motes; a player has only {DICE_PER_PLAYER} dice", s.count(seat)));
        }
    }
    for sq in squares(s.all_motes()) {
        let m = s.mote(sq).ok_or("board and occupancy disagree")?;
        if !(1..=MAX_POWER).contains(&m.power()) || (m.turned() && !orientable(m.power())) {
            return Err(format!("the mote on {sq} is malformed"));
        }
    }
    if s.turn == 0 {
        return Err("turns are numbered from 1".into());
    }
    let me = s.active;
    if s.spin_own & !s.orientable_in(s.motes_of(me)) != 0 {
        return Err("only the active player's motes showing 2, 3 or 6 can wait to be spun (+)".into());
    }
    if s.spin_opp & !s.orientable_in(s.motes_of(me.other())) != 0 {
        return Err("only the opponent's motes showing 2, 3 or 6 can wait to be spun (~)".into());
    }
    Ok(())
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Grow(sq) => write!(f, "G{sq}"),
            Action::Spin(0) => f.write_str("@-"),
            Action::Spin(set) => write!(f, "@{}", square_list(set)),
            Action::Move { from, to, dir } => {
                write!(f, "{from}-{to}")?;
                match dir {
                    Some(d) if Dir::between(from, to) != Some(d) => write!(f, ":{d}"),
                    _ => Ok(()),
                }
            }
            Action::Split { from, to } => write!(f, "S{from}-{to}"),
            Action::Heal { from, to, amount } => write!(f, "H{from}-{to}:{amount}"),
            Action::Shift(to) => write!(f, "V{to}"),
            Action::Destabilize { at, amount } => write!(f, "D{at}:{amount}"),
            Action::Summon(at) => write!(f, "U{at}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

fn square_at(text: &str, offset: usize) -> Result<Square, NotationError> {
    Square::parse(text).map_or_else(|| err(offset, format!("'{text}' is not a square (a1 to e5)")), Ok)
}

fn amount_at(text: &str, offset: usize) -> Result<u8, NotationError> {
    match text.parse::<u8>() {
        Ok(n) if (1..=MAX_POWER).contains(&n) => Ok(n),
        _ => err(offset, format!("'{text}' is not an amount from 1 to 6")),
    }
}

/// Splits `a-b` at the dash; the error names what was expected.
fn pair<'t>(text: &'t str, offset: usize, what: &str) -> Result<(&'t str, &'t str), NotationError> {
    text.split_once('-').map_or_else(|| err(offset, format!("expected {what}")), Ok)
}

impl FromStr for Action {
    type Err = NotationError;

    /// Parses one action; letters may be in either case.
    fn from_str(text: &str) -> Result<Action, NotationError> {
        let t = text.trim();
        let lead = text.len() - text.trim_start().len();
        if t.len() > 32 {
            return err(lead, "an action is at most 32 characters");
        }
        if let Some((i, c)) = t.char_indices().find(|(_, c)| !c.is_ascii_graphic()) {
            return err(lead + i, format!("unexpected character '{}'", c.escape_default()));
        }
        if t.is_empty() {
            return err(lead, "empty action");
        }
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        let bytes = t.as_bytes();
        let letter = bytes[0].to_ascii_uppercase();
        // A move starts with its square (file letter then digit), or with M.
        let is_move_square = bytes.len() > 1 && bytes[1].is_ascii_digit();
        let (kind, rest, at) =
            if is_move_square || bytes.len() == 1 { (b'M', t, lead) } else { (letter, &t[1..], lead + 1) };
        match kind {
            b'G' => Ok(Action::Grow(square_at(rest, at)?)),
            b'@' => {
                if rest == "-" {
                    Ok(Action::Spin(0))
                } else {
                    Ok(Action::Spin(parse_squares(rest, at)?))
                }
            }
            b'M' => {
                let (path, dir) = match rest.split_once(':') {
                    Some((p, d)) => match Dir::parse(d) {
                        Some(d) => (p, Some(d)),
                        None => {
                            return err(at + p.len() + 1, format!("'{d}' is not a direction (n ne e se s sw w nw)"));
                        }
                    },
                    None => (rest, None),
                };
                let (a, b) = pair(path, at, "a move like c2-c4")?;
                let from = square_at(a, at)?;
                let to = square_at(b, at + a.len() + 1)?;
                Ok(Action::Move { from, to, dir: dir.or_else(|| Dir::between(from, to)) })
            }
            b'S' => {
                let (a, b) = pair(rest, at, "a split like Sc2-b3")?;
                Ok(Action::Split { from: square_at(a, at)?, to: square_at(b, at + a.len() + 1)? })
            }
            b'H' => {
                let (path, amount) = rest
                    .split_once(':')
                    .map_or_else(|| err(at, "expected a heal like Hc2-b3:2 (from, to, amount)"), Ok)?;
                let (a, b) = pair(path, at, "a heal like Hc2-b3:2")?;
                Ok(Action::Heal {
                    from: square_at(a, at)?,
                    to: square_at(b, at + a.len() + 1)?,
                    amount: amount_at(amount, at + path.len() + 1)?,
                })
            }
            b'V' => Ok(Action::Shift(square_at(rest, at)?)),
            b'D' => {
                let (a, amount) = rest
                    .split_once(':')
                    .map_or_else(|| err(at, "expected a destabilize like Dc2:3 (square, amount)"), Ok)?;
                Ok(Action::Destabilize { at: square_at(a, at)?, amount: amount_at(amount, at + a.len() + 1)? })
            }
            b'U' => Ok(Action::Summon(square_at(rest, at)?)),
            _ => err(
                lead,
                format!(
                    "'{}' does not start an action: G grow, @ spin, c2-c4 move, S split, H heal, V void, D destabilize, U summon, pass",
                    bytes[0] as char
                ),
            ),
        }
    }
}

/// Writes a sequence of actions (a turn, or a game) separated by spaces.
pub fn format_actions(actions: &[Action]) -> String {
    let v: Vec<String> = actions.iter().map(Action::to_string).collect();
    v.join(" ")
}

/// Reads a sequence of actions separated by spaces; the error's offset counts
/// from the start of the whole text.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    if text.len() > 64 * MAX_LEN {
        return err(0, "too long");
    }
    let mut out = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        if !token.trim().is_empty() {
            out.push(token.parse::<Action>().map_err(|e| NotationError { offset: e.offset + offset, ..e })?);
        }
        offset += token.len() + 1;
    }
    Ok(out)
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<State, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
