//! One module per `spielwerk` command.

pub mod amakta;
pub mod analyse;
pub mod balance;
pub mod bunker;
pub mod datagen;
pub mod engine; // protocol commands
pub mod loadtest;
pub mod match_play; // protocol commands
pub mod matches; // protocol commands
pub mod moves;
pub mod perft;
pub mod play;
pub mod plot;
pub mod puzzles;
pub mod record;
pub mod review;
pub mod rules;
pub mod serve;
pub mod train;
pub mod tune;
pub mod tune_search; // protocol commands
