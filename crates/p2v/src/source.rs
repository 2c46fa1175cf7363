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
    /// The format of a file: by its extension (`.json`, `.toml`), else by
    /// its text. JSON starts with `{` or `[`, but so may TOML, whose first
    /// line may be a table header (`[[entry]]`, `[warband]`, `[a."b c"]`):
    /// text that starts with `[` is TOML when its first line is such a
    /// header (followed by the end of the line or a comment), and JSON
    /// otherwise (`[{`, `[\n  {`, `[]`, `[[1, 2]]`). Anything else is TOML.
    pub fn detect(path: Option<&std::path::Path>, text: &str) -> Format {
        match path.and_then(std::path::Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref()
        {
            Some("json") => Format::Json,
            Some("toml") => Format::Toml,
            _ => Format::of_text(text),
        }
    }

    /// The format of a text, by its first characters (see [`Format::detect`]).
    fn of_text(text: &str) -> Format {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') {
            Format::Json
        } else if t.starts_with('[') {
            if is_table_header(t.lines().next().unwrap_or_default()) { Format::Toml } else { Format::Json }
        } else {
            Format::Toml
        }
    }
}

/// Whether `line` is a TOML table header, `[key]` or `[[key]]` with a
/// dotted key of bare or quoted parts, then nothing but a comment.
fn is_table_header(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else { return false };
    let (mut rest, close) = match rest.strip_prefix('[') {
        Some(r) => (r, "]]"),
        None => (rest, "]"),
    };
    loop {
        rest = rest.trim_start_matches([' ', '\t']);
        rest = match rest.chars().next() {
            Some('"') => match basic_string_end(&rest[1..]) {
                Some(n) => &rest[1 + n..],
                None => return false,
            },
            Some('\'') => match rest[1..].find('\'') {
                Some(n) => &rest[n + 2..],
                None => return false,
            },
            _ => {
                let n = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(rest.len());
                if n == 0 {
                    return false;
                }
                &rest[n..]
            }
        };
        rest = rest.trim_start_matches([' ', '\t']);
        match rest.strip_prefix('.') {
            Some(r) => rest = r,
            None => break,
        }
    }
    match rest.strip_prefix(close) {
        Some(r) => {
            let r = r.trim();
            r.is_empty() || r.starts_with('#')
        }
        None => false,
    }
}

/// Where a TOML basic string that began just before `s` ends: the byte
/// after its closing quote, skipping escaped characters.
fn basic_string_end(s: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// Reads a file of at most 1 MiB as text; the error says why not.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err("the file is larger than 1 MiB".into());
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use std::path::Path as FsPath;

    #[test]
    fn toml_that_starts_with_a_table_header_is_not_json() {
        for toml in [
            "[[entry]]\ncreature = \"Boar\"",
            "[[creature]]\nname = \"X\"",
            "[warband]\nname = \"X\"",
            "\u{feff}\n  [[entry]]  # the first creature\r\ncreature = \"Boar\"",
            "[ warband . \"the raiders\" ]\nname = 1",
            "[a.'b c'.\"d\\\"e\"]",
            "[[entry]]",
            "name = \"X\"",
            "# a comment\n[[entry]]",
            "",
        ] {
            assert_eq!(Format::detect(None, toml), Format::Toml, "{toml:?}");
        }
        for json in [
            "{\"name\": 1}",
            "\u{feff} {\"name\": 1}",
            "[{\"name\": 1}]",
            "[\n  {\"name\": 1}\n]",
            "[]",
            "[ ]",
            "[[1, 2], [3]]",
            "[\"a\", \"b\"]",
            "[1, 2]",
            "[\n",
            "[{\"name\": 1},",
        ] {
            assert_eq!(Format::detect(None, json), Format::Json, "{json:?}");
        }
        // The extension decides when there is one.
        assert_eq!(Format::detect(Some(FsPath::new("band.JSON")), "[[entry]]"), Format::Json);
        assert_eq!(Format::detect(Some(FsPath::new("band.toml")), "{"), Format::Toml);
        assert_eq!(Format::detect(Some(FsPath::new("band")), "[[entry]]\n"), Format::Toml);
        assert_eq!(Format::detect(Some(FsPath::new("band.txt")), "[{}]"), Format::Json);
    }
}
