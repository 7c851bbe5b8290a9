internal import CarFactory
internal import Dealership

/// `tree` as a CSV table: a row a node, with its parent and depth.
extension CSVRenderer {
  func tree(_ result: TreeResult) {
    let line = result.line
    header(
      CSV.row(["model", "node", "name", "atom", "parent", "depth", "group_kind", "state", "below"]))
    let model = line.model.rawValue
    for node in result.nodes {
      var atom = ""
      if case .value(let value) = node.item { atom = line.values[value].atom }
      out.line(
        CSV.row([
          model, line.nodeKind(node.item),
          line.nodeName(node.item), atom,
          node.parent.map { line.nodeName($0) } ?? "", String(node.depth),
          node.membership?.keyword ?? "", node.state?.rawValue ?? "", String(node.hidden),
        ]))
    }
  }
}
