import Foundation
import PackagePlugin

/// `swift package cropreplay <command> [options]`: runs the CropReplay command line in the
/// package it is invoked in (the working directory is the package's folder, so `scenarios/`
/// and `golden/` are the package's own).
///
/// Which command line runs:
/// - `--executable NAME`: that executable product of the package;
/// - else, by convention, the package's executable product whose targets depend on the
///   `CropReplayCLI` product (the three-line `CropReplayCommand.main(registering:)` executable
///   of docs/extending.md; of several, the one whose name contains "cropreplay"), so
///   scenarios may name the package's own policies, curves and editor models;
/// - else CropReplay's own `cropreplay`.
/// The executable is built first, in debug unless `--release` is given (rendering many
/// frames is a few times faster in release; the first release build takes longer). Commands
/// that write (`record`, `run`, `check --artifacts`) need `--allow-writing-to-package-directory`.
/// `play` and `review` serve pages and are refused: run them with `swift run`.
@main
struct CropReplayPlugin: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "executable")
        let release = extractor.extractFlag(named: "release") > 0
        let rest = extractor.remainingArguments
        guard named.count <= 1 else {
            throw Failure(description: "cropreplay plugin: give --executable at most once")
        }
        if let command = rest.first, ["play", "review"].contains(command) {
            throw Failure(
                description:
                    "cropreplay plugin: '\(command)' serves a page, which a plugin may not do; run `swift run"
                    + " cropreplay \(command)` (or your own executable) instead")
        }
        let product = try chooseExecutable(context.package, named: named.first)
        var parameters = PackageManager.BuildParameters(configuration: release ? .release : .debug, logging: .concise)
        parameters.echoLogs = false
        let build = try packageManager.build(.product(product), parameters: parameters)
        guard build.succeeded else {
            throw Failure(description: "cropreplay plugin: building \(product) failed:\n\(build.logText)")
        }
        guard
            let executable = build.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == product
            })
        else {
            throw Failure(description: "cropreplay plugin: building \(product) made no executable named \(product)")
        }
        let process = Process()
        process.executableURL = executable.url
        process.arguments = rest
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The command's own exit status (0, 1 for a check difference, 2 bad input, 3 internal).
        if process.terminationReason == .uncaughtSignal {
            throw Failure(description: "cropreplay plugin: \(product) ended by signal \(process.terminationStatus)")
        }
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// The executable product to run: the one named, else the package's own command line with
    /// its registrations (an executable depending on `CropReplayCLI`), else `cropreplay`.
    func chooseExecutable(_ package: Package, named: String?) throws -> String {
        let executables = package.products(ofType: ExecutableProduct.self)
        if let named {
            guard named == "cropreplay" || executables.contains(where: { $0.name == named }) else {
                let names = executables.map(\.name)
                throw Failure(
                    description:
                        "cropreplay plugin: '--executable' expects an executable product of \(package.displayName)"
                        + " (\(names.isEmpty ? "it has none" : names.joined(separator: ", "))) or cropreplay, got"
                        + " \(quoted(named))")
            }
            return named
        }
        let users = executables.filter { product in product.targets.contains { usesCLI($0, seen: []) } }
        // Of several (a command line and a report, say), the one whose name says cropreplay.
        let own = users.count > 1 ? users.filter { $0.name.lowercased().contains("cropreplay") } : users
        guard own.count <= 1, users.count <= 1 || own.count == 1 else {
            throw Failure(
                description:
                    "cropreplay plugin: several executables use CropReplayCLI"
                    + " (\(users.map(\.name).joined(separator: ", "))): name one with --executable NAME")
        }
        return own.first?.name ?? "cropreplay"
    }

    /// Whether a target depends on the `CropReplayCLI` product, directly or through its targets.
    func usesCLI(_ target: Target, seen: Set<String>) -> Bool {
        guard !seen.contains(target.id) else { return false }
        for dependency in target.dependencies {
            switch dependency {
            case .product(let product) where product.name == "CropReplayCLI": return true
            case .target(let inner) where usesCLI(inner, seen: seen.union([target.id])): return true
            default: continue
            }
        }
        return false
    }

    /// A value as messages echo it: a JSON string literal (control characters escaped).
    func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
