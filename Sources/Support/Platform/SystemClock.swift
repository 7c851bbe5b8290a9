#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's clocks: the monotonic one for waits and deadlines, the wall clock for dates.
package enum SystemClock {
  /// Milliseconds on the monotonic clock (never set back, unlike the wall clock), from an
  /// arbitrary start.
  package static var monotonicMilliseconds: Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }

  /// Sleeps for `milliseconds` (a signal may end it early: a caller with a deadline checks
  /// it again).
  ///
  /// - Parameter milliseconds: How long, 0 or more.
  package static func sleep(milliseconds: Int) {
    let milliseconds = max(0, milliseconds)
    var interval = timespec(
      tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    _ = nanosleep(&interval, nil)
  }

  /// The wall clock: whole seconds since 1970-01-01 UTC.
  package static var secondsSince1970: Int64 { Int64(time(nil)) }
}

/// A moment of the wall clock broken into its calendar fields, in UTC (`gmtime_r`).
package struct UTCTime: Equatable, Sendable {
  /// The year (`2026`).
  package let year: Int
  /// The month, 1 to 12.
  package let month: Int
  /// The day of the month, from 1.
  package let day: Int
  /// The hour, 0 to 23.
  package let hour: Int
  /// The minute, 0 to 59.
  package let minute: Int
  /// The second, 0 to 60 (a leap second).
  package let second: Int

  /// The fields of a moment, or `nil` when the system cannot break it up (a year out of
  /// its range).
  ///
  /// - Parameter seconds: Seconds since 1970-01-01 UTC.
  package init?(secondsSince1970 seconds: Int64) {
    var moment = time_t(truncatingIfNeeded: seconds)
    var parts = tm()
    guard gmtime_r(&moment, &parts) != nil else { return nil }
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
    hour = Int(parts.tm_hour)
    minute = Int(parts.tm_min)
    second = Int(parts.tm_sec)
  }

  /// The fields of the present moment.
  package static var now: UTCTime? { UTCTime(secondsSince1970: SystemClock.secondsSince1970) }
}
