//! Essence of the Arcane's entry in the registration table: its variant
//! switches with their help, seats, bots and notation.

use crate::action::Action;
use crate::board::{MAX_SIDE, Square};
use crate::rules::Essence;
use crate::state::{Phase, State};
use crate::variant::Variant;
use arbiter_core::{About, BotChoice, Entry, GameOption, OptionKind};

/// The planes of Essence's observation tensor, each 5 × 5 (rank-major, a1
/// first): P1's motes of power 1 to 6 (planes 0–5) and P1's turned motes (6);
/// the same for P2 (7–13); the void (14); the squares of the board (15, all
/// of a 5 × 5 board); P1 to move (16, all ones or all zeros); the phase of
/// the turn, one-hot — growth, first action, second action, spinning (17–20).
pub const TENSOR_PLANES: usize = 21;

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

    /// Every action of the board numbered once for all (`numbering.rs`).
    fn num_distinct_actions(&self) -> Option<usize> {
        Some(self.action_count())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.action_number(action)
    }

    /// Planes over the 5 × 5 board (see [`TENSOR_PLANES`]).
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        Some(vec![TENSOR_PLANES, MAX_SIDE, MAX_SIDE])
    }

    fn observation_tensor(&self, s: &State) -> Option<Vec<f32>> {
        let area = MAX_SIDE * MAX_SIDE;
        let mut t = vec![0.0; TENSOR_PLANES * area];
        let mut set = |plane: usize, cell: usize| {
            if let Some(v) = t.get_mut(plane * area + cell) {
                *v = 1.0;
            }
        };
        let side = usize::from(s.side);
        for rank in 0..side {
            for file in 0..side {
                let sq = Square::at(file as u8, rank as u8);
                let cell = rank * MAX_SIDE + file;
                set(15, cell);
                if sq == s.void {
                    set(14, cell);
                }
                if let Some(m) = s.mote(sq) {
                    let base = 7 * m.owner().index().min(1);
                    set(base + usize::from(m.power().clamp(1, 6)) - 1, cell);
                    if m.turned() {
                        set(base + 6, cell);
                    }
                }
                if s.active.index() == 0 {
                    set(16, cell);
                }
                let phase = match s.phase {
                    Phase::Growth => 17,
                    Phase::First => 18,
                    Phase::Second(_) => 19,
                    Phase::End => 20,
                };
                set(phase, cell);
            }
        }
        Some(t)
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
