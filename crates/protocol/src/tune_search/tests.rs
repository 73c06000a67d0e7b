//! Tuning against a scripted engine of the toy game (Nim, a pile of 13)
//! with one spin option, `Skill`: from 50 on it plays perfectly (leaves a
//! multiple of 4), below it takes one stone. A perfect player wins every
//! game against an imperfect one, so SPSA must raise `Skill`.

use super::*;
use crate::spsa::SpsaSettings;
use crate::{EngineSpec, MoveLimit, toy};

/// The command that runs the scripted engine (given inline).
fn skilled_engine() -> String {
    let text = "skill=10\n\
        while read -r line; do\n  case \"$line\" in\n    \
        ugi|uai) echo 'id name skilled'; echo 'option name Game type combo default nim var nim';\n      \
        echo 'option name Skill type spin default 10 min 0 max 100'; echo \"${line}ok\";;\n    \
        'setoption name Skill value '*) skill=${line#setoption name Skill value };;\n    \
        isready) echo readyok;;\n    \
        position*) set -- $line; pile=$3; shift 4; [ \"$1\" = moves ] && shift;\n      \
        for mv in \"$@\"; do pile=$((pile - ${mv#take_})); done;;\n    \
        go*) left=$((pile % 4));\n      \
        if [ \"$skill\" -ge 50 ] && [ $left -ne 0 ]; then echo \"bestmove take_$left\"; else echo 'bestmove take_1'; fi;;\n    \
        quit) exit 0;;\n  esac\ndone\n";
    toy::inline_shell(text)
}

fn template() -> MatchSettings {
    let engine = EngineSpec::new(&skilled_engine());
    MatchSettings::new("nim", [engine.clone(), engine], MoveLimit::Depth(1))
}

#[test]
fn reads_the_spin_options_the_engine_offers() {
    let options = spin_options(&toy::registry(), &template()).unwrap();
    assert_eq!(options, [SpinOption { name: "Skill".into(), default: 10, min: 0, max: 100 }]);
}

#[test]
fn a_pair_between_the_two_values_is_won_by_the_perfect_player() {
    let skill = SpsaParam::from_option(&SpinOption { name: "Skill".into(), default: 10, min: 0, max: 100 });
    let trial = |plus, minus| Trial {
        iteration: 0,
        delta: vec![1],
        plus: vec![plus],
        minus: vec![minus],
        opening: 0,
    };
    let registry = toy::registry();
    let won = play_pair(&registry, &template(), std::slice::from_ref(&skill), &trial(60, 40)).unwrap();
    assert_eq!(won.tally, crate::Tally { wins: 2, losses: 0, draws: 0 });
    let lost = play_pair(&registry, &template(), std::slice::from_ref(&skill), &trial(10, 50)).unwrap();
    assert_eq!(lost.tally, crate::Tally { wins: 0, losses: 2, draws: 0 });
    let even = play_pair(&registry, &template(), &[skill], &trial(10, 20)).unwrap();
    assert_eq!(even.tally, crate::Tally { wins: 1, losses: 1, draws: 0 }, "P1 wins each game");
}

#[test]
fn raises_the_skill_and_resumes_from_the_state_file() {
    let registry = toy::registry();
    let template = template();
    let options = spin_options(&registry, &template).unwrap();
    let settings = SpsaSettings {
        params: vec![SpsaParam::parse("Skill=30,,,20,0.05", &options).unwrap()],
        iterations: 6,
        seed: 5,
    };
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("tune.state");
    let mut spsa = Spsa::resume_or_start(&state, settings.clone()).unwrap();
    let mut seen = Vec::new();
    tune_search(&registry, &template, &mut spsa, 2, &state, |spsa, trial, result| {
        seen.push((trial.iteration, spsa.theta[0], result.tally));
    })
    .unwrap();
    assert_eq!(seen.iter().map(|(iteration, ..)| *iteration).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    assert!(spsa.theta[0] > 40.0, "Skill rose from 30: {seen:?}");
    assert!(seen.windows(2).all(|w| w[1].1 >= w[0].1), "never lowered: {seen:?}");
    assert_eq!(spsa.total.tally.wins + spsa.total.tally.losses, 12);
    let resumed = Spsa::resume_or_start(&state, settings).unwrap();
    assert_eq!(resumed, spsa, "the state file holds the finished run");
}
