#pragma once

// Runs recorded elsewhere (a Kernel Tuner cache file, T4 results, another workspace) imported
// into a workspace: the CLI's `import`, and the origin a stored run's caption names in both
// front ends (originName()). The workbench includes this header, never replay's own
// (tests/layering/layers.json).
#include "replay/recordedrunimport.h"
