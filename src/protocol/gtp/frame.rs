//! GTP framing: what a raw input line means (id, name, arguments) and how a reply is
//! written.

use std::fmt;

/// A command line after the preprocessing of the specification: control characters
/// dropped (a tab read as a space), the comment from `#` on cut, blanks trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The controller's id, echoed in the reply.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// The arguments, split on blanks.
    pub args: Vec<String>,
}

impl Command {
    /// The command on `line`; `None` for a line with nothing on it once cleaned.
    pub fn parse(line: &str) -> Option<Command> {
        let clean: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = clean.split_whitespace();
        let first = words.next()?;
        let (id, name) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next()),
            Err(_) => (None, Some(first)),
        };
        Some(Command {
            id,
            // A line holding only an id names no command: answered `unknown command`.
            name: name.unwrap_or("").to_string(),
            args: words.map(str::to_string).collect(),
        })
    }
}

/// A reply: success with a text (maybe several lines, never an empty one) or failure
/// with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `=`
    Success(String),
    /// `?`
    Failure(String),
}

impl Reply {
    /// The empty success.
    pub fn ok() -> Reply {
        Reply::Success(String::new())
    }

    /// The first line of a reply, `=12` or `?` with no text: what a streamed reply
    /// (analysis) starts with.
    pub fn head(success: bool, id: Option<u64>) -> String {
        let mark = if success { '=' } else { '?' };
        match id {
            Some(id) => format!("{mark}{id}"),
            None => mark.to_string(),
        }
    }

    /// The reply to a command with `id`, as written: `=id text`, ending with the empty
    /// line.
    pub fn render(&self, id: Option<u64>) -> String {
        let (success, text) = match self {
            Reply::Success(text) => (true, text),
            Reply::Failure(text) => (false, text),
        };
        let mut out = Reply::head(success, id);
        // An empty line inside would end the reply early.
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if !lines.is_empty() {
            // A text starting with a newline (a board) starts on the next line.
            out.push(if text.starts_with('\n') { '\n' } else { ' ' });
            out.push_str(&lines.join("\n"));
        }
        out.push_str("\n\n");
        out
    }
}

/// A failed command: its message is the reply's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Failure {
    /// `syntax error`
    pub fn syntax() -> Failure {
        Failure("syntax error".into())
    }
}

impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure(s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cleaned_before_parsing() {
        let c = Command::parse("12 play\tb D4 # the corner\r").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(
            (c.name.as_str(), c.args),
            ("play", vec!["b".into(), "D4".into()])
        );
        let c = Command::parse("  gen\u{7}move  w  ").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "genmove"));
        for nothing in ["", "   ", "# only a comment", "\u{1}\u{2}\r"] {
            assert_eq!(Command::parse(nothing), None, "{nothing:?}");
        }
        assert_eq!(Command::parse("7").unwrap().name, "");
    }

    #[test]
    fn replies_carry_the_id_and_end_with_an_empty_line() {
        assert_eq!(Reply::ok().render(None), "=\n\n");
        assert_eq!(Reply::Success("2".into()).render(Some(5)), "=5 2\n\n");
        assert_eq!(
            Reply::Failure("illegal move".into()).render(None),
            "? illegal move\n\n"
        );
        let board = Reply::Success("\nA B\n\n1 .\n".into()).render(Some(1));
        assert_eq!(board, "=1\nA B\n1 .\n\n");
    }
}
