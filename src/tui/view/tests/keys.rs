//! Keys, overlays and zoom: the help, the hint bar, editing and fixing,
//! copying, the mouse, the gallery, and Esc that never quits.

use super::{app, press, screen};
use crate::tui::app::{Action, App};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The help scrolls through every key and the marks' legend, at 80x24
/// too, and Esc, q and ? each close it without quitting.
#[test]
fn help_scrolls_to_its_end_and_lists_every_key() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app("http://example.com/", w, h);
        press(&mut a, KeyCode::Char('?'));
        assert!(a.overlay.is_help());
        let mut seen = String::new();
        for _ in 0..80 {
            seen.push_str(&screen(&a, w, h));
            press(&mut a, KeyCode::Down);
        }
        let flat: String = seen.split_whitespace().collect::<Vec<_>>().join(" ");
        for b in crate::tui::keys::BINDINGS {
            let words = b
                .help
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(flat.contains(&words), "{words} missing at {w}x{h}");
        }
        press(&mut a, KeyCode::End);
        let s = screen(&a, w, h);
        assert!(s.contains("Marks"), "{s}");
        assert!(s.contains("marker bits | payload bits"), "{s}");
        assert!(s.contains("Esc closes"), "{s}");
        insta::assert_snapshot!(format!("help_end_{w}x{h}"), s);
        press(&mut a, KeyCode::Esc);
        for close in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('?')] {
            press(&mut a, KeyCode::Char('?'));
            assert!(a.overlay.is_help());
            press(&mut a, close);
            assert!(
                !a.overlay.is_help() && a.running,
                "{close:?} closes the help, never quits"
            );
        }
    }
}

/// The help opens on the keys of the focused pane.
#[test]
fn help_lists_the_focused_panes_keys_first() {
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Char('?'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("Keys in the bytes pane"), "{s}");
    let first_key = s.lines().nth(2).unwrap_or_default();
    assert!(first_key.contains("switch the byte view"), "{s}");
}

/// The hint bar always ends with `? help` and shows the focused pane's
/// keys, at 80 columns too.
#[test]
fn the_hint_bar_ends_with_help_in_every_pane() {
    let mut a = app("http://example.com/%2e%2e/x?q=1", 80, 24);
    for pane in ["components", "bytes", "warnings"] {
        let s = screen(&a, 80, 24);
        let bar = s.lines().last().unwrap_or_default().trim_end();
        assert!(bar.ends_with("? help"), "{pane}: {bar}");
        assert!(
            bar.contains("q quit") && bar.contains("z zoom"),
            "{pane}: {bar}"
        );
        if pane == "bytes" {
            assert!(bar.contains("v view"), "{bar}");
        }
        press(&mut a, KeyCode::Tab);
    }
    press(&mut a, KeyCode::Char('r'));
    let s = screen(&a, 80, 24);
    let bar = s.lines().last().unwrap_or_default().trim_end();
    assert!(
        bar.contains("↑↓ scroll") && bar.ends_with("? help"),
        "{bar}"
    );
}

#[test]
fn editing_follows_typing_and_esc_restores() {
    let mut a = app("http://example.com/", 120, 40);
    press(&mut a, KeyCode::Char('e'));
    assert!(a.editor.is_some());
    for c in "%2e%2e/".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    assert_eq!(a.analysis.input, b"http://example.com/%2e%2e/");
    assert!(a
        .analysis
        .warnings
        .iter()
        .any(|w| w.code.code() == "path-traversal"));
    press(&mut a, KeyCode::Left);
    press(&mut a, KeyCode::Backspace);
    assert_eq!(a.analysis.input, b"http://example.com/%2e%2/");
    press(&mut a, KeyCode::Home);
    press(&mut a, KeyCode::Delete);
    assert_eq!(a.analysis.input, b"ttp://example.com/%2e%2/");
    screen(&a, 80, 24);
    press(&mut a, KeyCode::Esc);
    assert!(a.editor.is_none());
    assert_eq!(a.analysis.input, b"http://example.com/");
    assert!(a.running, "Esc while editing cancels, it does not quit");
    // Ctrl-U clears, paste inserts, Enter applies.
    press(&mut a, KeyCode::Char('e'));
    a.handle_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    assert_eq!(a.analysis.input, b"");
    a.handle_paste("http://bücher.de/ü");
    press(&mut a, KeyCode::Enter);
    assert!(a.editor.is_none());
    assert_eq!(a.analysis.input, "http://bücher.de/ü".as_bytes());
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Backspace);
    assert_eq!(
        a.analysis.input,
        "http://bücher.de/".as_bytes(),
        "backspace removes a whole character"
    );
}

#[test]
fn copy_keys_ask_for_the_right_text() {
    let mut a = app("http://example.com/a b", 120, 40);
    assert_eq!(
        press(&mut a, KeyCode::Char('c')),
        Action::Copy {
            what: "the cleaned URL",
            text: "http://example.com/a%20b".to_string(),
            caution: None,
        }
    );
    assert_eq!(
        press(&mut a, KeyCode::Char('n')),
        Action::Copy {
            what: "the normalized URL",
            text: "http://example.com/a%20b".to_string(),
            caution: None,
        }
    );
    assert_eq!(
        press(&mut a, KeyCode::Char('D')),
        Action::Copy {
            what: "the defanged URL",
            text: "hxxp://example[.]com/a%20b".to_string(),
            caution: None,
        }
    );
    // Pasted defanged, it is inspected as its URL and copied defanged again.
    let mut a = app("hxxps://evil[.]example/login", 120, 40);
    assert_eq!(a.analysis.input, b"https://evil.example/login");
    let copies_defanged = |a: &mut App| {
        assert_eq!(
            press(a, KeyCode::Char('D')),
            Action::Copy {
                what: "the defanged URL",
                text: "hxxps://evil[.]example/login".to_string(),
                caution: None,
            }
        );
    };
    copies_defanged(&mut a);
    // Edited, it is a live URL; undone, it is the defanged text again,
    // its warning and its defanged copy with it.
    let warned = |a: &App| {
        a.analysis
            .warnings
            .iter()
            .any(|w| w.code == urlscope_core::warnings::WarningCode::DefangedInput)
    };
    assert!(warned(&a));
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.analysis.input, b"https://evil.example/logi");
    assert!(a.analysis.defanged.is_none());
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.analysis.input, b"https://evil.example/login");
    assert!(warned(&a));
    assert!(!a.is_stale());
    // Esc too gives back the text as pasted.
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.analysis.input, b"https://evil.example/login");
    assert!(warned(&a));
    copies_defanged(&mut a);
    // A URL whose own path holds what refang reads, `(dot)`, has its
    // brackets escaped, so that refang gives the cleaned URL back.
    let mut a = app("https://example.com/a(dot)b", 120, 40);
    let defanged = "hxxps://example[.]com/a%28dot%29b";
    assert_eq!(
        press(&mut a, KeyCode::Char('D')),
        Action::Copy {
            what: "the defanged URL",
            text: defanged.to_string(),
            caution: None,
        }
    );
    assert_eq!(
        urlscope_core::defang::refang(defanged.as_bytes()).url,
        b"https://example.com/a%28dot%29b"
    );
    // On the URL a wrapper carries, D copies that URL defanged.
    let mut a = app(
        "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2Fsignin&data=1",
        120,
        40,
    );
    a.select_component(4);
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Down);
    assert!(a.carried.is_some(), "on the carried URL");
    assert_eq!(
        press(&mut a, KeyCode::Char('D')),
        Action::Copy {
            what: "the defanged inner URL",
            text: "hxxps://paypa1[.]com/signin".to_string(),
            caution: None,
        }
    );
    // A control stays escaped, and the status says so: the text `\x1b`
    // copies the same.
    let mut a = app("http://example.com/%1b[2J", 120, 40);
    assert_eq!(
        press(&mut a, KeyCode::Char('y')),
        Action::Copy {
            what: "the component, escaped",
            text: "\\x1b[2J".to_string(),
            caution: None,
        }
    );
    // A byte that is not UTF-8 is copied as the pane shows it, not as a
    // U+FFFD that would lose it.
    let mut c = app("http://example.com/caf%E9", 120, 40);
    assert_eq!(
        press(&mut c, KeyCode::Char('y')),
        Action::Copy {
            what: "the component, escaped",
            text: "caf\\xE9".to_string(),
            caution: None,
        }
    );
    let mut b = app("http://example.com/%5Cx1b[2J", 120, 40);
    assert_eq!(
        press(&mut b, KeyCode::Char('y')),
        Action::Copy {
            what: "the component decoded",
            text: "\\x1b[2J".to_string(),
            caution: None,
        }
    );
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    assert!(!a.running);
}

#[test]
fn mouse_click_selects_a_component() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut a = app("http://example.com/a/b/c", 120, 40);
    let areas = crate::tui::layout::Areas::compute(a.size, a.analysis.warnings.len(), None, 0)
        .expect("areas");
    a.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: areas.components.x + 3,
        row: areas.components.y + 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(a.selected, 0);
    a.handle_mouse(MouseEvent {
        kind: MouseEventKind::ScrollDown,
        column: areas.components.x + 3,
        row: areas.components.y + 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(a.selected, 3);
    // A click on the warning list's border, below its rows, gives it the
    // focus as the keys do: the bytes shown are its warning's.
    let mut a = app("http://example.com/a%2e%2e/b c", 120, 40);
    let areas = crate::tui::layout::Areas::compute(a.size, a.analysis.warnings.len(), None, 0)
        .expect("areas");
    a.select_component(0);
    a.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: areas.warnings.x + 3,
        row: areas.warnings.y + areas.warnings.height - 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(a.focus, crate::tui::app::Pane::Warnings);
    let about = a.analysis.warnings[a.warning].component;
    assert!(about.is_some_and(|c| c > 0), "{about:?}");
    assert_eq!(Some(a.selected), about);
}

#[test]
fn the_gallery_opens_explains_and_loads_an_example() {
    let mut a = app("http://example.com/", 120, 40);
    press(&mut a, KeyCode::Char('g'));
    assert_eq!(a.overlay.gallery().map(|g| g.selected), Some(0));
    press(&mut a, KeyCode::Down);
    let s = screen(&a, 120, 40);
    assert!(s.contains("Gallery"), "{s}");
    assert!(s.contains("What it teaches"), "{s}");
    assert!(
        s.contains("110|00011"),
        "the explanation of the second example: {s}"
    );
    insta::assert_snapshot!("gallery_120x40", s);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay.gallery(), None);
    assert_eq!(a.analysis.input, b"http://example.com/caf%C3%A9");
    press(&mut a, KeyCode::Char('g'));
    press(&mut a, KeyCode::Esc);
    assert!(a.overlay.gallery().is_none() && a.running);
    screen(&a, 80, 24);
}

/// `z` gives each pane (and each overlay) the whole body of the screen;
/// `z` or Esc gives it back.
#[test]
fn every_pane_zooms() {
    let url = "http://example.com/files/%252e%252e%252fetc/passwd?q=%E2%9C%93&x=%ED%A0%80";
    for (w, h) in [(80, 24), (120, 40)] {
        let zoomed = |name: &str, setup: &dyn Fn(&mut App)| {
            let mut a = app(url, w, h);
            setup(&mut a);
            press(&mut a, KeyCode::Char('z'));
            let overlay = name == "help" || name == "gallery";
            // An overlay's zoom is its own: no pane is zoomed under it.
            assert!(
                if overlay {
                    a.overlay_zoom && !a.zoom
                } else {
                    a.zoom
                },
                "{name}"
            );
            let s = screen(&a, w, h);
            assert!(!s.contains("Corrected URL"), "{name} zoomed:\n{s}");
            insta::assert_snapshot!(format!("zoom_{name}_{w}x{h}"), s);
            // A pane's bar says so for as long as it is zoomed.
            if !overlay {
                press(&mut a, KeyCode::Down);
                let s = screen(&a, w, h);
                assert!(
                    s.contains("zoomed (z or Esc: back)"),
                    "{name} after a move:\n{s}"
                );
            }
            let back = if overlay {
                KeyCode::Char('z')
            } else {
                KeyCode::Esc
            };
            press(&mut a, back);
            assert!(
                !a.zoom && !a.overlay_zoom && a.running,
                "{name}: {back:?} gives the screen back"
            );
        };
        zoomed("components", &|_| {});
        zoomed("bytes", &|a| {
            press(a, KeyCode::Tab);
        });
        zoomed("warnings", &|a| {
            press(a, KeyCode::Tab);
            press(a, KeyCode::Tab);
        });
        zoomed("readings", &|a| {
            press(a, KeyCode::Char('r'));
        });
        zoomed("dialects", &|a| {
            a.select_component(7);
            press(a, KeyCode::Char('d'));
        });
        zoomed("gallery", &|a| {
            press(a, KeyCode::Char('g'));
            press(a, KeyCode::Down);
        });
        zoomed("help", &|a| {
            press(a, KeyCode::Char('?'));
        });
    }
}

/// Esc goes back and never quits; q after an edit that was not copied
/// warns once; Ctrl-C quits at once.
#[test]
fn esc_never_quits_and_q_warns_once_about_an_unsaved_edit() {
    let mut a = app("http://example.com/a", 80, 24);
    for _ in 0..3 {
        assert_eq!(press(&mut a, KeyCode::Esc), Action::None);
        assert!(a.running);
    }
    press(&mut a, KeyCode::Char('z'));
    press(&mut a, KeyCode::Esc);
    assert!(!a.zoom && a.running);
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('b'));
    press(&mut a, KeyCode::Enter);
    assert!(a.unsaved);
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::None);
    assert!(
        a.running && a.status.contains("not been copied"),
        "{}",
        a.status
    );
    // Said whole at 80 columns, the keys giving way.
    let s = screen(&a, 80, 24);
    assert!(s.contains("q again quits"), "{s}");
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    // Copying clears the warning.
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('b'));
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Char('c'));
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Char('e'));
    // In the editor Ctrl-C cancels the edit; then it quits.
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(a.handle_key(ctrl_c), Action::None);
    assert!(a.editor.is_none() && a.running);
    assert_eq!(a.handle_key(ctrl_c), Action::Quit);
    assert!(a.interrupted && !a.running);
    let ctrl_z = app("http://x/", 80, 24)
        .handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(ctrl_z, Action::Suspend);
}

/// `E` on a query value: `tom & jerry` stays one value; `u` undoes.
#[test]
fn fixing_a_query_value_encodes_it_for_its_place() {
    let mut a = app("http://example.com/s?q=old&lang=en", 80, 24);
    a.select_component(4);
    assert_eq!(a.analysis.components[4].decoded(), b"old");
    press(&mut a, KeyCode::Char('E'));
    a.handle_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    for c in "tom & jerry".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    let s = screen(&a, 80, 24);
    assert!(s.contains("Fixing [4] query value"), "{s}");
    assert!(s.contains("written  tom%20%26%20jerry"), "{s}");
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.analysis.input,
        b"http://example.com/s?q=tom%20%26%20jerry&lang=en"
    );
    assert_eq!(a.analysis.components.len(), 7, "still two pairs");
    assert_eq!(a.analysis.components[4].decoded(), b"tom & jerry");
    assert_eq!(a.selected, 4);
    // A URL that writes spaces as `+` keeps doing so.
    let mut a = app("http://example.com/s?q=a+b", 80, 24);
    a.select_component(4);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char(' '));
    press(&mut a, KeyCode::Char('+'));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.analysis.input, b"http://example.com/s?q=a+b+%2B");
    // A path segment keeps its slash inside; u undoes, then nothing is left.
    let mut a = app("http://example.com/a/b", 80, 24);
    a.select_component(2);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char('/'));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.analysis.input, b"http://example.com/a%2F/b");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.analysis.input, b"http://example.com/a/b");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.status, "nothing to undo");
    // Esc cancels.
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char('x'));
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.analysis.input, b"http://example.com/a/b");
}

#[test]
fn handout_key_asks_for_the_url_s_page() {
    let mut a = app("http://example.com/<script>", 120, 40);
    match press(&mut a, KeyCode::Char('H')) {
        Action::Handout { host, html } => {
            assert_eq!(host, "example.com");
            let html = String::from_utf8(html).unwrap();
            assert!(html.starts_with("<!DOCTYPE html>"));
            assert!(html.contains("&lt;script&gt;"));
            crate::html::check_inert(&html).unwrap();
        }
        other => panic!("{other:?}"),
    }
}

/// Closing a view of the detail pane (`L`, `r`...) gives the focus back to
/// the pane it took it from: after `Tab Tab L Esc` it was left on the
/// bytes, not on the warnings.
#[test]
fn closing_a_view_gives_the_focus_back() {
    use crate::tui::app::Pane;
    let mut a = app(
        "https://victim.example/login?next=http://127.0.0.1/",
        80,
        24,
    );
    a.focus = Pane::Warnings;
    press(&mut a, KeyCode::Char('L'));
    assert_eq!(a.focus, Pane::Bytes);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.focus, Pane::Warnings);
    // Toggled shut by its own key, and past a second view, the same.
    a.focus = Pane::Components;
    press(&mut a, KeyCode::Char('L'));
    press(&mut a, KeyCode::Char('r'));
    press(&mut a, KeyCode::Char('r'));
    assert_eq!(a.focus, Pane::Components);
}

/// The help read to its end stays at its end when the window narrows and
/// its lines wrap into more: it showed `42-62 of 85` after `End` at
/// 120x40 and a resize to 80x24.
#[test]
fn help_at_its_end_stays_there_on_a_resize() {
    let mut a = app("https://paypa1.com/x", 120, 40);
    press(&mut a, KeyCode::Char('?'));
    press(&mut a, KeyCode::End);
    a.set_size(ratatui::layout::Rect::new(0, 0, 80, 24));
    let s = screen(&a, 80, 24);
    let title = s
        .lines()
        .find(|l| l.contains("Help · "))
        .unwrap_or_default();
    let of = |t: &str| -> Option<(usize, usize)> {
        let range = t.split("Help · ").nth(1)?.split(' ').next()?;
        let total = t.split(" of ").nth(1)?.split(' ').next()?.parse().ok()?;
        Some((range.split('-').nth(1)?.parse().ok()?, total))
    };
    let (last, total) = of(title).expect("the help's title");
    assert_eq!(last, total, "{s}");
}

/// `n` on a URL whose normalized form leads elsewhere than the clean one
/// (RFC 3986's reading of the host, not the browser's) says so with the
/// copy, in the core's words.
#[test]
fn copying_a_normalized_url_that_leads_elsewhere_says_so() {
    let mut a = app("http://evil.com\\@good.com/", 120, 40);
    let Action::Copy { text, caution, .. } = press(&mut a, KeyCode::Char('n')) else {
        panic!("n copies");
    };
    assert_eq!(text, "http://evil.com%5C@good.com/");
    assert_eq!(
        caution.as_deref(),
        Some("normalized leads to good.com; a browser opens evil.com")
    );
}
