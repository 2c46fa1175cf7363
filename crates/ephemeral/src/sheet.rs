//! Printable spec sheets: one self-contained HTML page for a figure set.
//!
//! Each figure gets a card, as the rulebook's sheet has: name, class,
//! description and figure points; the base specs with Movement and Range in
//! cm; every ability with the player's name for it, its id, cost, type, text
//! and the die it needs in the game's notation; and the trackers players
//! mark with a pencil: one box per hit point, one circle per action, and the
//! prep-token hexagons (three rows of three, the starting tokens filled in).
//! The page carries its own CSS, prints one card per block without splitting
//! it across pages, and needs no network.

use crate::catalogue::{Ability, Catalogue, Class, DieUse};
use crate::figure::{Figure, FigureSet, MAX_SET_POINTS};
use std::fmt::Write;

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    html_escape::encode_quoted_attribute(s).into_owned()
}

/// The colour of a class's card.
fn accent(class: Class) -> &'static str {
    match class {
        Class::Disruptor => "#a8323e",
        Class::Runner => "#23775a",
        Class::Tactician => "#34559a",
        Class::Leader => "#8a6414",
    }
}

const CSS: &str = r#"
:root { --ink: #1c1e23; --muted: #5d6472; --line: #cdd2db; --paper: #ffffff; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #e9ecf1; color: var(--ink);
  font: 14px/1.4 "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.set-head { max-width: 1100px; margin: 0 auto 18px; background: var(--paper); border-radius: 12px;
  padding: 16px 20px; display: flex; justify-content: space-between; gap: 16px; align-items: flex-start;
  border: 1px solid var(--line); }
.set-head h1 { margin: 0; font-size: 26px; letter-spacing: .5px; }
.set-head .meta { color: var(--muted); margin-top: 2px; }
.set-head .desc { margin: 8px 0 0; max-width: 60ch; }
.total { text-align: center; min-width: 120px; }
.total b { display: block; font-size: 30px; line-height: 1; }
.total span { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 1px; }
.cards { max-width: 1100px; margin: 0 auto; display: grid; gap: 18px;
  grid-template-columns: repeat(auto-fill, minmax(480px, 1fr)); }
.card { --accent: #444; background: var(--paper); border: 2px solid var(--accent); border-radius: 12px;
  overflow: hidden; break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column; }
.card-head { background: var(--accent); color: #fff; padding: 10px 14px; display: flex; gap: 12px;
  align-items: center; }
.card-head .who { flex: 1; min-width: 0; }
.card-head h2 { margin: 0; font-size: 22px; overflow-wrap: anywhere; }
.card-head .class { font-size: 12px; text-transform: uppercase; letter-spacing: 2px; opacity: .9; }
.card-head .desc { font-style: italic; opacity: .95; margin-top: 2px; overflow-wrap: anywhere; }
.fp { background: #fff; color: var(--accent); border-radius: 50%; width: 64px; height: 64px; flex: none;
  display: flex; flex-direction: column; align-items: center; justify-content: center; }
.fp b { font-size: 26px; line-height: 1; }
.fp span { font-size: 9px; text-transform: uppercase; letter-spacing: 1px; }
.specs { display: grid; grid-template-columns: repeat(4, 1fr); border-bottom: 1px solid var(--line); }
.spec { padding: 8px 10px; text-align: center; border-right: 1px solid var(--line); }
.spec:last-child { border-right: 0; }
.spec .k { font-size: 11px; text-transform: uppercase; letter-spacing: 1px; color: var(--muted); }
.spec .v { font-size: 22px; font-weight: 700; }
.spec .v small { font-size: 13px; font-weight: 600; color: var(--muted); }
.facts { padding: 6px 14px; color: var(--muted); font-size: 12px; border-bottom: 1px solid var(--line); }
.track { padding: 8px 14px; display: flex; align-items: center; gap: 12px; border-bottom: 1px solid var(--line); }
.track .k { width: 92px; flex: none; font-size: 11px; text-transform: uppercase; letter-spacing: 1px;
  color: var(--muted); }
.boxes { display: flex; flex-wrap: wrap; gap: 4px; }
.hp { width: 18px; height: 18px; border: 2px solid var(--accent); border-radius: 3px; }
.hp:nth-child(5n) { margin-right: 6px; }
.icons { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.icons svg { display: block; }
.hex polygon { fill: #fff; stroke: var(--accent); stroke-width: 2; }
.hex.on polygon { fill: var(--accent); }
.action circle { fill: #fff; stroke: var(--accent); stroke-width: 2.5; }
.hint { font-size: 11px; color: var(--muted); }
.abilities { padding: 10px 14px 14px; display: grid; gap: 10px; }
.ability { border: 1px solid var(--line); border-left: 5px solid var(--accent); border-radius: 8px;
  display: flex; gap: 10px; padding: 8px 10px; }
.die { flex: none; width: 84px; text-align: center; border: 2px solid var(--ink); border-radius: 8px;
  padding: 4px 2px; align-self: flex-start; }
.die b { display: block; font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 15px; }
.die span { display: block; font-size: 9px; color: var(--muted); line-height: 1.2; }
.die.none { border-style: dashed; border-color: var(--line); }
.ab-main { flex: 1; min-width: 0; }
.ab-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
.ab-name { font-weight: 700; font-size: 15px; overflow-wrap: anywhere; }
.ab-id { font-family: "DejaVu Sans Mono", Consolas, monospace; background: var(--accent); color: #fff;
  border-radius: 4px; padding: 0 5px; font-size: 12px; }
.ab-type { font-size: 11px; text-transform: uppercase; letter-spacing: 1px; color: var(--muted); }
.ab-pts { margin-left: auto; font-weight: 700; color: var(--accent); white-space: nowrap; }
.ab-details { font-size: 12px; color: var(--muted); margin-top: 2px; }
.kw { display: inline-block; font-size: 11px; border: 1px solid var(--accent); color: var(--accent);
  border-radius: 10px; padding: 0 7px; margin: 3px 4px 0 0; }
.ab-text { margin: 4px 0 0; }
.none-taken { color: var(--muted); font-style: italic; }
.legend { max-width: 1100px; margin: 18px auto 0; color: var(--muted); font-size: 12px; text-align: center; }
@page { size: A4; margin: 10mm; }
@media print {
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { background: #fff; padding: 0; font-size: 12px; }
  .set-head { border: 0; padding: 0 0 8px; margin-bottom: 8px; border-radius: 0;
    border-bottom: 2px solid var(--ink); }
  .cards { display: block; }
  .card { margin: 0 0 8mm; break-inside: avoid; page-break-inside: avoid; }
  .card:nth-child(2n) { break-after: page; page-break-after: always; }
  .card:last-child { break-after: auto; page-break-after: auto; }
  .legend { break-before: avoid; }
}
"#;

/// A pointy-topped hexagon, filled when the token is available.
fn hexagon(filled: bool) -> &'static str {
    if filled {
        r#"<svg class="hex on" width="22" height="24" viewBox="0 0 22 24" aria-hidden="true"><polygon points="11,1.5 20.5,6.8 20.5,17.2 11,22.5 1.5,17.2 1.5,6.8"/></svg>"#
    } else {
        r#"<svg class="hex" width="22" height="24" viewBox="0 0 22 24" aria-hidden="true"><polygon points="11,1.5 20.5,6.8 20.5,17.2 11,22.5 1.5,17.2 1.5,6.8"/></svg>"#
    }
}

/// An action circle.
fn circle() -> &'static str {
    r#"<svg class="action" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10"/></svg>"#
}

/// The dice a figure may forage, in words (`D6, D4, any die showing 5/6/7`).
fn forage_summary(f: &Figure) -> String {
    let mut out: Vec<String> = Vec::new();
    for a in f.abilities() {
        let s = match &a.ability().die {
            DieUse::None => continue,
            DieUse::AnyForaged => "any die".to_string(),
            DieUse::Values(v) => {
                let vals: Vec<String> = v.iter().map(u8::to_string).collect();
                format!("any die showing {}", vals.join("/"))
            }
            d => d.sides().map(|s| format!("D{s}")).unwrap_or_default(),
        };
        if !s.is_empty() && !out.contains(&s) {
            out.push(s);
        }
    }
    if out.is_empty() { "nothing (no ability needs a die)".into() } else { out.join(", ") }
}

fn ability_html(out: &mut String, a: &Ability, name: Option<&str>) {
    let die_class = if a.die.needs_die() { "die" } else { "die none" };
    let die_text = if a.die.needs_die() { a.die.to_string() } else { "—".into() };
    let title = name.unwrap_or(&a.id);
    let _ = write!(
        out,
        r#"<div class="ability"><div class="{die_class}"><b>{}</b><span>{}</span></div><div class="ab-main"><div class="ab-head"><span class="ab-name">{}</span><span class="ab-id">{}</span><span class="ab-type">{}</span><span class="ab-pts">{} pts</span></div>"#,
        escape(&die_text),
        escape(a.die.how()),
        escape(title),
        escape(&a.id),
        escape(a.kind.label()),
        a.points
    );
    let details = a.details();
    if !details.is_empty() {
        let _ = write!(out, r#"<div class="ab-details">{}</div>"#, escape(&details.join(" · ")));
    }
    if !a.keywords.is_empty() {
        out.push_str("<div>");
        for k in &a.keywords {
            let _ = write!(out, r#"<span class="kw">{}</span>"#, escape(&k.label()));
        }
        out.push_str("</div>");
    }
    let _ = write!(out, r#"<p class="ab-text">{}</p></div></div>"#, escape(&a.text));
}

fn card_html(out: &mut String, f: &Figure, catalogue: &Catalogue) {
    let class = f.class();
    let range = class.base_spec_range();
    let _ = write!(
        out,
        r#"<section class="card" style="--accent: {}"><div class="card-head"><div class="who"><div class="class">{}</div><h2>{}</h2>"#,
        accent(class),
        escape(class.name()),
        escape(f.name())
    );
    if !f.description().is_empty() {
        let _ = write!(out, r#"<div class="desc">{}</div>"#, escape(f.description()));
    }
    let _ = write!(out, r#"</div><div class="fp"><b>{}</b><span>points</span></div></div>"#, f.points());
    let _ = write!(
        out,
        r#"<div class="specs"><div class="spec"><div class="k">Hit points</div><div class="v">{}</div></div><div class="spec"><div class="k">Movement</div><div class="v">{} <small>({} cm)</small></div></div><div class="spec"><div class="k">Force</div><div class="v">{}</div></div><div class="spec"><div class="k">Range</div><div class="v">{} <small>({} cm)</small></div></div></div>"#,
        f.hp(),
        f.movement(),
        f.movement_cm(),
        f.force(),
        f.range(),
        f.range_cm()
    );
    let _ = write!(
        out,
        r#"<div class="facts">Base spec {} (allowed {}–{}) · abilities {} · base {} mm · forages {}</div>"#,
        f.base_spec_points(),
        range.start(),
        range.end(),
        f.ability_points(),
        f.base_mm(),
        escape(&forage_summary(f))
    );
    out.push_str(r#"<div class="track"><div class="k">Hit points</div><div class="boxes">"#);
    for _ in 0..f.hp() {
        out.push_str(r#"<span class="hp"></span>"#);
    }
    out.push_str(r#"</div></div><div class="track"><div class="k">Actions</div><div class="icons">"#);
    for _ in 0..f.actions() {
        out.push_str(circle());
    }
    let _ = write!(out, r#"<span class="hint">{} per game</span></div></div>"#, f.actions());
    let start = usize::from(f.starting_prep_tokens());
    let slots = start.max(9).div_ceil(3) * 3;
    out.push_str(r#"<div class="track"><div class="k">Prep tokens</div><div class="icons">"#);
    for group in 0..slots / 3 {
        out.push_str(r#"<span class="boxes">"#);
        for i in 0..3 {
            out.push_str(hexagon(group * 3 + i < start));
        }
        out.push_str("</span>");
    }
    let hint = if start > 0 { format!("starts with {start}") } else { "starts with none".into() };
    let _ = write!(out, r#"<span class="hint">{hint}</span></div></div>"#);
    out.push_str(r#"<div class="abilities">"#);
    if f.abilities().is_empty() {
        out.push_str(r#"<div class="none-taken">No abilities: this figure moves, attacks and prepares.</div>"#);
    }
    for chosen in f.abilities() {
        let a = catalogue.get(chosen.id()).unwrap_or(chosen.ability());
        ability_html(out, a, chosen.name());
    }
    out.push_str("</div></section>");
}

/// The set's spec sheets as one printable, self-contained HTML page. Ability
/// texts come from `catalogue` (the set's own copies where it lacks one).
pub fn render_html(set: &FigureSet, catalogue: &Catalogue) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — spec sheets</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        escape(set.name())
    );
    let _ = write!(
        out,
        r#"<header class="set-head"><div><h1>{}</h1><div class="meta">{} · {} figure{}"#,
        escape(set.name()),
        escape(set.edition().title()),
        set.figures().len(),
        if set.figures().len() == 1 { "" } else { "s" }
    );
    if let Some(a) = set.author() {
        let _ = write!(out, " · by {}", escape(a));
    }
    out.push_str("</div>");
    if let Some(d) = set.description() {
        let _ = write!(out, r#"<p class="desc">{}</p>"#, escape(d));
    }
    let _ = write!(
        out,
        r#"</div><div class="total"><b>{}/{MAX_SET_POINTS}</b><span>spec points</span></div></header>"#,
        set.points()
    );
    out.push_str("\n<main class=\"cards\">\n");
    for f in set.figures() {
        card_html(&mut out, f, catalogue);
        out.push('\n');
    }
    out.push_str("</main>\n");
    out.push_str(
        r#"<p class="legend">Dice: [D6] a foraged die at face value · [(D6)] a foraged die rolled when used · Remove[D6] a foraged die discarded · [5/6/7] any foraged die showing one of these. Prep tokens: a filled hexagon is a token to spend (cross it out when spent); fill an empty one when the figure prepares. Made with Arbiter.</p>"#,
    );
    out.push_str("\n</body>\n</html>\n");
    out
}
