//! Matches between two GTP (Go) engines, every move judged by the rules core
//! ([`tengen::go::Game`]).
//!
//! # Protocol
//!
//! Every game starts the engines afresh (a crash costs one game; nothing leaks between
//! games). Each engine gets `list_commands`, then
//!
//! ```text
//! boardsize 9
//! clear_board
//! kata-set-rules chinese     (only if listed; else kgs-rules for japanese and chinese,
//!                             if listed; else nothing: give the engine its rules on
//!                             its command line)
//! komi 7.5
//! time_settings 0 T 1        (TimeLimit::PerMove, byo-yomi: T seconds for every move)
//! time_settings M 0 0        (TimeLimit::PerGame, absolute: M seconds for the game);
//!                            neither is sent without a time limit, and a refusal is
//!                            only noted
//! ```
//!
//! A refusal of any other setup command, or no reply in time, loses the game. An opening
//! ([`GtpMatchConfig::openings`]) is then sent move by move with `play` to both engines
//! (and the referee): an engine that refuses one loses. Then the side to move gets
//! `genmove black|white` (with a time per game, preceded by `time_left black|white S 0`,
//! S its clock in whole seconds, if it lists `time_left`) and its opponent
//! `play black|white VERTEX`.
//! The optional referee engine gets the same setup (no time settings) and every move;
//! when it refuses one it is dropped for the rest of the game, which goes on. At the end
//! every engine gets `quit` and is killed if still running a moment later.
//!
//! # Judging
//!
//! - `resign` loses. An answer that is not a vertex, `pass` or `resign` loses, as does a
//!   `genmove` that fails (`? ...`).
//! - A move the rules core refuses (occupied, suicide where illegal, ko, superko as the
//!   rules count it, a colour that may not place) loses. A placement that loses by a rule
//!   of the game (OP) loses.
//! - A `genmove` reply later than the time per move plus the tolerance, or one that takes
//!   the engine's game clock below minus the tolerance (the clock starts at the time per
//!   game and gains the increment after each of its moves, see [`GameClock`]), loses on
//!   time (the engine is killed at that deadline). No reply in time to any other command,
//!   exiting, closing its pipes or printing lines that are no GTP reply loses.
//! - An engine that refuses (`play` fails) a move the rules core accepted loses: it can no
//!   longer follow the game.
//! - Play stopped by the rules (two passes, or OP's side that cannot place) or the move
//!   limit reached: the board is counted by [`Game::score`] with the dead stones chosen as
//!   [`scoring`] explains, and both engines' (and the referee's) `final_score` is compared
//!   with that count. An unbroken cycle under Japanese or Korean rules has no result and
//!   counts as a draw.

pub mod client;
pub mod scoring;

use crate::clock::GameClock;
use crate::engine::{EngineSpec, EngineStderr};
use crate::openings::{opening_of_game, GoOpening};
use crate::pool::run_parallel;
use crate::referee::truncate;
use crate::summary::Outcome;
use client::{GtpEngine, GtpError};
use scoring::{
    agreement, choose_dead, parse_dead_list, trusted_referee_list, Agreement, DeadSource,
};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use tengen::core::{Color, Point};
use tengen::go::{
    BoardSize, Forfeit, Game, GameOver, GameResult, MoveError, PlayError, Points, Rules, Stop,
    Vertex, PRESET_NAMES,
};
use tengen::protocol::sgf::{GameInfo, GoRecord};

/// How long a finished engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// How long a `genmove` may take without a time limit.
const NO_TIME_LIMIT: Duration = Duration::from_secs(24 * 3600);

/// Most notes kept per game.
const MAX_NOTES: usize = 200;

/// How the engines are timed. GTP times are whole seconds: the times sent are rounded
/// down; the runner's clocks keep milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// No limit: no time settings are sent and a `genmove` may take a day.
    Unlimited,
    /// Every move within this time: `time_settings 0 T 1` (byo-yomi).
    PerMove(Duration),
    /// The whole game in `main`, `increment` added after each move: `time_settings M 0 0`
    /// (absolute time; GTP knows no increment) and, before every `genmove`, `time_left
    /// COLOR S 0` with the engine's clock.
    PerGame { main: Duration, increment: Duration },
}

impl fmt::Display for TimeLimit {
    /// `5 s/move`, `60 s/game + 0.5 s/move`, `no time limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeLimit::Unlimited => f.write_str("no time limit"),
            TimeLimit::PerMove(t) => write!(f, "{} s/move", t.as_secs_f64()),
            TimeLimit::PerGame { main, increment } if increment.is_zero() => {
                write!(f, "{} s/game", main.as_secs_f64())
            }
            TimeLimit::PerGame { main, increment } => write!(
                f,
                "{} s/game + {} s/move",
                main.as_secs_f64(),
                increment.as_secs_f64()
            ),
        }
    }
}

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GtpMatchConfig {
    pub size: BoardSize,
    /// The rules the games are judged by, komi included.
    pub rules: Rules,
    /// The time limit of `genmove`.
    pub time: TimeLimit,
    /// Grace added to the time limits before an engine loses on time (for a time per
    /// game, how far below zero its clock may go).
    pub tolerance: Duration,
    /// Time for a reply to any other command (setup, `play`, `final_score`).
    pub command_timeout: Duration,
    /// Moves (passes included) after which the board is counted as it is.
    pub max_moves: usize,
    /// A third engine that follows the game and is asked for its count.
    pub referee: Option<EngineSpec>,
    /// Where the engines' standard error goes.
    pub stderr: EngineStderr,
    /// Openings, each played in two games in a row with colours swapped (engine 1 Black
    /// first), in turn ([`opening_of_game`]); none: every game starts on the empty board.
    pub openings: Vec<GoOpening>,
}

impl GtpMatchConfig {
    /// The name of the preset the rules are, whatever the komi ([`preset_name`]).
    pub fn rules_name(&self) -> Option<&'static str> {
        preset_name(&self.rules)
    }
}

/// The name of the preset `rules` are, whatever their komi (`None` if they are not a
/// preset).
///
/// ```
/// use tengen_tuning::gtp::preset_name;
/// use tengen::go::{Komi, Rules};
/// let rules = Rules { komi: Komi::from_half_points(0), ..Rules::chinese() };
/// assert_eq!(preset_name(&rules), Some("chinese"));
/// ```
pub fn preset_name(rules: &Rules) -> Option<&'static str> {
    PRESET_NAMES.into_iter().find(|&name| {
        Rules::preset(name).map(|preset| Rules {
            komi: rules.komi,
            ..preset
        }) == Some(*rules)
    })
}

/// The `kgs-rules` name of a preset, where KGS has the same rule set.
fn kgs_rules_name(preset: &str) -> Option<&'static str> {
    match preset {
        "japanese" => Some("japanese"),
        "chinese" => Some("chinese"),
        _ => None,
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Play stopped by the rules (two passes; OP: a side that cannot place): counted.
    Counted(Stop),
    /// The move limit was reached: counted as the board stands.
    MoveLimit,
    /// The loser resigned.
    Resign,
    /// An unbroken cycle (Japanese, Korean): no result.
    Cycle,
    /// The loser broke a rule of the game (OP).
    Forfeit(Forfeit),
    /// The rules core refused the loser's move.
    Illegal { answer: String, why: MoveError },
    /// The loser's `genmove` answer was not a vertex, `pass` or `resign`.
    BadAnswer(String),
    /// The loser's `genmove` failed (`? ...`).
    GenmoveFailed(String),
    /// The loser refused (`play` failed) a move the rules core accepted.
    RefusedMove { mv: String, reply: String },
    /// The loser's move came later than the time per move plus the tolerance.
    Timeout { elapsed_ms: u64 },
    /// The loser's game clock ran out (past the tolerance).
    GameTimeout { used_ms: u64 },
    /// The loser did not answer this command in time.
    Hung(String),
    /// The loser exited, closed its pipes or could not be written to.
    Crash(String),
    /// The loser printed a line that is no GTP reply.
    ProtocolError(String),
    /// The loser could not be started or refused the setup.
    StartFailed(String),
    /// Neither engine could start the game, or the count failed: scored as a draw.
    BothFailed(String),
}

impl EndReason {
    /// A short class for the reasons table.
    pub fn category(&self) -> &'static str {
        match self {
            EndReason::Counted(Stop::Passes) => "two passes",
            EndReason::Counted(Stop::CannotPlace(_)) => "cannot place",
            EndReason::MoveLimit => "move limit",
            EndReason::Resign => "resign",
            EndReason::Cycle => "no result (cycle)",
            EndReason::Forfeit(_) => "forfeit (rule)",
            EndReason::Illegal { why, .. } => match why {
                MoveError::Illegal(PlayError::Superko(_)) => "illegal (superko)",
                MoveError::Illegal(PlayError::Ko(_)) => "illegal (ko)",
                MoveError::Illegal(PlayError::Suicide(_)) => "illegal (suicide)",
                MoveError::Illegal(PlayError::Occupied(_)) => "illegal (occupied)",
                _ => "illegal (other)",
            },
            EndReason::BadAnswer(_) => "bad answer",
            EndReason::GenmoveFailed(_) => "genmove failed",
            EndReason::RefusedMove { .. } => "refused a legal move",
            EndReason::Timeout { .. } => "timeout (move)",
            EndReason::GameTimeout { .. } => "timeout (game)",
            EndReason::Hung(_) => "timeout (command)",
            EndReason::Crash(_) => "crash",
            EndReason::ProtocolError(_) => "protocol error",
            EndReason::StartFailed(_) => "start failed",
            EndReason::BothFailed(_) => "both failed",
        }
    }

    /// The letter of an SGF result won this way: `R`esign, `T`ime, `F`orfeit; `None`
    /// when the count decided (or nobody won).
    fn sgf_letter(&self) -> Option<char> {
        match self {
            EndReason::Counted(_)
            | EndReason::MoveLimit
            | EndReason::Cycle
            | EndReason::BothFailed(_) => None,
            EndReason::Resign => Some('R'),
            EndReason::Timeout { .. } | EndReason::GameTimeout { .. } => Some('T'),
            _ => Some('F'),
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Counted(Stop::Passes) => f.write_str("two passes"),
            EndReason::Counted(Stop::CannotPlace(c)) => write!(f, "{c:?} cannot place"),
            EndReason::MoveLimit => f.write_str("move limit"),
            EndReason::Resign => f.write_str("resigned"),
            EndReason::Cycle => f.write_str("unbroken cycle: no result"),
            EndReason::Forfeit(why) => write!(f, "lost by rule: {why:?}"),
            EndReason::Illegal { answer, why } => write!(f, "illegal move {answer}: {why}"),
            EndReason::BadAnswer(a) => write!(f, "genmove answered {:?}", truncate(a, 80)),
            EndReason::GenmoveFailed(e) => write!(f, "genmove failed: {}", truncate(e, 80)),
            EndReason::RefusedMove { mv, reply } => {
                write!(f, "refused the legal move {mv}: {}", truncate(reply, 80))
            }
            EndReason::Timeout { elapsed_ms } => write!(f, "move time exceeded ({elapsed_ms} ms)"),
            EndReason::GameTimeout { used_ms } => {
                write!(f, "game time exceeded ({used_ms} ms used)")
            }
            EndReason::Hung(command) => write!(f, "no reply in time to {command}"),
            EndReason::Crash(why) => write!(f, "crash: {why}"),
            EndReason::ProtocolError(why) => write!(f, "protocol error: {why}"),
            EndReason::StartFailed(why) => write!(f, "start failed: {why}"),
            EndReason::BothFailed(why) => write!(f, "both failed: {why}"),
        }
    }
}

/// The count of a game that ended on the board, and what the engines made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The rules core's count: the game's result.
    pub ours: GameResult,
    /// The stones counted as dead.
    pub dead: Points,
    /// Where that list came from.
    pub dead_from: DeadSource,
    /// `final_score` of the engines playing Black and White (`None`: no usable reply).
    pub engine_scores: [Option<String>; 2],
    /// `final_score` of the referee.
    pub referee_score: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 0-based number in the match.
    pub index: usize,
    pub engine1_color: Color,
    /// The opening's name, if the game started from one.
    pub opening: Option<String>,
    /// Moves given by the opening (the first of `moves`).
    pub opening_len: usize,
    /// Every move, opening included, Black first; `None` a pass.
    pub moves: Vec<(Color, Option<Point>)>,
    /// `None` for a draw or no result.
    pub winner: Option<Color>,
    pub reason: EndReason,
    /// The count, for games that ended on the board.
    pub count: Option<CountReport>,
    /// Thinking time used, by colour (Black, White).
    pub time_used_ms: [u64; 2],
    /// The longest move, by colour.
    pub longest_move_ms: [u64; 2],
    /// Did the referee follow the whole game?
    pub referee_followed: bool,
    /// What went wrong without deciding the game (setup refusals, referee failures,
    /// unanswered end-of-game questions), as `name: text`.
    pub notes: Vec<String>,
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
    /// The result as SGF writes it: `B+7.5`, `W+R`, `B+T`, `W+F`, `0`, `Void`.
    pub fn result(&self) -> String {
        if let Some(count) = &self.count {
            return match count.ours {
                GameResult::Draw => "0".to_string(),
                GameResult::NoResult => "Void".to_string(),
                win => win.to_string(),
            };
        }
        match (self.winner, self.reason.sgf_letter()) {
            (Some(w), Some(letter)) => {
                format!("{}+{letter}", if w == Color::Black { 'B' } else { 'W' })
            }
            (_, _) if self.reason == EndReason::Cycle => "Void".to_string(),
            _ => "0".to_string(),
        }
    }

    /// The game as SGF, with the players' names, the rules and the result.
    pub fn to_sgf(&self, config: &GtpMatchConfig, black: &str, white: &str) -> String {
        GoRecord {
            size: config.size,
            komi: Some(f64::from(config.rules.komi.half_points()) / 2.0),
            moves: self.moves.clone(),
            info: GameInfo {
                rules: config.rules_name().map(str::to_string),
                result: Some(self.result()),
                black_player: Some(black.to_string()),
                white_player: Some(white.to_string()),
                date: None,
            },
            ..GoRecord::default()
        }
        .to_sgf()
    }

    /// The names of the players of Black and White.
    pub fn players<'a>(&self, engine1: &'a str, engine2: &'a str) -> (&'a str, &'a str) {
        if self.engine1_color == Color::Black {
            (engine1, engine2)
        } else {
            (engine2, engine1)
        }
    }

    /// One log line: `game=3 [opening=x] black=a white=b result=B+2.5 reason="two passes" ...`.
    pub fn log_line(&self, size: BoardSize, engine1: &str, engine2: &str) -> String {
        let (black, white) = self.players(engine1, engine2);
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|&(_, p)| size.vertex_name(p.and_then(|p| size.vertex(p))))
            .collect();
        let opening = self
            .opening
            .as_ref()
            .map_or(String::new(), |name| format!(" opening={name}"));
        let mut line = format!(
            "game={}{opening} black={black} white={white} result={} reason=\"{}\" plies={} \
             time_ms={},{} longest_ms={},{}",
            self.index + 1,
            self.result(),
            self.reason.to_string().replace('"', "'"),
            self.moves.len(),
            self.time_used_ms[0],
            self.time_used_ms[1],
            self.longest_move_ms[0],
            self.longest_move_ms[1],
        );
        if let Some(c) = &self.count {
            let or_none = |s: &Option<String>| s.clone().unwrap_or_else(|| "none".to_string());
            line.push_str(&format!(
                " dead={}:{} black_score={} white_score={} referee_score={}",
                c.dead_from,
                c.dead.len(),
                or_none(&c.engine_scores[0]),
                or_none(&c.engine_scores[1]),
                or_none(&c.referee_score),
            ));
        }
        line.push_str(&format!(" moves={}", moves.join(" ")));
        line
    }
}

/// The end of a game: the winner (`None` for a draw), why, and the count if any.
struct Ending {
    winner: Option<Color>,
    reason: EndReason,
    count: Option<CountReport>,
}

impl Ending {
    fn win(winner: Color, reason: EndReason) -> Ending {
        Ending {
            winner: Some(winner),
            reason,
            count: None,
        }
    }

    fn draw(reason: EndReason) -> Ending {
        Ending {
            winner: None,
            reason,
            count: None,
        }
    }
}

/// What a `genmove` answer asks for.
enum Answer {
    Move(Option<Vertex>),
    Resign,
    Bad,
}

fn read_answer(size: BoardSize, text: &str) -> Answer {
    if text.trim().eq_ignore_ascii_case("resign") {
        return Answer::Resign;
    }
    match size.parse_vertex(text) {
        Ok(mv) => Answer::Move(mv),
        Err(_) => Answer::Bad,
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A command failure of the engine being asked, as the reason it loses.
fn failure(command: &str, e: GtpError) -> EndReason {
    match e {
        GtpError::Timeout => EndReason::Hung(command.to_string()),
        GtpError::Eof | GtpError::Write(_) => EndReason::Crash(e.to_string()),
        GtpError::Garbage(_) => EndReason::ProtocolError(e.to_string()),
    }
}

/// A game in progress.
struct Run<'a> {
    config: &'a GtpMatchConfig,
    /// Names by colour.
    names: [&'a str; 2],
    game: Game,
    /// Engines by colour.
    engines: [Option<GtpEngine>; 2],
    referee: Option<GtpEngine>,
    time_used: [Duration; 2],
    longest: [Duration; 2],
    /// The game clocks, by colour, with a time per game.
    clocks: Option<[GameClock; 2]>,
    notes: Vec<String>,
}

/// Plays game `index` (engine 1 has Black in even games), from the opening
/// [`opening_of_game`] gives it, and returns its record. Never panics on engine
/// misbehaviour: every failure ends the game with a reason.
pub fn play_game(
    config: &GtpMatchConfig,
    engine1: &EngineSpec,
    engine2: &EngineSpec,
    index: usize,
) -> GameRecord {
    let started = Instant::now();
    let engine1_color = [Color::Black, Color::White][index % 2];
    let (black, white) = if engine1_color == Color::Black {
        (engine1, engine2)
    } else {
        (engine2, engine1)
    };
    let mut run = Run {
        config,
        names: [&black.name, &white.name],
        game: Game::new(config.size, config.rules),
        engines: [None, None],
        referee: None,
        time_used: [Duration::ZERO; 2],
        longest: [Duration::ZERO; 2],
        clocks: match config.time {
            TimeLimit::PerGame { main, increment } => Some([GameClock::new(main, increment); 2]),
            TimeLimit::Unlimited | TimeLimit::PerMove(_) => None,
        },
        notes: Vec::new(),
    };
    let opening = opening_of_game(index, config.openings.len()).map(|i| &config.openings[i]);
    let ending = run.play([black, white], opening);
    let referee_followed = run.referee.is_some();
    let engines = std::mem::take(&mut run.engines);
    for engine in engines.into_iter().flatten().chain(run.referee.take()) {
        engine.quit(QUIT_GRACE);
    }
    let size = config.size;
    GameRecord {
        index,
        engine1_color,
        opening: opening.map(|o| o.name.clone()),
        opening_len: opening.map_or(0, |o| o.moves.len()),
        moves: run
            .game
            .moves()
            .map(|(c, v)| (c, v.map(|v| size.point(v))))
            .collect(),
        winner: ending.winner,
        reason: ending.reason,
        count: ending.count,
        time_used_ms: run.time_used.map(|d| d.as_millis() as u64),
        longest_move_ms: run.longest.map(|d| d.as_millis() as u64),
        referee_followed,
        notes: run.notes,
        duration: started.elapsed(),
    }
}

impl Run<'_> {
    fn play(&mut self, specs: [&EngineSpec; 2], opening: Option<&GoOpening>) -> Ending {
        if let Some(ending) = self.start(specs) {
            return ending;
        }
        if let Some(ending) = opening.and_then(|o| self.play_opening(o)) {
            return ending;
        }
        let size = self.config.size;
        loop {
            match self.game.is_over() {
                Some(GameOver::Stopped(stop)) => return self.count(EndReason::Counted(stop)),
                Some(GameOver::Cycle) => return Ending::draw(EndReason::Cycle),
                Some(GameOver::Forfeit { loser, why }) => {
                    return Ending::win(!loser, EndReason::Forfeit(why))
                }
                None if self.game.move_count() >= self.config.max_moves => {
                    return self.count(EndReason::MoveLimit)
                }
                None => {}
            }
            let color = self.game.to_move();
            let answer = match self.genmove(color) {
                Ok(answer) => answer,
                Err(reason) => return Ending::win(!color, reason),
            };
            let mv = match read_answer(size, &answer) {
                Answer::Move(mv) => mv,
                Answer::Resign => return Ending::win(!color, EndReason::Resign),
                Answer::Bad => return Ending::win(!color, EndReason::BadAnswer(answer)),
            };
            if let Err(why) = self.game.play(color, mv.map(|v| size.point(v))) {
                return Ending::win(!color, EndReason::Illegal { answer, why });
            }
            if matches!(
                self.game.is_over(),
                Some(GameOver::Cycle | GameOver::Forfeit { .. })
            ) {
                continue;
            }
            let command = format!("play {} {}", color_name(color), size.vertex_name(mv));
            if let Err(reason) = self.tell(!color, &command) {
                return Ending::win(color, reason);
            }
            self.tell_referee(&command);
        }
    }

    /// Plays the opening's moves and sends each to both engines and the referee. `Some`
    /// if the game ended: an engine refused a move (it loses), or the rules refused one
    /// (the openings are checked when read, so only under other rules; a draw).
    fn play_opening(&mut self, opening: &GoOpening) -> Option<Ending> {
        let size = self.config.size;
        for (color, mv) in opening.coloured_moves() {
            let vertex = size.vertex_name(mv.and_then(|p| size.vertex(p)));
            if let Err(why) = self.game.play(color, mv) {
                return Some(Ending::draw(EndReason::BothFailed(format!(
                    "opening {} cannot be played: {vertex}: {why}",
                    opening.name
                ))));
            }
            let command = format!("play {} {vertex}", color_name(color));
            for side in [Color::Black, Color::White] {
                if let Err(reason) = self.tell(side, &command) {
                    return Some(Ending::win(!side, reason));
                }
            }
            self.tell_referee(&command);
        }
        None
    }

    fn note(&mut self, who: &str, text: &str) {
        if self.notes.len() < MAX_NOTES {
            self.notes.push(format!("{who}: {}", truncate(text, 300)));
        }
    }

    fn deadline(&self) -> Instant {
        Instant::now() + self.config.command_timeout
    }

    /// Starts both engines and the referee and sets them up. `Some` if the game is over
    /// before it began.
    fn start(&mut self, specs: [&EngineSpec; 2]) -> Option<Ending> {
        let mut failed: [Option<String>; 2] = [None, None];
        for (side, spec) in specs.iter().enumerate() {
            match GtpEngine::spawn(spec, &self.config.stderr, self.config.command_timeout) {
                Ok(engine) => self.engines[side] = Some(engine),
                Err(e) => failed[side] = Some(format!("cannot run {}: {e}", spec.program)),
            }
        }
        for (side, failure) in failed.iter_mut().enumerate() {
            if failure.is_none() {
                *failure = self.set_up(side).err();
            }
        }
        if let Some(spec) = self.config.referee.clone() {
            self.start_referee(&spec);
        }
        match failed {
            [None, None] => None,
            [Some(b), Some(w)] => Some(Ending::draw(EndReason::BothFailed(format!(
                "black: {b}; white: {w}"
            )))),
            [Some(b), None] => Some(Ending::win(Color::White, EndReason::StartFailed(b))),
            [None, Some(w)] => Some(Ending::win(Color::Black, EndReason::StartFailed(w))),
        }
    }

    fn start_referee(&mut self, spec: &EngineSpec) {
        let mut referee =
            match GtpEngine::spawn(spec, &self.config.stderr, self.config.command_timeout) {
                Ok(r) => r,
                Err(e) => return self.note("referee", &format!("cannot run: {e}")),
            };
        match self.setup_commands(&mut referee, false) {
            Ok(notes) => {
                for n in notes {
                    self.note("referee", &n);
                }
                self.referee = Some(referee);
            }
            Err(e) => self.note("referee", &e),
        }
    }

    /// Sets up the engine playing `side` (a colour index).
    fn set_up(&mut self, side: usize) -> Result<(), String> {
        let mut engine = self.engines[side].take().ok_or("not running")?;
        let result = self.setup_commands(&mut engine, true);
        self.engines[side] = Some(engine);
        for n in result.as_ref().map_or(&[][..], |n| &n[..]) {
            self.note(self.names[side], n);
        }
        result.map(drop)
    }

    /// The setup commands; `Ok` with notes of refused optional commands.
    fn setup_commands(&self, engine: &mut GtpEngine, timed: bool) -> Result<Vec<String>, String> {
        let c = self.config;
        let mut required = vec![format!("boardsize {}", c.size.get()), "clear_board".into()];
        if let Some(name) = c.rules_name() {
            if engine.knows("kata-set-rules") {
                required.push(format!("kata-set-rules {name}"));
            } else if let Some(kgs) = kgs_rules_name(name).filter(|_| engine.knows("kgs-rules")) {
                required.push(format!("kgs-rules {kgs}"));
            }
        }
        required.push(format!("komi {}", c.rules.komi));
        for command in &required {
            match engine.command(command, self.deadline()) {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(format!("{command}: {e}")),
                Err(e) => return Err(format!("{command}: {e}")),
            }
        }
        let mut notes = Vec::new();
        let time_settings = match c.time {
            _ if !timed => None,
            TimeLimit::Unlimited => None,
            TimeLimit::PerMove(t) => Some(format!("time_settings 0 {} 1", t.as_secs())),
            TimeLimit::PerGame { main, .. } => {
                if !engine.knows("time_left") {
                    notes.push("does not list time_left: its clock is not reported".into());
                }
                Some(format!("time_settings {} 0 0", main.as_secs()))
            }
        };
        if let Some(command) = time_settings {
            match engine.command(&command, self.deadline()) {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => notes.push(format!("{command} refused: {e}")),
                Err(e) => return Err(format!("{command}: {e}")),
            }
        }
        Ok(notes)
    }

    /// Tells `color`'s engine its game clock (`time_left`), if it has one and the engine
    /// lists the command. A refusal is noted; no reply in time loses.
    fn send_time_left(&mut self, color: Color) -> Result<(), EndReason> {
        let side = color.index();
        let Some(left) = self.clocks.map(|c| c[side].left()) else {
            return Ok(());
        };
        let command = format!("time_left {} {} 0", color_name(color), left.as_secs());
        let deadline = self.deadline();
        let engine = self.engines[side]
            .as_mut()
            .ok_or_else(|| EndReason::Crash("not running".to_string()))?;
        if !engine.knows("time_left") {
            return Ok(());
        }
        match engine.command(&command, deadline) {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => {
                self.note(self.names[side], &format!("{command} refused: {e}"));
                Ok(())
            }
            Err(e) => Err(failure(&command, e)),
        }
    }

    /// Asks `color`'s engine for a move and clocks it.
    fn genmove(&mut self, color: Color) -> Result<String, EndReason> {
        let side = color.index();
        let tolerance = self.config.tolerance;
        self.send_time_left(color)?;
        let move_limit = match self.config.time {
            TimeLimit::PerMove(t) => Some(t + tolerance),
            TimeLimit::Unlimited | TimeLimit::PerGame { .. } => None,
        };
        let clock_limit = self.clocks.map(|c| c[side].limit(tolerance));
        let limit = move_limit.or(clock_limit).unwrap_or(NO_TIME_LIMIT);
        let engine = self.engines[side]
            .as_mut()
            .ok_or_else(|| EndReason::Crash("not running".to_string()))?;
        let asked = Instant::now();
        let deadline = asked
            .checked_add(limit)
            .unwrap_or_else(|| asked + NO_TIME_LIMIT);
        let reply = engine.command(&format!("genmove {}", color_name(color)), deadline);
        let elapsed = asked.elapsed();
        self.time_used[side] += elapsed;
        self.longest[side] = self.longest[side].max(elapsed);
        if reply == Err(GtpError::Timeout) {
            // Dropping the engine kills it.
            self.engines[side] = None;
        }
        if let Some(clocks) = self.clocks.as_mut() {
            if let Err(used) = clocks[side].charge(elapsed, tolerance) {
                return Err(EndReason::GameTimeout {
                    used_ms: used.as_millis() as u64,
                });
            }
        }
        let late = EndReason::Timeout {
            elapsed_ms: elapsed.as_millis() as u64,
        };
        match reply {
            Ok(_) if move_limit.is_some_and(|l| elapsed > l) => Err(late),
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(e)) => Err(EndReason::GenmoveFailed(e)),
            Err(GtpError::Timeout) => Err(late),
            Err(e) => Err(failure("genmove", e)),
        }
    }

    /// Sends `command` (a move) to `color`'s engine.
    fn tell(&mut self, color: Color, command: &str) -> Result<(), EndReason> {
        let deadline = self.deadline();
        let engine = self.engines[color.index()]
            .as_mut()
            .ok_or_else(|| EndReason::Crash("not running".to_string()))?;
        match engine.command(command, deadline) {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(reply)) => Err(EndReason::RefusedMove {
                mv: command.to_string(),
                reply,
            }),
            Err(e) => Err(failure(command, e)),
        }
    }

    /// Sends `command` (a move) to the referee, dropping it if it fails.
    fn tell_referee(&mut self, command: &str) {
        let deadline = self.deadline();
        let Some(referee) = self.referee.as_mut() else {
            return;
        };
        let error = match referee.command(command, deadline) {
            Ok(Ok(_)) => return,
            Ok(Err(e)) => e,
            Err(e) => e.to_string(),
        };
        self.note(
            "referee",
            &format!("{command}: {error}; dropped for this game"),
        );
        if let Some(r) = self.referee.take() {
            r.quit(QUIT_GRACE);
        }
    }

    /// Asks `engine` for its dead stones and its score; failures are noted.
    fn ask_count(&mut self, who: &str, engine: &mut GtpEngine) -> (Option<Points>, Option<String>) {
        let mut ask = |command: &str, run: &mut Self| match engine.command(command, run.deadline())
        {
            Ok(Ok(text)) => Some(text),
            Ok(Err(e)) => {
                run.note(who, &format!("{command} failed: {e}"));
                None
            }
            Err(e) => {
                run.note(who, &format!("{command}: {e}"));
                None
            }
        };
        let dead_text = ask("final_status_list dead", self);
        let dead = dead_text.and_then(|t| {
            let dead = parse_dead_list(&t, self.game.position());
            if dead.is_none() {
                self.note(who, &format!("unusable dead list {t:?}"));
            }
            dead
        });
        let score = ask("final_score", self);
        (dead, score)
    }

    /// Counts the board: the dead stones as [`scoring`] chooses them, the engines'
    /// scores for comparison.
    fn count(&mut self, reason: EndReason) -> Ending {
        let mut lists = [None, None];
        let mut engine_scores = [None, None];
        for side in 0..2 {
            if let Some(mut engine) = self.engines[side].take() {
                (lists[side], engine_scores[side]) = self.ask_count(self.names[side], &mut engine);
                self.engines[side] = Some(engine);
            }
        }
        let (referee_list, referee_score) = match self.referee.take() {
            Some(mut referee) => {
                let answers = self.ask_count("referee", &mut referee);
                self.referee = Some(referee);
                answers
            }
            None => (None, None),
        };
        let trusted = trusted_referee_list(referee_list, referee_score.as_deref(), |list| {
            self.game.score(list).ok().map(|s| s.result)
        });
        if referee_list.is_some() && trusted.is_none() {
            self.note(
                "referee",
                "its dead list contradicts its final_score; not used",
            );
        }
        let (dead, dead_from) = choose_dead(&self.config.rules, lists, trusted);
        let score = match self.game.score(dead) {
            Ok(score) => score,
            Err(e) => return Ending::draw(EndReason::BothFailed(format!("cannot count: {e}"))),
        };
        let winner = match score.result {
            GameResult::Win { winner, .. } => Some(winner),
            GameResult::Draw | GameResult::NoResult => None,
        };
        Ending {
            winner,
            reason,
            count: Some(CountReport {
                ours: score.result,
                dead,
                dead_from,
                engine_scores,
                referee_score,
            }),
        }
    }
}

/// Plays games `0..games` in order, `concurrency` at a time, calling `on_game` with each
/// record as it finishes. Once `on_game` returns `Break` (an SPRT decided) no further
/// game starts; the running ones finish and are reported. Returns the records of the
/// games played, in game order.
pub fn run_match(
    config: &GtpMatchConfig,
    engine1: &EngineSpec,
    engine2: &EngineSpec,
    games: usize,
    concurrency: usize,
    on_game: impl FnMut(&GameRecord) -> ControlFlow<()>,
) -> Vec<GameRecord> {
    let indices: Vec<usize> = (0..games).collect();
    run_parallel(
        &indices,
        concurrency,
        |&i| play_game(config, engine1, engine2, i),
        on_game,
    )
}

/// How the engines' and the referee's `final_score` compared with our count, over the
/// counted games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreAgreement {
    /// Games counted.
    pub counted: u32,
    /// Per [`Agreement`]: engine 1, engine 2, referee.
    pub table: BTreeMap<Agreement, [u32; 3]>,
    /// Games per source of the dead stones.
    pub dead_from: BTreeMap<DeadSource, u32>,
}

impl ScoreAgreement {
    /// The totals of `records`.
    pub fn new(records: &[GameRecord]) -> ScoreAgreement {
        let mut s = ScoreAgreement::default();
        for r in records {
            let Some(c) = &r.count else { continue };
            s.counted += 1;
            *s.dead_from.entry(c.dead_from).or_default() += 1;
            let e1 = r.engine1_color.index();
            let reported = [
                &c.engine_scores[e1],
                &c.engine_scores[1 - e1],
                &c.referee_score,
            ];
            for (column, score) in reported.into_iter().enumerate() {
                let a = agreement(score.as_deref(), c.ours);
                s.table.entry(a).or_default()[column] += 1;
            }
        }
        s
    }

    /// The agreement table.
    pub fn report(&self, engine1: &str, engine2: &str) -> String {
        let mut out = format!(
            "final_score against our count ({} counted games):\n",
            self.counted
        );
        let (w1, w2) = (engine1.len().max(6), engine2.len().max(6));
        out.push_str(&format!(
            "{:<11}  {engine1:>w1$}  {engine2:>w2$}  referee\n",
            ""
        ));
        for a in Agreement::ALL {
            let [x, y, r] = self.table.get(&a).copied().unwrap_or_default();
            out.push_str(&format!("{:<11}  {x:>w1$}  {y:>w2$}  {r:>7}\n", a.title()));
        }
        let sources: Vec<String> = self
            .dead_from
            .iter()
            .map(|(source, n)| format!("{source} {n}"))
            .collect();
        if !sources.is_empty() {
            out.push_str(&format!("dead stones: {}\n", sources.join(", ")));
        }
        out
    }
}
