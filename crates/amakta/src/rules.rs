//! Every decision this implementation takes where the seed leaves the rules
//! open, in one place. The rules engine reads these constants; changing a
//! decision means changing it here.
//!
//! Decisions that are constants:
//!
//! - [`WHITE_BASE_WEST`]: White's base is the west end of the middle row,
//!   Black's the east end.
//! - [`REPETITION_OCCURRENCES`] and [`REPETITION_IGNORES_SIDE_TO_MOVE`]: the
//!   third occurrence of a situation at the start of a turn draws, whoever
//!   is to move; the start of play is the first occurrence, so two passes in
//!   a row draw at once. Setup-phase positions never repeat play positions.
//! - [`CIRCLE_SEAT`] / [`COLOUR_SEAT`]: in the setup phase the first seat
//!   (P1) assigns the circles, one stone per move, White's stones in set
//!   order, then Black's; the second seat (P2) then chooses a colour. White
//!   moves first in play, whichever seat that is.
//! - [`DEFAULT_P1_COLOUR`]: when the setup phase is skipped, P1 plays White.
//! - [`MAX_SET_SIZE`](crate::sets::MAX_SET_SIZE): at most 32 stones a set.
//!
//! Decisions built into the move generator ([`crate::Move`]), so that every
//! legal move has exactly one canonical form:
//!
//! - `rotate` and `appropriate` need an orientation different from the
//!   current one (taking a stone and putting it back unchanged is nothing;
//!   appropriating without turning is `expropriate`);
//! - `relocate` needs a different cell (same cell = `rotate`);
//! - `replace` and `release-place` place a stone of the inventory as it was
//!   before the turn (never the stone just taken or released);
//! - legality is judged on the situation before the turn, so the moving
//!   stone's own arrows count for `relocate`, and a circle that an
//!   expropriation removes still counts for its legality;
//! - the circle condition uses the arrow counts before circles are added.
//!
//! Decisions of Amakta Infinit (rules section 8), see [`crate::infinit`]:
//!
//! - the damage circle has `s = 1/2` in the stone value
//!   ([`crate::infinit::stone_value`]);
//! - [`FIRST_BIDDER`]: P1 makes the first offer of points for Black; the
//!   first offer may be any number from 0; every later offer must be
//!   higher; only the player to move can accept (the last offer, made by
//!   the opponent) and then plays Black;
//! - [`BID_CAP_FACTOR`]: no offer may exceed 10 × White's points, so the
//!   bidding ends and its move lists stay finite;
//! - [`INFINIT_MAX_SET_SIZE`]: a set holds at most 64 stones;
//! - creation moves list every distinct stone (canonical code) with each
//!   circle that the creator can afford and does not hold yet, `close`
//!   first; a player who closed never creates again, and the other one
//!   goes on creating alone;
//! - [`NO_CAPTURE_LIMIT`]: the draw after 86185 plies of play in a row
//!   without an expropriation (expropriate, appropriate, remove) or a
//!   release (release, release-place); the bidding and creation moves do not
//!   count. The counter is part of the position text but not of the
//!   repetition key nor of the hash.
//!
//! Decisions of the formats: cells are named by row letter (`a` = top row)
//! and column number (`1` = west end of the row's outline, holes counted),
//! see [`HexBoard`](crate::HexBoard), and on the plane of Amakta Infinit by
//! axial coordinates `q,r` with White's base `0,0` (see
//! [`Plane`](crate::plane::Plane)); stones by their six-digit codes.

use game::Player;

use crate::Colour;

/// White's base is the westmost cell of the middle row (Black's the eastmost).
pub const WHITE_BASE_WEST: bool = true;

/// How many times the same situation must stand at the start of a turn to
/// draw (the start of play counts as the first).
pub const REPETITION_OCCURRENCES: usize = 3;

/// Whether the side to move is left out of the situation compared for
/// repetition (the seed: "regardless of who is to move").
pub const REPETITION_IGNORES_SIDE_TO_MOVE: bool = true;

/// The seat that assigns the circles in the setup phase.
pub const CIRCLE_SEAT: Player = Player::P1;

/// The seat that chooses a colour after the circles are assigned.
pub const COLOUR_SEAT: Player = Player::P2;

/// P1's colour when the setup phase is skipped and no colour is given.
pub const DEFAULT_P1_COLOUR: Colour = Colour::White;

/// Amakta Infinit: the seat that makes the first offer of points for Black.
pub const FIRST_BIDDER: Player = Player::P1;

/// Amakta Infinit: offers of points for Black may not exceed this multiple
/// of White's points.
pub const BID_CAP_FACTOR: u32 = 10;

/// Amakta Infinit: most stones a player's set may hold.
pub const INFINIT_MAX_SET_SIZE: usize = 64;

/// Amakta Infinit: plies of play in a row without an expropriation or a
/// release after which the game is drawn (`"no-captures"`).
pub const NO_CAPTURE_LIMIT: u32 = 86185;
