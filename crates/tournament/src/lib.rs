//! Tournament logic without I/O.
pub mod matching;
