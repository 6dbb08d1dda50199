//! Engine processes: spawning, line-based I/O with deadlines, and shutdown.
//!
//! Each engine's standard output is read by a thread of its own that forwards complete
//! lines over a channel, so the match can wait for a line with a deadline and never blocks
//! on a silent or hung engine. A process is always killed and reaped when its
//! [`EngineProcess`] is dropped.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line kept from an engine; the rest of a longer line is read as further lines.
const MAX_LINE: u64 = 64 * 1024;

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name used in reports and logs.
    pub name: String,
    pub program: String,
    pub args: Vec<String>,
}

impl EngineSpec {
    /// An engine from a command line split on white space (no quoting): the first word is
    /// the program, the others its arguments. `None` if the line is blank.
    ///
    /// ```
    /// use tengen_tuning::engine::EngineSpec;
    /// let e = EngineSpec::from_command_line("a", "./pbrain-x --threads 1").unwrap();
    /// assert_eq!((e.program.as_str(), e.args.len()), ("./pbrain-x", 2));
    /// ```
    pub fn from_command_line(name: &str, command: &str) -> Option<EngineSpec> {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next()?;
        Some(EngineSpec {
            name: name.to_string(),
            program,
            args: words.collect(),
        })
    }

    /// An engine run by `sh -c command` (quoting, environment variables, pipes...).
    pub fn shell(name: &str, command: &str) -> EngineSpec {
        EngineSpec {
            name: name.to_string(),
            program: "sh".to_string(),
            args: vec!["-c".to_string(), command.to_string()],
        }
    }
}

/// Where engines' standard error goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineStderr {
    /// The runner's own standard error.
    #[default]
    Inherit,
    /// Discarded.
    Null,
    /// Appended to a file (shared by all engine processes).
    File(PathBuf),
}

/// Why no line came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecvError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its standard output (it exited or crashed).
    Eof,
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    reaped: bool,
}

impl EngineProcess {
    /// Starts the engine with piped standard input and output.
    pub fn spawn(spec: &EngineSpec, stderr: &EngineStderr) -> io::Result<EngineProcess> {
        let stderr = match stderr {
            EngineStderr::Inherit => Stdio::inherit(),
            EngineStderr::Null => Stdio::null(),
            EngineStderr::File(path) => Stdio::from(
                File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| {
                        io::Error::new(e.kind(), format!("engine log {}: {e}", path.display()))
                    })?,
            ),
        };
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name(format!("{}-stdout", spec.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let line = String::from_utf8_lossy(&buf);
                    // Empty lines are forwarded too: GTP ends every reply with one.
                    if tx.send(line.trim().to_string()).is_err() {
                        break;
                    }
                }
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            reaped: false,
        })
    }

    /// Writes one line (a newline is added) and flushes it.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// Writes several lines in one flush.
    pub fn send_all(&mut self, lines: &[String]) -> io::Result<()> {
        let mut text = lines.join("\n");
        text.push('\n');
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }

    /// The next non-empty line from the engine, waiting until `deadline` at the latest.
    /// (Gomocup ignores empty lines.)
    pub fn recv_until(&mut self, deadline: Instant) -> Result<String, RecvError> {
        loop {
            let line = self.recv_line_until(deadline)?;
            if !line.is_empty() {
                return Ok(line);
            }
        }
    }

    /// The next line from the engine, empty lines included, without the blanks at its
    /// ends, waiting until `deadline` at the latest.
    pub fn recv_line_until(&mut self, deadline: Instant) -> Result<String, RecvError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(RecvError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(RecvError::Eof),
        }
    }

    /// Has the process exited?
    pub fn has_exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Closes the engine's standard input (the caller has sent its protocol's farewell,
    /// `END` or `quit`), waits up to `grace` for it to exit, then kills it.
    pub fn shutdown(mut self, grace: Duration) {
        self.stdin = None;
        self.wait_or_kill(grace);
    }

    /// Kills the engine at once.
    pub fn kill(mut self) {
        self.wait_or_kill(Duration::ZERO);
    }

    fn wait_or_kill(&mut self, grace: Duration) {
        if self.reaped {
            return;
        }
        let deadline = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => {
                    self.reaped = true;
                    return;
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        self.wait_or_kill(Duration::ZERO);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> EngineProcess {
        EngineProcess::spawn(&EngineSpec::shell("t", script), &EngineStderr::Null).unwrap()
    }

    #[test]
    fn echo_lines_and_eof() {
        let mut e = sh("read a; echo \"got $a\"; printf '\\r\\n\\nlast\\r\\n \\n'");
        e.send("hi").unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        assert_eq!(e.recv_until(deadline), Ok("got hi".to_string()));
        assert_eq!(e.recv_line_until(deadline), Ok(String::new()));
        assert_eq!(e.recv_until(deadline), Ok("last".to_string()));
        assert_eq!(e.recv_line_until(deadline), Ok(String::new()));
        assert_eq!(e.recv_until(deadline), Err(RecvError::Eof));
    }

    #[test]
    fn silent_engine_times_out_and_is_killed() {
        let mut e = sh("exec sleep 30");
        let t = Instant::now();
        assert_eq!(
            e.recv_until(Instant::now() + Duration::from_millis(100)),
            Err(RecvError::Timeout)
        );
        assert!(t.elapsed() < Duration::from_secs(5));
        e.kill();
    }

    #[test]
    fn missing_program_is_an_error() {
        let spec = EngineSpec::from_command_line("x", "/nonexistent/engine").unwrap();
        assert!(EngineProcess::spawn(&spec, &EngineStderr::Null).is_err());
        assert!(EngineSpec::from_command_line("x", "   ").is_none());
    }
}
