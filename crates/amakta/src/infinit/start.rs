//! Legal moves of every stage and the judge that explains why a move is
//! not legal.

use super::value::{BLOCK, affordable, affordable_in_block, valued_stones};
use super::{Infinit, InfinitMove, Stage, stone_value};
use crate::colour::{Circle, Colour};
use crate::rules::{INFINIT_MAX_SET_SIZE, NO_CAPTURE_LIMIT};
use crate::stones::Stone;
use game::{Text, text};
use std::ops::Range;

impl Infinit {
    /// Whether the game is over by a stone on a base or by the quiet-plies
    /// rule.
    pub(crate) fn is_over(&self) -> bool {
        self.stage == Stage::Play
            && (self.position.winner().is_some()
                || self.quiet >= NO_CAPTURE_LIMIT
                || self.ply_limit_reached())
    }

    /// Whether the amendment `ply-limit` ends the game now.
    pub(crate) fn ply_limit_reached(&self) -> bool {
        self.amendments.ply_limit.is_some_and(|limit| self.plies >= limit)
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
                let Some((held, left)) = self.creation_room(colour) else { return };
                for &(stone, values) in valued_stones() {
                    if values.iter().all(|&value| value > left)
                        || held.binary_search(&stone).is_ok()
                        || !self.amendments.allows(stone)
                    {
                        continue;
                    }
                    for (circle, value) in Circle::ALL.into_iter().zip(values) {
                        if value <= left {
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

    /// The stones `colour` holds (sorted, each once) and its points left, when it may
    /// still create a stone; `None` when closing is all that is left.
    fn creation_room(&self, colour: Colour) -> Option<(Vec<Stone>, u32)> {
        let left = self.left[colour.index()];
        if self.set_of(colour).count() >= INFINIT_MAX_SET_SIZE || left == 0 {
            return None;
        }
        let mut held: Vec<Stone> = self.set_of(colour).map(|id| self.position.catalog()[id].stone).collect();
        held.sort_unstable();
        held.dedup();
        Some((held, left))
    }

    /// While a set is being created, how many legal moves there are
    /// (closing and every creation), counted without listing them; `None`
    /// in the other stages.
    pub(crate) fn creation_move_count(&self) -> Option<usize> {
        let Stage::Creation(colour) = self.stage else { return None };
        let Some((held, left)) = self.creation_room(colour) else { return Some(1) };
        if self.amendments.arrow_cap.is_some() {
            // The tables below know no cap: count by listing.
            let mut moves = Vec::new();
            self.generate(&mut moves);
            return Some(moves.len());
        }
        let blocks = valued_stones().len().div_ceil(BLOCK);
        let all: usize = (0..blocks).map(|block| affordable_in_block(block, left)).sum();
        let taken: usize = held_blocks(&held, left).iter().map(|&(_, count)| count).sum();
        Some(1 + all - taken)
    }

    /// While a set is being created, fills `out` with the legal moves from
    /// index `range.start` up to (without) `range.end` in the order of
    /// [`Infinit::generate`], without listing the others, and returns
    /// `true`; `false` (and `out` untouched) in the other stages.
    pub(crate) fn creation_moves_in(&self, range: Range<usize>, out: &mut Vec<InfinitMove>) -> bool {
        let Stage::Creation(colour) = self.stage else { return false };
        if self.amendments.arrow_cap.is_some() {
            // The tables of the fast path know no cap: list and cut.
            self.generate(out);
            let end = range.end.min(out.len());
            out.truncate(end);
            out.drain(..range.start.min(end));
            return true;
        }
        out.clear();
        if range.contains(&0) {
            out.push(InfinitMove::Close);
        }
        let Some((held, left)) = self.creation_room(colour) else { return true };
        let taken = held_blocks(&held, left);
        let stones = valued_stones();
        let mut index = 1;
        for (block, chunk) in stones.chunks(BLOCK).enumerate() {
            if index >= range.end {
                break;
            }
            let held_here: usize =
                taken.iter().filter(|&&(held_block, _)| held_block == block).map(|&(_, count)| count).sum();
            let in_block = affordable_in_block(block, left) - held_here;
            if index + in_block <= range.start {
                index += in_block;
                continue;
            }
            for &(stone, values) in chunk {
                if index >= range.end {
                    break;
                }
                if affordable(values, left) == 0 || held.binary_search(&stone).is_ok() {
                    continue;
                }
                for (circle, value) in Circle::ALL.into_iter().zip(values) {
                    if value <= left {
                        if range.contains(&index) {
                            out.push(InfinitMove::Create(stone, circle));
                        }
                        index += 1;
                    }
                }
            }
        }
        true
    }

    /// While a set is being created, whether `mv` is among the legal moves
    /// of [`Infinit::generate`], decided without listing them; `None` in the
    /// other stages.
    pub(crate) fn creation_move_is_legal(&self, mv: InfinitMove) -> Option<bool> {
        let Stage::Creation(colour) = self.stage else { return None };
        Some(match mv {
            InfinitMove::Close => true,
            InfinitMove::Create(stone, circle) => self.creation_room(colour).is_some_and(|(held, left)| {
                stone.is_canonical()
                    && self.amendments.allows(stone)
                    && held.binary_search(&stone).is_err()
                    && stone_value(stone, circle) <= left
            }),
            InfinitMove::Bid(_) | InfinitMove::Accept | InfinitMove::Play(_) => false,
        })
    }

    /// Whether `mv` is legal now; if not, why (for people, in both languages).
    pub fn check(&self, mv: InfinitMove) -> Result<(), Text> {
        match (self.stage, mv) {
            (Stage::Bidding, InfinitMove::Bid(points)) => match self.offer {
                Some(offer) if points <= offer => Err(text!(
                    "an offer must be higher than the last offer of {offer} points",
                    "ein Angebot muss höher sein als das letzte Angebot von {offer} Punkten"
                )),
                _ if points > self.bid_cap() => {
                    let (cap, factor, white) = (self.bid_cap(), crate::rules::BID_CAP_FACTOR, self.points);
                    Err(text!(
                        "offers are capped at {cap} points ({factor} × White's {white} points)",
                        "Angebote sind auf {cap} Punkte begrenzt ({factor} × die {white} Punkte von Weiß)"
                    ))
                }
                _ => Ok(()),
            },
            (Stage::Bidding, InfinitMove::Accept) => match self.offer {
                Some(_) => Ok(()),
                None => Err(text!(
                    "there is no offer to accept yet (make the first one with 'bid N')",
                    "es gibt noch kein Angebot zum Annehmen (das erste mit „bid N“ machen)"
                )),
            },
            (Stage::Bidding, _) => {
                let what = match self.offer {
                    Some(offer) => text!(
                        "offer more than {offer} ('bid N') or 'accept'",
                        "biete mehr als {offer} („bid N“) oder nimm an („accept“)"
                    ),
                    None => text!("make the first offer ('bid N')", "mach das erste Angebot („bid N“)"),
                };
                Err(what.prefixed(&text!(
                    "the players are still bidding for Black's points: ",
                    "die Spieler bieten noch um die Punktzahl von Schwarz: "
                )))
            }
            (_, InfinitMove::Bid(_) | InfinitMove::Accept) => {
                let (black, white) = (self.budget[Colour::Black.index()], self.budget[Colour::White.index()]);
                Err(text!(
                    "the bidding is over: Black plays with {black} points, White with {white}",
                    "das Bieten ist vorbei: Schwarz spielt mit {black} Punkten, Weiß mit {white}"
                ))
            }
            (Stage::Creation(colour), InfinitMove::Create(stone, circle)) => {
                self.check_creation(colour, stone, circle)
            }
            (Stage::Creation(_), InfinitMove::Close) => Ok(()),
            (Stage::Creation(colour), InfinitMove::Play(_)) => {
                let (en, de) = (colour.name(), colour.name_de());
                Err(text!(
                    "the sets are being created: {en} creates a stone ('create CODE n|r|d') or closes the \
                     set ('close'); play begins when both sets are closed",
                    "die Steine werden gerade erschaffen: {de} erschafft einen Stein („create CODE n|r|d“) \
                     oder schließt den Satz ab („close“); die Partie beginnt, wenn beide Sätze \
                     abgeschlossen sind"
                ))
            }
            (Stage::Play, InfinitMove::Create(..) | InfinitMove::Close) => Err(text!(
                "both sets are closed for good; play has begun",
                "beide Sätze sind endgültig abgeschlossen; die Partie hat begonnen"
            )),
            (Stage::Play, InfinitMove::Play(mv)) => {
                if self.position.winner().is_none() && self.ply_limit_reached() {
                    let limit = self.amendments.ply_limit.unwrap_or_default();
                    return Err(text!(
                        "the game is over: the ply limit of {limit} plies is reached",
                        "die Partie ist vorbei: die Zuggrenze von {limit} Zügen ist erreicht"
                    ));
                }
                if self.position.winner().is_none() && self.quiet >= NO_CAPTURE_LIMIT {
                    return Err(text!(
                        "the game is over: {NO_CAPTURE_LIMIT} plies without an expropriation or release",
                        "die Partie ist vorbei: {NO_CAPTURE_LIMIT} Züge ohne Enteignen oder Lösen"
                    ));
                }
                self.position.check(mv)
            }
        }
    }

    fn check_creation(&self, colour: Colour, stone: Stone, circle: Circle) -> Result<(), Text> {
        let (name, name_de) = (colour.name(), colour.name_de());
        if self.closed[colour.index()] {
            return Err(text!(
                "{name} has closed the set for good",
                "{name_de} hat den Satz endgültig abgeschlossen"
            ));
        }
        let size = self.set_of(colour).count();
        if size >= INFINIT_MAX_SET_SIZE {
            return Err(text!(
                "{name}'s set holds {size} stones, the most allowed; close it",
                "der Satz von {name_de} enthält {size} Steine, mehr sind nicht erlaubt; schließe ihn ab"
            ));
        }
        let stone = stone.canonical();
        if let Some(id) = self.set_of(colour).find(|&id| self.position.catalog()[id].stone == stone) {
            let held = self.position.pieces()[id].circle;
            let (held_en, held_de) = (held.name(), held.phrase_de());
            return Err(text!(
                "{name}'s set already holds stone {stone} (circle {held_en}); stones with the same arrows \
                 are the same stone whatever their circle",
                "der Satz von {name_de} enthält schon den Stein {stone} ({held_de}); Steine mit denselben \
                 Pfeilen sind derselbe Stein, egal mit welchem Kreis"
            ));
        }
        if let Some(cap) = self.amendments.arrow_cap
            && !self.amendments.allows(stone)
        {
            let arrows = super::value::arrow_total(stone);
            return Err(text!(
                "stone {stone} has {arrows} arrows; the arrow cap allows {cap}",
                "Stein {stone} hat {arrows} Pfeile; die Pfeilgrenze erlaubt {cap}"
            ));
        }
        let value = stone_value(stone, circle);
        let left = self.left[colour.index()];
        if value > left {
            let (circle_en, circle_de) = (circle.name(), circle.phrase_de());
            return Err(text!(
                "stone {stone} with circle {circle_en} is worth {value} points, {name} has {left} left",
                "Stein {stone} {circle_de} ist {value} Punkte wert, {name_de} hat noch {left} übrig"
            ));
        }
        Ok(())
    }
}

/// For each stone of `held` (sorted) among [`valued_stones`]: its block and
/// with how many circles it could be created from `left` points — the
/// creations that holding it rules out.
fn held_blocks(held: &[Stone], left: u32) -> Vec<(usize, usize)> {
    let stones = valued_stones();
    held.iter()
        .filter_map(|stone| stones.binary_search_by_key(stone, |&(s, _)| s).ok())
        .map(|index| (index / BLOCK, affordable(stones[index].1, left)))
        .collect()
}
