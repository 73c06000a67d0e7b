//! The statements of each [`Op`], for both backends.

use crate::backend::{Check, Step};
use crate::sql;
use crate::value::Value;
use crate::{MoveRow, Op, PuzzleAttemptRow, RatingRow, TermsRow};
use game::Player;

/// The instance of the lobby rows that keep an account present for a grace
/// period after its last connection closed (no instance's heartbeat renews
/// them).
const GRACE_INSTANCE: &str = "";

/// A step of `sql` with `check` and `params`.
fn step(sql: &'static str, check: Check, params: Vec<Value>) -> Step {
    Step { sql, params, check }
}

/// What a failing step of a game names.
fn game_named(id: &str) -> String {
    format!("game {id}")
}

/// A seat's or side's stored name (`p1`, `p2`).
fn side(player: Player) -> Value {
    Value::Text(player.to_string())
}

/// The options as stored: a JSON object of strings.
fn options_text(options: &[(String, String)]) -> String {
    serde_json::Value::Object(
        options.iter().map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone()))).collect(),
    )
    .to_string()
}

/// The tags as stored: a JSON array of `[name, value]` pairs, `None` when
/// there are none.
fn tags_text(tags: &[(String, String)]) -> Option<String> {
    (!tags.is_empty()).then(|| serde_json::to_string(tags).unwrap_or_default())
}

/// Holds season `season` of the league of `game` in sign-up for the rest
/// of the write: a conflict when it is no longer in sign-up.
fn hold_signup(game: &str, season: u32) -> Step {
    step(
        sql::HOLD_LEAGUE_SIGNUP,
        Check::Current(format!("sign-up of season {season} of the {game} league")),
        vec![game.into(), season.into()],
    )
}

fn insert_move(game: &str, ply: usize, mv: &MoveRow) -> Step {
    step(
        sql::INSERT_MOVE,
        Check::Found(game_named(game)),
        vec![game.into(), ply.into(), (&mv.mv).into(), mv.played_ms.into(), mv.remaining_ms.into()],
    )
}

fn set_to_move(game: &str, to_move: Player) -> Step {
    step(sql::SET_TO_MOVE, Check::Found(game_named(game)), vec![game.into(), side(to_move)])
}

fn put_people(game: &str, state: &str) -> Step {
    step(sql::PUT_PEOPLE, Check::Found(game_named(game)), vec![game.into(), state.into()])
}

/// Sets (or, with no `seat`, withdraws) an offer of `game`'s `seat` by
/// the statement `sql` (a draw or a rematch offer).
fn set_offer(sql: &'static str, game: &str, seat: Option<Player>) -> Step {
    step(sql, Check::Found(game_named(game)), vec![game.into(), seat.map(side).unwrap_or(Value::Null)])
}

/// The parameters of a challenge's or a seek's terms, in the order of
/// their columns (game, options, the clock's two, rated, side, days per
/// move, takebacks).
fn terms_params(terms: &TermsRow) -> [Value; 8] {
    [
        (&terms.game).into(),
        (&terms.options).into(),
        terms.clock.map(|c| c.0).into(),
        terms.clock.map(|c| c.1).into(),
        terms.rated.into(),
        (&terms.side).into(),
        terms.days_per_move.into(),
        terms.takebacks.into(),
    ]
}

/// The parameters of a stored rating: account, game, rating, deviation,
/// volatility and games.
fn rating_values(row: &RatingRow) -> Vec<Value> {
    vec![
        (&row.account_id).into(),
        (&row.game).into(),
        row.rating.into(),
        row.deviation.into(),
        row.volatility.into(),
        row.games.into(),
    ]
}

/// The parameters of a stored puzzle attempt: account, puzzle, game,
/// whether solved and when.
fn attempt_values(attempt: &PuzzleAttemptRow) -> Vec<Value> {
    vec![
        (&attempt.account_id).into(),
        (&attempt.puzzle_id).into(),
        (&attempt.game).into(),
        attempt.solved.into(),
        attempt.attempted_ms.into(),
    ]
}

/// Appends the statements of `op` to `steps`; `notify`: tell the other
/// server instances of each change of a game (a shared database).
pub fn steps_of(op: &Op, notify: bool, steps: &mut Vec<Step>) {
    match op {
        Op::Bump { game, version } => {
            steps.push(step(
                sql::BUMP,
                Check::Current(game_named(game)),
                vec![game.into(), (*version).into()],
            ));
            if notify {
                let payload = format!("{game}:{}", version.saturating_add(1));
                steps.push(step(sql::NOTIFY, Check::Any, vec![payload.into()]));
            }
        }
        Op::CreateGame(stored) => {
            let row = &stored.row;
            let (result, reason) = row.result.clone().unzip();
            let updated_ms = stored.moves.iter().map(|m| m.played_ms).max().unwrap_or(row.created_ms);
            steps.push(step(
                sql::INSERT_GAME,
                Check::Found(game_named(&row.id)),
                vec![
                    (&row.id).into(),
                    (&row.game).into(),
                    options_text(&row.options).into(),
                    row.setup.clone().into(),
                    (&row.kind).into(),
                    row.level.into(),
                    row.created_ms.into(),
                    result.into(),
                    reason.into(),
                    row.draw_offer.map(side).unwrap_or(Value::Null),
                    row.clock.map(|c| c.0).into(),
                    row.clock.map(|c| c.1).into(),
                    updated_ms.into(),
                    row.to_move.map(side).unwrap_or(Value::Null),
                    tags_text(&row.tags).into(),
                    row.rated.into(),
                    row.days_per_move.into(),
                    row.deadline_ms.into(),
                ],
            ));
            for seat in &stored.seats {
                steps.push(step(
                    sql::INSERT_SEAT,
                    Check::Found(game_named(&row.id)),
                    vec![
                        (&row.id).into(),
                        side(seat.seat),
                        seat.engine.into(),
                        seat.token_hash.clone().into(),
                        seat.invite_hash.clone().into(),
                        seat.account.as_ref().map(|a| a.id.clone()).into(),
                        seat.account.as_ref().and_then(|a| a.rating_before).into(),
                        seat.account.as_ref().is_some_and(|a| a.provisional).into(),
                    ],
                ));
            }
            for (ply, mv) in stored.moves.iter().enumerate() {
                steps.push(insert_move(&row.id, ply, mv));
            }
            if let Some(state) = &stored.people {
                steps.push(put_people(&row.id, state));
            }
        }
        Op::AddMove { game, ply, mv, to_move } => {
            steps.push(insert_move(game, *ply, mv));
            steps.push(step(
                sql::SET_MOVED,
                Check::Found(game_named(game)),
                vec![game.into(), mv.played_ms.into(), side(*to_move)],
            ));
        }
        Op::TruncateMoves { game, from_ply, to_move } => {
            steps.push(step(sql::DELETE_MOVES_FROM, Check::Any, vec![game.into(), (*from_ply).into()]));
            steps.push(set_to_move(game, *to_move));
        }
        Op::SetToMove { game, to_move } => steps.push(set_to_move(game, *to_move)),
        Op::SetDeadline { game, deadline_ms } => steps.push(step(
            sql::SET_DEADLINE,
            Check::Found(game_named(game)),
            vec![game.into(), (*deadline_ms).into()],
        )),
        Op::SetResult { game, result } => {
            let (result, reason) = result.clone().unzip();
            steps.push(step(
                sql::SET_RESULT,
                Check::Found(game_named(game)),
                vec![game.into(), result.into(), reason.into()],
            ));
        }
        Op::ClaimSeat { game, seat, token_hash, account } => steps.push(step(
            sql::CLAIM_SEAT,
            Check::Found(format!("a free seat {seat} of game {game}")),
            vec![
                game.into(),
                side(*seat),
                token_hash.into(),
                account.as_ref().map(|a| a.id.clone()).into(),
                account.as_ref().and_then(|a| a.rating_before).into(),
                account.as_ref().is_some_and(|a| a.provisional).into(),
            ],
        )),
        Op::SetInvite { game, seat, invite_hash } => steps.push(step(
            sql::SET_INVITE,
            Check::Current(format!("the free seat {seat} of game {game}")),
            vec![game.into(), side(*seat), invite_hash.into()],
        )),
        Op::SetSeatRatings { game, seat, before, after } => steps.push(step(
            sql::SET_SEAT_RATINGS,
            Check::Found(format!("seat {seat} of game {game}")),
            vec![game.into(), side(*seat), (*before).into(), (*after).into()],
        )),
        Op::PutRating(row) => steps.push(step(
            sql::PUT_RATING,
            // Nothing changed: another game's end rated the account meanwhile.
            Check::Current(format!("the {} rating of account {}", row.game, row.account_id)),
            rating_values(row),
        )),
        Op::CreateAccount(row) => steps.push(step(
            sql::INSERT_ACCOUNT,
            Check::Any,
            vec![
                (&row.id).into(),
                (&row.name).into(),
                row.name.to_ascii_lowercase().into(),
                (&row.password_hash).into(),
                row.created_ms.into(),
            ],
        )),
        Op::RatePuzzleAttempt { attempt, puzzle, player } => {
            steps.push(step(
                sql::INSERT_PUZZLE_ATTEMPT,
                Check::Current(format!(
                    "the first attempt of account {} at puzzle {}",
                    attempt.account_id, attempt.puzzle_id
                )),
                attempt_values(attempt),
            ));
            steps.push(step(
                sql::PUT_PUZZLE_RATING,
                Check::Current(format!("the rating of puzzle {}", puzzle.puzzle_id)),
                vec![
                    (&puzzle.puzzle_id).into(),
                    (&puzzle.game).into(),
                    puzzle.rating.into(),
                    puzzle.deviation.into(),
                    puzzle.volatility.into(),
                    puzzle.attempts.into(),
                ],
            ));
            steps.push(step(
                sql::PUT_PUZZLE_PLAYER_RATING,
                Check::Current(format!("the {} puzzle rating of account {}", player.game, player.account_id)),
                rating_values(player),
            ));
        }
        Op::RecordPuzzleAttempt(attempt) => {
            steps.push(step(sql::INSERT_PUZZLE_ATTEMPT, Check::Any, attempt_values(attempt)))
        }
        Op::ServePuzzle { account_id, game, puzzle_id, served_ms } => steps.push(step(
            sql::SERVE_PUZZLE,
            Check::Any,
            vec![account_id.into(), game.into(), puzzle_id.into(), (*served_ms).into()],
        )),
        Op::FinishLessonStep { account_id, game, step: id, done_ms, stars } => steps.push(step(
            sql::FINISH_LESSON_STEP,
            Check::Any,
            vec![account_id.into(), game.into(), id.into(), (*done_ms).into(), (*stars).into()],
        )),
        Op::CreateApiToken(row) => steps.push(step(
            sql::INSERT_API_TOKEN,
            Check::Any,
            vec![
                (&row.id).into(),
                (&row.account_id).into(),
                (&row.secret_hash).into(),
                (&row.description).into(),
                (&row.scopes).into(),
                row.created_ms.into(),
            ],
        )),
        Op::DeleteApiToken { id, account_id } => steps.push(step(
            sql::DELETE_API_TOKEN,
            Check::Found(format!("API token {id}")),
            vec![id.into(), account_id.into()],
        )),
        Op::MakeBot { account_id } => steps.push(step(
            sql::MAKE_BOT,
            Check::Current(format!("account {account_id}: a bot already, or it has played")),
            vec![account_id.into()],
        )),
        Op::CreateSession { id_hash, account_id, expires_ms } => steps.push(step(
            sql::INSERT_SESSION,
            Check::Any,
            vec![id_hash.into(), account_id.into(), (*expires_ms).into()],
        )),
        Op::DeleteSession { id_hash, account_id } => {
            steps.push(step(sql::DELETE_OPEN_SEEKS, Check::Any, vec![account_id.into()]));
            steps.push(step(sql::DELETE_SESSION, Check::Any, vec![id_hash.into()]));
        }
        Op::SetPassword { account_id, password_hash, keep_session } => {
            steps.push(step(
                sql::SET_PASSWORD,
                Check::Found(format!("open account {account_id}")),
                vec![account_id.into(), password_hash.into()],
            ));
            let keep = keep_session.clone().unwrap_or_default();
            steps.push(step(sql::DELETE_OTHER_SESSIONS, Check::Any, vec![account_id.into(), keep.into()]));
        }
        Op::SetRecoveryCode { account_id, recovery_hash } => steps.push(step(
            sql::SET_RECOVERY,
            Check::Found(format!("open account {account_id}")),
            vec![account_id.into(), recovery_hash.into()],
        )),
        Op::SetAccountSettings { account_id, settings } => steps.push(step(
            sql::SET_ACCOUNT_SETTINGS,
            Check::Found(format!("open account {account_id}")),
            vec![account_id.into(), settings.into()],
        )),
        Op::CloseAccount { account_id, closed_ms } => {
            steps.push(step(
                sql::CLOSE_ACCOUNT,
                Check::Found(format!("open account {account_id}")),
                vec![account_id.into(), (*closed_ms).into()],
            ));
            steps.push(step(sql::DELETE_OTHER_SESSIONS, Check::Any, vec![account_id.into(), "".into()]));
            for sql in [
                sql::DELETE_API_TOKENS_OF,
                sql::DELETE_OPEN_SEEKS,
                sql::DELETE_POOL_ENTRY,
                sql::CANCEL_CHALLENGES_OF,
                sql::TOUCH_TOURNAMENTS_OF,
                sql::WITHDRAW_TOURNAMENTS_OF,
                sql::LEAVE_LEAGUE_SIGNUPS_OF,
            ] {
                steps.push(step(sql, Check::Any, vec![account_id.into()]));
            }
        }
        Op::PutLobbyPresence { account_id, instance, expires_ms } => steps.push(step(
            sql::PUT_LOBBY_PRESENCE,
            Check::Any,
            vec![account_id.into(), instance.into(), (*expires_ms).into()],
        )),
        Op::RefreshLobbyPresence { instance, expires_ms } => steps.push(step(
            sql::REFRESH_LOBBY_PRESENCE,
            Check::Any,
            vec![instance.into(), (*expires_ms).into()],
        )),
        Op::DeleteLobbyPresence { account_id, instance, grace_until_ms } => {
            steps.push(step(
                sql::DELETE_LOBBY_PRESENCE,
                Check::Any,
                vec![account_id.into(), instance.into()],
            ));
            steps.push(step(
                sql::PUT_LOBBY_PRESENCE,
                Check::Any,
                vec![account_id.into(), GRACE_INSTANCE.into(), (*grace_until_ms).into()],
            ));
        }
        Op::PruneLobby { now_ms, joined_before_ms } => {
            steps.push(step(sql::PRUNE_LOBBY, Check::Any, vec![(*now_ms).into()]));
            let gone = vec![(*now_ms).into(), (*joined_before_ms).into()];
            steps.push(step(sql::PRUNE_POOL, Check::Any, gone.clone()));
            steps.push(step(sql::PRUNE_SEEKS, Check::Any, gone));
        }
        Op::JoinPool(row) => steps.push(step(
            sql::JOIN_POOL,
            Check::Any,
            vec![
                (&row.account_id).into(),
                (&row.game).into(),
                row.clock.0.into(),
                row.clock.1.into(),
                row.rated.into(),
                row.rating.into(),
                row.joined_ms.into(),
            ],
        )),
        Op::LeavePool { account_id, joined_ms } => steps.push(step(
            sql::LEAVE_POOL,
            match joined_ms {
                Some(_) => Check::Current(format!("pool entry of {account_id}")),
                None => Check::Any,
            },
            vec![account_id.into(), (*joined_ms).into()],
        )),
        Op::TellPaired { account_id, game, seat } => {
            if notify {
                let payload = format!("{account_id} {game} {seat}");
                steps.push(step(sql::NOTIFY_PAIRED, Check::Any, vec![payload.into()]));
            }
        }
        Op::CreateSeek(row) => {
            let mut params = vec![(&row.id).into(), (&row.account_id).into()];
            params.extend(terms_params(&row.terms));
            params.push(row.created_ms.into());
            steps.push(step(sql::INSERT_SEEK, Check::Any, params));
        }
        Op::CancelSeek { id, account_id } => steps.push(step(
            sql::CANCEL_SEEK,
            Check::Found(format!("open seek {id}")),
            vec![id.into(), account_id.into()],
        )),
        Op::AcceptSeek { id, game } => steps.push(step(
            sql::ACCEPT_SEEK,
            Check::Current(format!("seek {id}")),
            vec![id.into(), game.into()],
        )),
        Op::RequestEvaluation { game, total, requested_ms, owner } => steps.push(step(
            sql::REQUEST_EVALUATION,
            Check::Any,
            vec![game.into(), (*total).into(), (*requested_ms).into(), owner.into()],
        )),
        Op::AddEvaluation { game, evaluation } => steps.push(step(
            sql::PUT_EVALUATION,
            Check::Any,
            vec![game.into(), evaluation.ply.into(), evaluation.score.into(), evaluation.best.clone().into()],
        )),
        Op::SetDrawOffer { game, seat } => steps.push(set_offer(sql::SET_DRAW_OFFER, game, *seat)),
        Op::SetRematchOffer { game, seat } => steps.push(set_offer(sql::SET_REMATCH_OFFER, game, *seat)),
        Op::SetRematch { game, rematch } => steps.push(step(
            sql::SET_REMATCH,
            Check::Found(format!("game {game} without a rematch")),
            vec![game.into(), rematch.into()],
        )),
        Op::SetPeople { game, state } => steps.push(put_people(game, state)),
        Op::AddSpectatorChat { game, seq, line, keep_from } => {
            steps.push(step(
                sql::INSERT_SPECTATOR_CHAT,
                Check::Any,
                vec![
                    game.into(),
                    (*seq).into(),
                    (&line.account_id).into(),
                    (&line.body).into(),
                    line.sent_ms.into(),
                ],
            ));
            if *keep_from > 0 {
                steps.push(step(
                    sql::DELETE_SPECTATOR_CHAT_BEFORE,
                    Check::Any,
                    vec![game.into(), (*keep_from).into()],
                ));
            }
        }
        Op::CreateChallenge(row) => {
            let mut params = vec![(&row.id).into(), (&row.challenger_id).into(), (&row.challenged_id).into()];
            params.extend(terms_params(&row.terms));
            params.extend([row.created_ms.into(), row.expires_ms.into(), (&row.status).into()]);
            steps.push(step(sql::INSERT_CHALLENGE, Check::Any, params));
        }
        Op::DeleteOldChallenges { expired_before_ms } => {
            steps.push(step(sql::DELETE_OLD_CHALLENGES, Check::Any, vec![(*expired_before_ms).into()]));
        }
        Op::AnswerChallenge { id, status, reason, game_id, now_ms } => steps.push(step(
            sql::ANSWER_CHALLENGE,
            Check::Current(format!("open challenge {id}")),
            vec![id.into(), status.into(), reason.clone().into(), game_id.clone().into(), (*now_ms).into()],
        )),
        Op::SetMute { account_id, muted_id, muted, at_ms } => steps.push(if *muted {
            step(sql::MUTE, Check::Any, vec![account_id.into(), muted_id.into(), (*at_ms).into()])
        } else {
            step(sql::UNMUTE, Check::Any, vec![account_id.into(), muted_id.into()])
        }),
        Op::AddChat { game, seq, line } => steps.push(step(
            sql::INSERT_CHAT,
            Check::Any,
            vec![game.into(), (*seq).into(), side(line.seat), (&line.body).into(), line.sent_ms.into()],
        )),
        Op::CreateTournament(row) => steps.push(step(
            sql::INSERT_TOURNAMENT,
            Check::Any,
            vec![
                (&row.id).into(),
                (&row.kind).into(),
                (&row.name).into(),
                (&row.game).into(),
                row.clock.0.into(),
                row.clock.1.into(),
                row.rated.into(),
                (&row.bots).into(),
                row.rating_range.0.into(),
                row.rating_range.1.into(),
                row.starts_ms.into(),
                row.duration_ms.into(),
                (&row.status).into(),
                (&row.created_by).into(),
                row.created_ms.into(),
                row.rounds.into(),
                row.days_per_move.into(),
            ],
        )),
        Op::JoinTournament { tournament_id, account_id, rating, joined_ms } => steps.push(step(
            sql::JOIN_TOURNAMENT,
            Check::Any,
            vec![tournament_id.into(), account_id.into(), (*rating).into(), (*joined_ms).into()],
        )),
        Op::WithdrawTournament { tournament_id, account_id } => {
            steps.push(step(
                sql::WITHDRAW_TOURNAMENT,
                Check::Found(format!("player {account_id} of tournament {tournament_id}")),
                vec![tournament_id.into(), account_id.into()],
            ));
            steps.push(step(sql::TOUCH_TOURNAMENT, Check::Any, vec![tournament_id.into()]));
        }
        Op::SetTournamentAway { tournament_id, account_id, away } => steps.push(step(
            sql::SET_TOURNAMENT_AWAY,
            Check::Any,
            vec![tournament_id.into(), account_id.into(), (*away).into()],
        )),
        Op::BumpTournament { id, version } => steps.push(step(
            sql::BUMP_TOURNAMENT,
            Check::Current(format!("tournament {id}")),
            vec![id.into(), (*version).into()],
        )),
        Op::SetTournamentStatus { id, from, to, winner_id } => steps.push(step(
            sql::SET_TOURNAMENT_STATUS,
            Check::Current(format!("tournament {id} {from}")),
            vec![id.into(), from.into(), to.into(), winner_id.clone().into()],
        )),
        Op::LinkTournamentGame { game_id, tournament_id, white_id, black_id, paired_ms, round } => steps
            .push(step(
                sql::LINK_TOURNAMENT_GAME,
                Check::Any,
                vec![
                    game_id.into(),
                    tournament_id.into(),
                    white_id.into(),
                    black_id.into(),
                    (*paired_ms).into(),
                    (*round).into(),
                ],
            )),
        Op::PairSwissRound { tournament_id, round, paired_ms, bye_id } => steps.push(step(
            sql::PAIR_SWISS_ROUND,
            Check::Current(format!("round {round} of tournament {tournament_id} unpaired")),
            vec![tournament_id.into(), (*round).into(), (*paired_ms).into(), bye_id.clone().into()],
        )),
        Op::ScoreTournamentGame { game_id, white_outcome, scored_ms } => steps.push(step(
            sql::SCORE_TOURNAMENT_GAME,
            Check::Current(format!("unscored tournament game {game_id}")),
            vec![game_id.into(), white_outcome.into(), (*scored_ms).into()],
        )),
        Op::AddTournamentChat { tournament_id, account_id, body, sent_ms } => steps.push(step(
            sql::INSERT_TOURNAMENT_CHAT,
            Check::Found(format!("tournament {tournament_id}")),
            vec![tournament_id.into(), (*sent_ms).into(), account_id.into(), body.into()],
        )),
        Op::SetTournamentScore { tournament_id, account_id, score, streak } => steps.push(step(
            sql::SET_TOURNAMENT_SCORE,
            Check::Any,
            vec![tournament_id.into(), account_id.into(), (*score).into(), (*streak).into()],
        )),
        Op::OpenLeagueSeason { game, season, starts_ms } => steps.push(step(
            sql::OPEN_LEAGUE_SEASON,
            Check::Any,
            vec![game.into(), (*season).into(), (*starts_ms).into()],
        )),
        Op::MoveLeagueStart { game, season, from_ms, to_ms } => steps.push(step(
            sql::MOVE_LEAGUE_START,
            Check::Current(format!("start of season {season} of the {game} league")),
            vec![game.into(), (*season).into(), from_ms.unwrap_or(-1).into(), (*to_ms).into()],
        )),
        Op::SetLeagueStatus { game, season, from, to } => steps.push(step(
            sql::SET_LEAGUE_STATUS,
            Check::Current(format!("season {season} of the {game} league {from}")),
            vec![game.into(), (*season).into(), from.into(), to.into()],
        )),
        Op::JoinLeague { game, season, account_id, joined_ms } => {
            steps.push(hold_signup(game, *season));
            steps.push(step(
                sql::JOIN_LEAGUE,
                Check::Any,
                vec![game.into(), (*season).into(), account_id.into(), (*joined_ms).into()],
            ));
        }
        Op::CarryLeagueMember { game, season, account_id, joined_ms, seed, division } => steps.push(step(
            sql::CARRY_LEAGUE_MEMBER,
            Check::Any,
            vec![
                game.into(),
                (*season).into(),
                account_id.into(),
                (*joined_ms).into(),
                (*seed).into(),
                (*division).into(),
            ],
        )),
        Op::LeaveLeague { game, season, account_id } => {
            steps.push(hold_signup(game, *season));
            steps.push(step(
                sql::LEAVE_LEAGUE,
                Check::Found(format!("member {account_id} of season {season} of the {game} league")),
                vec![game.into(), (*season).into(), account_id.into()],
            ));
        }
        Op::PlaceLeagueMember { game, season, account_id, division } => steps.push(step(
            sql::PLACE_LEAGUE_MEMBER,
            Check::Found(format!("member {account_id} of season {season} of the {game} league")),
            vec![game.into(), (*season).into(), account_id.into(), (*division).into()],
        )),
        Op::LinkLeagueGame { game_id, game, season, division, round, white_id, black_id } => {
            steps.push(step(
                sql::LINK_LEAGUE_GAME,
                Check::Any,
                vec![
                    game_id.into(),
                    game.into(),
                    (*season).into(),
                    (*division).into(),
                    (*round).into(),
                    white_id.into(),
                    black_id.into(),
                ],
            ))
        }
    }
}
