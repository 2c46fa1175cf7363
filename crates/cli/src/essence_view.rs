//! Essence of the Arcane in the terminal: the board drawn as real die faces,
//! the prompts and the notation.

use crate::view::RichView;
use arbiter_core::{Game, Seat, ToMove};
use arbiter_essence::{Essence, Mote, Orientation, Phase, Square, State, squares};

/// Pip positions on a 3×3 die face, row-major from the top-left.
fn pips(m: Mote) -> [bool; 9] {
    const C: [usize; 4] = [0, 2, 6, 8];
    let mut p = [false; 9];
    let mut set = |i: &[usize]| i.iter().for_each(|&k| p[k] = true);
    match (m.power(), m.orientation()) {
        (1, _) => set(&[4]),
        (2, Some(Orientation::Falling)) => set(&[0, 8]),
        (2, _) => set(&[2, 6]),
        (3, Some(Orientation::Falling)) => set(&[0, 4, 8]),
        (3, _) => set(&[2, 4, 6]),
        (4, _) => set(&C),
        (5, _) => {
            set(&C);
            set(&[4]);
        }
        (6, Some(Orientation::Horizontal)) => set(&[0, 3, 6, 2, 5, 8]),
        (6, _) => set(&[0, 1, 2, 6, 7, 8]),
        _ => {}
    }
    p
}

fn paint(text: &str, seat: Seat, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let code = if seat.0 == 0 { "1;31" } else { "1;34" };
    format!("\x1b[{code}m{text}\x1b[0m")
}

fn seat_name(seat: Seat) -> &'static str {
    if seat.0 == 0 { "P1 (x)" } else { "P2 (o)" }
}

fn list(set: u32) -> String {
    squares(set).map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

impl RichView for Essence {
    fn render(&self, s: &State, color: bool) -> String {
        let side = s.side();
        let mut out = String::new();
        let files: String = (0..side).map(|f| format!("    {}   ", (b'a' + f) as char)).collect();
        let rule = format!("  +{}\n", "-------+".repeat(usize::from(side)));
        out.push_str(&format!(" {files}\n"));
        out.push_str(&rule);
        for rank in (0..side).rev() {
            for line in 0..3 {
                out.push_str(&if line == 1 { format!("{} |", rank + 1) } else { "  |".to_string() });
                for file in 0..side {
                    let sq = Square::at(file, rank);
                    let cell = match s.mote(sq) {
                        Some(m) => {
                            let p = pips(m);
                            let ch = if m.owner().0 == 0 { "x" } else { "o" };
                            let row: Vec<String> = (0..3)
                                .map(|c| if p[line * 3 + c] { paint(ch, m.owner(), color) } else { " ".into() })
                                .collect();
                            format!(" {} {} {} ", row[0], row[1], row[2])
                        }
                        None if sq == s.void() => {
                            if line == 1 {
                                " ~ * ~ ".into()
                            } else {
                                " ~~~~~ ".into()
                            }
                        }
                        None => "       ".into(),
                    };
                    out.push_str(&cell);
                    out.push('|');
                }
                out.push('\n');
            }
            out.push_str(&rule);
        }
        out.push_str(&format!(
            "  x = P1 ({} motes, pool {})   o = P2 ({} motes, pool {})   turn {}\n",
            s.count(Seat(0)),
            s.pool(Seat(0)),
            s.count(Seat(1)),
            s.pool(Seat(1)),
            s.turn()
        ));
        out
    }

    fn prompt(&self, s: &State) -> String {
        let me = s.active();
        match self.to_move(s) {
            ToMove::Over => match self.outcome(s) {
                Some(o) => format!("Game over: {}", o.reason),
                None => "Game over".into(),
            },
            ToMove::Chance => "Dice".into(),
            ToMove::Together(set) => format!("{set} choose in secret"),
            ToMove::Seat(seat) if s.pending_own_spins() != 0 => format!(
                "{}: you may spin the motes on {} (e.g. @{} turns it a quarter; @- leaves them)",
                seat_name(seat),
                list(s.pending_own_spins()),
                squares(s.pending_own_spins()).next().map(|q| q.to_string()).unwrap_or_default()
            ),
            ToMove::Seat(seat) => match s.phase() {
                Phase::Growth => {
                    format!("{}: Growth — choose a mote to grow (e.g. G{})", seat_name(seat), first(s, me))
                }
                Phase::First => format!("{}: action 1 of 2", seat_name(seat)),
                Phase::Second(k) => format!("{}: action 2 of 2 (not {} again)", seat_name(seat), k.name()),
                Phase::End => format!(
                    "{}: {}'s turn touched your motes on {}; spin them (@square) or leave them (@-)",
                    seat_name(seat),
                    seat_name(me),
                    list(s.pending_opponent_spins())
                ),
            },
        }
    }
}

fn first(s: &State, me: Seat) -> String {
    squares(s.motes_of(me)).next().map(|q| q.to_string()).unwrap_or_default()
}
