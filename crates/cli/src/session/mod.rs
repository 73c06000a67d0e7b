//! A game in the terminal as both front ends play it: the line mode
//! (`cmd::play`) and the full-screen mode (`tui`) each drive a
//! [`Session`] and draw it their way. The session holds the game, who
//! plays which side, the engine's strength, the clock and the saving of
//! the record; its submodules hold the rest that both share:
//!
//! - [`setup`]: the game opened (new or resumed), sides, names, the end,
//! - [`command`]: the commands typed at the prompt,
//! - [`example`]: how a move is written, by a legal move as example,
//! - [`clock`]: the game clock,
//! - [`search`]: the engine thinking on a thread of its own,
//! - [`review`]: the numbered moves, earlier positions and the
//!   evaluations of a finished game.
//!
//! Nothing here knows either front end.

pub mod clock;
pub mod command;
pub mod example;
pub mod review;
pub mod search;
pub mod settings;
pub mod setup;

pub use setup::{Opponent, announce, both, open_game, parse_side, player_name};

use crate::cmd::record::Saver;
use clock::GameClock;
use game::{DynGame, GameError, Limits, Outcome, Player, Text, level, text};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a session starts with.
pub struct Setup {
    /// The game, at its start or resumed.
    pub game: Box<dyn DynGame>,
    /// Who plays against the person.
    pub opponent: Opponent,
    /// The person's side against the engine.
    pub human: Player,
    /// The engine's strength level (1–10), if chosen.
    pub level: Option<u8>,
    /// The engine's time per move without a level (and without a clock).
    pub movetime: Duration,
    /// The engine named on the command line, if any (checked already).
    pub engine: Option<String>,
    /// The game clock, if the game is played on one.
    pub clock: Option<GameClock>,
    /// The language of every text.
    pub language: game::Language,
    /// Where the record is saved.
    pub record: PathBuf,
}

/// A note about saving after a save: shown until the next one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveNote {
    /// What is said, in the session's language.
    pub text: String,
    /// Whether it is a warning (the save failed) rather than the news
    /// that saving works again.
    pub warning: bool,
}

/// What came of a `draw` typed by the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAnswer {
    /// The engine declines: against it there is no draw by agreement.
    Declined,
    /// The side to move offers a draw; the other may accept it after
    /// their move.
    Offered,
    /// The side to move offered a draw already this turn; the offer
    /// stands.
    AlreadyOffered,
    /// The side to move accepts the other's offer: the game is drawn.
    Agreed,
}

/// The answer to a second `draw` in the same turn
/// ([`DrawAnswer::AlreadyOffered`]), in both front ends: the offer stands,
/// and `other` may accept it after the move.
#[must_use]
pub fn already_offered(other: &str) -> Text {
    text!(
        "Your draw offer already stands; {other} may accept it after your move.",
        "Dein Remisangebot steht schon; {other} kann es nach deinem Zug annehmen."
    )
}

/// What both front ends say when `undo` takes nothing back: that there is
/// no move, or, when the moves there are the engine's alone (its opening
/// move), that none of them is the person's.
#[must_use]
pub fn nothing_to_undo(session: &Session) -> Text {
    if session.game.moves().is_empty() || session.opponent == Opponent::Human {
        text!("Nothing to undo.", "Nichts zurückzunehmen.")
    } else {
        text!(
            "Nothing of yours to undo: the engine's opening move stays (it would only play it again).",
            "Nichts von dir zurückzunehmen: der Eröffnungszug des Computers bleibt (er würde ihn nur wieder spielen)."
        )
    }
}

/// A game being played: the state both front ends share and the changes
/// they make to it (moves, take-backs, the end, the strength), each of
/// which runs the clock and saves the record.
pub struct Session {
    /// The game.
    pub game: Box<dyn DynGame>,
    /// Who plays against the person.
    pub opponent: Opponent,
    /// The person's side against the engine.
    pub human: Player,
    /// The engine's strength level (1–10), if chosen.
    pub level: Option<u8>,
    /// The engine's time per move without a level (and without a clock).
    pub movetime: Duration,
    /// The game clock, if the game is played on one.
    pub clock: Option<GameClock>,
    /// The language of every text.
    pub language: game::Language,
    /// The engine named on the command line, if any.
    engine: Option<String>,
    /// Where the record goes.
    saver: Saver,
    /// The note of the last save, if it had something to say.
    pub save_note: Option<SaveNote>,
    /// The player who offered a draw to the other person, until it is
    /// accepted or declined by a move.
    draw_offer: Option<Player>,
}

impl Session {
    /// A session of `setup`'s game with its engine chosen; the clock, if
    /// any, starts at once.
    #[must_use]
    pub fn new(setup: Setup) -> Session {
        let mut session = Session {
            game: setup.game,
            opponent: setup.opponent,
            human: setup.human,
            level: setup.level,
            movetime: setup.movetime,
            clock: setup.clock,
            language: setup.language,
            engine: setup.engine,
            saver: Saver::new(setup.record),
            save_note: None,
            draw_offer: None,
        };
        session.choose_engine();
        session.start_clock(Instant::now());
        session
    }

    /// Lets the side to move's time run from `now`, once the game's first
    /// move has been played: as on the web (lichess's rule), no clock runs
    /// before it, so the first move is untimed and nobody loses on time
    /// without a move on the board.
    fn start_clock(&mut self, now: Instant) {
        let to_move = self.game.side_to_move();
        let started = !self.game.moves().is_empty() && self.game.outcome().is_none();
        if let Some(clock) = self.clock.as_mut().filter(|_| started) {
            clock.start(to_move, now);
        }
    }

    /// The wording of `text` in the session's language.
    #[must_use]
    pub fn say(&self, text: &Text) -> String {
        text.get(self.language).to_owned()
    }

    /// A player's name in the session's language.
    #[must_use]
    pub fn name(&self, player: Player) -> &'static str {
        player_name(self.game.as_ref(), player, self.language)
    }

    /// A player's name inside a sentence ("Engine (second player)
    /// plays"): a seat's name of several words begins in lower case, a
    /// colour's ("Red", "Weiß") stays as it is.
    #[must_use]
    pub fn name_within(&self, player: Player) -> String {
        let name = self.name(player);
        if !name.contains(' ') {
            return name.to_owned();
        }
        let mut chars = name.chars();
        chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
    }

    /// Where the record is saved (a new file's name may change at the
    /// first save when another game took it meanwhile).
    #[must_use]
    pub fn record_path(&self) -> &std::path::Path {
        self.saver.path()
    }

    /// Whether the engine plays `player`.
    #[must_use]
    pub fn engine_plays(&self, player: Player) -> bool {
        self.opponent == Opponent::Engine && player != self.human
    }

    /// The engine named on the command line (`--engine`), if any.
    #[must_use]
    pub fn engine_asked(&self) -> Option<&str> {
        self.engine.as_deref()
    }

    /// The engine that plays: the level's (random, greedy) where the game
    /// offers it, else the one named on the command line or the default.
    #[must_use]
    pub fn engine_name(&self) -> Option<String> {
        let offered = self.game.engines();
        let by_level = self.level.and_then(|n| level::level(n).engine).filter(|name| offered.contains(name));
        let name = by_level.map(str::to_owned).or_else(|| self.engine.clone());
        name.or_else(|| offered.first().map(|name| (*name).to_owned()))
    }

    /// Chooses the engine: the level's (random, greedy) where the game
    /// offers it, else the one named on the command line or the default.
    fn choose_engine(&mut self) {
        if let Some(name) = self.engine_name() {
            // The command line's engine was checked at the start; the
            // level's are among those offered.
            let _ = self.game.set_engine(&name);
        }
    }

    /// Sets the strength level (1–10).
    pub fn set_level(&mut self, n: u8) {
        self.level = Some(n.clamp(*level::LEVELS.start(), *level::LEVELS.end()));
        self.choose_engine();
        self.save();
    }

    /// The limits of the engine's next move: the level's, else the move
    /// time (none with a clock), and the clock's time.
    #[must_use]
    pub fn limits(&self, now: Instant) -> Limits {
        let mut limits = match self.level {
            Some(n) => level::level(n).limits,
            None if self.clock.is_some() => Limits::default(),
            None => Limits::movetime(self.movetime),
        };
        if let Some(clock) = &self.clock {
            limits.clock = Some(clock.limits(now));
        }
        limits
    }

    /// A few words about the engine's strength.
    #[must_use]
    pub fn strength(&self) -> String {
        match self.level {
            Some(n) => self.say(&text!("level {n}", "Stufe {n}")),
            None if self.clock.is_some() => self.say(&text!("on the clock", "nach Uhr")),
            None => {
                let ms = self.movetime.as_millis();
                self.say(&text!("{ms} ms a move", "{ms} ms je Zug"))
            }
        }
    }

    /// Plays `text` for the side to move; on success the clock passes to
    /// the other side and the record is saved. Returns the move as the
    /// game writes it.
    pub fn play(&mut self, text: &str) -> Result<String, GameError> {
        let mover = self.game.side_to_move();
        let played = self.game.play(text).map_err(short_echo)?;
        if self.draw_offer == Some(mover.other()) {
            self.draw_offer = None;
        }
        let now = Instant::now();
        if let Some(clock) = &mut self.clock {
            clock.moved(mover, now);
        }
        self.start_clock(now);
        self.save();
        Ok(played)
    }

    /// The players' names now, the first player's first.
    #[must_use]
    pub fn names(&self) -> [&'static str; 2] {
        Player::BOTH.map(|player| self.name(player))
    }

    /// When the move `mover` just played changed the players' names (a
    /// choice of colours, as in Amakta's setup), who chose what, said from
    /// the person's side: "The engine (second player) chose Black; you play
    /// White". `before` are the names before the move.
    #[must_use]
    pub fn choice_note(&self, before: [&'static str; 2], mover: Player) -> Option<String> {
        let now = self.names();
        if now == before {
            return None;
        }
        let lower = |name: &str| {
            let mut chars = name.chars();
            chars
                .next()
                .map(|first| first.to_lowercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        };
        let (seat, other) = (lower(before[mover.index()]), lower(before[mover.other().index()]));
        let (chosen, theirs) = (now[mover.index()], now[mover.other().index()]);
        let (upper_seat, upper_other) = (before[mover.index()], before[mover.other().index()]);
        let note = match self.opponent {
            Opponent::Engine if self.engine_plays(mover) => text!(
                "The engine ({seat}) chose {chosen}; you play {theirs}.",
                "Der Computer ({seat}) wählte {chosen}; du spielst {theirs}."
            ),
            Opponent::Engine => text!(
                "You ({seat}) chose {chosen}; the engine plays {theirs}.",
                "Du ({seat}) hast {chosen} gewählt; der Computer spielt {theirs}."
            ),
            Opponent::Human => text!(
                "The {seat} chose {chosen}; the {other} plays {theirs}.",
                "{upper_seat} wählte {chosen}; {upper_other} spielt {theirs}."
            ),
        };
        Some(self.say(&note))
    }

    /// Takes back moves: against the engine until the person is to move
    /// again (after at least one move of theirs), else one. Returns how
    /// many were taken back: none when the person has no move of theirs
    /// to take back (the engine's opening move alone is not taken back,
    /// since the engine would only play it again).
    pub fn undo(&mut self) -> usize {
        let ended = self.game.outcome();
        let mut taken = Vec::new();
        while let Some(mv) = self.game.undo() {
            taken.push(mv);
            let to_move = self.game.side_to_move();
            if self.opponent == Opponent::Human || (to_move == self.human && self.game.outcome().is_none()) {
                break;
            }
        }
        let at_yours = self.game.side_to_move() == self.human && self.game.outcome().is_none();
        if self.opponent == Opponent::Engine && !at_yours && !taken.is_empty() {
            // Back at the start without a move of the person's: as it was.
            for mv in taken.iter().rev() {
                if self.game.play(mv).is_err() {
                    break;
                }
            }
            if let Some(outcome) = ended.filter(|_| self.game.outcome().is_none()) {
                self.game.end(outcome);
            }
            return 0;
        }
        let steps = taken.len();
        if steps > 0 {
            self.draw_offer = None;
            if let Some(clock) = &mut self.clock {
                clock.stop(Instant::now());
            }
            self.start_clock(Instant::now());
            self.save();
        }
        steps
    }

    /// The person takes the other side; the engine plays the one they had
    /// (and the record says so from now on).
    pub fn switch_sides(&mut self) {
        self.human = self.human.other();
        self.save();
    }

    /// Ends the game from outside the board (resignation, agreement,
    /// time) and saves it; the clock stops.
    pub fn end(&mut self, outcome: Outcome) {
        self.game.end(outcome);
        if let Some(clock) = &mut self.clock {
            clock.stop(Instant::now());
        }
        self.save();
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        let to_move = self.game.side_to_move();
        self.end(Outcome::win(to_move.other(), "resignation"));
    }

    /// `draw` typed by the side to move: between people an offer, or the
    /// acceptance of the other's, which ends the game; the engine declines.
    pub fn draw(&mut self) -> DrawAnswer {
        if self.opponent == Opponent::Engine {
            return DrawAnswer::Declined;
        }
        let to_move = self.game.side_to_move();
        if self.draw_offer == Some(to_move.other()) {
            self.draw_offer = None;
            self.end(Outcome::draw("agreement"));
            return DrawAnswer::Agreed;
        }
        if self.draw_offer == Some(to_move) {
            return DrawAnswer::AlreadyOffered;
        }
        self.draw_offer = Some(to_move);
        DrawAnswer::Offered
    }

    /// The player whose draw offer the side to move may accept, if any.
    #[must_use]
    pub fn draw_offered_by(&self) -> Option<Player> {
        let to_move = self.game.side_to_move();
        self.draw_offer.filter(|offerer| *offerer == to_move.other() && self.game.outcome().is_none())
    }

    /// Ends the game on time when a side's clock has run out by `now`;
    /// whether it did.
    pub fn flag_fall(&mut self, now: Instant) -> bool {
        let Some(flagged) = self.clock.as_ref().and_then(|clock| clock.flagged(now)) else { return false };
        self.end(Outcome::win(flagged.other(), "time"));
        true
    }

    /// Saves the record. A failure does not end the game: its warning
    /// (path and reason) is the note until a save works again, which the
    /// note then says until the next save.
    fn save(&mut self) {
        let players = settings::Players { opponent: self.opponent, human: self.human };
        let tags = settings::tags(players, self.level, self.clock.as_ref(), Instant::now());
        self.save_note = match self.saver.save(self.game.as_ref(), &tags) {
            Ok(None) => None,
            Ok(Some(again)) => Some(SaveNote { text: self.say(&again), warning: false }),
            Err(warning) => Some(SaveNote { text: self.say(&warning), warning: true }),
        };
    }

    /// Whether the last save failed.
    #[must_use]
    pub fn save_failed(&self) -> bool {
        self.saver.failed()
    }

    /// The person leaves: a game still on the clock is saved once more, so
    /// that its record keeps the time the side to move has used on this
    /// move (a resumed game does not give it back). Returns what is said
    /// then: a finished game's result, then the [`Session::farewell`].
    pub fn leave(&mut self) -> String {
        if self.game.outcome().is_none() && self.clock.is_some() {
            self.save();
        }
        let kept = self.farewell();
        match self.game.outcome() {
            Some(outcome) if !self.saver.failed() => {
                format!("{} {kept}", self.say(&announce(self.game.as_ref(), &outcome)))
            }
            _ => kept,
        }
    }

    /// What is said when the person leaves: where the game is kept (or
    /// that nothing was played), or, when the last save failed, why, with
    /// the record to keep by hand.
    #[must_use]
    pub fn farewell(&self) -> String {
        self.say(&self.saver.farewell(self.game.as_ref()))
    }
}

/// The most characters of a move that a message about it repeats.
const ECHOED: usize = 24;

/// `error` about a move that repeats at most [`ECHOED`] characters of it
/// (or of any word of its reason, which may quote the move), the end
/// marked `…`: a line of 100 000 characters is not written back.
fn short_echo(error: GameError) -> GameError {
    let cut = |text: &str| {
        if text.chars().count() <= ECHOED {
            return text.to_owned();
        }
        let kept: String = text.chars().take(ECHOED - 1).collect();
        format!("{kept}…")
    };
    let words = |text: &str| {
        if text.split_whitespace().all(|word| word.chars().count() <= ECHOED) {
            return text.to_owned();
        }
        text.split_whitespace().map(cut).collect::<Vec<_>>().join(" ")
    };
    let reason_cut = |reason: &Text| Text::new(words(&reason.en), words(&reason.de));
    match error {
        GameError::MalformedMove { text, reason } => {
            GameError::MalformedMove { text: cut(&text), reason: reason_cut(&reason) }
        }
        GameError::IllegalMove { text, reason } => {
            GameError::IllegalMove { text: cut(&text), reason: reason_cut(&reason) }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(opponent: Opponent, clock: Option<GameClock>) -> Session {
        let game = games::registry().create("ataxx", &game::Options::new(), None).expect("ataxx");
        // A record of its own for each session: the tests run side by side.
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let number = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let record =
            std::env::temp_dir().join(format!("spielwerk-session-{}-{number}.txt", std::process::id()));
        let _ = std::fs::remove_file(&record);
        Session::new(Setup {
            game,
            opponent,
            human: Player::P1,
            level: None,
            movetime: Duration::from_millis(10),
            engine: None,
            clock,
            language: game::Language::English,
            record,
        })
    }

    #[test]
    fn a_take_back_against_the_engine_returns_the_move_to_the_person() {
        let mut session = session(Opponent::Engine, None);
        session.play("g2").expect("legal");
        session.play("a2").expect("legal");
        assert_eq!(session.undo(), 2);
        assert_eq!(session.game.side_to_move(), session.human);
        assert_eq!(session.undo(), 0);
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn the_engines_opening_move_alone_is_not_taken_back() {
        let mut session = session(Opponent::Engine, None);
        session.human = Player::P2;
        session.play("a7b5").expect("legal");
        assert_eq!(session.undo(), 0, "the person has no move to take back");
        assert!(
            nothing_to_undo(&session).en.starts_with("Nothing of yours to undo: the engine's opening move")
        );
        assert_eq!(session.game.moves(), ["a7b5"]);
        assert_eq!(session.game.side_to_move(), Player::P2);
        session.play("b2").expect("legal");
        session.play("b5d4").expect("legal");
        assert_eq!(session.undo(), 2);
        assert_eq!(session.game.moves(), ["a7b5"]);
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn the_clock_passes_with_each_move_and_its_fall_ends_the_game() {
        let control: clock::TimeControl = "1+0".parse().expect("a clock");
        let mut session = session(Opponent::Human, Some(GameClock::new(control)));
        session.play("g2").expect("legal");
        assert!(session.limits(Instant::now()).clock.is_some(), "the engine's limits hold the clock");
        assert!(!session.flag_fall(Instant::now()));
        assert!(session.flag_fall(Instant::now() + Duration::from_secs(61)));
        let outcome = session.game.outcome().expect("ended on time");
        assert_eq!(outcome.result, game::GameResult::Win(Player::P1));
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn no_clock_runs_before_the_first_move_of_the_game() {
        let control: clock::TimeControl = "1+0".parse().expect("a clock");
        let mut session = session(Opponent::Human, Some(GameClock::new(control)));
        let later = Instant::now() + Duration::from_secs(120);
        assert!(!session.flag_fall(later), "the first move is untimed");
        assert_eq!(
            session.clock.as_ref().map(|clock| clock.remaining(Player::P1, later)),
            Some(control.base)
        );
        session.play("g2").expect("legal");
        assert!(session.flag_fall(Instant::now() + Duration::from_secs(61)), "from then on the clock runs");
        assert_eq!(
            session.game.outcome().map(|outcome| outcome.result),
            Some(game::GameResult::Win(Player::P1))
        );
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn leaving_saves_the_time_the_side_to_move_has_used_on_its_move() {
        let control: clock::TimeControl = "3+0".parse().expect("a clock");
        let mut session = session(Opponent::Human, Some(GameClock::new(control)));
        session.play("g2").expect("legal");
        // Blue has been thinking for 20 seconds when the person leaves.
        let since = Instant::now().checked_sub(Duration::from_secs(20)).expect("a time 20 s ago");
        session.clock.as_mut().expect("the clock").start(Player::P2, since);
        assert!(session.leave().contains("--resume"));
        let text = std::fs::read_to_string(session.record_path()).expect("saved");
        let record = game::Record::parse(&text).expect("a record");
        let left = settings::read(&record)
            .expect("settings")
            .clock
            .expect("the clock is saved")
            .remaining(Player::P2, Instant::now());
        assert!(left <= Duration::from_secs(160), "{left:?}: the time used is charged");
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn leaving_a_finished_game_says_its_result_and_how_to_look_back_on_it() {
        let mut session = session(Opponent::Human, None);
        session.play("g2").expect("legal");
        session.resign();
        let said = session.leave();
        assert!(said.starts_with("Game over: Red wins — "), "{said}");
        assert!(said.contains("look back on it with --resume"), "{said}");
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn a_long_bad_move_is_not_repeated_whole() {
        let mut session = session(Opponent::Human, None);
        let long = "a".repeat(100_000);
        let message = session.play(&long).expect_err("no move").message(game::Language::English);
        assert!(message.chars().count() < 200, "{} characters", message.chars().count());
        // Amakta's reason quotes the move's first word as well.
        let amakta = games::registry().create("amakta", &game::Options::new(), None).expect("amakta");
        let mut amakta = Session { game: amakta, ..self::session(Opponent::Human, None) };
        let said = amakta.play(&long).expect_err("no move").message(game::Language::German);
        assert!(!said.contains(&"a".repeat(ECHOED)), "{said}");
        assert!(message.contains(&format!("{}…", "a".repeat(ECHOED - 1))), "{message}");
        let short = session.play("zz").expect_err("no move").message(game::Language::English);
        assert!(short.contains("'zz'"), "{short}");
    }

    #[test]
    fn a_draw_between_people_is_an_offer_the_other_accepts_or_declines_by_moving() {
        let mut session = session(Opponent::Human, None);
        assert_eq!(session.draw(), DrawAnswer::Offered);
        assert_eq!(session.draw(), DrawAnswer::AlreadyOffered, "an offer is made once a turn");
        assert!(session.game.outcome().is_none(), "an offer alone ends nothing");
        session.play("g2").expect("legal");
        assert_eq!(session.draw_offered_by(), Some(Player::P1));
        session.play("a2").expect("legal");
        assert_eq!(session.draw_offered_by(), None, "a move declines the offer");
        assert_eq!(session.draw(), DrawAnswer::Offered);
        let reply = session.game.legal_moves().remove(0);
        session.play(&reply).expect("legal");
        assert_eq!(session.draw(), DrawAnswer::Agreed);
        assert_eq!(session.game.outcome().expect("drawn").result, game::GameResult::Draw);
        let _ = std::fs::remove_file(session.record_path());
    }

    #[test]
    fn a_seat_is_named_in_lower_case_inside_a_sentence_and_a_colour_as_it_is() {
        let infinit =
            games::registry().create("amakta-infinit", &game::Options::new(), None).expect("infinit");
        let mut german = Session { game: infinit, ..session(Opponent::Engine, None) };
        german.language = game::Language::German;
        assert_eq!(german.name_within(Player::P2), "zweiter Spieler");
        let ataxx = session(Opponent::Engine, None);
        assert_eq!(ataxx.name_within(Player::P1), "Red");
    }

    #[test]
    fn the_engine_declines_a_draw() {
        let mut session = session(Opponent::Engine, None);
        assert_eq!(session.draw(), DrawAnswer::Declined);
        assert!(session.game.outcome().is_none());
        let _ = std::fs::remove_file(session.record_path());
    }

    /// The source files of the folder `folder` of this crate's `src`.
    fn sources(folder: &str) -> Vec<(String, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(folder);
        let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
            .expect("the folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
            .map(|path| (path.display().to_string(), std::fs::read_to_string(&path).expect("the file")))
            .collect();
        files.sort();
        files
    }

    #[test]
    fn the_session_knows_neither_front_end_and_the_screen_not_the_line_mode() {
        // Put together, so that this test does not name them itself.
        let path_of = |module: &str| format!("crate::{module}");
        for (path, text) in sources("session") {
            for front_end in ["tui", "cmd::play", "cmd::review"].map(path_of) {
                assert!(!text.contains(&front_end), "{path} uses {front_end}");
            }
        }
        for (path, text) in sources("tui") {
            for line_mode in ["cmd::play", "cmd::review"].map(path_of) {
                assert!(!text.contains(&line_mode), "{path} uses {line_mode}");
            }
        }
    }
}
