/// Writing a circuit in the d-DNNF format of c2d (which d4, dsharp and ddnnife read), so that
/// other tools can count it.
extension Circuit {
  /// The circuit as c2d's `.nnf` text: a header `nnf NODES EDGES VARIABLES`, then one node a
  /// line, children before parents and the root last: `L ±v` a literal, `A k c1 … ck` an AND,
  /// `O j k c1 … ck` an OR deciding variable `j` (0 when none is named). A free variable
  /// becomes the OR of its two literals. The circuit's variables are numbered from one in
  /// their order among the model's variables, so that a reader counts over exactly them.
  ///
  /// - Returns: The text.
  package func c2dText() -> String {
    var number = [Int](repeating: 0, count: variableCount)
    var next = 0
    for variable in 0..<variableCount where isVariable[variable] {
      next += 1
      number[variable] = next
    }
    var lines: [String] = []
    var edges = 0
    var literalNode: [UInt32: Int] = [:]
    var freeNode: [UInt32: Int] = [:]
    var nodeLine = [Int](repeating: -1, count: nodeCount)
    func emit(_ line: String, children: Int = 0) -> Int {
      lines.append(line)
      edges += children
      return lines.count - 1
    }
    func literalLine(_ code: UInt32) -> Int {
      if let line = literalNode[code] { return line }
      let signed = code & 1 == 0 ? number[Int(code >> 1)] : -number[Int(code >> 1)]
      let line = emit("L \(signed)")
      literalNode[code] = line
      return line
    }
    func line(of word: UInt32) -> Int {
      switch word & 3 {
      case 0: return nodeLine[Int(word >> 2)]
      case 1: return literalLine(word >> 2)
      default:
        if let line = freeNode[word] { return line }
        let positive = literalLine((word >> 2) << 1)
        let negative = literalLine((word >> 2) << 1 | 1)
        let line = emit(
          "O \(number[Int(word >> 2)]) 2 \(positive) \(negative)", children: 2)
        freeNode[word] = line
        return line
      }
    }
    let last = root.node ?? 1
    for node in 0..<min(nodeCount, last + 1) {
      let children = entries(of: node).map(line(of:))
      if isOr[node] {
        nodeLine[node] = emit(
          "O \(decision(of: node).map { number[$0] } ?? 0) \(children.count) "
            + children.map(String.init).joined(separator: " "), children: children.count)
      } else {
        nodeLine[node] = emit(
          "A \(children.count)" + children.map { " \($0)" }.joined(), children: children.count)
      }
    }
    if root.node == nil { _ = emit("A 1 \(line(of: root.word))", children: 1) }
    return "nnf \(lines.count) \(edges) \(next)\n" + lines.joined(separator: "\n") + "\n"
  }

  /// The variable an OR of two entries decides, by the model's numbering: one holds a
  /// literal at its top whose negation the other holds; `nil` when none does.
  private func decision(of node: Int) -> Int? {
    let children = entries(of: node)
    guard children.count == 2, let first = children.first, let second = children.last else {
      return nil
    }
    let firstLiterals = topLiterals(first)
    return topLiterals(second).first { firstLiterals.contains($0 ^ 1) }.map { Int($0 >> 1) }
  }

  /// The literal codes an entry holds at its top: itself, or an AND's literal entries.
  private func topLiterals(_ word: UInt32) -> [UInt32] {
    switch word & 3 {
    case 1: return [word >> 2]
    case 0 where !isOr[Int(word >> 2)]:
      return entries(of: Int(word >> 2)).filter { $0 & 3 == 1 }.map { $0 >> 2 }
    default: return []
    }
  }
}
