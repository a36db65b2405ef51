// The module's umbrella header: every kernel header, so a new one is seen by incremental builds.
#include "crk_codec.h"
#include "crk_pixels.h"
#include "crk_render.h"
