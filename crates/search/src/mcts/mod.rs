//! Monte-Carlo tree search (UCT) with playouts shaped by the game.

mod playout;
mod tree;

use crate::Evaluate;
use crate::evaluate::win_rate_to_cp;
use crate::repetition::Repetitions;
use crate::time::Budget;
use game::{Analyzer, History, Info, Limits, Player, Score};
use playout::playout;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tree::{Node, State};

/// The exploration constant of a new engine.
const DEFAULT_EXPLORATION: f64 = 1.0;
/// An untried child is valued at the mean of its tried siblings less this
/// (first-play urgency), so that good moves are deepened before every move
/// has been tried once.
const FIRST_PLAY_REDUCTION: f64 = 0.1;
/// Iterations per ply of depth when a depth is the only limit.
const ITERATIONS_PER_DEPTH: u64 = 1000;
/// Time between two progress reports.
const REPORT_INTERVAL: Duration = Duration::from_secs(1);
/// The tree memory of a new engine, in MiB.
const DEFAULT_TREE_MB: usize = 64;

/// Monte-Carlo tree search over any [`Evaluate`] game: UCT selection with
/// first-play urgency (children ordered by [`Evaluate::order_hint`], so good
/// moves are tried first), one node added per iteration, playouts by
/// [`Evaluate::playout_move`] until the end of the game or
/// [`Evaluate::playout_cutoff`] (then [`Evaluate::win_probability`]), and
/// proven wins and losses carried up the tree (an immediate win is always
/// found).
///
/// Limits: `nodes` counts iterations (one playout each); `soft_nodes` is
/// a node limit too (MCTS has no iterations to finish: it stops at the
/// lower of the two); a fixed move time
/// is used up to a margin; under a clock the engine stops at its target
/// time; `depth` alone means 1000 iterations per ply. The tree is limited to
/// the hash size ([`Analyzer::set_hash_mb`], default 64 MiB); when it is
/// full, iterations go on without adding nodes. Reports give the win rate of
/// the best move as points (400 × log10(rate / (1 − rate))), the depth of
/// the principal line and iterations as nodes. Multi-PV
/// ([`Limits::multipv`]) reports further lines starting with the next most
/// visited root children.
pub struct Mcts {
    rng: SmallRng,
    exploration: f64,
    tree_mb: usize,
}

impl Mcts {
    /// An engine seeded from the operating system.
    #[must_use]
    pub fn new() -> Mcts {
        Mcts { rng: SmallRng::from_os_rng(), exploration: DEFAULT_EXPLORATION, tree_mb: DEFAULT_TREE_MB }
    }

    /// An engine with a fixed seed, which plays the same way every time
    /// under node limits.
    #[must_use]
    pub fn seeded(seed: u64) -> Mcts {
        Mcts { rng: SmallRng::seed_from_u64(seed), ..Mcts::new() }
    }

    /// The same engine with the UCT exploration constant `c` (default 1.0;
    /// results count 1 for a win, ½ for a draw).
    #[must_use]
    pub fn with_exploration(self, c: f64) -> Mcts {
        Mcts { exploration: c, ..self }
    }
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts::new()
    }
}

/// A boxed [`Mcts`], for a game's engine table.
pub fn mcts<G: Evaluate>() -> Box<dyn Analyzer<G>> {
    Box::new(Mcts::new())
}

/// One search: the tree and what it needs while growing.
struct Search<'a, G: Evaluate> {
    tree: Vec<Node<G::Move>>,
    capacity: usize,
    root: &'a G,
    repetitions: Repetitions,
    rng: &'a mut SmallRng,
    exploration: f64,
    moves: Vec<G::Move>,
    path: Vec<usize>,
    seldepth: u32,
}

impl<G: Evaluate> Search<'_, G> {
    /// Makes the children of `node` at `position`, best hints first (ties
    /// in random order); false if the tree has no room or there are no
    /// moves.
    fn expand(&mut self, node: usize, position: &G) -> bool {
        position.legal_moves(&mut self.moves);
        if self.moves.is_empty() || self.tree.len() + self.moves.len() > self.capacity {
            return false;
        }
        self.moves.shuffle(self.rng);
        let mut hinted: Vec<(i32, G::Move)> =
            self.moves.iter().map(|&mv| (position.order_hint(mv), mv)).collect();
        hinted.sort_by_key(|&(hint, _)| std::cmp::Reverse(hint));
        let first = self.tree.len();
        self.tree.extend(hinted.into_iter().map(|(_, mv)| Node::new(Some(mv))));
        let children = (self.tree.len() - first) as u32;
        let parent = &mut self.tree[node];
        parent.first_child = first as u32;
        parent.children = children;
        parent.state = State::Expanded;
        true
    }

    /// Drops the root's children other than those of `allowed` (`go
    /// searchmoves`), right after the root's expansion.
    fn keep_root_moves(&mut self, allowed: &[G::Move]) {
        self.tree.retain(|node| node.mv.is_none_or(|mv| allowed.contains(&mv)));
        self.tree[0].children = (self.tree.len() - 1) as u32;
    }

    /// The child of an expanded `node` to descend into: a proven win at
    /// once, else the best UCT value, where the next untried child counts
    /// with the mean of its siblings less a reduction.
    fn select(&mut self, node: usize) -> usize {
        let parent = &self.tree[node];
        let mover = parent.side.expect("an expanded node was entered");
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        let (mut reward, mut visits) = (0.0, 0u32);
        for index in parent.tried_children() {
            let child = &self.tree[index];
            match child.winner {
                Some(winner) if winner == mover => return index,
                Some(_) => continue,
                None => {}
            }
            reward += child.reward;
            visits += child.visits;
            let value = child.mean() + self.exploration * (log_visits / f64::from(child.visits)).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(index);
            }
        }
        if parent.tried < parent.children {
            let first_play =
                if visits == 0 { 0.5 } else { reward / f64::from(visits) - FIRST_PLAY_REDUCTION };
            if best.is_none() || first_play + self.exploration * log_visits.sqrt() > best_value {
                let index = parent.first_child as usize + parent.tried as usize;
                self.tree[node].tried += 1;
                return index;
            }
        }
        best.unwrap_or_else(|| {
            let tried = self.tree[node].tried_children();
            tried.max_by_key(|&index| self.tree[index].visits).expect("an expanded node has children")
        })
    }

    /// The score of the game ending at `position` (reached by the current
    /// path), if it ends there.
    fn ending(&self, position: &G) -> Option<game::Outcome> {
        position.outcome().or_else(|| self.repetitions.ends_game().then(|| position.repetition_outcome()))
    }

    /// One iteration: select down the tree, add a node, play out, and back
    /// the result up.
    fn iterate(&mut self) {
        let mut position = self.root.clone();
        let base = self.repetitions.len();
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        let result = loop {
            match self.tree[node].state {
                State::Terminal(result) => break result,
                State::Expanded => {
                    node = self.select(node);
                    let mv = self.tree[node].mv.expect("a child has a move");
                    position.play(mv);
                    self.repetitions.push(&position);
                    self.path.push(node);
                    if self.tree[node].side.is_none() {
                        self.tree[node].side = Some(position.side_to_move());
                        if let Some(outcome) = self.ending(&position) {
                            let result = outcome.result.score_for(Player::P1);
                            self.tree[node].state = State::Terminal(result);
                            if let game::GameResult::Win(winner) = outcome.result {
                                self.tree[node].winner = Some(winner);
                            }
                        }
                    }
                }
                State::Leaf => {
                    if self.tree[node].visits == 0 || !self.expand(node, &position) {
                        break playout(position, &mut self.moves, self.rng);
                    }
                }
            }
        };
        self.repetitions.truncate(base);
        self.seldepth = self.seldepth.max(self.path.len() as u32 - 1);
        self.back_up(result);
    }

    /// Adds `result` (P1's score) to every node of the path and carries
    /// proven wins and losses upwards.
    fn back_up(&mut self, result: f64) {
        for (depth, &index) in self.path.iter().enumerate() {
            let mover = if depth == 0 { None } else { self.tree[self.path[depth - 1]].side };
            let node = &mut self.tree[index];
            node.visits += 1;
            node.reward += match mover {
                Some(Player::P1) => result,
                Some(Player::P2) => 1.0 - result,
                None => 0.0,
            };
        }
        for pair in self.path.windows(2).rev() {
            let (parent, child) = (pair[0], pair[1]);
            let Some(winner) = self.tree[child].winner else { break };
            let parent_node = &self.tree[parent];
            if parent_node.winner.is_some() {
                break;
            }
            let all_lost = parent_node.tried == parent_node.children
                && parent_node.tried_children().all(|index| self.tree[index].winner == Some(winner));
            if parent_node.side == Some(winner) || all_lost {
                self.tree[parent].winner = Some(winner);
            } else {
                break;
            }
        }
    }

    /// The child of `node` to play: a proven win, else the most visited
    /// child not proven lost (better mean on equal visits), else the most
    /// visited.
    fn best_child(&self, node: usize) -> Option<usize> {
        let parent = &self.tree[node];
        if parent.state != State::Expanded {
            return None;
        }
        let side = parent.side?;
        let all = parent.first_child as usize..(parent.first_child + parent.children) as usize;
        if let Some(win) = all.clone().find(|&index| self.tree[index].winner == Some(side)) {
            return Some(win);
        }
        let rank = |index: &usize| {
            let child = &self.tree[*index];
            (child.winner.is_none(), child.visits, (child.mean() * 1e9) as u64)
        };
        all.max_by_key(rank)
    }

    /// The principal line: best children from the root while visited.
    fn principal_variation(&self) -> Vec<usize> {
        self.line_from(0, Vec::new())
    }

    /// `line` (ending at `node`) continued by best children while visited.
    fn line_from(&self, mut node: usize, mut line: Vec<usize>) -> Vec<usize> {
        while let Some(child) = self.best_child(node) {
            if self.tree[child].visits == 0 && !line.is_empty() {
                break;
            }
            line.push(child);
            node = child;
        }
        line
    }

    /// The best `count` lines: the principal line, then lines starting
    /// with the next root children in the order of [`Search::best_child`]
    /// (proven wins, then the most visited not proven lost, better mean on
    /// equal visits), those visited at least once.
    fn lines(&self, count: usize) -> Vec<Vec<usize>> {
        let mut lines = vec![self.principal_variation()];
        let Some(&first) = lines[0].first() else { return lines };
        let root = &self.tree[0];
        let side = root.side;
        let mut others: Vec<usize> = (root.first_child as usize..(root.first_child + root.children) as usize)
            .filter(|&index| index != first && self.tree[index].visits > 0)
            .collect();
        others.sort_by_key(|&index| {
            let child = &self.tree[index];
            std::cmp::Reverse((
                child.winner.is_some() && child.winner == side,
                child.winner.is_none(),
                child.visits,
                (child.mean() * 1e9) as u64,
            ))
        });
        lines.extend(
            others.into_iter().take(count.saturating_sub(1)).map(|child| self.line_from(child, vec![child])),
        );
        lines
    }

    /// Reports the best `count` lines of the search so far.
    fn report(&self, count: usize, iterations: u64, time: Duration, on_info: &mut dyn FnMut(&Info<G::Move>)) {
        for (index, line) in self.lines(count).into_iter().enumerate() {
            on_info(&self.info(line, index as u32 + 1, iterations, time));
        }
    }

    /// The report of `line`, line number `multipv` (the principal line is
    /// 1): its score is the root's proven result or the first child's for
    /// the principal line, the first child's for the others.
    fn info(&self, line: Vec<usize>, multipv: u32, iterations: u64, time: Duration) -> Info<G::Move> {
        let side = self.tree[0].side;
        let plies = line.len() as u32;
        let proven =
            if multipv == 1 { self.tree[0].winner } else { line.first().and_then(|&i| self.tree[i].winner) };
        let score = match (proven, line.first()) {
            (Some(winner), _) if Some(winner) == side => Score::Win(plies),
            (Some(_), _) => Score::Loss(plies),
            (None, Some(&first)) => Score::Cp(win_rate_to_cp(self.tree[first].mean())),
            (None, None) => Score::Cp(0),
        };
        Info {
            depth: plies.max(1),
            seldepth: self.seldepth.max(plies),
            score,
            nodes: iterations,
            time,
            pv: line.iter().filter_map(|&index| self.tree[index].mv).collect(),
            currmove: None,
            multipv,
        }
    }
}

impl<G: Evaluate> Analyzer<G> for Mcts {
    fn think(
        &mut self,
        history: &History<G>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        let start = Instant::now();
        if history.outcome().is_some() {
            return None;
        }
        let root = history.current();
        let budget = Budget::new(limits, root.side_to_move(), root.moves_left(), start, stop);
        let capacity = (self.tree_mb.saturating_mul(1 << 20) / size_of::<Node<G::Move>>()).max(1);
        let mut search = Search {
            tree: vec![Node::new(None)],
            capacity,
            root,
            repetitions: Repetitions::new(history),
            rng: &mut self.rng,
            exploration: self.exploration,
            moves: Vec::new(),
            path: Vec::new(),
            seldepth: 0,
        };
        search.tree[0].side = Some(root.side_to_move());
        search.capacity = search.capacity.max(
            1 + {
                root.legal_moves(&mut search.moves);
                search.moves.len()
            },
        );
        if !search.expand(0, root) {
            return None;
        }
        if let Some(allowed) = history.root_moves() {
            search.keep_root_moves(allowed);
        }
        let nodes = match (limits.nodes, limits.soft_nodes) {
            (Some(hard), Some(soft)) => Some(hard.min(soft)),
            (hard, soft) => hard.or(soft),
        };
        let node_limit = match (nodes, limits.depth) {
            _ if limits.infinite => None,
            (Some(nodes), _) => Some(nodes),
            (None, Some(depth)) if !budget.is_bounded() => Some(u64::from(depth) * ITERATIONS_PER_DEPTH),
            _ => None,
        };
        let forced = search.tree[0].children == 1 && budget.is_clock();
        let lines = limits.lines() as usize;
        let mut iterations = 0u64;
        let mut next_report = REPORT_INTERVAL;
        let mut reported = None;
        while !forced
            && node_limit.is_none_or(|limit| iterations < limit)
            && search.tree[0].winner.is_none()
            && !budget.must_stop()
            && !(budget.is_clock() && budget.soft_passed())
        {
            search.iterate();
            iterations += 1;
            if budget.elapsed() >= next_report {
                search.report(lines, iterations, budget.elapsed(), on_info);
                reported = Some(iterations);
                next_report += REPORT_INTERVAL;
            }
        }
        if reported != Some(iterations) {
            search.report(lines, iterations, budget.elapsed(), on_info);
        }
        let best = search.best_child(0).and_then(|index| search.tree[index].mv);
        if limits.infinite {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        best
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, megabytes: usize) {
        self.tree_mb = megabytes;
    }
}
