//! One line of a dump or an explanation being written: text put at columns, each style
//! written where it changes, as ANSI sequences (a terminal, `less -R`), as
//! HTML spans (a page, see [`super::page`]), as an SVG picture's lines, or
//! not at all (plain text).

use std::fmt::Write as _;

use anstyle::{Ansi256Color, AnsiColor, Color as AnsiTermColor, Effects, RgbColor, Style};
use ratatui::style::{Color, Modifier};

use super::page;

/// How a line's styles are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Styling {
    /// Not at all: plain text.
    Plain,
    /// As ANSI escape sequences.
    Ansi,
    /// As HTML spans with inline CSS, the text escaped.
    Html,
    /// As the `<tspan>`s of an SVG picture, a line each.
    Svg,
}

/// A line being written.
pub struct Line {
    /// The line so far (after [`Line::finish`], all of it).
    pub text: String,
    /// The column the text has reached (`u16::MAX`: no line is open).
    column: u16,
    styling: Styling,
    current: ratatui::style::Style,
}

impl Line {
    /// An empty line, styled as `styling` says.
    pub fn new(styling: Styling) -> Line {
        Line {
            text: String::with_capacity(256),
            column: u16::MAX,
            styling,
            current: ratatui::style::Style::new(),
        }
    }

    /// Puts `text`, `width` cells wide, at `column`, which must not be
    /// left of what is already there.
    pub fn put(&mut self, column: u16, text: &str, width: usize, style: ratatui::style::Style) {
        if self.column == u16::MAX {
            // The first put after `finish` (or ever): a new line.
            self.text.clear();
            self.column = 0;
            if self.styling == Styling::Svg {
                self.text.push_str(&page::svg_line_start());
            }
        }
        debug_assert!(column >= self.column, "text is put left to right");
        if column > self.column {
            self.set_style(ratatui::style::Style::new());
            let gap = usize::from(column - self.column);
            self.text.extend(std::iter::repeat_n(' ', gap));
            self.column = column;
        }
        self.set_style(style);
        match self.styling {
            Styling::Html | Styling::Svg => page::escape_into(&mut self.text, text),
            Styling::Plain | Styling::Ansi => self.text.push_str(text),
        }
        self.column += width as u16;
    }

    fn set_style(&mut self, style: ratatui::style::Style) {
        if style == self.current {
            return;
        }
        match self.styling {
            Styling::Plain => return,
            Styling::Ansi => {
                let old = ansi_style(self.current);
                let new = ansi_style(style);
                let _ = write!(self.text, "{}{}", old.render_reset(), new.render());
            }
            Styling::Html => {
                if self.current != ratatui::style::Style::new() {
                    self.text.push_str("</span>");
                }
                if style != ratatui::style::Style::new() {
                    let _ = write!(self.text, "<span style=\"{}\">", page::css(style));
                }
            }
            Styling::Svg => {
                if self.current != ratatui::style::Style::new() {
                    self.text.push_str("</tspan>");
                }
                if style != ratatui::style::Style::new() {
                    let _ = write!(self.text, "<tspan style=\"{}\">", page::svg_css(style));
                }
            }
        }
        self.current = style;
    }

    /// Ends the line: `text` holds it, line end included, until the next
    /// `put` starts another.
    pub fn finish(&mut self) {
        self.set_style(ratatui::style::Style::new());
        if self.styling == Styling::Svg {
            self.text.push_str("</tspan>");
        }
        self.text.push('\n');
        self.column = u16::MAX;
    }
}

/// Appends `text` in `style` to `out`, written as `styling` says, as one
/// piece: for text that is not laid out in columns (`explain`'s lines).
/// Every char of `text` is escaped in a page or a picture.
pub fn styled_into(out: &mut String, styling: Styling, style: ratatui::style::Style, text: &str) {
    let plain = style == ratatui::style::Style::new();
    match styling {
        Styling::Plain => out.push_str(text),
        Styling::Ansi if plain => out.push_str(text),
        Styling::Ansi => {
            let ansi = ansi_style(style);
            let _ = write!(out, "{}{text}{}", ansi.render(), ansi.render_reset());
        }
        Styling::Html if plain => page::escape_into(out, text),
        Styling::Html => {
            let _ = write!(out, "<span style=\"{}\">", page::css(style));
            page::escape_into(out, text);
            out.push_str("</span>");
        }
        Styling::Svg if plain => page::escape_into(out, text),
        Styling::Svg => {
            let _ = write!(out, "<tspan style=\"{}\">", page::svg_css(style));
            page::escape_into(out, text);
            out.push_str("</tspan>");
        }
    }
}

/// A ratatui style (its colour and modifiers) as an ANSI style.
fn ansi_style(style: ratatui::style::Style) -> Style {
    let modifier = style.add_modifier;
    let color = match style.fg.unwrap_or(Color::Reset) {
        Color::Reset => None,
        Color::Black => Some(AnsiColor::Black.into()),
        Color::Red => Some(AnsiColor::Red.into()),
        Color::Green => Some(AnsiColor::Green.into()),
        Color::Yellow => Some(AnsiColor::Yellow.into()),
        Color::Blue => Some(AnsiColor::Blue.into()),
        Color::Magenta => Some(AnsiColor::Magenta.into()),
        Color::Cyan => Some(AnsiColor::Cyan.into()),
        Color::Gray => Some(AnsiColor::White.into()),
        Color::DarkGray => Some(AnsiColor::BrightBlack.into()),
        Color::LightRed => Some(AnsiColor::BrightRed.into()),
        Color::LightGreen => Some(AnsiColor::BrightGreen.into()),
        Color::LightYellow => Some(AnsiColor::BrightYellow.into()),
        Color::LightBlue => Some(AnsiColor::BrightBlue.into()),
        Color::LightMagenta => Some(AnsiColor::BrightMagenta.into()),
        Color::LightCyan => Some(AnsiColor::BrightCyan.into()),
        Color::White => Some(AnsiColor::BrightWhite.into()),
        Color::Indexed(n) => Some(AnsiTermColor::Ansi256(Ansi256Color(n))),
        Color::Rgb(r, g, b) => Some(AnsiTermColor::Rgb(RgbColor(r, g, b))),
    };
    let mut effects = Effects::new();
    for (flag, effect) in [
        (Modifier::BOLD, Effects::BOLD),
        (Modifier::DIM, Effects::DIMMED),
        (Modifier::ITALIC, Effects::ITALIC),
        (Modifier::UNDERLINED, Effects::UNDERLINE),
        (Modifier::REVERSED, Effects::INVERT),
    ] {
        if modifier.contains(flag) {
            effects |= effect;
        }
    }
    Style::new().fg_color(color).effects(effects)
}
