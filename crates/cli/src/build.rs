//! `arbiter build`: checks an Ephemeral Path figure set against the
//! construction rules, summarises it, and writes printable spec sheets; with
//! `--game p2v`, a Path 2 Victory warband instead (see `warband`).
//!
//! The set is a file (TOML or JSON) or the name of a set shipped with
//! Arbiter (`arbiter build ember-court`). A legal set prints its summary and
//! exits 0; an illegal one lists every violation and exits 1; a file that
//! cannot be read or parsed exits 2 with the reason and the line.

use crate::Failure;
use arbiter_ephemeral::Edition;
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, FigureSetFile, Format, SetError, read_set_file, shipped_set, shipped_sets};
use arbiter_ephemeral::sheet::render_html;
use std::path::{Path, PathBuf};

/// What `arbiter build` was asked to do.
pub struct Options {
    /// A figure-set file, or a shipped set's name.
    pub file: String,
    /// The edition asked for on the command line, if any.
    pub edition: Option<String>,
    /// Where to write the spec sheets.
    pub sheet: Option<PathBuf>,
    /// The game: `ephemeral` (the default) or `p2v`.
    pub game: String,
    /// Path 2 Victory: a bestiary file whose creatures join the starter bestiary.
    pub bestiary: Option<PathBuf>,
    /// Path 2 Victory: a card file (public JSON format) whose creatures join the starter bestiary.
    pub import: Option<PathBuf>,
}

/// Runs `arbiter build` for the game asked for.
pub fn run(o: &Options) -> Result<(), Failure> {
    match o.game.trim().to_ascii_lowercase().as_str() {
        "ephemeral" | "ephemeral-path" | "ep" | "ephemeral-gate" => {
            if o.bestiary.is_some() || o.import.is_some() {
                return Err(Failure::Input("--bestiary and --import are for --game p2v".into()));
            }
            run_ephemeral(o)
        }
        "p2v" | "path-2-victory" | "path2victory" => {
            if o.edition.is_some() {
                return Err(Failure::Input("--edition is for Ephemeral; Path 2 Victory is v1.3".into()));
            }
            crate::warband::run(&o.file, o.sheet.as_deref(), o.bestiary.as_deref(), o.import.as_deref())
        }
        other => Err(Failure::Input(format!(
            "build knows ephemeral and p2v, not '{}'",
            other.chars().take(40).collect::<String>()
        ))),
    }
}

/// Checks an Ephemeral figure set (the default game).
fn run_ephemeral(o: &Options) -> Result<(), Failure> {
    let asked = match &o.edition {
        Some(e) => Some(e.parse::<Edition>().map_err(Failure::Input)?),
        None => None,
    };
    let (label, text, format) = source(&o.file)?;
    let file = FigureSetFile::parse(&text, format).map_err(|e| Failure::Input(format!("{label}: {e}")))?;
    let edition = asked.or(file.edition).unwrap_or_default();
    let catalogue = Catalogue::standard().map_err(|e| Failure::Run(format!("the ability catalogue: {e}")))?;
    let set = file.validate(edition, &catalogue).map_err(|violations| {
        let lines: Vec<String> = violations.iter().map(|v| format!("  {v}")).collect();
        Failure::Run(format!(
            "{label} is not a legal figure set for {} ({} problem{}):\n{}",
            edition.title(),
            violations.len(),
            if violations.len() == 1 { "" } else { "s" },
            lines.join("\n")
        ))
    })?;
    print_summary(&set);
    if let Some(out) = &o.sheet {
        std::fs::write(out, render_html(&set, &catalogue))
            .map_err(|e| Failure::Run(format!("cannot write {}: {e}", out.display())))?;
        println!("spec sheets written to {} (open it in a browser and print)", out.display());
    }
    Ok(())
}

/// The set's text: from the file if it exists, else a shipped set by name.
fn source(name: &str) -> Result<(String, String, Format), Failure> {
    let path = Path::new(name);
    if path.exists() {
        let text = read_set_file(path).map_err(|e| match e {
            SetError::Unreadable { .. } => Failure::Input(e.to_string()),
            other => Failure::Input(format!("{name}: {other}")),
        })?;
        let format = Format::detect(Some(path), &text);
        return Ok((path.display().to_string(), text, format));
    }
    if let Some(text) = shipped_set(name) {
        return Ok((format!("{} (shipped)", name.trim()), text.to_string(), Format::Toml));
    }
    let names: Vec<&str> = shipped_sets().into_iter().map(|(stem, _)| stem).collect();
    Err(Failure::Input(format!(
        "cannot read {name}: no such file, and no shipped set by that name (shipped: {})",
        names.join(", ")
    )))
}

fn print_summary(set: &FigureSet) {
    let mut head = format!("{} — {} — {} figures", set.name(), set.edition().title(), set.figures().len());
    if let Some(a) = set.author() {
        head.push_str(&format!(" — by {a}"));
    }
    println!("{head}");
    let width = set.figures().iter().map(|f| f.name().chars().count()).max().unwrap_or(0);
    for f in set.figures() {
        println!(
            "  {:<width$}  {:<9}  {:>3} pts  HP {:>2}  Move {:>2} cm  Force {:>2}  Range {:>2} cm  base {} mm  {} actions{}",
            f.name(),
            f.class().name(),
            f.points(),
            f.hp(),
            f.movement_cm(),
            f.force(),
            f.range_cm(),
            f.base_mm(),
            f.actions(),
            match f.starting_prep_tokens() {
                0 => String::new(),
                n => format!(", {n} prep"),
            },
        );
        if f.abilities().is_empty() {
            println!("  {:<width$}  - no abilities", "");
        }
        for a in f.abilities() {
            let name = a.name().map(|n| format!(" {n}")).unwrap_or_default();
            let ability = a.ability();
            let die = if ability.die.needs_die() { ability.die.to_string() } else { "no die".into() };
            println!("  {:<width$}  - {}{name} ({} pts, {}, {die})", "", a.id(), a.points(), ability.kind);
        }
    }
    println!("{}/{} spec points", set.points(), arbiter_ephemeral::figure::MAX_SET_POINTS);
}
