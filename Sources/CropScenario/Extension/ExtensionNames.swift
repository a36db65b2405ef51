/// The names of the registered policies and curves (see `Registrations` in CropEngine) that a
/// scenario may name besides the built-in ones: the decoder accepts these, with `params`.
package struct ExtensionNames: Equatable, Sendable {
    package var policies: [String]
    package var curves: [String]

    package init(policies: [String] = [], curves: [String] = []) {
        self.policies = policies
        self.curves = curves
    }

    package static let none = ExtensionNames()
}
