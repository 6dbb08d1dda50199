//! Game clocks and the time a move may take: absolute time, Japanese byo-yomi and Canadian
//! overtime, kept from the times a controller reports and from the time our moves took.
//!
//! ```
//! use tengen::go::search::time::{Clock, TimeControl};
//! use std::time::Duration;
//! let mut clock = Clock::new(TimeControl::ByoYomi {
//!     main: Duration::from_secs(60),
//!     period: Duration::from_secs(10),
//!     periods: 3,
//! });
//! let budget = clock.budget(361, 0).unwrap();
//! assert!(budget < Duration::from_secs(60));
//! clock.report(Duration::from_secs(7), 2); // in byo-yomi, 7 s of a period, 2 periods left
//! assert!(clock.budget(361, 200).unwrap() < Duration::from_secs(7));
//! ```

use std::time::Duration;

/// A time system, as `time_settings` and `kgs-time_settings` set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No limit.
    Unlimited,
    /// The whole game in `main`.
    Absolute {
        /// Time for the whole game.
        main: Duration,
    },
    /// Japanese byo-yomi: after `main`, every move within `period`, or a period is lost.
    ByoYomi {
        /// Main time.
        main: Duration,
        /// Length of one period.
        period: Duration,
        /// Number of periods.
        periods: u32,
    },
    /// Canadian overtime: after `main`, `stones` moves in every `period`.
    Canadian {
        /// Main time.
        main: Duration,
        /// Length of one overtime period.
        period: Duration,
        /// Moves to make in each period.
        stones: u32,
    },
}

/// Where a clock stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// In main time, this much left.
    Main(Duration),
    /// In overtime: `time` left for the current period, `count` the periods left
    /// (byo-yomi) or the moves still to make in this period (Canadian).
    Overtime { time: Duration, count: u32 },
}

/// One side's clock under a [`TimeControl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    phase: Phase,
}

/// Kept back from every byo-yomi period and Canadian period: transmission, the
/// controller's own delays, the move being written; but never more than a quarter of a
/// short period, which a local match runner gives with little lag (a 1 s period keeps
/// 0.35 s back, not 0.6 s).
const FIXED_MARGIN: Duration = Duration::from_millis(500);
/// And this share of the period on top.
const MARGIN_PERCENT: u32 = 10;
/// Kept back from main time that no overtime follows: at least this, and a twentieth of
/// the main time, for the delays of many moves.
const ABSOLUTE_RESERVE: Duration = Duration::from_millis(1000);

/// `time` less the safety margin of a period: 0.5 s (at most a quarter of `time`) plus 10%.
fn safe(time: Duration) -> Duration {
    time.saturating_sub(FIXED_MARGIN.min(time / 4) + time / 100 * MARGIN_PERCENT)
}

impl Clock {
    /// A clock at the start of the game.
    pub fn new(control: TimeControl) -> Clock {
        let phase = match control {
            TimeControl::Unlimited => Phase::Main(Duration::MAX),
            TimeControl::Absolute { main } => Phase::Main(main),
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => Clock::main_or_overtime(main, period, periods),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => Clock::main_or_overtime(main, period, stones),
        };
        Clock { control, phase }
    }

    fn main_or_overtime(main: Duration, period: Duration, count: u32) -> Phase {
        if main.is_zero() {
            Phase::Overtime {
                time: period,
                count,
            }
        } else {
            Phase::Main(main)
        }
    }

    /// The time system.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The controller's report (GTP `time_left`): `count` 0 means main time with `left` of
    /// it; otherwise overtime with `left` on the current period and `count` periods left
    /// (byo-yomi, the KGS convention) or moves to make in it (Canadian).
    pub fn report(&mut self, left: Duration, count: u32) {
        self.phase = match (self.control, count) {
            (TimeControl::Unlimited, _) => Phase::Main(Duration::MAX),
            (TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. }, 1..) => {
                Phase::Overtime { time: left, count }
            }
            _ => Phase::Main(left),
        };
    }

    /// Charges a move that took `spent`, for controllers that send no `time_left`.
    pub fn spend(&mut self, spent: Duration) {
        self.phase = match (self.control, self.phase) {
            (TimeControl::Unlimited, _) => Phase::Main(Duration::MAX),
            (_, Phase::Main(left)) if spent < left => Phase::Main(left - spent),
            (TimeControl::Absolute { .. }, Phase::Main(_)) => Phase::Main(Duration::ZERO),
            (
                TimeControl::ByoYomi {
                    period, periods, ..
                },
                Phase::Main(left),
            ) => Clock::byo_yomi_after(period, periods, spent - left),
            (TimeControl::Canadian { period, stones, .. }, Phase::Main(left)) => {
                Clock::canadian_after(
                    period,
                    stones,
                    Phase::Overtime {
                        time: period,
                        count: stones,
                    },
                    spent - left,
                )
            }
            (TimeControl::ByoYomi { period, .. }, Phase::Overtime { count, .. }) => {
                Clock::byo_yomi_after(period, count, spent)
            }
            (TimeControl::Canadian { period, stones, .. }, phase) => {
                Clock::canadian_after(period, stones, phase, spent)
            }
            (TimeControl::Absolute { .. }, phase) => phase,
        };
    }

    /// A byo-yomi move of `spent` with `count` periods left: each period it overran is lost.
    fn byo_yomi_after(period: Duration, count: u32, spent: Duration) -> Phase {
        let lost = if period.is_zero() {
            count
        } else {
            (spent.as_nanos() / period.as_nanos()).min(u128::from(count)) as u32
        };
        Phase::Overtime {
            time: period,
            count: count - lost,
        }
    }

    /// A Canadian move of `spent` in `phase`: the period runs down; once its stones are
    /// made a new one starts.
    fn canadian_after(period: Duration, stones: u32, phase: Phase, spent: Duration) -> Phase {
        let Phase::Overtime { time, count } = phase else {
            return phase;
        };
        match count {
            0 | 1 => Phase::Overtime {
                time: period,
                count: stones,
            },
            _ => Phase::Overtime {
                time: time.saturating_sub(spent),
                count: count - 1,
            },
        }
    }

    /// The main time never spent when no overtime follows.
    fn reserve(&self) -> Duration {
        match self.control {
            TimeControl::Absolute { main }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Canadian { main, .. } => ABSOLUTE_RESERVE.max(main / 20),
            TimeControl::Unlimited => Duration::ZERO,
        }
    }

    /// The longest our next move may take; `None` without a limit. `points` is the
    /// number of points of the board and `moves_played` the moves of the game so far
    /// (both sides): main time is spread over the moves we are still expected to make.
    pub fn budget(&self, points: usize, moves_played: usize) -> Option<Duration> {
        let overtime = match self.control {
            TimeControl::Unlimited => return None,
            TimeControl::Absolute { .. } => Duration::ZERO,
            TimeControl::ByoYomi {
                period, periods, ..
            } => match self.phase {
                Phase::Overtime { time, .. } => return Some(safe(time)),
                Phase::Main(_) if periods > 0 => safe(period),
                Phase::Main(_) => Duration::ZERO,
            },
            TimeControl::Canadian { period, stones, .. } => match self.phase {
                Phase::Overtime { time, count } => return Some(safe(time) / count.max(1)),
                Phase::Main(_) if stones > 0 => safe(period) / stones,
                Phase::Main(_) => Duration::ZERO,
            },
        };
        let Phase::Main(left) = self.phase else {
            return Some(overtime);
        };
        let usable = if overtime.is_zero() {
            left.saturating_sub(self.reserve())
        } else {
            left
        };
        let share = usable / our_moves_left(points, moves_played);
        // Main time running out only moves the game into overtime: never less than an
        // overtime move, never more than what is left plus one.
        Some(share.max(overtime).min(usable.saturating_add(overtime)))
    }
}

/// The moves we are still expected to make: a game lasts about two thirds of the board's
/// points in moves, both sides together; never fewer than a tenth of the points (or 5),
/// as a game may go on far longer than expected.
fn our_moves_left(points: usize, moves_played: usize) -> u32 {
    let expected = points * 2 / 3;
    let ours = expected.saturating_sub(moves_played) / 2;
    ours.max(points / 10).max(5) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: fn(u64) -> Duration = Duration::from_secs;
    const MS: fn(u64) -> Duration = Duration::from_millis;

    /// Plays a game of `moves` moves of ours where each move takes its whole budget plus
    /// `lag`, charging the clock itself; the clock must never run out.
    fn play_out(control: TimeControl, points: usize, moves: usize, lag: Duration) -> Clock {
        let mut clock = Clock::new(control);
        for n in 0..moves {
            let budget = clock.budget(points, 2 * n).unwrap();
            let before = clock.phase;
            clock.spend(budget + lag);
            if let (
                Phase::Overtime { count: a, .. },
                Phase::Overtime { count: b, .. },
                TimeControl::ByoYomi { .. },
            ) = (before, clock.phase, control)
            {
                assert_eq!(
                    a, b,
                    "move {n} lost a period: {before:?} -> {:?}",
                    clock.phase
                );
            }
        }
        clock
    }

    #[test]
    fn absolute_time_is_spread_and_never_exhausted() {
        let control = TimeControl::Absolute { main: S(300) };
        let clock = Clock::new(control);
        let first = clock.budget(361, 0).unwrap();
        // About 120 moves of ours expected on 19x19: a few seconds, not a big share.
        assert!(first > S(1) && first < S(5), "{first:?}");
        // Small boards get more per move.
        assert!(clock.budget(81, 0).unwrap() > first);
        // Up to 400 moves of ours (a very long game), each 20 ms late.
        for moves in [50, 200, 400] {
            let end = play_out(control, 361, moves, MS(20));
            let Phase::Main(left) = end.phase else {
                panic!("{end:?}")
            };
            assert!(left > Duration::ZERO, "{moves} moves: {left:?}");
        }
    }

    #[test]
    fn byo_yomi_keeps_a_margin_in_every_period() {
        let control = TimeControl::ByoYomi {
            main: S(10),
            period: S(30),
            periods: 3,
        };
        let mut clock = Clock::new(control);
        // With little main time the budget is an overtime move's.
        let first = clock.budget(361, 0).unwrap();
        assert_eq!(first, S(30) - MS(500) - S(3));
        clock.report(S(12), 2);
        assert_eq!(clock.budget(361, 100), Some(S(12) - MS(500) - MS(1200)));
        // A long game at the budget plus lag never loses a period.
        let end = play_out(control, 361, 400, MS(200));
        assert!(
            matches!(end.phase, Phase::Overtime { count: 3, .. }),
            "{end:?}"
        );
    }

    #[test]
    fn a_short_period_keeps_a_quarter_of_it_back_not_half_a_second() {
        let control = TimeControl::ByoYomi {
            main: S(0),
            period: S(1),
            periods: 1,
        };
        assert_eq!(Clock::new(control).budget(81, 0), Some(MS(650)));
        let end = play_out(control, 81, 100, MS(300));
        assert!(
            matches!(end.phase, Phase::Overtime { count: 1, .. }),
            "{end:?}"
        );
    }

    #[test]
    fn canadian_overtime_shares_the_period_among_its_stones() {
        let control = TimeControl::Canadian {
            main: S(0),
            period: S(100),
            stones: 10,
        };
        let mut clock = Clock::new(control);
        assert_eq!(clock.budget(81, 0), Some((S(100) - MS(500) - S(10)) / 10));
        clock.report(S(20), 2);
        assert_eq!(clock.budget(81, 40), Some((S(20) - MS(500) - S(2)) / 2));
        // Charged by itself, the period is spent across its stones, then renewed.
        let mut clock = Clock::new(control);
        for _ in 0..9 {
            let b = clock.budget(81, 0).unwrap();
            clock.spend(b);
        }
        let Phase::Overtime { time, count: 1 } = clock.phase else {
            panic!("{clock:?}")
        };
        assert!(time > S(10), "{time:?}");
        clock.spend(S(1));
        assert_eq!(
            clock.phase,
            Phase::Overtime {
                time: S(100),
                count: 10
            }
        );
    }

    #[test]
    fn main_time_reports_and_the_move_into_overtime() {
        let control = TimeControl::ByoYomi {
            main: S(600),
            period: S(5),
            periods: 1,
        };
        let mut clock = Clock::new(control);
        clock.report(S(300), 0);
        let mid = clock.budget(361, 100).unwrap();
        assert!(mid > S(4) && mid < S(60), "{mid:?}");
        // A move that eats the rest of the main time and some of the period: no period lost.
        clock.report(S(1), 0);
        clock.spend(S(3));
        assert_eq!(
            clock.phase,
            Phase::Overtime {
                time: S(5),
                count: 1
            }
        );
        // One that overruns the period loses it.
        clock.spend(S(6));
        assert_eq!(
            clock.phase,
            Phase::Overtime {
                time: S(5),
                count: 0
            }
        );
    }

    #[test]
    fn enormous_clocks_do_not_overflow() {
        let huge = Duration::from_secs(u64::MAX);
        for control in [
            TimeControl::Absolute { main: huge },
            TimeControl::ByoYomi {
                main: huge,
                period: huge,
                periods: u32::MAX,
            },
            TimeControl::Canadian {
                main: huge,
                period: huge,
                stones: 1,
            },
        ] {
            let mut clock = Clock::new(control);
            assert!(clock.budget(625, 0).is_some());
            clock.spend(huge);
            clock.report(huge, 1);
            assert!(clock.budget(4, 10_000).is_some());
        }
    }

    #[test]
    fn no_limit_has_no_budget() {
        let mut clock = Clock::new(TimeControl::Unlimited);
        clock.report(S(1), 0);
        clock.spend(S(5));
        assert_eq!(clock.budget(361, 0), None);
    }
}
