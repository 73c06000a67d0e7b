//! The server against slow and hostile clients and odd requests: header,
//! idle and body timeouts, the per-address connection cap, JSON on every
//! error status, `Retry-After`, request ids instead of database text,
//! `Secure` and Origin with their scheme, invite links from the public URL,
//! positions already over, unterminated record comments and chat control
//! characters (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{PATIENCE, TestServer, captured_log, create, execute, expect, invite_code, temp_db};
use loadtest::client::Reply;
use serde_json::{Value, json};
use spielwerk_server::{Config, Limits};
use std::io::Write as _;
use std::net::SocketAddr;

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A connection to `server` from the loopback address `from`
/// (`127.0.0.x`: every one is another client address).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

/// What the server sends on `stream` until it closes the connection (or
/// [`PATIENCE`] runs out, which fails the test).
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    let until = Instant::now() + PATIENCE;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => panic!("the connection is still open; got {:?}", String::from_utf8_lossy(&got)),
            Ok(Ok(0) | Err(_)) => return String::from_utf8_lossy(&got).into_owned(),
            Ok(Ok(n)) => got.extend_from_slice(&buffer[..n]),
        }
    }
}

/// Sends `GET /healthz` on `stream` (kept open) and reads the reply's head.
async fn healthz_on(stream: &mut TcpStream) -> String {
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut got = Vec::new();
    let mut buffer = [0; 1024];
    while !String::from_utf8_lossy(&got).contains("\"status\"") {
        let n = stream.read(&mut buffer).await.unwrap();
        assert!(n > 0, "closed: {:?}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

/// Limits with small connection timeouts for these tests.
fn quick(limits: Limits) -> Limits {
    Limits { header_timeout: Duration::from_secs(1), body_timeout: Duration::from_secs(1), ..limits }
}

#[tokio::test]
async fn partial_headers_and_idle_connections_are_closed() {
    let server =
        TestServer::start_limited(common::registry(), &temp_db("slow-head"), quick(Limits::default())).await;
    let mut partial = TcpStream::connect(server.addr).await.unwrap();
    partial.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
    let mut idle = TcpStream::connect(server.addr).await.unwrap();
    let mut after_request = TcpStream::connect(server.addr).await.unwrap();
    assert!(healthz_on(&mut after_request).await.starts_with("HTTP/1.1 200"));
    let head = read_until_closed(&mut partial).await;
    assert!(!head.contains(" 200 "), "{head}");
    read_until_closed(&mut idle).await;
    read_until_closed(&mut after_request).await;
    server.stop().await;
}

#[tokio::test]
async fn one_address_holds_a_few_connections_and_others_are_still_served() {
    let limits = Limits { connections_per_address: 3, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("per-address"), limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut stream = connect_from([127, 0, 0, 1], server.addr).await;
        assert!(healthz_on(&mut stream).await.starts_with("HTTP/1.1 200"));
        held.push(stream);
    }
    let mut refused = connect_from([127, 0, 0, 1], server.addr).await;
    let _ = refused.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert_eq!(read_until_closed(&mut refused).await, "", "closed without a reply");
    let mut other = connect_from([127, 0, 0, 2], server.addr).await;
    assert!(healthz_on(&mut other).await.starts_with("HTTP/1.1 200"), "another address is served");
    // A connection closed gives its place back.
    drop(held.pop());
    let until = Instant::now() + PATIENCE;
    loop {
        let mut again = connect_from([127, 0, 0, 1], server.addr).await;
        let _ = again.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
        if read_until_closed(&mut again).await.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < until, "the place was not given back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(held);
    server.stop().await;
}

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_a_json_408() {
    let limits = quick(Limits { header_timeout: Duration::from_secs(60), ..Limits::default() });
    let server = TestServer::start_limited(common::registry(), &temp_db("slow-body"), limits).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\"")
        .await
        .unwrap();
    let reply = read_until_closed(&mut stream).await;
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    let body: Value = serde_json::from_str(reply.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert!(body["message"]["en"].as_str().unwrap().contains("did not arrive"), "{body}");
    assert!(body["message"]["de"].as_str().unwrap().contains("kam nicht"), "{body}");
    server.stop().await;
}

/// The JSON error body of a reply, checked for its shape.
fn error_json(reply: &Reply) -> Value {
    let content_type = reply.headers.get("content-type").map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(content_type.as_deref(), Some("application/json"), "{}: {}", reply.status, reply.text());
    let body = reply.json();
    assert!(
        body["error"].is_string() && body["message"]["en"].is_string() && body["message"]["de"].is_string(),
        "{body}"
    );
    assert_eq!(body["error"], body["message"]["en"]);
    body
}

#[tokio::test]
async fn every_error_status_has_a_json_body_and_every_429_a_retry_after() {
    let limits = Limits { games_per_minute: 1, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("error-bodies"), limits).await;
    let mut client = server.client().await;
    let not_allowed = client.raw("DELETE", "/api/games", None, "").await.unwrap();
    assert_eq!(not_allowed.status, 405);
    assert!(error_json(&not_allowed)["error"].as_str().unwrap().contains("DELETE"));
    assert!(not_allowed.headers.contains_key("allow"));
    let missing = client.get("/api/nothing/here").await.unwrap();
    assert_eq!(missing.status, 404);
    error_json(&missing);
    let huge =
        client.raw("POST", "/api/games", None, format!("{{\"game\":\"{}\"}}", "x".repeat(20_000))).await;
    let huge = huge.unwrap();
    assert_eq!(huge.status, 413);
    error_json(&huge);
    let plain = client.send("POST", "/api/games", None, Some("text/plain"), "{}").await.unwrap();
    assert_eq!(plain.status, 415);
    error_json(&plain);
    let not_a_socket = client.get("/api/games/abc/ws").await.unwrap();
    assert!((400..500).contains(&not_a_socket.status), "{}", not_a_socket.status);
    error_json(&not_a_socket);
    create(&mut client, json!({"game": "toy"})).await;
    let limited = client.post("/api/games", None, &json!({"game": "toy"})).await.unwrap();
    assert_eq!(limited.status, 429);
    error_json(&limited);
    let wait: u64 = limited.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(limited.headers["x-request-id"].to_str().unwrap().len(), 16);
    server.stop().await;
}

/// A game between people with both seats taken: (id, first token, second token).
async fn game_between_people(server: &TestServer) -> (String, String, String) {
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    (id, created["token"].as_str().unwrap().to_owned(), joined["token"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn a_server_error_names_a_request_id_and_logs_its_cause_not_the_database_text() {
    let log = captured_log();
    let db = temp_db("request-id");
    let server = TestServer::start(&db).await;
    let (id, token, _) = game_between_people(&server).await;
    execute(&db, "DROP TABLE chat");
    let mut client = server.client().await;
    let failed = client.post(&format!("/api/games/{id}/chat"), Some(&token), &json!({"text": "hello"})).await;
    let failed = failed.unwrap();
    assert_eq!(failed.status, 500);
    let body = error_json(&failed);
    let request_id = body["request_id"].as_str().unwrap().to_owned();
    assert_eq!(failed.headers["x-request-id"].to_str().unwrap(), request_id);
    let text = failed.text().to_lowercase();
    for database_word in ["chat", "table", "relation", "database", "sql", "db error"] {
        assert!(!text.contains(database_word), "{text}");
    }
    assert!(body["message"]["de"].as_str().unwrap().contains(&request_id));
    let logged = String::from_utf8_lossy(&log.lock().unwrap()).into_owned();
    let line = logged.lines().find(|line| line.contains(&request_id)).expect("the request is logged");
    assert!(line.contains("ERROR") && line.contains("status=500") && line.contains("cause="), "{line}");
    assert!(line.contains("/api/games/") && line.contains("latency_ms="), "{line}");
    assert!(line.contains("nothing was changed"), "the cause is the server's own account: {line}");
    // Requests that went well are logged too, without their query.
    expect(client.get("/api/games?offset=0&limit=5").await, 200).await;
    let logged = String::from_utf8_lossy(&log.lock().unwrap()).into_owned();
    assert!(
        logged
            .lines()
            .any(|l| l.contains("INFO") && l.contains("path=\"/api/games\"") && l.contains("status=200")),
        "{logged}"
    );
    assert!(!logged.contains("limit=5"));
    server.stop().await;
}

#[tokio::test]
async fn chat_messages_with_control_characters_or_only_blanks_are_refused() {
    let server = TestServer::start(&temp_db("chat-controls")).await;
    let (id, token, _) = game_between_people(&server).await;
    let mut client = server.client().await;
    for text in ["nul\u{0}byte", "bell\u{7}", "flip\u{202E}txt", "\u{200B}\u{3164}"] {
        let reply = client.post(&format!("/api/games/{id}/chat"), Some(&token), &json!({"text": text})).await;
        let reply = reply.unwrap();
        assert_eq!(reply.status, 422, "{text:?}: {}", reply.text());
        let body = error_json(&reply);
        assert_ne!(body["message"]["en"], body["message"]["de"]);
    }
    let fine =
        client.post(&format!("/api/games/{id}/chat"), Some(&token), &json!({"text": "gut gespielt"})).await;
    expect(fine, 200).await;
    let chat =
        expect(client.send("GET", &format!("/api/games/{id}/chat"), Some(&token), None, "").await, 200).await;
    assert_eq!(chat["messages"].as_array().unwrap().len(), 1, "{chat}");
    server.stop().await;
}

/// The `Set-Cookie` of a sign-up sent with `X-Forwarded-Proto: https`.
async fn signup_cookie(server: &TestServer, name: &str) -> String {
    let body = json!({"name": name, "password": "secret-pass"}).to_string();
    let request = format!(
        "POST /api/account/signup HTTP/1.1\r\nHost: {}\r\nX-Forwarded-Proto: https\r\nContent-Type: \
         application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let reply = read_until_closed(&mut stream).await;
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    reply.lines().find(|l| l.to_ascii_lowercase().starts_with("set-cookie:")).unwrap().to_owned()
}

#[tokio::test]
async fn only_a_trusted_proxy_makes_the_session_cookie_secure() {
    let direct = TestServer::start(&temp_db("secure-direct")).await;
    assert!(!signup_cookie(&direct, "erik").await.contains("Secure"), "any peer may write the header");
    direct.stop().await;
    let proxy = vec!["127.0.0.1".parse().unwrap()];
    let behind =
        TestServer::start_behind(common::registry(), &temp_db("secure-proxy"), Limits::default(), proxy)
            .await;
    assert!(signup_cookie(&behind, "frida").await.contains("; Secure"));
    behind.stop().await;
}

/// The status of a log-out with `origin`, signed in as a new account.
async fn logout_from(server: &TestServer, name: &str, origin: &str) -> u16 {
    let mut client = server.client().await;
    let reply =
        client.post("/api/account/signup", None, &json!({"name": name, "password": "secret-pass"})).await;
    let cookie = reply.unwrap().headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let request = format!(
        "POST /api/account/logout HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nCookie: {cookie}\r\n\
         Content-Length: 0\r\nConnection: close\r\n\r\n",
        server.addr
    );
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    read_until_closed(&mut stream).await.split(' ').nth(1).unwrap().parse().unwrap()
}

#[tokio::test]
async fn the_origin_must_match_with_its_scheme() {
    let server = TestServer::start(&temp_db("origin-scheme")).await;
    assert_eq!(logout_from(&server, "gerd", &format!("https://{}", server.addr)).await, 403);
    assert_eq!(logout_from(&server, "hanna", &format!("http://{}", server.addr)).await, 200);
    server.stop().await;
}

#[tokio::test]
async fn invite_links_start_with_the_public_url_never_the_host_header() {
    let server = TestServer::start(&temp_db("invite-default")).await;
    let body = json!({"game": "toy", "opponent": "human"}).to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let reply = read_until_closed(&mut stream).await;
    let created: Value = serde_json::from_str(reply.split_once("\r\n\r\n").unwrap().1).unwrap();
    let invite = created["invite"].as_str().unwrap();
    assert!(invite.starts_with(&format!("http://{}/play/", server.addr)), "{invite}");
    server.stop().await;

    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: temp_db("invite-public"),
        limits: Limits::default(),
        trusted_proxies: Vec::new(),
        public_url: Some("https://play.example".to_owned()),
    };
    let server = TestServer::start_config(common::registry(), &config).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    assert!(
        created["invite"].as_str().unwrap().starts_with(&format!("https://play.example/play/{id}#invite="))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_game_cannot_be_created_already_over() {
    let server = TestServer::start(&temp_db("created-over")).await;
    let mut client = server.client().await;
    let won = client.post("/api/games", None, &json!({"game": "toy", "position": "xxxoo.... o"})).await;
    let won = won.unwrap();
    assert_eq!(won.status, 422, "{}", won.text());
    let body = error_json(&won);
    assert!(body["message"]["en"].as_str().unwrap().contains("already over"), "{body}");
    assert!(body["message"]["de"].as_str().unwrap().contains("schon zu Ende"), "{body}");
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["total"], 0, "nothing was stored");
    create(&mut client, json!({"game": "toy", "position": "xx.oo.... x"})).await;
    server.stop().await;

    let server = TestServer::start_with(games::registry(), &temp_db("created-over-ataxx")).await;
    let mut client = server.client().await;
    let empty =
        client.post("/api/games", None, &json!({"game": "ataxx", "position": "7/7/7/7/7/7/7 x 0 1"})).await;
    let empty = empty.unwrap();
    assert_eq!(empty.status, 422, "{}", empty.text());
    assert!(error_json(&empty)["error"].as_str().unwrap().contains("already over"));
    server.stop().await;
}

#[tokio::test]
async fn a_record_with_an_unterminated_comment_is_refused() {
    let server = TestServer::start(&temp_db("record-comment")).await;
    let mut client = server.client().await;
    let record = "[Game \"toy\"]\n1. a1 b1 {a comment that never ends 2. a2 b2 *";
    let reply = client.post("/api/records", None, &json!({"record": record})).await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text());
    assert!(error_json(&reply)["error"].as_str().unwrap().contains("comment"));
    server.stop().await;
}

#[tokio::test]
async fn a_log_in_hashes_for_unknown_names_too_and_answers_alike() {
    // The medians are printed (see the report), not compared: both replies
    // must be the same, and an unknown name must cost a hash. Without it a
    // refusal takes well under a millisecond on loopback; an argon2 hash
    // with the default parameters (19 MiB, two passes) takes several on
    // any machine, and load only makes it slower.
    let server = TestServer::start(&temp_db("login-timing")).await;
    let mut client = server.client().await;
    expect(
        client.post("/api/account/signup", None, &json!({"name": "ida", "password": "secret-pass"})).await,
        200,
    )
    .await;
    let mut times = [Vec::new(), Vec::new()];
    let mut bodies = Vec::new();
    for round in 0..6 {
        for (which, name) in ["ida", "nobody"].into_iter().enumerate() {
            let started = Instant::now();
            let reply = client
                .post("/api/account/login", None, &json!({"name": name, "password": "wrong-pass"}))
                .await;
            times[which].push(started.elapsed());
            let reply = reply.unwrap();
            assert_eq!(reply.status, 401, "round {round}");
            bodies.push(reply.body);
        }
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]), "every refusal is the same");
    for list in &mut times {
        list.sort();
    }
    assert!(
        times[1][0] >= Duration::from_millis(2),
        "an unknown name was refused in {:?}: without a hash",
        times[1][0]
    );
    let _ = writeln!(
        std::io::stderr(),
        "login medians: wrong password {:?}, unknown name {:?}",
        times[0][3],
        times[1][3]
    );
    server.stop().await;
}

/// A figure of this process's memory from `/proc/self/status` (`VmRSS`,
/// `VmHWM`), MB.
fn memory_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// A measurement, not a check (run it alone, in an optimised test build):
/// `cargo test -p spielwerk-server --test hardening -- --ignored --nocapture
/// measure_logins`. Prints the extra peak memory of 40 log-ins at once
/// (each from its own loopback address) and the medians of refused log-ins
/// with a wrong password and with an unknown name.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement; prints figures"]
async fn measure_logins() {
    let server = TestServer::start(&temp_db("measure-logins")).await;
    let mut client = server.client().await;
    expect(
        client.post("/api/account/signup", None, &json!({"name": "jan", "password": "secret-pass"})).await,
        200,
    )
    .await;
    let before = memory_mb("VmRSS");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let started = Instant::now();
    let logins: Vec<_> = (0..40u8)
        .map(|i| {
            let addr = server.addr;
            tokio::spawn(async move {
                let mut stream = connect_from([127, 0, 1, i + 1], addr).await;
                let body = json!({"name": "jan", "password": "secret-pass"}).to_string();
                let request = format!(
                    "POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                     Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                stream.write_all(request.as_bytes()).await.unwrap();
                read_until_closed(&mut stream).await.split(' ').nth(1).unwrap().to_owned()
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for login in logins {
        statuses.push(login.await.unwrap());
    }
    let peak = memory_mb("VmHWM");
    println!(
        "40 log-ins at once: statuses {:?}, {:.2} s; memory before {before:.1} MB, peak {peak:.1} MB ({:+.1} MB), after {:.1} MB",
        statuses.iter().collect::<std::collections::BTreeSet<_>>(),
        started.elapsed().as_secs_f64(),
        peak - before,
        memory_mb("VmRSS")
    );
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..20u8 {
        for (which, name) in ["jan", "nobody"].into_iter().enumerate() {
            let mut stream = connect_from([127, 0, 2, round + 1], server.addr).await;
            let body = json!({"name": name, "password": "wrong-pass"}).to_string();
            let request = format!(
                "POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let started = Instant::now();
            stream.write_all(request.as_bytes()).await.unwrap();
            let reply = read_until_closed(&mut stream).await;
            times[which].push(started.elapsed().as_secs_f64() * 1000.0);
            assert!(reply.starts_with("HTTP/1.1 401"), "{reply}");
        }
    }
    for list in &mut times {
        list.sort_by(f64::total_cmp);
    }
    let (wrong, unknown) = (times[0][10], times[1][10]);
    println!(
        "refused log-ins, medians of 20: wrong password {wrong:.1} ms, unknown name {unknown:.1} ms ({:+.0} %)",
        (unknown - wrong) / wrong * 100.0
    );
    server.stop().await;
}
