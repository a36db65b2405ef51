import CropCLI

CropReplayCommand.main()
