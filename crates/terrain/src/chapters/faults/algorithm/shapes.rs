//! The kinds of fault divider and a set of them: which shapes a map is cut with.

use std::fmt;

use crate::knobs::params::ParamError;

/// The kinds of divider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    /// A straight line across the map.
    Line,
    /// A circle.
    Circle,
    /// An axis-aligned rectangle.
    Rect,
    /// A triangle.
    Triangle,
}

impl ShapeKind {
    /// Every kind, in the order the page and the command line list them.
    pub const ALL: [ShapeKind; 4] = [
        ShapeKind::Line,
        ShapeKind::Circle,
        ShapeKind::Rect,
        ShapeKind::Triangle,
    ];

    /// The name used on the page and the command line.
    pub const fn name(self) -> &'static str {
        match self {
            ShapeKind::Line => "line",
            ShapeKind::Circle => "circle",
            ShapeKind::Rect => "rect",
            ShapeKind::Triangle => "triangle",
        }
    }

    /// The kind with this name (any letter case).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of divider kinds. Each fault picks one of the set's kinds, all equally likely, in the
/// order of [`ShapeKind::ALL`]: the same set gives the same terrain however it was written.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct ShapeSet(u8);

impl ShapeSet {
    /// No shape at all (refused by the generator: a map needs something to cut with).
    pub const EMPTY: ShapeSet = ShapeSet(0);
    /// Straight lines only: the fifth source's first maps.
    pub const LINES: ShapeSet = ShapeSet(1);
    /// Every kind.
    pub const ALL: ShapeSet = ShapeSet((1 << ShapeKind::ALL.len()) - 1);

    /// The set holding exactly `kinds`.
    pub fn of(kinds: &[ShapeKind]) -> Self {
        Self(kinds.iter().fold(0, |bits, kind| bits | kind.bit()))
    }

    /// This set with `kind` added.
    pub fn with(self, kind: ShapeKind) -> Self {
        Self(self.0 | kind.bit())
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: ShapeKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// The kinds in the set, in the order of [`ShapeKind::ALL`].
    pub fn kinds(self) -> impl Iterator<Item = ShapeKind> {
        ShapeKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }

    /// Number of kinds in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `n`-th kind of the set (in [`ShapeKind::ALL`] order), if there is one.
    pub fn nth(self, n: usize) -> Option<ShapeKind> {
        self.kinds().nth(n)
    }
}

impl fmt::Display for ShapeSet {
    /// The names joined by commas, as `--shapes` takes them: `line,circle`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.kinds().map(ShapeKind::name).collect();
        f.write_str(&names.join(","))
    }
}

impl fmt::Debug for ShapeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShapeSet({self})")
    }
}

impl From<ShapeSet> for u8 {
    fn from(set: ShapeSet) -> u8 {
        set.0
    }
}

impl TryFrom<u8> for ShapeSet {
    type Error = String;

    fn try_from(bits: u8) -> Result<Self, String> {
        if bits & !ShapeSet::ALL.0 == 0 {
            Ok(ShapeSet(bits))
        } else {
            Err(format!("no shape set has the bits {bits:#b}"))
        }
    }
}

/// The names [`parse_shapes`] accepts, for messages: `line, circle, rect, triangle`.
fn allowed() -> String {
    let names: Vec<&str> = ShapeKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// Parses a comma-separated list of shape names (`line,circle`): at least one; repeats and any
/// letter case are fine.
pub fn parse_shapes(text: &str) -> Result<ShapeSet, ParamError> {
    let mut set = ShapeSet::EMPTY;
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let kind = ShapeKind::from_name(name).ok_or_else(|| {
            ParamError::new(
                "shapes",
                format!("shapes must be chosen from {}, got \"{name}\"", allowed()),
            )
        })?;
        set = set.with(kind);
    }
    check_shapes(set)?;
    Ok(set)
}

/// Refuses an empty set, with the same message as [`parse_shapes`].
pub fn check_shapes(set: ShapeSet) -> Result<(), ParamError> {
    if set.is_empty() {
        return Err(ParamError::new(
            "shapes",
            format!("shapes must name at least one of {}", allowed()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_keep_the_canonical_order_whatever_the_input_order() {
        let set = parse_shapes("triangle, Circle,triangle").expect("valid");
        assert_eq!(
            set.kinds().collect::<Vec<_>>(),
            [ShapeKind::Circle, ShapeKind::Triangle]
        );
        assert_eq!(set.to_string(), "circle,triangle");
        assert_eq!(set.len(), 2);
        assert_eq!(set.nth(1), Some(ShapeKind::Triangle));
        assert_eq!(set.nth(2), None);
        assert_eq!(ShapeSet::of(&ShapeKind::ALL), ShapeSet::ALL);
        assert_eq!(ShapeSet::ALL.to_string(), "line,circle,rect,triangle");
    }

    #[test]
    fn empty_and_unknown_lists_are_refused() {
        let empty = parse_shapes(" , ").expect_err("nothing named");
        assert_eq!(
            empty.message,
            "shapes must name at least one of line, circle, rect, triangle"
        );
        let unknown = parse_shapes("line,hexagon").expect_err("unknown");
        assert!(unknown.message.contains("got \"hexagon\""), "{unknown}");
        assert!(ShapeSet::try_from(16).is_err());
        assert_eq!(
            ShapeSet::try_from(5),
            Ok(ShapeSet::of(&[ShapeKind::Line, ShapeKind::Rect]))
        );
    }
}
