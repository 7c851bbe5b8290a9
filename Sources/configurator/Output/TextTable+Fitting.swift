extension TextTable {
  /// What fitting a table to a width needs to know of one column, measured over its cells.
  struct ColumnMeasure {
    /// The title's width.
    var title = 0
    /// The widest cell's width, the title's included.
    var natural = 0
    /// Whether some cell holds a space: text, wrapped when the column must narrow, where
    /// an identifier or an amount is cut short with `…`.
    var isText = false
    /// Whether no row leaves the cell empty (a column that names every row).
    var alwaysFilled = true
    /// How many rows.
    var rows = 0
    /// How many cells have each width.
    private(set) var counts: [Int: Int] = [:]

    /// Counts the title.
    mutating func addTitle(width: Int) {
      title = width
      natural = max(natural, width)
    }

    /// The different cells seen (by their hash, up to ``distinctLimit`` of them): the
    /// column that tells rows apart best names them in later blocks.
    private(set) var distinct: Set<Int> = []

    /// How many different cells are told apart at most.
    static let distinctLimit = 4096

    /// Counts a row's cell.
    ///
    /// - Parameters:
    ///   - width: Its display width.
    ///   - hasSpace: Whether it holds a space.
    ///   - hash: Its text's hash.
    mutating func add(width: Int, hasSpace: Bool, hash: Int) {
      natural = max(natural, width)
      if hasSpace { isText = true }
      if width == 0 { alwaysFilled = false }
      counts[width, default: 0] += 1
      rows += 1
      if distinct.count < Self.distinctLimit { distinct.insert(hash) }
    }

    /// What showing the column `width` columns wide costs, for each width from 0 to the
    /// natural one (free): a cut cell costs ``cutCost`` lines, a wrapped cell the lines it
    /// gains (estimated by its width, not by its words).
    func costs(wraps: Bool) -> [Int] {
      (0...natural).map { width in
        guard width < natural else { return 0 }
        var cost = 0
        for (cellWidth, count) in counts where cellWidth > width {
          if wraps, width > 0 {
            cost += count * ((cellWidth + width - 1) / width - 1)
          } else {
            cost += count * TextTable.cutCost
          }
        }
        return cost
      }
    }
  }

  /// How a cut cell weighs against a wrapped line when a table narrows: what is cut is lost.
  static let cutCost = 4

  /// The narrowest a column is made: its title, and at least this (unless it is narrower).
  static let narrowest = 6

  /// Columns shown side by side at a width: which, how wide, and which wrap.
  struct Block: Equatable {
    /// The columns, by their index in the table, in the table's order.
    var columns: [Int]
    /// Each column's width.
    var widths: [Int]
    /// Whether each column's cells wrap (else they are cut with `…` past the width).
    var wraps: [Bool]
  }

  /// The blocks a table is shown in at `width` columns: one block with every column at its
  /// natural width when the table fits; else one block with its widest columns narrowed
  /// (text wrapped under its column, other cells cut with `…`; amounts, right-aligned, keep
  /// their width); else, when that would cut or wrap more than a second block costs, the
  /// columns in blocks one after another, each repeating the columns that name a row (the
  /// first, and when it can be empty the never empty one with the most different cells), as
  /// R and pandas print a
  /// wide table. The layout is the one of least cost: lines gained by wrapping, cut cells,
  /// and each further block's rows.
  ///
  /// - Parameters:
  ///   - measures: Each column's measure.
  ///   - alignments: Each column's alignment.
  ///   - width: The columns the table may take.
  /// - Returns: The blocks, in order (at least one when there are columns).
  static func blocks(
    measures: [ColumnMeasure], alignments: [Alignment], width: Int
  ) -> [Block] {
    guard !measures.isEmpty else { return [] }
    var fitter = Fitter(measures: measures, alignments: alignments, width: width)
    return fitter.blocks()
  }

  /// The search for the cheapest layout (``blocks(measures:alignments:width:)``).
  private struct Fitter {
    let measures: [ColumnMeasure]
    let alignments: [Alignment]
    let width: Int
    /// Each column's cost at each width.
    let costs: [[Int]]
    private var fits: [Range<Int>: (block: Block, cost: Int)] = [:]
    private let keys: [Int]
    private let others: [Int]

    init(measures: [ColumnMeasure], alignments: [Alignment], width: Int) {
      self.measures = measures
      self.alignments = alignments
      self.width = width
      costs = measures.indices.map { column in
        measures[column].costs(wraps: Self.wraps(column, measures, alignments))
      }
      // The first column names the rows; when it leaves some empty (a subtotal's number),
      // so does the never empty column that tells most rows apart.
      var keys = [0]
      let naming = measures.indices.dropFirst().filter {
        measures[$0].alwaysFilled && alignments[$0] == .left
      }
      if !measures[0].alwaysFilled,
        let best = naming.max(by: { measures[$0].distinct.count < measures[$1].distinct.count })
      {
        keys.append(best)
      }
      self.keys = keys
      others = measures.indices.filter { !keys.contains($0) }
    }

    private static func wraps(
      _ column: Int, _ measures: [ColumnMeasure], _ alignments: [Alignment]
    ) -> Bool {
      alignments[column] == .left && measures[column].isText
    }

    /// The cheapest split of the columns into blocks: each further block costs its rows
    /// and its title line and the blank line before it.
    mutating func blocks() -> [Block] {
      guard !others.isEmpty else { return [fit(0..<0).block] }
      let penalty = (measures.first?.rows ?? 0) + 2
      let count = others.count
      var best = [Int](repeating: Int.max, count: count + 1)
      var start = [Int](repeating: 0, count: count + 1)
      best[0] = 0
      for end in 1...count {
        for begin in 0..<end where best[begin] != Int.max {
          let cost = fit(begin..<end).cost
          guard cost != Int.max else { continue }
          let total = best[begin].addingReportingOverflow(
            cost.addingReportingOverflow(begin > 0 ? penalty : 0).partialValue)
          // Ties go to the later split: the earlier blocks as full as they can be.
          if !total.overflow, total.partialValue <= best[end] {
            best[end] = total.partialValue
            start[end] = begin
          }
        }
      }
      var runs: [Range<Int>] = []
      var end = count
      while end > 0 {
        runs.append(start[end]..<end)
        end = start[end]
      }
      return runs.reversed().map { fit($0).block }
    }

    /// The key columns and the run `others[run]` as one block, fitted; a run that cannot
    /// fit costs `Int.max`, unless it is one column, which is then shown at its narrowest.
    private mutating func fit(_ run: Range<Int>) -> (block: Block, cost: Int) {
      if let known = fits[run] { return known }
      let columns = (keys + others[run]).sorted()
      let fitted =
        Self.fitColumns(columns, measures, alignments, costs, width: width)
        ?? (
          block: Self.narrowest(columns, measures, alignments),
          cost: run.count <= 1 ? Int.max / 4 : Int.max
        )
      fits[run] = fitted
      return fitted
    }

    /// Every column at its narrowest (the width is too small for anything better).
    private static func narrowest(
      _ columns: [Int], _ measures: [ColumnMeasure], _ alignments: [Alignment]
    ) -> Block {
      Block(
        columns: columns,
        widths: columns.map { floor(of: $0, measures, alignments) },
        wraps: columns.map { wraps($0, measures, alignments) })
    }

    private static func floor(
      of column: Int, _ measures: [ColumnMeasure], _ alignments: [Alignment]
    ) -> Int {
      let measure = measures[column]
      guard alignments[column] == .left else { return measure.natural }
      return min(measure.natural, max(measure.title, TextTable.narrowest))
    }

    /// The cheapest widths for `columns` side by side, or `nil` when even their narrowest
    /// widths do not fit. One text column at a time is given each width it may take, and
    /// the others share what is left, the widest narrowed first.
    private static func fitColumns(
      _ columns: [Int], _ measures: [ColumnMeasure], _ alignments: [Alignment],
      _ costs: [[Int]], width: Int
    ) -> (block: Block, cost: Int)? {
      let naturals = columns.map { measures[$0].natural }
      let wrapping = columns.map { wraps($0, measures, alignments) }
      let shrinking = columns.indices.filter { alignments[columns[$0]] == .left }
      let fixed = columns.indices.filter { alignments[columns[$0]] == .right }
        .reduce(0) { $0 + naturals[$1] }
      let budget = width - 2 * (columns.count - 1) - fixed
      if shrinking.reduce(0, { $0 + naturals[$1] }) <= budget {
        return (Block(columns: columns, widths: naturals, wraps: wrapping), 0)
      }
      let floors = columns.map { floor(of: $0, measures, alignments) }
      let least = shrinking.reduce(0) { $0 + floors[$1] }
      guard least <= budget else { return nil }
      func cost(_ position: Int, _ columnWidth: Int) -> Int {
        let table = costs[columns[position]]
        return columnWidth < table.count ? table[max(0, columnWidth)] : 0
      }
      var best: (widths: [Int], cost: Int)?
      func consider(primary: Int?, primaryWidth: Int) {
        let rest = shrinking.filter { $0 != primary }
        guard
          let shared = waterFill(
            rest.map { naturals[$0] }, rest.map { floors[$0] }, budget - primaryWidth)
        else { return }
        var widths = naturals
        var total = 0
        if let primary {
          widths[primary] = primaryWidth
          total += cost(primary, primaryWidth)
        }
        for (index, position) in rest.enumerated() {
          widths[position] = shared[index]
          total += cost(position, shared[index])
        }
        if best.map({ total < $0.cost }) ?? true { best = (widths, total) }
      }
      consider(primary: nil, primaryWidth: 0)
      for primary in shrinking where wrapping[primary] {
        let others = least - floors[primary]
        let widest = min(naturals[primary], budget - others)
        guard widest >= floors[primary] else { continue }
        for primaryWidth in stride(from: widest, through: floors[primary], by: -1) {
          consider(primary: primary, primaryWidth: primaryWidth)
        }
      }
      guard let best else { return nil }
      return (Block(columns: columns, widths: best.widths, wraps: wrapping), best.cost)
    }

    /// Widths for columns sharing `budget` columns: each at most its natural width and at
    /// least its floor, the widest brought down to a common cap first (then one more
    /// column each for the first of those at the cap while some budget is left); `nil` when
    /// the floors alone take more than the budget.
    private static func waterFill(_ naturals: [Int], _ floors: [Int], _ budget: Int) -> [Int]? {
      if naturals.reduce(0, +) <= budget { return naturals }
      guard floors.reduce(0, +) <= budget else { return nil }
      func widths(cappedAt cap: Int) -> [Int] {
        naturals.indices.map { max(floors[$0], min(naturals[$0], cap)) }
      }
      var low = 0
      var high = naturals.max() ?? 0
      while low < high {
        let middle = (low + high + 1) / 2
        if widths(cappedAt: middle).reduce(0, +) <= budget {
          low = middle
        } else {
          high = middle - 1
        }
      }
      var shared = widths(cappedAt: low)
      var left = budget - shared.reduce(0, +)
      for index in shared.indices where left > 0 && shared[index] < naturals[index] {
        shared[index] += 1
        left -= 1
      }
      return shared
    }
  }
}
