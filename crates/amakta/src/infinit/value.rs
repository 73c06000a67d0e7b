//! The value of a stone in Amakta Infinit (rules section 8):
//! `2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s`, with `a` the single
//! arrows (two differently coloured arrows in one direction count as two),
//! `b` the same-coloured double arrows and `s` the circle: 1 none, 2
//! reinforcement and — a decision, the seed's number was lost — 1/2 damage.
//!
//! Written with `h = 2s` (2, 4, 1) the value is the integer
//! `a(a-1) + ah + 5b(b-1) + 5bh + 6ab + h`; so the empty stone without
//! circle is worth 2, `100000` 4, `400000` 12, and every stone with damage
//! `a² + 5b² + 6ab + 1`.

use crate::colour::Circle;
use crate::stones::Stone;
use std::sync::OnceLock;

/// The single arrows `a` and the double arrows `b` of a stone.
#[must_use]
pub fn arrow_counts(stone: Stone) -> (u32, u32) {
    stone.digits().iter().fold((0, 0), |(a, b), &digit| match digit {
        1..=3 => (a + 1, b),
        4..=6 => (a, b + 1),
        7..=9 => (a + 2, b),
        _ => (a, b),
    })
}

/// The arrows of a stone, a double arrow counting two.
#[must_use]
pub fn arrow_total(stone: Stone) -> u32 {
    (0..6).map(|d| stone.arrows(d).len() as u32).sum()
}

/// Twice the circle's `s`: 2 none, 4 reinforcement, 1 damage.
fn double_s(circle: Circle) -> u32 {
    match circle {
        Circle::None => 2,
        Circle::Reinforcement => 4,
        Circle::Damage => 1,
    }
}

/// The value of a stone (any orientation) with a circle.
#[must_use]
pub fn stone_value(stone: Stone, circle: Circle) -> u32 {
    let (a, b) = arrow_counts(stone);
    let h = double_s(circle);
    a * (a.saturating_sub(1)) + a * h + 5 * b * b.saturating_sub(1) + 5 * b * h + 6 * a * b + h
}

/// What `spielwerk amakta value CODE [--circle …]` prints: the counts, `s`
/// and the value, e.g. `stone 100000 (canonical 000001), circle none: a=1
/// b=0 s=1 value=4`.
#[must_use]
pub fn value_text(stone: Stone, circle: Circle) -> String {
    let (a, b) = arrow_counts(stone);
    let s = match circle {
        Circle::None => "1",
        Circle::Reinforcement => "2",
        Circle::Damage => "1/2",
    };
    format!(
        "stone {stone} (canonical {}), circle {}: a={a} b={b} s={s} value={}",
        stone.canonical(),
        circle.name(),
        stone_value(stone, circle)
    )
}

/// Every distinct stone (canonical code), smallest code first: 86185.
pub fn all_stones() -> &'static [Stone] {
    static STONES: OnceLock<Vec<Stone>> = OnceLock::new();
    STONES
        .get_or_init(|| (0..1_000_000).filter_map(Stone::from_number).filter(|s| s.is_canonical()).collect())
}

/// Every stone of [`all_stones`], in the same order, with its values with
/// the circles of [`Circle::ALL`], worked out once: stone creation's legal
/// moves are listed from it.
pub(crate) fn valued_stones() -> &'static [(Stone, [u32; 3])] {
    static VALUED: OnceLock<Vec<(Stone, [u32; 3])>> = OnceLock::new();
    VALUED.get_or_init(|| {
        all_stones()
            .iter()
            .map(|&stone| (stone, Circle::ALL.map(|circle| stone_value(stone, circle))))
            .collect()
    })
}

/// How many of `values` are at most `left`: the circles a stone can be
/// created with from `left` points.
pub(crate) fn affordable(values: [u32; 3], left: u32) -> usize {
    values.iter().filter(|&&value| value <= left).count()
}

/// Stones per block of [`affordable_in_block`]'s table.
pub(crate) const BLOCK: usize = 256;

/// How many (stone, circle) pairs of block `block` of [`valued_stones`]
/// (the stones from `block * BLOCK` on) cost at most `left` points:
/// looked up in a table worked out once, so that stone creation's moves
/// are counted and picked by index without walking all 86,185 stones.
pub(crate) fn affordable_in_block(block: usize, left: u32) -> usize {
    static TABLE: OnceLock<(u32, Vec<Vec<u32>>)> = OnceLock::new();
    let (max_value, blocks) = TABLE.get_or_init(|| {
        let stones = valued_stones();
        let max_value = stones.iter().flat_map(|(_, values)| *values).max().unwrap_or(0);
        let blocks = stones
            .chunks(BLOCK)
            .map(|chunk| {
                let mut counts = vec![0; max_value as usize + 1];
                for &(_, values) in chunk {
                    for value in values {
                        counts[value as usize] += 1;
                    }
                }
                counts
                    .iter()
                    .scan(0, |sum, count| {
                        *sum += count;
                        Some(*sum)
                    })
                    .collect()
            })
            .collect();
        (max_value, blocks)
    });
    blocks.get(block).map_or(0, |counts| counts[left.min(*max_value) as usize] as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(code: &str, circle: Circle) -> u32 {
        stone_value(Stone::parse(code).unwrap(), circle)
    }

    #[test]
    fn block_counts_agree_with_the_stones() {
        let stones = valued_stones();
        for left in [0, 1, 2, 5, 17, 40, 123, 1_000] {
            for block in [0, 7, stones.len() / BLOCK] {
                let end = ((block + 1) * BLOCK).min(stones.len());
                let counted: usize =
                    stones[block * BLOCK..end].iter().map(|&(_, values)| affordable(values, left)).sum();
                assert_eq!(affordable_in_block(block, left), counted, "block {block}, {left} points");
            }
        }
        assert_eq!(affordable_in_block(stones.len() / BLOCK + 1, 50), 0);
    }

    #[test]
    fn the_examples_of_the_rules() {
        assert_eq!(value("000000", Circle::None), 2);
        assert_eq!(value("100000", Circle::None), 4);
        assert_eq!(value("400000", Circle::None), 12);
    }

    #[test]
    fn single_double_and_mixed_arrows_are_counted_apart() {
        assert_eq!(arrow_counts(Stone::parse("123000").unwrap()), (3, 0));
        assert_eq!(arrow_counts(Stone::parse("700000").unwrap()), (2, 0), "blue+green: two singles");
        assert_eq!(arrow_counts(Stone::parse("450000").unwrap()), (0, 2));
        assert_eq!(arrow_counts(Stone::parse("948000").unwrap()), (4, 1));
    }

    #[test]
    fn values_follow_the_formula_for_every_circle() {
        // s = 1: a² + a + 5b² + 5b + 6ab + 2
        assert_eq!(value("110000", Circle::None), 4 + 2 + 2);
        assert_eq!(value("440000", Circle::None), 20 + 10 + 2);
        assert_eq!(value("410000", Circle::None), 1 + 1 + 5 + 5 + 6 + 2);
        // s = 2: a² + 3a + 5b² + 15b + 6ab + 4
        assert_eq!(value("000000", Circle::Reinforcement), 4);
        assert_eq!(value("100000", Circle::Reinforcement), 1 + 3 + 4);
        assert_eq!(value("400000", Circle::Reinforcement), 5 + 15 + 4);
        assert_eq!(value("410000", Circle::Reinforcement), 1 + 3 + 5 + 15 + 6 + 4);
        // s = 1/2 [decision]: a² + 5b² + 6ab + 1
        assert_eq!(value("000000", Circle::Damage), 1);
        assert_eq!(value("100000", Circle::Damage), 2);
        assert_eq!(value("400000", Circle::Damage), 6);
        assert_eq!(value("410000", Circle::Damage), 1 + 5 + 6 + 1);
        assert_eq!(value("990000", Circle::Damage), 16 + 1);
        // the most expensive stone: six red double arrows with reinforcement
        assert_eq!(value("666666", Circle::Reinforcement), 5 * 36 + 15 * 6 + 4);
    }

    #[test]
    fn orientation_does_not_change_the_value() {
        let stone = Stone::parse("120450").unwrap();
        for orientation in stone.orientations() {
            assert_eq!(stone_value(orientation, Circle::Damage), stone_value(stone, Circle::Damage));
        }
        assert_eq!(
            value_text(Stone::parse("010000").unwrap(), Circle::Damage),
            "stone 010000 (canonical 000001), circle damage: a=1 b=0 s=1/2 value=2"
        );
        assert_eq!(all_stones().len(), 86185);
        let valued: Vec<Stone> = valued_stones().iter().map(|&(stone, _)| stone).collect();
        assert_eq!(valued, all_stones());
        for &(stone, values) in valued_stones().iter().step_by(97) {
            assert_eq!(values, Circle::ALL.map(|circle| stone_value(stone, circle)));
        }
    }
}
