//! Black's forbidden moves in renju (RIF rules 9.2 and 9.3).
//!
//! The tables settle almost every point with four lookups: a five is never forbidden, then
//! an overline, then two fours. Only a point where two or more lines show a three needs
//! the 9.3 recursion: is each three's straight-four point itself a legal Black move, with
//! the candidate stone in place? The recursion never touches the board: the stones it
//! imagines are ORed into the line codes it reads.

use super::board::{Board, Points};
use super::line::{stone_bits, HALF};
use super::pattern::{straight_four_offsets, LinePattern};
use super::rule::FiveRule;
use crate::core::{Color, Point};
use smallvec::SmallVec;
use std::fmt;

/// Why a Black move is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once (also two on one line).
    DoubleFour,
    /// Two or more threes at once that can each become a straight four (9.3).
    DoubleThree,
}

impl Foul {
    /// The short code renju software uses: `6`, `44`, `33`.
    pub fn code(self) -> &'static str {
        match self {
            Foul::Overline => "6",
            Foul::DoubleFour => "44",
            Foul::DoubleThree => "33",
        }
    }
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double-four",
            Foul::DoubleThree => "double-three",
        })
    }
}

/// What a Black stone on a point would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Five,
    Foul(Foul),
    Legal,
}

/// Black stones imagined on the board during the 9.3 recursion, as padded indices.
type Imagined = SmallVec<[usize; 8]>;

impl Board {
    /// The foul a Black stone on the empty point `p` would commit, under this board's rule
    /// (never one outside renju, and never when the stone makes a five).
    ///
    /// ```
    /// use tengen::renju::{Board, Foul, Rule};
    /// use tengen::core::{Color, Point};
    /// let mut b = Board::new(15, Rule::Renju).unwrap();
    /// for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
    ///     b.put(Point::new(x, y), Color::Black).unwrap();
    /// }
    /// assert_eq!(b.foul(Point::new(7, 7)), Some(Foul::DoubleThree));
    /// ```
    pub fn foul(&self, p: Point) -> Option<Foul> {
        if !self.rule().has_fouls(Color::Black) || self.stone(p).is_some() || !self.contains(p) {
            return None;
        }
        match self.verdict(self.padded_index(p), &mut Imagined::new()) {
            Verdict::Foul(f) => Some(f),
            Verdict::Five | Verdict::Legal => None,
        }
    }

    /// Every empty point where Black may not play.
    pub fn forbidden_points(&self) -> Points {
        let mut set = Points::EMPTY;
        for (p, _) in self.forbidden_map() {
            set.insert(self.index(p));
        }
        set
    }

    /// Every empty point where Black may not play, with the reason, in index order (rows
    /// from the top, columns from the left).
    pub fn forbidden_map(&self) -> Vec<(Point, Foul)> {
        if !self.rule().has_fouls(Color::Black) {
            return Vec::new();
        }
        let mut imagined = Imagined::new();
        self.empty_points()
            .iter()
            .filter_map(|i| {
                let p = self.point(i);
                let pi = self.padded_index(p);
                // A point with no Black stone within five on any line makes nothing.
                if self
                    .codes_at(pi)
                    .iter()
                    .all(|&c| c & !(c >> 1) & 0x5_5555 == 0)
                {
                    return None;
                }
                match self.verdict(pi, &mut imagined) {
                    Verdict::Foul(f) => Some((p, f)),
                    _ => None,
                }
            })
            .collect()
    }

    /// The line code at padded index `pi` in direction `d`, with the imagined Black stones.
    #[inline]
    fn code_with(&self, pi: usize, d: usize, imagined: &[usize]) -> u32 {
        let step = Board::step(d);
        imagined.iter().fold(self.codes_at(pi)[d], |code, &q| {
            let delta = q as isize - pi as isize;
            let k = delta / step;
            // On-board cells of different lines never differ by a multiple of another
            // line's step within five steps (see the padded layout), so this is exact.
            if delta % step == 0 && k != 0 && k.unsigned_abs() <= HALF {
                code | stone_bits(k as i32, Color::Black)
            } else {
                code
            }
        })
    }

    /// Rules 9.2 and 9.3 for a Black stone at `pi`, with `imagined` stones also in place.
    fn verdict(&self, pi: usize, imagined: &mut Imagined) -> Verdict {
        let codes: [u32; 4] = std::array::from_fn(|d| self.code_with(pi, d, imagined));
        let lines: [LinePattern; 4] = codes.map(|c| LinePattern::of(c, FiveRule::Exact));
        if lines.iter().any(|l| l.is_five()) {
            return Verdict::Five;
        }
        if lines.iter().any(|l| l.is_overline()) {
            return Verdict::Foul(Foul::Overline);
        }
        if lines.iter().map(|l| l.four_count()).sum::<u8>() >= 2 {
            return Verdict::Foul(Foul::DoubleFour);
        }
        if lines.iter().filter(|l| l.is_three()).count() < 2 {
            return Verdict::Legal;
        }
        // 9.3: count the threes that have a straight-four point where Black could legally
        // play with this stone in place (a point that would make a five does not count:
        // a three becomes a straight four "without making a five at the same time").
        imagined.push(pi);
        let mut real_threes = 0;
        for d in (0..4).filter(|&d| lines[d].is_three()) {
            let step = Board::step(d);
            let playable = straight_four_offsets(codes[d], FiveRule::Exact).any(|k| {
                self.verdict((pi as isize + k as isize * step) as usize, imagined) == Verdict::Legal
            });
            if playable {
                real_threes += 1;
                if real_threes == 2 {
                    break;
                }
            }
        }
        imagined.pop();
        if real_threes >= 2 {
            Verdict::Foul(Foul::DoubleThree)
        } else {
            Verdict::Legal
        }
    }
}
