/// Values stock lines one at a time without keeping them: per category, the exact total and
/// item count. Memory grows with the number of categories, not of lines: about 64 bytes per
/// category plus its name's bytes (see ``CategoryTable``).
///
/// Category names are compared as Swift compares strings (canonical equivalence: `Café`
/// precomposed and decomposed are one category, named by the first spelling seen): each
/// name is found by the bytes of its NFC form, which are its own bytes for ASCII names.
public struct StockAccumulator: Sendable {
  /// The exact total and item count of one category.
  public struct CategoryTotal: Sendable, Hashable {
    /// The category name.
    public let name: String
    /// The sum of quantities in the category.
    public let itemCount: Int64
    /// The exact value of the category, not rounded.
    public let exactTotal: ExactMoney

    /// Creates a category total (as read back from a saved session: `package`, as only the
    /// command-line front's storage makes totals that an accumulator did not).
    ///
    /// - Parameters:
    ///   - name: The category.
    ///   - itemCount: The items in it.
    ///   - exactTotal: Their exact value.
    package init(name: String, itemCount: Int64, exactTotal: ExactMoney) {
      self.name = name
      self.itemCount = itemCount
      self.exactTotal = exactTotal
    }
  }

  /// The currency of the lines' unit prices.
  public let currency: Currency
  /// The number of lines added.
  public private(set) var lineCount = 0
  /// The sum of all quantities.
  public private(set) var itemCount: Int64 = 0

  /// The categories' canonical names (NFC bytes), in order of first appearance; a key's
  /// value is its own position.
  private var names = CategoryTable()
  /// The first spelling of a category whose name is not its NFC form (rare).
  private var spellings: [Int: String] = [:]
  private var scaledSums: [Int128] = []
  private var itemSums: [Int64] = []
  /// The categories named last, as spelled, with their positions: a stock whose lines take
  /// turns among a few categories finds each without canonicalizing its name (at most
  /// ``recentLimit``, replaced in turn).
  private var recentCategories: [(name: String, index: Int)] = []
  private var nextRecent = 0
  private static let recentLimit = 4
  private var scaledTotal: Int128 = 0
  /// Whether a negative value or quantity was ever added (never, from stock lines): until
  /// then every category's sums are at most the totals.
  private var hasNegativeFigures = false

  /// Creates an empty accumulator.
  /// - Parameter currency: The currency of the unit prices, USD by default.
  public init(currency: Currency = .usd) {
    self.currency = currency
  }

  /// The exact value of all lines added.
  public var exactTotal: ExactMoney { ExactMoney(scaled: scaledTotal, currency: currency) }

  /// The categories in order of first appearance, as an array (made now: for many
  /// categories, read ``categoryTotals`` instead).
  public var categories: [CategoryTotal] { Array(categoryTotals) }

  /// The categories in order of first appearance, each made when it is read.
  public var categoryTotals: CategoryTotals { CategoryTotals(self) }

  /// The number of categories.
  public var categoryCount: Int { scaledSums.count }

  /// The bytes the categories take (the arrays' capacities; a name spelled other than in NFC
  /// counted as 64 bytes more), for the memory bound's test.
  var storageBytes: Int {
    names.storageBytes + scaledSums.capacity * 16 + itemSums.capacity * 8 + spellings.count * 64
  }

  /// The category at a position of ``categories``.
  func category(at index: Int) -> CategoryTotal {
    CategoryTotal(
      name: name(at: index), itemCount: itemSums[index],
      exactTotal: ExactMoney(scaled: scaledSums[index], currency: currency))
  }

  /// The name of the category at a position, as first spelled.
  func name(at index: Int) -> String {
    spellings[index] ?? String(decoding: names.key(at: index), as: UTF8.self)
  }

  /// The position of a category, or `nil` if it has not been seen.
  ///
  /// - Parameter category: A category name (any canonically equivalent spelling).
  /// - Returns: Its position in ``categories``.
  func index(of category: String) -> Int? {
    var table = names
    return Self.withCanonicalBytes(of: category) { table.value(for: $0) }
  }

  /// Adds one line's exact value and quantity to its category and to the total.
  /// - Parameter line: A stock line priced in ``currency``.
  /// - Throws: ``MoneyError/currencyMismatch(expected:actual:)`` or ``MoneyError/overflow(_:)``.
  public mutating func add(_ line: StockLine) throws(MoneyError) {
    guard line.unitPrice.currency == currency else {
      throw .currencyMismatch(expected: currency.code, actual: line.unitPrice.currency.code)
    }
    guard
      let scaled = StockLine.scaledValue(
        price: line.unitPrice.minorUnits, quantity: line.quantity, tax: line.taxPercent)
    else { throw .overflow("value of '\(line.name)'") }
    try add(category: line.category, scaled: scaled, quantity: line.quantity)
  }

  /// Adds an exact value and quantity to a category.
  mutating func add(category: String, scaled: Int128, quantity: Int64) throws(MoneyError) {
    let (newTotal, totalOverflow) = scaledTotal.addingReportingOverflow(scaled)
    let (newItems, itemsOverflow) = itemCount.addingReportingOverflow(quantity)
    guard !totalOverflow, !itemsOverflow else { throw .overflow("stock total") }
    let index = categoryIndex(for: category)
    // Category sums can overflow on their own when values of both signs are mixed.
    let (categoryTotal, categoryOverflow) = scaledSums[index].addingReportingOverflow(scaled)
    let (categoryItems, itemsOverflowed) = itemSums[index].addingReportingOverflow(quantity)
    guard !categoryOverflow, !itemsOverflowed else {
      throw .overflow("total of category '\(category)'")
    }
    scaledSums[index] = categoryTotal
    itemSums[index] = categoryItems
    scaledTotal = newTotal
    itemCount = newItems
    lineCount += 1
    if scaled < 0 || quantity < 0 { hasNegativeFigures = true }
  }

  /// The position of `category` in ``categories``, appending it with zero sums if it is new.
  mutating func categoryIndex(for category: String) -> Int {
    for recent in recentCategories where recent.name == category { return recent.index }
    let index = Self.withCanonicalBytes(of: category) { key in
      if let known = names.value(for: key) { return known }
      let index = scaledSums.count
      names.insert(key, value: index)
      scaledSums.append(0)
      itemSums.append(0)
      if !key.elementsEqual(category.utf8) { spellings[index] = category }
      return index
    }
    if recentCategories.count < Self.recentLimit {
      recentCategories.append((category, index))
    } else {
      recentCategories[nextRecent] = (category, index)
      nextRecent = (nextRecent + 1) % Self.recentLimit
    }
    return index
  }

  /// Calls `body` with the bytes of the NFC form of `name`: its own bytes when it is ASCII
  /// (every ASCII string is in NFC), else the standard library's canonical composition of it
  /// (the one its string comparison uses, so that two names are one category exactly when
  /// Swift finds them equal).
  private static func withCanonicalBytes<Result>(
    of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var text = name
    if !text.utf8.allSatisfy({ $0 < 0x80 }) {
      return name._nfcCodeUnits.withUnsafeBufferPointer(body)
    }
    return text.withUTF8(body)
  }

  /// Adds the totals of `other` (the lines that follow ours, as when a file is valued in
  /// parts): its categories in their order after ours, so ``categories`` stays in order of
  /// first appearance and a category keeps its first spelling.
  ///
  /// For lines that are never negative (as an inventory's are) the sums only grow: if the
  /// merged figures fit, so did every figure on the way when the lines were added one by one.
  ///
  /// - Parameter other: An accumulator in the same currency.
  /// - Returns: `false` (the sums then being unusable) when a figure overflowed or the
  ///   currencies differ, where adding the lines one by one would have thrown.
  mutating func merge(_ other: StockAccumulator) -> Bool {
    guard other.currency == currency else { return false }
    let (lines, linesOverflow) = lineCount.addingReportingOverflow(other.lineCount)
    let (total, totalOverflow) = scaledTotal.addingReportingOverflow(other.scaledTotal)
    let (items, itemsOverflow) = itemCount.addingReportingOverflow(other.itemCount)
    guard !linesOverflow, !totalOverflow, !itemsOverflow else { return false }
    for position in 0..<other.categoryCount {
      let index = other.names.withKey(at: position) { key in
        if let known = names.value(for: key) { return known }
        let index = scaledSums.count
        names.insert(key, value: index)
        scaledSums.append(0)
        itemSums.append(0)
        if let spelling = other.spellings[position] { spellings[index] = spelling }
        return index
      }
      let (categoryTotal, categoryOverflow) = scaledSums[index].addingReportingOverflow(
        other.scaledSums[position])
      let (categoryItems, categoryItemsOverflow) = itemSums[index].addingReportingOverflow(
        other.itemSums[position])
      guard !categoryOverflow, !categoryItemsOverflow else { return false }
      scaledSums[index] = categoryTotal
      itemSums[index] = categoryItems
    }
    recentCategories.removeAll()
    scaledTotal = total
    itemCount = items
    lineCount = lines
    if other.hasNegativeFigures { hasNegativeFigures = true }
    return true
  }

  /// Calls `body` with the sums lent as plain memory (``RunningTotals``), so that adding to a
  /// category checks no copy-on-write uniqueness; no category can be added meanwhile.
  ///
  /// - Parameter body: Adds to the totals; what it adds stays added.
  /// - Returns: What `body` returns.
  mutating func withRunningTotals<Result>(_ body: (inout RunningTotals) -> Result) -> Result {
    // Moved out, so the arrays are uniquely held by the locals while lent.
    var scaled = scaledSums
    var items = itemSums
    scaledSums = []
    itemSums = []
    let lent = (scaledTotal, itemCount, lineCount)
    let (result, totals) = scaled.withUnsafeMutableBufferPointer { scaled in
      items.withUnsafeMutableBufferPointer { items in
        var totals = RunningTotals(
          scaledSums: scaled, itemSums: items, scaledTotal: lent.0, itemCount: lent.1,
          lineCount: lent.2, sumsWithinTotals: !hasNegativeFigures)
        let result = body(&totals)
        return (result, totals)
      }
    }
    scaledSums = scaled
    itemSums = items
    scaledTotal = totals.scaledTotal
    itemCount = totals.itemCount
    lineCount = totals.lineCount
    return result
  }

  /// Adds an exact value and quantity to the category at `index` (from
  /// ``categoryIndex(for:)``) and to the totals; on overflow changes nothing and returns
  /// `false`, so the caller can report it as ``add(category:scaled:quantity:)`` would.
  @inline(__always)
  mutating func add(categoryAt index: Int, scaled: Int128, quantity: Int64) -> Bool {
    let (total, totalOverflow) = scaledTotal.addingReportingOverflow(scaled)
    let (items, itemsOverflow) = itemCount.addingReportingOverflow(quantity)
    let (category, categoryOverflow) = scaledSums[index].addingReportingOverflow(scaled)
    let (categoryItems, categoryItemsOverflow) = itemSums[index].addingReportingOverflow(
      quantity)
    guard !totalOverflow, !itemsOverflow, !categoryOverflow, !categoryItemsOverflow else {
      return false
    }
    (scaledTotal, itemCount, scaledSums[index], itemSums[index]) = (
      total, items, category, categoryItems
    )
    lineCount += 1
    if scaled < 0 || quantity < 0 { hasNegativeFigures = true }
    return true
  }
}

/// The categories of a ``StockAccumulator``, in order of first appearance: each
/// ``StockAccumulator/CategoryTotal`` is made when it is read, so a million categories cost
/// no more than the accumulator itself.
public struct CategoryTotals: RandomAccessCollection, Sendable {
  private let accumulator: StockAccumulator

  init(_ accumulator: StockAccumulator) {
    self.accumulator = accumulator
  }

  /// The first position, 0.
  public var startIndex: Int { 0 }
  /// One past the last position: the number of categories.
  public var endIndex: Int { accumulator.categoryCount }

  /// The category at a position.
  ///
  /// - Parameter position: From 0 to `count - 1`.
  public subscript(position: Int) -> StockAccumulator.CategoryTotal {
    accumulator.category(at: position)
  }
}

/// The sums of a ``StockAccumulator`` lent as plain memory by
/// ``StockAccumulator/withRunningTotals(_:)`` for a batch of lines whose room was reserved
/// first (``hasRoom(forLines:)``), so that adding them needs no overflow check.
struct RunningTotals {
  /// The largest value of a line of a batch is below `2^valueBits`.
  static let valueBits = 100
  /// The largest quantity of a line of a batch is below `2^quantityBits`.
  static let quantityBits = 27
  /// The most lines of a batch.
  static let maximumLines = 1 << 22

  /// The exact value of each category.
  private let scaledSums: UnsafeMutableBufferPointer<Int128>
  /// The item count of each category.
  private let itemSums: UnsafeMutableBufferPointer<Int64>
  /// The number of categories: the positions of both that ``CategorySums`` adds to (its own
  /// bounds check, so that the buffers' unchecked subscripts are safe).
  private let count: Int
  /// The exact value of all lines.
  private(set) var scaledTotal: Int128
  /// The sum of all quantities.
  private(set) var itemCount: Int64
  /// The number of lines added.
  private(set) var lineCount: Int
  /// Whether every category's sums are at most the totals (no negative figure was added).
  private let sumsWithinTotals: Bool

  /// Lends `scaledSums` and `itemSums` (as long as each other) with the totals.
  init(
    scaledSums: UnsafeMutableBufferPointer<Int128>, itemSums: UnsafeMutableBufferPointer<Int64>,
    scaledTotal: Int128, itemCount: Int64, lineCount: Int, sumsWithinTotals: Bool
  ) {
    self.scaledSums = scaledSums
    self.itemSums = itemSums
    count = min(scaledSums.count, itemSums.count)
    self.scaledTotal = scaledTotal
    self.itemCount = itemCount
    self.lineCount = lineCount
    self.sumsWithinTotals = sumsWithinTotals
  }

  /// Whether a batch of at most `lines` lines, each of value below `2^valueBits` and quantity
  /// below `2^quantityBits`, fits whatever its lines: the totals stay in range, and so do the
  /// categories' sums, which are at most the totals. (Totals this close to overflowing never
  /// come from real stock; their lines are then added one by one, each checked.)
  func hasRoom(forLines lines: Int) -> Bool {
    guard sumsWithinTotals, lines >= 0, lines <= Self.maximumLines else { return false }
    return scaledTotal <= Int128.max - Int128(lines) << Self.valueBits
      && itemCount <= Int64.max - Int64(lines) << Self.quantityBits
  }

  /// The categories' sums, for a batch whose room was reserved (``hasRoom(forLines:)``).
  var categorySums: CategorySums {
    CategorySums(scaledSums: scaledSums, itemSums: itemSums, count: count)
  }

  /// The categories' sums of ``RunningTotals`` as a value, so that a loop holds their
  /// addresses in registers rather than reading them from the totals at each line.
  struct CategorySums {
    fileprivate let scaledSums: UnsafeMutableBufferPointer<Int128>
    fileprivate let itemSums: UnsafeMutableBufferPointer<Int64>
    fileprivate let count: Int

    /// Adds a line of a batch whose room was reserved to the category at `index` (`false`,
    /// changing nothing, for an index that is not a category's); its value and quantity are
    /// added to the totals with the batch's (``RunningTotals/addBatch(scaled:quantity:lines:)``).
    @inline(always)
    func add(categoryAt index: Int, scaled: Int128, quantity: Int64) -> Bool {
      guard UInt(bitPattern: index) < UInt(bitPattern: count) else { return false }
      scaledSums[index] &+= scaled
      itemSums[index] &+= quantity
      return true
    }
  }

  /// Adds the sums of a batch whose room was reserved, and counts its lines.
  mutating func addBatch(scaled: Int128, quantity: Int64, lines: Int) {
    scaledTotal &+= scaled
    itemCount &+= quantity
    lineCount &+= lines
  }
}
