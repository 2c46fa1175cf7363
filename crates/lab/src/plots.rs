//! The report's plots, drawn by `plotters` on its SVG backend: intervals
//! per row (win rates, first-mover advantage), a heat map (a round robin),
//! box plots (game lengths) and running estimates with their bands.
//! Each function gives one `<svg>` element as text.

use crate::LabError;
use arbiter_core::stats::Proportion;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

const WIDTH: u32 = 900;

fn err(e: impl std::fmt::Display) -> LabError {
    LabError::Run(format!("plot: {e}"))
}

/// The colour of series `i`: ten colours dark enough to read on white
/// (the "Tableau 10" set), then round again.
pub fn color(i: usize) -> RGBColor {
    const TEN: [(u8, u8, u8); 10] = [
        (31, 119, 180),
        (255, 127, 14),
        (44, 160, 44),
        (214, 39, 40),
        (148, 103, 189),
        (140, 86, 75),
        (227, 119, 194),
        (127, 127, 127),
        (188, 189, 34),
        (23, 190, 207),
    ];
    let (r, g, b) = TEN[i % TEN.len()];
    RGBColor(r, g, b)
}

/// The text of a row label, cut to fit beside the plot.
fn short(label: &str) -> String {
    if label.chars().count() > 50 { format!("{}…", label.chars().take(49).collect::<String>()) } else { label.into() }
}

/// One row of an interval chart.
#[derive(Clone, Debug)]
pub struct Row {
    /// What the row is.
    pub label: String,
    /// The rate and its interval.
    pub rate: Proportion,
    /// Its colour's index.
    pub series: usize,
}

/// Rates with their intervals, one row each (the first at the top), on a
/// scale from 0 to 1 with an optional reference line (0.5: even).
pub fn intervals(title: &str, x_desc: &str, rows: &[Row], reference: Option<f64>) -> Result<String, LabError> {
    intervals_on(title, x_desc, rows, reference, Scale::Rate)
}

/// The x axis of an interval chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Rates, 0% to 100%.
    Rate,
    /// Numbers from 0 to at least the largest interval's end (means of counts).
    Count,
}

/// Values with their intervals, one row each (the first at the top), on
/// `scale`, with an optional reference line. A row's [`Proportion`] holds
/// a mean and its interval as well as a rate.
pub fn intervals_on(
    title: &str,
    x_desc: &str,
    rows: &[Row],
    reference: Option<f64>,
    scale: Scale,
) -> Result<String, LabError> {
    let top = match scale {
        Scale::Rate => 1.0,
        Scale::Count => {
            let m = rows.iter().map(|r| r.rate.high).fold(0.0f64, f64::max);
            if m.is_finite() && m > 0.0 { m * 1.05 } else { 1.0 }
        }
    };
    let n = rows.len().max(1) as i32;
    let height = 90 + 26 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(330)
            .build_cartesian_2d(0f64..top, (0..n - 1).into_segmented())
            .map_err(err)?;
        let label_of = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(k) => rows.get((n - 1 - k) as usize).map(|r| short(&r.label)).unwrap_or_default(),
            _ => String::new(),
        };
        let x_label = |x: &f64| match scale {
            Scale::Rate => format!("{:.0}%", x * 100.0),
            Scale::Count => format!("{x:.1}"),
        };
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_labels(n as usize)
            .y_label_formatter(&label_of)
            .x_label_formatter(&x_label)
            .disable_y_mesh()
            .draw()
            .map_err(err)?;
        if let Some(r) = reference {
            chart
                .draw_series(LineSeries::new(
                    [(r, SegmentValue::Exact(0)), (r, SegmentValue::Exact(n))],
                    BLACK.mix(0.4).stroke_width(1),
                ))
                .map_err(err)?;
        }
        for (k, row) in rows.iter().enumerate() {
            let y = SegmentValue::CenterOf(n - 1 - k as i32);
            let c = color(row.series);
            chart
                .draw_series(std::iter::once(ErrorBar::new_horizontal(
                    y.clone(),
                    row.rate.low,
                    row.rate.rate,
                    row.rate.high,
                    c.stroke_width(2),
                    10,
                )))
                .map_err(err)?;
            chart.draw_series(std::iter::once(Circle::new((row.rate.rate, y), 4, c.filled()))).map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// A square table of scores (row against column, `None` on the diagonal
/// or where no game was played), shaded from red (0) through white (0.5) to
/// blue (1), each square with its number.
pub fn heat_map(title: &str, names: &[String], scores: &[Vec<Option<f64>>]) -> Result<String, LabError> {
    let m = names.len().max(1) as i32;
    let side = (120 + 70 * m as u32).min(900);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (side + 200, side)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(200)
            .build_cartesian_2d((0..m - 1).into_segmented(), (0..m - 1).into_segmented())
            .map_err(err)?;
        let name = |v: &SegmentValue<i32>, flip: bool| match v {
            SegmentValue::CenterOf(k) => {
                let i = if flip { m - 1 - k } else { *k };
                names.get(i as usize).map(|s| short(s)).unwrap_or_default()
            }
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .x_desc("opponent")
            .y_desc("its score: wins + half the draws")
            .x_labels(m as usize)
            .y_labels(m as usize)
            .x_label_formatter(&|v| name(v, false))
            .y_label_formatter(&|v| name(v, true))
            .disable_mesh()
            .draw()
            .map_err(err)?;
        for (i, row) in scores.iter().enumerate() {
            for (j, s) in row.iter().enumerate() {
                let (x, y) = (j as i32, m - 1 - i as i32);
                let fill = match s {
                    None => RGBColor(230, 230, 230),
                    Some(v) => {
                        let t = (v.clamp(0.0, 1.0) - 0.5) * 2.0;
                        let fade = |full: u8| (255.0 - (255.0 - full as f64) * t.abs()) as u8;
                        if t >= 0.0 {
                            RGBColor(fade(40), fade(90), fade(200))
                        } else {
                            RGBColor(fade(200), fade(50), fade(40))
                        }
                    }
                };
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [
                            (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                            (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                        ],
                        fill.filled(),
                    )))
                    .map_err(err)?;
                let text = s.map(|v| format!("{:.0}%", v * 100.0)).unwrap_or_else(|| "—".into());
                chart
                    .draw_series(std::iter::once(Text::new(
                        text,
                        (SegmentValue::CenterOf(x), SegmentValue::CenterOf(y)),
                        ("sans-serif", 14).into_font().color(&BLACK),
                    )))
                    .map_err(err)?;
            }
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Box plots of game lengths, one row per cell (the first at the top).
pub fn lengths(title: &str, rows: &[(String, Vec<u64>)]) -> Result<String, LabError> {
    let n = rows.len().max(1) as i32;
    let most = rows.iter().flat_map(|(_, l)| l.iter().copied()).max().unwrap_or(1).max(1) as f32;
    let height = 90 + 28 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(330)
            .build_cartesian_2d(0f32..most * 1.05, (0..n - 1).into_segmented())
            .map_err(err)?;
        let label_of = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(k) => rows.get((n - 1 - k) as usize).map(|r| short(&r.0)).unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .x_desc("decisions per game (box: quartiles; whiskers: 1.5 × the spread between them)")
            .y_labels(n as usize)
            .y_label_formatter(&label_of)
            .disable_y_mesh()
            .draw()
            .map_err(err)?;
        for (k, (_, lengths)) in rows.iter().enumerate() {
            if lengths.is_empty() {
                continue;
            }
            let values: Vec<f64> = lengths.iter().map(|&l| l as f64).collect();
            let q = Quartiles::new(&values);
            chart
                .draw_series(std::iter::once(
                    Boxplot::new_horizontal(SegmentValue::CenterOf(n - 1 - k as i32), &q)
                        .width(14)
                        .style(color(k).stroke_width(2)),
                ))
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Running estimates: for each series, the rate after each number of games
/// with its interval as a band around it.
pub fn running(title: &str, series: &[(String, Vec<(u64, Proportion)>)]) -> Result<String, LabError> {
    let most = series.iter().flat_map(|(_, p)| p.last().map(|l| l.0)).max().unwrap_or(1).max(1) as f64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 460)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..most, 0f64..1f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("games played")
            .y_desc("side 1's win rate")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .draw()
            .map_err(err)?;
        for (k, (name, points)) in series.iter().enumerate() {
            let c = color(k);
            let mut band: Vec<(f64, f64)> = points.iter().map(|(n, p)| (*n as f64, p.high)).collect();
            band.extend(points.iter().rev().map(|(n, p)| (*n as f64, p.low)));
            chart.draw_series(std::iter::once(Polygon::new(band, c.mix(0.12).filled()))).map_err(err)?;
            chart
                .draw_series(LineSeries::new(points.iter().map(|(n, p)| (*n as f64, p.rate)), c.stroke_width(2)))
                .map_err(err)?
                .label(short(name))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}
