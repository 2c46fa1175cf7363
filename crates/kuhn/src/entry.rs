//! Kuhn poker's entry in the registration table: bots, notation and the
//! terminal picture (no options: the game has one form).

use crate::action::Action;
use crate::observation::Observation;
use crate::rules::KuhnPoker;
use crate::state::State;
use arbiter_core::{About, BotChoice, Entry, Game, ToMove};
use std::fmt::Write as _;

const BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Strong (IS-MCTS, 2,000 iterations)", spec: "mcts:iters=2000" },
];

impl Entry for KuhnPoker {
    fn about() -> About {
        About {
            aliases: &["kuhn-poker"],
            blurb: "The smallest poker: three cards, an ante of 1, one bet. Your card is yours alone.",
            seats: &[2],
            default_seats: 2,
            options: &[],
            bots: BOTS,
            default_bot: "mcts:iters=2000",
        }
    }

    fn parse_variant(text: &str) -> Result<(), String> {
        match text.trim() {
            "" | "standard" => Ok(()),
            other => {
                Err(format!("Kuhn poker has no variants ('{}' is not one)", other.chars().take(30).collect::<String>()))
            }
        }
    }

    fn variant_label(_variant: &()) -> String {
        "standard".into()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, String> {
        text.parse()
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    /// Pass is 0 and bet is 1, as in OpenSpiel.
    fn num_distinct_actions(&self) -> Option<usize> {
        Some(2)
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        Some(match action {
            Action::Pass => 0,
            Action::Bet => 1,
        })
    }

    /// OpenSpiel's observation tensor: the seat (2), its own card (Jack,
    /// Queen, King: 3) and each seat's chips in the pot (2).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(vec![7])
    }

    fn observation_tensor(&self, o: &crate::observation::Observation) -> Option<Vec<f32>> {
        let seat = o.seat?.index();
        let mut t = vec![0.0; 7];
        *t.get_mut(seat)? = 1.0;
        if let Some(card) = o.cards.get(seat).copied().flatten() {
            let i = crate::card::Card::ALL.iter().position(|c| *c == card)?;
            t[2 + i] = 1.0;
        }
        t[5] = f32::from(o.stakes[0]);
        t[6] = f32::from(o.stakes[1]);
        Some(t)
    }

    fn notation_help(&self) -> &'static str {
        "pass   check, or fold when facing a bet (also: check, fold, p)
bet    bet 1, or call a bet (also: call, b)"
    }

    fn picture(&self, o: &Observation) -> String {
        let mut out = String::new();
        for i in 0..2 {
            let card = match (o.cards[i], o.dealt[i]) {
                (Some(c), _) => c.letter().to_string(),
                (None, true) => "▒ (face down)".into(),
                (None, false) => "—".into(),
            };
            let you = if o.seat.is_some_and(|s| s.index() == i) { " (you)" } else { "" };
            let _ = writeln!(out, "  P{}{you}: card {card} · {} in the pot", i + 1, o.stakes[i]);
        }
        let betting: Vec<String> = o.history.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(out, "  betting: {}", if betting.is_empty() { "—".into() } else { betting.join(", ") });
        out
    }

    fn prompt(&self, state: &State) -> String {
        match self.to_move(state) {
            ToMove::Seat(s) if state.history.last() == Some(&Action::Bet) => {
                format!("{s}: call (bet) or fold (pass)?")
            }
            ToMove::Seat(s) => format!("{s}: check (pass) or bet?"),
            ToMove::Chance => "The cards are dealt".into(),
            _ => match self.outcome(state) {
                Some(o) => format!("Hand over: {}", o.reason),
                None => "Hand over".into(),
            },
        }
    }

    fn export_typescript(dir: &std::path::Path) -> Result<(), String> {
        arbiter_core::export_type::<Observation>(dir)?;
        arbiter_core::export_type::<Action>(dir)?;
        arbiter_core::export_type::<crate::Event>(dir)
    }
}
