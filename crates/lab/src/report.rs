//! `arbiter lab report`: one self-contained HTML page for an experiment —
//! its plots (SVG, inline, made by [`crate::plots`]) and, under each, a
//! table of every number the plot shows.

use crate::LabError;
use crate::plan::{Plan, Stop};
use crate::plots::{self, Row};
use crate::run::counted;
use crate::stats::Summary;
use crate::store::Store;
use arbiter_core::stats::{Proportion, wilson, wilson_rate};
use html_escape::encode_text as esc;
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn pct(p: Proportion) -> String {
    format!("{:.1}% [{:.1}%, {:.1}%]", p.rate * 100.0, p.low * 100.0, p.high * 100.0)
}

/// A cell's numbers, as the report reads them.
pub struct CellResult {
    /// The cell's label.
    pub label: String,
    /// Its summary.
    pub summary: Summary,
    /// Whether it has played all it should.
    pub complete: bool,
}

/// Reads every cell's games from the results file: the games that count
/// for a finished cell, every stored one for an unfinished one.
pub fn results(plan: &Plan, store: &Store) -> Result<Vec<CellResult>, LabError> {
    let counts = counted(store, plan)?;
    plan.cells
        .iter()
        .zip(counts)
        .map(|(c, n)| {
            let games = store.games(&plan.hash, &c.key, n.unwrap_or(u64::MAX))?;
            Ok(CellResult { label: c.label(), summary: Summary::of(&games, c.players, c.sides), complete: n.is_some() })
        })
        .collect()
}

/// Writes the report of `plan` from its results file as HTML; `command`
/// is the line that regenerates it, printed at its top.
pub fn html(plan: &Plan, command: &str) -> Result<String, LabError> {
    let store = Store::open_existing(&plan.results)?;
    let cells = results(plan, &store)?;
    let mut out = String::new();
    let title = esc(&plan.name);
    let total: u64 = cells.iter().map(|c| c.summary.games).sum();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\n<style>\
         body{{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;margin:.5em 0 2em;font-size:.9em}}td,th{{border:1px solid #ccc;padding:.2em .5em;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}code{{background:#f4f4f4;padding:0 .2em}}svg{{max-width:100%;height:auto}}\
         .note{{color:#555;font-size:.9em}}</style></head><body>\n<h1>{title}</h1>\n"
    );
    if let Some(q) = &plan.question {
        let _ = writeln!(out, "<p><strong>Question.</strong> {}</p>", esc(q));
    }
    let stop = match plan.stop {
        Stop::Games(n) => format!("{n} games per cell"),
        Stop::Precision(u) => format!(
            "each cell until every side's win rate is known to ±{:.1}% at {:.0}% confidence (checked every {} games, at most {})",
            u.half_width * 100.0,
            u.confidence * 100.0,
            u.batch,
            u.max
        ),
    };
    let _ = writeln!(
        out,
        "<p>{} · {} cells · {total} games · seed {} · {} · experiment {}</p>\n<p>Regenerate: <code>{}</code></p>\
         <p class=\"note\">Intervals are 95% Wilson score intervals. Side 1 is the side of seat 1; the first mover is the seat \
         that took the game's first decision (not a roll).</p>",
        esc(&plan.game_name),
        plan.cells.len(),
        plan.seed,
        esc(&stop),
        plan.hash,
        esc(command)
    );
    let unfinished = cells.iter().filter(|c| !c.complete).count();
    if unfinished > 0 {
        let _ = writeln!(
            out,
            "<p><strong>Unfinished:</strong> {unfinished} cells have not played all their games yet; their numbers are what is stored so far.</p>"
        );
    }
    win_rates(&mut out, plan, &cells)?;
    if plan.round_robin.is_some() {
        round_robin(&mut out, plan, &cells)?;
    }
    if plan.cells.iter().any(|c| c.players > 1) {
        first_mover(&mut out, plan, &cells)?;
    }
    game_lengths(&mut out, &cells)?;
    running(&mut out, &cells)?;
    endings(&mut out, &cells);
    crate::figures::section(&mut out, plan, &store)?;
    let _ = writeln!(out, "<h2>The experiment file</h2>\n<pre>{}</pre>\n</body></html>", esc(&plan.text));
    Ok(out)
}

fn win_rates(out: &mut String, plan: &Plan, cells: &[CellResult]) -> Result<(), LabError> {
    let mut rows = Vec::new();
    for (k, (c, r)) in plan.cells.iter().zip(cells).enumerate() {
        for (side, rate) in r.summary.side_rates.iter().enumerate() {
            let bot = if c.bots.len() == c.sides { format!(" ({})", c.bots[side]) } else { String::new() };
            rows.push(Row { label: format!("{} — side {}{bot}", r.label, side + 1), rate: *rate, series: k });
        }
    }
    let _ = writeln!(out, "<h2>Win rate per matchup</h2>");
    out.push_str(&plots::intervals("Win rate per side, with 95% intervals", "win rate", &rows, Some(0.5))?);
    let _ = writeln!(
        out,
        "<table><tr><th>cell</th><th>games</th><th>wins per side</th><th>win rate per side</th><th>win rate per seat</th><th>no winner (draws; in a game against the game, losses)</th><th>failed</th></tr>"
    );
    for r in cells {
        let s = &r.summary;
        let sides: Vec<String> = s.side_wins.iter().map(|w| w.to_string()).collect();
        let rates: Vec<String> = s.side_rates.iter().map(|p| pct(*p)).collect();
        let seats: Vec<String> =
            s.seat_rates.iter().enumerate().map(|(i, p)| format!("P{}: {}", i + 1, pct(*p))).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td></tr>",
            esc(&r.label),
            s.games,
            sides.join(" / "),
            rates.join("<br>"),
            seats.join("<br>"),
            s.draws,
            pct(s.draw_rate),
            s.failures
        );
    }
    out.push_str("</table>\n");
    Ok(())
}

/// The round robin's scores in the table `group` (cells of one variant and
/// number of players): entry (i, j) is entrant i's score against entrant j
/// over both seatings (a win 1, a draw ½), with the games played.
pub fn round_robin_scores(plan: &Plan, cells: &[CellResult], group: &str) -> Vec<Vec<Option<(f64, u64)>>> {
    let m = plan.round_robin.as_ref().map_or(0, |r| r.len());
    let mut points = vec![vec![(0.0f64, 0u64); m]; m];
    for (c, r) in plan.cells.iter().zip(cells) {
        let Some((a, b)) = c.pair else { continue };
        if c.group != group {
            continue;
        }
        let s = &r.summary;
        let (wa, wb) = (s.side_wins.first().copied().unwrap_or(0), s.side_wins.get(1).copied().unwrap_or(0));
        let half = s.draws as f64 / 2.0;
        points[a][b].0 += wa as f64 + half;
        points[a][b].1 += s.games;
        points[b][a].0 += wb as f64 + half;
        points[b][a].1 += s.games;
    }
    points.into_iter().map(|row| row.into_iter().map(|(p, n)| (n > 0).then(|| (p / n as f64, n))).collect()).collect()
}

fn round_robin(out: &mut String, plan: &Plan, cells: &[CellResult]) -> Result<(), LabError> {
    let _ = writeln!(out, "<h2>Round robin</h2>");
    let mut groups: Vec<&str> = Vec::new();
    for c in &plan.cells {
        if c.pair.is_some() && !groups.contains(&c.group.as_str()) {
            groups.push(&c.group);
        }
    }
    for group in groups {
        round_robin_table(out, plan, cells, group)?;
    }
    Ok(())
}

fn round_robin_table(out: &mut String, plan: &Plan, cells: &[CellResult], group: &str) -> Result<(), LabError> {
    let names = plan.round_robin.clone().unwrap_or_default();
    let scores = round_robin_scores(plan, cells, group);
    let shades: Vec<Vec<Option<f64>>> = scores.iter().map(|r| r.iter().map(|s| s.map(|s| s.0)).collect()).collect();
    let _ = writeln!(out, "<h3>{}</h3>", esc(group));
    out.push_str(&plots::heat_map(
        &format!("Score of each (row) against each other (column): {group}"),
        &names,
        &shades,
    )?);
    let _ = write!(out, "<table><tr><th>entrant \\ opponent</th><th>all opponents</th>");
    for n in &names {
        let _ = write!(out, "<th>{}</th>", esc(n));
    }
    out.push_str("</tr>\n");
    for (i, row) in scores.iter().enumerate() {
        let (points, games) = row.iter().flatten().fold((0.0, 0u64), |(p, g), (s, n)| (p + s * *n as f64, g + n));
        let overall = if games == 0 { 0.0 } else { points / games as f64 };
        let _ =
            write!(out, "<tr><td>{}</td><td>{} ({games} games)</td>", esc(&names[i]), pct(wilson_rate(overall, games)));
        for s in row {
            match s {
                Some((score, n)) => {
                    let _ = write!(out, "<td>{} ({n} games)</td>", pct(wilson_rate(*score, *n)));
                }
                None => out.push_str("<td>—</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    Ok(())
}

fn first_mover(out: &mut String, plan: &Plan, cells: &[CellResult]) -> Result<(), LabError> {
    // Per variant and number of players, over every matchup.
    let mut groups: Vec<(String, u64, u64, u64)> = Vec::new();
    for (c, r) in plan.cells.iter().zip(cells) {
        let name =
            format!("{} · {}p", if c.variant_label.is_empty() { "standard" } else { &c.variant_label }, c.players);
        let s = &r.summary;
        let draws_known = s.draws.min(s.first_games);
        match groups.iter_mut().find(|g| g.0 == name) {
            Some(g) => {
                g.1 += s.first_wins;
                g.2 += s.first_games;
                g.3 += draws_known;
            }
            None => groups.push((name, s.first_wins, s.first_games, draws_known)),
        }
    }
    let rows: Vec<Row> =
        groups.iter().enumerate().map(|(k, g)| Row { label: g.0.clone(), rate: wilson(g.1, g.2), series: k }).collect();
    let _ = writeln!(out, "<h2>First-player advantage per variant</h2>");
    out.push_str(&plots::intervals(
        "The first mover's win rate, with 95% intervals",
        "the first mover's win rate (even with two players and no draws: 50%)",
        &rows,
        Some(0.5),
    )?);
    out.push_str(
        "<table><tr><th>variant</th><th>games</th><th>first mover won</th><th>win rate</th><th>draws</th></tr>\n",
    );
    for g in &groups {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&g.0),
            g.2,
            g.1,
            pct(wilson(g.1, g.2)),
            g.3
        );
    }
    out.push_str("</table>\n");
    Ok(())
}

fn game_lengths(out: &mut String, cells: &[CellResult]) -> Result<(), LabError> {
    let rows: Vec<(String, Vec<u64>)> = cells.iter().map(|c| (c.label.clone(), c.summary.lengths.clone())).collect();
    let _ = writeln!(out, "<h2>Game length</h2>");
    out.push_str(&plots::lengths("Decisions per game (dice rolls included)", &rows)?);
    out.push_str("<table><tr><th>cell</th><th>games</th><th>mean</th><th>min</th><th>quartile 1</th><th>median</th><th>quartile 3</th><th>max</th></tr>\n");
    for c in cells {
        let mut l = c.summary.lengths.clone();
        l.sort_unstable();
        let at = |q: f64| l.get(((l.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0);
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.label),
            l.len(),
            c.summary.mean_length,
            at(0.0),
            at(0.25),
            at(0.5),
            at(0.75),
            at(1.0)
        );
    }
    out.push_str("</table>\n");
    Ok(())
}

fn running(out: &mut String, cells: &[CellResult]) -> Result<(), LabError> {
    let series: Vec<(String, Vec<(u64, Proportion)>)> =
        cells.iter().map(|c| (c.label.clone(), c.summary.running.clone())).collect();
    let _ = writeln!(
        out,
        "<h2>Running estimate</h2>\n<p class=\"note\">Side 1's win rate after each number of games, with its 95% band: \
         when the bands stop narrowing much, more games change little.</p>"
    );
    out.push_str(&plots::running("Side 1's win rate against games played", &series)?);
    out.push_str("<table><tr><th>cell</th><th>games</th><th>side 1 win rate</th><th>± (half the interval)</th>");
    for q in ["¼", "½"] {
        let _ = write!(out, "<th>at {q} of the games</th>");
    }
    out.push_str("</tr>\n");
    for (name, points) in &series {
        let Some(&(n, last)) = points.last() else { continue };
        let at = |f: f64| {
            points
                .iter()
                .find(|(k, _)| *k as f64 >= n as f64 * f)
                .map(|(k, p)| format!("{} after {k}", pct(*p)))
                .unwrap_or_default()
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{n}</td><td>{}</td><td>{:.1}%</td><td>{}</td><td>{}</td></tr>",
            esc(name),
            pct(last),
            (last.high - last.low) * 50.0,
            at(0.25),
            at(0.5)
        );
    }
    out.push_str("</table>\n");
    Ok(())
}

fn endings(out: &mut String, cells: &[CellResult]) {
    let mut all: BTreeMap<&str, ()> = BTreeMap::new();
    for c in cells {
        for k in c.summary.endings.keys() {
            all.insert(k, ());
        }
    }
    let _ = write!(out, "<h2>How games ended</h2>\n<table><tr><th>cell</th>");
    for k in all.keys() {
        let _ = write!(out, "<th>{}</th>", esc(k));
    }
    out.push_str("</tr>\n");
    for c in cells {
        let _ = write!(out, "<tr><td>{}</td>", esc(&c.label));
        for k in all.keys() {
            let n = c.summary.endings.get(*k).copied().unwrap_or(0);
            let _ = write!(
                out,
                "<td>{n} ({:.1}%)</td>",
                if c.summary.games == 0 { 0.0 } else { n as f64 * 100.0 / c.summary.games as f64 }
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}
