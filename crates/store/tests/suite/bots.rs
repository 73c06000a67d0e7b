//! Bot accounts and personal API tokens: a token found by its secret's
//! hash with its account and scopes, listed for its owner, revoked only by
//! its owner; an account becomes a bot once, and never after it played.

use crate::common::{fresh_store, sample, seat_account};
use spielwerk_store::{AccountRow, ApiTokenInfo, ApiTokenRow, ErrorKind, Op, RatingRow, TokenAccount};

fn account(id: &str, name: &str) -> AccountRow {
    AccountRow { id: id.into(), name: name.into(), password_hash: "x".into(), created_ms: 1 }
}

fn token(id: &str, account_id: &str, secret_hash: &str, created_ms: i64) -> ApiTokenRow {
    ApiTokenRow {
        id: id.into(),
        account_id: account_id.into(),
        secret_hash: secret_hash.into(),
        description: format!("token {id}"),
        scopes: "bot:play challenge:write".into(),
        created_ms,
    }
}

#[tokio::test]
async fn tokens_are_found_by_their_hash_listed_for_their_owner_and_revoked_only_by_it() {
    let store = fresh_store("api-tokens").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "Bert"))])
        .await
        .unwrap();
    store
        .write(vec![
            Op::CreateApiToken(token("t2", "a1", "h2", 20)),
            Op::CreateApiToken(token("t1", "a1", "h1", 10)),
            Op::CreateApiToken(token("t3", "a2", "h3", 5)),
        ])
        .await
        .unwrap();
    assert_eq!(
        store.token_account("h2").await.unwrap(),
        Some(TokenAccount {
            id: "a1".into(),
            name: "Anna".into(),
            scopes: "bot:play challenge:write".into()
        })
    );
    assert_eq!(store.token_account("nope").await.unwrap(), None);
    let listed: Vec<String> =
        store.api_tokens("a1").await.unwrap().into_iter().map(|t: ApiTokenInfo| t.id).collect();
    assert_eq!(listed, ["t1", "t2"], "oldest first, only the owner's");

    let foreign = store.write(vec![Op::DeleteApiToken { id: "t3".into(), account_id: "a1".into() }]).await;
    assert_eq!(foreign.unwrap_err().kind(), ErrorKind::NotFound, "another account's token is not revoked");
    assert!(store.token_account("h3").await.unwrap().is_some());
    store.write(vec![Op::DeleteApiToken { id: "t1".into(), account_id: "a1".into() }]).await.unwrap();
    assert_eq!(store.token_account("h1").await.unwrap(), None, "a revoked token signs in no more");
    assert_eq!(store.api_tokens("a1").await.unwrap().len(), 1);
}

#[tokio::test]
async fn an_account_becomes_a_bot_once_and_never_after_it_played() {
    let store = fresh_store("bots").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "Bert"))])
        .await
        .unwrap();
    assert_eq!(store.account_bot("a1").await.unwrap(), Some((false, false)));
    assert_eq!(store.account_bot("nobody").await.unwrap(), None);

    store.write(vec![Op::MakeBot { account_id: "a1".into() }]).await.unwrap();
    assert_eq!(store.account_bot("a1").await.unwrap(), Some((true, false)));
    let again = store.write(vec![Op::MakeBot { account_id: "a1".into() }]).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Conflict, "a bot already");

    let mut game = sample("g1");
    game.seats[1].account = Some(seat_account("a2", "Bert"));
    store.write(vec![Op::CreateGame(Box::new(game))]).await.unwrap();
    assert_eq!(store.account_bot("a2").await.unwrap(), Some((false, true)));
    let played = store.write(vec![Op::MakeBot { account_id: "a2".into() }]).await.unwrap_err();
    assert_eq!(played.kind(), ErrorKind::Conflict, "an account that played stays a person's");
    assert_eq!(store.account_bot("a2").await.unwrap(), Some((false, true)));
}

#[tokio::test]
async fn the_bots_come_by_name_each_with_its_own_ratings_only() {
    let store = fresh_store("bot-ratings").await;
    let ops = [("b1", "Zeta"), ("b2", "Alfa"), ("p1", "Pia")]
        .map(|(id, name)| Op::CreateAccount(account(id, name)));
    store.write(ops.into()).await.unwrap();
    store
        .write(vec![Op::MakeBot { account_id: "b1".into() }, Op::MakeBot { account_id: "b2".into() }])
        .await
        .unwrap();
    let rating = |account_id: &str, game: &str, rating: f64| {
        Op::PutRating(RatingRow {
            account_id: account_id.into(),
            game: game.into(),
            rating,
            deviation: 100.0,
            volatility: 0.06,
            games: 1,
        })
    };
    store
        .write(vec![rating("b1", "toy", 1700.0), rating("b1", "ataxx", 1400.0), rating("p1", "toy", 1900.0)])
        .await
        .unwrap();
    let bots = store.bots(0).await.unwrap();
    let names: Vec<&str> = bots.iter().map(|bot| bot.name.as_str()).collect();
    assert_eq!(names, ["Alfa", "Zeta"], "bots only, by name");
    assert!(bots[0].ratings.is_empty(), "{:?}", bots[0].ratings);
    let zeta: Vec<(&str, &str, f64)> =
        bots[1].ratings.iter().map(|r| (r.account_id.as_str(), r.game.as_str(), r.rating)).collect();
    assert_eq!(zeta, [("b1", "ataxx", 1400.0), ("b1", "toy", 1700.0)], "its own, by game");
}

#[tokio::test]
async fn a_bots_event_stream_reads_its_running_games_and_those_over_made_since_at_once() {
    let store = fresh_store("event-games").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "Bert"))])
        .await
        .unwrap();
    let game = |id: &str, holder: &str, kind: &str, created_ms: i64, over: bool| {
        let mut game = sample(id);
        game.row.kind = kind.into();
        game.row.created_ms = created_ms;
        game.row.result = over.then(|| ("1-0".into(), "resignation".into()));
        game.seats[1].account = Some(seat_account(holder, holder));
        Op::CreateGame(Box::new(game))
    };
    store
        .write(vec![
            game("old-running", "a1", "human", 10, false),
            game("new-running", "a1", "human", 200, false),
            game("new-over", "a1", "human", 150, true),
            game("old-over", "a1", "human", 20, true),
            game("engine", "a1", "engine", 300, false),
            game("record", "a1", "record", 300, true),
            game("berts", "a2", "human", 300, false),
        ])
        .await
        .unwrap();
    let read = |limit: usize| {
        let store = &store;
        async move {
            let mut games: Vec<(String, bool)> = store
                .event_games("a1", 100, limit)
                .await
                .unwrap()
                .into_iter()
                .map(|g| (g.id, g.running))
                .collect();
            games.sort();
            games
        }
    };
    assert_eq!(
        read(10).await,
        [("new-over".to_owned(), false), ("new-running".to_owned(), true), ("old-running".to_owned(), true)],
        "its running games between people, and those over made since 100"
    );
    let latest = read(1).await;
    assert_eq!(latest.len(), 2, "at most the limit of each: {latest:?}");
    assert!(latest.contains(&("new-over".to_owned(), false)), "{latest:?}");
}
