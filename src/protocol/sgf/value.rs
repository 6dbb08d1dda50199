//! Property values: the text inside `[...]`, its escapes and line breaks, and the
//! two-letter points.

use super::error::Pos;
use crate::core::Point;

/// One property value, kept as written between `[` and `]` (escapes included); the
/// accessors read it as the FF\[4\] value types need.
///
/// ```
/// use tengen::protocol::sgf::parse;
/// let games = parse("(;C[two\\\nhalves\\]\tand\r\na line]GN[a\nb]AP[tengen\\:x:1.0])").unwrap();
/// let root = games[0].root();
/// let value = |id: &str| root.get(id).unwrap().values()[0].clone();
/// assert_eq!(value("C").text(), "twohalves] and\na line");
/// assert_eq!(value("GN").simple_text(), "a b");
/// assert_eq!(value("AP").compose(), Some(("tengen\\:x", "1.0")));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    raw: String,
    pub(super) at: Pos,
}

impl Value {
    pub(super) fn new(raw: String, at: Pos) -> Value {
        Value { raw, at }
    }

    /// The value exactly as written, escapes included.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The value as FF\[4\] Text: `\` takes the next character literally, a `\` before a
    /// line break removes it (a soft line break), other line breaks become `\n`, and other
    /// white space a space.
    pub fn text(&self) -> String {
        decode(&self.raw, true)
    }

    /// The value as FF\[4\] SimpleText: as [`text`](Self::text), but line breaks become
    /// spaces too.
    pub fn simple_text(&self) -> String {
        decode(&self.raw, false)
    }

    /// The two halves of a compose value `a:b`, split at the first `:` that no `\`
    /// escapes, each as written; `None` without such a `:`.
    pub fn compose(&self) -> Option<(&str, &str)> {
        let mut escaped = false;
        for (i, c) in self.raw.char_indices() {
            match c {
                ':' if !escaped => return Some((&self.raw[..i], &self.raw[i + 1..])),
                '\\' => escaped = !escaped,
                _ => escaped = false,
            }
        }
        None
    }
}

/// Resolves escapes, soft line breaks and white space (see [`Value::text`]).
fn decode(raw: &str, keep_line_breaks: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let escaped = c == '\\';
        let c = match (escaped, chars.next_if(|_| escaped)) {
            (false, _) => c,
            (true, Some(next)) => next,
            (true, None) => break,
        };
        match c {
            '\n' | '\r' => {
                // "\r\n" and "\n\r" are one line break.
                let pair = if c == '\n' { '\r' } else { '\n' };
                chars.next_if_eq(&pair);
                if !escaped {
                    out.push(if keep_line_breaks { '\n' } else { ' ' });
                }
            }
            '\t' | '\x0b' | '\x0c' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` as a value that reads back as itself: `\` and `]` escaped.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The coordinate a point letter stands for: `a`..`z` are 0..25, `A`..`Z` 26..51.
fn coordinate(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// The letter of a coordinate; `?` past the 52 letters (a point no board has, which
/// the reader then rejects).
fn letter(i: u8) -> char {
    match i {
        0..=25 => char::from(b'a' + i),
        26..=51 => char::from(b'A' + i - 26),
        _ => '?',
    }
}

/// The point of a two-letter value (not checked against any board size).
pub(super) fn parse_point(text: &str) -> Option<Point> {
    let mut chars = text.chars();
    let x = coordinate(chars.next()?)?;
    let y = coordinate(chars.next()?)?;
    chars.next().is_none().then_some(Point::new(x, y))
}

/// The two letters of a point.
pub(super) fn point_letters(p: Point) -> String {
    [letter(p.x), letter(p.y)].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(raw: &str) -> Value {
        Value::new(raw.to_string(), Pos { line: 1, column: 1 })
    }

    #[test]
    fn text_resolves_escapes_soft_breaks_and_white_space() {
        assert_eq!(value("a\\]b\\\\c\\:d").text(), "a]b\\c:d");
        assert_eq!(value("soft\\\r\nbreak\\\rs\\\n").text(), "softbreaks");
        assert_eq!(value("x\r\ny\n\rz\rw\nv").text(), "x\ny\nz\nw\nv");
        assert_eq!(value("x\r\ny\n\rz").simple_text(), "x y z");
        assert_eq!(value("tab\there\\\tthere").text(), "tab here there");
        assert_eq!(value("é ü 碁").text(), "é ü 碁");
    }

    #[test]
    fn compose_splits_at_the_first_unescaped_colon() {
        assert_eq!(value("aa:cc").compose(), Some(("aa", "cc")));
        assert_eq!(value("a\\:b:c:d").compose(), Some(("a\\:b", "c:d")));
        assert_eq!(value("a\\\\:b").compose(), Some(("a\\\\", "b")));
        assert_eq!(value("ab").compose(), None);
    }

    #[test]
    fn escaped_text_reads_back_as_itself() {
        for text in [
            "plain",
            "a]b",
            "back\\slash",
            "\\]\\\\]",
            "ends with \\",
            "ü:ß",
        ] {
            assert_eq!(value(&escape(text)).text(), text);
        }
    }

    #[test]
    fn points_use_52_letters() {
        for x in 0..52 {
            for y in [0, 25, 26, 51] {
                let p = Point::new(x, y);
                assert_eq!(parse_point(&point_letters(p)), Some(p));
            }
        }
        assert_eq!(parse_point("aZ"), Some(Point::new(0, 51)));
        for bad in ["", "a", "abc", "a1", "é1", "??"] {
            assert_eq!(parse_point(bad), None);
        }
        assert_eq!(point_letters(Point::new(52, 0)), "?a");
    }
}
