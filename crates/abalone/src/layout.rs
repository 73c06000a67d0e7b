//! The start layouts.

use crate::board::Cell;

/// A start layout; Black moves first in each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layout {
    /// Black A1–A5 B1–B6 C3–C5, White I5–I9 H4–H9 G5–G7.
    Standard,
    /// Two daisies per side at the corners, each side's touching the other's.
    BelgianDaisy,
    /// Two daisies per side, one row further in than the Belgian daisy.
    GermanDaisy,
}

impl Layout {
    /// Every layout, the default first.
    pub const ALL: [Layout; 3] = [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy];

    /// The option value naming the layout.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::BelgianDaisy => "belgian-daisy",
            Layout::GermanDaisy => "german-daisy",
        }
    }

    /// The layout called `name` (as in [`Layout::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name))
    }

    /// The cells of the black and of the white marbles.
    fn cells(self) -> (&'static str, &'static str) {
        match self {
            Layout::Standard => {
                ("a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6 c3 c4 c5", "i5 i6 i7 i8 i9 h4 h5 h6 h7 h8 h9 g5 g6 g7")
            }
            Layout::BelgianDaisy => {
                ("a1 a2 b1 b2 b3 c2 c3 g7 g8 h7 h8 h9 i8 i9", "a4 a5 b4 b5 b6 c5 c6 g4 g5 h4 h5 h6 i5 i6")
            }
            Layout::GermanDaisy => {
                ("b1 b2 c1 c2 c3 d2 d3 f7 f8 g7 g8 g9 h8 h9", "b5 b6 c5 c6 c7 d6 d7 f3 f4 g3 g4 g5 h4 h5")
            }
        }
    }

    /// The black and the white marbles as bitboards.
    pub(crate) fn marbles(self) -> (u64, u64) {
        let bits = |cells: &str| {
            cells.split(' ').map(|name| Cell::parse(name).expect("layout cells are on the board").bit()).sum()
        };
        let (black, white) = self.cells();
        (bits(black), bits(white))
    }
}
