//! Nakade: the vital point of a small eye space.
//!
//! A group whose only eye space is three to six points lives or dies by one point in the
//! killing shapes (straight and bent three, pyramid four, bulky and crossed five, rabbity
//! six): the owner who takes it makes two eyes, the opponent who takes it leaves one.
//! Uniformly random playouts find that point by chance, so they let dead groups live and
//! kill living ones about as often as not, and the search misjudges such groups until it
//! reads them out in the tree. Playouts and priors therefore play the vital point at once,
//! for either side, as MoGo's and Pachi's playouts do.
//!
//! The vital point of an eye space of `n` points is its point with the most neighbours
//! inside the space, when that point is the only one with so many and they are at least
//! `n - 2`. That one test picks the centre of every killing shape (the middle of a three,
//! the head of a pyramid four, the inner corner of a bulky five, the centre of a crossed
//! five and of a rabbity six) and finds no point in the shapes that live or are already
//! dead whatever is played (straight and bent four, the square four, two by three), where
//! two or more points tie.

use crate::core::Color;
use crate::go::{Points, Position, Suicide, Vertex};

/// The largest eye space with a vital point (the rabbity six).
const MAX_EYE_SPACE: usize = 6;
/// The smallest: two points are one eye whoever plays.
const MIN_EYE_SPACE: usize = 3;

/// Connected points holding no stone of `owner`, all of whose other neighbours are
/// `owner`'s stones or off the board: the room `owner` has to make eyes in, counting the
/// opponent's stones played inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EyeSpace {
    points: [Vertex; MAX_EYE_SPACE],
    len: usize,
}

impl EyeSpace {
    /// The eye space of `owner` around `start` (no stone of `owner`), or `None` when the
    /// points connected to it through non-`owner` points are more than
    /// [`MAX_EYE_SPACE`].
    fn around(position: &Position, owner: Color, start: Vertex) -> Option<EyeSpace> {
        let mut space = EyeSpace {
            points: [start; MAX_EYE_SPACE],
            len: 1,
        };
        let mut next = 0;
        while next < space.len {
            let p = space.points[next];
            next += 1;
            for n in neighbours(position, p) {
                if position.stone(n) == Some(owner) || space.contains(n) {
                    continue;
                }
                if space.len == MAX_EYE_SPACE {
                    return None;
                }
                space.points[space.len] = n;
                space.len += 1;
            }
        }
        Some(space)
    }

    fn points(&self) -> &[Vertex] {
        &self.points[..self.len]
    }

    fn contains(&self, v: Vertex) -> bool {
        self.points().contains(&v)
    }

    /// How many of `v`'s neighbours are in the space.
    fn degree(&self, position: &Position, v: Vertex) -> usize {
        neighbours(position, v)
            .filter(|&n| self.contains(n))
            .count()
    }

    /// The vital point (see the [module](self)), whether empty or not.
    fn vital_point(&self, position: &Position) -> Option<Vertex> {
        let n = self.len;
        if n < MIN_EYE_SPACE {
            return None;
        }
        let mut best: Option<(Vertex, usize)> = None;
        let mut tied = false;
        for &p in self.points() {
            let d = self.degree(position, p);
            match best {
                Some((_, b)) if d < b => {}
                Some((_, b)) if d == b => tied = true,
                _ => {
                    best = Some((p, d));
                    tied = false;
                }
            }
        }
        best.filter(|&(_, d)| !tied && d + 2 >= n).map(|(p, _)| p)
    }
}

/// The on-board neighbours of `v`.
fn neighbours(position: &Position, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
    let size = position.size();
    size.geometry().neighbours[v.index()]
        .iter()
        .filter_map(move |&n| size.vertex_at(usize::from(n)))
}

/// The empty vital points of every small eye space on the board, of either owner: the
/// points both sides want, the owner to live, the other to kill. One walk over the board
/// per owner, so that the priors of all moves of a new node cost one.
pub(super) fn vital_points(position: &Position) -> Points {
    let size = position.size();
    let mut vital = Points::EMPTY;
    let mut stack = Vec::new();
    for owner in [Color::Black, Color::White] {
        let mut seen = position.stones(owner);
        for start in (0..size.points()).filter_map(|i| size.vertex_at(i)) {
            if seen.contains(start.index()) {
                continue;
            }
            // Walk the whole region, keeping its first points: it is an eye space when
            // they are all of it.
            let mut space = EyeSpace {
                points: [start; MAX_EYE_SPACE],
                len: 0,
            };
            let mut count = 0;
            seen.insert(start.index());
            stack.push(start);
            while let Some(p) = stack.pop() {
                if count < MAX_EYE_SPACE {
                    space.points[count] = p;
                }
                count += 1;
                for n in neighbours(position, p) {
                    if !seen.contains(n.index()) {
                        seen.insert(n.index());
                        stack.push(n);
                    }
                }
            }
            if count <= MAX_EYE_SPACE {
                space.len = count;
                if let Some(v) = space.vital_point(position) {
                    if position.stone(v).is_none() {
                        vital.insert(v.index());
                    }
                }
            }
        }
    }
    vital
}

/// The empty vital point, legal for `color`, of a small eye space that `last` (the
/// opponent's last move) is in or borders, if there is one: the move may have just made
/// or changed the shape, and both sides want that point next. A stone is inside the eye
/// spaces of the other colour and borders those of its own (through its neighbours that
/// are not its own stones).
pub(super) fn nakade_reply(position: &Position, color: Color, last: Vertex) -> Option<Vertex> {
    let mover = position.stone(last)?;
    let inside = EyeSpace::around(position, !mover, last);
    let bordered = neighbours(position, last)
        .filter(|&n| position.stone(n) != Some(mover))
        .map(|n| EyeSpace::around(position, mover, n));
    std::iter::once(inside)
        .chain(bordered)
        .flatten()
        .filter_map(|space| space.vital_point(position))
        .find(|&v| {
            position.stone(v).is_none() && position.check(color, v, Suicide::Illegal).is_ok()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    fn at(pos: &Position, x: u8, y: u8) -> Vertex {
        pos.size().vertex(Point::new(x, y)).unwrap()
    }

    /// The vital point of `owner`'s eye space around `(x, y)`, as `(x, y)`.
    fn vital(rows: &str, owner: Color, x: u8, y: u8) -> Option<(u8, u8)> {
        let pos = parse_diagram(rows).unwrap();
        let space = EyeSpace::around(&pos, owner, at(&pos, x, y))?;
        space.vital_point(&pos).map(|v| {
            let p = pos.size().point(v);
            (p.x, p.y)
        })
    }

    #[test]
    fn the_killing_shapes_have_their_centre_as_vital_point() {
        // Straight three in the corner: the middle.
        let three = "...O.\n\
                     OOOO.\n\
                     .....\n\
                     .....\n\
                     .....";
        assert_eq!(vital(three, Color::White, 0, 0), Some((1, 0)));
        // Bent three: the corner of the bend.
        let bent = "..O..\n\
                    .OO..\n\
                    OO...\n\
                    .....\n\
                    .....";
        assert_eq!(vital(bent, Color::White, 0, 0), Some((0, 0)));
        // Pyramid four on the edge: the head, where the three others meet.
        let pyramid = "O...O..\n\
                       OO.OO..\n\
                       .OOO...\n\
                       .......\n\
                       .......\n\
                       .......\n\
                       .......";
        assert_eq!(vital(pyramid, Color::White, 2, 1), Some((2, 0)));
        // Bulky five: the inner corner of the square, next to the extra point.
        let bulky = "..O....\n\
                     ...O...\n\
                     OOO....\n\
                     .......\n\
                     .......\n\
                     .......\n\
                     .......";
        assert_eq!(vital(bulky, Color::White, 0, 0), Some((1, 1)));
        // Crossed five: the centre.
        let cross = ".OOO...\n\
                     OO.OO..\n\
                     O...O..\n\
                     OO.OO..\n\
                     .OOO...\n\
                     .......\n\
                     .......";
        assert_eq!(vital(cross, Color::White, 2, 2), Some((2, 2)));
        // Rabbity six: the centre of the cross with a filled corner.
        let rabbity = ".OOO...\n\
                       OO.OO..\n\
                       O...O..\n\
                       OO..O..\n\
                       .OOOO..\n\
                       .......\n\
                       .......";
        assert_eq!(vital(rabbity, Color::White, 2, 2), Some((2, 2)));
    }

    #[test]
    fn living_and_already_dead_shapes_have_no_vital_point() {
        // Straight four in the corner: alive whoever plays first.
        let straight = "....O\n\
                        OOOOO\n\
                        .....\n\
                        .....\n\
                        .....";
        assert_eq!(vital(straight, Color::White, 0, 0), None);
        // Bent four.
        let bent = "...O.\n\
                    OO.O.\n\
                    ..O..\n\
                    .....\n\
                    .....";
        assert_eq!(vital(bent, Color::White, 0, 0), None);
        // The square four is dead whatever is played.
        let square = "..O..\n\
                      ..O..\n\
                      OO...\n\
                      .....\n\
                      .....";
        assert_eq!(vital(square, Color::White, 0, 0), None);
        // Two by three lives.
        let rectangle = "...O.\n\
                         ...O.\n\
                         OOOO.\n\
                         .....\n\
                         .....";
        assert_eq!(vital(rectangle, Color::White, 0, 0), None);
        // Two points and seven points: no nakade.
        let two = "..O..\n\
                   OO...\n\
                   .....\n\
                   .....\n\
                   .....";
        assert_eq!(vital(two, Color::White, 0, 0), None);
        let open = "....O\n\
                    ....O\n\
                    OOOOO\n\
                    .....\n\
                    .....";
        assert_eq!(vital(open, Color::White, 0, 0), None);
    }

    #[test]
    fn the_opponents_stones_inside_count_as_eye_space() {
        // A bent three where Black has thrown in at the end: the vital point is still
        // the corner, and either side's move next to it asks for it.
        let pos = parse_diagram(
            ".XO..\n\
             .OO..\n\
             OO...\n\
             .....\n\
             .....",
        )
        .unwrap();
        assert_eq!(
            nakade_reply(&pos, Color::Black, at(&pos, 1, 0)),
            Some(at(&pos, 0, 0))
        );
        let vital = vital_points(&pos);
        assert_eq!(vital.len(), 1);
        assert!(vital.contains(at(&pos, 0, 0).index()));
        // White's last stone (2,1) made the bent three: the reply is its vital point.
        let pos = parse_diagram(
            "..O..\n\
             .OO..\n\
             OO...\n\
             .....\n\
             .....",
        )
        .unwrap();
        assert_eq!(
            nakade_reply(&pos, Color::Black, at(&pos, 1, 1)),
            Some(at(&pos, 0, 0))
        );
        // Far from any closed space: nothing.
        let open = parse_diagram(
            ".....\n\
             .....\n\
             ..O..\n\
             .....\n\
             .....",
        )
        .unwrap();
        assert_eq!(nakade_reply(&open, Color::Black, at(&open, 2, 2)), None);
    }
}
