//! Axial hex coordinates and the six directions.

/// A cell of the hex plane in axial coordinates `(q, r)`: `q` grows to the
/// east, `r` to the south-east (rows are horizontal, pointy-top hexes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Hex {
    /// Column coordinate (east).
    pub q: i32,
    /// Row coordinate (south); one row is one `r`.
    pub r: i32,
}

/// The six directions, counter-clockwise from east, as axial steps:
/// `0=E 1=NE 2=NW 3=W 4=SW 5=SE`. A stone code lists its arrows in this order.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The names of the six directions, in [`DIRECTIONS`] order.
pub const DIRECTION_NAMES: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

/// The German names of the six directions (Ost, Nordost, …), in
/// [`DIRECTIONS`] order.
pub const DIRECTION_NAMES_DE: [&str; 6] = ["O", "NO", "NW", "W", "SW", "SO"];

impl Hex {
    /// The cell `(q, r)`.
    #[must_use]
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The cell `distance` steps away in direction `direction` (0..6); a
    /// negative distance steps backwards.
    #[must_use]
    pub fn step(self, direction: usize, distance: i32) -> Hex {
        let (dq, dr) = DIRECTIONS[direction];
        Hex { q: self.q + dq * distance, r: self.r + dr * distance }
    }

    /// The hex distance between two cells.
    #[must_use]
    pub fn distance(self, other: Hex) -> i32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_directions_cancel_and_distance_counts_steps() {
        let origin = Hex::new(0, 0);
        for d in 0..6 {
            assert_eq!(origin.step(d, 2).step((d + 3) % 6, 2), origin);
            assert_eq!(origin.distance(origin.step(d, 3)), 3);
        }
        assert_eq!(Hex::new(2, -1).distance(Hex::new(-1, 1)), 3);
    }
}
