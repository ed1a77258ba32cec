//! Bar charts as files: SVG (text stays text, drawn by whatever opens the file) or PNG (text
//! rasterised with the embedded DejaVu Sans, so no system font or library is needed). One
//! horizontal bar per group, the first group at the top, values along the bottom axis.

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

use super::bars::Bar;

/// The kinds of chart file, by the name's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    Svg,
    Png,
}

impl ChartKind {
    /// `.svg` or `.png` (any case); anything else is not a chart file this tool writes.
    pub fn of_path(path: &std::path::Path) -> Option<ChartKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(ChartKind::Svg),
            "png" => Some(ChartKind::Png),
            _ => None,
        }
    }
}

/// What to draw: a title, the name of the measure along the axis, the bars, and how to write a
/// value on the axis.
pub struct ChartSpec<'a> {
    pub title: &'a str,
    pub measure: &'a str,
    pub bars: &'a [Bar],
    pub axis_label: &'a dyn Fn(f64) -> String,
}

/// The colour of every bar (tests find the bars of an SVG by it).
pub const BAR_COLOR: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
const WIDTH: u32 = 1100;
const FONT: &str = "sans-serif";

/// Height grows with the groups; past a point bars get thinner instead, so a PNG stays a sane size.
fn size(groups: usize) -> (u32, u32) {
    let per_bar = (7_000 / groups.max(1)).clamp(6, 30) as u32;
    (WIDTH, (140 + per_bar * groups as u32).max(320))
}

pub fn render(kind: ChartKind, spec: &ChartSpec) -> Result<Vec<u8>, String> {
    register_font();
    let (width, height) = size(spec.bars.len());
    match kind {
        ChartKind::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
                draw(&root, spec).map_err(|e| e.to_string())?;
                root.present().map_err(|e| e.to_string())?;
            }
            Ok(svg.into_bytes())
        }
        ChartKind::Png => {
            let mut pixels = vec![0u8; (width * height * 3) as usize];
            {
                let root =
                    BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
                draw(&root, spec).map_err(|e| e.to_string())?;
                root.present().map_err(|e| e.to_string())?;
            }
            encode_png(&pixels, width, height)
        }
    }
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // DejaVu Sans is under the Bitstream Vera licence, which allows embedding it in software.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
    });
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let n = spec.bars.len();
    let max = spec.bars.iter().map(|b| b.value).fold(0.0_f64, f64::max);
    let top = if max > 0.0 { max * 1.08 } else { 1.0 };
    let labels: Vec<String> = spec.bars.iter().map(|b| short(&b.label, 40)).collect();
    let label_chars = labels.iter().map(|l| l.chars().count()).max().unwrap_or(4);
    let label_area = (label_chars as u32 * 8 + 16).clamp(60, 380);
    let mut chart = ChartBuilder::on(root)
        .caption(spec.title, (FONT, 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(label_area)
        // A segmented range `0..k` has k + 1 segments: one per group.
        .build_cartesian_2d(0.0..top, (0..n.max(1) - 1).into_segmented())?;
    // The first group is drawn at the top: segment `n - 1 - i` holds group `i`.
    let label_of = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(s) if *s < n => labels[n - 1 - s].clone(),
        _ => String::new(),
    };
    let axis = |v: &f64| (spec.axis_label)(*v);
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n.max(1))
        .y_label_formatter(&label_of)
        .x_label_formatter(&axis)
        .x_desc(spec.measure)
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .draw()?;
    chart.draw_series(spec.bars.iter().enumerate().map(|(i, bar)| {
        let segment = n - 1 - i;
        let mut rect = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(segment)),
                (bar.value.max(0.0), SegmentValue::Exact(segment + 1)),
            ],
            BAR_COLOR.filled(),
        );
        rect.set_margin(2, 2, 0, 0);
        rect
    }))?;
    Ok(())
}

fn short(label: &str, chars: usize) -> String {
    if label.chars().count() <= chars {
        return label.to_string();
    }
    let mut s: String = label.chars().take(chars - 1).collect();
    s.push('…');
    s
}

fn encode_png(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(pixels).map_err(|e| e.to_string())?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec_bars() -> Vec<Bar> {
        ["2024-01 · Camila Araújo", "2024-02 · João", "2024-03 · Zé"]
            .iter()
            .zip([1200.5, 300.0, 0.0])
            .map(|(label, value)| Bar {
                label: label.to_string(),
                value,
                shown: value.to_string(),
            })
            .collect()
    }

    fn render_kind(kind: ChartKind) -> Vec<u8> {
        let bars = spec_bars();
        let axis = |v: f64| format!("{v:.0}");
        render(
            kind,
            &ChartSpec {
                title: "valor by month, seller",
                measure: "valor",
                bars: &bars,
                axis_label: &axis,
            },
        )
        .unwrap()
    }

    #[test]
    fn svg_has_a_bar_per_group_and_the_labels_as_text() {
        let svg = String::from_utf8(render_kind(ChartKind::Svg)).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..100]);
        let fill = "fill=\"#1F77B4\"";
        assert_eq!(svg.matches(fill).count(), 3, "{svg}");
        assert!(svg.contains("Camila Araújo"));
    }

    #[test]
    fn png_is_a_real_image_of_the_chart_size() {
        let png = render_kind(ChartKind::Png);
        assert_eq!(&png[1..4], b"PNG");
        let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((width, height), size(3));
    }

    #[test]
    fn chart_files_are_known_by_their_extension() {
        use std::path::Path;
        assert_eq!(
            ChartKind::of_path(Path::new("a/b.SVG")),
            Some(ChartKind::Svg)
        );
        assert_eq!(ChartKind::of_path(Path::new("b.png")), Some(ChartKind::Png));
        assert_eq!(ChartKind::of_path(Path::new("b.jpg")), None);
        assert_eq!(ChartKind::of_path(Path::new("b")), None);
    }
}
