//! The inspector's own speed on a 1 MB URL: analysing and rendering one
//! 120x40 frame, and one edit keystroke (re-analysis and a new frame).

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

criterion_group!(benches, inspector, shapes);
criterion_main!(benches);
