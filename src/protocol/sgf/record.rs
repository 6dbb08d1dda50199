//! What both games read and write the same way: which game a tree holds, the board size,
//! the game information, the setup stones and the moves of the main line.

use super::error::{Pos, SgfError, SgfErrorKind};
use super::go::GoRecord;
use super::renju::RenjuRecord;
use super::tree::{parse, GameTree, Node, Property};
use super::value::{escape, parse_point, point_letters, Value};
use crate::core::{BadSize, Color, Point};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A game record of either game, as `GM` says (no `GM` is Go, as FF\[4\] has it).
///
/// ```
/// use tengen::protocol::sgf::Record;
/// assert!(matches!(Record::from_sgf("(;GM[4];B[hh];W[hi])"), Ok(Record::Renju(_))));
/// assert!(matches!(Record::from_sgf("(;SZ[9];B[ee])"), Ok(Record::Go(_))));
/// assert!(Record::from_sgf("(;GM[2])").is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// `GM[1]`, or no `GM`.
    Go(GoRecord),
    /// `GM[4]`.
    Renju(RenjuRecord),
}

impl Record {
    /// The record of the first game tree of an SGF collection.
    pub fn from_sgf(input: impl AsRef<[u8]>) -> Result<Record, SgfError> {
        Record::from_tree(&first_tree(input)?)
    }

    /// The record of one game tree.
    pub fn from_tree(tree: &GameTree) -> Result<Record, SgfError> {
        const EITHER: &str = "Go (GM[1]) or Renju/Gomoku (GM[4])";
        match game(tree.root(), EITHER)? {
            Game::Go => GoRecord::from_tree(tree).map(Record::Go),
            Game::Renju => RenjuRecord::from_tree(tree).map(Record::Renju),
        }
    }

    /// The record as an FF\[4\] game tree.
    pub fn to_sgf(&self) -> String {
        match self {
            Record::Go(r) => r.to_sgf(),
            Record::Renju(r) => r.to_sgf(),
        }
    }
}

/// The game information of a record: root-node SimpleText properties (line breaks in
/// them read as spaces).
///
/// ```
/// use tengen::protocol::sgf::GoRecord;
/// let r = GoRecord::from_sgf("(;PB[Shusaku]PW[Gennan \\] Inseki]RE[B+2])").unwrap();
/// assert_eq!(r.info.white_player.as_deref(), Some("Gennan ] Inseki"));
/// assert!(r.to_sgf().contains("PW[Gennan \\] Inseki]"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// `RU`: the rules, as the file names them.
    pub rules: Option<String>,
    /// `RE`: the result (`B+R`, `W+2.5`, `0`, ...).
    pub result: Option<String>,
    /// `PB`: Black's name.
    pub black_player: Option<String>,
    /// `PW`: White's name.
    pub white_player: Option<String>,
    /// `DT`: the date.
    pub date: Option<String>,
}

/// The identifiers of the [`GameInfo`] fields, in the order of `fields`/`fields_mut`.
const INFO_IDS: [&str; 5] = ["RU", "RE", "PB", "PW", "DT"];

impl GameInfo {
    fn fields(&self) -> [&Option<String>; 5] {
        [
            &self.rules,
            &self.result,
            &self.black_player,
            &self.white_player,
            &self.date,
        ]
    }

    fn fields_mut(&mut self) -> [&mut Option<String>; 5] {
        [
            &mut self.rules,
            &mut self.result,
            &mut self.black_player,
            &mut self.white_player,
            &mut self.date,
        ]
    }

    pub(super) fn read(root: &Node) -> Result<GameInfo, SgfError> {
        let mut info = GameInfo::default();
        for (id, field) in INFO_IDS.into_iter().zip(info.fields_mut()) {
            if let Some(property) = root.get(id) {
                *field = Some(single(property)?.simple_text());
            }
        }
        Ok(info)
    }

    pub(super) fn write(&self, out: &mut String) {
        for (id, field) in INFO_IDS.into_iter().zip(self.fields()) {
            if let Some(text) = field {
                let _ = write!(out, "{id}[{}]", escape(text));
            }
        }
    }
}

/// The stones on the board before the first move (`AB`, `AW`, `AE` of the nodes before
/// it, applied in order). A record read from SGF holds each list sorted, and no point in
/// both.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Black's stones.
    pub black: Vec<Point>,
    /// White's stones.
    pub white: Vec<Point>,
}

impl Setup {
    /// Every stone with its colour, Black's first.
    pub fn stones(&self) -> impl Iterator<Item = (Color, Point)> + '_ {
        let black = self.black.iter().map(|&p| (Color::Black, p));
        black.chain(self.white.iter().map(|&p| (Color::White, p)))
    }

    pub(super) fn write(&self, out: &mut String) {
        for (id, points) in [("AB", &self.black), ("AW", &self.white)] {
            if !points.is_empty() {
                out.push_str(id);
                for &p in points {
                    let _ = write!(out, "[{}]", point_letters(p));
                }
            }
        }
    }
}

/// The two games a record can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Game {
    Go,
    Renju,
}

/// The game of a tree, from `GM` in its root; `expected` names the games the caller
/// takes, for the error.
pub(super) fn game(root: &Node, expected: &'static str) -> Result<Game, SgfError> {
    let Some(property) = root.get("GM") else {
        return Ok(Game::Go);
    };
    match single(property)?.raw().trim() {
        "1" => Ok(Game::Go),
        "4" => Ok(Game::Renju),
        _ => Err(wrong_game(root, expected)),
    }
}

/// The error for a tree of another game than `expected`.
pub(super) fn wrong_game(root: &Node, expected: &'static str) -> SgfError {
    let (found, at) = match root.get("GM") {
        Some(p) => {
            let value = p.values().first().map(|v| v.raw().trim());
            (value.unwrap_or_default().to_string(), p.at)
        }
        // FF[4]: a tree without GM is Go.
        None => ("1".to_string(), root.at),
    };
    SgfError::new(SgfErrorKind::UnsupportedGame { found, expected }, at)
}

/// The first game tree of a collection.
pub(super) fn first_tree(input: impl AsRef<[u8]>) -> Result<GameTree, SgfError> {
    let first = parse(input)?.into_iter().next();
    // `parse` returns at least one tree or an error; an empty list would be this error.
    first.ok_or(SgfError::new(
        SgfErrorKind::EmptyCollection,
        Pos { line: 1, column: 1 },
    ))
}

/// The board size from `SZ` (`default` without it), as the game's `make` makes it
/// (which refuses the sides the game does not play on).
pub(super) fn board_size<T>(
    root: &Node,
    default: usize,
    make: impl Fn(usize) -> Result<T, BadSize>,
) -> Result<T, SgfError> {
    let Some(property) = root.get("SZ") else {
        return make(default).map_err(|e| SgfError::new(SgfErrorKind::BoardSize(e), root.at));
    };
    let value = single(property)?;
    let side = |text: &str| text.trim().parse::<usize>().ok();
    let n = match value.compose() {
        None => side(value.raw()),
        Some((a, b)) => side(a).filter(|&a| side(b) == Some(a)),
    };
    let n = n.ok_or_else(|| bad_value(property, value, "a square board size"))?;
    make(n).map_err(|e| SgfError::new(SgfErrorKind::BoardSize(e), value.at))
}

/// The only value of a property that takes one.
pub(super) fn single(property: &Property) -> Result<&Value, SgfError> {
    match property.values() {
        [value] => Ok(value),
        _ => {
            let kind = SgfErrorKind::TooManyValues(property.id().to_string());
            Err(SgfError::new(kind, property.at))
        }
    }
}

pub(super) fn bad_value(property: &Property, value: &Value, expected: &'static str) -> SgfError {
    let kind = SgfErrorKind::BadValue {
        property: property.id().to_string(),
        value: value.raw().to_string(),
        expected,
    };
    SgfError::new(kind, value.at)
}

/// A property's single value as a number (FF\[4\] Number, non-negative here).
pub(super) fn number(property: &Property) -> Result<u32, SgfError> {
    let value = single(property)?;
    let text = value.raw().trim();
    text.parse()
        .map_err(|_| bad_value(property, value, "a non-negative whole number"))
}

/// A property's single value as an FF\[4\] Real: a sign, digits, at most one `.`.
pub(super) fn real(property: &Property) -> Result<f64, SgfError> {
    let value = single(property)?;
    let text = value.raw().trim();
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let well_formed = digits.chars().any(|c| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1;
    well_formed
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| bad_value(property, value, "a real number"))
}

/// A property's single value as a colour, `B` or `W`.
fn color(property: &Property) -> Result<Color, SgfError> {
    let value = single(property)?;
    match value.raw().trim() {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        _ => Err(bad_value(property, value, "a colour, B or W")),
    }
}

/// A move of the main line, with where it was written.
pub(super) struct Move {
    pub(super) color: Color,
    /// `None`: a pass.
    pub(super) point: Option<Point>,
    pub(super) at: Pos,
}

/// The setup, `PL` and moves of a tree's main line.
pub(super) struct MainLine {
    pub(super) setup: Setup,
    pub(super) to_move: Option<Color>,
    pub(super) moves: Vec<Move>,
}

/// Reads the main line of `tree` on a `size` board. `tt_is_pass`: `B[tt]` is a pass (the
/// FF\[3\] way, still read for Go boards up to 19).
pub(super) fn main_line(
    tree: &GameTree,
    size: usize,
    tt_is_pass: bool,
) -> Result<MainLine, SgfError> {
    let mut stones = BTreeMap::new();
    let mut to_move = None;
    let mut moves = Vec::new();
    for node in tree.main_line() {
        let mv = match (node.get("B"), node.get("W")) {
            (Some(_), Some(w)) => return Err(SgfError::new(SgfErrorKind::TwoMoves, w.at)),
            (Some(b), None) => Some((Color::Black, b)),
            (None, Some(w)) => Some((Color::White, w)),
            (None, None) => None,
        };
        let setup = ["AB", "AW", "AE", "PL"].iter().find_map(|id| node.get(id));
        if let Some(property) = setup {
            let kind = if mv.is_some() {
                SgfErrorKind::SetupWithMove
            } else if !moves.is_empty() {
                SgfErrorKind::SetupAfterMove
            } else {
                read_setup(node, size, &mut stones)?;
                if let Some(pl) = node.get("PL") {
                    to_move = Some(color(pl)?);
                }
                continue;
            };
            return Err(SgfError::new(kind, property.at));
        }
        if let Some((color, property)) = mv {
            moves.push(Move {
                color,
                point: move_point(property, size, tt_is_pass)?,
                at: single(property)?.at,
            });
        }
    }
    let mut setup = Setup::default();
    for (p, color) in stones {
        match color {
            Color::Black => setup.black.push(p),
            Color::White => setup.white.push(p),
        }
    }
    Ok(MainLine {
        setup,
        to_move,
        moves,
    })
}

/// Applies the `AB`, `AW` and `AE` of one node to `stones`.
fn read_setup(
    node: &Node,
    size: usize,
    stones: &mut BTreeMap<Point, Color>,
) -> Result<(), SgfError> {
    let mut changes = BTreeMap::new();
    for (id, color) in [
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
        ("AE", None),
    ] {
        let Some(property) = node.get(id) else {
            continue;
        };
        for value in property.values() {
            for p in point_list_value(property, value, size)? {
                if changes.insert(p, color).is_some() {
                    let kind = SgfErrorKind::PointSetUpTwice(point_letters(p));
                    return Err(SgfError::new(kind, value.at));
                }
            }
        }
    }
    for (p, color) in changes {
        match color {
            Some(c) => stones.insert(p, c),
            None => stones.remove(&p),
        };
    }
    Ok(())
}

/// The points of one value of a point list: a point, or a rectangle `ul:lr` given by
/// two opposite corners.
fn point_list_value(
    property: &Property,
    value: &Value,
    size: usize,
) -> Result<Vec<Point>, SgfError> {
    let (a, b) = value.compose().unwrap_or((value.raw(), value.raw()));
    let (a, b) = (
        point(property, value, a, size)?,
        point(property, value, b, size)?,
    );
    let xs = a.x.min(b.x)..=a.x.max(b.x);
    Ok(xs
        .flat_map(|x| (a.y.min(b.y)..=a.y.max(b.y)).map(move |y| Point::new(x, y)))
        .collect())
}

/// The point a move property gives, `None` for a pass.
fn move_point(
    property: &Property,
    size: usize,
    tt_is_pass: bool,
) -> Result<Option<Point>, SgfError> {
    let value = single(property)?;
    match value.raw().trim() {
        "" => Ok(None),
        "tt" if tt_is_pass => Ok(None),
        text => point(property, value, text, size).map(Some),
    }
}

/// `text` (all or part of `value`) as a point on a `size` board.
fn point(property: &Property, value: &Value, text: &str, size: usize) -> Result<Point, SgfError> {
    let p = parse_point(text.trim()).ok_or_else(|| bad_value(property, value, "a point"))?;
    if usize::from(p.x) < size && usize::from(p.y) < size {
        Ok(p)
    } else {
        let kind = SgfErrorKind::OffBoard {
            property: property.id().to_string(),
            value: value.raw().to_string(),
            size,
        };
        Err(SgfError::new(kind, value.at))
    }
}

/// The start of a written record, up to the properties particular to the game.
pub(super) fn write_header(out: &mut String, game: Game, size: usize) {
    let gm = match game {
        Game::Go => 1,
        Game::Renju => 4,
    };
    let version = env!("CARGO_PKG_VERSION");
    let _ = write!(
        out,
        "(;FF[4]GM[{gm}]SZ[{size}]CA[UTF-8]AP[tengen:{version}]"
    );
}

/// The moves, one node each, a line break every ten, and the closing `)`.
pub(super) fn write_moves(out: &mut String, moves: impl Iterator<Item = (Color, Option<Point>)>) {
    out.push('\n');
    for (i, (color, point)) in moves.enumerate() {
        if i > 0 && i % 10 == 0 {
            out.push('\n');
        }
        let id = match color {
            Color::Black => 'B',
            Color::White => 'W',
        };
        let letters = point.map(point_letters).unwrap_or_default();
        let _ = write!(out, ";{id}[{letters}]");
    }
    out.push_str(")\n");
}
