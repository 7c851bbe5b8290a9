internal import Support

/// How much memory reading and compiling one UVL model may take: 32 times the file's size
/// plus 32 MiB, and never more than half the address space the process has left
/// (`ulimit -v`).
///
/// A compiled model costs memory per feature, per constraint, per constraint token and per
/// cell of a cardinality counter, whatever the bytes that wrote them: a 16 MiB file of
/// one-letter features or of `a => b` lines, or a 5 KB `[2..*]` group of 700 members, would
/// otherwise take hundreds of megabytes. The reader and the compiler charge each as it comes,
/// at the costs measured on the release build (peak resident memory of `--catalog FILE
/// models` over the process's own, which includes the reader's and the product line's
/// structures), and refuse the model at the line where the budget runs out: the peak stays
/// within the budget whatever the shape.
struct UVLMemoryBudget: Sendable {
  /// How many times its size a model may take.
  static let multiple = 32
  /// What any model may take, however small (the public models need 3 to 17 MiB).
  static let floor = 32 << 20

  /// Measured: a 16 MB file of 900,000 features took 466 MB.
  static let featureCost = 544
  /// Measured with ``tokenCost``: 200,000 constraints `a => b` took 125 MB.
  static let constraintCost = 480
  /// Measured: one constraint of 98,000 tokens took 6 MB.
  static let tokenCost = 64
  /// Measured: a `[2..*]` group of 700 members (489,000 cells) took 86 MB.
  static let counterCellCost = 176

  /// The most bytes the model may take.
  let limit: Int
  /// Whether the address space left, not the file's size, set the limit.
  let isAddressSpaceBound: Bool
  /// What the parts read and compiled so far take.
  private(set) var used = 0

  /// The budget of a model file of `size` bytes.
  ///
  /// - Parameters:
  ///   - size: The file's size.
  ///   - available: The address space left, if it is limited.
  init(fileSize size: Int, available: Int? = AddressSpace.available) {
    let bySize = min(size, Int.max / (2 * Self.multiple)) * Self.multiple + Self.floor
    if let available, available / 2 < bySize {
      limit = available / 2
      isAddressSpaceBound = true
    } else {
      limit = bySize
      isAddressSpaceBound = false
    }
  }

  /// No limit: for models that were not read from bytes (``FeatureModel/init(_:)``).
  static let unlimited = UVLMemoryBudget(limit: .max)

  private init(limit: Int) {
    self.limit = limit
    isAddressSpaceBound = false
  }

  /// Takes `count` parts of `cost` bytes each from the budget.
  ///
  /// - Returns: `false` when they do not fit (nothing is taken then).
  mutating func charge(_ count: Int, of cost: Int) -> Bool {
    let (bytes, overflow) = max(0, count).multipliedReportingOverflow(by: cost)
    guard !overflow, bytes <= limit - used else { return false }
    used += bytes
    return true
  }

  /// The refusal, at the line where the budget ran out.
  ///
  /// - Parameters:
  ///   - file: The model file.
  ///   - line: The line of the part that did not fit.
  /// - Returns: The error.
  func error(file: String, line: Int?) -> UVLError {
    let mebibytes = max(1, limit >> 20)
    let message =
      isAddressSpaceBound
      ? "the model is too large for the memory left: reading and compiling it would take more "
        + "than the \(mebibytes) MiB that the address-space limit (ulimit -v) leaves for it"
      : "the model is too large for its size: reading and compiling it would take more than "
        + "\(mebibytes) MiB (\(Self.multiple) times its size, plus \(Self.floor >> 20) MiB)"
    return UVLError(file: file, line: line, kind: .limit, message: message)
  }
}
