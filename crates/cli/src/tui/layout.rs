//! The middle of the full screen: the board, the game's notes under it
//! (Amakta's inventories, Amakta Infinit's sets) and the move list, beside
//! the board where it leaves the columns for it, else under it.
//!
//! The board keeps its place during a game: its rows keep the lines they
//! had (see [`Drawing::padded`](crate::tui::board::Drawing::padded)), the
//! zoom is decided for the whole game, and the room the board can grow
//! into is kept for it: under a board with the move list beside it, in the
//! middle of the screen; at the top where the list goes under the board.
//!
//! On a large screen the board is shown larger (see [`Scale`]) where the
//! larger board, the room it can grow into and its notes fit beside a move
//! list as wide as before.

use crate::tui::app::App;
use crate::tui::board::{BoardView, Scale};
use crate::tui::view::{MOVES_WIDTH, draw_moves, move_rows_of, moves_width, plain, rows, wrap_words};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// Where the room the board leaves goes.
struct Room {
    /// The board's room.
    board: Rect,
    /// The move list beside the board, if it is shown there.
    moves: Option<Rect>,
    /// Whether the board leaves the columns for the move list beside it.
    beside: bool,
}

/// Lays out and draws the board, its notes and the move list in `middle`.
pub fn draw_middle(frame: &mut Frame, app: &mut App, middle: Rect) {
    let mut room = room(app, middle);
    let same_room = app.board_room == room.board;
    app.board_room = room.board;
    if app.wants_compact() != app.compact {
        app.refresh();
        room = self::room(app, middle);
        app.board_room = room.board;
    }
    let mut scale = fitting_scale(app, middle);
    if let Some(review) = app.review.as_mut() {
        // Stepping through a finished game, a position whose notes leave
        // less room draws the board smaller; the next one does not draw
        // it larger again, or the board would jump at every step.
        if let Some((kept, room)) = review.scale
            && room == middle
            && kept.size() < scale.size()
        {
            scale = kept;
        }
        review.scale = Some((scale, middle));
    }
    if scale != app.scale {
        app.show_at(scale);
        room = self::room(app, middle);
        app.board_room = room.board;
    }
    let board = if room.beside {
        place_beside(app, room.board, same_room)
    } else {
        place_on_top(app, middle, same_room)
    };
    app.board_area = board;
    // Keep the viewport inside the drawing when the screen changed.
    app.viewport.labels = app.drawing.label_columns();
    app.viewport.scroll(0, 0, app.drawing.size(), (board.width, board.height));
    frame.render_widget(BoardView { drawing: &app.drawing, viewport: app.viewport }, board);
    let (board_width, _) = app.drawing.size();
    let width = room.board.width.min(board_width.max(room.board.width / 2));
    let x = board.x.min(room.board.right().saturating_sub(width));
    let under = room.board.bottom().saturating_sub(board.bottom());
    if room.beside {
        // The notes under the board after a blank line, the list beside.
        let notes = fit_notes(app, width, under.saturating_sub(1), false);
        draw_notes(frame, notes, Rect { x, y: board.bottom() + 1, width, height: under.saturating_sub(1) });
        app.moves_fit = true;
        app.moves_on_screen = room.moves.is_some();
        if let Some(moves) = room.moves {
            draw_moves(frame, app, moves);
        }
        return;
    }
    // The move list under the board: after the notes, or before them when
    // F4 asked for it; it takes the row of the note on the last move.
    let entries = if app.show_moves == Some(false) { Vec::new() } else { move_entries(app, width) };
    let all = u16::try_from(flowed(&entries, width, usize::MAX).len()).unwrap_or(u16::MAX);
    let first = if app.show_moves == Some(true) { all.min(2).min(under) } else { 0 };
    // A row for the list before the pointer to the legend, but not before
    // the stones' arrows.
    let reserve = if all > 0 { first.max(1).min(under) } else { 0 };
    let mut notes = fit_notes(app, width, under - reserve, true);
    if notes.shortened && reserve > first {
        notes = fit_notes(app, width, under - first, false);
    }
    let gap = u16::from(notes.rows + all < under);
    let notes_area = Rect { x, y: board.bottom() + gap, width, height: notes.rows };
    draw_notes(frame, notes, notes_area);
    let moves_rows = room.board.bottom().saturating_sub(notes_area.bottom()).min(all);
    let lines = flowed(&entries, width, usize::from(moves_rows));
    app.moves_fit = under > 0;
    app.moves_on_screen = !lines.is_empty();
    let area = Rect { x, y: notes_area.bottom(), width, height: moves_rows };
    frame.render_widget(Paragraph::new(lines), area);
}

/// The board's room and the move list's: beside the board where it leaves
/// [`MOVES_WIDTH`] columns, else all of `middle` for the board.
fn room(app: &mut App, middle: Rect) -> Room {
    let (board_width, _) = app.drawing.size();
    let spare = middle.width.saturating_sub(board_width + 1);
    let beside = leaves_room_beside(middle, board_width);
    if !beside {
        return Room { board: middle, moves: None, beside };
    }
    let mut width = moves_width(app, middle.width, board_width);
    if app.moves_widest.0 == middle.width {
        width = width.max(app.moves_widest.1).min(spare);
    }
    app.moves_widest = (middle.width, width);
    if !app.show_moves.unwrap_or(true) {
        return Room { board: middle, moves: None, beside };
    }
    let [board, moves] = Layout::horizontal([Constraint::Min(1), Constraint::Length(width)]).areas(middle);
    Room { board, moves: Some(moves), beside }
}

/// Whether a board `width` columns wide leaves room for the move list
/// beside it in `middle`.
fn leaves_room_beside(middle: Rect, width: u16) -> bool {
    middle.width.saturating_sub(width + 1) >= MOVES_WIDTH && middle.width > MOVES_WIDTH * 2
}

/// The largest scale at which the board fits `middle` beside the move list
/// as wide as it is beside the board as drawn, with the room the board can
/// grow into and all its notes under it. A board whose rows take several
/// lines each (Amakta's, also zoomed out) that does not fit so is drawn
/// wider alone where that fits: its height stays as drawn.
fn fitting_scale(app: &App, middle: Rect) -> Scale {
    let (drawn_width, _) = app.drawn.size();
    if !leaves_room_beside(middle, drawn_width) {
        return Scale::AS_DRAWN;
    }
    let list = moves_width(app, middle.width, drawn_width);
    let room = middle.width.saturating_sub(list);
    let fits = |scale: Scale| {
        let (width, _) = app.drawn.scaled(scale).0.size();
        let notes_width = room.min(width.max(room / 2));
        let notes = fit_notes(app, notes_width, u16::MAX, false).rows;
        let block = scale.lines(app.lines_most) + if notes > 0 { notes + 1 } else { 0 };
        width <= room
            && leaves_room_beside(middle, width)
            && moves_width(app, middle.width, width) >= list
            && block <= middle.height
    };
    let wider = |scale: Scale| {
        let (width, _) = app.drawn.scaled(scale).0.size();
        width <= room && leaves_room_beside(middle, width) && moves_width(app, middle.width, width) >= list
    };
    let larger = (!app.compact).then(|| Scale::LARGER.into_iter().find(|&scale| fits(scale))).flatten();
    let rows_of_lines = app.drawn.rows_of_several_lines(app.lines_most);
    larger
        .or_else(|| rows_of_lines.then(|| Scale::WIDER.into_iter().find(|&scale| wider(scale))).flatten())
        .unwrap_or(Scale::AS_DRAWN)
}

/// The board beside the move list: in the middle of `room` with the room
/// it can grow into and its notes, or where it was while it fits there.
fn place_beside(app: &App, room: Rect, same_room: bool) -> Rect {
    let (drawn_width, drawn_height) = app.drawing.size();
    let (width, height) = (drawn_width.min(room.width), drawn_height.min(room.height));
    let reserve = app.scale.lines(app.lines_most).max(height).min(room.height);
    let notes_width = room.width.min(drawn_width.max(room.width / 2));
    let notes = fit_notes(app, notes_width, room.height.saturating_sub(reserve + 1), false).rows;
    let block = if notes > 0 { reserve + notes + 1 } else { reserve };
    let mut board = Rect {
        x: room.x + (room.width - width) / 2,
        y: room.y + room.height.saturating_sub(block) / 2,
        width,
        height,
    };
    // A board that grew or shrank (a longer status under it: Die
    // Formation's last move; Amakta's rows with stones) stays where it
    // was while it fits there, rather than jumping to be centred again.
    let previous = app.board_area;
    let kept = same_room && previous.width > 0;
    if kept && previous.x >= room.x && previous.x + board.width <= room.right() {
        board.x = previous.x;
    }
    if kept && previous.y >= room.y && previous.y + board.height <= room.bottom() {
        board.y = previous.y;
    }
    board
}

/// The board with the move list under it: at the top of `middle`, in the
/// middle across, or where it was across while it fits there.
fn place_on_top(app: &App, middle: Rect, same_room: bool) -> Rect {
    let (width, height) = app.drawing.size();
    let (width, height) = (width.min(middle.width), height.min(middle.height));
    let mut x = middle.x + (middle.width - width) / 2;
    let previous = app.board_area;
    if same_room && previous.width > 0 && previous.x >= middle.x && previous.x + width <= middle.right() {
        x = previous.x;
    }
    Rect { x, y: middle.y, width, height }
}

/// The notes as they fit a room: their lines and the rows they take.
struct Notes {
    /// The lines.
    lines: Vec<Line<'static>>,
    /// Whether the lines are still to be wrapped to the room's width.
    wrap: bool,
    /// The rows they take.
    rows: u16,
    /// Whether the stones are shown by their codes alone, or not all of
    /// them are shown.
    shortened: bool,
}

/// Draws `notes` into `area`.
fn draw_notes(frame: &mut Frame, notes: Notes, area: Rect) {
    if notes.rows == 0 || area.height == 0 {
        return;
    }
    let paragraph = Paragraph::new(notes.lines);
    let paragraph = if notes.wrap { paragraph.wrap(Wrap { trim: true }) } else { paragraph };
    frame.render_widget(paragraph, area);
}

/// The game's notes in at most `most` rows of `width` columns: all of
/// them where they fit; else without the lines that say least (the last
/// move, which the move list and the message show; the pointer to the
/// legend, which F2 shows); else the stones by their codes alone (the
/// code gives the arrows), one stone list after the other; what is left
/// out then ends in `…`. `without_last_move`: the last move is left out
/// in any case (the move list shows it).
fn fit_notes(app: &App, width: u16, most: u16, without_last_move: bool) -> Notes {
    let count = |lines: &[Line]| lines.iter().map(|line| rows(&plain(line), width)).sum::<u16>();
    let all = app.notes.clone();
    let last_move = app.session.game.moves().last().cloned();
    let order = drop_order(&all, last_move.as_deref());
    let mut kept: Vec<usize> = (0..all.len()).collect();
    if without_last_move {
        kept.retain(|&index| !ends_with(&plain(&all[index]), last_move.as_deref()));
    }
    let start = kept.clone();
    if most == 0 || kept.is_empty() {
        return Notes { lines: Vec::new(), wrap: false, rows: 0, shortened: false };
    }
    let lines: Vec<Line> = kept.iter().map(|&index| all[index].clone()).collect();
    if count(&lines) <= most {
        let rows = count(&lines);
        return Notes { lines, wrap: true, rows, shortened: false };
    }
    for drop in &order {
        kept.retain(|index| index != drop);
        let lines: Vec<Line> = kept.iter().map(|&index| all[index].clone()).collect();
        if count(&lines) <= most {
            let rows = count(&lines);
            return Notes { lines, wrap: true, rows, shortened: false };
        }
    }
    // The stone lists by their codes alone, as many rows as there are.
    let mut kept = start;
    let shortened = |kept: &[usize]| -> Vec<String> {
        kept.iter().flat_map(|&index| wrap_words(&codes_only(&plain(&all[index])), width)).collect()
    };
    for drop in &order {
        if shortened(&kept).len() <= usize::from(most) {
            break;
        }
        kept.retain(|index| index != drop);
    }
    let mut lines = shortened(&kept);
    if lines.len() > usize::from(most) {
        lines.truncate(usize::from(most));
        if let Some(last) = lines.last_mut() {
            let room = usize::from(width).saturating_sub(2);
            *last = format!("{} …", last.chars().take(room).collect::<String>().trim_end());
        }
    }
    let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    Notes { lines: lines.into_iter().map(Line::from).collect(), wrap: false, rows, shortened: true }
}

/// The notes that may be left out, the first first: the last move (the
/// note that ends with it), then the lines without stones (`CODE=…`) from
/// the top (the pointer to the legend, Infinit's bases), then the lists of
/// stones before the last two (Infinit's sets in play: the inventories
/// after them hold the stones still to place); the last two lists of
/// stones (both sides' inventories) stay.
fn drop_order(notes: &[Line], last_move: Option<&str>) -> Vec<usize> {
    let texts: Vec<String> = notes.iter().map(plain).collect();
    let ends_with_move = |text: &String| ends_with(text, last_move);
    let mut order: Vec<usize> = (0..texts.len()).filter(|&index| ends_with_move(&texts[index])).collect();
    order.extend(
        (0..texts.len()).filter(|&index| !ends_with_move(&texts[index]) && !has_stones(&texts[index])),
    );
    let lists: Vec<usize> = (0..texts.len()).filter(|index| !order.contains(index)).collect();
    order.extend(lists.iter().take(lists.len().saturating_sub(2)));
    order
}

/// Whether `text` ends with the move `last_move` (the note on the last
/// move).
fn ends_with(text: &str, last_move: Option<&str>) -> bool {
    last_move.is_some_and(|mv| text.trim_end().ends_with(mv))
}

/// Whether a note lists stones: words `CODE=ARROWS`, or `-` for none
/// after its heading.
fn has_stones(text: &str) -> bool {
    text.trim_end().ends_with(": -") || text.split(' ').any(|word| stone_code(word).is_some())
}

/// The code of a stone written `000011(r)=↙1↘1`: what stands before `=`,
/// when it starts with a digit.
fn stone_code(word: &str) -> Option<&str> {
    let (code, _) = word.split_once('=')?;
    code.starts_with(|c: char| c.is_ascii_digit()).then_some(code)
}

/// `text` with every stone by its code alone (`000011(r)` for
/// `000011(r)=↙1↘1`).
fn codes_only(text: &str) -> String {
    text.split(' ').map(|word| stone_code(word).unwrap_or(word)).collect::<Vec<_>>().join(" ")
}

/// One entry of the list under the board: its parts (the number, the move
/// and the reply), a space apart, each marked or not.
type Entry = Vec<(String, bool)>;

/// The moves for the list under the board, numbered as in the record, a
/// move and its reply in one entry (`1. f2 b6`) where that fits `width`,
/// each with the review's evaluation; up to the reviewed one in the review
/// (marked), else all.
fn move_entries(app: &App, width: u16) -> Vec<Entry> {
    let moves = app.session.game.moves();
    let mark = app.review.as_ref().map(|review| review.ply);
    let shown = mark.filter(|&ply| ply > 0).unwrap_or(moves.len()).min(moves.len());
    let mut entries = Vec::new();
    for row in move_rows_of(app, shown) {
        let mut entry = vec![(row.label.clone(), false)];
        entry.extend(row.moves.iter().cloned());
        if length(&entry) <= usize::from(width) || row.moves.len() < 2 {
            entries.push(entry);
        } else {
            // The reply on its own, numbered as a reply (`1...`).
            let number = row.label.trim_end_matches('.');
            entries.push(vec![(row.label.clone(), false), row.moves[0].clone()]);
            entries.push(vec![(format!("{number}..."), false), row.moves[1].clone()]);
        }
    }
    entries
}

/// The columns `entry` takes.
fn length(entry: &Entry) -> usize {
    entry.iter().map(|(text, _)| text.chars().count() + 1).sum::<usize>().saturating_sub(1)
}

/// `entry` cut to `width` columns.
fn cut_entry(entry: &Entry, width: usize) -> Entry {
    let mut left = width;
    let mut cut = Vec::new();
    for (index, (text, marked)) in entry.iter().enumerate() {
        let space = usize::from(index > 0);
        if left <= space {
            break;
        }
        let text: String = text.chars().take(left - space).collect();
        left -= space + text.chars().count();
        cut.push((text, *marked));
    }
    cut
}

/// `entries` in rows of `width` columns, each whole and two spaces
/// apart, as many on a row as fit, the first on the first row; the last
/// `rows` of those rows (a row stays as it is while moves come), the
/// marked moves in reverse video.
fn flowed(entries: &[Entry], width: u16, rows: usize) -> Vec<Line<'static>> {
    let width = usize::from(width.max(1));
    let mut lines: Vec<Vec<Entry>> = Vec::new();
    let mut used = 0;
    for entry in entries {
        let entry = cut_entry(entry, width);
        let length = length(&entry);
        match lines.last_mut() {
            Some(row) if used + 2 + length <= width => {
                row.push(entry);
                used += 2 + length;
            }
            _ => {
                lines.push(vec![entry]);
                used = length;
            }
        }
    }
    let skip = lines.len().saturating_sub(rows);
    let reversed = Style::default().add_modifier(Modifier::REVERSED);
    lines
        .into_iter()
        .skip(skip)
        .map(|row| {
            let mut spans = Vec::new();
            for (index, entry) in row.into_iter().enumerate() {
                if index > 0 {
                    spans.push(Span::raw("  "));
                }
                for (part, (text, marked)) in entry.into_iter().enumerate() {
                    if part > 0 {
                        spans.push(Span::raw(" "));
                    }
                    spans.push(if marked { Span::styled(text, reversed) } else { Span::raw(text) });
                }
            }
            Line::from(spans)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(plain).collect()
    }

    /// An entry of a number and moves, none marked.
    fn entry(parts: &[&str]) -> Entry {
        parts.iter().map(|part| ((*part).to_owned(), false)).collect()
    }

    #[test]
    fn the_list_under_the_board_keeps_every_move_whole_and_ends_with_the_last() {
        let entries = [
            entry(&["1.", "place 000001 e1 000001"]),
            entry(&["1...", "place 000111 e9 001110"]),
            entry(&["2.", "take e1", "take e9"]),
        ];
        assert_eq!(
            texts(&flowed(&entries, 60, 5)),
            ["1. place 000001 e1 000001  1... place 000111 e9 001110", "2. take e1 take e9"]
        );
        // One row: the last, none cut.
        assert_eq!(texts(&flowed(&entries, 60, 1)), ["2. take e1 take e9"]);
        assert_eq!(texts(&flowed(&entries, 20, 2)), ["1... place 000111 e9", "2. take e1 take e9"]);
        assert_eq!(texts(&flowed(&entries, 9, 1)), ["2. take e"]);
        assert!(flowed(&entries, 60, 0).is_empty());
    }

    #[test]
    fn stones_shortened_to_their_codes_and_the_notes_left_out_first() {
        assert_eq!(
            codes_only("White inventory: 000000(r)=- 000011=↙1↘1"),
            "White inventory: 000000(r) 000011"
        );
        let notes: Vec<Line> = [
            "* base: White 0,0, Black 8,0 (distance 8).",
            "White (first player) set (32 of 50 points left): 000001=↘1 000011=↙1↘1",
            "Black (second player) set (0 of 5 points left): 000008(d)=↘13",
            "White inventory: 000011=↙1↘1",
            "Black inventory: -",
            "Last move: place 000001 0,0 000001",
        ]
        .into_iter()
        .map(Line::from)
        .collect();
        assert_eq!(drop_order(&notes, Some("place 000001 0,0 000001")), [5, 0, 1, 2]);
    }
}
