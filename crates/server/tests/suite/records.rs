//! Downloaded records (issue 25, point 7): they name the players (account
//! names, a guest `Anonymous`), their ratings before the game, the time
//! control, the date and the site; an imported copy names the players as
//! the original did. SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`.

use crate::common;

use common::{TestServer, create, expect, invite_code, signed_up, state, temp_db};
use serde_json::json;

#[tokio::test]
async fn a_record_names_players_ratings_time_control_date_and_site_and_its_import_reads_them_back() {
    let server = TestServer::start(&temp_db("records")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let body = json!({"game": "toy", "clock": "3+2", "rated": true, "side": "p1"});
    let seek = expect(anna.post("/api/seeks", None, &body).await, 201).await;
    let accept = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let id = expect(bert.post(&accept, None, &json!({})).await, 201).await["id"].as_str().unwrap().to_owned();
    for (ply, mv) in ["a1", "b1", "a2", "b2", "a3"].into_iter().enumerate() {
        let who = if ply % 2 == 0 { &mut anna } else { &mut bert };
        expect(who.post(&format!("/api/games/{id}/moves"), None, &json!({"move": mv})).await, 200).await;
    }
    let reply = anna.get(&format!("/api/games/{id}/record")).await.unwrap();
    assert_eq!(reply.status, 200);
    let record = reply.text();
    for tag in [
        "[Cross \"Anna\"]".to_owned(),
        "[Nought \"Bert\"]".to_owned(),
        "[CrossRating \"1500\"]".to_owned(),
        "[NoughtRating \"1500\"]".to_owned(),
        "[TimeControl \"180+2\"]".to_owned(),
        "[Rated \"yes\"]".to_owned(),
        format!("[Site \"http://{}/play/{id}\"]", server.addr),
    ] {
        assert!(record.contains(&tag), "{tag} missing in {record}");
    }
    assert!(!record.contains("Human"), "{record}");
    let date = record.lines().find(|l| l.starts_with("[Date \"")).unwrap();
    assert_eq!(date.len(), "[Date \"2026.11.26\"]".len(), "{date}");

    // The import names the seats as the record does and keeps the rest.
    let mut guest = server.client().await;
    let imported = expect(guest.post("/api/records", None, &json!({"record": record})).await, 201).await;
    let copy = &imported["state"];
    assert_eq!((&copy["seats"][0]["label"], &copy["seats"][1]["label"]), (&json!("Anna"), &json!("Bert")));
    let tags = copy["tags"].as_array().unwrap();
    for (name, value) in [("CrossRating", "1500"), ("TimeControl", "180+2"), ("Date", &date[7..17])] {
        assert!(tags.contains(&json!([name, value])), "{name} {value} in {tags:?}");
    }
    let again =
        guest.get(&format!("/api/games/{}/record", imported["id"].as_str().unwrap())).await.unwrap().text();
    assert!(again.contains("[Cross \"Anna\"]") && again.contains(&format!("/play/{id}")), "{again}");
    server.stop().await;
}

#[tokio::test]
async fn guests_are_anonymous_and_a_game_without_clock_says_so() {
    let server = TestServer::start(&temp_db("records-guests")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let record = client.get(&format!("/api/games/{id}/record")).await.unwrap().text();
    for tag in ["[Cross \"Anonymous\"]", "[Nought \"Anonymous\"]", "[TimeControl \"-\"]"] {
        assert!(record.contains(tag), "{tag} missing in {record}");
    }
    assert!(!record.contains("Rating"), "guests have no ratings: {record}");
    assert_eq!(state(&mut client, id).await["ply"], 0);
    server.stop().await;
}
