//! The page around a lesson: the document head and the stylesheet for the
//! screen (light and dark), the projector (large type, high contrast) and
//! print (A4 and Letter, marks that survive black and white).

use std::io::{self, Write};

/// The stylesheet. Components are told apart by colour *and* by a border
/// style, warnings by a wavy underline, marker bits by bold and payload
/// bits by italics, so a black-and-white print keeps every distinction.
const CSS: &str = r#"
:root { color-scheme: light dark; --bg: #fff; --fg: #111; --dim: #555; --rule: #999;
  --scheme: #0b5394; --authority: #38761d; --path: #7f6000; --query: #741b47; --fragment: #134f5c;
  --warn: #b00020; --marker: #0b5394; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111; --fg: #f2f2f2; --dim: #bbb; --rule: #777;
    --scheme: #8ab4f8; --authority: #93d48b; --path: #f6d365; --query: #f4a6d7; --fragment: #7fdbe8;
    --warn: #ff8a80; --marker: #8ab4f8; }
}
html { background: var(--bg); color: var(--fg); }
body { font: 1.25rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  max-width: 60rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
code, .url, table.bytes td, .bits { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
h1 { font-size: 1.8rem; } h2 { font-size: 1.5rem; border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.25rem; }
.url { font-size: 1.4rem; word-break: break-all; padding: .5rem; border: 1px solid var(--rule); }
.url span { border-bottom: 3px solid; padding-bottom: 1px; }
.k-scheme { color: var(--scheme); border-bottom-style: double !important; }
.k-userinfo, .k-host, .k-port { color: var(--authority); border-bottom-style: solid !important; }
.k-path, .k-path-segment { color: var(--path); border-bottom-style: dotted !important; }
.k-query, .k-query-key, .k-query-value { color: var(--query); border-bottom-style: dashed !important; }
.k-fragment { color: var(--fragment); border-bottom-style: groove !important; }
.url .warned { background: color-mix(in srgb, var(--warn) 18%, transparent);
  text-decoration: underline wavy var(--warn); outline: 2px solid var(--warn); }
.legend span { margin-right: 1rem; border-bottom: 3px solid; }
table { border-collapse: collapse; max-width: 100%; }
td, th { border: 1px solid var(--rule); padding: .15rem .5rem; text-align: left; vertical-align: top; }
table.bytes td { white-space: nowrap; }
.bits b { color: var(--marker); font-weight: 800; }
.bits i { font-style: italic; text-decoration: underline; }
.invalid { color: var(--warn); font-weight: 700; text-decoration: line-through; }
.sev { font-weight: 800; text-transform: uppercase; padding: 0 .3rem; border: 2px solid; }
.sev-high, .sev-critical { color: var(--warn); }
.dim { color: var(--dim); }
section.component { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.5rem; }
svg.chart { max-width: 48rem; display: block; margin-bottom: 1rem; }
svg.chart text { fill: currentColor; font-size: 16px; font-family: system-ui, sans-serif; }
svg.chart rect { fill: var(--scheme); stroke: var(--fg); stroke-width: 1; }
details { border: 1px solid var(--rule); padding: .3rem .6rem; margin-bottom: .5rem; }
summary { cursor: pointer; font-weight: 700; }
nav li { margin-bottom: .3rem; }
@media print {
  @page { margin: 15mm; }
  :root { --bg: #fff; --fg: #000; --dim: #333; }
  body { font-size: 11pt; max-width: none; padding: 0; }
  .url { font-size: 13pt; }
  nav + section.lesson-url, section.lesson-url + section.lesson-url { break-before: page; }
}
"#;

/// Write the document's head and open its body.
pub fn open(out: &mut impl Write, title: &str) -> io::Result<()> {
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
    )
}

/// Close the body and the document.
pub fn close(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "</body>\n</html>")
}
