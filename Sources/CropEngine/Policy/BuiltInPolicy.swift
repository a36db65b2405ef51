import CropScenario

/// A built-in policy: its name and how it is made from the editor's `policy` (the keys the
/// scenario decoder reads: `rollback`, `onCancel`, `momentum`, `rubberBand`). Each built-in
/// declares both next to itself, in its own file under `BuiltIn/`; `Registrations.builtInPolicies` is the
/// one list that names them.
package protocol BuiltInPolicy: SnapBackPolicy {
    /// The name scenarios give it (`editor.policy.kind`).
    static var kind: PolicyKind { get }
    /// The policy an editor's `policy` describes.
    init(_ spec: PolicySpec)
}

extension Registrations {
    /// The built-in policies, in the order tables list them (`PolicyKind.allCases`, which the
    /// scenario decoder accepts, names the same ones).
    package static let builtInPolicies: [any BuiltInPolicy.Type] = [
        RollbackPolicy.self, ClampPolicy.self, RubberBandPolicy.self, SnapNearestPolicy.self, FollowPolicy.self,
    ]
}
