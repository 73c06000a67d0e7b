//! Legal-move generation speed on hex5 mid-game positions (default set):
//! criterion reports legal moves generated per second, and the time to
//! play every move once (clone + play).
//!
//! `cargo bench -p spielwerk-amakta --bench movegen`

#![allow(missing_docs, reason = "criterion_group! makes an undocumented public function")]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::{Game, Options};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use spielwerk_amakta::{Amakta, Move};
use std::hint::black_box;

/// Positions after 20, 30 and 40 plies of random non-pass play.
fn mid_game_positions() -> Vec<Amakta> {
    let mut rng = SmallRng::seed_from_u64(11);
    let options = Options::new().with("circles", "none");
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    while positions.len() < 6 {
        let mut position = Amakta::from_options(&options, None).expect("default options");
        for ply in 1..=40 {
            position.legal_moves(&mut moves);
            moves.retain(|&m| m != Move::Pass);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
            if ply % 10 == 0 && ply >= 20 && position.outcome().is_none() {
                positions.push(position.clone());
            }
        }
    }
    positions
}

fn bench(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut moves = Vec::new();
    let total: usize = positions
        .iter()
        .map(|p| {
            p.legal_moves(&mut moves);
            moves.len()
        })
        .sum();
    let mut group = c.benchmark_group("hex5-midgame");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for position in &positions {
                position.legal_moves(&mut moves);
                black_box(moves.len());
            }
        });
    });
    group.bench_function("legal_moves+play", |b| {
        b.iter(|| {
            for position in &positions {
                position.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut child = position.clone();
                    child.play(mv);
                    black_box(&child);
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
