//! Perft speed from the start position at depths 6 and 7, reported as
//! nodes (leaves) per second.

#![allow(missing_docs, reason = "criterion_group! makes an undocumented public function")]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::Game;
use spielwerk_ataxx::{Ataxx, Ruleset};
use std::hint::black_box;
use std::time::Duration;

fn startpos(c: &mut Criterion) {
    let start = Ataxx::start(Ruleset::Community);
    let mut group = c.benchmark_group("perft-startpos");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for (depth, nodes) in [(6, 141_865_520), (7, 5_023_479_496)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth-{depth}"), |b| {
            b.iter(|| assert_eq!(black_box(&start).perft(depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, startpos);
criterion_main!(benches);
