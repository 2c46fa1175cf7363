//! The resolution core: what every game with rules inside rules shares.
//!
//! - [`pending`]: a stack of half-finished work in the state — frames that
//!   run at once or wait for a seat's decision or for dice — and the engine
//!   that runs it ([`drive`], [`owed`]).
//! - [`window`]: reaction windows, opened only when some seat can respond,
//!   asked seat by seat, before (replace or prevent) or after an event.
//! - [`effect`]: effects with a holder, a source, a value and an expiry
//!   anchored to turns, rounds, uses or other effects; expiry is handled here.
//! - [`modifier`]: numbers changed by several sources, folded under data
//!   stacking rules, with a breakdown that says why.
//!
//! Games bring the vocabulary (their frames, triggers, effect kinds and
//! modifier sources); the mechanisms are the same for every game.

pub mod effect;
pub mod modifier;
pub mod pending;
pub mod window;

pub use effect::{Anchor, Effect, Effects, Expiry};
pub use modifier::{Breakdown, Modifier, Part, Stacking, total};
pub use pending::{Pending, Resolve, Wait, drive, owed};
pub use window::{Timing, Window};
