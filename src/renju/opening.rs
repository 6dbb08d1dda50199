//! The 26 standard renju openings (RIF 1996): three stones with move 1 on the centre,
//! move 2 next to it (directly above for the 13 "direct" openings, diagonally up-right for
//! the 13 "indirect" ones) and move 3 in one of 13 fixed places.
//!
//! Also the rules part of the tournament opening rules (no search): [`OpeningRule`] (RIF 1996,
//! Yamaguchi, Soosõrv-8, Taraguchi-10), the eight [`Symmetry`] maps of the board, which
//! opening a position is ([`classify`]), which 5th moves are the same ([`distinct_under_symmetry`]),
//! the Taraguchi areas and which [`Phase`] may be asked at which stone count.

use crate::core::{Color, Point};
use crate::renju::Board;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// One of the 26 standard openings, by its RIF label (`D1`..`D13`, `I1`..`I13`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// `D1`..`D13` or `I1`..`I13`.
    pub name: &'static str,
    /// Move 2 as `(dx, dy)` from the centre, `dy` counted upward as in renju diagrams.
    pub second: (i8, i8),
    /// Move 3 as `(dx, dy)` from the centre, `dy` counted upward.
    pub third: (i8, i8),
}

const DIRECT: (i8, i8) = (0, 1);
const INDIRECT: (i8, i8) = (1, 1);

macro_rules! openings {
    ($($name:literal $second:ident ($dx:literal, $dy:literal)),* $(,)?) => {
        [$(Opening { name: $name, second: $second, third: ($dx, $dy) }),*]
    };
}

/// The 26 openings in RIF order: D1–D13, then I1–I13.
pub const OPENINGS: [Opening; 26] = openings![
    "D1" DIRECT (0, 2), "D2" DIRECT (1, 2), "D3" DIRECT (2, 2), "D4" DIRECT (1, 1),
    "D5" DIRECT (2, 1), "D6" DIRECT (1, 0), "D7" DIRECT (2, 0), "D8" DIRECT (0, -1),
    "D9" DIRECT (1, -1), "D10" DIRECT (2, -1), "D11" DIRECT (0, -2), "D12" DIRECT (1, -2),
    "D13" DIRECT (2, -2),
    "I1" INDIRECT (2, 2), "I2" INDIRECT (2, 1), "I3" INDIRECT (2, 0), "I4" INDIRECT (2, -1),
    "I5" INDIRECT (2, -2), "I6" INDIRECT (1, 0), "I7" INDIRECT (1, -1), "I8" INDIRECT (1, -2),
    "I9" INDIRECT (0, -1), "I10" INDIRECT (0, -2), "I11" INDIRECT (-1, -1),
    "I12" INDIRECT (-1, -2), "I13" INDIRECT (-2, -2),
];

impl Opening {
    /// The opening by label (`"D4"`, `"i7"`), case-insensitive.
    ///
    /// ```
    /// use tengen::renju::opening::Opening;
    /// assert_eq!(Opening::named("i1").unwrap().third, (2, 2));
    /// ```
    pub fn named(name: &str) -> Option<Opening> {
        OPENINGS
            .iter()
            .copied()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The three stones (Black, White, Black) on a `size` board, centre at `size / 2`.
    ///
    /// ```
    /// use tengen::renju::opening::Opening;
    /// use tengen::core::Point;
    /// // D1 on 15x15 is h8, h9, h10.
    /// let s = Opening::named("D1").unwrap().stones(15);
    /// assert_eq!(s, [Point::new(7, 7), Point::new(7, 6), Point::new(7, 5)]);
    /// ```
    pub fn stones(&self, size: usize) -> [Point; 3] {
        let c = (size / 2) as i8;
        let at = |(dx, dy): (i8, i8)| Point::new((c + dx) as u8, (c - dy) as u8);
        [at((0, 0)), at(self.second), at(self.third)]
    }
}

/// A read-only copy of [`OPENINGS`] that [`classify`] can hand out references into.
static TABLE: [Opening; 26] = OPENINGS;

/// The centre intersection of a `size` board, where move 1 goes (`size / 2` on both axes).
fn centre(size: usize) -> i32 {
    (size / 2) as i32
}

/// Is `p` inside the central `side` x `side` square (`side` odd) of a `size` board?
///
/// ```
/// use tengen::renju::opening::in_central_square;
/// use tengen::core::Point;
/// assert!(in_central_square(Point::new(10, 4), 15, 7));
/// assert!(!in_central_square(Point::new(11, 7), 15, 7));
/// ```
pub fn in_central_square(p: Point, size: usize, side: usize) -> bool {
    let c = centre(size);
    let r = (side / 2) as i32;
    (p.x as i32 - c).abs() <= r
        && (p.y as i32 - c).abs() <= r
        && (p.x as usize) < size
        && (p.y as usize) < size
}

/// Taraguchi-10's area for move `move_number`: the side of the central square it must be
/// played in (1, 3, 5, 7 for moves 1–4; 9 for a single 5th move); `None` = anywhere.
///
/// ```
/// use tengen::renju::opening::taraguchi_area;
/// assert_eq!(taraguchi_area(4), Some(7));
/// assert_eq!(taraguchi_area(6), None);
/// ```
pub fn taraguchi_area(move_number: usize) -> Option<usize> {
    (1..=5)
        .contains(&move_number)
        .then_some(2 * move_number - 1)
}

/// The largest number of 5th-move offers a Yamaguchi opener may declare (the published rule
/// names no limit; beyond this the offers would cover most sensible 5th moves anyway).
pub const YAMAGUCHI_MAX_OFFERS: usize = 20;

/// A renju opening rule.
///
/// ```
/// use tengen::renju::opening::OpeningRule;
/// assert_eq!("Soosorv8".parse::<OpeningRule>(), Ok(OpeningRule::Soosorv8));
/// assert_eq!(OpeningRule::Taraguchi10.to_string(), "taraguchi10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// RIF 1996: the tentative Black plays one of the 26 openings; the tentative White may
    /// swap; White plays the 4th move anywhere; Black offers two non-symmetric 5th moves and
    /// White picks one.
    Rif,
    /// Yamaguchi: as RIF, but the opener also declares how many 5th moves Black will offer.
    Yamaguchi,
    /// Soosõrv-8: one of the 26 openings; swap; White plays the 4th move anywhere and
    /// declares 1..=8 offers; swap again; Black offers that many 5th moves, White picks one.
    Soosorv8,
    /// Taraguchi-10: moves 1–4 in the central 1x1, 3x3, 5x5, 7x7 squares, a swap possible
    /// after each; then either a 5th move in the 9x9 square (swaps before and after it) or
    /// ten non-symmetric 5th moves anywhere for White to choose from.
    Taraguchi10,
}

impl OpeningRule {
    /// The four rules.
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    /// The rule's name in commands: `rif`, `yamaguchi`, `soosorv8`, `taraguchi10`.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Rif => "rif",
            OpeningRule::Yamaguchi => "yamaguchi",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Taraguchi10 => "taraguchi10",
        }
    }

    /// How many 5th-move offers Black may have to make.
    ///
    /// ```
    /// use tengen::renju::opening::OpeningRule;
    /// assert_eq!(OpeningRule::Rif.offer_counts(), 2..=2);
    /// assert_eq!(OpeningRule::Soosorv8.offer_counts(), 1..=8);
    /// ```
    pub fn offer_counts(self) -> RangeInclusive<usize> {
        match self {
            OpeningRule::Rif => 2..=2,
            OpeningRule::Yamaguchi => 1..=YAMAGUCHI_MAX_OFFERS,
            OpeningRule::Soosorv8 => 1..=8,
            OpeningRule::Taraguchi10 => 10..=10,
        }
    }

    /// The side of the central square move `move_number` (1-based) must be played in, or
    /// `None` when it may go anywhere. For the rules built on the 26 openings, moves 1–3 in
    /// the central 1x1, 3x3, 5x5 squares are exactly the 26 openings (under symmetry).
    /// Taraguchi-10's 5th move is in the 9x9 square when it is played as a single move (the
    /// ten offers may go anywhere).
    pub fn area(self, move_number: usize) -> Option<usize> {
        match self {
            OpeningRule::Taraguchi10 => taraguchi_area(move_number),
            _ => (1..=3)
                .contains(&move_number)
                .then_some(2 * move_number - 1),
        }
    }

    /// May this rule ask for `phase` with `stones` stones on the board?
    ///
    /// ```
    /// use tengen::renju::opening::{OpeningRule, Phase};
    /// assert!(OpeningRule::Soosorv8.allows(Phase::Swap, 4));
    /// assert!(!OpeningRule::Rif.allows(Phase::Swap, 4));
    /// assert!(OpeningRule::Taraguchi10.allows(Phase::Move, 1));
    /// ```
    pub fn allows(self, phase: Phase, stones: usize) -> bool {
        use OpeningRule::*;
        match phase {
            Phase::Open => stones == 0,
            Phase::Swap => match self {
                Rif | Yamaguchi => stones == 3,
                Soosorv8 => stones == 3 || stones == 4,
                Taraguchi10 => (1..=5).contains(&stones),
            },
            Phase::Move => match self {
                Rif | Yamaguchi | Soosorv8 => stones == 3,
                Taraguchi10 => (1..=4).contains(&stones),
            },
            Phase::Offer | Phase::Choose => stones == 4,
        }
    }

    /// Is the position one this rule's opening can reach? The stones alternate Black, White,
    /// Black, … in move order, and each move is inside its [`area`](Self::area).
    pub fn check_position(self, board: &Board) -> Result<(), OpeningError> {
        for (i, &(p, colour)) in board.history().iter().enumerate() {
            let move_number = i + 1;
            let expected = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if colour != expected {
                return Err(OpeningError::WrongColour { move_number });
            }
            if let Some(side) = self.area(move_number) {
                if !in_central_square(p, board.size(), side) {
                    return Err(if self != OpeningRule::Taraguchi10 {
                        OpeningError::NotAnOpening
                    } else {
                        OpeningError::OutsideArea {
                            move_number,
                            point: p,
                            side,
                        }
                    });
                }
            }
        }
        Ok(())
    }

    /// May `phase` be asked on this position? The stone count must fit the phase
    /// ([`allows`](Self::allows)) and the position must be reachable ([`check_position`](Self::check_position)).
    pub fn check_phase(self, phase: Phase, board: &Board) -> Result<(), OpeningError> {
        let stones = board.stone_count();
        if !self.allows(phase, stones) {
            return Err(OpeningError::WrongPhase {
                rule: self,
                phase,
                stones,
            });
        }
        self.check_position(board)
    }

    /// Are `offers` a valid set of 5th-move proposals on `board`? Their number fits the rule,
    /// each is an empty point on the board that is not forbidden to Black, none repeats and
    /// no two are symmetric to each other in the position.
    pub fn check_offers(self, board: &Board, offers: &[Point]) -> Result<(), OpeningError> {
        if !self.offer_counts().contains(&offers.len()) {
            return Err(OpeningError::OfferCount {
                rule: self,
                count: offers.len(),
            });
        }
        let syms = symmetries_of(board);
        for (i, &p) in offers.iter().enumerate() {
            check_empty(board, p)?;
            if board.foul(p).is_some() {
                return Err(OpeningError::Forbidden(p));
            }
            for &q in &offers[..i] {
                if q == p {
                    return Err(OpeningError::Repeated(p));
                }
                if syms.iter().any(|s| s.apply(q, board.size()) == Some(p)) {
                    return Err(OpeningError::Symmetric(q, p));
                }
            }
        }
        Ok(())
    }
}

/// Is `p` an empty point of the board?
fn check_empty(board: &Board, p: Point) -> Result<(), OpeningError> {
    if !board.contains(p) {
        Err(OpeningError::OffBoard(p))
    } else if board.stone(p).is_some() {
        Err(OpeningError::Occupied(p))
    } else {
        Ok(())
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OpeningRule {
    type Err = OpeningError;

    /// The rule by name, case-insensitive (`soosorv-8` and `taraguchi-10` also read).
    fn from_str(s: &str) -> Result<OpeningRule, OpeningError> {
        let key = s.to_ascii_lowercase().replace(['-', '_'], "");
        OpeningRule::ALL
            .into_iter()
            .find(|r| r.name() == key)
            .ok_or_else(|| OpeningError::UnknownRule(s.to_string()))
    }
}

/// One decision of an opening rule.
///
/// ```
/// use tengen::renju::opening::Phase;
/// assert_eq!("offer".parse::<Phase>(), Ok(Phase::Offer));
/// assert_eq!(Phase::Choose.to_string(), "CHOOSE");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Put the opening on the empty board (Taraguchi-10: the first stone).
    Open,
    /// Decide whether to take the colour of the player who just moved.
    Swap,
    /// Play the next opening move inside the rule's area.
    Move,
    /// Propose a number of 5th moves.
    Offer,
    /// Pick one of the proposed 5th moves (as White).
    Choose,
}

impl Phase {
    /// The five phases.
    pub const ALL: [Phase; 5] = [
        Phase::Open,
        Phase::Swap,
        Phase::Move,
        Phase::Offer,
        Phase::Choose,
    ];

    /// The phase's word in commands, upper case.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Open => "OPEN",
            Phase::Swap => "SWAP",
            Phase::Move => "MOVE",
            Phase::Offer => "OFFER",
            Phase::Choose => "CHOOSE",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Phase {
    type Err = OpeningError;

    fn from_str(s: &str) -> Result<Phase, OpeningError> {
        Phase::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| OpeningError::UnknownPhase(s.to_string()))
    }
}

/// One of the eight symmetries of the square board about its centre.
///
/// Names follow the board as drawn (x to the right, y downward): `Rotate90` turns it a
/// quarter clockwise, `MirrorX` reflects left to right, `Diagonal` swaps x and y.
///
/// ```
/// use tengen::renju::opening::Symmetry;
/// use tengen::core::Point;
/// assert_eq!(Symmetry::MirrorX.apply(Point::new(0, 3), 15), Some(Point::new(14, 3)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Left and right change places.
    MirrorX,
    /// Top and bottom change places.
    MirrorY,
    /// x and y change places (the top-left to bottom-right diagonal stays).
    Diagonal,
    /// The other diagonal stays.
    AntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The map on an offset `(u, v)` from the centre, in board orientation (v downward).
    ///
    /// ```
    /// use tengen::renju::opening::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.map((1, 0)), (0, 1));
    /// ```
    pub fn map(self, (u, v): (i32, i32)) -> (i32, i32) {
        match self {
            Symmetry::Identity => (u, v),
            Symmetry::Rotate90 => (-v, u),
            Symmetry::Rotate180 => (-u, -v),
            Symmetry::Rotate270 => (v, -u),
            Symmetry::MirrorX => (-u, v),
            Symmetry::MirrorY => (u, -v),
            Symmetry::Diagonal => (v, u),
            Symmetry::AntiDiagonal => (-v, -u),
        }
    }

    /// The image of `p` on a `size` board (about the board's geometric centre, which is the
    /// centre point on odd boards); `None` when `p` is off the board.
    pub fn apply(self, p: Point, size: usize) -> Option<Point> {
        let n = size as i32;
        if p.x as i32 >= n || p.y as i32 >= n {
            return None;
        }
        // Doubled coordinates keep the half-point centre of even boards exact.
        let (u, v) = self.map((2 * p.x as i32 - (n - 1), 2 * p.y as i32 - (n - 1)));
        let (x, y) = ((u + n - 1) / 2, (v + n - 1) / 2);
        Some(Point::new(x as u8, y as u8))
    }
}

/// The symmetries that map the position (every stone with its colour) onto itself; the
/// identity always.
///
/// ```
/// use tengen::renju::opening::{symmetries_of, Symmetry};
/// use tengen::renju::{Board, Rule};
/// let b = Board::new(15, Rule::Renju).unwrap();
/// assert_eq!(symmetries_of(&b).len(), 8);
/// # let _ = Symmetry::Identity;
/// ```
pub fn symmetries_of(board: &Board) -> Vec<Symmetry> {
    let size = board.size();
    Symmetry::ALL
        .into_iter()
        .filter(|s| {
            board
                .history()
                .iter()
                .all(|&(p, colour)| s.apply(p, size).and_then(|q| board.stone(q)) == Some(colour))
        })
        .collect()
}

/// Are `a` and `b` the same point up to a symmetry of the position?
pub fn equivalent(board: &Board, a: Point, b: Point) -> bool {
    symmetries_of(board)
        .into_iter()
        .any(|s| s.apply(a, board.size()) == Some(b))
}

/// `points` with one representative (the first met) of each class of points equivalent
/// under the position's symmetries; repeats go too.
///
/// ```
/// use tengen::renju::opening::distinct_under_symmetry;
/// use tengen::renju::{Board, Rule};
/// use tengen::core::{Color, Point};
/// let mut b = Board::new(15, Rule::Renju).unwrap();
/// b.put(Point::new(7, 7), Color::Black).unwrap();
/// // The four neighbours of a lone centre stone are one class.
/// let n = [Point::new(7, 6), Point::new(8, 7), Point::new(7, 8), Point::new(6, 7)];
/// assert_eq!(distinct_under_symmetry(&b, &n), vec![Point::new(7, 6)]);
/// ```
pub fn distinct_under_symmetry(board: &Board, points: &[Point]) -> Vec<Point> {
    let syms = symmetries_of(board);
    let mut kept: Vec<Point> = Vec::new();
    for &p in points {
        let seen = kept
            .iter()
            .any(|&q| syms.iter().any(|s| s.apply(q, board.size()) == Some(p)));
        if !seen {
            kept.push(p);
        }
    }
    kept
}

/// Which of the 26 openings a three-stone position is, under any of the eight symmetries:
/// two Black stones, one on the centre, and one White stone. `None` for anything else.
///
/// ```
/// use tengen::renju::opening::{classify, Opening};
/// use tengen::renju::{Board, Rule};
/// use tengen::core::{Color, Point};
/// let mut b = Board::new(15, Rule::Renju).unwrap();
/// // h8, i8 (direct, to the right), g8: D8 turned a quarter.
/// for (p, c) in [((7, 7), Color::Black), ((8, 7), Color::White), ((6, 7), Color::Black)] {
///     b.put(Point::new(p.0, p.1), c).unwrap();
/// }
/// assert_eq!(classify(&b).map(|o| o.name), Some("D8"));
/// # let _ = Opening::named("D8");
/// ```
pub fn classify(board: &Board) -> Option<&'static Opening> {
    if board.stone_count() != 3 {
        return None;
    }
    let c = centre(board.size());
    let offset = |p: Point| (p.x as i32 - c, p.y as i32 - c);
    let blacks: Vec<Point> = board
        .stones(Color::Black)
        .iter()
        .map(|i| board.point(i))
        .collect();
    let whites: Vec<Point> = board
        .stones(Color::White)
        .iter()
        .map(|i| board.point(i))
        .collect();
    let ([b0, b1], [w]) = (blacks.as_slice(), whites.as_slice()) else {
        return None;
    };
    let third = match (offset(*b0), offset(*b1)) {
        ((0, 0), other) | (other, (0, 0)) => other,
        _ => return None,
    };
    let second = offset(*w);
    // The table counts dy upward; the board counts y downward.
    let down = |(dx, dy): (i8, i8)| (dx as i32, -(dy as i32));
    TABLE.iter().find(|o| {
        Symmetry::ALL
            .into_iter()
            .any(|s| s.map(down(o.second)) == second && s.map(down(o.third)) == third)
    })
}

/// Why an opening command cannot be carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// Not `rif`, `yamaguchi`, `soosorv8` or `taraguchi10`.
    UnknownRule(String),
    /// Not `OPEN`, `SWAP`, `MOVE`, `OFFER` or `CHOOSE`.
    UnknownPhase(String),
    /// The rule has no such phase with this many stones on the board.
    WrongPhase {
        rule: OpeningRule,
        phase: Phase,
        stones: usize,
    },
    /// Move `move_number` has the wrong colour: stones alternate from Black.
    WrongColour {
        move_number: usize,
    },
    /// The first three stones are not one of the 26 openings.
    NotAnOpening,
    /// Move `move_number` lies outside its central `side` x `side` square.
    OutsideArea {
        move_number: usize,
        point: Point,
        side: usize,
    },
    /// The rule does not allow this many 5th-move offers.
    OfferCount {
        rule: OpeningRule,
        count: usize,
    },
    OffBoard(Point),
    Occupied(Point),
    /// Forbidden to Black (overline, double-four or double-three).
    Forbidden(Point),
    /// The same point twice.
    Repeated(Point),
    /// Two offers symmetric to each other in the position.
    Symmetric(Point, Point),
    /// Not a point `x,y`.
    BadPoint(String),
    /// Not a number.
    BadNumber(String),
    /// A required argument is missing.
    Missing(&'static str),
    /// An argument too many.
    Unexpected(String),
    /// Fewer legal, pairwise non-symmetric points than the offers asked for.
    TooFewPoints {
        wanted: usize,
        found: usize,
    },
    /// No legal move at all.
    NoMove,
}

/// `x,y` as the protocols write points.
struct Xy(Point);

impl fmt::Display for Xy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use OpeningError::*;
        match self {
            UnknownRule(s) => write!(
                f,
                "unknown opening rule '{s}' (rif, yamaguchi, soosorv8, taraguchi10)"
            ),
            UnknownPhase(s) => write!(
                f,
                "unknown opening phase '{s}' (OPEN, SWAP, MOVE, OFFER, CHOOSE)"
            ),
            WrongPhase {
                rule,
                phase,
                stones,
            } => write!(
                f,
                "{rule} has no {phase} phase with {stones} stones on the board"
            ),
            WrongColour { move_number } => write!(
                f,
                "move {move_number} has the wrong colour (stones alternate from Black)"
            ),
            NotAnOpening => f.write_str("the first three stones are not one of the 26 openings"),
            OutsideArea {
                move_number,
                point,
                side,
            } => write!(
                f,
                "move {move_number} at {} is outside the central {side}x{side} square",
                Xy(*point)
            ),
            OfferCount { rule, count } => {
                let r = rule.offer_counts();
                write!(
                    f,
                    "{rule} takes {}..={} 5th-move offers, not {count}",
                    r.start(),
                    r.end()
                )
            }
            OffBoard(p) => write!(f, "point {} is off the board", Xy(*p)),
            Occupied(p) => write!(f, "point {} is occupied", Xy(*p)),
            Forbidden(p) => write!(f, "point {} is forbidden to Black", Xy(*p)),
            Repeated(p) => write!(f, "point {} is given twice", Xy(*p)),
            Symmetric(a, b) => write!(
                f,
                "offers {} and {} are symmetric in the position",
                Xy(*a),
                Xy(*b)
            ),
            BadPoint(s) => write!(f, "bad point '{s}' (expected x,y)"),
            BadNumber(s) => write!(f, "bad number '{s}'"),
            Missing(what) => write!(f, "missing {what}"),
            Unexpected(s) => write!(f, "unexpected argument '{s}'"),
            TooFewPoints { wanted, found } => write!(
                f,
                "only {found} non-symmetric legal 5th moves, {wanted} asked"
            ),
            NoMove => f.write_str("no legal move"),
        }
    }
}

impl std::error::Error for OpeningError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn twenty_six_distinct_openings_without_overlap() {
        let mut seen = HashSet::new();
        for o in OPENINGS {
            let s = o.stones(15);
            assert!(s[0] != s[1] && s[1] != s[2] && s[0] != s[2], "{}", o.name);
            // Move 3 stays in the central 5x5 square, as the RIF table requires.
            assert!(s
                .iter()
                .all(|p| (5..=9).contains(&p.x) && (5..=9).contains(&p.y)));
            assert!(seen.insert(s), "{} repeats an opening", o.name);
        }
        assert_eq!(seen.len(), 26);
    }
}
