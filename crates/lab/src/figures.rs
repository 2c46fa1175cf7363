//! Per-figure statistics in the report: what the games report through
//! `Entry::figure_stats` (Ephemeral Path's figures, E'thia's units lost,
//! Worlds' leaders), gathered per figure over the games that count.
//!
//! Figures are grouped by cell, except in a round robin (`round_robin` or
//! `pairs`), where a figure's numbers are gathered over every pairing of its
//! table (its variant, players and bots), as the heat map's scores are. A
//! yes-or-no statistic (`survived`) is a rate with its Wilson interval; a
//! count is a mean per game with its 95% interval.

use crate::LabError;
use crate::plan::Plan;
use crate::plots::{self, Row, Scale};
use crate::run::counted;
use crate::store::Store;
use arbiter_core::stats::{Proportion, mean_interval, wilson_rate};
use html_escape::encode_text as esc;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One figure's numbers for one statistic: the group it is gathered in,
/// the figure, and every game's value.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureSeries {
    /// The cell's label, or the round robin's table.
    pub group: String,
    /// The figure, as the game names it.
    pub figure: String,
    /// What is counted.
    pub stat: String,
    /// A yes or no per game, shown as a rate.
    pub rate: bool,
    /// One value per game.
    pub values: Vec<f64>,
}

impl FigureSeries {
    /// The rate or mean with its 95% interval.
    pub fn estimate(&self) -> Proportion {
        let n = self.values.len() as u64;
        let mean = if n == 0 { 0.0 } else { self.values.iter().sum::<f64>() / n as f64 };
        if self.rate {
            wilson_rate(mean, n)
        } else {
            let m = mean_interval(&self.values);
            Proportion { rate: m.mean, low: m.low.max(0.0), high: m.high }
        }
    }
}

/// Every figure's statistics, in the order the games report them (groups
/// in the grid's order).
pub fn gather(plan: &Plan, store: &Store) -> Result<Vec<FigureSeries>, LabError> {
    let counts = counted(store, plan)?;
    let mut order: Vec<(String, String, String, bool)> = Vec::new();
    let mut values: BTreeMap<(String, String, String), Vec<f64>> = BTreeMap::new();
    for (cell, n) in plan.cells.iter().zip(counts) {
        let group = if cell.pair.is_some() && !cell.group.is_empty() { cell.group.clone() } else { cell.label() };
        for row in store.figures(&plan.hash, &cell.key, n.unwrap_or(u64::MAX))? {
            let key = (group.clone(), row.figure, row.stat);
            let list = values.entry(key.clone()).or_default();
            if list.is_empty() {
                order.push((key.0.clone(), key.1.clone(), key.2.clone(), row.rate));
            }
            list.push(row.value);
        }
    }
    Ok(order
        .into_iter()
        .map(|(group, figure, stat, rate)| {
            let values = values.remove(&(group.clone(), figure.clone(), stat.clone())).unwrap_or_default();
            FigureSeries { group, figure, stat, rate, values }
        })
        .collect())
}

/// Short names for groups: each group's parts (split at `,` and ` · `)
/// that not every group shares, so a plot's row labels differ where the
/// groups do (`leaders=2`, `party=(…)`) instead of in a cut-off tail.
fn short_names(groups: &[&str]) -> Vec<String> {
    let parts = |g: &str| -> Vec<String> {
        g.split(" · ").flat_map(|p| p.split(',')).map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
    };
    let all: Vec<Vec<String>> = groups.iter().map(|g| parts(g)).collect();
    all.iter()
        .zip(groups)
        .map(|(own, g)| {
            let kept: Vec<&str> =
                own.iter().filter(|p| !all.iter().all(|o| o.contains(p))).map(String::as_str).collect();
            if kept.is_empty() { (*g).to_string() } else { kept.join(",") }
        })
        .collect()
}

/// The report's section: a plot per statistic and one table of them all;
/// nothing when the games report no figures.
pub fn section(out: &mut String, plan: &Plan, store: &Store) -> Result<(), LabError> {
    let series = gather(plan, store)?;
    if series.is_empty() {
        return Ok(());
    }
    let mut stats: Vec<&str> = Vec::new();
    let mut groups: Vec<&str> = Vec::new();
    for s in &series {
        if !stats.contains(&s.stat.as_str()) {
            stats.push(&s.stat);
        }
        if !groups.contains(&s.group.as_str()) {
            groups.push(&s.group);
        }
    }
    let one_group = groups.len() == 1;
    let short = short_names(&groups);
    let _ = writeln!(
        out,
        "<h2>Per figure</h2>\n<p class=\"note\">What the game reports about each figure in each game, over the games \
         that count{}. A yes or no (survived, captured) is a rate (95% Wilson interval); a count is a mean per game \
         (95% interval).</p>",
        if plan.round_robin.is_some() { ", gathered over every pairing of a round robin's table" } else { "" }
    );
    for stat in &stats {
        let of: Vec<&FigureSeries> = series.iter().filter(|s| s.stat == *stat).collect();
        let rate = of.iter().all(|s| s.rate);
        let rows: Vec<Row> = of
            .iter()
            .map(|s| Row {
                label: match groups.iter().position(|g| *g == s.group) {
                    // The figure first: a long group's tail is what gets cut.
                    Some(k) if !one_group => format!("{} · {}", s.figure, short[k]),
                    _ => s.figure.clone(),
                },
                rate: s.estimate(),
                series: groups.iter().position(|g| *g == s.group).unwrap_or(0),
            })
            .collect();
        let (title, scale) = if rate {
            (format!("{stat}: rate per figure, with 95% intervals"), Scale::Rate)
        } else {
            (format!("{stat}: mean per game per figure, with 95% intervals"), Scale::Count)
        };
        out.push_str(&plots::intervals_on(&title, stat, &rows, None, scale)?);
    }
    let _ = write!(out, "<table><tr><th>group</th><th>figure</th><th>games</th>");
    for stat in &stats {
        let _ = write!(out, "<th>{}</th>", esc(stat));
    }
    out.push_str("</tr>\n");
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for s in &series {
        let key = (s.group.as_str(), s.figure.as_str());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let _ = write!(out, "<tr><td>{}</td><td>{}</td><td>{}</td>", esc(key.0), esc(key.1), s.values.len());
        for stat in &stats {
            match series.iter().find(|x| x.group == key.0 && x.figure == key.1 && x.stat == *stat) {
                Some(x) if x.rate => {
                    let p = x.estimate();
                    let _ =
                        write!(out, "<td>{:.1}% [{:.1}%, {:.1}%]</td>", p.rate * 100.0, p.low * 100.0, p.high * 100.0);
                }
                Some(x) => {
                    let p = x.estimate();
                    let _ = write!(out, "<td>{:.2} [{:.2}, {:.2}]</td>", p.rate, p.low, p.high);
                }
                None => out.push_str("<td></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_names_keep_what_differs() {
        let g = ["quest=q,leaders=2,shop · 1p · mcts", "quest=q,leaders=4,party=(A/B),shop · 1p · mcts"];
        assert_eq!(super::short_names(&g), ["leaders=2", "leaders=4,party=(A/B)"]);
        assert_eq!(super::short_names(&["same", "same"]), ["same", "same"]);
    }
}
