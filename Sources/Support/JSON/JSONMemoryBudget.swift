/// How much memory the values decoded from one document may take: a few times the document's
/// size, and never more than half the address space the process has left (`ulimit -v`).
///
/// ``JSONValueDecoder`` charges what its values will hold as it hands them out: a string of
/// more than 15 UTF-8 bytes its heap storage, a list its elements (its capacity reserved
/// exactly, so no growth doubles it), a dictionary its buckets, the key index of a large
/// object. Numbers, small strings and the fields of a struct live inside their parent and
/// cost nothing extra. A document past the budget is refused with ``message``, before the
/// allocation that would pass it: so `{"builds":[0,0,0,…]}`, whose millions of elements would
/// each reserve a whole build, is refused at once instead of exhausting memory.
struct JSONMemoryBudget {
  /// How many times its size a document's decoded values may take.
  static let multiple = 4
  /// What any document may take, however small.
  static let floor = 1 << 20

  /// The most bytes the decoded values may take.
  let limit: Int
  /// Whether the address space left, not the document's size, set the limit.
  let isAddressSpaceBound: Bool
  /// What the values decoded so far take.
  private(set) var used = 0
  /// The JSON path where the budget ran out, once it has.
  private(set) var exceededAt: String?

  /// The budget of a document of `size` bytes.
  ///
  /// - Parameters:
  ///   - size: The document's size in bytes.
  ///   - available: The address space left, if it is limited.
  init(documentSize size: Int, available: Int?) {
    let (product, overflow) = size.multipliedReportingOverflow(by: Self.multiple)
    let bySize = overflow ? Int.max : Self.adding(product, Self.floor)
    // Half of what is left: the bytes read, the caller's own work and the runtime need room.
    if let available, available / 2 < bySize {
      limit = available / 2
      isAddressSpaceBound = true
    } else {
      limit = bySize
      isAddressSpaceBound = false
    }
  }

  /// Whether the budget has run out.
  var isExhausted: Bool { exceededAt != nil }

  /// Takes `bytes` from the budget for a value at `path`.
  ///
  /// - Returns: `false` (and from then on ``isExhausted``) when they do not fit.
  mutating func charge(_ bytes: Int, at path: @autoclosure () -> String) -> Bool {
    guard !isExhausted else { return false }
    let (total, overflow) = used.addingReportingOverflow(max(0, bytes))
    guard !overflow, total <= limit else {
      exceededAt = path()
      return false
    }
    used = total
    return true
  }

  /// Why the document was refused, for ``JSONIssue/Problem/invalid(_:)``.
  var message: String {
    let mebibytes = max(1, limit >> 20)
    if isAddressSpaceBound {
      return "the document is too large for the memory left: its values would take more than "
        + "the \(mebibytes) MiB that the address-space limit (ulimit -v) leaves for them"
    }
    return "the document is too dense: its values would take more than \(mebibytes) MiB "
      + "of memory (\(Self.multiple) times its size) to read"
  }

  // MARK: costs

  /// The heap storage of a native string of `count` UTF-8 bytes: none up to 15 (kept inline),
  /// else a 32-byte header, the bytes and a terminator, in 16-byte steps.
  static func stringCost(utf8Count count: Int) -> Int {
    count <= 15 ? 0 : (32 + count + 1 + 15) & ~15
  }

  /// The storage of an array of `count` elements of `stride` bytes, its capacity exact.
  static func arrayCost(count: Int, stride: Int) -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: max(stride, 1))
    return overflow ? Int.max : adding(product, 32)
  }

  /// The storage of a dictionary of `count` entries of `stride` bytes (key and value): its
  /// buckets, a power of two at most 3/4 full, with a bit each, and a header.
  static func dictionaryCost(count: Int, stride: Int) -> Int {
    var buckets = 1
    while buckets < Int.max / 8, buckets * 3 < count * 4 { buckets *= 2 }
    let (product, overflow) = buckets.multipliedReportingOverflow(by: max(stride, 1))
    return overflow ? Int.max : adding(product, buckets / 8 + 64)
  }

  /// `a + b`, or `Int.max` past it (costs only need to be large enough to refuse).
  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }
}
