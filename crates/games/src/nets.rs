//! The games whose evaluation is a trained network (`spielwerk train`):
//! for each, the network's shape and how a position text becomes its
//! input features.

use ataxx::{Ataxx, Ruleset};
use formation::Formation;
use game::Game;

/// A position packed for training (the game's own 256 bits, side to
/// move's view, e.g. Die Formation's pieces and the board's colours;
/// Abalone's marbles and, in the third word, the ejection counts: bits
/// 0–7 the side to move's, 8–15 the opponent's), as the trainer stores
/// it.
pub type Packed = [u64; 4];

/// A game's network as the trainer sees it.
#[derive(Clone, Copy, Debug)]
pub struct NetSpec {
    /// The registered name of the game.
    pub game: &'static str,
    /// Input features per perspective.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// The number of symmetries `features` accepts.
    pub symmetries: usize,
    /// Where the engine's embedded network lives in the repository.
    pub embedded_path: &'static str,
    /// Reads a position text, or `None` for a position the network does
    /// not evaluate.
    pub pack: fn(&str) -> Result<Option<Packed>, String>,
    /// The active features of the side to move and of the opponent under
    /// a symmetry.
    pub features: fn(&Packed, usize, &mut Vec<u16>, &mut Vec<u16>),
    /// Makes a network file the one the engine evaluates with from now on,
    /// or says why it is not a network of the game (the engine's `EvalFile`).
    pub load: fn(&[u8]) -> Result<(), String>,
    /// Goes back to the embedded network.
    pub use_embedded: fn(),
}

fn ataxx_pack(text: &str) -> Result<Option<Packed>, String> {
    let position = Ataxx::from_fen(text, Ruleset::Community).map_err(|error| error.to_string())?;
    let side = position.side();
    Ok(Some([position.stones(side), position.stones(side.other()), position.blockers(), 0]))
}

fn ataxx_features(packed: &Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, blockers, _] = *packed;
    ataxx::nnue::features(own, theirs, blockers, symmetry, |f| us.push(f as u16));
    ataxx::nnue::features(theirs, own, blockers, symmetry, |f| them.push(f as u16));
}

fn formation_pack(text: &str) -> Result<Option<Packed>, String> {
    let position = text.parse::<Formation>().map_err(|error| error.to_string())?;
    if position.connects_next() {
        return Ok(None);
    }
    let side = position.side_to_move();
    let [low, high] = formation::nnue::color_planes(&position);
    Ok(Some([position.pieces(side), position.pieces(side.other()), low, high]))
}

fn formation_features(packed: &Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, low, high] = *packed;
    formation::nnue::features(own, theirs, [low, high], symmetry, |f| us.push(f as u16));
    formation::nnue::features(theirs, own, [low, high], symmetry, |f| them.push(f as u16));
}

fn abalone_pack(text: &str) -> Result<Option<Packed>, String> {
    let position = text.parse::<abalone::Position>().map_err(|error| error.to_string())?;
    let (own, theirs, [by_own, by_theirs]) = abalone::nnue::perspective(&position, position.side_to_move());
    Ok(Some([own, theirs, u64::from(by_own) | u64::from(by_theirs) << 8, 0]))
}

fn abalone_features(packed: &Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, ejected, _] = *packed;
    let [by_own, by_theirs] = [ejected as u8, (ejected >> 8) as u8];
    abalone::nnue::features(own, theirs, [by_own, by_theirs], symmetry, |f| us.push(f as u16));
    abalone::nnue::features(theirs, own, [by_theirs, by_own], symmetry, |f| them.push(f as u16));
}

/// Every game with a trained network.
#[must_use]
pub fn net_specs() -> Vec<NetSpec> {
    vec![
        NetSpec {
            game: ataxx::NAME,
            inputs: ataxx::nnue::INPUTS,
            hidden: ataxx::nnue::HIDDEN,
            symmetries: ataxx::nnue::SYMMETRIES,
            embedded_path: "crates/ataxx/nets/ataxx.nnue",
            pack: ataxx_pack,
            features: ataxx_features,
            load: |bytes| ataxx::nnue::load_network(bytes).map_err(|error| error.to_string()),
            use_embedded: ataxx::nnue::use_embedded_network,
        },
        NetSpec {
            game: formation::NAME,
            inputs: formation::nnue::INPUTS,
            hidden: formation::nnue::HIDDEN,
            symmetries: formation::nnue::SYMMETRIES,
            embedded_path: "crates/formation/nets/formation.nnue",
            pack: formation_pack,
            features: formation_features,
            load: |bytes| formation::nnue::load_network(bytes).map_err(|error| error.to_string()),
            use_embedded: formation::nnue::use_embedded_network,
        },
        NetSpec {
            game: abalone::NAME,
            inputs: abalone::nnue::INPUTS,
            hidden: abalone::nnue::HIDDEN,
            symmetries: abalone::nnue::SYMMETRIES,
            embedded_path: "crates/abalone/nets/abalone.nnue",
            pack: abalone_pack,
            features: abalone_features,
            load: |bytes| abalone::nnue::load_network(bytes).map_err(|error| error.to_string()),
            use_embedded: abalone::nnue::use_embedded_network,
        },
    ]
}

/// The network of `game`, if it has one.
#[must_use]
pub fn net_spec(game: &str) -> Option<NetSpec> {
    net_specs().into_iter().find(|spec| spec.game == game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ataxx_features_are_those_of_the_side_to_move() {
        let spec = net_spec("ataxx").unwrap();
        let packed = (spec.pack)("x5o/7/7/3-3/7/7/o5x o 0 1").unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        (spec.features)(&packed, 0, &mut us, &mut them);
        // o to move: its stones are 'own' (features below 49) in `us`.
        assert_eq!(us.len(), 5);
        assert_eq!(us.iter().filter(|&&f| f < 49).count(), 2);
        assert_eq!(them.iter().filter(|&&f| f >= 98).count(), 1, "the blocker");
        assert!((spec.pack)("x5o/7").is_err());
    }

    #[test]
    fn formation_features_are_pieces_on_coloured_squares() {
        let spec = net_spec("formation").unwrap();
        let start = "1a0 2a0 3a0 4a0 1B1W1BW1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0";
        let packed = (spec.pack)(start).unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        for symmetry in 0..spec.symmetries {
            (spec.features)(&packed, symmetry, &mut us, &mut them);
            assert_eq!((us.len(), them.len()), (16, 16));
            assert_eq!(us.iter().filter(|&&f| f < 256).count(), 8, "White's own pieces");
            assert!(us.iter().chain(&them).all(|&f| usize::from(f) < spec.inputs));
        }
        // White connects with h5f4 next: the network does not evaluate it.
        let connecting = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B2B1 w 0";
        assert_eq!((spec.pack)(connecting).unwrap(), None);
    }

    #[test]
    fn abalone_features_are_marbles_and_ejection_counts() {
        let spec = net_spec("abalone").unwrap();
        let text = "sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSS1 0 1 w 0 9";
        let packed = (spec.pack)(text).unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        for symmetry in 0..spec.symmetries {
            (spec.features)(&packed, symmetry, &mut us, &mut them);
            assert_eq!((us.len(), them.len()), (29, 29));
            // White to move: its 14 marbles are 'own' in `us`, Black's 13
            // in `them`; White has ejected one marble, Black none.
            assert_eq!(us.iter().filter(|&&f| f < 61).count(), 14);
            assert_eq!(them.iter().filter(|&&f| f < 61).count(), 13);
            assert_eq!(us[27..], [122 + 1, 128]);
            assert_eq!(them[27..], [122, 128 + 1]);
            assert!(us.iter().chain(&them).all(|&f| usize::from(f) < spec.inputs));
        }
        assert!((spec.pack)("sssss/ssssss").is_err());
    }
}
