//! Per-URL cost of the analysis against parsing the same URLs with the
//! `url` crate (WHATWG, Servo) and `ada-url` (WHATWG, C++), on the benign
//! corpus `tests/data/corpus/kasztp.txt`, and on URLs that carry URLs
//! (`urlscope_bench::nested_urls`), where `triage` takes its slow path.
//! See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

use urlscope_bench::lines;

fn per_url(c: &mut Criterion) {
    let urls = lines("corpus/kasztp.txt");
    let strs: Vec<&str> = urls
        .iter()
        .filter_map(|u| std::str::from_utf8(u).ok())
        .collect();
    let mut group = c.benchmark_group("kasztp");
    group.throughput(Throughput::Elements(urls.len() as u64));
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("url::Url::parse", |b| {
        b.iter(|| {
            strs.iter()
                .filter(|s| url::Url::parse(black_box(s)).is_ok())
                .count()
        })
    });
    group.bench_function("ada_url::Url::parse", |b| {
        b.iter(|| {
            strs.iter()
                .filter(|s| ada_url::Url::parse(black_box(s), None).is_ok())
                .count()
        })
    });
    bench_urlscope(&mut group, &urls);
    group.finish();
}

/// urlscope's analyses of `urls`: triage at every severity (the
/// analysis' warnings), at `medium` (what `scan` runs by default), and the
/// full report.
fn bench_urlscope(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    urls: &[Vec<u8>],
) {
    let options = urlscope_core::Options::default();
    group.bench_function("urlscope_core::triage (every severity)", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| urlscope_core::triage::triage(black_box(u), &options).len())
                .sum::<usize>()
        })
    });
    let medium = urlscope_core::warnings::Severity::Medium;
    group.bench_function("urlscope_core::triage_at medium (scan's default)", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| urlscope_core::triage::triage_at(black_box(u), &options, medium).len())
                .sum::<usize>()
        })
    });
    group.bench_function("urlscope_core::analyze (the full report)", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    urlscope_core::analyze(black_box(u), &options)
                        .warnings
                        .len()
                })
                .sum::<usize>()
        })
    });
}

/// The slow path: URLs that carry URLs (percent-encoded, base64, hex, in a
/// JWT, in the path...), each unfolded and analysed in turn.
fn nested(c: &mut Criterion) {
    let urls = urlscope_bench::nested_urls::corpus();
    let strs: Vec<&str> = urls
        .iter()
        .filter_map(|u| std::str::from_utf8(u).ok())
        .collect();
    let mut group = c.benchmark_group("nested");
    group.throughput(Throughput::Elements(urls.len() as u64));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("url::Url::parse", |b| {
        b.iter(|| {
            strs.iter()
                .filter(|s| url::Url::parse(black_box(s)).is_ok())
                .count()
        })
    });
    bench_urlscope(&mut group, &urls);
    group.finish();
}

/// The look-alike check alone, per host: `sites::imitation_of_host` (the
/// public suffix, then the deletion index of the brands and the top
/// sites) on the distinct hosts of kasztp, against `url::Url::parse` of
/// `https://HOST/` for scale.
fn lookalike(c: &mut Criterion) {
    let mut hosts: Vec<String> = lines("corpus/kasztp.txt")
        .iter()
        .filter_map(|u| url::Url::parse(std::str::from_utf8(u).ok()?).ok())
        .filter_map(|u| u.host_str().map(str::to_owned))
        .collect();
    hosts.sort_unstable();
    hosts.dedup();
    let urls: Vec<String> = hosts.iter().map(|h| format!("https://{h}/")).collect();
    // The tables and indexes are built once, before the clock.
    black_box(urlscope_core::sites::imitation_of_host("paypa1.com"));
    let mut group = c.benchmark_group("lookalike");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("sites::imitation_of_host", |b| {
        b.iter(|| {
            hosts
                .iter()
                .filter(|h| urlscope_core::sites::imitation_of_host(black_box(h)).is_some())
                .count()
        })
    });
    group.bench_function("url::Url::parse https://HOST/", |b| {
        b.iter(|| {
            urls.iter()
                .filter(|u| url::Url::parse(black_box(u)).is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, per_url, nested, lookalike);
criterion_main!(benches);
