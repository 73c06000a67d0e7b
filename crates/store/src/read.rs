//! Rows of the queries of [`crate::sql`] as domain types, for both
//! backends.

use crate::value::Row;
use crate::{
    AccountRow, BotRow, ChallengeRow, ChatRow, FoundGame, GameRow, LeagueGameRow, LeagueMemberRow,
    LeagueSeasonRow, LobbyRow, MoveRow, PlyEvaluation, PoolRow, ProfileGameRow, PuzzleRatingRow, RatingPoint,
    RatingRow, SeatAccount, SeatRow, SeekRow, SpectatorChatRow, StoreError, TermsRow, TournamentChatRow,
    TournamentGameRow, TournamentPlayerRow, TournamentRoundRow, TournamentRow, TurnRow, UnfinishedEvaluation,
};
use game::Player;

/// Reads a seat name (`p1`, `p2`).
pub fn parse_player(text: &str) -> Option<Player> {
    match text {
        "p1" => Some(Player::P1),
        "p2" => Some(Player::P2),
        _ => None,
    }
}

/// A stored side that may be null; an unknown name is invalid data.
fn opt_player(row: &Row, index: usize, what: &str) -> Result<Option<Player>, StoreError> {
    row.opt_text(index)?
        .map(|text| parse_player(&text).ok_or_else(|| StoreError::Invalid(format!("{what}: seat '{text}'"))))
        .transpose()
}

/// A stored side.
fn player(row: &Row, index: usize, what: &str) -> Result<Player, StoreError> {
    opt_player(row, index, what)?.ok_or_else(|| StoreError::Invalid(format!("{what}: no seat")))
}

/// Two columns that are both set, or none.
fn pair<A, B>(first: Option<A>, second: Option<B>) -> Option<(A, B)> {
    first.zip(second)
}

/// A game of [`crate::sql::GAME`].
pub fn game_row(r: &Row) -> Result<GameRow, StoreError> {
    let id = r.text(0)?;
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&r.text(2)?)
        .map_err(|e| StoreError::Invalid(format!("options of game {id}: {e}")))?;
    let tags = match r.opt_text(14)? {
        Some(text) => {
            serde_json::from_str(&text).map_err(|e| StoreError::Invalid(format!("tags of game {id}: {e}")))?
        }
        None => Vec::new(),
    };
    let what = format!("game {id}");
    Ok(GameRow {
        game: r.text(1)?,
        options: options.into_iter().map(|(k, v)| (k, v.as_str().unwrap_or_default().to_owned())).collect(),
        setup: r.opt_text(3)?,
        kind: r.text(4)?,
        level: r.opt_int_as(5)?,
        created_ms: r.int(6)?,
        result: pair(r.opt_text(7)?, r.opt_text(8)?),
        draw_offer: opt_player(r, 9, &what)?,
        clock: pair(r.opt_int(10)?, r.opt_int(11)?),
        to_move: opt_player(r, 12, &what)?,
        version: r.int_as(13)?,
        tags,
        rematch_offer: opt_player(r, 15, &what)?,
        rematch: r.opt_text(16)?,
        rated: r.bool(17)?,
        days_per_move: r.opt_int_as(18)?,
        deadline_ms: r.opt_int(19)?,
        id,
    })
}

/// A seat of [`crate::sql::SEATS`] (of the game `game`).
pub fn seat_row(r: &Row, game: &str) -> Result<SeatRow, StoreError> {
    let account = match (r.opt_text(4)?, r.opt_text(5)?) {
        (Some(id), Some(name)) => Some(SeatAccount {
            id,
            name,
            rating_before: r.opt_real(6)?,
            rating_after: r.opt_real(7)?,
            bot: r.bool(8)?,
            provisional: r.bool(9)?,
            closed: r.bool(10)?,
        }),
        _ => None,
    };
    Ok(SeatRow {
        seat: player(r, 0, &format!("a seat of game {game}"))?,
        engine: r.bool(1)?,
        token_hash: r.opt_text(2)?,
        invite_hash: r.opt_text(3)?,
        account,
    })
}

/// A move of [`crate::sql::MOVES`].
pub fn move_row(r: &Row) -> Result<MoveRow, StoreError> {
    Ok(MoveRow { mv: r.text(0)?, played_ms: r.int(1)?, remaining_ms: r.opt_int(2)? })
}

/// A chat message of [`crate::sql::CHAT`] (of the game `game`).
pub fn chat_row(r: &Row, game: &str) -> Result<ChatRow, StoreError> {
    Ok(ChatRow {
        seat: player(r, 0, &format!("the chat of game {game}"))?,
        body: r.text(1)?,
        sent_ms: r.int(2)?,
    })
}

/// The state of [`crate::sql::PEOPLE`] (of the game `game`).
pub fn people_state(r: &Row, game: &str) -> Result<String, StoreError> {
    r.text(0).map_err(|e| StoreError::Invalid(format!("the state between the players of game {game}: {e}")))
}

/// A message of [`crate::sql::SPECTATOR_CHAT`].
pub fn spectator_chat_row(r: &Row) -> Result<SpectatorChatRow, StoreError> {
    Ok(SpectatorChatRow { account_id: r.text(0)?, name: r.text(1)?, body: r.text(2)?, sent_ms: r.int(3)? })
}

/// The terms of a challenge or a seek, in the columns from `first` on
/// (game, options, the clock's two, rated, side, days per move, takebacks).
fn terms_row(r: &Row, first: usize) -> Result<TermsRow, StoreError> {
    Ok(TermsRow {
        game: r.text(first)?,
        options: r.text(first + 1)?,
        clock: pair(r.opt_int(first + 2)?, r.opt_int(first + 3)?),
        rated: r.bool(first + 4)?,
        side: r.text(first + 5)?,
        days_per_move: r.opt_int_as(first + 6)?,
        takebacks: r.bool(first + 7)?,
    })
}

/// A challenge of [`crate::sql::CHALLENGES`].
pub fn challenge_row(r: &Row) -> Result<ChallengeRow, StoreError> {
    Ok(ChallengeRow {
        id: r.text(0)?,
        challenger_id: r.text(1)?,
        challenger_name: r.text(2)?,
        challenged_id: r.text(3)?,
        challenged_name: r.text(4)?,
        terms: terms_row(r, 5)?,
        created_ms: r.int(13)?,
        expires_ms: r.int(14)?,
        status: r.text(15)?,
        reason: r.opt_text(16)?,
        game_id: r.opt_text(17)?,
        challenger_bot: r.bool(18)?,
        challenged_bot: r.bool(19)?,
    })
}

/// A game of [`crate::sql::LOBBY_PAGE`], without its seats.
pub fn lobby_row(r: &Row) -> Result<LobbyRow, StoreError> {
    let id = r.text(0)?;
    Ok(LobbyRow {
        game: r.text(1)?,
        kind: r.text(2)?,
        level: r.opt_int_as(3)?,
        created_ms: r.int(4)?,
        updated_ms: r.opt_int(5)?.unwrap_or_default(),
        to_move: opt_player(r, 6, &format!("game {id}"))?,
        ply: r.int_as(7)?,
        rated: r.bool(8)?,
        seats: Vec::new(),
        days_per_move: r.opt_int_as(9)?,
        deadline_ms: r.opt_int(10)?,
        id,
    })
}

/// A game of [`crate::sql::PROFILE_PAGE`].
pub fn profile_game_row(r: &Row) -> Result<ProfileGameRow, StoreError> {
    let id = r.text(0)?;
    Ok(ProfileGameRow {
        game: r.text(1)?,
        created_ms: r.int(2)?,
        result: pair(r.opt_text(3)?, r.opt_text(4)?),
        seat: player(r, 5, &format!("game {id}"))?,
        rated: r.bool(6)?,
        clock: pair(r.opt_int(7)?, r.opt_int(8)?),
        rating: (r.opt_real(9)?, r.opt_real(10)?),
        opponent: r.opt_text(11)?,
        kind: r.text(12)?,
        days_per_move: r.opt_int_as(13)?,
        id,
    })
}

/// A point of [`crate::sql::RATING_HISTORY`].
pub fn rating_point_row(r: &Row) -> Result<RatingPoint, StoreError> {
    Ok(RatingPoint {
        game: r.text(0)?,
        time_ms: r.int(1)?,
        rating: r.real(2)?,
        game_id: r.text(3)?,
        correspondence: r.opt_int(4)?.is_some(),
    })
}

/// An account of [`crate::sql::ACCOUNT_BY_NAME`].
pub fn account_row(r: &Row) -> Result<AccountRow, StoreError> {
    Ok(AccountRow { id: r.text(0)?, name: r.text(1)?, password_hash: r.text(2)?, created_ms: r.int(3)? })
}

/// A rating of [`crate::sql::RATINGS`] (of the account `account_id`).
pub fn rating_row(r: &Row, account_id: &str) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        account_id: account_id.to_owned(),
        game: r.text(0)?,
        rating: r.real(1)?,
        deviation: r.real(2)?,
        volatility: r.real(3)?,
        games: r.int_as(4)?,
    })
}

/// A puzzle's rating of [`crate::sql::PUZZLE_RATINGS`].
pub fn puzzle_rating_row(r: &Row) -> Result<PuzzleRatingRow, StoreError> {
    Ok(PuzzleRatingRow {
        puzzle_id: r.text(0)?,
        game: r.text(1)?,
        rating: r.real(2)?,
        deviation: r.real(3)?,
        volatility: r.real(4)?,
        attempts: r.int_as(5)?,
    })
}

/// A seek of [`crate::sql::SEEKS`].
pub fn seek_row(r: &Row) -> Result<SeekRow, StoreError> {
    Ok(SeekRow {
        id: r.text(0)?,
        account_id: r.text(1)?,
        account_name: r.text(2)?,
        terms: terms_row(r, 3)?,
        created_ms: r.int(11)?,
        game_id: r.opt_text(12)?,
    })
}

/// A pool entry of [`crate::sql::POOL_ENTRIES`].
pub fn pool_row(r: &Row) -> Result<PoolRow, StoreError> {
    Ok(PoolRow {
        account_id: r.text(0)?,
        account_name: r.text(1)?,
        game: r.text(2)?,
        clock: (r.int(3)?, r.int(4)?),
        rated: r.bool(5)?,
        rating: r.real(6)?,
        joined_ms: r.int(7)?,
    })
}

/// A position of [`crate::sql::EVALUATIONS`].
pub fn evaluation_row(r: &Row) -> Result<PlyEvaluation, StoreError> {
    Ok(PlyEvaluation { ply: r.int_as(0)?, score: r.int_as(1)?, best: r.opt_text(2)? })
}

/// A game of [`crate::sql::UNFINISHED_EVALUATIONS`].
pub fn unfinished_evaluation_row(r: &Row) -> Result<UnfinishedEvaluation, StoreError> {
    Ok(UnfinishedEvaluation { game: r.text(0)?, owner: r.opt_text(1)?, left: r.int_as(2)? })
}

/// A game of [`crate::sql::YOUR_TURN`].
pub fn turn_row(r: &Row) -> Result<TurnRow, StoreError> {
    let id = r.text(0)?;
    Ok(TurnRow {
        game: r.text(1)?,
        seat: player(r, 2, &format!("game {id}"))?,
        opponent: r.opt_text(3)?,
        ply: r.int_as(4)?,
        rated: r.bool(5)?,
        days_per_move: r.opt_int_as(6)?,
        deadline_ms: r.opt_int(7)?,
        updated_ms: r.int(8)?,
        id,
    })
}

/// A game of [`crate::sql::SEARCH_PAGE`], without its seats.
pub fn found_game(r: &Row) -> Result<FoundGame, StoreError> {
    let id = r.text(0)?;
    let result = pair(r.opt_text(5)?, r.opt_text(6)?)
        .ok_or_else(|| StoreError::Invalid(format!("game {id}: found as finished without a result")))?;
    Ok(FoundGame {
        game: r.text(1)?,
        kind: r.text(2)?,
        level: r.opt_int_as(3)?,
        created_ms: r.int(4)?,
        result,
        rated: r.bool(7)?,
        clock: pair(r.opt_int(8)?, r.opt_int(9)?),
        days_per_move: r.opt_int_as(10)?,
        ply: r.int_as(11)?,
        seats: Vec::new(),
        id,
    })
}

/// A tournament of [`crate::sql::TOURNAMENTS`].
pub fn tournament_row(r: &Row) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: r.text(0)?,
        kind: r.text(1)?,
        name: r.text(2)?,
        game: r.text(3)?,
        clock: (r.int(4)?, r.int(5)?),
        days_per_move: r.opt_int_as(21)?,
        rounds: r.int_as(20)?,
        rated: r.bool(6)?,
        bots: r.text(7)?,
        rating_range: (r.opt_int(8)?, r.opt_int(9)?),
        starts_ms: r.int(10)?,
        duration_ms: r.int(11)?,
        status: r.text(12)?,
        created_by: r.text(13)?,
        created_by_name: r.text(14)?,
        created_ms: r.int(15)?,
        winner_id: r.opt_text(16)?,
        winner_name: r.opt_text(17)?,
        version: r.int_as(18)?,
        player_count: r.int_as(19)?,
    })
}

/// A message of [`crate::sql::TOURNAMENT_CHAT`].
pub fn tournament_chat_row(r: &Row) -> Result<TournamentChatRow, StoreError> {
    Ok(TournamentChatRow { account_id: r.text(0)?, name: r.text(1)?, body: r.text(2)?, sent_ms: r.int(3)? })
}

/// A player of [`crate::sql::TOURNAMENT_PLAYERS`].
pub fn tournament_player_row(r: &Row) -> Result<TournamentPlayerRow, StoreError> {
    Ok(TournamentPlayerRow {
        account_id: r.text(0)?,
        account_name: r.text(1)?,
        bot: r.bool(2)?,
        rating: r.real(3)?,
        joined_ms: r.int(4)?,
        withdrawn: r.bool(5)?,
        score: r.int_as(6)?,
        streak: r.int_as(7)?,
        away: r.bool(8)?,
    })
}

/// A bot of [`crate::sql::BOTS`].
pub fn bot_row(r: &Row) -> Result<BotRow, StoreError> {
    Ok(BotRow {
        id: r.text(0)?,
        name: r.text(1)?,
        created_ms: r.int(2)?,
        online: r.bool(3)?,
        ratings: Vec::new(),
    })
}

/// A game of [`crate::sql::TOURNAMENT_GAMES`].
pub fn tournament_game_row(r: &Row) -> Result<TournamentGameRow, StoreError> {
    let game_id = r.text(0)?;
    let to_move = opt_player(r, 7, &format!("tournament game {game_id}"))?;
    Ok(TournamentGameRow {
        game_id,
        white_id: r.text(1)?,
        black_id: r.text(2)?,
        paired_ms: r.int(3)?,
        white_outcome: r.opt_text(4)?,
        scored_ms: r.opt_int(5)?,
        result: r.opt_text(6)?,
        to_move,
        round: r.opt_int_as(8)?,
    })
}

/// A round of [`crate::sql::TOURNAMENT_ROUNDS`].
pub fn tournament_round_row(r: &Row) -> Result<TournamentRoundRow, StoreError> {
    Ok(TournamentRoundRow { round: r.int_as(0)?, paired_ms: r.int(1)?, bye_id: r.opt_text(2)? })
}

/// A season of [`crate::sql::LEAGUE_SEASONS`].
pub fn league_season_row(r: &Row) -> Result<LeagueSeasonRow, StoreError> {
    Ok(LeagueSeasonRow {
        game: r.text(0)?,
        season: r.int_as(1)?,
        status: r.text(2)?,
        starts_ms: r.opt_int(3)?,
        members: r.int_as(4)?,
    })
}

/// A member of [`crate::sql::LEAGUE_MEMBERS`].
pub fn league_member_row(r: &Row) -> Result<LeagueMemberRow, StoreError> {
    Ok(LeagueMemberRow {
        account_id: r.text(0)?,
        name: r.text(1)?,
        joined_ms: r.int(2)?,
        seed: r.opt_int_as(3)?,
        division: r.opt_int_as(4)?,
    })
}

/// A game of [`crate::sql::LEAGUE_GAMES`].
pub fn league_game_row(r: &Row) -> Result<LeagueGameRow, StoreError> {
    let game_id = r.text(0)?;
    let to_move = opt_player(r, 6, &format!("league game {game_id}"))?;
    Ok(LeagueGameRow {
        game_id,
        division: r.int_as(1)?,
        round: r.int_as(2)?,
        white_id: r.text(3)?,
        black_id: r.text(4)?,
        result: r.opt_text(5)?,
        to_move,
    })
}
