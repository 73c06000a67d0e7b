//! The runner against small scripted engines (shell scripts) playing the
//! toy game: a Nim pile of 13, where "take 1" each turn lets P1 take the
//! last stone.

use super::*;
use crate::toy;

/// The command that runs a scripted engine whose answer to `go` is `on_go`
/// (shell code), the script given inline (no file is left behind).
fn script(name: &str, on_go: &str) -> String {
    let text = format!(
        "while read -r line; do\n  case \"$line\" in\n    \
         ugi|uai) echo \"id name {name}\"; echo 'option name Game type combo default nim var nim'; echo \"${{line}}ok\";;\n    \
         'setoption name Game value nim') game=nim;;\n    \
         isready) echo readyok;;\n    \
         position*) position=\"$line\";;\n    \
         go*) {on_go};;\n    \
         quit) exit 0;;\n  \
         esac\ndone\n"
    );
    toy::inline_shell(&text)
}

fn taker(name: &str) -> String {
    script(name, "echo 'info depth 1 whatever'; echo 'some chatter'; echo \"bestmove take 1 ponder take 1\"")
}

fn settings(first: &str, second: &str) -> MatchSettings {
    let engines = [EngineSpec::new(first), EngineSpec::new(second)];
    MatchSettings::new("nim", engines, MoveLimit::Movetime(Duration::from_millis(50)))
}

fn run(settings: &MatchSettings) -> (Vec<GameReport>, MatchResult) {
    let mut reports = Vec::new();
    let result = run_match(&toy::registry(), settings, |report, _| reports.push(report.clone())).unwrap();
    reports.sort_by_key(|r| r.number);
    (reports, result)
}

#[test]
fn plays_both_sides_and_writes_records() {
    let mut settings = settings(&taker("first"), &taker("second"));
    settings.games = 4;
    settings.limit = MoveLimit::Clock("5+0.1".parse().unwrap());
    let (reports, result) = run(&settings);
    assert_eq!(result.names, ["first", "second"]);
    assert_eq!(result.tally, Tally { wins: 2, losses: 2, draws: 0 });
    assert_eq!(result.pairs.counts, [0, 0, 2, 0, 0], "each engine wins as P1");
    assert_eq!(result.decision, None);
    for clock in result.clocks {
        assert_eq!(clock.time_losses, 0);
        assert!(clock.lowest.is_some_and(|lowest| lowest <= Duration::from_secs(5)), "{clock:?}");
    }
    for report in &reports {
        assert_eq!(report.outcome, Outcome::win(Player::P1, "no-stones"));
        assert_eq!(report.first_plays, if report.number % 2 == 1 { Player::P1 } else { Player::P2 });
        assert_eq!(report.record.moves.len(), 13);
        assert_eq!(report.record.tag("Round"), Some(report.number.to_string().as_str()));
        assert_eq!(report.record.tag("P1"), Some(report.players[0].as_str()));
        assert_eq!(report.record.tag("Pile"), Some("13"), "the engine defaults apply");
        assert_eq!(report.record.tag("TimeControl"), Some("5+0.1"));
        assert_eq!(report.record.tag("Result"), Some("1-0"));
    }
    assert_eq!(reports[1].players, ["second", "first"]);
}

#[test]
fn starts_from_the_openings_each_from_both_sides() {
    let mut settings = settings(&taker("one"), &taker("two"));
    settings.games = 4;
    settings.concurrency = 2;
    settings.openings = vec![
        Opening { setup: Some("4 p2".into()), moves: vec![] },
        Opening { setup: None, moves: vec!["take 3".into()] },
    ];
    let (reports, result) = run(&settings);
    let starts: Vec<(Option<&str>, usize)> =
        reports.iter().map(|r| (r.record.tag("Setup"), r.record.moves.len())).collect();
    assert_eq!(starts, [(Some("4 p2"), 4), (Some("4 p2"), 4), (Some("13 p1"), 11), (Some("13 p1"), 11)]);
    assert_eq!(result.tally, Tally { wins: 2, losses: 2, draws: 0 });
}

#[test]
fn the_runner_sends_every_move_as_one_token() {
    // An engine that splits on whitespace: a move of two words in the
    // position makes it answer with an illegal move.
    let strict = script(
        "strict",
        "case \"$position\" in *'take '*) echo 'bestmove take 7';; *) echo 'bestmove take_1';; esac",
    );
    let mut settings = settings(&strict, &taker("fair"));
    settings.openings = vec![Opening { setup: None, moves: vec!["take 1".into(), "take 1".into()] }];
    let (reports, result) = run(&settings);
    assert_eq!(result.tally, Tally { wins: 1, losses: 1, draws: 0 }, "{reports:?}");
    assert!(reports.iter().all(|r| r.outcome.reason == "no-stones"), "{reports:?}");
    assert!(
        reports.iter().all(|r| r.record.moves.iter().all(|mv| mv.starts_with("take "))),
        "records keep the spaced form"
    );
}

#[test]
fn an_illegal_move_loses() {
    let cheat = script("cheat", "echo 'bestmove take 7'");
    let (reports, result) = run(&settings(&cheat, &taker("fair")));
    assert_eq!(result.tally, Tally { wins: 0, losses: 2, draws: 0 });
    assert_eq!(reports[0].outcome, Outcome::win(Player::P2, "illegal-move"));
    assert_eq!(
        reports[0].detail.as_deref(),
        Some("cheat played 'take 7': illegal move 'take 7': one may take 1 to 3 stones")
    );
    assert_eq!(reports[1].outcome, Outcome::win(Player::P1, "illegal-move"));
    assert_eq!(reports[1].record.moves, ["take 1"]);
    assert_eq!(reports[1].record.tag("Termination"), Some("illegal-move"));
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let crash = script("crash", "exit 3");
    let (reports, result) = run(&settings(&taker("steady"), &crash));
    assert_eq!(result.tally, Tally { wins: 2, losses: 0, draws: 0 });
    assert_eq!(reports[1].outcome, Outcome::win(Player::P2, "crash"));
    assert_eq!(reports[1].detail.as_deref(), Some("crash stopped answering (crashed or exited)"));
}

#[test]
fn running_out_of_time_loses() {
    let slow = script("slow", "sleep 1; echo 'bestmove take 1'");
    let mut settings = settings(&slow, &taker("quick"));
    settings.grace = Duration::from_millis(20);
    let (reports, result) = run(&settings);
    assert_eq!(result.tally, Tally { wins: 0, losses: 2, draws: 0 });
    assert_eq!(reports[0].outcome, Outcome::win(Player::P2, "time"));
    assert_eq!(reports[0].detail.as_deref(), Some("slow did not move within 0.070 s"));
    // A move time is no clock: nothing is counted but the time losses.
    assert_eq!(
        result.clocks,
        [ClockReport { time_losses: 2, ..ClockReport::default() }, ClockReport::default()]
    );
}

#[test]
fn a_clock_has_no_grace_by_default() {
    let slow = script("slow-clock", "sleep 1; echo 'bestmove take 1'");
    let engines = [EngineSpec::new(&taker("quick")), EngineSpec::new(&slow)];
    let settings = MatchSettings::new("nim", engines, MoveLimit::Clock("0.2".parse().unwrap()));
    assert_eq!(settings.grace, Duration::ZERO);
    assert_eq!(MoveLimit::Movetime(Duration::from_millis(5)).default_grace(), MOVETIME_GRACE);
    let (reports, result) = run(&settings);
    assert_eq!(result.tally, Tally { wins: 2, losses: 0, draws: 0 });
    assert_eq!(reports[1].detail.as_deref(), Some("slow-clock did not move within 0.200 s"));
    assert_eq!(result.clocks[1].time_losses, 2);
    assert_eq!(result.clocks[1].lowest, None);
    assert!(result.clocks[0].lowest.is_some(), "the quick engine moved once in game 2");
    // Its one move took some of the 0.2 s it could use; the slow engine
    // never moved, so it has no share.
    let quick = result.clocks[0].time_use;
    assert!(quick.spent > Duration::ZERO && quick.spent <= quick.usable, "{quick:?}");
    assert_eq!(quick.usable, Duration::from_millis(200));
    assert_eq!(result.clocks[0].least_time_use, Some(quick));
    assert_eq!(result.clocks[1].least_time_use, None);
}

#[test]
fn an_sprt_ends_the_match_once_decided() {
    // Whoever starts wins the pile of 13, so every pair is split: the
    // engines are even and the SPRT accepts H0 after a few pairs.
    let mut even = settings(&taker("left"), &taker("right"));
    even.games = 200;
    even.concurrency = 2;
    even.sprt = Some(Sprt::default());
    let mut pairs_seen = 0;
    let result = run_match(&toy::registry(), &even, |_, standing| {
        if standing.completes_pair {
            pairs_seen += 1;
        }
    })
    .unwrap();
    assert_eq!(result.decision, Some(Hypothesis::H0));
    let pairs = result.pairs.pairs();
    assert_eq!(pairs, pairs_seen);
    assert!(pairs < 100, "stopped early after {pairs} pairs");
    assert_eq!(result.pairs.counts, [0, 0, pairs, 0, 0]);
    let sprt = Sprt::default();
    let llr = sprt.llr(&result.pairs);
    assert!(llr <= sprt.bounds().0);
    assert!(pairs >= crate::MIN_PAIRS);
    let before = Pentanomial { counts: [0, 0, pairs - 1, 0, 0], ..Pentanomial::default() };
    assert_eq!(sprt.decision(&before), None, "the last pair decided it");

    // An engine that always moves illegally loses every game: H1.
    let mut lopsided = settings(&taker("fair"), &script("cheat", "echo 'bestmove take 7'"));
    lopsided.games = 200;
    lopsided.sprt = Some(Sprt::default());
    let (_, result) = run(&lopsided);
    assert_eq!(result.decision, Some(Hypothesis::H1));
    assert_eq!(result.pairs.counts[0..4], [0, 0, 0, 0]);
    assert!(result.tally.games() < 200);
}

#[test]
fn an_sprt_goes_on_from_an_earlier_runs_pairs() {
    // Even engines (every pair split) after an earlier run of 20 pairs,
    // half lost and half won: the test starts from that run's spread, so
    // it takes more split pairs to reach H0 than the 10 it would take
    // from nothing (split pairs alone have no variance).
    let sprt = Sprt { elo0: 0.0, elo1: 100.0, ..Sprt::default() };
    let mut resumed = settings(&taker("left"), &taker("right"));
    resumed.games = 200;
    resumed.concurrency = 2;
    resumed.sprt = Some(sprt);
    resumed.earlier_pairs = "[10, 0, 0, 0, 10]".parse().unwrap();
    let (_, result) = run(&resumed);
    assert_eq!(result.decision, Some(Hypothesis::H0));
    let this_run = result.pairs.pairs();
    assert_eq!(result.pairs.counts, [0, 0, this_run, 0, 0], "the result holds this run's pairs");
    assert!(this_run > crate::MIN_PAIRS, "{this_run} pairs");
    let before = Pentanomial { counts: [0, 0, this_run - 1, 0, 0], ..Pentanomial::default() };
    assert_eq!(sprt.decision(&before.combined(&resumed.earlier_pairs)), None, "the last pair decided it");
    assert_eq!(
        sprt.decision(&before),
        Some(Hypothesis::H0),
        "alone, this run's pairs would have decided sooner"
    );
}

#[test]
fn sends_the_game_to_engines_that_offer_it_and_draws_at_the_ply_limit() {
    let picky = script(
        "picky",
        "if [ \"$game\" = nim ]; then echo 'bestmove take 1'; else echo 'bestmove take 9'; fi",
    );
    let mut settings = settings(&picky, &picky);
    settings.games = 1;
    settings.max_plies = Some(5);
    settings.limit = MoveLimit::Depth(2);
    let (reports, result) = run(&settings);
    assert_eq!(result.names, ["picky #1", "picky #2"]);
    assert_eq!(reports[0].outcome, Outcome::draw("adjudication"));
    assert_eq!(reports[0].record.moves.len(), 5);
    assert_eq!(result.tally, Tally { wins: 0, losses: 0, draws: 1 });
}

#[test]
fn refuses_engines_that_do_not_start() {
    let settings = settings("/nonexistent/engine", &taker("fine"));
    let error = run_match(&toy::registry(), &settings, |_, _| {}).unwrap_err();
    assert_eq!(error.to_string(), "'/nonexistent/engine' exited during the handshake ('ugi' … 'ugiok')");
}

#[test]
fn refuses_bad_settings() {
    let mut bad = settings(&taker("a"), &taker("b"));
    bad.games = 0;
    assert_eq!(
        run_match(&toy::registry(), &bad, |_, _| {}).unwrap_err().to_string(),
        "a match needs at least one game"
    );
    bad.games = 3;
    bad.sprt = Some(Sprt::default());
    assert_eq!(
        run_match(&toy::registry(), &bad, |_, _| {}).unwrap_err().to_string(),
        "an SPRT counts game pairs: the number of games must be even, not 3"
    );
    bad.games = 2;
    bad.game = "chess".into();
    assert_eq!(run_match(&toy::registry(), &bad, |_, _| {}).unwrap_err().to_string(), "unknown game 'chess'");
    bad.game = "nim".into();
    bad.openings = vec![Opening { setup: Some("x".into()), moves: vec![] }];
    assert!(run_match(&toy::registry(), &bad, |_, _| {}).is_err());
}
