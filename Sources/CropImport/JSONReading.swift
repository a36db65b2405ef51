import CropJSON

/// Reading log values out of parsed JSON with their positions: every error names the log's
/// line and column (`lineOffset` shifts the lines of a JSON-lines log's single line).
struct JSONReading {
    var lineOffset = 0

    func error(_ node: JSONNode, _ message: String) -> ImportError {
        ImportError(line: node.line + lineOffset, column: node.column, message)
    }

    func object(_ node: JSONNode, _ what: String) throws(ImportError) -> [JSONMember] {
        guard case .object(let members) = node.value else {
            throw error(node, "expected \(what) (an object), got \(node.value.kindName)")
        }
        return members
    }

    func array(_ node: JSONNode, _ what: String) throws(ImportError) -> [JSONNode] {
        guard case .array(let items) = node.value else {
            throw error(node, "expected \(what) (an array), got \(node.value.kindName)")
        }
        return items
    }

    func string(_ node: JSONNode, _ what: String) throws(ImportError) -> String {
        guard case .string(let s) = node.value else {
            throw error(node, "expected \(what) (a string), got \(node.value.kindName)")
        }
        return s
    }

    func number(_ node: JSONNode, _ what: String) throws(ImportError) -> Double {
        guard case .number(let d, _) = node.value else {
            throw error(node, "expected \(what) (a number), got \(node.value.kindName)")
        }
        guard d.isFinite, abs(d) <= 1e12 else { throw error(node, "expected \(what) (a finite number up to 1e12)") }
        return d
    }

    /// A member that must be there.
    func member(_ node: JSONNode, _ key: String, in what: String) throws(ImportError) -> JSONNode {
        guard let m = node[key] else { throw error(node, "\(what) has no \"\(key)\"") }
        return m
    }
}

/// Parses one JSON text, turning syntax errors into log errors.
func parseJSON(_ text: String, lineOffset: Int = 0) throws(ImportError) -> JSONNode {
    do { return try JSONParser.parse(text) } catch {
        throw ImportError(line: error.line + lineOffset, column: error.column, error.message)
    }
}
