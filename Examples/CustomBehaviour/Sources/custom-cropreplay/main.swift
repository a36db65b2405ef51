// The whole `cropreplay` command line with the example's policy, curve and editor registered:
//   swift run custom-cropreplay compare scenarios/pinch-snaps.json --policies stepZoom,rubberBand,clamp
//   swift run custom-cropreplay compare scenarios/pinch-snaps.json --vary policy.params.band=0.3,0.6
//   swift run custom-cropreplay compare scenarios/drag-out.json --models reference,clamping
//   swift run custom-cropreplay conform --model clamping scenarios --random 20
//   swift run custom-cropreplay check --model clamping scenarios     (goldens in golden-clamping/)
//   swift run custom-cropreplay play --model clamping                (the editor live in a browser)
//   swift run custom-cropreplay explore --model clamping --count 200 (what any crop editor keeps)
import CropReplay
import CropReplayCLI
import CustomBehaviour
import Foundation

let registrations: Registrations
do { registrations = try .custom() } catch {
    FileHandle.standardError.write(Data("Error: internal: \(error)\n".utf8))
    exit(3)
}
CropReplayCommand.main(registering: registrations)
