//! The screen of the full-screen mode: a title with the clocks, the board
//! (scrolled when it is larger than its room), the move list, the game's
//! status, the engine's line, the message and the prompt.

use crate::session::Opponent;
use crate::session::clock::show;
use crate::session::example::all_circles_hint;
use crate::session::review::{final_position, move_labels, move_rows, movers, show_evaluation};
use crate::session::setup::result_line;
use crate::tui::app::App;
use crate::tui::layout::draw_middle;
use game::{Score, text};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use std::time::Instant;

/// The least width of the move list beside the board.
pub const MOVES_WIDTH: u16 = 20;

/// The least width of the move list on a wide screen (from [`WIDE`]
/// columns), where it has room for long moves and their evaluations.
const WIDE_MOVES_WIDTH: u16 = 36;

/// From this many columns on a screen is wide: the move list takes at
/// least [`WIDE_MOVES_WIDTH`].
const WIDE: u16 = 120;

/// The screen's height the layout is made for (80×24): a taller screen
/// gives the status message a row more for every
/// [`ROWS_PER_MESSAGE_ROW`] rows beyond it.
const STANDARD_HEIGHT: u16 = 24;

/// See [`STANDARD_HEIGHT`].
const ROWS_PER_MESSAGE_ROW: u16 = 6;

/// How many rows the game's status (Amakta Infinit's bidding says much)
/// may take; it is wrapped at spaces.
const STATUS_ROWS: u16 = 2;

/// How many rows the status message may take; a longer one ends in a
/// marker that F6 shows it whole.
const MESSAGE_ROWS: usize = 2;

/// Draws the whole screen and remembers where the board went.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    let engine_rows = u16::from(app.show_engine);
    let message_lines = app.message.as_ref().map(|shown| {
        let marker = app.say(&text!(" … (F6: all)", " … (F6: alles)"));
        fit_rows(&shown.text, area.width, message_rows_most(area.height), &marker)
    });
    // The message area keeps its rows whether a message is shown or not,
    // so that the board above it never moves when one comes or goes.
    let message_rows = message_rows_most(area.height);
    let note_rows = app.session.save_note.as_ref().map_or(0, |note| rows(&note.text, area.width).min(3));
    let status_text = status_line(app);
    let status_rows = rows(&plain(&status_text), area.width).min(STATUS_ROWS);
    let [title, middle, status, engine, note, message, prompt] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(status_rows),
        Constraint::Length(engine_rows),
        Constraint::Length(note_rows),
        Constraint::Length(u16::try_from(message_rows).unwrap_or(1)),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(title_line(app, title.width)).style(Style::default().add_modifier(Modifier::REVERSED)),
        title,
    );
    draw_middle(frame, app, middle);
    draw_status(frame, app, status_text, status);
    if app.show_engine {
        let line =
            if app.engine_line.is_empty() { String::new() } else { format!("⚙ {}", app.engine_line) };
        frame.render_widget(Paragraph::new(line).style(Style::default().fg(Color::Indexed(244))), engine);
    }
    let red = Style::default().fg(Color::Indexed(196));
    if let Some(shown) = &app.session.save_note {
        let style = if shown.warning { red } else { Style::default() };
        frame.render_widget(Paragraph::new(shown.text.as_str()).style(style).wrap(Wrap { trim: true }), note);
    }
    if let (Some(shown), Some(lines)) = (&app.message, message_lines) {
        let style = if shown.error { red } else { Style::default() };
        let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).style(style), message);
    }
    draw_prompt(frame, app, prompt);
    draw_panel(frame, app, middle);
}

/// How many rows the status message may take on a screen `height` rows
/// tall: [`MESSAGE_ROWS`], and more on a tall screen.
fn message_rows_most(height: u16) -> usize {
    MESSAGE_ROWS + usize::from(height.saturating_sub(STANDARD_HEIGHT) / ROWS_PER_MESSAGE_ROW)
}

/// The width of the move list: enough for its longest line (Amakta's
/// moves are words) where the board leaves the room, at least
/// [`MOVES_WIDTH`] ([`WIDE_MOVES_WIDTH`] on a wide screen, where the board
/// leaves that).
pub fn moves_width(app: &App, width: u16, board_width: u16) -> u16 {
    // Number, move, evaluation, the spaces between and the border.
    let moves = app.session.game.moves();
    // The moves that may come count as well as those played, so that the
    // list does not widen (and the board move) with the first move.
    let longest = moves.iter().chain(&app.legal).map(|mv| mv.chars().count()).max().unwrap_or(0);
    // The review's evaluations name the player they favour ("Red +0.60");
    // their room is kept during play too, so that the board does not move
    // sideways when the review begins.
    let (game, language) = (app.session.game.as_ref(), app.session.language);
    let room_kept = [Score::Win(0), Score::Loss(0), Score::Cp(-9_999)]
        .map(|score| show_evaluation(game, score, language).chars().count());
    let evaluation = (0..moves.len())
        .filter_map(|index| app.evaluation_after(index))
        .map(|evaluation| evaluation.chars().count())
        .chain(room_kept)
        .max()
        .unwrap_or(6);
    let wanted = u16::try_from(7 + longest + 1 + evaluation + 2).unwrap_or(u16::MAX);
    let spare = width.saturating_sub(board_width + 1);
    let least = if width >= WIDE { WIDE_MOVES_WIDTH.min(spare) } else { 0 };
    wanted.max(least).min(spare).max(MOVES_WIDTH)
}

/// The open panel over the board, scrolled no further than its last row;
/// its title says where more lies above or below.
fn draw_panel(frame: &mut Frame, app: &mut App, middle: Rect) {
    let board = app.board_area;
    let up = app.say(&text!("· ↑ PgUp ", "· ↑ Bild↑ "));
    let down = app.say(&text!("· ↓ PgDn ", "· ↓ Bild↓ "));
    let Some(panel) = &mut app.panel else { return };
    // Beside the board where it leaves the room, else under it, as tall
    // as its lines: the board stays in sight while the panel is read.
    let beside = middle.right().saturating_sub(board.right().saturating_add(1));
    let width = if beside >= PANEL_BESIDE { beside } else { middle.width };
    let inner_width = width.saturating_sub(2);
    let total: usize = panel
        .lines
        .iter()
        .map(|line| {
            let text: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
            usize::from(rows(&text, inner_width))
        })
        .sum();
    let height = u16::try_from(total.saturating_add(2)).unwrap_or(u16::MAX).min(middle.height);
    let y = if beside >= PANEL_BESIDE { middle.y } else { middle.bottom() - height };
    let area = Rect { x: middle.right() - width, y, width, height };
    let visible = usize::from(height.saturating_sub(2));
    panel.rows = height.saturating_sub(2);
    let last = u16::try_from(total.saturating_sub(visible)).unwrap_or(u16::MAX);
    panel.scroll = panel.scroll.min(last);
    let mut title = format!(" {} · Esc ", panel.title);
    if panel.scroll > 0 {
        title.push_str(&up);
    }
    if panel.scroll < last {
        title.push_str(&down);
    }
    let block = Block::default().borders(Borders::ALL).title(title);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(panel.lines.clone()).block(block).wrap(Wrap { trim: false }).scroll((panel.scroll, 0)),
        area,
    );
}

/// The fewest columns right of the board for a panel to open beside it.
const PANEL_BESIDE: u16 = 36;

/// `text` broken at spaces into lines of at most `width` columns (a word
/// longer than a line is broken over as many); its own line breaks stay.
pub fn wrap_words(text: &str, width: u16) -> Vec<String> {
    text.split('\n').flat_map(|paragraph| wrap_paragraph(paragraph, width)).collect()
}

/// [`wrap_words`] for a text without line breaks.
fn wrap_paragraph(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        let used = lines.last().map_or(0, |line| line.chars().count());
        if used > 0 && used + 1 + word.len() > width {
            lines.push(String::new());
        }
        let mut line = lines.pop().unwrap_or_default();
        if !line.is_empty() {
            line.push(' ');
        }
        while line.chars().count() + word.len() > width {
            let room = width - line.chars().count();
            line.extend(word.drain(..room));
            lines.push(std::mem::take(&mut line));
        }
        line.extend(word);
        lines.push(line);
    }
    lines
}

/// The rows `text` takes when wrapped at spaces to `width` columns.
pub fn rows(text: &str, width: u16) -> u16 {
    u16::try_from(wrap_words(text, width).len()).unwrap_or(u16::MAX)
}

/// `text` wrapped to `width` columns in at most `most` rows; where it
/// takes more, the last row ends in `marker`, after its last whole word
/// that leaves room for it (a word is cut only when it alone fills the
/// row).
fn fit_rows(text: &str, width: u16, most: usize, marker: &str) -> Vec<String> {
    let mut lines = wrap_words(text, width);
    if lines.len() > most {
        lines.truncate(most);
        let room = usize::from(width).saturating_sub(marker.chars().count());
        let last = lines.last_mut().expect("a row");
        let kept: String = last.chars().take(room).collect();
        // Back to the last space unless the row's next character was one.
        let whole = last.chars().nth(room).is_none_or(|next| next == ' ');
        let kept = match kept.rfind(' ') {
            Some(space) if !whole => kept[..space].trim_end().to_owned(),
            _ => kept.trim_end().to_owned(),
        };
        *last = kept + marker;
    }
    lines
}

/// The title, `width` columns wide: game, sides, strength, move count and
/// key help at the left, both clocks in full at the right. Where the
/// columns are too few the left gives way: first the move count, then the
/// sides, then the key help, then it is cut short with `…`.
fn title_line(app: &App, width: u16) -> Line<'static> {
    let title = app.title;
    let who = match app.session.opponent {
        Opponent::Engine => {
            let you = app.name(app.session.human);
            let strength = app.strength();
            app.say(&text!("you: {you} · engine {strength}", "du: {you} · Computer {strength}"))
        }
        Opponent::Human => app.say(&text!("two players", "zwei Spieler")),
    };
    // The number of the move being played, counted in move pairs as the
    // move list and the boards' own notes number them; once the game is
    // over, of the last one played, or of the one that was to be played
    // when the game ended off the board (a resignation, a time forfeit).
    let game = app.session.game.as_ref();
    let mut sides = movers(game);
    let on_the_board = final_position(game);
    if on_the_board.outcome().is_none() {
        sides.push(on_the_board.side_to_move());
    }
    let labels = move_labels(&sides);
    let number = labels.last().map_or("1", |label| label.trim_end_matches('.'));
    let count = app.say(&text!("move {number}", "Zug {number}"));
    let help = app.say(&text!("F1 help", "F1 Hilfe"));
    let clocks = app.session.clock.as_ref().map(|clock| {
        let now = Instant::now();
        let to_move = app.session.game.side_to_move();
        let running = app.session.game.outcome().is_none() && app.review.is_none();
        let clocks: Vec<String> = game::Player::BOTH
            .into_iter()
            .map(|player| {
                let mark = if running && player == to_move { "▸" } else { " " };
                format!("{mark}{} {}", app.name(player), show(clock.remaining(player, now)))
            })
            .collect();
        format!("│{} ", clocks.join("  "))
    });
    let room = usize::from(width).saturating_sub(clocks.as_ref().map_or(0, |c| c.chars().count()));
    let (who, count, help) = (who.as_str(), count.as_str(), help.as_str());
    let choices: [&[&str]; 4] = [&[title, who, count, help], &[title, who, help], &[title, help], &[title]];
    let left = choices
        .iter()
        .map(|parts| format!(" {} ", parts.join(" · ")))
        .find(|left| left.chars().count() <= room)
        .unwrap_or_else(|| cut(&format!(" {title} "), room));
    let pad = room.saturating_sub(left.chars().count());
    let mut spans = vec![Span::raw(left)];
    if let Some(clocks) = clocks {
        // The clocks at the right edge.
        spans.push(Span::raw(" ".repeat(pad)));
        spans.push(Span::raw(clocks));
    }
    Line::from(spans)
}

/// `text` cut to `room` characters, its end marked with `…` when cut.
fn cut(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_owned();
    }
    let kept: String = text.chars().take(room.saturating_sub(1)).collect();
    if room == 0 { kept } else { format!("{kept}…") }
}

/// The characters of `line`, without its styles.
pub fn plain(line: &Line) -> String {
    line.spans.iter().map(|span| span.content.as_ref()).collect()
}

/// The status, wrapped at spaces over its rows, with the key help at the
/// right of its last row where it fits (a status of two rows keeps it
/// too): all the keys, else F1 alone.
fn draw_status(frame: &mut Frame, app: &App, line: Line<'static>, area: Rect) {
    let wrapped = wrap_words(&plain(&line), area.width);
    let last_row = wrapped.last().map_or(0, |row| row.chars().count());
    let room = usize::from(area.width).saturating_sub(last_row + 2);
    let fits = wrapped.len() <= usize::from(area.height.max(1));
    let row = Rect { y: area.bottom().saturating_sub(1), height: area.height.min(1), ..area };
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
    // While the engine thinks Ctrl-C makes it move, else it leaves; F5
    // only where it changes the board.
    let zoom = if app.zoomable { app.say(&text!(" · F5 zoom", " · F5 Zoom")) } else { String::new() };
    let keys = if app.thinking() {
        text!("F1 help · F2 legend{zoom} · ^C move now", "F1 Hilfe · F2 Legende{zoom} · Strg-C jetzt ziehen")
    } else {
        text!("F1 help · F2 legend{zoom} · ^C quit", "F1 Hilfe · F2 Legende{zoom} · Strg-C Ende")
    };
    let keys = app.say(&keys);
    let help = app.say(&text!("F1 help", "F1 Hilfe"));
    let fitting = [keys, help].into_iter().find(|keys| fits && keys.chars().count() <= room);
    if let Some(keys) = fitting {
        let faint = Style::default().fg(Color::Indexed(244));
        frame.render_widget(Paragraph::new(keys).style(faint).alignment(Alignment::Right), row);
    }
}

/// The game's state in one line: the last line of the drawing's notes
/// (Amakta's phase), or who is to move; the engine's thinking.
fn status_line(app: &App) -> Line<'static> {
    if let Some(review) = &app.review {
        let ply = review.ply;
        let (done, all) = (review.evaluations.done(), review.evaluations.scores.len());
        let evaluated = if done < all {
            app.say(&text!(" · evaluating {done}/{all}", " · bewertet {done}/{all}"))
        } else {
            String::new()
        };
        let game = app.session.game.as_ref();
        let (labels, moves) = (move_labels(&movers(game)), game.moves());
        // The move reviewed numbered as in the move list; how far the
        // review is counted as its prompt counts it (`Review 2/2>`), in
        // moves of either side.
        let last = moves.len();
        let reviewed = match ply.checked_sub(1).and_then(|index| labels.get(index).zip(moves.get(index))) {
            Some((label, mv)) => app.say(&text!("position after {label} {mv}", "Stellung nach {label} {mv}")),
            None => app.say(&text!("the start position", "die Anfangsstellung")),
        };
        return Line::from(app.say(&text!(
            "Review: {reviewed} ({ply}/{last} moves of either side){evaluated}",
            "Nachspielen: {reviewed} ({ply}/{last} Züge beider Seiten){evaluated}"
        )));
    }
    if let Some(outcome) = app.session.game.outcome() {
        let result = app.say(&result_line(app.session.game.as_ref(), &outcome));
        return Line::from(app.say(&text!("Game over: {result}", "Spielende: {result}")));
    }
    let mut spans = match &app.status {
        Some(line) => line.spans.clone(),
        None => {
            let mover = app.name(app.session.game.side_to_move());
            vec![Span::raw(app.say(&text!("{mover} to move", "{mover} am Zug")))]
        }
    };
    let to_move = app.session.game.side_to_move();
    if let Some(example) = app.example.as_ref().filter(|_| !app.session.engine_plays(to_move)) {
        // How a move is written, for a player who has not pressed Tab yet.
        let faint = Style::default().fg(Color::Indexed(244));
        spans.push(Span::styled(app.say(&text!(" · e.g. {example}", " · z.\u{a0}B. {example}")), faint));
        if let Some(hint) = all_circles_hint(app.session.game.as_ref()) {
            spans.push(Span::styled(app.say(&hint), faint));
        }
    }
    if app.thinking() {
        spans.push(Span::styled(
            app.say(&text!(" · thinking…", " · denkt…")),
            Style::default().fg(Color::Indexed(220)),
        ));
    }
    Line::from(spans)
}

/// One row of the move list as the record numbers it: its number (`3.`,
/// or `3...` for a reply that answers no move of the first player) and
/// its one or two moves, each with the review's evaluation after it and
/// whether it is the reviewed one.
pub struct MoveRow {
    /// `3.` or `3...`.
    pub label: String,
    /// The move, and the reply that shares its row.
    pub moves: Vec<(String, bool)>,
}

/// The first `shown` moves of the game in [`MoveRow`]s: a move and the
/// reply to it on one row, as the line mode's `history` and the record
/// write them.
pub fn move_rows_of(app: &App, shown: usize) -> Vec<MoveRow> {
    let game = app.session.game.as_ref();
    let moves = game.moves();
    let sides = movers(game);
    let labels = move_labels(&sides);
    let mark = app.review.as_ref().map(|review| review.ply);
    move_rows(&sides[..shown.min(sides.len())])
        .into_iter()
        .map(|row| MoveRow {
            label: labels[row[0]].clone(),
            moves: row
                .into_iter()
                .map(|index| {
                    let evaluation = app.evaluation_after(index).map(|e| format!(" {e}")).unwrap_or_default();
                    (format!("{}{evaluation}", moves[index]), mark == Some(index + 1))
                })
                .collect(),
        })
        .collect()
}

/// The numbered moves, a move and its reply on one row where the list is
/// wide enough for every row, else one move a row; the last (or the
/// reviewed one) in view, with the engine's evaluation in the review.
pub fn draw_moves(frame: &mut Frame, app: &App, area: Rect) {
    let moves = app.session.game.moves();
    let mark = app.review.as_ref().map(|review| review.ply);
    let width = usize::from(area.width.saturating_sub(2));
    let rows = move_rows_of(app, moves.len());
    let first_width = rows.iter().map(|row| row.moves[0].0.chars().count()).max().unwrap_or(0);
    let pairs_fit = rows.iter().all(|row| {
        let second = row.moves.get(1).map_or(0, |(text, _)| 1 + text.chars().count());
        6 + 1 + first_width + second <= width
    });
    let reversed = Style::default().add_modifier(Modifier::REVERSED);
    let (lines, focus): (Vec<Line>, usize) = if pairs_fit {
        let lines = rows
            .iter()
            .map(|row| {
                let mut spans = vec![Span::raw(format!("{:>6} ", row.label))];
                for (index, (text, marked)) in row.moves.iter().enumerate() {
                    let text = if index == 0 && row.moves.len() > 1 {
                        format!("{text:<first_width$}")
                    } else {
                        text.clone()
                    };
                    if index > 0 {
                        spans.push(Span::raw(" "));
                    }
                    spans.push(if *marked { Span::styled(text, reversed) } else { Span::raw(text) });
                }
                Line::from(spans)
            })
            .collect();
        // The rows up to the reviewed move's, or all.
        let focus = match mark {
            Some(ply) => {
                rows.iter().take_while(|row| row.moves.iter().all(|(_, marked)| !marked)).count()
                    + usize::from(ply > 0)
            }
            None => rows.len(),
        };
        (lines, focus.min(rows.len()))
    } else {
        // Numbered as in the record: `3.` and `3...`.
        let labels = move_labels(&movers(app.session.game.as_ref()));
        let lines = moves
            .iter()
            .zip(&labels)
            .enumerate()
            .map(|(index, (mv, label))| {
                let evaluation = app.evaluation_after(index).unwrap_or_default();
                let text = format!("{label:>6} {mv}");
                let room = width.saturating_sub(evaluation.chars().count() + 1);
                // The number's padding gives way to the evaluation first.
                let padding = text.len() - text.trim_start().len();
                let text = text[padding.min(text.chars().count().saturating_sub(room))..].to_owned();
                let text: String = text.chars().take(room).collect();
                let line = format!("{text:<room$} {evaluation}");
                if mark == Some(index + 1) { Line::styled(line, reversed) } else { Line::from(line) }
            })
            .collect();
        (lines, mark.unwrap_or(moves.len()))
    };
    let rows = usize::from(area.height.saturating_sub(1));
    let first = focus.saturating_sub(rows);
    let title = app.say(&text!("Moves", "Züge"));
    let block = Block::default().borders(Borders::LEFT | Borders::TOP).title(title);
    let scroll = u16::try_from(first).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), area);
}

/// The prompt with the typed line, scrolled so the cursor is in view.
fn draw_prompt(frame: &mut Frame, app: &App, area: Rect) {
    let label = match &app.review {
        Some(review) => {
            let (ply, last) = (review.ply, app.session.game.moves().len());
            app.say(&text!("Review {ply}/{last}> ", "Nachspielen {ply}/{last}> "))
        }
        None if app.session.game.outcome().is_some() => app.say(&text!("Game over> ", "Spielende> ")),
        None => {
            let mover = app.name(app.session.game.side_to_move());
            app.say(&text!("{mover} to move> ", "{mover} am Zug> "))
        }
    };
    let label_width = u16::try_from(label.chars().count()).unwrap_or(u16::MAX);
    let room = usize::from(area.width.saturating_sub(label_width).saturating_sub(1)).max(1);
    let text: Vec<char> = app.editor.text().chars().collect();
    let cursor = app.editor.cursor();
    let skip = cursor.saturating_sub(room);
    let shown: String = text.iter().skip(skip).take(room).collect();
    let line = Line::from(vec![
        Span::styled(label, Style::default().add_modifier(Modifier::BOLD)),
        Span::raw(shown),
    ]);
    frame.render_widget(Paragraph::new(line), area);
    let x = area.x + label_width + u16::try_from(cursor - skip).unwrap_or(0);
    frame.set_cursor_position(Position::new(x.min(area.right().saturating_sub(1)), area.y));
}
