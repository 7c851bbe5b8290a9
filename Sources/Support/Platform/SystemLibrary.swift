// The one place that picks the platform's C library. Every other file of the package that
// makes system calls imports `Support` and gets the library from here, so the platform
// `#if`s live in this folder only.
#if canImport(Glibc)
  @_exported public import Glibc
#elseif canImport(Musl)
  @_exported public import Musl
#elseif canImport(Darwin)
  @_exported public import Darwin
#endif
