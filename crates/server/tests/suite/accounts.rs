//! Accounts, sessions, seats bound to accounts, rated games, seeks,
//! profiles, the lobby's own games and paging, and abandoned games, over
//! loopback with the toy game (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{
    TestServer, create, execute, expect, invite_code, keep_cookie, sign_up, state, temp_db, wait_for,
};
use loadtest::client::{Client, ClientError, Reply};
use serde_json::{Value, json};

/// `POST path` with a JSON body, owning both (no borrowed temporaries).
fn post<'a>(
    client: &'a mut Client,
    path: &str,
    body: Value,
) -> impl std::future::Future<Output = Result<Reply, ClientError>> + use<'a> {
    let path = path.to_owned();
    async move { client.post(&path, None, &body).await }
}

async fn whoami(client: &mut Client) -> Value {
    expect(client.get("/api/account").await, 200).await["name"].clone()
}

#[tokio::test]
async fn sign_up_log_in_and_out_with_clear_refusals() {
    let server = TestServer::start(&temp_db("accounts")).await;
    let mut anna = server.client().await;
    assert_eq!(whoami(&mut anna).await, Value::Null);
    sign_up(&mut anna, "Anna").await;
    assert_eq!(whoami(&mut anna).await, "Anna");

    let mut other = server.client().await;
    let taken =
        post(&mut other, "/api/account/signup", json!({"name": "anna", "password": "12345678"})).await;
    let taken = taken.unwrap();
    assert_eq!((taken.status, taken.headers["x-field"].to_str().unwrap()), (409, "name"));
    assert!(taken.json()["message"]["de"].as_str().unwrap().contains("vergeben"));
    for (body, field) in [
        (json!({"name": "an", "password": "12345678"}), "name"),
        (json!({"name": "an na", "password": "12345678"}), "name"),
        (json!({"name": "bert", "password": "short"}), "password"),
    ] {
        let reply = other.post("/api/account/signup", None, &body).await.unwrap();
        assert_eq!((reply.status, reply.headers["x-field"].to_str().unwrap()), (422, field), "{body}");
    }
    let wrong =
        post(&mut other, "/api/account/login", json!({"name": "anna", "password": "wrong-pass"})).await;
    let wrong = wrong.unwrap();
    // An unknown name gets the very reply a wrong password gets.
    let unknown =
        post(&mut other, "/api/account/login", json!({"name": "nobody", "password": "wrong-pass"})).await;
    let unknown = unknown.unwrap();
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(
        wrong.json()["message"],
        json!({"en": "wrong name or password", "de": "falscher Name oder falsches Passwort"})
    );
    assert!(wrong.headers.get("x-field").is_none() && unknown.headers.get("x-field").is_none());

    // A second device logs in (any case of the name), and logs out alone.
    let login =
        post(&mut other, "/api/account/login", json!({"name": "ANNA", "password": "secret-pass"})).await;
    let login = login.unwrap();
    assert_eq!(login.status, 200);
    keep_cookie(&mut other, &login);
    assert_eq!(whoami(&mut other).await, "Anna");
    let out = post(&mut other, "/api/account/logout", json!({})).await.unwrap();
    assert!(out.headers["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(whoami(&mut other).await, Value::Null, "the session is gone on the server");
    assert_eq!(whoami(&mut anna).await, "Anna", "the other session lives on");
    server.stop().await;
}

#[tokio::test]
async fn a_signed_in_creator_makes_a_new_invite_link_on_another_device() {
    let server = TestServer::start(&temp_db("new_invite")).await;
    let mut laptop = server.client().await;
    sign_up(&mut laptop, "dora").await;
    let created = create(&mut laptop, json!({"game": "toy", "opponent": "human", "side": "p1"})).await;
    let id = created["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/invite");

    // Anyone else is refused with a reason in both languages.
    let mut stranger = server.client().await;
    let refused = expect(post(&mut stranger, &path, json!({})).await, 403).await;
    assert!(refused["message"]["de"].as_str().is_some_and(|de| de.contains("Einladungslink")), "{refused}");
    let mut other = server.client().await;
    sign_up(&mut other, "emil").await;
    expect(post(&mut other, &path, json!({})).await, 403).await;

    // The creator's second device, signed in, gets a fresh link; the old one stops working.
    let mut phone = server.client().await;
    let login = post(&mut phone, "/api/account/login", json!({"name": "dora", "password": "secret-pass"}));
    let login = login.await.unwrap();
    keep_cookie(&mut phone, &login);
    let renewed = expect(post(&mut phone, &path, json!({})).await, 200).await;
    let fresh = invite_code(&renewed);
    assert_ne!(fresh, invite_code(&created));
    assert!(renewed["invite"].as_str().unwrap().contains(&format!("/play/{id}#invite=")));
    let mut friend = server.client().await;
    let old = post(&mut friend, &format!("/api/games/{id}/join"), json!({"invite": invite_code(&created)}));
    expect(old.await, 403).await;
    let joined = post(&mut friend, &format!("/api/games/{id}/join"), json!({"invite": fresh}));
    assert_eq!(expect(joined.await, 200).await["seat"], "p2");

    // Once the seat is taken there is no new link.
    let taken = expect(post(&mut phone, &path, json!({})).await, 409).await;
    assert!(taken["message"]["en"].as_str().is_some_and(|en| en.contains("taken")), "{taken}");
    server.stop().await;
}

#[tokio::test]
async fn a_seat_bound_to_an_account_is_played_from_another_device() {
    let server = TestServer::start(&temp_db("bound")).await;
    let mut laptop = server.client().await;
    sign_up(&mut laptop, "carla").await;
    let created = create(&mut laptop, json!({"game": "toy", "opponent": "human", "side": "p1"})).await;
    let id = created["id"].as_str().unwrap();
    let mut guest = server.client().await;
    let joined = post(&mut guest, &format!("/api/games/{id}/join"), json!({"invite": invite_code(&created)}));
    let guest_token = expect(joined.await, 200).await["token"].as_str().unwrap().to_owned();

    // The phone has no token: it logs in and plays the seat with its cookie.
    let mut phone = server.client().await;
    let login = post(&mut phone, "/api/account/login", json!({"name": "carla", "password": "secret-pass"}));
    let login = login.await.unwrap();
    keep_cookie(&mut phone, &login);
    let seen = state(&mut phone, id).await;
    assert_eq!(seen["you"], "p1");
    assert_eq!(seen["seats"][0]["account"]["name"], "carla");
    assert_eq!(seen["seats"][1]["account"], Value::Null);
    assert!(state(&mut guest, id).await.get("you").is_none());
    expect(post(&mut phone, &format!("/api/games/{id}/moves"), json!({"move": "a1"})).await, 200).await;
    expect(common::play(&mut guest, id, &guest_token, "b1").await, 200).await;
    // Without the cookie and a token, nothing is played.
    let mut stranger = server.client().await;
    let refused = post(&mut stranger, &format!("/api/games/{id}/moves"), json!({"move": "a2"})).await;
    assert_eq!(refused.unwrap().status, 403);
    let lobby = expect(phone.get("/api/games?mine=1").await, 200).await;
    assert_eq!(lobby["games"].as_array().unwrap().len(), 1);
    assert_eq!(lobby["games"][0]["seats"][0]["account"]["name"], "carla");
    server.stop().await;
}

#[tokio::test]
async fn cross_site_requests_with_the_cookie_are_refused() {
    let server = TestServer::start(&temp_db("csrf")).await;
    let mut client = server.client().await;
    sign_up(&mut client, "dora").await;
    let mut request = hyper_post(&server, "/api/seeks", &client, "https://evil.example");
    let reply = request.send().await;
    assert_eq!(reply, 403);
    request.origin = format!("http://{}", server.addr);
    assert_eq!(request.send().await, 201);
    server.stop().await;
}

/// A POST of a seek with an `Origin` header, sent on a connection of its own.
struct OriginPost {
    addr: std::net::SocketAddr,
    path: &'static str,
    cookie: String,
    origin: String,
}

fn hyper_post(server: &TestServer, path: &'static str, client: &Client, origin: &str) -> OriginPost {
    OriginPost { addr: server.addr, path, cookie: client.cookie.clone().unwrap(), origin: origin.to_owned() }
}

impl OriginPost {
    async fn send(&mut self) -> u16 {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let body = json!({"game": "toy", "clock": "5+3", "rated": true}).to_string();
        let request = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nCookie: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.path,
            self.addr,
            self.origin,
            self.cookie,
            body.len()
        );
        let mut stream = tokio::net::TcpStream::connect(self.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        response.split(' ').nth(1).unwrap().parse().unwrap()
    }
}

/// Two signed-in clients and a rated 5+3 toy game between them made from
/// a seek: (seeker, accepter, game id, seeker's seat).
async fn rated_game(
    server: &TestServer,
    seeker_name: &str,
    accepter_name: &str,
) -> (Client, Client, String, String) {
    let mut seeker = server.client().await;
    sign_up(&mut seeker, seeker_name).await;
    let mut accepter = server.client().await;
    sign_up(&mut accepter, accepter_name).await;
    let seek =
        post(&mut seeker, "/api/seeks", json!({"game": "toy", "clock": "5+3", "rated": true, "side": "p1"}));
    let seek = expect(seek.await, 201).await;
    let seek_id = seek["id"].as_str().unwrap();
    let listed = expect(accepter.get("/api/seeks").await, 200).await;
    let mine = listed["seeks"].as_array().unwrap().iter().find(|s| s["id"] == seek["id"]).unwrap();
    assert_eq!(
        (mine["name"].as_str(), mine["rating"].as_f64(), mine["mine"].as_bool()),
        (Some(seeker_name), Some(1500.0), Some(false))
    );
    assert_eq!(mine["provisional"], true);
    let own = post(&mut seeker, &format!("/api/seeks/{seek_id}/accept"), json!({})).await;
    assert_eq!(own.unwrap().status, 422, "one's own seek");
    let accepted =
        expect(post(&mut accepter, &format!("/api/seeks/{seek_id}/accept"), json!({})).await, 201).await;
    let id = accepted["id"].as_str().unwrap().to_owned();
    assert_eq!(accepted["seat"], "p2");
    let again = post(&mut accepter, &format!("/api/seeks/{seek_id}/accept"), json!({})).await;
    assert_eq!(again.unwrap().status, 409, "a seek is accepted once");
    let polled = expect(seeker.get(&format!("/api/seeks/{seek_id}")).await, 200).await;
    assert_eq!(polled["game_id"], id.as_str());
    let open = expect(seeker.get("/api/seeks").await, 200).await;
    assert!(open["seeks"].as_array().unwrap().iter().all(|s| s["id"] != seek["id"]));
    (seeker, accepter, id, "p1".to_owned())
}

#[tokio::test]
async fn a_seek_becomes_a_rated_game_whose_end_rates_both_once() {
    let db = temp_db("rated");
    let server = TestServer::start(&db).await;
    let (mut seeker, mut accepter, id, _) = rated_game(&server, "erik", "frida").await;
    let seen = state(&mut seeker, &id).await;
    assert_eq!((seen["you"].as_str(), seen["rated"].as_bool()), (Some("p1"), Some(true)));
    assert_eq!(seen["clock"]["running"], Value::Null, "no clock runs before both sides' first moves");
    assert_eq!(seen["seats"][1]["account"]["name"], "frida");
    assert_eq!(seen["seats"][1]["account"]["rating"], 1500.0);
    assert_eq!(
        (&seen["seats"][0]["account"]["provisional"], &seen["seats"][1]["account"]["provisional"]),
        (&json!(true), &json!(true)),
        "a newcomer's 1500 is provisional during play, shown as 1500?"
    );
    expect(post(&mut seeker, &format!("/api/games/{id}/moves"), json!({"move": "a1"})).await, 200).await;
    expect(post(&mut accepter, &format!("/api/games/{id}/resign"), json!({})).await, 200).await;
    let over = state(&mut accepter, &id).await;
    let (winner, loser) = (&over["seats"][0]["account"], &over["seats"][1]["account"]);
    assert_eq!((winner["rating"].as_f64(), loser["rating"].as_f64()), (Some(1500.0), Some(1500.0)));
    let (up, down) = (winner["rating_after"].as_f64().unwrap(), loser["rating_after"].as_f64().unwrap());
    assert!(up > 1500.0 && down < 1500.0, "{over}");
    let again = post(&mut accepter, &format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(again.unwrap().status, 422, "a game ends once");

    let profile = expect(seeker.get("/api/players/ERIK").await, 200).await;
    assert_eq!(profile["name"], "erik");
    assert_eq!(profile["ratings"][0]["game"], "toy");
    assert_eq!(profile["ratings"][0]["rating"].as_f64(), Some(up));
    assert_eq!(profile["ratings"][0]["games"], 1, "rated once");
    assert_eq!(profile["games"][0]["result"], "won");
    assert_eq!(profile["games"][0]["opponent_name"], "frida");
    assert_eq!(profile["games"][0]["rating_after"].as_f64(), Some(up));
    let lost = expect(seeker.get("/api/players/frida?result=lost&game=toy").await, 200).await;
    assert_eq!(lost["total"], 1);
    let won = expect(seeker.get("/api/players/frida?result=won").await, 200).await;
    assert_eq!((won["total"].as_u64(), won["games"].as_array().unwrap().len()), (Some(0), 0));
    assert_eq!(seeker.get("/api/players/frida?result=maybe").await.unwrap().status, 422);
    assert_eq!(seeker.get("/api/players/frida?game=chess").await.unwrap().status, 422);
    assert_eq!(seeker.get("/api/players/nobody").await.unwrap().status, 404);

    // Read again from the database (a restart), the change is still there.
    server.stop().await;
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let reread = state(&mut client, &id).await;
    assert_eq!(reread["seats"][0]["account"]["rating_after"].as_f64(), Some(up));
    assert_eq!(reread["seats"][0]["account"]["provisional"], true, "kept with the seat");
    let profile = expect(client.get("/api/players/erik").await, 200).await;
    assert_eq!(profile["ratings"][0]["games"], 1);
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_keeps_both_accounts_on_swapped_seats_and_stays_rated() {
    let server = TestServer::start(&temp_db("rematch")).await;
    let (mut seeker, mut accepter, id, _) = rated_game(&server, "jana", "karl").await;
    expect(post(&mut accepter, &format!("/api/games/{id}/resign"), json!({})).await, 200).await;
    let rematch = format!("/api/games/{id}/rematch");
    expect(post(&mut accepter, &rematch, json!({"action": "offer"})).await, 200).await;
    let started = expect(post(&mut seeker, &rematch, json!({"action": "accept"})).await, 201).await;
    let new_id = started["id"].as_str().unwrap();
    let seen = state(&mut seeker, new_id).await;
    assert_eq!((seen["you"].as_str(), seen["rated"].as_bool()), (Some("p2"), Some(true)));
    assert_eq!(seen["seats"][0]["account"]["name"], "karl");
    assert_eq!(seen["seats"][1]["account"]["name"], "jana");
    let jana_after = state(&mut seeker, &id).await["seats"][0]["account"]["rating_after"].clone();
    assert_eq!(seen["seats"][1]["account"]["rating"], jana_after, "the rating after the last game");
    // Karl plays his new seat with his session, and may still claim a token for it.
    expect(post(&mut accepter, &format!("/api/games/{new_id}/moves"), json!({"move": "a1"})).await, 200)
        .await;
    let claimed = expect(post(&mut accepter, &rematch, json!({"action": "claim"})).await, 200).await;
    assert_eq!(claimed["seat"], "p1");
    assert_eq!(state(&mut accepter, new_id).await["seats"][0]["account"]["name"], "karl");
    server.stop().await;
}

#[tokio::test]
async fn rated_games_need_a_clock_and_accounts() {
    let server = TestServer::start(&temp_db("rated-rules")).await;
    let mut anon = server.client().await;
    let refused = post(
        &mut anon,
        "/api/games",
        json!({"game": "toy", "opponent": "human", "clock": "5+3", "rated": true}),
    );
    let refused = expect(refused.await, 422).await;
    assert!(refused["message"]["de"].as_str().unwrap().contains("melde dich an"));
    let mut gerd = server.client().await;
    sign_up(&mut gerd, "gerd").await;
    let no_clock = post(&mut gerd, "/api/games", json!({"game": "toy", "opponent": "human", "rated": true}));
    assert!(expect(no_clock.await, 422).await["error"].as_str().unwrap().contains("clock"));
    let no_clock_seek = post(&mut gerd, "/api/seeks", json!({"game": "toy", "rated": true}));
    assert_eq!(no_clock_seek.await.unwrap().status, 422);
    let created = post(
        &mut gerd,
        "/api/games",
        json!({"game": "toy", "opponent": "human", "clock": "5+3", "rated": true}),
    );
    let created = expect(created.await, 201).await;
    let id = created["id"].as_str().unwrap();
    let join = post(&mut anon, &format!("/api/games/{id}/join"), json!({"invite": invite_code(&created)}));
    assert_eq!(join.await.unwrap().status, 403, "a rated game is joined signed in");
    let seek = post(&mut anon, "/api/seeks", json!({"game": "toy", "clock": "5+3"}));
    assert_eq!(seek.await.unwrap().status, 401);
    server.stop().await;
}

#[tokio::test]
async fn seeks_are_withdrawn_by_their_owner_and_at_log_out() {
    let server = TestServer::start(&temp_db("seeks")).await;
    let mut hanna = server.client().await;
    sign_up(&mut hanna, "hanna").await;
    let mut ida = server.client().await;
    sign_up(&mut ida, "ida").await;
    let first =
        expect(post(&mut hanna, "/api/seeks", json!({"game": "toy", "clock": "3+2"})).await, 201).await;
    let first_id = first["id"].as_str().unwrap();
    let not_hers = ida.raw("DELETE", &format!("/api/seeks/{first_id}"), None, "").await.unwrap();
    assert_eq!(not_hers.status, 403);
    expect(hanna.raw("DELETE", &format!("/api/seeks/{first_id}"), None, "").await, 200).await;
    let listed = expect(ida.get("/api/seeks").await, 200).await;
    assert_eq!(listed["seeks"].as_array().unwrap().len(), 0);
    expect(post(&mut hanna, "/api/seeks", json!({"game": "toy", "clock": "3+2"})).await, 201).await;
    assert_eq!(expect(ida.get("/api/seeks").await, 200).await["seeks"].as_array().unwrap().len(), 1);
    expect(post(&mut hanna, "/api/account/logout", json!({})).await, 200).await;
    assert_eq!(expect(ida.get("/api/seeks").await, 200).await["seeks"].as_array().unwrap().len(), 0);
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_pages_lists_ones_own_games_and_ends_abandoned_ones() {
    let db = temp_db("lobby-pages");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(
            create(&mut client, json!({"game": "toy", "opponent": "human"})).await["id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let page = |n: u32| format!("/api/games?limit=2&page={n}");
    let first = expect(client.get(&page(1)).await, 200).await;
    let third = expect(client.get(&page(3)).await, 200).await;
    assert_eq!((first["games"].as_array().unwrap().len(), first["total"].as_u64()), (2, Some(5)));
    assert_eq!((third["offset"].as_u64(), third["games"].as_array().unwrap().len()), (Some(4), 1));
    assert_eq!(client.get("/api/games?page=0").await.unwrap().status, 400);
    let some = format!("/api/games?ids={},{},nonsense/../x", ids[0], ids[3]);
    let some = expect(client.get(&some).await, 200).await;
    let mut listed: Vec<&str> =
        some["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    listed.sort_unstable();
    let mut wanted = vec![ids[0].as_str(), ids[3].as_str()];
    wanted.sort_unstable();
    assert_eq!(listed, wanted);
    let mine = expect(client.get("/api/games?mine=1").await, 200).await;
    assert_eq!(mine["total"], 0, "not signed in: no account's games");

    // Two games were made two hours ago and never joined: they are abandoned.
    server.stop().await;
    let hours_ago = spielwerk_now() - 2 * 3_600_000;
    execute(
        &db,
        &format!("UPDATE games SET created_ms = {hours_ago} WHERE id IN ('{}', '{}')", ids[1], ids[2]),
    );
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    for id in &ids[1..3] {
        let ended = wait_for(&mut client, id, |s| !s["outcome"].is_null()).await;
        assert_eq!(
            (ended["outcome"]["reason"].as_str(), ended["outcome"]["winner"].as_str()),
            (Some("abandoned"), None)
        );
    }
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["total"], 3);
    assert_eq!(state(&mut client, &ids[0]).await["outcome"], Value::Null);
    server.stop().await;
}

/// Milliseconds since the epoch.
fn spielwerk_now() -> i64 {
    i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis())
        .unwrap()
}

#[tokio::test]
async fn the_rating_history_lists_the_rating_after_each_rated_game_oldest_first() {
    let server = TestServer::start(&temp_db("history")).await;
    let (mut lena, mut max, first, _) = rated_game(&server, "lena", "max").await;
    let empty = expect(lena.get("/api/players/lena/ratings").await, 200).await;
    assert_eq!(empty, json!({"name": "lena", "games": []}), "no rated game is over yet");
    expect(post(&mut lena, &format!("/api/games/{first}/moves"), json!({"move": "a1"})).await, 200).await;
    expect(post(&mut max, &format!("/api/games/{first}/resign"), json!({})).await, 200).await;
    // A second rated game, which Lena resigns.
    let seek =
        post(&mut lena, "/api/seeks", json!({"game": "toy", "clock": "5+3", "rated": true, "side": "p1"}));
    let seek_id = expect(seek.await, 201).await["id"].as_str().unwrap().to_owned();
    let second = expect(post(&mut max, &format!("/api/seeks/{seek_id}/accept"), json!({})).await, 201).await;
    let second = second["id"].as_str().unwrap().to_owned();
    expect(post(&mut lena, &format!("/api/games/{second}/resign"), json!({})).await, 200).await;

    let history = expect(max.get("/api/players/LENA/ratings").await, 200).await;
    assert_eq!(history["name"], "lena");
    let games = history["games"].as_array().unwrap();
    assert_eq!((games.len(), games[0]["game"].as_str()), (1, Some("toy")), "{history}");
    let points = games[0]["points"].as_array().unwrap();
    let ids: Vec<&str> = points.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [first.as_str(), second.as_str()], "oldest first");
    let ratings: Vec<f64> = points.iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    assert!(ratings[0] > 1500.0 && ratings[1] < ratings[0], "a win, then a loss: {ratings:?}");
    assert_eq!(games[0]["start"].as_f64(), Some(1500.0), "the chart starts where the first game started");
    // The last point is the rating the profile shows, and each point has a time.
    let profile = expect(max.get("/api/players/lena").await, 200).await;
    assert_eq!(profile["ratings"][0]["rating"].as_f64(), Some(ratings[1]));
    assert!(points.iter().all(|p| p["time_ms"].as_i64().unwrap() >= profile["created_ms"].as_i64().unwrap()));
    assert!(points[0]["time_ms"].as_i64() <= points[1]["time_ms"].as_i64());
    // Max's history is his own, with his ratings after the same two games.
    let his = expect(max.get("/api/players/max/ratings").await, 200).await;
    let his: Vec<f64> =
        his["games"][0]["points"].as_array().unwrap().iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    assert!(his.len() == 2 && his[0] < 1500.0 && his[1] > his[0], "{his:?}");
    assert_eq!(max.get("/api/players/nobody/ratings").await.unwrap().status, 404);
    server.stop().await;
}

#[tokio::test]
async fn an_engine_game_follows_its_account_to_every_device_and_stays_unrated() {
    let server = TestServer::start(&temp_db("bound-engine")).await;
    let mut laptop = server.client().await;
    sign_up(&mut laptop, "emil").await;
    let request = json!({"game": "toy", "opponent": "engine", "level": 1, "side": "p1"});
    let created = create(&mut laptop, request).await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["state"]["seats"][0]["account"]["name"], "emil", "{created}");
    assert_eq!(created["state"]["seats"][1]["player"], "engine");
    let rated = json!({"game": "toy", "opponent": "engine", "rated": true});
    assert_eq!(post(&mut laptop, "/api/games", rated).await.unwrap().status, 422, "still never rated");

    // The phone has no token: it logs in, moves and takes back with its cookie.
    let mut phone = server.client().await;
    let login = post(&mut phone, "/api/account/login", json!({"name": "emil", "password": "secret-pass"}));
    let login = login.await.unwrap();
    keep_cookie(&mut phone, &login);
    assert_eq!(state(&mut phone, &id).await["you"], "p1");
    expect(post(&mut phone, &format!("/api/games/{id}/moves"), json!({"move": "b2"})).await, 200).await;
    wait_for(&mut phone, &id, |s| s["ply"] == 2).await;
    let undone = expect(post(&mut phone, &format!("/api/games/{id}/undo"), json!({})).await, 200).await;
    assert_eq!(undone["ply"], 0);
    let mine = expect(phone.get("/api/games?mine=1").await, 200).await;
    assert_eq!(mine["total"], 1, "{mine}");
    assert_eq!(mine["games"][0]["seats"][0]["account"]["name"], "emil");

    // Over, it is in the profile (lost against the engine) and in a search,
    // with no rating.
    expect(post(&mut phone, &format!("/api/games/{id}/resign"), json!({})).await, 200).await;
    let profile = expect(phone.get("/api/players/emil?result=lost").await, 200).await;
    assert_eq!((profile["total"].as_u64(), &profile["games"][0]["id"]), (Some(1), &json!(id)), "{profile}");
    assert_eq!(
        (&profile["games"][0]["opponent"], &profile["games"][0]["rated"]),
        (&json!("engine"), &json!(false))
    );
    assert_eq!(profile["ratings"], json!([]), "an engine game changes no rating");
    let history = expect(phone.get("/api/players/emil/ratings").await, 200).await;
    assert_eq!(history["games"], json!([]), "{history}");
    let found = expect(phone.get("/api/games/search?player=emil").await, 200).await;
    assert_eq!(found["total"], 1, "{found}");

    // Playing the engine again keeps the account at the person's seat.
    let rematch = post(&mut phone, &format!("/api/games/{id}/rematch"), json!({"action": "offer"}));
    let again = expect(rematch.await, 201).await;
    assert_eq!(again["seat"], "p2", "{again}");
    assert_eq!(again["state"]["seats"][1]["account"]["name"], "emil");
    server.stop().await;
}

#[tokio::test]
async fn a_guests_idle_game_against_the_engine_leaves_the_lobby_and_a_signed_in_players_stays() {
    let patience = spielwerk_server::Patience {
        guest_engine_listed: std::time::Duration::from_millis(1500),
        ..spielwerk_server::Patience::default()
    };
    let limits = spielwerk_server::Limits { patience, ..spielwerk_server::Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("guest-engine"), limits).await;
    let mut guest = server.client().await;
    let mut anna = server.client().await;
    sign_up(&mut anna, "anna").await;
    let against_engine = json!({"game": "toy", "opponent": "engine", "level": 1, "side": "p1"});
    let guests = create(&mut guest, against_engine.clone()).await["id"].clone();
    let annas = create(&mut anna, against_engine).await["id"].clone();
    let invitation = create(&mut guest, json!({"game": "toy", "opponent": "human"})).await["id"].clone();
    let listed = |reply: &Value| {
        reply["games"].as_array().unwrap().iter().map(|g| g["id"].clone()).collect::<Vec<_>>()
    };
    let until = std::time::Instant::now() + common::PATIENCE;
    let lobby = loop {
        let lobby = expect(guest.get("/api/games").await, 200).await;
        if !listed(&lobby).contains(&guests) {
            break lobby;
        }
        assert!(std::time::Instant::now() < until, "the guest's idle game stayed: {lobby}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(listed(&lobby).contains(&annas), "{lobby}");
    assert!(listed(&lobby).contains(&invitation), "{lobby}");
    // The guest still finds it among the games of their seats.
    let own = expect(guest.get(&format!("/api/games?ids={}", guests.as_str().unwrap())).await, 200).await;
    assert_eq!(listed(&own), [guests]);
    server.stop().await;
}
