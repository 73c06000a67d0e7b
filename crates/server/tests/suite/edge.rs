//! Issue 53, points 8 to 10, at the HTTP level: names that are no account
//! names (NUL and all) refused with 422 wherever a request names an
//! account, record tags with limits and without control characters, every
//! game's own record importing back, request heads that hyper refuses
//! answered with JSON and a request id and logged, request logs naming the
//! client address, and a bounded queue of password hashes (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{TestServer, captured_log, create, execute, expect, temp_db};
use loadtest::client::{Client, Reply};
use serde_json::{Value, json};
use spielwerk_server::Limits;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Instant;
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
/// [`common::PATIENCE`] runs out, which fails the test).
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    let until = Instant::now() + common::PATIENCE;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => panic!("the connection is still open; got {:?}", String::from_utf8_lossy(&got)),
            Ok(Ok(0) | Err(_)) => return String::from_utf8_lossy(&got).into_owned(),
            Ok(Ok(n)) => got.extend_from_slice(&buffer[..n]),
        }
    }
}

/// The log line that names `request_id`, waited for (a refused head is
/// logged when its connection ends).
async fn logged_line(log: &Mutex<Vec<u8>>, request_id: &str) -> String {
    let until = Instant::now() + common::PATIENCE;
    loop {
        let logged = String::from_utf8_lossy(&log.lock().unwrap()).into_owned();
        if let Some(line) = logged.lines().find(|line| line.contains(request_id)) {
            return line.to_owned();
        }
        assert!(Instant::now() < until, "no log line names {request_id}");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// The JSON error body of a reply, checked for its shape: both languages,
/// and the status and kind expected.
fn refusal(reply: &Reply, status: u16, kind: &str) -> Value {
    assert_eq!(reply.status, status, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["kind"], kind, "{body}");
    assert_eq!(body["error"], body["message"]["en"], "{body}");
    assert_ne!(body["message"]["en"], body["message"]["de"], "{body}");
    body
}

#[tokio::test]
async fn names_that_are_no_account_names_are_refused_with_422_wherever_an_account_is_named() {
    let server = TestServer::start(&temp_db("edge-names")).await;
    let mut client = server.client().await;
    let credentials = |name: &str| json!({"name": name, "password": "secret-pass"});
    expect(client.post("/api/account/signup", None, &credentials("anna")).await, 200).await;
    for name in ["an\u{0}na", "anna\u{0}", "\u{0}"] {
        for route in ["/api/account/login", "/api/account/signup"] {
            let reply = client.post(route, None, &credentials(name)).await.unwrap();
            let body = refusal(&reply, 422, "rejected");
            assert_eq!(reply.headers["x-field"], "name");
            assert!(body["message"]["de"].as_str().unwrap().contains("3 bis 20 Buchstaben"), "{body}");
            assert!(!body.to_string().contains("\\u0000"), "the refusal quotes no NUL: {body}");
        }
    }
    for path in [
        "/api/players/an%00na",
        "/api/players/an%00na/ratings",
        "/api/players/x",
        "/api/games/search?player=an%00na",
        "/api/games/search?player=%00",
    ] {
        let reply = client.get(path).await.unwrap();
        let body = refusal(&reply, 422, "rejected");
        assert!(body["message"]["en"].as_str().unwrap().contains("3 to 20 letters"), "{path}: {body}");
    }
    let profile = client.get("/api/players/an%00na").await.unwrap().json();
    assert!(profile["error"].as_str().unwrap().starts_with("'anna' is no name"), "{profile}");
    let search = client.get("/api/games/search?player=an%00na").await.unwrap();
    assert_eq!(search.headers["x-field"], "player");
    let unreadable = client.get("/api/players/an%FFna").await.unwrap();
    assert!((400..500).contains(&unreadable.status), "{}", unreadable.status);
    // Real names still work, whatever their case.
    assert_eq!(expect(client.get("/api/players/ANNA").await, 200).await["name"], "anna");
    expect(client.get("/api/players/Anna/ratings").await, 200).await;
    expect(client.get("/api/games/search?player=ANNA").await, 200).await;
    expect(client.post("/api/account/login", None, &credentials(" Anna ")).await, 200).await;
    let unknown = client.get("/api/players/nobody").await.unwrap();
    refusal(&unknown, 404, "not_found");
    server.stop().await;
}

/// A record of the toy game with one more tag, `[name "value"]`.
fn record_with_tag(name: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[Game \"toy\"]\n[{name} \"{value}\"]\n\n1. a1 b1 *\n")
}

#[tokio::test]
async fn record_tags_have_limits_and_no_control_characters() {
    let server = TestServer::start(&temp_db("edge-tags")).await;
    let mut client = server.client().await;
    let long_name = "N".repeat(100_000);
    for (name, value, says) in [
        (long_name.as_str(), "x", "has 100000 characters; at most 64"),
        ("Év", "x", "contains U+00C9"),
        ("Event", "nul\u{0}byte", "tag [Event] contains a control character (U+0000)"),
        ("Event", "two\nlines", "U+000A"),
        ("Event", "flip\u{202E}txt", "U+202E"),
        ("Event", &"x".repeat(501), "longer than 500"),
    ] {
        let record = record_with_tag(name, value);
        let reply = client.post("/api/records", None, &json!({"record": record})).await.unwrap();
        let body = refusal(&reply, 422, "rejected");
        let said = body["message"]["en"].as_str().unwrap();
        assert!(said.contains(says), "{says}: {said}");
        assert!(said.len() < 300, "a long name is quoted cut: {said}");
    }
    let name = "N".repeat(64);
    let imported = expect(
        client.post("/api/records", None, &json!({"record": record_with_tag(&name, "Ünïcödé, fine")})).await,
        201,
    )
    .await;
    assert!(imported["state"]["tags"].as_array().unwrap().contains(&json!([name, "Ünïcödé, fine"])));
    server.stop().await;
}

#[tokio::test]
async fn every_games_own_record_imports_back_with_its_players() {
    let registry = games::registry();
    let names: Vec<&str> = registry.entries().iter().map(|entry| entry.name).collect();
    let server = TestServer::start_with(games::registry(), &temp_db("edge-own-records")).await;
    let mut client = server.client().await;
    for name in names {
        let created = create(&mut client, json!({"game": name, "opponent": "human"})).await;
        let id = created["id"].as_str().unwrap();
        let record = client.get(&format!("/api/games/{id}/record")).await.unwrap().text();
        let reply = client.post("/api/records", None, &json!({"record": record})).await.unwrap();
        assert_eq!(reply.status, 201, "{name}: {} for\n{record}", reply.text());
        let seats = &reply.json()["state"]["seats"];
        for seat in [0, 1] {
            assert_eq!(seats[seat]["label"], "Anonymous", "{name}: {seats}\n{record}");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn request_heads_that_hyper_refuses_get_json_a_request_id_and_a_log_line() {
    let log = captured_log();
    let server = TestServer::start(&temp_db("edge-heads")).await;
    let many_fields: String = (0..101).map(|i| format!("X-Field-{i}: {i}\r\n")).collect();
    let long_uri = format!("/{}", "a".repeat(70_000));
    for (request, status, says_de) in [
        ("GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n".to_owned(), 400, ""),
        (format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{many_fields}\r\n"), 431, "zu viele Kopfzeilen"),
        (format!("GET {long_uri} HTTP/1.1\r\nHost: x\r\n\r\n"), 414, "zu lang"),
        ("G\u{1}T / HTTP/1.1\r\nHost: x\r\n\r\n".to_owned(), 400, "nicht lesbar"),
    ] {
        let mut stream = connect_from([127, 0, 0, 9], server.addr).await;
        stream.write_all(request.as_bytes()).await.unwrap();
        let reply = read_until_closed(&mut stream).await;
        let (head, body) = reply.split_once("\r\n\r\n").unwrap_or_else(|| panic!("{reply}"));
        let got: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
        if says_de.is_empty() {
            // hyper's own verdict on a header line without a colon.
            assert!((400..500).contains(&got), "{head}");
        } else {
            assert_eq!(got, status, "{head}");
        }
        let body: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("{reply}"));
        assert!(body["message"]["de"].as_str().unwrap().contains(says_de), "{body}");
        assert_eq!(body["error"], body["message"]["en"]);
        let id = body["request_id"].as_str().unwrap();
        let lower = head.to_ascii_lowercase();
        assert!(lower.contains(&format!("\r\nx-request-id: {id}\r\n")), "{head}");
        assert!(lower.contains("content-type: application/json") && lower.contains("nosniff"), "{head}");
        let line = logged_line(&log, id).await;
        assert!(line.contains(&format!("status={got}")) && line.contains("client=\"127.0.0.9\""), "{line}");
        assert!(line.contains("reason="), "{line}");
    }
    // The server serves on.
    let mut client = server.client().await;
    expect(client.get("/healthz").await, 200).await;
    server.stop().await;
}

#[tokio::test]
async fn request_logs_name_the_client_address() {
    let log = captured_log();
    let server = TestServer::start(&temp_db("edge-client-log")).await;
    let mut stream = connect_from([127, 0, 0, 7], server.addr).await;
    stream.write_all(b"GET /api/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let reply = read_until_closed(&mut stream).await;
    let id_at = reply.to_ascii_lowercase().find("x-request-id: ").unwrap() + "x-request-id: ".len();
    let id = &reply[id_at..id_at + 16];
    let line = logged_line(&log, id).await;
    assert!(line.contains("client=\"127.0.0.7\"") && line.contains("status=404"), "{line}");
    server.stop().await;
}

/// A login request from `from` with a wrong password: its status and
/// reply.
async fn wrong_login(server: SocketAddr, from: [u8; 4], name: &str) -> (u16, String) {
    let mut stream = connect_from(from, server).await;
    let body = json!({"name": name, "password": "wrong-pass"}).to_string();
    let request = format!(
        "POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let reply = read_until_closed(&mut stream).await;
    (reply.split(' ').nth(1).unwrap().parse().unwrap(), reply)
}

#[tokio::test(flavor = "multi_thread")]
async fn log_ins_beyond_the_queue_of_password_hashes_are_refused_at_once_with_429() {
    let db = temp_db("edge-password-queue");
    let limits = Limits { password_hashes: 1, password_queue: 1, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &db, limits).await;
    let mut client = server.client().await;
    let credentials = json!({"name": "slow", "password": "secret-pass"});
    expect(client.post("/api/account/signup", None, &credentials).await, 200).await;
    // A stored hash with many more passes than the server's own keeps the
    // only hashing thread busy for a while: the log-ins below all arrive
    // while it runs.
    let params = argon2::Params::new(argon2::Params::DEFAULT_M_COST, 150, 1, None).unwrap();
    let argon2 = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let salt = argon2::password_hash::SaltString::encode_b64(b"sixteen byte slt").unwrap();
    let slow = argon2::PasswordHasher::hash_password(&argon2, b"secret-pass", &salt).unwrap().to_string();
    execute(&db, &format!("UPDATE accounts SET password_hash = '{slow}' WHERE name = 'slow'"));
    let busy = tokio::spawn(wrong_login(server.addr, [127, 0, 0, 2], "slow"));
    let flood: Vec<_> =
        (10..30u8).map(|i| tokio::spawn(wrong_login(server.addr, [127, 0, 0, i], "nobody"))).collect();
    let mut refused = 0;
    for login in flood {
        let (status, reply) = login.await.unwrap();
        assert!(status == 401 || status == 429, "{reply}");
        if status == 429 {
            refused += 1;
            assert!(reply.to_ascii_lowercase().contains("\r\nretry-after: 1\r\n"), "{reply}");
            assert!(reply.contains("zu viele Passw\u{f6}rter"), "{reply}");
        }
    }
    assert!(refused > 0, "one hash runs and one waits: the others are refused");
    let (status, reply) = busy.await.unwrap();
    assert!(status == 401 || status == 429, "{reply}");
    // The queue empties: a log-in is served again.
    let mut client = server.client().await;
    expect(
        client.post("/api/account/login", None, &json!({"name": "nobody", "password": "wrong"})).await,
        401,
    )
    .await;
    server.stop().await;
}

/// One flood of wrong log-ins from 240 loopback addresses (one each, the
/// way 240 clients would send them) and a real log-in sent once they are
/// all sent, on a server whose queue of password hashes holds `queue`:
/// prints the real log-in's first answer and how long it took, and how
/// long until it was signed in, trying again after `Retry-After`.
async fn flood_and_log_in(queue: usize, label: &str) {
    let limits = Limits { password_queue: queue, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("edge-flood"), limits).await;
    let mut client = server.client().await;
    let real = json!({"name": "jan", "password": "secret-pass"});
    expect(client.post("/api/account/signup", None, &real).await, 200).await;
    let started = Instant::now();
    let (sent, mut all_sent) = tokio::sync::mpsc::channel::<()>(256);
    let flood: Vec<_> = (10..250u8)
        .map(|i| {
            let (addr, sent) = (server.addr, sent.clone());
            tokio::spawn(async move {
                let mut stream = connect_from([127, 0, 0, i], addr).await;
                let body = json!({"name": format!("user{i}"), "password": "wrong-pass"}).to_string();
                let request = format!(
                    "POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                     Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                stream.write_all(request.as_bytes()).await.unwrap();
                drop(sent);
                read_until_closed(&mut stream).await.split(' ').nth(1).unwrap_or("closed").to_owned()
            })
        })
        .collect();
    drop(sent);
    while all_sent.recv().await.is_some() {}
    let mut real_client = Client::connect(server.addr).await.unwrap();
    let asked = Instant::now();
    let first = real_client.post("/api/account/login", None, &real).await.unwrap();
    let first_ms = asked.elapsed().as_secs_f64() * 1000.0;
    let mut reply = first.clone();
    while reply.status == 429 {
        let wait: u64 = reply.headers["retry-after"].to_str().unwrap().parse().unwrap();
        tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
        reply = real_client.post("/api/account/login", None, &real).await.unwrap();
    }
    let signed_in_ms = asked.elapsed().as_secs_f64() * 1000.0;
    let mut statuses = std::collections::BTreeMap::<String, usize>::new();
    for login in flood {
        *statuses.entry(login.await.unwrap()).or_default() += 1;
    }
    println!(
        "{label}: real log-in first answered {} in {first_ms:.1} ms, signed in ({}) after {signed_in_ms:.0} ms; \
         flood of 240 wrong log-ins: {statuses:?}, all answered after {:.0} ms",
        first.status,
        reply.status,
        started.elapsed().as_secs_f64() * 1000.0
    );
    server.stop().await;
}

/// A measurement, not a check (run it alone): `cargo test -p
/// spielwerk-server --test edge -- --ignored --nocapture
/// measure_a_real_log_in_during_a_flood`. Prints the figures of
/// [`flood_and_log_in`] without a bound on the queue (as before issue 53)
/// and with the default bound.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement; prints figures"]
async fn measure_a_real_log_in_during_a_flood() {
    flood_and_log_in(usize::MAX, "queue unbounded (as before)").await;
    flood_and_log_in(Limits::default().password_queue, "queue of 16 (the default)").await;
}
