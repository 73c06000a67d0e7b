//! Personal API tokens and the Bot API's account upgrade, over loopback
//! (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`): a token is
//! shown once, listed without its secret, revoked by its owner only, and
//! signs in no more once revoked; an account becomes a bot with a
//! `bot:play` token or from its page, once, and never after it played.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, sign_up, signed_up, state, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::Instant;

/// Makes a token with these scopes; its id and secret.
async fn make_token(client: &mut Client, scopes: &[&str]) -> (String, String) {
    let body = json!({"description": "my bridge", "scopes": scopes});
    let made = expect(client.post("/api/account/tokens", None, &body).await, 201).await;
    (made["id"].as_str().unwrap().to_owned(), made["token"].as_str().unwrap().to_owned())
}

/// `POST /api/bot/account/upgrade` with `token` (none: the cookie).
async fn upgrade(client: &mut Client, token: Option<&str>) -> (u16, Value) {
    let reply = client.post("/api/bot/account/upgrade", token, &json!({})).await.unwrap();
    (reply.status, reply.json())
}

#[tokio::test]
async fn tokens_are_shown_once_listed_without_secrets_and_revoked_by_their_owner() {
    let server = TestServer::start(&temp_db("api-tokens")).await;
    let mut anna = server.client().await;
    let mut guest = server.client().await;
    assert_eq!(guest.get("/api/account/tokens").await.unwrap().status, 401, "signed out");
    sign_up(&mut anna, "Anna").await;

    let (id, secret) = make_token(&mut anna, &["bot:play", "challenge:write", "bot:play"]).await;
    assert!(secret.starts_with("spw_") && secret.len() > 40, "{secret}");
    let listed = expect(anna.get("/api/account/tokens").await, 200).await;
    assert_eq!(listed["bot"], false);
    assert_eq!(listed["tokens"].as_array().unwrap().len(), 1);
    let token = &listed["tokens"][0];
    assert_eq!(
        (token["id"].as_str().unwrap(), token["description"].as_str().unwrap()),
        (id.as_str(), "my bridge")
    );
    assert_eq!(token["scopes"], json!(["bot:play", "challenge:write"]), "each scope once");
    assert!(!listed.to_string().contains(&secret[4..]), "the list shows no secret");

    for (body, field, words) in [
        (json!({"description": "", "scopes": ["bot:play"]}), "description", "1 to 100"),
        (json!({"description": "x".repeat(101), "scopes": ["bot:play"]}), "description", "1 to 100"),
        (json!({"description": "x", "scopes": ["bot:fly"]}), "scopes", "no scope 'bot:fly'"),
        (json!({"description": "x", "scopes": []}), "scopes", "at least one scope"),
    ] {
        let refused = anna.post("/api/account/tokens", None, &body).await.unwrap();
        assert_eq!((refused.status, refused.headers["x-field"].to_str().unwrap()), (422, field), "{body}");
        assert!(refused.json()["message"]["en"].as_str().unwrap().contains(words), "{}", refused.text());
        assert!(!refused.json()["message"]["de"].as_str().unwrap().is_empty());
    }

    // Another account cannot revoke it; its owner can, and it no longer signs in.
    let mut bert = server.client().await;
    sign_up(&mut bert, "Bert").await;
    let foreign = bert.send("DELETE", &format!("/api/account/tokens/{id}"), None, None, "").await.unwrap();
    assert_eq!(foreign.status, 404, "{}", foreign.text());
    let (status, _) = upgrade(&mut guest, Some("spw_nonsense")).await;
    assert_eq!(status, 401, "an unknown token");
    let revoked = anna.send("DELETE", &format!("/api/account/tokens/{id}"), None, None, "").await.unwrap();
    assert_eq!((revoked.status, revoked.json()), (200, json!({"ok": true})));
    let (status, body) = upgrade(&mut guest, Some(&secret)).await;
    assert_eq!(status, 401, "a revoked token: {body}");
    assert_eq!(expect(anna.get("/api/account/tokens").await, 200).await["tokens"], json!([]));
}

#[tokio::test]
async fn an_account_becomes_a_bot_with_a_bot_play_token_once_and_never_after_it_played() {
    let server = TestServer::start(&temp_db("bot-upgrade")).await;
    let mut owner = server.client().await;
    sign_up(&mut owner, "Botty").await;
    let (_, reader) = make_token(&mut owner, &["challenge:read"]).await;
    let (_, player) = make_token(&mut owner, &["bot:play"]).await;
    // A program without a cookie, with the token only.
    let mut program = server.client().await;
    let (status, body) = upgrade(&mut program, Some(&reader)).await;
    assert_eq!(status, 403, "a token without bot:play: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("bot:play"));
    assert_eq!(upgrade(&mut program, Some(&player)).await, (200, json!({"ok": true})));
    assert_eq!(expect(owner.get("/api/account/tokens").await, 200).await["bot"], true);
    let (status, body) = upgrade(&mut program, Some(&player)).await;
    assert_eq!(status, 409, "a bot already: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("a bot already"));

    // A person who has played stays a person, asked from the page or by a token.
    let mut carla = server.client().await;
    sign_up(&mut carla, "Carla").await;
    let created = create(&mut carla, json!({"game": "toy", "opponent": "human", "side": "p1"})).await;
    let mut friend = server.client().await;
    let code = invite_code(&created);
    expect(
        friend
            .post(
                &format!("/api/games/{}/join", created["id"].as_str().unwrap()),
                None,
                &json!({"invite": code}),
            )
            .await,
        200,
    )
    .await;
    let (status, body) = upgrade(&mut carla, None).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("make a fresh account"), "{body}");
    assert_eq!(expect(carla.get("/api/account/tokens").await, 200).await["bot"], false);
    let mut nobody = server.client().await;
    assert_eq!(upgrade(&mut nobody, None).await.0, 401, "signed out, no token");
}

/// An NDJSON stream (the Bot API's), read line by line.
struct Lines {
    body: hyper::body::Incoming,
    _sender: hyper::client::conn::http1::SendRequest<http_body_util::Empty<hyper::body::Bytes>>,
    /// Text of an unfinished line.
    partial: String,
    /// The lines read (empty keep-alive lines left out), and how many of
    /// them [`Lines::until`] has passed.
    lines: Vec<Value>,
    passed: usize,
}

impl Lines {
    /// Opens `path` with the bearer `token` or else the cookie of `client`.
    async fn open(server: &TestServer, path: &str, token: Option<&str>, client: Option<&Client>) -> Lines {
        let stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await.unwrap();
        tokio::spawn(connection);
        let mut request = hyper::Request::get(path).header("host", server.addr.to_string());
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        if let Some(cookie) = client.and_then(|c| c.cookie.clone()) {
            request = request.header("cookie", cookie);
        }
        let response =
            sender.send_request(request.body(http_body_util::Empty::new()).unwrap()).await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        Lines {
            body: response.into_body(),
            _sender: sender,
            partial: String::new(),
            lines: Vec::new(),
            passed: 0,
        }
    }

    /// Reads one more frame; false when the stream ended.
    async fn read(&mut self, deadline: Instant) -> bool {
        use http_body_util::BodyExt;
        let frame = tokio::time::timeout_at(deadline.into(), self.body.frame())
            .await
            .unwrap_or_else(|_| panic!("nothing more came; lines so far {:?}", self.lines));
        let Some(frame) = frame else { return false };
        if let Ok(data) = frame.unwrap().into_data() {
            self.partial.push_str(&String::from_utf8_lossy(&data));
            while let Some((line, rest)) = self.partial.split_once('\n') {
                if !line.trim().is_empty() {
                    self.lines.push(serde_json::from_str(line).expect("a line is JSON"));
                }
                self.partial = rest.to_owned();
            }
        }
        true
    }

    /// The next line (after those passed) that `wanted` accepts, waiting
    /// at most [`PATIENCE`] for it.
    async fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(at) = self.lines[self.passed..].iter().position(&wanted) {
                self.passed += at + 1;
                return self.lines[self.passed - 1].clone();
            }
            assert!(self.read(deadline).await, "the stream ended; lines {:?}", self.lines);
        }
    }

    /// The next line of type `kind`.
    async fn next(&mut self, kind: &str) -> Value {
        self.until(|line| line["type"] == kind).await
    }

    /// Reads to the end of the stream (at most [`PATIENCE`]).
    async fn ended(&mut self) {
        let deadline = Instant::now() + PATIENCE;
        while self.read(deadline).await {}
    }
}

/// A bot account `name` signed up and upgraded, and its token with every
/// scope.
async fn bot(server: &TestServer, name: &str) -> (Client, String) {
    let mut owner = signed_up(server, name).await;
    let (_, token) = make_token(&mut owner, &["bot:play", "challenge:read", "challenge:write"]).await;
    assert_eq!(upgrade(&mut owner, Some(&token)).await, (200, json!({"ok": true})));
    (owner, token)
}

/// `POST path` with a form-encoded body and a token.
async fn post_form(client: &mut Client, path: &str, token: &str, form: &str) -> (u16, Value) {
    let type_ = Some("application/x-www-form-urlencoded");
    let reply = client.send("POST", path, Some(token), type_, form.to_owned()).await.unwrap();
    (reply.status, reply.json())
}

#[tokio::test]
async fn a_person_and_a_bot_play_through_the_bot_api_from_challenge_to_resignation() {
    let server = TestServer::start(&temp_db("bot-game")).await;
    let (mut botto, bot_token) = bot(&server, "Botto").await;
    let mut pia = signed_up(&server, "Pia").await;
    let (_, pia_token) = make_token(&mut pia, &["challenge:write", "bot:play"]).await;
    let mut bot_events = Lines::open(&server, "/api/stream/event", Some(&bot_token), None).await;
    let mut pia_events = Lines::open(&server, "/api/stream/event", None, Some(&pia)).await;

    // Pia challenges the bot by the API, form-encoded as lichess's clients do.
    let form = "variant=toy&rated=true&clock.limit=300&clock.increment=2&color=white";
    let (status, made) = post_form(&mut pia, "/api/challenge/Botto", &pia_token, form).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!((made["status"].as_str(), made["destUser"]["title"].as_str()), (Some("created"), Some("BOT")));
    let id = made["id"].as_str().unwrap().to_owned();
    let seen = bot_events.until(|l| l["type"] == "challenge" && l["challenge"]["id"] == id.as_str()).await;
    let challenge = &seen["challenge"];
    assert_eq!(challenge["challenger"]["name"], "Pia");
    assert_eq!(challenge["variant"]["key"], "toy");
    assert_eq!(
        challenge["timeControl"],
        json!({"type": "clock", "limit": 300, "increment": 2, "show": "5+2"})
    );
    assert_eq!((challenge["rated"].as_bool(), challenge["color"].as_str()), (Some(true), Some("white")));
    // The web page's list shows the same challenge.
    let listed = expect(botto.get("/api/challenges").await, 200).await;
    assert_eq!(listed["incoming"][0]["id"], id.as_str());
    assert_eq!(
        (listed["incoming"][0]["from_bot"].as_bool(), listed["incoming"][0]["to_bot"].as_bool()),
        (Some(false), Some(true))
    );

    expect(botto.post(&format!("/api/challenge/{id}/accept"), Some(&bot_token), &json!({})).await, 200).await;
    let start = bot_events.next("gameStart").await;
    let game_id = start["game"]["gameId"].as_str().unwrap().to_owned();
    assert_eq!(
        (start["game"]["color"].as_str(), start["game"]["isMyTurn"].as_bool()),
        (Some("black"), Some(false))
    );
    assert_eq!(start["game"]["opponent"]["username"], "Pia");
    let pia_start = pia_events.next("gameStart").await;
    assert_eq!(
        (pia_start["game"]["gameId"].as_str(), pia_start["game"]["color"].as_str()),
        (Some(game_id.as_str()), Some("white"))
    );

    // The game page and the profiles mark the bot.
    let seats = state(&mut pia, &game_id).await["seats"].clone();
    assert_eq!(
        (seats[0]["account"]["bot"].as_bool(), seats[1]["account"]["bot"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(expect(pia.get("/api/players/Botto").await, 200).await["bot"], true);
    assert_eq!(expect(pia.get("/api/players/Pia").await, 200).await["bot"], false);

    // A stream opened now starts with the game in progress.
    let mut again = Lines::open(&server, "/api/stream/event", Some(&bot_token), None).await;
    assert_eq!(again.next("gameStart").await["game"]["gameId"], game_id.as_str());

    let mut game =
        Lines::open(&server, &format!("/api/bot/game/stream/{game_id}"), Some(&bot_token), None).await;
    let full = game.next("gameFull").await;
    assert_eq!(game.lines[0]["type"], "gameFull", "the first line");
    assert_eq!((full["white"]["name"].as_str(), full["white"].get("title")), (Some("Pia"), None));
    assert_eq!(
        (full["black"]["name"].as_str(), full["black"]["title"].as_str()),
        (Some("Botto"), Some("BOT"))
    );
    assert_eq!((full["variant"]["key"].as_str(), full["rated"].as_bool()), (Some("toy"), Some(true)));
    assert_eq!(full["clock"], json!({"initial": 300_000, "increment": 2_000}));
    assert!(!full["initialFen"].as_str().unwrap().is_empty());
    assert_eq!(
        (full["state"]["moves"].as_str(), full["state"]["status"].as_str()),
        (Some(""), Some("started"))
    );

    // Pia moves on the web's route, the bot by the API.
    expect(pia.post(&format!("/api/games/{game_id}/moves"), None, &json!({"move": "b2"})).await, 200).await;
    let state = game.next("gameState").await;
    assert_eq!(state["moves"], "b2");
    let base = format!("/api/bot/game/{game_id}");
    let taken = botto.post(&format!("{base}/move/b2"), Some(&bot_token), &json!({})).await.unwrap();
    assert_eq!(taken.status, 400, "{}", taken.text());
    assert!(taken.text().contains("b2"), "the refusal names the move: {}", taken.text());
    expect(botto.post(&format!("{base}/move/a1"), Some(&bot_token), &json!({})).await, 200).await;
    assert_eq!(game.next("gameState").await["moves"], "b2 a1");
    let early = botto.post(&format!("{base}/move/c3"), Some(&bot_token), &json!({})).await.unwrap();
    assert_eq!(early.status, 400, "out of turn: {}", early.text());
    assert!(early.json()["message"]["en"].as_str().unwrap().contains("not your turn"));

    // Scopes, bots and players are checked.
    let (_, reader) = make_token(&mut botto, &["challenge:read"]).await;
    let (status, body) = post_form(&mut botto, &format!("{base}/move/c3"), &reader, "").await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("bot:play"), "{body}");
    let (status, body) = post_form(&mut pia, &format!("{base}/move/c3"), &pia_token, "").await;
    assert_eq!(status, 403, "a person is no bot: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("only bot accounts"), "{body}");
    assert!(!body["message"]["de"].as_str().unwrap().is_empty());
    let (mut other, other_token) = bot(&server, "Otto").await;
    let (status, body) = post_form(&mut other, &format!("{base}/move/c3"), &other_token, "").await;
    assert_eq!(status, 403, "not Otto's game: {body}");
    let (status, _) = post_form(&mut other, "/api/bot/game/abcdefghijkl/move/c3", &other_token, "").await;
    assert_eq!(status, 404, "no such game");

    // Chat: the bot's by the API (form-encoded), Pia's on the web's route.
    let (status, body) =
        post_form(&mut botto, &format!("{base}/chat"), &bot_token, "room=player&text=good+luck").await;
    assert_eq!((status, body), (200, json!({"ok": true})));
    let line = game.next("chatLine").await;
    assert_eq!(line, json!({"type": "chatLine", "room": "player", "username": "Botto", "text": "good luck"}));
    expect(pia.post(&format!("/api/games/{game_id}/chat"), None, &json!({"text": "thanks"})).await, 200)
        .await;
    assert_eq!(game.next("chatLine").await["username"], "Pia");

    // Too late to abort; the bot resigns, and the streams tell the end.
    let (status, _) = post_form(&mut botto, &format!("{base}/abort"), &bot_token, "").await;
    assert_eq!(status, 409, "both sides moved");
    expect(botto.post(&format!("{base}/resign"), Some(&bot_token), &json!({})).await, 200).await;
    let end = game.next("gameState").await;
    assert_eq!((end["status"].as_str(), end["winner"].as_str()), (Some("resign"), Some("white")));
    game.ended().await;
    let finish = bot_events.next("gameFinish").await;
    assert_eq!(
        (finish["game"]["gameId"].as_str(), finish["game"]["winner"].as_str()),
        (Some(game_id.as_str()), Some("white"))
    );
    assert_eq!(finish["game"]["status"]["name"], "resign");
    assert_eq!(pia_events.next("gameFinish").await["game"]["gameId"], game_id.as_str());
}

#[tokio::test]
async fn a_bot_challenges_by_the_api_and_sees_declines_withdrawals_and_aborts() {
    let server = TestServer::start(&temp_db("bot-challenges")).await;
    let (mut botto, bot_token) = bot(&server, "Botto").await;
    let mut pia = signed_up(&server, "Pia").await;
    let (_, pia_reader) = make_token(&mut pia, &["challenge:read"]).await;
    let (_, pia_writer) = make_token(&mut pia, &["challenge:write"]).await;
    let mut bot_events = Lines::open(&server, "/api/stream/event", Some(&bot_token), None).await;
    let mut pia_events = Lines::open(&server, "/api/stream/event", Some(&pia_reader), None).await;
    let ask = json!({"variant": "toy", "color": "white", "days": 3});

    let made = expect(botto.post("/api/challenge/Pia", Some(&bot_token), &ask).await, 201).await;
    let id = made["id"].as_str().unwrap().to_owned();
    assert_eq!(made["timeControl"], json!({"type": "correspondence", "daysPerTurn": 3}));
    assert_eq!(made["challenger"]["title"], "BOT");
    let seen = pia_events.until(|l| l["type"] == "challenge" && l["challenge"]["id"] == id.as_str()).await;
    assert_eq!(seen["challenge"]["challenger"]["name"], "Botto");
    let (status, body) = post_form(&mut pia, &format!("/api/challenge/{id}/decline"), &pia_reader, "").await;
    assert_eq!(status, 403, "challenge:read cannot decline: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("challenge:write"), "{body}");
    let (status, _) =
        post_form(&mut pia, &format!("/api/challenge/{id}/decline"), &pia_writer, "reason=tooFast").await;
    assert_eq!(status, 200);
    let declined =
        bot_events.until(|l| l["type"] == "challengeDeclined" && l["challenge"]["id"] == id.as_str()).await;
    assert_eq!(declined["challenge"]["declineReasonKey"], "timecontrol");

    let made = expect(botto.post("/api/challenge/Pia", Some(&bot_token), &ask).await, 201).await;
    let id = made["id"].as_str().unwrap().to_owned();
    pia_events.until(|l| l["type"] == "challenge" && l["challenge"]["id"] == id.as_str()).await;
    expect(botto.post(&format!("/api/challenge/{id}/cancel"), Some(&bot_token), &json!({})).await, 200).await;
    pia_events.until(|l| l["type"] == "challengeCanceled" && l["challenge"]["id"] == id.as_str()).await;

    // Pia accepts on the web's route; the bot moves first and aborts before she moved.
    let made = expect(botto.post("/api/challenge/Pia", Some(&bot_token), &ask).await, 201).await;
    let id = made["id"].as_str().unwrap().to_owned();
    let accepted =
        expect(pia.post(&format!("/api/challenges/{id}/accept"), None, &json!({})).await, 201).await;
    let game_id = accepted["id"].as_str().unwrap().to_owned();
    let start = bot_events.next("gameStart").await;
    assert_eq!(
        (start["game"]["gameId"].as_str(), start["game"]["isMyTurn"].as_bool()),
        (Some(game_id.as_str()), Some(true))
    );
    let mut game =
        Lines::open(&server, &format!("/api/bot/game/stream/{game_id}"), Some(&bot_token), None).await;
    assert_eq!(game.next("gameFull").await["daysPerTurn"], 3);
    let base = format!("/api/bot/game/{game_id}");
    expect(botto.post(&format!("{base}/move/a1?offeringDraw=true"), Some(&bot_token), &json!({})).await, 200)
        .await;
    let state = game.until(|l| l["type"] == "gameState" && l["moves"] == "a1").await;
    let state = if state["wdraw"] == true {
        state
    } else {
        game.until(|l| l["type"] == "gameState" && l["wdraw"] == true).await
    };
    assert_eq!(state["bdraw"], false);
    expect(botto.post(&format!("{base}/abort"), Some(&bot_token), &json!({})).await, 200).await;
    let end = game.until(|l| l["type"] == "gameState" && l["status"] != "started").await;
    assert_eq!((end["status"].as_str(), end.get("winner")), (Some("aborted"), None));
    game.ended().await;
    // Pia's stream tells the game's start and end even when both fell
    // between two of its looks (it looks once a second).
    let start = pia_events.next("gameStart").await;
    assert_eq!(start["game"]["gameId"].as_str(), Some(game_id.as_str()));
    let finish = pia_events.next("gameFinish").await;
    assert_eq!(finish["game"]["gameId"].as_str(), Some(game_id.as_str()));
    assert_eq!(finish["game"]["status"]["name"], "aborted");
}

#[tokio::test]
async fn bots_are_refused_from_pools_and_seeks() {
    let server = TestServer::start(&temp_db("bot-refused")).await;
    let (mut botto, _) = bot(&server, "Botto").await;
    for (path, body) in [
        ("/api/seeks", json!({"game": "toy", "clock": "5+0"})),
        ("/api/pool", json!({"game": "toy", "clock": "5+0"})),
    ] {
        let reply = botto.post(path, None, &body).await.unwrap();
        assert_eq!(reply.status, 403, "{path}: {}", reply.text());
        let message = &reply.json()["message"];
        assert!(message["en"].as_str().unwrap().contains("bots play by challenge only"), "{message}");
        assert!(message["de"].as_str().unwrap().contains("Bots spielen"), "{message}");
    }
    // A person's seek may not be taken by a bot either.
    let mut pia = signed_up(&server, "Pia").await;
    let seek = expect(pia.post("/api/seeks", None, &json!({"game": "toy", "clock": "5+0"})).await, 201).await;
    let id = seek["id"].as_str().unwrap();
    let reply = botto.post(&format!("/api/seeks/{id}/accept"), None, &json!({})).await.unwrap();
    assert_eq!(reply.status, 403, "{}", reply.text());
    // Nor a seat by an invite link: the person invited someone, not a bot.
    let created = create(&mut pia, json!({"game": "toy", "opponent": "human", "side": "p1"})).await;
    let join = format!("/api/games/{}/join", created["id"].as_str().unwrap());
    let reply = botto.post(&join, None, &json!({"invite": invite_code(&created)})).await.unwrap();
    assert_eq!(reply.status, 403, "{}", reply.text());
    assert!(reply.json()["message"]["en"].as_str().unwrap().contains("invite links"), "{}", reply.text());
    // The seat stays open for a person.
    let mut friend = signed_up(&server, "Friend").await;
    expect(friend.post(&join, None, &json!({"invite": invite_code(&created)})).await, 200).await;
}

/// The names of `GET /api/bots` with whether each is connected, in order.
async fn bots_listed(client: &mut Client) -> Vec<(String, bool)> {
    let listed = expect(client.get("/api/bots").await, 200).await;
    let bots = listed["bots"].as_array().unwrap();
    bots.iter().map(|b| (b["name"].as_str().unwrap().to_owned(), b["online"].as_bool().unwrap())).collect()
}

/// Asks for the list of bots until it is `wanted` (at most [`PATIENCE`]).
async fn until_bots(client: &mut Client, wanted: &[(&str, bool)]) {
    let wanted: Vec<(String, bool)> = wanted.iter().map(|(name, on)| ((*name).to_owned(), *on)).collect();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let listed = bots_listed(client).await;
        if listed == wanted {
            return;
        }
        assert!(Instant::now() < deadline, "the bots {listed:?}, not {wanted:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_list_of_bots_shows_who_is_connected_first() {
    let server = TestServer::start(&temp_db("bot-list")).await;
    let (_, token) = bot(&server, "Botto").await;
    bot(&server, "Alfa").await;
    signed_up(&server, "Pia").await;
    let mut anyone = server.client().await;
    // People are not listed; the bots by name while none is connected.
    assert_eq!(bots_listed(&mut anyone).await, [("Alfa".to_owned(), false), ("Botto".to_owned(), false)]);
    let listed = expect(anyone.get("/api/bots").await, 200).await;
    assert_eq!(listed["bots"][0]["ratings"], json!([]), "{listed}");
    // Botto's program connects: it comes first, online; it leaves: offline.
    let events = Lines::open(&server, "/api/stream/event", Some(&token), None).await;
    until_bots(&mut anyone, &[("Botto", true), ("Alfa", false)]).await;
    drop(events);
    until_bots(&mut anyone, &[("Alfa", false), ("Botto", false)]).await;
    server.stop().await;
}
