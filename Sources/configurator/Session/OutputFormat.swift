internal import Dealership

/// How results are written: tables for people, JSON Lines or CSV for programs.
enum OutputFormat: String, CaseIterable {
  case text
  case json
  case csv
}
