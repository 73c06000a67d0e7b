//! Puzzles over HTTP with the real games and their committed sets: every
//! game's puzzle solved move by move with the replies from the solution,
//! clear refusals of bad input in both languages, and the Glicko-2 ratings
//! of a signed-in learner and the puzzles — matched near the learner's
//! rating, updated once per account and puzzle (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{TestServer, expect, sign_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::Limits;

/// `POST` of a solve; returns the status and the body.
async fn solve(client: &mut Client, id: &str, body: Value) -> (u16, Value) {
    let reply = client.post(&format!("/api/puzzles/{id}/solve"), None, &body).await.unwrap();
    (reply.status, reply.json())
}

/// The moves of a JSON array.
fn moves(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_owned()).collect()
}

/// The solution of puzzle `id`, asked for by giving up as a guest.
async fn solution_of(server: &TestServer, id: &str) -> Vec<String> {
    let mut guest = server.client().await;
    let (status, shown) = solve(&mut guest, id, json!({"moves": [], "give_up": true})).await;
    assert_eq!(
        (status, shown["status"].as_str(), shown["rated"].as_bool()),
        (200, Some("wrong"), Some(false))
    );
    moves(&shown["solution"])
}

#[tokio::test]
async fn every_game_with_puzzles_serves_one_that_its_solution_solves_move_by_move() {
    let server = TestServer::start_with(games::registry(), &temp_db("puzzles-all")).await;
    let mut client = server.client().await;
    let list = expect(client.get("/api/puzzles").await, 200).await;
    let games: Vec<&str> = list.as_array().unwrap().iter().map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(games, ["ataxx", "abalone", "formation", "amakta"]);
    assert!(list[0]["count"].as_u64().unwrap() >= 200 && list[0]["title"]["de"].is_string(), "{list}");
    assert!(
        list.as_array().unwrap().iter().all(|g| g.get("player").is_none()),
        "a guest has no rating: {list}"
    );
    for game in games {
        let puzzle = expect(client.get(&format!("/api/puzzles/next?game={game}")).await, 200).await;
        let id = puzzle["id"].as_str().unwrap();
        assert!(id.starts_with(&format!("{game}-")) && puzzle["start"]["view"].is_object(), "{puzzle}");
        assert_eq!((puzzle["game"].as_str(), &puzzle["player"]), (Some(game), &Value::Null), "a guest");
        let to_move = puzzle["start"]["side_to_move"].as_str().unwrap();
        let names = &puzzle["sides"][to_move];
        assert!(names["en"].is_string() && names["de"].is_string(), "the side to move named: {puzzle}");
        // The opponent's move that led to the puzzle: from the position before, the opponent to move.
        let lead_in = &puzzle["lead_in"];
        let (before, mv) = (&lead_in["before"], lead_in["move"].as_str().unwrap_or_default());
        assert!(before["view"].is_object() && !mv.is_empty(), "{game}: no lead-in: {puzzle}");
        assert_ne!(before["side_to_move"].as_str(), Some(to_move), "the opponent's move: {lead_in}");
        let listed = moves(&before["legal_moves"]);
        let all_listed = before["legal_moves_count"].as_u64() == Some(listed.len() as u64);
        assert!(!all_listed || listed.iter().any(|legal| legal == mv), "{mv} is legal: {lead_in}");
        let solution = solution_of(&server, id).await;
        let learner: Vec<&String> = solution.iter().step_by(2).collect();
        assert_eq!(puzzle["learner_moves"].as_u64(), Some(learner.len() as u64));
        for (index, _) in learner.iter().enumerate() {
            let (status, reply) = solve(&mut client, id, json!({"moves": &learner[..=index]})).await;
            assert_eq!(status, 200, "{reply}");
            if index + 1 < learner.len() {
                assert_eq!(reply["status"], "continue", "{game} {id}: {reply}");
                assert_eq!(reply["reply"].as_str(), Some(solution[2 * index + 1].as_str()));
                assert_eq!(
                    reply["at"]["side_to_move"], puzzle["start"]["side_to_move"],
                    "the learner moves next"
                );
                assert!(reply["solution"].is_null(), "not before the end");
            } else {
                assert_eq!(
                    (reply["status"].as_str(), reply["rated"].as_bool()),
                    (Some("right"), Some(false))
                );
                assert_eq!(moves(&reply["line"]), solution, "{game} {id}");
                assert_eq!(reply["solution_end"], reply["at"]);
            }
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn bad_input_is_a_clear_4xx_in_both_languages_and_a_wrong_move_is_wrong() {
    let server = TestServer::start_with(games::registry(), &temp_db("puzzles-bad")).await;
    let mut client = server.client().await;
    let unknown_game = expect(client.get("/api/puzzles/next?game=chess").await, 404).await;
    assert!(unknown_game["message"]["de"].as_str().unwrap().contains("keine Aufgaben"), "{unknown_game}");
    expect(client.get("/api/puzzles/next?game=amakta-infinit").await, 404).await;
    expect(client.get("/api/puzzles/next").await, 400).await;
    let (status, unknown) = solve(&mut client, "ataxx-000000000000", json!({"moves": ["a1"]})).await;
    assert_eq!(status, 404);
    assert!(unknown["message"]["en"].as_str().unwrap().contains("no puzzle"), "{unknown}");
    assert_eq!(solve(&mut client, "..%2Fetc", json!({"moves": ["a1"]})).await.0, 404);

    let puzzle = expect(client.get("/api/puzzles/next?game=ataxx").await, 200).await;
    let id = puzzle["id"].as_str().unwrap();
    // The permanent address: the same puzzle by its id; an id the game lacks is 404.
    let again = expect(client.get(&format!("/api/puzzles/next?game=ataxx&id={id}")).await, 200).await;
    assert_eq!((&again["id"], &again["start"]), (&puzzle["id"], &puzzle["start"]));
    let missing = expect(client.get("/api/puzzles/next?game=ataxx&id=ataxx-000000000000").await, 404).await;
    assert!(
        missing["message"]["de"].as_str().unwrap().contains("keine Aufgabe „ataxx-000000000000“"),
        "{missing}"
    );
    let (status, illegal) = solve(&mut client, id, json!({"moves": ["zz9"]})).await;
    assert_eq!(status, 422, "{illegal}");
    assert!(illegal["message"]["de"].as_str().unwrap().starts_with("Zug 1:"), "{illegal}");
    let (status, empty) = solve(&mut client, id, json!({"moves": []})).await;
    assert_eq!(status, 422, "{empty}");
    assert!(empty["message"]["de"].as_str().unwrap().contains("keine Züge"), "{empty}");
    let solution = solution_of(&server, id).await;
    let too_many: Vec<&String> = solution.iter().chain(&solution).collect();
    assert_eq!(solve(&mut client, id, json!({"moves": too_many})).await.0, 422);

    // A legal move other than the solution's: wrong, with the solution
    // (the miner made sure no other first move wins at once).
    let other = moves(&puzzle["start"]["legal_moves"]).into_iter().find(|mv| *mv != solution[0]).unwrap();
    let (status, wrong) = solve(&mut client, id, json!({"moves": [&other]})).await;
    assert_eq!(
        (status, wrong["status"].as_str(), wrong["played"].as_str()),
        (200, Some("wrong"), Some(other.as_str()))
    );
    assert_eq!(moves(&wrong["solution"]), solution);
    assert_eq!(wrong["at"], puzzle["start"], "the position before the wrong move");
    // The position the wrong move made, for the page to show before taking it back (review 15).
    let wrong_at = &wrong["wrong_at"];
    assert_ne!(wrong_at["view"], puzzle["start"]["view"], "the wrong move changed the board: {wrong}");
    assert_ne!(wrong_at["side_to_move"], puzzle["start"]["side_to_move"], "{wrong}");
    assert_eq!(
        solve(&mut client, id, json!({"moves": [&other, &solution[0]]})).await.0,
        422,
        "nothing after a miss"
    );
    server.stop().await;
}

/// The ratings of the committed Ataxx set, as the registry has them.
fn set_ratings() -> Vec<f64> {
    let registry = games::registry();
    let rules = registry.get("ataxx").unwrap().puzzles.unwrap();
    game::read_puzzles(rules.set).unwrap().iter().map(|p| f64::from(p.rating)).collect()
}

#[tokio::test]
async fn an_account_gets_puzzles_near_its_rating_and_each_rates_both_once() {
    // No time floor: the served puzzle may be answered at once (see tests/abuse.rs).
    let limits = Limits { puzzle_time_floor: std::time::Duration::ZERO, ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("puzzles-rated"), limits).await;
    let mut anna = server.client().await;
    sign_up(&mut anna, "anna").await;
    // The list gives her a new player's rating in every game, none tried.
    let list = expect(anna.get("/api/puzzles").await, 200).await;
    let standing = |list: &Value, game: &str| {
        let entry = list.as_array().unwrap().iter().find(|g| g["game"] == game).unwrap();
        (entry["player"]["rating"].as_f64(), entry["player"]["attempts"].as_u64())
    };
    assert_eq!(
        (standing(&list, "ataxx"), standing(&list, "amakta")),
        ((Some(1500.0), Some(0)), (Some(1500.0), Some(0)))
    );
    let first = expect(anna.get("/api/puzzles/next?game=ataxx").await, 200).await;
    assert_eq!(first["player"]["rating"], 1500.0, "{first}");
    assert_eq!((first["player"]["attempts"].as_u64(), first["attempted"].as_bool()), (Some(0), Some(false)));
    let mut distances: Vec<f64> = set_ratings().iter().map(|r| (r - 1500.0).abs()).collect();
    distances.sort_by(f64::total_cmp);
    let rating = first["rating"].as_f64().unwrap();
    // Within the band of 300 the next puzzle is drawn from (or the five nearest).
    assert!((rating - 1500.0).abs() <= distances[4].max(300.0), "a new player's first puzzle at {rating}");

    let id = first["id"].as_str().unwrap().to_owned();
    let solution = solution_of(&server, &id).await;
    let learner: Vec<&String> = solution.iter().step_by(2).collect();
    let (_, right) = solve(&mut anna, &id, json!({"moves": learner})).await;
    assert_eq!((right["status"].as_str(), right["rated"].as_bool()), (Some("right"), Some(true)), "{right}");
    let after = right["player"]["after"]["rating"].as_f64().unwrap();
    assert!(after > 1500.0 && right["player"]["before"] == 1500.0, "{right}");
    // The list shows the new rating of that game only.
    let list = expect(anna.get("/api/puzzles").await, 200).await;
    assert_eq!(
        (standing(&list, "ataxx"), standing(&list, "abalone")),
        ((Some(after), Some(1)), (Some(1500.0), Some(0)))
    );
    let (before, puzzle_after) = (
        right["puzzle_rating"]["before"].as_f64().unwrap(),
        right["puzzle_rating"]["after"].as_f64().unwrap(),
    );
    assert!(before == rating && puzzle_after < before, "{right}");

    // The same puzzle again: judged, rating nothing.
    let (_, again) = solve(&mut anna, &id, json!({"moves": learner})).await;
    assert_eq!((again["status"].as_str(), again["rated"].as_bool()), (Some("right"), Some(false)));
    assert_eq!(again["player"]["after"]["rating"].as_f64(), Some(after));
    assert_eq!(again["puzzle_rating"]["after"].as_f64(), Some(puzzle_after));

    // The next puzzle is another, near the new rating; giving it up is a miss.
    let second = expect(anna.get(&format!("/api/puzzles/next?game=ataxx&after={id}")).await, 200).await;
    assert_ne!(second["id"], first["id"]);
    assert_eq!(
        (second["player"]["rating"].as_f64(), second["player"]["attempts"].as_u64()),
        (Some(after), Some(1))
    );
    let second_id = second["id"].as_str().unwrap();
    let (_, missed) = solve(&mut anna, second_id, json!({"moves": [], "give_up": true})).await;
    assert_eq!(
        (missed["status"].as_str(), missed["rated"].as_bool()),
        (Some("wrong"), Some(true)),
        "{missed}"
    );
    assert!(missed["player"]["after"]["rating"].as_f64().unwrap() < after, "{missed}");

    // Another account meets the first puzzle at its new rating (not
    // served to it, so unrated).
    let mut bert = server.client().await;
    sign_up(&mut bert, "bert").await;
    let (_, bert_right) = solve(&mut bert, &id, json!({"moves": learner})).await;
    assert_eq!(bert_right["puzzle_rating"]["before"].as_f64(), Some(puzzle_after), "{bert_right}");
    assert_eq!(
        (bert_right["rated"].as_bool(), bert_right["unrated"].as_str()),
        (Some(false), Some("not_served"))
    );
    let abalone = expect(bert.get("/api/puzzles/next?game=abalone").await, 200).await;
    assert_eq!(abalone["player"]["attempts"], 0, "a rating per game");
    server.stop().await;
}

#[tokio::test]
async fn themes_filter_the_puzzles_and_a_streak_climbs_unrated() {
    let server = TestServer::start_with(games::registry(), &temp_db("puzzles-themes")).await;
    let mut client = server.client().await;
    let list = expect(client.get("/api/puzzles").await, 200).await;
    for game in list.as_array().unwrap() {
        let themes = game["themes"].as_object().unwrap();
        let ends = themes.get("win").map_or(0, |n| n.as_u64().unwrap())
            + themes.get("gain").map_or(0, |n| n.as_u64().unwrap());
        let lengths: u64 = ["one_move", "short", "long"]
            .iter()
            .filter_map(|k| themes.get(*k))
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(
            (ends, lengths),
            (game["count"].as_u64().unwrap(), ends),
            "each puzzle has one of each: {game}"
        );
    }
    // A theme gives only its puzzles: a winning one's solution ends the game.
    let ataxx_themes = list[0]["themes"].as_object().unwrap();
    let theme = if ataxx_themes.contains_key("win") { "win" } else { "gain" };
    for _ in 0..5 {
        let puzzle =
            expect(client.get(&format!("/api/puzzles/next?game=ataxx&theme={theme}")).await, 200).await;
        assert!(puzzle["themes"].as_array().unwrap().contains(&json!(theme)), "{puzzle}");
        if theme == "win" {
            let id = puzzle["id"].as_str().unwrap();
            let solution = solution_of(&server, id).await;
            let learner: Vec<&String> = solution.iter().step_by(2).collect();
            let (_, solved) = solve(&mut client, id, json!({"moves": learner})).await;
            assert!(!solved["solution_end"]["outcome"].is_null(), "the game is over: {solved}");
        }
    }
    let unknown = expect(client.get("/api/puzzles/next?game=ataxx&theme=fork").await, 422).await;
    assert!(unknown["message"]["de"].as_str().unwrap().contains("kein Aufgabenthema „fork“"), "{unknown}");

    // A streak: up to 30 puzzles, climbing; its attempts rate nothing, even an account's.
    sign_up(&mut client, "streaker").await;
    let streak = expect(client.get("/api/puzzles/streak?game=ataxx").await, 200).await;
    let puzzles = streak["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 30, "{streak}");
    let ratings: Vec<f64> = puzzles.iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|pair| pair[0] <= pair[1]), "{ratings:?}");
    let first = puzzles[0]["id"].as_str().unwrap();
    expect(client.get(&format!("/api/puzzles/next?game=ataxx&id={first}")).await, 200).await;
    let solution = solution_of(&server, first).await;
    let learner: Vec<&String> = solution.iter().step_by(2).collect();
    let (status, solved) = solve(&mut client, first, json!({"moves": learner, "streak": true})).await;
    assert_eq!(
        (status, solved["status"].as_str(), solved["rated"].as_bool()),
        (200, Some("right"), Some(false))
    );
    assert_eq!(solved["unrated"], "streak", "{solved}");
    assert_eq!(solved["player"]["after"]["attempts"], 0, "the account's puzzle rating did not move");
    let (_, again) = solve(&mut client, first, json!({"moves": learner, "streak": true})).await;
    assert_eq!(again["unrated"], "streak", "a streak says so at a puzzle attempted before: {again}");
    expect(client.get("/api/puzzles/streak?game=chess").await, 404).await;
    server.stop().await;
}
