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

/// `arbiter lab run FILE --ray …` with `ARBITER_PYTHON` set to `python`.
fn arbiter_ray(python: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).env("ARBITER_PYTHON", python).output().unwrap()
}

/// A stand-in for Python: a shell script.
#[cfg(unix)]
fn fake_python(d: &std::path::Path, script: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = d.join("python");
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn ray_without_a_usable_python_is_a_clear_error_with_code_2() {
    let d = dir("ray-missing");
    let file = d.join("e.toml");
    std::fs::write(&file, "game = \"kuhn\"\ngames = 4\n").unwrap();
    let f = file.to_str().unwrap();
    // No Python at all.
    let o = arbiter_ray(&d.join("no-such-python"), &["lab", "run", f, "--ray", "auto"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot be started") && err.contains("pip install target/wheels/arbiter-"), "{err}");
    // A Python without the package: what it said is passed on, with how to install it.
    let python = fake_python(&d, "echo \"arbiter.lab: ModuleNotFoundError: No module named 'arbiter'\"; exit 3");
    let o = arbiter_ray(&python, &["lab", "run", f, "--ray", "auto"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("No module named 'arbiter'") && err.contains("scripts/python-test"), "{err}");
    // A bad experiment file is refused with its line before Python is asked.
    std::fs::write(&file, "game = \"kuhn\"\ngames = 4\nmatchups = [[\"oracle\"]]\n").unwrap();
    let o = arbiter_ray(&d.join("no-such-python"), &["lab", "run", f, "--ray", "auto"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 3: bot 'oracle'"));
    let files: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!files.iter().any(|n| n.to_string_lossy().contains("sqlite")), "{files:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[cfg(unix)]
#[test]
fn ray_hands_the_run_to_the_python_driver_and_forwards_its_exit_code() {
    let d = dir("ray-forward");
    let file = d.join("e.toml");
    std::fs::write(&file, "game = \"kuhn\"\ngames = 4\n").unwrap();
    let args = d.join("args");
    // The import check (-c) passes; the driver (-m) notes its arguments and fails with 7.
    let python = fake_python(&d, &format!("[ \"$1\" = -c ] && exit 0\necho \"$@\" > {}\nexit 7", args.display()));
    let results = d.join("r.sqlite");
    let o = arbiter_ray(
        &python,
        &[
            "lab",
            "run",
            file.to_str().unwrap(),
            "--ray",
            "ray://head:10001",
            "--batch",
            "5",
            "--results",
            results.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(7), "{}", String::from_utf8_lossy(&o.stderr));
    let said = std::fs::read_to_string(&args).unwrap();
    assert_eq!(
        said.trim(),
        format!("-m arbiter.lab {} --ray ray://head:10001 --batch 5 --results {}", file.display(), results.display())
    );
    // --batch without --ray is refused by the argument parser.
    let o = arbiter(&["lab", "run", file.to_str().unwrap(), "--batch", "5"]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&d);
}
