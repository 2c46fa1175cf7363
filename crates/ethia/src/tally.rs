//! Per-figure statistics of a finished game, for the balance laboratory
//! (`Entry::figure_stats`), from the games' own events:
//!
//! - **E'thia Skirmish**: the units each side lost by capture, per kind
//!   (leader, squad). Units that leave with an army whose leader fell are not
//!   captures and are not counted.
//! - **E'thia Worlds**: per leader (named by its card), the enemies it
//!   captured, how often it fell unconscious, and whether the enemy captured it.

use crate::worlds::{Status, WorldsEvent, WorldsState};
use crate::{Ethia, Event, UnitKind};
use arbiter_core::{Entry, FigureStat, Game, Seat};

/// E'thia Skirmish: units lost by capture, per side and kind.
pub(crate) fn skirmish(game: &Ethia, events: &[Event]) -> Vec<FigureStat> {
    let sides = (0..game.seats()).map(|s| game.side_of(Seat(s as u8))).max().map_or(1, |m| m + 1);
    let mut lost = vec![[0u32; 2]; sides];
    for event in events {
        if let Event::Captured { army, kind, .. } = *event {
            let side = game.side_of(Seat(army)).min(sides - 1);
            lost[side][usize::from(kind == UnitKind::Squad)] += 1;
        }
    }
    let mut out = Vec::new();
    for (side, [leaders, squads]) in lost.into_iter().enumerate() {
        for (what, n) in [("leaders", leaders), ("squad units", squads)] {
            out.push(FigureStat {
                side,
                figure: format!("side {} {what}", side + 1),
                stat: "lost".into(),
                rate: false,
                value: f64::from(n),
            });
        }
    }
    out
}

/// E'thia Worlds: per leader, captures made, times knocked out, and
/// whether it was captured.
pub(crate) fn worlds(end: &WorldsState, events: &[WorldsEvent]) -> Vec<FigureStat> {
    let n = end.leaders.len();
    let (mut captures, mut out_cold) = (vec![0u32; n], vec![0u32; n]);
    for event in events {
        match *event {
            WorldsEvent::Captured { by, .. } if usize::from(by) < n => captures[usize::from(by)] += 1,
            WorldsEvent::Unconscious { leader } if usize::from(leader) < n => out_cold[usize::from(leader)] += 1,
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (i, leader) in end.leaders.iter().enumerate() {
        let figure = format!("{}. {}", i + 1, leader.card.name);
        for (stat, rate, value) in [
            ("captures", false, f64::from(captures[i])),
            ("knocked out", false, f64::from(out_cold[i])),
            ("captured", true, f64::from(u8::from(matches!(leader.status, Status::Captured)))),
        ] {
            out.push(FigureStat { side: 0, figure: figure.clone(), stat: stat.into(), rate, value });
        }
    }
    out
}
