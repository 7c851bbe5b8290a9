internal import CarFactory
internal import Dealership

/// `tree` for people: one row a node, indented two spaces a level, with the kind of group it
/// is in and its state.
extension TextRenderer {
  func tree(_ result: TreeResult) {
    let line = result.line
    let features = line.buildsAreFeatures
    let cut = result.nodes.contains { $0.hidden > 0 }
    var table = TextTable(
      [(features ? "FEATURE" : "NAME", .left), ("KIND", .left), ("STATE", .left)]
        + (cut ? [("BELOW", .right)] : []))
    let base = result.topDepth
    for node in result.nodes {
      var row = [
        String(repeating: "  ", count: node.depth - base) + Self.label(of: node.item, in: line),
        node.membership?.keyword ?? "", node.state?.rawValue ?? "",
      ]
      if cut { row.append(node.hidden > 0 ? String(node.hidden) : "") }
      table.append(row)
    }
    table.write(to: out, width: width)
    if result.isPartial {
      let kind = features ? "features" : "values"
      out.line(
        "shown \(result.shownValues) of \(line.values.count) \(kind)"
          + (result.depth.map { " (depth=\($0))" } ?? ""))
    }
  }

  /// A node as the tree names it: the model with its title, a group, a value by what follows
  /// `GROUP=` with its name when that says more (`red (Cherry Red)`), a feature by its name.
  private static func label(of item: TreeNode.Item, in line: ProductLine) -> String {
    switch item {
    case .model: return "\(line.model.rawValue) (\(line.title))"
    case .group(let group): return line.groups[group].name
    case .value(let value):
      let name = line.values[value].name
      guard !line.buildsAreFeatures else { return name }
      let id = line.valueName(of: value)
      return id.lowercased() == name.lowercased() ? id : "\(id) (\(name))"
    }
  }
}
