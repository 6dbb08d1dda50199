//! End to end: the `spsa` binary tunes two renju weights of real `tengen gomocup`
//! engines (small node limits) for two iterations, writes the values and the curve, and
//! continues the run with `--resume`.

mod common;

use std::process::Command;
use tengen_tuning::spsa::parse_config;

#[test]
fn two_iterations_with_real_engines_write_values_and_curve_then_resume() {
    let dir = std::env::temp_dir().join(format!("tengen-spsa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("params.txt");
    std::fs::write(
        &config,
        "white_tempo int 12 0 50 3 0.002\nblack_mover_open_three int 30 0 80 4 0.002\n",
    )
    .unwrap();
    let (values, curve) = (dir.join("tuned.txt"), dir.join("curve.csv"));
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/renju-balanced-5.txt");
    let engine = format!(
        "{} gomocup --max-nodes 300",
        common::tengen_binary().display()
    );
    let spsa = |iterations: &str, resume: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_spsa"));
        command
            .arg("gomocup")
            .args(["--config", config.to_str().unwrap()])
            .args(["--engine", &engine])
            .args(["--iterations", iterations, "--games", "2", "--seed", "5"])
            .args(["--openings", openings, "--turn-ms", "10000"])
            .args(["--values", values.to_str().unwrap()])
            .args(["--curve", curve.to_str().unwrap()]);
        if resume {
            command.arg("--resume");
        }
        let output = command.output().expect("run spsa");
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        assert!(output.status.success(), "{stderr}");
        stderr
    };

    let stderr = spsa("2", false);
    assert_eq!(stderr.matches("iteration ").count(), 2, "{stderr}");
    let text = std::fs::read_to_string(&curve).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(
        rows[0], "iteration,white_tempo,black_mover_open_three,result",
        "{text}"
    );
    assert_eq!(rows[1], "0,12.000000,30.000000,", "{text}");
    assert_eq!(rows.len(), 4, "{text}");
    for (k, row) in rows[2..].iter().enumerate() {
        let fields: Vec<f64> = row.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields[0], (k + 1) as f64, "{row}");
        // Two games: θ+ scores 0 to 2 points of 2, so the result is -2..=2.
        assert!((-2.0..=2.0).contains(&fields[3]), "{row}");
        assert!((0.0..=50.0).contains(&fields[1]) && (0.0..=80.0).contains(&fields[2]));
    }
    let tuned = std::fs::read_to_string(&values).unwrap();
    assert!(tuned.contains("# spsa: 2 of 2 iterations"), "{tuned}");
    assert!(tuned.contains("# --param white_tempo="), "{tuned}");
    let params = parse_config(&tuned).expect("the values file is a parameter file");
    assert_eq!(params.len(), 2);
    assert_eq!(params[0].start, params[0].start.round(), "{tuned}");

    // One more iteration of a 3-iteration run continues the curve.
    spsa("3", true);
    let text = std::fs::read_to_string(&curve).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.lines().last().unwrap().starts_with("3,"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_parameter_the_engine_refuses_stops_the_run() {
    let dir = std::env::temp_dir().join(format!("tengen-spsa-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("params.txt");
    std::fs::write(&config, "no_such_weight int 1 0 5 1 0.002\n").unwrap();
    let engine = format!(
        "{} gomocup --max-nodes 300",
        common::tengen_binary().display()
    );
    let output = Command::new(env!("CARGO_BIN_EXE_spsa"))
        .arg("gomocup")
        .args(["--config", config.to_str().unwrap(), "--engine", &engine])
        .args(["--iterations", "5", "--turn-ms", "10000"])
        .args(["--values", dir.join("v.txt").to_str().unwrap()])
        .args(["--curve", dir.join("c.csv").to_str().unwrap()])
        .output()
        .expect("run spsa");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("an engine failed to start"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every shipped parameter file names parameters the engine has, starts each at the
/// engine's default and keeps its min..max within the engine's range (so that a run
/// starts from the engine as it plays and never proposes a value the engine refuses).
#[test]
fn shipped_parameter_files_start_at_the_engine_defaults() {
    use tengen::core::Tunable;
    use tengen::go::search::MctsParams;
    use tengen::renju::search::{SearchParams, Weights};

    fn check<T: Tunable>(file: &str, defaults: &T)
    where
        T::Value: Into<f64>,
    {
        let path = format!("{}/spsa/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the shipped file");
        let specs = parse_config(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(!specs.is_empty(), "{file}");
        for spec in specs {
            let param = T::param(&spec.name).unwrap_or_else(|e| panic!("{file}: {e}"));
            let default: f64 = defaults.get(&spec.name).unwrap().into();
            assert_eq!(
                spec.start, default,
                "{file}: {} starts off its default",
                spec.name
            );
            let (lo, hi): (f64, f64) = ((*param.range.start()).into(), (*param.range.end()).into());
            assert!(
                lo <= spec.min && spec.max <= hi,
                "{file}: {} tunes {}..{} outside the engine's {lo}..{hi}",
                spec.name,
                spec.min,
                spec.max
            );
        }
    }
    check("renju-weights.txt", &Weights::DEFAULT);
    check("renju-search.txt", &SearchParams::DEFAULT);
    check("go-mcts.txt", &MctsParams::DEFAULT);
}
