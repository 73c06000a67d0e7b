//! What the server works out once per position of a game, however many
//! replies, pushes and state requests need it, and only once something
//! needs it: how many legal moves there are, their list when it is short
//! enough to send and the view (both as JSON text), and the position text;
//! and, once per game, the start position's text.

use game::DynGame;
use serde::Serialize;
use serde_json::value::RawValue;

/// The most legal moves a state or an update lists unless a request asks
/// for more. Amakta Infinit's stone creation has hundreds of thousands
/// (every stone within the points, with every circle), which would make
/// every state sent megabytes long; there the web UI builds moves from the
/// view's decomposition of the legal moves instead, the server judges each
/// move when it is played, and other clients ask for the moves they need
/// (`legal=all`, `legal_from`, `legal_to`).
pub const LEGAL_MOVES_LISTED: usize = 4096;

/// The values of one position. They belong to one version of the table
/// (see [`Table::version`](crate::core::table::Table::version)): every change
/// bumps the version, so the next use after a change computes them anew.
#[derive(Debug, Default)]
pub struct PositionCache {
    version: u64,
    /// How many legal moves there are.
    legal_count: Option<usize>,
    /// All legal moves, once they were asked for (never more than
    /// [`LEGAL_MOVES_LISTED`]).
    legal_listed: Option<Box<RawValue>>,
    view: Option<Box<RawValue>>,
    position: Option<String>,
    /// The start position's text, which no version changes.
    start: Option<String>,
}

impl PositionCache {
    /// Forgets the values unless they belong to `version`.
    fn at(&mut self, version: u64) -> &mut PositionCache {
        if self.version != version {
            *self = PositionCache { version, start: self.start.take(), ..PositionCache::default() };
        }
        self
    }

    /// Works out, unless known, how many legal moves `game` has (at
    /// `version`), and their list when there are at most `list_up_to`
    /// (and at most [`LEGAL_MOVES_LISTED`]); returns the count.
    pub fn legal(&mut self, version: u64, game: &dyn DynGame, list_up_to: usize) -> usize {
        let list_up_to = list_up_to.min(LEGAL_MOVES_LISTED);
        let cache = self.at(version);
        let count = match cache.legal_count {
            Some(count) => count,
            None => {
                let (count, listed) = game.legal_move_list(list_up_to);
                if count <= list_up_to {
                    cache.legal_listed = Some(raw_json(&listed));
                }
                *cache.legal_count.insert(count)
            }
        };
        if count <= list_up_to && cache.legal_listed.is_none() {
            cache.legal_listed = Some(raw_json(&game.legal_moves_in(0..count)));
        }
        count
    }

    /// Works out, unless known, the game's view of the position (at
    /// `version`).
    pub fn fill_view(&mut self, version: u64, game: &dyn DynGame) {
        self.at(version).view.get_or_insert_with(|| raw_json(&game.view()));
    }

    /// Works out, unless known, the texts of the position (at `version`)
    /// and of the start position.
    pub fn fill_texts(&mut self, version: u64, game: &dyn DynGame) {
        let cache = self.at(version);
        cache.position.get_or_insert_with(|| game.position());
        cache.start.get_or_insert_with(|| game.start_position());
    }

    /// The position text (empty before [`PositionCache::fill_texts`]).
    pub fn position(&self) -> &str {
        self.position.as_deref().unwrap_or_default()
    }

    /// The start position's text (empty before
    /// [`PositionCache::fill_texts`]).
    pub fn start_position(&self) -> &str {
        self.start.as_deref().unwrap_or_default()
    }

    /// The legal moves as a JSON array when [`PositionCache::legal`] listed
    /// them, else an empty array.
    pub fn legal_listed(&self) -> &RawValue {
        self.legal_listed.as_deref().unwrap_or_else(|| empty_array())
    }

    /// The game's view of the position as JSON (`null` before
    /// [`PositionCache::fill_view`]).
    pub fn view(&self) -> &RawValue {
        self.view.as_deref().unwrap_or(RawValue::NULL)
    }
}

/// `[]` as JSON text.
pub fn empty_array() -> &'static RawValue {
    serde_json::from_str("[]").unwrap_or(RawValue::NULL)
}

/// `value` as JSON text (`null` in the impossible case that it cannot be
/// written: lists of text and JSON values always can).
pub fn raw_json(value: &impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| RawValue::NULL.to_owned())
}
