//! Printable warband sheets: one self-contained HTML page for a warband.
//!
//! The page opens with the warband's name, play mode, alignment and points
//! (spent and limit). Each entry gets a creature card, as the printed cards
//! have: name, tagline, alignment and cost; the eight stats; the standard
//! features line; every feature with its action symbol, range or area, uses
//! and text (upgrades only when taken, marked as such); positioning upgrades
//! and items; and the cost worked out. Under the card, one tracker row per
//! copy for the pencil: HP boxes (one per hit point, or one per 5 or 10 for
//! large totals, as damage comes in fives), hero-point circles and a box per
//! limited use. The page carries its own CSS, prints cards whole, and needs
//! no network.

use crate::alignment::Alignment;
use crate::feature::Feature;
use crate::warband::{Entry, Upgrade, Warband};
use std::fmt::Write;

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    html_escape::encode_quoted_attribute(s).into_owned()
}

/// The colour of a card: by the good–evil row of the alignment grid.
fn accent(a: Alignment) -> &'static str {
    match a.position().0 {
        0 => "#2f63a8",
        1 => "#4b6b34",
        _ => "#a3303b",
    }
}

/// How many hit points one box stands for.
pub fn hp_per_box(hp: i32) -> i32 {
    match hp {
        ..=30 => 1,
        31..=250 => 5,
        _ => 10,
    }
}

const CSS: &str = r#"
:root { --ink: #1c1e23; --muted: #5d6472; --line: #cdd2db; --paper: #ffffff; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #e9ecf1; color: var(--ink);
  font: 14px/1.4 "Segoe UI", Roboto, "Helvetica Neue", Arial, "Segoe UI Symbol", "Noto Sans Symbols 2",
    "Noto Color Emoji", sans-serif; }
.band-head { max-width: 1100px; margin: 0 auto 18px; background: var(--paper); border-radius: 12px;
  padding: 16px 20px; display: flex; justify-content: space-between; gap: 16px; align-items: flex-start;
  border: 1px solid var(--line); }
.band-head h1 { margin: 0; font-size: 26px; }
.band-head .meta { color: var(--muted); margin-top: 2px; }
.band-head .desc { margin: 8px 0 0; max-width: 60ch; }
.total { text-align: center; min-width: 130px; }
.total b { display: block; font-size: 30px; line-height: 1; }
.total span { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 1px; }
.cards { max-width: 1100px; margin: 0 auto; display: grid; gap: 18px;
  grid-template-columns: repeat(auto-fill, minmax(480px, 1fr)); }
.card { --accent: #444; background: var(--paper); border: 2px solid var(--accent); border-radius: 12px;
  overflow: hidden; break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column; }
.card-head { background: var(--accent); color: #fff; padding: 10px 14px; display: flex; gap: 12px; align-items: center; }
.card-head .who { flex: 1; min-width: 0; }
.card-head h2 { margin: 0; font-size: 21px; overflow-wrap: anywhere; }
.card-head .tag { font-size: 12px; opacity: .92; }
.card-head .free { font-size: 12px; font-weight: 700; }
.cost { background: #fff; color: var(--accent); border-radius: 50%; width: 66px; height: 66px; flex: none;
  display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
.cost b { font-size: 24px; line-height: 1; }
.cost span { font-size: 9px; text-transform: uppercase; letter-spacing: 1px; }
.stats { display: grid; grid-template-columns: repeat(8, 1fr); border-bottom: 1px solid var(--line); }
.stat { padding: 6px 2px; text-align: center; border-right: 1px solid var(--line); }
.stat:last-child { border-right: 0; }
.stat .k { font-size: 10px; text-transform: uppercase; letter-spacing: 1px; color: var(--muted); }
.stat .v { font-size: 18px; font-weight: 700; }
.stat .v small { display: block; font-size: 10px; font-weight: 600; color: var(--muted); }
.standard { padding: 6px 14px; color: var(--muted); font-size: 12px; font-style: italic; border-bottom: 1px solid var(--line); }
.features { padding: 8px 14px; display: grid; gap: 6px; }
.feature { border-left: 4px solid var(--accent); padding: 2px 0 2px 8px; }
.f-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
.f-name { font-weight: 700; }
.f-top { font-family: "DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", sans-serif; color: var(--accent); font-weight: 600; }
.f-tag { font-size: 10px; text-transform: uppercase; letter-spacing: 1px; border: 1px solid var(--accent);
  color: var(--accent); border-radius: 8px; padding: 0 6px; }
.f-text { margin: 1px 0 0; }
.costline { padding: 6px 14px; font-size: 12px; color: var(--muted); border-top: 1px solid var(--line); }
.copies { border-top: 1px solid var(--line); padding: 6px 14px 10px; display: grid; gap: 6px; }
.copy { display: flex; gap: 10px; align-items: flex-start; }
.copy .n { width: 28px; flex: none; font-weight: 700; color: var(--accent); }
.track { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.box { width: 14px; height: 14px; border: 2px solid var(--accent); border-radius: 2px; display: inline-block; }
.box:nth-child(5n) { margin-right: 5px; }
.hero { width: 14px; height: 14px; border: 2px solid var(--accent); border-radius: 50%; display: inline-block; }
.hint { font-size: 11px; color: var(--muted); margin-left: 4px; }
.legend { max-width: 1100px; margin: 18px auto 0; color: var(--muted); font-size: 12px; text-align: center; }
@page { size: A4; margin: 10mm; }
@media print {
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { background: #fff; padding: 0; font-size: 12px; }
  .band-head { border: 0; padding: 0 0 8px; margin-bottom: 8px; border-radius: 0; border-bottom: 2px solid var(--ink); }
  .cards { display: block; }
  .card { margin: 0 0 6mm; break-inside: avoid; page-break-inside: avoid; }
  .legend { break-before: avoid; }
}
"#;

fn feature_html(out: &mut String, f: &Feature, tag: Option<&str>) {
    out.push_str(r#"<div class="feature"><div class="f-head">"#);
    let _ = write!(out, r#"<span class="f-name">{}</span>"#, escape(&f.name));
    let top = f.top();
    if !top.is_empty() {
        let _ = write!(out, r#"<span class="f-top">{}</span>"#, escape(&top));
    }
    if let Some(u) = f.uses {
        let _ = write!(out, r#"<span class="f-tag">{}</span>"#, escape(&u.to_string()));
    }
    if let Some(t) = tag {
        let _ = write!(out, r#"<span class="f-tag">{}</span>"#, escape(t));
    }
    out.push_str("</div>");
    if !f.text.is_empty() {
        let _ = write!(out, r#"<p class="f-text">{}</p>"#, escape(&f.text));
    }
    out.push_str("</div>");
}

fn stat(out: &mut String, k: &str, v: &str, small: Option<&str>) {
    let _ = write!(out, r#"<div class="stat"><div class="k">{}</div><div class="v">{}"#, escape(k), escape(v));
    if let Some(s) = small {
        let _ = write!(out, "<small>{}</small>", escape(s));
    }
    out.push_str("</div></div>");
}

fn card_html(out: &mut String, e: &Entry) {
    let c = e.card();
    let s = c.stats();
    let _ = write!(
        out,
        r#"<section class="card" style="--accent: {}"><div class="card-head"><div class="who"><h2>{}{}</h2><div class="tag">{} · {} {}</div>"#,
        accent(c.alignment()),
        escape(&e.label()),
        if e.count() > 1 { format!(" × {}", e.count()) } else { String::new() },
        escape(&c.tagline()),
        escape(c.alignment().symbol()),
        escape(c.alignment().name()),
    );
    if let Some(cmd) = e.free_with() {
        let _ = write!(out, r#"<div class="free">Free: starts with {}</div>"#, escape(cmd));
    }
    let _ = write!(out, r#"</div><div class="cost"><b>{}</b><span>points</span></div></div>"#, e.total());
    out.push_str(r#"<div class="stats">"#);
    let signed = |n: i32| format!("{n:+}");
    stat(out, "Fight", &signed(s.fight), None);
    stat(out, "Armor", &s.armor.to_string(), s.reduced_armor.map(|r| format!("[{r}]")).as_deref());
    stat(out, "Power", &s.power.to_string(), None);
    stat(out, "Fort", &signed(s.fort), None);
    stat(out, "Reflex", &signed(s.reflex), None);
    stat(out, "Will", &signed(s.will), None);
    stat(out, "HP", &s.hp.to_string(), None);
    stat(out, "Speed", &s.speed.to_string(), s.movement.map(|m| m.name()));
    out.push_str("</div>");
    if !c.standard().is_empty() {
        let _ = write!(out, r#"<div class="standard">{}</div>"#, escape(c.standard()));
    }
    out.push_str(r#"<div class="features">"#);
    for f in c.base_features() {
        feature_html(out, f, None);
    }
    for u in e.upgrades() {
        match u {
            Upgrade::Card(f) => feature_html(out, f, Some("upgrade")),
            Upgrade::Positioning(i) => feature_html(out, &Feature::passive(&i.name, &i.text), Some("positioning")),
        }
    }
    for it in e.items() {
        let mut f = Feature::passive(&it.label(), &it.item.text);
        f.action = it.item.action;
        let level = it.item.level.map(|l| format!("level {l} ")).unwrap_or_default();
        feature_html(out, &f, Some(&format!("{level}{}", it.item.kind.label())));
    }
    out.push_str("</div>");
    let _ = write!(out, r#"<div class="costline">{}</div>"#, escape(&cost_line(e)));
    out.push_str(r#"<div class="copies">"#);
    let per_box = hp_per_box(s.hp);
    let boxes = (s.hp + per_box - 1) / per_box;
    let limited: Vec<&Feature> = c
        .base_features()
        .chain(e.upgrades().iter().filter_map(|u| match u {
            Upgrade::Card(f) => Some(&**f),
            Upgrade::Positioning(_) => None,
        }))
        .filter(|f| f.uses.is_some())
        .collect();
    for copy in 1..=e.count() {
        let _ = write!(out, r#"<div class="copy"><span class="n">#{copy}</span><div class="track">"#);
        for _ in 0..boxes {
            out.push_str(r#"<span class="box"></span>"#);
        }
        let hint = if per_box > 1 { format!("HP, each box {per_box}") } else { "HP".into() };
        let _ = write!(out, r#"<span class="hint">{hint}</span>"#);
        if e.hero_points() > 0 {
            out.push_str(r#"<span class="hint">· hero</span>"#);
            for _ in 0..e.hero_points() {
                out.push_str(r#"<span class="hero"></span>"#);
            }
        }
        for f in &limited {
            let _ = write!(out, r#"<span class="hint">· {}</span>"#, escape(&f.name));
            for _ in 0..f.uses.map_or(0, |u| u.count) {
                out.push_str(r#"<span class="box"></span>"#);
            }
        }
        out.push_str("</div></div>");
    }
    out.push_str("</div></section>");
}

/// The cost worked out in words (`9 + 2 × 2 (upgrade, hero point) = 13 each × 3 = 39`).
pub fn cost_line(e: &Entry) -> String {
    if let Some(cmd) = e.free_with() {
        return format!("Free with {cmd} (its card starts with this minion)");
    }
    let c = e.card();
    let mut s = format!("Level {} costs {}", c.level(), c.points());
    let mut what: Vec<String> = Vec::new();
    let n_up = e.upgrades().len();
    if n_up > 0 {
        what.push(format!("{n_up} upgrade{}", if n_up == 1 { "" } else { "s" }));
    }
    let n_it = e.items().len();
    if n_it > 0 {
        what.push(format!("{n_it} item{}", if n_it == 1 { "" } else { "s" }));
    }
    if e.hero_points() > 0 {
        what.push(format!("{} hero point{}", e.hero_points(), if e.hero_points() == 1 { "" } else { "s" }));
    }
    if e.extras() > 0 {
        let _ = write!(s, " + {} × {} ({})", e.extras(), c.upgrade_cost(), what.join(", "));
    }
    let _ = write!(s, " = {}", e.unit_cost());
    if e.count() > 1 {
        let _ = write!(s, " each × {} = {}", e.count(), e.total());
    }
    s.push_str(" points");
    s
}

/// The warband's sheets as one printable, self-contained HTML page.
pub fn render_html(w: &Warband) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — warband sheet</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        escape(w.name())
    );
    let _ = write!(
        out,
        r#"<header class="band-head"><div><h1>{}</h1><div class="meta">Path 2 Victory v1.3 · {}"#,
        escape(w.name()),
        escape(w.mode().name())
    );
    if let Some(a) = w.alignment() {
        let _ = write!(out, " · {} {}", escape(a.symbol()), escape(a.name()));
    }
    let _ = write!(out, " · {} creature{}", w.creatures(), if w.creatures() == 1 { "" } else { "s" });
    if let Some(a) = w.author() {
        let _ = write!(out, " · by {}", escape(a));
    }
    out.push_str("</div>");
    if let Some(d) = w.description() {
        let _ = write!(out, r#"<p class="desc">{}</p>"#, escape(d));
    }
    let total = match w.limit() {
        Some(l) => format!("{}/{l}", w.total()),
        None => w.total().to_string(),
    };
    let _ = write!(out, r#"</div><div class="total"><b>{total}</b><span>points</span></div></header>"#);
    out.push_str("\n<main class=\"cards\">\n");
    for e in w.entries() {
        card_html(&mut out, e);
        out.push('\n');
    }
    out.push_str("</main>\n");
    out.push_str(
        r#"<p class="legend">Actions: ○ free · ● 1 AP · ●○ 1 AP, once per turn · ●● 2 AP · ↻ reaction; no symbol: always on. Tick a box for each hit point lost (or each 5 or 10, as the row says), a circle for each hero point spent, a box for each limited use. Costs follow Table 1 of the Path 2 Victory v1.3 rulebook. Made with Arbiter.</p>"#,
    );
    out.push_str("\n</body>\n</html>\n");
    out
}
