//! SGF reading and writing: hand-written files of both games, round trips of random
//! records, random records written by an independent noisy writer (other white space,
//! lowercase letters in identifiers, rectangles, erasures, escapes, soft line breaks,
//! variations) read back, every error kind, and a no-panic fuzz run.

use tengen::core::{BadSize, Color, Point, SplitMix64};
use tengen::go::{BoardSize, Ko, Legality, PlayError, Suicide};
use tengen::protocol::sgf::{
    parse, GameInfo, GoRecord, GoReplayError, Record, RenjuMoveError, RenjuRecord,
    RenjuReplayError, Setup, SgfErrorKind,
};
use tengen::renju::{Foul, Rule};

const JAPANESE: Legality = Legality {
    suicide: Suicide::Illegal,
    ko: Ko::Simple,
};

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// The stones of a square diagram, rows from the top: `X` Black, `O` White.
fn diagram_stones(rows: &[&str], color: char) -> Vec<Point> {
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == color {
                stones.push(pt(x as u8, y as u8));
            }
        }
    }
    stones.sort();
    stones
}

#[test]
fn a_nine_by_nine_handicap_game() {
    let text = "(;GM[1]FF[4]CA[UTF-8]AP[by hand]SZ[9]HA[2]KM[0.5]RU[Japanese]
        PB[Black Player]PW[White Player]DT[2024-05-01]RE[W+R]
        AB[cg][gc]PL[W]
        ;W[ba];B[ca];W[ee];B[bb];W[ff]
        ;B[aa]C[takes the stone on b9]
        ;W[tt];B[])";
    let r = GoRecord::from_sgf(text).unwrap();
    assert_eq!(r.size, BoardSize::new(9).unwrap());
    assert_eq!((r.komi, r.handicap), (Some(0.5), Some(2)));
    assert_eq!(r.to_move, Some(Color::White));
    assert_eq!(r.setup.black, [pt(2, 6), pt(6, 2)]);
    assert!(r.setup.white.is_empty());
    let info = GameInfo {
        rules: Some("Japanese".into()),
        result: Some("W+R".into()),
        black_player: Some("Black Player".into()),
        white_player: Some("White Player".into()),
        date: Some("2024-05-01".into()),
    };
    assert_eq!(r.info, info);
    let (b, w) = (Color::Black, Color::White);
    let expected_moves = [
        (w, Some(pt(1, 0))),
        (b, Some(pt(2, 0))),
        (w, Some(pt(4, 4))),
        (b, Some(pt(1, 1))),
        (w, Some(pt(5, 5))),
        (b, Some(pt(0, 0))),
        (w, None),
        (b, None),
    ];
    assert_eq!(r.moves, expected_moves);

    let board = r.replay(JAPANESE).unwrap();
    let pos = board.position();
    let fin = [
        "X.X......",
        ".X.......",
        "......X..",
        ".........",
        "....O....",
        ".....O...",
        "..X......",
        ".........",
        ".........",
    ];
    let on_board = |color| {
        let mut v: Vec<Point> = pos
            .stones(color)
            .iter()
            .map(|i| pos.size().point(pos.size().vertex_at(i).unwrap()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(on_board(b), diagram_stones(&fin, 'X'));
    assert_eq!(on_board(w), diagram_stones(&fin, 'O'));
    assert_eq!((pos.captures(b), pos.captures(w)), (1, 0));
    assert_eq!(board.move_count(), 8);

    // Retaking on b9 is suicide for White: refused, and named.
    let mut retake = r.clone();
    retake.moves.truncate(6);
    retake.moves.push((w, Some(pt(1, 0))));
    let e = retake.replay(JAPANESE).unwrap_err();
    let suicide = PlayError::Suicide(pt(1, 0));
    let expected = GoReplayError::Move {
        number: 7,
        color: w,
        error: suicide,
    };
    assert_eq!(e, expected);
    assert_eq!(
        e.to_string(),
        "move 7, W[ba]: a move at (1,0) would be suicide"
    );
    let tromp_taylor = Legality {
        suicide: Suicide::Legal,
        ko: Ko::PositionalSuperko,
    };
    // Where suicide is legal, the one-stone suicide repeats the position: superko.
    let e = retake.replay(tromp_taylor).unwrap_err();
    assert!(matches!(
        e,
        GoReplayError::Move {
            number: 7,
            error: PlayError::Superko(_),
            ..
        }
    ));

    // Written and read back, the record is the same.
    assert_eq!(GoRecord::from_sgf(r.to_sgf()), Ok(r));
}

#[test]
fn only_the_main_line_of_variations_is_read() {
    let text = "(;GM[1]SZ[9]
        ;B[ee]
        (;W[cc]
          (;B[gg];W[gc])
          (;B[cg]))
        (;W[gg];B[cc]))";
    let r = GoRecord::from_sgf(text).unwrap();
    let moves: Vec<_> = r.moves.iter().map(|&(_, p)| p.unwrap()).collect();
    assert_eq!(moves, [pt(4, 4), pt(2, 2), pt(6, 6), pt(6, 2)]);
    let tree = &parse(text).unwrap()[0];
    assert_eq!(tree.node_count(), 8);
    // A second game of the collection is not the record's.
    let two = format!("{text}(;GM[1]SZ[13];B[aa])");
    assert_eq!(parse(&two).unwrap().len(), 2);
    assert_eq!(GoRecord::from_sgf(&two), Ok(r));
}

#[test]
fn escapes_soft_line_breaks_and_old_style_identifiers() {
    let text = "(;Comment[A \\]-bracket: \\], a backslash: \\\\, a soft\\\n break,
a hard one.]PlayerBlack[Ann \\\\ Bo]PW[Cy \\] Di]
;Black[ab]C[x\\:y];White[]
;B[tt])";
    let tree = &parse(text).unwrap()[0];
    let comment = tree.root().get("C").unwrap().values()[0].text();
    assert_eq!(
        comment,
        "A ]-bracket: ], a backslash: \\, a soft break,\na hard one."
    );
    let r = GoRecord::from_sgf(text).unwrap();
    assert_eq!(r.info.black_player.as_deref(), Some("Ann \\ Bo"));
    assert_eq!(r.info.white_player.as_deref(), Some("Cy ] Di"));
    let (b, w) = (Color::Black, Color::White);
    assert_eq!(r.moves, [(b, Some(pt(0, 1))), (w, None), (b, None)]);
    let written = r.to_sgf();
    assert!(
        written.contains("PB[Ann \\\\ Bo]PW[Cy \\] Di]"),
        "{written}"
    );
    assert!(written.contains(";B[ab];W[];B[])"), "{written}");
    assert_eq!(GoRecord::from_sgf(written), Ok(r));
}

#[test]
fn a_renju_game() {
    // Black makes an open four on the eighth row and five with move 9; a variation
    // where White blocks is not the main line.
    let text = "(;GM[4]FF[4]SZ[15]RU[RIF]PB[Kata]PW[Rina]RE[B+]
        ;B[hh];W[hg];B[gh];W[ii];B[ih];W[gi];B[fh];W[eh]
        (;B[jh]C[five])
        (;B[jj]))";
    let r = RenjuRecord::from_sgf(text).unwrap();
    assert_eq!(r.size, 15);
    assert_eq!(r.info.rules.as_deref(), Some("RIF"));
    assert_eq!(r.info.result.as_deref(), Some("B+"));
    let expected = [
        pt(7, 7),
        pt(7, 6),
        pt(6, 7),
        pt(8, 8),
        pt(8, 7),
        pt(6, 8),
        pt(5, 7),
        pt(4, 7),
        pt(9, 7),
    ];
    assert_eq!(r.moves, expected);
    let colors: Vec<Color> = r.colored_moves().map(|(c, _)| c).collect();
    assert_eq!(colors[..3], [Color::Black, Color::White, Color::Black]);
    for rule in [Rule::Renju, Rule::Standard, Rule::Freestyle] {
        let board = r.replay(rule).unwrap();
        assert!(board.is_five_at(pt(9, 7)));
        assert_eq!(board.stone_count(), 9);
    }
    assert!(matches!(Record::from_sgf(text), Ok(Record::Renju(ref x)) if *x == r));
    assert_eq!(RenjuRecord::from_sgf(r.to_sgf()), Ok(r.clone()));

    // A move after the five is refused.
    let mut late = r.clone();
    late.moves.push(pt(0, 0));
    let e = late.replay(Rule::Renju).unwrap_err();
    let expected = RenjuReplayError::Move {
        number: 10,
        color: Color::White,
        point: pt(0, 0),
        why: RenjuMoveError::AfterFive,
    };
    assert_eq!(e, expected);

    // Black's double-four is a foul under renju rules only.
    let text =
        "(;GM[4];B[hh];W[aa];B[ih];W[ca];B[jh];W[ea];B[kj];W[ga];B[kk];W[ao];B[kl];W[co];B[kh])";
    let r = RenjuRecord::from_sgf(text).unwrap();
    let e = r.replay(Rule::Renju).unwrap_err();
    assert!(matches!(
        e,
        RenjuReplayError::Move {
            number: 13,
            why: RenjuMoveError::Forbidden(Foul::DoubleFour),
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "move 13, B[kh]: double-four, forbidden to Black"
    );
    assert!(r.replay(Rule::Freestyle).is_ok());
}

#[test]
fn every_error_kind_with_its_place() {
    use SgfErrorKind::*;
    let cases: Vec<(&str, SgfErrorKind, usize, usize)> = vec![
        ("  \n ", EmptyCollection, 2, 2),
        ("\n  ;B[aa])", MissingOpenParen, 2, 3),
        ("(\n B[aa])", MissingSemicolon, 2, 2),
        ("(;B[aa]\n(;W[bb])", UnclosedGameTree, 1, 1),
        ("(;B[aa])\n)", UnmatchedCloseParen, 2, 1),
        ("(;C[never\n closed)", UnterminatedValue, 1, 4),
        ("(;B[aa]\n 9[bb])", BadPropertyIdentifier("9".into()), 2, 2),
        ("(;B[aa]\n  W )", MissingValue("W".into()), 2, 3),
        ("(;C[x]\nC[y])", DuplicateProperty("C".into()), 2, 1),
        ("(;(;B[aa])\n;W[bb])", NodeAfterVariation, 2, 1),
        ("(;B[aa])\n x", TrailingGarbage, 2, 2),
        (
            "(;GM[2])",
            UnsupportedGame {
                found: "2".into(),
                expected: "Go (GM[1]) or Renju/Gomoku (GM[4])",
            },
            1,
            3,
        ),
        ("(;SZ[9][9])", TooManyValues("SZ".into()), 1, 3),
        (
            "(;KM[six])",
            BadValue {
                property: "KM".into(),
                value: "six".into(),
                expected: "a real number",
            },
            1,
            5,
        ),
        (
            "(;SZ[30])",
            BoardSize(BadSize {
                size: 30,
                min: 2,
                max: 25,
            }),
            1,
            5,
        ),
        (
            "(;GM[4]SZ[30])",
            BoardSize(BadSize {
                size: 30,
                min: 5,
                max: 22,
            }),
            1,
            10,
        ),
        (
            "(;SZ[9]\n;B[aj])",
            OffBoard {
                property: "B".into(),
                value: "aj".into(),
                size: 9,
            },
            2,
            3,
        ),
        ("(;B[aa]W[bb])", TwoMoves, 1, 8),
        ("(;B[aa]AB[bb])", SetupWithMove, 1, 8),
        ("(;B[aa];AE[bb])", SetupAfterMove, 1, 9),
        (
            "(;AB[aa][bb]AW[cc][bb])",
            PointSetUpTwice("bb".into()),
            1,
            19,
        ),
        ("(;GM[4];B[hh];W[])", RenjuPass, 1, 16),
        (
            "(;GM[4];B[hh];W[hi];W[ii])",
            WrongColor {
                expected: Color::Black,
            },
            1,
            22,
        ),
    ];
    for (input, kind, line, column) in cases {
        let e = Record::from_sgf(input).unwrap_err();
        assert_eq!(
            (&e.kind, e.line, e.column),
            (&kind, line, column),
            "{input:?}"
        );
        assert_eq!(
            e.to_string(),
            format!("line {line}, column {column}: {kind}")
        );
    }
}

/// Text with the characters that need escaping, a colon, spaces and non-ASCII letters
/// (no line breaks or tabs: SimpleText reads those as spaces).
fn random_text(rng: &mut SplitMix64) -> String {
    const ALPHABET: [char; 12] = ['a', 'Z', '7', ' ', ']', '\\', ':', '[', ';', 'é', '碁', '+'];
    let len = rng.below(12) as usize;
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

fn maybe<T>(rng: &mut SplitMix64, make: impl FnOnce(&mut SplitMix64) -> T) -> Option<T> {
    (rng.below(2) == 0).then(|| make(rng))
}

fn random_info(rng: &mut SplitMix64) -> GameInfo {
    GameInfo {
        rules: maybe(rng, random_text),
        result: maybe(rng, random_text),
        black_player: maybe(rng, random_text),
        white_player: maybe(rng, random_text),
        date: maybe(rng, random_text),
    }
}

fn random_point(rng: &mut SplitMix64, size: usize) -> Point {
    pt(rng.below(size as u64) as u8, rng.below(size as u64) as u8)
}

/// Disjoint setup lists, sorted as the reader sorts them.
fn random_setup(rng: &mut SplitMix64, size: usize) -> Setup {
    let mut setup = Setup::default();
    if rng.below(2) == 0 {
        return setup;
    }
    for x in 0..size as u8 {
        for y in 0..size as u8 {
            match rng.below(12) {
                0 => setup.black.push(pt(x, y)),
                1 => setup.white.push(pt(x, y)),
                _ => {}
            }
        }
    }
    setup
}

fn random_color(rng: &mut SplitMix64) -> Color {
    Color::BOTH[rng.below(2) as usize]
}

fn random_go(rng: &mut SplitMix64) -> GoRecord {
    let n = 2 + rng.below(24) as usize;
    let moves = (0..rng.below(40))
        .map(|_| {
            let color = random_color(rng);
            (color, (rng.below(8) != 0).then(|| random_point(rng, n)))
        })
        .collect();
    GoRecord {
        size: BoardSize::new(n).unwrap(),
        komi: maybe(rng, |r| (r.below(200) as f64 - 100.0) / 2.0),
        handicap: maybe(rng, |r| r.below(10) as u32),
        setup: random_setup(rng, n),
        to_move: maybe(rng, random_color),
        moves,
        info: random_info(rng),
    }
}

fn random_renju(rng: &mut SplitMix64) -> RenjuRecord {
    let size = 5 + rng.below(18) as usize;
    RenjuRecord {
        size,
        setup: random_setup(rng, size),
        moves: (0..rng.below(40))
            .map(|_| random_point(rng, size))
            .collect(),
        info: random_info(rng),
    }
}

#[test]
fn random_records_read_back_as_written() {
    let mut rng = SplitMix64::new(0x5_6f);
    for _ in 0..400 {
        let go = random_go(&mut rng);
        let text = go.to_sgf();
        assert_eq!(GoRecord::from_sgf(&text).as_ref(), Ok(&go), "{text}");
        assert_eq!(Record::from_sgf(&text), Ok(Record::Go(go)));
        let renju = random_renju(&mut rng);
        let text = renju.to_sgf();
        assert_eq!(RenjuRecord::from_sgf(&text).as_ref(), Ok(&renju), "{text}");
        assert_eq!(Record::from_sgf(&text), Ok(Record::Renju(renju)));
    }
}

/// An SGF writer that shares nothing with the library's: random white space between
/// tokens, lowercase letters in identifiers, points as one-point rectangles, needless
/// escapes and soft line breaks in text, extra stones set up and erased again, comments,
/// and variations that are not the main line.
struct Noisy<'a> {
    rng: &'a mut SplitMix64,
    out: String,
}

impl Noisy<'_> {
    fn space(&mut self) {
        const SPACES: [&str; 6] = ["", "", " ", "\n", "\t", "\r\n"];
        let s = SPACES[self.rng.below(SPACES.len() as u64) as usize];
        self.out.push_str(s);
    }

    fn ident(&mut self, id: &str) {
        self.space();
        for c in id.chars() {
            self.out.push(c);
            if self.rng.below(4) == 0 {
                self.out.push_str("xy");
            }
        }
        self.space();
    }

    fn text_value(&mut self, text: &str) {
        self.out.push('[');
        for c in text.chars() {
            if matches!(c, ']' | '\\') || self.rng.below(6) == 0 {
                self.out.push('\\');
            }
            self.out.push(c);
            if self.rng.below(8) == 0 {
                self.out.push_str("\\\n");
            }
        }
        self.out.push(']');
    }

    fn letters(p: Point) -> String {
        let letter = |i: u8| {
            if i < 26 {
                char::from(b'a' + i)
            } else {
                char::from(b'A' + i - 26)
            }
        };
        [letter(p.x), letter(p.y)].iter().collect()
    }

    fn points(&mut self, id: &str, points: &[Point]) {
        if points.is_empty() {
            return;
        }
        self.ident(id);
        for &p in points {
            let l = Self::letters(p);
            if self.rng.below(3) == 0 {
                self.out.push_str(&format!("[{l}:{l}]"));
            } else {
                self.out.push_str(&format!("[{l}]"));
            }
            self.space();
        }
    }

    fn info(&mut self, info: &GameInfo) {
        let fields = [
            ("RU", &info.rules),
            ("RE", &info.result),
            ("PB", &info.black_player),
            ("PW", &info.white_player),
            ("DT", &info.date),
        ];
        for (id, value) in fields {
            if let Some(text) = value {
                self.ident(id);
                self.text_value(text);
            }
        }
    }

    /// The setup over two nodes: the stones plus extra ones in the root, the extras
    /// erased in the next node.
    fn setup(&mut self, setup: &Setup, size: usize, root_props: &str) {
        let taken = |p: &Point| setup.black.contains(p) || setup.white.contains(p);
        let extra: Vec<Point> = (0..3)
            .map(|_| random_point(self.rng, size))
            .filter(|p| !taken(p))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        self.out.push_str(root_props);
        let mut black = setup.black.clone();
        black.extend(&extra);
        self.points("AB", &black);
        self.points("AW", &setup.white);
        self.space();
        self.out.push(';');
        self.points("AE", &extra);
    }

    /// The moves, with variations: `pass` is how a pass is written.
    fn moves(&mut self, moves: &[(Color, Option<Point>)], size: usize, pass: &[&str]) {
        let mut alternatives = Vec::new();
        for &(color, p) in moves {
            if self.rng.below(6) == 0 {
                self.out.push('(');
                let q = random_point(self.rng, size);
                alternatives.push(format!(
                    "(;{}[{}])",
                    "BW".as_bytes()[color.index()] as char,
                    Self::letters(q)
                ));
            }
            self.space();
            self.out.push(';');
            let id = if color == Color::Black { "B" } else { "W" };
            self.ident(id);
            let value = match p {
                Some(p) => Self::letters(p),
                None => pass[self.rng.below(pass.len() as u64) as usize].to_string(),
            };
            self.out.push_str(&format!("[{value}]"));
            if self.rng.below(5) == 0 {
                self.ident("C");
                self.text_value("a ] comment; (with) [brackets]");
            }
        }
        while let Some(alt) = alternatives.pop() {
            self.out.push(')');
            self.space();
            self.out.push_str(&alt);
        }
        self.space();
        self.out.push(')');
    }
}

#[test]
fn records_from_an_independent_noisy_writer_read_as_meant() {
    let mut rng = SplitMix64::new(77);
    for _ in 0..300 {
        let go = random_go(&mut rng);
        let mut w = Noisy {
            rng: &mut rng,
            out: String::new(),
        };
        let n = go.size.get();
        w.out.push_str("(;");
        w.ident("GM");
        w.out.push_str("[1]");
        w.ident("SZ");
        w.out.push_str(&if n % 2 == 0 {
            format!("[{n}]")
        } else {
            format!("[{n}:{n}]")
        });
        if let Some(k) = go.komi {
            w.ident("KM");
            w.out.push_str(&if k.fract() == 0.0 && k >= 0.0 {
                format!("[+{k:.1}]")
            } else {
                format!("[{k}]")
            });
        }
        if let Some(h) = go.handicap {
            w.out.push_str(&format!("HA[{h}]"));
        }
        w.info(&go.info);
        w.setup(&go.setup, n, "");
        if let Some(c) = go.to_move {
            w.out
                .push_str(if c == Color::Black { "PL[B]" } else { "PL[W]" });
        }
        let pass: &[&str] = if n <= 19 { &["", "tt"] } else { &[""] };
        w.moves(&go.moves, n, pass);
        let text = w.out;
        assert_eq!(GoRecord::from_sgf(&text).as_ref(), Ok(&go), "{text}");

        let renju = random_renju(&mut rng);
        let mut w = Noisy {
            rng: &mut rng,
            out: String::new(),
        };
        let root = format!("(;GM[4]SZ[{}]", renju.size);
        w.info(&renju.info);
        let info = std::mem::take(&mut w.out);
        w.setup(&renju.setup, renju.size, &(root + &info));
        let moves: Vec<_> = renju.colored_moves().map(|(c, p)| (c, Some(p))).collect();
        w.moves(&moves, renju.size, &[]);
        let text = w.out;
        assert_eq!(RenjuRecord::from_sgf(&text).as_ref(), Ok(&renju), "{text}");
    }
}

/// Reads `input` every way there is; whatever reads as a record must replay (or refuse
/// to) and write back to itself. Nothing may panic. Returns how far it got: 0 for a
/// syntax error, 1 for a tree that is no record, 2 for a Go record, 3 for a Renju one.
fn exercise(input: &[u8]) -> usize {
    match parse(input) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(trees) => {
            for tree in &trees {
                assert!(tree.main_line().count() <= tree.node_count());
            }
        }
    }
    match Record::from_sgf(input) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            usize::from(parse(input).is_ok())
        }
        Ok(Record::Go(r)) => {
            for suicide in [Suicide::Illegal, Suicide::Legal] {
                for ko in [Ko::Simple, Ko::PositionalSuperko, Ko::SituationalSuperko] {
                    let _ = r
                        .replay(Legality { suicide, ko })
                        .map_err(|e| e.to_string());
                }
            }
            assert_eq!(GoRecord::from_sgf(r.to_sgf()), Ok(r));
            2
        }
        Ok(Record::Renju(r)) => {
            for rule in [Rule::Renju, Rule::Standard, Rule::Freestyle] {
                let _ = r.replay(rule).map_err(|e| e.to_string());
            }
            assert_eq!(RenjuRecord::from_sgf(r.to_sgf()), Ok(r));
            3
        }
    }
}

#[test]
fn no_input_makes_the_reader_panic() {
    let mut rng = SplitMix64::new(2024);
    let mut corpus: Vec<Vec<u8>> = vec![
        b"(;GM[1]SZ[9]HA[2]KM[0.5]AB[cg][gc]PL[W];W[ba];B[ca];W[ee];B[bb];W[ff];B[aa];W[tt];B[])"
            .to_vec(),
        b"(;GM[1]SZ[9];B[ee](;W[cc](;B[gg];W[gc])(;B[cg]))(;W[gg];B[cc]))".to_vec(),
        b"(;C[a \\] b \\\\ c\\\nd]PB[x\\]y];B[ab]C[x\\:y];W[])".to_vec(),
        b"(;GM[4]SZ[15]RU[RIF];B[hh];W[hg];B[gh];W[ii];B[ih];W[gi];B[fh];W[eh](;B[jh])(;B[jj]))"
            .to_vec(),
        b"(;SZ[5]AB[aa:cc]AE[bb];AW[dd:ee];B[ae];W[ea])".to_vec(),
        "(;PB[碁 é]GN[x\r\ny];B[aa])".as_bytes().to_vec(),
    ];
    for _ in 0..6 {
        corpus.push(random_go(&mut rng).to_sgf().into_bytes());
        corpus.push(random_renju(&mut rng).to_sgf().into_bytes());
    }
    // How many inputs ended at each stage of `exercise`.
    let mut reached = [0; 4];
    for file in &corpus {
        for end in 0..=file.len() {
            reached[exercise(&file[..end])] += 1;
        }
    }
    const SPICE: &[u8] = b"()[];:\\ \n\rABWELPSZGMKHtTaAsz019.+-\xC3\xA9\xFF";
    for _ in 0..20_000 {
        let mut bytes = corpus[rng.below(corpus.len() as u64) as usize].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() as u64 + 1) as usize;
            let spice = SPICE[rng.below(SPICE.len() as u64) as usize];
            match rng.below(4) {
                0 if at < bytes.len() => bytes[at] = spice,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                2 => {
                    let len = rng.below(8) as usize;
                    let chunk: Vec<u8> = bytes.iter().skip(at).take(len).copied().collect();
                    let to = rng.below(bytes.len() as u64 + 1) as usize;
                    bytes.splice(to..to, chunk);
                }
                _ => bytes.insert(at, spice),
            }
        }
        reached[exercise(&bytes)] += 1;
    }
    for _ in 0..5_000 {
        let len = rng.below(80) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| match rng.below(3) {
                0 => rng.next_u64() as u8,
                _ => SPICE[rng.below(SPICE.len() as u64) as usize],
            })
            .collect();
        reached[exercise(&bytes)] += 1;
    }
    // The mutations must reach every stage often, or the run tests little.
    println!("stages reached: {reached:?}");
    assert!(reached.iter().all(|&n| n > 500), "{reached:?}");
}
