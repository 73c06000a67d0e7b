//! What a game between people keeps besides its moves, as lichess does:
//! when the first moves are due (each side's first move is untimed but
//! limited; past it the game is aborted), whether the players may ask
//! each other to take moves back and the pending request, each seat's
//! last draw offer (one per [`DRAW_OFFER_PLIES`] plies), and who left the
//! game when (the one who stays may then claim the win or a draw).
//!
//! It is stored as one JSON text per game (`game_people`) and written
//! with the change that changes it, so it survives restarts and is shared
//! by the server instances of one database.

use game::Player;
use serde::{Deserialize, Serialize};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A player may offer a draw again only this many plies after their last
/// offer.
pub const DRAW_OFFER_PLIES: usize = 10;

/// How long the first moves and an absence may last, and how long a game
/// without a move is listed; `spielwerk serve` sets them (tests make them
/// short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// How long each side has for its first move in a clock game before
    /// the game is aborted (30 s).
    pub first_move: Duration,
    /// How long a player may be gone before the other may claim the win or
    /// a draw (60 s, or less when the gone player's clock has less).
    pub absence: Duration,
    /// How long a game without a move stays in the lobby's public list of
    /// running games (an invitation nobody took, a game against the engine
    /// nobody began); its players still find it under their own games.
    pub unstarted_listed: Duration,
    /// How long a guest's game against the engine (no account at a seat)
    /// stays in the lobby's public list without a move (10 minutes): a
    /// visitor who left it does not clutter the list.
    pub guest_engine_listed: Duration,
    /// The shortest arena tournament one may make, in whole minutes (10).
    pub shortest_arena_minutes: i64,
    /// The house's arenas (see `features::tournaments::schedule`): one
    /// upcoming per game, each lasting this many minutes and starting
    /// when the one before ends; 0 for none (the default here: `spielwerk
    /// serve` makes them every 30 minutes unless told otherwise).
    pub house_arena_minutes: i64,
    /// A correspondence league's sign-up period (a week): a season starts
    /// this long after the one before ended, and its start moves on by
    /// as much while fewer than two have signed up.
    pub league_signup: Duration,
}

impl Default for Patience {
    /// 30 s for a first move, 60 s of absence, 2 minutes listed
    /// unstarted, 10 minutes listed idle for a guest's engine game, arenas
    /// of 10 minutes or more, no house arenas, a week's league sign-up.
    fn default() -> Patience {
        Patience {
            first_move: Duration::from_secs(30),
            absence: Duration::from_secs(60),
            unstarted_listed: Duration::from_secs(120),
            guest_engine_listed: Duration::from_secs(600),
            shortest_arena_minutes: 10,
            house_arena_minutes: 0,
            league_signup: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// The stored state between the players (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct People {
    /// Since when the side to move's first move is due, ms since the
    /// epoch: set when both seats are held and at the first move (the
    /// game's creation when it is not set).
    pub first_move_since_ms: Option<i64>,
    /// Whether the players may ask each other to take moves back.
    pub takebacks: bool,
    /// The seat that asks to take back its last move.
    pub takeback_offer: Option<Player>,
    /// The ply at which each seat last offered a draw.
    pub draw_offer_plies: [Option<usize>; 2],
    /// The seat whose draw offer was declined (until the next move or offer).
    pub draw_declined: Option<Player>,
    /// Whether each seat's player has been connected to the game.
    pub seen: [bool; 2],
    /// Since when each seat's player is gone (their last connection to the
    /// game closed), ms since the epoch.
    pub gone_ms: [Option<i64>; 2],
    /// The seat whose player aborted the game, once one did (not the
    /// first move's deadline).
    pub aborted_by: Option<Player>,
}

impl People {
    /// Reads the stored JSON text.
    pub fn parse(text: &str) -> Result<People, String> {
        serde_json::from_str(text).map_err(|e| format!("state between the players: {e}"))
    }

    /// What a move (the `ply`-th, counted from 1) changes: the next first
    /// move is due from now, a takeback request and a declined draw are
    /// forgotten.
    pub fn after_move(&mut self, ply: usize) {
        self.first_move_since_ms = (ply < 2).then(now_ms);
        self.takeback_offer = None;
        self.draw_declined = None;
    }

    /// The JSON text to store.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_reads_back_and_old_texts_get_defaults() {
        let people = People {
            first_move_since_ms: Some(5),
            takebacks: true,
            takeback_offer: Some(Player::P2),
            draw_offer_plies: [Some(3), None],
            draw_declined: Some(Player::P1),
            seen: [true, false],
            gone_ms: [None, Some(9)],
            aborted_by: Some(Player::P2),
        };
        assert_eq!(People::parse(&people.to_text()).unwrap(), people);
        // A text stored before who aborted was kept reads as no one.
        assert_eq!(People::parse(r#"{"takebacks":true}"#).unwrap().aborted_by, None);
        assert_eq!(People::parse("{}").unwrap(), People::default());
        assert!(People::parse("[").is_err());
    }
}
