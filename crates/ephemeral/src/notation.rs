//! Text notation for Ephemeral Path decisions, documented in
//! `docs/notation/ephemeral.md`: what a person types at the `arbiter play`
//! prompt, and how the terminal writes every decision and event.
//!
//! Positions are centimetres from the table's lower-left corner, written
//! `(x,y)` with at most two decimals (the brackets are optional when typing).
//! Figures are letters: P1's `a b c d e f` in set order, P2's `A B C D E F`.
//! Terrain pieces (1–5), pool dice, attack dice, sheet dice and ability slots
//! are numbered from 1, as people count.
//!
//! `x` / `y` · `terrain 2 at (12,20) turn 45` (`t2 12,20 45`) · `gate at (20,20)` ·
//! `forager P1` · `forage 3 b [at (0.8,15)]` · `pass` · `place b at (39.2,10)` ·
//! `first P2` · `activate b` (or just `b`) · `move (10,12) (15,18)` ·
//! `attack C 2d4+1d6` · `prepare` · `prep raise 2` · `prep lower 2` ·
//! `prep forage b 1` · `prep nudge b (11.5,12)` · `prep mend b` · `prep reach b` ·
//! `prep force b` · `prep free b` · `end` · `resolve` · `detonate 2` · `resist 2d6` ·
//! abilities as `use b1 …` (figure b's first ability; at the prompt the
//! figure may be left out when it is clear whose turn it is): `use b1 C`,
//! `use b1 C D`, `use b1 die 2 C`, `use b1 at (12,20)` (a mine),
//! `use b1 move (10,12) (15,18)`, `use b1 push C`, `use b1 pull C push D`,
//! `use b1 push gate`, `use b1 raise c 2`, `use b1 pools C:1,2 D:3`,
//! `use b1 defend` / `use b1 reroll`, `use b1 cancel 3`,
//! `use b1 counter C 2d4`, `use b1 C tokens 2`.
//!
//! Formatting then parsing gives back the same decision, positions to within
//! 0.005 cm (they are written to 0.01 cm); parsing never panics and says
//! what it expected.

use crate::action::{Action, Aim, PrepUse, Side, Use};
use crate::event::Event;
use crate::frame::{Frame, Trigger};
use crate::rules::Ephemeral;
use crate::state::{DIE_SIZES, Die, Phase, Pos, State};
use arbiter_core::{Game, Seat};
use arrayvec::ArrayVec;
use std::fmt;

/// The longest text the parser reads, in characters.
const MAX_TEXT: usize = 1000;
/// The most waypoints the parser reads in one move (the rules allow fewer).
const MAX_PARSED_WAYPOINTS: usize = 64;

/// Why a text is not a decision, in words for the person who typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(String);

impl NotationError {
    fn new(message: impl Into<String>) -> NotationError {
        NotationError(message.into())
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

type Parsed<T> = Result<T, NotationError>;

/// Keeps an echo of user text short and printable.
fn clip(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(24).collect();
    if text.chars().count() > 24 {
        out.push('…');
    }
    out
}

// ---------------------------------------------------------------- numbers

/// A length in cm with at most two decimals and no trailing zeros (`12.5`, `0.8`, `40`).
pub fn format_cm(x: f32) -> String {
    if !x.is_finite() {
        return "nan".into();
    }
    let mut s = format!("{x:.2}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".into() } else { s }
}

/// A position as `(x,y)` in cm, at most two decimals each.
pub fn format_pos(p: Pos) -> String {
    format!("({},{})", format_cm(p.x), format_cm(p.y))
}

fn parse_number(text: &str, what: &str) -> Parsed<f32> {
    let t = text.trim_end_matches("cm");
    let ok = !t.is_empty()
        && t.len() <= 12
        && t.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        && t.chars().any(|c| c.is_ascii_digit());
    match t.parse::<f32>() {
        Ok(x) if ok && x.is_finite() && x.abs() <= 10_000.0 => Ok(x),
        _ => Err(NotationError::new(format!("'{}' is not a number of cm ({what})", clip(text)))),
    }
}

/// Parses a position `x,y` or `(x,y)`, in cm.
pub fn parse_pos(text: &str) -> Parsed<Pos> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let Some((x, y)) = t.split_once(',') else {
        return Err(NotationError::new(format!(
            "'{}' is not a position: write x,y in cm from the lower-left corner, e.g. 12.5,20",
            clip(text)
        )));
    };
    if y.contains(',') {
        return Err(NotationError::new(format!("'{}' has more than two numbers; a position is x,y", clip(text))));
    }
    Ok(Pos::new(parse_number(x.trim(), "x")?, parse_number(y.trim(), "y")?))
}

/// A whole number from 1 to 256, returned 0-based (the notation counts from 1).
fn parse_ordinal(text: &str, what: &str) -> Parsed<u8> {
    match text.parse::<u16>() {
        Ok(n) if (1..=256).contains(&n) && text.len() <= 3 => Ok((n - 1) as u8),
        _ => Err(NotationError::new(format!("'{}' is not a {what} number (they count from 1)", clip(text)))),
    }
}

// ---------------------------------------------------------------- seats and figures

/// A seat as typed: `P1`, `p2`, `1`.
pub fn parse_seat(text: &str) -> Parsed<Seat> {
    let t = text.strip_prefix(['p', 'P']).unwrap_or(text);
    match t.parse::<u16>() {
        Ok(n) if (1..=256).contains(&n) && t.len() <= 3 => Ok(Seat((n - 1) as u8)),
        _ => Err(NotationError::new(format!("'{}' is not a player: write P1 or P2", clip(text)))),
    }
}

/// The letter of a figure: P1's `a`–`f`, P2's `A`–`F` (by index in its set).
pub fn figure_letter(game: &Ephemeral, figure: u8) -> Option<char> {
    let s = game.stats().get(figure as usize)?;
    if s.index >= 26 {
        return None;
    }
    match s.owner.0 {
        0 => Some((b'a' + s.index) as char),
        1 => Some((b'A' + s.index) as char),
        _ => None,
    }
}

/// A figure as written in the notation: its letter, or `#N` (its index in
/// the state, from 0) for a figure with no letter.
pub fn format_figure(game: &Ephemeral, figure: u8) -> String {
    figure_letter(game, figure).map_or_else(|| format!("#{figure}"), String::from)
}

/// A figure with its name for people: `Ashwright (b)`.
pub fn figure_label(game: &Ephemeral, figure: u8) -> String {
    match game.stats().get(figure as usize) {
        Some(s) => format!("{} ({})", s.name, format_figure(game, figure)),
        None => format!("figure {}", format_figure(game, figure)),
    }
}

fn letters_of(game: &Ephemeral, seat: Seat) -> String {
    let letters: Vec<char> = (0..game.stats().len() as u8)
        .filter(|&i| game.stats()[i as usize].owner == seat)
        .filter_map(|i| figure_letter(game, i))
        .collect();
    match (letters.first(), letters.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => "none".into(),
    }
}

/// Parses a figure: a letter (`b` is P1's second figure, `B` P2's) or `#N`.
pub fn parse_figure(game: &Ephemeral, text: &str) -> Parsed<u8> {
    if let Some(n) = text.strip_prefix('#') {
        return n
            .parse::<u8>()
            .map_err(|_| NotationError::new(format!("'{}' is not a figure: #N takes 0–255", clip(text))));
    }
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(NotationError::new(format!(
            "'{}' is not a figure: figures are letters, P1's {} and P2's {}",
            clip(text),
            letters_of(game, Seat(0)),
            letters_of(game, Seat(1))
        )));
    };
    let (seat, index) = match c {
        'a'..='z' => (Seat(0), c as u8 - b'a'),
        'A'..='Z' => (Seat(1), c as u8 - b'A'),
        _ => (Seat(9), 0),
    };
    game.stats().iter().position(|s| s.owner == seat && s.index == index).map(|i| i as u8).ok_or_else(|| {
        NotationError::new(format!(
            "there is no figure '{}': P1's figures are {} (lower case), P2's {} (capitals)",
            clip(text),
            letters_of(game, Seat(0)),
            letters_of(game, Seat(1))
        ))
    })
}

// ---------------------------------------------------------------- dice

/// Attack dice as counts of D4, D6, D8, D10, D12, written `2d4+1d6`.
pub fn format_dice(counts: &[u8; 5]) -> String {
    let parts: Vec<String> =
        counts.iter().zip(DIE_SIZES).filter(|(n, _)| **n > 0).map(|(n, s)| format!("{n}d{s}")).collect();
    if parts.is_empty() { "0d6".into() } else { parts.join("+") }
}

/// Parses attack dice: terms `[N]dS` joined by `+` (`2d4+d6`, `D8+D8`).
pub fn parse_dice(text: &str) -> Parsed<[u8; 5]> {
    let mut counts = [0u8; 5];
    if text.is_empty() {
        return Err(NotationError::new("which dice? e.g. 2d4+1d6"));
    }
    for term in text.split('+') {
        let bad = || {
            NotationError::new(format!(
                "'{}' is not a set of dice: write terms like 2d4 joined by +, sizes d4 d6 d8 d10 d12",
                clip(text)
            ))
        };
        let (n, s) = term.split_once(['d', 'D']).ok_or_else(bad)?;
        let n: u8 = if n.is_empty() { 1 } else { n.parse().map_err(|_| bad())? };
        let sides: u8 = s.parse().map_err(|_| bad())?;
        let k = DIE_SIZES.iter().position(|&d| d == sides).ok_or_else(|| {
            NotationError::new(format!("there are no d{sides}: the dice are d4, d6, d8, d10 and d12"))
        })?;
        counts[k] = counts[k].checked_add(n).ok_or_else(|| NotationError::new("too many dice"))?;
    }
    Ok(counts)
}

/// A die as `D6:4` (six sides, showing 4).
pub fn format_die(d: &Die) -> String {
    format!("D{}:{}", d.sides, d.value)
}

// ---------------------------------------------------------------- actions

/// Writes a decision as a person would type it.
pub fn format_action(game: &Ephemeral, action: &Action) -> String {
    let fig = |f: &u8| format_figure(game, *f);
    match action {
        Action::Choose(Side::X) => "x".into(),
        Action::Choose(Side::Y) => "y".into(),
        Action::Terrain { piece, at, turn } => {
            let turn = if *turn == 0 { String::new() } else { format!(" turn {turn}") };
            format!("terrain {} at {}{turn}", u16::from(*piece) + 1, format_pos(*at))
        }
        Action::Gate { at } => format!("gate at {}", format_pos(*at)),
        Action::Forager(s) => format!("forager {s}"),
        Action::Forage { die, figure, at } => {
            let at = at.map(|p| format!(" at {}", format_pos(p))).unwrap_or_default();
            format!("forage {} {}{at}", u16::from(*die) + 1, fig(figure))
        }
        Action::Pass => "pass".into(),
        Action::Place { figure, at } => format!("place {} at {}", fig(figure), format_pos(*at)),
        Action::First(s) => format!("first {s}"),
        Action::Activate { figure } => format!("activate {}", fig(figure)),
        Action::Move { path } => {
            let mut s = String::from("move");
            for p in path {
                s.push(' ');
                s.push_str(&format_pos(*p));
            }
            s
        }
        Action::Attack { target, dice } => format!("attack {} {}", fig(target), format_dice(dice)),
        Action::Prepare => "prepare".into(),
        Action::Ability(u) => format_use(game, u),
        Action::Detonate { mine } => format!("detonate {mine}"),
        Action::Resist { dice } => format!("resist {}", format_dice(dice)),
        Action::Spend(u) => match u {
            PrepUse::Raise { die } => format!("prep raise {}", u16::from(*die) + 1),
            PrepUse::Lower { die } => format!("prep lower {}", u16::from(*die) + 1),
            PrepUse::Forage { figure, die } => format!("prep forage {} {}", fig(figure), u16::from(*die) + 1),
            PrepUse::Nudge { figure, to } => format!("prep nudge {} to {}", fig(figure), format_pos(*to)),
            PrepUse::Mend { figure } => format!("prep mend {}", fig(figure)),
            PrepUse::Reach { figure } => format!("prep reach {}", fig(figure)),
            PrepUse::Force { figure } => format!("prep force {}", fig(figure)),
            PrepUse::Free { figure } => format!("prep free {}", fig(figure)),
        },
        Action::End => "end".into(),
        Action::Resolve => "resolve".into(),
    }
}

/// An ability's use as typed: `use b1 [die N] AIM [tokens N]`.
pub fn format_use(game: &Ephemeral, u: &Use) -> String {
    let fig = |f: u8| format_figure(game, f);
    let mut s = format!("use {}{}", fig(u.figure), u16::from(u.slot) + 1);
    if let Some(d) = u.die {
        s.push_str(&format!(" die {}", u16::from(d) + 1));
    }
    match &u.aim {
        Aim::Nothing => {}
        Aim::Figures(ts) => {
            for t in ts {
                s.push(' ');
                s.push_str(&fig(*t));
            }
        }
        Aim::Point(p) => s.push_str(&format!(" at {}", format_pos(*p))),
        Aim::Path(path) => {
            s.push_str(" move");
            for p in path {
                s.push(' ');
                s.push_str(&format_pos(*p));
            }
        }
        Aim::Shove(list) => {
            for (t, pull) in list {
                s.push_str(if *pull { " pull " } else { " push " });
                s.push_str(&fig(*t));
            }
        }
        Aim::Gate(pull) => s.push_str(if *pull { " pull gate" } else { " push gate" }),
        Aim::Raise { figure, die } => s.push_str(&format!(" raise {} {}", fig(*figure), u16::from(*die) + 1)),
        Aim::Pools(pools) => {
            s.push_str(" pools");
            for (t, mask) in pools {
                let dice: Vec<String> = (0..16).filter(|i| mask & (1 << i) != 0).map(|i| (i + 1).to_string()).collect();
                s.push_str(&format!(" {}:{}", fig(*t), dice.join(",")));
            }
        }
        Aim::Defend(reroll) => s.push_str(if *reroll { " reroll" } else { " defend" }),
        Aim::Negate(n) => s.push_str(&format!(" cancel {n}")),
        Aim::Counter { target, dice } => {
            s.push_str(&format!(" counter {}", fig(*target)));
            if dice.iter().any(|&n| n > 0) {
                s.push(' ');
                s.push_str(&format_dice(dice));
            }
        }
    }
    if u.tokens > 0 {
        s.push_str(&format!(" tokens {}", u.tokens));
    }
    s
}

/// Parses `b1` (figure b, ability 1) or a bare `1` (the ability of
/// `default`, the figure whose decision it is).
fn parse_slot(game: &Ephemeral, text: &str, default: Option<u8>) -> Parsed<(u8, u8)> {
    let digits = text.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let letter = &text[..text.len() - digits.len()];
    let figure = match (letter.is_empty(), default) {
        (false, _) => parse_figure(game, letter)?,
        (true, Some(f)) => f,
        (true, None) => {
            return Err(NotationError::new(format!(
                "whose ability? write the figure and the ability number, e.g. use b{}",
                clip(text)
            )));
        }
    };
    let slot = parse_ordinal(digits, "ability")?;
    Ok((figure, slot))
}

/// Parses the words after `use`.
fn parse_use(game: &Ephemeral, w: &[String], mut i: usize, default: Option<u8>) -> Parsed<Use> {
    const EXAMPLE: &str = "use b1 C";
    let (figure, slot) = parse_slot(game, take(w, &mut i, "the ability", EXAMPLE)?, default)?;
    let mut u = Use { figure, slot, die: None, aim: Aim::Nothing, tokens: 0 };
    let mut figures: ArrayVec<u8, 3> = ArrayVec::new();
    let mut shove: ArrayVec<(u8, bool), 2> = ArrayVec::new();
    while i < w.len() {
        let word = w[i].to_ascii_lowercase();
        i += 1;
        match word.as_str() {
            "die" | "with" => {
                u.die = Some(parse_ordinal(take(w, &mut i, "the die on the sheet", "use b1 die 2 C")?, "sheet die")?)
            }
            "tokens" => {
                let t = take(w, &mut i, "how many prep tokens", "use b1 C tokens 2")?;
                u.tokens =
                    t.parse().map_err(|_| NotationError::new(format!("'{}' is not a number of tokens", clip(t))))?;
            }
            "at" => u.aim = Aim::Point(take_pos(w, &mut i, "where the mine goes")?),
            "move" | "to" => {
                let mut path = Vec::new();
                while i < w.len() && w[i].contains(',') {
                    if path.len() >= MAX_PARSED_WAYPOINTS {
                        return Err(NotationError::new("too many waypoints"));
                    }
                    path.push(take_pos(w, &mut i, "the next waypoint")?);
                }
                if path.is_empty() {
                    return Err(NotationError::new("move where? e.g. use b1 move 12,20"));
                }
                u.aim = Aim::Path(path);
            }
            "push" | "pull" => {
                let who = take(w, &mut i, "what to push or pull", "use b1 push C")?;
                if who.eq_ignore_ascii_case("gate") {
                    u.aim = Aim::Gate(word == "pull");
                } else {
                    let t = parse_figure(game, who)?;
                    shove
                        .try_push((t, word == "pull"))
                        .map_err(|_| NotationError::new("at most two figures are pushed or pulled"))?;
                }
            }
            "raise" => {
                let f = parse_figure(game, take(w, &mut i, "whose die", "use b1 raise c 2")?)?;
                let d = parse_ordinal(take(w, &mut i, "the die on its sheet", "use b1 raise c 2")?, "sheet die")?;
                u.aim = Aim::Raise { figure: f, die: d };
            }
            "pools" => {
                let mut pools: ArrayVec<(u8, u16), 3> = ArrayVec::new();
                while i < w.len() && w[i].contains(':') {
                    let (t, dice) = w[i].split_once(':').unwrap_or(("", ""));
                    i += 1;
                    let t = parse_figure(game, t)?;
                    let mut mask = 0u16;
                    for d in dice.split(',').filter(|d| !d.is_empty()) {
                        let k = parse_ordinal(d, "sheet die")?;
                        if k >= 16 {
                            return Err(NotationError::new("a figure has at most 10 foraged dice"));
                        }
                        mask |= 1 << k;
                    }
                    pools.try_push((t, mask)).map_err(|_| NotationError::new("at most three pools"))?;
                }
                if pools.is_empty() {
                    return Err(NotationError::new("which pools? e.g. use b1 pools C:1,2 D:3"));
                }
                u.aim = Aim::Pools(pools);
            }
            "defend" | "shown" | "face" => u.aim = Aim::Defend(false),
            "reroll" => u.aim = Aim::Defend(true),
            "cancel" | "negate" => {
                let n = take(w, &mut i, "how much damage to cancel", "use b1 cancel 3")?;
                u.aim =
                    Aim::Negate(n.parse().map_err(|_| NotationError::new(format!("'{}' is not an amount", clip(n))))?);
            }
            "counter" => {
                let target =
                    parse_figure(game, take(w, &mut i, "the counter attack's target", "use b1 counter C 2d4")?)?;
                let dice = if i < w.len() { parse_dice(&w[i..].join("+"))? } else { [0; 5] };
                i = w.len();
                u.aim = Aim::Counter { target, dice };
            }
            _ => {
                let t = parse_figure(game, &w[i - 1])?;
                figures.try_push(t).map_err(|_| NotationError::new("at most three targets"))?;
            }
        }
    }
    if !figures.is_empty() {
        u.aim = Aim::Figures(figures);
    }
    if !shove.is_empty() {
        u.aim = Aim::Shove(shove);
    }
    Ok(u)
}

/// The figure whose ability a bare `use N` means now: the active figure,
/// or the figure the event in the window on top concerns.
pub fn default_user(game: &Ephemeral, state: &State) -> Option<u8> {
    match state.pending.top() {
        Some(Frame::Window(w)) => match w.trigger {
            Trigger::Damage { target } | Trigger::Survived { target, .. } => Some(target),
            Trigger::Dealt { attacker, .. } => Some(attacker),
            Trigger::Waypoint { figure } | Trigger::MoveEnded { figure, .. } | Trigger::Again { figure, .. } => {
                Some(figure)
            }
            Trigger::Attacked { .. } => None,
        },
        Some(_) => None,
        None => match state.phase {
            Phase::Acting { figure, .. } => Some(figure),
            _ => {
                let _ = game;
                None
            }
        },
    }
}

/// Parses a decision typed at the prompt, where `use N` may leave out the
/// figure whose decision it is.
pub fn parse_action_in(game: &Ephemeral, state: &State, text: &str) -> Parsed<Action> {
    let w = words(text);
    if w.first().is_some_and(|x| matches!(x.to_ascii_lowercase().as_str(), "use" | "ability" | "ab")) {
        return parse_use(game, &w, 1, default_user(game, state)).map(Action::Ability);
    }
    parse_action(game, text)
}

/// Splits typed text into words: brackets and `;` separate, and spaces
/// next to `,` or `+` are dropped (`( 12 , 20 )` is the word `12,20`).
fn words(text: &str) -> Vec<String> {
    let cleaned: String =
        text.chars().map(|c| if matches!(c, '(' | ')' | ';' | '[' | ']' | '°') { ' ' } else { c }).collect();
    let mut out: Vec<String> = Vec::new();
    for piece in cleaned.split_whitespace() {
        let glue = out.last().is_some_and(|w| w.ends_with([',', '+'])) || piece.starts_with([',', '+']);
        match out.last_mut() {
            Some(last) if glue => last.push_str(piece),
            _ => out.push(piece.to_string()),
        }
    }
    out
}

/// Takes a position from the words, skipping a leading `at` or `to`.
fn take_pos(w: &[String], i: &mut usize, what: &str) -> Parsed<Pos> {
    while w.get(*i).is_some_and(|x| matches!(x.to_ascii_lowercase().as_str(), "at" | "to" | "->" | "@")) {
        *i += 1;
    }
    let Some(t) = w.get(*i) else {
        return Err(NotationError::new(format!("where? give {what} as x,y in cm, e.g. 12.5,20")));
    };
    *i += 1;
    parse_pos(t)
}

fn take<'a>(w: &'a [String], i: &mut usize, what: &str, example: &str) -> Parsed<&'a str> {
    match w.get(*i) {
        Some(t) => {
            *i += 1;
            Ok(t)
        }
        None => Err(NotationError::new(format!("{what} is missing, e.g. {example}"))),
    }
}

fn done(w: &[String], i: usize, example: &str) -> Parsed<()> {
    match w.get(i) {
        None => Ok(()),
        Some(extra) => {
            Err(NotationError::new(format!("unexpected '{}' at the end; write e.g. {example}", clip(extra))))
        }
    }
}

fn parse_turn(text: &str) -> Parsed<u16> {
    match text.parse::<i16>() {
        Ok(n) if (-359..=359).contains(&n) => Ok(n.rem_euclid(360) as u16),
        _ => {
            Err(NotationError::new(format!("'{}' is not a turn: give whole degrees anticlockwise, 0–359", clip(text))))
        }
    }
}

/// Parses a decision typed by a person (see the module notes and
/// `docs/notation/ephemeral.md`). Never panics.
pub fn parse_action(game: &Ephemeral, text: &str) -> Parsed<Action> {
    if text.chars().count() > MAX_TEXT {
        return Err(NotationError::new("that is too long to be a decision"));
    }
    let w = words(text);
    let Some(first) = w.first() else {
        return Err(NotationError::new("type a decision, e.g. 'move 12,20' or 'pass'"));
    };
    let head = first.to_ascii_lowercase();
    let mut i = 1;
    // `t2` for `terrain 2`.
    if let Some(n) = head.strip_prefix("terrain").or_else(|| head.strip_prefix('t')).filter(|n| !n.is_empty())
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return parse_terrain(game, n, &w, 1);
    }
    let action = match head.as_str() {
        "x" | "y" if w.len() == 1 => Ok(Action::Choose(if head == "x" { Side::X } else { Side::Y })),
        "side" | "choose" => {
            let s = take(&w, &mut i, "the side", "side x")?.to_ascii_lowercase();
            done(&w, i, "side x")?;
            match s.as_str() {
                "x" => Ok(Action::Choose(Side::X)),
                "y" => Ok(Action::Choose(Side::Y)),
                _ => Err(NotationError::new("choose side x or side y")),
            }
        }
        "terrain" | "t" => {
            let n = take(&w, &mut i, "the terrain piece", "terrain 2 at 12,20 turn 45")?.to_string();
            return parse_terrain(game, &n, &w, i);
        }
        "gate" | "g" => {
            let at = take_pos(&w, &mut i, "the gate's centre")?;
            done(&w, i, "gate at 20,20")?;
            Ok(Action::Gate { at })
        }
        "forager" => {
            let s = parse_seat(take(&w, &mut i, "the player", "forager P1")?)?;
            done(&w, i, "forager P1")?;
            Ok(Action::Forager(s))
        }
        "first" => {
            let s = parse_seat(take(&w, &mut i, "the player", "first P2")?)?;
            done(&w, i, "first P2")?;
            Ok(Action::First(s))
        }
        "forage" => {
            let die = parse_ordinal(take(&w, &mut i, "the pool die", "forage 3 b")?, "pool die")?;
            let figure = parse_figure(game, take(&w, &mut i, "the figure", "forage 3 b")?)?;
            let at = if i < w.len() { Some(take_pos(&w, &mut i, "where the figure is placed")?) } else { None };
            done(&w, i, "forage 3 b at 0.8,15")?;
            Ok(Action::Forage { die, figure, at })
        }
        "pass" => done(&w, i, "pass").map(|_| Action::Pass),
        "place" | "p" => {
            let figure = parse_figure(game, take(&w, &mut i, "the figure", "place b at 39.2,10")?)?;
            let at = take_pos(&w, &mut i, "the figure's centre")?;
            done(&w, i, "place b at 39.2,10")?;
            Ok(Action::Place { figure, at })
        }
        "activate" | "act" => {
            let figure = parse_figure(game, take(&w, &mut i, "the figure", "activate b")?)?;
            done(&w, i, "activate b")?;
            Ok(Action::Activate { figure })
        }
        "move" | "m" | "go" => {
            let mut path = Vec::new();
            while i < w.len() {
                if path.len() >= MAX_PARSED_WAYPOINTS {
                    return Err(NotationError::new("too many waypoints"));
                }
                path.push(take_pos(&w, &mut i, "the next waypoint")?);
            }
            if path.is_empty() {
                return Err(NotationError::new(
                    "move where? give waypoints as x,y in cm: move 12,20 or move 10,12 15,18",
                ));
            }
            Ok(Action::Move { path })
        }
        "attack" | "atk" => {
            let target = parse_figure(game, take(&w, &mut i, "the target", "attack C 2d4+1d6")?)?;
            if w.get(i).is_some_and(|x| x.eq_ignore_ascii_case("with")) {
                i += 1;
            }
            if i >= w.len() {
                return Err(NotationError::new("which dice? e.g. attack C 2d4+1d6"));
            }
            let dice = parse_dice(&w[i..].join("+"))?;
            Ok(Action::Attack { target, dice })
        }
        "prepare" => done(&w, i, "prepare").map(|_| Action::Prepare),
        "prep" | "spend" if w.len() == 1 => {
            if head == "prep" {
                Ok(Action::Prepare)
            } else {
                Err(NotationError::new(SPEND_HELP))
            }
        }
        "prep" | "spend" => parse_spend(game, &w, i).map(Action::Spend),
        "use" | "ability" | "ab" => parse_use(game, &w, i, None).map(Action::Ability),
        "detonate" | "boom" => {
            let n = take(&w, &mut i, "the mine's number", "detonate 1")?;
            let mine: u8 = n.parse().map_err(|_| NotationError::new(format!("'{}' is not a mine number", clip(n))))?;
            done(&w, i, "detonate 1")?;
            Ok(Action::Detonate { mine })
        }
        "resist" => {
            if i >= w.len() {
                return Err(NotationError::new("resist with which dice? e.g. resist 2d6, or pass"));
            }
            Ok(Action::Resist { dice: parse_dice(&w[i..].join("+"))? })
        }
        "end" => done(&w, i, "end").map(|_| Action::End),
        "resolve" | "accept" | "ok" => done(&w, i, "resolve").map(|_| Action::Resolve),
        _ if w.len() == 1 && first.chars().count() == 1 && first.chars().all(|c| c.is_ascii_alphabetic()) => {
            parse_figure(game, first).map(|figure| Action::Activate { figure })
        }
        _ => Err(NotationError::new(format!(
            "'{}' does not start a decision; type 'help' for the notation",
            clip(first)
        ))),
    }?;
    Ok(action)
}

const SPEND_HELP: &str = "spend a prep token how? prep raise N, prep lower N (attack die N), prep forage b N (die N on b's sheet), prep nudge b x,y, prep mend b, prep reach b, prep force b (D6), prep free b (ignore Immobilize)";

fn parse_terrain(game: &Ephemeral, piece: &str, w: &[String], mut i: usize) -> Parsed<Action> {
    let pieces = game.variant().kit.pieces.len();
    let piece = match piece.parse::<usize>() {
        Ok(n) if (1..=pieces).contains(&n) => (n - 1) as u8,
        _ => {
            return Err(NotationError::new(format!(
                "'{}' is not a terrain piece: the kit's pieces are 1–{pieces}",
                clip(piece)
            )));
        }
    };
    let at = take_pos(w, &mut i, "the piece's centre")?;
    let mut turn = 0;
    if i < w.len() {
        if w[i].eq_ignore_ascii_case("turn") || w[i].eq_ignore_ascii_case("turned") {
            i += 1;
        }
        turn = parse_turn(take(w, &mut i, "the turn", "terrain 2 at 12,20 turn 45")?)?;
    }
    done(w, i, "terrain 2 at 12,20 turn 45")?;
    Ok(Action::Terrain { piece, at, turn })
}

fn parse_spend(game: &Ephemeral, w: &[String], mut i: usize) -> Parsed<PrepUse> {
    let kind = take(w, &mut i, "the use", "prep raise 2")?.to_ascii_lowercase();
    let example = match kind.as_str() {
        "raise" => "prep raise 2",
        "lower" => "prep lower 2",
        "forage" => "prep forage b 1",
        "nudge" => "prep nudge b 11.5,12",
        "mend" => "prep mend b",
        "reach" => "prep reach b",
        "force" => "prep force b",
        "free" => "prep free b",
        _ => return Err(NotationError::new(SPEND_HELP)),
    };
    let out = match kind.as_str() {
        "raise" | "lower" => {
            let die = parse_ordinal(take(w, &mut i, "the attack die", example)?, "attack die")?;
            if kind == "raise" { PrepUse::Raise { die } } else { PrepUse::Lower { die } }
        }
        _ => {
            let figure = parse_figure(game, take(w, &mut i, "the figure", example)?)?;
            match kind.as_str() {
                "forage" => PrepUse::Forage {
                    figure,
                    die: parse_ordinal(take(w, &mut i, "the die on its sheet", example)?, "sheet die")?,
                },
                "nudge" => PrepUse::Nudge { figure, to: take_pos(w, &mut i, "where it goes")? },
                "mend" => PrepUse::Mend { figure },
                "force" => PrepUse::Force { figure },
                "free" => PrepUse::Free { figure },
                _ => PrepUse::Reach { figure },
            }
        }
    };
    done(w, i, example)?;
    Ok(out)
}

// ---------------------------------------------------------------- events

/// Names figures and pieces in event texts: from the game and the state
/// when they are at hand, by number otherwise.
#[derive(Clone, Copy)]
struct Namer<'a> {
    game: Option<&'a Ephemeral>,
    state: Option<&'a State>,
}

impl Namer<'_> {
    fn who(&self, figure: u8) -> String {
        match self.game {
            Some(g) => figure_label(g, figure),
            None => format!("figure #{figure}"),
        }
    }

    fn piece(&self, piece: u8) -> String {
        match self.game.and_then(|g| g.variant().kit.pieces.get(piece as usize)) {
            Some(p) => format!("the {} (piece {})", p.name, u16::from(piece) + 1),
            None => format!("terrain piece {}", u16::from(piece) + 1),
        }
    }

    /// The kit piece a figure stands on, from the index in `State::terrain`.
    fn standing_on(&self, on: Option<u8>) -> String {
        match (on, self.state) {
            (Some(i), Some(s)) => match s.terrain.get(i as usize) {
                Some(t) => format!(", on top of {}", self.piece(t.piece)),
                None => String::new(),
            },
            (Some(i), None) => format!(", on top of the terrain placed {}", ordinal(u16::from(i) + 1)),
            (None, _) => String::new(),
        }
    }

    fn hp_left(&self, figure: u8) -> String {
        let f = self.state.and_then(|s| s.figures.get(figure as usize));
        let st = self.game.and_then(|g| g.stats().get(figure as usize));
        match (f, st) {
            (Some(f), Some(st)) => format!(" ({} of {} HP left)", st.hp.saturating_sub(f.damage), st.hp),
            _ => String::new(),
        }
    }

    fn ability(&self, figure: u8, slot: u8) -> String {
        match self.game {
            Some(g) => g.ability_label(figure, slot),
            None => format!("ability {}", u16::from(slot) + 1),
        }
    }

    fn actions_left(&self, figure: u8) -> String {
        match self.state.and_then(|s| s.figures.get(figure as usize)) {
            Some(f) => format!(" ({} left)", f.actions),
            None => String::new(),
        }
    }

    fn prep_now(&self, seat: Seat) -> String {
        match self.state.and_then(|s| s.prep.get(seat.index())) {
            Some(n) => format!(" (now {n})"),
            None => String::new(),
        }
    }

    fn spend(&self, u: &PrepUse) -> String {
        match u {
            PrepUse::Raise { die } => format!("raises attack die {} by 2", u16::from(*die) + 1),
            PrepUse::Lower { die } => format!("lowers attack die {} by 2", u16::from(*die) + 1),
            PrepUse::Forage { figure, die } => {
                format!("raises die {} on {}'s sheet by 2", u16::from(*die) + 1, self.who(*figure))
            }
            PrepUse::Nudge { figure, to } => format!("nudges {} to {}", self.who(*figure), format_pos(*to)),
            PrepUse::Mend { figure } => format!("mends 2 damage on {}", self.who(*figure)),
            PrepUse::Reach { figure } => format!("gives {} +5 cm range on its next attack", self.who(*figure)),
            PrepUse::Force { figure } => format!("gives {} more Force on its next attack (D6)", self.who(*figure)),
            PrepUse::Free { figure } => format!("lets {} ignore its Immobilize", self.who(*figure)),
        }
    }

    fn text(&self, event: &Event) -> String {
        let who = |f: &u8| self.who(*f);
        match event {
            Event::SideRoll { rolls } => {
                let tail = if rolls[0] == rolls[1] { ": a tie, roll again" } else { "" };
                format!("for the choice of sides P1 rolls {} and P2 rolls {}{tail}", rolls[0], rolls[1])
            }
            Event::Chose { seat, side } => {
                let s = if *side == Side::X { "X" } else { "Y" };
                format!("{seat} chooses to be player {s}")
            }
            Event::Terrain { seat, piece, at, turn } => {
                let turn = if *turn == 0 { String::new() } else { format!(", turned {turn}°") };
                format!("{seat} places {} at {}{turn}", self.piece(*piece), format_pos(*at))
            }
            Event::Gate { seat, at } => format!("{seat} places the gate at {}", format_pos(*at)),
            Event::TerrainLeftOut { piece } => {
                format!("{} fits nowhere on the table and is left out (ruling P45)", self.piece(*piece))
            }
            Event::Pool { dice } => format!("the foraging pool is rolled: {}", numbered(dice)),
            Event::Forager { seat } => format!("{seat} forages first"),
            Event::Foraged { figure, die, slot } => {
                format!(
                    "{} forages pool die {} (a D{} showing {})",
                    who(figure),
                    u16::from(*slot) + 1,
                    die.sides,
                    die.value
                )
            }
            Event::Passed { seat } => format!("{seat} passes"),
            Event::ForagingOver => "foraging is over".into(),
            Event::Placed { figure, at, on } => {
                format!("{} is placed at {}{}", who(figure), format_pos(*at), self.standing_on(*on))
            }
            Event::LeftOut { figure } => {
                format!("{} fits nowhere along the edge and stays off the table (ruling P46)", who(figure))
            }
            Event::First { seat } => format!("{seat} activates first"),
            Event::Activated { figure } => format!("{} is activated", who(figure)),
            Event::Moved { figure, path, cost, on } => {
                let route: Vec<String> = path.iter().map(|p| format_pos(*p)).collect();
                format!(
                    "{} moves {} ({} cm){}",
                    who(figure),
                    route.join(" → "),
                    format_cm(*cost),
                    self.standing_on(*on)
                )
            }
            Event::Attack { attacker, target, range } => {
                format!("{} attacks {} at {} cm", who(attacker), who(target), format_cm(*range))
            }
            Event::Rolled { dice } => {
                let sum: u32 = dice.iter().map(|d| u32::from(d.value)).sum();
                format!("the attack dice show {} (sum {sum})", numbered(dice))
            }
            Event::Hit { target, damage } => {
                format!("hit: {} takes {damage} damage{}", who(target), self.hp_left(*target))
            }
            Event::Missed { sum, force } => format!("miss: the sum {sum} is more than the attacker's Force {force}"),
            Event::Defeated { figure } => format!("{} is defeated and removed from the table", who(figure)),
            Event::Prepared { seat } => format!("{seat} gains a prep token{}", self.prep_now(*seat)),
            Event::Spent { seat, on } => format!("{seat} spends a prep token: {}", self.spend(on)),
            Event::Ended { figure } => format!("{}'s activation ends", who(figure)),
            Event::Used { figure, slot, die } => {
                let with = die.map(|d| format!(" with a D{} showing {}", d.sides, d.value)).unwrap_or_default();
                format!("{} uses {}{with}", who(figure), self.ability(*figure, *slot))
            }
            Event::Defended { figure, slot, value, rerolled } => {
                let how = if *rerolled { "rerolled to" } else { "showing" };
                format!(
                    "{} defends with {} ({how} {value}): {value} off the damage",
                    who(figure),
                    self.ability(*figure, *slot)
                )
            }
            Event::Negated { by, target, amount } => {
                format!("{} lowers its D8 by {amount} to cancel {amount} damage to {}", who(by), who(target))
            }
            Event::ResistRolled { figure, dice, total, against } => {
                format!("{} rolls to resist: {} for {total}, against {against}", who(figure), numbered(dice))
            }
            Event::Resisted { figure } => format!("{} resists: the ability has no effect on it", who(figure)),
            Event::Immobilized { figure } => {
                format!("{} is immobilized: it cannot move on its next activation", who(figure))
            }
            Event::Freed { figure } => format!("{} may move again", who(figure)),
            Event::Immobile { figure } => {
                format!("{} is now Immobile: it will never move by itself again", who(figure))
            }
            Event::ActionLost { figure } => format!("{} loses an action{}", who(figure), self.actions_left(*figure)),
            Event::ActionGained { figure } => format!("{} gains an action{}", who(figure), self.actions_left(*figure)),
            Event::Healed { figure, amount } => format!("{} is healed of {amount} damage", who(figure)),
            Event::MineLaid { mine, figure, die, at, passive } => format!(
                "{} lays {} mine {mine} (a D{} showing {}) at {}",
                who(figure),
                if *passive { "passive" } else { "active" },
                die.sides,
                die.value,
                format_pos(*at)
            ),
            Event::MineDetonated { mine, at } => format!("mine {mine} goes off at {}", format_pos(*at)),
            Event::Pushed { figure, by, from, to, pull, short } => format!(
                "{} {} {} from {} to {}{}",
                who(by),
                if *pull { "pulls" } else { "pushes" },
                who(figure),
                format_pos(*from),
                format_pos(*to),
                if *short { " (stopped short)" } else { "" }
            ),
            Event::GateMoved { by, from, to } => {
                format!("{} moves the gate from {} to {}", who(by), format_pos(*from), format_pos(*to))
            }
            Event::Shifted { lowered, low, raised, high } => format!(
                "{}'s D{} goes down to {} and {}'s D{} up to {}",
                who(lowered),
                low.sides,
                low.value,
                who(raised),
                high.sides,
                high.value
            ),
            Event::Stole { by, from } => format!("{} takes a prep token from {from}", who(by)),
            Event::Spray { around, damage } => format!("spray: {damage} damage to every figure near {}", who(around)),
            Event::MoveStopped { figure, at } => {
                format!("{} stops at {}: the rest of its path is no longer clear", who(figure), format_pos(*at))
            }
            Event::GameOver { touching, points, winner } => {
                let result = match winner {
                    Some(s) => format!("{s} wins"),
                    None if *touching == [0, 0] => "nobody wins".into(),
                    None => "a draw".into(),
                };
                format!(
                    "the game is over: touching the gate, P1 has {} worth {} points and P2 {} worth {}: {result}",
                    crate::rules::figures(touching[0]),
                    points[0],
                    touching[1],
                    points[1]
                )
            }
        }
    }
}

fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Dice numbered from 1: `[1] D4:3  [2] D6:5`.
pub fn numbered(dice: &[Die]) -> String {
    let list: Vec<String> = dice.iter().enumerate().map(|(i, d)| format!("[{}] {}", i + 1, format_die(d))).collect();
    list.join("  ")
}

/// An event in plain words, with figures by name; `state` is the table
/// just after it.
pub fn event_text(game: &Ephemeral, state: &State, event: &Event) -> String {
    Namer { game: Some(game), state: Some(state) }.text(event)
}

/// Events without the game at hand: figures are numbered by their index in
/// the state (`figure #3`); [`event_text`] names them.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Namer { game: None, state: None }.text(self))
    }
}

/// The pool dice as `[1] D4:3  [2] D6:5 …`, numbered as `forage N` takes them.
pub fn pool_text(state: &State) -> String {
    if state.pool.is_empty() {
        return "empty".into();
    }
    let list: Vec<String> =
        state.pool.iter().map(|(i, d)| format!("[{}] {}", u16::from(i) + 1, format_die(d))).collect();
    list.join("  ")
}

/// The notation of every decision the game lists now (for `moves`).
pub fn legal_texts(game: &Ephemeral, state: &State) -> Vec<String> {
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    legal.iter().map(|a| format_action(game, a)).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use crate::{Edition, Variant};
    use arbiter_core::{Decision, Discard, ToMove, roll_with};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game() -> Ephemeral {
        Ephemeral::default()
    }

    fn gate_game() -> Ephemeral {
        let v = Variant::shipped(Edition::V020, "ember-court", "tide-wardens").unwrap();
        Ephemeral::new(v, 2).unwrap()
    }

    /// The positions of an action, and the action with them zeroed.
    fn split(a: &Action) -> (Action, Vec<Pos>) {
        let zero = Pos::new(0.0, 0.0);
        let mut a = a.clone();
        let mut out = Vec::new();
        match &mut a {
            Action::Terrain { at, .. } | Action::Gate { at } | Action::Place { at, .. } => {
                out.push(*at);
                *at = zero;
            }
            Action::Forage { at: Some(at), .. } => {
                out.push(*at);
                *at = zero;
            }
            Action::Move { path } => {
                out.extend(path.iter().copied());
                path.iter_mut().for_each(|p| *p = zero);
            }
            Action::Spend(PrepUse::Nudge { to, .. }) => {
                out.push(*to);
                *to = zero;
            }
            _ => {}
        }
        (a, out)
    }

    fn assert_round_trip(g: &Ephemeral, a: &Action) {
        let text = format_action(g, a);
        let back = parse_action(g, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let ((a0, pa), (b0, pb)) = (split(a), split(&back));
        assert_eq!(a0, b0, "{text}");
        assert_eq!(pa.len(), pb.len(), "{text}");
        for (p, q) in pa.iter().zip(&pb) {
            assert!((p.x - q.x).abs() <= 0.0051 && (p.y - q.y).abs() <= 0.0051, "{text}: {p:?} vs {q:?}");
        }
        assert_eq!(format_action(g, &back), text, "formatting is stable");
        if pa.is_empty() {
            assert_eq!(&back, a, "{text}");
        }
    }

    /// Plays random games and round-trips every candidate of every seat decision.
    fn round_trip_games(g: &Ephemeral, seeds: std::ops::Range<u64>) -> usize {
        let mut checked = 0;
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.initial_state();
            let mut scratch = Vec::new();
            for _ in 0..400 {
                match g.to_move(&s) {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        let r = roll_with(&mut rng, &g.dice(&s));
                        g.apply(&mut s, &Decision::Roll(r), &mut Discard).unwrap();
                    }
                    ToMove::Seat(_) | ToMove::Together(_) => {
                        let mut legal = Vec::new();
                        g.legal_actions(&s, &mut legal);
                        for a in &legal {
                            assert_round_trip(g, a);
                            checked += 1;
                        }
                        let a = g.random_action(&s, &mut rng, &mut scratch).unwrap();
                        assert_round_trip(g, &a);
                        g.apply(&mut s, &Decision::Act(a), &mut Discard).unwrap();
                    }
                }
            }
        }
        checked
    }

    #[test]
    fn every_candidate_of_random_games_round_trips() {
        assert!(round_trip_games(&game(), 0..4) > 100);
        assert!(round_trip_games(&gate_game(), 10..12) > 50);
    }

    #[test]
    fn every_kind_of_decision_round_trips() {
        let g = game();
        let p = Pos::new(12.345, 0.8);
        for a in [
            Action::Choose(Side::X),
            Action::Choose(Side::Y),
            Action::Terrain { piece: 1, at: p, turn: 45 },
            Action::Terrain { piece: 4, at: p, turn: 0 },
            Action::Gate { at: Pos::new(20.0, 20.0) },
            Action::Forager(Seat(0)),
            Action::Forage { die: 2, figure: 1, at: Some(Pos::new(0.8, 15.0)) },
            Action::Forage { die: 9, figure: 4, at: None },
            Action::Pass,
            Action::Place { figure: 3, at: Pos::new(39.2, 10.0) },
            Action::First(Seat(1)),
            Action::Activate { figure: 5 },
            Action::Move { path: vec![Pos::new(10.0, 12.0), Pos::new(15.0, 18.25)] },
            Action::Attack { target: 4, dice: [2, 1, 0, 0, 0] },
            Action::Attack { target: 0, dice: [0, 0, 0, 0, 12] },
            Action::Prepare,
            Action::Ability(Use { figure: 1, slot: 2, die: None, aim: Aim::Nothing, tokens: 0 }),
            Action::Ability(Use {
                figure: 1,
                slot: 0,
                die: Some(1),
                aim: Aim::Figures([3, 4].into_iter().collect()),
                tokens: 2,
            }),
            Action::Ability(Use { figure: 0, slot: 1, die: None, aim: Aim::Point(Pos::new(3.5, 7.25)), tokens: 0 }),
            Action::Ability(Use {
                figure: 0,
                slot: 1,
                die: Some(0),
                aim: Aim::Path(vec![Pos::new(3.5, 7.25), Pos::new(9.0, 9.0)]),
                tokens: 0,
            }),
            Action::Ability(Use {
                figure: 2,
                slot: 0,
                die: None,
                aim: Aim::Shove([(3, true), (4, false)].into_iter().collect()),
                tokens: 0,
            }),
            Action::Ability(Use { figure: 2, slot: 0, die: None, aim: Aim::Gate(true), tokens: 0 }),
            Action::Ability(Use { figure: 2, slot: 2, die: Some(2), aim: Aim::Raise { figure: 1, die: 0 }, tokens: 0 }),
            Action::Ability(Use {
                figure: 0,
                slot: 0,
                die: None,
                aim: Aim::Pools([(3, 0b11), (4, 0b100)].into_iter().collect()),
                tokens: 0,
            }),
            Action::Ability(Use { figure: 3, slot: 1, die: None, aim: Aim::Defend(true), tokens: 0 }),
            Action::Ability(Use { figure: 3, slot: 1, die: None, aim: Aim::Defend(false), tokens: 0 }),
            Action::Ability(Use { figure: 0, slot: 2, die: Some(0), aim: Aim::Negate(3), tokens: 0 }),
            Action::Ability(Use {
                figure: 4,
                slot: 0,
                die: None,
                aim: Aim::Counter { target: 1, dice: [2, 0, 0, 0, 0] },
                tokens: 0,
            }),
            Action::Ability(Use {
                figure: 4,
                slot: 0,
                die: None,
                aim: Aim::Counter { target: 1, dice: [0; 5] },
                tokens: 0,
            }),
            Action::Detonate { mine: 3 },
            Action::Resist { dice: [0, 2, 0, 0, 0] },
            Action::Spend(PrepUse::Force { figure: 1 }),
            Action::Spend(PrepUse::Free { figure: 1 }),
            Action::Spend(PrepUse::Raise { die: 1 }),
            Action::Spend(PrepUse::Lower { die: 0 }),
            Action::Spend(PrepUse::Forage { figure: 1, die: 0 }),
            Action::Spend(PrepUse::Nudge { figure: 1, to: Pos::new(11.5, 12.0) }),
            Action::Spend(PrepUse::Mend { figure: 2 }),
            Action::Spend(PrepUse::Reach { figure: 6 }),
            Action::End,
            Action::Resolve,
            Action::Activate { figure: 200 },
        ] {
            assert_round_trip(&g, &a);
        }
    }

    #[test]
    fn the_documented_forms_parse() {
        let g = game();
        let p = |t: &str| parse_action(&g, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        // Ember Court has three figures (a b c), the Tide Wardens follow (A B C …).
        let b = parse_figure(&g, "b").unwrap();
        let c2 = parse_figure(&g, "C").unwrap();
        assert_eq!(b, 1);
        assert_eq!(g.stats()[c2 as usize].owner, Seat(1));
        assert_eq!(p("x"), Action::Choose(Side::X));
        assert_eq!(p("Y"), Action::Choose(Side::Y));
        assert_eq!(p("terrain 2 at 12,20 turn 45"), Action::Terrain { piece: 1, at: Pos::new(12.0, 20.0), turn: 45 });
        assert_eq!(p("t2 12,20 45"), p("terrain 2 at (12, 20) turn 45"));
        assert_eq!(p("t3 (5,5) -90"), Action::Terrain { piece: 2, at: Pos::new(5.0, 5.0), turn: 270 });
        assert_eq!(p("gate 20,20"), Action::Gate { at: Pos::new(20.0, 20.0) });
        assert_eq!(p("forager P1"), Action::Forager(Seat(0)));
        assert_eq!(p("forager 2"), Action::Forager(Seat(1)));
        assert_eq!(p("forage 3 b at 0.8,15"), Action::Forage { die: 2, figure: 1, at: Some(Pos::new(0.8, 15.0)) });
        assert_eq!(p("forage 3 b"), Action::Forage { die: 2, figure: 1, at: None });
        assert_eq!(p("place b 39.2,10"), Action::Place { figure: 1, at: Pos::new(39.2, 10.0) });
        assert_eq!(p("first P2"), Action::First(Seat(1)));
        assert_eq!(p("activate b"), Action::Activate { figure: 1 });
        assert_eq!(p("b"), Action::Activate { figure: 1 });
        assert_eq!(p("move 10,12 15,18"), Action::Move { path: vec![Pos::new(10.0, 12.0), Pos::new(15.0, 18.0)] });
        assert_eq!(p("move (10, 12) (15 ,18)"), p("m 10,12 15,18"));
        assert_eq!(p("attack C 2d4+1d6"), Action::Attack { target: c2, dice: [2, 1, 0, 0, 0] });
        assert_eq!(p("attack C with 2D4 + d6"), p("attack C 2d4 d6"));
        assert_eq!(p("attack C d6+d6"), Action::Attack { target: c2, dice: [0, 2, 0, 0, 0] });
        assert_eq!(p("prepare"), Action::Prepare);
        assert_eq!(p("prep"), Action::Prepare);
        let u = |figure, slot, die, aim| Action::Ability(Use { figure, slot, die, aim, tokens: 0 });
        assert_eq!(p("use b1"), u(1, 0, None, Aim::Nothing));
        assert_eq!(p("use b1 C"), u(1, 0, None, Aim::Figures([c2].into_iter().collect())));
        assert_eq!(p("use b2 die 2 at 12,20"), u(1, 1, Some(1), Aim::Point(Pos::new(12.0, 20.0))));
        assert_eq!(p("use a1 pull C"), u(0, 0, None, Aim::Shove([(c2, true)].into_iter().collect())));
        assert_eq!(p("use a1 reroll"), u(0, 0, None, Aim::Defend(true)));
        assert_eq!(p("use a3 counter C 2d4"), u(0, 2, None, Aim::Counter { target: c2, dice: [2, 0, 0, 0, 0] }));
        assert_eq!(p("detonate 2"), Action::Detonate { mine: 2 });
        assert_eq!(p("resist 2d6"), Action::Resist { dice: [0, 2, 0, 0, 0] });
        assert!(parse_action(&g, "use 1 C").unwrap_err().to_string().contains("whose ability"));
        assert_eq!(p("prep raise 2"), Action::Spend(PrepUse::Raise { die: 1 }));
        assert_eq!(p("spend lower 2"), Action::Spend(PrepUse::Lower { die: 1 }));
        assert_eq!(p("prep forage b 1"), Action::Spend(PrepUse::Forage { figure: 1, die: 0 }));
        assert_eq!(p("prep nudge b 11.5,12"), Action::Spend(PrepUse::Nudge { figure: 1, to: Pos::new(11.5, 12.0) }));
        assert_eq!(p("prep mend b"), Action::Spend(PrepUse::Mend { figure: 1 }));
        assert_eq!(p("prep reach b"), Action::Spend(PrepUse::Reach { figure: 1 }));
        assert_eq!(p("end"), Action::End);
        assert_eq!(p("resolve"), Action::Resolve);
    }

    #[test]
    fn bad_text_gets_a_clear_error() {
        let g = game();
        let e = |t: &str| parse_action(&g, t).unwrap_err().to_string();
        assert!(e("move").contains("move where?"), "{}", e("move"));
        assert!(e("move 12").contains("not a position"), "{}", e("move 12"));
        assert!(e("move 12,x").contains("not a number"), "{}", e("move 12,x"));
        assert!(e("activate z").contains("P1's figures are a–"), "{}", e("activate z"));
        assert!(e("attack C 2d7").contains("no d7"), "{}", e("attack C 2d7"));
        assert!(e("attack C").contains("which dice"), "{}", e("attack C"));
        assert!(e("terrain 9 at 1,1").contains("pieces are 1–5"), "{}", e("terrain 9 at 1,1"));
        assert!(e("t2 1,1 400").contains("0–359"), "{}", e("t2 1,1 400"));
        assert!(e("forage 0 b").contains("count from 1"), "{}", e("forage 0 b"));
        assert!(e("pass now").contains("unexpected 'now'"), "{}", e("pass now"));
        assert!(e("spend").contains("prep raise N"), "{}", e("spend"));
        assert!(e("fly 3").contains("does not start a decision"), "{}", e("fly 3"));
        assert!(e("").contains("type a decision"));
        assert!(e("move nan,1").contains("not a number"));
        assert!(e("move inf,1").contains("not a number"));
    }

    #[test]
    fn positions_have_at_most_two_decimals() {
        assert_eq!(format_pos(Pos::new(12.0, 20.5)), "(12,20.5)");
        assert_eq!(format_pos(Pos::new(0.799_999, 39.254)), "(0.8,39.25)");
        assert_eq!(format_pos(Pos::new(-0.001, 3.10)), "(0,3.1)");
        assert_eq!(format_dice(&[2, 1, 0, 0, 1]), "2d4+1d6+1d12");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn parsing_never_panics(text in "\\PC{0,60}") {
            let _ = parse_action(&game(), &text);
        }

        #[test]
        fn parsing_notation_like_text_never_panics(
            text in "(move|attack|forage|terrain|t2|prep|spend|place|gate|first|forager|ability|activate|x|b|#)?[ a-fA-F0-9dD.,()+#°-]{0,30}( (raise|lower|nudge|at|to|turn|with) [-0-9.,]{0,12})?"
        ) {
            let g = game();
            if let Ok(a) = parse_action(&g, &text) {
                // Whatever parses formats, and the format parses again.
                let again = parse_action(&g, &format_action(&g, &a));
                prop_assert!(again.is_ok(), "{} → {}", text, format_action(&g, &a));
            }
        }
    }
}
