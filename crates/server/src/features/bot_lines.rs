//! The Bot API's view of games and challenges, in lichess's shape (see
//! [`crate::contract::bots`]): the first player is `white`, the second
//! `black`; our game's name is the variant's `key`; positions and moves
//! are our games' own text.

use crate::contract::bots::{
    BotChallenge, BotChallengeUser, BotChatLine, BotClock, BotEventGame, BotGameFull, BotGamePlayer,
    BotGameState, BotOpponent, BotPerf, BotStatus, BotTimeControl, BotVariant,
};
use crate::contract::social::{Challenge, ChallengeStatus};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::{Table, now_ms};
use crate::features::game_names::titles;
use game::{Outcome, Player};
use std::time::Instant;

/// The time left reported for a side without a clock or deadline, ms
/// (lichess's "unlimited").
pub const UNLIMITED_MS: i64 = i32::MAX as i64;

/// The lichess colour of a side: `white` for the first player.
pub fn color(player: Player) -> &'static str {
    match player {
        Player::P1 => "white",
        Player::P2 => "black",
    }
}

/// The lichess user id of an account name: the name in lower case.
pub fn user_id(name: &str) -> String {
    name.to_lowercase()
}

/// The variant of the registered game `game`.
pub fn variant(app: &App, game: &str) -> BotVariant {
    let (title, _) = titles(app, game);
    BotVariant { key: game.to_owned(), name: title.clone(), short: title }
}

/// Lichess's speed of a clock (initial and increment, ms) or of a game
/// without one (`correspondence`).
pub fn speed(clock: Option<(i64, i64)>) -> String {
    let Some((initial_ms, increment_ms)) = clock else {
        return "correspondence".to_owned();
    };
    let estimate_s = (initial_ms + 40 * increment_ms) / 1000;
    match estimate_s {
        ..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
    .to_owned()
}

/// Lichess's status of a game with this outcome (`None`: it runs).
pub fn status(outcome: Option<Outcome>) -> BotStatus {
    let (id, name) = match outcome {
        None => (20, "started"),
        Some(outcome) => match (outcome.winner(), outcome.reason) {
            (_, "aborted") => (25, "aborted"),
            (_, "abandoned") => (37, "noStart"),
            (Some(_), "resignation") => (31, "resign"),
            (Some(_), "time") => (35, "outoftime"),
            (Some(_), "left") => (33, "timeout"),
            (Some(_), _) => (30, "mate"),
            (None, _) => (34, "draw"),
        },
    };
    BotStatus { id, name: name.to_owned() }
}

/// The winner's colour of a finished game, if it was won.
fn winner(table: &Table) -> Option<String> {
    table.game.outcome().and_then(|outcome| outcome.winner()).map(|p| color(p).to_owned())
}

/// Each side's time left and increment at `now`, ms (see
/// [`BotGameState::wtime`]).
fn times(table: &Table, now: Instant, day_ms: i64) -> ([i64; 2], [i64; 2]) {
    let to_move = table.game.side_to_move();
    if let Some(clock) = &table.clock {
        let left = Player::BOTH.map(|p| clock.left(p, to_move, now).max(0));
        return (left, [clock.increment_ms; 2]);
    }
    let Some(correspondence) = table.correspondence else {
        return ([UNLIMITED_MS; 2], [0; 2]);
    };
    let per_move = i64::from(correspondence.days) * day_ms;
    let left = Player::BOTH.map(|p| match correspondence.deadline_ms {
        Some(deadline) if p == to_move => (deadline - now_ms()).max(0),
        _ => per_move,
    });
    (left, [0; 2])
}

/// The game's state now (the line `gameState`).
pub fn game_state(table: &Table, day_ms: i64) -> BotGameState {
    let (left, increments) = times(table, Instant::now(), day_ms);
    BotGameState {
        moves: table.moves.join(" "),
        wtime: left[0],
        btime: left[1],
        winc: increments[0],
        binc: increments[1],
        status: status(table.game.outcome()).name,
        winner: winner(table),
        wdraw: table.draw_offer == Some(Player::P1),
        bdraw: table.draw_offer == Some(Player::P2),
    }
}

/// A seat's player in `gameFull`.
fn game_player(table: &Table, player: Player) -> BotGamePlayer {
    let seat = &table.seats[player.index()];
    let name = seat
        .account
        .as_ref()
        .map_or_else(|| table.game.player_name(player).en.to_owned(), |a| a.name.clone());
    BotGamePlayer {
        id: user_id(&name),
        name,
        title: seat.account.as_ref().is_some_and(|a| a.bot).then(|| "BOT".to_owned()),
        rating: seat.account.as_ref().and_then(|a| a.rating_before).map(round),
    }
}

/// A rating, rounded to a whole number.
pub fn round(rating: f64) -> i64 {
    rating.round() as i64
}

/// The line `gameFull` of the game.
pub fn game_full(app: &App, table: &Table) -> BotGameFull {
    let clock = table.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms));
    let (title, _) = titles(app, table.game.name());
    BotGameFull {
        id: table.id.clone(),
        variant: variant(app, table.game.name()),
        clock: clock.map(|(initial, increment)| BotClock { initial, increment }),
        days_per_turn: table.correspondence.map(|c| c.days),
        speed: speed(clock),
        perf: BotPerf { name: title },
        rated: table.rated,
        created_at: table.created_ms,
        white: game_player(table, Player::P1),
        black: game_player(table, Player::P2),
        initial_fen: table.setup.clone().unwrap_or_else(|| table.game.start_position()),
        options: table
            .game
            .options()
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect(),
        state: game_state(table, app.day_ms),
    }
}

/// The players' chat messages from index `from` on, as `chatLine`s.
pub fn player_chat(table: &Table, from: usize) -> Vec<BotChatLine> {
    table
        .chat
        .iter()
        .skip(from)
        .map(|line| {
            let seat = &table.seats[line.seat.index()];
            let username = seat
                .account
                .as_ref()
                .map_or_else(|| table.game.player_name(line.seat).en.to_owned(), |a| a.name.clone());
            BotChatLine { room: "player".to_owned(), username, text: line.body.clone() }
        })
        .collect()
}

/// The spectators' chat messages from index `from` on (counting every
/// message ever written), as `chatLine`s.
pub fn spectator_chat(table: &Table, from: usize) -> Vec<BotChatLine> {
    let skip = from.saturating_sub(table.spectator_chat_from);
    table
        .spectator_chat
        .iter()
        .skip(skip)
        .map(|line| BotChatLine {
            room: "spectator".to_owned(),
            username: line.name.clone(),
            text: line.body.clone(),
        })
        .collect()
}

/// The game as the account of `seat` sees it in `gameStart` and
/// `gameFinish`.
pub fn event_game(app: &App, table: &Table, seat: Player) -> BotEventGame {
    let clock = table.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms));
    let opponent = &table.seats[seat.other().index()];
    let username = opponent
        .account
        .as_ref()
        .map_or_else(|| table.game.player_name(seat.other()).en.to_owned(), |a| a.name.clone());
    let (left, _) = times(table, Instant::now(), app.day_ms);
    let running = table.game.outcome().is_none();
    BotEventGame {
        game_id: table.id.clone(),
        full_id: table.id.clone(),
        id: table.id.clone(),
        color: color(seat).to_owned(),
        fen: table.game.position(),
        has_moved: table.moves.len() > seat.index(),
        is_my_turn: running && table.game.side_to_move() == seat,
        last_move: table.moves.last().cloned().unwrap_or_default(),
        opponent: BotOpponent {
            id: user_id(&username),
            username,
            rating: opponent.account.as_ref().and_then(|a| a.rating_before).map(round),
        },
        rated: table.rated,
        seconds_left: table.clock.as_ref().map(|_| left[seat.index()] / 1000),
        source: "friend".to_owned(),
        status: status(table.game.outcome()),
        speed: speed(clock),
        variant: variant(app, table.game.name()),
        winner: winner(table),
    }
}

/// A challenge's player by name (a bot: `bot`): its rating of `game`,
/// read from the store.
async fn challenge_user(
    app: &App,
    name: &str,
    bot: bool,
    game: &str,
) -> Result<BotChallengeUser, DomainError> {
    let title = bot.then(|| "BOT".to_owned());
    let mut user = BotChallengeUser { id: user_id(name), name: name.to_owned(), rating: None, title };
    if let Some(account) = app.read(|db| db.account_by_name(name)).await? {
        user.rating = app.read(|db| db.rating(&account.id, game)).await?.map(|r| round(r.rating));
    }
    Ok(user)
}

/// A challenge (as the web pages see it) in lichess's shape.
pub async fn challenge(app: &App, challenge: &Challenge) -> Result<BotChallenge, DomainError> {
    let clock = challenge.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms));
    let time_control = match (clock, challenge.correspondence) {
        (Some((initial_ms, increment_ms)), _) => {
            let (limit, increment) = (initial_ms / 1000, increment_ms / 1000);
            let minutes = initial_ms as f64 / 60_000.0;
            BotTimeControl::Clock { limit, increment, show: format!("{minutes}+{increment}") }
        }
        (None, Some(days)) => BotTimeControl::Correspondence { days_per_turn: days },
        (None, None) => BotTimeControl::Unlimited,
    };
    let status = match challenge.status {
        ChallengeStatus::Open => "created",
        ChallengeStatus::Accepted => "accepted",
        ChallengeStatus::Declined => "declined",
        ChallengeStatus::Cancelled => "canceled",
        ChallengeStatus::Expired => "expired",
    };
    let color = match challenge.side.as_str() {
        "p1" => "white",
        "p2" => "black",
        _ => "random",
    };
    Ok(BotChallenge {
        id: challenge.id.clone(),
        url: format!("{}/api/challenges/{}", app.public_url(), challenge.id),
        status: status.to_owned(),
        challenger: challenge_user(app, &challenge.from, challenge.from_bot, &challenge.game).await?,
        dest_user: challenge_user(app, &challenge.to, challenge.to_bot, &challenge.game).await?,
        variant: variant(app, &challenge.game),
        rated: challenge.rated,
        speed: speed(clock),
        time_control,
        color: color.to_owned(),
        perf: BotPerf { name: challenge.title.clone() },
        game_id: challenge.game_id.clone(),
        decline_reason: challenge.reason_text.as_ref().map(|text| text.en.clone()),
        decline_reason_key: challenge.reason.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_follow_lichess_estimate_and_statuses_its_names() {
        assert_eq!(speed(Some((60_000, 0))), "bullet");
        assert_eq!(speed(Some((180_000, 2_000))), "blitz");
        assert_eq!(speed(Some((600_000, 5_000))), "rapid");
        assert_eq!(speed(None), "correspondence");
        assert_eq!(status(None).name, "started");
        assert_eq!(status(Some(Outcome::win(Player::P1, "resignation"))).name, "resign");
        assert_eq!(status(Some(Outcome::win(Player::P2, "time"))).name, "outoftime");
        assert_eq!(status(Some(Outcome::win(Player::P2, "no-stones"))).name, "mate");
        assert_eq!(status(Some(Outcome::draw("aborted"))).name, "aborted");
        assert_eq!(status(Some(Outcome::draw("repetition"))).name, "draw");
    }
}
