//! A small GTP controller for tests that talk to another engine: it starts the engine's
//! process, sends one command at a time and reads the reply up to the blank line that ends
//! every GTP response. Also the GTP vertex notation (`D4`: column letters without `I`, rows
//! counted from the bottom) to and from [`Point`] (rows counted from the top).

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tengen::core::Point;

/// Column letters of GTP vertices: `I` is skipped.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a command got no success reply.
#[derive(Debug)]
pub enum GtpError {
    /// Writing to or reading from the engine failed, or it closed its output.
    Io(io::Error),
    /// The engine answered `? message`.
    Refused(String),
    /// The reply started with neither `=` nor `?`.
    Garbled(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Io(e) => write!(f, "talking to the engine failed: {e}"),
            GtpError::Refused(why) => write!(f, "the engine refused: {why}"),
            GtpError::Garbled(reply) => write!(f, "not a GTP reply: {reply:?}"),
        }
    }
}

impl From<io::Error> for GtpError {
    fn from(e: io::Error) -> Self {
        GtpError::Io(e)
    }
}

/// A running GTP engine. Dropping it closes the engine's input and waits for it to exit.
pub struct GtpClient {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl GtpClient {
    /// Starts `program` with `args`; the engine's stderr goes to ours.
    pub fn spawn(program: &Path, args: &[&str]) -> io::Result<GtpClient> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("stdout was piped"));
        Ok(GtpClient {
            child,
            input,
            output,
        })
    }

    /// Sends one command line and returns the text of the success reply, without the `=`
    /// and with the lines of a multi-line reply joined by `\n`.
    pub fn send(&mut self, command: &str) -> Result<String, GtpError> {
        let input = self.input.as_mut().ok_or_else(|| {
            GtpError::Io(io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))
        })?;
        writeln!(input, "{command}")?;
        input.flush()?;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("the engine closed its output after {command:?}"),
                )
                .into());
            }
            let line = line.trim_end_matches(['\r', '\n']);
            // Leading blank lines are not a reply yet (there are none in a clean stream).
            if line.is_empty() && !lines.is_empty() {
                break;
            }
            if !line.is_empty() {
                lines.push(line.to_string());
            }
        }
        let reply = lines.join("\n");
        let (status, text) = reply.split_at(1.min(reply.len()));
        // A reply may carry the command's id (`=12 text`); ours never send one.
        let text = text.trim().to_string();
        match status {
            "=" => Ok(text),
            "?" => Err(GtpError::Refused(text)),
            _ => Err(GtpError::Garbled(reply)),
        }
    }

    /// [`send`](Self::send) for commands that must succeed: panics with the command and
    /// the engine's answer otherwise.
    pub fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("GTP command {command:?}: {e}"))
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        // End of input is the polite way to stop a GTP engine; kill it if it lingers.
        drop(self.input.take());
        for _ in 0..100 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The GTP vertex of `p` on a board of side `n` (`Point::new(0, 0)` is the top-left `A{n}`).
pub fn vertex(p: Point, n: usize) -> String {
    format!(
        "{}{}",
        char::from(COLUMNS[usize::from(p.x)]),
        n - usize::from(p.y)
    )
}

/// The point of a GTP vertex such as `d4` or `J10` on a board of side `n`; `None` for
/// anything else (`pass` included).
pub fn parse_vertex(text: &str, n: usize) -> Option<Point> {
    let upper = text.to_ascii_uppercase();
    let (letter, row) = upper.as_bytes().split_first()?;
    let x = COLUMNS[..n.min(COLUMNS.len())]
        .iter()
        .position(|c| c == letter)?;
    let row: usize = std::str::from_utf8(row).ok()?.parse().ok()?;
    (1..=n)
        .contains(&row)
        .then(|| Point::new(x as u8, (n - row) as u8))
}
