//! The inspector's geometry: where each pane sits on the screen and how
//! many rows of a list or of the byte table show.
//!
//! The app asks it to scroll, page and hit-test clicks; the views ask it
//! to draw. It is handed the facts it needs (an [`Analysis`], a selection)
//! and uses neither the app nor a view, so the two cannot disagree about a
//! pane's size and neither has to call back into the other.

use crate::tui::carried::LABEL_W;
use crate::tui::keys::{help_lines, Context, HelpLine};
use crate::tui::text::{fit, wrap, wrap_url};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use urlscope_core::analysis::{Analysis, HostReading, Nested};
use urlscope_core::describe::HostFactGroup;
use urlscope_core::split::ComponentKind;
use urlscope_core::warnings::Warning;

/// The smallest terminal the layout is designed for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Inner width of the detail pane from which hex and binary columns, raw
/// and decoded text are all shown together.
const ALL_VIEWS_WIDTH: u16 = 76;
/// Decoding layers listed at most above the byte table.
pub const MAX_LAYER_LINES: usize = 4;

/// The panes that take the focus, in Tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Components,
    Bytes,
    Warnings,
}

/// Where each pane is on screen, shared by rendering and mouse handling.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Areas {
    pub url: Rect,
    pub components: Rect,
    pub detail: Rect,
    pub warnings: Rect,
    pub corrected: Rect,
    pub hints: Rect,
}

impl Areas {
    /// Split the screen for an analysis with `warnings` warnings (the
    /// warning list grows with them); `zoom` gives one pane the whole body
    /// (the other panes get an empty area); the URL pane gets `url_extra`
    /// more rows (the base and reference of `--base`). `None` when the
    /// screen is smaller than 80x24.
    pub fn compute(
        area: Rect,
        warnings: usize,
        zoom: Option<Pane>,
        url_extra: u16,
    ) -> Option<Areas> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let h = area.height;
        let hints = 1;
        if let Some(pane) = zoom {
            let body = body(area);
            let mut areas = Areas {
                hints: Rect::new(area.x, area.y + h - hints, area.width, hints),
                ..Areas::default()
            };
            match pane {
                Pane::Components => areas.components = body,
                Pane::Bytes => areas.detail = body,
                Pane::Warnings => areas.warnings = body,
            }
            return Some(areas);
        }
        // Short screens give the base's lines one row more and take the
        // rest from the URL's own rows.
        let url = if h >= 36 {
            6 + url_extra.min(2)
        } else {
            4 + url_extra.min(1)
        };
        let corrected = 4;
        let warnings_wanted =
            (warnings as u16).clamp(1, if h >= 36 { 10 } else { (h / 5).max(4) }) + 2;
        let warnings = warnings_wanted.min(h.saturating_sub(hints + url + corrected + 10));
        let middle = h - hints - url - corrected - warnings;
        let comp_w = (area.width * 30 / 100).clamp(28, 56);
        let mut y = area.y;
        let mut take = |rows: u16| {
            let r = Rect::new(area.x, y, area.width, rows);
            y += rows;
            r
        };
        let url_r = take(url);
        let mid = take(middle);
        let warnings_r = take(warnings);
        let corrected_r = take(corrected);
        let hints_r = take(hints);
        Some(Areas {
            url: url_r,
            components: Rect::new(mid.x, mid.y, comp_w, mid.height),
            detail: Rect::new(mid.x + comp_w, mid.y, mid.width - comp_w, mid.height),
            warnings: warnings_r,
            corrected: corrected_r,
            hints: hints_r,
        })
    }
}

/// The screen above the hint bar.
pub fn body(area: Rect) -> Rect {
    Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1))
}

/// Where an overlay of at most `w` by `h` cells goes: centred in the body,
/// or the whole body when zoomed.
pub fn overlay(area: Rect, w: u16, h: u16, zoom: bool) -> Rect {
    let body = body(area);
    if zoom {
        return body;
    }
    let w = w.min(body.width);
    let h = h.min(body.height);
    Rect::new(
        body.x + (body.width - w) / 2,
        body.y + (body.height - h) / 2,
        w,
        h,
    )
}

/// What an overlay at `r` clears under it: `r` and a margin of two
/// columns and a row around it, within the body, so no sliver of a pane
/// behind (a border and a letter) shows beside the overlay's own border
/// as if it were part of it.
pub fn under_overlay(area: Rect, r: Rect) -> Rect {
    let body = body(area);
    let x = r.x.saturating_sub(2).max(body.x);
    let y = r.y.saturating_sub(1).max(body.y);
    let right = r.right().saturating_add(2).min(body.right());
    let bottom = r.bottom().saturating_add(1).min(body.bottom());
    Rect::new(x, y, right.saturating_sub(x), bottom.saturating_sub(y))
}

/// Columns the help gives a key's name, a space after the widest
/// (`\x1b \u{202e} ⬚`, 15 columns) included.
pub const HELP_KEY_W: usize = 16;

/// The help overlay for `context` and its lines, each key's sentence
/// word-wrapped beside the key column.
pub fn help_area(area: Rect, context: Context, zoom: bool) -> (Rect, Vec<HelpLine>) {
    let w = if zoom {
        body(area).width
    } else {
        body(area).width.min(92)
    };
    let room = usize::from(w.saturating_sub(2))
        .saturating_sub(HELP_KEY_W + 2)
        .max(8);
    let mut lines = Vec::new();
    for line in help_lines(context) {
        match line {
            HelpLine::Key(k, what) => {
                for (i, part) in wrap(&what, room).into_iter().enumerate() {
                    lines.push(HelpLine::Key(if i == 0 { k } else { "" }, part));
                }
            }
            other => lines.push(other),
        }
    }
    let r = overlay(area, w, (lines.len() as u16).saturating_add(2), zoom);
    (r, lines)
}

/// The gallery overlay and its two panes: the list of examples, and the
/// selected one's explanation.
pub fn gallery_areas(area: Rect, zoom: bool) -> (Rect, Rect, Rect) {
    let r = overlay(area, area.width.saturating_sub(4).min(120), 32, zoom);
    let list_w = (r.width * 2 / 5).clamp(24.min(r.width), 44);
    let list = Rect::new(r.x, r.y, list_w, r.height);
    let text = Rect::new(r.x + list_w, r.y, r.width - list_w, r.height);
    (r, list, text)
}

/// The selected example's text as the gallery shows it: its description,
/// its URL broken between escapes, and the explanation word-wrapped.
pub fn gallery_text(e: &crate::gallery::Example, width: usize) -> Vec<GalleryLine> {
    let width = width.max(8);
    let mut lines: Vec<GalleryLine> = wrap(&urlscope_core::text::escape_str(e.description), width)
        .into_iter()
        .map(GalleryLine::Title)
        .collect();
    lines.extend(
        wrap_url(&urlscope_core::text::escape_str(e.url), width)
            .into_iter()
            .map(GalleryLine::Url),
    );
    lines.push(GalleryLine::Text(String::new()));
    for para in e.explanation.split('\n') {
        lines.extend(
            wrap(&urlscope_core::text::escape_str(para), width)
                .into_iter()
                .map(GalleryLine::Text),
        );
    }
    lines
}

/// A line of the gallery's explanation pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GalleryLine {
    Title(String),
    Url(String),
    Text(String),
}

/// Rows of a bordered list pane (at least one).
pub fn list_height(rect: Rect) -> usize {
    usize::from(rect.height.saturating_sub(2)).max(1)
}

/// The first visible row that keeps `cursor` on a screen of `height` rows.
pub fn keep_visible(scroll: usize, cursor: usize, height: usize) -> usize {
    if cursor < scroll {
        cursor
    } else if cursor >= scroll + height {
        cursor + 1 - height
    } else {
        scroll
    }
}

/// The first row of a list of `total` rows, `height` of which show, that
/// keeps `cursor` in view and leaves no empty rows below the last one:
/// when the list grows taller (a zoom) or shorter (a new analysis), rows
/// scrolled off the top come back instead of blank rows at its foot.
pub fn clamp_scroll(scroll: usize, cursor: usize, height: usize, total: usize) -> usize {
    keep_visible(scroll, cursor, height).min(total.saturating_sub(height))
}

/// Whether the detail pane `area` is wide enough to show every view of the
/// selected component at once.
pub fn shows_all_views(area: Rect) -> bool {
    area.width.saturating_sub(2) >= ALL_VIEWS_WIDTH
}

/// The warning whose text the detail pane shows, in full, while the
/// warning list has the focus: the list cuts each message at its width, and
/// the message is what explains the finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarningText {
    /// The severity mark, name and code that open the first line.
    pub head: String,
    /// The head and message, word-wrapped.
    pub lines: Vec<String>,
}

impl WarningText {
    pub fn new(w: &Warning, width: usize) -> WarningText {
        let head = format!(
            "{} {} {}:",
            Theme::severity_symbol(w.severity),
            w.severity.name(),
            w.code.code()
        );
        // The message is already escaped: nothing in it reaches the
        // terminal as a control.
        // A warning lifted from a carried value says how it is reached
        // (the others name their component).
        let text = match (&w.via, w.component) {
            (Some(via), None) => format!(
                "{head} via {}: {}",
                urlscope_core::text::escape_str(via),
                w.message
            ),
            _ => format!("{head} {}", w.message),
        };
        let lines = wrap(&text, width);
        WarningText { head, lines }
    }

    /// Rows taken: the lines and a rule under them.
    pub fn rows(&self) -> usize {
        self.lines.len() + 1
    }
}

/// The host's facts, when the selected component is the host.
pub fn selected_host(a: &Analysis, selected: usize) -> Option<&HostReading> {
    let is_host = a
        .components
        .get(selected)
        .is_some_and(|c| c.kind == ComponentKind::Host);
    a.host.as_ref().filter(|_| is_host)
}

/// A line of facts about the selected host, above its bytes (the view
/// labels the first `host`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostLine {
    pub text: String,
    /// What the host imitates, or a fact the core calls notable.
    pub notable: bool,
}

/// The host's facts when component `selected` of `a` is its host: a line
/// per group of the core's facts, in its order (its forms, its registrable
/// domain, its scripts and look-alikes), what the host imitates opening
/// its registrable domain's. Each is cut with `…` at the pane's edge, or
/// word-wrapped onto as many lines as it needs when the pane is zoomed.
pub fn host_lines(a: &Analysis, selected: usize, width: usize, zoomed: bool) -> Vec<HostLine> {
    if selected_host(a, selected).is_none() {
        return Vec::new();
    }
    let facts = urlscope_core::describe::host_facts(a);
    let mut groups: Vec<HostFactGroup> = Vec::new();
    for fact in &facts {
        if !groups.contains(&fact.group) {
            groups.push(fact.group);
        }
    }
    let imitates = a
        .destinations
        .first()
        .and_then(|d| d.imitates.as_ref())
        .map(urlscope_core::describe::imitation);
    let room = width.saturating_sub(LABEL_W);
    let mut lines = Vec::new();
    for group in groups {
        let of_group: Vec<&urlscope_core::describe::HostFact> =
            facts.iter().filter(|f| f.group == group).collect();
        let mut texts: Vec<&str> = of_group.iter().map(|f| f.text.as_str()).collect();
        let imitated = group == HostFactGroup::Registrable && imitates.is_some();
        // First, so that a narrow pane still shows it.
        if let (true, Some(i)) = (imitated, &imitates) {
            texts.insert(0, i);
        }
        let text = texts.join(" · ");
        let notable = imitated || of_group.iter().any(|f| f.notable);
        let wrapped = if zoomed {
            wrap(&text, room)
        } else {
            vec![fit(&text, room)]
        };
        lines.extend(wrapped.into_iter().map(|text| HostLine { text, notable }));
    }
    lines
}

/// Bytes of a component's text read to fill `rows` lines of `room`
/// columns: four a column (the longest UTF-8 character) and a few more,
/// so that a text cut there still fills its lines and shows it goes on.
pub fn text_window(room: usize, rows: usize) -> usize {
    room * rows * 4 + 8
}

/// Lines the raw or decoded text `bytes` takes after its label, in `room`
/// columns: one, cut with `…`, or when the pane is zoomed as many as it
/// needs, up to [`ZOOMED_TEXT_LINES`] (the last one then cut with `…`).
pub fn text_rows(bytes: &[u8], room: usize, zoomed: bool) -> usize {
    if !zoomed {
        return 1;
    }
    let cut = bytes.len().min(text_window(room, ZOOMED_TEXT_LINES));
    let columns: usize = urlscope_core::text::pieces(bytes.get(..cut).unwrap_or_default(), 0)
        .iter()
        .map(|p| unicode_width::UnicodeWidthStr::width(p.text.as_str()))
        .sum();
    columns.div_ceil(room.max(1)).clamp(1, ZOOMED_TEXT_LINES)
}

/// Lines the raw and the decoded text each take at most in a zoomed pane.
pub const ZOOMED_TEXT_LINES: usize = 3;

/// How the detail pane's rows are shared out, top to bottom: the text of
/// the warning shown (while the warning list has the focus), the host's
/// facts, the component's raw and decoded text, its decoding layers, the
/// byte table, and the cursor's character bit by bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetailFit {
    /// Lines of the warning's text shown (its rule not counted); fewer
    /// than it has when the pane is short, so the bytes keep some rows.
    pub warning_lines: usize,
    /// Lines of facts about the carried value selected.
    pub value_lines: usize,
    /// Decoding layers listed.
    pub layer_lines: usize,
    /// Rows of the byte table (its header not counted).
    pub table_rows: usize,
    /// Lines explaining the cursor's character.
    pub bit_lines: usize,
}

/// Lines the bit-by-bit explanation may take: two in the normal layout,
/// more when the pane is zoomed.
pub fn bit_lines(zoomed: bool) -> usize {
    if zoomed {
        6
    } else {
        2
    }
}

/// Byte rows the table keeps, at least, when a warning's text is shown.
const MIN_TABLE_ROWS: usize = 3;

impl DetailFit {
    /// Share out the detail pane `area` for component `selected` of `a`,
    /// with the text of warning `shown_warning` above it, or the facts of
    /// the carried `value` found in it.
    pub fn compute(
        area: Rect,
        a: &Analysis,
        selected: usize,
        shown_warning: Option<&Warning>,
        zoomed: bool,
        value: Option<&Nested>,
    ) -> DetailFit {
        let all = shows_all_views(area);
        let inner = usize::from(area.height.saturating_sub(2));
        let width = usize::from(area.width.saturating_sub(2));
        let host = host_lines(a, selected, width, zoomed).len();
        let c = a.components.get(selected);
        let max_layers = if zoomed {
            2 * MAX_LAYER_LINES
        } else {
            MAX_LAYER_LINES
        };
        let mut layer_lines = c.map_or(0, |c| {
            if c.layer_count() > 1 {
                c.layer_count().min(max_layers) + 1
            } else {
                0
            }
        });
        // A carried value's own text is among its facts.
        let text = match c {
            Some(c) if all && value.is_none() => {
                let room = width.saturating_sub(LABEL_W);
                text_rows(c.span.of(&a.input), room, zoomed) + text_rows(c.decoded(), room, zoomed)
            }
            _ => 0,
        };
        // While a warning or a value is read, its text matters more than
        // the bits.
        let reading = (shown_warning.is_some() || value.is_some()) && !zoomed;
        let bits = if reading { 0 } else { bit_lines(zoomed) };
        let value_lines = value.map_or(0, |n| {
            let want = crate::tui::carried::facts(a, n, width, zoomed).len();
            let room = if zoomed {
                inner.saturating_sub(host + layer_lines + 1 + bits + MIN_TABLE_ROWS)
            } else {
                inner / 2
            };
            want.min(room.max(3))
        });
        let keep = if inner < 12 { 2 } else { MIN_TABLE_ROWS };
        let want = shown_warning.map_or(0, |w| WarningText::new(w, width).lines.len());
        // While a warning is read on a short pane, its words come before
        // the decoding layers: they give way down to their heading line
        // (`layers 3 decodings:`), so that up to 3 lines of the message show.
        if want > 0 && !zoomed {
            let fixed = host + text + value_lines + layer_lines + 1 + bits;
            let room = inner.saturating_sub(fixed + keep + 1);
            let short = want.min(3).saturating_sub(room);
            layer_lines -= short.min(layer_lines.saturating_sub(1));
        }
        // Component lines, the value's facts, the table's header, the bits.
        let fixed = host + text + value_lines + layer_lines + 1 + bits;
        let warning_lines = if want > 0 {
            let room = inner.saturating_sub(fixed + keep + 1);
            want.min(room.max(1))
        } else {
            0
        };
        let rule = usize::from(warning_lines > 0);
        DetailFit {
            warning_lines,
            value_lines,
            layer_lines,
            table_rows: inner.saturating_sub(fixed + warning_lines + rule),
            bit_lines: bits,
        }
    }
}
