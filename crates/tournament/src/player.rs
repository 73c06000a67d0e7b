//! Players as plain ids: the caller maps them to accounts.

/// A player in a tournament or league, as a small number the caller
/// assigns (for example an index into its list of accounts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);
