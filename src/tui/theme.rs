//! The inspector's colours, in one place. With colour off (`NO_COLOR`,
//! `--color never`) every mark that matters survives as a modifier
//! (underline, reverse, bold) or a symbol.

use ratatui::style::{Color, Modifier, Style};
use urlscope_core::split::ComponentKind;
use urlscope_core::warnings::Severity;

#[derive(Debug, Clone, Copy)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn kind(self, k: ComponentKind) -> Style {
        self.fg(match k {
            ComponentKind::Scheme => Color::Magenta,
            ComponentKind::Userinfo => Color::Red,
            ComponentKind::Host => Color::Green,
            ComponentKind::Port => Color::Cyan,
            ComponentKind::PathSegment => Color::Blue,
            ComponentKind::QueryKey => Color::Yellow,
            ComponentKind::QueryValue => Color::LightYellow,
            ComponentKind::Fragment => Color::LightMagenta,
        })
    }

    pub fn severity(self, s: Severity) -> Style {
        if self.color {
            match s {
                Severity::High => Style::new()
                    .fg(Color::LightRed)
                    .add_modifier(Modifier::BOLD),
                Severity::Medium => Style::new().fg(Color::Yellow),
                Severity::Low => Style::new().fg(Color::Cyan),
                Severity::Info => Style::new().fg(Color::Gray),
            }
        } else {
            match s {
                Severity::High => Style::new().add_modifier(Modifier::BOLD),
                _ => Style::new(),
            }
        }
    }

    /// A one-cell mark for a severity, readable without colour.
    pub fn severity_symbol(s: Severity) -> &'static str {
        match s {
            Severity::High => "▲",
            Severity::Medium => "●",
            Severity::Low => "○",
            Severity::Info => "·",
        }
    }

    /// Bytes behind a warning, on the URL line.
    pub fn warned(self, s: Severity) -> Style {
        let base = Style::new().add_modifier(Modifier::UNDERLINED);
        if self.color {
            base.underline_color(match s {
                Severity::High => Color::LightRed,
                Severity::Medium => Color::Yellow,
                Severity::Low => Color::Cyan,
                Severity::Info => Color::Gray,
            })
        } else {
            base
        }
    }

    /// Bytes of the selected warning, everywhere.
    pub fn highlight(self) -> Style {
        let base = Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD);
        if self.color {
            base.fg(Color::LightRed)
        } else {
            base
        }
    }

    /// Bytes that are not UTF-8.
    pub fn invalid(self) -> Style {
        if self.color {
            Style::new().fg(Color::White).bg(Color::Red)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Escaped control characters and other stand-ins.
    pub fn escaped(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::ITALIC)
        } else {
            Style::new().add_modifier(Modifier::ITALIC)
        }
    }

    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn changed(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED)
        }
    }

    pub fn title(self, focused: bool) -> Style {
        if focused {
            let s = Style::new().add_modifier(Modifier::BOLD);
            if self.color {
                s.fg(Color::LightCyan)
            } else {
                s.add_modifier(Modifier::REVERSED)
            }
        } else {
            Style::new()
        }
    }

    pub fn marker_bits(self) -> Style {
        if self.color {
            Style::new().fg(Color::LightMagenta)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The payload bits of group `i` of a character (Table 3-5's `u z y
    /// x`), the same colour in the code point and in its byte. Without
    /// colour the `|` and the spaces tell the groups apart.
    pub fn bit_group(self, i: usize) -> Style {
        const GROUPS: [Color; 4] = [
            Color::LightCyan,
            Color::LightYellow,
            Color::LightGreen,
            Color::LightBlue,
        ];
        match GROUPS.get(i % GROUPS.len()) {
            Some(&c) if self.color => Style::new().fg(c),
            _ => Style::new(),
        }
    }
}
