import CropEngine
import CropJSON
import CropPipeline

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
        exit(
            CLI.run(
                Array(CommandLine.arguments.dropFirst()), console: .standard, registrations: registrations,
                program: programName(CommandLine.arguments.first)))
    }

    /// The name the process was started as (`argv[0]`'s last component, control characters
    /// escaped), or `cropreplay` when it has none.
    static func programName(_ argument0: String?) -> String {
        guard let argument0 else { return CLI.defaultProgram }
        let name = Echo.escapingControls(PathText.lastComponent(argument0))
        return name.isEmpty || name == "/" ? CLI.defaultProgram : name
    }
}
