//! SPSA on a synthetic objective: a fake match whose expected score is a
//! known function of θ.

use super::*;
use std::convert::Infallible;

/// The Elo of an engine with `values`: 0 at the optimum (120, 30),
/// falling quadratically away from it.
fn elo(values: &[i32]) -> f64 {
    let (x, y) = (f64::from(values[0]), f64::from(values[1]));
    -0.05 * (x - 120.0).powi(2) - 0.2 * (y - 30.0).powi(2)
}

/// A fake game pair: each game won by the first engine with the logistic
/// probability of the Elo difference, drawn from the iteration's own
/// random numbers (so resumed runs see the same games).
fn fake_pair(trial: &Trial) -> Result<PairResult, Infallible> {
    let p = 1.0 / (1.0 + 10f64.powf(-(elo(&trial.plus) - elo(&trial.minus)) / 400.0));
    let mut rng = StdRng::seed_from_u64(trial.iteration as u64 * 7919 + 13);
    let mut tally = Tally::default();
    for _ in 0..2 {
        let u: f64 = rng.random();
        if u < 0.15 {
            tally.draws += 1;
        } else if rng.random::<f64>() < p {
            tally.wins += 1;
        } else {
            tally.losses += 1;
        }
    }
    Ok(PairResult { tally, time_losses: 0 })
}

fn param(name: &str, start: f64, min: i32, max: i32, step: f64, rate: f64) -> SpsaParam {
    SpsaParam { name: name.into(), start, min, max, step, rate }
}

fn settings(iterations: usize) -> SpsaSettings {
    SpsaSettings {
        params: vec![param("X", 40.0, 0, 200, 10.0, 0.1), param("Y", 80.0, 0, 100, 5.0, 0.2)],
        iterations,
        seed: 7,
    }
}

/// Runs `spsa` to the end on the fake match.
fn finish(spsa: &mut Spsa, concurrency: usize) {
    spsa.run(0, concurrency, fake_pair, |_, _, _| Ok(())).unwrap();
}

#[test]
fn moves_theta_towards_the_optimum() {
    let mut spsa = Spsa::new(settings(2000)).unwrap();
    finish(&mut spsa, 1);
    assert!(spsa.is_finished());
    let [x, y] = spsa.theta[..] else { panic!("two parameters") };
    assert!((x - 120.0).abs() < 80.0 / 4.0, "X from 40 towards 120: {x}");
    assert!((y - 30.0).abs() < 50.0 / 4.0, "Y from 80 towards 30: {y}");
    let games = spsa.total.tally.wins + spsa.total.tally.losses + spsa.total.tally.draws;
    assert_eq!(games, 4000);
    let mut again = Spsa::new(settings(2000)).unwrap();
    finish(&mut again, 1);
    assert_eq!(again, spsa, "the same seed, the same run");
}

#[test]
fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
    let mut whole = Spsa::new(settings(300)).unwrap();
    finish(&mut whole, 1);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("spsa.state");
    let mut first = Spsa::resume_or_start(&path, settings(300)).unwrap();
    let stopped = first.run(
        0,
        1,
        |trial| fake_pair(trial).map_err(|never| match never {}),
        |spsa, _, _| {
            spsa.save(&path).unwrap();
            if spsa.done == 123 { Err("interrupted") } else { Ok(()) }
        },
    );
    assert_eq!(stopped, Err("interrupted"));
    let mut resumed = Spsa::resume_or_start(&path, settings(300)).unwrap();
    assert_eq!(resumed.done, 123);
    assert_eq!(resumed, first, "the state file keeps θ exactly");
    finish(&mut resumed, 1);
    assert_eq!(resumed, whole);

    let other = Spsa::resume_or_start(&path, settings(400)).unwrap_err();
    assert_eq!(
        other.to_string(),
        "the state file is of another run (300 iterations, not 400); remove it or give another state file"
    );
}

#[test]
fn perturbed_values_stay_inside_the_range() {
    let settings = SpsaSettings {
        params: vec![param("Low", 1.0, 0, 10, 4.0, 5.0), param("High", 99.0, 90, 100, 30.0, 5.0)],
        iterations: 200,
        seed: 3,
    };
    let mut spsa = Spsa::new(settings).unwrap();
    let mut seen_at_bounds = [false; 2];
    spsa.run(
        0,
        1,
        |trial| {
            Ok::<_, Infallible>(PairResult {
                tally: Tally { wins: u32::from(trial.iteration % 3 == 0) * 2, losses: 1, draws: 0 },
                time_losses: 0,
            })
        },
        |spsa, trial, _| {
            for (index, param) in spsa.settings.params.iter().enumerate() {
                for value in [trial.plus[index], trial.minus[index]] {
                    assert!((param.min..=param.max).contains(&value), "{} = {value}", param.name);
                    seen_at_bounds[index] |= value == param.min || value == param.max;
                }
                assert!((f64::from(param.min)..=f64::from(param.max)).contains(&spsa.theta[index]));
            }
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(seen_at_bounds, [true, true], "the steps reach past the bounds and are clamped");
}

#[test]
fn pairs_played_at_once_are_applied_in_order() {
    let mut four = Spsa::new(settings(100)).unwrap();
    let mut order = Vec::new();
    four.run(0, 4, fake_pair, |_, trial, _| {
        order.push(trial.iteration);
        Ok(())
    })
    .unwrap();
    assert_eq!(order, (0..100).collect::<Vec<_>>());
    let mut again = Spsa::new(settings(100)).unwrap();
    finish(&mut again, 4);
    assert_eq!(again, four);
    assert_eq!(four.total.tally.wins + four.total.tally.losses + four.total.tally.draws, 200);
}

#[test]
fn the_gains_end_at_the_given_step_and_rate() {
    let spsa = Spsa::new(settings(500)).unwrap();
    let x = &spsa.settings.params[0];
    let (a_last, c_last) = spsa.gains(x, 499);
    assert!((c_last - 10.0).abs() < 1e-9, "{c_last}");
    assert!((a_last / (c_last * c_last) - 0.1).abs() < 1e-9, "{a_last}");
    let (a_first, c_first) = spsa.gains(x, 0);
    assert!(a_first > a_last && c_first > c_last);
}

#[test]
fn the_openings_are_drawn_from_all_of_them() {
    let spsa = Spsa::new(settings(100)).unwrap();
    let openings: std::collections::HashSet<usize> = (0..100).map(|k| spsa.trial(k, 5).opening).collect();
    assert_eq!(openings.len(), 5);
    assert_eq!(spsa.trial(3, 0).opening, 0);
    assert_eq!(spsa.trial(3, 5), spsa.trial(3, 5));
}

fn options() -> Vec<SpinOption> {
    ["LmrDivisor type spin default 225 min 100 max 500", "Hash type spin default 32 min 1 max 65536"]
        .iter()
        .map(|line| SpinOption::parse(line).unwrap())
        .collect()
}

#[test]
fn reads_spin_options_and_nothing_else() {
    assert_eq!(options()[0], SpinOption { name: "LmrDivisor".into(), default: 225, min: 100, max: 500 });
    assert_eq!(SpinOption::parse("Engine type combo default alphabeta var alphabeta"), None);
    assert_eq!(
        SpinOption::parse("Move Overhead type spin default 10 min 0 max 5000").unwrap().name,
        "Move Overhead"
    );
    assert_eq!(SpinOption::parse("Broken type spin default ten min 0 max 5"), None);
}

#[test]
fn parameters_come_from_the_engine_unless_given() {
    let options = options();
    assert_eq!(
        SpsaParam::parse("lmrdivisor", &options).unwrap(),
        param("LmrDivisor", 225.0, 100, 500, 20.0, DEFAULT_RATE)
    );
    assert_eq!(
        SpsaParam::parse("LmrDivisor=230,150,350,8,0.01", &options).unwrap(),
        param("LmrDivisor", 230.0, 150, 350, 8.0, 0.01)
    );
    assert_eq!(
        SpsaParam::parse("LmrDivisor=,,,5", &options).unwrap(),
        param("LmrDivisor", 225.0, 100, 500, 5.0, DEFAULT_RATE)
    );
    assert_eq!(
        SpsaParam::parse("LmrDivisor=,200,300", &options).unwrap().step,
        5.0,
        "a twentieth of the new range"
    );
    for (text, error) in [
        (
            "Colour",
            "parameter 'Colour': the engine offers no spin option 'Colour' (it has: LmrDivisor, Hash)",
        ),
        ("LmrDivisor=abc", "parameter 'LmrDivisor=abc': 'abc' is not a number"),
        ("LmrDivisor=,100.5", "parameter 'LmrDivisor=,100.5': 100.5 is not a whole number"),
        ("LmrDivisor=600", "parameter LmrDivisor: start 600 is outside 100..=500"),
        ("LmrDivisor=,,,0", "parameter LmrDivisor: c and r must be above 0"),
        ("LmrDivisor=,300,200", "parameter LmrDivisor: min 300 must be below max 200"),
        (
            "LmrDivisor=1,2,3,4,5,6",
            "parameter 'LmrDivisor=1,2,3,4,5,6': expected at most NAME=start,min,max,c,r",
        ),
    ] {
        assert_eq!(SpsaParam::parse(text, &options).unwrap_err().to_string(), error, "{text}");
    }
}

#[test]
fn a_run_needs_parameters_once_each_and_iterations() {
    let mut twice = settings(10);
    twice.params[1].name = "x".into();
    assert_eq!(Spsa::new(twice).unwrap_err().to_string(), "parameter x is named twice");
    assert!(Spsa::new(SpsaSettings { params: vec![], iterations: 10, seed: 1 }).is_err());
    assert!(Spsa::new(settings(0)).is_err());
}

#[test]
fn prints_the_result_as_setoption_lines_and_a_games_defaults() {
    let mut spsa = Spsa::new(SpsaSettings {
        params: vec![
            param("LmrDivisor", 225.0, 100, 500, 20.0, 0.002),
            param("LmrSpared", 3.0, 1, 10, 1.0, 0.002),
        ],
        iterations: 10,
        seed: 1,
    })
    .unwrap();
    spsa.theta = vec![231.4, 1.6];
    assert_eq!(
        spsa.setoption_lines(),
        ["setoption name LmrDivisor value 231", "setoption name LmrSpared value 2"]
    );
    assert_eq!(spsa.defaults_line(), r#"&[("LmrDivisor", 231), ("LmrSpared", 2)]"#);
}

#[test]
fn a_malformed_state_file_names_its_line() {
    let good = Spsa::new(settings(10)).unwrap().to_text();
    assert_eq!(Spsa::from_text(&good).unwrap(), Spsa::new(settings(10)).unwrap());
    let bad = good.replace("seed 7", "seed seven");
    assert_eq!(
        Spsa::from_text(&bad).unwrap_err().to_string(),
        "state file, line 3: 'seven' is not a number here"
    );
    assert!(Spsa::from_text("something else").is_err());
    let out_of_range = good.replace("theta 40", "theta 400");
    assert!(
        Spsa::from_text(&out_of_range).unwrap_err().to_string().contains("out of range"),
        "{out_of_range}"
    );
}
