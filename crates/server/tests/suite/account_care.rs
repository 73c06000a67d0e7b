//! The care of an account by its owner over loopback: the recovery code
//! shown at sign-up, changing the password, recovering with the code,
//! a new code, settings kept on the account, and closing it (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{TestServer, expect, keep_cookie, temp_db};
use loadtest::client::{Client, Reply};
use serde_json::{Value, json};

/// `POST path` with a JSON body.
async fn post(client: &mut Client, path: &str, body: Value) -> Reply {
    client.post(path, None, &body).await.unwrap()
}

async fn whoami(client: &mut Client) -> Value {
    expect(client.get("/api/account").await, 200).await["name"].clone()
}

/// Signs `name` up on `client` with `password`, keeping the cookie: the
/// recovery code shown.
async fn sign_up(client: &mut Client, name: &str, password: &str) -> String {
    let reply = post(client, "/api/account/signup", json!({"name": name, "password": password})).await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    keep_cookie(client, &reply);
    let body = reply.json();
    assert_eq!(body["name"], name);
    body["recovery_code"].as_str().expect("a recovery code at sign-up").to_owned()
}

/// Logs `name` in on a new connection: the reply.
async fn log_in(server: &TestServer, name: &str, password: &str) -> (Client, Reply) {
    let mut client = server.client().await;
    let reply = post(&mut client, "/api/account/login", json!({"name": name, "password": password})).await;
    if reply.status == 200 {
        keep_cookie(&mut client, &reply);
    }
    (client, reply)
}

#[tokio::test]
async fn the_password_is_changed_with_the_old_one_and_recovered_with_the_code() {
    let server = TestServer::start(&temp_db("account-care")).await;
    let mut anna = server.client().await;
    let first_code = sign_up(&mut anna, "Anna", "first-pass").await;
    assert_eq!(first_code.len(), 24, "{first_code}");
    let (mut laptop, reply) = log_in(&server, "anna", "first-pass").await;
    assert_eq!(reply.status, 200);

    let change =
        |password: &str, new_password: &str| json!({"password": password, "new_password": new_password});
    let wrong = post(&mut anna, "/api/account/password", change("not-my-pass", "second-pass")).await;
    assert_eq!((wrong.status, wrong.headers["x-field"].to_str().unwrap()), (401, "password"));
    assert!(wrong.json()["message"]["de"].as_str().unwrap().contains("nicht dein Passwort"));
    let short = post(&mut anna, "/api/account/password", change("first-pass", "short")).await;
    assert_eq!((short.status, short.headers["x-field"].to_str().unwrap()), (422, "new_password"));
    let mut anon = server.client().await;
    assert_eq!(
        post(&mut anon, "/api/account/password", change("first-pass", "second-pass")).await.status,
        401
    );

    expect(Ok(post(&mut anna, "/api/account/password", change("first-pass", "second-pass")).await), 200)
        .await;
    assert_eq!(whoami(&mut anna).await, "Anna", "the session that changed it stays");
    assert_eq!(whoami(&mut laptop).await, Value::Null, "the other sessions end");
    assert_eq!(log_in(&server, "Anna", "first-pass").await.1.status, 401, "the old password is gone");
    assert_eq!(log_in(&server, "Anna", "second-pass").await.1.status, 200);

    // Forgotten: the code sets a new password and is used up.
    let recover = |code: &str, new_password: &str| json!({"name": "anna", "recovery_code": code, "new_password": new_password});
    let mut phone = server.client().await;
    let bad =
        post(&mut phone, "/api/account/recover", recover("AAAA-BBBB-CCCC-DDDD-EEEE", "third-pass")).await;
    assert_eq!(bad.status, 401);
    assert_eq!(
        bad.json()["message"],
        json!({"en": "wrong name or recovery code", "de": "falscher Name oder falscher Wiederherstellungscode"})
    );
    let unknown = json!({"name": "nobody", "recovery_code": first_code, "new_password": "third-pass"});
    assert_eq!(
        post(&mut phone, "/api/account/recover", unknown).await.body,
        bad.body,
        "names are not told apart"
    );
    // Typed in lower case with blanks, the code still works.
    let typed = first_code.to_lowercase().replace('-', " ");
    let recovered = post(&mut phone, "/api/account/recover", recover(&typed, "third-pass")).await;
    assert_eq!(recovered.status, 200, "{}", recovered.text());
    keep_cookie(&mut phone, &recovered);
    let second_code = recovered.json()["recovery_code"].as_str().unwrap().to_owned();
    assert_ne!(second_code, first_code);
    assert_eq!(whoami(&mut phone).await, "Anna", "recovering signs in");
    assert_eq!(whoami(&mut anna).await, Value::Null, "every other session ends");
    let again = post(&mut phone, "/api/account/recover", recover(&first_code, "fourth-pass")).await;
    assert_eq!(again.status, 401, "a code works once");
    assert_eq!(log_in(&server, "Anna", "third-pass").await.1.status, 200);

    // A new code, with the password, replaces the one before.
    let wrong = post(&mut phone, "/api/account/recovery-code", json!({"password": "second-pass"})).await;
    assert_eq!(wrong.status, 401);
    let renewed = expect(
        Ok(post(&mut phone, "/api/account/recovery-code", json!({"password": "third-pass"})).await),
        200,
    )
    .await;
    let third_code = renewed["recovery_code"].as_str().unwrap().to_owned();
    assert_eq!(
        post(&mut anon, "/api/account/recover", recover(&second_code, "fifth-pass")).await.status,
        401
    );
    assert_eq!(post(&mut anon, "/api/account/recover", recover(&third_code, "fifth-pass")).await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn settings_are_kept_on_the_account_and_read_on_another_device() {
    let server = TestServer::start(&temp_db("account-settings")).await;
    let mut anna = server.client().await;
    sign_up(&mut anna, "anna", "secret-pass").await;
    assert_eq!(expect(anna.get("/api/settings").await, 200).await, json!({"settings": null}));
    let mut anon = server.client().await;
    assert_eq!(anon.get("/api/settings").await.unwrap().status, 401);

    let settings = json!({
        "theme": "dark", "board_theme": "wood", "coordinates": false, "sound": true, "volume": 40,
        "confirm_moves": true, "animation": false, "language": "de"
    });
    let saved = expect(Ok(post(&mut anna, "/api/settings", settings.clone()).await), 200).await;
    assert_eq!(saved["settings"], settings);
    let (mut phone, _) = log_in(&server, "anna", "secret-pass").await;
    assert_eq!(expect(phone.get("/api/settings").await, 200).await["settings"], settings);

    for bad in [
        json!({"theme": "purple"}),
        {
            let mut loud = settings.clone();
            loud["volume"] = json!(101);
            loud
        },
        {
            let mut extra = settings.clone();
            extra["unknown"] = json!(1);
            extra
        },
    ] {
        let reply = post(&mut phone, "/api/settings", bad.clone()).await;
        assert!(reply.status == 422 || reply.status == 400, "{bad}: {}", reply.status);
    }
    assert_eq!(expect(phone.get("/api/settings").await, 200).await["settings"], settings, "unchanged");
    assert_eq!(post(&mut anon, "/api/settings", settings).await.status, 401);
    server.stop().await;
}

#[tokio::test]
async fn a_closed_account_cannot_sign_in_keeps_its_name_and_withdraws_its_seeks() {
    let db = temp_db("account-close");
    let server = TestServer::start(&db).await;
    let mut anna = server.client().await;
    let code = sign_up(&mut anna, "anna", "secret-pass").await;
    let game =
        expect(Ok(post(&mut anna, "/api/games", json!({"game": "toy", "opponent": "engine"})).await), 201)
            .await;
    let game_id = game["id"].as_str().unwrap().to_owned();
    let seat = if game["seat"] == "p1" { 0 } else { 1 };
    let mut bert = server.client().await;
    sign_up(&mut bert, "bert", "secret-pass").await;
    let (mut laptop, _) = log_in(&server, "anna", "secret-pass").await;
    expect(Ok(post(&mut anna, "/api/seeks", json!({"game": "toy", "clock": "3+2"})).await), 201).await;
    assert_eq!(expect(bert.get("/api/seeks").await, 200).await["seeks"].as_array().unwrap().len(), 1);

    let wrong = post(&mut anna, "/api/account/close", json!({"password": "not-my-pass"})).await;
    assert_eq!((wrong.status, wrong.headers["x-field"].to_str().unwrap()), (401, "password"));
    assert_eq!(whoami(&mut anna).await, "anna", "a wrong password closes nothing");

    let closed = post(&mut anna, "/api/account/close", json!({"password": "secret-pass"})).await;
    assert_eq!(closed.status, 200, "{}", closed.text());
    assert!(closed.headers["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(whoami(&mut laptop).await, Value::Null, "every session ends");
    assert_eq!(log_in(&server, "anna", "secret-pass").await.1.status, 401, "no sign-in any more");
    let recover = json!({"name": "anna", "recovery_code": code, "new_password": "other-pass"});
    assert_eq!(post(&mut bert, "/api/account/recover", recover).await.status, 401, "nor a recovery");
    assert_eq!(expect(bert.get("/api/seeks").await, 200).await["seeks"].as_array().unwrap().len(), 0);

    let mut other = server.client().await;
    let taken =
        post(&mut other, "/api/account/signup", json!({"name": "Anna", "password": "secret-pass"})).await;
    assert_eq!(taken.status, 409, "the name cannot be taken again");
    let profile = expect(bert.get("/api/players/anna").await, 200).await;
    assert!(profile["closed_ms"].as_i64().is_some(), "{profile}");
    assert_eq!(expect(bert.get("/api/players/bert").await, 200).await["closed_ms"], Value::Null);
    server.stop().await;

    // Its games keep the name, marked as closed (read again from the database).
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let state = expect(client.get(&format!("/api/games/{game_id}")).await, 200).await;
    let account = &state["seats"][seat]["account"];
    assert_eq!(
        (account["name"].as_str(), account["closed"].as_bool()),
        (Some("anna"), Some(true)),
        "{state}"
    );
    server.stop().await;
}

#[tokio::test]
async fn recovery_attempts_count_against_the_address_like_log_ins() {
    let server = TestServer::start(&temp_db("account-recover-limit")).await;
    let mut client = server.client().await;
    let attempt = json!({"name": "anna", "recovery_code": "AAAA", "new_password": "whatever-pass"});
    let mut refused = None;
    for sent in 1..=40 {
        let reply = post(&mut client, "/api/account/recover", attempt.clone()).await;
        if reply.status == 429 {
            refused = Some((sent, reply));
            break;
        }
        assert_eq!(reply.status, 401, "{}", reply.text());
    }
    let (sent, reply) = refused.expect("wrong recovery codes meet a 429");
    assert!(sent > 1, "the first attempts are answered");
    assert!(reply.json()["message"]["de"].as_str().is_some_and(|de| !de.is_empty()));
    server.stop().await;
}

#[tokio::test]
async fn the_operator_gives_an_owner_who_lost_everything_a_new_code() {
    let db = temp_db("account-reset");
    let server = TestServer::start(&db).await;
    let mut anna = server.client().await;
    let lost = sign_up(&mut anna, "Anna", "secret-pass").await;
    // `spielwerk account reset ANNA --db …`, on the database the running server uses.
    let on = db.clone();
    let (name, code) =
        tokio::task::spawn_blocking(move || spielwerk_server::reset_recovery_code(&on, "ANNA"))
            .await
            .unwrap()
            .unwrap();
    assert_eq!(name, "Anna");
    assert_ne!(code, lost);
    let on = db.clone();
    let unknown = tokio::task::spawn_blocking(move || spielwerk_server::reset_recovery_code(&on, "nobody"))
        .await
        .unwrap()
        .unwrap_err();
    assert!(unknown.to_string().contains("no open account 'nobody'"), "{unknown}");

    let mut phone = server.client().await;
    let recover = |code: &str| json!({"name": "anna", "recovery_code": code, "new_password": "other-pass"});
    assert_eq!(
        post(&mut phone, "/api/account/recover", recover(&lost)).await.status,
        401,
        "the old code is gone"
    );
    assert_eq!(post(&mut phone, "/api/account/recover", recover(&code)).await.status, 200);
    assert_eq!(log_in(&server, "anna", "other-pass").await.1.status, 200);
    server.stop().await;
}
