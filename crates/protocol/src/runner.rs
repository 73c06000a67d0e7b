//! The match runner: two engine programs play each other, and Spielwerk's
//! own rules judge every move.

mod standing;

pub use standing::{ClockReport, Standing};

use crate::process::{EngineProcess, Failure};
use crate::time_control::{Clocks, TimeUse};
use crate::{
    Dialect, EngineSpec, Hypothesis, Opening, Pentanomial, Sprt, Tally, TimeControl, option_name, play_words,
};
use game::{DynGame, GameError, Options, Outcome, Player, Record, Registry};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The time an engine may overstep a fixed move time before it loses on
/// time, unless the match says otherwise (a clock has no grace unless the
/// match gives one).
pub const MOVETIME_GRACE: Duration = Duration::from_millis(100);

/// How long the engines may think about each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// A clock per player.
    Clock(TimeControl),
    /// A fixed time per move.
    Movetime(Duration),
    /// A fixed depth per move (no time limit).
    Depth(u32),
    /// A fixed number of nodes per move (no time limit).
    Nodes(u64),
}

impl MoveLimit {
    /// The grace a match at this limit has unless it says otherwise: none
    /// on a clock (the engine must keep to it), [`MOVETIME_GRACE`] on a
    /// fixed move time (and at depth or node limits, where only starting a
    /// game is timed).
    #[must_use]
    pub fn default_grace(&self) -> Duration {
        match self {
            MoveLimit::Clock(_) => Duration::ZERO,
            MoveLimit::Movetime(_) | MoveLimit::Depth(_) | MoveLimit::Nodes(_) => MOVETIME_GRACE,
        }
    }
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveLimit::Clock(control) => write!(f, "{control}"),
            MoveLimit::Movetime(time) => write!(f, "movetime {}", time.as_millis()),
            MoveLimit::Depth(depth) => write!(f, "depth {depth}"),
            MoveLimit::Nodes(nodes) => write!(f, "nodes {nodes}"),
        }
    }
}

/// Everything that defines a match.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The registered name of the game.
    pub game: String,
    /// Game options; the game's engine defaults fill in those not given
    /// (Ataxx: community rules).
    pub options: Options,
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// The protocol the engines speak.
    pub dialect: Dialect,
    /// How many games to play (at most, with an SPRT). The engines change
    /// sides after every game; each opening is played twice, once from
    /// each side.
    pub games: usize,
    /// How long the engines may think.
    pub limit: MoveLimit,
    /// The openings, used in turn; none means the standard start.
    pub openings: Vec<Opening>,
    /// How many games run at the same time (each with its own pair of
    /// engine processes).
    pub concurrency: usize,
    /// How far an engine may overstep its time before it loses on time.
    pub grace: Duration,
    /// A draw is declared after this many moves, if given.
    pub max_plies: Option<usize>,
    /// A sequential test that ends the match once it accepts a hypothesis
    /// (then no game starts and running games are abandoned uncounted).
    pub sprt: Option<Sprt>,
    /// Pairs an earlier run of the same test played (the same engines,
    /// limit and openings), which the SPRT counts with this run's: a test
    /// stopped by its game cap or a clock goes on where it stood. The
    /// result's pairs are this run's only.
    pub earlier_pairs: Pentanomial,
}

impl MatchSettings {
    /// Two games of `game` between two engines at `limit`, in the game's
    /// usual protocol, from the standard start, one game at a time, with
    /// the limit's [default grace](MoveLimit::default_grace) and no SPRT.
    #[must_use]
    pub fn new(game: &str, engines: [EngineSpec; 2], limit: MoveLimit) -> MatchSettings {
        MatchSettings {
            game: game.to_owned(),
            options: Options::new(),
            engines,
            dialect: Dialect::for_game(game),
            games: 2,
            limit,
            openings: Vec::new(),
            concurrency: 1,
            grace: limit.default_grace(),
            max_plies: None,
            sprt: None,
            earlier_pairs: Pentanomial::default(),
        }
    }
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Its number, from 1, in the order the games were started.
    pub number: usize,
    /// The names of the engines that played P1 and P2.
    pub players: [String; 2],
    /// The seat of the first engine of the match.
    pub first_plays: Player,
    /// How the game ended.
    pub outcome: Outcome,
    /// What went wrong, when an engine lost by crash, time or illegal move.
    pub detail: Option<String>,
    /// The game record, with the tags `Event`, `Round`, `P1`, `P2`,
    /// `TimeControl` (and `Detail`) added.
    pub record: Record,
    /// The least time the first and the second engine had left on their
    /// clocks when one of their moves arrived (before the increment);
    /// `None` without clocks or moves.
    pub lowest_clocks: [Option<Duration>; 2],
    /// How much of its usable time the first and the second engine spent;
    /// `None` without clocks or moves.
    pub time_use: [Option<TimeUse>; 2],
}

impl GameReport {
    /// The first engine's score in this game: 1, ½ or 0.
    #[must_use]
    pub fn score_of_first(&self) -> f64 {
        self.outcome.result.score_for(self.first_plays)
    }

    /// The names of the first and the second engine.
    #[must_use]
    pub fn engine_names(&self) -> [String; 2] {
        let [p1, p2] = self.players.clone();
        if self.first_plays == Player::P1 { [p1, p2] } else { [p2, p1] }
    }
}

/// The result of a whole match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The names of the first and the second engine.
    pub names: [String; 2],
    /// The first engine's wins, losses and draws over all counted games.
    pub tally: Tally,
    /// The game pairs both of whose games were counted.
    pub pairs: Pentanomial,
    /// Time losses and lowest clocks of the first and the second engine.
    pub clocks: [ClockReport; 2],
    /// The hypothesis the SPRT accepted; `None` without an SPRT or if the
    /// games ran out first.
    pub decision: Option<Hypothesis>,
}

/// Why a match could not be played to the end.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The game, its options or an opening are bad.
    #[error(transparent)]
    Game(#[from] GameError),
    /// An engine could not be started or restarted.
    #[error("{0}")]
    Engine(String),
    /// The settings make no match.
    #[error("{0}")]
    Settings(String),
}

/// Plays a match and calls `on_game` as each game finishes (in the order
/// they finish), with the standing after it. With an SPRT, once a pair
/// decides the test no further game is started or counted: games still
/// running are abandoned at their next move.
pub fn run_match(
    registry: &Registry,
    settings: &MatchSettings,
    mut on_game: impl FnMut(&GameReport, &Standing),
) -> Result<MatchResult, MatchError> {
    if settings.games == 0 {
        return Err(MatchError::Settings("a match needs at least one game".into()));
    }
    if settings.sprt.is_some() && !settings.games.is_multiple_of(2) {
        return Err(MatchError::Settings(format!(
            "an SPRT counts game pairs: the number of games must be even, not {}",
            settings.games
        )));
    }
    let entry = registry.get(&settings.game)?;
    let options = entry.complete_options(&entry.with_engine_defaults(&settings.options))?;
    let mut template = registry.create(entry.name, &options, None)?;
    for opening in &settings.openings {
        start(template.as_mut(), opening)?;
    }
    let mut game_options = vec![("Game".to_owned(), entry.name.to_owned())];
    game_options.extend(options.iter().map(|(name, value)| (option_name(name), value.to_owned())));
    let default_opening = [Opening::default()];
    let context = Context {
        settings,
        registry,
        game: entry.name,
        options: &options,
        game_options: &game_options,
        openings: if settings.openings.is_empty() { &default_opening } else { &settings.openings },
        next: AtomicUsize::new(0),
        halt: AtomicBool::new(false),
    };
    let (sender, reports) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..settings.concurrency.clamp(1, settings.games) {
            let sender = sender.clone();
            let context = &context;
            scope.spawn(move || context.work(&sender));
        }
        drop(sender);
        let mut standing = Standing::default();
        let mut names = None;
        let mut error = None;
        let mut decision = None;
        for report in reports {
            match report {
                Ok(_) if decision.is_some() => {}
                Ok(report) => {
                    standing.add(&report);
                    names.get_or_insert_with(|| report.engine_names());
                    on_game(&report, &standing);
                    if let Some(sprt) = &settings.sprt
                        && standing.completes_pair
                    {
                        decision = sprt.decision(&standing.pairs.combined(&settings.earlier_pairs));
                        if decision.is_some() {
                            context.halt.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(failure) => {
                    context.halt.store(true, Ordering::Relaxed);
                    error.get_or_insert(failure);
                }
            }
        }
        match (error, names) {
            (Some(error), _) => Err(error),
            (None, Some(names)) => Ok(MatchResult {
                names,
                tally: standing.tally,
                pairs: standing.pairs,
                clocks: standing.clocks,
                decision,
            }),
            (None, None) => Err(MatchError::Settings("no game was played".into())),
        }
    })
}

/// Sets `game` to the start of `opening`.
fn start(game: &mut dyn DynGame, opening: &Opening) -> Result<(), GameError> {
    game.set_position(opening.setup.as_deref())?;
    let words: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
    play_words(game, &words)
}

/// What the workers share.
struct Context<'a> {
    settings: &'a MatchSettings,
    registry: &'a Registry,
    game: &'static str,
    options: &'a Options,
    game_options: &'a [(String, String)],
    openings: &'a [Opening],
    next: AtomicUsize,
    /// Set when the match ends early (an error or an SPRT decision): no
    /// game starts, and running games are abandoned at their next move.
    halt: AtomicBool,
}

/// The two engines of one worker, by their index in the match (a crashed
/// or timed-out engine is dropped and restarted before the next game).
type Pair = [Option<EngineProcess>; 2];

impl Context<'_> {
    /// Plays games until none are left, sending each report.
    fn work(&self, reports: &Sender<Result<GameReport, MatchError>>) {
        let mut engines: Pair = [None, None];
        loop {
            if self.halt.load(Ordering::Relaxed) {
                return;
            }
            let names = match self.start_engines(&mut engines) {
                Ok(names) => names,
                Err(error) => {
                    let _ = reports.send(Err(error));
                    return;
                }
            };
            let number = self.next.fetch_add(1, Ordering::Relaxed);
            if number >= self.settings.games {
                return;
            }
            let report = match self.play(number, &mut engines, &names) {
                Ok(Some(report)) => Ok(report),
                Ok(None) => return,
                Err(error) => Err(error),
            };
            if reports.send(report).is_err() {
                return;
            }
        }
    }

    /// Starts the engines that are not running and returns the names they
    /// gave; two engines of the same name are told apart as `#1` and `#2`.
    fn start_engines(&self, engines: &mut Pair) -> Result<[String; 2], MatchError> {
        for (index, engine) in engines.iter_mut().enumerate() {
            if engine.is_none() {
                let spec = &self.settings.engines[index];
                let process = EngineProcess::start(spec, self.settings.dialect, self.game_options)
                    .map_err(MatchError::Engine)?;
                *engine = Some(process);
            }
        }
        let mut names = engines.each_ref().map(|e| e.as_ref().map_or_else(String::new, |e| e.name.clone()));
        if names[0] == names[1] {
            // With the options that tell them apart, where they have any.
            for (index, name) in names.iter_mut().enumerate() {
                let options = &self.settings.engines[index].options;
                name.push_str(&format!(" #{}", index + 1));
                if !options.is_empty() {
                    let set: Vec<String> =
                        options.iter().map(|(key, value)| format!("{key}={value}")).collect();
                    name.push_str(&format!(" ({})", set.join(", ")));
                }
            }
        }
        Ok(names)
    }

    /// Plays game `number` (from 0); `None` if the match halted before
    /// the game ended.
    fn play(
        &self,
        number: usize,
        engines: &mut Pair,
        names: &[String; 2],
    ) -> Result<Option<GameReport>, MatchError> {
        let settings = self.settings;
        let first_plays = if number.is_multiple_of(2) { Player::P1 } else { Player::P2 };
        let engine_of = |player: Player| usize::from(player != first_plays);
        let mut game = self.registry.create(self.game, self.options, None)?;
        start(game.as_mut(), &self.openings[(number / 2) % self.openings.len()])?;
        let mut detail = None;
        for player in Player::BOTH {
            let index = engine_of(player);
            if let Some(failure) = engines[index].as_mut().and_then(|e| e.new_game().err()) {
                detail = Some(self.forfeit(game.as_mut(), player, &names[index], failure, None));
                engines[index] = None;
                break;
            }
        }
        let mut clocks = match settings.limit {
            MoveLimit::Clock(control) => Some(Clocks::new(control)),
            _ => None,
        };
        let mut lowest_clocks: [Option<Duration>; 2] = [None; 2];
        while game.outcome().is_none() {
            if self.halt.load(Ordering::Relaxed) {
                return Ok(None);
            }
            if settings.max_plies.is_some_and(|limit| game.moves().len() >= limit) {
                // The match's cap, not the game's own ply limit: PGN's
                // `[Termination "adjudication"]`.
                game.end(Outcome::draw("adjudication"));
                break;
            }
            let player = game.side_to_move();
            let index = engine_of(player);
            let Some(engine) = engines[index].as_mut() else { break };
            let (go, allowed) = match (&clocks, settings.limit) {
                (Some(clocks), _) => (clocks.go(settings.dialect, player), Some(clocks.remaining(player))),
                (None, MoveLimit::Movetime(time)) => {
                    (format!("go movetime {}", time.as_millis()), Some(time))
                }
                (None, MoveLimit::Depth(depth)) => (format!("go depth {depth}"), None),
                (None, MoveLimit::Nodes(nodes)) => (format!("go nodes {nodes}"), None),
                (None, MoveLimit::Clock(_)) => unreachable!("a clock limit has clocks"),
            };
            let allowed = allowed.map(|time| time + settings.grace);
            let started = Instant::now();
            let deadline = allowed.and_then(|time| started.checked_add(time));
            let answer = engine.best_move(&position_command(game.as_ref()), &go, deadline);
            // The time from sending the position until `bestmove` was read.
            let spent =
                answer.as_ref().map_or(Duration::ZERO, |(_, read)| read.saturating_duration_since(started));
            let answer = match answer {
                Ok(_) if allowed.is_some_and(|time| spent > time) => Err(Failure::TimedOut),
                other => other,
            };
            match answer {
                Ok((text, _)) => {
                    if let Err(error) = game.play(&text) {
                        game.end(Outcome::win(player.other(), "illegal-move"));
                        detail = Some(format!("{} played '{text}': {error}", names[index]));
                    } else if let Some(clocks) = clocks.as_mut() {
                        let left = clocks.remaining(player).saturating_sub(spent);
                        let lowest = &mut lowest_clocks[index];
                        *lowest = Some(lowest.map_or(left, |known| known.min(left)));
                        clocks.charge(player, spent);
                    }
                }
                Err(failure) => {
                    detail = Some(self.forfeit(game.as_mut(), player, &names[index], failure, allowed));
                    engines[index] = None;
                }
            }
        }
        let time_use = [first_plays, first_plays.other()]
            .map(|player| clocks.as_ref().and_then(|clocks| clocks.time_use(player)));
        let outcome = game.outcome().expect("the loop ends with the game");
        let players = [names[engine_of(Player::P1)].clone(), names[engine_of(Player::P2)].clone()];
        let mut record = game.record();
        record.set_tag("Event", "Spielwerk match");
        record.set_tag("Round", &(number + 1).to_string());
        record.set_tag("P1", &players[0]);
        record.set_tag("P2", &players[1]);
        record.set_tag("TimeControl", &settings.limit.to_string());
        if let Some(detail) = &detail {
            record.set_tag("Detail", detail);
        }
        Ok(Some(GameReport {
            number: number + 1,
            players,
            first_plays,
            outcome,
            detail,
            record,
            lowest_clocks,
            time_use,
        }))
    }

    /// Ends the game as lost by `player`, whose engine crashed or ran out
    /// of time; returns what happened.
    fn forfeit(
        &self,
        game: &mut dyn DynGame,
        player: Player,
        name: &str,
        failure: Failure,
        allowed: Option<Duration>,
    ) -> String {
        match failure {
            Failure::Crashed => {
                game.end(Outcome::win(player.other(), "crash"));
                format!("{name} stopped answering (crashed or exited)")
            }
            Failure::TimedOut => {
                game.end(Outcome::win(player.other(), "time"));
                match allowed {
                    Some(time) => format!("{name} did not move within {:.3} s", time.as_secs_f64()),
                    None => format!("{name} did not get ready for the game in time"),
                }
            }
        }
    }
}

/// The `position` command for the current position: the start position
/// and every move since (each one token, [`game::move_token`]), so that
/// engines see the history.
pub(crate) fn position_command(game: &dyn DynGame) -> String {
    let mut command = format!("position fen {}", game.start_position());
    let moves = game.moves();
    if !moves.is_empty() {
        command.push_str(" moves");
        for mv in &moves {
            command.push(' ');
            command.push_str(&game::move_token(mv));
        }
    }
    command
}

#[cfg(all(test, unix))]
mod tests;
