import CropEngine
import CropGeometry
import CropPipeline
import CropScenario
import Testing

// docs/extending.md, "A policy in one file": the policy, its name and its factory together; the
// app adds it with one call where it makes its registrations.

/// Follows the fingers; on release an invalid state settles to the nearest valid one.
struct NearestOnReleasePolicy: SnapBackPolicy {
    static let name = "nearestOnRelease"

    func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }

    func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        geometry.isValid(release.shown) ? nil : geometry.project(release.shown)
    }
}

extension Registrations {
    /// Adds `nearestOnRelease` (no parameters).
    mutating func registerNearestOnRelease() throws {
        try register(policy: NearestOnReleasePolicy.name) { params, _ in
            try params.only([])
            return NearestOnReleasePolicy()
        }
    }
}

/// The built-in policies are one list, each declaring its name and factory next to itself, and a
/// user's policy is one file.
@Suite struct PolicyInOneFileTests {
    /// The list of built-ins names exactly the policies scenarios accept, in the same order.
    @Test func theBuiltInListNamesThePoliciesScenariosAccept() {
        #expect(Registrations.builtInPolicies.map { $0.kind } == PolicyKind.allCases)
    }

    /// Each built-in is made from the editor's `policy` keys.
    @Test func eachBuiltInTakesItsKeysFromTheEditor() throws {
        var editor = EditorConfig.defaults
        editor.policy = PolicySpec(
            kind: .rubberBand, rollback: .perGesture, onCancel: .ignore, momentum: 0.99, rubberBand: 0.3)
        let band = try #require(try Registrations.builtIn.policy(for: editor) as? RubberBandPolicy)
        #expect(band.constant == 0.3 && band.momentum == 0.99 && !band.settlesOnCancel)
        editor.policy.kind = .rollback
        let rollback = try #require(try Registrations.builtIn.policy(for: editor) as? RollbackPolicy)
        #expect(rollback.mode == .perGesture && rollback.memory == .perGesture && !rollback.settlesOnCancel)
        editor.policy.kind = .snapNearest
        let nearest = try #require(try Registrations.builtIn.policy(for: editor) as? SnapNearestPolicy)
        #expect(nearest.momentum == 0.99)
        editor.policy.kind = .clamp
        editor.policy.onCancel = .settle
        #expect((try Registrations.builtIn.policy(for: editor) as? ClampPolicy)?.settlesOnCancel == true)
        editor.policy.kind = .none
        #expect(try Registrations.builtIn.policy(for: editor) is FollowPolicy)
    }

    @Test func aBuiltInNameCannotBeRegistered() {
        var registrations = Registrations()
        #expect(throws: RegistrationError.self) {
            try registrations.register(policy: "clamp") { _, _ in FollowPolicy() }
        }
    }

    /// The one-file policy replays like the built-in it imitates (snapNearest without momentum).
    @Test func aPolicyInOneFileReplaysLikeTheBuiltInItImitates() throws {
        var registrations = Registrations()
        try registrations.registerNearestOnRelease()
        #expect(registrations.policyNames == ["nearestOnRelease"])
        func replay(_ kind: String) throws -> Trace {
            let json = """
                {"preset": "circle-avatar-bounce", "editor": {"policy": {"kind": "\(kind)", "momentum": null}},
                 "script": [{"pan": {"by": [160, 40], "duration": 0.3}}, {"until": "settled"}]}
                """
            return try LoadedScenario.load(text: json, file: "one.json", name: "one", registrations: registrations)
                .replay()
        }
        let mine = try replay(NearestOnReleasePolicy.name)
        #expect(mine.frames == (try replay("snapNearest")).frames)
        #expect(mine.frames.last?.valid == true)
        #expect(mine.frames.contains { !$0.valid }, "the pan must leave the image invalid for the release to act")
    }
}
