//! The analysis extensions of Leela Zero (`lz-analyze`) and KataGo (`kata-analyze`, and
//! `analyze` for Sabaki): their arguments and their `info` lines.

use super::frame::Failure;
use super::parse_color;
use crate::core::Color;
use crate::go::search::{Analysis, MoveFilter};
use crate::go::BoardSize;
use std::fmt::Write;
use std::time::Duration;

/// How `info` lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero: shares as integers of 10000ths.
    LeelaZero,
    /// KataGo (and Sabaki's `analyze`): shares as decimals, always with a decimal point,
    /// and the score lead.
    KataGo,
}

/// What an analysis command asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The side to analyse; `None` for the side to move.
    pub color: Option<Color>,
    /// Time between two `info` lines; `None` for lines only when the search ends.
    pub interval: Option<Duration>,
    /// List at most this many moves.
    pub max_moves: Option<usize>,
    /// Append the ownership of every point (KataGo format only).
    pub ownership: bool,
    /// Append the root's statistics (KataGo format only).
    pub root_info: bool,
    /// The line format.
    pub format: Format,
    /// The moves kept out of the search (`avoid` and `allow`).
    pub filter: MoveFilter,
}

/// The interval when the command names none: one second.
const DEFAULT_INTERVAL_CS: u64 = 100;

fn interval(centis: u64) -> Option<Duration> {
    (centis > 0).then(|| Duration::from_millis(centis.saturating_mul(10)))
}

fn flag(value: &str) -> Result<bool, Failure> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Failure::syntax()),
    }
}

impl Request {
    /// Reads `[COLOR] [INTERVAL] [KEY VALUE]…` on a board of `size`, where `avoid` and
    /// `allow` take three values: `COLOR VERTEX,VERTEX,… UNTIL_DEPTH`.
    pub fn parse(args: &[String], format: Format, size: BoardSize) -> Result<Request, Failure> {
        let mut request = Request {
            color: None,
            interval: interval(DEFAULT_INTERVAL_CS),
            max_moves: None,
            ownership: false,
            root_info: false,
            format,
            filter: MoveFilter::default(),
        };
        let mut rest = args;
        if let Some(color) = rest.first().and_then(|a| parse_color(a).ok()) {
            request.color = Some(color);
            rest = &rest[1..];
        }
        if let Some(centis) = rest.first().and_then(|a| a.parse::<u64>().ok()) {
            request.interval = interval(centis);
            rest = &rest[1..];
        }
        let number = |v: &str| v.parse::<u64>().map_err(|_| Failure::syntax());
        let mut tokens = rest.iter().map(String::as_str);
        while let Some(key) = tokens.next() {
            let mut value = || tokens.next().ok_or_else(Failure::syntax);
            match key {
                "interval" => request.interval = interval(number(value()?)?),
                "maxmoves" => request.max_moves = Some(number(value()?)? as usize),
                "minmoves" => {
                    number(value()?)?;
                }
                "ownership" if format == Format::KataGo => request.ownership = flag(value()?)?,
                "rootInfo" if format == Format::KataGo => request.root_info = flag(value()?)?,
                "avoid" | "allow" => {
                    let color = parse_color(value()?).map_err(|_| Failure::syntax())?;
                    let moves = value()?
                        .split(',')
                        .map(|v| size.parse_vertex(v))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|_| Failure::syntax())?;
                    let depth = u32::try_from(number(value()?)?).unwrap_or(u32::MAX);
                    // One `allow`, and then no `avoid` (as KataGo has it).
                    let filter = &mut request.filter;
                    if filter.allows_only() || key == "allow" && !filter.is_empty() {
                        return Err(Failure::syntax());
                    }
                    if key == "allow" {
                        filter.allow(color, moves, depth);
                    } else {
                        filter.avoid(color, moves, depth);
                    }
                }
                _ => return Err(Failure::syntax()),
            }
        }
        Ok(request)
    }

    /// The `info` line of `analysis` on a board of `size`; `None` before any move has a
    /// playout (an empty line would end the reply).
    pub fn info_line(&self, analysis: &Analysis, size: BoardSize) -> Option<String> {
        if analysis.moves.is_empty() {
            return None;
        }
        let mut line = String::new();
        let shown = self.max_moves.unwrap_or(usize::MAX);
        let lz = |share: f64| (share * 10000.0).round() as i64;
        for (order, m) in analysis.moves.iter().take(shown).enumerate() {
            let _ = write!(
                line,
                "{}info move {} visits {}",
                if order > 0 { " " } else { "" },
                size.vertex_name(m.mv),
                m.visits
            );
            let _ = match self.format {
                Format::LeelaZero => write!(
                    line,
                    " winrate {} prior {} lcb {}",
                    lz(m.winrate).clamp(0, 10000),
                    lz(m.prior).clamp(0, 10000),
                    lz(m.lcb)
                ),
                Format::KataGo => write!(
                    line,
                    " winrate {:.6} scoreMean {:.6} scoreLead {:.6} prior {:.6} lcb {:.6}",
                    m.winrate, m.score_lead, m.score_lead, m.prior, m.lcb
                ),
            };
            let _ = write!(line, " order {order} pv");
            for &v in &m.pv {
                let _ = write!(line, " {}", size.vertex_name(v));
            }
        }
        if self.format == Format::KataGo && self.root_info {
            let visited: u64 = analysis.moves.iter().map(|m| m.visits).sum();
            let mean = |f: fn(&crate::go::search::MoveInfo) -> f64| {
                let total: f64 = analysis.moves.iter().map(|m| f(m) * m.visits as f64).sum();
                total / visited.max(1) as f64
            };
            let _ = write!(
                line,
                " rootInfo visits {} winrate {:.6} scoreLead {:.6}",
                analysis.visits,
                mean(|m| m.winrate),
                mean(|m| m.score_lead)
            );
        }
        if self.format == Format::KataGo && self.ownership {
            // Ours is +1 for Black; KataGo's is for the side analysed.
            let sign = if analysis.to_move == Color::Black {
                1.0
            } else {
                -1.0
            };
            line.push_str(" ownership");
            for &o in analysis.ownership.iter().take(size.points()) {
                // Adding 0 turns -0 into 0.
                let _ = write!(line, " {:.4}", sign * o + 0.0);
            }
        }
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::search::MoveInfo;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn parse(args: &[String], format: Format) -> Result<Request, Failure> {
        Request::parse(args, format, BoardSize::new(19).unwrap())
    }

    fn analysis(size: BoardSize) -> Analysis {
        let v = |name: &str| size.parse_vertex(name).unwrap();
        Analysis {
            to_move: Color::White,
            visits: 30,
            moves: vec![
                MoveInfo {
                    mv: v("B2"),
                    visits: 20,
                    winrate: 0.54321,
                    prior: 0.25,
                    lcb: -0.01,
                    score_lead: 2.0,
                    pv: vec![v("B2"), v("pass")],
                },
                MoveInfo {
                    mv: v("pass"),
                    visits: 10,
                    winrate: 0.25,
                    prior: 0.0,
                    lcb: 0.1,
                    score_lead: -1.5,
                    pv: vec![v("pass")],
                },
            ],
            ownership: (0..size.points())
                .map(|i| if i == 0 { 1.0 } else { 0.0 })
                .collect(),
        }
    }

    #[test]
    fn arguments_color_interval_and_keys() {
        let r = parse(&args("W 25"), Format::LeelaZero).unwrap();
        assert_eq!(r.color, Some(Color::White));
        assert_eq!(r.interval, Some(Duration::from_millis(250)));
        let r = parse(
            &args("interval 0 maxmoves 3 ownership true"),
            Format::KataGo,
        );
        let r = r.unwrap();
        assert_eq!(
            (r.color, r.interval, r.max_moves, r.ownership),
            (None, None, Some(3), true)
        );
        assert_eq!(
            parse(&[], Format::KataGo).unwrap().interval,
            Some(Duration::from_secs(1))
        );
        for bad in [
            "b 10 interval",
            "avoid b D4",
            "avoid b Z9 1",
            "avoid b D4,,D5 1",
            "avoid x D4 1",
            "avoid b D4 -1",
            "allow b D4 1 avoid w D5 1",
            "avoid w D5 1 allow b D4 1",
            "allow b D4 1 allow w D5 1",
            "ownership maybe",
            "maxmoves -1",
            "b x",
        ] {
            assert!(parse(&args(bad), Format::KataGo).is_err(), "{bad}");
        }
        assert!(parse(&args("ownership true"), Format::LeelaZero).is_err());
        let huge = parse(&args("b 18446744073709551615"), Format::LeelaZero);
        assert!(huge.unwrap().interval.is_some());
    }

    #[test]
    fn avoid_and_allow_name_a_side_its_moves_and_a_depth() {
        let size = BoardSize::new(19).unwrap();
        let v = |name: &str| size.parse_vertex(name).unwrap();
        let r = parse(
            &args("b 50 avoid b q16,D4,pass 1 avoid white q4 3 maxmoves 5"),
            Format::LeelaZero,
        )
        .unwrap();
        assert_eq!(r.max_moves, Some(5));
        for mv in [v("Q16"), v("D4"), None] {
            assert!(r.filter.forbids(Color::Black, mv, 1));
            assert!(!r.filter.forbids(Color::Black, mv, 2));
        }
        assert!(r.filter.forbids(Color::White, v("Q4"), 3));
        assert!(!r.filter.forbids(Color::White, v("Q16"), 1));
        let r = parse(&args("allow w C3,pass 2"), Format::KataGo).unwrap();
        assert!(r.filter.forbids(Color::White, v("D4"), 2));
        assert!(!r.filter.forbids(Color::White, None, 2));
    }

    #[test]
    fn no_line_before_a_move_has_playouts() {
        let size = BoardSize::new(9).unwrap();
        let empty = Analysis {
            moves: Vec::new(),
            ..analysis(size)
        };
        let r = parse(&[], Format::KataGo).unwrap();
        assert_eq!(r.info_line(&empty, size), None);
    }

    #[test]
    fn leela_zero_lines_use_ten_thousandths() {
        let size = BoardSize::new(9).unwrap();
        let r = parse(&[], Format::LeelaZero).unwrap();
        assert_eq!(
            r.info_line(&analysis(size), size).unwrap(),
            "info move B2 visits 20 winrate 5432 prior 2500 lcb -100 order 0 pv B2 pass \
             info move pass visits 10 winrate 2500 prior 0 lcb 1000 order 1 pv pass"
        );
    }

    #[test]
    fn katago_lines_use_decimals_score_root_info_and_ownership() {
        let size = BoardSize::new(3).unwrap();
        let r = parse(
            &args("maxmoves 1 rootInfo true ownership true"),
            Format::KataGo,
        );
        let line = r.unwrap().info_line(&analysis(size), size).unwrap();
        assert_eq!(
            line,
            "info move B2 visits 20 winrate 0.543210 scoreMean 2.000000 scoreLead 2.000000 \
             prior 0.250000 lcb -0.010000 order 0 pv B2 pass \
             rootInfo visits 30 winrate 0.445473 scoreLead 0.833333 \
             ownership -1.0000 0.0000 0.0000 0.0000 0.0000 0.0000 0.0000 0.0000 0.0000"
        );
    }
}
