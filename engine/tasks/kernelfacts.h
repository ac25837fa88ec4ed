#pragma once

// What the Kernel page and a result's details work out about a configuration without
// compiling it: the compile target by the one rule (compiletarget.h), a GPU's launch limits
// (devicelimits.h), a configuration's launch shape (launchshape.h), its -D defines and where
// tools are looked for (buildsupport.h). The workbench includes this header, never the
// backends' own (tests/layering/layers.json).
#include "backend/common/buildsupport.h"
#include "backend/common/compiletarget.h"
#include "backend/cuda/compile/devicelimits.h"
#include "backend/cuda/compile/launchshape.h"
