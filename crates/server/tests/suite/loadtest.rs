//! The load test plays every game, Amakta Infinit's stone creation (too
//! many legal moves to list) included, and every move it was told of is
//! stored where it says.

use crate::common;

use common::{TestServer, temp_db};
use loadtest::{LoadConfig, run, verify};
use spielwerk_server::Limits;
use std::time::Duration;

#[tokio::test]
async fn the_load_test_plays_every_game_through_stone_creation() {
    let limits = Limits { games_per_minute: 0, ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("loadtest-games"), limits).await;
    for game in ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"] {
        let config = LoadConfig {
            addrs: vec![server.addr],
            games: 2,
            moves_per_game: 40,
            game: game.to_owned(),
            registry: games::registry(),
            pause: Duration::ZERO,
            resign_after: None,
            time_limit: Duration::from_secs(600),
        };
        let report = run(&config).await;
        assert_eq!(report.errors, 0, "{game}: {}", report.summary());
        assert_eq!(report.acked.len(), 80, "{game}: {}", report.summary());
        assert_eq!(verify(server.addr, &report.acked).await, Ok(80), "{game}");
    }
    server.stop().await;
}

#[tokio::test]
async fn resigning_players_finish_their_games_and_begin_new_ones() {
    let limits = Limits { games_per_minute: 0, ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("loadtest-resign"), limits).await;
    let config = LoadConfig {
        addrs: vec![server.addr],
        games: 2,
        moves_per_game: 9,
        game: "ataxx".to_owned(),
        registry: games::registry(),
        pause: Duration::ZERO,
        resign_after: Some(3),
        time_limit: Duration::from_secs(600),
    };
    let report = run(&config).await;
    assert_eq!(report.errors, 0, "{}", report.summary());
    // Each pair: three games of three moves, the first two resigned.
    assert_eq!((report.games_started, report.games_resigned), (6, 4), "{}", report.summary());
    assert_eq!(verify(server.addr, &report.acked).await, Ok(18));
    let mut client = server.client().await;
    let lobby = common::expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["total"], 2, "only the two unfinished games are running: {lobby}");
    server.stop().await;
}
