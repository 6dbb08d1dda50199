//! The 26 standard renju openings (RIF 1996): three stones with move 1 on the centre,
//! move 2 next to it (directly above for the 13 "direct" openings, diagonally up-right for
//! the 13 "indirect" ones) and move 3 in one of 13 fixed places.

use crate::core::Point;

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
            assert!(s.iter().all(|p| (5..=9).contains(&p.x) && (5..=9).contains(&p.y)));
            assert!(seen.insert(s), "{} repeats an opening", o.name);
        }
        assert_eq!(seen.len(), 26);
    }
}
