//! The Gomocup ("pbrain") protocol with the Yixin Board extensions; `protocol/gomocup.md`
//! is the contract.
//!
//! A reader thread queues every input line; the session answers them in order. A search
//! runs on its own thread while the session keeps reading: `STOP`/`YXSTOP` and `END` act at
//! once, everything else waits its turn until the move is out.

use crate::core::{Color, Point, TimeControl};
use crate::renju::opening::OPENINGS;
use crate::renju::search::{book, Engine, EngineParams, Limits, Report, SearchResult};
use crate::renju::{Board, Rule, MAX_SIZE, MIN_SIZE};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Start-up options from the command line.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub threads: usize,
    /// Transposition table size when neither `hash_size` nor `max_memory` says otherwise.
    pub hash_mb: usize,
    /// Node limit of every search until `INFO max_node` says otherwise.
    pub max_nodes: Option<u64>,
    /// The evaluation weights and search parameters (`--param`, `INFO param_NAME`).
    pub params: EngineParams,
    /// Play White's 4th move of the 26 renju openings from the book ([`book`]).
    pub book: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 64,
            max_nodes: None,
            params: EngineParams::default(),
            book: true,
        }
    }
}

/// A fresh engine with the table, threads and parameters of `options`.
fn new_engine(options: &Options) -> Engine {
    let mut engine = Engine::new(options.hash_mb, options.threads);
    engine.set_params(options.params);
    engine
}

/// Per-move time when the manager sends no INFO (5 s, as Piskvork's default).
const DEFAULT_TURN: Duration = Duration::from_millis(5000);
/// `time_left` this large means "no limit".
const UNLIMITED_MS: u64 = 2_147_483_647;
/// Share of a search's score beyond which a Swap2 side is clearly better.
const SWAP_MARGIN: i32 = 40;

/// The stdout of the protocol: every line is written whole and flushed at once.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn say(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A manager that has gone away cannot be told anything: ignore write errors.
        let _ = writeln!(w, "{line}").and_then(|_| w.flush());
        log::debug!("> {line}");
    }
}

enum Event {
    Line(String),
    Eof,
    Done(Outcome),
}

/// What a finished search asks the session to do.
enum Outcome {
    /// Put these stones (colours alternating from the side to move) and print `reply`.
    Play { stones: Vec<Point>, reply: String },
    /// Print `reply` only.
    Say(String),
}

/// The work a search thread does.
enum Job {
    Move,
    /// White's 4th move of a standard renju opening, from the book: no search.
    Book(Point),
    NBest(usize),
    BalanceOne(i32),
    BalanceTwo(i32),
    Swap2,
    /// A renju opening-rule phase: the arguments after `OPENING`.
    Opening(String),
}

/// A block of position lines being read (`BOARD`, `YXBOARD`, `SWAP2BOARD` up to `DONE`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2,
}

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    started: Instant,
}

struct Session {
    out: Output,
    events: Sender<Event>,
    options: Options,
    engine: Arc<Engine>,
    board: Option<Board>,
    rule: Rule,
    clocks: TimeControl,
    max_memory: Option<usize>,
    hash_kb: Option<usize>,
    show_detail: bool,
    max_depth: Option<i32>,
    max_nodes: Option<u64>,
    block: Option<(BlockKind, Vec<String>)>,
    running: Option<Running>,
    our_moves: usize,
    /// `END` has arrived: every search still to run stops at once.
    quitting: bool,
}

/// Runs the protocol on `input`/`output` until `END` or end of input.
pub fn run<R, W>(input: R, output: W, options: Options) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let mut session = Session::new(Output(Arc::new(Mutex::new(Box::new(output)))), tx, options);
    session.serve(rx);
    Ok(())
}

fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).trim().to_string();
                    if tx.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Event::Eof);
    });
}

/// `x,y` of a point.
fn fmt_point(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

fn fmt_points(ps: &[Point]) -> String {
    ps.iter()
        .map(|&p| fmt_point(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses `x,y` (blanks allowed round the comma).
fn parse_point(text: &str) -> Result<Point, String> {
    let bad = || format!("bad coordinates '{text}' (expected x,y)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: u8 = x.trim().parse().map_err(|_| bad())?;
    let y: u8 = y.trim().parse().map_err(|_| bad())?;
    Ok(Point::new(x, y))
}

impl Session {
    fn new(out: Output, events: Sender<Event>, options: Options) -> Session {
        Session {
            out,
            events,
            engine: Arc::new(new_engine(&options)),
            options,
            board: None,
            rule: Rule::Freestyle,
            clocks: TimeControl {
                turn: Some(DEFAULT_TURN),
                left: None,
            },
            max_memory: None,
            hash_kb: None,
            show_detail: true,
            max_depth: None,
            max_nodes: options.max_nodes,
            block: None,
            running: None,
            our_moves: 0,
            quitting: false,
        }
    }

    fn serve(&mut self, rx: Receiver<Event>) {
        let mut pending: VecDeque<String> = VecDeque::new();
        let mut eof = false;
        loop {
            if self.running.is_none() {
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
            let Ok(event) = rx.recv() else { return };
            match event {
                Event::Line(line) => {
                    log::debug!("< {line}");
                    if let Some(run) = &self.running {
                        match first_word(&line).as_str() {
                            "STOP" | "YXSTOP" => {
                                run.stop.store(true, Relaxed);
                                continue;
                            }
                            // Stop now; the lines queued before END still get their
                            // (immediate) answers, then END quits.
                            "END" => {
                                run.stop.store(true, Relaxed);
                                self.quitting = true;
                            }
                            _ => {}
                        }
                    }
                    pending.push_back(line);
                }
                Event::Eof => {
                    eof = true;
                    self.quitting = true;
                    if let Some(run) = &self.running {
                        run.stop.store(true, Relaxed);
                    }
                }
                Event::Done(outcome) => self.finish(outcome),
            }
        }
    }

    /// Handles one line while no search runs; `false` to quit.
    fn handle(&mut self, line: &str) -> bool {
        if let Some((kind, lines)) = &mut self.block {
            if line.eq_ignore_ascii_case("DONE") {
                let (kind, lines) = (*kind, std::mem::take(lines));
                self.block = None;
                self.finish_block(kind, &lines);
            } else if !line.is_empty() {
                lines.push(line.to_string());
            }
            return true;
        }
        if line.is_empty() {
            return true;
        }
        let word = first_word(line);
        let rest = line[line.find(char::is_whitespace).unwrap_or(line.len())..].trim();
        let result = match word.as_str() {
            "START" => self.start(rest),
            "RECTSTART" => self.rect_start(rest),
            "RESTART" => self.restart(),
            "BEGIN" => self.begin(),
            "TURN" => self.turn(rest),
            "BOARD" => self.open_block(BlockKind::Board),
            "YXBOARD" => self.open_block(BlockKind::YxBoard),
            "SWAP2BOARD" => self.open_block(BlockKind::Swap2),
            "TAKEBACK" => self.takeback(rest),
            "PLAY" => self.play(rest),
            "END" => return false,
            "ABOUT" => {
                self.out.say(&format!(
                    "name=\"tengen\", version=\"{}\", author=\"Tengen developers\", country=\"-\"",
                    env!("CARGO_PKG_VERSION")
                ));
                Ok(())
            }
            "INFO" => self.info(rest),
            "YXSHOWFORBID" => self.show_forbid(),
            "STOP" | "YXSTOP" => Ok(()),
            "YXNBEST" => self.nbest(rest),
            "YXHASHCLEAR" => {
                self.engine.clear_table();
                Ok(())
            }
            "YXSHOWINFO" => self.show_info(),
            "YXBALANCEONE" => self.balance(rest, false),
            "YXBALANCETWO" => self.balance(rest, true),
            "OPENING" => self.think(Job::Opening(rest.to_string())),
            _ => {
                self.out.say(&format!("UNKNOWN {line}"));
                Ok(())
            }
        };
        if let Err(why) = result {
            self.out.say(&format!("ERROR {why}"));
        }
        true
    }

    fn board(&self) -> Result<&Board, String> {
        self.board
            .as_ref()
            .ok_or_else(|| "no game started (send START first)".into())
    }

    fn start(&mut self, rest: &str) -> Result<(), String> {
        let size: usize = rest
            .parse()
            .map_err(|_| format!("bad board size '{rest}'"))?;
        self.new_game(size)
    }

    fn rect_start(&mut self, rest: &str) -> Result<(), String> {
        let (w, h) = rest
            .split_once(',')
            .and_then(|(w, h)| {
                Some((
                    w.trim().parse::<usize>().ok()?,
                    h.trim().parse::<usize>().ok()?,
                ))
            })
            .ok_or_else(|| format!("bad board size '{rest}' (expected w,h)"))?;
        if w != h {
            return Err("rectangular boards are not supported".into());
        }
        self.new_game(w)
    }

    fn new_game(&mut self, size: usize) -> Result<(), String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "unsupported board size {size} (supported {MIN_SIZE}..={MAX_SIZE})"
            ));
        }
        self.board = Some(Board::new(size, self.rule).map_err(|e| e.to_string())?);
        self.our_moves = 0;
        self.out.say("OK");
        Ok(())
    }

    fn restart(&mut self) -> Result<(), String> {
        let size = self.board()?.size();
        self.new_game(size)
    }

    fn begin(&mut self) -> Result<(), String> {
        if !self.board()?.is_empty() {
            return Err("BEGIN on a board that is not empty".into());
        }
        self.think(Job::Move)
    }

    /// Why the game cannot go on, if it cannot.
    fn game_over(board: &Board) -> Option<&'static str> {
        if board
            .history()
            .last()
            .is_some_and(|&(p, _)| board.is_five_at(p))
        {
            Some("game is over (five in a row)")
        } else if board.is_full() {
            Some("game is over (the board is full)")
        } else {
            None
        }
    }

    /// The point of a `TURN`/`PLAY` and the colour that moves, if the move is legal now.
    fn legal_move(&self, rest: &str) -> Result<(Point, Color), String> {
        let p = parse_point(rest)?;
        let board = self.board()?;
        if let Some(why) = Self::game_over(board) {
            return Err(why.into());
        }
        let color = board.side_to_move();
        check_legal(board, p, color)?;
        Ok((p, color))
    }

    fn turn(&mut self, rest: &str) -> Result<(), String> {
        let (p, color) = self.legal_move(rest)?;
        let board = self.board.as_mut().expect("legal_move checked it");
        board.put(p, color).map_err(|e| e.to_string())?;
        if let Some(why) = Self::game_over(board) {
            return Err(why.into());
        }
        self.think(Job::Move)
    }

    fn takeback(&mut self, rest: &str) -> Result<(), String> {
        let p = parse_point(rest)?;
        let board = self
            .board
            .as_mut()
            .ok_or("no game started (send START first)")?;
        match board.history().last() {
            Some(&(last, _)) if last == p => {
                board.undo();
                self.out.say("OK");
                Ok(())
            }
            Some(&(last, _)) => Err(format!(
                "the last stone is {}, not {}",
                fmt_point(last),
                fmt_point(p)
            )),
            None => Err("the board is empty".into()),
        }
    }

    fn play(&mut self, rest: &str) -> Result<(), String> {
        let (p, _) = self.legal_move(rest)?;
        self.finish(Outcome::Play {
            stones: vec![p],
            reply: fmt_point(p),
        });
        Ok(())
    }

    fn open_block(&mut self, kind: BlockKind) -> Result<(), String> {
        self.board()?;
        self.block = Some((kind, Vec::new()));
        Ok(())
    }

    fn finish_block(&mut self, kind: BlockKind, lines: &[String]) {
        let result = match kind {
            BlockKind::Board | BlockKind::YxBoard => {
                self.position_from_fields(lines).and_then(|board| {
                    if let Some(why) = Self::game_over(&board) {
                        return Err(why.into());
                    }
                    self.board = Some(board);
                    if kind == BlockKind::Board {
                        self.think(Job::Move)
                    } else {
                        Ok(())
                    }
                })
            }
            BlockKind::Swap2 => self.position_from_stones(lines).and_then(|board| {
                if ![0, 3, 5].contains(&board.stone_count()) {
                    return Err(format!(
                        "SWAP2BOARD needs 0, 3 or 5 stones, not {}",
                        board.stone_count()
                    ));
                }
                self.board = Some(board);
                self.think(Job::Swap2)
            }),
        };
        if let Err(why) = result {
            self.out.say(&format!("ERROR {why}"));
        }
    }

    /// A position from `x,y,field` lines in move order: field 1 ours, 2 (or 3) theirs.
    /// We are the side to move: Black when both have as many stones, else White.
    fn position_from_fields(&self, lines: &[String]) -> Result<Board, String> {
        let size = self.board()?.size();
        let mut stones = Vec::with_capacity(lines.len());
        for line in lines {
            let (pt, field) = line
                .rsplit_once(',')
                .ok_or_else(|| format!("bad board line '{line}' (expected x,y,field)"))?;
            let p = parse_point(pt)?;
            let ours = match field.trim() {
                "1" => true,
                "2" | "3" => false,
                other => {
                    return Err(format!(
                        "bad field '{other}' in '{line}' (expected 1, 2 or 3)"
                    ))
                }
            };
            stones.push((p, ours));
        }
        let ours = stones.iter().filter(|s| s.1).count();
        let theirs = stones.len() - ours;
        let we = if ours == theirs {
            Color::Black
        } else if ours + 1 == theirs {
            Color::White
        } else {
            return Err(format!(
                "{ours} own and {theirs} opponent stones: not a position with us to move"
            ));
        };
        self.replay(
            size,
            stones
                .into_iter()
                .map(|(p, mine)| (p, if mine { we } else { !we })),
        )
    }

    /// A position from `x,y` lines in move order, colours alternating from Black.
    fn position_from_stones(&self, lines: &[String]) -> Result<Board, String> {
        let size = self.board()?.size();
        let mut stones = Vec::with_capacity(lines.len());
        for (k, line) in lines.iter().enumerate() {
            // Accept an optional trailing field, as some managers send `x,y,f` here too.
            let pt = match line.matches(',').count() {
                2 => line.rsplit_once(',').map_or(line.as_str(), |(pt, _)| pt),
                _ => line.as_str(),
            };
            let color = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            stones.push((parse_point(pt)?, color));
        }
        self.replay(size, stones)
    }

    /// A new `size` board with `stones` put in order, each checked as a move: on the board,
    /// empty, not forbidden to Black, and not after the game has ended.
    fn replay(
        &self,
        size: usize,
        stones: impl IntoIterator<Item = (Point, Color)>,
    ) -> Result<Board, String> {
        let mut board = Board::new(size, self.rule).map_err(|e| e.to_string())?;
        for (p, color) in stones {
            check_legal(&board, p, color)?;
            if let Some(why) = Self::game_over(&board) {
                return Err(why.into());
            }
            board.put(p, color).map_err(|e| e.to_string())?;
        }
        Ok(board)
    }

    fn info(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let key = key.to_ascii_lowercase();
        let number = || -> Result<u64, String> {
            value
                .parse::<i64>()
                .map(|v| v.max(0) as u64)
                .map_err(|_| format!("bad value '{value}' for INFO {key}"))
        };
        let ms = |v: u64| Duration::from_millis(v);
        match key.as_str() {
            "timeout_turn" => self.clocks.turn = Some(ms(number()?)),
            "timeout_match" => {
                let v = number()?;
                self.clocks.left = (v > 0 && v < UNLIMITED_MS).then(|| ms(v));
            }
            "time_left" => {
                let v = number()?;
                self.clocks.left = (v < UNLIMITED_MS).then(|| ms(v));
            }
            "max_memory" => {
                let v = number()? as usize;
                self.max_memory = (v > 0).then_some(v);
                self.size_table();
            }
            "hash_size" => {
                let v = number()? as usize;
                self.hash_kb = (v > 0).then_some(v);
                self.size_table();
            }
            "rule" => self.set_rule(number()?)?,
            "thread_num" => {
                let n = number()?.clamp(1, 64) as usize;
                self.options.threads = n;
                self.engine_mut().set_threads(n);
            }
            "show_detail" => self.show_detail = number()? != 0,
            "max_depth" => self.max_depth = Some(number()? as i32).filter(|&d| d > 0),
            "max_node" => self.max_nodes = Some(number()?).filter(|&n| n > 0),
            // Tengen's extension: an evaluation weight or search parameter by name.
            _ if key.starts_with("param_") => {
                let params = &mut self.options.params;
                params
                    .set_text(&key["param_".len()..], value)
                    .map_err(|e| e.to_string())?;
                let params = *params;
                self.engine_mut().set_params(params);
            }
            // game_type, folder and keys of other GUIs carry nothing we use.
            _ => {}
        }
        Ok(())
    }

    fn set_rule(&mut self, bits: u64) -> Result<(), String> {
        if bits & 8 != 0 {
            return Err("caro rule is not supported".into());
        }
        // Yixin Board numbers renju 2; "continuous game" means nothing to one game.
        let rule = if bits & 4 != 0 || bits == 2 {
            Rule::Renju
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        if rule != self.rule {
            self.rule = rule;
            if let Some(board) = &self.board {
                // Keep the stones; the rule only changes what they mean.
                let mut fresh = Board::new(board.size(), rule).map_err(|e| e.to_string())?;
                for &(p, c) in board.history() {
                    fresh.put(p, c).map_err(|e| e.to_string())?;
                }
                self.board = Some(fresh);
            }
            self.engine.clear_table();
        }
        Ok(())
    }

    /// The table: `hash_size` if given, else the start-up size, never beyond half of
    /// `max_memory`.
    fn size_table(&mut self) {
        let mut bytes = self
            .hash_kb
            .map_or(self.options.hash_mb << 20, |kb| kb.saturating_mul(1024));
        if let Some(max) = self.max_memory {
            bytes = bytes.min(max / 2);
        }
        self.engine_mut().resize_table(bytes);
    }

    fn engine_mut(&mut self) -> &mut Engine {
        // Only called between searches, when no thread holds a clone.
        if Arc::get_mut(&mut self.engine).is_none() {
            self.engine = Arc::new(new_engine(&self.options));
        }
        Arc::get_mut(&mut self.engine).expect("a fresh Arc is unique")
    }

    fn show_forbid(&mut self) -> Result<(), String> {
        let board = self.board()?;
        let mut reply = String::from("FORBID ");
        for p in board.forbidden_points().iter().map(|i| board.point(i)) {
            reply.push_str(&format!("{:02}{:02}", p.x, p.y));
        }
        reply.push('.');
        self.out.say(&reply);
        Ok(())
    }

    fn show_info(&mut self) -> Result<(), String> {
        self.out.say("MESSAGE INFO MAX_THREAD_NUM 64");
        self.out.say("MESSAGE INFO MAX_HASH_SIZE 30");
        self.out.say(&format!(
            "MESSAGE INFO rule {} threads {} hash_kb {}",
            self.rule,
            self.engine.threads(),
            self.engine.table_bytes() / 1024
        ));
        self.out.say(&format!(
            "MESSAGE INFO params {}",
            self.engine.params().params_line()
        ));
        Ok(())
    }

    fn nbest(&mut self, rest: &str) -> Result<(), String> {
        let n: usize = rest
            .parse()
            .ok()
            .filter(|n| (1..=20).contains(n))
            .ok_or_else(|| format!("bad n-best count '{rest}' (1..=20)"))?;
        self.check_can_move()?;
        self.think(Job::NBest(n))
    }

    fn balance(&mut self, rest: &str, two: bool) -> Result<(), String> {
        let target: i32 = if rest.is_empty() {
            0
        } else {
            rest.parse()
                .map_err(|_| format!("bad balance target '{rest}'"))?
        };
        self.check_can_move()?;
        self.think(if two {
            Job::BalanceTwo(target)
        } else {
            Job::BalanceOne(target)
        })
    }

    fn check_can_move(&self) -> Result<(), String> {
        match Self::game_over(self.board()?) {
            Some(why) => Err(why.into()),
            None => Ok(()),
        }
    }

    /// The search limits for our next move.
    fn limits(&self) -> Limits {
        let (soft, hard) = self.clocks.budget(self.our_moves);
        Limits {
            soft_time: Some(soft),
            hard_time: Some(hard),
            depth: self.max_depth,
            nodes: self.max_nodes,
            exclude: Vec::new(),
        }
    }

    /// Starts a search thread for `job` on the current position.
    fn think(&mut self, job: Job) -> Result<(), String> {
        let board = self.board()?.clone();
        let limits = self.limits();
        let stop = Arc::new(AtomicBool::new(self.quitting));
        let (engine, out, events, show) = (
            Arc::clone(&self.engine),
            self.out.clone(),
            self.events.clone(),
            self.show_detail,
        );
        let job = match job {
            Job::Move if self.options.book => {
                book::fourth_move(&board, board.side_to_move()).map_or(Job::Move, Job::Book)
            }
            job => job,
        };
        let thread_stop = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            // A bug in a search must not leave the session waiting for ever: the manager
            // gets an error line and the session goes on.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_job(&engine, &board, job, &limits, &thread_stop, &out, show)
            }))
            .unwrap_or_else(|_| Outcome::Say("ERROR internal error in the search".into()));
            let _ = events.send(Event::Done(outcome));
        });
        self.running = Some(Running {
            stop,
            handle,
            started: Instant::now(),
        });
        Ok(())
    }

    /// A search has finished: apply and print its outcome.
    fn finish(&mut self, outcome: Outcome) {
        if let Some(run) = self.running.take() {
            let _ = run.handle.join();
            if let Some(left) = &mut self.clocks.left {
                *left = left.saturating_sub(run.started.elapsed());
            }
        }
        match outcome {
            Outcome::Play { stones, reply } => {
                if let Some(board) = &mut self.board {
                    for p in stones {
                        let color = board.side_to_move();
                        if board.put(p, color).is_err() {
                            log::error!("the engine chose an occupied point {p:?}");
                        }
                    }
                }
                self.our_moves += 1;
                self.out.say(&reply);
            }
            Outcome::Say(reply) => self.out.say(&reply),
        }
    }
}

/// The error reply when the side to move has no legal point.
const NO_LEGAL_MOVE: &str = "no legal move: every empty point is forbidden to Black (Black passes)";

/// The first word of a line, upper-cased.
fn first_word(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase()
}

/// May `color` put a stone on `p` in this position?
fn check_legal(board: &Board, p: Point, color: Color) -> Result<(), String> {
    if !board.contains(p) {
        return Err(format!(
            "{} is off the {}x{} board",
            fmt_point(p),
            board.size(),
            board.size()
        ));
    }
    if board.stone(p).is_some() {
        return Err(format!("{} is occupied", fmt_point(p)));
    }
    if color == Color::Black {
        if let Some(foul) = board.foul(p) {
            return Err(format!("{} is forbidden to Black ({foul})", fmt_point(p)));
        }
    }
    Ok(())
}

/// The progress lines Yixin Board reads.
fn realtime(out: &Output, r: &Report) {
    if let Some(&best) = r.pv.first() {
        out.say(&format!("MESSAGE REALTIME BEST {}", fmt_point(best)));
    }
    let ms = r.elapsed.as_millis().max(1) as u64;
    let ev = match r.mate {
        Some(m) => format!("mate {m}"),
        None => format!("ev {}", r.score),
    };
    out.say(&format!(
        "MESSAGE depth {} {ev} n {} n/s {} tm {ms} pv {}",
        r.depth,
        r.nodes,
        r.nodes * 1000 / ms,
        fmt_points(&r.pv)
    ));
}

fn run_job(
    engine: &Engine,
    board: &Board,
    job: Job,
    limits: &Limits,
    stop: &AtomicBool,
    out: &Output,
    show: bool,
) -> Outcome {
    let me = board.side_to_move();
    let mut report = |r: &Report| {
        if show {
            realtime(out, r);
        }
    };
    let play = |stones: Vec<Point>| {
        if stones.is_empty() {
            // Only Black in renju can be left with no legal point, and the protocol has no
            // way to say "pass": say why instead of leaving the manager waiting.
            return Outcome::Say(format!("ERROR {NO_LEGAL_MOVE}"));
        }
        Outcome::Play {
            reply: fmt_points(&stones),
            stones,
        }
    };
    match job {
        Job::Book(p) => {
            if show {
                out.say(&format!("MESSAGE book {}", fmt_point(p)));
            }
            play(vec![p])
        }
        Job::Move => {
            let r = engine.search(board, me, limits, stop, &mut report);
            play(r.best.into_iter().collect())
        }
        Job::NBest(n) => {
            let mut limits = limits.share(n);
            let mut first: Option<SearchResult> = None;
            for _ in 0..n {
                let r = engine.search(board, me, &limits, stop, &mut |_| {});
                let Some(best) = r.best else { break };
                out.say(&format!(
                    "MESSAGE NBEST {} ev {} depth {}",
                    fmt_point(best),
                    r.score,
                    r.depth
                ));
                limits.exclude.push(best);
                first.get_or_insert(r);
            }
            play(first.and_then(|r| r.best).into_iter().collect())
        }
        Job::BalanceOne(target) => {
            let ranked = engine.rank_moves(board, me, 12, limits, stop);
            play(closest(&ranked, i64::from(target)).into_iter().collect())
        }
        Job::BalanceTwo(target) => {
            let mut after = board.clone();
            let half = limits.share(2);
            let ranked = engine.rank_moves(&after, me, 8, &half, stop);
            let Some(first) = closest(&ranked, i64::from(target)) else {
                return play(Vec::new());
            };
            after.put(first, me).expect("a ranked move is empty");
            // The second stone is the opponent's: balance for it is the same target seen
            // from its side.
            let ranked = engine.rank_moves(&after, !me, 8, &half, stop);
            play(
                std::iter::once(first)
                    .chain(closest(&ranked, -i64::from(target)))
                    .collect(),
            )
        }
        Job::Swap2 => swap2(engine, board, limits, stop),
        Job::Opening(args) => {
            let budget = limits.hard_time.unwrap_or(DEFAULT_TURN);
            match super::opening::answer(&args, board, engine, budget, stop) {
                Ok(reply) => Outcome::Say(reply),
                Err(why) => Outcome::Say(format!("ERROR {why}")),
            }
        }
    }
}

/// The ranked move whose score is nearest `target` (any `i32` a manager sends, so the
/// distance is taken in 64 bits).
fn closest(ranked: &[(Point, i32)], target: i64) -> Option<Point> {
    ranked
        .iter()
        .min_by_key(|&&(_, s)| (i64::from(s) - target).abs())
        .map(|&(p, _)| p)
}

/// Swap2 decisions (see gomocup.md): open with the most balanced standard opening; with 3
/// or 5 stones take Black (`SWAP`) when White is clearly worse, else play White's move.
fn swap2(engine: &Engine, board: &Board, limits: &Limits, stop: &AtomicBool) -> Outcome {
    let white_score = |b: &Board, l: &Limits| engine.search(b, Color::White, l, stop, &mut |_| {});
    match board.stone_count() {
        0 => {
            // Each opening gets an equal part of the time still left, so that the small
            // cost of starting each of 26 searches does not add up past the turn.
            let started = Instant::now();
            let per_opening = limits.share(OPENINGS.len());
            let best = OPENINGS
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    let rest = |t: Option<Duration>| {
                        t.map(|t| t.saturating_sub(started.elapsed()) / (OPENINGS.len() - k) as u32)
                    };
                    let per = Limits {
                        soft_time: rest(limits.soft_time),
                        hard_time: rest(limits.hard_time),
                        ..per_opening.clone()
                    };
                    let stones = o.stones(board.size());
                    let mut b = board.clone();
                    for (k, &p) in stones.iter().enumerate() {
                        let color = if k % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        b.put(p, color).expect("opening stones are distinct");
                    }
                    (stones, white_score(&b, &per).score.abs())
                })
                .min_by_key(|&(_, s)| s)
                .map(|(stones, _)| stones)
                .expect("there are 26 openings");
            Outcome::Play {
                reply: fmt_points(&best),
                stones: best.to_vec(),
            }
        }
        _ => {
            let r = white_score(board, limits);
            if r.score < -SWAP_MARGIN || r.best.is_none() {
                Outcome::Say("SWAP".into())
            } else {
                let best: Vec<Point> = r.best.into_iter().collect();
                Outcome::Play {
                    reply: fmt_points(&best),
                    stones: best,
                }
            }
        }
    }
}
