//! One module per `spielwerk` command.

pub mod analyse;
pub mod perft;
pub mod play;
pub mod rules;
