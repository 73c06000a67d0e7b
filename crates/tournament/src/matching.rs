//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm
//! with the primal–dual method, in O(n³).
//!
//! The structure follows the well-known description by Joris van Rantwijk
//! ("Maximum weighted matching", after Galil, "Efficient algorithms for
//! finding maximum matching in graphs", 1986): S- and T-labels on
//! alternating trees, blossoms shrunk when two S-vertices meet, dual
//! variables on vertices and blossoms, and four kinds of dual change
//! (`delta` 1 to 4). Weights are integers; they are doubled inside so that
//! every dual variable stays an integer.

/// One undirected edge: two vertex indices and a weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// One end.
    pub a: usize,
    /// The other end (different from `a`).
    pub b: usize,
    /// The weight; the matching maximises the sum over its edges.
    pub weight: i128,
}

/// A maximum-weight matching of `vertex_count` vertices over `edges`.
///
/// With `max_cardinality`, only matchings with the greatest possible number
/// of edges are considered, and among them one of greatest weight is
/// returned. The answer has one entry per vertex: its partner, or `None`.
/// At most one edge may join two vertices; no edge may join a vertex to
/// itself.
pub fn maximum_weight_matching(
    vertex_count: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if edges.is_empty() {
        return vec![None; vertex_count];
    }
    let mut solver = Solver::new(vertex_count, edges, max_cardinality);
    solver.solve();
    solver.mate.iter().map(|&p| (p != NONE).then(|| solver.endpoint[p])).collect()
}

/// "No endpoint / no edge / no blossom".
const NONE: usize = usize::MAX;

/// Labels of vertices and top-level blossoms.
const FREE: u8 = 0;
/// An outer vertex or blossom (even distance from a tree root).
const S: u8 = 1;
/// An inner vertex or blossom (odd distance from a tree root).
const T: u8 = 2;
/// A breadcrumb left by [`Solver::scan_blossom`] on an S-blossom.
const VISITED: u8 = 4;

/// The working state of one run.
struct Solver {
    /// Number of vertices; blossoms are numbered `n..2n`.
    n: usize,
    /// Twice the edge weights (keeps the duals integral).
    weight: Vec<i128>,
    /// Endpoint `p` of edge `p / 2`: `2k` is its first vertex, `2k + 1` the
    /// second.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbour_ends: Vec<Vec<usize>>,
    /// Whether only maximum-cardinality matchings count.
    max_cardinality: bool,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    /// Label of each vertex and blossom.
    label: Vec<u8>,
    /// The endpoint through which a vertex or blossom got its label.
    label_end: Vec<usize>,
    /// The top-level blossom containing each vertex.
    in_blossom: Vec<usize>,
    /// The blossom immediately containing each vertex or blossom.
    blossom_parent: Vec<usize>,
    /// The sub-blossoms of each blossom, in cycle order from its base.
    blossom_children: Vec<Vec<usize>>,
    /// The base vertex of each blossom.
    blossom_base: Vec<usize>,
    /// The endpoints joining consecutive sub-blossoms.
    blossom_ends: Vec<Vec<usize>>,
    /// Least-slack edge to a different S-blossom.
    best_edge: Vec<usize>,
    /// For S-blossoms: least-slack edges to each neighbouring S-blossom.
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unused_blossoms: Vec<usize>,
    /// Dual variables of vertices, then of blossoms.
    dual: Vec<i128>,
    /// Edges known to have zero slack.
    allowed: Vec<bool>,
    /// S-vertices still to scan.
    queue: Vec<usize>,
}

impl Solver {
    /// Prepares the state for `n` vertices.
    fn new(n: usize, edges: &[Edge], max_cardinality: bool) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbour_ends = vec![Vec::new(); n];
        let mut weight = Vec::with_capacity(edges.len());
        for (k, edge) in edges.iter().enumerate() {
            assert!(edge.a != edge.b && edge.a < n && edge.b < n, "bad edge");
            endpoint.push(edge.a);
            endpoint.push(edge.b);
            neighbour_ends[edge.a].push(2 * k + 1);
            neighbour_ends[edge.b].push(2 * k);
            weight.push(2 * edge.weight);
        }
        let max_weight = weight.iter().copied().max().unwrap_or(0).max(0);
        let mut dual = vec![max_weight / 2; n];
        dual.resize(2 * n, 0);
        let mut blossom_base: Vec<usize> = (0..n).collect();
        blossom_base.resize(2 * n, NONE);
        Solver {
            n,
            weight,
            endpoint,
            neighbour_ends,
            max_cardinality,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_base,
            blossom_ends: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// The slack of edge `k` (twice the weight scale).
    fn slack(&self, k: usize) -> i128 {
        self.dual[self.endpoint[2 * k]] + self.dual[self.endpoint[2 * k + 1]] - self.weight[k]
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.blossom_children[x].iter().copied());
            }
        }
        out
    }

    /// Labels the top-level blossom of `w` with `t` through endpoint `p`.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == S {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base_mate = self.mate[self.blossom_base[b]];
            self.assign_label(self.endpoint[base_mate], S, base_mate ^ 1);
        }
    }

    /// Traces back from `v` and `w` to a common S-blossom: returns its base
    /// (a new blossom forms) or `NONE` (an augmenting path exists).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & VISITED != 0 {
                base = self.blossom_base[b];
                break;
            }
            path.push(b);
            self.label[b] = S | VISITED;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    /// Shrinks the cycle through edge `k` and the tree paths to `base` into
    /// a new S-blossom.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused_blossoms.pop().expect("a free blossom number");
        self.blossom_base[b] = base;
        self.blossom_parent[b] = NONE;
        self.blossom_parent[bb] = b;
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.blossom_parent[bv] = b;
            path.push(bv);
            ends.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.blossom_parent[bw] = b;
            path.push(bw);
            ends.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.blossom_children[b] = path.clone();
        self.blossom_ends[b] = ends;
        self.label[b] = S;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = 0;
        for leaf in self.leaves(b) {
            if self.label[self.in_blossom[leaf]] == T {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[sub].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(sub)
                    .into_iter()
                    .map(|leaf| self.neighbour_ends[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for edge in list {
                    // The end of the edge outside the new blossom (if any).
                    let far = if self.in_blossom[self.endpoint[2 * edge + 1]] == b {
                        self.endpoint[2 * edge]
                    } else {
                        self.endpoint[2 * edge + 1]
                    };
                    let bj = self.in_blossom[far];
                    if bj != b
                        && self.label[bj] == S
                        && (best_to[bj] == NONE || self.slack(edge) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = edge;
                    }
                }
            }
            self.best_edge[sub] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&e| e != NONE).collect();
        self.best_edge[b] = NONE;
        for &edge in &best {
            if self.best_edge[b] == NONE || self.slack(edge) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = edge;
            }
        }
        self.blossom_best_edges[b] = Some(best);
    }

    /// Index `j` (possibly negative) into a cycle of length `len`.
    fn cyclic(j: isize, len: usize) -> usize {
        j.rem_euclid(len as isize) as usize
    }

    /// Undoes blossom `b`: its children become top-level blossoms. Within a
    /// stage (`end_stage` false) a T-blossom's children get T- or no labels
    /// again; at the end of a stage, blossoms with zero dual expand
    /// recursively.
    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        let children = self.blossom_children[b].clone();
        for &s in &children {
            self.blossom_parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == T {
            let len = children.len();
            let ends = self.blossom_ends[b].clone();
            let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let mut j = children.iter().position(|&c| c == entry_child).expect("entry child") as isize;
            let (step, trick): (isize, usize) = if j & 1 == 1 {
                j -= len as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let end_at = |j: isize| ends[Self::cyclic(j - trick as isize, len)];
            let mut p = self.label_end[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = FREE;
                self.label[self.endpoint[end_at(j) ^ trick ^ 1]] = FREE;
                self.assign_label(self.endpoint[p ^ 1], T, p);
                self.allowed[end_at(j) / 2] = true;
                j += step;
                p = end_at(j) ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = children[Self::cyclic(j, len)];
            let entry = self.endpoint[p ^ 1];
            self.label[entry] = T;
            self.label[bv] = T;
            self.label_end[entry] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while children[Self::cyclic(j, len)] != entry_child {
                let bv = children[Self::cyclic(j, len)];
                if self.label[bv] == S {
                    j += step;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE) {
                    self.label[v] = FREE;
                    let base_mate = self.mate[self.blossom_base[bv]];
                    self.label[self.endpoint[base_mate]] = FREE;
                    self.assign_label(v, T, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = NONE;
        self.blossom_children[b] = Vec::new();
        self.blossom_ends[b] = Vec::new();
        self.blossom_base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Swaps matched and unmatched edges on the path inside blossom `b`
    /// from vertex `v` to the base; `v` becomes the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossom_parent[t] != b {
            t = self.blossom_parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let children = self.blossom_children[b].clone();
        let ends = self.blossom_ends[b].clone();
        let len = children.len();
        let i = children.iter().position(|&c| c == t).expect("child");
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if i & 1 == 1 {
            j -= len as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = children[Self::cyclic(j, len)];
            let p = ends[Self::cyclic(j - trick as isize, len)] ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = children[Self::cyclic(j, len)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let mut rotated_children = children[i..].to_vec();
        rotated_children.extend_from_slice(&children[..i]);
        let mut rotated_ends = ends[i..].to_vec();
        rotated_ends.extend_from_slice(&ends[..i]);
        self.blossom_base[b] = self.blossom_base[rotated_children[0]];
        self.blossom_children[b] = rotated_children;
        self.blossom_ends[b] = rotated_ends;
    }

    /// Augments the matching along the path through edge `k`.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    /// Scans the queue of S-vertices; returns whether the matching grew.
    fn grow_trees(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for idx in 0..self.neighbour_ends[v].len() {
                let p = self.neighbour_ends[v][idx];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let mut k_slack = 0;
                if !self.allowed[k] {
                    k_slack = self.slack(k);
                    if k_slack <= 0 {
                        self.allowed[k] = true;
                    }
                }
                let bw = self.in_blossom[w];
                if self.allowed[k] {
                    if self.label[bw] == FREE {
                        self.assign_label(w, T, p ^ 1);
                    } else if self.label[bw] == S {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == FREE {
                        self.label[w] = T;
                        self.label_end[w] = p ^ 1;
                    }
                } else if self.label[bw] == S {
                    let b = self.in_blossom[v];
                    if self.best_edge[b] == NONE || k_slack < self.slack(self.best_edge[b]) {
                        self.best_edge[b] = k;
                    }
                } else if self.label[w] == FREE
                    && (self.best_edge[w] == NONE || k_slack < self.slack(self.best_edge[w]))
                {
                    self.best_edge[w] = k;
                }
            }
        }
        false
    }

    /// Runs the stages until no augmenting path is left.
    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.best_edge.fill(NONE);
            for b in n..2 * n {
                self.blossom_best_edges[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == FREE {
                    self.assign_label(v, S, NONE);
                }
            }
            let augmented = loop {
                if self.grow_trees() {
                    break true;
                }
                if !self.change_duals() {
                    break false;
                }
            };
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossom_parent[b] == NONE
                    && self.blossom_base[b] != NONE
                    && self.label[b] == S
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// Changes the duals by the largest step that keeps them feasible and
    /// acts on what that step made tight; returns false when the stage is
    /// over (the optimum is reached).
    fn change_duals(&mut self) -> bool {
        let n = self.n;
        // (kind, delta, edge or blossom)
        let mut best: Option<(u8, i128, usize)> = None;
        if !self.max_cardinality {
            let min_dual = self.dual[..n].iter().copied().min().unwrap_or(0);
            best = Some((1, min_dual, NONE));
        }
        let mut consider = |kind: u8, delta: i128, what: usize| {
            if best.is_none_or(|(_, d, _)| delta < d) {
                best = Some((kind, delta, what));
            }
        };
        for v in 0..n {
            if self.label[self.in_blossom[v]] == FREE && self.best_edge[v] != NONE {
                consider(2, self.slack(self.best_edge[v]), self.best_edge[v]);
            }
        }
        for b in 0..2 * n {
            if self.blossom_parent[b] == NONE && self.label[b] == S && self.best_edge[b] != NONE {
                consider(3, self.slack(self.best_edge[b]) / 2, self.best_edge[b]);
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE && self.label[b] == T {
                consider(4, self.dual[b], b);
            }
        }
        let (kind, delta, what) = best.unwrap_or_else(|| {
            let min_dual = self.dual[..n].iter().copied().min().unwrap_or(0);
            (1, min_dual.max(0), NONE)
        });
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                S => self.dual[v] -= delta,
                T => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE {
                match self.label[b] {
                    S => self.dual[b] += delta,
                    T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        match kind {
            1 => return false,
            2 => {
                self.allowed[what] = true;
                let (mut i, j) = (self.endpoint[2 * what], self.endpoint[2 * what + 1]);
                if self.label[self.in_blossom[i]] == FREE {
                    i = j;
                }
                self.queue.push(i);
            }
            3 => {
                self.allowed[what] = true;
                self.queue.push(self.endpoint[2 * what]);
            }
            _ => self.expand_blossom(what, false),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift) for random graphs.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % bound
        }
    }

    /// The best (cardinality, weight) over all matchings, by enumeration.
    fn brute_force(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
        fn go(
            v: usize,
            used: &mut Vec<bool>,
            edges: &[Edge],
            count: usize,
            weight: i128,
            best: &mut (usize, i128),
            max_cardinality: bool,
        ) {
            if v == used.len() {
                let better = if max_cardinality { (count, weight) > *best } else { weight > best.1 };
                if better {
                    *best = (count, weight);
                }
                return;
            }
            if used[v] {
                go(v + 1, used, edges, count, weight, best, max_cardinality);
                return;
            }
            go(v + 1, used, edges, count, weight, best, max_cardinality);
            for e in edges {
                let other = if e.a == v {
                    e.b
                } else if e.b == v {
                    e.a
                } else {
                    continue;
                };
                if other > v && !used[other] {
                    used[v] = true;
                    used[other] = true;
                    go(v + 1, used, edges, count + 1, weight + e.weight, best, max_cardinality);
                    used[v] = false;
                    used[other] = false;
                }
            }
        }
        let mut best = (0, 0);
        go(0, &mut vec![false; n], edges, 0, 0, &mut best, max_cardinality);
        best
    }

    /// Checks that `mates` is a matching of `edges` and returns its
    /// (cardinality, weight).
    fn evaluate(edges: &[Edge], mates: &[Option<usize>]) -> (usize, i128) {
        let mut count = 0;
        let mut weight = 0;
        for (v, mate) in mates.iter().enumerate() {
            if let Some(w) = *mate {
                assert_eq!(mates[w], Some(v), "the matching is symmetric");
                if v < w {
                    let edge = edges
                        .iter()
                        .find(|e| (e.a, e.b) == (v, w) || (e.a, e.b) == (w, v))
                        .expect("matched along an edge");
                    count += 1;
                    weight += edge.weight;
                }
            }
        }
        (count, weight)
    }

    fn random_graph(rng: &mut Rng, n: usize, density: u64, max_weight: u64) -> Vec<Edge> {
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next(100) < density {
                    let weight = rng.next(2 * max_weight + 1) as i128 - max_weight as i128 / 2;
                    edges.push(Edge { a, b, weight });
                }
            }
        }
        edges
    }

    #[test]
    fn agrees_with_enumeration_on_random_small_graphs() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for round in 0..3000 {
            let n = 1 + (round % 11);
            let density = 20 + rng.next(81);
            // Few distinct weights make many ties, which exercise blossoms.
            let max_weight = [3, 10, 1000][round % 3];
            let edges = random_graph(&mut rng, n, density, max_weight);
            for max_cardinality in [false, true] {
                let mates = maximum_weight_matching(n, &edges, max_cardinality);
                let got = evaluate(&edges, &mates);
                let want = brute_force(n, &edges, max_cardinality);
                if max_cardinality {
                    assert_eq!(got, want, "n={n} edges={edges:?}");
                } else {
                    assert_eq!(got.1, want.1, "n={n} edges={edges:?}");
                }
            }
        }
    }

    #[test]
    fn known_small_cases() {
        let e = |a, b, weight| Edge { a, b, weight };
        // A single edge is matched.
        assert_eq!(maximum_weight_matching(2, &[e(0, 1, 1)], false), vec![Some(1), Some(0)]);
        // Path 0-1-2-3 with a heavy middle edge: weight prefers the middle,
        // cardinality the two outer edges.
        let path = [e(0, 1, 2), e(1, 2, 5), e(2, 3, 2)];
        assert_eq!(maximum_weight_matching(4, &path, false), vec![None, Some(2), Some(1), None]);
        assert_eq!(maximum_weight_matching(4, &path, true), vec![Some(1), Some(0), Some(3), Some(2)]);
        // A triangle with a pendant edge: the blossom must be shrunk and
        // expanded to reach the pendant vertex.
        let blossom = [e(0, 1, 8), e(1, 2, 9), e(0, 2, 10), e(2, 3, 7)];
        assert_eq!(maximum_weight_matching(4, &blossom, false), vec![Some(1), Some(0), Some(3), Some(2)]);
    }
}
