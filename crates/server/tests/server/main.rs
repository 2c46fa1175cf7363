//! The server's integration tests, in one test binary (one link instead of
//! one per file): each module is one area, and `common` holds what they
//! share, including [`on_every_backend!`], which runs a test on SQLite and
//! on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::panic)]

#[macro_use]
mod common;
#[path = "../../examples/load/driver.rs"]
mod driver;

mod api;
mod bots;
mod build_api;
mod companion;
mod durability;
mod fairness;
mod hidden;
mod limits;
mod load;
mod names;
mod operating;
mod p2v_table;
mod realdice;
mod secrets;
mod servers;
mod store;
mod warband_api;
mod ws;
