//! Moves a search may not explore: the `avoid` and `allow` keys of the analysis commands
//! (Leela Zero's and KataGo's), which Lizzie sends to keep the analysis off some points.
//!
//! ```
//! use tengen::core::Color;
//! use tengen::go::search::MoveFilter;
//! use tengen::go::BoardSize;
//! let size = BoardSize::new(19).unwrap();
//! let d4 = size.parse_vertex("D4").unwrap();
//! let mut filter = MoveFilter::default();
//! filter.avoid(Color::Black, [d4], 1);
//! assert!(filter.forbids(Color::Black, d4, 1));
//! assert!(!filter.forbids(Color::Black, d4, 2)); // only the first move is kept off D4
//! assert!(!filter.forbids(Color::White, d4, 1));
//! ```

use crate::core::Color;
use crate::go::Points;
use crate::go::Vertex;

/// A set of rules, each keeping one side off some moves (or onto them) for the first
/// plies of every line the search reads. Depth 1 is the root's moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveFilter {
    rules: Vec<Rule>,
}

#[derive(Clone, Debug, PartialEq)]
struct Rule {
    color: Color,
    /// The points named; a pass is named by `pass`.
    points: Points,
    pass: bool,
    /// The deepest ply the rule holds at.
    until_depth: u32,
    /// The named moves are the only ones allowed (`allow`), rather than the ones
    /// forbidden (`avoid`).
    allow: bool,
}

impl MoveFilter {
    /// Keeps `color` off `moves` (`None` a pass) down to ply `until_depth`.
    pub fn avoid(
        &mut self,
        color: Color,
        moves: impl IntoIterator<Item = Option<Vertex>>,
        until_depth: u32,
    ) {
        self.add(color, moves, until_depth, false);
    }

    /// Lets `color` play only `moves` (`None` a pass) down to ply `until_depth`.
    pub fn allow(
        &mut self,
        color: Color,
        moves: impl IntoIterator<Item = Option<Vertex>>,
        until_depth: u32,
    ) {
        self.add(color, moves, until_depth, true);
    }

    fn add(
        &mut self,
        color: Color,
        moves: impl IntoIterator<Item = Option<Vertex>>,
        until_depth: u32,
        allow: bool,
    ) {
        let mut rule = Rule {
            color,
            points: Points::EMPTY,
            pass: false,
            until_depth,
            allow,
        };
        for mv in moves {
            match mv {
                Some(v) => rule.points.insert(v.index()),
                None => rule.pass = true,
            }
        }
        self.rules.push(rule);
    }

    /// Does the filter hold anything?
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Has it an `allow` rule?
    pub fn allows_only(&self) -> bool {
        self.rules.iter().any(|r| r.allow)
    }

    /// The deepest ply any rule holds at (0 for none).
    pub fn depth(&self) -> u32 {
        self.rules.iter().map(|r| r.until_depth).max().unwrap_or(0)
    }

    /// May `color` not play `mv` at ply `depth` (1 for the root's moves)?
    pub fn forbids(&self, color: Color, mv: Option<Vertex>, depth: u32) -> bool {
        self.rules.iter().any(|r| {
            let named = match mv {
                Some(v) => r.points.contains(v.index()),
                None => r.pass,
            };
            r.color == color && depth <= r.until_depth && named != r.allow
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::BoardSize;

    #[test]
    fn allow_forbids_every_move_it_does_not_name_passes_included() {
        let size = BoardSize::new(9).unwrap();
        let v = |name: &str| size.parse_vertex(name).unwrap();
        let mut filter = MoveFilter::default();
        assert!(filter.is_empty());
        filter.allow(Color::White, [v("E5"), v("C3")], 3);
        assert!(filter.allows_only());
        assert_eq!(filter.depth(), 3);
        assert!(!filter.forbids(Color::White, v("E5"), 1));
        assert!(!filter.forbids(Color::White, v("C3"), 3));
        assert!(filter.forbids(Color::White, v("D4"), 3));
        assert!(filter.forbids(Color::White, None, 1));
        assert!(!filter.forbids(Color::White, v("D4"), 4));
        assert!(!filter.forbids(Color::Black, v("D4"), 1));
        let mut avoid = MoveFilter::default();
        avoid.avoid(Color::Black, [None], 2);
        avoid.avoid(Color::Black, [v("A1")], 1);
        assert!(!avoid.allows_only());
        assert!(avoid.forbids(Color::Black, None, 2));
        assert!(avoid.forbids(Color::Black, v("A1"), 1));
        assert!(!avoid.forbids(Color::Black, v("A1"), 2));
        assert!(!avoid.forbids(Color::Black, v("B1"), 1));
    }
}
