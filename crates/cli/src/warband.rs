//! `arbiter build --game p2v`: checks a Path 2 Victory warband against the
//! warband-building rules, prints it with its totals, and writes printable
//! warband sheets.
//!
//! The warband is a file (TOML or JSON) or the name of a warband shipped with
//! Arbiter (`arbiter build --game p2v kobold-ambush`). Its creatures come
//! from the starter bestiary, joined by the cards of `--bestiary` (Arbiter's
//! TOML format) and `--import` (the public card JSON format). Exit codes as
//! for Ephemeral figure sets: 0 legal, 1 illegal (every violation listed,
//! with its rule code and rulebook section), 2 a file that cannot be read or
//! parsed (with the reason and the line).

use crate::Failure;
use arbiter_p2v::warband::{Entry, WarbandFile, shipped_warband, shipped_warbands};
use arbiter_p2v::{Bestiary, Format, Warband, import, read_text, sheet};
use std::path::Path;

/// Runs `arbiter build --game p2v`.
pub fn run(file: &str, sheet: Option<&Path>, bestiary: Option<&Path>, cards: Option<&Path>) -> Result<(), Failure> {
    let bestiary = load_bestiary(bestiary, cards)?;
    let (label, text, format) = source(file)?;
    let band = WarbandFile::parse(&text, format).map_err(|e| Failure::Input(format!("{label}: {e}")))?;
    let mode = band.play_mode();
    let warband = band.validate(&bestiary).map_err(|violations| {
        let lines: Vec<String> = violations.iter().map(|v| format!("  {v}  [{}; {}]", v.code(), v.section())).collect();
        Failure::Run(format!(
            "{label} is not a legal warband for {mode} ({} problem{}):\n{}",
            violations.len(),
            if violations.len() == 1 { "" } else { "s" },
            lines.join("\n")
        ))
    })?;
    print_summary(&warband);
    if let Some(out) = sheet {
        std::fs::write(out, sheet::render_html(&warband))
            .map_err(|e| Failure::Run(format!("cannot write {}: {e}", out.display())))?;
        println!("warband sheet written to {} (open it in a browser and print)", out.display());
    }
    Ok(())
}

/// The starter bestiary, joined by the cards of the files given.
fn load_bestiary(toml: Option<&Path>, json: Option<&Path>) -> Result<Bestiary, Failure> {
    let mut bestiary = Bestiary::starter().map_err(|e| Failure::Run(format!("the starter bestiary: {e}")))?;
    if let Some(path) = toml {
        let text = read_text(path).map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
        let extra = Bestiary::from_toml(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
        bestiary.extend(extra);
    }
    if let Some(path) = json {
        let text = read_text(path).map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
        let imported = import::from_json(&text).map_err(|e| match e {
            import::ImportError::Cards(problems) => {
                let lines: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
                Failure::Input(format!(
                    "{}: {} card{} could not be imported:\n{}",
                    path.display(),
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" },
                    lines.join("\n")
                ))
            }
            other => Failure::Input(format!("{}: {other}", path.display())),
        })?;
        for w in &imported.warnings {
            eprintln!("warning: {}: {w}", path.display());
        }
        let n = imported.cards.len();
        let extra = imported.into_bestiary().map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
        bestiary.extend(extra);
        eprintln!("imported {n} card{} from {}", if n == 1 { "" } else { "s" }, path.display());
    }
    Ok(bestiary)
}

/// The warband's text: from the file if it exists, else a shipped warband by name.
fn source(name: &str) -> Result<(String, String, Format), Failure> {
    let path = Path::new(name);
    if path.exists() {
        let text = read_text(path).map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
        let format = Format::detect(Some(path), &text);
        return Ok((path.display().to_string(), text, format));
    }
    if let Some(text) = shipped_warband(name) {
        return Ok((format!("{} (shipped)", name.trim()), text.to_string(), Format::Toml));
    }
    let names: Vec<&str> = shipped_warbands().into_iter().map(|(stem, _)| stem).collect();
    Err(Failure::Input(format!(
        "cannot read {name}: no such file, and no shipped warband by that name (shipped: {})",
        names.join(", ")
    )))
}

/// What an entry's copies take, in words (`Sling, Healing Potion (minor), 1 hero point`).
fn extras(e: &Entry) -> String {
    let mut parts: Vec<String> = e.upgrades().iter().map(|u| u.name().to_string()).collect();
    parts.extend(e.items().iter().map(|i| i.label()));
    if e.hero_points() > 0 {
        parts.push(format!("{} hero point{}", e.hero_points(), if e.hero_points() == 1 { "" } else { "s" }));
    }
    parts.join(", ")
}

fn print_summary(w: &Warband) {
    let mut head = format!("{} — Path 2 Victory v1.3 — {}", w.name(), w.mode());
    if let Some(a) = w.alignment() {
        head.push_str(&format!(" — {a}"));
    }
    head.push_str(&format!(" — {} creature{}", w.creatures(), if w.creatures() == 1 { "" } else { "s" }));
    if let Some(a) = w.author() {
        head.push_str(&format!(" — by {a}"));
    }
    println!("{head}");
    let width = w.entries().iter().map(|e| e.label().chars().count()).max().unwrap_or(0);
    for e in w.entries() {
        let c = e.card();
        let what =
            format!("{:>2} × {:<width$}  level {:>2}  {:<15}", e.count(), e.label(), c.level(), c.alignment().name());
        match e.free_with() {
            Some(cmd) => println!("  {what}  free (starts with {cmd})"),
            None => {
                let more = extras(e);
                let more = if more.is_empty() { String::new() } else { format!("  + {more}") };
                println!("  {what}  {:>3} pts each  {:>4} pts{more}", e.unit_cost(), e.total());
            }
        }
    }
    match w.limit() {
        Some(l) => println!("{}/{l} points", w.total()),
        None => println!("{} points (no limit)", w.total()),
    }
    // What `arbiter play p2v` runs of each entry today (issue 19).
    println!("In play, the features and items the game runs:");
    for e in w.entries() {
        let (run, total, missing) = arbiter_p2v::play::roster::coverage(e);
        let pct = (run * 100).checked_div(total).unwrap_or(100);
        let not_yet = if missing.is_empty() { String::new() } else { format!(" — not yet: {}", missing.join(", ")) };
        println!("  {:<width$}  {run} of {total} ({pct}%){not_yet}", e.label());
    }
}
