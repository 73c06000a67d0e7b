//! The rules engine: a position on any [`Board`], with incrementally
//! maintained arrow counts, control, freedom, and playing moves.

use crate::board::{Board, CellMap};
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::rules::{CIRCLE_SEAT, COLOUR_SEAT};
use crate::stones::Stone;
use game::Player;
use std::sync::Arc;

/// One stone of the game (the same code in White's and Black's set are two
/// pieces): its original colour, its canonical code and its orientations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The colour of the player it originally belongs to.
    pub colour: Colour,
    /// Its canonical code.
    pub stone: Stone,
    /// Every distinct orientation, smallest first.
    pub orientations: Vec<Stone>,
}

/// Where a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// In its owner's inventory.
    Inventory,
    /// On the board.
    Board(Hex),
    /// Removed from the game for good.
    Removed,
}

/// The changing state of one piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceState {
    /// Where it is.
    pub location: Location,
    /// Its orientation on the board; off the board its canonical code.
    pub orientation: Stone,
    /// Whether the opponent of its colour has expropriated it.
    pub expropriated: bool,
    /// Its circle (always none once expropriated).
    pub circle: Circle,
}

/// Who controls a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Control {
    /// No arrows point at it.
    Free,
    /// Equal non-zero effective arrow counts.
    Tie,
    /// More effective arrows of this colour.
    Of(Colour),
}

/// The stage of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The circle seat assigns the circle of the piece with this index next.
    Circles(u8),
    /// The colour seat chooses a colour.
    Colour,
    /// The game proper.
    Play,
}

/// A position of Amakta on the board `B`: board, pieces, arrow counts,
/// phase and side to move. Positions only exist valid.
#[derive(Clone, Debug)]
pub struct Position<B: Board> {
    pub(crate) board: B,
    pub(crate) catalog: Arc<Vec<PieceInfo>>,
    pub(crate) pieces: Vec<PieceState>,
    /// Piece id + 1 of the stone on each cell, 0 for empty.
    occupant: B::Map<u8>,
    /// Unblocked stone arrows and base arrows pointing at each cell, per colour.
    arrows: B::Map<[u8; 2]>,
    pub(crate) phase: Phase,
    pub(crate) to_move: Colour,
    pub(crate) p1_colour: Option<Colour>,
    key: u64,
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn piece_key(id: usize, state: PieceState) -> u64 {
    let (tag, q, r) = match state.location {
        Location::Inventory => (0u64, 0, 0),
        Location::Board(h) => (1, h.q, h.r),
        Location::Removed => (2, 0, 0),
    };
    let place = u64::from(q as u16) | u64::from(r as u16) << 16 | tag << 32;
    let flags = u64::from(state.expropriated) | (state.circle as u64) << 1 | (id as u64) << 3;
    let code = state.orientation.digits().iter().fold(0u64, |acc, &d| acc * 10 + u64::from(d));
    mix(place ^ mix(flags ^ mix(code)))
}

impl<B: Board> Position<B> {
    /// A position with every piece in its inventory, no circles, in `phase`,
    /// White to move in play, P1 playing `p1_colour` (if already known).
    pub(crate) fn empty(
        board: B,
        catalog: Arc<Vec<PieceInfo>>,
        phase: Phase,
        p1_colour: Option<Colour>,
    ) -> Self {
        let pieces: Vec<PieceState> = catalog
            .iter()
            .map(|info| PieceState {
                location: Location::Inventory,
                orientation: info.stone,
                expropriated: false,
                circle: Circle::None,
            })
            .collect();
        let key = pieces.iter().enumerate().fold(0, |k, (id, &s)| k ^ piece_key(id, s));
        let mut arrows = board.new_map::<[u8; 2]>();
        for colour in Colour::BOTH {
            let base = board.base(colour);
            let mut count = arrows.get(base);
            count[colour.index()] += 1;
            arrows.set(base, count);
        }
        let occupant = board.new_map();
        Position { board, catalog, pieces, occupant, arrows, phase, to_move: Colour::White, p1_colour, key }
    }

    /// The board.
    pub fn board(&self) -> &B {
        &self.board
    }

    /// Every piece's fixed facts, indexed by piece id.
    pub fn catalog(&self) -> &[PieceInfo] {
        &self.catalog
    }

    /// Every piece's state, indexed by piece id.
    pub fn pieces(&self) -> &[PieceState] {
        &self.pieces
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour to move in play (White before play starts).
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// P1's colour, once chosen.
    pub fn p1_colour(&self) -> Option<Colour> {
        self.p1_colour
    }

    /// The seat playing `colour`, once colours are chosen.
    pub fn seat_of(&self, colour: Colour) -> Option<Player> {
        self.p1_colour.map(|p1| if p1 == colour { Player::P1 } else { Player::P2 })
    }

    /// The seat to move.
    pub fn seat_to_move(&self) -> Player {
        match self.phase {
            Phase::Circles(_) => CIRCLE_SEAT,
            Phase::Colour => COLOUR_SEAT,
            Phase::Play => self.seat_of(self.to_move).unwrap_or(Player::P1),
        }
    }

    /// The id of the piece on `cell`, if any.
    #[inline]
    pub fn occupant(&self, cell: Hex) -> Option<usize> {
        (self.occupant.get(cell) as usize).checked_sub(1)
    }

    /// The current owner of a piece.
    #[inline]
    pub fn owner(&self, id: usize) -> Colour {
        let colour = self.catalog[id].colour;
        if self.pieces[id].expropriated { colour.other() } else { colour }
    }

    /// Unblocked stone and base arrows of White and Black pointing at
    /// `cell`, before circles.
    #[inline]
    pub fn raw_arrows(&self, cell: Hex) -> [u8; 2] {
        self.arrows.get(cell)
    }

    /// The effective arrow counts of White and Black on `cell`: the raw
    /// counts plus the circle of the stone there, if an arrow of the stone
    /// owner's opponent points at it.
    #[inline]
    pub fn effective_arrows(&self, cell: Hex) -> [u8; 2] {
        let mut counts = self.arrows.get(cell);
        if let Some(id) = self.occupant(cell) {
            let circle = self.pieces[id].circle;
            if circle != Circle::None {
                let owner = self.owner(id);
                if counts[owner.other().index()] > 0 {
                    match circle {
                        Circle::Reinforcement => counts[owner.index()] += 1,
                        Circle::Damage => counts[owner.other().index()] += 1,
                        Circle::None => {}
                    }
                }
            }
        }
        counts
    }

    /// Who controls `cell`.
    #[inline]
    pub fn control(&self, cell: Hex) -> Control {
        let [white, black] = self.effective_arrows(cell);
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Control::Of(Colour::White),
            std::cmp::Ordering::Less => Control::Of(Colour::Black),
            std::cmp::Ordering::Equal if white == 0 => Control::Free,
            std::cmp::Ordering::Equal => Control::Tie,
        }
    }

    /// Whether the stone `id` (on the board) is free: its cell is free or
    /// controlled by its owner.
    pub fn is_free(&self, id: usize, cell: Hex) -> bool {
        match self.control(cell) {
            Control::Free => true,
            Control::Of(c) => c == self.owner(id),
            Control::Tie => false,
        }
    }

    /// Whether the arrow of reach `reach` from `at` in `direction` is
    /// blocked: a cell strictly between is off the board, a hole or
    /// occupied.
    pub fn is_blocked(&self, at: Hex, direction: usize, reach: i32) -> bool {
        (1..reach).any(|j| !self.open(at.step(direction, j)))
    }

    /// Every cell some arrow points at, with the raw counts.
    pub fn cells_with_arrows(&self) -> impl Iterator<Item = (Hex, [u8; 2])> + '_ {
        self.arrows.non_default()
    }

    /// The pieces of `colour` in its owner's inventory (ids).
    pub fn inventory(&self, colour: Colour) -> impl Iterator<Item = usize> + '_ {
        self.pieces.iter().enumerate().filter_map(move |(id, s)| {
            (s.location == Location::Inventory && self.owner(id) == colour).then_some(id)
        })
    }

    /// The winner, if a stone stands on its opponent's base.
    pub fn winner(&self) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|&colour| {
            let base = self.board.base(colour.other());
            self.occupant(base).is_some_and(|id| self.owner(id) == colour)
        })
    }

    /// The hash of the situation: pieces (places, orientations, owners,
    /// marks, circles) and phase, without the side to move.
    pub fn situation_key(&self) -> u64 {
        let phase = match self.phase {
            Phase::Circles(n) => 1 + u64::from(n),
            Phase::Colour => 1000,
            Phase::Play => 0,
        };
        self.key ^ mix(phase.wrapping_mul(0x51_7CC1_B727_220A))
    }

    fn set_state(&mut self, id: usize, state: PieceState) {
        self.key ^= piece_key(id, self.pieces[id]) ^ piece_key(id, state);
        self.pieces[id] = state;
    }

    #[inline]
    fn bump(&mut self, cell: Hex, colour: Colour, add: bool) {
        let mut count = self.arrows.get(cell);
        let slot = &mut count[colour.index()];
        *slot = if add { *slot + 1 } else { *slot - 1 };
        self.arrows.set(cell, count);
    }

    #[inline]
    fn open(&self, cell: Hex) -> bool {
        self.board.contains(cell) && self.occupant.get(cell) == 0
    }

    /// Adds or removes the arrows of the stone `id` standing on `at`.
    fn own_arrows(&mut self, id: usize, at: Hex, add: bool) {
        let stone = self.pieces[id].orientation;
        let owner = self.owner(id);
        for d in 0..6 {
            for &k in stone.arrows(d) {
                let k = i32::from(k);
                let target = at.step(d, k);
                if self.board.contains(target) && (1..k).all(|j| self.open(at.step(d, j))) {
                    self.bump(target, owner, add);
                }
            }
        }
    }

    /// Adds or removes the arrows of other stones that pass strictly over
    /// `at` and are otherwise unblocked (as `at` empties or fills).
    fn crossing_arrows(&mut self, at: Hex, add: bool) {
        for d in 0..6 {
            for j in 1..=2 {
                let source = at.step(d, -j);
                if !self.board.contains(source) {
                    break;
                }
                let Some(id) = self.occupant(source) else { continue };
                let owner = self.owner(id);
                for &k in self.pieces[id].orientation.arrows(d) {
                    let k = i32::from(k);
                    if k <= j {
                        continue;
                    }
                    let target = source.step(d, k);
                    if self.board.contains(target)
                        && (1..k).filter(|&m| m != j).all(|m| self.open(source.step(d, m)))
                    {
                        self.bump(target, owner, add);
                    }
                }
                break;
            }
        }
    }

    /// Puts the piece `id` on the empty cell `at` in `orientation`.
    pub(crate) fn put(&mut self, id: usize, at: Hex, orientation: Stone) {
        self.crossing_arrows(at, false);
        self.occupant.set(at, id as u8 + 1);
        let state = PieceState { location: Location::Board(at), orientation, ..self.pieces[id] };
        self.set_state(id, state);
        self.own_arrows(id, at, true);
    }

    /// Lifts the piece `id` off the board to `to` (inventory or removed).
    fn lift(&mut self, id: usize, to: Location) {
        let Location::Board(at) = self.pieces[id].location else { return };
        self.own_arrows(id, at, false);
        self.occupant.set(at, 0);
        self.crossing_arrows(at, true);
        let orientation = self.catalog[id].stone;
        // A removed stone is only its original colour and code.
        let expropriated = self.pieces[id].expropriated && to != Location::Removed;
        self.set_state(id, PieceState { location: to, orientation, expropriated, ..self.pieces[id] });
    }

    /// Takes the piece `id` into its owner's inventory; an expropriated
    /// piece is removed from the game instead.
    fn take(&mut self, id: usize) {
        let to = if self.pieces[id].expropriated { Location::Removed } else { Location::Inventory };
        self.lift(id, to);
    }

    fn reorient(&mut self, id: usize, at: Hex, orientation: Stone) {
        self.own_arrows(id, at, false);
        self.set_state(id, PieceState { orientation, ..self.pieces[id] });
        self.own_arrows(id, at, true);
    }

    pub(crate) fn expropriate(&mut self, id: usize, at: Hex) {
        self.own_arrows(id, at, false);
        self.set_state(id, PieceState { expropriated: true, circle: Circle::None, ..self.pieces[id] });
        self.own_arrows(id, at, true);
    }

    pub(crate) fn set_circle(&mut self, id: usize, circle: Circle) {
        self.set_state(id, PieceState { circle, ..self.pieces[id] });
    }

    /// Adds a new piece to the game, in its colour's inventory (Amakta
    /// Infinit creates the sets during the game); returns its id.
    pub(crate) fn add_piece(&mut self, colour: Colour, stone: Stone, circle: Circle) -> usize {
        let id = self.pieces.len();
        Arc::make_mut(&mut self.catalog).push(PieceInfo {
            colour,
            stone,
            orientations: stone.orientations(),
        });
        let state =
            PieceState { location: Location::Inventory, orientation: stone, expropriated: false, circle };
        self.pieces.push(state);
        self.key ^= piece_key(id, state);
        id
    }

    pub(crate) fn remove_from_inventory(&mut self, id: usize) {
        self.set_state(id, PieceState { location: Location::Removed, ..self.pieces[id] });
    }

    fn occupant_id(&self, at: Hex) -> usize {
        self.occupant(at).expect("a legal move names an occupied cell")
    }

    /// The phase after the circle of piece `next - 1` is assigned.
    fn after_circle(&self, next: usize) -> Phase {
        if next < self.catalog.len() {
            Phase::Circles(next as u8)
        } else if self.p1_colour.is_none() {
            Phase::Colour
        } else {
            Phase::Play
        }
    }

    /// Plays a legal move.
    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::Circle { piece, circle } => {
                self.set_circle(piece as usize, circle);
                self.phase = self.after_circle(piece as usize + 1);
                return;
            }
            Move::CirclesNone => {
                self.phase = self.after_circle(self.catalog.len());
                return;
            }
            Move::Colour(colour) => {
                self.p1_colour = Some(if COLOUR_SEAT == Player::P2 { colour.other() } else { colour });
                self.phase = Phase::Play;
                self.to_move = Colour::White;
                return;
            }
            Move::Pass => {}
            Move::Rotate { at, orientation } => self.reorient(self.occupant_id(at), at, orientation),
            Move::Take { at } => self.take(self.occupant_id(at)),
            Move::Place { piece, at, orientation } => self.put(piece as usize, at, orientation),
            Move::Expropriate { at } => self.expropriate(self.occupant_id(at), at),
            Move::Release { at } => self.lift(self.occupant_id(at), Location::Removed),
            Move::Replace { at, piece, orientation } => {
                self.take(self.occupant_id(at));
                self.put(piece as usize, at, orientation);
            }
            Move::Relocate { from, to, orientation } => {
                let id = self.occupant_id(from);
                self.lift(id, Location::Inventory);
                self.put(id, to, orientation);
            }
            Move::Appropriate { at, orientation } => {
                let id = self.occupant_id(at);
                self.expropriate(id, at);
                self.reorient(id, at, orientation);
            }
            Move::Remove { at } => {
                let id = self.occupant_id(at);
                self.expropriate(id, at);
                self.lift(id, Location::Removed);
            }
            Move::ReleasePlace { at, piece, orientation } => {
                self.lift(self.occupant_id(at), Location::Removed);
                self.put(piece as usize, at, orientation);
            }
        }
        self.to_move = self.to_move.other();
    }

    /// Recounts every arrow from scratch, without the incremental updates
    /// (for tests): the raw counts of every cell with arrows, sorted.
    #[cfg(test)]
    pub(crate) fn recount(&self) -> Vec<(Hex, [u8; 2])> {
        let mut counts: std::collections::BTreeMap<Hex, [u8; 2]> = std::collections::BTreeMap::new();
        for colour in Colour::BOTH {
            counts.entry(self.board.base(colour)).or_default()[colour.index()] += 1;
        }
        for (id, state) in self.pieces.iter().enumerate() {
            let Location::Board(at) = state.location else { continue };
            for d in 0..6 {
                for &k in state.orientation.arrows(d) {
                    let k = i32::from(k);
                    let target = at.step(d, k);
                    if self.board.contains(target) && (1..k).all(|j| self.open(at.step(d, j))) {
                        counts.entry(target).or_default()[self.owner(id).index()] += 1;
                    }
                }
            }
        }
        counts.into_iter().collect()
    }
}
