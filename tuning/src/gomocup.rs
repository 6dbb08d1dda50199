//! Matches between two Gomocup engines, judged by the [`Referee`].
//!
//! # Protocol
//!
//! The manager side of the Gomocup ("new") protocol, <https://plastovicka.github.io/protocl2en.htm>.
//! Every game starts both engines afresh (a new process per game: no state leaks from
//! one game to the next, and a crash costs one game only), then for each engine:
//!
//! ```text
//! START 15                      -> OK          (within start_ms + tolerance)
//! INFO timeout_turn 1000
//! INFO timeout_match 0          (0 = no limit)
//! INFO max_memory 0             (0 = no limit)
//! INFO game_type 1
//! INFO rule 4                   (0 freestyle, 1 exactly five, 4 renju)
//! ```
//!
//! then, each time the engine is to move, `INFO time_left <ms>` (its match clock: the
//! match time less the time it used plus the increments it earned; 2147483647 without a
//! match limit) followed by, the first time, `BEGIN` on an empty board or the position as
//! `BOARD`, one `x,y,field` line per stone in move order (field 1 the engine's own stone,
//! 2 its opponent's) and `DONE`; later `TURN x,y` with the opponent's last move. The
//! engine answers `x,y`. While waiting, lines starting with `MESSAGE`, `DEBUG`, `ERROR` or
//! `UNKNOWN` are recorded and skipped. At the end both engines get `END` and are killed if
//! still running a moment later.
//!
//! # Judging
//!
//! An unparsable, off-board or occupied move loses, as does a forbidden Black move in
//! renju; a five wins; a full board is a draw. A move later than `turn_ms + tolerance_ms`
//! (when `turn_ms > 0`), or taking an engine's match clock below `-tolerance_ms` (when
//! `match_ms > 0`; the clock starts at `match_ms` and gains `increment_ms` after each of
//! the engine's moves, see [`GameClock`]), loses on time, and the engine is killed at
//! that deadline. An engine that cannot be started, does not answer `START` with `OK`,
//! exits or closes its pipes loses. Time is measured from the end of the command that
//! asks for a move to the arrival of the move line.

use crate::clock::GameClock;
use crate::engine::{EngineProcess, EngineSpec, EngineStderr, RecvError};
use crate::openings::{opening_of_game, Opening};
use crate::pool::run_parallel;
use crate::referee::{truncate, IllegalMove, Referee, Verdict};
use crate::summary::Outcome;
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use tengen::core::{Color, Point};
use tengen::protocol::sgf::{GameInfo, RenjuRecord};
use tengen::renju::{Foul, Rule};

/// `time_left` sent when the match has no time limit.
pub const UNLIMITED_TIME_LEFT: u64 = 2_147_483_647;

/// How long a finished engine gets to exit after `END` before it is killed.
const END_GRACE: Duration = Duration::from_millis(300);

/// Most engine messages kept per game.
const MAX_MESSAGES: usize = 1000;

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub size: usize,
    pub rule: Rule,
    /// Time per move in milliseconds (`INFO timeout_turn`); 0 sends 0 and enforces none.
    pub turn_ms: u64,
    /// Thinking time per engine per game (`INFO timeout_match`); 0 = unlimited.
    pub match_ms: u64,
    /// Added to an engine's match clock after each of its moves (ignored without
    /// `match_ms`).
    pub increment_ms: u64,
    /// Grace added to every time limit before an engine loses on time.
    pub tolerance_ms: u64,
    /// Time for an engine to answer `START` (plus the tolerance).
    pub start_ms: u64,
    /// `INFO max_memory` in bytes (0 = no limit; not enforced).
    pub max_memory: u64,
    /// Where the engines' standard error goes.
    pub stderr: EngineStderr,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            size: 15,
            rule: Rule::Renju,
            turn_ms: 1000,
            match_ms: 0,
            increment_ms: 0,
            tolerance_ms: 1000,
            start_ms: 5000,
            max_memory: 0,
            stderr: EngineStderr::Inherit,
        }
    }
}

/// The `INFO rule` value of a rule: 0 freestyle, 1 exactly five, 4 renju.
pub fn gomocup_rule_code(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// One game to play: an opening and who has Black.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// 0-based number in the match.
    pub index: usize,
    pub opening: Opening,
    /// Engine 1 plays Black (else White).
    pub engine1_black: bool,
}

/// The games of a match: each opening twice in a row, engine 1 Black then White, cycling
/// through the openings until `games` games are listed.
pub fn schedule(openings: &[Opening], games: usize) -> Vec<GameSpec> {
    (0..games)
        .filter_map(|index| {
            Some(GameSpec {
                index,
                opening: openings[opening_of_game(index, openings.len())?].clone(),
                engine1_black: index % 2 == 0,
            })
        })
        .collect()
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The winner made five.
    Five,
    /// The board filled up: a draw.
    BoardFull,
    /// Black (to move) had only forbidden points: White won with a five to play, or drew.
    NoLegalMove,
    /// The loser's move was illegal (unparsable, off the board, occupied or forbidden).
    Illegal(IllegalMove),
    /// The loser's move came later than the per-move limit plus tolerance.
    TurnTimeout { elapsed_ms: u64 },
    /// The loser's match clock ran out (past the tolerance).
    MatchTimeout { used_ms: u64 },
    /// The loser exited, closed its pipes or could not be written to.
    Crash(String),
    /// The loser could not be started or did not answer `START` with `OK`.
    StartFailed(String),
    /// Neither engine could start the game: scored as a draw.
    BothFailed(String),
}

impl EndReason {
    /// A short class for the reasons table.
    pub fn category(&self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::BoardFull => "board full",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Illegal(IllegalMove::Forbidden(_, Foul::Overline)) => "forbidden (overline)",
            EndReason::Illegal(IllegalMove::Forbidden(_, Foul::DoubleFour)) => {
                "forbidden (double-four)"
            }
            EndReason::Illegal(IllegalMove::Forbidden(_, Foul::DoubleThree)) => {
                "forbidden (double-three)"
            }
            EndReason::Illegal(IllegalMove::Occupied(_)) => "illegal (occupied)",
            EndReason::Illegal(IllegalMove::OffBoard(_)) => "illegal (off board)",
            EndReason::Illegal(IllegalMove::Unparsable(_)) => "illegal (unparsable)",
            EndReason::TurnTimeout { .. } => "timeout (turn)",
            EndReason::MatchTimeout { .. } => "timeout (match)",
            EndReason::Crash(_) => "crash",
            EndReason::StartFailed(_) => "start failed",
            EndReason::BothFailed(_) => "both failed",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Five => f.write_str("five"),
            EndReason::BoardFull => f.write_str("board full"),
            EndReason::NoLegalMove => f.write_str("no legal move for Black"),
            EndReason::Illegal(why) => write!(f, "{why}"),
            EndReason::TurnTimeout { elapsed_ms } => {
                write!(f, "move time exceeded ({elapsed_ms} ms)")
            }
            EndReason::MatchTimeout { used_ms } => {
                write!(f, "match time exceeded ({used_ms} ms used)")
            }
            EndReason::Crash(why) => write!(f, "crash: {why}"),
            EndReason::StartFailed(why) => write!(f, "start failed: {why}"),
            EndReason::BothFailed(why) => write!(f, "both engines failed: {why}"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    pub opening: String,
    /// Stones given by the opening (the first moves of `moves`).
    pub opening_len: usize,
    pub engine1_color: Color,
    /// Every move, opening included, Black first.
    pub moves: Vec<Point>,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
    /// Thinking time used, by colour (Black, White).
    pub time_used_ms: [u64; 2],
    /// Engine lines skipped while waiting (`MESSAGE`, `DEBUG`, ...), as `name: line`.
    pub messages: Vec<String>,
    pub duration: Duration,
}

impl Outcome for GameRecord {
    fn engine1_color(&self) -> Color {
        self.engine1_color
    }

    fn winner(&self) -> Option<Color> {
        self.winner
    }

    fn category(&self) -> &'static str {
        self.reason.category()
    }

    fn replay_key(&self) -> String {
        format!("{:?} {:?}", self.engine1_color, self.moves)
    }
}

impl GameRecord {
    /// `1-0` (Black won), `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The names of the players of Black and White.
    pub fn players<'a>(&self, engine1: &'a str, engine2: &'a str) -> (&'a str, &'a str) {
        if self.engine1_color == Color::Black {
            (engine1, engine2)
        } else {
            (engine2, engine1)
        }
    }

    /// The result as SGF writes it: `B+` or `W+` (a five or the opponent's failure:
    /// `B+T` lost on time, `B+F` an illegal move, a crash or a failed start), `0` a draw.
    pub fn sgf_result(&self) -> String {
        let Some(winner) = self.winner else {
            return "0".to_string();
        };
        let letter = match self.reason {
            EndReason::Five
            | EndReason::BoardFull
            | EndReason::NoLegalMove
            | EndReason::BothFailed(_) => "",
            EndReason::TurnTimeout { .. } | EndReason::MatchTimeout { .. } => "T",
            EndReason::Illegal(_) | EndReason::Crash(_) | EndReason::StartFailed(_) => "F",
        };
        format!(
            "{}+{letter}",
            if winner == Color::Black { 'B' } else { 'W' }
        )
    }

    /// The game as SGF (`GM[4]`): the board size, the rule as `RU` (`freestyle`,
    /// `standard` or `renju`), the players' names, the result and every move, the opening's
    /// stones first.
    pub fn to_sgf(&self, config: &MatchConfig, black: &str, white: &str) -> String {
        RenjuRecord {
            size: config.size,
            moves: self.moves.clone(),
            info: GameInfo {
                rules: Some(config.rule.to_string()),
                result: Some(self.sgf_result()),
                black_player: Some(black.to_string()),
                white_player: Some(white.to_string()),
                date: None,
            },
            ..RenjuRecord::default()
        }
        .to_sgf()
    }

    /// One log line: `game=3 opening=D2 black=a white=b result=1-0 reason="five" moves=7,7 ...`.
    pub fn log_line(&self, engine1: &str, engine2: &str) -> String {
        let (black, white) = self.players(engine1, engine2);
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|p| format!("{},{}", p.x, p.y))
            .collect();
        format!(
            "game={} opening={} black={} white={} result={} reason=\"{}\" plies={} \
             time_ms={},{} moves={}",
            self.index + 1,
            self.opening,
            black,
            white,
            self.result(),
            self.reason.to_string().replace('"', "'"),
            self.moves.len(),
            self.time_used_ms[0],
            self.time_used_ms[1],
            moves.join(" ")
        )
    }
}

/// A game in progress: the referee, both engines (by colour) and the clocks.
struct Game<'a> {
    config: &'a MatchConfig,
    names: [&'a str; 2],
    referee: Referee,
    engines: [Option<EngineProcess>; 2],
    told_position: [bool; 2],
    time_used: [Duration; 2],
    /// The match clocks, by colour (`None` without a match limit).
    clocks: Option<[GameClock; 2]>,
    messages: Vec<String>,
}

/// The end of a game: the winner (`None` for a draw) and why.
type Ending = (Option<Color>, EndReason);

/// Plays one game between `engine1` and `engine2` and returns its record. Never panics
/// on engine misbehaviour: every failure ends the game with a reason.
pub fn play_game(
    config: &MatchConfig,
    engine1: &EngineSpec,
    engine2: &EngineSpec,
    spec: &GameSpec,
) -> GameRecord {
    let started = Instant::now();
    let (black, white) = if spec.engine1_black {
        (engine1, engine2)
    } else {
        (engine2, engine1)
    };
    let mut game = Game {
        config,
        names: [&black.name, &white.name],
        referee: match Referee::new(config.size, config.rule) {
            Ok(r) => r,
            Err(e) => {
                // A configuration error, not an engine's fault.
                return record(spec, Vec::new(), None, EndReason::BothFailed(e.to_string()));
            }
        },
        engines: [None, None],
        told_position: [false; 2],
        time_used: [Duration::ZERO; 2],
        clocks: (config.match_ms > 0).then(|| {
            let clock = GameClock::new(
                Duration::from_millis(config.match_ms),
                Duration::from_millis(config.increment_ms),
            );
            [clock; 2]
        }),
        messages: Vec::new(),
    };
    let ending = game.run([black, white], &spec.opening);
    let engines = std::mem::take(&mut game.engines);
    // Ask both to quit at once, then reap (killing laggards).
    let mut alive: Vec<EngineProcess> = engines.into_iter().flatten().collect();
    for e in &mut alive {
        let _ = e.send("END");
    }
    for e in alive {
        e.shutdown(END_GRACE);
    }
    let (winner, reason) = ending;
    let mut rec = record(spec, game.referee.moves(), winner, reason);
    rec.time_used_ms = game.time_used.map(|d| d.as_millis() as u64);
    rec.messages = game.messages;
    rec.duration = started.elapsed();
    rec
}

fn record(
    spec: &GameSpec,
    moves: Vec<Point>,
    winner: Option<Color>,
    reason: EndReason,
) -> GameRecord {
    GameRecord {
        index: spec.index,
        opening: spec.opening.name.clone(),
        opening_len: spec.opening.moves.len(),
        engine1_color: if spec.engine1_black {
            Color::Black
        } else {
            Color::White
        },
        moves,
        winner,
        reason,
        time_used_ms: [0; 2],
        messages: Vec::new(),
        duration: Duration::ZERO,
    }
}

/// Is this engine line one to record and skip while waiting for an answer?
fn is_chatter(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    ["MESSAGE", "DEBUG", "ERROR", "UNKNOWN"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

impl Game<'_> {
    fn run(&mut self, specs: [&EngineSpec; 2], opening: &Opening) -> Ending {
        if let Some(ending) = self.start(specs) {
            return ending;
        }
        for &p in &opening.moves {
            match self.referee.play(p) {
                Verdict::Continue => {}
                other => {
                    let why = format!("opening {} is not playable: {other:?}", opening.name);
                    return (None, EndReason::BothFailed(why));
                }
            }
        }
        let mut last: Option<Point> = opening.moves.last().copied();
        loop {
            let color = self.referee.to_move();
            let line = match self.ask_move(color, last) {
                Ok(line) => line,
                Err(reason) => return (Some(!color), reason),
            };
            match self.referee.play_line(&line) {
                Verdict::Continue => last = self.referee.moves().last().copied(),
                Verdict::Five => return (Some(color), EndReason::Five),
                Verdict::BoardFull => return (None, EndReason::BoardFull),
                Verdict::NoLegalMove { white_five } => {
                    return (white_five.then_some(Color::White), EndReason::NoLegalMove)
                }
                Verdict::Illegal(why) => return (Some(!color), EndReason::Illegal(why)),
            }
        }
    }

    /// Spawns both engines, sends `START` and waits for `OK`, then sends the `INFO`s.
    /// `Some` if the game is over before it began.
    fn start(&mut self, specs: [&EngineSpec; 2]) -> Option<Ending> {
        let mut failure: [Option<String>; 2] = [None, None];
        for (side, spec) in specs.iter().enumerate() {
            match EngineProcess::spawn(spec, &self.config.stderr) {
                Ok(mut e) => {
                    if let Err(err) = e.send(&format!("START {}", self.config.size)) {
                        failure[side] = Some(format!("cannot write START: {err}"));
                    }
                    self.engines[side] = Some(e);
                }
                Err(err) => failure[side] = Some(format!("cannot run {}: {err}", spec.program)),
            }
        }
        let deadline =
            Instant::now() + Duration::from_millis(self.config.start_ms + self.config.tolerance_ms);
        for (side, failed) in failure.iter_mut().enumerate() {
            if failed.is_none() {
                *failed = self.await_ok(side, deadline).err();
            }
        }
        let ending = match failure {
            [None, None] => None,
            [Some(b), Some(w)] => Some((
                None,
                EndReason::BothFailed(format!("black: {b}; white: {w}")),
            )),
            [Some(b), None] => Some((Some(Color::White), EndReason::StartFailed(b))),
            [None, Some(w)] => Some((Some(Color::Black), EndReason::StartFailed(w))),
        };
        if ending.is_some() {
            return ending;
        }
        let c = self.config;
        let info = vec![
            format!("INFO timeout_turn {}", c.turn_ms),
            format!("INFO timeout_match {}", c.match_ms),
            format!("INFO max_memory {}", c.max_memory),
            "INFO game_type 1".to_string(),
            format!("INFO rule {}", gomocup_rule_code(c.rule)),
        ];
        for side in 0..2 {
            if let Some(e) = self.engines[side].as_mut() {
                if let Err(err) = e.send_all(&info) {
                    let color = if side == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    return Some((
                        Some(!color),
                        EndReason::Crash(format!("cannot write: {err}")),
                    ));
                }
            }
        }
        None
    }

    /// Waits for the `OK` answering `START`.
    fn await_ok(&mut self, side: usize, deadline: Instant) -> Result<(), String> {
        loop {
            let engine = self.engines[side].as_mut().ok_or("not running")?;
            match engine.recv_until(deadline) {
                Ok(line) if line.split_whitespace().next() == Some("OK") => return Ok(()),
                Ok(line) if line.starts_with("MESSAGE") || line.starts_with("DEBUG") => {
                    self.note(side, &line)
                }
                Ok(line) => return Err(format!("answered START with {:?}", truncate(&line, 80))),
                Err(RecvError::Timeout) => {
                    if let Some(e) = self.engines[side].take() {
                        e.kill();
                    }
                    return Err("no answer to START in time".to_string());
                }
                Err(RecvError::Eof) => return Err("exited before answering START".to_string()),
            }
        }
    }

    fn note(&mut self, side: usize, line: &str) {
        if self.messages.len() < MAX_MESSAGES {
            self.messages
                .push(format!("{}: {}", self.names[side], truncate(line, 300)));
        }
    }

    /// Sends what `color`'s engine needs to move and waits for its move line.
    fn ask_move(&mut self, color: Color, last: Option<Point>) -> Result<String, EndReason> {
        let side = color.index();
        let c = self.config;
        let time_left = match &self.clocks {
            Some(clocks) => clocks[side].left().as_millis() as u64,
            None => UNLIMITED_TIME_LEFT,
        };
        let mut lines = vec![format!("INFO time_left {time_left}")];
        if !self.told_position[side] {
            self.told_position[side] = true;
            let history = self.referee.board().history();
            if history.is_empty() {
                lines.push("BEGIN".to_string());
            } else {
                lines.push("BOARD".to_string());
                for &(p, stone) in history {
                    let field = if stone == color { 1 } else { 2 };
                    lines.push(format!("{},{},{field}", p.x, p.y));
                }
                lines.push("DONE".to_string());
            }
        } else if let Some(p) = last {
            lines.push(format!("TURN {},{}", p.x, p.y));
        } else {
            // Only reachable if the engine moved first and the opponent never answered.
            lines.push("BEGIN".to_string());
        }
        let engine = self.engines[side]
            .as_mut()
            .ok_or_else(|| EndReason::Crash("not running".to_string()))?;
        engine
            .send_all(&lines)
            .map_err(|e| EndReason::Crash(format!("cannot write to the engine: {e}")))?;

        let asked = Instant::now();
        let tolerance = Duration::from_millis(c.tolerance_ms);
        let turn_limit = (c.turn_ms > 0).then(|| Duration::from_millis(c.turn_ms) + tolerance);
        let match_limit = self.clocks.map(|clocks| clocks[side].limit(tolerance));
        let limit = match (turn_limit, match_limit) {
            (Some(t), Some(m)) => Some(t.min(m)),
            (t, m) => t.or(m),
        };
        // With no limit at all (or one beyond the clock's range), wait a year.
        let deadline = limit
            .and_then(|l| asked.checked_add(l))
            .unwrap_or_else(|| asked + Duration::from_secs(86_400 * 365));
        let (line, elapsed) = loop {
            let engine = self.engines[side]
                .as_mut()
                .ok_or_else(|| EndReason::Crash("not running".to_string()))?;
            match engine.recv_until(deadline) {
                Ok(line) if is_chatter(&line) => self.note(side, &line),
                Ok(line) => break (Some(line), asked.elapsed()),
                Err(RecvError::Timeout) => {
                    if let Some(e) = self.engines[side].take() {
                        e.kill();
                    }
                    break (None, asked.elapsed());
                }
                Err(RecvError::Eof) => {
                    self.time_used[side] += asked.elapsed();
                    return Err(EndReason::Crash(
                        "the engine exited or closed its output".to_string(),
                    ));
                }
            }
        };
        self.time_used[side] += elapsed;
        // Running out of the match clock is the reason, even when the move was late for
        // the turn limit too.
        if let Some(clocks) = self.clocks.as_mut() {
            if let Err(used) = clocks[side].charge(elapsed, tolerance) {
                return Err(EndReason::MatchTimeout {
                    used_ms: used.as_millis() as u64,
                });
            }
        }
        match line {
            Some(line) if turn_limit.is_none_or(|t| elapsed <= t) => Ok(line),
            _ => Err(EndReason::TurnTimeout {
                elapsed_ms: elapsed.as_millis() as u64,
            }),
        }
    }
}

/// Plays the games of `games` in order, `concurrency` at a time (at least 1), and calls
/// `on_game` with each record as it finishes (in finishing order, on the calling
/// thread). Once `on_game` returns `Break` (an SPRT decided) no further game starts; the
/// running ones finish and are reported. Returns the records of the games played, in
/// game order.
pub fn run_match(
    config: &MatchConfig,
    engine1: &EngineSpec,
    engine2: &EngineSpec,
    games: &[GameSpec],
    concurrency: usize,
    on_game: impl FnMut(&GameRecord) -> ControlFlow<()>,
) -> Vec<GameRecord> {
    run_parallel(
        games,
        concurrency,
        |spec| play_game(config, engine1, engine2, spec),
        on_game,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::Tally;
    use crate::openings::standard_openings;
    use crate::summary::MatchSummary;

    fn sh(name: &str, script: &str) -> EngineSpec {
        EngineSpec::shell(name, script)
    }

    /// An engine that plays the given moves in order, whatever it is told (`|` separates
    /// lines sent in one turn).
    fn scripted(name: &str, moves: &[&str]) -> EngineSpec {
        let mut script = String::from(
            "while read cmd rest; do case \"$cmd\" in START) echo OK;; \
             BEGIN|DONE|TURN) break;; END) exit 0;; esac; done; ",
        );
        for (i, m) in moves.iter().enumerate() {
            if i > 0 {
                script.push_str("while read cmd rest; do case \"$cmd\" in TURN) break;; END) exit 0;; esac; done; ");
            }
            for part in m.split('|') {
                script.push_str(&format!("echo '{part}'; "));
            }
        }
        script.push_str("while read cmd rest; do case \"$cmd\" in END) exit 0;; esac; done");
        sh(name, &script)
    }

    fn config(rule: Rule, turn_ms: u64) -> MatchConfig {
        MatchConfig {
            rule,
            turn_ms,
            tolerance_ms: 200,
            start_ms: 2000,
            stderr: EngineStderr::Null,
            ..MatchConfig::default()
        }
    }

    fn empty_game(engine1_black: bool) -> GameSpec {
        GameSpec {
            index: 0,
            opening: crate::openings::empty_opening(),
            engine1_black,
        }
    }

    #[test]
    fn scripted_five_wins_and_messages_are_skipped() {
        let black = scripted("b", &["MESSAGE hello|0,0", "1,0", "2,0", "3,0", "4,0"]);
        let white = scripted("w", &["0,5", "1,5", "2,5", "3,5", "14,14"]);
        let rec = play_game(
            &config(Rule::Freestyle, 2000),
            &black,
            &white,
            &empty_game(true),
        );
        assert_eq!(rec.reason, EndReason::Five, "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
        assert_eq!(rec.engine1_points(), 1.0);
        assert_eq!(rec.moves.len(), 9);
        assert_eq!(rec.messages, vec!["b: MESSAGE hello".to_string()]);
        let log = rec.log_line("b", "w");
        assert!(
            log.contains("result=1-0") && log.contains("moves=0,0 0,5"),
            "{log}"
        );
    }

    #[test]
    fn occupied_garbage_and_forbidden_moves_lose() {
        let cfg = config(Rule::Renju, 2000);
        let white_dup = scripted("w", &["0,0"]);
        let black = scripted("b", &["0,0", "5,5"]);
        let rec = play_game(&cfg, &black, &white_dup, &empty_game(true));
        assert_eq!(rec.winner, Some(Color::Black));
        assert_eq!(
            rec.reason,
            EndReason::Illegal(IllegalMove::Occupied(Point::new(0, 0)))
        );

        let garbage = scripted("g", &["hello world"]);
        let rec = play_game(&cfg, &garbage, &white_dup, &empty_game(true));
        assert_eq!(rec.winner, Some(Color::White));
        assert_eq!(rec.reason.category(), "illegal (unparsable)");
        assert_eq!(rec.engine1_points(), 0.0);

        // Black builds two threes crossing at 7,7 and plays it: a double-three.
        let black = scripted("b", &["5,7", "6,7", "7,5", "7,6", "7,7"]);
        let white = scripted("w", &["0,0", "0,14", "14,0", "14,14"]);
        let rec = play_game(&cfg, &black, &white, &empty_game(true));
        assert_eq!(rec.winner, Some(Color::White), "{rec:?}");
        assert_eq!(rec.reason.category(), "forbidden (double-three)");
    }

    #[test]
    fn crash_timeout_and_start_failures_lose() {
        let cfg = config(Rule::Freestyle, 200);
        let good = scripted("good", &["0,0", "1,0", "2,0", "3,0", "4,0"]);
        let crasher = sh("crash", "read a; echo OK; exit 3");
        let rec = play_game(&cfg, &good, &crasher, &empty_game(true));
        assert_eq!(rec.winner, Some(Color::Black));
        assert_eq!(rec.reason.category(), "crash", "{rec:?}");

        let sleeper = sh("slow", "read a; echo OK; exec sleep 30");
        let t = Instant::now();
        let rec = play_game(&cfg, &good, &sleeper, &empty_game(true));
        assert_eq!(rec.reason.category(), "timeout (turn)", "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "the sleeper is killed"
        );

        let refuser = sh("no", "read a; echo ERROR unsupported size");
        let rec = play_game(&cfg, &refuser, &good, &empty_game(true));
        assert_eq!(rec.winner, Some(Color::White));
        assert_eq!(rec.reason.category(), "start failed");

        let missing = EngineSpec::from_command_line("missing", "/nonexistent/x").unwrap();
        let rec = play_game(&cfg, &missing, &missing, &empty_game(true));
        assert_eq!(rec.winner, None);
        assert_eq!(rec.reason.category(), "both failed");
    }

    #[test]
    fn match_clock_is_enforced() {
        let mut cfg = config(Rule::Freestyle, 0);
        cfg.match_ms = 100;
        cfg.tolerance_ms = 100;
        let good = scripted("good", &["0,0", "1,0", "2,0", "3,0", "4,0"]);
        let slow = sh(
            "slow",
            "read a; echo OK; while read cmd rest; do case \"$cmd\" in \
             BEGIN|DONE|TURN) sleep 0.15; echo 9,9;; esac; done",
        );
        let rec = play_game(&cfg, &good, &slow, &empty_game(true));
        assert_eq!(rec.reason.category(), "timeout (match)", "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
    }

    /// White: plays 0,5 1,5 2,5 ... each after `delay` seconds, and reports every `INFO
    /// time_left` it gets as a `MESSAGE`.
    fn slow_column(delay: &str) -> EngineSpec {
        sh(
            "w",
            &format!(
                "n=0; while read cmd rest; do case \"$cmd\" in START) echo OK;; \
                 INFO) case \"$rest\" in time_left*) echo \"MESSAGE $rest\";; esac;; \
                 BEGIN|DONE|TURN) sleep {delay}; echo \"$n,5\"; n=$((n+1));; \
                 END) exit 0;; esac; done"
            ),
        )
    }

    /// The `time_left` values White was sent, from its messages.
    fn time_lefts(rec: &GameRecord) -> Vec<u64> {
        rec.messages
            .iter()
            .filter_map(|m| m.strip_prefix("w: MESSAGE time_left "))
            .map(|n| n.parse().unwrap())
            .collect()
    }

    #[test]
    fn increment_keeps_a_slow_engine_on_time() {
        // Black wins on its fifth move, instantly; White takes 0.15 s a move, four moves.
        let fast = scripted("b", &["0,0", "1,0", "2,0", "3,0", "4,0"]);
        let mut cfg = config(Rule::Freestyle, 0);
        cfg.match_ms = 300;
        cfg.tolerance_ms = 100;
        // Without increment White's third move takes it to 0.45 s, past 0.3 + 0.1.
        let rec = play_game(&cfg, &fast, &slow_column("0.15"), &empty_game(true));
        assert_eq!(rec.reason.category(), "timeout (match)", "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
        assert!(rec.time_used_ms[1] >= 400, "{rec:?}");
        assert_eq!(time_lefts(&rec)[0], 300);

        // With 0.3 s a move added its clock grows: the game ends normally.
        cfg.increment_ms = 300;
        let rec = play_game(&cfg, &fast, &slow_column("0.15"), &empty_game(true));
        assert_eq!(rec.reason, EndReason::Five, "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
        assert!(rec.time_used_ms[1] >= 600, "{rec:?}");
        let told = time_lefts(&rec);
        assert_eq!(told.len(), 4, "{rec:?}");
        // 300, then about 450, 600, 750: each move gains 0.3 s and spends 0.15 s.
        assert_eq!(told[0], 300);
        for pair in told.windows(2) {
            assert!(pair[0] < pair[1] && pair[1] <= pair[0] + 150, "{told:?}");
        }
    }

    #[test]
    fn schedule_pairs_colours_per_opening() {
        let openings = standard_openings(15);
        let s = schedule(&openings, 5);
        assert_eq!(s.len(), 5);
        assert_eq!(
            (s[0].opening.name.as_str(), s[0].engine1_black),
            ("D1", true)
        );
        assert_eq!(
            (s[1].opening.name.as_str(), s[1].engine1_black),
            ("D1", false)
        );
        assert_eq!(s[2].opening.name, "D2");
        assert_eq!(schedule(&openings, 60)[52].opening.name, "D1");
        assert!(schedule(&[], 4).is_empty());
        assert_eq!(gomocup_rule_code(Rule::Renju), 4);
    }

    #[test]
    fn summary_counts_reasons() {
        let spec = empty_game(true);
        let mut a = record(&spec, Vec::new(), Some(Color::Black), EndReason::Five);
        a.index = 1;
        let b = record(&spec, Vec::new(), None, EndReason::BoardFull);
        let c = record(
            &empty_game(false),
            Vec::new(),
            Some(Color::Black),
            EndReason::TurnTimeout { elapsed_ms: 5 },
        );
        let s = MatchSummary::new(&[a, b, c]);
        assert_eq!(
            s.tally,
            Tally {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(s.reasons["five"], [1, 0, 0]);
        assert_eq!(s.reasons["timeout (turn)"], [0, 1, 0]);
        assert_eq!(s.black_wins, 2);
        let report = s.report("one", "two");
        assert!(report.contains("+1 =1 -1"), "{report}");
    }
}
