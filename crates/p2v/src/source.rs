//! Where things are in a source text: line numbers, paths to values in a
//! TOML document, and clipping of hostile text for messages.
//!
//! Checks that run after parsing (a level out of range, an unknown upgrade)
//! know the path of the offending value (`creature[3].feature[1].uses`), not
//! its position. [`line_at`] walks the document again, with spans, and finds
//! the line of the value at that path, or of the nearest enclosing value
//! when the key is absent.

use std::fmt;
use toml::de::{DeTable, DeValue};

/// The largest file any reader of this crate accepts, in bytes.
pub(crate) const MAX_FILE_BYTES: usize = 1 << 20;

/// One step of a path into a document: a key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seg {
    /// A key of a table.
    Key(&'static str),
    /// An element of an array.
    Index(usize),
}

/// A path to a value, such as `feature[1].uses`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Path(pub(crate) Vec<Seg>);

impl Path {
    /// The empty path (the whole value).
    pub(crate) fn root() -> Path {
        Path(Vec::new())
    }

    /// This path followed by a key.
    pub(crate) fn key(&self, k: &'static str) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Key(k));
        p
    }

    /// This path followed by an index.
    pub(crate) fn index(&self, i: usize) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Index(i));
        p
    }

    /// This path with `other` appended.
    pub(crate) fn join(&self, other: &Path) -> Path {
        let mut p = self.clone();
        p.0.extend(other.0.iter().cloned());
        p
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            match s {
                Seg::Key(k) if i == 0 => f.write_str(k)?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// The 1-based line holding byte `offset` of `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// At most `n` characters of `s`, for messages about hostile input.
pub(crate) fn clip(s: &str, n: usize) -> String {
    if s.chars().count() > n { format!("{}…", s.chars().take(n).collect::<String>()) } else { s.to_string() }
}

/// The line of the value at `path` in the TOML `text`, or of the deepest
/// value on the way to it; `None` when the text does not parse.
pub(crate) fn line_at(text: &str, path: &Path) -> Option<usize> {
    let doc = DeTable::parse(text).ok()?;
    let mut span = doc.span();
    let root = DeValue::Table(doc.into_inner());
    let mut here: &DeValue<'_> = &root;
    for seg in &path.0 {
        let next = match (seg, here) {
            (Seg::Key(k), DeValue::Table(t)) => t.iter().find(|(key, _)| key.get_ref().as_ref() == *k).map(|(_, v)| v),
            (Seg::Index(i), DeValue::Array(a)) => a.get(*i),
            _ => None,
        };
        match next {
            Some(v) => {
                span = v.span();
                here = v.get_ref();
            }
            None => break,
        }
    }
    Some(line_of(text, span.start))
}

/// A serde_json error's message without its "at line … column …" tail.
pub(crate) fn json_message(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The two file formats warband and card files may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// TOML.
    Toml,
    /// JSON.
    Json,
}

impl Format {
    /// The format of a file: by its extension (`.json`, `.toml`), else JSON
    /// when the first non-blank character is `{` or `[`, else TOML.
    pub fn detect(path: Option<&std::path::Path>, text: &str) -> Format {
        match path.and_then(std::path::Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref()
        {
            Some("json") => Format::Json,
            Some("toml") => Format::Toml,
            _ if text.trim_start_matches('\u{feff}').trim_start().starts_with(['{', '[']) => Format::Json,
            _ => Format::Toml,
        }
    }
}

/// Reads a file of at most 1 MiB as text; the error says why not.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err("the file is larger than 1 MiB".into());
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}
