//! The inspector's modes, as types: what the detail pane shows, and what
//! overlay covers the panes. Each mode holds its own state (its scroll,
//! the readings it shows), so two modes that exclude each other cannot be
//! open together, and closing one forgets its state.

use urlscope_core::analysis::Readings;

/// What the detail pane shows.
#[derive(Debug, Clone, Default)]
pub enum Detail {
    /// The selected component's bytes.
    #[default]
    Bytes,
    /// RFC 3986's reading beside WHATWG's (`r`), computed when opened and
    /// after each analysis; `None` when there is no WHATWG reading.
    Readings {
        readings: Option<Readings>,
        scroll: usize,
    },
    /// The selected component encoded by every dialect (`d`).
    Encoders { scroll: usize },
    /// Every place the URL leads to (`L`).
    Leads { scroll: usize },
    /// The corrected URLs whole (`C`).
    Corrected { scroll: usize },
}

/// Which of the views that take the bytes' place: what a key toggles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DetailKind {
    Readings,
    Encoders,
    Leads,
    Corrected,
}

impl Detail {
    /// Which view it is, when it is not the bytes.
    pub fn kind(&self) -> Option<DetailKind> {
        match self {
            Detail::Bytes => None,
            Detail::Readings { .. } => Some(DetailKind::Readings),
            Detail::Encoders { .. } => Some(DetailKind::Encoders),
            Detail::Leads { .. } => Some(DetailKind::Leads),
            Detail::Corrected { .. } => Some(DetailKind::Corrected),
        }
    }

    /// The first line shown of a view that scrolls (0 for the bytes, which
    /// keep their own cursor).
    pub fn scroll(&self) -> usize {
        match self {
            Detail::Bytes => 0,
            Detail::Readings { scroll, .. }
            | Detail::Encoders { scroll }
            | Detail::Leads { scroll }
            | Detail::Corrected { scroll } => *scroll,
        }
    }

    /// The scroll of a view that scrolls.
    pub fn scroll_mut(&mut self) -> Option<&mut usize> {
        match self {
            Detail::Bytes => None,
            Detail::Readings { scroll, .. }
            | Detail::Encoders { scroll }
            | Detail::Leads { scroll }
            | Detail::Corrected { scroll } => Some(scroll),
        }
    }
}

/// The gallery of examples (`g`): the example shown, and the first line
/// of its text shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gallery {
    pub selected: usize,
    pub scroll: usize,
}

/// What covers the panes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Overlay {
    /// Nothing: the panes have the keys.
    #[default]
    None,
    /// The gallery.
    Gallery(Gallery),
    /// The help (`?`), scrolled to `scroll`, over the gallery when it was
    /// opened from it (closing the help goes back to it).
    Help {
        scroll: usize,
        over: Option<Gallery>,
    },
}

impl Overlay {
    /// The help, opened over what is open now.
    pub fn help(self) -> Overlay {
        Overlay::Help {
            scroll: 0,
            over: self.gallery(),
        }
    }

    /// What is left when the help closes.
    pub fn without_help(self) -> Overlay {
        match self {
            Overlay::Help { over: Some(g), .. } => Overlay::Gallery(g),
            Overlay::Help { over: None, .. } => Overlay::None,
            other => other,
        }
    }

    /// Whether the help is open.
    pub fn is_help(self) -> bool {
        matches!(self, Overlay::Help { .. })
    }

    /// The gallery, when it is open (under the help or not).
    pub fn gallery(self) -> Option<Gallery> {
        match self {
            Overlay::Gallery(g) | Overlay::Help { over: Some(g), .. } => Some(g),
            _ => None,
        }
    }

    /// Whether anything covers the panes.
    pub fn is_open(self) -> bool {
        self != Overlay::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mode_holds_its_own_scroll() {
        let mut d = Detail::Leads { scroll: 3 };
        assert_eq!(d.kind(), Some(DetailKind::Leads));
        *d.scroll_mut().unwrap() += 1;
        assert_eq!(d.scroll(), 4);
        assert_eq!(Detail::Bytes.scroll(), 0);
        assert!(Detail::Bytes.scroll_mut().is_none());
        let g = Gallery {
            selected: 2,
            scroll: 0,
        };
        let o = Overlay::Gallery(g);
        assert_eq!(o.gallery(), Some(g));
        assert!(o.is_open() && !o.is_help());
        // The help over the gallery goes back to it.
        let help = o.help();
        assert!(help.is_help() && help.gallery() == Some(g));
        assert_eq!(help.without_help(), o);
        assert_eq!(Overlay::None.help().without_help(), Overlay::None);
    }
}
