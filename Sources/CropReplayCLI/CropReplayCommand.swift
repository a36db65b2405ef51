import CropEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole `cropreplay` command line (`run`, `check`, `record`, `compare`, `play`,
/// `explore`, ...) for your own executable, with your policies and curves registered, so your
/// CI checks your behaviour:
///
/// ```swift
/// // Sources/my-cropreplay/main.swift
/// import CropReplay
/// import CropReplayCLI
///
/// var registrations = Registrations()
/// try registrations.register(policy: "stepZoom") { params, _ in try StepZoomPolicy(params) }
/// CropReplayCommand.main(registering: registrations)
/// ```
public enum CropReplayCommand {
    /// Runs the process's command line and exits with its code.
    public static func main(registering registrations: Registrations = .builtIn) -> Never {
        exit(CLI.run(Array(CommandLine.arguments.dropFirst()), registrations: registrations, program: program))
    }

    /// The executable's own name (`custom-cropreplay`), or `cropreplay` when it is not a plain name.
    static var program: String {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let plain =
            !name.isEmpty && name.count <= 100
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789._-".unicodeScalars.contains($0))
            }
        return plain ? name : "cropreplay"
    }
}
