//! Goofspiel's entry in the registration table: its options, bots, notation
//! and the terminal picture.

use crate::action::Action;
use crate::observation::Observation;
use crate::rules::Goofspiel;
use crate::state::State;
use crate::variant::Variant;
use arbiter_core::{About, BotChoice, Choice, Entry, Game, GameOption, OptionKind};
use std::fmt::Write as _;

const OPTIONS: &[GameOption] = &[
    GameOption {
        key: "cards",
        label: "Cards",
        help: "cards in each hand and in the prize deck (13 in the standard game)",
        kind: OptionKind::Number { min: 1, max: 64, default: 13 },
    },
    GameOption {
        key: "order",
        label: "Prize order",
        help: "the order of the prize cards: shuffled, highest first or lowest first",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "random", label: "Shuffled (the standard game)" },
                Choice { value: "descending", label: "Highest first" },
                Choice { value: "ascending", label: "Lowest first" },
            ],
        },
    },
    GameOption {
        key: "returns",
        label: "Scoring",
        help: "what a player scores: a win or a loss, or the difference of prize points",
        kind: OptionKind::Choice {
            choices: &[
                Choice { value: "win-loss", label: "Win or loss" },
                Choice { value: "points", label: "Point difference" },
            ],
        },
    },
];

const BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Strong (IS-MCTS, 2,000 iterations)", spec: "mcts:iters=2000" },
];

impl Entry for Goofspiel {
    fn about() -> About {
        About {
            aliases: &["gops"],
            blurb: "Bid your cards in secret for prize cards; the higher bid takes the prize. Both bid at once.",
            seats: &[2],
            default_seats: 2,
            options: OPTIONS,
            bots: BOTS,
            default_bot: "mcts:iters=2000",
        }
    }

    fn parse_variant(text: &str) -> Result<Variant, String> {
        Variant::parse(text)
    }

    fn variant_label(variant: &Variant) -> String {
        variant.label()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, String> {
        text.parse()
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    /// A bid of card `c` is `c - 1`, as in OpenSpiel.
    fn num_distinct_actions(&self) -> Option<usize> {
        Some(usize::from(self.variant().cards))
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        usize::from(action.card()).checked_sub(1)
    }

    /// For `n` cards: the prize on the table (one-hot, `n`), the seat's own
    /// hand (`n`), the other seat's hand (`n`), the prizes still to come
    /// (`n`), then the seat's points and the other seat's (2).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(vec![4 * usize::from(self.variant().cards) + 2])
    }

    fn observation_tensor(&self, o: &crate::observation::Observation) -> Option<Vec<f32>> {
        let n = usize::from(self.variant().cards);
        let me = o.seat?.index();
        let other = 1 - me.min(1);
        let mut t = vec![0.0; 4 * n + 2];
        let mut mark = |block: usize, card: u8| {
            if let Some(v) = usize::from(card).checked_sub(1).filter(|&c| c < n).and_then(|c| t.get_mut(block * n + c))
            {
                *v = 1.0;
            }
        };
        if let Some(p) = o.prize {
            mark(0, p);
        }
        for &c in o.hands.get(me)? {
            mark(1, c);
        }
        for &c in o.hands.get(other)? {
            mark(2, c);
        }
        for &c in &o.prizes_left {
            mark(3, c);
        }
        t[4 * n] = *o.points.get(me)? as f32;
        t[4 * n + 1] = *o.points.get(other)? as f32;
        Some(t)
    }

    fn notation_help(&self) -> &'static str {
        "Bid a card of your hand by its number: 'bid 7' (or '7', 'b7').
Both players bid at once and in secret; the bids are shown together."
    }

    fn picture(&self, o: &Observation) -> String {
        let mut out = String::new();
        let cards = |c: &[u8]| c.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        let _ = writeln!(out, "  prize on the table: {}", o.prize.map_or("—".into(), |p| p.to_string()));
        let _ = writeln!(out, "  prizes still to come: {}", cards(&o.prizes_left));
        for i in 0..2 {
            let bid = match (o.bids[i], o.committed[i], o.prize) {
                (Some(b), _, _) => format!(" · bid {b} (face down)"),
                (None, true, _) => " · has bid (face down)".into(),
                (None, false, Some(_)) => " · to bid".into(),
                (None, false, None) => String::new(),
            };
            let you = if o.seat.is_some_and(|s| s.index() == i) { " (you)" } else { "" };
            let _ = writeln!(out, "  P{}{you}: {} points · hand {}{bid}", i + 1, o.points[i], cards(&o.hands[i]));
        }
        if let Some(r) = o.rounds.last() {
            let _ = writeln!(out, "  last round: prize {}, bids {} and {}", r.prize, r.bids[0], r.bids[1]);
        }
        out
    }

    fn export_typescript(dir: &std::path::Path) -> Result<(), String> {
        arbiter_core::export_type::<Observation>(dir)?;
        arbiter_core::export_type::<Action>(dir)?;
        arbiter_core::export_type::<crate::Event>(dir)?;
        arbiter_core::export_type::<crate::Variant>(dir)
    }

    fn prompt(&self, state: &State) -> String {
        match self.to_move(state) {
            arbiter_core::ToMove::Together(set) => match state.prize {
                Some(p) => format!("The prize is {p}: {set} bid in secret (type 'bid N')"),
                None => format!("{set} bid in secret"),
            },
            _ => match self.outcome(state) {
                Some(o) => format!("Game over: {}", o.reason),
                None => "A prize card is turned up".into(),
            },
        }
    }
}
