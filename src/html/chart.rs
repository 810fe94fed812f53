//! Bar charts as inline SVG: a small writer of our own, since the charts
//! are plain horizontal bars and a plotting crate would bring far more
//! than they need (and would have to be trusted to escape its labels).

use super::words;
use std::io::{self, Write};

const ROW: usize = 28;
const LABEL: usize = 260;
const BAR: usize = 420;

/// Horizontal bars, one per `(label, count)`, longest = the largest count.
/// `title` names the chart for screen readers.
pub fn bars(out: &mut impl Write, title: &str, rows: &[(String, u64)]) -> io::Result<()> {
    let max = rows.iter().map(|r| r.1).max().unwrap_or(0).max(1);
    let height = ROW * rows.len().max(1) + 4;
    let width = LABEL + BAR + 90;
    writeln!(
        out,
        "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 {width} {height}\" width=\"100%\" \
         xmlns=\"http://www.w3.org/2000/svg\"><title>{}</title>",
        words(title)
    )?;
    for (i, (label, n)) in rows.iter().enumerate() {
        let y = i * ROW + 2;
        let w = (*n as f64 / max as f64 * BAR as f64).round().max(1.0);
        writeln!(
            out,
            "<g><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect x=\"{LABEL}\" y=\"{y}\" width=\"{w}\" height=\"{}\"></rect>\
             <text x=\"{}\" y=\"{}\">{n}</text></g>",
            LABEL - 8,
            y + ROW - 10,
            words(label),
            ROW - 6,
            LABEL as f64 + w + 6.0,
            y + ROW - 10
        )?;
    }
    writeln!(out, "</svg>")
}
