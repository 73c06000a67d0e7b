//! The registry of every game Spielwerk plays: one [`game::GameEntry`] per
//! game, each with everything the game brings (names, options, rules, web
//! board module, network, tunable evaluation).

use game::Registry;

/// A registry of all games, in the order they are listed to users.
#[must_use]
pub fn registry() -> Registry {
    Registry::new(vec![
        ataxx::entry(),
        abalone::entry(),
        formation::entry(),
        amakta::entry(),
        amakta::infinit_entry(),
    ])
}

#[cfg(test)]
mod tests {
    use game::{Options, Player};

    #[test]
    fn every_player_name_is_one_of_its_entry() {
        let registry = super::registry();
        for entry in registry.entries() {
            let game = registry.create(entry.name, &Options::new(), None).unwrap();
            assert_eq!(Player::BOTH.map(|p| game.player_name(p)), entry.players, "{}", entry.name);
        }
        // Amakta names its players by colour once the colours are chosen.
        for name in ["amakta", "amakta-infinit"] {
            let options = Options::new().with("colour", "black").with("circles", "none");
            let options = if name == "amakta" { options } else { Options::new() };
            let game = registry.create(name, &options, None).unwrap();
            let entry = registry.get(name).unwrap();
            for player in Player::BOTH {
                let side = game.player_name(player);
                assert!(entry.side_names().any(|known| known == side), "{name}: {side}");
            }
        }
        let amakta = registry.create("amakta", &Options::new().with("colour", "black"), None).unwrap();
        assert_eq!(amakta.player_name(Player::P1).de, "Schwarz");
    }

    #[test]
    fn every_entry_speaks_both_languages() {
        for entry in super::registry().entries() {
            for spec in entry.options {
                for text in [spec.label, spec.help] {
                    assert!(!text.en.is_empty() && !text.de.is_empty(), "{} {}", entry.name, spec.name);
                }
            }
            assert!(!entry.board_module.is_empty() && !entry.title.de.is_empty(), "{}", entry.name);
        }
    }

    #[test]
    fn networks_and_tunable_evaluations_come_with_their_games() {
        let registry = super::registry();
        let with = |has: fn(&game::GameEntry) -> bool| -> Vec<&str> {
            registry.entries().iter().filter(|e| has(e)).map(|e| e.name).collect()
        };
        assert_eq!(with(|e| e.network.is_some()), ["ataxx", "abalone", "formation"]);
        assert_eq!(with(|e| e.tunable.is_some()), ["amakta", "amakta-infinit"]);
        for entry in registry.entries() {
            let options = entry.with_engine_defaults(&Options::new());
            let start = registry.create(entry.name, &options, None).unwrap().position();
            if let Some(spec) = entry.network {
                assert!((spec.pack)(&start).is_ok(), "{}", entry.name);
            }
            if let Some(eval) = entry.tunable
                && let Some(features) = (eval.extract)(&start).unwrap()
            {
                assert_eq!(features.len(), eval.weights.len(), "{}", entry.name);
            }
        }
    }
}
