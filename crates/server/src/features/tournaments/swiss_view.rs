//! Reading a Swiss: its rounds as the tournament crate takes them (from
//! the stored rounds, byes and scored games), its standings with their
//! tie-breaks, and its part of the tournament's page.

use crate::contract::tournaments::{SwissBoard, SwissPart, SwissRound, SwissStandingLine, TournamentGame};
use crate::features::tournaments::view::{playing, white_outcome};
use crate::store::{StoredTournament, TournamentGameRow};
use std::collections::HashMap;
use tournament::swiss::{Round, SwissPlayer, SwissStanding, standings};
use tournament::{PlayedGame, PlayerId};

/// A Swiss as the tournament crate counts it.
pub struct SwissCount {
    /// Every player who joined (withdrawn or not), by their index in the
    /// stored players.
    pub players: Vec<SwissPlayer>,
    /// The paired rounds with their scored games and byes, the first first.
    pub rounds: Vec<Round>,
    /// The index of each account.
    pub index: HashMap<String, PlayerId>,
}

/// Counts the rounds of `stored`: each round's scored games and its bye.
pub fn count(stored: &StoredTournament) -> SwissCount {
    let index: HashMap<String, PlayerId> =
        stored.players.iter().enumerate().map(|(i, p)| (p.account_id.clone(), PlayerId(i as u32))).collect();
    let players = stored
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| SwissPlayer { id: PlayerId(i as u32), rating: p.rating.round().max(0.0) as u32 })
        .collect();
    let rounds = stored
        .rounds
        .iter()
        .map(|round| Round {
            games: stored
                .games
                .iter()
                .filter(|g| g.round == Some(round.round))
                .filter_map(|g| {
                    Some(PlayedGame {
                        white: *index.get(&g.white_id)?,
                        black: *index.get(&g.black_id)?,
                        white_outcome: white_outcome(g.white_outcome.as_deref()?)?,
                    })
                })
                .collect(),
            bye: round.bye_id.as_ref().and_then(|id| index.get(id).copied()),
        })
        .collect();
    SwissCount { players, rounds, index }
}

impl SwissCount {
    /// The standings, first place first.
    pub fn standings(&self) -> Vec<SwissStanding> {
        standings(&self.players, &self.rounds)
    }

    /// How many games `player` has scored and how many byes it had.
    fn games_and_byes(&self, player: PlayerId) -> (u32, u32) {
        let games = self.rounds.iter().flat_map(|r| &r.games).filter(|g| g.opponent_of(player).is_some());
        let byes = self.rounds.iter().filter(|r| r.bye == Some(player)).count();
        (games.count() as u32, byes as u32)
    }
}

/// The place (from 1), points doubled and games scored of `account_id` in
/// the Swiss `stored`, if it joined.
pub fn place_of(stored: &StoredTournament, account_id: &str) -> Option<(usize, u32, u32)> {
    let counted = count(stored);
    let player = *counted.index.get(account_id)?;
    let lines = counted.standings();
    let place = lines.iter().position(|line| line.player == player)?;
    Some((place + 1, lines[place].half_points, counted.games_and_byes(player).0))
}

/// The points of white in a scored game (1, ½ or 0).
fn white_points(game: &TournamentGameRow) -> Option<f64> {
    white_outcome(game.white_outcome.as_deref()?).map(|outcome| f64::from(outcome.half_points()) / 2.0)
}

/// The Swiss's part of its page: the standings and the rounds.
pub fn part(stored: &StoredTournament, game_of: &impl Fn(&TournamentGameRow) -> TournamentGame) -> SwissPart {
    let counted = count(stored);
    let busy = playing(stored);
    let standings = counted
        .standings()
        .iter()
        .enumerate()
        .map(|(place, line)| {
            let player = &stored.players[line.player.0 as usize];
            let (games, byes) = counted.games_and_byes(line.player);
            SwissStandingLine {
                rank: place + 1,
                name: player.account_name.clone(),
                rating: player.rating.round(),
                points: f64::from(line.half_points) / 2.0,
                buchholz: f64::from(line.buchholz) / 2.0,
                buchholz_cut_one: f64::from(line.buchholz_cut_one) / 2.0,
                sonneborn_berger: f64::from(line.sonneborn_berger) / 4.0,
                games,
                byes,
                withdrawn: player.withdrawn,
                playing: busy.contains(&player.account_id.as_str()),
            }
        })
        .collect();
    let name: HashMap<&str, &str> =
        stored.players.iter().map(|p| (p.account_id.as_str(), p.account_name.as_str())).collect();
    let rounds = stored
        .rounds
        .iter()
        .map(|round| SwissRound {
            number: round.round,
            boards: stored
                .games
                .iter()
                .filter(|g| g.round == Some(round.round))
                .map(|g| SwissBoard { game: game_of(g), white_points: white_points(g) })
                .collect(),
            bye: round.bye_id.as_deref().and_then(|id| name.get(id)).map(|name| (*name).to_owned()),
        })
        .collect();
    SwissPart { round: stored.rounds.len() as u32, standings, rounds }
}
