//! The end of a season: promotion and relegation between divisions.

use crate::player::PlayerId;

/// The divisions of the next season, from the final tables of this one.
///
/// `divisions[0]` is the top division; each lists its players in final
/// order, first place first. The top `moving` of each division but the
/// top one go up one division and the bottom `moving` of each but the
/// last go down one (in a division too small for both, at most half of it
/// moves each way). A new division lists those coming down, then those
/// staying, then those coming up, each in their final order.
pub fn next_season(divisions: &[Vec<PlayerId>], moving: usize) -> Vec<Vec<PlayerId>> {
    let last = divisions.len().saturating_sub(1);
    let up = |d: usize| {
        if d == 0 { 0 } else { moving.min(divisions[d].len() / 2) }
    };
    let down = |d: usize| {
        if d == last { 0 } else { moving.min(divisions[d].len() / 2) }
    };
    (0..divisions.len())
        .map(|d| {
            let players = &divisions[d];
            let mut next = Vec::new();
            if d > 0 {
                let above = &divisions[d - 1];
                next.extend_from_slice(&above[above.len() - down(d - 1)..]);
            }
            next.extend_from_slice(&players[up(d)..players.len() - down(d)]);
            if d < last {
                next.extend_from_slice(&divisions[d + 1][..up(d + 1)]);
            }
            next
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn division(ids: std::ops::RangeInclusive<u32>) -> Vec<PlayerId> {
        ids.map(PlayerId).collect()
    }

    #[test]
    fn the_top_go_up_and_the_bottom_go_down() {
        let divisions = vec![division(1..=6), division(11..=16), division(21..=26)];
        let next = next_season(&divisions, 2);
        assert_eq!(
            next,
            vec![
                [1, 2, 3, 4, 11, 12].map(PlayerId).to_vec(),
                [5, 6, 13, 14, 21, 22].map(PlayerId).to_vec(),
                [15, 16, 23, 24, 25, 26].map(PlayerId).to_vec(),
            ]
        );
    }

    #[test]
    fn a_single_division_stays_as_it_is_and_small_ones_move_at_most_half() {
        assert_eq!(next_season(&[division(1..=4)], 2), vec![division(1..=4)]);
        let next = next_season(&[division(1..=2), division(11..=13)], 5);
        assert_eq!(next, vec![[1, 11].map(PlayerId).to_vec(), [2, 12, 13].map(PlayerId).to_vec(),]);
    }

    #[test]
    fn everyone_stays_in_exactly_one_division_of_the_same_size() {
        for count in 1..=4u32 {
            for size in 1..=8u32 {
                for moving in 0..=5 {
                    let divisions: Vec<Vec<PlayerId>> =
                        (0..count).map(|d| division(d * 100 + 1..=d * 100 + size)).collect();
                    let next = next_season(&divisions, moving);
                    let mut before: Vec<PlayerId> = divisions.concat();
                    let mut after: Vec<PlayerId> = next.concat();
                    before.sort_unstable();
                    after.sort_unstable();
                    assert_eq!(after, before);
                    assert!(next.iter().all(|d| d.len() == size as usize));
                    // The winner of the top division stays there, the last
                    // of the bottom one stays there.
                    assert!(next[0].contains(&divisions[0][0]));
                    let last = divisions.len() - 1;
                    assert!(next[last].contains(divisions[last].last().unwrap()));
                }
            }
        }
    }
}
