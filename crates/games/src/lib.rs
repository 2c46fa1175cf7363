//! The registration table: every game Arbiter plays, one line each.
//!
//! A game crate implements [`arbiter_core::Entry`] (names, options with their
//! help, seats, bots, notation, words); this table lists the games, and every
//! front end reads it — the command line dispatches `arbiter play NAME` with
//! [`find`], the server builds its registry with [`each`], and the lobby and
//! the replay viewer read what the server tells them from it. Adding a game
//! is its crate, one line below, and one line in this crate's `Cargo.toml`.
//!
//! Front ends that need the game's type (to run generic code over it) pass a
//! [`Visitor`]; the table calls it with each game's type.

use arbiter_core::{About, Entry};

/// Something done with a game's type: the table calls [`Visitor::visit`]
/// with the type of the game asked for.
pub trait Visitor {
    /// What a visit gives.
    type Output;
    /// Does the work for game `G`.
    fn visit<G: Entry>(&mut self) -> Self::Output;
}

/// A game of the table, without its type.
#[derive(Clone, Copy, Debug)]
pub struct Listing {
    /// The game's id (`essence`).
    pub id: &'static str,
    /// Its name for people.
    pub name: &'static str,
    /// Options, seats, bots.
    pub about: About,
}

struct List;

impl Visitor for List {
    type Output = Listing;
    fn visit<G: Entry>(&mut self) -> Listing {
        Listing { id: G::ID, name: G::NAME, about: G::about() }
    }
}

/// Whether `name` (lower case) names `G`: its id or an alias.
fn names<G: Entry>(name: &str) -> bool {
    G::ID == name || G::about().aliases.contains(&name)
}

/// Declares the table: `each`, `find`, in this order.
macro_rules! table {
    ($($G:ty),* $(,)?) => {
        /// Visits every game, in the table's order (the lobby's).
        pub fn each<V: Visitor>(visitor: &mut V) -> Vec<V::Output> {
            vec![$(visitor.visit::<$G>()),*]
        }

        /// Visits the game named `name` (its id or an alias, in any case);
        /// `None` if no game has that name.
        pub fn find<V: Visitor>(name: &str, visitor: &mut V) -> Option<V::Output> {
            let name = name.trim().to_ascii_lowercase();
            $(if names::<$G>(&name) {
                return Some(visitor.visit::<$G>());
            })*
            None
        }
    };
}

table! {
    arbiter_essence::Essence,
    arbiter_ethia::Ethia,
    arbiter_ethia::worlds::EthiaWorlds,
    arbiter_ephemeral::Ephemeral,
    arbiter_goofspiel::Goofspiel,
    arbiter_kuhn::KuhnPoker,
    arbiter_p2v::P2v,
}

/// Every game's id, name and metadata, in the table's order.
pub fn list() -> Vec<Listing> {
    each(&mut List)
}

/// Every game's id, for messages ("this build plays: …").
pub fn ids() -> Vec<&'static str> {
    list().into_iter().map(|l| l.id).collect()
}

/// The listing of the game named `name` (id or alias).
pub fn listing(name: &str) -> Option<Listing> {
    find(name, &mut List)
}

/// Seats `G` is played with by default; a helper for generic front ends.
pub fn default_seats<G: Entry>() -> usize {
    let about = G::about();
    if about.seats.contains(&about.default_seats) {
        about.default_seats
    } else {
        about.seats.first().copied().unwrap_or(2)
    }
}
