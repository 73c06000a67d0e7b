//! The Bot API's event stream of an account (lichess's
//! `/api/stream/event`): at first a `gameStart` for each of its games in
//! progress and a `challenge` for each open challenge to or of it; then
//! `gameStart`, `gameFinish`, `challenge`, `challengeCanceled` and
//! `challengeDeclined` as they happen. The challenges are the web pages'
//! own (see [`crate::features::challenges`]); like their event stream,
//! this one looks at the database every [`EVENTS_EVERY`], so that changes
//! made through any server instance arrive.

use crate::contract::bots::BotEvent;
use crate::contract::social::{Challenge, ChallengeStatus};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::Account;
use crate::features::bot_games::KEEP_ALIVE;
use crate::features::bot_lines::{challenge, event_game};
use crate::features::challenges;
use futures_util::Stream;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the stream looks for changes.
const EVENTS_EVERY: Duration = Duration::from_secs(1);
/// The most games in progress the stream follows (and the most games
/// over that were made since it opened that it looks at).
const GAMES_FOLLOWED: usize = 100;

/// What the stream has told.
struct Seen {
    app: Arc<App>,
    account: Account,
    /// The games in progress told with `gameStart`.
    games: HashSet<String>,
    /// When the stream opened (ms since the epoch): a game made since that
    /// the stream never saw in progress started and ended between two
    /// looks, and is told with both lines.
    opened_ms: i64,
    /// The games that have ended since the stream opened, told or not.
    ended: HashSet<String>,
    /// The challenges told, by id, with their status then.
    challenges: HashMap<String, ChallengeStatus>,
    /// Lines to send (`None`: a keep-alive).
    queue: VecDeque<Option<BotEvent>>,
    /// When the stream last sent a line.
    sent: Instant,
    stopping: tokio::sync::watch::Receiver<bool>,
    /// The bot's live connection while the stream is open.
    _online: Online,
}

/// A bot's live connection while its event stream is open: counted as a
/// lobby connection (see [`App::enter_lobby`]), which shows the bot
/// online in the list of bots, on every instance; it closes when the
/// stream is dropped.
struct Online {
    app: Arc<App>,
    account_id: String,
}

impl Online {
    /// Opens the live connection of `account_id`.
    async fn open(app: Arc<App>, account_id: String) -> Online {
        app.enter_lobby(&account_id).await;
        Online { app, account_id }
    }
}

impl Drop for Online {
    fn drop(&mut self) {
        let (app, account_id) = (self.app.clone(), std::mem::take(&mut self.account_id));
        // Without a runtime (the server is stopping) the row lapses by itself.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { app.leave_lobby(&account_id).await });
        }
    }
}

impl Seen {
    /// The game `id` as the account sees it (`None`: it is gone, or the
    /// account holds no seat in it).
    async fn game(&self, id: &str) -> Option<crate::contract::bots::BotEventGame> {
        let slot = self.app.slot(id).await.ok()?;
        let mut table = slot.table.lock().await;
        self.app.sync(&slot, &mut table).await.ok()?;
        let seat = table.seat_of_account(&self.account.id)?;
        Some(event_game(&self.app, &table, seat))
    }

    /// Queues what changed since the last look (everything at the first).
    async fn look(&mut self) -> Result<(), DomainError> {
        let (account_id, since_ms) = (self.account.id.as_str(), self.opened_ms);
        let games = self.app.read(|db| db.event_games(account_id, since_ms, GAMES_FOLLOWED)).await?;
        let running: Vec<String> = games.iter().filter(|g| g.running).map(|g| g.id.clone()).collect();
        for id in running.iter().filter(|id| !self.games.contains(*id)) {
            if let Some(game) = self.game(id).await {
                self.queue.push_back(Some(BotEvent::GameStart { game }));
            }
        }
        let ended: Vec<String> = self.games.iter().filter(|id| !running.contains(id)).cloned().collect();
        for id in &ended {
            if let Some(game) = self.game(id).await {
                self.queue.push_back(Some(BotEvent::GameFinish { game }));
            }
            self.ended.insert(id.clone());
        }
        // A game made since the stream opened that has already ended
        // without being seen in progress (an abort within a second).
        for id in games.into_iter().filter(|g| !g.running).map(|g| g.id) {
            let unseen = !self.games.contains(&id) && self.ended.insert(id.clone());
            if unseen && let Some(game) = self.game(&id).await {
                self.queue.push_back(Some(BotEvent::GameStart { game: game.clone() }));
                self.queue.push_back(Some(BotEvent::GameFinish { game }));
            }
        }
        self.games = running.into_iter().collect();

        let list = challenges::list(&self.app, &self.account).await?;
        let open_incoming: HashSet<&str> = list.incoming.iter().map(|c| c.id.as_str()).collect();
        for told in self.challenges.keys().cloned().collect::<Vec<_>>() {
            // An incoming challenge that left the list: ask how it ended.
            if open_incoming.contains(told.as_str()) || list.outgoing.iter().any(|c| c.id == told) {
                continue;
            }
            if let Ok(now) = challenges::one(&self.app, &self.account, &told).await {
                self.tell(&now).await?;
            }
            // Closed: it never comes back to the list.
            self.challenges.remove(&told);
        }
        for now in list.incoming.iter().chain(&list.outgoing) {
            self.tell(now).await?;
        }
        Ok(())
    }

    /// Queues the line of a challenge whose status is new to the stream:
    /// `challenge` when open, `challengeCanceled` when withdrawn (or, for
    /// the challenger, expired), `challengeDeclined` when declined; an
    /// accepted one is told by its game's `gameStart`.
    async fn tell(&mut self, now: &Challenge) -> Result<(), DomainError> {
        let before = self.challenges.insert(now.id.clone(), now.status);
        if before == Some(now.status) {
            return Ok(());
        }
        let told_before = before.is_some();
        let line = match now.status {
            ChallengeStatus::Open => BotEvent::Challenge { challenge: challenge(&self.app, now).await? },
            // Closed challenges are told only if the stream told them open.
            ChallengeStatus::Cancelled if told_before => {
                BotEvent::ChallengeCanceled { challenge: challenge(&self.app, now).await? }
            }
            ChallengeStatus::Expired if told_before && !now.incoming => {
                BotEvent::ChallengeCanceled { challenge: challenge(&self.app, now).await? }
            }
            ChallengeStatus::Declined if told_before => {
                BotEvent::ChallengeDeclined { challenge: challenge(&self.app, now).await? }
            }
            _ => return Ok(()),
        };
        self.queue.push_back(Some(line));
        Ok(())
    }
}

/// The event stream of `account` (see the module docs); `None` after
/// [`KEEP_ALIVE`] of silence; ends when the server stops.
pub async fn stream(
    app: Arc<App>,
    account: Account,
) -> Result<impl Stream<Item = Option<BotEvent>> + Send, DomainError> {
    let stopping = app.stopping.subscribe();
    let online = Online::open(app.clone(), account.id.clone()).await;
    let mut seen = Seen {
        app,
        account,
        games: HashSet::new(),
        opened_ms: crate::core::table::now_ms(),
        ended: HashSet::new(),
        challenges: HashMap::new(),
        queue: VecDeque::new(),
        sent: Instant::now(),
        stopping,
        _online: online,
    };
    seen.look().await?;
    Ok(futures_util::stream::unfold(seen, |mut seen| async move {
        loop {
            if let Some(line) = seen.queue.pop_front() {
                seen.sent = Instant::now();
                return Some((line, seen));
            }
            if *seen.stopping.borrow() {
                return None;
            }
            if seen.sent.elapsed() >= KEEP_ALIVE {
                seen.queue.push_back(None);
                continue;
            }
            tokio::select! {
                () = tokio::time::sleep(EVENTS_EVERY) => {
                    // A failed read is tried again at the next look.
                    let _ = seen.look().await;
                }
                _ = seen.stopping.changed() => {}
            }
        }
    }))
}
