//! Essence of the Arcane's entry in the registration table: its variant
//! switches with their help, seats, bots and notation.

use crate::action::Action;
use crate::rules::Essence;
use crate::state::State;
use crate::variant::Variant;
use arbiter_core::{About, BotChoice, Entry, GameOption, OptionKind};

const OPTIONS: &[GameOption] = &[
    GameOption {
        key: "fast",
        label: "Fast game (3×3 board)",
        help: "the faster game on the inner 3×3",
        kind: OptionKind::Flag,
    },
    GameOption {
        key: "loop",
        label: "Loop (the edges wrap round)",
        help: "motes may move off one edge and re-enter from the opposite one",
        kind: OptionKind::Flag,
    },
    GameOption {
        key: "determined",
        label: "Determined",
        help: "motes may move through the void, losing 1 power",
        kind: OptionKind::Flag,
    },
    GameOption { key: "summoning", label: "Summoning", help: "adds Summon the Void", kind: OptionKind::Flag },
    GameOption {
        key: "growth_on_first_turn",
        label: "Growth on the first turn",
        help: "for experiments: do not skip Growth on the game's first turn",
        kind: OptionKind::Flag,
    },
];

const BOTS: &[BotChoice] = &[
    BotChoice { label: "Beginner (random)", spec: "random" },
    BotChoice { label: "Easy (greedy)", spec: "greedy" },
    BotChoice { label: "Medium (MCTS, 0.3 s)", spec: "mcts:time=0.3" },
    BotChoice { label: "Hard (alpha-beta, 1 s)", spec: "alphabeta:time=1" },
    BotChoice { label: "Strongest (alpha-beta, 3 s)", spec: "alphabeta:time=3" },
];

impl Entry for Essence {
    fn about() -> About {
        About {
            aliases: &["essence-of-the-arcane"],
            blurb: "Dice are motes of power on a 5×5 board; the pips say where they move. Take every enemy mote.",
            seats: &[2],
            default_seats: 2,
            options: OPTIONS,
            bots: BOTS,
            default_bot: "alphabeta:time=1",
        }
    }

    fn parse_variant(text: &str) -> Result<Variant, String> {
        Variant::parse(text)
    }

    fn variant_label(variant: &Variant) -> String {
        variant.label()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, String> {
        text.parse::<Action>().map_err(|e| e.to_string())
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn export_typescript(dir: &std::path::Path) -> Result<(), String> {
        // The position and the actions travel in the game's notation (text).
        arbiter_core::export_type::<crate::Event>(dir)
    }

    fn notation_help(&self) -> &'static str {
        "Actions (squares a1..e5, rank 1 is P1's side):
  Gc2        Growth: grow the mote on c2 by 1
  c2-c4      Move the mote on c2 to c4 (c2-c5:s names the way round under Loop)
  Sc2-b3     Split: c2 loses 2, a new power-2 mote appears on b3
  Hc2-b3:2   Heal: c2 gives 2, b3 gains 3
  Vd4        Shift the void to d4 (a mote there is destroyed)
  Dc2:1      Destabilize: c2 and every adjacent mote lose 1
  Uc2        Summon the void onto your power-6 mote on c2 (Summoning variant)
  @c3,d4     Spin the motes on c3 and d4 a quarter turn; @- leaves them as they are
  pass       Only when no action is possible"
    }
}
