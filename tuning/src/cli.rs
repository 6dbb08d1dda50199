//! What the match binaries share on their command lines: the two engines' options,
//! engines from command lines, where engines' standard error goes, the per-game log file,
//! the SGF directory and the exit status.

use crate::engine::{EngineSpec, EngineStderr};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The options naming the two engines of a match.
#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// Engine 1's command line (split on white space; see --shell).
    #[arg(long)]
    pub engine1: String,
    /// Engine 2's command line.
    #[arg(long)]
    pub engine2: String,
    /// Engine 1's name in reports (default: its program's file name, or `engine1` with
    /// --shell).
    #[arg(long)]
    pub name1: Option<String>,
    /// Engine 2's name in reports.
    #[arg(long)]
    pub name2: Option<String>,
    /// Run the command lines (a referee's too, where there is one) with `sh -c`
    /// (quoting, variables, redirections).
    #[arg(long)]
    pub shell: bool,
}

impl EngineArgs {
    /// The two engines, as [`engine_pair`] makes them.
    pub fn pair(&self) -> Result<[EngineSpec; 2], String> {
        engine_pair(
            [&self.engine1, &self.engine2],
            [self.name1.as_deref(), self.name2.as_deref()],
            self.shell,
        )
    }
}

/// The exit status of a match binary named `program`: success, or the error on standard
/// error and exit code 2.
pub fn exit_status(program: &str, outcome: Result<(), String>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{program}: {message}");
            ExitCode::from(2)
        }
    }
}

/// The file name of a command line's program, for a default engine name (`fallback`
/// for shell command lines, whose first word need not be the engine).
fn default_name(command: &str, shell: bool, fallback: &str) -> String {
    if shell {
        return fallback.to_string();
    }
    command
        .split_whitespace()
        .next()
        .and_then(|prog| prog.rsplit('/').next())
        .filter(|s| !s.is_empty())
        .unwrap_or(fallback)
        .to_string()
}

/// Engine 1 and engine 2 from their command lines (split on white space, or run by
/// `sh -c` with `shell`) and optional names. Default names are the programs' file names;
/// equal names get `#1` and `#2`.
///
/// ```
/// use tengen_tuning::cli::engine_pair;
/// let [a, b] = engine_pair(["/bin/x --fast", "/bin/x"], [None, None], false).unwrap();
/// assert_eq!((a.name.as_str(), b.name.as_str(), a.args.len()), ("x#1", "x#2", 1));
/// ```
pub fn engine_pair(
    commands: [&str; 2],
    names: [Option<&str>; 2],
    shell: bool,
) -> Result<[EngineSpec; 2], String> {
    let mut names = [0, 1].map(|i| match names[i] {
        Some(name) => name.to_string(),
        None => default_name(commands[i], shell, ["engine1", "engine2"][i]),
    });
    if names[0] == names[1] {
        names[0].push_str("#1");
        names[1].push_str("#2");
    }
    let spec = |i: usize| {
        if shell {
            Ok(EngineSpec::shell(&names[i], commands[i]))
        } else {
            EngineSpec::from_command_line(&names[i], commands[i])
                .ok_or_else(|| format!("empty command line for {}", names[i]))
        }
    };
    Ok([spec(0)?, spec(1)?])
}

/// The `--engine-stderr` option: `inherit`, `null`, or a file to append to.
pub fn engine_stderr(arg: &str) -> EngineStderr {
    match arg {
        "inherit" => EngineStderr::Inherit,
        "null" => EngineStderr::Null,
        path => EngineStderr::File(PathBuf::from(path)),
    }
}

/// The per-game log: one line per game, flushed at once; the first write error is kept
/// for the end of the match (a full disk should not stop the games).
#[derive(Debug)]
pub struct GameLog {
    file: Option<BufWriter<File>>,
    error: Option<String>,
}

impl GameLog {
    /// A log written to `path`, or none.
    pub fn create(path: Option<&Path>) -> Result<GameLog, String> {
        let file = match path {
            Some(path) => Some(BufWriter::new(
                File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
            )),
            None => None,
        };
        Ok(GameLog { file, error: None })
    }

    /// Appends one line.
    pub fn line(&mut self, text: &str) {
        if let Some(file) = self.file.as_mut() {
            if let Err(e) = writeln!(file, "{text}").and_then(|()| file.flush()) {
                self.error
                    .get_or_insert_with(|| format!("writing the log: {e}"));
            }
        }
    }

    /// The first write error, if any.
    pub fn finish(self) -> Result<(), String> {
        self.error.map_or(Ok(()), Err)
    }
}

/// A directory receiving one SGF file per game, `game-001.sgf`, ...; the first write
/// error is kept for the end of the match (as for [`GameLog`]).
///
/// ```
/// use tengen_tuning::cli::SgfDir;
/// let dir = std::env::temp_dir().join(format!("sgf-dir-doc-{}", std::process::id()));
/// let mut sgf = SgfDir::create(Some(&dir)).unwrap();
/// sgf.write(0, "(;GM[4])");
/// assert!(sgf.finish().is_ok() && dir.join("game-001.sgf").exists());
/// ```
#[derive(Debug)]
pub struct SgfDir {
    dir: Option<PathBuf>,
    error: Option<String>,
}

impl SgfDir {
    /// Creates `dir` (and its parents) if needed; `None` writes nothing.
    pub fn create(dir: Option<&Path>) -> Result<SgfDir, String> {
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        Ok(SgfDir {
            dir: dir.map(Path::to_path_buf),
            error: None,
        })
    }

    /// Whether files are written at all.
    pub fn is_on(&self) -> bool {
        self.dir.is_some()
    }

    /// Writes the game of 0-based `index` as `game-NNN.sgf` (numbered from 1).
    pub fn write(&mut self, index: usize, sgf: &str) {
        if let Some(dir) = &self.dir {
            let path = dir.join(format!("game-{:03}.sgf", index + 1));
            if let Err(e) = std::fs::write(&path, sgf) {
                self.error
                    .get_or_insert_with(|| format!("{}: {e}", path.display()));
            }
        }
    }

    /// The first write error, if any.
    pub fn finish(self) -> Result<(), String> {
        self.error.map_or(Ok(()), Err)
    }
}

/// A non-negative number of seconds, decimals allowed (`0.5`), for options like
/// `--increment`.
///
/// ```
/// use std::time::Duration;
/// use tengen_tuning::cli::parse_seconds;
/// assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
/// assert!(parse_seconds("-1").is_err() && parse_seconds("soon").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("{text:?} is not a number of seconds (e.g. 0.5)"))
}
