extension JSONNode {
    /// This node with the member at `path` (object keys, outermost first) set to `value`, the
    /// objects on the way created where missing; a nil `value` removes that member. A path
    /// through a non-object replaces it with an object.
    package func setting(_ path: ArraySlice<String>, to value: JSONNode?) -> JSONNode {
        guard let key = path.first else { return value ?? self }
        var members: [JSONMember] = []
        if case .object(let m) = self.value { members = m }
        let i = members.firstIndex { $0.key == key }
        if path.count == 1, value == nil {
            if let i { members.remove(at: i) }
        } else {
            let child = i.map { members[$0].node } ?? JSONNode(.object([]))
            let next = child.setting(path.dropFirst(), to: value)
            if let i { members[i].node = next } else { members.append(JSONMember(key: key, node: next)) }
        }
        return JSONNode(.object(members))
    }
}
