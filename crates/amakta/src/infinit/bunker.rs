//! Bunkers in Amakta Infinit: arrangements of one side's stones around its
//! base that the other side can never break, and a search for the
//! cheapest.
//!
//! **Definition.** The defender (here White, base `B = 0,0`) has its
//! stones on the cells `C`; `R = C ∪ {B}` (the base may stay empty). The
//! defender never moves again (it passes). The arrangement is a
//! **bunker** if for every cell `X` of `R`
//!
//! > `attack(X) = 0` or `guard(X) > attack(X)`,
//!
//! where
//!
//! - `attack(X)` is the most effective arrows the attacker can ever point
//!   at `X`: 2 for every direction `d` in which some cell `X + k·d`
//!   (`k` = 1..3) lies outside `R` with no cell of `C` strictly between
//!   (on a ray only the nearest stone's arrows are unblocked, and a stone
//!   has at most two arrows a direction), plus 1 for a damage circle on
//!   `X` (when `attack` is not 0 without it), plus 1 if `X` is the
//!   attacker's base;
//! - `guard(X)` is the defender's arrows at `X` that no stone can block:
//!   arrows of reach 1 from the stones of `C`, longer arrows whose cells
//!   in between are all the empty base (only the attacker could fill it,
//!   and it never can), the base arrow if `X = B`, and 1 for a
//!   reinforcement circle on `X`.
//!
//! **Why it holds** (induction over the turns): while the attacker has
//! never controlled or tied a cell of `R`, no stone of `C` was
//! expropriated (that needs control), the attacker has no stone in `R`
//! (placing and relocating need control, and `C` is occupied), so every
//! attacker stone lies outside `R` and the counts above bound its arrows;
//! so it controls no cell of `R` on this turn either. In particular it
//! never places a stone on `B` nor expropriates the stone there: it cannot
//! win, and the defender draws by passing (repetition, or 86,185 plies
//! without a capture). This is an exact control argument, stronger than
//! any engine search; [`Bunker::check`] decides it.
//!
//! **Search** ([`search`](fn@search)): a beam search over the shapes `C` (cells within
//! a radius of `B`, grown one cell at a time); for each shape a greedy
//! assignment of blue (and, across an empty base, green) arrows and circles
//! covers every cell's deficit at the least cost in points
//! ([`super::stone_value`]); duplicate stones (a set holds each stone
//! once, up to symmetry) are told apart by an extra outward arrow; every
//! result is checked by [`Bunker::check`]. The search gives upper bounds:
//! the cheapest bunker it finds, per number of stones.

use super::value::arrow_total;
use super::{Infinit, stone_value};
use crate::colour::Circle;
use crate::hex::Hex;
use crate::stones::Stone;
use std::collections::{BTreeSet, HashSet};
use std::fmt::Write;

/// The defender's base.
pub const BASE: Hex = Hex::new(0, 0);

/// One stone of a bunker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BunkerStone {
    /// Its cell.
    pub cell: Hex,
    /// Its orientation (a concrete code).
    pub orientation: Stone,
    /// Its circle.
    pub circle: Circle,
}

/// The defender's stones around its base `0,0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bunker {
    /// The stones.
    pub stones: Vec<BunkerStone>,
}

/// Why an arrangement is not a bunker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// The attacker can point `attack` arrows at `cell`, the defender
    /// guards it with only `guard`.
    Weak {
        /// The cell.
        cell: Hex,
        /// The defender's unblockable arrows.
        guard: u32,
        /// The attacker's most arrows.
        attack: u32,
    },
    /// Two stones are the same stone up to rotation and mirroring, so one
    /// set cannot hold both.
    Duplicate(Stone),
    /// Two stones on one cell.
    Crowded(Hex),
    /// A stone exceeds the arrow cap.
    OverCap(Stone),
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Breach::Weak { cell, guard, attack } => write!(
                f,
                "cell {},{}: the attacker can point {attack} arrows at it, the defender guards it with {guard}",
                cell.q, cell.r
            ),
            Breach::Duplicate(stone) => {
                write!(f, "stone {stone} is used twice (a set holds each stone once)")
            }
            Breach::Crowded(cell) => write!(f, "two stones on {},{}", cell.q, cell.r),
            Breach::OverCap(stone) => write!(f, "stone {stone} has more arrows than the cap allows"),
        }
    }
}

impl Bunker {
    /// What creating the stones costs.
    #[must_use]
    pub fn cost(&self) -> u32 {
        self.stones.iter().map(|s| stone_value(s.orientation, s.circle)).sum()
    }

    fn occupied(&self) -> HashSet<Hex> {
        self.stones.iter().map(|s| s.cell).collect()
    }

    /// The cells `R`: the stones' cells and the base.
    #[must_use]
    pub fn region(&self) -> BTreeSet<Hex> {
        self.stones.iter().map(|s| s.cell).chain([BASE]).collect()
    }

    /// `attack(X)` and `guard(X)` of every cell of `R` (see the module
    /// documentation), the attacker's base `distance` east of `B`.
    #[must_use]
    pub fn counts(&self, distance: i32) -> Vec<(Hex, u32, u32)> {
        let occupied = self.occupied();
        let region = self.region();
        let attacker_base = Hex::new(distance, 0);
        let mut guard: std::collections::HashMap<Hex, u32> = region.iter().map(|&x| (x, 0)).collect();
        for stone in &self.stones {
            for d in 0..6 {
                for &reach in stone.orientation.arrows(d) {
                    let reach = i32::from(reach);
                    let target = stone.cell.step(d, reach);
                    let clear = (1..reach).all(|j| {
                        let between = stone.cell.step(d, j);
                        between == BASE && !occupied.contains(&BASE)
                    });
                    if clear && let Some(g) = guard.get_mut(&target) {
                        *g += 1;
                    }
                }
            }
        }
        region
            .iter()
            .map(|&x| {
                let circle = self.stones.iter().find(|s| s.cell == x).map_or(Circle::None, |s| s.circle);
                let mut attack = attack_of(x, |cell| region.contains(&cell), &occupied, attacker_base);
                let mut guarded = guard[&x] + u32::from(x == BASE);
                if attack > 0 {
                    attack += u32::from(circle == Circle::Damage);
                    guarded += u32::from(circle == Circle::Reinforcement);
                }
                (x, guarded, attack)
            })
            .collect()
    }

    /// Decides whether the arrangement is a bunker (see the module
    /// documentation) that one set can hold, its stones within
    /// `arrow_cap` arrows if a cap is given; the first breach if not.
    pub fn check(&self, distance: i32, arrow_cap: Option<u32>) -> Result<(), Breach> {
        let mut cells = HashSet::new();
        let mut codes = HashSet::new();
        for stone in &self.stones {
            if !cells.insert(stone.cell) {
                return Err(Breach::Crowded(stone.cell));
            }
            if !codes.insert(stone.orientation.canonical()) {
                return Err(Breach::Duplicate(stone.orientation.canonical()));
            }
            if arrow_cap.is_some_and(|cap| arrow_total(stone.orientation) > cap) {
                return Err(Breach::OverCap(stone.orientation));
            }
        }
        for (cell, guard, attack) in self.counts(distance) {
            if attack > 0 && guard <= attack {
                return Err(Breach::Weak { cell, guard, attack });
            }
        }
        Ok(())
    }

    /// A game of Amakta Infinit in play with the bunker standing: White
    /// (P1) holds exactly the bunker's stones, on the board; Black has no
    /// stones. For drawing it with the terminal renderer.
    pub fn position(&self, distance: i32) -> Result<Infinit, game::GameError> {
        let sets: Vec<String> = self
            .stones
            .iter()
            .map(|s| format!("w:{}={}", s.orientation.canonical(), s.circle.letter()))
            .collect();
        let stones: Vec<String> = self
            .stones
            .iter()
            .map(|s| format!("{},{}=w:{}/{}", s.cell.q, s.cell.r, s.orientation.canonical(), s.orientation))
            .collect();
        let list = |items: Vec<String>| if items.is_empty() { "-".to_owned() } else { items.join(";") };
        let text = format!(
            "distance={distance} points={} p1=white black=0 left=0,0 turn=white sets={} stones={} removed=- quiet=0",
            self.cost().min(super::MAX_POINTS),
            list(sets),
            list(stones)
        );
        Infinit::from_text(&text)
    }

    /// The stones as text: `q,r CODE circle (value)` one a line.
    #[must_use]
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for s in &self.stones {
            let _ = writeln!(
                out,
                "  {:>3},{:<3} {} {:<13} value {}",
                s.cell.q,
                s.cell.r,
                s.orientation,
                s.circle.name(),
                stone_value(s.orientation, s.circle)
            );
        }
        out
    }
}

/// What [`search`](fn@search) looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// The attacker's base lies this far east of the defender's.
    pub distance: i32,
    /// Cells at most this far from the base may hold bunker stones.
    pub radius: i32,
    /// Most stones of a bunker.
    pub max_stones: usize,
    /// Shapes kept per number of stones.
    pub beam: usize,
    /// The amendment `arrow-cap`: most arrows a stone may have.
    pub arrow_cap: Option<u32>,
}

impl Default for SearchSettings {
    /// Distance 8, radius 2, up to 19 stones, beam 24, no cap.
    fn default() -> SearchSettings {
        SearchSettings { distance: 8, radius: 2, max_stones: 19, beam: 24, arrow_cap: None }
    }
}

/// How the greedy assignment runs: its own arrow cap (one below the rule's
/// leaves room for an arrow that tells duplicate stones apart) and the
/// seed of its random tie-breaking (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Try {
    cap: Option<u32>,
    seed: u64,
}

/// The contents a direction may get: (digit, blue arrows, green arrows).
const CONTENTS: [(u8, u32, u32); 6] = [(0, 0, 0), (1, 1, 0), (4, 2, 0), (2, 0, 1), (5, 0, 2), (7, 1, 1)];

/// A shape with arrows and circles being solved.
struct Solver<'a> {
    cells: &'a [Hex],
    base_empty: bool,
    /// Per cell of `R` (index into `region`): the attacker's arrows before
    /// circles.
    region: Vec<Hex>,
    open_attack: Vec<u32>,
    cap: Option<u32>,
}

/// The value of a stone of `a` single and `b` double arrows (see
/// [`super::value`]), with twice its circle's `s` as `h`.
fn value_of(a: u32, b: u32, circle: Circle) -> u32 {
    let h = match circle {
        Circle::None => 2,
        Circle::Reinforcement => 4,
        Circle::Damage => 1,
    };
    a * a.saturating_sub(1) + a * h + 5 * b * b.saturating_sub(1) + 5 * b * h + 6 * a * b + h
}

/// `attack(X)` of cell `x` of `R` (see the module documentation): twice
/// the directions from which a cell outside `R` (`in_region` false) 1 to 3
/// steps away reaches `x` over no `occupied` cell, one more on the
/// attacker's base.
fn attack_of(x: Hex, in_region: impl Fn(Hex) -> bool, occupied: &HashSet<Hex>, attacker_base: Hex) -> u32 {
    let open = (0..6)
        .filter(|&d| {
            (1..=3).any(|k| !in_region(x.step(d, k)) && (1..k).all(|j| !occupied.contains(&x.step(d, j))))
        })
        .count() as u32;
    2 * open + u32::from(x == attacker_base)
}

fn counts_of(digits: &[u8; 6]) -> (u32, u32) {
    digits.iter().fold((0, 0), |(a, b), &digit| match digit {
        1..=3 => (a + 1, b),
        4..=6 => (a, b + 1),
        7..=9 => (a + 2, b),
        _ => (a, b),
    })
}

impl<'a> Solver<'a> {
    fn new(cells: &'a [Hex], settings: &SearchSettings) -> Solver<'a> {
        let occupied: HashSet<Hex> = cells.iter().copied().collect();
        let region: Vec<Hex> =
            cells.iter().copied().chain((!occupied.contains(&BASE)).then_some(BASE)).collect();
        let in_region: HashSet<Hex> = region.iter().copied().collect();
        let attacker_base = Hex::new(settings.distance, 0);
        let open_attack = region
            .iter()
            .map(|&x| attack_of(x, |cell| in_region.contains(&cell), &occupied, attacker_base))
            .collect();
        Solver { cells, base_empty: !occupied.contains(&BASE), region, open_attack, cap: settings.arrow_cap }
    }

    /// The defender's arrows still needed at each cell of `R`.
    fn needs(&self, circles: &[Circle]) -> Vec<u32> {
        self.region
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let attack = self.open_attack[i];
                if attack == 0 {
                    return 0;
                }
                let circle = circles.get(i).copied().unwrap_or(Circle::None);
                let attack = attack + u32::from(circle == Circle::Damage);
                (attack + 1).saturating_sub(u32::from(x == BASE) + u32::from(circle == Circle::Reinforcement))
            })
            .collect()
    }

    /// The region index a content of stone `s` in direction `d` feeds with
    /// its blue and its green arrows.
    fn targets(&self, s: usize, d: usize) -> (Option<usize>, Option<usize>) {
        let from = self.cells[s];
        let find = |cell: Hex| self.region.iter().position(|&x| x == cell);
        let blue = find(from.step(d, 1));
        let green = if self.base_empty && from.step(d, 1) == BASE { find(from.step(d, 2)) } else { None };
        (blue, green)
    }

    /// Greedy arrows for `circles` (one per stone): the cheapest upgrades
    /// per arrow still needed, until no cell lacks arrows. Returns the
    /// digits, the cost and the arrows still missing (0 when solved).
    fn solve(&self, circles: &[Circle], tries: Try) -> (Vec<[u8; 6]>, u32, u32) {
        let mut noise = tries.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let needs = self.needs(circles);
        let mut have = vec![0u32; self.region.len()];
        let mut digits = vec![[0u8; 6]; self.cells.len()];
        let targets: Vec<[(Option<usize>, Option<usize>); 6]> =
            (0..self.cells.len()).map(|s| std::array::from_fn(|d| self.targets(s, d))).collect();
        let content = |digit: u8| CONTENTS.iter().find(|c| c.0 == digit).copied().unwrap_or((digit, 0, 0));
        loop {
            let missing: u32 = needs.iter().zip(&have).map(|(n, h)| n.saturating_sub(*h)).sum();
            if missing == 0 {
                break;
            }
            let mut best: Option<(f64, usize, usize, u8)> = None;
            for s in 0..self.cells.len() {
                let (a, b) = counts_of(&digits[s]);
                let now = value_of(a, b, circles[s]);
                for d in 0..6 {
                    let (_, blue_now, green_now) = content(digits[s][d]);
                    let (blue_to, green_to) = targets[s][d];
                    for &(digit, blue, green) in &CONTENTS {
                        if blue < blue_now || green < green_now || (blue, green) == (blue_now, green_now) {
                            continue;
                        }
                        let gain = |to: Option<usize>, add: u32| {
                            to.map_or(0, |t| add.min(needs[t].saturating_sub(have[t])))
                        };
                        let gained = gain(blue_to, blue - blue_now) + gain(green_to, green - green_now);
                        if gained == 0 {
                            continue;
                        }
                        let mut next = digits[s];
                        next[d] = digit;
                        let (na, nb) = counts_of(&next);
                        if tries.cap.is_some_and(|cap| na + 2 * nb > cap) {
                            continue;
                        }
                        let mut price = f64::from(value_of(na, nb, circles[s]) - now) / f64::from(gained);
                        if tries.seed != 0 {
                            // xorshift: a random factor from 0.6 to 1.4 breaks the greedy's ties differently
                            noise ^= noise << 13;
                            noise ^= noise >> 7;
                            noise ^= noise << 17;
                            price *= 0.6 + 0.8 * (noise % 1000) as f64 / 1000.0;
                        }
                        if best.is_none_or(|(p, ..)| price < p) {
                            best = Some((price, s, d, digit));
                        }
                    }
                }
            }
            let Some((_, s, d, digit)) = best else {
                let cost = self.cost(&digits, circles);
                return (digits, cost, missing);
            };
            let (_, blue_now, green_now) = content(digits[s][d]);
            let (_, blue, green) = content(digit);
            let (blue_to, green_to) = targets[s][d];
            if let Some(t) = blue_to {
                have[t] += blue - blue_now;
            }
            if let Some(t) = green_to {
                have[t] += green - green_now;
            }
            digits[s][d] = digit;
        }
        let cost = self.cost(&digits, circles);
        (digits, cost, 0)
    }

    fn cost(&self, digits: &[[u8; 6]], circles: &[Circle]) -> u32 {
        digits
            .iter()
            .zip(circles)
            .map(|(d, &c)| {
                let (a, b) = counts_of(d);
                value_of(a, b, c)
            })
            .sum()
    }

    /// The cheaper of two circle policies: none anywhere, or reinforcement
    /// on every stone the attacker can reach. Returns circles, digits,
    /// cost, arrows missing.
    fn quick(&self, tries: Try) -> (Vec<Circle>, Vec<[u8; 6]>, u32, u32) {
        let plain = vec![Circle::None; self.cells.len()];
        let reinforced: Vec<Circle> = (0..self.cells.len())
            .map(|s| if self.open_attack[s] > 0 { Circle::Reinforcement } else { Circle::None })
            .collect();
        [plain, reinforced]
            .into_iter()
            .map(|circles| {
                let (digits, cost, missing) = self.solve(&circles, tries);
                (circles, digits, cost, missing)
            })
            .min_by_key(|(_, _, cost, missing)| (*missing, *cost))
            .expect("two policies")
    }

    /// Local search over the circles from the quick solution: every single
    /// change of one stone's circle that lowers the cost, until none does.
    fn refine(&self, tries: Try) -> (Vec<Circle>, Vec<[u8; 6]>, u32, u32) {
        let mut best = self.quick(tries);
        let mut improved = true;
        while improved {
            improved = false;
            for s in 0..self.cells.len() {
                for circle in Circle::ALL {
                    if circle == best.0[s] {
                        continue;
                    }
                    let mut circles = best.0.clone();
                    circles[s] = circle;
                    let (digits, cost, missing) = self.solve(&circles, tries);
                    if (missing, cost) < (best.3, best.2) {
                        best = (circles, digits, cost, missing);
                        improved = true;
                    }
                }
            }
        }
        best
    }

    /// Turns a solution into a bunker with distinct stones: a duplicate
    /// gets one more outward arrow (red, then green, then blue, in the
    /// first direction that makes it new), as cheap as can be; `None` if
    /// the cap forbids it.
    fn bunker(&self, circles: &[Circle], digits: &[[u8; 6]]) -> Option<Bunker> {
        let mut used = HashSet::new();
        let mut stones = Vec::new();
        for (s, &code) in digits.iter().enumerate() {
            let mut stone = Stone::from_digits(code)?;
            if used.contains(&stone.canonical()) {
                let (a, b) = counts_of(&code);
                if self.cap.is_some_and(|cap| a + 2 * b + 1 > cap) {
                    return None;
                }
                let upgrade = |digit: u8, extra: u8| -> Option<u8> {
                    match (digit, extra) {
                        (0, e) => Some(e),
                        (1, 2) => Some(7),
                        (1, 3) => Some(8),
                        (2, 3) => Some(9),
                        _ => None,
                    }
                };
                let candidates = (0..6).flat_map(|d| [3u8, 2, 1].map(|e| (d, e)));
                stone = candidates.into_iter().find_map(|(d, e)| {
                    let mut next = code;
                    next[d] = upgrade(code[d], e)?;
                    let candidate = Stone::from_digits(next)?;
                    (!used.contains(&candidate.canonical())).then_some(candidate)
                })?;
            }
            used.insert(stone.canonical());
            stones.push(BunkerStone { cell: self.cells[s], orientation: stone, circle: circles[s] });
        }
        Some(Bunker { stones })
    }
}

/// The cheapest bunker found for one number of stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The bunker (checked by [`Bunker::check`]).
    pub bunker: Bunker,
    /// Its cost in points.
    pub cost: u32,
}

/// The cheapest checked bunker the greedy assignment finds on exactly the
/// cells `cells` (circles refined by local search), if any.
#[must_use]
pub fn solve_shape(cells: &[Hex], settings: &SearchSettings) -> Option<Found> {
    solve_shape_with(cells, settings, 8)
}

/// [`solve_shape`] with the greedy run under the rule's cap and one
/// below it, each plainly and with `seeds` − 1 random tie-breakings.
fn solve_shape_with(cells: &[Hex], settings: &SearchSettings, seeds: u64) -> Option<Found> {
    let mut shape = cells.to_vec();
    shape.sort_unstable();
    shape.dedup();
    let solver = Solver::new(&shape, settings);
    let mut caps = vec![settings.arrow_cap];
    if let Some(cap) = settings.arrow_cap.filter(|&c| c > 1) {
        caps.push(Some(cap - 1));
    }
    let mut best: Option<Found> = None;
    for cap in caps {
        for seed in 0..seeds {
            let tries = Try { cap, seed };
            let (circles, digits, _, missing) =
                if seed == 0 { solver.refine(tries) } else { solver.quick(tries) };
            if missing > 0 {
                continue;
            }
            let Some(bunker) = solver.bunker(&circles, &digits) else { continue };
            if bunker.check(settings.distance, settings.arrow_cap).is_ok()
                && best.as_ref().is_none_or(|b| bunker.cost() < b.cost)
            {
                best = Some(Found { cost: bunker.cost(), bunker });
            }
        }
    }
    best
}

/// The discs: every cell within `r` of a centre, for the centres within 1
/// of the base and `r` from 1 to `radius` − 1 (so that the disc stays
/// within `radius` of the base), with and without the base.
fn discs(radius: i32) -> Vec<Vec<Hex>> {
    let mut shapes = Vec::new();
    let centres: Vec<Hex> = std::iter::once(BASE).chain((0..6).map(|d| BASE.step(d, 1))).collect();
    for centre in centres {
        for r in 1..=radius {
            let far = r + centre.distance(BASE);
            if far > radius {
                continue;
            }
            let disc: Vec<Hex> = (-r..=r)
                .flat_map(|q| (-r..=r).map(move |s| Hex::new(centre.q + q, centre.r + s)))
                .filter(|h| h.distance(centre) <= r)
                .collect();
            let without_base: Vec<Hex> = disc.iter().copied().filter(|&h| h != BASE).collect();
            shapes.push(disc);
            shapes.push(without_base);
        }
    }
    shapes
}

/// Search for bunkers (see the module documentation): the beam search over
/// shapes grown from the base, then the discs around the base and the
/// shapes one cell smaller than a disc; the cheapest checked bunker found
/// for every number of stones up to `max_stones`, by number of stones;
/// empty when none was found.
#[must_use]
pub fn search(settings: &SearchSettings) -> Vec<Found> {
    search_reporting(settings, &mut |_| {})
}

/// How far a [`search_reporting`] has come, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The beam search has looked at every shape of one size.
    Size {
        /// The number of stones of the shapes looked at.
        stones: usize,
        /// The largest number of stones the search looks at.
        max: usize,
        /// The price of the cheapest bunker of this size, if any.
        found: Option<u32>,
    },
    /// The beam search is done; the discs around the base are checked.
    Discs,
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Progress::Size { stones, max, found: Some(cost) } => {
                write!(f, "{stones}/{max} stones: a bunker for {cost} points")
            }
            Progress::Size { stones, max, found: None } => write!(f, "{stones}/{max} stones: none"),
            Progress::Discs => write!(f, "checking the discs around the base"),
        }
    }
}

/// [`search`](fn@search), telling `progress` after each number of stones.
pub fn search_reporting(settings: &SearchSettings, progress: &mut dyn FnMut(Progress)) -> Vec<Found> {
    let mut frontier: Vec<Vec<Hex>> = vec![Vec::new()];
    let mut seen: HashSet<Vec<Hex>> = HashSet::new();
    let mut found: Vec<Found> = Vec::new();
    for size in 1..=settings.max_stones {
        let mut scored: Vec<(u32, u32, Vec<Hex>)> = Vec::new();
        for shape in &frontier {
            let region: HashSet<Hex> = shape.iter().copied().chain([BASE]).collect();
            let mut grow: BTreeSet<Hex> = BTreeSet::new();
            for &x in &region {
                for d in 0..6 {
                    grow.insert(x.step(d, 1));
                }
            }
            grow.insert(BASE);
            for cell in grow {
                if shape.contains(&cell) || cell.distance(BASE) > settings.radius {
                    continue;
                }
                let mut next = shape.clone();
                next.push(cell);
                next.sort_unstable();
                if !seen.insert(next.clone()) {
                    continue;
                }
                let solver = Solver::new(&next, settings);
                let (_, _, cost, missing) = solver.quick(Try { cap: settings.arrow_cap, seed: 0 });
                scored.push((missing, cost, next));
            }
        }
        if scored.is_empty() {
            break;
        }
        scored.sort_unstable();
        scored.truncate(settings.beam);
        let mut best: Option<Found> = None;
        for (_, _, shape) in scored.iter().filter(|s| s.0 == 0).take(4) {
            if let Some(candidate) = solve_shape_with(shape, settings, 2)
                && best.as_ref().is_none_or(|b| candidate.cost < b.cost)
            {
                best = Some(candidate);
            }
        }
        progress(Progress::Size {
            stones: size,
            max: settings.max_stones,
            found: best.as_ref().map(|b| b.cost),
        });
        found.extend(best);
        frontier = scored.into_iter().map(|(_, _, shape)| shape).collect();
    }
    progress(Progress::Discs);
    // The discs around the base, which growing one cell at a time passes
    // by (their partial shapes lack arrows), and every disc less one cell.
    let mut extra: Vec<Vec<Hex>> = discs(settings.radius);
    let more: Vec<Vec<Hex>> = extra
        .iter()
        .flat_map(|shape| (0..shape.len()).map(move |i| [&shape[..i], &shape[i + 1..]].concat()))
        .collect();
    extra.extend(more);
    for shape in extra {
        if shape.is_empty() || shape.len() > settings.max_stones {
            continue;
        }
        if let Some(candidate) = solve_shape(&shape, settings) {
            match found.iter_mut().find(|f| f.bunker.stones.len() == candidate.bunker.stones.len()) {
                Some(f) if f.cost <= candidate.cost => {}
                Some(f) => *f = candidate,
                None => found.push(candidate),
            }
        }
    }
    found.sort_by_key(|f| f.bunker.stones.len());
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stone(cell: (i32, i32), code: &str, circle: Circle) -> BunkerStone {
        BunkerStone { cell: Hex::new(cell.0, cell.1), orientation: Stone::parse(code).unwrap(), circle }
    }

    /// The base with six double blue arrows and a reinforced ring whose
    /// stones point double blue arrows at both ring neighbours; one extra
    /// outward arrow tells the ring stones apart.
    fn ring() -> Bunker {
        let mut stones = vec![stone((0, 0), "444444", Circle::None)];
        let extras = ["000000", "100000", "200000", "300000", "010000", "000100"];
        for d in 0..6 {
            let cell = BASE.step(d, 1);
            // towards the ring neighbours: directions d+2 and d-2 (mod 6)
            let mut digits = [0u8; 6];
            digits[(d + 2) % 6] = 4;
            digits[(d + 4) % 6] = 4;
            let extra = Stone::parse(extras[d]).unwrap().digits();
            for k in 0..6 {
                if digits[(d + k) % 6] == 0 {
                    digits[(d + k) % 6] = extra[k];
                }
            }
            stones.push(BunkerStone {
                cell,
                orientation: Stone::from_digits(digits).unwrap(),
                circle: Circle::Reinforcement,
            });
        }
        Bunker { stones }
    }

    #[test]
    fn a_reinforced_ring_is_a_bunker() {
        let bunker = ring();
        assert_eq!(bunker.check(8, None), Ok(()));
        // every ring cell: 3 open directions → 6 attacker arrows; 2+2+2 and the circle guard it
        for (cell, guard, attack) in bunker.counts(8) {
            if cell != BASE {
                assert_eq!((guard, attack), (7, 6), "{cell:?}");
            } else {
                assert_eq!(attack, 0);
            }
        }
        assert!(bunker.position(8).is_ok());
        assert_eq!(bunker.check(8, Some(4)), Err(Breach::OverCap(bunker.stones[0].orientation)));
    }

    #[test]
    fn the_rules_engine_agrees_with_the_bounds_under_attack_from_every_side() {
        let bunker = ring();
        let region = bunker.region();
        // A Black stone on every cell next to the bunker, pointing a double
        // blue arrow at every bunker cell beside it (extra arrows away from
        // the bunker tell the stones apart).
        let outside: BTreeSet<Hex> = region
            .iter()
            .flat_map(|x| (0..6).map(move |d| x.step(d, 1)))
            .filter(|h| !region.contains(h))
            .collect();
        let mut used = HashSet::new();
        let mut items = Vec::new();
        let mut sets: Vec<String> = bunker
            .stones
            .iter()
            .map(|s| format!("w:{}={}", s.orientation.canonical(), s.circle.letter()))
            .collect();
        for s in &bunker.stones {
            items.push(format!(
                "{},{}=w:{}/{}",
                s.cell.q,
                s.cell.r,
                s.orientation.canonical(),
                s.orientation
            ));
        }
        for cell in outside {
            let digits: [u8; 6] =
                std::array::from_fn(|d| if region.contains(&cell.step(d, 1)) { 4 } else { 0 });
            let extras = (0..6).filter(|&d| digits[d] == 0).flat_map(|d| [1, 2, 3].map(|e| (d, e)));
            let stone = std::iter::once(digits)
                .chain(extras.map(|(d, e)| {
                    let mut next = digits;
                    next[d] = e;
                    next
                }))
                .filter_map(Stone::from_digits)
                .find(|s| used.insert(s.canonical()))
                .expect("a distinct stone");
            sets.push(format!("b:{}=n", stone.canonical()));
            items.push(format!("{},{}=b:{}/{stone}", cell.q, cell.r, stone.canonical()));
        }
        let text = format!(
            "distance=8 points=1000 p1=white black=1000 left=0,0 turn=black sets={} stones={} removed=- quiet=0",
            sets.join(";"),
            items.join(";")
        );
        let game = Infinit::from_text(&text).unwrap();
        for (cell, guard, attack) in bunker.counts(8) {
            let [white, black] = game.position().effective_arrows(cell);
            assert!(u32::from(black) <= attack, "{cell:?}: {black} > {attack}");
            assert!(u32::from(white) >= guard, "{cell:?}: {white} < {guard}");
            if cell != BASE {
                assert_eq!((u32::from(black), attack), (6, 6), "every open side attacked");
            }
            assert_eq!(game.position().control(cell), crate::Control::Of(crate::Colour::White), "{cell:?}");
        }
    }

    #[test]
    fn a_ring_without_circles_breaks() {
        let mut bunker = ring();
        for s in &mut bunker.stones {
            s.circle = Circle::None;
        }
        assert!(matches!(bunker.check(8, None), Err(Breach::Weak { guard: 6, attack: 6, .. })));
        let mut twice = ring();
        twice.stones[2].orientation = twice.stones[1].orientation;
        assert!(matches!(twice.check(8, None), Err(Breach::Duplicate(_))));
    }

    #[test]
    fn a_lone_stone_on_the_base_is_no_bunker() {
        let bunker = Bunker { stones: vec![stone((0, 0), "444444", Circle::Reinforcement)] };
        // six open directions: 12 attacker arrows, 1 base arrow + 1 circle
        assert_eq!(bunker.check(8, None), Err(Breach::Weak { cell: BASE, guard: 2, attack: 12 }));
    }

    #[test]
    fn the_search_finds_checked_bunkers_and_respects_a_cap() {
        let settings = SearchSettings { radius: 1, max_stones: 7, beam: 8, ..SearchSettings::default() };
        let found = search(&settings);
        assert!(!found.is_empty());
        for f in &found {
            assert_eq!(f.bunker.check(8, None), Ok(()));
            assert_eq!(f.cost, f.bunker.cost());
        }
        let capped = search(&SearchSettings { arrow_cap: Some(2), ..settings });
        assert!(capped.is_empty(), "two arrows a stone cannot hold a ring");
    }
}
