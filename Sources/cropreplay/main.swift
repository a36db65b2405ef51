import CropReplayCLI

CropReplayCommand.main()
