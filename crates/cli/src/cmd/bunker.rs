//! `spielwerk amakta-infinit bunker`: the bunker loophole of Amakta
//! Infinit — the cheapest bunkers found ([`amakta::infinit::bunker`]), the
//! threshold of points at which they appear, a check by the engine, and
//! self-play under the amendments `arrow-cap` and `ply-limit`.

use crate::messages::decimals;
use amakta::infinit::bunker::{self, Bunker, Progress, SearchSettings};
use amakta::infinit::engine::{alpha_beta, start_move};
use amakta::infinit::{Amendments, Stage};
use amakta::{Colour, Infinit, InfinitMove, Move};
use anyhow::Context;
use clap::{Args, Subcommand};
use game::{Analyzer, Game, History, Language, Limits, Player, Presentation, text};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use std::sync::atomic::AtomicBool;

/// Arguments of `spielwerk amakta-infinit`.
#[derive(Args, Debug)]
pub struct InfinitArgs {
    #[command(subcommand)]
    pub command: InfinitCommand,
}

/// The Amakta Infinit tools.
#[derive(Subcommand, Debug)]
pub enum InfinitCommand {
    /// Search the cheapest bunkers (stone arrangements around the own base
    /// that the opponent can never break), report the threshold of points
    /// at which they appear and draw the cheapest; optionally check it with
    /// the engine as attacker and measure self-play under the amendments.
    Bunker(BunkerArgs),
}

/// Arguments of `spielwerk amakta-infinit bunker`.
#[derive(Args, Debug)]
pub struct BunkerArgs {
    /// Distance of the two bases.
    #[arg(long, default_value_t = 8)]
    pub distance: i32,
    /// Bunker stones stand at most this far from the base.
    #[arg(long, default_value_t = 2)]
    pub radius: i32,
    /// Most stones of a bunker [default: every cell within --radius, 19
    /// at radius 2, 37 at radius 3].
    #[arg(long)]
    pub max_stones: Option<usize>,
    /// Shapes the beam search keeps per number of stones.
    #[arg(long, default_value_t = 24)]
    pub beam: usize,
    /// The amendment arrow-cap: most arrows a stone may have.
    #[arg(long)]
    pub arrow_cap: Option<u32>,
    /// The amendment ply-limit (for the engine check and self-play).
    #[arg(long)]
    pub ply_limit: Option<u32>,
    /// Points to report the existence of a bunker for, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "50,100,200,300,400,500,750,1000")]
    pub points: Vec<u32>,
    /// Games in which the engine (Black, with a set it creates from
    /// --attacker-points) attacks the cheapest bunker while White passes.
    #[arg(long, default_value_t = 0)]
    pub attack_games: usize,
    /// Black's points in the attack games.
    #[arg(long, default_value_t = 200)]
    pub attacker_points: u32,
    /// Self-play games of Amakta Infinit (engine against engine, White's
    /// points --selfplay-points) under the amendments given.
    #[arg(long, default_value_t = 0)]
    pub selfplay: usize,
    /// White's points in the self-play games.
    #[arg(long, default_value_t = 50)]
    pub selfplay_points: u32,
    /// Nodes per engine move in the attack and self-play games.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Plies of play after which an attack or self-play game counts as a
    /// draw (when no --ply-limit ends it first; old name:
    /// max-plies).
    #[arg(long, value_name = "PLIES", default_value_t = 200, alias = "max-plies")]
    pub draw_after: usize,
    /// Seed of the random plies of the attack and self-play games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs an Amakta Infinit tool, speaking `language`.
pub fn run(args: &InfinitArgs, language: Language) -> anyhow::Result<()> {
    match &args.command {
        InfinitCommand::Bunker(bunker) => run_bunker(bunker, language),
    }
}

/// Prints `text` in `language`, a decimal comma in German.
fn say(text: &game::Text, language: Language) {
    println!("{}", decimals(text.get(language), language));
}

/// A progress line of the bunker search.
fn progress_text(progress: Progress) -> game::Text {
    match progress {
        Progress::Size { stones, max, found: Some(cost) } => {
            text!(
                "{stones}/{max} stones: a bunker for {cost} points",
                "{stones}/{max} Steine: ein Bunker für {cost} Punkte"
            )
        }
        Progress::Size { stones, max, found: None } => {
            text!("{stones}/{max} stones: none", "{stones}/{max} Steine: keiner")
        }
        Progress::Discs => text!("checking the discs around the base", "Prüfung der Scheiben um die Basis"),
    }
}

/// The cells within `radius` of a cell: 1, 7, 19, 37, 61.
fn cells_within(radius: i32) -> usize {
    let radius = usize::try_from(radius).unwrap_or(0);
    3 * radius * (radius + 1) + 1
}

fn amendments(args: &BunkerArgs) -> Amendments {
    Amendments { arrow_cap: args.arrow_cap, ply_limit: args.ply_limit }
}

fn run_bunker(args: &BunkerArgs, language: Language) -> anyhow::Result<()> {
    let check = |holds: bool, message: game::Text| -> anyhow::Result<()> {
        anyhow::ensure!(holds, "{}", message.get(language));
        Ok(())
    };
    check(
        (1..=100).contains(&args.distance),
        text!("--distance must be from 1 to 100", "--distance muss zwischen 1 und 100 liegen"),
    )?;
    check(
        (1..=4).contains(&args.radius),
        text!("--radius must be from 1 to 4", "--radius muss zwischen 1 und 4 liegen"),
    )?;
    let max_stones = args.max_stones.unwrap_or_else(|| cells_within(args.radius));
    check(
        args.beam > 0 && max_stones > 0,
        text!("--beam and --max-stones must be positive", "--beam und --max-stones müssen positiv sein"),
    )?;
    let settings = SearchSettings {
        distance: args.distance,
        radius: args.radius,
        max_stones,
        beam: args.beam,
        arrow_cap: args.arrow_cap,
    };
    let cap =
        args.arrow_cap.map_or_else(|| text!("none", "keine").get(language).to_owned(), |c| c.to_string());
    let (distance, radius, beam) = (args.distance, args.radius, args.beam);
    say(
        &text!(
            "bunker search: distance {distance}, radius {radius}, up to {max_stones} stones, beam {beam}, arrow cap {cap}",
            "Bunkersuche: Abstand {distance}, Radius {radius}, bis zu {max_stones} Steine, Strahlbreite {beam}, Pfeilgrenze {cap}"
        ),
        language,
    );
    let started = std::time::Instant::now();
    let found = bunker::search_reporting(&settings, &mut |progress| {
        let seconds = decimals(&format!("{:>5.1}", started.elapsed().as_secs_f64()), language);
        eprintln!("  {seconds} s  {}", progress_text(progress).get(language));
    });
    if found.is_empty() {
        say(
            &text!(
                "no bunker found: none holds under these rules within the search's reach",
                "kein Bunker gefunden: keiner hält unter diesen Regeln in der Reichweite der Suche"
            ),
            language,
        );
    } else {
        let (stones, points) = match language {
            Language::English => ("stones", "points"),
            Language::German => ("Steine", "Punkte"),
        };
        println!("{stones:>6} {points:>7}");
        for f in &found {
            println!("{:>6} {:>7}", f.bunker.stones.len(), f.cost);
        }
    }
    let cheapest = found.iter().min_by_key(|f| f.cost);
    match cheapest {
        Some(best) => {
            let (stones, cost) = (best.bunker.stones.len(), best.cost);
            say(
                &text!(
                    "threshold: a bunker of {stones} stones costs {cost} points (the cheapest found; Black may bid up to 10 × White's points)",
                    "Schwelle: ein Bunker aus {stones} Steinen kostet {cost} Punkte (der billigste gefundene; Schwarz darf bis zu 10 × die Punkte von Weiß bieten)"
                ),
                language,
            );
        }
        None => say(&text!("threshold: none found", "Schwelle: keine gefunden"), language),
    }
    for &points in &args.points {
        let fits = cheapest.is_some_and(|b| b.cost <= points);
        let line = if fits {
            text!("  {points:>5} points: bunker", "  {points:>5} Punkte: Bunker")
        } else {
            text!("  {points:>5} points: no bunker found", "  {points:>5} Punkte: kein Bunker gefunden")
        };
        say(&line, language);
    }
    if let Some(best) = cheapest {
        let heading =
            text!("the cheapest bunker (White, base 0,0):", "der billigste Bunker (Weiß, Basis 0,0):");
        println!("\n{}\n{}", heading.get(language), best.bunker.listing());
        let position = best.bunker.position(args.distance)?;
        println!(
            "{}",
            position.render(None, game::Style::new(language, crate::args::ColorChoice::Auto.enabled()))
        );
        if args.attack_games > 0 {
            attack(&best.bunker, args, language)?;
        }
    }
    if args.selfplay > 0 {
        selfplay(args, language)?;
    }
    Ok(())
}

/// The bunker on the board, White (P1) to move, Black holding the set the
/// engine creates from `points` (at most 1000).
pub fn besieged(
    bunker: &Bunker,
    distance: i32,
    points: u32,
    amendments: Amendments,
) -> anyhow::Result<Infinit> {
    let points = points.min(amakta::infinit::MAX_POINTS);
    let mut game =
        Infinit::new(distance, points).map_err(|e| anyhow::anyhow!("{}", e.en))?.with_amendments(amendments);
    // P1 offers Black `points` (within the bid cap), P2 accepts and plays
    // Black; White closes its set at once (its stones are the bunker's).
    for mv in [InfinitMove::Bid(points), InfinitMove::Accept] {
        anyhow::ensure!(game.is_legal(mv), "the bidding move {mv:?} is not legal");
        game.play(mv);
    }
    while game.stage() != Stage::Play {
        let mv = match game.stage() {
            Stage::Creation(Colour::White) => InfinitMove::Close,
            _ => start_move(&game).context("the engine creates Black's set")?,
        };
        game.play(mv);
    }
    let mut text = game.position_text();
    let sets: Vec<String> = bunker
        .stones
        .iter()
        .map(|s| format!("w:{}={}", s.orientation.canonical(), s.circle.letter()))
        .collect();
    let stones: Vec<String> = bunker
        .stones
        .iter()
        .map(|s| format!("{},{}=w:{}/{}", s.cell.q, s.cell.r, s.orientation.canonical(), s.orientation))
        .collect();
    let black_sets = text.split_whitespace().find_map(|f| f.strip_prefix("sets=")).unwrap_or("-").to_owned();
    let all_sets =
        if black_sets == "-" { sets.join(";") } else { format!("{};{black_sets}", sets.join(";")) };
    text = text
        .split_whitespace()
        .map(|field| match field.split_once('=') {
            Some(("sets", _)) => format!("sets={all_sets}"),
            Some(("stones", _)) => format!("stones={}", stones.join(";")),
            _ => field.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Infinit::from_text(&text)?.with_amendments(amendments))
}

/// The random numbers of game `index` of a run seeded with `seed`.
fn game_rng(seed: u64, index: usize) -> SmallRng {
    SmallRng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The engine of a checking game: alpha-beta with a 4 MiB table, new.
fn fresh_engine() -> Box<dyn Analyzer<Infinit>> {
    let mut engine = alpha_beta();
    engine.set_hash_mb(4);
    engine.new_game();
    engine
}

/// Plays the engine (Black) against the passing bunker and reports. The
/// first two moves of Black are random (not `pass`); later, whenever the
/// engine's move would draw by repetition (the engine takes a draw when it
/// sees no better), Black plays a random move that does not instead: the
/// attacker refuses the draw the bunker offers.
fn attack(bunker: &Bunker, args: &BunkerArgs, language: Language) -> anyhow::Result<()> {
    let amendments = amendments(args);
    let start = besieged(bunker, args.distance, args.attacker_points, amendments)?;
    let black = start.position().catalog().iter().filter(|i| i.colour == Colour::Black).count();
    let (points, nodes, plies) = (args.attacker_points, args.nodes, args.draw_after);
    say(
        &text!(
            "engine check: Black ({black} stones from {points} points, {nodes} nodes a move) attacks, White passes, up to {plies} plies",
            "Prüfung durch die Engine: Schwarz ({black} Steine aus {points} Punkten, {nodes} Knoten je Zug) greift an, Weiß passt, bis zu {plies} Halbzüge"
        ),
        language,
    );
    let mut tally = [0usize; 3];
    for index in 0..args.attack_games {
        let mut rng = game_rng(args.seed, index);
        let mut history = History::new(start.clone());
        let mut engine = fresh_engine();
        let limits = Limits { nodes: Some(args.nodes), ..Limits::default() };
        let stop = AtomicBool::new(false);
        let mut moves = Vec::new();
        while history.outcome().is_none() && history.moves().len() < args.draw_after {
            let mv = if history.current().position().colour_to_move() == Colour::White {
                InfinitMove::Play(Move::Pass)
            } else if history.moves().len() < 4 {
                history.legal_moves(&mut moves);
                moves.retain(|&m| m != InfinitMove::Play(Move::Pass));
                *moves.choose(&mut rng).context("Black has no move")?
            } else {
                let Some(mv) = engine.think(&history, &limits, &stop, &mut |_| {}) else { break };
                mv
            };
            history.play(mv)?;
            if history.current().position().colour_to_move() == Colour::White
                && history.outcome().is_some_and(|o| o.reason == "repetition")
            {
                // The attacker refuses the draw: another move that neither
                // passes nor repeats, if there is one.
                history.undo();
                history.legal_moves(&mut moves);
                moves.retain(|&m| m != InfinitMove::Play(Move::Pass));
                moves.shuffle(&mut rng);
                let fresh = moves.iter().copied().find(|&m| {
                    let mut probe = history.clone();
                    probe.play(m).is_ok() && probe.outcome().is_none_or(|o| o.reason != "repetition")
                });
                history.play(fresh.unwrap_or(mv))?;
            }
        }
        let outcome = history.outcome();
        let slot = result_slot(outcome.as_ref());
        tally[slot] += 1;
        let number = index + 1;
        let ending = outcome.map_or_else(
            || text!("cap (no result)", "Grenze (kein Ergebnis)").get(language).to_owned(),
            |o| format!("{} ({})", o.result.as_text(), o.reason),
        );
        let plies = history.moves().len();
        say(
            &text!(
                "  game {number}: {ending} after {plies} plies",
                "  Partie {number}: {ending} nach {plies} Halbzügen"
            ),
            language,
        );
    }
    let [white, black, drawn] = tally;
    say(
        &text!(
            "  bunker (White) wins {white}, attacker (Black) wins {black}, draws or cap {drawn}",
            "  Bunker (Weiß) gewinnt {white}, Angreifer (Schwarz) gewinnt {black}, Remis oder Grenze {drawn}"
        ),
        language,
    );
    Ok(())
}

/// Engine-against-engine games of Amakta Infinit under the amendments.
fn selfplay(args: &BunkerArgs, language: Language) -> anyhow::Result<()> {
    let amendments = amendments(args);
    let rules = if amendments == Amendments::default() {
        text!("original rules", "ursprüngliche Regeln").get(language).to_owned()
    } else {
        amendments.to_string()
    };
    let (games, points, distance, nodes, plies) =
        (args.selfplay, args.selfplay_points, args.distance, args.nodes, args.draw_after);
    say(
        &text!(
            "self-play: {games} games, White's points {points}, distance {distance}, {nodes} nodes a move, \
             2 random plies of play, cap {plies} plies, amendments: {rules}",
            "Selbstspiel: {games} Partien, Punkte von Weiß {points}, Abstand {distance}, {nodes} Knoten je Zug, \
             2 zufällige Halbzüge im Spiel, Grenze {plies} Halbzüge, Ergänzungen: {rules}"
        ),
        language,
    );
    let mut results = [0usize; 3];
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    let mut plies = 0;
    for index in 0..args.selfplay {
        let mut rng = game_rng(args.seed, index);
        let start = Infinit::new(args.distance, args.selfplay_points)
            .map_err(|e| anyhow::anyhow!("{}", e.en))?
            .with_amendments(amendments);
        let mut history = History::new(start);
        let mut engine = fresh_engine();
        let limits = Limits { nodes: Some(args.nodes), ..Limits::default() };
        let stop = AtomicBool::new(false);
        let mut moves = Vec::new();
        let mut random = 0;
        let mut played = 0;
        while history.outcome().is_none() && played < args.draw_after {
            let in_play = history.current().stage() == Stage::Play;
            let mv = if in_play && random < 2 {
                random += 1;
                history.legal_moves(&mut moves);
                moves.retain(|&m| m != InfinitMove::Play(Move::Pass));
                *moves.choose(&mut rng).context("no move")?
            } else {
                let Some(mv) = engine.think(&history, &limits, &stop, &mut |_| {}) else { break };
                mv
            };
            history.play(mv)?;
            played += usize::from(in_play);
        }
        plies += played;
        let outcome = history.outcome();
        let slot = result_slot(outcome.as_ref());
        results[slot] += 1;
        *reasons.entry(outcome.map_or("cap".to_owned(), |o| o.reason.to_owned())).or_default() += 1;
    }
    let tally =
        protocol::Tally { wins: results[0] as u32, losses: results[1] as u32, draws: results[2] as u32 };
    let (low, high) = tally.score_interval().unwrap_or((0.0, 1.0));
    let [first, second, draws] = results;
    let score = tally.score().unwrap_or(0.5);
    let decisive = (results[0] + results[1]) as f64 / args.selfplay.max(1) as f64;
    let average = plies as f64 / args.selfplay.max(1) as f64;
    let endings =
        reasons.iter().map(|(reason, count)| format!("{reason} {count}")).collect::<Vec<_>>().join(", ");
    say(
        &text!(
            "  P1 wins {first}, P2 wins {second}, draws {draws}; P1 score {score:.3} ({low:.3}-{high:.3}); \
             decisive {decisive:.2}; average {average:.1} plies of play; endings {endings}",
            "  P1 gewinnt {first}, P2 gewinnt {second}, Remis {draws}; Wertung P1 {score:.3} ({low:.3}-{high:.3}); \
             entschieden {decisive:.2}; im Schnitt {average:.1} Halbzüge im Spiel; Enden {endings}"
        ),
        language,
    );
    Ok(())
}

/// Where a game's outcome is counted: 0 a win of the first player, 1 of the
/// second, 2 a draw or a game cut off.
fn result_slot(outcome: Option<&game::Outcome>) -> usize {
    match outcome.map(|o| o.result) {
        Some(game::GameResult::Win(Player::P1)) => 0,
        Some(game::GameResult::Win(Player::P2)) => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_besieged_bunker_stands_and_black_holds_a_set() {
        let found = bunker::search(&SearchSettings {
            radius: 1,
            max_stones: 7,
            beam: 6,
            ..SearchSettings::default()
        });
        let best = found.iter().min_by_key(|f| f.cost).expect("a bunker");
        let game = besieged(&best.bunker, 8, 60, Amendments::default()).unwrap();
        assert_eq!(game.stage(), Stage::Play);
        let position = game.position();
        let on_board =
            position.pieces().iter().filter(|p| matches!(p.location, amakta::Location::Board(_))).count();
        assert_eq!(on_board, best.bunker.stones.len());
        assert!(position.catalog().iter().any(|i| i.colour == Colour::Black));
        assert_eq!(position.colour_to_move(), Colour::White);
    }
}
