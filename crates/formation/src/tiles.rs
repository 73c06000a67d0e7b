//! The four double-sided Katarenga tiles, their placement on the board and
//! the board text that names an assembly.
//!
//! # Board text
//!
//! Four tokens separated by spaces, for the quadrants top-left (a8–d5),
//! top-right (e8–h5), bottom-left (a4–d1) and bottom-right (e4–h1). Each
//! token is three characters:
//!
//! - the tile, `1`–`4` (each tile exactly once),
//! - the side, `a` (front) or `b` (back; the back is the front transposed),
//! - the rotation, `0`–`3` quarter turns clockwise (seen with rank 8 at
//!   the top).
//!
//! The default board is `1a0 2a0 3a0 4a0`. An unrotated side fills its
//! quadrant row by row from the quadrant's top row, each row from its left
//! (file a side), in the order of the 16 letters of [`TILE_SIDES`].

use crate::zobrist::mix64;
use game::{Text, text};
use std::fmt;

/// The colour of a square; it decides how a piece standing on it moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves like a rook up to and including the first red square.
    Red,
    /// Moves like a bishop up to and including the first yellow square.
    Yellow,
    /// Moves like a knight.
    Green,
    /// Moves like a king, one step.
    Blue,
}

impl Color {
    /// The colour's letter: `R`, `Y`, `G` or `B`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Yellow => 'Y',
            Color::Green => 'G',
            Color::Blue => 'B',
        }
    }

    /// The colour's English name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
        }
    }

    fn from_letter(letter: u8) -> Color {
        match letter {
            b'R' => Color::Red,
            b'Y' => Color::Yellow,
            b'G' => Color::Green,
            b'B' => Color::Blue,
            other => unreachable!("tile data holds only R, Y, G, B, not {}", other as char),
        }
    }
}

/// The tiles as printed, `[front, back]` for tiles 1–4: 16 colour letters
/// row by row from the top, each row from the left.
pub const TILE_SIDES: [[&str; 2]; 4] = [
    ["RYBGGRGBYYBRBGRY", "RGYBYRYGBGBRGBRY"],
    ["RYGBGYRYBBGRYRBG", "RGBYYYBRGRGBBYRG"],
    ["RGBYYYGRBBRGGRYB", "RYBGGYBRBGRYYRGB"],
    ["RGBYYYBRBGRGGRYB", "RYBGGYGRBBRYYRGB"],
];

/// Which side of a tile is up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The front (`a`).
    Front,
    /// The back (`b`), the front transposed.
    Back,
}

/// One tile in one quadrant: which tile, which side up, how far turned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    /// The tile, 0–3 (written 1–4).
    pub tile: u8,
    /// The side up.
    pub side: Side,
    /// Quarter turns clockwise, 0–3.
    pub rotation: u8,
}

impl Placement {
    /// The 4×4 colours as placed, rows from the top, each from the left.
    #[must_use]
    pub fn grid(&self) -> [[Color; 4]; 4] {
        let letters = TILE_SIDES[usize::from(self.tile)][self.side as usize].as_bytes();
        let mut grid = [[Color::Red; 4]; 4];
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = Color::from_letter(letters[r * 4 + c]);
            }
        }
        for _ in 0..self.rotation {
            let old = grid;
            for (r, row) in grid.iter_mut().enumerate() {
                for (c, cell) in row.iter_mut().enumerate() {
                    *cell = old[3 - c][r];
                }
            }
        }
        grid
    }

    fn parse(token: &str) -> Result<Placement, Text> {
        let chars: Vec<char> = token.chars().collect();
        let &[tile, side, rotation] = chars.as_slice() else {
            return Err(text!(
                "'{token}' is not a tile token: write tile (1-4), side (a/b) and rotation (0-3), like '1a0'",
                "„{token}“ ist keine Tableau-Angabe: schreibe Tableau (1–4), Seite (a/b) und Drehung (0–3), \
                 etwa „1a0“"
            ));
        };
        let tile = match tile {
            '1'..='4' => tile as u8 - b'1',
            _ => {
                return Err(text!(
                    "'{token}': unknown tile '{tile}' (tiles are 1-4)",
                    "„{token}“: unbekanntes Tableau „{tile}“ (die Tableaus heißen 1–4)"
                ));
            }
        };
        let side = match side.to_ascii_lowercase() {
            'a' => Side::Front,
            'b' => Side::Back,
            _ => {
                return Err(text!(
                    "'{token}': bad side '{side}' (a = front, b = back)",
                    "„{token}“: ungültige Seite „{side}“ (a = Vorderseite, b = Rückseite)"
                ));
            }
        };
        let rotation = match rotation {
            '0'..='3' => rotation as u8 - b'0',
            _ => {
                return Err(text!(
                    "'{token}': bad rotation '{rotation}' (0-3 quarter turns clockwise)",
                    "„{token}“: ungültige Drehung „{rotation}“ (0–3 Vierteldrehungen im Uhrzeigersinn)"
                ));
            }
        };
        Ok(Placement { tile, side, rotation })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Side::Front => 'a',
            Side::Back => 'b',
        };
        write!(f, "{}{side}{}", self.tile + 1, self.rotation)
    }
}

/// Number of different assemblies: 4! tile orders × 4⁴ rotations × 2⁴ sides.
pub const ASSEMBLIES: u32 = 98_304;

/// A board assembly: the placement in each quadrant (top-left, top-right,
/// bottom-left, bottom-right), every tile used once. Its text form is the
/// board text (see the [module docs](self)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    quadrants: [Placement; 4],
}

impl Layout {
    /// The default board: tiles 1–4 front up, unrotated, in reading order.
    pub const DEFAULT: Layout = Layout {
        quadrants: [
            Placement { tile: 0, side: Side::Front, rotation: 0 },
            Placement { tile: 1, side: Side::Front, rotation: 0 },
            Placement { tile: 2, side: Side::Front, rotation: 0 },
            Placement { tile: 3, side: Side::Front, rotation: 0 },
        ],
    };

    /// The placements, top-left, top-right, bottom-left, bottom-right.
    #[must_use]
    pub fn quadrants(&self) -> [Placement; 4] {
        self.quadrants
    }

    /// The layout from four placements, if every tile is used once.
    pub fn new(quadrants: [Placement; 4]) -> Result<Layout, Text> {
        for (i, p) in quadrants.iter().enumerate() {
            let (tile, rotation) = (u32::from(p.tile) + 1, p.rotation);
            if p.tile > 3 {
                return Err(text!(
                    "unknown tile {tile} (tiles are 1-4)",
                    "unbekanntes Tableau {tile} (die Tableaus heißen 1–4)"
                ));
            }
            if p.rotation > 3 {
                return Err(text!(
                    "bad rotation {rotation} (0-3 quarter turns clockwise)",
                    "ungültige Drehung {rotation} (0–3 Vierteldrehungen im Uhrzeigersinn)"
                ));
            }
            if quadrants[..i].iter().any(|q| q.tile == p.tile) {
                return Err(text!(
                    "tile {tile} is used twice (each tile goes on the board once)",
                    "Tableau {tile} kommt zweimal vor (jedes Tableau liegt genau einmal im Spielplan)"
                ));
            }
        }
        Ok(Layout { quadrants })
    }

    /// Reads board text (see the [module docs](self)); the error says what
    /// is wrong.
    pub fn parse(text: &str) -> Result<Layout, Text> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != 4 {
            let found = tokens.len();
            return Err(text!(
                "board text needs 4 tile tokens (top-left, top-right, bottom-left, bottom-right) \
                 like '1a0 2a0 3a0 4a0', found {found}",
                "der Spielplan braucht 4 Tableau-Angaben (oben links, oben rechts, unten links, \
                 unten rechts) wie „1a0 2a0 3a0 4a0“, gefunden: {found}"
            ));
        }
        let mut quadrants = [Layout::DEFAULT.quadrants[0]; 4];
        for (slot, token) in quadrants.iter_mut().zip(&tokens) {
            *slot = Placement::parse(token)?;
        }
        Layout::new(quadrants)
    }

    /// Reads the value of the `board` option: `default`, `random:SEED`
    /// (see [`Layout::random`]) or board text.
    pub fn from_option(text: &str) -> Result<Layout, Text> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("default") {
            return Ok(Layout::DEFAULT);
        }
        if let Some((word, seed)) = text.split_once(':')
            && word.trim().eq_ignore_ascii_case("random")
        {
            let seed = seed.trim();
            return seed.parse::<u64>().map(Layout::random).map_err(|_| {
                text!(
                    "'{seed}' is not a seed: write random:N with N from 0 to 2^64-1",
                    "„{seed}“ ist kein Startwert: schreibe random:N mit N von 0 bis 2^64-1"
                )
            });
        }
        Layout::parse(text).map_err(|reason| {
            let (en, de) = (&reason.en, &reason.de);
            text!(
                "{en} (or give 'default' or 'random:SEED')",
                "{de} (oder gib „default“ oder „random:ZAHL“ an)"
            )
        })
    }

    /// The board chosen by `seed`: assembly number
    /// [`mix64(seed)`](crate::zobrist::mix64) mod 98,304 (see
    /// [`Layout::from_index`]). SplitMix64 is fixed here, so a seed names the
    /// same board in every version and on every platform.
    #[must_use]
    pub fn random(seed: u64) -> Layout {
        Layout::from_index((mix64(seed) % u64::from(ASSEMBLIES)) as u32)
    }

    /// Assembly number `index` (taken mod 98,304): `order × 4096 + sides ×
    /// 256 + rotations`, where `order` (0–23) numbers the tile orders
    /// lexicographically, bit `q` of `sides` puts quadrant `q` back up, and
    /// bits `2q..2q+2` of `rotations` are quadrant `q`'s rotation.
    #[must_use]
    pub fn from_index(index: u32) -> Layout {
        let index = index % ASSEMBLIES;
        let (order, sides, rotations) = (index / 4096, (index / 256) % 16, index % 256);
        let mut left: Vec<u8> = (0..4).collect();
        let mut rest = order;
        let mut quadrants = Layout::DEFAULT.quadrants;
        for (q, slot) in quadrants.iter_mut().enumerate() {
            let radix = [6, 2, 1, 1][q];
            let tile = left.remove((rest / radix) as usize);
            rest %= radix;
            let side = if sides >> q & 1 == 1 { Side::Back } else { Side::Front };
            *slot = Placement { tile, side, rotation: (rotations >> (2 * q) & 3) as u8 };
        }
        Layout { quadrants }
    }

    /// The assembly number of this layout (inverse of [`Layout::from_index`]).
    #[must_use]
    pub fn index(&self) -> u32 {
        let mut left: Vec<u8> = (0..4).collect();
        let mut order = 0;
        let (mut sides, mut rotations) = (0, 0);
        for (q, p) in self.quadrants.iter().enumerate() {
            let at = left.iter().position(|&t| t == p.tile).expect("each tile once");
            left.remove(at);
            order += at as u32 * [6, 2, 1, 1][q];
            sides |= u32::from(p.side == Side::Back) << q;
            rotations |= u32::from(p.rotation) << (2 * q);
        }
        order * 4096 + sides * 256 + rotations
    }

    /// The same assembly with the whole board turned a quarter clockwise:
    /// each tile moves one quadrant clockwise and turns with it.
    #[must_use]
    pub fn turned(&self) -> Layout {
        let [top_left, top_right, bottom_left, bottom_right] = self.quadrants;
        let turn = |p: Placement| Placement { rotation: (p.rotation + 1) % 4, ..p };
        Layout { quadrants: [turn(bottom_left), turn(top_left), turn(bottom_right), turn(top_right)] }
    }

    /// The colour of every square, indexed by square (a1 = 0, b1 = 1, …,
    /// h8 = 63).
    #[must_use]
    pub fn colors(&self) -> [Color; 64] {
        let mut colors = [Color::Red; 64];
        for (q, placement) in self.quadrants.iter().enumerate() {
            let top_rank = if q < 2 { 7 } else { 3 };
            let left_file = if q % 2 == 0 { 0 } else { 4 };
            for (r, row) in placement.grid().iter().enumerate() {
                for (c, &color) in row.iter().enumerate() {
                    colors[(top_rank - r) * 8 + left_file + c] = color;
                }
            }
        }
        colors
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.quadrants;
        write!(f, "{a} {b} {c} {d}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn transposed(side: &str) -> String {
        let letters = side.as_bytes();
        (0..16).map(|i| letters[(i % 4) * 4 + i / 4] as char).collect()
    }

    #[test]
    fn each_back_is_its_front_transposed_and_each_side_has_four_of_each_colour() {
        for [front, back] in TILE_SIDES {
            assert_eq!(transposed(front), back);
            for side in [front, back] {
                for letter in ['R', 'Y', 'G', 'B'] {
                    assert_eq!(side.matches(letter).count(), 4, "{side}");
                }
            }
        }
    }

    #[test]
    fn default_board_fills_quadrants_row_by_row() {
        let colors = Layout::DEFAULT.colors();
        let rank = |r: usize| -> String { (0..8).map(|f| colors[r * 8 + f].letter()).collect() };
        let expected =
            ["GRYBGRYB", "BBRGBGRG", "YYGRYYBR", "RGBYRGBY", "BGRYYRBG", "YYBRBBGR", "GRGBGYRY", "RYBGRYGB"];
        for (r, row) in expected.iter().enumerate() {
            assert_eq!(&rank(r), row, "rank {}", r + 1);
        }
    }

    #[test]
    fn rotation_turns_clockwise() {
        let p = |rotation| Placement { tile: 0, side: Side::Front, rotation }.grid();
        // Tile 1 front: top row R Y B G, left column R G Y B (top to bottom).
        // A quarter turn clockwise puts the left column, read bottom to top,
        // on the top row.
        let top: String = p(1)[0].iter().map(|c| c.letter()).collect();
        assert_eq!(top, "BYGR");
        let twice: String = p(2)[0].iter().map(|c| c.letter()).collect();
        assert_eq!(twice, "YRGB");
        assert_eq!(p(0), Placement { tile: 0, side: Side::Front, rotation: 0 }.grid());
    }

    #[test]
    fn back_side_placements_are_the_reflections_of_the_front() {
        for tile in 0..4 {
            let grids: HashSet<_> = (0..8)
                .map(|i| {
                    let side = if i < 4 { Side::Front } else { Side::Back };
                    Placement { tile, side, rotation: i % 4 }.grid()
                })
                .collect();
            // The 8 symmetries of the square applied to the front; all
            // differ because no front is symmetric.
            assert_eq!(grids.len(), 8, "tile {}", tile + 1);
            let front = Placement { tile, side: Side::Front, rotation: 0 }.grid();
            let mirrored = front.map(|mut row| {
                row.reverse();
                row
            });
            assert!(grids.contains(&mirrored));
        }
    }

    #[test]
    fn turning_the_layout_turns_the_board_clockwise() {
        for index in (0..ASSEMBLIES).step_by(97) {
            let layout = Layout::from_index(index);
            let (before, after) = (layout.colors(), layout.turned().colors());
            for rank in 0..8 {
                for file in 0..8 {
                    // Row r from the top, column c: (r, c) goes to (c, 7 - r).
                    let (r, c) = (7 - rank, file);
                    let (r2, c2) = (c, 7 - r);
                    assert_eq!(after[(7 - r2) * 8 + c2], before[rank * 8 + file]);
                }
            }
            assert_eq!(layout.turned().turned().turned().turned(), layout);
        }
    }

    #[test]
    fn every_assembly_has_sixteen_squares_of_each_colour_and_round_trips() {
        let mut texts = HashSet::new();
        for index in 0..ASSEMBLIES {
            let layout = Layout::from_index(index);
            assert_eq!(layout.index(), index);
            let colors = layout.colors();
            for color in [Color::Red, Color::Yellow, Color::Green, Color::Blue] {
                assert_eq!(colors.iter().filter(|&&c| c == color).count(), 16, "{layout}");
            }
            let text = layout.to_string();
            assert_eq!(Layout::parse(&text), Ok(layout));
            texts.insert(text);
        }
        assert_eq!(texts.len(), 98_304);
    }

    #[test]
    fn all_assemblies_colour_the_board_differently() {
        let colorings: HashSet<[Color; 64]> =
            (0..ASSEMBLIES).map(|i| Layout::from_index(i).colors()).collect();
        assert_eq!(colorings.len(), 98_304);
    }

    #[test]
    fn board_text_reads_and_writes() {
        assert_eq!(Layout::DEFAULT.to_string(), "1a0 2a0 3a0 4a0");
        let layout = Layout::parse("  3B2 1a0  4b3 2a1 ").unwrap();
        assert_eq!(layout.to_string(), "3b2 1a0 4b3 2a1");
        assert_eq!(layout.quadrants()[0], Placement { tile: 2, side: Side::Back, rotation: 2 });
    }

    #[test]
    fn bad_board_text_is_rejected_with_the_reason() {
        let error = |text| Layout::parse(text).unwrap_err().en;
        assert_eq!(
            error("1a0 2a0 3a0"),
            "board text needs 4 tile tokens (top-left, top-right, bottom-left, bottom-right) \
             like '1a0 2a0 3a0 4a0', found 3"
        );
        assert_eq!(error("5a0 2a0 3a0 4a0"), "'5a0': unknown tile '5' (tiles are 1-4)");
        assert_eq!(error("1c0 2a0 3a0 4a0"), "'1c0': bad side 'c' (a = front, b = back)");
        assert_eq!(error("1a0 2a4 3a0 4a0"), "'2a4': bad rotation '4' (0-3 quarter turns clockwise)");
        assert_eq!(error("1a0 2a0 1b0 4a0"), "tile 1 is used twice (each tile goes on the board once)");
        assert_eq!(
            error("1a 2a0 3a0 4a0"),
            "'1a' is not a tile token: write tile (1-4), side (a/b) and rotation (0-3), like '1a0'"
        );
    }

    #[test]
    fn board_option_values() {
        assert_eq!(Layout::from_option("default"), Ok(Layout::DEFAULT));
        assert_eq!(Layout::from_option("random:7"), Ok(Layout::random(7)));
        assert_eq!(Layout::from_option("Random: 7"), Ok(Layout::random(7)));
        assert_eq!(Layout::from_option("2b1 1a0 3a0 4a3").unwrap().to_string(), "2b1 1a0 3a0 4a3");
        assert_eq!(
            Layout::from_option("random:x").unwrap_err().en,
            "'x' is not a seed: write random:N with N from 0 to 2^64-1"
        );
        assert_eq!(
            Layout::from_option("1a0 1a0 3a0 4a0").unwrap_err().en,
            "tile 1 is used twice (each tile goes on the board once) (or give 'default' or 'random:SEED')"
        );
    }

    #[test]
    fn random_boards_are_fixed_by_their_seed() {
        // Regression values: SplitMix64 is part of the board option's meaning.
        assert_eq!(Layout::random(1).to_string(), "3a1 1a0 4b0 2b3");
        assert_eq!(Layout::random(2).to_string(), "1a2 4b3 3b0 2a3");
        assert_eq!(Layout::random(42).to_string(), "2a1 1b1 3b1 4b2");
        assert_ne!(Layout::random(1), Layout::random(2));
        let seen: HashSet<Layout> = (0..1000).map(Layout::random).collect();
        assert!(seen.len() > 990);
    }
}
