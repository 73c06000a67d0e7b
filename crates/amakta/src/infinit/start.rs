//! Legal moves of every stage and the judge that explains why a move is
//! not legal.

use super::{Infinit, InfinitMove, Stage, all_stones, stone_value};
use crate::colour::{Circle, Colour};
use crate::rules::{INFINIT_MAX_SET_SIZE, NO_CAPTURE_LIMIT};
use crate::stones::Stone;

impl Infinit {
    /// Whether the game is over by a stone on a base or by the quiet-plies
    /// rule.
    pub(crate) fn is_over(&self) -> bool {
        self.stage == Stage::Play && (self.position.winner().is_some() || self.quiet >= NO_CAPTURE_LIMIT)
    }

    /// Clears `out` and fills it with every legal move, each once in its
    /// canonical form: bidding `accept` (if there is an offer) then every
    /// allowed offer upwards; creation `close` then every affordable new
    /// stone (canonical codes in increasing order, circles none,
    /// reinforcement, damage); play the moves of the rules engine.
    pub fn generate(&self, out: &mut Vec<InfinitMove>) {
        out.clear();
        match self.stage {
            Stage::Bidding => {
                let low = match self.offer {
                    Some(offer) => {
                        out.push(InfinitMove::Accept);
                        offer + 1
                    }
                    None => 0,
                };
                out.extend((low..=self.bid_cap()).map(InfinitMove::Bid));
            }
            Stage::Creation(colour) => {
                out.push(InfinitMove::Close);
                let left = self.left[colour.index()];
                if self.set_of(colour).count() >= INFINIT_MAX_SET_SIZE || left == 0 {
                    return;
                }
                let mut held: Vec<Stone> =
                    self.set_of(colour).map(|id| self.position.catalog()[id].stone).collect();
                held.sort_unstable();
                for &stone in all_stones() {
                    // Damage is the cheapest circle.
                    if stone_value(stone, Circle::Damage) > left || held.binary_search(&stone).is_ok() {
                        continue;
                    }
                    for circle in Circle::ALL {
                        if stone_value(stone, circle) <= left {
                            out.push(InfinitMove::Create(stone, circle));
                        }
                    }
                }
            }
            Stage::Play => {
                if self.is_over() {
                    return;
                }
                let mut moves = Vec::new();
                self.position.generate(&mut moves);
                out.extend(moves.into_iter().map(InfinitMove::Play));
            }
        }
    }

    /// Whether `mv` is legal now; if not, why (for people).
    pub fn check(&self, mv: InfinitMove) -> Result<(), String> {
        match (self.stage, mv) {
            (Stage::Bidding, InfinitMove::Bid(points)) => match self.offer {
                Some(offer) if points <= offer => {
                    Err(format!("an offer must be higher than the last offer of {offer} points"))
                }
                _ if points > self.bid_cap() => Err(format!(
                    "offers are capped at {} points ({} × White's {} points)",
                    self.bid_cap(),
                    crate::rules::BID_CAP_FACTOR,
                    self.points
                )),
                _ => Ok(()),
            },
            (Stage::Bidding, InfinitMove::Accept) => match self.offer {
                Some(_) => Ok(()),
                None => Err("there is no offer to accept yet (make the first one with 'bid N')".to_owned()),
            },
            (Stage::Bidding, _) => Err(format!(
                "the players are still bidding for Black's points: {}",
                match self.offer {
                    Some(offer) => format!("offer more than {offer} ('bid N') or 'accept'"),
                    None => "make the first offer ('bid N')".to_owned(),
                }
            )),
            (_, InfinitMove::Bid(_) | InfinitMove::Accept) => Err(format!(
                "the bidding is over: Black plays with {} points, White with {}",
                self.budget[Colour::Black.index()],
                self.budget[Colour::White.index()]
            )),
            (Stage::Creation(colour), InfinitMove::Create(stone, circle)) => {
                self.check_creation(colour, stone, circle)
            }
            (Stage::Creation(_), InfinitMove::Close) => Ok(()),
            (Stage::Creation(colour), InfinitMove::Play(_)) => Err(format!(
                "the sets are being created: {} creates a stone ('create CODE n|r|d') or closes the set \
                 ('close'); play begins when both sets are closed",
                colour.name()
            )),
            (Stage::Play, InfinitMove::Create(..) | InfinitMove::Close) => {
                Err("both sets are closed for good; play has begun".to_owned())
            }
            (Stage::Play, InfinitMove::Play(mv)) => {
                if self.position.winner().is_none() && self.quiet >= NO_CAPTURE_LIMIT {
                    return Err(format!(
                        "the game is over: {NO_CAPTURE_LIMIT} plies without an expropriation or release"
                    ));
                }
                self.position.check(mv)
            }
        }
    }

    fn check_creation(&self, colour: Colour, stone: Stone, circle: Circle) -> Result<(), String> {
        let name = colour.name();
        if self.closed[colour.index()] {
            return Err(format!("{name} has closed the set for good"));
        }
        let size = self.set_of(colour).count();
        if size >= INFINIT_MAX_SET_SIZE {
            return Err(format!("{name}'s set holds {size} stones, the most allowed; close it"));
        }
        let stone = stone.canonical();
        if let Some(id) = self.set_of(colour).find(|&id| self.position.catalog()[id].stone == stone) {
            let held = self.position.pieces()[id].circle;
            return Err(format!(
                "{name}'s set already holds stone {stone} (circle {}); stones with the same arrows are the \
                 same stone whatever their circle",
                held.name()
            ));
        }
        let value = stone_value(stone, circle);
        let left = self.left[colour.index()];
        if value > left {
            return Err(format!(
                "stone {stone} with circle {} is worth {value} points, {name} has {left} left",
                circle.name()
            ));
        }
        Ok(())
    }
}
