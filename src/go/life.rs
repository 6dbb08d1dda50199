//! Life and death: which stones are alive, dead or in seki, as far as it can be proved.
//!
//! 1. Benson's algorithm ([`pass_alive`]) proves the chains that live unconditionally.
//!    They, and any stones the caller vouches for ([`LifeOptions::alive`]), are *safe*.
//! 2. The rest of the board falls into *areas*: connected sets of points that are not
//!    safe, bordered only by safe stones and the edge. In an area of at most
//!    [`MAX_AREA_POINTS`] points, each chain is judged by exhaustive search of the
//!    confirmation play of Japanese art. 7, within a node budget. The confirmation rule
//!    of the [`Rules`] decides what convention settles:
//!    - [`Confirmation::KoNeedsPass`] (Japanese art. 7-2): a ko retaken in the same place
//!      needs a pass first, one pass per ko. So bent four in the corner is dead, a ko that
//!      needs a move to resolve (本劫) kills, one a move from resolution (一手ヨセ劫) does
//!      not, and the stones of a double-ko seki's kos are dead.
//!    - [`Confirmation::Local`] (Korean art. 12-3, settled locally, part by part): the
//!      same play, no ko threat being found inside one part; a shape that cycles for ever
//!      counts for the defender, so two such sides are in seki, as the Korean rule wants.
//!    - [`Confirmation::PlayOut`] (area scoring): no convention; a verdict stands only if
//!      it holds both when every ko retake of the attacker is free (as if it had every
//!      threat) and when every retake of the defender is; otherwise the stones are
//!      unknown (bent four in the corner is played out).
//! 3. Living stones that are not safe and share a dame with living stones of the other
//!    colour that are not safe either are in seki.
//!
//! Whatever is not proved is [`Status::Unknown`]: a large open area, or a search out of
//! budget. The engine then brings its own judgement, through [`LifeOptions::alive`].
//!
//! ```
//! use tengen::go::{parse_diagram, LifeAndDeath, Rules, Status};
//! use tengen::core::Point;
//! // Black's wall is pass-alive (two eye regions); the White stone in one of them is
//! // captured as soon as Black fills its last liberty.
//! let pos = parse_diagram(
//!     "O . X . .
//!      X X X X X
//!      . . . . .
//!      . . . . .
//!      . . . . .",
//! )
//! .unwrap();
//! let verdict = LifeAndDeath::analyse(&pos, &Rules::japanese());
//! let at = |x, y| pos.size().vertex(Point::new(x, y)).unwrap();
//! assert_eq!(verdict.status(at(0, 0)), Some(Status::Dead));
//! assert_eq!(verdict.status(at(2, 0)), Some(Status::Alive));
//! assert_eq!(verdict.status(at(1, 0)), None);
//! ```

mod area;
mod benson;
mod confirm;
mod eyes;

pub use benson::{pass_alive, PassAlive};
pub use eyes::{eye_spaces, is_false_eye, EyeSpace, EyeValue, MAX_EYE_SPACE};

use crate::core::Color;
use crate::go::{BoardSize, Confirmation, Points, Position, Rules, Vertex};
use area::{Area, Set, State};
use confirm::Solver;
use std::time::Instant;

/// The largest area the confirmation search takes on.
pub const MAX_AREA_POINTS: usize = 32;

/// What the caller brings to an analysis: its own judgement, and how much search to
/// spend.
///
/// ```
/// use tengen::go::{LifeOptions, Points};
/// let options = LifeOptions { alive: Points::EMPTY, ..LifeOptions::default() };
/// assert!(options.nodes_per_chain <= options.nodes_in_all);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifeOptions {
    /// Stones the caller vouches for: their chains are taken as safe (reported alive, and
    /// bounding the areas searched), such as walls around a corner fight whose life
    /// comes from the rest of the board.
    pub alive: Points,
    /// Search nodes allowed for judging one chain (the search visits a few hundred
    /// thousand a second); past it the chain is unknown.
    pub nodes_per_chain: usize,
    /// Search nodes allowed for the whole analysis; once spent, the chains left are judged
    /// by their eye shape only.
    pub nodes_in_all: usize,
    /// The analysis stops searching at this instant, and the chains left are judged by
    /// their eye shape only, as when the nodes run out. `None` (the default): the node
    /// budgets alone bound it, and its verdicts do not depend on the machine's speed.
    pub deadline: Option<Instant>,
}

impl Default for LifeOptions {
    /// Nothing assumed; half a million nodes a chain, three million in all (some seconds
    /// at worst; positions whose areas are all proved small take microseconds).
    fn default() -> Self {
        LifeOptions {
            alive: Points::EMPTY,
            nodes_per_chain: 500_000,
            nodes_in_all: 3_000_000,
            deadline: None,
        }
    }
}

/// What a stone is, as far as the analysis can prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The opponent cannot capture it, or when captured its owner gets new stones that
    /// cannot be captured (Japanese art. 7-1): in the fight around it, or on another
    /// chain of its colour that shares a captor with it and lives only through the moves
    /// the opponent spends on it (seed example 4).
    Alive,
    /// Not alive: the opponent can capture it and everything its owner puts back, without
    /// such new stones arising.
    Dead,
    /// Alive, not unconditionally, and sharing a dame with living stones of the other
    /// colour that are not unconditionally alive either: neither side can approach.
    Seki,
    /// Not proved either way.
    Unknown,
}

/// The statuses of every stone of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifeAndDeath {
    size: BoardSize,
    pass_alive: [PassAlive; 2],
    alive: Points,
    dead: Points,
    seki: Points,
    unknown: Points,
    by_shape: Points,
    nodes: u64,
}

/// The stones of the simplest seki, which no search is needed to see: a chain of each
/// colour with two liberties, one shared and one an eye of its own (a point whose every
/// neighbour is a stone of that chain), the shared one touching nothing but the two
/// chains. Neither side can play there: the shared point puts the mover's chain in atari,
/// to be taken at once, and the other's eye is suicide. Nothing else reaches them.
fn closed_seki(position: &Position) -> Points {
    let size = position.size();
    // The eye of `chain` among its two `liberties`, and the other liberty.
    let eye_and_shared = |chain: Points, liberties: Points| {
        let mut it = liberties.iter();
        let (a, b) = (it.next()?, it.next()?);
        let own = |p: usize| (size.neighbours_of(Points::from_iter([p])) - chain).is_empty();
        match (own(a), own(b)) {
            (true, false) => Some((a, b)),
            (false, true) => Some((b, a)),
            _ => None,
        }
    };
    let mut seki = Points::EMPTY;
    let mut seen = Points::EMPTY;
    for i in position.stones(Color::Black).iter() {
        if seen.contains(i) {
            continue;
        }
        let v = Vertex(i as u16);
        let chain = position.chain(v);
        seen |= chain;
        let liberties = position.liberties(v);
        let Some((_, shared)) = (liberties.len() == 2)
            .then(|| eye_and_shared(chain, liberties))
            .flatten()
        else {
            continue;
        };
        let around = size.neighbours_of(Points::from_iter([shared]));
        let Some(w) = (around & position.stones(Color::White)).first() else {
            continue;
        };
        let w = Vertex(w as u16);
        let (partner, partner_liberties) = (position.chain(w), position.liberties(w));
        let closes = (around - chain - partner).is_empty()
            && partner_liberties.len() == 2
            && eye_and_shared(partner, partner_liberties).is_some_and(|(_, s)| s == shared);
        if closes {
            seki |= chain | partner;
        }
    }
    seki
}

impl LifeAndDeath {
    /// Analyses `position` under the confirmation rule of `rules`, with the default
    /// [`LifeOptions`].
    pub fn analyse(position: &Position, rules: &Rules) -> LifeAndDeath {
        Self::analyse_with(position, rules, &LifeOptions::default())
    }

    /// Analyses `position` under the confirmation rule of `rules`, taking the chains
    /// through the stones of `options.alive` as safe.
    pub fn analyse_with(position: &Position, rules: &Rules, options: &LifeOptions) -> LifeAndDeath {
        let alive = options.alive;
        let size = position.size();
        let pass_alive = Color::BOTH.map(|c| benson::pass_alive(position, c));
        let stones = position.stones(Color::Black) | position.stones(Color::White);
        let assumed =
            Color::BOTH.map(|c| size.flood(alive & position.stones(c), position.stones(c)));
        let safe = pass_alive[0].stones | pass_alive[1].stones | assumed[0] | assumed[1];
        // Stones in a closed seki cannot be taken either: they bound the areas as safe
        // stones do.
        let closed = closed_seki(position) - safe;
        let mut result = LifeAndDeath {
            size,
            pass_alive,
            alive: safe,
            dead: Points::EMPTY,
            seki: closed,
            unknown: Points::EMPTY,
            by_shape: Points::EMPTY,
            nodes: 0,
        };
        for points in size.components(size.all_points() - safe - closed) {
            if (points & stones).is_empty() {
                continue;
            }
            if points.len() > MAX_AREA_POINTS {
                result.unknown |= points & stones;
                continue;
            }
            result.judge_area(position, rules, points, safe | closed, options);
        }
        result.find_seki(position, safe);
        result
    }

    /// Judges every chain of one area.
    fn judge_area(
        &mut self,
        position: &Position,
        rules: &Rules,
        points: Points,
        safe: Points,
        options: &LifeOptions,
    ) {
        let suicide = rules.legality.suicide;
        let (mut area, start) = Area::new(position, points, safe, suicide);
        let mut judge = |area: &Area| {
            let budget = Budget {
                per_chain: options.nodes_per_chain,
                left: options.nodes_in_all.saturating_sub(self.nodes as usize),
                deadline: options.deadline,
            };
            let (verdicts, nodes) = judge_chains(area, &start, budget);
            self.nodes += nodes;
            verdicts
        };
        let verdicts = match rules.confirmation {
            Confirmation::KoNeedsPass | Confirmation::Local => judge(&area),
            Confirmation::PlayOut => {
                // A verdict that holds whoever wins every ko is no convention.
                area.set_free_ko([true, false]);
                let black_free = judge(&area);
                area.set_free_ko([false, true]);
                let white_free = judge(&area);
                black_free
                    .into_iter()
                    .zip(white_free)
                    .map(|(b, w)| {
                        let (if_attacker_free, if_owner_free) = match b.owner {
                            Color::Black => (w.alive, b.alive),
                            Color::White => (b.alive, w.alive),
                        };
                        let alive = match (if_attacker_free, if_owner_free) {
                            (Some(true), _) => Some(true),
                            (_, Some(false)) => Some(false),
                            _ => None,
                        };
                        Verdict { alive, ..b }
                    })
                    .collect()
            }
        };
        for v in verdicts {
            let stones = area.board(v.chain);
            let alive = v.alive.or_else(|| {
                // Beyond the search: the textbook eye shapes, where they apply.
                let kos_settled = rules.confirmation != Confirmation::PlayOut;
                let shape = eyes::verdict_by_shape(position, points, stones, v.owner, kos_settled);
                if shape.is_some() {
                    self.by_shape |= stones;
                }
                shape
            });
            match alive {
                Some(true) => self.alive |= stones,
                Some(false) => self.dead |= stones,
                None => self.unknown |= stones,
            }
        }
    }

    /// Moves to seki the living chains, not safe, that touch a dame shared with living
    /// chains of the other colour that are not safe either.
    fn find_seki(&mut self, position: &Position, safe: Points) {
        let size = self.size;
        let standing = (position.stones(Color::Black) | position.stones(Color::White)) - self.dead;
        let contested = Color::BOTH.map(|c| (self.alive - safe) & position.stones(c));
        for region in size.components(size.all_points() - standing) {
            let rim = size.neighbours_of(region);
            let touches = Color::BOTH.map(|c| !(rim & contested[c.index()]).is_empty());
            if touches == [true, true] {
                for c in contested {
                    self.seki |= size.flood(rim & c, c);
                }
            }
        }
        self.alive = self.alive - self.seki;
    }

    /// The status of the stone on `v`, or `None` on an empty point.
    pub fn status(&self, v: Vertex) -> Option<Status> {
        let i = v.index();
        [
            (self.alive, Status::Alive),
            (self.dead, Status::Dead),
            (self.seki, Status::Seki),
            (self.unknown, Status::Unknown),
        ]
        .into_iter()
        .find(|(set, _)| set.contains(i))
        .map(|(_, status)| status)
    }

    /// The stones proved alive (not in seki).
    pub fn alive_stones(&self) -> Points {
        self.alive
    }

    /// The stones proved dead.
    pub fn dead_stones(&self) -> Points {
        self.dead
    }

    /// The stones in seki.
    pub fn seki_stones(&self) -> Points {
        self.seki
    }

    /// The stones not proved either way.
    pub fn unknown_stones(&self) -> Points {
        self.unknown
    }

    /// The eye spaces of `color` in `position` (the position analysed), dead stones aside.
    pub fn eye_spaces(&self, position: &Position, color: Color) -> Vec<EyeSpace> {
        eyes::eye_spaces(position, color, self.dead)
    }

    /// Is `v` a false one-point eye of `color` in `position` (the position analysed), dead
    /// opponent stones on the diagonals not counting?
    pub fn is_false_eye(&self, position: &Position, color: Color, v: Vertex) -> bool {
        eyes::is_false_eye(position, color, v, self.dead)
    }

    /// The stones judged by their eye shape (see [`eye_spaces`]) where the search ran
    /// out of budget.
    pub fn judged_by_shape(&self) -> Points {
        self.by_shape
    }

    /// Search nodes spent on the analysis.
    pub fn nodes_searched(&self) -> u64 {
        self.nodes
    }

    /// The unconditionally alive stones of `color` and the regions they enclose.
    pub fn pass_alive(&self, color: Color) -> &PassAlive {
        &self.pass_alive[color.index()]
    }

    /// The unconditionally alive stones of `color` (Benson).
    pub fn benson_alive(&self, color: Color) -> Points {
        self.pass_alive[color.index()].stones
    }
}

/// The verdict on one chain of an area: alive, dead, or `None` when unknown.
struct Verdict {
    chain: Set,
    owner: Color,
    alive: Option<bool>,
}

/// Search nodes an area may spend.
struct Budget {
    per_chain: usize,
    left: usize,
    deadline: Option<Instant>,
}

/// Judges each chain of `area` in `start` with the owner's opponent to move, each within
/// its own node budget while the whole budget lasts (the tables carry over from chain to
/// chain); also returns the nodes spent.
fn judge_chains(area: &Area, start: &State, mut budget: Budget) -> (Vec<Verdict>, u64) {
    let mut solver = Solver::new(area);
    solver.set_deadline(budget.deadline);
    let mut verdicts = Vec::new();
    let mut nodes = 0;
    for owner in Color::BOTH {
        let own = start.stones[owner.index()];
        let mut todo = own;
        while todo != 0 {
            let k = todo.trailing_zeros() as usize;
            let chain = area.chain(own, k);
            todo &= !chain;
            let state = State {
                to_move: !owner,
                ..*start
            };
            let allowed = budget.per_chain.min(budget.left);
            solver.refill(allowed);
            let alive = solver.is_alive(&state, k);
            let spent = allowed - solver.nodes_left();
            budget.left -= spent;
            nodes += spent as u64;
            verdicts.push(Verdict {
                chain,
                owner,
                alive,
            });
        }
    }
    (verdicts, nodes)
}
