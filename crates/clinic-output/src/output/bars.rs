//! Horizontal bars drawn with text, for a terminal: one line per group, the label, a bar as long as
//! the value allows within the width, and the value as text. Eighth-blocks give the bars a finer
//! end than whole characters.

use unicode_width::UnicodeWidthStr;

/// One bar: its label, its value (negative values draw no bar) and the value as shown.
#[derive(Debug, Clone)]
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub shown: String,
}

const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
/// Labels longer than this share of the width are cut, so the bars keep some room.
const LABEL_SHARE: f64 = 0.4;

/// The chart as lines of at most `width` columns (each ends with a newline).
pub fn render(bars: &[Bar], width: usize) -> String {
    let width = width.max(20);
    let label_room = ((width as f64 * LABEL_SHARE) as usize).max(4);
    let label_width = bars
        .iter()
        .map(|b| b.label.width())
        .max()
        .unwrap_or(0)
        .min(label_room);
    let value_width = bars.iter().map(|b| b.shown.width()).max().unwrap_or(0);
    let bar_room = width.saturating_sub(label_width + value_width + 2).max(1);
    let max = bars.iter().map(|b| b.value).fold(0.0_f64, f64::max);
    let mut out = String::new();
    for bar in bars {
        let label = fit(&bar.label, label_width);
        let pad = label_width - label.width();
        let eighths = if max > 0.0 && bar.value > 0.0 {
            ((bar.value / max) * (bar_room * 8) as f64).round() as usize
        } else {
            0
        };
        let drawn = block(eighths);
        let gap = bar_room - drawn.chars().count();
        out.push_str(&format!(
            "{label}{:pad$} {drawn}{:gap$} {:>value_width$}\n",
            "", "", bar.shown
        ));
    }
    out
}

/// `eighths` eighths of a character cell, as full blocks and one partial block.
fn block(eighths: usize) -> String {
    let mut s = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        s.push(EIGHTHS[eighths % 8]);
    }
    s
}

/// The label cut to `width` columns, with `…` when something was cut.
fn fit(label: &str, width: usize) -> String {
    if label.width() <= width {
        return label.to_string();
    }
    let mut out = String::new();
    for c in label.chars() {
        if (out.clone() + &c.to_string()).width() + 1 > width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(label: &str, value: f64) -> Bar {
        Bar {
            label: label.into(),
            value,
            shown: format!("{value}"),
        }
    }

    #[test]
    fn bars_are_proportional_and_every_line_fits_the_width() {
        let bars = [bar("jan", 100.0), bar("fev", 50.0), bar("março", 0.0)];
        let text = render(&bars, 40);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        for line in &lines {
            assert_eq!(line.width(), 40, "{line:?}");
        }
        let full = lines[0].matches('█').count();
        let half = lines[1].matches('█').count();
        assert!(full >= 2 * half - 1 && full <= 2 * half + 1, "{text}");
        assert_eq!(lines[2].matches('█').count(), 0);
        assert!(lines[0].starts_with("jan ") && lines[0].ends_with(" 100"));
        assert!(lines[2].starts_with("março "), "{text}");
    }

    #[test]
    fn long_labels_are_cut_and_negative_values_draw_nothing() {
        let bars = [
            bar(&"Vendedora Camila Araújo ".repeat(5), 10.0),
            bar("x", -5.0),
        ];
        let text = render(&bars, 60);
        for line in text.lines() {
            assert!(line.width() <= 60, "{line:?}");
        }
        assert!(text.contains('…'));
        assert_eq!(text.lines().nth(1).unwrap().matches('█').count(), 0);
    }

    #[test]
    fn partial_blocks_end_a_bar() {
        assert_eq!(block(0), "");
        assert_eq!(block(8), "█");
        assert_eq!(block(12), "█▌");
    }
}
