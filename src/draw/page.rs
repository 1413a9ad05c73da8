//! Pages and pictures (`dump` and `explain` with `--format html` or
//! `svg`) for slides and handouts: the head of a self-contained HTML page
//! or the frame of an SVG picture, its light and dark themes, its legend,
//! and styles as inline CSS over named colours. No script, no font or
//! image from the network; text reaches a page only escaped (and a file's
//! bytes only as the glyphs the inspector shows for them).

use std::fmt::Write as _;

use ratatui::style::{Color, Modifier, Style};

use crate::draw::theme::Theme;
use crate::model::ByteRole;

/// The colours of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PageTheme {
    /// Dark text on a light background (for slides and print).
    Light,
    /// Light text on a dark background, as in a terminal.
    Dark,
    /// The viewer's preference (`prefers-color-scheme`).
    Auto,
}

/// Appends `text` to `out` with the characters HTML gives a meaning
/// escaped. (The glyphs a dump writes hold no control character: the
/// inspector's glyph rules show those as pictures.)
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Never expected from a glyph; written as a number if it comes.
            c if c.is_control() => {
                let _ = write!(out, "&#x{:X};", u32::from(c));
            }
            c => out.push(c),
        }
    }
}

/// The CSS of a colour: a named one as the page theme's variable.
fn css_color(color: Color) -> Option<String> {
    let name = match color {
        Color::Reset => return None,
        Color::Black => "black",
        Color::Red => "red",
        Color::Green => "green",
        Color::Yellow => "yellow",
        Color::Blue => "blue",
        Color::Magenta => "magenta",
        Color::Cyan => "cyan",
        Color::Gray => "gray",
        Color::DarkGray => "dark-gray",
        Color::LightRed => "light-red",
        Color::LightGreen => "light-green",
        Color::LightYellow => "light-yellow",
        Color::LightBlue => "light-blue",
        Color::LightMagenta => "light-magenta",
        Color::LightCyan => "light-cyan",
        Color::White => "white",
        Color::Indexed(n) => return Some(format!("var(--ansi-{n}, currentcolor)")),
        Color::Rgb(r, g, b) => return Some(format!("#{r:02x}{g:02x}{b:02x}")),
    };
    Some(format!("var(--{name})"))
}

/// The inline CSS of a cell's style.
pub fn css(style: Style) -> String {
    let mut css = String::new();
    let modifier = style.add_modifier;
    let (mut fg, mut bg) = (style.fg.and_then(css_color), style.bg.and_then(css_color));
    if modifier.contains(Modifier::REVERSED) {
        (fg, bg) = (
            Some(bg.unwrap_or_else(|| "var(--bg)".into())),
            Some(fg.unwrap_or_else(|| "var(--fg)".into())),
        );
    }
    if let Some(fg) = fg {
        let _ = write!(css, "color:{fg};");
    }
    if let Some(bg) = bg {
        let _ = write!(css, "background:{bg};");
    }
    if modifier.contains(Modifier::BOLD) {
        css.push_str("font-weight:bold;");
    }
    if modifier.contains(Modifier::DIM) {
        css.push_str("opacity:.6;");
    }
    if modifier.contains(Modifier::ITALIC) {
        css.push_str("font-style:italic;");
    }
    if modifier.contains(Modifier::UNDERLINED) {
        css.push_str("text-decoration:underline;");
        if let Some(under) = style.underline_color.and_then(css_color) {
            let _ = write!(css, "text-decoration-color:{under};");
        }
    }
    css
}

/// The SVG form of a cell's style: the colour as the text's fill. SVG
/// text has no background, so a style with one (an invalid byte's white
/// on red) is drawn in the background's colour, bold and underlined.
pub fn svg_css(style: Style) -> String {
    let mut css = String::new();
    let modifier = style.add_modifier;
    let fill = match (style.bg.and_then(css_color), style.fg.and_then(css_color)) {
        (Some(bg), _) => Some(bg),
        (None, fg) => fg,
    };
    if let Some(fill) = fill {
        let _ = write!(css, "fill:{fill};");
    }
    if modifier.contains(Modifier::BOLD) || style.bg.is_some() {
        css.push_str("font-weight:bold;");
    }
    if modifier.contains(Modifier::DIM) {
        css.push_str("fill-opacity:.6;");
    }
    if modifier.contains(Modifier::ITALIC) {
        css.push_str("font-style:italic;");
    }
    if modifier.intersects(Modifier::UNDERLINED | Modifier::REVERSED) || style.bg.is_some() {
        css.push_str("text-decoration:underline;");
    }
    css
}

/// The size of an SVG picture's type, in pixels.
pub const SVG_FONT_SIZE: u32 = 14;
/// The height of an SVG picture's line, in pixels.
pub const SVG_LINE: u32 = 19;
/// The margin around an SVG picture's text, in pixels.
pub const SVG_MARGIN: u32 = 16;
/// A monospace cell's width at [`SVG_FONT_SIZE`] (0.6 em, the width of the
/// common monospace fonts), in tenths of a pixel.
const SVG_CELL_TENTHS: u32 = 84;

/// What opens a line of an SVG picture: its place, a line below the last.
pub fn svg_line_start() -> String {
    format!("<tspan x=\"{SVG_MARGIN}\" dy=\"{SVG_LINE}\">")
}

/// A whole SVG picture around `body` (the rows, `lines` of them, each
/// opened by [`svg_line_start`]), `columns` cells wide, with `legend`
/// under the rows. `title` is escaped.
pub fn svg_picture(
    theme: PageTheme,
    title: &str,
    body: &str,
    lines: u32,
    columns: u16,
    legend: &[LegendEntry],
) -> String {
    let legend_lines = legend.len() as u32 + 1;
    let width = 2 * SVG_MARGIN + (u32::from(columns) * SVG_CELL_TENTHS).div_ceil(10);
    let height = 2 * SVG_MARGIN + (lines + legend_lines) * SVG_LINE;
    let mut picture = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<title>"
    );
    escape_into(&mut picture, title);
    let _ = write!(
        picture,
        "</title>\n<style>\n{}\n\
         text{{font-family:ui-monospace,\"DejaVu Sans Mono\",Menlo,Consolas,monospace;\
         font-size:{SVG_FONT_SIZE}px;fill:var(--fg);white-space:pre}}\n</style>\n\
         <rect width=\"100%\" height=\"100%\" style=\"fill:var(--bg)\"/>\n\
         <text xml:space=\"preserve\" y=\"{}\">\n{body}",
        theme_css(theme),
        SVG_MARGIN - SVG_LINE / 4,
    );
    // The legend, a blank line below the rows.
    let _ = writeln!(
        picture,
        "<tspan x=\"{SVG_MARGIN}\" dy=\"{SVG_LINE}\"> </tspan>"
    );
    for &(style, sample, meaning) in legend {
        let _ = writeln!(
            picture,
            "{}<tspan style=\"{}\">{sample}</tspan> {meaning}</tspan>",
            svg_line_start(),
            svg_css(style)
        );
    }
    picture.push_str("</text>\n</svg>\n");
    picture
}

/// The named colours, light theme then dark: (variable, light, dark).
const COLOURS: [(&str, &str, &str); 16] = [
    ("black", "#1f2328", "#1e1e1e"),
    ("red", "#c62828", "#f14c4c"),
    ("green", "#1a7f37", "#23d18b"),
    ("yellow", "#9a6700", "#f5f543"),
    ("blue", "#0550ae", "#3b8eea"),
    ("magenta", "#a626a4", "#d670d6"),
    ("cyan", "#0e7490", "#29b8db"),
    ("gray", "#d0d7de", "#cccccc"),
    ("dark-gray", "#6e7781", "#808080"),
    ("light-red", "#e5534b", "#f14c4c"),
    ("light-green", "#2da44e", "#23d18b"),
    ("light-yellow", "#bf8700", "#f5f543"),
    ("light-blue", "#218bff", "#3b8eea"),
    ("light-magenta", "#c297ff", "#d670d6"),
    ("light-cyan", "#3192aa", "#29b8db"),
    ("white", "#ffffff", "#e5e5e5"),
];

/// The variables of one theme: `--fg`, `--bg` and the named colours.
fn theme_variables(dark: bool) -> String {
    let (fg, bg) = if dark {
        ("#d4d4d4", "#1e1e1e")
    } else {
        ("#1f2328", "#ffffff")
    };
    let mut css = format!("--fg:{fg};--bg:{bg};");
    for (name, light, dark_colour) in COLOURS {
        let _ = write!(css, "--{name}:{};", if dark { dark_colour } else { light });
    }
    css
}

/// The stylesheet's variables for `theme` (both, switched by the viewer's
/// preference, for `auto`).
fn theme_css(theme: PageTheme) -> String {
    match theme {
        PageTheme::Light => format!(":root{{{}}}", theme_variables(false)),
        PageTheme::Dark => format!(":root{{{}}}", theme_variables(true)),
        PageTheme::Auto => format!(
            ":root{{{}}}@media (prefers-color-scheme: dark){{:root{{{}}}}}",
            theme_variables(false),
            theme_variables(true)
        ),
    }
}

/// The page up to the rows: its head, with the stylesheet, and the opening
/// of the block the rows go in. `title` is escaped.
pub fn header(theme: PageTheme, title: &str) -> String {
    let themes = theme_css(theme);
    let mut page = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"utf8scope\">\n<title>",
    );
    escape_into(&mut page, title);
    let _ = write!(
        page,
        "</title>\n<style>\n{themes}\n\
         body{{margin:1.5em;color:var(--fg);background:var(--bg);\
         font-family:ui-monospace,\"DejaVu Sans Mono\",Menlo,Consolas,monospace}}\n\
         pre{{margin:0;font:inherit;line-height:1.35;font-variant-ligatures:none}}\n\
         .legend{{margin-top:1.2em;font-size:.9em}}\n\
         .legend span.key{{padding:0 .3em;margin-right:.4em}}\n\
         </style>\n</head>\n<body>\n<pre class=\"rows\">"
    );
    page
}

/// An entry of a legend: the style it shows, a sample in that style, and
/// what the style means.
pub type LegendEntry = (Style, &'static str, &'static str);

/// The legend of the rows of byte cells (`dump`'s), in the styles they use
/// (with a second reading, its repairs' too).
pub fn rows_legend(also: bool) -> Vec<LegendEntry> {
    let theme = Theme::new(true);
    let mut legend = vec![
        (theme.role(ByteRole::Lead { len: 2 }), "C3", "lead byte"),
        (
            theme.role(ByteRole::Continuation { index: 1, len: 2 }),
            "A9",
            "continuation byte",
        ),
        (theme.error(), "FF", "invalid byte"),
        (theme.quiet(), "110", "marker bits"),
        (
            theme.payload(0),
            "00011",
            "payload bits, one colour per character",
        ),
        (theme.payload(1), "101001", "(the next character's)"),
    ];
    if also {
        legend.push((
            theme.repaired(),
            "é",
            "second reading: what mojibake was meant to say",
        ));
    }
    legend
}

/// `legend` as a page shows it: each sample in its style, then its meaning.
fn legend_block(legend: &[LegendEntry]) -> String {
    let mut block = String::from("<div class=\"legend\">");
    for &(style, sample, meaning) in legend {
        let _ = write!(
            block,
            "<div><span class=\"key\" style=\"{}\">{sample}</span>{meaning}</div>",
            css(style)
        );
    }
    block.push_str("</div>\n");
    block
}

/// The end of the page: the rows' block closed, `legend`, the closing tags.
pub fn footer(legend: &[LegendEntry]) -> String {
    format!("</pre>\n{}</body>\n</html>\n", legend_block(legend))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_controls_are_escaped() {
        let mut out = String::new();
        escape_into(&mut out, "<script>&\"'\u{1b}é");
        assert_eq!(out, "&lt;script&gt;&amp;&quot;&#39;&#x1B;é");
    }

    #[test]
    fn styles_become_inline_css_over_the_theme_s_colours() {
        let theme = Theme::new(true);
        assert_eq!(
            css(theme.role(ByteRole::Lead { len: 2 })),
            "color:var(--cyan);font-weight:bold;"
        );
        let error = css(theme.error());
        assert!(error.contains("background:var(--red)"), "{error}");
        assert_eq!(css(Style::new()), "");
    }

    #[test]
    fn each_theme_sets_every_colour_the_css_names() {
        for theme in [PageTheme::Light, PageTheme::Dark, PageTheme::Auto] {
            let head = header(theme, "x");
            for (name, _, _) in COLOURS {
                assert!(head.contains(&format!("--{name}:")), "{name} in {theme:?}");
            }
        }
        assert!(header(PageTheme::Auto, "x").contains("prefers-color-scheme: dark"));
    }
}
