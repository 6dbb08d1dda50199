//! The curve of an SPSA run, a CSV file written as the run goes: a header
//! `iteration,NAME…,result`, a row `0,START…,` with the start values, then one row per
//! iteration with the values after it and its mini-match result. An interrupted run
//! keeps every finished iteration, and [`last_row`] lets the next one continue from it.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::Path;

/// An open curve file.
#[derive(Debug)]
pub struct Curve {
    file: BufWriter<File>,
}

impl Curve {
    /// A new curve at `path` (replacing any), with its header and the start row.
    pub fn create(path: &Path, names: &[&str], start: &[f64]) -> Result<Curve, String> {
        let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut curve = Curve {
            file: BufWriter::new(file),
        };
        curve.line(&format!("iteration,{},result", names.join(",")))?;
        curve.row(0, start, None)?;
        Ok(curve)
    }

    /// The curve at `path`, to append to.
    pub fn append(path: &Path) -> Result<Curve, String> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Curve {
            file: BufWriter::new(file),
        })
    }

    /// Appends the row of `iteration` (from 1): the values after it and its result.
    pub fn row(
        &mut self,
        iteration: usize,
        theta: &[f64],
        result: Option<f64>,
    ) -> Result<(), String> {
        let values: Vec<String> = theta.iter().map(|v| format!("{v:.6}")).collect();
        let result = result.map_or(String::new(), |r| format!("{r}"));
        self.line(&format!("{iteration},{},{result}", values.join(",")))
    }

    fn line(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.file, "{text}")
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("writing the curve: {e}"))
    }
}

/// The last row of a curve written for parameters `names`: the iterations done and the
/// values after them.
///
/// ```
/// use tengen_tuning::spsa::curve::last_row;
/// let text = "iteration,a,b,result\n0,1,2,\n1,1.5,2.5,-1\n";
/// assert_eq!(last_row(text, &["a", "b"]), Ok((1, vec![1.5, 2.5])));
/// assert!(last_row(text, &["a", "c"]).is_err());
/// ```
pub fn last_row(text: &str, names: &[&str]) -> Result<(usize, Vec<f64>), String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header = lines.next().ok_or("the curve is empty")?;
    let expected = format!("iteration,{},result", names.join(","));
    if header.trim() != expected {
        return Err(format!(
            "the curve's header is '{header}', not '{expected}' (another parameter file?)"
        ));
    }
    let last = lines.next_back().ok_or("the curve has no rows")?;
    let fields: Vec<&str> = last.split(',').collect();
    let bad = || format!("bad curve row '{last}'");
    if fields.len() != names.len() + 2 {
        return Err(bad());
    }
    let done = fields[0].trim().parse().map_err(|_| bad())?;
    let theta = fields[1..=names.len()]
        .iter()
        .map(|f| f.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<Vec<f64>>>()
        .ok_or_else(bad)?;
    Ok((done, theta))
}
