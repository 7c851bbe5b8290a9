internal import CarFactory
internal import Dealership

/// `tree` for programs: the nodes in the tree's order, each with its parent and depth.
extension JSONLinesRenderer {
  func tree(_ result: TreeResult) -> JSONObject {
    let line = result.line
    var object = JSONObject()
    object.add("type", "tree")
    object.add("model", line.model.rawValue)
    object.add("choices", strings: result.choices.map { line.atom(of: $0) })
    object.add("top", result.top.map { line.groups[$0].name })
    object.add("depth", result.depth)
    object.add("shown", result.shownValues)
    object.add("total", line.values.count)
    object.add(
      "nodes",
      result.nodes.map { node in
        var item = JSONObject()
        item.add("node", line.nodeKind(node.item))
        item.add("name", line.nodeName(node.item))
        if case .value(let value) = node.item { item.add("atom", line.values[value].atom) }
        item.add("parent", node.parent.map { line.nodeName($0) })
        item.add("depth", node.depth)
        item.add("groupKind", node.membership?.keyword)
        item.add("state", node.state?.rawValue)
        item.add("below", node.hidden)
        return item
      })
    return object
  }
}
