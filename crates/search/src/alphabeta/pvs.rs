//! Principal-variation search: negamax alpha-beta with null windows after
//! the first move, transposition table, killer and history ordering,
//! late-move reductions, optional late-move pruning, null-move pruning and
//! quiescence search, and repetition endings along the path.

use super::correction::CorrectionTable;
use super::ordering::{
    COUNTER_RANK, CounterMoves, HISTORY_MAX, HistoryTable, Killers, hinted_bad, order_key,
};
use super::tt::{Bound, Table};
use crate::Evaluate;
use crate::evaluate::{DECIDED, WIN_SCORE, clamp_eval, terminal_score};
use crate::params;
use crate::repetition::Repetitions;
use crate::time::Budget;
use game::{GameResult, Player};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// The deepest ply a search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 128;
/// Beyond any score.
pub(crate) const INFINITY: i32 = WIN_SCORE + 1;
/// The time and the stop flag are looked at every this many nodes.
const POLL_MASK: u64 = 31;
/// Windows wider than this become full windows.
const ASPIRATION_MAX: i32 = 1500;
/// Aspiration windows start at this depth.
const ASPIRATION_DEPTH: i32 = 4;
/// Null-move pruning needs at least this much depth.
const NULL_MOVE_DEPTH: i32 = 3;
/// Late-move reductions need at least this much depth (and spare
/// [`params::LMR_SPARED`] moves at the front of the list).
const LMR_DEPTH: i32 = 3;
/// Reverse futility pruning works up to this depth.
const FUTILITY_DEPTH: i32 = 6;
/// Nodes without a table move are reduced from this depth on.
const IIR_DEPTH: i32 = 4;
/// Futility pruning of moves works up to this depth.
const MOVE_FUTILITY_DEPTH: i32 = 3;
/// Late-move pruning works up to this depth …
const LMP_DEPTH: i32 = 3;
/// Singular extensions need at least this much depth …
const SINGULAR_DEPTH: i32 = 6;
/// … and a table entry at most this much shallower.
const SINGULAR_TT_SLACK: i32 = 3;

/// … and keeps this many moves at `depth` (1 to [`LMP_DEPTH`]) where the
/// side to move is improving (half as many elsewhere), then skips those
/// the game's hint calls bad: `base + factor / 10 · depth²` (see
/// [`params::LMP_BASE`] and [`params::LMP_FACTOR`]).
fn late_move_count(depth: i32, improving: bool, base: i32, factor: i32) -> usize {
    let count = (base + factor * depth * depth / 10) as usize;
    if improving { count } else { count / 2 }
}

/// Moves picked one by one before the rest of the list is sorted: most
/// nodes that cut off do so after the first few moves, so sorting all of
/// them would mostly be wasted.
const PICKED_BEFORE_SORT: usize = 4;

/// The move at `index` of `ordered` (sorted by key, highest first, up to
/// `index`), bringing it there: the first [`PICKED_BEFORE_SORT`] moves are
/// picked by selection, then the rest is sorted at once.
fn next_in_order<M: Copy>(ordered: &mut [(i64, M)], index: usize) -> (i64, M) {
    if index < PICKED_BEFORE_SORT {
        let mut best = index;
        for candidate in index + 1..ordered.len() {
            if ordered[candidate].0 > ordered[best].0 {
                best = candidate;
            }
        }
        ordered.swap(index, best);
    } else if index == PICKED_BEFORE_SORT {
        ordered[index..].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    }
    ordered[index]
}

/// What one search thread learns and keeps between the searches of one
/// game (the transposition table is shared by all threads).
pub(crate) struct Heuristics<M> {
    /// The history heuristic.
    pub(crate) history: HistoryTable,
    /// Killer moves by ply.
    pub(crate) killers: Killers<M>,
    /// Countermoves.
    pub(crate) counters: CounterMoves<M>,
    /// Correction history.
    pub(crate) correction: CorrectionTable,
}

impl<M: Copy + Eq + std::hash::Hash> Heuristics<M> {
    /// Empty tables.
    pub(crate) fn new() -> Heuristics<M> {
        Heuristics {
            history: HistoryTable::new(),
            killers: Killers::new(MAX_PLY + 1),
            counters: CounterMoves::new(),
            correction: CorrectionTable::new(),
        }
    }

    /// Prepares for a new search: older history counts less, killers are
    /// forgotten.
    pub(crate) fn new_search(&mut self) {
        self.history.age();
        self.killers.clear();
    }
}

/// How far the main search thread has come, for progress reports between
/// completed depths: its node count (brought up to date every
/// [`POLL_MASK`] + 1 nodes) and the root move it searches.
pub(crate) struct Progress<M> {
    /// Nodes of the main thread.
    pub(crate) nodes: AtomicU64,
    /// The root move being searched and its number from 1.
    pub(crate) root_move: Mutex<Option<(M, u32)>>,
}

impl<M> Progress<M> {
    /// Nothing searched yet.
    pub(crate) fn new() -> Progress<M> {
        Progress { nodes: AtomicU64::new(0), root_move: Mutex::new(None) }
    }
}

/// One search: the state that lives while the engine thinks about a move.
pub(crate) struct Searcher<'a, G: Evaluate> {
    tt: &'a Table,
    tables: &'a mut Heuristics<G::Move>,
    budget: &'a Budget<'a>,
    repetitions: Repetitions,
    /// Nodes visited (quiescence included).
    pub(crate) nodes: u64,
    /// The deepest ply reached.
    pub(crate) seldepth: u32,
    /// Whether a limit or the stop flag ended the search.
    pub(crate) aborted: bool,
    /// The best root move of the current iteration, once one is known,
    /// and its score (a lower bound while the iteration goes on).
    pub(crate) root_best: Option<(G::Move, i32)>,
    /// Repetition endings seen so far: a node whose subtree saw one has a
    /// path-dependent score, which the transposition table must not trust.
    repetition_endings: u64,
    reductions: Vec<[u8; 64]>,
    /// How many moves at the front of the list late-move reductions spare.
    lmr_spared: usize,
    /// [`params::FUTILITY_SCALE`].
    futility_scale: i32,
    /// [`params::SINGULAR_MARGIN`].
    singular_margin: i32,
    /// [`params::LMP_BASE`] and [`params::LMP_FACTOR`].
    late_move_pruning: (i32, i32),
    /// [`params::CONTEMPT`].
    contempt: i32,
    /// [`params::COUNTER_MOVES`].
    counter_moves: bool,
    /// [`params::LMR_HISTORY`].
    lmr_history: i32,
    /// [`params::HISTORY_ORDER`].
    history_order: i32,
    /// [`params::CORRECTION_HISTORY`].
    correction_weight: i32,
    /// The move played at each ply of the current path (`None` for a null
    /// move), for countermoves.
    played: Vec<Option<G::Move>>,
    /// The side to move at the root, for whom a repetition draw is worth
    /// `-contempt`.
    root_side: Player,
    pv: Vec<Vec<G::Move>>,
    moves: Vec<Vec<G::Move>>,
    ordered: Vec<Vec<(i64, u32)>>,
    quiets: Vec<Vec<G::Move>>,
    /// The evaluation's accumulator of the position at each ply.
    accumulators: Vec<G::Accumulator>,
    /// The static evaluation of the node at each ply of the current path
    /// (`None` where the node was not evaluated, such as a game's end).
    static_evals: Vec<Option<i32>>,
    /// Where the main thread publishes its progress (helpers have none).
    progress: Option<&'a Progress<G::Move>>,
    /// Root moves left out of the search: the first moves of the better
    /// lines already found in a multi-PV search (empty otherwise).
    excluded: Vec<G::Move>,
    /// Per ply, the move (its index in the legal-move list) a singular
    /// search leaves out, while one runs there.
    singular_excluded: Vec<Option<usize>>,
    /// The nodes searched under each root move (by its index in the
    /// root's legal-move list), over all iterations so far.
    root_nodes: Vec<u64>,
}

impl<'a, G: Evaluate> Searcher<'a, G> {
    /// A search using the shared transposition table `tt` and this
    /// thread's `tables`, bounded by `budget`, aware of the repetitions of
    /// the game so far.
    pub(crate) fn new(
        tt: &'a Table,
        tables: &'a mut Heuristics<G::Move>,
        budget: &'a Budget<'a>,
        repetitions: Repetitions,
    ) -> Searcher<'a, G> {
        let defaults = G::search_defaults();
        let (lmr_base, lmr_divisor) = (params::LMR_BASE.value(defaults), params::LMR_DIVISOR.value(defaults));
        let reductions = (0..64)
            .map(|depth: usize| {
                let mut row = [0u8; 64];
                for (index, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        *r = params::late_move_reduction(depth, index, lmr_base, lmr_divisor);
                    }
                }
                row
            })
            .collect();
        let buffers = MAX_PLY + 1;
        Searcher {
            tt,
            tables,
            budget,
            repetitions,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_best: None,
            repetition_endings: 0,
            reductions,
            lmr_spared: params::LMR_SPARED.value(defaults) as usize,
            futility_scale: params::FUTILITY_SCALE.value(defaults),
            singular_margin: params::SINGULAR_MARGIN.value(defaults),
            late_move_pruning: (params::LMP_BASE.value(defaults), params::LMP_FACTOR.value(defaults)),
            contempt: params::CONTEMPT.value(defaults),
            counter_moves: params::COUNTER_MOVES.value(defaults) != 0,
            lmr_history: params::LMR_HISTORY.value(defaults),
            history_order: params::HISTORY_ORDER.value(defaults),
            correction_weight: params::CORRECTION_HISTORY.value(defaults),
            played: vec![None; buffers],
            root_side: Player::P1,
            pv: vec![Vec::new(); buffers],
            moves: vec![Vec::new(); buffers],
            ordered: vec![Vec::new(); buffers],
            quiets: vec![Vec::new(); buffers],
            accumulators: vec![G::Accumulator::default(); buffers],
            static_evals: vec![None; buffers],
            progress: None,
            excluded: Vec::new(),
            singular_excluded: vec![None; buffers],
            root_nodes: Vec::new(),
        }
    }

    /// This search, publishing its progress to `progress`.
    pub(crate) fn with_progress(self, progress: &'a Progress<G::Move>) -> Searcher<'a, G> {
        Searcher { progress: Some(progress), ..self }
    }

    /// Leaves `moves` out at the root of the following iterations (a
    /// multi-PV search looking for the next best line); the root's
    /// transposition-table entry is then left alone, as it holds the best
    /// line. Empty: a normal search.
    pub(crate) fn exclude_root_moves(&mut self, moves: &[G::Move]) {
        self.excluded.clear();
        self.excluded.extend_from_slice(moves);
    }

    /// The share of the nodes of all iterations so far that went to the
    /// root move `mv` (0 if it is not a root move, or nothing was searched).
    pub(crate) fn root_share(&self, mv: G::Move) -> f64 {
        let total: u64 = self.root_nodes.iter().sum();
        let index = self.moves[0].iter().position(|&root| root == mv);
        match index.and_then(|index| self.root_nodes.get(index)) {
            Some(&nodes) if total > 0 => nodes as f64 / total as f64,
            _ => 0.0,
        }
    }

    /// The principal variation of the last completed search.
    pub(crate) fn principal_variation(&self) -> Vec<G::Move> {
        self.pv[0].clone()
    }

    /// One iteration of iterative deepening: a search of `depth` plies from
    /// `root`, inside an aspiration window around the `expected` score,
    /// widened on failure. `None` if the search was stopped.
    pub(crate) fn iterate(&mut self, root: &G, depth: u32, expected: Option<i32>) -> Option<i32> {
        self.root_best = None;
        self.root_side = root.side_to_move();
        self.accumulators[0] = root.accumulate();
        let depth = depth as i32;
        let mut delta = params::ASPIRATION_WINDOW.value(G::search_defaults());
        let (mut alpha, mut beta) = match expected {
            Some(score) if depth >= ASPIRATION_DEPTH && score.abs() < DECIDED => {
                (score - delta, score + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.search(root, depth, 0, alpha, beta, true, false);
            if self.aborted {
                return None;
            }
            if score <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return Some(score);
            }
            delta = delta.saturating_mul(2);
            if delta > ASPIRATION_MAX || score.abs() > DECIDED {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The static evaluation of `position`, the position at `ply`.
    fn evaluate(&self, position: &G, ply: usize) -> i32 {
        clamp_eval(position.evaluate_with(&self.accumulators[ply]) + self.correction(position))
    }

    /// What correction history adds to the static evaluation of
    /// `position` (0 where it is off or the game gives no parts).
    fn correction(&self, position: &G) -> i32 {
        if self.correction_weight == 0 {
            return 0;
        }
        position.correction_keys().map_or(0, |keys| self.correction_of(position.side_to_move(), keys))
    }

    /// The weighted correction for `side` to move in a position with
    /// parts `keys`.
    fn correction_of(&self, side: Player, keys: [u64; 2]) -> i32 {
        self.tables.correction.get(side, keys) * self.correction_weight / 100
    }

    /// Teaches correction history the score `best` of a node searched to
    /// `depth` whose static evaluation was `eval` (corrected), unless the
    /// score is only a bound on the wrong side of it, decided, or came from
    /// a noisy best move.
    fn learn_correction(
        &mut self,
        position: &G,
        eval: i32,
        best: i32,
        bound: Bound,
        depth: i32,
        noisy_best: bool,
    ) {
        if noisy_best || best.abs() >= DECIDED {
            return;
        }
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > eval,
            Bound::Upper => best < eval,
            Bound::MoveOnly | Bound::Empty => false,
        };
        if let (true, Some(keys)) = (informative, position.correction_keys()) {
            let side = position.side_to_move();
            let raw = eval - self.correction_of(side, keys);
            self.tables.correction.update(side, keys, best - raw, depth);
        }
    }

    /// Brings the accumulator of ply `ply + 1` up to date for `child`, a
    /// child of `position` at `ply`.
    fn enter(&mut self, position: &G, child: &G, ply: usize) {
        let (parents, children) = self.accumulators.split_at_mut(ply + 1);
        position.update_accumulator(child, &parents[ply], &mut children[0]);
    }

    /// The game's futility margin at `position`, scaled by
    /// [`params::FUTILITY_SCALE`].
    fn futility_margin(&self, position: &G) -> Option<i32> {
        position.futility_margin().map(|margin| margin * self.futility_scale / 100)
    }

    /// Counts a node; true if the search must stop.
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.budget.node_limit().is_some_and(|limit| self.nodes > limit) {
            self.aborted = true;
        } else if self.nodes & POLL_MASK == 0 {
            if let Some(progress) = self.progress {
                progress.nodes.store(self.nodes, Ordering::Relaxed);
            }
            self.aborted = self.budget.must_stop();
        }
        self.aborted
    }

    /// The score if the game is over here, by the position or by repetition.
    fn ended(&mut self, position: &G, ply: usize) -> Option<i32> {
        if let Some(outcome) = position.outcome() {
            return Some(terminal_score(position, outcome, ply as u32));
        }
        if ply > 0 && self.repetitions.ends_game() {
            self.repetition_endings += 1;
            let outcome = position.repetition_outcome();
            if matches!(outcome.result, GameResult::Draw) {
                return Some(self.repetition_draw(position));
            }
            return Some(terminal_score(position, outcome, ply as u32));
        }
        None
    }

    /// The value of a draw by repetition for `position`'s side to move:
    /// `-contempt` for the root's side, `contempt` for the other. (Such a
    /// value depends on the path, and the transposition table does not
    /// keep it; see `repetition_endings`.)
    fn repetition_draw(&self, position: &G) -> i32 {
        if position.side_to_move() == self.root_side { -self.contempt } else { self.contempt }
    }

    /// Searches `child` (already entered into the repetitions) of a node
    /// where `parent` was to move, returning its value for `parent` with the
    /// window (`alpha`, `beta`) of the parent. Handles games where a player
    /// may move twice in a row.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        parent: Player,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
        null_allowed: bool,
    ) -> i32 {
        if child.side_to_move() == parent {
            self.search(child, depth, ply, alpha, beta, pv_node, null_allowed)
        } else {
            -self.search(child, depth, ply, -beta, -alpha, pv_node, null_allowed)
        }
    }

    /// The value of `position` for its side to move, `ply` plies from the
    /// root, searched `depth` plies deep (quiescence at depth 0) within
    /// (`alpha`, `beta`), fail-soft.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        position: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        null_allowed: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if let Some(value) = self.ended(position, ply) {
            return value;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, ply, alpha, beta);
        }
        if ply > 0 {
            alpha = alpha.max(-(WIN_SCORE - ply as i32));
            beta = beta.min(WIN_SCORE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = position.hash();
        let excluded = self.singular_excluded[ply];
        let entry = self.tt.probe(key);
        if !pv_node
            && excluded.is_none()
            && let Some(entry) = entry
        {
            let score = entry.score(ply as u32);
            if entry.cuts(depth, score, alpha, beta) {
                return score;
            }
        }
        // Improving (where the game asks): the side to move stands better
        // than two plies ago (the last time it was to move, in games that
        // alternate), so pruning can trust a good static evaluation more.
        let eval = self.evaluate(position, ply);
        self.static_evals[ply] = Some(eval);
        let improving = position
            .improving_pruning()
            .then(|| ply >= 2 && self.static_evals[ply - 2].is_none_or(|before| eval > before));
        let side = position.side_to_move();
        if !pv_node
            && excluded.is_none()
            && depth <= FUTILITY_DEPTH
            && beta.abs() < DECIDED
            && let Some(margin) = self.futility_margin(position)
            && eval - margin * (depth - i32::from(improving == Some(true))) >= beta
        {
            return eval;
        }
        if !pv_node
            && excluded.is_none()
            && null_allowed
            && depth >= NULL_MOVE_DEPTH
            && beta.abs() < DECIDED
            && eval >= beta
            && let Some(passed) = position.null_move()
        {
            self.enter(position, &passed, ply);
            self.played[ply] = None;
            let reduced = depth - 1 - (2 + depth / 4);
            self.repetitions.push(&passed);
            let score = self.child(side, &passed, reduced, ply + 1, beta - 1, beta, false, false);
            self.repetitions.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score > DECIDED { beta } else { score };
            }
        }

        // Internal iterative reduction: a node the table knows no move for
        // was not searched before, and is searched a ply shallower.
        let depth = if depth >= IIR_DEPTH
            && excluded.is_none()
            && position.internal_iterative_reduction()
            && entry.is_none_or(|e| e.move_index.is_none())
        {
            depth - 1
        } else {
            depth
        };
        let extension = match self.singular_extension(position, entry, depth, ply, beta) {
            Singular::Extend(index) => Some(index),
            Singular::Cut(score) => return score,
            Singular::No => None,
        };
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return self.evaluate(position, ply);
        }
        let tt_move = entry.and_then(|e| e.move_index).and_then(|index| moves.get(index).copied());
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        ordered.clear();
        // The opponent's last move, where countermoves are on.
        let previous = if ply > 0 && self.counter_moves { self.played[ply - 1] } else { None };
        let counter = previous.and_then(|p| self.tables.counters.get(side, &p));
        for (index, &mv) in moves.iter().enumerate() {
            let killer =
                self.tables.killers.rank(ply, mv).or_else(|| (counter == Some(mv)).then_some(COUNTER_RANK));
            let history = self.tables.history.get(side, &mv);
            let mut hint = position.order_hint(mv);
            if self.history_order > 0 && hint >= 0 && !position.is_noisy(mv) {
                hint = (hint + history * self.history_order / HISTORY_MAX).max(0);
            }
            ordered.push((order_key(mv, hint, tt_move, killer, history), index as u32));
        }

        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        let reductions_allowed = position.late_move_reductions() && depth >= LMR_DEPTH;
        let pruned_after = (!pv_node && depth <= LMP_DEPTH && position.late_move_pruning()).then(|| {
            let (base, factor) = self.late_move_pruning;
            late_move_count(depth, improving != Some(false), base, factor)
        });
        // Futility pruning: near the leaves, a node whose static evaluation
        // stays below alpha by more than the game's margin a ply searches
        // only its first move and the killers among the quiet ones.
        let futile = !pv_node
            && depth <= MOVE_FUTILITY_DEPTH
            && alpha.abs() < DECIDED
            && position.futility_pruning()
            && self.futility_margin(position).is_some_and(|margin| eval + margin * depth <= alpha);
        let endings_before = self.repetition_endings;
        let alpha_before = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut skipped = 0;
        for position_in_list in 0..ordered.len() {
            let (key, move_index) = next_in_order(&mut ordered, position_in_list);
            let mv = moves[move_index as usize];
            if (ply == 0 && !self.excluded.is_empty() && self.excluded.contains(&mv))
                || excluded == Some(move_index as usize)
            {
                skipped += 1;
                continue;
            }
            // Moves left out at the root do not count, so the first move
            // searched gets the full window.
            let index = position_in_list - skipped;
            let noisy = position.is_noisy(mv);
            if pruned_after.is_some_and(|count| index >= count)
                && hinted_bad(key)
                && !noisy
                && best > -DECIDED
                && self.tables.killers.rank(ply, mv).is_none()
            {
                continue;
            }
            if futile && index > 0 && !noisy && best > -DECIDED && self.tables.killers.rank(ply, mv).is_none()
            {
                continue;
            }
            let mut child = position.clone();
            child.play(mv);
            // The child's table slot is fetched while its accumulator is
            // brought up to date.
            if depth > 1 {
                self.tt.prefetch(child.hash());
            }
            self.enter(position, &child, ply);
            self.played[ply] = Some(mv);
            self.repetitions.push(&child);
            if ply == 0
                && let Some(progress) = self.progress
            {
                *progress.root_move.lock().unwrap_or_else(PoisonError::into_inner) =
                    Some((mv, index as u32 + 1));
            }
            let extended = depth - 1 + i32::from(extension == Some(move_index as usize));
            let nodes_before = self.nodes;
            let score = if index == 0 {
                self.child(side, &child, extended, ply + 1, alpha, beta, pv_node, true)
            } else {
                let reduction = if reductions_allowed
                    && index >= self.lmr_spared
                    && !noisy
                    && self.tables.killers.rank(ply, mv).is_none()
                {
                    let r = i32::from(self.reductions[depth.min(63) as usize][index.min(63)]);
                    let by_history = if self.lmr_history > 0 {
                        self.tables.history.get(side, &mv) / self.lmr_history
                    } else {
                        0
                    };
                    (r - i32::from(pv_node) - by_history).clamp(0, depth - 2)
                } else {
                    0
                };
                let mut score =
                    self.child(side, &child, depth - 1 - reduction, ply + 1, alpha, alpha + 1, false, true);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = self.child(side, &child, depth - 1, ply + 1, alpha, alpha + 1, false, true);
                }
                if score > alpha && score < beta && pv_node && !self.aborted {
                    score = self.child(side, &child, depth - 1, ply + 1, alpha, beta, true, true);
                }
                score
            };
            self.repetitions.pop();
            if ply == 0 {
                if self.root_nodes.len() < moves.len() {
                    self.root_nodes.resize(moves.len(), 0);
                }
                self.root_nodes[move_index as usize] += self.nodes - nodes_before;
            }
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(move_index as usize);
                    if pv_node {
                        let (line, rest) = self.pv.split_at_mut(ply + 1);
                        line[ply].clear();
                        line[ply].push(mv);
                        line[ply].extend_from_slice(&rest[0]);
                    }
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if !noisy {
                            self.tables.killers.add(ply, mv);
                            self.tables.history.cutoff(side, &mv, &quiets, depth);
                            if let Some(previous) = previous {
                                self.tables.counters.set(side, &previous, mv);
                            }
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets.push(mv);
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        self.quiets[ply] = quiets;
        if self.aborted {
            return 0;
        }
        if (ply == 0 && !self.excluded.is_empty()) || excluded.is_some() {
            return best;
        }
        let bound = if self.repetition_endings != endings_before {
            Bound::MoveOnly
        } else if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.correction_weight > 0
            && let Some(eval) = self.static_evals[ply]
        {
            let noisy_best = best_move.is_some_and(|index| position.is_noisy(self.moves[ply][index]));
            self.learn_correction(position, eval, best, bound, depth, noisy_best);
        }
        self.tt.store(key, ply as u32, best_move, best, depth, bound);
        best
    }

    /// Singular extensions, where the game allows them: when the table's
    /// move of this node held at nearly this depth and every other move
    /// fails well below its score in a shallower search, that move is
    /// searched a ply deeper; when another move also reaches beta there,
    /// the node is cut (multi-cut).
    fn singular_extension(
        &mut self,
        position: &G,
        entry: Option<super::tt::Entry>,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let Some(entry) = entry else { return Singular::No };
        let Some(tt_move) = entry.move_index else { return Singular::No };
        let tt_score = entry.score(ply as u32);
        if ply == 0
            || ply >= MAX_PLY / 2
            || depth < SINGULAR_DEPTH
            || self.singular_excluded[ply].is_some()
            || entry.depth < depth - SINGULAR_TT_SLACK
            || !matches!(entry.bound, Bound::Lower | Bound::Exact)
            || tt_score.abs() >= DECIDED
            || !position.singular_extensions()
        {
            return Singular::No;
        }
        let singular_beta = tt_score - self.singular_margin * depth / 10;
        self.singular_excluded[ply] = Some(tt_move);
        let score =
            self.search(position, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, false);
        self.singular_excluded[ply] = None;
        if self.aborted {
            Singular::No
        } else if score < singular_beta {
            Singular::Extend(tt_move)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Quiescence: the static evaluation, unless a noisy move improves on it.
    fn quiesce(&mut self, position: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let stand_pat = self.evaluate(position, ply);
        if ply >= MAX_PLY || stand_pat >= beta {
            return stand_pat;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.noisy_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        ordered.clear();
        ordered
            .extend(moves.iter().enumerate().map(|(i, &mv)| (i64::from(position.order_hint(mv)), i as u32)));
        ordered.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        let side = position.side_to_move();
        let mut best = stand_pat;
        for &(_, move_index) in &ordered {
            let mv = moves[move_index as usize];
            let mut child = position.clone();
            child.play(mv);
            self.enter(position, &child, ply);
            self.repetitions.push(&child);
            let score = self.child(side, &child, 0, ply + 1, alpha, beta, false, false);
            self.repetitions.pop();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        best
    }
}

/// What a singular search found for the table's move of a node.
enum Singular {
    /// Nothing to change.
    No,
    /// The move at this index of the legal-move list is singular: search it a ply deeper.
    Extend(usize),
    /// Another move reaches beta too: the node fails high with this score.
    Cut(i32),
}
