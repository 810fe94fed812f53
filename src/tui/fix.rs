//! Fixing one component: which components the editor may rewrite alone.
//! The new value is written for its place by the core
//! ([`urlscope_core::clean::encode_for`]).

use urlscope_core::split::ComponentKind;

pub use urlscope_core::clean::encode_for;
pub use urlscope_core::percent::query_uses_plus;

/// Whether the component kind can be fixed with `E` (the scheme and port
/// are edited with the whole URL).
pub fn can_fix(kind: ComponentKind) -> bool {
    !matches!(kind, ComponentKind::Scheme | ComponentKind::Port)
}
