//! What the bridge reads from the Bot API's streams (lichess's shapes).

use serde::Deserialize;

/// A line of the event stream (`GET /api/stream/event`).
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub(crate) enum Event {
    /// A challenge to or from the bot.
    Challenge {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge withdrawn by its challenger.
    ChallengeCanceled {},
    /// A challenge declined.
    ChallengeDeclined {},
    /// A game of the bot began (or is running when the stream opens).
    GameStart {
        /// The game.
        game: GameEvent,
    },
    /// A game of the bot ended.
    GameFinish {},
}

/// A challenge.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Challenge {
    /// Its id.
    pub id: String,
    /// Who made it.
    pub challenger: Person,
    /// The game.
    pub variant: Variant,
    /// Whether the game would be rated.
    pub rated: bool,
    /// Its time.
    pub time_control: TimeControl,
}

/// A player as the streams name them.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Person {
    /// The account name.
    pub name: String,
    /// `BOT` for bots.
    #[serde(default)]
    pub title: Option<String>,
}

/// The game of a challenge or a game.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Variant {
    /// The registry name.
    pub key: String,
}

/// A challenge's time.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub(crate) enum TimeControl {
    /// A clock, in seconds.
    Clock {
        /// Starting time, s.
        limit: u64,
        /// Increment, s.
        increment: u64,
    },
    /// Days per move.
    #[serde(rename_all = "camelCase")]
    Correspondence {
        /// Days per move.
        days_per_turn: u32,
    },
    /// No limit.
    Unlimited,
}

/// A game in the event stream.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GameEvent {
    /// The game's id.
    pub game_id: String,
}

/// A line of a game stream (`GET /api/bot/game/stream/{id}`).
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub(crate) enum GameLine {
    /// The whole game, first.
    #[serde(rename_all = "camelCase")]
    GameFull {
        /// The game.
        variant: Variant,
        /// The first player.
        white: Person,
        /// The second player.
        black: Person,
        /// The start position (the game's position text, or `startpos`).
        initial_fen: String,
        /// The game's options (registry names and values).
        #[serde(default)]
        options: Vec<(String, String)>,
        /// The state now.
        state: GameState,
    },
    /// The state after a change.
    GameState(GameState),
    /// A chat line.
    ChatLine {},
    /// Anything else.
    #[serde(other)]
    Other,
}

/// The moves, clocks and status of a game.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct GameState {
    /// Every move, each one token, separated by spaces.
    pub moves: String,
    /// The first player's time left, ms.
    #[serde(default)]
    pub wtime: Option<u64>,
    /// The second player's time left, ms.
    #[serde(default)]
    pub btime: Option<u64>,
    /// The first player's increment, ms.
    #[serde(default)]
    pub winc: Option<u64>,
    /// The second player's increment, ms.
    #[serde(default)]
    pub binc: Option<u64>,
    /// `started` while it is played.
    pub status: String,
}
