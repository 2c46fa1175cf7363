//! `arbiter lab` end to end: a run killed part way (SIGKILL) and run again
//! stores exactly the games of an uninterrupted run; bad experiment files
//! exit with code 2 and write nothing; a report is written.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_lab::Plan;
use arbiter_lab::store::Store;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-cli-lab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().unwrap()
}

const EXPERIMENT: &str = r#"
game = "essence"
seed = 11
games = 200
variants = ["standard", "loop"]
matchups = [["greedy", "greedy"]]
"#;

#[test]
fn a_killed_run_resumes_to_the_same_results_as_an_uninterrupted_one() {
    let d = dir("kill");
    let file = d.join("kill.toml");
    std::fs::write(&file, EXPERIMENT).unwrap();
    let (killed, whole) = (d.join("killed.sqlite"), d.join("whole.sqlite"));
    let plan = Plan::load(&file).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["lab", "run", file.to_str().unwrap(), "--threads", "2", "--results", killed.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once some games are stored.
    let started = Instant::now();
    let stored = loop {
        let n = if killed.exists() { Store::open(&killed).and_then(|s| s.count(&plan.hash)).unwrap_or(0) } else { 0 };
        if n >= 20 || started.elapsed() > Duration::from_secs(60) {
            break n;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    let after_kill = Store::open(&killed).unwrap().count(&plan.hash).unwrap();
    assert!(stored >= 20 && after_kill < 400, "killed after {after_kill} of 400 games");
    let resumed =
        arbiter(&["lab", "run", file.to_str().unwrap(), "--threads", "1", "--results", killed.to_str().unwrap()]);
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    let out = String::from_utf8_lossy(&resumed.stdout).to_string();
    assert!(out.contains(&format!("{} games played now", 400 - after_kill)), "{out}");
    let uninterrupted = arbiter(&["lab", "run", file.to_str().unwrap(), "--results", whole.to_str().unwrap()]);
    assert!(uninterrupted.status.success());
    let a = Store::open(&killed).unwrap().dump(&plan.hash).unwrap();
    let b = Store::open(&whole).unwrap().dump(&plan.hash).unwrap();
    assert_eq!(a.len(), 400);
    assert_eq!(a, b);
    // The report is written beside the experiment file.
    let report = arbiter(&["lab", "report", file.to_str().unwrap(), "--results", whole.to_str().unwrap()]);
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));
    let html = std::fs::read_to_string(d.join("kill.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("400 games"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_experiments_exit_with_code_2_and_write_nothing() {
    let d = dir("bad");
    std::fs::create_dir_all(&d).unwrap();
    for (text, says) in [
        ("game = \"essence\"\ngames = 5\nmatchups = [[\"random\", \"oracle\"]]\n", "line 3: bot 'oracle'"),
        ("game = \"tic-tac-toe\"\ngames = 5\n", "line 1: unknown game"),
        (
            "game = \"essence\"\ngames = 5\nvariants = [\"loop\", \"spiral\"]\n",
            "line 3: Essence of the Arcane cannot play variant 'spiral'",
        ),
    ] {
        let file = d.join("bad.toml");
        std::fs::write(&file, text).unwrap();
        let o = arbiter(&["lab", "run", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{err}");
        let files: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(files, vec![std::ffi::OsString::from("bad.toml")]);
    }
    let _ = std::fs::remove_dir_all(&d);
}
