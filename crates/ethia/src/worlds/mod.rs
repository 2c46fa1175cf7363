//! E'thia Worlds: the solo and co-operative expansion. Leaders with cards
//! (type, element, hit points, truth tokens, items) adventure through a quest
//! map against automated enemies: each round is a leader round, the
//! alerted/hostile phase and the enemy round. Quests are data (`quest`), and
//! the Kingdom of Coyote ships with the game. Rulings are in
//! `docs/rulings/ethia.md` (W1–W15).

pub mod action;
pub mod card;
mod dice;
mod enemies;
mod event;
mod heuristic;
mod leader;
mod numbering;
pub mod quest;
pub mod reach;
mod rules;
mod state;
mod strike;
mod tensor;
mod validate;

pub use action::{ChestPick, Item, WorldsAction, WorldsNotationError};
pub use event::WorldsEvent;
pub use numbering::TOKEN_BOUND_LIMIT;
pub use rules::{EthiaWorlds, WorldsVariant};
pub use state::{Enemy, Frame, Leader, Phase, Status, Strike, StrikeStep, Task, WorldsEnding, WorldsState};
pub use tensor::{LEADER_FACTS, PLANES, TABLE_FACTS};
