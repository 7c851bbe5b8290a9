import Foundation
import TestSupport
import Testing

/// Issue 49 and SPEC §10: a long ECB rate history is read in memory a small multiple of its
/// size (every rate of every day was kept, 18 times the file, and a 12 MB file aborted under
/// `ulimit -v`); only each currency's rate of the day asked for is kept.
@Suite(.enabled(if: !isAddressSanitized, "ulimit -v and AddressSanitizer do not mix"))
struct RateFileMemoryTests {
  /// As in ``MemoryLimitEndToEndTests``: about 150 MiB beyond a debug binary's own.
  private static let limitKiB = 256 * 1024

  /// A historical CSV of `days` days of 30 currencies, about 250 bytes a day.
  static func history(days: Int) -> String {
    let codes = [
      "USD", "JPY", "BGN", "CZK", "DKK", "GBP", "HUF", "PLN", "RON", "SEK", "CHF", "ISK", "NOK",
      "TRY", "AUD", "BRL", "CAD", "CNY", "HKD", "IDR", "ILS", "INR", "KRW", "MXN", "MYR", "NZD",
      "PHP", "SGD", "THB", "ZAR",
    ]
    var text = "Date," + codes.joined(separator: ",") + ",\n"
    text.reserveCapacity(days * 260)
    for day in 0..<days {
      let date = String(format: "%04d-%02d-%02d", 1000 + day / 336, 1 + day / 28 % 12, 1 + day % 28)
      text += date
      for index in codes.indices { text += String(format: ",1.%04d", (index * 37 + day) % 10_000) }
      text += ",\n"
    }
    return text
  }

  @Test func aLongRateHistoryIsReadWithinTheLimit() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(Self.history(days: 52_000), to: "rates.csv")
    let size = try scratch.bytes("rates.csv").count
    #expect(size > 11_000_000)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -v \(Self.limitKiB) && exec \"$@\"", "sh", BinaryRunner.executable.path,
      "--rates", scratch.path("rates.csv"), "--currency", "gbp", "stock",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    // The rates of the last day, day 51,999.
    #expect(text.contains(", 1154-10-04, via EUR)"))
  }
}
