//! Lessons over HTTP with the real games: every game's lesson in both
//! languages, the check of a learner's moves (done, on with the scripted
//! reply, wrong, and clear refusals), and the progress of a signed-in
//! account (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{TestServer, expect, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};

/// `POST` of the learner's moves to a step's check.
async fn check(client: &mut Client, game: &str, step: &str, moves: &[&str]) -> (u16, Value) {
    let path = format!("/api/learn/{game}/{step}/check");
    let reply = client.post(&path, None, &json!({ "moves": moves })).await.unwrap();
    (reply.status, reply.json())
}

#[tokio::test]
async fn every_game_has_a_lesson_whose_shown_solutions_finish_each_step() {
    let server = TestServer::start_with(games::registry(), &temp_db("learn-all")).await;
    let mut client = server.client().await;
    let list = expect(client.get("/api/learn").await, 200).await;
    let games: Vec<&str> = list.as_array().unwrap().iter().map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(games, ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"]);
    for game in games {
        let lesson = expect(client.get(&format!("/api/learn/{game}")).await, 200).await;
        assert_eq!(lesson["done"], Value::Null, "nobody is signed in");
        let steps = lesson["steps"].as_array().unwrap();
        assert_eq!(lesson["stars"], Value::Null, "nobody is signed in");
        assert!(steps.len() >= 12, "{game}: {} steps", steps.len());
        for step in steps {
            let id = step["id"].as_str().unwrap();
            assert!(
                !step["task"]["de"].as_str().unwrap().is_empty() && step["start"]["view"].is_object(),
                "{game} {id}"
            );
            let solution: Vec<&str> =
                step["solution"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            let learner: Vec<&str> = solution.iter().step_by(2).copied().collect();
            let (status, reply) = check(&mut client, game, id, &learner).await;
            assert_eq!((status, reply["status"].as_str()), (200, Some("done")), "{game} {id}: {reply}");
            assert_eq!(reply["line"], json!(solution), "{game} {id}");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn a_check_says_wrong_or_goes_on_with_the_reply_each_position_given_and_refuses_bad_input_in_both_languages()
 {
    let server = TestServer::start_with(games::registry(), &temp_db("learn-check")).await;
    let mut client = server.client().await;
    let german = expect(client.get("/api/learn/ataxx?lang=de").await, 200).await;
    assert_eq!(german["steps"][0]["title"], "Klonen");
    expect(client.get("/api/learn/ataxx?lang=fr").await, 400).await;

    // A legal move that is not the task: wrong, and the position stays.
    let (status, wrong) = check(&mut client, "ataxx", "capture", &["c3"]).await;
    assert_eq!(
        (status, wrong["status"].as_str(), wrong["played"].as_str()),
        (200, Some("wrong"), Some("c3"))
    );
    assert_eq!(wrong["at"]["position"], "7/7/7/2ooo2/7/2x4/7 x 0 1");
    // A scripted line: the first move right, the reply comes.
    let (_, on) = check(&mut client, "formation", "two-moves", &["g5g4"]).await;
    assert_eq!((on["status"].as_str(), on["reply"].as_str()), (Some("continue"), Some("a8a7")));
    assert_eq!(on["line"], json!(["g5g4", "a8a7"]));
    assert_eq!(on["at"]["side_to_move"], "p1", "the learner moves next");
    // The position after each move of the line, to play them one by one ("show me").
    let positions = on["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2, "{on}");
    assert_eq!(positions[0]["side_to_move"], "p2", "after the learner's move the opponent is to move");
    assert_ne!(positions[0]["position"], positions[1]["position"]);
    assert_eq!(positions[1], on["at"], "the last is the position to go on from");
    assert_eq!(wrong["positions"], json!([]), "a wrong move is not played on");

    let (status, illegal) = check(&mut client, "ataxx", "clone", &["d4"]).await;
    assert_eq!(status, 422, "{illegal}");
    assert!(illegal["message"]["de"].as_str().unwrap().starts_with("Zug 1:"), "{illegal}");
    let (status, too_many) = check(&mut client, "ataxx", "clone", &["b6", "a6"]).await;
    assert_eq!(status, 422, "{too_many}");
    let (status, unknown) = check(&mut client, "ataxx", "nothing", &["b6"]).await;
    assert_eq!(status, 404);
    assert!(unknown["message"]["de"].as_str().unwrap().contains("Lernschritt"), "{unknown}");
    let (status, no_game) = check(&mut client, "chess", "clone", &["e4"]).await;
    assert_eq!(status, 404);
    assert!(no_game["message"]["en"].as_str().unwrap().contains("no lesson"), "{no_game}");
    expect(client.get("/api/learn/chess").await, 404).await;
    server.stop().await;
}

#[tokio::test]
async fn a_signed_in_learner_keeps_the_finished_steps() {
    let server = TestServer::start_with(games::registry(), &temp_db("learn-progress")).await;
    let mut client = server.client().await;
    let reply = client
        .post("/api/account/signup", None, &json!({"name": "learner", "password": "secret-pass"}))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let cookie = reply.headers.get("set-cookie").unwrap().to_str().unwrap();
    client.cookie = Some(cookie.split(';').next().unwrap().to_owned());

    let fresh = expect(client.get("/api/learn/amakta").await, 200).await;
    assert_eq!((&fresh["done"], &fresh["stars"]), (&json!([]), &json!({})));
    let (_, wrong) = check(&mut client, "amakta", "base", &["pass"]).await;
    assert_eq!(wrong["status"], "wrong");
    let with_stars = |stars: u8| json!({"moves": ["place 000003 c1 300000"], "stars": stars});
    let done = expect(client.post("/api/learn/amakta/base/check", None, &with_stars(2)).await, 200).await;
    assert_eq!(done["status"], "done");
    assert_eq!(expect(client.get("/api/learn/amakta").await, 200).await["stars"], json!({"base": 2}));
    expect(client.post("/api/learn/amakta/base/check", None, &with_stars(9)).await, 200).await;
    let (_, again) = check(&mut client, "amakta", "base", &["place 000001 c1 100000"]).await;
    assert_eq!(again["status"], "done");
    assert_eq!(
        expect(client.get("/api/learn/amakta").await, 200).await["stars"],
        json!({"base": 3}),
        "the best stars are kept (more than 3 count as 3; none, 0, does not lower them)"
    );
    let shown = json!({"moves": ["place 000001 e1 100000"], "shown": true});
    let shown = expect(client.post("/api/learn/amakta/reach/check", None, &shown).await, 200).await;
    assert_eq!(shown["status"], "done");
    assert_eq!(
        expect(client.get("/api/learn/amakta").await, 200).await["done"],
        json!(["base"]),
        "shown, not done"
    );
    let (_, reach) = check(&mut client, "amakta", "reach", &["place 000001 e1 100000"]).await;
    assert_eq!(reach["status"], "done");
    assert_eq!(expect(client.get("/api/learn/amakta").await, 200).await["done"], json!(["base", "reach"]));
    assert_eq!(expect(client.get("/api/learn/ataxx").await, 200).await["done"], json!([]));
    // The list of lessons carries the account's stars too, so that another
    // device's index shows the progress.
    let list = expect(client.get("/api/learn").await, 200).await;
    let of = |list: &Value, game: &str| {
        list.as_array().unwrap().iter().find(|g| g["game"] == game).map(|g| g["stars"].clone()).unwrap()
    };
    assert_eq!(of(&list, "amakta"), json!({"base": 3, "reach": 0}), "{list}");
    assert_eq!(of(&list, "ataxx"), json!({}), "{list}");
    let (_, clone) = check(&mut client, "ataxx", "clone", &["b6"]).await;
    assert_eq!(clone["status"], "done");
    let list = expect(client.get("/api/learn").await, 200).await;
    assert_eq!(of(&list, "ataxx"), json!({"clone": 0}), "each game's own steps: {list}");
    assert_eq!(of(&list, "amakta"), json!({"base": 3, "reach": 0}), "{list}");
    assert_eq!(of(&list, "abalone"), json!({}), "{list}");

    let mut anonymous = server.client().await;
    assert_eq!(expect(anonymous.get("/api/learn/amakta").await, 200).await["done"], Value::Null);
    assert_eq!(of(&expect(anonymous.get("/api/learn").await, 200).await, "amakta"), Value::Null);
    server.stop().await;
}
