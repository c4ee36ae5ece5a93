//! The Prometheus text exposition format 0.0.4, written by hand: a family's `# HELP`
//! and `# TYPE` lines, then its samples, `name{label="value",…} value`, one a line.

use std::fmt::{Display, Write};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Counter,
    Gauge,
    Histogram,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        }
    }
}

/// A document being written.
#[derive(Default)]
pub struct Exposition {
    text: String,
}

impl Exposition {
    /// Starts the family `name`; its samples follow.
    pub fn family(&mut self, name: &str, kind: Kind, help: &str) {
        let _ = writeln!(self.text, "# HELP {name} {}", escape_help(help));
        let _ = writeln!(self.text, "# TYPE {name} {}", kind.as_str());
    }

    /// One sample: `name` is the family's (a histogram adds `_bucket`, `_sum`,
    /// `_count`), `labels` are pairs of name and value.
    pub fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl Display) {
        self.text.push_str(name);
        if !labels.is_empty() {
            self.text.push('{');
            for (index, (label, text)) in labels.iter().enumerate() {
                if index > 0 {
                    self.text.push(',');
                }
                let _ = write!(self.text, "{label}=\"{}\"", escape_label(text));
            }
            self.text.push('}');
        }
        let _ = writeln!(self.text, " {value}");
    }

    pub fn finish(self) -> String {
        self.text
    }
}

/// A help text may hold anything but a raw backslash or line break.
fn escape_help(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

/// A label value may hold anything but a raw backslash, quote or line break.
fn escape_label(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Seconds as the format writes a float: `+Inf` for an unknown age (never).
pub fn seconds(value: Option<f64>) -> String {
    match value {
        Some(value) if value.is_finite() => format!("{value}"),
        _ => "+Inf".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_has_its_help_and_type_and_escaped_labels() {
        let mut out = Exposition::default();
        out.family("heimservice_x_total", Kind::Counter, "Things.\nMore");
        out.sample("heimservice_x_total", &[("route", "/a\"b\\")], 3);
        out.sample("heimservice_x_total", &[], 0.5);
        assert_eq!(
            out.finish(),
            "# HELP heimservice_x_total Things.\\nMore\n\
             # TYPE heimservice_x_total counter\n\
             heimservice_x_total{route=\"/a\\\"b\\\\\"} 3\n\
             heimservice_x_total 0.5\n"
        );
    }

    #[test]
    fn an_unknown_age_is_infinite() {
        assert_eq!(seconds(None), "+Inf");
        assert_eq!(seconds(Some(2.5)), "2.5");
    }
}
