//! States with very many legal moves (Amakta Infinit's stone creation) leave
//! the list out unless asked for it, tell the count, and still accept every
//! legal move.

use crate::common;

use common::{TestServer, create, expect, play, temp_db};
use serde_json::{Value, json};

async fn state(client: &mut loadtest::client::Client, id: &str) -> Value {
    expect(client.get(&format!("/api/games/{id}")).await, 200).await
}

async fn state_with(client: &mut loadtest::client::Client, id: &str, query: &str) -> Value {
    expect(client.get(&format!("/api/games/{id}?{query}")).await, 200).await
}

#[tokio::test]
async fn stone_creation_states_count_the_legal_moves_without_listing_them() {
    let server = TestServer::start_with(games::registry(), &temp_db("large-states")).await;
    let mut client = server.client().await;
    let created = create(
        &mut client,
        json!({"game": "amakta-infinit", "opponent": "human", "options": {"points": "50"}}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    // Bidding: a short list, sent whole.
    let bidding = state(&mut client, id).await;
    let listed = bidding["legal_moves"].as_array().unwrap().len();
    assert!(listed > 0);
    assert_eq!(bidding["legal_moves_count"], json!(listed));
    // P1 bids, P2 (joined by invite) accepts and takes Black: stone creation starts, White first.
    let invite = created["invite"].as_str().unwrap().split("#invite=").nth(1).unwrap();
    let joined =
        expect(client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite})).await, 200)
            .await;
    let other = joined["token"].as_str().unwrap();
    expect(play(&mut client, id, token, "bid 40").await, 200).await;
    let accepted = expect(play(&mut client, id, other, "accept").await, 200).await;
    assert_eq!(
        (&accepted["legal_moves"], accepted.get("view")),
        (&json!([]), None),
        "a move reply has no view"
    );
    let creation = state(&mut client, id).await;
    assert_eq!(creation["view"]["stage"], "creation", "{}", creation["view"]);
    assert_eq!(creation["legal_moves_count"], accepted["legal_moves_count"]);
    let count = creation["legal_moves_count"].as_u64().unwrap();
    assert!(count > 4096, "{count} creation moves");
    assert_eq!(creation["legal_moves"], json!([]));
    assert_eq!(creation["view"]["legal"]["count"], json!(count));
    assert!(creation.to_string().len() < 64 * 1024, "state of {} bytes", creation.to_string().len());
    // Asked for, they are listed: all of them, or some by index.
    let all = state_with(&mut client, id, "legal=all").await;
    let all = all["legal_moves"].as_array().unwrap();
    assert_eq!(all.len() as u64, count);
    let last = count - 1;
    let part =
        state_with(&mut client, id, &format!("from=2&legal_from={last}&legal_to={}", count + 10)).await;
    assert_eq!(
        (&part["legal_moves"], &part["legal_moves_from"]),
        (&json!([all[all.len() - 1]]), &json!(last))
    );
    assert_eq!((&part["moves"], &part["moves_from"]), (&json!([]), &json!(2)));
    // Creations are played although not listed, and judged by the server: White's second stone may
    // not repeat its first up to symmetry.
    let white = if creation["side_to_move"] == created["seat"] { token } else { other };
    let black = other_of(white, token, other);
    expect(play(&mut client, id, white, "create 000001 r").await, 200).await;
    let after = expect(play(&mut client, id, black, "create 000001 r").await, 200).await;
    assert_eq!(after["legal_moves"], json!([]));
    let reply = play(&mut client, id, white, "create 100000 n").await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text());
    assert!(reply.json()["error"].as_str().unwrap().contains("already holds stone"), "{}", reply.text());
    server.stop().await;
}

fn other_of<'a>(mover: &str, a: &'a str, b: &'a str) -> &'a str {
    if mover == a { b } else { a }
}
