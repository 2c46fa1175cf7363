//! Helpers shared by the P2V integration tests: reading the shared reference
//! material (the rulebook and the public cards), which tests may read and the
//! product never does.

#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use std::path::Path;

pub mod scene;

/// A file of the shared reference material (`../shared` beside the repository),
/// which tests may read and the product never does. It is looked for beside this
/// checkout, then at `$ARBITER_SHARED`, then at `/work/shared`; where none has it, the
/// test that needs it says so and is skipped.
pub fn shared(rel: &str) -> Option<String> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    let places = [Some(here), std::env::var_os("ARBITER_SHARED").map(Into::into), Some("/work/shared".into())];
    let found = places.into_iter().flatten().map(|d: std::path::PathBuf| d.join(rel)).find(|p| p.is_file());
    match found {
        Some(p) => Some(std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))),
        None => {
            eprintln!("skipped: the shared reference file {rel} is not available");
            None
        }
    }
}
