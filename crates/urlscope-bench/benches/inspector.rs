//! The inspector's own speed on a 1 MB URL: analysing and rendering one
//! frame, and one keystroke (re-analysis and a new frame), at 120x40, at
//! 200x60, at 80x24 with a pane zoomed, and with the tree of a carried
//! 1 MB URL open.

use urlscope::tui;

use criterion::{criterion_group, criterion_main, Criterion};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::hint::black_box;
use std::time::Duration;
use tui::app::App;

use urlscope_bench::big_urls;

fn draw(app: &App, terminal: &mut Terminal<TestBackend>) {
    terminal.draw(|f| tui::view::render(app, f)).expect("draw");
}

/// The inspector on `url` in a 120x40 frame, in edit mode, re-analysing
/// inputs of `background_from` bytes or more on a worker thread.
fn editing(url: &[u8], background_from: usize) -> App {
    let mut app = App::new(url.to_vec(), urlscope_core::Options::default(), true);
    app.size = Rect::new(0, 0, 120, 40);
    app.background_from = background_from;
    app.handle_key(KeyEvent::new(KeyCode::Char('e'), KeyModifiers::NONE));
    app
}

/// Type and delete in turn, so the URL stays the same size.
fn type_or_delete(app: &mut App, flip: &mut bool) {
    let key = if *flip {
        KeyCode::Backspace
    } else {
        KeyCode::Char('x')
    };
    *flip = !*flip;
    app.handle_key(KeyEvent::new(key, KeyModifiers::NONE));
}

fn inspector(c: &mut Criterion) {
    let url = big_urls::repetitive();
    let mut group = c.benchmark_group("inspector_1mb");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    group.bench_function("analyse and render one frame (120x40)", |b| {
        b.iter(|| {
            let mut app = App::new(
                black_box(url.clone()),
                urlscope_core::Options::default(),
                true,
            );
            app.size = Rect::new(0, 0, 120, 40);
            draw(&app, &mut terminal);
        })
    });
    let distinct = big_urls::distinct();
    group.bench_function(
        "analyse and render one frame (120x40), distinct components",
        |b| {
            b.iter(|| {
                let mut app = App::new(
                    black_box(distinct.clone()),
                    urlscope_core::Options::default(),
                    true,
                );
                app.size = Rect::new(0, 0, 120, 40);
                draw(&app, &mut terminal);
            })
        },
    );
    let mut app = editing(&url, usize::MAX);
    let mut flip = false;
    group.bench_function("one edit keystroke, analysis in the UI thread", |b| {
        b.iter(|| {
            type_or_delete(&mut app, &mut flip);
            draw(&app, &mut terminal);
        })
    });
    // As the inspector runs: inputs over 64 KiB are re-analysed on a
    // worker thread, so a keystroke costs the edit and a frame.
    let mut app = editing(&url, 64 * 1024);
    let mut flip = false;
    group.bench_function(
        "one edit keystroke, analysis in the background (as run)",
        |b| {
            b.iter(|| {
                type_or_delete(&mut app, &mut flip);
                black_box(app.pending.take());
                draw(&app, &mut terminal);
            })
        },
    );
    let mut app = App::new(url.clone(), urlscope_core::Options::default(), true);
    app.size = Rect::new(0, 0, 120, 40);
    group.bench_function("one navigation keystroke (render only)", |b| {
        b.iter(|| {
            app.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
            draw(&app, &mut terminal);
        })
    });
    group.finish();
}

/// One frame of each of the other hostile shapes (no target of their own:
/// how far from the 16 ms they are).
fn shapes(c: &mut Criterion) {
    let mut group = c.benchmark_group("inspector_1mb_shapes");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    for (name, url) in big_urls::shapes() {
        group.bench_function(format!("analyse and render one frame, {name}"), |b| {
            b.iter(|| {
                let mut app = App::new(
                    black_box(url.clone()),
                    urlscope_core::Options::default(),
                    true,
                );
                app.size = Rect::new(0, 0, 120, 40);
                draw(&app, &mut terminal);
            })
        });
    }
    group.finish();
}

/// `z` on the pane `tabs` presses of Tab away from the components.
fn zoomed(app: &mut App, tabs: usize) {
    for _ in 0..tabs {
        app.handle_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    }
    app.handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE));
}

/// The same frame and keystrokes at 200x60, and at 80x24 with the bytes
/// pane zoomed (its table and the bits take the whole screen).
fn sizes(c: &mut Criterion) {
    let url = big_urls::repetitive();
    let mut group = c.benchmark_group("inspector_1mb_sizes");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    for (label, w, h, zoom) in [
        ("200x60", 200, 60, false),
        ("80x24, bytes zoomed", 80, 24, true),
    ] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
        let open = || {
            let mut app = App::new(
                black_box(url.clone()),
                urlscope_core::Options::default(),
                true,
            );
            app.size = Rect::new(0, 0, w, h);
            if zoom {
                zoomed(&mut app, 1);
            }
            app
        };
        group.bench_function(format!("analyse and render one frame ({label})"), |b| {
            b.iter(|| draw(&open(), &mut terminal))
        });
        let mut app = open();
        group.bench_function(format!("one navigation keystroke ({label})"), |b| {
            b.iter(|| {
                app.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
                draw(&app, &mut terminal);
            })
        });
        let mut app = editing(&url, 64 * 1024);
        app.size = Rect::new(0, 0, w, h);
        let mut flip = false;
        group.bench_function(format!("one edit keystroke, as run ({label})"), |b| {
            b.iter(|| {
                type_or_delete(&mut app, &mut flip);
                black_box(app.pending.take());
                draw(&app, &mut terminal);
            })
        });
    }
    group.finish();
}

/// A 1 MB URL that carries a 1 MB URL to the metadata endpoint in its
/// `next` value (encoded once more), so the carried URL is analysed in
/// turn and its tree opens by default (it has high warnings).
fn carrying() -> Vec<u8> {
    let inner = big_urls::repetitive();
    let inner = String::from_utf8_lossy(&inner)
        .replace("https://example.com/", "https://169.254.169.254/")
        .replace('%', "%25")
        .replace('/', "%2F")
        .replace(':', "%3A")
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace('?', "%3F");
    let mut url = b"https://victim.example/login?next=".to_vec();
    url.extend_from_slice(inner.as_bytes());
    url.truncate(1_000_000);
    url
}

/// The tree of what a URL carries: a frame with it open, with and
/// without the analysis, and a keystroke moving through it.
fn tree(c: &mut Criterion) {
    let url = carrying();
    let mut group = c.benchmark_group("inspector_1mb_carried");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    let open = || {
        let mut app = App::new(
            black_box(url.clone()),
            urlscope_core::Options::default(),
            true,
        );
        app.size = Rect::new(0, 0, 120, 40);
        // The carried URL selected: its facts over the bytes.
        app.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
        app
    };
    let app = open();
    assert!(app.carried.is_some(), "the tree is open on the carried URL");
    // How much of the frame is the core's: the URL and the URL it carries
    // analysed, nothing drawn.
    group.bench_function("analyse only (urlscope_core::analyze)", |b| {
        b.iter(|| urlscope_core::analyze(black_box(&url), &urlscope_core::Options::default()))
    });
    group.bench_function(
        "analyse and render one frame, the carried URL's tree open (120x40)",
        |b| b.iter(|| draw(&open(), &mut terminal)),
    );
    group.bench_function(
        "render one frame, the carried URL's tree open (120x40)",
        |b| b.iter(|| draw(&app, &mut terminal)),
    );
    let mut app = open();
    let mut down = true;
    group.bench_function("one navigation keystroke in the tree (120x40)", |b| {
        b.iter(|| {
            // Down and up in turn, so it stays among the carried rows.
            let code = if down { KeyCode::Down } else { KeyCode::Up };
            down = !down;
            app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
            draw(&app, &mut terminal);
        })
    });
    group.finish();
}

criterion_group!(benches, inspector, sizes, tree, shapes);
criterion_main!(benches);
