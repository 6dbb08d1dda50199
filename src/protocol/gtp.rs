//! The Go Text Protocol, version 2, with the analysis extensions of Leela Zero and KataGo;
//! `protocol/gtp.md` is the contract.
//!
//! A reader thread queues every input line as it arrives; the session answers the lines in
//! order. A search runs on its own thread with the engine moved into it: while it runs the
//! session only reads. Any line ends an analysis; `stop`, `quit` and the end of input cut a
//! move search short; every other line waits its turn.

mod analyze;
mod frame;
mod handicap;
mod record;

use crate::core::{Color, Point};
use crate::go::search::time::{Clock, TimeControl};
use crate::go::search::{
    Analysis, Decision, Engine, Limits, MoveFilter, MoveInfo, SearchConfig, SearchOutcome,
    StatusVerdict,
};
use crate::go::{
    BoardSize, DeadStones, GameOver, GameResult, Ko, Komi, Points, Position, Rules, Scoring,
    SekiEyes, Suicide, VertexError, PRESET_NAMES,
};
use crate::protocol::sgf::GoRecord;
use analyze::{Format, Request};
use frame::{Command, Failure, Reply};
use record::Record;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Start-up options from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set.
    pub rules: Rules,
    /// The komi, when not the rule set's.
    pub komi: Option<Komi>,
    /// Search threads, playouts, memory, resignation, seed.
    pub search: SearchConfig,
    /// Every move search stops after this many playouts.
    pub playouts: Option<u64>,
    /// Every move search stops after this long.
    pub time_per_move: Option<Duration>,
    /// After each move it plays, the engine searches on while the opponent thinks
    /// ([`Engine::ponder`]), until the next command.
    pub ponder: bool,
}

/// Every command we answer, as `list_commands` prints them.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "loadsgf",
    "printsgf",
    "showboard",
    "cputime",
    "final_score",
    "final_status_list",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-rules",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "kata-set-rules",
    "kata-get-rules",
    "stop",
    "lz-analyze",
    "kata-analyze",
    "analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "genmove_analyze",
];

/// A move takes this long when no limit is set at all.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);
/// The search behind `final_status_list` and `final_score` takes at most this long.
const FINAL_STATUS_TIME: Duration = Duration::from_secs(3);

/// Runs the protocol on `input`/`output` until `quit` or the end of input.
pub fn run<R, W>(input: R, output: W, options: Options) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let out = Output(Arc::new(Mutex::new(Box::new(output))));
    Session::new(out, tx, options).serve(rx);
    Ok(())
}

/// The protocol's stdout: every write goes out whole and flushed.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn write(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A controller that has gone away cannot be told anything: ignore write errors.
        let _ = w.write_all(text.as_bytes()).and_then(|_| w.flush());
        log::debug!("> {}", text.trim_end());
    }
}

enum Event {
    Line(String),
    Eof,
    Done(Box<Finished>),
}

/// A search thread's result, with the engine it borrowed.
struct Finished {
    /// The engine back, with its outcome (none for pondering); `None` when the search
    /// panicked (a bug): the engine is gone, the next search starts a fresh one, and the
    /// command gets an error.
    searched: Option<(Engine, Option<SearchOutcome>)>,
}

fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if tx.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Event::Eof);
    });
}

/// What a search is for.
enum Job {
    /// A move for `color`: played unless `commit` is off (`reg_genmove`), answered with the
    /// move, or streamed with `info` lines and `play` for the `*genmove_analyze` commands.
    Move {
        color: Color,
        commit: bool,
        analyze: Option<Request>,
    },
    /// An analysis streamed until the next input line.
    Analysis,
    /// A search on the opponent's time after our move, silent, until the next input line
    /// (or until the tree holds what the next search can reuse).
    Ponder,
}

impl Job {
    /// Does input `line` cut this search short? Any line ends an analysis or pondering; a
    /// move search stops early only for `stop` and `quit`.
    fn interrupted_by(&self, line: &str) -> bool {
        match self {
            Job::Analysis | Job::Ponder => true,
            Job::Move { .. } => {
                Command::parse(line).is_some_and(|c| c.name == "stop" || c.name == "quit")
            }
        }
    }
}

struct Running {
    job: Job,
    id: Option<u64>,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    started: Instant,
}

/// What a handled command leads to.
enum Action {
    /// Write this reply.
    Reply(Reply),
    /// A search has started; its thread or `finish` answers.
    Started,
    /// Answer, then exit.
    Quit,
}

struct Session {
    out: Output,
    events: Sender<Event>,
    options: Options,
    record: Record,
    /// The komi was chosen (`komi`, `--komi`): a rules change keeps it.
    komi_chosen: bool,
    /// `None` only while a search thread holds it.
    engine: Option<Engine>,
    time_control: TimeControl,
    clocks: [Clock; 2],
    running: Option<Running>,
    /// An analysis reply is still open: the next input line closes it.
    stream_open: bool,
    /// The last end-of-game verdict, with the position and rules it judged: asked again
    /// on the same board (`final_status_list dead` then `final_score`, as match runners
    /// and GUIs do), it answers at once and with the same stones.
    last_verdict: Option<(Position, Rules, StatusVerdict)>,
}

/// A colour: `b`, `black`, `w`, `white`, any case.
pub(crate) fn parse_color(text: &str) -> Result<Color, Failure> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(Failure::syntax()),
    }
}

/// A number of seconds (decimals allowed), not negative.
fn parse_seconds(text: &str) -> Result<Duration, Failure> {
    text.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(Failure::syntax)
}

fn parse_count(text: &str) -> Result<u32, Failure> {
    text.parse().map_err(|_| Failure::syntax())
}

/// Exactly `n` arguments.
fn arity(cmd: &Command, n: usize) -> Result<(), Failure> {
    if cmd.args.len() == n {
        Ok(())
    } else {
        Err(Failure::syntax())
    }
}

/// A rule set by name: our presets, and the KGS names with the nearest preset.
fn rules_by_name(name: &str) -> Result<Rules, Failure> {
    match name.to_ascii_lowercase().as_str() {
        "aga" => Ok(Rules::chinese()),
        "new_zealand" | "new-zealand" => Ok(Rules::tromp_taylor()),
        other => Rules::preset(other).ok_or_else(|| "unknown rules".into()),
    }
}

impl Session {
    fn new(out: Output, events: Sender<Event>, options: Options) -> Session {
        let mut rules = options.rules;
        if let Some(komi) = options.komi {
            rules.komi = komi;
        }
        let size = BoardSize::new(19).expect("19 is a board size");
        Session {
            out,
            events,
            engine: Some(Engine::new(options.search.clone())),
            komi_chosen: options.komi.is_some(),
            options,
            record: Record::new(size, rules),
            time_control: TimeControl::Unlimited,
            clocks: [Clock::new(TimeControl::Unlimited); 2],
            running: None,
            stream_open: false,
            last_verdict: None,
        }
    }

    fn serve(&mut self, rx: Receiver<Event>) {
        let mut pending: VecDeque<String> = VecDeque::new();
        let mut eof = false;
        loop {
            if self.running.is_none() {
                if self.stream_open && (eof || !pending.is_empty()) {
                    self.out.write("\n");
                    self.stream_open = false;
                }
                if let Some(line) = pending.pop_front() {
                    if !self.handle(&line) {
                        return;
                    }
                    continue;
                }
                if eof {
                    return;
                }
            }
            if let Some(run) = &self.running {
                // Lines queued before the search started count as much as new ones.
                if eof || pending.iter().any(|line| run.job.interrupted_by(line)) {
                    run.stop.store(true, Relaxed);
                }
            }
            let Ok(event) = rx.recv() else { return };
            match event {
                Event::Line(line) => {
                    log::debug!("< {}", line.trim_end());
                    pending.push_back(line);
                }
                Event::Eof => eof = true,
                Event::Done(finished) => self.finish(*finished),
            }
        }
    }

    /// Handles one input line while no search runs; `false` to quit.
    fn handle(&mut self, line: &str) -> bool {
        let Some(cmd) = Command::parse(line) else {
            return true;
        };
        let action = self
            .dispatch(&cmd)
            .unwrap_or_else(|why| Action::Reply(Reply::Failure(why.0)));
        match action {
            Action::Reply(reply) => self.out.write(&reply.render(cmd.id)),
            Action::Started => {}
            Action::Quit => {
                self.out.write(&Reply::ok().render(cmd.id));
                return false;
            }
        }
        true
    }

    fn dispatch(&mut self, cmd: &Command) -> Result<Action, Failure> {
        let ok = |text: String| Ok(Action::Reply(Reply::Success(text)));
        let done = || Ok(Action::Reply(Reply::ok()));
        match cmd.name.as_str() {
            "protocol_version" => ok("2".into()),
            "name" => ok("tengen".into()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                arity(cmd, 1)?;
                ok(COMMANDS.contains(&cmd.args[0].as_str()).to_string())
            }
            "list_commands" => ok(COMMANDS.join("\n")),
            "cputime" => {
                arity(cmd, 0)?;
                let seconds = process_cpu_seconds().ok_or("cpu time not available")?;
                ok(format!("{seconds:.2}"))
            }
            "quit" => Ok(Action::Quit),
            "boardsize" => {
                arity(cmd, 1)?;
                let n: usize = cmd.args[0].parse().map_err(|_| Failure::syntax())?;
                let size = BoardSize::new(n).map_err(|_| Failure::from("unacceptable size"))?;
                self.new_game(size);
                done()
            }
            "clear_board" => {
                arity(cmd, 0)?;
                self.new_game(self.record.size());
                done()
            }
            "komi" => {
                arity(cmd, 1)?;
                let komi: Komi = cmd.args[0].parse().map_err(|_| Failure::syntax())?;
                self.record
                    .set_komi(komi)
                    .map_err(|_| Failure::from("rules refuse the game"))?;
                self.komi_chosen = true;
                done()
            }
            "play" => {
                arity(cmd, 2)?;
                let color = parse_color(&cmd.args[0])?;
                let mv = self.parse_move(&cmd.args[1])?;
                self.record.play(color, mv).map_err(|why| {
                    log::info!("play {} {}: {why}", cmd.args[0], cmd.args[1]);
                    Failure::from("illegal move")
                })?;
                done()
            }
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                arity(cmd, 1)?;
                let color = parse_color(&cmd.args[0])?;
                let commit = cmd.name != "reg_genmove";
                let cleanup = cmd.name == "kgs-genmove_cleanup";
                self.start_move(color, commit, None, cleanup, cmd.id);
                Ok(Action::Started)
            }
            "lz-genmove_analyze" | "kata-genmove_analyze" | "genmove_analyze" => {
                let request =
                    Request::parse(&cmd.args, Self::format(&cmd.name), self.record.size())?;
                let color = request.color.unwrap_or(self.record.game().to_move());
                self.start_move(color, true, Some(request), false, cmd.id);
                Ok(Action::Started)
            }
            "lz-analyze" | "kata-analyze" | "analyze" => {
                let request =
                    Request::parse(&cmd.args, Self::format(&cmd.name), self.record.size())?;
                self.start_analysis(request, cmd.id);
                Ok(Action::Started)
            }
            "stop" | "kgs-game_over" => done(),
            "undo" => {
                arity(cmd, 0)?;
                if !self.record.undo() {
                    return Err("cannot undo".into());
                }
                done()
            }
            "fixed_handicap" | "place_free_handicap" => {
                arity(cmd, 1)?;
                let n: usize = cmd.args[0].parse().map_err(|_| Failure::syntax())?;
                if !self.record.is_empty() {
                    return Err("board not empty".into());
                }
                let size = self.record.size();
                let points = handicap::fixed(size, n)
                    .ok_or_else(|| Failure::from("invalid number of stones"))?;
                let names: Vec<String> = points
                    .iter()
                    .map(|&p| size.vertex_name(size.vertex(p)))
                    .collect();
                self.set_handicap(points)?;
                ok(names.join(" "))
            }
            "set_free_handicap" => {
                let size = self.record.size();
                let mut points = Vec::new();
                for arg in &cmd.args {
                    match self.parse_move(arg) {
                        Ok(Some(p)) if !points.contains(&p) => points.push(p),
                        Ok(_) => return Err("bad vertex list".into()),
                        Err(_) => return Err(Failure::syntax()),
                    }
                }
                if !self.record.is_empty() {
                    return Err("board not empty".into());
                }
                if points.len() < 2 || points.len() >= size.points() {
                    return Err("invalid number of stones".into());
                }
                self.set_handicap(points)?;
                done()
            }
            "loadsgf" => self.load_sgf(cmd).map(|()| Action::Reply(Reply::ok())),
            "printsgf" => {
                let sgf = self.record.to_sgf(rules_name(self.record.rules()));
                match cmd.args.as_slice() {
                    [] => ok(sgf.trim_end().to_string()),
                    [file] if file == "-" => ok(sgf.trim_end().to_string()),
                    [file] => {
                        std::fs::write(file, sgf).map_err(|e| {
                            log::warn!("printsgf {file}: {e}");
                            Failure::from("cannot save file")
                        })?;
                        done()
                    }
                    _ => Err(Failure::syntax()),
                }
            }
            "showboard" => {
                arity(cmd, 0)?;
                ok(self.show_board())
            }
            "final_score" => {
                arity(cmd, 0)?;
                ok(self.final_score()?)
            }
            "final_status_list" => {
                arity(cmd, 1)?;
                ok(self.final_status_list(&cmd.args[0])?)
            }
            "time_settings" => {
                arity(cmd, 3)?;
                let main = parse_seconds(&cmd.args[0])?;
                let period = parse_seconds(&cmd.args[1])?;
                let stones = parse_count(&cmd.args[2])?;
                self.set_time(match (period.is_zero(), stones) {
                    (true, _) => TimeControl::Absolute { main },
                    (false, 0) => TimeControl::Unlimited,
                    (false, stones) => TimeControl::Canadian {
                        main,
                        period,
                        stones,
                    },
                });
                done()
            }
            "kgs-time_settings" => {
                let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
                let control = match args.as_slice() {
                    ["none"] => TimeControl::Unlimited,
                    ["absolute", main] => TimeControl::Absolute {
                        main: parse_seconds(main)?,
                    },
                    ["byoyomi", main, period, periods] => TimeControl::ByoYomi {
                        main: parse_seconds(main)?,
                        period: parse_seconds(period)?,
                        periods: parse_count(periods)?,
                    },
                    ["canadian", main, period, stones] => TimeControl::Canadian {
                        main: parse_seconds(main)?,
                        period: parse_seconds(period)?,
                        stones: parse_count(stones)?,
                    },
                    _ => return Err(Failure::syntax()),
                };
                self.set_time(control);
                done()
            }
            "time_left" => {
                arity(cmd, 3)?;
                let color = parse_color(&cmd.args[0])?;
                let left = parse_seconds(&cmd.args[1])?;
                let count = parse_count(&cmd.args[2])?;
                self.clocks[color.index()].report(left, count);
                done()
            }
            "kgs-rules" | "kata-set-rules" => {
                arity(cmd, 1)?;
                let mut rules = rules_by_name(&cmd.args[0])?;
                if self.komi_chosen {
                    rules.komi = self.record.rules().komi;
                }
                self.record
                    .set_rules(rules)
                    .map_err(|_| Failure::from("rules refuse the game"))?;
                self.engine().clear();
                done()
            }
            "kata-get-rules" => {
                arity(cmd, 0)?;
                ok(rules_json(self.record.rules()))
            }
            _ => Err("unknown command".into()),
        }
    }

    fn format(name: &str) -> Format {
        if name.starts_with("lz-") {
            Format::LeelaZero
        } else {
            Format::KataGo
        }
    }

    /// The engine, between searches.
    fn engine(&mut self) -> &mut Engine {
        let config = &self.options.search;
        self.engine
            .get_or_insert_with(|| Engine::new(config.clone()))
    }

    /// A point or a pass of the current board: a malformed vertex is a syntax error, one
    /// off the board an illegal move.
    fn parse_move(&self, text: &str) -> Result<Option<Point>, Failure> {
        let size = self.record.size();
        match size.parse_vertex(text) {
            Ok(v) => Ok(v.map(|v| size.point(v))),
            Err(VertexError::Malformed(_)) => Err(Failure::syntax()),
            Err(VertexError::OffBoard(_)) => Err("illegal move".into()),
        }
    }

    /// An empty board of `size`, the rules and komi kept, the clocks restarted.
    fn new_game(&mut self, size: BoardSize) {
        self.record = Record::new(size, *self.record.rules());
        self.clocks = [Clock::new(self.time_control); 2];
        self.engine().clear();
    }

    fn set_handicap(&mut self, points: Vec<Point>) -> Result<(), Failure> {
        self.record.set_handicap(points).map_err(|e| {
            log::warn!("handicap: {e}");
            Failure::from("invalid number of stones")
        })?;
        self.engine().clear();
        Ok(())
    }

    fn set_time(&mut self, control: TimeControl) {
        self.time_control = control;
        self.clocks = [Clock::new(control); 2];
    }

    fn load_sgf(&mut self, cmd: &Command) -> Result<(), Failure> {
        let (file, before) = match cmd.args.as_slice() {
            [file] => (file, None),
            [file, n] => (
                file,
                Some(n.parse::<usize>().map_err(|_| Failure::syntax())?),
            ),
            _ => return Err(Failure::syntax()),
        };
        let cannot = |why: String| {
            log::warn!("loadsgf {file}: {why}");
            Failure::from("cannot load file")
        };
        let text = std::fs::read(file).map_err(|e| cannot(e.to_string()))?;
        let sgf = GoRecord::from_sgf(text).map_err(|e| cannot(e.to_string()))?;
        let mut rules = *self.record.rules();
        if sgf.komi.is_none() {
            // Keep the komi in force.
            rules.komi = self.record.rules().komi;
        }
        self.record = Record::from_sgf(&sgf, before, rules).map_err(cannot)?;
        self.engine().clear();
        Ok(())
    }

    /// The search limits of a move for `color`.
    fn move_limits(&self, color: Color, cleanup: bool) -> Limits {
        let game = self.record.game();
        let clock =
            self.clocks[color.index()].budget(game.position().size().points(), game.move_count());
        let time = match (clock, self.options.time_per_move) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let time = match (time, self.options.playouts) {
            (None, None) => Some(DEFAULT_MOVE_TIME),
            (time, _) => time,
        };
        Limits {
            playouts: self.options.playouts,
            time,
            cleanup,
            allow_resign: !cleanup,
            stop_when_decided: true,
            filter: MoveFilter::default(),
        }
    }

    /// Starts the search of a move for `color`; its answer comes from
    /// [`finish`](Self::finish).
    fn start_move(
        &mut self,
        color: Color,
        commit: bool,
        analyze: Option<Request>,
        cleanup: bool,
        id: Option<u64>,
    ) {
        let mut limits = self.move_limits(color, cleanup);
        if let Some(request) = &analyze {
            self.out.write(&format!("{}\n", Reply::head(true, id)));
            limits.filter = request.filter.clone();
        }
        let job = Job::Move {
            color,
            commit,
            analyze: analyze.clone(),
        };
        self.spawn(job, id, color, limits, analyze);
    }

    /// Starts an analysis: `=` at once, `info` lines until the next input line.
    fn start_analysis(&mut self, request: Request, id: Option<u64>) {
        let color = request.color.unwrap_or(self.record.game().to_move());
        self.out.write(&format!("{}\n", Reply::head(true, id)));
        self.stream_open = true;
        let limits = Limits {
            filter: request.filter.clone(),
            ..Limits::default()
        };
        self.spawn(Job::Analysis, id, color, limits, Some(request));
    }

    /// The one place a search starts: the engine moves into a thread with a copy of the
    /// game, and comes back through [`Event::Done`].
    fn spawn(
        &mut self,
        job: Job,
        id: Option<u64>,
        color: Color,
        limits: Limits,
        request: Option<Request>,
    ) {
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.options.search.clone()));
        let mut game = self.record.game().clone();
        // Play goes on after two passes when a move is asked for.
        game.resume();
        let size = self.record.size();
        let stop = Arc::new(AtomicBool::new(false));
        let (out, events, thread_stop) = (self.out.clone(), self.events.clone(), stop.clone());
        let pondering = matches!(job, Job::Ponder);
        let handle = std::thread::spawn(move || {
            let mut report = |analysis: &Analysis| {
                if let Some(line) = request.as_ref().and_then(|r| r.info_line(analysis, size)) {
                    out.write(&format!("{line}\n"));
                }
            };
            let every = request.as_ref().and_then(|r| r.interval);
            // A bug in a search must not leave the session waiting for ever.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if pondering {
                    let playouts = engine.ponder(&game, color, &thread_stop);
                    log::debug!("pondered {playouts} playouts for {color:?}");
                    return (engine, None);
                }
                let outcome =
                    engine.search(&game, color, &limits, &thread_stop, &mut report, every);
                (engine, Some(outcome))
            }))
            .ok();
            let _ = events.send(Event::Done(Box::new(Finished { searched })));
        });
        self.running = Some(Running {
            job,
            id,
            stop,
            handle,
            started: Instant::now(),
        });
    }

    /// A search has ended: take the engine back and answer.
    fn finish(&mut self, finished: Finished) {
        let outcome = finished.searched.map(|(engine, outcome)| {
            self.engine = Some(engine);
            outcome
        });
        let Some(run) = self.running.take() else {
            return;
        };
        let _ = run.handle.join();
        let Some(outcome) = outcome.flatten() else {
            if matches!(run.job, Job::Move { .. }) {
                let failure = Reply::Failure("internal error in the search".into());
                self.out.write(&failure.render(run.id));
            }
            return;
        };
        let Job::Move {
            color,
            commit,
            analyze,
        } = run.job
        else {
            // An analysis stays open until the next input line.
            return;
        };
        let size = self.record.size();
        // The move played, `None` for a resignation.
        let mut played = match outcome.decision {
            Decision::Play(v) => Some(Some(v)),
            Decision::Pass => Some(None),
            Decision::Resign => None,
        };
        if commit {
            self.clocks[color.index()].spend(run.started.elapsed());
            if let Some(mv) = played {
                if let Err(why) = self.record.play(color, mv.map(|v| size.point(v))) {
                    let chosen = size.vertex_name(mv);
                    log::error!("the search chose {chosen}, which the game refuses: {why}");
                    played = Some(None);
                    let _ = self.record.play(color, None);
                }
            }
        }
        let answer = played.map_or("resign".to_string(), |mv| size.vertex_name(mv));
        match analyze {
            Some(request) => {
                let mut analysis = outcome.analysis;
                if analysis.moves.is_empty() {
                    // Stopped before its first playout, the search chose from the priors
                    // alone: the last line still names the move, with nothing measured.
                    analysis.moves.extend(played.map(|mv| MoveInfo {
                        mv,
                        visits: 0,
                        winrate: 0.5,
                        prior: 1.0,
                        lcb: 0.0,
                        score_lead: 0.0,
                        pv: vec![mv],
                    }));
                }
                let info = request.info_line(&analysis, size);
                let info = info.map(|line| line + "\n").unwrap_or_default();
                self.out.write(&format!("{info}play {answer}\n\n"));
            }
            None => self.out.write(&Reply::Success(answer).render(run.id)),
        }
        // After a stone (a pass or a resignation may end the game), think on while the
        // opponent does; the next input line stops it.
        let stone = matches!(played, Some(Some(_)));
        if self.options.ponder && commit && stone && self.record.game().is_over().is_none() {
            self.spawn(Job::Ponder, None, !color, Limits::default(), None);
        }
    }

    /// Life and death of every stone: the rules core, then a short search.
    fn verdict(&mut self) -> StatusVerdict {
        let game = self.record.game().clone();
        if let Some((position, rules, verdict)) = &self.last_verdict {
            if position == game.position() && rules == game.rules() {
                return *verdict;
            }
        }
        let limits = Limits {
            playouts: self.options.playouts,
            time: Some(FINAL_STATUS_TIME),
            cleanup: false,
            ..Limits::default()
        };
        let mut verdict = self
            .engine()
            .final_status(&game, &limits, &AtomicBool::new(false));
        if game.rules().dead_stones == DeadStones::ScoredAsTheyStand {
            // Nothing is taken off: every stone counts where it stands.
            verdict.alive |= verdict.dead;
            verdict.dead = Points::EMPTY;
        }
        self.last_verdict = Some((game.position().clone(), *game.rules(), verdict));
        verdict
    }

    fn final_score(&mut self) -> Result<String, Failure> {
        let over = self.record.game().is_over();
        let result = match over.and_then(GameOver::result) {
            Some(result) => result,
            None => {
                let dead = self.verdict().dead;
                let score = self.record.game().score(dead).map_err(|e| {
                    log::warn!("final_score: {e}");
                    Failure::from("cannot score")
                })?;
                score.result
            }
        };
        match result {
            GameResult::Draw => Ok("0".into()),
            GameResult::NoResult => Err("cannot score".into()),
            win => Ok(win.to_string()),
        }
    }

    fn final_status_list(&mut self, status: &str) -> Result<String, Failure> {
        let verdict = self.verdict();
        let stones = match status {
            "alive" => verdict.alive,
            "dead" => verdict.dead,
            "seki" => verdict.seki,
            _ => return Err(Failure::syntax()),
        };
        let position = self.record.game().position();
        let size = position.size();
        let mut seen = Points::EMPTY;
        let mut lines = Vec::new();
        for index in stones.iter() {
            if seen.contains(index) {
                continue;
            }
            let Some(v) = size.vertex_at(index) else {
                continue;
            };
            let chain = position.chain(v) & stones;
            seen |= chain;
            let names: Vec<String> = chain
                .iter()
                .filter_map(|i| size.vertex_at(i))
                .map(|v| size.vertex_name(Some(v)))
                .collect();
            lines.push(names.join(" "));
        }
        Ok(lines.join("\n"))
    }

    /// The board with coordinates, then the side to move, captures, komi and rules.
    fn show_board(&self) -> String {
        let game = self.record.game();
        let position = game.position();
        let size = position.size();
        let n = size.get();
        let letters: String = (0..n)
            .map(|x| {
                let v = size.vertex(Point::new(x as u8, 0));
                let name = size.vertex_name(v);
                format!(" {}", &name[..1])
            })
            .collect();
        let mut text = format!("\n  {letters}\n");
        for y in 0..n {
            let row = n - y;
            text.push_str(&format!("{row:>2}"));
            for x in 0..n {
                let v = size
                    .vertex(Point::new(x as u8, y as u8))
                    .expect("on the board");
                text.push(' ');
                text.push(match position.stone(v) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            text.push_str(&format!(" {row}\n"));
        }
        text.push_str(&format!("  {letters}\n"));
        let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
        let [b, w] = game.prisoners();
        text.push_str(&format!(
            "{} to move; captures: Black {b}, White {w}; komi {}; rules {}\n",
            side(game.to_move()),
            game.rules().komi,
            rules_name(game.rules())
        ));
        text
    }
}

/// The preset the rules are, whatever the komi; `custom` for none.
fn rules_name(rules: &Rules) -> &'static str {
    PRESET_NAMES
        .into_iter()
        .find(|&name| {
            Rules::preset(name).is_some_and(|preset| {
                preset
                    == Rules {
                        komi: preset.komi,
                        ..*rules
                    }
            })
        })
        .unwrap_or("custom")
}

/// The rules as a one-line JSON object, KataGo's field names where they apply.
fn rules_json(rules: &Rules) -> String {
    let ko = match rules.legality.ko {
        Ko::Simple => "SIMPLE",
        Ko::PositionalSuperko => "POSITIONAL",
        Ko::SituationalSuperko => "SITUATIONAL",
    };
    let scoring = match rules.scoring {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
        Scoring::OpPoints => "OP",
    };
    let tax = match rules.seki_eyes {
        SekiEyes::NotTerritory => "SEKI",
        SekiEyes::Count => "NONE",
    };
    format!(
        "{{\"name\":\"{}\",\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"suicide\":{},\"tax\":\"{tax}\",\"komi\":{}}}",
        rules_name(rules),
        rules.legality.suicide == Suicide::Legal,
        rules.komi
    )
}

/// The CPU time this process has used, user and system, in seconds (GoGui's `cputime`,
/// which gogui-twogtp reports per game): from `/proc/self/stat`, so Linux only.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces, so it is skipped up to its
    // closing parenthesis): state is field 3, utime and stime fields 14 and 15.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(11);
    let ticks: u64 = fields.next()?.parse::<u64>().ok()? + fields.next()?.parse::<u64>().ok()?;
    // Linux reports these in USER_HZ, which is 100 on every architecture it exports to
    // user space.
    Some(ticks as f64 / 100.0)
}
