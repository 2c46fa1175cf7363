//! `arbiter lab run FILE` and `arbiter lab report FILE`: the balance
//! laboratory's front end (the work is the `arbiter-lab` crate's). A run
//! shows a progress bar with the time left; a report is written beside the
//! experiment file unless `--out` says where. `arbiter lab run FILE --ray
//! ADDRESS` hands the run to the Python package's Ray driver
//! (`python3 -m arbiter.lab`), after checking the file and the Python here.

use crate::Failure;
use crate::sim::ViewLabels;
use arbiter_lab::{LabError, Plan, Progress, RunOptions};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

impl From<LabError> for Failure {
    fn from(e: LabError) -> Failure {
        match e {
            LabError::Input(m) => Failure::Input(m),
            LabError::Run(m) => Failure::Run(m),
        }
    }
}

/// An indicatif progress bar.
struct Bar(ProgressBar);

impl Progress for Bar {
    fn plan(&self, done: u64, total: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        self.0.reset_eta();
    }
    fn game(&self) {
        self.0.inc(1);
    }
    fn note(&self, line: String) {
        self.0.println(line);
    }
}

/// Loads the experiment, with `results` in place of its results file.
fn load(file: &Path, results: Option<PathBuf>) -> Result<Plan, Failure> {
    let mut plan = Plan::load(file)?;
    if let Some(r) = results {
        plan.results = r;
    }
    Ok(plan)
}

/// Runs `arbiter lab run`.
pub fn run(file: &Path, threads: usize, results: Option<PathBuf>) -> Result<(), Failure> {
    let plan = load(file, results)?;
    let bar = ProgressBar::new(plan.max_games() * plan.cells.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, about {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let summary =
        arbiter_lab::run(&plan, &ViewLabels, &RunOptions { threads, limit: None, stop: None }, &Bar(bar.clone()))?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{}: {} games played now ({:.1} games/s), {} stored in {}",
        plan.name,
        summary.played,
        if secs > 0.0 { summary.played as f64 / secs } else { 0.0 },
        summary.stored,
        plan.results.display()
    );
    println!("report: arbiter lab report {}", file.display());
    if summary.failed > 0 {
        return Err(Failure::Run(format!(
            "{} games failed; they are stored with their error and counted nowhere",
            summary.failed
        )));
    }
    Ok(())
}

/// Runs `arbiter lab report`.
pub fn report(file: &Path, out: Option<PathBuf>, results: Option<PathBuf>) -> Result<(), Failure> {
    let plan = load(file, results)?;
    let out = out.unwrap_or_else(|| file.with_extension("html"));
    let command = format!("arbiter lab run {0} && arbiter lab report {0}", file.display());
    let html = arbiter_lab::report::html(&plan, &command)?;
    std::fs::write(&out, html).map_err(|e| Failure::Run(format!("cannot write {}: {e}", out.display())))?;
    println!("{}", out.display());
    Ok(())
}

/// The Python that runs the Ray driver: `ARBITER_PYTHON`, else `python3`.
fn python() -> String {
    std::env::var("ARBITER_PYTHON").ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "python3".into())
}

/// What to do when Python or its packages are missing.
const INSTALL: &str = "install the arbiter wheel and Ray into that Python: `scripts/python-test` builds the wheel \
into target/wheels, then `pip install target/wheels/arbiter-*.whl ray==2.60.0` (or build it as docs/python.md \
says); ARBITER_PYTHON names another Python (a virtual environment's bin/python)";

/// Checks that `python` can import the laboratory's driver and Ray.
fn check_python(python: &str) -> Result<(), Failure> {
    let probe = "import importlib, sys\n\
                 for m in ('arbiter.lab', 'ray'):\n\
                 \x20   try:\n\
                 \x20       importlib.import_module(m)\n\
                 \x20   except Exception as e:\n\
                 \x20       print(f'{m}: {type(e).__name__}: {e}'); sys.exit(3)\n";
    let out = std::process::Command::new(python).args(["-c", probe]).output().map_err(|e| {
        Failure::Input(format!(
            "--ray runs the Ray driver in Python, but '{python}' cannot be started ({e}); {INSTALL}"
        ))
    })?;
    if out.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&out.stdout);
    let said = said.lines().chain(String::from_utf8_lossy(&out.stderr).lines()).last().unwrap_or("").to_string();
    Err(Failure::Input(format!(
        "--ray runs the Ray driver in Python, but '{python}' cannot import it ({}); {INSTALL}",
        said.trim().chars().take(200).collect::<String>()
    )))
}

/// Runs `arbiter lab run FILE --ray ADDRESS`: checks the experiment here
/// (a bad file is refused with its line before Python starts), then hands
/// the run to `python3 -m arbiter.lab FILE --ray ADDRESS`, the Ray driver,
/// and exits with its exit code.
pub fn run_ray(file: &Path, address: &str, batch: usize, results: Option<PathBuf>) -> Result<(), Failure> {
    load(file, results.clone())?;
    if batch == 0 {
        return Err(Failure::Input("--batch must be at least 1".into()));
    }
    let python = python();
    check_python(&python)?;
    let mut command = std::process::Command::new(&python);
    command.args(["-m", "arbiter.lab"]).arg(file).args(["--ray", address, "--batch", &batch.to_string()]);
    if let Some(r) = &results {
        command.arg("--results").arg(r);
    }
    let status = command.status().map_err(|e| Failure::Run(format!("cannot start '{python}': {e}")))?;
    match status.code() {
        Some(0) => {
            let also = results.map(|r| format!(" --results {}", r.display())).unwrap_or_default();
            println!("report: arbiter lab report {}{also}", file.display());
            Ok(())
        }
        Some(code) => std::process::exit(code),
        None => Err(Failure::Run(format!("the Ray driver ({python} -m arbiter.lab) was killed by a signal"))),
    }
}
