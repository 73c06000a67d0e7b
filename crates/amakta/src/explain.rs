//! The explanation of one cell for people (`cell e5` / `stone e5` in the
//! terminal, [`game::Presentation::explain`]): the arrows pointing into it, per
//! colour, blocked or not; its control; the stone there with owner, code,
//! orientation, circle, free or bound, and who may expropriate or release
//! it; and the legal moves that involve the cell.

use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Position};
use crate::render::ARROW_GLYPHS;
use game::{Text, text};

/// Moves listed one by one; more are summed up by kind.
const LISTED_MOVES: usize = 8;

/// One arrow pointing into the explained cell.
struct Incoming {
    /// The cell of the stone the arrow starts from.
    from: Hex,
    /// Its direction (0..6).
    direction: usize,
    /// Its reach (1..=3).
    reach: i32,
    /// The stone owner's colour.
    owner: Colour,
    /// Whether a cell on the way blocks it.
    blocked: bool,
}

/// The colour's name in both languages.
fn colour_text(colour: Colour) -> Text {
    Text::new(colour.name(), colour.name_de())
}

/// Lines of both languages joined with newlines.
fn join(lines: &[Text]) -> Text {
    let en: Vec<&str> = lines.iter().map(|t| t.en.as_str()).collect();
    let de: Vec<&str> = lines.iter().map(|t| t.de.as_str()).collect();
    Text::new(en.join("\n"), de.join("\n"))
}

/// How many of `moves` there are of each kind, in order of first
/// appearance: `rotate 5, take 1`.
fn kind_counts(moves: &[Move]) -> String {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for mv in moves {
        match kinds.iter_mut().find(|(kind, _)| *kind == mv.kind()) {
            Some((_, n)) => *n += 1,
            None => kinds.push((mv.kind(), 1)),
        }
    }
    let kinds: Vec<String> = kinds.iter().map(|(kind, n)| format!("{kind} {n}")).collect();
    kinds.join(", ")
}

impl<B: Board> Position<B> {
    /// Answers `cell CELL` or `stone CELL` (both explain the cell and the
    /// stone on it) with the legal moves `moves`, and `circle` with what
    /// the setup's circle moves write (for a line under the legal moves);
    /// `None` for other words.
    pub(crate) fn explain_command(&self, what: &str, moves: &[Move]) -> Option<Result<Text, Text>> {
        let what = what.trim();
        let (command, rest) = what.split_once(char::is_whitespace).unwrap_or((what, ""));
        if command == "circle" && rest.is_empty() {
            return Some(Ok(text!(
                "circle: =n no circle, =r reinforcement, =d damage; `circle r` (n, d) is short for the next stone",
                "circle: =n kein Kreis, =r Verstärkung, =d Schaden; `circle r` (n, d) ist kurz für den nächsten Stein"
            )));
        }
        if !matches!(command, "cell" | "stone") {
            return None;
        }
        let rest = rest.trim();
        if rest.is_empty() {
            return Some(Err(text!("say which cell: `{command} e5`", "nenne ein Feld: `{command} e5`")));
        }
        Some(self.board().parse_cell(rest).map(|cell| self.explain_cell(cell, moves)))
    }

    /// Every stone arrow pointing into `cell`, blocked or not.
    fn incoming(&self, cell: Hex) -> Vec<Incoming> {
        let mut arrows = Vec::new();
        for direction in 0..6 {
            for reach in 1..=3 {
                let from = cell.step(direction, -reach);
                if !self.board().contains(from) {
                    continue;
                }
                let Some(id) = self.occupant(from) else { continue };
                let stone = self.pieces()[id].orientation;
                for _ in stone.arrows(direction).iter().filter(|&&k| i32::from(k) == reach) {
                    let blocked = self.is_blocked(from, direction, reach);
                    arrows.push(Incoming { from, direction, reach, owner: self.owner(id), blocked });
                }
            }
        }
        arrows
    }

    /// The arrows of one colour into `cell`: the base arrow and the
    /// unblocked stone arrows, then the blocked ones.
    fn arrows_line(&self, cell: Hex, colour: Colour, incoming: &[Incoming]) -> Text {
        let name = |a: &&Incoming| {
            format!("{} {}{}", self.board().cell_name(a.from), ARROW_GLYPHS[a.direction], a.reach)
        };
        let mine: Vec<&Incoming> = incoming.iter().filter(|a| a.owner == colour).collect();
        let mut live: Vec<String> = mine.iter().filter(|a| !a.blocked).map(name).collect();
        let blocked: Vec<String> = mine.iter().filter(|a| a.blocked).map(name).collect();
        let mut live_de = live.clone();
        if self.board().base(colour) == cell {
            live.push("base arrow".to_owned());
            live_de.push("Basispfeil".to_owned());
        }
        let (en, de, count) = (colour.name(), colour.name_de(), live.len());
        let (list, list_de) = (live.join(", "), live_de.join(", "));
        let line = if live.is_empty() {
            text!("{en} arrows: 0", "Pfeile von {de}: 0")
        } else {
            text!("{en} arrows: {count} ({list})", "Pfeile von {de}: {count} ({list_de})")
        };
        if blocked.is_empty() {
            return line;
        }
        let list = blocked.join(", ");
        join(&[line, text!("  blocked: {list}", "  blockiert: {list}")])
    }

    /// The effective counts and who controls `cell`.
    fn control_line(&self, cell: Hex, name: &str) -> Text {
        let [white, black] = self.effective_arrows(cell);
        let counted = if self.raw_arrows(cell) == [white, black] {
            text!("Counted: White {white}, Black {black}", "Gezählt: Weiß {white}, Schwarz {black}")
        } else {
            text!(
                "With the circle: White {white}, Black {black}",
                "Mit dem Kreis: Weiß {white}, Schwarz {black}"
            )
        };
        let verdict = match self.control(cell) {
            Control::Free => text!("{name} is free (no arrows)", "{name} ist frei (keine Pfeile)"),
            Control::Tie => {
                text!("a tie, nobody controls {name}", "Gleichstand, niemand kontrolliert {name}")
            }
            Control::Of(colour) => {
                let (en, de) = (colour.name(), colour.name_de());
                text!("{en} controls {name}", "{de} kontrolliert {name}")
            }
        };
        let (c_en, c_de, v_en, v_de) = (counted.en, counted.de, verdict.en, verdict.de);
        text!("{c_en} — {v_en}.", "{c_de} — {v_de}.")
    }

    /// The stone on `cell` (piece `id`): who owns it, code, orientation,
    /// circle, its arrows, free or bound, expropriation.
    fn stone_lines(&self, id: usize, cell: Hex, name: &str) -> Vec<Text> {
        let state = self.pieces()[id];
        let info = &self.catalog()[id];
        let (code, orientation) = (info.stone, state.orientation);
        let owner = self.owner(id);
        let (own_en, own_de) = (owner.name(), owner.name_de());
        let whose = if state.expropriated {
            let (orig_en, orig_de) = (info.colour.name(), info.colour.name_de());
            text!(
                "{orig_en}'s stone, expropriated by {own_en} (now {own_en}'s, no circle)",
                "Stein von {orig_de}, von {own_de} enteignet (jetzt von {own_de}, ohne Kreis)"
            )
        } else {
            let (circle_en, circle_de) = match state.circle {
                Circle::None => ("no circle", "ohne Kreis"),
                Circle::Reinforcement => ("reinforcement circle", "mit Verstärkung"),
                Circle::Damage => ("damage circle", "mit Schaden"),
            };
            text!("{own_en}'s original stone, {circle_en}", "Originalstein von {own_de}, {circle_de}")
        };
        let (w_en, w_de) = (whose.en, whose.de);
        let mut lines = vec![text!(
            "Stone {code} in orientation {orientation}: {w_en}.",
            "Stein {code} in Ausrichtung {orientation}: {w_de}."
        )];
        lines.push(self.outgoing_line(cell, orientation));
        lines.push(match (self.is_free(id, cell), state.expropriated) {
            (true, false) => text!(
                "Free: {own_en} may rotate, take or relocate it.",
                "Frei: {own_de} darf ihn drehen, nehmen oder versetzen."
            ),
            (true, true) => text!(
                "Free: {own_en} may rotate or relocate it, or take it out of the game.",
                "Frei: {own_de} darf ihn drehen, versetzen oder aus dem Spiel nehmen."
            ),
            (false, _) => {
                text!("Bound: {own_en} may not move it.", "Gebunden: {own_de} darf ihn nicht bewegen.")
            }
        });
        lines.push(self.expropriation_line(id, cell, name));
        lines
    }

    /// Where the arrows of the stone on `cell` point, and which are
    /// blocked.
    fn outgoing_line(&self, cell: Hex, stone: crate::Stone) -> Text {
        let mut items = Vec::new();
        let mut items_de = Vec::new();
        for (d, glyph) in ARROW_GLYPHS.iter().enumerate() {
            for &k in stone.arrows(d) {
                let k = i32::from(k);
                let target = cell.step(d, k);
                let (en, de) = if !self.board().contains(target) {
                    ("off the board".to_owned(), "ins Leere".to_owned())
                } else if self.is_blocked(cell, d, k) {
                    let at = self.board().cell_name(target);
                    (format!("{at} (blocked)"), format!("{at} (blockiert)"))
                } else {
                    (self.board().cell_name(target), self.board().cell_name(target))
                };
                items.push(format!("{glyph}{k} {en}"));
                items_de.push(format!("{glyph}{k} {de}"));
            }
        }
        if items.is_empty() {
            return text!("It has no arrows.", "Er hat keine Pfeile.");
        }
        let (list, list_de) = (items.join(", "), items_de.join(", "));
        text!("Its arrows: {list}.", "Seine Pfeile: {list_de}.")
    }

    /// Who may expropriate (an original stone) or release (an
    /// expropriated one) the stone `id` on `cell`, and whether now.
    fn expropriation_line(&self, id: usize, cell: Hex, name: &str) -> Text {
        let rival = self.owner(id).other();
        let (en, de) = (rival.name(), rival.name_de());
        let controls = self.control(cell) == Control::Of(rival);
        match (self.pieces()[id].expropriated, controls) {
            (false, true) => text!(
                "{en} controls {name} and may expropriate it on {en}'s turn.",
                "{de} kontrolliert {name} und darf ihn im eigenen Zug enteignen."
            ),
            (false, false) => text!(
                "{en} may expropriate it only while controlling {name}.",
                "{de} darf ihn nur enteignen, solange {de} {name} kontrolliert."
            ),
            (true, true) => text!(
                "It can't be expropriated back; {en} controls {name} and may release it.",
                "Er kann nicht zurück enteignet werden; {de} kontrolliert {name} und darf ihn freigeben."
            ),
            (true, false) => text!(
                "It can't be expropriated back; {en} may release it while controlling {name}.",
                "Er kann nicht zurück enteignet werden; {de} darf ihn freigeben, solange {de} {name} kontrolliert."
            ),
        }
    }

    /// The legal moves that involve `cell`: all when few, else counted by
    /// kind.
    fn moves_line(&self, cell: Hex, name: &str, moves: &[Move]) -> Text {
        let with: Vec<Move> =
            moves.iter().copied().filter(|&mv| Self::move_cells(mv).contains(&cell)).collect();
        if with.is_empty() {
            return text!("No legal move involves {name} now.", "Kein zulässiger Zug betrifft jetzt {name}.");
        }
        let (count, mover) = (with.len(), colour_text(self.colour_to_move()));
        let (m_en, m_de) = (mover.en, mover.de);
        if count <= LISTED_MOVES {
            let list: Vec<String> = with.iter().map(|&mv| self.move_text(mv)).collect();
            let list = list.join(", ");
            return text!(
                "Legal moves of {m_en} with {name} ({count}): {list}",
                "Zulässige Züge von {m_de} mit {name} ({count}): {list}"
            );
        }
        let kinds = kind_counts(&with);
        text!(
            "Legal moves of {m_en} with {name} ({count}): {kinds}; `moves {name}` lists them",
            "Zulässige Züge von {m_de} mit {name} ({count}): {kinds}; `moves {name}` zeigt sie"
        )
    }

    /// The whole explanation of `cell` with the legal moves `moves`.
    pub(crate) fn explain_cell(&self, cell: Hex, moves: &[Move]) -> Text {
        let name = self.board().cell_name(cell);
        let mut lines = vec![match Colour::BOTH.into_iter().find(|&c| self.board().base(c) == cell) {
            Some(colour) => {
                let (en, de) = (colour.name(), colour.name_de());
                text!("Cell {name}: {en}'s base.", "Feld {name}: Basisfeld von {de}.")
            }
            None => text!("Cell {name}.", "Feld {name}."),
        }];
        let incoming = self.incoming(cell);
        for colour in Colour::BOTH {
            lines.push(self.arrows_line(cell, colour, &incoming));
        }
        lines.push(self.control_line(cell, &name));
        match self.occupant(cell) {
            Some(id) => lines.extend(self.stone_lines(id, cell, &name)),
            None => lines.push(text!("No stone on {name}.", "Kein Stein auf {name}.")),
        }
        lines.push(self.moves_line(cell, &name, moves));
        join(&lines)
    }
}

#[cfg(test)]
mod tests {
    use crate::Amakta;
    use crate::render::tests::POSITION;
    use game::{Game, Presentation};

    fn explain(what: &str) -> Option<Result<game::Text, game::Text>> {
        Amakta::from_text(POSITION).unwrap().explain(what)
    }

    #[test]
    fn a_bound_stone_is_explained_in_both_languages() {
        let text = explain("cell e3").unwrap().unwrap();
        assert_eq!(
            text.en,
            "Cell e3.\nWhite arrows: 1 (e2 →1)\nBlack arrows: 2 (e5 ←2, e5 ←2)\n\
             Counted: White 1, Black 2 — Black controls e3.\n\
             Stone 000000 in orientation 000000: White's original stone, no circle.\nIt has no arrows.\n\
             Bound: White may not move it.\nBlack controls e3 and may expropriate it on Black's turn.\n\
             No legal move involves e3 now."
        );
        assert!(text.de.contains("Gebunden: Weiß darf ihn nicht bewegen."), "{}", text.de);
        assert!(text.de.contains("Schwarz kontrolliert e3 und darf ihn im eigenen Zug enteignen."));
    }

    #[test]
    fn blocked_arrows_free_stones_and_moves_are_explained() {
        let base = explain("stone e1").unwrap().unwrap().en;
        assert!(base.starts_with("Cell e1: White's base.\nWhite arrows: 1 (base arrow)\n"), "{base}");
        assert!(base.contains("Its arrows: →3 e4 (blocked).\nFree: White may rotate"), "{base}");
        assert!(
            base.ends_with(
                "Legal moves of White with e1 (24): rotate 5, take 1, replace 18; `moves e1` lists them"
            ),
            "{base}"
        );
        let empty = explain("cell e4").unwrap().unwrap().en;
        assert!(empty.contains("White arrows: 0\n  blocked: e1 →3\n"), "{empty}");
        assert!(empty.contains("No stone on e4."), "{empty}");
        let reinforced = explain("cell e2").unwrap().unwrap().en;
        assert!(reinforced.contains("White's original stone, reinforcement circle"), "{reinforced}");
        let mv = explain("cell e3").unwrap().unwrap();
        assert!(!mv.en.contains("Legal moves"));
    }

    #[test]
    fn an_expropriated_stone_is_released_not_expropriated_back() {
        let mut position = Amakta::from_text(&POSITION.replace("turn=white", "turn=black")).unwrap();
        position.play(position.parse_move("expropriate e3").unwrap());
        let text = position.explain("cell e3").unwrap().unwrap().en;
        assert!(text.contains("White's stone, expropriated by Black (now Black's, no circle)."), "{text}");
        assert!(
            text.contains("Free: Black may rotate or relocate it, or take it out of the game."),
            "{text}"
        );
        assert!(text.contains("It can't be expropriated back; White may release it while controlling e3."));
        let drawing = position.drawing(None, game::Style::default());
        assert!(drawing.contains("     W →x    Wr→1    Be           22←B"), "{drawing}");
    }

    #[test]
    fn bad_requests_get_clear_errors_and_other_words_none() {
        let error = explain("cell z9").unwrap().unwrap_err();
        assert_eq!(error.en, "'z9': the board has no row z");
        assert!(!error.de.is_empty());
        assert_eq!(explain("stone").unwrap().unwrap_err().en, "say which cell: `stone e5`");
        assert!(explain("moves e5").is_none());
        assert!(explain("").is_none());
    }
}
