//! The controller side of GTP: numbered commands, replies read up to a deadline.
//!
//! Every command goes out as `<id> <command>`; the reply is `=<id> text` or `?<id> text`
//! on its first line, then more lines up to an empty one. A reply with another id is a
//! late answer to an earlier command and is skipped; a reply without an id is taken as
//! the answer (some engines leave it out). Any other line (an engine must not print
//! anything else on stdout) is a protocol error.

use crate::engine::{EngineProcess, EngineSpec, EngineStderr, RecvError};
use crate::referee::truncate;
use std::fmt;
use std::io;
use std::time::{Duration, Instant};

/// How a command failed to get a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The engine could not be written to.
    Write(String),
    /// No complete reply came before the deadline.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Eof,
    /// A line that is no part of a reply.
    Garbage(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Write(e) => write!(f, "cannot write to the engine: {e}"),
            GtpError::Timeout => f.write_str("no reply in time"),
            GtpError::Eof => f.write_str("the engine exited or closed its output"),
            GtpError::Garbage(line) => write!(f, "not a GTP reply: {:?}", truncate(line, 80)),
        }
    }
}

/// A reply: `Ok(text)` for success (`=`), `Err(text)` for failure (`?`).
pub type Reply = Result<String, String>;

/// A GTP engine process.
#[derive(Debug)]
pub struct GtpEngine {
    process: EngineProcess,
    next_id: u32,
    commands: Vec<String>,
}

impl GtpEngine {
    /// Starts the engine and asks for `list_commands` (a failure or a timeout leaves the
    /// list empty: the engine is then only sent the required commands).
    pub fn spawn(spec: &EngineSpec, stderr: &EngineStderr, timeout: Duration) -> io::Result<Self> {
        let mut engine = GtpEngine {
            process: EngineProcess::spawn(spec, stderr)?,
            next_id: 1,
            commands: Vec::new(),
        };
        if let Ok(Ok(list)) = engine.command("list_commands", Instant::now() + timeout) {
            engine.commands = list.split_whitespace().map(str::to_string).collect();
        }
        Ok(engine)
    }

    /// Does the engine list this command?
    pub fn knows(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    /// Sends `command` and waits until `deadline` for its reply.
    pub fn command(&mut self, command: &str, deadline: Instant) -> Result<Reply, GtpError> {
        let id = self.next_id;
        self.next_id += 1;
        self.process
            .send(&format!("{id} {command}"))
            .map_err(|e| GtpError::Write(e.to_string()))?;
        loop {
            let (ok, reply_id, first) = self.reply_start(deadline)?;
            let text = self.reply_rest(first, deadline)?;
            if reply_id.is_none() || reply_id == Some(id) {
                return Ok(if ok { Ok(text) } else { Err(text) });
            }
        }
    }

    /// The first line of the next reply: success, its id, the text after the id.
    fn reply_start(&mut self, deadline: Instant) -> Result<(bool, Option<u32>, String), GtpError> {
        loop {
            let line = self.recv(deadline)?;
            let ok = match line.chars().next() {
                None => continue,
                Some('=') => true,
                Some('?') => false,
                Some(_) => return Err(GtpError::Garbage(line)),
            };
            let rest = &line[1..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let id = rest[..digits].parse().ok();
            return Ok((ok, id, rest[digits..].trim().to_string()));
        }
    }

    /// The reply's further lines up to the empty line that ends it, joined to `first`.
    fn reply_rest(&mut self, first: String, deadline: Instant) -> Result<String, GtpError> {
        let mut text = first;
        loop {
            let line = self.recv(deadline)?;
            if line.is_empty() {
                return Ok(text);
            }
            text.push('\n');
            text.push_str(&line);
        }
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, GtpError> {
        self.process.recv_line_until(deadline).map_err(|e| match e {
            RecvError::Timeout => GtpError::Timeout,
            RecvError::Eof => GtpError::Eof,
        })
    }

    /// Sends `quit` (no reply awaited), waits up to `grace` for the engine to exit, then
    /// kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.process.send("quit");
        self.process.shutdown(grace);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(script: &str, timeout: Duration) -> GtpEngine {
        let spec = EngineSpec::shell("t", script);
        GtpEngine::spawn(&spec, &EngineStderr::Null, timeout).unwrap()
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(5)
    }

    #[test]
    fn replies_by_id_multi_line_and_failures() {
        // Answers list_commands (id 1), then a stale reply before the real one (id 2),
        // a reply without id (3), a failure (4), and a two-line reply (5).
        let mut e = engine(
            "read a; printf '=1 genmove\\nname\\n\\n'; \
             read a; printf '=9 old\\n\\n=2 C3\\n\\n'; \
             read a; printf '= pass\\n\\n'; \
             read a; printf '?4 illegal move\\n\\n'; \
             read a; printf '=5 A1 B2\\nC3\\n\\n'; \
             read a; echo oops",
            Duration::from_secs(5),
        );
        assert!(e.knows("genmove") && e.knows("name") && !e.knows("play"));
        assert_eq!(e.command("genmove b", soon()), Ok(Ok("C3".to_string())));
        assert_eq!(e.command("genmove w", soon()), Ok(Ok("pass".to_string())));
        assert_eq!(
            e.command("play b A1", soon()),
            Ok(Err("illegal move".to_string()))
        );
        assert_eq!(
            e.command("final_status_list dead", soon()),
            Ok(Ok("A1 B2\nC3".to_string()))
        );
        assert_eq!(
            e.command("name", soon()),
            Err(GtpError::Garbage("oops".to_string()))
        );
        // The script has exited: the write or the read fails, whichever comes first.
        assert!(matches!(
            e.command("name", soon()),
            Err(GtpError::Eof | GtpError::Write(_))
        ));
    }

    #[test]
    fn silent_engine_times_out() {
        let mut e = engine("exec sleep 30", Duration::from_millis(100));
        assert!(!e.knows("genmove"));
        let t = Instant::now();
        let deadline = Instant::now() + Duration::from_millis(100);
        assert_eq!(e.command("genmove b", deadline), Err(GtpError::Timeout));
        assert!(t.elapsed() < Duration::from_secs(3));
        e.quit(Duration::ZERO);
    }
}
