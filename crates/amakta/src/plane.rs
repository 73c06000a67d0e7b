//! The unbounded hex plane of Amakta Infinit: every cell is playable, the
//! two bases lie on the row `r = 0` at an agreed distance, and per-cell
//! values are stored sparsely.
//!
//! Coordinates are axial `(q, r)` as everywhere in the crate, with White's
//! base at `(0, 0)` and Black's base at `(d, 0)` (see
//! [`WHITE_BASE_WEST`]). A cell is named by
//! its coordinates, `q,r`: `0,0`, `8,0`, `3,-2` (parentheses are accepted
//! when reading, `(3,-2)`).

use crate::Colour;
use crate::board::{Board, CellMap, CellValue};
use crate::hex::Hex;
use crate::rules::WHITE_BASE_WEST;
use game::{Text, text};
use std::fmt;

/// Smallest and largest agreed distance between the bases.
pub const DISTANCE_RANGE: (i32, i32) = (1, 100);

/// The unbounded plane with the bases `distance` cells apart on row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plane {
    distance: i32,
}

impl Plane {
    /// The plane with bases `distance` cells apart, or why not (the
    /// distance must lie in [`DISTANCE_RANGE`]).
    pub fn new(distance: i32) -> Result<Plane, Text> {
        let (low, high) = DISTANCE_RANGE;
        if (low..=high).contains(&distance) {
            Ok(Plane { distance })
        } else {
            Err(text!(
                "the distance of the bases must be {low} to {high}, not {distance}",
                "der Abstand der Basisfelder muss zwischen {low} und {high} liegen, nicht {distance}"
            ))
        }
    }

    /// The distance between the bases.
    #[must_use]
    pub fn distance(self) -> i32 {
        self.distance
    }
}

/// Packs a cell into a key that orders cells row by row (`r`), then west
/// to east (`q`) — the order of the dense maps of bounded boards.
fn key(cell: Hex) -> u64 {
    u64::from((cell.r as u32) ^ 0x8000_0000) << 32 | u64::from((cell.q as u32) ^ 0x8000_0000)
}

fn cell_of(key: u64) -> Hex {
    Hex::new(((key as u32) ^ 0x8000_0000) as i32, (((key >> 32) as u32) ^ 0x8000_0000) as i32)
}

/// Sparse per-cell storage: the cells holding a value other than the
/// default, sorted row by row. Setting a cell back to the default forgets
/// it, so the map only ever holds the cells near the stones and bases.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SparseMap<T> {
    entries: Vec<(u64, T)>,
}

impl<T: CellValue> CellMap<T> for SparseMap<T> {
    #[inline]
    fn get(&self, cell: Hex) -> T {
        let key = key(cell);
        self.entries.binary_search_by_key(&key, |e| e.0).map_or_else(|_| T::default(), |i| self.entries[i].1)
    }

    fn set(&mut self, cell: Hex, value: T) {
        let key = key(cell);
        match (self.entries.binary_search_by_key(&key, |e| e.0), value == T::default()) {
            (Ok(i), true) => {
                self.entries.remove(i);
            }
            (Ok(i), false) => self.entries[i].1 = value,
            (Err(_), true) => {}
            (Err(i), false) => self.entries.insert(i, (key, value)),
        }
    }

    fn non_default(&self) -> impl Iterator<Item = (Hex, T)> + '_ {
        self.entries.iter().map(|&(key, value)| (cell_of(key), value))
    }
}

impl Board for Plane {
    type Map<T: CellValue> = SparseMap<T>;

    #[inline]
    fn contains(&self, _cell: Hex) -> bool {
        true
    }

    fn base(&self, colour: Colour) -> Hex {
        let (west, east) = (Hex::new(0, 0), Hex::new(self.distance, 0));
        match (colour, WHITE_BASE_WEST) {
            (Colour::White, true) | (Colour::Black, false) => west,
            _ => east,
        }
    }

    fn new_map<T: CellValue>(&self) -> SparseMap<T> {
        SparseMap { entries: Vec::new() }
    }

    fn write_cell_name(&self, cell: Hex, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "{},{}", cell.q, cell.r)
    }

    fn parse_cell(&self, text: &str) -> Result<Hex, Text> {
        let bare = text.trim().trim_start_matches('(').trim_end_matches(')');
        let parsed =
            bare.split_once(',').and_then(|(q, r)| Some((q.trim().parse().ok()?, r.trim().parse().ok()?)));
        let (q, r): (i32, i32) = parsed.ok_or_else(|| {
            text!(
                "'{text}' is not a cell (axial coordinates q,r such as 3,-1)",
                "„{text}“ ist kein Feld (axiale Koordinaten q,r wie 3,-1)"
            )
        })?;
        const FAR: i32 = 1_000_000;
        if q.abs() > FAR || r.abs() > FAR {
            return Err(text!(
                "'{text}' is too far out (coordinates up to {FAR})",
                "„{text}“ liegt zu weit draußen (Koordinaten bis {FAR})"
            ));
        }
        Ok(Hex::new(q, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_map_forgets_defaults_and_iterates_row_by_row() {
        let mut map: SparseMap<u8> = Plane::new(4).unwrap().new_map();
        for (q, r) in [(3, 1), (-2, 1), (5, -7), (0, 0)] {
            map.set(Hex::new(q, r), 1);
        }
        map.set(Hex::new(0, 0), 0);
        map.set(Hex::new(9, 9), 0);
        let cells: Vec<Hex> = map.non_default().map(|(c, _)| c).collect();
        assert_eq!(cells, [Hex::new(5, -7), Hex::new(-2, 1), Hex::new(3, 1)]);
        assert_eq!(map.get(Hex::new(-2, 1)), 1);
        assert_eq!(map.get(Hex::new(1_000, -1_000)), 0);
    }

    #[test]
    fn cells_are_named_by_axial_coordinates() {
        let plane = Plane::new(8).unwrap();
        assert_eq!(plane.base(Colour::White), Hex::new(0, 0));
        assert_eq!(plane.base(Colour::Black), Hex::new(8, 0));
        assert_eq!(plane.cell_name(Hex::new(3, -2)), "3,-2");
        assert_eq!(plane.parse_cell("(3,-2)"), Ok(Hex::new(3, -2)));
        assert_eq!(plane.parse_cell("-12,7"), Ok(Hex::new(-12, 7)));
        assert_eq!(
            plane.parse_cell("e5").unwrap_err().to_string(),
            "'e5' is not a cell (axial coordinates q,r such as 3,-1)"
        );
        assert_eq!(
            Plane::new(0).unwrap_err().to_string(),
            "the distance of the bases must be 1 to 100, not 0"
        );
    }
}
