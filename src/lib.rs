//! The front ends of `urlscope`: the command line ([`cli`]) and the
//! interactive inspector ([`tui`]). They render what
//! [`urlscope_core`] computes and never re-derive a fact; the binary
//! (`src/main.rs`) only chooses between them.

#![forbid(unsafe_code)]

pub mod cli;
pub mod gallery;
pub mod html;
pub mod tui;
