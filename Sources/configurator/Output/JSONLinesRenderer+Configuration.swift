internal import CarFactory
internal import Dealership

/// `options`, `count` and `lint` for programs: states and reasons as fields.
extension JSONLinesRenderer {
  func options(_ result: OptionsResult, pricesWith: [Int: Price]? = nil) -> JSONObject {
    let line = result.line
    var object = JSONObject()
    object.add("type", "options")
    object.add("model", line.model.rawValue)
    object.add("choices", strings: result.report.choices.map { line.atom(of: $0) })
    if let filter = result.filter { object.add("filter", self.filter(filter, line: line)) }
    // Most values share one surcharge (none): its object is made once for a run of them.
    var surcharge: (price: Price, object: JSONObject)?
    let tree = result.tree
    object.add(
      "values",
      result.shownEntries.map { entry in
        let value = line.values[entry.value]
        var item = JSONObject()
        if !line.buildsAreFeatures {
          item.add("group", line.groups[value.group].name)
          item.add("value", line.valueName(of: entry.value))
        }
        item.add("atom", value.atom)
        item.add("name", value.name)
        // A UVL value's place in the feature tree.
        if let tree {
          item.add("parent", tree.parents[entry.value].map { line.values[$0].atom })
          item.add("depth", tree.depths[entry.value])
        }
        item.add("state", entry.state.rawValue)
        // SPEC §16: the value's dates, when the catalog gives it any.
        if value.effectivity != .always {
          var offered = JSONObject()
          offered.add("from", value.effectivity.validFrom?.description)
          offered.add("until", value.effectivity.validTo?.description)
          item.add("offered", offered)
        }
        let money =
          surcharge.flatMap { $0.price == value.surcharge ? $0.object : nil }
          ?? Self.usd(value.surcharge)
        surcharge = (value.surcharge, money)
        item.add("surcharge", money)
        // FROM: absent for an excluded value, null where it was not found in time.
        if let from = result.report.from, entry.state != .excluded {
          if let price = from[entry.value] {
            item.add("from", Self.usd(price))
          } else {
            item.add("from", nil as String?)
          }
        }
        // The working car's: for a value still free, null where it was not found in time.
        if let pricesWith, line.pricesBuilds, entry.state == .available {
          if let price = pricesWith[entry.value] {
            item.add("priceWith", Self.usd(price))
          } else {
            item.add("priceWith", nil as String?)
          }
        }
        // by=ATTR: this value's lowest and highest total, absent for an excluded value, an end
        // null where it was not found in time.
        if let byValue = result.report.byValue, let range = result.report.range,
          entry.state != .excluded
        {
          let ends = byValue[entry.value]
          var by = JSONObject()
          for (name, end) in [("lowest", ends.lowest), ("highest", ends.highest)] {
            if range.attribute == "price" {
              add(end, as: name, to: &by)
            } else {
              by.add(
                name,
                end.map { AttributeTotal.text($0, scale: range.scale, unit: "", forPeople: false) })
            }
          }
          item.add("range", by)
        }
        if let reason = entry.reason {
          item.add("reason", self.reason(reason, line: line))
        }
        return item
      })
    object.add("shown", result.shownCount)
    object.add("total", result.total)
    switch result.report.count {
    case .success(let count): object.add("builds", count.description)
    case .failure: object.add("builds", nil as String?)
    }
    // Absent when the line has no prices; an end not found within the time limit is null,
    // and both are, with `priceError`, when the prices add up past what can be represented.
    if result.report.pricesOverflow {
      add(nil, as: "priceMin", to: &object)
      add(nil, as: "priceMax", to: &object)
      object.add("priceError", "the prices add up to more than can be represented")
    } else if let range = result.report.priceRange {
      add(range.lowest, as: "priceMin", to: &object)
      add(range.highest, as: "priceMax", to: &object)
    }
    if let range = result.report.range {
      var by = JSONObject()
      by.add("attribute", range.attribute)
      if range.attribute == "price" {
        add(range.lowest, as: "lowest", to: &by)
        add(range.highest, as: "highest", to: &by)
      } else {
        for (name, end) in [("lowest", range.lowest), ("highest", range.highest)] {
          by.add(
            name,
            end.map {
              AttributeTotal.text($0, scale: range.scale, unit: "", forPeople: false)
            })
        }
      }
      object.add("range", by)
    }
    return object
  }

  /// The filter given, as typed: `{find, state, group}`, each present when given.
  private func filter(_ filter: OptionsFilter, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    if let text = filter.text { object.add("find", text) }
    if !filter.states.isEmpty { object.add("state", strings: filter.states.map(\.rawValue)) }
    if let group = filter.group { object.add("group", line.groups[group].name) }
    return object
  }

  /// A price in cents as a money object, or `null` when it was not found.
  private func add(_ cents: Int64?, as name: String, to object: inout JSONObject) {
    if let cents {
      object.add(name, Self.usd(Price(cents: cents)))
    } else {
      object.add(name, nil as String?)
    }
  }

  /// A reason as data: the choices' atoms and the rules, each `{id, expression, message}`,
  /// then the deciding groups (`{id, expression: null, message: null, group: {…}}`, SPEC
  /// §14); `numbers` when a rule compares a total (``Self/numbers(_:line:)``).
  func reason(_ reason: Explanation, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    object.add("choices", strings: reason.choices.map { line.atom(of: $0) })
    object.add(
      "rules",
      reason.rules.map { Self.rule($0, line: line) }
        + reason.groups.map { Self.groupRule($0, line: line) })
    if !reason.numbers.isEmpty {
      object.add("numbers", reason.numbers.map { Self.numbers($0, line: line) })
    }
    return object
  }

  func count(_ result: CountResult) -> JSONObject {
    var object = JSONObject()
    object.add("type", "count")
    object.add("model", result.line.model.rawValue)
    object.add("choices", strings: result.choices.map { result.line.atom(of: $0) })
    object.add("count", result.count.description)
    return object
  }

  func lint(_ result: LintResult) -> JSONObject {
    let line = result.line
    var object = JSONObject()
    object.add("type", "lint")
    object.add("model", line.model.rawValue)
    object.add("valid", result.findings.hasBuild)
    object.add("conflict", strings: result.findings.conflict)
    object.add("dead", strings: result.findings.dead.map { line.values[$0].atom })
    object.add("core", strings: result.findings.core.map { line.values[$0].atom })
    object.add("redundantRules", strings: result.findings.redundantRules)
    object.add("notOffered", strings: result.findings.notOffered.map { line.values[$0.value].atom })
    return object
  }
}

extension JSONLinesRenderer {
  /// A product line's build after its number: every selected feature (SPEC §8), how many the
  /// user chose and the rules forced, and the price when the model has prices.
  func features(_ build: BuildView) -> JSONObject {
    var object = JSONObject()
    object.add("model", build.line.model.rawValue)
    object.add("features", strings: build.selected.map { build.line.values[$0].atom })
    if let chosen = build.notes.chosen { object.add("chosen", chosen) }
    if let forced = build.notes.forced { object.add("forced", forced) }
    if let marks = build.marks {
      // Each selected feature under how it came to be there (SPEC §11).
      for (key, mark) in [
        ("chosenFeatures", FeatureMarks.Mark.chosen), ("forcedFeatures", .forced),
        ("defaultFeatures", .byDefault),
      ] {
        object.add(
          key,
          strings: marks.values(build.selected, marked: mark).map { build.line.values[$0].atom })
      }
    }
    if build.line.pricesBuilds { object.add("price", Self.usd(build.price)) }
    Self.add(build.totals, to: &object)
    return object
  }
}

extension JSONLinesRenderer {
  /// The product lines without parts (UVL models): id, root feature, size, file and digest.
  func productLines(_ lines: [ProductLine]) -> JSONObject {
    var object = JSONObject()
    object.add("type", "featureModels")
    object.add(
      "models",
      lines.map { line in
        var entry = JSONObject()
        entry.add("model", line.model.rawValue)
        entry.add("root", line.title)
        entry.add("features", line.values.count)
        entry.add("constraints", line.rules.count)
        entry.add("file", line.file)
        entry.add("digest", line.digest)
        return entry
      })
    return object
  }
}
