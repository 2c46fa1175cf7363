//! `arbiter replay`: steps through a recorded game, showing each decision,
//! what it did, and the table.

use crate::Failure;
use crate::view;
use arbiter_core::{Decision, Entry, Record, Viewer};
use arbiter_games::Visitor;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// Replays a record of whichever game it names.
struct Replay<'a> {
    text: &'a str,
    path: &'a Path,
    step: bool,
}

impl Visitor for Replay<'_> {
    type Output = Result<(), Failure>;
    fn visit<G: Entry>(&mut self) -> Result<(), Failure> {
        replay::<G>(self.text, self.path, self.step)
    }
}

/// Runs `arbiter replay`.
pub fn run(path: &Path, step: bool) -> Result<(), Failure> {
    let text =
        std::fs::read_to_string(path).map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
    let header: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| Failure::Input(format!("{}: invalid JSON: {e}", path.display())))?;
    match header.get("game").and_then(|g| g.as_str()) {
        Some(id) => arbiter_games::find(id, &mut Replay { text: &text, path, step })
            .unwrap_or_else(|| Err(Failure::Input(format!("{}: this build cannot replay '{id}'", path.display())))),
        None => Err(Failure::Input(format!("{}: not a game record (no \"game\")", path.display()))),
    }
}

fn replay<G: Entry>(text: &str, path: &Path, step: bool) -> Result<(), Failure> {
    let record = Record::<G>::from_json(text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    record.verify_seed().map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let game = record.rules().map_err(|e| Failure::Input(e.to_string()))?;
    println!(
        "{} — variant {} — {} decisions — players: {}",
        G::NAME,
        G::variant_label(&record.config.variant),
        record.decisions.len(),
        record.config.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(" vs ")
    );
    // Collect the states first, so that stepping can go back.
    let mut frames = vec![(String::from("start"), Vec::new(), game.initial_state())];
    record
        .replay_with(|i, d, events, state| {
            let text = match d {
                Decision::Act(a) => game.action_text(a),
                Decision::Commit { seat, action } => format!("{seat}: {}", game.action_text(action)),
                Decision::Roll(r) => format!("dice {r}"),
            };
            frames.push((
                format!("{}. {text}", i + 1),
                events.iter().map(|e| game.event_text(state, e)).collect(),
                state.clone(),
            ));
        })
        .map_err(|e| Failure::Input(e.to_string()))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut i = 0usize;
    while i < frames.len() {
        let (label, events, state) = &frames[i];
        println!("\n{label}");
        for e in events {
            println!("  · {e}");
        }
        if step || i + 1 == frames.len() {
            print!("{}", view::render(&game, state, Viewer::Referee, color));
        }
        if step && i + 1 < frames.len() {
            print!("[Enter] next, b back, q quit > ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if input.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            match line.trim() {
                "q" => break,
                "b" => {
                    i = i.saturating_sub(1);
                    continue;
                }
                _ => {}
            }
        }
        i += 1;
    }
    if let Some(o) = game.outcome(&frames[frames.len() - 1].2) {
        println!("Result: {}", o.reason);
    }
    Ok(())
}
