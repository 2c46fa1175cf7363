//! Inputs that once crashed, hung or exhausted a fuzz target, kept as
//! regression tests: every file in `fuzz/regressions/<target>/` is run
//! through its target (copy a crash from `fuzz/artifacts/<target>/` there,
//! see it fail here, then fix it).

use arbiter_fuzz::{TARGETS, target};
use std::path::Path;

#[test]
fn every_input_that_once_failed_passes_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions");
    let Ok(dirs) = std::fs::read_dir(&root) else { return };
    let mut ran = 0;
    for dir in dirs.flatten() {
        let name = dir.file_name().to_string_lossy().into_owned();
        let Some(run) = target(&name) else {
            let names: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
            unreachable!("fuzz/regressions/{name} names no target; targets: {names:?}")
        };
        let mut files: Vec<_> = std::fs::read_dir(dir.path()).into_iter().flatten().flatten().collect();
        files.sort_by_key(|f| f.file_name());
        for file in files {
            let Ok(input) = std::fs::read(file.path()) else { continue };
            run(&input);
            ran += 1;
        }
    }
    eprintln!("{ran} regression inputs passed");
}
