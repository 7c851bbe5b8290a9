internal import Dealership

/// Turns the bytes a terminal sends into ``Key``s: UTF-8 characters, control keys, and the
/// `ESC [` (CSI) and `ESC O` (SS3) sequences of cursor and editing keys.
///
/// Bytes may arrive split across reads; the decoder keeps a partial sequence until the rest
/// comes. A lone Escape has no follow-up, so the reader calls ``finishPending()`` when no byte
/// follows within a short time.
struct KeyDecoder {
  private enum State: Equatable {
    case ground
    /// After ESC.
    case escape
    /// After `ESC [`, with the parameter bytes so far.
    case controlSequence([UInt8])
    /// After `ESC O`.
    case singleShift
    /// Inside a UTF-8 sequence: the bytes so far and how many it needs.
    case utf8([UInt8], needed: Int)
  }

  private var state = State.ground
  /// Whether the last key was a carriage return, so a following line feed is swallowed.
  private var afterCarriageReturn = false

  /// Whether a sequence has started but not finished.
  var isPending: Bool { state != .ground }

  /// Decodes one byte; returns the key it completes, if any.
  mutating func feed(_ byte: UInt8) -> Key? {
    let swallowLineFeed = afterCarriageReturn
    afterCarriageReturn = false
    switch state {
    case .ground:
      return ground(byte, swallowLineFeed: swallowLineFeed)
    case .escape:
      return escape(byte)
    case .controlSequence(let parameters):
      return controlSequence(parameters, byte)
    case .singleShift:
      state = .ground
      return Self.singleShiftKey(byte)
    case .utf8(var bytes, let needed):
      guard byte & 0xC0 == 0x80 else {
        // A broken sequence: drop it and decode this byte afresh.
        state = .ground
        return ground(byte, swallowLineFeed: false)
      }
      bytes.append(byte)
      guard bytes.count == needed else {
        state = .utf8(bytes, needed: needed)
        return nil
      }
      state = .ground
      return Self.scalar(bytes).map(Key.insert) ?? .ignored
    }
  }

  /// Decodes every byte; returns the keys completed.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    bytes.compactMap { feed($0) }
  }

  /// Ends a sequence that got no more bytes: a lone Escape is the Escape key, any other
  /// partial sequence (a partial UTF-8 character, `ESC [` cut short) is ignored.
  mutating func finishPending() -> Key? {
    defer { state = .ground }
    if state == .escape { return .escape }
    return isPending ? .ignored : nil
  }

  private mutating func ground(_ byte: UInt8, swallowLineFeed: Bool) -> Key? {
    switch byte {
    case 0x1B:
      state = .escape
      return nil
    case 0x0D:
      afterCarriageReturn = true
      return .enter
    case 0x0A:
      return swallowLineFeed ? nil : .enter
    case 0x00..<0x20, 0x7F:
      return Self.controlKey(byte)
    case 0x20..<0x80:
      return .insert(Unicode.Scalar(byte))
    case 0xC2...0xDF:
      state = .utf8([byte], needed: 2)
      return nil
    case 0xE0...0xEF:
      state = .utf8([byte], needed: 3)
      return nil
    case 0xF0...0xF4:
      state = .utf8([byte], needed: 4)
      return nil
    default:
      return .ignored
    }
  }

  private static func controlKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x01: .home  // Ctrl-A
    case 0x02: .left  // Ctrl-B
    case 0x03: .interrupt  // Ctrl-C
    case 0x04: .endOfInput  // Ctrl-D
    case 0x05: .end  // Ctrl-E
    case 0x06: .right  // Ctrl-F
    case 0x07: .abort  // Ctrl-G
    case 0x08, 0x7F: .backspace  // Ctrl-H, DEL
    case 0x09: .tab
    case 0x0B: .killToEnd  // Ctrl-K
    case 0x0C: .clearScreen  // Ctrl-L
    case 0x0E: .down  // Ctrl-N
    case 0x10: .up  // Ctrl-P
    case 0x12: .reverseSearch  // Ctrl-R
    case 0x14: .transpose  // Ctrl-T
    case 0x15: .killToStart  // Ctrl-U
    case 0x17: .killWordBackward  // Ctrl-W
    case 0x19: .yank  // Ctrl-Y
    case 0x1A: .suspend  // Ctrl-Z
    default: .ignored
    }
  }

  private mutating func escape(_ byte: UInt8) -> Key? {
    state = .ground
    switch byte {
    case UInt8(ascii: "["):
      state = .controlSequence([])
      return nil
    case UInt8(ascii: "O"):
      state = .singleShift
      return nil
    case UInt8(ascii: "b"), UInt8(ascii: "B"): return .wordLeft
    case UInt8(ascii: "f"), UInt8(ascii: "F"): return .wordRight
    case UInt8(ascii: "d"), UInt8(ascii: "D"): return .killWordForward
    case 0x7F, 0x08: return .killWordBackward  // Alt-Backspace
    case 0x1B:
      state = .escape
      return .ignored
    default: return .ignored
    }
  }

  private mutating func controlSequence(_ parameters: [UInt8], _ byte: UInt8) -> Key? {
    switch byte {
    case 0x20..<0x40:
      // Parameter and intermediate bytes; a runaway sequence is cut short.
      guard parameters.count < 16 else {
        state = .ground
        return .ignored
      }
      state = .controlSequence(parameters + [byte])
      return nil
    case 0x40...0x7E:
      state = .ground
      return Self.controlSequenceKey(String(decoding: parameters, as: UTF8.self), final: byte)
    default:
      state = .ground
      return .ignored
    }
  }

  private static func controlSequenceKey(_ parameters: String, final: UInt8) -> Key {
    // Modifiers come as a second parameter (`1;5C` is Ctrl-→).
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let modifier = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
    let control = modifier == 5 || modifier == 3 || modifier == 9
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return control ? .wordRight : .right
    case UInt8(ascii: "D"): return control ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch fields.first.flatMap({ Int($0) }) {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      default: return .ignored
      }
    default: return .ignored
    }
  }

  private static func singleShiftKey(_ byte: UInt8) -> Key {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: .ignored
    }
  }

  private static func scalar(_ bytes: [UInt8]) -> Unicode.Scalar? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return scalar
  }
}
