//! `tengen renju forbid` against an independent checker: PyPI `renju` 0.1.0 (a port of the
//! Gomocup judge's forbidden-move code), on random dense positions. Zero disagreements.
//!
//! The oracle runs from a virtual environment: `$TENGEN_ORACLE_PYTHON` if set, else
//! `.venv/bin/python` at the workspace root, which this test creates (python3 -m venv,
//! pip install renju==0.1.0) when it is missing. `.ci/run` creates it up front.

mod common;

use common::random_grid;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use tengen::core::SplitMix64;

const ORACLE_VERSION: &str = "renju==0.1.0";

fn oracle_python() -> &'static PathBuf {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        if let Some(p) = std::env::var_os("TENGEN_ORACLE_PYTHON") {
            return PathBuf::from(p);
        }
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let python = root.join(".venv/bin/python");
        let has_oracle = |py: &PathBuf| {
            Command::new(py)
                .args(["-c", "import renju.check_forbid"])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !has_oracle(&python) {
            let venv = Command::new("python3")
                .args(["-m", "venv"])
                .arg(root.join(".venv"))
                .status();
            assert!(
                venv.is_ok_and(|s| s.success()),
                "cannot create .venv with python3 -m venv"
            );
            let pip = Command::new(&python)
                .args(["-m", "pip", "install", "--quiet", ORACLE_VERSION])
                .status();
            assert!(
                pip.is_ok_and(|s| s.success()),
                "cannot pip install {ORACLE_VERSION}"
            );
        }
        assert!(
            has_oracle(&python),
            "{} cannot import renju",
            python.display()
        );
        python
    })
}

/// Runs `program args` with `input` on stdin; its stdout lines.
fn answers(mut cmd: Command, input: String) -> Vec<String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap().expect("write stdin");
    assert!(out.status.success(), "{cmd:?} failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn compare_with_oracle(seed: u64, count: usize) {
    let mut rng = SplitMix64::new(seed);
    let positions: Vec<String> = (0..count)
        .map(|_| random_grid(&mut rng, 15).to_board_string())
        .collect();
    let input = positions.join("\n") + "\n";

    let mut oracle = Command::new(oracle_python());
    oracle.arg(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/renju_forbid.py"
    ));
    let theirs = answers(oracle, input.clone());
    let mut tengen = Command::new(env!("CARGO_BIN_EXE_tengen"));
    tengen.args(["renju", "forbid"]);
    let ours = answers(tengen, input);

    assert_eq!(theirs.len(), count);
    assert_eq!(ours.len(), count);
    let disagreements: Vec<String> = (0..count)
        .filter(|&i| ours[i] != theirs[i])
        .map(|i| {
            format!(
                "{}\n  tengen: {}\n  renju:  {}",
                positions[i], ours[i], theirs[i]
            )
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} of {count} positions disagree; first:\n{}",
        disagreements.len(),
        disagreements[0]
    );
    let fouls: usize = ours
        .iter()
        .filter(|l| *l != "-")
        .map(|l| l.split(' ').count())
        .sum();
    assert!(fouls > count, "too few fouls to mean anything: {fouls}");
}

#[test]
fn forbid_agrees_with_pypi_renju_a() {
    compare_with_oracle(101, 1_500);
}

#[test]
fn forbid_agrees_with_pypi_renju_b() {
    compare_with_oracle(102, 1_500);
}
