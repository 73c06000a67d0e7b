//! Perft of the standard start at depths 4 and 5, reporting nodes per
//! second (criterion's "elements" throughput).

#![allow(missing_docs, reason = "criterion_group! makes an undocumented public function")]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::Game;
use spielwerk_abalone::{Layout, Position};
use std::hint::black_box;
use std::time::Duration;

fn perft(c: &mut Criterion) {
    let start = Position::new(Layout::Standard);
    let mut group = c.benchmark_group("abalone perft standard");
    group.sample_size(10);
    for (depth, nodes) in [(4, 5_045_110u64), (5, 283_320_928)] {
        assert_eq!(start.perft(depth), nodes, "perft({depth}) of the standard start");
        group.throughput(Throughput::Elements(nodes));
        group.measurement_time(Duration::from_secs(if depth == 5 { 20 } else { 5 }));
        group.bench_function(format!("depth {depth}"), |b| b.iter(|| black_box(&start).perft(depth)));
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
