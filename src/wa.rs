//! wa
