//! Amakta Infinit as a [`game::Game`]: options, seats, keys and outcome.

use super::entry::{ARROW_CAP_BOUNDS, DISTANCE_BOUNDS, PLY_LIMIT_BOUNDS, POINTS_BOUNDS};
use super::{Amendments, Infinit, InfinitMove, Stage};
use crate::rules::{NO_CAPTURE_LIMIT, REPETITION_IGNORES_SIDE_TO_MOVE, REPETITION_OCCURRENCES};
use game::{Bounds, Game, GameError, Options, Outcome, Player, Repetition, StaticText, text};
use std::ops::Range;

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Infinit {
    /// The start position of the options `distance` and `points` (see
    /// [`mod@super::entry`]), or the position of `text`.
    pub fn from_options(options: &Options, text: Option<&str>) -> Result<Infinit, GameError> {
        let amendments = Infinit::amendments_of(options)?;
        if let Some(text) = text {
            return Infinit::from_text(text).map(|game| game.with_amendments(amendments));
        }
        let number = |name: &str, default: &str, bounds: Bounds| -> Result<i64, GameError> {
            let value = options.get(name).unwrap_or(default);
            let Bounds { min, max } = bounds;
            bounds.parse(value).ok_or_else(|| {
                GameError::option(
                    name,
                    text!(
                        "'{value}' is not a whole number from {min} to {max}",
                        "„{value}“ ist keine ganze Zahl von {min} bis {max}"
                    ),
                )
            })
        };
        let distance = number("distance", "8", DISTANCE_BOUNDS)?;
        let points = number("points", "50", POINTS_BOUNDS)?;
        Infinit::new(distance as i32, points as u32)
            .map_err(|e| GameError::option("distance", e))
            .map(|game| game.with_amendments(amendments))
    }

    /// The amendments of the options `arrow-cap` and `ply-limit` (`none`
    /// or a number).
    pub fn amendments_of(options: &Options) -> Result<Amendments, GameError> {
        let limit = |name: &str, bounds: Bounds| -> Result<Option<u32>, GameError> {
            match options.get(name).map(str::trim) {
                None | Some("none" | "" | "0") => Ok(None),
                Some(value) => {
                    bounds.parse(value).and_then(|n| u32::try_from(n).ok()).map(Some).ok_or_else(|| {
                        let Bounds { min, max } = bounds;
                        GameError::option(
                            name,
                            text!(
                                "'{value}' is not none nor a number from {min} to {max}",
                                "„{value}“ ist weder none noch eine Zahl von {min} bis {max}"
                            ),
                        )
                    })
                }
            }
        };
        Ok(Amendments {
            arrow_cap: limit("arrow-cap", ARROW_CAP_BOUNDS)?,
            ply_limit: limit("ply-limit", PLY_LIMIT_BOUNDS)?,
        })
    }

    /// The situation compared for repetition: the pieces (places,
    /// orientations, owners, marks, circles) and the state of the start,
    /// without the side to move and the quiet-plies counter.
    #[must_use]
    pub fn situation_key(&self) -> u64 {
        let stage = match self.stage {
            Stage::Bidding => 1,
            Stage::Creation(colour) => 2 + colour.index() as u64,
            Stage::Play => 4,
        };
        let bidding = self.stage == Stage::Bidding;
        let start = [
            stage,
            u64::from(self.offer.filter(|_| bidding).map_or(u32::MAX, |o| o)),
            u64::from(if bidding { self.offers } else { 0 }),
            u64::from(self.left[0]) | u64::from(self.left[1]) << 32,
            u64::from(self.closed[0]) | u64::from(self.closed[1]) << 1,
        ];
        start.iter().fold(self.position.situation_key(), |key, &part| mix(key ^ part))
    }
}

impl Game for Infinit {
    type Move = InfinitMove;

    fn side_to_move(&self) -> Player {
        self.seat_to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<InfinitMove>) {
        self.generate(moves);
    }

    /// Stone creation's moves (hundreds of thousands) are counted without
    /// listing them when there are too many to list.
    fn count_legal_moves(&self, list_up_to: usize, moves: &mut Vec<InfinitMove>) -> usize {
        if let Some(count) = self.creation_move_count()
            && count > list_up_to
        {
            moves.clear();
            return count;
        }
        self.generate(moves);
        let count = moves.len();
        if count > list_up_to {
            moves.clear();
        }
        count
    }

    /// Stone creation's moves are picked by index without listing the
    /// others.
    fn legal_moves_in(&self, range: Range<usize>, moves: &mut Vec<InfinitMove>) {
        if !self.creation_moves_in(range.clone(), moves) {
            self.generate(moves);
            let end = range.end.min(moves.len());
            moves.truncate(end);
            moves.drain(..range.start.min(end));
        }
    }

    /// Stone creation's moves are judged without listing them.
    fn is_legal(&self, mv: InfinitMove) -> bool {
        self.creation_move_is_legal(mv).unwrap_or_else(|| {
            let mut moves = Vec::new();
            self.generate(&mut moves);
            moves.contains(&mv)
        })
    }

    fn play(&mut self, mv: InfinitMove) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Play {
            return None;
        }
        if let Some(winner) = self.position.winner() {
            return Some(Outcome::win(self.position.seat_of(winner).expect("colours are known"), "base"));
        }
        if self.ply_limit_reached() {
            return Some(match self.tie_break() {
                Some(colour) => {
                    Outcome::win(self.position.seat_of(colour).expect("colours are known"), "ply-limit")
                }
                None => Outcome::draw("ply-limit"),
            });
        }
        (self.quiet >= NO_CAPTURE_LIMIT).then(|| Outcome::draw("no-captures"))
    }

    fn hash(&self) -> u64 {
        let side = self.seat_to_move().index() as u64
            + 2 * self.position.p1_colour().map_or(2, |c| c.index() as u64)
            + 8 * self.position.colour_to_move().index() as u64;
        self.situation_key() ^ mix(side.wrapping_mul(0x2545_F491_4F6C_DD1D))
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: REPETITION_OCCURRENCES })
    }

    fn repetition_key(&self) -> u64 {
        if REPETITION_IGNORES_SIDE_TO_MOVE { self.situation_key() } else { self.hash() }
    }

    /// Bids (their count is part of the key while bidding lasts), the
    /// acceptance (bidding is over for good) and closing a set (closed
    /// stays closed); stone creation and play are not claimed.
    fn is_irreversible(&self, mv: InfinitMove) -> bool {
        matches!(mv, InfinitMove::Bid(_) | InfinitMove::Accept | InfinitMove::Close)
    }

    /// Bidding and stone creation.
    fn in_setup(&self) -> bool {
        self.stage != Stage::Play
    }

    fn parse_move(&self, text: &str) -> Result<InfinitMove, GameError> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: InfinitMove) -> String {
        self.move_text(mv)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn player_name(&self, player: Player) -> StaticText {
        crate::colour::player_name(self.position.p1_colour(), player)
    }
}

#[cfg(feature = "presentation")]
impl game::Presentation for Infinit {
    fn render(&self, last: Option<InfinitMove>, style: game::Style) -> String {
        self.drawing(last, style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        let cell = self.drawn_cell(line, column)?;
        Some(crate::board::Board::cell_name(self.position.board(), cell))
    }

    /// Every row of the viewport with all its lines (the viewport itself
    /// grows with the stones).
    fn board_lines_most(&self, style: game::Style) -> Option<usize> {
        let ((r0, r1), _) = self.viewport();
        let rows = usize::try_from(r1 - r0 + 1).unwrap_or(0);
        Some(rows * crate::render::row_lines_most(style))
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(super::view::InfinitView::from(self))
            .expect("a view of strings and numbers serialises")
    }

    /// `cell q,r` and `stone q,r`: the arrows into the cell, its control,
    /// the stone there and the legal moves of play with it.
    fn explain(&self, what: &str) -> Option<Result<game::Text, game::Text>> {
        let mut moves = Vec::new();
        if self.stage == Stage::Play {
            self.generate(&mut moves);
        }
        let play: Vec<_> = moves
            .into_iter()
            .filter_map(|mv| match mv {
                InfinitMove::Play(mv) => Some(mv),
                _ => None,
            })
            .collect();
        self.position.explain_command(what, &play)
    }

    /// A created stone's price: `create 000333 n` costs 36 points.
    fn move_note(&self, mv: &str) -> Option<game::Text> {
        match self.parse_move(mv).ok()? {
            InfinitMove::Create(stone, circle) => {
                let price = super::value::stone_value(stone, circle);
                Some(game::text!("{price} points", "{price} Punkte"))
            }
            _ => None,
        }
    }
}
