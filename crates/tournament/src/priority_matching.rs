//! Pairing by criteria in order of importance: a perfect (or, with an odd
//! number, near-perfect) matching whose costs are least on the first
//! criterion, then on the second, and so on.

use crate::matching::{Edge, maximum_weight_matching};

/// The pairs `(a, b)` with `a < b` of a maximum-cardinality matching of
/// `vertices` over the given edges whose summed costs are lexicographically
/// least. `costs` lists each edge once as `(a, b, criteria)`.
///
/// The criteria are folded into one weight with multipliers large enough
/// that each criterion outweighs all later ones together.
///
/// # Panics
///
/// When the folded weights do not fit in 128 bits (far beyond a few
/// hundred vertices with small costs).
pub fn least_cost_pairs<const K: usize>(
    vertices: usize,
    costs: &[(usize, usize, [u64; K])],
) -> Vec<(usize, usize)> {
    let edges_in_matching = (vertices / 2) as i128;
    let mut multipliers = [0i128; K];
    let mut multiplier: i128 = 1;
    for level in (0..K).rev() {
        multipliers[level] = multiplier;
        let largest = costs.iter().map(|(_, _, c)| c[level]).max().unwrap_or(0);
        let bound = i128::from(largest) * edges_in_matching + 1;
        multiplier = multiplier.checked_mul(bound).expect("the criteria fit in 128 bits");
    }
    // `multiplier` now exceeds the cost of any whole matching: subtracting
    // each edge's cost from it keeps every weight positive.
    let edges: Vec<Edge> = costs
        .iter()
        .map(|&(a, b, cost)| Edge {
            a,
            b,
            weight: multiplier - cost.iter().zip(multipliers).map(|(&c, m)| i128::from(c) * m).sum::<i128>(),
        })
        .collect();
    maximum_weight_matching(vertices, &edges, true)
        .iter()
        .enumerate()
        .filter_map(|(a, mate)| mate.filter(|&b| a < b).map(|b| (a, b)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_criterion_outweighs_all_later_ones() {
        // Pairing 0–1 and 2–3 costs 1 on the first criterion; 0–2 and 1–3
        // cost nothing there but much on the second.
        let costs = [
            (0, 1, [1, 0]),
            (2, 3, [0, 0]),
            (0, 2, [0, 50]),
            (1, 3, [0, 50]),
            (0, 3, [1, 0]),
            (1, 2, [1, 0]),
        ];
        assert_eq!(least_cost_pairs(4, &costs), vec![(0, 2), (1, 3)]);
    }

    #[test]
    fn an_odd_vertex_count_leaves_one_out() {
        let costs = [(0, 1, [3]), (1, 2, [1]), (0, 2, [2])];
        assert_eq!(least_cost_pairs(3, &costs), vec![(1, 2)]);
    }
}
