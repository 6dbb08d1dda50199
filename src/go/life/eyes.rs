//! Eyes by shape: the classical static knowledge the engine uses where the confirmation
//! search does not reach, and the explanations it gives for a verdict.
//!
//! - A one-point eye of a colour is an empty point whose neighbours are all its stones. It
//!   is *false* when the opponent holds too many of the diagonal points: two of the four in
//!   the middle of the board, one on the edge or in the corner (where there are only two
//!   or one). An opponent stone that is dead does not count: it will be taken off, and the
//!   diagonal with it.
//! - An *eye space* is a small region (empty points, and any opponent stones in them)
//!   enclosed by one colour's stones. Its value is the number of eyes it gives the
//!   enclosing stones if the opponent moves first, and if the owner moves first: one and
//!   two for the shapes with a *vital point* (straight and bent three, pyramid four, bulky
//!   and cross five, rabbity six), where whoever plays first decides; one for the square
//!   four, which is dead whoever plays; two for the other shapes of four to six points
//!   (two points are miai), and for anything larger. In the corner, the bent four with its
//!   bend on the corner point and the rectangular six become kos the opponent can start
//!   when he likes: one eye by the Japanese confirmation, and a vital point for the owner.
//!
//! These are the textbook values for an eye space whose stones are solidly connected and
//! have no liberties outside; the tests check them against the confirmation search.

use crate::core::Color;
use crate::go::{BoardSize, Points, Position, Vertex};

/// Eye spaces larger than this are not classified (they count as two eyes).
pub const MAX_EYE_SPACE: usize = 7;

/// The eyes an eye space gives its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeValue {
    /// Eyes when the opponent moves first.
    pub opponent_first: u8,
    /// Eyes when the owner moves first.
    pub owner_first: u8,
    /// The point whoever moves first should take, when that decides the value.
    pub vital: Option<Vertex>,
    /// The opponent moving first gets a ko he can start when he likes (bent four in the
    /// corner, rectangular six in the corner), which `opponent_first` counts as one eye,
    /// as the Japanese confirmation does; under other rules the ko is fought.
    pub ko: bool,
}

/// A small region enclosed by one colour's stones, with the eyes it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpace {
    /// The colour whose stones enclose the region.
    pub owner: Color,
    /// The region: empty points and the opponent stones among them.
    pub points: Points,
    /// Its value, when the shape is known: empty spaces of up to [`MAX_EYE_SPACE`]
    /// points, and spaces whose only opponent stone sits on the vital point.
    pub value: Option<EyeValue>,
}

/// Is the empty point `v` a one-point eye of `color` that the diagonal rule calls false?
/// `false` when `v` is no one-point eye of `color` at all. Opponent stones in `dead` do
/// not count against the eye.
///
/// ```
/// use tengen::go::{is_false_eye, parse_diagram, Points};
/// use tengen::core::{Color, Point};
/// // a1 is Black's eye on the edge... in the corner, with White on the diagonal b2.
/// let pos = parse_diagram(
///     ". X . .
///      X O . .
///      . . . .
///      . . . .",
/// )
/// .unwrap();
/// let a1 = pos.size().vertex(Point::new(0, 0)).unwrap();
/// assert!(is_false_eye(&pos, Color::Black, a1, Points::EMPTY));
/// let b2: Points = [5].into_iter().collect();
/// assert!(!is_false_eye(&pos, Color::Black, a1, b2), "a dead White b2 does not count");
/// ```
pub fn is_false_eye(position: &Position, color: Color, v: Vertex, dead: Points) -> bool {
    let size = position.size();
    if !is_one_point_eye(position, color, v) {
        return false;
    }
    let geometry = size.geometry();
    let n = size.points();
    let opponent = position.stones(!color) - dead;
    let spoilers = geometry.diagonals[v.index()]
        .iter()
        .filter(|&&d| usize::from(d) < n && opponent.contains(usize::from(d)))
        .count();
    spoilers >= if geometry.on_edge[v.index()] { 1 } else { 2 }
}

/// Is the empty point `v` surrounded by `color`'s stones only?
fn is_one_point_eye(position: &Position, color: Color, v: Vertex) -> bool {
    let size = position.size();
    let around = size.neighbours_of(Points::from_iter([v.index()]));
    position.stone(v).is_none() && (around - position.stones(color)).is_empty()
}

/// The eye spaces of `color`: the regions of at most [`MAX_EYE_SPACE`] points enclosed
/// by `color`'s stones (the stones in `dead` aside), lowest point first.
///
/// ```
/// use tengen::go::{eye_spaces, parse_diagram, Points};
/// use tengen::core::{Color, Point};
/// // Black's straight three on the edge: one eye if White takes b1... the middle first.
/// let pos = parse_diagram(
///     "O X . . . X O
///      O X X X X X O
///      O O O O O O O
///      . . . . . . .
///      . . . . . . .
///      . . . . . . .
///      . . . . . . .",
/// )
/// .unwrap();
/// let spaces = eye_spaces(&pos, Color::Black, Points::EMPTY);
/// assert_eq!(spaces.len(), 1);
/// let value = spaces[0].value.unwrap();
/// assert_eq!((value.opponent_first, value.owner_first), (1, 2));
/// assert_eq!(value.vital, pos.size().vertex(Point::new(3, 0)));
/// ```
pub fn eye_spaces(position: &Position, color: Color, dead: Points) -> Vec<EyeSpace> {
    let size = position.size();
    let own = position.stones(color) - dead;
    size.components(size.all_points() - own)
        .into_iter()
        .filter(|region| region.len() <= MAX_EYE_SPACE)
        .filter(|&region| (size.neighbours_of(region) - region - own).is_empty())
        .map(|points| EyeSpace {
            owner: color,
            points,
            value: value(position, color, points, dead),
        })
        .collect()
}

/// The classical verdict on a chain of `owner` whose area (the points searched around it)
/// holds nothing but the chain and the eye spaces it alone encloses, with the opponent's
/// safe stones all around: alive when its spaces give two eyes with the opponent first,
/// dead otherwise; `None` when the area is not of that kind or a space is larger than six
/// points or of unknown value. These are the configurations the tests check the shape
/// values on against the confirmation search (spaces of three to six points); a one-point
/// space of a single chain is always a real eye, and two points make one eye. The corner
/// shapes that turn into a ko decide only if `kos_settled` (the Japanese and Korean
/// confirmations).
pub(super) fn verdict_by_shape(
    position: &Position,
    area: Points,
    chain: Points,
    owner: Color,
    kos_settled: bool,
) -> Option<bool> {
    let size = position.size();
    let enclosed = area - chain;
    if area & position.stones(owner) != chain
        || !((size.neighbours_of(area) - area) & position.stones(owner)).is_empty()
    {
        return None;
    }
    let mut eyes = 0;
    for space in size.components(enclosed) {
        if space.len() > 6 || !(size.neighbours_of(space) - space - chain).is_empty() {
            return None;
        }
        eyes += match space.len() {
            1 | 2 => 1,
            _ => {
                let value = value(position, owner, space, Points::EMPTY)?;
                if value.ko && !kos_settled {
                    return None;
                }
                value.opponent_first
            }
        };
    }
    Some(eyes >= 2)
}

/// The value of an enclosed region, when its shape tells.
fn value(position: &Position, color: Color, region: Points, dead: Points) -> Option<EyeValue> {
    let size = position.size();
    let intruders = region & position.stones(!color);
    let fixed = |eyes| EyeValue {
        opponent_first: eyes,
        owner_first: eyes,
        vital: None,
        ko: false,
    };
    if region.len() == 1 {
        // Empty: an opponent stone alone in it would have no liberty.
        let v = size.vertex_at(region.first()?)?;
        return Some(fixed(u8::from(!is_false_eye(position, color, v, dead))));
    }
    let shape = Shape::of(size, region)?;
    let vital = shape
        .vital
        .map(|i| size.vertex_at(i).expect("a region point"));
    match (vital, intruders.len()) {
        (_, 0) => Some(match vital {
            Some(v) => EyeValue {
                opponent_first: 1,
                owner_first: 2,
                vital: Some(v),
                ko: shape.ko,
            },
            None => fixed(shape.eyes),
        }),
        // The opponent already holds the vital point: the killing shape is one eye.
        (Some(v), 1) if intruders.contains(v.index()) => Some(fixed(1)),
        _ => None,
    }
}

/// What the shape of an empty region says: the eyes when nobody has played in it yet and
/// no vital point decides, or its vital point.
struct Shape {
    eyes: u8,
    vital: Option<usize>,
    /// One of the corner shapes that turn into a ko.
    ko: bool,
}

impl Shape {
    /// Classifies a region of 2 to [`MAX_EYE_SPACE`] points by the number of region
    /// neighbours of each point (its degree), which tells the classical shapes apart:
    /// - 2 points: one eye.
    /// - 3 points: a line or a bend; the middle point (degree 2) is vital.
    /// - 4 points: the square (degrees 2,2,2,2) is one eye; the pyramid (3,1,1,1) has its
    ///   centre vital; lines, bends and zigzags (2,2,1,1) are two eyes.
    /// - 5 points: the cross (4,1,1,1,1) and the bulky five (a square and a tail,
    ///   3,2,2,2,1: no other five points have these degrees) have the point of highest
    ///   degree vital; the rest are two eyes.
    /// - 6 points: the rabbity six (a square with two tails on one corner, 4,2,2,2,1,1,
    ///   with a square) has that corner vital; the rest are two eyes.
    /// - 7 points: two eyes.
    fn of(size: BoardSize, region: Points) -> Option<Shape> {
        let degree = |i: usize| (size.neighbours_of(Points::from_iter([i])) & region).len();
        let mut degrees: Vec<(usize, usize)> = region.iter().map(|i| (degree(i), i)).collect();
        degrees.sort_unstable_by(|a, b| b.cmp(a));
        let profile: Vec<usize> = degrees.iter().map(|&(d, _)| d).collect();
        let fixed = |eyes| Shape {
            eyes,
            vital: None,
            ko: false,
        };
        let vital = Shape {
            eyes: 1,
            vital: degrees.first().map(|&(_, i)| i),
            ko: false,
        };
        if let Some(vital) = corner_bent_four(size, region, &degrees)
            .or_else(|| corner_rectangular_six(size, region))
        {
            return Some(Shape {
                eyes: 1,
                vital: Some(vital),
                ko: true,
            });
        }
        Some(match (region.len(), profile.as_slice()) {
            (2, _) | (4, [2, 2, 2, 2]) => fixed(1),
            (3, _) | (4, [3, ..]) | (5, [4, ..]) | (5, [3, 2, 2, 2, 1]) => vital,
            (6, [4, 2, 2, 2, 1, 1]) if has_square(size, region) => vital,
            (4..=MAX_EYE_SPACE, _) => fixed(2),
            _ => return None,
        })
    }
}

/// The vital point of a bent four whose bend is the corner point of the board, if the
/// region is one: the middle of its long arm. Whoever takes it first decides, as for the
/// shapes with a vital point; with the opponent first, the owner is left with a ko the
/// opponent can start when he likes, which the Japanese confirmation (art. 7-2) counts as
/// one eye: the famous "bent four in the corner is dead".
fn corner_bent_four(size: BoardSize, region: Points, degrees: &[(usize, usize)]) -> Option<usize> {
    let n = size.get();
    let profile: Vec<usize> = degrees.iter().map(|&(d, _)| d).collect();
    if profile != [2, 2, 1, 1] {
        return None;
    }
    let is_corner = |i: usize| (i % n == 0 || i % n == n - 1) && (i / n == 0 || i / n == n - 1);
    // A point of degree two is a bend unless its two region neighbours are opposite.
    let has = |i: usize, dx: isize, dy: isize| {
        let (x, y) = ((i % n) as isize + dx, (i / n) as isize + dy);
        (0..n as isize).contains(&x)
            && (0..n as isize).contains(&y)
            && region.contains(y as usize * n + x as usize)
    };
    let is_bend = |i: usize| !(has(i, -1, 0) && has(i, 1, 0) || has(i, 0, -1) && has(i, 0, 1));
    let (a, b) = (degrees[0].1, degrees[1].1);
    match (is_bend(a) && is_corner(a), is_bend(b) && is_corner(b)) {
        (true, false) if !is_bend(b) => Some(b),
        (false, true) if !is_bend(a) => Some(a),
        _ => None,
    }
}

/// The vital point of a rectangular six (2x3) in the corner of the board, if the region is
/// one. With no liberty outside (the eye spaces here have none), the opponent moving first
/// gets a ko he can start when he likes: one eye under the Japanese confirmation; the owner
/// moving first lives on the middle of a long side, the one off the edge.
fn corner_rectangular_six(size: BoardSize, region: Points) -> Option<usize> {
    let n = size.get();
    if region.len() != 6 {
        return None;
    }
    let xs = || region.iter().map(|i| i % n);
    let ys = || region.iter().map(|i| i / n);
    let (x0, x1) = (xs().min()?, xs().max()?);
    let (y0, y1) = (ys().min()?, ys().max()?);
    let in_corner = (x0 == 0 || x1 == n - 1) && (y0 == 0 || y1 == n - 1);
    let off_edge = |lo: usize, hi: usize| if lo == 0 { hi } else { lo };
    match (x1 - x0, y1 - y0) {
        _ if !in_corner => None,
        (2, 1) => Some(off_edge(y0, y1) * n + x0 + 1),
        (1, 2) => Some((y0 + 1) * n + off_edge(x0, x1)),
        _ => None,
    }
}

/// Does the region hold a 2x2 block of points?
fn has_square(size: BoardSize, region: Points) -> bool {
    let n = size.get();
    region.iter().any(|i| {
        let (x, y) = (i % n, i / n);
        x + 1 < n
            && y + 1 < n
            && [i + 1, i + n, i + n + 1]
                .iter()
                .all(|&j| region.contains(j))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::parse_diagram;

    fn values(diagram: &str) -> Vec<(usize, Option<(u8, u8)>)> {
        let pos = parse_diagram(diagram).unwrap();
        eye_spaces(&pos, Color::Black, Points::EMPTY)
            .iter()
            .map(|s| {
                (
                    s.points.len(),
                    s.value.map(|v| (v.opponent_first, v.owner_first)),
                )
            })
            .collect()
    }

    #[test]
    fn one_point_eyes_true_and_false() {
        // a1: corner eye, White on b2 spoils it. c1 (edge): White on b2 spoils it too.
        // d4 in the middle: one White diagonal (e5) is not enough.
        let pos = parse_diagram(
            ". X . X . . .
             X O X . X . .
             . . . X . X .
             . . X . X O .
             . . . X O . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let v = |x, y| size.vertex(crate::core::Point::new(x, y)).unwrap();
        assert!(is_false_eye(&pos, Color::Black, v(0, 0), Points::EMPTY));
        assert!(is_false_eye(&pos, Color::Black, v(2, 0), Points::EMPTY));
        assert!(!is_false_eye(&pos, Color::Black, v(3, 3), Points::EMPTY));
        // Not an eye at all: nothing to call false.
        assert!(!is_false_eye(&pos, Color::Black, v(6, 6), Points::EMPTY));
    }

    #[test]
    fn shapes_of_three_and_four() {
        // Bent three in the corner: vital middle.
        assert_eq!(
            values(
                ". . X O
                 . X X O
                 X X O O
                 O O O ."
            ),
            vec![(3, Some((1, 2)))]
        );
        // Square four in the corner: dead.
        assert_eq!(
            values(
                ". . X O .
                 . . X O .
                 X X X O .
                 O O O O .
                 . . . . ."
            ),
            vec![(4, Some((1, 1)))]
        );
        // Straight four on the edge: alive.
        assert_eq!(
            values(
                "O X . . . . X O
                 O X X X X X X O
                 O O O O O O O O
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . ."
            ),
            vec![(4, Some((2, 2)))]
        );
    }

    #[test]
    fn the_opponent_on_the_vital_point_leaves_one_eye() {
        let pos = parse_diagram(
            "O X . O . X O
             O X X X X X O
             O O O O O O O
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let spaces = eye_spaces(&pos, Color::Black, Points::EMPTY);
        assert_eq!(spaces.len(), 1);
        let v = spaces[0].value.unwrap();
        assert_eq!((v.opponent_first, v.owner_first, v.vital), (1, 1, None));
    }
}
