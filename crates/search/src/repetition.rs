//! Repetition tracking along a search path, on top of the game's history.

use game::{Game, History};

const FILTER_BITS: u32 = 12;

/// The repetition keys of the game so far plus the current search path,
/// answering whether the newest position ends the game by repetition.
///
/// A small table of counters by key bucket rules out most positions at
/// once; only when a bucket holds enough keys are the keys compared.
pub(crate) struct Repetitions {
    occurrences: Option<usize>,
    keys: Vec<u64>,
    filter: Vec<u16>,
}

impl Repetitions {
    /// The keys of every position of `history`, under the repetition rule of
    /// its current position (none: nothing is tracked).
    pub(crate) fn new<G: Game>(history: &History<G>) -> Repetitions {
        let occurrences = history.current().repetition().map(|rule| rule.occurrences);
        let mut repetitions = Repetitions { occurrences, keys: Vec::new(), filter: Vec::new() };
        if occurrences.is_some() {
            repetitions.filter = vec![0; 1 << FILTER_BITS];
            for &key in history.repetition_keys() {
                repetitions.push_key(key);
            }
        }
        repetitions
    }

    fn bucket(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - FILTER_BITS)) as usize
    }

    /// Enters `position` (a move was played).
    pub(crate) fn push<G: Game>(&mut self, position: &G) {
        if self.occurrences.is_some() {
            self.push_key(position.repetition_key());
        }
    }

    /// Enters a position by its repetition key.
    fn push_key(&mut self, key: u64) {
        self.filter[Self::bucket(key)] += 1;
        self.keys.push(key);
    }

    /// Leaves the newest position (the move was taken back).
    pub(crate) fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.filter[Self::bucket(key)] -= 1;
        }
    }

    /// How many positions are tracked (history and path).
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Leaves positions until `len` remain.
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.keys.len() > len {
            self.pop();
        }
    }

    /// Whether the newest position has now stood as often as the rule says
    /// ends the game.
    pub(crate) fn ends_game(&self) -> bool {
        let (Some(needed), Some(&key)) = (self.occurrences, self.keys.last()) else {
            return false;
        };
        if usize::from(self.filter[Self::bucket(key)]) < needed {
            return false;
        }
        self.keys.iter().filter(|&&k| k == key).count() >= needed
    }
}
