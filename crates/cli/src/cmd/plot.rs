//! The plot of `spielwerk amakta balance`: an SVG drawn with `plotters`.

use crate::cmd::balance::Summary;
use anyhow::anyhow;
use plotters::prelude::*;
use std::path::Path;

/// Draws, per configuration (numbered from 1 in the order of the
/// summaries), the first player's score with its 95 % interval (blue) and
/// the share of decisive games (red), with the fair score 0.5 dashed.
pub fn balance_plot(summaries: &[Summary], path: &Path, board: &str) -> anyhow::Result<()> {
    let count = summaries.len().max(1);
    let width = (160 + 28 * count).clamp(640, 2400) as u32;
    let root = SVGBackend::new(path, (width, 420)).into_drawing_area();
    let error = |e: &dyn std::fmt::Display| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| error(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Amakta on {board}: first player's score (95 %) and decisive games"),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..count as f64 + 1.0, 0f64..1f64)
        .map_err(|e| error(&e))?;
    chart
        .configure_mesh()
        .x_desc("configuration (row of summary.csv)")
        .y_desc("share")
        .x_labels(count.min(40) + 1)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(|e| error(&e))?;
    chart
        .draw_series(DashedLineSeries::new([(0.0, 0.5), (count as f64 + 1.0, 0.5)], 6, 4, BLACK.into()))
        .map_err(|e| error(&e))?;
    let score_colour = RGBColor(31, 90, 180);
    for (i, s) in summaries.iter().enumerate() {
        let x = i as f64 + 1.0;
        let (low, high) = s.interval();
        let segments =
            [[(x - 0.15, low), (x + 0.15, low)], [(x, low), (x, high)], [(x - 0.15, high), (x + 0.15, high)]];
        for segment in segments {
            chart
                .draw_series(LineSeries::new(segment, score_colour.stroke_width(2)))
                .map_err(|e| error(&e))?;
        }
    }
    chart
        .draw_series(
            summaries
                .iter()
                .enumerate()
                .map(|(i, s)| Circle::new((i as f64 + 1.0, s.score()), 4, score_colour.filled())),
        )
        .map_err(|e| error(&e))?
        .label("first player's score, 95 % interval")
        .legend(move |(x, y)| Circle::new((x + 8, y), 4, score_colour.filled()));
    chart
        .draw_series(summaries.iter().enumerate().map(|(i, s)| {
            TriangleMarker::new((i as f64 + 1.0, s.decisive_rate()), 5, RGBColor(200, 40, 40).filled())
        }))
        .map_err(|e| error(&e))?
        .label("decisive games")
        .legend(|(x, y)| TriangleMarker::new((x + 8, y), 5, RGBColor(200, 40, 40).filled()));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerRight)
        .draw()
        .map_err(|e| error(&e))?;
    root.present().map_err(|e| error(&e))?;
    Ok(())
}
