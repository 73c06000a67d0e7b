//! The Spielwerk web platform: an HTTP/WebSocket server that lets people
//! play every registered game against each other or the engine, in the
//! browser, with games kept in SQLite (one instance, the default) or in
//! PostgreSQL, which several instances behind a load balancer share.
//!
//! With PostgreSQL the games an instance holds in memory are a cache: every
//! change is made against the game's stored version (of two instances
//! changing one game at once exactly one succeeds, the other answers 409),
//! every request that changes or reads a game first reads it again if
//! another instance changed it, and every change is announced with
//! `NOTIFY`, so that each instance pushes it to its own WebSockets. Engine
//! replies are claimed by one instance at a time (see
//! [`store::Claims`]); an instance that dies loses its claims with its
//! database session, and another takes its waiting replies over within a
//! few seconds.
//!
//! The server knows games only through the [`game::Registry`] it is given.
//! [`serve`] runs it until Ctrl-C; [`Server`] gives tests and tools control
//! over binding and shutdown. The load tester that drives a running
//! server with many concurrent games, and the small HTTP client the tests
//! use, are the crate `spielwerk-loadtest`.
//!
//! # HTTP API
//!
//! All bodies are JSON, and a request body must say so (`Content-Type:
//! application/json`, else 415); every response carries a strict
//! Content-Security-Policy (own origin only, no framing),
//! `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`;
//! errors are `{"error": "…", "kind": "…", "message": {"en": "…", "de":
//! "…"}}` (the English text, what kind of error it is for programs —
//! `not_found`, `rejected`, `conflict`, … see [`ErrorKind::name`]; missing
//! where the edge makes the error itself, as for a 405 — then both
//! languages) with a fitting status, every one of them (see the `http::edge` module: 405, 413, 408 too); every response
//! names its request id in `X-Request-Id`, and every request is logged
//! with `tracing`.
//!
//! | route | what |
//! | --- | --- |
//! | `GET /healthz` | 200 `{"status": "ok", "db": "sqlite"\|"postgres"}` when the database answers, else 503 |
//! | `GET /api/registry` | games, options, players, boards and start views (en/de): [`contract::registry::Registry`] |
//! | `GET /api/rules/{game}?lang=en\|de` | the game's rules as safe HTML: [`contract::registry::GameRules`] |
//! | `GET /api/games?offset=0&limit=50` | running games for the lobby, latest move first, a page at a time (limit 1–200, offset up to 2⁶³−1; 400 beyond): `{"games", "offset", "limit", "total"}` |
//! | `POST /api/games` | `{"game", "options", "opponent": "engine"\|"human", "level": 1-10, "side", "clock": "5+3", "position"}` → 201 `{"id", "seat", "token", "invite", "state"}` (`invite`: a link from [`Config::public_url`]); 422 for a position already over |
//! | `GET /api/games/{id}` | the whole state (`"type": "state"`): `id, game, options, position, side_to_move, seats, moves, moves_from, ply, last_move, legal_moves, legal_moves_count, legal_moves_from, outcome, view, clock, draw_offer, version, …`; query (all optional): `from=N&to=M` the played moves from ply index `N` up to (without) `M` (default all; cut to the game, `moves_from` tells where they start), `legal=listed` (default: all legal moves if at most 4096, else none), `legal=all`, `legal=none`, `legal_from=K&legal_to=L` the legal moves from index `K` up to (without) `L` of the full list (`legal_moves_from` tells where they start), `view=none` leaves the view out (`null`); 422 for anything else |
//! | `POST /api/games/{id}/moves` | `{"move": "…"}` with `Authorization: Bearer <token>` → an update (below) without the view, listing the legal moves only when there are at most 64 (`legal_moves_count` always tells how many) |
//! | `POST /api/games/{id}/join` | `{"invite": "…"}` → `{"seat", "token", "state"}` |
//! | `POST /api/games/{id}/invite` | → `{"invite"}`: a new link for the open seat, for the signed-in account holding the other (the old link stops working); 403 for anyone else, 409 once the seat is taken |
//! | `POST /api/games/{id}/resign` | resigns (token) → an update |
//! | `POST /api/games/{id}/draw` | `{"action": "offer"\|"accept"\|"decline"}` (token) → an update |
//! | `POST /api/games/{id}/undo` | running engine games: back to the player's last turn (token) → the whole state; 422 once the game is over |
//! | `GET /api/games/{id}/record` | the game record (text) |
//! | `GET /api/games/{id}/view/{ply}` | the view after `ply` moves |
//! | `GET /api/games/{id}/analysis?ply=N&movetime=MS&lines=K&moves=M1,M2` | engine analysis of the position after `ply` moves (default: now) and the variation `moves` (`;`-separated when a move has commas; 422 naming a move that is not legal) for `movetime` ms (100–10000, default 2000) as Server-Sent Events: `info` `{"depth", "score", "pv", "nodes", "multipv"}` per report of each of the `lines` best lines (1–3, default 1), then `done` `{"best", "score", "depth", "pv"}`; scores like `cp 35`/`mate 3` for the side to move; 403 in a running game between two people |
//! | `GET /api/games/{id}/explore?ply=N&moves=M1,M2` | that position for the analysis board: `{"ply", "moves", "last_move", "result", "sides", "at": {"position", "view", "side_to_move", "legal_moves", "legal_moves_count", "outcome"}}` (`result` `1-0`/`0-1`/`1/2-1/2` once over); 403 where analysis is refused |
//! | `POST /api/games/{id}/evaluation` | asks for the evaluation graph of a finished or imported game (anyone; again: nothing changes) → 202 with the progress; a background job evaluates one position after the other (150 ms each) and stores them |
//! | `GET /api/games/{id}/evaluation` | the progress `{"requested", "done", "total", "plies": [{"ply", "score", "best"}]}`, scores from the first player's view (±2000, decided ±10000) |
//! | `POST /api/games/{id}/rematch` | once the game is over (token): `{"action": "offer"\|"accept"\|"decline"\|"cancel"}` → the update (`rematch_offer`); when the rematch starts (an accepted offer; at once against the engine) `{"id", "seat", "token", "state"}` of the new game, the same game, options and clock with the seats swapped, its id kept as `rematch` on the old game; `claim` gives the other player their seat in it the same way (see the `rematch` module) |
//! | `POST /api/games/{id}/chat` | games between people (token): `{"text": "…"}` (1–200 characters, 5 per 10 s per seat) → an update; the players receive `{"type": "chat", "from", "messages"}` on the WebSocket after sending it `{"type": "hello", "token": "…"}`; spectators see no chat |
//! | `GET /api/games/{id}/chat` | the chat (token) `{"type": "chat", "from": 0, "messages": [{"seat", "text", "sent_ms"}]}` |
//! | `POST /api/records` | `{"record": "…"}` → 201 `{"id", "state"}`, a game to view, which keeps the record's own tags (players' names, event, date…: `tags` in the whole state, the names as the seats' `label`, and in the record download); at most 5000 moves and 64 tags, each a name of 1 to 64 `A-Z a-z 0-9 _ -` and a value of up to 500 characters without control characters (422 naming the tag beyond) |
//! | `GET /api/tournaments`, `POST /api/tournaments`, `GET /api/tournaments/{id}`, `POST /api/tournaments/{id}/join`, `POST /api/tournaments/{id}/leave`, `POST /api/tournaments/{id}/chat` | arena tournaments: the list by status, making one (signed in), its standings, games and chat, joining, leaving and writing in its chat (see the `tournaments` feature and `docs/tournaments.md`) |
//! | `GET /api/learn`, `GET /api/learn/{game}`, `POST /api/learn/{game}/{step}/check` | the games' lessons and the check of a learner's moves (see the `learn` module) |
//! | `GET /api/games/{id}/ws` | WebSocket: the whole state, then an update with the view after every change (the whole state when moves were taken back, or when changes came faster than the socket could send them) |
//!
//! An unknown path under `/api/` is a JSON 404; any other unknown path
//! gets the web UI's page (which says "not found") with status 404.
//!
//! An update (`"type": "update"`) carries what changed: the moves played
//! since the version before (`moves`, the first at ply index
//! `moves_from`; none for a draw offer, a resignation or a seat taken)
//! and the summary the whole state has too (`side_to_move, to_move_name,
//! seats, legal_moves, legal_moves_count, outcome, draw_offer, rematch_offer, rematch, clock,
//! engine_thinking, ply, last_move, version`; not the position text). A client
//! whose list of moves is not `moves_from` long missed a change and reads
//! the whole state again. The legal moves and the view are worked out once
//! per position, whatever asks for them.
//!
//! Clocks (games between people only) are `"M+S"`: a base time of `M`
//! minutes (fractions allowed) from 10 seconds to 24 hours, and `S` seconds
//! added per move, from 0 to 60; others are refused with 422.
//!
//! Statuses: 400 unreadable JSON, 403 missing or wrong token (or invite;
//! or analysis of a running game between people), 404 unknown game (or
//! ply), 409 seat already taken (or, with several instances, the game
//! changed through another instance at the same moment: read it again),
//! 408 a body that did not arrive in time, 413 body too large, 415 a body that is
//! not declared as JSON, 422 a request the rules or the game's state do
//! not allow (not your turn, illegal or malformed move, game over, bad
//! option, movetime out of range), 429 too many requests from one address
//! or account (see [`Limits`]: new games, imports and analyses per minute,
//! analyses at once; challenges, puzzle requests and spectators' messages
//! per account; an IPv6 address counts by its /64 network), or too many
//! sign-ups and log-ins waiting for a password hash, server-wide (every
//! 429 says `Retry-After`), 500 storage failure (the reply
//! names only a `request_id`; the cause is logged under it).
//!
//! Connections: a request head (or an idle connection's next one) must
//! come within [`Limits::header_timeout`], a body within
//! [`Limits::body_timeout`]; one address holds at most
//! [`Limits::connections_per_address`] connections (see the
//! `http::connections` module).
//!
//! Engine moves come before analyses: analyses hold at most one engine
//! thread fewer than there are, so a move never waits behind them.
//! A rejected request changes nothing.

pub mod contract;
mod core;
mod features;
pub use features::house_bots::HouseBot;
mod http;
/// The storage layer (the `spielwerk-store` crate).
pub use ::store;

pub use crate::core::error::{DomainError, ErrorKind};
pub use crate::core::limits::Limits;
pub use crate::core::people::Patience;
pub use crate::core::sockets::SocketLimits;
pub use crate::features::record_import::RECORD_MOVES;

use crate::core::app::App;
use features::{evaluation, lobby};
use game::Registry;
use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;
use tokio::net::TcpListener;

/// Where the server listens, keeps its games, and what it allows.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The database: a SQLite file (created if missing), or PostgreSQL,
    /// which several instances may share.
    pub db: store::Database,
    /// Rate limits, analysis caps, engine threads, games kept in memory.
    pub limits: Limits,
    /// Reverse proxies whose `X-Forwarded-For` names the client (see
    /// `spielwerk serve --trusted-proxy`); empty: the peer is the client.
    /// Only these may say that a request came over https
    /// (`X-Forwarded-Proto`), and are not capped in connections.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The address people reach the server at (`https://play.example`),
    /// which invite links start with; `None`: `http://` and the bound
    /// address.
    pub public_url: Option<String>,
}

/// What can stop the server from starting or running.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The database cannot be opened or read.
    #[error("{}", .0.detail())]
    Store(#[from] store::StoreError),
    /// The database failed a request while the server started.
    #[error("{}", .0.message.en)]
    Domain(#[from] crate::core::error::DomainError),
    /// Binding or serving failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
}

/// A bound server with its games restored, ready to run.
pub struct Server {
    app: Arc<App>,
    listener: TcpListener,
    connections: crate::http::connections::Connections,
}

impl Server {
    /// Opens the database, restores every running game (pending engine
    /// replies and clocks included) and binds the address.
    pub async fn bind(registry: Registry, config: &Config) -> Result<Server, ServerError> {
        let store = store::Store::open(&config.db).await?;
        // With a shared database, listen to the other instances before any
        // game is read, so that no change of a game in memory is missed.
        let notices = match store.shared() {
            Some(shared) => Some(crate::core::app::listening(shared.listen()).await),
            None => None,
        };
        let running = store.load_running().await?;
        let limits = &config.limits;
        let (evaluations, evaluation_queue) = crate::core::evaluations::Evaluations::new(
            limits.evaluation_plies_per_client,
            limits.evaluation_plies_total,
        );
        let app = Arc::new(App {
            registry_json: crate::features::registry::registry_body(&registry),
            rules_pages: crate::features::registry::rules_pages(&registry),
            registry,
            storage: crate::core::storage::Storage::new(store),
            slots: Mutex::new(HashMap::new()),
            idle_games: limits.idle_games,
            ticks: AtomicU64::new(0),
            loading: tokio::sync::Mutex::new(()),
            engine: crate::core::limits::EngineGate::new(limits.engine_threads),
            rates: crate::core::limits::RateLimits::new(limits),
            analyses: crate::core::limits::AnalysisSlots::new(
                limits.analyses_per_client,
                limits.analyses_total,
            ),
            stopping: tokio::sync::watch::Sender::new(false),
            evaluations,
            rating_turn: tokio::sync::Mutex::new(()),
            trusted_proxies: config.trusted_proxies.clone(),
            body_timeout: limits.body_timeout,
            public_url: std::sync::OnceLock::new(),
            password_hashes: crate::core::passwords::PasswordHashes::new(
                limits.password_hashes,
                limits.password_queue,
            ),
            day_ms: crate::core::table::millis(limits.correspondence_day).max(1),
            patience: limits.patience,
            challenge_expiry: limits.challenge_expiry,
            sockets: crate::core::sockets::Sockets::new(limits.sockets),
            lobby: crate::core::lobby_live::LobbyLive::default(),
            lobby_grace_ms: crate::core::table::millis(limits.lobby_grace).max(1),
            tournament_live: crate::core::tournament_live::TournamentLive::default(),
            challenges_kept: limits.challenges_kept,
            puzzle_time_floor: limits.puzzle_time_floor,
        });
        crate::core::passwords::prepare_dummy_hash().await;
        tokio::spawn(evaluation::run(Arc::downgrade(&app), evaluation_queue));
        evaluation::resume(&app).await?;
        let mut backfill = Vec::new();
        for stored in &running {
            match crate::core::table::Table::from_stored(&app.registry, stored) {
                Ok(table) => {
                    if stored.row.to_move.is_none() {
                        let to_move = table.game.side_to_move();
                        backfill.push(store::Op::SetToMove { game: table.id.clone(), to_move });
                    }
                    let slot = app.insert(table);
                    let mut table = slot.table.lock().await;
                    app.follow_up(&slot, &mut table);
                }
                Err(error) => tracing::error!(game = stored.row.id, %error, "game not restored"),
            }
        }
        if !backfill.is_empty() {
            app.write(backfill).await?;
        }
        if let Some(notices) = notices {
            tokio::spawn(crate::core::app::follow_shared(Arc::downgrade(&app), notices));
        }
        tokio::spawn(lobby::expire_abandoned(Arc::downgrade(&app)));
        tokio::spawn(crate::features::pools::keep_pairing(Arc::downgrade(&app)));
        tokio::spawn(crate::features::tournaments::keep_running(Arc::downgrade(&app)));
        tokio::spawn(crate::features::tournaments::presence::keep_present(Arc::downgrade(&app)));
        if app.patience.house_arena_minutes > 0 {
            tokio::spawn(crate::features::tournaments::schedule::keep_scheduled(
                Arc::downgrade(&app),
                app.patience.house_arena_minutes,
            ));
        }
        tokio::spawn(crate::features::leagues::keep_running(Arc::downgrade(&app)));
        tokio::spawn(crate::features::lobby_presence::keep_lobby(Arc::downgrade(&app)));
        tokio::spawn(crate::features::challenges::delete_old(Arc::downgrade(&app)));
        tokio::spawn(crate::features::correspondence::enforce_deadlines(Arc::downgrade(&app)));
        let listener = TcpListener::bind(config.addr).await?;
        let public_url = match &config.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", listener.local_addr()?),
        };
        let _ = app.public_url.set(public_url);
        let connections = crate::http::connections::Connections {
            header_timeout: limits.header_timeout,
            per_address: limits.connections_per_address,
            uncapped: config.trusted_proxies.clone(),
        };
        Ok(Server { app, listener, connections })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes, then stops running engine
    /// searches (analyses at once, so that their streams end).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let app = self.app.clone();
        let stopping = self.app.clone();
        let shutdown = async move {
            shutdown.await;
            stopping.stopping.send_replace(true);
        };
        let router = crate::http::api::router(self.app);
        let result = crate::http::connections::serve(self.listener, router, self.connections, shutdown).await;
        for slot in app.all_slots() {
            if let Ok(table) = slot.table.try_lock()
                && let Some(stop) = &table.stop
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
        result
    }
}

/// `spielwerk account reset NAME`: gives the open account `name` of the
/// database `db` (the one `serve` uses; it may be serving meanwhile) a new
/// recovery code, which its owner then uses on the sign-in page's
/// "Forgot your password?" form; returns the account's name as stored and
/// the code. The old code stops working; the password stays.
pub fn reset_recovery_code(db: &store::Database, name: &str) -> Result<(String, String), ServerError> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    Ok(runtime.block_on(crate::core::recovery_code::reset(db, name))?)
}

/// Runs the server until Ctrl-C or SIGTERM, calling `on_ready` with the
/// bound address and the house bots of `house_levels` (see
/// [`HouseBot`], for the caller to play) once it accepts
/// connections.
pub fn serve(
    registry: Registry,
    config: &Config,
    house_levels: &[u8],
    on_ready: impl FnOnce(SocketAddr, Vec<HouseBot>),
) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let result = runtime.block_on(async {
        let server = Server::bind(registry, config).await?;
        let house_bots = features::house_bots::prepare(&server.app, house_levels).await?;
        on_ready(server.local_addr()?, house_bots);
        server.run(shutdown_signal()).await?;
        Ok(())
    });
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    result
}

/// Creates or upgrades the database to [`store::SCHEMA_VERSION`]; returns
/// the schema version it had before.
pub fn migrate(db: &store::Database) -> Result<usize, ServerError> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    Ok(runtime.block_on(store::Store::migrate(db))?)
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(signal) => signal,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
