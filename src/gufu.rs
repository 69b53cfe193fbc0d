//! gufu
