//! What can be wrong with an SGF text, and where.

use crate::core::{BadSize, Color};
use std::fmt;

/// Where something starts in the input: 1-based line and column (a column counts
/// characters, a line ends at `\n`, `\r\n` or a lone `\r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pos {
    pub(super) line: usize,
    pub(super) column: usize,
}

/// An SGF text that cannot be read: what is wrong ([`SgfErrorKind`]) and where.
///
/// ```
/// use tengen::protocol::sgf::{parse, SgfErrorKind};
/// let e = parse("(;B[aa]\n;W[bb").unwrap_err();
/// assert_eq!((&e.kind, e.line, e.column), (&SgfErrorKind::UnterminatedValue, 2, 3));
/// assert_eq!(e.to_string(), "line 2, column 3: this '[' is never closed by ']'");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SgfError {
    /// What is wrong.
    pub kind: SgfErrorKind,
    /// 1-based line of the offending token.
    pub line: usize,
    /// 1-based column (in characters) of the offending token.
    pub column: usize,
}

impl SgfError {
    pub(super) fn new(kind: SgfErrorKind, at: Pos) -> SgfError {
        SgfError {
            kind,
            line: at.line,
            column: at.column,
        }
    }
}

/// Why an SGF text cannot be read. The first group is syntax, the rest is what a game
/// record needs of the properties it reads.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfErrorKind {
    /// Nothing but white space: not even one game tree.
    EmptyCollection,
    /// The text (after white space) does not start with `(`.
    MissingOpenParen,
    /// A game tree or variation does not start with a node's `;`.
    MissingSemicolon,
    /// The input ends inside the game tree that this `(` opens.
    UnclosedGameTree,
    /// A `)` that closes no game tree.
    UnmatchedCloseParen,
    /// The input ends inside the value that this `[` opens.
    UnterminatedValue,
    /// Where a property identifier should be, something else: digits, a `[` without an
    /// identifier, or lowercase letters only.
    BadPropertyIdentifier(String),
    /// A property identifier without a `[value]`.
    MissingValue(String),
    /// The same property twice in one node.
    DuplicateProperty(String),
    /// A node after the variations of a game tree (its sequence must come first).
    NodeAfterVariation,
    /// Something other than a game tree after the last game tree.
    TrailingGarbage,
    /// A `GM` the reader does not take (`expected` says which it takes).
    UnsupportedGame {
        /// The `GM` value.
        found: String,
        /// The games the reader takes.
        expected: &'static str,
    },
    /// More than one value for a property that takes one.
    TooManyValues(String),
    /// A value that does not parse as its property needs.
    BadValue {
        /// The property identifier.
        property: String,
        /// The value as written.
        value: String,
        /// What the property needs.
        expected: &'static str,
    },
    /// `SZ` outside the sizes of the game.
    BoardSize(BadSize),
    /// A point outside the board.
    OffBoard {
        /// The property identifier.
        property: String,
        /// The point as written.
        value: String,
        /// The board side.
        size: usize,
    },
    /// One node with both a Black and a White move.
    TwoMoves,
    /// One node with a move and setup properties (`AB`, `AW`, `AE`, `PL`).
    SetupWithMove,
    /// Setup properties after the first move of the main line (not supported: a record is
    /// one setup, then moves).
    SetupAfterMove,
    /// The same point in two setup values of one node.
    PointSetUpTwice(String),
    /// A pass in a Renju/Gomoku record.
    RenjuPass,
    /// A Renju/Gomoku move out of turn: colours alternate.
    WrongColor {
        /// The colour whose turn it is.
        expected: Color,
    },
}

impl fmt::Display for SgfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SgfErrorKind::*;
        match self {
            EmptyCollection => f.write_str("no game tree: the input is empty"),
            MissingOpenParen => f.write_str("expected '(' to start a game tree"),
            MissingSemicolon => f.write_str("expected ';' to start a node"),
            UnclosedGameTree => f.write_str("this '(' is never closed"),
            UnmatchedCloseParen => f.write_str("this ')' closes no game tree"),
            UnterminatedValue => f.write_str("this '[' is never closed by ']'"),
            BadPropertyIdentifier(id) => write!(
                f,
                "bad property identifier '{id}' (expected uppercase letters)"
            ),
            MissingValue(id) => write!(f, "property {id} has no [value]"),
            DuplicateProperty(id) => write!(f, "property {id} appears twice in one node"),
            NodeAfterVariation => f.write_str("a node after the variations of its game tree"),
            TrailingGarbage => f.write_str("unexpected text after the last game tree"),
            UnsupportedGame { found, expected } => write!(f, "GM[{found}] is not {expected}"),
            TooManyValues(id) => write!(f, "property {id} takes one value"),
            BadValue {
                property,
                value,
                expected,
            } => write!(f, "{property}[{value}] is not {expected}"),
            BoardSize(e) => write!(f, "SZ: {e}"),
            OffBoard {
                property,
                value,
                size,
            } => write!(f, "{property}[{value}] is off the {size}x{size} board"),
            TwoMoves => f.write_str("a node with both a Black and a White move"),
            SetupWithMove => f.write_str("a node with both a move and setup (AB, AW, AE, PL)"),
            SetupAfterMove => {
                f.write_str("setup (AB, AW, AE, PL) after the first move is not supported")
            }
            PointSetUpTwice(p) => write!(f, "point [{p}] is set up twice in one node"),
            RenjuPass => f.write_str("a pass, which a Renju/Gomoku record cannot hold"),
            WrongColor { expected } => {
                write!(f, "moves alternate: this move should be {expected}'s")
            }
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for SgfError {}
