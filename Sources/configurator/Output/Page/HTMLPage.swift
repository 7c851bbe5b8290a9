internal import Dealership
import Support

/// A self-contained, printable HTML page (`--output FILE.html`, SPEC §12): one file with its
/// style inline, no script, no image or font from elsewhere, sized for A4 paper, so a browser
/// or headless Chromium prints it as it is (`Docs/UserGuide.md`, "Printing").
///
/// Every text that comes from the session (names, labels, a command's text output) goes
/// through ``escape(_:)`` once, where it is put into the page.
struct HTMLPage {
  /// The page title (the browser's tab, the PDF's title).
  let title: String
  /// The body's sections, already HTML.
  private(set) var sections: [String] = []
  /// Whether the page is printed A4 landscape (a table too wide for portrait).
  var isLandscape = false

  init(title: String) {
    self.title = title
  }

  /// Adds a section of HTML made by this page's helpers.
  mutating func append(_ html: String) {
    sections.append(html)
  }

  /// Adds text output as it is, in a fixed-width block (tables keep their columns).
  mutating func appendPreformatted(_ text: String) {
    guard !text.isEmpty else { return }
    sections.append("<pre>" + Self.escape(text) + "</pre>")
  }

  /// The page's bytes: UTF-8, ending with a newline.
  var bytes: [UInt8] {
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html +=
      "<title>\(Self.escape(title))</title>\n<style>\n\(Self.style)"
      // After the style's A4 portrait, so it wins.
      + (isLandscape ? "@page { size: A4 landscape; margin: 14mm 12mm; }\n" : "")
      + "</style>\n</head>\n<body>\n"
    for section in sections { html += section + "\n" }
    html += "</body>\n</html>\n"
    return Array(html.utf8)
  }

  /// Text as HTML text or attribute value: `&`, `<`, `>`, `"` and `'` as entities, and control
  /// characters (which a session's names do not hold, but a file's text might) as U+FFFD.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      default:
        if scalar.properties.generalCategory == .control || scalar.isBidiControl {
          escaped += "\u{FFFD}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// The style: A4 with margins, a sans-serif body, tables with right-aligned amounts.
  static let style = """
    @page { size: A4; margin: 18mm 16mm; }
    body { font-family: "DejaVu Sans", "Helvetica", "Arial", sans-serif; font-size: 10.5pt; color: #111; margin: 0; }
    h1 { font-size: 18pt; margin: 0 0 4mm 0; }
    p { margin: 1mm 0; }
    table { border-collapse: collapse; width: 100%; margin: 5mm 0; }
    th, td { padding: 1.2mm 2mm; text-align: left; vertical-align: top; }
    th { border-bottom: 0.4mm solid #111; }
    td.amount, th.amount { text-align: right; white-space: nowrap; }
    td.word { white-space: nowrap; }
    tr.included td { color: #555; }
    tr.included td.label { padding-left: 8mm; }
    tr.sum td { border-top: 0.2mm solid #999; }
    tr.total td { border-top: 0.4mm solid #111; font-weight: bold; }
    .meta { color: #333; }
    .note { color: #555; font-size: 9pt; margin-top: 4mm; }
    .signature { display: flex; gap: 12mm; margin-top: 18mm; }
    .signature span { flex: 1; border-top: 0.2mm solid #111; padding-top: 1mm; color: #333; font-size: 9pt; }
    .signature span:last-child { flex: 0 0 40mm; }
    pre { font-family: "DejaVu Sans Mono", "Courier New", monospace; font-size: 8.5pt; white-space: pre; }
    svg { display: block; margin: 4mm 0; }
    svg text { font-family: "DejaVu Sans", "Helvetica", "Arial", sans-serif; font-size: 9px; fill: #111; }

    """
}
