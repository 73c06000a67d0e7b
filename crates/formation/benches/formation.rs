//! Benchmarks: perft (move generation and playing), evaluation and a short
//! alpha-beta search from the start on the default board.

#![allow(missing_docs, reason = "criterion_group! makes an undocumented public function")]

use criterion::{Criterion, criterion_group, criterion_main};
use game::{Game, History, Limits};
use search::Evaluate;
use spielwerk_formation::{Config, Formation};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn benches(c: &mut Criterion) {
    let start = Formation::start(&Config::default());
    c.bench_function("perft 4 default start", |b| b.iter(|| black_box(&start).perft(4)));
    c.bench_function("generic perft 3 default start", |b| {
        b.iter(|| game::perft::count(black_box(&start), 3))
    });
    c.bench_function("evaluate start", |b| b.iter(|| black_box(&start).evaluate()));
    c.bench_function("alpha-beta depth 3 start", |b| {
        let history = History::new(start.clone());
        b.iter(|| {
            let mut engine = search::alpha_beta::<Formation>();
            engine.think(&history, &Limits::depth(3), &AtomicBool::new(false), &mut |_| {})
        })
    });
}

criterion_group!(formation, benches);
criterion_main!(formation);
