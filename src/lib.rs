//! kifu: game records of Wa shogi and Gufū shōgi.
//!
//! Flow: bytes → grammar (pest) → [`record`] → replay through the rules core ([`wa`],
//! [`gufu`], sharing [`geometry`], [`betza`] and [`rules`]) → writers.

/// A fieldless enum of kinds, each with a stable snake_case name: `name()`, `all()` (every
/// kind, in declaration order) and `Display` (the name). A first variant marked `#[wrap]`
/// holds a kind of another such enum, whose kinds and names it takes over.
macro_rules! named_kinds {
    (@impl $name:ident, [$($wrap:ident($inner:ty))?], [$($v:ident = $s:literal),*]) => {
        impl $name {
            /// The stable snake_case name.
            pub fn name(self) -> &'static str {
                match self {
                    $( $name::$wrap(k) => k.name(), )?
                    $( $name::$v => $s, )*
                }
            }

            /// Every kind, in declaration order.
            pub fn all() -> impl Iterator<Item = $name> {
                let inner = std::iter::empty();
                $( let inner = inner.chain(<$inner>::all().map($name::$wrap)); )?
                inner.chain([$($name::$v),*])
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            #[wrap]
            $(#[$wm:meta])*
            $wrap:ident($inner:ty),
            $( $(#[$vm:meta])* $v:ident = $s:literal, )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $(#[$wm])*
            $wrap($inner),
            $( $(#[$vm])* $v, )*
        }
        named_kinds!(@impl $name, [$wrap($inner)], [$($v = $s),*]);
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vm:meta])* $v:ident = $s:literal, )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vm])* $v, )*
        }
        named_kinds!(@impl $name, [], [$($v = $s),*]);
    };
}

pub mod betza;
pub mod generate;
pub mod geometry;
pub mod gufu;
pub mod notation;
pub mod record;
pub mod replay;
pub mod rules;
pub mod svg;
pub mod variant;
pub mod wa;
pub mod writers;

pub use variant::Variant;
