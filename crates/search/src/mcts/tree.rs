//! The search tree of MCTS: nodes in one arena, children of a node side by
//! side, best hints first.

use game::Player;

/// What is known about a node.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum State {
    /// Not yet entered, or entered but its children are not made yet.
    Leaf,
    /// Its children exist.
    Expanded,
    /// The game is over here; P1's score.
    Terminal(f64),
}

/// One node: a position reached by `mv` from its parent.
#[derive(Clone, Debug)]
pub(crate) struct Node<M> {
    /// The move from the parent (none at the root).
    pub(crate) mv: Option<M>,
    /// Iterations that passed through the node.
    pub(crate) visits: u32,
    /// Sum of the results for the player who played `mv`.
    pub(crate) reward: f64,
    /// The side to move here, once the node has been entered.
    pub(crate) side: Option<Player>,
    /// Where the children start in the arena.
    pub(crate) first_child: u32,
    /// How many children there are.
    pub(crate) children: u32,
    /// How many children have been tried: always the first ones.
    pub(crate) tried: u32,
    /// Leaf, expanded or terminal.
    pub(crate) state: State,
    /// The player who wins from here with best play, once proven.
    pub(crate) winner: Option<Player>,
}

impl<M: Copy> Node<M> {
    /// A new, unvisited node reached by `mv`.
    pub(crate) fn new(mv: Option<M>) -> Node<M> {
        Node {
            mv,
            visits: 0,
            reward: 0.0,
            side: None,
            first_child: 0,
            children: 0,
            tried: 0,
            state: State::Leaf,
            winner: None,
        }
    }

    /// Indices of the children tried so far.
    pub(crate) fn tried_children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.tried as usize
    }

    /// The mean result for the player who played `mv`.
    pub(crate) fn mean(&self) -> f64 {
        if self.visits == 0 { 0.5 } else { self.reward / f64::from(self.visits) }
    }
}
