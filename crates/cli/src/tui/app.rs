//! The state of a game in the full-screen mode and what happens to it
//! over time: the engine's searches, the clock, moves played, saving, and
//! the review once the game is over. Input is read in
//! [`input`](crate::tui::input), drawing in [`view`](crate::tui::view).

use crate::session::example::example_move;
use crate::session::review::{Evaluations, at_ply, review_limits, show_evaluation};
use crate::session::search::{Report, Search, for_first_player, show_line, show_score};
use crate::session::{DrawAnswer, Opponent, Session, announce};
use crate::tui::board::{Drawing, Scale, ScaleMap, Viewport};
use crate::tui::editor::Editor;
use game::{DynGame, Limits, Player, Style, Text, text};
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// What the screen shows besides the session.
pub struct Screen {
    /// Whether the board is drawn in colour.
    pub colour: bool,
    /// The game's title.
    pub title: &'static str,
    /// The game's rules as text, for `rules`.
    pub rules: String,
}

/// A message in the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The words, in the chosen language.
    pub text: String,
    /// Whether it reports an error (drawn in red).
    pub error: bool,
}

/// A panel over the board: help, legend, moves, history, explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    /// The title.
    pub title: String,
    /// The lines (with the drawing's colours, for the legend).
    pub lines: Vec<ratatui::text::Line<'static>>,
    /// The first line shown.
    pub scroll: u16,
    /// Whether the panel is about the position (the legal moves), so that
    /// a move closes it.
    pub of_position: bool,
    /// How many of its rows the screen showed when last drawn (0 before),
    /// for paging.
    pub rows: u16,
}

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// A move the engine plays.
    Move,
    /// A suggestion for the person.
    Hint,
}

/// Stepping through a finished game.
pub struct Review {
    /// The number of moves shown.
    pub ply: usize,
    /// The engine's evaluation of each position.
    pub evaluations: Evaluations,
    /// The board's scale so far in the review and the room it was chosen
    /// for: the board does not grow back while stepping in the same room.
    pub scale: Option<(Scale, Rect)>,
}

/// A game in the full-screen mode.
pub struct App {
    /// The game being played, shared with the line mode.
    pub session: Session,
    colour: bool,
    /// The game's title.
    pub title: &'static str,
    /// The game's rules as text (`rules`).
    pub rules: String,
    /// The prompt.
    pub editor: Editor,
    /// The status line.
    pub message: Option<Message>,
    /// Every message shown, oldest first (F6).
    pub log: Vec<Message>,
    /// Whether the person asked to suspend the program (Ctrl-Z).
    pub suspend: bool,
    /// A panel over the board, if open.
    pub panel: Option<Panel>,
    /// The drawing of the position shown.
    pub drawing: Drawing,
    /// The game's own status line below a drawing without its legend
    /// (Amakta's phase and turn), if it has one.
    pub status: Option<ratatui::text::Line<'static>>,
    /// Whether the board is zoomed out (`Some(true)`), in full
    /// (`Some(false)`), or zoomed out when the full board does not fit its
    /// room (`None`, the start).
    pub zoom: Option<bool>,
    /// Whether the drawing shown is zoomed out.
    pub compact: bool,
    /// Whether the position shown has a smaller drawing than its full one,
    /// so that F5 changes the board (Amakta once stones stand on it; not
    /// Ataxx, Abalone, Die Formation or Amakta Infinit's plane).
    pub zoomable: bool,
    /// The most lines the full drawing's board can take (the game says,
    /// else its lines now), to decide the zoom once for the whole game.
    full_lines: u16,
    /// The most lines the board shown can take: the screen keeps that
    /// room for it, so that it does not move as it grows.
    pub lines_most: u16,
    /// How many lines each row of the board has taken so far, in full
    /// and zoomed out: a row keeps them (see [`Drawing::padded`]).
    row_heights: [Vec<usize>; 2],
    /// The board as drawn (rows padded), before it is scaled.
    pub drawn: Drawing,
    /// The scale the board is shown at (larger on a large screen).
    pub scale: Scale,
    /// Where clicks on a board shown larger than drawn are looked up.
    scale_map: Option<ScaleMap>,
    /// The line of the game's drawing shown on each line of the board
    /// (the board keeps blank lines where its rows had more).
    pad_map: Vec<usize>,
    /// For a zoomed-out drawing that differs from the full one: the full
    /// drawing's line of each of its lines (where clicks are looked up).
    line_map: Option<Vec<usize>>,
    /// The part of the board on screen.
    pub viewport: Viewport,
    /// Where the board was last drawn on screen (for clicks).
    pub board_area: Rect,
    /// The room the board had, to decide the zoom.
    pub board_room: Rect,
    /// Whether the engine's line is shown.
    pub show_engine: bool,
    /// Whether the move list is shown beside the board (`None`: when the
    /// board leaves room for it).
    pub show_moves: Option<bool>,
    /// Whether the move list was beside the board when last drawn.
    pub moves_on_screen: bool,
    /// Whether the move list fitted beside the whole board when last drawn.
    pub moves_fit: bool,
    /// The widest the move list was on a screen as wide as this one (the
    /// screen's width, the list's): it never narrows again there, so the
    /// board beside it does not move (in the review, where no move is to
    /// come, or when the evaluations come).
    pub moves_widest: (u16, u16),
    /// The engine's current line, as shown.
    pub engine_line: String,
    search: Option<(Search, Purpose)>,
    /// The review of the finished game, once it is over.
    pub review: Option<Review>,
    /// Whether the game ended before any move, which was said once: it
    /// has no review to start.
    ended_without_moves: bool,
    /// Whether the person asked to leave.
    pub quit: bool,
    /// Whether `resign` asked for a yes: the next line answers.
    pub resigning: bool,
    /// Whether the last key was a Ctrl-C that did not leave: the next
    /// one leaves.
    pub leaving: bool,
    /// The legal moves of the position (for completion and clicks), when
    /// there are not too many to list.
    pub legal: Vec<String>,
    /// The game's notes without its legend (Amakta Infinit's bases, sets
    /// and bidding; the status line left out), shown under the board
    /// where the screen has room for them.
    pub notes: Vec<ratatui::text::Line<'static>>,
    /// A legal move that shows how a move is written, for the status;
    /// `None` in the review and at the end.
    pub example: Option<String>,
}

/// Positions with more legal moves than this are not listed for
/// completion (Amakta Infinit's creation moves).
const LIST_LIMIT: usize = 20_000;

/// The think time of a hint.
const HINT_TIME: Duration = Duration::from_millis(1000);

impl App {
    /// A screen for `session`'s game.
    #[must_use]
    pub fn new(session: Session, screen: Screen) -> App {
        let mut app = App {
            session,
            colour: screen.colour,
            title: screen.title,
            rules: screen.rules,
            editor: Editor::default(),
            message: None,
            log: Vec::new(),
            suspend: false,
            panel: None,
            drawing: Drawing::default(),
            status: None,
            zoom: None,
            compact: false,
            zoomable: false,
            full_lines: 0,
            lines_most: 0,
            row_heights: [Vec::new(), Vec::new()],
            drawn: Drawing::default(),
            scale: Scale::AS_DRAWN,
            scale_map: None,
            pad_map: Vec::new(),
            line_map: None,
            viewport: Viewport::default(),
            board_area: Rect::default(),
            board_room: Rect::default(),
            show_engine: true,
            show_moves: None,
            moves_on_screen: false,
            moves_fit: false,
            moves_widest: (0, 0),
            engine_line: String::new(),
            search: None,
            review: None,
            ended_without_moves: false,
            quit: false,
            resigning: false,
            leaving: false,
            legal: Vec::new(),
            notes: Vec::new(),
            example: None,
        };
        app.refresh();
        app
    }

    /// The wording of `text` in the chosen language.
    #[must_use]
    pub fn say(&self, text: &Text) -> String {
        self.session.say(text)
    }

    /// Shows an information in the status line.
    pub fn inform(&mut self, text: &Text) {
        self.show(Message { text: self.say(text), error: false });
    }

    /// Shows an error in the status line.
    pub fn complain(&mut self, text: &Text) {
        self.show(Message { text: self.say(text), error: true });
    }

    /// Shows `message` in the status line and keeps it in the log.
    fn show(&mut self, message: Message) {
        self.log.push(message.clone());
        self.message = Some(message);
    }

    /// A player's name in the chosen language.
    #[must_use]
    pub fn name(&self, player: Player) -> &'static str {
        self.session.name(player)
    }

    /// Whether the engine plays `player`.
    #[must_use]
    pub fn engine_plays(&self, player: Player) -> bool {
        self.session.engine_plays(player)
    }

    /// Whether the engine is searching.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The game as shown: the reviewed position during the review.
    fn shown(&self) -> Box<dyn DynGame> {
        match &self.review {
            Some(review) => at_ply(self.session.game.as_ref(), review.ply),
            None => self.session.game.clone_box(),
        }
    }

    /// Whether the board should be zoomed out: as chosen, else when the
    /// full board can grow taller than its room (decided for the whole
    /// game, so that the board does not change its drawing midway; a
    /// position with no smaller drawing looks the same either way).
    #[must_use]
    pub fn wants_compact(&self) -> bool {
        self.zoom.unwrap_or(self.full_lines > self.board_room.height)
    }

    /// Zooms the board out or in (F5, `zoom`).
    pub fn toggle_zoom(&mut self) {
        if !self.zoomable {
            self.inform(&text!(
                "This position has no smaller drawing: the board is shown whole as it is (PgUp/PgDn scroll a board \
                 larger than the screen).",
                "Diese Stellung hat keine kleinere Zeichnung: das Brett ist ganz zu sehen (Bild↑/Bild↓ verschieben \
                 ein Brett, das größer als der Bildschirm ist)."
            ));
            return;
        }
        self.zoom = Some(!self.compact);
        self.refresh();
    }

    /// Draws the shown position again, zoomed out if wanted, and lists its
    /// legal moves.
    pub fn refresh(&mut self) {
        let shown = self.shown();
        let style = Style::new(self.session.language, self.colour);
        let full = Drawing::new(&shown.render(style));
        // The notes go to F2; their last line is the game's status (Amakta's
        // phase and turn) where a drawing without its legend keeps it.
        let brief = game::strip_escapes(&shown.render(style.brief()));
        self.status = full
            .notes
            .last()
            .filter(|line| {
                let text: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
                brief.lines().any(|kept| kept == text)
            })
            .cloned();
        // The brief drawing's lines after the board (its notes follow the
        // board without a blank line in Amakta: inventories, phase).
        let brief_text = shown.render(style.brief());
        let after_board: Vec<&str> = brief_text.lines().skip(full.board.len()).collect();
        let mut notes = Drawing::new(&format!("\n{}", after_board.join("\n"))).unwrapped_notes();
        if notes.last() == self.status.as_ref() {
            notes.pop();
        }
        self.notes = notes;
        let most = |style: Style, now: u16| {
            shown.board_lines_most(style).map_or(now, |most| u16::try_from(most).unwrap_or(u16::MAX)).max(now)
        };
        self.full_lines = most(style, full.size().1);
        // The board's lines decide whether F5 changes anything, their
        // characters without the colours: a zoomed-out legend alone is no
        // smaller drawing (Amakta Infinit's plane), nor are other colours
        // (Amakta's empty board).
        let zoomed = Drawing::new(&shown.render(style.compact(true)));
        let text = |drawing: &Drawing| drawing.board.iter().map(ToString::to_string).collect::<Vec<_>>();
        self.zoomable = text(&zoomed) != text(&full);
        self.compact = self.wants_compact();
        self.line_map = None;
        let drawing = if self.compact {
            if zoomed.board != full.board {
                self.line_map = Some(zoomed.lines_in(&full));
            }
            zoomed
        } else {
            full
        };
        self.lines_most = most(style.compact(self.compact), drawing.size().1);
        let (drawing, pad_map) = drawing.padded(&mut self.row_heights[usize::from(self.compact)]);
        self.pad_map = pad_map;
        self.drawn = drawing;
        self.show_at(self.scale);
        let over = self.review.is_some() || self.session.game.outcome().is_some();
        self.example = if over { None } else { example_move(self.session.game.as_ref()) };
        self.legal = if over {
            Vec::new()
        } else {
            let (count, moves) = self.session.game.legal_move_list(LIST_LIMIT);
            if count <= LIST_LIMIT { moves } else { Vec::new() }
        };
    }

    /// Shows the board at `scale`.
    pub fn show_at(&mut self, scale: Scale) {
        self.scale = scale;
        if scale == Scale::AS_DRAWN {
            self.drawing = self.drawn.clone();
            self.scale_map = None;
        } else {
            let (drawing, map) = self.drawn.scaled(scale);
            self.drawing = drawing;
            self.scale_map = Some(map);
        }
    }

    /// The game's cell under line `line`, column `column` of the drawing
    /// shown.
    #[must_use]
    pub fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        let (line, column) = match &self.scale_map {
            Some(map) => map.position(line, column)?,
            None => (line, column),
        };
        let line = *self.pad_map.get(line)?;
        let (line, column) = match &self.line_map {
            Some(map) => (*map.get(line)?, self.shown().full_column(column)),
            None => (line, column),
        };
        self.shown().cell_at(line, column)
    }

    /// Sets the strength level (1–10).
    pub fn set_level(&mut self, n: u8) {
        self.session.set_level(n);
    }

    /// Plays `text` for the side to move; the error in the status line if
    /// it is no legal move.
    pub fn play(&mut self, text: &str) -> bool {
        let mover = self.session.game.side_to_move();
        let names = self.session.names();
        match self.session.play(text) {
            Ok(played) => {
                self.cancel_search();
                if self.panel.as_ref().is_some_and(|panel| panel.of_position) {
                    self.panel = None;
                }
                self.refresh();
                let name = self.name(mover);
                if self.session.draw_offered_by() == Some(mover) {
                    self.inform(&text!(
                        "{name} played {played} and offers a draw: `draw` accepts, a move declines.",
                        "{name} spielte {played} und bietet Remis an: `remis` nimmt an, ein Zug lehnt ab."
                    ));
                } else if let Some(note) = self.session.choice_note(names, mover) {
                    self.inform(&Text::new(&note, &note));
                } else {
                    self.inform(&text!("{name} played {played}", "{name} spielte {played}"));
                }
                true
            }
            Err(_) if self.session.game.outcome().is_some() => {
                self.complain(&text!(
                    "The game is over: no more moves. F6 shows how it ended, `quit` leaves.",
                    "Das Spiel ist vorbei: keine Züge mehr. F6 zeigt, wie es endete, `ende` beendet."
                ));
                false
            }
            Err(error) => {
                let message = error.message(self.session.language);
                self.complain(&text!(
                    "{message}. Tab completes a move, `moves` lists them, F1 helps.",
                    "{message}. Tab ergänzt einen Zug, `züge` listet sie, F1 hilft."
                ));
                false
            }
        }
    }

    /// Makes the engine play the best move it has found so far, when it is
    /// thinking about its move (Ctrl-C, as in gnuchess); whether it was.
    pub fn move_now(&mut self) -> bool {
        let Some((search, Purpose::Move)) = &self.search else { return false };
        search.stop();
        self.inform(&text!("The engine moves now.", "Der Computer zieht jetzt."));
        true
    }

    /// Stops a running search and forgets it.
    pub fn cancel_search(&mut self) {
        self.search = None;
    }

    /// Takes back moves: against the engine until the person is to move
    /// again, else one.
    pub fn undo(&mut self) {
        self.cancel_search();
        let steps = self.session.undo();
        if steps == 0 {
            self.complain(&crate::session::nothing_to_undo(&self.session));
            return;
        }
        self.review = None;
        self.engine_line.clear();
        self.refresh();
        let game::Text { en, de } = crate::messages::moves(steps);
        self.inform(&text!("Took back {en}.", "{de} zurückgenommen."));
    }

    /// The person takes the other side; the engine plays the one they had.
    pub fn switch_sides(&mut self) {
        self.cancel_search();
        self.session.switch_sides();
        let you = self.name(self.session.human);
        self.inform(&text!("You play {you} now.", "Du spielst jetzt {you}."));
    }

    /// The engine moves for the side to move now (`go`): against the
    /// engine the person takes the other side.
    pub fn go(&mut self) {
        let to_move = self.session.game.side_to_move();
        if self.session.opponent == Opponent::Engine {
            if self.session.human == to_move {
                self.switch_sides();
            }
        } else {
            self.start_search(Purpose::Move);
        }
    }

    /// Asks the engine for a move suggestion.
    pub fn hint(&mut self) {
        if self.search.is_none() {
            self.start_search(Purpose::Hint);
        }
    }

    /// Ends the game with a resignation of the side to move.
    pub fn resign(&mut self) {
        self.cancel_search();
        self.session.resign();
        self.refresh();
    }

    /// `draw`: between people an offer, or the acceptance of the other's,
    /// which ends the game; the engine declines.
    pub fn draw(&mut self) {
        let other = self.name(self.session.game.side_to_move().other());
        match self.session.draw() {
            DrawAnswer::Declined => self.complain(&text!(
                "The engine declines; play on or resign.",
                "Der Computer lehnt ab; spiel weiter oder gib auf."
            )),
            DrawAnswer::Offered => self.inform(&text!(
                "You offer a draw; {other} may accept it after your move.",
                "Du bietest Remis an; {other} kann nach deinem Zug annehmen."
            )),
            DrawAnswer::AlreadyOffered => self.inform(&crate::session::already_offered(other)),
            DrawAnswer::Agreed => {
                self.cancel_search();
                self.refresh();
            }
        }
    }

    fn start_search(&mut self, purpose: Purpose) {
        let now = Instant::now();
        let limits = match purpose {
            Purpose::Move => self.session.limits(now),
            Purpose::Hint => Limits::movetime(HINT_TIME),
        };
        self.engine_line.clear();
        self.search = Some((Search::start(self.session.game.as_ref(), limits), purpose));
    }

    /// What happens with time: the engine's reports and moves, the clock
    /// and the end of the game. Called between key presses.
    pub fn tick(&mut self, now: Instant) {
        if let Some(review) = &mut self.review {
            review.evaluations.update();
            return;
        }
        if self.session.game.outcome().is_some() {
            if !self.ended_without_moves {
                self.begin_review();
            }
            return;
        }
        self.ended_without_moves = false;
        if self.session.flag_fall(now) {
            self.cancel_search();
            self.refresh();
            return;
        }
        self.take_reports();
        let to_move = self.session.game.side_to_move();
        if self.search.is_none() && self.engine_plays(to_move) {
            self.start_search(Purpose::Move);
        }
    }

    /// Takes in the running search's reports; plays or shows its answer.
    fn take_reports(&mut self) {
        let Some((search, purpose)) = &mut self.search else { return };
        let purpose = *purpose;
        let current = search.ply == self.session.game.moves().len();
        let Some(reports) = search.reports() else {
            self.search = None;
            return;
        };
        for report in reports {
            match report {
                // A search of a position taken back says nothing more.
                Report::Progress { .. } if !current => {}
                Report::Progress { depth, score, line } => {
                    // Scores are the first player's, labelled with its name.
                    let first = self.session.game.side_to_move() == Player::P1;
                    let (score, line) =
                        (show_score(for_first_player(score, first), self.session.language), show_line(&line));
                    let p1 = self.name(Player::P1);
                    self.engine_line = self.say(&text!(
                        "engine: depth {depth} · {p1} {score} · {line}",
                        "Computer: Tiefe {depth} · {p1} {score} · {line}"
                    ));
                }
                Report::Done { best } => {
                    self.search = None;
                    match (best, purpose) {
                        (Ok(best), _) if !current => drop(best),
                        (Ok(best), Purpose::Move) => {
                            self.play(&best);
                        }
                        (Ok(best), Purpose::Hint) => {
                            self.inform(&text!(
                                "The engine suggests {best}",
                                "Der Computer schlägt {best} vor"
                            ));
                        }
                        (Err(error), _) => self.complain(&text!("{error}", "{error}")),
                    }
                    return;
                }
            }
        }
    }

    /// The game is over: announces the result and starts the review at
    /// the last position, with the engine evaluating every position.
    fn begin_review(&mut self) {
        let Some(outcome) = self.session.game.outcome() else { return };
        self.cancel_search();
        if let Some(clock) = &mut self.session.clock {
            clock.stop(Instant::now());
        }
        let announcement = self.say(&announce(self.session.game.as_ref(), &outcome));
        if self.session.game.moves().is_empty() {
            // No move to look back on: no review.
            let leave =
                self.say(&text!("No move was played; `quit` leaves.", "Kein Zug gespielt; `ende` beendet."));
            self.show(Message { text: format!("{announcement} {leave}"), error: false });
            self.ended_without_moves = true;
            self.refresh();
            return;
        }
        let keys = self.say(&text!(
            "Review: ←/→ or n/p step, a number jumps, q leaves.",
            "Nachspielen: ←/→ oder n/p blättern, eine Zahl springt, q beendet."
        ));
        self.show(Message { text: format!("{announcement} {keys}"), error: false });
        let ply = self.session.game.moves().len();
        let evaluations = Evaluations::start(self.session.game.as_ref(), review_limits());
        self.review = Some(Review { ply, evaluations, scale: None });
        self.refresh();
    }

    /// Shows the position after `ply` moves in the review.
    pub fn review_to(&mut self, ply: usize) {
        let last = self.session.game.moves().len();
        if let Some(review) = &mut self.review {
            review.ply = ply.min(last);
        }
        self.refresh();
    }

    /// The evaluation shown beside move `index` (0-based) in the review:
    /// the score of the position after it, the first player's, labelled
    /// with its name as the engine line is.
    #[must_use]
    pub fn evaluation_after(&self, index: usize) -> Option<String> {
        let review = self.review.as_ref()?;
        let score = review.evaluations.scores.get(index + 1).copied().flatten()?;
        Some(show_evaluation(self.session.game.as_ref(), score, self.session.language))
    }

    /// A line about the engine's strength for the title.
    #[must_use]
    pub fn strength(&self) -> String {
        self.session.strength()
    }
}
