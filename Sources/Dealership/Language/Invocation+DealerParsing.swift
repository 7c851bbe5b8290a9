package import StockValuation
package import Support

/// `dealer …` read into an invocation (SPEC §15).
extension InvocationParser {
  /// The options `dealer` takes after its name.
  private static let dealerOptions = ["address", "phone", "vat", "tax"]

  /// `dealer [NAME…] [address=TEXT] [phone=TEXT] [vat=TEXT] [tax=LABEL P%]`: the words
  /// before the first option are the name, joined by single blanks; `tax=VAT 20%` may come
  /// as one quoted word or as `tax=VAT` and `20%`.
  func dealer() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else { return .dealer(nil) }
    var change = DealerProfile.Change()
    var nameWords: [String] = []
    var seen: Set<String> = []
    var index = 0
    while index < argumentCount {
      let word = argument(index)
      index += 1
      guard let equals = word.firstIndex(of: "=") else {
        guard seen.isEmpty else {
          throw .unexpectedArgument(command: "dealer", word: word, hint: .usage(.command(.dealer)))
        }
        nameWords.append(word)
        continue
      }
      let key = word[..<equals].lowercased()
      let value = String(word[word.index(after: equals)...])
      let nearest = Suggestion.nearest(to: key, in: Self.dealerOptions)
      // A name may hold `=` (`A=B Motors`); a word like an option's is a mistyped option.
      if !Self.dealerOptions.contains(key), seen.isEmpty, nearest == nil {
        nameWords.append(word)
        continue
      }
      guard Self.dealerOptions.contains(key) else {
        throw .unexpectedArgument(
          command: "dealer", word: word,
          hint: .quoteOptions(Self.dealerOptions, nearest: nearest))
      }
      guard seen.insert(key).inserted else {
        throw .invalid(command: "dealer", .quoteOptionTwice(key))
      }
      switch key {
      case "tax":
        var text = value
        // `tax=VAT 20%` unquoted: the percent is the next word.
        if !text.hasSuffix("%"), index < argumentCount, argument(index).hasSuffix("%") {
          text += " " + argument(index)
          index += 1
        }
        change.tax = .some(text.isEmpty ? nil : try Self.dealerTax(text))
      default:
        let field: CommandError.DocumentField =
          key == "address" ? .address : key == "phone" ? .phone : .vatNumber
        if !value.isEmpty, let problem = DocumentText.problem(value) {
          throw .badValue(command: "dealer", .documentName(field, problem), value: value)
        }
        let kept: String?? = .some(value.isEmpty ? nil : value)
        switch field {
        case .address: change.address = kept
        case .phone: change.phone = kept
        default: change.vat = kept
        }
      }
    }
    if !nameWords.isEmpty {
      let name = nameWords.joined(separator: " ")
      if let problem = DocumentText.problem(name) {
        throw .badValue(command: "dealer", .documentName(.dealerName, problem), value: name)
      }
      change.name = name
    }
    return .dealer(change)
  }

  /// `floorplan [APR%]`: a yearly percent from 0 to 100 with at most four decimals.
  func floorPlan() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else { return .floorPlan(nil) }
    try expectArguments(upTo: 1, for: .floorplan)
    let text = argument(0)
    guard text.hasSuffix("%"), let percent = try? ExactDecimal(parsing: String(text.dropLast())),
      FloorPlan.accepts(percent)
    else {
      throw .badValue(command: "floorplan", .floorplanRate, value: text)
    }
    return .floorPlan(percent)
  }

  /// `export hledger FILE`: the one format there is, then the file.
  func export() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: "export", .file(.command(.export)))
    }
    guard argument(0, is: "hledger") else {
      throw .badValue(command: "export", .exportFormat, value: argument(0))
    }
    guard argumentCount >= 2 else {
      throw .missingArgument(command: "export", .file(.command(.export)))
    }
    try expectArguments(upTo: 2, for: .export)
    return .exportJournal(path: argument(1))
  }

  /// `LABEL P%`: a label of printable characters (at most 20) and a percent.
  private static func dealerTax(_ text: String) throws(CommandError) -> DealerProfile.Tax {
    guard let blank = text.lastIndex(of: " ") else {
      throw .badValue(command: "dealer", .dealerTax, value: text)
    }
    let label = String(text[..<blank])
    let percentText = String(text[text.index(after: blank)...])
    guard percentText.hasSuffix("%"), DocumentText.problem(label) == nil,
      label.count <= DealerProfile.Tax.maximumLabelLength
    else {
      throw .badValue(command: "dealer", .dealerTax, value: text)
    }
    let percent = try Self.percent(percentText, what: .tax, for: "dealer")
    return DealerProfile.Tax(label: label, percent: percent)
  }
}
